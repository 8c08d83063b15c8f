#include "api/provable.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "field/kb.h"
#include "gkr/gkr_perm.h"
#include "hash/registry.h"
#include "statement/kgkrstmt.h"
#include "statement/p2bstmt.h"

#define ST_PRIVATE (1u << 0)
#define ST_PUBLIC (1u << 1)
#define ST_REGIONS (1u << 2)

/* What the gkr backend proves of one of its walks (src/gkr/gkr_perm.h lists them): private and
 * public statements; ragged regions prove Poseidon2-KB16 only (src/gkr/ragged.h). */
static unsigned gkr_statements(const hs_gkr_perm *p) {
    return ST_PRIVATE | ST_PUBLIC | (p->id == HS_GKR_P2_KB16 ? ST_REGIONS : 0);
}

#define MAX_ENTRIES 64

static hs_provable_entry entries[MAX_ENTRIES];
static char descriptions[MAX_ENTRIES][96]; /* of walks without a native permutation */
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
    const hs_gkr_perm *g;
    for (unsigned id = 1; (g = hs_gkr_perm_get(id)) != NULL; id++) {
        hs_provable_entry *e = slot(g->name);
        if (!e) break;
        if (e->air && (e->in_words != g->width || e->out_words != g->width || e->value_bits != 32 ||
                       e->word_modulus != HS_KB_P))
            continue; /* the AIR's lines are not the walk's states: one line format per hash */
        if (!e->air) { /* the walk's own lines: width KoalaBear elements */
            const struct hs_perm *native = hs_perm_lookup(g->name);
            char *d = descriptions[e - entries];
            snprintf(d, sizeof descriptions[0], "%s: KoalaBear, width %u, x^3, %u + %u rounds (a GKR walk)", g->name,
                     g->width, 2u * HS_GKR_HALF, g->partial);
            e->description = native ? native->description : d;
            e->noun = "permutations";
            e->in_words = e->out_words = g->width;
            e->value_bits = 32;
            e->word_modulus = HS_KB_P;
        }
        e->gkr_perm = g->id;
        e->gkr_statements = gkr_statements(g);
    }
    /* Keccak-f[1600] by GKR over GF(2) (src/gkrb): the public and private statements, on the stark
     * AIR's lines (25 lanes, 64-bit values) */
    hs_provable_entry *k = NULL;
    for (size_t i = 0; i < n_entries; i++)
        if (!strcmp(entries[i].name, "keccak-f1600")) k = &entries[i];
    if (k && k->in_words == 50 && k->out_words == 50 && k->value_bits == 64 && !k->gkr_perm) {
        k->gkrb_hash = HS_KGKRSTMT_HASH;
        k->gkr_statements = ST_PUBLIC | ST_PRIVATE;
    }
    /* Poseidon2b, both instances, by GKR over GF(2^128) (statement/p2bstmt.h): public and private
     * statements on lines of 4 elements of 128 bits, four words each (low first) */
    static const struct {
        const char *name;
        hs_p2b_inst inst;
    } p2b[] = {{"poseidon2b", HS_P2B_REF}, {"poseidon2b-frost", HS_P2B_FROST}};
    for (size_t i = 0; i < sizeof p2b / sizeof *p2b; i++) {
        const struct hs_perm *native = hs_perm_lookup(p2b[i].name);
        hs_provable_entry *e = native ? slot(p2b[i].name) : NULL;
        if (!e || e->air || e->gkr_perm) continue;
        e->description = native->description;
        e->noun = "permutations";
        e->in_words = e->out_words = 4 * HS_P2B_WIDTH;
        e->value_bits = 128;
        e->word_modulus = 0;
        e->gkrb_hash = hs_p2bstmt_hash(p2b[i].inst);
        e->gkr_statements = ST_PRIVATE | ST_PUBLIC;
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
