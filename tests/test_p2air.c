/* The Poseidon2 AIR's own facts (the interface-level checks of every AIR are in test_air.c): which
 * instances it takes, its column and constraint counts, and the public bindings' columns. */
#include "air/poseidon2_air.h"
#include "testutil.h"

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_p2air");
    hs_air a;
    CHECK(!hs_p2air_init(&a, hs_p2_bb16(), 0)); /* x^7: not this AIR */
    CHECK(!hs_p2air_init(&a, hs_p2_kb16(), HS_P2AIR_MAX_LOG_V + 1));
    CHECK(hs_p2air_init(&a, hs_p2_kb16(), 3) && a.width == 1312 && a.n_constraints == 1184 && a.inst_per_row == 8);
    CHECK(a.rows_per_inst == 1 && !a.uses_next && a.n_periodic == 0 && a.degree == 3);
    CHECK(a.n_binds == 2 && a.binds[0].col == 0 && a.binds[1].col == 164 - 16 && a.slot_stride == 164);
    CHECK(hs_p2air_init(&a, hs_p2_kb24(), 0) && a.width == 239 && a.n_constraints == 8 * 24 + 23);
    CHECK(a.binds[1].col == 239 - 24 && a.in_words == 24 && a.word_modulus == HS_KB_P);
    return hs_test_done("test_p2air");
}
