/* The fixed public tables of the fuzz targets and the corpus generator (tests/fuzz/README.md):
 * input words are a fixed function of (kind, region, index), so a table of 2^n lines is the
 * first 2^n lines of every larger one, and the outputs are computed by the library's own
 * permutations. The generator proves its public seeds on exactly these tables; a target that
 * accepts a public proof for any other table has found a false acceptance. */
#ifndef HS_FUZZ_TABLES_H
#define HS_FUZZ_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"

/* Largest public shapes a target holds a table for (a larger header gets no table and is
 * rejected for it, which the private targets' larger shapes cover). */
#define HS_FUZZ_STARK_MAX_LOG 3
#define HS_FUZZ_GKR_MAX_LOG 4
#define HS_FUZZ_RAGGED_MAX_W 6
#define HS_FUZZ_RAGGED_MAX_REGIONS 4

/* Word i of the table of kind/region (splitmix64 of the three), below bound (0: any u32). */
uint32_t hs_fuzz_word(unsigned kind, unsigned region, size_t i, uint64_t bound);

/* Stark AIR air_id at 2^log_perms instances: in (N in_words) and out (N out_words), canonical
 * words; malloc'ed. 0 on an unknown AIR or no memory. */
int hs_fuzz_stark_table(unsigned air_id, unsigned log_perms, uint32_t **in, uint32_t **out, size_t *in_words,
                        size_t *out_words);
/* Gkr permutation perm_id at 2^log_perms states (Montgomery, row-major, width words each). */
int hs_fuzz_gkr_table(unsigned perm_id, unsigned log_perms, hs_kb **in, hs_kb **out, unsigned *width);
/* Poseidon2b instance inst (hash/poseidon2b.h) at 2^log_perms states: in and out as the API's lines
 * (16 words a state, any u32; FROST-GKR's tower values for poseidon2b-frost); words = 16 N. */
int hs_fuzz_p2b_table(unsigned inst, unsigned log_perms, uint32_t **in, uint32_t **out, size_t *words);
/* Ragged region a of width w: 2^w Poseidon2-KB16 states (Montgomery, 16 words each). */
int hs_fuzz_ragged_table(unsigned a, unsigned w, hs_kb **in, hs_kb **out);

/* The Merkle statements' public inputs (fuzz_merkle.c, gen_corpus.c). Branches: the openings of
 * hs_mb_random_openings(d, m, seed 1) (Montgomery; d <= 8, m <= 8). Root: 2^k leaves (k <= 6,
 * Montgomery) and their root. malloc'ed; 0 out of range or out of memory. */
#define HS_FUZZ_MERKLE_MAX_DEPTH 8
#define HS_FUZZ_MERKLE_MAX_M 8
#define HS_FUZZ_MERKLE_MAX_LOG 6
int hs_fuzz_merkle_openings(unsigned d, size_t m, uint64_t **idx, hs_kb **leaves, hs_kb root[8]);
int hs_fuzz_merkle_leaves(unsigned k, hs_kb **leaves, hs_kb root[8]);

/* The public targets' inputs start with a table tweak: u32 LE word position, u32 LE delta. The
 * word at position % words of the tables (inputs then outputs, region after region) becomes
 * (word + delta) mod the word modulus; delta = 0 (mod the modulus) leaves the table as made. */
#define HS_FUZZ_TWEAK_BYTES 8

#endif
