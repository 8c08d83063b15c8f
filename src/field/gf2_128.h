/* Binary fields: GF(2^128) in the flat GHASH basis and GF(2^256) as its quadratic extension.
 *
 * GF(2^128) = GF(2)[X]/(X^128 + X^7 + X^2 + X + 1). An element is 128 bits in two words, lo = the
 * coefficients of X^0..X^63 (bit i = X^i), hi = those of X^64..X^127: the plain (not bit-reflected,
 * not Montgomery) polynomial basis in which Binius64 (`BinaryField128bGhash`), Hashcaster 2 and
 * FROST-GKR's prover compute. Addition is XOR. A product is a 256-bit carry-less product (three
 * 64x64 products, Karatsuba) reduced by X^128 = X^7 + X^2 + X + 1 (0x87).
 *
 * GF(2^256) = GF(2^128)[Y]/(Y^2 + Y + c) with c = X^121. A quadratic Y^2 + Y + c over GF(2^k) is
 * irreducible exactly when the absolute trace Tr(c) = c + c^2 + c^4 + ... + c^(2^(k-1)) is 1 (Artin-
 * Schreier: y^2 + y = c has a root iff Tr(c) = 0), and X^121 has trace 1 (Binius64 names 1 << 121
 * the lowest single-bit element of trace 1 in this field; tests/test_gf2_128.c computes the trace).
 * Multiplying by c costs one product, like any element; the form Y^2 = Y + c keeps the extension's
 * Frobenius simple (conj(a0 + a1 Y) = (a0 + a1) + a1 Y) and is the shape FROST-GKR uses (with
 * another c). An element is a0 + a1 Y, c[0] = a0, c[1] = a1.
 *
 * The inline functions below are portable C (constant time: the 64x64 carry-less product is five
 * masked integer multiplications per bit class, no table); the batch functions (mul_many, inner,
 * scale_add, gf256_mul_many) dispatch at run time to PCLMULQDQ, or VPCLMULQDQ with 2 or 4 elements
 * a vector, by hs_cpu_has() (src/util/cpu.h); every kernel gives the same bits as the portable one.
 * Squaring and the Frobenius maps x -> x^(2^k) are F2-linear: hs_gf128_linmap applies any linear
 * map as 16 table lookups (one table of 256 images per input byte). */
#ifndef HS_FIELD_GF2_128_H
#define HS_FIELD_GF2_128_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t lo, hi;
} hs_gf128;

/* a0 + a1 Y in GF(2^256): c[0] = a0, c[1] = a1. */
typedef struct {
    hs_gf128 c[2];
} hs_gf256;

/* An unreduced 256-bit product (w[0] = bits 0..63): sums of products add by XOR and reduce once. */
typedef struct {
    uint64_t w[4];
} hs_gf128_wide;

__extension__ typedef unsigned __int128 hs_gf2_u128; /* gcc/clang extension, silenced for -Wpedantic */

/* ---- GF(2^128), portable ---- */

static inline hs_gf128 hs_gf128_zero(void) { return (hs_gf128){0, 0}; }
static inline hs_gf128 hs_gf128_one(void) { return (hs_gf128){1, 0}; }
static inline hs_gf128 hs_gf128_add(hs_gf128 a, hs_gf128 b) { return (hs_gf128){a.lo ^ b.lo, a.hi ^ b.hi}; }
static inline int hs_gf128_eq(hs_gf128 a, hs_gf128 b) { return a.lo == b.lo && a.hi == b.hi; }
static inline int hs_gf128_is_zero(hs_gf128 a) { return (a.lo | a.hi) == 0; }

/* The 128-bit carry-less product of a and b. The bits of each operand are split into five classes
 * by position mod 5 (13 bits a class), so an integer product of two classes has at most 13 terms
 * at each position: the count never carries into the next position of the same class, and the
 * class (i + j) mod 5 bits of class i times class j are exactly the carry-less product's there. */
static inline hs_gf2_u128 hs_gf2_clmul64(uint64_t a, uint64_t b) {
    const uint64_t m0 = 0x1084210842108421ull;
    const uint64_t m[5] = {m0, m0 << 1, m0 << 2, m0 << 3, m0 << 4};
    uint64_t ai[5], bi[5];
    for (int i = 0; i < 5; i++) ai[i] = a & m[i], bi[i] = b & m[i];
    hs_gf2_u128 r = 0;
    for (int k = 0; k < 5; k++) {
        hs_gf2_u128 z = 0;
        for (int i = 0; i < 5; i++) z ^= (hs_gf2_u128)ai[i] * bi[(k - i + 5) % 5];
        /* class k positions: below 64 at m[k], above at m[k + 1] (64 = 4 mod 5) */
        r ^= z & (((hs_gf2_u128)m[(k + 1) % 5] << 64) | m[k]);
    }
    return r;
}

static inline hs_gf128_wide hs_gf128_mul_wide(hs_gf128 a, hs_gf128 b) {
    hs_gf2_u128 l = hs_gf2_clmul64(a.lo, b.lo), h = hs_gf2_clmul64(a.hi, b.hi);
    hs_gf2_u128 m = hs_gf2_clmul64(a.lo ^ a.hi, b.lo ^ b.hi) ^ l ^ h;
    return (hs_gf128_wide){{(uint64_t)l, (uint64_t)(l >> 64) ^ (uint64_t)m, (uint64_t)h ^ (uint64_t)(m >> 64),
                            (uint64_t)(h >> 64)}};
}

static inline void hs_gf128_wide_acc(hs_gf128_wide *acc, hs_gf128_wide x) {
    for (int i = 0; i < 4; i++) acc->w[i] ^= x.w[i];
}

/* x mod (X^128 + X^7 + X^2 + X + 1): the high half h times X^128 is h * (1 + X + X^2 + X^7); the
 * bits that h * (X + X^2 + X^7) pushes past X^127 (the top 7 bits of w[3]) are folded into h first,
 * since their own fold stays below X^14. */
static inline hs_gf128 hs_gf128_reduce(hs_gf128_wide x) {
    uint64_t h0 = x.w[2] ^ (x.w[3] >> 63) ^ (x.w[3] >> 62) ^ (x.w[3] >> 57), h1 = x.w[3];
    return (hs_gf128){x.w[0] ^ h0 ^ (h0 << 1) ^ (h0 << 2) ^ (h0 << 7),
                      x.w[1] ^ h1 ^ (h1 << 1 | h0 >> 63) ^ (h1 << 2 | h0 >> 62) ^ (h1 << 7 | h0 >> 57)};
}

static inline hs_gf128 hs_gf128_mul(hs_gf128 a, hs_gf128 b) { return hs_gf128_reduce(hs_gf128_mul_wide(a, b)); }

/* Bits 0..31 of x spread to the even positions 0..62. */
static inline uint64_t hs_gf2_spread32(uint64_t x) {
    x &= 0xffffffffull;
    x = (x | x << 16) & 0x0000ffff0000ffffull;
    x = (x | x << 8) & 0x00ff00ff00ff00ffull;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full;
    x = (x | x << 2) & 0x3333333333333333ull;
    return (x | x << 1) & 0x5555555555555555ull;
}

/* x^2: squaring is linear in characteristic 2, (sum a_i X^i)^2 = sum a_i X^(2i), so the product is
 * the bits spread apart, then reduced. */
static inline hs_gf128 hs_gf128_square(hs_gf128 a) {
    return hs_gf128_reduce((hs_gf128_wide){{hs_gf2_spread32(a.lo), hs_gf2_spread32(a.lo >> 32), hs_gf2_spread32(a.hi),
                                            hs_gf2_spread32(a.hi >> 32)}});
}

/* The obviously right product, bit by bit (shift a by X, reduce, add where b has a one): the
 * reference the tests hold every other product to. Slow. */
hs_gf128 hs_gf128_mul_bitwise(hs_gf128 a, hs_gf128 b);
/* a^(e_hi * 2^64 + e_lo), square and multiply. */
hs_gf128 hs_gf128_pow(hs_gf128 a, uint64_t e_lo, uint64_t e_hi);
/* a^-1 (Itoh-Tsujii: a^(2^128 - 2) = (a^(2^127 - 1))^2 by an addition chain of 12 products and 127
 * squarings); 0 for 0. */
hs_gf128 hs_gf128_inv(hs_gf128 a);
/* out[i] = in[i]^-1 (0 for 0) by Montgomery's trick: one inversion and 3 products an element.
 * out and in must not overlap. */
void hs_gf128_batch_inv(hs_gf128 *restrict out, const hs_gf128 *restrict in, size_t n);
/* The absolute trace a + a^2 + a^4 + ... + a^(2^127), which is 0 or 1. */
hs_gf128 hs_gf128_trace(hs_gf128 a);

/* ---- F2-linear maps, table-driven ---- */

/* t[j][v] = the image of the element whose byte j is v and whose other bytes are 0 (byte j holds
 * bits 8j..8j+7: bytes 0..7 of lo, then of hi). 64 KiB. */
typedef struct {
    hs_gf128 t[16][256];
} hs_gf128_linmap;

/* The map sending X^i to img[i], i = 0..127. */
void hs_gf128_linmap_init(hs_gf128_linmap *m, const hs_gf128 img[128]);
/* The Frobenius map x -> x^(2^k) (k = 1: squaring; k = 128 or 0: the identity). */
void hs_gf128_linmap_frobenius(hs_gf128_linmap *m, unsigned k);

static inline hs_gf128 hs_gf128_linmap_apply(const hs_gf128_linmap *m, hs_gf128 x) {
    hs_gf128 r = {0, 0};
    for (int j = 0; j < 8; j++) {
        hs_gf128 u = m->t[j][(x.lo >> (8 * j)) & 0xff], v = m->t[8 + j][(x.hi >> (8 * j)) & 0xff];
        r.lo ^= u.lo ^ v.lo;
        r.hi ^= u.hi ^ v.hi;
    }
    return r;
}

/* ---- GF(2^256) = GF(2^128)[Y]/(Y^2 + Y + c), c = X^121 ---- */

#define HS_GF256_C ((hs_gf128){0, 1ull << 57}) /* X^121 */

static inline hs_gf256 hs_gf256_zero(void) { return (hs_gf256){{{0, 0}, {0, 0}}}; }
static inline hs_gf256 hs_gf256_one(void) { return (hs_gf256){{{1, 0}, {0, 0}}}; }
static inline hs_gf256 hs_gf256_from_base(hs_gf128 a) { return (hs_gf256){{a, {0, 0}}}; }
static inline hs_gf256 hs_gf256_add(hs_gf256 a, hs_gf256 b) {
    return (hs_gf256){{hs_gf128_add(a.c[0], b.c[0]), hs_gf128_add(a.c[1], b.c[1])}};
}
static inline int hs_gf256_eq(hs_gf256 a, hs_gf256 b) { return hs_gf128_eq(a.c[0], b.c[0]) && hs_gf128_eq(a.c[1], b.c[1]); }

/* (a0 + a1 Y)(b0 + b1 Y) = a0 b0 + a1 b1 Y^2 + (a0 b1 + a1 b0) Y with Y^2 = Y + c: with v0 = a0 b0,
 * v1 = a1 b1 and vs = (a0 + a1)(b0 + b1) = v0 + v1 + a0 b1 + a1 b0, the product is
 * (v0 + c v1) + (vs + v0) Y: four GF(2^128) products. */
static inline hs_gf256 hs_gf256_mul(hs_gf256 a, hs_gf256 b) {
    hs_gf128_wide v0 = hs_gf128_mul_wide(a.c[0], b.c[0]);
    hs_gf128 v1 = hs_gf128_mul(a.c[1], b.c[1]);
    hs_gf128_wide hi = hs_gf128_mul_wide(hs_gf128_add(a.c[0], a.c[1]), hs_gf128_add(b.c[0], b.c[1]));
    hs_gf128_wide lo = hs_gf128_mul_wide(HS_GF256_C, v1);
    hs_gf128_wide_acc(&lo, v0);
    hs_gf128_wide_acc(&hi, v0);
    return (hs_gf256){{hs_gf128_reduce(lo), hs_gf128_reduce(hi)}};
}
/* a^-1 through the norm to GF(2^128): a * conj(a) = a0^2 + a0 a1 + c a1^2; 0 for 0. */
hs_gf256 hs_gf256_inv(hs_gf256 a);

/* ---- batch kernels, dispatched at run time ---- */

typedef enum {
    HS_GF128_PORTABLE = 0,
    HS_GF128_CLMUL,    /* PCLMULQDQ, one element at a time */
    HS_GF128_VPCLMUL2, /* VPCLMULQDQ on 256-bit registers: 2 elements a vector */
    HS_GF128_VPCLMUL4, /* VPCLMULQDQ on 512-bit registers: 4 elements a vector */
    HS_GF128_IMPL_COUNT
} hs_gf128_impl;

typedef struct {
    const char *name; /* "portable", "pclmul", "vpclmul-2", "vpclmul-4" */
    unsigned lanes;
    /* out[i] = a[i] b[i]; out may be a or b */
    void (*mul)(hs_gf128 *out, const hs_gf128 *a, const hs_gf128 *b, size_t n);
    /* sum a[i] b[i], reduced once */
    hs_gf128 (*inner)(const hs_gf128 *a, const hs_gf128 *b, size_t n);
    /* y[i] += s x[i] */
    void (*scale_add)(hs_gf128 *y, hs_gf128 s, const hs_gf128 *x, size_t n);
    /* GF(2^256): out[i] = a[i] b[i]; out may be a or b */
    void (*mul256)(hs_gf256 *out, const hs_gf256 *a, const hs_gf256 *b, size_t n);
    /* the additive NTT's butterflies (poly/additive_ntt.h) on n pairs, u and v apart:
     * forward u[i] += t v[i], then v[i] += u[i]; inverse v[i] += u[i], then u[i] += t v[i] */
    void (*butterfly_fwd)(hs_gf128 *u, hs_gf128 *v, hs_gf128 t, size_t n);
    void (*butterfly_inv)(hs_gf128 *u, hs_gf128 *v, hs_gf128 t, size_t n);
    /* nb blocks of one NTT layer: block j (b0 + j in the layer) has its len pairs at u = u0 + j stride
     * and v = u + half, twiddle t for j = 0 and then the previous one + dsum[ctz(b0 + j)] */
    void (*ntt_blocks)(hs_gf128 *u0, size_t half, size_t stride, size_t len, size_t nb, hs_gf128 t,
                       const hs_gf128 *dsum, size_t b0, int inverse);
    /* two layers of one block in one pass: quarters q0..q3 at q0 + k q, len elements each; the upper
     * layer pairs (q0, q2), (q1, q3) with t1, the lower (q0, q1) with t2 and (q2, q3) with t3 */
    void (*ntt_fly2)(hs_gf128 *q0, size_t q, size_t len, hs_gf128 t1, hs_gf128 t2, hs_gf128 t3, int inverse);
} hs_gf128_kernels;

/* The kernels of impl, or NULL when this build or CPU lacks them or the level in use (HS_SIMD)
 * excludes them. */
const hs_gf128_kernels *hs_gf128_kernels_get(hs_gf128_impl impl);
/* The fastest available (the last non-NULL of hs_gf128_kernels_get). */
const hs_gf128_kernels *hs_gf128_kernels_best(void);

void hs_gf128_mul_many(hs_gf128 *out, const hs_gf128 *a, const hs_gf128 *b, size_t n);
hs_gf128 hs_gf128_inner(const hs_gf128 *a, const hs_gf128 *b, size_t n);
void hs_gf128_scale_add(hs_gf128 *y, hs_gf128 s, const hs_gf128 *x, size_t n);
void hs_gf256_mul_many(hs_gf256 *out, const hs_gf256 *a, const hs_gf256 *b, size_t n);

#endif
