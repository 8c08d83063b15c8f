/* What the portable BLAKE2s and BLAKE3 compressions share: BLAKE3's compression is BLAKE2s' G
 * function and round on the 16-word state, with another message schedule (RFC 7693 section 3.1;
 * the BLAKE3 specification, section 2.2). */
#ifndef HS_HASH_BLAKE_G_H
#define HS_HASH_BLAKE_G_H

#include <stdint.h>

static inline uint32_t hs_blake_rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/* Little-endian word at p. */
static inline uint32_t hs_blake_load32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* G on words a, b, c, d of the state v[16] with message words x, y. */
#define HS_BLAKE_G(v, a, b, c, d, x, y)                                                                                \
    do {                                                                                                               \
        v[a] = v[a] + v[b] + (x);                                                                                      \
        v[d] = hs_blake_rotr32(v[d] ^ v[a], 16);                                                                       \
        v[c] = v[c] + v[d];                                                                                            \
        v[b] = hs_blake_rotr32(v[b] ^ v[c], 12);                                                                       \
        v[a] = v[a] + v[b] + (y);                                                                                      \
        v[d] = hs_blake_rotr32(v[d] ^ v[a], 8);                                                                        \
        v[c] = v[c] + v[d];                                                                                            \
        v[b] = hs_blake_rotr32(v[b] ^ v[c], 7);                                                                        \
    } while (0)

/* Round r on v[16]: G on the four columns, then on the four diagonals; M(r, i) is the round's
 * i-th message word (with constant r and i the schedule's loads fold at compile time). */
#define HS_BLAKE_ROUND(v, M, r)                                                                                        \
    do {                                                                                                               \
        HS_BLAKE_G(v, 0, 4, 8, 12, M(r, 0), M(r, 1));                                                                  \
        HS_BLAKE_G(v, 1, 5, 9, 13, M(r, 2), M(r, 3));                                                                  \
        HS_BLAKE_G(v, 2, 6, 10, 14, M(r, 4), M(r, 5));                                                                 \
        HS_BLAKE_G(v, 3, 7, 11, 15, M(r, 6), M(r, 7));                                                                 \
        HS_BLAKE_G(v, 0, 5, 10, 15, M(r, 8), M(r, 9));                                                                 \
        HS_BLAKE_G(v, 1, 6, 11, 12, M(r, 10), M(r, 11));                                                               \
        HS_BLAKE_G(v, 2, 7, 8, 13, M(r, 12), M(r, 13));                                                                \
        HS_BLAKE_G(v, 3, 4, 9, 14, M(r, 14), M(r, 15));                                                                \
    } while (0)

#endif
