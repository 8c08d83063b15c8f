#include "preset/preset.h"

#include <string.h>

/* The claims each backend's part of a preset is sized to (src/stark/presets.c and
 * src/gkr/presets.c say how). */
static const hs_preset presets[] = {
    {.id = HS_PRESET_COMPAT,
     .name = "compat",
     .description = "Plonky3's configuration in the bench-hash-in-snark benchmark: degree-4 challenge field, rate 1/2, "
                    "256 queries, no grinding, Keccak Merkle tree (91 provable bits)",
     .claim_bits = 91,
     .claim_regime = 0},
    {.id = HS_PRESET_FAST100,
     .name = "fast100",
     .description = "degree-5 challenge field, rate 1/2, arity 8, 203 queries + 16 bits of grinding, Poseidon2 "
                    "Merkle tree (100 provable bits)",
     .claim_bits = 100,
     .claim_regime = 0},
    {.id = HS_PRESET_PROVEN128,
     .name = "proven128",
     .description = "degree-8 challenge field, rate 1/4, arity 8, 160 queries + 20 bits of grinding, BLAKE3 "
                    "Merkle tree (128 provable bits)",
     .claim_bits = 128,
     .claim_regime = 0},
};

size_t hs_preset_count(void) { return sizeof presets / sizeof presets[0]; }
const hs_preset *hs_preset_at(size_t i) { return i < hs_preset_count() ? &presets[i] : NULL; }

const hs_preset *hs_preset_find(const char *name) {
    for (size_t i = 0; name && i < hs_preset_count(); i++)
        if (!strcmp(presets[i].name, name)) return &presets[i];
    return NULL;
}

const hs_preset *hs_preset_by_id(unsigned id) {
    for (size_t i = 0; i < hs_preset_count(); i++)
        if ((unsigned)presets[i].id == id) return &presets[i];
    return NULL;
}
