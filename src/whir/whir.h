/* WHIR multilinear polynomial commitment (eprint 2024/1586) over KoalaBear, challenge field
 * K = hs_kb5 (X^5 + X^2 - 1), in leanMultisig's shape (its crates/whir).
 * The byte layout of an opening is docs/PROOF_FORMAT_WHIR.md.
 *
 * Polynomial. f is multilinear in n variables, given by its 2^n values on the cube (hs_kb,
 * Montgomery), index convention of src/poly/mle.h: variable 0 is the most significant index bit.
 * The caller hands it over as 2^log_cols columns of 2^log_rows rows (n = log_cols + log_rows):
 * column s holds indices [s * 2^log_rows, (s + 1) * 2^log_rows), so the top log_cols variables
 * select the column ("stacking"; a single column is log_cols = 0).
 *
 * Univariate form. With multilinear coefficients c_j (same index convention), f's univariate form
 * is F(Y) = sum_j c_j Y^j = f(pow_n(Y)), pow_n(Y) = (Y^(2^(n-1)), ..., Y^2, Y): variable i <-> Y^(2^(n-1-i)).
 *
 * Oracles. Oracle i (i = 0..M) encodes a polynomial g_i in n_i variables (g_0 = f, n_0 = n): split
 * by its top k_i variables into 2^k_i sub-polynomials g_{i,b} = g_i(b, .), each encoded by its
 * univariate form on the subgroup <w> of size 2^log_leaves (log_leaves = n_i - k_i + log_inv_rate_i)
 * in bit-reversed order: Merkle leaf q is the row (G_{i,b}(w^bitrev(q)))_{b < 2^k_i}, base-field
 * words for i = 0, K values (5 words each, b-major) for i >= 1. Folding a leaf at r in K^{k_i}
 * (multilinear interpolation over b) gives g_i(r, .) at pow(w^bitrev(q)).
 *
 * Protocol (transcript order). Commit: write and absorb the cap of oracle 0; sample ood_0 points
 * zeta in K and write/absorb f(pow_n(zeta)). Later (the caller may use the transcript in between),
 * open: absorb the statements; sample gamma; claim S = sum gamma^j v_j over (OOD answers, then
 * the statements' claims), weight W = sum gamma^j eq(p_j, .). Then for i = 0..M: k_i degree-2
 * sumcheck rounds of sum_x g_i(x) W(x) (src/sumcheck round messages; fold_pow bits of grinding
 * between a round's message and its challenge); if i < M commit oracle i+1 (cap, OOD), grind
 * query_pow_i, sample queries_i leaf indices of oracle i (deduplicated, sorted), open those
 * leaves, sample gamma and add the OOD answers and the folded leaf values as constraints; if
 * i = M send the final polynomial's 2^final_vars coefficients, grind, open queries_M leaves of
 * oracle M and check them against it. Last, final_vars sumcheck rounds and the check
 * S = W(rho) * g_final(rho'). The verifier evaluates W itself.
 *
 * Every count in a proof is fixed by the parameters and the transcript (never read from the
 * proof); every malformed proof is rejected with a reason, never a crash. Proof bytes do not
 * depend on the thread count. */
#ifndef HS_WHIR_WHIR_H
#define HS_WHIR_WHIR_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "hashsnark.h"
#include "merkle/merkle.h"
#include "poly/ntt.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"
#include "transcript/transcript.h"

#define HS_WHIR_MAX_ROUNDS 16  /* M: oracles after the first */
#define HS_WHIR_MAX_OOD 8      /* OOD samples per oracle */
#define HS_WHIR_MAX_QUERIES 4096
#define HS_WHIR_MAX_CAP 4      /* cap_height */
#define HS_WHIR_MAX_POW 40     /* grinding bits (hs_transcript_grind's limit) */

/* What a preset chooses. */
typedef struct {
    unsigned log_inv_rate;     /* R: oracle 0 has rate 2^-R (1..) */
    unsigned fold_first;       /* k_0 */
    unsigned fold;             /* k (rounds 1..M) */
    unsigned first_reduction;  /* the domain shrinks by 2^first_reduction after oracle 0 (<= k_0), by 2 later */
    unsigned max_final_vars;   /* s_max: stop folding when at most this many variables are left */
    unsigned security_bits;    /* lambda */
    unsigned pow_bits;         /* PoW budget g: queries aim at lambda - g */
    hs_regime regime;          /* UDR (delta = (1-rho)/2, list 1), Johnson (BCHKS25 Thm 1.5), conjectured capacity */
    hs_merkle_hash hash;
    unsigned cap_height;       /* 0..HS_WHIR_MAX_CAP (clamped to each tree's height) */
} hs_whir_config;

/* Oracle i and the sumcheck rounds that fold it. */
typedef struct {
    unsigned n_vars;           /* n_i: variables of the polynomial this oracle encodes */
    unsigned fold;             /* k_i: variables the following sumcheck binds */
    unsigned log_inv_rate;     /* R_i */
    unsigned log_leaves;       /* Merkle tree height n_i - k_i + R_i */
    unsigned ood;              /* OOD samples at this oracle's commitment */
    unsigned queries;          /* leaf indices sampled in this oracle */
    unsigned query_pow;        /* grinding bits before those queries */
    unsigned fold_pow;         /* grinding bits in each of the k_i sumcheck rounds */
    double log_c;              /* proximity slack: eta = sqrt(rho)/c (JB) or rho/c (CB); 0 for UDR */
} hs_whir_round;

typedef struct {
    hs_whir_config cfg;
    unsigned n_vars;
    unsigned n_rounds;         /* M */
    hs_whir_round round[HS_WHIR_MAX_ROUNDS + 1]; /* oracles 0..M */
    unsigned final_vars;       /* n_f = n_M - k_M */
    unsigned final_fold_pow;   /* grinding bits in each final sumcheck round */
} hs_whir_params;

/* Schedule and counts from leanMultisig's WHIR config.rs formulas (docs/SOUNDNESS.md):
 * M = ceil((n - k_0 - s_max) / k), queries t = ceil((lambda - g) / -log2(1 - delta)), OOD, PoW per fold round and per
 * query phase. If report is not NULL, appends one term per phase (fold rounds, OOD, queries,
 * final sumcheck) under all three regimes. Returns 0 with *why set if the configuration is
 * unusable for n_vars (sizes beyond the NTT, more than HS_WHIR_MAX_POW grinding bits, ...). */
int hs_whir_params_derive(hs_whir_params *p, unsigned n_vars, const hs_whir_config *cfg, hs_sound_report *report,
                          const char **why);

/* Presets on leanMultisig's (Dec 2025) schedule: proven (Johnson, rate 1/4 by default), conjectured
 * (capacity, rate 1/2), (k_0, k) = (7, 4), reduction 5, s_max 6, lambda 128, g 16. */
void hs_whir_config_proven128(hs_whir_config *cfg, unsigned log_inv_rate, hs_merkle_hash hash);
void hs_whir_config_conj128(hs_whir_config *cfg, unsigned log_inv_rate, hs_merkle_hash hash);

/* Proof bytes of the commitment and of one opening with the given statements (no Merkle pruning
 * assumed: the real size is at most this). */
size_t hs_whir_commit_size_bound(const hs_whir_params *p);
size_t hs_whir_open_size_bound(const hs_whir_params *p);

/* ---- statements ----
 * A statement is one inner point r in K^n_inner and claims (sel_j, v_j) meaning
 * f(bits(sel_j), r) = v_j, bits(sel) = the top n - n_inner variables (sel < 2^(n - n_inner), most
 * significant bit first; sel == NULL means 0 for every claim). A plain point of K^n is n_inner = n
 * with one claim and sel = NULL. */
typedef struct {
    unsigned n_inner;
    const hs_kb5 *point;      /* n_inner coordinates */
    size_t n_claims;
    const uint32_t *sel;
    const hs_kb5 *values;
} hs_whir_statement;

/* What the verifier learnt at commit time. */
typedef struct {
    size_t n_cap;
    hs_digest cap[1u << HS_WHIR_MAX_CAP];
    unsigned n_ood;
    hs_kb5 ood_points[HS_WHIR_MAX_OOD];
    hs_kb5 ood_values[HS_WHIR_MAX_OOD];
} hs_whir_commitment;

typedef struct hs_whir_witness hs_whir_witness;

/* Prover, commit phase. cols: 2^log_cols pointers to 2^log_rows values each, log_cols + log_rows
 * = p->n_vars; they are NOT copied (unless the stacking is finer than k_0 blocks) and must stay
 * alive and unchanged until hs_whir_witness_free. plan: an NTT plan with max_log_n >= the
 * largest log_leaves, kept alive until the opening is done, or NULL (the witness builds its own). Writes the cap and the OOD answers to
 * w and absorbs them; comm (may be NULL) receives what the verifier will learn. Returns 0 on bad
 * arguments or out of memory (*why says which). */
int hs_whir_commit(hs_whir_witness **out, const hs_whir_params *p, const hs_ntt_plan *plan, const hs_kb *const *cols,
                   unsigned log_cols, unsigned log_rows, hs_transcript *t, hs_writer *w, hs_whir_commitment *comm,
                   unsigned threads, const char **why);
void hs_whir_witness_free(hs_whir_witness *wit);
/* The same over the ranks of comm (sumcheck/comm.h; size > 1): f's rows split by their last
 * log2(R) variables, rank r holding those whose last variables are r, as 2^log_cols columns of
 * 2^log_rows rows each (log_cols + log_rows + log2 R = n_vars, log_cols <= k_0). Every rank writes
 * and absorbs the same bytes as hs_whir_commit over the whole f; each holds 1/R of oracle 0's
 * codeword and tree (whir.c, "oracle 0 over ranks"), and hs_whir_open on the witness runs over
 * the ranks too (every rank calls it alike; every rank writes the whole opening). 0 with *why on
 * bad arguments, out of memory or a failed transfer. */
int hs_whir_commit_ranks(hs_whir_witness **out, const hs_whir_params *p, const hs_kb *const *cols, unsigned log_cols,
                         unsigned log_rows, const hs_comm *comm, hs_transcript *t, hs_writer *w, unsigned threads,
                         const char **why);

/* The committed polynomial's value at a statement's claims (prover helper and test oracle):
 * values[j] = f(bits(sel_j), point). */
void hs_whir_eval_statement(const hs_whir_witness *wit, unsigned n_inner, const hs_kb5 *point, const uint32_t *sel,
                            size_t n_claims, hs_kb5 *values, unsigned threads);

/* Prover, opening: proves every statement (their values must be right, else the proof fails to
 * verify). The witness can be opened once. Returns 0 on out of memory or bad statements. */
int hs_whir_open(const hs_whir_params *p, hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st,
                 hs_transcript *t, hs_writer *w, unsigned threads, const char **why);

/* Verifier, commit phase: reads the cap and OOD answers, absorbs them, samples the OOD points. */
int hs_whir_verify_commitment(const hs_whir_params *p, hs_transcript *t, hs_reader *r, hs_whir_commitment *comm,
                              const char **why);
/* Verifier, opening. 1 if every statement holds; else 0 and *why names the failure
 * ("whir: merkle path of oracle 2", "whir: final check", "whir: truncated", ...). */
int hs_whir_verify(const hs_whir_params *p, const hs_whir_commitment *comm, const hs_whir_statement *st, size_t n_st,
                   hs_transcript *t, hs_reader *r, const char **why);

#endif
