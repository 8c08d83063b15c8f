/* The generic sumcheck (sumcheck/scg.h) over its three fields, in the spirit of libsecp256k1's
 * tests_exhaustive.c over the small one:
 *   GF(2^8): the nodes are an F2-subspace prefix (distinct, unlike the integers mod 2), and
 *     interpolation through them and the point at infinity agrees with Horner at every element;
 *     completeness for every table of a one-variable statement and many random ones; for every
 *     round message of several statements, every alternative value of every coefficient (255
 *     each): the decoded round polynomial differs from the honest one and agrees with it at no
 *     more than d of the 256 challenges (checked for every challenge), and the Fiat-Shamir
 *     verifier rejects with a named reason except where the challenges hit such a root (counted,
 *     and bounded by the soundness error n d / 256); for every challenge pair of a two-variable
 *     statement (65536, not only those Fiat-Shamir draws), the round-step prover's messages pass
 *     every round check and the final check; every wrong claim (255) against an honest proof is
 *     rejected, exactly unless a challenge is a root of node 1's Lagrange polynomial;
 *   GF(2^128), GF(2^256) and KB5: random statements of degree 1..5, completeness and every single-bit flip of
 *     every coefficient rejected; the round-step interface against the driver;
 *   KB5: the generic prover's proof is byte-identical to hs_sc_prove's (sumcheck.h);
 *   in a VERIFY build (-DHS_VERIFY=ON), a round-step prover given a wrong running claim aborts. */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sumcheck/scg.h"
#include "sumcheck/sumcheck.h"
#include "testutil.h"
#include "util/verify.h"

static hs_rng rng;

static hs_kb5 rand_kb5(void) { return hs_test_rand_kb5(&rng); }
static hs_gf128 rand_gf128(void) { return (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)}; }
static hs_gf256 rand_gf256(void) {
    const hs_gf128 a = rand_gf128();
    return (hs_gf256){{a, rand_gf128()}};
}
static uint8_t rand_gf8(void) { return (uint8_t)hs_rng_u64(&rng); }

#define FV(op) hs_fv_kb5_##op
#define SCG(name) hs_scg_kb5_##name
#define TN(name) name##_kb5
#define TRAND() rand_kb5()
#include "scg_test_body.inc"
#undef FV
#undef SCG
#undef TN
#undef TRAND

#define FV(op) hs_fv_gf128_##op
#define SCG(name) hs_scg_gf128_##name
#define TN(name) name##_gf128
#define TRAND() rand_gf128()
#include "scg_test_body.inc"
#undef FV
#undef SCG
#undef TN
#undef TRAND

#define FV(op) hs_fv_gf256_##op
#define SCG(name) hs_scg_gf256_##name
#define TN(name) name##_gf256
#define TRAND() rand_gf256()
#include "scg_test_body.inc"
#undef FV
#undef SCG
#undef TN
#undef TRAND

#define FV(op) hs_fv_gf8_##op
#define SCG(name) hs_scg_gf8_##name
#define TN(name) name##_gf8
#define TRAND() rand_gf8()
#include "scg_test_body.inc"

/* ---- GF(2^8), exhaustively ---- */

/* The nodes: pairwise distinct (the integers 0..d lifted to GF(2^8) are 0, 1, 0, 1, ...: they
 * collide, and interpolation through them fails), and interpolation exact at every element. */
static void test_nodes_gf8(void) {
    for (unsigned a = 0; a <= HS_SCG_MAX_DEGREE; a++)
        for (unsigned b = 0; b < a; b++) CHECK(hs_scg_gf8_node(a) != hs_scg_gf8_node(b));
    CHECK(hs_fv_gf8_lift(2) == hs_fv_gf8_lift(0)); /* why the integers cannot be the nodes */
    for (unsigned d = 0; d <= HS_SCG_MAX_DEGREE; d++)
        for (unsigned it = 0; it < 8; it++) {
            uint8_t c[HS_SCG_MAX_DEGREE + 1], v[HS_SCG_MAX_DEGREE + 1];
            for (unsigned i = 0; i <= d; i++) c[i] = rand_gf8();
            node_values_gf8(c, d, v);
            for (unsigned x = 0; x < 256; x++) CHECK(hs_scg_gf8_eval(v, d, (uint8_t)x) == horner_gf8(c, d, (uint8_t)x));
        }
}

/* Every table of f over one variable (65536), g = f^2 times eq at a random z (degree 3: the node x
 * and infinity in use); every z (256) for random tables; then random statements of every shape. */
static void test_complete_gf8(void) {
    static const hs_scg_term sq = {2, {0, 0}};
    stmt_gf8 s;
    make_gf8(&s, 1, 1, &sq, 1, 1, 0);
    unsigned bad = 0;
    for (unsigned v = 0; v < 65536; v += hs_test_sanitized() ? 7 : 1) {
        s.tab[0][0] = (uint8_t)v, s.tab[0][1] = (uint8_t)(v >> 8);
        hs_writer w;
        uint8_t claim;
        bad += !complete_gf8(&s, &w, &claim);
        hs_w_free(&w);
    }
    for (unsigned z = 0; z < 256; z++) {
        make_gf8(&s, 2, 1, &sq, 1, 1, 0);
        s.z[0] = (uint8_t)z;
        hs_writer w;
        uint8_t claim;
        bad += !complete_gf8(&s, &w, &claim);
        hs_w_free(&w);
    }
    CHECK(bad == 0);
    test_random_gf8((unsigned)hs_test_iters(hs_test_sanitized() ? 200 : 2000), 0);
}

/* For each statement: every round of the honest proof, every coefficient, every other value. */
static void test_soundness_gf8(void) {
    unsigned long alts = 0, fs_accepts = 0, fs_bound = 0;
    for (unsigned it = 0; it < 16; it++) {
        unsigned shape = it % 4, n = 1 + it % 3, with_eq = (it / 4) % 2;
        stmt_gf8 s;
        make_gf8(&s, n, 3, shapes_gf8[shape], shape_terms_gf8[shape], with_eq, 0);
        const unsigned d = hs_scg_gf8_degree(&s.in, NULL);
        /* the honest rounds, by the round-step prover */
        hs_scg_gf8_prover P;
        hs_transcript t;
        hs_transcript_init(&t, "scg-test");
        hs_writer w = {0};
        CHECK(hs_scg_gf8_prover_init(&P, &s.in, NULL));
        const uint8_t claim = hs_scg_gf8_prover_claim(&P);
        for (unsigned i = 0; i < n; i++) {
            uint8_t p[HS_SCG_MAX_DEGREE + 1], sent[HS_SCG_MAX_DEGREE], alt[HS_SCG_MAX_DEGREE + 1];
            const uint8_t ci = hs_scg_gf8_prover_claim(&P);
            hs_scg_gf8_prover_round(&P, p);
            hs_scg_gf8_encode(p, d, sent);
            /* the interpolation basis at every challenge (eval is linear in the node values), so
             * that each alternative costs d + 1 products a challenge; spot-checked against eval */
            static uint8_t basis[HS_SCG_MAX_DEGREE + 1][256];
            for (unsigned k = 0; k <= d; k++) {
                uint8_t unit[HS_SCG_MAX_DEGREE + 1] = {0};
                unit[k] = 1;
                for (unsigned r = 0; r < 256; r++) basis[k][r] = hs_scg_gf8_eval(unit, d, (uint8_t)r);
            }
            for (unsigned pos = 0; pos < d; pos++)
                for (unsigned v = 0; v < 256; v++) {
                    if (v == sent[pos]) continue;
                    uint8_t s2[HS_SCG_MAX_DEGREE];
                    memcpy(s2, sent, d);
                    s2[pos] = (uint8_t)v;
                    hs_scg_gf8_decode(s2, d, ci, alt);
                    unsigned agree = 0;
                    for (unsigned r = 0; r < 256; r++) {
                        uint8_t diff = 0;
                        for (unsigned k = 0; k <= d; k++) diff ^= hs_gf8_mul((uint8_t)(alt[k] ^ p[k]), basis[k][r]);
                        agree += diff == 0;
                    }
                    CHECK(agree <= d);
                    const uint8_t r = (uint8_t)(v * 37 + pos), e = hs_scg_gf8_eval(alt, d, r);
                    uint8_t lin = 0;
                    for (unsigned k = 0; k <= d; k++) lin ^= hs_gf8_mul(alt[k], basis[k][r]);
                    CHECK(e == lin);
                }
            uint8_t r = hs_scg_gf8_prove_round(&t, &w, p, d);
            hs_scg_gf8_prover_fold(&P, p, r);
        }
        hs_scg_gf8_prover_free(&P);
        /* the whole proof: every byte is one coefficient */
        const char *why;
        CHECK(verify_bytes_gf8(&s, claim, w.data, w.len, &why));
        for (size_t b = 0; b < w.len; b++) {
            const uint8_t orig = w.data[b];
            for (unsigned v = 0; v < 256; v++) {
                if (v == orig) continue;
                w.data[b] = (uint8_t)v;
                int acc = verify_bytes_gf8(&s, claim, w.data, w.len, &why);
                if (acc) fs_accepts++;
                else CHECK(why != NULL && strstr(why, "sumcheck") != NULL);
                alts++;
            }
            w.data[b] = orig;
        }
        fs_bound += 255ul * w.len * n * d / 256;
        hs_w_free(&w);
    }
    printf("  GF(2^8): %lu altered coefficients, %lu accepted by chance (bound n d / 256: %lu)\n", alts,
           fs_accepts, fs_bound);
    CHECK(fs_accepts <= fs_bound);
}

/* Two variables, degree 5 (a degree-4 term times eq), z with and without a zero coordinate: for
 * every challenge pair (r0, r1) in GF(2^8)^2 (not only those the transcript draws), the
 * round-step prover's messages pass the verifier's round checks (p(0) + p(1) = the running
 * claim) and its final check, and its finals are the tables' extensions at (r0, r1). */
static void test_all_challenges_gf8(void) {
    const unsigned step = hs_test_sanitized() ? 17 : 1;
    for (unsigned zc = 0; zc < 2; zc++) {
        stmt_gf8 s;
        make_gf8(&s, 2, 3, shapes_gf8[3], shape_terms_gf8[3], 1, 0);
        if (zc) s.z[1] = 0;
        const unsigned d = hs_scg_gf8_degree(&s.in, NULL);
        const uint8_t claim = brute_gf8(&s.in);
        unsigned bad = 0;
        for (unsigned r0 = 0; r0 < 256; r0 += step)
            for (unsigned r1 = 0; r1 < 256; r1 += step) {
                const uint8_t rho[2] = {(uint8_t)r0, (uint8_t)r1};
                hs_scg_gf8_prover P;
                if (!hs_scg_gf8_prover_init(&P, &s.in, NULL)) {
                    bad++;
                    continue;
                }
                uint8_t c = claim, p[HS_SCG_MAX_DEGREE + 1], sent[HS_SCG_MAX_DEGREE], seen[HS_SCG_MAX_DEGREE + 1];
                bad += hs_scg_gf8_prover_claim(&P) != claim;
                for (unsigned i = 0; i < 2; i++) {
                    hs_scg_gf8_prover_round(&P, p);
                    bad += (uint8_t)(p[0] ^ p[1]) != c;
                    hs_scg_gf8_encode(p, d, sent); /* what the verifier sees, and decodes from c */
                    hs_scg_gf8_decode(sent, d, c, seen);
                    c = hs_scg_gf8_eval(seen, d, rho[i]);
                    hs_scg_gf8_prover_fold(&P, p, rho[i]);
                    bad += hs_scg_gf8_prover_claim(&P) != c;
                }
                uint8_t fin[3];
                hs_scg_gf8_prover_finals(&P, fin);
                hs_scg_gf8_prover_free(&P);
                for (unsigned j = 0; j < 3; j++) bad += fin[j] != mle_at_gf8(s.tab[j], 2, rho);
                bad += !hs_scg_gf8_final_check(&s.in, rho, fin, c, NULL);
            }
        CHECK(bad == 0);
    }
}

/* Every wrong claim (255) against an honest proof: the transcript does not absorb the claim, so
 * the challenges stay and the final claim moves by delta * prod_i L1(r_i), L1 the Lagrange basis
 * polynomial of node 1 (p(1) = claim - p(0) carries delta). The verifier accepts exactly when that
 * product is 0, and otherwise rejects every one of the 255 with a named reason. */
static void test_wrong_claims_gf8(void) {
    unsigned any_accepting = 0;
    for (unsigned it = 0; it < 24; it++) {
        stmt_gf8 s;
        make_gf8(&s, 1 + it % 3, 3, shapes_gf8[it % 4], shape_terms_gf8[it % 4], (it / 4) % 2, it % 5 == 0);
        hs_writer w;
        uint8_t claim, rho[8], fin;
        if (!complete_gf8(&s, &w, &claim)) {
            hs_w_free(&w);
            continue;
        }
        const unsigned d = hs_scg_gf8_degree(&s.in, NULL);
        hs_transcript t;
        hs_transcript_init(&t, "scg-test");
        hs_reader r;
        hs_r_init(&r, w.data, w.len);
        CHECK(hs_scg_gf8_verify(&t, &r, s.in.n, d, claim, rho, &fin));
        uint8_t unit[HS_SCG_MAX_DEGREE + 1] = {0}, mult = 1;
        unit[1] = 1;
        for (unsigned i = 0; i < s.in.n; i++) mult = hs_gf8_mul(mult, hs_scg_gf8_eval(unit, d, rho[i]));
        unsigned accepted = 0;
        for (unsigned v = 0; v < 256; v++) {
            if (v == claim) continue;
            const char *why;
            if (verify_bytes_gf8(&s, (uint8_t)v, w.data, w.len, &why)) accepted++;
            else CHECK(why != NULL && strstr(why, "sumcheck") != NULL);
        }
        CHECK(accepted == (mult ? 0u : 255u));
        any_accepting += mult == 0;
        hs_w_free(&w);
    }
    printf("  GF(2^8): wrong claims, %u of 24 statements with a challenge at a root of L1\n", any_accepting);
}

/* ---- KB5: the generic prover against hs_sc_prove ---- */

static void test_kb5_identical(void) {
    for (unsigned it = 0; it < 24; it++) {
        const unsigned n = 1 + it % 9, shape = it % 4;
        stmt_kb5 s;
        make_kb5(&s, n > 6 ? 6 : n, 3, shapes_kb5[shape], shape_terms_kb5[shape], 1, it % 3 == 0);
        const unsigned nv = s.in.n;
        /* base tables for hs_sc_prove; the generic one gets them lifted */
        hs_kb base[3][64];
        const hs_kb *bp[3];
        hs_sc_term st[3];
        for (unsigned j = 0; j < 3; j++) {
            for (size_t x = 0; x < (size_t)1 << nv; x++) base[j][x] = hs_test_rand_kb(&rng), s.tab[j][x] = hs_kb5_from_base(base[j][x]);
            bp[j] = base[j];
        }
        for (unsigned t = 0; t < s.in.n_terms; t++) {
            st[t].n_factors = s.terms[t].n_factors;
            for (unsigned f = 0; f < 4; f++) st[t].cols[f] = f < s.terms[t].n_factors ? s.terms[t].cols[f] : 0;
            st[t].coeff = s.coeffs[t];
        }
        hs_sc_instance sci = {nv, 3, bp, s.in.n_terms, st};
        hs_transcript t1, t2;
        hs_transcript_init(&t1, "same");
        hs_transcript_init(&t2, "same");
        hs_writer w1 = {0}, w2 = {0};
        hs_kb5 c1, c2, r1[6], r2[6], f1[3], f2[3];
        CHECK(hs_sc_prove(&sci, s.z, &t1, &w1, 2, &c1, r1, f1, NULL));
        CHECK(hs_scg_kb5_prove(&s.in, &t2, &w2, &c2, r2, f2, NULL));
        CHECK(hs_kb5_eq(c1, c2));
        CHECK(w1.len == w2.len && memcmp(w1.data, w2.data, w1.len) == 0);
        for (unsigned j = 0; j < 3; j++) CHECK(hs_kb5_eq(f1[j], f2[j]));
        hs_w_free(&w1), hs_w_free(&w2);
    }
}

int main(void) {
    hs_test_init(&rng, "test_sumcheck_generic");
    test_nodes_gf8();
    test_eval_gf8();
    test_complete_gf8();
    test_soundness_gf8();
    test_all_challenges_gf8();
    test_wrong_claims_gf8();
    test_steps_gf8();
    test_eval_gf128();
    test_random_gf128((unsigned)hs_test_iters(200), 1);
    test_steps_gf128();
    test_eval_gf256();
    test_random_gf256((unsigned)hs_test_iters(100), 1);
    test_steps_gf256();
    test_eval_kb5();
    test_random_kb5((unsigned)hs_test_iters(200), 1);
    test_steps_kb5();
    test_kb5_identical();
    return hs_test_done("test_sumcheck_generic");
}
