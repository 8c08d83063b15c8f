/* Hash-based signatures: generalized XMSS with a target-sum Winternitz encoding (eprint 2025/055),
 * verified natively. A scheme is a row of a table (xmss.c): the chain count v, the chain length
 * 2^w, the target sum, the tree height, the digest, parameter, randomness and message widths, the
 * digest limbs rejected at p - 1, the digit packing, the tweak word and the lane layout of every
 * kind of call. The rows are leanVM's KoalaBear XMSS in its two forms (docs/XMSS.md):
 *   leanvm-kb-2605  leanMultisig 5cf504a5 (crates/xmss, 2026-05-18): 166 compressions a valid
 *                   verification, an 8-element message, all 8 digest limbs checked;
 *   leanvm-kb       leanVM's last KoalaBear code (crates/xmss lib.rs, wots.rs at 05213d3e): the leaf
 *                   by an overwrite sponge over the raw permutation, 6 limbs checked, a 32-byte
 *                   message hashed to 8 elements first.
 * Every call is Poseidon1-KoalaBear width 16 (hash/poseidon1_kb.h), either a compression with
 * feed-forward (result = P(x) + x) or the raw permutation (result = P(x)); its 16 input lanes are
 * a list of segments (hs_xmss_seg) filled from the call's sources.
 *
 * Words are canonical KoalaBear integers at this interface. A public key is root(digest) |
 * parameter(param) words; a signature randomness(rand) | chain tips(v x digest) | path(height x
 * digest) words (path[l] is the sibling at level l, the leaf's being level 0); a message is
 * msg_bytes bytes (an element form reads them as little-endian u32 elements, which must be
 * canonical). */
#ifndef HS_SIG_XMSS_H
#define HS_SIG_XMSS_H

#include <stddef.h>
#include <stdint.h>

#define HS_XMSS_WIDTH 16
#define HS_XMSS_MAX_CHAINS 64
#define HS_XMSS_MAX_CHAIN_LEN 16
#define HS_XMSS_MAX_HEIGHT 32
#define HS_XMSS_MAX_DIGEST 8
#define HS_XMSS_MAX_PARAM 8
#define HS_XMSS_MAX_RAND 8
#define HS_XMSS_MAX_MSG_LIMBS 9
#define HS_XMSS_MAX_SEGS 8
#define HS_XMSS_MAX_PK (HS_XMSS_MAX_DIGEST + HS_XMSS_MAX_PARAM)
#define HS_XMSS_MAX_SIG (HS_XMSS_MAX_RAND + (HS_XMSS_MAX_CHAINS + HS_XMSS_MAX_HEIGHT) * HS_XMSS_MAX_DIGEST)

/* Where a segment's lanes come from. */
typedef enum {
    HS_XS_ZERO = 0,  /* zeros */
    HS_XS_CONST,     /* the segment's constant in every lane */
    HS_XS_TWEAK,     /* the call's tweak, 2 lanes */
    HS_XS_PARAM,     /* the key's parameter */
    HS_XS_MSG,       /* the message elements (after the message hash, if any) */
    HS_XS_MSG_LIMBS, /* a byte message as base-p limbs, least significant first */
    HS_XS_RAND,      /* the signature's randomness */
    HS_XS_PREV,      /* lanes of the previous call's result (P(x) + x or P(x)), from lane 0 */
    HS_XS_VALUE,     /* the chain value being hashed */
    HS_XS_LEFT,      /* Merkle children */
    HS_XS_RIGHT,
    HS_XS_END_A,     /* the two chain ends a leaf step absorbs */
    HS_XS_END_B
} hs_xmss_src;

typedef struct {
    uint8_t src; /* hs_xmss_src */
    uint8_t len; /* lanes */
    uint32_t konst;
} hs_xmss_seg;

/* The kinds of call of a verification, in order. */
typedef enum {
    HS_XK_MSG = 0, /* the message hash (byte messages only) */
    HS_XK_ENC0,    /* encoding, first call: its result feeds ENC1 */
    HS_XK_ENC1,    /* encoding, second call: the digest whose limbs carry the digits */
    HS_XK_CHAIN,   /* one chain step */
    HS_XK_LEAF0,   /* the leaf's first call (no chain end) */
    HS_XK_LEAF,    /* one leaf step: two chain ends */
    HS_XK_MERKLE,  /* one Merkle level */
    HS_XK_COUNT
} hs_xmss_kind;

typedef struct {
    hs_xmss_seg seg[HS_XMSS_MAX_SEGS]; /* in lane order, lengths summing to 16 (len 0 ends) */
    uint8_t feed_forward;              /* 1: result = P(x) + x; 0: result = P(x) */
    uint8_t out_lane;                  /* first lane of the call's output (digest or chain value) */
    uint8_t tweak_type;                /* the tweak word's type field */
    uint8_t used;                      /* 0: the scheme has no call of this kind (HS_XK_MSG) */
} hs_xmss_calldef;

typedef struct hs_xmss_scheme {
    const char *name, *description, *source;
    unsigned v;            /* chains */
    unsigned w_bits;       /* digit bits: chain length 2^w_bits */
    unsigned target_sum;   /* sum of the digits of a valid encoding */
    unsigned height;       /* Merkle tree height = log2 lifetime */
    unsigned digest;       /* lanes of a chain value, leaf and node */
    unsigned param;        /* lanes of the key's parameter */
    unsigned rand;         /* lanes of the randomness */
    unsigned msg_elems;    /* message elements entering the encoding */
    unsigned msg_bytes;    /* bytes of a message */
    unsigned msg_limbs;    /* byte messages: base-p limbs of the message (0: element message) */
    unsigned limbs_checked;/* digest limbs 0 .. limbs_checked-1 are rejected when equal to p - 1 */
    unsigned limb_bits;    /* low bits of a limb that carry digits, least significant first */
    /* tweak: lane 0 = (type << tw_type_shift) + ((index >> tw_lo_bits) << tw_hi_shift) + sub,
     * lane 1 = index mod 2^tw_lo_bits */
    unsigned tw_type_shift, tw_hi_shift, tw_lo_bits;
    unsigned chain_pos_stride; /* chain i, position s: sub = stride * i + s */
    unsigned leaf_ends;        /* chain ends a leaf step absorbs (2) */
    hs_xmss_calldef call[HS_XK_COUNT];
} hs_xmss_scheme;

size_t hs_xmss_scheme_count(void);
const hs_xmss_scheme *hs_xmss_scheme_at(size_t i);
const hs_xmss_scheme *hs_xmss_scheme_find(const char *name); /* NULL when unknown */

static inline unsigned hs_xmss_chain_len(const hs_xmss_scheme *s) { return 1u << s->w_bits; }
static inline unsigned hs_xmss_pk_words(const hs_xmss_scheme *s) { return s->digest + s->param; }
static inline unsigned hs_xmss_sig_words(const hs_xmss_scheme *s) {
    return s->rand + (s->v + s->height) * s->digest;
}
static inline unsigned hs_xmss_leaf_steps(const hs_xmss_scheme *s) { return s->v / s->leaf_ends; }
/* Calls of a valid verification after the message hash (which a byte message adds, one
 * compression): *compressions with feed-forward, *perms raw permutations. */
void hs_xmss_counts(const hs_xmss_scheme *s, unsigned *compressions, unsigned *perms);

/* ---- the call grid (a fixed slot for every call a verification may make) ----
 * msg[1 if byte message] | enc[2] | chain[v][2^w - 1] | leaf[1 + v / leaf_ends] | merkle[height].
 * Chain slot (i, s) is the step out of position s; it is active when s >= digit x_i, so a valid
 * verification activates (2^w - 1) v - target_sum of them. */
typedef struct {
    uint8_t kind;   /* hs_xmss_kind */
    uint8_t active; /* the verifier made this call */
    uint16_t index; /* chain i, leaf step k, Merkle level l */
    uint16_t pos;   /* chain position s */
    uint32_t in[HS_XMSS_WIDTH];  /* canonical input lanes */
    uint32_t out[HS_XMSS_WIDTH]; /* canonical result lanes (P(x) + x or P(x)) */
} hs_xmss_slot;

size_t hs_xmss_slots(const hs_xmss_scheme *s);
/* The first slot of a kind (chain slot (i, s) at first + i (2^w - 1) + s). */
size_t hs_xmss_slot_first(const hs_xmss_scheme *s, hs_xmss_kind k);

/* Why a signature is rejected (0: accepted). */
typedef enum {
    HS_XR_OK = 0,
    HS_XR_NONCANONICAL, /* an input word >= p */
    HS_XR_EPOCH,        /* epoch >= 2^height */
    HS_XR_LIMB,         /* a digest limb equal to p - 1 */
    HS_XR_DIGIT_SUM,    /* digit sum != target */
    HS_XR_ROOT,         /* the path does not reach the key's root */
    HS_XR_NOMEM         /* out of memory (nothing decided) */
} hs_xmss_result;

/* The encoding's check and digits from the digest limbs (canonical; the first 8 lanes of the
 * second encoding call's result): a limb among the first limbs_checked equal to p - 1 is
 * rejected; digit i is bits w i' .. w i' + w - 1 of limb i / (limb_bits / w_bits), i' = i mod
 * (limb_bits / w_bits), least significant first; their sum must be target_sum. digit: v entries. */
hs_xmss_result hs_xmss_decode(const hs_xmss_scheme *s, const uint32_t *limb, uint8_t *digit, char *why,
                              size_t why_len);

/* Verifies one signature on the caller's thread. Returns HS_XR_OK or the reason's code, with the
 * reason as a sentence in why (why_len bytes, may be NULL). trace (may be NULL: hs_xmss_slots(s)
 * entries) receives every slot: inactive slots zeroed with kind and indices set. Inputs are not
 * assumed canonical. */
hs_xmss_result hs_xmss_check(const hs_xmss_scheme *s, const uint32_t *pk, uint32_t epoch, const uint8_t *msg,
                              const uint32_t *sig, hs_xmss_slot *trace, char *why, size_t why_len);

/* n signatures: item k is pk + k pk_words, epochs[k], msg + k msg_bytes, sig + k sig_words.
 * res[k] the result; why (may be NULL) n x why_len bytes of reasons. Batched through the
 * permutation's vector kernels, on `threads` threads; the same results as hs_xmss_check. Returns
 * 0 when out of memory (res then undefined), else 1. */
int hs_xmss_check_many(const hs_xmss_scheme *s, size_t n, const uint32_t *pk, const uint32_t *epochs,
                        const uint8_t *msg, const uint32_t *sig, hs_xmss_result *res, char *why, size_t why_len,
                        unsigned threads);

/* A valid signature of msg at epoch under a fresh key drawn from seed: the parameter and the
 * secret chain starts from seed, the randomness drawn until the encoding is valid (as the schemes'
 * signers grind it), the Merkle path random siblings, the root computed upward. Deterministic in
 * (s, seed, epoch, msg). Returns the number of randomness draws, 0 if none succeeded in max_tries
 * (or epoch >= 2^height, or a message element is not canonical). */
unsigned long hs_xmss_sign_random(const hs_xmss_scheme *s, uint64_t seed, uint32_t epoch, const uint8_t *msg, uint32_t *pk,
                           uint32_t *sig, unsigned long max_tries);

/* The message elements a byte message hashes to (out: msg_elems), for schemes with a message hash. */
void hs_xmss_message_elems(const hs_xmss_scheme *s, const uint8_t *msg, uint32_t *out);

#endif
