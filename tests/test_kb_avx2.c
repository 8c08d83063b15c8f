/* Every packed (AVX2, 8-lane) KoalaBear operation against the scalar one on random data. */
#include "field/kb_avx2.h"
#include "testutil.h"
#include "util/cpu.h"

static hs_kb rand_elem(hs_rng *r, unsigned long it) {
    static const uint32_t edge[] = {0, 1, HS_KB_P - 1, HS_KB_P - 2, 0x7effffff, 1u << 24, 255, 256};
    if (it < 4) return edge[hs_rng_below(r, 8)];
    return (hs_kb)hs_rng_below(r, HS_KB_P);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kb_avx2");
    if (!hs_cpu_has_avx2()) {
        printf("test_kb_avx2: no AVX2 on this CPU (or HS_NO_SIMD set); skipped\n");
        return 0;
    }
    unsigned long iters = hs_test_iters(50000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        hs_kb a[8], b[8], r[8];
        for (int i = 0; i < 8; i++) a[i] = rand_elem(&rng, it), b[i] = rand_elem(&rng, it);
        hs_kb8x va = hs_kb8x_load(a), vb = hs_kb8x_load(b);
#define LANES(expr_vec, expr_scalar)                                      \
    do {                                                                  \
        hs_kb8x_store(r, expr_vec);                                       \
        for (int i = 0; i < 8; i++) CHECK_EQ_U64(r[i], expr_scalar);      \
    } while (0)
        LANES(hs_kb8x_add(va, vb), hs_kb_add(a[i], b[i]));
        LANES(hs_kb8x_sub(va, vb), hs_kb_sub(a[i], b[i]));
        LANES(hs_kb8x_neg(va), hs_kb_neg(a[i]));
        LANES(hs_kb8x_double(va), hs_kb_double(a[i]));
        LANES(hs_kb8x_mul(va, vb), hs_kb_mul(a[i], b[i]));
        LANES(hs_kb8x_square(va), hs_kb_square(a[i]));
        LANES(hs_kb8x_cube(va), hs_kb_cube(a[i]));
        LANES(hs_kb8x_set1(a[3]), a[3]);
        int k = 1 + (int)(it % 24);
        hs_kb inv2k = hs_kb_inv(hs_kb_from_u32(1u << k));
        LANES(hs_kb8x_mul_2exp_neg(va, k), hs_kb_mul(a[i], inv2k));
#undef LANES
    }
    return hs_test_done("test_kb_avx2");
}
