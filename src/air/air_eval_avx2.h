/* The AVX2 instantiation's helpers (air_eval.h): 8 rows in the lanes of __m256i values. Include
 * only from files compiled with -mavx2, reached after hs_cpu_has_avx2(). */
#ifndef HS_AIR_AIR_EVAL_AVX2_H
#define HS_AIR_AIR_EVAL_AVX2_H

#include "air/air.h"
#include "field/kb_avx2.h"
#include "util/avx2.h"

/* The accumulator is lazy, because with thousands of constraints a row the accumulation is a large
 * part of an evaluator's work: the products c_k * pow[k][t] of Montgomery values (each at most
 * (p - 1)^2 < 2^62) are summed exactly in 64-bit lanes, even and odd lanes apart (one vpmuludq
 * each), and every 4 constraints each sum is folded, hi * 2^32 + lo -> hi * (2^32 mod p) + lo <
 * 2^57 + 2^32, which leaves room below 2^64 for 4 more products. One REDC per coordinate at the
 * end (a folded sum is below p * 2^32, what REDC takes) gives the Montgomery value of
 * sum_k pow[k] c_k: 2.5 multiplications per coordinate and constraint where a reduced product
 * and add costs 6. The 4 values wait in the accumulator and go in together, so that each sum is
 * read and written once per 4 constraints. Constraints may come in any order of k. */
#define HS_AIR_ACC8_BATCH 4
#define HS_AIR_ACC8_2_32_MOD_P ((uint32_t)((1ull << 32) % HS_KB_P))

#define HS_ACC(name) hs_air_acc8_##name
#define HS_ACC_T hs_air_acc8
#define HS_ACC_V __m256i
#define HS_ACC_LANES 8
#define HS_ACC_ZERO() _mm256_setzero_si256()
#define HS_ACC_SET1(x) _mm256_set1_epi32((int)(x))
#define HS_ACC_ADD64(a, b) _mm256_add_epi64((a), (b))
#define HS_ACC_MULU(a, b) _mm256_mul_epu32((a), (b))
#define HS_ACC_ODD(a) _mm256_srli_epi64((a), 32)
#define HS_ACC_LO(a) _mm256_blend_epi32((a), _mm256_setzero_si256(), 0xaa)
#define HS_ACC_REDC(e, o) hs_mt8_redc_pairs((e), (o), _mm256_set1_epi32((int)HS_KB_P), _mm256_set1_epi32((int)HS_KB_MU))
#define HS_ACC_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#include "air/air_acc_packed.inc"

/* Columns [0, w) of 8 rows as vectors: buf[c] lane j = rows[j][c]. */
static inline void hs_air_load_cols8(__m256i *buf, const hs_kb *const rows[8], size_t w) {
    size_t c = 0;
    for (; c + 8 <= w; c += 8) {
        for (unsigned j = 0; j < 8; j++) buf[c + j] = _mm256_loadu_si256((const __m256i *)(rows[j] + c));
        hs_transpose8x32(buf + c);
    }
    for (; c < w; c++) {
        uint32_t col[8];
        for (unsigned j = 0; j < 8; j++) col[j] = rows[j][c];
        buf[c] = _mm256_loadu_si256((const __m256i *)col);
    }
}

/* The periodic values (periodic[c * 8 + j]) as vectors. */
static inline void hs_air_load_periodic8(__m256i *buf, const hs_kb *periodic, unsigned n) {
    for (unsigned c = 0; c < n; c++) buf[c] = _mm256_loadu_si256((const __m256i *)(periodic + 8 * c));
}

#endif
