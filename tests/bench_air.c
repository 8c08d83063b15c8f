/* The stark quotient's AIR evaluation at each SIMD level the CPU allows: microseconds of this
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID, so another process on the core does not count) per
 * 16 rows through hs_air_eval_rows16 (the AIR's AVX-512 evaluator at avx512; two 8-row calls of
 * its AVX2 evaluator at avx2; eval_row 16 times at portable), best of 7 rounds of 500 calls, for
 * every AIR with a 16-row or 8-row evaluator; and for an AIR with lookups, its LogUp constraints at
 * 16 points through hs_logup_eval_points16 (degree-4 challenge field, the compat preset's) in a
 * row of their own. Not a test: built with the tests, run by hand (docs/BENCHMARKS.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "air/air.h"
#include "hash/registry.h"
#include "stark/logup.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { ROUNDS = 7, CALLS = 500, D = 4 };

static hs_kb rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }
static hs_kbe rand_kbe(hs_rng *rng) {
    hs_kbe x = hs_kbe_zero();
    for (unsigned t = 0; t < D; t++) x.c[t] = rand_kb(rng);
    return x;
}

/* The LogUp constraints of AIR a at 16 random points of a 2^16-row trace's shape, at each level:
 * prints a table row; 1 if the levels disagree or memory ran out. */
static int bench_logup(hs_rng *rng, const hs_air *a, hs_simd top) {
    hs_logup_shape s;
    const char *why = NULL;
    if (!hs_logup_shape_init(&s, a, 16, &why) || !s.n_lookups) return 0;
    const size_t per = 3 * s.n_lookups + s.n_mult + 3 * (size_t)s.n_mult + 2 * s.aux_ext * D;
    hs_kb *vals = hs_alloc_array(16 * per, sizeof(hs_kb));
    hs_kbe *pow = hs_alloc_array(s.aux_ext, sizeof(hs_kbe));
    void *scr = hs_alloc_array(1, hs_logup_scratch16_bytes(&s));
    if (!vals || !pow || !scr) return 1;
    for (size_t i = 0; i < 16 * per; i++) vals[i] = rand_kb(rng);
    for (size_t i = 0; i < s.aux_ext; i++) pow[i] = rand_kbe(rng);
    hs_logup_eval e;
    hs_logup_eval_init(&e, &s, D, rand_kbe(rng), rand_kbe(rng), pow);
    const hs_kb *lk[16], *mu[16], *tb[16], *ax[16], *an[16];
    for (unsigned j = 0; j < 16; j++) {
        lk[j] = vals + j * per, mu[j] = lk[j] + 3 * s.n_lookups, tb[j] = mu[j] + s.n_mult;
        ax[j] = tb[j] + 3 * (size_t)s.n_mult, an[j] = ax[j] + s.aux_ext * D;
    }
    double best[3] = {1e30, 1e30, 1e30};
    hs_kbe ref[16], out[16];
    for (int r = 0; r < ROUNDS; r++)
        for (int l = 0; l <= (int)top; l++) {
            const int calls = l == 0 ? CALLS / 10 : CALLS;
            hs_cpu_simd_force((hs_simd)l);
            double t0 = cpu_s();
            for (int k = 0; k < calls; k++) hs_logup_eval_points16(&e, lk, mu, tb, ax, an, scr, out);
            double t = (cpu_s() - t0) / calls;
            if (t < best[l]) best[l] = t;
            if (l == 0) memcpy(ref, out, sizeof ref);
            else if (memcmp(ref, out, sizeof ref)) return fprintf(stderr, "bench_air: %s LogUp differs at level %d\n", a->name, l), 1;
        }
    printf("| %s LogUp (%zu lookups, %u multiplicity columns) | %.1f |", a->name, s.n_lookups, s.n_mult, best[0] * 1e6);
    if (top >= HS_SIMD_AVX2) printf(" %.2f |", best[1] * 1e6);
    if (top >= HS_SIMD_AVX512) printf(" %.2f | %.2fx |", best[2] * 1e6, best[1] / best[2]);
    printf("\n");
    hs_free(vals), hs_free(pow), hs_free(scr);
    return 0;
}

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
        for (size_t i = 0; i < 32 * W; i++) rows[i] = rand_kb(&rng);
        for (size_t i = 0; i < a.n_constraints * D; i++) pow[i] = rand_kb(&rng);
        const hs_kb *loc[16], *nxt[16];
        hs_kb per[HS_AIR_MAX_PERIODIC * 16];
        for (unsigned j = 0; j < 16; j++) loc[j] = rows + j * W, nxt[j] = rows + (16 + j) * W;
        for (unsigned c = 0; c < HS_AIR_MAX_PERIODIC * 16; c++) per[c] = rand_kb(&rng);
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
        if (bench_logup(&rng, &a, top)) return 1;
    }
    return 0;
}
