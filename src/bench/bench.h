/* The entry points of `hashsnark bench` for the command line (src/cli/cmd_bench.c). They take
 * public types only (include/hashsnark.h), so that src/cli includes no internal header; behind
 * them src/bench measures with the library's internals (the sweep's child processes, the native
 * kernels, the machine's CPU). Everything here prints: it is the command's own output. */
#ifndef HS_BENCH_BENCH_H
#define HS_BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hashsnark.h"

/* The commit this program was built from (`git describe --always --dirty` at build time: a tag or
 * an abbreviated hash, "-dirty" when the tree had changes); "" when it was not built in a checkout. */
const char *hs_bench_commit(void);

/* What every CSV and JSON benchmark output carries: the version, the commit (hs_bench_commit,
 * "unknown" outside a checkout), the UTC date and the CPU model. hs_bench_meta_json writes them
 * as JSON members ("version": .., "commit": .., "date": .., "cpu": ..) without a trailing comma;
 * hs_bench_meta_csv as CSV values in the order of HS_BENCH_META_CSV (the CPU quoted). */
#define HS_BENCH_META_CSV "version,commit,date,cpu"
void hs_bench_meta_json(FILE *f);
void hs_bench_meta_csv(FILE *f);

/* Contention: the CPU seconds a measurement got per wall second and per thread (threads capped
 * at the CPUs online), 1 when every thread ran all the time; a share below
 * HS_BENCH_CONTENDED_SHARE means another process took the cores (the row is flagged). */
#define HS_BENCH_CONTENDED_SHARE 0.85
double hs_bench_cpu_share(double cpu_s, double wall_s, unsigned threads);
/* The markdown tables' footnote for the rows marked " *" (contended). */
void hs_bench_contention_note(FILE *f);
/* The process's CPU seconds (every thread). */
double hs_bench_cpu_now(void);

typedef enum { HS_BENCH_MD = 0, HS_BENCH_CSV = 1, HS_BENCH_JSON = 2, HS_BENCH_MD_TICKS = 3 } hs_bench_format;

/* bench --log-perms A..B: the bench-hash-in-snark proving table of one hash. */
typedef struct {
    const char *backend;   /* "stark" or "gkr" */
    const char *hash;
    const char *preset;
    const char *log_perms; /* "A..B" or "N", 0 <= A <= B <= 24 */
    unsigned log_blowup;   /* stark: 0 = the preset's rate */
    unsigned samples, threads;
    unsigned warmup;       /* untimed proofs before the samples in each size's child; 0 with warmup_given
                              0: automatic (up to 3, stopping once they took a second) */
    int warmup_given;
    double timeout_s;      /* per size's child; 0 = none */
    const char *plot;      /* a .png or .svg picture, or NULL */
    hs_bench_format format;
} hs_bench_sweep_args;

/* "A..B" (or "N") with lo_min <= A <= B <= hi_max into *lo, *hi; 0 on anything else (the size
 * ranges of the bench modes). */
int hs_bench_parse_range(const char *s, unsigned lo_min, unsigned hi_max, unsigned *lo, unsigned *hi);

/* Everything a sweep needs, checked before minutes of proving (backend, hash, sizes, preset,
 * the plotting tool); 0 with the message in err. */
int hs_bench_sweep_check(const hs_bench_sweep_args *a, char *err, size_t errlen);
/* Runs the sweep (one child process per size; progress on standard error) and prints its table
 * (header = 0: rows only, a further hash of the same table). Returns the exit status. Call before
 * this process starts threads: the children fork from it. */
int hs_bench_sweep(const hs_bench_sweep_args *a, int header);

/* bench with several hashes or backends, or --bits: the comparison. Every (hash, backend) pair
 * asked that the backend proves is swept as hs_bench_sweep would (a fresh child process per size),
 * then all rows go into one table sorted by size and throughput (md, md-ticks, csv or json) and,
 * with sweep.plot, one figure with a line a pair. */
typedef struct {
    const char *const *hashes; /* provable hash names; "all": every hash each backend proves */
    size_t n_hashes;
    const char *const *backends; /* "stark", "gkr" */
    size_t n_backends;
    double bits; /* > 0: each pair at the cheapest preset whose provable bits reach it at every size
                    (pairs that no preset brings there are left out, with a note); 0: sweep.preset */
    hs_bench_sweep_args sweep; /* the rest (its hash and backend are ignored) */
    int peers; /* add the published rows of other provers where there are some (hs_sweep_peer_rows):
                  Plonky3's Poseidon2-KB16 at rates 1/2 and 1/4, marked with their machine and threads */
} hs_bench_compare_args;

/* Validates every pair before proving any (exit status 2 with the message on standard error when
 * nothing can be compared or an argument is wrong), then runs and prints. The exit status. */
int hs_bench_compare(const hs_bench_compare_args *a);

/* bench --backend gkr --regions W1,.. --compare: the FROST-GKR ragged-regions post's three ways. */
typedef struct {
    const char *preset;
    unsigned n_regions;
    unsigned widths[HS_MAX_REGIONS]; /* each 4..20 */
    unsigned threads, samples;
    uint64_t seed;
    double timeout_s;
    int private_regions; /* 1: committed regions (private statements, verified without tables) */
} hs_bench_regions_args;

/* Runs and prints (csv, else markdown); the exit status (0 when every variant ran). */
int hs_bench_regions(const hs_bench_regions_args *a, int csv);

/* bench --native --hash HASH|all: miden-crypto's hash table (2-to-1 and 100-element hashing) plus
 * the permutation underneath; which = a hash name or "all". The exit status. */
int hs_bench_native_hashes(const char *which, unsigned threads, double seconds, hs_bench_format format);
/* bench --native --hash PERMUTATION: batch and scalar throughput for 1 and T threads, with the
 * naive reference where there is one. The exit status. */
int hs_bench_native_perm_table(const hs_perm *perm, unsigned threads, double seconds, hs_bench_format format);

/* bench --native --field gf2-128|gf2-256|kb5|all: products per second on one core for every kernel
 * this CPU and level have (GF(2^128): mul, inner product, scale-and-add; GF(2^256): mul), with
 * KoalaBear quintic products (portable, AVX2, AVX-512) in the same run for comparison. The exit
 * status. */
int hs_bench_native_fields(const char *field, double seconds, hs_bench_format format);
/* 1 when name is one of those --field values. */
int hs_bench_field_known(const char *name);

#endif
