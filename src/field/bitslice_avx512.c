/* 64x64 bit transposes with AVX-512, 8 rows a vector (bitslice.h). Rounds w >= 8 pair whole
 * vectors; rounds 4, 2, 1 pair lanes k and k ^ w inside one vector (a lane permutation), the low
 * lanes taking t << w and the high lanes the partner's t. */
#include <immintrin.h>

#include "field/bitslice_kern.h"

static void transpose64_avx512(uint64_t *m, size_t nblocks) {
    static const uint64_t mask[6] = {HS_BITS_MASK32, HS_BITS_MASK16, HS_BITS_MASK8,
                                     HS_BITS_MASK4,  HS_BITS_MASK2,  HS_BITS_MASK1};
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    for (size_t blk = 0; blk < nblocks; blk++, m += 64) {
        unsigned r = 0, w = 32;
        for (; w >= 8; r++, w /= 2) {
            const __m512i mk = _mm512_set1_epi64((long long)mask[r]), sh = _mm512_set1_epi64(w);
            for (unsigned b = 0; b < 64; b += 2 * w)
                for (unsigned j = 0; j < w; j += 8) {
                    __m512i lo = _mm512_loadu_si512((const void *)(m + b + j)), hi = _mm512_loadu_si512((const void *)(m + b + j + w));
                    __m512i t = _mm512_and_si512(_mm512_xor_si512(_mm512_srlv_epi64(lo, sh), hi), mk);
                    _mm512_storeu_si512((void *)(m + b + j), _mm512_xor_si512(lo, _mm512_sllv_epi64(t, sh)));
                    _mm512_storeu_si512((void *)(m + b + j + w), _mm512_xor_si512(hi, t));
                }
        }
        __m512i v[8];
        for (int i = 0; i < 8; i++) v[i] = _mm512_loadu_si512((const void *)(m + 8 * i));
        for (; r < 6; r++, w /= 2) {
            const __m512i mk = _mm512_set1_epi64((long long)mask[r]), sh = _mm512_set1_epi64(w);
            const __m512i idx = _mm512_xor_si512(lane, _mm512_set1_epi64(w));
            const __mmask8 high = (__mmask8)(w == 4 ? 0xf0 : w == 2 ? 0xcc : 0xaa);
            for (int i = 0; i < 8; i++) {
                __m512i t = _mm512_and_si512(_mm512_xor_si512(_mm512_srlv_epi64(v[i], sh), _mm512_permutexvar_epi64(idx, v[i])), mk);
                __m512i d = _mm512_mask_blend_epi64(high, _mm512_sllv_epi64(t, sh), _mm512_permutexvar_epi64(idx, t));
                v[i] = _mm512_xor_si512(v[i], d);
            }
        }
        for (int i = 0; i < 8; i++) _mm512_storeu_si512((void *)(m + 8 * i), v[i]);
    }
}

const hs_bits_kernels hs_bits_kernels_avx512 = {"avx512", transpose64_avx512};
