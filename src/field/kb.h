/* KoalaBear field p = 2^31 - 2^24 + 1, scalar arithmetic in 32-bit Montgomery form (R = 2^32).
 *
 * An hs_kb holds x*R mod p in [0, p). Canonical integers enter through hs_kb_from_u32 and leave
 * through hs_kb_to_u32; nothing else should look at the raw representation. */
#ifndef HS_FIELD_KB_H
#define HS_FIELD_KB_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t hs_kb;

#define HS_KB_P 0x7f000001u          /* 2130706433 */
#define HS_KB_MU 0x81000001u         /* p^-1 mod 2^32 */
#define HS_KB_R2 0x17f7efe4u         /* R^2 mod p, to enter Montgomery form */
#define HS_KB_ONE 0x01fffffeu        /* R mod p */
#define HS_KB_TWO_ADICITY 24
#define HS_KB_GENERATOR 3u           /* multiplicative generator (canonical) */

/* REDC: t < p * 2^32  ->  t * 2^-32 mod p, in [0, p). */
static inline hs_kb hs_kb_redc(uint64_t t) {
    uint32_t q = (uint32_t)t * HS_KB_MU;
    uint64_t qp = (uint64_t)q * HS_KB_P;
    uint32_t hi = (uint32_t)(t >> 32), qhi = (uint32_t)(qp >> 32);
    uint32_t d = hi - qhi;
    return hi < qhi ? d + HS_KB_P : d;
}

static inline hs_kb hs_kb_add(hs_kb a, hs_kb b) {
    uint32_t s = a + b;
    return s >= HS_KB_P ? s - HS_KB_P : s;
}
static inline hs_kb hs_kb_sub(hs_kb a, hs_kb b) {
    uint32_t d = a - b;
    return a < b ? d + HS_KB_P : d;
}
static inline hs_kb hs_kb_neg(hs_kb a) { return a ? HS_KB_P - a : 0; }
static inline hs_kb hs_kb_double(hs_kb a) { return hs_kb_add(a, a); }
static inline hs_kb hs_kb_halve(hs_kb a) { return (a & 1) ? (a >> 1) + ((HS_KB_P + 1) >> 1) : a >> 1; }
static inline hs_kb hs_kb_mul(hs_kb a, hs_kb b) { return hs_kb_redc((uint64_t)a * b); }
static inline hs_kb hs_kb_square(hs_kb a) { return hs_kb_mul(a, a); }
static inline hs_kb hs_kb_cube(hs_kb a) { return hs_kb_mul(hs_kb_mul(a, a), a); }

/* Canonical u32 (must be < p) to Montgomery form and back. */
static inline hs_kb hs_kb_from_u32(uint32_t x) { return hs_kb_mul(x, HS_KB_R2); }
static inline uint32_t hs_kb_to_u32(hs_kb a) { return hs_kb_redc(a); }
/* Any u64 reduced mod p, to Montgomery form. */
static inline hs_kb hs_kb_from_u64(uint64_t x) { return hs_kb_from_u32((uint32_t)(x % HS_KB_P)); }

static inline hs_kb hs_kb_zero(void) { return 0; }
static inline hs_kb hs_kb_one(void) { return HS_KB_ONE; }
static inline int hs_kb_is_zero(hs_kb a) { return a == 0; }

hs_kb hs_kb_exp(hs_kb a, uint64_t e);
/* Inverse by Fermat; hs_kb_inv(0) = 0. */
hs_kb hs_kb_inv(hs_kb a);
/* Generator of the subgroup of order 2^log_n (log_n <= 24). */
hs_kb hs_kb_two_adic_root(unsigned log_n);
/* out[i] = 1/in[i]; zeros map to zero; in and out must not overlap. Montgomery's trick: one inversion. */
void hs_kb_batch_inv(hs_kb *restrict out, const hs_kb *restrict in, size_t n);

#endif
