/* Poseidon2 over the Monty-31 fields, batch kernel: 16 independent states, one per AVX-512 lane
 * (the body is poseidon2_monty31_kern.inc, shared with the AVX2 kernel, whose notes say what
 * makes it fast). Differences from AVX2: the S-box results are repacked by one masked movehdup,
 * so the lane order never changes, and states move in and out through pairs of 8x8 transposes.
 * Compiled with the AVX-512 flags; reached only through hs_cpu_has_avx512(). */
#include <string.h>

#include "field/bb.h"
#include "field/kb.h"
#include "hash/poseidon2_monty31.h"
#include "hash/poseidon2_monty31_avx512.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL

#define K_PACK_SBOX(e, o) ((void)swap, hs_mt16_pack_hi(e, o))
#define K_NATURAL_ROWS {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
#define K_SWAPPED_ROWS K_NATURAL_ROWS

#define K_V __m512i
#define K_N 16
#define K_SET1(x) _mm512_set1_epi32(x)
#define K_ZERO() _mm512_setzero_si512()
#define K_ADD32(a, b) _mm512_add_epi32(a, b)
#define K_ADD hs_mt16_add
#define K_SUB hs_mt16_sub
#define K_HALVE hs_mt16_halve
#define K_MUL2EXP_C hs_mt16_mul_2exp_neg_c
#define K_CANON hs_mt16_canon_s
#define K_MULHI hs_mt16_mulhi_s
#define K_ODD hs_mt16_odd
#define K_MUL_S hs_mt16_mul_s
#define K_MUL hs_mt16_mul
#define K_REDC32 hs_mt16_redc32
#define K_LOAD hs_p2x16_load
#define K_STORE hs_p2x16_store
#define K_EXT_LINEAR hs_p2x16_external_linear
#define K_SUM_REST hs_p2x16_sum_rest
#define K_STORE_ROWS hs_p2x16_store_rows
#define K_FN_MANY hs_p2_permute_many_avx512
#define K_FN_RECORD hs_p2_permute_many_record_avx512
#include "hash/poseidon2_monty31_kern.inc"
