/* Goldilocks additions for the Rescue hashes (RPO, RPX), on top of field/gl.h:
 *  - lazy products: inputs any uint64 (taken mod p), result congruent mod p and < 2^64 but not
 *    necessarily < p; long exponent chains stay lazy and canonicalize once at the end;
 *  - x^(1/7) = x^10540996611094048183 with a 63-squaring addition chain;
 *  - the cubic extension F_p[phi] / (phi^3 - phi - 1) that RPX's (E) rounds use. Elements are
 *    [a0, a1, a2] = a0 + a1*phi + a2*phi^2. This is NOT a binomial extension: phi^3 = phi + 1. */
#ifndef HS_FIELD_GL_EXT3_H
#define HS_FIELD_GL_EXT3_H

#include "field/gl.h"

/* 7^-1 mod (p - 1): x -> x^HS_GL_INV7 inverts x -> x^7. */
#define HS_GL_INV7 10540996611094048183ull

/* x mod p for any 128-bit x, without the final conditional subtraction. The same steps as
 * hs_gl_reduce128. The borrow needs lo < hi >> 32, rare for products, so it is a predicted
 * branch; the carry is common and data-dependent, so it is applied through a mask. */
static inline uint64_t hs_gl_reduce128_lazy(hs_u128 x) {
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    uint64_t t, r;
    if (__builtin_expect(__builtin_sub_overflow(lo, hi >> 32, &t), 0)) t -= HS_GL_EPS; /* 2^64 = EPS */
    uint64_t carry = __builtin_add_overflow(t, (uint64_t)(uint32_t)hi * HS_GL_EPS, &r);
    return r + ((0 - carry) & HS_GL_EPS); /* 2^64 = EPS; no second wrap: hi_lo * EPS <= 2^64 - 2^33 + 1 */
}
static inline uint64_t hs_gl_mul_lazy(uint64_t a, uint64_t b) { return hs_gl_reduce128_lazy((hs_u128)a * b); }
static inline uint64_t hs_gl_square_lazy(uint64_t a) { return hs_gl_mul_lazy(a, a); }
/* a + b mod p for any a < 2^64 and b < p; result < 2^64. */
static inline uint64_t hs_gl_add_lazy(uint64_t a, uint64_t b) {
    uint64_t s;
    uint64_t carry = __builtin_add_overflow(a, b, &s);
    return s + ((0 - carry) & HS_GL_EPS); /* a + b - 2^64 < 2^64 - EPS: no second wrap */
}

/* x^7, lazy. */
static inline uint64_t hs_gl_pow7_lazy(uint64_t x) {
    uint64_t x2 = hs_gl_square_lazy(x), x3 = hs_gl_mul_lazy(x2, x), x4 = hs_gl_square_lazy(x2);
    return hs_gl_mul_lazy(x3, x4);
}

/* x^(1/7). The exponent is e = u * (2^36 + 48) + 7 with u = sum_{i<10} 8^i (bits 1001001...001),
 * i.e. e = ((u * 2^32 + 3u) * 2^4) + 7: build y = x^u by doubling runs of "001", then
 * y^(2^32) * y^3, four squarings and a final x^7. 63 squarings and 9 products. */
static inline uint64_t hs_gl_pow_inv7_lazy(uint64_t x) {
    uint64_t x2 = hs_gl_square_lazy(x), x4 = hs_gl_square_lazy(x2), x8 = hs_gl_square_lazy(x4);
    uint64_t a2 = hs_gl_mul_lazy(x8, x); /* x^(1001b): two "001" groups */
    uint64_t t = a2;
    for (int i = 0; i < 6; i++) t = hs_gl_square_lazy(t);
    uint64_t a4 = hs_gl_mul_lazy(t, a2); /* four groups */
    t = a4;
    for (int i = 0; i < 12; i++) t = hs_gl_square_lazy(t);
    uint64_t a8 = hs_gl_mul_lazy(t, a4); /* eight */
    t = a8;
    for (int i = 0; i < 6; i++) t = hs_gl_square_lazy(t);
    uint64_t y = hs_gl_mul_lazy(t, a2); /* ten: y = x^u */
    uint64_t y2 = hs_gl_square_lazy(y), y3 = hs_gl_mul_lazy(y2, y);
    t = y2;
    for (int i = 0; i < 31; i++) t = hs_gl_square_lazy(t);
    t = hs_gl_mul_lazy(t, y3); /* x^(u * 2^32 + 3u) */
    for (int i = 0; i < 4; i++) t = hs_gl_square_lazy(t);
    uint64_t x7 = hs_gl_mul_lazy(hs_gl_mul_lazy(x4, x2), x);
    return hs_gl_mul_lazy(t, x7);
}
static inline hs_gl hs_gl_pow_inv7(hs_gl x) { return hs_gl_from_u64(hs_gl_pow_inv7_lazy(x)); }

/* ---- F_p[phi] / (phi^3 - phi - 1) ---- */

typedef struct {
    uint64_t c[3];
} hs_gl3phi;

/* Sum of up to 5 lazy values (each < 2^64) folded back below 2^64: 2^64 = EPS. */
static inline uint64_t hs_gl_fold_lazy(hs_u128 s) {
    uint64_t lo = (uint64_t)s, hi = (uint64_t)(s >> 64); /* hi < 8 */
    return hs_gl_add_lazy(lo, hi * HS_GL_EPS);
}

/* Product (schoolbook, 9 lazy base products):
 *   c0 = a0b0 + a1b2 + a2b1
 *   c1 = a0b1 + a1b0 + a1b2 + a2b1 + a2b2
 *   c2 = a0b2 + a1b1 + a2b0 + a2b2
 * from phi^3 = phi + 1 and phi^4 = phi^2 + phi. Inputs and outputs lazy. */
static inline hs_gl3phi hs_gl3phi_mul_lazy(hs_gl3phi a, hs_gl3phi b) {
    uint64_t p00 = hs_gl_mul_lazy(a.c[0], b.c[0]), p01 = hs_gl_mul_lazy(a.c[0], b.c[1]);
    uint64_t p02 = hs_gl_mul_lazy(a.c[0], b.c[2]), p10 = hs_gl_mul_lazy(a.c[1], b.c[0]);
    uint64_t p11 = hs_gl_mul_lazy(a.c[1], b.c[1]), p12 = hs_gl_mul_lazy(a.c[1], b.c[2]);
    uint64_t p20 = hs_gl_mul_lazy(a.c[2], b.c[0]), p21 = hs_gl_mul_lazy(a.c[2], b.c[1]);
    uint64_t p22 = hs_gl_mul_lazy(a.c[2], b.c[2]);
    hs_u128 m = (hs_u128)p12 + p21;
    hs_gl3phi r;
    r.c[0] = hs_gl_fold_lazy(m + p00);
    r.c[1] = hs_gl_fold_lazy(m + p01 + p10 + p22);
    r.c[2] = hs_gl_fold_lazy((hs_u128)p02 + p11 + p20 + p22);
    return r;
}
/* Square: 6 base products. */
static inline hs_gl3phi hs_gl3phi_square_lazy(hs_gl3phi a) {
    uint64_t p00 = hs_gl_square_lazy(a.c[0]), p11 = hs_gl_square_lazy(a.c[1]), p22 = hs_gl_square_lazy(a.c[2]);
    uint64_t p01 = hs_gl_mul_lazy(a.c[0], a.c[1]), p02 = hs_gl_mul_lazy(a.c[0], a.c[2]);
    uint64_t p12 = hs_gl_mul_lazy(a.c[1], a.c[2]);
    hs_u128 m = (hs_u128)p12 + p12;
    hs_gl3phi r;
    r.c[0] = hs_gl_fold_lazy(m + p00);
    r.c[1] = hs_gl_fold_lazy(m + p01 + p01 + p22);
    r.c[2] = hs_gl_fold_lazy((hs_u128)p02 + p02 + p11 + p22);
    return r;
}
static inline hs_gl3phi hs_gl3phi_pow7_lazy(hs_gl3phi x) {
    hs_gl3phi x2 = hs_gl3phi_square_lazy(x), x4 = hs_gl3phi_square_lazy(x2);
    return hs_gl3phi_mul_lazy(hs_gl3phi_mul_lazy(x2, x), x4);
}
static inline hs_gl3phi hs_gl3phi_canonical(hs_gl3phi a) {
    for (int i = 0; i < 3; i++) a.c[i] = hs_gl_from_u64(a.c[i]);
    return a;
}
static inline hs_gl3phi hs_gl3phi_mul(hs_gl3phi a, hs_gl3phi b) { return hs_gl3phi_canonical(hs_gl3phi_mul_lazy(a, b)); }
static inline hs_gl3phi hs_gl3phi_pow7(hs_gl3phi a) { return hs_gl3phi_canonical(hs_gl3phi_pow7_lazy(a)); }

#endif
