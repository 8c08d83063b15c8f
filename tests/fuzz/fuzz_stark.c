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
#else
const char hs_fuzz_target[] = "stark_private";
#endif
const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(FUZZ_PUBLIC ? HS_FUZZ_TWEAK_BYTES : 0);

static int peek(const uint8_t *proof, size_t len, unsigned *id, unsigned *log_n, int *public_io) {
    hs_stark_shape s;
    const char *why;
    if (!hs_stark_peek(proof, len, &s, &why)) return 0;
    *id = s.air_id, *log_n = s.log_perms, *public_io = s.public_io;
    return 1;
}

#define MAX_AIR 16
typedef struct {
    int tried;
    uint32_t *words[2];
    size_t n[2];
} table;
static table tables[MAX_AIR][HS_FUZZ_STARK_MAX_LOG + 1];

static int tables_of(unsigned air_id, unsigned log_n, const uint8_t *tw, uint32_t **in, uint32_t **out, int *tweaked) {
    hs_air a;
    if (air_id >= MAX_AIR || log_n > HS_FUZZ_STARK_MAX_LOG || !hs_air_by_id(air_id) || !hs_air_by_id(air_id)->init(&a, 0))
        return 0;
    table *t = &tables[air_id][log_n];
    if (!t->tried) {
        t->tried = 1;
        if (!hs_fuzz_stark_table(air_id, log_n, &t->words[0], &t->words[1], &t->n[0], &t->n[1]))
            hs_fuzz_finding("no fixed table for a known AIR");
    }
    uint32_t *c[2];
    for (int k = 0; k < 2; k++) {
        if (!(c[k] = malloc(t->n[k] * sizeof *c[k]))) hs_fuzz_finding("out of memory in the harness");
        memcpy(c[k], t->words[k], t->n[k] * sizeof *c[k]);
    }
    *tweaked = hs_fuzz_tweak(c, t->n, 2, tw, a.word_modulus, 0);
    *in = c[0], *out = c[1];
    return 1;
}

static int verify(const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, size_t n_pub,
                  const char **why) {
    hs_stark_shape s;
    return hs_stark_verify(proof, len, in, out, n_pub, 1, &s, why);
}

static const hs_fuzz_backend backend = {"hs_stark_verify", peek, tables_of, verify};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return hs_fuzz_verify_input(&backend, FUZZ_PUBLIC, data, size);
}
