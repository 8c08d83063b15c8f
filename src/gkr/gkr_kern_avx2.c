/* AVX2 row kernels of the gkr layer sumcheck: 8 rows per vector, K values as 5 packed vectors
 * (field/kb5_avx2.h; one per coordinate, loaded straight from the tables' planes). Sums of K times
 * base products are kept unreduced in 64-bit lanes, at most 4 between folds (fold64, fold64s), then
 * reduced once; the portable twins in gkr_kern.c give the same results. */
#include <immintrin.h>

#include "field/kb5_avx2.h"
#include "gkr/gkr_kern.h"

#define P8 HS_KB5X_P
#define MU8 HS_KB5X_MU

/* Montgomery reduction of unreduced sums held as even-lane (te) and odd-lane (to) 64-bit
 * values, any below 2^64: a sum >= 2^63 first drops p 2^32 (leaving < 2^63 + 2^56), then t - q p
 * has the high word hi(t) - hi(q p) in (-p, 2^31 + 2^24 - 1); two min-corrections bring it to
 * [0, p). */
static inline __m256i red64(__m256i te, __m256i to) {
    const __m256i zero = _mm256_setzero_si256(), psh = _mm256_set1_epi64x((long long)((uint64_t)HS_KB_P << 32));
    const __m256i P = P8, MU = MU8;
    te = _mm256_sub_epi64(te, _mm256_and_si256(_mm256_cmpgt_epi64(zero, te), psh));
    to = _mm256_sub_epi64(to, _mm256_and_si256(_mm256_cmpgt_epi64(zero, to), psh));
    __m256i re = _mm256_sub_epi64(te, _mm256_mul_epu32(_mm256_mul_epu32(te, MU), P));
    __m256i ro = _mm256_sub_epi64(to, _mm256_mul_epu32(_mm256_mul_epu32(to, MU), P));
    __m256i d = _mm256_blend_epi32(_mm256_srli_epi64(re, 32), ro, 0xaa);
    d = _mm256_min_epu32(d, _mm256_add_epi32(d, P));
    return _mm256_min_epu32(d, _mm256_sub_epi32(d, P));
}

static inline __m256i add8(__m256i a, __m256i b) { return hs_mt8_add(a, b, P8); }
static inline __m256i sub8(__m256i a, __m256i b) { return hs_mt8_sub(a, b, P8); }

/* Unreduced sums of K (vector) times base (vector) products. */
typedef struct {
    __m256i e[5], o[5];
} lazy;
static inline void lazy_zero(lazy *l) {
    for (int c = 0; c < 5; c++) l->e[c] = l->o[c] = _mm256_setzero_si256();
}
/* ko: hs_mt8_odd(k.c[c]) precomputed by the caller. */
static inline void lazy_add(lazy *l, const hs_kb5x *k, const __m256i *ko, __m256i b) {
    __m256i bo = hs_mt8_odd(b);
    for (int c = 0; c < 5; c++) {
        l->e[c] = _mm256_add_epi64(l->e[c], _mm256_mul_epu32(k->c[c], b));
        l->o[c] = _mm256_add_epi64(l->o[c], _mm256_mul_epu32(ko[c], bo));
    }
}
/* Keeps the sums small without a reduction: t = hi 2^32 + lo == hi (2^32 mod p) + lo (mod p), below
 * 2^57 (2^32 mod p = 2^25 - 2), so four more products fit before the next fold (2^57 + 4 (p - 1)^2
 * < 2^64). */
static inline __m256i fold64(__m256i t) {
    const __m256i c = _mm256_set1_epi64x((1 << 25) - 2), lo32 = _mm256_set1_epi64x(0xffffffffll);
    return _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(t, 32), c), _mm256_and_si256(t, lo32));
}
static inline void lazy_fold(lazy *l) {
    for (int c = 0; c < 5; c++) l->e[c] = fold64(l->e[c]), l->o[c] = fold64(l->o[c]);
}
static inline void lazy_flush(lazy *l, hs_kb5x *acc) {
    for (int c = 0; c < 5; c++) acc->c[c] = add8(acc->c[c], red64(l->e[c], l->o[c]));
    lazy_zero(l);
}

static inline __m256i ld(const hs_kb *p) { return _mm256_loadu_si256((const __m256i *)p); }

static void round0(const hs_kb *const *cols, unsigned n_cube, size_t h, hs_gkr_k5 eq, size_t lo, size_t hi,
                   hs_kb5 acc[][3]) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    const __m256i P = P8, MU = MU8;
    for (unsigned j = 0; j < n_cube; j++) {
        const hs_kb *col = cols[j];
        hs_kb5x s[3] = {hs_kb5x_zero(), hs_kb5x_zero(), hs_kb5x_zero()};
        lazy l[3];
        lazy_zero(&l[0]), lazy_zero(&l[1]), lazy_zero(&l[2]);
        unsigned cnt = 0;
        for (size_t x = lo; x < vhi; x += 8) {
            hs_kb5x e = hs_kb5x_load_planes(eq.p, x);
            __m256i eo[5];
            for (int c = 0; c < 5; c++) eo[c] = hs_mt8_odd(e.c[c]);
            __m256i a = ld(col + x), b = ld(col + x + h), d = sub8(b, a), v2 = add8(b, d), v3 = add8(v2, d);
            lazy_add(&l[0], &e, eo, hs_mt8_cube_s(a, P, MU));
            lazy_add(&l[1], &e, eo, hs_mt8_cube_s(v2, P, MU));
            lazy_add(&l[2], &e, eo, hs_mt8_cube_s(v3, P, MU));
            if (++cnt == 3) {
                for (int t = 0; t < 3; t++) lazy_fold(&l[t]);
                cnt = 0;
            }
        }
        for (int t = 0; t < 3; t++) {
            lazy_flush(&l[t], &s[t]);
            acc[j][t] = hs_kb5_add(acc[j][t], hs_kb5x_hsum(s[t]));
        }
    }
    if (vhi < hi) hs_gkr_kernels_portable.round0(cols, n_cube, h, eq, vhi, hi, acc);
}

static inline __m256i canon(__m256i d) { return hs_mt8_canon_s(d, P8); }

static void round1(const hs_kb *const *cols, unsigned n_cube, size_t q, hs_gkr_k5 eq, size_t lo, size_t hi,
                   hs_kb5 acc[][3][4]) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    const __m256i P = P8, MU = MU8;
    for (unsigned j = 0; j < n_cube; j++) {
        const hs_kb *col = cols[j];
        hs_kb5x s[3][4];
        lazy l[3][4];
        for (int t = 0; t < 3; t++)
            for (int k = 0; k < 4; k++) s[t][k] = hs_kb5x_zero(), lazy_zero(&l[t][k]);
        unsigned cnt = 0;
        for (size_t x = lo; x < vhi; x += 8) {
            hs_kb5x e = hs_kb5x_load_planes(eq.p, x);
            __m256i eo[5];
            for (int c = 0; c < 5; c++) eo[c] = hs_mt8_odd(e.c[c]);
            __m256i a0 = ld(col + x), a1 = ld(col + x + q), a2 = ld(col + x + 2 * q), a3 = ld(col + x + 3 * q);
            __m256i da = sub8(a1, a0), db = sub8(a3, a2), A = a0, B = a2;
            for (int t = 0; t < 3; t++) {
                if (t == 1) A = add8(A, add8(da, da)), B = add8(B, add8(db, db));
                if (t == 2) A = add8(A, da), B = add8(B, db);
                __m256i D = sub8(B, A);
                __m256i A2 = hs_mt8_mul_s(A, A, P, MU), D2 = hs_mt8_mul_s(D, D, P, MU);
                lazy_add(&l[t][0], &e, eo, canon(hs_mt8_mul_s(A2, A, P, MU)));
                lazy_add(&l[t][1], &e, eo, canon(hs_mt8_mul_s(A2, D, P, MU)));
                lazy_add(&l[t][2], &e, eo, canon(hs_mt8_mul_s(A, D2, P, MU)));
                lazy_add(&l[t][3], &e, eo, canon(hs_mt8_mul_s(D2, D, P, MU)));
            }
            if (++cnt == 3) {
                for (int t = 0; t < 3; t++)
                    for (int k = 0; k < 4; k++) lazy_fold(&l[t][k]);
                cnt = 0;
            }
        }
        for (int t = 0; t < 3; t++)
            for (int k = 0; k < 4; k++) {
                lazy_flush(&l[t][k], &s[t][k]);
                acc[j][t][k] = hs_kb5_add(acc[j][t][k], hs_kb5x_hsum(s[t][k]));
            }
    }
    if (vhi < hi) hs_gkr_kernels_portable.round1(cols, n_cube, q, eq, vhi, hi, acc);
}

static void fold01(const hs_kb *col, size_t q, const hs_kb5 *w, hs_gkr_k5 out, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    hs_kb5x W[4];
    __m256i Wo[4][5];
    for (int b = 0; b < 4; b++) {
        W[b] = hs_kb5x_set1(w[b]);
        for (int c = 0; c < 5; c++) Wo[b][c] = hs_mt8_odd(W[b].c[c]);
    }
    for (size_t x = lo; x < vhi; x += 8) {
        lazy l;
        lazy_zero(&l);
        for (int b = 0; b < 4; b++) lazy_add(&l, &W[b], Wo[b], ld(col + x + b * q));
        hs_kb5x acc = hs_kb5x_zero();
        lazy_flush(&l, &acc);
        hs_kb5x_store_planes(out.p, x, acc);
    }
    if (vhi < hi) hs_gkr_kernels_portable.fold01(col, q, w, out, vhi, hi);
}

static void lin(hs_gkr_k5 l, size_t h, hs_gkr_k5 eq, size_t lo, size_t hi, hs_kb5 *la, hs_kb5 *lb) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    hs_kb5x A = hs_kb5x_zero(), B = hs_kb5x_zero();
    for (size_t x = lo; x < vhi; x += 8) {
        hs_kb5x e = hs_kb5x_load_planes(eq.p, x);
        A = hs_kb5x_add(A, hs_kb5x_mul(e, hs_kb5x_load_planes(l.p, x)));
        if (lb) B = hs_kb5x_add(B, hs_kb5x_mul(e, hs_kb5x_load_planes(l.p, x + h)));
    }
    *la = hs_kb5_add(*la, hs_kb5x_hsum(A));
    if (lb) *lb = hs_kb5_add(*lb, hs_kb5x_hsum(B));
    if (vhi < hi) hs_gkr_kernels_portable.lin(l, h, eq, vhi, hi, la, lb);
}

/* roundk, 8 rows at a time: first each lane's a, d, a^2, d^2 and their odd-lane copies go to a
 * small buffer (RK_LANES lanes at a time); then each of the three products (a^2 a, a^2 d, d^2 d)
 * and each half (even, odd lanes) is one pass over the lanes with its 10 unreduced coefficient sums
 * in registers: d_k, k = 0..8 of the product polynomial with d_4 split in two (4 + 1 products), so
 * that each gets at most 4 products per lane. A sum is folded before a lane when 4 products may have
 * come in since its last fold (fold64 leaves < 2^57, and 2^57 + 4 (p - 1)^2 < 2^64; red64 takes any
 * 64-bit value): the ones with 3 or 4 products per lane before every lane, those with 2 or 1
 * before every 2nd or 4th. */
#define RK_LANES 16
/* Rows ahead that roundk prefetches: its 10 n_cube streams are more than the hardware prefetchers
 * follow (16 lanes: ~1.5x from the prefetch alone). */
#define RK_PF 64

enum { RK_A, RK_AO, RK_D, RK_DO, RK_A2, RK_A2O, RK_D2, RK_D2O, RK_OPS };

/* sums t[0..9] += x y (one half) over lanes n0 .. n0 + nj - 1 of the buffer. */
static inline void rk_pass(const __m256i (*op)[RK_OPS][5], unsigned nj, unsigned n0, int xi, int yi, __m256i *acc) {
    __m256i t[10];
    for (int k = 0; k < 10; k++) t[k] = acc[k];
    for (unsigned j = 0; j < nj; j++) {
        const unsigned n = n0 + j;
        if (n) {
#define FOLD(k) t[k] = fold64(t[k])
            FOLD(2), FOLD(3), FOLD(4), FOLD(6), FOLD(7);
            if (!(n & 1)) FOLD(1), FOLD(8);
            if (!(n & 3)) FOLD(0), FOLD(5), FOLD(9);
#undef FOLD
        }
        const __m256i *x = op[j][xi], *y = op[j][yi];
#define ADD(k, i, l) t[k] = _mm256_add_epi64(t[k], _mm256_mul_epu32(x[i], y[l]))
        ADD(0, 0, 0);
        ADD(1, 0, 1), ADD(1, 1, 0);
        ADD(2, 0, 2), ADD(2, 1, 1), ADD(2, 2, 0);
        ADD(3, 0, 3), ADD(3, 1, 2), ADD(3, 2, 1), ADD(3, 3, 0);
        ADD(4, 0, 4), ADD(4, 1, 3), ADD(4, 2, 2), ADD(4, 3, 1);
        ADD(5, 4, 0);
        ADD(6, 1, 4), ADD(6, 2, 3), ADD(6, 3, 2), ADD(6, 4, 1);
        ADD(7, 2, 4), ADD(7, 3, 3), ADD(7, 4, 2);
        ADD(8, 3, 4), ADD(8, 4, 3);
        ADD(9, 4, 4);
#undef ADD
    }
    for (int k = 0; k < 10; k++) acc[k] = t[k];
}
/* The product from its even- and odd-half sums. */
static inline hs_kb5x rk_reduce(const __m256i *te, const __m256i *to) {
    __m256i r[10];
    for (int k = 0; k < 10; k++) r[k] = red64(te[k], to[k]);
    __m256i d[9] = {r[0], r[1], r[2], r[3], add8(r[4], r[5]), r[6], r[7], r[8], r[9]};
    return hs_kb5x_reduce9(d);
}

/* One lane (the partial layers): no sums over lanes to keep unreduced, so reduced products, with
 * e a^2 shared by the first two: 2 squares and 5 products per 8 rows (~1.3x against the lane
 * passes). */
static void roundk1(hs_gkr_k5 f, size_t h, hs_gkr_k5 eq, size_t lo, size_t vhi, hs_kb5 c[3]) {
    hs_kb5x c0 = hs_kb5x_zero(), c1 = hs_kb5x_zero(), c3 = hs_kb5x_zero();
    for (size_t x = lo; x < vhi; x += 8) {
        hs_kb5x a = hs_kb5x_load_planes(f.p, x), d = hs_kb5x_sub(hs_kb5x_load_planes(f.p, x + h), a);
        hs_kb5x e = hs_kb5x_load_planes(eq.p, x);
        hs_kb5x ea2 = hs_kb5x_mul(e, hs_kb5x_square(a)), ed2 = hs_kb5x_mul(e, hs_kb5x_square(d));
        c0 = hs_kb5x_add(c0, hs_kb5x_mul(ea2, a));
        c1 = hs_kb5x_add(c1, hs_kb5x_mul(ea2, d));
        c3 = hs_kb5x_add(c3, hs_kb5x_mul(ed2, d));
    }
    c[0] = hs_kb5_add(c[0], hs_kb5x_hsum(c0));
    c[1] = hs_kb5_add(c[1], hs_kb5x_hsum(c1));
    c[2] = hs_kb5_add(c[2], hs_kb5x_hsum(c3));
}

static void roundk(const hs_gkr_k5 *fold, unsigned n_cube, size_t h, hs_gkr_k5 eq, size_t lo, size_t hi,
                   hs_kb5 c[3]) {
    if (n_cube == 1) {
        const size_t vhi = lo + (hi - lo) / 8 * 8;
        roundk1(fold[0], h, eq, lo, vhi, c);
        if (vhi < hi) hs_gkr_kernels_portable.roundk(fold, n_cube, h, eq, vhi, hi, c);
        return;
    }
    /* the three products: x, y operands in the buffer */
    static const int px[3] = {RK_A2, RK_A2, RK_D2}, py[3] = {RK_A, RK_D, RK_D};
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    hs_kb5x cs[3] = {hs_kb5x_zero(), hs_kb5x_zero(), hs_kb5x_zero()};
    __m256i op[RK_LANES][RK_OPS][5];
    for (size_t x = lo; x < vhi; x += 8) {
        __m256i s[3][2][10];
        for (int o = 0; o < 3; o++)
            for (int k = 0; k < 10; k++) s[o][0][k] = s[o][1][k] = _mm256_setzero_si256();
        const size_t pf = x + RK_PF < vhi ? x + RK_PF : x;
        for (unsigned j0 = 0; j0 < n_cube; j0 += RK_LANES) {
            const unsigned nj = n_cube - j0 < RK_LANES ? n_cube - j0 : RK_LANES;
            for (unsigned j = 0; j < nj; j++) {
                const hs_gkr_k5 f = fold[j0 + j];
                for (int k = 0; k < 5; k++) {
                    _mm_prefetch((const char *)(f.p[k] + pf), _MM_HINT_T0);
                    _mm_prefetch((const char *)(f.p[k] + pf + h), _MM_HINT_T0);
                }
                hs_kb5x a = hs_kb5x_load_planes(f.p, x), d = hs_kb5x_sub(hs_kb5x_load_planes(f.p, x + h), a);
                hs_kb5x a2 = hs_kb5x_square(a), d2 = hs_kb5x_square(d);
                for (int k = 0; k < 5; k++) {
                    op[j][RK_A][k] = a.c[k], op[j][RK_AO][k] = hs_mt8_odd(a.c[k]);
                    op[j][RK_D][k] = d.c[k], op[j][RK_DO][k] = hs_mt8_odd(d.c[k]);
                    op[j][RK_A2][k] = a2.c[k], op[j][RK_A2O][k] = hs_mt8_odd(a2.c[k]);
                    op[j][RK_D2][k] = d2.c[k], op[j][RK_D2O][k] = hs_mt8_odd(d2.c[k]);
                }
            }
            for (int o = 0; o < 3; o++)
                for (int hf = 0; hf < 2; hf++) rk_pass((const __m256i(*)[RK_OPS][5])op, nj, j0, px[o] + hf, py[o] + hf, s[o][hf]);
        }
        hs_kb5x e = hs_kb5x_load_planes(eq.p, x);
        for (int o = 0; o < 3; o++) cs[o] = hs_kb5x_add(cs[o], hs_kb5x_mul(e, rk_reduce(s[o][0], s[o][1])));
    }
    for (int o = 0; o < 3; o++) c[o] = hs_kb5_add(c[o], hs_kb5x_hsum(cs[o]));
    if (vhi < hi) hs_gkr_kernels_portable.roundk(fold, n_cube, h, eq, vhi, hi, c);
}

static void fold0(const hs_kb *col, size_t h, hs_kb5 s, hs_kb5 sr, hs_gkr_k5 out, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    const hs_kb5x S = hs_kb5x_set1(s), SR = hs_kb5x_set1(sr);
    for (size_t x = lo; x < vhi; x += 8) {
        __m256i a = ld(col + x), b = ld(col + x + h);
        hs_kb5x_store_planes(out.p, x, hs_kb5x_add(hs_kb5x_mul_base(S, a), hs_kb5x_mul_base(SR, sub8(b, a))));
    }
    if (vhi < hi) hs_gkr_kernels_portable.fold0(col, h, s, sr, out, vhi, hi);
}

static void foldk(hs_gkr_k5 f, size_t h, hs_kb5 r, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    const hs_kb5x R = hs_kb5x_set1(r);
    for (size_t x = lo; x < vhi; x += 8) {
        hs_kb5x a = hs_kb5x_load_planes(f.p, x), b = hs_kb5x_load_planes(f.p, x + h);
        hs_kb5x_store_planes(f.p, x, hs_kb5x_add(a, hs_kb5x_mul(R, hs_kb5x_sub(b, a))));
    }
    if (vhi < hi) hs_gkr_kernels_portable.foldk(f, h, r, vhi, hi);
}

static void lincol(const hs_kb *const *cols, unsigned k, const hs_kb5 *coef, hs_gkr_k5 dst, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    hs_kb5x C[HS_GKR_KERN_MAX_COLS];
    __m256i Co[HS_GKR_KERN_MAX_COLS][5];
    for (unsigned j = 0; j < k; j++) {
        C[j] = hs_kb5x_set1(coef[j]);
        for (int c = 0; c < 5; c++) Co[j][c] = hs_mt8_odd(C[j].c[c]);
    }
    for (size_t x = lo; x < vhi; x += 8) {
        hs_kb5x acc = hs_kb5x_zero();
        lazy l;
        lazy_zero(&l);
        unsigned cnt = 0;
        for (unsigned j = 0; j < k; j++) {
            lazy_add(&l, &C[j], Co[j], ld(cols[j] + x));
            if (++cnt == 3) lazy_fold(&l), cnt = 0;
        }
        lazy_flush(&l, &acc);
        hs_kb5x_store_planes(dst.p, x, acc);
    }
    if (vhi < hi) hs_gkr_kernels_portable.lincol(cols, k, coef, dst, vhi, hi);
}

static void eqx(hs_gkr_k5 src, hs_gkr_k5 lo_out, hs_gkr_k5 hi_out, hs_kb5 z, hs_kb5 omz, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    const hs_kb5x Z = hs_kb5x_set1(z), O = hs_kb5x_set1(omz);
    for (size_t x = lo; x < vhi; x += 8) {
        hs_kb5x v = hs_kb5x_load_planes(src.p, x);
        hs_kb5x_store_planes(hi_out.p, x, hs_kb5x_mul(Z, v));
        hs_kb5x_store_planes(lo_out.p, x, hs_kb5x_mul(O, v));
    }
    if (vhi < hi) hs_gkr_kernels_portable.eqx(src, lo_out, hi_out, z, omz, vhi, hi);
}

static void dot(const hs_kb *const *cols, unsigned k, hs_gkr_k5 eq, size_t lo, size_t hi, hs_kb5 *out) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    for (unsigned j = 0; j < k; j++) {
        hs_kb5x acc = hs_kb5x_zero();
        lazy l;
        lazy_zero(&l);
        unsigned cnt = 0;
        for (size_t x = lo; x < vhi; x += 8) {
            hs_kb5x e = hs_kb5x_load_planes(eq.p, x);
            __m256i eo[5];
            for (int c = 0; c < 5; c++) eo[c] = hs_mt8_odd(e.c[c]);
            lazy_add(&l, &e, eo, ld(cols[j] + x));
            if (++cnt == 3) lazy_fold(&l), cnt = 0;
        }
        lazy_flush(&l, &acc);
        out[j] = hs_kb5_add(out[j], hs_kb5x_hsum(acc));
    }
    if (vhi < hi) hs_gkr_kernels_portable.dot(cols, k, eq, vhi, hi, out);
}

/* The skip round, one lane at a time over blocks of SKIP_BV row vectors (8 rows each). Phase 1
 * puts the 22 cubes of each row vector of the block in a small buffer; phase 2 then takes one X
 * at a time over the block with that X's 10 unreduced sums (5 coordinates, even and odd rows) in
 * registers, so the sums go to memory only between blocks. The products are signed: the cubes'
 * REDC halves as they come, in (-p, p), times eq centred to |e| <= (p - 1) / 2, so |product| <
 * 2^61 and a signed fold every 4 products (fold64s leaves |t| < 2^56 + 2^32) keeps the sums in
 * (-2^63, 2^63). Against one lane per row vector with the 220 sums in memory: ~1.7x. */
#define SKIP_BV 16

/* Signed counterpart of fold64: hi 2^32 + lo with hi the signed high word (mul_epi32 reads the
 * shifted-down high word as signed): |result| < 2^56 + 2^32 for any |t| < 2^63. */
static inline __m256i fold64s(__m256i t) {
    const __m256i c = _mm256_set1_epi64x((1 << 25) - 2), lo32 = _mm256_set1_epi64x(0xffffffffll);
    return _mm256_add_epi64(_mm256_mul_epi32(_mm256_srli_epi64(t, 32), c), _mm256_and_si256(t, lo32));
}
/* Signed sums with |t| < 2^63 into [0, p): fold, lift by p 2^26 > 2^56 + 2^32, reduce. */
static inline __m256i red64s(__m256i te, __m256i to) {
    const __m256i lift = _mm256_set1_epi64x((long long)HS_KB_P << 26);
    return red64(_mm256_add_epi64(fold64s(te), lift), _mm256_add_epi64(fold64s(to), lift));
}
/* e - p where e > (p - 1) / 2, as signed 32-bit values. */
static inline __m256i centre(__m256i e) {
    const __m256i half = _mm256_set1_epi32((int)(HS_KB_P / 2)), P = P8;
    return _mm256_sub_epi32(e, _mm256_and_si256(_mm256_cmpgt_epi32(e, half), P));
}
/* x^3 for |x| <= p as its even- and odd-lane REDC halves, each in (-p, p) in the low words. */
static inline void cube_halves(__m256i x, __m256i *e, __m256i *o) {
    const __m256i P = P8, MU = MU8;
    __m256i xo = hs_mt8_odd(x);
    __m256i x2e = hs_mt8_odd(hs_mt8_mulhi_s(x, x, P, MU)), x2o = hs_mt8_odd(hs_mt8_mulhi_s(xo, xo, P, MU));
    *e = hs_mt8_odd(hs_mt8_mulhi_s(x2e, x, P, MU));
    *o = hs_mt8_odd(hs_mt8_mulhi_s(x2o, xo, P, MU));
}

/* cub[2 X SKIP_BV], cub[(2 X + 1) SKIP_BV]: the halves of v(X)^3 for X = 0..21, v the degree-7
 * polynomial through t[0..7] (overwritten). All values first, then the cubes: the difference
 * chains and the cubes' multiply chains interleaved took ~25% longer. */
static inline void skip_cubes(__m256i t[HS_GKR_KERN_SKIP_D], __m256i *cub) {
    enum { D = HS_GKR_KERN_SKIP_D, PTS = HS_GKR_KERN_SKIP_PTS };
    __m256i c[D], v[PTS];
    for (unsigned X = 0; X < D; X++) v[X] = t[X];
    /* c[k]: the k-th backward difference at node 7 (pass k leaves the k-th ones in t[k..7]);
     * written out, as compilers keep the triangular loop rolled */
#define SKIP_SUB(m) t[m] = sub8(t[m], t[m - 1])
#define SKIP_SUB7 SKIP_SUB(7)
#define SKIP_SUB6 SKIP_SUB7, SKIP_SUB(6)
#define SKIP_SUB5 SKIP_SUB6, SKIP_SUB(5)
#define SKIP_SUB4 SKIP_SUB5, SKIP_SUB(4)
#define SKIP_SUB3 SKIP_SUB4, SKIP_SUB(3)
#define SKIP_SUB2 SKIP_SUB3, SKIP_SUB(2)
#define SKIP_SUB1 SKIP_SUB2, SKIP_SUB(1)
#define SKIP_PASS(k) SKIP_SUB##k, c[k] = t[7]
    c[0] = t[7];
    SKIP_PASS(1), SKIP_PASS(2), SKIP_PASS(3), SKIP_PASS(4), SKIP_PASS(5), SKIP_PASS(6), SKIP_PASS(7);
#undef SKIP_PASS
#undef SKIP_SUB1
#undef SKIP_SUB2
#undef SKIP_SUB3
#undef SKIP_SUB4
#undef SKIP_SUB5
#undef SKIP_SUB6
#undef SKIP_SUB7
#undef SKIP_SUB
    for (unsigned X = D; X < PTS; X++) { /* one step forward */
        for (unsigned i = D - 1; i-- > 0;) c[i] = add8(c[i], c[i + 1]);
        v[X] = c[0];
    }
    for (unsigned X = 0; X < PTS; X++) cube_halves(v[X], &cub[2 * X * SKIP_BV], &cub[(2 * X + 1) * SKIP_BV]);
}

static void skip(const hs_kb *const *cols, unsigned n_cube, size_t M, hs_gkr_k5 eq, size_t lo, size_t hi,
                 hs_kb5 acc[][HS_GKR_KERN_SKIP_PTS]) {
    enum { D = HS_GKR_KERN_SKIP_D, PTS = HS_GKR_KERN_SKIP_PTS };
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    __m256i cub[2 * PTS * SKIP_BV], ec[SKIP_BV][10];
    for (unsigned j = 0; j < n_cube; j++) {
        const hs_kb *col = cols[j];
        __m256i st[PTS][10]; /* [2c], [2c + 1]: coordinate c, even and odd rows */
        for (unsigned X = 0; X < PTS; X++)
            for (int k = 0; k < 10; k++) st[X][k] = _mm256_setzero_si256();
        for (size_t y0 = lo; y0 < vhi; y0 += 8 * SKIP_BV) {
            const unsigned nb = (vhi - y0) / 8 < SKIP_BV ? (unsigned)((vhi - y0) / 8) : SKIP_BV;
            for (unsigned b = 0; b < nb; b++) {
                const size_t y = y0 + 8 * b;
                __m256i t[D];
                for (int c = 0; c < 5; c++) {
                    ec[b][2 * c] = centre(ld(eq.p[c] + y));
                    ec[b][2 * c + 1] = hs_mt8_odd(ec[b][2 * c]);
                }
                for (unsigned d = 0; d < D; d++) t[d] = ld(col + d * M + y);
                skip_cubes(t, cub + b);
            }
            for (unsigned X = 0; X < PTS; X++) {
                __m256i a[10];
                for (int k = 0; k < 10; k++) a[k] = st[X][k];
                for (unsigned b0 = 0; b0 < nb; b0 += 4) {
                    const unsigned b1 = b0 + 4 < nb ? b0 + 4 : nb;
                    for (unsigned b = b0; b < b1; b++) {
                        const __m256i ve = cub[2 * X * SKIP_BV + b], vo = cub[(2 * X + 1) * SKIP_BV + b];
                        for (int c = 0; c < 5; c++) {
                            a[2 * c] = _mm256_add_epi64(a[2 * c], _mm256_mul_epi32(ve, ec[b][2 * c]));
                            a[2 * c + 1] = _mm256_add_epi64(a[2 * c + 1], _mm256_mul_epi32(vo, ec[b][2 * c + 1]));
                        }
                    }
                    for (int k = 0; k < 10; k++) a[k] = fold64s(a[k]);
                }
                for (int k = 0; k < 10; k++) st[X][k] = a[k];
            }
        }
        for (unsigned X = 0; X < PTS; X++) {
            hs_kb5x s;
            for (int c = 0; c < 5; c++) s.c[c] = red64s(st[X][2 * c], st[X][2 * c + 1]);
            acc[j][X] = hs_kb5_add(acc[j][X], hs_kb5x_hsum(s));
        }
    }
    if (vhi < hi) hs_gkr_kernels_portable.skip(cols, n_cube, M, eq, vhi, hi, acc);
}

/* Eight K-by-base products per row vector, kept unreduced (one fold after four: fold64 leaves
 * < 2^57 and 2^57 + 4 (p - 1)^2 < 2^64), one reduction per coordinate. A broadcast weight is its
 * own odd-lane copy. */
static void skipf0(const hs_kb *col, size_t M, const hs_kb5 *w, hs_gkr_k5 out, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    hs_kb5x W[HS_GKR_KERN_SKIP_D];
    for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++) W[d] = hs_kb5x_set1(w[d]);
    for (size_t y = lo; y < vhi; y += 8) {
        lazy l;
        lazy_zero(&l);
        for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++) {
            if (d == 4) lazy_fold(&l);
            lazy_add(&l, &W[d], W[d].c, ld(col + d * M + y));
        }
        hs_kb5x a;
        for (int c = 0; c < 5; c++) a.c[c] = red64(l.e[c], l.o[c]);
        hs_kb5x_store_planes(out.p, y, a);
    }
    if (vhi < hi) hs_gkr_kernels_portable.skipf0(col, M, w, out, vhi, hi);
}

static void skipfk(hs_gkr_k5 src, size_t M, const hs_kb5 *w, hs_gkr_k5 dst, size_t lo, size_t hi) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    hs_kb5x W[HS_GKR_KERN_SKIP_D];
    for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++) W[d] = hs_kb5x_set1(w[d]);
    for (size_t y = lo; y < vhi; y += 8) {
        hs_kb5x a = hs_kb5x_mul(W[0], hs_kb5x_load_planes(src.p, y));
        for (unsigned d = 1; d < HS_GKR_KERN_SKIP_D; d++)
            a = hs_kb5x_add(a, hs_kb5x_mul(W[d], hs_kb5x_load_planes(src.p, d * M + y)));
        hs_kb5x_store_planes(dst.p, y, a);
    }
    if (vhi < hi) hs_gkr_kernels_portable.skipfk(src, M, w, dst, vhi, hi);
}

static void lupd(hs_gkr_k5 L, size_t M, const hs_kb *P, const hs_kb *s, hs_kb5 mu, hs_kb5 na, hs_kb5 cst, hs_gkr_k5 eq,
                 size_t lo, size_t hi, hs_kb5 lam[HS_GKR_KERN_SKIP_D]) {
    const size_t vhi = lo + (hi - lo) / 8 * 8;
    const hs_kb5x MU = hs_kb5x_set1(mu), NA = hs_kb5x_set1(na), CST = hs_kb5x_set1(cst);
    for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++) {
        const size_t off = d * M;
        hs_kb5x acc = hs_kb5x_zero();
        for (size_t y = lo; y < vhi; y += 8) {
            hs_kb5x v = hs_kb5x_load_planes(L.p, off + y);
            if (P) {
                v = hs_kb5x_add(hs_kb5x_add(v, CST), hs_kb5x_mul_base(MU, ld(P + off + y)));
                if (s) v = hs_kb5x_add(v, hs_kb5x_mul_base(NA, ld(s + off + y)));
                hs_kb5x_store_planes(L.p, off + y, v);
            }
            if (eq.p[0]) acc = hs_kb5x_add(acc, hs_kb5x_mul(hs_kb5x_load_planes(eq.p, y), v));
        }
        lam[d] = hs_kb5_add(lam[d], hs_kb5x_hsum(acc));
    }
    if (vhi < hi) hs_gkr_kernels_portable.lupd(L, M, P, s, mu, na, cst, eq, vhi, hi, lam);
}

const hs_gkr_kernels hs_gkr_kernels_avx2 = {round0, round1, fold01, lin, roundk, fold0, foldk, lincol, eqx, dot, skip, skipf0, skipfk, lupd};
