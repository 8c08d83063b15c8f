/* The hashes of the sparse Merkle tree (smt.h), behind one interface. A word is 32 bytes: four
 * canonical Goldilocks elements (rpo256, poseidon2-gl12) or eight canonical KoalaBear elements
 * (poseidon2-kb16). Keys, values, leaf hashes and inner nodes are all words.
 *
 * Goldilocks, width 12, as miden-crypto defines its algebraic sponges: rate state[0..8),
 * capacity state[8..12), digest state[0..4).
 *   merge(a, b)           = P(a || b || 0 0 0 0)[0..4]
 *   leaf(k1 v1 ... kn vn) = chain: state = 0, state[9] = domain; for each pair, overwrite
 *                           state[0..8) with k_i || v_i and permute; digest state[0..4).
 *                           (miden-crypto's hash_elements_in_domain of a multiple of 8 elements;
 *                           one pair gives merge_in_domain(k, v, domain).)
 *   domain: 0x13af for poseidon2-gl12 (miden-crypto v0.25 and later), 0 for rpo256 (v0.21) and for
 *   the v0.24 variant kept for its test vectors.
 * KoalaBear, width 16 (ours; miden-crypto has no such tree):
 *   merge(a, b)           = P(a || b)[0..8] (Plonky3's truncated-permutation compression)
 *   leaf(k1 v1 ... kn vn) = sponge of rate 8, capacity state[8..16) with state[8] = 0x13af: for
 *                           each 8-element block of k_1 v_1 k_2 v_2 ... overwrite state[0..8) and
 *                           permute; digest state[0..8).
 * Leaf index: key[3] (Goldilocks, as miden-crypto), key[7] * 2^32 + key[6] (KoalaBear). Key
 * order: the elements compared from the last to the first (miden's Word order). */
#ifndef HS_SMT_HASH_H
#define HS_SMT_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HS_SMT_DEPTH 64
#define HS_SMT_LEAF_DOMAIN 0x13afu
#define HS_SMT_WORD_BYTES 32

typedef union {
    uint64_t g[4]; /* Goldilocks words */
    uint32_t k[8]; /* KoalaBear words */
    uint8_t b[32];
} hs_smt_word;

typedef struct hs_smt_hasher {
    const char *name;
    const char *description;
    unsigned elems;      /* elements per word: 4 (Goldilocks) or 8 (KoalaBear) */
    uint64_t modulus;    /* of the elements */
    uint32_t domain;     /* leaf domain tag (0: none) */
    /* canonical states in place, single thread (the caller owns the threads) */
    void (*perm64)(uint64_t *states, size_t n, unsigned threads); /* width 12, Goldilocks */
    void (*perm32)(uint32_t *states, size_t n, unsigned threads); /* width 16, KoalaBear */
} hs_smt_hasher;

/* By name: "rpo256", "poseidon2-gl12", "poseidon2-gl12-v0.24" (no leaf domain), "poseidon2-kb16";
 * NULL when unknown. */
const hs_smt_hasher *hs_smt_hasher_find(const char *name);
/* The user-visible ones, in order (the v0.24 variant is not listed). */
const hs_smt_hasher *hs_smt_hasher_at(size_t i);

/* out[i] = merge(in[2i], in[2i+1]) for i < n. threads <= 1: the caller's thread; otherwise an
 * OpenMP team of that many (same result for any count). out may not overlap in. */
void hs_smt_merge_many(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *in, size_t n, unsigned threads);
void hs_smt_merge(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *left, const hs_smt_word *right);

/* The hash of a leaf holding n >= 1 pairs kv[2i] -> kv[2i+1] (sorted); n = 0 gives the empty word. */
void hs_smt_leaf_hash(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *kv, size_t n);
/* Leaf hashes of many leaves: leaf i holds the cnt[i] pairs starting at kv + 2 * start[i]. Single-
 * pair leaves go through the batch permutation. Threads as hs_smt_merge_many. */
void hs_smt_leaf_hash_many(const hs_smt_hasher *h, hs_smt_word *out, const hs_smt_word *kv, const size_t *start,
                           const uint32_t *cnt, size_t n, unsigned threads);

uint64_t hs_smt_leaf_index(const hs_smt_hasher *h, const hs_smt_word *key);
/* <0, 0, >0 in miden's Word order (last element first). */
int hs_smt_word_cmp(const hs_smt_hasher *h, const hs_smt_word *a, const hs_smt_word *b);
int hs_smt_word_is_zero(const hs_smt_word *w);
int hs_smt_word_eq(const hs_smt_word *a, const hs_smt_word *b);
/* 1 if every element is canonical. */
int hs_smt_word_canonical(const hs_smt_hasher *h, const hs_smt_word *w);
/* Words <-> uint64 element arrays (h->elems values each). from returns 0 on a non-canonical value. */
int hs_smt_word_from_u64(const hs_smt_hasher *h, hs_smt_word *w, const uint64_t *e);
void hs_smt_word_to_u64(const hs_smt_hasher *h, uint64_t *e, const hs_smt_word *w);

/* E[0..64]: E[0] = empty word, E[h+1] = merge(E[h], E[h]) (the root of an empty subtree of height h). */
void hs_smt_empty_table(const hs_smt_hasher *h, hs_smt_word E[HS_SMT_DEPTH + 1]);

#endif
