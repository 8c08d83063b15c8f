/* AVX2 kernel of the gkr witness for Poseidon1-KB16: the fused row kernel (gkr_witness.h) over
 * the description's rounds (src/gkr/gkr_perm.h): textbook full rounds with the circulant M, the
 * block entry m_i (u + cbar), the sparse partial rounds S_r (src/hash/poseidon1_kb.h). The layout
 * is the Poseidon2 kernel's (gkr_witness_avx2.c): 16 rows a block, two groups of 8 states, one
 * state word per vector lane, columns written with streaming stores, the two groups' partial
 * rounds interleaved.
 *
 * - M x: the circulant's entries are small integers (KoalaBear-16: row sum 371), so each output
 *   lane is one 64-bit sum of 16 products (below 2^42 for a row sum below 2^11), folded twice by
 *   2^31 = 2^24 - 1 (mod p) and corrected once: no Montgomery step.
 * - Dot products with field constants (the entry block, lane 0 of S_r) are lazy 64-bit sums of
 *   Montgomery products, folded below 2^57 every 3 products and reduced by one REDC.
 * Anything else (the entry layer not diag(1, Ahat_0), a larger MDS row, width 24) takes the
 * portable kernel (gkr_perm.c checks before it names this one). */
#include <immintrin.h>
#include <stdint.h>

#include "field/kb.h"
#include "field/monty31_avx2.h"
#include "gkr/gkr_witness.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL
#define G 2
enum { W = 16, R = 20 };

typedef struct {
    __m256i P, MU;
    __m256i rc[2 * HS_GKR_HALF][W];
    __m256i mds[W]; /* M's first row, one entry per 64-bit lane */
    __m256i cbar[W];
    const hs_p1_consts *c; /* Montgomery constants, broadcast where used */
} pconst;

/* 64-bit lanes below 2^42 to a value below 2p (high word 0): 2^31 = 2^24 - 1 mod p, twice. */
AI __m256i fold31(__m256i s) {
    const __m256i m31 = _mm256_set1_epi64x(0x7fffffff);
    __m256i hi = _mm256_srli_epi64(s, 31);
    s = _mm256_add_epi64(_mm256_and_si256(s, m31), _mm256_sub_epi64(_mm256_slli_epi64(hi, 24), hi));
    hi = _mm256_srli_epi64(s, 31);
    return _mm256_add_epi64(_mm256_and_si256(s, m31), _mm256_sub_epi64(_mm256_slli_epi64(hi, 24), hi));
}

/* s = M s, M circulant with small entries. */
AI void mds(const pconst *K, __m256i *s) {
    __m256i so[W], y[W];
    UNROLL
    for (unsigned j = 0; j < W; j++) so[j] = hs_mt8_odd(s[j]);
    UNROLL
    for (unsigned i = 0; i < W; i++) {
        __m256i ae = _mm256_setzero_si256(), ao = ae;
        UNROLL
        for (unsigned j = 0; j < W; j++) {
            const __m256i c = K->mds[(j + W - i) % W];
            ae = _mm256_add_epi64(ae, _mm256_mul_epu32(s[j], c));
            ao = _mm256_add_epi64(ao, _mm256_mul_epu32(so[j], c));
        }
        const __m256i r = _mm256_blend_epi32(fold31(ae), _mm256_slli_epi64(fold31(ao), 32), 0xaa);
        y[i] = _mm256_min_epu32(r, _mm256_sub_epi32(r, K->P));
    }
    UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = y[i];
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
AI void lazy_add(lazy *l, __m256i x, uint32_t c) {
    if (l->n == 3) l->e = fold64(l->e), l->o = fold64(l->o), l->n = 0;
    const __m256i cv = _mm256_set1_epi32((int)c);
    l->e = _mm256_add_epi64(l->e, _mm256_mul_epu32(x, cv));
    l->o = _mm256_add_epi64(l->o, _mm256_mul_epu32(hs_mt8_odd(x), cv));
    l->n++;
}
/* The sum's REDC (below p 2^32 after a fold), in [0, p). */
AI __m256i lazy_get(const pconst *K, lazy *l) {
    return hs_mt8_redc_pairs(fold64(l->e), fold64(l->o), K->P, K->MU);
}

AI void put(hs_kb *col, size_t x, __m256i a, __m256i b, int nt) {
    if (nt) {
        _mm256_stream_si256((__m256i *)(col + x), a);
        _mm256_stream_si256((__m256i *)(col + x + 8), b);
    } else {
        _mm256_storeu_si256((__m256i *)(col + x), a);
        _mm256_storeu_si256((__m256i *)(col + x + 8), b);
    }
}

/* pre = u + rc into the columns d (if d[0]); then, unless last, u = M (pre^3). */
static __attribute__((noinline)) void full_layer(const pconst *K, __m256i (*s)[W], const __m256i *rc, hs_kb *const *d,
                                                 size_t x, int nt, int last) {
    UNROLL
    for (unsigned h = 0; h < G; h++)
        UNROLL
        for (unsigned j = 0; j < W; j++) s[h][j] = hs_mt8_add(s[h][j], rc[j], K->P);
    if (d[0])
        UNROLL
        for (unsigned j = 0; j < W; j++) put(d[j], x, s[0][j], s[1][j], nt);
    if (last) return;
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        UNROLL
        for (unsigned j = 0; j < W; j++) s[h][j] = hs_mt8_cube_s(s[h][j], K->P, K->MU);
        mds(K, s[h]);
    }
}

/* The block entry E = m_i (u + cbar), m_i = diag(1, Ahat_0). */
static __attribute__((noinline)) void entry(const pconst *K, __m256i (*s)[W]) {
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        __m256i y[W];
        UNROLL
        for (unsigned j = 0; j < W; j++) y[j] = hs_mt8_add(s[h][j], K->cbar[j], K->P);
        s[h][0] = y[0];
        for (unsigned i = 1; i < W; i++) {
            lazy l = {_mm256_setzero_si256(), _mm256_setzero_si256(), 0};
            UNROLL
            for (unsigned k = 1; k < W; k++) lazy_add(&l, y[k], K->c->m_i[i][k]);
            s[h][i] = lazy_get(K, &l);
        }
    }
}

static void block(const pconst *K, const hs_gkr_wit_job *job, size_t x, int nt) {
    const hs_p1_consts *c = K->c;
    const __m256i Pv = K->P;
    __m256i s[G][W];
    UNROLL
    for (unsigned h = 0; h < G; h++) hs_p2x8_load(s[h], job->inputs + (x + 8 * h) * W, W);
    if (job->in[0])
        UNROLL
        for (unsigned j = 0; j < W; j++) put(job->in[j], x, s[0][j], s[1][j], nt);
    for (unsigned L = 0; L < HS_GKR_HALF; L++) full_layer(K, s, K->rc[L], job->full[L], x, nt, L + 1 == job->layers);
    if (job->layers < 2 * HS_GKR_HALF + R) return;
    entry(K, s);
    UNROLL
    for (unsigned j = 1; j < W; j++) put(job->basis[j - 1], x, s[0][j], s[1][j], nt);
    const __m256i m00 = _mm256_set1_epi32((int)c->m00);
    for (unsigned q = 0; q < R; q++) {
        __m256i y[G];
        lazy l[G];
        /* lane 0's dot with the other lanes does not wait for the S-box */
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            l[h] = (lazy){_mm256_setzero_si256(), _mm256_setzero_si256(), 0};
            UNROLL
            for (unsigned j = 1; j < W; j++) lazy_add(&l[h], s[h][j], c->ahat[q][j - 1]);
        }
        put(job->part[q], x, s[0][0], s[1][0], nt);
        UNROLL
        for (unsigned h = 0; h < G; h++) y[h] = hs_mt8_cube_s(s[h][0], Pv, K->MU);
        if (q + 1 < R) put(job->basis[W - 1 + q], x, y[0], y[1], nt);
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            const __m256i qv = hs_mt8_add(y[h], _mm256_set1_epi32((int)c->chat[q]), Pv);
            s[h][0] = hs_mt8_add(lazy_get(K, &l[h]), hs_mt8_mul(m00, qv, Pv, K->MU), Pv);
            UNROLL
            for (unsigned j = 1; j < W; j++)
                s[h][j] = hs_mt8_add(s[h][j], hs_mt8_mul(qv, _mm256_set1_epi32((int)c->b[q][j - 1]), Pv, K->MU), Pv);
        }
    }
    for (unsigned L = HS_GKR_HALF; L < 2 * HS_GKR_HALF; L++) full_layer(K, s, K->rc[L], job->full[L], x, nt, 0);
    if (job->out[0])
        UNROLL
        for (unsigned j = 0; j < W; j++) put(job->out[j], x, s[0][j], s[1][j], nt);
    if (job->rows)
        UNROLL
        for (unsigned h = 0; h < G; h++) hs_p2x8_store(job->rows + (x + 8 * h) * W, s[h], W);
}

/* Streaming stores need every column 32-byte aligned at row lo. */
static int cols_aligned(hs_kb *const *cl, unsigned k, size_t lo) {
    int ok = 1;
    for (unsigned i = 0; i < k; i++) ok &= cl[i] == NULL || (uintptr_t)(cl[i] + lo) % 32 == 0;
    return ok;
}

void hs_gkr_wit_rows_p1kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) {
    const hs_gkr_perm *p = job->perm;
    const hs_p1_params *pp = p->ctx;
    pconst K;
    K.P = _mm256_set1_epi32((int)HS_KB_P), K.MU = _mm256_set1_epi32((int)HS_KB_MU), K.c = &pp->mont;
    for (unsigned L = 0; L < 2 * HS_GKR_HALF; L++)
        for (unsigned j = 0; j < W; j++) K.rc[L][j] = _mm256_set1_epi32((int)p->rc_full[L][j]);
    for (unsigned j = 0; j < W; j++)
        K.mds[j] = _mm256_set1_epi64x((long long)pp->canon.mds_row[j]), K.cbar[j] = _mm256_set1_epi32((int)p->entry_c[j]);
    int nt = lo % 8 == 0 && cols_aligned(job->part, R, lo) && cols_aligned(job->basis, p->basis, lo) &&
             cols_aligned(job->in, W, lo) && cols_aligned(job->out, W, lo);
    for (unsigned i = 0; i < 2 * HS_GKR_HALF; i++) nt &= cols_aligned(job->full[i], W, lo);
    size_t x = lo;
    for (; x + 8 * G <= lo + m; x += 8 * G) block(&K, job, x, nt);
    if (nt) _mm_sfence(); /* streaming stores are weakly ordered: visible before the caller reads */
    if (x < lo + m) hs_gkr_wit_rows_portable(job, x, lo + m - x);
}
