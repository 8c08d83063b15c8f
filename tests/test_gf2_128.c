/* GF(2^128) in the flat GHASH basis and GF(2^256) = GF(2^128)[Y]/(Y^2 + Y + X^121) (field/gf2_128.h):
 * known answers computed independently (tests/vectors/gf2_128.json, from tools/gen_gf2_vectors.py:
 * Python integers, extended Euclid for inverses) and Binius64's public constants (the
 * multiplicative generator of its GHASH field has order 2^128 - 1; its trace-one element X^121 has
 * trace 1); the portable product against the bit-by-bit one; field axioms; squaring, the Frobenius
 * tables, inversion and batch inversion (zeros kept); and every carry-less kernel this CPU has
 * (PCLMULQDQ, VPCLMULQDQ with 2 and 4 lanes: products, inner products, scale-and-add, GF(2^256)
 * products, the additive NTT's butterflies) against the portable one on random arrays of every tail
 * length, at every SIMD level. */
#include <stdlib.h>
#include <string.h>

#include "field/gf2_128.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

static hs_gf128 rnd(hs_rng *r) { return (hs_gf128){hs_rng_u64(r), hs_rng_u64(r)}; }
static hs_gf256 rnd256(hs_rng *r) { return (hs_gf256){{rnd(r), rnd(r)}}; }

/* 32 hex digits, most significant first */
static hs_gf128 from_hex(const char *s) {
    char part[17];
    CHECK(strlen(s) == 32);
    memcpy(part, s, 16);
    part[16] = 0;
    hs_gf128 x;
    x.hi = strtoull(part, NULL, 16);
    x.lo = strtoull(s + 16, NULL, 16);
    return x;
}

static hs_gf128 sq_times(hs_gf128 a, unsigned k) {
    while (k--) a = hs_gf128_square(a);
    return a;
}

#define EQ128(a, b) CHECK(hs_gf128_eq((a), (b)))

static void known_answers(void) {
    vj *v = vj_load("gf2_128.json");
    const vj *mul = vj_get(v, "gf128_mul"), *inv = vj_get(v, "gf128_inv"), *m256 = vj_get(v, "gf256_mul");
    CHECK(vj_len(mul) >= 50 && vj_len(inv) >= 10 && vj_len(m256) >= 10);
    for (size_t i = 0; i < vj_len(mul); i++) {
        const vj *row = vj_at(mul, i);
        hs_gf128 a = from_hex(vj_str(vj_at(row, 0))), b = from_hex(vj_str(vj_at(row, 1))), c = from_hex(vj_str(vj_at(row, 2)));
        EQ128(hs_gf128_mul(a, b), c);
        EQ128(hs_gf128_mul_bitwise(a, b), c);
        for (int k = 0; k < HS_GF128_IMPL_COUNT; k++) {
            const hs_gf128_kernels *kk = hs_gf128_kernels_get((hs_gf128_impl)k);
            hs_gf128 out;
            if (!kk) continue;
            kk->mul(&out, &a, &b, 1);
            EQ128(out, c);
        }
    }
    for (size_t i = 0; i < vj_len(inv); i++) {
        const vj *row = vj_at(inv, i);
        hs_gf128 a = from_hex(vj_str(vj_at(row, 0))), ai = from_hex(vj_str(vj_at(row, 1)));
        EQ128(hs_gf128_inv(a), ai);
    }
    for (size_t i = 0; i < vj_len(m256); i++) {
        const vj *row = vj_at(m256, i);
        hs_gf256 a = {{from_hex(vj_str(vj_at(row, 0))), from_hex(vj_str(vj_at(row, 1)))}};
        hs_gf256 b = {{from_hex(vj_str(vj_at(row, 2))), from_hex(vj_str(vj_at(row, 3)))}};
        hs_gf256 c = {{from_hex(vj_str(vj_at(row, 4))), from_hex(vj_str(vj_at(row, 5)))}};
        CHECK(hs_gf256_eq(hs_gf256_mul(a, b), c));
        for (int k = 0; k < HS_GF128_IMPL_COUNT; k++) {
            const hs_gf128_kernels *kk = hs_gf128_kernels_get((hs_gf128_impl)k);
            hs_gf256 out;
            if (!kk) continue;
            kk->mul256(&out, &a, &b, 1);
            CHECK(hs_gf256_eq(out, c));
        }
    }
    vj_free(v);
}

/* Binius64 (binius-zk/binius64, crates/field/src/ghash.rs): BinaryField128bGhash's
 * MULTIPLICATIVE_GENERATOR = 0x494ef99794d5244f9152df59d87a9186 and its trace-one element 1 << 121. */
static void public_constants(void) {
    const hs_gf128 g = {0x9152df59d87a9186ull, 0x494ef99794d5244full}, one = hs_gf128_one();
    /* 2^128 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 274177 * 6700417 * 67280421310721 */
    static const uint64_t primes[] = {3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721ull};
    const hs_gf2_u128 order = ~(hs_gf2_u128)0;
    hs_gf2_u128 prod = 1;
    for (size_t i = 0; i < sizeof primes / sizeof *primes; i++) {
        prod *= primes[i];
        hs_gf2_u128 e = order / primes[i];
        CHECK(!hs_gf128_eq(hs_gf128_pow(g, (uint64_t)e, (uint64_t)(e >> 64)), one));
    }
    CHECK(prod == order);
    EQ128(hs_gf128_pow(g, ~0ull, ~0ull), one);
    EQ128(hs_gf128_mul(g, hs_gf128_inv(g)), one);
    /* traces: X^121 and X^127 have trace 1, 1 has trace 0 (128 is even), X has trace 0 */
    EQ128(hs_gf128_trace((hs_gf128){0, 1ull << 57}), one);
    EQ128(hs_gf128_trace((hs_gf128){0, 1ull << 63}), one);
    EQ128(hs_gf128_trace(one), hs_gf128_zero());
    EQ128(hs_gf128_trace(HS_GF256_C), one); /* so Y^2 + Y + c is irreducible */
    /* the Gao-Mateer basis of the additive NTT: beta_127 = X^121, beta_i = beta_{i+1}^2 + beta_{i+1},
     * ends in beta_0 = 1 (Binius64 asserts it) */
    hs_gf128 beta = {0, 1ull << 57};
    for (int i = 126; i >= 0; i--) beta = hs_gf128_add(hs_gf128_square(beta), beta);
    EQ128(beta, one);
}

static void axioms(hs_rng *rng, unsigned iters) {
    const hs_gf128 one = hs_gf128_one();
    for (unsigned it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        hs_gf128 a = rnd(rng), b = rnd(rng), c = rnd(rng);
        if (it % 8 == 0) a.hi = 0; /* short operands too */
        if (it % 8 == 1) b.lo = 0;
        hs_gf128 ab = hs_gf128_mul(a, b);
        EQ128(ab, hs_gf128_mul_bitwise(a, b));
        EQ128(ab, hs_gf128_mul(b, a));
        EQ128(hs_gf128_mul(ab, c), hs_gf128_mul(a, hs_gf128_mul(b, c)));
        EQ128(hs_gf128_mul(a, hs_gf128_add(b, c)), hs_gf128_add(ab, hs_gf128_mul(a, c)));
        EQ128(hs_gf128_mul(a, one), a);
        EQ128(hs_gf128_square(a), hs_gf128_mul(a, a));
        hs_gf128 ai = hs_gf128_inv(a);
        if (!hs_gf128_is_zero(a)) EQ128(hs_gf128_mul(a, ai), one);
        EQ128(hs_gf128_inv(ai), a);
        /* the trace is in GF(2) and additive */
        hs_gf128 ta = hs_gf128_trace(a), tb = hs_gf128_trace(b);
        CHECK(ta.hi == 0 && ta.lo <= 1);
        EQ128(hs_gf128_trace(hs_gf128_add(a, b)), hs_gf128_add(ta, tb));
        /* GF(2^256) */
        hs_gf256 x = rnd256(rng), y = rnd256(rng), z = rnd256(rng), o = hs_gf256_one();
        hs_gf256 xy = hs_gf256_mul(x, y);
        CHECK(hs_gf256_eq(xy, hs_gf256_mul(y, x)));
        CHECK(hs_gf256_eq(hs_gf256_mul(xy, z), hs_gf256_mul(x, hs_gf256_mul(y, z))));
        CHECK(hs_gf256_eq(hs_gf256_mul(x, hs_gf256_add(y, z)), hs_gf256_add(xy, hs_gf256_mul(x, z))));
        CHECK(hs_gf256_eq(hs_gf256_mul(x, hs_gf256_inv(x)), o));
        CHECK(hs_gf256_eq(hs_gf256_mul(hs_gf256_from_base(a), hs_gf256_from_base(b)), hs_gf256_from_base(ab)));
    }
    EQ128(hs_gf128_inv(hs_gf128_zero()), hs_gf128_zero());
    CHECK(hs_gf256_eq(hs_gf256_inv(hs_gf256_zero()), hs_gf256_zero()));
    /* Y^2 = Y + c, and the Frobenius of GF(2^256) over GF(2^128), x -> x^(2^128), is the conjugation
     * (a0 + a1) + a1 Y: it fixes the base field and nothing else (a reducible Y^2 + Y + c would make
     * the ring a product of two copies of GF(2^128), where x^(2^128) = x for every x) */
    hs_gf256 yv = {{{0, 0}, {1, 0}}};
    CHECK(hs_gf256_eq(hs_gf256_mul(yv, yv), hs_gf256_add(yv, hs_gf256_from_base(HS_GF256_C))));
    for (int it = 0; it < 4; it++) {
        hs_gf256 x = rnd256(rng), f = x;
        for (int i = 0; i < 128; i++) f = hs_gf256_mul(f, f);
        hs_gf256 conj = {{hs_gf128_add(x.c[0], x.c[1]), x.c[1]}};
        CHECK(hs_gf256_eq(f, conj));
        CHECK(!hs_gf256_eq(f, x));
    }
}

static void frobenius(hs_rng *rng) {
    hs_gf128_linmap *m = malloc(sizeof *m), *m64 = malloc(sizeof *m64);
    if (!m || !m64) {
        CHECK(0);
        free(m), free(m64);
        return;
    }
    hs_gf128_linmap_frobenius(m, 1);
    hs_gf128_linmap_frobenius(m64, 64);
    for (int it = 0; it < 64; it++) {
        hs_gf128 a = rnd(rng);
        EQ128(hs_gf128_linmap_apply(m, a), hs_gf128_mul(a, a));
        /* x^(2^128) = x: squaring 128 times through the table, and the 64th power map twice */
        hs_gf128 f = a;
        for (int i = 0; i < 128; i++) f = hs_gf128_linmap_apply(m, f);
        EQ128(f, a);
        hs_gf128 f64 = hs_gf128_linmap_apply(m64, a);
        EQ128(f64, sq_times(a, 64));
        if (it < 8) CHECK(!hs_gf128_eq(f64, a)); /* a random element is not in GF(2^64) */
        EQ128(hs_gf128_linmap_apply(m64, f64), a);
    }
    for (unsigned k = 0; k <= 128 && !TOO_MANY_FAILURES(); k += 13) {
        hs_gf128_linmap_frobenius(m, k);
        hs_gf128 a = rnd(rng);
        EQ128(hs_gf128_linmap_apply(m, a), sq_times(a, k));
    }
    free(m);
    free(m64);
}

static void batch_inv(hs_rng *rng) {
    enum { N = 67 };
    hs_gf128 in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = i % 7 == 3 ? hs_gf128_zero() : rnd(rng);
    hs_gf128_batch_inv(out, in, N);
    for (int i = 0; i < N; i++) EQ128(out[i], hs_gf128_inv(in[i]));
    hs_gf128_batch_inv(out, in, 0);
    in[0] = hs_gf128_zero();
    hs_gf128_batch_inv(out, in, 1);
    EQ128(out[0], hs_gf128_zero());
}

/* Every kernel against the portable one, on random data, every tail length. */
static void kernels(hs_rng *rng) {
    enum { N = 70 };
    hs_gf128 a[N], b[N], want[N], got[N], y[N];
    hs_gf256 a2[N], b2[N], w2[N], g2[N];
    for (int i = 0; i < N; i++) a[i] = rnd(rng), b[i] = rnd(rng), a2[i] = rnd256(rng), b2[i] = rnd256(rng);
    a[5] = hs_gf128_zero();
    b[6] = (hs_gf128){~0ull, ~0ull};
    const hs_gf128 s = rnd(rng);
    const size_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 33, N};
    for (int k = 0; k < HS_GF128_IMPL_COUNT; k++) {
        const hs_gf128_kernels *kk = hs_gf128_kernels_get((hs_gf128_impl)k);
        if (!kk) {
            printf("test_gf2_128: kernel %d not available on this CPU / build / level: skipped\n", k);
            continue;
        }
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            size_t n = sizes[si];
            memset(got, 0xa5, sizeof got);
            kk->mul(got, a, b, n);
            for (size_t i = 0; i < n; i++) EQ128(got[i], hs_gf128_mul(a[i], b[i]));
            CHECK(got[n < N ? n : 0].lo == (n < N ? 0xa5a5a5a5a5a5a5a5ull : got[0].lo)); /* nothing past n */
            hs_gf128 ip = hs_gf128_zero();
            for (size_t i = 0; i < n; i++) ip = hs_gf128_add(ip, hs_gf128_mul_bitwise(a[i], b[i]));
            EQ128(kk->inner(a, b, n), ip);
            memcpy(y, b, sizeof y);
            kk->scale_add(y, s, a, n);
            for (size_t i = 0; i < N; i++) EQ128(y[i], i < n ? hs_gf128_add(b[i], hs_gf128_mul(s, a[i])) : b[i]);
            kk->mul256(g2, a2, b2, n);
            for (size_t i = 0; i < n; i++) CHECK(hs_gf256_eq(g2[i], hs_gf256_mul(a2[i], b2[i])));
            /* the additive NTT's butterflies: forward u += s v, v += u; inverse undoes it */
            memcpy(got, a, sizeof got);
            memcpy(y, b, sizeof y);
            kk->butterfly_fwd(got, y, s, n);
            for (size_t i = 0; i < N; i++) {
                hs_gf128 u = i < n ? hs_gf128_add(a[i], hs_gf128_mul(s, b[i])) : a[i];
                EQ128(got[i], u);
                EQ128(y[i], i < n ? hs_gf128_add(b[i], u) : b[i]);
            }
            kk->butterfly_inv(got, y, s, n);
            CHECK(!memcmp(got, a, sizeof got) && !memcmp(y, b, sizeof y));
            /* two layers in one pass: the same as the portable kernel's, and undone by the inverse */
            if (n <= N / 4) {
                const hs_gf128_kernels *pk = hs_gf128_kernels_get(HS_GF128_PORTABLE);
                const hs_gf128 t2 = rnd(rng), t3 = rnd(rng);
                memcpy(got, a, sizeof got);
                memcpy(want, a, sizeof want);
                kk->ntt_fly2(got, N / 4, n, s, t2, t3, 0);
                pk->ntt_fly2(want, N / 4, n, s, t2, t3, 0);
                CHECK(!memcmp(got, want, sizeof got));
                kk->ntt_fly2(got, N / 4, n, s, t2, t3, 1);
                CHECK(!memcmp(got, a, sizeof got));
            }
        }
        /* in place */
        memcpy(got, a, sizeof got);
        kk->mul(got, got, b, N);
        for (size_t i = 0; i < N; i++) want[i] = hs_gf128_mul(a[i], b[i]);
        CHECK(!memcmp(got, want, sizeof got));
        memcpy(g2, b2, sizeof g2);
        kk->mul256(g2, a2, g2, N);
        for (size_t i = 0; i < N; i++) w2[i] = hs_gf256_mul(a2[i], b2[i]);
        CHECK(!memcmp(g2, w2, sizeof g2));
        printf("test_gf2_128: kernel %s (%u lane%s): same as portable\n", kk->name, kk->lanes, kk->lanes > 1 ? "s" : "");
    }
    /* the dispatching entry points use the best one */
    hs_gf128_mul_many(got, a, b, N);
    for (size_t i = 0; i < N; i++) EQ128(got[i], hs_gf128_mul(a[i], b[i]));
    hs_gf256_mul_many(g2, a2, b2, N);
    for (size_t i = 0; i < N; i++) CHECK(hs_gf256_eq(g2[i], hs_gf256_mul(a2[i], b2[i])));
    EQ128(hs_gf128_inner(a, b, N), hs_gf128_kernels_get(HS_GF128_PORTABLE)->inner(a, b, N));
    memcpy(y, b, sizeof y);
    hs_gf128_scale_add(y, s, a, N);
    for (size_t i = 0; i < N; i++) EQ128(y[i], hs_gf128_add(b[i], hs_gf128_mul(s, a[i])));
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_gf2_128");
    known_answers();
    public_constants();
    axioms(&rng, (unsigned)hs_test_iters(hs_test_sanitized() ? 100 : 500));
    frobenius(&rng);
    batch_inv(&rng);
    /* the kernels at every level: which ones a level allows, and each the same as portable */
    const hs_simd best = hs_cpu_simd_detected();
    for (int l = best; l >= HS_SIMD_PORTABLE; l--) {
        hs_cpu_simd_force((hs_simd)l);
        printf("test_gf2_128: level %s, best kernel %s\n", hs_simd_level_name((hs_simd)l), hs_gf128_kernels_best()->name);
        if (l == HS_SIMD_PORTABLE) CHECK(!strcmp(hs_gf128_kernels_best()->name, "portable"));
        if (l < HS_SIMD_AVX512) CHECK(hs_gf128_kernels_get(HS_GF128_VPCLMUL4) == NULL);
        kernels(&rng);
    }
    hs_cpu_simd_force(best);
    return hs_test_done("test_gf2_128");
}
