/* hashsnark smt: sparse Merkle trees (miden-crypto's SMT) in memory or in an LMDB directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "app/json.h"
#include "app/progress.h"
#include "cli/textio.h"
#include "hashsnark.h"

static void help(void) {
    printf("usage: hashsnark smt ACTION [--hash H] [--db DIR] [OPTIONS]\n"
           "\n"
           "A depth-64 sparse Merkle tree exactly as miden-crypto defines it (its roots are reproduced\n"
           "bit for bit). Without --db the tree lives in memory for this one command (start it with\n"
           "--pairs); with --db it is stored in DIR through LMDB, and every change is one transaction:\n"
           "all of it or nothing, on disk when the command returns. Several commands may share one DIR at\n"
           "once: each change waits for the others (LMDB's writer lock) and applies to the newest tree.\n"
           "root, get and open only read: they open DIR read-only (it may be on read-only storage), never\n"
           "create it, and take the hash from it.\n"
           "\n"
           "actions:\n"
           "  build  --pairs FILE        construct an empty tree from the pairs; prints the root\n"
           "  insert --pairs FILE        insert, update or (empty value) remove pairs as one batch; prints the root\n"
           "  update --pairs FILE        the same, but every key must already be in the tree\n"
           "  remove --keys FILE | --key K   remove keys as one batch; prints the root\n"
           "  root                       prints the root\n"
           "  get --key K                prints the value of K (the empty word, all zeros, when absent)\n"
           "  open --key K [--out FILE]  prints the opening of K: membership, or non-membership when absent\n"
           "  verify --root R --key K --value V --opening FILE\n"
           "                             checks an opening (no tree needed): exit 0 accepted, 1 rejected\n"
           "\n"
           "  --hash H       the tree's hash (needed without --db and to create DIR; else taken from DIR and,\n"
           "                 when given, checked against it):\n");
    for (size_t i = 0; i < hs_smt_hash_count(); i++) {
        unsigned e;
        uint64_t m;
        if (hs_smt_hash_info(hs_smt_hash_name(i), &e, &m) == HS_OK)
            printf("                   %-16s words of %u elements below %llu\n", hs_smt_hash_name(i), e,
                   (unsigned long long)m);
    }
    printf("                 (poseidon2-gl12: miden-crypto v0.25 and later; rpo256: miden-crypto v0.21;\n"
           "                 poseidon2-kb16: hashsnark's own layout, leaf index key[7] * 2^32 + key[6])\n"
           "  --db DIR       the on-disk tree (created by build, insert, update and remove when missing)%s\n"
           "  --pairs FILE   one pair per line: the key's elements, then the value's (decimal, canonical;\n"
           "                 4 + 4 for the Goldilocks hashes, 8 + 8 for poseidon2-kb16); '#' lines and blank\n"
           "                 lines are skipped; a value of all zeros removes its key\n"
           "  --keys FILE    one key per line\n"
           "  --key K, --value V, --root R   one word, its elements separated by spaces: \"k0 k1 k2 k3\"\n"
           "  --opening FILE an opening as 'open' prints it\n"
           "  --out FILE     where 'open' writes (atomically; default standard output)\n"
           "  --threads T    worker threads (default: HS_THREADS or every CPU)\n"
           "  --nosync       commit without fsync (faster; a crash may lose the last changes, never half of one)\n"
           "  --quiet        build, insert, update, remove: no progress line on standard error (shown\n"
           "                 only on a terminal: the phase and the time while the pairs are read and applied)\n"
           HS_CLI_FORMAT_HELP("     ")
           "\n"
           "Bad input exits with status 2 and names the file, line and value; the tree is then unchanged.\n",
           hs_smt_disk_supported() ? "" : "; NOT SUPPORTED by this build (no LMDB)");
}

#define CMD "smt"

typedef struct {
    const char *hash;
    unsigned elems;
    uint64_t modulus;
} hinfo;

/* one word from an option */
static int parse_word(const hinfo *h, const char *opt, const char *s, uint64_t *w) {
    hs_table t;
    char err[512];
    if (!hs_table_parse(&t, opt, s, strlen(s), h->elems, h->modulus, 64, h->hash, 2, err, sizeof err) || t.rows != 1) {
        if (t.rows != 1 && err[0] == 0) snprintf(err, sizeof err, "want one word");
        hs_cli_error(CMD, "--%s \"%s\": %s (want %u elements below %llu)", opt, s, t.rows > 1 ? "one line only" : err,
                     h->elems, (unsigned long long)h->modulus);
        if (t.rows == 1) hs_table_free(&t);
        return 0;
    }
    memcpy(w, t.vals, h->elems * sizeof *w);
    hs_table_free(&t);
    return 1;
}

/* a table of `per` words per line, no key twice; 0 after printing the error */
static int read_rows(const hinfo *h, const char *path, unsigned per, hs_table *t) {
    char err[512];
    hs_sbuf text = {0};
    if (hs_read_all(path, &text, 0, err, sizeof err) != 1) {
        hs_cli_error(CMD, "%s", err);
        hs_sbuf_free(&text);
        return 0;
    }
    const char *name = (!path || !strcmp(path, "-")) ? "<stdin>" : path;
    int ok = hs_table_parse(t, name, text.data, text.len, per * h->elems, h->modulus, 64, h->hash, HS_TABLE_MAX_ROWS,
                            err, sizeof err);
    hs_sbuf_free(&text);
    if (!ok) {
        hs_cli_error(CMD, "%s (each line: %u elements)", err, per * h->elems);
        return 0;
    }
    if (t->more) {
        hs_cli_error(CMD, "%s:%zu: more than %zu lines", name, t->more, HS_TABLE_MAX_ROWS);
        hs_table_free(t);
        return 0;
    }
    /* a key twice: name both lines (the library would only name the pairs) */
    size_t a, b;
    int dup = hs_table_dup_key(t, h->elems, &a, &b, NULL);
    if (dup < 0) hs_cli_error(CMD, "out of memory");
    else if (dup) hs_cli_error(CMD, "%s:%zu: the key of line %zu again (one batch changes a key once)", name, t->line[b], t->line[a]);
    if (dup) hs_table_free(t);
    return !dup;
}

static void print_word(hs_sbuf *b, const uint64_t *w, unsigned n) {
    for (unsigned i = 0; i < n; i++) {
        if (i) hs_sbuf_put(b, " ", 1);
        hs_sbuf_u64(b, w[i]);
    }
    hs_sbuf_put(b, "\n", 1);
}

/* --format json: {"command": "smt ACTION", "hash": H, then the caller's fields}. */
static void json_head(hs_json *j, const char *act, const hinfo *h) {
    char c[32];
    snprintf(c, sizeof c, "smt %s", act);
    hs_json_begin(j, stdout);
    hs_json_str(j, "command", c);
    hs_json_str(j, "hash", h->hash);
}

/* A word as the text form prints it ("w0 w1 ..."), under key. */
static void json_word(hs_json *j, const char *key, const uint64_t *w, unsigned n) {
    hs_sbuf b = {0};
    print_word(&b, w, n);
    hs_json_strn(j, key, b.data ? b.data : "", b.len ? b.len - 1 : 0); /* without the newline */
    hs_sbuf_free(&b);
}

static int print_root(hs_smt *t, const hinfo *h, const char *act) {
    uint64_t r[HS_SMT_MAX_WORD];
    if (hs_smt_root(t, r, h->elems) != HS_OK) return HS_EXIT_USAGE;
    if (hs_cli_json()) {
        hs_json j;
        json_head(&j, act, h);
        json_word(&j, "root", r, h->elems);
        hs_json_end(&j);
        return HS_EXIT_OK;
    }
    hs_sbuf b = {0};
    print_word(&b, r, h->elems);
    fwrite(b.data, 1, b.len, stdout);
    hs_sbuf_free(&b);
    return HS_EXIT_OK;
}

/* opening bytes <-> text: "N", N lines of pairs, 64 lines of siblings */
static uint64_t elem_at(const uint8_t *p, unsigned elems, unsigned i) {
    unsigned bytes = elems == 4 ? 8 : 4;
    uint64_t v = 0;
    for (unsigned k = 0; k < bytes; k++) v |= (uint64_t)p[bytes * i + k] << (8 * k);
    return v;
}
static void put_elem(uint8_t *p, unsigned elems, unsigned i, uint64_t v) {
    unsigned bytes = elems == 4 ? 8 : 4;
    for (unsigned k = 0; k < bytes; k++) p[bytes * i + k] = (uint8_t)(v >> (8 * k));
}

static void opening_text(hs_sbuf *b, const hinfo *h, const uint8_t *op, size_t len) {
    uint32_t n = (uint32_t)op[0] | (uint32_t)op[1] << 8;
    hs_sbuf_printf(b, "# hashsnark smt opening (%s): the leaf's pair count, its pairs (key, value), then the 64\n"
                      "# siblings from depth 64 up to depth 1\n%u\n", h->hash, n);
    uint64_t w[2 * HS_SMT_MAX_WORD];
    const uint8_t *p = op + 4;
    for (uint32_t i = 0; i < n + 64 && p + 32 <= op + len; i++) {
        unsigned words = i < n ? 2 : 1;
        for (unsigned j = 0; j < words * h->elems; j++) w[j] = elem_at(p + 32 * (j / h->elems), h->elems, j % h->elems);
        print_word(b, w, words * h->elems);
        p += 32 * words;
    }
}

/* NULL after printing the error */
static uint8_t *opening_parse(const hinfo *h, const char *path, size_t *len) {
    char err[512];
    hs_sbuf text = {0};
    if (hs_read_all(path, &text, (size_t)1 << 20, err, sizeof err) != 1) {
        hs_cli_error(CMD, "%s", err);
        hs_sbuf_free(&text);
        return NULL;
    }
    const char *name = (!path || !strcmp(path, "-")) ? "<stdin>" : path;
    hs_table t;
    int ok = hs_table_parse(&t, name, text.data, text.len, 0, 0, 64, h->hash, 2048, err, sizeof err);
    hs_sbuf_free(&text);
    if (!ok) {
        hs_cli_error(CMD, "%s", err);
        return NULL;
    }
    uint8_t *op = NULL;
    uint64_t n = t.rows ? t.vals[0] : 0;
    if (!t.rows || t.off[1] != 1 || n > 1024) {
        hs_cli_error(CMD, "%s:%zu: want the leaf's pair count (0 to 1024) alone on the first line", name,
                     t.rows ? t.line[0] : 1);
    } else if (t.rows != 1 + n + 64) {
        hs_cli_error(CMD, "%s: %zu lines after the count; a leaf of %llu pairs needs %llu (its pairs, 64 siblings)",
                     name, t.rows - 1, (unsigned long long)n, (unsigned long long)(n + 64));
    } else if (!(op = calloc(1, 4 + 64 * n + 64 * 32))) {
        hs_cli_error(CMD, "out of memory");
    } else {
        op[0] = (uint8_t)n, op[1] = (uint8_t)(n >> 8);
        uint8_t *p = op + 4;
        for (size_t r = 1; r < t.rows && op; r++) {
            unsigned want = (r <= n ? 2 : 1) * h->elems;
            size_t got = t.off[r + 1] - t.off[r];
            if (got != want) {
                hs_cli_error(CMD, "%s:%zu: %zu values, want %u (%s)", name, t.line[r], got, want,
                             r <= n ? "a pair" : "a sibling");
                free(op), op = NULL;
                break;
            }
            for (unsigned j = 0; j < want; j++) {
                uint64_t v = t.vals[t.off[r] + j];
                if (v >= h->modulus) {
                    hs_cli_error(CMD, "%s:%zu: value %u (%llu) is not below %llu", name, t.line[r], j + 1,
                                 (unsigned long long)v, (unsigned long long)h->modulus);
                    free(op), op = NULL;
                    break;
                }
                put_elem(p + 32 * (j / h->elems), h->elems, j % h->elems, v);
            }
            p += 32 * (want / h->elems);
        }
        *len = 4 + 64 * n + 64 * 32;
    }
    hs_table_free(&t);
    return op;
}

/* the tree (dir NULL: in memory); 0 after printing the error */
static int open_tree(hs_smt **t, const hs_ctx *ctx, const char *hash, const char *dir, unsigned flags, int writes) {
    char reason[HS_REASON_LEN];
    hs_status st = hs_smt_new(t, ctx, hash, dir, flags, reason, sizeof reason);
    if (st == HS_OK) return 1;
    struct stat sb;
    int none = dir && (st == HS_ERR_ARGUMENT || stat(dir, &sb) != 0); /* no tree there yet */
    hs_cli_error(CMD, "%s%s", reason, !hash && writes && none ? " (--hash H creates a tree)" : "");
    return 0;
}

int hs_cmd_smt(int argc, char **argv) {
    const char *hash = NULL, *db = NULL, *pairs = NULL, *keys = NULL, *key_s = NULL, *value_s = NULL, *root_s = NULL,
               *opening = NULL, *out = NULL, *threads_s = NULL, *format_s = NULL;
    int nosync = 0, quiet = 0;
    hs_opt opts[] = {{"quiet", 0, NULL, &quiet},    {"hash", 1, &hash, NULL},     {"db", 1, &db, NULL},           {"pairs", 1, &pairs, NULL},
                     {"keys", 1, &keys, NULL},     {"key", 1, &key_s, NULL},       {"value", 1, &value_s, NULL},
                     {"root", 1, &root_s, NULL},   {"opening", 1, &opening, NULL}, {"out", 1, &out, NULL},
                     {"threads", 1, &threads_s, NULL}, {"nosync", 0, NULL, &nosync},
                     {"format", 1, &format_s, NULL}};
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        help();
        return HS_EXIT_OK;
    }
    if (argc < 2 || argv[1][0] == '-') {
        hs_cli_error(CMD, "an action is required: build, insert, update, remove, root, get, open or verify (see "
                          "'hashsnark smt --help')");
        return HS_EXIT_USAGE;
    }
    const char *act = argv[1];
    static const char *const acts[] = {"build", "insert", "update", "remove", "root", "get", "open", "verify"};
    int ai = -1;
    for (int i = 0; i < 8; i++)
        if (!strcmp(act, acts[i])) ai = i;
    if (ai < 0) {
        hs_cli_error(CMD, "unknown action '%s' (build, insert, update, remove, root, get, open, verify)", act);
        return HS_EXIT_USAGE;
    }
    int r = hs_cli_parse(CMD, argc - 1, argv + 1, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format(CMD, format_s);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint(CMD, "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    /* what each action needs */
    int need_pairs = ai <= 2, need_key = ai >= 5 || (ai == 3 && !keys);
    if (need_pairs && !pairs) {
        hs_cli_error(CMD, "%s needs --pairs FILE", act);
        return HS_EXIT_USAGE;
    }
    if (need_key && !key_s) {
        hs_cli_error(CMD, "%s needs --key \"k0 k1 ...\"%s", act, ai == 3 ? " or --keys FILE" : "");
        return HS_EXIT_USAGE;
    }
    if (ai == 7 && (!root_s || !value_s || !opening)) {
        hs_cli_error(CMD, "verify needs --root, --key, --value and --opening");
        return HS_EXIT_USAGE;
    }
    if (ai >= 3 && ai != 7 && pairs && db) {
        hs_cli_error(CMD, "--pairs with %s: only without --db (it fills the one-command tree in memory)", act);
        return HS_EXIT_USAGE;
    }
    /* the hash: given, or the stored tree's */
    if (!hash && (!db || ai == 7)) {
        hs_cli_error(CMD, "--hash is required %s (see 'hashsnark smt --help')",
                     ai == 7 ? "to verify" : "without --db");
        return HS_EXIT_USAGE;
    }
    hinfo h = {hash, 0, 0};
    if (hash && hs_smt_hash_info(hash, &h.elems, &h.modulus) != HS_OK) {
        hs_cli_error(CMD, "unknown tree hash '%s' (see 'hashsnark smt --help' for the list)", hash);
        return HS_EXIT_USAGE;
    }
    char reason[HS_REASON_LEN];
    hs_ctx *ctx = NULL;
    hs_smt *t = NULL;
    hs_table tab = {0};
    int have_tab = 0, rc = HS_EXIT_USAGE;
    hs_status st = HS_OK;
    if (ai != 7 && hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error(CMD, "out of memory");
        return HS_EXIT_USAGE;
    }
    hs_cli_progress_begin(CMD, quiet || ai >= 4); /* the line for the changes (the reads are short) */
    hs_cli_progress_live();
    /* root, get and open only read: read-only, never created; a change without --hash takes the
     * stored tree's (else its input is read first, so bad input creates nothing) */
    const unsigned fl = (nosync ? HS_SMT_NOSYNC : 0) | (ai >= 4 && db ? HS_SMT_READONLY : 0);
    if (ai != 7 && db && (!hash || ai >= 4)) {
        if (!open_tree(&t, ctx, hash, db, fl, ai < 4)) goto done;
        h.hash = hash = hs_smt_hash_of(t);
        if (hs_smt_hash_info(hash, &h.elems, &h.modulus) != HS_OK) goto done;
    }
    uint64_t key[HS_SMT_MAX_WORD], value[HS_SMT_MAX_WORD], root[HS_SMT_MAX_WORD];
    if ((key_s && !parse_word(&h, "key", key_s, key)) || (value_s && !parse_word(&h, "value", value_s, value)) ||
        (root_s && !parse_word(&h, "root", root_s, root)))
        goto done;
    if (ai == 7) {
        size_t len;
        uint8_t *op = opening_parse(&h, opening, &len);
        if (!op) return HS_EXIT_USAGE;
        st = hs_smt_verify(hash, root, key, value, h.elems, op, len, reason, sizeof reason);
        free(op);
        if (st == HS_OK && hs_cli_json()) {
            hs_json j;
            json_head(&j, act, &h);
            hs_json_str(&j, "result", "accepted");
            json_word(&j, "root", root, h.elems);
            json_word(&j, "key", key, h.elems);
            json_word(&j, "value", value, h.elems);
            hs_json_end(&j);
            return HS_EXIT_OK;
        }
        if (st == HS_OK) {
            printf("accepted\n");
            return HS_EXIT_OK;
        }
        hs_cli_reject("smt verify", "%s", reason);
        return st == HS_ERR_REJECTED ? HS_EXIT_REJECT : HS_EXIT_USAGE;
    }
    if (pairs || (ai == 3 && keys)) {
        hs_cli_progress_show(-1, "reading %s", pairs ? pairs : keys);
        if (!read_rows(&h, pairs ? pairs : keys, pairs && ai != 3 ? 2 : 1, &tab)) goto done;
        have_tab = 1;
    }
    if (out && ai == 6) {
        char err[512];
        if (!hs_out_check(out, err, sizeof err)) {
            hs_cli_error(CMD, "%s", err);
            goto done;
        }
    }
    if (!t && !open_tree(&t, ctx, hash, db, fl, ai < 4)) goto done;
    rc = HS_EXIT_OK;
    size_t nvals = have_tab ? tab.rows * tab.width : 0;
    if (have_tab) hs_cli_progress_show(-1, "%s: %zu %s%s", act, tab.rows, pairs ? "pairs" : "keys", db ? " (one transaction)" : "");
    if (!db && pairs && ai >= 3) { /* the one-command tree */
        if ((st = hs_smt_build(t, tab.vals, nvals, reason, sizeof reason)) != HS_OK) goto fail;
    } else if (ai == 2) { /* update: every key present */
        for (size_t i = 0; i < tab.rows; i++) {
            uint64_t v[HS_SMT_MAX_WORD];
            if ((st = hs_smt_get(t, v, h.elems, tab.vals + tab.width * i, h.elems, reason, sizeof reason))) goto fail;
            int zero = 1;
            for (unsigned j = 0; j < h.elems; j++) zero &= v[j] == 0;
            if (zero) {
                hs_cli_error(CMD, "%s:%zu: the key is not in the tree (update changes present keys; insert adds)",
                             pairs, tab.line[i]);
                rc = HS_EXIT_USAGE;
                goto done;
            }
        }
    }
    switch (ai) {
    case 0: st = hs_smt_build(t, tab.vals, nvals, reason, sizeof reason); break;
    case 1: st = hs_smt_insert(t, tab.vals, nvals, reason, sizeof reason); break;
    case 2: st = hs_smt_update(t, tab.vals, nvals, reason, sizeof reason); break; /* checked again, atomically */
    case 3: st = keys ? hs_smt_remove(t, tab.vals, nvals, reason, sizeof reason)
                      : hs_smt_remove(t, key, h.elems, reason, sizeof reason);
        break;
    default: break;
    }
    hs_cli_progress_end();
    if (st != HS_OK) goto fail;
    if (ai <= 4) {
        rc = print_root(t, &h, act);
    } else if (ai == 5) {
        if ((st = hs_smt_get(t, value, h.elems, key, h.elems, reason, sizeof reason))) goto fail;
        if (hs_cli_json()) {
            hs_json j;
            json_head(&j, act, &h);
            json_word(&j, "key", key, h.elems);
            json_word(&j, "value", value, h.elems);
            hs_json_end(&j);
        } else {
            hs_sbuf b = {0};
            print_word(&b, value, h.elems);
            fwrite(b.data, 1, b.len, stdout);
            hs_sbuf_free(&b);
        }
    } else if (ai == 6) {
        uint8_t *op;
        size_t len;
        uint64_t root_now[HS_SMT_MAX_WORD] = {0};
        if ((st = hs_smt_open_key(t, &op, &len, key, h.elems, reason, sizeof reason))) goto fail;
        if (hs_smt_root(t, root_now, h.elems) != HS_OK) hs_smt_opening_free(op), rc = HS_EXIT_USAGE;
        if (rc != HS_EXIT_OK) goto done;
        hs_sbuf b = {0};
        opening_text(&b, &h, op, len);
        hs_smt_opening_free(op);
        char err[512];
        if (b.failed) {
            hs_cli_error(CMD, "out of memory");
            rc = HS_EXIT_USAGE;
        } else if (hs_cli_json()) { /* the object on standard output; --out still gets the opening */
            hs_json j;
            json_head(&j, act, &h);
            json_word(&j, "key", key, h.elems);
            json_word(&j, "root", root_now, h.elems);
            if (out) hs_json_str(&j, "out", out);
            else hs_json_strn(&j, "opening", b.data, b.len);
            hs_json_end(&j);
        }
        if (rc == HS_EXIT_OK && (!hs_cli_json() || out) && !hs_write_all(out, b.data, b.len, err, sizeof err)) {
            hs_cli_error(CMD, "%s", err);
            rc = HS_EXIT_USAGE;
        }
        hs_sbuf_free(&b);
    }
    goto done;
fail:
    hs_cli_error(CMD, "%s%s%s", have_tab ? (pairs ? pairs : keys) : "", have_tab ? ": " : "", reason);
    rc = HS_EXIT_USAGE;
done:
    hs_cli_progress_end();
    hs_smt_free(t);
    hs_ctx_free(ctx);
    if (have_tab) hs_table_free(&tab);
    return rc;
}
