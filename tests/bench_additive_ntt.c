/* The additive NTT over GF(2^128) (poly/additive_ntt.h): wall milliseconds of a forward and an
 * inverse transform, best of 3, for each kernel this CPU and level have (the portable one only up
 * to 2^20), 1 and 2 threads. Not a test: built with the tests, run by hand (docs/BENCHMARKS.md).
 * usage: bench_additive_ntt [LOG_N [COLS]]   (default 20 1) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "poly/additive_ntt.h"
#include "testutil.h"
#include "util/timer.h"

int main(int argc, char **argv) {
    unsigned log_n = argc > 1 ? (unsigned)atoi(argv[1]) : 20;
    size_t cols = argc > 2 ? (size_t)atol(argv[2]) : 1;
    if (log_n < 1 || log_n > 28 || cols < 1 || cols > 1024) {
        fprintf(stderr, "usage: bench_additive_ntt [LOG_N 1..28 [COLS 1..1024]]\n");
        return 2;
    }
    size_t n = ((size_t)1 << log_n) * cols;
    hs_gf128 *d = malloc(n * sizeof *d);
    if (!d) return 1;
    hs_rng rng;
    hs_rng_seed(&rng, 1);
    for (size_t i = 0; i < n; i++) d[i] = (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)};
    printf("| kernel | threads | 2^%u x %zu forward ms | inverse ms | ns per butterfly (forward) |\n|---|---:|---:|---:|---:|\n",
           log_n, cols);
    for (int impl = 0; impl < HS_GF128_IMPL_COUNT; impl++) {
        const hs_gf128_kernels *k = hs_gf128_kernels_get((hs_gf128_impl)impl);
        if (!k || (impl == HS_GF128_PORTABLE && log_n > 20)) continue;
        for (unsigned t = 1; t <= 2; t++) {
            double best[2] = {1e30, 1e30};
            for (int r = 0; r < 3; r++)
                for (int inv = 0; inv < 2; inv++) {
                    double s = hs_now();
                    (inv ? hs_antt_inverse_with : hs_antt_forward_with)(k, d, log_n, cols, t);
                    s = hs_now() - s;
                    if (s < best[inv]) best[inv] = s;
                }
            printf("| %s | %u | %.1f | %.1f | %.2f |\n", k->name, t, best[0] * 1e3, best[1] * 1e3,
                   best[0] * 1e9 / ((double)log_n * (double)(n / 2)));
        }
    }
    free(d);
    return 0;
}
