/* The generic sumcheck (scg.h) over GF(2^256) (field/fv_gf256.h). */
#include "sumcheck/scg.h"

#define FV(op) hs_fv_gf256_##op
#define SCG_T hs_gf256
#define SCG(name) hs_scg_gf256_##name
#include "sumcheck/scg_body.inc"
