/* AVX2 row kernels of the gkr layer sumcheck: gkr_kern_packed.inc on 8-lane vectors
 * (field/kb5_avx2.h). */
#include <immintrin.h>

#include "field/kb5_avx2.h"
#include "gkr/gkr_kern.h"

typedef __m256i V;
#define LANES 8
#define VI(op) _mm256_##op
#define V_ZERO() _mm256_setzero_si256()
#define V_SET32(x) _mm256_set1_epi32(x)
#define V_SET64(x) _mm256_set1_epi64x(x)
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define VP HS_KB5X_P
#define VMU HS_KB5X_MU
#define MT(name) hs_mt8_##name
#define K5X(name) hs_kb5x_##name
#define K5T hs_kb5x
#define GKR_KERNELS hs_gkr_kernels_avx2

static inline __m256i sub_if_neg64(__m256i t, __m256i x) {
    return _mm256_sub_epi64(t, _mm256_and_si256(_mm256_cmpgt_epi64(_mm256_setzero_si256(), t), x));
}
static inline __m256i sub_if_gt32(__m256i a, __m256i b, __m256i x) {
    return _mm256_sub_epi32(a, _mm256_and_si256(_mm256_cmpgt_epi32(a, b), x));
}

#include "gkr/gkr_kern_packed.inc"
