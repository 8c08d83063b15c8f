/* The generic sumcheck (scg.h) over GF(2^128) (field/fv_gf128.h). */
#include "sumcheck/scg.h"

#define FV(op) hs_fv_gf128_##op
#define SCG_T hs_gf128
#define SCG(name) hs_scg_gf128_##name
#include "sumcheck/scg_body.inc"
