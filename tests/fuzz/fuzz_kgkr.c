/* libFuzzer target: keccak-f1600 by GKR over GF(2) (statement/kgkrstmt.h), its verifier through
 * the statement registry's entry, on untrusted bytes: a table tweak (fuzz_tables.h) then a proof,
 * verified against the fixed Keccak-f tables of its size (the stark target's, 25 lanes a line,
 * two words a lane) up to 2^HS_FUZZ_STARK_MAX_LOG states; a larger header gets no table and is
 * rejected for it. A private statement's proof (the states committed) is verified without tables
 * (its tweak bytes unused). The registry must find the statement exactly when the statement's own
 * parser does. Any accepted input that is not a seed, or accepted with a tweaked table, is a
 * finding. */
#include <stdlib.h>
#include <string.h>

#include "air/air.h"
#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "statement/registry.h"

const char hs_fuzz_target[] = "kgkr";
const int hs_fuzz_seeds_verify = 1;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(HS_FUZZ_TWEAK_BYTES);
    return 0;
}

static int peek(const uint8_t *proof, size_t len, unsigned *id, unsigned *log_n, int *public_io) {
    hs_kgkrstmt_shape s;
    const char *why = NULL;
    const int k = hs_kgkrstmt_peek(proof, len, &s, &why);
    if (!k && !why) hs_fuzz_finding("hs_kgkrstmt_peek refused without a reason");
    hs_stmt_shape ss;
    why = NULL;
    const hs_stmt *e = hs_stmt_peek(proof, len, &ss, &why);
    if (k != (e && e->id == HS_STMT_KGKR)) hs_fuzz_finding("hs_stmt_peek: another statement than hs_kgkrstmt_peek");
    if (!k) return 0;
    if (s.log_n > HS_KGKRSTMT_MAX_LOG_N || !s.preset) hs_fuzz_finding("hs_kgkrstmt_peek: shape out of range");
    /* a private proof takes the same path (tweak bytes first) and gets no tables (tables_of) */
    *id = s.priv ? 0 : HS_KGKRSTMT_HASH, *log_n = s.log_n, *public_io = 1;
    return 1;
}

static struct {
    int tried;
    uint32_t *in, *out;
    size_t words;
} tables[HS_FUZZ_STARK_MAX_LOG + 1];

static int tables_of(unsigned id, unsigned log_n, const uint8_t *tw, uint32_t **in, uint32_t **out, int *tweaked) {
    if (id != HS_KGKRSTMT_HASH || log_n > HS_FUZZ_STARK_MAX_LOG) return 0;
    if (!tables[log_n].tried) {
        const hs_air_def *def = hs_air_find("keccak-f1600");
        size_t iw = 0, ow = 0;
        tables[log_n].tried = 1;
        if (!def || !hs_fuzz_stark_table(def->id, log_n, &tables[log_n].in, &tables[log_n].out, &iw, &ow) || iw != ow)
            hs_fuzz_finding("no fixed Keccak-f table");
        tables[log_n].words = iw;
    }
    const size_t words = tables[log_n].words;
    uint32_t *c[2];
    const size_t n[2] = {words, words};
    for (int k = 0; k < 2; k++) {
        if (!(c[k] = malloc(words * sizeof **c))) hs_fuzz_finding("out of memory in the harness");
        memcpy(c[k], k ? tables[log_n].out : tables[log_n].in, words * sizeof **c);
    }
    *tweaked = hs_fuzz_tweak(c, n, 2, tw, 0, 0);
    *in = c[0], *out = c[1];
    return 1;
}

static int verify(const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, size_t n_pub,
                  const char **why) {
    hs_stmt_shape ss;
    const hs_stmt *e = hs_stmt_peek(proof, len, &ss, why);
    if (!e) return 0;
    if (e->id != HS_STMT_KGKR) return *why = "another statement (left to its own target)", 0;
    const hs_stmt_public pub = {1, in, out, n_pub, NULL, 0, 0, NULL, NULL};
    const hs_stmt_status st = e->verify(proof, len, &ss, &pub, why);
    if (st == HS_STMT_NOMEM) hs_fuzz_finding("out of memory verifying a proof of at most 2^24 states");
    return st == HS_STMT_OK;
}

static const hs_fuzz_backend backend = {"hs_kgkrstmt_verify", peek, tables_of, verify};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return hs_fuzz_verify_input(&backend, 1, data, size); }
