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

static void vector_cases(const char *file, const hs_p2_params *builtin) {
    vj *doc = vj_load(file);
    hs_p2_params pp;
    cur = builtin->field;
    load_params(doc, builtin->field, &pp);
    check_defaults(&pp, builtin);
    const unsigned w = pp.width;
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 1);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        uint32_t in[24], out[24], tmp[24];
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "input"), in, 24), w);
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "output"), out, 24), w);
        uint32_t s[24];
        to_mont(s, in, w);
        hs_p2_permute(builtin, s);
        check_state(s, out, w, "scalar output", c);
        memcpy(tmp, in, sizeof tmp);
        hs_p2_permute_naive(builtin, tmp);
        CHECK(!memcmp(tmp, out, w * sizeof *out));
        memcpy(tmp, in, sizeof tmp);
        hs_p2_permute_many_portable(builtin, tmp, 1, 1);
        CHECK(!memcmp(tmp, out, w * sizeof *out));
        memcpy(tmp, in, sizeof tmp);
        hs_p2_permute_many_avx2(builtin, tmp, 1, 1);
        CHECK(!memcmp(tmp, out, w * sizeof *out));

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

static void batches(hs_rng *rng, const hs_p2_params *pp) {
    const unsigned w = pp->width;
    const uint32_t P = pp->field->p;
    cur = pp->field;
    size_t sizes[] = {0, 1, 7, 8, 9, 31, 1000, 2053};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && !TOO_MANY_FAILURES(); si++) {
        size_t n = sizes[si];
        uint32_t *ref = malloc((n + 1) * w * 4), *a = malloc((n + 1) * w * 4), *b = malloc((n + 1) * w * 4),
                 *c = malloc((n + 1) * w * 4), *m = malloc((n + 1) * w * 4);
        for (size_t i = 0; i < n * w; i++) ref[i] = (uint32_t)hs_rng_below(rng, P);
        memcpy(a, ref, n * w * 4);
        memcpy(b, ref, n * w * 4);
        memcpy(c, ref, n * w * 4);
        to_mont(m, ref, (unsigned)(n * w));
        for (size_t k = 0; k < n; k++) hs_p2_permute_naive(pp, ref + k * w);
        hs_p2_permute_many_portable(pp, a, n, 1);
        hs_p2_permute_many_avx2(pp, b, n, 1);
        hs_p2_permute_many(pp, c, n, 1, 2);
        hs_p2_permute_many(pp, m, n, 0, 3); /* Montgomery in, Montgomery out */
        for (size_t i = 0; i < n * w; i++) m[i] = canon(m[i]);
        CHECK(!memcmp(ref, a, n * w * 4));
        CHECK(!memcmp(ref, b, n * w * 4));
        CHECK(!memcmp(ref, c, n * w * 4));
        CHECK(!memcmp(ref, m, n * w * 4));
        free(ref), free(a), free(b), free(c), free(m);
    }
}

/* Round records: AVX2 = portable = threaded, first words = input, last words = output. */
static void records(hs_rng *rng, const hs_p2_params *pp) {
    const unsigned w = pp->width, rw = HS_P2_REC_WORDS(pp);
    size_t sizes[] = {1, 8, 13, 1100};
    cur = pp->field;
    for (size_t si = 0; si < 4; si++) {
        size_t n = sizes[si];
        uint32_t *in = malloc(n * w * 4), *a = malloc(n * w * 4), *b = malloc(n * w * 4), *c = malloc(n * w * 4);
        uint32_t *ra = malloc(n * rw * 4), *rb = malloc(n * rw * 4), *rc = malloc(n * rw * 4);
        for (size_t i = 0; i < n * w; i++) in[i] = (uint32_t)hs_rng_below(rng, pp->field->p);
        memcpy(a, in, n * w * 4), memcpy(b, in, n * w * 4), memcpy(c, in, n * w * 4);
        hs_p2_permute_many_record_portable(pp, a, n, ra);
        hs_p2_permute_many_record_avx2(pp, b, n, rb);
        hs_p2_permute_many_record(pp, c, n, rc, 2);
        CHECK(!memcmp(a, b, n * w * 4) && !memcmp(a, c, n * w * 4));
        CHECK(!memcmp(ra, rb, n * rw * 4));
        CHECK(!memcmp(ra, rc, n * rw * 4));
        for (size_t k = 0; k < n; k++) {
            CHECK(!memcmp(ra + k * rw, in + k * w, w * 4));
            CHECK(!memcmp(ra + k * rw + rw - w, a + k * w, w * 4));
        }
        free(in), free(a), free(b), free(c), free(ra), free(rb), free(rc);
    }
}

static void modes(hs_rng *rng, const hs_p2_params *pp) {
    const uint32_t P = pp->field->p;
    uint32_t l[8], r[8], out[8], s[16];
    for (int i = 0; i < 8; i++) l[i] = (uint32_t)hs_rng_below(rng, P), r[i] = (uint32_t)hs_rng_below(rng, P);
    hs_p2_compress(pp, out, l, r);
    memcpy(s, l, sizeof l);
    memcpy(s + 8, r, sizeof r);
    hs_p2_permute(pp, s);
    CHECK(!memcmp(out, s, sizeof out));
    /* sponge: 19 inputs = chunks of 8, 8, 3 in overwrite mode; Montgomery and canonical forms */
    uint32_t msg[19], cmsg[19];
    for (int i = 0; i < 19; i++) msg[i] = (uint32_t)hs_rng_below(rng, P);
    memset(s, 0, sizeof s);
    for (int off = 0; off < 19; off += 8) {
        int m = 19 - off < 8 ? 19 - off : 8;
        for (int i = 0; i < m; i++) s[i] = msg[off + i];
        hs_p2_permute(pp, s);
    }
    hs_p2_sponge(pp, out, msg, 19, 0);
    CHECK(!memcmp(out, s, sizeof out));
    cur = pp->field;
    for (int i = 0; i < 19; i++) cmsg[i] = canon(msg[i]);
    hs_p2_sponge(pp, out, cmsg, 19, 1);
    for (int i = 0; i < 8; i++) CHECK_EQ_U64(out[i], canon(s[i]));
    hs_p2_sponge(pp, out, msg, 0, 0);
    for (int i = 0; i < 8; i++) CHECK(out[i] == 0);
    uint32_t out2[8];
    hs_p2_sponge(pp, out, msg, 18, 0);
    hs_p2_sponge(pp, out2, msg, 19, 0);
    CHECK(memcmp(out, out2, sizeof out) != 0);
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
