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

#endif
