/* The Poseidon2 AIR (Plonky3's poseidon2-air shape), for KoalaBear with the
 * x^3 S-box, widths 16 and 24: one instance of the AIR interface (air.h), named "poseidon2-kb16"
 * and "poseidon2-kb24".
 *
 * A row holds V permutations, each as its round record (hs_p2_permute_many_record): the input
 * (w words), the state after each of the 4 initial full rounds (4w), the S-box output of lane 0 in
 * each partial round (P), the state after each of the 4 final full rounds (4w). So 9w + P words per
 * permutation (164 for width 16, 239 for width 24) and the trace of N permutations is simply their
 * records one after another: N/V rows of V*(9w+P) columns. No transitions, no periodic columns:
 * R = 1, and the rows may sit anywhere on H.
 *
 * Constraints, all of degree 3 and all on one row: with s = M_E * input, for each initial full
 * round r and lane i: post_r[i] - (M_E * (s + rc_r)^3)[i], then s = post_r; for each partial round
 * j: sbox_j - (s[0] + rc_j)^3, then s[0] = sbox_j, s = M_I * s; then the final full rounds as the
 * initial ones. 8w + P constraints per permutation (148 for width 16), numbered in that order,
 * permutation after permutation.
 *
 * Statement lines: w canonical field elements in, w out; bound to the record's first w words
 * (the input) and last w words (the output after the final full round).
 *
 * One evaluator serves the prover (base-field rows of the extended trace) and the verifier
 * (challenge-field values at the out-of-domain point): poseidon2_air_eval.inc is instantiated
 * for both, and for 8 rows in AVX2 lanes (poseidon2_air_avx2.c). */
#ifndef HS_AIR_POSEIDON2_AIR_H
#define HS_AIR_POSEIDON2_AIR_H

#include "air/air.h"
#include "hash/poseidon2_monty31.h"

/* The largest packing: 2^6 permutations per row. */
#define HS_P2AIR_MAX_LOG_V 6

/* Fills *a for pp (hs_p2_kb16() or hs_p2_kb24()) with v = 2^log_v permutations per row; 0 if pp
 * is not a KoalaBear x^3 instance or log_v is out of range. */
int hs_p2air_init(hs_air *a, const hs_p2_params *pp, unsigned log_v);

#endif
