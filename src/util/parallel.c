#include "util/parallel.h"

#include "util/cpu.h"

void hs_parallel_batches(size_t n, size_t chunk, unsigned threads, hs_batch_fn fn, void *ctx) {
    if (threads <= 1 || chunk == 0 || n < 2 * chunk) {
        fn(ctx, 0, n);
        return;
    }
    const size_t items = (n + chunk - 1) / chunk;
    (void)hs_cpu_has_avx2(); /* cached before the threads race to it */
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t it = 0; it < items; it++) {
        size_t lo = it * chunk, cnt = n - lo < chunk ? n - lo : chunk;
        fn(ctx, lo, cnt);
    }
}
