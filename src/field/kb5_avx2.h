/* The quintic extension K = hs_kb5 (kb_ext.h: X^5 + X^2 - 1) packed 8 lanes (hs_kb5x): five
 * hs_kb8x vectors, one per coordinate, so that lane i of c[0..4] is one K value; the body is
 * kb5_packed.inc on AVX2 vectors. Include only from files compiled with -mavx2, reached after
 * hs_cpu_has_avx2(); tests/test_kb5_avx2.c compares every operation with the scalar hs_kb5_*. */
#ifndef HS_FIELD_KB5_AVX2_H
#define HS_FIELD_KB5_AVX2_H

#include <immintrin.h>
#include <stddef.h>

#include "field/kb_avx2.h"
#include "field/kb_ext.h"

#define HS_KB5X_P _mm256_set1_epi32((int)HS_KB_P)
#define HS_KB5X_MU _mm256_set1_epi32((int)HS_KB_MU)

#define HS_KB5P(name) hs_kb5x_##name
#define HS_KB5P_T hs_kb5x
#define HS_KB5P_V __m256i
#define HS_KB5P_LANES 8
#define HS_KB5P_ZERO() _mm256_setzero_si256()
#define HS_KB5P_SET1(x) _mm256_set1_epi32((int)(x))
#define HS_KB5P_LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define HS_KB5P_STORE(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define HS_KB5P_ADD(a, b) hs_mt8_add((a), (b), HS_KB5X_P)
#define HS_KB5P_SUB(a, b) hs_mt8_sub((a), (b), HS_KB5X_P)
#define HS_KB5P_MUL(a, b) hs_kb8x_mul((a), (b))
#define HS_KB5P_ODD(a) hs_mt8_odd(a)
#define HS_KB5P_MULU(a, b) _mm256_mul_epu32((a), (b))
#define HS_KB5P_ADD64(a, b) _mm256_add_epi64((a), (b))
#define HS_KB5P_REDC(e, o) hs_mt8_redc_pairs((e), (o), HS_KB5X_P, HS_KB5X_MU)
#include "field/kb5_packed.inc"

#endif
