/* AVX-512 twins of the lazy dot-product kernels in deep.c: fri_packed.inc on 16-lane vectors,
 * the tails by masked loads. Reached only through hs_fri_kernels_best() when hs_cpu_has_avx512(). */
#include <immintrin.h>
#include <string.h>

#include "fri/fri_internal.h"

#define INLINE static inline __attribute__((always_inline))

typedef __m512i V;
#define LANES 16
#define VI(op) _mm512_##op
#define V_ZERO() _mm512_setzero_si512()
#define V_SET32(x) _mm512_set1_epi32(x)
#define V_SET64(x) _mm512_set1_epi64(x)
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define FRI_KERNELS hs_fri_kernels_avx512
#define FRI_NAME "avx512"

INLINE __m512i ld(const hs_kb *p) { return _mm512_loadu_si512((const void *)p); }
/* Lanes [0, r) loaded, 0 <= r <= 16 (the masked-off words are not read). */
INLINE __m512i ldm(const hs_kb *p, size_t r) {
    return _mm512_maskz_loadu_epi32((__mmask16)((1u << r) - 1), (const void *)p);
}
INLINE __m512i mul(__m512i a, __m512i b) { return _mm512_mul_epu32(a, b); }
/* the odd words to the even positions (the multiplies read only those) */
INLINE __m512i odd(__m512i a) { return _mm512_srli_epi64(a, 32); }

#include "fri/fri_packed.inc"
