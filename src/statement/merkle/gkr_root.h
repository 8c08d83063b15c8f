/* A dense Merkle root by GKR + WHIR (docs/MERKLE_GKR.md "Dense root"): a proof that the prover
 * knows the 2^k leaves of the Poseidon2-KB16 tree with the public root R (private leaves,
 * committed), or that R is the root of the verifier's 2^k leaves (public leaves).
 *
 * Layout. The node array D in heap order: D[1] = R, the children of node i are 2i and 2i + 1,
 * leaf t is D[2^k + t], D[0] := 0. Stored node-major it is byte for byte the 2^k-row table X whose
 * row j is D[2j] || D[2j + 1]: row j >= 1 is the compression producing D[j], row 0 a dummy whose
 * output is c = trunc8(P(0 || R)). X is committed once (its 16 columns; zero columns up to
 * 2^(7 - k) at k < 3, WHIR's smallest polynomial).
 *
 * Protocol: header, root (and the leaves' BLAKE3 digest when public); commit X; the gkr walk of
 * the private statement over X (all 16 output lanes claimed at z; lanes 8..15 are the true
 * permutation outputs' claims the walk checks) down to 16 claims on X at rho; the outputs: the
 * prover sends X_l and X_(8+l) at y = (0, z_1 .. z_(k-1)), and the verifier checks
 * v_l = (1 - z_k) X_l(y) + z_k X_(8+l)(y) + eq(z, 0) c_l (T(j) = D[j] for j >= 1, T(0) = c); the
 * root: X_(8+l)(0^k) = R_l (D[1] is row 0's right half); public leaves: a random s in K^(k-1) and
 * X_(8b+l)(1, s) = the leaf table's MLE (leaf 2t' + b, lane l) at s; one WHIR opening. */
#ifndef HS_STATEMENT_MERKLE_GKR_ROOT_H
#define HS_STATEMENT_MERKLE_GKR_ROOT_H

#include <stddef.h>
#include <stdint.h>

#include "gkr/gkr.h"

#define HS_MR_MAX_LOG 23
#define HS_MR_STATEMENT 4u /* the gkr header's statement byte */

typedef struct {
    const hs_preset *preset;
    unsigned log_leaves; /* k, 1..HS_MR_MAX_LOG */
    int public_leaves;
    unsigned log_cols;   /* derived: 4, or 7 - k below k = 3 */
    hs_whir_config whir;
    size_t corrupt_node; /* test hook, prover only: nonzero adds 1 to lane 0 of node corrupt_node - 1
                            (an internal node, 1 .. 2^k - 1) and hashes the nodes above it from it */
} hs_mr_shape;

int hs_mr_shape_make(hs_mr_shape *s, const hs_preset *p, unsigned log_leaves, int public_leaves, const char **why);

typedef struct {
    double witness_s, commit_s, walk_s, open_s, total_s;
} hs_mr_timing;

/* Proves the tree of the 2^k leaves (8 Montgomery words each); root_out (may be NULL) receives
 * its root. 0 with a reason on allocation failure. Proof bytes do not depend on the thread count. */
int hs_mr_prove(const hs_mr_shape *shape, const hs_kb *leaves, unsigned threads, hs_writer *out,
                hs_kb root_out[8], hs_mr_timing *timing, const char **why);

int hs_mr_peek(const uint8_t *proof, size_t len, hs_mr_shape *shape_out, const char **why);

/* 1 when accepted. leaves: the 2^k leaves of a public-leaves proof (NULL for a private one; a
 * mismatch either way is rejected). */
int hs_mr_verify(const uint8_t *proof, size_t len, const hs_kb root[8], const hs_kb *leaves, unsigned threads,
                 hs_mr_shape *shape_out, const char **why);

int hs_soundness_mr(const hs_preset *p, unsigned log_leaves, int public_leaves, hs_sound_report *out);

#endif
