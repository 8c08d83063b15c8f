#include "hash/registry.h"

#include <string.h>

#include "hash/blake2s.h"
#include "hash/blake3.h"
#include "hash/keccak.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_gl.h"
#include "hash/poseidon2_m31.h"
#include "hash/poseidon2_monty31.h"
#include "hash/poseidon2b.h"
#include "hash/poseidon_gl.h"
#include "hash/rpo.h"
#include "hash/vision32.h"

/* ---- permutations: canonical words in and out ---- */

/* Poseidon2 (hs_p2) and Poseidon1 (hs_p1) over the Monty-31 fields share one calling shape. */
#define MONTY31_ENTRY(fn, mod, inst)                                                                    \
    static void fn##_many(uint32_t *s, size_t n, unsigned t) { mod##_permute_many(inst(), s, n, 1, t); } \
    static void fn##_one(uint32_t *s) { mod##_permute_many_portable(inst(), s, 1, 1); }
MONTY31_ENTRY(kb16, hs_p2, hs_p2_kb16)
MONTY31_ENTRY(kb24, hs_p2, hs_p2_kb24)
MONTY31_ENTRY(bb16, hs_p2, hs_p2_bb16)
MONTY31_ENTRY(bb24, hs_p2, hs_p2_bb24)
MONTY31_ENTRY(p1kb16, hs_p1, hs_p1_kb16)
MONTY31_ENTRY(p1kb24, hs_p1, hs_p1_kb24)

#define M31_ENTRY(fn, inst)                                                                            \
    static void fn##_many(uint32_t *s, size_t n, unsigned t) { hs_p2m31_permute_many(inst(), s, n, t); } \
    static void fn##_one(uint32_t *s) { hs_p2m31_permute(inst(), s); }
M31_ENTRY(m31_16, hs_p2m31_default16)
M31_ENTRY(m31_24, hs_p2m31_default24)

#define GL_ENTRY(fn, inst)                                                                             \
    static void fn##_many(uint64_t *s, size_t n, unsigned t) { hs_p2gl_permute_many(inst(), s, n, t); } \
    static void fn##_one(uint64_t *s) { hs_p2gl_permute(inst(), s); }
GL_ENTRY(gl8, hs_p2gl_default8)
GL_ENTRY(gl12, hs_p2gl_default12)

static void keccak_one(uint64_t *s) { hs_keccakf1600(s); }

/* Poseidon2b: 4 GF(2^128) elements as 8 words, each element's low 64 bits first (hs_gf128's own
 * layout); poseidon2b-frost's words are FROST-GKR tower values. */
static void p2b_many(uint64_t *s, size_t n, unsigned t) { hs_p2b_permute_many(HS_P2B_REF, (hs_gf128 *)(void *)s, n, t); }
static void p2b_one(uint64_t *s) { hs_p2b_permute(HS_P2B_REF, (hs_gf128 *)(void *)s); }
static void p2bf_many(uint64_t *s, size_t n, unsigned t) { hs_p2b_frost_permute_tower_many((hs_gf128 *)(void *)s, n, t); }
static void p2bf_one(uint64_t *s) { hs_p2b_frost_permute_tower((hs_gf128 *)(void *)s); }
static void rpo_one(uint64_t *s) { hs_rpo_permute(s); }
static void rpx_one(uint64_t *s) { hs_rpx_permute(s); }
static void vision32_many(uint32_t *s, size_t n, unsigned t) { hs_vision32_permute_many(s, n, t); }
static void vision32_one(uint32_t *s) { hs_vision32_permute(s); }

#define KB 0x7f000001u
#define BB 0x78000001u
#define M31 0x7fffffffu
#define GL 0xffffffff00000001ull
#define P32(name, desc, w, mod, fn) {name, desc, w, 32, mod, 0, 0, fn##_many, fn##_one, NULL, NULL}
/* binary-field words, written as `hex` hex digits each */
#define P32X(name, desc, w, hex, fn) {name, desc, w, 32, 0, 0, hex, fn##_many, fn##_one, NULL, NULL}
#define P64(name, desc, w, mod, many, one) {name, desc, w, 64, mod, 0, 0, NULL, NULL, many, one}
#define P128(name, desc, many, one) {name, desc, 8, 64, 0, 128, 32, NULL, NULL, many, one}

const struct hs_perm hs_perm_table[] = {
    P32("poseidon2-kb16", "Poseidon2, KoalaBear, width 16, x^3, 8+20 rounds (Plonky3 defaults)", 16, KB, kb16),
    P32("poseidon2-kb24", "Poseidon2, KoalaBear, width 24, x^3, 8+23 rounds (Plonky3 defaults)", 24, KB, kb24),
    P32("poseidon1-kb16", "Poseidon (original), KoalaBear, width 16, x^3, 8+20 rounds (Plonky3 defaults)", 16, KB,
        p1kb16),
    P32("poseidon1-kb24", "Poseidon (original), KoalaBear, width 24, x^3, 8+23 rounds (Plonky3 defaults)", 24, KB,
        p1kb24),
    P32("poseidon2-bb16", "Poseidon2, BabyBear, width 16, x^7, 8+13 rounds (Plonky3 defaults)", 16, BB, bb16),
    P32("poseidon2-bb24", "Poseidon2, BabyBear, width 24, x^7, 8+21 rounds (Plonky3 defaults)", 24, BB, bb24),
    P32("poseidon2-m31-16", "Poseidon2, Mersenne31, width 16, x^5, 8+14 rounds (Plonky3 defaults)", 16, M31, m31_16),
    P32("poseidon2-m31-24", "Poseidon2, Mersenne31, width 24, x^5, 8+22 rounds (Plonky3 defaults)", 24, M31, m31_24),
    P64("poseidon2-gl8", "Poseidon2, Goldilocks, width 8, x^7, 8+22 rounds (Plonky3 defaults)", 8, GL, gl8_many,
        gl8_one),
    P64("poseidon2-gl12", "Poseidon2, Goldilocks, width 12, x^7, 8+22 rounds (Plonky3 defaults)", 12, GL, gl12_many,
        gl12_one),
    P64("poseidon-gl12", "Poseidon (original), Goldilocks, width 12, x^7, 8+22 rounds (plonky2)", 12, GL,
        hs_poseidon_gl12_permute_many, hs_poseidon_gl12_permute),
    P64("rpo256", "Rescue Prime Optimized (RPO256), Goldilocks, width 12, 7 rounds (miden-crypto)", 12, GL, hs_rpo_permute_many,
        rpo_one),
    P64("rpx256", "Rescue Prime eXtension (RPX256), Goldilocks, width 12 (miden-crypto)", 12, GL, hs_rpx_permute_many, rpx_one),
    P64("keccak-f1600", "Keccak-f[1600], 25 64-bit lanes (FIPS 202)", 25, 0, hs_keccakf1600_many, keccak_one),
    P128("poseidon2b", "Poseidon2b, GF(2^128) GHASH basis, width 4, x^7, 8+58 rounds (eprint 2025/058 Sage reference)",
         p2b_many, p2b_one),
    P128("poseidon2b-frost", "Poseidon2b as FROST-GKR instantiates it, GF(2^128) AES-based tower, width 4, x^7, 8+58 rounds",
         p2bf_many, p2bf_one),
    P32X("vision32", "Vision Mark-32 (Binius), 24 words of GF(2^32) (hex, canonical tower basis), 8 rounds", 24, 8,
         vision32),
};
const size_t hs_perm_table_len = sizeof hs_perm_table / sizeof hs_perm_table[0];

const struct hs_perm *hs_perm_lookup(const char *name) {
    for (size_t i = 0; i < hs_perm_table_len; i++)
        if (!strcmp(hs_perm_table[i].name, name)) return &hs_perm_table[i];
    return NULL;
}

/* ---- hashes ---- */

static void sha3_256(uint8_t *o, const uint8_t *in, size_t n) { hs_sha3_256(o, in, n); }
static void keccak_256(uint8_t *o, const uint8_t *in, size_t n) { hs_keccak256(o, in, n); }
static void blake3_256(uint8_t *o, const uint8_t *in, size_t n) { hs_blake3(o, in, n); }
static void blake2s_256(uint8_t *o, const uint8_t *in, size_t n) { hs_blake2s(o, 32, NULL, 0, in, n); }
static void p2b_sponge(uint8_t *o, const uint8_t *in, size_t n) { hs_p2b_ref_sponge(o, in, n); }
static void p2bf_sponge(uint8_t *o, const uint8_t *in, size_t n) { hs_p2b_frost_sponge(o, in, n); }
static void vision32_256(uint8_t *o, const uint8_t *in, size_t n) { hs_vision32_hash(o, in, n); }

/* Byte hashes merge by hashing the 64-byte concatenation. */
#define BYTE_MERGE(fn)                                                              \
    static void fn##_merge(uint8_t *o, const uint8_t *l, const uint8_t *r) {       \
        uint8_t buf[64];                                                            \
        memcpy(buf, l, 32);                                                         \
        memcpy(buf + 32, r, 32);                                                    \
        fn(o, buf, 64);                                                             \
    }
BYTE_MERGE(sha3_256)
BYTE_MERGE(keccak_256)
BYTE_MERGE(blake2s_256)
BYTE_MERGE(p2b_sponge)
BYTE_MERGE(p2bf_sponge)
BYTE_MERGE(vision32_256)
static void blake3_256_merge(uint8_t *o, const uint8_t *l, const uint8_t *r) { hs_blake3_merge(o, l, r); }

/* Poseidon1/Poseidon2 over 31-bit fields: padding-free sponge (rate 8, 8-element digest) and 2-to-1
 * compression (first 8 of P(left || right), zeros after for width 24), as Plonky3's
 * PaddingFreeSponge / TruncatedPermutation. */
static void kb16_hash(uint32_t *o, const uint32_t *in, size_t n) { hs_p2_sponge(hs_p2_kb16(), o, in, n, 1); }
static void p1kb16_hash(uint32_t *o, const uint32_t *in, size_t n) { hs_p1_sponge(hs_p1_kb16(), o, in, n, 1); }
static void p1kb24_hash(uint32_t *o, const uint32_t *in, size_t n) { hs_p1_sponge(hs_p1_kb24(), o, in, n, 1); }
static void bb16_hash(uint32_t *o, const uint32_t *in, size_t n) { hs_p2_sponge(hs_p2_bb16(), o, in, n, 1); }
static void m31_16_hash(uint32_t *o, const uint32_t *in, size_t n) { hs_p2m31_16_sponge(o, in, n); }
#define COMPRESS32(fn, one)                                                         \
    static void fn##_merge(uint32_t *o, const uint32_t *l, const uint32_t *r) {    \
        uint32_t s[24] = {0};                                                       \
        memcpy(s, l, 32);                                                           \
        memcpy(s + 8, r, 32);                                                       \
        one(s);                                                                     \
        memcpy(o, s, 32);                                                           \
    }
COMPRESS32(kb16, kb16_one)
COMPRESS32(bb16, bb16_one)
COMPRESS32(m31_16, m31_16_one)
COMPRESS32(p1kb16, p1kb16_one)
COMPRESS32(p1kb24, p1kb24_one)

/* Goldilocks width-12 Poseidon2: padding-free sponge with rate 8 and a 4-element digest;
 * 2-to-1 = first 4 of P(left || right || 0). */
static void gl12_hash(uint64_t *o, const uint64_t *in, size_t n) {
    uint64_t s[12] = {0};
    for (size_t off = 0; off < n; off += 8) {
        size_t m = n - off < 8 ? n - off : 8;
        memcpy(s, in + off, m * sizeof *s);
        hs_p2gl_permute(hs_p2gl_default12(), s);
    }
    memcpy(o, s, 4 * sizeof *s);
}
static void gl12_merge(uint64_t *o, const uint64_t *l, const uint64_t *r) {
    uint64_t s[12] = {0};
    memcpy(s, l, 32);
    memcpy(s + 4, r, 32);
    hs_p2gl_permute(hs_p2gl_default12(), s);
    memcpy(o, s, 32);
}
static void poseidon_gl12_merge(uint64_t *o, const uint64_t *l, const uint64_t *r) {
    hs_poseidon_gl12_two_to_one(o, l, r);
}
static void rpo_merge(uint64_t *o, const uint64_t *l, const uint64_t *r) {
    uint64_t in[8];
    memcpy(in, l, 32);
    memcpy(in + 4, r, 32);
    hs_rpo256_merge(o, in);
}
static void rpx_merge(uint64_t *o, const uint64_t *l, const uint64_t *r) {
    uint64_t in[8];
    memcpy(in, l, 32);
    memcpy(in + 4, r, 32);
    hs_rpx256_merge(o, in);
}

#define HB(name, desc, fn, perm) {name, desc, HS_HASH_BYTES, 0, 32, perm, fn, fn##_merge, NULL, NULL, NULL, NULL}
#define H32(name, desc, mod, fn, perm) {name, desc, HS_HASH_ELEMS32, mod, 8, perm, NULL, NULL, fn##_hash, fn##_merge, NULL, NULL}
#define H64(name, desc, hash, merge, perm) {name, desc, HS_HASH_ELEMS64, GL, 4, perm, NULL, NULL, NULL, NULL, hash, merge}

const hs_hash_info hs_hash_table[] = {
    HB("blake3", "BLAKE3, 32-byte digest", blake3_256, NULL),
    HB("sha3-256", "SHA3-256 (FIPS 202)", sha3_256, "keccak-f1600"),
    HB("keccak-256", "Keccak-256 (original padding, as Ethereum)", keccak_256, "keccak-f1600"),
    HB("blake2s", "BLAKE2s-256, unkeyed (RFC 7693)", blake2s_256, NULL),
    HB("poseidon2b", "Poseidon2b sponge, rate 32 bytes, always padded (0x80..0x01), 32-byte digest", p2b_sponge, "poseidon2b"),
    HB("poseidon2b-frost", "Poseidon2b sponge of FROST-GKR (Poseidon2bSponge), 32-byte digest", p2bf_sponge,
       "poseidon2b-frost"),
    HB("vision32", "Vision Mark-32 sponge (Binius), rate 64 bytes, Keccak-style padding", vision32_256, "vision32"),
    H64("rpo256", "RPO256 hash_elements / merge (miden-crypto v0.21+)", hs_rpo256_hash_elements, rpo_merge, "rpo256"),
    H64("rpx256", "RPX256 hash_elements / merge (miden-crypto)", hs_rpx256_hash_elements, rpx_merge, "rpx256"),
    H64("poseidon-gl12", "Poseidon-Goldilocks hash_no_pad / two_to_one (plonky2)", hs_poseidon_gl12_hash_no_pad,
        poseidon_gl12_merge, "poseidon-gl12"),
    H64("poseidon2-gl12", "Poseidon2-Goldilocks-12 sponge, rate 8, 4-element digest", gl12_hash, gl12_merge,
        "poseidon2-gl12"),
    H32("poseidon2-kb16", "Poseidon2-KoalaBear-16 sponge, rate 8, 8-element digest", KB, kb16, "poseidon2-kb16"),
    H32("poseidon1-kb16", "Poseidon1-KoalaBear-16 sponge, rate 8, 8-element digest", KB, p1kb16, "poseidon1-kb16"),
    H32("poseidon1-kb24", "Poseidon1-KoalaBear-24 sponge, rate 8, 8-element digest", KB, p1kb24, "poseidon1-kb24"),
    H32("poseidon2-bb16", "Poseidon2-BabyBear-16 sponge, rate 8, 8-element digest", BB, bb16, "poseidon2-bb16"),
    H32("poseidon2-m31-16", "Poseidon2-Mersenne31-16 sponge, rate 8, 8-element digest", M31, m31_16,
        "poseidon2-m31-16"),
};
const size_t hs_hash_table_len = sizeof hs_hash_table / sizeof hs_hash_table[0];

const hs_hash_info *hs_hash_lookup(const char *name) {
    for (size_t i = 0; i < hs_hash_table_len; i++)
        if (!strcmp(hs_hash_table[i].name, name)) return &hs_hash_table[i];
    return NULL;
}
