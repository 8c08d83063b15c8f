/* libFuzzer target: the XMSS aggregation verifier (hs_xa_verify, src/statement/xmssagg.h) on
 * untrusted proof bytes, against the fixed batch of fuzz_xmssagg.h: a header naming N <= 2
 * signatures is verified against the first N fixed keys, anything else against one key (the
 * header parser rejects it). Any accepted input that is not a seed is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_xmssagg.h"
#include "statement/xmssagg.h"

const char hs_fuzz_target[] = "xmssagg";
const int hs_fuzz_seeds_verify = 1;

static uint32_t pk[HS_FUZZ_XA_MAX_N * HS_XMSS_MAX_PK], sig[HS_FUZZ_XA_MAX_N * HS_XMSS_MAX_SIG];
static uint8_t msg[32];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    if (!hs_fuzz_xa_batch(HS_FUZZ_XA_MAX_N, pk, sig, msg)) hs_fuzz_finding("no fixed XMSS batch");
    hs_fuzz_load_seeds(0);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    hs_xa_shape s;
    size_t n = 1;
    if (hs_xa_peek(data, size, &s, &why) && s.n_sigs <= HS_FUZZ_XA_MAX_N) n = s.n_sigs;
    if (hs_xa_verify(data, size, "leanvm-kb-2605", n, pk, HS_FUZZ_XA_EPOCH, msg, 1, &why))
        hs_fuzz_accepted(data, size, 0, "hs_xa_verify");
    return 0;
}
