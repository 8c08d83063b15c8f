/* Row kernels of the gkr witness build (internal to src/gkr): one fused pass per row range runs
 * Poseidon2-KB16 on the row-major inputs and writes every column the witness keeps straight from
 * the running state, with no round record in between. The portable and the AVX2 kernel write the
 * same words (tests/test_gkr_witness.c). */
#ifndef HS_GKR_GKR_WITNESS_H
#define HS_GKR_GKR_WITNESS_H

#include <stddef.h>

#include "gkr/gkr.h"

/* Where the columns go: each pointer is a column's row 0 (the kernels write rows [lo, lo + m));
 * NULL: not kept. */
typedef struct {
    const hs_kb *inputs;                   /* row-major, 16 words a row */
    hs_kb *full[8][HS_GKR_LANES];          /* pre_L for full layers 0..3 (index L) and 24..27 (index L - 20) */
    hs_kb *part[HS_GKR_PARTIAL];           /* lane 0 of pre_L, L = 4 + q */
    hs_kb *basis[HS_GKR_BASIS];            /* u_4 lanes 1..15, s_0..s_18 (gkr.h) */
    hs_kb *in[HS_GKR_LANES], *out[HS_GKR_LANES];
    hs_kb *rows;                           /* outputs row-major */
    unsigned layers;                       /* 4: stop after pre_3 (no later column is written); else 28 */
} hs_gkr_wit_job;

void hs_gkr_wit_rows_portable(const hs_gkr_wit_job *job, size_t lo, size_t m);
void hs_gkr_wit_rows_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m);

#endif
