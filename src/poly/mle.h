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

/* eq(a, b) for two points of n coordinates. */
hs_kb5 hs_mle_eq(const hs_kb5 *a, const hs_kb5 *b, unsigned n);

/* out[x] = scale * eq(z, x) for x in {0,1}^n (2^n entries, index bit n-1-i <-> z[i]). */
void hs_mle_eq_table(hs_kb5 *out, const hs_kb5 *z, unsigned n, hs_kb5 scale, unsigned threads);

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

#endif
