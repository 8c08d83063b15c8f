/* `hashsnark bench --log-perms A..B`: the bench-hash-in-snark proving table (hash, perm, time,
 * throughput, proof_size, peak_mem) measured on this machine. Each size runs in a fresh child
 * process (fork) that proves K times and verifies once, so that the child's peak resident set
 * (wait4's ru_maxrss) is that size's own; a child that dies (out of memory, a signal, the
 * timeout) gives a row of '-' and the sweep goes on. */
#ifndef HS_BENCH_SWEEP_H
#define HS_BENCH_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench/bench.h"
#include "stark/stark.h"

/* The backends a sweep can drive; each is one entry of the table in sweep.c. */
typedef enum { HS_SWEEP_STARK = 0, HS_SWEEP_GKR = 1 } hs_sweep_backend_id;

#define HS_SWEEP_WARMUP_AUTO 1000u

typedef struct {
    hs_sweep_backend_id backend;
    const char *hash;         /* an AIR's name (hs_air_find) */
    unsigned hash_id;         /* in the backend's numbering: the AIR (stark), the permutation (gkr) */
    unsigned p2b;             /* gkr: 1 + the Poseidon2b instance (hash/poseidon2b.h) proven over GF(2^128)
                                 (statement/p2bstmt.h, hash_id 0); 0: none */
    const hs_preset *preset;
    unsigned log_blowup;      /* the rate actually used (resolved from the preset when 0) */
    unsigned num_queries;     /* informative: the preset's queries at that rate */
    unsigned threads;
    unsigned samples;         /* proofs per size; the table's time is their median */
    unsigned warmup;          /* untimed proofs before them in each size's child (the first one's time: cold_s);
                                 HS_SWEEP_WARMUP_AUTO: up to 3, stopping once they took a second */
    double timeout_s;         /* per child, 0 = none */
    unsigned log_lo, log_hi;  /* sizes 2^log_lo .. 2^log_hi */
    int md_ticks;             /* markdown cells in backticks, as the bench-hash-in-snark tables */
    const char *peer;         /* non-NULL: published rows of another prover, not measured here (the
                                 prover, source, machine and threads: hs_sweep_peer_rows) */
} hs_sweep_config;

typedef struct {
    unsigned log_perms;
    int ok;                   /* 0: the row prints '-' everywhere; why says what happened */
    char why[160];
    double prove_s;           /* median of the samples */
    double prove_best_s, prove_mean_s, prove_worst_s;
    double verify_s;
    double setup_s;           /* shape-only setup of the first proof (NAN: unknown) */
    double cold_s;            /* the first warm-up proof, a fresh process's first (NAN: no warm-up) */
    unsigned warmups;         /* warm-up proofs made */
    uint64_t proof_bytes;
    uint64_t peak_rss_bytes;  /* ru_maxrss of the child */
    double bits;              /* the preset's claimed bits; NAN when not known */
} hs_sweep_row;

/* Backend name -> id; 0 if unknown. */
int hs_sweep_backend_find(const char *name, hs_sweep_backend_id *out);
/* 1 when the backend can run here; 0 with a reason (e.g. the gkr backend is not built yet). */
int hs_sweep_backend_ready(hs_sweep_backend_id id, const char **why);
const char *hs_sweep_backend_name(hs_sweep_backend_id id);

/* Parses "A..B" (or "N") with lo_min <= A <= B <= hi_max; 0 on anything else. */
int hs_sweep_parse_range(const char *s, unsigned lo_min, unsigned hi_max, unsigned *lo, unsigned *hi);

/* The preset's provable bits at this size and rate for a private statement, as 'hashsnark params'
 * reports them (the row's bits); NAN where the calculator rejects the shape. */
double hs_sweep_claimed_bits(const hs_sweep_config *cfg, unsigned log_perms);

/* Runs one child per size, log_lo..log_hi, writing rows[0 .. log_hi - log_lo]; progress goes to
 * stderr. Returns the number of rows that succeeded. Must be called before this process has
 * started any OpenMP thread (the children fork from it). */
size_t hs_sweep_run(const hs_sweep_config *cfg, hs_sweep_row *rows);

/* The bench-hash-in-snark benchmark's human units: time in ns/µs/ms/s, throughput
 * in /s, K/s, M/s (powers of 1000), proof size in B/KB/MB (powers of 1024, the next unit from
 * 1000 of the current one), peak memory in KB/MB/GB/TB (powers of 1024, the next unit above 1024),
 * and 2^n with superscript digits. */
void hs_sweep_human_time(char *buf, size_t n, double seconds);
void hs_sweep_human_throughput(char *buf, size_t n, double per_s);
void hs_sweep_human_size(char *buf, size_t n, double bytes);
void hs_sweep_human_mem(char *buf, size_t n, double bytes);
void hs_sweep_pow2(char *buf, size_t n, unsigned e);

/* Writers: that benchmark's markdown table (plus verify and bits), CSV and JSON with raw numbers. */
/* header = 0: rows only (a second hash appended to the same table). */
void hs_sweep_write_md(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n, int header);
void hs_sweep_write_csv(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n, int header);
void hs_sweep_write_json(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n);

/* One row of a comparison (bench with several hashes or backends, or --bits): its sweep's
 * configuration, the row, and its place in the order asked (ties keep it). */
typedef struct {
    const hs_sweep_config *cfg;
    const hs_sweep_row *row;
    size_t order;
} hs_sweep_entry;
/* Sorts by size, then by throughput (fastest first; failed rows last). */
void hs_sweep_sort_entries(hs_sweep_entry *e, size_t n);
/* bench --peers: the published rows of Plonky3's Poseidon2-KoalaBear-16 proofs in the
 * bench-hash-in-snark benchmark (i9-13900K, 4 threads), for the sizes 2^10..2^20 within the
 * range of cfg (a stark poseidon2-kb16 compat configuration at rate 1/2 or 1/4, which is that
 * benchmark's), as rows (time, throughput, proof size; bits by this project's calculator for the
 * same parameters); cfg->peer and cfg->threads are set. The number of rows (0 at another rate). */
size_t hs_sweep_peer_rows(hs_sweep_config *cfg, hs_sweep_row *rows);
/* The comparison table: markdown (hash, backend, preset, perm, time, throughput, proof_size,
 * peak_mem, verify, bits), CSV (the sweep's columns) or one JSON document (with the CPU, commit,
 * version and date); bits > 0 is the level asked (--bits), stated in the header. */
void hs_sweep_write_compare(FILE *f, hs_bench_format format, const hs_sweep_entry *e, size_t n, double bits);

/* Which plotting tool exists ("gnuplot" or "python3 + matplotlib"); NULL with the Debian package
 * to install in *hint when neither does. HS_PLOT=gnuplot|matplotlib forces one. */
const char *hs_sweep_plot_tool(const char **hint);
/* Draws throughput and proof size against the number of permutations into png, with that benchmark's
 * Plonky3 rows as reference points when the hash and rate match. 1 on success; 0 with a message
 * in err. */
/* The picture's format from its name: .png or .svg (anything else is refused before the sweep). */
int hs_sweep_plot_is_svg(const char *path);
int hs_sweep_plot_ext_ok(const char *path);
int hs_sweep_plot(const char *png, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n, char *err,
                  size_t errlen);
/* The comparison's figure: one line a series (a hash and backend: cfgs[k], rows[k][0 .. ns[k])),
 * throughput and proof size on log axes, no reference rows; at most 64 series. */
int hs_sweep_plot_series(const char *png, const hs_sweep_config *const *cfgs, const hs_sweep_row *const *rows,
                         const size_t *ns, size_t nseries, char *err, size_t errlen);

#endif
