/* Sumcheck (sumcheck/sumcheck.h): the round transport (interpolation, Gruen expansion, prover and
 * verifier rounds, proof bytes) against direct polynomial evaluation. */
#include <string.h>

#include "poly/mle.h"
#include "sumcheck/sumcheck.h"
#include "testutil.h"
#include "util/mem.h"

static hs_rng rng;

static hs_kb rand_kb(void) { return hs_kb_from_u32((uint32_t)hs_rng_below(&rng, HS_KB_P)); }
static hs_kb5 rand_k(void) {
    hs_kb5 r;
    for (int i = 0; i < 5; i++) r.c[i] = rand_kb();
    return r;
}
static hs_kb5 k_int(unsigned v) { return hs_kb5_from_base(hs_kb_from_u32(v)); }

/* Horner: sum c[i] x^i, deg + 1 coefficients. */
static hs_kb5 horner(const hs_kb5 *c, unsigned deg, hs_kb5 x) {
    hs_kb5 acc = c[deg];
    for (unsigned i = deg; i-- > 0;) acc = hs_kb5_add(hs_kb5_mul(acc, x), c[i]);
    return acc;
}
static hs_kb5 eq1(hs_kb5 z, hs_kb5 x) { return hs_mle_eq(&z, &x, 1); }

static void test_interpolate(void) {
    for (unsigned d = 0; d <= HS_SC_MAX_DEGREE; d++) {
        for (unsigned it = 0; it < 20; it++) {
            hs_kb5 c[HS_SC_MAX_DEGREE + 1], v[HS_SC_MAX_DEGREE + 1];
            for (unsigned i = 0; i <= d; i++) c[i] = rand_k();
            for (unsigned i = 0; i <= d; i++) v[i] = horner(c, d, k_int(i));
            hs_kb5 x = rand_k();
            CHECK(hs_kb5_eq(hs_sc_interpolate(v, d, x), horner(c, d, x)));
            for (unsigned i = 0; i <= d + 2; i++) CHECK(hs_kb5_eq(hs_sc_interpolate(v, d, k_int(i)), horner(c, d, k_int(i))));
        }
    }
}

static void test_gruen_expand(void) {
    for (unsigned d = 1; d <= HS_SC_MAX_DEGREE; d++) {
        for (unsigned it = 0; it < 20; it++) {
            hs_kb5 c[HS_SC_MAX_DEGREE], q[HS_SC_MAX_DEGREE], p[HS_SC_MAX_DEGREE + 1];
            for (unsigned i = 0; i < d; i++) c[i] = rand_k();
            hs_kb5 m = rand_k(), z = it == 1 ? hs_kb5_one() : rand_k();
            /* q(0), q(2..d-1) */
            q[0] = horner(c, d - 1, k_int(0));
            for (unsigned k = 2; k < d; k++) q[k - 1] = horner(c, d - 1, k_int(k));
            hs_kb5 claim = hs_kb5_zero();
            for (unsigned k = 0; k <= 1; k++)
                claim = hs_kb5_add(claim, hs_kb5_mul(m, hs_kb5_mul(eq1(z, k_int(k)), horner(c, d - 1, k_int(k)))));
            CHECK(hs_sc_gruen_expand(claim, m, z, q, d, p));
            for (unsigned k = 0; k <= d; k++) {
                hs_kb5 want = hs_kb5_mul(m, hs_kb5_mul(eq1(z, k_int(k)), horner(c, d - 1, k_int(k))));
                CHECK(hs_kb5_eq(p[k], want));
            }
            CHECK(hs_kb5_eq(hs_kb5_add(p[0], p[1]), claim));
            CHECK(!hs_sc_gruen_expand(claim, m, hs_kb5_zero(), q, d, p));
            CHECK(!hs_sc_gruen_expand(claim, hs_kb5_zero(), z, q, d, p));
        }
    }
}

/* One round through bytes and transcripts: prover and verifier draw the same challenge and the
 * verifier's new claim is p(r). Short and non-canonical messages are rejected. */
static void test_round_transport(void) {
    for (unsigned d = 1; d <= HS_SC_MAX_DEGREE; d++) {
        hs_kb5 c[HS_SC_MAX_DEGREE + 1], p[HS_SC_MAX_DEGREE + 1];
        for (unsigned i = 0; i <= d; i++) c[i] = rand_k();
        for (unsigned k = 0; k <= d; k++) p[k] = horner(c, d, k_int(k));
        hs_kb5 claim = hs_kb5_add(p[0], p[1]);
        hs_transcript tp, tv;
        hs_transcript_init(&tp, "test_sumcheck");
        tv = tp;
        hs_writer w = {0};
        hs_kb5 r = hs_sc_prove_round(&tp, &w, p, d);
        CHECK_EQ_U64(w.len, 20 * d);
        /* the first value is p(0), canonical u32 LE */
        uint32_t u[5];
        hs_kb5_to_u32s(u, p[0]);
        CHECK(w.len >= 4 && (w.data[0] | w.data[1] << 8 | w.data[2] << 16 | (uint32_t)w.data[3] << 24) == u[0]);
        hs_reader rd;
        hs_r_init(&rd, w.data, w.len);
        hs_kb5 vclaim = claim, vr;
        CHECK(hs_sc_verify_round(&tv, &rd, d, &vclaim, &vr));
        CHECK(hs_kb5_eq(vr, r));
        CHECK(hs_kb5_eq(vclaim, horner(c, d, r)));
        CHECK(hs_r_left(&rd) == 0);
        /* no writer: same transcript */
        hs_transcript t2;
        hs_transcript_init(&t2, "test_sumcheck");
        CHECK(hs_kb5_eq(hs_sc_prove_round(&t2, NULL, p, d), r));
        /* short */
        hs_transcript_init(&tv, "test_sumcheck");
        hs_r_init(&rd, w.data, w.len - 1);
        vclaim = claim;
        CHECK(!hs_sc_verify_round(&tv, &rd, d, &vclaim, &vr));
        CHECK(rd.err != NULL);
        /* non-canonical: a coordinate set to p */
        size_t at = 4 * (size_t)hs_rng_below(&rng, 5 * d);
        memcpy(w.data + at, (const uint8_t[]){0x01, 0x00, 0x00, 0x7f}, 4);
        hs_transcript_init(&tv, "test_sumcheck");
        hs_r_init(&rd, w.data, w.len);
        vclaim = claim;
        CHECK(!hs_sc_verify_round(&tv, &rd, d, &vclaim, &vr));
        CHECK(rd.err != NULL);
        hs_w_free(&w);
    }
}

int main(void) {
    hs_test_init(&rng, "test_sumcheck");
    test_interpolate();
    test_gruen_expand();
    test_round_transport();
    return hs_test_done("test_sumcheck");
}
