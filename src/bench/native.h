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
    double cpu_share; /* hs_bench_cpu_share over the measurement (below HS_BENCH_CONTENDED_SHARE: contended) */
} hs_native_row;

/* Measures each api for 1 thread and for `threads` threads (once if threads == 1), for at least
 * min_seconds each. rows must hold 4 entries; returns the number written. */
size_t hs_bench_native_perm(const hs_perm *perm, unsigned threads, double min_seconds, hs_native_row *rows);
/* The naive % p reference (1 thread), for Poseidon2 on KoalaBear and BabyBear and Poseidon1 on
 * KoalaBear only; 0 for other permutations. */
double hs_bench_native_naive(const hs_perm *perm, double min_seconds);
/* ns per call of step(arg): the fastest of repeated batches of calls, each batch about 1 ms, for at
 * least min_seconds (the machines are shared: the best batch is the closest to what the code can do). */
double hs_bench_time_loop(void (*step)(void *), void *arg, double min_seconds);


/* miden-crypto's hash benchmark table for one hash: scenario 1 = 2-to-1 hashing of two digests,
 * scenario 2 = sequential hashing of 100 field elements (400 bytes for byte hashes), on 1 thread;
 * plus batch throughput of the permutation underneath for 1 and `threads` threads (0 if none);
 * for byte hashes also the time of one 1 MiB message (mib_ns, 1 thread; 0 for element hashes). */
typedef struct {
    const struct hs_hash_info *hash;
    double merge_ns, seq_ns, mib_ns;
    double perms_1t, perms_nt;
    unsigned threads;
    double cpu_share_1t, cpu_share_nt; /* hs_bench_cpu_share of the one-thread and T-thread measurements (NAN: none) */
} hs_hash_row;

void hs_bench_native_hash(const struct hs_hash_info *h, unsigned threads, double min_seconds, hs_hash_row *row);
#endif
