/* Internal pieces of the FRI PCS (pcs.c), shared by prover, verifier and tests/test_fri.c.
 * Not part of the public interface.
 *
 * Folding. A layer of n = 2^log_n challenge-field values lives on shift*K_n in bit-reversed order
 * (value i at shift * w_n^bitrev(i)); values are packed, d words each. The 2^a consecutive values
 * of coset j are F at x_j * zeta, zeta over the 2^a-th roots of unity, x_j = shift *
 * w_n^bitrev_{log_n - a}(j). Folding by 2^a is a binary folds with beta, beta^2, beta^4, ...:
 *     f'(x^2) = (f(x) + f(-x))/2 + beta (f(x) - f(-x))/(2x),
 * which gives sum_i beta^i f_i(y) where f(x) = sum_{i < 2^a} x^i f_i(x^(2^a)). The folded value
 * of coset j is value j of the next layer (on shift^(2^a) * K_{n/2^a}, bit-reversed). One
 * function folds one coset for both prover and verifier.
 *
 * Lazy dot products. Products of two Montgomery words (< p^2 < 2^62) are summed exactly: sums of
 * 4 (< 2^64) are split into a low and a high 32-bit part added into two 64-bit accumulators, and
 * hs_fri_lazy_finish turns (lo, hi) into the Montgomery form of the sum of the products. */
#ifndef HS_FRI_FRI_INTERNAL_H
#define HS_FRI_FRI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "field/kbe.h"
#include "fri/pcs.h"

/* S = hi * 2^32 + lo (as integers, hi + lo/2^32 < p * 2^32) -> S * 2^-32 mod p, i.e. the
 * Montgomery form of the sum of the products whose raw sum is S. */
static inline hs_kb hs_fri_lazy_finish(uint64_t lo, uint64_t hi) {
    uint64_t v = hi + (lo >> 32);
    /* v * 2^-32 * R^2 * 2^-32 = v; lo's low word contributes l0 * 2^-32 */
    return hs_kb_add(hs_kb_mul(hs_kb_redc(v), HS_KB_R2), hs_kb_redc((uint32_t)lo));
}

static inline size_t hs_fri_bitrev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++, i >>= 1) r = (r << 1) | (i & 1);
    return r;
}

/* Points shift * root^bitrev_bits(i), produced in aligned blocks of 2^s = min(256, 2^bits)
 * consecutive indices: for i = blk*2^s + t, bitrev(i) = bitrev_{bits-s}(blk) + (bitrev_s(t) <<
 * (bits - s)), so the block is one base point times a fixed table. */
#define HS_FRI_BLK_LOG 8
typedef struct {
    unsigned bits, s;
    hs_kb shift, root;
    hs_kb tab[1u << HS_FRI_BLK_LOG];
} hs_fri_brdom;

static inline void hs_fri_brdom_init(hs_fri_brdom *b, unsigned bits, hs_kb shift, hs_kb root) {
    b->bits = bits;
    b->s = bits < HS_FRI_BLK_LOG ? bits : HS_FRI_BLK_LOG;
    b->shift = shift;
    b->root = root;
    hs_kb r = root, pw[1u << HS_FRI_BLK_LOG];
    for (unsigned k = 0; k < bits - b->s; k++) r = hs_kb_square(r);
    pw[0] = HS_KB_ONE;
    for (size_t t = 1; t < ((size_t)1 << b->s); t++) pw[t] = hs_kb_mul(pw[t - 1], r);
    for (size_t t = 0; t < ((size_t)1 << b->s); t++) b->tab[t] = pw[hs_fri_bitrev(t, b->s)];
}
/* The 2^s points of block blk. */
static inline void hs_fri_brdom_block(const hs_fri_brdom *b, size_t blk, hs_kb *out) {
    hs_kb base = hs_kb_mul(b->shift, hs_kb_exp(b->root, hs_fri_bitrev(blk, b->bits - b->s)));
    for (size_t t = 0; t < ((size_t)1 << b->s); t++) out[t] = hs_kb_mul(base, b->tab[t]);
}
/* One point (the verifier's way). */
static inline hs_kb hs_fri_brdom_point(hs_kb shift, hs_kb root, unsigned bits, size_t i) {
    return hs_kb_mul(shift, hs_kb_exp(root, hs_fri_bitrev(i, bits)));
}

/* Column kernel (barycentric sums): for k < nw and c < nc,
 *     out[k*nc + c] = sum_{i < nr} wts[k][i] * mat[i*w + c0 + c]   (Montgomery products),
 * nw <= 16, nc <= 64, nr <= 2^24. Row kernel (DEEP combination): out[k] = sum_{c < n} a[k][c] *
 * row[c], nw <= 16, n <= 2^28. */
#define HS_FRI_COLMAC_MAX_NW 16
#define HS_FRI_COLMAC_MAX_NC 64
typedef struct {
    const char *name;
    void (*colmac)(const hs_kb *mat, size_t w, size_t c0, size_t nc, size_t nr, const hs_kb *const *wts,
                   unsigned nw, hs_kb *out);
    void (*rowdot)(const hs_kb *row, size_t n, const hs_kb *const *a, unsigned nw, hs_kb *out);
} hs_fri_kernels;

extern const hs_fri_kernels hs_fri_kernels_portable;
extern const hs_fri_kernels hs_fri_kernels_avx2; /* the portable set where AVX2 is not built */
#ifdef HS_HAVE_AVX512
extern const hs_fri_kernels hs_fri_kernels_avx512; /* fri_avx512.c */
#endif
/* The highest of AVX-512, AVX2, portable that hs_cpu_simd_level() allows. */
const hs_fri_kernels *hs_fri_kernels_best(void);

/* Folds one coset: v holds 2^log_arity packed values (d words each) of layer points x*zeta
 * (bit-reversed zeta), xinv = 1/x. Returns sum_i beta^i f_i(x^(2^log_arity)). log_arity <= 4. */
hs_kbe hs_fri_fold_coset(unsigned d, const hs_kb *v, unsigned log_arity, hs_kb xinv, hs_kbe beta);

/* Folds a whole layer: in has 2^log_n packed values on shift*K (bit-reversed), out receives
 * 2^(log_n - log_arity) packed values. */
void hs_fri_fold_layer(unsigned d, const hs_kb *in, hs_kb *out, unsigned log_n, unsigned log_arity, hs_kb shift,
                       hs_kbe beta, unsigned threads);

/* Barycentric evaluation of the w columns of the first h = 2^log_h rows of mat (evaluations of
 * polynomials of degree < h on g*H in bit-reversed order, g = 3) at the n_points (<= 2) points z
 * (outside g*H) of the degree-d challenge field: out[p*w + c] = p_c(z[p]). Uses `kern` (NULL: the
 * best set). Returns 0 on bad arguments or out of memory. */
int hs_fri_bary_eval(const hs_fri_kernels *kern, unsigned d, const hs_kb *mat, unsigned log_h, size_t w,
                     const hs_kbe *z, unsigned n_points, hs_kbe *out, unsigned threads);

/* The DEEP combination shared by prover and verifier. With alpha powers counted over (matrix,
 * point, column), F(x) = sum_z (A_z(x) - C_z) / (x - z) over the distinct points z, where
 *   M_m(x) = sum_c alpha^c f_{m,c}(x),  coef_{m,p} = alpha^(off_m + p*w_m),
 *   A_z(x) = sum_{(m,p) at z} coef_{m,p} M_m(x),  C_z = sum_{(m,p) at z} coef_{m,p} M_m-values,
 * which is the header's sum of alpha^k (f(x) - f(z)) / (x - z). */
typedef struct {
    unsigned d;
    size_t n_mats, wmax;
    hs_kb *apow;             /* d arrays of wmax words: coordinate j of alpha^c at apow[j*wmax + c] */
    const hs_kb *aptr[HS_KBE_MAX];
    hs_kbe *coef;            /* n_mats * 2 */
    unsigned *zi;            /* n_mats * 2: index of the point in z */
    unsigned nz;             /* distinct points */
    hs_kbe *z, *cz;          /* nz each */
} hs_fri_deep;

/* From alpha and the claims (points, values). Returns 0 on out of memory (s then safe to free). */
int hs_fri_deep_init(hs_fri_deep *s, unsigned d, const hs_pcs_claim *claims, size_t n_mats, hs_kbe alpha);
void hs_fri_deep_free(hs_fri_deep *s);
/* F on all N = 2^(log_h + log_blowup) rows of g*K (bit-reversed), packed d words per value, from
 * the committed LDEs. Normally A_z is computed on the first h rows (g*H) only and extended by an
 * LDE, which is exact for committed (low-degree) matrices and halves the work; direct != 0
 * computes A_z from all N rows instead (tests: the reference, and how a matrix that is not
 * low-degree reaches the FRI rounds). Returns 0 on out of memory. */
int hs_fri_deep_quotient(const hs_fri_kernels *kern, const hs_ntt_plan *plan, const hs_fri_deep *s,
                         const hs_pcs_claim *claims, const hs_kb *const *lde, unsigned log_h, unsigned log_blowup,
                         int direct, hs_kb *F, unsigned threads);
/* F at one point x of g*K from the opened rows (rows[m]: claims[m].width words). */
hs_kbe hs_fri_deep_at(const hs_fri_kernels *kern, const hs_fri_deep *s, const hs_pcs_claim *claims,
                      const hs_kb *const *rows, hs_kb x);

/* Test hooks (pcs.c): the committed LDE of a matrix, writable, and a re-commit of it (rebuilds the
 * Merkle tree from the current LDE; with direct != 0, hs_pcs_open then computes the DEEP quotient
 * from all LDE rows). Only for tests that commit to data that is not low-degree. */
hs_kb *hs_pcs_test_lde_mut(hs_pcs_matrix *m);
int hs_pcs_test_recommit(hs_pcs_matrix *m, int direct, unsigned threads);

#endif
