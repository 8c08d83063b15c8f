/* Soundness terms of the gkr backend (src/gkr/gkr.h, docs/SOUNDNESS.md section "gkr backend"):
 * the GKR walk's Schwartz-Zippel terms, which depend only on the field size and hold in every
 * regime, then (private statements) the WHIR terms from src/whir/params.c and the Merkle hash. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gkr/gkr.h"
#include "soundness/soundness.h"

/* |K| = p^5, p = 2^31 - 2^24 + 1 */
static double k_bits(void) { return 5.0 * log2(2130706433.0); }

int hs_soundness_gkr(const hs_preset *p, unsigned log_perms, int public_io, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    if (!p || log_perms > HS_GKR_MAX_LOG) return 0;
    const double kb = k_bits(), n = log_perms;
    /* Output point: a wrong claimed output table differs from the true one in its MLE at a random
     * z_out except with probability n/|K| (Schwartz-Zippel, multilinear in n variables). */
    hs_sound_add(out, "gkr.output_point", kb - log2(fmax(n, 1.0)), kb - log2(fmax(n, 1.0)), kb - log2(fmax(n, 1.0)));
    /* Per S-box layer, the sumcheck: n rounds of degree 4 (error 4n/|K|), or with the univariate
     * skip (n >= k = 3, src/gkr/gkr.h) one skip round of degree 3 (2^k - 1) = 21 and n - k rounds
     * of degree 4. The claims entering a layer: the 9 full layers' 16 lane claims (8 full layers
     * and the first partial one, 23) are combined with beta^j = gamma^(3j), a polynomial of degree
     * 45 in gamma (45/|K|); each of the other 19 partial layers starts from the previous one's 2
     * values merged with mu, linear in mu (1/|K|; src/gkr/gkr.c "the partial rounds"). The 28
     * layers add up (union bound) into one term. With the skip it also carries the two ends: alpha
     * against the 8 output block values (degree 7) and epsilon for the input blocks' statement
     * (k variables): 10/|K|. */
    const int skip = log_perms >= HS_GKR_SKIP;
    const double k = HS_GKR_SKIP, rounds = skip ? HS_GKR_SKIP_DEG + 4.0 * (n - k) : 4.0 * n;
    const double merged = HS_GKR_PARTIAL - 1, batched = HS_GKR_LAYERS - merged;
    const double ends = skip ? (HS_GKR_SKIP_D - 1.0) + k : 0.0;
    double walk = kb - log2(HS_GKR_LAYERS * rounds + batched * 45.0 + merged * 1.0 + ends);
    char name[64];
    snprintf(name, sizeof name, "gkr.layers[28]");
    hs_sound_add(out, name, walk, walk, walk);
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
        if (!hs_whir_params_derive(&wp, log_perms + 5, &s.whir, out, &why)) {
            memset(out, 0, sizeof *out);
            return 0;
        }
        /* WHIR statements: the 32 claims are combined with powers of a fresh gamma */
        hs_sound_add(out, "whir.statement_batching", kb - log2(32.0), kb - log2(32.0), kb - log2(32.0));
        double mb = hs_sound_merkle_bits((int)s.whir.hash);
        hs_sound_add(out, "merkle.collision", mb, mb, mb);
        regime = s.whir.regime == HS_REGIME_CONJECTURED ? HS_REGIME_JOHNSON : s.whir.regime;
    }
    out->regime = regime;
    hs_sound_finish(out);
    return 1;
}

int hs_soundness_gkr_check(const hs_preset *p, unsigned log_perms, int public_io, hs_sound_report *out) {
    if (!hs_soundness_gkr(p, log_perms, public_io, out)) return -1;
    return out->claimed_bits + 1e-9 >= p->claim_bits;
}
