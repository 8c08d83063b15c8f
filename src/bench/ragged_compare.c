#define _DEFAULT_SOURCE 1 /* wait4 */
#include "bench/ragged_compare.h"
#include "bench/child.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/sweep.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"
#include "app/progress.h"

/* ---- the child: inputs, K proofs, K verifications ---- */

static int child_run(const hs_ragged_bench_config *cfg, unsigned variant, hs_bench_msg *m) {
    const unsigned A = cfg->n_regions, K = cfg->samples ? cfg->samples : 1;
    hs_ragged_shape s;
    const char *why = NULL;
    int ok = 0;
    hs_kb *in[HS_RAGGED_MAX_REGIONS] = {0}, *out[HS_RAGGED_MAX_REGIONS] = {0};
    size_t rows[HS_RAGGED_MAX_REGIONS];
    for (unsigned a = 0; a < A; a++) rows[a] = (size_t)1 << cfg->widths[a];
    double *tp = calloc(2 * (size_t)K, sizeof *tp);
    hs_writer w = {0};
    if (!tp) return snprintf(m->why, sizeof m->why, "out of memory"), 0;
    double *tv = tp + K;
    if (!hs_ragged_shape_make(&s, variant, cfg->widths, A, cfg->preset, &why) ||
        !hs_ragged_shape_set_private(&s, cfg->private_io, &why))
        goto done;
    hs_rng rng;
    hs_rng_seed(&rng, cfg->seed);
    why = "out of memory";
    for (unsigned a = 0; a < A; a++) { /* the same inputs for every variant */
        const size_t words = (size_t)16 << cfg->widths[a];
        in[a] = hs_alloc_array(words, sizeof(hs_kb));
        out[a] = hs_alloc_array(words, sizeof(hs_kb));
        if (!in[a] || !out[a]) goto done;
        for (size_t i = 0; i < words; i++) in[a][i] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
    }
    for (unsigned k = 0; k < K; k++) {
        hs_w_free(&w);
        memset(&w, 0, sizeof w);
        double t0 = hs_now();
        if (!hs_ragged_prove(&s, (const hs_kb *const *)in, out, cfg->threads, &w, NULL, NULL, 0, &why)) goto done;
        tp[k] = hs_now() - t0;
    }
    for (unsigned k = 0; k < K; k++) {
        double t0 = hs_now();
        const int pub = !cfg->private_io; /* committed regions: no tables */
        if (!hs_ragged_verify(w.data, w.len, pub ? (const hs_kb *const *)in : NULL, pub ? (const hs_kb *const *)out : NULL,
                              pub ? rows : NULL, pub ? A : 0, cfg->threads, NULL, NULL, &why)) {
            if (!why) why = "the proof was rejected";
            goto done;
        }
        tv[k] = hs_now() - t0;
    }
    m->proof_bytes = w.len;
    m->verify_s = hs_bench_median(tv, K);
    hs_bench_msg_times(m, tp, K);
    ok = 1;
done:
    if (!ok) snprintf(m->why, sizeof m->why, "%s", why ? why : "failed");
    hs_w_free(&w);
    for (unsigned a = 0; a < A; a++) hs_free(in[a]), hs_free(out[a]);
    free(tp);
    return ok;
}

typedef struct {
    const hs_ragged_bench_config *cfg;
    unsigned variant;
} child_ctx;

static void child_main(void *ctxp, void *msgp) {
    const child_ctx *cx = ctxp;
    hs_bench_msg *m = msgp;
    m->ok = child_run(cx->cfg, cx->variant, m);
}

static void run_variant(const hs_ragged_bench_config *cfg, unsigned variant, hs_ragged_bench_row *row) {
    memset(row, 0, sizeof *row);
    row->variant = variant;
    hs_ragged_shape s;
    const char *why = NULL;
    if (hs_ragged_shape_make(&s, variant, cfg->widths, cfg->n_regions, cfg->preset, &why)) row->physical_rows = s.physical_rows;
    child_ctx cx = {cfg, variant};
    hs_bench_msg m;
    if (!hs_bench_measure(child_main, &cx, &m, cfg->timeout_s, &row->peak_rss_bytes, row->why, sizeof row->why)) return;
    row->ok = 1;
    row->prove_s = m.prove_median_s, row->prove_min_s = m.prove_min_s, row->prove_max_s = m.prove_max_s;
    row->verify_s = m.verify_s;
    row->proof_bytes = m.proof_bytes;
}

unsigned hs_ragged_bench_run(const hs_ragged_bench_config *cfg, hs_ragged_bench_row rows[3]) {
    unsigned good = 0;
    for (unsigned v = 0; v < 3; v++) {
        hs_cli_progress_show(v / 3.0, "ragged regions, %s: %u proof%s and verification%s", hs_ragged_variant_name(v),
                             cfg->samples, cfg->samples == 1 ? "" : "s", cfg->samples == 1 ? "" : "s");
        run_variant(cfg, v, &rows[v]);
        hs_cli_progress_clear();
        if (rows[v].ok) good++;
        else fprintf(stderr, "bench: %s failed: %s\n", hs_ragged_variant_name(v), rows[v].why);
    }
    return good;
}

static const char *const titles[3] = {"Independent native walks", "Physical max padding", "Implicit ragged walk"};

void hs_ragged_bench_write_md(FILE *f, const hs_ragged_bench_config *cfg, const hs_ragged_bench_row rows[3]) {
    fprintf(f, "### Ragged regions: widths [");
    for (unsigned a = 0; a < cfg->n_regions; a++) fprintf(f, "%s%u", a ? ", " : "", cfg->widths[a]);
    fprintf(f, "], Poseidon2-KB16, 28 S-box layers, %s, preset %s, %u thread%s, %u sample%s\n\n",
            cfg->private_io ? "private statement (committed regions: one stacked WHIR commitment)" : "public statement",
            cfg->preset->name, cfg->threads, cfg->threads == 1 ? "" : "s", cfg->samples, cfg->samples == 1 ? "" : "s");
    fprintf(f, "| variant | physical rows | prover median | prover range | verifier median | proof | peak memory |\n");
    fprintf(f, "|---|---:|---:|---:|---:|---:|---:|\n");
    for (unsigned v = 0; v < 3; v++) {
        const hs_ragged_bench_row *r = &rows[v];
        if (!r->ok) {
            fprintf(f, "| %s | %zu | - | - | - | - | - |\n", titles[v], r->physical_rows);
            continue;
        }
        char pm[32], lo[32], hi[32], vm[32], pb[32], mem[32];
        hs_sweep_human_time(pm, sizeof pm, r->prove_s);
        hs_sweep_human_time(lo, sizeof lo, r->prove_min_s);
        hs_sweep_human_time(hi, sizeof hi, r->prove_max_s);
        hs_sweep_human_time(vm, sizeof vm, r->verify_s);
        hs_sweep_human_size(pb, sizeof pb, (double)r->proof_bytes);
        hs_sweep_human_mem(mem, sizeof mem, (double)r->peak_rss_bytes);
        fprintf(f, "| %s | %zu | %s | %s – %s | %s | %s (%llu B) | %s |\n", titles[v], r->physical_rows, pm, lo, hi, vm,
                pb, (unsigned long long)r->proof_bytes, mem);
    }
    const hs_ragged_bench_row *g = &rows[HS_RAGGED_RAGGED];
    if (g->ok)
        for (unsigned v = 0; v < 2; v++)
            if (rows[v].ok)
                fprintf(f, "\nragged against %s: prover %.3fx, verifier %.3fx, proof %.3fx smaller, rows %.4fx fewer",
                        hs_ragged_variant_name(v), rows[v].prove_s / g->prove_s, rows[v].verify_s / g->verify_s,
                        (double)rows[v].proof_bytes / (double)g->proof_bytes,
                        (double)rows[v].physical_rows / (double)g->physical_rows);
    fprintf(f, "\n");
}

void hs_ragged_bench_write_csv(FILE *f, const hs_ragged_bench_row rows[3]) {
    fprintf(f, "variant,physical_rows,prove_s,verify_s,proof_bytes,peak_rss_bytes\n");
    for (unsigned v = 0; v < 3; v++) {
        const hs_ragged_bench_row *r = &rows[v];
        if (r->ok)
            fprintf(f, "%s,%zu,%.6f,%.6f,%llu,%llu\n", hs_ragged_variant_name(v), r->physical_rows, r->prove_s, r->verify_s,
                    (unsigned long long)r->proof_bytes, (unsigned long long)r->peak_rss_bytes);
        else
            fprintf(f, "%s,%zu,,,,\n", hs_ragged_variant_name(v), r->physical_rows);
    }
}

int hs_ragged_compare(const hs_ragged_bench_config *cfg, int csv, FILE *f) {
    hs_ragged_bench_row rows[3];
    unsigned good = hs_ragged_bench_run(cfg, rows);
    if (csv) hs_ragged_bench_write_csv(f, rows);
    else hs_ragged_bench_write_md(f, cfg, rows);
    return good == 3 ? 0 : 1;
}
