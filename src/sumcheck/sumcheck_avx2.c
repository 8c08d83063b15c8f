/* AVX2 kernels of the generic sumcheck prover (sc_internal.h): eight pairs at a time, K values as
 * five 8-lane vectors straight from the blocked tables. Reached only through
 * hs_sc_kernels_best() when hs_cpu_has_avx2(); tests/test_sumcheck.c compares every kernel and
 * whole proofs with the portable set.
 *
 * K products (8 lanes): the 25 coefficient products are 64-bit (even and odd lanes apart) and go
 * through Montgomery REDC in pairs: a sum of two products is below 2 p^2 < p 2^32, the bound
 * under which REDC is exact, so 15 reductions instead of 25; the reduced coefficients are then
 * combined mod X^5 + X^2 - 1 with modular adds. */
#include <immintrin.h>
#include <string.h>

#include "field/kb_avx2.h"
#include "sumcheck/sc_internal.h"

typedef struct {
    __m256i c[5];
} k5x;

#define VP _mm256_set1_epi32((int)HS_KB_P)
#define VMU _mm256_set1_epi32((int)HS_KB_MU)

static inline k5x k5x_load(const hs_kb *blk) {
    k5x r;
    for (int c = 0; c < 5; c++) r.c[c] = _mm256_loadu_si256((const __m256i *)(blk + 8 * c));
    return r;
}
static inline void k5x_store(hs_kb *blk, k5x a) {
    for (int c = 0; c < 5; c++) _mm256_storeu_si256((__m256i *)(blk + 8 * c), a.c[c]);
}
static inline k5x k5x_set1(hs_kb5 a) {
    k5x r;
    for (int c = 0; c < 5; c++) r.c[c] = _mm256_set1_epi32((int)a.c[c]);
    return r;
}
static inline k5x k5x_add(k5x a, k5x b) {
    for (int c = 0; c < 5; c++) a.c[c] = hs_mt8_add(a.c[c], b.c[c], VP);
    return a;
}
static inline k5x k5x_sub(k5x a, k5x b) {
    for (int c = 0; c < 5; c++) a.c[c] = hs_mt8_sub(a.c[c], b.c[c], VP);
    return a;
}
static inline k5x k5x_mul_base(k5x a, __m256i s) {
    for (int c = 0; c < 5; c++) a.c[c] = hs_mt8_mul(a.c[c], s, VP, VMU);
    return a;
}

/* REDC(x_i y_j) and REDC(x_i y_j + x_k y_l), operands given with their odd-lane copies. */
#define ODD(v) _mm256_srli_epi64((v), 32)
static inline __m256i redc1(__m256i xe, __m256i xo, __m256i ye, __m256i yo) {
    return hs_mt8_redc_pairs(_mm256_mul_epu32(xe, ye), _mm256_mul_epu32(xo, yo), VP, VMU);
}
static inline __m256i redc2(__m256i xe, __m256i xo, __m256i ye, __m256i yo, __m256i ue, __m256i uo, __m256i ve,
                            __m256i vo) {
    __m256i te = _mm256_add_epi64(_mm256_mul_epu32(xe, ye), _mm256_mul_epu32(ue, ve));
    __m256i to = _mm256_add_epi64(_mm256_mul_epu32(xo, yo), _mm256_mul_epu32(uo, vo));
    return hs_mt8_redc_pairs(te, to, VP, VMU);
}

/* d[0..8] (reduced) -> coefficients mod X^5 + X^2 - 1 (as hs_kbx_reduce5). */
static inline k5x k5x_reduce(const __m256i d[9]) {
    k5x r;
    r.c[0] = hs_mt8_sub(hs_mt8_add(d[0], d[5], VP), d[8], VP);
    r.c[1] = hs_mt8_add(d[1], d[6], VP);
    r.c[2] = hs_mt8_sub(hs_mt8_add(hs_mt8_add(d[2], d[7], VP), d[8], VP), d[5], VP);
    r.c[3] = hs_mt8_sub(hs_mt8_add(d[3], d[8], VP), d[6], VP);
    r.c[4] = hs_mt8_sub(d[4], d[7], VP);
    return r;
}

static inline __attribute__((always_inline)) k5x k5x_mul(k5x a, k5x b) {
    __m256i x[5], xo[5], y[5], yo[5], d[9];
    for (int c = 0; c < 5; c++) x[c] = a.c[c], xo[c] = ODD(a.c[c]), y[c] = b.c[c], yo[c] = ODD(b.c[c]);
#define P1(i, j) redc1(x[i], xo[i], y[j], yo[j])
#define P2(i, j, k, l) redc2(x[i], xo[i], y[j], yo[j], x[k], xo[k], y[l], yo[l])
    d[0] = P1(0, 0);
    d[1] = P2(0, 1, 1, 0);
    d[2] = hs_mt8_add(P2(0, 2, 2, 0), P1(1, 1), VP);
    d[3] = hs_mt8_add(P2(0, 3, 3, 0), P2(1, 2, 2, 1), VP);
    d[4] = hs_mt8_add(hs_mt8_add(P2(0, 4, 4, 0), P2(1, 3, 3, 1), VP), P1(2, 2), VP);
    d[5] = hs_mt8_add(P2(1, 4, 4, 1), P2(2, 3, 3, 2), VP);
    d[6] = hs_mt8_add(P2(2, 4, 4, 2), P1(3, 3), VP);
    d[7] = P2(3, 4, 4, 3);
    d[8] = P1(4, 4);
#undef P1
#undef P2
    return k5x_reduce(d);
}

/* Cross terms once against the doubled operand: 15 products, 10 reductions. */
static inline __attribute__((always_inline)) k5x k5x_square(k5x a) {
    __m256i x[5], xo[5], e[5], eo[5], d[9];
    for (int c = 0; c < 5; c++) {
        x[c] = a.c[c], xo[c] = ODD(a.c[c]);
        e[c] = hs_mt8_add(a.c[c], a.c[c], VP), eo[c] = ODD(e[c]);
    }
#define S1(i, j) redc1(x[i], xo[i], x[j], xo[j])
#define D1(i, j) redc1(x[i], xo[i], e[j], eo[j])
#define D2(i, j, k, l) redc2(x[i], xo[i], e[j], eo[j], x[k], xo[k], e[l], eo[l])
#define DS(i, j, k) redc2(x[i], xo[i], e[j], eo[j], x[k], xo[k], x[k], xo[k])
    d[0] = S1(0, 0);
    d[1] = D1(0, 1);
    d[2] = DS(0, 2, 1);
    d[3] = D2(0, 3, 1, 2);
    d[4] = hs_mt8_add(D2(0, 4, 1, 3), S1(2, 2), VP);
    d[5] = D2(1, 4, 2, 3);
    d[6] = DS(2, 4, 3);
    d[7] = D1(3, 4);
    d[8] = S1(4, 4);
#undef S1
#undef D1
#undef D2
#undef DS
    return k5x_reduce(d);
}

/* Sum of the 8 lanes of each coordinate. */
static hs_kb5 k5x_hsum(k5x a) {
    hs_kb5 r;
    for (int c = 0; c < 5; c++) {
        uint32_t l[8];
        _mm256_storeu_si256((__m256i *)l, a.c[c]);
        hs_kb s = 0;
        for (int i = 0; i < 8; i++) s = hs_kb_add(s, l[i]);
        r.c[c] = s;
    }
    return r;
}

static size_t vals_bytes(const hs_sc_round *R) {
    size_t b = (size_t)R->n_tables * (R->dq + 1) * 160;
    return (b + 63) / 64 * 64;
}

/* Round 0: base values of 8 pairs per vector, products in F, times E in K. */
static void pass_base_avx2(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums) {
    const unsigned w = R->dq + 1;
    __m256i *v = work;
    k5x *acc = (k5x *)((char *)work + vals_bytes(R));
    memset(acc, 0, sizeof *acc * R->n_acc);
    const __m256i one = _mm256_set1_epi32((int)HS_KB_ONE);
    for (size_t j = lo; j < hi; j += 8) {
        const k5x e = k5x_load(R->E + j / 8 * 40);
        for (unsigned u = 0; u < R->n_used; u++) {
            unsigned tab = R->used[u];
            __m256i a = _mm256_loadu_si256((const __m256i *)(R->tb[tab] + j));
            __m256i b = _mm256_loadu_si256((const __m256i *)(R->tb[tab] + j + R->half));
            __m256i d = hs_mt8_sub(b, a, VP), *p = v + (size_t)tab * w;
            p[0] = a, p[1] = b;
            for (unsigned x = 2; x < w; x++) p[x] = hs_mt8_add(p[x - 1], d, VP);
        }
        for (unsigned k = 0; k < R->n_acc; k++) {
            const hs_sc_term *T = &R->terms[R->at[k]];
            const __m256i *vx = v + R->ax[k];
            __m256i prod = one;
            if (T->n_factors) {
                prod = vx[(size_t)T->cols[0] * w];
                for (unsigned f = 1; f < T->n_factors; f++) prod = hs_mt8_mul(prod, vx[(size_t)T->cols[f] * w], VP, VMU);
            }
            acc[k] = k5x_add(acc[k], k5x_mul_base(e, prod));
        }
    }
    for (unsigned k = 0; k < R->n_acc; k++) sums[k] = k5x_hsum(acc[k]);
}

static void pass_ext_avx2(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums) {
    const unsigned w = R->dq + 1;
    k5x *v = work;
    k5x *acc = (k5x *)((char *)work + vals_bytes(R));
    memset(acc, 0, sizeof *acc * R->n_acc);
    const size_t hoff = R->half / 8 * 40;
    for (size_t j = lo; j < hi; j += 8) {
        const size_t blk = j / 8 * 40;
        const k5x e = k5x_load(R->E + blk);
        for (unsigned u = 0; u < R->n_used; u++) {
            unsigned tab = R->used[u];
            k5x a = k5x_load(R->te[tab] + blk), b = k5x_load(R->te[tab] + blk + hoff), d = k5x_sub(b, a);
            k5x *p = v + (size_t)tab * w;
            p[0] = a, p[1] = b;
            for (unsigned x = 2; x < w; x++) p[x] = k5x_add(p[x - 1], d);
        }
        for (unsigned k = 0; k < R->n_acc; k++) {
            const hs_sc_term *T = &R->terms[R->at[k]];
            const k5x *vx = v + R->ax[k];
            const unsigned nf = T->n_factors;
            k5x prod = e;
            unsigned f = 0;
            if (nf >= 2 && T->cols[1] == T->cols[0]) { /* a square is cheaper than a product */
                k5x s = k5x_square(vx[(size_t)T->cols[0] * w]);
                f = 2;
                if (nf == 4 && T->cols[2] == T->cols[0] && T->cols[3] == T->cols[0]) s = k5x_square(s), f = 4;
                prod = k5x_mul(prod, s);
            }
            for (; f < nf; f++) prod = k5x_mul(prod, vx[(size_t)T->cols[f] * w]);
            acc[k] = k5x_add(acc[k], prod);
        }
    }
    for (unsigned k = 0; k < R->n_acc; k++) sums[k] = k5x_hsum(acc[k]);
}

static void fold_base_avx2(hs_kb *out, const hs_kb *f, size_t half, size_t lo, size_t cnt, hs_kb5 r) {
    const k5x rv = k5x_set1(r);
    for (size_t i = lo; i < lo + cnt; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(f + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(f + i + half));
        k5x o = k5x_mul_base(rv, hs_mt8_sub(b, a, VP));
        o.c[0] = hs_mt8_add(o.c[0], a, VP);
        k5x_store(out + i / 8 * 40, o);
    }
}

static void fold_ext_avx2(hs_kb *t, size_t half, size_t lo, size_t cnt, hs_kb5 r) {
    const k5x rv = k5x_set1(r);
    const size_t hoff = half / 8 * 40;
    for (size_t i = lo; i < lo + cnt; i += 8) {
        hs_kb *p = t + i / 8 * 40;
        k5x a = k5x_load(p), b = k5x_load(p + hoff);
        k5x_store(p, k5x_add(a, k5x_mul(rv, k5x_sub(b, a))));
    }
}

static void eq_drop_avx2(hs_kb *E, size_t half, size_t lo, size_t cnt) {
    const size_t hoff = half / 8 * 40;
    for (size_t i = lo; i < lo + cnt; i += 8) {
        hs_kb *p = E + i / 8 * 40;
        k5x_store(p, k5x_add(k5x_load(p), k5x_load(p + hoff)));
    }
}

const hs_sc_kernels hs_sc_kernels_avx2 = {pass_base_avx2, pass_ext_avx2, fold_base_avx2, fold_ext_avx2, eq_drop_avx2};
