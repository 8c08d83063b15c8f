/* The LMDB store (miden-crypto's LargeSmt RocksDB column families, mapped onto LMDB): one
 * environment, named databases leaves, st16 .. st56, meta, top16; keys big-endian (leaves: 8
 * bytes; a subtree rooted at depth r: its position in r / 8 bytes; top16: 2 bytes; meta: 1 byte),
 * so ordered iteration is tree order. One write transaction per batch: LMDB commits are atomic,
 * and with full sync a commit is on disk when it returns; LMDB's writer lock serializes the write
 * transactions of every process that has the directory open, and a write transaction reads the
 * newest committed state. Readers outside a write use one read-only transaction, renewed after
 * each commit (a point-in-time snapshot). */
#include "smt/smt_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HS_HAVE_LMDB
#include <errno.h>
#include <lmdb.h>
#include <sys/stat.h>

static const char *const table_name[HS_SMT_T_COUNT] = {"leaves", "st16", "st24", "st32", "st40",
                                                        "st48",   "st56", "meta", "top16"};
static const unsigned key_bytes[HS_SMT_T_COUNT] = {8, 2, 3, 4, 5, 6, 7, 1, 2};

typedef struct {
    hs_smt_store base;
    MDB_env *env;
    MDB_dbi dbi[HS_SMT_T_COUNT];
    MDB_txn *rd; /* read snapshot, or NULL */
    MDB_txn *wr; /* open write transaction, or NULL */
} lmdb_store;

static void set_err(hs_smt_store *s, const char *what, int rc) {
    snprintf(s->err, sizeof s->err, "lmdb %s: %s", what, mdb_strerror(rc));
}

static void enc_key(unsigned table, uint64_t key, unsigned char *out) {
    unsigned n = key_bytes[table];
    for (unsigned i = 0; i < n; i++) out[i] = (unsigned char)(key >> (8 * (n - 1 - i)));
}

static uint64_t dec_key(const MDB_val *k) {
    uint64_t v = 0;
    for (size_t i = 0; i < k->mv_size && i < 8; i++) v = v << 8 | ((const unsigned char *)k->mv_data)[i];
    return v;
}

static MDB_txn *reader(lmdb_store *m) {
    if (m->wr) return m->wr;
    if (!m->rd) {
        int rc = mdb_txn_begin(m->env, NULL, MDB_RDONLY, &m->rd);
        if (rc) {
            set_err(&m->base, "read transaction", rc);
            m->rd = NULL;
        }
    }
    return m->rd;
}

static int l_get(hs_smt_store *s, unsigned table, uint64_t key, const void **data, size_t *len) {
    lmdb_store *m = (lmdb_store *)s;
    MDB_txn *t = reader(m);
    if (!t) return -1;
    unsigned char kb[8];
    enc_key(table, key, kb);
    MDB_val k = {key_bytes[table], kb}, v;
    int rc = mdb_get(t, m->dbi[table], &k, &v);
    if (rc == MDB_NOTFOUND) return 0;
    if (rc) {
        set_err(s, "get", rc);
        return -1;
    }
    *data = v.mv_data;
    *len = v.mv_size;
    return 1;
}

static int l_begin(hs_smt_store *s) {
    lmdb_store *m = (lmdb_store *)s;
    if (s->readonly) {
        snprintf(s->err, sizeof s->err, "the tree was opened read-only");
        return -1;
    }
    if (m->rd) {
        mdb_txn_abort(m->rd);
        m->rd = NULL;
    }
    int rc = mdb_txn_begin(m->env, NULL, 0, &m->wr);
    if (rc) {
        m->wr = NULL;
        set_err(s, "write transaction", rc);
        return -1;
    }
    return 0;
}

static int l_put(hs_smt_store *s, unsigned table, uint64_t key, const void *data, size_t len) {
    lmdb_store *m = (lmdb_store *)s;
    unsigned char kb[8];
    enc_key(table, key, kb);
    MDB_val k = {key_bytes[table], kb};
    int rc;
    if (len == 0) {
        rc = mdb_del(m->wr, m->dbi[table], &k, NULL);
        if (rc == MDB_NOTFOUND) rc = 0;
    } else {
        MDB_val v = {len, (void *)data};
        rc = mdb_put(m->wr, m->dbi[table], &k, &v, 0);
    }
    if (rc) {
        set_err(s, len ? "put" : "delete", rc);
        return -1;
    }
    return 0;
}

static int l_commit(hs_smt_store *s) {
    lmdb_store *m = (lmdb_store *)s;
    int rc = mdb_txn_commit(m->wr);
    m->wr = NULL;
    if (rc) {
        set_err(s, "commit", rc);
        return -1;
    }
    return 0;
}

static void l_abort(hs_smt_store *s) {
    lmdb_store *m = (lmdb_store *)s;
    if (m->wr) mdb_txn_abort(m->wr);
    m->wr = NULL;
}

static int l_scan(hs_smt_store *s, unsigned table, hs_smt_scan_fn fn, void *user) {
    lmdb_store *m = (lmdb_store *)s;
    MDB_txn *t = reader(m);
    if (!t) return -1;
    MDB_cursor *c;
    int rc = mdb_cursor_open(t, m->dbi[table], &c);
    if (rc) {
        set_err(s, "cursor", rc);
        return -1;
    }
    MDB_val k, v;
    int out = 0;
    for (rc = mdb_cursor_get(c, &k, &v, MDB_FIRST); !rc && !out; rc = mdb_cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size != key_bytes[table]) {
            snprintf(s->err, sizeof s->err, "lmdb %s: a key of %zu bytes (want %u)", table_name[table], k.mv_size,
                     key_bytes[table]);
            out = -1;
            break;
        }
        out = fn(user, dec_key(&k), v.mv_data, v.mv_size);
    }
    if (!out && rc != MDB_NOTFOUND) {
        set_err(s, "cursor", rc);
        out = -1;
    }
    mdb_cursor_close(c);
    return out;
}

static void l_free(hs_smt_store *s) {
    lmdb_store *m = (lmdb_store *)s;
    if (!m) return;
    if (m->wr) mdb_txn_abort(m->wr);
    if (m->rd) mdb_txn_abort(m->rd);
    if (m->env) mdb_env_close(m->env);
    free(m);
}

static const hs_smt_store_vt lmdb_vt = {"lmdb", l_free, l_get, l_begin, l_put, l_commit, l_abort, l_scan, 1, NULL};

/* the environment of dir with these flags (*what: the step that failed) */
static int env_open(lmdb_store *m, const char *dir, unsigned flags, const char **what) {
    int rc;
    *what = "environment";
    if ((rc = mdb_env_create(&m->env))) return rc;
    *what = "map size";
    /* address space only: the file grows with the tree (1 TiB bounds a 2^28-pair tree) */
    if ((rc = mdb_env_set_mapsize(m->env, (size_t)1 << 40))) return rc;
    if ((rc = mdb_env_set_maxdbs(m->env, HS_SMT_T_COUNT))) return rc;
    *what = "open";
    return mdb_env_open(m->env, dir, flags, 0666);
}

/* 1 if dir is a directory holding an LMDB data file, else 0 with the reason in err */
static int stored_there(const char *dir, char *err, size_t errlen) {
    struct stat sb;
    if (stat(dir, &sb)) {
        snprintf(err, errlen, "%s: no stored tree there: %s", dir, strerror(errno));
        return 0;
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a directory (a stored tree is a directory)", dir);
        return 0;
    }
    size_t n = strlen(dir) + sizeof "/data.mdb";
    char *path = malloc(n);
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return 0;
    }
    snprintf(path, n, "%s/data.mdb", dir);
    int ok = stat(path, &sb) == 0;
    if (!ok) snprintf(err, errlen, "%s: no stored tree there (no data.mdb): %s", dir, strerror(errno));
    free(path);
    return ok;
}

hs_smt_store *hs_smt_store_lmdb_open_mode(const char *dir, int sync, int mode, char *err, size_t errlen) {
    lmdb_store *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->base.vt = &lmdb_vt;
    const int ro = mode == HS_SMT_OPEN_READONLY;
    m->base.readonly = ro;
    if (mode == HS_SMT_OPEN_CREATE ? mkdir(dir, 0777) && errno != EEXIST : !stored_there(dir, err, errlen)) {
        if (mode == HS_SMT_OPEN_CREATE)
            snprintf(err, errlen, "%s: cannot create the directory: %s", dir, strerror(errno));
        free(m);
        return NULL;
    }
    const char *what;
    unsigned flags = MDB_NOTLS | (ro ? MDB_RDONLY : sync ? 0 : MDB_NOSYNC);
    int rc = env_open(m, dir, flags, &what);
    if (rc == EACCES && ro) { /* a lock file this user cannot write: read without locks */
        mdb_env_close(m->env);
        m->env = NULL;
        rc = env_open(m, dir, flags | MDB_NOLOCK, &what);
    }
    if (rc) goto fail;
    MDB_txn *t;
    what = ro ? "read the tables" : "create the tables";
    if ((rc = mdb_txn_begin(m->env, NULL, ro ? MDB_RDONLY : 0, &t))) goto fail;
    for (unsigned i = 0; i < HS_SMT_T_COUNT; i++)
        if ((rc = mdb_dbi_open(t, table_name[i], ro ? 0 : MDB_CREATE, &m->dbi[i]))) {
            mdb_txn_abort(t);
            if (rc == MDB_NOTFOUND) {
                snprintf(err, errlen, "%s: not a stored tree (no table %s)", dir, table_name[i]);
                l_free(&m->base);
                return NULL;
            }
            goto fail;
        }
    if ((rc = mdb_txn_commit(t))) goto fail;
    return &m->base;
fail:
    snprintf(err, errlen, "%s: lmdb %s: %s", dir, what, mdb_strerror(rc));
    l_free(&m->base);
    return NULL;
}

hs_smt_store *hs_smt_store_lmdb_open(const char *dir, int sync, char *err, size_t errlen) {
    return hs_smt_store_lmdb_open_mode(dir, sync, HS_SMT_OPEN_CREATE, err, errlen);
}

int hs_smt_store_have_lmdb(void) { return 1; }

#else

hs_smt_store *hs_smt_store_lmdb_open_mode(const char *dir, int sync, int mode, char *err, size_t errlen) {
    (void)sync, (void)mode;
    snprintf(err, errlen, "%s: on-disk trees are unsupported: this build has no LMDB (install liblmdb-dev and "
             "reconfigure)", dir);
    return NULL;
}

hs_smt_store *hs_smt_store_lmdb_open(const char *dir, int sync, char *err, size_t errlen) {
    return hs_smt_store_lmdb_open_mode(dir, sync, 0, err, errlen);
}

int hs_smt_store_have_lmdb(void) { return 0; }

#endif
