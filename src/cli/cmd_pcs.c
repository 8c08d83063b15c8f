/* 'prove --statement pcs' and 'verify' of its proofs: the commitment-only statement
 * (hs_prove_pcs and hs_verify_pcs in include/hashsnark.h, docs/PROOF_FORMAT_PCS.md). The prover
 * and the verifier are the library's; this file parses the command line, writes the file and
 * prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"
#include "cli/textio.h"
#include "hashsnark.h"

static void prove_help(void) {
    printf("usage: hashsnark prove --statement pcs --field gf2-128 --log-bits N --out PROOF [--seed S]\n"
           "                       [--preset P] [--threads T] [--format text|json]\n"
           "\n"
           "Commits 2^N random bits (GF(2) values drawn from --seed, default 1), packed 128 to an element\n"
           "of GF(2^128), with FRI-Binius (Diamond and Posen, eprint 2024/504: Reed-Solomon by the\n"
           "additive NTT, folding interleaved with the evaluation sumcheck), and proves their multilinear\n"
           "extension's value at a point drawn by Fiat-Shamir after the commitment, by ring switching\n"
           "(same paper, Construction 3.1). The proof states the value; 'hashsnark verify --proof PROOF'\n"
           "checks it. Every preset folds 4 rounds between two Merkle oracles (BLAKE3); its query count\n"
           "comes from its target by the unique-decoding bound and every other term is computed\n"
           "('hashsnark params --statement pcs --field gf2-128 --log-bits N --preset P' lists them).\n"
           "Prints the provable bits the commitment's soundness terms give (unique decoding).\n"
           "\n"
           "  --field gf2-128   the commitment's field (the only one)\n"
           "  --preset P        compat (default): rate 1/2, 232 queries, 96 bits, as Binius64;\n"
           "                    fast100: rate 1/4, 148 queries, 100 bits, challenges in GF(2^128) (up to\n"
           "                      2^32 bits: above, its fold term over GF(2^128) falls below 100);\n"
           "                    proven128: rate 1/4, 189 queries, 128 bits, challenges, round messages and\n"
           "                      folded codewords in GF(2^256) = GF(2^128)[Y]/(Y^2 + Y + X^121)\n"
           "  --log-bits N      2^N committed bits, N from %u to %u\n"
           "  --seed S          the random bits' seed (default 1)\n"
           "  --threads T       threads (default: HS_THREADS, else every CPU); the proof does not depend on T\n"
           "  --out PROOF       the proof file\n",
           HS_PCS_MIN_LOG_BITS, HS_PCS_MAX_LOG_BITS);
}

/* The proof's parameters, as prove and verify both report them in JSON. */
static void json_info(hs_json *j, const hs_pcs_info *info) {
    hs_json_str(j, "statement", "pcs");
    hs_json_str(j, "field", info->field);
    hs_json_u64(j, "log_bits", info->log_bits);
    hs_json_str(j, "preset", info->preset);
    hs_json_u64(j, "challenge_bits", info->challenge_bits);
    hs_json_u64(j, "queries", info->queries);
    hs_json_u64(j, "inv_rate", info->inv_rate);
    hs_json_num(j, "claimed_bits", info->claimed_bits);
    hs_json_str(j, "regime", hs_sec_regime_name(info->regime));
}

int hs_cmd_prove_pcs(int argc, char **argv) {
    const char *statement = NULL, *field = NULL, *logb_s = NULL, *seed_s = NULL, *out = NULL, *threads_s = NULL,
               *format_s = NULL, *preset = "compat";
    int quiet = 0;
    hs_opt opts[] = {{"statement", 1, &statement, NULL}, {"field", 1, &field, NULL},
                     {"log-bits", 1, &logb_s, NULL},     {"seed", 1, &seed_s, NULL},
                     {"out", 1, &out, NULL},             {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format_s, NULL},     {"quiet", 0, NULL, &quiet},
                     {"preset", 1, &preset, NULL}};
    const int r = hs_cli_parse("prove", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return prove_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("prove", format_s);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    if (!field || strcmp(field, "gf2-128"))
        return hs_cli_error("prove", "--statement pcs: --field gf2-128 is required (the commitment's field), not '%s'",
                            field ? field : ""),
               HS_EXIT_USAGE;
    if (!logb_s) return hs_cli_error("prove", "--statement pcs: --log-bits N is required"), HS_EXIT_USAGE;
    if (!out) return hs_cli_error("prove", "--out PROOF is required"), HS_EXIT_USAGE;
    unsigned long logb, seed = 1, threads = 0;
    if (!hs_cli_uint("prove", "log-bits", logb_s, HS_PCS_MIN_LOG_BITS, HS_PCS_MAX_LOG_BITS, &logb) ||
        (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) ||
        (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)))
        return HS_EXIT_USAGE;
    char err[512];
    if (!hs_out_check(out, err, sizeof err)) return hs_cli_error("prove", "--out: %s", err), HS_EXIT_USAGE;
    hs_ctx *ctx = hs_cli_ctx("prove", threads); /* threads 0: HS_THREADS or every CPU */
    if (!ctx) return HS_EXIT_USAGE;
    if (!quiet && !json)
        fprintf(stderr, "prove: pcs statement, 2^%lu bits committed in GF(2^128) (ring switching), FRI-Binius, preset %s\n",
                logb, preset);
    uint8_t *proof = NULL;
    size_t len = 0;
    hs_pcs_info info;
    char reason[HS_REASON_LEN];
    const double t0 = hs_cli_now();
    const hs_status st = hs_prove_pcs_preset(ctx, &proof, &len, &info, reason, sizeof reason, field, preset,
                                                 (unsigned)logb, seed);
    const double t = hs_cli_now() - t0;
    hs_ctx_free(ctx);
    int rc = HS_EXIT_OK;
    if (st != HS_OK) {
        hs_cli_error("prove", "%s", reason);
        rc = st == HS_ERR_ARGUMENT ? HS_EXIT_USAGE : HS_EXIT_REJECT;
    } else if (!hs_write_all(out, (const char *)proof, len, err, sizeof err)) {
        hs_cli_error("prove", "%s", err);
        rc = HS_EXIT_USAGE;
    } else if (json) {
        hs_json j;
        hs_json_begin(&j, stdout);
        hs_json_str(&j, "command", "prove");
        hs_json_str(&j, "result", "proved");
        json_info(&j, &info);
        hs_json_str(&j, "proof", out);
        hs_json_u64(&j, "proof_bytes", len);
        hs_json_num(&j, "prove_s", t);
        hs_json_end(&j);
    } else {
        printf("proved: 2^%lu bits (GF(2), packed into GF(2^128)) committed and opened at a Fiat-Shamir point, "
               "FRI-Binius rate 1/%u, %u queries, challenges in GF(2^%u), %.1f provable bits (%s, preset %s), "
               "%zu bytes -> %s (%.3f s)\n",
               logb, info.inv_rate, info.queries, info.challenge_bits, info.claimed_bits,
               hs_sec_regime_name(info.regime), info.preset, len, out, t);
    }
    hs_proof_free(proof);
    return rc;
}

/* A commitment-only proof (a header that is not one, even with the pcs backend byte, is rejected
 * by verify's general path with the statement parser's reason). */
int hs_cli_is_pcs_proof(const uint8_t *pb, size_t len) {
    hs_pcs_info info;
    return hs_pcs_peek(&info, NULL, 0, pb, len) == HS_OK;
}

int hs_cli_verify_pcs(const char *proof, const uint8_t *pb, size_t len, int json, const char *min_bits_s,
                      unsigned long min_bits) {
    hs_ctx *ctx = hs_cli_ctx("verify", 1);
    if (!ctx) return HS_EXIT_USAGE;
    hs_pcs_info info;
    char reason[HS_REASON_LEN];
    const double t0 = hs_cli_now();
    const hs_status st = hs_verify_pcs(ctx, &info, reason, sizeof reason, pb, len,
                                       min_bits_s ? (double)min_bits : HS_MIN_BITS_DECLARED);
    const double t = hs_cli_now() - t0;
    hs_ctx_free(ctx);
    if (st != HS_OK) return hs_cli_reject("verify", "%s", reason), HS_EXIT_REJECT;
    if (json) {
        hs_json j;
        hs_cli_json_accepted(&j, proof);
        json_info(&j, &info);
        hs_json_num(&j, "declared_bits", info.declared_bits);
        hs_json_num(&j, "verify_s", t);
        hs_json_end(&j);
    } else {
        printf("accepted: a commitment to 2^%u bits (GF(2), packed into GF(2^128)) opened at a Fiat-Shamir point "
               "(pcs statement), FRI-Binius rate 1/%u, %u queries, challenges in GF(2^%u), %.1f provable bits (%s, "
               "preset %s) (%.3f s)\n",
               info.log_bits, info.inv_rate, info.queries, info.challenge_bits, info.claimed_bits,
               hs_sec_regime_name(info.regime), info.preset, t);
    }
    return HS_EXIT_OK;
}

/* 'params --statement pcs': every soundness term of the statement at a preset and log_bits. */
int hs_cmd_params_pcs(int argc, char **argv) {
    const char *statement = NULL, *field = NULL, *logb_s = NULL, *preset = "compat", *format_s = NULL;
    hs_opt opts[] = {{"statement", 1, &statement, NULL}, {"field", 1, &field, NULL}, {"log-bits", 1, &logb_s, NULL},
                     {"preset", 1, &preset, NULL},       {"format", 1, &format_s, NULL}};
    const int r = hs_cli_parse("params", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        printf("usage: hashsnark params --statement pcs --field gf2-128 --log-bits N [--preset P]\n"
               "                        [--format text|json]\n\n"
               "Every soundness term of the commitment-only statement (hashsnark prove --statement pcs) at\n"
               "2^N committed bits, N from %u to %u, under preset P (compat, fast100 or proven128; default\n"
               "compat), in bits (-log2 of its error), with the regime each rests on: ring switching's row\n"
               "batch and FRI-Binius's sumcheck (Schwartz-Zippel over the challenge field), folds (the\n"
               "unique-decoding proximity gap, n/|F| a round), queries ((1 + rho)/2 each) and the Merkle\n"
               "hash's collision resistance (an assumption). Every term is unique decoding: the same value\n"
               "stands in the three columns (no Johnson or conjectured improvement is claimed).\n",
               HS_PCS_MIN_LOG_BITS, HS_PCS_MAX_LOG_BITS);
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("params", format_s);
    if (json < 0) return HS_EXIT_USAGE;
    if (!field || strcmp(field, "gf2-128"))
        return hs_cli_error("params", "--statement pcs: --field gf2-128 is required, not '%s'", field ? field : ""),
               HS_EXIT_USAGE;
    unsigned long logb = 0;
    if (!logb_s) return hs_cli_error("params", "--statement pcs: --log-bits N is required"), HS_EXIT_USAGE;
    if (!hs_cli_uint("params", "log-bits", logb_s, HS_PCS_MIN_LOG_BITS, HS_PCS_MAX_LOG_BITS, &logb))
        return HS_EXIT_USAGE;
    hs_params_report *rep = malloc(sizeof *rep);
    if (!rep) return hs_cli_error("params", "out of memory"), HS_EXIT_USAGE;
    char reason[HS_REASON_LEN];
    if (hs_params_pcs(rep, reason, sizeof reason, field, preset, (unsigned)logb) != HS_OK) {
        free(rep);
        return hs_cli_error("params", "--preset '%s': %s", preset, reason), HS_EXIT_USAGE;
    }
    const char *weakest = rep->n_terms ? rep->terms[rep->weakest].name : "";
    if (json) {
        printf("{\n  \"statement\": \"pcs\",\n  \"field\": \"gf2-128\",\n  \"preset\": \"%s\",\n  \"log_bits\": %lu,\n"
               "  \"inv_rate\": %u,\n  \"queries\": %u,\n  \"merkle_hash\": \"%s\",\n  \"claimed_bits\": %.4f,\n"
               "  \"regime\": \"%s\",\n  \"weakest_term\": \"%s\",\n  \"declared_bits\": %.0f,\n  \"supported\": %s,\n"
               "  \"terms\": [\n",
               preset, logb, 1u << rep->log_blowup, rep->num_queries, rep->merkle_hash, rep->claimed_bits,
               hs_sec_regime_name(rep->regime), weakest, rep->declared_bits, rep->supported ? "true" : "false");
        for (size_t i = 0; i < rep->n_terms; i++)
            printf("    {\"name\": \"%s\", \"udr\": %.4f, \"johnson\": %.4f, \"conjectured\": %.4f}%s\n",
                   rep->terms[i].name, rep->terms[i].bits[0], rep->terms[i].bits[1], rep->terms[i].bits[2],
                   i + 1 < rep->n_terms ? "," : "");
        printf("  ]\n}\n");
    } else {
        printf("preset %s, pcs statement: 2^%lu bits (GF(2), packed into GF(2^128)), FRI-Binius rate 1/%u, %u queries, "
               "Merkle %s\n",
               preset, logb, 1u << rep->log_blowup, rep->num_queries, rep->merkle_hash);
        printf("%-24s %10s %10s %12s\n", "term", "udr", "johnson", "conjectured");
        for (size_t i = 0; i < rep->n_terms; i++)
            printf("%-24s %10.2f %10.2f %12.2f\n", rep->terms[i].name, rep->terms[i].bits[0], rep->terms[i].bits[1],
                   rep->terms[i].bits[2]);
        printf("claimed security: %.1f bits (%s), weakest term %s\n", rep->claimed_bits,
               hs_sec_regime_name(rep->regime), weakest);
        if (rep->supported)
            printf("declared by %s: %.0f bits (udr): holds\n", preset, rep->declared_bits);
        else
            printf("declared by %s: %.0f bits: does NOT hold at this log_bits (the prover refuses it)\n", preset,
                   rep->declared_bits);
    }
    free(rep);
    return HS_EXIT_OK;
}
