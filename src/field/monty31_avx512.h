/* Packed arithmetic for the monty31.h fields, 16 lanes: the AVX-512 instance of the operations of
 * monty31_avx2.h (same names with hs_mt16_, same contracts, checked lane by lane against the
 * scalar field in tests/test_monty31_avx512.c). Include only from translation units compiled with
 * the AVX-512 flags (*_avx512.c) and reached after hs_cpu_has_avx512().
 *
 * Where AVX-512 does better than a wider AVX2: the high words of the even-lane products are moved
 * into place by one masked movehdup (instead of a shift and a blend), and the conditional
 * corrections use a compare into a mask register and a masked add or subtract. */
#ifndef HS_FIELD_MONTY31_AVX512_H
#define HS_FIELD_MONTY31_AVX512_H

#include <immintrin.h>

#include "field/monty31.h"

#define HS_MT16_EVENS ((__mmask16)0x5555)

static inline __m512i hs_mt16_add(__m512i a, __m512i b, __m512i P) {
    __m512i s = _mm512_add_epi32(a, b); /* < 2p < 2^32 */
    return _mm512_min_epu32(s, _mm512_sub_epi32(s, P));
}
static inline __m512i hs_mt16_sub(__m512i a, __m512i b, __m512i P) {
    __m512i d = _mm512_sub_epi32(a, b);
    return _mm512_min_epu32(d, _mm512_add_epi32(d, P));
}
/* Odd 32-bit lanes moved to the even positions (what _mm512_mul_ep{i,u}32 read); the odd
 * positions keep their value (the multiplies ignore them). */
static inline __m512i hs_mt16_odd(__m512i a) {
    return _mm512_castps_si512(_mm512_movehdup_ps(_mm512_castsi512_ps(a)));
}
/* 16 packed lanes from the high words of the 64-bit lanes of e (into the even positions) and of
 * o (the odd positions). */
static inline __m512i hs_mt16_pack_hi(__m512i e, __m512i o) {
    return _mm512_castps_si512(
        _mm512_mask_movehdup_ps(_mm512_castsi512_ps(o), HS_MT16_EVENS, _mm512_castsi512_ps(e)));
}
/* (-p, p) -> [0, p) */
static inline __m512i hs_mt16_canon_s(__m512i d, __m512i P) { return _mm512_min_epu32(d, _mm512_add_epi32(d, P)); }

/* REDC of the 64-bit products held in even (t_evn) and odd (t_odd) lane pairs. */
static inline __m512i hs_mt16_redc_pairs(__m512i t_evn, __m512i t_odd, __m512i P, __m512i MU) {
    __m512i qp_evn = _mm512_mul_epu32(_mm512_mul_epu32(t_evn, MU), P);
    __m512i qp_odd = _mm512_mul_epu32(_mm512_mul_epu32(t_odd, MU), P);
    /* the low halves of t and q*p are equal by the choice of q; subtract the high halves */
    __m512i d = _mm512_sub_epi32(hs_mt16_pack_hi(t_evn, t_odd), hs_mt16_pack_hi(qp_evn, qp_odd));
    return hs_mt16_canon_s(d, P);
}

static inline __m512i hs_mt16_mul(__m512i a, __m512i b, __m512i P, __m512i MU) {
    return hs_mt16_redc_pairs(_mm512_mul_epu32(a, b), _mm512_mul_epu32(hs_mt16_odd(a), hs_mt16_odd(b)), P, MU);
}

/* a * 2^-k for 1 <= k <= s, p = 1 + (2^m - 1) 2^s (as hs_mt8_mul_2exp_neg; k at run time). */
static inline __m512i hs_mt16_mul_2exp_neg(__m512i a, int k, unsigned m, unsigned s, __m512i P) {
    __m128i ck = _mm_cvtsi32_si128(k), csk = _mm_cvtsi32_si128((int)s - k), cm = _mm_cvtsi32_si128((int)m);
    __m512i hi = _mm512_srl_epi32(a, ck);
    __m512i lo = _mm512_sub_epi32(a, _mm512_sll_epi32(hi, ck));
    __m512i t = _mm512_sll_epi32(_mm512_sub_epi32(_mm512_sll_epi32(lo, cm), lo), csk); /* < p */
    return hs_mt16_canon_s(_mm512_sub_epi32(hi, t), P);
}
/* The same with k, m, s compile-time constants (as hs_mt8_mul_2exp_neg_c). */
static inline __m512i hs_mt16_mul_2exp_neg_c(__m512i a, int k, unsigned m, unsigned s, __m512i P) {
    __m512i hi = _mm512_srli_epi32(a, (unsigned)k);
    __m512i lo = _mm512_and_si512(a, _mm512_set1_epi32((int)((1u << k) - 1)));
    __m512i l = _mm512_mullo_epi32(lo, _mm512_set1_epi32((int)(((1u << m) - 1) << (s - (unsigned)k))));
    return hs_mt16_canon_s(_mm512_sub_epi32(hi, l), P);
}

/* ---- Signed Montgomery products (contracts of monty31_avx2.h's hs_mt8_*_s) ---- */

/* Even 32-bit lanes only: t - q p per 64-bit lane, high word REDC(a_evn b_evn) in (-p, p), low 0. */
static inline __m512i hs_mt16_mulhi_s(__m512i a, __m512i b, __m512i P, __m512i MU) {
    __m512i t = _mm512_mul_epi32(a, b);
    __m512i q = _mm512_mul_epu32(t, MU);
    return _mm512_sub_epi32(t, _mm512_mul_epi32(q, P));
}
/* mul_s, cube_s, pow7_s (contracts in monty31_packed.inc) */
#define HS_MTP(name) hs_mt16_##name
#define HS_MTP_V __m512i
#include "field/monty31_packed.inc"

/* REDC of a 32-bit value (Montgomery form -> canonical), a any 32-bit value. */
static inline __m512i hs_mt16_redc32(__m512i a, __m512i P, __m512i MU) {
    __m512i q = _mm512_mullo_epi32(a, MU);
    __m512i h = hs_mt16_pack_hi(_mm512_mul_epu32(q, P), _mm512_mul_epu32(hs_mt16_odd(q), P)); /* [0, p) */
    __m512i r = _mm512_sub_epi32(P, h);                                                       /* (0, p] */
    return _mm512_min_epu32(r, _mm512_sub_epi32(r, P));
}

/* a / 2 for a in [0, p): a >> 1, plus (p + 1) / 2 where a is odd (a masked add). */
static inline __m512i hs_mt16_halve(__m512i a, __m512i P) {
    const __m512i one = _mm512_set1_epi32(1);
    __m512i half = _mm512_add_epi32(_mm512_srli_epi32(P, 1), one);
    __mmask16 odd = _mm512_test_epi32_mask(a, one);
    return _mm512_mask_add_epi32(_mm512_srli_epi32(a, 1), odd, _mm512_srli_epi32(a, 1), half);
}

/* Per-field packed API (as HS_MT8_DEFINE_FIELD): T_set1, T_load, T_store, T_add, T_sub, T_neg,
 * T_double, T_mul, T_square, T_cube, T_mul_2exp_neg (a * 2^-k, 1 <= k <= s). */
#define HS_MT16_DEFINE_FIELD(T, SCALAR, P, MU, M, S)                                                      \
    typedef __m512i T;                                                                                   \
    static inline T T##_set1(SCALAR a) { return _mm512_set1_epi32((int)a); }                             \
    static inline T T##_load(const SCALAR *p) { return _mm512_loadu_si512((const void *)p); }            \
    static inline void T##_store(SCALAR *p, T v) { _mm512_storeu_si512((void *)p, v); }                  \
    static inline T T##_add(T a, T b) { return hs_mt16_add(a, b, _mm512_set1_epi32((int)(P))); }        \
    static inline T T##_sub(T a, T b) { return hs_mt16_sub(a, b, _mm512_set1_epi32((int)(P))); }        \
    static inline T T##_neg(T a) { return T##_sub(_mm512_setzero_si512(), a); }                          \
    static inline T T##_double(T a) { return T##_add(a, a); }                                            \
    static inline T T##_mul(T a, T b) {                                                                  \
        return hs_mt16_mul(a, b, _mm512_set1_epi32((int)(P)), _mm512_set1_epi32((int)(MU)));             \
    }                                                                                                    \
    static inline T T##_square(T a) { return T##_mul(a, a); }                                            \
    static inline T T##_cube(T a) { return T##_mul(T##_mul(a, a), a); }                                  \
    static inline T T##_mul_2exp_neg(T a, int k) {                                                       \
        return hs_mt16_mul_2exp_neg(a, k, M, S, _mm512_set1_epi32((int)(P)));                            \
    }

#endif
