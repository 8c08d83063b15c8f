/* Keccak-f[1600] proven by GKR over GF(2), challenges in GF(2^128) (the flat GHASH basis of
 * field/gf2_128.h): the public statement, where the verifier holds the N = 2^log_n input and output
 * states.
 *
 * Witness. The state bits of N instances are bit-sliced: column q = 64 (x + 5 y) + z holds bit z of
 * lane (x, y) of every instance, instance i at bit i % 64 of word i / 64 (words = max(1, N / 64); for
 * N < 64 the unused bits of the single word are padding that no sum reads). The prover keeps, for
 * every round r, the columns of chi's input L_r = pi(rho(theta(A_r))), 24 * 1600 * words words.
 *
 * Claims. A claim is  v = sum_q w_q L~_q(z)  (or the same over chi's output B_r) with weights w over
 * the 1600 bit positions and a point z in GF(2^128)^log_n; L~_q is the multilinear extension over the
 * instance bits of column q (coordinate b of z goes with instance bit b). The walk, from the output:
 *   - the verifier draws z and a point r_bit over 11 bit-position variables (q < 1600 as 11 bits) and
 *     computes v = the extension of the output table at (z, r_bit) itself: w_q = eq(r_bit, q);
 *   - iota of round r adds RC[r] to lane 0, the same in every instance; sum_i eq(z, i) = 1, so the
 *     claim on chi's output is v - sum_q w_q rc_q: the verifier's constant correction;
 *   - chi, B_q = L_q + (1 + L_{s1 q}) L_{s2 q} (s1, s2: x + 1, x + 2 in the same row, the same bit
 *     z), is the one sumcheck: sum_i eq(z, i) sum_q w_q B_q(i), first over the log_n instance
 *     variables (degree 3 with eq), ending at r' with the 1600 values a_q = L~_q(r') (the prover's,
 *     not sent); then, since chi never mixes bits z of a lane, over the 6 bit-in-lane variables t
 *     (q = 64 l + t): sum_t sum_l W_l(t) (A_l(t) + (1 + A_{s1 l}(t)) A_{s2 l}(t)) with W_l the
 *     extension over t of eq(z, r') w_{64 l + t} and A_l that of a_{64 l + t}, degree 3, by the
 *     generic sumcheck (scg.h). At its end (point rho) the prover sends the 25 lane values
 *     al_l = L~_l(r', rho), and the verifier checks the last claim against
 *     eq(z, r') sum_l W~_l(rho) (al_l + (1 + al_{s1 l}) al_{s2 l}), W~_l(rho) = sum_t w_{64 l + t} eq(rho, t);
 *   - the 25 claims are folded into one by alpha_l = eq(beta, l), beta drawn (5 variables):
 *     v = sum_l alpha_l al_l, a claim on L_r at r' with the weights w_{64 l + t} = alpha_l eq(rho, t);
 *   - theta, rho, pi are a GF(2)-linear map M of the bit positions, applied to every instance alike, so
 *     sum_q alpha_q (M A)~_q(r') = sum_q (M^T alpha)_q A~_q(r'): the weights move by M's transpose
 *     (a few XORs of 1600 elements), no sumcheck;
 *   - after round 0 the verifier evaluates the input table's extension at r' with the last weights.
 * Variable order of the chi sumcheck: instance bits 0 and 1 first (their rounds run on the packed
 * bits), then bits log_n - 1, log_n - 2, ..., 2 (on GF(2^128) tables halved each round).
 *
 * Proof bytes: "KGK2", log_n (1 byte), then for round r = 23 down to 0: log_n + 6 sumcheck messages
 * of 3 elements (scg.h, degree 3) and the 25 lane values, 16 bytes an element:
 *   5 + 24 * (48 (log_n + 6) + 400) bytes.
 * Soundness error (Schwartz-Zippel on each step, challenges uniform in GF(2^128)):
 *   ((log_n + 11) + 24 * (3 (log_n + 6) + 5)) / 2^128,
 * the output comparison, then per round the sumcheck (log_n + 6 rounds of degree 3) and the folding
 * of the 25 lane claims (a multilinear polynomial in the 5 variables of beta). */
#ifndef HS_GKRB_KGKR_H
#define HS_GKRB_KGKR_H

#include <stddef.h>
#include <stdint.h>

#include "commit/ringsw.h"
#include "field/gf2_128.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"

#define HS_KGKR_BITS 1600
#define HS_KGKR_BIT_VARS 11
#define HS_KGKR_LANES 25
#define HS_KGKR_LANE_VARS 5 /* lane l < 25 as 5 bits: the fold's challenges */
#define HS_KGKR_Z_VARS 6    /* bit t < 64 within a lane: the second part of each chi sumcheck */
#define HS_KGKR_MAX_LOG_N 24

/* Column q of bit z of lane (x, y). */
static inline unsigned hs_kgkr_col(unsigned x, unsigned y, unsigned z) { return 64 * (x + 5 * y) + z; }

static inline size_t hs_kgkr_words(unsigned log_n) { return log_n >= 6 ? (size_t)1 << (log_n - 6) : 1; }

/* N states (25 lanes each, one after another) to 1600 columns of `words` words (zero padding). */
void hs_kgkr_bitslice(uint64_t *cols, const uint64_t *states, size_t n, size_t words);
/* Back: all n states from the columns (the transposes again). */
void hs_kgkr_unbitslice(uint64_t *states, const uint64_t *cols, size_t n, size_t words);
/* Back: instance i's state from the columns, bit by bit (the tests' reference). */
void hs_kgkr_unslice(uint64_t st[25], const uint64_t *cols, size_t words, size_t i);
/* theta, rho, pi on columns (in and out: 1600 * words words each, not overlapping). */
void hs_kgkr_linear(uint64_t *out, const uint64_t *in, size_t words);
/* chi then iota of round `round` on columns (in place allowed: out == in is fine). */
void hs_kgkr_chi_iota(uint64_t *out, const uint64_t *in, size_t words, unsigned round);
/* The transpose of hs_kgkr_linear on weights: out = M^T in (1600 elements each, not overlapping). */
void hs_kgkr_linear_t(hs_gf128 *out, const hs_gf128 *in);
/* out[q] = L~_q(pt): each column's extension over the log_n instance variables (pt[b] with instance
 * bit b) at pt; threads as in util/parallel.h. 0 when out of memory. */
int hs_kgkr_eval_cols(hs_gf128 out[HS_KGKR_BITS], const uint64_t *cols, unsigned log_n, const hs_gf128 *pt,
                      unsigned threads);

typedef struct {
    unsigned log_n;
    size_t words;
    uint64_t *in;     /* 1600 * words: the input columns */
    uint64_t *out;    /* 1600 * words: the output columns */
    uint64_t *chi_in; /* 24 * 1600 * words: chi's input of round r at chi_in + r * 1600 * words */
} hs_kgkr_witness;

/* The witness of 2^log_n states (log_n <= HS_KGKR_MAX_LOG_N); 0 with *why on bad arguments or no memory. */
int hs_kgkr_witness_build(hs_kgkr_witness *w, const uint64_t *states, unsigned log_n, unsigned threads,
                          const char **why);
void hs_kgkr_witness_free(hs_kgkr_witness *w);

/* Seconds spent in each phase of a proof (wall clock). */
typedef struct {
    double witness, bind, chi_first, chi_rest, finals;
    double commit, reduce, open; /* the private statement's: commitment, input reduction, opening */
} hs_kgkr_times;

/* Proves that out = Keccak-f[1600](in) for the 2^log_n states `in`: writes the proof to w, the
 * outputs to out_states (2^log_n * 25 words, may be NULL). times may be NULL. 0 with *why on failure. */
int hs_kgkr_prove(const uint64_t *in_states, unsigned log_n, unsigned threads, uint64_t *out_states, hs_writer *w,
                  hs_kgkr_times *times, const char **why);
/* 1 if the proof shows out = Keccak-f[1600](in) for the given 2^log_n states; 0 with *why otherwise. */
int hs_kgkr_verify(const uint64_t *in_states, const uint64_t *out_states, unsigned log_n, const uint8_t *proof,
                   size_t len, unsigned threads, const char **why);
/* The same with the caller's bytes bind[0..bind_len) absorbed into the transcript right after its
 * domain tag (a statement's header: src/statement/kgkrstmt.h); bind_len 0 gives the two above. */
int hs_kgkr_prove_bound(const uint8_t *bind, size_t bind_len, const uint64_t *in_states, unsigned log_n,
                        unsigned threads, uint64_t *out_states, hs_writer *w, hs_kgkr_times *times, const char **why);
int hs_kgkr_verify_bound(const uint8_t *bind, size_t bind_len, const uint64_t *in_states,
                         const uint64_t *out_states, unsigned log_n, const uint8_t *proof, size_t len, unsigned threads,
                         const char **why);
/* The proof's length for log_n, and the soundness bits of the formula above (all terms summed). */
size_t hs_kgkr_proof_bytes(unsigned log_n);
double hs_kgkr_soundness_bits(unsigned log_n);
/* The same terms one by one in the soundness calculator's report (kgkr_sound.c), which out is
 * appended to and finished with: the output point, the 24 chi sumchecks, the 24 folds. */
void hs_kgkr_soundness(hs_sound_report *out, unsigned log_n);

/* ---- the private statement (kgkr_priv.c, docs/KECCAK_GKR.md "Private statement") ----
 * The input and output states of the N instances are one GF(2) multilinear t committed by ring
 * switching (commit/ringsw.h, FRI-Binius over the packed table): variables the instance bits (at
 * least 7: below 128 instances the missing ones are zero instances), the bit position q (11 bits,
 * q >= 1600 zero) and in/out (0 inputs, 1 outputs); 128 instances a GF(2^128) element. The walk
 * starts from the prover's v_out = t(z, r_bit, 1) and ends at sum_q w_q In~_q(z'), reduced by a
 * sumcheck over q's 11 bits (degree 2) to v_in = t(z', r_q, 0); both claims are opened together
 * (hs_ringsw_open_many). Proof bytes after the caller's header:
 *   "KGP1", log_n, the commitment's cap, v_out, the walk (as the public one's, without its
 *   magic), 11 messages of 2 elements, v_in, the opening (two partial evaluation rows of 128
 *   elements, FRI-Binius's opening). */
#define HS_KGKR_PRIVATE_MAX_LOG_N 23 /* FRI-Binius's 28 variables */
/* Instance variables of the commitment (max(log_n, 7)) and FRI-Binius's n_vars for log_n. */
unsigned hs_kgkr_private_inst_vars(unsigned log_n);
unsigned hs_kgkr_private_packed_vars(unsigned log_n);
/* The packed table (2^hs_kgkr_private_packed_vars elements) of the input and output columns. */
void hs_kgkr_private_pack(hs_gf128 *packed, const uint64_t *in_cols, const uint64_t *out_cols, unsigned log_n);
/* 1 when fri fits log_n (its n_vars the statement's); 0 with *why. */
int hs_kgkr_params_check(const hs_binfri_params *fri, unsigned log_n, const char **why);
/* Prover and verifier of the private statement; bind as for hs_kgkr_prove_bound. */
int hs_kgkr_prove_private(const uint8_t *bind, size_t bind_len, const hs_binfri_params *fri, const uint64_t *in_states,
                          unsigned log_n, unsigned threads, uint64_t *out_states, hs_writer *w, hs_kgkr_times *times,
                          const char **why);
int hs_kgkr_verify_private(const uint8_t *bind, size_t bind_len, const hs_binfri_params *fri, unsigned log_n,
                           const uint8_t *proof, size_t len, const char **why);
/* The private statement's terms: the walk's, the input reduction, the opening's batch, ring
 * switching's and FRI-Binius's (appended and finished). */
void hs_kgkr_private_soundness(hs_sound_report *out, unsigned log_n, const hs_binfri_params *fri);

#endif
