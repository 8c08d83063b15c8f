/* 2-to-1 compressions in batches (compress.h): the KoalaBear and byte hashes. The Goldilocks ones
 * are in compress_gl.c and the table in compress_table.c, so that the commitment trees of FRI and
 * WHIR link no Goldilocks code (the fuzz build leaves it out). Every batch is cut into blocks
 * that live in L1 (64 states for the 31-bit permutations, 4 for Keccak's x4 kernel); the children
 * of a node are one contiguous 16-word state already, so a block is one memcpy in and eight words
 * out per node. */
#include "merkle/compress.h"

#include <string.h>

#include "field/kb.h"
#include "hash/blake3.h"
#include "hash/keccak.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31.h"
#include "util/cpu.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "compress.c reads byte digests as little-endian words: little-endian hosts only"
#endif

#define GL_P 0xffffffff00000001ull /* Goldilocks */

enum { KB_BLOCK = 64 };

/* Poseidon1/Poseidon2-KB16: the state is left || right, the output its first 8 lanes. */
#define KB16_MANY(fn, permute, params)                                                              \
    static void fn(const uint32_t *pairs, size_t n, uint32_t *out) {                                \
        uint32_t st[KB_BLOCK * 16];                                                                 \
        for (size_t i0 = 0; i0 < n; i0 += KB_BLOCK) {                                               \
            size_t m = n - i0 < KB_BLOCK ? n - i0 : KB_BLOCK;                                       \
            memcpy(st, pairs + 16 * i0, m * 16 * sizeof *st);                                       \
            permute(params(), st, m, 0, 1);                                                         \
            for (size_t i = 0; i < m; i++) memcpy(out + 8 * (i0 + i), st + 16 * i, 8 * sizeof *st); \
        }                                                                                           \
    }
KB16_MANY(p2kb16_many, hs_p2_permute_many, hs_p2_kb16)
KB16_MANY(p1kb16_many, hs_p1_permute_many, hs_p1_kb16)

static void blake3_many(const uint32_t *pairs, size_t n, uint32_t *out) {
    hs_blake3_merge_many((uint8_t(*)[32])out, (const uint8_t(*)[32])pairs, n);
}

/* Pairs of 32-byte digests are 64-byte messages, 64 bytes apart. */
static void keccak256_many(const uint32_t *pairs, size_t n, uint32_t *out) {
    hs_keccak256_strided((uint8_t(*)[32])out, (const uint8_t *)pairs, 64, 64, n);
}
static void sha3_256_many(const uint32_t *pairs, size_t n, uint32_t *out) {
    hs_sha3_256_strided((uint8_t(*)[32])out, (const uint8_t *)pairs, 64, 64, n);
}

/* ---- one at a time: the modules' single-state calls ---- */

static void p2kb16_one(uint32_t out[8], const uint32_t pair[16]) {
    uint32_t l[8], r[8];
    memcpy(l, pair, 32);
    memcpy(r, pair + 8, 32);
    hs_p2_compress(hs_p2_kb16(), out, l, r);
}
static void p1kb16_one(uint32_t out[8], const uint32_t pair[16]) {
    uint32_t l[8], r[8];
    memcpy(l, pair, 32);
    memcpy(r, pair + 8, 32);
    hs_p1_compress(hs_p1_kb16(), out, l, r);
}
#define BYTES_ONE(fn, hash)                                        \
    static void fn(uint32_t out[8], const uint32_t pair[16]) {     \
        uint8_t in[64], o[32];                                     \
        memcpy(in, pair, sizeof in);                               \
        hash(o, in, 64);                                           \
        memcpy(out, o, sizeof o);                                  \
    }
BYTES_ONE(blake3_one, hs_blake3)
BYTES_ONE(keccak256_one, hs_keccak256)
BYTES_ONE(sha3_256_one, hs_sha3_256)

const hs_compress2 hs_c2_poseidon2_kb16 = {HS_C2_POSEIDON2_KB16, "poseidon2-kb16",
                                           "Poseidon2-KoalaBear-16: first 8 lanes of P(left || right)",
                                           HS_DIGEST_KB, p2kb16_many, p2kb16_one};
const hs_compress2 hs_c2_poseidon1_kb16 = {HS_C2_POSEIDON1_KB16, "poseidon1-kb16",
                                           "Poseidon1-KoalaBear-16: first 8 lanes of P(left || right)",
                                           HS_DIGEST_KB, p1kb16_many, p1kb16_one};
const hs_compress2 hs_c2_blake3 = {HS_C2_BLAKE3, "blake3", "BLAKE3 of left || right (64 bytes)", HS_DIGEST_BYTES,
                                   blake3_many, blake3_one};
const hs_compress2 hs_c2_keccak256 = {HS_C2_KECCAK256, "keccak-256", "Keccak-256 of left || right (Ethereum padding)",
                                      HS_DIGEST_BYTES, keccak256_many, keccak256_one};
const hs_compress2 hs_c2_sha3_256 = {HS_C2_SHA3_256, "sha3-256", "SHA3-256 of left || right (FIPS 202)",
                                     HS_DIGEST_BYTES, sha3_256_many, sha3_256_one};

void hs_compress2_prepare(const hs_compress2 *c) {
    (void)hs_cpu_has_avx2();
    if (c->id == HS_C2_POSEIDON2_KB16) (void)hs_p2_kb16();
    if (c->id == HS_C2_POSEIDON1_KB16) (void)hs_p1_kb16();
}

void hs_compress2_many_mt(const hs_compress2 *c, const uint32_t *pairs, size_t n, uint32_t *out, unsigned threads) {
    enum { BLK = 512 };
    if (threads <= 1 || n < 2 * BLK) {
        c->many(pairs, n, out);
        return;
    }
    hs_compress2_prepare(c);
    const size_t items = (n + BLK - 1) / BLK;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t it = 0; it < items; it++) {
        size_t lo = it * BLK, cnt = n - lo < BLK ? n - lo : BLK;
        c->many(pairs + 16 * lo, cnt, out + 8 * lo);
    }
}

void hs_compress2_one(const hs_compress2 *c, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]) {
    uint32_t pair[16];
    memcpy(pair, left, 32);
    memcpy(pair + 8, right, 32);
    c->one(out, pair);
}

void hs_digest_words_to_native(hs_digest_form f, uint32_t *w, size_t n_words) {
    if (f != HS_DIGEST_KB) return;
    for (size_t i = 0; i < n_words; i++) w[i] = hs_kb_from_u32(w[i]);
}

void hs_digest_words_to_canonical(hs_digest_form f, uint32_t *w, size_t n_words) {
    if (f != HS_DIGEST_KB) return;
    for (size_t i = 0; i < n_words; i++) w[i] = hs_kb_to_u32(w[i]);
}

int hs_digest_words_check(hs_digest_form f, const uint32_t d[8], unsigned *bad) {
    for (unsigned i = 0; i < 8; i++) {
        if (f == HS_DIGEST_KB && d[i] >= HS_KB_P) return *bad = i, 0;
        if (f == HS_DIGEST_GL && (i & 1) && ((uint64_t)d[i] << 32 | d[i - 1]) >= GL_P) return *bad = i - 1, 0;
    }
    return 1;
}

uint64_t hs_digest_form_modulus(hs_digest_form f) {
    return f == HS_DIGEST_KB ? HS_KB_P : f == HS_DIGEST_GL ? GL_P : 0;
}
