/* libFuzzer target: the command line's table reader (src/cli/textio.c hs_table_parse and
 * hs_table_parse_hex). The first input byte picks the reader's settings: bits 0..2 a mode (width,
 * modulus, value bits, row cap); bit 7 set reads the mode's rows as 0x-prefixed 128-bit hex values
 * of at most 32 digits, 4 a row where the mode has a width (poseidon2b's perm lines), else bit 3
 * set reads them as hex words of at most 8 digits (vision32's); the rest is the text. Hex rows are
 * written back with hs_table_format_row_hex and must read back the same. What it must hold: no
 * crash, a message on every refusal, and on success a table as documented (rows within the cap,
 * every value below the modulus or 2^bits, widths as asked, row offsets increasing, line numbers
 * increasing). */
#include <stdio.h>
#include <string.h>

#include "cli/textio.h"
#include "fuzz_common.h"

const char hs_fuzz_target[] = "textio";

const int hs_fuzz_seeds_verify = 0;

HS_FUZZ_INIT_NONE;

typedef struct {
    unsigned width;
    uint64_t modulus;
    unsigned bits;
    size_t max_rows;
} settings;

static const settings modes[8] = {
    {16, 0x7f000001u, 32, 0},          /* poseidon2-kb16 states */
    {24, 0x7f000001u, 32, 4},          /* poseidon2-kb24, at most 4 rows */
    {25, 0, 64, 0},                    /* keccak-f1600 lanes */
    {0, 0, 32, 0},                     /* hash messages: any number of values */
    {1, 0xffffffff00000001ull, 64, 3}, /* goldilocks */
    {8, 0, 32, 1},
    {0, 2, 64, 2},
    {2, 0x7fffffffu, 32, 0},           /* mersenne31 */
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    settings mode = modes[data[0] & 7];
    const settings *m = &mode;
    const unsigned digits = data[0] & 0x80 ? 32 : data[0] & 8 ? 8 : 0; /* 0: decimal */
    const int prefixed = digits == 32, two = digits > 16;                 /* two words a value */
    if (two) mode.width = mode.width ? 4 : 0;
    hs_table t;
    char err[256];
    err[0] = 0;
    int ok = digits ? hs_table_parse_hex(&t, "fuzz", (const char *)data + 1, size - 1, m->width, digits, prefixed,
                                         "value", m->max_rows, err, sizeof err)
                    : hs_table_parse(&t, "fuzz", (const char *)data + 1, size - 1, m->width, m->modulus, m->bits,
                                     "value", m->max_rows, err, sizeof err);
    if (!ok) {
        if (!err[0]) hs_fuzz_finding("hs_table_parse refused without a message");
        if (strncmp(err, "fuzz", 4)) hs_fuzz_finding("hs_table_parse: message does not name the file");
        return 0;
    }
    if (m->max_rows && t.rows > m->max_rows) hs_fuzz_finding("more rows than the cap");
    if (t.off[0] != 0) hs_fuzz_finding("first row offset");
    for (size_t r = 0; r < t.rows; r++) {
        if (t.off[r + 1] < t.off[r]) hs_fuzz_finding("row offsets decrease");
        if (m->width && t.off[r + 1] - t.off[r] != (two ? 2u : 1u) * m->width) hs_fuzz_finding("a row of the wrong width");
        if (two && (t.off[r + 1] - t.off[r]) % 2) hs_fuzz_finding("a 128-bit value cut in half");
        if (r && t.line[r] <= t.line[r - 1]) hs_fuzz_finding("line numbers do not increase");
        for (size_t i = t.off[r]; i < t.off[r + 1]; i++) {
            if (!digits && m->modulus && t.vals[i] >= m->modulus) hs_fuzz_finding("a value at or above the modulus");
            if ((digits == 8 || (!digits && !m->modulus && m->bits == 32)) && t.vals[i] >> 32)
                hs_fuzz_finding("a value above 32 bits");
        }
        if (digits) { /* written back, it reads back the same */
            const unsigned n = (unsigned)((t.off[r + 1] - t.off[r]) / (two ? 2u : 1u));
            hs_sbuf b = {0};
            hs_table u;
            if (n) hs_table_format_row_hex(&b, t.vals + t.off[r], n, digits, prefixed, t.comma[r]);
            else hs_sbuf_put(&b, "-\n", 2);
            if (!b.failed && hs_table_parse_hex(&u, "back", b.data, b.len, m->width, digits, prefixed, "value", 0, err,
                                                sizeof err)) {
                if (u.rows != 1 || u.off[1] != t.off[r + 1] - t.off[r] ||
                    (u.off[1] && memcmp(u.vals, t.vals + t.off[r], u.off[1] * sizeof *u.vals)))
                    hs_fuzz_finding("a hex row written back reads back different");
                hs_table_free(&u);
            } else if (!b.failed) {
                hs_fuzz_finding("a hex row written back is refused");
            }
            hs_sbuf_free(&b);
        }
    }
    if (m->width && t.off[t.rows] != (size_t)t.rows * m->width * (two ? 2u : 1u)) hs_fuzz_finding("value count");
    hs_table_free(&t);
    return 0;
}
