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
    /* canonical words; exactly one pair is set, matching word_bits */
    void (*many32)(uint32_t *states, size_t n, unsigned threads);
    void (*one32)(uint32_t *state);
    void (*many64)(uint64_t *states, size_t n, unsigned threads);
    void (*one64)(uint64_t *state);
};

extern const struct hs_perm hs_perm_table[];
extern const size_t hs_perm_table_len;

#endif
