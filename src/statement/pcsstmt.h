/* The commitment-only statement (docs/PROOF_FORMAT_PCS.md): a proof that a committed multilinear
 * over GF(2) in log_bits variables, packed 128 values a GF(2^128) element and committed with
 * FRI-Binius (commit/binfri.h), takes the value the proof states at a point drawn by Fiat-Shamir
 * after the commitment; opened by ring switching (commit/ringsw.h). It exercises the binary
 * commitment end to end (`hashsnark prove --statement pcs`, `hashsnark verify`).
 *
 * Header (24 bytes): the common frame (proof/frame.h) with backend HS_FRAME_PCS, version 1,
 * preset (0 compat, 1 fast100, 2 proven128), hash byte HS_PCSSTMT_FIELD_GF2_128, statement 0; then
 * u8 log_bits, u8 log_inv_rate, u8 log_arity, u8 Merkle hash (1 keccak, 2 blake3), u8 cap height,
 * u8 challenge field (0 GF(2^128), 1 GF(2^256)), u16 security bits (LE). Preset 0 takes any
 * parameters in range with byte 21 = 0 (the proofs before presets, byte for byte); presets 1 and 2
 * take exactly their own parameters at that log_bits.
 * Body: the commitment (FRI-Binius's cap), the value (16 bytes), the ring-switching opening.
 * The transcript absorbs the 24 header bytes first; every count follows from the header. */
#ifndef HS_STATEMENT_PCSSTMT_H
#define HS_STATEMENT_PCSSTMT_H

#include <stddef.h>
#include <stdint.h>

#include "commit/binfri.h"
#include "commit/ringsw.h"
#include "proof/bytes.h"
#include "proof/frame.h"
#include "soundness/soundness.h"

#define HS_PCSSTMT_VERSION 1u
#define HS_PCSSTMT_FIELD_GF2_128 1u  /* frame byte 14: GF(2) data ring-switched into GF(2^128) */
#define HS_PCSSTMT_HEADER_BYTES 24
#define HS_PCSSTMT_MIN_LOG_BITS (HS_RINGSW_LOG_PACK + 1)
#define HS_PCSSTMT_MAX_LOG_BITS (HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK)

/* The presets (frame byte 13). Each fixes the rate, the fold arity (4), the Merkle hash (BLAKE3)
 * with caps of 4 digests, the challenge field and the target; the query count is derived from the
 * target by the unique-decoding bound, and every other term is computed, never assumed
 * (hs_pcsstmt_soundness). */
typedef enum {
    HS_PCSSTMT_COMPAT = 0,    /* Binius64's: rate 1/2, 96 bits (232 queries), challenges in GF(2^128) */
    HS_PCSSTMT_FAST100 = 1,   /* rate 1/4, 100 bits (148 queries), challenges in GF(2^128) */
    HS_PCSSTMT_PROVEN128 = 2, /* rate 1/4, 128 bits (189 queries), challenges in GF(2^256) */
    HS_PCSSTMT_PRESETS
} hs_pcsstmt_preset;

typedef struct {
    unsigned log_bits;      /* GF(2) variables: 2^log_bits committed bits */
    unsigned log_inv_rate;  /* FRI-Binius rate 2^-x */
    unsigned log_arity;     /* folds between two oracles */
    unsigned cap_height;
    unsigned security_bits; /* the target the query count is derived from (unique decoding) */
    hs_merkle_hash hash;    /* HS_MERKLE_KECCAK or HS_MERKLE_BLAKE3 */
    hs_pcsstmt_preset preset;
    unsigned chal_ext;      /* challenges from GF(2^(128 chal_ext)): 1 or 2 */
    hs_binfri_params fri;   /* derived: n_vars = log_bits - 7 */
} hs_pcsstmt_shape;

/* Fills s (and s->fri); 0 with *why naming the value out of range. */
int hs_pcsstmt_shape_init(hs_pcsstmt_shape *s, unsigned log_bits, unsigned log_inv_rate, unsigned log_arity,
                      unsigned security_bits, hs_merkle_hash hash, unsigned cap_height, const char **why);
/* The preset's name ("compat", "fast100", "proven128"), or NULL. */
const char *hs_pcsstmt_preset_name(hs_pcsstmt_preset p);
/* The preset named name into *out; 0 when there is none. */
int hs_pcsstmt_preset_find(const char *name, hs_pcsstmt_preset *out);
/* The shape of preset at log_bits: 0 with *why when log_bits is out of range or when the
 * preset's computed soundness (hs_pcsstmt_soundness) does not reach its target there (for
 * fast100, whose fold term over GF(2^128) shrinks as the codeword grows). With check 0 the
 * shape is filled either way (for hs_pcsstmt_soundness to show why). */
int hs_pcsstmt_shape_preset(hs_pcsstmt_shape *s, unsigned log_bits, hs_pcsstmt_preset preset, int check,
                            const char **why);
/* The header's parser: 0 with the reason ("pcs: ..."). */
int hs_pcsstmt_peek(const uint8_t *proof, size_t len, hs_pcsstmt_shape *out, const char **why);
/* The soundness terms (FRI-Binius's and ring switching's) under unique decoding, finished. */
void hs_pcsstmt_soundness(const hs_pcsstmt_shape *s, hs_sound_report *rep);
/* Prover: 2^log_bits random bits from seed, committed and opened; the whole proof (header
 * included) appended to w. 0 with *why (hs_why_nomem when out of memory). */
int hs_pcsstmt_prove(const hs_pcsstmt_shape *s, uint64_t seed, unsigned threads, hs_writer *w, const char **why);
/* Verifier of a whole proof: 1 when it holds; 0 with *why (hs_why_nomem when out of memory). */
int hs_pcsstmt_verify(const uint8_t *proof, size_t len, const hs_pcsstmt_shape *s, const char **why);

#endif
