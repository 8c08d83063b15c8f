/* Poseidon2b (hash/poseidon2b.h, both instances) proven by a GKR walk over GF(2^128), one layer a
 * round: the public statement, where the verifier holds the N = 2^log_n input and output states
 * (flat basis, 4 lanes a state, states one after another) and evaluates their multilinear
 * extensions itself. No commitment: the proof is the walk's sumcheck messages and claimed values.
 *
 * The permutation as layers: s_0 = M_F x; round r (0..65) takes u_r = s_r + RC[r], applies S_r (x^7
 * on every lane in the full rounds r < 4, r >= 62; on lane 0 only in the partial rounds, the other
 * lanes unchanged) and then its linear layer M_r (M_F or M_P): s_{r+1} = M_r S_r(u_r); y = s_66.
 * Row i of a table is permutation i; u~_{r,l} is the extension of lane l of u_r over the log_n row
 * bits (coordinate b of a point with row bit b).
 *
 * Binding: the transcript absorbs the instance, log_n and the BLAKE3 digest of the states (inputs
 * then outputs, 16 bytes an element, lo then hi little-endian).
 *
 * The walk, from the output. The verifier draws z (log_n challenges) and computes the four claims
 * v_l = y~_l(z) itself. Layer r = 65 down to 0 turns four claims v_l = s~_{r+1,l}(z) into four at
 * a new point:
 *   - gamma is drawn and the lanes batched: sum_i gamma^i v_i = sum_l c_l S_{r,l}(u_r)~(z) with
 *     c = M_r^T (1, gamma, gamma^2, gamma^3): the linear layer moves into the weights (the rows
 *     share M_r, and the extension is linear), no sumcheck;
 *   - one sumcheck over the log_n row variables of  sum_x eq(z, x) sum_l c_l S_{r,l}(u_{r,l}(x)):
 *     degree 7 (x^7) times eq, round polynomials of degree 8 (scg.h's GF(2^128) transport: 8
 *     values a round); row bit log_n - 1 is bound first, then log_n - 2, ..., 0;
 *   - the prover sends a_l = u~_{r,l}(rho) (4 values) at the challenge point rho; the verifier
 *     checks the sumcheck's last claim against eq(z, rho) sum_l c_l S_{r,l}(a_l);
 *   - the claims on s_r are v_l = a_l + RC[r][l] (the extension of a constant is the constant),
 *     and z = rho.
 * After layer 0 a last gamma batches the claims on s_0 = M_F x through M_F^T, and the verifier
 * compares them with the input table's extensions at z.
 *
 * The prover (p2bgkr_walk.c) never multiplies by eq inside its sums (Gruen's factoring, scg.h) and
 * computes each round's q from its coefficients: on a pair (a, b) of a table, with d = a + b,
 * (a + X d)^7 = (a^4 + X^4 d^4)(a^3 + X a^2 d + X^2 a d^2 + X^3 d^3), so the 8 coefficient sums are
 * 8 inner products with E (.) a^4 and E (.) d^4 (the batch kernels of gf2_128.h); lanes without
 * S-box contribute sums of E a and E d. Every sum is a XOR of exact products, so the proof depends
 * on neither the thread count nor the kernel. The witness (p2bgkr_witness.c) keeps the states at
 * every 6th round and recomputes a block of 6 rounds' u_r when the walk reaches it: 18 tables of
 * 4 N elements (1,152 N bytes) instead of 66.
 *
 * Proof bytes: "P2G1", the instance (1 byte: 0 poseidon2b, 1 poseidon2b-frost), log_n (1 byte),
 * then for round r = 65 down to 0: log_n sumcheck messages of 8 elements and the 4 values a_l, 16
 * bytes an element:  6 + 66 (128 log_n + 64) bytes.
 * Soundness error (Schwartz-Zippel on each step, challenges uniform in GF(2^128)):
 *   (log_n + 67 * 3 + 66 * 8 log_n) / 2^128:
 * the output point (a multilinear polynomial in log_n variables), 67 lane batchings (a polynomial
 * of degree 3 in gamma), 66 sumchecks of log_n rounds of degree 8 (p2bgkr_sound.c). */
#ifndef HS_GKRB_P2BGKR_H
#define HS_GKRB_P2BGKR_H

#include <stddef.h>
#include <stdint.h>

#include "field/gf2_128.h"
#include "hash/poseidon2b.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"
#include "transcript/transcript.h"

#define HS_P2BG_MAX_LOG_N 24
#define HS_P2BG_SBOX_DEGREE 7 /* x^7; the round polynomials have one more (eq) */
#define HS_P2BG_BLOCK 6       /* rounds a witness block */
#define HS_P2BG_BLOCKS (HS_P2B_ROUNDS / HS_P2BG_BLOCK)

/* The dense matrices of the linear layers, M[i][j] (y_i = sum_j M[i][j] x_j), read off the native
 * layers (hs_p2b_mf, hs_p2b_mp) on unit vectors. */
void hs_p2bg_matrix(hs_p2b_inst inst, int full, hs_gf128 m[HS_P2B_WIDTH][HS_P2B_WIDTH]);

typedef struct {
    hs_p2b_inst inst;
    unsigned log_n;
    size_t n;
    hs_gf128 *ckpt; /* HS_P2BG_BLOCKS x 4 x n: lane l of s_{6b} at ckpt + (4 b + l) n */
    hs_gf128 *out;  /* 4 x n: the output columns */
    hs_gf128 *blk;  /* HS_P2BG_BLOCK x 4 x n: u_r of the rounds of block blk_id, lane l at (4 (r % 6) + l) n */
    int blk_id;
    unsigned threads;
} hs_p2bg_witness;

/* The witness of 2^log_n states (log_n <= HS_P2BG_MAX_LOG_N), holding the last block; 0 with
 * *why on bad arguments or no memory. */
int hs_p2bg_witness_build(hs_p2bg_witness *w, hs_p2b_inst inst, const hs_gf128 *states, unsigned log_n,
                          unsigned threads, const char **why);
/* u_r's four lane tables (lane l at the result + l n), recomputing r's block if it is not held. */
const hs_gf128 *hs_p2bg_witness_round(hs_p2bg_witness *w, unsigned r);
void hs_p2bg_witness_free(hs_p2bg_witness *w);

/* Seconds spent in each phase of a proof (wall clock): the witness (blocks included), binding the
 * statement, the layers' sumchecks. */
typedef struct {
    double witness, bind, layers;
} hs_p2bg_times;

/* Proves out = Poseidon2b(in) for the 2^log_n states `in` (4 N flat elements): writes the proof
 * to w, the outputs to out_states (4 N elements, may be NULL). times may be NULL. 0 with *why. */
int hs_p2bg_prove(hs_p2b_inst inst, const hs_gf128 *in_states, unsigned log_n, unsigned threads,
                  hs_gf128 *out_states, hs_writer *w, hs_p2bg_times *times, const char **why);
/* 1 if the proof shows out = Poseidon2b(in) for the given 2^log_n states; 0 with *why otherwise. */
int hs_p2bg_verify(hs_p2b_inst inst, const hs_gf128 *in_states, const hs_gf128 *out_states, unsigned log_n,
                   const uint8_t *proof, size_t len, unsigned threads, const char **why);
/* The same with the caller's context bytes (a statement's header) absorbed right after the
 * transcript's domain tag, so that none of them can change without the proof failing; ctx_len 0
 * is hs_p2bg_prove / hs_p2bg_verify, byte for byte. */
int hs_p2bg_prove_bound(const uint8_t *ctx, size_t ctx_len, hs_p2b_inst inst, const hs_gf128 *in_states,
                        unsigned log_n, unsigned threads, hs_gf128 *out_states, hs_writer *w, hs_p2bg_times *times,
                        const char **why);
int hs_p2bg_verify_bound(const uint8_t *ctx, size_t ctx_len, hs_p2b_inst inst, const hs_gf128 *in_states,
                         const hs_gf128 *out_states, unsigned log_n, const uint8_t *proof, size_t len, unsigned threads,
                         const char **why);
/* The layers alone, for a statement that binds its tables otherwise (statement/p2bstmt.h: a
 * commitment): on a transcript the caller started, with z (log_n coordinates) the point of the
 * four output claims, layer 65 down to 0 (gamma, the sumcheck's messages, the 4 values a_l), the
 * same bytes as in hs_p2bg_prove after its header. On return z is the point of the claims on
 * s_0 = M_F x. The prover adds the witness' recomputation time to *witness_s (may be NULL); 0 with
 * *why out of memory. The verifier turns the claims v on the outputs into those on s_0; 0 with *why
 * when a round fails. */
int hs_p2bg_walk_prove(hs_p2bg_witness *wit, hs_transcript *t, hs_writer *w, hs_gf128 *z, double *witness_s,
                       const char **why);
int hs_p2bg_walk_verify(hs_p2b_inst inst, unsigned log_n, hs_transcript *t, hs_reader *rd, hs_gf128 *z,
                        hs_gf128 v[HS_P2B_WIDTH], const char **why);
/* Sumcheck rounds with fewer pairs, and witnesses with fewer rows, run on the caller's thread:
 * every thread team is a barrier, which costs a scheduler slice when a thread is descheduled (a
 * loaded machine), and the small rounds are an eighth of the work (a block's 6 rounds of 4096
 * rows, about a millisecond). */
#define HS_P2BG_PAR_MIN 8192
#ifdef HS_TESTING
/* Test hook (the testing build only, util/verify.h): the threshold above, so that the tests can
 * put small proofs on the thread team. */
extern size_t hs_p2bg_test_par_min;
static inline size_t hs_p2bg_par_min(void) { return hs_p2bg_test_par_min; }
#else
static inline size_t hs_p2bg_par_min(void) { return HS_P2BG_PAR_MIN; }
#endif
/* The proof's length for log_n, and the soundness bits of the formula above (the terms summed). */
size_t hs_p2bg_proof_bytes(unsigned log_n);
double hs_p2bg_soundness_bits(unsigned log_n);
/* The same terms one by one in the soundness calculator's report, which out is appended to and
 * finished with: the output point, the 67 lane batchings, the 66 sumchecks. */
void hs_p2bg_soundness(hs_sound_report *out, unsigned log_n);

#endif
