#include "smt/smt_hash.h"

#include <string.h>

#include "hash/poseidon2_gl.h"
#include "hash/poseidon2_monty31.h"
#include "hash/rpo.h"
#include "util/parallel.h"

#define GL_P 0xffffffff00000001ull
#define KB_P 0x7f000001u
#define CHUNK 64 /* states per batch call: big enough for the SIMD lanes, small enough for the stack */

static void rpo_many(uint64_t *s, size_t n, unsigned t) { hs_rpo_permute_many(s, n, t); }
static void p2gl_many(uint64_t *s, size_t n, unsigned t) { hs_p2gl_permute_many(hs_p2gl_default12(), s, n, t); }
static void p2kb_many(uint32_t *s, size_t n, unsigned t) { hs_p2_permute_many(hs_p2_kb16(), s, n, 1, t); }

static const hs_smt_hasher hashers[] = {
    {"poseidon2-gl12", "Poseidon2-Goldilocks-12, leaves in domain 0x13af (miden-crypto v0.25 and later)", 4, GL_P,
     HS_SMT_LEAF_DOMAIN, p2gl_many, NULL},
    {"rpo256", "RPO256 (miden-crypto v0.21)", 4, GL_P, 0, rpo_many, NULL},
    {"poseidon2-kb16", "Poseidon2-KoalaBear-16, 8-element words (hashsnark's own layout)", 8, KB_P,
     HS_SMT_LEAF_DOMAIN, NULL, p2kb_many},
    {"poseidon2-gl12-v0.24", "Poseidon2-Goldilocks-12 without a leaf domain (miden-crypto v0.24)", 4, GL_P, 0,
     p2gl_many, NULL},
};
#define N_PUBLIC 3

const hs_smt_hasher *hs_smt_hasher_find(const char *name) {
    for (size_t i = 0; i < sizeof hashers / sizeof hashers[0]; i++)
        if (!strcmp(hashers[i].name, name)) return &hashers[i];
    return NULL;
}
const hs_smt_hasher *hs_smt_hasher_at(size_t i) { return i < N_PUBLIC ? &hashers[i] : NULL; }

typedef struct {
    const hs_smt_hasher *h;
    hs_smt_word *out;
    const hs_smt_word *in;
} merge_job;

static void merge_chunk(void *vctx, size_t lo, size_t cnt) {
    const merge_job *j = vctx;
    const hs_smt_hasher *h = j->h;
    for (size_t base = lo; base < lo + cnt; base += CHUNK) {
        size_t m = lo + cnt - base < CHUNK ? lo + cnt - base : CHUNK;
        if (h->perm64) {
            uint64_t st[CHUNK * 12];
            for (size_t i = 0; i < m; i++) {
                uint64_t *s = st + 12 * i;
                memcpy(s, j->in[2 * (base + i)].g, 32);
                memcpy(s + 4, j->in[2 * (base + i) + 1].g, 32);
                memset(s + 8, 0, 32);
            }
            h->perm64(st, m, 1);
            for (size_t i = 0; i < m; i++) memcpy(j->out[base + i].g, st + 12 * i, 32);
        } else {
            uint32_t st[CHUNK * 16];
            for (size_t i = 0; i < m; i++) {
                memcpy(st + 16 * i, j->in[2 * (base + i)].k, 32);
                memcpy(st + 16 * i + 8, j->in[2 * (base + i) + 1].k, 32);
            }
            h->perm32(st, m, 1);
            for (size_t i = 0; i < m; i++) memcpy(j->out[base + i].k, st + 16 * i, 32);
        }
    }
}

void hs_smt_merge_many(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *in, size_t n, unsigned threads) {
    merge_job j = {h, out, in};
    hs_parallel_batches(n, 2 * CHUNK, threads, merge_chunk, &j);
}

void hs_smt_merge(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *left, const hs_smt_word *right) {
    hs_smt_word in[2] = {*left, *right};
    merge_job j = {h, out, in};
    merge_chunk(&j, 0, 1);
}

void hs_smt_leaf_hash(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *kv, size_t n) {
    memset(out, 0, sizeof *out);
    if (n == 0) return;
    if (h->perm64) {
        uint64_t s[12] = {0};
        s[9] = h->domain;
        for (size_t i = 0; i < n; i++) {
            memcpy(s, kv[2 * i].g, 32);
            memcpy(s + 4, kv[2 * i + 1].g, 32);
            h->perm64(s, 1, 1);
        }
        memcpy(out->g, s, 32);
    } else {
        uint32_t s[16] = {0};
        s[8] = h->domain;
        for (size_t i = 0; i < 2 * n; i++) {
            memcpy(s, kv[i].k, 32);
            h->perm32(s, 1, 1);
        }
        memcpy(out->k, s, 32);
    }
}

typedef struct {
    const hs_smt_hasher *h;
    hs_smt_word *out;
    const hs_smt_word *kv;
    const size_t *start;
    const uint32_t *cnt;
} leaf_job;

static void leaf_chunk(void *vctx, size_t lo, size_t cnt) {
    const leaf_job *j = vctx;
    const hs_smt_hasher *h = j->h;
    if (!h->perm64) { /* two chained permutations per pair: no single-permutation shortcut */
        for (size_t i = lo; i < lo + cnt; i++) hs_smt_leaf_hash(h, &j->out[i], j->kv + 2 * j->start[i], j->cnt[i]);
        return;
    }
    uint64_t st[CHUNK * 12];
    size_t idx[CHUNK], m = 0;
    for (size_t i = lo; i < lo + cnt; i++) {
        if (j->cnt[i] != 1) {
            hs_smt_leaf_hash(h, &j->out[i], j->kv + 2 * j->start[i], j->cnt[i]);
            continue;
        }
        uint64_t *s = st + 12 * m;
        memcpy(s, j->kv[2 * j->start[i]].g, 32);
        memcpy(s + 4, j->kv[2 * j->start[i] + 1].g, 32);
        memset(s + 8, 0, 32);
        s[9] = h->domain;
        idx[m++] = i;
        if (m == CHUNK || i + 1 == lo + cnt) {
            h->perm64(st, m, 1);
            for (size_t t = 0; t < m; t++) memcpy(j->out[idx[t]].g, st + 12 * t, 32);
            m = 0;
        }
    }
    if (m) {
        h->perm64(st, m, 1);
        for (size_t t = 0; t < m; t++) memcpy(j->out[idx[t]].g, st + 12 * t, 32);
    }
}

void hs_smt_leaf_hash_many(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *kv, const size_t *start,
                           const uint32_t *cnt, size_t n, unsigned threads) {
    leaf_job j = {h, out, kv, start, cnt};
    hs_parallel_batches(n, 2 * CHUNK, threads, leaf_chunk, &j);
}

uint64_t hs_smt_leaf_index(const hs_smt_hasher *h, const hs_smt_word *key) {
    return h->elems == 4 ? key->g[3] : ((uint64_t)key->k[7] << 32) | key->k[6];
}

int hs_smt_word_cmp(const hs_smt_hasher *h, const hs_smt_word *a, const hs_smt_word *b) {
    if (h->elems == 4) {
        for (int i = 3; i >= 0; i--)
            if (a->g[i] != b->g[i]) return a->g[i] < b->g[i] ? -1 : 1;
    } else {
        for (int i = 7; i >= 0; i--)
            if (a->k[i] != b->k[i]) return a->k[i] < b->k[i] ? -1 : 1;
    }
    return 0;
}

int hs_smt_word_is_zero(const hs_smt_word *w) { return !(w->g[0] | w->g[1] | w->g[2] | w->g[3]); }
int hs_smt_word_eq(const hs_smt_word *a, const hs_smt_word *b) { return !memcmp(a->b, b->b, 32); }

int hs_smt_word_canonical(const hs_smt_hasher *h, const hs_smt_word *w) {
    for (unsigned i = 0; i < h->elems; i++)
        if ((h->elems == 4 ? w->g[i] : w->k[i]) >= h->modulus) return 0;
    return 1;
}

int hs_smt_word_from_u64(const hs_smt_hasher *h, hs_smt_word *w, const uint64_t *e) {
    memset(w, 0, sizeof *w);
    for (unsigned i = 0; i < h->elems; i++) {
        if (e[i] >= h->modulus) return 0;
        if (h->elems == 4)
            w->g[i] = e[i];
        else
            w->k[i] = (uint32_t)e[i];
    }
    return 1;
}

void hs_smt_word_to_u64(const hs_smt_hasher *h, uint64_t *e, const hs_smt_word *w) {
    for (unsigned i = 0; i < h->elems; i++) e[i] = h->elems == 4 ? w->g[i] : w->k[i];
}

void hs_smt_empty_table(const hs_smt_hasher *h, hs_smt_word E[HS_SMT_DEPTH + 1]) {
    memset(&E[0], 0, sizeof E[0]);
    for (int i = 0; i < HS_SMT_DEPTH; i++) hs_smt_merge(h, &E[i + 1], &E[i], &E[i]);
}
