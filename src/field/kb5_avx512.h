/* The quintic extension K = hs_kb5 (kb_ext.h: X^5 + X^2 - 1) packed 16 lanes (hs_kb5x16): five
 * hs_kb16x vectors, one per coordinate; the body is kb5_packed.inc on AVX-512 vectors, the same
 * operations as kb5_avx2.h's hs_kb5x with names hs_kb5x16_*. Include only from files compiled
 * with the AVX-512 flags, reached after hs_cpu_has_avx512(); tests/test_kb_avx512.c compares
 * every operation with the scalar hs_kb5_*. */
#ifndef HS_FIELD_KB5_AVX512_H
#define HS_FIELD_KB5_AVX512_H

#include <immintrin.h>
#include <stddef.h>

#include "field/kb_avx512.h"
#include "field/kb_ext.h"

#define HS_KB5X16_P _mm512_set1_epi32((int)HS_KB_P)
#define HS_KB5X16_MU _mm512_set1_epi32((int)HS_KB_MU)

#define HS_KB5P(name) hs_kb5x16_##name
#define HS_KB5P_T hs_kb5x16
#define HS_KB5P_V __m512i
#define HS_KB5P_LANES 16
#define HS_KB5P_ZERO() _mm512_setzero_si512()
#define HS_KB5P_SET1(x) _mm512_set1_epi32((int)(x))
#define HS_KB5P_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define HS_KB5P_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define HS_KB5P_ADD(a, b) hs_mt16_add((a), (b), HS_KB5X16_P)
#define HS_KB5P_SUB(a, b) hs_mt16_sub((a), (b), HS_KB5X16_P)
#define HS_KB5P_MUL(a, b) hs_kb16x_mul((a), (b))
#define HS_KB5P_ODD(a) hs_mt16_odd(a)
#define HS_KB5P_MULU(a, b) _mm512_mul_epu32((a), (b))
#define HS_KB5P_ADD64(a, b) _mm512_add_epi64((a), (b))
#define HS_KB5P_REDC(e, o) hs_mt16_redc_pairs((e), (o), HS_KB5X16_P, HS_KB5X16_MU)
#include "field/kb5_packed.inc"

#endif
