/* The binary Merkle tree in heap order (tree.h). */
#include "merkle/tree.h"

#include <stdlib.h>
#include <string.h>

#include "util/mem.h"

int hs_tree_alloc(hs_tree **out, const hs_compress2 *c, unsigned log_leaves) {
    *out = NULL;
    if (!c || log_leaves > HS_TREE_MAX_LOG) return 0;
    hs_tree *t = calloc(1, sizeof *t);
    if (!t) return 0;
    t->c = c;
    t->log_leaves = log_leaves;
    t->nodes = hs_alloc_array((size_t)2 << log_leaves, 8 * sizeof(uint32_t));
    if (!t->nodes) {
        free(t);
        return 0;
    }
    memset(t->nodes, 0, 8 * sizeof(uint32_t));
    *out = t;
    return 1;
}

/* Levels j = hi-1 down to lo of the subtree under node r at level 0 of the walk (r = 1: the whole
 * tree): the subtree's nodes at depth d below r are the contiguous run [r 2^d, (r+1) 2^d), whose
 * children are the run [r 2^(d+1), (r+1) 2^(d+1)): one batch call per level. */
static void subtree_levels(const hs_tree *t, size_t r, unsigned depth) {
    for (unsigned d = depth; d-- > 0;) {
        const size_t first = r << d, n = (size_t)1 << d;
        t->c->many(t->nodes + 16 * first, n, t->nodes + 8 * first);
    }
}

/* The 2^TOP subtrees under level TOP are built bottom-up one per thread at a time (dynamic: a
 * thread that another process slows down takes fewer; one parallel region, no barrier per level,
 * and a subtree's levels stay in its thread's cache), then the TOP levels above them. */
enum { TOP = 6, PAR_MIN_LOG = 12 };

void hs_tree_build_levels(hs_tree *t, unsigned threads) {
    const unsigned k = t->log_leaves;
    if (threads <= 1 || k < PAR_MIN_LOG) {
        subtree_levels(t, 1, k);
        return;
    }
    hs_compress2_prepare(t->c);
    const long lo = 1L << TOP, hi = 2L << TOP;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (long r = lo; r < hi; r++) subtree_levels(t, (size_t)r, k - TOP);
    subtree_levels(t, 1, TOP);
}

void hs_tree_release(hs_tree *t) {
    if (!t) return;
    hs_free(t->nodes);
    free(t);
}

void hs_tree_branch(const hs_tree *t, size_t index, uint32_t *siblings) {
    size_t v = ((size_t)1 << t->log_leaves) + index;
    for (unsigned j = 0; j < t->log_leaves; j++, v >>= 1) memcpy(siblings + 8 * j, t->nodes + 8 * (v ^ 1), 32);
}

void hs_tree_branch_root(const hs_compress2 *c, unsigned log_leaves, size_t index, const uint32_t leaf[8],
                         const uint32_t *siblings, uint32_t root[8]) {
    uint32_t pair[16];
    memcpy(root, leaf, 32);
    for (unsigned j = 0; j < log_leaves; j++) {
        const int right = (int)(index >> j & 1);
        memcpy(pair + (right ? 8 : 0), root, 32);
        memcpy(pair + (right ? 0 : 8), siblings + 8 * j, 32);
        c->one(root, pair);
    }
}
