/* One benchmark measurement in a fresh child process (the sweep of src/bench/sweep.c and the
 * ragged-regions comparison of src/bench/ragged_compare.c): the child's peak resident set is then
 * that measurement's own, read from wait4 as bench-hash-in-snark reads /usr/bin/time's maximum resident set. */
#ifndef HS_BENCH_CHILD_H
#define HS_BENCH_CHILD_H

#include <stddef.h>
#include <stdint.h>

/* Forks; the child zeroes msg, runs fn(ctx, msg) (with a SIGALRM timer of timeout_s seconds when
 * timeout_s > 0) and sends msg (msg_len bytes, at most PIPE_BUF) back through a pipe. The parent
 * stores the child's peak RSS in bytes in *peak_rss and returns 1 when the child exited normally
 * with the whole message (msg then holds it); otherwise 0 with why ("timed out after 5 s",
 * "killed by SIGKILL (out of memory?)", ...). Flushes stdio first; call before OpenMP threads
 * exist in this process. */
int hs_bench_child(void (*fn)(void *ctx, void *msg), void *ctx, void *msg, size_t msg_len, double timeout_s,
                   uint64_t *peak_rss, char *why, size_t whylen);

/* Median of k values (sorts v). */
double hs_bench_median(double *v, unsigned k);

/* What a measuring child sends back through its pipe (one write, below PIPE_BUF): ok, or why it
 * failed; its proving times summarised; the median verification time and the proof's size. */
typedef struct {
    int ok;
    char why[160];
    double prove_median_s, prove_min_s, prove_max_s, prove_mean_s, verify_s;
    double setup_s; /* shape-only work before proving (constants, twiddles, AIR or layer tables); NAN if unknown */
    double cold_s;  /* the first (untimed) warm-up proof's time; NAN without one */
    unsigned warmups; /* warm-up proofs made */
    uint64_t proof_bytes;
} hs_bench_msg;

/* Fills the prove_* fields from k > 0 proving times (sorts t). */
void hs_bench_msg_times(hs_bench_msg *m, double *t, unsigned k);

/* hs_bench_child with an hs_bench_msg: 1 when the child ran and measured (m holds it); otherwise 0
 * with why (the child's own reason when it reported one). */
int hs_bench_measure(void (*fn)(void *ctx, void *msg), void *ctx, hs_bench_msg *m, double timeout_s,
                     uint64_t *peak_rss, char *why, size_t whylen);

#endif
