/* Pieces both AVX2 witness kernels share (gkr_witness_avx2.c: Poseidon2, gkr_witness_p1_avx2.c:
 * Poseidon1): a block is 16 rows, two groups of 8 states, one state word per vector lane, so the
 * vector of lane j is 8 consecutive rows of a column and both groups' vectors make one 64-byte
 * line of it, written with streaming stores (nothing reads the columns before the build is over,
 * and a full line needs no read for ownership). Include only from files compiled with -mavx2. */
#ifndef HS_GKR_GKR_WITNESS_AVX2_H
#define HS_GKR_GKR_WITNESS_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "field/monty31_avx2.h"
#include "gkr/gkr_witness.h"
#include "hash/poseidon2_monty31_avx2.h"

#define HS_GKR_WG 2 /* groups of 8 rows a block */

/* Rows x .. x + 15 of a column. */
HS_P2X8_AI void hs_gkr_put(hs_kb *col, size_t x, __m256i a, __m256i b, int nt) {
    if (nt) {
        _mm256_stream_si256((__m256i *)(col + x), a);
        _mm256_stream_si256((__m256i *)(col + x + 8), b);
    } else {
        _mm256_storeu_si256((__m256i *)(col + x), a);
        _mm256_storeu_si256((__m256i *)(col + x + 8), b);
    }
}

/* The block's rows loaded (both groups), the input columns written (if kept). */
HS_P2X8_AI void hs_gkr_load_rows(const hs_gkr_wit_job *job, __m256i (*s)[HS_GKR_MAX_WIDTH], size_t x, int nt,
                                 const unsigned W) {
    HS_P2X8_UNROLL
    for (unsigned h = 0; h < HS_GKR_WG; h++) hs_p2x8_load(s[h], job->inputs + (x + 8 * h) * W, W);
    if (job->in[0])
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) hs_gkr_put(job->in[j], x, s[0][j], s[1][j], nt);
}

/* A full layer up to its linear layer: pre = u + rc on every lane, into the columns d (if kept),
 * then (unless last: 0 is returned) the S-box on every lane. */
HS_P2X8_AI int hs_gkr_full_sbox(__m256i (*s)[HS_GKR_MAX_WIDTH], const __m256i *rc, hs_kb *const *d, size_t x, int nt,
                                int last, const unsigned W, __m256i P, __m256i MU) {
    HS_P2X8_UNROLL
    for (unsigned h = 0; h < HS_GKR_WG; h++)
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) s[h][j] = hs_mt8_add(s[h][j], rc[j], P);
    if (d[0])
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) hs_gkr_put(d[j], x, s[0][j], s[1][j], nt);
    if (last) return 0;
    HS_P2X8_UNROLL
    for (unsigned h = 0; h < HS_GKR_WG; h++)
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) s[h][j] = hs_mt8_cube_s(s[h][j], P, MU);
    return 1;
}

/* The outputs into their columns and rows (if kept). */
HS_P2X8_AI void hs_gkr_store_out(const hs_gkr_wit_job *job, __m256i (*s)[HS_GKR_MAX_WIDTH], size_t x, int nt,
                                 const unsigned W) {
    if (job->out[0])
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) hs_gkr_put(job->out[j], x, s[0][j], s[1][j], nt);
    if (job->rows)
        HS_P2X8_UNROLL
        for (unsigned h = 0; h < HS_GKR_WG; h++) hs_p2x8_store(job->rows + (x + 8 * h) * W, s[h], W);
}

/* Streaming stores need every column 32-byte aligned at row lo. */
static inline int hs_gkr_cols_aligned(hs_kb *const *c, unsigned k, size_t lo) {
    int ok = 1;
    for (unsigned i = 0; i < k; i++) ok &= c[i] == NULL || (uintptr_t)(c[i] + lo) % 32 == 0;
    return ok;
}

/* Runs blk (K: its constants) on the 16-row blocks of [lo, lo + m), the tail the portable way. */
typedef void (*hs_gkr_wit_block)(const void *K, const hs_gkr_wit_job *job, size_t x, int nt);
static inline void hs_gkr_wit_blocks(const void *K, const hs_gkr_wit_job *job, size_t lo, size_t m,
                                     hs_gkr_wit_block blk) {
    const hs_gkr_perm *p = job->perm;
    int nt = lo % 8 == 0 && hs_gkr_cols_aligned(job->part, p->partial, lo) &&
             hs_gkr_cols_aligned(job->basis, p->basis, lo) && hs_gkr_cols_aligned(job->in, p->width, lo) &&
             hs_gkr_cols_aligned(job->out, p->width, lo);
    for (unsigned i = 0; i < 2 * HS_GKR_HALF; i++) nt &= hs_gkr_cols_aligned(job->full[i], p->width, lo);
    size_t x = lo;
    for (; x + 8 * HS_GKR_WG <= lo + m; x += 8 * HS_GKR_WG) blk(K, job, x, nt);
    if (nt) _mm_sfence(); /* streaming stores are weakly ordered: visible before the caller reads */
    if (x < lo + m) hs_gkr_wit_rows_portable(job, x, lo + m - x);
}

#endif
