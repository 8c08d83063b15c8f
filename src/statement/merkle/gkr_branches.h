/* Merkle branches by GKR + WHIR (docs/MERKLE_GKR.md; the STARKed binary hash tree of Vitalik
 * Buterin's "Possible futures of the Ethereum protocol, part 4"): a proof that each of m public
 * openings (index idx_p < 2^d, leaf_p) sits at its index in a depth-d binary Merkle tree with the
 * public root R, the siblings private. The tree's compression is Poseidon2-KB16's: C(a, b) = the
 * first 8 lanes of P(a || b); path p's node at level i + 1 is C(cur, S) when bit i of idx_p is 0,
 * C(S, cur) when it is 1 (cur: the node at level i, S: its sibling).
 *
 * Layout (rows x = (p, i), p in the top mu bits, the level i in the low delta bits, MSB first):
 * mu = ceil(log2 m), delta = max(1, ceil(log2 d)), mu raised until n = mu + delta >= 4. Paths
 * p >= m repeat opening 0; levels i >= d (above the root) hash cur with a zero sibling and bit 0.
 * Committed (one WHIR commitment, 16 columns of 2^n rows): S (the sibling, columns 0..7) and O
 * (the row's output, columns 8..15). cur(p, 0) = leaf_p, cur(p, i) = O(p, i - 1); the walk's
 * input X = left || right = mux(cur, S, bit).
 *
 * Protocol (transcript order; docs/PROOF_FORMAT_GKR.md "Merkle branches"): header, root, the
 * BLAKE3 digest of the openings; commit S || O; the gkr walk (src/gkr/gkr.h hs_gkr_walk_prove,
 * private ends: all 16 output lanes are claimed, lanes 0..7 are O's, lanes 8..15 are claims
 * about the true permutation outputs the walk checks) down to 16 claims on X at a point rho;
 * lambda; the mux sumcheck (n rounds of degree 3) of sum_k lambda^k X_k^(rho) =
 * sum_x eq(rho, x) (A(x) + b(x) B(x)), A = sum_l (lambda^l cur_l + lambda^(8+l) S_l),
 * B = sum_l (lambda^l - lambda^(8+l)) (S_l - cur_l), ending at rho'; the prover sends
 * cur_l^(rho') and S_l^(rho') (the verifier computes the public bit table's b^(rho') itself);
 * the shift: cur^(r_p, r) = eq(r, 0) L^(r_p) + sum_{j < delta} kappa_j(r) O^(r_p, r_1..r_(delta-j-1),
 * 0, 1^j), kappa_j(r) = r_(delta-j) prod_(t > delta-j) (1 - r_t): the prover sends those delta
 * points' 8 lanes of O; a random s in K^mu for the root, O(s, bits(d - 1)) = R; one WHIR opening of
 * delta + 3 sparse statements (8 claims each). */
#ifndef HS_STATEMENT_MERKLE_GKR_BRANCHES_H
#define HS_STATEMENT_MERKLE_GKR_BRANCHES_H

#include <stddef.h>
#include <stdint.h>

#include "gkr/gkr.h"

#define HS_MB_MAX_DEPTH 64
#define HS_MB_DIGEST 8 /* words of a node */
/* The gkr header's statement byte of a branches proof (docs/PROOF_FORMAT_GKR.md). */
#define HS_MB_STATEMENT 3u

typedef struct {
    const hs_preset *preset;
    unsigned depth;     /* d, 1..HS_MB_MAX_DEPTH */
    size_t m;           /* openings, >= 1 */
    unsigned mu, delta, n; /* the layout (derived) */
    hs_whir_config whir;   /* from the preset */
    /* test hook, prover only: nonzero adds 1 to lane 0 of O at row corrupt_row - 1 and hashes the
     * rest of that path from the altered node (a tree with one wrong internal node) */
    size_t corrupt_row;
} hs_mb_shape;

/* The shape of m openings in a depth-d tree under preset p. 0 with a reason when impossible
 * (d out of range, m = 0, more than 2^24 rows). */
int hs_mb_shape_make(hs_mb_shape *s, const hs_preset *p, unsigned depth, size_t m, const char **why);

typedef struct {
    double witness_s, commit_s, walk_s, mux_s, open_s, total_s;
} hs_mb_timing;

/* Proves the openings (idx[p] < 2^d; leaves: m x 8 Montgomery words; siblings: m x d x 8, opening
 * p's level-i sibling at (p d + i) 8) and appends the proof to out; root_out (may be NULL) receives
 * the root they reach. 0 with a reason: an index out of range, openings that do not reach one
 * root, allocation failure. The proof bytes do not depend on the thread count. */
int hs_mb_prove(const hs_mb_shape *shape, const uint64_t *idx, const hs_kb *leaves, const hs_kb *siblings,
                unsigned threads, hs_writer *out, hs_kb root_out[HS_MB_DIGEST], hs_mb_timing *timing,
                const char **why);

/* The header of a branches proof (no cryptography): its depth, openings and preset. */
int hs_mb_peek(const uint8_t *proof, size_t len, hs_mb_shape *shape_out, const char **why);

/* 1 when the proof shows that every opening (idx, leaves: m x 8 Montgomery words) sits at its index
 * in a depth-d tree with root `root`; 0 with a reason otherwise (another root, depth, opening
 * list, a malformed or altered proof). Never reads outside proof[0..len). */
int hs_mb_verify(const uint8_t *proof, size_t len, const hs_kb root[HS_MB_DIGEST], unsigned depth, size_t m,
                 const uint64_t *idx, const hs_kb *leaves, unsigned threads, const char **why);

/* m openings of a seeded random depth-d tree, the test and benchmark workload: indices uniform
 * below 2^d (repeats allowed); the leaf at each position and every node off the opened paths a
 * seeded value of its position (an unopened subtree); the opened paths hashed. idx: m; leaves: m x 8; siblings: m x d x 8
 * (Montgomery); root: the paths' common root. O(m d log m). 0 with a reason on bad sizes. */
int hs_mb_random_openings(unsigned depth, size_t m, uint64_t seed, uint64_t *idx, hs_kb *leaves, hs_kb *siblings,
                          hs_kb root[HS_MB_DIGEST], const char **why);

/* Every soundness term of a branches proof (docs/SOUNDNESS.md "Merkle branches"). */
int hs_soundness_mb(const hs_preset *p, unsigned depth, size_t m, hs_sound_report *out);

/* ---- the identities (exposed for the brute-force tests) ---- */

/* kappa_j(r) for j < delta (r: delta values, r[0] the level's most significant bit). */
hs_kb5 hs_mb_kappa(const hs_kb5 *r, unsigned delta, unsigned j);
/* The shift's point q_j (n values) from rho' (n values): rho'[0 .. n-j-2], 0, then j ones. */
void hs_mb_shift_point(const hs_kb5 *rho, unsigned n, unsigned j, hs_kb5 *q);
/* b^(r_p, r_i) of the public bit table (openings p >= m repeat opening 0). */
hs_kb5 hs_mb_bits_mle(const uint64_t *idx, size_t m, unsigned depth, unsigned mu, unsigned delta, const hs_kb5 *r);
/* L^_l(r_p), l < 8, of the leaf table (padded the same way). */
void hs_mb_leaves_mle(const hs_kb *leaves, size_t m, unsigned mu, const hs_kb5 *r_p, hs_kb5 out[HS_MB_DIGEST]);

#endif
