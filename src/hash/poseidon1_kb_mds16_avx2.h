/* Poseidon1-KB16's MDS layer (circulant, entries below 128) on 8 states, one per AVX2 lane, shared
 * by the batch kernel (poseidon1_kb_avx2.c) and the Poseidon1 AIR's evaluator
 * (air/poseidon1_air_avx2.c). Include only from files compiled with -mavx2.
 *
 * Each lane is split into 16-bit halves and each half multiplied by M exactly, in 32-bit integer
 * lanes, as a cyclic convolution through the CRT split z^16 - 1 = (z-1)(z+1)(z^2+1)(z^4+1)(z^8+1):
 * 86 products instead of 256, the kernels pre-scaled so that the recombination needs no halving
 * and yields 16 (M x) (< 2^29 for a 16-bit half, so exact modulo 2^32). The two halves then
 * combine into one field element with a multiplication by 2^-16 (shifts), so the layer computes
 * 2^-12 M x; the caller absorbs the factor. */
#ifndef HS_HASH_POSEIDON1_KB_MDS16_AVX2_H
#define HS_HASH_POSEIDON1_KB_MDS16_AVX2_H

#include "field/kb.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31_avx2.h"

/* The kernels, broadcast (the products take them from memory): negacyclic matrices of
 * C mod z^8+1, z^4+1, z^2+1 (scaled by 8, 4, 2), C mod z-1, z+1, for C the first column of M. */
typedef struct {
    __m256i n8[8][8], n4[4][4], n2[2][2], k1, km1;
} hs_p1x8_mds16_kernels;

/* The layer is exact when 16 (M l) < 2^32 for 16-bit l: 16 * sum(row) * (2^16 - 1) < 2^32. */
static inline int hs_p1x8_mds16_ok(const hs_p1_params *pp) {
    return pp->width == 16 && pp->mds_small && 16 * pp->mds_row_sum * 0xffff < (1ull << 32);
}

/* out[k][j]: the matrix of multiplication by sum_m ker[m] z^m modulo z^n + 1 */
static inline void hs_p1x8_negacyclic(unsigned n, const int32_t *ker, __m256i *out) {
    for (unsigned k = 0; k < n; k++)
        for (unsigned j = 0; j < n; j++) out[k * n + j] = _mm256_set1_epi32(j <= k ? ker[k - j] : -ker[n + k - j]);
}

/* Only where hs_p1x8_mds16_ok(pp) (the kernels of a large row would overflow). */
static inline void hs_p1x8_mds16_init(hs_p1x8_mds16_kernels *K, const hs_p1_params *pp) {
    int32_t col[16], ca[8], cb[8], ca2[4], cb2[4], cb3[2], ca3[2];
    for (unsigned m = 0; m < 16; m++) col[m] = (int32_t)pp->canon.mds_row[(16 - m) % 16]; /* M[m][0] */
    for (unsigned k = 0; k < 8; k++) ca[k] = col[k] + col[k + 8], cb[k] = 8 * (col[k] - col[k + 8]);
    for (unsigned k = 0; k < 4; k++) ca2[k] = ca[k] + ca[k + 4], cb2[k] = 4 * (ca[k] - ca[k + 4]);
    for (unsigned k = 0; k < 2; k++) ca3[k] = ca2[k] + ca2[k + 2], cb3[k] = 2 * (ca2[k] - ca2[k + 2]);
    K->k1 = _mm256_set1_epi32(ca3[0] + ca3[1]);
    K->km1 = _mm256_set1_epi32(ca3[0] - ca3[1]);
    hs_p1x8_negacyclic(8, cb, &K->n8[0][0]);
    hs_p1x8_negacyclic(4, cb2, &K->n4[0][0]);
    hs_p1x8_negacyclic(2, cb3, &K->n2[0][0]);
}

/* y[k] = sum_j m[k][j] x[j] modulo 2^32, n x n. (Karatsuba's 3 half-size products measured no
 * faster: the additions and spills it adds cost what the products save.) */
HS_P2X8_AI void hs_p1x8_matvec32(__m256i *y, const __m256i *m, const __m256i *x, const unsigned n) {
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < n; k++) {
        __m256i s = _mm256_mullo_epi32(x[0], m[k * n]);
        HS_P2X8_UNROLL
        for (unsigned j = 1; j < n; j++) s = _mm256_add_epi32(s, _mm256_mullo_epi32(x[j], m[k * n + j]));
        y[k] = s;
    }
}

/* x[0..16) -> 16 (M x) modulo 2^32, M the circulant of the kernels in K
 * (out of line: one half's values at a time measured fewer spills and faster) */
static __attribute__((noinline, unused)) void hs_p1x8_conv16(const hs_p1x8_mds16_kernels *K, __m256i *x) {
    __m256i a[8], b[8], a2[4], b2[4], a3[2], b3[2], p8[8], p4[4], p2[2];
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 8; k++) a[k] = _mm256_add_epi32(x[k], x[k + 8]), b[k] = _mm256_sub_epi32(x[k], x[k + 8]);
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 4; k++) a2[k] = _mm256_add_epi32(a[k], a[k + 4]), b2[k] = _mm256_sub_epi32(a[k], a[k + 4]);
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 2; k++) a3[k] = _mm256_add_epi32(a2[k], a2[k + 2]), b3[k] = _mm256_sub_epi32(a2[k], a2[k + 2]);
    __m256i p1 = _mm256_mullo_epi32(_mm256_add_epi32(a3[0], a3[1]), K->k1);
    __m256i pm1 = _mm256_mullo_epi32(_mm256_sub_epi32(a3[0], a3[1]), K->km1);
    hs_p1x8_matvec32(p2, &K->n2[0][0], b3, 2);
    hs_p1x8_matvec32(p4, &K->n4[0][0], b2, 4);
    hs_p1x8_matvec32(p8, &K->n8[0][0], b, 8);
    /* residues back to coefficients, doubling at each level (the kernels carry the factors) */
    a3[0] = _mm256_add_epi32(p1, pm1), a3[1] = _mm256_sub_epi32(p1, pm1);
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 2; k++) a2[k] = _mm256_add_epi32(a3[k], p2[k]), a2[k + 2] = _mm256_sub_epi32(a3[k], p2[k]);
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 4; k++) a[k] = _mm256_add_epi32(a2[k], p4[k]), a[k + 4] = _mm256_sub_epi32(a2[k], p4[k]);
    HS_P2X8_UNROLL
    for (unsigned k = 0; k < 8; k++) x[k] = _mm256_add_epi32(a[k], p8[k]), x[k + 8] = _mm256_sub_epi32(a[k], p8[k]);
}

/* s[0..16) in [0, p) -> 2^-12 M s in [0, p): with s = h 2^16 + l, 16 M h + (16 M l) 2^-16. */
HS_P2X8_AI void hs_p1x8_mds16(const hs_p1x8_mds16_kernels *K, __m256i *s) {
    const __m256i mask = _mm256_set1_epi32(0xffff), P = _mm256_set1_epi32((int)HS_KB_P);
    __m256i lo[16], hi[16];
    HS_P2X8_UNROLL
    for (unsigned i = 0; i < 16; i++) lo[i] = _mm256_and_si256(s[i], mask), hi[i] = _mm256_srli_epi32(s[i], 16);
    hs_p1x8_conv16(K, lo);
    hs_p1x8_conv16(K, hi);
    /* v = 16 M l < 2^29 = a 2^16 + b: v 2^-16 = a + b 2^-16 = a - b 127 2^8 (mod p, since
     * 2^-16 = -(2^7 - 1) 2^(24-16)); with 16 M h < 2^28 the sum lies in (-p, 2^28 + 2^13) */
    const __m256i c = _mm256_set1_epi32(127 << 8);
    HS_P2X8_UNROLL
    for (unsigned i = 0; i < 16; i++) {
        __m256i a = _mm256_srli_epi32(lo[i], 16), b = _mm256_and_si256(lo[i], mask);
        __m256i d = _mm256_sub_epi32(_mm256_add_epi32(hi[i], a), _mm256_mullo_epi32(b, c));
        s[i] = hs_mt8_canon_s(d, P);
    }
}

#endif
