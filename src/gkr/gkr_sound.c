/* The gkr backend's soundness report (src/gkr/gkr.h, docs/SOUNDNESS.md section "gkr backend"):
 * the GKR walk's Schwartz-Zippel terms, which depend only on the field size and hold in every
 * regime, then (private statements) the WHIR terms from src/whir/params.c and the Merkle hash. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "soundness/soundness.h"

/* log2 |K|, K = KoalaBear^5 (field/field_desc.h) */
static double k_bits(void) { return hs_field_bits(&hs_field_kb5); }

void hs_soundness_gkr_walk(hs_sound_report *out, const hs_gkr_perm *pm, unsigned log_perms) {
    const double kb = k_bits(), n = log_perms;
    /* Output point: a wrong claimed output table differs from the true one in its MLE at a random
     * z_out except with probability n/|K| (Schwartz-Zippel, multilinear in n variables). */
    hs_sound_add(out, "gkr.output_point", kb - log2(fmax(n, 1.0)), kb - log2(fmax(n, 1.0)), kb - log2(fmax(n, 1.0)));
    /* Per S-box layer (the permutation's shape, src/gkr/gkr_perm.h: 2 * 4 full and R partial
     * layers of width w), the sumcheck: n rounds of degree 4 (error 4n/|K|), or with the univariate
     * skip (n >= k = 3, src/gkr/gkr.h) one skip round of degree 3 (2^k - 1) = 21 and n - k rounds
     * of degree 4. The claims entering a layer: the 9 full layers' w lane claims (8 full layers
     * and the last partial one) are combined with beta^j = gamma^(3j), a polynomial of degree
     * 3 (w - 1) in gamma (45/|K| at w = 16, 69/|K| at w = 24); each of the other R - 1 partial
     * layers starts from the previous one's 2 values merged with mu, linear in mu (1/|K|;
     * src/gkr/gkr.c "the partial rounds"). The layers add up (union bound) into one term. With the
     * skip it also carries the two ends: alpha against the 8 output block values (degree 7) and
     * epsilon for the input blocks' statement (k variables): 10/|K|. The block entry check and
     * the linear layers (inverses, constants) are exact: no term. */
    const int skip = log_perms >= HS_GKR_SKIP;
    const double k = HS_GKR_SKIP, rounds = skip ? HS_GKR_SKIP_DEG + 4.0 * (n - k) : 4.0 * n;
    const double layers = pm->layers, merged = pm->partial - 1.0, batched = layers - merged;
    const double ends = skip ? (HS_GKR_SKIP_D - 1.0) + k : 0.0, bdeg = 3.0 * (pm->width - 1);
    double walk = kb - log2(layers * rounds + batched * bdeg + merged * 1.0 + ends);
    char name[64];
    snprintf(name, sizeof name, "gkr.layers[%u]", pm->layers);
    hs_sound_add(out, name, walk, walk, walk);
}

int hs_soundness_gkr(const hs_preset *p, unsigned perm_id, unsigned log_perms, int public_io, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    const hs_gkr_perm *pm = hs_gkr_perm_get(perm_id);
    if (!p || !pm || log_perms > HS_GKR_MAX_LOG) return 0;
    hs_soundness_gkr_walk(out, pm, log_perms);
    const double kb = k_bits();
    hs_regime regime = HS_REGIME_JOHNSON;
    if (public_io) {
        /* The table enters the transcript through its BLAKE3 digest: a second table with the same
         * digest would pass, so collision resistance bounds it. */
        hs_sound_add(out, "table.digest (BLAKE3)", 128.0, 128.0, 128.0);
    } else {
        hs_gkr_shape s;
        memset(&s, 0, sizeof s);
        hs_gkr_whir_config(p, &s.whir);
        hs_whir_params wp;
        const char *why = NULL;
        if (!hs_whir_params_derive(&wp, log_perms + hs_gkr_stack_log_cols(pm->width), &s.whir, out, &why)) {
            memset(out, 0, sizeof *out);
            return 0;
        }
        /* WHIR statements: the 2 w claims (outputs and inputs) are combined with powers of a fresh gamma */
        const double sb = kb - log2(2.0 * pm->width);
        hs_sound_add(out, "whir.statement_batching", sb, sb, sb);
        double mb = hs_sound_merkle_bits((int)s.whir.hash);
        hs_sound_add(out, "merkle.collision", mb, mb, mb);
        regime = s.whir.regime == HS_REGIME_CONJECTURED ? HS_REGIME_JOHNSON : s.whir.regime;
    }
    out->regime = regime;
    hs_sound_finish(out);
    return 1;
}

int hs_soundness_gkr_check(const hs_preset *p, unsigned perm_id, unsigned log_perms, int public_io,
                           hs_sound_report *out) {
    if (!hs_soundness_gkr(p, perm_id, log_perms, public_io, out)) return -1;
    return out->claimed_bits + 1e-9 >= p->claim_bits;
}

/* Ragged regions (src/gkr/ragged.h, docs/SOUNDNESS.md "ragged regions"). The walk is the plain
 * walk's without the partial rounds' single claim: every one of the 28 layers batches all 16 A
 * lane claims with beta^(16 a + j) = gamma^(3 (16 a + j)) (degree 3 (16 A - 1) in gamma), then
 * one sumcheck of W rounds of degree 4 (ragged, padded: the selector prod (1 - x_j) is
 * multilinear, so the degree stays 4), or (independent) per region a walk of its own: degree 45
 * batching and w_a rounds. */
int hs_soundness_ragged(const hs_ragged_shape *s, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    const hs_gkr_perm *pm = hs_gkr_perm_get(HS_GKR_P2_KB16);
    if (!s || !s->preset || !pm || s->n_regions < 1 || s->n_regions > HS_RAGGED_MAX_REGIONS) return 0;
    const double kb = k_bits(), A = s->n_regions, layers = pm->layers, lanes = HS_RAGGED_LANES;
    /* Output point: a wrong output table of region a differs from the true one in its MLE at
     * z_out[0..w_a) except with probability w_a/|K| <= W/|K|. */
    const double W = s->W;
    hs_sound_add(out, "ragged.output_point", kb - log2(W), kb - log2(W), kb - log2(W));
    double err = 0; /* the walk's errors in units of 1/|K|, added up (union bound) */
    if (s->variant == HS_RAGGED_INDEPENDENT)
        for (unsigned a = 0; a < s->n_regions; a++) err += layers * (3.0 * (lanes - 1) + 4.0 * s->widths[a]);
    else
        err = layers * (3.0 * (lanes * A - 1) + 4.0 * W);
    char name[64];
    snprintf(name, sizeof name, "ragged.layers[%u]", pm->layers);
    const double walk = kb - log2(err);
    hs_sound_add(out, name, walk, walk, walk);
    hs_regime regime = HS_REGIME_JOHNSON;
    if (!s->private_io) {
        hs_sound_add(out, "table.digest (BLAKE3)", 128.0, 128.0, 128.0);
    } else {
        hs_whir_config cfg;
        hs_gkr_whir_config(s->preset, &cfg);
        hs_whir_params wp;
        const char *why = NULL;
        if (!s->commit_vars || !hs_whir_params_derive(&wp, s->commit_vars, &cfg, out, &why)) {
            memset(out, 0, sizeof *out);
            return 0;
        }
        /* the 32 A claims (every region's outputs and inputs) combined with powers of a fresh gamma
         * after the OOD answers: a polynomial of degree < OOD + 32 A in gamma; the padded variant's
         * division by its selector is exact (no term) */
        const double sb = kb - log2(wp.round[0].ood + 2.0 * lanes * A);
        hs_sound_add(out, "whir.statement_batching", sb, sb, sb);
        double mb = hs_sound_merkle_bits((int)cfg.hash);
        hs_sound_add(out, "merkle.collision", mb, mb, mb);
        regime = cfg.regime == HS_REGIME_CONJECTURED ? HS_REGIME_JOHNSON : cfg.regime;
    }
    out->regime = regime;
    hs_sound_finish(out);
    return 1;
}
