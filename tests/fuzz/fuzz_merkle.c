/* libFuzzer target: the Merkle statements' verifiers (hs_mb_verify, hs_mr_verify, and the stark
 * design's hs_smb_verify) on untrusted proof bytes. A header of a branches proof (statement byte
 * 3) of depth d <= 8 and m <= 8 openings is verified against the fixed openings of that shape
 * (fuzz_tables.h) and their root; a stark proof (backend byte 1) of the Merkle branches AIR of
 * depth d <= 8 and N <= 8 instances against the fixed N openings of depth d; a root proof
 * (statement byte 4) of 2^k <= 2^6 leaves against the fixed leaves (when public) and their root;
 * anything else against the depth-1, one-opening fixed data (the header parser rejects it). Any
 * accepted input that is not a seed is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "statement/merkle/gkr_branches.h"
#include "statement/merkle/gkr_root.h"
#include "statement/merkle/stark_branches.h"

const char hs_fuzz_target[] = "merkle";
const int hs_fuzz_seeds_verify = 1;

HS_FUZZ_INIT_SEEDS(0);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    hs_kb root[8], *leaves = NULL;
    uint64_t *idx = NULL;
    int ok = 0;
    hs_mr_shape rs;
    hs_mb_shape bs;
    hs_smb_shape ss;
    if (size > 12 && data[12] == 1 && hs_smb_peek(data, size, &ss, &why) && ss.depth <= HS_FUZZ_MERKLE_MAX_DEPTH &&
        ss.m <= HS_FUZZ_MERKLE_MAX_M) {
        if (!hs_fuzz_merkle_openings(ss.depth, ss.m, &idx, &leaves, root)) hs_fuzz_finding("no fixed openings");
        uint32_t r[8], *lc = malloc(ss.m * 8 * sizeof *lc);
        if (!lc) return free(idx), free(leaves), 0;
        for (unsigned l = 0; l < 8; l++) r[l] = hs_kb_to_u32(root[l]);
        for (size_t k = 0; k < ss.m * 8; k++) lc[k] = hs_kb_to_u32(leaves[k]);
        ok = hs_smb_verify(data, size, r, ss.depth, ss.m, idx, lc, 1, &why);
        if (ok) hs_fuzz_accepted(data, size, 0, "hs_smb_verify");
        free(lc), free(idx), free(leaves);
        return 0;
    }
    if (size > 15 && data[15] == HS_MR_STATEMENT && hs_mr_peek(data, size, &rs, &why) &&
        rs.log_leaves <= HS_FUZZ_MERKLE_MAX_LOG) {
        if (!hs_fuzz_merkle_leaves(rs.log_leaves, &leaves, root)) hs_fuzz_finding("no fixed leaves");
        ok = hs_mr_verify(data, size, root, rs.public_leaves ? leaves : NULL, 1, NULL, &why);
        if (ok) hs_fuzz_accepted(data, size, 0, "hs_mr_verify");
        /* the other leaf mode is always refused */
        if (hs_mr_verify(data, size, root, rs.public_leaves ? NULL : leaves, 1, NULL, &why))
            hs_fuzz_finding("hs_mr_verify accepted the other leaf mode");
    } else {
        unsigned d = 1;
        size_t m = 1;
        if (hs_mb_peek(data, size, &bs, &why) && bs.depth <= HS_FUZZ_MERKLE_MAX_DEPTH && bs.m <= HS_FUZZ_MERKLE_MAX_M)
            d = bs.depth, m = bs.m;
        if (!hs_fuzz_merkle_openings(d, m, &idx, &leaves, root)) hs_fuzz_finding("no fixed openings");
        ok = hs_mb_verify(data, size, root, d, m, idx, leaves, 1, &why);
        if (ok) hs_fuzz_accepted(data, size, 0, "hs_mb_verify");
    }
    free(idx), free(leaves);
    return 0;
}
