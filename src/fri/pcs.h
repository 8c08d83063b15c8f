/* Two-adic FRI polynomial commitment over KoalaBear with a challenge field of degree d = 4, 5 or 8
 * (Plonky3's TwoAdicFriPcs shape; the bytes are docs/PROOF_FORMAT_FRI.md).
 *
 * Commit: a matrix of h = 2^log_h rows and w columns holds, per column, the evaluations of a
 * polynomial of degree < h on H = <w_h>, in bit-reversed row order (row i = p(w_h^bitrev(i)),
 * the order hs_ntt_dif produces and the AIR trace uses) or natural order. hs_pcs_commit
 * extends every column to the coset g*K, |K| = h * 2^log_blowup, g = 3, in bit-reversed order
 * (hs_ntt_lde), and builds a Merkle tree over the extended rows. The extended matrix stays
 * readable (hs_pcs_lde) for the caller's quotient computation.
 *
 * Open: every committed matrix (all of the same height h in this version) is opened at one or two
 * points of the challenge field outside g*K (every column at each of its points). The prover
 *   1. computes the values (barycentric evaluation over the first h extended rows = g*H);
 *   2. absorbs them all into the transcript in order (matrix, point, column) and samples alpha;
 *   3. forms the DEEP quotient F(x) = sum over (matrix, point, column) of
 *      alpha^k (f(x) - f(z)) / (x - z), k counting up in that order, on g*K (bit-reversed);
 *   4. runs FRI on F: folding by 2^log_arity per round (the last round may fold less), each
 *      layer committed in a Merkle tree whose leaf is one folding coset (2^log_arity consecutive
 *      bit-reversed values, d words each); after each commitment the cap is absorbed and beta
 *      sampled (with commit_pow_bits of grinding first if nonzero); it stops when the degree bound
 *      is 2^log_final_len and sends the final polynomial's coefficients;
 *   5. grinds query_pow_bits, samples num_queries indices in [0, h * 2^log_blowup) and opens every
 *      matrix row and every FRI coset the queries touch (Merkle multi-openings, shared nodes once).
 * Verify replays the transcript, checks every Merkle opening, recomputes F at each queried point
 * from the opened rows and claimed values, checks each fold against the next layer and the last
 * against the final polynomial, and the proofs of work. It never reads outside the proof it is
 * given and returns a named reason on failure.
 *
 * Threads: OpenMP with exactly `threads` (<= 1: caller's thread); proofs do not depend on it. */
#ifndef HS_FRI_PCS_H
#define HS_FRI_PCS_H

#include <stddef.h>
#include <stdint.h>

#include "field/field_desc.h"
#include "field/kbe.h"
#include "merkle/merkle.h"
#include "poly/ntt.h"
#include "proof/bytes.h"
#include "transcript/transcript.h"

typedef struct {
    unsigned ext_degree;      /* 4, 5 or 8 */
    unsigned log_blowup;      /* 1..(24 - log_h) */
    unsigned log_arity;       /* 1..4 */
    unsigned log_final_len;   /* final polynomial has 2^log_final_len coefficients */
    unsigned num_queries;     /* 1..1024 */
    unsigned commit_pow_bits; /* grinding before each beta, 0 = none */
    unsigned query_pow_bits;  /* grinding before the queries */
    hs_merkle_hash hash;
    unsigned cap_height;
} hs_fri_params;

/* A challenge in F_p^d as hs_kbe (d = 4, 5 or 8: the transcript's sampling, field/field_desc.h). */
static inline hs_kbe hs_pcs_sample(hs_transcript *t, unsigned d) {
    hs_kbe c;
    hs_transcript_sample(t, hs_field_kbe(d), &c);
    return c;
}

/* 0 if the parameters are unusable for matrices of height 2^log_h (names the reason in *why). */
int hs_fri_params_check(const hs_fri_params *p, unsigned log_h, const char **why);

typedef struct hs_pcs_matrix hs_pcs_matrix;

/* evals: h*w words (Montgomery), not modified. Returns 0 on bad arguments or out of memory. */
int hs_pcs_commit(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, const hs_kb *evals,
                  unsigned log_h, size_t w, int in_bitrev, unsigned threads);
/* The same commitment without a copy of the input: buf (from hs_alloc_array, at least
 * (h << log_blowup) * w words) holds the h rows of evaluations at its start and becomes the
 * matrix's LDE, extended in place; the matrix owns it from then on (hs_pcs_matrix_free frees it,
 * and so does a failed call). A caller can generate its trace straight into such a buffer. */
int hs_pcs_commit_owned(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                        unsigned log_h, size_t w, int in_bitrev, unsigned threads);
/* hs_pcs_commit_owned for a matrix given by coefficients: buf's first h rows hold, per column,
 * the h coefficients of its polynomial (natural order), not its evaluations on H. Saves the
 * inverse transform when the caller has coefficients (the quotient chunks). */
int hs_pcs_commit_coeffs_owned(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                               unsigned log_h, size_t w, unsigned threads);
/* hs_pcs_commit_owned that never holds the whole LDE: buf needs room for h rows only (h * w words)
 * and holds one block of h rows at a time (block q = the bit-reversed evaluations on
 * g * w_N^bitrev_B(q) * H, as in the whole LDE). Commitment, openings and proof bytes are the same
 * as hs_pcs_commit_owned's; the price is time: moving between blocks is an inverse and a forward
 * size-h transform of the matrix (2^log_blowup moves for the commitment, one per other block
 * that a query falls in when opening, plus whatever hs_pcs_block asks for). The tree keeps every
 * level (it cannot rehash rows it does not hold). After it, the matrix holds block B - 1.
 * spare_bytes (0: none) lets it keep the first columns of the last block other than 0 that hs_pcs_block
 * leaves (h * 4 bytes a column, as many as fit): the queries then recompute only the other
 * columns of that block. hs_pcs_open is the matrix's last use: it may leave no block behind. */
int hs_pcs_commit_cosets_owned(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                               unsigned log_h, size_t w, int in_bitrev, size_t spare_bytes, unsigned threads);
/* The h rows of block q (q < 2^log_blowup) of the matrix's LDE. A whole-LDE matrix returns them in
 * place; a coset matrix (hs_pcs_commit_cosets_owned) first moves the block it holds to block q,
 * in place (the rows of the block held before are gone). NULL on out of memory or q out of range. */
const hs_kb *hs_pcs_block(hs_pcs_matrix *m, const hs_ntt_plan *plan, size_t q, unsigned threads);
int hs_pcs_is_cosets(const hs_pcs_matrix *m);
void hs_pcs_matrix_free(hs_pcs_matrix *m);
const hs_digest *hs_pcs_cap(const hs_pcs_matrix *m); /* 2^min(cap_height, log_h+log_blowup) digests */
size_t hs_pcs_cap_len(const hs_pcs_matrix *m);
/* The extended matrix: (h << log_blowup) rows of w words, bit-reversed order over g*K (a coset
 * matrix: only the block it holds, see hs_pcs_block). */
const hs_kb *hs_pcs_lde(const hs_pcs_matrix *m);

/* What the verifier needs to know about each opened matrix, and the claim. */
typedef struct {
    unsigned log_h;
    size_t width;
    const hs_digest *cap;  /* hs_pcs_cap_len digests (verifier: from the proof) */
    unsigned n_points;     /* 1 or 2 */
    hs_kbe points[2];
    hs_kbe *values;        /* n_points * width values, point-major; prover: filled by hs_pcs_open */
} hs_pcs_claim;

/* The opening proof (everything after the values, which the caller sends itself). */
typedef struct hs_pcs_proof hs_pcs_proof;

/* Prover: computes claims[i].values for every matrix, then the proof. The transcript must
 * already hold the caps and everything before. Returns 0 on out of memory. */
int hs_pcs_open(const hs_fri_params *p, const hs_ntt_plan *plan, hs_transcript *t, hs_pcs_matrix *const *mats,
                hs_pcs_claim *claims, size_t n_mats, hs_pcs_proof **out, unsigned threads);
void hs_pcs_proof_free(hs_pcs_proof *pr);

/* Serialization (the PCS part of docs/PROOF_FORMAT.md). The reader bounds every count by the
 * parameters and the claims' shapes before allocating, and fails with a reason. */
void hs_pcs_proof_write(hs_writer *w, const hs_fri_params *p, const hs_pcs_proof *pr);
hs_pcs_proof *hs_pcs_proof_read(hs_reader *r, const hs_fri_params *p, const hs_pcs_claim *claims, size_t n_mats);

/* Verifier: the transcript must be in the prover's state before hs_pcs_open (values are absorbed
 * inside). Returns 1 if the proof holds, else 0 with a reason ("fri: merkle path of layer 3",
 * "fri: final polynomial mismatch", "fri: query proof of work", ...). */
int hs_pcs_verify(const hs_fri_params *p, hs_transcript *t, const hs_pcs_claim *claims, size_t n_mats,
                  const hs_pcs_proof *pr, const char **why);

/* Bytes the proof takes, for reports. */
size_t hs_pcs_proof_size(const hs_fri_params *p, const hs_pcs_proof *pr);

#endif
