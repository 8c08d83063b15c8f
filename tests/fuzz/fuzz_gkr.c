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
#else
const char hs_fuzz_target[] = "gkr_private";
#endif
const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(FUZZ_PUBLIC ? HS_FUZZ_TWEAK_BYTES : 0);

static int peek(const uint8_t *proof, size_t len, unsigned *id, unsigned *log_n, int *public_io) {
    hs_gkr_shape s;
    const char *why;
    if (!hs_gkr_peek(proof, len, &s, &why)) return 0;
    *id = s.perm_id, *log_n = s.log_perms, *public_io = s.public_io;
    return 1;
}

typedef struct {
    int tried;
    hs_kb *in, *out;
    size_t words;
} table;
static table tables[HS_GKR_PERM_IDS + 1][HS_FUZZ_GKR_MAX_LOG + 1];

static int tables_of(unsigned perm_id, unsigned log_n, const uint8_t *tw, uint32_t **in, uint32_t **out, int *tweaked) {
    if (perm_id > HS_GKR_PERM_IDS || log_n > HS_FUZZ_GKR_MAX_LOG || !hs_gkr_perm_get(perm_id)) return 0;
    table *t = &tables[perm_id][log_n];
    if (!t->tried) {
        unsigned width;
        t->tried = 1;
        if (!hs_fuzz_gkr_table(perm_id, log_n, &t->in, &t->out, &width))
            hs_fuzz_finding("no fixed table for a known permutation");
        t->words = (size_t)width << log_n;
    }
    uint32_t *c[2];
    const size_t n[2] = {t->words, t->words};
    for (int k = 0; k < 2; k++) {
        if (!(c[k] = malloc(t->words * sizeof(hs_kb)))) hs_fuzz_finding("out of memory in the harness");
        memcpy(c[k], k ? t->out : t->in, t->words * sizeof(hs_kb));
    }
    *tweaked = hs_fuzz_tweak(c, n, 2, tw, HS_KB_P, 1);
    *in = c[0], *out = c[1];
    return 1;
}

static int verify(const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, size_t n_pub,
                  const char **why) {
    hs_gkr_shape s;
    const char *w = NULL;
    /* the tables were made for the permutation the header names (tables_of): their width is its width */
    const hs_gkr_perm *p = hs_gkr_peek(proof, len, &s, &w) ? hs_gkr_perm_get(s.perm_id) : NULL;
    return hs_gkr_verify(proof, len, in, out, n_pub, p ? p->width : 16u, 1, &s, why);
}

static const hs_fuzz_backend backend = {"hs_gkr_verify", peek, tables_of, verify};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return hs_fuzz_verify_input(&backend, FUZZ_PUBLIC, data, size);
}
