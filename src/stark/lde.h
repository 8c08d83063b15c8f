/* How the stark prover holds the trace's low-degree extension (LDE): whole, or one coset at a time.
 *
 * Whole (hs_pcs_commit_owned): all 2^log_blowup blocks of h rows stay in memory from the
 * commitment to the openings: rows x width x 4 B x blowup, 1.82 GB for 2^12 Keccak-f permutations
 * at rate 1/2 (2^15 rows of 6,941 columns).
 * Coset by coset (hs_pcs_commit_cosets_owned): one block of h rows at a time, i.e. 1/blowup of
 * that. Every phase needs whole blocks only: the commitment hashes each block's rows as they are
 * made, the quotient reads a row and its next row, and the next row (x -> w_h x) stays on the same
 * coset of H, the opened values and the DEEP quotient read block 0 (g*H), and the queries read
 * single rows, gathered block by block. Each move to another block costs an inverse and a forward
 * size-h transform of the trace: 2^log_blowup moves for the commitment, L - 1 for the quotient's
 * L blocks (L = 2 at constraint degree 3; it starts on the block the commitment ends on) and one
 * per other block the queries touch: 4 moves at rate 1/2 where the whole LDE costs one inverse
 * and two forward transforms. The proof bytes
 * are the same either way (tests/test_stark.c compares them).
 *
 * The rule: coset by coset when the whole LDE would exceed the budget, 1.4 GiB unless the
 * environment variable HS_LDE_BUDGET_MIB says otherwise (MiB; 0: always coset by coset; a value
 * that is not a number is ignored). What the budget leaves beside one block (less a margin) keeps
 * a copy of the leading columns of the block the quotient leaves last, so that the queries'
 * move recomputes only the remaining columns (about half of them for Keccak-f 2^12).
 * Measured in docs/BENCHMARKS.md ("The trace's LDE coset by coset"). */
#ifndef HS_STARK_LDE_H
#define HS_STARK_LDE_H

#include <stddef.h>

#define HS_STARK_LDE_AUTO 0   /* by the budget */
#define HS_STARK_LDE_WHOLE 1
#define HS_STARK_LDE_COSETS 2

/* The budget in bytes (the environment's, else the default). */
size_t hs_stark_lde_budget(void);
/* 1 when a trace of 2^log_h rows of w columns at blowup 2^log_blowup is extended coset by coset
 * under mode (HS_STARK_LDE_*). */
int hs_stark_lde_cosets(int mode, unsigned log_h, size_t w, unsigned log_blowup);
/* On the coset path, the bytes the budget leaves beside one block (2^log_h rows of w columns) and
 * a 128 MiB margin for everything else: the trace matrix keeps that many bytes of columns of the
 * block it leaves last, and the queries recompute only its other columns (hs_pcs_commit_cosets_owned). */
size_t hs_stark_lde_spare(unsigned log_h, size_t w);

#endif
