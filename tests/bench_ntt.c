/* The NTT / LDE at each SIMD level the CPU allows: milliseconds of this thread's CPU time per
 * transform (CLOCK_THREAD_CPUTIME_ID, so another process on the core does not count), best of
 * 5 rounds, one thread. Shapes: a stark trace's LDE (2^13 rows of 256 columns, blowup 2), a
 * forward DIF and an inverse iDIT of 2^16 x 64, and a single column of 2^20 (the narrow-row
 * kernels). Not a test: built with the tests, run by hand (docs/BENCHMARKS.md). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "poly/ntt.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { SHAPES = 4, ROUNDS = 5 };
static const char *names[SHAPES] = {"lde 2^13 x 256, blowup 2", "dif 2^16 x 64", "idit 2^16 x 64", "dif 2^20 x 1"};
static const unsigned log_hs[SHAPES] = {13, 16, 16, 20};
static const size_t ws[SHAPES] = {256, 64, 64, 1};

static int run(const hs_ntt_plan *plan, int k, hs_kb *in, hs_kb *out) {
    switch (k) {
    case 0: return hs_ntt_lde(plan, in, out, log_hs[k], ws[k], 1, 0, 1);
    case 2: return hs_ntt_idit(plan, in, log_hs[k], ws[k], 1);
    default: return hs_ntt_dif(plan, in, log_hs[k], ws[k], 1);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "bench_ntt");
    hs_ntt_plan plan;
    if (!hs_ntt_plan_init(&plan, 20)) return 1;
    const hs_ntt_kernels *sets[3] = {&hs_ntt_kernels_portable, &hs_ntt_kernels_avx2, &hs_ntt_kernels_avx512};
    const int nsets = hs_cpu_has_avx512() ? 3 : hs_cpu_has_avx2() ? 2 : 1;
    printf("| transform (1 thread) |");
    for (int s = 0; s < nsets; s++) printf(" %s ms |", sets[s]->name);
    printf("%s\n|---|", nsets == 3 ? " avx512 / avx2 |" : "");
    for (int s = 0; s <= nsets - (nsets < 3); s++) printf("---:|");
    printf("\n");
    for (int k = 0; k < SHAPES; k++) {
        const size_t n = ((size_t)1 << log_hs[k]) * ws[k];
        hs_kb *in = hs_alloc_array(n, sizeof(hs_kb)), *out = hs_alloc_array(2 * n, sizeof(hs_kb));
        if (!in || !out) return 1;
        for (size_t i = 0; i < n; i++) in[i] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
        double best[3];
        for (int s = 0; s < nsets; s++) best[s] = 1e30;
        for (int r = 0; r < ROUNDS; r++)
            for (int s = 0; s < nsets; s++) { /* interleaved: every set sees the same load */
                plan.kern = sets[s];
                double t0 = cpu_s();
                if (!run(&plan, k, in, out)) return 1;
                double t = cpu_s() - t0;
                if (t < best[s]) best[s] = t;
            }
        printf("| %s |", names[k]);
        for (int s = 0; s < nsets; s++) printf(" %.2f |", best[s] * 1e3);
        if (nsets == 3) printf(" %.2fx |", best[1] / best[2]);
        printf("\n");
        hs_free(in);
        hs_free(out);
    }
    hs_ntt_plan_free(&plan);
    return 0;
}
