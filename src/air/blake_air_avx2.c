/* The BLAKE compression constraint evaluator on 8 rows at once (one row per AVX2 lane), for the
 * prover's quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * With ~9-13K constraints per row, the accumulation (d products per constraint) costs about as much
 * as the constraints, so it is lazy: the evaluator only stores each constraint's 8 values; every
 * BL_BUF of them, a tight pass (2d sums in registers) adds the products c_k pow[k][t] of Montgomery
 * values (each at most (p-1)^2 < 2^62) exactly in 64-bit lanes, even and odd lanes apart, folding
 * each sum to lo + hi (2^32 mod p) < 2^58 after every 4 constraints, which keeps it below 2^64 for 4
 * more. One REDC per coordinate at the end gives the Montgomery value of sum_k pow[k] c_k, as
 * hs_air_acc8 (air_eval_avx2.h) would, with 2 multiplications per product instead of 6 and no
 * reduction per product. */
#include "air/air_eval_avx2.h"
#include "air/blake_air.h"

#define BL_BUF 64 /* constraint values buffered between accumulation passes; a multiple of 4 */

typedef struct {
    const hs_kb *pow; /* the first buffered constraint's d coordinates */
    unsigned d, n;
    __m256i even[HS_KBE_MAX], odd[HS_KBE_MAX];
    __m256i buf[BL_BUF];
} bl_acc8;

#define BL_2_32_MOD_P ((uint32_t)((1ull << 32) % HS_KB_P))

static inline __m256i bl_fold(__m256i x) {
    const __m256i lo = _mm256_and_si256(x, _mm256_set1_epi64x(0xffffffff));
    return _mm256_add_epi64(lo, _mm256_mul_epu32(_mm256_srli_epi64(x, 32), _mm256_set1_epi64x(BL_2_32_MOD_P)));
}

/* The buffered values into the sums, with d a compile-time constant (the loops unroll and the 2d
 * sums stay in registers). The multiplications read the low 32 bits of each 64-bit lane, so a
 * 32-bit broadcast of pow serves. A partial last group of 4 is folded all the same. */
static inline __attribute__((always_inline)) void bl_flush_d(bl_acc8 *a, const unsigned d) {
    __m256i e[HS_KBE_MAX], o[HS_KBE_MAX];
    for (unsigned t = 0; t < d; t++) e[t] = a->even[t], o[t] = a->odd[t];
    const hs_kb *pw = a->pow;
    for (unsigned k0 = 0; k0 < a->n; k0 += 4) {
        for (unsigned k = k0; k < k0 + 4 && k < a->n; k++, pw += d) {
            const __m256i c = a->buf[k], c_odd = _mm256_srli_epi64(c, 32);
            for (unsigned t = 0; t < d; t++) {
                const __m256i w = _mm256_set1_epi32((int)pw[t]);
                e[t] = _mm256_add_epi64(e[t], _mm256_mul_epu32(c, w));
                o[t] = _mm256_add_epi64(o[t], _mm256_mul_epu32(c_odd, w));
            }
        }
        for (unsigned t = 0; t < d; t++) e[t] = bl_fold(e[t]), o[t] = bl_fold(o[t]);
    }
    for (unsigned t = 0; t < d; t++) a->even[t] = e[t], a->odd[t] = o[t];
    a->pow = pw;
    a->n = 0;
}

static void bl_flush(bl_acc8 *a) {
    if (a->d == 4) bl_flush_d(a, 4);
    else if (a->d == 5) bl_flush_d(a, 5);
    else bl_flush_d(a, a->d);
}

static inline void bl_acc8_emit(bl_acc8 *a, __m256i c) {
    a->buf[a->n++] = c;
    if (a->n == BL_BUF) bl_flush(a);
}

static void bl_acc8_finish(bl_acc8 *a, hs_kbe out[8]) {
    uint64_t e[4], o[4];
    bl_flush(a); /* every sum is now folded: below 2^58 < p 2^32, as REDC needs */
    for (unsigned j = 0; j < 8; j++) out[j] = hs_kbe_zero();
    for (unsigned t = 0; t < a->d; t++) {
        _mm256_storeu_si256((__m256i *)e, a->even[t]);
        _mm256_storeu_si256((__m256i *)o, a->odd[t]);
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

hs_air_rows8_local_fn hs_blake_air_eval_rows8_avx2;
void hs_blake_air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                                  hs_kbe out[8]) {
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    bl_acc8 acc;
    acc.pow = pow, acc.d = d, acc.n = 0;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) acc.even[t] = acc.odd[t] = _mm256_setzero_si256();
    eval_vec(a->params, cols, &acc);
    bl_acc8_finish(&acc, out);
}
