/* BLAKE3 (O'Connor, Aumasson, Neves, Wilcox-O'Hearn, "BLAKE3: one function, fast everywhere").
 *
 * Input is split into 1024-byte chunks of 64-byte blocks; each chunk is hashed to a chaining
 * value (CV) with the chunk index as counter, and CVs are combined pairwise in a binary tree
 * whose left subtrees hold the largest power-of-two number of chunks. The root node is
 * compressed again with the ROOT flag and counter = output block index to give any number of
 * output bytes (XOF).
 *
 * Speed comes from hs_blake3_hash_many: 8 independent inputs in the 8 AVX2 lanes (message words
 * transposed), used for the chunks of long inputs, for parent nodes, and for batches of equal-
 * length short messages (hs_blake3_many, Merkle rows). Byte strings are little-endian words. */
#ifndef HS_HASH_BLAKE3_H
#define HS_HASH_BLAKE3_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"

#define HS_BLAKE3_OUT_LEN 32
#define HS_BLAKE3_KEY_LEN 32
#define HS_BLAKE3_BLOCK_LEN 64
#define HS_BLAKE3_CHUNK_LEN 1024
/* Enough CVs for 2^54 chunks, i.e. inputs up to 2^64 bytes. */
#define HS_BLAKE3_MAX_DEPTH 54

/* Domain flags (spec Table 3). */
enum {
    HS_BLAKE3_CHUNK_START = 1u << 0,
    HS_BLAKE3_CHUNK_END = 1u << 1,
    HS_BLAKE3_PARENT = 1u << 2,
    HS_BLAKE3_ROOT = 1u << 3,
    HS_BLAKE3_KEYED_HASH = 1u << 4,
    HS_BLAKE3_DERIVE_KEY_CONTEXT = 1u << 5,
    HS_BLAKE3_DERIVE_KEY_MATERIAL = 1u << 6
};

/* Incremental hasher, owned by the caller (no allocation; about 1.9 KB). Fields are private; a
 * struct copy forks the state. */
typedef struct {
    uint32_t key[8];   /* key words: IV, the user key, or the derived context key */
    uint32_t cv[8];    /* CV of the chunk in progress */
    uint64_t chunk_counter;
    uint8_t buf[HS_BLAKE3_BLOCK_LEN];
    uint8_t buf_len;
    uint8_t blocks_done; /* blocks of the current chunk already compressed */
    uint8_t flags;       /* mode flag applied to every compression */
    uint8_t stack_len;
    /* CVs of completed subtrees, left to right, one per set bit of chunk_counter; except that when
     * a batch ended the input so far, its two halves stay unmerged (they may be the root's
     * children), one entry more. */
    uint8_t stack[HS_BLAKE3_MAX_DEPTH + 1][HS_BLAKE3_OUT_LEN];
} hs_blake3_hasher;

void hs_blake3_init(hs_blake3_hasher *h);
void hs_blake3_init_keyed(hs_blake3_hasher *h, const uint8_t key[HS_BLAKE3_KEY_LEN]);
/* derive_key mode: context is a NUL-terminated string (hard-coded, application-specific). */
void hs_blake3_init_derive_key(hs_blake3_hasher *h, const char *context);
void hs_blake3_init_derive_key_raw(hs_blake3_hasher *h, const void *context, size_t context_len);
void hs_blake3_update(hs_blake3_hasher *h, const void *in, size_t len);
/* Writes out_len bytes of output (any length; the first 32 are the hash). Does not change the
 * hasher, so more input may follow and finalize may be called again. */
void hs_blake3_finalize_xof(const hs_blake3_hasher *h, uint8_t *out, size_t out_len);
void hs_blake3_finalize(const hs_blake3_hasher *h, uint8_t out[HS_BLAKE3_OUT_LEN]);

/* Absorbs n KoalaBear words (Montgomery form) as their canonical values, 4 little-endian bytes
 * each. */
void hs_blake3_update_kb(hs_blake3_hasher *h, const hs_kb *v, size_t n);
/* BLAKE3 of n_tables tables of `words` KoalaBear words each, one after the other, as
 * hs_blake3_update_kb writes them: the digest that binds a public statement's tables (inputs then
 * outputs) in the stark and gkr proofs. */
void hs_blake3_kb_tables(const hs_kb *const *tables, unsigned n_tables, size_t words, uint8_t out[HS_BLAKE3_OUT_LEN]);

/* One-shot hash. */
void hs_blake3(uint8_t out[HS_BLAKE3_OUT_LEN], const uint8_t *in, size_t len);
/* 2-to-1: BLAKE3 of the 64-byte string left || right (one compression). */
void hs_blake3_merge(uint8_t out[HS_BLAKE3_OUT_LEN], const uint8_t left[HS_BLAKE3_OUT_LEN],
                     const uint8_t right[HS_BLAKE3_OUT_LEN]);
/* n merges of consecutive pairs: out[i] = merge(in[2i], in[2i+1]) (a Merkle level). out may
 * equal in (the level is then overwritten front to back). */
void hs_blake3_merge_many(uint8_t (*out)[HS_BLAKE3_OUT_LEN], const uint8_t (*in)[HS_BLAKE3_OUT_LEN], size_t n);
/* n messages of the same length: out[i] = BLAKE3(in[i][0..len)). Sixteen (AVX-512) or eight (AVX2) at a time in lanes,
 * any len (longer messages share their tree shape, so every node is hashed in lanes). out must not
 * overlap the messages. */
void hs_blake3_many(uint8_t (*out)[HS_BLAKE3_OUT_LEN], const uint8_t *const *in, size_t len, size_t n);

/* The batch kernel. n inputs of len bytes each, 0 <= len <= 1024, each hashed as one chunk-like
 * node: ceil(len/64) blocks (one empty block if len = 0), the last zero-padded with block_len =
 * its byte count; every block gets `flags`, the first also flags_start, the last also flags_end.
 * Input i uses counter + (increment_counter ? i : 0). Writes the n 32-byte CVs (or root hashes,
 * if flags_end has ROOT) to out (n * 32 bytes, must not overlap the inputs).
 * Chunks: flags_start = CHUNK_START, flags_end = CHUNK_END; parents: len = 64, flags |= PARENT. */
void hs_blake3_hash_many(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                         uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                         uint8_t flags_end, uint8_t *out);
void hs_blake3_hash_many_portable(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                                  uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                                  uint8_t flags_end, uint8_t *out);
/* Requires AVX2. Handles any n (a final group of fewer than 8 runs in padded lanes). */
void hs_blake3_hash_many_avx2(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                              uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                              uint8_t flags_end, uint8_t *out);
/* Requires AVX-512: 16 inputs a group; a final group of 8 or fewer goes to the AVX2 kernel. */
void hs_blake3_hash_many_avx512(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                                uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                                uint8_t flags_end, uint8_t *out);

/* The compression function on one block (portable): cv is updated in place to the first 8
 * output words (the chaining value). */
void hs_blake3_compress_in_place(uint32_t cv[8], const uint8_t block[HS_BLAKE3_BLOCK_LEN], uint8_t block_len,
                                 uint64_t counter, uint8_t flags);

/* The whole compression on words (the XOF block before serialisation): out[i] = v[i] ^ v[i + 8]
 * and out[i + 8] = v[i + 8] ^ cv[i] for i < 8, v the state after the 7 rounds. out may equal cv.
 * block_len and flags are taken as whole words (the spec's are below 2^8): the AIR proves any. */
void hs_blake3_compress_words(const uint32_t cv[8], const uint32_t m[16], uint64_t counter, uint32_t block_len,
                              uint32_t flags, uint32_t out[16]);

extern const uint32_t hs_blake3_iv[8];
/* Message word order of round r (the spec's permutation applied r times): the AIR's wiring. */
extern const uint8_t hs_blake3_schedule[7][16];

#endif
