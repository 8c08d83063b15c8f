/* GF(2^8) with the AES polynomial (field/gf2_8.h): FIPS-197's worked products ({57}{83} = {c1},
 * {57}{13} = {fe}, section 4.2) and inverse ({53}^-1 = {ca}, section 5.1.1); the table product
 * against the bit-by-bit one on all 65536 pairs; a a^-1 = 1 for every a != 0; the matrix of
 * multiplication by k against the product for every k and x; the AES S-box built as
 * affine(inverse) from FIPS-197's affine map (section 5.1.1) at its published entries; and every
 * GFNI kernel this CPU has (256- and 512-bit) against the portable one on random arrays of every
 * length up to 200 with random matrices and constants, in place too. */
#include <string.h>

#include "field/gf2_8.h"
#include "testutil.h"

static void known_answers(void) {
    CHECK_EQ_U64(hs_gf8_mul(0x57, 0x83), 0xc1);
    CHECK_EQ_U64(hs_gf8_mul(0x57, 0x13), 0xfe);
    CHECK_EQ_U64(hs_gf8_inv(0x53), 0xca);
    CHECK_EQ_U64(hs_gf8_inv(0), 0);
    const hs_gf8_tables_t *t = hs_gf8_tables();
    for (unsigned a = 0; a < 256; a++) {
        for (unsigned b = 0; b < 256; b++) {
            uint8_t p = hs_gf8_mul((uint8_t)a, (uint8_t)b);
            if (p != hs_gf8_mul_table(t, (uint8_t)a, (uint8_t)b)) CHECK_EQ_U64(p, hs_gf8_mul_table(t, (uint8_t)a, (uint8_t)b));
        }
        if (a) CHECK_EQ_U64(hs_gf8_mul((uint8_t)a, hs_gf8_inv((uint8_t)a)), 1);
        uint64_t m = hs_gf8_matrix_mul_by((uint8_t)a);
        for (unsigned x = 0; x < 256; x++)
            if (hs_gf8_affine(m, (uint8_t)x, 0) != hs_gf8_mul((uint8_t)a, (uint8_t)x)) CHECK(0);
    }
    CHECK_EQ_U64(hs_gf8_matrix_mul_by(1), HS_GF8_IDENTITY);
    /* the AES S-box: b_i' = b_i + b_(i+4) + b_(i+5) + b_(i+6) + b_(i+7) + c_i (indices mod 8), c = 0x63 */
    uint8_t img[8] = {0};
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++)
            if (j == i || (j - i + 8) % 8 >= 4) img[j] |= (uint8_t)(1u << i);
    uint64_t aes = hs_gf8_matrix(img);
    const uint8_t in[5] = {0x00, 0x01, 0x53, 0xff, 0x10}, out[5] = {0x63, 0x7c, 0xed, 0x16, 0xca};
    for (int k = 0; k < 5; k++) CHECK_EQ_U64(hs_gf8_affine(aes, hs_gf8_inv(in[k]), 0x63), out[k]);
    uint8_t sb[5];
    hs_gf8_kernels_get(HS_GF8_PORTABLE)->inv_affine(sb, in, 5, aes, 0x63);
    CHECK(!memcmp(sb, out, 5));
}

static void kernels(hs_rng *rng) {
    enum { MAXN = 200 };
    const hs_gf8_kernels *ref = hs_gf8_kernels_get(HS_GF8_PORTABLE);
    CHECK(ref != NULL && hs_gf8_kernels_best() != NULL);
    for (int impl = 1; impl < HS_GF8_IMPL_COUNT; impl++) {
        const hs_gf8_kernels *k = hs_gf8_kernels_get((hs_gf8_impl)impl);
        if (!k) {
            printf("  gf8 kernel %d: not on this CPU or build\n", impl);
            continue;
        }
        printf("  gf8 kernel %s (%u lanes)\n", k->name, k->lanes);
        uint8_t a[MAXN], b[MAXN], want[MAXN], got[MAXN];
        for (size_t n = 0; n <= MAXN && !TOO_MANY_FAILURES(); n++) {
            for (size_t i = 0; i < n; i++) a[i] = (uint8_t)hs_rng_u64(rng), b[i] = (uint8_t)hs_rng_u64(rng);
            if (n > 3) a[1] = 0, b[2] = 0;
            uint64_t m = hs_rng_u64(rng);
            uint8_t c = (uint8_t)hs_rng_u64(rng);
            ref->mul(want, a, b, n);
            k->mul(got, a, b, n);
            CHECK(!memcmp(want, got, n));
            memcpy(got, a, n);
            k->mul(got, got, b, n);
            CHECK(!memcmp(want, got, n));
            ref->affine(want, a, n, m, c);
            k->affine(got, a, n, m, c);
            CHECK(!memcmp(want, got, n));
            ref->inv_affine(want, a, n, m, c);
            memcpy(got, a, n);
            k->inv_affine(got, got, n, m, c);
            CHECK(!memcmp(want, got, n));
        }
        /* every byte through every map: the longer portable path (a tabulated map) too */
        uint8_t all[256], w2[256], g2[256];
        for (int v = 0; v < 256; v++) all[v] = (uint8_t)v;
        for (int it = 0; it < 20; it++) {
            uint64_t m = hs_rng_u64(rng);
            uint8_t c = (uint8_t)hs_rng_u64(rng);
            ref->affine(w2, all, 256, m, c);
            k->affine(g2, all, 256, m, c);
            CHECK(!memcmp(w2, g2, 256));
            for (int v = 0; v < 256; v++) CHECK_EQ_U64(w2[v], hs_gf8_affine(m, (uint8_t)v, c));
            ref->inv_affine(w2, all, 256, m, c);
            k->inv_affine(g2, all, 256, m, c);
            CHECK(!memcmp(w2, g2, 256));
            for (int v = 0; v < 256; v++) CHECK_EQ_U64(w2[v], hs_gf8_affine(m, hs_gf8_inv((uint8_t)v), c));
        }
    }
    /* the dispatching functions */
    uint8_t a[100], b[100], p[100], q[100];
    for (int i = 0; i < 100; i++) a[i] = (uint8_t)hs_rng_u64(rng), b[i] = (uint8_t)hs_rng_u64(rng);
    hs_gf8_mul_many(p, a, b, 100);
    hs_gf8_inv_many(q, a, 100);
    for (int i = 0; i < 100; i++) {
        CHECK_EQ_U64(p[i], hs_gf8_mul(a[i], b[i]));
        CHECK_EQ_U64(q[i], hs_gf8_inv(a[i]));
    }
    hs_gf8_affine_many(p, a, 100, HS_GF8_IDENTITY, 0x5a);
    for (int i = 0; i < 100; i++) CHECK_EQ_U64(p[i], a[i] ^ 0x5a);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_gf2_8");
    known_answers();
    kernels(&rng);
    return hs_test_done("test_gf2_8");
}
