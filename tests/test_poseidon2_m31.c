/* Poseidon2-Mersenne31: bit-exact with Plonky3's vectors (every case, every round of the trace),
 * and the batch kernels (portable, AVX2, threaded) against the naive % p reference. */
#include <string.h>

#include "hash/poseidon2_m31.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

static void load_params(const vj *doc, hs_p2m31_params *pp) {
    unsigned w = (unsigned)vj_u64(vj_get(doc, "width"));
    unsigned rp = (unsigned)vj_u64(vj_path(doc, "rounds.partial_rounds"));
    uint32_t init[4 * 24], fin[4 * 24], in[32], diag[24];
    CHECK(w == 16 || w == 24);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "field.modulus")), HS_M31_P);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "sbox.degree")), 5);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "rounds.initial_full_rounds")), 4);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "rounds.final_full_rounds")), 4);
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
    /* the file's 1 + V column agrees with V */
    uint32_t diag1[24];
    CHECK_EQ_U64(vj_u32s(vj_path(doc, "internal_linear_layer.diagonal_entries_1_plus_V"), diag1, 24), w);
    for (unsigned i = 0; i < w; i++) CHECK_EQ_U64(diag1[i], hs_m31_add(diag[i], 1));
    CHECK(hs_p2m31_params_init(pp, w, rp, init, in, fin, diag));
}

/* The compiled-in defaults must equal the file's constants. */
static void check_defaults(const hs_p2m31_params *file, const hs_p2m31_params *builtin) {
    CHECK(file->width == builtin->width && file->partial == builtin->partial);
    CHECK(!memcmp(file->rc_init, builtin->rc_init, sizeof file->rc_init));
    CHECK(!memcmp(file->rc_int, builtin->rc_int, sizeof file->rc_int));
    CHECK(!memcmp(file->rc_final, builtin->rc_final, sizeof file->rc_final));
    CHECK(!memcmp(file->diag, builtin->diag, sizeof file->diag));
    /* every V of Plonky3's defaults is a rotation for the SIMD kernel: -2, then powers of two */
    CHECK(builtin->diag_kind[0] == HS_P2M31_DIAG_NEG_POW2 && builtin->diag_arg[0] == 1);
    for (unsigned i = 1; i < builtin->width; i++) CHECK(builtin->diag_kind[i] == HS_P2M31_DIAG_POW2);
}

static void check_state(const hs_m31 *got, const uint32_t *want, unsigned w, const char *what, size_t idx) {
    for (unsigned i = 0; i < w; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "%s[%zu] lane %u: got %u want %u\n", what, idx, i, got[i], want[i]);
            hs_test_failures++;
            return;
        }
}

static void vector_cases(const char *file, const hs_p2m31_params *builtin) {
    vj *doc = vj_load(file);
    hs_p2m31_params pp;
    load_params(doc, &pp);
    check_defaults(&pp, builtin);
    const unsigned w = pp.width;
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 1);
    size_t traces = 0;
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        uint32_t in[24], out[24], tmp[24];
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "input"), in, 24), w);
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "output"), out, 24), w);
        hs_m31 s[24];
        memcpy(s, in, sizeof s);
        hs_p2m31_permute(builtin, s);
        check_state(s, out, w, "scalar output", c);
        memcpy(tmp, in, sizeof tmp);
        hs_p2m31_permute_naive(builtin, tmp);
        check_state(tmp, out, w, "naive output", c);
        memcpy(tmp, in, sizeof tmp);
        hs_p2m31_permute_many_portable(builtin, tmp, 1);
        check_state(tmp, out, w, "portable batch output", c);
        memcpy(tmp, in, sizeof tmp);
        hs_p2m31_permute_many_avx2(builtin, tmp, 1);
        check_state(tmp, out, w, "avx2 batch output", c);
        memcpy(tmp, in, sizeof tmp);
        hs_p2m31_permute_many(builtin, tmp, 1, 2);
        check_state(tmp, out, w, "dispatched batch output", c);

        const vj *tr = vj_get(cs, "trace_derived");
        if (!tr) continue;
        traces++;
        hs_m31 rounds[(1 + 8 + HS_P2M31_MAX_PARTIAL) * 24];
        memcpy(s, in, sizeof s);
        hs_p2m31_permute_trace(builtin, s, rounds);
        check_state(s, out, w, "trace output", c);
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
        CHECK_EQ_U64(at, 1 + 8 + pp.partial);
        check_state(rounds + w * (at - 1), out, w, "last trace row", c);
    }
    CHECK(traces >= 1); /* the files carry one per-round trace each */
    vj_free(doc);
}

/* Other constants go through the same code: random constants with a generic (non-shift)
 * diagonal, and with random signed powers of two. */
static void random_constant_instances(hs_rng *rng) {
    for (int variant = 0; variant < 4; variant++) {
        unsigned w = variant & 1 ? 24 : 16, rp = variant & 1 ? 22 : 14;
        uint32_t ei[96], ii[22], ef[96], dg[24];
        for (unsigned i = 0; i < 4 * w; i++)
            ei[i] = (uint32_t)hs_rng_below(rng, HS_M31_P), ef[i] = (uint32_t)hs_rng_below(rng, HS_M31_P);
        for (unsigned i = 0; i < rp; i++) ii[i] = (uint32_t)hs_rng_below(rng, HS_M31_P);
        for (unsigned i = 0; i < w; i++) {
            if (variant < 2) {
                dg[i] = (uint32_t)hs_rng_below(rng, HS_M31_P);
            } else {
                uint32_t c = 1u << hs_rng_below(rng, 31);
                dg[i] = hs_rng_below(rng, 2) ? c : hs_m31_neg(c);
            }
        }
        hs_p2m31_params pp;
        CHECK(hs_p2m31_params_init(&pp, w, rp, ei, ii, ef, dg));
        if (variant >= 2)
            for (unsigned i = 0; i < w; i++) CHECK(pp.diag_kind[i] != HS_P2M31_DIAG_GENERIC);
        const size_t n = 29; /* a pair of groups of 8, one alone, a tail of 5 */
        uint32_t a[29 * 24], b[29 * 24], c[29 * 24];
        for (size_t i = 0; i < n * w; i++) a[i] = b[i] = c[i] = (uint32_t)hs_rng_below(rng, HS_M31_P);
        for (size_t k = 0; k < n; k++) hs_p2m31_permute_naive(&pp, a + k * w);
        hs_p2m31_permute_many_portable(&pp, b, n);
        hs_p2m31_permute_many_avx2(&pp, c, n);
        CHECK(!memcmp(a, b, n * w * 4));
        CHECK(!memcmp(a, c, n * w * 4));
        /* bad parameters are refused */
        uint32_t keep = dg[5];
        dg[5] = HS_M31_P;
        CHECK(!hs_p2m31_params_init(&pp, w, rp, ei, ii, ef, dg));
        dg[5] = keep;
        CHECK(!hs_p2m31_params_init(&pp, 12, rp, ei, ii, ef, dg));
        CHECK(!hs_p2m31_params_init(&pp, w, 0, ei, ii, ef, dg));
        CHECK(!hs_p2m31_params_init(&pp, w, HS_P2M31_MAX_PARTIAL + 1, ei, ii, ef, dg));
        ei[3] = HS_M31_P;
        CHECK(!hs_p2m31_params_init(&pp, w, rp, ei, ii, ef, dg));
    }
}

static void batches(hs_rng *rng, const hs_p2m31_params *pp) {
    const unsigned w = pp->width;
    size_t sizes[] = {0, 1, 7, 8, 9, 31, 1000, 2053};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && !TOO_MANY_FAILURES(); si++) {
        size_t n = sizes[si];
        size_t bytes = (n + 1) * w * 4;
        uint32_t *ref = malloc(bytes), *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes),
                 *d = malloc(bytes);
        /* the batch entry points reduce non-canonical words; use some (p, 2^31, 2^32-1) in
         * the larger batches */
        for (size_t i = 0; i < n * w; i++)
            ref[i] = n >= 31 && i % 97 == 5 ? (uint32_t)hs_rng_u64(rng) | (1u << 31) : (uint32_t)hs_rng_below(rng, HS_M31_P);
        if (n >= 31) ref[3] = HS_M31_P, ref[w + 4] = UINT32_MAX, ref[2 * w] = 1u << 31;
        memcpy(a, ref, n * w * 4);
        memcpy(b, ref, n * w * 4);
        memcpy(c, ref, n * w * 4);
        memcpy(d, ref, n * w * 4);
        /* guard word past the end must survive */
        a[n * w] = b[n * w] = c[n * w] = d[n * w] = 0xdeadbeefu;
        for (size_t k = 0; k < n; k++) hs_p2m31_permute_naive(pp, ref + k * w);
        hs_p2m31_permute_many_portable(pp, a, n);
        hs_p2m31_permute_many_avx2(pp, b, n);
        hs_p2m31_permute_many(pp, c, n, 1);
        hs_p2m31_permute_many(pp, d, n, 2);
        CHECK(!memcmp(ref, a, n * w * 4));
        CHECK(!memcmp(ref, b, n * w * 4));
        CHECK(!memcmp(ref, c, n * w * 4));
        CHECK(!memcmp(ref, d, n * w * 4));
        CHECK(a[n * w] == 0xdeadbeefu && b[n * w] == 0xdeadbeefu && c[n * w] == 0xdeadbeefu && d[n * w] == 0xdeadbeefu);
        /* outputs are canonical */
        for (size_t i = 0; i < n * w; i++) CHECK(b[i] < HS_M31_P);
        free(ref), free(a), free(b), free(c), free(d);
    }
}

static void modes(hs_rng *rng) {
    const hs_p2m31_params *pp = hs_p2m31_default16();
    hs_m31 l[8], r[8], out[8], s[16];
    for (int i = 0; i < 8; i++) l[i] = (hs_m31)hs_rng_below(rng, HS_M31_P);
    for (int i = 0; i < 8; i++) r[i] = (hs_m31)hs_rng_below(rng, HS_M31_P);
    hs_p2m31_16_compress(out, l, r);
    memcpy(s, l, sizeof l);
    memcpy(s + 8, r, sizeof r);
    hs_p2m31_permute(pp, s);
    CHECK(!memcmp(out, s, sizeof out));
    /* sponge: 19 inputs = chunks of 8, 8, 3 in overwrite mode */
    hs_m31 msg[19];
    for (int i = 0; i < 19; i++) msg[i] = (hs_m31)hs_rng_below(rng, HS_M31_P);
    memset(s, 0, sizeof s);
    for (int off = 0; off < 19; off += 8) {
        int m = 19 - off < 8 ? 19 - off : 8;
        for (int i = 0; i < m; i++) s[i] = msg[off + i];
        hs_p2m31_permute(pp, s);
    }
    hs_p2m31_16_sponge(out, msg, 19);
    CHECK(!memcmp(out, s, sizeof out));
    hs_p2m31_16_sponge(out, msg, 0);
    for (int i = 0; i < 8; i++) CHECK(out[i] == 0);
    hs_m31 out2[8];
    hs_p2m31_16_sponge(out, msg, 18);
    hs_p2m31_16_sponge(out2, msg, 19);
    CHECK(memcmp(out, out2, sizeof out) != 0);
}

/* The linear layers alone against their matrices. */
static void linear_layers(hs_rng *rng, const hs_p2m31_params *pp) {
    const unsigned w = pp->width;
    static const uint64_t M4[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    hs_m31 x[24], y[24];
    for (unsigned i = 0; i < w; i++) x[i] = y[i] = (hs_m31)hs_rng_below(rng, HS_M31_P);
    hs_p2m31_external_linear(y, w);
    for (unsigned i = 0; i < w; i++) {
        uint64_t acc = 0;
        for (unsigned j = 0; j < w; j++) acc += M4[i & 3][j & 3] * ((i >> 2) == (j >> 2) ? 2 : 1) * x[j];
        CHECK_EQ_U64(y[i], acc % HS_M31_P);
    }
    for (unsigned i = 0; i < w; i++) y[i] = x[i];
    hs_p2m31_internal_linear(pp, y);
    uint64_t sum = 0;
    for (unsigned j = 0; j < w; j++) sum += x[j];
    for (unsigned i = 0; i < w; i++) CHECK_EQ_U64(y[i], (sum + (uint64_t)pp->diag[i] * x[i]) % HS_M31_P);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_poseidon2_m31");
    printf("AVX2 kernel %s\n", hs_cpu_has_avx2() ? "active" : "unavailable (portable fallback tested twice)");
    vector_cases("poseidon2_mersenne31_w16.json", hs_p2m31_default16());
    vector_cases("poseidon2_mersenne31_w24.json", hs_p2m31_default24());
    linear_layers(&rng, hs_p2m31_default16());
    linear_layers(&rng, hs_p2m31_default24());
    random_constant_instances(&rng);
    batches(&rng, hs_p2m31_default16());
    batches(&rng, hs_p2m31_default24());
    modes(&rng);
    return hs_test_done("test_poseidon2_m31");
}
