/* The Poseidon2 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include "util/avx2.h"
#include <string.h>

#include "air/poseidon2_air.h"
#include "field/kb_avx2.h"

typedef struct {
    unsigned d;
    const hs_kb *pow;
    __m256i acc[HS_KBE_MAX];
} vec_acc;

static inline void emit_vec(vec_acc *v, size_t k, __m256i c) {
    const hs_kb *a = v->pow + k * v->d;
    for (unsigned t = 0; t < v->d; t++) v->acc[t] = hs_kb8x_add(v->acc[t], hs_kb8x_mul(c, hs_kb8x_set1(a[t])));
}

#define T __m256i
#define ADD(x, y) hs_kb8x_add(x, y)
#define SUB(x, y) hs_kb8x_sub(x, y)
#define CUBE(x) hs_kb8x_cube(x)
#define MULC(x, c) hs_kb8x_mul(x, hs_kb8x_set1(c))
#define ADDC(x, c) hs_kb8x_add(x, hs_kb8x_set1(c))
#define EMIT(k, c) emit_vec((vec_acc *)acc, k, c)
#define FN eval_vec
#include "air/poseidon2_air_eval.inc"

void hs_p2air_eval_rows8_avx2(const hs_p2air *a, unsigned d, const hs_kb *rows, const hs_kb *pow, __m256i *buf,
                              hs_kbe out[8]) {
    const size_t W = a->width;
    /* columns of the 8 rows as vectors: buf[c] lane j = rows[j][c] */
    size_t c = 0;
    for (; c + 8 <= W; c += 8) {
        for (unsigned j = 0; j < 8; j++) buf[c + j] = _mm256_loadu_si256((const __m256i *)(rows + j * W + c));
        hs_transpose8x32(buf + c);
    }
    for (; c < W; c++) {
        uint32_t col[8];
        for (unsigned j = 0; j < 8; j++) col[j] = rows[j * W + c];
        buf[c] = _mm256_loadu_si256((const __m256i *)col);
    }
    vec_acc v;
    v.d = d;
    v.pow = pow;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) v.acc[t] = _mm256_setzero_si256();
    eval_vec(a, buf, &v);
    uint32_t lanes[HS_KBE_MAX][8];
    for (unsigned t = 0; t < d; t++) _mm256_storeu_si256((__m256i *)lanes[t], v.acc[t]);
    for (unsigned j = 0; j < 8; j++) {
        out[j] = hs_kbe_zero();
        for (unsigned t = 0; t < d; t++) out[j].c[t] = lanes[t][j];
    }
}
