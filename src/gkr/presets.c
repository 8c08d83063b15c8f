/* The gkr backend's part of each preset (src/preset/preset.h): the WHIR configuration of the
 * commitment a private statement makes (leanMultisig's shape: folding 7 then 4, first reduction 5, at most
 * 6 final variables, 16 bits of grinding per phase, Johnson bound). compat at rate 1/2 with a
 * Keccak tree and 128-bit targets (no published benchmark fixes a gkr configuration; the stronger
 * target costs little); fast100 at rate 1/2, 100-bit targets, Poseidon2 tree; proven128 at rate
 * 1/2 with BLAKE3 (128 bits under the Johnson bound). None uses the conjectured capacity bound. */
#include "gkr/gkr.h"

static const hs_whir_config parts[] = {
    [HS_PRESET_COMPAT] = {1, 7, 4, 5, 6, 128, 16, HS_REGIME_JOHNSON, HS_MERKLE_KECCAK, 0},
    [HS_PRESET_FAST100] = {1, 7, 4, 5, 6, 100, 16, HS_REGIME_JOHNSON, HS_MERKLE_POSEIDON2, 0},
    [HS_PRESET_PROVEN128] = {1, 7, 4, 5, 6, 128, 16, HS_REGIME_JOHNSON, HS_MERKLE_BLAKE3, 0},
};

void hs_gkr_whir_config(const hs_preset *p, hs_whir_config *cfg) { *cfg = parts[p->id]; }
