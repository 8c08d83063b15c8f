/* Poseidon2 over KoalaBear and BabyBear: bit-exact with Plonky3's vectors (every case, every
 * round of the trace), and the batch kernels (portable, AVX2, threaded) against the naive % p
 * reference. */
#include <string.h>

#include "field/kb.h"
#include "hash/poseidon2_monty31.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

static void load_params(const vj *doc, const hs_mt_field *f, hs_p2_params *pp) {
    unsigned w = (unsigned)vj_u64(vj_get(doc, "width"));
    unsigned rp = (unsigned)vj_u64(vj_path(doc, "rounds.partial_rounds"));
    uint32_t init[4 * 24], fin[4 * 24], in[32], diag[24];
    const vj *ei = vj_path(doc, "round_constants.external_initial");
    const vj *ef = vj_path(doc, "round_constants.external_final");
    CHECK_EQ_U64(vj_len(ei), 4);
    CHECK_EQ_U64(vj_len(ef), 4);
    for (size_t r = 0; r < 4; r++) {
        CHECK_EQ_U64(vj_u32s(vj_at(ei, r), init + r * w, w), w);
        CHECK_EQ_U64(vj_u32s(vj_at(ef, r), fin + r * w, w), w);
    }
    CHECK_EQ_U64(vj_u32s(vj_path(doc, "round_constants.internal"), in, 32), rp);
    CHECK_EQ_U64(vj_u32s(vj_path(doc, "internal_linear_layer.V"), diag, 24), w);
    unsigned sbox = (unsigned)vj_u64(vj_path(doc, "sbox.degree"));
    CHECK_EQ_U64(vj_u64(vj_path(doc, "field.modulus")), f->p);
    CHECK(hs_p2_params_init(pp, f, sbox, w, rp, init, in, fin, diag));
}

/* The compiled-in defaults must equal the file's constants. */
static void check_defaults(const hs_p2_params *file, const hs_p2_params *builtin) {
    CHECK(file->width == builtin->width && file->partial == builtin->partial && file->sbox == builtin->sbox);
    CHECK(file->field == builtin->field);
    CHECK(!memcmp(file->rc_init, builtin->rc_init, sizeof file->rc_init));
    CHECK(!memcmp(file->rc_int, builtin->rc_int, sizeof file->rc_int));
    CHECK(!memcmp(file->rc_final, builtin->rc_final, sizeof file->rc_final));
    CHECK(!memcmp(file->diag, builtin->diag, sizeof file->diag));
    /* every V of Plonky3's defaults is cheap for the SIMD kernel */
    for (unsigned i = 0; i < builtin->width; i++) CHECK(builtin->diag_kind[i] != HS_DIAG_GENERIC);
}

static const hs_mt_field *cur; /* field of the instance under test */

static void to_mont(uint32_t *s, const uint32_t *c, unsigned w) {
    for (unsigned i = 0; i < w; i++) s[i] = hs_mt_mul(c[i], cur->r2, cur->p, cur->mu);
}
static uint32_t canon(uint32_t x) { return hs_mt_redc(x, cur->p, cur->mu); }

static void check_state(const uint32_t *got, const uint32_t *want, unsigned w, const char *what, size_t idx) {
    for (unsigned i = 0; i < w; i++)
        if (canon(got[i]) != want[i]) {
            fprintf(stderr, "%s[%zu] lane %u: got %u want %u\n", what, idx, i, canon(got[i]), want[i]);
            hs_test_failures++;
            return;
        }
}

/* The module's entry points for the shared checks of testutil.h. */
HS_TEST_MONTY31_KERNELS(kernels, hs_p2, hs_p2_params, pp->field, HS_P2_REC_WORDS(pp))

static void vector_cases(const char *file, const hs_p2_params *builtin) {
    vj *doc = vj_load(file);
    hs_p2_params pp;
    cur = builtin->field;
    load_params(doc, builtin->field, &pp);
    check_defaults(&pp, builtin);
    const unsigned w = pp.width;
    const hs_test_monty31_perm kat = kernels(builtin);
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 1);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        uint32_t in[24], out[24], s[24];
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "input"), in, 24), w);
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "output"), out, 24), w);
        hs_test_check_kat(&kat, in, out, c);

        const vj *tr = vj_get(cs, "trace_derived");
        if (!tr) continue;
        uint32_t rounds[(1 + 8 + HS_P2_MAX_PARTIAL) * 24];
        to_mont(s, in, w);
        hs_p2_permute_trace(builtin, s, rounds);
        uint32_t want[24];
        size_t at = 0;
        CHECK_EQ_U64(vj_u32s(vj_get(tr, "after_initial_linear_layer"), want, 24), w);
        check_state(rounds + w * at++, want, w, "after_initial_linear_layer", 0);
        const char *groups[3] = {"after_initial_full_round", "after_partial_round", "after_final_full_round"};
        size_t counts[3] = {4, pp.partial, 4};
        for (int g = 0; g < 3; g++) {
            const vj *arr = vj_get(tr, groups[g]);
            CHECK_EQ_U64(vj_len(arr), counts[g]);
            for (size_t r = 0; r < vj_len(arr) && r < counts[g]; r++) {
                CHECK_EQ_U64(vj_u32s(vj_at(arr, r), want, 24), w);
                check_state(rounds + w * at++, want, w, groups[g], r);
            }
        }
    }
    vj_free(doc);
}

/* Instances with other constants (Plonky3's random test constants) go through the same code. */
static void random_constant_instance(hs_rng *rng) {
    vj *doc = vj_load("poseidon2_koalabear_w16_xoroshiro_seed1.json");
    hs_p2_params pp;
    cur = &hs_mt_koalabear;
    load_params(doc, cur, &pp);
    uint32_t in[16], a[16], b[16];
    CHECK_EQ_U64(vj_u32s(vj_get(vj_at(vj_get(doc, "cases"), 0), "input"), in, 16), 16);
    memcpy(a, in, sizeof a);
    memcpy(b, in, sizeof b);
    hs_p2_permute_naive(&pp, a);
    hs_p2_permute_many_avx2(&pp, b, 1, 1);
    CHECK(!memcmp(a, b, sizeof a));
    memcpy(b, in, sizeof b);
    hs_p2_permute_naive(hs_p2_kb16(), b);
    CHECK(memcmp(a, b, sizeof a) != 0); /* different constants, different permutation */
    /* a generic diagonal (not shift-friendly) must still agree */
    uint32_t ei[64], ii[20], ef[64], dg[16];
    for (int i = 0; i < 64; i++) ei[i] = (uint32_t)hs_rng_below(rng, HS_KB_P), ef[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
    for (int i = 0; i < 20; i++) ii[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
    for (int i = 0; i < 16; i++) dg[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
    CHECK(hs_p2_params_init(&pp, cur, 3, 16, 20, ei, ii, ef, dg));
    for (int i = 0; i < 16; i++) a[i] = b[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
    hs_p2_permute_naive(&pp, a);
    hs_p2_permute_many_avx2(&pp, b, 1, 1);
    CHECK(!memcmp(a, b, sizeof a));
    dg[5] = HS_KB_P; /* out of range */
    CHECK(!hs_p2_params_init(&pp, cur, 3, 16, 20, ei, ii, ef, dg));
    CHECK(!hs_p2_params_init(&pp, cur, 3, 12, 20, ei, ii, ef, dg));
    dg[5] = 1;
    CHECK(!hs_p2_params_init(&pp, cur, 5, 16, 20, ei, ii, ef, dg));
    vj_free(doc);
}

/* The batch kernels (portable, AVX2, threaded) against the naive reference. */
static void batches(hs_rng *rng, const hs_p2_params *pp) {
    hs_test_monty31_perm p = kernels(pp);
    hs_test_check_batches(rng, &p);
}

/* Round records: AVX2 = portable = threaded, first words = input, last words = output. */
static void records(hs_rng *rng, const hs_p2_params *pp) {
    hs_test_monty31_perm p = kernels(pp);
    hs_test_check_records(rng, &p);
}

static void modes(hs_rng *rng, const hs_p2_params *pp) {
    hs_test_digest_modes m = kernels_modes(pp);
    hs_test_check_digest_modes(rng, &m);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_poseidon2_monty31");
    printf("AVX2 kernel %s\n", hs_cpu_has_avx2() ? "active" : "unavailable (portable fallback tested twice)");
    vector_cases("poseidon2_koalabear_w16.json", hs_p2_kb16());
    vector_cases("poseidon2_koalabear_w24.json", hs_p2_kb24());
    vector_cases("poseidon2_babybear_w16.json", hs_p2_bb16());
    vector_cases("poseidon2_babybear_w24.json", hs_p2_bb24());
    random_constant_instance(&rng);
    batches(&rng, hs_p2_kb16());
    batches(&rng, hs_p2_kb24());
    batches(&rng, hs_p2_bb16());
    batches(&rng, hs_p2_bb24());
    records(&rng, hs_p2_kb16());
    records(&rng, hs_p2_kb24());
    records(&rng, hs_p2_bb16());
    modes(&rng, hs_p2_kb16());
    modes(&rng, hs_p2_bb16());
    return hs_test_done("test_poseidon2_monty31");
}
