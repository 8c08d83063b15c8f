/* BLAKE3 batch kernel: 16 independent inputs, one per AVX-512 lane (the 16-lane instance of
 * blake3_avx2.c's layout: state word i of all sixteen compressions in one register, so G needs
 * no shuffles). Each rotation is one vprord (AVX2 needs a byte shuffle or two shifts and an or),
 * and with 32 vector registers the state and most message words stay in registers, so plain
 * intrinsics compile well with gcc and clang alike. Message blocks are loaded by quarter
 * inserts and in-lane 4x4 transposes (load_msg), the CVs stored by two 8x8 transposes. Compiled
 * with the AVX-512 flags; reached only through hs_cpu_has_avx512(). Tested against the portable
 * code (tests/test_blake3.c). */
#include <immintrin.h>
#include <string.h>

#include "hash/blake3.h"
#include "util/avx2.h"

#define B3Z_INLINE static inline __attribute__((always_inline))

/* One G on the columns or diagonals given by their state words; mx, my the two message words. */
#define G16(a, b, c, d, mx, my)                                   \
    do {                                                          \
        a = _mm512_add_epi32(_mm512_add_epi32(a, b), mx);         \
        d = _mm512_ror_epi32(_mm512_xor_si512(d, a), 16);         \
        c = _mm512_add_epi32(c, d);                               \
        b = _mm512_ror_epi32(_mm512_xor_si512(b, c), 12);         \
        a = _mm512_add_epi32(_mm512_add_epi32(a, b), my);         \
        d = _mm512_ror_epi32(_mm512_xor_si512(d, a), 8);          \
        c = _mm512_add_epi32(c, d);                               \
        b = _mm512_ror_epi32(_mm512_xor_si512(b, c), 7);          \
    } while (0)

/* One round; s0..s15 is its message schedule (the spec's permutation applied r times). */
#define ROUND16(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    do {                                                                            \
        G16(v[0], v[4], v[8], v[12], m[s0], m[s1]);                                 \
        G16(v[1], v[5], v[9], v[13], m[s2], m[s3]);                                 \
        G16(v[2], v[6], v[10], v[14], m[s4], m[s5]);                                \
        G16(v[3], v[7], v[11], v[15], m[s6], m[s7]);                                \
        G16(v[0], v[5], v[10], v[15], m[s8], m[s9]);                                \
        G16(v[1], v[6], v[11], v[12], m[s10], m[s11]);                              \
        G16(v[2], v[7], v[8], v[13], m[s12], m[s13]);                               \
        G16(v[3], v[4], v[9], v[14], m[s14], m[s15]);                               \
    } while (0)

/* Lane group L (128 bits) = the 16 bytes at p[4 L + j] + off, for L = 0..3: one load and three
 * vinserti32x4 with memory operands. */
B3Z_INLINE __m512i load_quads(const uint8_t *const p[16], int j, size_t off) {
    __m512i x = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)(p[j] + off)));
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(const void *)(p[4 + j] + off)), 1);
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(const void *)(p[8 + j] + off)), 2);
    return _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(const void *)(p[12 + j] + off)), 3);
}

/* m[j] lane i = word j of the 64-byte block at p[i] + off. The 128-bit quarters are put in place
 * as they are loaded, which leaves a 4x4 transpose inside each 128-bit lane (8 unpacks per four
 * words): 1-2% faster than sixteen full loads and a 16x16 transpose (32 unpacks, 32 shuffles). */
B3Z_INLINE void load_msg(__m512i m[16], const uint8_t *const p[16], size_t off) {
    for (int q = 0; q < 4; q++) {
        /* x_j lane L: words 4q..4q+3 of input 4L + j */
        __m512i x0 = load_quads(p, 0, off + 16 * (size_t)q), x1 = load_quads(p, 1, off + 16 * (size_t)q);
        __m512i x2 = load_quads(p, 2, off + 16 * (size_t)q), x3 = load_quads(p, 3, off + 16 * (size_t)q);
        __m512i t0 = _mm512_unpacklo_epi32(x0, x1), t1 = _mm512_unpackhi_epi32(x0, x1);
        __m512i t2 = _mm512_unpacklo_epi32(x2, x3), t3 = _mm512_unpackhi_epi32(x2, x3);
        m[4 * q] = _mm512_unpacklo_epi64(t0, t2);
        m[4 * q + 1] = _mm512_unpackhi_epi64(t0, t2);
        m[4 * q + 2] = _mm512_unpacklo_epi64(t1, t3);
        m[4 * q + 3] = _mm512_unpackhi_epi64(t1, t3);
    }
}

/* Sixteen nodes of len bytes (see hs_blake3_hash_many); out receives 16 CVs, lane i at 32 * i. */
static void hash16(const uint8_t *const p[16], size_t len, const uint32_t key[8], __m512i ctr_lo, __m512i ctr_hi,
                   uint8_t flags, uint8_t flags_start, uint8_t flags_end, uint8_t *out) {
    __m512i h[8], m[16], v[16];
    for (int i = 0; i < 8; i++) h[i] = _mm512_set1_epi32((int)key[i]);
    size_t blocks = len ? (len + HS_BLAKE3_BLOCK_LEN - 1) / HS_BLAKE3_BLOCK_LEN : 1;
    for (size_t b = 0; b < blocks; b++) {
        size_t off = b * HS_BLAKE3_BLOCK_LEN, blen = len - off;
        if (blen >= HS_BLAKE3_BLOCK_LEN) {
            blen = HS_BLAKE3_BLOCK_LEN;
            load_msg(m, p, off);
        } else {
            /* partial (or empty) last block: zero-padded copies */
            uint8_t pad[16][HS_BLAKE3_BLOCK_LEN];
            const uint8_t *pp[16];
            memset(pad, 0, sizeof pad);
            for (int i = 0; i < 16; i++) {
                if (blen) memcpy(pad[i], p[i] + off, blen);
                pp[i] = pad[i];
            }
            load_msg(m, pp, 0);
        }
        uint8_t f = flags;
        if (b == 0) f |= flags_start;
        if (b + 1 == blocks) f |= flags_end;
        for (int i = 0; i < 8; i++) v[i] = h[i];
        for (int i = 0; i < 4; i++) v[8 + i] = _mm512_set1_epi32((int)hs_blake3_iv[i]);
        v[12] = ctr_lo, v[13] = ctr_hi;
        v[14] = _mm512_set1_epi32((int)blen), v[15] = _mm512_set1_epi32((int)f);
        ROUND16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        ROUND16(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8);
        ROUND16(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1);
        ROUND16(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6);
        ROUND16(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4);
        ROUND16(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7);
        ROUND16(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13);
        for (int i = 0; i < 8; i++) h[i] = _mm512_xor_si512(v[i], v[i + 8]);
    }
    /* lanes 0..7 and 8..15 as two 8x8 transposes */
    __m256i lo[8], hi[8];
    for (int i = 0; i < 8; i++) lo[i] = _mm512_castsi512_si256(h[i]), hi[i] = _mm512_extracti64x4_epi64(h[i], 1);
    hs_transpose8x32(lo);
    hs_transpose8x32(hi);
    for (int i = 0; i < 8; i++) {
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), lo[i]);
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (8 + i)), hi[i]);
    }
}

void hs_blake3_hash_many_avx512(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                                uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                                uint8_t flags_end, uint8_t *out) {
    size_t g = 0;
    for (; g < n && n - g > 8; g += 16) { /* a last group of 8 or fewer goes to the 8-lane kernel */
        size_t k = n - g < 16 ? n - g : 16;
        const uint8_t *p[16];
        uint32_t lo[16], hi[16];
        for (size_t i = 0; i < 16; i++) {
            p[i] = inputs[g + (i < k ? i : 0)]; /* spare lanes repeat input g; their output is dropped */
            uint64_t c = counter + (increment_counter ? g + i : 0);
            lo[i] = (uint32_t)c;
            hi[i] = (uint32_t)(c >> 32);
        }
        const __m512i clo = _mm512_loadu_si512((const void *)lo), chi = _mm512_loadu_si512((const void *)hi);
        if (k == 16) {
            hash16(p, len, key, clo, chi, flags, flags_start, flags_end, out + 32 * g);
        } else {
            uint8_t tmp[16 * 32];
            hash16(p, len, key, clo, chi, flags, flags_start, flags_end, tmp);
            memcpy(out + 32 * g, tmp, 32 * k);
        }
    }
    if (g < n)
        hs_blake3_hash_many_avx2(inputs + g, n - g, len, key, counter + (increment_counter ? g : 0), increment_counter,
                                 flags, flags_start, flags_end, out + 32 * g);
}
