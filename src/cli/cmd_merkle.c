/* hashsnark merkle: binary Merkle trees (root, open, verify) through the hs_tree_* calls of
 * hashsnark.h. Digests are read and written in `hashsnark hash`'s notation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"
#include "cli/merkle_cli.h"
#include "app/progress.h"
#include "cli/textio.h"
#include "hashsnark.h"

#define CMD "merkle"
#define MAX_LOG_LEAVES 30
#define MAX_INDICES ((size_t)1 << 20)
#define FORMAT_LINE HS_CLI_OPEN_FORMAT

static void help(void) {
    printf("usage: hashsnark merkle root   --hash H (--leaves FILE | --log-leaves N [--seed S]) [--threads T]\n"
           "                               [--out FILE]\n"
           "       hashsnark merkle open   --hash H (--leaves FILE | --log-leaves N [--seed S]) --index I[,J,...]\n"
           "                               [--threads T] [--out FILE]\n"
           "       hashsnark merkle verify --openings FILE [--root DIGEST] [--hash H]\n"
           "       (each takes --format text|json; root and open take --quiet)\n"
           "\n"
           "A binary Merkle tree over 2^N leaf digests: node = C(left, right), where C is the first 8\n"
           "lanes of P(left || right) for the Poseidon permutations (Plonky3's TruncatedPermutation),\n"
           "miden-crypto's merge for rpo256/rpx256, and the hash of the 64 bytes left || right for the\n"
           "byte hashes. The tree is built level by level with the batch (SIMD) kernels and T threads;\n"
           "it does not depend on T.\n"
           "\n"
           "Digests are written as 'hashsnark hash' writes them: 8 decimal KoalaBear elements, 4 decimal\n"
           "Goldilocks elements (rpo256, rpx256), or 64 hex digits (byte hashes). A --leaves file holds\n"
           "one digest per line (values separated by spaces or commas; blank lines and lines starting\n"
           "with '#' are skipped), a power of two of them, at most 2^26; bad input exits with status 2\n"
           "and names the file, line and value. --log-leaves N --seed S draws 2^N random leaves\n"
           "(the library's deterministic draw, hs_tree_leaves_random: the same leaves from C).\n"
           "\n"
           "root    prints the root (one line).\n"
           "open    prints the openings (branches) of leaves I, J, ... in this text format:\n"
           "          " FORMAT_LINE "\n"
           "          hash H\n"
           "          log-leaves N\n"
           "          root DIGEST\n"
           "        then per opened leaf:\n"
           "          opening I\n"
           "          leaf DIGEST\n"
           "          sibling DIGEST          (N lines: the siblings bottom-up, the leaf's first)\n"
           "        At level j the path goes up as the right child when bit j of I is 1.\n"
           "verify  checks every opening of FILE against the root (the file's, or --root DIGEST, which\n"
           "        the file's must equal; --hash H likewise pins the hash). Prints 'accepted: ...',\n"
           "        exit status 0; or 'rejected: FILE:LINE: reason', exit status 1. A file that does\n"
           "        not parse exits with status 2.\n"
           "\n"
           "  --hash H         one of:\n");
    for (size_t i = 0; i < hs_tree_hash_count(); i++)
        printf("                     %-15s %s\n", hs_tree_hash_at(i), hs_tree_hash_description(i));
    printf("  --leaves FILE    the leaf digests ('-': standard input)\n"
           "  --log-leaves N   2^N random leaves, 0 <= N <= %d (64 bytes of memory per leaf)\n"
           "  --seed S         their seed (default 1; at most 2^64 - 1)\n"
           "  --index I,J,...  leaves to open, each below 2^N, at most %zu (repeats allowed)\n"
           "  --openings FILE  openings to verify ('-': standard input)\n"
           "  --root DIGEST    the root to verify against, one argument ('1 2 3 4 5 6 7 8' or 1,2,...)\n"
           "  --threads T      threads (default: HS_THREADS or every CPU)\n"
           "  --quiet          root and open: no progress line on standard error (shown only on a\n"
           "                   terminal: the phase and the time while the tree is read and built)\n"
           "  --out FILE       output, written atomically (default: standard output); with --format\n"
           "                   json the file is as without, and the JSON object goes to standard output\n"
           HS_CLI_FORMAT_HELP("       "),
           MAX_LOG_LEAVES, MAX_INDICES);
}

/* ---- digests in `hashsnark hash`'s notation ---- */

typedef struct {
    const char *hash;
    unsigned bits;    /* 8: 32 bytes as hex; 32: 8 elements; 64: 4 elements */
    uint64_t modulus; /* elements */
} notation;

/* 1 when hash names a tree hash. */
static int notation_lookup(const char *hash, notation *nt) {
    const hs_hash *h;
    for (size_t i = 0; i < hs_tree_hash_count(); i++)
        if (!strcmp(hs_tree_hash_at(i), hash) && hs_hash_find(&h, hash) == HS_OK) {
            nt->hash = hs_tree_hash_at(i);
            nt->bits = hs_hash_word_bits(h);
            nt->modulus = hs_hash_modulus(h);
            return 1;
        }
    return 0;
}

/* The same, printing why not. */
static int notation_find(const char *hash, notation *nt) {
    if (notation_lookup(hash, nt)) return 1;
    hs_cli_error(CMD, "--hash: '%s' is not a tree hash (see 'hashsnark merkle --help' for the list)", hash);
    return 0;
}

static unsigned values_per_digest(const notation *nt) { return nt->bits == 8 ? 32 : nt->bits == 32 ? 8 : 4; }

static void digest_format(hs_sbuf *b, const notation *nt, const uint32_t d[8]) {
    if (nt->bits == 8) {
        char hex[65];
        for (unsigned i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", (unsigned)(d[i / 4] >> (8 * (i % 4)) & 0xff));
        hs_sbuf_put(b, hex, 64);
        return;
    }
    for (unsigned i = 0; i < values_per_digest(nt); i++) {
        if (i) hs_sbuf_put(b, " ", 1);
        hs_sbuf_u64(b, nt->bits == 32 ? d[i] : (uint64_t)d[2 * i + 1] << 32 | d[2 * i]);
    }
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A printable form of s[0..n) for messages: at most 24 bytes, anything unusual as '?'. */
static const char *shown(const char *s, size_t n, char buf[32]) {
    size_t m = n > 24 ? 24 : n;
    for (size_t i = 0; i < m; i++) buf[i] = s[i] > ' ' && s[i] < 127 ? s[i] : '?';
    strcpy(buf + m, n > m ? "..." : "");
    return buf;
}

/* One digest from s[0..n) (already trimmed). On error returns 0 with the reason (no location). */
static int digest_parse(const notation *nt, const char *s, size_t n, uint32_t d[8], char *err, size_t errlen) {
    char sh[32];
    memset(d, 0, 32);
    if (nt->bits == 8) {
        if (n != 64) return snprintf(err, errlen, "a %s digest is 64 hex digits, not %zu", nt->hash, n), 0;
        for (unsigned i = 0; i < 32; i++) {
            int hi = hex_digit(s[2 * i]), lo = hex_digit(s[2 * i + 1]);
            if (hi < 0 || lo < 0)
                return snprintf(err, errlen, "'%s' at byte %u is not hex", shown(s + 2 * i, 2, sh), i), 0;
            d[i / 4] |= (uint32_t)(hi << 4 | lo) << (8 * (i % 4));
        }
        return 1;
    }
    const unsigned want = values_per_digest(nt);
    unsigned count = 0;
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != '\t' && s[j] != ',') j++;
        if (j == i) return snprintf(err, errlen, "empty value (value %u of the digest)", count + 1), 0;
        uint64_t v = 0;
        int ok = j - i <= 20;
        for (size_t k = i; ok && k < j; k++) {
            ok = s[k] >= '0' && s[k] <= '9' && v <= (UINT64_MAX - (uint64_t)(s[k] - '0')) / 10;
            v = v * 10 + (uint64_t)(s[k] - '0');
        }
        if (!ok) return snprintf(err, errlen, "'%s' is not a decimal integer below 2^64", shown(s + i, j - i, sh)), 0;
        if (v >= nt->modulus)
            return snprintf(err, errlen, "value '%s' is out of range for %s (must be < %llu)", shown(s + i, j - i, sh),
                            nt->hash, (unsigned long long)nt->modulus),
                   0;
        if (count == want) return snprintf(err, errlen, "a %s digest is %u values, not more", nt->hash, want), 0;
        if (nt->bits == 32) d[count] = (uint32_t)v;
        else d[2 * count] = (uint32_t)v, d[2 * count + 1] = (uint32_t)(v >> 32);
        count++;
        /* one separator: spaces and tabs, or one comma with spaces around it */
        i = j;
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i < n && s[i] == ',') {
            i++;
            while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
            if (i == n) return snprintf(err, errlen, "a comma ends the digest"), 0;
        }
    }
    if (count != want) return snprintf(err, errlen, "a %s digest is %u values, not %u", nt->hash, want, count), 0;
    return 1;
}

int hs_cli_next_line(hs_cli_lines *L, const char **q, const char **qe) {
    while (L->p < L->end) {
        const char *eol = memchr(L->p, '\n', (size_t)(L->end - L->p));
        const char *a = L->p, *b = eol ? eol : L->end;
        L->p = eol ? eol + 1 : L->end;
        L->lineno++;
        while (a < b && (*a == ' ' || *a == '\t')) a++;
        while (b > a && (b[-1] == '\r' || b[-1] == ' ' || b[-1] == '\t')) b--;
        if (a == b || *a == '#') continue;
        *q = a, *qe = b;
        return 1;
    }
    return 0;
}

static const char *display_name(const char *path) { return !path || !strcmp(path, "-") ? "<stdin>" : path; }

/* ---- the tree ---- */

/* The leaves of --leaves FILE (a power of two of digests): words (8 per leaf) and log2 of their
 * count; NULL after printing the error. */
static uint32_t *read_leaves(const notation *nt, const char *path, unsigned *log_leaves) {
    char err[512];
    hs_sbuf text = {0};
    if (hs_read_all(path, &text, 0, err, sizeof err) != 1) {
        hs_cli_error(CMD, "%s", err);
        hs_sbuf_free(&text);
        return NULL;
    }
    const char *name = display_name(path);
    hs_cli_lines L = {text.data, text.data + text.len, 0};
    const char *q, *qe;
    size_t n = 0, cap = 0;
    uint32_t *w = NULL;
    int ok = 1;
    while (ok && hs_cli_next_line(&L, &q, &qe)) {
        if (n == HS_TABLE_MAX_ROWS) {
            hs_cli_error(CMD, "%s:%zu: more than %zu leaves (2^26, the most a file may hold)", name, L.lineno,
                         HS_TABLE_MAX_ROWS);
            ok = 0;
            break;
        }
        if (n == cap) {
            size_t nc = cap ? 2 * cap : 1024;
            uint32_t *g = realloc(w, nc * 8 * sizeof *w);
            if (!g) {
                hs_cli_error(CMD, "%s:%zu: out of memory", name, L.lineno);
                ok = 0;
                break;
            }
            w = g, cap = nc;
        }
        if (!digest_parse(nt, q, (size_t)(qe - q), w + 8 * n, err, sizeof err)) {
            hs_cli_error(CMD, "%s:%zu: %s", name, L.lineno, err);
            ok = 0;
            break;
        }
        n++;
    }
    hs_sbuf_free(&text);
    if (ok && (n == 0 || (n & (n - 1)))) {
        hs_cli_error(CMD, "%s: %zu leaves: a binary tree needs a power of two of them (1, 2, 4, ...)", name, n);
        ok = 0;
    }
    if (!ok) {
        free(w);
        return NULL;
    }
    unsigned k = 0;
    while (((size_t)1 << k) < n) k++;
    *log_leaves = k;
    return w;
}

typedef struct {
    const char *hash, *leaves, *logn, *seed, *threads, *out, *index;
} tree_opts;

/* The tree the options describe (built with the options' threads); NULL after printing why. */
static hs_tree *tree_from_opts(const tree_opts *o, notation *nt) {
    if (!o->hash) return hs_cli_error(CMD, "--hash is required (see 'hashsnark merkle --help')"), NULL;
    if (!notation_find(o->hash, nt)) return NULL;
    if (!!o->leaves == !!o->logn) return hs_cli_error(CMD, "give --leaves FILE or --log-leaves N (one of them)"), NULL;
    if (o->seed && !o->logn) return hs_cli_error(CMD, "--seed goes with --log-leaves"), NULL;
    unsigned long logn = 0, seed = 1, threads = 0;
    if (o->logn && !hs_cli_uint(CMD, "log-leaves", o->logn, 0, MAX_LOG_LEAVES, &logn)) return NULL;
    if (o->seed && !hs_cli_uint(CMD, "seed", o->seed, 0, ~0ul, &seed)) return NULL;
    if (o->threads && !hs_cli_uint(CMD, "threads", o->threads, 1, 1024, &threads)) return NULL;
    if (o->out) {
        char err[512];
        if (!hs_out_check(o->out, err, sizeof err)) return hs_cli_error(CMD, "--out: %s", err), NULL;
    }
    hs_ctx *ctx;
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) return hs_cli_error(CMD, "bad HS_THREADS value"), NULL;
    unsigned k = (unsigned)logn;
    uint32_t *w;
    if (o->leaves) {
        hs_cli_progress_show(-1, "reading the leaves of %s", o->leaves);
        w = read_leaves(nt, o->leaves, &k);
    } else {
        hs_cli_progress_show(-1, "drawing 2^%u random leaves", k);
        w = malloc(((size_t)8 << k) * sizeof *w);
        if (!w) hs_cli_error(CMD, "no memory for 2^%u leaves", k);
        else if (hs_tree_leaves_random(w, (size_t)8 << k, nt->hash, (uint64_t)seed) != HS_OK)
            free(w), w = NULL, hs_cli_error(CMD, "cannot draw the random leaves");
    }
    hs_tree *t = NULL;
    if (w) {
        hs_cli_progress_show(-1, "building the %s tree of 2^%u leaves (%u thread%s)", nt->hash, k, hs_ctx_threads(ctx),
                             hs_ctx_threads(ctx) > 1 ? "s" : "");
        char reason[HS_REASON_LEN];
        hs_status st = hs_tree_new(ctx, &t, reason, sizeof reason, nt->hash, k, w, (size_t)8 << k);
        hs_cli_progress_clear();
        if (st != HS_OK) hs_cli_error(CMD, "%s", reason), t = NULL;
        free(w);
    }
    hs_ctx_free(ctx);
    return t;
}

static int write_out(const char *path, hs_sbuf *b) {
    char err[512];
    int ok = !b->failed;
    if (!ok) snprintf(err, sizeof err, "out of memory formatting the output");
    if (ok) ok = hs_write_all(path, b->data ? b->data : "", b->len, err, sizeof err);
    hs_sbuf_free(b);
    if (!ok) hs_cli_error(CMD, "%s", err);
    return ok ? HS_EXIT_OK : HS_EXIT_USAGE;
}

static int cmd_root(const tree_opts *o) {
    if (o->index) return hs_cli_error(CMD, "--index goes with 'merkle open'"), HS_EXIT_USAGE;
    notation nt;
    hs_tree *t = tree_from_opts(o, &nt);
    if (!t) return HS_EXIT_USAGE;
    uint32_t root[8];
    hs_tree_root(t, root);
    const unsigned k = hs_tree_log_leaves(t);
    hs_tree_free(t);
    hs_sbuf b = {0};
    digest_format(&b, &nt, root);
    if (hs_cli_json()) { /* the object on standard output; --out still gets the digest line */
        hs_json j;
        hs_json_begin(&j, stdout);
        hs_json_str(&j, "command", "merkle root");
        hs_json_str(&j, "hash", nt.hash);
        hs_json_u64(&j, "log_leaves", k);
        hs_json_strn(&j, "root", b.data ? b.data : "", b.len);
        if (o->out) hs_json_str(&j, "out", o->out);
        hs_json_end(&j);
        if (!o->out) return hs_sbuf_free(&b), HS_EXIT_OK;
    }
    hs_sbuf_put(&b, "\n", 1);
    return write_out(o->out, &b);
}

/* --index I,J,...: n indices (malloc'd), each checked against 2^k later; NULL after printing why. */
static uint64_t *parse_indices(const char *s, size_t *n) {
    size_t cap = 1;
    for (const char *p = s; *p; p++) cap += *p == ',';
    if (cap > MAX_INDICES) return hs_cli_error(CMD, "--index: more than %zu indices", MAX_INDICES), NULL;
    uint64_t *v = malloc(cap * sizeof *v);
    if (!v) return hs_cli_error(CMD, "--index: out of memory"), NULL;
    *n = 0;
    const char *p = s;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char tok[32];
        unsigned long x;
        if (len == 0 || len >= sizeof tok) {
            hs_cli_error(CMD, "--index: '%s' is not a list of leaf numbers I,J,...", s);
            free(v);
            return NULL;
        }
        memcpy(tok, p, len), tok[len] = 0;
        if (!hs_cli_uint(CMD, "index", tok, 0, ~0ul, &x)) {
            free(v);
            return NULL;
        }
        v[(*n)++] = x;
        if (!e) break;
        p = e + 1;
    }
    return v;
}

static int cmd_open(const tree_opts *o) {
    if (!o->index) return hs_cli_error(CMD, "'merkle open' needs --index I[,J,...]"), HS_EXIT_USAGE;
    size_t n;
    uint64_t *idx = parse_indices(o->index, &n);
    if (!idx) return HS_EXIT_USAGE;
    notation nt;
    hs_tree *t = tree_from_opts(o, &nt);
    if (!t) return free(idx), HS_EXIT_USAGE;
    const unsigned k = hs_tree_log_leaves(t);
    for (size_t i = 0; i < n; i++)
        if (idx[i] >> k) {
            hs_cli_error(CMD, "--index: leaf %llu does not exist (the tree has 2^%u leaves)",
                         (unsigned long long)idx[i], k);
            hs_tree_free(t), free(idx);
            return HS_EXIT_USAGE;
        }
    const size_t per = 8 + 8 * (size_t)k;
    uint32_t *br = malloc(n * per * sizeof *br), root[8];
    if (!br || hs_tree_open(t, br, n * per, idx, n) != HS_OK) {
        hs_cli_error(CMD, "out of memory for %zu branches", n);
        hs_tree_free(t), free(idx), free(br);
        return HS_EXIT_USAGE;
    }
    hs_tree_root(t, root);
    hs_tree_free(t);
    hs_sbuf b = {0};
    hs_sbuf_printf(&b, FORMAT_LINE "\nhash %s\nlog-leaves %u\nroot ", nt.hash, k);
    digest_format(&b, &nt, root);
    for (size_t i = 0; i < n; i++) {
        hs_sbuf_printf(&b, "\nopening %llu\nleaf ", (unsigned long long)idx[i]);
        digest_format(&b, &nt, br + i * per);
        for (unsigned j = 0; j < k; j++) {
            hs_sbuf_put(&b, "\nsibling ", 9);
            digest_format(&b, &nt, br + i * per + 8 + 8 * j);
        }
    }
    hs_sbuf_put(&b, "\n", 1);
    if (hs_cli_json()) { /* the object on standard output; --out still gets the openings file */
        hs_json j;
        hs_sbuf d = {0};
        hs_json_begin(&j, stdout);
        hs_json_str(&j, "command", "merkle open");
        hs_json_str(&j, "hash", nt.hash);
        hs_json_u64(&j, "log_leaves", k);
        digest_format(&d, &nt, root);
        hs_json_strn(&j, "root", d.data ? d.data : "", d.len);
        if (o->out) hs_json_str(&j, "out", o->out);
        hs_json_open(&j, "openings", '[');
        for (size_t i = 0; i < n; i++) {
            hs_json_open(&j, NULL, '{');
            hs_json_u64(&j, "index", idx[i]);
            d.len = 0;
            digest_format(&d, &nt, br + i * per);
            hs_json_strn(&j, "leaf", d.data ? d.data : "", d.len);
            hs_json_open(&j, "siblings", '[');
            for (unsigned s = 0; s < k; s++) {
                d.len = 0;
                digest_format(&d, &nt, br + i * per + 8 + 8 * s);
                hs_json_strn(&j, NULL, d.data ? d.data : "", d.len);
            }
            hs_json_close(&j);
            hs_json_close(&j);
        }
        hs_json_end(&j);
        hs_sbuf_free(&d);
        if (!o->out) {
            free(br), free(idx);
            return hs_sbuf_free(&b), HS_EXIT_OK;
        }
    }
    free(br), free(idx);
    return write_out(o->out, &b);
}

/* ---- verify ---- */

/* The line's keyword (up to the first blank) is key; *arg .. qe is the rest, trimmed. */
static int keyword(const char *q, const char *qe, const char *key, const char **arg) {
    size_t n = strlen(key);
    if ((size_t)(qe - q) < n || memcmp(q, key, n) || (q + n < qe && q[n] != ' ' && q[n] != '\t')) return 0;
    q += n;
    while (q < qe && (*q == ' ' || *q == '\t')) q++;
    *arg = q;
    return 1;
}

typedef struct {
    const char *name;
    hs_cli_lines L;
    char err[512];
} reader;

/* The next line, which must start with key; 0 with a message in r->err otherwise. */
static int expect(reader *r, const char *key, const char **arg, const char **qe) {
    const char *q;
    if (!hs_cli_next_line(&r->L, &q, qe)) return snprintf(r->err, sizeof r->err, "%s: ends before its '%s' line", r->name, key), 0;
    if (!keyword(q, *qe, key, arg)) {
        char sh[32];
        snprintf(r->err, sizeof r->err, "%s:%zu: expected a '%s' line, found '%s'", r->name, r->L.lineno, key,
                 shown(q, (size_t)(*qe - q), sh));
        return 0;
    }
    return 1;
}

static int expect_digest(reader *r, const notation *nt, const char *key, uint32_t d[8]) {
    const char *a, *qe;
    if (!expect(r, key, &a, &qe)) return 0;
    char e[256];
    if (!digest_parse(nt, a, (size_t)(qe - a), d, e, sizeof e))
        return snprintf(r->err, sizeof r->err, "%s:%zu: %s", r->name, r->L.lineno, e), 0;
    return 1;
}

/* A decimal number on a keyword line, at most max. */
static int expect_uint(reader *r, const char *key, uint64_t max, uint64_t *v) {
    const char *a, *qe;
    if (!expect(r, key, &a, &qe)) return 0;
    char sh[32];
    uint64_t x = 0;
    int ok = a < qe && qe - a <= 20;
    for (const char *c = a; ok && c < qe; c++) {
        ok = *c >= '0' && *c <= '9' && x <= (UINT64_MAX - (uint64_t)(*c - '0')) / 10;
        x = x * 10 + (uint64_t)(*c - '0');
    }
    if (!ok || x > max)
        return snprintf(r->err, sizeof r->err, "%s:%zu: '%s' is not a number from 0 to %llu", r->name, r->L.lineno,
                        shown(a, (size_t)(qe - a), sh), (unsigned long long)max),
               0;
    *v = x;
    return 1;
}

static int cmd_verify(const char *path, const char *root_s, const char *hash_s) {
    if (!path) return hs_cli_error(CMD, "'merkle verify' needs --openings FILE"), HS_EXIT_USAGE;
    notation pinned = {0};
    if (hash_s && !notation_find(hash_s, &pinned)) return HS_EXIT_USAGE;
    hs_sbuf text = {0};
    reader r = {display_name(path), {0}, {0}};
    if (hs_read_all(path, &text, 0, r.err, sizeof r.err) != 1) {
        hs_cli_error(CMD, "%s", r.err);
        hs_sbuf_free(&text);
        return HS_EXIT_USAGE;
    }
    if (hs_cli_openings_kind(text.data, text.len, HS_CLI_BRANCHES_FORMAT)) {
        hs_cli_error(CMD, "%s: a merkle-branches openings file (written by 'hashsnark prove --statement "
                          "merkle-branches' next to its proof): 'hashsnark verify --proof PROOF --root R --openings %s' "
                          "reads it; 'merkle verify' reads the openings 'merkle open' writes",
                     r.name, r.name);
        hs_sbuf_free(&text);
        return HS_EXIT_USAGE;
    }
    r.L = (hs_cli_lines){text.data, text.data + text.len, 0};
    const char *a, *qe;
    uint64_t k64 = 0;
    notation nt;
    uint32_t root[8], given[8];
    uint32_t *br = NULL;
    int rc = HS_EXIT_USAGE;
    char hash[32];
    if (!expect(&r, "hash", &a, &qe)) goto bad;
    if ((size_t)(qe - a) >= sizeof hash) {
        snprintf(r.err, sizeof r.err, "%s:%zu: unknown hash", r.name, r.L.lineno);
        goto bad;
    }
    memcpy(hash, a, (size_t)(qe - a)), hash[qe - a] = 0;
    if (!notation_lookup(hash, &nt)) {
        snprintf(r.err, sizeof r.err, "%s:%zu: '%s' is not a tree hash", r.name, r.L.lineno, hash);
        goto bad;
    }
    if (!expect_uint(&r, "log-leaves", MAX_LOG_LEAVES, &k64) || !expect_digest(&r, &nt, "root", root)) goto bad;
    const size_t root_line = r.L.lineno;
    if (root_s) {
        char e[256];
        if (!digest_parse(&nt, root_s, strlen(root_s), given, e, sizeof e)) {
            hs_cli_error(CMD, "--root: %s", e);
            goto out;
        }
    }
    const unsigned k = (unsigned)k64;
    const size_t per = 8 + 8 * (size_t)k;
    if (!(br = malloc(per * sizeof *br))) {
        snprintf(r.err, sizeof r.err, "out of memory");
        goto bad;
    }
    /* every opening is parsed before anything is decided, so a malformed file always exits 2 */
    size_t n = 0, fail_line = 0;
    char why[HS_REASON_LEN + 64] = "";
    const char *q;
    while (hs_cli_next_line(&r.L, &q, &qe)) {
        uint64_t idx;
        r.L.p = q, r.L.lineno--; /* let expect() read this line again */
        if (!expect_uint(&r, "opening", UINT64_MAX, &idx)) goto bad;
        const size_t line = r.L.lineno;
        if (!expect_digest(&r, &nt, "leaf", br)) goto bad;
        for (unsigned j = 0; j < k; j++)
            if (!expect_digest(&r, &nt, "sibling", br + 8 + 8 * j)) goto bad;
        n++;
        char reason[HS_REASON_LEN];
        if (!fail_line && hs_tree_verify(reason, sizeof reason, nt.hash, k, root, idx, br, per) != HS_OK) {
            fail_line = line;
            snprintf(why, sizeof why, "%s:%zu: %s", r.name, line, reason);
        }
    }
    if (n == 0) {
        snprintf(r.err, sizeof r.err, "%s: no openings", r.name);
        goto bad;
    }
    rc = HS_EXIT_REJECT;
    if (hash_s && strcmp(pinned.hash, nt.hash))
        hs_cli_reject("merkle verify", "%s: the openings are for %s, not %s", r.name, nt.hash, pinned.hash);
    else if (root_s && memcmp(root, given, sizeof root))
        hs_cli_reject("merkle verify", "%s:%zu: the openings are for another root than --root", r.name, root_line);
    else if (fail_line)
        hs_cli_reject("merkle verify", "%s", why);
    else {
        hs_sbuf b = {0};
        digest_format(&b, &nt, root);
        if (hs_cli_json()) {
            hs_json j;
            hs_json_begin(&j, stdout);
            hs_json_str(&j, "command", "merkle verify");
            hs_json_str(&j, "result", "accepted");
            hs_json_str(&j, "openings_file", r.name);
            hs_json_u64(&j, "openings", n);
            hs_json_str(&j, "hash", nt.hash);
            hs_json_u64(&j, "log_leaves", k);
            hs_json_strn(&j, "root", b.data ? b.data : "", b.len);
            hs_json_bool(&j, "root_checked", root_s != NULL);
            hs_json_end(&j);
        } else
            printf("accepted: %zu opening%s of the %s tree of 2^%u leaves with root %s%s\n", n, n > 1 ? "s" : "", nt.hash,
               k, b.data ? b.data : "", root_s ? "" : " (the file's root: give --root to check it against yours)");
        hs_sbuf_free(&b);
        rc = HS_EXIT_OK;
    }
    goto out;
bad:
    hs_cli_error(CMD, "%s", r.err);
    rc = HS_EXIT_USAGE;
out:
    free(br);
    hs_sbuf_free(&text);
    return rc;
}

int hs_cmd_merkle(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        if (argc < 2) {
            hs_cli_error(CMD, "give a subcommand: root, open or verify (see 'hashsnark merkle --help')");
            return HS_EXIT_USAGE;
        }
        help();
        return HS_EXIT_OK;
    }
    const char *sub = argv[1];
    tree_opts o = {0};
    const char *openings = NULL, *root = NULL, *format_s = NULL;
    int quiet = 0;
    hs_opt opts[] = {{"hash", 1, &o.hash, NULL},       {"leaves", 1, &o.leaves, NULL},
                     {"log-leaves", 1, &o.logn, NULL}, {"seed", 1, &o.seed, NULL},
                     {"threads", 1, &o.threads, NULL}, {"out", 1, &o.out, NULL},
                     {"index", 1, &o.index, NULL},     {"openings", 1, &openings, NULL},
                     {"root", 1, &root, NULL},         {"format", 1, &format_s, NULL},
                     {"quiet", 0, NULL, &quiet}};
    const int is_root = !strcmp(sub, "root"), is_open = !strcmp(sub, "open"), is_verify = !strcmp(sub, "verify");
    if (!is_root && !is_open && !is_verify) {
        hs_cli_error(CMD, "unknown subcommand '%s' (root, open or verify)", sub);
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
    if (is_verify) {
        if (o.leaves || o.logn || o.seed || o.threads || o.out || o.index) {
            hs_cli_error(CMD, "'merkle verify' takes --openings, --root and --hash only");
            return HS_EXIT_USAGE;
        }
        return cmd_verify(openings, root, o.hash);
    }
    if (openings || root) {
        hs_cli_error(CMD, "--openings and --root go with 'merkle verify'");
        return HS_EXIT_USAGE;
    }
    hs_cli_progress_begin(CMD, quiet);
    hs_cli_progress_live();
    const int rc = is_root ? cmd_root(&o) : cmd_open(&o);
    hs_cli_progress_end();
    return rc;
}

/* ---- for the gkr Merkle statements' commands (src/cli/cmd_merkle_proof.c) ---- */

hs_tree *hs_cli_merkle_tree(const char *hash, const char *leaves, const char *logn, const char *seed,
                            const char *threads) {
    tree_opts o = {hash, leaves, logn, seed, threads, NULL, NULL};
    notation nt;
    return tree_from_opts(&o, &nt);
}

int hs_cli_openings_kind(const char *text, size_t len, const char *format_line) {
    const char *comma = strchr(format_line, ',');
    const size_t n = comma ? (size_t)(comma - format_line) : strlen(format_line);
    return text && len >= n && !memcmp(text, format_line, n) && (len == n || text[n] == ',' || text[n] == '\n');
}

int hs_cli_merkle_digest(const char *hash, const char *s, size_t n, uint32_t d[8], char *err, size_t errlen) {
    notation nt;
    if (!notation_lookup(hash, &nt)) return snprintf(err, errlen, "'%s' is not a tree hash", hash), 0;
    return digest_parse(&nt, s, n, d, err, errlen);
}

void hs_cli_merkle_digest_format(hs_sbuf *b, const char *hash, const uint32_t d[8]) {
    notation nt;
    if (notation_lookup(hash, &nt)) digest_format(b, &nt, d);
}

uint32_t *hs_cli_merkle_leaves(const char *hash, const char *path, unsigned *log_leaves) {
    notation nt;
    if (!notation_find(hash, &nt)) return NULL;
    return read_leaves(&nt, path, log_leaves);
}
