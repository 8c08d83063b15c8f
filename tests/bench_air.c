/* The stark quotient's AIR evaluation at each SIMD level the CPU allows: microseconds of this
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID, so another process on the core does not count) per
 * 16 rows through hs_air_eval_rows16 (the AIR's AVX-512 evaluator at avx512; two 8-row calls of
 * its AVX2 evaluator at avx2; eval_row 16 times at portable), best of 7 rounds of 500 calls, for
 * every AIR with a 16-row or 8-row evaluator. Not a test: built with the tests, run by hand
 * (docs/BENCHMARKS.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "air/air.h"
#include "hash/registry.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { ROUNDS = 7, CALLS = 500, D = 4 };

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "bench_air");
    const hs_simd top = hs_cpu_simd_detected();
    printf("| AIR (16 rows, challenge degree %d, 1 thread) | portable us |%s%s\n|---|---:|%s%s\n", D,
           top >= HS_SIMD_AVX2 ? " avx2 us |" : "", top >= HS_SIMD_AVX512 ? " avx512 us | avx512 / avx2 |" : "",
           top >= HS_SIMD_AVX2 ? "---:|" : "", top >= HS_SIMD_AVX512 ? "---:|---:|" : "");
    for (size_t ai = 0; ai < hs_air_count(); ai++) {
        const hs_air_def *def = hs_air_at(ai);
        hs_air a;
        if (!def->init(&a, 0)) continue;
        if (!a.ops->eval_rows8 && !a.eval_rows16) continue;
        const size_t W = a.width;
        hs_kb *rows = hs_alloc_array(32 * W, sizeof(hs_kb)), *pow = hs_alloc_array(a.n_constraints * D, sizeof(hs_kb));
        size_t sb = a.ops->rows8_scratch_bytes ? a.ops->rows8_scratch_bytes(&a) : 0;
        void *scratch = sb ? hs_alloc_array(1, sb) : NULL;
        if (!rows || !pow || (sb && !scratch)) return 1;
        for (size_t i = 0; i < 32 * W; i++) rows[i] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
        for (size_t i = 0; i < a.n_constraints * D; i++) pow[i] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
        const hs_kb *loc[16], *nxt[16];
        hs_kb per[HS_AIR_MAX_PERIODIC * 16];
        for (unsigned j = 0; j < 16; j++) loc[j] = rows + j * W, nxt[j] = rows + (16 + j) * W;
        for (unsigned c = 0; c < HS_AIR_MAX_PERIODIC * 16; c++) per[c] = hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P));
        double best[3] = {1e30, 1e30, 1e30};
        hs_kbe ref[16], out[16];
        for (int r = 0; r < ROUNDS; r++)
            for (int l = 0; l <= (int)top; l++) { /* interleaved: every level sees the same load */
                hs_cpu_simd_force((hs_simd)l);
                double t0 = cpu_s();
                for (int k = 0; k < (l == 0 ? CALLS / 10 : CALLS); k++) hs_air_eval_rows16(&a, D, loc, nxt, per, pow, scratch, out);
                double t = (cpu_s() - t0) / (l == 0 ? CALLS / 10 : CALLS);
                if (t < best[l]) best[l] = t;
                if (l == 0) memcpy(ref, out, sizeof ref);
                else if (memcmp(ref, out, sizeof ref)) return fprintf(stderr, "bench_air: %s differs at level %d\n", a.name, l), 1;
            }
        printf("| %s (%zu columns, %zu constraints) | %.1f |", a.name, W, a.n_constraints, best[0] * 1e6);
        if (top >= HS_SIMD_AVX2) printf(" %.2f |", best[1] * 1e6);
        if (top >= HS_SIMD_AVX512) printf(" %.2f | %.2fx |", best[2] * 1e6, best[1] / best[2]);
        printf("\n");
        hs_free(rows), hs_free(pow), hs_free(scratch);
    }
    return 0;
}
