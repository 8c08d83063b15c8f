/* Poseidon2b over GF(2^128), n = 128, t = 4, S-box x^7, 4 full + 58 partial + 4 full rounds
 * (Grassi, Khovratovich, Koschatko, Rechberger, Schofnegger, Schroeppel: eprint 2025/058, and
 * "Binary Field Versions of Poseidon/Poseidon2", eprint 2025/1893), in two instances:
 *
 *  - HS_P2B_REF, "poseidon2b": the paper's instance as its Sage reference defines it
 *    (github.com/Poseidon-Hash/Poseidon2b sage-ref/Poseidon2b.sage): the flat GHASH basis
 *    (gf2_128.h), M_F = [[X^2+1, X^2+X+1, 1, X+1], [X^2, X^2+X, 1, 1], [1, X+1, X^2+1, X^2+X+1],
 *    [1, 1, X^2, X^2+X]], M_P = ones off the diagonal and (X^5, X^13, X^9, X^11) on it, round
 *    constants from TurboSHAKE256 (tools/gen_poseidon2b_constants.py). Its linear layers are
 *    products by small powers of X: shifts, no multiplication.
 *  - HS_P2B_FROST, "poseidon2b-frost": FROST-GKR's instance (github.com/ignotusnemo/frost-gkr
 *    crates/poseidon2b/src/native/permutation.rs): the same shape and the same integer tables, but
 *    the integers (round constants 0..7, matrix entries) are elements of FROST-GKR's AES-based
 *    tower (gf2_tower.h, HS_TOWER_FROST). Computed here in the flat basis, with the constants
 *    mapped by FROST-GKR's TOWER_TO_FLAT; its words in and out are tower values
 *    (hs_p2b_frost_permute_tower converts at the edges).
 *
 * The round: state = M_F state first; round r (0..65) is full for r < 4 or r >= 62 (add RC[r] to
 * every lane, x^7 on every lane, M_F) and partial otherwise (add RC[r][0] to lane 0, x^7 on lane 0,
 * M_P). M_F is evaluated as Poseidon2's 4x4 ladder (eprint 2023/323, the M4 of its reference
 * instances) with "2" and "4" the field elements X and X^2 (reference) or the tower's 2 and 4
 * (FROST); M_P as y_i = (d_i + 1) x_i + sum_j x_j.
 *
 * A state is 4 hs_gf128 in the flat basis; a batch is states one after another. The batch entry
 * dispatches at run time to a kernel that permutes GK_LANES states a vector with (V)PCLMULQDQ
 * (1, 2 or 4 lanes: poseidon2b_kern.inc), several vectors interleaved; every kernel gives the bits
 * of the portable one. */
#ifndef HS_HASH_POSEIDON2B_H
#define HS_HASH_POSEIDON2B_H

#include <stddef.h>
#include <stdint.h>

#include "field/gf2_128.h"

#define HS_P2B_WIDTH 4
#define HS_P2B_ROUNDS 66 /* rounds 0..3 and 62..65 full, 4..61 partial */

typedef enum { HS_P2B_REF = 0, HS_P2B_FROST = 1, HS_P2B_INST_COUNT = 2 } hs_p2b_inst;

/* Constants (poseidon2b_constants.c, generated): RC[r][i] in flat, lanes 1..3 zero in the partial
 * rounds; FROST-GKR's "2", "4" and M_P diagonal plus one in flat. */
extern const hs_gf128 hs_p2b_ref_rc[HS_P2B_ROUNDS][HS_P2B_WIDTH];
extern const hs_gf128 hs_p2b_frost_rc[HS_P2B_ROUNDS][HS_P2B_WIDTH];
extern const hs_gf128 hs_p2b_frost_two, hs_p2b_frost_four, hs_p2b_frost_diag1[HS_P2B_WIDTH];

static inline int hs_p2b_full_round(unsigned r) { return r < 4 || r >= HS_P2B_ROUNDS - 4; }

/* One state, flat basis, portable. */
void hs_p2b_permute(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH]);
/* The states round by round: out[0] after the initial M_F, out[r + 1] after round r; out[66] is
 * the permutation's output. */
void hs_p2b_trace(hs_p2b_inst inst, const hs_gf128 in[HS_P2B_WIDTH], hs_gf128 out[HS_P2B_ROUNDS + 1][HS_P2B_WIDTH]);
/* The linear layers, exposed for the tests. */
void hs_p2b_mf(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH]);
void hs_p2b_mp(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH]);

/* n states one after another, with `threads` threads (0: one), the best kernel the CPU has. */
void hs_p2b_permute_many(hs_p2b_inst inst, hs_gf128 *states, size_t n, unsigned threads);

/* FROST-GKR's words: one state of tower values (HS_TOWER_FROST), converted to flat, permuted,
 * converted back. */
void hs_p2b_frost_permute_tower(hs_gf128 s[HS_P2B_WIDTH]);
/* The same on n states. */
void hs_p2b_frost_permute_tower_many(hs_gf128 *states, size_t n, unsigned threads);

/* ---- kernels ---- */

typedef struct {
    const char *name; /* "portable", "pclmul", "vpclmul-2", "vpclmul-4" */
    unsigned lanes;   /* states a vector */
    void (*many)(hs_p2b_inst inst, hs_gf128 *states, size_t n);
} hs_p2b_kernels;

/* impl's kernels (hs_gf128_impl of gf2_128.h), or NULL when this build, the CPU or the SIMD level
 * in use (HS_SIMD) lacks them. */
const hs_p2b_kernels *hs_p2b_kernels_get(hs_gf128_impl impl);
/* The fastest available. */
const hs_p2b_kernels *hs_p2b_kernels_best(void);

extern const hs_p2b_kernels hs_p2b_kernels_clmul, hs_p2b_kernels_vpclmul2, hs_p2b_kernels_vpclmul4;

/* ---- sponges (hashes of bytes, 32-byte digests) ---- */

/* poseidon2b-frost: FROST-GKR's Poseidon2bSponge (crates/poseidon2b/src/native/sponge.rs) as
 * new(), update(in), flush_to_squeeze(), squeeze(): rate 2 lanes (32 bytes), capacity 2, state
 * zero; every full 32-byte block is XORed into lanes 0 and 1 as two little-endian u128 tower
 * values, then permuted; a partial last block of k bytes (1..31) is padded with 0x80 at byte k and
 * 0x01 at byte 31 (0x81 when k = 31) and absorbed; a message of a multiple of 32 bytes (the empty
 * one included) gets no padding block. The digest is lanes 0 and 1, each as 16 little-endian bytes
 * of its tower value. */
void hs_p2b_frost_sponge(uint8_t out[32], const uint8_t *in, size_t len);
/* poseidon2b: the Sage reference defines no sponge; this one is the same construction over the
 * reference permutation (rate 2 lanes, capacity 2, zero state, lanes as little-endian u128 flat
 * values, the same pad bytes), except that the padding is always applied: a message of a multiple
 * of 32 bytes (the empty one included) gets a block of padding alone (0x80, zeros, 0x01), so two
 * different messages never share a padded form. */
void hs_p2b_ref_sponge(uint8_t out[32], const uint8_t *in, size_t len);

#endif
