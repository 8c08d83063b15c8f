/* KoalaBear scalar arithmetic against plain uint64 arithmetic mod p. */
#include "field/kb.h"
#include "testutil.h"

static uint64_t powmod(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    a %= HS_KB_P;
    while (e) {
        if (e & 1) r = r * a % HS_KB_P;
        a = a * a % HS_KB_P;
        e >>= 1;
    }
    return r;
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kb");
    const uint64_t p = HS_KB_P;
    CHECK_EQ_U64((uint64_t)HS_KB_ONE, (1ull << 32) % p);
    CHECK_EQ_U64((uint64_t)HS_KB_R2, powmod(2, 64));
    CHECK_EQ_U64((uint32_t)(HS_KB_MU * HS_KB_P), 1);
    unsigned long iters = hs_test_iters(200000);
    uint64_t edge[] = {0, 1, 2, p - 1, p - 2, p / 2, (p + 1) / 2, 1u << 24, (1u << 31) - 1 - (1u << 24)};
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a = it < 81 ? edge[it % 9] : hs_rng_below(&rng, p);
        uint64_t b = it < 81 ? edge[it / 9] : hs_rng_below(&rng, p);
        hs_kb x = hs_kb_from_u32((uint32_t)a), y = hs_kb_from_u32((uint32_t)b);
        CHECK(x < p && y < p);
        CHECK_EQ_U64(hs_kb_to_u32(x), a);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_add(x, y)), (a + b) % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_sub(x, y)), (a + p - b) % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_neg(x)), (p - a) % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_mul(x, y)), a * b % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_square(x)), a * a % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_cube(x)), a * a % p * a % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_double(x)), 2 * a % p);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_add(hs_kb_halve(x), hs_kb_halve(x))), a);
        if (it % 64 == 0) {
            uint64_t e = hs_rng_u64(&rng);
            CHECK_EQ_U64(hs_kb_to_u32(hs_kb_exp(x, e)), powmod(a, e));
            hs_kb inv = hs_kb_inv(x);
            CHECK_EQ_U64(hs_kb_to_u32(hs_kb_mul(inv, x)), a ? 1 : 0);
        }
    }
    CHECK_EQ_U64(hs_kb_to_u32(hs_kb_from_u64(UINT64_MAX)), UINT64_MAX % p);

    /* two-adic roots: order exactly 2^k */
    for (unsigned k = 0; k <= HS_KB_TWO_ADICITY; k++) {
        hs_kb w = hs_kb_two_adic_root(k);
        CHECK_EQ_U64(hs_kb_to_u32(hs_kb_exp(w, 1ull << k)), 1);
        if (k > 0) CHECK_EQ_U64(hs_kb_to_u32(hs_kb_exp(w, 1ull << (k - 1))), p - 1);
        if (k > 0) CHECK(hs_kb_square(hs_kb_two_adic_root(k)) == hs_kb_two_adic_root(k - 1));
    }
    CHECK(hs_kb_two_adic_root(25) == 0);

    /* batch inverse, zeros included */
    enum { N = 1000 };
    hs_kb in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (i % 97 == 3) ? 0 : hs_kb_from_u32((uint32_t)hs_rng_below(&rng, p));
    hs_kb_batch_inv(out, in, N);
    for (int i = 0; i < N && !TOO_MANY_FAILURES(); i++) CHECK(out[i] == (in[i] ? hs_kb_inv(in[i]) : 0));
    hs_kb_batch_inv(out, in, 0);
    return hs_test_done("test_kb");
}
