/* AVX2 twins of WHIR's base-by-K kernels: whir_packed.inc on 8-lane vectors. Compiled with
 * -mavx2; reached only through hs_whir_kernels_best() when hs_cpu_has_avx2(). */
#include "field/kb5_avx2.h"
#include "field/kb_avx2.h"
#include "util/vec_avx2.h"

#define KX(op) hs_kb8x_##op
#define K5X(op) hs_kb5x_##op
#define K5T hs_kb5x
/* 8 words: the even words' sums are already the group's first 4 positions, the odd ones the next */
static inline void v_groups8(V se, V so, V *a, V *b) { *a = se, *b = so; }

#define WHIR_KERNELS hs_whir_kernels_avx2
#define WHIR_NAME "avx2"

#include "whir/whir_packed.inc"
