/* AVX2 kernels of the gkr witness for Poseidon1-KB16 and -KB24: the fused row kernel (gkr_witness.h) over
 * the description's rounds (src/gkr/gkr_perm.h): textbook full rounds with the circulant M, the
 * block entry m_i (u + cbar), the sparse partial rounds S_r (src/hash/poseidon1_kb.h). The layout
 * is the Poseidon2 kernel's (gkr_witness_avx2.h): 16 rows a block, two groups of 8 states, columns
 * written with streaming stores, the two groups' partial rounds interleaved. The portable kernel (the description's sparse S_r per round) is its twin.
 *
 * - M x at width 16: the circulant's entries are small integers (KoalaBear-16: row sum 371), so
 *   each output lane is an exact sum of 16 products in double precision (mds_fp). At width 24
 *   (entries of full size) each output lane is a lazy sum of Montgomery products (below).
 * - The partial rounds unrolled (src/hash/poseidon1_kb.h): lanes 1..w-1 keep the entry's values
 *   and only lane 0 moves from round to round; every dot product with field constants (the entry
 *   block, each t_{r+1}, the result's lanes) is a lazy 64-bit sum of Montgomery products, folded
 *   below 2^57 every 3 products and reduced by one REDC.
 * Anything else (the entry layer not diag(1, Ahat_0), a width-16 MDS row summing to 2^11 or more)
 * takes the portable kernel (gkr_perm.c checks before it names these). One body, compiled per
 * width. */
#include "field/kb.h"
#include "gkr/gkr_witness_avx2.h"
#include "hash/poseidon1_kb.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL
#define G HS_GKR_WG
enum { MW = HS_GKR_MAX_WIDTH };

typedef struct {
    __m256i P, MU;
    __m256i rc[2 * HS_GKR_HALF][MW];
    __m256d mds_p[8][8], mds_m[8][8]; /* width 16: (A + B)/2 and (A - B)/2 of M = [[A, B], [B, A]] */
    __m256i cbar[MW];
    const hs_p1_consts *c; /* Montgomery constants, broadcast where used */
} pconst;

/* s = M s, M circulant with small entries (width 16), in double precision: the sums (below 2^42
 * for a row sum below 2^11) are exact in a double's 53 bits, and 4 lanes of products and additions
 * run on two pipes each. A 16-circulant is [[A, B], [B, A]] in 8 x 8 blocks, so with a = x_lo + x_hi
 * and b = x_lo - x_hi, y_lo = U + V and y_hi = U - V for U = (A + B)/2 a, V = (A - B)/2 b: 128
 * products and 144 additions for 4 rows instead of 256 and 240 (halves are exact too). Then
 * r = y - floor(y / p) p lies in [0, p] (y / p < 2^11, so the rounded quotient is off only when y is
 * a multiple of p, by one, downwards), converted back and corrected once. */
enum { W16 = 16, H8 = 8 };
AI __m256d mds_dot8(const __m256d *x, const __m256d *k) {
    __m256d acc = _mm256_mul_pd(x[0], k[0]);
    UNROLL
    for (unsigned j = 1; j < H8; j++) acc = _mm256_add_pd(acc, _mm256_mul_pd(x[j], k[j]));
    return acc;
}
AI __m128i mds_reduce(__m256d y, __m256d pd, __m256d ipd) {
    const __m256d q = _mm256_floor_pd(_mm256_mul_pd(y, ipd));
    return _mm256_cvtpd_epi32(_mm256_sub_pd(y, _mm256_mul_pd(q, pd)));
}
/* 4 rows (one half of the vectors) of M x. */
AI void mds_half(const pconst *K, const __m256d *x, __m256d *y) {
    __m256d a[H8], b[H8];
    UNROLL
    for (unsigned j = 0; j < H8; j++) a[j] = _mm256_add_pd(x[j], x[j + H8]), b[j] = _mm256_sub_pd(x[j], x[j + H8]);
    UNROLL
    for (unsigned i = 0; i < H8; i++) {
        const __m256d u = mds_dot8(a, K->mds_p[i]), v = mds_dot8(b, K->mds_m[i]);
        y[i] = _mm256_add_pd(u, v), y[i + H8] = _mm256_sub_pd(u, v);
    }
}
AI void mds_fp(const pconst *K, __m256i *s) {
    enum { W = W16 };
    __m256d xl[W], xh[W], yl[W], yh[W];
    UNROLL
    for (unsigned j = 0; j < W; j++)
        xl[j] = _mm256_cvtepi32_pd(_mm256_castsi256_si128(s[j])), xh[j] = _mm256_cvtepi32_pd(_mm256_extracti128_si256(s[j], 1));
    mds_half(K, xl, yl);
    mds_half(K, xh, yh);
    const __m256d pd = _mm256_set1_pd((double)HS_KB_P), ipd = _mm256_set1_pd(1.0 / (double)HS_KB_P);
    UNROLL
    for (unsigned i = 0; i < W; i++) {
        const __m256i r = _mm256_inserti128_si256(_mm256_castsi128_si256(mds_reduce(yl[i], pd, ipd)),
                                                  mds_reduce(yh[i], pd, ipd), 1);
        s[i] = _mm256_min_epu32(r, _mm256_sub_epi32(r, K->P));
    }
}

/* A lazy sum of Montgomery products (even and odd lanes apart): below 2^57 + 2^32 after a fold,
 * so 3 products (each below 2^62) fit in 64 bits before the next. */
typedef struct {
    __m256i e, o;
    unsigned n;
} lazy;

AI __m256i fold64(__m256i t) { /* 2^32 = 2^25 - 2 mod p */
    return _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(t, 32), _mm256_set1_epi64x((1 << 25) - 2)),
                            _mm256_and_si256(t, _mm256_set1_epi64x(0xffffffffll)));
}
/* + c x, with xo = hs_mt8_odd(x) (computed once for a value used in many sums) */
AI void lazy_add(lazy *l, __m256i x, __m256i xo, uint32_t c) {
    if (l->n == 3) l->e = fold64(l->e), l->o = fold64(l->o), l->n = 0;
    const __m256i cv = _mm256_set1_epi32((int)c);
    l->e = _mm256_add_epi64(l->e, _mm256_mul_epu32(x, cv));
    l->o = _mm256_add_epi64(l->o, _mm256_mul_epu32(xo, cv));
    l->n++;
}
/* The sum's REDC (below p 2^32 after a fold), in [0, p). */
AI __m256i lazy_get(const pconst *K, lazy *l) {
    return hs_mt8_redc_pairs(fold64(l->e), fold64(l->o), K->P, K->MU);
}

/* s = M s with M's Montgomery entries, one lazy sum per lane (width 24). */
AI void mds_lazy(const pconst *K, __m256i *s, const unsigned W) {
    __m256i so[MW], y[MW];
    UNROLL
    for (unsigned j = 0; j < W; j++) so[j] = hs_mt8_odd(s[j]);
    for (unsigned i = 0; i < W; i++) {
        lazy l = {_mm256_setzero_si256(), _mm256_setzero_si256(), 0};
        UNROLL
        for (unsigned j = 0; j < W; j++) lazy_add(&l, s[j], so[j], K->c->mds[i][j]);
        y[i] = lazy_get(K, &l);
    }
    UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = y[i];
}

/* pre = u + rc into the columns d (if d[0]); then, unless last, u = M (pre^3). */
AI void full_layer_w(const pconst *K, __m256i (*s)[MW], const __m256i *rc, hs_kb *const *d, size_t x, int nt, int last,
                     const unsigned W) {
    if (!hs_gkr_full_sbox(s, rc, d, x, nt, last, W, K->P, K->MU)) return;
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        if (W == W16)
            mds_fp(K, s[h]);
        else
            mds_lazy(K, s[h], W);
    }
}

/* The block entry E = m_i (u + cbar), m_i = diag(1, Ahat_0). */
AI void entry_w(const pconst *K, __m256i (*s)[MW], const unsigned W) {
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        __m256i y[MW], yo[MW];
        UNROLL
        for (unsigned j = 0; j < W; j++) y[j] = hs_mt8_add(s[h][j], K->cbar[j], K->P), yo[j] = hs_mt8_odd(y[j]);
        s[h][0] = y[0];
        for (unsigned i = 1; i < W; i++) {
            lazy l = {_mm256_setzero_si256(), _mm256_setzero_si256(), 0};
            UNROLL
            for (unsigned k = 1; k < W; k++) lazy_add(&l, y[k], yo[k], K->c->m_i[i][k]);
            s[h][i] = lazy_get(K, &l);
        }
    }
}

/* One out-of-line copy per width of the full layer and the entry. */
#define P1_OUT_OF_LINE(W)                                                                                             \
    static __attribute__((noinline)) void full_layer##W(const pconst *K, __m256i (*s)[MW], const __m256i *rc,       \
                                                        hs_kb *const *d, size_t x, int nt, int last) {               \
        full_layer_w(K, s, rc, d, x, nt, last, W);                                                                     \
    }                                                                                                                  \
    static __attribute__((noinline)) void entry##W(const pconst *K, __m256i (*s)[MW]) { entry_w(K, s, W); }
P1_OUT_OF_LINE(16)
P1_OUT_OF_LINE(24)

AI void block_w(const pconst *K, const hs_gkr_wit_job *job, size_t x, int nt, const unsigned W, const unsigned R) {
    const hs_p1_consts *c = K->c;
    const __m256i Pv = K->P;
    void (*const full_layer)(const pconst *, __m256i (*)[MW], const __m256i *, hs_kb *const *, size_t, int, int) =
        W == 16 ? full_layer16 : full_layer24;
    __m256i s[G][MW];
    hs_gkr_load_rows(job, s, x, nt, W);
    for (unsigned L = 0; L < HS_GKR_HALF; L++) full_layer(K, s, K->rc[L], job->full[L], x, nt, L + 1 == job->layers);
    if (job->layers < 2 * HS_GKR_HALF + R) return;
    (W == 16 ? entry16 : entry24)(K, s);
    UNROLL
    for (unsigned j = 1; j < W; j++) hs_gkr_put(job->basis[j - 1], x, s[0][j], s[1][j], nt);
    /* the block unrolled (poseidon1_kb.h): lanes 1..w-1 stay the entry's B; with q_i = t_i^3 + chat_i,
     * t_{r+1} = m00 q_r + <ahat_r, B> + sum_{i<r} <ahat_r, b_i> q_i (t_R: the result's lane 0) and
     * lane j of the result is B_j + sum_i b_i[j] q_i */
    const __m256i m00 = _mm256_set1_epi32((int)c->m00);
    __m256i qs[G][HS_GKR_MAX_PARTIAL], qo[G][HS_GKR_MAX_PARTIAL], bo[G][MW];
    UNROLL
    for (unsigned h = 0; h < G; h++)
        UNROLL
        for (unsigned j = 1; j < W; j++) bo[h][j] = hs_mt8_odd(s[h][j]);
    for (unsigned r = 0; r < R; r++) {
        hs_gkr_put(job->part[r], x, s[0][0], s[1][0], nt);
        __m256i y[G];
        UNROLL
        for (unsigned h = 0; h < G; h++) y[h] = hs_mt8_cube_s(s[h][0], Pv, K->MU);
        if (r + 1 < R) hs_gkr_put(job->basis[W - 1 + r], x, y[0], y[1], nt);
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            qs[h][r] = hs_mt8_add(y[h], _mm256_set1_epi32((int)c->chat[r]), Pv), qo[h][r] = hs_mt8_odd(qs[h][r]);
            lazy l = {_mm256_setzero_si256(), _mm256_setzero_si256(), 0};
            UNROLL
            for (unsigned j = 1; j < W; j++) lazy_add(&l, s[h][j], bo[h][j], c->ahat[r][j - 1]);
            for (unsigned i = 0; i < r; i++) lazy_add(&l, qs[h][i], qo[h][i], c->ab[r][i]);
            s[h][0] = hs_mt8_add(lazy_get(K, &l), hs_mt8_mul(m00, qs[h][r], Pv, K->MU), Pv);
        }
    }
    UNROLL
    for (unsigned h = 0; h < G; h++)
        UNROLL
        for (unsigned j = 1; j < W; j++) {
            lazy l = {_mm256_setzero_si256(), _mm256_setzero_si256(), 0};
            for (unsigned i = 0; i < R; i++) lazy_add(&l, qs[h][i], qo[h][i], c->b[i][j - 1]);
            s[h][j] = hs_mt8_add(s[h][j], lazy_get(K, &l), Pv);
        }
    for (unsigned L = HS_GKR_HALF; L < 2 * HS_GKR_HALF; L++) full_layer(K, s, K->rc[L], job->full[L], x, nt, 0);
    hs_gkr_store_out(job, s, x, nt, W);
}

static void block16(const void *K, const hs_gkr_wit_job *job, size_t x, int nt) { block_w(K, job, x, nt, 16, 20); }
static void block24(const void *K, const hs_gkr_wit_job *job, size_t x, int nt) { block_w(K, job, x, nt, 24, 23); }

static void rows_p1(const hs_gkr_wit_job *job, size_t lo, size_t m, hs_gkr_wit_block blk) {
    const hs_gkr_perm *p = job->perm;
    const hs_p1_params *pp = p->ctx;
    const unsigned W = p->width;
    pconst K;
    K.P = _mm256_set1_epi32((int)HS_KB_P), K.MU = _mm256_set1_epi32((int)HS_KB_MU), K.c = &pp->mont;
    for (unsigned L = 0; L < 2 * HS_GKR_HALF; L++)
        for (unsigned j = 0; j < W; j++) K.rc[L][j] = _mm256_set1_epi32((int)p->rc_full[L][j]);
    for (unsigned j = 0; j < W; j++) K.cbar[j] = _mm256_set1_epi32((int)p->entry_c[j]);
    if (W == W16) /* M[i][j] = row[(j - i) mod 16]: A = M[0..7][0..7], B = M[0..7][8..15] */
        for (unsigned i = 0; i < H8; i++)
            for (unsigned j = 0; j < H8; j++) {
                const double A = pp->canon.mds_row[(j + W16 - i) % W16], B = pp->canon.mds_row[(j + H8 + W16 - i) % W16];
                K.mds_p[i][j] = _mm256_set1_pd((A + B) / 2), K.mds_m[i][j] = _mm256_set1_pd((A - B) / 2);
            }
    hs_gkr_wit_blocks(&K, job, lo, m, blk);
}

void hs_gkr_wit_rows_p1kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { rows_p1(job, lo, m, block16); }
void hs_gkr_wit_rows_p1kb24_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { rows_p1(job, lo, m, block24); }
