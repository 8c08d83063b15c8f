/* The additive NTT over GF(2^128) (field/gf2_128.h): Lin, Chung and Han's transform (arXiv
 * 1404.3458) between the coefficients of a polynomial in their novel polynomial basis and its values
 * on an F2-linear subspace, with the Gao-Mateer basis of that subspace, as Binius64 uses it.
 *
 * Basis: beta_127 = X^121 (an element of trace 1), beta_i = beta_{i+1}^2 + beta_{i+1}, which ends in
 * beta_0 = 1. S_l = span(beta_0, ..., beta_{l-1}); point k of S_l is the sum of beta_i over the bits
 * i of k. With q(x) = x^2 + x, q(beta_{i+1}) = beta_i, so the vanishing polynomial of S_i is q
 * composed i times, W_i, and W_i(beta_i) = beta_0 = 1: it is already normalized. The novel basis is
 * X_j(x) = product of W_i(x) over the bits i of j; a polynomial of 2^l coefficients c_j means
 * P(x) = sum c_j X_j(x), degree < 2^l.
 *
 * The transform: P(x) = E(q(x)) + x O(q(x)), E and O the even and odd coefficients in the same basis
 * one level down (W_i(x) = W_{i-1}(q(x)), W_0(x) = x), and q maps S_l two-to-one onto S_{l-1} with
 * q(x) = q(x + 1). So P(x) = E(y) + x O(y) and P(x + 1) = P(x) + O(y), y = q(x): a butterfly u += t v,
 * v += u with twiddle t = x. In place, layer d (from l - 1 down to 0) pairs the positions that differ
 * in bit d, and the pair in block b (the bits above d) has twiddle t_b = sum of beta_{i+1} over the
 * bits i of b. The inverse runs the layers the other way with v += u, u += t v. l 2^(l-1) products.
 *
 * Data: data[pos * cols + c], pos < 2^l, c < cols: cols independent transforms (columns) at once, so
 * a butterfly works on runs of 2^d cols elements with one twiddle; forward takes coefficients in
 * index order and leaves the value at point pos in row pos. Every kernel (the SIMD level in use) and
 * every thread count gives the same bits. */
#ifndef HS_POLY_ADDITIVE_NTT_H
#define HS_POLY_ADDITIVE_NTT_H

#include <stddef.h>
#include <stdint.h>

#include "field/gf2_128.h"

#define HS_ANTT_MAX_LOG 40

/* beta_i, i < 128 */
hs_gf128 hs_antt_beta(unsigned i);
/* point k of the subspace: the sum of beta_i over the bits i of k */
hs_gf128 hs_antt_point(uint64_t k);

/* In place, log_n <= HS_ANTT_MAX_LOG, cols >= 1; threads >= 1. */
void hs_antt_forward(hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads);
void hs_antt_inverse(hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads);
/* The same with the given kernels (tests and benchmarks compare them). */
void hs_antt_forward_with(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads);
void hs_antt_inverse_with(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads);

#endif
