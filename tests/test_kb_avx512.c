/* The AVX-512 (16-lane) field arithmetic against the scalar field, lane by lane, on random data
 * with the extremes mixed in: every hs_mt16_* operation of monty31_avx512.h for KoalaBear and
 * BabyBear (the signed products on inputs across [-p, p]), the hs_kb16x wrappers of
 * kb_avx512.h, and every hs_kb5x16_* operation of kb5_avx512.h against hs_kb5_*. Skipped, with a
 * message, where the CPU (or HS_SIMD) does not allow AVX-512. */
#include <string.h>

#include "field/kb5_avx512.h"
#include "testutil.h"
#include "util/cpu.h"

enum { L = 16 };
static hs_rng rng;

static uint32_t canon_i64(int64_t v, uint32_t p) { return (uint32_t)(((v % (int64_t)p) + (int64_t)p) % (int64_t)p); }

static __m512i ld(const void *p) { return _mm512_loadu_si512(p); }

/* r = vector expression, then every lane checked against the scalar expression (lane i). */
#define LANES(r, expr_vec, expr_scalar)                                    \
    do {                                                                   \
        _mm512_storeu_si512((void *)(r), expr_vec);                        \
        for (int i = 0; i < L; i++) CHECK_EQ_U64((r)[i], expr_scalar);     \
    } while (0)

static uint32_t lane(const hs_mt_field *f, unsigned long it) {
    const uint32_t p = f->p, edge[] = {0, 1, p - 1, p - 2, p >> 1, (p >> 1) + 1, 1u << 24, 0x7fffffffu % p};
    return it < 6 || hs_rng_below(&rng, 8) == 0 ? edge[hs_rng_below(&rng, 8)] : (uint32_t)hs_rng_below(&rng, p);
}
static int32_t signed_lane(uint32_t p) {
    const int64_t edge[] = {0, 1, -1, (int64_t)p, -(int64_t)p, (int64_t)p - 1, 1 - (int64_t)p, (int64_t)(p >> 1)};
    if (hs_rng_below(&rng, 4) == 0) return (int32_t)edge[hs_rng_below(&rng, 8)];
    return (int32_t)((int64_t)hs_rng_below(&rng, 2 * (uint64_t)p + 1) - (int64_t)p);
}

static void base_ops(const hs_mt_field *f) {
    const uint32_t p = f->p, mu = f->mu;
    const __m512i P = _mm512_set1_epi32((int)p), MU = _mm512_set1_epi32((int)mu);
    const unsigned long iters = hs_test_iters(20000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint32_t a[L], b[L], u[L], r[L];
        int32_t sa[L], sb[L], sr[L];
        for (int i = 0; i < L; i++) {
            a[i] = lane(f, it), b[i] = lane(f, it);
            u[i] = (uint32_t)hs_rng_u64(&rng);
            sa[i] = signed_lane(p), sb[i] = signed_lane(p);
        }
        const __m512i va = ld(a), vb = ld(b), vu = ld(u), vsa = ld(sa), vsb = ld(sb);
        LANES(r, hs_mt16_add(va, vb, P), hs_mt_add(a[i], b[i], p));
        LANES(r, hs_mt16_sub(va, vb, P), hs_mt_sub(a[i], b[i], p));
        LANES(r, hs_mt16_mul(va, vb, P, MU), hs_mt_mul(a[i], b[i], p, mu));
        LANES(r, hs_mt16_redc32(vu, P, MU), hs_mt_redc(u[i], p, mu));
        LANES(r, hs_mt16_halve(va, P), hs_mt_halve(a[i], p));
        int k = 1 + (int)(it % f->two_adicity);
        uint32_t inv2k = f->one;
        for (int j = 0; j < k; j++) inv2k = hs_mt_halve(inv2k, p);
        LANES(r, hs_mt16_mul_2exp_neg(va, k, f->m, f->two_adicity, P), hs_mt_mul(a[i], inv2k, p, mu));
        LANES(r, hs_mt16_mul_2exp_neg_c(va, k, f->m, f->two_adicity, P), hs_mt_mul(a[i], inv2k, p, mu));
        /* the odd lanes to the even positions */
        LANES(r, hs_mt16_odd(va), i & 1 ? a[i] : a[i + 1]);
        /* signed products: (-p, p), congruent to a b R^-1; canonical after canon_s */
        _mm512_storeu_si512((void *)sr, hs_mt16_mul_s(vsa, vsb, P, MU));
        for (int i = 0; i < L; i++) {
            CHECK(sr[i] > -(int64_t)p && sr[i] < (int64_t)p);
            CHECK_EQ_U64(canon_i64(sr[i], p), hs_mt_mul(canon_i64(sa[i], p), canon_i64(sb[i], p), p, mu));
        }
        _mm512_storeu_si512((void *)sr, hs_mt16_mulhi_s(vsa, vsb, P, MU));
        for (int i = 0; i < L; i += 2) {
            CHECK_EQ_U64((uint32_t)sr[i], 0);
            CHECK_EQ_U64(canon_i64(sr[i + 1], p), hs_mt_mul(canon_i64(sa[i], p), canon_i64(sb[i], p), p, mu));
        }
        LANES(r, hs_mt16_canon_s(hs_mt16_mul_s(vsa, vsb, P, MU), P),
              hs_mt_mul(canon_i64(sa[i], p), canon_i64(sb[i], p), p, mu));
        uint32_t x[L], x2[L], x3[L];
        for (int i = 0; i < L; i++) {
            x[i] = canon_i64(sa[i], p), x2[i] = hs_mt_mul(x[i], x[i], p, mu), x3[i] = hs_mt_mul(x2[i], x[i], p, mu);
        }
        LANES(r, hs_mt16_cube_s(vsa, P, MU), x3[i]);
        LANES(r, hs_mt16_pow7_s(vsa, P, MU), hs_mt_mul(hs_mt_mul(x2[i], x2[i], p, mu), x3[i], p, mu));
        if (f == &hs_mt_koalabear) {
            LANES(r, hs_kb16x_add(va, vb), hs_kb_add(a[i], b[i]));
            LANES(r, hs_kb16x_sub(va, vb), hs_kb_sub(a[i], b[i]));
            LANES(r, hs_kb16x_mul(va, vb), hs_kb_mul(a[i], b[i]));
            LANES(r, hs_kb16x_neg(va), hs_kb_neg(a[i]));
            LANES(r, hs_kb16x_double(va), hs_kb_double(a[i]));
            LANES(r, hs_kb16x_square(va), hs_kb_mul(a[i], a[i]));
            LANES(r, hs_kb16x_cube(va), hs_kb_cube(a[i]));
            LANES(r, hs_kb16x_set1(a[5]), a[5]);
            LANES(r, hs_kb16x_mul_2exp_neg(va, k), hs_kb_mul(a[i], inv2k));
            hs_kb16x_store(r, hs_kb16x_load(a));
            CHECK(memcmp(r, a, sizeof a) == 0);
        }
    }
}

/* ---- the quintic extension ---- */

/* Mostly random; otherwise each coordinate 0, 1, p - 1 or random (the largest products meet). */
static hs_kb5 pick5(int mode) {
    hs_kb5 r = hs_test_rand_kb5(&rng);
    for (int c = 0; c < 5 && mode; c++) {
        unsigned k = mode == 3 ? (unsigned)hs_rng_below(&rng, 4) : (unsigned)mode - 1;
        r.c[c] = k == 0 ? hs_kb_from_u32(HS_KB_P - 1) : k == 1 ? 0 : k == 2 ? hs_kb_from_u32(1) : r.c[c];
    }
    return r;
}
/* Blocked layout: coordinate c of lane i at c * 16 + i. */
static hs_kb5x16 pack5(const hs_kb5 v[L]) {
    hs_kb blk[5 * L];
    for (int i = 0; i < L; i++)
        for (int c = 0; c < 5; c++) blk[c * L + i] = v[i].c[c];
    return hs_kb5x16_load(blk, L);
}
static int matches5(hs_kb5x16 got, const hs_kb5 want[L]) {
    hs_kb blk[5 * L];
    hs_kb5x16_store(blk, L, got);
    for (int i = 0; i < L; i++)
        for (int c = 0; c < 5; c++)
            if (blk[c * L + i] != want[i].c[c]) return 0;
    return 1;
}

static void ext_ops(void) {
    const unsigned long iters = hs_test_iters(3000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        hs_kb5 a[L], b[L], w[L];
        hs_kb s[L];
        for (int i = 0; i < L; i++) {
            a[i] = pick5(it < 9 ? (int)(it % 3) + 1 : (int)hs_rng_below(&rng, 4));
            b[i] = pick5(it < 9 ? (int)(it / 3) + 1 : (int)hs_rng_below(&rng, 4));
            s[i] = b[i].c[(it + (unsigned)i) % 5];
        }
        const hs_kb5x16 A = pack5(a), B = pack5(b);
        for (int i = 0; i < L; i++) w[i] = hs_kb5_add(a[i], b[i]);
        CHECK(matches5(hs_kb5x16_add(A, B), w));
        for (int i = 0; i < L; i++) w[i] = hs_kb5_sub(a[i], b[i]);
        CHECK(matches5(hs_kb5x16_sub(A, B), w));
        for (int i = 0; i < L; i++) w[i] = hs_kb5_mul(a[i], b[i]);
        CHECK(matches5(hs_kb5x16_mul(A, B), w));
        for (int i = 0; i < L; i++) w[i] = hs_kb5_square(a[i]);
        CHECK(matches5(hs_kb5x16_square(A), w));
        for (int i = 0; i < L; i++) w[i] = hs_kb5_mul_base(a[i], s[i]);
        CHECK(matches5(hs_kb5x16_mul_base(A, hs_kb16x_load(s)), w));
        hs_kb5 sum = hs_kb5_zero();
        for (int i = 0; i < L; i++) sum = hs_kb5_add(sum, a[i]), w[i] = b[7];
        CHECK(hs_kb5_eq(hs_kb5x16_hsum(A), sum));
        CHECK(matches5(hs_kb5x16_set1(b[7]), w));
        for (int i = 0; i < L; i++) w[i] = hs_kb5_zero();
        CHECK(matches5(hs_kb5x16_zero(), w));
    }
    /* planes: rows x..x+15 of five arrays; a store leaves the other rows alone */
    enum { N = 40 };
    hs_kb pl[5][N], *ptr[5];
    hs_kb5 v[N], w[L];
    for (int c = 0; c < 5; c++) ptr[c] = pl[c];
    for (int x = 0; x < N; x++) {
        v[x] = pick5((int)hs_rng_below(&rng, 4));
        for (int c = 0; c < 5; c++) pl[c][x] = v[x].c[c];
    }
    for (size_t x = 0; x + L <= N; x += 7) CHECK(matches5(hs_kb5x16_load_planes(ptr, x), v + x));
    for (int i = 0; i < L; i++) w[i] = hs_test_rand_kb5(&rng);
    hs_kb5x16_store_planes(ptr, 11, pack5(w));
    for (int x = 0; x < N; x++)
        for (int c = 0; c < 5; c++) CHECK(pl[c][x] == (x >= 11 && x < 11 + L ? w[x - 11].c[c] : v[x].c[c]));
}

int main(void) {
    hs_test_init(&rng, "test_kb_avx512");
    if (!hs_cpu_has_avx512()) {
        printf("test_kb_avx512: AVX-512 not in use (CPU without AVX-512 F/BW/VL/DQ, or HS_SIMD below avx512); "
               "skipped\n");
        return 0;
    }
    base_ops(&hs_mt_koalabear);
    base_ops(&hs_mt_babybear);
    ext_ops();
    return hs_test_done("test_kb_avx512");
}
