/* Field vocabulary of K = F_p^5 over KoalaBear (hs_kb5, kb_ext.h) for the field-generic .inc bodies
 * (src/sumcheck/scg_body.inc): every vocabulary header defines the same names under its own prefix
 * hs_fv_<field>_, and a body reads them through FV(op) = hs_fv_<field>_##op:
 *   t, base        element type and base-field type
 *   zero() one() add sub mul inv(a) (a != 0) is_zero eq
 *   lift(b)        base to K
 *   node(k)        the k-th interpolation node of a round polynomial: the integer k in odd
 *                  characteristic; in characteristic 2 the element whose coordinates in the
 *                  field's basis are the bits of k (0, 1, x, x + 1, ...), an F2-subspace prefix
 *   char2          1 in characteristic 2 (round polynomials then also use the point at infinity)
 *   desc           the runtime descriptor (field_desc.h): bytes, transcript sampling
 * Adding a field: copy one of these headers, then the few-line instantiation file of each body. */
#ifndef HS_FIELD_FV_KB5_H
#define HS_FIELD_FV_KB5_H

#include "field/field_desc.h"
#include "field/kb_ext.h"

typedef hs_kb5 hs_fv_kb5_t;
typedef hs_kb hs_fv_kb5_base;
#define hs_fv_kb5_char2 0
#define hs_fv_kb5_desc (&hs_field_kb5)

#define hs_fv_kb5_zero hs_kb5_zero
#define hs_fv_kb5_one hs_kb5_one
#define hs_fv_kb5_add hs_kb5_add
#define hs_fv_kb5_sub hs_kb5_sub
#define hs_fv_kb5_mul hs_kb5_mul
#define hs_fv_kb5_inv hs_kb5_inv
#define hs_fv_kb5_is_zero hs_kb5_is_zero
#define hs_fv_kb5_eq hs_kb5_eq
#define hs_fv_kb5_lift hs_kb5_from_base
static inline hs_kb5 hs_fv_kb5_node(unsigned k) { return hs_kb5_from_base(hs_kb_from_u32(k)); }

#endif
