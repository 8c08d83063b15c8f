/* BLAKE3 batch kernel: 8 independent inputs, one per AVX2 lane. State word i of all eight
 * compressions lives in one register, so G needs no shuffles; message blocks are transposed on
 * load and the CVs transposed back on store. Compiled with -mavx2; reached only through
 * hs_cpu_has_avx2(). */
#include "util/avx2.h"
#include <immintrin.h>
#include <string.h>

#include "hash/blake3.h"

/* Byte shuffles rotating each 32-bit word right by 16 and by 8 bits. hash8 copies them right
 * after the 16 message vectors (indices 16 and 17), so one base register reaches everything. */
static _Alignas(32) const uint8_t rot_masks[64] = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};

/* Half of four G functions side by side, as two inline-asm steps:
 *   A: a += m + b;  d = (d ^ a) >>> (16 or 8: a byte shuffle);  c += d
 *   B: b = (b ^ c) >>> (12 or 7: two shifts and an or)
 * Why asm: the 16 state words need all 16 ymm registers. Written with intrinsics, gcc keeps the
 * shuffle masks in registers and spills state words at every step (1.5x slower than clang's code
 * for the same source). Here message words and masks are memory operands at mb + 32 * index, and
 * the compiler only has to find one temporary (t_) for step B. Operand names are fixed; the
 * macro arguments (A0.., message indices i0.., mask index, shift counts) are substituted.
 * Step A has 30 operands, gcc's limit. */
#define GHALF(A0, A1, A2, A3, B0, B1, B2, B3, C0, C1, C2, C3, D0, D1, D2, D3, i0, i1, i2, i3, mask, r, rc)  \
    do {                                                                                           \
        __asm__("vpaddd " #i0 "*32(%[mb]), %[a0], %[a0]\n\t"                                       \
                "vpaddd " #i1 "*32(%[mb]), %[a1], %[a1]\n\t"                                       \
                "vpaddd " #i2 "*32(%[mb]), %[a2], %[a2]\n\t"                                       \
                "vpaddd " #i3 "*32(%[mb]), %[a3], %[a3]\n\t"                                       \
                "vpaddd %[b0], %[a0], %[a0]\n\t"                                                   \
                "vpaddd %[b1], %[a1], %[a1]\n\t"                                                   \
                "vpaddd %[b2], %[a2], %[a2]\n\t"                                                   \
                "vpaddd %[b3], %[a3], %[a3]\n\t"                                                   \
                "vpxor %[a0], %[d0], %[d0]\n\t"                                                    \
                "vpxor %[a1], %[d1], %[d1]\n\t"                                                    \
                "vpxor %[a2], %[d2], %[d2]\n\t"                                                    \
                "vpxor %[a3], %[d3], %[d3]\n\t"                                                    \
                "vpshufb " #mask "*32(%[mb]), %[d0], %[d0]\n\t"                                    \
                "vpshufb " #mask "*32(%[mb]), %[d1], %[d1]\n\t"                                    \
                "vpshufb " #mask "*32(%[mb]), %[d2], %[d2]\n\t"                                    \
                "vpshufb " #mask "*32(%[mb]), %[d3], %[d3]\n\t"                                    \
                "vpaddd %[d0], %[c0], %[c0]\n\t"                                                   \
                "vpaddd %[d1], %[c1], %[c1]\n\t"                                                   \
                "vpaddd %[d2], %[c2], %[c2]\n\t"                                                   \
                "vpaddd %[d3], %[c3], %[c3]"                                                       \
                : [a0] "+x"(A0), [a1] "+x"(A1), [a2] "+x"(A2), [a3] "+x"(A3), [c0] "+x"(C0), [c1] "+x"(C1), \
                  [c2] "+x"(C2), [c3] "+x"(C3), [d0] "+x"(D0), [d1] "+x"(D1), [d2] "+x"(D2), [d3] "+x"(D3)  \
                : [b0] "x"(B0), [b1] "x"(B1), [b2] "x"(B2), [b3] "x"(B3), [mb] "r"(mb), "m"(*mb_all));      \
        __m256i t_;                                                                                \
        __asm__("vpxor %[c0], %[b0], %[b0]\n\t"                                                    \
                "vpxor %[c1], %[b1], %[b1]\n\t"                                                    \
                "vpxor %[c2], %[b2], %[b2]\n\t"                                                    \
                "vpxor %[c3], %[b3], %[b3]\n\t"                                                    \
                "vpsrld $" #r ", %[b0], %[t]\n\t"                                                  \
                "vpslld $" #rc ", %[b0], %[b0]\n\t"                                                \
                "vpor %[t], %[b0], %[b0]\n\t"                                                      \
                "vpsrld $" #r ", %[b1], %[t]\n\t"                                                  \
                "vpslld $" #rc ", %[b1], %[b1]\n\t"                                                \
                "vpor %[t], %[b1], %[b1]\n\t"                                                      \
                "vpsrld $" #r ", %[b2], %[t]\n\t"                                                  \
                "vpslld $" #rc ", %[b2], %[b2]\n\t"                                                \
                "vpor %[t], %[b2], %[b2]\n\t"                                                      \
                "vpsrld $" #r ", %[b3], %[t]\n\t"                                                  \
                "vpslld $" #rc ", %[b3], %[b3]\n\t"                                                \
                "vpor %[t], %[b3], %[b3]"                                                          \
                : [b0] "+x"(B0), [b1] "+x"(B1), [b2] "+x"(B2), [b3] "+x"(B3), [t] "=&x"(t_)              \
                : [c0] "x"(C0), [c1] "x"(C1), [c2] "x"(C2), [c3] "x"(C3));                          \
    } while (0)

/* One round; s0..s15 is its message schedule (the spec's permutation applied r times). Columns
 * (0,4,8,12)..(3,7,11,15), then diagonals (0,5,10,15), (1,6,11,12), (2,7,8,13), (3,4,9,14). */
#define ROUND8(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)                \
    do {                                                                                           \
        GHALF(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, s0, s2, s4, s6, 16, 12, 20);   \
        GHALF(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, s1, s3, s5, s7, 17, 7, 25);    \
        GHALF(v0, v1, v2, v3, v5, v6, v7, v4, v10, v11, v8, v9, v15, v12, v13, v14, s8, s10, s12, s14, 16, 12, 20); \
        GHALF(v0, v1, v2, v3, v5, v6, v7, v4, v10, v11, v8, v9, v15, v12, v13, v14, s9, s11, s13, s15, 17, 7, 25);  \
    } while (0)

/* m[j] lane i = word j of the 64-byte block at p[i] + off. Lanes i and i + 4 share a register
 * (128-bit halves joined on load), so a 4x4 transpose inside each half finishes the job. */
static inline void load_msg(__m256i m[16], const uint8_t *const p[8], size_t off) {
    for (int q = 0; q < 4; q++) {
        __m256i r[4];
        for (int i = 0; i < 4; i++) {
            __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(p[i] + off + 16 * q));
            __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(p[i + 4] + off + 16 * q));
            r[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        }
        __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
        __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
        m[4 * q + 0] = _mm256_unpacklo_epi64(t0, t2);
        m[4 * q + 1] = _mm256_unpackhi_epi64(t0, t2);
        m[4 * q + 2] = _mm256_unpacklo_epi64(t1, t3);
        m[4 * q + 3] = _mm256_unpackhi_epi64(t1, t3);
    }
}

/* Eight nodes of len bytes (see hs_blake3_hash_many); out receives 8 CVs, lane i at 32 * i. */
static void hash8(const uint8_t *const p[8], size_t len, const uint32_t key[8], __m256i ctr_lo, __m256i ctr_hi,
                  uint8_t flags, uint8_t flags_start, uint8_t flags_end, uint8_t *out) {
    __m256i h[8], mbuf[18]; /* message vectors 0..15, rotation masks 16, 17 */
    __m256i *const mb = mbuf;
    const __m256i(*const mb_all)[18] = (const __m256i(*)[18])mbuf;
    mbuf[16] = _mm256_load_si256((const __m256i *)(const void *)rot_masks);
    mbuf[17] = _mm256_load_si256((const __m256i *)(const void *)(rot_masks + 32));
    for (int i = 0; i < 8; i++) h[i] = _mm256_set1_epi32((int)key[i]);
    const __m256i iv0 = _mm256_set1_epi32((int)hs_blake3_iv[0]), iv1 = _mm256_set1_epi32((int)hs_blake3_iv[1]);
    const __m256i iv2 = _mm256_set1_epi32((int)hs_blake3_iv[2]), iv3 = _mm256_set1_epi32((int)hs_blake3_iv[3]);
    size_t blocks = len ? (len + HS_BLAKE3_BLOCK_LEN - 1) / HS_BLAKE3_BLOCK_LEN : 1;
    for (size_t b = 0; b < blocks; b++) {
        size_t off = b * HS_BLAKE3_BLOCK_LEN, blen = len - off;
        if (blen >= HS_BLAKE3_BLOCK_LEN) {
            blen = HS_BLAKE3_BLOCK_LEN;
            load_msg(mbuf, p, off);
        } else {
            /* partial (or empty) last block: zero-padded copies */
            uint8_t pad[8][HS_BLAKE3_BLOCK_LEN];
            const uint8_t *pp[8];
            memset(pad, 0, sizeof pad);
            for (int i = 0; i < 8; i++) {
                if (blen) memcpy(pad[i], p[i] + off, blen);
                pp[i] = pad[i];
            }
            load_msg(mbuf, pp, 0);
        }
        uint8_t f = flags;
        if (b == 0) f |= flags_start;
        if (b + 1 == blocks) f |= flags_end;
        __m256i v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
        __m256i v8 = iv0, v9 = iv1, v10 = iv2, v11 = iv3, v12 = ctr_lo, v13 = ctr_hi;
        __m256i v14 = _mm256_set1_epi32((int)blen), v15 = _mm256_set1_epi32((int)f);
        ROUND8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        ROUND8(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8);
        ROUND8(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1);
        ROUND8(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6);
        ROUND8(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4);
        ROUND8(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7);
        ROUND8(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13);
        h[0] = _mm256_xor_si256(v0, v8);
        h[1] = _mm256_xor_si256(v1, v9);
        h[2] = _mm256_xor_si256(v2, v10);
        h[3] = _mm256_xor_si256(v3, v11);
        h[4] = _mm256_xor_si256(v4, v12);
        h[5] = _mm256_xor_si256(v5, v13);
        h[6] = _mm256_xor_si256(v6, v14);
        h[7] = _mm256_xor_si256(v7, v15);
    }
    hs_transpose8x32(h);
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
