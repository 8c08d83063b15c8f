/* Presets: the names and declared security that both backends share. A preset is what a user picks
 * ("compat", "fast100", "proven128"); each backend keeps its own part of it beside its code (the
 * stark backend's FRI parameters and packing in src/stark/presets.c, the gkr backend's WHIR
 * configuration in src/gkr/presets.c), so neither backend depends on the other. */
#ifndef HS_PRESET_PRESET_H
#define HS_PRESET_PRESET_H

#include <stddef.h>

typedef enum { HS_PRESET_COMPAT = 1, HS_PRESET_FAST100 = 2, HS_PRESET_PROVEN128 = 3 } hs_preset_id;

typedef struct hs_preset {
    hs_preset_id id;
    const char *name;
    const char *description;
    /* The declared security (docs/SOUNDNESS.md): every soundness term has at least claim_bits in a
     * proven regime; claim_regime is the hs_regime (src/soundness/soundness.h: 0 unique decoding,
     * 1 Johnson) the stark backend's part was sized for (the gkr backend's part names its own in
     * its WHIR configuration). The backends' soundness checks tell whether a shape meets it; the
     * provers refuse shapes that do not (unless --insecure). */
    double claim_bits;
    unsigned claim_regime;
} hs_preset;

/* Presets by name ("compat", "fast100", "proven128") or id; NULL if unknown. */
const hs_preset *hs_preset_find(const char *name);
const hs_preset *hs_preset_by_id(unsigned id);
size_t hs_preset_count(void);
const hs_preset *hs_preset_at(size_t i);

#endif
