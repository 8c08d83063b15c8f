#include "api/provable.h"

#include <pthread.h>
#include <string.h>

#include "hash/registry.h"

#define ST_PRIVATE (1u << 0)
#define ST_PUBLIC (1u << 1)
#define ST_REGIONS (1u << 2)

/* What the gkr backend proves: one line per GKR walk (src/gkr), with the permutation id its
 * shape and proof header carry. A hash proven here but by no AIR gets its line shape from its
 * native permutation. */
static const struct {
    const char *name;
    unsigned perm_id;
    unsigned statements;
} gkr_walks[] = {
    {"poseidon2-kb16", 1, ST_PRIVATE | ST_PUBLIC | ST_REGIONS},
};

#define MAX_ENTRIES 64

static hs_provable_entry entries[MAX_ENTRIES];
static size_t n_entries;
static pthread_once_t built = PTHREAD_ONCE_INIT;

static hs_provable_entry *slot(const char *name) {
    for (size_t i = 0; i < n_entries; i++)
        if (!strcmp(entries[i].name, name)) return &entries[i];
    if (n_entries == MAX_ENTRIES) return NULL;
    hs_provable_entry *e = &entries[n_entries++];
    memset(e, 0, sizeof *e);
    e->name = name;
    const struct hs_perm *p = hs_perm_lookup(name);
    e->perm = p ? p->name : NULL;
    return e;
}

static void build(void) {
    for (size_t i = 0; i < hs_air_count(); i++) {
        const hs_air_def *def = hs_air_at(i);
        hs_air a;
        if (!def->init(&a, 0)) continue;
        hs_provable_entry *e = slot(def->name);
        if (!e) break;
        e->description = def->description;
        e->noun = hs_air_noun(def);
        e->air = def;
        e->in_words = a.in_words;
        e->out_words = a.out_words;
        e->value_bits = a.value_bits == 64 ? 64 : 32;
        e->word_modulus = a.word_modulus;
    }
    for (size_t i = 0; i < sizeof gkr_walks / sizeof gkr_walks[0]; i++) {
        const struct hs_perm *p = hs_perm_lookup(gkr_walks[i].name);
        hs_provable_entry *e = slot(gkr_walks[i].name);
        if (!e) break;
        if (!e->air) { /* the native permutation gives the lines */
            if (!p || p->word_bits != 32) {
                n_entries--;
                continue;
            }
            e->description = p->description;
            e->noun = "permutations";
            e->in_words = e->out_words = p->width;
            e->value_bits = 32;
            e->word_modulus = (uint32_t)p->modulus;
        }
        e->gkr_perm = gkr_walks[i].perm_id;
        e->gkr_statements = gkr_walks[i].statements;
    }
}

size_t hs_provable_entry_count(void) {
    pthread_once(&built, build);
    return n_entries;
}

const hs_provable_entry *hs_provable_entry_at(size_t i) {
    return i < hs_provable_entry_count() ? &entries[i] : NULL;
}

const hs_provable_entry *hs_provable_entry_find(const char *name) {
    for (size_t i = 0; name && i < hs_provable_entry_count(); i++)
        if (!strcmp(entries[i].name, name)) return &entries[i];
    return NULL;
}

const hs_provable_entry *hs_provable_entry_by_air(unsigned air_id) {
    for (size_t i = 0; i < hs_provable_entry_count(); i++)
        if (entries[i].air && entries[i].air->id == air_id) return &entries[i];
    return NULL;
}

const hs_provable_entry *hs_provable_entry_by_gkr(unsigned gkr_perm) {
    for (size_t i = 0; gkr_perm && i < hs_provable_entry_count(); i++)
        if (entries[i].gkr_perm == gkr_perm) return &entries[i];
    return NULL;
}
