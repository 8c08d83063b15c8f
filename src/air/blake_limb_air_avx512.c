/* The BLAKE limb AIR's constraints on 16 rows at once (one row per AVX-512 lane), for the prover's
 * quotient: the same constraint source as the scalar evaluators (blake_limb_air_eval.inc) and the
 * AVX2 one (blake_limb_air_avx2.c). Compiled with the AVX-512 flags; reached only after
 * hs_cpu_has_avx512(). */
#include "air/air_vec16.h"

#include <string.h>

#include "air/blake_limb_layout.h"

#define FN eval_vec
#define BL_LOOK 0
#include AV_OPS
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

#define AV_KERNEL AV_NAME(hs_blake_limb_air_eval)
#define AV_EVAL(a, cols, acc) eval_vec((a)->params, cols, acc, NULL)
#include "air/air_vec_local.inc"
