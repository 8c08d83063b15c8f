/* AVX2 twins of WHIR's base-by-K kernels (whir_internal.h): eight base values per vector,
 * Montgomery products reduced at once and summed with modular adds, so every lane stays in
 * [0, p) and the results equal the portable kernels exactly. */
#include <immintrin.h>

#include "field/kb_avx2.h"
#include "field/kb5_avx2.h"
#include "field/kb_ext.h"
#include "whir/whir_internal.h"

#if HS_HAVE_AVX2

/* Lazy sum of products: a 64-bit lane holds the sum of four products (< 4p^2 < 2^64), whose low
 * and high words go to separate 64-bit accumulators (no carries lost). The total T = H 2^32 + L
 * then gives T 2^-32 = H + REDC(L) mod p, the sum of the Montgomery products. */
static hs_kb lazy_finish(__m256i lo, __m256i hi, uint64_t L, uint64_t H) {
    uint64_t l[4], h[4];
    _mm256_storeu_si256((__m256i *)l, lo);
    _mm256_storeu_si256((__m256i *)h, hi);
    for (int i = 0; i < 4; i++) L += l[i], H += h[i];
    return hs_kb_add((hs_kb)(H % HS_KB_P), hs_kb_redc(L % HS_KBX_P32));
}

void hs_whir_dot5_avx2(const hs_kb *f, const hs_kb *e, size_t stride, size_t len, hs_kb out[5]) {
    const __m256i mask = _mm256_set1_epi64x(0xffffffffll);
    size_t n16 = len & ~(size_t)15;
    for (int c = 0; c < 5; c++) {
        const hs_kb *ec = e + c * stride;
        __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
        for (size_t y = 0; y < n16; y += 16) {
            __m256i f0 = hs_kb8x_load(f + y), f1 = hs_kb8x_load(f + y + 8);
            __m256i e0 = hs_kb8x_load(ec + y), e1 = hs_kb8x_load(ec + y + 8);
            __m256i s0 = _mm256_add_epi64(_mm256_mul_epu32(f0, e0),
                                          _mm256_mul_epu32(_mm256_srli_epi64(f0, 32), _mm256_srli_epi64(e0, 32)));
            __m256i s1 = _mm256_add_epi64(_mm256_mul_epu32(f1, e1),
                                          _mm256_mul_epu32(_mm256_srli_epi64(f1, 32), _mm256_srli_epi64(e1, 32)));
            __m256i s = _mm256_add_epi64(s0, s1);
            lo = _mm256_add_epi64(lo, _mm256_and_si256(s, mask));
            hi = _mm256_add_epi64(hi, _mm256_srli_epi64(s, 32));
        }
        uint64_t L = 0, H = 0;
        for (size_t y = n16; y < len; y++) {
            uint64_t t = (uint64_t)f[y] * ec[y];
            L += t & 0xffffffffu, H += t >> 32;
        }
        out[c] = lazy_finish(lo, hi, L, H);
    }
}

void hs_whir_fold4_avx2(uint64_t *lo, uint64_t *hi, size_t stride, const hs_kb *const *f, size_t nf,
                        const hs_kb5 *wv, size_t len) {
    const __m256i mask = _mm256_set1_epi64x(0xffffffffll), zero = _mm256_setzero_si256();
    size_t n8 = len & ~(size_t)7;
    for (int c = 0; c < 5; c++) {
        __m256i wc[4];
        for (size_t i = 0; i < 4; i++) wc[i] = _mm256_set1_epi32(i < nf ? (int)wv[i].c[c] : 0);
        uint64_t *l = lo + c * stride, *h = hi + c * stride;
        for (size_t y = 0; y < n8; y += 8) {
            __m256i se = zero, so = zero;
            for (size_t i = 0; i < nf; i++) {
                __m256i fv = hs_kb8x_load(f[i] + y);
                se = _mm256_add_epi64(se, _mm256_mul_epu32(fv, wc[i]));
                so = _mm256_add_epi64(so, _mm256_mul_epu32(_mm256_srli_epi64(fv, 32), wc[i]));
            }
            __m256i *le = (__m256i *)(l + y), *lo_ = (__m256i *)(l + y + 4);
            __m256i *he = (__m256i *)(h + y), *ho = (__m256i *)(h + y + 4);
            _mm256_storeu_si256(le, _mm256_add_epi64(_mm256_loadu_si256(le), _mm256_and_si256(se, mask)));
            _mm256_storeu_si256(lo_, _mm256_add_epi64(_mm256_loadu_si256(lo_), _mm256_and_si256(so, mask)));
            _mm256_storeu_si256(he, _mm256_add_epi64(_mm256_loadu_si256(he), _mm256_srli_epi64(se, 32)));
            _mm256_storeu_si256(ho, _mm256_add_epi64(_mm256_loadu_si256(ho), _mm256_srli_epi64(so, 32)));
        }
        for (size_t y = n8; y < len; y++) {
            uint64_t t = 0;
            for (size_t i = 0; i < nf; i++) t += (uint64_t)f[i][y] * wv[i].c[c];
            size_t at = (y & ~(size_t)7) | ((y & 1) << 2) | ((y & 7) >> 1);
            l[at] += t & 0xffffffffu, h[at] += t >> 32;
        }
    }
}

void hs_whir_rows_sub_avx2(hs_kb *hi, const hs_kb *lo, size_t w) {
    size_t i = 0;
    for (; i + 8 <= w; i += 8) hs_kb8x_store(hi + i, hs_kb8x_sub(hs_kb8x_load(hi + i), hs_kb8x_load(lo + i)));
    for (; i < w; i++) hi[i] = hs_kb_sub(hi[i], lo[i]);
}

void hs_whir_rows_add_avx2(hs_kb *dst, const hs_kb *src, size_t w) {
    size_t i = 0;
    for (; i + 8 <= w; i += 8) hs_kb8x_store(dst + i, hs_kb8x_add(hs_kb8x_load(dst + i), hs_kb8x_load(src + i)));
    for (; i < w; i++) dst[i] = hs_kb_add(dst[i], src[i]);
}

void hs_whir_eq_split_avx2(hs_kb *out, const hs_kb *ta, const hs_kb *tb, size_t n, hs_kb z, int acc) {
    hs_kb8x zv = hs_kb8x_set1(z), zero = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        hs_kb8x a = hs_kb8x_load(ta + i), b = tb ? hs_kb8x_load(tb + i) : zero;
        hs_kb8x hi = hs_kb8x_mul(zv, hs_kb8x_sub(a, b)), lo = hs_kb8x_sub(hs_kb8x_add(a, b), hi);
        if (acc) lo = hs_kb8x_add(hs_kb8x_load(out + i), lo), hi = hs_kb8x_add(hs_kb8x_load(out + n + i), hi);
        hs_kb8x_store(out + i, lo);
        hs_kb8x_store(out + n + i, hi);
    }
    for (; i < n; i++) {
        hs_kb a = ta[i], b = tb ? tb[i] : 0;
        hs_kb hi = hs_kb_mul(z, hs_kb_sub(a, b)), lo = hs_kb_sub(hs_kb_add(a, b), hi);
        if (acc) lo = hs_kb_add(out[i], lo), hi = hs_kb_add(out[n + i], hi);
        out[i] = lo, out[n + i] = hi;
    }
}

void hs_whir_eq_row_avx2(hs_kb *out, size_t stride, hs_kb5 a, const hs_kb *lo, size_t n) {
    hs_kb5x av = hs_kb5x_set1(a);
    size_t l = 0;
    for (; l + 8 <= n; l += 8) hs_kb5x_store(out + l, stride, hs_kb5x_mul(av, hs_kb5x_load(lo + l, n)));
    for (; l < n; l++) {
        hs_kb5 v;
        for (int c = 0; c < 5; c++) v.c[c] = lo[c * n + l];
        v = hs_kb5_mul(a, v);
        for (int c = 0; c < 5; c++) out[c * stride + l] = v.c[c];
    }
}

#endif
