/* The Poseidon2 AIR (DESIGN.md section 7; Plonky3's poseidon2-air shape), for KoalaBear with the
 * x^3 S-box, widths 16 and 24.
 *
 * A row holds V permutations, each as its round record (hs_p2_permute_many_record): the input
 * (w words), the state after each of the 4 initial full rounds (4w), the S-box output of lane 0 in
 * each partial round (P), the state after each of the 4 final full rounds (4w). So 9w + P words per
 * permutation (164 for width 16, 239 for width 24) and the trace of N permutations is simply their
 * records one after another: N/V rows of V*(9w+P) columns.
 *
 * Constraints, all of degree 3 and all on one row: with s = M_E * input, for each initial full
 * round r and lane i: post_r[i] - (M_E * (s + rc_r)^3)[i], then s = post_r; for each partial round
 * j: sbox_j - (s[0] + rc_j)^3, then s[0] = sbox_j, s = M_I * s; then the final full rounds as the
 * initial ones. 8w + P constraints per permutation (148 for width 16), numbered in that order,
 * permutation after permutation. They are combined as C = sum_k alpha^k c_k.
 *
 * One evaluator serves the prover (base-field rows of the extended trace) and the verifier
 * (challenge-field values at the out-of-domain point): poseidon2_air_eval.inc is instantiated
 * for both. */
#ifndef HS_AIR_POSEIDON2_AIR_H
#define HS_AIR_POSEIDON2_AIR_H

#include <stddef.h>

#include "field/kbe.h"
#include "hash/poseidon2_monty31.h"

typedef struct {
    const hs_p2_params *pp; /* hs_p2_kb16() or hs_p2_kb24() */
    unsigned v;             /* permutations per row */
    unsigned rec;           /* words per permutation */
    size_t width;           /* columns: v * rec */
    size_t n_constraints;   /* v * (8w + P) */
} hs_p2air;

/* 0 if pp is not a KoalaBear x^3 instance or v is not 1..64. */
int hs_p2air_init(hs_p2air *a, const hs_p2_params *pp, unsigned v);

/* Trace of n permutations of the given Montgomery-form inputs (n * w words, left unchanged):
 * n * rec words. outputs (n * w words, may be NULL) receives P(input). 0 when out of memory. */
int hs_p2air_trace(const hs_p2air *a, const hs_kb *inputs, size_t n, hs_kb *trace, hs_kb *outputs,
                   unsigned threads);

/* alpha^k for k < n_constraints, as d base coordinates each: pow[k * d + t]. */
void hs_p2air_alpha_powers(const hs_p2air *a, unsigned d, hs_kbe alpha, hs_kb *pow);

/* Prover: C for one base-field row (width words), d coordinates out (Montgomery). */
void hs_p2air_eval_row(const hs_p2air *a, unsigned d, const hs_kb *row, const hs_kb *pow, hs_kbe *out);
/* Prover, 8 consecutive rows (stride width) at once: out[j] = C of row j. Dispatches to AVX2 when
 * present (scratch: a->width vectors of 32 bytes, 32-byte aligned, caller-owned, see
 * hs_p2air_rows8_scratch_bytes); the portable path calls hs_p2air_eval_row 8 times. */
size_t hs_p2air_rows8_scratch_bytes(const hs_p2air *a);
void hs_p2air_eval_rows8(const hs_p2air *a, unsigned d, const hs_kb *rows, const hs_kb *pow, void *scratch,
                         hs_kbe out[8]);

/* Verifier: C for challenge-field column values. */
hs_kbe hs_p2air_eval_ext(const hs_p2air *a, unsigned d, const hs_kbe *row, const hs_kb *pow);

#endif
