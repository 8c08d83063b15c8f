/* Ring switching (Diamond and Posen, eprint 2024/504, Construction 3.1): a multilinear over GF(2)
 * committed packed, 128 of its values a GF(2^128) element, opened at a point of GF(2^128) through
 * FRI-Binius (binfri.h) with no embedding overhead. Protocol and soundness: docs/PCS.md.
 *
 * Packing. t has n = l + 7 variables over GF(2); packed[v] (v < 2^l) holds t(u, v) as bit u
 * (u < 128: variables 0..6, variable k = bit k of u), so packed is t', a multilinear over K =
 * GF(2^128) in the l variables 7..n-1, with t'(v) = sum_u t(u, v) X^u. The commitment is
 * FRI-Binius's on packed (params.n_vars = l).
 *
 * Opening of t(r) = s, r = (r_lo: 7 coordinates, r_hi: l). The prover sends s_u = t(u, r_hi) for
 * the 128 u (each in K); the verifier checks s = sum_u eq(r_lo, u) s_u. Writing s_u in bits,
 * s_u = sum_w b[u][w] X^w, the row elements are s^row_w = sum_u b[u][w] X^u (a 128 x 128 bit
 * transpose), and s^row_w = sum_v e_w(v) t'(v) where e_w(v) is bit w of eq(r_hi, v). The verifier
 * samples r' (7 coordinates) and FRI-Binius proves sum_v t'(v) A(v) = sum_w eq(r', w) s^row_w with
 * the weight A(v) = sum_w eq(r', w) e_w(v). Its extension at the sumcheck's challenges c is
 * sum_w eq(r', w) c_w where sum_w X^w (x) c_w is the element prod_k ((1 + r_hi,k) (x) (1 + c_k) +
 * r_hi,k (x) c_k) of the tensor algebra K (x)_GF(2) K, which the verifier computes in O(l 128^2)
 * bit operations.
 *
 * Challenges in L = GF(2^256) (params chal_ext 2): the point, the value and the s_u stay in K; r'
 * and the sumcheck's challenges c are drawn from L, so the row claim, the weight A (two linear
 * maps of eq(r_hi, v), one per coordinate of L over K) and the algebra's coefficients c_w
 * (K (x)_GF(2) L) are in L, and FRI-Binius opens over L (binfri.h). */
#ifndef HS_COMMIT_RINGSW_H
#define HS_COMMIT_RINGSW_H

#include "commit/binfri.h"

#define HS_RINGSW_LOG_PACK 7 /* 128 GF(2) values an element */

/* t(point) for a packed table (2^l elements, point: l + 7 coordinates). */
hs_gf128 hs_ringsw_eval(const hs_gf128 *packed, unsigned l, const hs_gf128 *point);

/* Prover: the claim t(point) = value on a witness of hs_binfri_commit over packed (p->n_vars = l);
 * point has l + 7 coordinates. Absorbs point and value. */
int hs_ringsw_open(const hs_binfri_params *p, hs_binfri_witness *wit, const hs_gf128 *point, hs_gf128 value,
                   hs_transcript *t, hs_writer *w, unsigned threads, const char **why);
/* Verifier of hs_ringsw_open; 0 with *why ("ringsw: partial evaluations against the value",
 * "ringsw: truncated partial evaluations", or FRI-Binius's reasons). */
int hs_ringsw_verify(const hs_binfri_params *p, const hs_binfri_commitment *comm, const hs_gf128 *point,
                     hs_gf128 value, hs_transcript *t, hs_reader *r, const char **why);
/* Several claims t(points[j]) = values[j] (j < k <= HS_RINGSW_MAX_CLAIMS) on one witness, in one
 * FRI-Binius opening: each claim's partial evaluations and row batch as above (in order), then, for
 * k > 1, one challenge gamma and the opening of sum_j gamma^j (claim j's weighted sum) with the
 * weight sum_j gamma^j A_j. k = 1 is hs_ringsw_open / hs_ringsw_verify byte for byte. Soundness: each
 * claim's row batch, and (k - 1)/|F| for the powers of gamma (a nonzero polynomial of degree k - 1). */
#define HS_RINGSW_MAX_CLAIMS 4
int hs_ringsw_open_many(const hs_binfri_params *p, hs_binfri_witness *wit, unsigned k, const hs_gf128 *const *points,
                        const hs_gf128 *values, hs_transcript *t, hs_writer *w, unsigned threads, const char **why);
int hs_ringsw_verify_many(const hs_binfri_params *p, const hs_binfri_commitment *comm, unsigned k,
                          const hs_gf128 *const *points, const hs_gf128 *values, hs_transcript *t, hs_reader *r,
                          const char **why);
/* The commitment interface (mlc.h): field GF(2^128) (points, values), n_vars = l + 7, table = the
 * 2^l packed elements. Soundness: FRI-Binius's terms and the row batch's ("ringsw.batch"). */
hs_mlc hs_ringsw_mlc(const hs_binfri_params *p);

#endif
