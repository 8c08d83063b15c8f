/* The table of 2-to-1 compressions by id and by name (compress.h). */
#include <string.h>

#include "merkle/compress.h"

const hs_compress2 *const hs_compress2_table[HS_C2_COUNT] = {
    &hs_c2_poseidon2_kb16, &hs_c2_poseidon1_kb16, &hs_c2_rpo256,  &hs_c2_rpx256,
    &hs_c2_blake3,         &hs_c2_keccak256,      &hs_c2_sha3_256,
};

const hs_compress2 *hs_compress2_get(hs_c2_id id) {
    return (unsigned)id < HS_C2_COUNT ? hs_compress2_table[id] : NULL;
}

const hs_compress2 *hs_compress2_lookup(const char *name) {
    if (!name) return NULL;
    for (size_t i = 0; i < HS_C2_COUNT; i++)
        if (!strcmp(hs_compress2_table[i]->name, name)) return hs_compress2_table[i];
    return NULL;
}
