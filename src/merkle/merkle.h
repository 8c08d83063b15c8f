/* Merkle trees over row-major matrices of KoalaBear words (Plonky3's MMCS shape).
 *
 * A tree commits to h = 2^log_h rows of w words (hs_kb, Montgomery form, hashed as their raw
 * 32-bit little-endian words). Leaf i = hash of row i; node = compress(left, right); the commitment
 * is the cap: the 2^cap_height nodes at that height (cap_height = 0: the root alone; cap_height is
 * clamped to log_h). Every digest is 32 bytes:
 *   HS_MERKLE_POSEIDON2: leaf = Poseidon2-KB16 padding-free sponge of the row (rate 8, overwrite
 *     mode, 8-element digest, hs_p2_sponge), node = hs_p2_compress(left, right); the digest is the
 *     8 Montgomery words, little-endian.
 *   HS_MERKLE_KECCAK: leaf = Keccak-256 of the row bytes, node = Keccak-256(left || right).
 *   HS_MERKLE_BLAKE3: leaf = BLAKE3 of the row bytes, node = BLAKE3(left || right).
 * Leaves are hashed many rows at a time (AVX2 lanes through the hash modules' batch APIs) and the
 * tree is built with `threads` OpenMP threads; the digests never depend on the thread count.
 *
 * Openings of several rows at once send each needed sibling once: walking up from the leaves,
 * a sibling is sent only when it is neither an opened node nor computable from opened nodes.
 * The order of the sent digests is canonical (level by level from the leaves, increasing index
 * within a level), so hs_merkle_open_count tells a parser how many to expect. */
#ifndef HS_MERKLE_MERKLE_H
#define HS_MERKLE_MERKLE_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"
#include "hash/digest.h"

typedef enum { HS_MERKLE_POSEIDON2 = 0, HS_MERKLE_KECCAK = 1, HS_MERKLE_BLAKE3 = 2 } hs_merkle_hash;

typedef struct hs_merkle_tree hs_merkle_tree;

/* Builds the tree over rows[0 .. (1<<log_h)*w). The tree keeps its own digests, not the rows.
 * Returns 0 on bad arguments (log_h > 30, w == 0) or out of memory. */
int hs_merkle_build(hs_merkle_tree **out, hs_merkle_hash hash, const hs_kb *rows, unsigned log_h, size_t w,
                    unsigned cap_height, unsigned threads);
void hs_merkle_free(hs_merkle_tree *t);
/* The same tree built in steps, for rows that are produced piece by piece (an LDE reporting its
 * finished blocks, hs_ntt_coset_lde_rows): begin allocates it, hs_merkle_set_leaves hashes rows
 * [first, first + n) of the matrix (rows points at row `first`) into their leaf digests, on the
 * calling thread (several threads may call it at once on disjoint ranges), and finish computes
 * the nodes once every leaf is set. The tree equals hs_merkle_build's over the same rows. begin
 * returns 0 on bad arguments (log_h > 30, unknown hash) or out of memory. */
int hs_merkle_begin(hs_merkle_tree **out, hs_merkle_hash hash, unsigned log_h, unsigned cap_height);
void hs_merkle_set_leaves(hs_merkle_tree *t, const hs_kb *rows, size_t first, size_t n, size_t w);
void hs_merkle_finish(hs_merkle_tree *t, unsigned threads);
/* Frees the stored levels below `level` (at most 4, and never the cap's): an opening then
 * rehashes the 2^level rows of each opened leaf's group to rebuild the nodes it needs there,
 * reading them from `rows` (the tree's matrix, 2^log_h rows of w words), which the caller keeps
 * alive and unchanged for the tree's life. Saves nearly all of the tree's memory (the leaves are
 * half of it) for 2^level row hashes per opened leaf; the cap and every opening stay the same. */
void hs_merkle_drop_levels(hs_merkle_tree *t, unsigned level, const hs_kb *rows, size_t w);
unsigned hs_merkle_log_h(const hs_merkle_tree *t);
unsigned hs_merkle_cap_height(const hs_merkle_tree *t); /* after clamping */
/* The cap: 2^cap_height digests, left to right. */
const hs_digest *hs_merkle_cap(const hs_merkle_tree *t);

/* Leaf digests of n rows of w words (the verifier hashes opened rows with this). */
void hs_merkle_hash_rows(hs_merkle_hash hash, const hs_kb *rows, size_t n, size_t w, hs_digest *out,
                         unsigned threads);
void hs_merkle_compress(hs_merkle_hash hash, hs_digest *out, const hs_digest *left, const hs_digest *right);

/* Number of sibling digests an opening of the given leaves sends. idx: n strictly increasing leaf
 * indices < 2^log_h. Returns (size_t)-1 if idx is not strictly increasing or out of range. */
size_t hs_merkle_open_count(unsigned log_h, unsigned cap_height, const size_t *idx, size_t n);
/* Writes those siblings (hs_merkle_open_count of them) to out. Returns the count, or (size_t)-1. */
size_t hs_merkle_open(const hs_merkle_tree *t, const size_t *idx, size_t n, hs_digest *out);
/* The same with `threads` OpenMP threads for the rows a tree with dropped levels rehashes (the
 * output does not depend on it); also (size_t)-1 when out of memory. */
size_t hs_merkle_open_mt(const hs_merkle_tree *t, const size_t *idx, size_t n, hs_digest *out, unsigned threads);
/* 1 if the leaves with digests leaf[k] at idx[k] (strictly increasing) and the n_sib siblings
 * recompute the cap exactly (n_sib must equal hs_merkle_open_count); 0 otherwise. Never reads past
 * the given arrays, whatever their contents. */
int hs_merkle_verify(hs_merkle_hash hash, unsigned log_h, unsigned cap_height, const hs_digest *cap,
                     const size_t *idx, const hs_digest *leaf, size_t n, const hs_digest *sib, size_t n_sib);

#endif
