/* The one table of provable hashes: for each, which backend proves it and how (the stark
 * backend's AIR, the gkr backend's walk), its native permutation and its line shape. The API
 * (and the command line through it) reads this table instead of testing names.
 *
 * It is built once from the AIR registry (src/air: every registered AIR is provable by the stark
 * backend) and the gkr backend's list of walks (src/gkr/gkr_perm.h; provable.c `gkr_statements`
 * says which statements each walk proves). */
#ifndef HS_API_PROVABLE_H
#define HS_API_PROVABLE_H

#include <stddef.h>
#include <stdint.h>

#include "air/air.h"

typedef struct {
    const char *name;
    const char *description;
    const char *perm;          /* the registered permutation of the same name (hash/registry.h), or NULL */
    const char *noun;          /* "permutations", "compressions", ... */
    const hs_air_def *air;     /* the stark backend's AIR, or NULL */
    unsigned gkr_perm;         /* the gkr backend's permutation id (hs_gkr_shape.perm_id); 0: no walk */
    unsigned gkr_statements;   /* bits 1 << hs_statement of what the walk proves */
    unsigned gkrb_hash;        /* the gkr backend's walk over GF(2) (src/gkrb): its header hash byte
                                  (statement/kgkrstmt.h, statement/p2bstmt.h); 0: none (the walk, if
                                  any, is KoalaBear's) */
    unsigned in_words, out_words, value_bits;
    uint32_t word_modulus;     /* 0: any u32 */
} hs_provable_entry;

size_t hs_provable_entry_count(void);
const hs_provable_entry *hs_provable_entry_at(size_t i);
const hs_provable_entry *hs_provable_entry_find(const char *name);
/* The entry of a proof header's hash byte. */
const hs_provable_entry *hs_provable_entry_by_air(unsigned air_id);
const hs_provable_entry *hs_provable_entry_by_gkr(unsigned gkr_perm);

#endif
