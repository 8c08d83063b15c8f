/* Merkle trees (merkle.h). Levels are numbered from the leaves: level 0 holds the 2^log_h leaf
 * digests, level k holds 2^(log_h-k) nodes, node (k, v) = compress((k-1, 2v), (k-1, 2v+1)). The tree
 * stores levels 0 .. L = log_h - cap_height; level L is the cap.
 *
 * Openings (pruned multi-proofs): the set of known nodes at level 0 is the opened leaves; at level
 * k+1 it is their parents {v >> 1}. At each level k < L, every known node v whose sibling v ^ 1 is
 * not known needs that sibling, and it is sent. Sent digests are ordered by level, then by index.
 * The verifier recomputes the known nodes left to right with a stack (at most one pending node
 * per level), taking level k's siblings from a per-level cursor into the proof, so it needs no
 * allocation at all.
 *
 * Each stored level is its own allocation, so hs_merkle_drop_levels can free the bottom ones
 * (half of a tree's memory is its leaves); an opening then rehashes the 2^k rows under each
 * level-k sibling it needs. */
#include "merkle/merkle.h"

#include <stdlib.h>
#include <string.h>

#include "hash/blake3.h"
#include "hash/keccak.h"
#include "hash/poseidon2_monty31.h"
#include "merkle/compress.h"
#include "util/cpu.h"
#include "util/mem.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "merkle.c hashes rows as their in-memory bytes: little-endian hosts only"
#endif

#define MAX_LOG_H 30
#define MAX_DROP 4 /* levels an opening may rebuild: at most 16 rows rehashed per opened leaf */

struct hs_merkle_tree {
    hs_merkle_hash hash;
    unsigned log_h, cap_height;
    unsigned low;              /* levels below it are dropped: rebuilt from rows on opening */
    const hs_kb *rows;         /* the committed rows, when low > 0 */
    size_t w;
    hs_digest *lv[MAX_LOG_H + 1]; /* level k, 2^(log_h - k) nodes; NULL below low */
};

/* ---- leaves ---- */

enum { P2_BLOCK = 64 }; /* rows in lockstep through the Poseidon2 sponge (a multiple of 8) */

static void p2_leaves(const hs_kb *rows, size_t n, size_t w, hs_digest *out) {
    const hs_p2_params *pp = hs_p2_kb16();
    uint32_t st[P2_BLOCK * 16];
    for (size_t r0 = 0; r0 < n; r0 += P2_BLOCK) {
        size_t m = n - r0 < P2_BLOCK ? n - r0 : P2_BLOCK;
        memset(st, 0, m * 16 * sizeof *st);
        for (size_t off = 0; off < w; off += 8) {
            size_t c = w - off < 8 ? w - off : 8;
            /* overwrite mode: the chunk replaces the first c lanes, the rest carry over */
            for (size_t r = 0; r < m; r++) memcpy(st + 16 * r, rows + (r0 + r) * w + off, c * sizeof *st);
            hs_p2_permute_many(pp, st, m, 0, 1);
        }
        for (size_t r = 0; r < m; r++) memcpy(out[r0 + r].b, st + 16 * r, 32);
    }
}

/* Rows of w elements are messages of w * 4 bytes, one after another. */
static void keccak_leaves(const hs_kb *rows, size_t n, size_t w, hs_digest *out) {
    hs_keccak256_strided((uint8_t(*)[32])out[0].b, (const uint8_t *)rows, w * sizeof(hs_kb), w * sizeof(hs_kb), n);
}

static void blake3_leaves(const hs_kb *rows, size_t n, size_t w, hs_digest *out) {
    enum { G = 64 };
    const uint8_t *in[G];
    for (size_t r0 = 0; r0 < n; r0 += G) {
        size_t m = n - r0 < G ? n - r0 : G;
        for (size_t j = 0; j < m; j++) in[j] = (const uint8_t *)(rows + (r0 + j) * w);
        hs_blake3_many((uint8_t(*)[32])out[r0].b, in, w * sizeof(hs_kb), m);
    }
}

static void leaves_1t(hs_merkle_hash hash, const hs_kb *rows, size_t n, size_t w, hs_digest *out) {
    switch (hash) {
    case HS_MERKLE_POSEIDON2: p2_leaves(rows, n, w, out); break;
    case HS_MERKLE_KECCAK: keccak_leaves(rows, n, w, out); break;
    default: blake3_leaves(rows, n, w, out); break;
    }
}

void hs_merkle_hash_rows(hs_merkle_hash hash, const hs_kb *rows, size_t n, size_t w, hs_digest *out,
                         unsigned threads) {
    if (n == 0) return;
    /* work items of about 64 KiB of rows, 64..1024 rows, a multiple of 64 */
    size_t bytes = w * sizeof(hs_kb) + 1, blk = (65536 / bytes) & ~(size_t)63;
    if (blk < 64) blk = 64;
    if (blk > 1024) blk = 1024;
    if (threads <= 1 || n < 2 * blk) {
        leaves_1t(hash, rows, n, w, out);
        return;
    }
    (void)hs_cpu_has_avx2(); /* resolve detection and constant tables before the threads start */
    if (hash == HS_MERKLE_POSEIDON2) (void)hs_p2_kb16();
    const size_t items = (n + blk - 1) / blk;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t it = 0; it < items; it++) {
        size_t lo = it * blk, cnt = n - lo < blk ? n - lo : blk;
        leaves_1t(hash, rows + lo * w, cnt, w, out + lo);
    }
}

/* ---- nodes ---- */

/* The node hash of each tree hash (compress.h; the same 32-byte digests). */
static const hs_compress2 *node_hash(hs_merkle_hash hash) {
    return hash == HS_MERKLE_POSEIDON2 ? &hs_c2_poseidon2_kb16 : hash == HS_MERKLE_KECCAK ? &hs_c2_keccak256
                                                                                          : &hs_c2_blake3;
}

void hs_merkle_compress(hs_merkle_hash hash, hs_digest *out, const hs_digest *left, const hs_digest *right) {
    uint32_t pair[16], o[8];
    memcpy(pair, left->b, 32);
    memcpy(pair + 8, right->b, 32);
    node_hash(hash)->one(o, pair);
    memcpy(out->b, o, 32);
}

/* out[i] = compress(in[2i], in[2i+1]) for i < n; out does not overlap in. The levels are
 * hs_alloc_array blocks, so their digests are word-aligned. */
static void nodes_1t(hs_merkle_hash hash, const hs_digest *in, size_t n, hs_digest *out) {
    node_hash(hash)->many((const uint32_t *)(const void *)in, n, (uint32_t *)(void *)out);
}

static void nodes(hs_merkle_hash hash, const hs_digest *in, size_t n, hs_digest *out, unsigned threads) {
    hs_compress2_many_mt(node_hash(hash), (const uint32_t *)(const void *)in, n, (uint32_t *)(void *)out, threads);
}

/* ---- tree ---- */

int hs_merkle_begin(hs_merkle_tree **out, hs_merkle_hash hash, unsigned log_h, unsigned cap_height) {
    if (!out) return 0;
    *out = NULL;
    if (log_h > MAX_LOG_H) return 0;
    if (hash != HS_MERKLE_POSEIDON2 && hash != HS_MERKLE_KECCAK && hash != HS_MERKLE_BLAKE3) return 0;
    const size_t h = (size_t)1 << log_h;
    if (cap_height > log_h) cap_height = log_h;
    hs_merkle_tree *t = calloc(1, sizeof *t);
    if (!t) return 0;
    t->hash = hash;
    t->log_h = log_h;
    t->cap_height = cap_height;
    for (unsigned k = 0; k <= log_h - cap_height; k++)
        if (!(t->lv[k] = hs_alloc_array(h >> k, sizeof(hs_digest)))) {
            hs_merkle_free(t);
            return 0;
        }
    if (hash == HS_MERKLE_POSEIDON2) (void)hs_p2_kb16(); /* constant tables before any thread needs them */
    (void)hs_cpu_has_avx2();
    *out = t;
    return 1;
}

void hs_merkle_set_leaves(hs_merkle_tree *t, const hs_kb *rows, size_t first, size_t n, size_t w) {
    if (n) leaves_1t(t->hash, rows, n, w, t->lv[0] + first);
}

void hs_merkle_finish(hs_merkle_tree *t, unsigned threads) {
    const size_t h = (size_t)1 << t->log_h;
    for (unsigned k = 1; k <= t->log_h - t->cap_height; k++)
        nodes(t->hash, t->lv[k - 1], h >> k, t->lv[k], threads);
}

void hs_merkle_drop_levels(hs_merkle_tree *t, unsigned level, const hs_kb *rows, size_t w) {
    const unsigned L = t->log_h - t->cap_height;
    if (level > L) level = L;
    if (level > MAX_DROP) level = MAX_DROP;
    if (level <= t->low || !rows || w == 0) return;
    t->rows = rows;
    t->w = w;
    for (unsigned k = t->low; k < level; k++) hs_free(t->lv[k]), t->lv[k] = NULL;
    t->low = level;
}

int hs_merkle_build(hs_merkle_tree **out, hs_merkle_hash hash, const hs_kb *rows, unsigned log_h, size_t w,
                    unsigned cap_height, unsigned threads) {
    if (!out) return 0;
    *out = NULL;
    if (log_h > MAX_LOG_H || w == 0 || !rows) return 0;
    size_t words, bytes;
    if (!hs_mul_overflow_ok((size_t)1 << log_h, w, &words) || !hs_mul_overflow_ok(words, sizeof(hs_kb), &bytes))
        return 0;
    hs_merkle_tree *t;
    if (!hs_merkle_begin(&t, hash, log_h, cap_height)) return 0;
    hs_merkle_hash_rows(hash, rows, (size_t)1 << log_h, w, t->lv[0], threads);
    hs_merkle_finish(t, threads);
    *out = t;
    return 1;
}

void hs_merkle_free(hs_merkle_tree *t) {
    if (!t) return;
    for (unsigned k = 0; k <= MAX_LOG_H; k++) hs_free(t->lv[k]);
    free(t);
}

unsigned hs_merkle_log_h(const hs_merkle_tree *t) { return t->log_h; }
unsigned hs_merkle_cap_height(const hs_merkle_tree *t) { return t->cap_height; }
const hs_digest *hs_merkle_cap(const hs_merkle_tree *t) { return t->lv[t->log_h - t->cap_height]; }

/* ---- openings ---- */

static int idx_ok(unsigned log_h, const size_t *idx, size_t n) {
    if (log_h > MAX_LOG_H || (n && !idx)) return 0;
    const size_t h = (size_t)1 << log_h;
    for (size_t j = 0; j < n; j++)
        if (idx[j] >= h || (j && idx[j] <= idx[j - 1])) return 0;
    return 1;
}

/* An opening of a tree with dropped levels first rebuilds, for each distinct group of 2^low rows
 * under the opened leaves, that group's levels 0..low-1 (every sibling below low lies in the
 * group of the node it completes). sub: per group, level k at off(k) = 2^(low+1) - 2^(low+1-k). */
typedef struct {
    const hs_merkle_tree *t;
    size_t ng, *grp;  /* distinct idx >> low, increasing */
    hs_digest *sub;   /* ng * (2^(low+1) - 2) digests */
} opener;

static size_t sub_len(unsigned low) { return ((size_t)2 << low) - 2; }
static size_t sub_off(unsigned low, unsigned k) { return ((size_t)2 << low) - ((size_t)2 << (low - k)); }

static void rebuild_group(const hs_merkle_tree *t, size_t g, hs_digest *sub) {
    const unsigned low = t->low;
    leaves_1t(t->hash, t->rows + (g << low) * t->w, (size_t)1 << low, t->w, sub);
    for (unsigned k = 1; k < low; k++)
        nodes_1t(t->hash, sub + sub_off(low, k - 1), (size_t)1 << (low - k), sub + sub_off(low, k));
}

/* Node (k, v): stored, or from its group's rebuilt levels. */
static hs_digest node_at(const opener *o, unsigned k, size_t v) {
    const hs_merkle_tree *t = o->t;
    if (k >= t->low) return t->lv[k][v];
    const size_t g = v >> (t->low - k);
    size_t lo = 0, hi = o->ng; /* the group is there: v's sibling shares the opened node's group */
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (o->grp[mid] <= g)
            lo = mid;
        else
            hi = mid;
    }
    return o->sub[lo * sub_len(t->low) + sub_off(t->low, k) + (v & ((((size_t)1) << (t->low - k)) - 1))];
}

/* Siblings level k needs: walks the distinct values v of idx >> k; a pair (v even, v + 1) of known
 * nodes needs nothing, any other known node needs v ^ 1. Writes them when out != NULL. */
static size_t level_sibs(const size_t *idx, size_t n, unsigned k, const opener *o, hs_digest *out) {
    size_t cnt = 0, j = 0;
    while (j < n) {
        size_t v = idx[j] >> k, j2 = j + 1;
        while (j2 < n && idx[j2] >> k == v) j2++;
        if (!(v & 1) && j2 < n && idx[j2] >> k == v + 1) {
            j = j2 + 1;
            while (j < n && idx[j] >> k == v + 1) j++;
            continue;
        }
        if (out) out[cnt] = node_at(o, k, v ^ 1);
        cnt++;
        j = j2;
    }
    return cnt;
}

size_t hs_merkle_open_count(unsigned log_h, unsigned cap_height, const size_t *idx, size_t n) {
    if (!idx_ok(log_h, idx, n)) return (size_t)-1;
    if (cap_height > log_h) cap_height = log_h;
    size_t cnt = 0;
    for (unsigned k = 0; k < log_h - cap_height; k++) cnt += level_sibs(idx, n, k, NULL, NULL);
    return cnt;
}

size_t hs_merkle_open_mt(const hs_merkle_tree *t, const size_t *idx, size_t n, hs_digest *out, unsigned threads) {
    if (!t || !idx_ok(t->log_h, idx, n)) return (size_t)-1;
    opener o = {t, 0, NULL, NULL};
    if (t->low > 0 && n > 0) {
        o.grp = malloc(n * sizeof *o.grp);
        o.sub = o.grp ? hs_alloc_array(n, sub_len(t->low) * sizeof(hs_digest)) : NULL;
        if (!o.sub) {
            free(o.grp);
            return (size_t)-1;
        }
        for (size_t j = 0; j < n; j++)
            if (o.ng == 0 || o.grp[o.ng - 1] != idx[j] >> t->low) o.grp[o.ng++] = idx[j] >> t->low;
        const long ng = (long)o.ng;
        (void)hs_cpu_has_avx2();
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(dynamic, 4) if (threads > 1 && ng > 8)
        for (long gi = 0; gi < ng; gi++) rebuild_group(t, o.grp[gi], o.sub + (size_t)gi * sub_len(t->low));
    }
    size_t cnt = 0;
    for (unsigned k = 0; k < t->log_h - t->cap_height; k++) cnt += level_sibs(idx, n, k, &o, out + cnt);
    free(o.grp);
    hs_free(o.sub);
    return cnt;
}

size_t hs_merkle_open(const hs_merkle_tree *t, const size_t *idx, size_t n, hs_digest *out) {
    return hs_merkle_open_mt(t, idx, n, out, 1);
}

/* A Poseidon2 digest must hold 8 canonical Montgomery words (< p): a proof may not use another
 * encoding of the same field elements. */
static int digest_ok(hs_merkle_hash hash, const hs_digest *d) {
    if (hash != HS_MERKLE_POSEIDON2) return 1;
    for (int i = 0; i < 8; i++) {
        uint32_t x;
        memcpy(&x, d->b + 4 * i, 4);
        if (x >= HS_KB_P) return 0;
    }
    return 1;
}

int hs_merkle_verify(hs_merkle_hash hash, unsigned log_h, unsigned cap_height, const hs_digest *cap,
                     const size_t *idx, const hs_digest *leaf, size_t n, const hs_digest *sib, size_t n_sib) {
    if (hash != HS_MERKLE_POSEIDON2 && hash != HS_MERKLE_KECCAK && hash != HS_MERKLE_BLAKE3) return 0;
    if (n == 0 || !cap || !leaf || !idx_ok(log_h, idx, n)) return 0;
    if (n_sib && !sib) return 0;
    if (cap_height > log_h) cap_height = log_h;
    const unsigned L = log_h - cap_height;
    size_t cursor[MAX_LOG_H + 1], end[MAX_LOG_H + 1], total = 0;
    for (unsigned k = 0; k < L; k++) {
        cursor[k] = total;
        total += level_sibs(idx, n, k, NULL, NULL);
        end[k] = total;
    }
    if (total != n_sib) return 0;
    for (size_t s = 0; s < n_sib; s++)
        if (!digest_ok(hash, sib + s)) return 0;

    /* pending even nodes waiting for a right sibling that a later leaf computes: at most one per level */
    struct {
        unsigned k;
        size_t v;
        hs_digest d;
    } stack[MAX_LOG_H + 1];
    unsigned sp = 0;
    for (size_t j = 0; j < n; j++) {
        unsigned k = 0;
        size_t v = idx[j];
        hs_digest d = leaf[j], other;
        for (;;) {
            if (k == L) {
                if (memcmp(d.b, cap[v].b, 32) != 0) return 0;
                break;
            }
            if (v & 1) {
                if (sp && stack[sp - 1].k == k && stack[sp - 1].v == v - 1) {
                    other = stack[--sp].d;
                } else {
                    if (cursor[k] >= end[k]) return 0;
                    other = sib[cursor[k]++];
                }
                hs_merkle_compress(hash, &d, &other, &d);
            } else {
                if (j + 1 < n && idx[j + 1] >> k == v + 1) { /* the right sibling is computed later */
                    if (sp > MAX_LOG_H) return 0;
                    stack[sp].k = k, stack[sp].v = v, stack[sp].d = d;
                    sp++;
                    break;
                }
                if (cursor[k] >= end[k]) return 0;
                other = sib[cursor[k]++];
                hs_merkle_compress(hash, &d, &d, &other);
            }
            k++;
            v >>= 1;
        }
    }
    if (sp != 0) return 0;
    for (unsigned k = 0; k < L; k++)
        if (cursor[k] != end[k]) return 0;
    return 1;
}
