/* AVX-512 twins of the lazy dot-product kernels in deep.c: fri_packed.inc on 16-lane vectors,
 * the tails by masked loads. Reached only through hs_fri_kernels_best() when hs_cpu_has_avx512(). */
#include "fri/fri_internal.h"
#include "util/vec_avx512.h"

#define FRI_KERNELS hs_fri_kernels_avx512
#define FRI_NAME "avx512"

#include "fri/fri_packed.inc"
