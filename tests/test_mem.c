/* Big buffers (util/mem.h): 2 MiB aligned, a freed one's pages are handed out again (a smaller
 * request splits it, touching free blocks merge back), hs_calloc_array is zero on fresh and on
 * reused pages, poisoned contents never leak into a calloc, hs_mem_release returns what is kept,
 * and the small-buffer path (malloc) still works next to it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "util/mem.h"

#define MIB ((size_t)1 << 20)

static int all_zero(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i += 4093)
        if (p[i]) return 0;
    return p[n - 1] == 0;
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_mem");
    /* every big buffer starts as 0xa5 bytes: a calloc must still be zero */
    setenv("HS_MEM_POISON", "1", 1);
    unsetenv("HS_MEM_CACHE");

    if (!hs_mem_keeps()) { /* a sanitizer build: big buffers are malloc's; only the contract holds */
        printf("test_mem: big buffers go to malloc in this build (sanitizer); keeping not tested\n");
        uint8_t *z = hs_calloc_array(5, 4 * MIB);
        CHECK(z && all_zero(z, 20 * MIB));
        hs_free(z);
        CHECK(hs_alloc_array(SIZE_MAX / 2, 4) == NULL);
        return hs_test_done("test_mem");
    }
    hs_mem_stats s0 = hs_mem_stats_get();
    uint8_t *a = hs_alloc_array(10, MIB); /* rounds to 10 MiB */
    CHECK(a && ((uintptr_t)a & (2 * MIB - 1)) == 0);
    CHECK(a[0] == 0xa5 && a[10 * MIB - 1] == 0xa5);
    memset(a, 7, 10 * MIB);
    hs_mem_stats s1 = hs_mem_stats_get();
    CHECK_EQ_U64(s1.live_bytes - s0.live_bytes, 10 * MIB);
    hs_free(a);
    hs_mem_stats s2 = hs_mem_stats_get();
    CHECK_EQ_U64(s2.kept_bytes - s0.kept_bytes, 10 * MIB);

    /* two smaller requests take the kept pages (no fresh mapping), at its start and after it */
    uint8_t *b = hs_calloc_array(3 * MIB, 1); /* 4 MiB */
    uint8_t *c = hs_alloc_array(6 * MIB, 1);
    CHECK(b == a);
    CHECK(c == a + 4 * MIB);
    CHECK(all_zero(b, 3 * MIB));
    hs_mem_stats s3 = hs_mem_stats_get();
    CHECK_EQ_U64(s3.fresh_bytes_total, s2.fresh_bytes_total);
    CHECK_EQ_U64(s3.reused_bytes_total - s2.reused_bytes_total, 10 * MIB);
    CHECK_EQ_U64(s3.kept_bytes, s0.kept_bytes);

    /* freed in either order, the two halves merge: the whole 10 MiB fits again */
    hs_free(b);
    hs_free(c);
    uint8_t *d = hs_alloc_array(10 * MIB, 1);
    CHECK(d == a);
    hs_mem_stats s4 = hs_mem_stats_get();
    CHECK_EQ_U64(s4.fresh_bytes_total, s2.fresh_bytes_total);

    /* a request bigger than what is kept maps fresh pages; small buffers stay with malloc */
    uint8_t *e = hs_calloc_array(5, 4 * MIB);
    CHECK(e && all_zero(e, 20 * MIB));
    CHECK_EQ_U64(hs_mem_stats_get().fresh_bytes_total - s4.fresh_bytes_total, 20 * MIB);
    void *small = hs_alloc_array(1000, 8);
    CHECK(small && ((uintptr_t)small & (HS_ALIGN - 1)) == 0);
    hs_free(small);
    CHECK(hs_alloc_array(SIZE_MAX / 2, 4) == NULL);
    hs_free(NULL);

    /* random sizes, random order: contents of live buffers stay theirs */
    enum { K = 12 };
    uint8_t *live[K] = {0};
    size_t len[K] = {0};
    for (unsigned it = 0; it < 200; it++) {
        unsigned i = (unsigned)hs_rng_below(&rng, K);
        if (live[i]) {
            CHECK(live[i][0] == (uint8_t)i && live[i][len[i] - 1] == (uint8_t)i);
            hs_free(live[i]);
            live[i] = NULL;
        } else {
            len[i] = (size_t)(1 + hs_rng_below(&rng, 9)) * MIB + (size_t)hs_rng_below(&rng, 4096);
            live[i] = hs_calloc_array(len[i], 1);
            CHECK(live[i] && all_zero(live[i], len[i]));
            live[i][0] = live[i][len[i] - 1] = (uint8_t)i;
        }
    }
    for (unsigned i = 0; i < K; i++) hs_free(live[i]);

    hs_free(d);
    hs_free(e);
    hs_mem_release();
    hs_mem_stats s5 = hs_mem_stats_get();
    CHECK_EQ_U64(s5.kept_bytes, 0);
    CHECK_EQ_U64(s5.live_bytes, 0);
    CHECK_EQ_U64(s5.mapped_bytes, 0);
    return hs_test_done("test_mem");
}
