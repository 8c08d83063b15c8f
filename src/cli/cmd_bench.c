/* hashsnark bench: benchmark tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/native.h"
#include "bench/ragged_compare.h"
#include "bench/sweep.h"
#include "gkr/gkr.h"
#include "cli/cli.h"
#include "hash/registry.h"
#include "hashsnark.h"
#include "util/cpu.h"

static void help(void) {
    printf("usage: hashsnark bench --hash H[,H2,...] --log-perms A..B [--backend stark|gkr] [--preset P]\n"
           "                       [--log-blowup B] [--samples K] [--threads T] [--timeout S]\n"
           "                       [--format md|md-ticks|csv|json] [--plot FILE.png|FILE.svg]\n"
           "       hashsnark bench --native [--hash NAME|all] [--threads T] [--format md|csv|json]\n"
           "                       [--seconds S]\n"
           "       hashsnark bench --backend gkr --regions W1,W2,... --compare [--private] [--preset P] [--samples K]\n"
           "                       [--threads T] [--timeout S] [--format md|csv]\n"
           "\n"
           "--log-perms A..B (or N) measures the proving table of the bench-hash-in-snark benchmark\n"
           "over the sizes 2^A..2^B: for each size a fresh child process proves K times (random private\n"
           "statements, as 'hashsnark prove' draws them; the timer covers the prover only) and verifies\n"
           "the last proof; the parent takes the child's peak resident set from wait4. Markdown prints\n"
           "that benchmark's columns hash | perm | time | throughput | proof_size | peak_mem in its\n"
           "units (KB/MB/GB: powers of 1024; K/s, M/s: powers of 1000), then setup (shape-only work\n"
           "before proving: constants, twiddles, AIR or layer tables), verify (one verification) and\n"
           "bits (provable soundness at that size and rate, as 'hashsnark params' computes it; shapes\n"
           "below the preset's declared bits are measured all the same). md-ticks quotes every cell in\n"
           "backticks as the published tables do. time is the median of the K proofs (CSV/JSON also\n"
           "give the best and the mean); throughput = evaluations / time; a multi-thread row whose\n"
           "proofs spread by more than 25%% is marked '*' (another process took a core). Several\n"
           "hashes (--hash a,b) are all checked first, then swept in turn into one table. A size whose\n"
           "child dies (out of memory, a signal, --timeout) prints '-' in every column and the sweep\n"
           "goes on. Progress goes to standard error.\n"
           "CSV (raw numbers: seconds, bytes, evaluations/s; one row per size) header:\n"
           "  hash,backend,preset,log_blowup,threads,log_perms,perms,prove_s,perms_per_s,proof_bytes,\n"
           "  peak_rss_bytes,verify_s,bits,prove_best_s,prove_mean_s,samples,queries,status,cpu,commit,\n"
           "  setup_s\n"
           "\n"
           "  --hash H[,H2..]  stark backend: %s (default poseidon2-kb16);\n"
           "                   gkr backend: %s\n"
           "  --log-perms A..B sizes 2^A..2^B, 0 <= A <= B <= 24\n"
           "  --backend NAME   stark (default) or gkr (WHIR rate from the preset)\n"
           "  --preset P       compat (default), fast100 or proven128 (see 'hashsnark prove --help')\n"
           "  --log-blowup B   rate 2^-B instead of the preset's (1..4)\n"
           "  --samples K      proofs per size, 1..1000 (default 10, as the published benchmark)\n"
           "  --timeout S      seconds allowed to each size's child (inputs, K proofs, verification);\n"
           "                   default none\n"
           "  --plot FILE      also draw throughput (log scale) and proof size against the number of\n"
           "                   evaluations into FILE.png or FILE.svg (gnuplot, else python3-matplotlib;\n"
           "                   HS_PLOT=gnuplot|matplotlib picks one), with Plonky3's rows of the\n"
           "                   bench-hash-in-snark benchmark (i9-13900K, 4 threads) as labelled\n"
           "                   reference points for poseidon2-kb16 at rates 1/2 and 1/4; exit 1 when\n"
           "                   the picture is not written\n"
           "\n"
           "--regions W1,W2,... --compare (gkr backend; the FROST-GKR ragged-regions comparison):\n"
           "regions of 2^Wa Poseidon2-KB16 permutations each (4 <= Wa <= 20, 1..32 regions) proven\n"
           "three ways, each in a fresh child process (K proofs and K verifications, medians; peak\n"
           "resident set from wait4): independent walks per region, one walk after padding every region\n"
           "to the widest, and one ragged walk (selectors, work proportional to the sum of the\n"
           "regions). --private compares committed regions (private statements: one stacked WHIR\n"
           "commitment of every region's inputs and outputs, verified without tables). CSV header\n"
           "  variant,physical_rows,prove_s,verify_s,proof_bytes,peak_rss_bytes\n"
           "(--samples defaults to 3 here).\n"
           "\n", hs_cli_stark_names(), hs_cli_gkr_names());
    printf("--native measures on this machine, without proving:\n"
           "  --hash PERMUTATION (a name from 'hashsnark --help'): permutations per second with the\n"
           "    batch API (states in SIMD lanes, threaded) and with the scalar single-state API, for 1\n"
           "    thread and for T threads; markdown and JSON also show the naive reference (uint64\n"
           "    arithmetic reduced with %% p after every operation) for Poseidon2 on KoalaBear/BabyBear\n"
           "    and Poseidon1 on KoalaBear.\n"
           "    CSV header: hash,api,threads,perms_per_s (api is batch or scalar).\n"
           "  --hash HASH (a name from 'hashsnark hash --help' that is not also a permutation's name;\n"
           "    for rpo256, poseidon2-kb16 and the others that are both, --hash all) or all:\n"
           "    miden-crypto's benchmark table: scenario 1, 2-to-1 hashing of two digests; scenario 2,\n"
           "    sequential hashing of 100 field elements (400 bytes for byte hashes), 1 thread; plus\n"
           "    batch permutations per second of the permutation underneath for 1 and T threads.\n"
           "    CSV header: hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt.\n"
           "Each figure is the fastest of repeated rounds of at least 1 ms (machines are shared).\n"
           "Progress goes to standard error.\n"
           "\n"
           "  --native         native throughput (no proving)\n"
           "  --hash NAME      a permutation, a hash, or 'all' (default poseidon2-kb16)\n"
           "  --seconds S      minimum measuring time per row, 0.05..60 (default 1)\n"
           "\n"
           "Both modes:\n"
           "  --threads T      threads (the prover's; native: the multi-thread rows); default\n"
           "                   HS_THREADS or every CPU\n"
           "  --format F       md (default), csv or json\n");
}

static void human_ns(char *buf, size_t n, double ns) {
    if (ns < 1000) snprintf(buf, n, "%.0f ns", ns);
    else if (ns < 1e6) snprintf(buf, n, "%.2g µs", ns / 1e3);
    else snprintf(buf, n, "%.3g ms", ns / 1e6);
    if (ns >= 1000 && ns < 1e6 && ns / 1e3 >= 10) snprintf(buf, n, "%.0f µs", ns / 1e3);
}

static int bench_hashes(const char *which, unsigned threads, double seconds, int csv, int json) {
    hs_hash_row rows[64];
    size_t n = 0;
    for (size_t i = 0; i < hs_hash_table_len && n < 64; i++) {
        const hs_hash_info *h = &hs_hash_table[i];
        if (strcmp(which, "all") && strcmp(which, h->name)) continue;
        fprintf(stderr, "bench: %s (%u of %zu)...\n", h->name, (unsigned)(n + 1),
                strcmp(which, "all") ? (size_t)1 : hs_hash_table_len);
        hs_bench_native_hash(h, threads, seconds, &rows[n++]);
    }
    if (csv) {
        printf("hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt\n");
        for (size_t i = 0; i < n; i++)
            printf("%s,%.1f,%.1f,%s,%u,%.0f,%.0f\n", rows[i].hash->name, rows[i].merge_ns, rows[i].seq_ns,
                   rows[i].hash->perm ? rows[i].hash->perm : "", rows[i].threads, rows[i].perms_1t, rows[i].perms_nt);
    } else if (json) {
        printf("{\n  \"cpu\": \"%s\",\n  \"avx2\": %s,\n  \"results\": [\n", hs_cpu_model(),
               hs_cpu_has_avx2() ? "true" : "false");
        for (size_t i = 0; i < n; i++)
            printf("    {\"hash\": \"%s\", \"merge_ns\": %.1f, \"seq100_ns\": %.1f, \"perm\": %s%s%s, "
                   "\"threads\": %u, \"perms_per_s_1t\": %.0f, \"perms_per_s_nt\": %.0f}%s\n",
                   rows[i].hash->name, rows[i].merge_ns, rows[i].seq_ns, rows[i].hash->perm ? "\"" : "",
                   rows[i].hash->perm ? rows[i].hash->perm : "null", rows[i].hash->perm ? "\"" : "", rows[i].threads,
                   rows[i].perms_1t, rows[i].perms_nt, i + 1 < n ? "," : "");
        printf("  ]\n}\n");
    } else {
        printf("Hash functions on %s (%s), 1 thread unless noted\n\n", hs_cpu_model(),
               hs_cpu_has_avx2() ? "AVX2" : "portable code");
        printf("| Function | 2-to-1 h(a,b) | 100 elements (400 B) | permutation | perms/s, 1 thread | perms/s, %u threads |\n",
               threads);
        printf("|---|---:|---:|---|---:|---:|\n");
        for (size_t i = 0; i < n; i++) {
            char a[32], b[32];
            human_ns(a, sizeof a, rows[i].merge_ns);
            human_ns(b, sizeof b, rows[i].seq_ns);
            if (rows[i].hash->perm)
                printf("| %s | %s | %s | %s | %.3gM | %.3gM |\n", rows[i].hash->name, a, b, rows[i].hash->perm,
                       rows[i].perms_1t / 1e6, rows[i].perms_nt / 1e6);
            else
                printf("| %s | %s | %s | - | - | - |\n", rows[i].hash->name, a, b);
        }
    }
    return HS_EXIT_OK;
}

/* Threads from --threads, else HS_THREADS, else every CPU; 0 after printing why. */
static unsigned bench_threads(const char *threads_s) {
    hs_ctx *ctx;
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("bench", "threads", threads_s, 1, 1024, &threads)) return 0;
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error("bench", "bad HS_THREADS value");
        return 0;
    }
    unsigned t = hs_ctx_threads(ctx);
    hs_ctx_free(ctx);
    return t;
}

typedef struct {
    const char *hash, *logp, *backend, *preset, *blowup, *samples, *timeout, *plot, *threads;
    int fmt; /* 0 md, 1 csv, 2 json */
} sweep_opts;

/* bench --log-perms A..B for one hash: parse, validate everything (before minutes of proving);
 * run unless dry (the first pass validates every hash of a list before any is run), print. */
static int bench_sweep_one(const sweep_opts *o, const char *hash, int dry, int first) {
    hs_sweep_config c;
    memset(&c, 0, sizeof c);
    c.hash = hash;
    c.md_ticks = o->fmt == 3;
    const char *backend = o->backend ? o->backend : "stark", *preset = o->preset ? o->preset : "compat";
    if (!hs_sweep_backend_find(backend, &c.backend)) {
        hs_cli_error("bench", "--backend must be stark or gkr, not '%s'", backend);
        return HS_EXIT_USAGE;
    }
    const char *why = NULL;
    if (!hs_sweep_backend_ready(c.backend, &why)) {
        hs_cli_error("bench", "--backend %s: %s", backend, why);
        return HS_EXIT_USAGE;
    }
    const hs_air_def *def = hs_air_find(hash);
    const hs_gkr_perm *gp = hs_gkr_perm_find(hash);
    c.hash_id = c.backend == HS_SWEEP_GKR ? (gp ? gp->id : 0) : (def ? def->id : 0);
    if (!c.hash_id) {
        hs_cli_error("bench", "--hash: the %s backend does not prove '%s'", backend, hash);
        return HS_EXIT_USAGE;
    }
    if (!hs_sweep_parse_range(o->logp, 0, 24, &c.log_lo, &c.log_hi)) {
        hs_cli_error("bench", "--log-perms: '%s' is not a range A..B (or N) with 0 <= A <= B <= 24", o->logp);
        return HS_EXIT_USAGE;
    }
    c.preset = hs_preset_find(preset);
    if (!c.preset) {
        hs_cli_error("bench", "unknown preset '%s' (compat, fast100, proven128)", preset);
        return HS_EXIT_USAGE;
    }
    unsigned long blow = 0, samples = 10;
    if (o->blowup && !hs_cli_uint("bench", "log-blowup", o->blowup, 1, 4, &blow)) return HS_EXIT_USAGE;
    if (o->samples && !hs_cli_uint("bench", "samples", o->samples, 1, 1000, &samples)) return HS_EXIT_USAGE;
    if (c.backend == HS_SWEEP_GKR) {
        if (o->blowup) {
            hs_cli_error("bench", "--log-blowup applies to the stark backend (the gkr backend's WHIR rate is the preset's)");
            return HS_EXIT_USAGE;
        }
        hs_whir_config wc;
        hs_gkr_whir_config(c.preset, &wc);
        c.log_blowup = wc.log_inv_rate;
        c.num_queries = 0; /* WHIR's queries differ per round: 'hashsnark params' lists them */
    } else {
        hs_fri_params fri = hs_preset_fri(c.preset, (unsigned)blow);
        c.log_blowup = fri.log_blowup;
        c.num_queries = fri.num_queries;
    }
    c.samples = (unsigned)samples;
    if (o->timeout) {
        char *end;
        c.timeout_s = strtod(o->timeout, &end);
        if (*end || !(c.timeout_s > 0 && c.timeout_s <= 1e6)) {
            hs_cli_error("bench", "--timeout: '%s' is not a number of seconds in (0, 1e6]", o->timeout);
            return HS_EXIT_USAGE;
        }
    }
    if (!(c.threads = bench_threads(o->threads))) return HS_EXIT_USAGE;
    if (o->plot && !hs_sweep_plot_ext_ok(o->plot)) {
        hs_cli_error("bench", "--plot: '%s' must end in .png or .svg", o->plot);
        return HS_EXIT_USAGE;
    }
    if (o->plot) {
        const char *hint;
        if (!hs_sweep_plot_tool(&hint)) {
            hs_cli_error("bench", "--plot: %s", hint);
            return HS_EXIT_USAGE;
        }
    }
    if (dry) return HS_EXIT_OK;
    size_t n = c.log_hi - c.log_lo + 1;
    hs_sweep_row rows[25];
    hs_sweep_run(&c, rows);
    if (o->fmt == 1) hs_sweep_write_csv(stdout, &c, rows, n, first);
    else if (o->fmt == 2) hs_sweep_write_json(stdout, &c, rows, n);
    else hs_sweep_write_md(stdout, &c, rows, n, first);
    fflush(stdout);
    if (o->plot) {
        char err[256];
        if (!hs_sweep_plot(o->plot, &c, rows, n, err, sizeof err)) {
            hs_cli_error("bench", "--plot: %s", err);
            return HS_EXIT_REJECT;
        }
        fprintf(stderr, "bench: plot written to %s\n", o->plot);
    }
    return HS_EXIT_OK;
}

/* bench --log-perms A..B --hash H1,H2,..: every hash validated first, then swept in turn; one
 * markdown table or CSV for all (JSON: one document per hash). A plot takes one hash. */
static int bench_sweep(const sweep_opts *o) {
    char list[512];
    if (strlen(o->hash) >= sizeof list) return hs_cli_error("bench", "--hash: list too long"), HS_EXIT_USAGE;
    strcpy(list, o->hash);
    const char *names[16];
    size_t k = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (k == 16) return hs_cli_error("bench", "--hash: at most 16 hashes"), HS_EXIT_USAGE;
        names[k++] = tok;
    }
    if (!k) return hs_cli_error("bench", "--hash: no hash named"), HS_EXIT_USAGE;
    if (k > 1 && o->plot) return hs_cli_error("bench", "--plot draws one hash: give one --hash"), HS_EXIT_USAGE;
    for (size_t i = 0; i < k; i++) {
        int rc = bench_sweep_one(o, names[i], 1, 0);
        if (rc != HS_EXIT_OK) return rc;
    }
    for (size_t i = 0; i < k; i++) {
        int rc = bench_sweep_one(o, names[i], 0, i == 0);
        if (rc != HS_EXIT_OK) return rc;
    }
    return HS_EXIT_OK;
}

/* bench --backend gkr --regions W1,.. --compare: the FROST-GKR post's three ways (src/bench/ragged_compare.h). */
static int bench_regions(const char *regions, int compare, int priv, int other_mode, const sweep_opts *o,
                         const char *threads_s, int csv, int json) {
    if (!regions || !compare) {
        hs_cli_error("bench", "--regions and --compare go together (the ragged-regions comparison)");
        return HS_EXIT_USAGE;
    }
    if (other_mode) {
        hs_cli_error("bench", "--regions --compare excludes --native, --log-perms, --log-blowup, --plot and --seconds");
        return HS_EXIT_USAGE;
    }
    if (!o->backend || strcmp(o->backend, "gkr")) {
        hs_cli_error("bench", "--regions needs --backend gkr");
        return HS_EXIT_USAGE;
    }
    if (json) {
        hs_cli_error("bench", "--regions --compare prints md or csv");
        return HS_EXIT_USAGE;
    }
    hs_ragged_bench_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (!hs_ragged_parse_widths(regions, cfg.widths, &cfg.n_regions)) {
        hs_cli_error("bench", "--regions: '%s' is not a list of 1..32 widths, each 4..20 (e.g. 14,15,17)", regions);
        return HS_EXIT_USAGE;
    }
    cfg.preset = hs_preset_find(o->preset ? o->preset : "compat");
    if (!cfg.preset) {
        hs_cli_error("bench", "unknown preset '%s' (compat, fast100, proven128)", o->preset);
        return HS_EXIT_USAGE;
    }
    unsigned long samples = 3;
    if (o->samples && !hs_cli_uint("bench", "samples", o->samples, 1, 1000, &samples)) return HS_EXIT_USAGE;
    cfg.samples = (unsigned)samples;
    if (o->timeout) {
        char *end;
        cfg.timeout_s = strtod(o->timeout, &end);
        if (*end || !(cfg.timeout_s > 0 && cfg.timeout_s <= 1e6)) {
            hs_cli_error("bench", "--timeout: '%s' is not a number of seconds in (0, 1e6]", o->timeout);
            return HS_EXIT_USAGE;
        }
    }
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("bench", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    if (!threads) {
        const char *e = getenv("HS_THREADS");
        threads = e && *e ? strtoul(e, NULL, 10) : hs_cpu_count();
        if (!threads) threads = 1;
    }
    cfg.threads = (unsigned)threads;
    cfg.seed = 1;
    cfg.private_io = priv;
    return hs_ragged_compare(&cfg, csv, stdout);
}

int hs_cmd_bench(int argc, char **argv) {
    const char *hash = "poseidon2-kb16", *threads_s = NULL, *format = "md", *seconds_s = NULL;
    sweep_opts so = {0};
    int native = 0, compare = 0, priv = 0;
    const char *regions = NULL;
    hs_opt opts[] = {{"native", 0, NULL, &native},        {"hash", 1, &hash, NULL},
                     {"threads", 1, &threads_s, NULL},     {"format", 1, &format, NULL},
                     {"seconds", 1, &seconds_s, NULL},     {"log-perms", 1, &so.logp, NULL},
                     {"backend", 1, &so.backend, NULL},    {"preset", 1, &so.preset, NULL},
                     {"log-blowup", 1, &so.blowup, NULL},  {"samples", 1, &so.samples, NULL},
                     {"timeout", 1, &so.timeout, NULL},    {"plot", 1, &so.plot, NULL},
                     {"regions", 1, &regions, NULL},       {"compare", 0, NULL, &compare},
                     {"private", 0, NULL, &priv}};
    int r = hs_cli_parse("bench", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    int fmt_md = !strcmp(format, "md"), fmt_csv = !strcmp(format, "csv"), fmt_json = !strcmp(format, "json");
    int fmt_ticks = !strcmp(format, "md-ticks");
    if (!fmt_md && !fmt_csv && !fmt_json && !(fmt_ticks && so.logp)) {
        hs_cli_error("bench", "--format must be md, csv or json (md-ticks for --log-perms), not '%s'", format);
        return HS_EXIT_USAGE;
    }
    if (regions || compare || priv)
        return bench_regions(regions, compare, priv, native || so.logp || so.blowup || so.plot || seconds_s, &so, threads_s,
                             fmt_csv, fmt_json);
    if (native && so.logp) {
        hs_cli_error("bench", "--native and --log-perms are two different modes: give one");
        return HS_EXIT_USAGE;
    }
    if (so.logp) {
        if (seconds_s) {
            hs_cli_error("bench", "--seconds applies to --native only");
            return HS_EXIT_USAGE;
        }
        so.hash = hash, so.threads = threads_s, so.fmt = fmt_csv ? 1 : fmt_json ? 2 : fmt_ticks ? 3 : 0;
        return bench_sweep(&so);
    }
    if (!native) {
        hs_cli_error("bench", "give --log-perms A..B (proving sweep) or --native (see 'hashsnark bench --help')");
        return HS_EXIT_USAGE;
    }
    for (size_t i = 6; i < sizeof opts / sizeof *opts; i++)
        if (opts[i].value && *opts[i].value) {
            hs_cli_error("bench", "--%s applies to the --log-perms sweep only", opts[i].name);
            return HS_EXIT_USAGE;
        }
    double seconds = 1.0;
    if (seconds_s) {
        char *end;
        seconds = strtod(seconds_s, &end);
        if (*end || !(seconds >= 0.05 && seconds <= 60)) {
            hs_cli_error("bench", "--seconds: '%s' is not a number in [0.05, 60]", seconds_s);
            return HS_EXIT_USAGE;
        }
    }
    unsigned long threads = bench_threads(threads_s);
    if (!threads) return HS_EXIT_USAGE;

    const hs_perm *list[64];
    size_t nlist = 0;
    if (hs_perm_find(&list[0], hash) == HS_OK) {
        nlist = 1;
    } else if (!strcmp(hash, "all") || hs_hash_lookup(hash)) {
        return bench_hashes(hash, (unsigned)threads, seconds, fmt_csv, fmt_json);
    } else {
        hs_cli_error("bench", "unknown hash '%s' (see 'hashsnark --help' and 'hashsnark hash --help')", hash);
        return HS_EXIT_USAGE;
    }

    hs_native_row rows[64 * 4];
    double naive[64];
    size_t nrows = 0;
    for (size_t i = 0; i < nlist; i++) {
        fprintf(stderr, "bench: %s (%u thread%s)...\n", hs_perm_name(list[i]), (unsigned)threads,
                threads > 1 ? "s" : "");
        nrows += hs_bench_native_perm(list[i], (unsigned)threads, seconds, rows + nrows);
        naive[i] = fmt_csv ? 0 : hs_bench_native_naive(list[i], seconds / 2);
    }

    if (fmt_csv) {
        printf("hash,api,threads,perms_per_s\n");
        for (size_t i = 0; i < nrows; i++)
            printf("%s,%s,%u,%.0f\n", hs_perm_name(rows[i].perm), rows[i].api, rows[i].threads, rows[i].perms_per_s);
    } else if (fmt_json) {
        printf("{\n  \"cpu\": \"%s\",\n  \"avx2\": %s,\n  \"results\": [\n", hs_cpu_model(),
               hs_cpu_has_avx2() ? "true" : "false");
        for (size_t i = 0; i < nrows; i++)
            printf("    {\"hash\": \"%s\", \"api\": \"%s\", \"threads\": %u, \"perms_per_s\": %.0f}%s\n",
                   hs_perm_name(rows[i].perm), rows[i].api, rows[i].threads, rows[i].perms_per_s,
                   i + 1 < nrows ? "," : "");
        printf("  ],\n  \"naive_reference\": [");
        int first = 1;
        for (size_t i = 0; i < nlist; i++)
            if (naive[i] > 0) {
                printf("%s{\"hash\": \"%s\", \"threads\": 1, \"perms_per_s\": %.0f}", first ? "" : ", ",
                       hs_perm_name(list[i]), naive[i]);
                first = 0;
            }
        printf("]\n}\n");
    } else {
        printf("Native permutation throughput on %s (%s)\n\n", hs_cpu_model(),
               hs_cpu_has_avx2() ? "AVX2" : "portable code");
        printf("| hash | api | threads | perms/s | ns/perm (per thread) |\n|---|---|---:|---:|---:|\n");
        for (size_t i = 0; i < nrows; i++)
            printf("| %s | %s | %u | %.3gM | %.1f |\n", hs_perm_name(rows[i].perm), rows[i].api, rows[i].threads,
                   rows[i].perms_per_s / 1e6, 1e9 * rows[i].threads / rows[i].perms_per_s);
        for (size_t i = 0; i < nlist; i++)
            if (naive[i] > 0) {
                double batch1 = 0;
                for (size_t k = 0; k < nrows; k++)
                    if (rows[k].perm == list[i] && rows[k].threads == 1 && !strcmp(rows[k].api, "batch"))
                        batch1 = rows[k].perms_per_s;
                printf("\n%s naive reference (%% p after every operation, 1 thread): %.3gK perms/s; "
                       "batch API is %.1fx faster\n",
                       hs_perm_name(list[i]), naive[i] / 1e3, batch1 / naive[i]);
            }
    }
    return HS_EXIT_OK;
}
