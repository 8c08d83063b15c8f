/* AVX2 twins of the multilinear toolkit's row kernels: mle_packed.inc on 8-lane K vectors
 * (field/kb5_avx2.h). Reached only through hs_mle_kernels_best() when hs_cpu_has_avx2(). */
#include "field/kb5_avx2.h"
#include "poly/mle.h"
#include "util/vec_avx2.h"

#define KVT hs_kb5x
#define KV(op) hs_kb5x_##op
#define MLE_PORTABLE hs_mle_kernels_portable
#define MLE_NARROW hs_mle_kernels_portable
#define MLE_KERNELS_SET hs_mle_kernels_avx2
#define MLE_SET_NAME "avx2"

#include "poly/mle_packed.inc"
