/* Runtime-degree challenge-field elements agree with the fixed-degree types of kb_ext.h. */
#include <string.h>

#include "field/kbe.h"
#include "testutil.h"

static hs_kbe rnd(hs_rng *r, unsigned d) {
    hs_kbe a = hs_kbe_zero();
    for (unsigned i = 0; i < d; i++) a.c[i] = hs_kb_from_u32((uint32_t)hs_rng_below(r, HS_KB_P));
    return a;
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kbe");
    const unsigned degs[3] = {4, 5, 8};
    for (int k = 0; k < 3; k++) {
        unsigned d = degs[k];
        CHECK(hs_kbe_degree_ok(d));
        for (int it = 0; it < 2000 && !TOO_MANY_FAILURES(); it++) {
            hs_kbe a = rnd(&rng, d), b = rnd(&rng, d), m = hs_kbe_mul(d, a, b);
            if (d == 4) {
                hs_kb4 x, y;
                memcpy(x.c, a.c, sizeof x.c), memcpy(y.c, b.c, sizeof y.c);
                CHECK(!memcmp(hs_kb4_mul(x, y).c, m.c, sizeof x.c));
            } else if (d == 5) {
                hs_kb5 x, y;
                memcpy(x.c, a.c, sizeof x.c), memcpy(y.c, b.c, sizeof y.c);
                CHECK(!memcmp(hs_kb5_mul(x, y).c, m.c, sizeof x.c));
            } else {
                hs_kb8 x, y;
                memcpy(x.c, a.c, sizeof x.c), memcpy(y.c, b.c, sizeof y.c);
                CHECK(!memcmp(hs_kb8_mul(x, y).c, m.c, sizeof x.c));
            }
            for (unsigned i = d; i < HS_KBE_MAX; i++) CHECK(m.c[i] == 0);
            CHECK(hs_kbe_eq(hs_kbe_mul(d, hs_kbe_inv(d, a), a), hs_kbe_one()));
            CHECK(hs_kbe_eq(hs_kbe_sub(hs_kbe_add(a, b), b), a));
            CHECK(hs_kbe_eq(hs_kbe_exp(d, a, 3), hs_kbe_mul(d, a, hs_kbe_square(d, a))));
            uint32_t c[8];
            hs_kbe back;
            hs_kbe_to_u32s(d, c, a);
            CHECK(hs_kbe_from_u32s(d, &back, c) && hs_kbe_eq(back, a));
            c[d - 1] = HS_KB_P;
            CHECK(!hs_kbe_from_u32s(d, &back, c));
        }
        hs_kbe in[50], out[50];
        for (int i = 0; i < 50; i++) in[i] = i % 7 == 2 ? hs_kbe_zero() : rnd(&rng, d);
        hs_kbe_batch_inv(d, out, in, 50);
        for (int i = 0; i < 50; i++) CHECK(hs_kbe_eq(out[i], hs_kbe_inv(d, in[i])));
    }
    return hs_test_done("test_kbe");
}
