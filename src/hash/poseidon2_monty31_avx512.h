/* Pieces of the Poseidon2 AVX-512 batch kernels that need only a modulus p < 2^31 with canonical
 * lanes: 16 states per __m512i, one word of each state per vector (the 16-lane instance of
 * poseidon2_monty31_avx2.h). Include only from files compiled with the AVX-512 flags. */
#ifndef HS_HASH_POSEIDON2_MONTY31_AVX512_H
#define HS_HASH_POSEIDON2_MONTY31_AVX512_H

#include <stddef.h>
#include <stdint.h>

#include "field/monty31_avx512.h"
#include "hash/poseidon2_monty31_avx2.h"

/* hs_p2x16_mat4, hs_p2x16_external_linear, hs_p2x16_sum_rest */
#define HS_P2L(name) hs_p2x16_##name
#define HS_P2L_V __m512i
#define HS_P2L_ADD(a, b, P) hs_mt16_add((a), (b), (P))
#include "hash/poseidon2_packed_linear.inc"

/* Two 8-lane halves (states 0..7, 8..15) <-> one 16-lane vector. */
HS_P2X8_AI __m512i hs_p2x16_join(__m256i lo, __m256i hi) {
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* 16 states of w words at in (one after another) -> s[0..w), lane k = state k: each block of 8
 * words is two 8x8 transposes (states 0..7 and 8..15) joined. */
HS_P2X8_AI void hs_p2x16_load(__m512i *s, const uint32_t *in, const unsigned w) {
    HS_P2X8_UNROLL
    for (unsigned b = 0; b < w; b += 8) {
        __m256i lo[8], hi[8];
        HS_P2X8_UNROLL
        for (unsigned k = 0; k < 8; k++) {
            lo[k] = _mm256_loadu_si256((const __m256i *)(in + k * w + b));
            hi[k] = _mm256_loadu_si256((const __m256i *)(in + (8 + k) * w + b));
        }
        hs_transpose8x32(lo);
        hs_transpose8x32(hi);
        HS_P2X8_UNROLL
        for (unsigned k = 0; k < 8; k++) s[b + k] = hs_p2x16_join(lo[k], hi[k]);
    }
}

/* 8 vectors v (8 words of 16 states) -> state k's 8 words at dst + row[k] * stride. */
HS_P2X8_AI void hs_p2x16_store_rows(uint32_t *dst, size_t stride, const __m512i *v, const unsigned *row) {
    __m256i lo[8], hi[8];
    HS_P2X8_UNROLL
    for (unsigned i = 0; i < 8; i++) lo[i] = _mm512_castsi512_si256(v[i]), hi[i] = _mm512_extracti64x4_epi64(v[i], 1);
    hs_transpose8x32(lo);
    hs_transpose8x32(hi);
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 8; k++) {
        _mm256_storeu_si256((__m256i *)(dst + row[k] * stride), lo[k]);
        _mm256_storeu_si256((__m256i *)(dst + row[8 + k] * stride), hi[k]);
    }
}

/* The inverse of hs_p2x16_load: s[0..w) -> 16 states at out. */
HS_P2X8_AI void hs_p2x16_store(uint32_t *out, const __m512i *s, const unsigned w) {
    static const unsigned rows[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    HS_P2X8_UNROLL
    for (unsigned b = 0; b < w; b += 8) hs_p2x16_store_rows(out + b, w, s + b, rows);
}

#endif
