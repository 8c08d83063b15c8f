/* The BLAKE compression constraint evaluator on 8 rows at once (one row per AVX2 lane), for the
 * prover's quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * Its ~9-13K constraints per row make the accumulation (d products per constraint) the larger
 * part of the work, so it is lazy: the products c_k * pow[k][t] of Montgomery values (each at most
 * (p-1)^2 < 2^62) are summed exactly in 64-bit lanes, even and odd lanes apart, and every 4
 * constraints each sum is folded to lo + hi * (2^32 mod p) < 2^58, which keeps it below 2^64 for
 * 4 more. One REDC per coordinate at the end gives the Montgomery value of sum_k pow[k] c_k, the
 * same as hs_air_acc8 (air_eval_avx2.h), at a third of its cost. */
#include "air/air_eval_avx2.h"
#include "air/blake_air.h"

typedef struct {
    const hs_kb *pow; /* the next constraint's d coordinates */
    unsigned d, since_fold;
    __m256i even[HS_KBE_MAX], odd[HS_KBE_MAX];
} bl_acc8;

#define BL_FOLD_EVERY 4
#define BL_2_32_MOD_P ((uint32_t)((1ull << 32) % HS_KB_P))

static inline __m256i bl_fold(__m256i x) {
    const __m256i lo = _mm256_and_si256(x, _mm256_set1_epi64x(0xffffffff));
    return _mm256_add_epi64(lo, _mm256_mul_epu32(_mm256_srli_epi64(x, 32), _mm256_set1_epi64x(BL_2_32_MOD_P)));
}

static inline void bl_acc8_emit(bl_acc8 *a, __m256i c) {
    const __m256i c_odd = _mm256_srli_epi64(c, 32);
    for (unsigned t = 0; t < a->d; t++) {
        const __m256i w = _mm256_set1_epi64x(a->pow[t]);
        a->even[t] = _mm256_add_epi64(a->even[t], _mm256_mul_epu32(c, w));
        a->odd[t] = _mm256_add_epi64(a->odd[t], _mm256_mul_epu32(c_odd, w));
    }
    a->pow += a->d;
    if (++a->since_fold == BL_FOLD_EVERY) {
        a->since_fold = 0;
        for (unsigned t = 0; t < a->d; t++) a->even[t] = bl_fold(a->even[t]), a->odd[t] = bl_fold(a->odd[t]);
    }
}

static void bl_acc8_finish(bl_acc8 *a, hs_kbe out[8]) {
    uint64_t e[4], o[4];
    for (unsigned j = 0; j < 8; j++) out[j] = hs_kbe_zero();
    for (unsigned t = 0; t < a->d; t++) {
        /* after a fold (or at most 4 products since one) every sum is < 2^64 and REDC needs < p 2^32 */
        _mm256_storeu_si256((__m256i *)e, bl_fold(a->even[t]));
        _mm256_storeu_si256((__m256i *)o, bl_fold(a->odd[t]));
        for (unsigned j = 0; j < 4; j++) {
            out[2 * j].c[t] = hs_kb_redc(e[j]);
            out[2 * j + 1].c[t] = hs_kb_redc(o[j]);
        }
    }
}

#define T __m256i
#define ADD(x, y) hs_kb8x_add(x, y)
#define SUB(x, y) hs_kb8x_sub(x, y)
#define MUL(x, y) hs_kb8x_mul(x, y)
#define DBL(x) hs_kb8x_add(x, x)
#define CONST(c) hs_kb8x_set1(c)
#define MULC(x, c) hs_kb8x_mul(x, hs_kb8x_set1(c))
#define ADDC(x, c) hs_kb8x_add(x, hs_kb8x_set1(c))
#define EMIT(k, c) ((void)(k), bl_acc8_emit((bl_acc8 *)acc, c))
#define FN eval_vec
#include "air/blake_air_eval.inc"

void hs_blake_air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                                  hs_kbe out[8]);
void hs_blake_air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                                  hs_kbe out[8]) {
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    bl_acc8 acc = {.pow = pow, .d = d};
    for (unsigned t = 0; t < HS_KBE_MAX; t++) acc.even[t] = acc.odd[t] = _mm256_setzero_si256();
    eval_vec(a->params, cols, &acc);
    bl_acc8_finish(&acc, out);
}
