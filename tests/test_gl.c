/* Goldilocks scalar arithmetic against 128-bit arithmetic mod p. */
#include "field/gl.h"
#include "testutil.h"

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_gl");
    const hs_u128 p = HS_GL_P;
    uint64_t edge[] = {0, 1, 2, HS_GL_P - 1, HS_GL_P - 2, HS_GL_EPS, HS_GL_EPS + 1, 1ull << 63, HS_GL_P >> 1};
    unsigned long iters = hs_test_iters(200000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a = it < 81 ? edge[it % 9] : hs_rng_below(&rng, HS_GL_P);
        uint64_t b = it < 81 ? edge[it / 9] : hs_rng_below(&rng, HS_GL_P);
        CHECK_EQ_U64(hs_gl_add(a, b), (uint64_t)(((hs_u128)a + b) % p));
        CHECK_EQ_U64(hs_gl_sub(a, b), (uint64_t)(((hs_u128)a + p - b) % p));
        CHECK_EQ_U64(hs_gl_mul(a, b), (uint64_t)(((hs_u128)a * b) % p));
        CHECK_EQ_U64(hs_gl_neg(a), (uint64_t)((p - a) % p));
        hs_u128 x = ((hs_u128)hs_rng_u64(&rng) << 64) | hs_rng_u64(&rng);
        if (it < 4) x = ~(hs_u128)0 >> it;
        CHECK_EQ_U64(hs_gl_reduce128(x), (uint64_t)(x % p));
        uint64_t r = hs_rng_u64(&rng);
        CHECK_EQ_U64(hs_gl_from_u64(r), (uint64_t)(r % p));
        if (it % 256 == 0 && a) CHECK_EQ_U64(hs_gl_mul(hs_gl_inv(a), a), 1);
    }
    return hs_test_done("test_gl");
}
