/* The BLAKE limb AIR's constraints on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient, and their lookup tuples: the same source as the scalar evaluators (blake_limb_air_eval.inc).
 * Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include <string.h>

#include "air/air_eval_avx2.h"
#include "air/blake_limb_layout.h"

#define FN eval_vec
#define BL_LOOK 0
#include "air/air_ops_vec.h"
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

#define FN look_vec
#define BL_LOOK 1
#include "air/air_ops_vec.h"
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

hs_air_rows8_local_fn hs_blake_limb_air_eval_rows8_avx2;
void hs_blake_limb_air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow,
                                       void *buf, hs_kbe out[8]) {
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    hs_air_acc8 acc;
    hs_air_acc8_init(&acc, d, pow);
    eval_vec(a->params, cols, &acc, NULL);
    hs_air_acc8_finish(&acc, out);
}

/* The lookup tuples of the 8 rows, packed (hs_air.lookup_rows8): the same walk with BL_LOOK 1. */
hs_air_lookup8_local_fn hs_blake_limb_air_lookup_rows8_avx2;
void hs_blake_limb_air_lookup_rows8_avx2(const hs_air *a, const hs_kb *const rows[8], void *buf, hs_kb *vals8) {
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    look_vec(a->params, cols, NULL, (__m256i *)(void *)vals8);
}
