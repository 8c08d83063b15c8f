/* src/bench/bench.h: the bench command's entry points, from public arguments to the internals
 * that measure. */
#include "bench/bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/native.h"
#include "bench/ragged_compare.h"
#include "bench/sweep.h"
#include "gkr/gkr.h"
#include "hash/registry.h"
#include "statement/p2bstmt.h"
#include "util/cpu.h"

#include "hs_git.h" /* generated at every build (cmake/git_describe.cmake) */
#include "app/progress.h"

const char *hs_bench_commit(void) { return HS_GIT_DESCRIBE; }

static void meta_strings(const char **commit, char *date, size_t n) {
    *commit = *HS_GIT_DESCRIBE ? HS_GIT_DESCRIBE : "unknown";
    time_t now = time(NULL);
    struct tm tmv;
    if (!gmtime_r(&now, &tmv) || !strftime(date, n, "%Y-%m-%d", &tmv)) snprintf(date, n, "?");
}

void hs_bench_meta_json(FILE *f) {
    const char *commit;
    char date[32];
    meta_strings(&commit, date, sizeof date);
    fprintf(f, "\"version\": \"%s\", \"commit\": \"", HS_VERSION_STRING);
    for (const char *c = commit; *c; c++) /* git describe: no quote or backslash, but be safe */
        if (*c != '"' && *c != '\\') fputc(*c, f);
    fprintf(f, "\", \"date\": \"%s\", \"cpu\": \"", date);
    for (const char *c = hs_cpu_model(); *c; c++)
        if (*c != '"' && *c != '\\' && (unsigned char)*c >= 0x20) fputc(*c, f);
    fputc('"', f);
}

void hs_bench_meta_csv(FILE *f) {
    const char *commit;
    char date[32];
    meta_strings(&commit, date, sizeof date);
    fprintf(f, "%s,%s,%s,\"", HS_VERSION_STRING, commit, date);
    for (const char *c = hs_cpu_model(); *c; c++) {
        if (*c == '"') fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

double hs_bench_cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double hs_bench_cpu_share(double cpu_s, double wall_s, unsigned threads) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned t = threads ? threads : 1;
    if (online > 0 && t > (unsigned long)online) t = (unsigned)online;
    return wall_s > 0 ? cpu_s / (wall_s * t) : NAN;
}

/* ---- the proving sweep ---- */

int hs_bench_parse_range(const char *s, unsigned lo_min, unsigned hi_max, unsigned *lo, unsigned *hi) {
    return hs_sweep_parse_range(s, lo_min, hi_max, lo, hi);
}

/* Poseidon2b's two instances: the gkr backend's walk over GF(2^128), in the sweep beside the KoalaBear walks. */
static int is_p2b(const char *name) { return !strcmp(name, "poseidon2b") || !strcmp(name, "poseidon2b-frost"); }

/* The internal configuration of a checked sweep; 0 with the message in err. */
static int sweep_config(const hs_bench_sweep_args *a, hs_sweep_config *c, char *err, size_t errlen) {
    memset(c, 0, sizeof *c);
    c->hash = a->hash;
    c->md_ticks = a->format == HS_BENCH_MD_TICKS;
    const char *backend = a->backend ? a->backend : "stark", *preset = a->preset ? a->preset : "compat";
    if (!hs_sweep_backend_find(backend, &c->backend))
        return snprintf(err, errlen, "--backend must be stark or gkr, not '%s'", backend), 0;
    const char *why = NULL;
    if (!hs_sweep_backend_ready(c->backend, &why)) return snprintf(err, errlen, "--backend %s: %s", backend, why), 0;
    const hs_air_def *def = hs_air_find(a->hash);
    const hs_gkr_perm *gp = hs_gkr_perm_find(a->hash);
    c->hash_id = c->backend == HS_SWEEP_GKR ? (gp ? gp->id : 0) : (def ? def->id : 0);
    hs_provable pv;
    if (c->backend == HS_SWEEP_GKR && a->hash && is_p2b(a->hash))
        c->p2b = 1 + (unsigned)(strcmp(a->hash, "poseidon2b") ? HS_P2B_FROST : HS_P2B_REF); /* over GF(2^128) */
    if (!c->hash_id && !c->p2b && hs_provable_find(&pv, a->hash) == HS_OK && c->backend == HS_SWEEP_GKR &&
        pv.gkr_statements)
        return snprintf(err, errlen, "--hash: bench's sweep runs the gkr backend's KoalaBear and Poseidon2b walks, not "
                                     "the walk over GF(2) that proves '%s' (hashsnark prove --private measures it; "
                                     "docs/KECCAK_GKR.md)",
                        a->hash), 0;
    if (!c->hash_id && !c->p2b)
        return snprintf(err, errlen, "--hash: the %s backend does not prove '%s'", backend, a->hash), 0;
    if (!a->log_perms || !hs_sweep_parse_range(a->log_perms, 0, 24, &c->log_lo, &c->log_hi))
        return snprintf(err, errlen, "--log-perms: '%s' is not a range A..B (or N) with 0 <= A <= B <= 24",
                        a->log_perms ? a->log_perms : ""), 0;
    c->preset = hs_preset_find(preset);
    if (!c->preset) return snprintf(err, errlen, "unknown preset '%s' (compat, fast100, proven128)", preset), 0;
    if (c->backend == HS_SWEEP_GKR) {
        if (a->log_blowup)
            return snprintf(err, errlen,
                            "--log-blowup applies to the stark backend (the gkr backend's WHIR rate is the preset's)"), 0;
        hs_whir_config wc;
        hs_gkr_whir_config(c->preset, &wc);
        c->log_blowup = wc.log_inv_rate;
        c->num_queries = 0; /* WHIR's queries differ per round: 'hashsnark params' lists them */
        hs_binfri_params bp;
        const hs_p2bstmt_shape ps = {c->preset, (hs_p2b_inst)(c->p2b ? c->p2b - 1 : 0), c->log_lo, 0};
        if (c->p2b && hs_p2bstmt_commit_params(&ps, &bp, &why)) /* FRI-Binius' rate and queries */
            c->log_blowup = bp.log_inv_rate, c->num_queries = bp.queries;
    } else {
        hs_fri_params fri = hs_preset_fri(c->preset, a->log_blowup);
        c->log_blowup = fri.log_blowup;
        c->num_queries = fri.num_queries;
    }
    c->samples = a->samples ? a->samples : 10;
    c->warmup = a->warmup_given ? a->warmup : HS_SWEEP_WARMUP_AUTO;
    c->threads = a->threads ? a->threads : 1;
    c->timeout_s = a->timeout_s;
    if (a->plot && !hs_sweep_plot_ext_ok(a->plot))
        return snprintf(err, errlen, "--plot: '%s' must end in .png or .svg", a->plot), 0;
    if (a->plot) {
        const char *hint;
        if (!hs_sweep_plot_tool(&hint)) return snprintf(err, errlen, "--plot: %s", hint), 0;
    }
    return 1;
}

int hs_bench_sweep_check(const hs_bench_sweep_args *a, char *err, size_t errlen) {
    hs_sweep_config c;
    return sweep_config(a, &c, err, errlen);
}

int hs_bench_sweep(const hs_bench_sweep_args *a, int header) {
    hs_sweep_config c;
    char err[256];
    if (!sweep_config(a, &c, err, sizeof err)) {
        fprintf(stderr, "hashsnark bench: %s\n", err);
        return 2;
    }
    size_t n = c.log_hi - c.log_lo + 1;
    hs_sweep_row rows[25];
    hs_sweep_run(&c, rows);
    if (a->format == HS_BENCH_CSV) hs_sweep_write_csv(stdout, &c, rows, n, header);
    else if (a->format == HS_BENCH_JSON) hs_sweep_write_json(stdout, &c, rows, n);
    else hs_sweep_write_md(stdout, &c, rows, n, header);
    fflush(stdout);
    if (a->plot) {
        if (!hs_sweep_plot(a->plot, &c, rows, n, err, sizeof err)) {
            fprintf(stderr, "hashsnark bench: --plot: %s\n", err);
            return 1;
        }
        fprintf(stderr, "bench: plot written to %s\n", a->plot);
    }
    return 0;
}

/* ---- the comparison of hashes and backends ---- */

#define COMPARE_MAX 64

/* The presets in ascending declared bits (the cheapest that meets a level comes first). */
static size_t presets_by_bits(const hs_preset **out, size_t max) {
    size_t n = 0;
    for (size_t i = 0; i < hs_preset_count() && n < max; i++) {
        const hs_preset *p = hs_preset_at(i);
        size_t j = n++;
        while (j > 0 && out[j - 1]->claim_bits > p->claim_bits) out[j] = out[j - 1], j--;
        out[j] = p;
    }
    return n;
}

/* The fewest provable bits of cfg over its sizes (NAN when the calculator rejects one). */
static double min_bits(const hs_sweep_config *c) {
    double m = INFINITY;
    for (unsigned lp = c->log_lo; lp <= c->log_hi; lp++) {
        double b = hs_sweep_claimed_bits(c, lp);
        if (isnan(b)) return NAN;
        if (b < m) m = b;
    }
    return m;
}

/* One pair's configuration: 1 ready, 0 left out (note says why), -1 an error (err). */
static int compare_pair(const hs_bench_compare_args *a, const char *hash, const char *backend, hs_sweep_config *c,
                        char *note, size_t notelen, char *err, size_t errlen) {
    hs_bench_sweep_args s = a->sweep;
    s.hash = hash, s.backend = backend;
    if (a->bits <= 0) return sweep_config(&s, c, err, errlen) ? 1 : -1;
    const hs_preset *ps[8];
    size_t np = presets_by_bits(ps, 8);
    double best = NAN;
    const char *best_name = "";
    for (size_t i = 0; i < np; i++) {
        s.preset = ps[i]->name;
        if (!sweep_config(&s, c, err, errlen)) return -1;
        double m = min_bits(c);
        if (!isnan(m) && m >= a->bits) return 1;
        if (!isnan(m) && !(m <= best)) best = m, best_name = ps[i]->name;
    }
    if (isnan(best))
        snprintf(note, notelen, "%s on %s: no preset's provable bits are known at these sizes", hash, backend);
    else
        snprintf(note, notelen, "%s on %s: no preset reaches %.0f provable bits at every size (at most %.1f, %s)",
                 hash, backend, a->bits, best, best_name);
    return 0;
}

int hs_bench_compare(const hs_bench_compare_args *a) {
    hs_sweep_config *cfgs = calloc(COMPARE_MAX, sizeof *cfgs);
    hs_sweep_row *rows = calloc((size_t)COMPARE_MAX * 25, sizeof *rows);
    hs_sweep_entry *e = calloc((size_t)COMPARE_MAX * 25 + 2 * 11, sizeof *e); /* + the peers' rows */
    char notes[2048] = "", err[256];
    size_t nn = 0, np = 0;
    int rc = 2;
    if (!cfgs || !rows || !e) {
        fprintf(stderr, "hashsnark bench: out of memory\n");
        goto out;
    }
    for (size_t b = 0; b < a->n_backends; b++) {
        hs_sweep_backend_id id;
        if (!hs_sweep_backend_find(a->backends[b], &id)) {
            fprintf(stderr, "hashsnark bench: --backend must be stark or gkr, not '%s'\n", a->backends[b]);
            goto out;
        }
        hs_backend pub = id == HS_SWEEP_GKR ? HS_BACKEND_GKR : HS_BACKEND_STARK;
        for (size_t h = 0; h < a->n_hashes; h++) {
            int all = !strcmp(a->hashes[h], "all");
            for (size_t i = 0; i < (all ? hs_provable_count() : 1); i++) {
                hs_provable pv;
                if ((all ? hs_provable_at(&pv, i) : hs_provable_find(&pv, a->hashes[h])) != HS_OK) {
                    fprintf(stderr, "hashsnark bench: --hash: '%s' is no provable hash (see 'hashsnark --help')\n",
                            a->hashes[h]);
                    goto out;
                }
                /* the sweep measures private statements, on the gkr backend of its KoalaBear and
                 * Poseidon2b walks (keccak-f1600's walk over GF(2) is not in the sweep: prove --private
                 * measures it) */
                const int sweeps = pub != HS_BACKEND_GKR || hs_gkr_perm_find(pv.name) != NULL || is_p2b(pv.name);
                const int proves = pv.backends & HS_BACKEND_BIT(pub),
                          priv_too = sweeps && (hs_provable_statements(&pv, pub) & HS_STATEMENT_BIT(HS_STATEMENT_PRIVATE));
                if (!proves || !priv_too) {
                    if (all && !proves) continue; /* all: every hash the backend proves; one it proves publicly only is named below */
                    if (a->n_backends == 1 && !all) {
                        fprintf(stderr, "hashsnark bench: --hash: the %s backend does not prove '%s'%s\n",
                                a->backends[b], pv.name,
                                !proves  ? ""
                                : sweeps ? " as a private statement (what bench measures)"
                                         : " in bench's sweep (its walk over GF(2): hashsnark prove --private measures it)");
                        goto out;
                    }
                    nn += (size_t)snprintf(notes + nn, sizeof notes - nn, "%s%s on %s: the backend does not prove it%s",
                                           nn ? "; " : "", pv.name, a->backends[b],
                                           !proves ? "" : sweeps ? " privately" : " in bench's sweep (walk over GF(2))");
                    if (nn >= sizeof notes) nn = sizeof notes - 1;
                    continue;
                }
                if (np == COMPARE_MAX) {
                    fprintf(stderr, "hashsnark bench: at most %d hash and backend pairs\n", COMPARE_MAX);
                    goto out;
                }
                char note[200] = "";
                int r = compare_pair(a, pv.name, a->backends[b], &cfgs[np], note, sizeof note, err, sizeof err);
                if (r < 0) {
                    fprintf(stderr, "hashsnark bench: %s\n", err);
                    goto out;
                }
                if (r == 0) {
                    nn += (size_t)snprintf(notes + nn, sizeof notes - nn, "%s%s", nn ? "; " : "", note);
                    if (nn >= sizeof notes) nn = sizeof notes - 1;
                    continue;
                }
                cfgs[np].hash = pv.name; /* the registry's string outlives the arguments */
                np++;
            }
        }
    }
    if (notes[0]) fprintf(stderr, "bench: not compared: %s\n", notes);
    if (!np) {
        fprintf(stderr, "hashsnark bench: nothing to compare\n");
        goto out;
    }
    size_t ne = 0;
    const hs_sweep_row *series[COMPARE_MAX];
    const hs_sweep_config *scfg[COMPARE_MAX];
    size_t sn[COMPARE_MAX];
    for (size_t k = 0; k < np; k++) {
        hs_sweep_row *r = rows + k * 25;
        hs_sweep_run(&cfgs[k], r);
        sn[k] = cfgs[k].log_hi - cfgs[k].log_lo + 1;
        series[k] = r, scfg[k] = &cfgs[k];
        for (size_t i = 0; i < sn[k]; i++, ne++) e[ne] = (hs_sweep_entry){&cfgs[k], &r[i], ne};
    }
    /* published peers, when asked: beside the measured rows, at the sizes asked; with --bits only
     * where this project's calculator gives their parameters that many bits */
    hs_sweep_config peer_cfg[2];
    hs_sweep_row peer_rows[2][11];
    if (a->peers) {
        size_t left_out = 0, added = 0;
        for (unsigned rate = 1; rate <= 2; rate++) {
            hs_bench_sweep_args s = a->sweep;
            s.hash = "poseidon2-kb16", s.backend = "stark", s.preset = "compat", s.log_blowup = rate;
            hs_sweep_config *pc = &peer_cfg[rate - 1];
            if (!sweep_config(&s, pc, err, sizeof err)) continue;
            const size_t k = hs_sweep_peer_rows(pc, peer_rows[rate - 1]);
            for (size_t i = 0; i < k; i++) {
                const hs_sweep_row *r = &peer_rows[rate - 1][i];
                if (a->bits > 0 && !(r->bits >= a->bits)) {
                    left_out++;
                    continue;
                }
                e[ne] = (hs_sweep_entry){pc, r, ne};
                ne++, added++;
            }
        }
        if (left_out)
            fprintf(stderr, "bench: --peers: %zu published row%s below %.0f provable bits left out\n", left_out,
                    left_out > 1 ? "s" : "", a->bits);
        if (!added && !left_out)
            fprintf(stderr, "bench: --peers: no published rows at these sizes (Plonky3's Poseidon2-KB16, 2^10..2^20)\n");
    }
    hs_sweep_sort_entries(e, ne);
    hs_sweep_write_compare(stdout, a->sweep.format, e, ne, a->bits);
    if (notes[0] && (a->sweep.format == HS_BENCH_MD || a->sweep.format == HS_BENCH_MD_TICKS))
        printf("\nnot compared: %s\n", notes);
    fflush(stdout);
    rc = 0;
    if (a->sweep.plot) {
        if (!hs_sweep_plot_series(a->sweep.plot, scfg, series, sn, np, err, sizeof err)) {
            fprintf(stderr, "hashsnark bench: --plot: %s\n", err);
            rc = 1;
        } else {
            fprintf(stderr, "bench: plot written to %s\n", a->sweep.plot);
        }
    }
out:
    free(cfgs), free(rows), free(e);
    return rc;
}

/* ---- the ragged-regions comparison ---- */

int hs_bench_regions(const hs_bench_regions_args *a, int csv) {
    hs_ragged_bench_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.preset = hs_preset_find(a->preset ? a->preset : "compat");
    if (!cfg.preset || !a->n_regions || a->n_regions > HS_RAGGED_MAX_REGIONS) {
        fprintf(stderr, "hashsnark bench: %s\n", cfg.preset ? "1..32 regions" : "unknown preset");
        return 2;
    }
    cfg.n_regions = a->n_regions;
    memcpy(cfg.widths, a->widths, a->n_regions * sizeof *a->widths);
    cfg.threads = a->threads ? a->threads : 1;
    cfg.samples = a->samples ? a->samples : 3;
    cfg.seed = a->seed;
    cfg.timeout_s = a->timeout_s;
    cfg.private_io = a->private_regions;
    return hs_ragged_compare(&cfg, csv, stdout);
}

/* ---- native throughput ---- */

/* "AVX-512", "AVX2" or "portable code": the level the kernels use (HS_SIMD). */
static const char *simd_words(void) {
    const char *l = hs_simd_level();
    return !strcmp(l, "avx512") ? "AVX-512" : !strcmp(l, "avx2") ? "AVX2" : "portable code";
}

/* 1 MiB in ns -> MiB/s; 0 -> 0 */
static double mib_per_s(double ns) { return ns > 0 ? 1e9 / ns : 0; }

static void human_ns(char *buf, size_t n, double ns) {
    if (ns < 1000) snprintf(buf, n, "%.0f ns", ns);
    else if (ns < 1e6) snprintf(buf, n, "%.2g µs", ns / 1e3);
    else snprintf(buf, n, "%.3g ms", ns / 1e6);
    if (ns >= 1000 && ns < 1e6 && ns / 1e3 >= 10) snprintf(buf, n, "%.0f µs", ns / 1e3);
}

/* A row's contention flag: "true" when its CPU share is below HS_BENCH_CONTENDED_SHARE. */
static const char *contended(double share) { return share < HS_BENCH_CONTENDED_SHARE ? "true" : "false"; }
static const char *mark(double share) { return share < HS_BENCH_CONTENDED_SHARE ? " *" : ""; }

/* The native tables' JSON up to their results array: the run's metadata, the SIMD level, the
 * contention threshold. */
static void native_json_head(void) {
    printf("{");
    hs_bench_meta_json(stdout);
    printf(",\n  \"avx2\": %s,\n  \"simd\": \"%s\",\n  \"contended_below_cpu_share\": %.2f,\n  \"results\": [\n",
           hs_cpu_has_avx2() ? "true" : "false", hs_simd_level(), HS_BENCH_CONTENDED_SHARE);
}

void hs_bench_contention_note(FILE *f) {
    fprintf(f, "\n* contended: the measurement got less than %.0f%% of the CPU time its threads asked for (another "
               "process took the cores; the figure is low)\n",
            100 * HS_BENCH_CONTENDED_SHARE);
}

int hs_bench_native_hashes(const char *which, unsigned threads, double seconds, hs_bench_format format) {
    const int csv = format == HS_BENCH_CSV, json = format == HS_BENCH_JSON;
    hs_hash_row rows[64];
    size_t n = 0;
    const size_t total = strcmp(which, "all") ? (size_t)1 : hs_hash_table_len;
    for (size_t i = 0; i < hs_hash_table_len && n < 64; i++) {
        const hs_hash_info *h = &hs_hash_table[i];
        if (strcmp(which, "all") && strcmp(which, h->name)) continue;
        hs_cli_progress_show((double)n / (double)total, "%s (%u of %zu)", h->name, (unsigned)(n + 1), total);
        hs_bench_native_hash(h, threads, seconds, &rows[n++]);
    }
    hs_cli_progress_clear();
    if (csv) {
        printf("hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt,mib_per_s,contended_1t,contended_nt,"
               HS_BENCH_META_CSV "\n");
        for (size_t i = 0; i < n; i++) {
            printf("%s,%.1f,%.1f,%s,%u,%.0f,%.0f,%.1f,%s,", rows[i].hash->name, rows[i].merge_ns, rows[i].seq_ns,
                   rows[i].hash->perm ? rows[i].hash->perm : "", rows[i].threads, rows[i].perms_1t, rows[i].perms_nt,
                   mib_per_s(rows[i].mib_ns), contended(rows[i].cpu_share_1t));
            printf("%s,", isnan(rows[i].cpu_share_nt) ? "" : contended(rows[i].cpu_share_nt));
            hs_bench_meta_csv(stdout);
            putchar('\n');
        }
    } else if (json) {
        native_json_head();
        for (size_t i = 0; i < n; i++) {
            printf("    {\"hash\": \"%s\", \"merge_ns\": %.1f, \"seq100_ns\": %.1f, ", rows[i].hash->name,
                   rows[i].merge_ns, rows[i].seq_ns);
            if (rows[i].hash->perm)
                printf("\"perm\": \"%s\", \"perms_per_s_1t\": %.0f, \"perms_per_s_nt\": %.0f, ", rows[i].hash->perm,
                       rows[i].perms_1t, rows[i].perms_nt);
            if (rows[i].mib_ns > 0) printf("\"mib_per_s\": %.1f, ", mib_per_s(rows[i].mib_ns));
            printf("\"threads\": %u, \"cpu_share_1t\": %.3f, \"contended_1t\": %s", rows[i].threads,
                   rows[i].cpu_share_1t, contended(rows[i].cpu_share_1t));
            if (!isnan(rows[i].cpu_share_nt))
                printf(", \"cpu_share_nt\": %.3f, \"contended_nt\": %s", rows[i].cpu_share_nt,
                       contended(rows[i].cpu_share_nt));
            printf("}%s\n", i + 1 < n ? "," : "");
        }
        printf("  ]\n}\n");
    } else {
        printf("Hash functions on %s (%s), 1 thread unless noted\n\n", hs_cpu_model(),
               simd_words());
        printf("| Function | 2-to-1 h(a,b) | 100 elements (400 B) | 1 MiB | permutation | perms/s, 1 thread | perms/s, %u "
               "threads |\n",
               threads);
        printf("|---|---:|---:|---:|---|---:|---:|\n");
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            char a[32], b[32];
            human_ns(a, sizeof a, rows[i].merge_ns);
            human_ns(b, sizeof b, rows[i].seq_ns);
            char c[48] = "-";
            if (rows[i].mib_ns > 0) snprintf(c, sizeof c, "%.0f MiB/s", mib_per_s(rows[i].mib_ns));
            const char *m1 = mark(rows[i].cpu_share_1t), *mn = isnan(rows[i].cpu_share_nt) ? m1 : mark(rows[i].cpu_share_nt);
            if (rows[i].hash->perm)
                printf("| %s%s | %s | %s | %s | %s | %.3gM%s | %.3gM%s |\n", rows[i].hash->name, m1, a, b, c,
                       rows[i].hash->perm, rows[i].perms_1t / 1e6, m1, rows[i].perms_nt / 1e6, mn);
            else
                printf("| %s%s | %s | %s | %s | - | - | - |\n", rows[i].hash->name, m1, a, b, c);
            any |= *m1 || *mn;
        }
        if (any) hs_bench_contention_note(stdout);
    }
    return 0;
}


int hs_bench_native_perm_table(const hs_perm *perm, unsigned threads, double seconds, hs_bench_format format) {
    const int csv = format == HS_BENCH_CSV, json = format == HS_BENCH_JSON;
    const hs_perm *list[1] = {perm};
    const size_t nlist = 1;
    hs_native_row rows[64 * 4];
    double naive[64];
    size_t nrows = 0;
    for (size_t i = 0; i < nlist; i++) {
        hs_cli_progress_show(-1, "%s (%u thread%s)", hs_perm_name(list[i]), (unsigned)threads, threads > 1 ? "s" : "");
        nrows += hs_bench_native_perm(list[i], (unsigned)threads, seconds, rows + nrows);
        naive[i] = csv ? 0 : hs_bench_native_naive(list[i], seconds / 2);
    }
    hs_cli_progress_clear();

    if (csv) {
        printf("hash,api,threads,perms_per_s,cpu_share,contended," HS_BENCH_META_CSV "\n");
        for (size_t i = 0; i < nrows; i++) {
            printf("%s,%s,%u,%.0f,%.3f,%s,", hs_perm_name(rows[i].perm), rows[i].api, rows[i].threads,
                   rows[i].perms_per_s, rows[i].cpu_share, contended(rows[i].cpu_share));
            hs_bench_meta_csv(stdout);
            putchar('\n');
        }
    } else if (json) {
        native_json_head();
        for (size_t i = 0; i < nrows; i++)
            printf("    {\"hash\": \"%s\", \"api\": \"%s\", \"threads\": %u, \"perms_per_s\": %.0f, \"cpu_share\": %.3f, "
                   "\"contended\": %s}%s\n",
                   hs_perm_name(rows[i].perm), rows[i].api, rows[i].threads, rows[i].perms_per_s, rows[i].cpu_share,
                   contended(rows[i].cpu_share), i + 1 < nrows ? "," : "");
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
               simd_words());
        printf("| hash | api | threads | perms/s | ns/perm (per thread) |\n|---|---|---:|---:|---:|\n");
        for (size_t i = 0; i < nrows; i++)
            printf("| %s | %s | %u | %.3gM%s | %.1f |\n", hs_perm_name(rows[i].perm), rows[i].api, rows[i].threads,
                   rows[i].perms_per_s / 1e6, mark(rows[i].cpu_share), 1e9 * rows[i].threads / rows[i].perms_per_s);
        int any = 0;
        for (size_t i = 0; i < nrows; i++) any |= *mark(rows[i].cpu_share);
        if (any) hs_bench_contention_note(stdout);
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
    return 0;
}
