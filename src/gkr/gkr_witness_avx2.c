/* AVX2 kernels of the gkr witness for Poseidon2-KB16 and -KB24: the fused row kernel
 * (gkr_witness.h), one body compiled for each width. */
#include "field/kb_avx2.h"
#include "gkr/gkr.h"
#include "gkr/gkr_witness_avx2.h"

/* ---- the fused row kernel (gkr_witness.h; the block layout of gkr_witness_avx2.h) ----
 * The partial rounds of the two groups interleave, so one lane-0 S-box chain runs while the other
 * waits. */

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL
#define G HS_GKR_WG
enum { MW = HS_GKR_MAX_WIDTH };

typedef struct {
    __m256i P, MU;
    __m256i rc_full[2 * HS_GKR_HALF][MW]; /* rc of the initial, then the final full layers */
    __m256i rc_part[HS_GKR_MAX_PARTIAL];
} wconst;

/* M_I = J + diag(V); Plonky3's V as a small factor (0: a power) and an exponent e for
 * V = sign(e) 2^-|e|. KoalaBear-16: -2, 1, 2, 1/2, 3, 4, -1/2, -3, -4, 2^-8, 2^-3, 2^-24, -2^-8,
 * -2^-3, -2^-4, -2^-24; KoalaBear-24: -2, 1, 2, 1/2, 3, 4, -1/2, -3, -4, 2^-8, 2^-2 .. 2^-6,
 * 2^-24, -2^-8, -2^-3 .. -2^-7, -2^-9, -2^-24. tests/test_gkr_witness.c checks both against the
 * portable kernel (hs_p2_internal_linear). */
static const int8_t v_small16[16] = {-2, 1, 2, 0, 3, 4, 0, -3, -4, 0, 0, 0, 0, 0, 0, 0};
static const int8_t v_exp16[16] = {0, 0, 0, 1, 0, 0, -1, 0, 0, 8, 3, 24, -8, -3, -4, -24};
static const int8_t v_small24[24] = {-2, 1, 2, 0, 3, 4, 0, -3, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
static const int8_t v_exp24[24] = {0, 0, 0, 1, 0, 0, -1, 0, 0, 8, 2, 3, 4, 5, 6, 24, -8, -3, -4, -5, -6, -7, -9, -24};

/* sum + V x for V given by (c, e) (constants fold once the lane loop is unrolled). */
AI __m256i add_vx(__m256i sum, __m256i x, const int c, const int e, __m256i P) {
    const int k = e < 0 ? -e : e;
    __m256i t;
    if (c == 1 || c == -1)
        t = x;
    else if (c == 2 || c == -2)
        t = hs_mt8_add(x, x, P);
    else if (c == 3 || c == -3)
        t = hs_mt8_add(hs_mt8_add(x, x, P), x, P);
    else if (c == 4 || c == -4)
        t = hs_mt8_add(x, x, P), t = hs_mt8_add(t, t, P);
    else
        t = k == 1 ? hs_mt8_halve(x, P) : hs_mt8_mul_2exp_neg_c(x, k, 7, HS_KB_TWO_ADICITY, P);
    return c < 0 || e < 0 ? hs_mt8_sub(sum, t, P) : hs_mt8_add(sum, t, P);
}

/* pre = u + rc into the columns d (if d[0]); then, unless last, u = M_E (pre^3). */
AI void full_layer_w(const wconst *K, __m256i (*s)[MW], const __m256i *rc, hs_kb *const *d, size_t x, int nt, int last,
                     const unsigned W) {
    if (!hs_gkr_full_sbox(s, rc, d, x, nt, last, W, K->P, K->MU)) return;
    UNROLL
    for (unsigned h = 0; h < G; h++) hs_p2x8_external_linear(s[h], W, K->P);
}
/* One out-of-line copy per width for all 8 full layers. */
static __attribute__((noinline)) void full_layer16(const wconst *K, __m256i (*s)[MW], const __m256i *rc,
                                                   hs_kb *const *d, size_t x, int nt, int last) {
    full_layer_w(K, s, rc, d, x, nt, last, 16);
}
static __attribute__((noinline)) void full_layer24(const wconst *K, __m256i (*s)[MW], const __m256i *rc,
                                                   hs_kb *const *d, size_t x, int nt, int last) {
    full_layer_w(K, s, rc, d, x, nt, last, 24);
}

AI void block_w(const wconst *K, const hs_gkr_wit_job *job, size_t x, int nt, const unsigned W, const unsigned R,
                const int8_t *vs, const int8_t *ve) {
    const __m256i Pv = K->P;
    __m256i s[G][MW];
    hs_gkr_load_rows(job, s, x, nt, W);
    UNROLL
    for (unsigned h = 0; h < G; h++) hs_p2x8_external_linear(s[h], W, Pv);
    for (unsigned L = 0; L < HS_GKR_HALF; L++)
        (W == 16 ? full_layer16 : full_layer24)(K, s, K->rc_full[L], job->full[L], x, nt, L + 1 == job->layers);
    if (job->layers < 2 * HS_GKR_HALF + R) return;
    UNROLL
    for (unsigned j = 1; j < W; j++) hs_gkr_put(job->basis[j - 1], x, s[0][j], s[1][j], nt);
    for (unsigned q = 0; q < R; q++) {
        __m256i rest[G], y[G];
        UNROLL
        for (unsigned h = 0; h < G; h++) rest[h] = hs_p2x8_sum_rest(s[h], W, Pv), y[h] = hs_mt8_add(s[h][0], K->rc_part[q], Pv);
        hs_gkr_put(job->part[q], x, y[0], y[1], nt);
        UNROLL
        for (unsigned h = 0; h < G; h++) y[h] = hs_mt8_cube_s(y[h], Pv, K->MU);
        if (q + 1 < R) hs_gkr_put(job->basis[W - 1 + q], x, y[0], y[1], nt);
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            const __m256i sum = hs_mt8_add(rest[h], y[h], Pv);
            s[h][0] = hs_mt8_sub(rest[h], y[h], Pv); /* V_0 = -2 */
            UNROLL
            for (unsigned j = 1; j < W; j++) s[h][j] = add_vx(sum, s[h][j], vs[j], ve[j], Pv);
        }
    }
    for (unsigned L = HS_GKR_HALF; L < 2 * HS_GKR_HALF; L++)
        (W == 16 ? full_layer16 : full_layer24)(K, s, K->rc_full[L], job->full[L], x, nt, 0);
    hs_gkr_store_out(job, s, x, nt, W);
}

static void block16(const void *K, const hs_gkr_wit_job *job, size_t x, int nt) {
    block_w(K, job, x, nt, 16, 20, v_small16, v_exp16);
}
static void block24(const void *K, const hs_gkr_wit_job *job, size_t x, int nt) {
    block_w(K, job, x, nt, 24, 23, v_small24, v_exp24);
}

static void rows_p2(const hs_gkr_wit_job *job, size_t lo, size_t m, hs_gkr_wit_block blk) {
    const hs_gkr_perm *p = job->perm;
    wconst K;
    K.P = _mm256_set1_epi32((int)HS_KB_P), K.MU = _mm256_set1_epi32((int)HS_KB_MU);
    for (unsigned L = 0; L < 2 * HS_GKR_HALF; L++)
        for (unsigned j = 0; j < p->width; j++) K.rc_full[L][j] = _mm256_set1_epi32((int)p->rc_full[L][j]);
    for (unsigned q = 0; q < p->partial; q++) K.rc_part[q] = _mm256_set1_epi32((int)p->rc_pre[q]);
    hs_gkr_wit_blocks(&K, job, lo, m, blk);
}

void hs_gkr_wit_rows_p2kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { rows_p2(job, lo, m, block16); }
void hs_gkr_wit_rows_p2kb24_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { rows_p2(job, lo, m, block24); }
