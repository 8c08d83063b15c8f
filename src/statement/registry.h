/* The statement registry: one table of every statement a proof can claim (id, name, backend, the
 * header bytes that select it, its header parser, its verifier and its soundness terms). A proof's
 * common frame (proof/frame.h) picks the entry; callers (src/api) dispatch through the entry
 * instead of reading header offsets themselves.
 *
 *   id                       backend  header byte 15         header parser
 *   HS_STMT_STARK_BATCH      1 stark  0 private, 1 public    hs_stark_peek (any AIR but Merkle's)
 *   HS_STMT_MERKLE_STARK     1 stark  1 public               hs_smb_peek (the Merkle branches AIR)
 *   HS_STMT_GKR_BATCH        2 gkr    0 private, 1 public    hs_gkr_peek
 *   HS_STMT_REGIONS          2 gkr    2                      hs_ragged_peek
 *   HS_STMT_MERKLE_BRANCHES  2 gkr    3                      hs_mb_peek
 *   HS_STMT_MERKLE_ROOT      2 gkr    4                      hs_mr_peek
 *   HS_STMT_PCS              3 pcs    0                      hs_pcsstmt_peek (commitment only)
 *   HS_STMT_KGKR             2 gkr    0 private, 1 public    hs_kgkrstmt_peek (keccak-f1600 over GF(2); byte 14: 65)
 *   HS_STMT_P2BGKR           2 gkr    0 private, 1 public    hs_p2bstmt_peek (byte 14: 66 poseidon2b,
 *                                                            67 poseidon2b-frost; over GF(2^128))
 *   HS_STMT_XMSS_AGG         2 gkr    5                      hs_xa_peek (verified with its key list:
 *                                                            hs_xa_verify; the generic verifier refuses)
 *
 * A gkr frame whose hash byte (14) is HS_FRAME_GKRB_FIRST or more names a walk over a binary field
 * (src/gkrb: 65 keccak-f1600 over GF(2) with GF(2^128) challenges, 66 and 67 Poseidon2b over
 * GF(2^128)); the KoalaBear walks' ids are below it.
 *
 * The provers stay with their callers (their inputs differ in kind: tables, regions, openings,
 * leaves); what a verifier needs besides the proof is one hs_stmt_public. */
#ifndef HS_STATEMENT_REGISTRY_H
#define HS_STATEMENT_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "proof/frame.h"
#include "soundness/soundness.h"
#include "stark/stark.h"
#include "statement/merkle/gkr_branches.h"
#include "statement/merkle/gkr_root.h"
#include "statement/merkle/stark_branches.h"
#include "statement/kgkrstmt.h"
#include "statement/p2bstmt.h"
#include "statement/pcsstmt.h"
#include "statement/xmssagg.h"

typedef enum {
    HS_STMT_STARK_BATCH = 1,
    HS_STMT_MERKLE_STARK,
    HS_STMT_GKR_BATCH,
    HS_STMT_REGIONS,
    HS_STMT_MERKLE_BRANCHES,
    HS_STMT_MERKLE_ROOT,
    HS_STMT_PCS,
    HS_STMT_KGKR,
    HS_STMT_P2BGKR,
    HS_STMT_XMSS_AGG,
    HS_STMT_COUNT = HS_STMT_XMSS_AGG
} hs_stmt_id;

/* How a statement's verifier ended: an internal status, never a message to compare. */
typedef enum { HS_STMT_OK = 0, HS_STMT_REJECTED, HS_STMT_NOMEM } hs_stmt_status;

/* A parsed header: the entry's shape. */
typedef struct {
    hs_stmt_id id;
    union {
        hs_stark_shape stark;
        hs_smb_shape smb;
        hs_gkr_shape gkr;
        hs_ragged_shape ragged;
        hs_mb_shape mb;
        hs_mr_shape mr;
        hs_pcsstmt_shape pcs;
        hs_kgkrstmt_shape kgkr;
        hs_p2bstmt_shape p2b;
        hs_xa_shape xa;
    } u;
} hs_stmt_shape;

/* What a verifier holds besides the proof, canonical words throughout. Batches: in/out, n_lines
 * lines of the hash's input and output words (NULL: a private statement; keccak-f1600: 25 lanes a
 * line, each lane two words, the low one first; poseidon2b: 4 elements a line, each four words, low
 * first). Regions: the same,
 * region after region. Merkle branches: root (8 words), depth, m openings idx[] and leaves (m x 8).
 * Merkle root: root, and leaves (2^k x 8 words) or NULL for private leaves. */
typedef struct {
    unsigned threads;
    const uint32_t *in, *out;
    size_t n_lines;
    const uint32_t *root;
    unsigned depth;
    size_t m;
    const uint64_t *idx;
    const uint32_t *leaves;
} hs_stmt_public;

typedef struct hs_stmt {
    hs_stmt_id id;
    const char *name;     /* "stark batch", "gkr batch", "regions", "merkle-branches", "merkle", "pcs",
                             "keccak-gkr", "poseidon2b-gkr" */
    unsigned backend;     /* header byte 12 */
    int merkle;           /* verified against a root (hs_verify_merkle_*), not tables */
    /* 1 when a header with this frame is this statement's (backend and statement bytes; the
     * stark's AIR byte) */
    int (*owns)(const hs_frame *f);
    /* the statement's header parser: 0 with its reason */
    int (*peek)(const uint8_t *proof, size_t len, hs_stmt_shape *out, const char **why);
    /* every soundness term of a parsed shape: 0 when the shape has none */
    int (*soundness)(const hs_stmt_shape *s, hs_sound_report *rep);
    /* the verifier on a parsed shape (why: the reason of a rejection) */
    hs_stmt_status (*verify)(const uint8_t *proof, size_t len, const hs_stmt_shape *s, const hs_stmt_public *pub,
                             const char **why);
} hs_stmt;

/* The entry of id (NULL: no such id). */
const hs_stmt *hs_stmt_get(hs_stmt_id id);
/* The entry a proof's frame names and its parsed header (out may be NULL); NULL with the reason of
 * the frame or of the entry's parser ("unsupported backend" when no entry owns the frame). */
const hs_stmt *hs_stmt_peek(const uint8_t *proof, size_t len, hs_stmt_shape *out, const char **why);
/* The preset of a parsed shape (NULL for the commitment-only statement, which has none). */
const hs_preset *hs_stmt_preset(const hs_stmt_shape *s);

#endif
