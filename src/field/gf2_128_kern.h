/* The carry-less kernel tables of gf2_128.h, each defined in a file compiled for its instruction
 * set (CMakeLists.txt: *_clmul.c, *_vpclmul256.c, *_vpclmul512.c) from gf2_128_kern.inc; reach them
 * through hs_gf128_kernels_get(), which checks the CPU first. */
#ifndef HS_FIELD_GF2_128_KERN_H
#define HS_FIELD_GF2_128_KERN_H

#include "field/gf2_128.h"

extern const hs_gf128_kernels hs_gf128_kernels_clmul, hs_gf128_kernels_vpclmul2, hs_gf128_kernels_vpclmul4;

#endif
