/* The Keccak-f[1600] constraint evaluator on 8 rows at once (one row per AVX2 lane), for the
 * prover's quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * Its 8,001 constraints a row make the accumulation a large part of the work: hs_air_acc8 is
 * lazy (air_eval_avx2.h). */
#include "air/air_eval_avx2.h"
#include "air/keccak_air.h"

#define FN eval_vec
#include "air/air_ops_vec.h"
#include "air/keccak_air_eval.inc"

void hs_kair_eval_rows8_avx2(unsigned d, const hs_kb *const local[8], const hs_kb *const next[8], const hs_kb *per,
                             const hs_kb *pow, void *scratch, hs_kbe out[8]);
void hs_kair_eval_rows8_avx2(unsigned d, const hs_kb *const local[8], const hs_kb *const next[8], const hs_kb *per,
                             const hs_kb *pow, void *scratch, hs_kbe out[8]) {
    __m256i *loc = scratch, *nxt = loc + HS_KAIR_WIDTH, pv[HS_KAIR_N_PERIODIC];
    hs_air_load_cols8(loc, local, HS_KAIR_WIDTH);
    hs_air_load_cols8(nxt, next, 100); /* only the next row's a limbs are read */
    hs_air_load_periodic8(pv, per, HS_KAIR_N_PERIODIC);
    hs_air_acc8 v;
    hs_air_acc8_init(&v, d, pow);
    eval_vec(loc, nxt, pv, hs_kb8x_set1(HS_KB_ONE), &v);
    hs_air_acc8_finish(&v, out);
}
