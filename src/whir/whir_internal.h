/* WHIR internals exposed for tests/test_whir.c only (not part of the module's interface; the hs_whir_debug_
 * functions exist only in the testing build). */
#ifndef HS_WHIR_WHIR_INTERNAL_H
#define HS_WHIR_WHIR_INTERNAL_H

#include "whir/whir.h"

#ifdef HS_TESTING /* the testing build's (util/verify.h): compiled out of the shipped library */
/* sum_g <c_g, F_g> over the first sumcheck's constraint groups (equals sum_x f(x) W(x)), and the
 * combined claim sum gamma^j v_j in *claim. */
hs_kb5 hs_whir_debug_group_sum(const hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st, hs_kb5 gamma,
                               hs_kb5 *claim, unsigned threads);
/* Oracle 0's matrix: 2^log_leaves rows of width = 2^k_0 words, bit-reversed rows. */
const hs_kb *hs_whir_debug_leaves(const hs_whir_witness *wit, size_t *width, unsigned *log_leaves);
void hs_whir_debug_ood(const hs_whir_witness *wit, hs_kb5 *pts, hs_kb5 *vals);
/* hs_whir_open with a dishonest final polynomial that still satisfies the final sumcheck and
 * the final check (g' = g + e_0 - (W[0]/W[1]) e_1): only the query check against the last oracle
 * catches it. Needs final_vars >= 1. */
int hs_whir_debug_open_cheat(const hs_whir_params *p, hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st,
                             hs_transcript *t, hs_writer *w, unsigned threads);
/* Mobius transform of the rows (evaluations -> coefficients over the row index), in memory
 * passes of 2^tile_log words (16 in the prover; smaller reaches the gathering passes). */
void hs_whir_debug_mobius(hs_kb *mat, unsigned log_rows, size_t w, unsigned tile_log, unsigned threads);
#endif

/* The verifier's weight of the initial constraints at rho (n coordinates). */
hs_kb5 hs_whir_weight0(unsigned n, const hs_whir_commitment *comm, const hs_whir_statement *st, size_t n_st,
                       hs_kb5 gamma, const hs_kb5 *rho);

/* ---- kernels (portable, with AVX2 and AVX-512 twins in hs_whir_kernels) ----
 * dot5:  out[c] = sum_{y < len} f[y] * e[c * stride + y] for c < 5 (e: a K table stored as 5 rows
 *        of base values, "SoA").
 * fold4: lazy base-by-K sums: for c < 5, y < len, t = sum_{i < nf} f[i][y] * wv[i].c[c] as a
 *        64-bit integer (nf <= 4, so t < 2^64); lo[c * stride + pos(y)] += t mod 2^32 and
 *        hi[..] += t >> 32, pos(y) putting the even entries of each group of 8 first. */
void hs_whir_dot5_portable(const hs_kb *f, const hs_kb *e, size_t stride, size_t len, hs_kb out[5]);
void hs_whir_fold4_portable(uint64_t *lo, uint64_t *hi, size_t stride, const hs_kb *const *f, size_t nf,
                            const hs_kb5 *wv, size_t len);
/* hi[i] -= lo[i] for i < w (the Mobius transform's row step); dst[i] += src[i]. */
void hs_whir_rows_sub_portable(hs_kb *hi, const hs_kb *lo, size_t w);
void hs_whir_rows_add_portable(hs_kb *dst, const hs_kb *src, size_t w);
/* eq_split: out[n + i] = z (ta[i] - tb[i]), out[i] = (ta[i] + tb[i]) - out[n + i] for i < n
 * (tb == NULL reads zeros); with acc != 0 both are added to out instead. */
void hs_whir_eq_split_portable(hs_kb *out, const hs_kb *ta, const hs_kb *tb, size_t n, hs_kb z, int acc);
/* The five as one set per instruction set: portable, AVX2 (whir_avx2.c) and AVX-512
 * (whir_avx512.c); a set the build lacks is the portable one under that name. */
typedef struct {
    const char *name;
    void (*dot5)(const hs_kb *f, const hs_kb *e, size_t stride, size_t len, hs_kb out[5]);
    void (*fold4)(uint64_t *lo, uint64_t *hi, size_t stride, const hs_kb *const *f, size_t nf, const hs_kb5 *wv,
                  size_t len);
    void (*rows_sub)(hs_kb *hi, const hs_kb *lo, size_t w);
    void (*rows_add)(hs_kb *dst, const hs_kb *src, size_t w);
    void (*eq_split)(hs_kb *out, const hs_kb *ta, const hs_kb *tb, size_t n, hs_kb z, int acc);
} hs_whir_kernels;
extern const hs_whir_kernels hs_whir_kernels_portable;
extern const hs_whir_kernels hs_whir_kernels_avx2;
extern const hs_whir_kernels hs_whir_kernels_avx512;
/* The highest of AVX-512, AVX2, portable that hs_cpu_simd_level() allows. */
const hs_whir_kernels *hs_whir_kernels_best(void);

#endif
