/* 64x64 bit transposes with AVX2, 4 rows a vector (bitslice.h). Rounds w >= 4 pair whole vectors
 * (rows i..i+3 with i + w..i + w + 3); rounds 2 and 1 pair lanes inside one vector, whose partners
 * come from a lane permutation: the low lanes take t << w, the high lanes the partner's t. */
#include <immintrin.h>

#include "field/bitslice_kern.h"

static inline void round_far(uint64_t *m, unsigned w, uint64_t mask) {
    const __m256i mk = _mm256_set1_epi64x((long long)mask);
    for (unsigned b = 0; b < 64; b += 2 * w)
        for (unsigned j = 0; j < w; j += 4) {
            __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)(m + b + j));
            __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(m + b + j + w));
            __m256i t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(lo, (int)w), hi), mk);
            _mm256_storeu_si256((__m256i *)(void *)(m + b + j), _mm256_xor_si256(lo, _mm256_slli_epi64(t, (int)w)));
            _mm256_storeu_si256((__m256i *)(void *)(m + b + j + w), _mm256_xor_si256(hi, t));
        }
}

static void transpose64_avx2(uint64_t *m, size_t nblocks) {
    const __m256i m2 = _mm256_set1_epi64x((long long)HS_BITS_MASK2), m1 = _mm256_set1_epi64x((long long)HS_BITS_MASK1);
    for (size_t blk = 0; blk < nblocks; blk++, m += 64) {
        round_far(m, 32, HS_BITS_MASK32);
        round_far(m, 16, HS_BITS_MASK16);
        round_far(m, 8, HS_BITS_MASK8);
        round_far(m, 4, HS_BITS_MASK4);
        for (unsigned i = 0; i < 64; i += 4) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(m + i));
            /* w = 2: lanes (0, 2), (1, 3) */
            __m256i t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(v, 2), _mm256_permute4x64_epi64(v, 0x4e)), m2);
            v = _mm256_xor_si256(v, _mm256_blend_epi32(_mm256_slli_epi64(t, 2), _mm256_permute4x64_epi64(t, 0x4e), 0xf0));
            /* w = 1: lanes (0, 1), (2, 3) */
            t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(v, 1), _mm256_permute4x64_epi64(v, 0xb1)), m1);
            v = _mm256_xor_si256(v, _mm256_blend_epi32(_mm256_slli_epi64(t, 1), _mm256_permute4x64_epi64(t, 0xb1), 0xcc));
            _mm256_storeu_si256((__m256i *)(void *)(m + i), v);
        }
    }
}

const hs_bits_kernels hs_bits_kernels_avx2 = {"avx2", transpose64_avx2};
