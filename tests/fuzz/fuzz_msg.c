/* libFuzzer targets: the message readers that parse on their own, as the standalone protocols of
 * fuzz_msgs.h. FUZZ_MSG picks one:
 *   1 (fuzz_fri)       the FRI PCS opening reader and verifier (hs_pcs_proof_read, hs_pcs_verify);
 *   2 (fuzz_whir)      the WHIR commitment and opening (hs_whir_verify_commitment, hs_whir_verify);
 *   3 (fuzz_sumcheck)  the sumcheck round messages (hs_sc_verify) of the generic sumcheck;
 *   4 (fuzz_binfri)    the FRI-Binius commitment and opening (commit/binfri.h, through commit/mlc.h).
 * Any accepted input that is not a seed is a finding. */
#include "fuzz_common.h"
#include "fuzz_msgs.h"

#if FUZZ_MSG == 1
const char hs_fuzz_target[] = "fri";
#define VERIFY hs_fuzz_fri_verify
#elif FUZZ_MSG == 2
const char hs_fuzz_target[] = "whir";
#define VERIFY hs_fuzz_whir_verify
#elif FUZZ_MSG == 3
const char hs_fuzz_target[] = "sumcheck";
#define VERIFY hs_fuzz_sc_verify
#elif FUZZ_MSG == 4
const char hs_fuzz_target[] = "binfri";
#define VERIFY hs_fuzz_binfri_verify
#else
#error "FUZZ_MSG must be 1 (fri), 2 (whir), 3 (sumcheck) or 4 (binfri)"
#endif
const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(0);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    int ok = VERIFY(data, size, &why);
    if (ok) hs_fuzz_accepted(data, size, 0, hs_fuzz_target);
    if (!ok && !why) hs_fuzz_finding("rejected without a reason");
    return 0;
}
