/* Keccak-f[1600] x8: eight independent states, one per 64-bit AVX-512 lane (vector i = lane i
 * of states 0..7). Compiled with the AVX-512 flags; reached only through hs_cpu_has_avx512().
 * The round is the one of keccak_round.h; against AVX2 (keccak_avx2.c) the lanes are twice as
 * many and each round is about half the instructions: theta's five-way xors are two vpternlogq
 * each, chi is one vpternlogq per lane (a ^ (~b & c), truth table 0xd2), every rho rotation is
 * one vprolq. Tested against the scalar permutation (tests/test_keccak.c). */
#include <immintrin.h>
#include <string.h>

#include "hash/keccak.h"
#include "hash/keccak_round.h"

#define KZ_INLINE static inline __attribute__((always_inline))

KZ_INLINE __m512i z_xor(__m512i a, __m512i b) { return _mm512_xor_si512(a, b); }
KZ_INLINE __m512i z_xor5(__m512i a, __m512i b, __m512i c, __m512i d, __m512i e) {
    return _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96);
}
/* a ^ (~b & c): with the operands (a, b, c) as bits (4, 2, 1) of the index, 0xd2 */
KZ_INLINE __m512i z_chi(__m512i a, __m512i b, __m512i c) { return _mm512_ternarylogic_epi64(a, b, c, 0xd2); }
KZ_INLINE __m512i z_xorrc(__m512i a, uint64_t rc) { return _mm512_xor_si512(a, _mm512_set1_epi64((long long)rc)); }
#define Z_ROL(x, n) ((n) ? _mm512_rol_epi64((x), (n)) : (x))

#define KZ_DECL(v, i) __m512i v = s[i], e##v;
#define KZ_STORE(v, i) s[i] = v;

/* The 24 rounds on 25 vectors; two rounds per iteration swap the a/ea name sets. */
static void permute_vec(__m512i s[25]) {
    KP_EACH_LANE(KZ_DECL, a)
    for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r += 2) {
        KP_ROUND(__m512i, a, ea, hs_keccak_rc[r], z_xor, z_xor5, z_chi, Z_ROL, z_xorrc);
        KP_ROUND(__m512i, ea, a, hs_keccak_rc[r + 1], z_xor, z_xor5, z_chi, Z_ROL, z_xorrc);
    }
    KP_EACH_LANE(KZ_STORE, a)
}

void hs_keccakf1600_x8_avx512(uint64_t st[25 * 8]) {
    __m512i s[25];
    for (int i = 0; i < 25; i++) s[i] = _mm512_loadu_si512((const void *)(st + 8 * i));
    permute_vec(s);
    for (int i = 0; i < 25; i++) _mm512_storeu_si512((void *)(st + 8 * i), s[i]);
}

/* 8x8 transpose of 64-bit words: r[j] word i -> r[i] word j. Its own inverse. */
KZ_INLINE void transpose8(__m512i r[8]) {
    __m512i t[8], u[8];
    for (int j = 0; j < 4; j++) {
        t[2 * j] = _mm512_unpacklo_epi64(r[2 * j], r[2 * j + 1]);     /* words 0, 2, 4, 6 of a pair */
        t[2 * j + 1] = _mm512_unpackhi_epi64(r[2 * j], r[2 * j + 1]); /* words 1, 3, 5, 7 */
    }
    for (int h = 0; h < 2; h++) /* pairs (0, 1) with (2, 3), and (4, 5) with (6, 7) */
        for (int k = 0; k < 2; k++) {
            u[4 * h + 2 * k] = _mm512_shuffle_i64x2(t[4 * h + k], t[4 * h + 2 + k], 0x88);
            u[4 * h + 2 * k + 1] = _mm512_shuffle_i64x2(t[4 * h + k], t[4 * h + 2 + k], 0xdd);
        }
    /* u[0]: words 0, 4 (even words of pairs 01, 23), u[1]: 2, 6, u[2]: 1, 5, u[3]: 3, 7 */
    static const int word_of[4] = {0, 2, 1, 3};
    for (int k = 0; k < 4; k++) {
        r[word_of[k]] = _mm512_shuffle_i64x2(u[k], u[4 + k], 0x88);
        r[word_of[k] + 4] = _mm512_shuffle_i64x2(u[k], u[4 + k], 0xdd);
    }
}

/* Eight consecutive states p[0..200) (word i of state j at p[25 j + i]) <-> 25 interleaved
 * vectors: words 0..23 by 8x8 transposes, word 24 by a gather (measured: gathers and scatters for
 * all 25 words cost a third more than the whole permutation's rounds here). */
KZ_INLINE __m512i state_index(void) { return _mm512_setr_epi64(0, 25, 50, 75, 100, 125, 150, 175); }

KZ_INLINE void load8(__m512i s[25], const uint64_t *p) {
    for (int b = 0; b < 24; b += 8) {
        __m512i r[8];
        for (int j = 0; j < 8; j++) r[j] = _mm512_loadu_si512((const void *)(p + 25 * j + b));
        transpose8(r);
        for (int i = 0; i < 8; i++) s[b + i] = r[i];
    }
    s[24] = _mm512_i64gather_epi64(state_index(), (const void *)(p + 24), 8);
}

KZ_INLINE void store8(uint64_t *p, const __m512i s[25]) {
    for (int b = 0; b < 24; b += 8) {
        __m512i r[8];
        for (int i = 0; i < 8; i++) r[i] = s[b + i];
        transpose8(r);
        for (int j = 0; j < 8; j++) _mm512_storeu_si512((void *)(p + 25 * j + b), r[j]);
    }
    uint64_t last[8];
    _mm512_storeu_si512((void *)last, s[24]);
    for (int j = 0; j < 8; j++) p[25 * j + 24] = last[j];
}

void hs_keccakf1600_many_avx512(uint64_t *states, size_t n) {
    __m512i s[25];
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        load8(s, states + 25 * k);
        permute_vec(s);
        store8(states + 25 * k, s);
    }
    const size_t rem = n - k;
    if (rem == 0) return;
    if (rem <= 2) { /* one or two scalar permutations are cheaper than a padded x8 */
        for (size_t j = 0; j < rem; j++) hs_keccakf1600(states + 25 * (k + j));
        return;
    }
    /* 3 to 7 states: masked gathers and scatters touch only those */
    const __m512i idx = state_index();
    const __mmask8 m = (__mmask8)((1u << rem) - 1);
    uint64_t *p = states + 25 * k;
    for (int i = 0; i < 25; i++) s[i] = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), m, idx, (const void *)(p + i), 8);
    permute_vec(s);
    for (int i = 0; i < 25; i++) _mm512_mask_i64scatter_epi64((void *)(p + i), m, idx, s[i], 8);
}

/* ---- Keccak-256 / SHA3-256 of eight equal-length rows, the states kept in registers ---- */

/* XOR one 136-byte block of each row (row j at p[j], any alignment) into the 17 rate lanes:
 * lanes 0..15 by two 8x8 transposes of 64-byte loads, lane 16 by a gather at the rows'
 * addresses (addr: the 8 row addresses, as integers, plus 128). Reads exactly the block. */
KZ_INLINE void absorb8(__m512i s[25], const uint8_t *const p[8], __m512i addr) {
    for (int b = 0; b < 16; b += 8) {
        __m512i r[8];
        for (int j = 0; j < 8; j++) r[j] = _mm512_loadu_si512((const void *)(p[j] + 8 * b));
        transpose8(r);
        for (int i = 0; i < 8; i++) s[b + i] = z_xor(s[b + i], r[i]);
    }
    s[16] = z_xor(s[16], _mm512_i64gather_epi64(addr, (const void *)0, 1));
}

void hs_keccak_hash256_x8_avx512(uint8_t out[8][32], const uint8_t *const in[8], size_t len, uint8_t suffix) {
    enum { RATE = HS_KECCAK256_RATE };
    __m512i s[25];
    for (int i = 0; i < 25; i++) s[i] = _mm512_setzero_si512();
    uint64_t a[8];
    for (int j = 0; j < 8; j++) a[j] = (uint64_t)(uintptr_t)in[j];
    const __m512i row_addr = _mm512_loadu_si512((const void *)a);
    size_t off = 0;
    for (; len - off >= RATE; off += RATE) {
        const uint8_t *p[8];
        for (int j = 0; j < 8; j++) p[j] = in[j] + off;
        absorb8(s, p, _mm512_add_epi64(row_addr, _mm512_set1_epi64((long long)(off + 128))));
        permute_vec(s);
    }
    /* the last 0..135 bytes: bytes 0..63 and 64..127 of each row by masked byte loads (nothing read
     * past the row; zeros beyond it) and two transposes, skipped where empty; bytes 128..134 (lane
     * 16) copied; then the padding, the same for all eight rows: suffix at byte rem, 0x80 at 135 */
    const unsigned rem = (unsigned)(len - off);
    for (unsigned lo = 0; lo < 128 && lo < rem; lo += 64) {
        const unsigned n = rem - lo >= 64 ? 64 : rem - lo;
        const __mmask64 m = n == 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
        __m512i r[8];
        for (int j = 0; j < 8; j++) r[j] = _mm512_maskz_loadu_epi8(m, (const void *)(in[j] + off + lo));
        transpose8(r);
        for (int i = 0; i < 8; i++) s[lo / 8 + i] = z_xor(s[lo / 8 + i], r[i]);
    }
    if (rem > 128) {
        for (int j = 0; j < 8; j++) {
            a[j] = 0;
            memcpy(&a[j], in[j] + off + 128, rem - 128);
        }
        s[16] = z_xor(s[16], _mm512_loadu_si512((const void *)a));
    }
    s[rem / 8] = z_xor(s[rem / 8], _mm512_set1_epi64((long long)((uint64_t)suffix << (8 * (rem % 8)))));
    s[16] = z_xor(s[16], _mm512_set1_epi64((long long)(0x80ULL << 56)));
    permute_vec(s);
    /* digest j = lanes 0..3 of state j: a transpose with four zero rows, then 32 bytes a row */
    __m512i r[8] = {s[0], s[1], s[2], s[3], _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
    transpose8(r);
    for (int j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)out[j], _mm512_castsi512_si256(r[j]));
}
