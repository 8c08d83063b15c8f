/* Keccak-f[1600] by GKR over GF(2) with challenges in GF(2^128) (src/gkrb/kgkr.h), as a statement
 * of the registry: the public statement, where the verifier holds the 2^log_n input and output
 * states (docs/KECCAK_GKR.md, "Proof format").
 *
 * Header (18 bytes): the common frame (proof/frame.h) with version 1, backend HS_FRAME_GKR, the
 * preset id (1 compat, 2 fast100, 3 proven128: the walk has no commitment, so the preset only
 * decides which declared security the proof must reach), hash byte HS_KGKRSTMT_HASH, statement
 * HS_FRAME_PUBLIC; then u8 log_n (0..24) and u8 challenge field (0: GF(2^128), the only one).
 * Body: the walk's proof (hs_kgkr_prove's bytes), its transcript absorbing the 18 header bytes
 * right after its domain tag, so that no header byte can change without the proof failing.
 * Length: 18 + hs_kgkr_proof_bytes(log_n).
 *
 * Private statement (statement byte 15 = 0, HS_FRAME_PRIVATE; log_n 0..23): the same 18 header
 * bytes, then hs_kgkr_prove_private's body (kgkr.h: the states committed by ring switching, the
 * walk, the input reduction and the opening), its transcript absorbing the header likewise. The
 * commitment's FRI-Binius parameters follow from the preset and log_n (hs_kgkrstmt_fri): n_vars
 * hs_kgkr_private_packed_vars(log_n), folding arity 2^4, cap height 2, BLAKE3 leaves, and per
 * preset compat rate 1/2, 96-bit queries, GF(2^128) challenges; fast100 rate 1/4, 100 bits,
 * GF(2^128); proven128 rate 1/4, 128 bits, GF(2^256) challenges. The length varies with the
 * distinct queried leaves; hs_kgkrstmt_proof_bytes gives a bound. */
#ifndef HS_STATEMENT_KGKRSTMT_H
#define HS_STATEMENT_KGKRSTMT_H

#include <stddef.h>
#include <stdint.h>

#include "gkrb/kgkr.h"
#include "preset/preset.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"

#define HS_KGKRSTMT_VERSION 1u
#define HS_KGKRSTMT_HASH 65u /* frame byte 14 of a gkr proof: keccak-f1600 over GF(2) (proof/frame.h) */
#define HS_KGKRSTMT_HEADER_BYTES 18
#define HS_KGKRSTMT_MAX_LOG_N HS_KGKR_MAX_LOG_N

typedef struct {
    const hs_preset *preset;
    unsigned log_n; /* 2^log_n permutations */
    int priv;       /* 1: private statement (inputs and outputs committed); 0: public */
} hs_kgkrstmt_shape;

/* The private statement's commitment parameters for s (kgkrstmt.h above); 0 with *why. */
int hs_kgkrstmt_fri(const hs_kgkrstmt_shape *s, hs_binfri_params *fri, const char **why);

/* The tables' lines (two u32 words a lane, the low one first) as lanes, and back: n lanes. */
static inline void hs_kgkrstmt_lanes(uint64_t *lanes, const uint32_t *words, size_t n) {
    for (size_t i = 0; i < n; i++) lanes[i] = words[2 * i] | (uint64_t)words[2 * i + 1] << 32;
}
static inline void hs_kgkrstmt_words(uint32_t *words, const uint64_t *lanes, size_t n) {
    for (size_t i = 0; i < n; i++) words[2 * i] = (uint32_t)lanes[i], words[2 * i + 1] = (uint32_t)(lanes[i] >> 32);
}

/* The header's parser: 0 with the reason ("keccak-gkr: ..."). */
int hs_kgkrstmt_peek(const uint8_t *proof, size_t len, hs_kgkrstmt_shape *out, const char **why);
/* The whole proof's length for s (public), or a bound of it (private). */
size_t hs_kgkrstmt_proof_bytes(const hs_kgkrstmt_shape *s);
/* The walk's soundness terms (hs_kgkr_soundness), finished (rep is cleared first). */
void hs_kgkrstmt_soundness(const hs_kgkrstmt_shape *s, hs_sound_report *rep);
/* Proves out = Keccak-f[1600](in) for the 2^log_n states in (25 lanes each; s->priv: committed): the whole proof
 * (header included) appended to w, the outputs to out_states (may be NULL), the phases' times to
 * times (may be NULL). 0 with *why (hs_why_nomem when out of memory). */
int hs_kgkrstmt_prove(const hs_kgkrstmt_shape *s, const uint64_t *in_states, unsigned threads, uint64_t *out_states,
                      hs_writer *w, hs_kgkr_times *times, const char **why);
/* 1 when the proof (whose header parsed as s) shows out = Keccak-f[1600](in) for these states (a
 * private statement: in_states and out_states unused, may be NULL); 0 with *why (hs_why_nomem when
 * out of memory). */
int hs_kgkrstmt_verify(const uint8_t *proof, size_t len, const hs_kgkrstmt_shape *s, const uint64_t *in_states,
                       const uint64_t *out_states, unsigned threads, const char **why);

#endif
