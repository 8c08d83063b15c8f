/* Shared test helpers. Every test prints its RNG seed; HS_TEST_SEED=<n> replays a run and
 * HS_TEST_ITERS=<n> scales the random iterations (default given by each test). */
#ifndef HS_TESTS_TESTUTIL_H
#define HS_TESTS_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "proof/bytes.h"
#include "util/rng.h"

extern int hs_test_failures;

/* Seeds rng from HS_TEST_SEED (or the clock) and prints the seed with the test's name. */
void hs_test_init(hs_rng *rng, const char *name);
/* HS_TEST_ITERS or the default. */
unsigned long hs_test_iters(unsigned long dflt);
/* 1 in a sanitizer build (the library's own reading of its build: util/mem.h's hs_mem_keeps),
 * where tests may thin their repetitions: the Release builds run them all. */
int hs_test_sanitized(void);
/* Prints a summary; returns the process exit status. */
int hs_test_done(const char *name);

/* Uniform random field values (Montgomery form): KoalaBear and its quintic extension. */
hs_kb hs_test_rand_kb(hs_rng *rng);
hs_kb5 hs_test_rand_kb5(hs_rng *rng);

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
            hs_test_failures++;                                                          \
        }                                                                                \
    } while (0)

#define CHECK_EQ_U64(a, b)                                                               \
    do {                                                                                 \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b);   \
        if (a_ != b_) {                                                                  \
            fprintf(stderr, "%s:%d: %s = %llu, expected %s = %llu\n", __FILE__, __LINE__, \
                    #a, a_, #b, b_);                                                     \
            hs_test_failures++;                                                          \
        }                                                                                \
    } while (0)

/* The benchmarks' repetitions: run(ctx, k) for k < reps (at most 15), each timed (wall clock) into
 * ts[k]; returns the index of the median run (the upper one for an even count), or -1 when a run
 * returned 0. */
int hs_bench_reps(unsigned reps, int (*run)(void *ctx, unsigned k), void *ctx, double *ts);
/* hs_bench_reps, also recording each run's process CPU seconds (all threads) into cpu[k]. */
int hs_bench_reps_cpu(unsigned reps, int (*run)(void *ctx, unsigned k), void *ctx, double *ts, double *cpu);
/* A benchmark's proof writer emptied for the next run. */
void hs_bench_fresh_writer(hs_writer *w);
/* Prints "what: why" to standard error and returns 0 (a failed run of hs_bench_reps). */
int hs_bench_failed(const char *what, const char *why);

/* Stop a loop after the first few failures so a broken kernel does not flood the log. */
#define TOO_MANY_FAILURES() (hs_test_failures > 20)

/* The 8-element-digest modes of a Monty-31 permutation (Poseidon1, Poseidon2), checked against
 * the permutation itself: compression = the first 8 lanes of P(left || right || 0 ...); the
 * padding-free sponge (rate 8, overwrite mode) on 19 inputs, in Montgomery and canonical form;
 * the empty input gives zeros; 18 and 19 inputs differ. States are in field's Montgomery form;
 * each callback gets ctx (the instance). */
typedef struct {
    const hs_mt_field *field;
    const void *ctx;
    void (*permute)(const void *ctx, uint32_t *state);
    void (*compress)(const void *ctx, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]);
    void (*sponge)(const void *ctx, uint32_t out[8], const uint32_t *in, size_t n, int canonical);
} hs_test_digest_modes;
void hs_test_check_digest_modes(hs_rng *rng, const hs_test_digest_modes *m);

/* The batch entry points of a Monty-31 permutation module (Poseidon1, Poseidon2): states of
 * width words in field's Montgomery form (canonical where a flag says so), records of rec_words
 * words (input first, output last). Each callback gets ctx (the instance). */
typedef struct {
    const hs_mt_field *field;
    const void *ctx;
    unsigned width, rec_words;
    void (*permute)(const void *ctx, uint32_t *state); /* one state, Montgomery form */
    void (*naive)(const void *ctx, uint32_t *state_canonical);
    void (*many)(const void *ctx, uint32_t *states, size_t n, int canonical, unsigned threads);
    void (*many_portable)(const void *ctx, uint32_t *states, size_t n, int canonical);
    void (*many_avx2)(const void *ctx, uint32_t *states, size_t n, int canonical);
    void (*many_avx512)(const void *ctx, uint32_t *states, size_t n, int canonical);
    void (*record)(const void *ctx, uint32_t *states, size_t n, uint32_t *rec, unsigned threads);
    void (*record_portable)(const void *ctx, uint32_t *states, size_t n, uint32_t *rec);
    void (*record_avx2)(const void *ctx, uint32_t *states, size_t n, uint32_t *rec);
    void (*record_avx512)(const void *ctx, uint32_t *states, size_t n, uint32_t *rec);
} hs_test_monty31_perm;
/* Defines static adapters from a module's entry points mod##_permute, mod##_permute_naive,
 * mod##_permute_many{,_portable,_avx2}, mod##_permute_many_record{,_portable,_avx2},
 * mod##_compress, mod##_sponge (taking a const params_t *) and functions fn(const params_t *pp)
 * and fn##_modes(pp) returning the hs_test_monty31_perm and the hs_test_digest_modes; FIELD and
 * REC_WORDS are expressions in pp. */
#define HS_TEST_MONTY31_KERNELS(fn, mod, params_t, FIELD, REC_WORDS)                                      \
    static void fn##_permute(const void *pp, uint32_t *s) { mod##_permute(pp, s); }                        \
    static void fn##_naive(const void *pp, uint32_t *s) { mod##_permute_naive(pp, s); }                    \
    static void fn##_many(const void *pp, uint32_t *s, size_t n, int c, unsigned t) {                      \
        mod##_permute_many(pp, s, n, c, t);                                                                \
    }                                                                                                      \
    static void fn##_many_portable(const void *pp, uint32_t *s, size_t n, int c) {                         \
        mod##_permute_many_portable(pp, s, n, c);                                                          \
    }                                                                                                      \
    static void fn##_many_avx2(const void *pp, uint32_t *s, size_t n, int c) { mod##_permute_many_avx2(pp, s, n, c); } \
    static void fn##_many_avx512(const void *pp, uint32_t *s, size_t n, int c) {                           \
        mod##_permute_many_avx512(pp, s, n, c);                                                            \
    }                                                                                                      \
    static void fn##_record(const void *pp, uint32_t *s, size_t n, uint32_t *r, unsigned t) {              \
        mod##_permute_many_record(pp, s, n, r, t);                                                         \
    }                                                                                                      \
    static void fn##_record_portable(const void *pp, uint32_t *s, size_t n, uint32_t *r) {                 \
        mod##_permute_many_record_portable(pp, s, n, r);                                                   \
    }                                                                                                      \
    static void fn##_record_avx2(const void *pp, uint32_t *s, size_t n, uint32_t *r) {                     \
        mod##_permute_many_record_avx2(pp, s, n, r);                                                       \
    }                                                                                                      \
    static void fn##_record_avx512(const void *pp, uint32_t *s, size_t n, uint32_t *r) {                   \
        mod##_permute_many_record_avx512(pp, s, n, r);                                                     \
    }                                                                                                      \
    static hs_test_monty31_perm fn(const params_t *pp) {                                                   \
        hs_test_monty31_perm p = {.field = (FIELD), .ctx = pp, .width = pp->width, .rec_words = (REC_WORDS), \
                                  .permute = fn##_permute, .naive = fn##_naive, .many = fn##_many,         \
                                  .many_portable = fn##_many_portable, .many_avx2 = fn##_many_avx2,        \
                                  .many_avx512 = fn##_many_avx512, .record = fn##_record,                  \
                                  .record_portable = fn##_record_portable, .record_avx2 = fn##_record_avx2, \
                                  .record_avx512 = fn##_record_avx512};                                    \
        return p;                                                                                          \
    }                                                                                                      \
    static void fn##_compress(const void *pp, uint32_t *o, const uint32_t *l, const uint32_t *r) {         \
        mod##_compress(pp, o, l, r);                                                                       \
    }                                                                                                      \
    static void fn##_sponge(const void *pp, uint32_t *o, const uint32_t *in, size_t n, int c) {            \
        mod##_sponge(pp, o, in, n, c);                                                                     \
    }                                                                                                      \
    static hs_test_digest_modes fn##_modes(const params_t *pp) {                                           \
        hs_test_digest_modes m = {(FIELD), pp, fn##_permute, fn##_compress, fn##_sponge};                  \
        return m;                                                                                          \
    }

/* Known answer idx (canonical in -> out) through the single-state permutation, the naive
 * reference and the portable, AVX2 and (where the CPU has it) AVX-512 batch kernels (canonical). */
void hs_test_check_kat(const hs_test_monty31_perm *p, const uint32_t *in, const uint32_t *out, size_t idx);
/* Random batches of many sizes (multiples of 8 and 16 and not): portable, AVX2, AVX-512 (where
 * the CPU has it), 1, 2 and 3 threads, canonical and Montgomery, all equal to the naive reference. */
void hs_test_check_batches(hs_rng *rng, const hs_test_monty31_perm *p);
/* Records: portable = AVX2 = AVX-512 (where the CPU has it) = threaded, states permuted alike, first words the input, last the
 * output. The module's own test checks the words in between. */
void hs_test_check_records(hs_rng *rng, const hs_test_monty31_perm *p);

#endif
