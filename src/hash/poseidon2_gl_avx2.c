/* Poseidon2 over Goldilocks, batch kernel: 4 independent states, one per 64-bit AVX2 lane (the
 * body is poseidon2_gl_kern.inc, shared with the AVX-512 kernel). AVX2 has no 64x64 multiply:
 * products are built from four 32x32 vpmuludq. Unsigned compares flip the sign bit before
 * vpcmpgtq. Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include <string.h>

#include "field/gl.h"
#include "hash/poseidon2_gl.h"
#include "util/inline.h"

typedef hs_gl4 v4;

#define G_V v4
#define G_LANES 4
#define G_INLINE HS_FORCE_INLINE
#define G_UNROLL HS_UNROLL_16
#define G_SET1 hs_gl4_set1
#define G_ZERO _mm256_setzero_si256
#define G_ADD64 _mm256_add_epi64
#define G_SUB64 _mm256_sub_epi64
#define G_AND _mm256_and_si256
/* shift counts are constants after inlining; the register-count forms accept them at any -O */
#define G_SHL(a, k) _mm256_sll_epi64((a), _mm_cvtsi32_si128(k))
#define G_SHR(a, k) _mm256_srl_epi64((a), _mm_cvtsi32_si128(k))
#define G_CANON hs_gl4_canon
#define G_ADD_C hs_gl4_add_c_nc
#define G_MUL hs_gl4_mul_nc
#define G_SQR hs_gl4_square_nc
#define G_COMBINE hs_gl4_combine_nc
/* + 1 where m != 0: -1 where m == 0 cancels the 1 */
#define G_INC_IF_NZ(t, m) _mm256_add_epi64((t), _mm256_add_epi64(hs_gl4_set1(1), _mm256_cmpeq_epi64((m), G_ZERO())))
#define G_LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define G_STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define G_LOAD_STATES load4
#define G_STORE_STATES store4
#define G_TAIL tail_scalar
#define G_FN_MANY hs_p2gl_permute_many_avx2
#define G_FN_OPS hs_p2gl_avx2_ops

/* 4x4 transpose of 64-bit words: r[i] lane j -> r[j] lane i */
G_INLINE void transpose4(v4 *r) {
    v4 t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    v4 t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}
G_INLINE void load4(v4 *s, const uint64_t *st, const unsigned W) {
    G_UNROLL
    for (unsigned c = 0; c < W; c += 4) {
        G_UNROLL
        for (unsigned k = 0; k < 4; k++) s[c + k] = G_LOADU(st + k * W + c);
        transpose4(s + c);
    }
}
G_INLINE void store4(uint64_t *st, v4 *s, const unsigned W) {
    G_UNROLL
    for (unsigned c = 0; c < W; c += 4) {
        transpose4(s + c);
        G_UNROLL
        for (unsigned k = 0; k < 4; k++) G_STOREU(st + k * W + c, s[c + k]);
    }
}
static void tail_scalar(const hs_p2gl_params *pp, uint64_t *st, size_t n) {
    for (size_t k = 0; k < n; k++) hs_p2gl_permute(pp, st + k * pp->width);
}

#include "hash/poseidon2_gl_kern.inc"
