/* Poseidon2 over Goldilocks, batch kernel: 4 independent states, one per 64-bit AVX2 lane.
 * AVX2 has no 64x64 multiply: products are built from four 32x32 vpmuludq. Unsigned compares
 * flip the sign bit before vpcmpgtq. Values between operations are canonical except inside the
 * S-box. Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include <string.h>

#include "field/gl.h"
#include "hash/poseidon2_gl.h"

typedef hs_gl4 v4;

#define V4_INLINE static inline __attribute__((always_inline))
#define V4_UNROLL _Pragma("GCC unroll 16")

#define set1 hs_gl4_set1
#define canon hs_gl4_canon
#define add_c hs_gl4_add_c_nc
#define mul_nc hs_gl4_mul_nc
#define combine_nc hs_gl4_combine_nc
V4_INLINE v4 add64(v4 a, v4 b) { return _mm256_add_epi64(a, b); }
V4_INLINE v4 sub64(v4 a, v4 b) { return _mm256_sub_epi64(a, b); }
/* shift counts are constants after inlining; the register-count forms accept them at any -O */
V4_INLINE v4 shl(v4 a, int k) { return _mm256_sll_epi64(a, _mm_cvtsi32_si128(k)); }
V4_INLINE v4 shr(v4 a, int k) { return _mm256_srl_epi64(a, _mm_cvtsi32_si128(k)); }

V4_INLINE v4 sbox7_nc(v4 x) {
    v4 x2 = hs_gl4_square_nc(x), x3 = mul_nc(x2, x), x4 = hs_gl4_square_nc(x2);
    return mul_nc(x3, x4);
}

/* x / 2^k for canonical x, 1 <= k <= 31 (see div2k in poseidon2_gl.c) */
V4_INLINE v4 div2k(v4 x, int k) {
    v4 m = _mm256_and_si256(sub64(_mm256_setzero_si256(), x), set1((1ull << k) - 1));
    v4 t = add64(shr(x, k), sub64(shl(m, 64 - k), shl(m, 32 - k)));
    /* + 1 unless m == 0 */
    return add64(t, add64(set1(1), _mm256_cmpeq_epi64(m, _mm256_setzero_si256())));
}

/* ---- linear layers on split halves ---- */

V4_INLINE void mat4_half(v4 *x, unsigned m4) {
    v4 x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    if (m4 == HS_P2GL_M4_PLONKY3) {
        v4 t01 = add64(x0, x1), t23 = add64(x2, x3), t0123 = add64(t01, t23);
        v4 t01123 = add64(t0123, x1), t01233 = add64(t0123, x3);
        x[0] = add64(t01123, t01);
        x[1] = add64(t01123, add64(x2, x2));
        x[2] = add64(t01233, t23);
        x[3] = add64(t01233, add64(x0, x0));
    } else {
        v4 t0 = add64(x0, x1), t1 = add64(x2, x3);
        v4 t2 = add64(add64(x1, x1), t1), t3 = add64(add64(x3, x3), t0);
        v4 t4 = add64(shl(t1, 2), t3), t5 = add64(shl(t0, 2), t2);
        x[0] = add64(t3, t5);
        x[1] = t5;
        x[2] = add64(t2, t4);
        x[3] = t4;
    }
}

V4_INLINE void ext_linear(v4 *s, const unsigned W, unsigned m4) {
    v4 l[HS_P2GL_MAX_WIDTH], h[HS_P2GL_MAX_WIDTH], sl[4], sh[4];
    V4_UNROLL
    for (unsigned i = 0; i < W; i++) l[i] = _mm256_and_si256(s[i], set1(HS_GL_EPS)), h[i] = shr(s[i], 32);
    V4_UNROLL
    for (unsigned c = 0; c < W; c += 4) mat4_half(l + c, m4), mat4_half(h + c, m4);
    V4_UNROLL
    for (unsigned j = 0; j < 4; j++) {
        sl[j] = l[j];
        sh[j] = h[j];
        V4_UNROLL
        for (unsigned c = 4; c < W; c += 4) sl[j] = add64(sl[j], l[c + j]), sh[j] = add64(sh[j], h[c + j]);
    }
    V4_UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = combine_nc(add64(l[i], sl[i & 3]), add64(h[i], sh[i & 3]));
}

/* k x for k in 1..4 without multiplying */
V4_INLINE v4 times_small(v4 x, int k) {
    switch (k) {
    case 1: return x;
    case 2: return add64(x, x);
    case 3: return add64(add64(x, x), x);
    default: return shl(x, 2);
    }
}

/* S + V x on halves: (Sl, Sh) are the unreduced half-sums of the state */
V4_INLINE v4 small_term(v4 Sl, v4 Sh, v4 x, int num, int shift) {
    if (shift || num < 0) x = canon(x); /* div2k and p - x need x < p */
    v4 y = shift ? div2k(x, shift) : x;
    if (num < 0) y = sub64(set1(HS_GL_P), y); /* -y as a value in (0, p] */
    int k = num < 0 ? -num : num;
    v4 yl = _mm256_and_si256(y, set1(HS_GL_EPS)), yh = shr(y, 32);
    return combine_nc(add64(Sl, times_small(yl, k)), add64(Sh, times_small(yh, k)));
}

V4_INLINE void int_linear(const v4 *diag, v4 *s, const unsigned W, const unsigned dsmall) {
    v4 Sl = _mm256_setzero_si256(), Sh = _mm256_setzero_si256();
    V4_UNROLL
    for (unsigned i = 0; i < W; i++) Sl = add64(Sl, _mm256_and_si256(s[i], set1(HS_GL_EPS))), Sh = add64(Sh, shr(s[i], 32));
    if (dsmall == 8 || dsmall == 12) {
        /* spelled out so the constants are literals whatever the compiler unrolls */
        if (dsmall == 8) {
            s[0] = small_term(Sl, Sh, s[0], -2, 0);
            s[1] = small_term(Sl, Sh, s[1], 1, 0);
            s[2] = small_term(Sl, Sh, s[2], 2, 0);
            s[3] = small_term(Sl, Sh, s[3], 1, 1);
            s[4] = small_term(Sl, Sh, s[4], 3, 0);
            s[5] = small_term(Sl, Sh, s[5], -1, 1);
            s[6] = small_term(Sl, Sh, s[6], -3, 0);
            s[7] = small_term(Sl, Sh, s[7], -4, 0);
        } else {
            s[0] = small_term(Sl, Sh, s[0], -2, 0);
            s[1] = small_term(Sl, Sh, s[1], 1, 0);
            s[2] = small_term(Sl, Sh, s[2], 2, 0);
            s[3] = small_term(Sl, Sh, s[3], 1, 1);
            s[4] = small_term(Sl, Sh, s[4], 3, 0);
            s[5] = small_term(Sl, Sh, s[5], 4, 0);
            s[6] = small_term(Sl, Sh, s[6], -1, 1);
            s[7] = small_term(Sl, Sh, s[7], -3, 0);
            s[8] = small_term(Sl, Sh, s[8], -4, 0);
            s[9] = small_term(Sl, Sh, s[9], 1, 2);
            s[10] = small_term(Sl, Sh, s[10], -1, 2);
            s[11] = small_term(Sl, Sh, s[11], 1, 3);
        }
    } else {
        v4 S = canon(combine_nc(Sl, Sh));
        V4_UNROLL
        for (unsigned i = 0; i < W; i++) s[i] = add_c(mul_nc(diag[i], s[i]), S);
    }
}

/* ---- permutation of 4 states ---- */

/* 4x4 transpose of 64-bit words: r[i] lane j -> r[j] lane i */
V4_INLINE void transpose4(v4 *r) {
    v4 t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    v4 t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

V4_INLINE void permute4(const hs_p2gl_params *pp, uint64_t *st, const unsigned W, unsigned m4, const unsigned dsmall) {
    v4 s[HS_P2GL_MAX_WIDTH], diag[HS_P2GL_MAX_WIDTH];
    V4_UNROLL
    for (unsigned c = 0; c < W; c += 4) {
        V4_UNROLL
        for (unsigned k = 0; k < 4; k++) s[c + k] = _mm256_loadu_si256((const __m256i *)(st + k * W + c));
        transpose4(s + c);
    }
    for (unsigned i = 0; i < W; i++) diag[i] = set1(pp->diag[i]);
    ext_linear(s, W, m4);
    for (unsigned r = 0; r < HS_P2GL_HALF_FULL; r++) {
        V4_UNROLL
        for (unsigned i = 0; i < W; i++) s[i] = sbox7_nc(add_c(s[i], set1(pp->rc_init[r][i])));
        ext_linear(s, W, m4);
    }
    for (unsigned r = 0; r < pp->partial; r++) {
        s[0] = sbox7_nc(add_c(s[0], set1(pp->rc_int[r])));
        int_linear(diag, s, W, dsmall);
    }
    for (unsigned r = 0; r < HS_P2GL_HALF_FULL; r++) {
        V4_UNROLL
        for (unsigned i = 0; i < W; i++) s[i] = sbox7_nc(add_c(s[i], set1(pp->rc_final[r][i])));
        ext_linear(s, W, m4);
    }
    V4_UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = canon(s[i]);
    V4_UNROLL
    for (unsigned c = 0; c < W; c += 4) {
        transpose4(s + c);
        V4_UNROLL
        for (unsigned k = 0; k < 4; k++) _mm256_storeu_si256((__m256i *)(st + k * W + c), s[c + k]);
    }
}

static void permute4_8_p3(const hs_p2gl_params *pp, uint64_t *st) { permute4(pp, st, 8, HS_P2GL_M4_PLONKY3, 8); }
static void permute4_12_p3(const hs_p2gl_params *pp, uint64_t *st) { permute4(pp, st, 12, HS_P2GL_M4_PLONKY3, 12); }
static void permute4_8_any(const hs_p2gl_params *pp, uint64_t *st) { permute4(pp, st, 8, pp->m4, pp->diag_small); }
static void permute4_12_any(const hs_p2gl_params *pp, uint64_t *st) {
    permute4(pp, st, 12, pp->m4, pp->diag_small);
}

void hs_p2gl_permute_many_avx2(const hs_p2gl_params *pp, uint64_t *states, size_t n) {
    const unsigned w = pp->width;
    int p3 = pp->m4 == HS_P2GL_M4_PLONKY3 && pp->diag_small == w;
    void (*fn)(const hs_p2gl_params *, uint64_t *) =
        w == 8 ? (p3 ? permute4_8_p3 : permute4_8_any) : (p3 ? permute4_12_p3 : permute4_12_any);
    size_t k = 0;
    for (; k + 4 <= n; k += 4) fn(pp, states + k * w);
    for (; k < n; k++) hs_p2gl_permute(pp, states + k * w);
}

/* Test hook: the packed operations on n lanes (n a multiple of 4), canonical results. */
void hs_p2gl_avx2_ops(unsigned op, uint64_t *out, const uint64_t *a, const uint64_t *b, size_t n) {
    for (size_t i = 0; i + 4 <= n; i += 4) {
        v4 x = _mm256_loadu_si256((const __m256i *)(a + i)), y = _mm256_loadu_si256((const __m256i *)(b + i)), r;
        switch (op) {
        case 0: r = mul_nc(x, y); break;
        case 1: r = hs_gl4_square_nc(x); break;
        case 2: r = add_c(x, y); break;
        case 3: r = combine_nc(x, y); break;
        case 4: r = x; break;
        case 5: r = div2k(x, 1); break;
        case 6: r = div2k(x, 2); break;
        case 7: r = div2k(x, 3); break;
        default: r = sbox7_nc(x); break;
        }
        _mm256_storeu_si256((__m256i *)(out + i), canon(r));
    }
}
