#include "smt/smt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/bits.h"

#define TOP_SLOTS ((size_t)2 << HS_SMT_TOP_DEPTH)
#define SUB_HDR 69 /* "SMT1", version 1, 64-byte bitmask */

/* the reason of a failure (err != 0) or of a rejection (err = 0: returns 0, "not verified") */
static hs_smt_err fail(hs_smt_err e, char *reason, size_t rlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static hs_smt_err fail(hs_smt_err e, char *reason, size_t rlen, const char *fmt, ...) {
    if (reason && rlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason, rlen, fmt, ap);
        va_end(ap);
    }
    return e;
}
#define reject(reason, rlen, ...) ((int)fail(HS_SMT_OK, reason, rlen, __VA_ARGS__))

static hs_smt_err storage_fail(hs_smt_tree *t, char *reason, size_t rlen) {
    return fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: %s", t->st->err[0] ? t->st->err : "failed");
}

/* Records are looked up in key order a batch at a time; the hint for the one PF ahead hides the
 * memory store's cache misses behind the work on the current one. */
#define PF 8
static inline void st_prefetch(const hs_smt_tree *t, unsigned table, uint64_t key) {
    if (t->st->vt->prefetch) t->st->vt->prefetch(t->st, table, key);
}

/* ---- subtree records (LargeSmt's Subtree serialization) ----
 * A record covers the 510 nodes below a root at depth r (local levels 1..8). Bit b of the mask is
 * the node of local level ld and local position q with b = 2^ld - 2 + q; the non-empty nodes
 * follow in bit order. */

static unsigned sub_bit(unsigned ld, uint64_t pos) { return (1u << ld) - 2 + (unsigned)(pos & ((1u << ld) - 1)); }
static unsigned sub_band(unsigned depth) { return (depth - HS_SMT_TOP_DEPTH - 1) / 8; } /* depth 17..64 -> 0..5 */

static unsigned mask_pop(const uint64_t *mask) {
    unsigned c = 0;
    for (int i = 0; i < 8; i++) c += hs_popcount64(mask[i]);
    return c;
}

/* 1 if the bytes are a well-formed record */
static int sub_check(const uint8_t *p, size_t len, uint64_t *mask) {
    if (len < SUB_HDR || memcmp(p, "SMT1", 4) || p[4] != 1) return 0;
    memcpy(mask, p + 5, 64);
    if (mask[7] >> 62) return 0; /* bits 510, 511 do not exist */
    return len == SUB_HDR + 32 * (size_t)mask_pop(mask);
}

static int leaf_check(size_t len) { return len % 64 == 0 && len / 64 >= 1 && len / 64 <= HS_SMT_MAX_LEAF_ENTRIES; }

/* ---- reads ---- */

static hs_smt_err tree_sync(hs_smt_tree *t, int in_write, char *reason, size_t rlen);

/* node (depth, pos) from the record (data, len; NULL: absent) of its subtree rooted at depth r */
static hs_smt_err node_in_record(hs_smt_tree *t, hs_smt_word *out, const void *data, size_t len, unsigned depth,
                                 unsigned r, uint64_t pos, char *reason, size_t rlen) {
    unsigned ld = depth - r;
    *out = t->E[HS_SMT_DEPTH - depth];
    if (!data) return HS_SMT_OK;
    uint64_t mask[8];
    if (!sub_check(data, len, mask))
        return fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a malformed subtree record (depth %u, position %llu)",
                    r, (unsigned long long)(pos >> ld));
    unsigned b = sub_bit(ld, pos);
    if (!(mask[b / 64] >> (b % 64) & 1)) return HS_SMT_OK;
    unsigned rank = 0;
    for (unsigned i = 0; i < b / 64; i++) rank += hs_popcount64(mask[i]);
    rank += hs_popcount64(mask[b / 64] & ((1ull << (b % 64)) - 1));
    memcpy(out, (const uint8_t *)data + SUB_HDR + 32 * (size_t)rank, 32);
    return HS_SMT_OK;
}

hs_smt_err hs_smt_tree_node(hs_smt_tree *t, hs_smt_word *out, unsigned depth, uint64_t pos, char *reason,
                            size_t rlen) {
    if (depth <= HS_SMT_TOP_DEPTH) {
        *out = t->top[((size_t)1 << depth) + pos];
        return HS_SMT_OK;
    }
    unsigned band = sub_band(depth), r = HS_SMT_TOP_DEPTH + 8 * band;
    const void *data;
    size_t len;
    int rc = t->st->vt->get(t->st, HS_SMT_T_ST16 + band, pos >> (depth - r), &data, &len);
    if (rc < 0) return storage_fail(t, reason, rlen);
    return node_in_record(t, out, rc ? data : NULL, len, depth, r, pos, reason, rlen);
}

/* the stored pairs of leaf idx: *kv points into the store (valid until the next write), *n = 0 if empty */
static hs_smt_err leaf_load(hs_smt_tree *t, uint64_t idx, const hs_smt_word **kv, size_t *n, char *reason,
                            size_t rlen) {
    const void *data;
    size_t len;
    int rc = t->st->vt->get(t->st, HS_SMT_T_LEAVES, idx, &data, &len);
    *n = 0;
    *kv = NULL;
    if (rc < 0) return storage_fail(t, reason, rlen);
    if (rc == 0) return HS_SMT_OK;
    if (!leaf_check(len))
        return fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a malformed leaf record (leaf %llu, %zu bytes)",
                    (unsigned long long)idx, len);
    *kv = data;
    *n = len / 64;
    return HS_SMT_OK;
}

const hs_smt_word *hs_smt_tree_root(const hs_smt_tree *t) { return &t->top[1]; }

hs_smt_err hs_smt_tree_get(hs_smt_tree *t, hs_smt_word *value, const hs_smt_word *key, char *reason, size_t rlen) {
    memset(value, 0, sizeof *value);
    const hs_smt_word *kv;
    size_t n;
    hs_smt_err e = tree_sync(t, 0, reason, rlen);
    if (!e) e = leaf_load(t, hs_smt_leaf_index(t->h, key), &kv, &n, reason, rlen);
    if (e) return e;
    for (size_t i = 0; i < n; i++)
        if (hs_smt_word_eq(&kv[2 * i], key)) {
            memcpy(value, &kv[2 * i + 1], 32);
            break;
        }
    return HS_SMT_OK;
}

/* ---- opening and loading ---- */

typedef struct {
    hs_smt_tree *t;
    int bad;
    size_t n; /* records read */
} top_load;

static int top_cb(void *user, uint64_t key, const void *data, size_t len) {
    top_load *l = user;
    if (key >= ((uint64_t)1 << HS_SMT_TOP_DEPTH) || len != 32) {
        l->bad = 1;
        return 1;
    }
    memcpy(&l->t->top[((size_t)1 << HS_SMT_TOP_DEPTH) + key], data, 32);
    l->n++;
    return 0;
}

static uint64_t get_u64le(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static void put_u64le(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* the levels 15..0 of the top from level 16 */
static hs_smt_err top_rebuild(hs_smt_tree *t) {
    size_t n = (size_t)1 << (HS_SMT_TOP_DEPTH - 1);
    for (int d = HS_SMT_TOP_DEPTH - 1; d >= 0; d--, n >>= 1)
        hs_smt_merge_many(t->h, &t->top[n], &t->top[2 * n], n, t->threads);
    return HS_SMT_OK;
}

/* the stored state: counts, the depth-16 table, the top rebuilt from it (an empty tree when the
 * store holds none) */
static hs_smt_err load_state(hs_smt_tree *t, char *reason, size_t rlen) {
    hs_smt_store *st = t->st;
    for (unsigned d = 0; d <= HS_SMT_TOP_DEPTH; d++)
        for (size_t q = 0; q < ((size_t)1 << d); q++) t->top[((size_t)1 << d) + q] = t->E[HS_SMT_DEPTH - d];
    t->leaves = t->entries = 0;
    const void *data;
    size_t len;
    uint64_t cnt[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        int rc = st->vt->get(st, HS_SMT_T_META, i ? HS_SMT_META_ENTRIES : HS_SMT_META_LEAVES, &data, &len);
        if (rc < 0) return storage_fail(t, reason, rlen);
        if (rc == 1 && len != 8) return fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a malformed count record");
        if (rc == 1) cnt[i] = get_u64le(data);
    }
    top_load l = {t, 0, 0};
    int rc = st->vt->scan(st, HS_SMT_T_TOP16, top_cb, &l);
    if (rc != 0)
        return l.bad ? fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a malformed depth-16 record")
                     : storage_fail(t, reason, rlen);
    t->leaves = cnt[0];
    t->entries = cnt[1];
    return l.n ? top_rebuild(t) : HS_SMT_OK; /* none: the empty top set above */
}

static hs_smt_err hash_check(const hs_smt_hasher *h, const char *name, size_t len, char *reason, size_t rlen) {
    if (len == strlen(h->name) && !memcmp(name, h->name, len)) return HS_SMT_OK;
    return fail(HS_SMT_ERR_MISMATCH, reason, rlen, "the stored tree uses the hash %.*s, not %s",
                (int)(len < 64 ? len : 64), name, h->name);
}

/* The stored hash's name (HS_SMT_OK: *found 0 when the store holds no tree yet). */
static hs_smt_err stored_hash(hs_smt_tree *t, const char **name, size_t *len, int *found, char *reason, size_t rlen) {
    const void *data = NULL;
    *found = 0;
    *name = NULL;
    int rc = t->st->vt->get(t->st, HS_SMT_T_META, HS_SMT_META_HASH, &data, len);
    if (rc < 0) return storage_fail(t, reason, rlen);
    *found = rc == 1;
    *name = data;
    return HS_SMT_OK;
}

/* Brings the cached top and counts to the store's present state (the read snapshot, or inside a
 * write transaction the newest commit, which another process may have made): a stored root
 * equal to the cached one means the same tree (collision resistance), so only a changed root
 * reloads. A store written before the root was recorded reloads inside writes only. */
static hs_smt_err tree_sync(hs_smt_tree *t, int in_write, char *reason, size_t rlen) {
    const char *name = NULL;
    size_t len = 0;
    int found = 0;
    hs_smt_err e = stored_hash(t, &name, &len, &found, reason, rlen);
    if (e) return e;
    if (!found) /* nothing stored: the empty tree */
        return hs_smt_word_eq(&t->top[1], &t->E[HS_SMT_DEPTH]) && !t->entries ? HS_SMT_OK : load_state(t, reason, rlen);
    if ((e = hash_check(t->h, name, len, reason, rlen))) return e;
    const void *data;
    int rc = t->st->vt->get(t->st, HS_SMT_T_META, HS_SMT_META_ROOT, &data, &len);
    if (rc < 0) return storage_fail(t, reason, rlen);
    if (rc == 1 && len != 32) return fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a malformed root record");
    if (rc == 1 ? !memcmp(data, &t->top[1], 32) : !in_write) return HS_SMT_OK;
    return load_state(t, reason, rlen);
}

hs_smt_err hs_smt_tree_new(hs_smt_tree **out, const hs_smt_hasher *h, hs_smt_store *st, unsigned threads, char *reason,
                           size_t rlen) {
    *out = NULL;
    hs_smt_tree *t = calloc(1, sizeof *t);
    if (!t || !(t->top = malloc(TOP_SLOTS * sizeof *t->top))) {
        free(t);
        st->vt->free(st);
        return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    }
    t->st = st;
    t->threads = threads ? threads : 1;
    const char *name = NULL;
    size_t len = 0;
    int found = 0;
    hs_smt_err e = stored_hash(t, &name, &len, &found, reason, rlen);
    if (!e && !h) { /* the stored tree's own hash */
        char buf[64] = {0};
        if (found && len < sizeof buf) memcpy(buf, name, len);
        if (!found)
            e = fail(HS_SMT_ERR_NO_TREE, reason, rlen, "no tree is stored there yet, so it has no hash to take");
        else if (!(h = hs_smt_hasher_find(buf)))
            e = fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a tree of a hash this build does not know (%.*s)",
                     (int)(len < 64 ? len : 64), name);
    }
    if (!e && found) e = hash_check(h, name, len, reason, rlen);
    if (!e) {
        t->h = h;
        hs_smt_empty_table(h, t->E);
        e = load_state(t, reason, rlen);
    }
    if (e) {
        hs_smt_tree_free(t);
        return e;
    }
    *out = t;
    return HS_SMT_OK;
}

void hs_smt_tree_free(hs_smt_tree *t) {
    if (!t) return;
    if (t->st) t->st->vt->free(t->st);
    free(t->top);
    free(t);
}

/* ---- mutation sets ---- */

static void recs_free(hs_smt_recs *r);

void hs_smt_mutset_free(hs_smt_mutset *ms) {
    for (int d = 0; d <= HS_SMT_DEPTH; d++) {
        free(ms->col[d]);
        free(ms->hash[d]);
    }
    free(ms->lidx);
    free(ms->loff);
    free(ms->lcnt);
    free(ms->lkv);
    for (int b = 0; b < HS_SMT_BANDS; b++) {
        for (unsigned k = 0; k < ms->nrec[b]; k++) recs_free(&ms->rec[b][k]);
        free(ms->rec[b]);
    }
    memset(ms, 0, sizeof *ms);
}

/* stable merge sort of pair indices by key */
static void sort_idx(const hs_smt_hasher *h, const hs_smt_word *kv, uint32_t *a, uint32_t *tmp, size_t n) {
    if (n < 2) return;
    if (n <= 16) {
        for (size_t i = 1; i < n; i++) {
            uint32_t x = a[i];
            size_t j = i;
            while (j && hs_smt_word_cmp(h, &kv[2 * (size_t)a[j - 1]], &kv[2 * (size_t)x]) > 0) a[j] = a[j - 1], j--;
            a[j] = x;
        }
        return;
    }
    size_t m = n / 2;
    sort_idx(h, kv, a, tmp, m);
    sort_idx(h, kv, a + m, tmp, n - m);
    size_t i = 0, j = m, k = 0;
    while (i < m && j < n)
        tmp[k++] = hs_smt_word_cmp(h, &kv[2 * (size_t)a[j]], &kv[2 * (size_t)a[i]]) < 0 ? a[j++] : a[i++];
    while (i < m) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    memcpy(a, tmp, n * sizeof *a);
}

/* The subtree records a batch reads, fetched and checked once per batch (the batch's paths touch
 * one record per band each) instead of once per sibling: per band, the records' positions in
 * increasing order, their masks with the rank of each mask word (a sibling is then a bit test and,
 * when present, one 32-byte read), and their node bytes (NULL: absent). Valid while nothing is
 * written to the store. */
typedef struct {
    uint64_t mask[8];
    uint16_t rank[8]; /* set bits in mask[0 .. i) */
    const uint8_t *nodes;
} rec_view;

typedef struct {
    size_t n;
    uint64_t *id;
    rec_view *v;
} band_cache;
#define N_BANDS HS_SMT_BANDS

static void cache_free(band_cache *bc) {
    for (int b = 0; b < N_BANDS; b++) free(bc[b].id), free(bc[b].v);
}

static void view_set(rec_view *v, const uint8_t *data) {
    unsigned r = 0;
    for (int i = 0; i < 8; i++) {
        memcpy(&v->mask[i], data + 5 + 8 * i, 8);
        v->rank[i] = (uint16_t)r;
        r += hs_popcount64(v->mask[i]);
    }
    v->nodes = data + SUB_HDR;
}

/* the word of bit b of a record (E when the bit is clear) */
static void view_node(const rec_view *v, unsigned b, const hs_smt_word *empty, hs_smt_word *out) {
    uint64_t w = v->mask[b / 64];
    if (!v->nodes || !(w >> (b % 64) & 1)) {
        *out = *empty;
        return;
    }
    unsigned rank = v->rank[b / 64] + hs_popcount64(w & ((1ull << (b % 64)) - 1));
    memcpy(out, v->nodes + 32 * (size_t)rank, 32);
}

static hs_smt_err cache_load(hs_smt_tree *t, band_cache *bc, const uint64_t *leaf, size_t n, char *reason,
                             size_t rlen) {
    memset(bc, 0, N_BANDS * sizeof *bc);
    const void **data = malloc((n + 1) * sizeof *data);
    size_t *len = malloc((n + 1) * sizeof *len);
    hs_smt_err e = data && len ? HS_SMT_OK : fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    for (int b = 0; b < N_BANDS && !e; b++) {
        unsigned r = HS_SMT_TOP_DEPTH + 8 * (unsigned)b, table = HS_SMT_T_ST16 + (unsigned)b;
        band_cache *c = &bc[b];
        c->id = malloc((n + 1) * sizeof *c->id);
        c->v = malloc((n + 1) * sizeof *c->v);
        if (!c->id || !c->v) {
            e = fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
            break;
        }
        for (size_t i = 0; i < n; i++) { /* leaves sorted: their record positions do not decrease */
            uint64_t id = leaf[i] >> (HS_SMT_DEPTH - r);
            if (!c->n || c->id[c->n - 1] != id) c->id[c->n++] = id;
        }
        /* the lookups, then the records' checks (their first bytes fetched meanwhile) */
        for (size_t i = 0; i < c->n && !e; i++) {
            if (i + PF < c->n) st_prefetch(t, table, c->id[i + PF]);
            int rc = t->st->vt->get(t->st, table, c->id[i], &data[i], &len[i]);
            if (rc < 0) e = storage_fail(t, reason, rlen);
            if (rc == 0) data[i] = NULL;
            if (rc > 0) __builtin_prefetch(data[i]), __builtin_prefetch((const uint8_t *)data[i] + 64);
        }
        for (size_t i = 0; i < c->n && !e; i++) {
            rec_view *v = &c->v[i];
            if (!data[i]) {
                memset(v, 0, sizeof *v);
            } else if (!sub_check(data[i], len[i], v->mask)) {
                e = fail(HS_SMT_ERR_STORAGE, reason, rlen, "storage: a malformed subtree record (depth %u, position %llu)",
                         r, (unsigned long long)c->id[i]);
            } else {
                view_set(v, data[i]);
            }
        }
    }
    free(data), free(len);
    return e;
}

/* the cached record of position id (cursor *cur: positions visited in increasing order) */
static const rec_view *cache_find(const band_cache *c, size_t *cur, uint64_t id) {
    while (*cur < c->n && c->id[*cur] < id) (*cur)++;
    return *cur < c->n && c->id[*cur] == id ? &c->v[*cur] : NULL;
}

/* The sibling (d, pos) of a batch node: E when the tree was empty (bc NULL), else from the top or
 * the cached record (*cur: this level's cursor in its band). */
static hs_smt_err sibling(hs_smt_tree *t, const band_cache *bc, size_t *cur, hs_smt_word *out, unsigned d,
                          uint64_t pos, char *reason, size_t rlen) {
    if (!bc) {
        *out = t->E[HS_SMT_DEPTH - d];
        return HS_SMT_OK;
    }
    if (d <= HS_SMT_TOP_DEPTH) return hs_smt_tree_node(t, out, d, pos, reason, rlen);
    unsigned band = sub_band(d), r = HS_SMT_TOP_DEPTH + 8 * band;
    const rec_view *v = cache_find(&bc[band], cur, pos >> (d - r));
    if (!v) return hs_smt_tree_node(t, out, d, pos, reason, rlen);
    view_node(v, sub_bit(d - r, pos), &t->E[HS_SMT_DEPTH - d], out);
    return HS_SMT_OK;
}

/* The parents of n sorted nodes (col, hash) at depth d (siblings from the tree where the batch
 * has none), hashed as one batch on `threads`: *pcol, *phash (malloc'd, *np entries). */
static hs_smt_err pair_up(hs_smt_tree *t, const uint64_t *col, const hs_smt_word *hash, size_t n, unsigned d,
                          const band_cache *bc, unsigned threads, uint64_t **pcol_out, hs_smt_word **phash_out,
                          size_t *np_out, char *reason, size_t rlen) {
    size_t cur = 0, np = 0;
    hs_smt_word *in = malloc((2 * n + 1) * sizeof *in);
    uint64_t *pcol = malloc((n + 1) * sizeof *pcol);
    hs_smt_word *phash = malloc((n + 1) * sizeof *phash);
    if (!in || !pcol || !phash) {
        free(in), free(pcol), free(phash);
        return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    }
    hs_smt_err e = HS_SMT_OK;
    const hs_smt_word *top = bc && d <= HS_SMT_TOP_DEPTH ? t->top + ((size_t)1 << d) : NULL;
    for (size_t i = 0; i < n && !e; np++) {
        uint64_t c = col[i];
        if (top && i + PF < n) __builtin_prefetch(&top[col[i + PF] ^ 1]);
        if (!(c & 1) && i + 1 < n && col[i + 1] == (c | 1)) {
            in[2 * np] = hash[i];
            in[2 * np + 1] = hash[i + 1];
            i += 2;
        } else if (!(c & 1)) {
            in[2 * np] = hash[i];
            e = sibling(t, bc, &cur, &in[2 * np + 1], d, c | 1, reason, rlen);
            i++;
        } else {
            e = sibling(t, bc, &cur, &in[2 * np], d, c & ~1ull, reason, rlen);
            in[2 * np + 1] = hash[i];
            i++;
        }
        pcol[np] = c >> 1;
    }
    if (!e) hs_smt_merge_many(t->h, phash, in, np, threads);
    free(in);
    if (e) {
        free(pcol), free(phash);
        return e;
    }
    *pcol_out = pcol, *phash_out = phash, *np_out = np;
    return HS_SMT_OK;
}

/* One level up, d -> d - 1, the level's merges spread over the tree's threads. */
static hs_smt_err level_up(hs_smt_tree *t, hs_smt_mutset *ms, unsigned d, const band_cache *bc, char *reason,
                           size_t rlen) {
    return pair_up(t, ms->col[d], ms->hash[d], ms->n[d], d, bc, t->threads, &ms->col[d - 1], &ms->hash[d - 1],
                   &ms->n[d - 1], reason, rlen);
}

/* ---- the new subtree records of a batch ---- */

static void recs_free(hs_smt_recs *r) {
    free(r->id), free(r->off), free(r->len), free(r->bytes);
    memset(r, 0, sizeof *r);
}

/* room for one more record of at most `bytes` bytes */
static int recs_reserve(hs_smt_recs *r, size_t bytes) {
    if (r->n == r->cap) {
        size_t nc = r->cap ? 2 * r->cap : 64;
        uint64_t *id = realloc(r->id, nc * sizeof *id);
        if (id) r->id = id;
        size_t *off = realloc(r->off, nc * sizeof *off);
        if (off) r->off = off;
        uint32_t *len = realloc(r->len, nc * sizeof *len);
        if (len) r->len = len;
        if (!id || !off || !len) return 0;
        r->cap = nc;
    }
    if (r->used + bytes > r->bytes_cap) {
        size_t nc = 2 * (r->used + bytes);
        uint8_t *b = realloc(r->bytes, nc);
        if (!b) return 0;
        r->bytes = b, r->bytes_cap = nc;
    }
    return 1;
}

/* Where new records go: appended to a batch's records (recs), or put into the store at once
 * (construction: buf holds one record). */
typedef struct {
    hs_smt_recs *recs;
    hs_smt_store *st;
    unsigned table;
    uint8_t *buf;
} rec_sink;

/* The new records of whole subtrees rooted at depth r: each is its old record (c: the cache of
 * the band; NULL: the tree was empty) with the new nodes of levels r+1 .. r+8 set, or cleared where
 * they equal E; a record left without nodes is a deletion (length 0). lcol/lhash/ln[ld]: the
 * nodes at depth r + ld, sorted. Returns HS_SMT_OK, or the memory or storage error (no reason). */
static hs_smt_err encode_records(hs_smt_tree *t, const band_cache *c, unsigned r, const uint64_t *const *lcol,
                                 const hs_smt_word *const *lhash, const size_t *ln, rec_sink *sink) {
    size_t cur[9] = {0}, ccur = 0;
    static const uint64_t none[8];
    for (;;) {
        uint64_t id = UINT64_MAX;
        int any = 0;
        for (unsigned ld = 1; ld <= 8; ld++)
            if (cur[ld] < ln[ld] && (!any || lcol[ld][cur[ld]] >> ld < id)) id = lcol[ld][cur[ld]] >> ld, any = 1;
        if (!any) return HS_SMT_OK;
        const rec_view *old = c ? cache_find(c, &ccur, id) : NULL;
        if (old && !old->nodes) old = NULL;
        uint64_t mask[8];
        memcpy(mask, old ? old->mask : none, sizeof mask);
        /* the changed nodes that stay, in bit order (levels in turn, positions increasing) */
        unsigned cb[510];
        const hs_smt_word *cw[510];
        size_t nch = 0;
        for (unsigned ld = 1; ld <= 8; ld++) {
            const hs_smt_word *empty = &t->E[HS_SMT_DEPTH - (r + ld)];
            for (; cur[ld] < ln[ld] && lcol[ld][cur[ld]] >> ld == id; cur[ld]++) {
                unsigned b = sub_bit(ld, lcol[ld][cur[ld]]);
                const hs_smt_word *w = &lhash[ld][cur[ld]];
                if (hs_smt_word_eq(w, empty)) {
                    mask[b / 64] &= ~(1ull << (b % 64));
                } else {
                    mask[b / 64] |= 1ull << (b % 64);
                    cb[nch] = b, cw[nch] = w, nch++;
                }
            }
        }
        unsigned cnt = mask_pop(mask);
        size_t len = cnt ? SUB_HDR + 32 * (size_t)cnt : 0;
        uint8_t *p = sink->buf;
        if (sink->recs) {
            if (!recs_reserve(sink->recs, len)) return HS_SMT_ERR_MEMORY;
            p = sink->recs->bytes + sink->recs->used;
        }
        if (cnt) {
            memcpy(p, "SMT1", 4);
            p[4] = 1;
            memcpy(p + 5, mask, 64);
            uint8_t *w = p + SUB_HDR;
            size_t k = 0;
            for (unsigned i = 0; i < 8; i++)
                for (uint64_t m = mask[i]; m; m &= m - 1) {
                    unsigned b = 64 * i + (unsigned)__builtin_ctzll(m);
                    while (k < nch && cb[k] < b) k++;
                    if (k < nch && cb[k] == b) {
                        memcpy(w, cw[k], 32);
                    } else { /* untouched, so set in the old record */
                        unsigned rank = old->rank[i] + hs_popcount64(old->mask[i] & ((1ull << (b % 64)) - 1));
                        memcpy(w, old->nodes + 32 * (size_t)rank, 32);
                    }
                    w += 32;
                }
        }
        if (sink->recs) {
            hs_smt_recs *o = sink->recs;
            o->id[o->n] = id, o->off[o->n] = o->used, o->len[o->n] = (uint32_t)len;
            o->n++;
            o->used += len;
        } else if (sink->st->vt->put(sink->st, sink->table, id, p, len)) {
            return HS_SMT_ERR_STORAGE;
        }
    }
}

/* The depth-8 subtree algorithm: the eight levels r+8 -> r of a band at once. The nodes at depth
 * r+8 are split at subtree boundaries (column >> 8) into one run per thread; each thread takes its
 * subtrees up eight levels alone (each level of its run one batch of the SIMD permutation), so the
 * threads meet once per band instead of once per level; the runs are then joined in order. With a
 * record cache (a batch on a stored tree) each thread also writes its subtrees' new records
 * (ms->rec), so applying the batch is only the store's puts, and of the band's levels only depth r
 * is kept. */
#define BAND_MAX_THREADS 64
static hs_smt_err band_up(hs_smt_tree *t, hs_smt_mutset *ms, unsigned r, const band_cache *bc, char *reason,
                          size_t rlen) {
    unsigned top = r + 8, band = sub_band(r + 1);
    size_t n = ms->n[top];
    unsigned T = t->threads < BAND_MAX_THREADS ? t->threads : BAND_MAX_THREADS;
    if (T > n / 256) T = (unsigned)(n / 256); /* runs of at least 256 nodes */
    if (T < 1) T = 1;
    size_t cut[BAND_MAX_THREADS + 1];
    cut[0] = 0;
    for (unsigned k = 1; k < T; k++) {
        size_t i = k * n / T;
        if (i < cut[k - 1]) i = cut[k - 1];
        while (i > cut[k - 1] && i < n && ms->col[top][i] >> 8 == ms->col[top][i - 1] >> 8) i++;
        cut[k] = i;
    }
    cut[T] = n;
    hs_smt_recs *recs = NULL;
    if (bc && !(recs = calloc(T, sizeof *recs))) return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    /* per run and level: the nodes it produced (l: depth top - 1 - l) */
    uint64_t *rc[BAND_MAX_THREADS][8];
    hs_smt_word *rh[BAND_MAX_THREADS][8];
    size_t rn[BAND_MAX_THREADS][8];
    hs_smt_err re[BAND_MAX_THREADS];
    char rr[BAND_MAX_THREADS][128];
    memset(rc, 0, sizeof rc), memset(rh, 0, sizeof rh), memset(rn, 0, sizeof rn);
    /* one run: the level merges use every thread (small batches go up on the caller's) */
    const unsigned inner = T == 1 ? t->threads : 1;
#pragma omp parallel for num_threads(T) schedule(static, 1) if (T > 1)
    for (unsigned k = 0; k < T; k++) {
        const uint64_t *col = ms->col[top] + cut[k];
        const hs_smt_word *hash = ms->hash[top] + cut[k];
        size_t cnt = cut[k + 1] - cut[k];
        re[k] = HS_SMT_OK;
        rr[k][0] = 0;
        for (unsigned l = 0; l < 8 && !re[k]; l++) {
            re[k] = pair_up(t, col, hash, cnt, top - l, bc, inner, &rc[k][l], &rh[k][l], &rn[k][l], rr[k],
                            sizeof rr[k]);
            col = rc[k][l], hash = rh[k][l], cnt = rn[k][l];
        }
        if (!re[k] && recs) {
            const uint64_t *lcol[9] = {NULL};
            const hs_smt_word *lhash[9] = {NULL};
            size_t ln[9] = {0};
            lcol[8] = ms->col[top] + cut[k], lhash[8] = ms->hash[top] + cut[k], ln[8] = cut[k + 1] - cut[k];
            for (unsigned ld = 1; ld < 8; ld++) lcol[ld] = rc[k][7 - ld], lhash[ld] = rh[k][7 - ld], ln[ld] = rn[k][7 - ld];
            rec_sink sink = {&recs[k], NULL, 0, NULL};
            if (encode_records(t, &bc[band], r, lcol, lhash, ln, &sink))
                re[k] = fail(HS_SMT_ERR_MEMORY, rr[k], sizeof rr[k], "out of memory");
        }
    }
    hs_smt_err e = HS_SMT_OK;
    for (unsigned k = 0; k < T && !e; k++)
        if (re[k]) e = fail(re[k], reason, rlen, "%s", rr[k]);
    /* the levels kept: all of them (construction writes the band's records from them), or depth r */
    for (unsigned l = recs ? 7 : 0; l < 8 && !e; l++) {
        unsigned d = top - 1 - l;
        size_t tot = 0;
        for (unsigned k = 0; k < T; k++) tot += rn[k][l];
        if (T == 1) { /* the run's arrays are the level */
            ms->col[d] = rc[0][l], ms->hash[d] = rh[0][l], ms->n[d] = tot;
            rc[0][l] = NULL, rh[0][l] = NULL;
            continue;
        }
        ms->col[d] = malloc((tot + 1) * sizeof(uint64_t));
        ms->hash[d] = malloc((tot + 1) * sizeof(hs_smt_word));
        if (!ms->col[d] || !ms->hash[d]) {
            e = fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
            break;
        }
        size_t at = 0;
        for (unsigned k = 0; k < T; k++) {
            memcpy(ms->col[d] + at, rc[k][l], rn[k][l] * sizeof(uint64_t));
            memcpy(ms->hash[d] + at, rh[k][l], rn[k][l] * sizeof(hs_smt_word));
            at += rn[k][l];
        }
        ms->n[d] = tot;
    }
    for (unsigned k = 0; k < T; k++)
        for (unsigned l = 0; l < 8; l++) free(rc[k][l]), free(rh[k][l]);
    if (recs) {
        ms->rec[band] = recs, ms->nrec[band] = T;
        if (!e) { /* the band's input level is in the records now */
            free(ms->col[top]), free(ms->hash[top]);
            ms->col[top] = NULL, ms->hash[top] = NULL, ms->n[top] = 0;
        }
    }
    return e;
}

/* the new leaves of a batch, in leaf order, and their hashes as level 64 */
static hs_smt_err new_leaves(hs_smt_tree *t, hs_smt_mutset *ms, const hs_smt_word *kv, size_t n, int present,
                             char *reason, size_t rlen) {
    const hs_smt_hasher *h = t->h;
    for (size_t i = 0; i < n; i++)
        if (!hs_smt_word_canonical(h, &kv[2 * i]) || !hs_smt_word_canonical(h, &kv[2 * i + 1]))
            return fail(HS_SMT_ERR_RANGE, reason, rlen, "pair %zu: an element is not below the modulus %llu", i + 1,
                        (unsigned long long)h->modulus);
    if (n > UINT32_MAX) return fail(HS_SMT_ERR_MEMORY, reason, rlen, "too many pairs in one batch");
    uint32_t *ord = malloc((n + 1) * sizeof *ord), *tmp = malloc((n + 1) * sizeof *tmp);
    size_t cap = n + 16;
    ms->lidx = malloc((n + 1) * sizeof *ms->lidx);
    ms->loff = malloc((n + 1) * sizeof *ms->loff);
    ms->lcnt = malloc((n + 1) * sizeof *ms->lcnt);
    ms->lkv = malloc(2 * cap * sizeof *ms->lkv);
    if (!ord || !tmp || !ms->lidx || !ms->loff || !ms->lcnt || !ms->lkv) {
        free(ord), free(tmp);
        return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    }
    for (size_t i = 0; i < n; i++) ord[i] = (uint32_t)i;
    sort_idx(h, kv, ord, tmp, n);
    free(tmp);
    hs_smt_err e = HS_SMT_OK;
    for (size_t i = 1; i < n && !e; i++)
        if (hs_smt_word_eq(&kv[2 * (size_t)ord[i]], &kv[2 * (size_t)ord[i - 1]])) {
            size_t a = ord[i - 1] < ord[i] ? ord[i - 1] : ord[i], b = ord[i - 1] ^ ord[i] ^ a;
            e = fail(HS_SMT_ERR_DUPLICATE, reason, rlen, "pairs %zu and %zu have the same key", a + 1, b + 1);
        }
    size_t used = 0; /* pairs in lkv */
    for (size_t g = 0; g < n && !e;) {
        if (g + PF < n) st_prefetch(t, HS_SMT_T_LEAVES, hs_smt_leaf_index(h, &kv[2 * (size_t)ord[g + PF]]));
        uint64_t li = hs_smt_leaf_index(h, &kv[2 * (size_t)ord[g]]);
        size_t ge = g;
        while (ge < n && hs_smt_leaf_index(h, &kv[2 * (size_t)ord[ge]]) == li) ge++;
        const hs_smt_word *old;
        size_t on;
        if ((e = leaf_load(t, li, &old, &on, reason, rlen))) break;
        if (used + on + (ge - g) > cap) {
            size_t ncap = 2 * (used + on + (ge - g));
            hs_smt_word *nk = realloc(ms->lkv, 2 * ncap * sizeof *nk);
            if (!nk) {
                e = fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
                break;
            }
            ms->lkv = nk;
            cap = ncap;
        }
        hs_smt_word *dst = ms->lkv + 2 * used;
        size_t a = 0, b = g, k = 0;
        int changed = 0;
        while (a < on || b < ge) {
            const hs_smt_word *bk = b < ge ? &kv[2 * (size_t)ord[b]] : NULL;
            int c = a >= on ? 1 : !bk ? -1 : hs_smt_word_cmp(h, &old[2 * a], bk);
            if (c < 0) { /* an untouched old pair */
                dst[2 * k] = old[2 * a], dst[2 * k + 1] = old[2 * a + 1], k++, a++;
                continue;
            }
            if (present && c) {
                e = fail(HS_SMT_ERR_ABSENT, reason, rlen, "pair %zu: the key is not in the tree", (size_t)ord[b] + 1);
                break;
            }
            const hs_smt_word *bv = bk + 1;
            if (c == 0 && hs_smt_word_eq(&old[2 * a + 1], bv)) { /* the same value: skipped */
                dst[2 * k] = old[2 * a], dst[2 * k + 1] = old[2 * a + 1], k++;
            } else if (!hs_smt_word_is_zero(bv)) {
                dst[2 * k] = *bk, dst[2 * k + 1] = *bv, k++;
                changed = 1;
            } else if (c == 0) {
                changed = 1; /* removed */
            }
            if (c == 0) a++;
            b++;
        }
        if (e) break;
        if (k > HS_SMT_MAX_LEAF_ENTRIES) {
            e = fail(HS_SMT_ERR_LEAF_FULL, reason, rlen, "leaf %llu would hold %zu pairs (at most %d)",
                     (unsigned long long)li, k, HS_SMT_MAX_LEAF_ENTRIES);
            break;
        }
        if (changed) {
            ms->lidx[ms->nleaf] = li;
            ms->loff[ms->nleaf] = used;
            ms->lcnt[ms->nleaf] = (uint32_t)k;
            ms->nleaf++;
            used += k;
            ms->d_entries += (int64_t)k - (int64_t)on;
            ms->d_leaves += (k > 0) - (on > 0);
        }
        g = ge;
    }
    free(ord);
    if (e) return e;
    size_t nl = ms->nleaf;
    ms->col[HS_SMT_DEPTH] = malloc((nl + 1) * sizeof(uint64_t));
    ms->hash[HS_SMT_DEPTH] = malloc((nl + 1) * sizeof(hs_smt_word));
    if (!ms->col[HS_SMT_DEPTH] || !ms->hash[HS_SMT_DEPTH]) return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    memcpy(ms->col[HS_SMT_DEPTH], ms->lidx, nl * sizeof(uint64_t));
    hs_smt_leaf_hash_many(h, ms->hash[HS_SMT_DEPTH], ms->lkv, ms->loff, ms->lcnt, nl, t->threads);
    ms->n[HS_SMT_DEPTH] = nl;
    return HS_SMT_OK;
}

/* ---- writing ---- */

/* construction: the subtree records rooted at depth r (levels r+1 .. r+8 of the set) of a tree
 * that was empty, into the open transaction (buf: room for one record) */
static hs_smt_err write_band(hs_smt_tree *t, const hs_smt_mutset *ms, unsigned r, uint8_t *buf, char *reason,
                             size_t rlen) {
    const uint64_t *lcol[9] = {NULL};
    const hs_smt_word *lhash[9] = {NULL};
    size_t ln[9] = {0};
    for (unsigned ld = 1; ld <= 8; ld++) lcol[ld] = ms->col[r + ld], lhash[ld] = ms->hash[r + ld], ln[ld] = ms->n[r + ld];
    rec_sink sink = {NULL, t->st, HS_SMT_T_ST16 + sub_band(r + 1), buf};
    return encode_records(t, NULL, r, lcol, lhash, ln, &sink) ? storage_fail(t, reason, rlen) : HS_SMT_OK;
}

/* a batch: the records its computation wrote (ms->rec) */
static hs_smt_err put_records(hs_smt_tree *t, const hs_smt_mutset *ms, char *reason, size_t rlen) {
    for (unsigned b = N_BANDS; b-- > 0;)
        for (unsigned k = 0; k < ms->nrec[b]; k++) {
            const hs_smt_recs *o = &ms->rec[b][k];
            for (size_t i = 0; i < o->n; i++) {
                if (i + PF < o->n) st_prefetch(t, HS_SMT_T_ST16 + b, o->id[i + PF]);
                if (t->st->vt->put(t->st, HS_SMT_T_ST16 + b, o->id[i], o->bytes + o->off[i], o->len[i]))
                    return storage_fail(t, reason, rlen);
            }
        }
    return HS_SMT_OK;
}

static hs_smt_err write_leaves(hs_smt_tree *t, const hs_smt_mutset *ms, char *reason, size_t rlen) {
    for (size_t i = 0; i < ms->nleaf; i++) {
        if (i + PF < ms->nleaf) st_prefetch(t, HS_SMT_T_LEAVES, ms->lidx[i + PF]);
        if (t->st->vt->put(t->st, HS_SMT_T_LEAVES, ms->lidx[i], ms->lkv + 2 * ms->loff[i], 64 * (size_t)ms->lcnt[i]))
            return storage_fail(t, reason, rlen);
    }
    return HS_SMT_OK;
}

/* depth-16 records and the counts */
static hs_smt_err write_top(hs_smt_tree *t, const hs_smt_mutset *ms, char *reason, size_t rlen) {
    const unsigned d = HS_SMT_TOP_DEPTH;
    for (size_t i = 0; i < ms->n[d]; i++) {
        if (i + PF < ms->n[d]) st_prefetch(t, HS_SMT_T_TOP16, ms->col[d][i + PF]);
        const hs_smt_word *w = &ms->hash[d][i];
        int empty = hs_smt_word_eq(w, &t->E[HS_SMT_DEPTH - d]);
        if (t->st->vt->put(t->st, HS_SMT_T_TOP16, ms->col[d][i], w, empty ? 0 : 32)) return storage_fail(t, reason, rlen);
    }
    uint8_t b[8];
    const char *name = t->h->name;
    if (t->st->vt->put(t->st, HS_SMT_T_META, HS_SMT_META_HASH, name, strlen(name))) return storage_fail(t, reason, rlen);
    if (t->st->vt->put(t->st, HS_SMT_T_META, HS_SMT_META_ROOT, &ms->new_root, 32)) return storage_fail(t, reason, rlen);
    put_u64le(b, t->leaves + (uint64_t)ms->d_leaves);
    if (t->st->vt->put(t->st, HS_SMT_T_META, HS_SMT_META_LEAVES, b, 8)) return storage_fail(t, reason, rlen);
    put_u64le(b, t->entries + (uint64_t)ms->d_entries);
    if (t->st->vt->put(t->st, HS_SMT_T_META, HS_SMT_META_ENTRIES, b, 8)) return storage_fail(t, reason, rlen);
    return HS_SMT_OK;
}

/* after a successful commit: the in-memory top and counts */
static void finish(hs_smt_tree *t, const hs_smt_mutset *ms) {
    for (unsigned d = 0; d <= HS_SMT_TOP_DEPTH; d++)
        for (size_t i = 0; i < ms->n[d]; i++) t->top[((size_t)1 << d) + ms->col[d][i]] = ms->hash[d][i];
    t->leaves += (uint64_t)ms->d_leaves;
    t->entries += (uint64_t)ms->d_entries;
}

/* compute (and, with write, which build uses on an empty tree, stream into the open transaction
 * band by band; every missing sibling of an empty tree is E) */
static hs_smt_err compute(hs_smt_tree *t, hs_smt_mutset *ms, const hs_smt_word *kv, size_t n, int write, int present,
                          uint8_t *buf, char *reason, size_t rlen) {
    memset(ms, 0, sizeof *ms);
    ms->h = t->h;
    ms->old_root = t->top[1];
    ms->new_root = t->top[1];
    band_cache bc[N_BANDS];
    memset(bc, 0, sizeof bc);
    hs_smt_err e = new_leaves(t, ms, kv, n, present, reason, rlen);
    if (!e && write) e = write_leaves(t, ms, reason, rlen);
    if (!e && !write) e = cache_load(t, bc, ms->lidx, ms->nleaf, reason, rlen);
    for (unsigned r = HS_SMT_DEPTH - 8; !e && r >= HS_SMT_TOP_DEPTH; r -= 8) {
        e = band_up(t, ms, r, write ? NULL : bc, reason, rlen);
        if (!e && write) {
            e = write_band(t, ms, r, buf, reason, rlen);
            for (unsigned x = r + 1; x <= r + 8; x++) {
                free(ms->col[x]), free(ms->hash[x]);
                ms->col[x] = NULL, ms->hash[x] = NULL, ms->n[x] = 0;
            }
        }
    }
    for (unsigned d = HS_SMT_TOP_DEPTH; d > 0 && !e; d--) e = level_up(t, ms, d, write ? NULL : bc, reason, rlen);
    cache_free(bc);
    if (!e && ms->n[0]) ms->new_root = ms->hash[0][0];
    return e;
}

hs_smt_err hs_smt_tree_mutations(hs_smt_tree *t, hs_smt_mutset *ms, const hs_smt_word *kv, size_t n, char *reason,
                                 size_t rlen) {
    memset(ms, 0, sizeof *ms);
    if (t->broken) return fail(HS_SMT_ERR_BROKEN, reason, rlen, "the tree is unusable after a failed write");
    hs_smt_err e = tree_sync(t, 0, reason, rlen);
    if (!e) e = compute(t, ms, kv, n, 0, 0, NULL, reason, rlen);
    if (e) hs_smt_mutset_free(ms);
    return e;
}

/* the store's write transaction (and, for construction, room for one record: buf non-NULL) */
static hs_smt_err begin_write(hs_smt_tree *t, uint8_t **buf, char *reason, size_t rlen) {
    if (buf && !(*buf = malloc(SUB_HDR + 510 * 32))) return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    if (t->st->vt->begin(t->st)) {
        if (buf) free(*buf);
        return storage_fail(t, reason, rlen);
    }
    return HS_SMT_OK;
}

static hs_smt_err end_write(hs_smt_tree *t, hs_smt_err e, char *reason, size_t rlen) {
    if (e) {
        t->st->vt->abort(t->st);
        if (!t->st->vt->atomic) t->broken = 1;
        return e;
    }
    if (t->st->vt->commit(t->st)) {
        if (!t->st->vt->atomic) t->broken = 1;
        return storage_fail(t, reason, rlen);
    }
    return HS_SMT_OK;
}

/* the batch's writes into the open transaction */
static hs_smt_err write_batch(hs_smt_tree *t, const hs_smt_mutset *ms, char *reason, size_t rlen) {
    hs_smt_err e = write_leaves(t, ms, reason, rlen);
    if (!e) e = put_records(t, ms, reason, rlen);
    if (!e) e = write_top(t, ms, reason, rlen);
    return e;
}

/* Ends a write that wrote nothing (a conflict, an empty batch): undoes nothing, so even a
 * non-atomic store stays usable. */
static hs_smt_err end_unwritten(hs_smt_tree *t, hs_smt_err e) {
    t->st->vt->abort(t->st);
    return e;
}

hs_smt_err hs_smt_tree_apply(hs_smt_tree *t, const hs_smt_mutset *ms, char *reason, size_t rlen) {
    if (t->broken) return fail(HS_SMT_ERR_BROKEN, reason, rlen, "the tree is unusable after a failed write");
    if (ms->h != t->h) return fail(HS_SMT_ERR_CONFLICT, reason, rlen, "the mutation set was computed for another hash");
    if (ms->nleaf == 0 && hs_smt_word_eq(&ms->old_root, &t->top[1])) return HS_SMT_OK;
    /* the store's writer lock first (another process may have committed since the set was
     * computed), then the root it holds now */
    hs_smt_err e = begin_write(t, NULL, reason, rlen);
    if (e) return e;
    if ((e = tree_sync(t, 1, reason, rlen))) return end_unwritten(t, e);
    if (!hs_smt_word_eq(&ms->old_root, &t->top[1]))
        return end_unwritten(t, fail(HS_SMT_ERR_CONFLICT, reason, rlen,
                                     "the mutation set was computed for another root (the tree has changed since)"));
    if (ms->nleaf == 0) return end_unwritten(t, HS_SMT_OK);
    if ((e = end_write(t, write_batch(t, ms, reason, rlen), reason, rlen))) return e;
    finish(t, ms);
    return HS_SMT_OK;
}

hs_smt_err hs_smt_tree_batch(hs_smt_tree *t, const hs_smt_word *kv, size_t n, int present, char *reason,
                             size_t rlen) {
    if (t->broken) return fail(HS_SMT_ERR_BROKEN, reason, rlen, "the tree is unusable after a failed write");
    hs_smt_err e = begin_write(t, NULL, reason, rlen);
    if (e) return e;
    hs_smt_mutset ms;
    memset(&ms, 0, sizeof ms);
    if (!(e = tree_sync(t, 1, reason, rlen))) e = compute(t, &ms, kv, n, 0, present, NULL, reason, rlen);
    if (e || ms.nleaf == 0) {
        hs_smt_mutset_free(&ms);
        return end_unwritten(t, e);
    }
    if (!(e = end_write(t, write_batch(t, &ms, reason, rlen), reason, rlen))) finish(t, &ms);
    hs_smt_mutset_free(&ms);
    return e;
}

hs_smt_err hs_smt_tree_build(hs_smt_tree *t, const hs_smt_word *kv, size_t n, char *reason, size_t rlen) {
    if (t->broken) return fail(HS_SMT_ERR_BROKEN, reason, rlen, "the tree is unusable after a failed write");
    uint8_t *buf;
    hs_smt_err e = begin_write(t, &buf, reason, rlen);
    if (e) return e;
    if (!(e = tree_sync(t, 1, reason, rlen)) && t->entries)
        e = fail(HS_SMT_ERR_NOT_EMPTY, reason, rlen, "build needs an empty tree (it has %llu pairs)",
                 (unsigned long long)t->entries);
    if (e) {
        free(buf);
        return end_unwritten(t, e);
    }
    hs_smt_mutset ms;
    e = compute(t, &ms, kv, n, 1, 0, buf, reason, rlen);
    if (!e) e = write_top(t, &ms, reason, rlen);
    free(buf);
    if (!(e = end_write(t, e, reason, rlen))) finish(t, &ms);
    hs_smt_mutset_free(&ms);
    return e;
}

/* ---- openings ---- */

hs_smt_err hs_smt_tree_open(hs_smt_tree *t, uint8_t **out, size_t *len, const hs_smt_word *key, char *reason,
                            size_t rlen) {
    *out = NULL;
    *len = 0;
    uint64_t li = hs_smt_leaf_index(t->h, key);
    const hs_smt_word *kv;
    size_t n;
    hs_smt_err e = tree_sync(t, 0, reason, rlen);
    if (!e) e = leaf_load(t, li, &kv, &n, reason, rlen);
    if (e) return e;
    uint8_t *p = malloc(HS_SMT_OPENING_BYTES(n));
    if (!p) return fail(HS_SMT_ERR_MEMORY, reason, rlen, "out of memory");
    p[0] = (uint8_t)n, p[1] = (uint8_t)(n >> 8), p[2] = 0, p[3] = 0;
    if (n) memcpy(p + 4, kv, 64 * n); /* before any other read: kv points into the store */
    uint8_t *sib = p + 4 + 64 * n;
    for (unsigned d = HS_SMT_DEPTH; d >= 1 && !e; d--, sib += 32) {
        hs_smt_word w;
        e = hs_smt_tree_node(t, &w, d, (li >> (HS_SMT_DEPTH - d)) ^ 1, reason, rlen);
        memcpy(sib, &w, 32);
    }
    if (e) {
        free(p);
        return e;
    }
    *out = p;
    *len = HS_SMT_OPENING_BYTES(n);
    return HS_SMT_OK;
}

int hs_smt_verify_opening(const hs_smt_hasher *h, const hs_smt_word *root, const hs_smt_word *key,
                          const hs_smt_word *value, const uint8_t *op, size_t len, char *reason, size_t rlen) {
    if (!hs_smt_word_canonical(h, key) || !hs_smt_word_canonical(h, value) || !hs_smt_word_canonical(h, root))
        return reject(reason, rlen, "the key, value or root has an element not below the modulus");
    if (len < 4) return reject(reason, rlen, "opening: %zu bytes, shorter than its header", len);
    uint32_t n = (uint32_t)op[0] | (uint32_t)op[1] << 8 | (uint32_t)op[2] << 16 | (uint32_t)op[3] << 24;
    if (n > HS_SMT_MAX_LEAF_ENTRIES) return reject(reason, rlen, "opening: a leaf of %u pairs (at most 1024)", n);
    if (len != HS_SMT_OPENING_BYTES(n))
        return reject(reason, rlen, "opening: %zu bytes, but a leaf of %u pairs needs %zu", len, n,
                      HS_SMT_OPENING_BYTES(n));
    uint64_t li = hs_smt_leaf_index(h, key);
    hs_smt_word *kv = n ? malloc(2 * (size_t)n * sizeof *kv) : NULL;
    if (n && !kv) return reject(reason, rlen, "out of memory");
    if (n) memcpy(kv, op + 4, 64 * (size_t)n);
    int found = 0, ok = 1;
    for (uint32_t i = 0; i < n && ok; i++) {
        if (!hs_smt_word_canonical(h, &kv[2 * i]) || !hs_smt_word_canonical(h, &kv[2 * i + 1]))
            ok = reject(reason, rlen, "opening: leaf pair %u has an element not below the modulus", i + 1);
        else if (hs_smt_leaf_index(h, &kv[2 * i]) != li)
            ok = reject(reason, rlen, "opening: leaf pair %u belongs to another leaf", i + 1);
        else if (i && hs_smt_word_cmp(h, &kv[2 * i - 2], &kv[2 * i]) >= 0)
            ok = reject(reason, rlen, "opening: the leaf pairs are not in strictly increasing key order");
        else if (hs_smt_word_is_zero(&kv[2 * i + 1]))
            ok = reject(reason, rlen, "opening: leaf pair %u stores the empty value", i + 1);
        else if (hs_smt_word_eq(&kv[2 * i], key)) {
            found = 1;
            if (!hs_smt_word_eq(&kv[2 * i + 1], value))
                ok = reject(reason, rlen, "the opening's leaf holds another value for the key");
        }
    }
    if (ok && !found && !hs_smt_word_is_zero(value)) ok = reject(reason, rlen, "the opening's leaf does not hold the key");
    if (!ok) {
        free(kv);
        return 0;
    }
    const uint8_t *sib = op + 4 + 64 * (size_t)n;
    hs_smt_word cur, s, in[2];
    hs_smt_leaf_hash(h, &cur, kv, n);
    free(kv);
    for (unsigned d = HS_SMT_DEPTH; d >= 1; d--, sib += 32) {
        memcpy(&s, sib, 32);
        if (!hs_smt_word_canonical(h, &s))
            return reject(reason, rlen, "opening: the sibling at depth %u has an element not below the modulus", d);
        int right = (li >> (HS_SMT_DEPTH - d)) & 1;
        in[0] = right ? s : cur;
        in[1] = right ? cur : s;
        hs_smt_merge(h, &cur, &in[0], &in[1]);
    }
    if (!hs_smt_word_eq(&cur, root)) return reject(reason, rlen, "the opening leads to another root");
    return 1;
}
