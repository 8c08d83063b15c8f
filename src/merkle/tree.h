/* The binary Merkle tree over 2^k leaf digests (the `hashsnark merkle` command, hs_tree_* of
 * include/hashsnark.h, and the gkr Merkle statements, which commit its node array directly).
 *
 * Layout: heap order. nodes holds 2^(k+1) digests of 8 words each, in the hash's native form
 * (compress.h: KoalaBear digests in Montgomery form): node 1 is the root, the children of node i
 * are 2i and 2i+1, leaf t is node 2^k + t, node 0 is unused and all zero. Level j (from the root)
 * is nodes [2^j, 2^(j+1)), and the children of level j are level j+1, contiguous, so node i's two
 * children are one 16-word block: nodes as 2^k rows of 16 words is the table of the 2^k
 * compression inputs (row 0 = node 0 || root, a dummy), and its first half the outputs.
 *
 * Built level by level from the leaves, each level through the hash's batch kernel with OpenMP
 * threads; the nodes never depend on the thread count. A branch (opening) of leaf t is its k
 * siblings bottom-up: node (2^k + t) >> j ^ 1 for j = 0..k-1. */
#ifndef HS_MERKLE_TREE_H
#define HS_MERKLE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "merkle/compress.h"

/* Trees up to 2^30 leaves (2^31 nodes, 64 GiB) are addressable; memory decides the rest. */
#define HS_TREE_MAX_LOG 30

struct hs_tree {
    const hs_compress2 *c;
    unsigned log_leaves;
    uint32_t *nodes; /* 2^(log_leaves+1) * 8 words, 64-byte aligned */
};
typedef struct hs_tree hs_tree;

/* Allocates a tree; node 0 is zeroed, the rest is uninitialised: write the 2^k leaves (native
 * form) to hs_tree_leaves(t), then call hs_tree_build_levels. 0 on log_leaves > HS_TREE_MAX_LOG
 * or out of memory. */
int hs_tree_alloc(hs_tree **out, const hs_compress2 *c, unsigned log_leaves);
static inline uint32_t *hs_tree_leaves(hs_tree *t) { return t->nodes + ((size_t)8 << t->log_leaves); }
/* Computes every internal node from the leaves, level by level. */
void hs_tree_build_levels(hs_tree *t, unsigned threads);
void hs_tree_release(hs_tree *t);

/* The k siblings of leaf `index` (< 2^k), bottom-up, native form: 8k words. */
void hs_tree_branch(const hs_tree *t, size_t index, uint32_t *siblings);
/* The root a branch leads to (native form): cur = leaf; at level j, cur = C(cur, sib_j) when bit
 * j of index is 0, else C(sib_j, cur). index < 2^log_leaves is the caller's to check. */
void hs_tree_branch_root(const hs_compress2 *c, unsigned log_leaves, size_t index, const uint32_t leaf[8],
                         const uint32_t *siblings, uint32_t root[8]);

#endif
