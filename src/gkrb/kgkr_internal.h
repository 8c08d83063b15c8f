/* Shared inside the Keccak walk: the row neighbours of chi, the prover's chi sumcheck (eq: gkrb.h). */
#ifndef HS_GKRB_KGKR_INTERNAL_H
#define HS_GKRB_KGKR_INTERNAL_H

#include "gkrb/gkrb.h"
#include "gkrb/kgkr.h"
#include "transcript/transcript.h"

/* Column of (x + k, y, z) for the column p of (x, y, z): chi's AND inputs are k = 1 (negated) and 2. */
static inline unsigned kgkr_shift(unsigned p, unsigned k) {
    const unsigned lane = p / 64, x = lane % 5, y = lane / 5;
    return hs_kgkr_col((x + k) % 5, y, p % 64);
}
static inline unsigned kgkr_s1(unsigned p) { return kgkr_shift(p, 1); }
static inline unsigned kgkr_s2(unsigned p) { return kgkr_shift(p, 2); }

/* t[v] = the sum of e[l] over the set bits l of v (v < 256): the four Russians' table of 8 values. */
static inline void kgkr_subset_sums(hs_gf128 t[256], const hs_gf128 e[8]) {
    t[0] = hs_gf128_zero();
    for (unsigned v = 1; v < 256; v++) t[v] = hs_gf128_add(t[v & (v - 1)], e[__builtin_ctz(v)]);
}

/* The chi sumcheck of one round on its chi input L (1600 columns): writes log_n messages, fills the
 * challenge point rpt (coordinate b with instance bit b) and a[q] = L~_q(rpt). 0 when out of memory. */
int kgkr_chi_prove(const uint64_t *L, unsigned log_n, const hs_gf128 *z, const hs_gf128 *w, hs_transcript *t,
                   hs_writer *wr, hs_gf128 *rpt, hs_gf128 a[HS_KGKR_BITS], unsigned threads, hs_kgkr_times *tm);

/* After a round's instance rounds (e = eq(z, r'), a_q = L~_q(r')): the sumcheck over the 6
 * bit-in-lane variables of sum_t sum_l W_l(t) (A_l(t) + (1 + A_{s1 l}(t)) A_{s2 l}(t)), W_l(t) =
 * e w_{64 l + t}, A_l(t) = a_{64 l + t} (kgkr.h), in the generic sumcheck's rounds: messages to wr,
 * challenges rho (rho[k] binds bit 5 - k of t), al[l] = A_l at rho. 0 when out of memory. */
int kgkr_lanes_prove(hs_transcript *t, hs_writer *wr, hs_gf128 e, const hs_gf128 *w, const hs_gf128 *a,
                     hs_gf128 rho[HS_KGKR_Z_VARS], hs_gf128 al[HS_KGKR_LANES]);

/* The 24 rounds of the walk from the claim on round 23's chi output at z (log_n coordinates) with
 * weights wt (kgkr.h): the prover's messages to w; z and wt end as the last claim's, on the input
 * columns. 0 when out of memory. Times are added to tm. */
int kgkr_walk_prove(hs_transcript *t, const hs_kgkr_witness *wit, hs_gf128 *z, hs_gf128 wt[HS_KGKR_BITS],
                    hs_writer *w, unsigned threads, hs_kgkr_times *tm);
/* The verifier of the same rounds from *claim (iota of round 23 already applied): on success z, w and
 * *claim are the last claim's, on the input columns; 0 with *why otherwise. */
int kgkr_walk_verify(hs_transcript *t, hs_reader *rd, unsigned log_n, hs_gf128 *z, hs_gf128 w[HS_KGKR_BITS],
                     hs_gf128 *claim, const char **why);
/* sum_q w_q rc_q: iota's constant of round r under the weights. */
hs_gf128 kgkr_iota_claim(unsigned r, const hs_gf128 *w);
/* hs_kgkr_prove_private on a built witness (not freed; the tests alter it to commit to wrong
 * states); times->witness is left 0. */
int kgkr_prove_private_wit(const uint8_t *bind, size_t bind_len, const hs_binfri_params *fri,
                           const hs_kgkr_witness *wit, unsigned threads, hs_writer *w, hs_kgkr_times *times,
                           const char **why);

#endif
