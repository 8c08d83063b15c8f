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

/* ---- one round, written once over abstract lane operations ----
 *
 * Lanes live in variables I##xy (x, y digits). A round maps I -> O:
 *   theta: C[x] = xor of column x; D[x] = C[x-1] ^ rol(C[x+1], 1); every lane ^= D[x]
 *   rho+pi: B[y][2x+3y] = rol(A[x][y], r[x][y]), i.e. output plane Y takes, at position X, the
 *           lane (X + 3Y mod 5, X);
 *   chi: O[x][y] = B[x][y] ^ (~B[x+1][y] & B[x+2][y]);  iota: O[0][0] ^= RC.
 * KP_PLANE lists for plane Y the five source columns and their rho offsets. ANDN(a, b) = ~a & b. */
#define KP_PLANE(T, I, O, Y, x0, x1, x2, x3, x4, r0, r1, r2, r3, r4, XOR, ANDN, ROL) \
    do {                                                                               \
        T b0_ = ROL(XOR(I##x0##0, d##x0), r0);                                         \
        T b1_ = ROL(XOR(I##x1##1, d##x1), r1);                                         \
        T b2_ = ROL(XOR(I##x2##2, d##x2), r2);                                         \
        T b3_ = ROL(XOR(I##x3##3, d##x3), r3);                                         \
        T b4_ = ROL(XOR(I##x4##4, d##x4), r4);                                         \
        O##0##Y = XOR(b0_, ANDN(b1_, b2_));                                            \
        O##1##Y = XOR(b1_, ANDN(b2_, b3_));                                            \
        O##2##Y = XOR(b2_, ANDN(b3_, b4_));                                            \
        O##3##Y = XOR(b3_, ANDN(b4_, b0_));                                            \
        O##4##Y = XOR(b4_, ANDN(b0_, b1_));                                            \
    } while (0)

#define KP_ROUND(T, I, O, rc, XOR, ANDN, ROL, XORRC)                                            \
    do {                                                                                        \
        T c0 = XOR(XOR(XOR(I##00, I##01), XOR(I##02, I##03)), I##04);                          \
        T c1 = XOR(XOR(XOR(I##10, I##11), XOR(I##12, I##13)), I##14);                          \
        T c2 = XOR(XOR(XOR(I##20, I##21), XOR(I##22, I##23)), I##24);                          \
        T c3 = XOR(XOR(XOR(I##30, I##31), XOR(I##32, I##33)), I##34);                          \
        T c4 = XOR(XOR(XOR(I##40, I##41), XOR(I##42, I##43)), I##44);                          \
        T d0 = XOR(c4, ROL(c1, 1));                                                             \
        T d1 = XOR(c0, ROL(c2, 1));                                                             \
        T d2 = XOR(c1, ROL(c3, 1));                                                             \
        T d3 = XOR(c2, ROL(c4, 1));                                                             \
        T d4 = XOR(c3, ROL(c0, 1));                                                             \
        KP_PLANE(T, I, O, 0, 0, 1, 2, 3, 4, 0, 44, 43, 21, 14, XOR, ANDN, ROL);                 \
        KP_PLANE(T, I, O, 1, 3, 4, 0, 1, 2, 28, 20, 3, 45, 61, XOR, ANDN, ROL);                 \
        KP_PLANE(T, I, O, 2, 1, 2, 3, 4, 0, 1, 6, 25, 8, 18, XOR, ANDN, ROL);                   \
        KP_PLANE(T, I, O, 3, 4, 0, 1, 2, 3, 27, 36, 10, 15, 56, XOR, ANDN, ROL);                \
        KP_PLANE(T, I, O, 4, 2, 3, 4, 0, 1, 62, 55, 39, 41, 2, XOR, ANDN, ROL);                 \
        O##00 = XORRC(O##00, rc);                                                               \
    } while (0)

/* Apply M to the 25 names of a state with prefix P, in index order x + 5*y. */
#define KP_EACH_LANE(M, P)                                                                        \
    M(P##00, 0) M(P##10, 1) M(P##20, 2) M(P##30, 3) M(P##40, 4) M(P##01, 5) M(P##11, 6)          \
        M(P##21, 7) M(P##31, 8) M(P##41, 9) M(P##02, 10) M(P##12, 11) M(P##22, 12) M(P##32, 13) \
            M(P##42, 14) M(P##03, 15) M(P##13, 16) M(P##23, 17) M(P##33, 18) M(P##43, 19)        \
                M(P##04, 20) M(P##14, 21) M(P##24, 22) M(P##34, 23) M(P##44, 24)

/* ---- scalar ---- */

#define S_XOR(a, b) ((a) ^ (b))
#define S_ANDN(a, b) (~(a) & (b))
#define S_ROL(a, n) (((a) << (n)) | ((a) >> ((64 - (n)) & 63))) /* n = 0 gives a | a */
#define S_XORRC(a, rc) ((a) ^ (rc))

#define S_DECL(v, i) uint64_t v = st[i], e##v;
#define S_STORE(v, i) st[i] = v;
#define S_COPY(v, i) v = e##v;

/* The lanes are a##, the second set (output of the odd round) ea##; two rounds per iteration
 * swap the roles so no copies are needed. */
static inline void scalar_rounds(uint64_t st[25], unsigned r, unsigned end) {
    KP_EACH_LANE(S_DECL, a)
    for (; r + 2 <= end; r += 2) {
        KP_ROUND(uint64_t, a, ea, hs_keccak_rc[r], S_XOR, S_ANDN, S_ROL, S_XORRC);
        KP_ROUND(uint64_t, ea, a, hs_keccak_rc[r + 1], S_XOR, S_ANDN, S_ROL, S_XORRC);
    }
    if (r < end) {
        KP_ROUND(uint64_t, a, ea, hs_keccak_rc[r], S_XOR, S_ANDN, S_ROL, S_XORRC);
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

#define X4_DECL(L, i) u64x4 L, e##L;
#define X4_LOAD(L, i) memcpy(L.v, st + 4 * (i), sizeof L.v);
#define X4_STORE(L, i) memcpy(st + 4 * (i), L.v, sizeof L.v);

void hs_keccakf1600_x4_portable(uint64_t st[25 * 4]) {
    KP_EACH_LANE(X4_DECL, a)
    KP_EACH_LANE(X4_LOAD, a)
    for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r += 2) {
        KP_ROUND(u64x4, a, ea, hs_keccak_rc[r], x4_xor, x4_andn, x4_rol, x4_xorrc);
        KP_ROUND(u64x4, ea, a, hs_keccak_rc[r + 1], x4_xor, x4_andn, x4_rol, x4_xorrc);
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

/* ---- batches ---- */

void hs_keccakf1600_many_portable(uint64_t *states, size_t n) {
    for (size_t k = 0; k < n; k++) hs_keccakf1600(states + 25 * k);
}

static void many_1t(uint64_t *states, size_t n) {
    if (hs_cpu_has_avx2())
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

/* Four equal-length messages in the interleaved layout: one x4 permutation per block. */
static void hash256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix) {
    enum { RATE = HS_KECCAK256_RATE, RL = HS_KECCAK256_RATE / 8 };
    uint64_t st[25 * 4];
    memset(st, 0, sizeof st);
    size_t off = 0;
    for (; len - off >= RATE; off += RATE) {
        for (unsigned i = 0; i < RL; i++)
            for (unsigned j = 0; j < 4; j++) st[4 * i + j] ^= load64_le(in[j] + off + 8 * i);
        hs_keccakf1600_x4(st);
    }
    const unsigned rem = (unsigned)(len - off);
    for (unsigned j = 0; j < 4; j++) {
        uint8_t block[RATE];
        if (rem) memcpy(block, in[j] + off, rem); /* in[j] may be NULL when len == 0 */
        memset(block + rem, 0, RATE - rem);
        block[rem] = suffix;
        block[RATE - 1] |= 0x80;
        for (unsigned i = 0; i < RL; i++) st[4 * i + j] ^= load64_le(block + 8 * i);
    }
    hs_keccakf1600_x4(st);
    for (unsigned j = 0; j < 4; j++)
        for (unsigned i = 0; i < 4; i++) store64_le(out[j] + 8 * i, st[4 * i + j]);
}

void hs_keccak256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len) {
    hash256_x4(out, in, len, HS_KECCAK_SUFFIX_KECCAK);
}
void hs_sha3_256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len) {
    hash256_x4(out, in, len, HS_KECCAK_SUFFIX_SHA3);
}
