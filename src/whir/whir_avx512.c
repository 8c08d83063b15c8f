/* AVX-512 twins of WHIR's base-by-K kernels: whir_packed.inc on 16-lane vectors. Compiled with
 * the AVX-512 flags; reached only through hs_whir_kernels_best() when hs_cpu_has_avx512(). */
#include "field/kb5_avx512.h"
#include "field/kb_avx512.h"
#include "util/vec_avx512.h"

#define KX(op) hs_kb16x_##op
#define K5X(op) hs_kb5x16_##op
#define K5T hs_kb5x16
/* 16 words = two groups of 8: the low halves of se and so (words 0-6 even, 1-7 odd) are the first
 * group, the high halves the second: one 128-bit-lane shuffle each. */
static inline void v_groups8(V se, V so, V *a, V *b) {
    *a = _mm512_shuffle_i64x2(se, so, 0x44);
    *b = _mm512_shuffle_i64x2(se, so, 0xee);
}

#define WHIR_KERNELS hs_whir_kernels_avx512
#define WHIR_NAME "avx512"

#include "whir/whir_packed.inc"
