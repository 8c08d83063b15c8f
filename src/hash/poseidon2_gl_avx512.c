/* Poseidon2 over Goldilocks, batch kernel: 8 independent states, one per 64-bit AVX-512 lane (the
 * body is poseidon2_gl_kern.inc, shared with the AVX2 kernel; the arithmetic is
 * field/gl_avx512.h: carries and compares in mask registers). Compiled with the AVX-512 flags;
 * reached only through hs_cpu_has_avx512(). */
#include <immintrin.h>
#include <string.h>

#include "field/gl_avx512.h"
#include "hash/poseidon2_gl.h"

#define G_V hs_gl8
#define G_LANES 8
#define G_INLINE HS_FORCE_INLINE
#define G_UNROLL HS_UNROLL_16
#define G_SET1 hs_gl8_set1
#define G_ZERO _mm512_setzero_si512
#define G_ADD64 _mm512_add_epi64
#define G_SUB64 _mm512_sub_epi64
#define G_AND _mm512_and_si512
/* shift counts are constants after inlining; the register-count forms accept them at any -O */
#define G_SHL(a, k) _mm512_sll_epi64((a), _mm_cvtsi32_si128(k))
#define G_SHR(a, k) _mm512_srl_epi64((a), _mm_cvtsi32_si128(k))
#define G_CANON hs_gl8_canon
#define G_ADD_C hs_gl8_add_c_nc
#define G_MUL hs_gl8_mul_nc
#define G_SQR hs_gl8_square_nc
#define G_COMBINE hs_gl8_combine_nc
#define G_INC_IF_NZ(t, m) _mm512_mask_add_epi64((t), _mm512_test_epi64_mask((m), (m)), (t), hs_gl8_set1(1))
#define G_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define G_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define G_LOAD_STATES load8
#define G_STORE_STATES store8
#define G_TAIL hs_p2gl_permute_many_avx2
#define G_FN_MANY hs_p2gl_permute_many_avx512
#define G_FN_OPS hs_p2gl_avx512_ops

/* word i of state k is at st[k W + i] */
G_INLINE __m512i state_index(const unsigned W) {
    return _mm512_mullo_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), hs_gl8_set1(W));
}
G_INLINE void load8(hs_gl8 *s, const uint64_t *st, const unsigned W) {
    const __m512i idx = state_index(W);
    G_UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = _mm512_i64gather_epi64(idx, (const void *)(st + i), 8);
}
G_INLINE void store8(uint64_t *st, const hs_gl8 *s, const unsigned W) {
    const __m512i idx = state_index(W);
    G_UNROLL
    for (unsigned i = 0; i < W; i++) _mm512_i64scatter_epi64((void *)(st + i), idx, s[i], 8);
}

#include "hash/poseidon2_gl_kern.inc"
