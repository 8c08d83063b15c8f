/* The binary Merkle tree (src/merkle/tree.h, compress.h) and its C API (hs_tree_* of hashsnark.h):
 * roots against a recursive reference built on the hash registry's single 2-to-1 calls (another
 * code path: canonical values, portable single states), SHA3-256 and Keccak-256 roots computed
 * in Python (tests/vectors/merkle_byte_roots.txt by tools/gen_merkle_vectors.py), batch compressions against single ones,
 * thread-count identity, the heap layout, and every kind of altered branch rejected. */
#include <string.h>

#include "hash/registry.h"
#include "hashsnark.h"
#include "merkle/compress.h"
#include "merkle/tree.h"
#include "testutil.h"

/* The root of leaves[0 .. n) (canonical words) by recursion, through the registry's merge. */
static void ref_root(const hs_hash_info *h, const uint32_t *leaves, size_t n, uint32_t out[8]) {
    if (n == 1) {
        memcpy(out, leaves, 32);
        return;
    }
    uint32_t l[8], r[8];
    ref_root(h, leaves, n / 2, l);
    ref_root(h, leaves + 8 * (n / 2), n / 2, r);
    if (h->kind == HS_HASH_ELEMS32) {
        h->merge32(out, l, r);
    } else if (h->kind == HS_HASH_ELEMS64) {
        uint64_t a[4], b[4], o[4];
        memcpy(a, l, 32), memcpy(b, r, 32);
        h->merge64(o, a, b);
        memcpy(out, o, 32);
    } else {
        uint8_t a[32], b[32], o[32];
        memcpy(a, l, 32), memcpy(b, r, 32);
        h->merge_bytes(o, a, b);
        memcpy(out, o, 32);
    }
}

static hs_tree *build(hs_ctx *ctx, const char *hash, unsigned k, const uint32_t *leaves) {
    hs_tree *t = NULL;
    char reason[HS_REASON_LEN];
    hs_status st = hs_tree_new(ctx, &t, reason, sizeof reason, hash, k, leaves, (size_t)8 << k);
    if (st != HS_OK) fprintf(stderr, "hs_tree_new(%s, %u): %s\n", hash, k, reason);
    CHECK(st == HS_OK);
    return t;
}

/* Roots of random trees k = 0..7 (and 12 with several thread counts) equal the reference; the
 * node array is byte-identical for 1, 2 and 3 threads; hs_tree_node follows the heap order. */
static void test_roots(void) {
    hs_ctx *c1, *c2, *c3;
    CHECK(hs_ctx_new(&c1, 1) == HS_OK && hs_ctx_new(&c2, 2) == HS_OK && hs_ctx_new(&c3, 3) == HS_OK);
    for (size_t hi = 0; hi < hs_tree_hash_count(); hi++) {
        const char *name = hs_tree_hash_at(hi);
        const hs_hash_info *h = hs_hash_lookup(name);
        CHECK(h != NULL);
        if (!h) continue;
        for (unsigned k = 0; k <= 12; k += (k < 7 ? 1 : 5)) {
            const size_t n = (size_t)1 << k;
            uint32_t *lv = malloc(8 * n * sizeof *lv), want[8], got[8];
            CHECK(hs_tree_leaves_random(lv, 8 * n, name, 1000 + k) == HS_OK);
            ref_root(h, lv, n, want);
            hs_tree *t1 = build(c1, name, k, lv), *t2 = build(c2, name, k, lv), *t3 = build(c3, name, k, lv);
            if (!t1 || !t2 || !t3) return;
            hs_tree_root(t1, got);
            if (memcmp(got, want, 32)) fprintf(stderr, "%s k=%u: root differs from the reference\n", name, k);
            CHECK(!memcmp(got, want, 32));
            CHECK(!memcmp(t1->nodes, t2->nodes, ((size_t)64 << k)));
            CHECK(!memcmp(t1->nodes, t3->nodes, ((size_t)64 << k)));
            CHECK(hs_tree_log_leaves(t1) == k && !strcmp(hs_tree_hash(t1), name));
            /* leaves at 2^k + t; each internal node compresses its children 2i, 2i+1; node 0 zero */
            uint32_t d[8], l[8], r[8], o[8];
            CHECK(hs_tree_node(t1, d, 0) == HS_ERR_ARGUMENT && hs_tree_node(t1, d, 2 * n) == HS_ERR_ARGUMENT);
            for (size_t i = 0; i < 8; i++) CHECK(t1->nodes[i] == 0);
            for (size_t tt = 0; tt < n; tt += 1 + n / 7) {
                CHECK(hs_tree_node(t1, d, n + tt) == HS_OK);
                CHECK(!memcmp(d, lv + 8 * tt, 32));
            }
            for (size_t i = 1; i < n; i += 1 + n / 5) {
                CHECK(hs_tree_node(t1, d, i) == HS_OK && hs_tree_node(t1, l, 2 * i) == HS_OK &&
                      hs_tree_node(t1, r, 2 * i + 1) == HS_OK);
                uint32_t a[2 * 8];
                ref_root(h, (memcpy(a, l, 32), memcpy(a + 8, r, 32), a), 2, o);
                CHECK(!memcmp(d, o, 32));
            }
            hs_tree_free(t1), hs_tree_free(t2), hs_tree_free(t3);
            free(lv);
        }
    }
    hs_ctx_free(c1), hs_ctx_free(c2), hs_ctx_free(c3);
}

/* SHA3-256 and Keccak-256 roots computed in Python (tools/gen_merkle_vectors.py). */
static void test_byte_vectors(void) {
    char path[1024];
    snprintf(path, sizeof path, "%s/merkle_byte_roots.txt", HS_VECTORS_DIR);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) return;
    hs_ctx *ctx;
    CHECK(hs_ctx_new(&ctx, 2) == HS_OK);
    char line[256], hash[32], hex[80];
    unsigned k, seen = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%31s %u %79s", hash, &k, hex) != 3) continue;
        const size_t n = (size_t)1 << k;
        uint8_t *lv = malloc(32 * n);
        for (size_t i = 0; i < 32 * n; i++) lv[i] = (uint8_t)i;
        uint32_t *w = malloc(32 * n), root[8];
        memcpy(w, lv, 32 * n); /* bytes as little-endian words: the API's form */
        hs_tree *t = build(ctx, hash, k, w);
        if (!t) break;
        hs_tree_root(t, root);
        uint8_t rb[32];
        memcpy(rb, root, 32);
        char got[65];
        for (int i = 0; i < 32; i++) snprintf(got + 2 * i, 3, "%02x", rb[i]);
        if (strcmp(got, hex)) fprintf(stderr, "%s k=%u: root %s, hashlib gives %s\n", hash, k, got, hex);
        CHECK(!strcmp(got, hex));
        hs_tree_free(t);
        free(lv), free(w);
        seen++;
    }
    fclose(f);
    CHECK(seen == 14);
    hs_ctx_free(ctx);
}

/* Batch compressions (SIMD lanes, block tails) equal single ones, for every n up to 140. */
static void test_many_vs_one(hs_rng *rng) {
    enum { N = 140 };
    for (size_t ci = 0; ci < HS_C2_COUNT; ci++) {
        const hs_compress2 *c = hs_compress2_get((hs_c2_id)ci);
        CHECK(c && c->id == (hs_c2_id)ci && hs_compress2_lookup(c->name) == c);
        uint32_t *pairs = malloc(16 * N * sizeof *pairs), *out = malloc(8 * N * sizeof *out), one[8];
        CHECK(hs_tree_leaves_random(pairs, 16 * N, c->name, hs_rng_u64(rng)) == HS_OK);
        hs_digest_words_to_native(c->form, pairs, 16 * N);
        for (size_t n = 1; n <= N; n += (n < 20 ? 1 : 29)) {
            memset(out, 0xab, 8 * N * sizeof *out);
            c->many(pairs, n, out);
            for (size_t i = 0; i < n; i++) {
                c->one(one, pairs + 16 * i);
                CHECK(!memcmp(one, out + 8 * i, 32));
            }
            CHECK(out[8 * n] == 0xabababab);
        }
        free(pairs), free(out);
    }
    CHECK(hs_compress2_lookup("poseidon2-kb24") == NULL && hs_compress2_lookup(NULL) == NULL);
}

/* Openings verify; any change of leaf, sibling, index, root, length or hash is rejected. */
static void test_openings(hs_rng *rng) {
    hs_ctx *ctx;
    CHECK(hs_ctx_new(&ctx, 2) == HS_OK);
    char reason[HS_REASON_LEN];
    for (size_t hi = 0; hi < hs_tree_hash_count(); hi++) {
        const char *name = hs_tree_hash_at(hi);
        const hs_compress2 *c = hs_compress2_lookup(name);
        const uint64_t mod = hs_digest_form_modulus(c->form);
        static const unsigned ks[] = {0, 1, 2, 5};
        for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++) {
            const unsigned k = ks[ki];
            const size_t n = (size_t)1 << k, per = 8 + 8 * (size_t)k;
            uint32_t *lv = malloc(8 * n * sizeof *lv), root[8], root2[8];
            CHECK(hs_tree_leaves_random(lv, 8 * n, name, hs_rng_u64(rng)) == HS_OK);
            hs_tree *t = build(ctx, name, k, lv);
            if (!t) return;
            hs_tree_root(t, root);
            uint64_t idx[3] = {0, n - 1, hs_rng_below(rng, n)};
            uint32_t *br = malloc(3 * per * sizeof *br), *b2 = malloc(per * sizeof *b2);
            CHECK(hs_tree_open(t, br, 3 * per, idx, 3) == HS_OK);
            CHECK(hs_tree_open(t, br, 3 * per - 1, idx, 3) == HS_ERR_ARGUMENT);
            uint64_t badidx = n;
            CHECK(hs_tree_open(t, br, per, &badidx, 1) == HS_ERR_ARGUMENT);
            CHECK(hs_tree_open(t, br, 3 * per, idx, 3) == HS_OK);
            for (int p = 0; p < 3; p++) {
                const uint32_t *b = br + p * per;
                CHECK(!memcmp(b, lv + 8 * idx[p], 32));
                CHECK(hs_tree_verify(reason, sizeof reason, name, k, root, idx[p], b, per) == HS_OK);
                /* every word of the leaf and of each sibling, changed to another valid value */
                for (size_t wi = 0; wi < per; wi++) {
                    memcpy(b2, b, per * sizeof *b2);
                    if (c->form == HS_DIGEST_GL && (wi & 1)) b2[wi] ^= 1; /* high word: stays < p here */
                    else b2[wi] = (uint32_t)((b2[wi] + 1) % (mod && c->form == HS_DIGEST_KB ? mod : 1ull << 32));
                    if (c->form == HS_DIGEST_GL && (((uint64_t)b2[wi | 1] << 32) | b2[wi & ~(size_t)1]) >= mod) continue;
                    hs_status st = hs_tree_verify(reason, sizeof reason, name, k, root, idx[p], b2, per);
                    if (st != HS_ERR_REJECTED) fprintf(stderr, "%s k=%u word %zu: accepted\n", name, k, wi);
                    CHECK(st == HS_ERR_REJECTED);
                    if (TOO_MANY_FAILURES()) return;
                }
                /* each index bit */
                for (unsigned j = 0; j < k; j++)
                    CHECK(hs_tree_verify(reason, sizeof reason, name, k, root, idx[p] ^ ((uint64_t)1 << j), b, per) ==
                          HS_ERR_REJECTED);
                CHECK(hs_tree_verify(reason, sizeof reason, name, k, root, n + idx[p], b, per) == HS_ERR_REJECTED);
                CHECK(strstr(reason, "out of range") != NULL);
                CHECK(hs_tree_verify(reason, sizeof reason, name, k, root, (uint64_t)1 << 63, b, per) == HS_ERR_REJECTED);
                /* each root word */
                for (int wi = 0; wi < 8; wi++) {
                    memcpy(root2, root, 32);
                    root2[wi] ^= 1;
                    hs_status st = hs_tree_verify(reason, sizeof reason, name, k, root2, idx[p], b, per);
                    CHECK(st == HS_ERR_REJECTED || (st == HS_ERR_RANGE && c->form != HS_DIGEST_BYTES));
                }
                /* another length; another depth; another hash */
                CHECK(hs_tree_verify(reason, sizeof reason, name, k, root, idx[p], b, per - 8) == HS_ERR_REJECTED);
                CHECK(strstr(reason, "words") != NULL);
                CHECK(hs_tree_verify(reason, sizeof reason, name, k + 1, root, idx[p], b, per) == HS_ERR_REJECTED);
                const char *other = hs_tree_hash_at((hi + 1) % hs_tree_hash_count());
                hs_status st = hs_tree_verify(reason, sizeof reason, other, k, root, idx[p], b, per);
                CHECK(st == HS_ERR_REJECTED || st == HS_ERR_RANGE || (k == 0 && st == HS_OK)); /* k = 0: root = leaf */
                CHECK(hs_tree_verify(reason, sizeof reason, "poseidon2-kb24", k, root, idx[p], b, per) ==
                      HS_ERR_UNKNOWN_HASH);
                /* a non-canonical word */
                if (c->form != HS_DIGEST_BYTES) {
                    memcpy(b2, b, per * sizeof *b2);
                    b2[per - 1] = 0xffffffffu;
                    CHECK(hs_tree_verify(reason, sizeof reason, name, k, root, idx[p], b2, per) == HS_ERR_REJECTED);
                    CHECK(strstr(reason, "canonical") != NULL);
                    root2[0] = 0xffffffffu, root2[1] = 0xffffffffu;
                    CHECK(hs_tree_verify(reason, sizeof reason, name, k, root2, idx[p], b, per) == HS_ERR_RANGE);
                }
            }
            hs_tree_free(t);
            free(lv), free(br), free(b2);
        }
    }
    /* argument checks */
    uint32_t z[16] = {0};
    hs_tree *t = NULL;
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "poseidon2-kb16", 1, z, 8) == HS_ERR_ARGUMENT && !t);
    CHECK(strstr(reason, "2^1 leaves are 16 words, not 8") != NULL);
    /* a NULL leaves pointer is named as such, not as a count of words */
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "poseidon2-kb16", 3, NULL, 64) == HS_ERR_ARGUMENT && !t);
    CHECK(strstr(reason, "leaves pointer is NULL") != NULL && !strstr(reason, "not 64"));
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "poseidon2-kb16", 31, z, 16) == HS_ERR_ARGUMENT && !t);
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "nope", 1, z, 16) == HS_ERR_UNKNOWN_HASH && !t);
    z[13] = 0x7f000001u;
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "poseidon2-kb16", 1, z, 16) == HS_ERR_RANGE && !t);
    CHECK(strstr(reason, "leaf 1, word 5") != NULL);
    z[13] = 0;
    z[3] = 0xffffffffu, z[2] = 1; /* 2^64 - 2^32 + 1 = p */
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "rpo256", 1, z, 16) == HS_ERR_RANGE && !t);
    CHECK(hs_tree_new(ctx, &t, reason, sizeof reason, "blake3", 1, z, 16) == HS_OK && t);
    hs_tree_free(t);
    CHECK(hs_tree_verify(reason, sizeof reason, "blake3", 31, z, 0, z, 8) == HS_ERR_ARGUMENT);
    CHECK(hs_tree_verify(reason, sizeof reason, "blake3", 0, z, 0, NULL, 8) == HS_ERR_ARGUMENT);
    CHECK(hs_tree_leaves_random(z, 7, "blake3", 1) == HS_ERR_ARGUMENT);
    CHECK(hs_tree_hash_at(hs_tree_hash_count()) == NULL && hs_tree_hash_description(0) != NULL);
    hs_ctx_free(ctx);
}

/* The random leaves: deterministic, canonical, and for KoalaBear the proof inputs' draw. */
static void test_random_leaves(void) {
    uint32_t a[64], b[64];
    CHECK(hs_tree_leaves_random(a, 64, "poseidon2-kb16", 7) == HS_OK);
    CHECK(hs_inputs_random(b, 64, "poseidon2-kb16", 7) == HS_OK);
    CHECK(!memcmp(a, b, sizeof a));
    CHECK(hs_tree_leaves_random(b, 64, "poseidon2-kb16", 8) == HS_OK && memcmp(a, b, sizeof a));
    unsigned bad;
    CHECK(hs_tree_leaves_random(a, 64, "rpo256", 7) == HS_OK);
    for (int i = 0; i < 64; i += 8) CHECK(hs_digest_words_check(HS_DIGEST_GL, a + i, &bad));
    CHECK(hs_tree_leaves_random(a, 64, "nope", 7) == HS_ERR_UNKNOWN_HASH);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_tree");
    test_many_vs_one(&rng);
    test_roots();
    test_byte_vectors();
    test_openings(&rng);
    test_random_leaves();
    return hs_test_done("test_tree");
}
