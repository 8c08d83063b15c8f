/* Scalar building blocks shared by rescue.c and rescue_avx2.c (private to src/hash).
 * States are lazy inside a permutation: any uint64 congruent mod p (field/gl_ext3.h); the
 * permutations canonicalize once at the end. */
#ifndef HS_HASH_RESCUE_IMPL_H
#define HS_HASH_RESCUE_IMPL_H

#include "field/gl_ext3.h"
#include "hash/rpo.h"

/* The S-box helpers take lane counts as arguments; they must be inlined where the counts are
 * constants (clang otherwise keeps generic loops and runs about 40% slower). */
#define HS_RESCUE_INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define HS_RESCUE_NOUNROLL _Pragma("nounroll")
#else
#define HS_RESCUE_NOUNROLL
#endif

/* The circulant MDS product out[i] = sum_k row[k] x[(i + k) mod 12], row = (7, 23, 8, 26, 13, 10,
 * 9, 7, 6, 22, 21, 8), on one 32-bit half of the inputs, in exact integer arithmetic.
 * As a cyclic convolution mod z^12 - 1 it splits by CRT into mod z^6 - 1 (then z^3 - 1 and
 * z^3 + 1) and mod z^6 + 1; the matrix was chosen so that in that basis its parts are
 * (16, 8, 16) cyclic, (-8, 1, 1) negacyclic and (-1, -1, 4, -2, -1, -8) negacyclic (with the
 * CRT's 1/4 folded in), so only shifts and additions remain. Intermediate values may be negative:
 * uint64 wrap-around is exact here because every output is the true sum, 0 <= y < 2^41.
 * tests/test_rpo.c checks it against the plain matrix product. */
/* Written once for any type T with wrapping 64-bit lanes: uint64_t here, GCC/clang vector types in
 * the vector kernels (rescue_kern.inc). */
#define HS_RESCUE_MDS_HALF_DEF(name, T)                                                                 \
    static inline void name(T y[HS_RESCUE_WIDTH], const T x[HS_RESCUE_WIDTH]) {                         \
        T u0 = x[0] + x[6], u1 = x[1] + x[7], u2 = x[2] + x[8];                                         \
        T u3 = x[3] + x[9], u4 = x[4] + x[10], u5 = x[5] + x[11];                                       \
        T v0 = x[0] - x[6], v1 = x[1] - x[7], v2 = x[2] - x[8];                                         \
        T v3 = x[3] - x[9], v4 = x[4] - x[10], v5 = x[5] - x[11];                                       \
        /* mod z^3 - 1 and z^3 + 1 of the z^6 - 1 part */                                               \
        T a0 = u0 + u3, a1 = u1 + u4, a2 = u2 + u5;                                                     \
        T b0 = u0 - u3, b1 = u1 - u4, b2 = u2 - u5;                                                     \
        T sa = (a0 + a1 + a2) << 4;                                                                     \
        T s10 = sa - (a2 << 3), s11 = sa - (a0 << 3), s12 = sa - (a1 << 3);                             \
        T s20 = 0 - (b0 << 3) - b1 - b2, s21 = b0 - (b1 << 3) - b2, s22 = b0 + b1 - (b2 << 3);          \
        /* the z^6 + 1 part: 6-term negacyclic product */                                               \
        T d0 = (v1 << 3) + v2 + (v3 << 1) + v5 - v0 - (v4 << 2);                                        \
        T d1 = (v2 << 3) + v3 + (v4 << 1) - v0 - v1 - (v5 << 2);                                        \
        T d2 = (v0 << 2) + (v3 << 3) + v4 + (v5 << 1) - v1 - v2;                                        \
        T d3 = (v1 << 2) + (v4 << 3) + v5 - (v0 << 1) - v2 - v3;                                        \
        T d4 = (v2 << 2) + (v5 << 3) - v0 - (v1 << 1) - v3 - v4;                                        \
        T d5 = (v3 << 2) - (v0 << 3) - v1 - (v2 << 1) - v4 - v5;                                        \
        T p0 = s10 + s20, p1 = s11 + s21, p2 = s12 + s22; /* z^6 - 1 part, first half */                \
        T m0 = s10 - s20, m1 = s11 - s21, m2 = s12 - s22; /* second half */                             \
        y[0] = p0 + d0, y[1] = p1 + d1, y[2] = p2 + d2;                                                 \
        y[3] = m0 + d3, y[4] = m1 + d4, y[5] = m2 + d5;                                                 \
        y[6] = p0 - d0, y[7] = p1 - d1, y[8] = p2 - d2;                                                 \
        y[9] = m0 - d3, y[10] = m1 - d4, y[11] = m2 - d5;                                               \
    }
HS_RESCUE_MDS_HALF_DEF(hs_rescue_mds_half, uint64_t)

/* lo + hi * 2^32 mod p (lazy) for lo, hi < 2^42. */
static inline uint64_t hs_rescue_join(uint64_t lo, uint64_t hi) {
    uint64_t s;
    uint64_t carry = __builtin_add_overflow(lo, hi << 32, &s);
    return hs_gl_add_lazy(s, ((hi >> 32) + carry) * HS_GL_EPS); /* 2^64 = EPS; the addend < 2^43 < p */
}

static inline void hs_rescue_mds_lazy(uint64_t s[HS_RESCUE_WIDTH]) {
    uint64_t lo[HS_RESCUE_WIDTH], hi[HS_RESCUE_WIDTH];
    for (int i = 0; i < HS_RESCUE_WIDTH; i++) lo[i] = s[i] & 0xffffffffu, hi[i] = s[i] >> 32;
    hs_rescue_mds_half(lo, lo);
    hs_rescue_mds_half(hi, hi);
    for (int i = 0; i < HS_RESCUE_WIDTH; i++) s[i] = hs_rescue_join(lo[i], hi[i]);
}

HS_RESCUE_INLINE void hs_rescue_add_rc_lazy(uint64_t *s, const uint64_t *rc, int n) {
    for (int i = 0; i < n; i++) s[i] = hs_gl_add_lazy(s[i], rc[i]);
}
HS_RESCUE_INLINE void hs_rescue_sbox_lazy(uint64_t *s, int n) {
    for (int i = 0; i < n; i++) s[i] = hs_gl_pow7_lazy(s[i]);
}

/* x^(1/7) on n independent lanes: the chain of hs_gl_pow_inv7_lazy written layer by layer so
 * the CPU overlaps the lanes' multiplications. */
HS_RESCUE_INLINE void hs_rescue_sq_n(uint64_t *t, int n, int times) {
    HS_RESCUE_NOUNROLL
    for (int r = 0; r < times; r++)
        for (int i = 0; i < n; i++) t[i] = hs_gl_square_lazy(t[i]);
}
HS_RESCUE_INLINE void hs_rescue_mul_into(uint64_t *t, const uint64_t *u, int n) {
    for (int i = 0; i < n; i++) t[i] = hs_gl_mul_lazy(t[i], u[i]);
}
HS_RESCUE_INLINE void hs_rescue_inv_sbox_lazy(uint64_t *s, int n) {
    uint64_t x2[HS_RESCUE_WIDTH], x4[HS_RESCUE_WIDTH], a2[HS_RESCUE_WIDTH], a4[HS_RESCUE_WIDTH];
    uint64_t y3[HS_RESCUE_WIDTH], t[HS_RESCUE_WIDTH];
    for (int i = 0; i < n; i++) {
        x2[i] = hs_gl_square_lazy(s[i]);
        x4[i] = hs_gl_square_lazy(x2[i]);
        a2[i] = hs_gl_mul_lazy(hs_gl_square_lazy(x4[i]), s[i]); /* x^9 = x^(1001b) */
        t[i] = a2[i];
    }
    hs_rescue_sq_n(t, n, 6);
    hs_rescue_mul_into(t, a2, n);
    for (int i = 0; i < n; i++) a4[i] = t[i];
    hs_rescue_sq_n(t, n, 12);
    hs_rescue_mul_into(t, a4, n);
    hs_rescue_sq_n(t, n, 6);
    hs_rescue_mul_into(t, a2, n); /* y = x^u */
    for (int i = 0; i < n; i++) {
        uint64_t y2 = hs_gl_square_lazy(t[i]);
        y3[i] = hs_gl_mul_lazy(y2, t[i]);
        t[i] = y2;
    }
    hs_rescue_sq_n(t, n, 31);
    hs_rescue_mul_into(t, y3, n);
    hs_rescue_sq_n(t, n, 4);
    for (int i = 0; i < n; i++) s[i] = hs_gl_mul_lazy(t[i], hs_gl_mul_lazy(hs_gl_mul_lazy(x4[i], x2[i]), s[i]));
}

/* RPX (E) S-box: (s[3k], s[3k+1], s[3k+2]) -> its 7th power in F_p[phi]/(phi^3 - phi - 1). */
static inline void hs_rescue_ext_sbox_lazy(uint64_t s[HS_RESCUE_WIDTH]) {
    for (int k = 0; k < 4; k++) {
        hs_gl3phi x = {{s[3 * k], s[3 * k + 1], s[3 * k + 2]}};
        x = hs_gl3phi_pow7_lazy(x);
        s[3 * k] = x.c[0], s[3 * k + 1] = x.c[1], s[3 * k + 2] = x.c[2];
    }
}

HS_RESCUE_INLINE void hs_rescue_canonical(uint64_t *s, int n) {
    for (int i = 0; i < n; i++) s[i] = hs_gl_from_u64(s[i]);
}

#endif
