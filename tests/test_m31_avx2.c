/* Every packed (AVX2, 8-lane) Mersenne31 operation against the scalar one on random data. */
#include "field/m31_avx2.h"
#include "testutil.h"
#include "util/cpu.h"

static hs_m31 rand_elem(hs_rng *r, unsigned long it) {
    static const uint32_t edge[] = {0, 1, 2, HS_M31_P - 1, HS_M31_P - 2, 1u << 30, (1u << 30) - 1, 0x55555555};
    if (it < 1000) return edge[hs_rng_below(r, 8)];
    return (hs_m31)hs_rng_below(r, HS_M31_P);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_m31_avx2");
    if (!hs_cpu_has_avx2()) {
        printf("test_m31_avx2: no AVX2 on this CPU (or HS_NO_SIMD set); skipped\n");
        return 0;
    }
    unsigned long iters = hs_test_iters(50000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        hs_m31 a[8], b[8], r[8];
        uint32_t u[8];
        for (int i = 0; i < 8; i++) a[i] = rand_elem(&rng, it), b[i] = rand_elem(&rng, it);
        for (int i = 0; i < 8; i++) u[i] = (uint32_t)hs_rng_u64(&rng);
        if (it < 64) u[it % 8] = (uint32_t[]){HS_M31_P, 2u * HS_M31_P, UINT32_MAX, 1u << 31}[it % 4];
        hs_m31x8 va = hs_m31x8_load(a), vb = hs_m31x8_load(b);
#define LANES(expr_vec, expr_scalar)                                      \
    do {                                                                  \
        hs_m31x8_store(r, expr_vec);                                      \
        for (int i = 0; i < 8; i++) CHECK_EQ_U64(r[i], expr_scalar);      \
    } while (0)
        LANES(hs_m31x8_add(va, vb), hs_m31_add(a[i], b[i]));
        LANES(hs_m31x8_sub(va, vb), hs_m31_sub(a[i], b[i]));
        LANES(hs_m31x8_neg(va), hs_m31_neg(a[i]));
        LANES(hs_m31x8_double(va), hs_m31_double(a[i]));
        LANES(hs_m31x8_mul(va, vb), hs_m31_mul(a[i], b[i]));
        LANES(hs_m31x8_square(va), hs_m31_square(a[i]));
        LANES(hs_m31x8_pow5(va), hs_m31_pow5(a[i]));
        /* the S-box kernels' signed input a + b - p in [-p, p) */
        __m256i xs = _mm256_sub_epi32(_mm256_add_epi32(va, vb), _mm256_set1_epi32((int)HS_M31_P));
        LANES(hs_m31x8_pow5_s(xs), hs_m31_pow5(hs_m31_add(a[i], b[i])));
        LANES(hs_m31x8_set1(a[3]), a[3]);
        LANES(hs_m31x8_reduce(hs_m31x8_load(u)), hs_m31_from_u32(u[i]));
        int k = (int)(it % 31);
        LANES(hs_m31x8_mul_2exp(va, k), hs_m31_mul_2exp(a[i], (unsigned)k));
#undef LANES
    }
    /* both ends of the signed range [-p, p] are 0 mod p */
    hs_m31 r[8];
    hs_m31x8_store(r, hs_m31x8_pow5_s(_mm256_set1_epi32((int)HS_M31_P)));
    for (int i = 0; i < 8; i++) CHECK_EQ_U64(r[i], 0);
    hs_m31x8_store(r, hs_m31x8_pow5_s(_mm256_set1_epi32(-(int)HS_M31_P)));
    for (int i = 0; i < 8; i++) CHECK_EQ_U64(r[i], 0);
    return hs_test_done("test_m31_avx2");
}
