/* The fixed trees of the opening targets (fuzz_smt.c, fuzz_tree.c) and of the corpus generator:
 * small trees built through the C API (include/hashsnark.h), so the seeds are real openings and
 * the targets verify against the same roots. */
#ifndef HS_FUZZ_OPENINGS_H
#define HS_FUZZ_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "hashsnark.h"

/* ---- sparse Merkle trees (hs_smt_verify) ----
 * One fixed tree per hs_smt_hash_name(i): 8 pairs in 5 leaves (two leaves of several pairs, a
 * leaf next to another at depth 64, one leaf index above 2^32), and HS_FUZZ_SMT_KEYS keys to open:
 * the 8 present ones, then 3 absent ones (in an empty leaf, in a leaf of two pairs, in a leaf of
 * one pair). Values are distinct and non-empty. */
#define HS_FUZZ_SMT_PAIRS 8
#define HS_FUZZ_SMT_KEYS 11

typedef struct {
    const char *hash;
    unsigned elems;
    uint64_t modulus;
    uint64_t root[HS_SMT_MAX_WORD];
    uint64_t key[HS_FUZZ_SMT_KEYS][HS_SMT_MAX_WORD];
    uint64_t value[HS_FUZZ_SMT_KEYS][HS_SMT_MAX_WORD]; /* the empty word for an absent key */
    hs_smt *tree;                                       /* in memory, for hs_smt_open_key */
} hs_fuzz_smt;

/* The fixed tree of hash i < hs_smt_hash_count(): 0 with a message on failure. */
int hs_fuzz_smt_fixed(size_t i, hs_fuzz_smt *out);
void hs_fuzz_smt_free(hs_fuzz_smt *t);

/* ---- binary Merkle trees (hs_tree_verify) ----
 * One fixed tree per (hs_tree_hash_at(i), log_leaves <= HS_FUZZ_TREE_MAX_LOG): the leaves of
 * hs_tree_leaves_random with seed 7 + log_leaves. The corpus holds the branch of every leaf. */
#define HS_FUZZ_TREE_MAX_LOG 3

/* *out: the tree (hs_tree_free); 0 with a message on failure. */
int hs_fuzz_tree_fixed(size_t i, unsigned log_leaves, hs_tree **out);

#endif
