/* The Merkle branches AIR: one instance of the AIR interface (air.h) that proves m openings of a
 * depth-d binary Merkle tree over the Poseidon2-KB16 compression, C(a, b) = the first 8 lanes of
 * P(a || b) (the tree of src/merkle, the statement of docs/MERKLE_STARK.md): each opening
 * (index idx < 2^d, leaf) reaches the public root through private siblings. The stark design of
 * the statement that src/statement/merkle/gkr_branches.h proves by GKR; LMM's shape (one row per level,
 * chained by next-row columns).
 *
 * Shape. An instance is one opening: R = 2^ceil(log2 d) rows (1 for d = 1), one compression a
 * row, row k holding level k mod R of opening k / R. Levels d .. R - 1 (above the root, when d is
 * not a power of two) are real compressions of the root with a zero sibling and bit 0 that no
 * constraint reads (the honest prover's choice; any values would do).
 *
 * Columns of a row (HS_MBAIR_WIDTH = 173):
 *   0 .. 163    the Poseidon2-KB16 round record of the row's compression (poseidon2_air.h): the
 *               input X = left || right (0 .. 15), ..., the output P(X) last (148 .. 163; the
 *               node the row computes is its first 8 lanes, out = 148 .. 155)
 *   164 .. 171  cur: the level's node on the path (the leaf at level 0)
 *   172         b: bit i of the index (1: cur is the right child)
 * The sibling is not a column: it is whichever half of X is not cur.
 *
 * Constraints (HS_MBAIR_CONSTRAINTS(d) a row, all of degree <= 3), in this order:
 *   [0, 148)    Poseidon2's round constraints on the record (poseidon2_air_eval.inc, reused:
 *               the same source, instantiated here on the record's columns)
 *   148         b^2 - b                                               (b is a bit)
 *   149 .. 156  left_l - cur_l - b (left_l + right_l - 2 cur_l)       (b = 0: left = cur;
 *                                                                      b = 1: right = cur)
 *   157 .. 164  sel (cur_l(next) - out_l)                  (d > 1 only; the next level's node)
 * with sel a periodic column, 1 on levels 0 .. d - 2 and 0 from level d - 1 on: the wiring stops
 * at the root and never crosses into the next opening (nor wraps from the last row to row 0).
 * So on a next row with b_next = 0 its (left, right) is (out, sibling), with b_next = 1
 * (sibling, out): the transition, then that row's own mux.
 *
 * Statement (public; hs_stark_prove with public_io): an input line is HS_MBAIR_IN_WORDS = 12
 * canonical words, the leaf (8) then the index in 16-bit pieces, low first (hs_mbair_line); an
 * output line is the root (8). The bindings (slot 0):
 *   phase 0:      input words 0 .. 7 = cur (the leaf is the path's first node)
 *   phase i < d:  bit i of the index (bit i % 16 of input word 8 + i / 16) = b
 *   phase d - 1:  output words 0 .. 7 = out (the root)
 * So levels, bits, leaf and root are public; only the siblings are private.
 *
 * Soundness: by induction over the levels of an opening, cur at level i is the path's level-i
 * node: level 0 by the leaf binding; the mux and b's binding make X the pair the tree hashes at
 * that level (cur on the side bit i names, the other half free: the sibling); Poseidon2's
 * constraints make out = C(X), the level-(i + 1) node; the transition (sel = 1 for i < d - 1)
 * carries it into cur of the next row. At level d - 1 out is the root, bound to the output line.
 * Nothing above the root is read (sel = 0 there and no binding), so the padded levels cannot
 * weaken the statement.
 *
 * Wiring by transitions, not LogUp: a node is read by the next row of its own opening, a position
 * fixed before any data is, so 8 gated degree-2 constraints say it with no extra commitment, no
 * challenge and no soundness term; a lookup (multiplicities, a running-sum column committed
 * after a challenge) pays off only for data-dependent links, such as paths that share their top
 * nodes (docs/MERKLE_STARK.md).
 *
 * The depth is part of the AIR: the ids HS_MBAIR_ID0 + d - 1 (d = 1..64) name this AIR at depth
 * d in a stark proof's header (hs_air_by_id finds them; they are not hashes, so hs_air_at does
 * not list them). The prover hands the siblings to the trace through hs_air.witness
 * (hs_mbair_witness). */
#ifndef HS_AIR_MERKLE_AIR_H
#define HS_AIR_MERKLE_AIR_H

#include <stddef.h>
#include <stdint.h>

#include "air/air.h"
#include "field/kb.h"

#define HS_MBAIR_ID0 64u
#define HS_MBAIR_MAX_DEPTH 64u
#define HS_MBAIR_DIGEST 8u
#define HS_MBAIR_IN_WORDS 12u /* leaf (8), index in 16-bit pieces (4) */
#define HS_MBAIR_OUT_WORDS 8u /* root */
#define HS_MBAIR_REC 164u     /* the Poseidon2-KB16 record */
#define HS_MBAIR_OUT (HS_MBAIR_REC - 16u)
#define HS_MBAIR_CUR HS_MBAIR_REC
#define HS_MBAIR_B (HS_MBAIR_CUR + 8u)
#define HS_MBAIR_WIDTH (HS_MBAIR_B + 1u)
#define HS_MBAIR_P2_CONSTRAINTS 148u
#define HS_MBAIR_CONSTRAINTS(d) (HS_MBAIR_P2_CONSTRAINTS + 9u + ((d) > 1 ? 8u : 0u))

/* What the trace reads besides the public lines: the siblings of the n instances (n x d x 8
 * Montgomery words, instance p's level-i sibling at (p d + i) 8). */
typedef struct {
    const hs_kb *siblings;
} hs_mbair_witness;

/* The AIR id of depth d (0 when d is out of range) and the depth of an id (0 when not this AIR). */
unsigned hs_mbair_id(unsigned depth);
unsigned hs_mbair_depth(unsigned air_id);
/* The registry entry of an id (NULL when not this AIR's). */
const hs_air_def *hs_mbair_def(unsigned air_id);

/* Fills *a for depth d (1..64); 0 when out of range. */
int hs_mbair_init(hs_air *a, unsigned depth);

/* An opening's input line: the leaf (8 canonical words) and the index. */
void hs_mbair_line(uint32_t line[HS_MBAIR_IN_WORDS], const uint32_t leaf[HS_MBAIR_DIGEST], uint64_t idx);

#endif
