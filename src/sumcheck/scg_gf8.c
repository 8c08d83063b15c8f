/* The generic sumcheck (scg.h) over GF(2^8) (field/fv_gf8.h), the exhaustive tests' field. */
#include "sumcheck/scg.h"

#define FV(op) hs_fv_gf8_##op
#define SCG_T uint8_t
#define SCG(name) hs_scg_gf8_##name
#include "sumcheck/scg_body.inc"
