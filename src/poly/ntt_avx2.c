/* NTT row kernels, 8 columns per AVX2 vector; the last len % 8 columns go through masked loads
 * and stores (masked-off lanes compute on zeros and are never written).
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include "field/kb_avx2.h"
#include "poly/ntt.h"

#define INLINE static inline __attribute__((always_inline))

static const int32_t tail_masks[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};

/* Lanes [0, r) set, 0 < r < 8. */
INLINE __m256i tail_mask(size_t r) { return _mm256_loadu_si256((const __m256i *)(tail_masks + 8 - r)); }
INLINE __m256i ld(const hs_kb *p) { return _mm256_loadu_si256((const __m256i *)p); }
INLINE void st(hs_kb *p, __m256i v) { _mm256_storeu_si256((__m256i *)p, v); }
INLINE __m256i ldm(const hs_kb *p, __m256i m) { return _mm256_maskload_epi32((const int *)p, m); }
INLINE void stm(hs_kb *p, __m256i m, __m256i v) { _mm256_maskstore_epi32((int *)p, m, v); }

/* a * t for a < 2p and t a broadcast twiddle (every 32-bit lane holds t, so the odd products
 * need no shifted copy of t). Result in [0, p). */
INLINE __m256i mul_tw(__m256i a, __m256i t) {
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P), MU = _mm256_set1_epi32((int)HS_KB_MU);
    __m256i a_odd = _mm256_srli_epi64(a, 32);
    __m256i t_evn = _mm256_mul_epu32(a, t), t_odd = _mm256_mul_epu32(a_odd, t);
    /* REDC on the 64-bit products of the even and odd lanes */
    __m256i qp_evn = _mm256_mul_epu32(_mm256_mul_epu32(t_evn, MU), P);
    __m256i qp_odd = _mm256_mul_epu32(_mm256_mul_epu32(t_odd, MU), P);
    __m256i t_hi = _mm256_blend_epi32(_mm256_srli_epi64(t_evn, 32), t_odd, 0xaa);
    __m256i qp_hi = _mm256_blend_epi32(_mm256_srli_epi64(qp_evn, 32), qp_odd, 0xaa);
    __m256i d = _mm256_sub_epi32(t_hi, qp_hi);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P));
}
/* x - y + p in (0, 2p): a valid multiplicand without reduction. */
INLINE __m256i sub_lazy(__m256i x, __m256i y) {
    return _mm256_sub_epi32(_mm256_add_epi32(x, _mm256_set1_epi32((int)HS_KB_P)), y);
}

/* DIF butterfly; t == NULL means t = 1. */
INLINE void dif_bf(__m256i *x, __m256i *y, const __m256i *t) {
    __m256i s = hs_kb8x_add(*x, *y);
    *y = t ? mul_tw(sub_lazy(*x, *y), *t) : hs_kb8x_sub(*x, *y);
    *x = s;
}
INLINE void dit_bf(__m256i *x, __m256i *y, const __m256i *t) {
    __m256i v = t ? mul_tw(*y, *t) : *y;
    *y = hs_kb8x_sub(*x, v);
    *x = hs_kb8x_add(*x, v);
}

/* The loops are written once with `triv` (the twiddles that equal 1 are skipped) as a constant
 * argument, so the compiler emits one specialised copy per call site. */

INLINE void dif2_loop(hs_kb *a, hs_kb *b, size_t len, __m256i t, int triv) {
    const __m256i *tp = triv ? NULL : &t;
    size_t c = 0;
    for (; c + 8 <= len; c += 8) {
        __m256i x = ld(a + c), y = ld(b + c);
        dif_bf(&x, &y, tp);
        st(a + c, x);
        st(b + c, y);
    }
    if (c < len) {
        __m256i m = tail_mask(len - c);
        __m256i x = ldm(a + c, m), y = ldm(b + c, m);
        dif_bf(&x, &y, tp);
        stm(a + c, m, x);
        stm(b + c, m, y);
    }
}

static void dif2_avx2(hs_kb *a, hs_kb *b, size_t len, hs_kb t) {
    if (t == HS_KB_ONE)
        dif2_loop(a, b, len, _mm256_setzero_si256(), 1);
    else
        dif2_loop(a, b, len, hs_kb8x_set1(t), 0);
}

INLINE void dit2_loop(hs_kb *a, hs_kb *b, size_t len, __m256i t, int triv) {
    const __m256i *tp = triv ? NULL : &t;
    size_t c = 0;
    for (; c + 8 <= len; c += 8) {
        __m256i x = ld(a + c), y = ld(b + c);
        dit_bf(&x, &y, tp);
        st(a + c, x);
        st(b + c, y);
    }
    if (c < len) {
        __m256i m = tail_mask(len - c);
        __m256i x = ldm(a + c, m), y = ldm(b + c, m);
        dit_bf(&x, &y, tp);
        stm(a + c, m, x);
        stm(b + c, m, y);
    }
}

static void dit2_avx2(hs_kb *a, hs_kb *b, size_t len, hs_kb t) {
    if (t == HS_KB_ONE)
        dit2_loop(a, b, len, _mm256_setzero_si256(), 1);
    else
        dit2_loop(a, b, len, hs_kb8x_set1(t), 0);
}

/* triv: ta = tc = 1 (the first group of every layer pair in a contiguous pass). */
INLINE void dif4_body(__m256i *v, __m256i ta, __m256i tb, __m256i tc, int triv) {
    dif_bf(&v[0], &v[2], triv ? NULL : &ta);
    dif_bf(&v[1], &v[3], &tb);
    dif_bf(&v[0], &v[1], triv ? NULL : &tc);
    dif_bf(&v[2], &v[3], triv ? NULL : &tc);
}

INLINE void dif4_loop(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t len, __m256i ta, __m256i tb, __m256i tc,
                      int triv) {
    size_t c = 0;
    for (; c + 8 <= len; c += 8) {
        __m256i v[4] = {ld(x0 + c), ld(x1 + c), ld(x2 + c), ld(x3 + c)};
        dif4_body(v, ta, tb, tc, triv);
        st(x0 + c, v[0]);
        st(x1 + c, v[1]);
        st(x2 + c, v[2]);
        st(x3 + c, v[3]);
    }
    if (c < len) {
        __m256i m = tail_mask(len - c);
        __m256i v[4] = {ldm(x0 + c, m), ldm(x1 + c, m), ldm(x2 + c, m), ldm(x3 + c, m)};
        dif4_body(v, ta, tb, tc, triv);
        stm(x0 + c, m, v[0]);
        stm(x1 + c, m, v[1]);
        stm(x2 + c, m, v[2]);
        stm(x3 + c, m, v[3]);
    }
}

static void dif4_avx2(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t len, hs_kb ta, hs_kb tb, hs_kb tc) {
    if (ta == HS_KB_ONE && tc == HS_KB_ONE)
        dif4_loop(x0, x1, x2, x3, len, _mm256_setzero_si256(), hs_kb8x_set1(tb), _mm256_setzero_si256(), 1);
    else
        dif4_loop(x0, x1, x2, x3, len, hs_kb8x_set1(ta), hs_kb8x_set1(tb), hs_kb8x_set1(tc), 0);
}

INLINE void dit4_body(__m256i *v, __m256i ta, __m256i tb, __m256i tc, int triv) {
    dit_bf(&v[0], &v[1], triv ? NULL : &tc);
    dit_bf(&v[2], &v[3], triv ? NULL : &tc);
    dit_bf(&v[0], &v[2], triv ? NULL : &ta);
    dit_bf(&v[1], &v[3], &tb);
}

INLINE void dit4_loop(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t len, __m256i ta, __m256i tb, __m256i tc,
                      int triv) {
    size_t c = 0;
    for (; c + 8 <= len; c += 8) {
        __m256i v[4] = {ld(x0 + c), ld(x1 + c), ld(x2 + c), ld(x3 + c)};
        dit4_body(v, ta, tb, tc, triv);
        st(x0 + c, v[0]);
        st(x1 + c, v[1]);
        st(x2 + c, v[2]);
        st(x3 + c, v[3]);
    }
    if (c < len) {
        __m256i m = tail_mask(len - c);
        __m256i v[4] = {ldm(x0 + c, m), ldm(x1 + c, m), ldm(x2 + c, m), ldm(x3 + c, m)};
        dit4_body(v, ta, tb, tc, triv);
        stm(x0 + c, m, v[0]);
        stm(x1 + c, m, v[1]);
        stm(x2 + c, m, v[2]);
        stm(x3 + c, m, v[3]);
    }
}

static void dit4_avx2(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t len, hs_kb ta, hs_kb tb, hs_kb tc) {
    if (ta == HS_KB_ONE && tc == HS_KB_ONE)
        dit4_loop(x0, x1, x2, x3, len, _mm256_setzero_si256(), hs_kb8x_set1(tb), _mm256_setzero_si256(), 1);
    else
        dit4_loop(x0, x1, x2, x3, len, hs_kb8x_set1(ta), hs_kb8x_set1(tb), hs_kb8x_set1(tc), 0);
}

static void scale_avx2(hs_kb *dst, const hs_kb *src, size_t len, hs_kb c) {
    const __m256i t = hs_kb8x_set1(c);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) st(dst + i, mul_tw(ld(src + i), t));
    if (i < len) {
        __m256i m = tail_mask(len - i);
        stm(dst + i, m, mul_tw(ldm(src + i, m), t));
    }
}

const hs_ntt_kernels hs_ntt_kernels_avx2 = {
    "avx2", dif2_avx2, dit2_avx2, dif4_avx2, dit4_avx2, scale_avx2,
};
