/* The Poseidon1 constraint evaluator on 16 rows at once (one row per AVX-512 lane), for the
 * prover's quotient (poseidon1_air_vec.inc). Compiled with the AVX-512 flags; reached only after
 * hs_cpu_has_avx512(). */
#include "air/air_vec16.h"
#include "hash/poseidon1_kb_mds16_avx512.h"

#define AV_P1(name) hs_p1x16_##name
#include "air/poseidon1_air_vec.inc"
