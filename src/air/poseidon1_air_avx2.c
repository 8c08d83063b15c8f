/* The Poseidon1 constraint evaluator on 8 rows at once (one row per AVX2 lane), for the prover's
 * quotient. Compiled with -mavx2; reached only after hs_cpu_has_avx2().
 *
 * Where the time goes (width 16, per permutation): 128 full-round S-boxes and 8 MDS layers, the
 * 148 constraints into the accumulator (d products each), and the partial block's 35 affine
 * forms (1035 products of a constant with a committed value).
 * - MDS, width 16 (entries below 128): the cube outputs are split into 16-bit halves and each
 *   half multiplied by M exactly in 32-bit integer lanes, as a cyclic convolution through the
 *   CRT split z^16 - 1 = (z - 1)(z + 1)(z^2 + 1)(z^4 + 1)(z^8 + 1) (86 products, no reduction;
 *   the kernels in hs_p1air_tables are scaled so that the recombination yields 16 M h exactly).
 *   The halves combine with a multiplication by 2^-16 (shifts and one small product), which
 *   gives sigma M y with sigma = 2^-12. So a full round's constraint is evaluated as
 *   2^-12 post - 2^-12 M y (2^-12 post: shifts again) into an accumulator of its own, whose sum
 *   is multiplied by 2^12 once at the end.
 * - MDS, width 24 (large entries): each lane a 64-bit lazy sum of 24 Montgomery products.
 * - The affine forms: 64-bit lazy sums (even and odd lanes apart), folded every 4 products, one
 *   REDC a form. The terms are committed values, so the forms do not wait on each other. */
#include "air/air_eval_avx2.h"
#include "air/poseidon1_air.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL
#define PV _mm256_set1_epi32((int)HS_KB_P)
#define MUV _mm256_set1_epi32((int)HS_KB_MU)

/* ---- lazy sums ---- */

/* REDC(seed + sum_i coef[i] x[i]) in [0, p); xo[i] = x[i] >> 32 (the odd lanes), x[i] < p.
 * Products are below (p - 1)^2 < 2^62 - 2^55 and a folded sum below 2^57, so 4 products fit
 * between folds, and REDC takes a folded sum (below p 2^32). The terms go in chunks of 4: n is
 * rounded up, the coefficients past n being zero and x, xo readable there. */
AI __m256i form8(uint32_t seed, const hs_kb *coef, const __m256i *x, const __m256i *xo, const unsigned n) {
    __m256i e = _mm256_set1_epi64x((long long)seed), o = e;
    for (unsigned i = 0; i < n; i += 4) {
        UNROLL
        for (unsigned l = i; l < i + 4; l++) {
            const __m256i cv = _mm256_set1_epi32((int)coef[l]);
            e = _mm256_add_epi64(e, _mm256_mul_epu32(x[l], cv));
            o = _mm256_add_epi64(o, _mm256_mul_epu32(xo[l], cv));
        }
        e = hs_air_acc8_fold(e), o = hs_air_acc8_fold(o);
    }
    return hs_mt8_redc_pairs(e, o, PV, MUV);
}

AI void odd8(__m256i *xo, const __m256i *x, const unsigned n) {
    for (unsigned i = 0; i < n; i++) xo[i] = _mm256_srli_epi64(x[i], 32);
}

/* t[0..w) <- M t (Montgomery entries), any width */
AI void mds_dense(const hs_p1_params *pp, __m256i *t, const unsigned w) {
    __m256i to[HS_P1_MAX_WIDTH], y[HS_P1_MAX_WIDTH];
    odd8(to, t, w);
    for (unsigned i = 0; i < w; i++) y[i] = form8(0, pp->mont.mds[i], t, to, w);
    for (unsigned i = 0; i < w; i++) t[i] = y[i];
}

/* ---- width 16: the CRT convolution on 32-bit integer lanes ---- */

AI __m256i mul32(__m256i x, int32_t c) { return _mm256_mullo_epi32(x, _mm256_set1_epi32(c)); }

/* y = N x modulo 2^32 for the n x n matrix N */
AI void matvec32(__m256i *y, const int32_t *N, const __m256i *x, const unsigned n) {
    UNROLL
    for (unsigned k = 0; k < n; k++) {
        __m256i s = mul32(x[0], N[k * n]);
        UNROLL
        for (unsigned j = 1; j < n; j++) s = _mm256_add_epi32(s, mul32(x[j], N[k * n + j]));
        y[k] = s;
    }
}

/* x (16 values) -> 16 M x modulo 2^32: residues modulo z^8 + 1, z^4 + 1, z^2 + 1, z + 1, z - 1
 * (a butterfly per level), each multiplied by its kernel, and back (the inverse butterflies;
 * the kernels' scaling stands in for the halvings). */
static __attribute__((noinline)) void conv16(const hs_p1air_tables *tb, __m256i *x) {
    __m256i r8[8], r4[4], r2[2];
    const int32_t *N[3] = {&tb->n8[0][0], &tb->n4[0][0], &tb->n2[0][0]};
    __m256i *res[3] = {r8, r4, r2};
    unsigned h = 8;
    UNROLL
    for (unsigned lv = 0; lv < 3; lv++, h /= 2) {
        __m256i dif[8];
        UNROLL
        for (unsigned k = 0; k < h; k++) dif[k] = _mm256_sub_epi32(x[k], x[k + h]), x[k] = _mm256_add_epi32(x[k], x[k + h]);
        matvec32(res[lv], N[lv], dif, h);
    }
    const __m256i p1 = mul32(_mm256_add_epi32(x[0], x[1]), tb->k1), pm1 = mul32(_mm256_sub_epi32(x[0], x[1]), tb->km1);
    x[0] = _mm256_add_epi32(p1, pm1), x[1] = _mm256_sub_epi32(p1, pm1);
    h = 2;
    UNROLL
    for (unsigned lv = 3; lv-- > 0; h *= 2) {
        UNROLL
        for (unsigned k = 0; k < h; k++) {
            const __m256i q = res[lv][k];
            x[k + h] = _mm256_sub_epi32(x[k], q), x[k] = _mm256_add_epi32(x[k], q);
        }
    }
}

/* t (16 values in [0, p)) -> 2^-12 M t in [0, p): with t = h 2^16 + l, the convolution gives
 * H = 16 M h < 2^28 and L = 16 M l < 2^29 exactly, and 2^-12 M t = H + L 2^-16. With
 * L = a 2^16 + b, L 2^-16 = a - 127 2^8 b mod p (2^-16 = -(2^7 - 1) 2^8 for p = 127 2^24 + 1),
 * so H + a - 127 2^8 b lies in (-p, 2^28 + 2^13). */
AI void mds16(const hs_p1air_tables *tb, __m256i *t) {
    const __m256i mask = _mm256_set1_epi32(0xffff);
    __m256i lo[16], hi[16];
    UNROLL
    for (unsigned i = 0; i < 16; i++) lo[i] = _mm256_and_si256(t[i], mask), hi[i] = _mm256_srli_epi32(t[i], 16);
    conv16(tb, lo);
    conv16(tb, hi);
    UNROLL
    for (unsigned i = 0; i < 16; i++) {
        __m256i a = _mm256_srli_epi32(lo[i], 16), b = _mm256_and_si256(lo[i], mask);
        t[i] = hs_mt8_canon_s(_mm256_sub_epi32(_mm256_add_epi32(hi[i], a), mul32(b, 127 << 8)), PV);
    }
}

/* ---- the instantiation ---- */

typedef struct {
    hs_air_acc8 main, full; /* full: the width-16 full-round constraints, scaled by 2^-12 */
} acc_pair;

#define T __m256i
#define SUB(x, y) hs_kb8x_sub(x, y)
#define CUBE(x) hs_mt8_cube_s(x, PV, MUV)
/* x in [0, p) and c - p in [-p, 0): the sum is a signed S-box input */
#define CUBE_ADDC(x, c) hs_mt8_cube_s(_mm256_add_epi32(x, _mm256_set1_epi32((int)((c) - HS_KB_P))), PV, MUV)
#define MDS(t) (W == 16 ? mds16(tb, t) : mds_dense(tb->pp, t, W))
#define SCALE(x) (W == 16 ? hs_mt8_mul_2exp_neg_c(x, 12, 7, HS_KB_TWO_ADICITY, PV) : (x))
#define PREP(vo, v, n) odd8(vo, v, ((n) + 3) / 4 * 4)
#define LIN(j, v, vo, n) form8(tb->seed[j], tb->coef[j], v, vo, n)
#define EMIT(k, c) hs_air_acc8_emit(&((acc_pair *)acc)->main, k, c)
#define EMIT_FULL(k, c) hs_air_acc8_emit(W == 16 ? &((acc_pair *)acc)->full : &((acc_pair *)acc)->main, k, c)
#define FN eval_vec
#include "air/poseidon1_air_eval.inc"

static __attribute__((noinline)) void eval16(const hs_p1air_tables *tb, unsigned nv, size_t rec, const __m256i *cols,
                                             acc_pair *acc) {
    eval_vec(tb, nv, rec, cols, acc, 16, 20);
}
static __attribute__((noinline)) void eval24(const hs_p1air_tables *tb, unsigned nv, size_t rec, const __m256i *cols,
                                             acc_pair *acc) {
    eval_vec(tb, nv, rec, cols, acc, 24, 23);
}

int hs_p1air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                             hs_kbe out[8]);
int hs_p1air_eval_rows8_avx2(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow, void *buf,
                             hs_kbe out[8]) {
    const hs_p1air_tables *tb = a->params;
    const int w16 = tb->width == 16 && tb->partial == 20 && tb->crt, w24 = tb->width == 24 && tb->partial == 23;
    if (!w16 && !w24) return 0;
    __m256i *cols = buf;
    hs_air_load_cols8(cols, rows, a->width);
    acc_pair acc;
    hs_air_acc8_init(&acc.main, d, pow);
    hs_air_acc8_init(&acc.full, d, pow);
    if (w16)
        eval16(tb, a->v, a->slot_stride, cols, &acc);
    else
        eval24(tb, a->v, a->slot_stride, cols, &acc);
    hs_air_acc8_finish(&acc.main, out);
    if (w16) {
        hs_kbe f[8];
        const hs_kb s = hs_kb_from_u32(1u << 12);
        hs_air_acc8_finish(&acc.full, f);
        for (unsigned j = 0; j < 8; j++) out[j] = hs_kbe_add(out[j], hs_kbe_mul_base(f[j], s));
    }
    return 1;
}
