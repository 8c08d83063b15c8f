/* AVX-512 twins of the multilinear toolkit's row kernels: mle_packed.inc on 16-lane K vectors
 * (field/kb5_avx512.h). Reached only through hs_mle_kernels_best() when hs_cpu_has_avx512(). */
#include "field/kb5_avx512.h"
#include "poly/mle.h"
#include "util/vec_avx512.h"

#define KVT hs_kb5x16
#define KV(op) hs_kb5x16_##op
#define MLE_PORTABLE hs_mle_kernels_portable
#define MLE_NARROW hs_mle_kernels_avx2 /* the sumcheck's blocked rows of 8 */
#define MLE_KERNELS_SET hs_mle_kernels_avx512
#define MLE_SET_NAME "avx512"

#include "poly/mle_packed.inc"
