/* BLAKE3 batch kernel: 8 independent inputs, one per AVX2 lane. State word i of all eight
 * compressions lives in one register, so G needs no shuffles; message blocks are transposed on
 * load and the CVs transposed back on store. Compiled with -mavx2; reached only through
 * hs_cpu_has_avx2(). */
#include <immintrin.h>
#include <string.h>

#include "hash/blake3.h"

static const uint8_t schedule[7][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8},
    {3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1},
    {10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6},
    {12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4},
    {9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7},
    {11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13},
};

/* 8x8 transpose of 32-bit words: r[i] lane j  ->  r[j] lane i. */
static inline void transpose8(__m256i r[8]) {
    __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    __m256i t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    __m256i t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    __m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    __m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
    r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

/* Rotations by 16 and 8 are byte shuffles; 12 and 7 need two shifts and an or. */
static inline __m256i rot16(__m256i x) {
    const __m256i k = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5,
                                       10, 11, 8, 9, 14, 15, 12, 13);
    return _mm256_shuffle_epi8(x, k);
}
static inline __m256i rot8(__m256i x) {
    const __m256i k = _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4,
                                       9, 10, 11, 8, 13, 14, 15, 12);
    return _mm256_shuffle_epi8(x, k);
}
static inline __m256i rot12(__m256i x) { return _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20)); }
static inline __m256i rot7(__m256i x) { return _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25)); }

#define ADD _mm256_add_epi32
#define XOR _mm256_xor_si256

/* The four G of a half round side by side, for instruction-level parallelism. */
#define G4(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, r, i)                    \
    do {                                                                                           \
        v[a0] = ADD(ADD(v[a0], v[b0]), m[schedule[r][i + 0]]);                                     \
        v[a1] = ADD(ADD(v[a1], v[b1]), m[schedule[r][i + 2]]);                                     \
        v[a2] = ADD(ADD(v[a2], v[b2]), m[schedule[r][i + 4]]);                                     \
        v[a3] = ADD(ADD(v[a3], v[b3]), m[schedule[r][i + 6]]);                                     \
        v[d0] = rot16(XOR(v[d0], v[a0]));                                                          \
        v[d1] = rot16(XOR(v[d1], v[a1]));                                                          \
        v[d2] = rot16(XOR(v[d2], v[a2]));                                                          \
        v[d3] = rot16(XOR(v[d3], v[a3]));                                                          \
        v[c0] = ADD(v[c0], v[d0]);                                                                 \
        v[c1] = ADD(v[c1], v[d1]);                                                                 \
        v[c2] = ADD(v[c2], v[d2]);                                                                 \
        v[c3] = ADD(v[c3], v[d3]);                                                                 \
        v[b0] = rot12(XOR(v[b0], v[c0]));                                                          \
        v[b1] = rot12(XOR(v[b1], v[c1]));                                                          \
        v[b2] = rot12(XOR(v[b2], v[c2]));                                                          \
        v[b3] = rot12(XOR(v[b3], v[c3]));                                                          \
        v[a0] = ADD(ADD(v[a0], v[b0]), m[schedule[r][i + 1]]);                                     \
        v[a1] = ADD(ADD(v[a1], v[b1]), m[schedule[r][i + 3]]);                                     \
        v[a2] = ADD(ADD(v[a2], v[b2]), m[schedule[r][i + 5]]);                                     \
        v[a3] = ADD(ADD(v[a3], v[b3]), m[schedule[r][i + 7]]);                                     \
        v[d0] = rot8(XOR(v[d0], v[a0]));                                                           \
        v[d1] = rot8(XOR(v[d1], v[a1]));                                                           \
        v[d2] = rot8(XOR(v[d2], v[a2]));                                                           \
        v[d3] = rot8(XOR(v[d3], v[a3]));                                                           \
        v[c0] = ADD(v[c0], v[d0]);                                                                 \
        v[c1] = ADD(v[c1], v[d1]);                                                                 \
        v[c2] = ADD(v[c2], v[d2]);                                                                 \
        v[c3] = ADD(v[c3], v[d3]);                                                                 \
        v[b0] = rot7(XOR(v[b0], v[c0]));                                                           \
        v[b1] = rot7(XOR(v[b1], v[c1]));                                                           \
        v[b2] = rot7(XOR(v[b2], v[c2]));                                                           \
        v[b3] = rot7(XOR(v[b3], v[c3]));                                                           \
    } while (0)

#define ROUND8(r)                                                                                  \
    do {                                                                                           \
        G4(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, r, 0);                            \
        G4(0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14, r, 8);                            \
    } while (0)

/* m[j] lane i = word j of the 64-byte block at p[i] + off. */
static inline void load_msg(__m256i m[16], const uint8_t *const p[8], size_t off) {
    for (int i = 0; i < 8; i++) {
        m[i] = _mm256_loadu_si256((const __m256i *)(const void *)(p[i] + off));
        m[i + 8] = _mm256_loadu_si256((const __m256i *)(const void *)(p[i] + off + 32));
    }
    transpose8(m);
    transpose8(m + 8);
}

/* Eight nodes of len bytes (see hs_blake3_hash_many); out receives 8 CVs, lane i at 32 * i. */
static void hash8(const uint8_t *const p[8], size_t len, const uint32_t key[8], __m256i ctr_lo, __m256i ctr_hi,
                  uint8_t flags, uint8_t flags_start, uint8_t flags_end, uint8_t *out) {
    __m256i h[8], v[16], m[16];
    for (int i = 0; i < 8; i++) h[i] = _mm256_set1_epi32((int)key[i]);
    const __m256i iv0 = _mm256_set1_epi32((int)hs_blake3_iv[0]), iv1 = _mm256_set1_epi32((int)hs_blake3_iv[1]);
    const __m256i iv2 = _mm256_set1_epi32((int)hs_blake3_iv[2]), iv3 = _mm256_set1_epi32((int)hs_blake3_iv[3]);
    size_t blocks = len ? (len + HS_BLAKE3_BLOCK_LEN - 1) / HS_BLAKE3_BLOCK_LEN : 1;
    for (size_t b = 0; b < blocks; b++) {
        size_t off = b * HS_BLAKE3_BLOCK_LEN, blen = len - off;
        if (blen >= HS_BLAKE3_BLOCK_LEN) {
            blen = HS_BLAKE3_BLOCK_LEN;
            load_msg(m, p, off);
        } else {
            /* partial (or empty) last block: zero-padded copies */
            uint8_t pad[8][HS_BLAKE3_BLOCK_LEN];
            const uint8_t *pp[8];
            memset(pad, 0, sizeof pad);
            for (int i = 0; i < 8; i++) {
                if (blen) memcpy(pad[i], p[i] + off, blen);
                pp[i] = pad[i];
            }
            load_msg(m, pp, 0);
        }
        uint8_t f = flags;
        if (b == 0) f |= flags_start;
        if (b + 1 == blocks) f |= flags_end;
        for (int i = 0; i < 8; i++) v[i] = h[i];
        v[8] = iv0;
        v[9] = iv1;
        v[10] = iv2;
        v[11] = iv3;
        v[12] = ctr_lo;
        v[13] = ctr_hi;
        v[14] = _mm256_set1_epi32((int)blen);
        v[15] = _mm256_set1_epi32((int)f);
        ROUND8(0);
        ROUND8(1);
        ROUND8(2);
        ROUND8(3);
        ROUND8(4);
        ROUND8(5);
        ROUND8(6);
        for (int i = 0; i < 8; i++) h[i] = XOR(v[i], v[i + 8]);
    }
    transpose8(h);
    for (int i = 0; i < 8; i++) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), h[i]);
}

void hs_blake3_hash_many_avx2(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                              uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                              uint8_t flags_end, uint8_t *out) {
    for (size_t g = 0; g < n; g += 8) {
        size_t k = n - g < 8 ? n - g : 8;
        const uint8_t *p[8];
        uint32_t lo[8], hi[8];
        for (size_t i = 0; i < 8; i++) {
            p[i] = inputs[g + (i < k ? i : 0)]; /* spare lanes repeat input g; their output is dropped */
            uint64_t c = counter + (increment_counter ? g + i : 0);
            lo[i] = (uint32_t)c;
            hi[i] = (uint32_t)(c >> 32);
        }
        __m256i clo = _mm256_loadu_si256((const __m256i *)(const void *)lo);
        __m256i chi = _mm256_loadu_si256((const __m256i *)(const void *)hi);
        if (k == 8) {
            hash8(p, len, key, clo, chi, flags, flags_start, flags_end, out + 32 * g);
        } else {
            uint8_t tmp[8 * 32];
            hash8(p, len, key, clo, chi, flags, flags_start, flags_end, tmp);
            memcpy(out + 32 * g, tmp, 32 * k);
        }
    }
}
