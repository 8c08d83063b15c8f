/* The table of permutations the API and the command line know by name. Each entry adapts one
 * module's batch and single-state entry points to canonical words. */
#ifndef HS_HASH_REGISTRY_H
#define HS_HASH_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

struct hs_perm {
    const char *name;
    const char *description;
    unsigned width;     /* words per state */
    unsigned word_bits; /* 32 or 64 */
    uint64_t modulus;   /* 0: any word value */
    unsigned elem_bits; /* 0: one word an element; 128: GF(2^128) elements, two 64-bit words each, low first */
    unsigned hex_digits; /* 0: decimal text; else hex digits an element (binary fields): hs_perm_hex_digits */
    /* canonical words; exactly one pair is set, matching word_bits */
    void (*many32)(uint32_t *states, size_t n, unsigned threads);
    void (*one32)(uint32_t *state);
    void (*many64)(uint64_t *states, size_t n, unsigned threads);
    void (*one64)(uint64_t *state);
};

extern const struct hs_perm hs_perm_table[];
extern const size_t hs_perm_table_len;



/* Hash functions by name, for `hashsnark hash` and the hash benchmark (miden-crypto's two
 * scenarios: 2-to-1 hashing of two digests, sequential hashing of a message). Exactly one
 * family of function pointers is set, matching `kind`. */
typedef enum { HS_HASH_BYTES, HS_HASH_ELEMS32, HS_HASH_ELEMS64 } hs_hash_kind;

typedef struct hs_hash_info {
    const char *name;
    const char *description;
    hs_hash_kind kind;
    uint64_t modulus;    /* element hashes: field modulus */
    unsigned digest_len; /* bytes, or elements */
    const char *perm;    /* the registered permutation underneath, or NULL */
    void (*bytes)(uint8_t *out, const uint8_t *in, size_t len);
    void (*merge_bytes)(uint8_t *out, const uint8_t *left, const uint8_t *right);
    void (*elems32)(uint32_t *out, const uint32_t *in, size_t n); /* canonical */
    void (*merge32)(uint32_t *out, const uint32_t *left, const uint32_t *right);
    void (*elems64)(uint64_t *out, const uint64_t *in, size_t n);
    void (*merge64)(uint64_t *out, const uint64_t *left, const uint64_t *right);
} hs_hash_info;

extern const hs_hash_info hs_hash_table[];
extern const size_t hs_hash_table_len;
const hs_hash_info *hs_hash_lookup(const char *name);
const struct hs_perm *hs_perm_lookup(const char *name);

#endif
