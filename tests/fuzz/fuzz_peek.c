/* libFuzzer target: the proof header peeks (hs_stark_peek, hs_gkr_peek, hs_ragged_peek) on the
 * same bytes. A peek accepts no proof, so there is no acceptance to catch; what it must hold: no
 * crash, a reason on every refusal, at most one backend's peek succeeding, and a statement in
 * the documented ranges when one does. */
#include "fuzz_common.h"
#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "stark/stark.h"
#include "statement/registry.h"

const char hs_fuzz_target[] = "peek";

const int hs_fuzz_seeds_verify = 0;

HS_FUZZ_INIT_NONE;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *why = NULL;
    hs_stark_shape s;
    hs_gkr_shape g;
    hs_ragged_shape r;
    int ks = hs_stark_peek(data, size, &s, &why);
    if (!ks && !why) hs_fuzz_finding("hs_stark_peek refused without a reason");
    why = NULL;
    int kg = hs_gkr_peek(data, size, &g, &why);
    if (!kg && !why) hs_fuzz_finding("hs_gkr_peek refused without a reason");
    why = NULL;
    int kr = hs_ragged_peek(data, size, &r, &why);
    if (!kr && !why) hs_fuzz_finding("hs_ragged_peek refused without a reason");
    if (ks + kg + kr > 1) hs_fuzz_finding("one header read by two backends");
    hs_stmt_shape ss; /* the statement registry picks the same parser as the backends' own peeks */
    why = NULL;
    const hs_stmt *e = hs_stmt_peek(data, size, &ss, &why);
    if (!e && !why) hs_fuzz_finding("hs_stmt_peek refused without a reason");
    if (kg != (e && e->id == HS_STMT_GKR_BATCH) || kr != (e && e->id == HS_STMT_REGIONS) ||
        (e && e->id == HS_STMT_STARK_BATCH && !ks))
        hs_fuzz_finding("hs_stmt_peek: another statement than the backends' peeks");
    if (ks && (!s.preset || s.log_perms > 24 || !hs_stark_air_name(s.air_id) || s.log_v > s.log_perms))
        hs_fuzz_finding("hs_stark_peek: statement out of range");
    if (kg && (!g.preset || g.log_perms < 1 || g.log_perms > HS_GKR_MAX_LOG || !hs_gkr_perm_get(g.perm_id)))
        hs_fuzz_finding("hs_gkr_peek: statement out of range");
    if (kr) {
        if (!r.preset || r.n_regions < 1 || r.n_regions > HS_RAGGED_MAX_REGIONS || r.variant > HS_RAGGED_RAGGED)
            hs_fuzz_finding("hs_ragged_peek: statement out of range");
        unsigned W = 0;
        for (unsigned a = 0; a < r.n_regions; a++) {
            if (r.widths[a] < HS_RAGGED_MIN_W || r.widths[a] > HS_RAGGED_MAX_W)
                hs_fuzz_finding("hs_ragged_peek: region width out of range");
            if (r.widths[a] > W) W = r.widths[a];
        }
        if (W != r.W) hs_fuzz_finding("hs_ragged_peek: W is not the widest region");
    }
    return 0;
}
