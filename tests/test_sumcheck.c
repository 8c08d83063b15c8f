/* Sumcheck (sumcheck/sumcheck.h): the round transport (interpolation, Gruen expansion, prover and
 * verifier rounds, proof bytes) against direct polynomial evaluation; the generic prover against the
 * brute-force sum, a plain reference prover written here (no Gruen factoring, no per-term sums,
 * everything in K), the verifier, tampering, truncation and thread counts; the AVX2 kernels against
 * their portable twins (each kernel on random data, and whole proofs). */
#include <string.h>

#include "field/field_desc.h"
#include "poly/mle.h"
#include "sumcheck/sc_internal.h"
#include "sumcheck/sumcheck.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static hs_rng rng;

static hs_kb rand_kb(void) { return hs_test_rand_kb(&rng); }
static hs_kb5 rand_k(void) { return hs_test_rand_kb5(&rng); }
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

/* ---- generic prover ---- */

typedef struct {
    unsigned n, m, n_terms;
    hs_kb *tabs[8];
    hs_kb5 z[16];
    hs_sc_term terms[8];
    unsigned d; /* max term degree + 1 */
} inst_t;

static void make_inst(inst_t *I, unsigned n, unsigned m, unsigned n_terms, int zero_coords) {
    I->n = n, I->m = m, I->n_terms = n_terms;
    for (unsigned j = 0; j < m; j++) {
        I->tabs[j] = hs_alloc_array((size_t)1 << n, sizeof(hs_kb));
        for (size_t x = 0; x < ((size_t)1 << n); x++) I->tabs[j][x] = rand_kb();
    }
    unsigned dq = 1;
    for (unsigned t = 0; t < n_terms; t++) {
        hs_sc_term *T = &I->terms[t];
        T->n_factors = 1 + (unsigned)hs_rng_below(&rng, 4);
        for (unsigned f = 0; f < 4; f++) T->cols[f] = (unsigned)hs_rng_below(&rng, m);
        if (hs_rng_below(&rng, 3) == 0) /* a power of one column, like an S-box */
            for (unsigned f = 1; f < 4; f++) T->cols[f] = T->cols[0];
        T->coeff = rand_k();
        if (T->n_factors > dq) dq = T->n_factors;
    }
    I->d = dq + 1;
    for (unsigned i = 0; i < n; i++) {
        I->z[i] = rand_k();
        /* zero-padded points (ragged regions) and 0/1 coordinates take the no-Gruen fallback */
        if (zero_coords && hs_rng_below(&rng, 3) == 0) I->z[i] = hs_rng_below(&rng, 2) ? hs_kb5_zero() : hs_kb5_one();
    }
}
static void free_inst(inst_t *I) {
    for (unsigned j = 0; j < I->m; j++) hs_free(I->tabs[j]);
}
static hs_sc_instance view(const inst_t *I) {
    return (hs_sc_instance){I->n, I->m, (const hs_kb *const *)I->tabs, I->n_terms, I->terms};
}

static hs_kb5 eq_bits(const hs_kb5 *z, unsigned n, size_t x) {
    hs_kb5 pt[16];
    for (unsigned i = 0; i < n; i++) pt[i] = (x >> (n - 1 - i)) & 1 ? hs_kb5_one() : hs_kb5_zero();
    return hs_mle_eq(z, pt, n);
}

static hs_kb5 brute_claim(const inst_t *I) {
    hs_kb5 acc = hs_kb5_zero(), vals[8];
    for (size_t x = 0; x < ((size_t)1 << I->n); x++) {
        for (unsigned j = 0; j < I->m; j++) vals[j] = hs_kb5_from_base(I->tabs[j][x]);
        acc = hs_kb5_add(acc, hs_kb5_mul(eq_bits(I->z, I->n, x), hs_sc_terms_eval(I->terms, I->n_terms, vals)));
    }
    return acc;
}

/* Plain reference prover: the eq table is one more K table folded like the others, and p(X) is the
 * sum over the remaining cube at X = 0..d of eq * g, with multilinear values lo + X (hi - lo). */
static void plain_prove(const inst_t *I, hs_transcript *t, hs_writer *w, hs_kb5 *rho) {
    size_t N = (size_t)1 << I->n;
    hs_kb5 *tab[9], vals[8];
    for (unsigned j = 0; j <= I->m; j++) tab[j] = hs_alloc_array(N, sizeof(hs_kb5));
    for (unsigned j = 0; j < I->m; j++)
        for (size_t x = 0; x < N; x++) tab[j][x] = hs_kb5_from_base(I->tabs[j][x]);
    hs_kb5 *eq = tab[I->m];
    for (size_t x = 0; x < N; x++) eq[x] = eq_bits(I->z, I->n, x);
    for (unsigned i = 0; i < I->n; i++) {
        size_t half = N >> (i + 1);
        hs_kb5 p[HS_SC_MAX_DEGREE + 1];
        for (unsigned X = 0; X <= I->d; X++) {
            hs_kb5 xk = k_int(X);
            p[X] = hs_kb5_zero();
            for (size_t y = 0; y < half; y++) {
                hs_kb5 e = hs_kb5_add(eq[y], hs_kb5_mul(xk, hs_kb5_sub(eq[y + half], eq[y])));
                for (unsigned j = 0; j < I->m; j++)
                    vals[j] = hs_kb5_add(tab[j][y], hs_kb5_mul(xk, hs_kb5_sub(tab[j][y + half], tab[j][y])));
                p[X] = hs_kb5_add(p[X], hs_kb5_mul(e, hs_sc_terms_eval(I->terms, I->n_terms, vals)));
            }
        }
        rho[i] = hs_sc_prove_round(t, w, p, I->d);
        for (unsigned j = 0; j <= I->m; j++) hs_mle_fold_ext(tab[j], tab[j], half, rho[i], 1);
    }
    for (unsigned j = 0; j <= I->m; j++) hs_free(tab[j]);
}

/* Verifies proof bytes from a fresh transcript; 1 if every round reads and the final check holds. */
static int verify_bytes(const inst_t *I, const uint8_t *data, size_t len, hs_kb5 claim, const hs_kb5 *final_vals,
                        hs_kb5 *rho_out, const char **err) {
    hs_transcript t;
    hs_transcript_init(&t, "test_sumcheck generic");
    hs_reader r;
    hs_r_init(&r, data, len);
    hs_kb5 rho[16], fin;
    int ok = hs_sc_verify(&t, &r, I->n, I->d, claim, rho, &fin);
    *err = r.err;
    if (!ok) return 0;
    if (rho_out) memcpy(rho_out, rho, sizeof *rho * I->n);
    hs_kb5 want = hs_kb5_mul(hs_mle_eq(I->z, rho, I->n), hs_sc_terms_eval(I->terms, I->n_terms, final_vals));
    return hs_kb5_eq(want, fin) && hs_r_left(&r) == 0;
}

static void test_generic_one(unsigned n, unsigned m, unsigned n_terms, int zero_coords) {
    inst_t I;
    make_inst(&I, n, m, n_terms, zero_coords);
    hs_sc_instance v = view(&I);
    hs_transcript tp;
    hs_transcript_init(&tp, "test_sumcheck generic");
    hs_writer w = {0};
    hs_kb5 claim, rho[16], fin[8];
    const char *why = NULL;
    CHECK(hs_sc_prove(&v, I.z, &tp, &w, 1, &claim, rho, fin, &why));
    CHECK(hs_kb5_eq(claim, brute_claim(&I)));
    CHECK_EQ_U64(w.len, (size_t)20 * I.d * n);
    for (unsigned j = 0; j < m; j++) CHECK(hs_kb5_eq(fin[j], hs_mle_eval_base(I.tabs[j], n, rho, 1)));

    /* verifier: same challenges, final claim = eq(z, rho) g(values) */
    hs_kb5 vrho[16];
    const char *err;
    CHECK(verify_bytes(&I, w.data, w.len, claim, fin, vrho, &err));
    CHECK(!memcmp(vrho, rho, sizeof *rho * n));
    /* transcripts end in the same state */
    hs_transcript tv;
    hs_transcript_init(&tv, "test_sumcheck generic");
    hs_reader rd;
    hs_r_init(&rd, w.data, w.len);
    hs_kb5 fin_claim;
    hs_sc_verify(&tv, &rd, n, I.d, claim, vrho, &fin_claim);
    hs_kb5 cv, cp;
    hs_transcript_sample(&tv, &hs_field_kb5, &cv), hs_transcript_sample(&tp, &hs_field_kb5, &cp);
    CHECK(hs_kb5_eq(cv, cp));

    /* the plain reference prover writes the same bytes */
    hs_transcript tr;
    hs_transcript_init(&tr, "test_sumcheck generic");
    hs_writer wr = {0};
    hs_kb5 rrho[16];
    plain_prove(&I, &tr, &wr, rrho);
    CHECK(wr.len == w.len && !memcmp(wr.data, w.data, w.len));
    hs_w_free(&wr);

    /* a wrong claim, wrong final values, or any changed round value fail the final check */
    CHECK(!verify_bytes(&I, w.data, w.len, hs_kb5_add(claim, hs_kb5_one()), fin, NULL, &err));
    hs_kb5 bad[8];
    memcpy(bad, fin, sizeof *fin * m);
    bad[hs_rng_below(&rng, m)].c[0] ^= 1;
    int touched = 0;
    for (unsigned t = 0; t < n_terms; t++)
        for (unsigned f = 0; f < I.terms[t].n_factors; f++) touched |= !hs_kb5_eq(bad[I.terms[t].cols[f]], fin[I.terms[t].cols[f]]);
    if (touched && !zero_coords) CHECK(!verify_bytes(&I, w.data, w.len, claim, bad, NULL, &err));
    unsigned nvals = I.d * n;
    for (unsigned k = 0; k < nvals; k++) {
        if (nvals > 12 && hs_rng_below(&rng, nvals) >= 6) continue; /* a sample on larger proofs */
        size_t at = 20 * (size_t)k + 4 * (size_t)hs_rng_below(&rng, 5);
        uint8_t save[4];
        memcpy(save, w.data + at, 4);
        uint32_t u = (uint32_t)save[0] | (uint32_t)save[1] << 8 | (uint32_t)save[2] << 16 | (uint32_t)save[3] << 24;
        u = (u + 1 + (uint32_t)hs_rng_below(&rng, HS_KB_P - 1)) % HS_KB_P; /* another canonical value */
        for (int b = 0; b < 4; b++) w.data[at + b] = (uint8_t)(u >> (8 * b));
        CHECK(!verify_bytes(&I, w.data, w.len, claim, fin, NULL, &err));
        CHECK(err == NULL); /* read fine, failed the check */
        memcpy(w.data + at, save, 4);
    }
    CHECK(verify_bytes(&I, w.data, w.len, claim, fin, NULL, &err));
    /* short proofs and non-canonical values are rejected by the reader */
    CHECK(!verify_bytes(&I, w.data, w.len - 1 - (size_t)hs_rng_below(&rng, w.len), claim, fin, NULL, &err));
    CHECK(err != NULL);
    size_t at = 4 * (size_t)hs_rng_below(&rng, w.len / 4);
    uint8_t save[4];
    memcpy(save, w.data + at, 4);
    memset(w.data + at, 0xff, 4);
    CHECK(!verify_bytes(&I, w.data, w.len, claim, fin, NULL, &err));
    CHECK(err != NULL);
    memcpy(w.data + at, save, 4);

    hs_w_free(&w);
    free_inst(&I);
}

static void test_generic(void) {
    for (unsigned n = 1; n <= 10; n++) {
        unsigned reps = n <= 6 ? 6 : 2;
        for (unsigned r = 0; r < reps; r++) {
            unsigned m = 1 + (unsigned)hs_rng_below(&rng, 8), nt = 1 + (unsigned)hs_rng_below(&rng, 6);
            test_generic_one(n, m, nt, r & 1);
            if (TOO_MANY_FAILURES()) return;
        }
    }
    /* every degree on its own, all tables used */
    for (unsigned deg = 1; deg <= 4; deg++) {
        inst_t I;
        make_inst(&I, 5, 4, 4, 0);
        for (unsigned t = 0; t < 4; t++) {
            I.terms[t].n_factors = deg;
            for (unsigned f = 0; f < 4; f++) I.terms[t].cols[f] = (t + f) % 4;
        }
        I.d = deg + 1;
        hs_sc_instance v = view(&I);
        hs_transcript tp;
        hs_transcript_init(&tp, "test_sumcheck generic");
        hs_writer w = {0};
        hs_kb5 claim, rho[16], fin[8];
        const char *why, *err;
        CHECK(hs_sc_prove(&v, I.z, &tp, &w, 1, &claim, rho, fin, &why));
        CHECK(hs_kb5_eq(claim, brute_claim(&I)));
        CHECK(verify_bytes(&I, w.data, w.len, claim, fin, NULL, &err));
        hs_w_free(&w);
        free_inst(&I);
    }
    /* n = 0: the claim is g at the single row */
    {
        inst_t I;
        make_inst(&I, 0, 2, 2, 0);
        hs_sc_instance v = view(&I);
        hs_transcript tp;
        hs_transcript_init(&tp, "x");
        hs_writer w = {0};
        hs_kb5 claim, fin[8];
        const char *why;
        CHECK(hs_sc_prove(&v, I.z, &tp, &w, 1, &claim, NULL, fin, &why));
        CHECK(hs_kb5_eq(claim, brute_claim(&I)));
        CHECK(w.len == 0);
        free_inst(&I);
    }
    /* a bad term is refused */
    {
        inst_t I;
        make_inst(&I, 2, 2, 1, 0);
        I.terms[0].cols[0] = 5;
        hs_sc_instance v = view(&I);
        hs_transcript tp;
        hs_transcript_init(&tp, "x");
        hs_kb5 claim, rho[2], fin[2];
        const char *why = NULL;
        CHECK(!hs_sc_prove(&v, I.z, &tp, NULL, 1, &claim, rho, fin, &why) && why);
        free_inst(&I);
    }
}

/* Large enough for the threaded paths: every thread count writes the same bytes. */
static void test_threads(void) {
    inst_t I;
    make_inst(&I, 13, 3, 4, 0);
    hs_sc_instance v = view(&I);
    hs_writer w1 = {0};
    hs_kb5 c1, r1[16], f1[8];
    const char *why;
    hs_transcript t;
    hs_transcript_init(&t, "test_sumcheck generic");
    CHECK(hs_sc_prove(&v, I.z, &t, &w1, 1, &c1, r1, f1, &why));
    for (unsigned th = 2; th <= 3; th++) {
        hs_writer w2 = {0};
        hs_kb5 c2, r2[16], f2[8];
        hs_transcript_init(&t, "test_sumcheck generic");
        CHECK(hs_sc_prove(&v, I.z, &t, &w2, th, &c2, r2, f2, &why));
        CHECK(hs_kb5_eq(c1, c2) && w1.len == w2.len && !memcmp(w1.data, w2.data, w1.len));
        CHECK(!memcmp(f1, f2, sizeof *f1 * I.m));
        hs_w_free(&w2);
    }
    const char *err;
    CHECK(verify_bytes(&I, w1.data, w1.len, c1, f1, NULL, &err));
    hs_w_free(&w1);
    free_inst(&I);
}

/* ---- AVX2 kernels against the portable ones ---- */

static void test_kernels(void) {
#ifdef HS_HAVE_AVX2
    if (!hs_cpu_has_avx2()) {
        printf("test_sumcheck: no AVX2, kernel comparison skipped\n");
        return;
    }
    const hs_sc_kernels *P = &hs_sc_kernels_portable, *A = &hs_sc_kernels_avx2;
    const size_t half = 64, words = hs_sc_blk_words(2 * half);
    hs_kb *f = hs_alloc_array(2 * half, sizeof *f), *t0 = hs_alloc_array(words, sizeof *t0),
          *t1 = hs_alloc_array(words, sizeof *t1), *t2 = hs_alloc_array(words, sizeof *t2);
    for (unsigned it = 0; it < 20; it++) {
        for (size_t i = 0; i < 2 * half; i++) f[i] = rand_kb();
        for (size_t i = 0; i < words; i++) t0[i] = rand_kb();
        hs_kb5 r = rand_k();
        size_t lo = 8 * (size_t)hs_rng_below(&rng, half / 8), cnt = 8 * (size_t)hs_rng_below(&rng, (half - lo) / 8 + 1);
        memcpy(t1, t0, sizeof *t0 * words), memcpy(t2, t0, sizeof *t0 * words);
        P->fold_base(t1, f, half, lo, cnt, r), A->fold_base(t2, f, half, lo, cnt, r);
        CHECK(!memcmp(t1, t2, sizeof *t0 * words));
        for (size_t i = lo; i < lo + cnt; i++) {
            hs_kb5 want = hs_kb5_add(hs_kb5_from_base(f[i]), hs_kb5_mul_base(r, hs_kb_sub(f[i + half], f[i])));
            CHECK(hs_kb5_eq(hs_sc_blk_get(t1, i), want));
        }
        memcpy(t1, t0, sizeof *t0 * words), memcpy(t2, t0, sizeof *t0 * words);
        P->fold_ext(t1, half, lo, cnt, r), A->fold_ext(t2, half, lo, cnt, r);
        CHECK(!memcmp(t1, t2, sizeof *t0 * words));
        memcpy(t1, t0, sizeof *t0 * words), memcpy(t2, t0, sizeof *t0 * words);
        P->eq_drop(t1, half, lo, cnt), A->eq_drop(t2, half, lo, cnt);
        CHECK(!memcmp(t1, t2, sizeof *t0 * words));
        for (size_t i = lo; i < lo + cnt; i++)
            CHECK(hs_kb5_eq(hs_sc_blk_get(t2, i), hs_kb5_add(hs_sc_blk_get(t0, i), hs_sc_blk_get(t0, i + half))));
    }
    hs_free(f), hs_free(t0), hs_free(t1), hs_free(t2);
    /* the round passes, through whole proofs: same bytes, claims and final values */
    for (unsigned it = 0; it < 24; it++) {
        unsigned n = it < 20 ? 1 + it % 10 : 12 + it % 2;
        inst_t I;
        make_inst(&I, n, 1 + (unsigned)hs_rng_below(&rng, 8), 1 + (unsigned)hs_rng_below(&rng, 8), it & 1);
        hs_sc_instance v = view(&I);
        hs_writer w1 = {0}, w2 = {0};
        hs_kb5 c1, c2, r1[16], r2[16], f1[8], f2[8];
        const char *why;
        hs_transcript t;
        hs_transcript_init(&t, "k");
        CHECK(hs_sc_prove_with(P, &v, I.z, &t, &w1, 1, &c1, r1, f1, &why));
        hs_transcript_init(&t, "k");
        CHECK(hs_sc_prove_with(A, &v, I.z, &t, &w2, it < 20 ? 1 : 2, &c2, r2, f2, &why));
        CHECK(hs_kb5_eq(c1, c2) && w1.len == w2.len && !memcmp(w1.data, w2.data, w1.len));
        CHECK(!memcmp(f1, f2, sizeof *f1 * I.m));
        hs_w_free(&w1), hs_w_free(&w2);
        free_inst(&I);
    }
#endif
}

int main(void) {
    hs_test_init(&rng, "test_sumcheck");
    test_interpolate();
    test_gruen_expand();
    test_round_transport();
    test_generic();
    test_threads();
    test_kernels();
    return hs_test_done("test_sumcheck");
}
