/* The Poseidon2 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient (poseidon2_air_vec.inc). Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include "air/air_vec8.h"
#include "air/poseidon2_air_vec.inc"
