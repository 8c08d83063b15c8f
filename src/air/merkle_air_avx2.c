/* The Merkle branches constraint evaluator on 8 rows at once (one row per AVX2 lane), for the
 * prover's quotient: the same sources as the scalar one (merkle_air_eval.inc, and
 * poseidon2_air_eval.inc for the record). Compiled with -mavx2; reached only after
 * hs_cpu_has_avx2(). */
#include "air/air_eval_avx2.h"
#include "air/merkle_air.h"
#include "hash/poseidon2_monty31.h"

#define FN p2_vec
#include "air/air_ops_vec.h"
#include "air/poseidon2_air_eval.inc"
#define FN mb_vec
#define P2FN p2_vec
#include "air/air_ops_vec.h"
#include "air/merkle_air_eval.inc"

void hs_mbair_eval_rows8_avx2(const hs_p2_params *pp, unsigned d, const hs_kb *const local[8],
                              const hs_kb *const next[8], const hs_kb *periodic, const hs_kb *pow, void *scratch,
                              hs_kbe out[8]);
void hs_mbair_eval_rows8_avx2(const hs_p2_params *pp, unsigned d, const hs_kb *const local[8],
                              const hs_kb *const next[8], const hs_kb *periodic, const hs_kb *pow, void *scratch,
                              hs_kbe out[8]) {
    __m256i *loc = scratch, *nxt = loc + HS_MBAIR_WIDTH, sv = _mm256_setzero_si256();
    hs_air_load_cols8(loc, local, HS_MBAIR_WIDTH);
    if (next) { /* only the next row's cur columns are read */
        const hs_kb *nc[8];
        for (unsigned j = 0; j < 8; j++) nc[j] = next[j] + HS_MBAIR_CUR;
        hs_air_load_cols8(nxt, nc, HS_MBAIR_DIGEST);
        hs_air_load_periodic8(&sv, periodic, 1);
    }
    hs_air_acc8 v;
    hs_air_acc8_init(&v, d, pow);
    mb_vec(pp, loc, next ? nxt : NULL, &sv, &v);
    hs_air_acc8_finish(&v, out);
}
