/* libFuzzer target: the commitment-only statement's verifier (hs_pcsstmt_verify, through the
 * statement registry's entry) on untrusted proof bytes. A header that parses with at most
 * HS_FUZZ_PCS_MAX_LOG_BITS committed bits is verified (larger ones only parsed, to keep each input
 * fast); the registry must find the same shape as the statement's own parser. Any accepted input
 * that is not a seed is a finding. */
#include "fuzz_common.h"
#include "statement/registry.h"

#define HS_FUZZ_PCS_MAX_LOG_BITS 16

const char hs_fuzz_target[] = "pcs";
const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(0);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    hs_pcsstmt_shape s;
    const int k = hs_pcsstmt_peek(data, size, &s, &why);
    if (!k && !why) hs_fuzz_finding("hs_pcsstmt_peek refused without a reason");
    hs_stmt_shape ss;
    why = NULL;
    const hs_stmt *e = hs_stmt_peek(data, size, &ss, &why);
    if (k != (e && e->id == HS_STMT_PCS)) hs_fuzz_finding("hs_stmt_peek: another statement than hs_pcsstmt_peek");
    if (!k || !e || s.log_bits > HS_FUZZ_PCS_MAX_LOG_BITS) return 0;
    if (s.log_bits < HS_PCSSTMT_MIN_LOG_BITS || s.fri.queries < 1 || s.fri.queries > HS_BINFRI_MAX_QUERIES)
        hs_fuzz_finding("hs_pcsstmt_peek: shape out of range");
    why = NULL;
    const hs_stmt_public pub = {0};
    const hs_stmt_status st = e->verify(data, size, &ss, &pub, &why);
    if (st == HS_STMT_OK) hs_fuzz_accepted(data, size, 0, "hs_pcsstmt_verify");
    else if (!why) hs_fuzz_finding("hs_pcsstmt_verify refused without a reason");
    return 0;
}
