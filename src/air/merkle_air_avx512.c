/* The Merkle branches constraint evaluator on 16 rows at once (one row per AVX-512 lane), for the
 * prover's quotient (merkle_air_vec.inc). Compiled with the AVX-512 flags; reached only after
 * hs_cpu_has_avx512(). */
#include "air/air_vec16.h"
#include "air/merkle_air_vec.inc"
