/* The prover's LogUp constraints (logup.h) at 16 points of the quotient domain at once, one per
 * AVX-512 lane, for the degree-4 challenge field: logup_packed.inc at 16 lanes. Compiled with the
 * AVX-512 flags; reached only after hs_cpu_has_avx512(). */
#include <immintrin.h>
#include <string.h>

#include "field/kb_avx512.h"
#include "stark/logup.h"
#include "util/vec_avx512.h"

/* column k of 16 rows */
static inline __m512i gather16(const hs_kb *const p[16], size_t k) {
    return _mm512_setr_epi32((int)p[0][k], (int)p[1][k], (int)p[2][k], (int)p[3][k], (int)p[4][k], (int)p[5][k],
                             (int)p[6][k], (int)p[7][k], (int)p[8][k], (int)p[9][k], (int)p[10][k], (int)p[11][k],
                             (int)p[12][k], (int)p[13][k], (int)p[14][k], (int)p[15][k]);
}

#define LP_ADD hs_kb16x_add
#define LP_SUB hs_kb16x_sub
#define LP_MUL hs_kb16x_mul
#define LP_REDC(e, o) hs_mt16_redc_pairs((e), (o), _mm512_set1_epi32((int)HS_KB_P), _mm512_set1_epi32((int)HS_KB_MU))
#define LP_GATHER gather16
#define LP_FN(name) hs_logup_##name##16_avx512
#include "stark/logup_packed.inc"
