/* NTT row kernels, 8 words per AVX2 vector. A call covers nseg segments of len words (see
 * hs_ntt_kernels). Wide segments (len >= 8, or len not 1, 2, 4) take one broadcast twiddle each
 * and a masked last vector (masked-off lanes compute on zeros and are never written); narrow
 * segments (len 1, 2, 4) are packed 8/len to a vector with their twiddles spread across lanes.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include <string.h>

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

/* A twiddle as a Montgomery multiplier: t and t * mu mod 2^32 (so q = a * t * mu needs no
 * product of the product: a shorter dependency chain). `bcast`: every lane holds the same t, so
 * the odd products need no shifted copy of it. */
typedef struct {
    __m256i t, tm;
} twv;

INLINE twv tw_bcast(hs_kb t) {
    twv r = {_mm256_set1_epi32((int)t), _mm256_set1_epi32((int)(t * HS_KB_MU))};
    return r;
}
INLINE twv tw_lanes(__m256i t) {
    twv r = {t, _mm256_mullo_epi32(t, _mm256_set1_epi32((int)HS_KB_MU))};
    return r;
}

/* a * t for a < 2p, result in [0, p). */
INLINE __m256i mulx(__m256i a, const twv *w, int bcast) {
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P);
    __m256i a_odd = _mm256_srli_epi64(a, 32);
    __m256i t_odd = bcast ? w->t : _mm256_srli_epi64(w->t, 32), tm_odd = bcast ? w->tm : _mm256_srli_epi64(w->tm, 32);
    __m256i p_evn = _mm256_mul_epu32(a, w->t), p_odd = _mm256_mul_epu32(a_odd, t_odd);
    /* REDC: q = a * t * mu mod 2^32, subtract the high halves of q * p */
    __m256i qp_evn = _mm256_mul_epu32(_mm256_mul_epu32(a, w->tm), P);
    __m256i qp_odd = _mm256_mul_epu32(_mm256_mul_epu32(a_odd, tm_odd), P);
    __m256i p_hi = _mm256_blend_epi32(_mm256_srli_epi64(p_evn, 32), p_odd, 0xaa);
    __m256i qp_hi = _mm256_blend_epi32(_mm256_srli_epi64(qp_evn, 32), qp_odd, 0xaa);
    __m256i d = _mm256_sub_epi32(p_hi, qp_hi);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, P));
}
/* x - y + p in (0, 2p): a valid multiplicand without reduction. */
INLINE __m256i sub_lazy(__m256i x, __m256i y) {
    return _mm256_sub_epi32(_mm256_add_epi32(x, _mm256_set1_epi32((int)HS_KB_P)), y);
}

/* Butterflies; t == NULL means t = 1. */
INLINE void dif_bf(__m256i *x, __m256i *y, const twv *t, int bcast) {
    __m256i s = hs_kb8x_add(*x, *y);
    *y = t ? mulx(sub_lazy(*x, *y), t, bcast) : hs_kb8x_sub(*x, *y);
    *x = s;
}
/* x mod p for x < 2p. */
INLINE __m256i reduce2p(__m256i x) { return _mm256_min_epu32(x, _mm256_sub_epi32(x, _mm256_set1_epi32((int)HS_KB_P))); }
/* DIT on lazy values: inputs and outputs in [0, 2p), one reduction per butterfly instead of two
 * (x + v and x - v + p of reduced x, v stay below 2p). */
INLINE void dit_bf(__m256i *x, __m256i *y, const twv *t, int bcast) {
    __m256i xr = reduce2p(*x), v = t ? mulx(*y, t, bcast) : reduce2p(*y);
    *y = _mm256_sub_epi32(_mm256_add_epi32(xr, _mm256_set1_epi32((int)HS_KB_P)), v);
    *x = _mm256_add_epi32(xr, v);
}

/* Values for 8 consecutive words of narrow segments (len 1, 2 or 4) starting at segment t[0]. */
INLINE __m256i spread(const hs_kb *t, size_t len) {
    if (len == 1) return ld(t);
    if (len == 2)
        return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)t)),
                                           _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3));
    return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)t)),
                                       _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
}
INLINE int narrow(size_t len) { return len == 1 || len == 2 || len == 4; }
INLINE unsigned log2_narrow(size_t len) { return len == 1 ? 0 : len == 2 ? 1 : 2; }

/* The kernels are written once over K rows with `op` applying the butterflies to a vector group;
 * `triv` (twiddles equal to 1 skipped) and `bcast` are constants at each expansion, so the
 * compiler emits one specialised loop per case. */

/* ---- two rows ---- */

INLINE void bf2(__m256i *v, const twv *t, int bcast, int dit) {
    if (dit)
        dit_bf(&v[0], &v[1], t, bcast);
    else
        dif_bf(&v[0], &v[1], t, bcast);
}

INLINE void seg2(hs_kb *a, hs_kb *b, size_t len, hs_kb t, int dit) {
    const twv tv = tw_bcast(t);
    const twv *tp = t == HS_KB_ONE ? NULL : &tv;
    size_t c = 0;
    for (; c + 8 <= len; c += 8) {
        __m256i v[2] = {ld(a + c), ld(b + c)};
        bf2(v, tp, 1, dit);
        st(a + c, v[0]);
        st(b + c, v[1]);
    }
    if (c < len) {
        __m256i m = tail_mask(len - c);
        __m256i v[2] = {ldm(a + c, m), ldm(b + c, m)};
        bf2(v, tp, 1, dit);
        stm(a + c, m, v[0]);
        stm(b + c, m, v[1]);
    }
}

INLINE void run2(hs_kb *a, hs_kb *b, size_t nseg, size_t len, const hs_kb *t, int dit) {
    if (!narrow(len)) {
        for (size_t s = 0; s < nseg; s++) seg2(a + s * len, b + s * len, len, t[s], dit);
        return;
    }
    const unsigned sh = log2_narrow(len);
    const size_t total = nseg * len;
    size_t c = 0;
    for (; c + 8 <= total; c += 8) {
        twv tv = tw_lanes(spread(t + (c >> sh), len));
        __m256i v[2] = {ld(a + c), ld(b + c)};
        bf2(v, &tv, 0, dit);
        st(a + c, v[0]);
        st(b + c, v[1]);
    }
    if (c < total) {
        hs_kb tb[8] = {0};
        memcpy(tb, t + (c >> sh), ((total - c) >> sh) * sizeof(hs_kb));
        twv tv = tw_lanes(spread(tb, len));
        __m256i m = tail_mask(total - c);
        __m256i v[2] = {ldm(a + c, m), ldm(b + c, m)};
        bf2(v, &tv, 0, dit);
        stm(a + c, m, v[0]);
        stm(b + c, m, v[1]);
    }
}

static void dif2_avx2(hs_kb *a, hs_kb *b, size_t nseg, size_t len, const hs_kb *t) { run2(a, b, nseg, len, t, 0); }
static void dit2_avx2(hs_kb *a, hs_kb *b, size_t nseg, size_t len, const hs_kb *t) { run2(a, b, nseg, len, t, 1); }

/* ---- four rows ---- */

/* triv: ta = tc = 1 (the first group of every layer pair in a contiguous block). */
INLINE void bf4(__m256i *v, const twv *ta, const twv *tb, const twv *tc, int bcast, int dit) {
    if (dit) {
        dit_bf(&v[0], &v[1], tc, bcast);
        dit_bf(&v[2], &v[3], tc, bcast);
        dit_bf(&v[0], &v[2], ta, bcast);
        dit_bf(&v[1], &v[3], tb, bcast);
    } else {
        dif_bf(&v[0], &v[2], ta, bcast);
        dif_bf(&v[1], &v[3], tb, bcast);
        dif_bf(&v[0], &v[1], tc, bcast);
        dif_bf(&v[2], &v[3], tc, bcast);
    }
}

INLINE void seg4_loop(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t len, const twv *ta, const twv *tb,
                      const twv *tc, int dit) {
    size_t c = 0;
    for (; c + 8 <= len; c += 8) {
        __m256i v[4] = {ld(x0 + c), ld(x1 + c), ld(x2 + c), ld(x3 + c)};
        bf4(v, ta, tb, tc, 1, dit);
        st(x0 + c, v[0]);
        st(x1 + c, v[1]);
        st(x2 + c, v[2]);
        st(x3 + c, v[3]);
    }
    if (c < len) {
        __m256i m = tail_mask(len - c);
        __m256i v[4] = {ldm(x0 + c, m), ldm(x1 + c, m), ldm(x2 + c, m), ldm(x3 + c, m)};
        bf4(v, ta, tb, tc, 1, dit);
        stm(x0 + c, m, v[0]);
        stm(x1 + c, m, v[1]);
        stm(x2 + c, m, v[2]);
        stm(x3 + c, m, v[3]);
    }
}

INLINE void seg4(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t len, hs_kb ta, hs_kb tb, hs_kb tc, int dit) {
    const twv va = tw_bcast(ta), vb = tw_bcast(tb), vc = tw_bcast(tc);
    if (ta == HS_KB_ONE && tc == HS_KB_ONE)
        seg4_loop(x0, x1, x2, x3, len, NULL, &vb, NULL, dit);
    else
        seg4_loop(x0, x1, x2, x3, len, &va, &vb, &vc, dit);
}

INLINE void run4(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t nseg, size_t len, const hs_kb *ta,
                 const hs_kb *tb, const hs_kb *tc, int dit) {
    if (!narrow(len)) {
        for (size_t s = 0, o = 0; s < nseg; s++, o += len) seg4(x0 + o, x1 + o, x2 + o, x3 + o, len, ta[s], tb[s], tc[s], dit);
        return;
    }
    const unsigned sh = log2_narrow(len);
    const size_t total = nseg * len;
    size_t c = 0;
    for (; c + 8 <= total; c += 8) {
        const size_t s = c >> sh;
        twv va = tw_lanes(spread(ta + s, len)), vb = tw_lanes(spread(tb + s, len)), vc = tw_lanes(spread(tc + s, len));
        __m256i v[4] = {ld(x0 + c), ld(x1 + c), ld(x2 + c), ld(x3 + c)};
        bf4(v, &va, &vb, &vc, 0, dit);
        st(x0 + c, v[0]);
        st(x1 + c, v[1]);
        st(x2 + c, v[2]);
        st(x3 + c, v[3]);
    }
    if (c < total) {
        const size_t s = c >> sh, ns = (total - c) >> sh;
        hs_kb ba[8] = {0}, bb[8] = {0}, bc[8] = {0};
        memcpy(ba, ta + s, ns * sizeof(hs_kb));
        memcpy(bb, tb + s, ns * sizeof(hs_kb));
        memcpy(bc, tc + s, ns * sizeof(hs_kb));
        twv va = tw_lanes(spread(ba, len)), vb = tw_lanes(spread(bb, len)), vc = tw_lanes(spread(bc, len));
        __m256i m = tail_mask(total - c);
        __m256i v[4] = {ldm(x0 + c, m), ldm(x1 + c, m), ldm(x2 + c, m), ldm(x3 + c, m)};
        bf4(v, &va, &vb, &vc, 0, dit);
        stm(x0 + c, m, v[0]);
        stm(x1 + c, m, v[1]);
        stm(x2 + c, m, v[2]);
        stm(x3 + c, m, v[3]);
    }
}

static void dif4_avx2(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t nseg, size_t len, const hs_kb *ta,
                      const hs_kb *tb, const hs_kb *tc) {
    run4(x0, x1, x2, x3, nseg, len, ta, tb, tc, 0);
}
static void dit4_avx2(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t nseg, size_t len, const hs_kb *ta,
                      const hs_kb *tb, const hs_kb *tc) {
    run4(x0, x1, x2, x3, nseg, len, ta, tb, tc, 1);
}

/* ---- scaling: segment s times f * g^s ---- */

INLINE void scale_seg(hs_kb *dst, const hs_kb *src, size_t len, hs_kb f) {
    const twv t = tw_bcast(f);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) st(dst + i, mulx(ld(src + i), &t, 1));
    if (i < len) {
        __m256i m = tail_mask(len - i);
        stm(dst + i, m, mulx(ldm(src + i, m), &t, 1));
    }
}

static void scale_avx2(hs_kb *dst, const hs_kb *src, size_t nseg, size_t len, hs_kb f, hs_kb g) {
    const size_t total = nseg * len;
    if (!narrow(len) || total < 8) {
        for (size_t s = 0; s < nseg; s++, dst += len, src += len) {
            scale_seg(dst, src, len, f);
            f = hs_kb_mul(f, g);
        }
        return;
    }
    /* factors of the first 8/len segments, then a step of g^(8/len) per vector */
    const size_t per = 8 / len;
    hs_kb fb[8], step = HS_KB_ONE;
    for (size_t s = 0; s < per; s++) {
        fb[s] = f;
        f = hs_kb_mul(f, g);
    }
    for (size_t s = 0; s < per; s++) step = hs_kb_mul(step, g);
    twv fv = tw_lanes(spread(fb, len));
    const twv sv = tw_bcast(step);
    size_t c = 0;
    for (; c + 8 <= total; c += 8) {
        st(dst + c, mulx(ld(src + c), &fv, 0));
        fv = tw_lanes(mulx(fv.t, &sv, 1));
    }
    if (c < total) {
        __m256i m = tail_mask(total - c);
        stm(dst + c, m, mulx(ldm(src + c, m), &fv, 0));
    }
}

const hs_ntt_kernels hs_ntt_kernels_avx2 = {
    "avx2", dif2_avx2, dit2_avx2, dif4_avx2, dit4_avx2, scale_avx2,
};
