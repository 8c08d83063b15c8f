/* KoalaBear packed arithmetic, 8 lanes of 32-bit Montgomery values in one __m256i.
 * Include only from translation units compiled with -mavx2 and reached after runtime
 * detection (hs_cpu_has_avx2). Every lane holds a value in [0, p); every function keeps that. */
#ifndef HS_FIELD_KB_AVX2_H
#define HS_FIELD_KB_AVX2_H

#include <immintrin.h>
#include "field/kb.h"

typedef __m256i hs_kb8x;

static inline hs_kb8x hs_kb8x_set1(hs_kb a) { return _mm256_set1_epi32((int)a); }
static inline hs_kb8x hs_kb8x_load(const hs_kb *p) { return _mm256_loadu_si256((const __m256i *)p); }
static inline void hs_kb8x_store(hs_kb *p, hs_kb8x v) { _mm256_storeu_si256((__m256i *)p, v); }

static inline hs_kb8x hs_kb8x_add(hs_kb8x a, hs_kb8x b) {
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P);
    __m256i s = _mm256_add_epi32(a, b);          /* < 2p < 2^32 */
    return _mm256_min_epu32(s, _mm256_sub_epi32(s, P)); /* s - p wraps high when s < p */
}
static inline hs_kb8x hs_kb8x_sub(hs_kb8x a, hs_kb8x b) {
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P);
    __m256i d = _mm256_sub_epi32(a, b);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P)); /* d + p is the right one when a < b */
}
static inline hs_kb8x hs_kb8x_neg(hs_kb8x a) { return hs_kb8x_sub(_mm256_setzero_si256(), a); }
static inline hs_kb8x hs_kb8x_double(hs_kb8x a) { return hs_kb8x_add(a, a); }

/* (hi - qhi) mod p for the REDC tail, given the 64-bit products in even/odd lane pairs. */
static inline hs_kb8x hs_kb8x_redc_pairs(__m256i t_evn, __m256i t_odd) {
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P);
    const __m256i MU = _mm256_set1_epi32((int)HS_KB_MU);
    __m256i q_evn = _mm256_mul_epu32(t_evn, MU);
    __m256i q_odd = _mm256_mul_epu32(t_odd, MU);
    __m256i qp_evn = _mm256_mul_epu32(q_evn, P);
    __m256i qp_odd = _mm256_mul_epu32(q_odd, P);
    /* high halves of the products into one vector each */
    __m256i t_hi = _mm256_blend_epi32(_mm256_srli_epi64(t_evn, 32), t_odd, 0xaa);
    __m256i qp_hi = _mm256_blend_epi32(_mm256_srli_epi64(qp_evn, 32), qp_odd, 0xaa);
    __m256i d = _mm256_sub_epi32(t_hi, qp_hi);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P));
}

static inline hs_kb8x hs_kb8x_mul(hs_kb8x a, hs_kb8x b) {
    __m256i a_odd = _mm256_srli_epi64(a, 32);
    __m256i b_odd = _mm256_srli_epi64(b, 32);
    return hs_kb8x_redc_pairs(_mm256_mul_epu32(a, b), _mm256_mul_epu32(a_odd, b_odd));
}
static inline hs_kb8x hs_kb8x_square(hs_kb8x a) { return hs_kb8x_mul(a, a); }
static inline hs_kb8x hs_kb8x_cube(hs_kb8x a) { return hs_kb8x_mul(hs_kb8x_mul(a, a), a); }

/* a * 2^-k for 1 <= k <= 24, without a multiplication: with a = hi*2^k + lo,
 * a*2^-k = hi + lo*2^-k and 2^-k = -127*2^(24-k) mod p, so a*2^-k = hi - 127*lo*2^(24-k). */
static inline hs_kb8x hs_kb8x_mul_2exp_neg(hs_kb8x a, int k) {
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P);
    __m128i ck = _mm_cvtsi32_si128(k), c24k = _mm_cvtsi32_si128(24 - k);
    __m256i hi = _mm256_srl_epi32(a, ck);
    __m256i lo = _mm256_sub_epi32(a, _mm256_sll_epi32(hi, ck));
    __m256i t = _mm256_sll_epi32(_mm256_sub_epi32(_mm256_slli_epi32(lo, 7), lo), c24k); /* < 127*2^24 < p */
    __m256i d = _mm256_sub_epi32(hi, t);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P));
}
#endif
