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

void hs_tree_build_levels(hs_tree *t, unsigned threads) {
    /* level j's 2^j parents from level j+1's 2^(j+1) children, j = k-1 .. 0 */
    for (unsigned j = t->log_leaves; j-- > 0;) {
        const size_t n = (size_t)1 << j;
        hs_compress2_many_mt(t->c, t->nodes + 16 * n, n, t->nodes + 8 * n, threads);
    }
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
