/* Helpers for AIR constraint evaluators (air.h): the accumulators of the three instantiations of
 * one constraint source. An AIR writes its constraints once, in a .inc file over an element type T
 * and a few macros, and includes it three times:
 *   prover, one base-field row:   T = hs_kb,   accumulate with hs_air_acc_base (lazy, 64-bit)
 *   prover, 8 rows in AVX2 lanes: T = __m256i, accumulate with hs_air_acc8 (air_eval_avx2.h)
 *   (and 16 rows in AVX-512 lanes: T = __m512i, hs_air_acc16 in air_eval_avx512.h; every AIR's
 *   <air>_air_vec.inc serves both widths through air_vec8.h and air_vec16.h)
 *   verifier:                     T = hs_kbe,  accumulate with hs_air_acc_ext
 * Each accumulator adds pow[k] * c for constraint k with value c; pow[k * d + t] holds the base
 * coordinates of alpha^k (hs_air_alpha_powers). */
#ifndef HS_AIR_AIR_EVAL_H
#define HS_AIR_AIR_EVAL_H

#include <string.h>

#include "air/air.h"

/* ---- base-field rows: d coordinates lazily in 64 bits ---- */

typedef struct {
    unsigned d;
    const hs_kb *pow;
    uint64_t acc[HS_KBE_MAX];
} hs_air_acc_base;

/* Each accumulator stays below M = p * 2^32, the bound REDC needs; a product is < p^2 < 2^62. */
#define HS_AIR_ACC_M ((uint64_t)HS_KB_P << 32)

static inline void hs_air_acc_base_init(hs_air_acc_base *b, unsigned d, const hs_kb *pow) {
    memset(b, 0, sizeof *b);
    b->d = d;
    b->pow = pow;
}
static inline void hs_air_acc_base_emit(hs_air_acc_base *b, size_t k, hs_kb c) {
    const hs_kb *a = b->pow + k * b->d;
    for (unsigned t = 0; t < b->d; t++) {
        uint64_t x = b->acc[t] + (uint64_t)a[t] * c;
        b->acc[t] = x >= HS_AIR_ACC_M ? x - HS_AIR_ACC_M : x;
    }
}
static inline hs_kbe hs_air_acc_base_finish(const hs_air_acc_base *b) {
    hs_kbe r = hs_kbe_zero();
    for (unsigned t = 0; t < b->d; t++) r.c[t] = hs_kb_redc(b->acc[t]);
    return r;
}

/* ---- challenge-field values (the verifier) ---- */

typedef struct {
    unsigned d;
    const hs_kb *pow;
    hs_kbe acc;
} hs_air_acc_ext;

static inline void hs_air_acc_ext_init(hs_air_acc_ext *e, unsigned d, const hs_kb *pow) {
    e->d = d;
    e->pow = pow;
    e->acc = hs_kbe_zero();
}
/* x^3 at the accumulator's degree (the S-box of the Poseidon AIRs) */
static inline hs_kbe hs_air_acc_ext_cube(const hs_air_acc_ext *e, hs_kbe x) {
    return hs_kbe_mul(e->d, hs_kbe_square(e->d, x), x);
}
static inline void hs_air_acc_ext_emit(hs_air_acc_ext *e, size_t k, hs_kbe c) {
    hs_kbe a = hs_kbe_zero();
    memcpy(a.c, e->pow + k * e->d, e->d * sizeof *a.c);
    e->acc = hs_kbe_add(e->acc, hs_kbe_mul(e->d, a, c));
}

#endif
