/* Ragged regions for the Poseidon2b walk over GF(2^128) (gkrb/p2bragged.h), both instances:
 * completeness of the three variants (independent, padded, ragged) on several region shapes (one
 * region, equal widths, widths 1..5 out of order) with the native batch's outputs and the format's
 * lengths; the three variants' output claims identical, and every region's terminal claims equal
 * to M_F times its inputs' extension at its terminal point (padded: times the padding selector);
 * proofs identical for 1 and 2 threads (rounds on the team) and at every SIMD level this CPU has;
 * bytes of small proofs altered (every 8th to every 32nd, from a random offset), truncation,
 * extension, another statement (variant, instance, widths, region order), wrong outputs or inputs
 * rejected with a reason. Sanitizer builds: smaller shapes, every 256th byte, and determinism and
 * rejection for one instance only. */
#include <string.h>

#include "gkrb/gkrb.h"
#include "gkrb/p2bragged.h"
#include "hash/poseidon2b.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static const char *const vname[3] = {"independent", "padded", "ragged"};

typedef struct {
    hs_p2br_shape s;
    hs_gf128 *in[HS_P2BR_MAX_REGIONS], *out[HS_P2BR_MAX_REGIONS];
} regions;

static void regions_make(hs_rng *rng, regions *R, hs_p2b_inst inst, const unsigned *widths, unsigned A) {
    const char *why = NULL;
    CHECK(hs_p2br_shape_make(&R->s, inst, HS_P2BR_RAGGED, widths, A, &why));
    for (unsigned a = 0; a < A; a++) {
        const size_t e = (size_t)HS_P2B_WIDTH << widths[a];
        R->in[a] = hs_alloc_array(e, sizeof(hs_gf128));
        R->out[a] = hs_alloc_array(e, sizeof(hs_gf128));
        for (size_t i = 0; i < e; i++) R->in[a][i] = (hs_gf128){hs_rng_u64(rng), hs_rng_u64(rng)};
    }
}

static void regions_free(regions *R) {
    for (unsigned a = 0; a < R->s.n_regions; a++) hs_free(R->in[a]), hs_free(R->out[a]);
}

static int prove(regions *R, unsigned variant, unsigned threads, hs_writer *w) {
    memset(w, 0, sizeof *w);
    const char *why = NULL;
    R->s.variant = variant;
    const int ok = hs_p2br_prove(&R->s, (const hs_gf128 *const *)R->in, R->out, threads, w, NULL, &why);
    if (!ok) printf("  prove: %s\n", why);
    return ok;
}

static int verify(const hs_p2br_shape *s, hs_gf128 *const *in, hs_gf128 *const *out, const uint8_t *p, size_t len,
                  hs_p2br_claims *cl, const char **why) {
    *why = NULL;
    return hs_p2br_verify(s, (const hs_gf128 *const *)in, (const hs_gf128 *const *)out, p, len, 2, cl, why);
}

static void test_complete(hs_rng *rng, hs_p2b_inst inst) {
    static const unsigned shapes[][8] = {{1, 3}, {3, 2, 2, 2}, {6, 3, 1, 5, 4, 2, 5}};
    const unsigned n_shapes = hs_test_sanitized() ? 2 : 3;
    hs_gf128 mf[HS_P2B_WIDTH][HS_P2B_WIDTH];
    hs_p2bg_matrix(inst, 1, mf);
    for (unsigned sh = 0; sh < n_shapes; sh++) {
        const unsigned A = shapes[sh][0];
        regions R;
        regions_make(rng, &R, inst, shapes[sh] + 1, A);
        hs_p2br_claims cl[3];
        size_t bad = 0;
        for (unsigned v = 0; v < 3; v++) {
            hs_writer w;
            const char *why;
            CHECK(prove(&R, v, 1, &w));
            CHECK_EQ_U64(w.len, hs_p2br_proof_bytes(&R.s));
            for (unsigned a = 0; a < A; a++) { /* the outputs are the native batch's */
                const size_t n = (size_t)1 << R.s.widths[a];
                hs_gf128 *nat = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *nat);
                memcpy(nat, R.in[a], HS_P2B_WIDTH * n * sizeof *nat);
                hs_p2b_permute_many(inst, nat, n, 1);
                bad += memcmp(nat, R.out[a], HS_P2B_WIDTH * n * sizeof *nat) != 0;
                hs_free(nat);
            }
            CHECK(verify(&R.s, R.in, R.out, w.data, w.len, &cl[v], &why));
            if (why) printf("  %s: %s\n", vname[v], why);
            /* terminal claims: M_F x~ at the region's terminal point (padded: times the selector) */
            for (unsigned a = 0; a < A; a++) {
                const unsigned wa = R.s.widths[a], n = cl[v].n_in[a];
                CHECK_EQ_U64(n, v == HS_P2BR_PADDED ? R.s.W : wa);
                hs_gf128 zb[HS_P2BR_MAX_W], x[HS_P2B_WIDTH], sel = hs_gf128_one();
                for (unsigned b = 0; b < wa; b++) zb[b] = cl[v].rho_in[a][wa - 1 - b];
                for (unsigned s = wa; s < n; s++) sel = hs_gf128_mul(sel, hs_gf128_add(hs_gf128_one(), cl[v].rho_in[a][s]));
                CHECK(hs_gkrb_mle_rows(x, R.in[a], HS_P2B_WIDTH, wa, zb, 1));
                for (unsigned i = 0; i < HS_P2B_WIDTH; i++) {
                    hs_gf128 y = hs_gf128_zero();
                    for (unsigned j = 0; j < HS_P2B_WIDTH; j++) y = hs_gf128_add(y, hs_gf128_mul(mf[i][j], x[j]));
                    bad += !hs_gf128_eq(hs_gf128_mul(y, sel), cl[v].s0_claim[a][i]);
                }
            }
            hs_w_free(&w);
        }
        /* the same output claims, and they are the outputs' extensions at the prefixes of z_out */
        for (unsigned v = 1; v < 3; v++) {
            bad += memcmp(cl[v].z_out, cl[0].z_out, R.s.W * sizeof(hs_gf128)) != 0;
            for (unsigned a = 0; a < A; a++) bad += memcmp(cl[v].v_out[a], cl[0].v_out[a], sizeof cl[0].v_out[a]) != 0;
        }
        for (unsigned a = 0; a < A; a++) {
            hs_gf128 zb[HS_P2BR_MAX_W], y[HS_P2B_WIDTH];
            for (unsigned b = 0; b < R.s.widths[a]; b++) zb[b] = cl[0].z_out[R.s.widths[a] - 1 - b];
            CHECK(hs_gkrb_mle_rows(y, R.out[a], HS_P2B_WIDTH, R.s.widths[a], zb, 1));
            bad += memcmp(y, cl[0].v_out[a], sizeof y) != 0;
        }
        CHECK_EQ_U64(bad, 0);
        regions_free(&R);
    }
}

/* 1 and 2 threads, every SIMD level this CPU has: the same bytes for each variant. */
static void test_identical(hs_rng *rng, hs_p2b_inst inst) {
    const unsigned widths[3] = {hs_test_sanitized() ? 6u : 8u, 3, hs_test_sanitized() ? 5u : 7u};
    const size_t par_min = hs_p2bg_test_par_min;
    hs_p2bg_test_par_min = 16; /* rounds of 16 pairs or more on the team */
    regions R;
    regions_make(rng, &R, inst, widths, 3);
    const hs_simd top = hs_cpu_simd_detected();
    for (unsigned v = 0; v < 3; v++) {
        hs_writer ref, w;
        CHECK(prove(&R, v, 1, &ref));
        for (int lv = HS_SIMD_PORTABLE; lv <= (int)top; lv++) {
            hs_cpu_simd_force((hs_simd)lv);
            for (unsigned th = 1; th <= 2; th++) {
                if (lv == HS_SIMD_PORTABLE && th == 1) continue;
                CHECK(prove(&R, v, th, &w));
                CHECK(w.len == ref.len && memcmp(w.data, ref.data, w.len) == 0);
                hs_w_free(&w);
            }
        }
        hs_cpu_simd_force(top);
        hs_w_free(&ref);
    }
    hs_p2bg_test_par_min = par_min;
    regions_free(&R);
}

static void test_reject(hs_rng *rng, hs_p2b_inst inst) {
    const unsigned widths[2] = {2, 1};
    regions R;
    regions_make(rng, &R, inst, widths, 2);
    for (unsigned v = 0; v < 3; v++) {
        hs_writer w;
        const char *why;
        CHECK(prove(&R, v, 1, &w));
        CHECK(verify(&R.s, R.in, R.out, w.data, w.len, NULL, &why));
        /* every 8th byte of the reference instance's ragged proof, every 32nd otherwise (a random
         * offset: other bytes under other seeds); 256th in sanitizer builds */
        const size_t step = hs_test_sanitized() ? 256 : (v == HS_P2BR_RAGGED && inst == HS_P2B_REF ? 8 : 32);
        size_t accepted = 0, unnamed = 0, tried = 0;
        for (size_t pos = hs_rng_below(rng, step); pos < w.len; pos += step, tried++) {
            const uint8_t delta = (uint8_t)(1 + hs_rng_below(rng, 255));
            w.data[pos] ^= delta;
            if (verify(&R.s, R.in, R.out, w.data, w.len, NULL, &why)) accepted++;
            else if (!why || !*why) unnamed++;
            w.data[pos] ^= delta;
        }
        CHECK_EQ_U64(accepted, 0);
        CHECK_EQ_U64(unnamed, 0);
        printf("  %s %s: %zu altered proofs (%zu bytes) rejected with a reason\n", inst == HS_P2B_REF ? "poseidon2b" : "poseidon2b-frost",
               vname[v], tried, w.len);
        CHECK(!verify(&R.s, R.in, R.out, w.data, w.len - 1, NULL, &why));
        CHECK(!verify(&R.s, R.in, R.out, w.data, 5, NULL, &why));
        CHECK(!verify(&R.s, R.in, R.out, w.data, 0, NULL, &why));
        uint8_t *longer = hs_alloc_array(w.len + 1, 1);
        memcpy(longer, w.data, w.len);
        longer[w.len] = 0;
        CHECK(!verify(&R.s, R.in, R.out, longer, w.len + 1, NULL, &why));
        hs_free(longer);
        /* other statements: the other variants, the other instance, other widths, regions swapped */
        hs_p2br_shape o = R.s;
        o.variant = (v + 1) % 3;
        CHECK(!verify(&o, R.in, R.out, w.data, w.len, NULL, &why));
        o = R.s;
        o.inst = inst == HS_P2B_REF ? HS_P2B_FROST : HS_P2B_REF;
        CHECK(!verify(&o, R.in, R.out, w.data, w.len, NULL, &why));
        o = R.s;
        o.widths[1] = 2;
        hs_gf128 *in2[2] = {R.in[0], R.in[0]}, *out2[2] = {R.out[0], R.out[0]};
        CHECK(!verify(&o, in2, out2, w.data, w.len, NULL, &why));
        o.widths[0] = 1; /* the regions in the other order */
        hs_gf128 *in3[2] = {R.in[1], R.in[0]}, *out3[2] = {R.out[1], R.out[0]};
        CHECK(!verify(&o, in3, out3, w.data, w.len, NULL, &why));
        o.n_regions = 0;
        CHECK(!verify(&o, R.in, R.out, w.data, w.len, NULL, &why));
        /* wrong tables: one output bit of either region, one input bit, two states swapped */
        for (unsigned a = 0; a < 2; a++) {
            const size_t n = (size_t)1 << R.s.widths[a];
            const size_t i = HS_P2B_WIDTH * hs_rng_below(rng, n) + hs_rng_below(rng, HS_P2B_WIDTH);
            const uint64_t bit = 1ull << hs_rng_below(rng, 64);
            R.out[a][i].hi ^= bit;
            CHECK(!verify(&R.s, R.in, R.out, w.data, w.len, NULL, &why));
            R.out[a][i].hi ^= bit;
            R.in[a][i].lo ^= bit;
            CHECK(!verify(&R.s, R.in, R.out, w.data, w.len, NULL, &why));
            R.in[a][i].lo ^= bit;
        }
        hs_gf128 t[HS_P2B_WIDTH];
        memcpy(t, R.out[0], sizeof t);
        memcpy(R.out[0], R.out[0] + HS_P2B_WIDTH, sizeof t);
        memcpy(R.out[0] + HS_P2B_WIDTH, t, sizeof t);
        CHECK(!verify(&R.s, R.in, R.out, w.data, w.len, NULL, &why));
        memcpy(R.out[0] + HS_P2B_WIDTH, R.out[0], sizeof t);
        memcpy(R.out[0], t, sizeof t);
        CHECK(verify(&R.s, R.in, R.out, w.data, w.len, NULL, &why));
        hs_w_free(&w);
    }
    /* bad shapes */
    const char *why = NULL;
    hs_p2br_shape s;
    const unsigned w0[1] = {0}, w25[1] = {25}, w1[1] = {1};
    CHECK(!hs_p2br_shape_make(&s, inst, HS_P2BR_RAGGED, w0, 1, &why) && why);
    CHECK(!hs_p2br_shape_make(&s, inst, HS_P2BR_RAGGED, w25, 1, &why));
    CHECK(!hs_p2br_shape_make(&s, inst, 3, w1, 1, &why));
    CHECK(!hs_p2br_shape_make(&s, inst, HS_P2BR_RAGGED, w1, 0, &why));
    CHECK(!hs_p2br_shape_make(&s, (hs_p2b_inst)5, HS_P2BR_RAGGED, w1, 1, &why));
    regions_free(&R);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_p2bragged");
    for (int i = 0; i < HS_P2B_INST_COUNT; i++) {
        const hs_p2b_inst inst = (hs_p2b_inst)i;
        test_complete(&rng, inst);
        if (i > 0 && hs_test_sanitized()) continue; /* sanitizer builds: one instance's */
        test_identical(&rng, inst);
        test_reject(&rng, inst);
    }
    return hs_test_done("test_p2bragged");
}
