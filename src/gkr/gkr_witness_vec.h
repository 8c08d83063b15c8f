/* Pieces the vector witness kernels share (gkr_witness_p2.inc: Poseidon2, gkr_witness_p1_avx2.c:
 * Poseidon1), for any vector width: a block is two groups of LANES states, one state word per
 * vector lane, so the vector of lane j is LANES consecutive rows of a column and both groups'
 * vectors are written together with streaming stores (nothing reads the columns before the build
 * is over, and full lines need no read for ownership). Included through gkr_witness_avx2.h or
 * gkr_witness_avx512.h, which define the vocabulary: util/vec_*.h (V, LANES, V_STORE), V_STREAM,
 * MT(name) (the monty31 packed operations) and P2X(name) (the Poseidon2 packed pieces). */
#ifndef HS_GKR_GKR_WITNESS_VEC_H
#define HS_GKR_GKR_WITNESS_VEC_H

#include <stdint.h>

#include "gkr/gkr_witness.h"

#define HS_GKR_WG 2 /* groups of LANES rows a block */

/* Rows x .. x + 2 LANES - 1 of a column. */
HS_P2X8_AI void hs_gkr_put(hs_kb *col, size_t x, V a, V b, int nt) {
    if (nt) {
        V_STREAM(col + x, a);
        V_STREAM(col + x + LANES, b);
    } else {
        V_STORE(col + x, a);
        V_STORE(col + x + LANES, b);
    }
}

/* The block's rows loaded (both groups), the input columns written (if kept). */
HS_P2X8_AI void hs_gkr_load_rows(const hs_gkr_wit_job *job, V (*s)[HS_GKR_MAX_WIDTH], size_t x, int nt,
                                 const unsigned W) {
    HS_P2X8_UNROLL
    for (unsigned h = 0; h < HS_GKR_WG; h++) P2X(load)(s[h], job->inputs + (x + LANES * h) * W, W);
    if (job->in[0])
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) hs_gkr_put(job->in[j], x, s[0][j], s[1][j], nt);
}

/* A full layer up to its linear layer: pre = u + rc on every lane, into the columns d (if kept),
 * then (unless last: 0 is returned) the S-box on every lane. */
HS_P2X8_AI int hs_gkr_full_sbox(V (*s)[HS_GKR_MAX_WIDTH], const V *rc, hs_kb *const *d, size_t x, int nt,
                                int last, const unsigned W, V P, V MU) {
    HS_P2X8_UNROLL
    for (unsigned h = 0; h < HS_GKR_WG; h++)
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) s[h][j] = MT(add)(s[h][j], rc[j], P);
    if (d[0])
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) hs_gkr_put(d[j], x, s[0][j], s[1][j], nt);
    if (last) return 0;
    HS_P2X8_UNROLL
    for (unsigned h = 0; h < HS_GKR_WG; h++)
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) s[h][j] = MT(cube_s)(s[h][j], P, MU);
    return 1;
}

/* The outputs into their columns and rows (if kept). */
HS_P2X8_AI void hs_gkr_store_out(const hs_gkr_wit_job *job, V (*s)[HS_GKR_MAX_WIDTH], size_t x, int nt,
                                 const unsigned W) {
    if (job->out[0])
        HS_P2X8_UNROLL
        for (unsigned j = 0; j < W; j++) hs_gkr_put(job->out[j], x, s[0][j], s[1][j], nt);
    if (job->rows)
        HS_P2X8_UNROLL
        for (unsigned h = 0; h < HS_GKR_WG; h++) P2X(store)(job->rows + (x + LANES * h) * W, s[h], W);
}

/* Streaming stores need every column vector-aligned at row lo. */
static inline int hs_gkr_cols_aligned(hs_kb *const *c, unsigned k, size_t lo) {
    int ok = 1;
    for (unsigned i = 0; i < k; i++) ok &= c[i] == NULL || (uintptr_t)(c[i] + lo) % (4 * LANES) == 0;
    return ok;
}

/* Runs blk (K: its constants) on the blocks (2 LANES rows) of [lo, lo + m), the tail the portable way. */
typedef void (*hs_gkr_wit_block)(const void *K, const hs_gkr_wit_job *job, size_t x, int nt);
static inline void hs_gkr_wit_blocks(const void *K, const hs_gkr_wit_job *job, size_t lo, size_t m,
                                     hs_gkr_wit_block blk) {
    const hs_gkr_perm *p = job->perm;
    int nt = lo % LANES == 0 && hs_gkr_cols_aligned(job->part, p->partial, lo) &&
             hs_gkr_cols_aligned(job->basis, p->basis, lo) && hs_gkr_cols_aligned(job->in, p->width, lo) &&
             hs_gkr_cols_aligned(job->out, p->width, lo);
    for (unsigned i = 0; i < 2 * HS_GKR_HALF; i++) nt &= hs_gkr_cols_aligned(job->full[i], p->width, lo);
    size_t x = lo;
    for (; x + LANES * HS_GKR_WG <= lo + m; x += LANES * HS_GKR_WG) blk(K, job, x, nt);
    if (nt) _mm_sfence(); /* streaming stores are weakly ordered: visible before the caller reads */
    if (x < lo + m) hs_gkr_wit_rows_portable(job, x, lo + m - x);
}

#endif
