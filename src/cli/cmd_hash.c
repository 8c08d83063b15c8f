/* hashsnark hash: hash messages given one per line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/textio.h"
#include "hashsnark.h"

static void help(void) {
    printf("usage: hashsnark hash --hash NAME [--in FILE] [--out FILE]\n"
           "\n"
           "Reads one message per line and writes one digest per line, in the same notation:\n"
           "  byte hashes (blake3, sha3-256, keccak-256, blake2s, vision32, poseidon2b,\n"
           "    poseidon2b-frost): lowercase hex bytes in and out; a line holding only '-' is the\n"
           "    empty message;\n"
           "  algebraic hashes: decimal field elements separated by spaces or commas in, the digest's\n"
           "    elements out (rpo256/rpx256 hash_elements, Poseidon1/Poseidon2 padding-free sponges);\n"
           "    a line holding only '-' is the empty message.\n"
           "Blank lines and lines starting with '#' are skipped. Bad input exits with status 2, names\n"
           "the file, line and value, and writes nothing.\n"
           "\n"
           "  --hash NAME   one of:\n");
    for (size_t i = 0; i < hs_hash_count(); i++)
        printf("                  %-16s %s\n", hs_hash_name(hs_hash_at(i)), hs_hash_description(hs_hash_at(i)));
    printf("  --in FILE     input (default: standard input)\n"
           "  --out FILE    output, written atomically (default: standard output)\n");
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Hashes every hex line of text into out; returns 0 with a message on bad input. */
static int hash_hex_lines(const hs_hash *h, const char *name, const char *text, size_t len, hs_sbuf *out,
                          char *err, size_t errlen) {
    const char *p = text, *end = text + len;
    size_t lineno = 0, cap = 0;
    uint8_t *msg = NULL;
    int ok = 1;
    while (ok && p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *q = p, *qe = eol ? eol : end;
        p = eol ? eol + 1 : end;
        lineno++;
        while (q < qe && (*q == ' ' || *q == '\t')) q++;
        while (qe > q && (qe[-1] == '\r' || qe[-1] == ' ' || qe[-1] == '\t')) qe--;
        if (q == qe || *q == '#') continue;
        size_t n = (size_t)(qe - q);
        if (n == 1 && *q == '-') n = 0;
        if (n % 2) {
            snprintf(err, errlen, "%s:%zu: odd number of hex digits (%zu)", name, lineno, n);
            ok = 0;
            break;
        }
        if (n / 2 > cap) {
            uint8_t *m = realloc(msg, n / 2);
            if (!m) {
                snprintf(err, errlen, "%s:%zu: out of memory", name, lineno);
                ok = 0;
                break;
            }
            msg = m;
            cap = n / 2;
        }
        for (size_t i = 0; i < n / 2; i++) {
            int hi = hexval(q[2 * i]), lo = hexval(q[2 * i + 1]);
            if (hi < 0 || lo < 0) {
                snprintf(err, errlen, "%s:%zu: '%c%c' at byte %zu is not hex", name, lineno, q[2 * i], q[2 * i + 1], i);
                ok = 0;
                break;
            }
            msg[i] = (uint8_t)(hi << 4 | lo);
        }
        if (!ok) break;
        uint8_t d[64];
        const unsigned dl = hs_hash_digest_len(h);
        if (dl > sizeof d || hs_hash_bytes(h, d, dl, msg, n / 2) != HS_OK) {
            snprintf(err, errlen, "%s:%zu: cannot hash this message", name, lineno);
            ok = 0;
            break;
        }
        char hex[129];
        for (unsigned i = 0; i < dl; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
        hs_sbuf_put(out, hex, 2 * dl);
        hs_sbuf_put(out, "\n", 1);
    }
    free(msg);
    return ok;
}

int hs_cmd_hash(int argc, char **argv) {
    const char *hash = NULL, *in = NULL, *outp = NULL;
    hs_opt opts[] = {{"hash", 1, &hash, NULL}, {"in", 1, &in, NULL}, {"out", 1, &outp, NULL}};
    int r = hs_cli_parse("hash", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    if (!hash) {
        hs_cli_error("hash", "--hash is required (see 'hashsnark hash --help')");
        return HS_EXIT_USAGE;
    }
    const hs_hash *h;
    if (hs_hash_find(&h, hash) != HS_OK) {
        hs_cli_error("hash", "unknown hash '%s' (see 'hashsnark hash --help' for the list)", hash);
        return HS_EXIT_USAGE;
    }
    char err[512];
    hs_sbuf text = {0}, out = {0};
    if (hs_read_all(in, &text, 0, err, sizeof err) != 1) {
        hs_cli_error("hash", "%s", err);
        hs_sbuf_free(&text);
        return HS_EXIT_USAGE;
    }
    const char *name = (!in || !strcmp(in, "-")) ? "<stdin>" : in;
    int ok;
    const unsigned bits = hs_hash_word_bits(h), dl = hs_hash_digest_len(h);
    if (bits == 8) {
        ok = hash_hex_lines(h, name, text.data, text.len, &out, err, sizeof err);
    } else {
        hs_table t;
        ok = hs_table_parse(&t, name, text.data, text.len, 0, hs_hash_modulus(h), bits, hash, HS_TABLE_MAX_ROWS, err,
                            sizeof err);
        if (ok && t.more) {
            snprintf(err, sizeof err, "%s:%zu: more than %zu lines (the most 'hash' takes)", name, t.more, HS_TABLE_MAX_ROWS);
            hs_table_free(&t), ok = 0;
        }
        for (size_t row = 0; ok && row < t.rows; row++) {
            const uint64_t *v = t.vals + t.off[row];
            size_t n = t.off[row + 1] - t.off[row];
            uint64_t d[8];
            hs_status st;
            if (dl > 8) {
                st = HS_ERR_UNSUPPORTED;
            } else if (bits == 32) {
                uint32_t *m = malloc((n ? n : 1) * sizeof *m), d32[8];
                if (!m) {
                    snprintf(err, sizeof err, "out of memory");
                    hs_table_free(&t);
                    ok = 0;
                    break;
                }
                for (size_t i = 0; i < n; i++) m[i] = (uint32_t)v[i];
                st = hs_hash_u32(h, d32, dl, m, n);
                free(m);
                for (unsigned i = 0; i < dl; i++) d[i] = d32[i];
            } else {
                st = hs_hash_u64(h, d, dl, v, n);
            }
            if (st != HS_OK) { /* the table's values are checked: not expected */
                snprintf(err, sizeof err, "%s:%zu: %s", name, t.line[row], hs_status_str(st));
                hs_table_free(&t);
                ok = 0;
                break;
            }
            hs_table_format_row(&out, d, dl, t.comma[row]);
        }
        if (ok) hs_table_free(&t);
    }
    hs_sbuf_free(&text);
    if (ok && out.failed) {
        snprintf(err, sizeof err, "out of memory formatting the output");
        ok = 0;
    }
    if (ok) ok = hs_write_all(outp, out.data ? out.data : "", out.len, err, sizeof err);
    hs_sbuf_free(&out);
    if (!ok) {
        hs_cli_error("hash", "%s", err);
        return HS_EXIT_USAGE;
    }
    return HS_EXIT_OK;
}
