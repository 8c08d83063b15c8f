/* The vector transposes of bitslice.h, each in a file compiled for its instruction set
 * (bitslice_avx2.c, bitslice_avx512.c); reach them through hs_bits_kernels_get(). */
#ifndef HS_FIELD_BITSLICE_KERN_H
#define HS_FIELD_BITSLICE_KERN_H

#include "field/bitslice.h"

extern const hs_bits_kernels hs_bits_kernels_avx2, hs_bits_kernels_avx512;

#endif
