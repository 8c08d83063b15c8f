/* hashsnark params: every soundness term of a preset at a shape (hs_params, docs/SOUNDNESS.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "hashsnark.h"

/* The challenge fields are extensions of KoalaBear. */
#define KB_P 2130706433.0

static void help(void) {
    printf("usage: hashsnark params --preset P [--backend stark|gkr] [--log-perms N] [--log-blowup B]\n"
           "                        [--hash NAME] [--public] [--field F] [--format text|json]\n"
           "       hashsnark params --backend gkr --hash keccak-f1600 --private [--log-perms N] [--preset P]\n"
           "       hashsnark params --backend gkr --regions W1,W2,... [--variant V] [--private] [--preset P]\n"
           "                        [--format text|json]\n"
           "       hashsnark params --statement pcs --field gf2-128 --log-bits N [--preset P]\n"
           "                        (the binary commitment: 'hashsnark params --statement pcs --help')\n"
           "\n"
           "Prints every soundness term of the stark protocol for that shape, in bits (-log2 of its\n"
           "error), under the unique-decoding bound (udr), the Johnson bound (with its slack eta) and the\n"
           "conjectured (random words) bound: the ALI and DEEP terms, the FRI batching and each folding\n"
           "round, the queries with grinding, the Merkle hash's collisions. The claimed security is the\n"
           "weakest term of the better proven regime (udr or johnson); the conjectured column is for\n"
           "comparison only, since up-to-capacity proximity gaps are disproved (docs/SOUNDNESS.md).\n"
           "With --backend gkr: the GKR walk's batching and sumcheck terms, then (private statements)\n"
           "WHIR's folding, out-of-domain and query terms and the Merkle hash. keccak-f1600 with\n"
           "--backend gkr (a walk over GF(2), challenges in GF(2^128)): the output point, the 24 chi\n"
           "sumchecks and the 24 folds of the 25 lane claims (Schwartz-Zippel); with --private also the\n"
           "input reduction, ring switching's row batches, the batch of the two claims and FRI-Binius's\n"
           "sumcheck, fold and query terms.\n"
           "poseidon2b and poseidon2b-frost with --backend gkr (a walk over GF(2^128)): the output point,\n"
           "the 67 lane batchings and the 66 layer sumchecks; private statements add the batching of\n"
           "the eight input and output claims and FRI-Binius' sumcheck, fold, query and hash terms.\n"
           "\n"
           "  --preset P       compat, fast100 or proven128 (default compat)\n"
           "  --log-perms N    2^N permutations (0..24, default 20)\n"
           "  --backend B      stark (default) or gkr\n"
           "  --log-blowup B   rate 2^-B instead of the preset's (1..4)\n"
           "  --hash NAME      default poseidon2-kb16; the stark backend proves\n"
           "                     %s;\n"
           "                   the gkr backend %s\n"
           "  --public         a public statement (inputs and outputs bound to the proof; the default of\n"
           "                   keccak-f1600 by gkr)\n"
           "  --field F        checked against the field of the protocol: koalabear, or gf2-128\n"
           "                   (keccak-f1600 by gkr)\n"
           "  --regions W1,..  gkr: ragged regions of 2^Wa permutations each (4..20, 1..32 regions)\n"
           "  --variant V      with --regions: ragged (default), padded or independent\n"
           "  --private        with --regions: committed regions (one stacked WHIR commitment); with\n"
           "                   --backend gkr --hash keccak-f1600: the private statement (log-perms 0..23);\n"
           "                   poseidon2b(-frost) by gkr: the private statement (the default)\n"
           "  --format F       text (default) or json: claimed_bits, regime, weakest_term and terms, a\n"
           "                   list of {name, udr, johnson, conjectured}\n",
           hs_cli_stark_names(), hs_cli_gkr_names());
}

static void json_num(double v) {
    if (isfinite(v)) printf("%.4f", v);
    else printf("null");
}

static void json_terms(const hs_params_report *rep) {
    printf("  \"terms\": [\n");
    for (size_t i = 0; i < rep->n_terms; i++) {
        const hs_sec_term *t = &rep->terms[i];
        printf("    {\"name\": \"%s\", \"udr\": ", t->name);
        json_num(t->bits[HS_SEC_UDR]);
        printf(", \"johnson\": ");
        json_num(t->bits[HS_SEC_JOHNSON]);
        printf(", \"conjectured\": ");
        json_num(t->bits[HS_SEC_CONJECTURED]);
        printf("}%s\n", i + 1 < rep->n_terms ? "," : "");
    }
    printf("  ]\n}\n");
}

static void text_terms(const hs_params_report *rep) {
    printf("%-24s %10s %10s %12s\n", "term", "udr", "johnson", "conjectured");
    for (size_t i = 0; i < rep->n_terms; i++) {
        const hs_sec_term *t = &rep->terms[i];
        printf("%-24s %10.2f %10.2f %12.2f\n", t->name, t->bits[0], t->bits[1], t->bits[2]);
    }
}

/* The preset's declaration against the claim, naming the regime the claim holds under. */
static void declared_line(const hs_preset_info *p, const hs_params_report *rep) {
    if (rep->supported)
        printf("declared by %s: %.0f bits (%s): holds\n", p->name, p->declared_bits, hs_sec_regime_name(rep->regime));
    else
        printf("declared by %s: %.0f bits: does NOT hold at this shape (the prover refuses it without --insecure)\n",
               p->name, p->declared_bits);
}

/* Under the WHIR terms' conjectured column. */
static void conjectured_line(void) {
    printf("conjectured: WHIR's terms if proximity gaps held past the Johnson radius (unproven), not a claim\n");
}

/* The gkr backend: the walk's terms, then WHIR's (private statements). */
static void params_gkr(const hs_preset_info *p, const char *hash, unsigned logp, int pub, int json,
                       const hs_params_report *rep) {
    /* the gkr backend's claim rests on its WHIR configuration's regime (Johnson for every preset),
     * not on the stark part's unique-decoding sizing */
    const char *weakest = rep->terms[rep->weakest].name, *declared = hs_sec_regime_name(p->gkr_whir_regime);
    if (json) {
        printf("{\n  \"backend\": \"gkr\",\n  \"preset\": \"%s\",\n  \"hash\": \"%s\",\n"
               "  \"statement\": \"%s\",\n  \"log_perms\": %u,\n  \"ext_degree\": %u,\n  \"whir_log_inv_rate\": %u,\n"
               "  \"whir_regime\": \"%s\",\n  \"claimed_bits\": ",
               p->name, hash, pub ? "public" : "private", logp, rep->ext_degree, p->gkr_whir_log_inv_rate, declared);
        json_num(rep->claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"declared_bits\": %.4f,\n"
               "  \"declared_regime\": \"%s\",\n  \"supported\": %s,\n",
               hs_sec_regime_name(rep->regime), weakest, p->declared_bits, declared,
               rep->supported ? "true" : "false");
        json_terms(rep);
        return;
    }
    printf("preset %s, gkr backend: %s, 2^%u permutations (%s statement), %u S-box layers of width %u, challenge "
           "field of degree %u (%.1f bits)%s",
           p->name, hash, logp, pub ? "public" : "private", rep->gkr_layers, rep->gkr_width, rep->ext_degree,
           rep->ext_degree * log2(KB_P), pub ? "; no commitment (the verifier evaluates the table)\n\n" : "");
    if (!pub)
        printf("; WHIR over X || Y (%u columns) at rate 1/%u, folding %u then %u, %s regime\n\n", rep->whir_columns,
               1u << rep->whir_log_inv_rate, rep->whir_fold_first, rep->whir_fold, hs_sec_regime_name(rep->whir_regime));
    text_terms(rep);
    printf("\nclaimed security: %.1f bits (%s), weakest term %s\n", rep->claimed_bits, hs_sec_regime_name(rep->regime),
           weakest);
    declared_line(p, rep);
    if (!pub) conjectured_line();
}

/* The gkr backend's walks over binary fields: keccak-f1600 over GF(2) and Poseidon2b over GF(2^128),
 * each public or private (committed with FRI-Binius): their terms. */
static void params_gkrb(const hs_preset_info *p, const char *hash, unsigned logp, int pub, int json,
                        const hs_params_report *rep) {
    const char *weakest = rep->terms[rep->weakest].name;
    const int keccak = !strcmp(hash, "keccak-f1600");
    if (json) {
        printf("{\n  \"backend\": \"gkr\",\n  \"preset\": \"%s\",\n  \"hash\": \"%s\",\n"
               "  \"statement\": \"%s\",\n  \"field\": \"gf2-128\",\n  \"log_perms\": %u,\n",
               p->name, hash, pub ? "public" : "private", logp);
        if (!pub && !keccak) /* keccak-f1600: the ring-switched commitment's terms are in the list */
            printf("  \"commitment\": \"fri-binius\",\n  \"commit_log_inv_rate\": %u,\n  \"commit_queries\": %u,\n",
                   rep->whir_log_inv_rate, rep->num_queries);
        printf("  \"claimed_bits\": ");
        json_num(rep->claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"declared_bits\": %.4f,\n"
               "  \"supported\": %s,\n",
               hs_sec_regime_name(rep->regime), weakest, p->declared_bits, rep->supported ? "true" : "false");
        json_terms(rep);
        return;
    }
    if (keccak)
        printf("preset %s, gkr backend: %s, 2^%u permutations (%s statement), a walk over GF(2) of %u rounds on %u "
               "lanes, challenges in GF(2^128) (128 bits); %s\n\n",
               p->name, hash, logp, pub ? "public" : "private", rep->gkr_layers, rep->gkr_width,
               pub ? "no commitment (the verifier evaluates both tables)"
                   : "inputs and outputs committed bit by bit (FRI-Binius with ring switching), the walk's two claims "
                     "opened together");
    else if (pub)
        printf("preset %s, gkr backend: %s, 2^%u permutations (public statement), a walk over GF(2^128) of %u layers "
               "on %u lanes; no commitment (the verifier evaluates both tables)\n\n",
               p->name, hash, logp, rep->gkr_layers, rep->gkr_width);
    else
        printf("preset %s, gkr backend: %s, 2^%u permutations (private statement), a walk over GF(2^128) of %u layers "
               "on %u lanes; FRI-Binius over the %u stacked input and output columns at rate 1/%u, %u queries, %s\n\n",
               p->name, hash, logp, rep->gkr_layers, rep->gkr_width, rep->whir_columns, 1u << rep->whir_log_inv_rate,
               rep->num_queries, rep->merkle_hash ? rep->merkle_hash : "?");
    text_terms(rep);
    printf("\nclaimed security: %.1f bits (%s), weakest term %s\n", rep->claimed_bits, hs_sec_regime_name(rep->regime),
           weakest);
    declared_line(p, rep);
}

/* The ragged-regions statements: the walk's terms, then (committed regions) the stacked WHIR
 * commitment's. */
static int params_regions(const hs_preset_info *p, const char *regions, const char *variant, int priv, int json) {
    hs_shape s;
    hs_shape_init(&s);
    s.backend = HS_BACKEND_GKR;
    s.preset = p->name;
    s.statement = HS_STATEMENT_REGIONS;
    s.variant = variant;
    s.private_regions = priv;
    if (!hs_cli_widths(regions, s.region_log, &s.n_regions)) {
        hs_cli_error("params", "--regions wants 1..32 comma-separated widths, each 4..20, not '%s'", regions);
        return HS_EXIT_USAGE;
    }
    static hs_params_report rep;
    char why[HS_REASON_LEN];
    if (hs_params(&rep, why, sizeof why, &s) != HS_OK) {
        hs_cli_error("params", "%s", why);
        return HS_EXIT_USAGE;
    }
    /* the stacked commitment's variables: 32 columns (X || Y) over ceil log2 of the total rows */
    size_t total = 0;
    for (unsigned a = 0; a < s.n_regions; a++) total += (size_t)1 << s.region_log[a];
    unsigned m = 0;
    while (((size_t)1 << m) < total) m++;
    const unsigned commit_vars = priv ? 5 + m : 0;
    const char *weakest = rep.terms[rep.weakest].name, *st = priv ? "private (committed regions)" : "public";
    if (json) {
        printf("{\n  \"backend\": \"gkr\",\n  \"preset\": \"%s\",\n  \"hash\": \"poseidon2-kb16\",\n"
               "  \"statement\": \"%s\",\n  \"regions\": \"%s\",\n  \"variant\": \"%s\",\n  \"commit_vars\": %u,\n"
               "  \"claimed_bits\": ",
               p->name, priv ? "regions-private" : "regions", regions, variant, commit_vars);
        json_num(rep.claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"declared_bits\": %.4f,\n"
               "  \"supported\": %s,\n",
               hs_sec_regime_name(rep.regime), weakest, p->declared_bits, rep.supported ? "true" : "false");
        json_terms(&rep);
        return HS_EXIT_OK;
    }
    printf("preset %s, gkr backend: poseidon2-kb16 in %u regions (%s, %s variant, %s statement), %u S-box layers, "
           "challenge field of degree %u (%.1f bits)",
           p->name, s.n_regions, regions, variant, st, rep.gkr_layers, rep.ext_degree, rep.ext_degree * log2(KB_P));
    if (priv)
        printf("; one stacked WHIR commitment of %u columns (X || Y) at %u variables\n\n", rep.whir_columns,
               commit_vars);
    else
        printf("; no commitment (the verifier evaluates the tables)\n\n");
    text_terms(&rep);
    printf("\nclaimed security: %.1f bits (%s), weakest term %s\n", rep.claimed_bits, hs_sec_regime_name(rep.regime),
           weakest);
    declared_line(p, &rep);
    if (priv) conjectured_line();
    return HS_EXIT_OK;
}

static void params_stark(const hs_preset_info *p, const char *hash, unsigned logp, int pub, int json,
                         const hs_params_report *rep) {
    const double k = ldexp(1.0, (int)rep->log_rows), n = ldexp(k, (int)rep->log_blowup), rho = k / n;
    const char *weakest = rep->terms[rep->weakest].name, *declared = hs_sec_regime_name(p->declared_regime);
    if (json) {
        printf("{\n  \"backend\": \"stark\",\n  \"preset\": \"%s\",\n  \"hash\": \"%s\",\n  \"statement\": \"%s\",\n",
               p->name, hash, pub ? "public" : "private");
        printf("  \"log_perms\": %u,\n  \"log_rows\": %u,\n  \"log_blowup\": %u,\n  \"ext_degree\": %u,\n"
               "  \"num_queries\": %u,\n  \"query_pow_bits\": %u,\n  \"commit_pow_bits\": %u,\n",
               logp, rep->log_rows, rep->log_blowup, rep->ext_degree, rep->num_queries, rep->query_pow_bits,
               rep->commit_pow_bits);
        printf("  \"claimed_bits\": ");
        json_num(rep->claimed_bits);
        printf(",\n  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"johnson_eta\": ",
               hs_sec_regime_name(rep->regime), weakest);
        json_num(rep->johnson_eta);
        printf(",\n  \"declared_bits\": %.4f,\n  \"declared_regime\": \"%s\",\n  \"supported\": %s,\n",
               p->declared_bits, declared, rep->supported ? "true" : "false");
        json_terms(rep);
        return;
    }
    printf("preset %s: %s, 2^%u permutations (%s statement), 2^%u trace rows, rate 1/%u, challenge field of "
           "degree %u (%.1f bits), %u queries + %u bits of grinding, %s Merkle tree\n\n",
           p->name, hash, logp, pub ? "public" : "private", rep->log_rows, 1u << rep->log_blowup, rep->ext_degree,
           rep->ext_degree * log2(KB_P), rep->num_queries, rep->query_pow_bits,
           rep->merkle_hash ? rep->merkle_hash : "?");
    text_terms(rep);
    printf("\nrho = k/n = %.6g; unique decoding: delta = 1 - floor((n + k)/2)/n = %.4f; johnson: "
           "delta = 1 - sqrt(rho) - eta = %.4f with slack eta = %.5f\n",
           rho, 1 - floor((n + k) / 2) / n, 1 - sqrt(rho) - rep->johnson_eta, rep->johnson_eta);
    printf("claimed security: %.1f bits (%s), weakest term %s\n", rep->claimed_bits, hs_sec_regime_name(rep->regime),
           weakest);
    declared_line(p, rep);
    printf("the conjectured column is not a claim: up-to-capacity proximity gaps are disproved "
           "(docs/SOUNDNESS.md)\n");
}

int hs_cmd_params(int argc, char **argv) {
    if (hs_cli_opt_is(argc, argv, "statement", "pcs")) return hs_cmd_params_pcs(argc, argv);
    if (hs_cli_opt_is(argc, argv, "statement", "xmss")) return hs_cmd_params_xmss(argc, argv);
    if (hs_cli_has_opt(argc, argv, "statement")) return hs_cmd_params_merkle(argc, argv);
    const char *preset_s = "compat", *logp_s = NULL, *blow_s = NULL, *hash = "poseidon2-kb16", *format = "text",
               *backend = "stark", *regions = NULL, *variant_s = NULL, *field_s = NULL;
    int pub = 0, priv = 0;
    hs_opt opts[] = {{"preset", 1, &preset_s, NULL}, {"log-perms", 1, &logp_s, NULL}, {"log-blowup", 1, &blow_s, NULL},
                     {"hash", 1, &hash, NULL},       {"public", 0, NULL, &pub},        {"format", 1, &format, NULL},
                     {"backend", 1, &backend, NULL}, {"regions", 1, &regions, NULL}, {"variant", 1, &variant_s, NULL},
                     {"private", 0, NULL, &priv},    {"field", 1, &field_s, NULL}};
    int r = hs_cli_parse("params", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    hs_preset_info p;
    if (hs_preset_info_find(&p, preset_s) != HS_OK) {
        hs_cli_error("params", "unknown preset '%s' (compat, fast100, proven128)", preset_s);
        return HS_EXIT_USAGE;
    }
    /* the binary-field walks' private statements (Poseidon2b's is its default) */
    const int p2b_priv = priv && !regions && (!strcmp(hash, "poseidon2b") || !strcmp(hash, "poseidon2b-frost"));
    const int kgkr_priv = priv && !regions && !variant_s && !strcmp(backend, "gkr") && !strcmp(hash, "keccak-f1600");
    if ((p2b_priv || kgkr_priv) && pub) {
        hs_cli_error("params", "--public and --private exclude each other");
        return HS_EXIT_USAGE;
    }
    if (regions || variant_s || (priv && !p2b_priv && !kgkr_priv)) {
        if (!regions || strcmp(backend, "gkr") || logp_s || blow_s || pub || field_s) {
            hs_cli_error("params", "--regions (with --variant, --private) needs --backend gkr and excludes --log-perms, "
                                   "--log-blowup, --public and --field");
            return HS_EXIT_USAGE;
        }
        if (strcmp(format, "json") && strcmp(format, "text")) {
            hs_cli_error("params", "--format must be text or json, not '%s'", format);
            return HS_EXIT_USAGE;
        }
        return params_regions(&p, regions, variant_s ? variant_s : "ragged", priv, !strcmp(format, "json"));
    }
    const int gkr = !strcmp(backend, "gkr");
    hs_provable h;
    const int found = hs_provable_find(&h, hash) == HS_OK;
    if (!found || !(h.backends & HS_BACKEND_BIT(gkr ? HS_BACKEND_GKR : HS_BACKEND_STARK))) {
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
    if (!gkr && strcmp(backend, "stark")) {
        hs_cli_error("params", "--backend must be stark or gkr, not '%s'", backend);
        return HS_EXIT_USAGE;
    }
    if (gkr && blow_s) {
        hs_cli_error("params", "the gkr backend proves at its preset's WHIR rate (no --log-blowup)");
        return HS_EXIT_USAGE;
    }
    hs_shape s;
    hs_shape_init(&s);
    s.backend = gkr ? HS_BACKEND_GKR : HS_BACKEND_STARK;
    s.hash = h.name;
    s.preset = p.name;
    /* keccak-f1600 by gkr: public unless --private; a hash the backend proves only publicly: public */
    const int public_only = (gkr && !strcmp(h.name, "keccak-f1600") && !kgkr_priv) ||
                            !(HS_STATEMENT_BIT(HS_STATEMENT_PRIVATE) & (gkr ? h.gkr_statements : h.stark_statements));
    pub |= public_only;
    s.statement = pub ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
    s.log_perms = (unsigned)logp;
    s.log_blowup = (unsigned)blow;
    static hs_params_report rep; /* 8.5 KB: not on the stack */
    char why[HS_REASON_LEN];
    hs_status st = hs_params(&rep, why, sizeof why, &s);
    if (st == HS_ERR_ARGUMENT && gkr) {
        hs_cli_error("params", "the gkr backend cannot prove 2^%lu permutations with preset %s", logp, p.name);
        return HS_EXIT_USAGE;
    }
    if (st == HS_ERR_ARGUMENT) {
        hs_cli_error("params", "preset %s cannot prove 2^%lu permutations at rate 1/%u (trace rows times blowup "
                     "above 2^24)", p.name, logp, 1u << (blow ? (unsigned)blow : p.stark_log_blowup));
        return HS_EXIT_USAGE;
    }
    if (st != HS_OK) {
        hs_cli_error("params", "%s", why);
        return HS_EXIT_USAGE;
    }
    if (field_s && (!rep.field || strcmp(field_s, rep.field))) {
        hs_cli_error("params", "--field '%s': the %s backend proves %s over %s", field_s, backend, h.name,
                     rep.field ? rep.field : "?");
        return HS_EXIT_USAGE;
    }
    if (rep.field && !strcmp(rep.field, "gf2-128")) params_gkrb(&p, h.name, (unsigned)logp, pub, json, &rep);
    else if (gkr) params_gkr(&p, h.name, (unsigned)logp, pub, json, &rep);
    else params_stark(&p, h.name, (unsigned)logp, pub, json, &rep);
    return HS_EXIT_OK;
}
