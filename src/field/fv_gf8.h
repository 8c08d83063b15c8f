/* Field vocabulary (fv_kb5.h lists the names) of GF(2^8) with the AES polynomial (gf2_8.h), one
 * byte an element, bit i the coefficient of x^i: small enough to enumerate, so the exhaustive
 * tests of the generic sumcheck run over it. Base field GF(2); node(k) is the byte k (k < 256). */
#ifndef HS_FIELD_FV_GF8_H
#define HS_FIELD_FV_GF8_H

#include "field/field_desc.h"
#include "field/gf2_8.h"

typedef uint8_t hs_fv_gf8_t;
typedef unsigned hs_fv_gf8_base;
#define hs_fv_gf8_char2 1
#define hs_fv_gf8_desc (&hs_field_gf2_8)

static inline uint8_t hs_fv_gf8_zero(void) { return 0; }
static inline uint8_t hs_fv_gf8_one(void) { return 1; }
static inline uint8_t hs_fv_gf8_add(uint8_t a, uint8_t b) { return (uint8_t)(a ^ b); }
static inline uint8_t hs_fv_gf8_sub(uint8_t a, uint8_t b) { return (uint8_t)(a ^ b); }
static inline uint8_t hs_fv_gf8_mul(uint8_t a, uint8_t b) { return hs_gf8_mul(a, b); }
static inline uint8_t hs_fv_gf8_inv(uint8_t a) { return hs_gf8_inv(a); }
static inline int hs_fv_gf8_is_zero(uint8_t a) { return a == 0; }
static inline int hs_fv_gf8_eq(uint8_t a, uint8_t b) { return a == b; }
static inline uint8_t hs_fv_gf8_lift(unsigned b) { return (uint8_t)(b & 1u); }
static inline uint8_t hs_fv_gf8_node(unsigned k) { return (uint8_t)k; }

#endif
