/* The Keccak-f[1600] constraint evaluator on 8 rows at once (one row per AVX2 lane), for the
 * prover's quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * With 8,001 constraints a row, accumulating pow[k] * c_k is most of the work, so the
 * accumulator here is lazy: the d products of each constraint stay unreduced 64-bit integers
 * (even and odd lanes apart, one vpmuludq each) and are summed as such; every 4 constraints the
 * sums are folded (hi * 2^32 + lo -> hi * (2^32 mod p) + lo), and one Montgomery reduction per
 * coordinate ends the row. The 4 values wait in the accumulator and go in together, so that each
 * sum is read and written once per 4 constraints. That is 2 multiplications per coordinate and constraint, plus half a
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
    size_t n;                          /* constraints emitted */
    __m256i evn[HS_KBE_MAX], odd[HS_KBE_MAX];
    __m256i pend[LAZY_FOLD_EVERY];     /* values of constraints n - n % 4 .. n - 1 */
} lazy_acc;

static inline __m256i fold64(__m256i x) {
    __m256i hi = _mm256_srli_epi64(x, 32), lo = _mm256_blend_epi32(x, _mm256_setzero_si256(), 0xaa);
    return _mm256_add_epi64(lo, _mm256_mul_epu32(hi, _mm256_set1_epi32((int)TWO32_MOD_P)));
}

static inline void lazy_init(lazy_acc *v, unsigned d, const hs_kb *pow) {
    v->d = d;
    v->pow = pow;
    v->n = 0;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) v->evn[t] = v->odd[t] = _mm256_setzero_si256();
}

/* Constraints k0 .. k0 + cnt - 1 (cnt <= 4, values in pend) into the sums, then a fold. Taken 4 at
 * a time, each sum is loaded and stored once per 4 constraints rather than once per constraint. */
static inline void lazy_flush(lazy_acc *v, size_t k0, unsigned cnt) {
    const unsigned d = v->d;
    const hs_kb *a = v->pow + k0 * d;
    __m256i co[LAZY_FOLD_EVERY];
    for (unsigned i = 0; i < cnt; i++) co[i] = _mm256_srli_epi64(v->pend[i], 32);
    for (unsigned t = 0; t < d; t++) {
        __m256i e = v->evn[t], o = v->odd[t];
        for (unsigned i = 0; i < cnt; i++) {
            const __m256i at = _mm256_set1_epi32((int)a[i * d + t]);
            e = _mm256_add_epi64(e, _mm256_mul_epu32(v->pend[i], at));
            o = _mm256_add_epi64(o, _mm256_mul_epu32(co[i], at));
        }
        v->evn[t] = fold64(e);
        v->odd[t] = fold64(o);
    }
}

static inline void lazy_emit(lazy_acc *v, size_t k, __m256i c) {
    v->pend[k % LAZY_FOLD_EVERY] = c;
    v->n = k + 1;
    if (k % LAZY_FOLD_EVERY == LAZY_FOLD_EVERY - 1) lazy_flush(v, k + 1 - LAZY_FOLD_EVERY, LAZY_FOLD_EVERY);
}

static inline void lazy_finish(lazy_acc *v, hs_kbe out[8]) {
    uint32_t lanes[HS_KBE_MAX][8];
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P), MU = _mm256_set1_epi32((int)HS_KB_MU);
    if (v->n % LAZY_FOLD_EVERY) lazy_flush(v, v->n - v->n % LAZY_FOLD_EVERY, (unsigned)(v->n % LAZY_FOLD_EVERY));
    for (unsigned t = 0; t < v->d; t++)
        _mm256_storeu_si256((__m256i *)lanes[t], hs_mt8_redc_pairs(v->evn[t], v->odd[t], P, MU));
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
