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

typedef struct {
    unsigned d, n_pend;
    const hs_kb *pow;
    __m256i evn[HS_KBE_MAX], odd[HS_KBE_MAX];
    __m256i pend[HS_AIR_ACC8_BATCH];         /* values waiting ... */
    const hs_kb *pend_pow[HS_AIR_ACC8_BATCH]; /* ... and their pow[k] */
} hs_air_acc8;

static inline __m256i hs_air_acc8_fold(__m256i x) {
    __m256i hi = _mm256_srli_epi64(x, 32), lo = _mm256_blend_epi32(x, _mm256_setzero_si256(), 0xaa);
    return _mm256_add_epi64(lo, _mm256_mul_epu32(hi, _mm256_set1_epi32((int)HS_AIR_ACC8_2_32_MOD_P)));
}

static inline void hs_air_acc8_init(hs_air_acc8 *v, unsigned d, const hs_kb *pow) {
    v->d = d;
    v->n_pend = 0;
    v->pow = pow;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) v->evn[t] = v->odd[t] = _mm256_setzero_si256();
}

/* The n waiting values into the sums, then a fold (n is a constant where it matters: inlined). */
static inline __attribute__((always_inline)) void hs_air_acc8_flush(hs_air_acc8 *v, unsigned n) {
    const unsigned d = v->d;
    __m256i co[HS_AIR_ACC8_BATCH];
    for (unsigned i = 0; i < n; i++) co[i] = _mm256_srli_epi64(v->pend[i], 32);
    for (unsigned t = 0; t < d; t++) {
        __m256i e = v->evn[t], o = v->odd[t];
        for (unsigned i = 0; i < n; i++) {
            const __m256i at = _mm256_set1_epi32((int)v->pend_pow[i][t]);
            e = _mm256_add_epi64(e, _mm256_mul_epu32(v->pend[i], at));
            o = _mm256_add_epi64(o, _mm256_mul_epu32(co[i], at));
        }
        v->evn[t] = hs_air_acc8_fold(e);
        v->odd[t] = hs_air_acc8_fold(o);
    }
    v->n_pend = 0;
}

static inline void hs_air_acc8_emit(hs_air_acc8 *v, size_t k, __m256i c) {
    v->pend[v->n_pend] = c;
    v->pend_pow[v->n_pend] = v->pow + k * v->d;
    if (++v->n_pend == HS_AIR_ACC8_BATCH) hs_air_acc8_flush(v, HS_AIR_ACC8_BATCH);
}

static inline void hs_air_acc8_finish(hs_air_acc8 *v, hs_kbe out[8]) {
    uint32_t lanes[HS_KBE_MAX][8];
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P), MU = _mm256_set1_epi32((int)HS_KB_MU);
    if (v->n_pend) hs_air_acc8_flush(v, v->n_pend);
    for (unsigned t = 0; t < v->d; t++)
        _mm256_storeu_si256((__m256i *)lanes[t], hs_mt8_redc_pairs(v->evn[t], v->odd[t], P, MU));
    for (unsigned j = 0; j < 8; j++) {
        out[j] = hs_kbe_zero();
        for (unsigned t = 0; t < v->d; t++) out[j].c[t] = lanes[t][j];
    }
}

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
