/* AVX-512 row kernels of the gkr layer sumcheck: gkr_kern_packed.inc on 16-lane vectors
 * (field/kb5_avx512.h); the conditional corrections are masked subtractions. Reached through
 * hs_gkr_kernels_best() after hs_cpu_has_avx512(). */
#include "field/kb5_avx512.h"
#include "gkr/gkr_kern.h"
#include "util/vec_avx512.h"

#define VP HS_KB5X16_P
#define VMU HS_KB5X16_MU
#define MT(name) hs_mt16_##name
#define K5X(name) hs_kb5x16_##name
#define K5T hs_kb5x16
#define GKR_KERNELS hs_gkr_kernels_avx512
/* the same bytes of buffer as the AVX2 kernels: half the row vectors */
#define RK_LANES 8
#define SKIP_BV 8

#include "gkr/gkr_kern_packed.inc"
