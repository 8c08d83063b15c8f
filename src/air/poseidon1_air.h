/* The Poseidon1 AIR (Plonky3's poseidon1-air layout), for KoalaBear with
 * the x^3 S-box, widths 16 and 24: one instance of the AIR interface (air.h), named
 * "poseidon1-kb16" (id 6) and "poseidon1-kb24" (id 7). The permutation is poseidon1_kb.h's.
 *
 * A row holds V = 2^log_v permutations, each as its round record (hs_p1_permute_many_record): the
 * input x (w words), the state after each of the 4 initial full rounds (4w), the S-box output
 * sb_r = t_r^3 of each partial round (P), the state after each of the 4 final full rounds (4w,
 * the last is the output). So 9w + P words a permutation (164 for width 16, 239 for width 24),
 * and the trace of N permutations is their records one after another: N/V rows of V (9w + P)
 * columns. No transitions, no periodic columns: R = 1.
 *
 * Constraints, all of degree 3 and on one row, 8w + P a permutation (148 for width 16, 215 for
 * width 24), numbered in this order, permutation after permutation:
 *   initial full rounds r = 0..3, lane i:  post_r[i] - (M (s + rc_r)^3)[i], then s = post_r
 *     (s = x for r = 0; M the circulant MDS, no linear layer before round 0);
 *   partial rounds j = 0..P-1:             sb_j - t_j^3
 *     where, in the sparse form, with u = post_3: y = m_i (u + cbar), t_0 = y_0; after round j,
 *     y_0 = sb_j + chat_j, then y = S_j y (no constraint). t_j is a fixed affine form in u_1..
 *     u_{w-1} and sb_0..sb_{j-1} (lanes 1..w-1 never mix inside the block), and so is the
 *     block's output y; the evaluator computes these forms directly (the table below);
 *   final full rounds r = 0..3, lane i:    as the initial ones, from s = y.
 * Every t_j is the textbook S-box input of partial round j, so sb_j is the textbook lane-0
 * cube, and the block's output is the textbook state entering the final full rounds.
 *
 * Statement lines: w canonical field elements in, w out; bound to the record's first w words
 * and last w words (record_air.h).
 *
 * One constraint source (poseidon1_air_eval.inc) serves the prover's base-field rows, 8 rows in
 * AVX2 lanes (poseidon1_air_avx2.c) and the verifier's challenge-field values. */
#ifndef HS_AIR_POSEIDON1_AIR_H
#define HS_AIR_POSEIDON1_AIR_H

#include "air/air.h"
#include "hash/poseidon1_kb.h"

/* The largest packing: 2^6 permutations per row. */
#define HS_P1AIR_MAX_LOG_V 6

/* affine forms of the partial block: t_1..t_P, then output lanes 1..w-1 */
#define HS_P1AIR_MAX_FORMS (HS_P1_MAX_PARTIAL + HS_P1_MAX_WIDTH - 1)
/* a form's coefficients, zero-padded to a multiple of 4; and as many forms (the last ones zero) */
#define HS_P1AIR_FORM_STRIDE ((HS_P1AIR_MAX_FORMS + 3) / 4 * 4)

/* What the evaluators read, derived once from an instance's constants. */
typedef struct {
    const hs_p1_params *pp;
    unsigned width, partial;
    /* The partial block's affine forms over v = (u_1..u_{w-1}, sb_0..sb_{P-1}), the record's
     * words 4w + 1 .. 5w + P - 1 (contiguous): form j < P is t_{j+1} (t_P is the block's output
     * lane 0) with n_terms[j] = w + j terms, form P - 1 + i (i = 1..w-1) is output lane i, with
     * w - 1 + P terms; zero past them. Montgomery coefficients; seed = the constant term times R mod p, so
     * that REDC(seed + sum of coefficient-value products) is the form's value. */
    hs_kb coef[HS_P1AIR_FORM_STRIDE][HS_P1AIR_FORM_STRIDE];
    uint32_t seed[HS_P1AIR_FORM_STRIDE];
    unsigned n_terms[HS_P1AIR_MAX_FORMS];
} hs_p1air_tables;

/* The number of terms of form j (width w, P partial rounds). */
static inline unsigned hs_p1air_form_terms(unsigned w, unsigned P, unsigned j) { return j < P ? w + j : w - 1 + P; }

/* The tables of pp (hs_p1_kb16() or hs_p1_kb24(), built once), or NULL for any other instance. */
const hs_p1air_tables *hs_p1air_tables_of(const hs_p1_params *pp);

/* Fills *a for pp (hs_p1_kb16() or hs_p1_kb24()) with v = 2^log_v permutations per row; 0 if pp
 * is not one of them or log_v is out of range. */
int hs_p1air_init(hs_air *a, const hs_p1_params *pp, unsigned log_v);

#endif
