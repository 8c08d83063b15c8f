#include "hash/registry.h"

#include "hash/poseidon2_kb.h"

static void kb16_many(uint32_t *s, size_t n, unsigned t) { hs_p2kb_permute_many(hs_p2kb_default16(), s, n, 1, t); }
static void kb24_many(uint32_t *s, size_t n, unsigned t) { hs_p2kb_permute_many(hs_p2kb_default24(), s, n, 1, t); }

static void kb_one(const hs_p2kb_params *pp, uint32_t *s) {
    for (unsigned i = 0; i < pp->width; i++) s[i] = hs_kb_from_u32(s[i]);
    hs_p2kb_permute(pp, s);
    for (unsigned i = 0; i < pp->width; i++) s[i] = hs_kb_to_u32(s[i]);
}
static void kb16_one(uint32_t *s) { kb_one(hs_p2kb_default16(), s); }
static void kb24_one(uint32_t *s) { kb_one(hs_p2kb_default24(), s); }

const struct hs_perm hs_perm_table[] = {
    {"poseidon2-kb16", "Poseidon2, KoalaBear, width 16, x^3, 8+20 rounds (Plonky3 default constants)", 16, 32,
     HS_KB_P, kb16_many, kb16_one, NULL, NULL},
    {"poseidon2-kb24", "Poseidon2, KoalaBear, width 24, x^3, 8+23 rounds (Plonky3 default constants)", 24, 32,
     HS_KB_P, kb24_many, kb24_one, NULL, NULL},
};
const size_t hs_perm_table_len = sizeof hs_perm_table / sizeof hs_perm_table[0];
