/* AVX2 twins of the lazy dot-product kernels in deep.c (fri_internal.h): 64-bit products of
 * 32-bit words by vpmuludq on the even and the odd lanes, four products summed (< 2^64), then
 * split into low and high 32-bit halves added into 64-bit accumulators. Compiled with -mavx2;
 * reached only through hs_fri_kernels_best() when hs_cpu_has_avx2(). */
#include <immintrin.h>
#include <string.h>

#include "fri/fri_internal.h"

#define INLINE static inline __attribute__((always_inline))

static const int32_t tail_masks[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};

/* Lanes [0, r) set, 0 <= r <= 8. */
INLINE __m256i tail_mask(size_t r) { return _mm256_loadu_si256((const __m256i *)(tail_masks + 8 - r)); }
INLINE __m256i ld(const hs_kb *p) { return _mm256_loadu_si256((const __m256i *)p); }
INLINE __m256i ldm(const hs_kb *p, __m256i m) { return _mm256_maskload_epi32((const int *)p, m); }
INLINE __m256i mul(__m256i a, __m256i b) { return _mm256_mul_epu32(a, b); }
INLINE __m256i odd(__m256i a) { return _mm256_srli_epi64(a, 32); }

static void colmac_avx2(const hs_kb *mat, size_t w, size_t c0, size_t nc, size_t nr, const hs_kb *const *wts,
                        unsigned nw, hs_kb *out) {
    /* acc[k][group]: low/high halves of the even lanes (columns 0,2,4,6 of the group), then odd */
    __m256i acc[HS_FRI_COLMAC_MAX_NW][HS_FRI_COLMAC_MAX_NC / 8][4];
    const size_t ng = (nc + 7) / 8;
    const __m256i m32 = _mm256_set1_epi64x(0xffffffff), zero = _mm256_setzero_si256();
    const __m256i last = tail_mask(nc - (ng - 1) * 8);
    for (unsigned k = 0; k < nw; k++)
        for (size_t gi = 0; gi < ng; gi++) acc[k][gi][0] = acc[k][gi][1] = acc[k][gi][2] = acc[k][gi][3] = zero;

    size_t i = 0;
    for (; i + 4 <= nr; i += 4) {
        const hs_kb *r0 = mat + i * w + c0, *r1 = r0 + w, *r2 = r1 + w, *r3 = r2 + w;
        for (size_t gi = 0; gi < ng; gi++) {
            __m256i x0, x1, x2, x3;
            const size_t o = gi * 8;
            if (gi + 1 < ng) {
                x0 = ld(r0 + o), x1 = ld(r1 + o), x2 = ld(r2 + o), x3 = ld(r3 + o);
            } else {
                x0 = ldm(r0 + o, last), x1 = ldm(r1 + o, last), x2 = ldm(r2 + o, last), x3 = ldm(r3 + o, last);
            }
            const __m256i y0 = odd(x0), y1 = odd(x1), y2 = odd(x2), y3 = odd(x3);
            for (unsigned k = 0; k < nw; k++) {
                const hs_kb *wk = wts[k] + i;
                const __m256i a0 = _mm256_set1_epi32((int)wk[0]), a1 = _mm256_set1_epi32((int)wk[1]);
                const __m256i a2 = _mm256_set1_epi32((int)wk[2]), a3 = _mm256_set1_epi32((int)wk[3]);
                __m256i se = _mm256_add_epi64(_mm256_add_epi64(mul(x0, a0), mul(x1, a1)),
                                              _mm256_add_epi64(mul(x2, a2), mul(x3, a3)));
                __m256i so = _mm256_add_epi64(_mm256_add_epi64(mul(y0, a0), mul(y1, a1)),
                                              _mm256_add_epi64(mul(y2, a2), mul(y3, a3)));
                __m256i *A = acc[k][gi];
                A[0] = _mm256_add_epi64(A[0], _mm256_and_si256(se, m32));
                A[1] = _mm256_add_epi64(A[1], _mm256_srli_epi64(se, 32));
                A[2] = _mm256_add_epi64(A[2], _mm256_and_si256(so, m32));
                A[3] = _mm256_add_epi64(A[3], _mm256_srli_epi64(so, 32));
            }
        }
    }
    for (; i < nr; i++) {
        const hs_kb *r0 = mat + i * w + c0;
        for (size_t gi = 0; gi < ng; gi++) {
            const size_t o = gi * 8;
            const __m256i x0 = gi + 1 < ng ? ld(r0 + o) : ldm(r0 + o, last), y0 = odd(x0);
            for (unsigned k = 0; k < nw; k++) {
                const __m256i a0 = _mm256_set1_epi32((int)wts[k][i]);
                __m256i se = mul(x0, a0), so = mul(y0, a0);
                __m256i *A = acc[k][gi];
                A[0] = _mm256_add_epi64(A[0], _mm256_and_si256(se, m32));
                A[1] = _mm256_add_epi64(A[1], _mm256_srli_epi64(se, 32));
                A[2] = _mm256_add_epi64(A[2], _mm256_and_si256(so, m32));
                A[3] = _mm256_add_epi64(A[3], _mm256_srli_epi64(so, 32));
            }
        }
    }
    for (unsigned k = 0; k < nw; k++)
        for (size_t gi = 0; gi < ng; gi++) {
            uint64_t v[4][4];
            for (int q = 0; q < 4; q++) _mm256_storeu_si256((__m256i *)v[q], acc[k][gi][q]);
            for (size_t l = 0; l < 4; l++) {
                size_t ce = gi * 8 + 2 * l, co = ce + 1;
                if (ce < nc) out[k * nc + ce] = hs_fri_lazy_finish(v[0][l], v[1][l]);
                if (co < nc) out[k * nc + co] = hs_fri_lazy_finish(v[2][l], v[3][l]);
            }
        }
}

static void rowdot_avx2(const hs_kb *row, size_t n, const hs_kb *const *a, unsigned nw, hs_kb *out) {
    const __m256i m32 = _mm256_set1_epi64x(0xffffffff);
    for (unsigned k = 0; k < nw; k++) {
        const hs_kb *ak = a[k];
        __m256i L = _mm256_setzero_si256(), H = _mm256_setzero_si256();
        size_t c = 0;
        for (; c + 16 <= n; c += 16) {
            const __m256i f0 = ld(row + c), f1 = ld(row + c + 8), a0 = ld(ak + c), a1 = ld(ak + c + 8);
            const __m256i s = _mm256_add_epi64(_mm256_add_epi64(mul(f0, a0), mul(odd(f0), odd(a0))),
                                               _mm256_add_epi64(mul(f1, a1), mul(odd(f1), odd(a1))));
            L = _mm256_add_epi64(L, _mm256_and_si256(s, m32));
            H = _mm256_add_epi64(H, _mm256_srli_epi64(s, 32));
        }
        if (c < n) {
            const size_t r = n - c, r0 = r < 8 ? r : 8, r1 = r - r0;
            const __m256i k0 = tail_mask(r0), k1 = tail_mask(r1);
            const __m256i f0 = ldm(row + c, k0), a0 = ldm(ak + c, k0);
            const __m256i f1 = r1 ? ldm(row + c + 8, k1) : _mm256_setzero_si256();
            const __m256i a1 = r1 ? ldm(ak + c + 8, k1) : _mm256_setzero_si256();
            const __m256i s = _mm256_add_epi64(_mm256_add_epi64(mul(f0, a0), mul(odd(f0), odd(a0))),
                                               _mm256_add_epi64(mul(f1, a1), mul(odd(f1), odd(a1))));
            L = _mm256_add_epi64(L, _mm256_and_si256(s, m32));
            H = _mm256_add_epi64(H, _mm256_srli_epi64(s, 32));
        }
        uint64_t l[4], h[4];
        _mm256_storeu_si256((__m256i *)l, L);
        _mm256_storeu_si256((__m256i *)h, H);
        out[k] = hs_fri_lazy_finish(l[0] + l[1] + l[2] + l[3], h[0] + h[1] + h[2] + h[3]);
    }
}

const hs_fri_kernels hs_fri_kernels_avx2 = {"avx2", colmac_avx2, rowdot_avx2};
