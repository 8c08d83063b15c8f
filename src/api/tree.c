/* include/hashsnark.h: binary Merkle trees (hs_tree_*), over src/merkle/tree.h. */
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "merkle/tree.h"
#include "util/rng.h"

size_t hs_tree_hash_count(void) { return HS_C2_COUNT; }

const char *hs_tree_hash_at(size_t i) { return i < HS_C2_COUNT ? hs_compress2_table[i]->name : NULL; }

const char *hs_tree_hash_description(size_t i) {
    return i < HS_C2_COUNT ? hs_compress2_table[i]->description : NULL;
}

static const char *form_noun(hs_digest_form f) {
    return f == HS_DIGEST_KB ? "KoalaBear element" : "Goldilocks element";
}

/* The element a bad word starts (GL: the 64-bit pair). */
static unsigned long long word_value(hs_digest_form f, const uint32_t *d, unsigned i) {
    return f == HS_DIGEST_GL ? (unsigned long long)d[i + 1] << 32 | d[i] : d[i];
}

hs_status hs_tree_leaves_random(uint32_t *words, size_t n_words, const char *hash, uint64_t seed) {
    if (words) memset(words, 0, n_words * sizeof *words);
    const hs_compress2 *c = hs_compress2_lookup(hash);
    if (!c) return HS_ERR_UNKNOWN_HASH;
    if ((n_words && !words) || n_words % 8) return HS_ERR_ARGUMENT;
    hs_rng rng;
    hs_rng_seed(&rng, seed);
    const uint64_t mod = hs_digest_form_modulus(c->form);
    if (c->form == HS_DIGEST_KB) {
        for (size_t i = 0; i < n_words; i++) words[i] = (uint32_t)hs_rng_below(&rng, mod);
    } else {
        for (size_t i = 0; i < n_words; i += 2) {
            uint64_t v = mod ? hs_rng_below(&rng, mod) : hs_rng_u64(&rng);
            words[i] = (uint32_t)v, words[i + 1] = (uint32_t)(v >> 32);
        }
    }
    return HS_OK;
}

/* The hash and the depth, checked: NULL with the reason and *st set otherwise. */
static const hs_compress2 *tree_args(const char *hash, unsigned log_leaves, char *reason, size_t reason_len,
                                     hs_status *st) {
    if (reason && reason_len) reason[0] = 0;
    const hs_compress2 *c = hs_compress2_lookup(hash);
    if (!c) {
        *st = hs_api_fail(reason, reason_len, HS_ERR_UNKNOWN_HASH, "no tree hash named '%s'", hash);
        return NULL;
    }
    if (log_leaves > HS_TREE_MAX_LOG) {
        *st = hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "2^%u leaves: at most 2^%u", log_leaves,
                          HS_TREE_MAX_LOG);
        return NULL;
    }
    return c;
}

hs_status hs_tree_new(const hs_ctx *ctx, hs_tree **out, char *reason, size_t reason_len, const char *hash,
                      unsigned log_leaves, const uint32_t *leaves, size_t n_words) {
    *out = NULL;
    hs_status st;
    const hs_compress2 *c = tree_args(hash, log_leaves, reason, reason_len, &st);
    if (!c) return st;
    const size_t n = (size_t)1 << log_leaves;
    if (!leaves)
        return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "the leaves pointer is NULL (2^%u leaves of 8 words "
                           "each wanted)", log_leaves);
    if (n_words / 8 != n || n_words % 8)
        return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "2^%u leaves are %zu words, not %zu", log_leaves,
                           8 * n, n_words);
    for (size_t t = 0; t < n; t++) {
        unsigned bad;
        if (!hs_digest_words_check(c->form, leaves + 8 * t, &bad))
            return hs_api_fail(reason, reason_len, HS_ERR_RANGE, "leaf %zu, word %u: %llu is not a canonical %s", t,
                               bad, word_value(c->form, leaves + 8 * t, bad), form_noun(c->form));
    }
    hs_tree *tr;
    if (!hs_tree_alloc(&tr, c, log_leaves))
        return hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "no memory for a tree of 2^%u leaves", log_leaves);
    uint32_t *lv = hs_tree_leaves(tr);
    memcpy(lv, leaves, 8 * n * sizeof *lv);
    hs_digest_words_to_native(c->form, lv, 8 * n);
    hs_tree_build_levels(tr, ctx->threads);
    *out = tr;
    return HS_OK;
}

void hs_tree_free(hs_tree *t) { hs_tree_release(t); }
unsigned hs_tree_log_leaves(const hs_tree *t) { return t->log_leaves; }
const char *hs_tree_hash(const hs_tree *t) { return t->c->name; }

static void node_canonical(const hs_tree *t, uint32_t out[8], size_t i) {
    memcpy(out, t->nodes + 8 * i, 32);
    hs_digest_words_to_canonical(t->c->form, out, 8);
}

void hs_tree_root(const hs_tree *t, uint32_t root[8]) { node_canonical(t, root, 1); }

hs_status hs_tree_node(const hs_tree *t, uint32_t out[8], uint64_t node) {
    memset(out, 0, 32);
    if (node == 0 || node >> (t->log_leaves + 1)) return HS_ERR_ARGUMENT;
    node_canonical(t, out, (size_t)node);
    return HS_OK;
}

hs_status hs_tree_open(const hs_tree *t, uint32_t *branches, size_t n_words, const uint64_t *indices,
                       size_t n_indices) {
    const size_t per = 8 + 8 * (size_t)t->log_leaves;
    if (branches) memset(branches, 0, n_words * sizeof *branches);
    if ((n_indices && (!indices || !branches)) || n_words / per != n_indices || n_words % per) return HS_ERR_ARGUMENT;
    for (size_t p = 0; p < n_indices; p++)
        if (indices[p] >> t->log_leaves) return HS_ERR_ARGUMENT;
    for (size_t p = 0; p < n_indices; p++) {
        uint32_t *b = branches + p * per;
        node_canonical(t, b, ((size_t)1 << t->log_leaves) + (size_t)indices[p]);
        hs_tree_branch(t, (size_t)indices[p], b + 8);
        hs_digest_words_to_canonical(t->c->form, b + 8, per - 8);
    }
    return HS_OK;
}

hs_status hs_tree_verify(char *reason, size_t reason_len, const char *hash, unsigned log_leaves, const uint32_t root[8],
                         uint64_t index, const uint32_t *branch, size_t n_words) {
    hs_status st;
    const hs_compress2 *c = tree_args(hash, log_leaves, reason, reason_len, &st);
    if (!c) return st;
    if (n_words && !branch) return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT, "no branch given");
    unsigned bad;
    if (!hs_digest_words_check(c->form, root, &bad))
        return hs_api_fail(reason, reason_len, HS_ERR_RANGE, "root word %u is not a canonical %s", bad,
                           form_noun(c->form));
    if (index >> log_leaves)
        return hs_api_fail(reason, reason_len, HS_ERR_REJECTED,
                           "index %llu is out of range: a depth-%u tree has 2^%u leaves", (unsigned long long)index,
                           log_leaves, log_leaves);
    const size_t per = 8 + 8 * (size_t)log_leaves;
    if (n_words != per)
        return hs_api_fail(reason, reason_len, HS_ERR_REJECTED,
                           "the branch has %zu words; a depth-%u branch has %zu (the leaf and %u siblings)", n_words,
                           log_leaves, per, log_leaves);
    for (unsigned d = 0; d <= log_leaves; d++)
        if (!hs_digest_words_check(c->form, branch + 8 * d, &bad)) {
            if (d == 0)
                return hs_api_fail(reason, reason_len, HS_ERR_REJECTED, "leaf word %u is not a canonical %s", bad,
                                   form_noun(c->form));
            return hs_api_fail(reason, reason_len, HS_ERR_REJECTED, "sibling %u word %u is not a canonical %s", d - 1,
                               bad, form_noun(c->form));
        }
    uint32_t *b = malloc(per * sizeof *b);
    if (!b) return hs_api_fail(reason, reason_len, HS_ERR_NOMEM, "out of memory");
    memcpy(b, branch, per * sizeof *b);
    hs_digest_words_to_native(c->form, b, per);
    uint32_t got[8], want[8];
    hs_tree_branch_root(c, log_leaves, (size_t)index, b, b + 8, got);
    free(b);
    memcpy(want, root, sizeof want);
    hs_digest_words_to_native(c->form, want, 8);
    if (memcmp(got, want, sizeof got))
        return hs_api_fail(reason, reason_len, HS_ERR_REJECTED,
                           "the branch of leaf %llu leads to another root than the given one",
                           (unsigned long long)index);
    return HS_OK;
}
