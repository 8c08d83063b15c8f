/* The AVX-512 instantiation's helpers (air_eval.h): 16 rows in the lanes of __m512i values, the
 * 16-lane twin of air_eval_avx2.h (the same lazy accumulator, air_acc_packed.inc: see there).
 * Include only from files compiled with the AVX-512 flags, reached after hs_cpu_has_avx512(). */
#ifndef HS_AIR_AIR_EVAL_AVX512_H
#define HS_AIR_AIR_EVAL_AVX512_H

#include "air/air_eval_avx2.h"
#include "field/kb_avx512.h"

#define HS_ACC(name) hs_air_acc16_##name
#define HS_ACC_T hs_air_acc16
#define HS_ACC_V __m512i
#define HS_ACC_LANES 16
#define HS_ACC_ZERO() _mm512_setzero_si512()
#define HS_ACC_SET1(x) _mm512_set1_epi32((int)(x))
#define HS_ACC_ADD64(a, b) _mm512_add_epi64((a), (b))
#define HS_ACC_MULU(a, b) _mm512_mul_epu32((a), (b))
#define HS_ACC_ODD(a) _mm512_srli_epi64((a), 32)
#define HS_ACC_LO(a) _mm512_maskz_mov_epi32((__mmask16)0x5555, (a))
#define HS_ACC_REDC(e, o) hs_mt16_redc_pairs((e), (o), _mm512_set1_epi32((int)HS_KB_P), _mm512_set1_epi32((int)HS_KB_MU))
#define HS_ACC_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#include "air/air_acc_packed.inc"

/* Columns [0, w) of 16 rows as vectors: buf[c] lane j = rows[j][c] (two 8x8 transposes per 8
 * columns, rows 0-7 into the low halves, rows 8-15 into the high halves). */
static inline void hs_air_load_cols16(__m512i *buf, const hs_kb *const rows[16], size_t w) {
    size_t c = 0;
    for (; c + 8 <= w; c += 8) {
        __m256i lo[8], hi[8];
        for (unsigned j = 0; j < 8; j++) {
            lo[j] = _mm256_loadu_si256((const __m256i *)(rows[j] + c));
            hi[j] = _mm256_loadu_si256((const __m256i *)(rows[8 + j] + c));
        }
        hs_transpose8x32(lo);
        hs_transpose8x32(hi);
        for (unsigned j = 0; j < 8; j++) buf[c + j] = _mm512_inserti64x4(_mm512_castsi256_si512(lo[j]), hi[j], 1);
    }
    for (; c < w; c++) {
        uint32_t col[16];
        for (unsigned j = 0; j < 16; j++) col[j] = rows[j][c];
        buf[c] = _mm512_loadu_si512(col);
    }
}

/* The periodic values (periodic[c * 16 + j]) as vectors. */
static inline void hs_air_load_periodic16(__m512i *buf, const hs_kb *periodic, unsigned n) {
    for (unsigned c = 0; c < n; c++) buf[c] = _mm512_loadu_si512(periodic + 16 * c);
}

#endif
