#include <math.h>
#include <string.h>

#include "stark/stark.h"

/* Each preset declares the security `hashsnark params` proves for it (docs/SOUNDNESS.md; every
 * term in a proven regime, the claim is the weakest):
 *   compat: the seeds' Plonky3 runs (degree-4 challenge field, rate 1/2, 256 queries, no
 *     grinding, Keccak Merkle tree). Unique decoding gives 256 * log2(4/3) = 106 bits of queries,
 *     but the DEEP batching of W + 8 columns with powers of alpha costs (W + 7) * n / |K| and
 *     |K| = p^4 is only 2^124: 91.0 bits for 2^24 Poseidon2-KB24 permutations, so compat declares
 *     91. Other rates keep 256 / log_blowup queries and fall below it.
 *   fast100: Plonky3's benchmark shape (rate 1/2, arity 8, 16 bits of query grinding, Poseidon2
 *     Merkle tree, 124-bit collisions), but a degree-5 challenge field (the same batching term is
 *     92 bits at degree 4) and 203 queries instead of 100: unique decoding gives 0.415 bits per
 *     query at rate 1/2, so 100 queries prove only 57 bits.
 *   proven128: rate 1/4, 160 queries + 20 bits of grinding (0.678 bits per query under unique
 *     decoding), BLAKE3 Merkle tree (128-bit collisions), and a degree-8 challenge field: at
 *     degree 5 the batching term is 121.6 bits for 2^24 permutations (< 128).
 * The gkr backend's WHIR configurations (GKR.md (d): folding 7 then 4, first reduction 5, at most
 * 6 final variables, 16 bits of grinding per phase, Johnson bound): compat at rate 1/2 with a
 * Keccak tree and 128-bit targets (no seed fixes a gkr configuration; the stronger target costs
 * little); fast100 at rate 1/2, 100-bit targets, Poseidon2 tree; proven128 at rate 1/4 with
 * BLAKE3. None uses the conjectured capacity bound. */
static const hs_preset presets[] = {
    {.id = HS_PRESET_COMPAT,
     .name = "compat",
     .description = "the seeds' Plonky3 configuration: degree-4 challenge field, rate 1/2, 256 queries, no grinding, "
                    "Keccak Merkle tree (91 provable bits)",
     .log_v = 3,
     .fri = {4, 1, 1, 0, 256, 0, 0, HS_MERKLE_KECCAK, 0},
     .claim_bits = 91,
     .claim_regime = 0,
     .gkr_whir = {1, 7, 4, 5, 6, 128, 16, HS_REGIME_JOHNSON, HS_MERKLE_KECCAK, 0}},
    {.id = HS_PRESET_FAST100,
     .name = "fast100",
     .description = "degree-5 challenge field, rate 1/2, arity 8, 203 queries + 16 bits of grinding, Poseidon2 "
                    "Merkle tree (100 provable bits)",
     .log_v = 3,
     .fri = {5, 1, 3, 5, 203, 0, 16, HS_MERKLE_POSEIDON2, 4},
     .claim_bits = 100,
     .claim_regime = 0,
     .gkr_whir = {1, 7, 4, 5, 6, 100, 16, HS_REGIME_JOHNSON, HS_MERKLE_POSEIDON2, 0}},
    {.id = HS_PRESET_PROVEN128,
     .name = "proven128",
     .description = "degree-8 challenge field, rate 1/4, arity 8, 160 queries + 20 bits of grinding, BLAKE3 "
                    "Merkle tree (128 provable bits)",
     .log_v = 3,
     .fri = {8, 2, 3, 5, 160, 0, 20, HS_MERKLE_BLAKE3, 4},
     .claim_bits = 128,
     .claim_regime = 0,
     .gkr_whir = {1, 7, 4, 5, 6, 128, 16, HS_REGIME_JOHNSON, HS_MERKLE_BLAKE3, 0}},
};

size_t hs_preset_count(void) { return sizeof presets / sizeof presets[0]; }
const hs_preset *hs_preset_at(size_t i) { return i < hs_preset_count() ? &presets[i] : NULL; }

const hs_preset *hs_preset_find(const char *name) {
    for (size_t i = 0; i < hs_preset_count(); i++)
        if (!strcmp(presets[i].name, name)) return &presets[i];
    return NULL;
}

const hs_preset *hs_preset_by_id(unsigned id) {
    for (size_t i = 0; i < hs_preset_count(); i++)
        if ((unsigned)presets[i].id == id) return &presets[i];
    return NULL;
}

hs_fri_params hs_preset_fri(const hs_preset *p, unsigned log_blowup) {
    hs_fri_params f = p->fri;
    if (log_blowup == 0) log_blowup = f.log_blowup;
    if (p->id == HS_PRESET_COMPAT) f.num_queries = 256 / log_blowup;
    else if (log_blowup <= 16) {
        /* unique decoding: each query passes a far word with probability <= (1 + rho)/2 */
        const double bits = -log2((1 + ldexp(1.0, -(int)log_blowup)) / 2), need = p->claim_bits - f.query_pow_bits;
        f.num_queries = need > 0 ? (unsigned)ceil(need / bits) : 1;
    }
    f.log_blowup = log_blowup;
    return f;
}
