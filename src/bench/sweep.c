#define _DEFAULT_SOURCE 1 /* wait4, mkdtemp */
#include "bench/sweep.h"
#include "bench/bench.h"
#include "bench/child.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hashsnark.h"
#include "soundness/soundness.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"
#include "gkr/gkr.h"
#include "statement/p2bstmt.h"
#include "app/json.h"
#include "app/progress.h"

/* ---- backends: what a child runs for one size ---------------------------------------------- */

typedef struct {
    double *prove_s; /* cfg->samples entries */
    double setup_s;  /* the first proof's shape-only setup (later ones may find tables cached) */
    double cold_s;   /* the first warm-up proof's time (NAN without warm-up) */
    unsigned warmups; /* warm-up proofs made */
    double verify_s;
    uint64_t proof_bytes;
} child_out;

typedef struct {
    const char *name;
    int (*ready)(const char **why);
    /* In the child: proves cfg->samples times (timing only the prover), verifies the last proof. */
    int (*run)(const hs_sweep_config *cfg, unsigned log_perms, child_out *out, char *why, size_t whylen);
} backend;

static int stark_ready(const char **why) {
    (void)why;
    return 1;
}

/* Random private statement, as 'hashsnark prove' without --inputs draws it (the library's
 * hs_inputs_random; seed per sample). */
static uint32_t *random_inputs(const char *hash, size_t words, uint64_t seed) {
    uint32_t *in = hs_alloc_array(words, sizeof *in);
    if (in && hs_inputs_random(in, words, hash, seed) != HS_OK) hs_free(in), in = NULL;
    return in;
}

/* One backend's prover and verifier on a private statement. prove takes (and frees) the inputs. */
typedef int (*prove_fn)(const hs_sweep_config *cfg, unsigned log_perms, uint32_t *in, hs_writer *w, double *setup_s,
                        const char **why);
typedef int (*verify_fn)(const hs_sweep_config *cfg, const hs_writer *proof, const char **why);

/* In the child: cfg->samples proofs (timing the prover only), then one verification of the last. */
static int run_samples(const hs_sweep_config *cfg, unsigned log_perms, size_t width, prove_fn prove, verify_fn verify,
                       child_out *out, char *why, size_t whylen) {
    size_t words = ((size_t)1 << log_perms) * width;
    hs_writer last = {0};
    /* cfg->warmup untimed proofs first: a fresh process's first proof pays for first-touch page
     * faults of every buffer, lazily built tables and the allocator's growth (2-4x a later proof
     * here: docs/BENCHMARKS.md, "The first proof of a process"); the first one's time is kept */
    out->cold_s = NAN;
    /* HS_SWEEP_WARMUP_AUTO: up to 3 (the allocator and the page tables settle within about 3
     * proofs), no more once they took a second (a large size's first proof carries most of it) */
    unsigned warm = cfg->warmup == HS_SWEEP_WARMUP_AUTO ? 3 : cfg->warmup;
    double warm_t = 0;
    for (unsigned s = 0; s < warm + cfg->samples; s++) {
        uint32_t *in = random_inputs(cfg->hash, words, 1 + s);
        if (!in) {
            snprintf(why, whylen, "out of memory for the inputs");
            hs_w_free(&last);
            return 0;
        }
        hs_writer w = {0};
        const char *e = NULL;
        double t0 = hs_now();
        double setup = NAN;
        int ok = prove(cfg, log_perms, in, &w, &setup, &e);
        const double t = hs_now() - t0;
        if (s >= warm) out->prove_s[s - warm] = t;
        else if (s == 0) out->cold_s = t;
        if (s < warm) {
            warm_t += t;
            out->warmups = s + 1;
            if (cfg->warmup == HS_SWEEP_WARMUP_AUTO && warm_t >= 1.0) warm = s + 1;
        }
        if (s == 0) out->setup_s = setup;
        if (!ok || w.err) {
            snprintf(why, whylen, "prove failed: %s", e ? e : "out of memory");
            hs_w_free(&w);
            hs_w_free(&last);
            return 0;
        }
        hs_w_free(&last);
        last = w;
    }
    const char *e = NULL;
    double t0 = hs_now();
    int ok = verify(cfg, &last, &e);
    out->verify_s = hs_now() - t0;
    out->proof_bytes = last.len;
    hs_w_free(&last);
    if (!ok) snprintf(why, whylen, "verify rejected the proof: %s", e ? e : "?");
    return ok;
}

static int stark_prove1(const hs_sweep_config *cfg, unsigned log_perms, uint32_t *in, hs_writer *w, double *setup_s,
                        const char **why) {
    /* the prover frees the inputs once read, as in 'hashsnark prove' (same peak memory) */
    hs_stark_shape shape = {cfg->preset, cfg->hash_id, log_perms, 0, hs_preset_fri(cfg->preset, cfg->log_blowup), 0, 1, 0, 0, 0};
    hs_stark_timing tm;
    int ok = hs_stark_prove(&shape, in, cfg->threads, w, NULL, &tm, why);
    *setup_s = tm.setup_s;
    return ok;
}

static int stark_verify1(const hs_sweep_config *cfg, const hs_writer *proof, const char **why) {
    return hs_stark_verify(proof->data, proof->len, NULL, NULL, 0, cfg->threads, NULL, why);
}

static int stark_run(const hs_sweep_config *cfg, unsigned log_perms, child_out *out, char *why, size_t whylen) {
    hs_air air;
    const hs_air_def *def = hs_air_by_id(cfg->hash_id);
    if (!def || !def->init(&air, 0)) {
        snprintf(why, whylen, "unknown AIR");
        return 0;
    }
    return run_samples(cfg, log_perms, air.in_words, stark_prove1, stark_verify1, out, why, whylen);
}

static int gkr_ready(const char **why) {
    (void)why;
    return 1;
}

static int gkr_prove1(const hs_sweep_config *cfg, unsigned log_perms, uint32_t *in, hs_writer *w, double *setup_s,
                      const char **why) {
    /* setup: the WHIR parameters of the shape (derived again inside the prover: the time shown is
     * that work's); the walk's layer tables are built once per process, before the sweep forks,
     * and WHIR's transform tables inside the commit */
    const hs_gkr_perm *gp = hs_gkr_perm_get(cfg->hash_id);
    const size_t words = ((size_t)gp->width << log_perms);
    {
        hs_whir_config wc;
        hs_whir_params wp;
        const char *e = NULL;
        hs_gkr_whir_config(cfg->preset, &wc);
        double t0 = hs_now();
        int ok = hs_whir_params_derive(&wp, log_perms + hs_gkr_stack_log_cols(gp->width), &wc, NULL, &e);
        *setup_s = ok ? hs_now() - t0 : NAN;
    }
    for (size_t i = 0; i < words; i++) in[i] = hs_kb_from_u32(in[i]); /* the gkr prover reads Montgomery form */
    hs_gkr_shape shape;
    memset(&shape, 0, sizeof shape);
    shape.preset = cfg->preset;
    shape.perm_id = cfg->hash_id;
    shape.log_perms = log_perms;
    hs_gkr_whir_config(cfg->preset, &shape.whir);
    hs_gkr_timing tm;
    int ok = hs_gkr_prove(&shape, in, cfg->threads, w, NULL, &tm, why);
    hs_free(in);
    return ok;
}

static int gkr_verify1(const hs_sweep_config *cfg, const hs_writer *proof, const char **why) {
    return hs_gkr_verify(proof->data, proof->len, NULL, NULL, 0, 0, cfg->threads, NULL, why);
}

/* Poseidon2b over GF(2^128), private statement: the lines as flat states, then the prover. */
static hs_p2bstmt_shape p2b_shape(const hs_sweep_config *cfg, unsigned log_perms) {
    const hs_p2bstmt_shape s = {cfg->preset, (hs_p2b_inst)(cfg->p2b - 1), log_perms, 0};
    return s;
}

static int p2b_prove1(const hs_sweep_config *cfg, unsigned log_perms, uint32_t *in, hs_writer *w, double *setup_s,
                      const char **why) {
    const hs_p2bstmt_shape s = p2b_shape(cfg, log_perms);
    const size_t n = (size_t)1 << log_perms;
    hs_gf128 *st = hs_alloc_array(n * HS_P2B_WIDTH, sizeof *st);
    *setup_s = NAN;
    if (!st) return hs_free(in), *why = hs_why_nomem, 0;
    hs_p2bstmt_states(st, in, n, s.inst);
    hs_free(in);
    const int ok = hs_p2bstmt_prove(&s, st, cfg->threads, NULL, w, NULL, why);
    hs_free(st);
    return ok;
}

static int p2b_verify1(const hs_sweep_config *cfg, const hs_writer *proof, const char **why) {
    hs_p2bstmt_shape s;
    return hs_p2bstmt_peek(proof->data, proof->len, &s, why) &&
           hs_p2bstmt_verify(proof->data, proof->len, &s, NULL, NULL, cfg->threads, why);
}

static int gkr_run(const hs_sweep_config *cfg, unsigned log_perms, child_out *out, char *why, size_t whylen) {
    if (cfg->p2b) return run_samples(cfg, log_perms, 4 * HS_P2B_WIDTH, p2b_prove1, p2b_verify1, out, why, whylen);
    const hs_gkr_perm *p = hs_gkr_perm_get(cfg->hash_id);
    if (!p) {
        snprintf(why, whylen, "the gkr backend does not prove this permutation");
        return 0;
    }
    return run_samples(cfg, log_perms, p->width, gkr_prove1, gkr_verify1, out, why, whylen);
}

static const backend backends[] = {
    [HS_SWEEP_STARK] = {"stark", stark_ready, stark_run},
    [HS_SWEEP_GKR] = {"gkr", gkr_ready, gkr_run},
};

int hs_sweep_backend_find(const char *name, hs_sweep_backend_id *out) {
    for (size_t i = 0; i < sizeof backends / sizeof *backends; i++)
        if (!strcmp(backends[i].name, name)) return *out = (hs_sweep_backend_id)i, 1;
    return 0;
}

int hs_sweep_backend_ready(hs_sweep_backend_id id, const char **why) { return backends[id].ready(why); }
const char *hs_sweep_backend_name(hs_sweep_backend_id id) { return backends[id].name; }

/* The one call site of the soundness calculator (src/soundness): the preset's provable bits at
 * this size and rate for a private statement, as 'hashsnark params' reports them; NAN (printed
 * '?') where the calculator rejects the shape. */
double hs_sweep_claimed_bits(const hs_sweep_config *cfg, unsigned log_perms) {
    hs_sound_report r;
    if (cfg->p2b) {
        const hs_p2bstmt_shape s = p2b_shape(cfg, log_perms);
        hs_p2bstmt_soundness(&s, &r);
        return r.claimed_bits;
    }
    int ok = cfg->backend == HS_SWEEP_GKR ? hs_soundness_gkr(cfg->preset, cfg->hash_id, log_perms, 0, &r)
                                          : hs_soundness_stark(cfg->preset, cfg->hash_id, log_perms, cfg->log_blowup, 0, &r);
    return ok ? r.claimed_bits : NAN;
}

/* ---- the sweep ------------------------------------------------------------------------------ */

int hs_sweep_parse_range(const char *s, unsigned lo_min, unsigned hi_max, unsigned *lo, unsigned *hi) {
    unsigned long a, b;
    char *end;
    if (!s || *s < '0' || *s > '9') return 0;
    a = strtoul(s, &end, 10);
    if (*end == 0) {
        b = a;
    } else {
        if (strncmp(end, "..", 2) != 0 || end[2] < '0' || end[2] > '9') return 0;
        b = strtoul(end + 2, &end, 10);
        if (*end) return 0;
    }
    if (a < lo_min || b > hi_max || a > b) return 0;
    *lo = (unsigned)a, *hi = (unsigned)b;
    return 1;
}

typedef struct {
    const hs_sweep_config *cfg;
    unsigned log_perms;
} child_ctx;

/* In the child (src/bench/child.h). */
static void child_main(void *ctxp, void *msgp) {
    const child_ctx *cx = ctxp;
    const hs_sweep_config *cfg = cx->cfg;
    hs_bench_msg *m = msgp;
    /* Test hook (tests/cli/bench_sweep.sh): HS_SWEEP_TEST_KILL=N kills the child of size 2^N as
     * the out-of-memory killer would, to check that the sweep prints a '-' row and goes on. */
    const char *hook = getenv("HS_SWEEP_TEST_KILL");
    if (hook && *hook && strtoul(hook, NULL, 10) == cx->log_perms) kill(getpid(), SIGKILL);
    child_out out = {0};
    out.prove_s = calloc(cfg->samples, sizeof *out.prove_s);
    if (!out.prove_s) {
        snprintf(m->why, sizeof m->why, "out of memory");
    } else if (backends[cfg->backend].run(cfg, cx->log_perms, &out, m->why, sizeof m->why)) {
        m->ok = 1;
        hs_bench_msg_times(m, out.prove_s, cfg->samples);
        m->verify_s = out.verify_s;
        m->setup_s = out.setup_s;
        m->cold_s = out.cold_s;
        m->warmups = out.warmups;
        m->proof_bytes = out.proof_bytes;
    }
    free(out.prove_s);
}

static void run_one(const hs_sweep_config *cfg, unsigned log_perms, hs_sweep_row *row) {
    memset(row, 0, sizeof *row);
    row->log_perms = log_perms;
    row->bits = NAN;
    child_ctx cx = {cfg, log_perms};
    hs_bench_msg m;
    if (!hs_bench_measure(child_main, &cx, &m, cfg->timeout_s, &row->peak_rss_bytes, row->why, sizeof row->why)) return;
    row->ok = 1;
    row->prove_s = m.prove_median_s;
    row->prove_best_s = m.prove_min_s;
    row->prove_mean_s = m.prove_mean_s;
    row->prove_worst_s = m.prove_max_s;
    row->verify_s = m.verify_s;
    row->setup_s = m.setup_s;
    row->cold_s = m.cold_s;
    row->warmups = m.warmups;
    row->proof_bytes = m.proof_bytes;
    row->bits = hs_sweep_claimed_bits(cfg, log_perms);
}

size_t hs_sweep_run(const hs_sweep_config *cfg, hs_sweep_row *rows) {
    size_t good = 0, total = cfg->log_hi - cfg->log_lo + 1;
    /* the share done weighs each size by its permutations (proving time grows about linearly) */
    const double all = ldexp(1.0, (int)cfg->log_hi + 1) - ldexp(1.0, (int)cfg->log_lo);
    for (unsigned lp = cfg->log_lo; lp <= cfg->log_hi; lp++) {
        hs_sweep_row *r = &rows[lp - cfg->log_lo];
        hs_cli_progress_show((ldexp(1.0, (int)lp) - ldexp(1.0, (int)cfg->log_lo)) / all,
                             "%s (%s, %s) 2^%u (%u of %zu), %u proof%s and a verification", cfg->hash,
                             backends[cfg->backend].name, cfg->preset->name, lp, lp - cfg->log_lo + 1, total,
                             cfg->samples, cfg->samples > 1 ? "s" : "");
        double t0 = hs_now();
        run_one(cfg, lp, r);
        hs_cli_progress_clear();
        if (r->ok && hs_cli_quiet()) { /* failures print all the same: they explain a row of '-' */
            good++;
        } else if (r->ok) {
            char t[32], m[32];
            hs_sweep_human_time(t, sizeof t, r->prove_s);
            hs_sweep_human_mem(m, sizeof m, (double)r->peak_rss_bytes);
            fprintf(stderr, "bench: %s 2^%u: median %s, peak %s (%.1f s)\n", cfg->hash, lp, t, m, hs_now() - t0);
            good++;
        } else {
            fprintf(stderr, "bench: %s 2^%u: failed: %s; row of '-'\n", cfg->hash, lp, r->why);
        }
    }
    return good;
}

/* ---- units ------------------------------------------------------------------------------- */

void hs_sweep_human_time(char *buf, size_t n, double s) {
    double ns = s * 1e9;
    if (ns < 1e3) snprintf(buf, n, "%.0f ns", floor(ns));
    else if (ns < 1e6) snprintf(buf, n, "%.2f µs", ns / 1e3);
    else if (ns < 1e9) snprintf(buf, n, "%.2f ms", ns / 1e6);
    else snprintf(buf, n, "%.2f s", s);
}

void hs_sweep_human_throughput(char *buf, size_t n, double v) {
    if (v < 1e3) snprintf(buf, n, "%.2f /s", v);
    else if (v < 1e6) snprintf(buf, n, "%.2f K/s", v / 1e3);
    else snprintf(buf, n, "%.2f M/s", v / 1e6);
}

void hs_sweep_human_size(char *buf, size_t n, double b) {
    if (b < 1000) snprintf(buf, n, "%.2f B", b);
    else if (b < 1000.0 * 1024) snprintf(buf, n, "%.2f KB", b / 1024);
    else snprintf(buf, n, "%.2f MB", b / (1024.0 * 1024));
}

void hs_sweep_human_mem(char *buf, size_t n, double bytes) {
    static const char *unit[] = {"KB", "MB", "GB", "TB"};
    double v = bytes / 1024; /* /usr/bin/time's %M is in KiB */
    unsigned u = 0;
    while (v > 1024 && u < 3) v /= 1024, u++;
    snprintf(buf, n, "%.2f %s", v, unit[u]);
}

void hs_sweep_pow2(char *buf, size_t n, unsigned e) {
    static const char *sup[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    char digits[16];
    snprintf(digits, sizeof digits, "%u", e);
    size_t at = (size_t)snprintf(buf, n, "2");
    for (const char *d = digits; *d && at < n; d++) at += (size_t)snprintf(buf + at, n - at, "%s", sup[*d - '0']);
}

/* ---- writers ------------------------------------------------------------------------------- */

static void today(char *buf, size_t n);

/* The commit measured: the build's git describe (hs_bench_commit), "unknown" outside a checkout. */
static void commit_id(char *buf, size_t n) {
    const char *c = hs_bench_commit();
    snprintf(buf, n, "%s", *c ? c : "unknown");
}

static double perms_of(const hs_sweep_row *r) { return ldexp(1.0, (int)r->log_perms); }

static void bits_text(char *buf, size_t n, double bits) {
    if (isnan(bits)) snprintf(buf, n, "?");
    else snprintf(buf, n, "%.1f", bits);
}

/* A multi-thread row whose proofs spread by more than a quarter of the median: another process
 * took a core for part of it (docs/BENCHMARKS.md); marked in the table. */
static int noisy(const hs_sweep_config *cfg, const hs_sweep_row *r) {
    return r->ok && cfg->threads > 1 && cfg->samples >= 3 && (r->prove_worst_s - r->prove_best_s) > 0.25 * r->prove_s;
}

/* The spread test applies to multi-thread rows of at least 3 proofs (elsewhere the flag is absent). */
static int spread_known(const hs_sweep_config *cfg, const hs_sweep_row *r) {
    return r->ok && cfg->threads > 1 && cfg->samples >= 3;
}

/* One markdown row; wide adds the backend and preset after the hash (the comparison table). */
static void md_row(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *r, const char *q, int wide) {
    char p[32], t[40], th[32], sz[32], m[32], v[32], b[32], su[32], who[96] = "";
    hs_sweep_pow2(p, sizeof p, r->log_perms);
    if (wide && cfg->peer) /* a published row: its machine and threads, and its rate */
        snprintf(who, sizeof who, " %s | %s, rate 1/%u |", cfg->peer, cfg->preset->name, 1u << cfg->log_blowup);
    else if (wide)
        snprintf(who, sizeof who, " %s | %s |", backends[cfg->backend].name, cfg->preset->name);
    if (!r->ok) {
        fprintf(f, "| %s%s%s |%s %s%s%s | - | - | - | - | %s- | - |\n", q, cfg->hash, q, who, q, p, q, wide ? "" : "- | ");
        return;
    }
    hs_sweep_human_time(t, sizeof t, r->prove_s);
    if (noisy(cfg, r)) strcat(t, " *");
    hs_sweep_human_throughput(th, sizeof th, perms_of(r) / r->prove_s);
    hs_sweep_human_size(sz, sizeof sz, (double)r->proof_bytes);
    hs_sweep_human_mem(m, sizeof m, (double)r->peak_rss_bytes);
    hs_sweep_human_time(v, sizeof v, r->verify_s);
    if (cfg->peer) snprintf(m, sizeof m, "-"), snprintf(v, sizeof v, "-"); /* not in the published rows */
    if (isnan(r->setup_s)) snprintf(su, sizeof su, "?");
    else hs_sweep_human_time(su, sizeof su, r->setup_s);
    bits_text(b, sizeof b, r->bits);
    fprintf(f, "| %s%s%s |%s %s%s%s | %s%s%s | %s%s%s | %s%s%s | %s%s%s | ", q, cfg->hash, q, who, q, p, q, q, t, q, q, th,
            q, q, sz, q, q, m, q);
    if (!wide) fprintf(f, "%s%s%s | ", q, su, q); /* the comparison leaves setup to CSV and JSON */
    fprintf(f, "%s%s%s | %s%s%s |\n", q, v, q, q, b, q);
}

void hs_sweep_write_md(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n, int header) {
    char commit[96];
    commit_id(commit, sizeof commit);
    char rate[64];
    if (cfg->p2b) /* over GF(2^128): the private statement's FRI-Binius commitment */
        snprintf(rate, sizeof rate, "over GF(2^128), FRI-Binius rate 1/%u, %u queries", 1u << cfg->log_blowup,
                 cfg->num_queries);
    else if (cfg->backend == HS_SWEEP_GKR)
        snprintf(rate, sizeof rate, "WHIR rate 1/%u", 1u << cfg->log_blowup);
    else
        snprintf(rate, sizeof rate, "rate 1/%u, %u queries", 1u << cfg->log_blowup, cfg->num_queries);
    const char *q = cfg->md_ticks ? "`" : ""; /* the bench-hash-in-snark tables quote every cell */
    if (header) {
        fprintf(f, "%s, %s backend, preset %s (%s; the preset declares %.0f provable bits), %u thread%s; "
                   "time = median of %u proof%s; %s, commit %s\n",
                cfg->hash, backends[cfg->backend].name, cfg->preset->name, rate, cfg->preset->claim_bits,
                cfg->threads, cfg->threads > 1 ? "s" : "", cfg->samples, cfg->samples > 1 ? "s" : "", hs_cpu_model(),
                commit);
        fprintf(f, "units: KB/MB/GB = 1024-byte powers, K/s and M/s = 1000 per second; setup = shape-only work "
                   "before proving (stark: AIR and twiddles; gkr: WHIR parameters); bits = provable bits at that size ('hashsnark params'); a * marks a "
                   "multi-thread row whose proofs spread by more than 25%% (another process took a core)\n\n");
        fprintf(f, "| %shash%s | %sperm%s | %stime%s | %sthroughput%s | %sproof_size%s | %speak_mem%s | %ssetup%s | "
                   "%sverify%s | %sbits%s |\n",
                q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q);
        fprintf(f, "| - | - | - | - | - | - | - | - | - |\n");
    }
    for (size_t i = 0; i < n; i++) md_row(f, cfg, &rows[i], q, 0);
}

/* A CSV field: quoted when it holds a comma, a quote or a newline. */
static void csv_field(FILE *f, const char *s) {
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static const char csv_header[] = "hash,backend,preset,log_blowup,threads,log_perms,perms,prove_s,perms_per_s,proof_bytes,"
                                 "peak_rss_bytes,verify_s,bits,prove_best_s,prove_mean_s,samples,queries,status,cpu,"
                                 "commit,setup_s,contended,version,date,warmup,cold_prove_s\n";

static void csv_row(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *r, const char *commit) {
    if (cfg->peer) { /* published: what was published, the status names the source and machine */
        fprintf(f, "%s,plonky3,%s,%u,%u,%u,%.0f,%.9g,%.2f,%llu,,,", cfg->hash, cfg->preset->name, cfg->log_blowup,
                cfg->threads, r->log_perms, perms_of(r), r->prove_s, perms_of(r) / r->prove_s,
                (unsigned long long)r->proof_bytes);
        if (!isnan(r->bits)) fprintf(f, "%.2f", r->bits);
        fprintf(f, ",,,,%u,published (bench-hash-in-snark),i9-13900K,,,,,,,\n", cfg->num_queries);
        return;
    }
    fprintf(f, "%s,%s,%s,%u,%u,%u,%.0f,", cfg->hash, backends[cfg->backend].name, cfg->preset->name, cfg->log_blowup,
            cfg->threads, r->log_perms, perms_of(r));
    if (r->ok) {
        fprintf(f, "%.9g,%.2f,%llu,%llu,%.9g,", r->prove_s, perms_of(r) / r->prove_s, (unsigned long long)r->proof_bytes,
                (unsigned long long)r->peak_rss_bytes, r->verify_s);
        if (!isnan(r->bits)) fprintf(f, "%.2f", r->bits);
        fprintf(f, ",%.9g,%.9g,%u,%u,ok,", r->prove_best_s, r->prove_mean_s, cfg->samples, cfg->num_queries);
    } else {
        char st[200];
        snprintf(st, sizeof st, "failed: %s", r->why);
        fprintf(f, ",,,,,,,,%u,%u,", cfg->samples, cfg->num_queries);
        csv_field(f, st);
        fputc(',', f);
    }
    csv_field(f, hs_cpu_model());
    fputc(',', f);
    csv_field(f, commit);
    if (r->ok && !isnan(r->setup_s)) fprintf(f, ",%.9g", r->setup_s);
    else fputc(',', f);
    /* contended: empty where the spread test does not apply (one thread, fewer than 3 proofs) */
    fprintf(f, ",%s,%s,", !spread_known(cfg, r) ? "" : noisy(cfg, r) ? "true" : "false", HS_VERSION_STRING);
    char date[32];
    today(date, sizeof date);
    fprintf(f, "%s,%u,", date, r->ok ? r->warmups : 0);
    if (r->ok && !isnan(r->cold_s)) fprintf(f, "%.9g", r->cold_s);
    fputc('\n', f);
}

void hs_sweep_write_csv(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n, int header) {
    char commit[96];
    commit_id(commit, sizeof commit);
    if (header) fputs(csv_header, f);
    for (size_t i = 0; i < n; i++) csv_row(f, cfg, &rows[i], commit);
}

static void json_str(FILE *f, const char *s) { hs_json_quoted(f, s, strlen(s)); }

static void json_row(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *r, int first) {
    if (cfg->peer) { /* published: only what was published (no memory, verification or spread) */
        fprintf(f, "%s\n    {\"hash\": \"%s\", \"backend\": \"plonky3\", \"published\": \"bench-hash-in-snark\", "
                   "\"machine\": \"i9-13900K\", \"preset\": \"%s\", \"log_blowup\": %u, \"threads\": %u, "
                   "\"log_perms\": %u, \"perms\": %.0f, \"ok\": true, \"prove_s\": %.9g, \"perms_per_s\": %.2f, "
                   "\"proof_bytes\": %llu",
                first ? "" : ",", cfg->hash, cfg->preset->name, cfg->log_blowup, cfg->threads, r->log_perms, perms_of(r),
                r->prove_s, perms_of(r) / r->prove_s, (unsigned long long)r->proof_bytes);
        if (!isnan(r->bits)) fprintf(f, ", \"bits\": %.2f", r->bits);
        fputc('}', f);
        return;
    }
    fprintf(f, "%s\n    {\"hash\": \"%s\", \"backend\": \"%s\", \"preset\": \"%s\", \"log_blowup\": %u, "
               "\"threads\": %u, \"log_perms\": %u, \"perms\": %.0f, ",
            first ? "" : ",", cfg->hash, backends[cfg->backend].name, cfg->preset->name, cfg->log_blowup, cfg->threads,
            r->log_perms, perms_of(r));
    if (r->ok) {
        fprintf(f, "\"ok\": true, \"prove_s\": %.9g, \"perms_per_s\": %.2f, \"proof_bytes\": %llu, "
                   "\"peak_rss_bytes\": %llu, \"verify_s\": %.9g, \"bits\": ",
                r->prove_s, perms_of(r) / r->prove_s, (unsigned long long)r->proof_bytes,
                (unsigned long long)r->peak_rss_bytes, r->verify_s);
        if (isnan(r->bits)) fprintf(f, "null");
        else fprintf(f, "%.2f", r->bits);
        fprintf(f, ", \"prove_best_s\": %.9g, \"prove_mean_s\": %.9g, \"setup_s\": ", r->prove_best_s, r->prove_mean_s);
        if (isnan(r->setup_s)) fprintf(f, "null");
        else fprintf(f, "%.9g", r->setup_s);
        if (spread_known(cfg, r)) fprintf(f, ", \"contended\": %s", noisy(cfg, r) ? "true" : "false");
        fprintf(f, ", \"warmup\": %u", r->warmups);
        if (!isnan(r->cold_s)) fprintf(f, ", \"cold_prove_s\": %.9g", r->cold_s);
        fputc('}', f);
    } else {
        fprintf(f, "\"ok\": false, \"prove_s\": null, \"perms_per_s\": null, \"proof_bytes\": null, "
                   "\"peak_rss_bytes\": null, \"verify_s\": null, \"bits\": null, \"why\": ");
        json_str(f, r->why);
        fputc('}', f);
    }
}

void hs_sweep_write_json(FILE *f, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n) {
    char commit[96];
    commit_id(commit, sizeof commit);
    char date[32];
    today(date, sizeof date);
    fprintf(f, "{\n  \"cpu\": ");
    json_str(f, hs_cpu_model());
    fprintf(f, ",\n  \"commit\": ");
    json_str(f, commit);
    fprintf(f, ",\n  \"version\": \"%s\",\n  \"date\": \"%s\"", HS_VERSION_STRING, date);
    fprintf(f, ",\n  \"hash\": \"%s\",\n  \"backend\": \"%s\",\n  \"preset\": \"%s\",\n  \"log_blowup\": %u,\n"
               "  \"queries\": %u,\n  \"threads\": %u,\n  \"samples\": %u,\n  \"prove_s_is\": \"median\",\n"
               "  \"results\": [",
            cfg->hash, backends[cfg->backend].name, cfg->preset->name, cfg->log_blowup, cfg->num_queries,
            cfg->threads, cfg->samples);
    for (size_t i = 0; i < n; i++) json_row(f, cfg, &rows[i], i == 0);
    fprintf(f, "\n  ]\n}\n");
}

/* ---- the comparison: several hashes and backends in one table ------------------------------ */

static double entry_rate(const hs_sweep_entry *e) { return e->row->ok ? perms_of(e->row) / e->row->prove_s : -1; }

static int entry_cmp(const void *pa, const void *pb) {
    const hs_sweep_entry *a = pa, *b = pb;
    if (a->row->log_perms != b->row->log_perms) return a->row->log_perms < b->row->log_perms ? -1 : 1;
    double ra = entry_rate(a), rb = entry_rate(b);
    if (ra != rb) return ra > rb ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order); /* ties (failed rows): the order asked */
}

void hs_sweep_sort_entries(hs_sweep_entry *e, size_t n) { qsort(e, n, sizeof *e, entry_cmp); }

static void today(char *buf, size_t n) {
    time_t now = time(NULL);
    struct tm tmv;
    if (!gmtime_r(&now, &tmv) || !strftime(buf, n, "%Y-%m-%d", &tmv)) snprintf(buf, n, "?");
}

void hs_sweep_write_compare(FILE *f, hs_bench_format format, const hs_sweep_entry *e, size_t n, double bits) {
    char commit[96], date[32], level[48];
    commit_id(commit, sizeof commit);
    today(date, sizeof date);
    if (bits > 0) snprintf(level, sizeof level, "%.0f", bits);
    else snprintf(level, sizeof level, "the preset's");
    if (format == HS_BENCH_CSV) {
        fputs(csv_header, f);
        for (size_t i = 0; i < n; i++) csv_row(f, e[i].cfg, e[i].row, commit);
        return;
    }
    if (format == HS_BENCH_JSON) {
        fprintf(f, "{\n  \"cpu\": ");
        json_str(f, hs_cpu_model());
        fprintf(f, ",\n  \"commit\": ");
        json_str(f, commit);
        fprintf(f, ",\n  \"version\": \"%s\",\n  \"date\": \"%s\",\n  \"bits\": ", HS_VERSION_STRING, date);
        if (bits > 0) fprintf(f, "%.0f", bits);
        else fprintf(f, "null");
        fprintf(f, ",\n  \"threads\": %u,\n  \"samples\": %u,\n  \"prove_s_is\": \"median\",\n"
                   "  \"sorted_by\": \"log_perms, then perms_per_s descending\",\n  \"results\": [",
                n ? e[0].cfg->threads : 0, n ? e[0].cfg->samples : 0);
        for (size_t i = 0; i < n; i++) json_row(f, e[i].cfg, e[i].row, i == 0);
        fprintf(f, "\n  ]\n}\n");
        return;
    }
    const char *q = format == HS_BENCH_MD_TICKS ? "`" : "";
    const hs_sweep_config *c0 = n ? e[0].cfg : NULL;
    fprintf(f, "Proving cost at %s provable bits (each hash and backend with the cheapest preset that meets it at "
               "every size), %u thread%s, time = median of %u proof%s; %s, commit %s, %s\n",
            level, c0 ? c0->threads : 0, c0 && c0->threads > 1 ? "s" : "", c0 ? c0->samples : 0,
            c0 && c0->samples > 1 ? "s" : "", hs_cpu_model(), commit, date);
    if (bits <= 0) fprintf(f, "(no --bits: every row at the preset asked; bits says what each proves)\n");
    fprintf(f, "units: KB/MB/GB = 1024-byte powers, K/s and M/s = 1000 per second; rows by size, then fastest first; "
               "bits = provable bits at that size ('hashsnark params'); a * marks a multi-thread row whose proofs spread "
               "by more than 25%% (another process took a core)\n\n");
    fprintf(f, "| %shash%s | %sbackend%s | %spreset%s | %sperm%s | %stime%s | %sthroughput%s | %sproof_size%s | "
               "%speak_mem%s | %sverify%s | %sbits%s |\n",
            q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q);
    fprintf(f, "| - | - | - | - | - | - | - | - | - | - |\n");
    for (size_t i = 0; i < n; i++) md_row(f, e[i].cfg, e[i].row, q, 1);
}

/* ---- plot ---------------------------------------------------------------------------------- */

/* Plonky3's Poseidon2 rows in the bench-hash-in-snark benchmark (KoalaBear, t = 16, i9-13900K, 4 threads), 2^10..2^20:
 * throughput in K/s and proof size in KB (= 1024 bytes), at rate 1/2 and 1/4. */
static const double plonky3_kps[2][11] = {
    {283.96, 455.39, 677.63, 830.99, 965.01, 942.38, 833.12, 811.83, 800.58, 809.16, 779.93},
    {254.37, 464.28, 533.45, 654.95, 588.72, 548.83, 531.22, 525.81, 523.64, 514.07, 502.81},
};
static const double plonky3_kb[2][11] = {
    {1.68 * 1024, 1.76 * 1024, 1.85 * 1024, 1.95 * 1024, 2.06 * 1024, 2.17 * 1024, 2.30 * 1024, 2.43 * 1024,
     2.57 * 1024, 2.71 * 1024, 2.87 * 1024},
    {903.14, 950.17, 0.98 * 1024, 1.03 * 1024, 1.09 * 1024, 1.15 * 1024, 1.22 * 1024, 1.29 * 1024, 1.36 * 1024,
     1.44 * 1024, 1.52 * 1024},
};

/* Index into the Plonky3 rows for this sweep, or -1 when hash or rate differ. */
static int plonky3_ref(const hs_sweep_config *cfg) {
    if (cfg->backend != HS_SWEEP_STARK || strcmp(cfg->hash, "poseidon2-kb16")) return -1;
    return cfg->log_blowup == 1 ? 0 : cfg->log_blowup == 2 ? 1 : -1;
}

size_t hs_sweep_peer_rows(hs_sweep_config *cfg, hs_sweep_row *rows) {
    const int r = plonky3_ref(cfg);
    if (r < 0 || strcmp(cfg->preset->name, "compat")) return 0;
    cfg->peer = "Plonky3 (published: i9-13900K, 4 threads)";
    cfg->threads = 4;
    size_t n = 0;
    for (unsigned k = cfg->log_lo < 10 ? 10 : cfg->log_lo; k <= cfg->log_hi && k <= 20; k++) {
        hs_sweep_row *w = &rows[n++];
        memset(w, 0, sizeof *w);
        w->ok = 1;
        w->log_perms = k;
        w->prove_s = w->prove_best_s = w->prove_mean_s = w->prove_worst_s = ldexp(1.0, (int)k) / (1e3 * plonky3_kps[r][k - 10]);
        w->proof_bytes = (uint64_t)(plonky3_kb[r][k - 10] * 1024);
        w->verify_s = w->setup_s = w->cold_s = NAN;
        w->bits = hs_sweep_claimed_bits(cfg, k);
    }
    return n;
}

static int have(const char *shell_test) { return system(shell_test) == 0; }

/* 1 gnuplot, 2 matplotlib (py: the python that imports it: python3 on PATH, else Debian's
 * /usr/bin/python3, which python3-matplotlib installs into), 0 neither. */
static int plot_tool(const char **py) {
    const char *force = getenv("HS_PLOT");
    int want_gp = !force || !*force || !strcmp(force, "gnuplot");
    int want_mpl = !force || !*force || !strcmp(force, "matplotlib");
    if (want_gp && have("command -v gnuplot >/dev/null 2>&1")) return 1;
    if (want_mpl && have("python3 -c 'import matplotlib' >/dev/null 2>&1")) return *py = "python3", 2;
    if (want_mpl && have("/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1")) return *py = "/usr/bin/python3", 2;
    return 0;
}

static const char plot_hint[] =
    "install gnuplot (Debian: apt-get install gnuplot-nox) or matplotlib (apt-get install python3-matplotlib)";

const char *hs_sweep_plot_tool(const char **hint) {
    const char *py;
    *hint = plot_hint;
    switch (plot_tool(&py)) {
    case 1: return "gnuplot";
    case 2: return "python3 + matplotlib";
    default: return NULL;
    }
}

/* Runs argv (no shell) with stdout sent to stderr; 1 when it exits 0. */
static int run_tool(char *const argv[]) {
    fflush(stdout), fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        dup2(2, 1);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* A gnuplot single-quoted string: quotes doubled. */
static void gp_str(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

/* argv: png, title, logsize (1: proof size on a log axis), ref file ('-': none), ref label, then
 * pairs of a series' data file and its label. */
static const char mpl_script[] =
    "import sys\n"
    "import matplotlib\n"
    "matplotlib.use('Agg')\n"
    "import matplotlib.pyplot as plt\n"
    "png, title, logsize, ref, reflabel = sys.argv[1:6]\n"
    "series = list(zip(sys.argv[6::2], sys.argv[7::2]))\n"
    "def load(p):\n"
    "    rows = [l.split() for l in open(p) if l.strip()]\n"
    "    return [float(r[0]) for r in rows], [float(r[1]) for r in rows], [float(r[2]) for r in rows]\n"
    "fig, ax = plt.subplots(1, 2, figsize=(14, 5.6 + 0.25 * len(series)))\n"
    "for a, col, yl, lg in ((ax[0], 1, 'throughput (K evaluations/s, log scale)', 1),\n"
    "                       (ax[1], 2, 'proof size (KB%s)' % (', log scale' if logsize == '1' else ''), logsize == '1')):\n"
    "    for path, label in series:\n"
    "        d = load(path)\n"
    "        a.plot(d[0], d[col], 'o-', label=label)\n"
    "    if ref != '-':\n"
    "        d = load(ref)\n"
    "        a.plot(d[0], d[col], 's', label=reflabel)\n"
    "    a.set_xscale('log', base=2)\n"
    "    if lg: a.set_yscale('log')\n"
    "    else: a.set_ylim(bottom=0)\n"
    "    a.set_xlabel('evaluations')\n"
    "    a.set_ylabel(yl)\n"
    "    a.grid(True)\n"
    "h, l = ax[0].get_legend_handles_labels()\n"
    "fig.legend(h, l, loc='lower center', ncol=2 if len(l) > 3 else 1, fontsize='small')\n"
    "fig.suptitle(title)\n"
    "fig.tight_layout(rect=(0, 0.04 + 0.035 * ((len(l) + 1) // (2 if len(l) > 3 else 1)), 1, 1))\n"
    "fig.savefig(png, dpi=100)\n";

int hs_sweep_plot_is_svg(const char *path) {
    size_t n = strlen(path);
    return n > 4 && !strcmp(path + n - 4, ".svg");
}

int hs_sweep_plot_ext_ok(const char *path) {
    size_t n = strlen(path);
    return hs_sweep_plot_is_svg(path) || (n > 4 && !strcmp(path + n - 4, ".png"));
}

#define PLOT_MAX_SERIES 64

int hs_sweep_plot_series(const char *png, const hs_sweep_config *const *cfgs, const hs_sweep_row *const *rows,
                         const size_t *ns, size_t nseries, char *err, size_t errlen) {
    const char *py = NULL;
    int which = plot_tool(&py);
    const char *tool = which == 1 ? "gnuplot" : "matplotlib";
    err[0] = 0;
    if (!which) return snprintf(err, errlen, "no plotting tool: %s", plot_hint), 0;
    if (!nseries || nseries > PLOT_MAX_SERIES) return snprintf(err, errlen, "1..%d lines to a plot", PLOT_MAX_SERIES), 0;
    size_t good = 0;
    for (size_t k = 0; k < nseries; k++)
        for (size_t i = 0; i < ns[k]; i++) good += rows[k][i].ok != 0;
    if (!good) return snprintf(err, errlen, "no size succeeded: nothing to plot"), 0;

    const hs_sweep_config *cfg = cfgs[0];
    const int multi = nseries > 1;
    const time_t started = time(NULL) - 1;
    const char *tmpdir = getenv("TMPDIR");
    char dir[512], data[PLOT_MAX_SERIES][600], ref[600], script[600], label[PLOT_MAX_SERIES][160];
    snprintf(dir, sizeof dir, "%s/hs-plot-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) return snprintf(err, errlen, "cannot make a temporary folder in %s", dir), 0;
    snprintf(ref, sizeof ref, "%s/plonky3.dat", dir);
    snprintf(script, sizeof script, "%s/plot.%s", dir, which == 1 ? "gp" : "py");

    /* Plonky3's published rows beside a single poseidon2-kb16 sweep (the comparison shows this
     * machine's rows only) */
    int ok = 0, r = multi ? -1 : plonky3_ref(cfg);
    size_t written = 0;
    FILE *f;
    for (size_t k = 0; k < nseries; k++, written++) {
        snprintf(data[k], sizeof data[k], "%s/series%zu.dat", dir, k);
        if (!(f = fopen(data[k], "w"))) goto out;
        for (size_t i = 0; i < ns[k]; i++)
            if (rows[k][i].ok)
                fprintf(f, "%.0f %.4f %.4f\n", perms_of(&rows[k][i]), perms_of(&rows[k][i]) / rows[k][i].prove_s / 1e3,
                        (double)rows[k][i].proof_bytes / 1024);
        fclose(f);
        if (multi)
            snprintf(label[k], sizeof label[k], "%s, %s, %s", cfgs[k]->hash, backends[cfgs[k]->backend].name,
                     cfgs[k]->preset->name);
        else
            snprintf(label[k], sizeof label[k], "hashsnark (median of %u)", cfg->samples);
    }
    if (r >= 0) {
        if (!(f = fopen(ref, "w"))) goto out;
        for (int k = 0; k < 11; k++) fprintf(f, "%.0f %.2f %.2f\n", ldexp(1.0, 10 + k), plonky3_kps[r][k], plonky3_kb[r][k]);
        fclose(f);
    }
    char title[256], reflabel[160];
    if (multi)
        snprintf(title, sizeof title, "proving cost, %u thread%s, median of %u (%s)", cfg->threads,
                 cfg->threads > 1 ? "s" : "", cfg->samples, hs_cpu_model());
    else
        snprintf(title, sizeof title, "%s, %s backend, preset %s, rate 1/%u, %u thread%s (%s)", cfg->hash,
                 backends[cfg->backend].name, cfg->preset->name, 1u << cfg->log_blowup, cfg->threads,
                 cfg->threads > 1 ? "s" : "", hs_cpu_model());
    snprintf(reflabel, sizeof reflabel,
             "Plonky3, bench-hash-in-snark (i9-13900K, 4 threads, Poseidon2-KB16, rate 1/%u, 256/log_blowup queries)",
             1u << cfg->log_blowup);

    if (!(f = fopen(script, "w"))) goto out;
    if (which == 1) {
        fprintf(f, "set terminal %s size 1400,%u noenhanced\nset output ", hs_sweep_plot_is_svg(png) ? "svg" : "pngcairo",
                560 + 10 * (unsigned)nseries);
        gp_str(f, png);
        fprintf(f, "\nset multiplot layout 1,2 title ");
        gp_str(f, title);
        unsigned xlo = cfg->log_lo, xhi = cfg->log_hi;
        if (r >= 0) xlo = xlo < 10 ? xlo : 10, xhi = xhi > 20 ? xhi : 20;
        fprintf(f, "\nset logscale x 2\nset xrange [%g:%g]\nset xtics 1, 2\nset format x '%%L'\nset grid\n"
                   "set key below%s\nset offsets 0, 0, graph 0.08, 0\nset xlabel 'log2(evaluations)'\n",
                ldexp(0.7071067811865476, (int)xlo), ldexp(1.4142135623730951, (int)xhi),
                nseries > 4 ? " horizontal maxcols 2" : "");
        const char *ylabel[2] = {"throughput (K evaluations/s, log scale)",
                                 multi ? "proof size (KB, log scale)" : "proof size (KB)"};
        for (int col = 2; col <= 3; col++) {
            if (col == 2 || multi) fprintf(f, "set logscale y\nset yrange [*:*]\n");
            else fprintf(f, "unset logscale y\nset yrange [0:*]\n");
            fprintf(f, "set ylabel '%s'\nplot ", ylabel[col - 2]);
            for (size_t k = 0; k < nseries; k++) {
                if (k) fprintf(f, ", ");
                gp_str(f, data[k]);
                /* gnuplot has 8 line colours: each further 8 lines take another marker and dash */
                static const int pt[] = {7, 5, 9, 11, 13, 15, 4, 6};
                fprintf(f, " using 1:%d with linespoints lc %zu pt %d dt %zu lw 2 title ", col, k % 8 + 1, pt[k / 8 % 8],
                        k / 8 % 5 + 1);
                gp_str(f, label[k]);
            }
            if (r >= 0) {
                fprintf(f, ", ");
                gp_str(f, ref);
                fprintf(f, " using 1:%d with points pt 5 ps 1.3 title ", col);
                gp_str(f, reflabel);
            }
            fputc('\n', f);
        }
        fprintf(f, "unset multiplot\n");
        fclose(f);
        char *argv[] = {"gnuplot", script, NULL};
        ok = run_tool(argv);
    } else {
        fputs(mpl_script, f);
        fclose(f);
        char *argv[6 + 2 * PLOT_MAX_SERIES + 1];
        size_t at = 0;
        argv[at++] = (char *)py, argv[at++] = script, argv[at++] = (char *)png, argv[at++] = title;
        argv[at++] = multi ? "1" : "0";
        argv[at++] = r >= 0 ? ref : "-";
        argv[at++] = reflabel;
        for (size_t k = 0; k < nseries; k++) argv[at++] = data[k], argv[at++] = label[k];
        argv[at] = NULL;
        ok = run_tool(argv);
    }
    struct stat st;
    if (ok && (stat(png, &st) != 0 || st.st_size == 0 || st.st_mtime < started)) ok = 0; /* not (re)written */
    if (!ok) snprintf(err, errlen, "%s failed to write %s", tool, png);
out:
    if (!ok && !err[0]) snprintf(err, errlen, "cannot write temporary files in %s", dir);
    for (size_t k = 0; k < written; k++) unlink(data[k]);
    unlink(ref), unlink(script);
    rmdir(dir);
    return ok;
}

int hs_sweep_plot(const char *png, const hs_sweep_config *cfg, const hs_sweep_row *rows, size_t n, char *err,
                  size_t errlen) {
    return hs_sweep_plot_series(png, &cfg, &rows, &n, 1, err, errlen);
}
