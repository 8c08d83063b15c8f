/* GF(2^128) / GF(2^256) kernels with VPCLMULQDQ on 512-bit registers: 4 elements a vector
 * (gf2_128_kern.inc). Compiled with HS_VPCLMUL512_FLAGS; reached through hs_gf128_kernels_get()
 * after hs_cpu_has(HS_CPU_VPCLMUL | AVX-512 F/BW/VL/DQ). */
#include "field/gf2_128_vec_vpclmul512.h"

#define GK_KERNEL_NAME "vpclmul-4"
#define GK_TABLE hs_gf128_kernels_vpclmul4
#include "field/gf2_128_kern.inc"
