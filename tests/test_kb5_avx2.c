/* Every packed (AVX2, 8-lane) operation of kb5_avx2.h against the scalar hs_kb5_* of kb_ext.h, on
 * random values and on the extremes: zero and p - 1 in every coordinate, mixed per lane. */
#include <string.h>

#include "field/kb5_avx2.h"
#include "testutil.h"
#include "util/cpu.h"

static hs_rng rng;

/* Lane values: mostly random; otherwise each coordinate 0, 1, p - 1 or random, so that the
 * largest products (p - 1)^2 meet in every convolution sum. */
static hs_kb5 pick(int mode) {
    hs_kb5 r = hs_test_rand_kb5(&rng);
    if (mode == 1) {
        for (int c = 0; c < 5; c++) r.c[c] = hs_kb_from_u32(HS_KB_P - 1);
    } else if (mode == 2) {
        r = hs_kb5_zero();
    } else if (mode == 3) {
        for (int c = 0; c < 5; c++) {
            unsigned k = (unsigned)hs_rng_below(&rng, 4);
            r.c[c] = k == 0 ? 0 : k == 1 ? hs_kb_from_u32(1) : k == 2 ? hs_kb_from_u32(HS_KB_P - 1) : r.c[c];
        }
    }
    return r;
}

/* Blocked layout (coordinate c of lane i at c * 8 + i), as hs_kb5x_load(p, 8) reads it. */
static hs_kb5x pack(const hs_kb5 v[8]) {
    hs_kb blk[40];
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 5; c++) blk[c * 8 + i] = v[i].c[c];
    return hs_kb5x_load(blk, 8);
}
static void unpack(hs_kb5 v[8], hs_kb5x a) {
    hs_kb blk[40];
    hs_kb5x_store(blk, 8, a);
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 5; c++) v[i].c[c] = blk[c * 8 + i];
}

static int same(const hs_kb5 got[8], const hs_kb5 want[8]) {
    for (int i = 0; i < 8; i++)
        if (!hs_kb5_eq(got[i], want[i])) return 0;
    return 1;
}

static void test_ops(void) {
    const unsigned long iters = hs_test_iters(4000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        /* the first rounds are all-extreme, later ones mix per lane */
        int fixed = it < 9 ? (int)it : -1;
        hs_kb5 a[8], b[8], want[8], got[8];
        hs_kb s[8];
        for (int i = 0; i < 8; i++) {
            a[i] = pick(fixed >= 0 ? fixed % 3 : (int)hs_rng_below(&rng, 4));
            b[i] = pick(fixed >= 0 ? fixed / 3 : (int)hs_rng_below(&rng, 4));
            s[i] = b[i].c[(it + (unsigned)i) % 5];
        }
        hs_kb5x A = pack(a), B = pack(b);
        __m256i S = hs_kb8x_load(s);

        for (int i = 0; i < 8; i++) want[i] = hs_kb5_add(a[i], b[i]);
        unpack(got, hs_kb5x_add(A, B));
        CHECK(same(got, want));
        for (int i = 0; i < 8; i++) want[i] = hs_kb5_sub(a[i], b[i]);
        unpack(got, hs_kb5x_sub(A, B));
        CHECK(same(got, want));
        for (int i = 0; i < 8; i++) want[i] = hs_kb5_mul(a[i], b[i]);
        unpack(got, hs_kb5x_mul(A, B));
        CHECK(same(got, want));
        for (int i = 0; i < 8; i++) want[i] = hs_kb5_square(a[i]);
        unpack(got, hs_kb5x_square(A));
        CHECK(same(got, want));
        for (int i = 0; i < 8; i++) want[i] = hs_kb5_mul_base(a[i], s[i]);
        unpack(got, hs_kb5x_mul_base(A, S));
        CHECK(same(got, want));

        hs_kb5 sum = hs_kb5_zero();
        for (int i = 0; i < 8; i++) sum = hs_kb5_add(sum, a[i]);
        CHECK(hs_kb5_eq(hs_kb5x_hsum(A), sum));

        for (int i = 0; i < 8; i++) want[i] = b[3];
        unpack(got, hs_kb5x_set1(b[3]));
        CHECK(same(got, want));
        for (int i = 0; i < 8; i++) want[i] = hs_kb5_zero();
        unpack(got, hs_kb5x_zero());
        CHECK(same(got, want));
    }
}

/* The plane layout: rows x..x+7 of five separate arrays; other rows untouched by a store. */
static void test_planes(void) {
    enum { N = 24 };
    hs_kb pl[5][N], *ptr[5];
    hs_kb5 v[N];
    for (int c = 0; c < 5; c++) ptr[c] = pl[c];
    for (int x = 0; x < N; x++) {
        v[x] = pick((int)hs_rng_below(&rng, 4));
        for (int c = 0; c < 5; c++) pl[c][x] = v[x].c[c];
    }
    for (size_t x = 0; x + 8 <= N; x += 5) {
        hs_kb5 got[8];
        unpack(got, hs_kb5x_load_planes(ptr, x));
        CHECK(same(got, v + x));
    }
    hs_kb5 w[8];
    for (int i = 0; i < 8; i++) w[i] = hs_test_rand_kb5(&rng);
    hs_kb5x_store_planes(ptr, 9, pack(w));
    for (int x = 0; x < N; x++)
        for (int c = 0; c < 5; c++) CHECK(pl[c][x] == (x >= 9 && x < 17 ? w[x - 9].c[c] : v[x].c[c]));
}

int main(void) {
    hs_test_init(&rng, "test_kb5_avx2");
    if (!hs_cpu_has_avx2()) {
        printf("test_kb5_avx2: no AVX2 on this CPU (or HS_NO_SIMD set); skipped\n");
        return 0;
    }
    test_ops();
    test_planes();
    return hs_test_done("test_kb5_avx2");
}
