/* The sparse Merkle tree (src/smt): miden-crypto's roots and empty subtrees, random operation
 * sequences against a naive model (a list of pairs and a recursive root), openings of present and
 * absent keys, altered openings rejected, mutation sets, batch errors, on-disk persistence (LMDB
 * builds) and roots that do not depend on the thread count. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smt/smt.h"
#include "testutil.h"
#include "vecjson.h"

static char reason[256];

static void word_from_json(const hs_smt_hasher *h, hs_smt_word *w, const vj *arr, size_t off) {
    uint64_t e[8];
    for (unsigned i = 0; i < h->elems; i++) e[i] = vj_u64(vj_at(arr, off + i));
    CHECK(hs_smt_word_from_u64(h, w, e));
}

static hs_smt_tree *mem_tree(const hs_smt_hasher *h, unsigned threads) {
    hs_smt_tree *t;
    hs_smt_err e = hs_smt_tree_new(&t, h, hs_smt_store_mem_new(), threads, reason, sizeof reason);
    if (e) {
        fprintf(stderr, "tree: %s\n", reason);
        exit(1);
    }
    return t;
}

static void check_word(const hs_smt_word *a, const hs_smt_word *b, const char *what) {
    if (!hs_smt_word_eq(a, b)) {
        fprintf(stderr, "%s: words differ\n", what);
        hs_test_failures++;
    }
}

static void test_vectors(void) {
    vj *v = vj_load("smt_miden.json");
    const vj *trees = vj_get(v, "trees");
    static const char *const names[] = {"poseidon2-gl12", "poseidon2-gl12-v0.24", "rpo256"};
    int roots = 0;
    for (size_t ti = 0; ti < vj_len(trees); ti++) {
        const vj *tr = vj_at(trees, ti), *pairs = vj_get(tr, "pairs");
        for (int hn = 0; hn < 3; hn++) {
            const vj *want = vj_get(tr, names[hn]);
            if (!want) continue;
            const hs_smt_hasher *h = hs_smt_hasher_find(names[hn]);
            hs_smt_word root, kv[6];
            word_from_json(h, &root, want, 0);
            size_t n = vj_len(pairs);
            for (size_t i = 0; i < n; i++) {
                word_from_json(h, &kv[2 * i], vj_at(pairs, i), 0);
                word_from_json(h, &kv[2 * i + 1], vj_at(pairs, i), 4);
            }
            /* construction */
            hs_smt_tree *t = mem_tree(h, 1);
            CHECK(hs_smt_tree_build(t, kv, n, reason, sizeof reason) == HS_SMT_OK);
            check_word(hs_smt_tree_root(t), &root, vj_str(vj_get(tr, "test")));
            hs_smt_tree_free(t);
            /* every order, one pair per batch and all in one batch */
            static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
            for (int p = 0; p < (n == 3 ? 6 : 1); p++) {
                hs_smt_tree *a = mem_tree(h, 1), *b = mem_tree(h, 2);
                hs_smt_word ord[6];
                for (size_t i = 0; i < n; i++) {
                    int s = n == 3 ? perms[p][i] : (int)i;
                    ord[2 * i] = kv[2 * s], ord[2 * i + 1] = kv[2 * s + 1];
                    hs_smt_mutset ms;
                    CHECK(hs_smt_tree_mutations(a, &ms, &ord[2 * i], 1, reason, sizeof reason) == HS_SMT_OK);
                    CHECK(hs_smt_tree_apply(a, &ms, reason, sizeof reason) == HS_SMT_OK);
                    hs_smt_mutset_free(&ms);
                }
                hs_smt_mutset ms;
                CHECK(hs_smt_tree_mutations(b, &ms, ord, n, reason, sizeof reason) == HS_SMT_OK);
                check_word(&ms.new_root, &root, "mutation set root");
                CHECK(hs_smt_word_eq(hs_smt_tree_root(b), &b->E[64])); /* not applied yet */
                CHECK(hs_smt_tree_apply(b, &ms, reason, sizeof reason) == HS_SMT_OK);
                hs_smt_mutset_free(&ms);
                check_word(hs_smt_tree_root(a), &root, "one pair per batch");
                check_word(hs_smt_tree_root(b), &root, "one batch");
                hs_smt_tree_free(a);
                hs_smt_tree_free(b);
            }
            roots++;
        }
    }
    CHECK_EQ_U64(roots, 7);
    /* empty subtrees (upstream) and the derived hashes */
    const hs_smt_hasher *h = hs_smt_hasher_find("poseidon2-gl12");
    hs_smt_word E[65], w;
    hs_smt_empty_table(h, E);
    const char *ek[2] = {"E1", "E64"};
    for (int k = 0; k < 2; k++) {
        const vj *a = vj_path(v, "empty_subtrees_poseidon2-gl12")->items[k];
        CHECK(!strcmp(vj_path(v, "empty_subtrees_poseidon2-gl12")->keys[k], ek[k]));
        for (int i = 0; i < 4; i++) w.g[i] = strtoull(vj_str(vj_at(a, (size_t)i)), NULL, 16);
        check_word(&E[k ? 64 : 1], &w, ek[k]);
    }
    hs_smt_word Z, O, kv[4];
    memset(&Z, 0, sizeof Z);
    for (int i = 0; i < 4; i++) O.g[i] = 1;
    kv[0] = Z, kv[1] = O;
    hs_smt_leaf_hash(h, &w, kv, 1);
    hs_smt_word want;
    word_from_json(h, &want, vj_path(v, "derived.single_leaf_Z_O"), 0);
    check_word(&w, &want, "single leaf");
    kv[2] = (hs_smt_word){.g = {0, 1, 0, 0}}, kv[3] = O;
    hs_smt_leaf_hash(h, &w, kv, 2);
    word_from_json(h, &want, vj_path(v, "derived.multiple_leaf_0_of_test_batch_insert"), 0);
    check_word(&w, &want, "multiple leaf");
    hs_smt_word l = {.g = {1, 2, 3, 4}}, r = {.g = {5, 6, 7, 8}};
    hs_smt_merge(h, &w, &l, &r);
    word_from_json(h, &want, vj_path(v, "derived.merge_1234_5678"), 0);
    check_word(&w, &want, "merge");
    vj_free(v);
}

/* ---- the naive model ---- */

typedef struct {
    hs_smt_word *kv; /* sorted by key */
    size_t n, cap;
} model;

static const hs_smt_hasher *mh;
static int kv_cmp(const void *a, const void *b) { return hs_smt_word_cmp(mh, a, b); }

static void model_set(model *m, const hs_smt_word *key, const hs_smt_word *val) {
    for (size_t i = 0; i < m->n; i++)
        if (hs_smt_word_eq(&m->kv[2 * i], key)) {
            if (hs_smt_word_is_zero(val)) {
                memmove(&m->kv[2 * i], &m->kv[2 * i + 2], (m->n - i - 1) * 2 * sizeof(hs_smt_word));
                m->n--;
            } else {
                m->kv[2 * i + 1] = *val;
            }
            return;
        }
    if (hs_smt_word_is_zero(val)) return;
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->kv = realloc(m->kv, 2 * m->cap * sizeof(hs_smt_word));
    }
    m->kv[2 * m->n] = *key, m->kv[2 * m->n + 1] = *val;
    m->n++;
    qsort(m->kv, m->n, 2 * sizeof(hs_smt_word), kv_cmp);
}

/* root of the subtree at (depth, prefix) over the sorted pairs kv[0..n) that lie below it */
static hs_smt_word model_E[65];
static const hs_smt_hasher *model_E_of;

static hs_smt_word model_root(const hs_smt_hasher *h, const hs_smt_word *kv, size_t n, unsigned depth) {
    hs_smt_word out;
    if (model_E_of != h) {
        hs_smt_empty_table(h, model_E);
        model_E_of = h;
    }
    if (n == 0) return model_E[64 - depth];
    if (depth == 64) {
        hs_smt_leaf_hash(h, &out, kv, n);
        return out;
    }
    size_t k = 0; /* pairs whose bit (63 - depth) of the leaf index is 0 come first */
    while (k < n && !((hs_smt_leaf_index(h, &kv[2 * k]) >> (63 - depth)) & 1)) k++;
    hs_smt_word l = model_root(h, kv, k, depth + 1), r = model_root(h, kv + 2 * k, n - k, depth + 1);
    hs_smt_merge(h, &out, &l, &r);
    return out;
}

/* keys crowd into few leaves and shared prefixes: the high index bits come from a small set */
static void rand_key(const hs_smt_hasher *h, hs_rng *rng, hs_smt_word *k) {
    static const uint64_t hi[4] = {0, 0x8000000000000000ull, 0x1234000000000000ull, 0xfffffffe00000000ull};
    memset(k, 0, sizeof *k);
    uint64_t idx = hi[hs_rng_below(rng, 4)] | hs_rng_below(rng, 16) | (hs_rng_below(rng, 3) << 20);
    if (h->elems == 4) {
        for (int i = 0; i < 3; i++) k->g[i] = hs_rng_below(rng, 3);
        k->g[3] = idx % h->modulus;
    } else {
        for (int i = 0; i < 6; i++) k->k[i] = (uint32_t)hs_rng_below(rng, 3);
        k->k[7] = (uint32_t)((idx >> 32) % h->modulus);
        k->k[6] = (uint32_t)idx & 0x7fffffff;
    }
}

static void rand_value(const hs_smt_hasher *h, hs_rng *rng, hs_smt_word *v) {
    memset(v, 0, sizeof *v);
    if (hs_rng_below(rng, 4) == 0) return; /* a removal */
    for (unsigned i = 0; i < h->elems; i++) {
        uint64_t x = hs_rng_below(rng, h->modulus);
        if (h->elems == 4) v->g[i] = x;
        else v->k[i] = (uint32_t)x;
    }
}

static void check_openings(hs_smt_tree *t, const model *m, hs_rng *rng) {
    const hs_smt_hasher *h = t->h;
    for (int q = 0; q < 6; q++) {
        hs_smt_word key, val, got;
        if (q < 3 && m->n) {
            size_t i = hs_rng_below(rng, m->n);
            key = m->kv[2 * i], val = m->kv[2 * i + 1];
        } else {
            rand_key(h, rng, &key);
            memset(&val, 0, sizeof val);
            for (size_t i = 0; i < m->n; i++)
                if (hs_smt_word_eq(&m->kv[2 * i], &key)) val = m->kv[2 * i + 1];
        }
        CHECK(hs_smt_tree_get(t, &got, &key, reason, sizeof reason) == HS_SMT_OK);
        check_word(&got, &val, "get");
        uint8_t *op;
        size_t len;
        CHECK(hs_smt_tree_open(t, &op, &len, &key, reason, sizeof reason) == HS_SMT_OK);
        const hs_smt_word *root = hs_smt_tree_root(t);
        if (!hs_smt_verify_opening(h, root, &key, &val, op, len, reason, sizeof reason)) {
            fprintf(stderr, "opening rejected: %s\n", reason);
            hs_test_failures++;
        }
        /* altered: another value, another root, a flipped byte, a short opening */
        hs_smt_word other = val;
        if (h->elems == 4) other.g[0] = (other.g[0] + 1) % h->modulus;
        else other.k[0] = (other.k[0] + 1) % (uint32_t)h->modulus;
        CHECK(!hs_smt_verify_opening(h, root, &key, &other, op, len, reason, sizeof reason));
        hs_smt_word r2 = *root;
        r2.b[3] ^= 1;
        CHECK(!hs_smt_verify_opening(h, &r2, &key, &val, op, len, reason, sizeof reason));
        size_t at = hs_rng_below(rng, len);
        op[at] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
        CHECK(!hs_smt_verify_opening(h, root, &key, &val, op, len, reason, sizeof reason));
        op[at] ^= 0; /* keep the flip: the truncated one below is wrong either way */
        CHECK(!hs_smt_verify_opening(h, root, &key, &val, op, len - 1, reason, sizeof reason));
        CHECK(!hs_smt_verify_opening(h, root, &key, &val, op, 3, reason, sizeof reason));
        free(op);
    }
}

static void test_random(hs_rng *rng, const hs_smt_hasher *h, hs_smt_tree *t, unsigned batches) {
    model m = {0};
    mh = h;
    for (unsigned b = 0; b < batches && !TOO_MANY_FAILURES(); b++) {
        size_t n = 1 + hs_rng_below(rng, 40);
        hs_smt_word *kv = malloc(2 * n * sizeof *kv);
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            hs_smt_word key, val;
            if (m.n && hs_rng_below(rng, 3) == 0) key = m.kv[2 * hs_rng_below(rng, m.n)]; /* update / remove */
            else rand_key(h, rng, &key);
            int dup = 0;
            for (size_t j = 0; j < k; j++) dup |= hs_smt_word_eq(&kv[2 * j], &key);
            if (dup) continue;
            rand_value(h, rng, &val);
            kv[2 * k] = key, kv[2 * k + 1] = val, k++;
        }
        hs_smt_mutset ms;
        hs_smt_word before = *hs_smt_tree_root(t);
        CHECK(hs_smt_tree_mutations(t, &ms, kv, k, reason, sizeof reason) == HS_SMT_OK);
        check_word(hs_smt_tree_root(t), &before, "mutations leave the tree alone");
        CHECK(hs_smt_tree_apply(t, &ms, reason, sizeof reason) == HS_SMT_OK);
        check_word(hs_smt_tree_root(t), &ms.new_root, "applied root");
        CHECK(hs_smt_tree_apply(t, &ms, reason, sizeof reason) == (ms.nleaf ? HS_SMT_ERR_CONFLICT : HS_SMT_OK));
        hs_smt_mutset_free(&ms);
        for (size_t i = 0; i < k; i++) model_set(&m, &kv[2 * i], &kv[2 * i + 1]);
        hs_smt_word want = model_root(h, m.kv, m.n, 0);
        check_word(hs_smt_tree_root(t), &want, "root against the model");
        CHECK_EQ_U64(t->entries, m.n);
        check_openings(t, &m, rng);
        free(kv);
    }
    free(m.kv);
}

static void test_errors(const hs_smt_hasher *h) {
    hs_smt_tree *t = mem_tree(h, 1);
    hs_smt_word kv[4] = {{.g = {1}}, {.g = {2}}, {.g = {1}}, {.g = {3}}};
    hs_smt_mutset ms;
    CHECK(hs_smt_tree_mutations(t, &ms, kv, 2, reason, sizeof reason) == HS_SMT_ERR_DUPLICATE);
    CHECK(strstr(reason, "pairs 1 and 2") != NULL);
    kv[2].g[0] = 0xffffffff00000001ull;
    CHECK(hs_smt_tree_mutations(t, &ms, kv, 2, reason, sizeof reason) == HS_SMT_ERR_RANGE);
    /* 1025 keys in leaf 7 */
    size_t n = HS_SMT_MAX_LEAF_ENTRIES + 1;
    hs_smt_word *big = calloc(2 * n, sizeof *big);
    for (size_t i = 0; i < n; i++) big[2 * i].g[0] = i, big[2 * i].g[3] = 7, big[2 * i + 1].g[1] = 5;
    CHECK(hs_smt_tree_mutations(t, &ms, big, n, reason, sizeof reason) == HS_SMT_ERR_LEAF_FULL);
    CHECK(hs_smt_tree_build(t, big, n - 1, reason, sizeof reason) == HS_SMT_OK);
    CHECK_EQ_U64(t->entries, n - 1);
    CHECK_EQ_U64(t->leaves, 1);
    CHECK(hs_smt_tree_build(t, big, 1, reason, sizeof reason) == HS_SMT_ERR_NOT_EMPTY);
    CHECK(hs_smt_tree_mutations(t, &ms, big + 2 * (n - 1), 1, reason, sizeof reason) == HS_SMT_ERR_LEAF_FULL);
    /* a mutation set from another tree */
    hs_smt_tree *u = mem_tree(h, 1);
    kv[2].g[0] = 9;
    CHECK(hs_smt_tree_mutations(u, &ms, kv, 2, reason, sizeof reason) == HS_SMT_OK);
    CHECK(hs_smt_tree_apply(t, &ms, reason, sizeof reason) == HS_SMT_ERR_CONFLICT);
    hs_smt_mutset_free(&ms);
    /* an opening of the full leaf verifies */
    uint8_t *op;
    size_t len;
    CHECK(hs_smt_tree_open(t, &op, &len, &big[20], reason, sizeof reason) == HS_SMT_OK);
    CHECK_EQ_U64(len, HS_SMT_OPENING_BYTES(n - 1));
    CHECK(hs_smt_verify_opening(h, hs_smt_tree_root(t), &big[20], &big[21], op, len, reason, sizeof reason));
    /* pair count claiming more than the bytes hold, and beyond 1024 */
    op[0] = 0xff, op[1] = 0xff;
    CHECK(!hs_smt_verify_opening(h, hs_smt_tree_root(t), &big[20], &big[21], op, len, reason, sizeof reason));
    CHECK(strstr(reason, "at most 1024") != NULL);
    free(op);
    free(big);
    hs_smt_tree_free(t);
    hs_smt_tree_free(u);
}

/* Every single-bit change of an opening is rejected, and random bytes of any length are too. */
static void test_flips(hs_rng *rng, const hs_smt_hasher *h) {
    hs_smt_tree *t = mem_tree(h, 1);
    hs_smt_word kv[6];
    memset(kv, 0, sizeof kv);
    for (int i = 0; i < 3; i++) kv[2 * i].g[0] = (uint64_t)i, kv[2 * i].g[3] = i < 2 ? 5 : 9, kv[2 * i + 1].g[1] = 3;
    CHECK(hs_smt_tree_build(t, kv, 3, reason, sizeof reason) == HS_SMT_OK);
    uint8_t *op;
    size_t len;
    CHECK(hs_smt_tree_open(t, &op, &len, &kv[2], reason, sizeof reason) == HS_SMT_OK);
    const hs_smt_word *root = hs_smt_tree_root(t);
    CHECK(hs_smt_verify_opening(h, root, &kv[2], &kv[3], op, len, reason, sizeof reason));
    for (size_t i = 0; i < len && !TOO_MANY_FAILURES(); i++) {
        uint8_t bit = (uint8_t)(1u << hs_rng_below(rng, 8));
        op[i] ^= bit;
        if (hs_smt_verify_opening(h, root, &kv[2], &kv[3], op, len, reason, sizeof reason)) {
            fprintf(stderr, "opening byte %zu changed and still accepted\n", i);
            hs_test_failures++;
        }
        op[i] ^= bit;
    }
    uint8_t junk[HS_SMT_OPENING_BYTES(3) + 8];
    for (int k = 0; k < 200; k++) {
        size_t n = hs_rng_below(rng, sizeof junk + 1);
        for (size_t i = 0; i < n; i++) junk[i] = (uint8_t)hs_rng_u64(rng);
        if (n >= 4 && k % 2) junk[0] = (uint8_t)hs_rng_below(rng, 4), junk[1] = junk[2] = junk[3] = 0;
        CHECK(!hs_smt_verify_opening(h, root, &kv[2], &kv[3], junk, n, reason, sizeof reason));
    }
    free(op);
    hs_smt_tree_free(t);
}

static void rand_pairs(const hs_smt_hasher *h, hs_rng *rng, hs_smt_word *kv, size_t n) {
    for (size_t i = 0; i < n; i++) {
        memset(&kv[2 * i], 0, 2 * sizeof *kv);
        for (unsigned e = 0; e < h->elems; e++) {
            uint64_t x = hs_rng_below(rng, h->modulus);
            if (h->elems == 4) kv[2 * i].g[e] = x, kv[2 * i + 1].g[e] = 1 + e;
            else kv[2 * i].k[e] = (uint32_t)x, kv[2 * i + 1].k[e] = 1 + e;
        }
    }
}

static void test_threads(hs_rng *rng, const hs_smt_hasher *h) {
    size_t n = 1400; /* a batch of 600: the band runs split over the threads */
    hs_smt_word *kv = malloc(2 * n * sizeof *kv);
    rand_pairs(h, rng, kv, n);
    hs_smt_word roots[3], mroots[3];
    uint8_t *ops[1400 / 7 + 1];
    size_t op_len[1400 / 7 + 1];
    for (unsigned th = 1; th <= 3; th++) {
        hs_smt_tree *t = mem_tree(h, th);
        CHECK(hs_smt_tree_build(t, kv, n - 600, reason, sizeof reason) == HS_SMT_OK);
        roots[th - 1] = *hs_smt_tree_root(t);
        hs_smt_mutset ms;
        CHECK(hs_smt_tree_mutations(t, &ms, kv + 2 * (n - 600), 600, reason, sizeof reason) == HS_SMT_OK);
        CHECK(hs_smt_tree_apply(t, &ms, reason, sizeof reason) == HS_SMT_OK);
        hs_smt_mutset_free(&ms);
        mroots[th - 1] = *hs_smt_tree_root(t);
        /* the records the runs wrote: every opening verifies, byte-identical for every count */
        for (size_t i = 0; i < n; i += 7) {
            uint8_t *op;
            size_t len;
            CHECK(hs_smt_tree_open(t, &op, &len, &kv[2 * i], reason, sizeof reason) == HS_SMT_OK);
            CHECK(hs_smt_verify_opening(h, &mroots[th - 1], &kv[2 * i], &kv[2 * i + 1], op, len, reason,
                                        sizeof reason));
            if (th == 1) {
                ops[i / 7] = op, op_len[i / 7] = len;
            } else {
                CHECK(len == op_len[i / 7] && !memcmp(op, ops[i / 7], len));
                free(op);
            }
        }
        hs_smt_tree_free(t);
    }
    for (size_t i = 0; i < n; i += 7) free(ops[i / 7]);
    check_word(&roots[0], &roots[1], "1 vs 2 threads");
    check_word(&roots[0], &roots[2], "1 vs 3 threads");
    check_word(&mroots[0], &mroots[1], "1 vs 2 threads, batch");
    check_word(&mroots[0], &mroots[2], "1 vs 3 threads, batch");
    /* the model agrees on a tree of this size too */
    mh = h;
    qsort(kv, n, 2 * sizeof *kv, kv_cmp);
    hs_smt_word want = model_root(h, kv, n, 0);
    check_word(&mroots[0], &want, "1400 pairs against the model");
    free(kv);
}

static void test_disk(hs_rng *rng) {
    if (!hs_smt_store_have_lmdb()) {
        printf("test_smt: LMDB not built in; on-disk checks skipped\n");
        char err[200];
        CHECK(hs_smt_store_lmdb_open("/nonexistent", 1, err, sizeof err) == NULL);
        return;
    }
    char dir[] = "/tmp/hs_smt_test_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const hs_smt_hasher *h = hs_smt_hasher_find("poseidon2-gl12");
    char err[200];
    hs_smt_tree *t;
    CHECK(hs_smt_tree_new(&t, h, hs_smt_store_lmdb_open(dir, 0, err, sizeof err), 2, reason, sizeof reason) ==
          HS_SMT_OK);
    size_t n = 800;
    hs_smt_word *kv = malloc(2 * n * sizeof *kv);
    rand_pairs(h, rng, kv, n);
    CHECK(hs_smt_tree_build(t, kv, 600, reason, sizeof reason) == HS_SMT_OK);
    test_random(rng, h, t, 0); /* nothing */
    hs_smt_mutset ms;
    CHECK(hs_smt_tree_mutations(t, &ms, kv + 1200, 200, reason, sizeof reason) == HS_SMT_OK);
    CHECK(hs_smt_tree_apply(t, &ms, reason, sizeof reason) == HS_SMT_OK);
    hs_smt_mutset_free(&ms);
    hs_smt_word root = *hs_smt_tree_root(t);
    hs_smt_tree_free(t);
    /* the same tree in memory */
    hs_smt_tree *m = mem_tree(h, 1);
    CHECK(hs_smt_tree_build(m, kv, n, reason, sizeof reason) == HS_SMT_OK);
    check_word(&root, hs_smt_tree_root(m), "disk vs memory");
    hs_smt_tree_free(m);
    /* reopened: the same root, values and openings */
    CHECK(hs_smt_tree_new(&t, h, hs_smt_store_lmdb_open(dir, 1, err, sizeof err), 1, reason, sizeof reason) ==
          HS_SMT_OK);
    check_word(&root, hs_smt_tree_root(t), "reopened root");
    CHECK_EQ_U64(t->entries, n);
    for (int i = 0; i < 20; i++) {
        size_t j = hs_rng_below(rng, n);
        hs_smt_word got;
        CHECK(hs_smt_tree_get(t, &got, &kv[2 * j], reason, sizeof reason) == HS_SMT_OK);
        check_word(&got, &kv[2 * j + 1], "reopened get");
        uint8_t *op;
        size_t len;
        CHECK(hs_smt_tree_open(t, &op, &len, &kv[2 * j], reason, sizeof reason) == HS_SMT_OK);
        CHECK(hs_smt_verify_opening(h, &root, &kv[2 * j], &kv[2 * j + 1], op, len, reason, sizeof reason));
        free(op);
    }
    /* random sequences on disk against the model: a fresh environment */
    hs_smt_tree_free(t);
    /* another hash on the same directory */
    CHECK(hs_smt_tree_new(&t, hs_smt_hasher_find("rpo256"), hs_smt_store_lmdb_open(dir, 1, err, sizeof err), 1,
                          reason, sizeof reason) == HS_SMT_ERR_MISMATCH);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    CHECK(mkdtemp(strcpy(dir, "/tmp/hs_smt_test_XXXXXX")) != NULL);
    CHECK(hs_smt_tree_new(&t, h, hs_smt_store_lmdb_open(dir, 0, err, sizeof err), 2, reason, sizeof reason) ==
          HS_SMT_OK);
    test_random(rng, h, t, 15);
    hs_smt_tree_free(t);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    free(kv);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_smt");
    test_vectors();
    static const char *const names[] = {"poseidon2-gl12", "rpo256", "poseidon2-kb16"};
    unsigned long iters = hs_test_iters(12);
    for (int i = 0; i < 3; i++) {
        const hs_smt_hasher *h = hs_smt_hasher_find(names[i]);
        hs_smt_tree *t = mem_tree(h, 1 + (unsigned)i % 2);
        test_random(&rng, h, t, (unsigned)iters);
        hs_smt_tree_free(t);
        test_errors(hs_smt_hasher_find("poseidon2-gl12"));
        test_threads(&rng, h);
    }
    test_flips(&rng, hs_smt_hasher_find("poseidon2-gl12"));
    test_flips(&rng, hs_smt_hasher_find("poseidon2-kb16"));
    test_disk(&rng);
    return hs_test_done("test_smt");
}
