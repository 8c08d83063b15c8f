/* Where a sparse Merkle tree keeps its records (LargeSmt's layout, miden-crypto
 * merkle/smt/large): leaves by leaf index; depth-8 subtrees rooted at depths 16, 24, ..., 56 by
 * the position of their root; the hashes of the depth-16 nodes; a few metadata values. The tree
 * (smt.h) keeps depths 0..16 in memory and rebuilds them from the depth-16 table when it opens.
 *
 * One interface, two instances: a hash map in memory (smt_store_mem.c) and LMDB on disk
 * (smt_store_lmdb.c, one named database per table, big-endian keys, one write transaction per
 * batch, so a batch is all-or-nothing and, with the default sync mode, durable at commit). */
#ifndef HS_SMT_STORE_H
#define HS_SMT_STORE_H

#include <stddef.h>
#include <stdint.h>

enum {
    HS_SMT_T_LEAVES = 0,
    HS_SMT_T_ST16, /* HS_SMT_T_ST16 + k: subtrees rooted at depth 16 + 8k, k < 6 */
    HS_SMT_T_META = 7,
    HS_SMT_T_TOP16 = 8,
    HS_SMT_T_COUNT = 9
};
/* metadata keys */
enum { HS_SMT_META_HASH = 1, HS_SMT_META_LEAVES = 2, HS_SMT_META_ENTRIES = 3, HS_SMT_META_ROOT = 4 };

typedef struct hs_smt_store hs_smt_store;
typedef int (*hs_smt_scan_fn)(void *user, uint64_t key, const void *data, size_t len);

typedef struct {
    const char *kind; /* "memory", "lmdb" */
    void (*free)(hs_smt_store *s);
    /* 1 found (*data valid until the next put, commit or abort), 0 absent, -1 storage error */
    int (*get)(hs_smt_store *s, unsigned table, uint64_t key, const void **data, size_t *len);
    /* A write transaction: puts (len 0 deletes) become visible together at commit, or never. */
    int (*begin)(hs_smt_store *s);
    int (*put)(hs_smt_store *s, unsigned table, uint64_t key, const void *data, size_t len);
    int (*commit)(hs_smt_store *s);
    void (*abort)(hs_smt_store *s);
    /* every record of one table in key order; fn returning nonzero stops with that value */
    int (*scan)(hs_smt_store *s, unsigned table, hs_smt_scan_fn fn, void *user);
    /* 1 if an abort really undoes the puts since begin */
    int atomic;
    /* optional (NULL: none): a hint that (table, key) is read or written soon; no effect on
     * results (the memory store fetches the record's slot into the cache) */
    void (*prefetch)(hs_smt_store *s, unsigned table, uint64_t key);
} hs_smt_store_vt;

struct hs_smt_store {
    const hs_smt_store_vt *vt;
    char err[160]; /* the last storage error, for reasons */
    int readonly;  /* opened read-only: begin always fails */
};

/* 0 on allocation failure. */
hs_smt_store *hs_smt_store_mem_new(void);
/* LMDB environment in directory dir (created if missing). sync: 0 MDB_NOSYNC (a crash may lose
 * the last batches, never atomicity), 1 full sync (default: durable at commit). Returns NULL with a
 * message in err; HS builds without LMDB always fail with "unsupported". Several processes may
 * open one directory at once: LMDB's writer lock makes their write transactions take turns, and
 * each read sees a committed state. */
hs_smt_store *hs_smt_store_lmdb_open(const char *dir, int sync, char *err, size_t errlen);
/* How hs_smt_store_lmdb_open_mode opens: creating the environment when missing (as
 * hs_smt_store_lmdb_open), read-write on an environment that must exist, or read-only (MDB_RDONLY:
 * works on read-only storage; without write access to its lock file, LMDB runs without locks,
 * which is safe only while nobody writes; every begin fails). A missing directory or data file is
 * an error naming the path. */
enum { HS_SMT_OPEN_CREATE = 0, HS_SMT_OPEN_EXISTING = 1, HS_SMT_OPEN_READONLY = 2 };
hs_smt_store *hs_smt_store_lmdb_open_mode(const char *dir, int sync, int mode, char *err, size_t errlen);
int hs_smt_store_have_lmdb(void);

#endif
