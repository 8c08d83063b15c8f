#include "testutil.h"

#include <string.h>
#include <time.h>

int hs_test_failures = 0;

void hs_test_init(hs_rng *rng, const char *name) {
    const char *e = getenv("HS_TEST_SEED");
    uint64_t seed = e && *e ? strtoull(e, NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    printf("%s: HS_TEST_SEED=%llu\n", name, (unsigned long long)seed);
    if (rng) hs_rng_seed(rng, seed);
}

unsigned long hs_test_iters(unsigned long dflt) {
    const char *e = getenv("HS_TEST_ITERS");
    return e && *e ? strtoul(e, NULL, 0) : dflt;
}

int hs_test_done(const char *name) {
    if (hs_test_failures) {
        printf("%s: %d check(s) FAILED\n", name, hs_test_failures);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}

hs_kb hs_test_rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }

hs_kb5 hs_test_rand_kb5(hs_rng *rng) {
    hs_kb5 r;
    for (int i = 0; i < 5; i++) r.c[i] = hs_test_rand_kb(rng);
    return r;
}
