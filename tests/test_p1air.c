/* The Poseidon1 AIR's own facts (the interface-level checks of every AIR are in test_air.c): which
 * instances it takes, its column and constraint counts and bindings; that its records hold the
 * textbook states and the textbook lane-0 cubes of the partial rounds; that the partial block's
 * affine forms give the textbook S-box inputs and the textbook state after the block; and that
 * its outputs are the naive reference permutation's. */
#include <string.h>

#include "air/poseidon1_air.h"
#include "testutil.h"

/* form j of the tables over the record words 4w + 1 .. of rec */
static hs_kb form(const hs_p1air_tables *tb, unsigned j, const hs_kb *rec) {
    const unsigned w = tb->width, P = tb->partial, n = j < P ? w + j : w - 1 + P;
    hs_kb acc = hs_kb_redc(tb->seed[j]);
    for (unsigned i = 0; i < n; i++) acc = hs_kb_add(acc, hs_kb_mul(tb->coef[j][i], rec[4 * w + 1 + i]));
    return acc;
}

static void shape(void) {
    hs_air a;
    hs_p1_params own;
    CHECK(hs_p1_params_init(&own, 16, 20, &hs_p1_kb16()->canon.rc[0][0], hs_p1_kb16()->canon.mds_row));
    CHECK(!hs_p1air_init(&a, &own, 0)); /* not one of the named instances */
    CHECK(!hs_p1air_init(&a, NULL, 0));
    CHECK(!hs_p1air_init(&a, hs_p1_kb16(), HS_P1AIR_MAX_LOG_V + 1));
    CHECK(hs_p1air_init(&a, hs_p1_kb16(), 0) && a.width == 164 && a.n_constraints == 148 && a.id == 6);
    CHECK(!strcmp(a.name, "poseidon1-kb16") && a.inst_per_row == 1 && a.slot_stride == 164);
    CHECK(hs_p1air_init(&a, hs_p1_kb16(), 3) && a.width == 1312 && a.n_constraints == 1184 && a.inst_per_row == 8);
    CHECK(a.rows_per_inst == 1 && !a.uses_next && a.n_periodic == 0 && a.degree == 3);
    CHECK(a.n_binds == 2 && a.binds[0].col == 0 && a.binds[0].count == 16 && a.binds[1].col == 164 - 16);
    CHECK(a.binds[0].col_bits == 32 && a.binds[1].io == 1 && a.word_modulus == HS_KB_P && a.in_words == 16);
    CHECK(hs_p1air_init(&a, hs_p1_kb24(), 0) && a.width == 239 && a.n_constraints == 8 * 24 + 23 && a.id == 7);
    CHECK(!strcmp(a.name, "poseidon1-kb24") && a.binds[1].col == 239 - 24 && a.out_words == 24);
    CHECK(hs_air_find("poseidon1-kb16") && hs_air_by_id(6) == hs_air_find("poseidon1-kb16"));
    CHECK(hs_air_find("poseidon1-kb24") && hs_air_by_id(7) == hs_air_find("poseidon1-kb24"));
    CHECK(hs_air_find("poseidon1-kb16")->max_log_v == HS_P1AIR_MAX_LOG_V);
    const hs_p1air_tables *tb = hs_p1air_tables_of(hs_p1_kb16());
    CHECK(tb && tb->width == 16 && tb->partial == 20);
    /* the AVX2 evaluator's CRT layer needs 16 (M l) < 2^32 for 16-bit l */
    CHECK(hs_p1_kb16()->mds_small && 16 * hs_p1_kb16()->mds_row_sum * 0xffff < (1ull << 32));
    CHECK(!hs_p1air_tables_of(&own));
}

/* records of n random permutations against the textbook trace and the naive permutation */
static void records(hs_rng *rng, const hs_p1_params *pp) {
    enum { N = 37 };
    const unsigned w = pp->width, P = pp->partial, rw = 9 * w + P;
    hs_air a;
    CHECK(hs_p1air_init(&a, pp, 0));
    const hs_p1air_tables *tb = a.params;
    uint32_t in[N * HS_P1_MAX_WIDTH], out[N * HS_P1_MAX_WIDTH];
    hs_kb *tr = malloc(N * rw * sizeof *tr);
    for (unsigned i = 0; i < N * w; i++) in[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
    CHECK(a.ops->trace(&a, in, N, tr, out, 2));
    for (unsigned k = 0; k < N && !TOO_MANY_FAILURES(); k++) {
        const hs_kb *rec = tr + (size_t)k * rw;
        hs_kb s[HS_P1_MAX_WIDTH], rounds[HS_P1_MAX_ROUNDS * HS_P1_MAX_WIDTH];
        uint32_t ref[HS_P1_MAX_WIDTH];
        for (unsigned i = 0; i < w; i++) s[i] = hs_kb_from_u32(in[k * w + i]), ref[i] = in[k * w + i];
        CHECK(!memcmp(rec, s, w * sizeof *s));
        hs_p1_permute_trace(pp, s, rounds);
        hs_p1_permute_naive(pp, ref);
        CHECK(!memcmp(out + k * w, ref, w * sizeof *ref));
        for (unsigned r = 0; r < 4; r++) {
            CHECK(!memcmp(rec + w * (1 + r), rounds + w * r, w * sizeof *rec));
            CHECK(!memcmp(rec + 5 * w + P + w * r, rounds + w * (4 + P + r), w * sizeof *rec));
        }
        for (unsigned j = 0; j < P; j++) {
            /* textbook partial round j: lane 0 of the state entering it, plus rc[4 + j][0], cubed */
            const hs_kb t = hs_kb_add(rounds[w * (3 + j)], pp->mont.rc[4 + j][0]);
            CHECK(rec[5 * w + j] == hs_kb_cube(t));
            if (j + 1 < P) /* the affine form t_{j+1} is the next round's textbook S-box input */
                CHECK(form(tb, j, rec) == hs_kb_add(rounds[w * (4 + j)], pp->mont.rc[5 + j][0]));
        }
        /* the block's output is the textbook state after the last partial round */
        CHECK(form(tb, P - 1, rec) == rounds[w * (3 + P)]);
        for (unsigned i = 1; i < w; i++) CHECK(form(tb, P - 1 + i, rec) == rounds[w * (3 + P) + i]);
    }
    free(tr);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_p1air");
    shape();
    records(&rng, hs_p1_kb16());
    records(&rng, hs_p1_kb24());
    return hs_test_done("test_p1air");
}
