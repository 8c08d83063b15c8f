/* GF(2^128) / GF(2^256) kernels with PCLMULQDQ, one element at a time (gf2_128_kern.inc). Compiled
 * with HS_CLMUL_FLAGS; reached through hs_gf128_kernels_get() after hs_cpu_has(HS_CPU_PCLMUL). */
#include "field/gf2_128_vec_clmul.h"

#define GK_KERNEL_NAME "pclmul"
#define GK_TABLE hs_gf128_kernels_clmul
#include "field/gf2_128_kern.inc"
