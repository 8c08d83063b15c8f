/* The BLAKE3 and BLAKE2s compression AIR over 16-bit limbs with XOR by lookups: one instance of
 * the AIR interface (air.h) parameterised by the hash (hs_blake_air_params of blake_air.h, the
 * same rounds, schedules, masks and outputs), named "blake3" (id 8) and "blake2s" (id 9): what
 * `--hash blake3` and `--hash blake2s` prove. The bit layout of blake_air.h ("blake3-bits",
 * "blake2s-bits", ids 4 and 5) stays selectable for comparison. Why limbs are the default: they
 * commit 0.58x (BLAKE3) and 0.55x (BLAKE2s) the bit layout's cells a compression, counting the
 * LogUp multiplicity and aux columns, and a rate-1/2 proof opens 256 rows of them, so the proof
 * is 0.61x (5.48 MB against 8.98 MB for BLAKE3 at 2^12) and the prover 1.25x (BLAKE3 2^12) to
 * 2.2x (BLAKE2s 2^16) faster, measured in one quiet run (docs/BENCHMARKS.md). For BLAKE2s at
 * 2^16 the bit layout verifies faster (24 against 37 ms) and peaks 7% lower.
 * The layout follows stwo's BLAKE2s AIR: every 32-bit word is
 * two 16-bit limbs or pieces of them, additions are checked on limbs without carry columns, and
 * every XOR is a set of table lookups (air.h "Lookups", proven by the stark's LogUp argument,
 * src/stark/logup.h), so no word is ever bit-decomposed.
 *
 * Shape: one compression per row (R = V = 1), no transitions, no periodic columns, degree 3.
 *
 * XOR-rotate o = rotr(x ^ y, r). Both inputs are cut into pieces at the bit boundaries of a set
 * B_r that contains 0, 16 (the limbs' boundaries), r and r + 16 (the output limbs' boundaries),
 * with pieces of at most 9 bits: B_0 = B_8 = B_16 = bytes {0, 8, 16, 24}; B_12 = {0, 8, 12, 16, 24,
 * 28}; B_7 = {0, 7, 16, 23}. A limb's first piece is its limb minus the others (linear), the
 * others are columns, so a word costs 2 (bytes, B_7) or 4 (B_12) columns to cut, and nothing if
 * it is already held in pieces of the same set (the output of a rotation by 16 or 8 is in bytes,
 * which the next XOR of d reads as they are). The output pieces z_q are columns, one lookup
 * (x_q, y_q, z_q) each into xor-w (w = the piece's width: xor8, xor4, xor7, xor9): 4 or 6 columns
 * and lookups. The output's limbs are linear in its pieces (the rotation is a relabelling of
 * pieces), and so is every later use of it. A piece found in a table is in range, so a limb made
 * of pieces is range-checked by the lookups it enters.
 *
 * Additions a' = a + b + x and c' = c + d (16-bit limbs of every summand range-checked: limbs cut
 * into looked-up pieces, or message limbs looked up in range16) commit the result's two limbs and
 * check acc = out - sum over the full 32 bits, acc16 over the low limbs, acc in {0, -2^32, -2^33}
 * and acc16 in {0, -2^16, -2^17} (cubic; two roots for two summands): by CRT over 2^16 p this is
 * the integer addition mod 2^32 (blake_air.h has the argument). Each addition's result enters an
 * XOR right after (a' with d, c' with b), which range-checks it.
 *
 * Columns of a row, in the order the trace writes and the evaluator reads them:
 *   inputs   28 words x 2 limbs (lo, hi): cv/h[0..8], m[0..16], the four row-3 words (BLAKE3:
 *            counter low, counter high, block_len, flags; BLAKE2s: t0, t1, f0, f1) (56)
 *   BLAKE2s only: v[12 + i] = row3[i] ^ IV[4 + i], an XOR with a constant (row3[i] cut, 4 z)
 *   per G (rounds x 8): a' limbs (2); d' = rotr16(d ^ a'): cut d (2 if not in bytes) and a' (2),
 *            4 z; c' limbs (2); b' = rotr12(b ^ c'): cut b (4) and c' (4), 6 z; a'' limbs (2);
 *            d'' = rotr8(d' ^ a''): cut a'' (2), 4 z; c'' limbs (2); b'' = rotr7(b' ^ c''): cut b'
 *            (2) and c'' (2), 4 z: 42 columns, 18 lookups (10 xor8, 4 xor4, 2 xor7, 2 xor9)
 *   outputs  each output word is the XOR (rotation 0) of its sources (blake_air.h), each XOR
 *            cutting what is not yet in bytes and committing 4 output bytes; the last XOR's
 *            bytes are the output word (bound with col_bits 8)
 * Message limbs are looked up in range16 (32 lookups). BLAKE3: 56 + 56 x 42 + 8 (the first
 * round cuts the row-3 words into bytes) + 96 (outputs) = 2,512 columns (0.29x the bit layout's
 * 8,656), 448 constraints, 1,104 lookups; BLAKE2s: 56 + 24 (the masked row 3) + 80 x 42 + 96 =
 * 3,536 columns (0.29x of 12,032), 640 constraints, 1,552 lookups. hs_blake_limb_air_init takes
 * the counts from one walk of the layout (the trace's walk). The LogUp argument adds per row the
 * multiplicity columns (the tables' 409,856 entries spread over h rows) and (lookups + those) / 2
 * challenge-field columns, so a BLAKE3 row at 2^12 commits 2,512 + 101 + 604 d cells (5,029 at
 * d = 4: 0.58x the bit layout) and at 2^10 5,929. Below 2^10 rows the tables would spread over
 * more columns than the trace has: min_log_rows = 10 pads shorter traces (air.h).
 *
 * Statement lines: as blake_air.h (28 u32 words in; BLAKE3 16 words out, BLAKE2s 8). Binds: the
 * low and high 16 bits of every input word to its limbs (col_bits 16), of every output word to
 * its two output bytes (col_bits 8); all of them are range-checked by lookups. */
#ifndef HS_AIR_BLAKE_LIMB_AIR_H
#define HS_AIR_BLAKE_LIMB_AIR_H

#include "air/air.h"
#include "air/blake_air.h"

/* Fills *a for bp (hs_blake_air_blake3() or _blake2s()); log_v is ignored. 0 for another bp. */
int hs_blake_limb_air_init(hs_air *a, const hs_blake_air_params *bp, unsigned log_v);

#endif
