/* KoalaBear and BabyBear scalar arithmetic (monty31.h, kb.h, bb.h) against uint64 arithmetic mod p. */
#include "field/bb.h"
#include "field/kb.h"
#include "testutil.h"

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t p) {
    uint64_t r = 1;
    a %= p;
    while (e) {
        if (e & 1) r = r * a % p;
        a = a * a % p;
        e >>= 1;
    }
    return r;
}

static void field(hs_rng *rng, const hs_mt_field *f) {
    const uint64_t p = f->p;
    const uint32_t P = f->p, MU = f->mu;
#define TO(x) hs_mt_mul((uint32_t)(x), f->r2, P, MU)
#define FROM(x) hs_mt_redc((x), P, MU)
    CHECK_EQ_U64(f->one, (1ull << 32) % p);
    CHECK_EQ_U64(f->r2, powmod(2, 64, p));
    CHECK_EQ_U64((uint32_t)(f->mu * f->p), 1);
    CHECK_EQ_U64(p - 1, (((uint64_t)1 << f->m) - 1) << f->two_adicity);
    /* the generator generates: g^((p-1)/q) != 1 for every prime q | p - 1 */
    for (uint64_t q = 2; q < 200; q++) {
        int prime = 1;
        for (uint64_t d = 2; d * d <= q; d++) prime &= q % d != 0;
        if (prime && (p - 1) % q == 0) CHECK(powmod(f->generator, (p - 1) / q, p) != 1);
    }
    unsigned long iters = hs_test_iters(100000);
    uint64_t edge[] = {0, 1, 2, p - 1, p - 2, p / 2, (p + 1) / 2, 1u << 24, (1u << 31) - 1 - (1u << 27)};
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a = it < 81 ? edge[it % 9] % p : hs_rng_below(rng, p);
        uint64_t b = it < 81 ? edge[it / 9] % p : hs_rng_below(rng, p);
        uint32_t x = TO(a), y = TO(b);
        CHECK(x < p && y < p);
        CHECK_EQ_U64(FROM(x), a);
        CHECK_EQ_U64(FROM(hs_mt_add(x, y, P)), (a + b) % p);
        CHECK_EQ_U64(FROM(hs_mt_sub(x, y, P)), (a + p - b) % p);
        CHECK_EQ_U64(FROM(hs_mt_neg(x, P)), (p - a) % p);
        CHECK_EQ_U64(FROM(hs_mt_mul(x, y, P, MU)), a * b % p);
        CHECK_EQ_U64(FROM(hs_mt_add(hs_mt_halve(x, P), hs_mt_halve(x, P), P)), a);
        if (it % 64 == 0) {
            uint64_t e = hs_rng_u64(rng);
            CHECK_EQ_U64(FROM(hs_mt_exp(f, x, e)), powmod(a, e, p));
            CHECK_EQ_U64(FROM(hs_mt_mul(hs_mt_inv(f, x), x, P, MU)), a ? 1 : 0);
        }
    }
    for (unsigned k = 0; k <= f->two_adicity; k++) {
        uint32_t w = hs_mt_two_adic_root(f, k);
        CHECK_EQ_U64(FROM(hs_mt_exp(f, w, 1ull << k)), 1);
        if (k > 0) CHECK_EQ_U64(FROM(hs_mt_exp(f, w, 1ull << (k - 1))), p - 1);
        if (k > 0) CHECK(hs_mt_mul(w, w, P, MU) == hs_mt_two_adic_root(f, k - 1));
    }
    CHECK(hs_mt_two_adic_root(f, f->two_adicity + 1) == 0);
    enum { N = 1000 };
    uint32_t in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (i % 97 == 3) ? 0 : TO(hs_rng_below(rng, p));
    hs_mt_batch_inv(f, out, in, N);
    for (int i = 0; i < N && !TOO_MANY_FAILURES(); i++) CHECK(out[i] == (in[i] ? hs_mt_inv(f, in[i]) : 0));
#undef TO
#undef FROM
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_monty31");
    field(&rng, &hs_mt_koalabear);
    field(&rng, &hs_mt_babybear);
    /* the per-field wrappers fold the same constants */
    CHECK_EQ_U64(HS_KB_P, hs_mt_koalabear.p);
    CHECK_EQ_U64(HS_BB_P, hs_mt_babybear.p);
    CHECK_EQ_U64(hs_kb_to_u32(hs_kb_mul(hs_kb_from_u32(123456789), hs_kb_from_u32(987654321))),
                 123456789ull * 987654321ull % HS_KB_P);
    CHECK_EQ_U64(hs_bb_to_u32(hs_bb_mul(hs_bb_from_u32(123456789), hs_bb_from_u32(987654321))),
                 123456789ull * 987654321ull % HS_BB_P);
    CHECK_EQ_U64(hs_kb_to_u32(hs_kb_from_u64(UINT64_MAX)), UINT64_MAX % HS_KB_P);
    CHECK_EQ_U64(hs_bb_to_u32(hs_bb_cube(hs_bb_from_u32(5))), 125);
    return hs_test_done("test_monty31");
}
