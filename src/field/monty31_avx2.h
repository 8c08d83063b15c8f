/* Packed arithmetic for the monty31.h fields: 8 lanes of 32-bit Montgomery values in one
 * __m256i, each in [0, p). The field's constants come in as broadcast vectors (P, MU); the
 * per-field headers (kb_avx2.h, bb_avx2.h) fold them in. Include only from translation units
 * compiled with -mavx2 and reached after runtime detection (hs_cpu_has_avx2). */
#ifndef HS_FIELD_MONTY31_AVX2_H
#define HS_FIELD_MONTY31_AVX2_H

#include <immintrin.h>

#include "field/monty31.h"

static inline __m256i hs_mt8_add(__m256i a, __m256i b, __m256i P) {
    __m256i s = _mm256_add_epi32(a, b);                 /* < 2p < 2^32 */
    return _mm256_min_epu32(s, _mm256_sub_epi32(s, P)); /* s - p wraps high when s < p */
}
static inline __m256i hs_mt8_sub(__m256i a, __m256i b, __m256i P) {
    __m256i d = _mm256_sub_epi32(a, b);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P)); /* d + p is the right one when a < b */
}

/* REDC of the 64-bit products held in even (t_evn) and odd (t_odd) lane pairs. */
static inline __m256i hs_mt8_redc_pairs(__m256i t_evn, __m256i t_odd, __m256i P, __m256i MU) {
    __m256i q_evn = _mm256_mul_epu32(t_evn, MU);
    __m256i q_odd = _mm256_mul_epu32(t_odd, MU);
    __m256i qp_evn = _mm256_mul_epu32(q_evn, P);
    __m256i qp_odd = _mm256_mul_epu32(q_odd, P);
    /* the low halves of t and q*p are equal by the choice of q; subtract the high halves */
    __m256i t_hi = _mm256_blend_epi32(_mm256_srli_epi64(t_evn, 32), t_odd, 0xaa);
    __m256i qp_hi = _mm256_blend_epi32(_mm256_srli_epi64(qp_evn, 32), qp_odd, 0xaa);
    __m256i d = _mm256_sub_epi32(t_hi, qp_hi);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P));
}

static inline __m256i hs_mt8_mul(__m256i a, __m256i b, __m256i P, __m256i MU) {
    __m256i a_odd = _mm256_srli_epi64(a, 32);
    __m256i b_odd = _mm256_srli_epi64(b, 32);
    return hs_mt8_redc_pairs(_mm256_mul_epu32(a, b), _mm256_mul_epu32(a_odd, b_odd), P, MU);
}

/* a * 2^-k for 1 <= k <= s, without a multiplication, for p = 1 + (2^m - 1) 2^s:
 * with a = hi*2^k + lo, a*2^-k = hi + lo*2^-k and 2^-k = -(2^m - 1)*2^(s-k) mod p. */
static inline __m256i hs_mt8_mul_2exp_neg(__m256i a, int k, unsigned m, unsigned s, __m256i P) {
    __m128i ck = _mm_cvtsi32_si128(k), csk = _mm_cvtsi32_si128((int)s - k), cm = _mm_cvtsi32_si128((int)m);
    __m256i hi = _mm256_srl_epi32(a, ck);
    __m256i lo = _mm256_sub_epi32(a, _mm256_sll_epi32(hi, ck));
    __m256i t = _mm256_sll_epi32(_mm256_sub_epi32(_mm256_sll_epi32(lo, cm), lo), csk); /* < p */
    __m256i d = _mm256_sub_epi32(hi, t);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P));
}

/* ---- Signed Montgomery products (for S-boxes and other product chains) ----
 * Lanes are int32 values a, b with |a*b| < 2^31 p, e.g. |a|, |b| <= p. For t = a*b as a signed
 * 64-bit product, q = t * mu mod 2^32 read as a signed 32-bit value gives |t - q p| < 2^32 p, so
 * REDC(t) = (t - q p) / 2^32 lies in (-p, p) and no correction is needed between products. */

/* Works on the even 32-bit lanes only (the odd ones are ignored): returns t - q p per 64-bit
 * lane, whose high word is REDC(a_evn * b_evn) in (-p, p) and whose low word is 0. */
static inline __m256i hs_mt8_mulhi_s(__m256i a, __m256i b, __m256i P, __m256i MU) {
    __m256i t = _mm256_mul_epi32(a, b);
    __m256i q = _mm256_mul_epu32(t, MU); /* low word: t * mu mod 2^32 */
    __m256i qp = _mm256_mul_epi32(q, P); /* q signed */
    return _mm256_sub_epi32(t, qp);      /* low words cancel; high words: no borrow */
}
/* Odd 32-bit lanes moved to the even positions (what _mm256_mul_ep{i,u}32 read). */
static inline __m256i hs_mt8_odd(__m256i a) { return _mm256_srli_epi64(a, 32); }
/* From the high words of the even-lane (e) and odd-lane (o) hs_mt8_mulhi_s results to 8 packed lanes. */
static inline __m256i hs_mt8_pack_hi(__m256i e, __m256i o) {
    return _mm256_blend_epi32(_mm256_srli_epi64(e, 32), o, 0xaa);
}
/* (-p, p) -> [0, p) */
static inline __m256i hs_mt8_canon_s(__m256i d, __m256i P) { return _mm256_min_epu32(d, _mm256_add_epi32(d, P)); }

/* mul_s, cube_s, pow7_s */
#define HS_MTP(name) hs_mt8_##name
#define HS_MTP_V __m256i
#include "field/monty31_packed.inc"

/* REDC of a 32-bit value (Montgomery form -> canonical), a any 32-bit value: with q = a mu,
 * a - q p = -hi(q p) 2^32, so the result is -hi(q p) mod p. */
static inline __m256i hs_mt8_redc32(__m256i a, __m256i P, __m256i MU) {
    __m256i q = _mm256_mullo_epi32(a, MU);
    __m256i h = hs_mt8_pack_hi(_mm256_mul_epu32(q, P), _mm256_mul_epu32(hs_mt8_odd(q), P)); /* [0, p) */
    __m256i r = _mm256_sub_epi32(P, h);                                                      /* (0, p] */
    return _mm256_min_epu32(r, _mm256_sub_epi32(r, P));
}

/* a / 2 for a in [0, p): a >> 1, plus (p + 1) / 2 when a is odd. */
static inline __m256i hs_mt8_halve(__m256i a, __m256i P) {
    const __m256i one = _mm256_set1_epi32(1);
    __m256i half = _mm256_add_epi32(_mm256_srli_epi32(P, 1), one);
    return _mm256_add_epi32(_mm256_srli_epi32(a, 1), _mm256_sign_epi32(half, _mm256_and_si256(a, one)));
}

/* a * 2^-k in [0, p), for a in [0, p), 1 <= k <= s, p = 1 + (2^m - 1) 2^s; k, m, s are meant to be
 * compile-time constants (immediate shifts). With a = hi 2^k + lo: a 2^-k = hi - lo (2^m - 1) 2^(s-k)
 * mod p, where hi < 2^(31-k) and lo (2^m - 1) 2^(s-k) < p, so one conditional addition of p. */
static inline __m256i hs_mt8_mul_2exp_neg_c(__m256i a, int k, unsigned m, unsigned s, __m256i P) {
    __m256i hi = _mm256_srli_epi32(a, k);
    __m256i lo = _mm256_and_si256(a, _mm256_set1_epi32((int)((1u << k) - 1)));
    __m256i l = _mm256_mullo_epi32(lo, _mm256_set1_epi32((int)(((1u << m) - 1) << (s - (unsigned)k))));
    return hs_mt8_canon_s(_mm256_sub_epi32(hi, l), P);
}

/* Per-field packed API with the constants folded in: T_set1, T_load, T_store, T_add, T_sub,
 * T_neg, T_double, T_mul, T_square, T_cube, T_mul_2exp_neg (a * 2^-k, 1 <= k <= s). */
#define HS_MT8_DEFINE_FIELD(T, SCALAR, P, MU, M, S)                                                       \
    typedef __m256i T;                                                                                   \
    static inline T T##_set1(SCALAR a) { return _mm256_set1_epi32((int)a); }                             \
    static inline T T##_load(const SCALAR *p) { return _mm256_loadu_si256((const __m256i *)p); }         \
    static inline void T##_store(SCALAR *p, T v) { _mm256_storeu_si256((__m256i *)p, v); }              \
    static inline T T##_add(T a, T b) { return hs_mt8_add(a, b, _mm256_set1_epi32((int)(P))); }         \
    static inline T T##_sub(T a, T b) { return hs_mt8_sub(a, b, _mm256_set1_epi32((int)(P))); }         \
    static inline T T##_neg(T a) { return T##_sub(_mm256_setzero_si256(), a); }                          \
    static inline T T##_double(T a) { return T##_add(a, a); }                                            \
    static inline T T##_mul(T a, T b) {                                                                  \
        return hs_mt8_mul(a, b, _mm256_set1_epi32((int)(P)), _mm256_set1_epi32((int)(MU)));              \
    }                                                                                                    \
    static inline T T##_square(T a) { return T##_mul(a, a); }                                            \
    static inline T T##_cube(T a) { return T##_mul(T##_mul(a, a), a); }                                  \
    static inline T T##_mul_2exp_neg(T a, int k) {                                                       \
        return hs_mt8_mul_2exp_neg(a, k, M, S, _mm256_set1_epi32((int)(P)));                             \
    }

#endif
