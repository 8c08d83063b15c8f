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
    *tweaked = hs_fuzz_tweaked_copies(tables[log_n].in, tables[log_n].out, tables[log_n].words, tw, in, out);
    return 1;
}

static int verify(const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, size_t n_pub,
                  const char **why) {
    return hs_fuzz_registry_verify(HS_STMT_KGKR, proof, len, in, out, n_pub, why);
}

static const hs_fuzz_backend backend = {"hs_kgkrstmt_verify", peek, tables_of, verify};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return hs_fuzz_verify_input(&backend, 1, data, size); }
