/* Ragged regions of the Poseidon2b walk over GF(2^128) (gkrb/p2bragged.h), public statement, timed
 * by hand (docs/BENCHMARKS.md): the FROST-GKR ragged-regions post's comparison.
 *   bench_p2bragged [widths [threads [reps [variant [instance]]]]]
 * defaults: 14,15,17,16,12,15,16,12,13 (the post's nine regions, 360,448 permutations), 2 threads,
 * 3 repetitions, variant all, poseidon2b. variant: independent, padded, ragged, or all (each in its
 * own child process, one after the other, so that each peak memory is its own). Each variant prints
 * one CSV row: the median of reps proofs (wall clock) and that proof's phases (witness with its
 * block recomputations, statement binding, the layers' sumchecks), the process's CPU seconds for
 * that proof, one verification, the proof's bytes, the process's peak resident memory (inputs,
 * outputs and proof included) and the soundness bits. */
#define _DEFAULT_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gkrb/p2bragged.h"
#include "testutil.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"

static const char *const vname[3] = {"independent", "padded", "ragged"};

typedef struct {
    hs_p2br_shape s;
    hs_gf128 *in[HS_P2BR_MAX_REGIONS], *out[HS_P2BR_MAX_REGIONS];
    unsigned threads;
    hs_writer w;
    hs_p2bg_times tm[15];
    double cpu[15];
} bench_run;

static int run_prove(void *ctx, unsigned k) {
    bench_run *b = ctx;
    const char *why = NULL;
    hs_bench_fresh_writer(&b->w);
    if (hs_p2br_prove(&b->s, (const hs_gf128 *const *)b->in, b->out, b->threads, &b->w, &b->tm[k], &why)) return 1;
    return hs_bench_failed("prove", why);
}

static int bench_variant(hs_p2b_inst inst, unsigned variant, const unsigned *widths, unsigned A, unsigned threads,
                         unsigned reps) {
    static bench_run b; /* large: off the stack */
    const char *why = NULL;
    if (!hs_p2br_shape_make(&b.s, inst, variant, widths, A, &why)) {
        fprintf(stderr, "bench_p2bragged: %s\n", why);
        return 2;
    }
    b.threads = threads;
    hs_rng rng;
    hs_rng_seed(&rng, 1); /* the same inputs for every variant */
    size_t perms = 0;
    for (unsigned a = 0; a < A; a++) {
        const size_t e = (size_t)HS_P2B_WIDTH << widths[a];
        perms += (size_t)1 << widths[a];
        b.in[a] = hs_alloc_array(e, sizeof(hs_gf128));
        b.out[a] = hs_alloc_array(e, sizeof(hs_gf128));
        if (!b.in[a] || !b.out[a]) return 1;
        for (size_t i = 0; i < e; i++) b.in[a][i] = (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)};
    }
    double ts[15];
    const int mi = hs_bench_reps_cpu(reps, run_prove, &b, ts, b.cpu);
    if (mi < 0) return 1;
    const double t0 = hs_now();
    const int ok = hs_p2br_verify(&b.s, (const hs_gf128 *const *)b.in, (const hs_gf128 *const *)b.out, b.w.data, b.w.len,
                                  threads, NULL, &why);
    const double tv = hs_now() - t0;
    if (!ok) {
        fprintf(stderr, "verify: %s\n", why);
        return 1;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    const hs_p2bg_times *tm = &b.tm[mi];
    printf("%s,%s,%u,%zu,%zu,%u,%.3f,%.0f,%.3f,%.3f,%.3f,%.3f,%.3f,%zu,%.1f,%.1f\n", vname[variant],
           inst == HS_P2B_REF ? "poseidon2b" : "poseidon2b-frost", A, perms, b.s.physical_rows, threads, ts[mi],
           (double)perms / ts[mi], b.cpu[mi], tm->witness, tm->bind, tm->layers, tv, b.w.len, (double)ru.ru_maxrss / 1024.0,
           hs_p2br_soundness_bits(&b.s));
    fflush(stdout);
    hs_w_free(&b.w);
    for (unsigned a = 0; a < A; a++) hs_free(b.in[a]), hs_free(b.out[a]);
    return 0;
}

int main(int argc, char **argv) {
    const char *wl = argc > 1 ? argv[1] : "14,15,17,16,12,15,16,12,13";
    const unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 2, reps = argc > 3 ? (unsigned)atoi(argv[3]) : 3;
    const char *vn = argc > 4 ? argv[4] : "all", *iname = argc > 5 ? argv[5] : "poseidon2b";
    unsigned widths[HS_P2BR_MAX_REGIONS], A = 0;
    for (const char *p = wl; *p && A < HS_P2BR_MAX_REGIONS;) {
        char *end;
        const unsigned long v = strtoul(p, &end, 10);
        if (end == p || v > 64) {
            fprintf(stderr, "bench_p2bragged: bad widths %s (comma-separated, e.g. 14,15,17)\n", wl);
            return 2;
        }
        widths[A++] = (unsigned)v;
        p = *end == ',' ? end + 1 : end;
    }
    hs_p2b_inst inst;
    if (strcmp(iname, "poseidon2b") == 0) inst = HS_P2B_REF;
    else if (strcmp(iname, "poseidon2b-frost") == 0) inst = HS_P2B_FROST;
    else {
        fprintf(stderr, "bench_p2bragged: unknown instance %s (poseidon2b, poseidon2b-frost)\n", iname);
        return 2;
    }
    int variant = -1;
    for (int v = 0; v < 3; v++)
        if (strcmp(vn, vname[v]) == 0) variant = v;
    if ((variant < 0 && strcmp(vn, "all") != 0) || reps < 1 || reps > 15) {
        fprintf(stderr, "bench_p2bragged: variant is independent, padded, ragged or all; reps 1..15\n");
        return 2;
    }
    printf("variant,instance,regions,perms,physical_rows,threads,prove_s,perms_per_s,prove_cpu_s,witness_s,bind_s,layers_s,"
           "verify_s,proof_bytes,peak_rss_mib,soundness_bits\n");
    fflush(stdout);
    if (variant >= 0) return bench_variant(inst, (unsigned)variant, widths, A, threads, reps);
    for (unsigned v = 0; v < 3; v++) { /* each in its own process: its own peak memory */
        const pid_t pid = fork();
        if (pid < 0) return 1;
        if (pid == 0) _exit(bench_variant(inst, v, widths, A, threads, reps));
        int st = 0;
        if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return 1;
    }
    return 0;
}
