/* Multilinear tables (poly/mle.h) against brute force: the eq table against the product formula,
 * evaluation by the eq dot product against successive folding and against the sum over the cube
 * with a naive eq, folding semantics, cube corners, thread counts. */
#include <string.h>

#include "poly/mle.h"
#include "testutil.h"
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

int main(void) {
    hs_test_init(&rng, "test_mle");
    test_eq();
    test_eval_fold();
    test_threads();
    return hs_test_done("test_mle");
}
