/* Multilinear tables (poly/mle.h) against brute force: the eq table against the product formula,
 * evaluation by the eq dot product against successive folding and against the sum over the cube
 * with a naive eq, folding semantics, cube corners, thread counts; the plane builders and their
 * kernel sets. */
#include <string.h>

#include "poly/mle.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static hs_rng rng;

static hs_kb rand_kb(void) { return hs_test_rand_kb(&rng); }
static hs_kb5 rand_k(void) { return hs_test_rand_kb5(&rng); }
static hs_kb5 k_from_int(uint32_t v) { return hs_kb5_from_base(hs_kb_from_u32(v)); }

/* eq(z, x) for a cube point x written as the bits of an index, the slow way: a product of
 * (1 - z_i) or z_i, variable i <-> bit n-1-i. */
static hs_kb5 naive_eq_bits(const hs_kb5 *z, unsigned n, size_t x) {
    hs_kb5 e = hs_kb5_one();
    for (unsigned i = 0; i < n; i++) {
        hs_kb5 f = (x >> (n - 1 - i)) & 1 ? z[i] : hs_kb5_sub(hs_kb5_one(), z[i]);
        e = hs_kb5_mul(e, f);
    }
    return e;
}

static hs_kb5 brute_eval_ext(const hs_kb5 *f, unsigned n, const hs_kb5 *z) {
    hs_kb5 acc = hs_kb5_zero();
    for (size_t x = 0; x < ((size_t)1 << n); x++) acc = hs_kb5_add(acc, hs_kb5_mul(f[x], naive_eq_bits(z, n, x)));
    return acc;
}

/* f^(z) by successive folding in a scratch copy. */
static hs_kb5 fold_eval_ext(const hs_kb5 *f, unsigned n, const hs_kb5 *z, hs_kb5 *scratch) {
    memcpy(scratch, f, sizeof *f << n);
    for (unsigned i = 0; i < n; i++) hs_mle_fold_ext(scratch, scratch, (size_t)1 << (n - 1 - i), z[i], 1);
    return scratch[0];
}

static void test_eq(void) {
    hs_kb5 z[12], w[12], pt[12];
    hs_kb5 *tab = hs_alloc_array((size_t)1 << 12, sizeof *tab);
    for (unsigned n = 0; n <= 12; n++) {
        for (unsigned i = 0; i < n; i++) z[i] = rand_k(), w[i] = rand_k();
        hs_kb5 scale = rand_k();
        hs_mle_eq_table(tab, z, n, scale, 1);
        for (size_t x = 0; x < ((size_t)1 << n); x++) {
            CHECK(hs_kb5_eq(tab[x], hs_kb5_mul(scale, naive_eq_bits(z, n, x))));
            /* hs_mle_eq at a 0/1 point is the same entry */
            for (unsigned i = 0; i < n; i++) pt[i] = (x >> (n - 1 - i)) & 1 ? hs_kb5_one() : hs_kb5_zero();
            if (x < 64) CHECK(hs_kb5_eq(hs_kb5_mul(scale, hs_mle_eq(z, pt, n)), tab[x]));
        }
        /* symmetric, and eq(z, w) = sum_x eq(z, x) eq(w, x) */
        CHECK(hs_kb5_eq(hs_mle_eq(z, w, n), hs_mle_eq(w, z, n)));
        hs_mle_eq_table(tab, z, n, hs_kb5_one(), 1);
        hs_kb5 s = hs_kb5_zero();
        for (size_t x = 0; x < ((size_t)1 << n); x++) s = hs_kb5_add(s, hs_kb5_mul(tab[x], naive_eq_bits(w, n, x)));
        CHECK(hs_kb5_eq(s, hs_mle_eq(z, w, n)));
        if (TOO_MANY_FAILURES()) break;
    }
    /* eq of small integers: eq(2, 3) = 1 - 2 - 3 + 12 = 8 */
    hs_kb5 a = k_from_int(2), b = k_from_int(3);
    CHECK(hs_kb5_eq(hs_mle_eq(&a, &b, 1), k_from_int(8)));
    hs_free(tab);
}

static void test_eval_fold(void) {
    size_t N = (size_t)1 << 11;
    hs_kb *fb = hs_alloc_array(N, sizeof *fb);
    hs_kb5 *fe = hs_alloc_array(N, sizeof *fe), *fl = hs_alloc_array(N, sizeof *fl),
           *scratch = hs_alloc_array(N, sizeof *scratch), *folded = hs_alloc_array(N, sizeof *folded);
    hs_kb5 z[11], pt[11];
    for (unsigned n = 0; n <= 11; n++) {
        size_t len = (size_t)1 << n;
        for (size_t x = 0; x < len; x++) fb[x] = rand_kb(), fe[x] = rand_k(), fl[x] = hs_kb5_from_base(fb[x]);
        for (unsigned i = 0; i < n; i++) z[i] = rand_k();
        hs_kb5 eb = hs_mle_eval_base(fb, n, z, 1), ee = hs_mle_eval_ext(fe, n, z, 1);
        CHECK(hs_kb5_eq(eb, fold_eval_ext(fl, n, z, scratch)));
        CHECK(hs_kb5_eq(ee, fold_eval_ext(fe, n, z, scratch)));
        if (n <= 8) {
            CHECK(hs_kb5_eq(eb, brute_eval_ext(fl, n, z)));
            CHECK(hs_kb5_eq(ee, brute_eval_ext(fe, n, z)));
        }
        /* the cube corners give back the table */
        for (unsigned k = 0; k < 4; k++) {
            size_t x = (size_t)hs_rng_below(&rng, len);
            for (unsigned i = 0; i < n; i++) pt[i] = (x >> (n - 1 - i)) & 1 ? hs_kb5_one() : hs_kb5_zero();
            CHECK(hs_kb5_eq(hs_mle_eval_base(fb, n, pt, 1), hs_kb5_from_base(fb[x])));
            CHECK(hs_kb5_eq(hs_mle_eval_ext(fe, n, pt, 1), fe[x]));
        }
        if (n == 0) continue;
        /* folding binds variable 0: the folded table at z[1..] is f^ at z; entries are the formula */
        size_t half = len / 2;
        hs_mle_fold_base(folded, fb, half, z[0], 1);
        for (size_t i = 0; i < half; i++) {
            hs_kb5 want = hs_kb5_add(hs_kb5_from_base(fb[i]),
                                     hs_kb5_mul(z[0], hs_kb5_from_base(hs_kb_sub(fb[i + half], fb[i]))));
            CHECK(hs_kb5_eq(folded[i], want));
        }
        CHECK(hs_kb5_eq(hs_mle_eval_ext(folded, n - 1, z + 1, 1), eb));
        hs_mle_fold_ext(folded, fe, half, z[0], 1);
        CHECK(hs_kb5_eq(hs_mle_eval_ext(folded, n - 1, z + 1, 1), ee));
        memcpy(scratch, fe, sizeof *fe << n);
        hs_mle_fold_ext(scratch, scratch, half, z[0], 1); /* in place */
        CHECK(!memcmp(scratch, folded, sizeof *fe * half));
        /* folding at 0 and 1 picks a half */
        hs_mle_fold_base(folded, fb, half, hs_kb5_one(), 1);
        for (size_t i = 0; i < half; i++) CHECK(hs_kb5_eq(folded[i], hs_kb5_from_base(fb[i + half])));
        hs_mle_fold_ext(folded, fe, half, hs_kb5_zero(), 1);
        CHECK(!memcmp(folded, fe, sizeof *fe * half));
        if (TOO_MANY_FAILURES()) break;
    }
    hs_free(fb), hs_free(fe), hs_free(fl), hs_free(scratch), hs_free(folded);
}

/* Tables large enough for the threaded paths: 1, 2 and 3 threads agree byte for byte. */
static void test_threads(void) {
    unsigned n = 16;
    size_t N = (size_t)1 << n;
    hs_kb *fb = hs_alloc_array(N, sizeof *fb);
    hs_kb5 *fe = hs_alloc_array(N, sizeof *fe), *a = hs_alloc_array(N, sizeof *a), *b = hs_alloc_array(N, sizeof *b);
    hs_kb5 z[16];
    for (size_t x = 0; x < N; x++) fb[x] = rand_kb(), fe[x] = rand_k();
    for (unsigned i = 0; i < n; i++) z[i] = rand_k();
    hs_kb5 scale = rand_k();
    hs_mle_eq_table(a, z, n, scale, 1);
    for (unsigned th = 2; th <= 3; th++) {
        hs_mle_eq_table(b, z, n, scale, th);
        CHECK(!memcmp(a, b, sizeof *a * N));
    }
    for (unsigned k = 0; k < 64; k++) {
        size_t x = (size_t)hs_rng_below(&rng, N);
        CHECK(hs_kb5_eq(a[x], hs_kb5_mul(scale, naive_eq_bits(z, n, x))));
    }
    hs_kb5 e1 = hs_mle_eval_base(fb, n, z, 1), e2 = hs_mle_eval_ext(fe, n, z, 1);
    for (unsigned th = 2; th <= 3; th++) {
        CHECK(hs_kb5_eq(e1, hs_mle_eval_base(fb, n, z, th)));
        CHECK(hs_kb5_eq(e2, hs_mle_eval_ext(fe, n, z, th)));
    }
    CHECK(hs_kb5_eq(e2, fold_eval_ext(fe, n, z, a)));
    hs_mle_fold_base(a, fb, N / 2, z[0], 1);
    hs_mle_fold_base(b, fb, N / 2, z[0], 2);
    CHECK(!memcmp(a, b, sizeof *a * N / 2));
    hs_mle_fold_ext(a, fe, N / 2, z[1], 1);
    memcpy(b, fe, sizeof *fe * N);
    hs_mle_fold_ext(b, b, N / 2, z[1], 2);
    CHECK(!memcmp(a, b, sizeof *a * N / 2));
    hs_free(fb), hs_free(fe), hs_free(a), hs_free(b);
}

/* The plane builders against the flat table: hs_mle_eq_planes for flat rows, padded rows and the
 * sumcheck's blocked layout (rows of 8 every 40 words), every split and thread count; the suffix
 * tables (planes and flat) against the flat table of each suffix; the kernel sets against the
 * portable one on random data (odd lengths and offsets reach the scalar tails). */
static void test_planes(void) {
    hs_kb5 z[18], scale = rand_k(), ref[1u << 12];
    for (unsigned i = 0; i < 18; i++) z[i] = rand_k();
    for (unsigned n = 0; n <= 12; n++) {
        const size_t N = (size_t)1 << n;
        hs_mle_eq_table(ref, z, n, scale, 1);
        for (unsigned nl = 0; nl <= n; nl++) {
            const size_t L = (size_t)1 << nl, H = N / L, step = L + (nl & 1) * 3; /* padded rows when nl odd */
            const size_t cap = H * step + 5;
            hs_kb *buf = hs_alloc_array(5 * cap, sizeof *buf);
            for (unsigned th = 1; th <= 2; th++) {
                memset(buf, 0xff, 5 * cap * sizeof *buf);
                hs_mle_k5 t = hs_mle_k5_planes(buf, cap);
                CHECK(hs_mle_eq_planes(t, step, z, n, nl, scale, th));
                for (size_t x = 0; x < N; x++) CHECK(hs_kb5_eq(hs_mle_k5_get(t, (x / L) * step + x % L), ref[x]));
            }
            hs_free(buf);
        }
        /* blocked: element i, coordinate c at word (i / 8) * 40 + c * 8 + i % 8 */
        const unsigned k = n < 3 ? n : 3;
        hs_kb *E = hs_alloc_array(40 * ((N + 7) / 8), sizeof *E);
        CHECK(hs_mle_eq_planes(hs_mle_k5_planes(E, 8), 40, z, n, k, scale, 2));
        for (size_t i = 0; i < N; i++) {
            const hs_kb *p = E + (i / 8) * 40 + i % 8;
            CHECK(hs_kb5_eq((hs_kb5){{p[0], p[8], p[16], p[24], p[32]}}, ref[i]));
        }
        hs_free(E);
    }
    /* threaded rows, and a top table above the stack's 256 entries (n - nl = 12) */
    for (unsigned nl = 3; nl <= 8; nl += 5) {
        const unsigned n = 15;
        hs_kb5 *big = hs_alloc_array((size_t)1 << n, sizeof *big);
        hs_kb *buf = hs_alloc_array(5u << n, sizeof *buf);
        hs_mle_eq_table(big, z, n, scale, 1);
        hs_mle_k5 t = hs_mle_k5_planes(buf, (size_t)1 << n);
        CHECK(hs_mle_eq_planes(t, (size_t)1 << nl, z, n, nl, scale, 3));
        for (size_t x = 0; x < ((size_t)1 << n); x++) CHECK(hs_kb5_eq(hs_mle_k5_get(t, x), big[x]));
        hs_free(big), hs_free(buf);
    }
    /* suffix tables: E_i = eq(z[i+1..n-1], .) at offset 2^(n-1-i) - 1 */
    for (unsigned n = 1; n <= 15; n += 7) {
        for (unsigned stop = 0; stop < n; stop += 3) {
            const size_t tot = ((size_t)1 << (n - stop)) - 1;
            hs_kb *buf = hs_alloc_array(5 * tot, sizeof *buf);
            hs_kb5 *T = hs_alloc_array(tot, sizeof *T), *e = hs_alloc_array((size_t)1 << n, sizeof *e);
            hs_mle_k5 t = hs_mle_k5_planes(buf, tot);
            hs_mle_suffix_eq_planes(t, z, n, stop, 2);
            hs_mle_suffix_eq_table(T, z, n, stop, 2);
            for (unsigned i = stop; i < n; i++) {
                const size_t len = (size_t)1 << (n - 1 - i);
                hs_mle_eq_table(e, z + i + 1, n - 1 - i, hs_kb5_one(), 1);
                for (size_t x = 0; x < len; x++) {
                    CHECK(hs_kb5_eq(hs_mle_k5_get(t, len - 1 + x), e[x]));
                    CHECK(hs_kb5_eq(T[len - 1 + x], e[x]));
                }
            }
            hs_free(buf), hs_free(T), hs_free(e);
        }
    }
    const hs_mle_kernels *sets[2] = {&hs_mle_kernels_avx2, &hs_mle_kernels_avx512};
    const int have[2] = {hs_cpu_has_avx2(), hs_cpu_has_avx512()};
    for (int s = 0; s < 2; s++) {
        if (!have[s]) {
            printf("test_mle: no %s (or HS_SIMD below it), kernel comparison skipped\n", s ? "AVX-512" : "AVX2");
            continue;
        }
        const hs_mle_kernels *K = sets[s];
        const size_t cap = 200, words = 5 * cap;
        hs_kb *src = hs_alloc_array(words, sizeof *src), *a = hs_alloc_array(words, sizeof *a),
              *b = hs_alloc_array(words, sizeof *b);
        hs_kb5 hi[4] = {rand_k(), rand_k(), rand_k(), rand_k()};
        for (size_t L = 1; L <= 37; L += 4)
            for (size_t off = 0; off < 3; off++) {
                for (size_t i = 0; i < words; i++) src[i] = rand_kb(), a[i] = b[i] = rand_kb();
                const hs_mle_k5 lo = hs_mle_k5_planes(src, cap), oa = hs_mle_k5_at(hs_mle_k5_planes(a, cap), off),
                                ob = hs_mle_k5_at(hs_mle_k5_planes(b, cap), off);
                hs_mle_kernels_portable.eq_rows(oa, L + off, hi, 0, 4, lo, L);
                K->eq_rows(ob, L + off, hi, 0, 4, lo, L);
                CHECK(!memcmp(a, b, words * sizeof *a));
                hs_mle_kernels_portable.eq_step(lo, oa, hs_mle_k5_at(oa, L), hi[0], off, off + L);
                K->eq_step(lo, ob, hs_mle_k5_at(ob, L), hi[0], off, off + L);
                CHECK(!memcmp(a, b, words * sizeof *a));
                /* in place, lo_out == src */
                memcpy(b, a, words * sizeof *a);
                hs_mle_kernels_portable.eq_step(oa, oa, hs_mle_k5_at(oa, L), hi[2], 0, L);
                K->eq_step(ob, ob, hs_mle_k5_at(ob, L), hi[2], 0, L);
                CHECK(!memcmp(a, b, words * sizeof *a));
            }
        hs_free(src), hs_free(a), hs_free(b);
    }
}

int main(void) {
    hs_test_init(&rng, "test_mle");
    test_eq();
    test_eval_fold();
    test_threads();
    test_planes();
    return hs_test_done("test_mle");
}
