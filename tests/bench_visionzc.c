/* Vision Mark-32 by a zerocheck on the binary commitment (gkrb/visionzc.h), public statement, timed
 * by hand (docs/BENCHMARKS.md):
 *   bench_visionzc [min_log_n [max_log_n [threads [reps]]]]   (defaults 10 16 2 1)
 * For each size: the median of reps proofs (wall clock), the permutations a second, the process's
 * CPU seconds for that proof (all threads), the phases (witness, commitment, zerocheck, linear
 * relations and column sumcheck, opening), the native batch's time on the same states, one
 * verification, the proof's bytes, the soundness bits (the weakest term) and the process's peak
 * resident memory so far (getrusage). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "gkrb/visionzc.h"
#include "testutil.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"

typedef struct {
    const hs_vzc_config *cfg;
    const uint32_t *in;
    uint32_t *out;
    unsigned log_n, threads;
    hs_writer w;
    hs_vzc_times tm[15];
    double cpu[15];
} bench_run;

static int run_prove(void *ctx, unsigned k) {
    bench_run *b = ctx;
    const char *why = NULL;
    hs_bench_fresh_writer(&b->w);
    if (hs_vzc_prove(b->cfg, b->in, b->log_n, b->threads, b->out, &b->w, &b->tm[k], &why)) return 1;
    return hs_bench_failed("prove", why);
}

int main(int argc, char **argv) {
    const unsigned lo = argc > 1 ? (unsigned)atoi(argv[1]) : 10, hi = argc > 2 ? (unsigned)atoi(argv[2]) : 16;
    const unsigned threads = argc > 3 ? (unsigned)atoi(argv[3]) : 2, reps = argc > 4 ? (unsigned)atoi(argv[4]) : 1;
    if (hi > HS_VZC_MAX_LOG_N || lo > hi || reps < 1 || reps > 15) return 2;
    hs_vzc_config cfg;
    hs_vzc_config_default(&cfg);
    hs_rng rng;
    hs_rng_seed(&rng, 1);
    printf("log_n,threads,prove_s,perms_per_s,prove_cpu_s,witness_s,commit_s,zerocheck_s,columns_s,open_s,native_s,"
           "verify_s,proof_bytes,soundness_bits,peak_rss_mib\n");
    for (unsigned log_n = lo; log_n <= hi; log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint32_t *in = hs_alloc_array(HS_VISION32_WIDTH * n, sizeof *in),
                 *out = hs_alloc_array(HS_VISION32_WIDTH * n, sizeof *out);
        if (!in || !out) return 1;
        for (size_t i = 0; i < HS_VISION32_WIDTH * n; i++) in[i] = (uint32_t)hs_rng_u64(&rng);
        double ts[15];
        bench_run br = {&cfg, in, out, log_n, threads, {0}, {{0, 0, 0, 0, 0}}, {0}};
        const int mi = hs_bench_reps_cpu(reps, run_prove, &br, ts, br.cpu);
        if (mi < 0) return 1;
        const unsigned med = (unsigned)mi;
        hs_writer w = br.w;
        const hs_vzc_times *tm = &br.tm[med];
        uint32_t *nat = hs_alloc_array(HS_VISION32_WIDTH * n, sizeof *nat);
        memcpy(nat, in, HS_VISION32_WIDTH * n * sizeof *in);
        double tn = hs_now();
        hs_vision32_permute_many(nat, n, threads);
        tn = hs_now() - tn;
        if (memcmp(nat, out, HS_VISION32_WIDTH * n * sizeof *nat)) {
            fprintf(stderr, "outputs differ from the native batch\n");
            return 1;
        }
        const char *why = NULL;
        double t0 = hs_now();
        int ok = hs_vzc_verify(&cfg, in, out, log_n, w.data, w.len, threads, &why);
        double tv = hs_now() - t0;
        if (!ok) {
            fprintf(stderr, "verify: %s\n", why);
            return 1;
        }
        hs_sound_report rep;
        if (!hs_vzc_soundness(&cfg, log_n, &rep, &why)) return 1;
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("%u,%u,%.3f,%.0f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%zu,%.1f,%.0f\n", log_n, threads, ts[med],
               (double)n / ts[med], br.cpu[med], tm->witness, tm->commit, tm->zerocheck, tm->columns, tm->open, tn, tv,
               w.len, rep.protocol_bits, (double)ru.ru_maxrss / 1024.0);
        fflush(stdout);
        hs_w_free(&w);
        hs_free(in), hs_free(out), hs_free(nat);
    }
    return 0;
}
