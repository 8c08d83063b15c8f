/* Merkle trees: leaf and node hashes against the one-shot hashes they are defined by (hs_p2_sponge,
 * hs_p2_compress, hs_keccak256, hs_blake3, all portable scalar code); whole trees and caps against a
 * naive level-by-level reference; pruned multi-openings against a naive set-based opening;
 * verification accepting honest proofs and rejecting every kind of tampering; random garbage
 * (run under ASan in the sanitizer build); thread-count independence. */
#include <stdlib.h>
#include <string.h>

#include "field/kb.h"
#include "hash/blake3.h"
#include "hash/keccak.h"
#include "hash/poseidon2_monty31.h"
#include "merkle/merkle.h"
#include "testutil.h"

static const hs_merkle_hash kinds[3] = {HS_MERKLE_POSEIDON2, HS_MERKLE_KECCAK, HS_MERKLE_BLAKE3};
static const char *kind_name[3] = {"poseidon2", "keccak", "blake3"};

static hs_rng rng;

static void rand_rows(hs_kb *rows, size_t n) {
    for (size_t i = 0; i < n; i++) rows[i] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
}

static void rand_digest(hs_digest *d) {
    for (int i = 0; i < 32; i++) d->b[i] = (uint8_t)hs_rng_u64(&rng);
}

/* A random digest that is also a valid Poseidon2 digest (canonical words). */
static void rand_digest_canon(hs_digest *d) {
    for (int i = 0; i < 8; i++) {
        uint32_t x = (uint32_t)hs_rng_below(&rng, HS_KB_P);
        memcpy(d->b + 4 * i, &x, 4);
    }
}

/* ---------------------------------------------------------------- definitions */

static void def_leaf(hs_merkle_hash h, const hs_kb *row, size_t w, hs_digest *out) {
    if (h == HS_MERKLE_POSEIDON2) {
        uint32_t o[8];
        hs_p2_sponge(hs_p2_kb16(), o, row, w, 0);
        for (int i = 0; i < 8; i++)
            for (int b = 0; b < 4; b++) out->b[4 * i + b] = (uint8_t)(o[i] >> (8 * b));
        return;
    }
    uint8_t *bytes = malloc(4 * w + 1);
    for (size_t i = 0; i < w; i++)
        for (int b = 0; b < 4; b++) bytes[4 * i + b] = (uint8_t)(row[i] >> (8 * b));
    if (h == HS_MERKLE_KECCAK)
        hs_keccak256(out->b, bytes, 4 * w);
    else
        hs_blake3(out->b, bytes, 4 * w);
    free(bytes);
}

static void def_node(hs_merkle_hash h, const hs_digest *l, const hs_digest *r, hs_digest *out) {
    if (h == HS_MERKLE_POSEIDON2) {
        uint32_t a[8], b[8], o[8];
        for (int i = 0; i < 8; i++) {
            a[i] = (uint32_t)l->b[4 * i] | (uint32_t)l->b[4 * i + 1] << 8 | (uint32_t)l->b[4 * i + 2] << 16 |
                   (uint32_t)l->b[4 * i + 3] << 24;
            b[i] = (uint32_t)r->b[4 * i] | (uint32_t)r->b[4 * i + 1] << 8 | (uint32_t)r->b[4 * i + 2] << 16 |
                   (uint32_t)r->b[4 * i + 3] << 24;
        }
        hs_p2_compress(hs_p2_kb16(), o, a, b);
        for (int i = 0; i < 8; i++)
            for (int k = 0; k < 4; k++) out->b[4 * i + k] = (uint8_t)(o[i] >> (8 * k));
        return;
    }
    uint8_t buf[64];
    memcpy(buf, l->b, 32);
    memcpy(buf + 32, r->b, 32);
    if (h == HS_MERKLE_KECCAK)
        hs_keccak256(out->b, buf, 64);
    else
        hs_blake3(out->b, buf, 64);
}

static void test_hashes(void) {
    static const size_t widths[] = {0, 1, 7, 8, 9, 16, 33, 164, 300, 1312};
    for (int k = 0; k < 3; k++) {
        for (size_t wi = 0; wi < sizeof widths / sizeof *widths; wi++) {
            size_t w = widths[wi];
            size_t n = w >= 300 ? 13 : 70; /* not multiples of 4, 8 or 64 */
            hs_kb *rows = malloc((n * w + 1) * sizeof *rows);
            hs_digest *got = malloc(n * sizeof *got), want;
            rand_rows(rows, n * w);
            hs_merkle_hash_rows(kinds[k], rows, n, w, got, 1);
            for (size_t i = 0; i < n; i++) {
                def_leaf(kinds[k], rows + i * w, w, &want);
                if (memcmp(got[i].b, want.b, 32)) {
                    fprintf(stderr, "%s leaf w=%zu row %zu differs\n", kind_name[k], w, i);
                    hs_test_failures++;
                    break;
                }
            }
            free(rows);
            free(got);
        }
        for (int it = 0; it < 20; it++) {
            hs_digest l, r, got, want;
            rand_digest_canon(&l);
            rand_digest_canon(&r);
            hs_merkle_compress(kinds[k], &got, &l, &r);
            def_node(kinds[k], &l, &r, &want);
            CHECK(!memcmp(got.b, want.b, 32));
            hs_merkle_compress(kinds[k], &l, &l, &r); /* out may alias an input */
            CHECK(!memcmp(l.b, want.b, 32));
        }
    }
}

/* hash_rows with threads on inputs large enough for the parallel path. */
static void test_rows_threads(void) {
    static const size_t shapes[][2] = {{300, 1312}, {5000, 1}, {2500, 16}};
    for (int k = 0; k < 3; k++)
        for (int s = 0; s < 3; s++) {
            size_t n = shapes[s][0], w = shapes[s][1];
            if (k == 0 && w == 1312) n = 140; /* Poseidon2 is slow; still over 2 blocks */
            hs_kb *rows = malloc(n * w * sizeof *rows);
            hs_digest *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
            rand_rows(rows, n * w);
            hs_merkle_hash_rows(kinds[k], rows, n, w, a, 1);
            hs_merkle_hash_rows(kinds[k], rows, n, w, b, 2);
            hs_merkle_hash_rows(kinds[k], rows, n, w, c, 3);
            CHECK(!memcmp(a, b, n * sizeof *a));
            CHECK(!memcmp(a, c, n * sizeof *a));
            hs_digest want;
            size_t i = n - 1;
            def_leaf(kinds[k], rows + i * w, w, &want);
            CHECK(!memcmp(a[i].b, want.b, 32));
            free(rows), free(a), free(b), free(c);
        }
}

/* ---------------------------------------------------------------- naive tree */

typedef struct {
    unsigned log_h;
    hs_digest *lv[32]; /* lv[k]: 2^(log_h-k) nodes, all the way to the root */
} naive_tree;

static void naive_build(naive_tree *nt, hs_merkle_hash h, const hs_kb *rows, unsigned log_h, size_t w) {
    nt->log_h = log_h;
    size_t n = (size_t)1 << log_h;
    nt->lv[0] = malloc(n * sizeof(hs_digest));
    hs_merkle_hash_rows(h, rows, n, w, nt->lv[0], 1);
    for (unsigned k = 1; k <= log_h; k++) {
        size_t m = n >> k;
        nt->lv[k] = malloc(m * sizeof(hs_digest));
        for (size_t v = 0; v < m; v++) hs_merkle_compress(h, &nt->lv[k][v], &nt->lv[k - 1][2 * v], &nt->lv[k - 1][2 * v + 1]);
    }
}

static void naive_free(naive_tree *nt) {
    for (unsigned k = 0; k <= nt->log_h; k++) free(nt->lv[k]);
}

/* Set-based pruned opening: at each level, a known node whose sibling is unknown sends the
 * sibling; parents of known nodes are known. Returns the count; writes out when non-NULL. */
static size_t naive_open(const naive_tree *nt, unsigned cap, const size_t *idx, size_t n, hs_digest *out) {
    size_t h = (size_t)1 << nt->log_h, cnt = 0;
    unsigned char *known = calloc(h, 1), *next = calloc(h, 1);
    for (size_t j = 0; j < n; j++) known[idx[j]] = 1;
    for (unsigned k = 0; k < nt->log_h - cap; k++) {
        size_t m = h >> k;
        memset(next, 0, m / 2);
        for (size_t v = 0; v < m; v++) {
            if (!known[v]) continue;
            if (!known[v ^ 1]) {
                if (out) out[cnt] = nt->lv[k][v ^ 1];
                cnt++;
            }
            next[v >> 1] = 1;
        }
        memcpy(known, next, m / 2);
    }
    free(known);
    free(next);
    return cnt;
}

/* Random strictly increasing subset of [0, h) with about `dens` density (at least one). */
static size_t rand_subset(size_t h, size_t *idx, unsigned mode) {
    size_t n = 0;
    switch (mode) {
    case 0: /* all leaves */
        for (size_t i = 0; i < h; i++) idx[n++] = i;
        break;
    case 1: /* single leaf */
        idx[n++] = (size_t)hs_rng_below(&rng, h);
        break;
    case 2: /* two neighbours (siblings or not) */
        if (h >= 2) {
            size_t a = (size_t)hs_rng_below(&rng, h - 1);
            idx[n++] = a, idx[n++] = a + 1;
        } else {
            idx[n++] = 0;
        }
        break;
    default: { /* random density */
        uint64_t thr = hs_rng_below(&rng, 100) + 1;
        for (size_t i = 0; i < h; i++)
            if (hs_rng_below(&rng, 100) < thr) idx[n++] = i;
        if (n == 0) idx[n++] = (size_t)hs_rng_below(&rng, h);
    }
    }
    return n;
}

static int verify_t(hs_merkle_hash h, unsigned log_h, unsigned cap_h, const hs_digest *cap, const size_t *idx,
                    const hs_digest *leaf, size_t n, const hs_digest *sib, size_t n_sib) {
    return hs_merkle_verify(h, log_h, cap_h, cap, idx, leaf, n, sib, n_sib);
}

static void test_trees(void) {
    static const size_t widths[] = {1, 7, 16, 164};
    unsigned long iters = hs_test_iters(6);
    for (int k = 0; k < 3 && !TOO_MANY_FAILURES(); k++) {
        hs_merkle_hash H = kinds[k];
        for (unsigned log_h = 0; log_h <= 6; log_h++) {
            for (size_t wi = 0; wi < 4; wi++) {
                size_t w = widths[wi], h = (size_t)1 << log_h;
                hs_kb *rows = malloc(h * w * sizeof *rows);
                rand_rows(rows, h * w);
                naive_tree nt;
                naive_build(&nt, H, rows, log_h, w);
                for (unsigned cap_req = 0; cap_req <= log_h + 2; cap_req++) {
                    hs_merkle_tree *t = NULL;
                    CHECK(hs_merkle_build(&t, H, rows, log_h, w, cap_req, 1));
                    if (!t) continue;
                    unsigned cap_h = cap_req > log_h ? log_h : cap_req;
                    CHECK_EQ_U64(hs_merkle_cap_height(t), cap_h);
                    CHECK_EQ_U64(hs_merkle_log_h(t), log_h);
                    const hs_digest *cap = hs_merkle_cap(t);
                    if (memcmp(cap, nt.lv[log_h - cap_h], ((size_t)1 << cap_h) * sizeof *cap)) {
                        fprintf(stderr, "%s log_h=%u w=%zu cap=%u: cap differs from the naive tree\n", kind_name[k],
                                log_h, w, cap_h);
                        hs_test_failures++;
                    }
                    /* openings */
                    size_t *idx = malloc(h * sizeof *idx);
                    hs_digest *leaf = malloc(h * sizeof *leaf), *sib = malloc((h * 32 + 2) * sizeof *sib),
                              *ref = malloc((h * 32 + 2) * sizeof *ref);
                    for (unsigned long it = 0; it < iters + 3; it++) {
                        size_t n = rand_subset(h, idx, it < 3 ? (unsigned)it : 3);
                        for (size_t j = 0; j < n; j++) leaf[j] = nt.lv[0][idx[j]];
                        size_t want = naive_open(&nt, cap_h, idx, n, ref);
                        size_t cnt = hs_merkle_open_count(log_h, cap_req, idx, n);
                        CHECK_EQ_U64(cnt, want);
                        size_t got = hs_merkle_open(t, idx, n, sib);
                        CHECK_EQ_U64(got, want);
                        if (got != want) continue;
                        CHECK(!memcmp(sib, ref, want * sizeof *sib));
                        CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 1);
                        /* tampering */
                        size_t j = (size_t)hs_rng_below(&rng, n);
                        leaf[j].b[hs_rng_below(&rng, 32)] ^= (uint8_t)(1u << hs_rng_below(&rng, 8));
                        CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 0);
                        leaf[j] = nt.lv[0][idx[j]];
                        if (cnt) {
                            size_t s = (size_t)hs_rng_below(&rng, cnt);
                            hs_digest keep = sib[s];
                            sib[s].b[hs_rng_below(&rng, 32)] ^= (uint8_t)(1u << hs_rng_below(&rng, 8));
                            CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 0);
                            sib[s] = keep;
                            CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt - 1) == 0);
                        }
                        sib[cnt] = sib[cnt ? cnt - 1 : 0];
                        CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt + 1) == 0);
                        /* a changed cap entry on an opened path */
                        hs_digest *cap2 = malloc(((size_t)1 << cap_h) * sizeof *cap2);
                        memcpy(cap2, cap, ((size_t)1 << cap_h) * sizeof *cap2);
                        cap2[idx[j] >> (log_h - cap_h)].b[0] ^= 1;
                        CHECK(verify_t(H, log_h, cap_req, cap2, idx, leaf, n, sib, cnt) == 0);
                        free(cap2);
                        /* non-increasing and out-of-range indices */
                        if (n >= 2) {
                            size_t a = (size_t)hs_rng_below(&rng, n - 1);
                            size_t keep = idx[a + 1];
                            idx[a + 1] = idx[a];
                            CHECK_EQ_U64(hs_merkle_open_count(log_h, cap_req, idx, n), (size_t)-1);
                            CHECK_EQ_U64(hs_merkle_open(t, idx, n, sib), (size_t)-1);
                            CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 0);
                            idx[a + 1] = keep;
                            hs_digest dl = leaf[a];
                            leaf[a] = leaf[a + 1], leaf[a + 1] = dl;
                            size_t ki = idx[a];
                            idx[a] = idx[a + 1], idx[a + 1] = ki;
                            CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 0);
                            idx[a + 1] = idx[a], idx[a] = ki;
                            leaf[a + 1] = leaf[a], leaf[a] = dl;
                        }
                        size_t last = idx[n - 1];
                        idx[n - 1] = h + (size_t)hs_rng_below(&rng, 3);
                        CHECK_EQ_U64(hs_merkle_open_count(log_h, cap_req, idx, n), (size_t)-1);
                        CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 0);
                        idx[n - 1] = last;
                        /* still fine after restoring everything; wrong log_h or cap height fails */
                        CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 1);
                        if (cap_h < log_h) {
                            /* the cap_h digests given as a (zero-padded) cap one level lower */
                            size_t c2 = hs_merkle_open_count(log_h, cap_h + 1, idx, n);
                            hs_digest *capx = calloc((size_t)2 << cap_h, sizeof *capx);
                            memcpy(capx, cap, ((size_t)1 << cap_h) * sizeof *capx);
                            CHECK(verify_t(H, log_h, cap_h + 1, capx, idx, leaf, n, sib, c2) == 0);
                            free(capx);
                        }
                        if (cap_h < log_h) /* another hash kind: the nodes differ */
                            CHECK(verify_t((hs_merkle_hash)((k + 1) % 3), log_h, cap_req, cap, idx, leaf, n, sib, cnt) == 0);
                    }
                    CHECK(verify_t(H, log_h, cap_req, cap, idx, leaf, 0, sib, 0) == 0); /* nothing opened */
                    free(idx), free(leaf), free(sib), free(ref);
                    hs_merkle_free(t);
                }
                naive_free(&nt);
                free(rows);
            }
        }
    }
}

static void test_bad_args(void) {
    hs_kb row[4] = {0};
    hs_merkle_tree *t = (hs_merkle_tree *)&t;
    CHECK(hs_merkle_build(&t, HS_MERKLE_BLAKE3, row, 31, 1, 0, 1) == 0);
    CHECK(t == NULL);
    CHECK(hs_merkle_build(&t, HS_MERKLE_BLAKE3, row, 2, 0, 0, 1) == 0);
    CHECK(hs_merkle_build(&t, (hs_merkle_hash)7, row, 2, 1, 0, 1) == 0);
    CHECK(hs_merkle_build(&t, HS_MERKLE_KECCAK, row, 2, 1, 9, 1) == 1);
    CHECK_EQ_U64(hs_merkle_cap_height(t), 2);
    hs_merkle_free(t);
    hs_merkle_free(NULL);
    size_t idx[2] = {0, 1};
    CHECK_EQ_U64(hs_merkle_open_count(2, 0, idx, 0), 0);
    CHECK_EQ_U64(hs_merkle_open_count(40, 0, idx, 2), (size_t)-1);
    CHECK_EQ_U64(hs_merkle_open_count(0, 0, idx, 2), (size_t)-1);
    CHECK_EQ_U64(hs_merkle_open_count(1, 0, idx, 2), 0);
    CHECK_EQ_U64(hs_merkle_open_count(3, 0, idx, 2), 2);
    CHECK_EQ_U64(hs_merkle_open_count(3, 1, idx, 2), 1);
    CHECK_EQ_U64(hs_merkle_open_count(3, 2, idx, 2), 0);
}

/* Garbage of every kind: random hash ids, heights, cap heights, index sets (sometimes invalid),
 * leaves, siblings and counts. Verify must return 0 and never touch memory outside the arrays
 * (ASan checks this in the sanitizer build; arrays are heap-allocated to their exact size). */
static void test_garbage(void) {
    unsigned long iters = hs_test_iters(6) * 50;
    for (unsigned long it = 0; it < iters; it++) {
        hs_merkle_hash H = (hs_merkle_hash)hs_rng_below(&rng, 4);
        unsigned log_h = (unsigned)hs_rng_below(&rng, 36);
        unsigned cap_h = (unsigned)hs_rng_below(&rng, 40);
        size_t n = (size_t)hs_rng_below(&rng, 40);
        size_t *idx = malloc((n + 1) * sizeof *idx);
        size_t lim = log_h < 30 ? (size_t)1 << log_h : (size_t)1 << 30;
        size_t v = 0;
        for (size_t j = 0; j < n; j++) {
            if (hs_rng_below(&rng, 50) == 0)
                idx[j] = (size_t)hs_rng_u64(&rng); /* anything */
            else
                v += 1 + (size_t)hs_rng_below(&rng, lim / (n + 1) + 1), idx[j] = v - 1;
        }
        size_t cnt = hs_merkle_open_count(log_h, cap_h, idx, n);
        size_t n_sib = cnt != (size_t)-1 && hs_rng_below(&rng, 4) ? cnt : (size_t)hs_rng_below(&rng, 64);
        hs_digest *leaf = malloc((n + 1) * sizeof *leaf), *sib = malloc((n_sib + 1) * sizeof *sib);
        unsigned cap_eff = cap_h > log_h ? log_h : cap_h;
        size_t ncap = cap_eff < 12 ? (size_t)1 << cap_eff : 1;
        hs_digest *cap = malloc(ncap * sizeof *cap);
        for (size_t j = 0; j < n; j++) rand_digest(&leaf[j]);
        for (size_t j = 0; j < n_sib; j++) {
            if (hs_rng_below(&rng, 2))
                rand_digest_canon(&sib[j]);
            else
                rand_digest(&sib[j]);
        }
        for (size_t j = 0; j < ncap; j++) rand_digest(&cap[j]);
        /* only call with a cap array of the size the parameters imply */
        if (cap_eff < 12) CHECK(hs_merkle_verify(H, log_h, cap_h, cap, idx, leaf, n, sib, n_sib) == 0);
        free(idx), free(leaf), free(sib), free(cap);
    }
    /* garbage siblings against a real tree: valid shape, random contents */
    for (int k = 0; k < 3; k++) {
        unsigned log_h = 8;
        size_t h = 256, w = 3;
        hs_kb rows[256 * 3];
        rand_rows(rows, h * w);
        hs_merkle_tree *t;
        CHECK(hs_merkle_build(&t, kinds[k], rows, log_h, w, 2, 1));
        size_t idx[256];
        hs_digest leaf[256], sib[2048];
        hs_merkle_hash_rows(kinds[k], rows, h, w, leaf, 1);
        for (int it = 0; it < 50; it++) {
            size_t n = rand_subset(h, idx, 3);
            hs_digest l2[256];
            for (size_t j = 0; j < n; j++) l2[j] = leaf[idx[j]];
            size_t cnt = hs_merkle_open(t, idx, n, sib);
            CHECK(hs_merkle_verify(kinds[k], log_h, 2, hs_merkle_cap(t), idx, l2, n, sib, cnt) == 1);
            for (size_t s = 0; s < cnt; s++) rand_digest(&sib[s]);
            if (cnt) CHECK(hs_merkle_verify(kinds[k], log_h, 2, hs_merkle_cap(t), idx, l2, n, sib, cnt) == 0);
        }
        hs_merkle_free(t);
    }
}

/* Poseidon2 siblings must be canonical: the same field elements written as x + p are refused. */
static void test_noncanonical(void) {
    hs_kb rows[8 * 2];
    rand_rows(rows, 16);
    hs_merkle_tree *t;
    CHECK(hs_merkle_build(&t, HS_MERKLE_POSEIDON2, rows, 3, 2, 0, 1));
    size_t idx[1] = {5};
    hs_digest leaf[1], sib[3];
    hs_merkle_hash_rows(HS_MERKLE_POSEIDON2, rows + 10, 1, 2, leaf, 1);
    size_t cnt = hs_merkle_open(t, idx, 1, sib);
    CHECK_EQ_U64(cnt, 3);
    CHECK(hs_merkle_verify(HS_MERKLE_POSEIDON2, 3, 0, hs_merkle_cap(t), idx, leaf, 1, sib, cnt) == 1);
    uint32_t x;
    memcpy(&x, sib[1].b, 4);
    if (x <= 0xffffffffu - HS_KB_P) {
        x += HS_KB_P;
        memcpy(sib[1].b, &x, 4);
        CHECK(hs_merkle_verify(HS_MERKLE_POSEIDON2, 3, 0, hs_merkle_cap(t), idx, leaf, 1, sib, cnt) == 0);
    }
    hs_merkle_free(t);
}

/* Trees big enough for the parallel leaf and node paths: 1, 2 and 3 threads agree. */
static void test_threads(void) {
    for (int k = 0; k < 3; k++) {
        unsigned log_h = k == 0 ? 11 : 13;
        size_t w = 9, h = (size_t)1 << log_h;
        hs_kb *rows = malloc(h * w * sizeof *rows);
        rand_rows(rows, h * w);
        hs_merkle_tree *t1, *t2, *t3;
        CHECK(hs_merkle_build(&t1, kinds[k], rows, log_h, w, 0, 1));
        CHECK(hs_merkle_build(&t2, kinds[k], rows, log_h, w, 0, 2));
        CHECK(hs_merkle_build(&t3, kinds[k], rows, log_h, w, 3, 3));
        naive_tree nt;
        naive_build(&nt, kinds[k], rows, log_h, w);
        CHECK(!memcmp(hs_merkle_cap(t1), nt.lv[log_h], 32));
        CHECK(!memcmp(hs_merkle_cap(t2), nt.lv[log_h], 32));
        CHECK(!memcmp(hs_merkle_cap(t3), nt.lv[log_h - 3], 8 * 32));
        size_t idx[64], n = 0;
        for (size_t i = 0; i < h && n < 64; i += 1 + (size_t)hs_rng_below(&rng, 200)) idx[n++] = i;
        hs_digest s1[64 * 13], s2[64 * 13], ref[64 * 13], leaf[64];
        size_t c1 = hs_merkle_open(t1, idx, n, s1), c2 = hs_merkle_open(t2, idx, n, s2);
        CHECK_EQ_U64(c1, c2);
        CHECK_EQ_U64(naive_open(&nt, 0, idx, n, ref), c1);
        CHECK(!memcmp(s1, s2, c1 * sizeof *s1));
        CHECK(!memcmp(s1, ref, c1 * sizeof *s1));
        for (size_t j = 0; j < n; j++) leaf[j] = nt.lv[0][idx[j]];
        CHECK(hs_merkle_verify(kinds[k], log_h, 0, hs_merkle_cap(t2), idx, leaf, n, s2, c2) == 1);
        size_t c3 = hs_merkle_open(t3, idx, n, s1);
        CHECK_EQ_U64(c3, naive_open(&nt, 3, idx, n, ref));
        CHECK(!memcmp(s1, ref, c3 * sizeof *s1));
        CHECK(hs_merkle_verify(kinds[k], log_h, 3, hs_merkle_cap(t3), idx, leaf, n, s1, c3) == 1);
        naive_free(&nt);
        hs_merkle_free(t1), hs_merkle_free(t2), hs_merkle_free(t3);
        free(rows);
    }
}

/* The incremental build (begin / set_leaves in any block order / finish) and a tree with dropped
 * bottom levels (openings rehash rows, on threads) against hs_merkle_build + hs_merkle_open. */
static void test_incremental_and_dropped(void) {
    for (int k = 0; k < 3 && !TOO_MANY_FAILURES(); k++) {
        hs_merkle_hash H = kinds[k];
        for (unsigned log_h = 0; log_h <= 7; log_h += 1) {
            size_t h = (size_t)1 << log_h, w = 1 + hs_rng_below(&rng, 40);
            unsigned cap_req = (unsigned)hs_rng_below(&rng, log_h + 2);
            hs_kb *rows = malloc(h * w * sizeof *rows);
            rand_rows(rows, h * w);
            hs_merkle_tree *full = NULL, *inc = NULL;
            CHECK(hs_merkle_build(&full, H, rows, log_h, w, cap_req, 1));
            CHECK(hs_merkle_begin(&inc, H, log_h, cap_req));
            if (!full || !inc) {
                hs_merkle_free(full), hs_merkle_free(inc), free(rows);
                continue;
            }
            /* leaves in blocks, last block first */
            size_t blk = 1 + hs_rng_below(&rng, h);
            for (size_t end = h; end > 0;) {
                size_t first = end >= blk ? end - blk : 0;
                hs_merkle_set_leaves(inc, rows + first * w, first, end - first, w);
                end = first;
            }
            hs_merkle_finish(inc, 2);
            CHECK_EQ_U64(hs_merkle_cap_height(inc), hs_merkle_cap_height(full));
            size_t cap_len = (size_t)1 << hs_merkle_cap_height(full);
            CHECK(!memcmp(hs_merkle_cap(inc), hs_merkle_cap(full), cap_len * sizeof(hs_digest)));
            unsigned drop = (unsigned)hs_rng_below(&rng, 5);
            hs_merkle_drop_levels(inc, drop, rows, w);
            CHECK(!memcmp(hs_merkle_cap(inc), hs_merkle_cap(full), cap_len * sizeof(hs_digest)));
            /* random openings agree, whatever was dropped */
            size_t *idx = malloc(h * sizeof *idx);
            hs_digest *s1 = malloc((h * (log_h + 1) + 1) * sizeof *s1), *s2 = malloc((h * (log_h + 1) + 1) * sizeof *s2);
            for (int it = 0; it < 5; it++) {
                size_t n = 0;
                for (size_t i = 0; i < h; i++)
                    if (hs_rng_below(&rng, 3) == 0) idx[n++] = i;
                if (n == 0) idx[n++] = hs_rng_below(&rng, h);
                size_t c1 = hs_merkle_open(full, idx, n, s1);
                size_t c2 = hs_merkle_open_mt(inc, idx, n, s2, 2);
                CHECK(c1 == c2 && c1 != (size_t)-1);
                if (c1 == c2 && c1 != (size_t)-1) CHECK(!memcmp(s1, s2, c1 * sizeof *s1));
            }
            free(idx), free(s1), free(s2), free(rows);
            hs_merkle_free(full), hs_merkle_free(inc);
        }
    }
}

int main(void) {
    hs_test_init(&rng, "test_merkle");
    test_incremental_and_dropped();
    test_hashes();
    test_rows_threads();
    test_bad_args();
    test_trees();
    test_noncanonical();
    test_garbage();
    test_threads();
    return hs_test_done("test_merkle");
}
