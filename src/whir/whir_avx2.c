/* AVX2 twins of WHIR's base-by-K kernels (whir_internal.h): eight base values per vector,
 * Montgomery products reduced at once and summed with modular adds, so every lane stays in
 * [0, p) and the results equal the portable kernels exactly. */
#include <immintrin.h>

#include "field/kb_avx2.h"
#include "whir/whir_internal.h"

#if HS_HAVE_AVX2

void hs_whir_dot5_avx2(const hs_kb *f, const hs_kb *e, size_t stride, size_t len, hs_kb out[5]) {
    __m256i acc[5];
    for (int c = 0; c < 5; c++) acc[c] = _mm256_setzero_si256();
    size_t y = 0;
    for (; y + 8 <= len; y += 8) {
        hs_kb8x fv = hs_kb8x_load(f + y);
        for (int c = 0; c < 5; c++) acc[c] = hs_kb8x_add(acc[c], hs_kb8x_mul(fv, hs_kb8x_load(e + c * stride + y)));
    }
    for (int c = 0; c < 5; c++) {
        hs_kb lanes[8], s = 0;
        hs_kb8x_store(lanes, acc[c]);
        for (int l = 0; l < 8; l++) s = hs_kb_add(s, lanes[l]);
        for (size_t i = y; i < len; i++) s = hs_kb_add(s, hs_kb_mul(f[i], e[c * stride + i]));
        out[c] = s;
    }
}

void hs_whir_axpy5_avx2(hs_kb *out, size_t stride, const hs_kb *f, size_t len, const hs_kb s[5]) {
    for (int c = 0; c < 5; c++) {
        hs_kb8x sv = hs_kb8x_set1(s[c]);
        hs_kb *o = out + c * stride;
        size_t y = 0;
        for (; y + 8 <= len; y += 8) hs_kb8x_store(o + y, hs_kb8x_add(hs_kb8x_load(o + y), hs_kb8x_mul(hs_kb8x_load(f + y), sv)));
        for (; y < len; y++) o[y] = hs_kb_add(o[y], hs_kb_mul(f[y], s[c]));
    }
}

void hs_whir_rows_sub_avx2(hs_kb *hi, const hs_kb *lo, size_t w) {
    size_t i = 0;
    for (; i + 8 <= w; i += 8) hs_kb8x_store(hi + i, hs_kb8x_sub(hs_kb8x_load(hi + i), hs_kb8x_load(lo + i)));
    for (; i < w; i++) hi[i] = hs_kb_sub(hi[i], lo[i]);
}

#endif
