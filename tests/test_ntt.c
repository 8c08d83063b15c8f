/* NTT / LDE over KoalaBear: every transform against a naive O(n^2) evaluation in canonical
 * integers (% p, roots from 3^((p-1)/n) computed here), round trips, the AVX2 kernels against the
 * portable ones, thread counts and tile sizes against each other (all bit-identical), and the
 * argument checks. */
#include <string.h>

#include "poly/ntt.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

#define P HS_KB_P

static uint64_t mulm(uint64_t a, uint64_t b) { return a * b % P; }
static uint64_t powm(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    for (a %= P; e; e >>= 1, a = mulm(a, a))
        if (e & 1) r = mulm(r, a);
    return r;
}
static uint64_t invm(uint64_t a) { return powm(a, P - 2); }
/* Generator of the order-2^k subgroup, as hs_kb_two_adic_root (Plonky3): 3^((p-1)/2^k). */
static uint64_t root(unsigned k) { return powm(3, (uint64_t)(P - 1) >> k); }
static size_t brev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
}

static hs_kb rand_kb(hs_rng *r) {
    /* some edge values among the random ones */
    uint64_t k = hs_rng_below(r, 64);
    if (k == 0) return hs_kb_from_u32(0);
    if (k == 1) return hs_kb_from_u32(P - 1);
    if (k == 2) return hs_kb_from_u32(1);
    return hs_kb_from_u32((uint32_t)hs_rng_below(r, P));
}
static hs_kb *rand_mat(hs_rng *r, size_t n) {
    hs_kb *m = hs_alloc_array(n ? n : 1, sizeof(hs_kb));
    for (size_t i = 0; i < n; i++) m[i] = rand_kb(r);
    return m;
}
static hs_kb *dup_mat(const hs_kb *a, size_t n) {
    hs_kb *m = hs_alloc_array(n ? n : 1, sizeof(hs_kb));
    memcpy(m, a, n * sizeof(hs_kb));
    return m;
}
static int same(const hs_kb *a, const hs_kb *b, size_t n) { return memcmp(a, b, n * sizeof(hs_kb)) == 0; }

/* Column c of the coefficient matrix (canonical) evaluated at x by Horner. */
static uint64_t eval_col(const hs_kb *coef, size_t h, size_t w, size_t c, uint64_t x) {
    uint64_t acc = 0;
    for (size_t j = h; j-- > 0;) acc = (mulm(acc, x) + hs_kb_to_u32(coef[j * w + c])) % P;
    return acc;
}

/* Rows to check against the naive formulas: all of a small matrix, a sample of a large one. */
static size_t check_rows(hs_rng *r, size_t h, size_t k, size_t *rows) {
    if (h <= 64) {
        for (size_t i = 0; i < h; i++) rows[i] = i;
        return h;
    }
    rows[0] = 0;
    rows[1] = h - 1;
    for (size_t i = 2; i < k; i++) rows[i] = (size_t)hs_rng_below(r, h);
    return k;
}

/* out row i must be p(x_i) for the polynomials whose coefficients are coef. */
static void check_evals(hs_rng *r, const char *what, const hs_kb *coef, size_t h, size_t w, const hs_kb *out,
                        size_t nout, uint64_t (*point)(size_t i, const void *ctx), const void *ctx) {
    size_t rows[64];
    size_t k = check_rows(r, nout, 24, rows);
    for (size_t ri = 0; ri < k && !TOO_MANY_FAILURES(); ri++) {
        size_t i = rows[ri];
        uint64_t x = point(i, ctx);
        for (size_t c = 0; c < w; c++) {
            uint64_t want = eval_col(coef, h, w, c, x), got = hs_kb_to_u32(out[i * w + c]);
            if (got != want) {
                fprintf(stderr, "%s: h=%zu w=%zu row %zu col %zu: got %llu want %llu\n", what, h, w, i, c,
                        (unsigned long long)got, (unsigned long long)want);
                hs_test_failures++;
                break;
            }
        }
    }
}

typedef struct {
    uint64_t shift, root;
    unsigned bits; /* bit-reversed order over `bits` bits; 0: natural */
} pts;
static uint64_t pt(size_t i, const void *ctx) {
    const pts *p = ctx;
    return mulm(p->shift, powm(p->root, p->bits ? brev(i, p->bits) : i));
}

/* Plans: the default tile and a tiny one that forces many passes, segments and stripes. */
static hs_ntt_plan plan_big, plan_small;

static const hs_ntt_kernels *best_kern(void) {
    return hs_cpu_has_avx512() ? &hs_ntt_kernels_avx512 : hs_cpu_has_avx2() ? &hs_ntt_kernels_avx2 : &hs_ntt_kernels_portable;
}
static void set_kern(const hs_ntt_kernels *k) {
    plan_big.kern = k;
    plan_small.kern = k;
}

/* Forward, inverse and coset transforms of one random matrix against the naive formulas. */
static void check_transforms(hs_rng *r, hs_ntt_plan *plan, unsigned log_h, size_t w, unsigned threads) {
    const size_t h = (size_t)1 << log_h, n = h * w;
    hs_kb *coef = rand_mat(r, n), *m = dup_mat(coef, n);
    const uint64_t wh = root(log_h);
    const uint64_t shift_c = 1 + hs_rng_below(r, P - 1);
    const hs_kb shift = hs_kb_from_u32((uint32_t)shift_c);

    CHECK(hs_ntt_dif(plan, m, log_h, w, threads));
    pts p = {1, wh, log_h};
    check_evals(r, "dif", coef, h, w, m, h, pt, &p);
    CHECK(hs_ntt_idit(plan, m, log_h, w, threads));
    CHECK(same(m, coef, n));

    CHECK(hs_ntt_forward(plan, m, log_h, w, threads));
    p.bits = 0;
    check_evals(r, "forward", coef, h, w, m, h, pt, &p);
    CHECK(hs_ntt_inverse(plan, m, log_h, w, threads));
    CHECK(same(m, coef, n));

    CHECK(hs_ntt_coset_dif(plan, m, log_h, w, shift, threads));
    p.shift = shift_c;
    p.bits = log_h;
    check_evals(r, "coset_dif", coef, h, w, m, h, pt, &p);
    CHECK(hs_ntt_coset_idit(plan, m, log_h, w, shift, threads));
    CHECK(same(m, coef, n));

    CHECK(hs_ntt_coset_forward(plan, m, log_h, w, shift, threads));
    p.bits = 0;
    check_evals(r, "coset_forward", coef, h, w, m, h, pt, &p);
    CHECK(hs_ntt_coset_inverse(plan, m, log_h, w, shift, threads));
    CHECK(same(m, coef, n));

    /* The inverse directly: random evaluations, c_j = (1/h) sum_k e_k w^-jk, on a few j. */
    hs_kb *ev = rand_mat(r, n);
    memcpy(m, ev, n * sizeof(hs_kb));
    CHECK(hs_ntt_inverse(plan, m, log_h, w, threads));
    size_t rows[64];
    size_t k = check_rows(r, h, 8, rows);
    const uint64_t winv = invm(wh), hinv = invm(h);
    for (size_t ri = 0; ri < k; ri++) {
        size_t j = rows[ri];
        for (size_t c = 0; c < w; c++) {
            uint64_t acc = 0, x = powm(winv, j), xk = 1;
            for (size_t kk = 0; kk < h; kk++, xk = mulm(xk, x)) acc = (acc + mulm(hs_kb_to_u32(ev[kk * w + c]), xk)) % P;
            CHECK_EQ_U64(hs_kb_to_u32(m[j * w + c]), mulm(acc, hinv));
        }
    }
    hs_free(ev);
    hs_free(coef);
    hs_free(m);
}

/* LDE of random evaluations on in_shift*H (natural or bit-reversed), in place or not. */
static void check_lde(hs_rng *r, hs_ntt_plan *plan, unsigned log_h, size_t w, unsigned log_b, int general,
                      int in_bitrev, int inplace, unsigned threads) {
    const size_t h = (size_t)1 << log_h, N = h << log_b;
    const uint64_t in_shift = general ? 1 + hs_rng_below(r, P - 1) : 1;
    const uint64_t out_shift = general ? 1 + hs_rng_below(r, P - 1) : 3;
    /* Reference coefficients: random; inputs are their evaluations. */
    hs_kb *coef = rand_mat(r, h * w), *ev = hs_alloc_array(h * w, sizeof(hs_kb));
    const uint64_t wh = root(log_h);
    for (size_t i = 0; i < h; i++) {
        uint64_t x = mulm(in_shift, powm(wh, in_bitrev ? brev(i, log_h) : i));
        for (size_t c = 0; c < w; c++) ev[i * w + c] = hs_kb_from_u32((uint32_t)eval_col(coef, h, w, c, x));
    }
    hs_kb *out = hs_alloc_array(N * w, sizeof(hs_kb));
    hs_kb *in = ev;
    if (inplace) {
        memcpy(out, ev, h * w * sizeof(hs_kb));
        in = out;
    }
    int ok = general ? hs_ntt_coset_lde(plan, in, out, log_h, w, log_b, hs_kb_from_u32((uint32_t)in_shift), in_bitrev,
                                        hs_kb_from_u32((uint32_t)out_shift), threads)
                     : hs_ntt_lde(plan, in, out, log_h, w, log_b, in_bitrev, threads);
    CHECK(ok);
    pts p = {out_shift, root(log_h + log_b), log_h + log_b};
    check_evals(r, "lde", coef, h, w, out, N, pt, &p);
    if (!inplace) {
        /* input untouched */
        for (size_t i = 0; i < h; i++) {
            uint64_t x = mulm(in_shift, powm(wh, in_bitrev ? brev(i, log_h) : i));
            CHECK_EQ_U64(hs_kb_to_u32(ev[i * w]), eval_col(coef, h, w, 0, x));
        }
    }
    hs_free(coef);
    hs_free(ev);
    hs_free(out);
}

/* Each SIMD row kernel (A: AVX2 or AVX-512) against its portable twin: wide and narrow segments
 * (powers of two below 8 or 16 words), tails, unit twiddles. */
static void check_kernels(hs_rng *r, const hs_ntt_kernels *A) {
    const hs_ntt_kernels *B = &hs_ntt_kernels_portable;
    static const size_t lens[] = {1, 2, 4, 3, 5, 7, 8, 9, 16, 17, 24, 31, 15, 32, 33, 40};
    for (unsigned it = 0; it < 1000 && !TOO_MANY_FAILURES(); it++) {
        size_t len = lens[hs_rng_below(r, 16)], nseg = 1 + (size_t)hs_rng_below(r, 13), n = nseg * len;
        hs_kb *x = rand_mat(r, 4 * n), *y, *t = rand_mat(r, 3 * nseg);
        if (it % 5 == 1 || it % 5 == 3 || it % 5 == 4) /* DIT and scale take lazy inputs < 2p */
            for (size_t i = 0; i < 4 * n; i++)
                if (hs_rng_below(r, 2)) x[i] = (hs_kb)hs_rng_below(r, 2 * (uint64_t)P);
        y = dup_mat(x, 4 * n);
        unsigned triv = (unsigned)hs_rng_below(r, 4); /* unit twiddles: none, some, ta = tc = 1, all */
        for (size_t s = 0; s < 3 * nseg; s++)
            if (triv == 3 || (triv == 1 && hs_rng_below(r, 2)) || (triv == 2 && s / nseg != 1)) t[s] = HS_KB_ONE;
        const hs_kb *ta = t, *tb = t + nseg, *tc = t + 2 * nseg;
        switch (it % 5) {
        case 0:
            A->dif2(x, x + n, nseg, len, ta);
            B->dif2(y, y + n, nseg, len, ta);
            break;
        case 1:
            A->dit2(x, x + n, nseg, len, ta);
            B->dit2(y, y + n, nseg, len, ta);
            break;
        case 2:
            A->dif4(x, x + n, x + 2 * n, x + 3 * n, nseg, len, ta, tb, tc);
            B->dif4(y, y + n, y + 2 * n, y + 3 * n, nseg, len, ta, tb, tc);
            break;
        case 3:
            A->dit4(x, x + n, x + 2 * n, x + 3 * n, nseg, len, ta, tb, tc);
            B->dit4(y, y + n, y + 2 * n, y + 3 * n, nseg, len, ta, tb, tc);
            break;
        default:
            A->scale(x, x + n, nseg, len, ta[0], tb[0]);
            B->scale(y, y + n, nseg, len, ta[0], tb[0]);
            A->scale(x + 2 * n, x + 2 * n, nseg, len, tc[0], ta[nseg - 1]); /* in place */
            B->scale(y + 2 * n, y + 2 * n, nseg, len, tc[0], ta[nseg - 1]);
            break;
        }
        /* written rows below 2p (AVX2 DIT) or p (everything else), and all rows congruent */
        const unsigned k = it % 5;
        for (size_t i = 0; i < 4 * n; i++) {
            size_t row = i / n;
            int written = k == 4 ? row == 0 || row == 2 : k == 0 || k == 1 ? row < 2 : 1;
            if (written && (x[i] >= (k == 1 || k == 3 ? 2 * P : P) || y[i] >= P)) {
                fprintf(stderr, "%s kernel %u: output %zu out of range\n", A->name, k, i);
                hs_test_failures++;
            }
            x[i] %= P;
            y[i] %= P;
        }
        if (!same(x, y, 4 * n)) {
            fprintf(stderr, "%s kernel %u differs: nseg %zu len %zu triv %u\n", A->name, it % 5, nseg, len, triv);
            hs_test_failures++;
        }
        hs_free(x);
        hs_free(y);
        hs_free(t);
    }
}

/* The same transforms under every kernel set, thread count and tile size: bit-identical. */
static void check_identical(hs_rng *r, unsigned log_h, size_t w, unsigned log_b) {
    const size_t h = (size_t)1 << log_h, n = h * w, N = n << log_b;
    const hs_kb shift = hs_kb_from_u32((uint32_t)(1 + hs_rng_below(r, P - 1)));
    hs_kb *src = rand_mat(r, n), *ref[4] = {0}, *lref = NULL;
    const hs_ntt_kernels *kerns[3] = {&hs_ntt_kernels_portable, &hs_ntt_kernels_avx2, &hs_ntt_kernels_avx512};
    const int nk = hs_cpu_has_avx512() ? 3 : hs_cpu_has_avx2() ? 2 : 1;
    for (int ki = 0; ki < nk; ki++)
        for (int pi = 0; pi < 2; pi++)
            for (unsigned threads = 1; threads <= 2; threads++) {
                hs_ntt_plan *plan = pi ? &plan_small : &plan_big;
                set_kern(kerns[ki]);
                hs_kb *m[4];
                for (int f = 0; f < 4; f++) m[f] = dup_mat(src, n);
                CHECK(hs_ntt_dif(plan, m[0], log_h, w, threads));
                CHECK(hs_ntt_idit(plan, m[1], log_h, w, threads));
                CHECK(hs_ntt_coset_forward(plan, m[2], log_h, w, shift, threads));
                CHECK(hs_ntt_coset_inverse(plan, m[3], log_h, w, shift, threads));
                hs_kb *l = hs_alloc_array(N, sizeof(hs_kb));
                CHECK(hs_ntt_lde(plan, src, l, log_h, w, log_b, 1, threads));
                if (!ref[0]) {
                    for (int f = 0; f < 4; f++) ref[f] = m[f];
                    lref = l;
                    continue;
                }
                for (int f = 0; f < 4; f++) {
                    if (!same(m[f], ref[f], n)) {
                        fprintf(stderr, "transform %d differs: kernels %s, plan %d, %u threads, h=%zu w=%zu\n", f,
                                kerns[ki]->name, pi, threads, h, w);
                        hs_test_failures++;
                    }
                    hs_free(m[f]);
                }
                if (!same(l, lref, N)) {
                    fprintf(stderr, "lde differs: kernels %s, plan %d, %u threads, h=%zu w=%zu\n", kerns[ki]->name, pi,
                            threads, h, w);
                    hs_test_failures++;
                }
                hs_free(l);
            }
    set_kern(best_kern());
    for (int f = 0; f < 4; f++) hs_free(ref[f]);
    hs_free(lref);
    hs_free(src);
}

/* hs_ntt_coset_lde_rows: every row reported once, final when reported, from a valid thread. */
typedef struct {
    const hs_kb *out;
    size_t w;
    unsigned threads;
    unsigned char *seen;
    hs_kb *copy;
    int bad;
} rows_log;

static void on_rows(void *ctx, const hs_kb *rows, size_t first, size_t nrows, int thread) {
    rows_log *lg = ctx;
    if (rows != lg->out + first * lg->w || thread < 0 || (unsigned)thread >= (lg->threads ? lg->threads : 1)) lg->bad = 1;
    for (size_t i = 0; i < nrows; i++) lg->seen[first + i]++;
    memcpy(lg->copy + first * lg->w, rows, nrows * lg->w * sizeof(hs_kb));
}

static void check_lde_rows(hs_rng *r, hs_ntt_plan *plan, unsigned log_h, size_t w, unsigned log_b, unsigned threads) {
    const size_t h = (size_t)1 << log_h, N = h << log_b;
    hs_kb *in = rand_mat(r, h * w), *out = hs_alloc_array(N * w, sizeof(hs_kb)), *ref = hs_alloc_array(N * w, sizeof(hs_kb));
    rows_log lg = {out, w, threads, hs_calloc_array(N, 1), hs_alloc_array(N * w, sizeof(hs_kb)), 0};
    const hs_kb s1 = hs_kb_from_u32(7), s2 = hs_kb_from_u32(HS_KB_GENERATOR);
    CHECK(hs_ntt_coset_lde_rows(plan, in, out, log_h, w, log_b, s1, 1, s2, threads, on_rows, &lg));
    CHECK(hs_ntt_coset_lde(plan, in, ref, log_h, w, log_b, s1, 1, s2, threads));
    CHECK(!lg.bad);
    CHECK(same(out, ref, N * w));
    CHECK(same(lg.copy, ref, N * w));
    for (size_t i = 0; i < N; i++) CHECK(lg.seen[i] == 1);
    hs_free(lg.seen);
    hs_free(lg.copy);
    hs_free(in);
    hs_free(out);
    hs_free(ref);
}

static void check_bitrev(hs_rng *r) {
    for (unsigned log_h = 0; log_h <= 9; log_h += 3) {
        size_t h = (size_t)1 << log_h, w = 3;
        hs_kb *a = rand_mat(r, h * w), *b = dup_mat(a, h * w);
        hs_ntt_bitrev_rows(b, log_h, w, 2);
        for (size_t i = 0; i < h; i++) CHECK(same(b + i * w, a + brev(i, log_h) * w, w));
        hs_ntt_bitrev_rows(b, log_h, w, 1);
        CHECK(same(a, b, h * w));
        hs_free(a);
        hs_free(b);
    }
}

static void check_errors(void) {
    hs_ntt_plan bad;
    CHECK(!hs_ntt_plan_init(&bad, HS_NTT_MAX_LOG + 1));
    CHECK(bad.tw == NULL);
    hs_ntt_plan_free(&bad);
    hs_ntt_plan pl;
    CHECK(hs_ntt_plan_init(&pl, 4));
    hs_kb *m = hs_calloc_array(64 * 4, sizeof(hs_kb)), *o = hs_calloc_array(64 * 4 * 4, sizeof(hs_kb));
    CHECK(hs_ntt_dif(&pl, m, 4, 4, 1));
    CHECK(!hs_ntt_dif(&pl, m, 5, 4, 1));  /* beyond the plan */
    CHECK(!hs_ntt_idit(&pl, m, 5, 4, 1));
    CHECK(!hs_ntt_forward(&pl, m, 5, 4, 1));
    CHECK(!hs_ntt_inverse(&pl, m, 5, 4, 1));
    CHECK(!hs_ntt_dif(&pl, m, 4, 0, 1));  /* no columns */
    CHECK(!hs_ntt_dif(&pl, NULL, 4, 4, 1));
    CHECK(!hs_ntt_dif(NULL, m, 4, 4, 1));
    CHECK(!hs_ntt_coset_dif(&pl, m, 4, 4, 0, 1)); /* zero shift */
    CHECK(!hs_ntt_coset_inverse(&pl, m, 4, 4, 0, 1));
    CHECK(hs_ntt_lde(&pl, m, o, 4, 4, 2, 0, 1));
    CHECK(!hs_ntt_lde(&pl, m, o, 5, 4, 1, 0, 1));                  /* beyond the plan */
    CHECK(!hs_ntt_lde(&pl, m, o, 4, 4, HS_NTT_MAX_LOG - 3, 0, 1)); /* beyond 2^24 */
    CHECK(!hs_ntt_lde(&pl, m, NULL, 4, 4, 1, 0, 1));
    CHECK(!hs_ntt_coset_lde(&pl, m, o, 4, 4, 1, 0, 0, HS_KB_ONE, 1));
    CHECK(!hs_ntt_coset_lde(&pl, m, o, 4, 4, 1, HS_KB_ONE, 0, 0, 1));
    pl.tile_log = 3; /* below the smallest tile */
    CHECK(!hs_ntt_dif(&pl, m, 4, 4, 1));
    hs_ntt_plan_free(&pl);
    CHECK(pl.tw == NULL && pl.itw == NULL);
    CHECK(!hs_ntt_dif(&pl, m, 0, 4, 1)); /* freed plan */
    hs_free(m);
    hs_free(o);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_ntt");
    CHECK(hs_ntt_plan_init(&plan_big, 12));
    CHECK(hs_ntt_plan_init(&plan_small, 12));
    plan_small.tile_log = 7; /* 128-word tiles: 2-4 passes, segments, stripes even at these sizes */
    /* The tables themselves. */
    for (unsigned j = 0; j < 12; j++) {
        size_t m = (size_t)1 << j;
        uint64_t wm = root(j + 1);
        for (size_t k = 0; k < m; k += 1 + m / 16) {
            CHECK_EQ_U64(hs_kb_to_u32(plan_big.tw[m + k]), powm(wm, k));
            CHECK_EQ_U64(hs_kb_to_u32(plan_big.itw[m + k]), powm(invm(wm), k));
        }
    }
    CHECK_EQ_U64(hs_kb_to_u32(hs_kb_two_adic_root(HS_NTT_MAX_LOG)), root(HS_NTT_MAX_LOG));

    check_errors();
    check_bitrev(&rng);
    if (hs_cpu_has_avx2())
        check_kernels(&rng, &hs_ntt_kernels_avx2);
    else
        printf("test_ntt: no AVX2 on this CPU (or HS_SIMD below it); AVX2 kernel comparison skipped\n");
    if (hs_cpu_has_avx512())
        check_kernels(&rng, &hs_ntt_kernels_avx512);
    else
        printf("test_ntt: no AVX-512 on this CPU or build (or HS_SIMD below it); AVX-512 kernel comparison skipped\n");

    static const size_t widths[] = {1, 3, 8, 17};
    for (unsigned log_h = 0; log_h <= 10 && !TOO_MANY_FAILURES(); log_h++)
        for (size_t wi = 0; wi < 4; wi++) {
            unsigned threads = 1 + (unsigned)((log_h + wi) % 2);
            check_transforms(&rng, &plan_big, log_h, widths[wi], threads);
            check_transforms(&rng, &plan_small, log_h, widths[wi], threads);
        }
    /* wider rows: several segments and column stripes in the default tiles, masked tails */
    check_transforms(&rng, &plan_big, 9, 200, 2);
    check_transforms(&rng, &plan_small, 5, 200, 2);

    for (unsigned log_h = 0; log_h <= 7 && !TOO_MANY_FAILURES(); log_h++)
        for (unsigned log_b = 0; log_b <= 3; log_b++) {
            size_t w = widths[(log_h + log_b) % 4];
            unsigned mode = (unsigned)hs_rng_below(&rng, 8);
            check_lde(&rng, &plan_big, log_h, w, log_b, mode & 1, (mode >> 1) & 1, (mode >> 2) & 1, 1 + (mode & 1));
            check_lde(&rng, &plan_small, log_h, w, log_b, (mode >> 2) & 1, mode & 1, (mode >> 1) & 1, 2);
        }
    /* every LDE mode once at a multi-pass size */
    for (unsigned mode = 0; mode < 8; mode++) check_lde(&rng, &plan_small, 8, 17, 1 + mode % 3, mode & 1, (mode >> 1) & 1, (mode >> 2) & 1, 2);

    /* the row callback: single pass, multi-pass, striped last pass, threads */
    check_lde_rows(&rng, &plan_big, 0, 3, 2, 1);
    check_lde_rows(&rng, &plan_big, 6, 17, 1, 2);
    check_lde_rows(&rng, &plan_small, 8, 17, 2, 2);
    check_lde_rows(&rng, &plan_small, 7, 200, 1, 2);
    check_lde_rows(&rng, &plan_big, 12, 9, 1, 2);

    /* sizes above the threading threshold (2^14 words) */
    check_identical(&rng, 11, 17, 1);
    check_identical(&rng, 12, 40, 2);
    check_identical(&rng, 7, 300, 1);
    check_identical(&rng, 3, 1, 3);

    hs_ntt_plan_free(&plan_big);
    hs_ntt_plan_free(&plan_small);
    return hs_test_done("test_ntt");
}
