/* Mersenne31 scalar arithmetic against plain uint64 arithmetic mod p. */
#include "field/m31.h"
#include "testutil.h"

static uint64_t powmod(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    a %= HS_M31_P;
    while (e) {
        if (e & 1) r = r * a % HS_M31_P;
        a = a * a % HS_M31_P;
        e >>= 1;
    }
    return r;
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_m31");
    const uint64_t p = HS_M31_P;
    CHECK_EQ_U64(p, (1ull << 31) - 1);
    unsigned long iters = hs_test_iters(200000);
    const uint64_t edge[] = {0, 1, 2, p - 1, p - 2, p / 2, (p + 1) / 2, 1u << 30, (1u << 30) - 1, 3};
    const unsigned n_edge = sizeof edge / sizeof *edge;
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a = it < n_edge * n_edge ? edge[it % n_edge] : hs_rng_below(&rng, p);
        uint64_t b = it < n_edge * n_edge ? edge[it / n_edge] : hs_rng_below(&rng, p);
        hs_m31 x = (hs_m31)a, y = (hs_m31)b;
        CHECK_EQ_U64(hs_m31_to_u32(x), a);
        CHECK_EQ_U64(hs_m31_add(x, y), (a + b) % p);
        CHECK_EQ_U64(hs_m31_sub(x, y), (a + p - b) % p);
        CHECK_EQ_U64(hs_m31_neg(x), (p - a) % p);
        CHECK_EQ_U64(hs_m31_mul(x, y), a * b % p);
        CHECK_EQ_U64(hs_m31_square(x), a * a % p);
        CHECK_EQ_U64(hs_m31_pow5(x), powmod(a, 5));
        CHECK_EQ_U64(hs_m31_double(x), 2 * a % p);
        CHECK_EQ_U64(hs_m31_halve(x), a * ((p + 1) / 2) % p);
        unsigned k = (unsigned)(it % 31);
        CHECK_EQ_U64(hs_m31_mul_2exp(x, k), (a << k) % p);
        /* reduction of arbitrary integers */
        uint32_t u = (uint32_t)hs_rng_u64(&rng);
        CHECK_EQ_U64(hs_m31_from_u32(u), u % p);
        uint64_t v = hs_rng_u64(&rng);
        CHECK_EQ_U64(hs_m31_from_u64(v), v % p);
        if (it % 64 == 0) {
            uint64_t e = hs_rng_u64(&rng);
            CHECK_EQ_U64(hs_m31_exp(x, e), powmod(a, e));
            hs_m31 inv = hs_m31_inv(x);
            CHECK_EQ_U64(hs_m31_mul(inv, x), a ? 1 : 0);
        }
    }
    /* every shift amount on values whose rotation wraps the top bits */
    for (unsigned k = 0; k < 31; k++)
        for (unsigned e = 0; e < n_edge; e++) CHECK_EQ_U64(hs_m31_mul_2exp((hs_m31)edge[e], k), (edge[e] << k) % p);
    /* reduction edges: p and 2p must map to 0, 2^32 - 1 to 1 */
    const uint32_t red32[] = {0, 1, HS_M31_P - 1, HS_M31_P, HS_M31_P + 1, 1u << 31, 2u * HS_M31_P, UINT32_MAX};
    for (unsigned i = 0; i < sizeof red32 / sizeof *red32; i++) CHECK_EQ_U64(hs_m31_from_u32(red32[i]), red32[i] % p);
    const uint64_t red64[] = {UINT64_MAX, UINT64_MAX - 1, p * p, (p - 1) * (p - 1), 1ull << 62, (1ull << 62) - 1,
                              p << 31, (p << 33) + p};
    for (unsigned i = 0; i < sizeof red64 / sizeof *red64; i++) CHECK_EQ_U64(hs_m31_from_u64(red64[i]), red64[i] % p);
    CHECK_EQ_U64(hs_m31_reduce62((p - 1) * (p - 1)), (p - 1) * (p - 1) % p);
    CHECK(hs_m31_is_zero(hs_m31_zero()) && !hs_m31_is_zero(hs_m31_one()));
    CHECK_EQ_U64(hs_m31_inv(0), 0);
    CHECK_EQ_U64(hs_m31_exp(7, p - 1), 1); /* Fermat */
    return hs_test_done("test_m31");
}
