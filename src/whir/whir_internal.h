/* WHIR internals exposed for tests/test_whir.c only (not part of the module's interface). */
#ifndef HS_WHIR_WHIR_INTERNAL_H
#define HS_WHIR_WHIR_INTERNAL_H

#include "whir/whir.h"

/* sum_g <c_g, F_g> over the first sumcheck's constraint groups (equals sum_x f(x) W(x)), and the
 * combined claim sum gamma^j v_j in *claim. */
hs_kb5 hs_whir_debug_group_sum(const hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st, hs_kb5 gamma,
                               hs_kb5 *claim, unsigned threads);
/* Oracle 0's matrix: 2^log_leaves rows of width = 2^k_0 words, bit-reversed rows. */
const hs_kb *hs_whir_debug_leaves(const hs_whir_witness *wit, size_t *width, unsigned *log_leaves);
void hs_whir_debug_ood(const hs_whir_witness *wit, hs_kb5 *pts, hs_kb5 *vals);
/* The verifier's weight of the initial constraints at rho (n coordinates). */
hs_kb5 hs_whir_debug_weight0(unsigned n, const hs_whir_commitment *comm, const hs_whir_statement *st, size_t n_st,
                             hs_kb5 gamma, const hs_kb5 *rho);
/* Mobius transform of the rows (evaluations -> coefficients over the row index). */
void hs_whir_debug_mobius(hs_kb *mat, unsigned log_rows, size_t w, unsigned threads);

#endif
