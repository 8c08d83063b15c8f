/* The dense Merkle root by GKR + WHIR (src/statement/merkle/gkr_root.h): the node-array identities by brute
 * force, completeness for k = 1..12 (private and public leaves), the root, a leaf, a wrong internal
 * node and the leaf binding rejected, proof bytes independent of the thread count. */
#include <math.h>
#include <string.h>

#include "hashsnark.h"

#include "statement/merkle/gkr_root.h"
#include "hash/poseidon2_monty31.h"
#include "poly/mle.h"
#include "testutil.h"

static hs_kb rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }

static hs_kb *rand_leaves(hs_rng *rng, unsigned k) {
    hs_kb *l = malloc(((size_t)8 << k) * sizeof *l);
    for (size_t i = 0; i < ((size_t)8 << k); i++) l[i] = rand_kb(rng);
    return l;
}

/* D (heap order, D[0] = 0) of the leaves by the plain recursion. */
static hs_kb *node_array(const hs_kb *leaves, unsigned k) {
    const size_t N = (size_t)1 << k;
    hs_kb *D = calloc(16 * N, sizeof *D);
    memcpy(D + 8 * N, leaves, 8 * N * sizeof *D);
    for (size_t i = N; i-- > 1;) {
        uint32_t st[16];
        memcpy(st, D + 16 * i, sizeof st);
        hs_p2_permute(hs_p2_kb16(), st);
        memcpy(D + 8 * i, st, 8 * sizeof *D);
    }
    return D;
}

/* (I1) X(r, tau, mu) = D((r, tau), mu); (I2) Y(r, mu) = D((0, r), mu); (I3) the true outputs
 * T(r, mu) = D((0, r), mu) + eq(r, 0) c(mu): as MLEs over lanes too, at random points. */
static void test_identities(hs_rng *rng) {
    for (unsigned k = 1; k <= 6; k++) {
        const size_t N = (size_t)1 << k;
        hs_kb *L = rand_leaves(rng, k), *D = node_array(L, k), *T = malloc(8 * N * sizeof *T);
        for (size_t j = 0; j < N; j++) {
            uint32_t st[16];
            memcpy(st, D + 16 * j, sizeof st);
            hs_p2_permute(hs_p2_kb16(), st);
            memcpy(T + 8 * j, st, 8 * sizeof *T);
        }
        hs_kb5 p[32];
        for (unsigned i = 0; i < k + 4; i++) p[i] = hs_test_rand_kb5(rng);
        /* (I1) through the column view the prover commits: sum_(b,l) eq(tau, b) eq(mu, l) X_(8b+l)^(r) */
        hs_kb5 xc[16], wsum = hs_kb5_zero(), we[16];
        CHECK(hs_gkr_eval_rows(D, 16, k, p, xc, 1));
        hs_mle_eq_table(we, p + k, 4, hs_kb5_one(), 1);
        for (unsigned m = 0; m < 16; m++) wsum = hs_kb5_add(wsum, hs_kb5_mul(we[m], xc[m]));
        CHECK(hs_kb5_eq(wsum, hs_mle_eval_base(D, k + 4, p, 1)));
        /* Y(r, mu) = D((0, r), mu): the first half of D */
        hs_kb5 q[32];
        q[0] = hs_kb5_zero();
        memcpy(q + 1, p, (k + 3) * sizeof *q);
        const hs_kb5 y = hs_mle_eval_base(D, k + 3, p, 1), d0 = hs_mle_eval_base(D, k + 4, q, 1);
        CHECK(hs_kb5_eq(y, d0));
        /* T(r, mu) = Y(r, mu) + eq(r, 0) c(mu) */
        hs_kb c[8];
        uint32_t st[16] = {0};
        memcpy(st + 8, D + 8, 8 * sizeof *st);
        hs_p2_permute(hs_p2_kb16(), st);
        memcpy(c, st, sizeof c);
        hs_kb5 e0 = hs_kb5_one();
        for (unsigned i = 0; i < k; i++) e0 = hs_kb5_mul(e0, hs_kb5_sub(hs_kb5_one(), p[i]));
        const hs_kb5 rhs = hs_kb5_add(y, hs_kb5_mul(e0, hs_mle_eval_base(c, 3, p + k, 1)));
        CHECK(hs_kb5_eq(hs_mle_eval_base(T, k + 3, p, 1), rhs));
        free(L), free(D), free(T);
    }
}

static int prove(const hs_kb *leaves, unsigned k, int pub, unsigned threads, size_t corrupt, hs_writer *w, hs_kb *root,
                 const char **why) {
    hs_mr_shape s;
    if (!hs_mr_shape_make(&s, hs_preset_find("compat"), k, pub, why)) return 0;
    s.corrupt_node = corrupt;
    memset(w, 0, sizeof *w);
    return hs_mr_prove(&s, leaves, threads, w, root, NULL, why);
}

static void test_completeness(hs_rng *rng) {
    for (unsigned k = 1; k <= 12; k++)
        for (int pub = 0; pub < 2; pub++) {
            if (pub && k > 3 && k != 7 && k != 12) continue;
            hs_kb *L = rand_leaves(rng, k), *D = node_array(L, k), root[8];
            hs_writer w;
            const char *why = NULL;
            int ok = prove(L, k, pub, 2, 0, &w, root, &why);
            CHECK(ok);
            if (!ok) fprintf(stderr, "prove k=%u pub=%d: %s\n", k, pub, why);
            CHECK(memcmp(root, D + 8, sizeof root) == 0);
            ok = ok && hs_mr_verify(w.data, w.len, root, pub ? L : NULL, 1, NULL, &why);
            CHECK(ok);
            if (!ok) fprintf(stderr, "verify k=%u pub=%d: %s\n", k, pub, why);
            hs_w_free(&w);
            free(L), free(D);
        }
}

static void expect_reject(const hs_writer *w, const hs_kb *root, const hs_kb *leaves, const char *what) {
    const char *why = NULL;
    int ok = hs_mr_verify(w->data, w->len, root, leaves, 1, NULL, &why);
    CHECK(!ok);
    if (ok) fprintf(stderr, "accepted: %s\n", what);
}

static void test_soundness(hs_rng *rng) {
    const unsigned k = 5;
    hs_kb *L = rand_leaves(rng, k), root[8], r2[8];
    hs_writer w, w2;
    const char *why;
    for (int pub = 0; pub < 2; pub++) {
        CHECK(prove(L, k, pub, 1, 0, &w, root, &why));
        CHECK(prove(L, k, pub, 2, 0, &w2, r2, &why));
        CHECK(w.len == w2.len && memcmp(w.data, w2.data, w.len) == 0); /* thread-count byte identity */
        hs_w_free(&w2);
        CHECK(hs_mr_verify(w.data, w.len, root, pub ? L : NULL, 1, NULL, &why));
        for (unsigned l = 0; l < 8; l++) {
            memcpy(r2, root, sizeof r2);
            r2[l] = hs_kb_add(r2[l], HS_KB_ONE);
            expect_reject(&w, r2, pub ? L : NULL, "a root lane changed");
        }
        expect_reject(&w, root, pub ? NULL : L, "the other leaf mode");
        if (pub)
            for (size_t i = 0; i < ((size_t)8 << k); i += 7) {
                L[i] = hs_kb_add(L[i], HS_KB_ONE);
                expect_reject(&w, root, L, "a leaf word changed");
                L[i] = hs_kb_sub(L[i], HS_KB_ONE);
            }
        /* altered bytes (a sample of the proof) */
        for (size_t i = 0; i < w.len; i += 1 + hs_rng_below(rng, 211)) {
            const uint8_t b = w.data[i];
            w.data[i] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
            expect_reject(&w, root, pub ? L : NULL, "a proof byte flipped");
            w.data[i] = b;
        }
        hs_w_free(&w);
    }
    /* a tree with one wrong internal node (the nodes above it hashed from it), proven for the root
     * it reaches: rejected, at every level */
    for (size_t node = 1; node < ((size_t)1 << k); node = 2 * node + (node & 1)) {
        CHECK(prove(L, k, 0, 1, node + 1, &w, r2, &why));
        expect_reject(&w, r2, NULL, "a wrong internal node");
        hs_w_free(&w);
        CHECK(prove(L, k, 1, 1, node + 1, &w, r2, &why));
        expect_reject(&w, r2, L, "a wrong internal node (public leaves)");
        hs_w_free(&w);
    }
    /* an all-zero leaf layer */
    memset(L, 0, ((size_t)8 << k) * sizeof *L);
    CHECK(prove(L, k, 1, 1, 0, &w, root, &why));
    CHECK(hs_mr_verify(w.data, w.len, root, L, 1, NULL, &why));
    hs_w_free(&w);
    free(L);
}


/* The public API: canonical words, statuses, the leaf mode. */
static void test_api(void) {
    hs_ctx *ctx;
    CHECK(hs_ctx_new(&ctx, 2) == HS_OK);
    const unsigned k = 6;
    const size_t nw = (size_t)8 << k;
    uint32_t *leaves = malloc(nw * sizeof *leaves), root[8], r2[8];
    CHECK(hs_tree_leaves_random(leaves, nw, "poseidon2-kb16", 5) == HS_OK);
    hs_tree *t;
    char why[HS_REASON_LEN];
    CHECK(hs_tree_new(ctx, &t, why, sizeof why, "poseidon2-kb16", k, leaves, nw) == HS_OK);
    hs_tree_root(t, r2);
    hs_tree_free(t);
    uint8_t *proof;
    size_t len;
    hs_prove_stats st;
    for (int pub = 0; pub < 2; pub++) {
        CHECK(hs_prove_merkle_root(ctx, &proof, &len, root, &st, why, sizeof why, NULL, "proven128", k, leaves, nw, pub,
                                   0) == HS_OK);
        CHECK(memcmp(root, r2, sizeof root) == 0); /* the native tree's root */
        hs_merkle_proof_info info;
        CHECK(hs_verify_merkle_root(ctx, &info, why, sizeof why, proof, len, root, pub ? leaves : NULL, pub ? nw : 0,
                                    HS_MIN_BITS_DECLARED) == HS_OK);
        CHECK(!strcmp(info.statement, "merkle") && info.depth == k && info.public_leaves == pub);
        root[0] ^= 1;
        CHECK(hs_verify_merkle_root(ctx, NULL, why, sizeof why, proof, len, root, pub ? leaves : NULL, pub ? nw : 0,
                                    HS_MIN_BITS_DECLARED) == HS_ERR_REJECTED);
        root[0] ^= 1;
        /* leaves for a proof of private leaves, none for one of public leaves: what the proof says
         * does not match what is given, a rejection with its reason (never the caller's error) */
        CHECK(hs_verify_merkle_root(ctx, NULL, why, sizeof why, proof, len, root, pub ? NULL : leaves, pub ? 0 : nw,
                                    HS_MIN_BITS_DECLARED) == HS_ERR_REJECTED);
        CHECK(strstr(why, pub ? "binds public leaves" : "private leaves") != NULL);
        CHECK(hs_verify_merkle_root(ctx, NULL, why, sizeof why, proof, len, root, NULL, nw, HS_MIN_BITS_DECLARED) ==
              HS_ERR_ARGUMENT); /* a count without leaves: the caller's */
        /* a min_bits that is no bound (NaN passed every comparison) */
        CHECK(hs_verify_merkle_root(ctx, NULL, why, sizeof why, proof, len, root, pub ? leaves : NULL, pub ? nw : 0,
                                    NAN) == HS_ERR_ARGUMENT);
        CHECK(strstr(why, "min_bits") != NULL);
        CHECK(hs_verify_merkle_root(ctx, NULL, why, sizeof why, proof, len, root, pub ? leaves : NULL, pub ? nw : 0,
                                    -3.0) == HS_ERR_ARGUMENT);
        CHECK(hs_verify_merkle_branches(ctx, NULL, why, sizeof why, proof, len, root, k, 1, (const uint64_t[]){0},
                                        leaves, HS_MIN_BITS_DECLARED) == HS_ERR_REJECTED);
        hs_proof_free(proof);
    }
    leaves[3] = HS_KB_P;
    CHECK(hs_prove_merkle_root(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, NULL, k, leaves, nw, 0, 0) ==
          HS_ERR_RANGE);
    CHECK(hs_prove_merkle_root(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, NULL, k, leaves, nw - 8, 0, 0) ==
          HS_ERR_ARGUMENT);
    hs_params_report rep;
    CHECK(hs_params_merkle_root(&rep, why, sizeof why, NULL, "proven128", 20, 1) == HS_OK && rep.supported);
    free(leaves);
    hs_ctx_free(ctx);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_merkle_root");
    test_identities(&rng);
    test_completeness(&rng);
    test_soundness(&rng);
    test_api();
    return hs_test_done("test_merkle_root");
}
