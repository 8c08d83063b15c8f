/* XMSS aggregation by GKR + WHIR (docs/XMSS_AGG.md): one proof that N signatures of one message
 * at one epoch verify under N public keys (leanMultisig's "Type-1" statement), the keys, epoch and
 * message public, the signatures private. Both leanVM KoalaBear forms (src/sig/xmss.h):
 * leanvm-kb-2605 (every call a Poseidon1-KB16 compression with feed-forward) and leanvm-kb (a
 * raw-permutation leaf; a byte message whose elements the verifier hashes natively).
 *
 * Layout. Every signature gets the same slots (sig/xmss.h's call grid: enc[2] | chain[v][7] |
 * leaf[1 + v/2] | merkle[height]) padded to 2^ls slots; row = slot * 2^nu + signature (the
 * signature in the low nu bits; signatures beyond N repeat signature 0 and key 0). Chain slot
 * (i, s) is the step out of position s: its tweak is public whatever the digit x_i. Its input
 * value is the tip when s <= x_i (a dummy step that nothing reads when s < x_i) and the previous
 * step's result otherwise; a mask m(i, s) = [s >= x_i] says which.
 * Walked: the used slots rounded up to a multiple of 32, as tables of decreasing powers of two
 * (256 + 64 + 32 slots for 350 or 351), one gkr walk each; the slots beyond are not walked.
 * Committed (one WHIR commitment, 64 columns of 2^(ls - 1 + nu) rows: slots 0..2^(ls-1)-1 in
 * columns 0..31, the others in 32..63, each half as): X (the 16 input lanes of every row), Y lanes
 * 0..11 (P(X), the raw permutation's output; zero in unwalked slots), A (an auxiliary column: the
 * masks at the chain slots; in padding slots the spare bits of the digest limbs, the limbs' high
 * 7 bits and the inverses of (high - 127)), zeros.
 *
 * Protocol (transcript order): header; epoch, message, BLAKE3 of the key list; commit; the gkr
 * walks, table after table (private ends: Y lanes 0..11 opened at each z_out, X at each walk's
 * input point); r (nu values), alpha; the zerocheck: sum_sig eq(r, sig) sum_c alpha^c Q_c(sig) = 0
 * (nu rounds of degree 3) over every quadratic relation of a signature (chain muxes, chain ends
 * into the leaf, masks boolean and monotone, spare and high bits boolean, (high - 127) inv = 1),
 * ending at r'; the prover sends the slices' values F_c(a, r') (column c restricted to slot a at
 * the signature point r') that the verifier cannot compute; the verifier derives the others
 * (public lanes: tweaks, zeros, message, the keys' parameters as the MLE of the key list at r';
 * wired lanes: enc1 <- enc0, leaf k <- leaf k - 1, Merkle level 0 <- the leaf, level l <- l - 1,
 * the last level's result = the keys' roots at r'), checks the zerocheck's final value, the
 * target sum and the 8 limb identities (digest limb = digits from the masks + spare bits + 2^24
 * high); beta; a 14-round sumcheck (degree 2) of sum_(c,a) w(c,a) F_c(a, r') with w = beta^k on
 * the k-th checked slice reduces every slice value to one point of the commitment; one WHIR
 * opening of 2 x tables + 1 statements (Y at each z_out, X at each walk's input point, with the
 * table's half and top slot bits as selector bits; that point). */
#ifndef HS_STATEMENT_XMSSAGG_H
#define HS_STATEMENT_XMSSAGG_H

#include <stddef.h>
#include <stdint.h>

#include "gkr/gkr.h"
#include "sig/xmss.h"

/* The gkr header's statement byte of an aggregation proof. */
#define HS_XA_STATEMENT 5u
#define HS_XA_MAX_LOG_SIGS 14
#define HS_XA_MAX_TABLES 5
#define HS_XA_MIN_TABLE 5

typedef struct {
    const hs_preset *preset;
    const hs_xmss_scheme *scheme;
    unsigned scheme_index; /* in sig/xmss.h's table */
    size_t n_sigs;         /* N >= 1 */
    unsigned nu, ls, n;    /* log2 of the padded signatures, of the slots per signature; n = ls + nu */
    /* The walked tables: the used slots rounded up to a multiple of 2^HS_XA_MIN_TABLE, as
     * decreasing powers of two: table t holds slots [tab_off[t], tab_off[t] + 2^tab_k[t]) */
    unsigned n_tab, tab_k[HS_XA_MAX_TABLES], tab_off[HS_XA_MAX_TABLES];
    hs_whir_config whir;
    /* test hooks, prover only: skip_native proves whatever trace the signatures give without
     * refusing invalid ones (a cheating prover); corrupt_mask flips the mask of chain slot
     * corrupt_mask - 1 of signature 0 */
    int skip_native;
    size_t corrupt_mask;
} hs_xa_shape;

/* 0 with a reason: unknown preset, a scheme whose layout the wiring does not support, N out of range. */
int hs_xa_shape_make(hs_xa_shape *s, const hs_preset *p, const hs_xmss_scheme *scheme, size_t n_sigs,
                     const char **why);

typedef struct {
    double native_s, trace_s, witness_s, commit_s, walk_s, wiring_s, open_s, total_s;
} hs_xa_timing;

/* Proves that every signature verifies (pk: N x pk_words canonical words, msg: msg_bytes bytes,
 * sig: N x sig_words) and appends the proof to out. A signature that does not verify is refused:
 * 0, *bad_index its index and why_buf the native verifier's reason. 0 with *bad_index = N and
 * *why the reason otherwise (hs_why_nomem, a message element not below p, a shape the preset's
 * WHIR cannot take). Proof bytes do not depend on threads. */
int hs_xa_prove(const hs_xa_shape *shape, const uint32_t *pk, uint32_t epoch, const uint8_t *msg, const uint32_t *sig,
                unsigned threads, hs_writer *out, hs_xa_timing *timing, size_t *bad_index, char *why_buf,
                size_t why_len, const char **why);

/* The header (no cryptography). */
int hs_xa_peek(const uint8_t *proof, size_t len, hs_xa_shape *shape_out, const char **why);

/* 1 when the proof shows that N signatures of msg at epoch verify under the keys pk (N x
 * pk_words canonical words); 0 with a reason otherwise. Never reads outside proof[0..len). */
int hs_xa_verify(const uint8_t *proof, size_t len, const char *scheme, size_t n, const uint32_t *pk, uint32_t epoch,
                 const uint8_t *msg, unsigned threads, const char **why);

/* Every soundness term (docs/SOUNDNESS.md "XMSS aggregation"). */
int hs_soundness_xa(const hs_preset *p, const hs_xmss_scheme *scheme, size_t n_sigs, hs_sound_report *out);

#endif
