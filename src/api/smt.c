/* The sparse Merkle tree at the public interface: words as uint64 element arrays, the tree's
 * errors as hs_status. */
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "smt/smt.h"

struct hs_smt {
    hs_smt_tree *t;
};

struct hs_smt_mutations {
    hs_smt_mutset ms;
};

static hs_status status_of(hs_smt_err e) {
    switch (e) {
    case HS_SMT_OK: return HS_OK;
    case HS_SMT_ERR_MEMORY: return HS_ERR_NOMEM;
    case HS_SMT_ERR_STORAGE: return HS_ERR_IO;
    case HS_SMT_ERR_RANGE: return HS_ERR_RANGE;
    default: return HS_ERR_ARGUMENT;
    }
}

size_t hs_smt_hash_count(void) {
    size_t n = 0;
    while (hs_smt_hasher_at(n)) n++;
    return n;
}

const char *hs_smt_hash_name(size_t i) {
    const hs_smt_hasher *h = hs_smt_hasher_at(i);
    return h ? h->name : NULL;
}

hs_status hs_smt_hash_info(const char *hash, unsigned *word_elems, uint64_t *modulus) {
    const hs_smt_hasher *h = hs_smt_hasher_find(hash);
    *word_elems = h ? h->elems : 0;
    *modulus = h ? h->modulus : 0;
    return h ? HS_OK : HS_ERR_UNKNOWN_HASH;
}

int hs_smt_disk_supported(void) { return hs_smt_store_have_lmdb(); }

hs_status hs_smt_new(hs_smt **out, const hs_ctx *ctx, const char *hash, const char *dir, unsigned flags, char *reason,
                     size_t reason_len) {
    *out = NULL;
    const hs_smt_hasher *h = NULL;
    if (hash && !(h = hs_smt_hasher_find(hash)))
        return hs_api_fail(reason, reason_len, HS_ERR_UNKNOWN_HASH, "no tree hash named %s", hash);
    if (flags & ~(HS_SMT_NOSYNC | HS_SMT_READONLY))
        return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "unknown flags %#x", flags);
    if (!dir && (!hash || (flags & HS_SMT_READONLY)))
        return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "%s needs a stored tree (a directory)",
                           hash ? "read-only" : "a tree without a hash name");
    hs_smt_store *st;
    if (!dir) {
        st = hs_smt_store_mem_new();
        if (!st) return hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "out of memory");
    } else {
        char err[HS_REASON_LEN];
        /* only a tree that names its hash may be created */
        int mode = (flags & HS_SMT_READONLY) ? HS_SMT_OPEN_READONLY : hash ? HS_SMT_OPEN_CREATE : HS_SMT_OPEN_EXISTING;
        st = hs_smt_store_lmdb_open_mode(dir, !(flags & HS_SMT_NOSYNC), mode, err, sizeof err);
        if (!st)
            return hs_api_fail(reason, reason_len, hs_smt_store_have_lmdb() ? HS_ERR_IO : HS_ERR_UNSUPPORTED, "%s",
                               err);
    }
    hs_smt *s = malloc(sizeof *s);
    if (!s) {
        st->vt->free(st);
        return hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "out of memory");
    }
    char why[HS_REASON_LEN];
    hs_smt_err e = hs_smt_tree_new(&s->t, h, st, hs_ctx_threads(ctx), why, sizeof why);
    if (e) {
        free(s);
        return hs_api_fail(reason, reason_len, status_of(e), "%s%s%s", dir ? dir : "", dir ? ": " : "", why);
    }
    *out = s;
    return HS_OK;
}

const char *hs_smt_hash_of(const hs_smt *tree) { return tree->t->h->name; }

void hs_smt_free(hs_smt *tree) {
    if (!tree) return;
    hs_smt_tree_free(tree->t);
    free(tree);
}

unsigned hs_smt_word_elems(const hs_smt *tree) { return tree->t->h->elems; }

static hs_status word_out(const hs_smt_hasher *h, uint64_t *out, size_t len, const hs_smt_word *w) {
    memset(out, 0, len * sizeof *out);
    if (len != h->elems) return HS_ERR_ARGUMENT;
    hs_smt_word_to_u64(h, out, w);
    return HS_OK;
}

static hs_status word_in(const hs_smt_hasher *h, hs_smt_word *w, const uint64_t *in, size_t len, const char *what,
                         char *reason, size_t reason_len) {
    if (len != h->elems)
        return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "the %s has %zu elements; %s words have %u", what, len,
                           h->name, h->elems);
    if (!hs_smt_word_from_u64(h, w, in))
        return hs_api_fail(reason, reason_len, HS_ERR_RANGE, "the %s has an element not below %llu", what,
                           (unsigned long long)h->modulus);
    return HS_OK;
}

hs_status hs_smt_root(const hs_smt *tree, uint64_t *root, size_t root_len) {
    return word_out(tree->t->h, root, root_len, hs_smt_tree_root(tree->t));
}

void hs_smt_counts(const hs_smt *tree, uint64_t *leaves, uint64_t *entries) {
    *leaves = tree->t->leaves;
    *entries = tree->t->entries;
}

hs_status hs_smt_get(hs_smt *tree, uint64_t *value, size_t value_len, const uint64_t *key, size_t key_len,
                     char *reason, size_t reason_len) {
    const hs_smt_hasher *h = tree->t->h;
    memset(value, 0, value_len * sizeof *value);
    hs_smt_word k, v;
    hs_status st = word_in(h, &k, key, key_len, "key", reason, reason_len);
    if (st) return st;
    if (value_len != h->elems) return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "value buffer of %zu elements", value_len);
    if ((st = status_of(hs_smt_tree_get(tree->t, &v, &k, reason, reason_len)))) return st;
    return word_out(h, value, value_len, &v);
}

/* words of pairs (2 words each) into a malloc'd array; range errors name the pair */
static hs_status words_in(const hs_smt_hasher *h, hs_smt_word **out, size_t *n, const uint64_t *in, size_t len,
                          unsigned per, char *reason, size_t reason_len) {
    *out = NULL;
    *n = 0;
    size_t rec = (size_t)per * h->elems;
    if (len % rec || (len && !in))
        return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "%zu elements are not whole %s (%zu elements each)",
                           len, per == 2 ? "pairs" : "keys", rec);
    size_t cnt = len / rec;
    hs_smt_word *w = malloc((cnt * per + 1) * sizeof *w);
    if (!w) return hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < cnt; i++)
        for (unsigned j = 0; j < per; j++)
            if (!hs_smt_word_from_u64(h, &w[per * i + j], in + rec * i + (size_t)j * h->elems)) {
                free(w);
                return hs_api_fail(reason, reason_len, HS_ERR_RANGE, "%s %zu has an element not below %llu",
                                   per == 2 ? "pair" : "key", i + 1, (unsigned long long)h->modulus);
            }
    if (per == 1) { /* keys -> (key, empty) pairs */
        hs_smt_word *kv = malloc((2 * cnt + 1) * sizeof *kv);
        if (!kv) {
            free(w);
            return hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "out of memory");
        }
        for (size_t i = 0; i < cnt; i++) kv[2 * i] = w[i], memset(&kv[2 * i + 1], 0, sizeof kv[0]);
        free(w);
        w = kv;
    }
    *out = w;
    *n = cnt;
    return HS_OK;
}

hs_status hs_smt_build(hs_smt *tree, const uint64_t *pairs, size_t pairs_len, char *reason, size_t reason_len) {
    hs_smt_word *kv;
    size_t n;
    hs_status st = words_in(tree->t->h, &kv, &n, pairs, pairs_len, 2, reason, reason_len);
    if (st) return st;
    st = status_of(hs_smt_tree_build(tree->t, kv, n, reason, reason_len));
    free(kv);
    return st;
}

static hs_status batch(hs_smt *tree, const uint64_t *w, size_t len, unsigned per, int present, char *reason,
                       size_t reason_len) {
    hs_smt_word *kv;
    size_t n;
    hs_status st = words_in(tree->t->h, &kv, &n, w, len, per, reason, reason_len);
    if (st) return st;
    st = status_of(hs_smt_tree_batch(tree->t, kv, n, present, reason, reason_len));
    free(kv);
    return st;
}

hs_status hs_smt_insert(hs_smt *tree, const uint64_t *pairs, size_t pairs_len, char *reason, size_t reason_len) {
    return batch(tree, pairs, pairs_len, 2, 0, reason, reason_len);
}

hs_status hs_smt_update(hs_smt *tree, const uint64_t *pairs, size_t pairs_len, char *reason, size_t reason_len) {
    return batch(tree, pairs, pairs_len, 2, 1, reason, reason_len);
}

hs_status hs_smt_remove(hs_smt *tree, const uint64_t *keys, size_t keys_len, char *reason, size_t reason_len) {
    return batch(tree, keys, keys_len, 1, 0, reason, reason_len);
}

hs_status hs_smt_mutations_new(hs_smt_mutations **out, hs_smt *tree, const uint64_t *pairs, size_t pairs_len,
                               char *reason, size_t reason_len) {
    *out = NULL;
    hs_smt_word *kv;
    size_t n;
    hs_status st = words_in(tree->t->h, &kv, &n, pairs, pairs_len, 2, reason, reason_len);
    if (st) return st;
    hs_smt_mutations *m = malloc(sizeof *m);
    if (!m) st = hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "out of memory");
    else st = status_of(hs_smt_tree_mutations(tree->t, &m->ms, kv, n, reason, reason_len));
    free(kv);
    if (st) {
        free(m);
        return st;
    }
    *out = m;
    return HS_OK;
}

hs_status hs_smt_mutations_roots(const hs_smt_mutations *m, uint64_t *old_root, uint64_t *new_root, size_t root_len) {
    hs_status st = word_out(m->ms.h, old_root, root_len, &m->ms.old_root);
    if (st) return st;
    return word_out(m->ms.h, new_root, root_len, &m->ms.new_root);
}

hs_status hs_smt_apply(hs_smt *tree, const hs_smt_mutations *m, char *reason, size_t reason_len) {
    return status_of(hs_smt_tree_apply(tree->t, &m->ms, reason, reason_len));
}

void hs_smt_mutations_free(hs_smt_mutations *m) {
    if (!m) return;
    hs_smt_mutset_free(&m->ms);
    free(m);
}

hs_status hs_smt_open_key(hs_smt *tree, uint8_t **opening, size_t *opening_len, const uint64_t *key, size_t key_len,
                          char *reason, size_t reason_len) {
    *opening = NULL;
    *opening_len = 0;
    hs_smt_word k;
    hs_status st = word_in(tree->t->h, &k, key, key_len, "key", reason, reason_len);
    if (st) return st;
    return status_of(hs_smt_tree_open(tree->t, opening, opening_len, &k, reason, reason_len));
}

void hs_smt_opening_free(uint8_t *opening) { free(opening); }

hs_status hs_smt_verify(const char *hash, const uint64_t *root, const uint64_t *key, const uint64_t *value,
                        size_t word_len, const uint8_t *opening, size_t opening_len, char *reason, size_t reason_len) {
    const hs_smt_hasher *h = hs_smt_hasher_find(hash);
    if (!h) return hs_api_fail(reason, reason_len, HS_ERR_UNKNOWN_HASH, "no tree hash named %s", hash);
    hs_smt_word r, k, v;
    hs_status st;
    if ((st = word_in(h, &r, root, word_len, "root", reason, reason_len)) ||
        (st = word_in(h, &k, key, word_len, "key", reason, reason_len)) ||
        (st = word_in(h, &v, value, word_len, "value", reason, reason_len)))
        return st;
    if (opening_len && !opening) return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "no opening bytes");
    return hs_smt_verify_opening(h, &r, &k, &v, opening, opening_len, reason, reason_len) ? HS_OK : HS_ERR_REJECTED;
}
