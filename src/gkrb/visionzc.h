/* Vision Mark-32 (hash/vision32.h) proven by a zerocheck over committed columns on the binary
 * commitment: the multilinear analogue of an AIR, as Binius proves it (Ashur, Mahzoun, Posen,
 * Sijacic, eprint 2024/633; Diamond and Posen, eprint 2023/1784 and 2024/504). Public statement: the
 * verifier holds the N = 2^log_n input and output states (canonical words, 24 a state) and binds
 * them by evaluating their multilinear extensions itself. docs/VISION_PROOF.md has the same text.
 *
 * The permutation as constraints. In the AES tower, x_0 = s + K_0; half-round h = 0..15 takes the
 * S-box inputs x_h (24 words), y_h = x_h^-1 (0 -> 0), and x_{h+1} = L_{h mod 2}(y_h) + K_{h+1}
 * where L_0 = MDS o B_inv, L_1 = MDS o B_fwd (the F2-linear parts of the affine maps, then the MDS,
 * linear over GF(2^8) hence over F2) and K_{h+1} folds the affine constant through the MDS with the
 * round key; the output is x_16. The only non-linear step is y = x^-1, i.e. x y = 1 or x = y = 0,
 * i.e. x (x y + 1) = 0 and y (x y + 1) = 0. L_0, L_1 (as the images of the 768 unit vectors) and
 * K_0..K_16 are read off the native permutation (vision32.c: its S-box, MDS and traced permutation
 * on the zero state), so the constraints are the implementation's, bit for bit.
 *
 * Embedding. GF(2^32) (the AES tower) into GF(2^128) (flat GHASH basis) by the tower conversions
 * (field/gf2_tower.h: AES32 -> Fan-Paar 32 byte by byte, then Binius' tower-to-flat map): an
 * injective ring homomorphism (tests/test_visionzc.c checks products, 1, and the rank on 32 unit
 * images), F2-linear, so emb(x) = sum_k x_k E_k with E_k = emb(2^k), and x y = 1 in GF(2^32) iff
 * emb(x) emb(y) = 1 in GF(2^128).
 *
 * Committed columns: one multilinear B over GF(2) in log_n + 15 variables, committed by ring
 * switching (commit/ringsw.h, 128 bits an element) over FRI-Binius. Index bits: b (0..4) the bit of
 * a word, xy (5: 0 x, 1 y), w (6..10: the word, 24 of 32 used; words 24..31 are zero in an honest
 * witness and bound by nothing but the S-box relation, which they do not feed), h (11..14: the
 * half-round), p (15..: the permutation). A row (w, h, p) is the 64 bits x | y << 32; a packed
 * element holds the rows w even (lo) and w + 1 (hi). 2^15 bits a permutation (12,288 of them used).
 * X(row) = emb(x) = sum_b E_b B(b, 0, row), Y likewise: GF(2^128)-linear combinations of columns.
 *
 * Protocol (transcript "hashsnark vision32 zerocheck v1"):
 *  1. absorb log_n, the commitment's parameters, the input and output words (little-endian);
 *     the prover commits B.
 *  2. alpha, then z (log_n + 9 coordinates) are drawn. Zerocheck: the sumcheck (scg.h over
 *     GF(2^128), Gruen's eq factoring, char-2 nodes 0, 1, x, inf) of
 *        0 = sum_row eq(z, row) (X + alpha Y)(X Y + 1)   (degree 3, rounds of degree 4)
 *     over the log_n + 9 row variables, ending at the point r = (r_w, r_h, r_p); the prover sends
 *     vx = X~(r), vy = Y~(r), the verifier checks the last claim against eq(z, r)(vx + alpha vy)(vx vy + 1).
 *  3. The linear relations at the same point: with D(row) = X(row) + emb(L(y_{h-1})[w] + K_h[w])
 *     (h >= 1; emb(in[w] + K_0[w]) for h = 0) for w < 24, and O(p, w) = emb(out[w] + L_1(y_15)[w]
 *     + K_16[w]): D~(r) = 0 and O~(r_p, r_w) = 0. Both are fixed once B is committed, so a wrong
 *     witness makes them nonzero multilinears that vanish at the random r with probability at most
 *     (log_n + 9) / 2^128. Every claim is a sum over p of eq(r_p, p) times a public linear form in
 *     the 2^15 bits of permutation p: beta is drawn and
 *        sum_c C(c) B~(c, r_p) = V = vx + beta vy + beta^2 P_D + beta^3 P_O
 *     with C (2^15 coefficients, the verifier's) and P_D, P_O (the public parts: the inputs' and
 *     outputs' extensions at r_p and the constants). C on the y bits of half-round h' uses
 *     G_par(w', b) = sum_{w < 24} eq(r_w, w) emb(L_par(e_{w', b})[w]).
 *  4. A sumcheck of degree 2 over the 15 column variables of sum_c C(c) B~(c, r_p), ending at s;
 *     the prover sends B~(s, r_p), the verifier checks the last claim against C~(s) B~(s, r_p).
 *  5. One opening of B at (s, r_p) by ring switching.
 *
 * Soundness error (challenges uniform in GF(2^128)): alpha 1, z (log_n + 9), the zerocheck's
 * rounds 4 (log_n + 9), the two linear relations at r (log_n + 9) + (log_n + 5), beta 3, the
 * column sumcheck 2 * 15, each over 2^128, and the commitment's terms (ring switching and
 * FRI-Binius, mlc.h's hook): hs_vzc_soundness lists them.
 *
 * Proof bytes: "VZC1", log_n (1 byte), the commitment, the zerocheck's log_n + 9 messages (4
 * elements), vx, vy, 15 messages (2 elements), B~(s, r_p), the opening; 16 bytes an element.
 *
 * The zerocheck has its own prover (the messages of scg.h's generic one, its sums by the batch
 * kernels of gf2_128.h, on `threads`); the column sumcheck is scg.h's, on the caller's thread.
 * The proof depends on neither the thread count nor the kernel. */
#ifndef HS_GKRB_VISIONZC_H
#define HS_GKRB_VISIONZC_H

#include <stddef.h>
#include <stdint.h>

#include "field/gf2_128.h"
#include "hash/vision32.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"

#define HS_VZC_MAX_LOG_N 20
#define HS_VZC_ROW_LOG 9  /* rows a permutation: 32 words x 16 half-rounds */
#define HS_VZC_COL_LOG 15 /* bits a permutation */
#define HS_VZC_HALF (2 * HS_VISION32_ROUNDS)

/* The commitment's parameters (FRI-Binius under ring switching, BLAKE3 Merkle trees, cap 2). */
typedef struct {
    unsigned log_inv_rate, log_arity, security_bits, queries; /* queries 0: from security_bits */
} hs_vzc_config;

/* rate 1/2, arity 16, 100 bits (unique decoding) */
void hs_vzc_config_default(hs_vzc_config *c);

/* The embedding of an AES-tower GF(2^32) element into GF(2^128). */
hs_gf128 hs_vzc_embed(uint32_t a);
/* The constraint system's pieces: x_{h+1} = L_{h mod 2}(y_h) + K_{h+1} (x of h = 0..16 from y
 * of h - 1), and K_0 for x_0 = s + K_0. */
void hs_vzc_next(unsigned h, const uint32_t y[HS_VISION32_WIDTH], uint32_t x[HS_VISION32_WIDTH]);
void hs_vzc_k0(uint32_t k[HS_VISION32_WIDTH]);

/* The witness rows of n states of canonical words: rows[512 p + 32 h + w] = x | y << 32 for w < 24,
 * 0 above; out (may be NULL) gets the output states (canonical words). 0 without memory. */
int hs_vzc_witness(uint64_t *rows, uint32_t *out, const uint32_t *in, size_t n, unsigned threads);

typedef struct {
    double witness, commit, zerocheck, columns, open;
} hs_vzc_times;

/* Proves out = Vision32(in) for 2^log_n states (canonical words, 24 a state); out (may be NULL)
 * receives the outputs. 0 with *why. times may be NULL. */
int hs_vzc_prove(const hs_vzc_config *c, const uint32_t *in, unsigned log_n, unsigned threads, uint32_t *out,
                 hs_writer *w, hs_vzc_times *times, const char **why);
/* The prover on given rows (the tests' cheating provers): no check that they satisfy anything. */
int hs_vzc_prove_rows(const hs_vzc_config *c, const uint32_t *in, const uint32_t *out, const uint64_t *rows,
                      unsigned log_n, unsigned threads, hs_writer *w, hs_vzc_times *times, const char **why);
#ifdef HS_TESTING
/* Test hook (the testing build only): 1 runs the zerocheck on scg.h's generic prover, whose
 * messages the fast prover must reproduce byte for byte. */
extern int hs_vzc_test_generic;
#endif
/* 1 if proof shows out = Vision32(in) for the 2^log_n states; 0 with *why. */
int hs_vzc_verify(const hs_vzc_config *c, const uint32_t *in, const uint32_t *out, unsigned log_n,
                  const uint8_t *proof, size_t len, unsigned threads, const char **why);
/* The soundness terms above, appended to out and finished (0 with *why on bad parameters). */
int hs_vzc_soundness(const hs_vzc_config *c, unsigned log_n, hs_sound_report *out, const char **why);

#endif
