/* Merkle branches by the stark (docs/MERKLE_STARK.md): the statement of statement/merkle/gkr_branches.h (m
 * public openings, index idx_p < 2^d and leaf_p, sit at their indices in a depth-d Poseidon2-KB16
 * tree with the public root; the siblings private) proven as a public statement of the Merkle
 * branches AIR (air/merkle_air.h): one opening an instance, one compression a row.
 *
 * The public table has N = 2^ceil(log2 m) lines: opening p's line (hs_mbair_line: its leaf and
 * index) with the root as its output line; lines p >= m repeat opening 0 (and its siblings: a
 * repeated opening states nothing new). The proof is a stark proof (docs/PROOF_FORMAT.md) of the
 * AIR id hs_mbair_id(d) and 2^log_m instances, public statement: its header names d and N, and
 * the transcript absorbs the table's digest, so another root, leaf, index, depth or list of
 * openings is another table. A list that pads to the same table (m openings followed by copies
 * of opening 0 up to N) states the same facts and is accepted too. */
#ifndef HS_STATEMENT_MERKLE_STARK_BRANCHES_H
#define HS_STATEMENT_MERKLE_STARK_BRANCHES_H

#include <stddef.h>
#include <stdint.h>

#include "air/merkle_air.h"
#include "stark/stark.h"

typedef struct {
    const hs_preset *preset;
    unsigned depth;   /* d, 1..64 */
    size_t m;         /* openings (the prover's; a peeked proof gives N = 2^log_m) */
    unsigned log_m;   /* N = 2^log_m instances */
    hs_stark_shape stark;
} hs_smb_shape;

/* The shape of m openings of a depth-d tree under preset p (the preset's rate); 0 with a reason
 * when impossible (d out of range, m = 0, more than 2^24 rows). */
int hs_smb_shape_make(hs_smb_shape *s, const hs_preset *p, unsigned depth, size_t m, const char **why);

/* Proves the openings: idx[p] < 2^d, leaves m x 8 canonical words, siblings m x d x 8 Montgomery
 * words (opening p's level-i sibling at (p d + i) 8). Appends the proof to out; root_out (may be
 * NULL) receives the root (canonical). 0 with a reason: an index out of range, openings that do
 * not reach one root (the proof is then discarded), out of memory. The proof bytes do not depend
 * on the thread count. */
int hs_smb_prove(const hs_smb_shape *s, const uint64_t *idx, const uint32_t *leaves, const hs_kb *siblings,
                 unsigned threads, hs_writer *out, uint32_t root_out[HS_MBAIR_DIGEST], hs_stark_timing *tm,
                 const char **why);

/* The header of a stark branches proof: preset, depth and N (s->m = N); 0 with a reason when the
 * bytes are not one (another AIR, a private statement, a malformed header). */
int hs_smb_peek(const uint8_t *proof, size_t len, hs_smb_shape *s, const char **why);

/* 1 when the proof shows every opening (idx, leaves: m x 8 canonical words) sits at its index in
 * a depth-d tree with root `root` (canonical); 0 with a reason otherwise. Never reads outside
 * proof[0..len); allocates only for the caller's m openings after the header matched them. */
int hs_smb_verify(const uint8_t *proof, size_t len, const uint32_t root[HS_MBAIR_DIGEST], unsigned depth, size_t m,
                  const uint64_t *idx, const uint32_t *leaves, unsigned threads, const char **why);

/* Every soundness term of such a proof (the stark's public statement at 2^log_m instances). */
int hs_soundness_smb(const hs_preset *p, unsigned depth, size_t m, hs_sound_report *out);

#endif
