/* The in-memory store: one open-addressing hash table (linear probing, backward-shift deletion)
 * from (table, key) to a heap copy of the record. Writes apply at once; abort cannot undo them
 * (atomic = 0), which the tree handles by refusing further use after a failed apply. */
#include <stdlib.h>
#include <string.h>

#include "smt/smt_store.h"

typedef struct {
    uint64_t key;
    void *data; /* NULL: free slot */
    uint32_t len;
    uint32_t table;
} slot;

typedef struct {
    hs_smt_store base;
    slot *slots;
    size_t cap, used; /* cap a power of two */
} mem_store;

static uint64_t mix(uint64_t x, unsigned table) {
    x += 0x9e3779b97f4a7c15ull * (table + 1);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static size_t find(const mem_store *m, unsigned table, uint64_t key) {
    size_t mask = m->cap - 1, i = mix(key, table) & mask;
    while (m->slots[i].data && (m->slots[i].key != key || m->slots[i].table != table)) i = (i + 1) & mask;
    return i;
}

static int grow(mem_store *m) {
    size_t ncap = m->cap ? m->cap * 2 : 1024;
    slot *ns = calloc(ncap, sizeof *ns);
    if (!ns) return -1;
    slot *old = m->slots;
    size_t ocap = m->cap;
    m->slots = ns;
    m->cap = ncap;
    for (size_t i = 0; i < ocap; i++)
        if (old[i].data) m->slots[find(m, old[i].table, old[i].key)] = old[i];
    free(old);
    return 0;
}

static int mem_get(hs_smt_store *s, unsigned table, uint64_t key, const void **data, size_t *len) {
    mem_store *m = (mem_store *)s;
    if (!m->cap) return 0;
    size_t i = find(m, table, key);
    if (!m->slots[i].data) return 0;
    *data = m->slots[i].data;
    *len = m->slots[i].len;
    return 1;
}

static void erase(mem_store *m, size_t i) {
    size_t mask = m->cap - 1;
    free(m->slots[i].data);
    m->slots[i].data = NULL;
    m->used--;
    /* backward shift: move later entries of the run into the hole where their probe allows */
    for (size_t j = (i + 1) & mask; m->slots[j].data; j = (j + 1) & mask) {
        size_t home = mix(m->slots[j].key, m->slots[j].table) & mask;
        if (((j - home) & mask) >= ((j - i) & mask)) {
            m->slots[i] = m->slots[j];
            m->slots[j].data = NULL;
            i = j;
        }
    }
}

static int mem_put(hs_smt_store *s, unsigned table, uint64_t key, const void *data, size_t len) {
    mem_store *m = (mem_store *)s;
    if (len == 0) {
        if (!m->cap) return 0;
        size_t i = find(m, table, key);
        if (m->slots[i].data) erase(m, i);
        return 0;
    }
    if (len > UINT32_MAX) return -1;
    if ((m->used + 1) * 2 > m->cap && grow(m)) goto oom; /* load <= 1/2: short probes for misses */
    size_t i = find(m, table, key);
    void *copy;
    if (m->slots[i].data && m->slots[i].len == len) {
        memcpy(m->slots[i].data, data, len);
        return 0;
    }
    if (!(copy = malloc(len))) goto oom;
    memcpy(copy, data, len);
    if (m->slots[i].data)
        free(m->slots[i].data);
    else
        m->used++;
    m->slots[i] = (slot){key, copy, (uint32_t)len, table};
    return 0;
oom:
    strcpy(s->err, "out of memory");
    return -1;
}

static void mem_prefetch(hs_smt_store *s, unsigned table, uint64_t key) {
    const mem_store *m = (const mem_store *)s;
    if (m->cap) __builtin_prefetch(&m->slots[mix(key, table) & (m->cap - 1)]);
}

static int mem_begin(hs_smt_store *s) { (void)s; return 0; }
static int mem_commit(hs_smt_store *s) { (void)s; return 0; }
static void mem_abort(hs_smt_store *s) { (void)s; }

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int mem_scan(hs_smt_store *s, unsigned table, hs_smt_scan_fn fn, void *user) {
    mem_store *m = (mem_store *)s;
    size_t n = 0;
    for (size_t i = 0; i < m->cap; i++) n += m->slots[i].data && m->slots[i].table == table;
    uint64_t *keys = malloc((n ? n : 1) * sizeof *keys);
    if (!keys) return -1;
    n = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].data && m->slots[i].table == table) keys[n++] = m->slots[i].key;
    qsort(keys, n, sizeof *keys, cmp_u64);
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        const slot *sl = &m->slots[find(m, table, keys[i])];
        rc = fn(user, keys[i], sl->data, sl->len);
    }
    free(keys);
    return rc;
}

static void mem_free(hs_smt_store *s) {
    mem_store *m = (mem_store *)s;
    if (!m) return;
    for (size_t i = 0; i < m->cap; i++) free(m->slots[i].data);
    free(m->slots);
    free(m);
}

static const hs_smt_store_vt mem_vt = {"memory",   mem_free, mem_get, mem_begin, mem_put, mem_commit,
                                       mem_abort, mem_scan, 0,       mem_prefetch};

hs_smt_store *hs_smt_store_mem_new(void) {
    mem_store *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->base.vt = &mem_vt;
    return &m->base;
}
