/* The report every backend fills (soundness.h) and the formulas shared by its terms. Sources and
 * derivations: docs/SOUNDNESS.md. */
#include "soundness/soundness.h"

#include <math.h>
#include <stdio.h>

#include "field/field_desc.h"
#include "merkle/merkle.h"

void hs_sound_add(hs_sound_report *r, const char *name, double udr, double johnson, double conjectured) {
    if (r->n_terms >= HS_SOUND_MAX_TERMS) return;
    hs_sound_term *t = &r->terms[r->n_terms++];
    snprintf(t->name, sizeof t->name, "%s", name);
    t->bits[HS_REGIME_UDR] = udr;
    t->bits[HS_REGIME_JOHNSON] = johnson;
    t->bits[HS_REGIME_CONJECTURED] = conjectured;
    t->assumption = 0;
}

void hs_sound_add_assumption(hs_sound_report *r, const char *name, double bits) {
    hs_sound_add(r, name, bits, bits, bits);
    if (r->n_terms) r->terms[r->n_terms - 1].assumption = 1;
}

static double regime_min(const hs_sound_report *r, hs_regime g, size_t *at) {
    double m = INFINITY;
    *at = 0;
    for (size_t i = 0; i < r->n_terms; i++)
        if (r->terms[i].bits[g] < m) m = r->terms[i].bits[g], *at = i;
    return m;
}

void hs_sound_finish(hs_sound_report *r) {
    r->claimed_bits = regime_min(r, r->regime, &r->weakest);
    r->protocol_bits = INFINITY;
    for (size_t i = 0; i < r->n_terms; i++)
        if (!r->terms[i].assumption && r->terms[i].bits[r->regime] < r->protocol_bits)
            r->protocol_bits = r->terms[i].bits[r->regime];
}

void hs_sound_finish_best(hs_sound_report *r) {
    size_t at;
    r->regime = regime_min(r, HS_REGIME_JOHNSON, &at) > regime_min(r, HS_REGIME_UDR, &at) ? HS_REGIME_JOHNSON
                                                                                          : HS_REGIME_UDR;
    hs_sound_finish(r);
}

const char *hs_regime_name(hs_regime g) {
    return g == HS_REGIME_UDR ? "udr" : g == HS_REGIME_JOHNSON ? "johnson" : "conjectured";
}

double hs_sound_query_bits_udr(double rho) { return -log2((1 + rho) / 2); }

double hs_sound_query_bits_johnson(double rho, double eta) {
    double a = sqrt(rho) + eta;
    return a < 1 ? -log2(a) : 0;
}

double hs_sound_query_bits_conjectured(double rho, double field_bits) {
    const double log2_e = 1.4426950408889634;
    double a = rho + rho * (log2_e - log2(rho)) / field_bits;
    return a < 1 ? -log2(a) : 0;
}

double hs_sound_line_log2_udr(double log2_n) { return log2_n; }

/* BCHKS25 (eprint 2025/2055) Theorem 1.5 with m = max(3, ceil(sqrt(rho) / (2 eta))), eta = 1 -
 * sqrt(rho) - delta: the reading of Ethereum Foundation's soundcalc, whose source notes that the
 * factor 2 corrects a typo in the theorem's statement, confirmed by the paper's authors. The stark
 * and the WHIR terms both take it from here. */
double hs_sound_line_log2_johnson(double rho, double delta, double log2_n) {
    return hs_sound_line_log2_johnson_gap(rho, delta, 1 - sqrt(rho) - delta, log2_n);
}

double hs_sound_line_log2_johnson_gap(double rho, double delta, double gap, double log2_n) {
    const double sr = sqrt(rho);
    if (!(gap > 0) || !(delta >= 0)) return NAN;
    double m = ceil(sr / (2 * gap));
    if (m < 3) m = 3;
    const double mp = m + 0.5, n = exp2(log2_n);
    return log2((2 * pow(mp, 5) + 3 * mp * delta * rho) * n / (3 * rho * sr) + mp / sr);
}

double hs_sound_list_johnson(double rho, double eta) { return 1 / (2 * eta * sqrt(rho)); }

double hs_sound_merkle_bits(int merkle_hash) {
    /* generic birthday bound on the digest: 256-bit byte hashes, or 8 KoalaBear elements */
    return merkle_hash == HS_MERKLE_POSEIDON2 ? hs_sound_digest_bits(8) : 128;
}

double hs_sound_digest_bits(unsigned words) { return words * hs_field_bits(&hs_field_kb) / 2; }
