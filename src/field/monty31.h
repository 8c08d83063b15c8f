/* Arithmetic shared by the 31-bit prime fields of the form p = 1 + (2^m - 1) * 2^s in 32-bit
 * Montgomery form (R = 2^32): KoalaBear (m = 7, s = 24) and BabyBear (m = 4, s = 27).
 * The functions take the field's constants as arguments; the per-field headers (kb.h, bb.h)
 * pass compile-time constants, so the compiler folds them. An element holds x*R mod p in [0, p). */
#ifndef HS_FIELD_MONTY31_H
#define HS_FIELD_MONTY31_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *name;
    uint32_t p;           /* modulus */
    uint32_t mu;          /* p^-1 mod 2^32 */
    uint32_t r2;          /* R^2 mod p */
    uint32_t one;         /* R mod p: 1 in Montgomery form */
    unsigned two_adicity; /* s */
    unsigned m;           /* p - 1 = (2^m - 1) * 2^s */
    uint32_t generator;   /* of the multiplicative group, canonical */
} hs_mt_field;

extern const hs_mt_field hs_mt_koalabear, hs_mt_babybear;

/* REDC: t < p * 2^32  ->  t * 2^-32 mod p, in [0, p). */
static inline uint32_t hs_mt_redc(uint64_t t, uint32_t p, uint32_t mu) {
    uint32_t q = (uint32_t)t * mu;
    uint64_t qp = (uint64_t)q * p;
    uint32_t hi = (uint32_t)(t >> 32), qhi = (uint32_t)(qp >> 32);
    uint32_t d = hi - qhi;
    return hi < qhi ? d + p : d;
}
static inline uint32_t hs_mt_add(uint32_t a, uint32_t b, uint32_t p) {
    uint32_t s = a + b;
    return s >= p ? s - p : s;
}
static inline uint32_t hs_mt_sub(uint32_t a, uint32_t b, uint32_t p) {
    uint32_t d = a - b;
    return a < b ? d + p : d;
}
static inline uint32_t hs_mt_neg(uint32_t a, uint32_t p) { return a ? p - a : 0; }
static inline uint32_t hs_mt_halve(uint32_t a, uint32_t p) { return (a & 1) ? (a >> 1) + ((p + 1) >> 1) : a >> 1; }
static inline uint32_t hs_mt_mul(uint32_t a, uint32_t b, uint32_t p, uint32_t mu) {
    return hs_mt_redc((uint64_t)a * b, p, mu);
}

/* Not hot: through the descriptor. */
uint32_t hs_mt_exp(const hs_mt_field *f, uint32_t a, uint64_t e);
uint32_t hs_mt_inv(const hs_mt_field *f, uint32_t a); /* 0 -> 0 */
uint32_t hs_mt_two_adic_root(const hs_mt_field *f, unsigned log_n); /* 0 if log_n > s */
void hs_mt_batch_inv(const hs_mt_field *f, uint32_t *restrict out, const uint32_t *restrict in, size_t n);

/* Defines the per-field API (T = type name, also the function prefix): T_add, T_sub, T_neg,
 * T_double, T_halve, T_mul, T_square, T_cube, T_from_u32 (canonical < p in), T_to_u32
 * (canonical out), T_from_u64 (any value, reduced), T_zero, T_one, T_is_zero, T_exp, T_inv
 * (0 -> 0), T_two_adic_root (0 when too large), T_batch_inv (no overlap; zeros stay zero). */
#define HS_MT_DEFINE_FIELD(T, P, MU, R2, ONE, FIELD)                                                      \
    typedef uint32_t T;                                                                                  \
    static inline T T##_redc(uint64_t t) { return hs_mt_redc(t, P, MU); }                                \
    static inline T T##_add(T a, T b) { return hs_mt_add(a, b, P); }                                     \
    static inline T T##_sub(T a, T b) { return hs_mt_sub(a, b, P); }                                     \
    static inline T T##_neg(T a) { return hs_mt_neg(a, P); }                                             \
    static inline T T##_double(T a) { return hs_mt_add(a, a, P); }                                       \
    static inline T T##_halve(T a) { return hs_mt_halve(a, P); }                                         \
    static inline T T##_mul(T a, T b) { return hs_mt_mul(a, b, P, MU); }                                 \
    static inline T T##_square(T a) { return hs_mt_mul(a, a, P, MU); }                                   \
    static inline T T##_cube(T a) { return hs_mt_mul(hs_mt_mul(a, a, P, MU), a, P, MU); }                \
    static inline T T##_from_u32(uint32_t x) { return hs_mt_mul(x, R2, P, MU); }                         \
    static inline uint32_t T##_to_u32(T a) { return hs_mt_redc(a, P, MU); }                              \
    static inline T T##_from_u64(uint64_t x) { return T##_from_u32((uint32_t)(x % (P))); }               \
    static inline T T##_zero(void) { return 0; }                                                         \
    static inline T T##_one(void) { return ONE; }                                                        \
    static inline int T##_is_zero(T a) { return a == 0; }                                                \
    static inline T T##_exp(T a, uint64_t e) { return hs_mt_exp(FIELD, a, e); }                          \
    static inline T T##_inv(T a) { return hs_mt_inv(FIELD, a); }                                         \
    static inline T T##_two_adic_root(unsigned log_n) { return hs_mt_two_adic_root(FIELD, log_n); }      \
    static inline void T##_batch_inv(T *restrict out, const T *restrict in, size_t n) {                  \
        hs_mt_batch_inv(FIELD, out, in, n);                                                              \
    }

#endif
