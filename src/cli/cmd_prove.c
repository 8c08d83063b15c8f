/* hashsnark prove / verify: the stark and gkr backends on the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/textio.h"
#include "hashsnark.h"
#include "bench/ragged_compare.h"
#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "soundness/soundness.h"
#include "stark/stark.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"

#define HS_MAX_PROOF_BYTES (512u << 20)

/* A table of states in 'hashsnark perm' form, Montgomery form out; NULL after printing why. More
 * than 2^24 states are refused. */
hs_kb *hs_cli_read_states(const char *cmd, const char *path, unsigned width, const char *what, size_t *rows) {
    const size_t max = (size_t)1 << 24;
    uint32_t *s = hs_cli_read_words(cmd, path, width, 32, HS_KB_P, what, max, rows);
    if (s && *rows > max) {
        hs_cli_error(cmd, "%s: more than 2^24 states", path);
        hs_free(s);
        return NULL;
    }
    for (size_t i = 0; s && i < *rows * width; i++) s[i] = hs_kb_from_u32(s[i]);
    return s;
}

/* A table of an AIR's input or output lines (outputs: 1) in 'hashsnark perm' form, as the AIR's
 * canonical words (a 64-bit value is two words, low first); NULL after printing why. */
uint32_t *hs_cli_read_lines(const char *cmd, const char *path, const hs_air *a, int outputs, size_t max_rows,
                            size_t *rows) {
    return hs_cli_read_words(cmd, path, outputs ? a->out_words : a->in_words, a->value_bits, a->word_modulus, a->name,
                             max_rows, rows);
}

uint32_t *hs_cli_read_words(const char *cmd, const char *path, unsigned words, unsigned value_bits, uint32_t modulus,
                            const char *what, size_t max_rows, size_t *rows) {
    char err[512];
    hs_sbuf text = {0};
    const unsigned vb = value_bits == 64 ? 64 : 32;
    const unsigned width = vb == 64 ? words / 2 : words;
    if (hs_read_all(path, &text, 0, err, sizeof err) != 1) {
        hs_cli_error(cmd, "%s", err);
        hs_sbuf_free(&text);
        return NULL;
    }
    hs_table t;
    int ok = hs_table_parse(&t, path, text.data, text.len, width, modulus, vb, what, max_rows, err, sizeof err);
    hs_sbuf_free(&text);
    if (ok && t.more) t.rows = max_rows + 1; /* the caller sees "more than max_rows" (the extra row is not stored) */
    if (!ok) {
        hs_cli_error(cmd, "%s", err);
        return NULL;
    }
    const size_t stored = t.more ? max_rows : t.rows;
    uint32_t *s = hs_alloc_array(stored ? stored * words : 1, sizeof *s);
    if (!s) {
        hs_cli_error(cmd, "%s: out of memory", path);
        hs_table_free(&t);
        return NULL;
    }
    for (size_t i = 0; i < stored * width; i++) {
        if (vb == 64)
            s[2 * i] = (uint32_t)t.vals[i], s[2 * i + 1] = (uint32_t)(t.vals[i] >> 32);
        else
            s[i] = (uint32_t)t.vals[i];
    }
    *rows = t.rows;
    hs_table_free(&t);
    return s;
}

/* Output lines in 'hashsnark perm' form (a 64-bit value from two words, low first) into b. */
static void format_lines(hs_sbuf *b, const uint32_t *words, size_t n, unsigned w, unsigned value_bits) {
    uint64_t row[64];
    const unsigned vals = value_bits == 64 ? w / 2 : w;
    for (size_t i = 0; i < n; i++) {
        const uint32_t *x = words + i * w;
        for (unsigned j = 0; j < vals && j < 64; j++) row[j] = value_bits == 64 ? x[2 * j] | (uint64_t)x[2 * j + 1] << 32 : x[j];
        hs_table_format_row(b, row, vals, 0);
    }
}

/* The proof, and the outputs table when outputs_out is set, written together or not at all. */
static int write_proof(const char *out, const hs_writer *w, const char *outputs_out, const uint32_t *outs, size_t n,
                       unsigned out_words, unsigned value_bits) {
    char err[512];
    hs_outset o = {0};
    if (outputs_out) {
        hs_sbuf b = {0};
        format_lines(&b, outs, n, out_words, value_bits);
        int ok = !b.failed && hs_outset_add(&o, outputs_out, b.data ? b.data : "", b.len, err, sizeof err);
        if (b.failed) snprintf(err, sizeof err, "%s: out of memory", outputs_out);
        hs_sbuf_free(&b);
        if (!ok) return hs_cli_error("prove", "%s", err), 0;
    }
    if (!hs_outset_add(&o, out, (const char *)w->data, w->len, err, sizeof err) || !hs_outset_commit(&o, err, sizeof err))
        return hs_cli_error("prove", "%s", err), 0;
    return 1;
}

/* The line shape of a gkr permutation's tables (states of field elements), as an AIR's, for the
 * table readers. */
static void gkr_lines(hs_air *a, const hs_gkr_perm *gp) {
    memset(a, 0, sizeof *a);
    a->in_words = a->out_words = gp->width, a->word_modulus = HS_KB_P, a->name = gp->name;
}

static void prove_help(void) {
    printf("usage: hashsnark prove --hash NAME --log-perms N --out PROOF\n"
           "                       [--backend stark|gkr] [--seed S | --inputs FILE [--outputs-out FILE]]\n"
           "                       [--preset P] [--log-blowup B] [--threads T] [--insecure]\n"
           "       hashsnark prove --backend gkr --regions W1,W2,... [--variant V] [--private] --out PROOF\n"
           "                       [--seed S | --inputs FILE] [--preset P] [--threads T]\n"
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
           "Writes the proof atomically to PROOF (nothing is written when proving fails), prints the\n"
           "time of each phase to standard error and one summary line to standard output.\n"
           "\n"
           "  --hash NAME       the stark backend: %s (default poseidon2-kb16);\n"
           "                    the gkr backend: %s\n"
           "  --backend B       stark (default) or gkr\n"
           "  --log-perms N     number of evaluations, 2^N (0..24); with --inputs, optional (the\n"
           "                    file must then hold exactly 2^N lines)\n"
           "  --inputs FILE     public statement over these inputs (their count a power of two)\n"
           "                    keccak-f1600: 25 lanes (u64); blake3: cv[8] block[16] counter_lo\n"
           "                    counter_hi block_len flags (28 u32), outputs the 16-word compression\n"
           "                    output; blake2s: h[8] m[16] t0 t1 f0 f1 (28 u32), outputs h'[8]\n"
           "  --outputs-out F   also write the outputs, one line per input, to F (with the proof,\n"
           "                    atomically)\n"
           "  --out FILE        where the proof goes (refused before proving if it cannot be written)\n"
           "  --seed S          seed of the random inputs (default 1; at most 2^64 - 1)\n"
           "  --preset P        compat | fast100 | proven128 (default compat):\n",
           hs_cli_stark_names(), hs_cli_gkr_names());
    for (size_t i = 0; i < hs_preset_count(); i++)
        printf("                      %-10s %s\n", hs_preset_at(i)->name, hs_preset_at(i)->description);
    printf("  --log-blowup B    rate 2^-B instead of the preset's (1..4; stark backend)\n"
           "  --insecure        prove even where the preset's declared security does not hold for this\n"
           "                    shape ('hashsnark params' shows every term; without it the prover\n"
           "                    refuses such shapes)\n"
           "  --regions W1,W2,..  gkr backend: ragged regions (docs/PROOF_FORMAT_RAGGED.md), region a\n"
           "                    holding 2^Wa permutations (4 <= Wa <= 20, 1..32 regions), a public\n"
           "                    statement: the inputs (random from --seed, or --inputs FILE with\n"
           "                    sum 2^Wa states, region after region) and the outputs are written\n"
           "                    next to the proof as PROOF.inputs and PROOF.outputs; check it with\n"
           "                    'verify --proof PROOF --inputs PROOF.inputs --outputs PROOF.outputs'\n"
           "  --private         with --regions: committed regions (the FROST-GKR setting), a private\n"
           "                    statement: one WHIR commitment of every region's inputs and outputs,\n"
           "                    no table written; 'verify --proof PROOF' needs none (up to 2^24 or\n"
           "                    2^25 permutations in all, by the preset's WHIR rate)\n"
           "  --variant V       with --regions: ragged (default; one walk, implicit padding),\n"
           "                    padded (one walk over regions padded to 2^max) or independent\n"
           "                    (one walk per region)\n"
           "  --threads T       worker threads (default: HS_THREADS or every CPU); the proof does\n"
           "                    not depend on it\n");
}

static unsigned gkr_log_rate(const hs_preset *p) {
    hs_whir_config c;
    hs_gkr_whir_config(p, &c);
    return c.log_inv_rate;
}

/* Region tables in 'hashsnark perm' form, region after region, added to the outputs o. */
static int write_region_states(hs_outset *o, const char *path, hs_kb *const *tabs, const unsigned *widths, unsigned A) {
    hs_sbuf b = {0};
    uint64_t row[HS_RAGGED_LANES];
    for (unsigned a = 0; a < A; a++)
        for (size_t x = 0; x < ((size_t)1 << widths[a]); x++) {
            for (unsigned j = 0; j < HS_RAGGED_LANES; j++) row[j] = hs_kb_to_u32(tabs[a][x * HS_RAGGED_LANES + j]);
            hs_table_format_row(&b, row, HS_RAGGED_LANES, 0);
        }
    char err[512];
    int ok = !b.failed && hs_outset_add(o, path, b.data, b.len, err, sizeof err);
    if (!ok) hs_cli_error("prove", "%s", b.failed ? "out of memory" : err);
    if (b.failed) hs_outset_abort(o);
    hs_sbuf_free(&b);
    return ok;
}

/* 'prove --backend gkr --regions ..': the ragged-regions statement (src/gkr/ragged.h). */
static int prove_regions(const hs_preset *preset, const char *regions_s, const char *variant_s, int priv,
                         unsigned long seed, const char *inputs_s, unsigned threads, const char *out) {
    unsigned widths[HS_RAGGED_MAX_REGIONS], A = 0;
    if (!hs_ragged_parse_widths(regions_s, widths, &A)) {
        hs_cli_error("prove", "--regions wants 1..32 comma-separated widths, each 4..20, not '%s'", regions_s);
        return HS_EXIT_USAGE;
    }
    int variant = hs_ragged_variant_parse(variant_s);
    if (variant < 0) {
        hs_cli_error("prove", "--variant must be ragged, padded or independent, not '%s'", variant_s);
        return HS_EXIT_USAGE;
    }
    hs_ragged_shape shape;
    const char *why = NULL;
    if (!hs_ragged_shape_make(&shape, (unsigned)variant, widths, A, preset, &why) ||
        !hs_ragged_shape_set_private(&shape, priv, &why)) {
        hs_cli_error("prove", "%s", why);
        return HS_EXIT_USAGE;
    }
    size_t total = 0;
    for (unsigned a = 0; a < A; a++) total += (size_t)1 << widths[a];
    hs_kb *all = NULL, *outs = hs_alloc_array(total, HS_RAGGED_LANES * sizeof(hs_kb));
    if (inputs_s) {
        size_t rows = 0;
        all = hs_cli_read_states("prove", inputs_s, HS_RAGGED_LANES, "poseidon2-kb16", &rows);
        if (all && rows != total) {
            hs_cli_error("prove", "%s: %zu states; --regions %s needs %zu", inputs_s, rows, regions_s, total);
            hs_free(all), all = NULL;
        }
        if (!all) return hs_free(outs), HS_EXIT_USAGE;
    } else {
        all = hs_alloc_array(total, HS_RAGGED_LANES * sizeof(hs_kb));
        if (all) {
            hs_rng rng;
            hs_rng_seed(&rng, seed);
            for (size_t i = 0; i < total * HS_RAGGED_LANES; i++) all[i] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
        }
    }
    if (!all || !outs) {
        hs_free(all), hs_free(outs);
        hs_cli_error("prove", "out of memory for %zu inputs", total);
        return HS_EXIT_USAGE;
    }
    hs_kb *in_r[HS_RAGGED_MAX_REGIONS], *out_r[HS_RAGGED_MAX_REGIONS];
    for (unsigned a = 0, at = 0; a < A; at += 1u << widths[a], a++)
        in_r[a] = all + (size_t)at * HS_RAGGED_LANES, out_r[a] = outs + (size_t)at * HS_RAGGED_LANES;
    fprintf(stderr, "prove: poseidon2-kb16, %u regions (%s), %zu permutations, %zu physical rows, gkr backend, %s "
                    "variant, %s statement, %u thread%s\n",
            A, regions_s, total, shape.physical_rows, hs_ragged_variant_name((unsigned)variant),
            priv ? "private (committed regions)" : "public", threads, threads > 1 ? "s" : "");
    hs_writer w = {0};
    hs_ragged_timing tm;
    double t0 = hs_now();
    int ok = hs_ragged_prove(&shape, (const hs_kb *const *)in_r, out_r, threads, &w, &tm, NULL, 0, &why);
    double elapsed = hs_now() - t0;
    int rc = HS_EXIT_USAGE;
    char err[512], *path = malloc(strlen(out) + 16);
    if (!ok) {
        hs_cli_error("prove", "%s", why ? why : "failed");
    } else if (!path) {
        hs_cli_error("prove", "out of memory");
    } else {
        if (priv)
            fprintf(stderr, "prove: witness %.3f s, commit (WHIR) %.3f s, GKR walk %.3f s, open (WHIR) %.3f s\n",
                    tm.witness_s, tm.commit_s, tm.walk_s, tm.open_s);
        else
            fprintf(stderr, "prove: witness %.3f s, GKR walk %.3f s\n", tm.witness_s, tm.walk_s);
        /* the proof and both tables appear together or not at all */
        hs_outset o = {0};
        sprintf(path, "%s.inputs", out);
        if (priv) { /* committed regions: the proof alone */
            if (!hs_outset_add(&o, out, (const char *)w.data, w.len, err, sizeof err) ||
                !hs_outset_commit(&o, err, sizeof err)) {
                hs_cli_error("prove", "%s", err);
            } else {
                printf("proved %zu permutations in %u committed regions (poseidon2-kb16, gkr, %s, %s) in %.3f s: "
                       "%.0f perms/s, proof %zu bytes\n",
                       total, A, hs_ragged_variant_name((unsigned)variant), preset->name, elapsed,
                       (double)total / elapsed, w.len);
                rc = HS_EXIT_OK;
            }
        } else if (write_region_states(&o, path, in_r, widths, A)) {
            sprintf(path, "%s.outputs", out);
            if (write_region_states(&o, path, out_r, widths, A)) {
                if (!hs_outset_add(&o, out, (const char *)w.data, w.len, err, sizeof err) ||
                    !hs_outset_commit(&o, err, sizeof err)) {
                    hs_cli_error("prove", "%s", err);
                } else {
                    printf("proved %zu permutations in %u regions (poseidon2-kb16, gkr, %s, %s) in %.3f s: %.0f "
                           "perms/s, proof %zu bytes; tables in %s.inputs and %s.outputs\n",
                           total, A, hs_ragged_variant_name((unsigned)variant), preset->name, elapsed,
                           (double)total / elapsed, w.len, out, out);
                    rc = HS_EXIT_OK;
                }
            }
        }
    }
    free(path);
    hs_free(all), hs_free(outs);
    hs_w_free(&w);
    return rc;
}

/* The gkr half of 'prove': takes (and frees) the inputs. */
static int prove_gkr(const hs_preset *preset, const hs_gkr_perm *perm, unsigned logp, hs_kb *in, int public_io,
                     unsigned threads, const char *out, const char *outputs_out) {
    hs_gkr_shape shape;
    memset(&shape, 0, sizeof shape);
    shape.preset = preset;
    shape.perm_id = perm->id;
    shape.log_perms = logp;
    shape.public_io = public_io;
    hs_gkr_whir_config(preset, &shape.whir);
    hs_writer w = {0};
    hs_gkr_timing tm;
    const char *why = NULL;
    size_t n = (size_t)1 << logp;
    fprintf(stderr, "prove: %s, 2^%u permutations (%s statement), gkr backend, preset %s, %u thread%s\n",
            perm->name, logp, public_io ? "public" : "private", preset->name, threads, threads > 1 ? "s" : "");
    double t0 = hs_now();
    uint32_t *outs = outputs_out ? hs_alloc_array(n, perm->width * sizeof *outs) : NULL;
    if (outputs_out && !outs) return hs_free(in), hs_cli_error("prove", "out of memory"), HS_EXIT_USAGE;
    int ok = hs_gkr_prove(&shape, in, threads, &w, (hs_kb *)outs, &tm, &why);
    double elapsed = hs_now() - t0;
    hs_free(in);
    if (ok && outs)
        for (size_t i = 0; i < n * perm->width; i++) outs[i] = hs_kb_to_u32(outs[i]);
    if (!ok) {
        hs_cli_error("prove", "%s", why ? why : "failed");
        hs_free(outs);
        hs_w_free(&w);
        return HS_EXIT_USAGE;
    }
    fprintf(stderr, "prove: witness %.3f s, commit (WHIR) %.3f s, GKR walk %.3f s, open (WHIR) %.3f s\n", tm.witness_s,
            tm.commit_s, tm.walk_s, tm.open_s);
    if (!write_proof(out, &w, outputs_out, outs, n, perm->width, 32)) {
        hs_free(outs);
        hs_w_free(&w);
        return HS_EXIT_USAGE;
    }
    hs_free(outs);
    printf("proved %zu permutations (%s, gkr, %s) in %.3f s: %.0f perms/s, proof %zu bytes\n", n, perm->name,
           preset->name, elapsed, (double)n / elapsed, w.len);
    hs_w_free(&w);
    return HS_EXIT_OK;
}

int hs_cmd_prove(int argc, char **argv) {
    const char *hash = "poseidon2-kb16", *logp_s = NULL, *out = NULL, *seed_s = NULL, *preset_s = "compat",
               *blow_s = NULL, *threads_s = NULL, *inputs_s = NULL, *backend_s = "stark", *regions_s = NULL,
               *variant_s = NULL, *outputs_out = NULL;
    int insecure = 0, priv = 0;
    hs_opt opts[] = {{"hash", 1, &hash, NULL},          {"log-perms", 1, &logp_s, NULL},
                     {"out", 1, &out, NULL},            {"seed", 1, &seed_s, NULL},
                     {"preset", 1, &preset_s, NULL},    {"log-blowup", 1, &blow_s, NULL},
                     {"threads", 1, &threads_s, NULL},  {"inputs", 1, &inputs_s, NULL},
                     {"insecure", 0, NULL, &insecure}, {"backend", 1, &backend_s, NULL},
                     {"regions", 1, &regions_s, NULL},  {"variant", 1, &variant_s, NULL},
                     {"outputs-out", 1, &outputs_out, NULL}, {"private", 0, NULL, &priv}};
    int r = hs_cli_parse("prove", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return prove_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    int gkr = !strcmp(backend_s, "gkr");
    if (!gkr && strcmp(backend_s, "stark")) {
        hs_cli_error("prove", "--backend must be stark or gkr, not '%s'", backend_s);
        return HS_EXIT_USAGE;
    }
    const hs_air_def *def = gkr ? NULL : hs_air_find(hash);
    const hs_gkr_perm *gperm = gkr ? hs_gkr_perm_find(hash) : NULL;
    if (gkr ? !gperm : !def) {
        hs_sbuf names = {0};
        if (gkr)
            for (unsigned id = 1; hs_gkr_perm_get(id); id++) hs_sbuf_printf(&names, "%s%s", id > 1 ? ", " : "", hs_gkr_perm_get(id)->name);
        else
            for (size_t i = 0; i < hs_air_count(); i++) hs_sbuf_printf(&names, "%s%s", i ? ", " : "", hs_air_at(i)->name);
        hs_cli_error("prove", "--hash: the %s backend proves %s, not '%s'", backend_s, names.data ? names.data : "?", hash);
        hs_sbuf_free(&names);
        return HS_EXIT_USAGE;
    }
    if (gkr && regions_s && gperm->id != HS_GKR_P2_KB16) {
        hs_cli_error("prove", "--regions proves poseidon2-kb16 only, not '%s'", hash);
        return HS_EXIT_USAGE;
    }
    if (gkr && blow_s) {
        hs_cli_error("prove", "--log-blowup applies to the stark backend (the gkr backend's WHIR rate is the preset's)");
        return HS_EXIT_USAGE;
    }
    if ((variant_s || priv) && !regions_s) {
        hs_cli_error("prove", "%s applies to --regions", variant_s ? "--variant" : "--private");
        return HS_EXIT_USAGE;
    }
    if (regions_s) {
        unsigned long seed = 1, threads = 0;
        if (!gkr) return hs_cli_error("prove", "--regions needs --backend gkr"), HS_EXIT_USAGE;
        if (logp_s) return hs_cli_error("prove", "--regions and --log-perms exclude each other"), HS_EXIT_USAGE;
        if (!out) return hs_cli_error("prove", "--out is required (see 'hashsnark prove --help')"), HS_EXIT_USAGE;
        if (inputs_s && seed_s) return hs_cli_error("prove", "--seed and --inputs exclude each other"), HS_EXIT_USAGE;
        if (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) return HS_EXIT_USAGE;
        if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
        const hs_preset *pr = hs_preset_find(preset_s);
        if (!pr) return hs_cli_error("prove", "unknown preset '%s' (compat, fast100, proven128)", preset_s), HS_EXIT_USAGE;
        if (!threads) {
            const char *e = getenv("HS_THREADS");
            threads = e && *e ? strtoul(e, NULL, 10) : hs_cpu_count();
            if (!threads) threads = 1;
        }
        char oerr[512];
        if (!hs_out_check(out, oerr, sizeof oerr)) return hs_cli_error("prove", "%s", oerr), HS_EXIT_USAGE;
        return prove_regions(pr, regions_s, variant_s ? variant_s : "ragged", priv, seed, inputs_s, (unsigned)threads,
                             out);
    }
    if ((!logp_s && !inputs_s) || !out) {
        hs_cli_error("prove", "--log-perms (or --inputs) and --out are required (see 'hashsnark prove --help')");
        return HS_EXIT_USAGE;
    }
    if (inputs_s && seed_s) {
        hs_cli_error("prove", "--seed and --inputs exclude each other");
        return HS_EXIT_USAGE;
    }
    {
        char oerr[512];
        if (!hs_out_check(out, oerr, sizeof oerr) || (outputs_out && !hs_out_check(outputs_out, oerr, sizeof oerr)))
            return hs_cli_error("prove", "%s", oerr), HS_EXIT_USAGE;
    }
    unsigned long logp = 0, seed = 1, blow = 0, threads = 0;
    if (logp_s && !hs_cli_uint("prove", "log-perms", logp_s, 0, 24, &logp)) return HS_EXIT_USAGE;
    if (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) return HS_EXIT_USAGE;
    if (blow_s && !hs_cli_uint("prove", "log-blowup", blow_s, 1, 4, &blow)) return HS_EXIT_USAGE;
    if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    const hs_preset *preset = hs_preset_find(preset_s);
    if (!preset) {
        hs_cli_error("prove", "unknown preset '%s' (compat, fast100, proven128)", preset_s);
        return HS_EXIT_USAGE;
    }
    if (!threads) {
        const char *e = getenv("HS_THREADS");
        threads = e && *e ? strtoul(e, NULL, 10) : hs_cpu_count();
        if (!threads) threads = 1;
    }
    hs_air air;
    if (gkr) /* the gkr backend's permutations take states of field elements */
        gkr_lines(&air, gperm);
    else if (!def->init(&air, 0))
        return hs_cli_error("prove", "%s: cannot set up its AIR", hash), HS_EXIT_USAGE;
    uint32_t *in = NULL;
    if (inputs_s) {
        size_t rows;
        in = hs_cli_read_lines("prove", inputs_s, &air, 0, (size_t)1 << 24, &rows); /* rows > 2^24 is refused below */
        if (!in) return HS_EXIT_USAGE;
        unsigned lg = 0;
        while (((size_t)1 << lg) < rows) lg++;
        if (rows == 0 || ((size_t)1 << lg) != rows || lg > 24 || (logp_s && lg != logp)) {
            hs_cli_error("prove", "%s: %zu states; a public statement needs 2^N of them%s", inputs_s, rows,
                         logp_s ? " with N = --log-perms" : "");
            hs_free(in);
            return HS_EXIT_USAGE;
        }
        logp = lg;
    }
    /* the preset's declared security must hold at this shape (docs/SOUNDNESS.md) */
    hs_sound_report rep;
    int holds = gkr ? hs_soundness_gkr_check(preset, gperm->id, (unsigned)logp, inputs_s != NULL, &rep)
                    : hs_soundness_stark_check(preset, def->id, (unsigned)logp, (unsigned)blow, inputs_s != NULL, &rep);
    if (holds == 0) {
        if (!insecure) {
            hs_cli_error("prove", "preset %s declares %.0f provable bits, but 2^%lu permutations at rate 1/%u give "
                         "%.1f (%s, weakest term %s); see 'hashsnark params', or pass --insecure to prove anyway",
                         preset->name, preset->claim_bits, logp,
                         gkr ? 1u << gkr_log_rate(preset) : 1u << hs_preset_fri(preset, (unsigned)blow).log_blowup,
                         rep.claimed_bits, hs_regime_name(rep.regime), rep.terms[rep.weakest].name);
            hs_free(in);
            return HS_EXIT_USAGE;
        }
        fprintf(stderr, "prove: --insecure: %.1f provable bits, below the %.0f preset %s declares\n",
                rep.claimed_bits, preset->claim_bits, preset->name);
    }
    size_t n = (size_t)1 << logp, words = n * air.in_words;
    if (!in) {
        in = hs_alloc_array(words, sizeof *in);
        if (!in) {
            hs_cli_error("prove", "out of memory for %zu inputs", n);
            return HS_EXIT_USAGE;
        }
        if (hs_inputs_random(in, words, hash, seed) != HS_OK) /* the library's draw: the same inputs from C */
            return hs_free(in), hs_cli_error("prove", "%s: no random inputs", hash), HS_EXIT_USAGE;
    }

    if (gkr) { /* the gkr backend takes Montgomery-form Poseidon2 states */
        hs_kb *m = (hs_kb *)in;
        for (size_t i = 0; i < words; i++) m[i] = hs_kb_from_u32(in[i]);
        return prove_gkr(preset, gperm, (unsigned)logp, m, inputs_s != NULL, (unsigned)threads, out, outputs_out);
    }
    hs_stark_shape shape = {preset, def->id, (unsigned)logp, 0, hs_preset_fri(preset, (unsigned)blow), inputs_s != NULL,
                            1, 0}; /* the prover frees the inputs once read */
    hs_writer w = {0};
    hs_stark_timing tm;
    const char *why = NULL;
    fprintf(stderr, "prove: %s, 2^%lu permutations (%s statement), preset %s, rate 1/%u, %lu thread%s\n", hash, logp,
            inputs_s ? "public" : "private", preset->name, 1u << shape.fri.log_blowup, threads, threads > 1 ? "s" : "");
    double t0 = hs_now();
    uint32_t *outs = outputs_out ? hs_alloc_array(n, air.out_words * sizeof *outs) : NULL;
    if (outputs_out && !outs) return hs_cli_error("prove", "out of memory"), HS_EXIT_USAGE;
    int ok = hs_stark_prove(&shape, in, (unsigned)threads, &w, outs, &tm, &why);
    double elapsed = hs_now() - t0;
    if (!ok) {
        hs_cli_error("prove", "%s", why ? why : "failed");
        hs_free(outs);
        hs_w_free(&w);
        return HS_EXIT_USAGE;
    }
    fprintf(stderr, "prove: trace %.3f s, commit (LDE + Merkle) %.3f s, quotient %.3f s, quotient commit %.3f s, "
                    "open (DEEP + FRI + queries) %.3f s\n",
            tm.trace_s, tm.commit_s, tm.quotient_s, tm.quotient_commit_s, tm.open_s);
    if (!write_proof(out, &w, outputs_out, outs, n, air.out_words, air.value_bits)) {
        hs_free(outs);
        hs_w_free(&w);
        return HS_EXIT_USAGE;
    }
    hs_free(outs);
    printf("proved %zu %s (%s, %s) in %.3f s: %.0f perms/s, proof %zu bytes\n", n, hs_air_noun(def), hash, preset->name,
           elapsed, (double)n / elapsed, w.len);
    hs_w_free(&w);
    return HS_EXIT_OK;
}

static void verify_help(void) {
    printf("usage: hashsnark verify --proof PROOF [--inputs FILE --outputs FILE] [--min-bits B] [--threads T]\n"
           "\n"
           "Checks a proof written by 'hashsnark prove'. Prints 'accepted' and what was proven, exit\n"
           "status 0; or 'rejected: REASON', exit status 1, for any proof it does not accept\n"
           "(truncated, oversized, garbled, empty, altered, or a public table that differs in any\n"
           "value). Exit status 2 only for usage errors (an unknown option, a missing or malformed\n"
           "file, a public proof without its table).\n"
           "\n"
           "  --proof FILE     the proof\n"
           "  --inputs FILE    public statements: the inputs, one state per line ('hashsnark perm' form)\n"
           "  --outputs FILE   public statements: the outputs, one state per line\n"
           "  --min-bits B     reject a valid proof whose provable bits ('hashsnark params') are below B\n"
           "                   (default: the bits its preset declares, so a proof made with 'prove\n"
           "                   --insecure' is rejected unless B is lowered; accepted proofs below the\n"
           "                   declaration print a WARNING line)\n"
           "  --threads T      worker threads (default: HS_THREADS or every CPU)\n");
}

/* 'verify' of a ragged-regions proof: the tables hold every region's states, region after region;
 * committed (private) regions take none. */
static int verify_regions(const char *proof, const uint8_t *pb, size_t len, const char *inputs_s, const char *outputs_s,
                          unsigned threads) {
    hs_ragged_shape shape;
    const char *why = NULL;
    if (!hs_ragged_peek(pb, len, &shape, &why)) {
        printf("rejected: %s\n", why);
        return HS_EXIT_REJECT;
    }
    size_t rows_in = 0, rows_out = 0, total = 0;
    for (unsigned a = 0; a < shape.n_regions; a++) total += (size_t)1 << shape.widths[a];
    if (shape.private_io) {
        if (inputs_s || outputs_s) {
            printf("rejected: the proof is for a private statement (it proves no table)\n");
            return HS_EXIT_REJECT;
        }
        double t0 = hs_now();
        int ok = hs_ragged_verify(pb, len, NULL, NULL, NULL, 0, threads, &shape, NULL, &why);
        double t = hs_now() - t0;
        if (!ok) {
            printf("rejected: %s\n", why ? why : "invalid proof");
            return HS_EXIT_REJECT;
        }
        printf("accepted: %zu permutations of poseidon2-kb16 in %u regions (", total, shape.n_regions);
        for (unsigned a = 0; a < shape.n_regions; a++) printf("%s%u", a ? "," : "", shape.widths[a]);
        printf("; private statement, committed regions), gkr backend, %s variant, preset %s (verified in %.3f s)\n",
               hs_ragged_variant_name(shape.variant), shape.preset->name, t);
        return HS_EXIT_OK;
    }
    if (!inputs_s || !outputs_s) {
        hs_cli_error("verify", "%s proves a public statement: give its --inputs and --outputs", proof);
        return HS_EXIT_USAGE;
    }
    hs_kb *pin = hs_cli_read_states("verify", inputs_s, HS_RAGGED_LANES, "poseidon2-kb16", &rows_in);
    hs_kb *pout = pin ? hs_cli_read_states("verify", outputs_s, HS_RAGGED_LANES, "poseidon2-kb16", &rows_out) : NULL;
    if (!pin || !pout) {
        hs_free(pin), hs_free(pout);
        return HS_EXIT_USAGE;
    }
    int rc = HS_EXIT_REJECT;
    if (rows_in != total || rows_out != total) {
        printf("rejected: the proof's regions hold %zu permutations, the tables %zu inputs and %zu outputs\n", total,
               rows_in, rows_out);
    } else {
        const hs_kb *in_r[HS_RAGGED_MAX_REGIONS], *out_r[HS_RAGGED_MAX_REGIONS];
        size_t rows[HS_RAGGED_MAX_REGIONS];
        for (unsigned a = 0, at = 0; a < shape.n_regions; at += 1u << shape.widths[a], a++)
            in_r[a] = pin + (size_t)at * HS_RAGGED_LANES, out_r[a] = pout + (size_t)at * HS_RAGGED_LANES,
            rows[a] = (size_t)1 << shape.widths[a];
        double t0 = hs_now();
        int ok = hs_ragged_verify(pb, len, in_r, out_r, rows, shape.n_regions, threads, &shape, NULL, &why);
        double t = hs_now() - t0;
        if (!ok) {
            printf("rejected: %s\n", why ? why : "invalid proof");
        } else {
            printf("accepted: %zu permutations of poseidon2-kb16 in %u regions (", total, shape.n_regions);
            for (unsigned a = 0; a < shape.n_regions; a++) printf("%s%u", a ? "," : "", shape.widths[a]);
            printf("; public statement), gkr backend, %s variant, preset %s (verified in %.3f s)\n",
                   hs_ragged_variant_name(shape.variant), shape.preset->name, t);
            rc = HS_EXIT_OK;
        }
    }
    hs_free(pin), hs_free(pout);
    return rc;
}

int hs_cmd_verify(int argc, char **argv) {
    const char *proof = NULL, *threads_s = NULL, *inputs_s = NULL, *outputs_s = NULL, *min_bits_s = NULL;
    double min_bits = 0;
    hs_opt opts[] = {{"proof", 1, &proof, NULL},
                     {"min-bits", 1, &min_bits_s, NULL},
                     {"threads", 1, &threads_s, NULL},
                     {"inputs", 1, &inputs_s, NULL},
                     {"outputs", 1, &outputs_s, NULL}};
    int r = hs_cli_parse("verify", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return verify_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    if (!proof) {
        hs_cli_error("verify", "--proof is required (see 'hashsnark verify --help')");
        return HS_EXIT_USAGE;
    }
    unsigned long threads = 1, mb = 0;
    if (threads_s && !hs_cli_uint("verify", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    if (min_bits_s && !hs_cli_uint("verify", "min-bits", min_bits_s, 0, 512, &mb)) return HS_EXIT_USAGE;
    min_bits = (double)mb;
    hs_sbuf buf = {0};
    char err[512];
    int rd = hs_read_all(proof, &buf, HS_MAX_PROOF_BYTES, err, sizeof err);
    if (rd < 0) { /* /dev/zero, an endless FIFO, a huge file: bounded, then refused */
        printf("rejected: oversized proof (more than %u bytes)\n", HS_MAX_PROOF_BYTES);
        hs_sbuf_free(&buf);
        return HS_EXIT_REJECT;
    }
    if (!rd) {
        hs_cli_error("verify", "%s", err);
        hs_sbuf_free(&buf);
        return HS_EXIT_USAGE;
    }
    hs_stark_shape shape;
    hs_gkr_shape gshape;
    const char *why = NULL;
    uint32_t *pin = NULL, *pout = NULL;
    size_t rows_in = 0, rows_out = 0;
    unsigned width = 0;
    /* the backend byte (docs/PROOF_FORMAT.md, offset 12) picks the parser; anything else is the stark
       parser's to reject */
    const uint8_t *pb = (const uint8_t *)buf.data;
    int gkr = buf.len > 12 && !memcmp(pb, "HSNKPRF1", 8) && pb[12] == 2;
    if (gkr && buf.len > 15 && pb[15] == 2) { /* statement byte 2: ragged regions */
        int rc = verify_regions(proof, pb, buf.len, inputs_s, outputs_s, (unsigned)threads);
        hs_sbuf_free(&buf);
        return rc;
    }
    int peeked = gkr ? hs_gkr_peek(pb, buf.len, &gshape, &why) : hs_stark_peek(pb, buf.len, &shape, &why);
    if (gkr && peeked) shape.public_io = gshape.public_io, shape.air_id = 1;
    if (peeked) {
        if (shape.public_io && (!inputs_s || !outputs_s)) {
            hs_cli_error("verify", "%s proves a public statement: give its --inputs and --outputs", proof);
            hs_sbuf_free(&buf);
            return HS_EXIT_USAGE;
        }
        if (!shape.public_io && (inputs_s || outputs_s)) {
            printf("rejected: the proof is for a private statement (it proves no table)\n");
            hs_sbuf_free(&buf);
            return HS_EXIT_REJECT;
        }
        hs_air air;
        const hs_gkr_perm *gp = gkr ? hs_gkr_perm_get(gshape.perm_id) : NULL;
        if (gp) gkr_lines(&air, gp);
        if (gp) width = gp->width;
        if (shape.public_io && (gp || hs_stark_air(&shape, &air))) {
            /* the tables hold exactly the proof's N lines; reading stops at line N + 1 */
            const size_t N = (size_t)1 << (gkr ? gshape.log_perms : shape.log_perms);
            pin = hs_cli_read_lines("verify", inputs_s, &air, 0, N, &rows_in);
            pout = pin ? hs_cli_read_lines("verify", outputs_s, &air, 1, N, &rows_out) : NULL;
            if (!pin || !pout) {
                hs_free(pin), hs_free(pout);
                hs_sbuf_free(&buf);
                return HS_EXIT_USAGE;
            }
            const char *bad = rows_in != N ? inputs_s : rows_out != N ? outputs_s : NULL;
            const size_t have = rows_in != N ? rows_in : rows_out;
            if (bad && have == 0) {
                hs_cli_error("verify", "%s: an empty table (no states)", bad);
                hs_free(pin), hs_free(pout);
                hs_sbuf_free(&buf);
                return HS_EXIT_USAGE;
            }
            if (bad) {
                printf("rejected: %s holds %s%zu states; the proof's statement has %zu\n", bad, have > N ? "more than " : "",
                       have > N ? N : have, N);
                hs_free(pin), hs_free(pout);
                hs_sbuf_free(&buf);
                return HS_EXIT_REJECT;
            }
            if (gkr) /* the gkr verifier reads Montgomery-form states */
                for (size_t i = 0; i < rows_in * air.in_words; i++)
                    pin[i] = hs_kb_from_u32(pin[i]), pout[i] = hs_kb_from_u32(pout[i]);
        }
    }
    double t0 = hs_now();
    int ok = gkr ? hs_gkr_verify(pb, buf.len, pin, pout, rows_in, width, (unsigned)threads, &gshape, &why)
                 : hs_stark_verify(pb, buf.len, pin, pout, rows_in, (unsigned)threads, &shape, &why);
    double t = hs_now() - t0;
    hs_free(pin), hs_free(pout);
    hs_sbuf_free(&buf);
    if (!ok) {
        printf("rejected: %s\n", why ? why : "invalid proof");
        return HS_EXIT_REJECT;
    }
    hs_sound_report rep;
    const hs_preset *pr = gkr ? gshape.preset : shape.preset;
    int known = gkr ? hs_soundness_gkr(gshape.preset, gshape.perm_id, gshape.log_perms, gshape.public_io, &rep)
                    : hs_soundness_stark(shape.preset, shape.air_id, shape.log_perms, shape.fri.log_blowup, shape.public_io, &rep);
    if (!known) rep.claimed_bits = 0, rep.regime = HS_REGIME_UDR;
    /* the proof holds; whether it is strong enough is the caller's bound (default: the preset's
     * declaration, so a proof made with --insecure is not accepted by accident) */
    const double need = min_bits_s ? min_bits : pr->claim_bits;
    if (rep.claimed_bits < need) {
        printf("rejected: the proof holds but gives %.1f provable bits (%s), below the %.1f required (preset %s "
               "declares %.0f; --min-bits lowers the requirement)\n",
               rep.claimed_bits, hs_regime_name(rep.regime), need, pr->name, pr->claim_bits);
        return HS_EXIT_REJECT;
    }
    if (gkr)
        printf("accepted: %zu permutations of %s (%s statement), gkr backend, preset %s, %.1f provable "
               "bits (%s), WHIR rate 1/%u (verified in %.3f s)\n",
               (size_t)1 << gshape.log_perms, hs_gkr_perm_get(gshape.perm_id)->name, gshape.public_io ? "public" : "private", gshape.preset->name,
               rep.claimed_bits, hs_regime_name(rep.regime), 1u << gshape.whir.log_inv_rate, t);
    else
        printf("accepted: %zu %s of %s (%s statement), preset %s, %.1f provable bits (%s), rate 1/%u, %u "
               "queries (verified in %.3f s)\n",
               (size_t)1 << shape.log_perms, hs_air_noun(hs_air_by_id(shape.air_id)), hs_stark_air_name(shape.air_id), shape.public_io ? "public" : "private",
               shape.preset->name, rep.claimed_bits, hs_regime_name(rep.regime), 1u << shape.fri.log_blowup,
               shape.fri.num_queries, t);
    if (rep.claimed_bits < pr->claim_bits)
        printf("WARNING: below the preset's declared %.0f bits (preset %s)\n", pr->claim_bits, pr->name);
    return HS_EXIT_OK;
}
