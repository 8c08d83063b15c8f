/* Field vocabulary (fv_kb5.h lists the names) of GF(2^128) in the flat GHASH basis (hs_gf128,
 * gf2_128.h). Base field GF(2): lift(b) is 0 or 1 from bit 0 of b. Nodes: bit i of k is the
 * coefficient of X^i, so node(k) for k < 2^64 is {k, 0}; sub is add. */
#ifndef HS_FIELD_FV_GF128_H
#define HS_FIELD_FV_GF128_H

#include "field/field_desc.h"
#include "field/gf2_128.h"

typedef hs_gf128 hs_fv_gf128_t;
typedef unsigned hs_fv_gf128_base;
#define hs_fv_gf128_char2 1
#define hs_fv_gf128_desc (&hs_field_gf2_128)

#define hs_fv_gf128_zero hs_gf128_zero
#define hs_fv_gf128_one hs_gf128_one
#define hs_fv_gf128_add hs_gf128_add
#define hs_fv_gf128_sub hs_gf128_add
#define hs_fv_gf128_mul hs_gf128_mul
#define hs_fv_gf128_inv hs_gf128_inv
#define hs_fv_gf128_is_zero hs_gf128_is_zero
#define hs_fv_gf128_eq hs_gf128_eq
static inline hs_gf128 hs_fv_gf128_lift(unsigned b) { return (hs_gf128){b & 1u, 0}; }
static inline hs_gf128 hs_fv_gf128_node(unsigned k) { return (hs_gf128){k, 0}; }

#endif
