/* hashsnark params: every soundness term of a preset at a shape (src/soundness, docs/SOUNDNESS.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "soundness/soundness.h"
#include "bench/ragged_compare.h"
#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "stark/stark.h"

static void help(void) {
    printf("usage: hashsnark params --preset P [--backend stark|gkr] [--log-perms N] [--log-blowup B]\n"
           "                        [--hash NAME] [--public] [--format text|json]\n"
           "       hashsnark params --backend gkr --regions W1,W2,... [--variant V] [--private] [--preset P]\n"
           "                        [--format text|json]\n"
           "\n"
           "Prints every soundness term of the stark protocol for that shape, in bits (-log2 of its\n"
           "error), under the unique-decoding bound (udr), the Johnson bound (with its slack eta) and the\n"
           "conjectured (random words) bound: the ALI and DEEP terms, the FRI batching and each folding\n"
           "round, the queries with grinding, the Merkle hash's collisions. The claimed security is the\n"
           "weakest term of the better proven regime (udr or johnson); the conjectured column is for\n"
           "comparison only, since up-to-capacity proximity gaps are disproved (docs/SOUNDNESS.md).\n"
           "With --backend gkr: the GKR walk's batching and sumcheck terms, then (private statements)\n"
           "WHIR's folding, out-of-domain and query terms and the Merkle hash.\n"
           "\n"
           "  --preset P       compat, fast100 or proven128 (default compat)\n"
           "  --log-perms N    2^N permutations (0..24, default 20)\n"
           "  --backend B      stark (default) or gkr\n"
           "  --log-blowup B   rate 2^-B instead of the preset's (1..4)\n"
           "  --hash NAME      poseidon2-kb16 (default) or poseidon2-kb24; with --backend gkr also\n"
           "                   poseidon1-kb16 or poseidon1-kb24\n"
           "  --public         a public statement (inputs and outputs bound to the proof)\n"
           "  --regions W1,..  gkr: ragged regions of 2^Wa Poseidon2-KB16 permutations (public unless\n"
           "                   --private: committed regions), --variant ragged|padded|independent\n"
           "  --format F       text (default) or json: claimed_bits, regime, weakest_term and terms, a\n"
           "                   list of {name, udr, johnson, conjectured}\n");
}

static void json_num(double v) {
    if (isfinite(v)) printf("%.4f", v);
    else printf("null");
}

static void json_terms(const hs_sound_report *rep) {
    printf("  \"terms\": [\n");
    for (size_t i = 0; i < rep->n_terms; i++) {
        const hs_sound_term *t = &rep->terms[i];
        printf("    {\"name\": \"%s\", \"udr\": ", t->name);
        json_num(t->bits[HS_REGIME_UDR]);
        printf(", \"johnson\": ");
        json_num(t->bits[HS_REGIME_JOHNSON]);
        printf(", \"conjectured\": ");
        json_num(t->bits[HS_REGIME_CONJECTURED]);
        printf("}%s\n", i + 1 < rep->n_terms ? "," : "");
    }
    printf("  ]\n}\n");
}

static void text_terms(const hs_sound_report *rep) {
    printf("%-24s %10s %10s %12s\n", "term", "udr", "johnson", "conjectured");
    for (size_t i = 0; i < rep->n_terms; i++) {
        const hs_sound_term *t = &rep->terms[i];
        printf("%-24s %10.2f %10.2f %12.2f\n", t->name, t->bits[0], t->bits[1], t->bits[2]);
    }
}

/* The gkr backend: the walk's terms, then WHIR's (private statements). */
static int params_gkr(const hs_preset *p, const hs_gkr_perm *perm, unsigned logp, int pub, int json) {
    hs_sound_report rep;
    int holds = hs_soundness_gkr_check(p, perm->id, logp, pub, &rep);
    if (holds < 0) {
        hs_cli_error("params", "the gkr backend cannot prove 2^%u permutations with preset %s", logp, p->name);
        return HS_EXIT_USAGE;
    }
    hs_whir_config wc;
    hs_gkr_whir_config(p, &wc);
    /* the gkr backend's claim rests on its WHIR configuration's regime (Johnson for every preset),
     * not on the stark part's unique-decoding sizing */
    const char *weakest = rep.terms[rep.weakest].name, *declared = hs_regime_name(wc.regime);
    if (json) {
        printf("{\n  \"backend\": \"gkr\",\n  \"preset\": \"%s\",\n  \"hash\": \"%s\",\n"
               "  \"statement\": \"%s\",\n  \"log_perms\": %u,\n  \"ext_degree\": 5,\n  \"whir_log_inv_rate\": %u,\n"
               "  \"whir_regime\": \"%s\",\n  \"claimed_bits\": ",
               p->name, perm->name, pub ? "public" : "private", logp, wc.log_inv_rate, hs_regime_name(wc.regime));
        json_num(rep.claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"declared_bits\": %.4f,\n"
               "  \"declared_regime\": \"%s\",\n  \"supported\": %s,\n",
               hs_regime_name(rep.regime), weakest, p->claim_bits, declared, holds ? "true" : "false");
        json_terms(&rep);
        return HS_EXIT_OK;
    }
    printf("preset %s, gkr backend: %s, 2^%u permutations (%s statement), %u S-box layers of width %u, challenge "
           "field of degree 5 (%.1f bits)%s",
           p->name, perm->name, logp, pub ? "public" : "private", perm->layers, perm->width, 5 * log2(2130706433.0),
           pub ? "; no commitment (the verifier evaluates the table)\n\n" : "");
    if (!pub)
        printf("; WHIR over X || Y (%u columns) at rate 1/%u, folding %u then %u, %s regime\n\n",
               1u << hs_gkr_stack_log_cols(perm->width), 1u << wc.log_inv_rate, wc.fold_first, wc.fold, hs_regime_name(wc.regime));
    text_terms(&rep);
    printf("\nclaimed security: %.1f bits (%s), weakest term %s\n", rep.claimed_bits, hs_regime_name(rep.regime),
           weakest);
    printf("declared by %s: %.0f bits: %s\n", p->name, p->claim_bits,
           holds ? "supported" : "NOT supported at this shape (the prover refuses it without --insecure)");
    return HS_EXIT_OK;
}

/* --regions: the ragged walk's terms, then the digest (public) or the stacked commitment's WHIR
 * terms (private). */
static int params_regions(const hs_preset *p, const char *regions, const char *variant_s, int priv, int json) {
    unsigned widths[HS_RAGGED_MAX_REGIONS], A = 0;
    if (!hs_ragged_parse_widths(regions, widths, &A)) {
        hs_cli_error("params", "--regions wants 1..32 comma-separated widths, each 4..20, not '%s'", regions);
        return HS_EXIT_USAGE;
    }
    int variant = hs_ragged_variant_parse(variant_s);
    hs_ragged_shape s;
    const char *why = "--variant must be ragged, padded or independent";
    if (variant < 0 || !hs_ragged_shape_make(&s, (unsigned)variant, widths, A, p, &why) ||
        !hs_ragged_shape_set_private(&s, priv, &why)) {
        hs_cli_error("params", "%s", why);
        return HS_EXIT_USAGE;
    }
    hs_sound_report rep;
    if (!hs_soundness_ragged(&s, &rep)) {
        hs_cli_error("params", "no soundness report for these regions with preset %s", p->name);
        return HS_EXIT_USAGE;
    }
    const int holds = rep.claimed_bits + 1e-9 >= p->claim_bits;
    const char *weakest = rep.terms[rep.weakest].name, *st = priv ? "private (committed regions)" : "public";
    if (json) {
        printf("{\n  \"backend\": \"gkr\",\n  \"preset\": \"%s\",\n  \"hash\": \"poseidon2-kb16\",\n"
               "  \"statement\": \"%s\",\n  \"regions\": \"%s\",\n  \"variant\": \"%s\",\n  \"commit_vars\": %u,\n"
               "  \"claimed_bits\": ",
               p->name, priv ? "regions-private" : "regions", regions, hs_ragged_variant_name(s.variant), s.commit_vars);
        json_num(rep.claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"declared_bits\": %.4f,\n"
               "  \"supported\": %s,\n",
               hs_regime_name(rep.regime), weakest, p->claim_bits, holds ? "true" : "false");
        json_terms(&rep);
        return HS_EXIT_OK;
    }
    printf("preset %s, gkr backend: poseidon2-kb16 in %u regions (%s, %s variant, %s statement), 28 S-box layers, "
           "challenge field of degree 5 (%.1f bits)",
           p->name, A, regions, hs_ragged_variant_name(s.variant), st, 5 * log2(2130706433.0));
    if (priv)
        printf("; one stacked WHIR commitment of 32 columns (X || Y) at %u variables\n\n", s.commit_vars);
    else
        printf("; no commitment (the verifier evaluates the tables)\n\n");
    text_terms(&rep);
    printf("\nclaimed security: %.1f bits (%s), weakest term %s\n", rep.claimed_bits, hs_regime_name(rep.regime),
           weakest);
    printf("declared by %s: %.0f bits: %s\n", p->name, p->claim_bits, holds ? "supported" : "NOT supported at this shape");
    return HS_EXIT_OK;
}

int hs_cmd_params(int argc, char **argv) {
    const char *preset_s = "compat", *logp_s = NULL, *blow_s = NULL, *hash = "poseidon2-kb16", *format = "text",
               *backend = "stark", *regions = NULL, *variant_s = NULL;
    int pub = 0, priv = 0;
    hs_opt opts[] = {{"preset", 1, &preset_s, NULL}, {"log-perms", 1, &logp_s, NULL}, {"log-blowup", 1, &blow_s, NULL},
                     {"hash", 1, &hash, NULL},       {"public", 0, NULL, &pub},        {"format", 1, &format, NULL},
                     {"backend", 1, &backend, NULL}, {"regions", 1, &regions, NULL}, {"variant", 1, &variant_s, NULL},
                     {"private", 0, NULL, &priv}};
    int r = hs_cli_parse("params", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const hs_preset *p = hs_preset_find(preset_s);
    if (!p) {
        hs_cli_error("params", "unknown preset '%s' (compat, fast100, proven128)", preset_s);
        return HS_EXIT_USAGE;
    }
    if (regions || variant_s || priv) {
        if (!regions || strcmp(backend, "gkr") || logp_s || blow_s || pub) {
            hs_cli_error("params", "--regions (with --variant, --private) needs --backend gkr and excludes --log-perms, "
                                   "--log-blowup and --public");
            return HS_EXIT_USAGE;
        }
        if (strcmp(format, "json") && strcmp(format, "text")) {
            hs_cli_error("params", "--format must be text or json, not '%s'", format);
            return HS_EXIT_USAGE;
        }
        return params_regions(p, regions, variant_s ? variant_s : "ragged", priv, !strcmp(format, "json"));
    }
    const hs_air_def *def = hs_air_find(hash);
    unsigned perm_id = def ? def->id : 0;
    const hs_gkr_perm *gperm = !strcmp(backend, "gkr") ? hs_gkr_perm_find(hash) : NULL;
    if (!strcmp(backend, "gkr") ? !gperm : !perm_id) {
        hs_cli_error("params", "--hash: the %s backend does not prove '%s'", backend, hash);
        return HS_EXIT_USAGE;
    }
    int json = !strcmp(format, "json");
    if (!json && strcmp(format, "text")) {
        hs_cli_error("params", "--format must be text or json, not '%s'", format);
        return HS_EXIT_USAGE;
    }
    unsigned long logp = 20, blow = 0;
    if (logp_s && !hs_cli_uint("params", "log-perms", logp_s, 0, 24, &logp)) return HS_EXIT_USAGE;
    if (blow_s && !hs_cli_uint("params", "log-blowup", blow_s, 1, 4, &blow)) return HS_EXIT_USAGE;

    int gkr = !strcmp(backend, "gkr");
    if (!gkr && strcmp(backend, "stark")) {
        hs_cli_error("params", "--backend must be stark or gkr, not '%s'", backend);
        return HS_EXIT_USAGE;
    }
    if (gkr && blow_s) {
        hs_cli_error("params", "the gkr backend proves at its preset's WHIR rate (no --log-blowup)");
        return HS_EXIT_USAGE;
    }
    if (gkr) return params_gkr(p, gperm, (unsigned)logp, pub, json);
    hs_sound_report rep;
    int holds = hs_soundness_stark_check(p, perm_id, (unsigned)logp, (unsigned)blow, pub, &rep);
    const hs_fri_params f = hs_preset_fri(p, (unsigned)blow);
    if (holds < 0) {
        hs_cli_error("params", "preset %s cannot prove 2^%lu permutations at rate 1/%u (trace rows times blowup "
                     "above 2^24)", p->name, logp, 1u << f.log_blowup);
        return HS_EXIT_USAGE;
    }
    hs_stark_shape sh;
    hs_air air;
    const char *why = NULL;
    if (!hs_stark_make_shape(&sh, p, perm_id, (unsigned)logp, (unsigned)blow, pub, &why) || !hs_stark_air(&sh, &air)) {
        hs_cli_error("params", "%s", why ? why : "impossible shape");
        return HS_EXIT_USAGE;
    }
    const unsigned log_rows = (unsigned)hs_air_log_rows(&air, (unsigned)logp);
    const double k = ldexp(1.0, (int)log_rows), n = ldexp(k, (int)f.log_blowup), rho = k / n;
    const char *weakest = rep.terms[rep.weakest].name, *declared = hs_regime_name((hs_regime)p->claim_regime);
    const char *hashes[] = {"Poseidon2-KB16", "Keccak-256", "BLAKE3"};
    if (json) {
        printf("{\n  \"backend\": \"stark\",\n  \"preset\": \"%s\",\n  \"hash\": \"%s\",\n  \"statement\": \"%s\",\n",
               p->name, hash, pub ? "public" : "private");
        printf("  \"log_perms\": %lu,\n  \"log_rows\": %u,\n  \"log_blowup\": %u,\n  \"ext_degree\": %u,\n"
               "  \"num_queries\": %u,\n  \"query_pow_bits\": %u,\n  \"commit_pow_bits\": %u,\n",
               logp, log_rows, f.log_blowup, f.ext_degree, f.num_queries, f.query_pow_bits, f.commit_pow_bits);
        printf("  \"claimed_bits\": ");
        json_num(rep.claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"johnson_eta\": ", hs_regime_name(rep.regime),
               weakest);
        json_num(rep.johnson_eta);
        printf(",\n  \"declared_bits\": %.4f,\n  \"declared_regime\": \"%s\",\n  \"supported\": %s,\n",
               p->claim_bits, declared, holds ? "true" : "false");
        json_terms(&rep);
        return HS_EXIT_OK;
    }
    printf("preset %s: %s, 2^%lu permutations (%s statement), 2^%u trace rows, rate 1/%u, challenge field of "
           "degree %u (%.1f bits), %u queries + %u bits of grinding, %s Merkle tree\n\n",
           p->name, hash, logp, pub ? "public" : "private", log_rows, 1u << f.log_blowup, f.ext_degree,
           f.ext_degree * log2(2130706433.0), f.num_queries, f.query_pow_bits,
           (unsigned)f.hash < 3 ? hashes[f.hash] : "?");
    text_terms(&rep);
    printf("\nrho = k/n = %.6g; unique decoding: delta = 1 - floor((n + k)/2)/n = %.4f; johnson: "
           "delta = 1 - sqrt(rho) - eta = %.4f with slack eta = %.5f\n",
           rho, 1 - floor((n + k) / 2) / n, 1 - sqrt(rho) - rep.johnson_eta, rep.johnson_eta);
    printf("claimed security: %.1f bits (%s), weakest term %s\n", rep.claimed_bits, hs_regime_name(rep.regime), weakest);
    printf("declared by %s: %.0f bits (%s): %s\n", p->name, p->claim_bits, declared,
           holds ? "supported" : "NOT supported at this shape (the prover refuses it without --insecure)");
    printf("the conjectured column is not a claim: up-to-capacity proximity gaps are disproved "
           "(docs/SOUNDNESS.md)\n");
    return HS_EXIT_OK;
}
