/* hashsnark perm: evaluate a permutation on a table of states. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/textio.h"
#include "hashsnark.h"

static void help(void) {
    printf("usage: hashsnark perm --hash NAME [--in FILE] [--out FILE] [--threads T]\n"
           "\n"
           "Reads one state per line (WIDTH decimal integers separated by spaces or commas; blank\n"
           "lines and lines starting with '#' are skipped) and writes each permuted state on its\n"
           "own line, in the input's order and separator style (', ' if the line used commas).\n"
           "Binary-field permutations take and print hex instead: vision32, 24 words of 8 hex digits\n"
           "(an optional 0x prefix on input) in Binius' canonical tower basis; poseidon2b and\n"
           "poseidon2b-frost, 4 GF(2^128) elements a line, each 0x and at most 32 hex digits, written\n"
           "as 0x and 32 digits: poseidon2b in the GHASH basis (bit i = coefficient of X^i,\n"
           "X^128 + X^7 + X^2 + X + 1), poseidon2b-frost as FROST-GKR's tower values.\n"
           "Any bad input (a value >= p, a non-number, a wrong count of values, an unknown hash)\n"
           "exits with status 2 and a message naming the file, line and value, and writes nothing.\n"
           "\n"
           "  --hash NAME    permutation (see 'hashsnark --help' for the list)\n"
           "  --in FILE      input file (default: standard input; '-' also means standard input)\n"
           "  --out FILE     output file, written atomically (default: standard output)\n"
           "  --threads T    worker threads (default: HS_THREADS or every CPU)\n");
}

int hs_cmd_perm(int argc, char **argv) {
    const char *hash = NULL, *in = NULL, *out = NULL, *threads_s = NULL;
    hs_opt opts[] = {{"hash", 1, &hash, NULL}, {"in", 1, &in, NULL}, {"out", 1, &out, NULL},
                     {"threads", 1, &threads_s, NULL}};
    int r = hs_cli_parse("perm", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    if (!hash) {
        hs_cli_error("perm", "--hash is required (see 'hashsnark perm --help')");
        return HS_EXIT_USAGE;
    }
    const hs_perm *perm;
    if (hs_perm_find(&perm, hash) != HS_OK) {
        hs_cli_error("perm", "unknown hash '%s' (see 'hashsnark --help' for the list)", hash);
        return HS_EXIT_USAGE;
    }
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("perm", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;

    char err[512];
    hs_sbuf text = {0};
    if (hs_read_all(in, &text, 0, err, sizeof err) != 1) {
        hs_cli_error("perm", "%s", err);
        hs_sbuf_free(&text);
        return HS_EXIT_USAGE;
    }
    const char *name = (!in || !strcmp(in, "-")) ? "<stdin>" : in;
    hs_table t;
    unsigned width = hs_perm_width(perm), bits = hs_perm_word_bits(perm), hex = hs_perm_hex_digits(perm);
    /* words an element spans: 2 for GF(2^128) elements, which are 0x-prefixed hex */
    const unsigned per = hs_perm_elem_bits(perm) > bits ? hs_perm_elem_bits(perm) / bits : 1;
    const int prefixed = per > 1;
    int ok = hex ? hs_table_parse_hex(&t, name, text.data, text.len, width / per, hex, prefixed, hash,
                                      HS_TABLE_MAX_ROWS, err, sizeof err)
                 : hs_table_parse(&t, name, text.data, text.len, width, hs_perm_modulus(perm), bits, hash,
                                  HS_TABLE_MAX_ROWS, err, sizeof err);
    hs_sbuf_free(&text);
    if (ok && t.more) {
        snprintf(err, sizeof err, "%s:%zu: more than %zu lines (the most 'perm' takes)", name, t.more, HS_TABLE_MAX_ROWS);
        hs_table_free(&t), ok = 0;
    }
    if (!ok) {
        hs_cli_error("perm", "%s", err);
        return HS_EXIT_USAGE;
    }

    hs_ctx *ctx = NULL;
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error("perm", "bad HS_THREADS value");
        hs_table_free(&t);
        return HS_EXIT_USAGE;
    }
    size_t words = t.rows * width;
    hs_status st;
    if (bits == 32) {
        uint32_t *s = malloc((words ? words : 1) * sizeof *s);
        if (!s) {
            st = HS_ERR_NOMEM;
        } else {
            for (size_t i = 0; i < words; i++) s[i] = (uint32_t)t.vals[i];
            st = hs_perm_many_u32(ctx, perm, s, t.rows);
            for (size_t i = 0; i < words; i++) t.vals[i] = s[i];
            free(s);
        }
    } else {
        st = hs_perm_many_u64(ctx, perm, t.vals, t.rows);
    }
    hs_ctx_free(ctx);
    if (st != HS_OK) {
        hs_cli_error("perm", "%s", hs_status_str(st));
        hs_table_free(&t);
        return HS_EXIT_USAGE;
    }
    hs_sbuf o = {0};
    for (size_t r2 = 0; r2 < t.rows; r2++) {
        if (hex) hs_table_format_row_hex(&o, t.vals + r2 * width, width / per, hex, prefixed, t.comma[r2]);
        else hs_table_format_row(&o, t.vals + r2 * width, width, t.comma[r2]);
    }
    hs_table_free(&t);
    if (o.failed) {
        hs_cli_error("perm", "out of memory formatting the output");
        hs_sbuf_free(&o);
        return HS_EXIT_USAGE;
    }
    ok = hs_write_all(out, o.data ? o.data : "", o.len, err, sizeof err);
    hs_sbuf_free(&o);
    if (!ok) {
        hs_cli_error("perm", "%s", err);
        return HS_EXIT_USAGE;
    }
    return HS_EXIT_OK;
}
