/* Poseidon2b by GKR over GF(2^128) (gkrb/p2bgkr.h), public statement, timed by hand
 * (docs/BENCHMARKS.md):
 *   bench_p2bgkr [min_log_n [max_log_n [threads [reps [instance]]]]]   (defaults 12 16 1 3 poseidon2b)
 * instance: poseidon2b or poseidon2b-frost. For each size: the median of reps proofs (wall clock),
 * the permutations a second, the process's CPU seconds for that proof (all threads; on a loaded
 * machine, with 1 thread, closer to a quiet core's time than the wall clock) and the permutations
 * a CPU second, the phases (witness with its block recomputations, statement binding,
 * the layers' sumchecks), the native batch's time on the same states, one verification, the
 * proof's bytes and soundness bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gkrb/p2bgkr.h"
#include "testutil.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"

typedef struct {
    hs_p2b_inst inst;
    const hs_gf128 *in;
    hs_gf128 *out;
    unsigned log_n, threads;
    hs_writer w;
    hs_p2bg_times tm[15];
    double cpu[15]; /* the process's CPU seconds a proof (all threads) */
} bench_run;

static int run_prove(void *ctx, unsigned k) {
    bench_run *b = ctx;
    const char *why = NULL;
    hs_bench_fresh_writer(&b->w);
    if (hs_p2bg_prove(b->inst, b->in, b->log_n, b->threads, b->out, &b->w, &b->tm[k], &why)) return 1;
    return hs_bench_failed("prove", why);
}

int main(int argc, char **argv) {
    const unsigned lo = argc > 1 ? (unsigned)atoi(argv[1]) : 12, hi = argc > 2 ? (unsigned)atoi(argv[2]) : 16;
    const unsigned threads = argc > 3 ? (unsigned)atoi(argv[3]) : 1, reps = argc > 4 ? (unsigned)atoi(argv[4]) : 3;
    const char *iname = argc > 5 ? argv[5] : "poseidon2b";
    hs_p2b_inst inst;
    if (strcmp(iname, "poseidon2b") == 0) inst = HS_P2B_REF;
    else if (strcmp(iname, "poseidon2b-frost") == 0) inst = HS_P2B_FROST;
    else {
        fprintf(stderr, "bench_p2bgkr: unknown instance %s (poseidon2b, poseidon2b-frost)\n", iname);
        return 2;
    }
    if (hi > HS_P2BG_MAX_LOG_N || lo > hi || reps < 1 || reps > 15) return 2;
    hs_rng rng;
    hs_rng_seed(&rng, 1);
    printf("instance,log_n,threads,prove_s,perms_per_s,prove_cpu_s,perms_per_cpu_s,witness_s,bind_s,layers_s,native_s,verify_s,proof_bytes,"
           "soundness_bits\n");
    for (unsigned log_n = lo; log_n <= hi; log_n++) {
        const size_t n = (size_t)1 << log_n;
        hs_gf128 *in = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *in), *out = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *out);
        if (!in || !out) return 1;
        for (size_t i = 0; i < HS_P2B_WIDTH * n; i++) in[i] = (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)};
        double ts[15];
        bench_run br = {inst, in, out, log_n, threads, {0}, {{0, 0, 0}}, {0}};
        const int mi = hs_bench_reps_cpu(reps, run_prove, &br, ts, br.cpu);
        if (mi < 0) return 1;
        const unsigned med = (unsigned)mi;
        hs_writer w = br.w;
        const hs_p2bg_times *tm = br.tm;
        memcpy(out, in, HS_P2B_WIDTH * n * sizeof *in);
        double tn = hs_now();
        hs_p2b_permute_many(inst, out, n, threads);
        tn = hs_now() - tn;
        const char *why = NULL;
        double t0 = hs_now();
        int ok = hs_p2bg_verify(inst, in, out, log_n, w.data, w.len, threads, &why);
        double tv = hs_now() - t0;
        if (!ok) {
            fprintf(stderr, "verify: %s\n", why);
            return 1;
        }
        printf("%s,%u,%u,%.4f,%.0f,%.4f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%zu,%.1f\n", iname, log_n, threads, ts[med],
               (double)n / ts[med], br.cpu[med], (double)n / br.cpu[med], tm[med].witness, tm[med].bind, tm[med].layers, tn, tv, w.len,
               hs_p2bg_soundness_bits(log_n));
        fflush(stdout);
        hs_w_free(&w);
        hs_free(in);
        hs_free(out);
    }
    return 0;
}
