/* The tables the Vision Mark-32 kernels share (vision32.h), built once by vision32.c, and the SIMD
 * kernels, each defined in a file compiled for its instruction set (vision32_avx2.c,
 * vision32_avx512.c, vision32_gfni256.c, vision32_gfni512.c, from vision32_kern.inc); reach them through
 * hs_vision32_kernel(), which checks the CPU first. */
#ifndef HS_HASH_VISION32_KERN_H
#define HS_HASH_VISION32_KERN_H

#include <stdint.h>

#include "hash/vision32.h"

typedef struct {
    uint8_t rk[2 * HS_VISION32_ROUNDS + 1][HS_VISION32_WIDTH][4]; /* round keys, AES tower, byte b of word w */
    /* the same with the S-box constants folded in: MDS(B(y) + c) + RK = MDS(B(y)) + (MDS(c, .., c) + RK),
     * so rk_folded[h + 1] = RK[h + 1] + MDS of the constant of half-round h (rk_folded[0] = RK[0]) */
    uint8_t rk_folded[2 * HS_VISION32_ROUNDS + 1][HS_VISION32_WIDTH][4];
    /* the affine maps' 8x8 blocks in GFNI's layout (gf2_8.h): output byte i from input byte j; [0]
     * B_inv (first half-round), [1] B_fwd (their constants are in rk_folded) */
    uint64_t lin[2][4][4];
    /* AESTowerField8b maps: x^2, 0xd3 x, 0xd3 x^2; BinaryField8b -> AES8 and back */
    uint64_t sq, d3, d3sq, c2a, a2c;
    uint8_t tw[6][3][4]; /* NTT twiddles [coset][round][block] (vision32_constants.inc) */
    uint8_t mix[3];
} hs_v32_tables;

const hs_v32_tables *hs_v32_tables_get(void);

extern const hs_v32_kernel hs_v32_kernel_avx2, hs_v32_kernel_avx512, hs_v32_kernel_gfni256, hs_v32_kernel_gfni512;

#endif
