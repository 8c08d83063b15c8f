/* AVX-512 row kernels of the gkr layer sumcheck: gkr_kern_packed.inc on 16-lane vectors
 * (field/kb5_avx512.h); the conditional corrections are masked subtractions. Reached through
 * hs_gkr_kernels_best() after hs_cpu_has_avx512(). */
#include <immintrin.h>

#include "field/kb5_avx512.h"
#include "gkr/gkr_kern.h"

typedef __m512i V;
#define LANES 16
#define VI(op) _mm512_##op
#define V_ZERO() _mm512_setzero_si512()
#define V_SET32(x) _mm512_set1_epi32(x)
#define V_SET64(x) _mm512_set1_epi64(x)
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define VP HS_KB5X16_P
#define VMU HS_KB5X16_MU
#define MT(name) hs_mt16_##name
#define K5X(name) hs_kb5x16_##name
#define K5T hs_kb5x16
#define GKR_KERNELS hs_gkr_kernels_avx512
/* the same bytes of buffer as the AVX2 kernels: half the row vectors */
#define RK_LANES 8
#define SKIP_BV 8

static inline __m512i sub_if_neg64(__m512i t, __m512i x) {
    return _mm512_mask_sub_epi64(t, _mm512_movepi64_mask(t), t, x);
}
static inline __m512i sub_if_gt32(__m512i a, __m512i b, __m512i x) {
    return _mm512_mask_sub_epi32(a, _mm512_cmpgt_epi32_mask(a, b), a, x);
}

#include "gkr/gkr_kern_packed.inc"
