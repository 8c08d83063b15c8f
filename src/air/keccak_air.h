/* The Keccak-f[1600] AIR: one instance of the AIR interface (air.h), named "keccak-f1600", id 3.
 *
 * Shape. 3 rounds a row, R = 8 rows a permutation (24 rounds), one permutation per row group:
 * row k holds phase k mod 8 of permutation k / 8, i.e. rounds 3p, 3p+1, 3p+2 for phase p. Because
 * 8 divides every trace height, the round constants and the phase selector are periodic columns
 * (evaluated by the stark and the verifier, never committed), and no round flags are committed.
 *
 * Columns of a row (HS_KAIR_WIDTH = 6,941; lane L = x + 5y, bit z of a lane, 16-bit limb q
 * of a lane = bits 16q .. 16q + 15, low limb first):
 *   a      100   the row's input state, 25 lanes x 4 limbs              a[4L + q]
 *   then for each round slot j = 0, 1, 2 (2,247 columns each, at HS_KAIR_ROUND(j)):
 *     c    320   bits of the column parities C[x] = XOR_y A[x, y]     c[64x + z]
 *     c'   320   bits of C'[x] = C[x] ^ C[x-1] ^ rot(C[x+1], 1)        c'[64x + z]
 *     a'  1600   bits of the theta output A' = A ^ D, D = C ^ C'        a'[64L + z]
 *     iota   7   the chi output bits of lane (0, 0) at the only positions where some round
 *                constant has a 1 (0, 1, 3, 7, 15, 31, 63), before iota
 *   out    100   the state after the row's third round, 25 lanes x 4 limbs
 * 55,528 cells a permutation (Plonky3's keccak-air: 2,633 x 24 = 63,192).
 *
 * What is evaluated instead of committed: rho and pi are index maps into a' (B[X][Y] bit z is a'
 * of lane ((X + 3Y) mod 5, X) at bit z - rho); D is c ^ c' per (x, z); chi is a degree-3
 * expression in a' bits; the input of rounds 3p+1 and 3p+2 is the chi-iota expression of the
 * round before (no limbs); iota is linear in the committed iota bit once the round constant is a
 * periodic value (a committed bit keeps chi-iota at degree 2 where chi ^ rc would be 4); the
 * round flags are the periodic columns. Only the row's input (a) and output (out) are limbs: the
 * statement binds them, and the transition a(next) = out(local) must be gated by a periodic
 * selector, which a degree-3 chi expression could not afford.
 *
 * Periodic columns (HS_KAIR_N_PERIODIC = 22, period 8): column 7j + i at phase p is bit
 * hs_kair_rc_pos[i] of RC[3p + j]; column 21 (sel) is 1 on phases 0..6 and 0 on phase 7.
 *
 * Constraints (HS_KAIR_N_CONSTRAINTS = 8,001 a row, all degree <= 3, a periodic value counting
 * 1), emitted in this order. XOR of bits is x + y - 2xy. For round slot j, at index
 * HS_KAIR_CON_ROUND(j):
 *   [0, 320)      c[x][z] boolean: c^2 - c
 *   [320, 640)    c'[x][z] - (c[x][z] ^ D[x][z]), D[x][z] = c[x-1][z] ^ c[x+1][z-1]     (deg 3)
 *   slot 0, [640, 2340): for limb Q = 4L + q, 17 constraints at 640 + 17Q: a'[L][16q + k]
 *                 boolean for k < 16, then a[Q] - pack16(a' ^ D) over those 16 bits    (deg 3)
 *   slot j > 0, [640, 2240): for lane L, bit z: (a'[L][z] ^ D[x][z]) - chi-iota of slot j - 1
 *                 at lane L, bit z                                                       (deg 3)
 *   then 320      parity: s (s - 2)(s - 4) with s = sum_y a'[x + 5y][z] - c'[x][z]          (deg 3)
 *   then 7        iota bit i - chi of this slot at lane 0, bit hs_kair_rc_pos[i]          (deg 3)
 * (2,667 for slot 0, 2,567 for slots 1 and 2), then at HS_KAIR_CON_OUT:
 *   100           out[Q] - pack16(chi-iota of slot 2 over limb Q's bits)                     (deg 3)
 *   100           sel * (a(next)[Q] - out[Q])                                                (deg 2)
 * with chi-iota = chi, except at lane 0, position i: iota_i + rc - 2 rc iota_i (rc periodic).
 *
 * Why this is sound (every bit below is forced to {0, 1}, by induction over the slots):
 *  - c is boolean, so D and c' = c ^ D are boolean and D is theta's D of c.
 *  - slot 0: a' is boolean, so each pack16 is a sum of 16 bits and equals a[Q] (< 2^16 < p): a is
 *    a 16-bit limb whose bits are a' ^ D, i.e. a' = A ^ D.
 *  - slot j > 0: the previous slot's chi-iota values are bits (chi of bits; the iota bit equals
 *    chi by its constraint, and rc is 0 or 1 on the trace rows). a' + D - 2 a' D = b with D a bit
 *    is a' (1 - 2D) = b - D with 1 - 2D = +-1, so a' = b ^ D is a bit: no booleanity constraint is
 *    needed for a' here, and the bit-by-bit link costs 1,600 constraints where booleanity plus
 *    16-bit packs would cost 1,700.
 *  - parity: s lies in [-1, 5], so s in {0, 2, 4} says c' = XOR_y a' = (XOR_y A) ^ D, hence
 *    c = c' ^ D = XOR_y A: c is the true column parity and a' the true theta output.
 *  - the chi-iota bits of slot 2 are the round output; out = their packs, so out is 16-bit limbs;
 *    sel carries out into the next row's a except from phase 7 (the next permutation).
 *
 * Statement lines: 25 u64 lanes in and 25 out as 50 u32 words each (lane L = words 2L, the low 32
 * bits, and 2L + 1), word_modulus 0. Input words bind to a at phase 0, output words to out at
 * phase 7 (two 16-bit limbs a word).
 *
 * One constraint source, keccak_air_eval.inc, serves base-field rows (keccak_air.c), 8 rows in
 * AVX2 lanes (keccak_air_avx2.c) and the verifier's challenge-field values (keccak_air.c). */
#ifndef HS_AIR_HS_KAIR_H
#define HS_AIR_HS_KAIR_H

#include "air/air.h"

#define HS_KAIR_ROUNDS_PER_ROW 3
#define HS_KAIR_R 8 /* rows a permutation */
#define HS_KAIR_N_IOTA 7

/* column offsets inside a round slot */
#define HS_KAIR_C 0
#define HS_KAIR_CP 320
#define HS_KAIR_AP 640
#define HS_KAIR_IOTA 2240
#define HS_KAIR_SLOT_WIDTH 2247

#define HS_KAIR_A 0
#define HS_KAIR_ROUND(j) (100 + (j) * HS_KAIR_SLOT_WIDTH)
#define HS_KAIR_OUT HS_KAIR_ROUND(3)
#define HS_KAIR_WIDTH (HS_KAIR_OUT + 100)

#define HS_KAIR_N_PERIODIC (3 * HS_KAIR_N_IOTA + 1)
#define HS_KAIR_SEL (3 * HS_KAIR_N_IOTA)

#define HS_KAIR_CON_SLOT0 2667
#define HS_KAIR_CON_SLOT 2567
#define HS_KAIR_CON_ROUND(j) ((j) == 0 ? 0 : HS_KAIR_CON_SLOT0 + ((j) - 1) * HS_KAIR_CON_SLOT)
#define HS_KAIR_CON_OUT HS_KAIR_CON_ROUND(3)
#define HS_KAIR_N_CONSTRAINTS (HS_KAIR_CON_OUT + 200)

/* The bit positions where some round constant has a 1. */
extern const unsigned char hs_kair_rc_pos[HS_KAIR_N_IOTA];
/* rho offsets by lane L = x + 5y */
extern const unsigned char hs_kair_rho[25];

/* pi: B[X][Y] (X + 5Y) is rot(A'[x][y], rho) of lane x = (X + 3Y) mod 5, y = X. */
static inline unsigned hs_kair_pi_src(unsigned X, unsigned Y) { return (X + 3 * Y) % 5 + 5 * X; }

/* The iota column of bit z of lane (0, 0): the positions are 2^i - 1, so i = log2(z + 1); -1 when
 * no round constant has bit z. */
static inline int hs_kair_iota_index(unsigned z) {
    if ((z + 1) & z) return -1;
    int i = 0;
    while ((1u << i) != z + 1) i++;
    return i;
}

#endif
