/* The gkr layer sumcheck's row kernels at each SIMD level the CPU allows: milliseconds of this
 * thread's CPU time per call (CLOCK_THREAD_CPUTIME_ID, so another process on the core does not
 * count), best of 3 rounds, on 2^15-row tables and 16 cube lanes (a width-16 full layer), the K
 * tables' planes hs_gkr_plane_cap entries apart as the prover lays them out (BLOG=k: 2^k-row tables
 * instead, to compare in-cache and out-of-cache rates; BPAD=n: n spare entries a plane, 0 for the
 * unpadded layout). Not a test: built with the tests, run by
 * hand (docs/BENCHMARKS.md). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gkr/gkr.h"
#include "gkr/gkr_kern.h"
#include "testutil.h"
#include "util/cpu.h"

static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { NC = 16, KERNELS = 6 };
static const char *names[KERNELS] = {"roundk", "skip", "lupd", "skipf0", "skipfk", "foldk"};

/* One call of kernel k with its inputs. */
static void run(const hs_gkr_kernels *K, int k, const hs_kb *const *cp, hs_mle_k5 eq, hs_mle_k5 *f, const hs_kb5 *w,
                size_t h) {
    const size_t M = 2 * h / 8;
    static hs_kb5 acc[NC][HS_GKR_KERN_SKIP_PTS], q[3], lam[HS_GKR_KERN_SKIP_D];
    switch (k) {
    case 0: K->roundk(f, NC, h, eq, 0, h, q); break;
    case 1: K->skip(cp, NC, M, eq, 0, M, acc); break;
    case 2: K->lupd(f[0], M, cp[0], cp[1], w[0], w[1], w[2], eq, 0, M, lam); break;
    case 3: K->skipf0(cp[2], M, w, f[1], 0, M); break;
    case 4: K->skipfk(f[2], M, w, f[3], 0, M); break;
    default: K->foldk(f[4], h, w[3], 0, h); break;
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "bench_gkr_kern");
    const size_t h = (size_t)1 << (getenv("BLOG") ? atoi(getenv("BLOG")) : 15), N = 2 * h;
    const size_t C = getenv("BPAD") ? N + (size_t)atoi(getenv("BPAD")) : hs_gkr_plane_cap(N);
    hs_kb *cols = malloc(NC * N * sizeof *cols), *kb = malloc(5 * C * (NC + 1) * sizeof *kb);
    if (!cols || !kb) return 1;
    for (size_t i = 0; i < NC * N; i++) cols[i] = hs_test_rand_kb(&rng);
    for (size_t i = 0; i < 5 * C * (NC + 1); i++) kb[i] = hs_test_rand_kb(&rng);
    const hs_kb *cp[NC];
    hs_mle_k5 eq, f[NC];
    for (unsigned j = 0; j < NC; j++) cp[j] = cols + j * N;
    for (int c = 0; c < 5; c++) eq.p[c] = kb + c * C;
    for (unsigned j = 0; j < NC; j++)
        for (int c = 0; c < 5; c++) f[j].p[c] = kb + ((j + 1) * 5 + c) * C;
    hs_kb5 w[HS_GKR_KERN_SKIP_D];
    for (int d = 0; d < HS_GKR_KERN_SKIP_D; d++) w[d] = hs_test_rand_kb5(&rng);
    const hs_gkr_kernels *sets[3] = {&hs_gkr_kernels_portable, &hs_gkr_kernels_avx2, NULL};
    const char *set_names[3] = {"portable", "avx2", "avx512"};
    int ns = hs_cpu_has_avx2() ? 2 : 1;
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) sets[ns++] = &hs_gkr_kernels_avx512;
#endif
    printf("kernel");
    for (int s = 0; s < ns; s++) printf(" | %s ms", set_names[s]);
    printf(" | last / previous\n");
    for (int k = 0; k < KERNELS; k++) {
        double best[3];
        for (int s = 0; s < ns; s++) {
            best[s] = 1e30;
            const int calls = k == 0 || k == 1 ? 3 : 20;
            for (int round = 0; round < 3; round++) {
                double t0 = cpu_s();
                for (int i = 0; i < calls; i++) run(sets[s], k, cp, eq, f, w, h);
                double t = (cpu_s() - t0) / calls;
                if (t < best[s]) best[s] = t;
            }
        }
        printf("%s", names[k]);
        for (int s = 0; s < ns; s++) printf(" | %.3f", best[s] * 1e3);
        printf(" | %.2fx\n", ns > 1 ? best[ns - 2] / best[ns - 1] : 1.0);
    }
    free(cols), free(kb);
    return 0;
}
