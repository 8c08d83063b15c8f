/* KoalaBear challenge-field elements whose degree (4, 5 or 8; see kb_ext.h) is chosen at run
 * time by the security preset. An hs_kbe holds up to 8 Montgomery coefficients; coefficients at
 * and above the degree are zero, so addition, subtraction and scaling by the base field act on all
 * 8 without looking at the degree. Multiplication and inversion dispatch to kb_ext.h. */
#ifndef HS_FIELD_KBE_H
#define HS_FIELD_KBE_H

#include <string.h>

#include "field/kb_ext.h"

#define HS_KBE_MAX 8

typedef struct {
    hs_kb c[HS_KBE_MAX];
} hs_kbe;

static inline int hs_kbe_degree_ok(unsigned d) { return d == 4 || d == 5 || d == 8; }

static inline hs_kbe hs_kbe_zero(void) { return (hs_kbe){{0}}; }
static inline hs_kbe hs_kbe_from_base(hs_kb a) { return (hs_kbe){{a}}; }
static inline hs_kbe hs_kbe_one(void) { return hs_kbe_from_base(HS_KB_ONE); }

static inline hs_kbe hs_kbe_add(hs_kbe a, hs_kbe b) {
    for (int i = 0; i < HS_KBE_MAX; i++) a.c[i] = hs_kb_add(a.c[i], b.c[i]);
    return a;
}
static inline hs_kbe hs_kbe_sub(hs_kbe a, hs_kbe b) {
    for (int i = 0; i < HS_KBE_MAX; i++) a.c[i] = hs_kb_sub(a.c[i], b.c[i]);
    return a;
}
static inline hs_kbe hs_kbe_neg(hs_kbe a) {
    for (int i = 0; i < HS_KBE_MAX; i++) a.c[i] = hs_kb_neg(a.c[i]);
    return a;
}
static inline hs_kbe hs_kbe_mul_base(hs_kbe a, hs_kb s) {
    for (int i = 0; i < HS_KBE_MAX; i++) a.c[i] = hs_kb_mul(a.c[i], s);
    return a;
}
static inline hs_kbe hs_kbe_add_base(hs_kbe a, hs_kb s) {
    a.c[0] = hs_kb_add(a.c[0], s);
    return a;
}
static inline int hs_kbe_eq(hs_kbe a, hs_kbe b) { return !memcmp(&a, &b, sizeof a); }
static inline int hs_kbe_is_zero(hs_kbe a) { return hs_kbe_eq(a, hs_kbe_zero()); }

static inline hs_kbe hs_kbe_mul(unsigned d, hs_kbe a, hs_kbe b) {
    hs_kbe r = hs_kbe_zero();
    if (d == 4) {
        hs_kb4 x, y, z;
        memcpy(x.c, a.c, sizeof x.c), memcpy(y.c, b.c, sizeof y.c);
        z = hs_kb4_mul(x, y);
        memcpy(r.c, z.c, sizeof z.c);
    } else if (d == 5) {
        hs_kb5 x, y, z;
        memcpy(x.c, a.c, sizeof x.c), memcpy(y.c, b.c, sizeof y.c);
        z = hs_kb5_mul(x, y);
        memcpy(r.c, z.c, sizeof z.c);
    } else {
        hs_kb8 x, y, z;
        memcpy(x.c, a.c, sizeof x.c), memcpy(y.c, b.c, sizeof y.c);
        z = hs_kb8_mul(x, y);
        memcpy(r.c, z.c, sizeof z.c);
    }
    return r;
}
static inline hs_kbe hs_kbe_square(unsigned d, hs_kbe a) { return hs_kbe_mul(d, a, a); }

/* 0 -> 0. */
hs_kbe hs_kbe_inv(unsigned d, hs_kbe a);
hs_kbe hs_kbe_exp(unsigned d, hs_kbe a, uint64_t e);
/* out[i] = 1/in[i] (zeros stay zero); no overlap. One inversion for the batch. */
void hs_kbe_batch_inv(unsigned d, hs_kbe *restrict out, const hs_kbe *restrict in, size_t n);
/* The Lagrange basis of H = <w>, |H| = 2^log_n, w = hs_kb_two_adic_root(log_n), at z outside H:
 * out[i] = L_i(z) = (z^n - 1) / n * w^i / (z - w^i), so that p(z) = sum_i p(w^i) out[i] for every
 * p of degree < n. 0 on out of memory. */
int hs_kbe_lagrange_at(unsigned d, hs_kbe z, unsigned log_n, hs_kbe *out);
/* Canonical coefficients, d of them: from (0 if any is >= p) and to. */
int hs_kbe_from_u32s(unsigned d, hs_kbe *out, const uint32_t *c);
void hs_kbe_to_u32s(unsigned d, uint32_t *out, hs_kbe a);

#endif
