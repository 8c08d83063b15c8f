/* `hashsnark bench --backend gkr --regions w1,w2,.. --compare`: the FROST-GKR ragged-regions post's comparison of the three
 * ways to prove unequal regions (src/gkr/ragged.h): independent walks, one max-padded walk, one
 * ragged walk, for public statements or committed regions (private). Each variant runs in a fresh child process (fork) that builds the regions' random
 * inputs, proves `samples` times and verifies `samples` times; the parent reads the child's peak
 * resident set with wait4. Markdown as in the seed, CSV
 * `variant,physical_rows,prove_s,verify_s,proof_bytes,peak_rss_bytes`. */
#ifndef HS_BENCH_RAGGED_COMPARE_H
#define HS_BENCH_RAGGED_COMPARE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gkr/ragged.h"

typedef struct {
    const hs_preset *preset;
    unsigned n_regions;
    unsigned widths[HS_RAGGED_MAX_REGIONS];
    unsigned threads;
    unsigned samples;  /* proofs and verifications per variant (medians); >= 1 */
    uint64_t seed;     /* random inputs */
    double timeout_s;  /* per child, 0 = none */
    int private_io;    /* 1: committed regions (private statements, verified without tables) */
} hs_ragged_bench_config;

typedef struct {
    unsigned variant;
    int ok;            /* 0: the row prints '-'; why says what happened */
    char why[160];
    size_t physical_rows;
    double prove_s, prove_min_s, prove_max_s; /* median, range */
    double verify_s;                          /* median */
    uint64_t proof_bytes;
    uint64_t peak_rss_bytes;
} hs_ragged_bench_row;

/* Runs the three variants (rows[v] for variant v = independent, padded, ragged), one child each;
 * progress on stderr. Returns the number of rows that succeeded. Call before this process starts
 * OpenMP threads (the children fork from it). */
unsigned hs_ragged_bench_run(const hs_ragged_bench_config *cfg, hs_ragged_bench_row rows[3]);

void hs_ragged_bench_write_md(FILE *f, const hs_ragged_bench_config *cfg, const hs_ragged_bench_row rows[3]);
void hs_ragged_bench_write_csv(FILE *f, const hs_ragged_bench_row rows[3]);

/* The whole command: run, then print (csv != 0: CSV, else markdown) to f. Returns the process exit
 * status (0 when every variant ran). */
int hs_ragged_compare(const hs_ragged_bench_config *cfg, int csv, FILE *f);

#endif
