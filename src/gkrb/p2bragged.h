/* Ragged regions for the Poseidon2b walk over GF(2^128) (gkrb/p2bgkr.h), public statement: the
 * FROST-GKR ragged-regions construction in characteristic 2 (docs/PROOF_FORMAT_RAGGED.md,
 * "Poseidon2b over GF(2^128)").
 *
 * A statement of A regions (1 <= A <= 32): region a holds 2^{w_a} Poseidon2b states
 * (1 <= w_a <= 24), W = max w_a. The verifier holds every region's inputs and outputs. One output
 * point zeta in GF(2^128)^W is drawn (in the walk's round order: zeta[s] for the variable round s
 * binds); region a's output claims are its four output lanes' extensions at the prefix
 * zeta[0..w_a): round s < w_a binds the region's row bit w_a - 1 - s, so its native variables are
 * the first w_a of the W-variable cube and its padding variables the last W - w_a. Three provers
 * give the same output claims:
 *
 *   independent  one walk per region (p2bgkr.h's layers over w_a variables), one after the other
 *                on the transcript; physical rows sum 2^{w_a};
 *   padded       one walk over A tables of 2^W rows: region a's row u at u 2^{W - w_a}, every other
 *                row the permutation of the zero state (its inputs are zero); region a's first
 *                point is (zeta[0..w_a), 0, .., 0); physical rows A 2^W;
 *   ragged       one walk, per layer ONE sumcheck over W variables in which region a contributes
 *                over its own 2^{w_a} rows and its padding variables carry the selector
 *                prod_{s >= w_a} (1 + x_s) (1 - x = 1 + x in characteristic 2): on the cube it is
 *                1 only where the padding variables are 0, so region a adds exactly its own sum.
 *
 * A walk's layer r (65 down to 0) over its regions k = 0..K-1 (K = 1 for an independent walk):
 * gamma is drawn and region k's lane l weighted by gamma^{4k+l} (distinct powers over all pairs; the
 * weights move through M_r^T as in p2bgkr.h; x^7 is a bijection of GF(2^128) but cubing is not, so
 * no power of a power as KoalaBear's beta = gamma^3); then one sumcheck over nv variables (nv = w_a
 * independent, W otherwise) of
 *   sum_k sum_x eq(z_k, x_{<n_k}) prod_{s >= n_k} (1 + x_s) sum_l c_{k,l} S_{r,l}(u_{k,l}(x_{<n_k}))
 * with n_k the region's table variables (w_a; padded: W). Rounds s < n_k: the region's Gruen
 * factored polynomial m_k eq(z_k[s], X) q_k(X) from p2bgkr_internal.h's steps; rounds s >= n_k:
 * (1 + X) K_k with K_k the region's running claim, no work. Round polynomials of degree 8 at the
 * characteristic-2 nodes (scg.h: 0, 1, x, x + 1, ..., and infinity). After the rounds the prover
 * sends every region's four u~_{k,l}(rho_{<n_k}); the verifier checks the last claim against
 *   sum_k eq(z_k, rho_{<n_k}) prod_{s >= n_k} (1 + rho_s) sum_l c_{k,l} S_{r,l}(a_{k,l}),
 * and z_k = rho_{<n_k}. After layer 0 a last gamma batches the claims on s_0 = M_F x through M_F^T
 * against the inputs' extensions, which the verifier computes itself (padded: the native table's
 * at rho_{<w_a} times prod_{s >= w_a} (1 + rho_s), the padding rows' inputs being zero).
 *
 * Binding: the transcript absorbs the instance, A and the widths, then the BLAKE3 digest of the
 * states (every region's inputs, region after region, then every region's outputs; 16 bytes an
 * element as p2bgkr.h), draws zeta, and only then absorbs the variant, so the three variants
 * expose the same output claims.
 *
 * Proof bytes: "P2R1", the instance, the variant, A (1 byte each), the A widths (1 byte each);
 * then for each walk, for layer r = 65 down to 0: nv round messages of 8 elements, then the walk's
 * regions' four values each. 16 bytes an element. Lengths: 7 + A + 66 (128 W + 64 A) (padded,
 * ragged), 7 + A + sum_a 66 (128 w_a + 64) (independent).
 * Soundness error (Schwartz-Zippel, challenges uniform in GF(2^128)):
 *   (W + sum over the walks of (67 (4K - 1) + 66 * 8 nv)) / 2^128
 * (the output point, a multilinear polynomial in W variables; each walk's 67 batchings, of degree
 * 4K - 1 in gamma, and 66 sumchecks of nv rounds of degree 8). */
#ifndef HS_GKRB_P2BRAGGED_H
#define HS_GKRB_P2BRAGGED_H

#include <stddef.h>
#include <stdint.h>

#include "gkrb/p2bgkr.h"

#define HS_P2BR_MAX_REGIONS 32
#define HS_P2BR_MIN_W 1
#define HS_P2BR_MAX_W HS_P2BG_MAX_LOG_N

/* The variants, numbered as gkr/ragged.h's hs_ragged_variant (whose names parse them). */
enum { HS_P2BR_INDEPENDENT = 0, HS_P2BR_PADDED = 1, HS_P2BR_RAGGED = 2 };

typedef struct {
    hs_p2b_inst inst;
    unsigned variant;
    unsigned n_regions;
    unsigned widths[HS_P2BR_MAX_REGIONS];
    unsigned W;           /* max width */
    size_t physical_rows; /* rows the prover's witness holds: sum 2^{w_a}, padded A 2^W */
} hs_p2br_shape;

/* What a verified proof exposes (tests): the output point (W coordinates, round order), the
 * regions' output claims, and each region's terminal point (n_in coordinates: w_a, padded W) with
 * its claims on s_0 = M_F x there. */
typedef struct {
    hs_gf128 z_out[HS_P2BR_MAX_W];
    hs_gf128 v_out[HS_P2BR_MAX_REGIONS][HS_P2B_WIDTH];
    unsigned n_in[HS_P2BR_MAX_REGIONS];
    hs_gf128 rho_in[HS_P2BR_MAX_REGIONS][HS_P2BR_MAX_W];
    hs_gf128 s0_claim[HS_P2BR_MAX_REGIONS][HS_P2B_WIDTH];
} hs_p2br_claims;

/* Fills *s after checking the instance, the variant, 1 <= n_regions <= 32 and 1 <= w_a <= 24; 0 with *why. */
int hs_p2br_shape_make(hs_p2br_shape *s, hs_p2b_inst inst, unsigned variant, const unsigned *widths, unsigned n_regions,
                       const char **why);
/* The proof's length for the shape. */
size_t hs_p2br_proof_bytes(const hs_p2br_shape *s);
/* Soundness bits of the formula above. */
double hs_p2br_soundness_bits(const hs_p2br_shape *s);

/* Proves the regions' permutations: in[a] holds 2^{w_a} states (4 flat elements each, one after
 * another); out[a] (of the same size; out may be NULL) receives the outputs. Appends the proof to
 * w. times may be NULL. 0 with *why. The proof depends on neither threads nor the CPU's kernels. */
int hs_p2br_prove(const hs_p2br_shape *s, const hs_gf128 *const *in, hs_gf128 *const *out, unsigned threads,
                  hs_writer *w, hs_p2bg_times *times, const char **why);
/* 1 if the proof shows out[a] = Poseidon2b(in[a]) for every region of the shape; 0 with *why
 * otherwise. claims may be NULL. */
int hs_p2br_verify(const hs_p2br_shape *s, const hs_gf128 *const *in, const hs_gf128 *const *out, const uint8_t *proof,
                   size_t len, unsigned threads, hs_p2br_claims *claims, const char **why);

#endif
