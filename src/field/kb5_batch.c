#include "field/kb5_batch.h"

#include "field/kb_ext.h"
#include "util/cpu.h"

void hs_kb5_mul_planes_portable(hs_kb *const out[5], hs_kb *const a[5], hs_kb *const b[5], size_t n) {
    for (size_t i = 0; i < n; i++) {
        hs_kb5 x, y;
        for (int c = 0; c < 5; c++) x.c[c] = a[c][i], y.c[c] = b[c][i];
        hs_kb5 z = hs_kb5_mul(x, y);
        for (int c = 0; c < 5; c++) out[c][i] = z.c[c];
    }
}

hs_kb5_mul_planes_fn hs_kb5_mul_planes_kernel(int level) {
    if (level == HS_SIMD_PORTABLE) return hs_kb5_mul_planes_portable;
    if (level > (int)hs_cpu_simd_level()) return NULL;
#if defined(HS_HAVE_AVX2)
    if (level == HS_SIMD_AVX2) return hs_kb5_mul_planes_avx2;
#endif
#if defined(HS_HAVE_AVX512)
    if (level == HS_SIMD_AVX512) return hs_kb5_mul_planes_avx512;
#endif
    return NULL;
}
