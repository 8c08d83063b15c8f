/* The GFNI kernel tables of gf2_8.h, each defined in a file compiled for its instruction set
 * (CMakeLists.txt: *_gfni256.c, *_gfni512.c) from gf2_8_kern.inc; reach them through
 * hs_gf8_kernels_get(), which checks the CPU first. */
#ifndef HS_FIELD_GF2_8_KERN_H
#define HS_FIELD_GF2_8_KERN_H

#include "field/gf2_8.h"

extern const hs_gf8_kernels hs_gf8_kernels_gfni256, hs_gf8_kernels_gfni512;

#endif
