#include "hash/blake2s.h"

#include <string.h>

#include "hash/blake_g.h"

const uint32_t hs_blake2s_iv[8] = {0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
                               0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u};

/* RFC 7693 section 2.7 message word permutations, one per round. */
const uint8_t hs_blake2s_sigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

#define B2_M(r, i) m[hs_blake2s_sigma[r][i]]
#define B2_ROUND(r) HS_BLAKE_ROUND(v, B2_M, r)

void hs_blake2s_compress_words(const uint32_t h[8], const uint32_t m[16], uint64_t t, uint32_t f0, uint32_t f1,
                               uint32_t out[8]) {
    uint32_t v[16];
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
        v[i + 8] = hs_blake2s_iv[i];
    }
    v[12] ^= (uint32_t)t;
    v[13] ^= (uint32_t)(t >> 32);
    v[14] ^= f0;
    v[15] ^= f1;
    B2_ROUND(0);
    B2_ROUND(1);
    B2_ROUND(2);
    B2_ROUND(3);
    B2_ROUND(4);
    B2_ROUND(5);
    B2_ROUND(6);
    B2_ROUND(7);
    B2_ROUND(8);
    B2_ROUND(9);
    for (int i = 0; i < 8; i++) out[i] = h[i] ^ v[i] ^ v[i + 8];
}

/* Function F: t is the byte count including this block, last marks the final block. */
static void compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last) {
    uint32_t m[16];
    for (int i = 0; i < 16; i++) m[i] = hs_blake_load32(block + 4 * i);
    hs_blake2s_compress_words(h, m, t, last ? 0xffffffffu : 0, 0, h);
}

int hs_blake2s_init(hs_blake2s_state *s, size_t outlen, const uint8_t *key, size_t keylen) {
    memset(s, 0, sizeof *s);
    if (outlen < 1 || outlen > HS_BLAKE2S_OUT_LEN || keylen > HS_BLAKE2S_KEY_LEN || (keylen && !key)) return 0;
    memcpy(s->h, hs_blake2s_iv, sizeof s->h);
    /* parameter block word 0: digest length, key length, fanout 1, depth 1 */
    s->h[0] ^= 0x01010000u ^ ((uint32_t)keylen << 8) ^ (uint32_t)outlen;
    s->outlen = outlen;
    if (keylen) {
        /* the key, zero-padded to a full block, is the first block */
        memcpy(s->buf, key, keylen);
        s->buf_len = HS_BLAKE2S_BLOCK_LEN;
    }
    return 1;
}

void hs_blake2s_update(hs_blake2s_state *s, const void *input, size_t len) {
    const uint8_t *in = (const uint8_t *)input;
    if (!len) return;
    /* A full buffer is compressed only once more input arrives: the last block is special. */
    if (s->buf_len) {
        size_t take = HS_BLAKE2S_BLOCK_LEN - s->buf_len;
        if (take > len) take = len;
        memcpy(s->buf + s->buf_len, in, take);
        s->buf_len += take;
        in += take;
        len -= take;
        if (!len) return;
        s->t += HS_BLAKE2S_BLOCK_LEN;
        compress(s->h, s->buf, s->t, 0);
        s->buf_len = 0;
    }
    while (len > HS_BLAKE2S_BLOCK_LEN) {
        s->t += HS_BLAKE2S_BLOCK_LEN;
        compress(s->h, in, s->t, 0);
        in += HS_BLAKE2S_BLOCK_LEN;
        len -= HS_BLAKE2S_BLOCK_LEN;
    }
    memcpy(s->buf, in, len);
    s->buf_len = len;
}

void hs_blake2s_final(hs_blake2s_state *s, uint8_t *out) {
    s->t += s->buf_len;
    memset(s->buf + s->buf_len, 0, HS_BLAKE2S_BLOCK_LEN - s->buf_len);
    compress(s->h, s->buf, s->t, 1);
    uint8_t full[32];
    for (int i = 0; i < 8; i++) {
        full[4 * i] = (uint8_t)s->h[i];
        full[4 * i + 1] = (uint8_t)(s->h[i] >> 8);
        full[4 * i + 2] = (uint8_t)(s->h[i] >> 16);
        full[4 * i + 3] = (uint8_t)(s->h[i] >> 24);
    }
    memcpy(out, full, s->outlen);
    memset(s, 0, sizeof *s);
}

int hs_blake2s(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen, const uint8_t *in, size_t inlen) {
    hs_blake2s_state s;
    if (!hs_blake2s_init(&s, outlen, key, keylen)) return 0;
    hs_blake2s_update(&s, in, inlen);
    hs_blake2s_final(&s, out);
    return 1;
}
