/* 'prove --statement pcs' and 'verify' of its proofs: the commitment-only statement
 * (hs_prove_pcs and hs_verify_pcs in include/hashsnark.h, docs/PROOF_FORMAT_PCS.md). The prover
 * and the verifier are the library's; this file parses the command line, writes the file and
 * prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "cli/textio.h"
#include "hashsnark.h"

static void prove_help(void) {
    printf("usage: hashsnark prove --statement pcs --field gf2-128 --log-bits N --out PROOF [--seed S]\n"
           "                       [--threads T] [--format text|json]\n"
           "\n"
           "Commits 2^N random bits (GF(2) values drawn from --seed, default 1), packed 128 to an element\n"
           "of GF(2^128), with FRI-Binius (Diamond and Posen, eprint 2024/504: Reed-Solomon by the\n"
           "additive NTT, folding interleaved with the evaluation sumcheck), and proves their multilinear\n"
           "extension's value at a point drawn by Fiat-Shamir after the commitment, by ring switching\n"
           "(same paper, Construction 3.1). The proof states the value; 'hashsnark verify --proof PROOF'\n"
           "checks it. Parameters: rate 1/2, 232 queries (96 bits by unique decoding, as Binius64),\n"
           "4 folds between two Merkle oracles, BLAKE3. Prints the provable bits the commitment's\n"
           "soundness terms give (unique decoding).\n"
           "\n"
           "  --field gf2-128   the commitment's field (the only one)\n"
           "  --log-bits N      2^N committed bits, N from %u to %u\n"
           "  --seed S          the random bits' seed (default 1)\n"
           "  --threads T       threads (default: HS_THREADS, else every CPU); the proof does not depend on T\n"
           "  --out PROOF       the proof file\n",
           HS_PCS_MIN_LOG_BITS, HS_PCS_MAX_LOG_BITS);
}

int hs_cmd_prove_pcs(int argc, char **argv) {
    const char *statement = NULL, *field = NULL, *logb_s = NULL, *seed_s = NULL, *out = NULL, *threads_s = NULL,
               *format_s = NULL;
    int quiet = 0;
    hs_opt opts[] = {{"statement", 1, &statement, NULL}, {"field", 1, &field, NULL},
                     {"log-bits", 1, &logb_s, NULL},     {"seed", 1, &seed_s, NULL},
                     {"out", 1, &out, NULL},             {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format_s, NULL},     {"quiet", 0, NULL, &quiet}};
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
        fprintf(stderr, "prove: pcs statement, 2^%lu bits committed in GF(2^128) (ring switching), FRI-Binius\n", logb);
    uint8_t *proof = NULL;
    size_t len = 0;
    hs_pcs_info info;
    char reason[HS_REASON_LEN];
    const double t0 = hs_cli_now();
    const hs_status st = hs_prove_pcs(ctx, &proof, &len, &info, reason, sizeof reason, field, (unsigned)logb, seed);
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
        hs_json_str(&j, "statement", "pcs");
        hs_json_str(&j, "field", info.field);
        hs_json_u64(&j, "log_bits", logb);
        hs_json_u64(&j, "queries", info.queries);
        hs_json_u64(&j, "inv_rate", info.inv_rate);
        hs_json_num(&j, "claimed_bits", info.claimed_bits);
        hs_json_str(&j, "regime", hs_sec_regime_name(info.regime));
        hs_json_str(&j, "proof", out);
        hs_json_u64(&j, "proof_bytes", len);
        hs_json_num(&j, "prove_s", t);
        hs_json_end(&j);
    } else {
        printf("proved: 2^%lu bits (GF(2), packed into GF(2^128)) committed and opened at a Fiat-Shamir point, "
               "FRI-Binius rate 1/%u, %u queries, %.1f provable bits (%s), %zu bytes -> %s (%.3f s)\n",
               logb, info.inv_rate, info.queries, info.claimed_bits, hs_sec_regime_name(info.regime), len, out, t);
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
        hs_json_str(&j, "statement", "pcs");
        hs_json_str(&j, "field", info.field);
        hs_json_u64(&j, "log_bits", info.log_bits);
        hs_json_u64(&j, "inv_rate", info.inv_rate);
        hs_json_u64(&j, "queries", info.queries);
        hs_json_num(&j, "claimed_bits", info.claimed_bits);
        hs_json_str(&j, "regime", hs_sec_regime_name(info.regime));
        hs_json_num(&j, "declared_bits", info.declared_bits);
        hs_json_num(&j, "verify_s", t);
        hs_json_end(&j);
    } else {
        printf("accepted: a commitment to 2^%u bits (GF(2), packed into GF(2^128)) opened at a Fiat-Shamir point "
               "(pcs statement), FRI-Binius rate 1/%u, %u queries, %.1f provable bits (%s) (%.3f s)\n",
               info.log_bits, info.inv_rate, info.queries, info.claimed_bits, hs_sec_regime_name(info.regime), t);
    }
    return HS_EXIT_OK;
}
