/* Row kernel of the ragged walks' partial lanes (internal to src/gkr, ragged.c): lanes 1..15 of
 * pre_L from u_{L+1} = pre_{L+1} - rc_{L+1}, pre_L[1..15] = (M_I^{-1} u_{L+1})[1..15] with
 * M_I^{-1} u = t - kappa (sum t) V^{-1}, t = V^{-1} u. The portable and the AVX2 kernel write the
 * same words (tests/test_ragged_kern.c). */
#ifndef HS_GKR_RAGGED_KERN_H
#define HS_GKR_RAGGED_KERN_H

#include <stddef.h>

#include "field/kb.h"

typedef struct {
    const hs_kb *src[16]; /* pre_{L+1} lanes, N rows each */
    hs_kb *dst;           /* 15 columns of N rows, `stride` entries apart: lanes 1..15 of pre_L (may be
                           * src[1..15]: row by row in place) */
    size_t N, stride;
    hs_kb rc[16];         /* rc_{L+1} */
    hs_kb iv[16];         /* V^{-1} */
    hs_kb kappa;          /* 1 / (1 + sum V^{-1}) */
} hs_ragged_lanes_job;

/* Rows [lo, hi). The AVX2 kernel takes any range (a tail of under 8 rows goes the portable way). */
void hs_ragged_lanes_portable(const hs_ragged_lanes_job *J, size_t lo, size_t hi);
void hs_ragged_lanes_avx2(const hs_ragged_lanes_job *J, size_t lo, size_t hi);

#endif
