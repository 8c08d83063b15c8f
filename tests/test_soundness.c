/* The soundness calculator (src/soundness, docs/SOUNDNESS.md) against values computed by hand:
 * per-query bits under unique decoding, Johnson and the conjectured bound, BCHKS25's exceptional
 * count, list sizes, Merkle collision bits, a whole stark report term by term, the claim = the
 * weakest term of the better proven regime; every preset meets its declared claim on the shapes it
 * is sized for, and weakened presets do not; the gkr walk's terms follow each permutation's shape. */
#include <math.h>
#include <string.h>

#include "gkr/gkr.h"
#include "soundness/soundness.h"
#include "stark/stark.h"
#include "gkr/gkr_perm.h"
#include "testutil.h"

#define NEAR(a, b, eps)                                                                           \
    do {                                                                                          \
        double a_ = (a), b_ = (b);                                                                \
        if (!(fabs(a_ - b_) <= (eps))) {                                                          \
            fprintf(stderr, "%s:%d: %s = %.9f, expected %.9f\n", __FILE__, __LINE__, #a, a_, b_); \
            hs_test_failures++;                                                                   \
        }                                                                                         \
    } while (0)

#define LOG2_P log2(2130706433.0) /* 30.98868 */

static void formulas(void) {
    /* unique decoding: 1 - delta = (1 + rho)/2 */
    NEAR(hs_sound_query_bits_udr(0.5), 0.415037499278844, 1e-12);  /* log2(4/3) */
    NEAR(hs_sound_query_bits_udr(0.25), 0.678071905112638, 1e-12); /* log2(8/5) */
    NEAR(hs_sound_query_bits_udr(0.125), log2(16.0 / 9), 1e-12);
    /* Johnson: rho = 1/4, eta = 1/16: 1 - delta = 1/2 + 1/16 = 9/16, log2(16/9) = 0.830075 */
    NEAR(hs_sound_query_bits_johnson(0.25, 1.0 / 16), 0.830074998557688, 1e-12);
    NEAR(hs_sound_query_bits_johnson(0.25, 0.5), 0, 0); /* past distance 0 */
    /* list size 1 / (2 eta sqrt(rho)) = 1 / (2 * 1/16 * 1/2) = 16 */
    NEAR(hs_sound_list_johnson(0.25, 1.0 / 16), 16, 1e-12);
    /* conjectured: rho + rho log2(e/rho) / field_bits; rho = 1/2, 124 bits:
     * 0.5 + 0.5 * 2.442695 / 124 = 0.5098496, -log2 = 0.971856 */
    NEAR(hs_sound_query_bits_conjectured(0.5, 124), -log2(0.5 + 0.5 * (1.4426950408889634 + 1) / 124), 1e-12);
    NEAR(hs_sound_query_bits_conjectured(0.5, 124), 0.971856, 1e-6);
    /* unique decoding line: n exceptional challenges */
    NEAR(hs_sound_line_log2_udr(18), 18, 0);
    /* BCHKS25 Theorem 1.5 with soundcalc's m = max(ceil(sqrt(rho) / (2 eta)), 3), rho = 1/4,
     * delta = 0.4375 (eta = 1/16 below 1 - sqrt(rho) = 1/2), n = 1024:
     * m = max(ceil(0.5 / 0.125), 3) = 4, m' = 4.5, 4.5^5 = 1845.28125,
     * (2 * 1845.28125 + 3 * 4.5 * 0.4375 * 0.25) = 3692.0390625, * 1024 = 3780648,
     * / (3 * 0.125) = 10081728, + 4.5 / 0.5 = 10081737 -> log2 = 23.265241 */
    NEAR(hs_sound_line_log2_johnson(0.25, 0.4375, 10), log2(3780648.0 / 0.375 + 9), 1e-9);
    NEAR(hs_sound_line_log2_johnson(0.25, 0.4375, 10), 23.265241, 1e-6);
    NEAR(hs_sound_line_log2_johnson_gap(0.25, 0.4375, 0.0625, 10), log2(3780648.0 / 0.375 + 9), 1e-9);
    /* m floored at 3: delta = 0.1, m' = 3.5, n = 16: (2 * 525.21875 + 0.2625) * 16 / 0.375 + 7 */
    NEAR(hs_sound_line_log2_johnson(0.25, 0.1, 4), log2((2 * 525.21875 + 0.2625) * 16 / 0.375 + 7), 1e-9);
    CHECK(isnan(hs_sound_line_log2_johnson(0.25, 0.5, 10))); /* at the Johnson radius: no bound */
    /* Merkle collisions: half the digest */
    NEAR(hs_sound_merkle_bits(HS_MERKLE_KECCAK), 128, 0);
    NEAR(hs_sound_merkle_bits(HS_MERKLE_BLAKE3), 128, 0);
    NEAR(hs_sound_merkle_bits(HS_MERKLE_POSEIDON2), 4 * LOG2_P, 1e-9); /* 123.95 */
}

static void report_api(void) {
    hs_sound_report r;
    memset(&r, 0, sizeof r);
    hs_sound_add(&r, "a", 90, 95, 120);
    hs_sound_add(&r, "b", 100, 80, 110);
    hs_sound_add(&r, "c", INFINITY, INFINITY, 70);
    CHECK_EQ_U64(r.n_terms, 3);
    CHECK(!strcmp(r.terms[1].name, "b"));
    r.regime = HS_REGIME_UDR;
    hs_sound_finish(&r);
    NEAR(r.claimed_bits, 90, 0);
    CHECK_EQ_U64(r.weakest, 0);
    r.regime = HS_REGIME_CONJECTURED;
    hs_sound_finish(&r);
    NEAR(r.claimed_bits, 70, 0);
    CHECK_EQ_U64(r.weakest, 2);
    hs_sound_finish_best(&r); /* udr 90 beats johnson 80; never the conjectured regime */
    CHECK(r.regime == HS_REGIME_UDR);
    NEAR(r.claimed_bits, 90, 0);
    r.terms[0].bits[HS_REGIME_JOHNSON] = 99, r.terms[1].bits[HS_REGIME_JOHNSON] = 97;
    hs_sound_finish_best(&r);
    CHECK(r.regime == HS_REGIME_JOHNSON);
    NEAR(r.claimed_bits, 97, 0);
    CHECK_EQ_U64(r.weakest, 1);
    for (int i = 0; i < HS_SOUND_MAX_TERMS + 5; i++) hs_sound_add(&r, "x", 1, 1, 1);
    CHECK_EQ_U64(r.n_terms, HS_SOUND_MAX_TERMS);
    CHECK(!strcmp(hs_regime_name(HS_REGIME_UDR), "udr"));
    CHECK(!strcmp(hs_regime_name(HS_REGIME_JOHNSON), "johnson"));
    CHECK(!strcmp(hs_regime_name(HS_REGIME_CONJECTURED), "conjectured"));
}

static const hs_sound_term *term(const hs_sound_report *r, const char *name) {
    for (size_t i = 0; i < r->n_terms; i++)
        if (!strcmp(r->terms[i].name, name)) return &r->terms[i];
    fprintf(stderr, "no term %s\n", name);
    hs_test_failures++;
    static const hs_sound_term none = {"", {NAN, NAN, NAN}, 0};
    return &none;
}

/* compat, Poseidon2-KB16, 2^20 permutations, rate 1/2, private: V = 8, k = 2^17 rows of
 * 8 * 164 = 1312 columns, 8 * 148 = 1184 constraints, n = 2^18, |K| = p^4, 17 binary folds,
 * 256 queries, Keccak. */
/* compat, Keccak-f[1600], 2^10 permutations, rate 1/2, private: R = 8 rows a permutation, so
 * k = 2^13 rows of W = 6941 columns; the AIR reads the next row, so the trace is opened at two
 * points (c = 2) and the DEEP quotient batches 2 W + 2 * 4 = 13890 columns; 8001 constraints of
 * degree 3 in 2 chunks; n = 2^14. */
static void keccak_by_hand(void) {
    hs_sound_report r;
    CHECK(hs_soundness_stark(hs_preset_find("compat"), 3, 10, 0, 0, &r));
    const double fb = 4 * LOG2_P, k = 8192, kc = k + 1;
    NEAR(term(&r, "ali")->bits[HS_REGIME_UDR], fb - log2(8001), 1e-9);                    /* 110.99 */
    /* DEEP: max(3 kc, 2 k + kc) = 3 kc = 24579 */
    NEAR(term(&r, "deep.ood")->bits[HS_REGIME_UDR], fb - log2(3 * kc), 1e-9);              /* 109.37 */
    NEAR(term(&r, "fri.batch")->bits[HS_REGIME_UDR], fb - log2(13889) - 14, 1e-9);        /* 96.19 */
    /* agreement must exceed (n + kc)/2: floor((16384 + 8193)/2) / 16384 = 3/4 passes a query */
    NEAR(term(&r, "fri.query")->bits[HS_REGIME_UDR], 256 * log2(4.0 / 3), 1e-9);          /* 106.25 */
    NEAR(term(&r, "fri.fold[0]")->bits[HS_REGIME_UDR], fb - 14, 1e-9);
    CHECK(r.claimed_bits >= 91);
}

static void compat_by_hand(void) {
    hs_sound_report r;
    CHECK(hs_soundness_stark(hs_preset_find("compat"), 1, 20, 0, 0, &r));
    const double fb = 4 * LOG2_P, k = 131072, rho = 0.5, eta = r.johnson_eta;
    CHECK_EQ_U64(r.n_terms, 3 + 17 + 2);
    NEAR(term(&r, "ali")->bits[HS_REGIME_UDR], fb - log2(1184), 1e-9);
    /* DEEP: C(p) - Z_H (q_0 + X^k q_1) has degree <= max(3k, k + k + k) = 3k */
    NEAR(term(&r, "deep.ood")->bits[HS_REGIME_UDR], fb - log2(3 * k), 1e-9);
    /* 1312 trace columns + 2 * 4 quotient columns, batched with powers of alpha: 1319 n / |K| */
    NEAR(term(&r, "fri.batch")->bits[HS_REGIME_UDR], fb - log2(1319) - 18, 1e-9);
    NEAR(term(&r, "fri.batch")->bits[HS_REGIME_UDR], 95.590, 1e-3);
    NEAR(term(&r, "fri.fold[0]")->bits[HS_REGIME_UDR], fb - 18, 1e-9);
    NEAR(term(&r, "fri.fold[16]")->bits[HS_REGIME_UDR], fb - 2, 1e-9);
    /* unique decoding of degree-<=k columns needs agreement > (n + k)/2: 3/4 per query */
    NEAR(term(&r, "fri.query")->bits[HS_REGIME_UDR], 256 * log2(4.0 / 3), 1e-9); /* 106.25 */
    NEAR(term(&r, "fri.query")->bits[HS_REGIME_CONJECTURED], 256 * -log2(rho + rho * (1.4426950408889634 + 1) / fb),
         1e-9);
    NEAR(term(&r, "merkle.collision")->bits[HS_REGIME_UDR], 128, 0);
    /* Johnson at the chosen slack: list 1 / (2 eta sqrt(rho)), radius 1 - sqrt(rho) - eta */
    CHECK(eta > 0 && eta < sqrt(rho));
    NEAR(term(&r, "ali")->bits[HS_REGIME_JOHNSON], fb - log2(1 / (2 * eta * sqrt(rho))) - log2(1184), 1e-9);
    NEAR(term(&r, "fri.query")->bits[HS_REGIME_JOHNSON], 256 * -log2(sqrt(rho) + eta), 1e-9);
    NEAR(term(&r, "fri.batch")->bits[HS_REGIME_JOHNSON],
         fb - log2(1319) - hs_sound_line_log2_johnson(rho, 1 - sqrt(rho) - eta, 18), 1e-9);
    /* the conjectured regime shares the unique-decoding counts outside the queries */
    NEAR(term(&r, "fri.batch")->bits[HS_REGIME_CONJECTURED], fb - log2(1319) - 18, 1e-9);
    /* the claim: the weakest unique-decoding term (Johnson is weaker at degree 4) */
    CHECK(r.regime == HS_REGIME_UDR);
    CHECK(!strcmp(r.terms[r.weakest].name, "fri.batch"));
    NEAR(r.claimed_bits, fb - log2(1319) - 18, 1e-9);
    for (size_t i = 0; i < r.n_terms; i++) CHECK(r.terms[i].bits[HS_REGIME_UDR] >= r.claimed_bits);

    /* public statement: one more constraint and gamma over 2 * 8 * 16 = 256 words */
    CHECK(hs_soundness_stark(hs_preset_find("compat"), 1, 20, 0, 1, &r));
    CHECK_EQ_U64(r.n_terms, 4 + 17 + 2);
    NEAR(term(&r, "ali")->bits[HS_REGIME_UDR], fb - log2(1185), 1e-9);
    NEAR(term(&r, "public.gamma")->bits[HS_REGIME_UDR], fb - log2(255), 1e-9);

    /* arity 8 with a final polynomial of 32 coefficients (fast100, degree 5): 2^17 -> 2^14 ->
     * 2^11 -> 2^8 -> 2^5: four rounds of 7 n_r / |K| each, plus 16 bits of query grinding */
    CHECK(hs_soundness_stark(hs_preset_find("fast100"), 1, 20, 0, 0, &r));
    const double fb5 = 5 * LOG2_P;
    CHECK_EQ_U64(r.n_terms, 3 + 4 + 2);
    NEAR(term(&r, "fri.fold[0]")->bits[HS_REGIME_UDR], fb5 - log2(7) - 18, 1e-9);
    NEAR(term(&r, "fri.fold[3]")->bits[HS_REGIME_UDR], fb5 - log2(7) - 9, 1e-9);
    NEAR(term(&r, "fri.query")->bits[HS_REGIME_UDR], 203 * log2(4.0 / 3) + 16, 1e-9); /* 100.25 */
    NEAR(term(&r, "merkle.collision")->bits[HS_REGIME_UDR], 4 * LOG2_P, 1e-9);
    (void)k;

    /* 2^4 permutations: k = 2 rows, n = 4: agreement must exceed (4 + 2)/2, so 3 of 4 points
     * still pass a far word: log2(4/3) per query; DEEP degree 3k = 6; no FRI round left after
     * the final polynomial (2 coefficients) */
    CHECK(hs_soundness_stark(hs_preset_find("fast100"), 1, 4, 0, 0, &r));
    CHECK_EQ_U64(r.n_terms, 3 + 2);
    NEAR(term(&r, "fri.query")->bits[HS_REGIME_UDR], 203 * log2(4.0 / 3) + 16, 1e-9);
    NEAR(term(&r, "deep.ood")->bits[HS_REGIME_UDR], fb5 - log2(6), 1e-9);
    NEAR(term(&r, "fri.batch")->bits[HS_REGIME_UDR], fb5 - log2(1321) - 2, 1e-9);
}

static void presets(void) {
    /* query counts */
    CHECK_EQ_U64(hs_preset_fri(hs_preset_find("compat"), 0).num_queries, 256);
    CHECK_EQ_U64(hs_preset_fri(hs_preset_find("compat"), 2).num_queries, 128);
    CHECK_EQ_U64(hs_preset_fri(hs_preset_find("fast100"), 0).num_queries, 203);
    CHECK_EQ_U64(hs_preset_fri(hs_preset_find("proven128"), 0).num_queries, 160);
    for (size_t i = 0; i < hs_preset_count(); i++) {
        const hs_preset *p = hs_preset_at(i);
        CHECK(p->claim_regime != HS_REGIME_CONJECTURED);
        /* every preset meets its declared claim at its rate */
        for (unsigned logp = 0; logp <= 24; logp += 2)
            for (unsigned perm = 1; perm <= 2; perm++)
                for (int pub = 0; pub < 2; pub++) {
                    hs_sound_report r;
                    int ok = hs_soundness_stark_check(p, perm, logp, 0, pub, &r);
                    if (ok != 1)
                        fprintf(stderr, "%s 2^%u perm %u public %d: %.2f bits < %.0f\n", p->name, logp, perm, pub,
                                r.claimed_bits, p->claim_bits);
                    CHECK(ok == 1);
                    CHECK(r.regime != HS_REGIME_CONJECTURED);
                    CHECK(r.claimed_bits >= p->claim_bits);
                }
    }
    hs_sound_report r;
    /* declared claims are tight where the issue says: compat at 2^24 KB24 is 91.05 bits */
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 2, 24, 0, 0, &r) == 1);
    NEAR(r.claimed_bits, 4 * LOG2_P - log2(8 * 239 + 8 - 1) - 22, 1e-9);
    CHECK(!strcmp(r.terms[r.weakest].name, "fri.batch"));
    /* proven128: 128 bits, the BLAKE3 Merkle tree is the weakest term */
    CHECK(hs_soundness_stark_check(hs_preset_find("proven128"), 1, 20, 0, 0, &r) == 1);
    NEAR(r.claimed_bits, 128, 1e-9);
    CHECK(!strcmp(r.terms[r.weakest].name, "merkle.collision"));
    /* fast100 at 2^12: Johnson (108 bits) beats unique decoding (100.06) */
    CHECK(hs_soundness_stark_check(hs_preset_find("fast100"), 1, 12, 0, 0, &r) == 1);
    CHECK(r.regime == HS_REGIME_JOHNSON);
    CHECK(term(&r, "fri.query")->bits[HS_REGIME_UDR] < r.claimed_bits);

    /* weakened presets fail their claims */
    {
        hs_stark_shape sh;
        hs_stark_sound_params sp;
        const char *why;
        CHECK(hs_stark_make_shape(&sh, hs_preset_find("proven128"), 1, 20, 0, 0, &why) && hs_stark_sound_params_of(&sh, &sp));
        sp.ext_degree = 5, sp.columns = 1312 + 2 * 5; /* degree 5: the batching term is 125.6 bits at 2^20 */
        CHECK(hs_soundness_stark_params(&sp, &r) && r.claimed_bits < 128);
        CHECK(!strcmp(r.terms[r.weakest].name, "fri.batch"));
        NEAR(r.claimed_bits, 5 * LOG2_P - log2(1312 + 10 - 1) - 19, 1e-9);
        CHECK(hs_stark_make_shape(&sh, hs_preset_find("fast100"), 1, 20, 0, 0, &why) && hs_stark_sound_params_of(&sh, &sp));
        sp.ext_degree = 4, sp.columns = 1312 + 2 * 4; /* the original fast100: 95.6 bits */
        CHECK(hs_soundness_stark_params(&sp, &r) && r.claimed_bits < 100);
    }
    hs_preset weak = *hs_preset_find("compat");
    weak.claim_bits = 100;
    CHECK(hs_soundness_stark_check(&weak, 1, 20, 0, 0, &r) == 0);
    /* compat at other rates keeps 256 / log_blowup queries: 128 * 0.678 = 86.8 bits at rate 1/4 */
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 1, 20, 2, 0, &r) == 0);
    CHECK(!strcmp(r.terms[r.weakest].name, "fri.query"));
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 1, 20, 3, 0, &r) == 0);
    /* fewer queries than the claim needs: compat at rate 1/4 keeps 128 queries */
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 1, 16, 2, 0, &r) == 0);

    /* shapes the prover rejects */
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 1, 25, 0, 0, &r) == -1);
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 250, 10, 0, 0, &r) == -1); /* no such AIR (3 is keccak-f1600 now) */
    CHECK(hs_soundness_stark_check(hs_preset_find("compat"), 1, 24, 4, 0, &r) == -1); /* 2^21 rows at rate 1/16 */
    CHECK(!hs_soundness_stark(NULL, 1, 10, 0, 0, &r));
    CHECK_EQ_U64(r.n_terms, 0);
}

/* More queries, more grinding or a larger field never lose bits. */
static void monotone(void) {
    hs_stark_sound_params s = {.ext_degree = 4, .log_rows = 12, .log_blowup = 2, .log_arity = 2, .log_final_len = 2,
                               .num_queries = 50, .commit_pow_bits = 0, .query_pow_bits = 0,
                               .merkle_hash = HS_MERKLE_BLAKE3, .columns = 100, .constraints = 40,
                               .constraint_degree = 3, .quotient_chunks = 2, .open_points = 1};
    hs_sound_report a, b;
    CHECK(hs_soundness_stark_params(&s, &a));
    s.num_queries = 60;
    CHECK(hs_soundness_stark_params(&s, &b));
    for (int g = 0; g < 3; g++) CHECK(term(&b, "fri.query")->bits[g] > term(&a, "fri.query")->bits[g]);
    s.commit_pow_bits = 5;
    CHECK(hs_soundness_stark_params(&s, &b));
    NEAR(term(&b, "fri.fold[0]")->bits[HS_REGIME_UDR], term(&a, "fri.fold[0]")->bits[HS_REGIME_UDR] + 5, 1e-9);
    s.ext_degree = 8;
    CHECK(hs_soundness_stark_params(&s, &b));
    NEAR(term(&b, "fri.batch")->bits[HS_REGIME_UDR], term(&a, "fri.batch")->bits[HS_REGIME_UDR] + 4 * LOG2_P, 1e-9);
    s.num_queries = 0;
    CHECK(!hs_soundness_stark_params(&s, &b));
}

/* NULL when absent (term() counts that as a failure). */
static const hs_sound_term *find_term(const hs_sound_report *r, const char *name) {
    for (size_t i = 0; i < r->n_terms; i++)
        if (!strcmp(r->terms[i].name, name)) return &r->terms[i];
    return NULL;
}

/* The gkr walk's term from the permutation's width and layer count, by hand: 2^20 rows with the
 * skip (21 + 4 * 17 per layer), 9 batched layers of degree 3 (w - 1), R - 1 merges, the ends 7 + 3;
 * the WHIR statement batching 2 w claims; private statements add WHIR's terms, public ones the
 * table digest. */
static void gkr_terms(void) {
    const hs_preset *p = hs_preset_find("proven128");
    const double kb = 5 * LOG2_P, rounds = 21 + 4 * 17;
    static const struct {
        unsigned id, layers, width;
        const char *name;
    } sh[] = {{HS_GKR_P2_KB16, 28, 16, "gkr.layers[28]"}, {HS_GKR_P2_KB24, 31, 24, "gkr.layers[31]"}};
    for (size_t i = 0; i < sizeof sh / sizeof *sh; i++) {
        hs_sound_report r, pub;
        CHECK(hs_soundness_gkr(p, sh[i].id, 20, 0, &r));
        const hs_sound_term *t = find_term(&r, sh[i].name);
        CHECK(t != NULL);
        const unsigned R = sh[i].layers - 8;
        if (t) NEAR(t->bits[HS_REGIME_JOHNSON], kb - log2(sh[i].layers * rounds + 9 * 3.0 * (sh[i].width - 1) + (R - 1) + 10), 1e-9);
        t = find_term(&r, "whir.statement_batching");
        CHECK(t != NULL);
        if (t) NEAR(t->bits[HS_REGIME_JOHNSON], kb - log2(2.0 * sh[i].width), 1e-9);
        CHECK(find_term(&r, "whir.queries[0]") != NULL && find_term(&r, "merkle.collision") != NULL);
        CHECK(hs_soundness_gkr(p, sh[i].id, 20, 1, &pub));
        CHECK(find_term(&pub, "table.digest (BLAKE3)") != NULL && find_term(&pub, "whir.queries[0]") == NULL);
        CHECK(hs_soundness_gkr_check(p, sh[i].id, 20, 0, &r) == 1);
    }
    hs_sound_report r;
    CHECK(!hs_soundness_gkr(p, 0, 20, 0, &r) && !hs_soundness_gkr(p, HS_GKR_PERM_IDS + 1, 20, 0, &r));
    CHECK(hs_soundness_gkr_check(p, 0, 20, 0, &r) == -1);
}

/* Every gkr claim holds under the one Johnson reading (m = ceil(sqrt(rho) / (2 eta)), shared with
 * the stark side), for every preset, permutation, size and statement, and rests on the Johnson
 * regime the WHIR configuration names. */
static void gkr_claims_hold(void) {
    for (size_t i = 0; i < hs_preset_count(); i++)
        for (unsigned perm = 1; hs_gkr_perm_get(perm); perm++)
            for (unsigned logp = 4; logp <= 24; logp += 4)
                for (int pub = 0; pub < 2; pub++) {
                    const hs_preset *p = hs_preset_at(i);
                    hs_sound_report r;
                    int ok = hs_soundness_gkr_check(p, perm, logp, pub, &r);
                    if (ok != 1)
                        fprintf(stderr, "gkr %s %s 2^%u public %d: %.2f bits < %.0f\n", p->name, hs_gkr_perm_get(perm)->name,
                                logp, pub, r.claimed_bits, p->claim_bits);
                    CHECK(ok == 1);
                    CHECK(r.regime == HS_REGIME_JOHNSON);
                }
}

int main(void) {
    hs_test_init(NULL, "test_soundness");
    formulas();
    report_api();
    compat_by_hand();
    keccak_by_hand();
    presets();
    monotone();
    gkr_terms();
    gkr_claims_hold();
    return hs_test_done("test_soundness");
}
