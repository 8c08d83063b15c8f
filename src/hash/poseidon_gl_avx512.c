/* Poseidon-Goldilocks (plonky2's Poseidon, poseidon_gl.h), batch kernel: 8 independent states,
 * one per 64-bit AVX-512 lane, in the fast form of poseidon_gl.c (the same tables: sparse partial
 * rounds, the MDS as a CRT-split convolution of 32-bit halves, here on vector lanes through
 * GCC/clang vector types). Arithmetic: field/gl_avx512.h. Compiled with the AVX-512 flags; reached
 * only through hs_cpu_has_avx512(). Values are lazy (any uint64 congruent mod p) inside and
 * canonical on output. */
#include <immintrin.h>
#include <string.h>

#include "field/gl_avx512.h"
#include "hash/poseidon_gl.h"
#include "hash/poseidon_gl_impl.h"

#define W HS_PGL_W
#define AI HS_GL8_INLINE
#define UNROLL HS_UNROLL_16

typedef int64_t i64v __attribute__((vector_size(64)));
typedef uint64_t u64v __attribute__((vector_size(64)));

HS_PGL_CONV12_HALF_DEF(conv12_half_v, i64v, u64v)

AI hs_gl8 sbox7(hs_gl8 x) {
    hs_gl8 x2 = hs_gl8_square_nc(x), x3 = hs_gl8_mul_nc(x2, x), x4 = hs_gl8_square_nc(x2);
    return hs_gl8_mul_nc(x3, x4);
}

/* sum_j c[j] v[j] for canonical constants c and lazy v (n <= 12): the lazy products summed
 * exactly in 128 bits (carries counted in hi < 12), then reduced */
AI hs_gl8 dot(const uint64_t *c, const hs_gl8 *v, const unsigned n) {
    hs_gl8 lo = hs_gl8_mul_nc(hs_gl8_set1(c[0]), v[0]), hi = _mm512_setzero_si512();
    UNROLL
    for (unsigned j = 1; j < n; j++) {
        hs_gl8 p = hs_gl8_mul_nc(hs_gl8_set1(c[j]), v[j]), u = _mm512_add_epi64(lo, p);
        hi = _mm512_mask_add_epi64(hi, _mm512_cmplt_epu64_mask(u, p), hi, hs_gl8_set1(1));
        lo = u;
    }
    return hs_gl8_reduce128_nc(hi, lo);
}

/* the MDS layer on lazy lanes: circulant part by the convolution of each value's 32-bit halves,
 * plus the diagonal (small constants), joined and reduced */
AI void mds_layer(const hs_pgl_tables *tb, hs_gl8 *s) {
    i64v l[W], h[W], yl[W], yh[W];
    UNROLL
    for (unsigned i = 0; i < W; i++) {
        l[i] = (i64v)_mm512_and_si512(s[i], hs_gl8_set1(HS_GL_EPS));
        h[i] = (i64v)_mm512_srli_epi64(s[i], 32);
    }
    conv12_half_v(tb, l, yl);
    conv12_half_v(tb, h, yh);
    UNROLL
    for (unsigned r = 0; r < W; r++) {
        hs_gl8 lo = (hs_gl8)yl[r], hi = (hs_gl8)yh[r];
        const uint64_t d = hs_poseidon_gl12_mds_diag[r];
        if (d) {
            const hs_gl8 dv = hs_gl8_set1(d);
            lo = _mm512_add_epi64(lo, _mm512_mul_epu32((hs_gl8)l[r], dv));
            hi = _mm512_add_epi64(hi, _mm512_mul_epu32((hs_gl8)h[r], dv));
        }
        s[r] = hs_gl8_combine_nc(lo, hi); /* lo, hi < 2^41 */
    }
}

AI void full_round(const hs_pgl_tables *tb, hs_gl8 *s, const uint64_t *rc) {
    UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = sbox7(hs_gl8_add_c_nc(s[i], hs_gl8_set1(rc[i])));
    mds_layer(tb, s);
}

AI void partial_rounds(const hs_pgl_tables *tb, hs_gl8 *s) {
    hs_gl8 t[W];
    UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = hs_gl8_add_c_nc(s[i], hs_gl8_set1(tb->first_rc[i]));
    t[0] = s[0];
    for (unsigned i = 0; i < W - 1; i++) t[i + 1] = dot(tb->init[i], s + 1, W - 1);
    memcpy(s, t, sizeof t);
    for (unsigned r = 0; r < HS_PGL_PARTIAL; r++) {
        hs_gl8 x0 = hs_gl8_add_c_nc(sbox7(s[0]), hs_gl8_set1(tb->rc0[r]));
        s[0] = x0;
        hs_gl8 y0 = dot(tb->row0[r], s, W);
        UNROLL
        for (unsigned i = 1; i < W; i++)
            s[i] = hs_gl8_add_c_nc(hs_gl8_mul_nc(hs_gl8_set1(tb->col0[r][i - 1]), x0), hs_gl8_canon(s[i]));
        s[0] = y0;
    }
}

/* eight states of 12 words, one after another: word i of state k is at 12 k + i */
static void permute8(const hs_pgl_tables *tb, uint64_t *st) {
    const __m512i idx = _mm512_setr_epi64(0, W, 2 * W, 3 * W, 4 * W, 5 * W, 6 * W, 7 * W);
    hs_gl8 s[W];
    for (unsigned i = 0; i < W; i++) s[i] = _mm512_i64gather_epi64(idx, (const void *)(st + i), 8);
    for (unsigned r = 0; r < HS_PGL_HALF_FULL; r++) full_round(tb, s, hs_poseidon_gl12_rc[r]);
    partial_rounds(tb, s);
    for (unsigned r = HS_PGL_HALF_FULL + HS_PGL_PARTIAL; r < 2 * HS_PGL_HALF_FULL + HS_PGL_PARTIAL; r++)
        full_round(tb, s, hs_poseidon_gl12_rc[r]);
    for (unsigned i = 0; i < W; i++) _mm512_i64scatter_epi64((void *)(st + i), idx, hs_gl8_canon(s[i]), 8);
}

/* Groups of eight; the last few states go to the scalar kernel. The fast form's tables exist
 * (poseidon_gl.c checks tb->fast_ok before it calls this; so does this function). */
void hs_poseidon_gl12_permute_many_avx512(uint64_t *states, size_t n) {
    const hs_pgl_tables *tb = hs_pgl_tables_get();
    size_t k = 0;
    if (tb->fast_ok)
        for (; k + 8 <= n; k += 8) permute8(tb, states + k * W);
    if (k < n) hs_poseidon_gl12_permute_many_portable(states + k * W, n - k);
}
