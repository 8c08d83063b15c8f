/* libFuzzer target: the stark verifier (hs_stark_verify) on untrusted proof bytes.
 * FUZZ_PUBLIC = 0 (fuzz_stark_private): the input is a proof, verified as a private statement.
 * FUZZ_PUBLIC = 1 (fuzz_stark_public): the input is a table tweak (fuzz_tables.h) then a proof of
 * a public statement, verified against the fixed table of its AIR and size (tweaked as asked).
 * Any accepted input that is not a seed, or accepted with a tweaked table, is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "stark/stark.h"

#ifndef FUZZ_PUBLIC
#define FUZZ_PUBLIC 0
#endif

#if FUZZ_PUBLIC
const char hs_fuzz_target[] = "stark_public";
#define SKIP HS_FUZZ_TWEAK_BYTES
#else
const char hs_fuzz_target[] = "stark_private";
#define SKIP 0
#endif

const int hs_fuzz_seeds_verify = 1;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(SKIP);
    return 0;
}

#if FUZZ_PUBLIC
#define MAX_AIR 16
typedef struct {
    int tried;
    uint32_t *in, *out;
    size_t in_words, out_words;
} table;
static table tables[MAX_AIR][HS_FUZZ_STARK_MAX_LOG + 1];

/* The fixed table of (air, 2^log_perms), copied and tweaked: 1 with *tweaked set, 0 if none. */
static int table_for(unsigned air_id, unsigned log_perms, const uint8_t *tw, uint32_t **in, uint32_t **out,
                     int *tweaked) {
    if (air_id >= MAX_AIR || log_perms > HS_FUZZ_STARK_MAX_LOG) return 0;
    table *t = &tables[air_id][log_perms];
    if (!t->tried) {
        t->tried = 1;
        if (!hs_fuzz_stark_table(air_id, log_perms, &t->in, &t->out, &t->in_words, &t->out_words))
            hs_fuzz_finding("no fixed table for a known AIR");
    }
    hs_air a;
    if (!t->in || !hs_air_by_id(air_id)->init(&a, 0)) return 0;
    *in = malloc(t->in_words * sizeof **in);
    *out = malloc(t->out_words * sizeof **out);
    if (!*in || !*out) hs_fuzz_finding("out of memory in the harness");
    memcpy(*in, t->in, t->in_words * sizeof **in);
    memcpy(*out, t->out, t->out_words * sizeof **out);
    const size_t pos = hs_fuzz_le32(tw) % (t->in_words + t->out_words);
    const uint64_t m = a.word_modulus ? a.word_modulus : (uint64_t)1 << 32;
    uint32_t *w = pos < t->in_words ? *in + pos : *out + (pos - t->in_words);
    const uint32_t old = *w;
    *w = (uint32_t)((old + (uint64_t)hs_fuzz_le32(tw + 4)) % m);
    *tweaked = *w != old;
    return 1;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    hs_stark_shape shape;
#if FUZZ_PUBLIC
    if (size < SKIP) return 0;
    const uint8_t *proof = data + SKIP;
    const size_t len = size - SKIP;
    uint32_t *in = NULL, *out = NULL;
    int tweaked = 0;
    size_t n_pub = 0;
    hs_stark_shape peek;
    if (hs_stark_peek(proof, len, &peek, &why)) {
        if (!peek.public_io) return 0; /* a private statement: fuzz_stark_private's */
        if (table_for(peek.air_id, peek.log_perms, data, &in, &out, &tweaked)) n_pub = (size_t)1 << peek.log_perms;
    }
    int ok = hs_stark_verify(proof, len, in, out, n_pub, 1, &shape, &why);
    free(in), free(out);
    if (ok) hs_fuzz_accepted(proof, len, tweaked, "hs_stark_verify (public)");
#else
    int ok = hs_stark_verify(data, size, NULL, NULL, 0, 1, &shape, &why);
    if (ok) hs_fuzz_accepted(data, size, 0, "hs_stark_verify (private)");
#endif
    if (!ok && !why) hs_fuzz_finding("hs_stark_verify rejected without a reason");
    return 0;
}
