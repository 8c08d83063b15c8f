/* The gkr backend, for every permutation it proves (src/gkr/gkr_perm.h): witness layers against
 * the permutation's round trace, the matrix inverses, the per-layer identity (claims after M^{-1}
 * = the brute-force sum of eq times the layer's g), the layer sumcheck against brute-force MLEs,
 * and the whole proof: completeness, public statements bound to their table, tampering (every
 * byte of a small proof, truncation, trailing bytes, the block entry values, a corrupted witness
 * cell), thread-count determinism. The row kernels against their portable twins (widths 1, 16, 24). */
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/gkr_kern.h"
#include "hash/poseidon2_monty31.h"
#include "util/cpu.h"
#include "poly/mle.h"
#include "testutil.h"
#include "util/mem.h"

static hs_kb rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }
static hs_kb5 rand_kb5(hs_rng *rng) {
    hs_kb5 a;
    for (int i = 0; i < 5; i++) a.c[i] = rand_kb(rng);
    return a;
}

enum { MW = HS_GKR_MAX_WIDTH };

static hs_kb *rand_inputs(hs_rng *rng, unsigned n, unsigned width) {
    size_t words = ((size_t)1 << n) * width;
    hs_kb *in = malloc(words * sizeof *in);
    for (size_t i = 0; i < words; i++) in[i] = rand_kb(rng);
    return in;
}

/* x as a point of {0,1}^n (variable 0 = most significant bit). */
static void bits_point(size_t x, unsigned n, hs_kb5 *p) {
    for (unsigned i = 0; i < n; i++) p[i] = (x >> (n - 1 - i)) & 1 ? hs_kb5_one() : hs_kb5_zero();
}

/* Random field values, a third of them p - 1 (the largest products the lazy sums must absorb). */
static void fill(hs_rng *rng, hs_kb *v, size_t n) {
    for (size_t i = 0; i < n; i++) v[i] = hs_rng_below(rng, 3) ? rand_kb(rng) : (hs_kb)(HS_KB_P - 1); /* raw maximum */
}

static int k5_same(const hs_kb5 *a, const hs_kb5 *b, size_t n) { return !memcmp(a, b, n * sizeof *a); }

/* Every AVX2 or AVX-512 row kernel (A) against its portable twin, on ranges with vector tails. */
static void kernels(hs_rng *rng, const hs_gkr_kernels *A) {
    const hs_gkr_kernels *P = &hs_gkr_kernels_portable;
    const size_t h = 1203, N = 2 * h; /* the skip kernels take 16 blocks of M = 150 rows: > 16 row vectors */
    enum { KC = HS_GKR_KERN_MAX_COLS };
    hs_kb *cbuf = malloc(KC * N * sizeof *cbuf), *kbuf = malloc(4 * 5 * N * sizeof *kbuf);
    hs_kb *obuf = malloc(2 * MW * 5 * N * sizeof *obuf);
    for (int it = 0; it < 30; it++) {
        fill(rng, cbuf, KC * N);
        fill(rng, kbuf, 4 * 5 * N);
        const hs_kb *cols[KC];
        hs_mle_k5 eq, lin, fa[MW], fb[MW], oa, ob;
        for (unsigned j = 0; j < KC; j++) cols[j] = cbuf + j * N;
        for (unsigned j = 0; j < MW; j++)
            for (int c = 0; c < 5; c++) fa[j].p[c] = obuf + (j * 5 + c) * N, fb[j].p[c] = obuf + ((MW + j) * 5 + c) * N;
        for (int c = 0; c < 5; c++) eq.p[c] = kbuf + c * N, lin.p[c] = kbuf + (5 + c) * N;
        for (int c = 0; c < 5; c++) oa.p[c] = kbuf + (10 + c) * N, ob.p[c] = kbuf + (15 + c) * N;
        size_t lo = hs_rng_below(rng, 9), hi = h - hs_rng_below(rng, 9);
        const unsigned n_cube = it % 3 == 0 ? 1 : it % 3 == 1 ? 16 : 24; /* partial, width 16, width 24 */
        hs_kb5 ra[MW][3], rb[MW][3], coef[KC], x = rand_kb5(rng), y = rand_kb5(rng);
        for (unsigned j = 0; j < KC; j++) coef[j] = rand_kb5(rng);
        for (unsigned j = 0; j < MW; j++)
            for (int t = 0; t < 3; t++) ra[j][t] = rb[j][t] = rand_kb5(rng);
        { /* the skip kernels on |D| blocks of M = 150 rows */
            const size_t M = 150, sl = hs_rng_below(rng, 5), sh = M - hs_rng_below(rng, 5);
            hs_kb5 sa[MW][HS_GKR_KERN_SKIP_PTS], sb[MW][HS_GKR_KERN_SKIP_PTS], w8[HS_GKR_KERN_SKIP_D];
            for (unsigned j = 0; j < MW; j++)
                for (int t = 0; t < HS_GKR_KERN_SKIP_PTS; t++) sa[j][t] = sb[j][t] = rand_kb5(rng);
            P->skip(cols, n_cube, M, eq, sl, sh, sa);
            A->skip(cols, n_cube, M, eq, sl, sh, sb);
            CHECK(k5_same(&sa[0][0], &sb[0][0], MW * HS_GKR_KERN_SKIP_PTS));
            for (int d = 0; d < HS_GKR_KERN_SKIP_D; d++) w8[d] = rand_kb5(rng);
            P->skipf0(cols[3], M, w8, fa[0], sl, sh);
            A->skipf0(cols[3], M, w8, fb[0], sl, sh);
            for (size_t y = sl; y < sh; y++) CHECK(hs_kb5_eq(hs_mle_k5_get(fa[0], y), hs_mle_k5_get(fb[0], y)));
            for (int c = 0; c < 5; c++) memcpy(oa.p[c], lin.p[c], N * sizeof *kbuf), memcpy(ob.p[c], lin.p[c], N * sizeof *kbuf);
            P->skipfk(oa, M, w8, oa, sl, sh);
            A->skipfk(ob, M, w8, ob, sl, sh);
            for (size_t y = 0; y < HS_GKR_KERN_SKIP_D * M; y++) CHECK(hs_kb5_eq(hs_mle_k5_get(oa, y), hs_mle_k5_get(ob, y)));
            A->skipfk(lin, M, w8, fb[1], sl, sh); /* out of place: the same values, the source kept */
            for (size_t y = sl; y < sh; y++) CHECK(hs_kb5_eq(hs_mle_k5_get(oa, y), hs_mle_k5_get(fb[1], y)));
            /* the running linear column's update with and without the s term and the eq sums */
            for (int variant = 0; variant < 3; variant++) {
                hs_kb5 lama[HS_GKR_KERN_SKIP_D], lamb[HS_GKR_KERN_SKIP_D], mu = rand_kb5(rng), na = rand_kb5(rng), cst = rand_kb5(rng);
                for (int d = 0; d < HS_GKR_KERN_SKIP_D; d++) lama[d] = lamb[d] = rand_kb5(rng);
                for (int c = 0; c < 5; c++) memcpy(oa.p[c], lin.p[c], N * sizeof *kbuf), memcpy(ob.p[c], lin.p[c], N * sizeof *kbuf);
                const hs_kb *Pc = variant == 2 ? NULL : cols[7], *sc = variant == 1 ? NULL : cols[8];
                hs_mle_k5 eqv = eq;
                if (variant == 1) eqv.p[0] = NULL;
                P->lupd(oa, M, Pc, sc, mu, na, cst, eqv, sl, sh, lama);
                A->lupd(ob, M, Pc, sc, mu, na, cst, eqv, sl, sh, lamb);
                CHECK(k5_same(lama, lamb, HS_GKR_KERN_SKIP_D));
                for (size_t x = 0; x < HS_GKR_KERN_SKIP_D * M; x++) {
                    hs_kb5 want = hs_mle_k5_get(lin, x);
                    const size_t y = x % M;
                    if (Pc && y >= sl && y < sh) {
                        want = hs_kb5_add(hs_kb5_add(want, cst), hs_kb5_mul_base(mu, Pc[x]));
                        if (sc) want = hs_kb5_add(want, hs_kb5_mul_base(na, sc[x]));
                    }
                    CHECK(hs_kb5_eq(hs_mle_k5_get(oa, x), want) && hs_kb5_eq(hs_mle_k5_get(ob, x), want));
                }
            }
        }
        P->round0(cols, n_cube, h, eq, lo, hi, ra);
        A->round0(cols, n_cube, h, eq, lo, hi, rb);
        CHECK(k5_same(&ra[0][0], &rb[0][0], MW * 3));
        {
            const size_t q = h / 2;
            hs_kb5 r1a[MW][3][4], r1b[MW][3][4];
            for (unsigned j = 0; j < MW; j++)
                for (int t = 0; t < 3; t++)
                    for (int k = 0; k < 4; k++) r1a[j][t][k] = r1b[j][t][k] = rand_kb5(rng);
            size_t hi1 = q - hs_rng_below(rng, 5);
            P->round1(cols, n_cube, q, eq, lo, hi1, r1a);
            A->round1(cols, n_cube, q, eq, lo, hi1, r1b);
            CHECK(k5_same(&r1a[0][0][0], &r1b[0][0][0], MW * 12));
            hs_kb5 w4[4] = {x, y, coef[0], coef[1]};
            P->fold01(cols[5], q, w4, oa, lo, hi1);
            A->fold01(cols[5], q, w4, ob, lo, hi1);
            for (int c = 0; c < 5; c++) CHECK(!memcmp(oa.p[c] + lo, ob.p[c] + lo, (hi1 - lo) * sizeof(hs_kb)));
        }
        hs_kb5 la = x, lb = y, la2 = x, lb2 = y;
        P->lin(lin, h, eq, lo, hi, &la, &lb);
        A->lin(lin, h, eq, lo, hi, &la2, &lb2);
        CHECK(hs_kb5_eq(la, la2) && hs_kb5_eq(lb, lb2));
        for (unsigned j = 0; j < MW; j++) fill(rng, fa[j].p[0], 5 * N);
        for (unsigned j = 0; j < MW; j++)
            for (int c = 0; c < 5; c++) memcpy(fb[j].p[c], fa[j].p[c], N * sizeof(hs_kb));
        P->roundk(fa, n_cube, h, eq, lo, hi, ra[0]);
        A->roundk(fa, n_cube, h, eq, lo, hi, rb[0]);
        CHECK(k5_same(ra[0], rb[0], 3));
        P->foldk(fa[0], h, x, lo, hi);
        A->foldk(fb[0], h, x, lo, hi);
        for (int c = 0; c < 5; c++) CHECK(!memcmp(fa[0].p[c], fb[0].p[c], N * sizeof(hs_kb)));
        P->fold0(cols[3], h, x, y, fa[1], lo, hi);
        A->fold0(cols[3], h, x, y, fb[1], lo, hi);
        for (int c = 0; c < 5; c++) CHECK(!memcmp(fa[1].p[c] + lo, fb[1].p[c] + lo, (hi - lo) * sizeof(hs_kb)));
        const unsigned kc = n_cube == 16 ? 13 : n_cube == 24 ? 45 : 16; /* 45: width 24's basis */
        P->lincol(cols, kc, coef, oa, lo, hi);
        A->lincol(cols, kc, coef, ob, lo, hi);
        for (int c = 0; c < 5; c++) CHECK(!memcmp(oa.p[c] + lo, ob.p[c] + lo, (hi - lo) * sizeof(hs_kb)));
        hs_kb5 da[KC], db[KC];
        for (unsigned j = 0; j < KC; j++) da[j] = db[j] = coef[j];
        P->dot(cols, n_cube == 24 ? 23 : 14, eq, lo, hi, da);
        A->dot(cols, n_cube == 24 ? 23 : 14, eq, lo, hi, db);
        CHECK(k5_same(da, db, KC));
        /* the portable kernel against the scalar field: one row of roundk by hand */
        hs_kb5 q[3] = {hs_kb5_zero(), hs_kb5_zero(), hs_kb5_zero()};
        P->roundk(fa, 1, h, eq, 5, 6, q);
        hs_kb5 a = hs_mle_k5_get(fa[0], 5), d = hs_kb5_sub(hs_mle_k5_get(fa[0], 5 + h), a), e = hs_mle_k5_get(eq, 5);
        CHECK(hs_kb5_eq(q[0], hs_kb5_mul(e, hs_kb5_mul(hs_kb5_square(a), a))));
        CHECK(hs_kb5_eq(q[1], hs_kb5_mul(e, hs_kb5_mul(hs_kb5_square(a), d))));
        CHECK(hs_kb5_eq(q[2], hs_kb5_mul(e, hs_kb5_mul(hs_kb5_square(d), d))));
    }
    free(cbuf), free(kbuf), free(obuf);
}

/* All w lanes of layer L, materialised: w columns of N. */
static hs_kb *layer_cols(const hs_gkr_witness *w, unsigned L) {
    const unsigned W = w->perm->width;
    hs_kb *c = malloc(W * w->N * sizeof *c);
    for (unsigned j = 0; j < W; j++) hs_gkr_lane(w, L, j, c + j * w->N);
    return c;
}

/* Poseidon2's round trace (hs_p2_permute_trace) for the rows of a witness. */
static void witness_layers(hs_rng *rng, const hs_gkr_perm *p) {
    if (p->id != HS_GKR_P2_KB16 && p->id != HS_GKR_P2_KB24) return;
    const hs_p2_params *pp = p->ctx;
    const unsigned n = 4, W = p->width;
    const size_t N = (size_t)1 << n;
    hs_kb *in = rand_inputs(rng, n, W), *rows = malloc(N * W * sizeof *rows);
    hs_gkr_witness w;
    CHECK(hs_gkr_witness_build(&w, p, in, n, 2, rows, HS_GKR_WIT_IO | HS_GKR_WIT_ALL));
    hs_kb *lc[HS_GKR_MAX_LAYERS];
    for (unsigned L = 0; L < p->layers; L++) lc[L] = layer_cols(&w, L);
    for (size_t x = 0; x < N; x++) {
        uint32_t s[MW], tr[(HS_GKR_MAX_LAYERS + 1) * MW];
        memcpy(s, in + x * W, W * sizeof *s);
        hs_p2_permute_trace(pp, s, tr);
        for (unsigned L = 0; L < p->layers; L++) {
            hs_kb rc[MW];
            hs_gkr_layer_rc(p, L, rc);
            for (unsigned j = 0; j < W; j++) CHECK(lc[L][j * N + x] == hs_kb_add(tr[L * W + j], rc[j]));
            CHECK((hs_gkr_col(&w, L, 1) != NULL) == hs_gkr_layer_full(p, L));
        }
        for (unsigned j = 0; j < W; j++) {
            CHECK(w.out[j * N + x] == s[j]);
            CHECK(rows[x * W + j] == s[j]);
            CHECK(w.in[j * N + x] == in[x * W + j]);
        }
    }
    /* the lean witness: the final full layers first, then the initial ones recomputed into their slots */
    const unsigned F = HS_GKR_HALF + p->partial;
    hs_gkr_witness w2;
    CHECK(hs_gkr_witness_build(&w2, p, in, n, 1, NULL, 0));
    CHECK(hs_gkr_col(&w2, 0, 0) == NULL && hs_gkr_col(&w2, F + 3, 5) != NULL);
    CHECK(!memcmp(hs_gkr_col(&w2, F + 2, 3), hs_gkr_col(&w, F + 2, 3), N * sizeof(hs_kb)));
    CHECK(hs_gkr_witness_initial(&w2, in, 2));
    CHECK(hs_gkr_col(&w2, F + 3, 0) == NULL);
    for (unsigned L = 0; L < HS_GKR_HALF; L++)
        for (unsigned j = 0; j < W; j++) CHECK(!memcmp(hs_gkr_col(&w2, L, j), hs_gkr_col(&w, L, j), N * sizeof(hs_kb)));
    hs_gkr_witness_free(&w2);
    for (unsigned L = 0; L < p->layers; L++) free(lc[L]);
    hs_gkr_witness_free(&w);
    free(in), free(rows);
}

/* inv (M e_k) = e_k for a linear layer f (round r; NULL: the identity). */
static void check_inverse(const hs_gkr_perm *p, hs_gkr_linear_fn f, unsigned r, const hs_kb *inv) {
    const unsigned W = p->width;
    for (unsigned k = 0; k < W; k++) {
        hs_kb e[MW] = {0};
        e[k] = HS_KB_ONE;
        if (f) f(p->ctx, r, e);
        for (unsigned i = 0; i < W; i++) {
            hs_kb acc = 0;
            for (unsigned c = 0; c < W; c++) acc = hs_kb_add(acc, hs_kb_mul(inv[i * W + c], e[c]));
            CHECK(acc == (i == k ? HS_KB_ONE : 0));
        }
    }
}

/* Every inverse the walk uses, and each layer's (hs_gkr_linear_inverse); the affine maps of the
 * partial lanes against a plain replay of the partial rounds on random states. */
static void inverses(hs_rng *rng, const hs_gkr_perm *p) {
    check_inverse(p, p->initial, 0, p->initial_inv);
    check_inverse(p, p->full, 0, p->full_inv);
    check_inverse(p, p->entry, 0, p->entry_inv);
    check_inverse(p, p->part, p->partial - 1, p->last_inv);
    hs_kb inv[MW * MW];
    for (unsigned L = 0; L < p->layers; L++) {
        CHECK(hs_gkr_linear_inverse(p, L, inv));
        check_inverse(p, hs_gkr_layer_full(p, L) ? p->full : p->part, L - HS_GKR_HALF, inv);
    }
    CHECK(!hs_gkr_linear_inverse(p, p->layers, inv));
    const unsigned W = p->width;
    for (int it = 0; it < 4; it++) {
        hs_kb st[MW], basis[HS_GKR_MAX_BASIS];
        for (unsigned j = 0; j < W; j++) st[j] = rand_kb(rng); /* pre_HALF */
        for (unsigned j = 1; j < W; j++) basis[j - 1] = st[j];
        for (unsigned r = 0; r < p->partial; r++) {
            for (unsigned j = 1; j < W; j++) {
                const hs_kb *row = p->pmap[r] + (j - 1) * HS_GKR_MAP_STRIDE;
                hs_kb acc = row[HS_GKR_MAP_CONST];
                for (unsigned k = 0; k < p->basis; k++) acc = hs_kb_add(acc, hs_kb_mul(row[k], basis[k]));
                CHECK(acc == st[j]);
            }
            if (r > 0) {
                hs_kb acc = p->lane0[r][HS_GKR_MAP_CONST];
                for (unsigned k = 0; k < p->basis; k++) acc = hs_kb_add(acc, hs_kb_mul(p->lane0[r][k], basis[k]));
                CHECK(acc == st[0]);
            }
            st[0] = hs_kb_cube(st[0]);
            if (r + 1 < p->partial) basis[W - 1 + r] = st[0];
            st[0] = hs_kb_add(st[0], p->rc_post[r]);
            p->part(p->ctx, r, st);
            if (r + 1 < p->partial) st[0] = hs_kb_add(st[0], p->rc_pre[r + 1]);
        }
    }
}

/* Brute force: sum_x eq(z, x) g_L(pre_L(x)). */
static hs_kb5 brute_layer_sum(const hs_gkr_witness *w, unsigned L, const hs_kb5 *z, hs_kb5 gamma) {
    const hs_gkr_perm *p = w->perm;
    const unsigned n = w->n, W = p->width;
    hs_kb5 acc = hs_kb5_zero(), pt[HS_GKR_MAX_LOG], t[MW];
    hs_kb *lc = layer_cols(w, L);
    for (size_t x = 0; x < w->N; x++) {
        bits_point(x, n, pt);
        for (unsigned j = 0; j < W; j++) t[j] = hs_kb5_from_base(lc[j * w->N + x]);
        hs_kb5 g = hs_gkr_layer_g(W, hs_gkr_layer_full(p, L) ? W : 1, gamma, t);
        acc = hs_kb5_add(acc, hs_kb5_mul(hs_mle_eq(z, pt, n), g));
    }
    free(lc);
    return acc;
}

/* Claims v on u_{L+1} (the state after layer L's linear layer) from claims c on the next layer's
 * pre-state (or the output): its constants removed, the block entry pulled back. */
static void to_u(const hs_gkr_perm *p, unsigned L, hs_kb5 *c) {
    if (L + 1 == p->layers) return;
    hs_kb rc[MW];
    hs_gkr_layer_rc(p, L + 1, rc);
    for (unsigned j = 0; j < p->width; j++) c[j] = hs_kb5_sub(c[j], hs_kb5_from_base(rc[j]));
    if (L + 1 == HS_GKR_HALF && p->entry) {
        hs_gkr_apply_inv(p, p->entry_inv, c, c);
        for (unsigned j = 0; j < p->width; j++) c[j] = hs_kb5_sub(c[j], hs_kb5_from_base(p->entry_c[j]));
    }
}

/* MLE of u_{L+1} at z. */
static void next_claims(const hs_gkr_witness *w, unsigned L, const hs_kb5 *z, hs_kb5 *v) {
    const hs_gkr_perm *p = w->perm;
    hs_kb *lc = L + 1 < p->layers ? layer_cols(w, L + 1) : NULL;
    for (unsigned j = 0; j < p->width; j++) v[j] = hs_mle_eval_base((lc ? lc : w->out) + j * w->N, w->n, z, 1);
    to_u(p, L, v);
    free(lc);
}

static hs_kb5 batch(unsigned W, hs_kb5 gamma, const hs_kb5 *w) {
    hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma), c = hs_kb5_one(), acc = hs_kb5_zero();
    for (unsigned j = 0; j < W; j++) acc = hs_kb5_add(acc, hs_kb5_mul(c, w[j])), c = hs_kb5_mul(c, beta);
    return acc;
}

/* The layer claim from claims v on u_{L+1}: layer L's inverse, the batch, a partial round's
 * constant after the S-box removed (the relation has t^3, the S-box output state s + rc_post). */
static hs_kb5 layer_claim(const hs_gkr_perm *p, unsigned L, const hs_kb5 *v, hs_kb5 gamma) {
    hs_kb inv[MW * MW];
    hs_kb5 wv[MW];
    CHECK(hs_gkr_linear_inverse(p, L, inv));
    hs_gkr_apply_inv(p, inv, v, wv);
    hs_kb5 c = batch(p->width, gamma, wv);
    if (!hs_gkr_layer_full(p, L)) c = hs_kb5_sub(c, hs_kb5_from_base(p->rc_post[L - HS_GKR_HALF]));
    return c;
}

/* A partial layer as the walk proves it: the cube lane and lin = sum_{j >= 1} beta^j lane_j (from
 * the w materialised lanes lc), cube coefficient 1, which is the layer claim. Returns the column's
 * buffer (the caller frees it). */
static hs_kb *partial_lin(hs_gkr_layer *ly, const hs_kb *lc, unsigned n, unsigned W, hs_kb5 gamma) {
    const size_t N = (size_t)1 << n;
    const hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma);
    hs_kb5 coef[MW], c = hs_kb5_one();
    const hs_kb *cols[MW];
    for (unsigned j = 1; j < W; j++) c = hs_kb5_mul(c, beta), coef[j - 1] = c, cols[j - 1] = lc + j * N;
    hs_kb *buf = malloc(5 * N * sizeof *buf);
    CHECK(hs_gkr_lin_combine(cols, W - 1, coef, buf, N, n, 1));
    ly->lin_k = buf, ly->lin_cap = N, ly->cube_coef = hs_kb5_one();
    return buf;
}

/* The values a layer sends at rho, from its w lanes lc: w lane values (full) or lane 0 and
 * sum_{j >= 1} beta^j lane_j (partial); ev(col) evaluates a column at rho. */
static unsigned expected_vals(unsigned W, int full, const hs_kb *lc, size_t N, hs_kb5 gamma,
                              hs_kb5 (*ev)(const hs_kb *, void *), void *ctx, hs_kb5 *out) {
    if (full) {
        for (unsigned j = 0; j < W; j++) out[j] = ev(lc + j * N, ctx);
        return W;
    }
    const hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma);
    hs_kb5 c = hs_kb5_one();
    out[0] = ev(lc, ctx), out[1] = hs_kb5_zero();
    for (unsigned j = 1; j < W; j++) c = hs_kb5_mul(c, beta), out[1] = hs_kb5_add(out[1], hs_kb5_mul(c, ev(lc + j * N, ctx)));
    return 2;
}

typedef struct {
    unsigned n;
    const hs_kb5 *pt;
} ev_ctx;
static hs_kb5 ev_mle(const hs_kb *col, void *vc) {
    const ev_ctx *c = vc;
    return hs_mle_eval_base(col, c->n, c->pt, 1);
}

/* The layers the layer tests take: around each boundary of the walk, and one inside. */
static unsigned test_layers(const hs_gkr_perm *p, unsigned *Ls) {
    const unsigned H = HS_GKR_HALF, F = H + p->partial;
    const unsigned l[] = {0, H - 1, H, H + 9, F - 1, F, p->layers - 1};
    memcpy(Ls, l, sizeof l);
    return sizeof l / sizeof *l;
}

/* The per-layer identity and the layer sumcheck (prove, verify, final values = MLEs at rho). */
static void layers(hs_rng *rng, const hs_gkr_perm *p) {
    const unsigned W = p->width;
    for (unsigned n = 1; n <= (W > 16 ? 4u : 6u); n++) {
        hs_kb *in = rand_inputs(rng, n, W);
        hs_gkr_witness w;
        hs_gkr_scratch s;
        CHECK(hs_gkr_witness_build(&w, p, in, n, 1, NULL, HS_GKR_WIT_IO | HS_GKR_WIT_ALL));
        CHECK(hs_gkr_scratch_init(&s, n, W));
        if (n & 1) s.kern = &hs_gkr_kernels_portable; /* both kernel sets drive the same protocol */
        unsigned Ls[8];
        const unsigned nl = test_layers(p, Ls);
        for (size_t li = 0; li < nl; li++) {
            unsigned L = Ls[li];
            int full = hs_gkr_layer_full(p, L);
            hs_kb5 z[8], rho[8], rho2[8], v[MW], vals[MW], vals2[MW], gamma = rand_kb5(rng);
            for (unsigned i = 0; i < n; i++) z[i] = rand_kb5(rng);
            next_claims(&w, L, z, v);
            hs_kb5 claim = layer_claim(p, L, v, gamma);
            CHECK(hs_kb5_eq(claim, brute_layer_sum(&w, L, z, gamma)));
            hs_gkr_layer ly;
            hs_gkr_layer_of(&w, L, &ly);
            hs_kb *lc = layer_cols(&w, L), *lbuf = full ? NULL : partial_lin(&ly, lc, n, W, gamma);
            hs_transcript tp, tv;
            hs_transcript_init(&tp, "test");
            hs_transcript_init(&tv, "test");
            hs_writer pw = {0};
            const char *why = NULL;
            for (unsigned threads = 1; threads <= 2; threads++) {
                hs_transcript tt;
                hs_transcript_init(&tt, "test");
                hs_writer ww = {0};
                CHECK(hs_gkr_layer_prove(&ly, &s, z, gamma, claim, threads == 1 ? &tp : &tt, threads == 1 ? &pw : &ww,
                                         threads, threads == 1 ? rho : rho2, threads == 1 ? vals : vals2, &why));
                if (threads == 2) CHECK(ww.len == pw.len && !memcmp(ww.data, pw.data, pw.len));
                hs_w_free(&ww);
            }
            hs_kb5 want[MW];
            ev_ctx ec = {n, rho};
            const unsigned nv = expected_vals(W, full, lc, w.N, gamma, ev_mle, &ec, want);
            for (unsigned j = 0; j < nv; j++) CHECK(hs_kb5_eq(vals[j], want[j]));
            free(lc), free(lbuf);
            hs_reader r;
            for (int wrong = 0; wrong <= 1; wrong++) { /* the claim, then a wrong claim */
                const hs_kb5 c = wrong ? hs_kb5_add(claim, hs_kb5_one()) : claim;
                hs_transcript_init(&tv, "test");
                hs_r_init(&r, pw.data, pw.len);
                const int ok = full ? hs_gkr_layer_verify(n, ly.n_cube, z, gamma, c, &tv, &r, rho2, vals2, &why)
                                    : hs_gkr_layer_verify_lin(n, 0, hs_kb5_one(), z, c, &tv, &r, rho2, vals2, &why);
                CHECK(ok == !wrong);
                if (!wrong) CHECK(hs_r_left(&r) == 0 && !memcmp(rho, rho2, n * sizeof *rho));
            }
            hs_w_free(&pw);
        }
        hs_gkr_witness_free(&w);
        hs_gkr_scratch_free(&s);
        free(in);
    }
}

static int prove_as(const hs_gkr_perm *p, const char *preset, int public_io, unsigned n, const hs_kb *in,
                    unsigned threads, size_t corrupt, hs_kb *out, hs_writer *w) {
    hs_gkr_shape s = {.preset = hs_preset_find(preset), .perm_id = p->id, .log_perms = n, .public_io = public_io,
                      .corrupt_cell = corrupt};
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    int ok = hs_gkr_prove(&s, in, threads, w, out, NULL, &why);
    if (!ok) fprintf(stderr, "gkr prove %s 2^%u: %s\n", p->name, n, why);
    return ok;
}

static int prove(const hs_gkr_perm *p, unsigned n, const hs_kb *in, unsigned threads, size_t corrupt, hs_kb *out,
                 hs_writer *w) {
    return prove_as(p, "compat", 1, n, in, threads, corrupt, out, w);
}

/* The lean witness's cells (what corrupt_cell may hit). */
static size_t witness_cells(const hs_gkr_perm *p, unsigned n) {
    return ((size_t)1 << n) * hs_gkr_witness_cols(p, HS_GKR_HALF);
}

/* The other permutations run the whole-proof tests on fewer shapes (their walk is the same code). */
static int all_shapes(const hs_gkr_perm *p) { return p->id == HS_GKR_P2_KB16; }

/* Private statements: X || Y committed with WHIR; every preset; tampering across the proof. */
static void private_proofs(hs_rng *rng, const hs_gkr_perm *p) {
    const char *presets[] = {"compat", "fast100", "proven128"};
    for (unsigned ci = all_shapes(p) ? 0 : 2; ci < 3; ci++) {
        unsigned n = ci == 0 ? 2 : ci == 1 ? 3 : 4;
        hs_kb *in = rand_inputs(rng, n, p->width);
        hs_writer p1, p2;
        CHECK(prove_as(p, presets[ci], 0, n, in, 1, 0, NULL, &p1));
        CHECK(prove_as(p, presets[ci], 0, n, in, 2, 0, NULL, &p2));
        CHECK(p1.len == p2.len && !memcmp(p1.data, p2.data, p1.len));
        const char *why = NULL;
        hs_gkr_shape sh;
        int ok = hs_gkr_verify(p1.data, p1.len, NULL, NULL, 0, 0, 1, &sh, &why);
        if (!ok) fprintf(stderr, "gkr private %s %s 2^%u rejected: %s\n", p->name, presets[ci], n, why);
        CHECK(ok);
        CHECK(sh.public_io == 0 && sh.log_perms == n && sh.perm_id == p->id);
        CHECK(!hs_gkr_verify(p1.data, p1.len - 1, NULL, NULL, 0, 0, 1, NULL, &why) && why);
        hs_w_u8(&p2, 0);
        CHECK(!hs_gkr_verify(p2.data, p2.len, NULL, NULL, 0, 0, 1, NULL, &why) && why);
        /* bytes across every section: header, commitment, output claims, layers, opening */
        size_t step = ci == 0 ? 13 : all_shapes(p) ? 97 : 193;
        for (size_t b = 0; b < p1.len && !TOO_MANY_FAILURES(); b += step) {
            uint8_t old = p1.data[b];
            p1.data[b] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
            why = NULL;
            int acc = hs_gkr_verify(p1.data, p1.len, NULL, NULL, 0, 0, 1, NULL, &why);
            if (acc) fprintf(stderr, "gkr private %s 2^%u: flipped byte %zu accepted\n", p->name, n, b);
            CHECK(!acc && why);
            p1.data[b] = old;
        }
        /* a corrupted witness cell */
        hs_writer pc;
        CHECK(prove_as(p, presets[ci], 0, n, in, 1, 1 + hs_rng_below(rng, witness_cells(p, n)), NULL, &pc));
        CHECK(!hs_gkr_verify(pc.data, pc.len, NULL, NULL, 0, 0, 1, NULL, &why) && why);
        hs_w_free(&pc), hs_w_free(&p1), hs_w_free(&p2);
        free(in);
    }
}

/* The header's permutation byte (offset 14): another permutation's number, an unknown one. */
static void perm_byte(const hs_gkr_perm *p, hs_writer *pf, const hs_kb *in, const hs_kb *out, size_t N) {
    const char *why = NULL;
    CHECK(pf->len > 14 && pf->data[14] == p->id);
    const uint8_t old = pf->data[14];
    for (unsigned id = 0; id <= HS_GKR_PERM_IDS + 1; id++) {
        if (id == p->id) continue;
        pf->data[14] = (uint8_t)id;
        why = NULL;
        CHECK(!hs_gkr_verify(pf->data, pf->len, in, out, N, p->width, 1, NULL, &why) && why);
        if (!hs_gkr_perm_get(id)) CHECK(why && strstr(why, "unknown permutation"));
    }
    pf->data[14] = old;
}

static void public_proofs(hs_rng *rng, const hs_gkr_perm *p) {
    const unsigned W = p->width;
    for (unsigned n = 1; n <= 8; n += all_shapes(p) ? (n < 3 ? 1 : 3) : 2) { /* 1, 2, 3, 6; the others 1, 3 */
        if (!all_shapes(p) && n > 3) break;
        const size_t N = (size_t)1 << n;
        hs_kb *in = rand_inputs(rng, n, W), *out = malloc(N * W * sizeof *out);
        hs_writer p1, p2;
        CHECK(prove(p, n, in, 1, 0, out, &p1));
        CHECK(prove(p, n, in, 2, 0, NULL, &p2));
        CHECK(p1.len == p2.len && !memcmp(p1.data, p2.data, p1.len));
        const char *why = NULL;
        hs_gkr_shape sh;
        int ok = hs_gkr_verify(p1.data, p1.len, in, out, N, W, 1, &sh, &why);
        if (!ok) fprintf(stderr, "gkr %s 2^%u rejected: %s\n", p->name, n, why);
        CHECK(ok);
        CHECK(sh.log_perms == n && sh.public_io == 1 && sh.perm_id == p->id);
        CHECK(hs_gkr_verify(p1.data, p1.len, in, out, N, W, 2, NULL, &why));
        CHECK(hs_gkr_peek(p1.data, p1.len, &sh, &why) && sh.log_perms == n);
        /* table required and of the right size */
        CHECK(!hs_gkr_verify(p1.data, p1.len, NULL, NULL, 0, 0, 1, NULL, &why));
        CHECK(!hs_gkr_verify(p1.data, p1.len, in, out, N / 2, W, 1, NULL, &why));
        CHECK(!hs_gkr_verify(p1.data, p1.len, in, out, N, W == 16 ? 24 : 16, 1, NULL, &why) &&
              !strcmp(why, "the public table's width does not match the proof's permutation"));
        perm_byte(p, &p1, in, out, N);
        /* one value changed in the inputs or the outputs */
        for (int k = 0; k < 4; k++) {
            hs_kb *tab = k & 1 ? out : in;
            size_t i = hs_rng_below(rng, N * W);
            hs_kb old = tab[i];
            tab[i] = hs_kb_add(old, HS_KB_ONE);
            why = NULL;
            CHECK(!hs_gkr_verify(p1.data, p1.len, in, out, N, W, 1, NULL, &why) && why);
            tab[i] = old;
        }
        /* the block entry's lanes 1..w-1 after the last partial layer (a public proof: the 30-byte
         * header, 4 full layers with w values, the partial ones with 2, each with its rounds): each
         * one changed (canonically, +1) is caught by the check against lambda_L */
        const size_t rounds = n >= HS_GKR_SKIP ? HS_GKR_SKIP_DEG + 1 + 4 * (n - HS_GKR_SKIP) : 4 * n;
        const size_t e_off = 30 + (HS_GKR_HALF * (rounds + W) + p->partial * (rounds + 2)) * 20;
        CHECK(e_off + (HS_GKR_HALF * (rounds + W) + W - 1) * 20 == p1.len);
        for (unsigned k = 0; k + 1 < W; k++) {
            uint8_t *e = p1.data + e_off + k * 20;
            uint32_t v = (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24, w = v;
            CHECK(v < HS_KB_P);
            w = w + 1 == HS_KB_P ? 0 : w + 1;
            for (int i = 0; i < 4; i++) e[i] = (uint8_t)(w >> (8 * i));
            why = NULL;
            CHECK(!hs_gkr_verify(p1.data, p1.len, in, out, N, W, 1, NULL, &why) && why &&
                  !strcmp(why, "block entry values do not match the last partial layer"));
            for (int i = 0; i < 4; i++) e[i] = (uint8_t)(v >> (8 * i));
        }
        /* every partial layer's two values, t_r(rho) and lin(rho) (the last 2 x 20 bytes of its
         * section), changed canonically */
        for (unsigned i = 0; n == 3 && i < p->partial; i++)
            for (unsigned k = 0; k < 2; k++) {
                const size_t off = 30 + (HS_GKR_HALF * (rounds + W) + i * (rounds + 2) + rounds + k) * 20;
                uint8_t *e = p1.data + off;
                const uint32_t v = (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24;
                const uint32_t w = v + 1 == HS_KB_P ? 0 : v + 1;
                for (int b = 0; b < 4; b++) e[b] = (uint8_t)(w >> (8 * b));
                why = NULL;
                CHECK(!hs_gkr_verify(p1.data, p1.len, in, out, N, W, 1, NULL, &why) && why);
                for (int b = 0; b < 4; b++) e[b] = (uint8_t)(v >> (8 * b));
            }
        CHECK(hs_gkr_verify(p1.data, p1.len, in, out, N, W, 1, NULL, &why));
        /* truncated, trailing byte */
        CHECK(!hs_gkr_verify(p1.data, p1.len - 1, in, out, N, W, 1, NULL, &why) && why);
        CHECK(!hs_gkr_verify(p1.data, 20, in, out, N, W, 1, NULL, &why) && why);
        hs_w_u8(&p2, 0);
        CHECK(!hs_gkr_verify(p2.data, p2.len, in, out, N, W, 1, NULL, &why) && why);
        /* every byte (small n) or a sample of bytes changed */
        size_t step = n == 1 ? 3 : all_shapes(p) ? 41 : 89;
        for (size_t b = 0; b < p1.len && !TOO_MANY_FAILURES(); b += step) {
            uint8_t old = p1.data[b];
            p1.data[b] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
            why = NULL;
            int acc = hs_gkr_verify(p1.data, p1.len, in, out, N, W, 1, NULL, &why);
            if (acc) fprintf(stderr, "gkr %s 2^%u: flipped byte %zu accepted\n", p->name, n, b);
            CHECK(!acc && why);
            p1.data[b] = old;
        }
        /* a witness with one wrong cell (any layer, lane, row) */
        for (int k = 0; k < 3; k++) {
            hs_writer pc;
            size_t cell = 1 + hs_rng_below(rng, witness_cells(p, n));
            CHECK(prove(p, n, in, 1, cell, NULL, &pc));
            why = NULL;
            CHECK(!hs_gkr_verify(pc.data, pc.len, in, out, N, W, 1, NULL, &why) && why);
            hs_w_free(&pc);
        }
        hs_w_free(&p1), hs_w_free(&p2);
        free(in), free(out);
    }
}

/* Skip extension by the definition: sum_{d, y} L_d(alpha) eq(y', y) f(d, y). */
enum { SK = HS_GKR_SKIP, SD = HS_GKR_SKIP_D, SDEG = HS_GKR_SKIP_DEG };
static hs_kb5 brute_skip_ext(const hs_kb *f, unsigned n, const hs_kb5 *pt) {
    const unsigned nr = n - SK;
    const size_t M = (size_t)1 << nr;
    hs_kb5 L[SD], acc = hs_kb5_zero(), yp[HS_GKR_MAX_LOG];
    hs_gkr_skip_basis(pt[0], L);
    for (unsigned d = 0; d < SD; d++)
        for (size_t y = 0; y < M; y++) {
            bits_point(y, nr, yp);
            hs_kb5 e = nr ? hs_mle_eq(pt + 1, yp, nr) : hs_kb5_one();
            acc = hs_kb5_add(acc, hs_kb5_mul_base(hs_kb5_mul(L[d], e), f[d * M + y]));
        }
    return acc;
}

static hs_kb5 ev_skip(const hs_kb *col, void *vc) {
    const ev_ctx *c = vc;
    return brute_skip_ext(col, c->n, c->pt);
}

/* The skip basis, interpolation, the skip extension and the conversions against direct sums. */
static void skip_math(hs_rng *rng) {
    hs_kb5 L[SD], x = rand_kb5(rng), sum = hs_kb5_zero();
    for (unsigned e = 0; e < SD; e++) {
        hs_gkr_skip_basis(hs_kb5_from_base(hs_kb_from_u32(e)), L);
        for (unsigned d = 0; d < SD; d++) CHECK(hs_kb5_eq(L[d], d == e ? hs_kb5_one() : hs_kb5_zero()));
    }
    hs_gkr_skip_basis(x, L);
    for (unsigned d = 0; d < SD; d++) sum = hs_kb5_add(sum, L[d]);
    CHECK(hs_kb5_eq(sum, hs_kb5_one()));
    /* a random polynomial of the skip round's degree from its values at 0..SDEG, against Horner */
    hs_kb5 cf[SDEG + 1], vals[SDEG + 1], hx = hs_kb5_zero();
    for (int i = 0; i <= SDEG; i++) cf[i] = rand_kb5(rng);
    for (unsigned k = 0; k <= SDEG; k++) {
        hs_kb5 v = hs_kb5_zero(), kk = hs_kb5_from_base(hs_kb_from_u32(k));
        for (int i = SDEG; i >= 0; i--) v = hs_kb5_add(hs_kb5_mul(v, kk), cf[i]);
        vals[k] = v;
    }
    for (int i = SDEG; i >= 0; i--) hx = hs_kb5_add(hs_kb5_mul(hx, x), cf[i]);
    CHECK(hs_kb5_eq(hs_gkr_skip_interp(vals, SDEG, x), hx));
    /* skip extension = sum_d L_d(alpha) (block d's MLE at y'); at alpha in D it is that block's MLE;
     * sum_d eq(eps, bits(d)) (block d's MLE at y') = the MLE at (eps, y') */
    for (unsigned n = SK; n <= SK + 4; n++) {
        const size_t N = (size_t)1 << n, M = N / SD;
        hs_kb *f = malloc(N * sizeof *f);
        fill(rng, f, N);
        hs_kb5 pt[HS_GKR_MAX_LOG], full[HS_GKR_MAX_LOG], blk[SD], viaL = hs_kb5_zero(), viaE = hs_kb5_zero();
        const unsigned P = HS_GKR_SKIP_POINT(n);
        for (unsigned i = 0; i < P; i++) pt[i] = rand_kb5(rng);
        for (unsigned d = 0; d < SD; d++) blk[d] = hs_mle_eval_base(f + d * M, n - SK, pt + 1, 1);
        hs_gkr_skip_basis(pt[0], L);
        for (unsigned d = 0; d < SD; d++) viaL = hs_kb5_add(viaL, hs_kb5_mul(L[d], blk[d]));
        CHECK(hs_kb5_eq(viaL, brute_skip_ext(f, n, pt)));
        hs_kb5 p5[HS_GKR_MAX_LOG];
        memcpy(p5, pt, P * sizeof *pt);
        p5[0] = hs_kb5_from_base(hs_kb_from_u32(5));
        CHECK(hs_kb5_eq(brute_skip_ext(f, n, p5), blk[5]));
        for (unsigned i = 0; i < SK; i++) full[i] = rand_kb5(rng);
        for (unsigned i = SK; i < n; i++) full[i] = pt[i - SK + 1];
        for (unsigned d = 0; d < SD; d++) {
            hs_kb5 bp[SK];
            bits_point(d, SK, bp);
            viaE = hs_kb5_add(viaE, hs_kb5_mul(hs_mle_eq(full, bp, SK), blk[d]));
        }
        CHECK(hs_kb5_eq(viaE, hs_mle_eval_base(f, n, full, 1)));
        free(f);
    }
}

/* The skip layer: identity against brute force, prove (threads 1 and 2, both kernel sets), verify,
 * final values = skip extensions at rho, a wrong claim rejected. */
static void skip_layers(hs_rng *rng, const hs_gkr_perm *p) {
    const unsigned W = p->width;
    for (unsigned n = SK; n <= SK + (W > 16 ? 2u : 3u); n++) {
        const size_t N = (size_t)1 << n;
        hs_kb *in = rand_inputs(rng, n, W);
        hs_gkr_witness w;
        hs_gkr_scratch s;
        CHECK(hs_gkr_witness_build(&w, p, in, n, 1, NULL, HS_GKR_WIT_IO | HS_GKR_WIT_ALL));
        CHECK(hs_gkr_scratch_init(&s, n, W));
        unsigned Ls[8];
        const unsigned nl = test_layers(p, Ls);
        for (size_t li = 0; li < nl; li++) {
            const unsigned L = Ls[li], P = HS_GKR_SKIP_POINT(n);
            const int full = hs_gkr_layer_full(p, L);
            hs_kb5 z[8], rho[8], rho2[8], v[MW], vals[MW], vals2[MW], gamma = rand_kb5(rng);
            for (unsigned i = 0; i < P; i++) z[i] = rand_kb5(rng);
            /* claims: the skip extension of u_{L+1} at z */
            hs_kb *nc = L + 1 < p->layers ? layer_cols(&w, L + 1) : NULL;
            for (unsigned j = 0; j < W; j++) v[j] = brute_skip_ext((nc ? nc : w.out) + j * N, n, z);
            to_u(p, L, v);
            free(nc);
            const hs_kb5 claim = layer_claim(p, L, v, gamma);
            /* brute force: sum_{d, y} L_d(alpha) eq(y', y) g(pre(d, y)) */
            hs_kb *lc = layer_cols(&w, L);
            hs_kb5 Lb[SD], br = hs_kb5_zero(), yp[HS_GKR_MAX_LOG], t[MW];
            hs_gkr_skip_basis(z[0], Lb);
            for (size_t x = 0; x < N; x++) {
                bits_point(x % (N / SD), n - SK, yp);
                for (unsigned j = 0; j < W; j++) t[j] = hs_kb5_from_base(lc[j * N + x]);
                hs_kb5 e = n > SK ? hs_mle_eq(z + 1, yp, n - SK) : hs_kb5_one();
                br = hs_kb5_add(br, hs_kb5_mul(hs_kb5_mul(Lb[x / (N / SD)], e), hs_gkr_layer_g(W, full ? W : 1, gamma, t)));
            }
            CHECK(hs_kb5_eq(claim, br));
            hs_gkr_layer ly;
            hs_gkr_layer_of(&w, L, &ly);
            hs_kb *lbuf = full ? NULL : partial_lin(&ly, lc, n, W, gamma);
            hs_writer pw = {0};
            const char *why = NULL;
            for (unsigned run = 0; run < 3; run++) { /* threads 1, threads 2, portable kernels */
                hs_transcript tt;
                hs_transcript_init(&tt, "test");
                hs_writer ww = {0};
                s.kern = run == 2 ? &hs_gkr_kernels_portable : hs_gkr_kernels_best();
                CHECK(hs_gkr_layer_prove_skip(&ly, &s, z, gamma, claim, &tt, run ? &ww : &pw, run == 1 ? 2 : 1,
                                              run ? rho2 : rho, run ? vals2 : vals, &why));
                if (run) CHECK(ww.len == pw.len && !memcmp(ww.data, pw.data, pw.len));
                hs_w_free(&ww);
            }
            hs_kb5 want[MW];
            ev_ctx ec = {n, rho};
            const unsigned nv = expected_vals(W, full, lc, N, gamma, ev_skip, &ec, want);
            CHECK(pw.len == (SDEG + 1 + 4 * (n - SK) + nv) * 20);
            for (unsigned j = 0; j < nv; j++) CHECK(hs_kb5_eq(vals[j], want[j]));
            free(lc), free(lbuf);
            for (int wrong = 0; wrong <= 1; wrong++) { /* the claim, then a wrong claim */
                const hs_kb5 c = wrong ? hs_kb5_add(claim, hs_kb5_one()) : claim;
                hs_transcript tv;
                hs_transcript_init(&tv, "test");
                hs_reader r;
                hs_r_init(&r, pw.data, pw.len);
                const int ok = full ? hs_gkr_layer_verify_skip(n, ly.n_cube, z, gamma, c, &tv, &r, rho2, vals2, &why)
                                    : hs_gkr_layer_verify_lin(n, 1, hs_kb5_one(), z, c, &tv, &r, rho2, vals2, &why);
                CHECK(ok == !wrong);
                if (!wrong) CHECK(hs_r_left(&r) == 0 && !memcmp(rho, rho2, P * sizeof *rho));
            }
            /* a partial layer's two values: t_r(rho) or lin(rho) changed is rejected */
            for (unsigned k = 0; !full && k < 2; k++) {
                hs_transcript tv;
                hs_transcript_init(&tv, "test");
                pw.data[pw.len - 40 + 20 * k] ^= 1;
                hs_reader r;
                hs_r_init(&r, pw.data, pw.len);
                CHECK(!hs_gkr_layer_verify_lin(n, 1, hs_kb5_one(), z, claim, &tv, &r, rho2, vals2, &why));
                pw.data[pw.len - 40 + 20 * k] ^= 1;
            }
            hs_w_free(&pw);
        }
        hs_gkr_witness_free(&w);
        hs_gkr_scratch_free(&s);
        free(in);
    }
}

/* Whole walks with the skip at n = k..k + 7, public and private: the header's skip byte, threads 1
 * and 2 identical, accepted; a proof whose skip byte says 0 is rejected. */
static void skip_walks(hs_rng *rng, const hs_gkr_perm *p) {
    const unsigned W = p->width;
    for (unsigned n = SK; n <= SK + 7; n += n < SK + 2 ? 1 : n < SK + 4 ? 2 : 3) { /* k, k+1, k+2, k+4, k+7 */
        if (!all_shapes(p) && n > SK + 2) break;
        const size_t N = (size_t)1 << n;
        hs_kb *in = rand_inputs(rng, n, W), *out = malloc(N * W * sizeof *out);
        for (int pub = 0; pub <= 1; pub++) {
            hs_writer p1, p2;
            CHECK(prove_as(p, "fast100", pub, n, in, 1, 0, out, &p1));
            CHECK(prove_as(p, "fast100", pub, n, in, 2, 0, NULL, &p2));
            CHECK(p1.len == p2.len && !memcmp(p1.data, p2.data, p1.len));
            CHECK(p1.len > 19 && p1.data[19] == HS_GKR_SKIP);
            const char *why = NULL;
            int ok = hs_gkr_verify(p1.data, p1.len, pub ? in : NULL, pub ? out : NULL, pub ? N : 0, pub ? W : 0, 2, NULL, &why);
            if (!ok) fprintf(stderr, "gkr %s skip walk 2^%u %s rejected: %s\n", p->name, n, pub ? "public" : "private", why);
            CHECK(ok);
            if (!pub) perm_byte(p, &p1, NULL, NULL, 0);
            p1.data[19] = 0;
            CHECK(!hs_gkr_verify(p1.data, p1.len, pub ? in : NULL, pub ? out : NULL, pub ? N : 0, pub ? W : 0, 1, NULL, &why) && why);
            hs_w_free(&p1), hs_w_free(&p2);
        }
        free(in), free(out);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_gkr");
    if (hs_cpu_has_avx2())
        kernels(&rng, &hs_gkr_kernels_avx2);
    else
        fprintf(stderr, "test_gkr: no AVX2, AVX2 kernel comparison skipped\n");
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512())
        kernels(&rng, &hs_gkr_kernels_avx512);
    else
#endif
        fprintf(stderr, "test_gkr: no AVX-512 (CPU, build or HS_SIMD), AVX-512 kernel comparison skipped\n");
    skip_math(&rng);
    static const unsigned ids[] = {HS_GKR_P2_KB16, HS_GKR_P2_KB24, HS_GKR_P1_KB16, HS_GKR_P1_KB24};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        const hs_gkr_perm *p = hs_gkr_perm_get(ids[i]);
        CHECK(p != NULL);
        if (!p) continue;
        witness_layers(&rng, p);
        inverses(&rng, p);
        layers(&rng, p);
        skip_layers(&rng, p);
        skip_walks(&rng, p);
        public_proofs(&rng, p);
        private_proofs(&rng, p);
    }
    CHECK(hs_gkr_perm_get(0) == NULL && hs_gkr_perm_get(HS_GKR_PERM_IDS + 1) == NULL && !hs_gkr_perm_find("keccak"));
    return hs_test_done("test_gkr");
}
