/* hashsnark bench: benchmark tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/native.h"
#include "cli/cli.h"
#include "hash/registry.h"
#include "hashsnark.h"
#include "util/cpu.h"

static void help(void) {
    printf("usage: hashsnark bench --native [--hash NAME|all] [--threads T] [--format md|csv|json]\n"
           "                       [--seconds S]\n"
           "\n"
           "--native measures on this machine, without proving:\n"
           "  --hash PERMUTATION (a name from 'hashsnark --help'): permutations per second with the\n"
           "    batch API (states in SIMD lanes, threaded) and with the scalar single-state API, for 1\n"
           "    thread and for T threads; markdown and JSON also show the naive reference (uint64\n"
           "    arithmetic reduced with %% p after every operation) for Poseidon2 on KoalaBear/BabyBear.\n"
           "    CSV header: hash,api,threads,perms_per_s (api is batch or scalar).\n"
           "  --hash HASH (a name from 'hashsnark hash --help' that is not a permutation) or all:\n"
           "    miden-crypto's table (seed 003): scenario 1, 2-to-1 hashing of two digests; scenario 2,\n"
           "    sequential hashing of 100 field elements (400 bytes for byte hashes), 1 thread; plus\n"
           "    batch permutations per second of the permutation underneath for 1 and T threads.\n"
           "    CSV header: hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt.\n"
           "Each figure is the fastest of repeated rounds of at least 1 ms (machines are shared).\n"
           "Progress goes to standard error.\n"
           "\n"
           "  --native         native throughput (the only mode so far)\n"
           "  --hash NAME      a permutation, a hash, or 'all' (default poseidon2-kb16)\n"
           "  --threads T      threads for the multi-thread rows (default: HS_THREADS or every CPU)\n"
           "  --format F       md (default), csv (header hash,api,threads,perms_per_s) or json\n"
           "  --seconds S      minimum measuring time per row, 0.05..60 (default 1)\n");
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

int hs_cmd_bench(int argc, char **argv) {
    const char *hash = "poseidon2-kb16", *threads_s = NULL, *format = "md", *seconds_s = NULL;
    int native = 0;
    hs_opt opts[] = {{"native", 0, NULL, &native},    {"hash", 1, &hash, NULL},
                     {"threads", 1, &threads_s, NULL}, {"format", 1, &format, NULL},
                     {"seconds", 1, &seconds_s, NULL}};
    int r = hs_cli_parse("bench", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    if (!native) {
        hs_cli_error("bench", "only --native is available in this version (see 'hashsnark bench --help')");
        return HS_EXIT_USAGE;
    }
    int fmt_md = !strcmp(format, "md"), fmt_csv = !strcmp(format, "csv"), fmt_json = !strcmp(format, "json");
    if (!fmt_md && !fmt_csv && !fmt_json) {
        hs_cli_error("bench", "--format must be md, csv or json, not '%s'", format);
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
    hs_ctx *ctx;
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("bench", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error("bench", "bad HS_THREADS value");
        return HS_EXIT_USAGE;
    }
    threads = hs_ctx_threads(ctx);
    hs_ctx_free(ctx);

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
