/* Mersenne31 field p = 2^31 - 1, scalar arithmetic on canonical values.
 *
 * An hs_m31 is the canonical integer in [0, p) (no Montgomery form: 2^31 = 1 mod p makes plain
 * reduction cheap). Every function takes and returns canonical values; hs_m31_from_u32 and
 * hs_m31_from_u64 reduce arbitrary integers. */
#ifndef HS_FIELD_M31_H
#define HS_FIELD_M31_H

#include <stdint.h>

typedef uint32_t hs_m31;

#define HS_M31_P 0x7fffffffu /* 2147483647 */
#define HS_M31_BITS 31

/* x < 2^32 -> x mod p. x = hi*2^31 + lo = hi + lo (mod p) with hi <= 1, so one fold leaves
 * a value <= p, and only x = p (or 2p) then needs the final subtraction. */
static inline hs_m31 hs_m31_from_u32(uint32_t x) {
    uint32_t r = (x & HS_M31_P) + (x >> 31);
    return r >= HS_M31_P ? r - HS_M31_P : r;
}
/* Any uint64 -> canonical: fold 31 bits at a time (2^31 = 1). */
static inline hs_m31 hs_m31_from_u64(uint64_t x) {
    uint64_t t = (x & HS_M31_P) + (x >> 31); /* < 2^31 + 2^33 */
    t = (t & HS_M31_P) + (t >> 31);          /* < 2^31 + 8 */
    return hs_m31_from_u32((uint32_t)t);
}
static inline uint32_t hs_m31_to_u32(hs_m31 a) { return a; }

static inline hs_m31 hs_m31_add(hs_m31 a, hs_m31 b) {
    uint32_t s = a + b; /* < 2p < 2^32 */
    return s >= HS_M31_P ? s - HS_M31_P : s;
}
static inline hs_m31 hs_m31_sub(hs_m31 a, hs_m31 b) {
    uint32_t d = a - b;
    return a < b ? d + HS_M31_P : d;
}
static inline hs_m31 hs_m31_neg(hs_m31 a) { return a ? HS_M31_P - a : 0; }
static inline hs_m31 hs_m31_double(hs_m31 a) { return hs_m31_add(a, a); }
/* a/2: an odd a becomes (a + p)/2 = (a >> 1) + 2^30. */
static inline hs_m31 hs_m31_halve(hs_m31 a) { return (a >> 1) + ((a & 1) << 30); }

/* t <= (p-1)^2 (a product of canonical values) -> t mod p: t = hi*2^31 + lo = hi + lo with
 * lo <= p and hi <= 2^31 - 4, so lo + hi < 2p and one conditional subtraction suffices. */
static inline hs_m31 hs_m31_reduce62(uint64_t t) {
    uint32_t r = (uint32_t)(t & HS_M31_P) + (uint32_t)(t >> 31);
    return r >= HS_M31_P ? r - HS_M31_P : r;
}
static inline hs_m31 hs_m31_mul(hs_m31 a, hs_m31 b) { return hs_m31_reduce62((uint64_t)a * b); }
static inline hs_m31 hs_m31_square(hs_m31 a) { return hs_m31_mul(a, a); }
static inline hs_m31 hs_m31_pow5(hs_m31 a) {
    hs_m31 a2 = hs_m31_square(a);
    return hs_m31_mul(hs_m31_square(a2), a);
}
/* a * 2^k for 0 <= k <= 30: a 31-bit rotation left by k (2^31 = 1). A rotation of a canonical
 * value (not all ones) is never all ones, so the result stays canonical. */
static inline hs_m31 hs_m31_mul_2exp(hs_m31 a, unsigned k) {
    return ((a << k) | (a >> (31 - k))) & HS_M31_P;
}

static inline hs_m31 hs_m31_zero(void) { return 0; }
static inline hs_m31 hs_m31_one(void) { return 1; }
static inline int hs_m31_is_zero(hs_m31 a) { return a == 0; }

static inline hs_m31 hs_m31_exp(hs_m31 a, uint64_t e) {
    hs_m31 r = 1;
    while (e) {
        if (e & 1) r = hs_m31_mul(r, a);
        a = hs_m31_square(a);
        e >>= 1;
    }
    return r;
}
/* Inverse by Fermat; hs_m31_inv(0) = 0. */
static inline hs_m31 hs_m31_inv(hs_m31 a) { return hs_m31_exp(a, HS_M31_P - 2); }

#endif
