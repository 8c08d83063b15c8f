/* Multilinear tables over KoalaBear with values or points in the degree-5 challenge field K
 * (the gkr backend's and WHIR's tables). A table f of 2^n entries is the multilinear polynomial f^
 * with f^(x) = f[x] on the cube; variable i (i = 0..n-1) is bit n-1-i of the index, so variable 0 is
 * the most significant bit ("x_1" in 1-based notation) and is the first one a sumcheck binds: folding it
 * combines f[i] and f[i + 2^(n-1)], two contiguous halves.
 *
 * eq(a, x) = prod_i (a_i x_i + (1 - a_i)(1 - x_i)).
 * Every function that walks a table of 2^n entries takes a thread count (OpenMP; the result does
 * not depend on it). */
#ifndef HS_POLY_MLE_H
#define HS_POLY_MLE_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"
#include "field/kb_ext.h"

/* ---- the table layout: five planes ----
 * A table of K values is stored as five planes (structure of arrays): plane c holds coordinate c of
 * every entry, so a vector kernel loads LANES entries of a coordinate with one instruction. The
 * gkr layer's columns use planes `cap` entries apart (hs_gkr_plane_cap in gkr/gkr.h), WHIR's eq
 * tables planes 2^n apart, and the generic sumcheck's blocked layout (sumcheck/sc_internal.h) is
 * planes 8 apart repeated every 40 words (row_step 40 in hs_mle_eq_planes). */
typedef struct {
    hs_kb *p[5];
} hs_mle_k5;

/* The plane view of a table stored as 5 planes `stride` entries apart from buf. */
static inline hs_mle_k5 hs_mle_k5_planes(hs_kb *buf, size_t stride) {
    hs_mle_k5 a;
    for (int c = 0; c < 5; c++) a.p[c] = buf + (size_t)c * stride;
    return a;
}
static inline hs_mle_k5 hs_mle_k5_at(hs_mle_k5 a, size_t off) {
    for (int c = 0; c < 5; c++) a.p[c] += off;
    return a;
}
static inline hs_kb5 hs_mle_k5_get(hs_mle_k5 a, size_t x) {
    return (hs_kb5){{a.p[0][x], a.p[1][x], a.p[2][x], a.p[3][x], a.p[4][x]}};
}
static inline void hs_mle_k5_set(hs_mle_k5 a, size_t x, hs_kb5 v) {
    for (int c = 0; c < 5; c++) a.p[c][x] = v.c[c];
}

/* eq(a, b) for two points of n coordinates. */
hs_kb5 hs_mle_eq(const hs_kb5 *a, const hs_kb5 *b, unsigned n);

/* out[x] = scale * eq(z, x) for x in {0,1}^n (2^n entries, index bit n-1-i <-> z[i]). */
void hs_mle_eq_table(hs_kb5 *out, const hs_kb5 *z, unsigned n, hs_kb5 scale, unsigned threads);

/* A new table of 2^n entries, eq(z, .) (hs_mle_eq_table); NULL on OOM (hs_free it). */
hs_kb5 *hs_mle_eq_new(const hs_kb5 *z, unsigned n, unsigned threads);

/* scale * eq(z, x) for x in {0,1}^n into planes, as the outer product of the eq tables of the top
 * n - nl and the low nl variables (one K product per entry): entry x = h 2^nl + l (h < 2^(n-nl),
 * l < 2^nl) goes to hs_mle_k5_at(t, h * row_step) at l. row_step 2^nl is one flat table; nl <= n,
 * row_step >= 2^nl. Allocates only when n - nl > 8 (never with nl = hs_mle_eq_low_bits(n)); 0 on OOM. */
static inline unsigned hs_mle_eq_low_bits(unsigned n) { return n - (n / 2 < 8 ? n / 2 : 8); }
int hs_mle_eq_planes(hs_mle_k5 t, size_t row_step, const hs_kb5 *z, unsigned n, unsigned nl, hs_kb5 scale,
                     unsigned threads);

/* The suffix eq tables of z (n variables) in one set of planes t (2^(n-stop) - 1 entries):
 * E_i = eq(z[i+1..n-1], .) (2^(n-1-i) entries) at offset 2^(n-1-i) - 1, for i = n-1 down to stop
 * (stop < n), each E_i one doubling of E_{i+1} (z[i+1] becomes its most significant variable). */
void hs_mle_suffix_eq_planes(hs_mle_k5 t, const hs_kb5 *z, unsigned n, unsigned stop, unsigned threads);
/* The same suffix tables as one flat table T of K values (same offsets). */
void hs_mle_suffix_eq_table(hs_kb5 *T, const hs_kb5 *z, unsigned n, unsigned stop, unsigned threads);

/* f^(z) for a base-field or K-valued table of 2^n entries. */
hs_kb5 hs_mle_eval_base(const hs_kb *f, unsigned n, const hs_kb5 *z, unsigned threads);
hs_kb5 hs_mle_eval_ext(const hs_kb5 *f, unsigned n, const hs_kb5 *z, unsigned threads);

/* Binds variable 0 to r: out[i] = f[i] + r * (f[i + half] - f[i]) for i < half.
 * The _ext form may work in place (out == f). */
void hs_mle_fold_base(hs_kb5 *out, const hs_kb *f, size_t half, hs_kb5 r, unsigned threads);
void hs_mle_fold_ext(hs_kb5 *out, const hs_kb5 *f, size_t half, hs_kb5 r, unsigned threads);

/* ---- additions (kernels) ---- */

/* out[i] = lo[i] + r * (hi[i] - lo[i]) for i < cnt, one thread: the kernel under hs_mle_fold_base. */
void hs_mle_fold_base_portable(hs_kb5 *out, const hs_kb *lo, const hs_kb *hi, size_t cnt, hs_kb5 r);

/* Row kernels of the eq builders on planes; portable, AVX2 (mle_avx2.c) and AVX-512 (mle_avx512.c)
 * sets from one body (mle_packed.inc) give identical results (tests/test_mle.c).
 *   eq_rows: for rows h in [h0, h1), hs_mle_k5_at(out, h * row_step)[l] = hi[h] * lo[l], l < L
 *   eq_step: hi_out[x] = z src[x], lo_out[x] = src[x] - hi_out[x] for x in [x0, x1) (lo_out may
 *            be src; one product per pair) */
typedef struct {
    const char *name;
    void (*eq_rows)(hs_mle_k5 out, size_t row_step, const hs_kb5 *hi, size_t h0, size_t h1, hs_mle_k5 lo, size_t L);
    void (*eq_step)(hs_mle_k5 src, hs_mle_k5 lo_out, hs_mle_k5 hi_out, hs_kb5 z, size_t x0, size_t x1);
} hs_mle_kernels;
void hs_mle_eq_rows_portable(hs_mle_k5 out, size_t row_step, const hs_kb5 *hi, size_t h0, size_t h1, hs_mle_k5 lo,
                             size_t L);
void hs_mle_eq_step_portable(hs_mle_k5 src, hs_mle_k5 lo_out, hs_mle_k5 hi_out, hs_kb5 z, size_t x0, size_t x1);
extern const hs_mle_kernels hs_mle_kernels_portable;
extern const hs_mle_kernels hs_mle_kernels_avx2;   /* the portable set without AVX2 at build time */
extern const hs_mle_kernels hs_mle_kernels_avx512; /* the portable set without AVX-512 at build time */
/* The highest of AVX-512, AVX2, portable that hs_cpu_simd_level() allows. */
const hs_mle_kernels *hs_mle_kernels_best(void);

#endif
