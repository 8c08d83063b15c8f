#include "hash/registry.h"

#include "hash/poseidon2_monty31.h"

/* Poseidon2 over the Monty-31 fields: canonical words in and out. */
#define P2_ENTRY(fn, inst)                                                                            \
    static void fn##_many(uint32_t *s, size_t n, unsigned t) { hs_p2_permute_many(inst(), s, n, 1, t); } \
    static void fn##_one(uint32_t *s) { hs_p2_permute_many_portable(inst(), s, 1, 1); }
P2_ENTRY(kb16, hs_p2_kb16)
P2_ENTRY(kb24, hs_p2_kb24)
P2_ENTRY(bb16, hs_p2_bb16)
P2_ENTRY(bb24, hs_p2_bb24)

const struct hs_perm hs_perm_table[] = {
    {"poseidon2-kb16", "Poseidon2, KoalaBear, width 16, x^3, 8+20 rounds (Plonky3 default constants)", 16, 32,
     0x7f000001u, kb16_many, kb16_one, NULL, NULL},
    {"poseidon2-kb24", "Poseidon2, KoalaBear, width 24, x^3, 8+23 rounds (Plonky3 default constants)", 24, 32,
     0x7f000001u, kb24_many, kb24_one, NULL, NULL},
    {"poseidon2-bb16", "Poseidon2, BabyBear, width 16, x^7, 8+13 rounds (Plonky3 default constants)", 16, 32,
     0x78000001u, bb16_many, bb16_one, NULL, NULL},
    {"poseidon2-bb24", "Poseidon2, BabyBear, width 24, x^7, 8+21 rounds (Plonky3 default constants)", 24, 32,
     0x78000001u, bb24_many, bb24_one, NULL, NULL},
};
const size_t hs_perm_table_len = sizeof hs_perm_table / sizeof hs_perm_table[0];
