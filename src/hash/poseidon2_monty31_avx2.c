/* Poseidon2 over the Monty-31 fields, batch kernel: 8 independent states, one per AVX2 lane (the
 * body is poseidon2_monty31_kern.inc, shared with the AVX-512 kernel). Compiled with -mavx2;
 * reached only through hs_cpu_has_avx2().
 *
 * What makes it fast (each measured; see the note at each place):
 * - S-box inputs are s + (rc - p), in [-p, p): one addition, and the signed Montgomery products
 *   of monty31_avx2.h need no correction between products; intermediate powers stay split in
 *   even/odd halves (one shift each), and 8 lanes' S-boxes are interleaved.
 * - Plonky3's default diagonals are compiled in (codes below), so every V[i] * x is shifts and
 *   adds with immediates; an instance whose V differs takes a Montgomery product per lane.
 * - In a partial round the sum of lanes 1..w-1 does not wait for lane 0's S-box, and with
 *   V[0] = -2 the new lane 0 is (sum of the others) - S(x0). Groups of 8 states go in pairs
 *   whose partial rounds are interleaved, so one lane-0 S-box chain hides the other's latency.
 * - One out-of-line copy of the full round per instance (smaller hot code measured faster
 *   than inlining it at its call sites); round constants broadcast once per call. */
#include <string.h>

#include "field/bb.h"
#include "field/kb.h"
#include "field/monty31_avx2.h"
#include "hash/poseidon2_monty31.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL

/* The high words of the even-lane and odd-lane products packed with one shufps (instead of
 * shift + blend): lanes in swapped order, natural again after 4 and after 8 full rounds. */
#define K_PACK_SBOX(e, o) (swap ? hs_p2x8_pack_swap12(e, o, 1) : hs_mt8_pack_hi(e, o))
_Static_assert(HS_P2_HALF_FULL % 2 == 0, "swapped lane order must be undone by the partial rounds");
#define K_NATURAL_ROWS {0, 1, 2, 3, 4, 5, 6, 7}
#define K_SWAPPED_ROWS {0, 2, 1, 3, 4, 6, 5, 7}

/* Transpose 8 lane vectors v[0..8) (one word per state) and store state k's 8 words to
 * dst + row[k] * stride. */
AI void store_rows(uint32_t *dst, size_t stride, const __m256i *v, const unsigned *row) {
    __m256i t[8];
    UNROLL
    for (unsigned i = 0; i < 8; i++) t[i] = v[i];
    hs_transpose8x32(t);
    UNROLL
    for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(dst + row[k] * stride), t[k]);
}

#define K_V __m256i
#define K_N 8
#define K_SET1(x) _mm256_set1_epi32(x)
#define K_ZERO() _mm256_setzero_si256()
#define K_ADD32(a, b) _mm256_add_epi32(a, b)
#define K_ADD hs_mt8_add
#define K_SUB hs_mt8_sub
#define K_HALVE hs_mt8_halve
#define K_MUL2EXP_C hs_mt8_mul_2exp_neg_c
#define K_CANON hs_mt8_canon_s
#define K_MULHI hs_mt8_mulhi_s
#define K_ODD hs_mt8_odd
#define K_MUL_S hs_mt8_mul_s
#define K_MUL hs_mt8_mul
#define K_REDC32 hs_mt8_redc32
#define K_LOAD hs_p2x8_load
#define K_STORE hs_p2x8_store
#define K_EXT_LINEAR hs_p2x8_external_linear
#define K_SUM_REST hs_p2x8_sum_rest
#define K_STORE_ROWS store_rows
#define K_FN_MANY hs_p2_permute_many_avx2
#define K_FN_RECORD hs_p2_permute_many_record_avx2
#include "hash/poseidon2_monty31_kern.inc"
