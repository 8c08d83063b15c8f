/* Deterministic, non-cryptographic PRNG (xoshiro256**, seeded by splitmix64) for test data,
 * benchmark inputs and `--seed`. Never used for anything secret. */
#ifndef HS_UTIL_RNG_H
#define HS_UTIL_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} hs_rng;

void hs_rng_seed(hs_rng *r, uint64_t seed);
uint64_t hs_rng_u64(hs_rng *r);
/* Uniform in [0, bound), bound > 0 (rejection sampling, no modulo bias). */
uint64_t hs_rng_below(hs_rng *r, uint64_t bound);

#endif
