/* Merkle branches by GKR + WHIR (src/statement/merkle/gkr_branches.h): the shift identity, the public bit
 * and leaf MLEs against brute force; the random-tree generator against a separately written path
 * check; completeness for small and odd shapes; every statement change and a wrong internal node
 * rejected; proof bytes independent of the thread count; altered proof bytes rejected. */
#include <math.h>
#include <string.h>

#include "hashsnark.h"

#include "statement/merkle/gkr_branches.h"
#include "hash/poseidon2_monty31.h"
#include "poly/mle.h"
#include "testutil.h"
#include "util/mem.h"

enum { W = HS_MB_DIGEST };

static hs_kb rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }

static void bits_point(size_t x, unsigned n, hs_kb5 *p) {
    for (unsigned i = 0; i < n; i++) p[i] = (x >> (n - 1 - i)) & 1 ? hs_kb5_one() : hs_kb5_zero();
}

/* cur(p, 0) = L(p), cur(p, i) = O(p, i - 1): its MLE against the delta-point formula. */
static void test_shift_identity(hs_rng *rng) {
    for (unsigned mu = 0; mu <= 4; mu++)
        for (unsigned delta = 1; delta <= 6; delta++) {
            const unsigned n = mu + delta;
            const size_t N = (size_t)1 << n, D = (size_t)1 << delta;
            hs_kb *O = malloc(N * sizeof *O), *cur = malloc(N * sizeof *cur), *L = malloc((N / D) * sizeof *L);
            for (size_t x = 0; x < N; x++) O[x] = rand_kb(rng);
            for (size_t p = 0; p < N / D; p++) L[p] = rand_kb(rng);
            for (size_t x = 0; x < N; x++) cur[x] = x % D == 0 ? L[x / D] : O[x - 1];
            for (int trial = 0; trial < 4; trial++) {
                hs_kb5 r[24], q[24];
                if (trial == 0) bits_point(hs_rng_below(rng, N), n, r); /* a Boolean point */
                else
                    for (unsigned i = 0; i < n; i++) r[i] = hs_test_rand_kb5(rng);
                hs_kb5 e0 = hs_kb5_one();
                for (unsigned i = 0; i < delta; i++) e0 = hs_kb5_mul(e0, hs_kb5_sub(hs_kb5_one(), r[mu + i]));
                hs_kb5 rhs = hs_kb5_mul(e0, hs_mle_eval_base(L, mu, r, 1));
                for (unsigned j = 0; j < delta; j++) {
                    hs_mb_shift_point(r, n, j, q);
                    rhs = hs_kb5_add(rhs, hs_kb5_mul(hs_mb_kappa(r + mu, delta, j), hs_mle_eval_base(O, n, q, 1)));
                }
                CHECK(hs_kb5_eq(rhs, hs_mle_eval_base(cur, n, r, 1)));
            }
            free(O), free(cur), free(L);
        }
}

/* The fast b^ and L^ (dummy tail = opening 0) against the MLEs of the explicit padded tables. */
static void test_public_mles(hs_rng *rng) {
    static const size_t ms[] = {1, 3, 5, 8, 100};
    static const unsigned ds[] = {1, 2, 5, 8, 31, 32, 33};
    for (size_t a = 0; a < sizeof ms / sizeof *ms; a++)
        for (size_t b = 0; b < sizeof ds / sizeof *ds; b++) {
            const size_t m = ms[a];
            const unsigned d = ds[b];
            hs_mb_shape s;
            const char *why;
            CHECK(hs_mb_shape_make(&s, hs_preset_find("compat"), d, m, &why));
            const size_t N = (size_t)1 << s.n, D = (size_t)1 << s.delta, P = N / D;
            uint64_t *idx = malloc(m * sizeof *idx);
            hs_kb *leaves = malloc(m * W * sizeof *leaves), *bt = malloc(N * sizeof *bt), *lt = malloc(P * sizeof *lt);
            for (size_t p = 0; p < m; p++) {
                idx[p] = hs_rng_u64(rng) & (d >= 64 ? ~0ull : ((1ull << d) - 1));
                for (unsigned l = 0; l < W; l++) leaves[p * W + l] = rand_kb(rng);
            }
            for (size_t x = 0; x < N; x++) {
                const size_t p = x / D, i = x % D, q = p < m ? p : 0;
                bt[x] = i < d && ((idx[q] >> i) & 1) ? HS_KB_ONE : 0;
            }
            hs_kb5 r[24], lv[W];
            for (unsigned i = 0; i < s.n; i++) r[i] = hs_test_rand_kb5(rng);
            CHECK(hs_kb5_eq(hs_mb_bits_mle(idx, m, d, s.mu, s.delta, r), hs_mle_eval_base(bt, s.n, r, 1)));
            hs_mb_leaves_mle(leaves, m, s.mu, r, lv);
            for (unsigned l = 0; l < W; l++) {
                for (size_t p = 0; p < P; p++) lt[p] = leaves[(p < m ? p : 0) * W + l];
                CHECK(hs_kb5_eq(lv[l], hs_mle_eval_base(lt, s.mu, r, 1)));
            }
            free(idx), free(leaves), free(bt), free(lt);
        }
}

/* A path check written apart from the prover: leaf up to the root, bit 0 = the node is the left input. */
static int path_ok(unsigned d, uint64_t idx, const hs_kb *leaf, const hs_kb *sib, const hs_kb *root) {
    uint32_t cur[W], l[W], r[W], st[16];
    memcpy(cur, leaf, sizeof cur);
    for (unsigned i = 0; i < d; i++) {
        const int right = (int)((idx >> i) & 1);
        memcpy(right ? l : r, sib + i * W, sizeof l);
        memcpy(right ? r : l, cur, sizeof l);
        memcpy(st, l, sizeof l), memcpy(st + W, r, sizeof r);
        hs_p2_permute(hs_p2_kb16(), st);
        memcpy(cur, st, sizeof cur);
    }
    return memcmp(cur, root, sizeof cur) == 0;
}

typedef struct {
    unsigned d;
    size_t m;
    uint64_t *idx;
    hs_kb *leaves, *sib, root[W];
} tree;

static void tree_make(tree *t, unsigned d, size_t m, uint64_t seed) {
    const char *why;
    t->d = d, t->m = m;
    t->idx = malloc(m * sizeof *t->idx);
    t->leaves = malloc(m * W * sizeof *t->leaves);
    t->sib = malloc(m * d * W * sizeof *t->sib);
    CHECK(hs_mb_random_openings(d, m, seed, t->idx, t->leaves, t->sib, t->root, &why));
}

static void tree_free(tree *t) { free(t->idx), free(t->leaves), free(t->sib); }

static int prove(const tree *t, const char *preset, unsigned threads, size_t corrupt, hs_writer *w, const char **why) {
    hs_mb_shape s;
    if (!hs_mb_shape_make(&s, hs_preset_find(preset), t->d, t->m, why)) return 0;
    s.corrupt_row = corrupt;
    memset(w, 0, sizeof *w);
    hs_kb root[W];
    int ok = hs_mb_prove(&s, t->idx, t->leaves, t->sib, threads, w, root, NULL, why);
    if (ok && !corrupt) CHECK(memcmp(root, t->root, sizeof root) == 0);
    return ok;
}

static int verify(const hs_writer *w, const tree *t, const hs_kb *root, const char **why) {
    return hs_mb_verify(w->data, w->len, root ? root : t->root, t->d, t->m, t->idx, t->leaves, 1, why);
}

static void test_generator(void) {
    tree t;
    tree_make(&t, 33, 200, 7);
    for (size_t p = 0; p < t.m; p++) CHECK(path_ok(t.d, t.idx[p], t.leaves + p * W, t.sib + p * t.d * W, t.root));
    tree_free(&t);
    /* a tiny tree: all 4 leaves opened, so every sibling is another opening's node */
    tree_make(&t, 2, 64, 3);
    for (size_t p = 0; p < t.m; p++) CHECK(path_ok(t.d, t.idx[p], t.leaves + p * W, t.sib + p * t.d * W, t.root));
    tree_free(&t);
}

static void test_completeness(void) {
    static const struct {
        unsigned d;
        size_t m;
    } sh[] = {{1, 1}, {2, 1}, {1, 3}, {5, 3}, {8, 3}, {9, 5}, {4, 8}, {3, 100}, {31, 3}, {32, 3}, {33, 3}, {7, 1000}};
    for (size_t k = 0; k < sizeof sh / sizeof *sh; k++) {
        tree t;
        tree_make(&t, sh[k].d, sh[k].m, 100 + k);
        hs_writer w;
        const char *why = NULL;
        int ok = prove(&t, "compat", 2, 0, &w, &why);
        CHECK(ok);
        if (!ok) fprintf(stderr, "prove d=%u m=%zu: %s\n", t.d, t.m, why);
        ok = ok && verify(&w, &t, NULL, &why);
        CHECK(ok);
        if (!ok) fprintf(stderr, "verify d=%u m=%zu: %s\n", t.d, t.m, why);
        hs_w_free(&w);
        tree_free(&t);
    }
}

static void expect_reject(const hs_writer *w, const tree *t, const hs_kb *root, const char *what) {
    const char *why = NULL;
    int ok = verify(w, t, root, &why);
    CHECK(!ok);
    if (ok) fprintf(stderr, "accepted: %s\n", what);
}

static void test_soundness(void) {
    tree t;
    tree_make(&t, 5, 3, 42);
    hs_writer w, w2;
    const char *why;
    CHECK(prove(&t, "compat", 1, 0, &w, &why));
    CHECK(verify(&w, &t, NULL, &why));
    /* thread-count byte identity */
    CHECK(prove(&t, "compat", 2, 0, &w2, &why));
    CHECK(w.len == w2.len && memcmp(w.data, w2.data, w.len) == 0);
    hs_w_free(&w2);
    /* every leaf lane of every opening */
    for (size_t p = 0; p < t.m; p++)
        for (unsigned l = 0; l < W; l++) {
            t.leaves[p * W + l] = hs_kb_add(t.leaves[p * W + l], HS_KB_ONE);
            expect_reject(&w, &t, NULL, "a leaf lane changed");
            t.leaves[p * W + l] = hs_kb_sub(t.leaves[p * W + l], HS_KB_ONE);
        }
    /* every root lane */
    for (unsigned l = 0; l < W; l++) {
        hs_kb r2[W];
        memcpy(r2, t.root, sizeof r2);
        r2[l] = hs_kb_add(r2[l], HS_KB_ONE);
        expect_reject(&w, &t, r2, "a root lane changed");
    }
    /* every index bit */
    for (size_t p = 0; p < t.m; p++)
        for (unsigned i = 0; i < t.d; i++) {
            t.idx[p] ^= 1ull << i;
            expect_reject(&w, &t, NULL, "an index bit flipped");
            t.idx[p] ^= 1ull << i;
        }
    /* two openings' leaves swapped; the opening count and depth changed */
    hs_kb tmp[W];
    memcpy(tmp, t.leaves, sizeof tmp), memcpy(t.leaves, t.leaves + W, sizeof tmp), memcpy(t.leaves + W, tmp, sizeof tmp);
    expect_reject(&w, &t, NULL, "two leaves swapped");
    memcpy(tmp, t.leaves, sizeof tmp), memcpy(t.leaves, t.leaves + W, sizeof tmp), memcpy(t.leaves + W, tmp, sizeof tmp);
    t.m = 2;
    expect_reject(&w, &t, NULL, "an opening dropped");
    t.m = 3, t.d = 6;
    expect_reject(&w, &t, NULL, "another depth");
    t.d = 5;
    CHECK(verify(&w, &t, NULL, &why));
    /* a proof for another tree's root */
    tree u;
    tree_make(&u, 5, 3, 43);
    expect_reject(&w, &u, NULL, "another tree");
    memcpy(u.idx, t.idx, 3 * sizeof *u.idx), memcpy(u.leaves, t.leaves, 3 * W * sizeof *u.leaves);
    expect_reject(&w, &u, NULL, "the same openings against another root");
    tree_free(&u);
    hs_w_free(&w);
    tree_free(&t);
}

/* Flipping every byte of a small proof in turn (a copy restored each time). */
static void test_proof_bytes(hs_rng *rng) {
    tree t;
    tree_make(&t, 3, 2, 9);
    hs_writer w;
    const char *why;
    CHECK(prove(&t, "compat", 1, 0, &w, &why));
    uint8_t *copy = malloc(w.len);
    memcpy(copy, w.data, w.len);
    for (size_t k = 0; k < w.len; k += k < 2048 ? 1 : 1 + hs_rng_below(rng, 61)) {
        w.data[k] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
        expect_reject(&w, &t, NULL, "a proof byte flipped");
        w.data[k] = copy[k];
        if (TOO_MANY_FAILURES()) break;
    }
    /* every value after the walk (mux rounds, cur and S at rho', the shift's O values) and the
     * walk's output block values: one byte of each 20-byte value */
    hs_mb_shape sh;
    hs_whir_params wp;
    CHECK(hs_mb_shape_make(&sh, hs_preset_find("compat"), t.d, t.m, &why));
    CHECK(hs_whir_params_derive(&wp, sh.n + 4, &sh.whir, NULL, &why));
    const size_t start = 35 + hs_whir_commit_size_bound(&wp);
    const size_t mux = start + hs_gkr_walk_bytes(hs_gkr_perm_get(HS_GKR_P2_KB16), sh.n, 0);
    const size_t mux_end = mux + (3 * (size_t)sh.n + 16 + 8 * (size_t)sh.delta) * 20;
    CHECK(mux_end < w.len);
    for (size_t k = start; k < start + 128 * 20 && k < w.len; k += 20) {
        w.data[k + 3] ^= 0x10;
        expect_reject(&w, &t, NULL, "an output block value changed");
        w.data[k + 3] = copy[k + 3];
    }
    for (size_t k = mux; k < mux_end; k += 20) {
        w.data[k + 1] ^= 0x01;
        expect_reject(&w, &t, NULL, "a mux, cur, S or shift value changed");
        w.data[k + 1] = copy[k + 1];
    }
    /* truncated and with a trailing byte */
    w.len--;
    expect_reject(&w, &t, NULL, "a truncated proof");
    w.len++;
    CHECK(verify(&w, &t, NULL, &why));
    hs_w_u8(&w, 0);
    expect_reject(&w, &t, NULL, "a trailing byte");
    free(copy);
    hs_w_free(&w);
    tree_free(&t);
}

/* A tree with one wrong internal node forced through the prover: each level of a real path, a
 * dummy path and a level above the root. */
static void test_wrong_node(void) {
    tree t;
    tree_make(&t, 5, 1, 11); /* m = 1: mu = 1 (n >= 4), so path 1 is a dummy; delta = 3, levels 5..7 above the root */
    hs_mb_shape s;
    const char *why;
    CHECK(hs_mb_shape_make(&s, hs_preset_find("compat"), t.d, t.m, &why));
    const size_t D = (size_t)1 << s.delta;
    const size_t rows[] = {0, 2, 4, 5, 7, D + 1, D + 6};
    for (size_t k = 0; k < sizeof rows / sizeof *rows; k++) {
        hs_writer w;
        hs_kb root[W];
        memset(&w, 0, sizeof w);
        s.corrupt_row = rows[k] + 1;
        int ok = hs_mb_prove(&s, t.idx, t.leaves, t.sib, 1, &w, root, NULL, &why);
        if (rows[k] < t.d) {
            CHECK(ok); /* one path: the altered node leads to its own root, which the verifier is given */
            expect_reject(&w, &t, root, "a wrong internal node (its own root)");
            expect_reject(&w, &t, NULL, "a wrong internal node (the true root)");
        } else if (ok) {
            expect_reject(&w, &t, NULL, "a wrong node on a dummy path or above the root");
        }
        hs_w_free(&w);
    }
    tree_free(&t);
}

/* An index bit whose flip keeps the statement true (sibling = node) is accepted. */
static void test_equal_sibling(void) {
    tree t;
    tree_make(&t, 4, 1, 5);
    memcpy(t.sib, t.leaves, W * sizeof *t.sib); /* level 0: sibling = leaf */
    /* recompute the root */
    uint32_t cur[W], st[16];
    memcpy(cur, t.leaves, sizeof cur);
    for (unsigned i = 0; i < t.d; i++) {
        const int right = (int)((t.idx[0] >> i) & 1);
        memcpy(st + (right ? W : 0), cur, sizeof cur), memcpy(st + (right ? 0 : W), t.sib + i * W, sizeof cur);
        hs_p2_permute(hs_p2_kb16(), st);
        memcpy(cur, st, sizeof cur);
    }
    memcpy(t.root, cur, sizeof cur);
    hs_writer w;
    const char *why;
    CHECK(prove(&t, "compat", 1, 0, &w, &why));
    CHECK(verify(&w, &t, NULL, &why));
    t.idx[0] ^= 1;
    expect_reject(&w, &t, NULL, "bit 0 flipped (the list is bound)");
    hs_w_free(&w);
    CHECK(prove(&t, "compat", 1, 0, &w, &why)); /* still a true statement: proven and accepted */
    CHECK(verify(&w, &t, NULL, &why));
    t.idx[0] ^= 2;
    expect_reject(&w, &t, NULL, "bit 1 flipped");
    hs_w_free(&w);
    /* false for this root: one opening reaches another root, which the proof binds */
    hs_mb_shape s;
    hs_kb r2[W];
    CHECK(hs_mb_shape_make(&s, hs_preset_find("compat"), t.d, t.m, &why));
    memset(&w, 0, sizeof w);
    CHECK(hs_mb_prove(&s, t.idx, t.leaves, t.sib, 1, &w, r2, NULL, &why));
    CHECK(memcmp(r2, t.root, sizeof r2) != 0);
    expect_reject(&w, &t, NULL, "bit 1 flipped, proven for the root it reaches");
    CHECK(verify(&w, &t, r2, &why));
    hs_w_free(&w);
    tree_free(&t);
}

/* The prover refuses openings that do not share a root, and indices beyond the depth. */
static void test_prover_refuses(void) {
    tree t;
    tree_make(&t, 6, 3, 77);
    hs_writer w;
    const char *why = NULL;
    t.sib[(1 * t.d + 2) * W] = hs_kb_add(t.sib[(1 * t.d + 2) * W], HS_KB_ONE);
    CHECK(!prove(&t, "compat", 1, 0, &w, &why));
    hs_w_free(&w);
    t.sib[(1 * t.d + 2) * W] = hs_kb_sub(t.sib[(1 * t.d + 2) * W], HS_KB_ONE);
    t.idx[2] |= 1ull << 6;
    CHECK(!prove(&t, "compat", 1, 0, &w, &why));
    hs_w_free(&w);
    tree_free(&t);
}


/* The public API: canonical words in and out, statuses and reasons. */
static void test_api(void) {
    hs_ctx *ctx;
    CHECK(hs_ctx_new(&ctx, 2) == HS_OK);
    const unsigned d = 20;
    const size_t m = 5;
    uint64_t idx[5];
    uint32_t leaves[5 * 8], root[8], root2[8], *sib = malloc(m * d * 8 * sizeof *sib);
    CHECK(hs_merkle_random_openings(idx, leaves, sib, root, d, m, 99) == HS_OK);
    for (size_t k = 0; k < m * 8; k++) CHECK(leaves[k] < HS_KB_P);
    uint8_t *proof;
    size_t len;
    hs_prove_stats st;
    char why[HS_REASON_LEN];
    CHECK(hs_prove_merkle_branches(ctx, &proof, &len, root2, &st, why, sizeof why, NULL, "proven128", HS_BACKEND_GKR, d, m, idx, leaves,
                                   sib, 0) == HS_OK);
    CHECK(memcmp(root, root2, sizeof root) == 0);
    CHECK(st.instances == m * d && st.supported);
    hs_merkle_proof_info info;
    CHECK(hs_verify_merkle_branches(ctx, &info, why, sizeof why, proof, len, root, d, m, idx, leaves,
                                    HS_MIN_BITS_DECLARED) == HS_OK);
    /* the headline is the 8-element digest's collision resistance, 8 log2(p) / 2 (below the
     * protocol's 128 bits); the declaration (the protocol's terms) holds */
    const double digest_bits = 4 * log2((double)HS_KB_P);
    CHECK(info.depth == d && info.openings == m && fabs(info.claimed_bits - digest_bits) < 1e-9 && info.supported &&
          !strcmp(info.preset, "proven128"));
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves, 128.0) ==
          HS_ERR_REJECTED);
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves, 123.0) == HS_OK);
    root2[3] ^= 1;
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root2, d, m, idx, leaves,
                                    HS_MIN_BITS_DECLARED) == HS_ERR_REJECTED);
    root2[3] = HS_KB_P;
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root2, d, m, idx, leaves,
                                    HS_MIN_BITS_DECLARED) == HS_ERR_RANGE);
    /* a min_bits that is no bound: NaN passed every comparison (bits_check) */
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves, NAN) ==
          HS_ERR_ARGUMENT);
    CHECK(strstr(why, "min_bits") != NULL);
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves, INFINITY) ==
          HS_ERR_ARGUMENT);
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves, -7.0) ==
          HS_ERR_ARGUMENT);
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves, 0.0) == HS_OK);
    idx[1] |= 1ull << d;
    CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, d, m, idx, leaves,
                                    HS_MIN_BITS_DECLARED) == HS_ERR_REJECTED);
    idx[1] &= ~(1ull << d);
    /* a permutation proof is not a branches proof, and the other way round */
    CHECK(hs_proof_peek(&(hs_proof_info){0}, why, sizeof why, proof, len) == HS_ERR_REJECTED);
    hs_proof_free(proof);
    /* bad inputs */
    CHECK(hs_prove_merkle_branches(ctx, &proof, &len, NULL, NULL, why, sizeof why, "keccak-256", NULL, HS_BACKEND_GKR, d, m, idx,
                                   leaves, sib, 0) == HS_ERR_UNSUPPORTED);
    sib[7] = HS_KB_P;
    CHECK(hs_prove_merkle_branches(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, NULL, HS_BACKEND_GKR, d, m, idx, leaves, sib,
                                   0) == HS_ERR_RANGE);
    CHECK(proof == NULL && len == 0);
    sib[7] = 0;
    CHECK(hs_prove_merkle_branches(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, NULL, HS_BACKEND_GKR, d, m, idx, leaves, sib,
                                   0) == HS_ERR_ARGUMENT); /* the openings no longer reach one root */
    CHECK(strstr(why, "root") != NULL);
    /* the report: every term named, the claim its weakest */
    hs_params_report rep;
    CHECK(hs_params_merkle_branches(&rep, why, sizeof why, NULL, "proven128", HS_BACKEND_GKR, 32, 1u << 14) == HS_OK);
    CHECK(rep.n_terms > 8 && rep.supported && rep.log_rows == 19 && rep.whir_columns == 16);
    double weakest = 1e9;
    for (size_t i = 0; i < rep.n_terms; i++) weakest = fmin(weakest, rep.terms[i].bits[rep.regime]);
    CHECK(fabs(weakest - rep.claimed_bits) < 1e-9);
    CHECK(!strcmp(rep.terms[rep.weakest].name, "p2kb16.digest_collision") && fabs(weakest - digest_bits) < 1e-9);
    CHECK(hs_params_merkle_branches(&rep, why, sizeof why, NULL, NULL, HS_BACKEND_GKR, 0, 3) == HS_ERR_ARGUMENT);
    free(sib);
    hs_ctx_free(ctx);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_merkle_gkr");
    test_shift_identity(&rng);
    test_public_mles(&rng);
    test_generator();
    test_completeness();
    test_soundness();
    test_proof_bytes(&rng);
    test_wrong_node();
    test_equal_sibling();
    test_prover_refuses();
    test_api();
    return hs_test_done("test_merkle_gkr");
}
