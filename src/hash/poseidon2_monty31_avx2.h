/* Pieces of the Poseidon2 AVX2 batch kernels that need only a modulus p < 2^31 with canonical
 * lanes in [0, p) (no Montgomery form), shared by the Monty-31 kernel (poseidon2_monty31_avx2.c)
 * and the Mersenne31 kernel (poseidon2_m31_avx2.c): 8 states per __m256i, one word of each
 * state per vector. Include only from files compiled with -mavx2. */
#ifndef HS_HASH_POSEIDON2_MONTY31_AVX2_H
#define HS_HASH_POSEIDON2_MONTY31_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "field/monty31_avx2.h"
#include "util/avx2.h"
#include "util/inline.h"

#define HS_P2X8_AI HS_FORCE_INLINE
/* fully unroll the loop that follows (trip counts are compile-time after inlining; util/inline.h) */
#define HS_P2X8_UNROLL HS_UNROLL_FULL

/* hs_p2x8_mat4, hs_p2x8_external_linear, hs_p2x8_sum_rest */
#define HS_P2L(name) hs_p2x8_##name
#define HS_P2L_V __m256i
#define HS_P2L_ADD(a, b, P) hs_mt8_add((a), (b), (P))
#include "hash/poseidon2_packed_linear.inc"

/* Packing the 32-bit words at position pos (0: low, 1: high) of the 64-bit lanes of e (even
 * lanes' results) and o (odd lanes' results) with one shufps leaves the lanes of each 128-bit
 * half in the order 0, 2, 1, 3, an involution. In a full round every lane of every vector is
 * S-boxed and M_E works lane by lane, so the order just alternates between rounds. */
HS_P2X8_AI __m256i hs_p2x8_pack_swap12(__m256i e, __m256i o, const int pos) {
    __m256 a = _mm256_castsi256_ps(e), b = _mm256_castsi256_ps(o);
    return _mm256_castps_si256(pos ? _mm256_shuffle_ps(a, b, 0xdd) : _mm256_shuffle_ps(a, b, 0x88));
}
/* Lanes in the order 0, 2, 1, 3 (per 128-bit half) back to 0, 1, 2, 3. */
HS_P2X8_AI __m256i hs_p2x8_unswap12(__m256i v) { return _mm256_shuffle_epi32(v, 0xd8); }

/* 8 states of w words at in (one after another) -> s[0..w), lane k = state k. */
HS_P2X8_AI void hs_p2x8_load(__m256i *s, const uint32_t *in, const unsigned w) {
    HS_P2X8_UNROLL
    for (unsigned b = 0; b < w; b += 8) {
        HS_P2X8_UNROLL
        for (unsigned k = 0; k < 8; k++) s[b + k] = _mm256_loadu_si256((const __m256i *)(in + k * w + b));
        hs_transpose8x32(s + b);
    }
}
/* The inverse: s[0..w) (clobbered) -> 8 states at out. */
HS_P2X8_AI void hs_p2x8_store(uint32_t *out, __m256i *s, const unsigned w) {
    HS_P2X8_UNROLL
    for (unsigned b = 0; b < w; b += 8) {
        hs_transpose8x32(s + b);
        HS_P2X8_UNROLL
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(out + k * w + b), s[b + k]);
    }
}

#endif
