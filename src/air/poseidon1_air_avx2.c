/* The Poseidon1 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient (poseidon1_air_vec.inc). Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include "air/air_vec8.h"
#include "hash/poseidon1_kb_mds16_avx2.h"

#define AV_P1(name) hs_p1x8_##name
#include "air/poseidon1_air_vec.inc"
