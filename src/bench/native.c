#include "bench/native.h"

#include <stdlib.h>
#include <string.h>

#include "hash/poseidon2_monty31.h"
#include "hash/registry.h"
#include "util/rng.h"
#include "util/timer.h"

/* States per thread: 4096 x 64 B = 256 KiB for width 16, inside a 512 KiB L2. */
#define STATES_PER_THREAD 4096

static void *random_states(const hs_perm *p, size_t n) {
    size_t words = n * p->width;
    hs_rng rng;
    hs_rng_seed(&rng, 0x5eed);
    if (p->word_bits == 32) {
        uint32_t *s = malloc(words * sizeof *s);
        if (!s) return NULL;
        for (size_t i = 0; i < words; i++)
            s[i] = (uint32_t)(p->modulus ? hs_rng_below(&rng, p->modulus) : hs_rng_u64(&rng));
        return s;
    }
    uint64_t *s = malloc(words * sizeof *s);
    if (!s) return NULL;
    for (size_t i = 0; i < words; i++) s[i] = p->modulus ? hs_rng_below(&rng, p->modulus) : hs_rng_u64(&rng);
    return s;
}

/* Permuted outputs stay valid inputs, so the same buffer is permuted again and again. */
static void run_batch(const hs_perm *p, void *s, size_t n, unsigned threads) {
    if (p->word_bits == 32) p->many32(s, n, threads);
    else p->many64(s, n, threads);
}

static void run_scalar(const hs_perm *p, void *s, size_t n, unsigned threads) {
    const unsigned w = p->width;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++) {
        if (p->word_bits == 32) p->one32((uint32_t *)s + i * w);
        else p->one64((uint64_t *)s + i * w);
    }
}

static double measure(const hs_perm *p, int scalar, unsigned threads, double min_seconds) {
    size_t n = (size_t)STATES_PER_THREAD * threads;
    if (scalar) n /= 4; /* the scalar path is slower; keep each round short */
    void *s = random_states(p, n);
    if (!s) return 0;
    (scalar ? run_scalar : run_batch)(p, s, n, threads); /* warm up: pages, caches, thread pool */
    double t0 = hs_now(), t;
    size_t done = 0;
    do {
        (scalar ? run_scalar : run_batch)(p, s, n, threads);
        done += n;
        t = hs_now() - t0;
    } while (t < min_seconds);
    free(s);
    return (double)done / t;
}

size_t hs_bench_native_perm(const hs_perm *perm, unsigned threads, double min_seconds, hs_native_row *rows) {
    size_t k = 0;
    unsigned tcounts[2] = {1, threads};
    for (int ti = 0; ti < (threads > 1 ? 2 : 1); ti++)
        for (int scalar = 0; scalar < 2; scalar++) {
            rows[k].perm = perm;
            rows[k].api = scalar ? "scalar" : "batch";
            rows[k].threads = tcounts[ti];
            rows[k].perms_per_s = measure(perm, scalar, tcounts[ti], min_seconds);
            k++;
        }
    return k;
}

double hs_bench_native_naive(const hs_perm *perm, double min_seconds) {
    const hs_p2_params *pp = NULL;
    if (!strcmp(perm->name, "poseidon2-kb16")) pp = hs_p2_kb16();
    if (!strcmp(perm->name, "poseidon2-kb24")) pp = hs_p2_kb24();
    if (!strcmp(perm->name, "poseidon2-bb16")) pp = hs_p2_bb16();
    if (!strcmp(perm->name, "poseidon2-bb24")) pp = hs_p2_bb24();
    if (!pp) return 0;
    size_t n = 256;
    uint32_t *s = random_states(perm, n);
    if (!s) return 0;
    double t0 = hs_now(), t;
    size_t done = 0;
    do {
        for (size_t i = 0; i < n; i++) hs_p2_permute_naive(pp, s + i * pp->width);
        done += n;
        t = hs_now() - t0;
    } while (t < min_seconds);
    free(s);
    return (double)done / t;
}
