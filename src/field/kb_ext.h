/* KoalaBear extension (challenge) fields, coefficients in hs_kb Montgomery form (see kb.h).
 *
 *   hs_kb4  F_p[X]/(X^4 - 3)        124 bits   Plonky3 BinomialExtensionField<KoalaBear, 4>, W = 3
 *   hs_kb5  F_p[X]/(X^5 + X^2 - 1)  155 bits   Plonky3 / leanMultisig quintic (X^5 = 1 - X^2)
 *   hs_kb8  F_p[X]/(X^8 - 3)        248 bits   Plonky3 BinomialExtensionField<KoalaBear, 8>, W = 3
 *
 * An element is sum c[i] X^i. Values are passed and returned by value (16..32 bytes; the hot
 * operations are inline). Canonical integers enter and leave only through _from_u32s/_to_u32s.
 *
 * Multiplication delays reduction: products of two hs_kb (< p^2 < 2^62) are summed in uint64 as
 * "lazy" values kept below P32 = p * 2^32, the bound under which hs_kb_redc is exact. Up to four
 * products sum below 2 * P32 (4p^2 < 2 * p * 2^32 since 2p < 2^32), so one conditional
 * subtraction of P32 brings them back; two lazy values likewise. Values congruent mod P32 are
 * congruent mod p, so the REDC result does not depend on where the subtractions happen. */
#ifndef HS_FIELD_KB_EXT_H
#define HS_FIELD_KB_EXT_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"

typedef struct {
    hs_kb c[4];
} hs_kb4;
typedef struct {
    hs_kb c[5];
} hs_kb5;
typedef struct {
    hs_kb c[8];
} hs_kb8;

/* ---- shared lazy-reduction helpers (internal) ---- */

#define HS_KBX_P32 ((uint64_t)HS_KB_P << 32)

/* s < 2 * P32  ->  the representative of s mod P32 below P32. Written as an unsigned min (s - P32
 * wraps above s when s < P32) so compilers emit cmov: a branch here mispredicts on random data. */
static inline uint64_t hs_kbx_csub(uint64_t s) {
    uint64_t t = s - HS_KBX_P32;
    return t < s ? t : s;
}
/* Lazy add / subtract of two values < P32; result < P32. */
static inline uint64_t hs_kbx_ladd(uint64_t a, uint64_t b) { return hs_kbx_csub(a + b); }
static inline uint64_t hs_kbx_lsub(uint64_t a, uint64_t b) {
    uint64_t d = a - b, t = d + HS_KBX_P32;
    return d > a ? t : d; /* d wrapped: a < b */
}
static inline uint64_t hs_kbx_prod(hs_kb a, hs_kb b) { return (uint64_t)a * b; }
/* 3a mod p (W = 3 for both binomial extensions). */
static inline hs_kb hs_kbx_triple(hs_kb a) { return hs_kb_add(hs_kb_add(a, a), a); }

/* ---- degree 4: X^4 = 3 ---- */

static inline hs_kb4 hs_kb4_zero(void) { return (hs_kb4){{0, 0, 0, 0}}; }
static inline hs_kb4 hs_kb4_one(void) { return (hs_kb4){{HS_KB_ONE, 0, 0, 0}}; }
static inline hs_kb4 hs_kb4_from_base(hs_kb a) { return (hs_kb4){{a, 0, 0, 0}}; }

static inline hs_kb4 hs_kb4_add(hs_kb4 a, hs_kb4 b) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb_add(a.c[i], b.c[i]);
    return a;
}
static inline hs_kb4 hs_kb4_sub(hs_kb4 a, hs_kb4 b) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb_sub(a.c[i], b.c[i]);
    return a;
}
static inline hs_kb4 hs_kb4_neg(hs_kb4 a) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb_neg(a.c[i]);
    return a;
}
static inline hs_kb4 hs_kb4_mul_base(hs_kb4 a, hs_kb s) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb_mul(a.c[i], s);
    return a;
}

/* c_k = sum_{i+j=k} a_i b_j + sum_{i+j=k+4} a_i (3 b_j): four products per coefficient. */
static inline hs_kb4 hs_kb4_mul(hs_kb4 a, hs_kb4 b) {
    hs_kb t1 = hs_kbx_triple(b.c[1]), t2 = hs_kbx_triple(b.c[2]), t3 = hs_kbx_triple(b.c[3]);
    const hs_kb *x = a.c, *y = b.c;
    uint64_t s0 = hs_kbx_prod(x[0], y[0]) + hs_kbx_prod(x[1], t3) + hs_kbx_prod(x[2], t2) + hs_kbx_prod(x[3], t1);
    uint64_t s1 = hs_kbx_prod(x[0], y[1]) + hs_kbx_prod(x[1], y[0]) + hs_kbx_prod(x[2], t3) + hs_kbx_prod(x[3], t2);
    uint64_t s2 = hs_kbx_prod(x[0], y[2]) + hs_kbx_prod(x[1], y[1]) + hs_kbx_prod(x[2], y[0]) + hs_kbx_prod(x[3], t3);
    uint64_t s3 = hs_kbx_prod(x[0], y[3]) + hs_kbx_prod(x[1], y[2]) + hs_kbx_prod(x[2], y[1]) + hs_kbx_prod(x[3], y[0]);
    return (hs_kb4){{hs_kb_redc(hs_kbx_csub(s0)), hs_kb_redc(hs_kbx_csub(s1)), hs_kb_redc(hs_kbx_csub(s2)),
                     hs_kb_redc(hs_kbx_csub(s3))}};
}

/* Cross terms once with a doubled operand: 10 products instead of 16. */
static inline hs_kb4 hs_kb4_square(hs_kb4 a) {
    const hs_kb *x = a.c;
    hs_kb d1 = hs_kb_double(x[1]), d2 = hs_kb_double(x[2]), d3 = hs_kb_double(x[3]);
    hs_kb t2 = hs_kbx_triple(x[2]), t3 = hs_kbx_triple(x[3]), s3 = hs_kbx_triple(d3);
    uint64_t s0 = hs_kbx_prod(x[0], x[0]) + hs_kbx_prod(x[1], s3) + hs_kbx_prod(x[2], t2);
    uint64_t s1 = hs_kbx_prod(x[0], d1) + hs_kbx_prod(x[2], s3);
    uint64_t c2 = hs_kbx_prod(x[0], d2) + hs_kbx_prod(x[1], x[1]) + hs_kbx_prod(x[3], t3);
    uint64_t c3 = hs_kbx_prod(x[0], d3) + hs_kbx_prod(x[1], d2);
    return (hs_kb4){{hs_kb_redc(hs_kbx_csub(s0)), hs_kb_redc(s1), hs_kb_redc(hs_kbx_csub(c2)), hs_kb_redc(c3)}};
}

static inline int hs_kb4_eq(hs_kb4 a, hs_kb4 b) {
    return a.c[0] == b.c[0] && a.c[1] == b.c[1] && a.c[2] == b.c[2] && a.c[3] == b.c[3];
}
static inline int hs_kb4_is_zero(hs_kb4 a) { return (a.c[0] | a.c[1] | a.c[2] | a.c[3]) == 0; }

/* ---- degree 5: X^5 = 1 - X^2 ---- */

static inline hs_kb5 hs_kb5_zero(void) { return (hs_kb5){{0, 0, 0, 0, 0}}; }
static inline hs_kb5 hs_kb5_one(void) { return (hs_kb5){{HS_KB_ONE, 0, 0, 0, 0}}; }
static inline hs_kb5 hs_kb5_from_base(hs_kb a) { return (hs_kb5){{a, 0, 0, 0, 0}}; }

static inline hs_kb5 hs_kb5_add(hs_kb5 a, hs_kb5 b) {
    for (int i = 0; i < 5; i++) a.c[i] = hs_kb_add(a.c[i], b.c[i]);
    return a;
}
static inline hs_kb5 hs_kb5_sub(hs_kb5 a, hs_kb5 b) {
    for (int i = 0; i < 5; i++) a.c[i] = hs_kb_sub(a.c[i], b.c[i]);
    return a;
}
static inline hs_kb5 hs_kb5_neg(hs_kb5 a) {
    for (int i = 0; i < 5; i++) a.c[i] = hs_kb_neg(a.c[i]);
    return a;
}
static inline hs_kb5 hs_kb5_mul_base(hs_kb5 a, hs_kb s) {
    for (int i = 0; i < 5; i++) a.c[i] = hs_kb_mul(a.c[i], s);
    return a;
}

/* Reduces the lazy product coefficients d[0..8] (each < P32) modulo X^5 + X^2 - 1, using
 * X^5 = 1 - X^2, X^6 = X - X^3, X^7 = X^2 - X^4, X^8 = X^3 + X^2 - 1. */
static inline hs_kb5 hs_kbx_reduce5(const uint64_t d[9]) {
    uint64_t c0 = hs_kbx_lsub(hs_kbx_ladd(d[0], d[5]), d[8]);
    uint64_t c1 = hs_kbx_ladd(d[1], d[6]);
    uint64_t c2 = hs_kbx_lsub(hs_kbx_ladd(hs_kbx_ladd(d[2], d[7]), d[8]), d[5]);
    uint64_t c3 = hs_kbx_lsub(hs_kbx_ladd(d[3], d[8]), d[6]);
    uint64_t c4 = hs_kbx_lsub(d[4], d[7]);
    return (hs_kb5){{hs_kb_redc(c0), hs_kb_redc(c1), hs_kb_redc(c2), hs_kb_redc(c3), hs_kb_redc(c4)}};
}

static inline hs_kb5 hs_kb5_mul(hs_kb5 a, hs_kb5 b) {
    const hs_kb *x = a.c, *y = b.c;
    uint64_t d[9];
    d[0] = hs_kbx_prod(x[0], y[0]);
    d[1] = hs_kbx_prod(x[0], y[1]) + hs_kbx_prod(x[1], y[0]);
    d[2] = hs_kbx_csub(hs_kbx_prod(x[0], y[2]) + hs_kbx_prod(x[1], y[1]) + hs_kbx_prod(x[2], y[0]));
    d[3] = hs_kbx_csub(hs_kbx_prod(x[0], y[3]) + hs_kbx_prod(x[1], y[2]) + hs_kbx_prod(x[2], y[1]) +
                       hs_kbx_prod(x[3], y[0]));
    /* five products: four, fold, then the fifth */
    d[4] = hs_kbx_csub(hs_kbx_prod(x[0], y[4]) + hs_kbx_prod(x[1], y[3]) + hs_kbx_prod(x[2], y[2]) +
                       hs_kbx_prod(x[3], y[1]));
    d[4] = hs_kbx_csub(d[4] + hs_kbx_prod(x[4], y[0]));
    d[5] = hs_kbx_csub(hs_kbx_prod(x[1], y[4]) + hs_kbx_prod(x[2], y[3]) + hs_kbx_prod(x[3], y[2]) +
                       hs_kbx_prod(x[4], y[1]));
    d[6] = hs_kbx_csub(hs_kbx_prod(x[2], y[4]) + hs_kbx_prod(x[3], y[3]) + hs_kbx_prod(x[4], y[2]));
    d[7] = hs_kbx_prod(x[3], y[4]) + hs_kbx_prod(x[4], y[3]);
    d[8] = hs_kbx_prod(x[4], y[4]);
    return hs_kbx_reduce5(d);
}

static inline hs_kb5 hs_kb5_square(hs_kb5 a) {
    const hs_kb *x = a.c;
    hs_kb e[5]; /* 2 x[i] */
    for (int i = 0; i < 5; i++) e[i] = hs_kb_double(x[i]);
    uint64_t d[9];
    d[0] = hs_kbx_prod(x[0], x[0]);
    d[1] = hs_kbx_prod(x[0], e[1]);
    d[2] = hs_kbx_prod(x[0], e[2]) + hs_kbx_prod(x[1], x[1]);
    d[3] = hs_kbx_prod(x[0], e[3]) + hs_kbx_prod(x[1], e[2]);
    d[4] = hs_kbx_csub(hs_kbx_prod(x[0], e[4]) + hs_kbx_prod(x[1], e[3]) + hs_kbx_prod(x[2], x[2]));
    d[5] = hs_kbx_prod(x[1], e[4]) + hs_kbx_prod(x[2], e[3]);
    d[6] = hs_kbx_prod(x[2], e[4]) + hs_kbx_prod(x[3], x[3]);
    d[7] = hs_kbx_prod(x[3], e[4]);
    d[8] = hs_kbx_prod(x[4], x[4]);
    return hs_kbx_reduce5(d);
}

static inline int hs_kb5_eq(hs_kb5 a, hs_kb5 b) {
    return a.c[0] == b.c[0] && a.c[1] == b.c[1] && a.c[2] == b.c[2] && a.c[3] == b.c[3] && a.c[4] == b.c[4];
}
static inline int hs_kb5_is_zero(hs_kb5 a) { return (a.c[0] | a.c[1] | a.c[2] | a.c[3] | a.c[4]) == 0; }

/* ---- degree 8: X^8 = 3 ---- */

static inline hs_kb8 hs_kb8_zero(void) { return (hs_kb8){{0}}; }
static inline hs_kb8 hs_kb8_one(void) { return (hs_kb8){{HS_KB_ONE}}; }
static inline hs_kb8 hs_kb8_from_base(hs_kb a) { return (hs_kb8){{a}}; }

static inline hs_kb8 hs_kb8_add(hs_kb8 a, hs_kb8 b) {
    for (int i = 0; i < 8; i++) a.c[i] = hs_kb_add(a.c[i], b.c[i]);
    return a;
}
static inline hs_kb8 hs_kb8_sub(hs_kb8 a, hs_kb8 b) {
    for (int i = 0; i < 8; i++) a.c[i] = hs_kb_sub(a.c[i], b.c[i]);
    return a;
}
static inline hs_kb8 hs_kb8_neg(hs_kb8 a) {
    for (int i = 0; i < 8; i++) a.c[i] = hs_kb_neg(a.c[i]);
    return a;
}
static inline hs_kb8 hs_kb8_mul_base(hs_kb8 a, hs_kb s) {
    for (int i = 0; i < 8; i++) a.c[i] = hs_kb_mul(a.c[i], s);
    return a;
}

/* c_k = sum_{i<=k} a_i b_{k-i} + sum_{i>k} a_i (3 b_{k+8-i}) = sum_i a_i w[7 + k - i] with
 * w = (3b_1, ..., 3b_7, b_0, ..., b_7): a plain convolution, no branches. Eight products per
 * coefficient, summed as two lazy groups of four. */
static inline hs_kb8 hs_kb8_mul(hs_kb8 a, hs_kb8 b) {
    hs_kb w[15];
    for (int j = 0; j < 7; j++) w[j] = hs_kbx_triple(b.c[j + 1]);
    for (int j = 0; j < 8; j++) w[7 + j] = b.c[j];
    hs_kb8 r;
    for (int k = 0; k < 8; k++) {
        const hs_kb *v = w + 7 + k;
        uint64_t lo = hs_kbx_prod(a.c[0], v[0]) + hs_kbx_prod(a.c[1], v[-1]) + hs_kbx_prod(a.c[2], v[-2]) +
                      hs_kbx_prod(a.c[3], v[-3]);
        uint64_t hi = hs_kbx_prod(a.c[4], v[-4]) + hs_kbx_prod(a.c[5], v[-5]) + hs_kbx_prod(a.c[6], v[-6]) +
                      hs_kbx_prod(a.c[7], v[-7]);
        r.c[k] = hs_kb_redc(hs_kbx_ladd(hs_kbx_csub(lo), hs_kbx_csub(hi)));
    }
    return r;
}

/* c_k = sum_{i<=j, i+j=k} m a_i a_j + sum_{i<=j, i+j=k+8} 3m a_i a_j, m = 1 on the diagonal and
 * 2 off it: 36 products instead of 64. Each line is at most four products then one more. */
static inline hs_kb8 hs_kb8_square(hs_kb8 a) {
    const hs_kb *x = a.c;
    hs_kb e[8], t[8], s[8]; /* 2x, 3x, 6x (only the entries used below) */
    for (int i = 1; i < 8; i++) e[i] = hs_kb_double(x[i]);
    for (int i = 4; i < 8; i++) t[i] = hs_kbx_triple(x[i]);
    for (int i = 5; i < 8; i++) s[i] = hs_kb_double(t[i]);
#define HS_KBX_P_(i, y) hs_kbx_prod(x[i], y)
    uint64_t c0 = hs_kbx_csub(HS_KBX_P_(0, x[0]) + HS_KBX_P_(1, s[7]) + HS_KBX_P_(2, s[6]) + HS_KBX_P_(3, s[5]));
    c0 = hs_kbx_csub(c0 + HS_KBX_P_(4, t[4]));
    uint64_t c1 = hs_kbx_csub(HS_KBX_P_(0, e[1]) + HS_KBX_P_(2, s[7]) + HS_KBX_P_(3, s[6]) + HS_KBX_P_(4, s[5]));
    uint64_t c2 = hs_kbx_csub(HS_KBX_P_(0, e[2]) + HS_KBX_P_(1, x[1]) + HS_KBX_P_(3, s[7]) + HS_KBX_P_(4, s[6]));
    c2 = hs_kbx_csub(c2 + HS_KBX_P_(5, t[5]));
    uint64_t c3 = hs_kbx_csub(HS_KBX_P_(0, e[3]) + HS_KBX_P_(1, e[2]) + HS_KBX_P_(4, s[7]) + HS_KBX_P_(5, s[6]));
    uint64_t c4 = hs_kbx_csub(HS_KBX_P_(0, e[4]) + HS_KBX_P_(1, e[3]) + HS_KBX_P_(2, x[2]) + HS_KBX_P_(5, s[7]));
    c4 = hs_kbx_csub(c4 + HS_KBX_P_(6, t[6]));
    uint64_t c5 = hs_kbx_csub(HS_KBX_P_(0, e[5]) + HS_KBX_P_(1, e[4]) + HS_KBX_P_(2, e[3]) + HS_KBX_P_(6, s[7]));
    uint64_t c6 = hs_kbx_csub(HS_KBX_P_(0, e[6]) + HS_KBX_P_(1, e[5]) + HS_KBX_P_(2, e[4]) + HS_KBX_P_(3, x[3]));
    c6 = hs_kbx_csub(c6 + HS_KBX_P_(7, t[7]));
    uint64_t c7 = hs_kbx_csub(HS_KBX_P_(0, e[7]) + HS_KBX_P_(1, e[6]) + HS_KBX_P_(2, e[5]) + HS_KBX_P_(3, e[4]));
#undef HS_KBX_P_
    return (hs_kb8){{hs_kb_redc(c0), hs_kb_redc(c1), hs_kb_redc(c2), hs_kb_redc(c3), hs_kb_redc(c4),
                     hs_kb_redc(c5), hs_kb_redc(c6), hs_kb_redc(c7)}};
}

static inline int hs_kb8_eq(hs_kb8 a, hs_kb8 b) {
    uint32_t d = 0;
    for (int i = 0; i < 8; i++) d |= a.c[i] ^ b.c[i];
    return d == 0;
}
static inline int hs_kb8_is_zero(hs_kb8 a) {
    uint32_t d = 0;
    for (int i = 0; i < 8; i++) d |= a.c[i];
    return d == 0;
}

/* ---- out-of-line operations (kb_ext.c) ---- */

/* a^e by square-and-multiply; a^0 = 1 (also for a = 0). */
hs_kb4 hs_kb4_exp(hs_kb4 a, uint64_t e);
hs_kb5 hs_kb5_exp(hs_kb5 a, uint64_t e);
hs_kb8 hs_kb8_exp(hs_kb8 a, uint64_t e);

/* Multiplicative inverse; inv(0) = 0. */
hs_kb4 hs_kb4_inv(hs_kb4 a);
hs_kb5 hs_kb5_inv(hs_kb5 a);
hs_kb8 hs_kb8_inv(hs_kb8 a);

/* out[i] = 1/in[i] with zeros mapped to zero; one inversion for the whole batch (Montgomery's
 * trick). in and out must not overlap. */
void hs_kb4_batch_inv(hs_kb4 *restrict out, const hs_kb4 *restrict in, size_t n);
void hs_kb5_batch_inv(hs_kb5 *restrict out, const hs_kb5 *restrict in, size_t n);
void hs_kb8_batch_inv(hs_kb8 *restrict out, const hs_kb8 *restrict in, size_t n);

/* From N canonical integers c[0..N-1] (coefficient of X^i first), e.g. N values sampled below p
 * from a transcript. Every value is reduced mod p; returns 1 if all were canonical (< p), 0
 * otherwise, so a deserializer can reject non-canonical encodings. */
int hs_kb4_from_u32s(hs_kb4 *out, const uint32_t *c);
int hs_kb5_from_u32s(hs_kb5 *out, const uint32_t *c);
int hs_kb8_from_u32s(hs_kb8 *out, const uint32_t *c);
/* N canonical integers in [0, p), coefficient of X^i first. */
void hs_kb4_to_u32s(uint32_t *out, hs_kb4 x);
void hs_kb5_to_u32s(uint32_t *out, hs_kb5 x);
void hs_kb8_to_u32s(uint32_t *out, hs_kb8 x);

#endif
