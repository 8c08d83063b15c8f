/* The stark backend (DESIGN.md section 7): prove and verify that N = 2^n Poseidon2-KoalaBear
 * permutations were evaluated correctly, with the Poseidon2 AIR, a DEEP-ALI quotient and the FRI
 * PCS (src/fri/pcs.h).
 *
 * Protocol (prover and verifier share the transcript):
 *   header bytes (preset, parameters, statement shape) -> transcript
 *   trace: N round records, N/V rows; committed as evaluations on H in bit-reversed order
 *   trace cap -> transcript; alpha <- transcript
 *   Q(x) = sum_k alpha^k c_k(x) / Z_H(x) on g*K2 (|K2| = 2n; the first 2n extended rows), split by
 *   parity of its coefficients: Q(X) = q0(X^2) + X q1(X^2), each of degree < n and challenge-field
 *   valued (d base columns each), committed as one 2d-column matrix
 *   quotient cap -> transcript; zeta <- transcript
 *   PCS opening: trace at zeta, quotient at zeta^2 (values absorbed inside), FRI
 * Verifier: C(zeta) = Z_H(zeta) (q0(zeta^2) + zeta q1(zeta^2)), then the PCS proof.
 *
 * Statements: private (inputs known to the prover only; the seeds' benchmark) and public (the
 * verifier holds the table of inputs x_i and outputs y_i). A public proof binds the table: the
 * transcript absorbs its BLAKE3 digest after the header; after alpha it samples gamma, and one
 * more constraint, T(x) - P(x) = 0 on H, joins the quotient with coefficient alpha^K, where T
 * combines the trace's input and output columns of a row with powers of gamma and P interpolates
 * the same combination of the table's row. The verifier evaluates P(zeta) from the table by
 * barycentric interpolation: O(N) field operations, no permutation evaluated. */
#ifndef HS_STARK_STARK_H
#define HS_STARK_STARK_H

#include <stddef.h>
#include <stdint.h>

#include "air/poseidon2_air.h"
#include "fri/pcs.h"
#include "whir/whir.h"

typedef enum { HS_PRESET_COMPAT = 1, HS_PRESET_FAST100 = 2, HS_PRESET_PROVEN128 = 3 } hs_preset_id;

typedef struct hs_preset {
    hs_preset_id id;
    const char *name;
    const char *description;
    unsigned log_v;           /* permutations per row = 2^log_v */
    hs_fri_params fri;        /* with the preset's default rate */
    /* The declared security (docs/SOUNDNESS.md): every soundness term has at least claim_bits in a
     * proven regime; claim_regime is the hs_regime (src/soundness/soundness.h: 0 unique decoding,
     * 1 Johnson) the preset was sized for. hs_soundness_stark_check tells whether a shape meets it;
     * the CLI prover refuses shapes that do not (unless --insecure). */
    double claim_bits;
    unsigned claim_regime;
    /* The gkr backend's commitment (src/gkr: private statements commit X || Y with WHIR); its
     * proven regime and security target give the gkr backend's claim (hs_soundness_gkr). */
    hs_whir_config gkr_whir;
} hs_preset;

/* Presets by name ("compat", "fast100", "proven128") or id; NULL if unknown. */
const hs_preset *hs_preset_find(const char *name);
const hs_preset *hs_preset_by_id(unsigned id);
size_t hs_preset_count(void);
const hs_preset *hs_preset_at(size_t i);
/* The preset's FRI parameters at rate 2^-log_blowup (0: the preset's rate), its queries rescaled
 * to the rate: compat uses 256 / log_blowup queries as the seeds' Plonky3 runs did; fast100 and
 * proven128 take the fewest queries whose unique-decoding bits, log2(2 / (1 + rho)) each, plus the
 * query grinding reach claim_bits (docs/SOUNDNESS.md). */
hs_fri_params hs_preset_fri(const hs_preset *p, unsigned log_blowup);

typedef struct {
    const hs_preset *preset;
    unsigned perm_id;    /* 1 = poseidon2-kb16, 2 = poseidon2-kb24 */
    unsigned log_perms;
    unsigned log_v;      /* <= log_perms; the prover derives it from the preset */
    hs_fri_params fri;   /* the prover uses only fri.log_blowup (0: the preset's rate) */
    int public_io;       /* 1: public statement (inputs and outputs bound to the proof) */
    int release_inputs;  /* prover only: 1 = inputs came from hs_alloc_array and the prover frees
                            them as soon as it has read them (their memory is then free for the
                            proof), whether it succeeds or not */
    size_t corrupt_cell; /* test hook, prover only: nonzero adds 1 to trace word corrupt_cell - 1 */
} hs_stark_shape;

const hs_p2_params *hs_stark_perm(unsigned perm_id);
const char *hs_stark_perm_name(unsigned perm_id);

typedef struct {
    double trace_s, commit_s, quotient_s, quotient_commit_s, open_s, total_s;
} hs_stark_timing;

/* Proves P(inputs[i]) for the 2^log_perms Montgomery-form states in inputs (width words each) and
 * appends the proof to out; outputs (may be NULL) receives P(inputs[i]). Returns 1, or 0 with a
 * reason (bad shape, out of memory). */
int hs_stark_prove(const hs_stark_shape *shape, const hs_kb *inputs, unsigned threads, hs_writer *out,
                   hs_kb *outputs, hs_stark_timing *timing, const char **why);

/* Reads the statement a proof claims (header only; no cryptography). 0 with a reason if the
 * header is malformed. */
int hs_stark_peek(const uint8_t *proof, size_t len, hs_stark_shape *shape_out, const char **why);

/* Verifies a whole proof file. For a public statement, pub_in and pub_out hold the table
 * (n_pub states each, Montgomery form); a private proof ignores them. shape_out (may be NULL)
 * receives the statement it proves. Returns 1 when accepted; 0 with a reason for any proof it
 * does not accept. Never reads outside proof[0..len) and bounds every allocation by the shape. */
int hs_stark_verify(const uint8_t *proof, size_t len, const hs_kb *pub_in, const hs_kb *pub_out, size_t n_pub,
                    unsigned threads, hs_stark_shape *shape_out, const char **why);

#endif
