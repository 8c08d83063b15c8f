/* AVX2 row kernels of the gkr layer sumcheck: gkr_kern_packed.inc on 8-lane vectors
 * (field/kb5_avx2.h). */
#include "field/kb5_avx2.h"
#include "gkr/gkr_kern.h"
#include "util/vec_avx2.h"

#define VP HS_KB5X_P
#define VMU HS_KB5X_MU
#define MT(name) hs_mt8_##name
#define K5X(name) hs_kb5x_##name
#define K5T hs_kb5x
#define GKR_KERNELS hs_gkr_kernels_avx2

#include "gkr/gkr_kern_packed.inc"
