/* libFuzzer target: Poseidon2b by GKR over GF(2^128) (statement/p2bstmt.h), both instances, its
 * verifier through the statement registry's entry, on untrusted bytes.
 * FUZZ_PUBLIC = 0 (fuzz_p2bgkr_private): the input is a proof of a private statement (FRI-Binius
 * commitment of the stacked inputs and outputs), verified without tables.
 * FUZZ_PUBLIC = 1 (fuzz_p2bgkr_public): a table tweak (fuzz_tables.h) then a proof of a public
 * statement, verified against the fixed table of its instance and size (p2b_table: 16 words a
 * state, every u32 value valid) up to 2^HS_FUZZ_STARK_MAX_LOG states; a larger header gets no
 * table and is rejected for it. The registry must find the statement exactly when the
 * statement's own parser does. Any accepted input that is not a seed, or accepted with a tweaked
 * table, is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "statement/registry.h"

#ifndef FUZZ_PUBLIC
#define FUZZ_PUBLIC 0
#endif

#if FUZZ_PUBLIC
const char hs_fuzz_target[] = "p2bgkr_public";
#else
const char hs_fuzz_target[] = "p2bgkr_private";
#endif
const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(FUZZ_PUBLIC ? HS_FUZZ_TWEAK_BYTES : 0);

static int peek(const uint8_t *proof, size_t len, unsigned *id, unsigned *log_n, int *public_io) {
    hs_p2bstmt_shape s;
    const char *why = NULL;
    const int k = hs_p2bstmt_peek(proof, len, &s, &why);
    if (!k && !why) hs_fuzz_finding("hs_p2bstmt_peek refused without a reason");
    hs_stmt_shape ss;
    why = NULL;
    const hs_stmt *e = hs_stmt_peek(proof, len, &ss, &why);
    if (k != (e && e->id == HS_STMT_P2BGKR)) hs_fuzz_finding("hs_stmt_peek: another statement than hs_p2bstmt_peek");
    if (!k) return 0;
    if (s.log_n > HS_P2BSTMT_MAX_LOG_N || !s.preset || (unsigned)s.inst >= HS_P2B_INST_COUNT)
        hs_fuzz_finding("hs_p2bstmt_peek: shape out of range");
    *id = (unsigned)s.inst, *log_n = s.log_n, *public_io = s.public_io;
    return 1;
}

static struct {
    int tried;
    uint32_t *in, *out;
    size_t words;
} tables[HS_P2B_INST_COUNT][HS_FUZZ_STARK_MAX_LOG + 1];

static int tables_of(unsigned id, unsigned log_n, const uint8_t *tw, uint32_t **in, uint32_t **out, int *tweaked) {
    if (id >= HS_P2B_INST_COUNT || log_n > HS_FUZZ_STARK_MAX_LOG) return 0;
    if (!tables[id][log_n].tried) {
        size_t words = 0;
        tables[id][log_n].tried = 1;
        if (!hs_fuzz_p2b_table(id, log_n, &tables[id][log_n].in, &tables[id][log_n].out, &words))
            hs_fuzz_finding("no fixed Poseidon2b table");
        tables[id][log_n].words = words;
    }
    *tweaked = hs_fuzz_tweaked_copies(tables[id][log_n].in, tables[id][log_n].out, tables[id][log_n].words, tw, in, out);
    return 1;
}

static int verify(const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, size_t n_pub,
                  const char **why) {
    return hs_fuzz_registry_verify(HS_STMT_P2BGKR, proof, len, in, out, n_pub, why);
}

static const hs_fuzz_backend backend = {"hs_p2bstmt_verify", peek, tables_of, verify};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return hs_fuzz_verify_input(&backend, FUZZ_PUBLIC, data, size);
}
