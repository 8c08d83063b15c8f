/* Keccak-f[1600], portable code: the scalar permutation, the portable 4-way twin of the AVX2
 * kernel, the batch API and the sponge. Written from FIPS 202 section 3.2. */
#include "hash/keccak.h"

#include <string.h>

#include "util/cpu.h"
#include "util/parallel.h"

const uint64_t hs_keccak_rc[HS_KECCAK_ROUNDS] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#include "hash/keccak_round.h"

/* ---- scalar ---- */

#define S_XOR(a, b) ((a) ^ (b))
#define S_ANDN(a, b) (~(a) & (b))
#define S_ROL(a, n) (((a) << (n)) | ((a) >> ((64 - (n)) & 63))) /* n = 0 gives a | a */
#define S_XORRC(a, rc) ((a) ^ (rc))
#define S_XOR5(a, b, c, d, e) S_XOR(S_XOR(S_XOR(a, b), S_XOR(c, d)), e)
#define S_CHI(a, b, c) S_XOR(a, S_ANDN(b, c))

#define S_DECL(v, i) uint64_t v = st[i], e##v;
#define S_STORE(v, i) st[i] = v;
#define S_COPY(v, i) v = e##v;

/* The lanes are a##, the second set (output of the odd round) ea##; two rounds per iteration
 * swap the roles so no copies are needed. */
static inline void scalar_rounds(uint64_t st[25], unsigned r, unsigned end) {
    KP_EACH_LANE(S_DECL, a)
    for (; r + 2 <= end; r += 2) {
        KP_ROUND(uint64_t, a, ea, hs_keccak_rc[r], S_XOR, S_XOR5, S_CHI, S_ROL, S_XORRC);
        KP_ROUND(uint64_t, ea, a, hs_keccak_rc[r + 1], S_XOR, S_XOR5, S_CHI, S_ROL, S_XORRC);
    }
    if (r < end) {
        KP_ROUND(uint64_t, a, ea, hs_keccak_rc[r], S_XOR, S_XOR5, S_CHI, S_ROL, S_XORRC);
        KP_EACH_LANE(S_COPY, a)
    }
    KP_EACH_LANE(S_STORE, a)
}

void hs_keccakf1600(uint64_t st[25]) { scalar_rounds(st, 0, HS_KECCAK_ROUNDS); }

void hs_keccakf1600_rounds(uint64_t st[25], unsigned first_round, unsigned nrounds) {
    if (first_round > HS_KECCAK_ROUNDS || nrounds > HS_KECCAK_ROUNDS - first_round) return;
    scalar_rounds(st, first_round, first_round + nrounds);
}

/* ---- portable 4-way twin: the same round over 4-lane words, same interleaved layout ---- */

typedef struct {
    uint64_t v[4];
} u64x4;

static inline u64x4 x4_xor(u64x4 a, u64x4 b) {
    for (int j = 0; j < 4; j++) a.v[j] ^= b.v[j];
    return a;
}
static inline u64x4 x4_andn(u64x4 a, u64x4 b) {
    for (int j = 0; j < 4; j++) a.v[j] = ~a.v[j] & b.v[j];
    return a;
}
static inline u64x4 x4_rol(u64x4 a, unsigned n) {
    for (int j = 0; j < 4; j++) a.v[j] = S_ROL(a.v[j], n);
    return a;
}
static inline u64x4 x4_xorrc(u64x4 a, uint64_t rc) {
    for (int j = 0; j < 4; j++) a.v[j] ^= rc;
    return a;
}

#define X4_XOR5(a, b, c, d, e) x4_xor(x4_xor(x4_xor(a, b), x4_xor(c, d)), e)
#define X4_CHI(a, b, c) x4_xor(a, x4_andn(b, c))
#define X4_DECL(L, i) u64x4 L, e##L;
#define X4_LOAD(L, i) memcpy(L.v, st + 4 * (i), sizeof L.v);
#define X4_STORE(L, i) memcpy(st + 4 * (i), L.v, sizeof L.v);

void hs_keccakf1600_x4_portable(uint64_t st[25 * 4]) {
    KP_EACH_LANE(X4_DECL, a)
    KP_EACH_LANE(X4_LOAD, a)
    for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r += 2) {
        KP_ROUND(u64x4, a, ea, hs_keccak_rc[r], x4_xor, X4_XOR5, X4_CHI, x4_rol, x4_xorrc);
        KP_ROUND(u64x4, ea, a, hs_keccak_rc[r + 1], x4_xor, X4_XOR5, X4_CHI, x4_rol, x4_xorrc);
    }
    KP_EACH_LANE(X4_STORE, a)
}

#ifndef HS_HAVE_AVX2
void hs_keccakf1600_x4_avx2(uint64_t st[25 * 4]) { hs_keccakf1600_x4_portable(st); }
void hs_keccakf1600_many_avx2(uint64_t *states, size_t n) { hs_keccakf1600_many_portable(states, n); }
#endif

void hs_keccakf1600_x4(uint64_t st[25 * 4]) {
    if (hs_cpu_has_avx2())
        hs_keccakf1600_x4_avx2(st);
    else
        hs_keccakf1600_x4_portable(st);
}

/* ---- 8-way: the AVX-512 kernel, or eight scalar permutations, or two x4 halves ---- */

void hs_keccakf1600_x8_portable(uint64_t st[25 * 8]) {
    for (unsigned j = 0; j < 8; j++) {
        uint64_t one[25];
        for (unsigned i = 0; i < 25; i++) one[i] = st[8 * i + j];
        hs_keccakf1600(one);
        for (unsigned i = 0; i < 25; i++) st[8 * i + j] = one[i];
    }
}

#ifndef HS_HAVE_AVX512
void hs_keccakf1600_x8_avx512(uint64_t st[25 * 8]) { hs_keccakf1600_x8_portable(st); }
void hs_keccakf1600_many_avx512(uint64_t *states, size_t n) { hs_keccakf1600_many_avx2(states, n); }
#endif

void hs_keccakf1600_x8(uint64_t st[25 * 8]) {
    if (hs_cpu_has_avx512()) {
        hs_keccakf1600_x8_avx512(st);
        return;
    }
    uint64_t half[2][25 * 4];
    for (unsigned i = 0; i < 25; i++)
        for (unsigned j = 0; j < 8; j++) half[j / 4][4 * i + j % 4] = st[8 * i + j];
    hs_keccakf1600_x4(half[0]);
    hs_keccakf1600_x4(half[1]);
    for (unsigned i = 0; i < 25; i++)
        for (unsigned j = 0; j < 8; j++) st[8 * i + j] = half[j / 4][4 * i + j % 4];
}

/* ---- batches ---- */

void hs_keccakf1600_many_portable(uint64_t *states, size_t n) {
    for (size_t k = 0; k < n; k++) hs_keccakf1600(states + 25 * k);
}

static void many_1t(uint64_t *states, size_t n) {
    if (hs_cpu_has_avx512())
        hs_keccakf1600_many_avx512(states, n);
    else if (hs_cpu_has_avx2())
        hs_keccakf1600_many_avx2(states, n);
    else
        hs_keccakf1600_many_portable(states, n);
}

static void many_batch(void *ctx, size_t lo, size_t cnt) { many_1t((uint64_t *)ctx + 25 * lo, cnt); }

void hs_keccakf1600_many(uint64_t *states, size_t n, unsigned threads) {
    hs_parallel_batches(n, 256, threads, many_batch, states); /* 256 states: 50 KiB, a multiple of 4 */
}

/* ---- sponge ---- */

static inline uint64_t load64_le(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline void store64_le(uint8_t *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, 8);
}

static inline void xor_byte(uint64_t st[25], unsigned k, uint8_t b) {
    st[k >> 3] ^= (uint64_t)b << (8 * (k & 7));
}

static inline uint8_t get_byte(const uint64_t st[25], unsigned k) { return (uint8_t)(st[k >> 3] >> (8 * (k & 7))); }

int hs_keccak_sponge_init(hs_keccak_sponge *s, unsigned rate_bytes, uint8_t suffix) {
    memset(s, 0, sizeof *s);
    if (rate_bytes < 8 || rate_bytes > 192 || rate_bytes % 8 != 0) return 0;
    if (suffix == 0 || suffix >= 0x80) return 0; /* needs the first pad bit; 0x80 is the last */
    s->rate = rate_bytes;
    s->suffix = suffix;
    return 1;
}

void hs_keccak_sponge_absorb(hs_keccak_sponge *s, const uint8_t *in, size_t len) {
    const unsigned rate = s->rate;
    while (len > 0) {
        if (s->pos == 0 && len >= rate) { /* whole blocks: lane at a time */
            for (unsigned i = 0; i < rate / 8; i++) s->st[i] ^= load64_le(in + 8 * i);
            hs_keccakf1600(s->st);
            in += rate;
            len -= rate;
            continue;
        }
        unsigned take = rate - s->pos;
        if (len < take) take = (unsigned)len;
        for (unsigned i = 0, k = s->pos; i < take;) { /* whole lanes where aligned, else bytes */
            if ((k & 7) == 0 && take - i >= 8) {
                s->st[k >> 3] ^= load64_le(in + i);
                i += 8, k += 8;
            } else {
                xor_byte(s->st, k++, in[i++]);
            }
        }
        s->pos += take;
        in += take;
        len -= take;
        if (s->pos == rate) {
            hs_keccakf1600(s->st);
            s->pos = 0;
        }
    }
}

void hs_keccak_sponge_squeeze(hs_keccak_sponge *s, uint8_t *out, size_t len) {
    const unsigned rate = s->rate;
    if (!s->squeezing) { /* pad: suffix bits, zeros, final 1 bit (pad10*1) */
        xor_byte(s->st, s->pos, s->suffix);
        xor_byte(s->st, rate - 1, 0x80);
        hs_keccakf1600(s->st);
        s->pos = 0;
        s->squeezing = 1;
    }
    while (len > 0) {
        if (s->pos == rate) {
            hs_keccakf1600(s->st);
            s->pos = 0;
        }
        unsigned take = rate - s->pos;
        if (len < take) take = (unsigned)len;
        for (unsigned i = 0, k = s->pos; i < take;) {
            if ((k & 7) == 0 && take - i >= 8) {
                store64_le(out + i, s->st[k >> 3]);
                i += 8, k += 8;
            } else {
                out[i++] = get_byte(s->st, k++);
            }
        }
        s->pos += take;
        out += take;
        len -= take;
    }
}

static void hash256(uint8_t out[32], const uint8_t *in, size_t len, uint8_t suffix) {
    hs_keccak_sponge s;
    hs_keccak_sponge_init(&s, HS_KECCAK256_RATE, suffix);
    hs_keccak_sponge_absorb(&s, in, len);
    hs_keccak_sponge_squeeze(&s, out, 32);
}

void hs_sha3_256(uint8_t out[32], const uint8_t *in, size_t len) { hash256(out, in, len, HS_KECCAK_SUFFIX_SHA3); }
void hs_keccak256(uint8_t out[32], const uint8_t *in, size_t len) { hash256(out, in, len, HS_KECCAK_SUFFIX_KECCAK); }

/* N = 4 or 8 equal-length messages in the interleaved layout (st[N*i + j]): one xN permutation
 * per block. */
void hs_keccak_hash256_xn_interleaved(uint8_t (*out)[32], const uint8_t *const *in, size_t len, uint8_t suffix,
                                      const unsigned N, void (*permute)(uint64_t *)) {
    enum { RATE = HS_KECCAK256_RATE, RL = HS_KECCAK256_RATE / 8 };
    uint64_t st[25 * 8];
    memset(st, 0, sizeof st);
    size_t off = 0;
    for (; len - off >= RATE; off += RATE) {
        for (unsigned i = 0; i < RL; i++)
            for (unsigned j = 0; j < N; j++) st[N * i + j] ^= load64_le(in[j] + off + 8 * i);
        permute(st);
    }
    const unsigned rem = (unsigned)(len - off);
    for (unsigned j = 0; j < N; j++) {
        uint8_t block[RATE];
        if (rem) memcpy(block, in[j] + off, rem); /* in[j] may be NULL when len == 0 */
        memset(block + rem, 0, RATE - rem);
        block[rem] = suffix;
        block[RATE - 1] |= 0x80;
        for (unsigned i = 0; i < RL; i++) st[N * i + j] ^= load64_le(block + 8 * i);
    }
    permute(st);
    for (unsigned j = 0; j < N; j++)
        for (unsigned i = 0; i < 4; i++) store64_le(out[j] + 8 * i, st[N * i + j]);
}
void hs_keccak_hash256_x4_portable(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix) {
    hs_keccak_hash256_xn_interleaved(out, in, len, suffix, 4, hs_keccakf1600_x4_portable);
}
void hs_keccak_hash256_x8_portable(uint8_t out[8][32], const uint8_t *const in[8], size_t len, uint8_t suffix) {
    hs_keccak_hash256_xn_interleaved(out, in, len, suffix, 8, hs_keccakf1600_x8_portable);
}

#ifndef HS_HAVE_AVX2
void hs_keccak_hash256_x4_avx2(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix) {
    hs_keccak_hash256_x4_portable(out, in, len, suffix);
}
#endif
#ifndef HS_HAVE_AVX512
void hs_keccak_hash256_x8_avx512(uint8_t out[8][32], const uint8_t *const in[8], size_t len, uint8_t suffix) {
    hs_keccak_hash256_xn_interleaved(out, in, len, suffix, 8, hs_keccakf1600_x8);
}
#endif

static void hash256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix) {
    if (hs_cpu_has_avx2())
        hs_keccak_hash256_x4_avx2(out, in, len, suffix);
    else
        hs_keccak_hash256_x4_portable(out, in, len, suffix);
}
/* AVX-512: the register-resident kernel; otherwise two x4 halves per block (hs_keccakf1600_x8). */
static void hash256_x8(uint8_t out[8][32], const uint8_t *const in[8], size_t len, uint8_t suffix) {
    if (hs_cpu_has_avx512())
        hs_keccak_hash256_x8_avx512(out, in, len, suffix);
    else
        hs_keccak_hash256_xn_interleaved(out, in, len, suffix, 8, hs_keccakf1600_x8);
}

void hs_keccak256_x8(uint8_t out[8][32], const uint8_t *const in[8], size_t len) {
    hash256_x8(out, in, len, HS_KECCAK_SUFFIX_KECCAK);
}
void hs_sha3_256_x8(uint8_t out[8][32], const uint8_t *const in[8], size_t len) {
    hash256_x8(out, in, len, HS_KECCAK_SUFFIX_SHA3);
}

void hs_keccak256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len) {
    hash256_x4(out, in, len, HS_KECCAK_SUFFIX_KECCAK);
}
void hs_sha3_256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len) {
    hash256_x4(out, in, len, HS_KECCAK_SUFFIX_SHA3);
}

static void hash256_strided(uint8_t (*out)[32], const uint8_t *base, size_t stride, size_t len, size_t n,
                            uint8_t suffix) {
    const unsigned G = hs_cpu_has_avx512() ? 8 : 4;
    for (size_t i0 = 0; i0 < n; i0 += G) {
        const uint8_t *in[8];
        uint8_t dg[8][32];
        const size_t m = n - i0 < G ? n - i0 : G;
        for (unsigned j = 0; j < G; j++) in[j] = base + (i0 + (j < m ? j : m - 1)) * stride;
        if (G == 8)
            hash256_x8(dg, in, len, suffix);
        else
            hash256_x4(dg, in, len, suffix);
        memcpy(out[i0], dg, m * sizeof dg[0]);
    }
}
void hs_keccak256_strided(uint8_t (*out)[32], const uint8_t *base, size_t stride, size_t len, size_t n) {
    hash256_strided(out, base, stride, len, n, HS_KECCAK_SUFFIX_KECCAK);
}
void hs_sha3_256_strided(uint8_t (*out)[32], const uint8_t *base, size_t stride, size_t len, size_t n) {
    hash256_strided(out, base, stride, len, n, HS_KECCAK_SUFFIX_SHA3);
}
