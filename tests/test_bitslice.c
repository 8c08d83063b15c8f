/* Bit-matrix transposes for bit-sliced GF(2) columns (field/bitslice.h): the portable 64x64 and
 * 128x128 transposes against the definition (bit j of row i = bit i of row j before) on random
 * matrices and on single bits at every position, a transpose twice is the identity, and every
 * vector kernel this CPU has (AVX2, AVX-512) against the portable one on runs of 1..9 blocks. */
#include <string.h>

#include "field/bitslice.h"
#include "testutil.h"

static int bit(const uint64_t *m, unsigned words_a_row, unsigned r, unsigned c) {
    return (int)(m[r * words_a_row + c / 64] >> (c % 64) & 1);
}

static void check_transposed(const uint64_t *before, const uint64_t *after, unsigned n) {
    unsigned wr = n / 64, bad = 0;
    for (unsigned r = 0; r < n; r++)
        for (unsigned c = 0; c < n; c++) bad += bit(after, wr, r, c) != bit(before, wr, c, r);
    CHECK_EQ_U64(bad, 0);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_bitslice");
    const hs_bits_kernels *ref = hs_bits_kernels_get(HS_BITS_PORTABLE);
    CHECK(ref != NULL);
    uint64_t a[256], b[256], c[256];
    for (int it = 0; it < 20 && !TOO_MANY_FAILURES(); it++) {
        for (int i = 0; i < 256; i++) a[i] = hs_rng_u64(&rng);
        memcpy(b, a, sizeof a);
        ref->transpose64(b, 1);
        check_transposed(a, b, 64);
        ref->transpose64(b, 1);
        CHECK(!memcmp(a, b, 64 * 8));
        memcpy(b, a, sizeof a);
        hs_bits_transpose128_with(ref, b);
        check_transposed(a, b, 128);
        hs_bits_transpose128(b);
        CHECK(!memcmp(a, b, sizeof a));
    }
    for (unsigned r = 0; r < 128; r++)
        for (unsigned col = 0; col < 128; col += 7) {
            memset(a, 0, sizeof a);
            a[2 * r + col / 64] = 1ull << (col % 64);
            hs_bits_transpose128_with(ref, a);
            for (int i = 0; i < 256; i++) CHECK_EQ_U64(a[i], i == (int)(2 * col + r / 64) ? 1ull << (r % 64) : 0);
        }
    enum { MAXB = 9 };
    static uint64_t x[64 * MAXB], want[64 * MAXB], got[64 * MAXB];
    for (int impl = 1; impl < HS_BITS_IMPL_COUNT; impl++) {
        const hs_bits_kernels *k = hs_bits_kernels_get((hs_bits_impl)impl);
        if (!k) {
            printf("  bits kernel %d: not on this CPU or build\n", impl);
            continue;
        }
        printf("  bits kernel %s\n", k->name);
        for (size_t nb = 1; nb <= MAXB && !TOO_MANY_FAILURES(); nb++) {
            for (size_t i = 0; i < 64 * nb; i++) x[i] = hs_rng_u64(&rng);
            memcpy(want, x, 64 * nb * 8);
            memcpy(got, x, 64 * nb * 8);
            ref->transpose64(want, nb);
            k->transpose64(got, nb);
            CHECK(!memcmp(want, got, 64 * nb * 8));
        }
        for (int i = 0; i < 256; i++) a[i] = hs_rng_u64(&rng);
        memcpy(b, a, sizeof a);
        memcpy(c, a, sizeof a);
        hs_bits_transpose128_with(ref, b);
        hs_bits_transpose128_with(k, c);
        CHECK(!memcmp(b, c, sizeof b));
    }
    return hs_test_done("test_bitslice");
}
