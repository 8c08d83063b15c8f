/* The Poseidon2b walk's layer sumcheck in steps (p2bgkr_walk.c), for provers that run several
 * table sets' rounds side by side and combine them (gkrb/p2bragged.h: ragged regions). One table
 * set is u_r's four lane tables of 2^log_n rows; round s binds row bit log_n - 1 - s, with E = eq
 * over the rows' remaining bits (Gruen's factoring, scg.h), so a round yields q's 8 coefficients
 * (q(X) = sum_x' E(x') sum_l c_l S_l(u_l(X, x')), degree 7) and the caller makes the message. */
#ifndef HS_GKRB_P2BGKR_INTERNAL_H
#define HS_GKRB_P2BGKR_INTERNAL_H

#include "gkrb/p2bgkr.h"

/* Scratch a layer needs per thread in acc (the threads' partial sums). */
#define HS_P2BG_ACC_PER_THREAD (HS_P2B_WIDTH * (HS_P2BG_SBOX_DEGREE + 1))

typedef struct {
    const hs_gf128 *src; /* u_r: lane l at src + l 2^log_n (not modified) */
    unsigned log_n;
    hs_gf128 *T, *E, *acc; /* scratch: 4 2^log_n / 2, 2^log_n / 2 (at least 1), threads HS_P2BG_ACC_PER_THREAD */
    const hs_gf128 *cur;   /* the tables the last round read, lane l at cur + l cstride */
    size_t cstride;
    unsigned s; /* rounds done */
} hs_p2bg_layer;

/* Starts a layer at the point z (log_n coordinates, z[b] with row bit b): E's table. */
void hs_p2bg_layer_begin(hs_p2bg_layer *L, const hs_gf128 *src, unsigned log_n, const hs_gf128 *z, hs_gf128 *T,
                         hs_gf128 *E, hs_gf128 *acc);
/* Round L->s (< log_n): binds the previous round's variable to r first (ignored in round 0), then
 * C = q's coefficients of X^0..X^7 under the lane weights c (nsb: lanes 0..nsb-1 have the S-box).
 * Threads as hs_p2bg_prove's (rounds under hs_p2bg_par_min() pairs on the caller's thread). */
void hs_p2bg_layer_coefs(hs_p2bg_layer *L, hs_gf128 r, unsigned nsb, const hs_gf128 c[HS_P2B_WIDTH], unsigned threads,
                         hs_gf128 C[HS_P2BG_SBOX_DEGREE + 1]);
/* q's values at the transport's nodes 0..6 and infinity from its coefficients. */
void hs_p2bg_round_values(const hs_gf128 C[HS_P2BG_SBOX_DEGREE + 1], hs_gf128 q[HS_P2BG_SBOX_DEGREE + 1]);
/* After log_n rounds, the last bound to r: a_l = u~_l at the challenge point. */
void hs_p2bg_layer_finals(const hs_p2bg_layer *L, hs_gf128 r, hs_gf128 a[HS_P2B_WIDTH]);

#endif
