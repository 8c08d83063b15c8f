/* libFuzzer target: the sumcheck round messages (hs_sc_verify) of the generic sumcheck, as the standalone protocol of fuzz_msgs.h. Any accepted input that
 * is not a seed is a finding. */
#include "fuzz_common.h"
#include "fuzz_msgs.h"

const char hs_fuzz_target[] = "sumcheck";

const int hs_fuzz_seeds_verify = 1;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(0);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    int ok = hs_fuzz_sc_verify(data, size, &why);
    if (ok) hs_fuzz_accepted(data, size, 0, "the sumcheck verifier");
    if (!ok && !why) hs_fuzz_finding("rejected without a reason");
    return 0;
}
