/* The Poseidon1 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * Where the time goes (width 16, per permutation): 148 S-boxes, 8 MDS layers, the 148 constraints
 * into the accumulator (d products each), and the partial block's 35 affine forms (1035 products
 * of a constant with a committed value). At d = 4, of 2.25 us for a row of 8 permutations
 * (docs/BENCHMARKS.md): forms 0.7, accumulator 0.5, MDS layers 0.45, the rest (S-boxes, the
 * 2^-12 scaling, the transpose of the row) 0.6. Nearly all of it is vector multiplications.
 * - MDS, width 16 (entries below 128): the batch kernel's layer (hash/poseidon1_kb_mds16_avx2.h:
 *   16-bit halves, each multiplied by M exactly in 32-bit integer lanes as a CRT cyclic
 *   convolution, 86 products, no reduction), which gives sigma M y with sigma = 2^-12. So a full
 *   round's constraint is evaluated as 2^-12 post - 2^-12 M y (2^-12 post: shifts and one small
 *   product) into an accumulator of its own, whose sum is multiplied by 2^12 once at the end.
 * - MDS, width 24 (large entries): each lane a 64-bit lazy sum of 24 Montgomery products.
 * - The affine forms: 64-bit lazy sums (even and odd lanes apart), folded every 4 products, one
 *   REDC a form, four forms at a time sharing each term's loads. The terms are committed values,
 *   so the forms do not wait on each other (the constraints on the cubes come after them all).
 *   Folding with shifts instead of the product measured no faster. */
#include <pthread.h>

#include "air/air_eval_avx2.h"
#include "air/poseidon1_air.h"
#include "hash/poseidon1_kb_mds16_avx2.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL
#define PV _mm256_set1_epi32((int)HS_KB_P)
#define MUV _mm256_set1_epi32((int)HS_KB_MU)

/* ---- lazy sums ---- */

/* out[f] = REDC(seed[f] + sum_i coef[f * stride + i] x[i]) in [0, p) for f < 4 (seed NULL: 0),
 * xo[i] = x[i] >> 32 (the odd lanes), x[i] < p. Products are below (p - 1)^2 < 2^62 - 2^55 and a
 * folded sum below 2^57, so 4 products fit between folds, and REDC takes a folded sum (below
 * p 2^32). Four sums at once load each term once; the terms go in chunks of 4: n is rounded up,
 * the coefficients past n being zero and x, xo readable there. */
AI void dot4(__m256i out[4], const uint32_t *seed, const hs_kb *coef, const size_t stride, const __m256i *x,
             const __m256i *xo, const unsigned n) {
    __m256i e[4], o[4];
    UNROLL
    for (unsigned f = 0; f < 4; f++) e[f] = o[f] = _mm256_set1_epi64x(seed ? (long long)seed[f] : 0);
    for (unsigned i = 0; i < n; i += 4) {
        UNROLL
        for (unsigned l = i; l < i + 4; l++) {
            const __m256i xl = x[l], xol = xo[l];
            UNROLL
            for (unsigned f = 0; f < 4; f++) {
                const __m256i cv = _mm256_set1_epi32((int)coef[f * stride + l]);
                e[f] = _mm256_add_epi64(e[f], _mm256_mul_epu32(xl, cv));
                o[f] = _mm256_add_epi64(o[f], _mm256_mul_epu32(xol, cv));
            }
        }
        UNROLL
        for (unsigned f = 0; f < 4; f++) e[f] = hs_air_acc8_fold(e[f]), o[f] = hs_air_acc8_fold(o[f]);
    }
    UNROLL
    for (unsigned f = 0; f < 4; f++) out[f] = hs_mt8_redc_pairs(e[f], o[f], PV, MUV);
}

AI void odd8(__m256i *xo, const __m256i *x, const unsigned n) {
    for (unsigned i = 0; i < n; i++) xo[i] = _mm256_srli_epi64(x[i], 32);
}

/* all forms of the partial block over the terms x, four at a time (the last block's spare forms
 * are the tables' zero rows); a block runs over its longest form's terms */
AI void forms8(const hs_p1air_tables *tb, __m256i *f, const __m256i *x, const unsigned W, const unsigned P) {
    __m256i xo[HS_P1AIR_FORM_STRIDE];
    const unsigned nt = (W - 1 + P + 3) / 4 * 4;
    odd8(xo, x, nt);
    for (unsigned j = 0; j < P + W - 1; j += 4) {
        const unsigned n = hs_p1air_form_terms(W, P, j + 3 < P + W - 2 ? j + 3 : P + W - 2);
        dot4(f + j, tb->seed + j, tb->coef[j], HS_P1AIR_FORM_STRIDE, x, xo, (n + 3) / 4 * 4);
    }
}

/* t[0..w) <- M t (Montgomery entries), w a multiple of 4 */
AI void mds_dense(const hs_p1_params *pp, __m256i *t, const unsigned w) {
    __m256i to[HS_P1_MAX_WIDTH], y[HS_P1_MAX_WIDTH];
    odd8(to, t, w);
    for (unsigned i = 0; i < w; i += 4) dot4(y + i, NULL, pp->mont.mds[i], HS_P1_MAX_WIDTH, t, to, w);
    for (unsigned i = 0; i < w; i++) t[i] = y[i];
}

/* ---- width 16: the CRT layer (hash/poseidon1_kb_mds16_avx2.h), computing 2^-12 M t ---- */

static hs_p1x8_mds16_kernels mds16_kb16;
static pthread_once_t mds16_once = PTHREAD_ONCE_INIT;
static void mds16_init(void) { hs_p1x8_mds16_init(&mds16_kb16, hs_p1_kb16()); }

/* ---- the instantiation ---- */

/* what the evaluator's acc points to */
typedef struct {
    hs_air_acc8 main, full; /* full: the width-16 full-round constraints, scaled by 2^-12 */
    const hs_p1x8_mds16_kernels *mds16;
} ctx8;

#define T __m256i
#define SUB(x, y) hs_kb8x_sub(x, y)
#define CUBE(x) hs_mt8_cube_s(x, PV, MUV)
/* x in [0, p) and c - p in [-p, 0): the sum is a signed S-box input */
#define CUBE_ADDC(x, c) hs_mt8_cube_s(_mm256_add_epi32(x, _mm256_set1_epi32((int)((c) - HS_KB_P))), PV, MUV)
#define MDS(t) (W == 16 ? hs_p1x8_mds16(((ctx8 *)acc)->mds16, t) : mds_dense(tb->pp, t, W))
#define SCALE(x) (W == 16 ? hs_mt8_mul_2exp_neg_c(x, 12, 7, HS_KB_TWO_ADICITY, PV) : (x))
#define FORMS(f, v) forms8(tb, f, v, W, P)
#define EMIT(k, c) hs_air_acc8_emit(&((ctx8 *)acc)->main, k, c)
#define EMIT_FULL(k, c) hs_air_acc8_emit(W == 16 ? &((ctx8 *)acc)->full : &((ctx8 *)acc)->main, k, c)
#define FN eval_vec
#include "air/poseidon1_air_eval.inc"

static __attribute__((noinline)) void eval16(const hs_p1air_tables *tb, unsigned nv, size_t rec, const __m256i *cols,
                                             ctx8 *acc) {
    eval_vec(tb, nv, rec, cols, acc, 16, 20);
}
static __attribute__((noinline)) void eval24(const hs_p1air_tables *tb, unsigned nv, size_t rec, const __m256i *cols,
                                             ctx8 *acc) {
    eval_vec(tb, nv, rec, cols, acc, 24, 23);
}

/* The tables exist for hs_p1_kb16() (whose MDS row takes the CRT layer) and hs_p1_kb24() only. */
hs_air_rows8_local_fn hs_p1air_eval_rows8_avx2;
void hs_p1air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                              hs_kbe out[8]) {
    const hs_p1air_tables *tb = a->params;
    const int w16 = tb->width == 16;
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    ctx8 cx;
    hs_air_acc8_init(&cx.main, d, pow);
    hs_air_acc8_init(&cx.full, d, pow);
    if (w16) {
        pthread_once(&mds16_once, mds16_init);
        cx.mds16 = &mds16_kb16;
        eval16(tb, a->v, a->slot_stride, cols, &cx);
    } else {
        eval24(tb, a->v, a->slot_stride, cols, &cx);
    }
    hs_air_acc8_finish(&cx.main, out);
    if (w16) {
        hs_kbe f[8];
        const hs_kb s = hs_kb_from_u32(1u << 12);
        hs_air_acc8_finish(&cx.full, f);
        for (unsigned j = 0; j < 8; j++) out[j] = hs_kbe_add(out[j], hs_kbe_mul_base(f[j], s));
    }
}
