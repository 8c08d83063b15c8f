/* The generic sumcheck: one body (scg_body.inc) over a field vocabulary (field/fv_*.h),
 * instantiated for K = F_p^5 over KoalaBear (hs_scg_kb5_*), GF(2^128) (hs_scg_gf128_*), GF(2^256)
 * (hs_scg_gf256_*, the challenge field of 128-bit binary claims) and GF(2^8) (hs_scg_gf8_*, the toy
 * field of the exhaustive tests). scg_decl.inc lists the functions
 * each instance has; this header is the one to include.
 *
 * Statement. claim = sum_{x in {0,1}^n} [eq(z, x)] * sum_t c_t * prod_{j in term t} f_j(x)
 * for tables f_0..f_{m-1} of 2^n values in K (index bit n-1 is variable 0: variables are bound
 * most significant first, as in poly/mle.h) and terms of 0..HS_SCG_MAX_FACTORS factors. The eq
 * factor is optional (z == NULL drops it). d = deg of the round polynomial = max term degree, + 1
 * with eq.
 *
 * Round polynomials and their nodes. A round polynomial p of degree <= d is held as d + 1 values
 * at the field's nodes: in odd characteristic p(0), p(1), ..., p(d) (the integers); in
 * characteristic 2, where 2 = 0, p(x_0), ..., p(x_{d-1}) at the F2-subspace prefix x_k = the
 * element with coordinates the bits of k (0, 1, x, x + 1, ...), and as the last value p(inf), the
 * coefficient of X^d (Karatsuba's point at infinity; Binius' univariate.rs does the same). Either
 * way node 0 is 0 and node 1 is 1, so p(1) = claim - p(0) is implied: a round message is the d values
 * p(node 0), p(node 2), ..., p(node d), written with the field's descriptor, absorbed as one message,
 * then the challenge r is sampled and the claim becomes p(r). For KB5 these are sumcheck.h's round
 * functions (hs_sc_prove_round and the others call this instance), and the generic prover's proofs
 * are byte-identical to hs_sc_prove's.
 *
 * Gruen's eq factoring. With eq, the prover never multiplies by eq inside its sums: round i's
 * polynomial is p(X) = m * eq(z_i, X) * q(X), m = prod_{j<i} eq(z_j, r_j), eq(z, X) = (1-z)(1-X) + zX
 * (1 + z + X in characteristic 2), and q(X) = sum_{x'} E(x') g(f(X, x')) with E = eq over the
 * remaining variables, so q has the terms' degree only. q(1) comes from the claim when z_i and m
 * are nonzero. The message still carries p, so verifiers need neither z nor m.
 *
 * Round-step prover. For protocols that interleave sumcheck rounds with their own work:
 *   hs_scg_F_prover_init   copies the tables, builds E, computes the claim
 *   hs_scg_F_prover_round  p at the d + 1 nodes for the current variable (from the current tables)
 *   hs_scg_F_prover_fold   binds the current variable to r: tables, E, m and the claim p(r)
 *   hs_scg_F_prover_finals the tables' values at the challenge point (after n folds)
 *   hs_scg_F_prover_free
 * and hs_scg_F_prove_round / hs_scg_F_verify_round for the transport of one message,
 * hs_scg_F_eq_expand / hs_scg_F_gruen_q1 for provers with their own kernels (p from q). hs_scg_F_prove
 * and hs_scg_F_verify run all n rounds; hs_scg_F_final_check is the verifier's last comparison. */
#ifndef HS_SUMCHECK_SCG_H
#define HS_SUMCHECK_SCG_H

#include <stddef.h>
#include <stdint.h>

#include "field/fv_gf128.h"
#include "field/fv_gf256.h"
#include "field/fv_gf8.h"
#include "field/fv_kb5.h"
#include "proof/bytes.h"
#include "transcript/transcript.h"

#define HS_SCG_MAX_DEGREE 8
#define HS_SCG_MAX_FACTORS 7

/* A term: the product of tables cols[0..n_factors) (repeats allowed: f^2 is {j, j}); its coefficient
 * lives in the instance's coeffs array (one element type per field). */
typedef struct {
    unsigned n_factors;
    unsigned cols[HS_SCG_MAX_FACTORS];
} hs_scg_term;

#define SCG_T hs_kb5
#define SCG(name) hs_scg_kb5_##name
#include "sumcheck/scg_decl.inc"
#undef SCG_T
#undef SCG

#define SCG_T hs_gf128
#define SCG(name) hs_scg_gf128_##name
#include "sumcheck/scg_decl.inc"
#undef SCG_T
#undef SCG

#define SCG_T hs_gf256
#define SCG(name) hs_scg_gf256_##name
#include "sumcheck/scg_decl.inc"
#undef SCG_T
#undef SCG

#define SCG_T uint8_t
#define SCG(name) hs_scg_gf8_##name
#include "sumcheck/scg_decl.inc"
#undef SCG_T
#undef SCG

#endif
