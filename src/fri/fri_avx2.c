/* AVX2 twins of the lazy dot-product kernels in deep.c: fri_packed.inc on 8-lane vectors.
 * Compiled with -mavx2; reached only through hs_fri_kernels_best() when hs_cpu_has_avx2(). */
#include "fri/fri_internal.h"
#include "util/vec_avx2.h"

#define FRI_KERNELS hs_fri_kernels_avx2
#define FRI_NAME "avx2"

#include "fri/fri_packed.inc"
