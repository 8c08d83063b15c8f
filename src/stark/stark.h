/* The stark backend (Plonky3's uni-stark shape): prove and verify that N = 2^n instances of a hash (any
 * AIR of src/air: Poseidon2, Keccak-f[1600], BLAKE3, BLAKE2s, ...) were evaluated correctly, with a
 * DEEP-ALI quotient and the FRI PCS (src/fri/pcs.h). The backend knows an AIR only through air.h.
 *
 * Protocol (prover and verifier share the transcript; docs/PROOF_FORMAT.md):
 *   header bytes (preset, AIR, parameters, statement shape) -> transcript
 *   trace: the AIR's h = N R / V rows, committed as evaluations on H (row k at w_h^k when the AIR
 *   reads the next row or spreads an instance over R > 1 rows; otherwise row k at w_h^bitrev(k),
 *   which needs no reordering)
 *   trace cap -> transcript
 *   an AIR with lookups (air.h): the LogUp multiplicities (src/stark/logup.h), cap -> transcript;
 *   beta, gamma <- transcript; the LogUp aux matrix, cap -> transcript
 *   alpha (and gamma for a public statement) <- transcript
 *   Q(x) = C(x) / Z_H(x), C = sum_k alpha^k c_k, evaluated on g*K_{L h} (the first L h extended
 *   rows, L the power of two >= D - 1 for constraint degree D), split into D - 1 chunks of
 *   degree < h, Q(X) = sum_t X^(t h) q_t(X), each challenge-field valued (d base columns each),
 *   committed as one matrix of (D - 1) d columns
 *   quotient cap -> transcript; zeta <- transcript
 *   PCS opening: the trace at zeta (and at zeta w_h when the AIR reads the next row), the LogUp
 *   multiplicities at zeta and its aux matrix at zeta and zeta w_h, the quotient at zeta (values
 *   absorbed inside), FRI
 * Verifier: C(zeta) = Z_H(zeta) sum_t zeta^(t h) q_t(zeta), with the periodic columns evaluated
 * by itself, then the PCS proof.
 *
 * Statements: private (inputs known to the prover only; the benchmark's statement) and public (the
 * verifier holds the table of input lines x_i and output lines y_i). A public proof binds the
 * table: the transcript absorbs its BLAKE3 digest after the header; after alpha it samples gamma,
 * and one more constraint, T(x) - P(x) = 0 on H, joins the quotient with coefficient alpha^K,
 * where T combines the trace columns the AIR binds (air.h hs_air_bind), each bound word with its
 * own power of gamma, times the phase's periodic selector, and P interpolates the same
 * combination of the table. The verifier evaluates P(zeta) from the table by barycentric
 * interpolation: O(N) field operations, no hash evaluated. */
#ifndef HS_STARK_STARK_H
#define HS_STARK_STARK_H

#include <stddef.h>
#include <stdint.h>

#include "air/air.h"
#include "fri/pcs.h"
#include "soundness/soundness.h"
#include "preset/preset.h"
#include "util/progress.h"

/* The stark backend's part of a preset (src/preset/preset.h): Poseidon2 permutations per row
 * (2^log_v) and the FRI parameters below. */
unsigned hs_preset_log_v(const hs_preset *p);
/* The preset's FRI parameters at rate 2^-log_blowup (0: the preset's rate), its queries rescaled
 * to the rate: compat uses 256 / log_blowup queries as Plonky3's benchmark runs did; fast100 and
 * proven128 take the fewest queries whose unique-decoding bits, log2(2 / (1 + rho)) each, plus the
 * query grinding reach claim_bits (docs/SOUNDNESS.md). */
hs_fri_params hs_preset_fri(const hs_preset *p, unsigned log_blowup);

typedef struct {
    const hs_preset *preset;
    unsigned air_id;     /* hs_air_def.id: 1 = poseidon2-kb16, 2 = poseidon2-kb24, ... */
    unsigned log_perms;  /* log2 of the number of instances */
    unsigned log_v;      /* log2 of instances per row; the prover derives it from the preset */
    hs_fri_params fri;   /* the prover uses only fri.log_blowup (0: the preset's rate) */
    int public_io;       /* 1: public statement (inputs and outputs bound to the proof) */
    int release_inputs;  /* prover only: 1 = inputs came from hs_alloc_array and the prover frees
                            them as soon as it has read them (their memory is then free for the
                            proof), whether it succeeds or not */
    size_t corrupt_cell; /* test hook, prover only: nonzero adds 1 to trace word corrupt_cell - 1 */
    size_t corrupt_mult; /* test hook, prover only: nonzero adds 1 to the LogUp multiplicity of entry
                            corrupt_mult - 1 of the AIR's first table */
    int lde_mode;        /* prover only: how the trace's LDE is held (stark/lde.h: HS_STARK_LDE_AUTO by
                            the memory budget, _WHOLE, _COSETS); the proof does not depend on it */
} hs_stark_shape;

/* The AIR a shape proves, initialised as the prover and verifier use it; 0 if unknown. */
int hs_stark_air(const hs_stark_shape *s, hs_air *out);
const char *hs_stark_air_name(unsigned air_id);

/* The shape a preset gives 2^log_perms instances of AIR air_id (fri at rate 2^-log_blowup, 0: the
 * preset's); 0 with a reason if impossible. The verifier requires a proof's header to match it. */
int hs_stark_make_shape(hs_stark_shape *s, const hs_preset *p, unsigned air_id, unsigned log_perms,
                        unsigned log_blowup, int public_io, const char **why);

/* Bound pieces of a public statement (one power of gamma each), and the quotient's chunks
 * (constraint degree - 1): what the soundness report counts. */
size_t hs_stark_public_words(const hs_air *a);
unsigned hs_stark_quotient_chunks(const hs_stark_shape *s);

/* The soundness report (src/soundness) for what hs_stark_prove does with preset p and AIR air_id
 * at 2^log_perms instances, rate 2^-log_blowup (0: the preset's), a public statement when
 * public_io: every term under each regime; out->claimed_bits is the preset's provable bits at that
 * shape. 0 on an impossible shape. _check then tells whether the shape meets the preset's
 * declared claim: 1 yes, 0 no, -1 impossible shape. */
int hs_soundness_stark(const hs_preset *p, unsigned air_id, unsigned log_perms, unsigned log_blowup, int public_io,
                       hs_sound_report *out);
int hs_soundness_stark_check(const hs_preset *p, unsigned air_id, unsigned log_perms, unsigned log_blowup,
                             int public_io, hs_sound_report *out);
/* The formulas' inputs for a shape (what hs_soundness_stark hands to hs_soundness_stark_params). */
int hs_stark_sound_params_of(const hs_stark_shape *s, hs_stark_sound_params *out);

/* Phase times of one proof. setup_s: what depends only on the shape (the AIR and its periodic
 * polynomials, the NTT twiddles); lookup_s: the LogUp matrices (their commitments included; 0 for
 * an AIR without lookups); total_s sums the phases after setup_s. */
typedef struct {
    double setup_s, trace_s, commit_s, lookup_s, quotient_s, quotient_commit_s, open_s, total_s;
} hs_stark_timing;

/* Proves the AIR's function on the 2^log_perms input lines in inputs (in_words canonical words
 * each, below the AIR's word_modulus) and appends the proof to out; outputs (may be NULL)
 * receives the output lines (out_words each). Returns 1, or 0 with a reason (bad shape, out of
 * memory). */
int hs_stark_prove(const hs_stark_shape *shape, const uint32_t *inputs, unsigned threads, hs_writer *out,
                   uint32_t *outputs, hs_stark_timing *timing, const char **why);
/* hs_stark_prove, calling hook (may be NULL) as each phase ends: "trace", "commit (LDE + Merkle)",
 * "lookups (LogUp)" (AIRs with lookups), "quotient", "quotient commit", "open (DEEP + FRI +
 * queries)". */
int hs_stark_prove_hooked(const hs_stark_shape *shape, const uint32_t *inputs, unsigned threads, hs_writer *out,
                          uint32_t *outputs, hs_stark_timing *timing, const hs_phase_hook *hook, const char **why);
/* The same for an AIR whose trace reads a private witness besides the input lines (hs_air.witness:
 * the Merkle branches AIR's siblings, air/merkle_air.h); hs_stark_prove passes NULL. */
int hs_stark_prove_witness(const hs_stark_shape *shape, const uint32_t *inputs, const void *witness,
                           unsigned threads, hs_writer *out, uint32_t *outputs, hs_stark_timing *timing,
                           const char **why);

/* Reads the statement a proof claims (header only; no cryptography). 0 with a reason if the
 * header is malformed. */
int hs_stark_peek(const uint8_t *proof, size_t len, hs_stark_shape *shape_out, const char **why);

/* Verifies a whole proof file. For a public statement, pub_in and pub_out hold the table (n_pub
 * lines each, canonical words); a private proof ignores them. shape_out (may be NULL) receives
 * the statement it proves. Returns 1 when accepted; 0 with a reason for any proof it does not
 * accept. Never reads outside proof[0..len) and bounds every allocation by the shape. */
int hs_stark_verify(const uint8_t *proof, size_t len, const uint32_t *pub_in, const uint32_t *pub_out, size_t n_pub,
                    unsigned threads, hs_stark_shape *shape_out, const char **why);

#endif
