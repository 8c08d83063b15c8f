/* Poseidon2b (both instances) by the GKR walk over GF(2^128) (src/gkrb/p2bgkr.h) as a statement of
 * the registry (docs/POSEIDON2B_GKR.md, "Proof format"):
 *
 *  - public: the verifier holds the 2^log_n input and output states; the body is the walk's proof
 *    (hs_p2bg_prove_bound's bytes), its transcript absorbing the 18 header bytes after its domain
 *    tag. Length 18 + hs_p2bg_proof_bytes(log_n).
 *  - private: the inputs and outputs committed with FRI-Binius (commit/binfri.h) as one table of 8
 *    stacked columns (lane l of the inputs is column l, of the outputs column 4 + l; 2^(log_n + 3)
 *    values, the row bits the low variables, the column's 3 bits the high ones). Body: the
 *    commitment; the four output claims y~_l(z); the walk's layers (hs_p2bg_walk_prove); the four
 *    input claims x~_l(z') at the walk's last point, which the verifier checks through M_F against
 *    the claims on s_0 = M_F x; one weighted opening of the eight claims, batched by powers of a
 *    challenge alpha: sum_c alpha^c t~(c, z_c) = sum_v t(v) W(v) with
 *    W(i + 2^log_n c) = alpha^c eq(z_c, i) (z_c = z' for the inputs, z for the outputs), which
 *    FRI-Binius' own sumcheck reduces to one evaluation point. Its soundness term: a wrong claim
 *    makes the batched difference a nonzero polynomial of degree 7 in alpha, 7/2^128.
 *
 * Header (18 bytes): the common frame (proof/frame.h) with version 1, backend HS_FRAME_GKR, the
 * preset id (1 compat, 2 fast100, 3 proven128: the walk's terms are the preset-independent part,
 * the commitment's rate and queries the preset's), hash byte HS_P2BSTMT_HASH_REF (poseidon2b) or
 * HS_P2BSTMT_HASH_FROST (poseidon2b-frost), statement HS_FRAME_PRIVATE or HS_FRAME_PUBLIC; then u8
 * log_n (0..24) and u8 challenge field (0: GF(2^128), the only one).
 *
 * States are flat GF(2^128) elements (4 a state, states one after another); the API's lines
 * (FROST-GKR's tower values for poseidon2b-frost) convert at the edge (hs_p2bstmt_states). */
#ifndef HS_STATEMENT_P2BSTMT_H
#define HS_STATEMENT_P2BSTMT_H

#include <stddef.h>
#include <stdint.h>

#include "commit/binfri.h"
#include "gkrb/p2bgkr.h"
#include "preset/preset.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"

#define HS_P2BSTMT_VERSION 1u
#define HS_P2BSTMT_HASH_REF 66u   /* frame byte 14 of a gkr proof: poseidon2b over GF(2^128) */
#define HS_P2BSTMT_HASH_FROST 67u /* ... poseidon2b-frost */
#define HS_P2BSTMT_HEADER_BYTES 18
#define HS_P2BSTMT_MAX_LOG_N 24
#define HS_P2BSTMT_COLS 8 /* the private statement's stacked columns: x_0..x_3, y_0..y_3 */
#define HS_P2BSTMT_LOG_COLS 3

typedef struct {
    const hs_preset *preset;
    hs_p2b_inst inst;
    unsigned log_n; /* 2^log_n permutations */
    int public_io;  /* 1 public, 0 private (committed) */
} hs_p2bstmt_shape;

/* 1 when frame byte 14 names one of these statements' hashes. */
static inline int hs_p2bstmt_is_hash(unsigned hash) {
    return hash == HS_P2BSTMT_HASH_REF || hash == HS_P2BSTMT_HASH_FROST;
}
/* The frame's hash byte of an instance. */
static inline unsigned hs_p2bstmt_hash(hs_p2b_inst inst) {
    return inst == HS_P2B_FROST ? HS_P2BSTMT_HASH_FROST : HS_P2BSTMT_HASH_REF;
}

/* The API's lines (16 u32 words a state: each element four words, its low 64 bits first, each
 * 64-bit half low word first) as flat states, and back: n states. poseidon2b-frost's words are
 * FROST-GKR's tower values, converted to and from flat. */
void hs_p2bstmt_states(hs_gf128 *states, const uint32_t *words, size_t n, hs_p2b_inst inst);
void hs_p2bstmt_words(uint32_t *words, const hs_gf128 *states, size_t n, hs_p2b_inst inst);

/* The private statement's FRI-Binius parameters (n_vars = log_n + 3, the preset's rate, arity 4,
 * BLAKE3 with caps of 4 digests, the query count for the preset's declared bits). 0 with *why. */
int hs_p2bstmt_commit_params(const hs_p2bstmt_shape *s, hs_binfri_params *p, const char **why);
/* The header's parser: 0 with the reason ("poseidon2b-gkr: ..."). */
int hs_p2bstmt_peek(const uint8_t *proof, size_t len, hs_p2bstmt_shape *out, const char **why);
/* The whole proof's length for s (private: an upper bound; the opening's exact length follows from
 * the transcript). */
size_t hs_p2bstmt_proof_bytes(const hs_p2bstmt_shape *s);
/* Every soundness term (the walk's; private: also the batching of the claims and FRI-Binius'),
 * finished (rep is cleared first). */
void hs_p2bstmt_soundness(const hs_p2bstmt_shape *s, hs_sound_report *rep);

/* Seconds a proof spent: the witness (blocks included), binding or committing, the layers, the
 * opening (private). */
typedef struct {
    double witness, bind, layers, open;
} hs_p2bstmt_times;

/* Proves out = Poseidon2b(in) for the 2^log_n flat states in: the whole proof (header included)
 * appended to w, the outputs (flat) to out_states (may be NULL), times (may be NULL). 0 with *why
 * (hs_why_nomem when out of memory). */
int hs_p2bstmt_prove(const hs_p2bstmt_shape *s, const hs_gf128 *in_states, unsigned threads, hs_gf128 *out_states,
                     hs_writer *w, hs_p2bstmt_times *times, const char **why);
/* 1 when the proof (whose header parsed as s) holds: for a public statement about these flat
 * states (in and out), for a private one about committed states (in and out NULL). 0 with *why
 * (hs_why_nomem when out of memory). */
int hs_p2bstmt_verify(const uint8_t *proof, size_t len, const hs_p2bstmt_shape *s, const hs_gf128 *in_states,
                      const hs_gf128 *out_states, unsigned threads, const char **why);

#endif
