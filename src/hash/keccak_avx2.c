/* Keccak-f[1600] x4: four independent states, one per 64-bit AVX2 lane (vector i = lane i of
 * states 0..3). Compiled with -mavx2; reached only through hs_cpu_has_avx2().
 * The round is the one of keccak_round.h (FIPS 202 section 3.2) over __m256i; AVX2 has no rotate, so
 * rol is two shifts and an or, except by 1 (add + shift), 8 and 56 (a byte shuffle). */
#include <immintrin.h>
#include <string.h>

#include "hash/keccak.h"
#include "hash/keccak_round.h"

#if defined(__GNUC__)
#define HS_KX_INLINE static inline __attribute__((always_inline))
#else
#define HS_KX_INLINE static inline
#endif

HS_KX_INLINE __m256i v_xor(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }
HS_KX_INLINE __m256i v_andn(__m256i a, __m256i b) { return _mm256_andnot_si256(a, b); } /* ~a & b */
HS_KX_INLINE __m256i v_xorrc(__m256i a, uint64_t rc) { return _mm256_xor_si256(a, _mm256_set1_epi64x((long long)rc)); }

HS_KX_INLINE __m256i v_rol(__m256i x, int n) {
    if (n == 0) return x;
    if (n == 1) return _mm256_or_si256(_mm256_add_epi64(x, x), _mm256_srli_epi64(x, 63));
    if (n == 8) /* result byte k = input byte k-1 of the same 64-bit lane */
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0,
                                                       1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    if (n == 56) /* result byte k = input byte k+1 */
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2,
                                                       3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    return _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - n));
}

#define VX_XOR5(a, b, c, d, e) v_xor(v_xor(v_xor(a, b), v_xor(c, d)), e)
#define VX_CHI(a, b, c) v_xor(a, v_andn(b, c))
#define VX_ROUND(I, O, rc) KP_ROUND(__m256i, I, O, rc, v_xor, VX_XOR5, VX_CHI, v_rol, v_xorrc)
#define VX_EACH_LANE KP_EACH_LANE

#define VX_DECL(v, i) __m256i v = s[i], e##v;
#define VX_STORE(v, i) s[i] = v;

/* The 24 rounds on 25 vectors; two rounds per iteration swap the a/ea name sets. */
static void permute_vec(__m256i s[25]) {
    VX_EACH_LANE(VX_DECL, a)
    for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r += 2) {
        VX_ROUND(a, ea, hs_keccak_rc[r]);
        VX_ROUND(ea, a, hs_keccak_rc[r + 1]);
    }
    VX_EACH_LANE(VX_STORE, a)
}

void hs_keccakf1600_x4_avx2(uint64_t st[25 * 4]) {
    __m256i s[25];
    for (int i = 0; i < 25; i++) s[i] = _mm256_loadu_si256((const __m256i *)(st + 4 * i));
    permute_vec(s);
    for (int i = 0; i < 25; i++) _mm256_storeu_si256((__m256i *)(st + 4 * i), s[i]);
}

/* 4x4 transpose of 64-bit words: r[k] word j -> r[j] word k. Its own inverse. */
HS_KX_INLINE void transpose4(__m256i r[4]) {
    __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* Four consecutive states p[0..100) <-> 25 interleaved vectors. Lanes 0..23 go by 4x4 blocks. */
HS_KX_INLINE void gather4(__m256i s[25], const uint64_t *p) {
    for (int i = 0; i < 24; i += 4) {
        __m256i r[4];
        for (int j = 0; j < 4; j++) r[j] = _mm256_loadu_si256((const __m256i *)(p + 25 * j + i));
        transpose4(r);
        for (int k = 0; k < 4; k++) s[i + k] = r[k];
    }
    s[24] = _mm256_setr_epi64x((long long)p[24], (long long)p[49], (long long)p[74], (long long)p[99]);
}

HS_KX_INLINE void scatter4(uint64_t *p, const __m256i s[25]) {
    for (int i = 0; i < 24; i += 4) {
        __m256i r[4] = {s[i], s[i + 1], s[i + 2], s[i + 3]};
        transpose4(r);
        for (int j = 0; j < 4; j++) _mm256_storeu_si256((__m256i *)(p + 25 * j + i), r[j]);
    }
    uint64_t last[4];
    _mm256_storeu_si256((__m256i *)last, s[24]);
    for (int j = 0; j < 4; j++) p[25 * j + 24] = last[j];
}

void hs_keccakf1600_many_avx2(uint64_t *states, size_t n) {
    __m256i s[25];
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        gather4(s, states + 25 * k);
        permute_vec(s);
        scatter4(states + 25 * k, s);
    }
    const size_t rem = n - k;
    if (rem == 1) { /* one scalar permutation is cheaper than a padded x4 */
        hs_keccakf1600(states + 25 * k);
    } else if (rem > 1) {
        uint64_t tmp[25 * 4];
        memset(tmp, 0, sizeof tmp);
        memcpy(tmp, states + 25 * k, rem * 25 * sizeof *tmp);
        gather4(s, tmp);
        permute_vec(s);
        scatter4(tmp, s);
        memcpy(states + 25 * k, tmp, rem * 25 * sizeof *tmp);
    }
}

/* ---- Keccak-256 / SHA3-256 of four equal-length rows, the states kept in registers ---- */

/* XOR one 136-byte block of each row (row j at p[j], any alignment) into the 17 rate lanes:
 * lanes 0..15 by four 4x4 transposes of 32-byte loads, lane 16 by four scalar loads. */
HS_KX_INLINE void absorb4(__m256i s[25], const uint8_t *const p[4]) {
    for (int b = 0; b < 16; b += 4) {
        __m256i r[4];
        for (int j = 0; j < 4; j++) r[j] = _mm256_loadu_si256((const __m256i *)(p[j] + 8 * b));
        transpose4(r);
        for (int i = 0; i < 4; i++) s[b + i] = v_xor(s[b + i], r[i]);
    }
    uint64_t w[4];
    for (int j = 0; j < 4; j++) memcpy(&w[j], p[j] + 128, 8);
    s[16] = v_xor(s[16], _mm256_loadu_si256((const __m256i *)w));
}

void hs_keccak_hash256_x4_avx2(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix) {
    enum { RATE = HS_KECCAK256_RATE };
    __m256i s[25];
    for (int i = 0; i < 25; i++) s[i] = _mm256_setzero_si256();
    size_t off = 0;
    for (; len - off >= RATE; off += RATE) {
        const uint8_t *p[4] = {in[0] + off, in[1] + off, in[2] + off, in[3] + off};
        absorb4(s, p);
        permute_vec(s);
    }
    /* the last 0..135 bytes copied into zeroed blocks, then the padding, the same for all four
     * rows: suffix at byte rem, 0x80 at byte 135 */
    const unsigned rem = (unsigned)(len - off);
    uint8_t blk[4][RATE];
    memset(blk, 0, sizeof blk);
    const uint8_t *p[4];
    for (int j = 0; j < 4; j++) {
        if (rem) memcpy(blk[j], in[j] + off, rem); /* in[j] may be NULL when len == 0 */
        p[j] = blk[j];
    }
    absorb4(s, p);
    s[rem / 8] = v_xor(s[rem / 8], _mm256_set1_epi64x((long long)((uint64_t)suffix << (8 * (rem % 8)))));
    s[16] = v_xor(s[16], _mm256_set1_epi64x((long long)(0x80ULL << 56)));
    permute_vec(s);
    __m256i r[4] = {s[0], s[1], s[2], s[3]};
    transpose4(r);
    for (int j = 0; j < 4; j++) _mm256_storeu_si256((__m256i *)out[j], r[j]);
}
