/* The Poseidon2 constraint evaluator on 16 rows at once (one row per AVX-512 lane), for the
 * prover's quotient. Compiled with the AVX-512 flags; reached only after hs_cpu_has_avx512(). */
#include "air/air_eval_avx512.h"
#include "air/poseidon2_air.h"

#define FN eval_vec
#include "air/air_ops_vec512.h"
#include "air/poseidon2_air_eval.inc"

hs_air_rows16_local_fn hs_p2air_eval_rows16_avx512;
void hs_p2air_eval_rows16_avx512(const hs_air *a, unsigned d, const hs_kb *const rows[16], const hs_kb *pow, void *buf,
                                 hs_kbe out[16]) {
    __m512i *cols = buf;
    hs_air_load_cols16(cols, rows, a->width);
    hs_air_acc16 v;
    hs_air_acc16_init(&v, d, pow);
    eval_vec(a->params, a->v, a->slot_stride, cols, &v);
    hs_air_acc16_finish(&v, out);
}
