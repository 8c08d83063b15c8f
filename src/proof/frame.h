/* The frame every proof header starts with (docs/PROOF_FORMAT.md, "Header"): 16 bytes shared by
 * every statement of every backend, written and read here only.
 *
 *   0  8 bytes  magic "HSNKPRF1"
 *   8  u32      version (the statement's format version: 3 for the stark backend, 1 for gkr)
 *   12 u8       backend: 1 = stark, 2 = gkr, 3 = commitment only (statement/pcsstmt.h)
 *   13 u8       preset id
 *   14 u8       the statement's hash: an AIR id (stark) or a permutation id (gkr: KoalaBear walks
 *               below HS_FRAME_GKRB_FIRST, walks over GF(2) with GF(2^128) challenges from it on)
 *   15 u8       statement: 0 private, 1 public, 2 ragged regions, 3 Merkle branches, 4 Merkle root
 *
 * The statement's own header bytes follow; the statement registry (src/statement/registry.h)
 * picks the parser from the backend and statement bytes. */
#ifndef HS_PROOF_FRAME_H
#define HS_PROOF_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "proof/bytes.h"

#define HS_FRAME_MAGIC "HSNKPRF1"
#define HS_FRAME_BYTES 16
/* byte 12 */
#define HS_FRAME_STARK 1u
#define HS_FRAME_GKR 2u
#define HS_FRAME_PCS 3u
/* byte 15 (the Merkle statements' values are their headers': statement/merkle/) */
#define HS_FRAME_PRIVATE 0u
#define HS_FRAME_PUBLIC 1u
#define HS_FRAME_REGIONS 2u
/* byte 14 of a gkr proof from this on: a walk over GF(2) (src/gkrb; 65: keccak-f1600) */
#define HS_FRAME_GKRB_FIRST 64u

typedef struct {
    uint32_t version;
    uint8_t backend, preset, hash, statement;
} hs_frame;

/* The 16 bytes of f. */
void hs_frame_write(hs_writer *w, const hs_frame *f);
/* The same into out[0..16). */
void hs_frame_bytes(const hs_frame *f, uint8_t out[HS_FRAME_BYTES]);
/* Reads the 16 bytes into f: 0 with "truncated header" when fewer are left, "not a hashsnark proof
 * (bad magic)" when the first 8 differ (checked as soon as they are read). Checks no other byte. */
int hs_frame_read(hs_reader *r, hs_frame *f, const char **why);
/* hs_frame_read on the start of a proof. */
int hs_frame_peek(const uint8_t *proof, size_t len, hs_frame *f, const char **why);

/* Defines the peek of a statement: int NAME(const uint8_t *proof, size_t len, TYPE *shape_out,
 * const char **why) runs the statement's header parser, static int PARSER(hs_reader *, TYPE *,
 * const char **), on the proof's first bytes; shape_out (may be NULL) is written only on success. */
#define HS_FRAME_PEEK_FN(NAME, TYPE, PARSER)                                                                           \
    int NAME(const uint8_t *proof, size_t len, TYPE *shape_out, const char **why) {                                    \
        hs_reader r_;                                                                                                  \
        hs_r_init(&r_, proof, len);                                                                                    \
        TYPE s_;                                                                                                       \
        if (!PARSER(&r_, &s_, why)) return 0;                                                                          \
        if (shape_out) *shape_out = s_;                                                                                \
        return 1;                                                                                                      \
    }

#endif
