/* The prover's LogUp constraints (logup.h) at 8 points of the quotient domain at once, one per
 * AVX2 lane, for the degree-4 challenge field: logup_packed.inc at 8 lanes. Compiled with -mavx2;
 * reached only after hs_cpu_has_avx2(). */
#include <immintrin.h>
#include <string.h>

#include "field/kb_avx2.h"
#include "stark/logup.h"
#include "util/vec_avx2.h"

/* column k of 8 rows */
static inline __m256i gather8(const hs_kb *const p[8], size_t k) {
    return _mm256_setr_epi32((int)p[0][k], (int)p[1][k], (int)p[2][k], (int)p[3][k], (int)p[4][k], (int)p[5][k],
                             (int)p[6][k], (int)p[7][k]);
}

#define LP_ADD hs_kb8x_add
#define LP_SUB hs_kb8x_sub
#define LP_MUL hs_kb8x_mul
#define LP_REDC(e, o) hs_mt8_redc_pairs((e), (o), _mm256_set1_epi32((int)HS_KB_P), _mm256_set1_epi32((int)HS_KB_MU))
#define LP_GATHER gather8
#define LP_FN(name) hs_logup_##name##8_avx2
#include "stark/logup_packed.inc"
