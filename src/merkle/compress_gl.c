/* The Goldilocks 2-to-1 compressions (compress.h): miden-crypto's RPO256 and RPX256 merge. */
#include <string.h>

#include "hash/rpo.h"
#include "merkle/compress.h"

enum { GL_BLOCK = 32 };

/* RPO/RPX merge = hash_elements of 8 elements: rate = left || right, capacity 0 (8 mod 8 = 0),
 * one permutation, digest = lanes 0..3. */
#define GL_MANY(fn, permute)                                                                 \
    static void fn(const uint32_t *pairs, size_t n, uint32_t *out) {                         \
        uint64_t st[GL_BLOCK * 12];                                                          \
        for (size_t i0 = 0; i0 < n; i0 += GL_BLOCK) {                                        \
            size_t m = n - i0 < GL_BLOCK ? n - i0 : GL_BLOCK;                                \
            for (size_t i = 0; i < m; i++) {                                                 \
                memcpy(st + 12 * i, pairs + 16 * (i0 + i), 64);                              \
                memset(st + 12 * i + 8, 0, 4 * sizeof *st);                                  \
            }                                                                                \
            permute(st, m, 1);                                                               \
            for (size_t i = 0; i < m; i++) memcpy(out + 8 * (i0 + i), st + 12 * i, 32);      \
        }                                                                                    \
    }
GL_MANY(rpo_many, hs_rpo_permute_many)
GL_MANY(rpx_many, hs_rpx_permute_many)

/* merge's state (left || right, capacity 0) through the portable permutation */
#define GL_ONE(fn, permute)                                        \
    static void fn(uint32_t out[8], const uint32_t pair[16]) {     \
        uint64_t st[12] = {0};                                     \
        memcpy(st, pair, 64);                                      \
        permute(st);                                               \
        memcpy(out, st, 32);                                       \
    }
GL_ONE(rpo_one, hs_rpo_permute_portable)
GL_ONE(rpx_one, hs_rpx_permute_portable)

const hs_compress2 hs_c2_rpo256 = {HS_C2_RPO256, "rpo256", "RPO256 merge (miden-crypto)", HS_DIGEST_GL, rpo_many,
                                   rpo_one};
const hs_compress2 hs_c2_rpx256 = {HS_C2_RPX256, "rpx256", "RPX256 merge (miden-crypto)", HS_DIGEST_GL, rpx_many,
                                   rpx_one};
