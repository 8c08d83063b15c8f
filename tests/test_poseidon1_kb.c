/* Poseidon1 over KoalaBear: bit-exact with Plonky3's vectors (every case, every round of the
 * trace, the MDS-only case), the sparse partial rounds and their unrolled form against the
 * textbook rounds, and the batch kernels (portable, AVX2, threaded, with records) against the
 * naive % p reference. */
#include <string.h>

#include "field/kb.h"
#include "hash/poseidon1_kb.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

#define P64 ((uint64_t)HS_KB_P)

static uint64_t mulp(uint64_t a, uint64_t b) { return a * b % P64; }
static uint64_t cubep(uint64_t x) { return mulp(mulp(x, x), x); }

static void load_params(const vj *doc, hs_p1_params *pp) {
    unsigned w = (unsigned)vj_u64(vj_get(doc, "width"));
    unsigned np = (unsigned)vj_u64(vj_path(doc, "rounds.partial_rounds"));
    CHECK_EQ_U64(vj_u64(vj_path(doc, "field.modulus")), HS_KB_P);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "sbox.degree")), 3);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "rounds.initial_full_rounds")), HS_P1_HALF_FULL);
    const vj *rc = vj_get(doc, "round_constants");
    uint32_t rcs[HS_P1_MAX_ROUNDS * 24], row[24];
    CHECK_EQ_U64(vj_len(rc), 8 + np);
    for (size_t r = 0; r < vj_len(rc) && r < HS_P1_MAX_ROUNDS; r++) CHECK_EQ_U64(vj_u32s(vj_at(rc, r), rcs + r * w, w), w);
    CHECK_EQ_U64(vj_u32s(vj_path(doc, "mds.first_row"), row, 24), w);
    CHECK(hs_p1_params_init(pp, w, np, rcs, row));
}

static void to_mont(uint32_t *s, const uint32_t *c, size_t n) {
    for (size_t i = 0; i < n; i++) s[i] = hs_kb_from_u32(c[i]);
}

static void check_state(const uint32_t *got_mont, const uint32_t *want, unsigned w, const char *what, size_t idx) {
    for (unsigned i = 0; i < w; i++)
        if (hs_kb_to_u32(got_mont[i]) != want[i]) {
            fprintf(stderr, "%s[%zu] lane %u: got %u want %u\n", what, idx, i, hs_kb_to_u32(got_mont[i]), want[i]);
            hs_test_failures++;
            return;
        }
}

/* The textbook partial rounds on canonical u, from the explicit matrix: the result and the
 * S-box inputs t. */
static void textbook_partial(const hs_p1_params *pp, uint32_t *u, uint32_t *t) {
    const unsigned w = pp->width;
    uint64_t s[24], y[24];
    for (unsigned i = 0; i < w; i++) s[i] = u[i];
    for (unsigned r = 0; r < pp->partial; r++) {
        for (unsigned i = 0; i < w; i++) s[i] = (s[i] + pp->canon.rc[HS_P1_HALF_FULL + r][i]) % P64;
        t[r] = (uint32_t)s[0];
        s[0] = cubep(s[0]);
        for (unsigned i = 0; i < w; i++) {
            y[i] = 0;
            for (unsigned j = 0; j < w; j++) y[i] = (y[i] + mulp(pp->canon.mds_row[(j + w - i) % w], s[j])) % P64;
        }
        memcpy(s, y, sizeof s);
    }
    for (unsigned i = 0; i < w; i++) u[i] = (uint32_t)s[i];
}

/* The module's entry points for the shared checks of testutil.h. */
HS_TEST_MONTY31_KERNELS(kernels, hs_p1, hs_p1_params, &hs_mt_koalabear, HS_P1_REC_WORDS(pp))

static void vector_cases(const char *file, const hs_p1_params *builtin) {
    vj *doc = vj_load(file);
    hs_p1_params pp;
    load_params(doc, &pp);
    CHECK(!memcmp(&pp, builtin, sizeof pp)); /* the compiled-in constants are the file's */
    const unsigned w = pp.width, np = pp.partial;
    const hs_test_monty31_perm kat = kernels(builtin);
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 9);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        uint32_t in[24], out[24], s[24];
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "input"), in, 24), w);
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "output"), out, 24), w);
        hs_test_check_kat(&kat, in, out, c);

        const vj *tr = vj_get(cs, "trace_derived");
        if (!tr) continue;
        uint32_t rounds[HS_P1_MAX_ROUNDS * 24], want[24];
        to_mont(s, in, w);
        hs_p1_permute_trace(builtin, s, rounds);
        check_state(s, out, w, "trace output", c);
        const char *groups[3] = {"after_initial_full_round", "after_partial_round", "after_final_full_round"};
        size_t counts[3] = {4, np, 4}, at = 0;
        for (int g = 0; g < 3; g++) {
            const vj *arr = vj_get(tr, groups[g]);
            CHECK_EQ_U64(vj_len(arr), counts[g]);
            for (size_t r = 0; r < vj_len(arr) && r < counts[g]; r++) {
                CHECK_EQ_U64(vj_u32s(vj_at(arr, r), want, 24), w);
                check_state(rounds + w * at++, want, w, groups[g], r);
            }
        }
        /* the sub-steps of the first full and the first partial round */
        const char *sub[2] = {"first_full_round_substeps", "first_partial_round_substeps"};
        for (int k = 0; k < 2; k++) {
            const vj *st = vj_get(tr, sub[k]);
            unsigned r = (unsigned)vj_u64(vj_get(st, "round_index"));
            CHECK_EQ_U64(r, k ? 4 : 0);
            uint32_t x[24];
            if (r == 0)
                to_mont(x, in, w);
            else
                memcpy(x, rounds + w * (r - 1), w * sizeof *x);
            for (unsigned i = 0; i < w; i++) x[i] = hs_kb_add(x[i], builtin->mont.rc[r][i]);
            CHECK_EQ_U64(vj_u32s(vj_get(st, "after_add_round_constants"), want, 24), w);
            check_state(x, want, w, "after_add_round_constants", r);
            for (unsigned i = 0; i < (k ? 1 : w); i++) x[i] = hs_kb_cube(x[i]);
            CHECK_EQ_U64(vj_u32s(vj_get(st, k ? "after_sbox_lane0" : "after_sbox_all_lanes"), want, 24), w);
            check_state(x, want, w, "after_sbox", r);
            hs_p1_mds(builtin, x);
            CHECK_EQ_U64(vj_u32s(vj_get(st, "after_mds"), want, 24), w);
            check_state(x, want, w, "after_mds", r);
        }
        /* the sparse block's S-box inputs are the textbook ones, read off the file's trace */
        uint32_t t[HS_P1_MAX_PARTIAL];
        memcpy(s, rounds + 3 * w, w * sizeof *s);
        hs_p1_partial_sparse(builtin, s, t, NULL);
        CHECK(!memcmp(s, rounds + (3 + np) * w, w * sizeof *s));
        const vj *arr = vj_get(tr, "after_partial_round");
        for (unsigned r = 0; r < np; r++) {
            CHECK_EQ_U64(vj_u32s(vj_at(r ? arr : vj_get(tr, "after_initial_full_round"), r ? r - 1 : 3), want, 24), w);
            CHECK_EQ_U64(hs_kb_to_u32(t[r]), (want[0] + builtin->canon.rc[HS_P1_HALF_FULL + r][0]) % P64);
        }
    }
    const vj *comp = vj_get(doc, "component_cases");
    for (size_t c = 0; c < vj_len(comp); c++) {
        const vj *cs = vj_at(comp, c);
        CHECK(!strcmp(vj_str(vj_get(cs, "component")), "mds"));
        uint32_t in[24], out[24], s[24];
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "input"), in, 24), w);
        CHECK_EQ_U64(vj_u32s(vj_get(cs, "output"), out, 24), w);
        to_mont(s, in, w);
        hs_p1_mds(builtin, s);
        check_state(s, out, w, "mds component", c);
    }
    vj_free(doc);
}

/* The derived tables: shape, the two representations agreeing, and the sparse recurrence (and
 * its unrolled form) equal to the textbook partial rounds on random inputs. */
static void sparse_form(hs_rng *rng, const hs_p1_params *pp) {
    const unsigned w = pp->width, np = pp->partial, n = w - 1;
    const hs_p1_consts *c = &pp->canon;
    const uint32_t *cm = (const uint32_t *)&pp->mont, *cc = (const uint32_t *)&pp->canon;
    for (size_t i = 0; i < sizeof pp->mont / sizeof *cm; i++) CHECK_EQ_U64(hs_kb_to_u32(cm[i]), cc[i]);
    CHECK_EQ_U64(c->m00, c->mds_row[0]);
    CHECK_EQ_U64(c->chat[np - 1], 0);
    for (unsigned j = 0; j < w; j++) CHECK_EQ_U64(c->m_i[0][j], j == 0);
    for (unsigned i = 1; i < w; i++) CHECK_EQ_U64(c->m_i[i][0], 0);
    for (unsigned r = 0; r < np; r++)
        for (unsigned i = r; i < np; i++) CHECK_EQ_U64(c->ab[r][i], 0);

    for (unsigned it = 0; it < 20 && !TOO_MANY_FAILURES(); it++) {
        uint32_t u[24], ref[24], tref[HS_P1_MAX_PARTIAL], s[24], t[HS_P1_MAX_PARTIAL];
        uint32_t ws[(HS_P1_MAX_PARTIAL + 1) * 24];
        for (unsigned i = 0; i < w; i++) u[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
        memcpy(ref, u, sizeof ref);
        textbook_partial(pp, ref, tref);
        /* the library's sparse block */
        to_mont(s, u, w);
        hs_p1_partial_sparse(pp, s, t, ws);
        check_state(s, ref, w, "sparse block", it);
        check_state(t, tref, np, "sparse S-box inputs", it);
        CHECK(!memcmp(ws + np * w, s, w * sizeof *s));
        /* the recurrence as the header states it, from the canonical tables */
        uint64_t x[24] = {0}, y[24] = {0};
        for (unsigned i = 0; i < w; i++) y[i] = (u[i] + c->cbar[i]) % P64;
        for (unsigned i = 0; i < w; i++) {
            x[i] = 0;
            for (unsigned j = 0; j < w; j++) x[i] = (x[i] + mulp(c->m_i[i][j], y[j])) % P64;
        }
        for (unsigned i = 0; i < w; i++) CHECK_EQ_U64(hs_kb_to_u32(ws[i]), x[i]);
        int ok = 1, alt_ok = 1;
        uint64_t xa[24];
        memcpy(xa, x, sizeof xa);
        for (unsigned r = 0; r < np; r++) {
            ok &= x[0] == tref[r];
            uint64_t q = (cubep(x[0]) + c->chat[r]) % P64, x0 = mulp(c->m00, q);
            for (unsigned j = 1; j < w; j++) x0 = (x0 + mulp(c->ahat[r][j - 1], x[j])) % P64;
            for (unsigned j = 1; j < w; j++) x[j] = (x[j] + mulp(c->b[r][j - 1], q)) % P64;
            x[0] = x0;
            for (unsigned i = 0; i < w; i++) ok &= hs_kb_to_u32(ws[(r + 1) * w + i]) == x[i];
            /* the other order (the constant before the S-box) is not the same map */
            uint64_t qa = cubep((xa[0] + c->chat[r]) % P64), xa0 = mulp(c->m00, qa);
            for (unsigned j = 1; j < w; j++) xa0 = (xa0 + mulp(c->ahat[r][j - 1], xa[j])) % P64;
            for (unsigned j = 1; j < w; j++) xa[j] = (xa[j] + mulp(c->b[r][j - 1], qa)) % P64;
            xa[0] = xa0;
        }
        for (unsigned i = 0; i < w; i++) ok &= x[i] == ref[i], alt_ok &= xa[i] == ref[i];
        CHECK(ok);
        CHECK(!alt_ok);
        /* the unrolled block */
        uint64_t tt[HS_P1_MAX_PARTIAL + 1], cube[HS_P1_MAX_PARTIAL];
        tt[0] = (u[0] + c->cbar[0]) % P64;
        for (unsigned r = 0; r < np; r++) {
            cube[r] = cubep(tt[r]);
            uint64_t v = c->off_t[r];
            for (unsigned k = 0; k < n; k++) v = (v + mulp(c->g[r][k], u[k + 1])) % P64;
            for (unsigned i = 0; i < r; i++) v = (v + mulp(c->ab[r][i], cube[i])) % P64;
            tt[r + 1] = (v + mulp(c->m00, cube[r])) % P64;
            CHECK_EQ_U64(tt[r], tref[r]);
        }
        CHECK_EQ_U64(tt[np], ref[0]);
        /* the entry forms on v, with u = M v */
        uint64_t v[24], mv[24];
        for (unsigned i = 0; i < w; i++) v[i] = hs_rng_below(rng, HS_KB_P);
        for (unsigned i = 0; i < w; i++) {
            mv[i] = 0;
            for (unsigned j = 0; j < w; j++) mv[i] = (mv[i] + mulp(c->mds[i][j], v[j])) % P64;
        }
        for (unsigned r = 0; r < np; r++) {
            uint64_t a = 0, b = 0;
            for (unsigned k = 0; k < n; k++) a = (a + mulp(c->g[r][k], mv[k + 1])) % P64;
            for (unsigned k = 0; k < w; k++) b = (b + mulp(c->gm[r][k], v[k])) % P64;
            CHECK_EQ_U64(a, b);
        }
        for (unsigned j = 0; j < n; j++) {
            uint64_t a = 0, b = 0;
            for (unsigned k = 0; k < n; k++) a = (a + mulp(c->m_i[j + 1][k + 1], mv[k + 1])) % P64;
            for (unsigned k = 0; k < w; k++) b = (b + mulp(c->am[j][k], v[k])) % P64;
            CHECK_EQ_U64(a, b);
        }
        for (unsigned j = 0; j < n; j++) {
            uint64_t v = c->off_w[j];
            for (unsigned k = 0; k < n; k++) v = (v + mulp(c->m_i[j + 1][k + 1], u[k + 1])) % P64;
            for (unsigned i = 0; i < np; i++) v = (v + mulp(c->b[i][j], cube[i])) % P64;
            CHECK_EQ_U64(v, ref[j + 1]);
        }
    }
}

/* Other constants go through the same code: a random small circulant (the CRT kernel), a random
 * large one (the dense kernel), and bad parameters rejected. */
static void random_instances(hs_rng *rng) {
    static hs_p1_params pp;
    uint32_t rc[HS_P1_MAX_ROUNDS * 24], row[24];
    for (int kind = 0; kind < 3; kind++) {
        unsigned w = kind == 2 ? 24 : 16, np = kind == 2 ? 23 : 20;
        for (unsigned i = 0; i < (8 + np) * w; i++) rc[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
        for (unsigned i = 0; i < w; i++) row[i] = (uint32_t)(kind == 0 ? 1 + hs_rng_below(rng, 200) : hs_rng_below(rng, HS_KB_P));
        CHECK(hs_p1_params_init(&pp, w, np, rc, row));
        CHECK_EQ_U64(pp.mds_small, kind == 0);
        uint32_t a[24 * 13], b[24 * 13];
        for (unsigned i = 0; i < 13 * w; i++) a[i] = b[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
        for (unsigned k = 0; k < 13; k++) hs_p1_permute_naive(&pp, a + k * w);
        hs_p1_permute_many_avx2(&pp, b, 13, 1);
        CHECK(!memcmp(a, b, 13 * w * sizeof *a));
        memcpy(b, a, sizeof b);
        hs_p1_permute_many_portable(&pp, a, 13, 1);
        for (unsigned k = 0; k < 13; k++) hs_p1_permute_naive(&pp, b + k * w);
        CHECK(!memcmp(a, b, 13 * w * sizeof *a));
    }
    /* another round count takes the portable path inside the AVX2 entry point */
    for (unsigned i = 0; i < 16; i++) row[i] = hs_p1_kb16()->canon.mds_row[i];
    CHECK(hs_p1_params_init(&pp, 16, 7, rc, row));
    uint32_t a[16], b[16];
    for (unsigned i = 0; i < 16; i++) a[i] = b[i] = (uint32_t)hs_rng_below(rng, HS_KB_P);
    hs_p1_permute_naive(&pp, a);
    hs_p1_permute_many_avx2(&pp, b, 1, 1);
    CHECK(!memcmp(a, b, sizeof a));
    CHECK(!hs_p1_params_init(&pp, 12, 20, rc, row));
    CHECK(!hs_p1_params_init(&pp, 16, 0, rc, row));
    CHECK(!hs_p1_params_init(&pp, 16, HS_P1_MAX_PARTIAL + 1, rc, row));
    rc[5] = HS_KB_P;
    CHECK(!hs_p1_params_init(&pp, 16, 20, rc, row));
    rc[5] = 0;
    for (unsigned i = 0; i < 16; i++) row[i] = 1; /* all-ones: singular */
    CHECK(!hs_p1_params_init(&pp, 16, 20, rc, row));
    CHECK(pp.width == 0);
}

/* The batch kernels (portable, AVX2 on sizes that are and are not multiples of 8, 1 to 3
 * threads) against the naive reference, and their round records against each other. */
static void batches(hs_rng *rng, const hs_p1_params *pp) {
    hs_test_monty31_perm p = kernels(pp);
    hs_test_check_batches(rng, &p);
    hs_test_check_records(rng, &p);
}

/* The record's words: the input, the textbook states after each full round, the textbook
 * partial S-box outputs, the output. */
static void records(hs_rng *rng, const hs_p1_params *pp) {
    const unsigned w = pp->width, np = pp->partial, rw = HS_P1_REC_WORDS(pp);
    enum { N = 13 };
    uint32_t in[N * 24], a[N * 24], rec[N * HS_P1_REC_MAX];
    for (size_t i = 0; i < N * w; i++) in[i] = hs_test_rand_kb(rng);
    memcpy(a, in, sizeof a);
    hs_p1_permute_many_record_avx2(pp, a, N, rec);
    for (size_t k = 0; k < N; k++) {
        uint32_t s[24], rounds[HS_P1_MAX_ROUNDS * 24], *r = rec + k * rw;
        memcpy(s, in + k * w, w * 4);
        hs_p1_permute_trace(pp, s, rounds);
        CHECK(!memcmp(r, in + k * w, w * 4));
        CHECK(!memcmp(r + w, rounds, 4 * w * 4));
        for (unsigned j = 0; j < np; j++) {
            const uint32_t *before = rounds + (3 + j) * w;
            CHECK_EQ_U64(r[5 * w + j], hs_kb_cube(hs_kb_add(before[0], pp->mont.rc[HS_P1_HALF_FULL + j][0])));
        }
        CHECK(!memcmp(r + 5 * w + np, rounds + (4 + np) * w, 4 * w * 4));
        CHECK(!memcmp(r + rw - w, s, w * 4));
    }
}

static void modes(hs_rng *rng, const hs_p1_params *pp) {
    hs_test_digest_modes m = kernels_modes(pp);
    hs_test_check_digest_modes(rng, &m);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_poseidon1_kb");
    printf("AVX2 kernel %s\n", hs_cpu_has_avx2() ? "active" : "unavailable (portable fallback tested twice)");
    vector_cases("poseidon1_koalabear_w16.json", hs_p1_kb16());
    vector_cases("poseidon1_koalabear_w24.json", hs_p1_kb24());
    sparse_form(&rng, hs_p1_kb16());
    sparse_form(&rng, hs_p1_kb24());
    random_instances(&rng);
    batches(&rng, hs_p1_kb16());
    batches(&rng, hs_p1_kb24());
    records(&rng, hs_p1_kb16());
    records(&rng, hs_p1_kb24());
    modes(&rng, hs_p1_kb16());
    modes(&rng, hs_p1_kb24());
    return hs_test_done("test_poseidon1_kb");
}
