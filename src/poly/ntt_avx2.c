/* The NTT row kernels on 8-word AVX2 vectors: ntt_packed.inc on util/vec_avx2.h. Compiled with
 * -mavx2; reached only through hs_cpu_has_avx2(). */
#include "util/vec_avx2.h"

#include "field/kb.h"

/* Lane j = t[j >> sh] for narrow segments of 1, 2 or 4 words (sh = 0, 1, 2): 8 >> sh twiddles. */
static inline __attribute__((always_inline)) V spread(const hs_kb *t, unsigned sh) {
    if (sh == 0) return V_LOAD(t);
    if (sh == 1)
        return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)t)),
                                           _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3));
    return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)t)),
                                       _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
}

#define NTT_KERNELS hs_ntt_kernels_avx2
#define NTT_NAME "avx2"

#include "poly/ntt_packed.inc"
