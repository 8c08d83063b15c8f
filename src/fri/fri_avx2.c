/* AVX2 twins of the lazy dot-product kernels in deep.c: fri_packed.inc on 8-lane vectors.
 * Compiled with -mavx2; reached only through hs_fri_kernels_best() when hs_cpu_has_avx2(). */
#include <immintrin.h>
#include <string.h>

#include "fri/fri_internal.h"

#define INLINE static inline __attribute__((always_inline))

static const int32_t tail_masks[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};

typedef __m256i V;
#define LANES 8
#define VI(op) _mm256_##op
#define V_ZERO() _mm256_setzero_si256()
#define V_SET32(x) _mm256_set1_epi32(x)
#define V_SET64(x) _mm256_set1_epi64x(x)
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define FRI_KERNELS hs_fri_kernels_avx2
#define FRI_NAME "avx2"

INLINE __m256i ld(const hs_kb *p) { return _mm256_loadu_si256((const __m256i *)p); }
/* Lanes [0, r) loaded, 0 <= r <= 8. */
INLINE __m256i ldm(const hs_kb *p, size_t r) {
    return _mm256_maskload_epi32((const int *)p, _mm256_loadu_si256((const __m256i *)(tail_masks + 8 - r)));
}
INLINE __m256i mul(__m256i a, __m256i b) { return _mm256_mul_epu32(a, b); }
INLINE __m256i odd(__m256i a) { return _mm256_srli_epi64(a, 32); }

#include "fri/fri_packed.inc"
