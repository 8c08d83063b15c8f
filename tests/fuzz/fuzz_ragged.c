/* libFuzzer target: the ragged-regions verifier (hs_ragged_verify), public and private (committed
 * regions) statements. The input is a table tweak (fuzz_tables.h) then a proof; a public proof is
 * verified against the fixed tables of the regions the header names (region a of width w:
 * hs_fuzz_ragged_table(a, w)), a private one without tables (bit 31 of the tweak's position
 * gives it the tables anyway: it must then be refused). Any accepted input that is not a seed, or
 * accepted with a tweaked table, is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "gkr/ragged.h"

const char hs_fuzz_target[] = "ragged";

const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(HS_FUZZ_TWEAK_BYTES);

typedef struct {
    int tried;
    hs_kb *in, *out;
} table;
static table tables[HS_FUZZ_RAGGED_MAX_REGIONS][HS_FUZZ_RAGGED_MAX_W + 1];

static const table *region(unsigned a, unsigned w) {
    table *t = &tables[a][w];
    if (!t->tried) {
        t->tried = 1;
        if (!hs_fuzz_ragged_table(a, w, &t->in, &t->out)) hs_fuzz_finding("no fixed ragged table");
    }
    return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HS_FUZZ_TWEAK_BYTES) return 0;
    const uint8_t *proof = data + HS_FUZZ_TWEAK_BYTES;
    const size_t len = size - HS_FUZZ_TWEAK_BYTES;
    const char *why = NULL;
    hs_ragged_shape peek, shape;
    hs_kb *in[HS_RAGGED_MAX_REGIONS] = {0}, *out[HS_RAGGED_MAX_REGIONS] = {0};
    size_t rows[HS_RAGGED_MAX_REGIONS] = {0};
    unsigned A = 0;
    int tweaked = 0;
    const int peeked = hs_ragged_peek(proof, len, &peek, &why);
    const int give_private_tables = peeked && peek.private_io && (data[3] & 0x80);
    if (peeked && (!peek.private_io || give_private_tables) && peek.n_regions <= HS_FUZZ_RAGGED_MAX_REGIONS) {
        A = peek.n_regions;
        for (unsigned a = 0; a < A; a++) {
            if (peek.widths[a] > HS_FUZZ_RAGGED_MAX_W) {
                A = 0;
                break;
            }
            rows[a] = (size_t)1 << peek.widths[a];
        }
        /* copies of the fixed tables, one word tweaked */
        uint32_t *parts[2 * HS_RAGGED_MAX_REGIONS];
        size_t words[2 * HS_RAGGED_MAX_REGIONS];
        for (unsigned a = 0; a < A; a++) {
            const table *t = region(a, peek.widths[a]);
            words[2 * a] = words[2 * a + 1] = 16 * rows[a];
            in[a] = malloc(words[2 * a] * sizeof(hs_kb));
            out[a] = malloc(words[2 * a] * sizeof(hs_kb));
            if (!t->in || !in[a] || !out[a]) hs_fuzz_finding("out of memory in the harness");
            memcpy(in[a], t->in, words[2 * a] * sizeof(hs_kb));
            memcpy(out[a], t->out, words[2 * a] * sizeof(hs_kb));
            parts[2 * a] = in[a], parts[2 * a + 1] = out[a];
        }
        tweaked = hs_fuzz_tweak(parts, words, 2 * (size_t)A, data, HS_KB_P, 1);
    }
    const int none = peeked && peek.private_io && !give_private_tables; /* a private statement: no tables */
    int ok = hs_ragged_verify(proof, len, none ? NULL : (const hs_kb *const *)in, none ? NULL : (const hs_kb *const *)out,
                              none ? NULL : rows, A, 1, &shape, NULL, &why);
    for (unsigned a = 0; a < HS_RAGGED_MAX_REGIONS; a++) free(in[a]), free(out[a]);
    if (ok && give_private_tables) hs_fuzz_finding("hs_ragged_verify took tables for a private statement");
    if (ok) hs_fuzz_accepted(proof, len, tweaked, "hs_ragged_verify");
    if (!ok && !why) hs_fuzz_finding("hs_ragged_verify rejected without a reason");
    return 0;
}
