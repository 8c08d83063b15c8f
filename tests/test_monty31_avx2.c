/* Every packed (AVX2, 8-lane) operation of monty31_avx2.h against the scalar one, for KoalaBear
 * and BabyBear, on random data (the signed products on inputs across [-p, p], edges included);
 * and the per-field wrappers (kb_avx2.h, bb_avx2.h). */
#include "field/bb_avx2.h"
#include "field/kb_avx2.h"
#include "testutil.h"
#include "util/cpu.h"

static uint32_t canon_i64(int64_t v, uint32_t p) { return (uint32_t)(((v % (int64_t)p) + (int64_t)p) % (int64_t)p); }

/* A lane for the signed products: anything in [-p, p], edges often. */
static int32_t signed_lane(hs_rng *rng, uint32_t p) {
    const int64_t edge[] = {0, 1, -1, (int64_t)p, -(int64_t)p, (int64_t)p - 1, 1 - (int64_t)p, (int64_t)(p >> 1)};
    if (hs_rng_below(rng, 4) == 0) return (int32_t)edge[hs_rng_below(rng, 8)];
    return (int32_t)((int64_t)hs_rng_below(rng, 2 * (uint64_t)p + 1) - (int64_t)p);
}

/* The signed Montgomery products and the other helpers the Poseidon2 kernel uses. */
static void signed_ops(hs_rng *rng, const hs_mt_field *f) {
    const uint32_t p = f->p, mu = f->mu;
    const __m256i P = _mm256_set1_epi32((int)p), MU = _mm256_set1_epi32((int)mu);
    unsigned long iters = hs_test_iters(20000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        int32_t a[8], b[8], r[8];
        uint32_t c[8], ua[8];
        for (int i = 0; i < 8; i++) {
            a[i] = signed_lane(rng, p), b[i] = signed_lane(rng, p);
            c[i] = it < 2 ? (uint32_t)(it ? p - 1 : 0) : (uint32_t)hs_rng_below(rng, p);
            ua[i] = it & 1 ? (uint32_t)hs_rng_u64(rng) : (uint32_t)hs_rng_below(rng, p);
        }
        __m256i va = _mm256_loadu_si256((const __m256i *)a), vb = _mm256_loadu_si256((const __m256i *)b);
        __m256i vc = _mm256_loadu_si256((const __m256i *)c), vu = _mm256_loadu_si256((const __m256i *)ua);
        /* mul_s: (-p, p), congruent to a b R^-1 */
        _mm256_storeu_si256((__m256i *)r, hs_mt8_mul_s(va, vb, P, MU));
        for (int i = 0; i < 8; i++) {
            CHECK(r[i] > -(int64_t)p && r[i] < (int64_t)p);
            CHECK_EQ_U64(canon_i64(r[i], p), hs_mt_mul(canon_i64(a[i], p), canon_i64(b[i], p), p, mu));
        }
        /* mulhi_s on even lanes: low word 0, high word the product */
        _mm256_storeu_si256((__m256i *)r, hs_mt8_mulhi_s(va, vb, P, MU));
        for (int i = 0; i < 8; i += 2) {
            CHECK_EQ_U64((uint32_t)r[i], 0);
            CHECK_EQ_U64(canon_i64(r[i + 1], p), hs_mt_mul(canon_i64(a[i], p), canon_i64(b[i], p), p, mu));
        }
        _mm256_storeu_si256((__m256i *)r, hs_mt8_canon_s(hs_mt8_mul_s(va, vb, P, MU), P));
        for (int i = 0; i < 8; i++)
            CHECK_EQ_U64((uint32_t)r[i], hs_mt_mul(canon_i64(a[i], p), canon_i64(b[i], p), p, mu));
        _mm256_storeu_si256((__m256i *)r, hs_mt8_cube_s(va, P, MU));
        for (int i = 0; i < 8; i++) {
            uint32_t x = canon_i64(a[i], p), x2 = hs_mt_mul(x, x, p, mu);
            CHECK_EQ_U64((uint32_t)r[i], hs_mt_mul(x2, x, p, mu));
        }
        _mm256_storeu_si256((__m256i *)r, hs_mt8_pow7_s(va, P, MU));
        for (int i = 0; i < 8; i++) {
            uint32_t x = canon_i64(a[i], p), x2 = hs_mt_mul(x, x, p, mu), x3 = hs_mt_mul(x2, x, p, mu);
            CHECK_EQ_U64((uint32_t)r[i], hs_mt_mul(hs_mt_mul(x2, x2, p, mu), x3, p, mu));
        }
        _mm256_storeu_si256((__m256i *)r, hs_mt8_redc32(vu, P, MU));
        for (int i = 0; i < 8; i++) CHECK_EQ_U64((uint32_t)r[i], hs_mt_redc(ua[i], p, mu));
        _mm256_storeu_si256((__m256i *)r, hs_mt8_halve(vc, P));
        for (int i = 0; i < 8; i++) CHECK_EQ_U64((uint32_t)r[i], hs_mt_halve(c[i], p));
        int k = 1 + (int)(it % f->two_adicity);
        uint32_t inv2k = f->one;
        for (int j = 0; j < k; j++) inv2k = hs_mt_halve(inv2k, p);
        _mm256_storeu_si256((__m256i *)r, hs_mt8_mul_2exp_neg_c(vc, k, f->m, f->two_adicity, P));
        for (int i = 0; i < 8; i++) CHECK_EQ_U64((uint32_t)r[i], hs_mt_mul(c[i], inv2k, p, mu));
        _mm256_storeu_si256((__m256i *)r, hs_mt8_odd(va));
        for (int i = 0; i < 8; i += 2) CHECK(r[i] == a[i + 1] && r[i + 1] == 0);
    }
}

static void field(hs_rng *rng, const hs_mt_field *f) {
    const uint32_t p = f->p, mu = f->mu;
    const __m256i P = _mm256_set1_epi32((int)p), MU = _mm256_set1_epi32((int)mu);
    const uint32_t edge[] = {0, 1, p - 1, p - 2, p >> 1, 1u << 24, 255, 256};
    unsigned long iters = hs_test_iters(30000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint32_t a[8], b[8], r[8];
        for (int i = 0; i < 8; i++) {
            a[i] = it < 4 ? edge[hs_rng_below(rng, 8)] : (uint32_t)hs_rng_below(rng, p);
            b[i] = it < 4 ? edge[hs_rng_below(rng, 8)] : (uint32_t)hs_rng_below(rng, p);
        }
        __m256i va = _mm256_loadu_si256((const __m256i *)a), vb = _mm256_loadu_si256((const __m256i *)b);
#define LANES(expr_vec, expr_scalar)                                      \
    do {                                                                  \
        _mm256_storeu_si256((__m256i *)r, expr_vec);                      \
        for (int i = 0; i < 8; i++) CHECK_EQ_U64(r[i], expr_scalar);      \
    } while (0)
        LANES(hs_mt8_add(va, vb, P), hs_mt_add(a[i], b[i], p));
        LANES(hs_mt8_sub(va, vb, P), hs_mt_sub(a[i], b[i], p));
        LANES(hs_mt8_mul(va, vb, P, MU), hs_mt_mul(a[i], b[i], p, mu));
        int k = 1 + (int)(it % f->two_adicity);
        uint32_t inv2k = hs_mt_inv(f, hs_mt_mul(1u << (k > 24 ? 24 : k), f->r2, p, mu));
        if (k > 24) inv2k = hs_mt_mul(inv2k, hs_mt_inv(f, hs_mt_mul(1u << (k - 24), f->r2, p, mu)), p, mu);
        LANES(hs_mt8_mul_2exp_neg(va, k, f->m, f->two_adicity, P), hs_mt_mul(a[i], inv2k, p, mu));
        if (f == &hs_mt_koalabear) {
            LANES(hs_kb8x_neg(va), hs_kb_neg(a[i]));
            LANES(hs_kb8x_double(va), hs_kb_double(a[i]));
            LANES(hs_kb8x_cube(va), hs_kb_cube(a[i]));
            LANES(hs_kb8x_set1(a[3]), a[3]);
            LANES(hs_kb8x_mul_2exp_neg(va, k), hs_kb_mul(a[i], inv2k));
        } else {
            LANES(hs_bb8x_neg(va), hs_bb_neg(a[i]));
            LANES(hs_bb8x_square(va), hs_bb_square(a[i]));
            LANES(hs_bb8x_mul_2exp_neg(va, k), hs_bb_mul(a[i], inv2k));
        }
#undef LANES
    }
    signed_ops(rng, f);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_monty31_avx2");
    if (!hs_cpu_has_avx2()) {
        printf("test_monty31_avx2: no AVX2 on this CPU (or HS_NO_SIMD set); skipped\n");
        return 0;
    }
    field(&rng, &hs_mt_koalabear);
    field(&rng, &hs_mt_babybear);
    return hs_test_done("test_monty31_avx2");
}
