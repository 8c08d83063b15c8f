/* AVX2 kernels of the generic sumcheck prover (sc_internal.h): eight pairs at a time, K values as
 * five 8-lane vectors straight from the blocked tables. Reached only through
 * hs_sc_kernels_best() when hs_cpu_has_avx2(); tests/test_sumcheck.c compares every kernel and
 * whole proofs with the portable set.
 *
 * K arithmetic (8 lanes): field/kb5_avx2.h. */
#include <immintrin.h>
#include <string.h>

#include "field/kb5_avx2.h"
#include "sumcheck/sc_internal.h"

#define VP HS_KB5X_P
#define VMU HS_KB5X_MU

static size_t vals_bytes(const hs_sc_round *R) {
    size_t b = (size_t)R->n_tables * (R->dq + 1) * 160;
    return (b + 63) / 64 * 64;
}

/* Round 0: base values of 8 pairs per vector, products in F, times E in K. */
static void pass_base_avx2(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums) {
    const unsigned w = R->dq + 1;
    __m256i *v = work;
    hs_kb5x *acc = (hs_kb5x *)((char *)work + vals_bytes(R));
    memset(acc, 0, sizeof *acc * R->n_acc);
    const __m256i one = _mm256_set1_epi32((int)HS_KB_ONE);
    for (size_t j = lo; j < hi; j += 8) {
        const hs_kb5x e = hs_kb5x_load(R->E + j / 8 * 40, 8);
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
            acc[k] = hs_kb5x_add(acc[k], hs_kb5x_mul_base(e, prod));
        }
    }
    for (unsigned k = 0; k < R->n_acc; k++) sums[k] = hs_kb5x_hsum(acc[k]);
}

static void pass_ext_avx2(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums) {
    const unsigned w = R->dq + 1;
    hs_kb5x *v = work;
    hs_kb5x *acc = (hs_kb5x *)((char *)work + vals_bytes(R));
    memset(acc, 0, sizeof *acc * R->n_acc);
    const size_t hoff = R->half / 8 * 40;
    for (size_t j = lo; j < hi; j += 8) {
        const size_t blk = j / 8 * 40;
        const hs_kb5x e = hs_kb5x_load(R->E + blk, 8);
        for (unsigned u = 0; u < R->n_used; u++) {
            unsigned tab = R->used[u];
            hs_kb5x a = hs_kb5x_load(R->te[tab] + blk, 8), b = hs_kb5x_load(R->te[tab] + blk + hoff, 8), d = hs_kb5x_sub(b, a);
            hs_kb5x *p = v + (size_t)tab * w;
            p[0] = a, p[1] = b;
            for (unsigned x = 2; x < w; x++) p[x] = hs_kb5x_add(p[x - 1], d);
        }
        for (unsigned k = 0; k < R->n_acc; k++) {
            const hs_sc_term *T = &R->terms[R->at[k]];
            const hs_kb5x *vx = v + R->ax[k];
            const unsigned nf = T->n_factors;
            hs_kb5x prod = e;
            unsigned f = 0;
            if (nf >= 2 && T->cols[1] == T->cols[0]) { /* a square is cheaper than a product */
                hs_kb5x s = hs_kb5x_square(vx[(size_t)T->cols[0] * w]);
                f = 2;
                if (nf == 4 && T->cols[2] == T->cols[0] && T->cols[3] == T->cols[0]) s = hs_kb5x_square(s), f = 4;
                prod = hs_kb5x_mul(prod, s);
            }
            for (; f < nf; f++) prod = hs_kb5x_mul(prod, vx[(size_t)T->cols[f] * w]);
            acc[k] = hs_kb5x_add(acc[k], prod);
        }
    }
    for (unsigned k = 0; k < R->n_acc; k++) sums[k] = hs_kb5x_hsum(acc[k]);
}

static void fold_base_avx2(hs_kb *out, const hs_kb *f, size_t half, size_t lo, size_t cnt, hs_kb5 r) {
    const hs_kb5x rv = hs_kb5x_set1(r);
    for (size_t i = lo; i < lo + cnt; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(f + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(f + i + half));
        hs_kb5x o = hs_kb5x_mul_base(rv, hs_mt8_sub(b, a, VP));
        o.c[0] = hs_mt8_add(o.c[0], a, VP);
        hs_kb5x_store(out + i / 8 * 40, 8, o);
    }
}

static void fold_ext_avx2(hs_kb *t, size_t half, size_t lo, size_t cnt, hs_kb5 r) {
    const hs_kb5x rv = hs_kb5x_set1(r);
    const size_t hoff = half / 8 * 40;
    for (size_t i = lo; i < lo + cnt; i += 8) {
        hs_kb *p = t + i / 8 * 40;
        hs_kb5x a = hs_kb5x_load(p, 8), b = hs_kb5x_load(p + hoff, 8);
        hs_kb5x_store(p, 8, hs_kb5x_add(a, hs_kb5x_mul(rv, hs_kb5x_sub(b, a))));
    }
}

static void eq_drop_avx2(hs_kb *E, size_t half, size_t lo, size_t cnt) {
    const size_t hoff = half / 8 * 40;
    for (size_t i = lo; i < lo + cnt; i += 8) {
        hs_kb *p = E + i / 8 * 40;
        hs_kb5x_store(p, 8, hs_kb5x_add(hs_kb5x_load(p, 8), hs_kb5x_load(p + hoff, 8)));
    }
}

const hs_sc_kernels hs_sc_kernels_avx2 = {pass_base_avx2, pass_ext_avx2, fold_base_avx2, fold_ext_avx2, eq_drop_avx2};
