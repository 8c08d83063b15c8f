/* The KoalaBear quintic batch products (field/kb5_batch.h): the AVX2 and AVX-512 kernels against
 * the portable one (itself against hs_kb5_mul) on random planes of every tail length, in place too;
 * a kernel above the level in use is not handed out. */
#include <string.h>

#include "field/kb5_batch.h"
#include "field/kb_ext.h"
#include "testutil.h"
#include "util/cpu.h"

enum { N = 53 };

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kb5_batch");
    static hs_kb pa[5][N], pb[5][N], po[5][N], pw[5][N];
    hs_kb *a[5], *b[5], *o[5], *w[5];
    for (int c = 0; c < 5; c++) {
        a[c] = pa[c], b[c] = pb[c], o[c] = po[c], w[c] = pw[c];
        for (int i = 0; i < N; i++) pa[c][i] = hs_test_rand_kb(&rng), pb[c][i] = hs_test_rand_kb(&rng);
    }
    hs_kb5_mul_planes_portable(w, a, b, N);
    for (int i = 0; i < N; i++) {
        hs_kb5 x, y;
        for (int c = 0; c < 5; c++) x.c[c] = pa[c][i], y.c[c] = pb[c][i];
        hs_kb5 z = hs_kb5_mul(x, y);
        for (int c = 0; c < 5; c++) CHECK_EQ_U64(pw[c][i], z.c[c]);
    }
    const size_t sizes[] = {0, 1, 7, 8, 9, 16, 17, 33, N};
    for (int level = HS_SIMD_PORTABLE; level <= HS_SIMD_AVX512; level++) {
        hs_kb5_mul_planes_fn f = hs_kb5_mul_planes_kernel(level);
        CHECK((f != NULL) == (level <= (int)hs_cpu_simd_level()));
        if (!f) {
            printf("test_kb5_batch: level %s not in use here: skipped\n", hs_simd_level_name((hs_simd)level));
            continue;
        }
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            memset(po, 0, sizeof po);
            f(o, a, b, sizes[s]);
            for (int c = 0; c < 5; c++)
                for (size_t i = 0; i < N; i++) CHECK_EQ_U64(po[c][i], i < sizes[s] ? pw[c][i] : 0);
        }
        memcpy(po, pa, sizeof po);
        f(o, o, b, N);
        CHECK(!memcmp(po, pw, sizeof po));
    }
    return hs_test_done("test_kb5_batch");
}
