/* Native binary Merkle tree build throughput (`hashsnark bench --native --merkle`): the tree of
 * src/merkle/tree.h built level by level, beside the batch rate of the permutation underneath
 * measured in the same run. */
#ifndef HS_BENCH_MERKLE_H
#define HS_BENCH_MERKLE_H

#include <stdio.h>

typedef struct {
    const char *hash;   /* a tree hash (hs_tree_hash_at) */
    unsigned log_lo, log_hi; /* 2^log_lo .. 2^log_hi leaves */
    unsigned threads;   /* the multi-thread rows (1: one row per size) */
    double min_seconds; /* per measured row */
    int fmt;            /* 0 md, 1 csv, 2 json */
} hs_merkle_bench_config;

/* Runs and prints the table to out (progress on stderr). Returns 0 when a tree could not be
 * allocated (the sizes measured so far are printed). */
int hs_bench_merkle(const hs_merkle_bench_config *cfg, FILE *out);

#endif
