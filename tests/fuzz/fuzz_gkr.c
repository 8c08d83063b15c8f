/* libFuzzer target: the gkr verifier (hs_gkr_verify) on untrusted proof bytes.
 * FUZZ_PUBLIC = 0 (fuzz_gkr_private): the input is a proof of a private statement (WHIR
 * commitment of X || Y).
 * FUZZ_PUBLIC = 1 (fuzz_gkr_public): a table tweak (fuzz_tables.h) then a proof of a public
 * statement, verified against the fixed table of its permutation and size.
 * Any accepted input that is not a seed, or accepted with a tweaked table, is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "gkr/gkr.h"

#ifndef FUZZ_PUBLIC
#define FUZZ_PUBLIC 0
#endif

#if FUZZ_PUBLIC
const char hs_fuzz_target[] = "gkr_public";
#define SKIP HS_FUZZ_TWEAK_BYTES
#else
const char hs_fuzz_target[] = "gkr_private";
#define SKIP 0
#endif

const int hs_fuzz_seeds_verify = 1;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(SKIP);
    return 0;
}

#if FUZZ_PUBLIC
typedef struct {
    int tried;
    hs_kb *in, *out;
    unsigned width;
} table;
static table tables[HS_GKR_PERM_IDS + 1][HS_FUZZ_GKR_MAX_LOG + 1];

static int table_for(unsigned perm_id, unsigned log_perms, const uint8_t *tw, hs_kb **in, hs_kb **out,
                     int *tweaked) {
    if (perm_id > HS_GKR_PERM_IDS || log_perms > HS_FUZZ_GKR_MAX_LOG) return 0;
    table *t = &tables[perm_id][log_perms];
    if (!t->tried) {
        t->tried = 1;
        if (!hs_fuzz_gkr_table(perm_id, log_perms, &t->in, &t->out, &t->width))
            hs_fuzz_finding("no fixed table for a known permutation");
    }
    if (!t->in) return 0;
    const size_t words = (size_t)t->width << log_perms;
    *in = malloc(words * sizeof **in);
    *out = malloc(words * sizeof **out);
    if (!*in || !*out) hs_fuzz_finding("out of memory in the harness");
    memcpy(*in, t->in, words * sizeof **in);
    memcpy(*out, t->out, words * sizeof **out);
    const size_t pos = hs_fuzz_le32(tw) % (2 * words);
    hs_kb *w = pos < words ? *in + pos : *out + (pos - words);
    const uint32_t old = hs_kb_to_u32(*w), nv = (uint32_t)((old + (uint64_t)hs_fuzz_le32(tw + 4)) % HS_KB_P);
    *w = hs_kb_from_u32(nv);
    *tweaked = nv != old;
    return 1;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    hs_gkr_shape shape;
#if FUZZ_PUBLIC
    if (size < SKIP) return 0;
    const uint8_t *proof = data + SKIP;
    const size_t len = size - SKIP;
    hs_kb *in = NULL, *out = NULL;
    int tweaked = 0;
    size_t n_pub = 0;
    hs_gkr_shape peek;
    if (hs_gkr_peek(proof, len, &peek, &why)) {
        if (!peek.public_io) return 0; /* a private statement: fuzz_gkr_private's */
        if (table_for(peek.perm_id, peek.log_perms, data, &in, &out, &tweaked)) n_pub = (size_t)1 << peek.log_perms;
    }
    int ok = hs_gkr_verify(proof, len, in, out, n_pub, 1, &shape, &why);
    free(in), free(out);
    if (ok) hs_fuzz_accepted(proof, len, tweaked, "hs_gkr_verify (public)");
#else
    int ok = hs_gkr_verify(data, size, NULL, NULL, 0, 1, &shape, &why);
    if (ok) hs_fuzz_accepted(data, size, 0, "hs_gkr_verify (private)");
#endif
    if (!ok && !why) hs_fuzz_finding("hs_gkr_verify rejected without a reason");
    return 0;
}
