/* BLAKE2s (RFC 7693): 32-bit words, 64-byte blocks, 10 rounds, digests of 1..32 bytes,
 * optional key of 0..32 bytes (sequential mode: fanout 1, depth 1, no salt or personalization).
 * Portable scalar code. */
#ifndef HS_HASH_BLAKE2S_H
#define HS_HASH_BLAKE2S_H

#include <stddef.h>
#include <stdint.h>

#define HS_BLAKE2S_BLOCK_LEN 64
#define HS_BLAKE2S_OUT_LEN 32
#define HS_BLAKE2S_KEY_LEN 32

/* Incremental state, owned by the caller. Fields are private. */
typedef struct {
    uint32_t h[8];
    uint64_t t; /* bytes compressed so far */
    uint8_t buf[HS_BLAKE2S_BLOCK_LEN];
    size_t buf_len;
    size_t outlen;
} hs_blake2s_state;

/* outlen 1..32, keylen 0..32 (key may be NULL when keylen is 0). Returns 0 on bad lengths
 * (the state is then unusable), 1 otherwise. */
int hs_blake2s_init(hs_blake2s_state *s, size_t outlen, const uint8_t *key, size_t keylen);
void hs_blake2s_update(hs_blake2s_state *s, const void *in, size_t len);
/* Writes s->outlen bytes. The state is finished afterwards (init again to reuse). */
void hs_blake2s_final(hs_blake2s_state *s, uint8_t *out);

/* One-shot. Returns 0 on bad lengths (nothing written), 1 otherwise. */
int hs_blake2s(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen, const uint8_t *in, size_t inlen);

/* The compression function F on words (RFC 7693 section 3.2, with the tree-mode flag f1 as a
 * word too): out[i] = h[i] ^ v[i] ^ v[i + 8] after the 10 rounds on v = h || IV ^ (t0, t1, f0, f1).
 * Sequential hashing uses f0 = 0xffffffff on the last block, else 0, and f1 = 0; the AIR proves
 * any words. out may equal h. */
void hs_blake2s_compress_words(const uint32_t h[8], const uint32_t m[16], uint64_t t, uint32_t f0, uint32_t f1,
                               uint32_t out[8]);

extern const uint32_t hs_blake2s_iv[8];
/* Message word order of round r (RFC 7693 section 2.7): the AIR's wiring. */
extern const uint8_t hs_blake2s_sigma[10][16];

#endif
