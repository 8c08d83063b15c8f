/* The Keccak-f[1600] constraint evaluator on 8 rows at once (one row per AVX2 lane), for the
 * prover's quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * With 8,001 constraints a row, accumulating pow[k] * c_k is most of the work, so the
 * accumulator here is lazy: the d products of each constraint stay unreduced 64-bit integers
 * (even and odd lanes apart, one vpmuludq each) and are summed as such; every 4 constraints the
 * sums are folded (hi * 2^32 + lo -> hi * (2^32 mod p) + lo), and one Montgomery reduction per
 * coordinate ends the row. That is 2 multiplications per coordinate and constraint, plus half a
 * one for the folds, where a reduced product and add (hs_air_acc8_emit) costs 6. */
#include "air/air_eval_avx2.h"
#include "air/keccak_air.h"

/* Bounds: a product of two values below p is below p^2; after a fold a sum is below 2^57 + 2^32;
 * and 2^57 + 2^32 + 4 p^2 < 2^64, so 4 constraints fit between folds. The final sum after a fold
 * is below p * 2^32, what REDC takes. */
#define LAZY_FOLD_EVERY 4
#define TWO32_MOD_P ((1u << 25) - 2) /* 2^32 - 2p */

typedef struct {
    unsigned d;
    const hs_kb *pow;
    __m256i evn[HS_KBE_MAX], odd[HS_KBE_MAX];
} lazy_acc;

static inline __m256i fold64(__m256i x) {
    __m256i hi = _mm256_srli_epi64(x, 32), lo = _mm256_blend_epi32(x, _mm256_setzero_si256(), 0xaa);
    return _mm256_add_epi64(lo, _mm256_mul_epu32(hi, _mm256_set1_epi32((int)TWO32_MOD_P)));
}

static inline void lazy_init(lazy_acc *v, unsigned d, const hs_kb *pow) {
    v->d = d;
    v->pow = pow;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) v->evn[t] = v->odd[t] = _mm256_setzero_si256();
}

static inline void lazy_emit(lazy_acc *v, size_t k, __m256i c) {
    const hs_kb *a = v->pow + k * v->d;
    const __m256i co = _mm256_srli_epi64(c, 32);
    for (unsigned t = 0; t < v->d; t++) {
        const __m256i at = _mm256_set1_epi32((int)a[t]);
        v->evn[t] = _mm256_add_epi64(v->evn[t], _mm256_mul_epu32(c, at));
        v->odd[t] = _mm256_add_epi64(v->odd[t], _mm256_mul_epu32(co, at));
    }
    if (k % LAZY_FOLD_EVERY == LAZY_FOLD_EVERY - 1)
        for (unsigned t = 0; t < v->d; t++) v->evn[t] = fold64(v->evn[t]), v->odd[t] = fold64(v->odd[t]);
}

static inline void lazy_finish(lazy_acc *v, hs_kbe out[8]) {
    uint32_t lanes[HS_KBE_MAX][8];
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P), MU = _mm256_set1_epi32((int)HS_KB_MU);
    for (unsigned t = 0; t < v->d; t++)
        _mm256_storeu_si256((__m256i *)lanes[t], hs_mt8_redc_pairs(fold64(v->evn[t]), fold64(v->odd[t]), P, MU));
    for (unsigned j = 0; j < 8; j++) {
        out[j] = hs_kbe_zero();
        for (unsigned t = 0; t < v->d; t++) out[j].c[t] = lanes[t][j];
    }
}

#define T __m256i
#define ADD(x, y) hs_kb8x_add(x, y)
#define SUB(x, y) hs_kb8x_sub(x, y)
#define MUL(x, y) hs_kb8x_mul(x, y)
#define EMIT(k, c) lazy_emit((lazy_acc *)acc, k, c)
#define FN eval_vec
#include "air/keccak_air_eval.inc"

void hs_kair_eval_rows8_avx2(unsigned d, const hs_kb *const local[8], const hs_kb *const next[8], const hs_kb *per,
                             const hs_kb *pow, void *scratch, hs_kbe out[8]);
void hs_kair_eval_rows8_avx2(unsigned d, const hs_kb *const local[8], const hs_kb *const next[8], const hs_kb *per,
                             const hs_kb *pow, void *scratch, hs_kbe out[8]) {
    __m256i *loc = scratch, *nxt = loc + HS_KAIR_WIDTH, pv[HS_KAIR_N_PERIODIC];
    hs_air_load_cols8(loc, local, HS_KAIR_WIDTH);
    hs_air_load_cols8(nxt, next, 100); /* only the next row's a limbs are read */
    hs_air_load_periodic8(pv, per, HS_KAIR_N_PERIODIC);
    lazy_acc v;
    lazy_init(&v, d, pow);
    eval_vec(loc, nxt, pv, hs_kb8x_set1(HS_KB_ONE), &v);
    lazy_finish(&v, out);
}
