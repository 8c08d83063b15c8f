/* The generic sumcheck (scg.h) over K = F_p^5 over KoalaBear (field/fv_kb5.h). */
#include "sumcheck/scg.h"

#define FV(op) hs_fv_kb5_##op
#define SCG_T hs_kb5
#define SCG(name) hs_scg_kb5_##name
#include "sumcheck/scg_body.inc"
