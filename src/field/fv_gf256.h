/* Field vocabulary (fv_kb5.h lists the names) of GF(2^256) = GF(2^128)[Y]/(Y^2 + Y + X^121)
 * (hs_gf256, gf2_128.h): the challenge field of 128-bit claims over binary data (docs/PCS.md,
 * "Challenges in GF(2^256)"). Base field GF(2): lift(b) is 0 or 1 from bit 0 of b. Nodes: node(k)
 * is the element of GF(2^128) with the bits of k (k < 2^64), embedded as c[0]: the same F2-subspace
 * prefix as GF(2^128)'s vocabulary (fv_gf128.h); sub is add. */
#ifndef HS_FIELD_FV_GF256_H
#define HS_FIELD_FV_GF256_H

#include "field/field_desc.h"
#include "field/gf2_128.h"

typedef hs_gf256 hs_fv_gf256_t;
typedef unsigned hs_fv_gf256_base;
#define hs_fv_gf256_char2 1
#define hs_fv_gf256_desc (&hs_field_gf2_256)

#define hs_fv_gf256_zero hs_gf256_zero
#define hs_fv_gf256_one hs_gf256_one
#define hs_fv_gf256_add hs_gf256_add
#define hs_fv_gf256_sub hs_gf256_add
#define hs_fv_gf256_mul hs_gf256_mul
#define hs_fv_gf256_inv hs_gf256_inv
#define hs_fv_gf256_eq hs_gf256_eq
static inline int hs_fv_gf256_is_zero(hs_gf256 a) { return hs_gf128_is_zero(a.c[0]) && hs_gf128_is_zero(a.c[1]); }
static inline hs_gf256 hs_fv_gf256_lift(unsigned b) { return hs_gf256_from_base((hs_gf128){b & 1u, 0}); }
static inline hs_gf256 hs_fv_gf256_node(unsigned k) { return hs_gf256_from_base((hs_gf128){k, 0}); }

#endif
