/* FRI-Binius: a multilinear polynomial commitment over GF(2^128) (field/gf2_128.h), after Diamond and
 * Posen, "Polylogarithmic Proofs for Multilinears over Binary Towers" (eprint 2024/504, "DP24"),
 * sections 3 and 4, in the shape Binius64 gives it (its crates/iop basefold and fri). Proof bytes:
 * docs/PCS.md. The commitment interface it implements is commit/mlc.h.
 *
 * Polynomial. t is multilinear in l variables over K = GF(2^128), given by its 2^l values on the
 * cube: evals[v] = t(v), variable k = bit k of v (variable 0 the least significant bit).
 *
 * Code. Those values, read as coefficients in Lin-Chung-Han's novel polynomial basis, define
 * P(X) = sum_v t(v) X_v(X) of degree < 2^l; the codeword is P on the subspace S_{l+R} of the
 * additive NTT (poly/additive_ntt.h, Gao-Mateer basis), 2^(l+R) values, rate 2^-R. Folding a
 * codeword f on S_m at r: the positions 2j and 2j+1 hold P(x) and P(x + 1), x = point(2j), both
 * over y = x^2 + x = point(j) of S_{m-1}; one inverse butterfly gives E(y) and O(y)
 * (P(x) = E(y) + x O(y)), and the fold is E(y) + r (E(y) + O(y)) = (1 - r) E(y) + r O(y): the
 * codeword of the polynomial whose novel-basis coefficients are t(r, .) (DP24 Def. 3.6 and
 * Lemma 3.10; with the Gao-Mateer basis the fold maps are all x -> x^2 + x).
 *
 * Protocol (transcript order). Commit: write and absorb the cap of oracle 0, the codeword, with
 * 2^a0 consecutive positions a Merkle leaf. Open at (point r, value s): absorb r and s; then for
 * rounds i = 0..l-1 the sumcheck of s = sum_v t(v) W(v) (W = eq(r, .); ring switching uses
 * another weight) binding variable i: the round polynomial h_i of degree 2 is sent as h_i(0) and
 * its leading coefficient h_i(inf) (char 2: the nodes are 0, 1 and infinity, never 0, 1, 2;
 * h_i(1) = claim + h_i(0)); sample r_i, which is also the fold challenge; every a rounds (and not
 * after the last) commit the folded codeword as the next oracle (cap written and absorbed). After
 * the last round write and absorb the constant c = t(r_0, ..., r_{l-1}). Sample `queries` leaf
 * indices of oracle 0; for each oracle open the distinct leaves (sorted) with their Merkle
 * siblings. The verifier folds every opened leaf with the round challenges, checks it against the
 * next oracle's value (or c after the last) and checks the sumcheck's final claim equals
 * c * W(r_0, ..., r_{l-1}).
 *
 * Every count in a proof follows from the parameters and the transcript (none is read from the
 * proof); every GF(2^128) byte string is canonical, so the only malformed proofs are short or long
 * ones and wrong values, each rejected with a reason. Proof bytes do not depend on the thread
 * count or the SIMD level. */
#ifndef HS_COMMIT_BINFRI_H
#define HS_COMMIT_BINFRI_H

#include <stddef.h>
#include <stdint.h>

#include "commit/mlc.h"
#include "field/gf2_128.h"
#include "merkle/merkle.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"
#include "transcript/transcript.h"

#define HS_BINFRI_MAX_VARS 28     /* l */
#define HS_BINFRI_MAX_RATE 3      /* R */
#define HS_BINFRI_MAX_ARITY 6     /* a */
#define HS_BINFRI_MAX_ORACLES HS_BINFRI_MAX_VARS
#define HS_BINFRI_MAX_QUERIES 1024
#define HS_BINFRI_MAX_CAP 4

typedef struct {
    unsigned n_vars;        /* l, 1..HS_BINFRI_MAX_VARS */
    unsigned log_inv_rate;  /* R, 1..HS_BINFRI_MAX_RATE */
    unsigned log_arity;     /* a: folds between two oracles, 1..HS_BINFRI_MAX_ARITY */
    unsigned security_bits; /* the target `queries` was derived from */
    unsigned queries;       /* ceil(security_bits / -log2((1 + rho) / 2)): unique decoding */
    unsigned cap_height;    /* 0..HS_BINFRI_MAX_CAP, clamped to each tree */
    hs_merkle_hash hash;    /* HS_MERKLE_KECCAK or HS_MERKLE_BLAKE3 (leaves are raw bytes) */
    unsigned chal_ext;      /* 1 (or 0): challenges, round messages and folded oracles in K = GF(2^128); 2: in
                               L = GF(2^256) (gf2_128.h: K[Y]/(Y^2 + Y + X^121)), for terms above 2^-128 */
    /* derived */
    unsigned n_oracles;                             /* ceil(l / a) */
    unsigned oracle_log_len[HS_BINFRI_MAX_ORACLES]; /* l + R - j a */
    unsigned oracle_arity[HS_BINFRI_MAX_ORACLES];   /* min(a, l - j a): positions a leaf = 2^that */
} hs_binfri_params;

/* Fills p; 0 with *why set when a value is out of range. queries = 0 derives the count from
 * security_bits; otherwise that count is used as given (tests, small proofs). */
int hs_binfri_params_init(hs_binfri_params *p, unsigned n_vars, unsigned log_inv_rate, unsigned log_arity,
                          unsigned security_bits, unsigned queries, hs_merkle_hash hash, unsigned cap_height,
                          const char **why);
/* Challenges from GF(2^(128 ext)): ext 1 (the default of hs_binfri_params_init) or 2. With 2 the
 * committed table and oracle 0 stay in K; every challenge (the sumcheck's and the folds', ring
 * switching's batch), every round message, the folded oracles and the final constant are elements
 * of L = GF(2^256), 32 bytes each, and the parameters absorb one more tag. 0 with *why otherwise. */
int hs_binfri_params_set_challenge_ext(hs_binfri_params *p, unsigned ext, const char **why);
/* The field of p's challenges: &hs_field_gf2_128 or &hs_field_gf2_256. */
const hs_field_desc *hs_binfri_challenge_field(const hs_binfri_params *p);
/* One challenge from the transcript in p's challenge field (a K challenge embedded in L: c[1] = 0). */
hs_gf256 hs_binfri_sample_challenge(const hs_binfri_params *p, hs_transcript *t);
/* The unique-decoding query count for `bits` at rate 2^-log_inv_rate. */
unsigned hs_binfri_queries_for(unsigned bits, unsigned log_inv_rate);
/* Soundness terms (bits) into r (appended; not finished): the sumcheck rounds, the folds (unique
 * decoding proximity gaps, DP24 section 4), the queries and the Merkle hash's collision bound. */
void hs_binfri_soundness(const hs_binfri_params *p, hs_sound_report *r);
/* Upper bound of the commitment's and one opening's bytes. */
size_t hs_binfri_commit_size(const hs_binfri_params *p);
size_t hs_binfri_open_size_bound(const hs_binfri_params *p);
/* Absorbs the parameters (prover and verifier both, before the commitment). */
void hs_binfri_absorb_params(const hs_binfri_params *p, hs_transcript *t);

typedef hs_mlc_commitment hs_binfri_commitment; /* the cap of oracle 0 */

typedef struct hs_binfri_witness hs_binfri_witness;

/* Prover, commit: evals (2^l values, copied) are encoded, the codeword's tree built, its cap
 * written to w and absorbed. comm (may be NULL) receives the cap. 0 on out of memory (*why). */
int hs_binfri_commit(hs_binfri_witness **out, const hs_binfri_params *p, const hs_gf128 *evals, hs_transcript *t,
                     hs_writer *w, hs_binfri_commitment *comm, unsigned threads, const char **why);
void hs_binfri_witness_free(hs_binfri_witness *wit);
/* The committed values (2^l), until the witness is opened. */
const hs_gf128 *hs_binfri_witness_evals(const hs_binfri_witness *wit);

/* t(point): the multilinear extension of evals (2^n values) at point (n coordinates). */
hs_gf128 hs_binfri_eval(const hs_gf128 *evals, unsigned n, const hs_gf128 *point);
/* eq(r, v) for every v < 2^n, variable k = bit k of v, into out (2^n). */
void hs_binfri_eq_table(hs_gf128 *out, const hs_gf128 *r, unsigned n);

/* Prover, opening of the claim sum_v t(v) weight[v] = claim (weight: 2^l values, overwritten).
 * The witness can be opened once. If challenges is not NULL it receives r_0..r_{l-1}. */
int hs_binfri_open_weighted(const hs_binfri_params *p, hs_binfri_witness *wit, hs_gf128 *weight, hs_gf128 claim,
                            hs_transcript *t, hs_writer *w, hs_gf128 *challenges, unsigned threads, const char **why);
/* The verifier's value of the weight's multilinear extension at the round challenges (l of them). */
typedef hs_gf128 hs_binfri_weight_fn(void *ctx, const hs_gf128 *challenges);
/* The same over L = GF(2^256) (p->chal_ext 2): weight (2^l values of L, overwritten), claim and
 * challenges in L. */
int hs_binfri_open_weighted256(const hs_binfri_params *p, hs_binfri_witness *wit, hs_gf256 *weight, hs_gf256 claim,
                               hs_transcript *t, hs_writer *w, hs_gf256 *challenges, unsigned threads,
                               const char **why);
/* The verifier's weight at challenges in L (for either challenge field: K's are embedded in L). */
typedef hs_gf256 hs_binfri_weight256_fn(void *ctx, const hs_gf256 *challenges);
/* Verifier, commit phase: reads the cap and absorbs it. */
int hs_binfri_verify_commitment(const hs_binfri_params *p, hs_transcript *t, hs_reader *r, hs_binfri_commitment *comm,
                                const char **why);
/* Verifier of hs_binfri_open_weighted. 1 if it holds; else 0 and *why names the failure
 * ("binfri: merkle path of oracle 2", "binfri: fold check of oracle 0", "binfri: final check",
 * "binfri: truncated", ...). */
int hs_binfri_verify_weighted(const hs_binfri_params *p, const hs_binfri_commitment *comm, hs_gf128 claim,
                              hs_binfri_weight_fn *wfn, void *ctx, hs_transcript *t, hs_reader *r, const char **why);

/* Verifier of either opening (hs_binfri_open_weighted for p->chal_ext 1, ..._open_weighted256 for
 * 2): the claim and the weight in L (a K value is embedded as its c[0]); reasons as above. */
int hs_binfri_verify_weighted256(const hs_binfri_params *p, const hs_binfri_commitment *comm, hs_gf256 claim,
                                 hs_binfri_weight256_fn *wfn, void *ctx, hs_transcript *t, hs_reader *r,
                                 const char **why);
/* eq(r, v) for every v < 2^n over L (n small: the ring-switching batch). */
void hs_binfri_eq_table256(hs_gf256 *out, const hs_gf256 *r, unsigned n);
/* One fold over L of the pair (f0, f1) with the twiddle tw of K. */
hs_gf256 hs_binfri_fold_pair256(hs_gf256 f0, hs_gf256 f1, hs_gf128 tw, hs_gf256 r);

/* The plain evaluation claim t(point) = value: absorbs point and value, then the weighted opening
 * with W = eq(point, .) (point and value in K whatever the challenge field). */
int hs_binfri_open(const hs_binfri_params *p, hs_binfri_witness *wit, const hs_gf128 *point, hs_gf128 value,
                   hs_transcript *t, hs_writer *w, unsigned threads, const char **why);
int hs_binfri_verify(const hs_binfri_params *p, const hs_binfri_commitment *comm, const hs_gf128 *point,
                     hs_gf128 value, hs_transcript *t, hs_reader *r, const char **why);

/* The commitment interface (mlc.h) over p (which must outlive it): field GF(2^128), table = the 2^l
 * values, point = l elements, value = one element. */
hs_mlc hs_binfri_mlc(const hs_binfri_params *p);

/* ---- folding (shared by prover, verifier and tests) ---- */

/* The fold twiddle of pair j: point(2j) = sum of beta_{i+1} over the bits i of j. */
hs_gf128 hs_binfri_twiddle(uint64_t j);
/* One fold of the pair (f0, f1) at positions 2j, 2j+1 by r. */
hs_gf128 hs_binfri_fold_pair(hs_gf128 f0, hs_gf128 f1, hs_gf128 tw, hs_gf128 r);
/* A whole codeword of 2^log_len values (log_len >= 1) folded by r into out (2^(log_len-1)). */
void hs_binfri_fold_codeword(hs_gf128 *out, const hs_gf128 *in, unsigned log_len, hs_gf128 r);

#endif
