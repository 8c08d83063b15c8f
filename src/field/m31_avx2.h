/* Mersenne31 packed arithmetic, 8 lanes of canonical 32-bit values in one __m256i.
 * Include only from translation units compiled with -mavx2 and reached after runtime
 * detection (hs_cpu_has_avx2). Every lane holds a value in [0, p); every function keeps that. */
#ifndef HS_FIELD_M31_AVX2_H
#define HS_FIELD_M31_AVX2_H

#include <immintrin.h>
#include "field/m31.h"

typedef __m256i hs_m31x8;

static inline hs_m31x8 hs_m31x8_set1(hs_m31 a) { return _mm256_set1_epi32((int)a); }
static inline hs_m31x8 hs_m31x8_load(const hs_m31 *p) { return _mm256_loadu_si256((const __m256i *)p); }
static inline void hs_m31x8_store(hs_m31 *p, hs_m31x8 v) { _mm256_storeu_si256((__m256i *)p, v); }

/* Arbitrary 32-bit lanes -> canonical (the only function that accepts lanes >= p). */
static inline hs_m31x8 hs_m31x8_reduce(__m256i x) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    __m256i r = _mm256_add_epi32(_mm256_and_si256(x, P), _mm256_srli_epi32(x, 31)); /* <= p */
    return _mm256_min_epu32(r, _mm256_sub_epi32(r, P)); /* r - p wraps high unless r == p */
}

static inline hs_m31x8 hs_m31x8_add(hs_m31x8 a, hs_m31x8 b) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    __m256i s = _mm256_add_epi32(a, b);                  /* < 2p < 2^32 */
    return _mm256_min_epu32(s, _mm256_sub_epi32(s, P)); /* s - p wraps high when s < p */
}
static inline hs_m31x8 hs_m31x8_sub(hs_m31x8 a, hs_m31x8 b) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    __m256i d = _mm256_sub_epi32(a, b);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P)); /* d + p is the right one when a < b */
}
static inline hs_m31x8 hs_m31x8_neg(hs_m31x8 a) { return hs_m31x8_sub(_mm256_setzero_si256(), a); }
static inline hs_m31x8 hs_m31x8_double(hs_m31x8 a) { return hs_m31x8_add(a, a); }

/* Products of canonical values are < 2^62; each is folded as (t mod 2^31) + (t >> 31) < 2p,
 * then one conditional subtraction. Even lanes multiply in place, odd lanes after a shuffle
 * that moves them to the even positions. The folded halves are gathered back into 32-bit
 * lanes so that the final add and subtraction run once for all 8 lanes:
 *   even t: low word & p is t mod 2^31; (t >> 31) is the low word of a 64-bit shift right;
 *   odd t:  t << 32 puts t mod 2^32 in the high word; t << 1 puts t >> 31 in the high word. */
static inline hs_m31x8 hs_m31x8_mul_pairs(__m256i t_evn, __m256i t_odd) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    __m256i lo = _mm256_and_si256(_mm256_blend_epi32(t_evn, _mm256_slli_epi64(t_odd, 32), 0xaa), P);
    __m256i hi = _mm256_blend_epi32(_mm256_srli_epi64(t_evn, 31), _mm256_slli_epi64(t_odd, 1), 0xaa);
    __m256i r = _mm256_add_epi32(lo, hi);
    return _mm256_min_epu32(r, _mm256_sub_epi32(r, P));
}
static inline __m256i hs_m31x8_odd_to_even(__m256i a) { return _mm256_shuffle_epi32(a, 0xf5); }

static inline hs_m31x8 hs_m31x8_mul(hs_m31x8 a, hs_m31x8 b) {
    return hs_m31x8_mul_pairs(_mm256_mul_epu32(a, b),
                              _mm256_mul_epu32(hs_m31x8_odd_to_even(a), hs_m31x8_odd_to_even(b)));
}
static inline hs_m31x8 hs_m31x8_square(hs_m31x8 a) {
    __m256i a_odd = hs_m31x8_odd_to_even(a);
    return hs_m31x8_mul_pairs(_mm256_mul_epu32(a, a), _mm256_mul_epu32(a_odd, a_odd));
}
static inline hs_m31x8 hs_m31x8_pow5(hs_m31x8 a) {
    hs_m31x8 a2 = hs_m31x8_square(a);
    return hs_m31x8_mul(hs_m31x8_square(a2), a);
}

/* ---- Signed product chains (S-boxes) ----
 * Lanes hold int32 values in [-p, p]. A 64-bit product t, |t| <= p^2 < 2^62, splits as
 * t = hi 2^31 + lo with lo = t mod 2^31 in [0, p] and hi = floor(t / 2^31) in [-p, p): the low
 * word of a logical 64-bit shift by 31 is hi whatever t's sign. Intermediate powers stay split in
 * even/odd halves (the low word of each 64-bit lane; the high word is ignored by the next
 * _mm256_mul_epi32), so no shuffle is needed between products. */

/* Odd 32-bit lanes moved to the even positions (one shuffle; the odd positions get copies). */
static inline __m256i hs_m31x8_odd(__m256i a) { return _mm256_shuffle_epi32(a, 0xf5); }

/* a^2 on the even lanes: t = a^2 in [0, p^2], so lo + hi - p = hi - (p - lo) lies in [-p, p) and
 * p - lo is ~t & p. Low word of each 64-bit lane: the result; high word: garbage. */
static inline __m256i hs_m31x8_sqr_s(__m256i a, __m256i P) {
    __m256i t = _mm256_mul_epi32(a, a);
    return _mm256_sub_epi32(_mm256_srli_epi64(t, 31), _mm256_andnot_si256(t, P));
}

/* From packed lo = t mod 2^32 and hi = the low words of t >> 31 (|t| <= p^2) to t mod p in
 * [0, p): hi in [-p, p) is made canonical first, then hi + (lo & p) < 2p. */
static inline hs_m31x8 hs_m31x8_fold_s(__m256i lo, __m256i hi, __m256i P) {
    hi = _mm256_min_epu32(hi, _mm256_add_epi32(hi, P));
    __m256i r = _mm256_add_epi32(_mm256_and_si256(lo, P), hi);
    return _mm256_min_epu32(r, _mm256_sub_epi32(r, P));
}

/* x^5 for int32 lanes x in [-p, p] (e.g. a canonical value plus a constant minus p), result in
 * [0, p). Three multiplications per half; the S-box kernels interleave the same steps. */
static inline hs_m31x8 hs_m31x8_pow5_s(__m256i x) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    __m256i xo = hs_m31x8_odd(x);
    __m256i ae = hs_m31x8_sqr_s(hs_m31x8_sqr_s(x, P), P), ao = hs_m31x8_sqr_s(hs_m31x8_sqr_s(xo, P), P);
    __m256i te = _mm256_mul_epi32(ae, x), to = _mm256_mul_epi32(ao, xo);
    __m256i lo = _mm256_blend_epi32(te, _mm256_slli_epi64(to, 32), 0xaa);
    __m256i hi = _mm256_blend_epi32(_mm256_srli_epi64(te, 31), _mm256_slli_epi64(to, 1), 0xaa);
    return hs_m31x8_fold_s(lo, hi, P);
}

/* a * 2^k for 0 <= k <= 30: rotate each 31-bit value left by k (2^31 = 1 mod p). With k a
 * compile-time constant the shifts take immediates and k = 0 costs nothing. */
static inline hs_m31x8 hs_m31x8_mul_2exp(hs_m31x8 a, int k) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    if (k == 0) return a;
    __m256i l = _mm256_slli_epi32(a, k);
    __m256i r = _mm256_srli_epi32(a, 31 - k);
    return _mm256_and_si256(_mm256_or_si256(l, r), P);
}

#endif
