/* RPO256 / RPX256 batch permutations with AVX-512 (see rpo.h). Compiled with the AVX-512 flags;
 * reached only through hs_cpu_has_avx512().
 *
 * Groups of nine states: eight transposed into twelve 8-lane vectors (vector i = word i of the
 * eight), the ninth scalar beside them, every layer issued for both (rescue_kern.inc, the body
 * shared with the AVX2 kernel). The 64-bit products are four vpmuludq each (field/gl_avx512.h);
 * against AVX2 the gain is the mask-register carries and compares, half the instructions for the
 * same lanes, and 32 registers. Values are lazy (any uint64 congruent mod p) inside and canonical
 * on output. */
#include <immintrin.h>
#include <string.h>

#include "field/gl_avx512.h"
#include "hash/rescue_impl.h"
#include "hash/rpo.h"

#define W HS_RESCUE_WIDTH

/* Sum of n <= 5 lazy values: exact in 128 bits (carries counted in hi), then reduced. */
static inline hs_gl8 v_sum(const hs_gl8 *t, int n) {
    hs_gl8 s = t[0], hi = _mm512_setzero_si512();
    for (int i = 1; i < n; i++) {
        hs_gl8 u = _mm512_add_epi64(s, t[i]);
        hi = _mm512_mask_add_epi64(hi, _mm512_cmplt_epu64_mask(u, t[i]), hi, hs_gl8_set1(1));
        s = u;
    }
    return hs_gl8_reduce128_nc(hi, s);
}

/* eight states of 12 words, one after another: word i of state k is at 12 k + i */
static inline __m512i state_index(void) { return _mm512_setr_epi64(0, W, 2 * W, 3 * W, 4 * W, 5 * W, 6 * W, 7 * W); }
static inline void load_t(hs_gl8 *v, const uint64_t *st) {
    const __m512i idx = state_index();
    for (int i = 0; i < W; i++) v[i] = _mm512_i64gather_epi64(idx, (const void *)(st + i), 8);
}
static inline void store_t(uint64_t *st, const hs_gl8 *v) {
    const __m512i idx = state_index();
    for (int i = 0; i < W; i++) _mm512_i64scatter_epi64((void *)(st + i), idx, hs_gl8_canon(v[i]), 8);
}

#define R_V hs_gl8
#define R_LANES 8
#define R_MUL hs_gl8_mul_nc
#define R_SQR hs_gl8_square_nc
#define R_ADD_C hs_gl8_add_c_nc
#define R_CANON hs_gl8_canon
#define R_SET1 hs_gl8_set1
#define R_COMBINE hs_gl8_combine_nc
#define R_SUM v_sum
#define R_LOAD_T load_t
#define R_STORE_T store_t
#include "hash/rescue_kern.inc"

/* Groups of nine (eight transposed, one scalar), then one of eight; the last few states go to
 * the AVX2 kernel. */
void hs_rpo_permute_many_avx512(uint64_t *states, size_t n) {
    size_t k = 0;
    for (; k + 9 <= n; k += 9) t_rpo_permute(states + k * W, 1);
    if (k + 8 <= n) t_rpo_permute(states + k * W, 0), k += 8;
    if (k < n) hs_rpo_permute_many_avx2(states + k * W, n - k);
}
void hs_rpx_permute_many_avx512(uint64_t *states, size_t n) {
    size_t k = 0;
    for (; k + 9 <= n; k += 9) t_rpx_permute(states + k * W, 1);
    if (k + 8 <= n) t_rpx_permute(states + k * W, 0), k += 8;
    if (k < n) hs_rpx_permute_many_avx2(states + k * W, n - k);
}
