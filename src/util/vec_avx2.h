/* The width-generic vocabulary of the *_packed.inc kernel bodies (gkr_kern_packed.inc,
 * fri_packed.inc, ntt_packed.inc) on AVX2: V is 8 lanes of 32 bits. vec_avx512.h defines the
 * same names on 16 lanes. Include from one *_avx2.c file, before its body. */
#ifndef HS_UTIL_VEC_H
#define HS_UTIL_VEC_H

#include <immintrin.h>
#include <stdint.h>

typedef __m256i V;
#define LANES 8
#define VI(op) _mm256_##op /* add_epi64, sub_epi64, mul_epu32, mul_epi32, srli_epi64, ..._epi32 */
#define V_ZERO() _mm256_setzero_si256()
#define V_SET32(x) _mm256_set1_epi32(x)
#define V_SET64(x) _mm256_set1_epi64x(x)
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* t - x in the 64-bit lanes where t is negative (signed). */
static inline V v_sub_if_neg64(V t, V x) {
    return _mm256_sub_epi64(t, _mm256_and_si256(_mm256_cmpgt_epi64(_mm256_setzero_si256(), t), x));
}
/* a - x in the 32-bit lanes where a > b (signed). */
static inline V v_sub_if_gt32(V a, V b, V x) { return _mm256_sub_epi32(a, _mm256_and_si256(_mm256_cmpgt_epi32(a, b), x)); }
/* The first r (0..LANES) 32-bit words at p, the rest 0 (the words past r are not read). */
static inline V v_load_first(const void *p, size_t r) {
    static const int32_t m[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    return _mm256_maskload_epi32((const int *)p, _mm256_loadu_si256((const __m256i *)(m + 8 - r)));
}
/* The first r (0..LANES) 32-bit lanes of v to p (the words past r are not written). */
static inline void v_store_first(void *p, size_t r, V v) {
    static const int32_t m[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    _mm256_maskstore_epi32((int *)p, _mm256_loadu_si256((const __m256i *)(m + 8 - r)), v);
}
/* The high words of the 64-bit lanes of e (into the even 32-bit positions) and of o (the odd). */
static inline V v_pack_hi(V e, V o) { return _mm256_blend_epi32(_mm256_srli_epi64(e, 32), o, 0xaa); }

#endif
