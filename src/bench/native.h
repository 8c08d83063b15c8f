/* Native permutation throughput: the batch API (SIMD lanes, threads) and the single-state scalar
 * API, measured on this machine. */
#ifndef HS_BENCH_NATIVE_H
#define HS_BENCH_NATIVE_H

#include <stddef.h>

#include "hashsnark.h"

typedef struct {
    const hs_perm *perm;
    const char *api; /* "batch" or "scalar" */
    unsigned threads;
    double perms_per_s;
} hs_native_row;

/* Measures each api for 1 thread and for `threads` threads (once if threads == 1), for at least
 * min_seconds each. rows must hold 4 entries; returns the number written. */
size_t hs_bench_native_perm(const hs_perm *perm, unsigned threads, double min_seconds, hs_native_row *rows);
/* The naive % p reference (1 thread), for Poseidon2 on KoalaBear and BabyBear only; 0 for other permutations. */
double hs_bench_native_naive(const hs_perm *perm, double min_seconds);

#endif
