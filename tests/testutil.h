/* Shared test helpers. Every test prints its RNG seed; HS_TEST_SEED=<n> replays a run and
 * HS_TEST_ITERS=<n> scales the random iterations (default given by each test). */
#ifndef HS_TESTS_TESTUTIL_H
#define HS_TESTS_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "util/rng.h"

extern int hs_test_failures;

/* Seeds rng from HS_TEST_SEED (or the clock) and prints the seed with the test's name. */
void hs_test_init(hs_rng *rng, const char *name);
/* HS_TEST_ITERS or the default. */
unsigned long hs_test_iters(unsigned long dflt);
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

/* Stop a loop after the first few failures so a broken kernel does not flood the log. */
#define TOO_MANY_FAILURES() (hs_test_failures > 20)

#endif
