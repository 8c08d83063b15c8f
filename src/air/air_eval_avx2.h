/* The AVX2 instantiation's helpers (air_eval.h): 8 rows in the lanes of __m256i values. Include
 * only from files compiled with -mavx2, reached after hs_cpu_has_avx2(). */
#ifndef HS_AIR_AIR_EVAL_AVX2_H
#define HS_AIR_AIR_EVAL_AVX2_H

#include "air/air.h"
#include "field/kb_avx2.h"
#include "util/avx2.h"

typedef struct {
    unsigned d;
    const hs_kb *pow;
    __m256i acc[HS_KBE_MAX];
} hs_air_acc8;

static inline void hs_air_acc8_init(hs_air_acc8 *v, unsigned d, const hs_kb *pow) {
    v->d = d;
    v->pow = pow;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) v->acc[t] = _mm256_setzero_si256();
}
static inline void hs_air_acc8_emit(hs_air_acc8 *v, size_t k, __m256i c) {
    const hs_kb *a = v->pow + k * v->d;
    for (unsigned t = 0; t < v->d; t++) v->acc[t] = hs_kb8x_add(v->acc[t], hs_kb8x_mul(c, hs_kb8x_set1(a[t])));
}
static inline void hs_air_acc8_finish(const hs_air_acc8 *v, hs_kbe out[8]) {
    uint32_t lanes[HS_KBE_MAX][8];
    for (unsigned t = 0; t < v->d; t++) _mm256_storeu_si256((__m256i *)lanes[t], v->acc[t]);
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
