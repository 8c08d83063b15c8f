/* Ragged sumcheck (the FROST-GKR ragged-regions post): several eq-times-products instances of
 * different sizes proved by ONE sumcheck over nv variables that share every challenge.
 *
 * Instance a has n_a <= nv native variables, its own point z_a (n_a coordinates), base-field
 * tables of 2^n_a entries and terms (hs_sc_term, degree <= 4). It is embedded in the nv-variable
 * cube with the padding selector prod_{j >= n_a} (1 - x_j): its native variables are variables
 * 0..n_a-1 (most significant first, mle.h), its padding variables are n_a..nv-1. On the cube the
 * selector keeps x_{>=n_a} = 0 only, so the instance adds exactly its own sum
 *   S_a = sum_{u in {0,1}^n_a} eq(z_a, u) g_a(tables_a(u)),
 * and the sumcheck proves sum_a S_a. Equivalently, instance a is the zero-padded point
 * (z_a, 0^{nv - n_a}) over its table padded with anything: no padding row is ever stored.
 *
 * Round j: an active instance (j < n_a) contributes m_a eq(z_a,j, X) q_a(X) from its own folded
 * tables (Gruen factoring, the generic prover's kernels, sc_internal.h); an exhausted one
 * contributes (1 - X) K_a with K_a its running claim, O(1) work. The round polynomial is their sum,
 * sent with the shared transport (hs_sc_prove_round), degree d = max deg g_a + 1 (at least 2).
 * After nv rounds the prover knows every instance's table values at its prefix rho_{<n_a}; the
 * caller sends them. The verifier runs hs_sc_verify over nv rounds and checks
 *   final = sum_a hs_rsc_selector(z_a, n_a, rho, nv) g_a(values_a). */
#ifndef HS_SUMCHECK_RAGGED_H
#define HS_SUMCHECK_RAGGED_H

#include "sumcheck/sumcheck.h"

#define HS_RSC_MAX_INSTANCES 64

typedef struct {
    unsigned n;                 /* native variables, 1..nv */
    const hs_kb5 *z;            /* n coordinates */
    unsigned n_tables;
    const hs_kb *const *tables; /* n_tables base-field tables of 2^n entries (not modified) */
    unsigned n_terms;
    const hs_sc_term *terms;
} hs_rsc_instance;

/* The round polynomial degree of the combined sumcheck (what hs_sc_verify needs). */
unsigned hs_rsc_degree(const hs_rsc_instance *inst, unsigned k);

/* Proves the k instances over nv >= max n_a variables. Fills claims[k] (each instance's sum S_a;
 * the proved claim is their sum), rho (nv challenges) and final_vals (instance a's tables at
 * rho_{<n_a}, instances one after the other, n_tables each). Writes the round messages to w.
 * 0 with *why on bad arguments or allocation failure. Result independent of threads. */
int hs_rsc_prove(const hs_rsc_instance *inst, unsigned k, unsigned nv, hs_transcript *t, hs_writer *w,
                 unsigned threads, hs_kb5 *claims, hs_kb5 *rho, hs_kb5 *final_vals, const char **why);

/* The same with buffers kept in a workspace between calls (a GKR walk calls it once per layer). */
typedef struct hs_rsc_ws hs_rsc_ws;
hs_rsc_ws *hs_rsc_ws_new(void);
void hs_rsc_ws_free(hs_rsc_ws *ws);
int hs_rsc_prove_ws(hs_rsc_ws *ws, const hs_rsc_instance *inst, unsigned k, unsigned nv, hs_transcript *t,
                    hs_writer *w, unsigned threads, hs_kb5 *claims, hs_kb5 *rho, hs_kb5 *final_vals,
                    const char **why);

/* eq(z, rho_{<n}) prod_{n <= j < nv} (1 - rho_j). */
hs_kb5 hs_rsc_selector(const hs_kb5 *z, unsigned n, const hs_kb5 *rho, unsigned nv);

#endif
