/* Poseidon-Goldilocks (poseidon_gl.h) internals shared by poseidon_gl.c and the AVX-512 batch
 * kernel (private to src/hash): the MDS convolution kernels and the fast partial rounds' tables. */
#ifndef HS_HASH_POSEIDON_GL_IMPL_H
#define HS_HASH_POSEIDON_GL_IMPL_H

#include <stddef.h>
#include <stdint.h>

#define HS_PGL_W 12
#define HS_PGL_HALF_FULL 4
#define HS_PGL_PARTIAL 22

extern const uint64_t hs_poseidon_gl12_rc[30][12], hs_poseidon_gl12_mds_circ[12], hs_poseidon_gl12_mds_diag[12];

typedef struct {
    int64_t k1[3], k2[3], k3[6]; /* C' mod z^3-1, mod z^3+1, 2 (C' mod z^6+1) */
    int fast_ok;
    uint64_t first_rc[HS_PGL_W];                  /* added to all lanes before the partial rounds */
    uint64_t init[HS_PGL_W - 1][HS_PGL_W - 1];    /* Ah of D_0, applied to lanes 1..11 */
    uint64_t rc0[HS_PGL_PARTIAL];                 /* added to lane 0 after the S-box of partial round r */
    uint64_t row0[HS_PGL_PARTIAL][HS_PGL_W];      /* (a00, what) of S_r */
    uint64_t col0[HS_PGL_PARTIAL][HS_PGL_W - 1];  /* b of S_r */
} hs_pgl_tables;

/* The tables, computed at first use (thread-safe). */
const hs_pgl_tables *hs_pgl_tables_get(void);

/* y = C' x mod z^12 - 1 for 0 <= x[i] < 2^32 (see poseidon_gl.c); |intermediates| < 2^45, results
 * in [0, 2^41). Written once for a signed 64-bit lane type T and its unsigned twin U: int64_t
 * here, GCC/clang vector types in the vector kernel. */
#define HS_PGL_CONV12_HALF_DEF(name, T, U)                                                            \
    static inline __attribute__((always_inline)) void name(const hs_pgl_tables *tb, const T *x, T *y) { \
        T a[6], b[6], a1[3], a2[3], p1[3], p2[3], p3[6], r2[6];                                       \
        for (unsigned k = 0; k < 6; k++) a[k] = x[k] + x[k + 6], b[k] = x[k] - x[k + 6];             \
        for (unsigned k = 0; k < 3; k++) a1[k] = a[k] + a[k + 3], a2[k] = a[k] - a[k + 3];           \
        _Pragma("GCC unroll 16") for (unsigned r = 0; r < 3; r++) {                                   \
            p1[r] = tb->k1[r] * a1[0];                                                                \
            p2[r] = tb->k2[r] * a2[0];                                                                \
            _Pragma("GCC unroll 16") for (unsigned j = 1; j < 3; j++) {                               \
                p1[r] += tb->k1[(r + 3 - j) % 3] * a1[j];                                             \
                p2[r] += (j <= r ? tb->k2[r - j] : -tb->k2[r + 3 - j]) * a2[j];                       \
            }                                                                                         \
        }                                                                                             \
        _Pragma("GCC unroll 16") for (unsigned r = 0; r < 6; r++) {                                   \
            p3[r] = tb->k3[r] * b[0];                                                                 \
            _Pragma("GCC unroll 16") for (unsigned j = 1; j < 6; j++)                                 \
                p3[r] += (j <= r ? tb->k3[r - j] : -tb->k3[r + 6 - j]) * b[j];                        \
        }                                                                                             \
        /* 2 (Y mod z^6 - 1) from its residues mod z^3 -+ 1, then Y from mod z^6 -+ 1 (exact) */    \
        for (unsigned k = 0; k < 3; k++) r2[k] = p1[k] + p2[k], r2[k + 3] = p1[k] - p2[k];           \
        for (unsigned k = 0; k < 6; k++) {                                                            \
            y[k] = (T)((U)(r2[k] + p3[k]) >> 2);                                                      \
            y[k + 6] = (T)((U)(r2[k] - p3[k]) >> 2);                                                  \
        }                                                                                             \
    }

#endif
