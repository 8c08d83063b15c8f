/* The Poseidon2 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
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

/* 8x8 transpose of 32-bit words. */
static inline void transpose8(__m256i r[8]) {
    __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    __m256i t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    __m256i t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    __m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    __m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
    r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

void hs_p2air_eval_rows8_avx2(const hs_p2air *a, unsigned d, const hs_kb *rows, const hs_kb *pow, __m256i *buf,
                              hs_kbe out[8]) {
    const size_t W = a->width;
    /* columns of the 8 rows as vectors: buf[c] lane j = rows[j][c] */
    size_t c = 0;
    for (; c + 8 <= W; c += 8) {
        for (unsigned j = 0; j < 8; j++) buf[c + j] = _mm256_loadu_si256((const __m256i *)(rows + j * W + c));
        transpose8(buf + c);
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
