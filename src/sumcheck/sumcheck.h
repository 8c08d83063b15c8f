/* Sumcheck: the message format every sumcheck in the library shares, and a
 * generic prover/verifier for sums of products of multilinear tables with an eq factor.
 *
 * Round message. In each round the prover sends the round polynomial p (degree <= d, values in
 * K = hs_kb5) as its d values p(0), p(2), p(3), ..., p(d); p(1) is implied by the running claim,
 * p(1) = claim - p(0). Prover and verifier absorb those values into the transcript and sample the
 * challenge r in K; the new claim is p(r). Proof bytes: d values E (5 canonical u32 each) per
 * round. The GKR layers (src/gkr), WHIR's folding sumchecks (src/whir) and the generic prover
 * below all use these round functions, so a sumcheck proof looks the same wherever it appears.
 * They are the field-generic sumcheck's (scg.h) over KB5: transport, interpolation on the nodes
 * 0..d and Gruen's expansion are written once, for every field.
 *
 * Variables are bound most significant first (src/poly/mle.h convention). */
#ifndef HS_SUMCHECK_SUMCHECK_H
#define HS_SUMCHECK_SUMCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "proof/bytes.h"
#include "transcript/transcript.h"

#define HS_SC_MAX_DEGREE 8

/* ---- round transport (shared) ---- */

/* Prover: p holds p(0), p(1), ..., p(d) (d + 1 values; p(1) is not sent). Writes p(0), p(2..d) to w
 * (w may be NULL when the caller only needs the transcript), absorbs them, returns the challenge. */
hs_kb5 hs_sc_prove_round(hs_transcript *t, hs_writer *w, const hs_kb5 *p, unsigned d);

/* Verifier: reads d values from r, absorbs them, samples the challenge into *challenge and replaces
 * *claim by p(challenge) where p(1) = *claim - p(0). 0 if the reader failed (r->err says why). */
int hs_sc_verify_round(hs_transcript *t, hs_reader *r, unsigned d, hs_kb5 *claim, hs_kb5 *challenge);

/* Value at x of the polynomial of degree <= d given by its values at 0, 1, ..., d. */
hs_kb5 hs_sc_interpolate(const hs_kb5 *vals, unsigned d, hs_kb5 x);

/* Gruen's eq factoring: the round polynomial is p(X) = m * eq(z, X) * q(X), eq(z, X) = (1-z)(1-X) + zX,
 * with q of degree d-1. Given the claim p(0) + p(1), m, z and q(0), q(2), ..., q(d-1) (d-1 values:
 * q(0) then q(2..d-1)), fills p(0..d) (d + 1 values) for hs_sc_prove_round. 0 if z = 0 or m = 0
 * (q(1) is then not determined by the claim; callers fall back to computing q(1) directly). */
int hs_sc_gruen_expand(hs_kb5 claim, hs_kb5 m, hs_kb5 z, const hs_kb5 *q_no1, unsigned d, hs_kb5 *p_out);

/* The same without the claim (the fallback when z = 0 or m = 0): p(k) = m * eq(z, k) * q(k) for
 * k = 0..d, from all of q(0), q(1), ..., q(d-1) (d values). */
void hs_sc_eq_expand(hs_kb5 m, hs_kb5 z, const hs_kb5 *q_full, unsigned d, hs_kb5 *p_out);

/* ---- generic prover/verifier (building block and test oracle) ----
 *
 * Proves  claim = sum_{x in {0,1}^n} eq(z, x) * sum_t c_t * prod_{j in term t} f_j(x)
 * for base-field tables f_0..f_{m-1} (2^n entries each), terms of degree <= 4 (so d <= 5 with the eq
 * factor; with Gruen factoring q has degree <= 4). The first round works on base-field values; later
 * rounds on K-valued folded tables. */
typedef struct {
    unsigned n_factors;       /* 1..4 */
    unsigned cols[4];         /* table indices */
    hs_kb5 coeff;
} hs_sc_term;

typedef struct {
    unsigned n;               /* variables */
    unsigned n_tables;
    const hs_kb *const *tables; /* n_tables pointers to 2^n base-field values (not modified) */
    unsigned n_terms;
    const hs_sc_term *terms;
} hs_sc_instance;

/* Neither hs_sc_prove nor hs_sc_verify absorbs z or the claim: the caller binds them (or derives
 * them from what the transcript already holds). Terms may repeat a column (f^3 = cols {j, j, j});
 * the prover squares repeated leading factors. Variables with z_i = 0 (zero-padded points) are
 * handled (no Gruen shortcut in those rounds). */
/* Runs the n rounds. On success returns 1, writes the round messages to w, fills rho (n values),
 * final_vals (n_tables values: f_j^(rho)), and the claimed sum into *claim_out. 0 on allocation
 * failure (*why says so). */
int hs_sc_prove(const hs_sc_instance *inst, const hs_kb5 *z, hs_transcript *t, hs_writer *w, unsigned threads,
                hs_kb5 *claim_out, hs_kb5 *rho, hs_kb5 *final_vals, const char **why);

/* Verifies the n rounds of a degree-d sumcheck starting from claim; fills rho (n values) and the
 * final claim (what eq(z, rho) * g(values at rho) must equal). 0 with r->err on a short proof. */
int hs_sc_verify(hs_transcript *t, hs_reader *r, unsigned n, unsigned d, hs_kb5 claim, hs_kb5 *rho,
                 hs_kb5 *final_claim);

/* g evaluated at the tables' values (the verifier's final check helper). */
hs_kb5 hs_sc_terms_eval(const hs_sc_term *terms, unsigned n_terms, const hs_kb5 *vals);

#endif
