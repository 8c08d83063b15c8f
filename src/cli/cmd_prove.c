/* hashsnark prove / verify: the stark and gkr backends on the command line, through the public
 * API (include/hashsnark.h) only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "app/json.h"
#include "app/progress.h"
#include "cli/comm.h"
#include "cli/slice.h"
#include "cli/textio.h"
#include "hashsnark.h"

#define HS_MAX_PROOF_BYTES (512u << 20)
/* The most instances a table holds (hs_shape.log_perms <= 24). */
#define HS_MAX_LINES ((size_t)1 << 24)

/* A parsed table of `words` words per line (a 64-bit value two of them; a 128-bit value, a
 * GF(2^128) element, four, read as 0x and at most 32 hex digits); 0 after printing why. */
static int read_table(const char *cmd, const char *path, unsigned words, unsigned value_bits, uint32_t modulus,
                      const char *what, size_t max_rows, hs_table *t) {
    char err[512];
    hs_sbuf text = {0};
    const unsigned vb = value_bits >= 64 ? value_bits : 32, width = words / (vb / 32);
    if (hs_read_all(path, &text, 0, err, sizeof err) != 1) {
        hs_cli_error(cmd, "%s", err);
        hs_sbuf_free(&text);
        return 0;
    }
    int ok = vb == 128 ? hs_table_parse_hex(t, path, text.data, text.len, width, 32, 1, what, max_rows, err, sizeof err)
                       : hs_table_parse(t, path, text.data, text.len, width, modulus, vb, what, max_rows, err,
                                        sizeof err);
    hs_sbuf_free(&text);
    if (!ok) hs_cli_error(cmd, "%s", err);
    return ok;
}

/* The stored lines of t as words (a 64-bit value is two, low first; a 128-bit value, stored as two
 * 64-bit words, four); the rows the file holds (max_rows + 1 when it holds more) in *rows. Frees t. */
static void table_words(hs_table *t, uint32_t *dst, unsigned value_bits, size_t max_rows, size_t *rows) {
    const size_t stored = t->more ? max_rows : t->rows, vals = stored * t->width * (value_bits == 128 ? 2 : 1);
    for (size_t i = 0; i < vals; i++) {
        if (value_bits >= 64)
            dst[2 * i] = (uint32_t)t->vals[i], dst[2 * i + 1] = (uint32_t)(t->vals[i] >> 32);
        else
            dst[i] = (uint32_t)t->vals[i];
    }
    *rows = t->more ? max_rows + 1 : t->rows;
    hs_table_free(t);
}

static size_t stored_rows(const hs_table *t, size_t max_rows) { return t->more ? max_rows : t->rows; }

uint32_t *hs_cli_read_words(const char *cmd, const char *path, unsigned words, unsigned value_bits, uint32_t modulus,
                            const char *what, size_t max_rows, size_t *rows) {
    hs_table t;
    if (!read_table(cmd, path, words, value_bits, modulus, what, max_rows, &t)) return NULL;
    const size_t n = stored_rows(&t, max_rows) * words;
    uint32_t *s = malloc((n ? n : 1) * sizeof *s);
    if (!s) {
        hs_cli_error(cmd, "%s: out of memory", path);
        hs_table_free(&t);
        return NULL;
    }
    table_words(&t, s, value_bits, max_rows, rows);
    return s;
}

uint32_t *hs_cli_read_lines(const char *cmd, const char *path, const hs_provable *h, int outputs, size_t max_rows,
                            size_t *rows) {
    return hs_cli_read_words(cmd, path, outputs ? h->out_words : h->in_words, h->value_bits, h->word_modulus, h->name,
                             max_rows, rows);
}

hs_inputs *hs_cli_read_inputs(const char *cmd, const char *path, const hs_provable *h, size_t max_rows, size_t *rows,
                              uint32_t **words) {
    hs_table t;
    hs_inputs *in = NULL;
    if (!read_table(cmd, path, h->in_words, h->value_bits, h->word_modulus, h->name, max_rows, &t)) return NULL;
    const size_t n = stored_rows(&t, max_rows) * h->in_words;
    if (hs_inputs_new(&in, words, n ? n : 1) != HS_OK) {
        hs_cli_error(cmd, "%s: out of memory", path);
        hs_table_free(&t);
        return NULL;
    }
    table_words(&t, *words, h->value_bits, max_rows, rows);
    return in;
}

/* Lines of w words in 'hashsnark perm' form (a 64-bit value from two words, low first; a 128-bit
 * value from four, as 0x and 32 hex digits) into b. */
static void format_lines(hs_sbuf *b, const uint32_t *words, size_t n, unsigned w, unsigned value_bits) {
    uint64_t row[64];
    const unsigned u64s = value_bits >= 64 ? w / 2 : w;
    for (size_t i = 0; i < n; i++) {
        const uint32_t *x = words + i * w;
        for (unsigned j = 0; j < u64s && j < 64; j++)
            row[j] = value_bits >= 64 ? x[2 * j] | (uint64_t)x[2 * j + 1] << 32 : x[j];
        if (value_bits == 128)
            hs_table_format_row_hex(b, row, u64s / 2, 32, 1, 0);
        else
            hs_table_format_row(b, row, u64s, 0);
    }
}

/* A table of n lines added to the outputs o (o is aborted on failure). */
static int add_lines(hs_outset *o, const char *path, const uint32_t *words, size_t n, unsigned w,
                     unsigned value_bits) {
    char err[512];
    hs_sbuf b = {0};
    format_lines(&b, words, n, w, value_bits);
    int ok = !b.failed && hs_outset_add(o, path, b.data ? b.data : "", b.len, err, sizeof err);
    if (b.failed) snprintf(err, sizeof err, "%s: out of memory", path);
    hs_sbuf_free(&b);
    if (!ok) hs_cli_error("prove", "%s", err), hs_outset_abort(o);
    return ok;
}

/* The proof, with the tables added to o before it, written together or not at all. */
static int commit_proof(hs_outset *o, const char *out, const uint8_t *proof, size_t len) {
    char err[512];
    if (!hs_outset_add(o, out, (const char *)proof, len, err, sizeof err) || !hs_outset_commit(o, err, sizeof err))
        return hs_cli_error("prove", "%s", err), 0;
    return 1;
}

static const char *thread_s(unsigned t) { return t > 1 ? "s" : ""; }


static void prove_help(void) {
    printf("usage: hashsnark prove --hash NAME --log-perms N --out PROOF\n"
           "                       [--backend stark|gkr] [--seed S | --inputs FILE [--outputs-out FILE]]\n"
           "                       [--preset P] [--log-blowup B] [--threads T] [--insecure] [--quiet]\n"
           "                       [--format text|json]\n"
           "       hashsnark prove --backend gkr --hash keccak-f1600 [--field gf2-128] --log-perms N --out PROOF\n"
           "                       [--private] [--seed S | --inputs FILE] [--outputs-out FILE] [--preset P] [--threads T]\n"
           "       hashsnark prove --backend gkr --hash poseidon2b|poseidon2b-frost --log-perms N --out PROOF\n"
           "                       [--private | --seed S | --inputs FILE] [--preset P] [--threads T]\n"
           "       hashsnark prove --backend gkr --regions W1,W2,... [--variant V] [--private] --out PROOF\n"
           "                       [--seed S | --inputs FILE] [--preset P] [--threads T]\n"
           "       hashsnark prove --statement merkle-branches|merkle ...  (Merkle trees: see\n"
           "                       'hashsnark prove --statement merkle-branches --help')\n"
           "       hashsnark prove --statement pcs --field gf2-128 --log-bits N --out PROOF [--seed S]\n"
           "                       (the binary commitment alone: 'hashsnark prove --statement pcs --help')\n"
           "       hashsnark prove --statement xmss --scheme S --json FILE --out PROOF  (XMSS aggregation:\n"
           "                       'hashsnark prove --statement xmss --help')\n"
           "\n"
           "Proves that 2^N evaluations of a hash (permutations, or compressions for BLAKE3 and\n"
           "BLAKE2s) were computed correctly, with the stark backend (the hash's AIR, DEEP-ALI, FRI;\n"
           "the default) or the gkr backend (a GKR walk over the permutation's S-box layers by\n"
           "sumchecks; a private statement commits the inputs and outputs with WHIR). Without\n"
           "--inputs the inputs are random (drawn from --seed) and the statement is private (the\n"
           "statement the bench-hash-in-snark benchmark measures); with --inputs FILE (one state per\n"
           "line, as 'hashsnark perm' reads; for blake3 and blake2s see --inputs below) the\n"
           "statement is public: the proof binds exactly that table of inputs and\n"
           "their outputs, which the verifier needs ('hashsnark perm' or --outputs-out computes them).\n"
           "keccak-f1600 with --backend gkr is a GKR walk over GF(2) with challenges in GF(2^128) (chi\n"
           "the one sumcheck a round; theta, rho, pi moved through the claims; iota a constant), a\n"
           "public statement by default: the verifier evaluates both tables. Without --inputs its\n"
           "inputs are drawn from --seed and written to PROOF.inputs, the outputs to PROOF.outputs\n"
           "(or --outputs-out FILE): 'verify --proof PROOF --inputs PROOF.inputs --outputs\n"
           "PROOF.outputs' checks it. Its proof is 16.5 KB at N = 0, 35 KB at N = 16. With --private\n"
           "(N 0..23) the inputs and outputs are committed, bit by bit, with the binary commitment\n"
           "(FRI-Binius with ring switching) and the walk's claims opened on it: 'verify --proof\n"
           "PROOF' checks it without tables.\n"
           "poseidon2b and poseidon2b-frost with --backend gkr are a GKR walk over GF(2^128) (one layer\n"
           "a round): public as keccak-f1600's (tables beside the proof, 4 elements a line, each 0x and\n"
           "32 hex digits; 139 KB at N = 16), or with --private a private statement whose inputs and\n"
           "outputs are committed with FRI-Binius ('verify --proof PROOF' alone checks it).\n"
           "Writes the proof atomically to PROOF (nothing is written when proving fails), prints the\n"
           "time of each phase to standard error and one summary line to standard output. While it\n"
           "proves, a line on standard error shows the phases done and the time, when standard error\n"
           "is a terminal.\n"
           "\n");
    printf("  --hash NAME       the stark backend: %s (default poseidon2-kb16);\n"
           "                    the gkr backend: %s\n"
           "  --backend B       stark (default) or gkr\n"
           "  --field F         checks the field the proof runs over: koalabear (the other hashes) or\n"
           "                    gf2-128 (keccak-f1600, poseidon2b, poseidon2b-frost with --backend gkr)\n"
           "  --log-perms N     number of evaluations, 2^N (0..24); with --inputs, optional (the\n"
           "                    file must then hold exactly 2^N lines)\n"
           "  --inputs FILE     public statement over these inputs (their count a power of two)\n"
           "                    keccak-f1600: 25 lanes (u64); poseidon2b(-frost): 4 elements of 0x and\n"
           "                    up to 32 hex digits; blake3: cv[8] block[16] counter_lo\n"
           "                    counter_hi block_len flags (28 u32), outputs the 16-word compression\n"
           "                    output; blake2s: h[8] m[16] t0 t1 f0 f1 (28 u32), outputs h'[8]\n"
           "  --outputs-out F   also write the outputs, one line per input, to F (with the proof,\n"
           "                    atomically)\n"
           "  --out FILE        where the proof goes (refused before proving if it cannot be written)\n"
           "  --seed S          seed of the random inputs (default 1; at most 2^64 - 1)\n"
           "  --preset P        compat | fast100 | proven128 (default compat):\n",
           hs_cli_stark_names(), hs_cli_gkr_names());
    hs_preset_info pi;
    for (size_t i = 0; hs_preset_info_at(&pi, i) == HS_OK; i++)
        printf("                      %-10s %s\n", pi.name, pi.description);
    printf("  --log-blowup B    rate 2^-B instead of the preset's (1..4; stark backend)\n"
           "  --quiet           no progress line, statement line or phase times on standard error\n"
           "                    (errors and warnings still print)\n"
           HS_CLI_FORMAT_HELP("        ")
           "  --insecure        prove even where the preset's declared security does not hold for this\n"
           "                    shape ('hashsnark params' shows every term; without it the prover\n"
           "                    refuses such shapes)\n"
           "  --regions W1,W2,..  gkr backend: ragged regions (docs/PROOF_FORMAT_RAGGED.md), region a\n"
           "                    holding 2^Wa permutations (4 <= Wa <= 20, 1..32 regions), a public\n"
           "                    statement: the inputs (random from --seed, or --inputs FILE with\n"
           "                    sum 2^Wa states, region after region) and the outputs are written\n"
           "                    next to the proof as PROOF.inputs and PROOF.outputs; check it with\n"
           "                    'verify --proof PROOF --inputs PROOF.inputs --outputs PROOF.outputs'\n"
           "  --private         poseidon2b(-frost) by gkr: the private statement (FRI-Binius commitment\n"
           "                    of the seeded inputs and outputs; no table written)\n"
           "                    with --regions: committed regions (the FROST-GKR setting), a private\n"
           "                    statement: one WHIR commitment of every region's inputs and outputs,\n"
           "                    no table written; 'verify --proof PROOF' needs none (up to 2^24 or\n"
           "                    2^25 permutations in all, by the preset's WHIR rate); with --backend gkr\n"
           "                    --hash keccak-f1600: the private statement (states committed, no\n"
           "                    table written; --inputs then reads the states to commit)\n"
           "  --variant V       with --regions: ragged (default; one walk, implicit padding),\n"
           "                    padded (one walk over regions padded to 2^max) or independent\n"
           "                    (one walk per region)\n"
           "  --threads T       worker threads (default: HS_THREADS or every CPU); the proof does\n"
           "                    not depend on it\n"
           "\n"
           "Over several processes (MPI): 'mpirun -np R hashsnark-mpi prove --backend gkr ...' (built\n"
           "when MPI is installed) proves the gkr statements with each of R ranks (a power of two,\n"
           "at least 2^3 permutations each) holding 1/R of the permutations, --threads per rank:\n"
           "each rank reads only its rows of --inputs (a regular file) and holds 1/R of the\n"
           "private statement's WHIR codeword; rank 0 writes the files. The proof is\n"
           "byte-identical to one process's (docs/DISTRIBUTED.md).\n");
}

/* prove --regions: the summary line, or with --format json the result object (the tables named
 * for a public statement). */
static void regions_summary(const hs_shape *shape, const hs_provable *h, const char *variant, size_t total,
                            const char *out, size_t len, const hs_prove_stats *st) {
    const int priv = shape->private_regions;
    if (!hs_cli_json()) {
        printf("proved %zu permutations in %u %sregions (%s, gkr, %s, %s) in %.3f s: %.0f perms/s, proof %zu bytes", total,
               shape->n_regions, priv ? "committed " : "", h->name, variant, shape->preset, st->total_s,
               (double)total / st->total_s, len);
        if (priv) printf("\n");
        else printf("; tables in %s.inputs and %s.outputs\n", out, out);
        return;
    }
    hs_json j;
    hs_cli_json_proof(&j, "gkr", h->name, priv ? "private" : "public", shape->preset, total, "permutations", out, len,
                      st);
    hs_json_str(&j, "variant", variant);
    hs_json_bool(&j, "committed_regions", priv);
    hs_json_u64(&j, "physical_rows", st->physical_rows);
    hs_json_open(&j, "region_log", '[');
    for (unsigned a = 0; a < shape->n_regions; a++) hs_json_u64(&j, NULL, shape->region_log[a]);
    hs_json_close(&j);
    if (!priv) {
        char path[4096];
        snprintf(path, sizeof path, "%s.inputs", out);
        hs_json_str(&j, "inputs", path);
        snprintf(path, sizeof path, "%s.outputs", out);
        hs_json_str(&j, "outputs", path);
    }
    hs_json_end(&j);
}

/* 'prove --backend gkr --regions ..': the ragged-regions statement (docs/PROOF_FORMAT_RAGGED.md).
 * The command writes the inputs next to the proof, so it keeps them: hs_prove, not the hand-over. */
static int prove_regions(hs_ctx *ctx, const hs_provable *h, const char *preset, const char *regions_s,
                         const char *variant_s, int priv, unsigned long seed, const char *inputs_s, const char *out,
                         int quiet) {
    hs_shape shape;
    hs_shape_init(&shape);
    shape.backend = HS_BACKEND_GKR;
    shape.hash = h->name;
    shape.preset = preset;
    shape.statement = HS_STATEMENT_REGIONS;
    shape.variant = variant_s;
    shape.private_regions = priv;
    if (!hs_cli_widths(regions_s, shape.region_log, &shape.n_regions)) {
        hs_cli_error("prove", "--regions wants 1..32 comma-separated widths, each 4..20, not '%s'", regions_s);
        return HS_EXIT_USAGE;
    }
    char why[HS_REASON_LEN];
    size_t total = 0, n_in = 0, n_out = 0;
    if (hs_shape_size(&total, &n_in, &n_out, why, sizeof why, &shape) != HS_OK) {
        hs_cli_error("prove", "%s", why);
        return HS_EXIT_USAGE;
    }
    uint32_t *in = NULL, *outs = malloc(n_out * sizeof *outs);
    if (inputs_s) {
        size_t rows = 0;
        in = hs_cli_read_lines("prove", inputs_s, h, 0, HS_MAX_LINES, &rows);
        if (in && rows != total) {
            hs_cli_error("prove", "%s: %s%zu states; --regions %s needs %zu", inputs_s, rows > HS_MAX_LINES ? "more than " : "",
                         rows > HS_MAX_LINES ? HS_MAX_LINES : rows, regions_s, total);
            free(in), in = NULL;
        }
        if (!in) return free(outs), HS_EXIT_USAGE;
    } else {
        in = malloc(n_in * sizeof *in);
        if (in && hs_inputs_random(in, n_in, h->name, seed) != HS_OK) free(in), in = NULL;
    }
    if (!in || !outs) {
        free(in), free(outs);
        hs_cli_error("prove", "out of memory for %zu inputs", total);
        return HS_EXIT_USAGE;
    }
    if (!quiet)
        fprintf(stderr, "prove: %s, %u regions (%s), %zu permutations, gkr backend, %s variant, %s statement, %u "
                        "thread%s\n",
                h->name, shape.n_regions, regions_s, total, variant_s, priv ? "private (committed regions)" : "public",
                hs_ctx_threads(ctx), thread_s(hs_ctx_threads(ctx)));
    uint8_t *proof = NULL;
    size_t len = 0;
    hs_prove_stats st;
    hs_cli_progress_begin("prove", quiet);
    if (hs_cli_progress_on()) hs_ctx_set_progress(ctx, hs_cli_on_progress, NULL), hs_cli_progress_live();
    hs_status r = hs_prove(ctx, &proof, &len, outs, n_out, &st, why, sizeof why, &shape, in, n_in);
    hs_cli_progress_end();
    int rc = HS_EXIT_USAGE;
    char *path = malloc(strlen(out) + 16);
    if (r != HS_OK) {
        hs_cli_error("prove", "%s", why);
    } else if (!path) {
        hs_cli_error("prove", "out of memory");
    } else {
        if (!quiet) {
            hs_cli_print_phases("prove", &st);
            fprintf(stderr, "prove: %zu physical rows\n", st.physical_rows);
        }
        /* the proof and both tables appear together or not at all */
        hs_outset o = {0};
        sprintf(path, "%s.inputs", out);
        if (priv) { /* committed regions: the proof alone */
            if (commit_proof(&o, out, proof, len)) {
                regions_summary(&shape, h, variant_s, total, out, len, &st);
                rc = HS_EXIT_OK;
            }
        } else if (add_lines(&o, path, in, total, h->in_words, h->value_bits)) {
            sprintf(path, "%s.outputs", out);
            if (add_lines(&o, path, outs, total, h->out_words, h->value_bits) && commit_proof(&o, out, proof, len)) {
                regions_summary(&shape, h, variant_s, total, out, len, &st);
                rc = HS_EXIT_OK;
            }
        }
    }
    free(path);
    free(in), free(outs);
    hs_proof_free(proof);
    return rc;
}

/* rows (n rows of w words; each rank's n / R first): rank 0 gets every rank's rows in the table's
 * order (rank r's row l is row l R + r). 0 on failure. */
static int gather_rows(const hs_comm *c, uint32_t *rows, size_t n, unsigned w) {
    const size_t R = (size_t)c->size, m = n / R, bytes = m * w * sizeof *rows;
    uint32_t *all = c->rank == 0 ? malloc(R * bytes) : NULL;
    if (c->rank == 0 && !all) return 0; /* the others wait until this rank's failure ends the run */
    if (c->gather(c->user, rows, all, bytes, 0)) return free(all), 0;
    for (size_t r = 0; all && r < R; r++)
        for (size_t l = 0; l < m; l++) memcpy(rows + (l * R + r) * w, all + (r * m + l) * w, w * sizeof *rows);
    free(all);
    return 1;
}

int hs_cmd_prove(int argc, char **argv) {
    if (hs_cli_opt_is(argc, argv, "statement", "pcs")) return hs_cmd_prove_pcs(argc, argv);
    if (hs_cli_opt_is(argc, argv, "statement", "xmss")) return hs_cmd_prove_xmss(argc, argv);
    if (hs_cli_has_opt(argc, argv, "statement")) return hs_cmd_prove_merkle(argc, argv);
    const char *hash = "poseidon2-kb16", *logp_s = NULL, *out = NULL, *seed_s = NULL, *preset_s = "compat",
               *blow_s = NULL, *threads_s = NULL, *inputs_s = NULL, *backend_s = "stark", *regions_s = NULL,
               *variant_s = NULL, *outputs_out = NULL, *format_s = NULL, *field_s = NULL;
    int insecure = 0, priv = 0, quiet = 0;
    hs_opt opts[] = {{"hash", 1, &hash, NULL},          {"log-perms", 1, &logp_s, NULL},
                     {"out", 1, &out, NULL},            {"seed", 1, &seed_s, NULL},
                     {"preset", 1, &preset_s, NULL},    {"log-blowup", 1, &blow_s, NULL},
                     {"threads", 1, &threads_s, NULL},  {"inputs", 1, &inputs_s, NULL},
                     {"insecure", 0, NULL, &insecure}, {"backend", 1, &backend_s, NULL},
                     {"regions", 1, &regions_s, NULL},  {"variant", 1, &variant_s, NULL},
                     {"outputs-out", 1, &outputs_out, NULL}, {"private", 0, NULL, &priv},
                     {"quiet", 0, NULL, &quiet},       {"format", 1, &format_s, NULL},
                     {"field", 1, &field_s, NULL}};
    int r = hs_cli_parse("prove", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return prove_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("prove", format_s);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    int gkr = !strcmp(backend_s, "gkr");
    if (!gkr && strcmp(backend_s, "stark")) {
        hs_cli_error("prove", "--backend must be stark or gkr, not '%s'", backend_s);
        return HS_EXIT_USAGE;
    }
    const hs_backend backend = gkr ? HS_BACKEND_GKR : HS_BACKEND_STARK;
    hs_provable h;
    if (hs_provable_find(&h, hash) != HS_OK || !(h.backends & HS_BACKEND_BIT(backend))) {
        hs_cli_error("prove", "--hash: the %s backend proves %s, not '%s'", backend_s,
                     gkr ? hs_cli_gkr_names() : hs_cli_stark_names(), hash);
        return HS_EXIT_USAGE;
    }
    if (gkr && regions_s && !(h.gkr_statements & HS_STATEMENT_BIT(HS_STATEMENT_REGIONS))) {
        hs_cli_error("prove", "--regions proves poseidon2-kb16 only, not '%s'", hash);
        return HS_EXIT_USAGE;
    }
    if (gkr && blow_s) {
        hs_cli_error("prove", "--log-blowup applies to the stark backend (the gkr backend's WHIR rate is the preset's)");
        return HS_EXIT_USAGE;
    }
    if (field_s && regions_s) return hs_cli_error("prove", "--field applies to --log-perms or --inputs"), HS_EXIT_USAGE;
    /* keccak-f1600 by gkr: the walk over GF(2), public unless --private; Poseidon2b over GF(2^128) by
     * gkr: seeded inputs make a public statement (tables written next to the proof) unless --private
     * commits them */
    const int kgkr = gkr && !strcmp(h.name, "keccak-f1600");
    const int p2b = gkr && h.value_bits == 128 && !regions_s;
    if ((variant_s || (priv && !kgkr && !p2b)) && !regions_s) {
        hs_cli_error("prove", "%s applies to --regions%s", variant_s ? "--variant" : "--private",
                     variant_s ? "" : " and to keccak-f1600, poseidon2b, poseidon2b-frost with --backend gkr");
        return HS_EXIT_USAGE;
    }
    if (p2b && priv && (inputs_s || outputs_out)) {
        hs_cli_error("prove", "--private commits seeded inputs (no table is written or read): not with %s",
                     inputs_s ? "--inputs" : "--outputs-out");
        return HS_EXIT_USAGE;
    }
    hs_preset_info preset;
    if (regions_s) {
        unsigned long seed = 1, threads = 0;
        if (!gkr) return hs_cli_error("prove", "--regions needs --backend gkr"), HS_EXIT_USAGE;
        if (logp_s) return hs_cli_error("prove", "--regions and --log-perms exclude each other"), HS_EXIT_USAGE;
        if (!out) return hs_cli_error("prove", "--out is required (see 'hashsnark prove --help')"), HS_EXIT_USAGE;
        if (inputs_s && seed_s) return hs_cli_error("prove", "--seed and --inputs exclude each other"), HS_EXIT_USAGE;
        if (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) return HS_EXIT_USAGE;
        if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
        if (hs_preset_info_find(&preset, preset_s) != HS_OK)
            return hs_cli_error("prove", "unknown preset '%s' (compat, fast100, proven128)", preset_s), HS_EXIT_USAGE;
        char oerr[512];
        if (!hs_out_check(out, oerr, sizeof oerr)) return hs_cli_error("prove", "%s", oerr), HS_EXIT_USAGE;
        hs_ctx *ctx = hs_cli_ctx("prove", threads);
        if (!ctx) return HS_EXIT_USAGE;
        int rc = prove_regions(ctx, &h, preset.name, regions_s, variant_s ? variant_s : "ragged", priv, seed, inputs_s,
                               out, quiet);
        hs_ctx_free(ctx);
        return rc;
    }
    if ((!logp_s && !inputs_s) || !out) {
        hs_cli_error("prove", "--log-perms (or --inputs) and --out are required (see 'hashsnark prove --help')");
        return HS_EXIT_USAGE;
    }
    /* a hash the backend proves only publicly (keccak-f1600 by gkr): seeded inputs make a public
     * statement too, its tables written next to the proof */
    const int public_only =
        (kgkr && !priv) || !(HS_STATEMENT_BIT(HS_STATEMENT_PRIVATE) & (gkr ? h.gkr_statements : h.stark_statements));
    const int seeded_tables = (public_only || (p2b && !priv)) && !inputs_s;
    static char in_buf[4096 + 16], out_buf[4096 + 16];
    const char *in_path = NULL;
    if (seeded_tables) {
        if (strlen(out) > 4096) return hs_cli_error("prove", "--out: a path of more than 4096 bytes"), HS_EXIT_USAGE;
        snprintf(in_buf, sizeof in_buf, "%s.inputs", out), in_path = in_buf;
        if (!outputs_out) snprintf(out_buf, sizeof out_buf, "%s.outputs", out), outputs_out = out_buf;
    }
    if (inputs_s && seed_s) {
        hs_cli_error("prove", "--seed and --inputs exclude each other");
        return HS_EXIT_USAGE;
    }
    {
        char oerr[512];
        if (!hs_out_check(out, oerr, sizeof oerr) || (outputs_out && !hs_out_check(outputs_out, oerr, sizeof oerr)) ||
            (in_path && !hs_out_check(in_path, oerr, sizeof oerr)))
            return hs_cli_error("prove", "%s", oerr), HS_EXIT_USAGE;
    }
    unsigned long logp = 0, seed = 1, blow = 0, threads = 0;
    if (logp_s && !hs_cli_uint("prove", "log-perms", logp_s, 0, 24, &logp)) return HS_EXIT_USAGE;
    if (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) return HS_EXIT_USAGE;
    if (blow_s && !hs_cli_uint("prove", "log-blowup", blow_s, 1, 4, &blow)) return HS_EXIT_USAGE;
    if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    if (hs_preset_info_find(&preset, preset_s) != HS_OK) {
        hs_cli_error("prove", "unknown preset '%s' (compat, fast100, proven128)", preset_s);
        return HS_EXIT_USAGE;
    }
    /* the inputs go to the prover as an hs_inputs table: it uses their memory in place; over
     * several ranks each rank reads and keeps only its rows (src/cli/slice.h) */
    const hs_comm *comm = hs_cli_comm();
    hs_inputs *in = NULL;
    uint32_t *words = NULL;
    if (inputs_s) {
        size_t rows, mine = 0;
        if (comm) {
            in = hs_cli_read_slice("prove", inputs_s, &h, HS_MAX_LINES, (size_t)comm->size, (size_t)comm->rank, &rows,
                                   &words, &mine);
            const int bad = hs_cli_comm_agree(in != NULL);
            if (bad != -1) {
                if (bad >= 0 && comm->rank == 0 && (bad || in))
                    hs_cli_error("prove", "rank %d of %d could not read its rows of %s (its message above): "
                                 "ending the run", bad, comm->size, inputs_s);
                return hs_inputs_free(in), HS_EXIT_USAGE;
            }
        } else {
            in = hs_cli_read_inputs("prove", inputs_s, &h, HS_MAX_LINES, &rows, &words); /* over 2^24: refused below */
        }
        if (!in) return HS_EXIT_USAGE;
        unsigned lg = 0;
        while (((size_t)1 << lg) < rows) lg++;
        if (rows == 0 || ((size_t)1 << lg) != rows || lg > 24 || (logp_s && lg != logp)) {
            if (!comm || comm->rank == 0) /* every rank counted the same rows */
                hs_cli_error("prove", "%s: %zu states; a public statement needs 2^N of them%s", inputs_s, rows,
                             logp_s ? " with N = --log-perms" : "");
            if (comm) (void)hs_cli_comm_agree(0);
            hs_inputs_free(in);
            return HS_EXIT_USAGE;
        }
        if (comm && mine * (size_t)comm->size != rows) { /* fewer rows than ranks */
            if (comm->rank == 0)
                hs_cli_error("prove", "%s: %zu states over %d ranks; each rank needs at least 2^3 permutations",
                             inputs_s, rows, comm->size);
            (void)hs_cli_comm_agree(0);
            hs_inputs_free(in);
            return HS_EXIT_USAGE;
        }
        logp = lg;
    }
    hs_shape shape;
    hs_shape_init(&shape);
    shape.backend = backend;
    shape.hash = h.name;
    shape.preset = preset.name;
    shape.statement =
        (inputs_s && !(kgkr && priv)) || public_only || (p2b && !priv) ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
    const char *stmt_name = shape.statement == HS_STATEMENT_PUBLIC ? "public" : "private";
    shape.log_perms = (unsigned)logp;
    shape.log_blowup = (unsigned)blow;
    shape.allow_insecure = insecure;
    /* the preset's declared security must hold at this shape (docs/SOUNDNESS.md) */
    char why[HS_REASON_LEN];
    hs_params_report *rep = malloc(sizeof *rep);
    if (!rep) return hs_inputs_free(in), hs_cli_error("prove", "out of memory"), HS_EXIT_USAGE;
    if (hs_params(rep, why, sizeof why, &shape) != HS_OK) {
        hs_cli_error("prove", "%s", why);
        return free(rep), hs_inputs_free(in), HS_EXIT_USAGE;
    }
    const unsigned log_rate = gkr ? preset.gkr_whir_log_inv_rate : rep->log_blowup;
    const int binary = rep->field && !strcmp(rep->field, "gf2-128"); /* a walk over GF(2^128): no WHIR rate */
    if (field_s && strcmp(field_s, rep->field)) {
        hs_cli_error("prove", "--field '%s': the %s backend proves %s over %s", field_s, backend_s, h.name, rep->field);
        return free(rep), hs_inputs_free(in), HS_EXIT_USAGE;
    }
    if (!rep->supported) {
        if (!insecure) {
            char rate[32] = "";
            if (!binary) snprintf(rate, sizeof rate, " at rate 1/%u", 1u << log_rate);
            hs_cli_error("prove", "preset %s declares %.0f provable bits, but 2^%lu permutations%s give "
                         "%.1f (%s, weakest term %s); see 'hashsnark params', or pass --insecure to prove anyway",
                         preset.name, preset.declared_bits, logp, rate, rep->claimed_bits,
                         hs_sec_regime_name(rep->regime), rep->terms[rep->weakest].name);
            return free(rep), hs_inputs_free(in), HS_EXIT_USAGE;
        }
        fprintf(stderr, "prove: --insecure: %.1f provable bits, below the %.0f preset %s declares\n",
                rep->claimed_bits, preset.declared_bits, preset.name);
    }
    free(rep);
    size_t n = 0, n_in = 0, n_out = 0;
    if (hs_shape_size(&n, &n_in, &n_out, why, sizeof why, &shape) != HS_OK) {
        hs_cli_error("prove", "%s", why);
        return hs_inputs_free(in), HS_EXIT_USAGE;
    }
    if (!in) { /* over ranks: this rank's rows of the same draw, without the whole table */
        const size_t R = comm ? (size_t)comm->size : 1, mine = n_in / R;
        if (hs_inputs_new(&in, &words, mine ? mine : 1) != HS_OK) {
            hs_cli_error("prove", "out of memory for %zu inputs", n / R);
            return HS_EXIT_USAGE;
        }
        /* the library's draw: the same inputs from C */
        if ((comm ? hs_inputs_random_rows(words, n / R, h.in_words, (size_t)comm->rank, R, h.name, seed)
                  : hs_inputs_random(words, n_in, h.name, seed)) != HS_OK)
            return hs_inputs_free(in), hs_cli_error("prove", "%s: no random inputs", h.name), HS_EXIT_USAGE;
    }
    const size_t R = comm ? (size_t)comm->size : 1; /* hashsnark-mpi over several ranks: this rank's instances */
    if (comm && comm->rank != 0) quiet = 1; /* rank 0 speaks and writes the files */
    hs_ctx *ctx = hs_cli_ctx("prove", threads);
    if (!ctx) return hs_inputs_free(in), HS_EXIT_USAGE;
    if (comm && hs_ctx_set_comm(ctx, comm) != HS_OK) {
        hs_ctx_free(ctx);
        return hs_inputs_free(in), hs_cli_error("prove", "malformed communicator"), HS_EXIT_USAGE;
    }
    const unsigned nt = hs_ctx_threads(ctx);
    hs_cli_progress_begin("prove", quiet);
    if (hs_cli_progress_on()) hs_ctx_set_progress(ctx, hs_cli_on_progress, NULL), hs_cli_progress_live();
    if (!quiet && gkr)
        fprintf(stderr, "prove: %s, 2^%lu permutations (%s statement), gkr backend%s, preset %s, %u thread%s%s\n", h.name,
                logp, stmt_name,
                p2b      ? (priv ? " over GF(2^128) (FRI-Binius commitment)" : " over GF(2^128) (no commitment)")
                : binary ? (priv ? " over GF(2) (challenges in GF(2^128), states committed by ring switching)"
                                 : " over GF(2) (challenges in GF(2^128), no commitment)")
                         : "",
                preset.name, nt, thread_s(nt), comm ? " per rank" : "");
    else if (!quiet)
        fprintf(stderr, "prove: %s, 2^%lu permutations (%s statement), preset %s, rate 1/%u, %u thread%s\n", h.name,
                logp, stmt_name, preset.name, 1u << log_rate, nt, thread_s(nt));
    /* over ranks: this rank's outputs, then all of them on rank 0 */
    uint32_t *outs = outputs_out ? malloc((comm && comm->rank ? n_out / R : n_out) * sizeof *outs) : NULL;
    if (outputs_out && !outs) {
        hs_ctx_free(ctx);
        return hs_inputs_free(in), hs_cli_error("prove", "out of memory"), HS_EXIT_USAGE;
    }
    if (!quiet && comm) fprintf(stderr, "prove: over %zu MPI ranks, %zu permutations each\n", R, n / R);
    uint8_t *proof = NULL;
    size_t len = 0;
    hs_prove_stats st;
    hs_status ps = hs_prove_inputs(ctx, &proof, &len, outs, outs ? n_out / R : 0, &st, why, sizeof why, &shape, in);
    hs_ctx_free(ctx); /* in is the prover's now (freed) */
    hs_cli_progress_end();
    int rc = HS_EXIT_USAGE;
    if (ps == HS_OK && comm && outs && !gather_rows(comm, outs, n, h.out_words)) {
        ps = HS_ERR_NOMEM;
        snprintf(why, sizeof why, "the outputs were not gathered (out of memory or a failed transfer)");
    }
    if (ps != HS_OK) {
        hs_cli_error("prove", "%s", why);
    } else if (comm && comm->rank != 0) { /* rank 0 writes the proof (every rank has it) */
        rc = HS_EXIT_OK;
    } else {
        if (!quiet) hs_cli_print_phases("prove", &st);
        hs_outset o = {0};
        /* seeded inputs of a public statement: drawn again (the same library draw) for their table */
        uint32_t *seeded = in_path ? malloc(n_in * sizeof *seeded) : NULL;
        if (in_path && (!seeded || hs_inputs_random(seeded, n_in, h.name, seed) != HS_OK)) {
            hs_cli_error("prove", "out of memory for the inputs' table");
        } else if ((!in_path || add_lines(&o, in_path, seeded, n, h.in_words, h.value_bits)) &&
                   (!outputs_out || add_lines(&o, outputs_out, outs, n, h.out_words, h.value_bits)) &&
                   commit_proof(&o, out, proof, len)) {
            if (json) {
                hs_json j;
                hs_cli_json_proof(&j, backend_s, h.name, stmt_name, preset.name, n, h.noun, out,
                                  len, &st);
                hs_json_u64(&j, "log_perms", logp);
                if (!gkr) hs_json_u64(&j, "inv_rate", 1u << log_rate);
                else if (binary) hs_json_str(&j, "field", "gf2-128");
                else hs_json_u64(&j, "whir_inv_rate", 1u << log_rate);
                if (in_path) hs_json_str(&j, "inputs", in_path);
                if (outputs_out) hs_json_str(&j, "outputs", outputs_out);
                hs_json_end(&j);
            } else if (binary)
                printf("proved %zu permutations (%s, gkr over GF(2^128), %s statement, %s) in %.3f s: %.0f perms/s, "
                       "proof %zu bytes%s%s%s%s\n",
                       n, h.name, stmt_name, preset.name, st.total_s, (double)n / st.total_s, len,
                       in_path ? "; tables in " : "", in_path ? in_path : "", in_path ? " and " : "",
                       in_path ? outputs_out : "");
            else if (gkr)
                printf("proved %zu permutations (%s, gkr, %s) in %.3f s: %.0f perms/s, proof %zu bytes\n", n, h.name,
                       preset.name, st.total_s, (double)n / st.total_s, len);
            else
                printf("proved %zu %s (%s, %s) in %.3f s: %.0f perms/s, proof %zu bytes\n", n, h.noun, h.name,
                       preset.name, st.total_s, (double)n / st.total_s, len);
            rc = HS_EXIT_OK;
        }
        free(seeded);
    }
    free(outs);
    hs_proof_free(proof);
    return rc;
}

static void verify_help(void) {
    printf("usage: hashsnark verify --proof PROOF [--inputs FILE --outputs FILE] [--min-bits B] [--threads T]\n"
           "                        [--format text|json]\n"
           "       hashsnark verify --proof PROOF --root DIGEST [--openings FILE | --leaves FILE]  (Merkle proofs:\n"
           "                        see 'hashsnark verify --root R --help')\n"
           "       hashsnark verify --proof PROOF --json FILE  (an XMSS aggregate: the keys, epoch and\n"
           "                        message of FILE; see 'hashsnark verify --json F --help')\n"
           "\n"
           "Checks a proof written by 'hashsnark prove'. Prints 'accepted' and what was proven, exit\n"
           "status 0; or 'rejected: REASON', exit status 1, for any proof it does not accept\n"
           "(truncated, oversized, garbled, empty, altered, below --min-bits) and for anything the\n"
           "proof says that does not match what it is given (a public proof without its tables, a\n"
           "private one with tables, tables of another hash's width or field, another number of\n"
           "lines, or a table that differs in any value). Exit status 2 only for usage errors,\n"
           "whatever the proof says (an unknown option, --inputs without --outputs, a missing,\n"
           "empty or malformed file). A public statement's tables are checked natively first: the\n"
           "first output line that is not the permutation of its input line is named ('rejected:\n"
           "OUTPUTS line 3 is not P(INPUTS line 3), ...'), before the proof is checked. A proof of\n"
           "'prove --statement pcs' (the binary commitment alone) takes no tables; its bound is the\n"
           "bits its queries were derived for.\n"
           "\n"
           "  --proof FILE     the proof\n"
           "  --inputs FILE    public statements: the inputs, one state per line ('hashsnark perm' form)\n"
           "  --outputs FILE   public statements: the outputs, one state per line\n"
           "  --min-bits B     reject a valid proof whose provable bits ('hashsnark params') are below B,\n"
           "                   an integer 0..512, for every statement (regions included) (default: the\n"
           "                   bits its preset declares, so a proof made with 'prove --insecure' is\n"
           "                   rejected unless B is lowered; accepted proofs below the declaration\n"
           "                   print a WARNING line)\n"
           "  --threads T      worker threads (default: HS_THREADS or every CPU)\n"
           HS_CLI_FORMAT_HELP("       "));
}

/* verify: a table of the proof's hash h, at most max_rows lines stored (*rows = max_rows + 1 when
 * the file holds more). Its syntax is the user's (HS_EXIT_USAGE, printed: a malformed file is
 * malformed whatever the proof); a line whose width or values do not fit h is a mismatch with what
 * the proof says (HS_EXIT_REJECT, the reason in why, naming the file, line and value). */
static int read_proof_table(const char *path, const hs_provable *h, int outputs, size_t max_rows, uint32_t **words,
                            size_t *rows, char *why, size_t wl) {
    hs_table t;
    *words = NULL;
    const int wide = h->value_bits == 128; /* GF(2^128) elements in hex: two stored words a value */
    if (!read_table("verify", path, 0, wide ? 128 : 64, 0, h->name, max_rows, &t)) return HS_EXIT_USAGE;
    const unsigned vb = h->value_bits >= 64 ? h->value_bits : 32, w = outputs ? h->out_words : h->in_words,
                   width = w / (vb / 32);
    const uint64_t vmax = vb >= 64 ? UINT64_MAX : UINT32_MAX;
    const size_t stored = stored_rows(&t, max_rows);
    for (size_t r = 0; r < stored; r++) {
        const size_t n = (t.off[r + 1] - t.off[r]) / (wide ? 2 : 1);
        if (n != width) {
            snprintf(why, wl, "%s:%zu: %zu values, but the proof's hash %s has %u on an %s line", path, t.line[r], n,
                     h->name, width, outputs ? "output" : "input");
            hs_table_free(&t);
            return HS_EXIT_REJECT;
        }
        for (size_t k = 0; k < n && !wide; k++) {
            const uint64_t v = t.vals[t.off[r] + k];
            if (v > vmax || (h->word_modulus && v >= h->word_modulus)) {
                if (h->word_modulus)
                    snprintf(why, wl, "%s:%zu: value %llu is out of range for the proof's hash %s (must be < %llu)",
                             path, t.line[r], (unsigned long long)v, h->name, (unsigned long long)h->word_modulus);
                else
                    snprintf(why, wl, "%s:%zu: value %llu does not fit in the %u bits of the proof's hash %s", path,
                             t.line[r], (unsigned long long)v, vb, h->name);
                hs_table_free(&t);
                return HS_EXIT_REJECT;
            }
        }
    }
    t.width = width; /* every stored line holds width values, one after another */
    uint32_t *s = malloc((stored ? stored * w : 1) * sizeof *s);
    if (!s) {
        hs_cli_error("verify", "%s: out of memory", path);
        hs_table_free(&t);
        return HS_EXIT_USAGE;
    }
    table_words(&t, s, vb, max_rows, rows);
    *words = s;
    return HS_EXIT_OK;
}

/* verify: the public tables of a proof of N instances of h against what it says. HS_EXIT_OK with
 * the words; HS_EXIT_USAGE after printing (a file that cannot be read, or malformed whatever the
 * proof: bad syntax, no lines, more than any statement holds); HS_EXIT_REJECT after printing the
 * mismatch (lines of another width, values outside the hash's field, another number of lines). */
static int read_proof_tables(const char *inputs_s, const char *outputs_s, const hs_provable *h, size_t N, int regions,
                             uint32_t **pin, uint32_t **pout) {
    char why[HS_REASON_LEN + 512];
    size_t rows_in = 0, rows_out = 0;
    /* the tables hold exactly the proof's N lines; reading stops at line N + 1 (regions: the most
     * a table holds, so that the message gives both counts) */
    const size_t max = regions ? HS_MAX_LINES : N;
    int rc = read_proof_table(inputs_s, h, 0, max, pin, &rows_in, why, sizeof why);
    if (rc == HS_EXIT_OK) rc = read_proof_table(outputs_s, h, 1, max, pout, &rows_out, why, sizeof why);
    if (rc == HS_EXIT_REJECT) hs_cli_reject("verify", "%s", why);
    if (rc != HS_EXIT_OK) return rc;
    if (rows_in == N && rows_out == N) return HS_EXIT_OK;
    for (int o = 0; o < 2; o++) { /* no public statement has no line, nor more than 2^24 */
        const size_t have = o ? rows_out : rows_in;
        if (have == 0 || have > HS_MAX_LINES) {
            hs_cli_error("verify", "%s: %s", o ? outputs_s : inputs_s,
                         have ? "more than 2^24 states" : "an empty table (no states)");
            return HS_EXIT_USAGE;
        }
    }
    const char *bad = rows_in != N ? inputs_s : outputs_s;
    const size_t have = rows_in != N ? rows_in : rows_out;
    if (regions)
        hs_cli_reject("verify", "the proof's regions hold %zu permutations, the tables %zu inputs and %zu outputs", N,
               rows_in, rows_out);
    else
        hs_cli_reject("verify", "%s holds %s%zu states; the proof's statement has %zu", bad, have > N ? "more than " : "",
               have > N ? N : have, N);
    return HS_EXIT_REJECT;
}

/* The file line of a table's row (0-based), for a message: the table is read again up to it
 * (only after a mismatch); row + 1 when it cannot be. */
static size_t table_line(const char *path, const hs_provable *h, size_t row) {
    hs_table t;
    if (!read_table("verify", path, 0, h->value_bits == 128 ? 128 : 64, 0, h->name, row + 1, &t)) return row + 1;
    const size_t line = row < stored_rows(&t, row + 1) ? t.line[row] : row + 1;
    hs_table_free(&t);
    return line;
}

/* verify: a public statement's tables checked natively before the proof (the verifier holds them,
 * and permuting them costs less than checking the proof): the first row whose output line is not
 * the permutation of its input line, a rejection that names both lines (HS_EXIT_REJECT, printed).
 * HS_EXIT_OK when every row matches, or when the hash has no native permutation of the tables'
 * shape (the proof alone decides then); HS_EXIT_USAGE when out of memory. */
static int check_tables_native(const hs_ctx *ctx, const char *inputs_s, const char *outputs_s, const hs_provable *h,
                               size_t N, const uint32_t *in, const uint32_t *out) {
    const hs_perm *perm;
    if (!h->perm || hs_perm_find(&perm, h->perm) != HS_OK) return HS_EXIT_OK;
    const unsigned wb = hs_perm_word_bits(perm), w = h->in_words;
    if (h->out_words != w || hs_perm_width(perm) * (wb / 32) != w || (wb == 64) != (h->value_bits >= 64))
        return HS_EXIT_OK;
    enum { CHUNK = 1 << 14 }; /* states permuted at once: bounded memory */
    const size_t cap = N < CHUNK ? N : CHUNK;
    uint32_t *s32 = wb == 32 ? malloc(cap * w * sizeof *s32) : NULL;
    uint64_t *s64 = wb == 64 ? malloc(cap * (w / 2) * sizeof *s64) : NULL;
    if (!s32 && !s64) {
        hs_cli_error("verify", "out of memory");
        return HS_EXIT_USAGE;
    }
    size_t bad = N;
    for (size_t r0 = 0; r0 < N && bad == N; r0 += cap) {
        const size_t n = N - r0 < cap ? N - r0 : cap, words = n * w;
        const uint32_t *a = in + r0 * w, *b = out + r0 * w;
        hs_status st;
        if (s32) {
            memcpy(s32, a, words * sizeof *s32);
            st = hs_perm_many_u32(ctx, perm, s32, n);
        } else {
            for (size_t i = 0; i < words / 2; i++) s64[i] = a[2 * i] | (uint64_t)a[2 * i + 1] << 32;
            st = hs_perm_many_u64(ctx, perm, s64, n);
        }
        if (st != HS_OK) break; /* values the proof's hash takes are in range; the proof decides */
        for (size_t r = 0; r < n && bad == N; r++)
            for (unsigned k = 0; k < w; k++) {
                const uint32_t v = s32 ? s32[r * w + k] : (uint32_t)(s64[(r * w + k) / 2] >> (k % 2 ? 32 : 0));
                if (v != b[r * w + k]) {
                    bad = r0 + r;
                    break;
                }
            }
    }
    free(s32), free(s64);
    if (bad == N) return HS_EXIT_OK;
    hs_cli_reject("verify", "%s line %zu is not P(%s line %zu), the %s permutation of that row", outputs_s,
           table_line(outputs_s, h, bad), inputs_s, table_line(inputs_s, h, bad), h->name);
    return HS_EXIT_REJECT;
}

/* 'verify': the proof's header says what it claims (hs_proof_peek); a public statement's tables are
 * read with that hash's line shape, then hs_verify checks the proof. Whatever the proof says that
 * does not match what is given (tables for a private proof, none for a public one, tables of
 * another shape) is a rejection (exit 1), never a usage error: the proof's bytes decide nothing
 * about the command line. The bound on its bits is applied after the proof is checked, so that a
 * weak but valid proof is named as such. */
int hs_cmd_verify(int argc, char **argv) {
    if (hs_cli_has_opt(argc, argv, "root") || hs_cli_has_opt(argc, argv, "openings"))
        return hs_cmd_verify_merkle(argc, argv);
    if (hs_cli_has_opt(argc, argv, "json")) return hs_cmd_verify_xmss(argc, argv);
    const char *proof = NULL, *threads_s = NULL, *inputs_s = NULL, *outputs_s = NULL, *min_bits_s = NULL,
               *format_s = NULL;
    hs_opt opts[] = {{"proof", 1, &proof, NULL},
                     {"format", 1, &format_s, NULL},
                     {"min-bits", 1, &min_bits_s, NULL},
                     {"threads", 1, &threads_s, NULL},
                     {"inputs", 1, &inputs_s, NULL},
                     {"outputs", 1, &outputs_s, NULL}};
    int r = hs_cli_parse("verify", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return verify_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("verify", format_s);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    if (!proof) {
        hs_cli_error("verify", "--proof is required (see 'hashsnark verify --help')");
        return HS_EXIT_USAGE;
    }
    if (!inputs_s != !outputs_s) {
        hs_cli_error("verify", "--inputs and --outputs go together (a public statement's two tables)");
        return HS_EXIT_USAGE;
    }
    unsigned long threads = 0, mb = 0; /* 0: HS_THREADS or every CPU, as --help says */
    if (threads_s && !hs_cli_uint("verify", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    if (min_bits_s && !hs_cli_uint("verify", "min-bits", min_bits_s, 0, 512, &mb)) return HS_EXIT_USAGE;
    hs_sbuf buf = {0};
    char err[512];
    int rd = hs_read_all(proof, &buf, HS_MAX_PROOF_BYTES, err, sizeof err);
    if (rd < 0) { /* /dev/zero, an endless FIFO, a huge file: bounded, then refused */
        hs_cli_reject("verify", "oversized proof (more than %u bytes)", HS_MAX_PROOF_BYTES);
        hs_sbuf_free(&buf);
        return HS_EXIT_REJECT;
    }
    if (!rd) {
        hs_cli_error("verify", "%s", err);
        hs_sbuf_free(&buf);
        return HS_EXIT_USAGE;
    }
    const uint8_t *pb = (const uint8_t *)buf.data;
    const char *xs, *xp;
    size_t xn;
    if (hs_xmss_aggregate_peek(&xs, &xn, &xp, NULL, 0, pb, buf.len) == HS_OK) { /* verify --json FILE */
        hs_cli_error("verify", "%s is an XMSS aggregate of %zu signatures: give the keys, epoch and message with --json FILE",
                     proof, xn);
        hs_sbuf_free(&buf);
        return HS_EXIT_USAGE;
    }
    if (hs_cli_is_pcs_proof(pb, buf.len)) { /* commitment only */
        if (inputs_s) {
            hs_cli_reject("verify", "the proof is a commitment-only proof (statement pcs): it proves no table");
            hs_sbuf_free(&buf);
            return HS_EXIT_REJECT;
        }
        const int rc = hs_cli_verify_pcs(proof, pb, buf.len, json, min_bits_s, mb);
        hs_sbuf_free(&buf);
        return rc;
    }
    char why[HS_REASON_LEN];
    hs_proof_info info;
    if (hs_proof_peek(&info, why, sizeof why, pb, buf.len) != HS_OK) {
        hs_cli_reject("verify", "%s", why);
        hs_sbuf_free(&buf);
        return HS_EXIT_REJECT;
    }
    const int regions = info.shape.statement == HS_STATEMENT_REGIONS;
    const int pub = info.shape.statement != HS_STATEMENT_PRIVATE && !info.shape.private_regions;
    const size_t N = info.instances;
    int rc = HS_EXIT_OK;
    if (pub && !inputs_s) {
        hs_cli_reject("verify", "the proof is for a public statement of %zu %s: it holds only with their --inputs and "
               "--outputs tables, and none were given",
               N, info.noun);
        rc = HS_EXIT_REJECT;
    } else if (!pub && inputs_s) {
        hs_cli_reject("verify", "the proof is for a private statement (it proves no table)");
        rc = HS_EXIT_REJECT;
    }
    hs_provable h;
    uint32_t *pin = NULL, *pout = NULL;
    if (rc == HS_EXIT_OK && pub) {
        if (hs_provable_find(&h, info.shape.hash) != HS_OK) { /* the peek names provable hashes only */
            hs_cli_reject("verify", "the proof's hash is not provable by this build");
            rc = HS_EXIT_REJECT;
        } else {
            rc = read_proof_tables(inputs_s, outputs_s, &h, N, regions, &pin, &pout);
        }
    }
    hs_ctx *ctx = rc == HS_EXIT_OK ? hs_cli_ctx("verify", threads) : NULL;
    if (rc != HS_EXIT_OK || !ctx) {
        free(pin), free(pout);
        hs_sbuf_free(&buf);
        return rc != HS_EXIT_OK ? rc : HS_EXIT_USAGE;
    }
    if (pub) rc = check_tables_native(ctx, inputs_s, outputs_s, &h, N, pin, pout);
    if (rc != HS_EXIT_OK) {
        hs_ctx_free(ctx);
        free(pin), free(pout);
        hs_sbuf_free(&buf);
        return rc;
    }
    double t0 = hs_cli_now();
    hs_status vs = hs_verify(ctx, &info, why, sizeof why, pb, buf.len, pin, pub ? N * h.in_words : 0, pout,
                             pub ? N * h.out_words : 0, 0);
    double t = hs_cli_now() - t0;
    hs_ctx_free(ctx);
    free(pin), free(pout);
    hs_sbuf_free(&buf);
    if (vs != HS_OK) {
        hs_cli_reject("verify", "%s", why);
        return HS_EXIT_REJECT;
    }
    /* the proof holds; whether it is strong enough is the caller's bound (default: the preset's
     * declaration, so a proof made with --insecure is not accepted by accident), for every
     * statement kind alike. A statement without a soundness report (NaN bits) passes only the
     * default or --min-bits 0, as hs_verify has it. */
    const double need = min_bits_s ? (double)mb : info.declared_bits;
    const char *regime = hs_sec_regime_name(info.regime);
    const hs_shape *s = &info.shape;
    if (isnan(info.claimed_bits) ? min_bits_s && mb > 0 : info.claimed_bits + 1e-9 < need) {
        hs_cli_reject("verify", "the proof holds but gives %.1f provable bits (%s), below the %.1f required (preset %s "
               "declares %.0f; --min-bits lowers the requirement)",
               info.claimed_bits, regime, need, s->preset, info.declared_bits);
        return HS_EXIT_REJECT;
    }
    hs_preset_info preset;
    const int binary = info.field && !strcmp(info.field, "gf2-128"); /* the walks over GF(2), GF(2^128): no WHIR */
    const int gkr_rate = !binary && s->backend == HS_BACKEND_GKR && hs_preset_info_find(&preset, s->preset) == HS_OK;
    if (json) {
        hs_json j;
        hs_cli_json_accepted(&j, proof);
        hs_json_str(&j, "hash", s->hash);
        hs_json_str(&j, "backend", s->backend == HS_BACKEND_GKR ? "gkr" : "stark");
        hs_json_str(&j, "statement", pub ? "public" : "private");
        hs_json_u64(&j, "instances", N);
        hs_json_str(&j, "noun", info.noun);
        hs_json_str(&j, "preset", s->preset);
        hs_json_num(&j, "claimed_bits", info.claimed_bits);
        hs_json_str(&j, "regime", regime);
        hs_json_num(&j, "declared_bits", info.declared_bits);
        hs_json_bool(&j, "below_declared", info.claimed_bits < info.declared_bits);
        if (regions) { /* the gkr walk's regions: no rate or queries of their own here */
            hs_json_str(&j, "variant", s->variant);
            hs_json_bool(&j, "committed_regions", !pub);
            hs_json_open(&j, "region_log", '[');
            for (unsigned a = 0; a < s->n_regions; a++) hs_json_u64(&j, NULL, s->region_log[a]);
            hs_json_close(&j);
        } else if (binary) {
            hs_json_str(&j, "field", info.field);
        } else if (gkr_rate) {
            hs_json_u64(&j, "whir_inv_rate", 1u << preset.gkr_whir_log_inv_rate);
        } else {
            hs_json_u64(&j, "inv_rate", 1u << s->log_blowup);
            hs_json_u64(&j, "queries", info.num_queries);
        }
        hs_json_num(&j, "verify_s", t);
        hs_json_end(&j);
        return HS_EXIT_OK;
    }
    if (regions) {
        printf("accepted: %zu permutations of %s in %u regions (", N, s->hash, s->n_regions);
        for (unsigned a = 0; a < s->n_regions; a++) printf("%s%u", a ? "," : "", s->region_log[a]);
        printf("; %s), gkr backend, %s variant, preset %s, %.1f provable bits (%s) (verified in %.3f s)\n",
               pub ? "public statement" : "private statement, committed regions", s->variant, s->preset,
               info.claimed_bits, regime, t);
    } else if (binary)
        printf("accepted: %zu permutations of %s (%s statement), gkr backend over %s, preset %s, %.1f provable bits "
               "(%s) (verified in %.3f s)\n",
               N, s->hash, pub ? "public" : "private",
               !strcmp(s->hash, "keccak-f1600")
                   ? (pub ? "GF(2) (challenges in GF(2^128), no commitment)"
                          : "GF(2) (challenges in GF(2^128), states committed by ring switching)")
               : pub ? "GF(2^128) (no commitment)"
                     : "GF(2^128) (FRI-Binius commitment)",
               s->preset, info.claimed_bits, regime, t);
    else if (gkr_rate)
        printf("accepted: %zu permutations of %s (%s statement), gkr backend, preset %s, %.1f provable bits (%s), WHIR "
               "rate 1/%u (verified in %.3f s)\n",
               N, s->hash, pub ? "public" : "private", s->preset, info.claimed_bits, regime,
               1u << preset.gkr_whir_log_inv_rate, t);
    else
        printf("accepted: %zu %s of %s (%s statement), preset %s, %.1f provable bits (%s), rate 1/%u, %u queries "
               "(verified in %.3f s)\n",
               N, info.noun, s->hash, pub ? "public" : "private", s->preset, info.claimed_bits, regime,
               1u << s->log_blowup, info.num_queries, t);
    if (info.claimed_bits < info.declared_bits)
        printf("WARNING: below the preset's declared %.0f bits (preset %s)\n", info.declared_bits, s->preset);
    return HS_EXIT_OK;
}
