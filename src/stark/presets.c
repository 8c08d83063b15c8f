#include <math.h>
#include <string.h>

#include "stark/stark.h"

/* Query counts: compat copies the seeds' Plonky3 runs (256 queries at rate 1/2, 256/log_blowup in
 * general, no grinding). fast100 follows Plonky3's benchmark FRI parameters (100 queries, 16 bits
 * of grinding). proven128 uses rate 1/4 and the unique-decoding radius delta = (1 - rho)/2 = 3/8:
 * each query gives log2(1/(1 - delta)) = 0.678 bits, so (128 - 20) / 0.678 -> 160 queries after 20
 * bits of grinding; its challenge field has degree 5 (155 bits) and its Merkle hash 256 bits.
 * `hashsnark params` (docs/SOUNDNESS.md) computes every term. */
static const hs_preset presets[] = {
    {HS_PRESET_COMPAT, "compat",
     "the seeds' Plonky3 configuration: degree-4 challenge field, rate 1/2, 256 queries, no grinding, Keccak Merkle tree",
     3, {4, 1, 1, 0, 256, 0, 0, HS_MERKLE_KECCAK, 0}},
    {HS_PRESET_FAST100, "fast100",
     "degree-4 challenge field, rate 1/2, 100 queries, 16 bits of grinding, Poseidon2 Merkle tree", 3,
     {4, 1, 3, 5, 100, 0, 16, HS_MERKLE_POSEIDON2, 4}},
    {HS_PRESET_PROVEN128, "proven128",
     "degree-5 challenge field, rate 1/4, 160 queries + 20 bits of grinding (unique decoding), BLAKE3 Merkle tree", 3,
     {5, 2, 3, 5, 160, 0, 20, HS_MERKLE_BLAKE3, 4}},
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
    if (p->id == HS_PRESET_PROVEN128) {
        /* unique decoding at rate rho: delta = (1 - rho) / 2, log2(1 / (1 - delta)) bits per query */
        double rho = ldexp(1.0, -(int)log_blowup), bits = -log2(1.0 - (1.0 - rho) / 2.0);
        f.num_queries = (unsigned)ceil((128.0 - f.query_pow_bits) / bits);
    }
    f.log_blowup = log_blowup;
    return f;
}
