/* miden-crypto's sparse Merkle tree benchmark (its `miden-crypto` binary, three scenarios:
 * construction from n pairs, a batched insertion of b new pairs, a batched update of b present
 * keys), through the public tree API, in memory and on disk, for each thread count. */
#ifndef HS_BENCH_SMT_BENCH_H
#define HS_BENCH_SMT_BENCH_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *hash;
    size_t size, batch;
    unsigned threads[2]; /* the thread counts to run (threads[1] = 0: one) */
    int memory, disk;    /* storages to run */
    const char *dir;     /* parent of the on-disk trees (removed after each run unless keep) */
    int keep;            /* leave the on-disk trees (their paths go to stderr) */
    int format;          /* 0 markdown, 1 csv, 2 json (with the version, commit, date and CPU) */
    unsigned long long seed;
} hs_smt_bench_cfg;

/* 0 on success; 2 after printing an error. Tables to out, progress to stderr. */
int hs_smt_bench(const hs_smt_bench_cfg *cfg, FILE *out);

#endif
