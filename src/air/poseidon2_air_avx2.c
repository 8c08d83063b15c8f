/* The Poseidon2 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include "air/air_eval_avx2.h"
#include "air/poseidon2_air.h"

#define FN eval_vec
#include "air/air_ops_vec.h"
#include "air/poseidon2_air_eval.inc"

hs_air_rows8_local_fn hs_p2air_eval_rows8_avx2;
void hs_p2air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                              hs_kbe out[8]) {
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    hs_air_acc8 v;
    hs_air_acc8_init(&v, d, pow);
    eval_vec(a->params, a->v, a->slot_stride, cols, &v);
    hs_air_acc8_finish(&v, out);
}
