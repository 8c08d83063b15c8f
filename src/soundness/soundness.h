/* Soundness calculator (issue #4, docs/SOUNDNESS.md): every term of a protocol's soundness error,
 * in bits (-log2 of the error), under three regimes, and the claim = the weakest term of the
 * preset's proven regime. The stark backend's terms (FRI commit/fold rounds, DEEP/ALI batching,
 * queries with grinding, Merkle collisions) are computed in src/soundness/; the gkr backend adds its
 * GKR/sumcheck and WHIR terms through the same report (src/whir, src/gkr fill terms with
 * hs_sound_add). */
#ifndef HS_SOUNDNESS_SOUNDNESS_H
#define HS_SOUNDNESS_SOUNDNESS_H

#include <stddef.h>

#define HS_SOUND_MAX_TERMS 96

typedef enum { HS_REGIME_UDR = 0, HS_REGIME_JOHNSON = 1, HS_REGIME_CONJECTURED = 2 } hs_regime;

typedef struct {
    char name[64];      /* e.g. "fri.fold[3]", "deep_ali", "queries+grinding", "merkle.collision" */
    double bits[3];     /* indexed by hs_regime; INFINITY where the term does not apply */
} hs_sound_term;

typedef struct {
    hs_sound_term terms[HS_SOUND_MAX_TERMS];
    size_t n_terms;
    hs_regime regime;   /* the regime the preset claims under (never CONJECTURED for a proven claim) */
    double claimed_bits;/* min over terms of bits[regime] */
    size_t weakest;     /* index of that term */
    double johnson_eta; /* Johnson-bound slack parameter used (0 if none) */
} hs_sound_report;

/* Appends a term (silently ignored beyond HS_SOUND_MAX_TERMS). */
void hs_sound_add(hs_sound_report *r, const char *name, double udr, double johnson, double conjectured);
/* Sets claimed_bits and weakest from the terms under r->regime. */
void hs_sound_finish(hs_sound_report *r);
const char *hs_regime_name(hs_regime g); /* "udr", "johnson", "conjectured" */

#endif
