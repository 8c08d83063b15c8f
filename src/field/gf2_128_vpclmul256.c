/* GF(2^128) / GF(2^256) kernels with VPCLMULQDQ on 256-bit registers: 2 elements a vector
 * (gf2_128_kern.inc). Compiled with HS_VPCLMUL256_FLAGS; reached through hs_gf128_kernels_get()
 * after hs_cpu_has(HS_CPU_VPCLMUL | HS_CPU_AVX2). */
#include "field/gf2_128_vec_vpclmul256.h"

#define GK_KERNEL_NAME "vpclmul-2"
#define GK_TABLE hs_gf128_kernels_vpclmul2
#include "field/gf2_128_kern.inc"
