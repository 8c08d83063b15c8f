/* Row kernels of the gkr witness build (internal to src/gkr): one fused pass per row range runs
 * the permutation (gkr_perm.h) on the row-major inputs and writes every column the witness keeps
 * straight from the running state, with no round record in between. The portable kernel works for
 * every description; a permutation may name an AVX2 kernel (hs_gkr_perm.rows_avx2) that writes
 * the same words (tests/test_gkr_witness.c). */
#ifndef HS_GKR_GKR_WITNESS_H
#define HS_GKR_GKR_WITNESS_H

#include <stddef.h>

#include "gkr/gkr_perm.h"

/* Where the columns go: each pointer is a column's row 0 (the kernels write rows [lo, lo + m));
 * NULL: not kept. */
typedef struct hs_gkr_wit_job {
    const hs_gkr_perm *perm;
    const hs_kb *inputs;                               /* row-major, width words a row */
    hs_kb *full[2 * HS_GKR_HALF][HS_GKR_MAX_WIDTH];    /* pre_L of the full layers: index L (initial) or L - partial */
    hs_kb *part[HS_GKR_MAX_PARTIAL];                   /* lane 0 of pre_L, L = HALF + r */
    hs_kb *basis[HS_GKR_MAX_BASIS];                    /* gkr_perm.h: the block entry's lanes 1.., s_0 .. */
    hs_kb *in[HS_GKR_MAX_WIDTH], *out[HS_GKR_MAX_WIDTH];
    hs_kb *rows;                                       /* outputs row-major */
    unsigned layers; /* HS_GKR_HALF: stop after pre_(HALF-1) (no later column is written); else all */
} hs_gkr_wit_job;

void hs_gkr_wit_rows_portable(const hs_gkr_wit_job *job, size_t lo, size_t m);
/* Poseidon2-KB16's and -KB24's AVX2 kernels (the portable one without AVX2 at build time). */
void hs_gkr_wit_rows_p2kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m);
void hs_gkr_wit_rows_p2kb24_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m);
#ifdef HS_HAVE_AVX512
/* Their AVX-512 kernels (gkr_witness_avx512.c). */
void hs_gkr_wit_rows_p2kb16_avx512(const hs_gkr_wit_job *job, size_t lo, size_t m);
void hs_gkr_wit_rows_p2kb24_avx512(const hs_gkr_wit_job *job, size_t lo, size_t m);
#endif
/* Poseidon1-KB16's and -KB24's (gkr_witness_p1_avx2.c). */
void hs_gkr_wit_rows_p1kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m);
void hs_gkr_wit_rows_p1kb24_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m);

#endif
