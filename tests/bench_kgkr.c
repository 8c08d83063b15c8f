/* Keccak-f[1600] by GKR over GF(2) (gkrb/kgkr.h), timed by hand (docs/BENCHMARKS.md):
 *   bench_kgkr [min_log_n [max_log_n [threads [reps]]]]   (defaults 10 16 1 3)
 * For each size: the median of reps proofs (wall clock), the permutations a second, the phases
 * (witness, statement binding, chi round 1 on the bits, chi rounds 2.. on the tables, the
 * bit-in-lane rounds, the lane values' fold and the weights), one verification, the proof's bytes and soundness bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gkrb/kgkr.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    const unsigned lo = argc > 1 ? (unsigned)atoi(argv[1]) : 10, hi = argc > 2 ? (unsigned)atoi(argv[2]) : 16;
    const unsigned threads = argc > 3 ? (unsigned)atoi(argv[3]) : 1, reps = argc > 4 ? (unsigned)atoi(argv[4]) : 3;
    if (hi > HS_KGKR_MAX_LOG_N || lo > hi || reps < 1 || reps > 15) return 2;
    hs_rng rng;
    hs_rng_seed(&rng, 1);
    printf("log_n,threads,prove_s,keccakf_per_s,witness_s,bind_s,chi_round1_s,chi_rest_s,finals_s,verify_s,proof_bytes,"
           "soundness_bits\n");
    for (unsigned log_n = lo; log_n <= hi; log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint64_t *in = hs_alloc_array(25 * n, 8), *out = hs_alloc_array(25 * n, 8);
        if (!in || !out) return 1;
        for (size_t i = 0; i < 25 * n; i++) in[i] = hs_rng_u64(&rng);
        double ts[15];
        hs_kgkr_times tm[15];
        hs_writer w = {0};
        for (unsigned k = 0; k < reps; k++) {
            hs_w_free(&w);
            memset(&w, 0, sizeof w);
            const char *why = NULL;
            double t0 = hs_now();
            if (!hs_kgkr_prove(in, log_n, threads, out, &w, &tm[k], &why)) {
                fprintf(stderr, "prove: %s\n", why);
                return 1;
            }
            ts[k] = hs_now() - t0;
        }
        double sorted[15];
        memcpy(sorted, ts, reps * sizeof *ts);
        qsort(sorted, reps, sizeof *sorted, cmp_d);
        unsigned med = 0;
        for (unsigned k = 0; k < reps; k++)
            if (ts[k] == sorted[reps / 2]) med = k;
        const char *why = NULL;
        double t0 = hs_now();
        int ok = hs_kgkr_verify(in, out, log_n, w.data, w.len, threads, &why);
        double tv = hs_now() - t0;
        if (!ok) {
            fprintf(stderr, "verify: %s\n", why);
            return 1;
        }
        printf("%u,%u,%.4f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%zu,%.1f\n", log_n, threads, ts[med], (double)n / ts[med],
               tm[med].witness, tm[med].bind, tm[med].chi_first, tm[med].chi_rest, tm[med].finals, tv, w.len,
               hs_kgkr_soundness_bits(log_n));
        fflush(stdout);
        hs_w_free(&w);
        hs_free(in);
        hs_free(out);
    }
    return 0;
}
