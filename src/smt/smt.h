/* A depth-64 sparse Merkle tree exactly as miden-crypto defines it (merkle/smt): leaf index from
 * the key (smt_hash.h), leaves Empty / Single / Multiple (up to 1024 pairs sorted by key, one
 * leaf index), inner nodes merge(left, right), empty subtrees E_h, and LargeSmt's storage
 * (smt_store.h): depths 0..16 in memory, depth-8 subtree records below, leaves apart.
 *
 * Changes are batches: hs_smt_tree_mutations computes the mutation set (the new leaves and every
 * node on their paths, level by level, the new root) without touching the tree;
 * hs_smt_tree_apply writes it in one store transaction. A batch goes up in depth-8 bands, each
 * thread taking a run of whole subtrees up eight levels, each level of a run one batch of merges
 * (the SIMD permutations); the result never depends on the thread count. Not safe for concurrent
 * use of one tree.
 *
 * Several trees (in several processes) may share one LMDB store: every write takes the store's
 * writer lock, then brings the tree to the root the store holds (tree_sync in smt.c), so a batch
 * (hs_smt_tree_batch) applies to the newest tree and a mutation set computed before another
 * writer committed is refused (HS_SMT_ERR_CONFLICT). Reads (get, open, mutations) first bring the
 * tree to the store's read snapshot, so an opening always matches hs_smt_tree_root afterwards. */
#ifndef HS_SMT_SMT_H
#define HS_SMT_SMT_H

#include <stddef.h>
#include <stdint.h>

#include "smt/smt_hash.h"
#include "smt/smt_store.h"

#define HS_SMT_MAX_LEAF_ENTRIES 1024
#define HS_SMT_TOP_DEPTH 16
/* opening bytes: u32 LE pair count n, n pairs (64 bytes: key, value), 64 siblings (depth 64 first) */
#define HS_SMT_OPENING_BYTES(n) (4 + 64 * (size_t)(n) + 64 * 32)

typedef enum {
    HS_SMT_OK = 0,
    HS_SMT_ERR_MEMORY,
    HS_SMT_ERR_STORAGE,   /* the store failed or holds a malformed record (reason says which) */
    HS_SMT_ERR_DUPLICATE, /* a key twice in one batch */
    HS_SMT_ERR_LEAF_FULL, /* more than 1024 pairs in one leaf */
    HS_SMT_ERR_RANGE,     /* a non-canonical element */
    HS_SMT_ERR_CONFLICT,  /* a mutation set made for another root */
    HS_SMT_ERR_NOT_EMPTY, /* build on a tree that has entries */
    HS_SMT_ERR_BROKEN,    /* an in-memory tree after a failed apply */
    HS_SMT_ERR_MISMATCH,  /* a stored tree of another hash */
    HS_SMT_ERR_NO_TREE,   /* a tree's hash taken from a store that holds none */
    HS_SMT_ERR_ABSENT     /* a batch of updates with a key not in the tree */
} hs_smt_err;

typedef struct hs_smt_tree {
    const hs_smt_hasher *h;
    hs_smt_store *st;
    hs_smt_word *top; /* 2^17 words: node (d, q) of depth d <= 16 at 2^d + q; root top[1] */
    hs_smt_word E[HS_SMT_DEPTH + 1];
    uint64_t leaves, entries;
    unsigned threads;
    int broken;
} hs_smt_tree;

/* The new subtree records of a batch, of one band and one thread's run: record i (position
 * id[i]) is len[i] bytes at bytes + off[i] (0: a deletion). */
typedef struct {
    size_t n, cap, used, bytes_cap;
    uint64_t *id;
    size_t *off;
    uint32_t *len;
    uint8_t *bytes;
} hs_smt_recs;
#define HS_SMT_BANDS 6 /* subtree records rooted at depths 16, 24, ..., 56 */

typedef struct hs_smt_mutset {
    const hs_smt_hasher *h;
    hs_smt_word old_root, new_root;
    /* level d (0..64): n[d] nodes (col[d][i], hash[d][i]), sorted by column; level 64 = leaf hashes.
     * A batch keeps the levels 0..16 only: below, its subtree records are written as it goes up
     * (rec[b][0 .. nrec[b]), records rooted at depth 16 + 8b, in position order). */
    size_t n[HS_SMT_DEPTH + 1];
    uint64_t *col[HS_SMT_DEPTH + 1];
    hs_smt_word *hash[HS_SMT_DEPTH + 1];
    /* changed leaves: leaf i has index lidx[i] and the lcnt[i] pairs at lkv + 2 * loff[i] (0: now empty) */
    size_t nleaf;
    uint64_t *lidx;
    size_t *loff;
    uint32_t *lcnt;
    hs_smt_word *lkv;
    int64_t d_leaves, d_entries;
    hs_smt_recs *rec[HS_SMT_BANDS];
    unsigned nrec[HS_SMT_BANDS];
} hs_smt_mutset;

/* store: taken over (freed with the tree, also on failure). A store with records is loaded: the
 * depth-16 table rebuilds the top and the root; its hash must be h (h NULL: the stored hash, and
 * HS_SMT_ERR_NO_TREE when the store holds no tree). */
hs_smt_err hs_smt_tree_new(hs_smt_tree **out, const hs_smt_hasher *h, hs_smt_store *st, unsigned threads, char *reason,
                           size_t rlen);
void hs_smt_tree_free(hs_smt_tree *t);

const hs_smt_word *hs_smt_tree_root(const hs_smt_tree *t);
/* value of key (the empty word when absent) */
hs_smt_err hs_smt_tree_get(hs_smt_tree *t, hs_smt_word *value, const hs_smt_word *key, char *reason, size_t rlen);
/* hash of node (depth, pos), E at empty positions */
hs_smt_err hs_smt_tree_node(hs_smt_tree *t, hs_smt_word *out, unsigned depth, uint64_t pos, char *reason, size_t rlen);

/* kv: n pairs (key, value) as 2n words; a value of the empty word removes its key. */
hs_smt_err hs_smt_tree_mutations(hs_smt_tree *t, hs_smt_mutset *ms, const hs_smt_word *kv, size_t n, char *reason,
                                 size_t rlen);
/* Writes a mutation set in one transaction: HS_SMT_ERR_CONFLICT unless the store's root, read under
 * its writer lock, is still the set's old root. */
hs_smt_err hs_smt_tree_apply(hs_smt_tree *t, const hs_smt_mutset *ms, char *reason, size_t rlen);
/* A batch computed and written inside one write transaction (mutations then apply, but computed
 * on the newest stored tree, so a writer in another process is waited for, never overwritten).
 * present: every key must be in the tree (else HS_SMT_ERR_ABSENT naming the pair, nothing
 * written), checked in the same transaction. */
hs_smt_err hs_smt_tree_batch(hs_smt_tree *t, const hs_smt_word *kv, size_t n, int present, char *reason,
                             size_t rlen);
void hs_smt_mutset_free(hs_smt_mutset *ms);
/* Construction of an empty tree from n pairs: the mutation set computed and written as it goes,
 * each depth-8 band of levels freed once its subtree records are written (one transaction). */
hs_smt_err hs_smt_tree_build(hs_smt_tree *t, const hs_smt_word *kv, size_t n, char *reason, size_t rlen);

/* The opening of key (membership when present, else non-membership): *out malloc'd. */
hs_smt_err hs_smt_tree_open(hs_smt_tree *t, uint8_t **out, size_t *len, const hs_smt_word *key, char *reason,
                            size_t rlen);
/* 1 if the opening shows key -> value (value empty: key absent) under root; 0 with a reason. Any
 * bytes are safe. */
int hs_smt_verify_opening(const hs_smt_hasher *h, const hs_smt_word *root, const hs_smt_word *key,
                          const hs_smt_word *value, const uint8_t *op, size_t len, char *reason, size_t rlen);

#endif
