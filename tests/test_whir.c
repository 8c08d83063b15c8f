/* WHIR (whir/whir.h): leaves against direct evaluation of each sub-polynomial's univariate form,
 * leaf folding, the first sumcheck's grouped weight against the brute-force sum, commit / open /
 * verify round trips (plain points, sparse statements, several statements, stacking finer and
 * coarser than the first fold), wrong values, tampering at every byte of a small proof and at
 * many bytes of larger ones, truncation, thread counts, and the parameter table (leanMultisig's
 * config.rs formulas). */
#include <math.h>
#include <string.h>

#include "poly/mle.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "whir/whir.h"
#include "whir/whir_internal.h"

static hs_rng rng;

static hs_kb rand_kb(void) { return hs_test_rand_kb(&rng); }
static hs_kb5 rand_k(void) { return hs_test_rand_kb5(&rng); }

static size_t brev(size_t q, unsigned bits) {
    size_t r = 0;
    for (unsigned i = 0; i < bits; i++)
        if (q & ((size_t)1 << i)) r |= (size_t)1 << (bits - 1 - i);
    return r;
}
/* (x^(2^(m-1)), ..., x^2, x) lifted to K */
static void powpt(hs_kb5 *out, hs_kb5 x, unsigned m) {
    for (unsigned i = m; i-- > 0;) {
        out[i] = x;
        x = hs_kb5_mul(x, x);
    }
}

typedef struct {
    unsigned n, log_cols, log_rows;
    hs_kb *data;
    const hs_kb **cols;
} poly;

static void poly_make(poly *f, unsigned log_cols, unsigned log_rows) {
    f->n = log_cols + log_rows, f->log_cols = log_cols, f->log_rows = log_rows;
    f->data = hs_alloc_array((size_t)1 << f->n, sizeof(hs_kb));
    f->cols = malloc(sizeof(hs_kb *) << log_cols);
    for (size_t i = 0; i < ((size_t)1 << f->n); i++) f->data[i] = rand_kb();
    for (size_t s = 0; s < ((size_t)1 << log_cols); s++) f->cols[s] = f->data + (s << log_rows);
}
static void poly_free(poly *f) { hs_free(f->data), free(f->cols); }

static hs_whir_config small_cfg(hs_regime g, unsigned R, unsigned k0, unsigned k, unsigned red, unsigned smax,
                                unsigned lambda, unsigned pow) {
    hs_whir_config c;
    memset(&c, 0, sizeof c);
    c.log_inv_rate = R, c.fold_first = k0, c.fold = k, c.first_reduction = red, c.max_final_vars = smax;
    c.security_bits = lambda, c.pow_bits = pow, c.regime = g, c.hash = HS_MERKLE_KECCAK, c.cap_height = 0;
    return c;
}

/* Statements: a list with owned storage. */
#define MAXST 6
typedef struct {
    size_t n;
    hs_whir_statement st[MAXST];
    hs_kb5 pts[MAXST][32];
    uint32_t sel[MAXST][64];
    hs_kb5 vals[MAXST][64];
} stmts;

static hs_kb5 eval_full(const poly *f, const hs_kb5 *P) { return hs_mle_eval_base(f->data, f->n, P, 1); }

/* Adds a statement with inner dimension n_inner and nclaims claims at random selectors. */
static void add_stmt(stmts *S, const poly *f, unsigned n_inner, size_t nclaims) {
    size_t i = S->n++;
    hs_whir_statement *s = &S->st[i];
    unsigned sb = f->n - n_inner;
    for (unsigned j = 0; j < n_inner; j++) S->pts[i][j] = rand_k();
    for (size_t j = 0; j < nclaims; j++) {
        S->sel[i][j] = sb ? (uint32_t)(nclaims <= ((size_t)1 << sb) ? (j * 7919u) % (1u << sb) : hs_rng_below(&rng, 1u << sb))
                          : 0;
        hs_kb5 P[32];
        for (unsigned b = 0; b < sb; b++)
            P[b] = ((S->sel[i][j] >> (sb - 1 - b)) & 1) ? hs_kb5_one() : hs_kb5_zero();
        memcpy(P + sb, S->pts[i], n_inner * sizeof(hs_kb5));
        S->vals[i][j] = eval_full(f, P);
    }
    s->n_inner = n_inner, s->point = S->pts[i], s->n_claims = nclaims, s->sel = S->sel[i], s->values = S->vals[i];
    if (!sb && hs_rng_below(&rng, 2)) s->sel = NULL; /* plain point: no selectors */
}

/* Commit, some other transcript work, open; returns the proof (commit bytes then opening). */
static int prove(const hs_whir_params *p, const poly *f, const stmts *S, unsigned threads, hs_writer *w,
                 hs_whir_witness **wit_out) {
    hs_transcript t;
    hs_transcript_init(&t, "test_whir");
    hs_whir_witness *wit;
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    if (!hs_whir_commit(&wit, p, NULL, f->cols, f->log_cols, f->log_rows, &t, w, NULL, threads, &why)) {
        fprintf(stderr, "commit: %s\n", why);
        return 0;
    }
    hs_transcript_absorb(&t, "gkr", 3);
    int ok = hs_whir_open(p, wit, S->st, S->n, &t, w, threads, &why);
    if (!ok) fprintf(stderr, "open: %s\n", why);
    if (wit_out)
        *wit_out = wit;
    else
        hs_whir_witness_free(wit);
    return ok;
}

static int verify(const hs_whir_params *p, const stmts *S, const uint8_t *proof, size_t len, const char **why) {
    hs_transcript t;
    hs_transcript_init(&t, "test_whir");
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_whir_commitment c;
    if (!hs_whir_verify_commitment(p, &t, &r, &c, why)) return 0;
    hs_transcript_absorb(&t, "gkr", 3);
    if (!hs_whir_verify(p, &c, S->st, S->n, &t, &r, why)) return 0;
    if (hs_r_left(&r)) return *why = "trailing bytes", 0;
    return 1;
}

/* ---- leaves, folding, weights ---- */

static void test_leaves(void) {
    for (unsigned n = 6; n <= 12; n += 3) {
        unsigned k0 = 3, lc = n % 2 ? 2 : 4; /* stacking coarser and finer than k0 */
        hs_whir_config cfg = small_cfg(HS_REGIME_CONJECTURED, 2, k0, 2, 1, 2, 60, 4);
        hs_whir_params p;
        const char *why;
        CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, &why));
        poly f;
        poly_make(&f, lc, n - lc);
        hs_transcript t;
        hs_transcript_init(&t, "leaves");
        hs_writer w = {0};
        hs_whir_witness *wit;
        CHECK(hs_whir_commit(&wit, &p, NULL, f.cols, f.log_cols, f.log_rows, &t, &w, NULL, 1, &why));
        size_t W;
        unsigned l;
        const hs_kb *mat = hs_whir_debug_leaves(wit, &W, &l);
        CHECK_EQ_U64(W, 1u << k0);
        CHECK_EQ_U64(l, n - k0 + 2);
        unsigned m = n - k0;
        hs_kb om = hs_kb_two_adic_root(l);
        hs_kb5 P[32], r[8];
        for (size_t q = 0; q < ((size_t)1 << l) && !TOO_MANY_FAILURES(); q++) {
            hs_kb x = hs_kb_exp(om, brev(q, l));
            powpt(P, hs_kb5_from_base(x), m);
            for (size_t b = 0; b < W; b++)
                CHECK(hs_kb5_eq(hs_kb5_from_base(mat[q * W + b]), hs_mle_eval_base(f.data + (b << m), m, P, 1)));
            /* fold at random r = f(r, pow(x)) */
            for (unsigned j = 0; j < k0; j++) r[j] = rand_k();
            hs_kb5 Q[32];
            memcpy(Q, r, k0 * sizeof *r);
            memcpy(Q + k0, P, m * sizeof *P);
            CHECK(hs_kb5_eq(hs_mle_eval_base(mat + q * W, k0, r, 1), eval_full(&f, Q)));
        }
        /* OOD answers are f(pow_n(zeta)) */
        hs_kb5 zp[HS_WHIR_MAX_OOD], zv[HS_WHIR_MAX_OOD];
        hs_whir_debug_ood(wit, zp, zv);
        CHECK(p.round[0].ood >= 1);
        for (unsigned j = 0; j < p.round[0].ood; j++) {
            powpt(P, zp[j], n);
            CHECK(hs_kb5_eq(zv[j], eval_full(&f, P)));
        }
        hs_whir_witness_free(wit);
        hs_w_free(&w);
        poly_free(&f);
    }
}

static void test_mobius(void) {
    for (unsigned lr = 0; lr <= 9; lr += 3)
        for (size_t w = 1; w <= 40; w += 13) {
            size_t h = (size_t)1 << lr;
            hs_kb *a = malloc(h * w * sizeof(hs_kb)), *b = malloc(h * w * sizeof(hs_kb));
            for (size_t i = 0; i < h * w; i++) a[i] = rand_kb();
            /* naive: c_j = sum_{i subset of j} (-1)^{|j|-|i|} f_i */
            for (size_t j = 0; j < h; j++)
                for (size_t c = 0; c < w; c++) {
                    hs_kb s = 0;
                    for (size_t i = 0; i < h; i++)
                        if ((i & j) == i) {
                            int odd = __builtin_popcountll(j ^ i) & 1;
                            s = odd ? hs_kb_sub(s, a[i * w + c]) : hs_kb_add(s, a[i * w + c]);
                        }
                    b[j * w + c] = s;
                }
            hs_kb *c = malloc(h * w * sizeof(hs_kb));
            for (unsigned tl = 4; tl <= 16; tl += 3) { /* tiles from a few rows to all of them */
                memcpy(c, a, h * w * sizeof(hs_kb));
                hs_whir_debug_mobius(c, lr, w, tl, 1 + tl % 3);
                CHECK(!memcmp(c, b, h * w * sizeof(hs_kb)));
            }
            free(a), free(b), free(c);
        }
}

static void test_weight(void) {
    for (unsigned n = 6; n <= 10; n += 2) {
        hs_whir_config cfg = small_cfg(HS_REGIME_JOHNSON, 1, 3, 2, 1, 2, 60, 8);
        hs_whir_params p;
        CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, NULL));
        poly f;
        poly_make(&f, 2, n - 2);
        stmts S = {0};
        add_stmt(&S, &f, n, 1);         /* plain point */
        add_stmt(&S, &f, n - 2, 4);     /* sparse over the 4 columns */
        add_stmt(&S, &f, n - 5, 5);     /* selector deeper than k0: one group per claim */
        hs_transcript t;
        hs_transcript_init(&t, "weight");
        hs_writer w = {0};
        hs_whir_witness *wit;
        hs_whir_commitment comm;
        CHECK(hs_whir_commit(&wit, &p, NULL, f.cols, f.log_cols, f.log_rows, &t, &w, &comm, 1, NULL));
        hs_kb5 gamma = rand_k(), claim;
        hs_kb5 gs = hs_whir_debug_group_sum(wit, S.st, S.n, gamma, &claim, 1);
        /* brute force W = sum gamma^j eq(P_j, .) */
        size_t N = (size_t)1 << n;
        hs_kb5 *Wt = calloc(N, sizeof *Wt), *E = malloc(N * sizeof *E), P[32], gp = hs_kb5_one();
        for (unsigned j = 0; j < comm.n_ood; j++) {
            powpt(P, comm.ood_points[j], n);
            hs_mle_eq_table(E, P, n, gp, 1);
            for (size_t x = 0; x < N; x++) Wt[x] = hs_kb5_add(Wt[x], E[x]);
            gp = hs_kb5_mul(gp, gamma);
        }
        for (size_t i = 0; i < S.n; i++)
            for (size_t j = 0; j < S.st[i].n_claims; j++) {
                unsigned sb = n - S.st[i].n_inner;
                for (unsigned b = 0; b < sb; b++)
                    P[b] = ((S.st[i].sel[j] >> (sb - 1 - b)) & 1) ? hs_kb5_one() : hs_kb5_zero();
                memcpy(P + sb, S.st[i].point, S.st[i].n_inner * sizeof *P);
                hs_mle_eq_table(E, P, n, gp, 1);
                for (size_t x = 0; x < N; x++) Wt[x] = hs_kb5_add(Wt[x], E[x]);
                gp = hs_kb5_mul(gp, gamma);
            }
        hs_kb5 bs = hs_kb5_zero();
        for (size_t x = 0; x < N; x++) bs = hs_kb5_add(bs, hs_kb5_mul_base(Wt[x], f.data[x]));
        CHECK(hs_kb5_eq(gs, bs));
        CHECK(hs_kb5_eq(claim, bs)); /* the values are right, so the claim is the sum */
        hs_kb5 rho[32];
        for (unsigned j = 0; j < n; j++) rho[j] = rand_k();
        CHECK(hs_kb5_eq(hs_whir_weight0(n, &comm, S.st, S.n, gamma, rho), hs_mle_eval_ext(Wt, n, rho, 1)));
        /* the statement helper */
        hs_kb5 v[8];
        hs_whir_eval_statement(wit, S.st[1].n_inner, S.st[1].point, S.st[1].sel, S.st[1].n_claims, v, 2);
        for (size_t j = 0; j < S.st[1].n_claims; j++) CHECK(hs_kb5_eq(v[j], S.st[1].values[j]));
        hs_whir_eval_statement(wit, S.st[2].n_inner, S.st[2].point, S.st[2].sel, S.st[2].n_claims, v, 1);
        for (size_t j = 0; j < S.st[2].n_claims; j++) CHECK(hs_kb5_eq(v[j], S.st[2].values[j]));
        free(Wt), free(E);
        hs_whir_witness_free(wit);
        hs_w_free(&w);
        poly_free(&f);
    }
}


/* A SIMD kernel set (AVX2 or AVX-512) against the portable twins, on lengths that cover whole
 * vectors, the dot5 double step and every tail. */
static void test_kernel_set(const hs_whir_kernels *K) {
    for (size_t len = 0; len <= 90; len += 1 + len / 4) {
        const int failures_before = hs_test_failures;
        size_t stride = len + 3;
        hs_kb *f = malloc((len + 1) * sizeof(hs_kb)), *e = malloc(5 * stride * sizeof(hs_kb));
        hs_kb *o1 = malloc(5 * stride * sizeof(hs_kb)), *o2 = malloc(5 * stride * sizeof(hs_kb)), s[5], r1[5], r2[5];
        for (size_t i = 0; i < len; i++) f[i] = rand_kb();
        for (size_t i = 0; i < 5 * stride; i++) e[i] = rand_kb(), o1[i] = o2[i] = rand_kb();
        for (int c = 0; c < 5; c++) s[c] = rand_kb();
        if (len == 7) f[0] = HS_KB_P - 1, e[0] = HS_KB_P - 1; /* extremes */
        hs_whir_dot5_portable(f, e, stride, len, r1);
        K->dot5(f, e, stride, len, r2);
        CHECK(!memcmp(r1, r2, sizeof r1));
        /* fold4 on 1..4 blocks (f, e and two rows of o1 as the blocks), lazy sums of 64 bits */
        for (size_t nf = 1; nf <= 4; nf++) {
            const hs_kb *fb[4] = {f, e, e + stride, o1 + stride};
            hs_kb5 wv[4];
            for (int i = 0; i < 4; i++) wv[i] = rand_k();
            if (len == 7) wv[0].c[0] = HS_KB_P - 1;
            uint64_t *l1 = malloc(10 * stride * sizeof(uint64_t)), *l2 = malloc(10 * stride * sizeof(uint64_t));
            for (size_t i = 0; i < 10 * stride; i++) l1[i] = l2[i] = hs_rng_u64(&rng) >> 40;
            hs_whir_fold4_portable(l1, l1 + 5 * stride, stride, fb, nf, wv, len);
            K->fold4(l2, l2 + 5 * stride, stride, fb, nf, wv, len);
            CHECK(!memcmp(l1, l2, 10 * stride * sizeof(uint64_t)));
            free(l1), free(l2);
        }
        hs_whir_rows_sub_portable(o1, e, len);
        K->rows_sub(o2, e, len);
        CHECK(!memcmp(o1, o2, 5 * stride * sizeof(hs_kb)));
        hs_whir_rows_add_portable(o1, e, len);
        K->rows_add(o2, e, len);
        CHECK(!memcmp(o1, o2, 5 * stride * sizeof(hs_kb)));
        /* eq_split into 2 len words, with and without a second child, stored and added */
        for (int v = 0; v < 4; v++) {
            const hs_kb *tb = v & 1 ? e + stride : NULL;
            hs_whir_eq_split_portable(o1, e, tb, len, s[v], v >> 1);
            K->eq_split(o2, e, tb, len, s[v], v >> 1);
            CHECK(!memcmp(o1, o2, 5 * stride * sizeof(hs_kb)));
        }
        if (hs_test_failures != failures_before) fprintf(stderr, "test_whir: %s kernels differ at len %zu\n", K->name, len);
        free(f), free(e), free(o1), free(o2);
    }
}

static void test_kernels(void) {
    if (hs_cpu_has_avx2())
        test_kernel_set(&hs_whir_kernels_avx2);
    else
        printf("test_whir: no AVX2 (or HS_SIMD below it), AVX2 kernel comparison skipped\n");
    if (hs_cpu_has_avx512())
        test_kernel_set(&hs_whir_kernels_avx512);
    else
        printf("test_whir: no AVX-512 on this CPU or build (or HS_SIMD below it), AVX-512 kernel comparison skipped\n");
}

/* ---- round trips, rejection ---- */

static void test_roundtrip(void) {
    struct {
        hs_regime g;
        unsigned R, k0, k, red, smax, lambda, pow;
    } cf[] = {
        {HS_REGIME_CONJECTURED, 1, 3, 2, 1, 2, 80, 12},
        {HS_REGIME_JOHNSON, 2, 4, 2, 2, 3, 80, 12},
        {HS_REGIME_UDR, 1, 2, 3, 1, 1, 50, 12},
        {HS_REGIME_CONJECTURED, 2, 5, 3, 5, 2, 100, 12},
    };
    /* 12 bits of grinding: a flipped bit in a nonce gives another valid nonce with probability
     * 2^-12 (then the proof is another valid proof of the same statement, not a forgery: the last
     * sumcheck round holds at any challenge); with 4 bits the flips below met that 1 time in 16 */
    for (unsigned n = 6; n <= 14; n++) {
        unsigned ci = n % 4;
        hs_whir_config cfg = small_cfg(cf[ci].g, cf[ci].R, cf[ci].k0, cf[ci].k, cf[ci].red, cf[ci].smax, cf[ci].lambda,
                                       cf[ci].pow);
        cfg.hash = (hs_merkle_hash)(n % 3);
        cfg.cap_height = n % 3;
        hs_whir_params p;
        const char *why = NULL;
        if (!hs_whir_params_derive(&p, n, &cfg, NULL, &why)) {
            fprintf(stderr, "n=%u: %s\n", n, why);
            CHECK(0);
            continue;
        }
        unsigned lc = n % 2 ? 5 : 1;
        poly f;
        poly_make(&f, lc, n - lc);
        stmts S = {0};
        unsigned kind = n % 3;
        if (kind == 0) add_stmt(&S, &f, n, 1);
        if (kind == 1) add_stmt(&S, &f, n, 1), add_stmt(&S, &f, n, 1), add_stmt(&S, &f, n, 1);
        if (kind == 2) add_stmt(&S, &f, n - lc, (size_t)1 << lc), add_stmt(&S, &f, n - lc, 3), add_stmt(&S, &f, n, 1);
        hs_writer w;
        CHECK(prove(&p, &f, &S, 1, &w, NULL));
        why = NULL;
        int ok = verify(&p, &S, w.data, w.len, &why);
        if (!ok) fprintf(stderr, "n=%u: %s\n", n, why);
        CHECK(ok);
        CHECK(w.len <= hs_whir_commit_size_bound(&p) + hs_whir_open_size_bound(&p));
        /* wrong value */
        S.vals[0][0] = hs_kb5_add(S.vals[0][0], hs_kb5_one());
        CHECK(!verify(&p, &S, w.data, w.len, &why));
        S.vals[0][0] = hs_kb5_sub(S.vals[0][0], hs_kb5_one());
        /* the prover with a wrong value makes a proof that fails */
        S.vals[0][0] = hs_kb5_add(S.vals[0][0], hs_kb5_one());
        hs_writer w2;
        prove(&p, &f, &S, 1, &w2, NULL);
        CHECK(!verify(&p, &S, w2.data, w2.len, &why));
        hs_w_free(&w2);
        S.vals[0][0] = hs_kb5_sub(S.vals[0][0], hs_kb5_one());
        /* a different statement point */
        if (S.st[0].n_inner) {
            S.pts[0][0] = hs_kb5_add(S.pts[0][0], hs_kb5_one());
            CHECK(!verify(&p, &S, w.data, w.len, &why));
            S.pts[0][0] = hs_kb5_sub(S.pts[0][0], hs_kb5_one());
        }
        /* truncations */
        for (size_t cut = 0; cut < w.len; cut += 1 + w.len / 97) CHECK(!verify(&p, &S, w.data, cut, &why));
        CHECK(!verify(&p, &S, w.data, w.len - 1, &why));
        /* byte flips at spread positions */
        uint8_t *buf = malloc(w.len);
        for (size_t k = 0; k < 120 && !TOO_MANY_FAILURES(); k++) {
            size_t pos = k < 60 ? (k * w.len) / 60 + hs_rng_below(&rng, 1 + w.len / 60) : hs_rng_below(&rng, w.len);
            if (pos >= w.len) pos = w.len - 1;
            memcpy(buf, w.data, w.len);
            buf[pos] ^= (uint8_t)(1u << hs_rng_below(&rng, 8));
            if (verify(&p, &S, buf, w.len, &why)) {
                fprintf(stderr, "n=%u: flip at %zu of %zu accepted\n", n, pos, w.len);
                CHECK(0);
            }
        }
        free(buf);
        hs_w_free(&w);
        poly_free(&f);
    }
}

/* Every byte of a small proof, flipped, is rejected. */
static void test_tamper_all(void) {
    hs_whir_config cfg = small_cfg(HS_REGIME_CONJECTURED, 1, 2, 2, 1, 1, 32, 3);
    hs_whir_params p;
    unsigned n = 7;
    CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, NULL));
    CHECK(p.n_rounds >= 2);
    poly f;
    poly_make(&f, 2, n - 2);
    stmts S = {0};
    add_stmt(&S, &f, n - 2, 4);
    add_stmt(&S, &f, n, 1);
    hs_writer w;
    CHECK(prove(&p, &f, &S, 1, &w, NULL));
    const char *why;
    CHECK(verify(&p, &S, w.data, w.len, &why));
    uint8_t *buf = malloc(w.len);
    size_t accepted = 0;
    for (size_t pos = 0; pos < w.len; pos++) {
        memcpy(buf, w.data, w.len);
        buf[pos] ^= (uint8_t)(1u << (pos % 8));
        why = NULL;
        if (verify(&p, &S, buf, w.len, &why)) accepted++;
        else CHECK(why != NULL);
    }
    CHECK_EQ_U64(accepted, 0);
    free(buf);
    hs_w_free(&w);
    poly_free(&f);
}


/* Grinding is enforced: a verifier that asks for more bits than the proof's nonces carry rejects
 * with the grinding reason (the bytes and the transcript are otherwise the same). Malformed
 * statements are refused by both sides. */
static void test_grinding(void) {
    hs_whir_config cfg = small_cfg(HS_REGIME_JOHNSON, 3, 3, 2, 1, 2, 128, 8);
    hs_whir_params p;
    unsigned n = 9;
    CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, NULL));
    poly f;
    poly_make(&f, 1, n - 1);
    stmts S = {0};
    add_stmt(&S, &f, n - 1, 2);
    hs_writer w;
    CHECK(prove(&p, &f, &S, 2, &w, NULL));
    const char *why = NULL;
    CHECK(verify(&p, &S, w.data, w.len, &why));
    unsigned nf = 0, nq = 0;
    for (unsigned i = 0; i <= p.n_rounds; i++) {
        hs_whir_params pv = p;
        if (p.round[i].fold_pow) {
            nf++;
            pv.round[i].fold_pow += 16;
            why = NULL;
            CHECK(!verify(&pv, &S, w.data, w.len, &why));
            CHECK(why && !strcmp(why, "whir: fold proof of work"));
        }
        pv = p;
        if (p.round[i].query_pow) {
            nq++;
            pv.round[i].query_pow += 16;
            why = NULL;
            CHECK(!verify(&pv, &S, w.data, w.len, &why));
            CHECK(why && !strcmp(why, "whir: query proof of work"));
        }
    }
    CHECK(nf > 0 && nq > 0);
    /* malformed statements */
    stmts B = S;
    B.st[0].point = B.pts[0];
    B.st[0].n_inner = n + 1;
    hs_transcript t;
    hs_transcript_init(&t, "bad");
    hs_reader r;
    hs_r_init(&r, w.data, w.len);
    hs_whir_commitment c;
    CHECK(hs_whir_verify_commitment(&p, &t, &r, &c, &why));
    CHECK(!hs_whir_verify(&p, &c, B.st, B.n, &t, &r, &why) && !strcmp(why, "whir: malformed statement"));
    B = S;
    B.st[0].sel = B.sel[0];
    B.sel[0][0] = 2; /* one selector bit: 2 is out of range */
    CHECK(!verify(&p, &B, w.data, w.len, &why) && !strcmp(why, "whir: malformed statement"));
    hs_transcript_init(&t, "bad");
    hs_writer w2 = {0};
    hs_whir_witness *wit;
    CHECK(hs_whir_commit(&wit, &p, NULL, f.cols, f.log_cols, f.log_rows, &t, &w2, NULL, 1, &why));
    CHECK(!hs_whir_open(&p, wit, B.st, B.n, &t, &w2, 1, &why));
    hs_whir_witness_free(wit);
    hs_w_free(&w2);
    hs_w_free(&w);
    poly_free(&f);
}


/* A final polynomial that differs from the last oracle but passes the final sumcheck is caught by
 * the queries, and only by them. */
static void test_cheat_final(void) {
    hs_whir_config cfg = small_cfg(HS_REGIME_CONJECTURED, 2, 3, 2, 1, 3, 80, 4);
    hs_whir_params p;
    unsigned n = 10;
    CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, NULL));
    CHECK(p.final_vars >= 1);
    poly f;
    poly_make(&f, 0, n);
    stmts S = {0};
    add_stmt(&S, &f, n, 1);
    hs_transcript t;
    hs_transcript_init(&t, "test_whir");
    hs_writer w = {0};
    hs_whir_witness *wit;
    CHECK(hs_whir_commit(&wit, &p, NULL, f.cols, f.log_cols, f.log_rows, &t, &w, NULL, 1, NULL));
    hs_transcript_absorb(&t, "gkr", 3);
    CHECK(hs_whir_debug_open_cheat(&p, wit, S.st, S.n, &t, &w, 1));
    const char *why = NULL;
    CHECK(!verify(&p, &S, w.data, w.len, &why));
    CHECK(why && !strcmp(why, "whir: query does not match the final polynomial"));
    hs_whir_witness_free(wit);
    hs_w_free(&w);
    poly_free(&f);
}

static void test_threads(void) {
    hs_whir_config cfg = small_cfg(HS_REGIME_JOHNSON, 2, 4, 3, 2, 2, 80, 6);
    hs_whir_params p;
    unsigned n = 14;
    CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, NULL));
    poly f;
    poly_make(&f, 5, n - 5);
    stmts S = {0};
    add_stmt(&S, &f, n - 5, 32);
    add_stmt(&S, &f, n - 5, 16);
    hs_writer w1, w2;
    CHECK(prove(&p, &f, &S, 1, &w1, NULL));
    CHECK(prove(&p, &f, &S, 2, &w2, NULL));
    CHECK(w1.len == w2.len && !memcmp(w1.data, w2.data, w1.len));
    const char *why;
    CHECK(verify(&p, &S, w1.data, w1.len, &why));
    hs_w_free(&w1), hs_w_free(&w2);
    poly_free(&f);
}

/* ---- parameters (leanMultisig's config.rs formulas): 25 variables, (7,4), red 5, s_max 6, lambda 128, g 16 ---- */

static void test_params(void) {
    struct {
        int proven;
        unsigned R;
        unsigned q[4];
        unsigned maxpow;
    } tab[] = {
        {1, 2, {127, 59, 34, 24}, 17},
        {1, 1, {272, 79, 39, 26}, 16},
        {0, 1, {113, 38, 19, 13}, 16},
        {0, 2, {57, 29, 17, 12}, 16},
    };
    for (unsigned i = 0; i < 4; i++) {
        hs_whir_config cfg;
        if (tab[i].proven)
            hs_whir_config_proven128(&cfg, tab[i].R, HS_MERKLE_KECCAK);
        else
            hs_whir_config_conj128(&cfg, tab[i].R, HS_MERKLE_KECCAK);
        hs_whir_params p;
        hs_sound_report rep;
        memset(&rep, 0, sizeof rep);
        rep.regime = cfg.regime;
        const char *why = NULL;
        CHECK(hs_whir_params_derive(&p, 25, &cfg, &rep, &why));
        CHECK_EQ_U64(p.n_rounds, 3);
        CHECK_EQ_U64(p.final_vars, 6);
        unsigned maxpow = 0;
        for (unsigned j = 0; j <= 3; j++) {
            CHECK_EQ_U64(p.round[j].queries, tab[i].q[j]);
            CHECK_EQ_U64(p.round[j].ood, 2);
            if (p.round[j].query_pow > maxpow) maxpow = p.round[j].query_pow;
            if (p.round[j].fold_pow > maxpow) maxpow = p.round[j].fold_pow;
        }
        CHECK_EQ_U64(maxpow, tab[i].maxpow);
        CHECK_EQ_U64(p.round[1].log_inv_rate, tab[i].R + 2);
        CHECK_EQ_U64(p.round[0].log_leaves, 25 - 7 + tab[i].R);
        hs_sound_finish(&rep);
        CHECK_EQ_U64(rep.n_terms, 3 * 4 + 1);
        CHECK(rep.claimed_bits >= 128.0 - 1e-9);
        /* UDR at rate 1/4 has no OOD samples and a list of one */
        hs_whir_config u = cfg;
        u.regime = HS_REGIME_UDR;
        CHECK(hs_whir_params_derive(&p, 25, &u, NULL, &why));
        CHECK_EQ_U64(p.round[0].ood, 0);
    }
    /* unusable configurations are refused with a reason */
    hs_whir_config c;
    hs_whir_config_proven128(&c, 2, HS_MERKLE_KECCAK);
    hs_whir_params p;
    const char *why = NULL;
    CHECK(!hs_whir_params_derive(&p, 30, &c, NULL, &why) && why);
    c.first_reduction = 8;
    CHECK(!hs_whir_params_derive(&p, 20, &c, NULL, &why));
}

/* ---- byte identity: proofs of fixed inputs hash to the values the first implementation gave
 * (a faster prover must not change one byte), for every thread count ---- */

static uint64_t fnv1a(const uint8_t *d, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ d[i]) * 1099511628211ull;
    return h;
}

static void test_golden(void) {
    struct {
        hs_regime g;
        unsigned R, k0, k, red, smax, lambda, pow;
        hs_merkle_hash hash;
        unsigned log_cols, n, n_inner[2], claims[2];
        uint64_t want;
    } cf[] = {
        /* the gkr backend's shape, smaller: 32 columns, two sparse statements of 16 claims */
        {HS_REGIME_JOHNSON, 1, 7, 4, 5, 2, 80, 8, HS_MERKLE_BLAKE3, 5, 16, {11, 11}, {16, 16}, 0x6afca5b6b4323c49ull},
        /* stacking finer than k0, a plain point and a sparse statement */
        {HS_REGIME_CONJECTURED, 2, 4, 3, 2, 2, 90, 6, HS_MERKLE_KECCAK, 6, 14, {14, 8}, {1, 8}, 0x3075417c49c41a20ull},
        /* one column, no OOD samples */
        {HS_REGIME_UDR, 1, 3, 2, 1, 1, 50, 4, HS_MERKLE_POSEIDON2, 0, 12, {12, 5}, {1, 3}, 0xa67819815fe80d57ull},
    };
    for (unsigned ci = 0; ci < sizeof cf / sizeof cf[0]; ci++) {
        hs_rng save = rng;
        hs_rng_seed(&rng, 1000 + ci); /* fixed inputs, whatever HS_TEST_SEED says */
        hs_whir_config cfg = small_cfg(cf[ci].g, cf[ci].R, cf[ci].k0, cf[ci].k, cf[ci].red, cf[ci].smax,
                                       cf[ci].lambda, cf[ci].pow);
        cfg.hash = cf[ci].hash;
        hs_whir_params p;
        CHECK(hs_whir_params_derive(&p, cf[ci].n, &cfg, NULL, NULL));
        poly f;
        poly_make(&f, cf[ci].log_cols, cf[ci].n - cf[ci].log_cols);
        stmts S = {0};
        for (int j = 0; j < 2; j++) {
            size_t i = S.n++;
            hs_whir_statement *s = &S.st[i];
            unsigned ni = cf[ci].n_inner[j], sb = cf[ci].n - ni;
            for (unsigned v = 0; v < ni; v++) S.pts[i][v] = rand_k();
            for (size_t c = 0; c < cf[ci].claims[j]; c++) S.sel[i][c] = sb ? (uint32_t)((c * 5 + j) % (1u << sb)) : 0;
            s->n_inner = ni, s->point = S.pts[i], s->n_claims = cf[ci].claims[j];
            s->sel = sb ? S.sel[i] : NULL, s->values = S.vals[i];
        }
        rng = save;
        /* the claimed values, from a first commitment */
        hs_whir_witness *w0;
        hs_transcript t;
        hs_writer tmp;
        memset(&tmp, 0, sizeof tmp);
        hs_transcript_init(&t, "test_whir");
        CHECK(hs_whir_commit(&w0, &p, NULL, f.cols, f.log_cols, f.log_rows, &t, &tmp, NULL, 1, NULL));
        for (size_t i = 0; i < S.n; i++)
            hs_whir_eval_statement(w0, S.st[i].n_inner, S.st[i].point, S.st[i].sel, S.st[i].n_claims, S.vals[i], 1);
        hs_whir_witness_free(w0);
        hs_w_free(&tmp);
        uint64_t h1 = 0;
        for (unsigned th = 1; th <= 3; th++) {
            hs_writer w;
            CHECK(prove(&p, &f, &S, th, &w, NULL));
            uint64_t h = fnv1a(w.data, w.len);
            if (th == 1) {
                const char *why = NULL;
                CHECK(verify(&p, &S, w.data, w.len, &why));
                if (h != cf[ci].want)
                    printf("test_whir: golden config %u: proof hash %016llx, want %016llx\n", ci, (unsigned long long)h,
                           (unsigned long long)cf[ci].want);
                CHECK(h == cf[ci].want);
                h1 = h;
            }
            CHECK(h == h1);
            hs_w_free(&w);
        }
        poly_free(&f);
    }
}

int main(void) {
    hs_test_init(&rng, "test_whir");
    test_params();
    test_mobius();
    test_kernels();
    test_leaves();
    test_weight();
    test_roundtrip();
    test_tamper_all();
    test_threads();
    test_grinding();
    test_cheat_final();
    test_golden();
    return hs_test_done("test_whir");
}
