/* The BLAKE3 and BLAKE2s compression AIR: one instance of the AIR interface (air.h) parameterised
 * by the hash, named "blake3-bits" (id 4) and "blake2s-bits" (id 5); `--hash blake3` and `--hash
 * blake2s` prove the limb layout (blake_limb_air.h says why). The two differ only in data: the rounds
 * (7 or 10), the message schedule, the mask XORed into state row 3 (BLAKE2s: IV[4..8]; BLAKE3:
 * none) and which words XOR into each output word; the trace generator and the constraint source
 * are shared.
 *
 * Shape: one compression per row (R = V = 1), no transitions (uses_next 0), no periodic columns,
 * degree 3. A bit-level layout (after Plonky3's blake3-air), so no lookup argument:
 * in G, the words that enter XORs (rows b and d of the state) are committed as 32 bit columns, the
 * words that only enter additions (rows a and c) as two 16-bit limbs.
 *
 * Columns of a row, in the order the evaluator reads them:
 *   inputs     28 words x 32 bits (896): cv/h[0..8], m[0..16], then the four row-3 words
 *              (BLAKE3: counter low, counter high, block_len, flags; BLAKE2s: t0, t1, f0, f1).
 *              Bit j of input word w is column 32 w + j.
 *   rounds     for each round, for each of the 8 G (columns 0..3, then diagonals 0..3), the
 *              values G computes, in order: a' (2 limbs), d' (32 bits), c' (2 limbs), b' (32 bits),
 *              a'' (2 limbs), d'' (32 bits), c'' (2 limbs), b'' (32 bits): 136 columns.
 *              In the last round's diagonal G (which produce the final state), a'' and c'' are
 *              committed as 32 bits instead of limbs, because the output XORs need their bits;
 *              and for BLAKE3 b'' is not committed at all (below): 164 columns (BLAKE2s: 196).
 *   outputs    out_words words x 2 limbs (low, high).
 * BLAKE3: 896 + 52 x 136 + 4 x 164 + 16 x 2 = 8,656 columns; BLAKE2s: 896 + 76 x 136 + 4 x 196 +
 * 8 x 2 = 12,032. Against Plonky3's 9,168 for BLAKE3, what is not a column here:
 *   - the initial state: rows 0 and 1 are the cv bits (limbs of row 0 are their packs), row 2 is
 *     IV (constants), row 3 is the input bits XOR a constant mask (linear in them);
 *   - the output bits (512 in Plonky3): each output word is two limb columns, each checked as the
 *     pack of the XOR of final-state (and cv) bits, a degree-2 or 3 expression; a pack of
 *     booleans is its own range check, so the bound output limbs need nothing more;
 *   - BLAKE3's final b'' = rotr(b' ^ c'', 7), with b' and c'' bits, is a degree-2 expression:
 *     every output it enters (b'' ^ d'') stays of degree 3. BLAKE2s XORs three words per output
 *     (h ^ b'' ^ d''), degree 4 if b'' were an expression, so it commits b''.
 * Fewer columns need a lookup argument: message words only ever enter additions, but the carry-free
 * addition below needs them range-checked, which without lookups takes their 32 bits.
 *
 * Constraints (all on the one row), numbered in evaluation order:
 *   - booleanity b (b - 1) of the 896 input bits, word by word;
 *   - per G, in its order: each addition (a' = a + b + x, c' = c + d', a'' = a' + b' + y,
 *     c'' = c' + d'') two constraints without carry columns: acc = out - sum over the full 32 bits
 *     and acc16 over the low limbs, acc in {0, -2^32, -2^33} and acc16 in {0, -2^16, -2^17}
 *     (cubic; two roots, quadratic, for two summands). All summands are range-checked (bits, or
 *     limbs checked as packs), so by CRT over 2^16 p > 6 * 2^32 this is the integer addition mod
 *     2^32. Words committed as bits (the final a'', c'') get their 32 booleanity constraints
 *     right after their addition. Each XOR-rotate o = rotr(x ^ y, r) with o committed: the 32
 *     booleanity constraints of o, then y.lo - pack(x ^ rotl(o, r))[0..16) and the same for the
 *     high limb (degree 2; this is also y's range check). An XOR of two bit columns is written
 *     (x - o)^2, which equals x + o - 2xo wherever both are boolean, as their own constraints make
 *     them on H; an XOR with an expression keeps the product form, which keeps the degree at 3;
 *   - per output word, its low and high limb minus the pack of its XOR.
 * Per G 144 (8 addition + 4 x 34 XOR); a final diagonal G 174 (BLAKE3: 64 booleans for a'', c''
 * and no b'' check) or 208 (BLAKE2s). BLAKE3: 896 + 52 x 144 + 4 x 174 + 32 = 9,112 constraints;
 * BLAKE2s: 896 + 76 x 144 + 4 x 208 + 16 = 12,688. Each is a fresh power of alpha: no two can
 * share one soundly (a single equation cannot pin two unknowns to a finite set), so the evaluators
 * keep them all and make the accumulation cheap instead (the AVX2 one lazily in 64 bits).
 *
 * Statement lines (28 u32 words in, any values: word_modulus 0):
 *   blake3   in:  cv[0..8], block words m[0..16], counter low, counter high, block_len, flags
 *            out: the 16 words of the compression (hs_blake3_compress_words): v[i] ^ v[i + 8],
 *                 then v[i + 8] ^ cv[i]; a one-block hash is out[0..8] with counter 0, flags
 *                 CHUNK_START | CHUNK_END | ROOT and the IV as cv.
 *   blake2s  in:  h[0..8], m[0..16], t0, t1, f0, f1 (f0 = 0xffffffff on the last block)
 *            out: h'[0..8], h'[i] = h[i] ^ v[i] ^ v[i + 8] (hs_blake2s_compress_words).
 * Binds: the low and high 16 bits of every input word to its bit columns (col_bits 1), and of
 * every output word to its limbs (col_bits 16); all of them are range-checked by the constraints
 * above. Binds of 16 bits, not 32: over words that may exceed p, a bind of more than 30 bits could
 * let W + p stand for the table's W (air.h; the stark refuses them). */
#ifndef HS_AIR_BLAKE_AIR_H
#define HS_AIR_BLAKE_AIR_H

#include "air/air.h"

#define HS_BLAKE_AIR_IN_WORDS 28

/* What tells the two hashes apart. */
typedef struct {
    const char *name;
    unsigned id;
    unsigned rounds;
    const uint8_t (*sigma)[16]; /* message word order of each round */
    const uint32_t *iv;         /* initial row 2 = iv[0..4] */
    const uint32_t *mask;       /* initial row 3 = input words 24..28 ^ mask[0..4] (NULL: no mask) */
    unsigned out_words;
    /* output word j = XOR of out_n[j] sources: 0..15 the final state v, 16..23 the input cv/h */
    uint8_t out_n[16], out_src[16][3];
    int final_b_expr; /* the last round's b'' are expressions of b' and c'' bits, not columns */
} hs_blake_air_params;

const hs_blake_air_params *hs_blake_air_blake3(void);
const hs_blake_air_params *hs_blake_air_blake2s(void);

/* Fills *a for bp (one compression per row; log_v is ignored). */
int hs_blake_air_init(hs_air *a, const hs_blake_air_params *bp, unsigned log_v);

#endif
