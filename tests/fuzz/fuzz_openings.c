#include "fuzz_openings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static hs_ctx *shared_ctx(void) {
    static hs_ctx *ctx;
    if (!ctx && hs_ctx_new(&ctx, 1) != HS_OK) ctx = NULL;
    return ctx;
}

/* leaf indices of the fixed pairs and keys (all below both moduli's reach: the KoalaBear leaf
 * index is key[7] * 2^32 + key[6]) */
static const uint64_t smt_leaf[HS_FUZZ_SMT_KEYS] = {
    0, 4, 5, 5, 9, 9, 9, ((uint64_t)1 << 40) + 7, /* present: leaves 5 and 9 hold 2 and 3 pairs */
    12345, 5, ((uint64_t)1 << 40) + 7,           /* absent: empty leaf, leaf of 2, leaf of 1 */
};

static void smt_word(const hs_fuzz_smt *t, uint64_t *w, uint64_t a, uint64_t b, uint64_t leaf) {
    memset(w, 0, HS_SMT_MAX_WORD * sizeof *w);
    w[0] = a, w[1] = b;
    if (t->elems == 4) {
        w[3] = leaf;
    } else {
        w[6] = leaf & 0xffffffffu;
        w[7] = leaf >> 32;
    }
}

int hs_fuzz_smt_fixed(size_t i, hs_fuzz_smt *t) {
    memset(t, 0, sizeof *t);
    char reason[HS_REASON_LEN];
    t->hash = hs_smt_hash_name(i);
    hs_ctx *ctx = shared_ctx();
    if (!t->hash || !ctx || hs_smt_hash_info(t->hash, &t->elems, &t->modulus) != HS_OK) {
        fprintf(stderr, "fuzz: no tree hash %zu\n", i);
        return 0;
    }
    for (unsigned k = 0; k < HS_FUZZ_SMT_KEYS; k++) {
        /* present keys differ in element 0 within a leaf (sorted order is by the last elements
         * first, so element 1 varies too); absent ones use elements no present key has */
        smt_word(t, t->key[k], k < HS_FUZZ_SMT_PAIRS ? 1 + 3 * k : 1000 + k, k < HS_FUZZ_SMT_PAIRS ? 9 - k : 77,
                 smt_leaf[k]);
        if (k < HS_FUZZ_SMT_PAIRS) smt_word(t, t->value[k], 100 + k, 1, 1 + k);
    }
    uint64_t pairs[HS_FUZZ_SMT_PAIRS * 2 * HS_SMT_MAX_WORD];
    size_t n = 0;
    for (unsigned k = 0; k < HS_FUZZ_SMT_PAIRS; k++) {
        memcpy(pairs + n, t->key[k], t->elems * sizeof *pairs), n += t->elems;
        memcpy(pairs + n, t->value[k], t->elems * sizeof *pairs), n += t->elems;
    }
    if (hs_smt_new(&t->tree, ctx, t->hash, NULL, 0, reason, sizeof reason) != HS_OK ||
        hs_smt_build(t->tree, pairs, n, reason, sizeof reason) != HS_OK ||
        hs_smt_root(t->tree, t->root, t->elems) != HS_OK) {
        fprintf(stderr, "fuzz: the fixed %s tree: %s\n", t->hash, reason);
        hs_fuzz_smt_free(t);
        return 0;
    }
    return 1;
}

void hs_fuzz_smt_free(hs_fuzz_smt *t) {
    hs_smt_free(t->tree);
    t->tree = NULL;
}

int hs_fuzz_tree_fixed(size_t i, unsigned log_leaves, hs_tree **out) {
    *out = NULL;
    char reason[HS_REASON_LEN] = "";
    const char *hash = hs_tree_hash_at(i);
    hs_ctx *ctx = shared_ctx();
    size_t words = (size_t)8 << log_leaves;
    uint32_t *leaves = malloc(words * sizeof *leaves);
    int ok = hash && ctx && leaves && log_leaves <= HS_FUZZ_TREE_MAX_LOG &&
             hs_tree_leaves_random(leaves, words, hash, 7 + log_leaves) == HS_OK &&
             hs_tree_new(ctx, out, reason, sizeof reason, hash, log_leaves, leaves, words) == HS_OK;
    free(leaves);
    if (!ok) fprintf(stderr, "fuzz: the fixed tree %zu of 2^%u leaves: %s\n", i, log_leaves, reason);
    return ok;
}
