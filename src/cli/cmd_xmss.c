/* hashsnark xmss: verify hash-based signatures (leanVM's KoalaBear XMSS) read from JSON, make
 * valid test signatures, and (bench --xmss) the batch verification rate. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"
#include "cli/jsonread.h"
#include "cli/textio.h"
#include "hashsnark.h"

#define CMD "xmss"
/* the most a signature file may hold: 64 MiB of text, 2^23 JSON values (about 20,000 signatures) */
#define XMSS_MAX_TEXT ((size_t)64 << 20)
#define XMSS_MAX_NODES ((size_t)1 << 23)
#define XMSS_MAX_COUNT 100000ul

static void schemes_help(void) {
    for (size_t i = 0; i < hs_xmss_count(); i++) {
        hs_xmss_info in;
        if (hs_xmss_info_get(&in, hs_xmss_name_at(i)) != HS_OK) continue;
        printf("  %-16s %s\n  %-16s (%s; %u compressions%s%s a verification; message %s)\n", in.name,
               in.description, "", in.source, in.compressions, in.permutations ? " + " : "",
               in.permutations ? "22 permutations" : "",
               in.msg_elements ? "8 field elements" : "32 bytes, hashed to 8 elements first");
    }
}

static void help(void) {
    printf("usage: hashsnark xmss verify --scheme S --json FILE [--threads T] [--format text|json]\n"
           "       hashsnark xmss make --scheme S --count N --epoch E --seed SEED --out FILE\n"
           "       hashsnark bench --xmss [--scheme S] [--count N] [--threads T] [--format md|json]\n"
           "\n"
           "Hash-based signatures (generalized XMSS with a target-sum Winternitz encoding, eprint\n"
           "2025/055) as leanVM defines them over KoalaBear with Poseidon1-KB16, checked natively:\n"
           "42 chains of length 8, target sum 184, 4-element digests, a Merkle path of 32 levels\n"
           "(lifetime 2^32 epochs). docs/XMSS.md has the schemes, the file format and the sources.\n"
           "\n"
           "schemes:\n");
    schemes_help();
    printf("\n"
           "verify  checks every signature of FILE and prints one line an item: 'N: accepted' or\n"
           "        'N: rejected: REASON' (a word not below p, a digest limb equal to p - 1, the digit\n"
           "        sum, the Merkle root). Exit 0 when all are accepted, 1 when any is rejected.\n"
           "make    writes N valid test signatures of random messages at epoch E, each under its own\n"
           "        key drawn from SEED (the Merkle path random siblings, the root computed upward; the\n"
           "        randomness drawn until the encoding is valid). Not a secure signer. FILE is written\n"
           "        whole or not at all.\n"
           "\n"
           "FILE: a JSON array of objects\n"
           "  {\"public_key\": {\"root\": [4], \"parameter\": [4]}, \"epoch\": E,\n"
           "   \"message\": [8 elements] (leanvm-kb-2605) or \"64 hex digits\" (leanvm-kb),\n"
           "   \"signature\": {\"randomness\": [6], \"chain_tips\": [42 x [4]], \"path\": [32 x [4]]}}\n"
           "field elements as decimal integers (a value not below p = 2130706433 rejects its item; one\n"
           "of 2^32 or more is an input error); at most 64 MiB (about 20,000 signatures).\n"
           "\n"
           "  --scheme S     leanvm-kb-2605 or leanvm-kb\n"
           "  --json FILE    the signatures ('-': standard input)\n"
           "  --threads T    worker threads (default: HS_THREADS or every CPU); results do not depend on it\n"
           "  --count N      make: 1 to %lu signatures\n"
           "  --epoch E      make: the epoch, 0 to 2^32 - 1\n"
           "  --seed SEED    make: any 64-bit integer; the same seed gives the same file\n"
           "  --out FILE     make: where to write ('-': standard output)\n"
           "  --one-message  make: every signature of one message (what 'prove --statement xmss' aggregates)\n"
           HS_CLI_FORMAT_HELP("     ")
           "\n"
           "Input errors (exit 2) name the file, the line and the value.\n",
           XMSS_MAX_COUNT);
}

/* ---- reading ---- */

typedef struct {
    hs_xmss_info in;
    size_t n;
    uint32_t *pk, *epoch, *sig, *line;
    uint8_t *msg;
} items;

static void items_free(items *it) {
    free(it->pk), free(it->epoch), free(it->sig), free(it->line), free(it->msg);
    memset(it, 0, sizeof *it);
}

typedef struct {
    const hs_jr *j;
    const char *name;
} src;

static int bad(const src *s, size_t node, const char *what) {
    char v[128];
    hs_cli_error(CMD, "%s:%u: %s, not '%s'", s->name, (unsigned)s->j->nodes[node].line, what,
                 hs_jr_show(s->j, node, v, sizeof v));
    return 0;
}

/* The members of an object: exactly the keys named (each once), into out[]. */
static int members(const src *s, size_t obj, const char *what, const char *const *keys, size_t nk, size_t *out) {
    const hs_jr *j = s->j;
    if (j->nodes[obj].type != HS_JR_OBJ) {
        char w[96];
        snprintf(w, sizeof w, "%s must be an object", what);
        return bad(s, obj, w);
    }
    for (size_t c = j->nodes[obj].first; c; c = j->nodes[c].next) {
        size_t k = 0;
        while (k < nk && !(strlen(keys[k]) == j->nodes[c].key_len && !memcmp(j->text + j->nodes[c].key_off, keys[k], j->nodes[c].key_len)))
            k++;
        char w[160];
        if (k == nk) {
            snprintf(w, sizeof w, "%s: unknown key '%.*s'", what, (int)(j->nodes[c].key_len > 40 ? 40 : j->nodes[c].key_len),
                     j->text + j->nodes[c].key_off);
            return bad(s, c, w);
        }
        if (hs_jr_get(j, obj, keys[k]) != c) {
            snprintf(w, sizeof w, "%s: key '%s' given twice", what, keys[k]);
            return bad(s, c, w);
        }
        out[k] = c;
    }
    for (size_t k = 0; k < nk; k++)
        if (!hs_jr_get(j, obj, keys[k])) {
            char w[96];
            snprintf(w, sizeof w, "%s needs the key '%s'", what, keys[k]);
            return bad(s, obj, w);
        }
    return 1;
}

/* An array of n integers below 2^32. */
static int words(const src *s, size_t node, const char *what, unsigned n, uint32_t *out) {
    const hs_jr *j = s->j;
    char w[128];
    if (j->nodes[node].type != HS_JR_ARR || j->nodes[node].count != n) {
        snprintf(w, sizeof w, "%s must be an array of %u integers", what, n);
        return bad(s, node, w);
    }
    unsigned i = 0;
    for (size_t c = j->nodes[node].first; c; c = j->nodes[c].next, i++) {
        uint64_t v;
        if (!hs_jr_uint(j, c, 32, &v)) {
            snprintf(w, sizeof w, "%s[%u] must be a decimal integer below 2^32", what, i);
            return bad(s, c, w);
        }
        out[i] = (uint32_t)v;
    }
    return 1;
}

/* An array of n arrays of per integers. */
static int rows(const src *s, size_t node, const char *what, unsigned n, unsigned per, uint32_t *out) {
    const hs_jr *j = s->j;
    if (j->nodes[node].type != HS_JR_ARR || j->nodes[node].count != n) {
        char w[128];
        snprintf(w, sizeof w, "%s must be an array of %u arrays of %u integers", what, n, per);
        return bad(s, node, w);
    }
    unsigned i = 0;
    for (size_t c = j->nodes[node].first; c; c = j->nodes[c].next, i++) {
        char w[64];
        snprintf(w, sizeof w, "%s[%u]", what, i);
        if (!words(s, c, w, per, out + i * per)) return 0;
    }
    return 1;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int message(const src *s, size_t node, const hs_xmss_info *in, uint8_t *out) {
    const hs_jr *j = s->j;
    if (in->msg_elements) {
        uint32_t e[8];
        if (!words(s, node, "message", in->msg_elements, e)) return 0;
        for (unsigned b = 0; b < 4 * in->msg_elements; b++) out[b] = (uint8_t)(e[b / 4] >> (8 * (b % 4)));
        return 1;
    }
    const hs_jr_node *nd = &j->nodes[node];
    char w[96];
    snprintf(w, sizeof w, "message must be a string of %u hex digits", 2 * in->msg_bytes);
    if (nd->type != HS_JR_STR || nd->len != 2 * in->msg_bytes) return bad(s, node, w);
    for (unsigned b = 0; b < in->msg_bytes; b++) {
        int hi = hexval(j->text[nd->off + 2 * b]), lo = hexval(j->text[nd->off + 2 * b + 1]);
        if (hi < 0 || lo < 0) return bad(s, node, w);
        out[b] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

/* public_only: an item may leave out its signature (an aggregate's verifier reads no signature,
 * sig NULL: a signature present is not read). */
static int read_item(const src *s, size_t node, const hs_xmss_info *in, uint32_t *pk, uint32_t *epoch, uint8_t *msg,
                     uint32_t *sig, int public_only) {
    static const char *const ik[] = {"public_key", "epoch", "message", "signature"};
    static const char *const pkk[] = {"root", "parameter"};
    static const char *const sk[] = {"randomness", "chain_tips", "path"};
    size_t m[4], p[2], g[3];
    uint64_t e;
    const int no_sig = public_only && s->j->nodes[node].type == HS_JR_OBJ && s->j->nodes[node].count == 3;
    if (!members(s, node, "a signature item", ik, no_sig ? 3 : 4, m) || !members(s, m[0], "public_key", pkk, 2, p) ||
        (!no_sig && !members(s, m[3], "signature", sk, 3, g)))
        return 0;
    if (!hs_jr_uint(s->j, m[1], 32, &e)) return bad(s, m[1], "epoch must be an integer from 0 to 2^32 - 1");
    *epoch = (uint32_t)e;
    const unsigned d = in->digest_words;
    if (no_sig || !sig)
        return words(s, p[0], "root", d, pk) && words(s, p[1], "parameter", in->param_words, pk + d) &&
               message(s, m[2], in, msg);
    return words(s, p[0], "root", d, pk) && words(s, p[1], "parameter", in->param_words, pk + d) &&
           message(s, m[2], in, msg) && words(s, g[0], "randomness", in->rand_words, sig) &&
           rows(s, g[1], "chain_tips", in->chains, d, sig + in->rand_words) &&
           rows(s, g[2], "path", in->height, d, sig + in->rand_words + in->chains * d);
}

static int read_items(const char *path, items *it, int public_only) {
    char err[512];
    hs_sbuf text = {0};
    int rr = hs_read_all(path, &text, XMSS_MAX_TEXT, err, sizeof err);
    if (rr != 1) {
        hs_cli_error(CMD, "%s", err);
        hs_sbuf_free(&text);
        return 0;
    }
    const char *name = (!path || !strcmp(path, "-")) ? "<stdin>" : path;
    hs_jr j;
    if (!hs_jr_parse(&j, name, text.data ? text.data : "", text.len, XMSS_MAX_NODES, err, sizeof err)) {
        hs_cli_error(CMD, "%s", err);
        hs_sbuf_free(&text);
        return 0;
    }
    src s = {&j, name};
    int ok = 1;
    if (j.nodes[0].type != HS_JR_ARR) ok = bad(&s, 0, "the file must be a JSON array of signature items");
    const size_t n = j.nodes[0].count, pkw = it->in.pk_words, sigw = it->in.sig_words, mb = it->in.msg_bytes;
    /* A valid item is more than 300 JSON values (its 302 signature words alone), so a file of n
     * items has more than 300 n values unless one of them is malformed, which the reading below
     * finds before the items read so far fill this room: memory stays proportional to the text. */
    const size_t per = public_only ? 10 : 300; /* a public part alone: its 8 key and 8 message words */
    const size_t cap = n < j.n / per + 1 ? n : j.n / per + 1;
    if (ok) {
        it->n = n;
        it->pk = malloc((cap + 1) * pkw * sizeof *it->pk);
        it->sig = malloc((cap + 1) * sigw * sizeof *it->sig);
        it->epoch = malloc((cap + 1) * sizeof *it->epoch);
        it->line = malloc((cap + 1) * sizeof *it->line);
        it->msg = malloc((cap + 1) * mb);
        if (!it->pk || !it->sig || !it->epoch || !it->line || !it->msg) {
            hs_cli_error(CMD, "out of memory");
            ok = 0;
        }
    }
    size_t k = 0;
    for (size_t c = ok ? j.nodes[0].first : 0; c && ok; c = j.nodes[c].next, k++) {
        if (k >= cap) { /* not reached: some item before would be malformed */
            ok = bad(&s, c, "a signature item");
            break;
        }
        it->line[k] = j.nodes[c].line;
        ok = read_item(&s, c, &it->in, it->pk + k * pkw, &it->epoch[k], it->msg + k * mb,
                       public_only ? NULL : it->sig + k * sigw, public_only);
    }
    hs_jr_free(&j);
    hs_sbuf_free(&text);
    if (!ok) items_free(it);
    return ok;
}

/* ---- verify ---- */

static int scheme_arg(const char *scheme, hs_xmss_info *in) {
    if (!scheme) {
        hs_cli_error(CMD, "--scheme is needed (leanvm-kb-2605 or leanvm-kb)");
        return 0;
    }
    if (hs_xmss_info_get(in, scheme) != HS_OK) {
        hs_cli_error(CMD, "--scheme '%s' is no scheme (leanvm-kb-2605 or leanvm-kb)", scheme);
        return 0;
    }
    return 1;
}

static int cmd_verify(const char *scheme, const char *file, const char *threads_s, int json) {
    items it = {0};
    unsigned long threads = 0;
    if (!scheme_arg(scheme, &it.in)) return HS_EXIT_USAGE;
    if (!file) {
        hs_cli_error(CMD, "verify needs --json FILE");
        return HS_EXIT_USAGE;
    }
    if (threads_s && !hs_cli_uint(CMD, "threads", threads_s, 1, 4096, &threads)) return HS_EXIT_USAGE;
    hs_ctx *ctx = hs_cli_ctx(CMD, threads);
    if (!ctx) return HS_EXIT_USAGE;
    if (!read_items(file, &it, 0)) {
        hs_ctx_free(ctx);
        return HS_EXIT_USAGE;
    }
    hs_status *res = malloc((it.n + 1) * sizeof *res);
    char *why = malloc((it.n + 1) * HS_REASON_LEN);
    double t0 = hs_cli_now();
    hs_status st = res && why ? hs_xmss_verify_many(ctx, scheme, it.n, it.pk, it.epoch, it.msg, it.sig, res, why,
                                                    HS_REASON_LEN)
                              : HS_ERR_NOMEM;
    double dt = hs_cli_now() - t0;
    int rc = HS_EXIT_OK;
    if (st != HS_OK) {
        hs_cli_error(CMD, "%s", hs_status_str(st));
        rc = HS_EXIT_USAGE;
    } else {
        size_t acc = 0;
        for (size_t k = 0; k < it.n; k++) acc += res[k] == HS_OK;
        hs_json j;
        if (json) {
            hs_json_begin(&j, stdout);
            hs_json_str(&j, "command", "xmss verify");
            hs_json_str(&j, "result", acc == it.n ? "accepted" : "rejected");
            hs_json_str(&j, "scheme", scheme);
            hs_json_u64(&j, "items", it.n);
            hs_json_u64(&j, "accepted", acc);
            hs_json_u64(&j, "threads", hs_ctx_threads(ctx));
            hs_json_num(&j, "verify_s", dt);
            hs_json_open(&j, "results", '[');
        }
        for (size_t k = 0; k < it.n; k++) {
            if (json) {
                hs_json_open(&j, NULL, '{');
                hs_json_u64(&j, "index", k);
                hs_json_u64(&j, "line", it.line[k]);
                hs_json_str(&j, "result", res[k] == HS_OK ? "accepted" : "rejected");
                if (res[k] != HS_OK) hs_json_str(&j, "reason", why + k * HS_REASON_LEN);
                hs_json_close(&j);
            } else if (res[k] == HS_OK) {
                printf("%zu: accepted\n", k);
            } else {
                printf("%zu: rejected: %s\n", k, why + k * HS_REASON_LEN);
            }
        }
        if (json) hs_json_end(&j);
        fprintf(stderr, "xmss verify: %zu of %zu accepted (%s, %.3f s, %u thread%s)\n", acc, it.n, scheme, dt,
                hs_ctx_threads(ctx), hs_ctx_threads(ctx) == 1 ? "" : "s");
        rc = acc == it.n ? HS_EXIT_OK : HS_EXIT_REJECT;
    }
    free(res), free(why);
    items_free(&it);
    hs_ctx_free(ctx);
    return rc;
}

/* ---- make ---- */

static uint64_t mix(uint64_t x) { /* splitmix64's finaliser: message and key seeds from --seed */
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static void put_words(hs_sbuf *b, const uint32_t *w, unsigned n) {
    hs_sbuf_put(b, "[", 1);
    for (unsigned i = 0; i < n; i++) {
        if (i) hs_sbuf_put(b, ", ", 2);
        hs_sbuf_u64(b, w[i]);
    }
    hs_sbuf_put(b, "]", 1);
}

static void put_rows(hs_sbuf *b, const char *key, const uint32_t *w, unsigned n, unsigned per, int last) {
    hs_sbuf_printf(b, "    \"%s\": [\n", key);
    for (unsigned i = 0; i < n; i++) {
        hs_sbuf_put(b, "      ", 6);
        put_words(b, w + i * per, per);
        hs_sbuf_put(b, i + 1 < n ? ",\n" : "\n", i + 1 < n ? 2 : 1);
    }
    hs_sbuf_printf(b, "    ]%s\n", last ? "" : ",");
}

/* One item as the reader takes it, one chain tip or sibling a line. */
static void put_item(hs_sbuf *b, const hs_xmss_info *in, const uint32_t *pk, uint32_t epoch, const uint8_t *msg,
                     const uint32_t *sig, int last) {
    const unsigned d = in->digest_words;
    hs_sbuf_put(b, "  {\"public_key\": {\"root\": ", 26);
    put_words(b, pk, d);
    hs_sbuf_put(b, ", \"parameter\": ", 15);
    put_words(b, pk + d, in->param_words);
    hs_sbuf_printf(b, "},\n   \"epoch\": %u,\n   \"message\": ", epoch);
    if (in->msg_elements) {
        uint32_t e[8];
        for (unsigned i = 0; i < in->msg_elements; i++)
            e[i] = (uint32_t)msg[4 * i] | (uint32_t)msg[4 * i + 1] << 8 | (uint32_t)msg[4 * i + 2] << 16 |
                   (uint32_t)msg[4 * i + 3] << 24;
        put_words(b, e, in->msg_elements);
    } else {
        hs_sbuf_put(b, "\"", 1);
        for (unsigned i = 0; i < in->msg_bytes; i++) hs_sbuf_printf(b, "%02x", msg[i]);
        hs_sbuf_put(b, "\"", 1);
    }
    hs_sbuf_put(b, ",\n   \"signature\": {\n    \"randomness\": ", 38);
    put_words(b, sig, in->rand_words);
    hs_sbuf_put(b, ",\n", 2);
    put_rows(b, "chain_tips", sig + in->rand_words, in->chains, d, 0);
    put_rows(b, "path", sig + in->rand_words + in->chains * d, in->height, d, 1);
    hs_sbuf_printf(b, "   }}%s\n", last ? "" : ",");
}

/* A random message of the scheme's form (elements: each below p). */
static void random_message(const hs_xmss_info *in, uint64_t seed, uint8_t *msg) {
    uint64_t x = seed;
    for (unsigned i = 0; i < in->msg_bytes; i += 4) {
        uint32_t w;
        do w = (uint32_t)(x = mix(x)); /* rejection below p keeps the elements uniform */
        while (in->msg_elements && w >= 2130706433u);
        for (unsigned b = 0; b < 4 && i + b < in->msg_bytes; b++) msg[i + b] = (uint8_t)(w >> (8 * b));
    }
}

static int cmd_make(const char *scheme, const char *count_s, const char *epoch_s, const char *seed_s, const char *out,
                    int one_message) {
    hs_xmss_info in;
    unsigned long count, epoch;
    uint64_t seed;
    if (!scheme_arg(scheme, &in)) return HS_EXIT_USAGE;
    if (!count_s || !epoch_s || !seed_s || !out) {
        hs_cli_error(CMD, "make needs --count N, --epoch E, --seed SEED and --out FILE");
        return HS_EXIT_USAGE;
    }
    if (!hs_cli_uint(CMD, "count", count_s, 1, XMSS_MAX_COUNT, &count) ||
        !hs_cli_uint(CMD, "epoch", epoch_s, 0, 0xfffffffful, &epoch))
        return HS_EXIT_USAGE;
    char *end;
    seed = strtoull(seed_s, &end, 10);
    if (!*seed_s || *end || *seed_s == '-') {
        hs_cli_error(CMD, "--seed '%s' must be a decimal integer below 2^64", seed_s);
        return HS_EXIT_USAGE;
    }
    char err[512];
    if (!hs_out_check(out, err, sizeof err)) {
        hs_cli_error(CMD, "%s", err);
        return HS_EXIT_USAGE;
    }
    hs_sbuf b = {0};
    uint32_t pk[16], *sig = malloc(in.sig_words * sizeof *sig);
    uint8_t msg[64];
    int ok = sig != NULL;
    hs_sbuf_put(&b, "[\n", 2);
    for (unsigned long k = 0; ok && k < count; k++) {
        random_message(&in, mix(seed ^ mix(one_message ? 0 : 2 * k)), msg);
        char why[HS_REASON_LEN];
        hs_status st = hs_xmss_make(scheme, mix(seed ^ mix(2 * k + 1)), (uint32_t)epoch, msg, pk, sig, why, sizeof why);
        if (st != HS_OK) {
            hs_cli_error(CMD, "make: %s", why);
            ok = 0;
            break;
        }
        put_item(&b, &in, pk, (uint32_t)epoch, msg, sig, k + 1 == count);
    }
    hs_sbuf_put(&b, "]\n", 2);
    free(sig);
    if (ok && b.failed) hs_cli_error(CMD, "out of memory"), ok = 0;
    if (ok && !hs_write_all(out, b.data, b.len, err, sizeof err)) hs_cli_error(CMD, "%s", err), ok = 0;
    hs_sbuf_free(&b);
    if (ok && strcmp(out, "-")) fprintf(stderr, "xmss make: %lu signatures (%s, epoch %lu) in %s\n", count, scheme, epoch, out);
    return ok ? HS_EXIT_OK : HS_EXIT_USAGE;
}

int hs_cmd_xmss(int argc, char **argv) {
    const char *scheme = NULL, *file = NULL, *threads_s = NULL, *format = NULL, *count_s = NULL, *epoch_s = NULL;
    const char *seed_s = NULL, *out = NULL;
    int one_message = 0;
    hs_opt opts[] = {{"scheme", 1, &scheme, NULL}, {"json", 1, &file, NULL},   {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format, NULL}, {"count", 1, &count_s, NULL}, {"epoch", 1, &epoch_s, NULL},
                     {"seed", 1, &seed_s, NULL},   {"out", 1, &out, NULL},       {"one-message", 0, NULL, &one_message}};
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return argc < 2 ? HS_EXIT_USAGE : HS_EXIT_OK;
    }
    const char *action = argv[1];
    int r = hs_cli_parse(CMD, argc - 1, argv + 1, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    if (!strcmp(action, "verify")) {
        if (count_s || epoch_s || seed_s || out || one_message) {
            hs_cli_error(CMD, "--count, --epoch, --seed, --out and --one-message belong to make");
            return HS_EXIT_USAGE;
        }
        int json = hs_cli_format(CMD, format);
        if (json < 0) return HS_EXIT_USAGE;
        hs_cli_set_json(json);
        return cmd_verify(scheme, file, threads_s, json);
    }
    if (!strcmp(action, "make")) {
        if (file || format || threads_s) {
            hs_cli_error(CMD, "--json, --format and --threads belong to verify");
            return HS_EXIT_USAGE;
        }
        return cmd_make(scheme, count_s, epoch_s, seed_s, out, one_message);
    }
    hs_cli_error(CMD, "unknown action '%s' (verify or make; see 'hashsnark xmss --help')", action);
    return HS_EXIT_USAGE;
}

/* ---- bench --xmss ---- */

int hs_cmd_bench_xmss(int argc, char **argv) {
    const char *scheme = "leanvm-kb-2605", *count_s = NULL, *threads_s = NULL, *format = "md";
    int xmss = 0;
    hs_opt opts[] = {{"xmss", 0, NULL, &xmss},
                     {"scheme", 1, &scheme, NULL},
                     {"count", 1, &count_s, NULL},
                     {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format, NULL}};
    int r = hs_cli_parse("bench", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        printf("usage: hashsnark bench --xmss [--scheme S] [--count N] [--threads T] [--format md|json]\n"
               "\n"
               "Native verification rate of hash-based signatures: N (default 4096) valid signatures of\n"
               "one epoch (as an aggregate has them; made first, not timed), at 1 thread and at T threads\n"
               "(default: HS_THREADS or every CPU): 'batch' verifies all N at once, best of 3 runs; 'best\n"
               "round' is the fastest of repeated rounds of 32 signatures a thread over about a second\n"
               "(on a shared machine the closest to what the code can do). Schemes:\n");
        schemes_help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    hs_xmss_info in;
    unsigned long count = 4096, threads = 0;
    if (!scheme_arg(scheme, &in)) return HS_EXIT_USAGE;
    if (count_s && !hs_cli_uint("bench", "count", count_s, 1, XMSS_MAX_COUNT, &count)) return HS_EXIT_USAGE;
    if (threads_s && !hs_cli_uint("bench", "threads", threads_s, 1, 4096, &threads)) return HS_EXIT_USAGE;
    int json = !strcmp(format, "json");
    if (!json && strcmp(format, "md")) {
        hs_cli_error("bench", "--xmss: --format md or json, not '%s'", format);
        return HS_EXIT_USAGE;
    }
    hs_ctx *ctxn = hs_cli_ctx("bench", threads), *ctx1 = hs_cli_ctx("bench", 1);
    uint32_t *pk = malloc(count * in.pk_words * 4), *sig = malloc(count * in.sig_words * 4), *ep = malloc(count * 4);
    uint8_t *msg = malloc(count * in.msg_bytes);
    hs_status *res = malloc(count * sizeof *res);
    int rc = HS_EXIT_OK;
    if (!ctxn || !ctx1 || !pk || !sig || !ep || !msg || !res) {
        hs_cli_error("bench", "out of memory");
        rc = HS_EXIT_USAGE;
        goto out;
    }
    /* a few distinct signatures repeated: the verifier's work does not depend on which */
    const unsigned long distinct = count < 64 ? count : 64;
    for (unsigned long k = 0; k < count; k++) {
        if (k < distinct) {
            random_message(&in, mix(k), msg + k * in.msg_bytes);
            if (hs_xmss_make(scheme, mix(k + 1000), 12345, msg + k * in.msg_bytes, pk + k * in.pk_words,
                             sig + k * in.sig_words, NULL, 0) != HS_OK) {
                hs_cli_error("bench", "could not make the signatures");
                rc = HS_EXIT_USAGE;
                goto out;
            }
        } else {
            unsigned long s = k % distinct;
            memcpy(pk + k * in.pk_words, pk + s * in.pk_words, in.pk_words * 4);
            memcpy(sig + k * in.sig_words, sig + s * in.sig_words, in.sig_words * 4);
            memcpy(msg + k * in.msg_bytes, msg + s * in.msg_bytes, in.msg_bytes);
        }
        ep[k] = 12345;
    }
    /* whole batch: the count once, best of 3; rounds: 32 signatures a thread (a few ms), repeated for about
     * a second, the fastest round (as bench --native: on a shared machine the best round is the
     * closest to what the code can do) */
    double rate[2] = {0, 0}, best[2] = {0, 0};
    hs_ctx *ctxs[2] = {ctx1, ctxn};
    for (int t = 0; t < 2 && rc == HS_EXIT_OK; t++) {
        const unsigned long round = 32ul * hs_ctx_threads(ctxs[t]) < count ? 32ul * hs_ctx_threads(ctxs[t]) : count;
        double spent = 0;
        for (int rep = 0; rep < 3 || (spent < 1.0 && rep < 100000); rep++) {
            const unsigned long n = rep < 3 ? count : round;
            double t0 = hs_cli_now();
            hs_status st = hs_xmss_verify_many(ctxs[t], scheme, n, pk, ep, msg, sig, res, NULL, 0);
            double dt = hs_cli_now() - t0;
            for (unsigned long k = 0; st == HS_OK && k < n; k++)
                if (res[k] != HS_OK) st = HS_ERR_REJECTED;
            if (st != HS_OK) {
                hs_cli_error("bench", "verification failed: %s", hs_status_str(st));
                rc = HS_EXIT_USAGE;
                break;
            }
            if (rep < 3 && n / dt > rate[t]) rate[t] = n / dt;
            if (n / dt > best[t]) best[t] = n / dt;
            if (rep >= 3) spent += dt;
        }
    }
    if (rc != HS_EXIT_OK) goto out;
    const unsigned calls = in.compressions + in.permutations + (in.msg_elements ? 0 : 1);
    if (json) {
        hs_json j;
        hs_json_begin(&j, stdout);
        hs_json_str(&j, "command", "bench --xmss");
        hs_json_str(&j, "scheme", scheme);
        hs_json_u64(&j, "signatures", count);
        hs_json_u64(&j, "calls_per_signature", calls);
        hs_json_num(&j, "per_s_1_thread", rate[0]);
        hs_json_num(&j, "best_round_per_s_1_thread", best[0]);
        hs_json_u64(&j, "threads", hs_ctx_threads(ctxn));
        hs_json_num(&j, "per_s", rate[1]);
        hs_json_num(&j, "best_round_per_s", best[1]);
        hs_json_str(&j, "simd", hs_simd_level());
        hs_json_end(&j);
    } else {
        printf("| scheme | signatures | threads | verified/s (batch) | best round | Poseidon1-KB16 calls/s (best round) |\n"
               "|---|---|---|---|---|---|\n");
        for (int t = 0; t < 2; t++)
            printf("| %s | %lu | %u | %.0f | %.0f | %.2fM |\n", scheme, count, hs_ctx_threads(ctxs[t]), rate[t], best[t],
                   best[t] * calls / 1e6);
    }
out:
    free(pk), free(sig), free(ep), free(msg), free(res);
    if (ctxn) hs_ctx_free(ctxn);
    if (ctx1) hs_ctx_free(ctx1);
    return rc;
}

/* ---- aggregation: prove --statement xmss, verify --json, params --statement xmss ---- */

#define AGG_MAX_PROOF ((size_t)256 << 20)

/* The items' common epoch and message (an aggregate is one epoch and one message). */
static int common_public(const char *cmd, const char *file, const items *it) {
    if (!it->n) {
        hs_cli_error(cmd, "%s: no signature items", file);
        return 0;
    }
    const size_t mb = it->in.msg_bytes;
    for (size_t k = 1; k < it->n; k++)
        if (it->epoch[k] != it->epoch[0] || memcmp(it->msg + k * mb, it->msg, mb)) {
            hs_cli_error(cmd, "%s:%u: item %zu has another %s than item 0 (an aggregate is of one epoch and one message)",
                         file, (unsigned)it->line[k], k, it->epoch[k] != it->epoch[0] ? "epoch" : "message");
            return 0;
        }
    return 1;
}

static void agg_prove_help(void) {
    printf("usage: hashsnark prove --statement xmss --scheme S --json FILE --out PROOF [--preset P] [--threads T]\n"
           "                       [--format text|json] [--quiet]\n"
           "\n"
           "Aggregates XMSS signatures (docs/XMSS_AGG.md): one gkr proof that every signature of FILE (the\n"
           "'hashsnark xmss verify' format: all of one epoch and one message) verifies under its public key.\n"
           "The keys, the epoch and the message are public (the verifier reads them from the same file); the\n"
           "signatures are not in the proof. Every call of every signature is proven in one Poseidon1-KB16\n"
           "walk, the copies between calls and the encoding's digits by a zerocheck over the signatures.\n"
           "A signature that does not verify is refused (exit 1), naming its index, line and reason.\n"
           "\n"
           "  --scheme S    leanvm-kb-2605 or leanvm-kb\n"
           "  --json FILE   the signatures ('hashsnark xmss make' writes such files)\n"
           "  --out PROOF   where to write the proof\n"
           "  --preset P    proven128 (default), fast100, compat\n"
           "  --threads T   worker threads (default: HS_THREADS or every CPU); the proof does not depend on it\n"
           HS_CLI_FORMAT_HELP("  ")
           "  --quiet       no phase times on standard error\n");
}

int hs_cmd_prove_xmss(int argc, char **argv) {
    const char *stmt = NULL, *scheme = NULL, *file = NULL, *out = NULL, *preset = "proven128", *threads_s = NULL,
               *format = NULL;
    int quiet = 0;
    hs_opt opts[] = {{"statement", 1, &stmt, NULL}, {"scheme", 1, &scheme, NULL},     {"json", 1, &file, NULL},
                     {"out", 1, &out, NULL},        {"preset", 1, &preset, NULL},     {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format, NULL},  {"quiet", 0, NULL, &quiet}};
    int r = hs_cli_parse("prove", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return agg_prove_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("prove", format);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    items it = {0};
    if (!scheme_arg(scheme, &it.in)) return HS_EXIT_USAGE;
    if (!file || !out) {
        hs_cli_error("prove", "--statement xmss needs --json FILE and --out PROOF");
        return HS_EXIT_USAGE;
    }
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 4096, &threads)) return HS_EXIT_USAGE;
    { /* the scheme and preset first: a scheme not proven yet is refused before the file is read */
        hs_params_report *rep = calloc(1, sizeof *rep);
        char reason[HS_REASON_LEN];
        const hs_status ps = rep ? hs_params_xmss(rep, reason, sizeof reason, scheme, preset, 1) : HS_ERR_NOMEM;
        free(rep);
        if (ps != HS_OK) {
            hs_cli_error("prove", "%s", ps == HS_ERR_NOMEM ? hs_status_str(ps) : reason);
            return HS_EXIT_USAGE;
        }
    }
    if (!read_items(file, &it, 0)) return HS_EXIT_USAGE;
    int rc = HS_EXIT_USAGE;
    hs_ctx *ctx = NULL;
    if (!common_public("prove", file, &it) || !(ctx = hs_cli_ctx("prove", threads))) goto done;
    uint8_t *proof = NULL;
    size_t plen = 0, bad = it.n;
    hs_prove_stats st;
    char reason[HS_REASON_LEN], err[512];
    const hs_status s = hs_xmss_aggregate(ctx, &proof, &plen, &st, &bad, reason, sizeof reason, scheme, preset, it.n,
                                          it.pk, it.epoch[0], it.msg, it.sig);
    if (s != HS_OK) {
        if (s == HS_ERR_REJECTED && bad < it.n) {
            hs_cli_reject("prove", "%s:%u: %s", file, (unsigned)it.line[bad], reason);
            rc = HS_EXIT_REJECT;
        } else
            hs_cli_error("prove", "%s", reason);
        goto done;
    }
    if (!quiet) hs_cli_print_phases("prove", &st);
    if (!hs_write_all(out, (const char *)proof, plen, err, sizeof err)) {
        hs_cli_error("prove", "%s", err);
        hs_proof_free(proof);
        goto done;
    }
    hs_proof_free(proof);
    const double rate = st.total_s > 0 ? (double)it.n / st.total_s : 0.0;
    if (json) {
        hs_json j;
        hs_cli_json_proof(&j, "gkr", "poseidon1-kb16", "xmss", preset, it.n, "signatures", out, plen, &st);
        hs_json_str(&j, "scheme", scheme);
        hs_json_u64(&j, "epoch", it.epoch[0]);
        hs_json_u64(&j, "physical_rows", st.physical_rows);
        hs_json_num(&j, "claimed_bits", st.claimed_bits);
        hs_json_end(&j);
    } else
        printf("proved %zu %s signatures (%zu Poseidon1-KB16 rows) in %.3f s: %.1f signatures/s, proof %zu bytes, "
               "%.1f provable bits\n",
               it.n, scheme, st.physical_rows, st.total_s, rate, plen, st.claimed_bits);
    rc = HS_EXIT_OK;
done:
    hs_ctx_free(ctx);
    items_free(&it);
    return rc;
}

int hs_cmd_verify_xmss(int argc, char **argv) {
    const char *proof_s = NULL, *file = NULL, *threads_s = NULL, *format = NULL;
    hs_opt opts[] = {{"proof", 1, &proof_s, NULL}, {"json", 1, &file, NULL}, {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format, NULL}};
    int r = hs_cli_parse("verify", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        printf("usage: hashsnark verify --proof PROOF --json FILE [--threads T] [--format text|json]\n"
               "Verifies an XMSS aggregate ('hashsnark prove --statement xmss') against the public keys, epoch\n"
               "and message of FILE (its signatures, if any, are not read).\n");
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("verify", format);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    if (!proof_s || !file) {
        hs_cli_error("verify", "an XMSS aggregate needs --proof PROOF and --json FILE");
        return HS_EXIT_USAGE;
    }
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("verify", "threads", threads_s, 1, 4096, &threads)) return HS_EXIT_USAGE;
    hs_sbuf buf = {0};
    char err[512], reason[HS_REASON_LEN];
    if (hs_read_all(proof_s, &buf, AGG_MAX_PROOF, err, sizeof err) != 1) {
        hs_cli_error("verify", "%s", err);
        hs_sbuf_free(&buf);
        return HS_EXIT_USAGE;
    }
    const uint8_t *pb = (const uint8_t *)(buf.data ? buf.data : "");
    const char *scheme = NULL, *preset = NULL;
    size_t n = 0;
    int rc = HS_EXIT_REJECT;
    items it = {0};
    hs_ctx *ctx = NULL;
    if (hs_xmss_aggregate_peek(&scheme, &n, &preset, reason, sizeof reason, pb, buf.len) != HS_OK) {
        hs_cli_reject("verify", "%s: %s", proof_s, reason);
        goto done;
    }
    rc = HS_EXIT_USAGE;
    if (hs_xmss_info_get(&it.in, scheme) != HS_OK || !read_items(file, &it, 1) || !common_public("verify", file, &it) ||
        !(ctx = hs_cli_ctx("verify", threads)))
        goto done;
    const double t0 = hs_cli_now();
    const hs_status s = hs_xmss_aggregate_verify(ctx, reason, sizeof reason, scheme, pb, buf.len, it.n, it.pk,
                                                 it.epoch[0], it.msg);
    const double dt = hs_cli_now() - t0;
    if (s != HS_OK) {
        if (s == HS_ERR_REJECTED) hs_cli_reject("verify", "%s", reason);
        else hs_cli_error("verify", "%s", reason);
        rc = s == HS_ERR_REJECTED ? HS_EXIT_REJECT : HS_EXIT_USAGE;
        goto done;
    }
    if (json) {
        hs_json j;
        hs_cli_json_accepted(&j, proof_s);
        hs_json_str(&j, "statement", "xmss");
        hs_json_str(&j, "scheme", scheme);
        hs_json_str(&j, "preset", preset);
        hs_json_u64(&j, "signatures", it.n);
        hs_json_num(&j, "verify_s", dt);
        hs_json_end(&j);
    } else
        printf("accepted: %zu %s signatures of one message at epoch %u (XMSS aggregate, gkr backend, preset %s), "
               "verified in %.3f s\n",
               it.n, scheme, (unsigned)it.epoch[0], preset, dt);
    rc = HS_EXIT_OK;
done:
    hs_ctx_free(ctx);
    items_free(&it);
    hs_sbuf_free(&buf);
    return rc;
}

int hs_cmd_params_xmss(int argc, char **argv) {
    const char *stmt = NULL, *scheme = "leanvm-kb-2605", *count_s = NULL, *preset = "proven128", *format = NULL;
    hs_opt opts[] = {{"statement", 1, &stmt, NULL}, {"scheme", 1, &scheme, NULL}, {"count", 1, &count_s, NULL},
                     {"preset", 1, &preset, NULL},  {"format", 1, &format, NULL}};
    int r = hs_cli_parse("params", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        printf("usage: hashsnark params --statement xmss --count N [--scheme S] [--preset P] [--format text|json]\n"
               "Every soundness term of aggregating N XMSS signatures (docs/SOUNDNESS.md \"XMSS aggregation\").\n");
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("params", format);
    if (json < 0) return HS_EXIT_USAGE;
    unsigned long n = 0;
    if (!count_s) {
        hs_cli_error("params", "--statement xmss needs --count N (the signatures)");
        return HS_EXIT_USAGE;
    }
    if (!hs_cli_uint("params", "count", count_s, 1, 1ul << 14, &n)) return HS_EXIT_USAGE;
    hs_params_report *rep = calloc(1, sizeof *rep);
    char reason[HS_REASON_LEN];
    if (!rep) return HS_EXIT_USAGE;
    if (hs_params_xmss(rep, reason, sizeof reason, scheme, preset, n) != HS_OK) {
        hs_cli_error("params", "%s", reason);
        free(rep);
        return HS_EXIT_USAGE;
    }
    if (json) {
        hs_json j;
        hs_json_begin(&j, stdout);
        hs_json_str(&j, "statement", "xmss");
        hs_json_str(&j, "scheme", scheme);
        hs_json_str(&j, "preset", preset);
        hs_json_u64(&j, "signatures", n);
        hs_json_u64(&j, "log_rows", rep->log_rows);
        hs_json_num(&j, "claimed_bits", rep->claimed_bits);
        hs_json_str(&j, "regime", hs_sec_regime_name(rep->regime));
        hs_json_str(&j, "weakest_term", rep->terms[rep->weakest].name);
        hs_json_bool(&j, "supported", rep->supported);
        hs_json_open(&j, "terms", '[');
        for (size_t i = 0; i < rep->n_terms; i++) {
            hs_json_open(&j, NULL, '{');
            hs_json_str(&j, "name", rep->terms[i].name);
            hs_json_num(&j, "udr", rep->terms[i].bits[0]);
            hs_json_num(&j, "johnson", rep->terms[i].bits[1]);
            hs_json_num(&j, "conjectured", rep->terms[i].bits[2]);
            hs_json_close(&j);
        }
        hs_json_end(&j);
    } else {
        printf("preset %s, XMSS aggregation of %lu %s signatures: Poseidon1-KB16, %u S-box layers, WHIR over 2^%u rows of "
               "%u columns (rate 1/%u)\n\n",
               preset, n, scheme, rep->gkr_layers, rep->log_rows, rep->whir_columns, 1u << rep->whir_log_inv_rate);
        printf("%-40s %10s %10s %12s\n", "term", "udr", "johnson", "conjectured");
        for (size_t i = 0; i < rep->n_terms; i++)
            printf("%-40s %10.2f %10.2f %12.2f\n", rep->terms[i].name, rep->terms[i].bits[0], rep->terms[i].bits[1],
                   rep->terms[i].bits[2]);
        printf("\nclaimed: %.1f bits (%s), weakest term %s; the protocol's terms %s the preset's declaration\n",
               rep->claimed_bits, hs_sec_regime_name(rep->regime), rep->terms[rep->weakest].name,
               rep->supported ? "reach" : "do NOT reach");
    }
    free(rep);
    return HS_EXIT_OK;
}
