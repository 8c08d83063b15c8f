/* Ragged regions for the gkr backend (the FROST-GKR ragged-regions post, docs/PROOF_FORMAT_RAGGED.md).
 *
 * A statement of A regions: region a holds 2^{w_a} Poseidon2-KB16 permutations (4 <= w_a <= 20,
 * 1 <= A <= 32), W = max w_a. One output point z in K^W is sampled; region a's output claims are
 * its 16 output-lane MLEs at the prefix z_{<w_a} (its native variables are the W-bit index's top
 * w_a bits, variables 0..w_a-1, mle.h order). Three provers give the same output claims:
 *
 *   independent  one 28-layer walk per region, one after the other on one transcript, each its own
 *                sumcheck over w_a variables (physical rows sum 2^{w_a});
 *   padded       one walk over A tables of 2^W rows: region a's rows at u 2^{W-w_a}, every other
 *                row the permutation of the zero state; its claim point is zero-padded,
 *                (z_{<w_a}, 0, .., 0) (physical rows A 2^W);
 *   ragged       one walk, per layer ONE sumcheck over W variables (src/sumcheck/ragged.h) in which
 *                region a's padding variables carry the selector prod_{j >= w_a} (1 - x_j): no
 *                padding row exists (physical rows sum 2^{w_a}).
 *
 * Per layer L = 27..0 (one walk): claims v_a on u_{L+1} at z_a -> w_a = M_L^{-1} v_a; gamma from
 * the transcript, beta = gamma^3, weight of (region a, lane j) = beta^{16a + j} (distinct over all
 * pairs; one region gives the plain walk's weights); the sumcheck; then every region's 16 pre-S-box
 * values at its prefix of rho (padded: all of rho); v_a = values - rc_L.
 * After layer 0 the input claims M_E^{-1} v_a at region a's terminal point.
 *
 * Statements (header byte 16):
 *   public   the verifier holds every region's inputs and outputs; the transcript absorbs a BLAKE3
 *            digest of them; the verifier evaluates the output claims and the terminal input
 *            claims itself;
 *   private  (committed regions, the FROST-GKR setting) ONE stacked WHIR commitment over all
 *            regions: 32 columns (input lanes 0..15, output lanes 0..15), column c the
 *            concatenation of every region's lane c at its native height 2^{w_a} (regions by
 *            width, widest first, so region a starts at a multiple of 2^{w_a}; zero rows after the
 *            last region up to a power of two 2^m, m = ceil log2 sum_a 2^{w_a}); 5 + m variables.
 *            The prover sends the regions' output claims; after the walk every region's output
 *            claims at z_out[0..w_a) and input claims at its terminal point (padded: the native
 *            table's, the padded claim divided by prod_{j >= w_a} (1 - rho_j)) are opened in ONE
 *            WHIR opening: 2A sparse statements of 16 claims (column bits and the region's row
 *            offset as selector bits), src/whir/whir.h. No table is written or read.
 * docs/PROOF_FORMAT_RAGGED.md has the bytes. */
#ifndef HS_GKR_RAGGED_H
#define HS_GKR_RAGGED_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "proof/bytes.h"
#include "preset/preset.h"
#include "soundness/soundness.h"

#define HS_RAGGED_MAX_REGIONS 32
#define HS_RAGGED_MIN_W 4
#define HS_RAGGED_MAX_W 20
#define HS_RAGGED_LANES 16 /* ragged regions prove Poseidon2-KB16: 16 words a state */

typedef enum { HS_RAGGED_INDEPENDENT = 0, HS_RAGGED_PADDED = 1, HS_RAGGED_RAGGED = 2 } hs_ragged_variant;

typedef struct {
    const hs_preset *preset;
    unsigned variant;     /* hs_ragged_variant */
    unsigned n_regions;
    unsigned widths[HS_RAGGED_MAX_REGIONS];
    unsigned W;           /* max width */
    size_t physical_rows; /* rows the prover's witness holds: sum 2^{w_a}, padded A 2^W */
    int private_io;       /* 1: committed regions (hs_ragged_shape_set_private) */
    unsigned commit_vars; /* private: variables of the stacked commitment, 5 + ceil log2 sum 2^{w_a} */
} hs_ragged_shape;

/* What a proof exposes, for tests: the output point and values, each region's terminal point
 * (w_a coordinates; padded: W) and its input claims M_E^{-1} v there. */
typedef struct {
    hs_kb5 z_out[HS_RAGGED_MAX_W];
    hs_kb5 v_out[HS_RAGGED_MAX_REGIONS][16];
    unsigned n_in[HS_RAGGED_MAX_REGIONS];
    hs_kb5 rho_in[HS_RAGGED_MAX_REGIONS][HS_RAGGED_MAX_W];
    hs_kb5 x_claim[HS_RAGGED_MAX_REGIONS][16];
} hs_ragged_claims;

typedef struct {
    double witness_s, commit_s, walk_s, open_s, total_s; /* commit, open: private statements' WHIR */
} hs_ragged_timing;

/* Name <-> variant ("independent", "padded", "ragged"); -1 / NULL when unknown. */
int hs_ragged_variant_parse(const char *name);
const char *hs_ragged_variant_name(unsigned variant);

/* Fills *shape (W, physical rows) after checking 1 <= n_regions <= 32 and 4 <= w_a <= 20. */
int hs_ragged_shape_make(hs_ragged_shape *shape, unsigned variant, const unsigned *widths, unsigned n_regions,
                         const hs_preset *preset, const char **why);

/* Makes *shape a private statement (committed regions) or back a public one: 0 with a reason when
 * the stacked commitment is beyond WHIR's sizes (sum 2^{w_a} > 2^24 at the preset's rate). */
int hs_ragged_shape_set_private(hs_ragged_shape *shape, int private_io, const char **why);

/* Proves the regions' permutations: inputs[a] holds 2^{w_a} Montgomery states (16 words each,
 * row-major); outputs (may be NULL, else outputs[a] of the same size) receives the outputs.
 * Appends the proof to out. claims (may be NULL) receives what the proof exposes. 1, or 0 with
 * a reason. corrupt (test hook, 0 = off): adds 1 to the pre-S-box word corrupt - 1 of region 0's
 * first layer witness. */
int hs_ragged_prove(const hs_ragged_shape *shape, const hs_kb *const *inputs, hs_kb *const *outputs,
                    unsigned threads, hs_writer *out, hs_ragged_timing *timing, hs_ragged_claims *claims,
                    size_t corrupt, const char **why);

/* The statement a proof claims (header only): 1, or 0 with a reason. */
int hs_ragged_peek(const uint8_t *proof, size_t len, hs_ragged_shape *shape_out, const char **why);

/* 1 when accepted; 0 with a reason otherwise (never reads outside proof[0..len) or the tables).
 * Public statements: pub_in[a] and pub_out[a] hold region a's rows[a] input and output states
 * (Montgomery, row-major); n_regions and rows[a] must match the proof's regions (2^{w_a}).
 * Private statements take no tables (pub_in, pub_out and rows NULL, n_regions 0; a proof of a
 * private statement given tables is rejected). claims (may be NULL) receives what the proof
 * exposes. */
int hs_ragged_verify(const uint8_t *proof, size_t len, const hs_kb *const *pub_in, const hs_kb *const *pub_out,
                     const size_t *rows, unsigned n_regions, unsigned threads, hs_ragged_shape *shape_out, hs_ragged_claims *claims,
                     const char **why);

/* The soundness report of a ragged statement (docs/SOUNDNESS.md "ragged regions"): the walk's
 * terms (output point, the 28 layers' batching and sumchecks), then the table digest (public) or
 * the stacked WHIR commitment's terms, the statements' batching and the Merkle hash (private). 0
 * when the shape is unusable. */
int hs_soundness_ragged(const hs_ragged_shape *shape, hs_sound_report *out);

#endif
