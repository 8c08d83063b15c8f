/* Internal pieces of the generic sumcheck prover (prove.c), shared with its AVX2 kernels
 * (sumcheck_avx2.c) and tests/test_sumcheck.c. Not part of the public interface.
 *
 * Blocked K tables. After round 0 the prover keeps its K-valued tables (and the eq table) in blocks
 * of 8 elements, coordinates apart: element i, coordinate c is word (i / 8) * 40 + c * 8 + i % 8.
 * Eight consecutive elements are then five 8-lane vectors, so the AVX2 kernels load them without
 * a transpose; the portable kernels use hs_sc_blk_get/set.
 * In the toolkit's plane terms (poly/mle.h) a block of 8 is one row of planes 8 apart, rows 40
 * words apart (hs_sc_eq_blocked builds its eq table that way).
 *
 * Round sums. Round i works on pairs j < half (rows j and j + half). For the round's accumulators
 * k < n_acc (term at[k] summed at point X = ax[k]) a pass over pairs [lo, hi) writes
 * sums[k] = sum_j E[j] * prod_{f in term} f(X, j) with f(X, j) = f[j] + X (f[j + half] - f[j]). */
#ifndef HS_SUMCHECK_SC_INTERNAL_H
#define HS_SUMCHECK_SC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sumcheck/sumcheck.h"

#define HS_SC_BLK 8

/* Words (hs_kb) of a blocked table of n elements. */
static inline size_t hs_sc_blk_words(size_t n) { return (n + HS_SC_BLK - 1) / HS_SC_BLK * (5 * HS_SC_BLK); }
static inline hs_kb5 hs_sc_blk_get(const hs_kb *t, size_t i) {
    const hs_kb *p = t + (i / HS_SC_BLK) * (5 * HS_SC_BLK) + i % HS_SC_BLK;
    return (hs_kb5){{p[0], p[HS_SC_BLK], p[2 * HS_SC_BLK], p[3 * HS_SC_BLK], p[4 * HS_SC_BLK]}};
}
static inline void hs_sc_blk_set(hs_kb *t, size_t i, hs_kb5 v) {
    hs_kb *p = t + (i / HS_SC_BLK) * (5 * HS_SC_BLK) + i % HS_SC_BLK;
    for (int c = 0; c < 5; c++) p[c * HS_SC_BLK] = v.c[c];
}

typedef struct {
    const hs_sc_term *terms;
    unsigned n_terms, n_tables, dq; /* dq = deg g (>= 1) */
    const unsigned *at, *ax;        /* per accumulator: term, point X */
    unsigned n_acc;
    const unsigned *used;           /* tables some term reads */
    unsigned n_used;
    size_t half;                    /* pairs this round */
    const hs_kb *E;                 /* blocked eq table, half elements */
    const hs_kb *const *tb;         /* round 0: base tables (2 half entries each), else NULL */
    hs_kb *const *te;               /* later rounds: blocked K tables */
} hs_sc_round;

/* Bytes of per-thread work space a pass needs (either kernel set). */
size_t hs_sc_work_bytes(unsigned n_tables, unsigned dq, unsigned n_acc);

/* Kernels. The AVX2 set needs half, lo, hi and cnt to be multiples of 8 (the portable set takes any). */
typedef struct {
    void (*pass_base)(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums);
    void (*pass_ext)(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums);
    /* out[i] = f[i] + r (f[i + half] - f[i]) for i in [lo, lo + cnt): base f, blocked out */
    void (*fold_base)(hs_kb *out, const hs_kb *f, size_t half, size_t lo, size_t cnt, hs_kb5 r);
    /* t[i] = t[i] + r (t[i + half] - t[i]), blocked, in place */
    void (*fold_ext)(hs_kb *t, size_t half, size_t lo, size_t cnt, hs_kb5 r);
    /* E[i] = E[i] + E[i + half], blocked, in place */
    void (*eq_drop)(hs_kb *E, size_t half, size_t lo, size_t cnt);
} hs_sc_kernels;

extern const hs_sc_kernels hs_sc_kernels_portable;
#ifdef HS_HAVE_AVX2
extern const hs_sc_kernels hs_sc_kernels_avx2;
#endif
/* AVX2 when the CPU has it (and HS_NO_SIMD is unset), else portable. */
const hs_sc_kernels *hs_sc_kernels_best(void);

/* hs_sc_prove with a chosen kernel set (tests compare the two). */
int hs_sc_prove_with(const hs_sc_kernels *kern, const hs_sc_instance *inst, const hs_kb5 *z, hs_transcript *t,
                     hs_writer *w, unsigned threads, hs_kb5 *claim_out, hs_kb5 *rho, hs_kb5 *final_vals,
                     const char **why);

/* ---- round driver shared by the generic (prove.c) and ragged (ragged.c) provers ---- */

#define HS_SC_PAR_MIN ((size_t)1 << 11) /* pairs per round below which one thread does the round */
#define HS_SC_FOLD_CHUNK ((size_t)1 << 12)

/* One instance's round state: the hs_sc_round, its accumulator plan, the per-thread scratch
 * layout (work bytes, then max_acc partial sums) and the running claim and eq factor. */
typedef struct {
    hs_sc_round R;
    unsigned *npts, *off, *at, *ax, *used;
    hs_kb5 *sums;             /* max_acc entries */
    size_t work, per_thread;
    unsigned max_acc;
    int gruen;                /* this round skips X = 1 for full-degree terms */
    hs_kb5 claim, mfac;
} hs_sc_state;

/* Zeroes S and sets max_acc, work and per_thread; returns the entries of the index buffer that
 * hs_sc_state_init lays out. */
size_t hs_sc_state_size(hs_sc_state *S, unsigned n_terms, unsigned n_tables, unsigned dq);
/* After hs_sc_state_size: terms, the index buffer, sums[max_acc], eq table and K tables; lists
 * the tables some term reads; claim 0, mfac 1. */
void hs_sc_state_init(hs_sc_state *S, const hs_sc_term *terms, unsigned n_terms, unsigned n_tables, unsigned dq,
                      unsigned *ibuf, hs_kb5 *sums, const hs_kb *E, hs_kb *const *te);
/* Round i's polynomial p(0..d) (d - 1 >= dq; R.half and R.tb set): accumulator plan, sums on
 * `threads` threads in scratch (threads * per_thread bytes), q, at round 0 the claim, then Gruen
 * (when d == dq + 1, i > 0 and z_i, mfac != 0) or eq expansion. */
void hs_sc_round_poly(const hs_sc_kernels *kern, hs_sc_state *S, unsigned i, hs_kb5 zi, unsigned d,
                      unsigned threads, char *scratch, hs_kb5 *p);

/* Blocked eq table of z (nv variables). 0 on allocation failure. */
int hs_sc_eq_blocked(hs_kb *E, const hs_kb5 *z, unsigned nv, unsigned threads);

/* A fold over [lo, lo + cnt) for hs_parallel_batches or a shared chunk loop. */
typedef struct {
    const hs_sc_kernels *kern;
    hs_kb *out;
    const hs_kb *f;
    size_t half;
    hs_kb5 r;
    int op; /* 0 fold_base, 1 fold_ext, 2 eq_drop */
} hs_sc_fold_job;
void hs_sc_fold_chunk(void *job, size_t lo, size_t cnt);

#endif
