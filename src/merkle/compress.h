/* 2-to-1 compressions of digest pairs, many at a time: the node hash of the binary tree (tree.h)
 * and of the vector-commitment tree (merkle.h). One descriptor per hash; each runs whole batches
 * through its module's batch kernel (SIMD lanes, dispatched at run time there).
 *
 * A digest is 8 uint32 words in the hash's native form:
 *   HS_DIGEST_KB     8 KoalaBear elements in Montgomery form (hs_kb);
 *   HS_DIGEST_GL     4 Goldilocks elements, canonical uint64, stored as 8 words (low word first);
 *   HS_DIGEST_BYTES  32 bytes, read as 8 little-endian words (the bytes in memory order).
 * On a little-endian host every form is the digest's bytes in memory; merkle.c's hs_digest is the
 * same 32 bytes. */
#ifndef HS_MERKLE_COMPRESS_H
#define HS_MERKLE_COMPRESS_H

#include <stddef.h>
#include <stdint.h>

typedef enum { HS_DIGEST_KB = 0, HS_DIGEST_GL = 1, HS_DIGEST_BYTES = 2 } hs_digest_form;

typedef enum {
    HS_C2_POSEIDON2_KB16 = 0, /* first 8 lanes of Poseidon2-KB16(left || right) (Plonky3 TruncatedPermutation) */
    HS_C2_POSEIDON1_KB16,     /* the same with Poseidon1-KB16 */
    HS_C2_RPO256,             /* miden-crypto Rpo256::merge: hash_elements(left || right) */
    HS_C2_RPX256,             /* miden-crypto Rpx256::merge */
    HS_C2_BLAKE3,             /* BLAKE3(left || right), one compression */
    HS_C2_KECCAK256,          /* Keccak-256(left || right), original padding (Ethereum) */
    HS_C2_SHA3_256,           /* SHA3-256(left || right) (FIPS 202) */
    HS_C2_COUNT
} hs_c2_id;

typedef struct hs_compress2 {
    hs_c2_id id;
    const char *name; /* the `hashsnark hash` name of the same hash */
    const char *description;
    hs_digest_form form;
    /* out[8i..8i+8) = C(pairs[16i..16i+8), pairs[16i+8..16i+16)) for i < n, on the caller's
     * thread; out must not overlap pairs. */
    void (*many)(const uint32_t *pairs, size_t n, uint32_t *out);
    /* One compression through the module's single-state call (no batching; portable code for
     * the 31-bit permutations and the byte hashes): the verifier's path and the reference the
     * batch path is tested against. out may alias pair. */
    void (*one)(uint32_t out[8], const uint32_t pair[16]);
} hs_compress2;

/* The table, indexed by hs_c2_id. */
extern const hs_compress2 hs_compress2_table[HS_C2_COUNT];
const hs_compress2 *hs_compress2_get(hs_c2_id id);
/* By name; NULL if the hash has no compression here. */
const hs_compress2 *hs_compress2_lookup(const char *name);

/* many() with `threads` OpenMP threads once n is large (blocks of 512 pairs); the output never
 * depends on the thread count. Resolves the CPU dispatch and constant tables before the threads
 * start. */
void hs_compress2_many_mt(const hs_compress2 *c, const uint32_t *pairs, size_t n, uint32_t *out, unsigned threads);
/* Initialises what the kernels set up on first use (constant tables, CPU dispatch): call it before
 * OpenMP threads run ->many. */
void hs_compress2_prepare(const hs_compress2 *c);
/* One compression through ->one, out = C(left, right) (out may alias either input). */
void hs_compress2_one(const hs_compress2 *c, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]);

/* Words of a native digest from canonical words (KB: into Montgomery form; other forms are
 * unchanged) and back, in place, for n_words words. */
void hs_digest_words_to_native(hs_digest_form f, uint32_t *w, size_t n_words);
void hs_digest_words_to_canonical(hs_digest_form f, uint32_t *w, size_t n_words);
/* 1 if the 8 canonical words d are a valid digest of that form (KB: every word < p; GL: every
 * 64-bit pair < p; bytes: always); else 0 with *bad = the first bad word (GL: the pair's low word). */
int hs_digest_words_check(hs_digest_form f, const uint32_t d[8], unsigned *bad);
/* The modulus of an element of that form (0 for bytes). */
uint64_t hs_digest_form_modulus(hs_digest_form f);

#endif
