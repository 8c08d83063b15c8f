/* The quintic extension K = hs_kb5 (kb_ext.h: X^5 + X^2 - 1) packed 8 lanes (hs_kb5x): five
 * hs_kb8x vectors, one per coordinate, so that lane i of c[0..4] is one K value. Include only from
 * files compiled with -mavx2, reached after hs_cpu_has_avx2(); tests/test_kb5_avx2.c compares
 * every operation with the scalar hs_kb5_*.
 *
 * Products: the 25 (15 for a square) coefficient products are 64-bit (even and odd lanes apart)
 * and go through Montgomery REDC in pairs: a sum of two products of canonical values is below
 * 2 p^2 < p 2^32, the bound under which REDC is exact without a pre-correction. Measured against
 * one reduction per convolution sum (up to 4 products, which needs a pre-correction for sums
 * >= 2^63): equal within ~5% with gcc, ~30% faster with clang; the square ~20% faster with both. */
#ifndef HS_FIELD_KB5_AVX2_H
#define HS_FIELD_KB5_AVX2_H

#include <immintrin.h>
#include <stddef.h>

#include "field/kb_avx2.h"
#include "field/kb_ext.h"

/* the products are long; without this some compilers call them out of line in hot loops */
#define HS_KB5X_HOT static inline __attribute__((always_inline))

typedef struct {
    __m256i c[5];
} hs_kb5x;

#define HS_KB5X_P _mm256_set1_epi32((int)HS_KB_P)
#define HS_KB5X_MU _mm256_set1_epi32((int)HS_KB_MU)

static inline hs_kb5x hs_kb5x_zero(void) {
    hs_kb5x r;
    for (int c = 0; c < 5; c++) r.c[c] = _mm256_setzero_si256();
    return r;
}
static inline hs_kb5x hs_kb5x_set1(hs_kb5 a) {
    hs_kb5x r;
    for (int c = 0; c < 5; c++) r.c[c] = _mm256_set1_epi32((int)a.c[c]);
    return r;
}
/* 8 values whose coordinate c is at p + c * stride (blocked layout: stride 8). */
static inline hs_kb5x hs_kb5x_load(const hs_kb *p, size_t stride) {
    hs_kb5x r;
    for (int c = 0; c < 5; c++) r.c[c] = _mm256_loadu_si256((const __m256i *)(p + c * stride));
    return r;
}
static inline void hs_kb5x_store(hs_kb *p, size_t stride, hs_kb5x a) {
    for (int c = 0; c < 5; c++) _mm256_storeu_si256((__m256i *)(p + c * stride), a.c[c]);
}
/* Rows x..x+7 of five separate coordinate planes. */
static inline hs_kb5x hs_kb5x_load_planes(hs_kb *const *planes, size_t x) {
    hs_kb5x r;
    for (int c = 0; c < 5; c++) r.c[c] = _mm256_loadu_si256((const __m256i *)(planes[c] + x));
    return r;
}
static inline void hs_kb5x_store_planes(hs_kb *const *planes, size_t x, hs_kb5x a) {
    for (int c = 0; c < 5; c++) _mm256_storeu_si256((__m256i *)(planes[c] + x), a.c[c]);
}

static inline hs_kb5x hs_kb5x_add(hs_kb5x a, hs_kb5x b) {
    for (int c = 0; c < 5; c++) a.c[c] = hs_mt8_add(a.c[c], b.c[c], HS_KB5X_P);
    return a;
}
static inline hs_kb5x hs_kb5x_sub(hs_kb5x a, hs_kb5x b) {
    for (int c = 0; c < 5; c++) a.c[c] = hs_mt8_sub(a.c[c], b.c[c], HS_KB5X_P);
    return a;
}
/* a * s, s one base value per lane. */
static inline hs_kb5x hs_kb5x_mul_base(hs_kb5x a, __m256i s) {
    for (int c = 0; c < 5; c++) a.c[c] = hs_kb8x_mul(a.c[c], s);
    return a;
}

/* REDC(x y) and REDC(x y + u v) per lane, operands given with their odd-lane copies (xo = x >> 32
 * per 64-bit lane, as hs_mt8_odd). */
HS_KB5X_HOT __m256i hs_kb5x_redc1(__m256i x, __m256i xo, __m256i y, __m256i yo) {
    return hs_mt8_redc_pairs(_mm256_mul_epu32(x, y), _mm256_mul_epu32(xo, yo), HS_KB5X_P, HS_KB5X_MU);
}
HS_KB5X_HOT __m256i hs_kb5x_redc2(__m256i x, __m256i xo, __m256i y, __m256i yo, __m256i u, __m256i uo, __m256i v,
                                  __m256i vo) {
    __m256i te = _mm256_add_epi64(_mm256_mul_epu32(x, y), _mm256_mul_epu32(u, v));
    __m256i to = _mm256_add_epi64(_mm256_mul_epu32(xo, yo), _mm256_mul_epu32(uo, vo));
    return hs_mt8_redc_pairs(te, to, HS_KB5X_P, HS_KB5X_MU);
}

/* The reduced convolution sums d[0..8] mod X^5 + X^2 - 1 (X^5 = 1 - X^2, as hs_kbx_reduce5). */
HS_KB5X_HOT hs_kb5x hs_kb5x_reduce9(const __m256i d[9]) {
    const __m256i P = HS_KB5X_P;
    hs_kb5x r;
    r.c[0] = hs_mt8_sub(hs_mt8_add(d[0], d[5], P), d[8], P);
    r.c[1] = hs_mt8_add(d[1], d[6], P);
    r.c[2] = hs_mt8_sub(hs_mt8_add(hs_mt8_add(d[2], d[7], P), d[8], P), d[5], P);
    r.c[3] = hs_mt8_sub(hs_mt8_add(d[3], d[8], P), d[6], P);
    r.c[4] = hs_mt8_sub(d[4], d[7], P);
    return r;
}

/* 25 products, 15 reductions. */
HS_KB5X_HOT hs_kb5x hs_kb5x_mul(hs_kb5x a, hs_kb5x b) {
    const __m256i P = HS_KB5X_P;
    __m256i x[5], xo[5], y[5], yo[5], d[9];
    for (int c = 0; c < 5; c++) x[c] = a.c[c], xo[c] = hs_mt8_odd(a.c[c]), y[c] = b.c[c], yo[c] = hs_mt8_odd(b.c[c]);
#define HS_P1_(i, j) hs_kb5x_redc1(x[i], xo[i], y[j], yo[j])
#define HS_P2_(i, j, k, l) hs_kb5x_redc2(x[i], xo[i], y[j], yo[j], x[k], xo[k], y[l], yo[l])
    d[0] = HS_P1_(0, 0);
    d[1] = HS_P2_(0, 1, 1, 0);
    d[2] = hs_mt8_add(HS_P2_(0, 2, 2, 0), HS_P1_(1, 1), P);
    d[3] = hs_mt8_add(HS_P2_(0, 3, 3, 0), HS_P2_(1, 2, 2, 1), P);
    d[4] = hs_mt8_add(hs_mt8_add(HS_P2_(0, 4, 4, 0), HS_P2_(1, 3, 3, 1), P), HS_P1_(2, 2), P);
    d[5] = hs_mt8_add(HS_P2_(1, 4, 4, 1), HS_P2_(2, 3, 3, 2), P);
    d[6] = hs_mt8_add(HS_P2_(2, 4, 4, 2), HS_P1_(3, 3), P);
    d[7] = HS_P2_(3, 4, 4, 3);
    d[8] = HS_P1_(4, 4);
#undef HS_P1_
#undef HS_P2_
    return hs_kb5x_reduce9(d);
}

/* Cross terms once against the doubled operand e = 2a: 15 products, 10 reductions. */
HS_KB5X_HOT hs_kb5x hs_kb5x_square(hs_kb5x a) {
    const __m256i P = HS_KB5X_P;
    __m256i x[5], xo[5], e[5], eo[5], d[9];
    for (int c = 0; c < 5; c++) {
        x[c] = a.c[c], xo[c] = hs_mt8_odd(a.c[c]);
        e[c] = hs_mt8_add(a.c[c], a.c[c], P), eo[c] = hs_mt8_odd(e[c]);
    }
#define HS_S1_(i, j) hs_kb5x_redc1(x[i], xo[i], x[j], xo[j])
#define HS_D1_(i, j) hs_kb5x_redc1(x[i], xo[i], e[j], eo[j])
#define HS_D2_(i, j, k, l) hs_kb5x_redc2(x[i], xo[i], e[j], eo[j], x[k], xo[k], e[l], eo[l])
#define HS_DS_(i, j, k) hs_kb5x_redc2(x[i], xo[i], e[j], eo[j], x[k], xo[k], x[k], xo[k])
    d[0] = HS_S1_(0, 0);
    d[1] = HS_D1_(0, 1);
    d[2] = HS_DS_(0, 2, 1);
    d[3] = HS_D2_(0, 3, 1, 2);
    d[4] = hs_mt8_add(HS_D2_(0, 4, 1, 3), HS_S1_(2, 2), P);
    d[5] = HS_D2_(1, 4, 2, 3);
    d[6] = HS_DS_(2, 4, 3);
    d[7] = HS_D1_(3, 4);
    d[8] = HS_S1_(4, 4);
#undef HS_S1_
#undef HS_D1_
#undef HS_D2_
#undef HS_DS_
    return hs_kb5x_reduce9(d);
}

/* Sum of the 8 lanes. */
static inline hs_kb5 hs_kb5x_hsum(hs_kb5x a) {
    hs_kb5 r;
    for (int c = 0; c < 5; c++) {
        uint32_t l[8];
        _mm256_storeu_si256((__m256i *)l, a.c[c]);
        hs_kb s = 0;
        for (int i = 0; i < 8; i++) s = hs_kb_add(s, l[i]);
        r.c[c] = s;
    }
    return r;
}

#endif
