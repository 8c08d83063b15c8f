/* Ragged regions: the multi-instance sumcheck (src/sumcheck/ragged.h) against brute force, and the
 * three region walks (src/gkr/ragged.h): same output claims, terminals equal the region MLEs,
 * completeness, tampering, wrong tables, edge shapes, thread counts. */
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "poly/mle.h"
#include "sumcheck/ragged.h"
#include "testutil.h"
#include "util/mem.h"


/* ---- the ragged sumcheck ---- */

#define SC_K 4
#define SC_T 3

static hs_kb5 g_eval(const hs_sc_term *terms, unsigned nt, const hs_kb *const *tabs, size_t x) {
    hs_kb5 vals[SC_T];
    for (unsigned j = 0; j < SC_T; j++) vals[j] = hs_kb5_from_base(tabs[j][x]);
    return hs_sc_terms_eval(terms, nt, vals);
}

static void sumcheck_case(hs_rng *rng, const unsigned *ns, unsigned k, int zero_pad, unsigned threads) {
    unsigned nv = 0;
    for (unsigned a = 0; a < k; a++) nv = ns[a] > nv ? ns[a] : nv;
    hs_kb *tabs[SC_K][SC_T];
    const hs_kb *ctabs[SC_K][SC_T];
    hs_kb5 z[SC_K][24];
    hs_sc_term terms[SC_K][3];
    hs_rsc_instance inst[SC_K];
    hs_kb5 brute[SC_K], total = hs_kb5_zero();
    for (unsigned a = 0; a < k; a++) {
        const size_t N = (size_t)1 << ns[a];
        for (unsigned j = 0; j < SC_T; j++) {
            tabs[a][j] = malloc(N * sizeof(hs_kb));
            for (size_t x = 0; x < N; x++) tabs[a][j][x] = hs_test_rand_kb(rng);
            ctabs[a][j] = tabs[a][j];
        }
        for (unsigned i = 0; i < ns[a]; i++) z[a][i] = zero_pad && i % 3 == 2 ? hs_kb5_zero() : hs_test_rand_kb5(rng);
        terms[a][0] = (hs_sc_term){3, {0, 0, 0, 0}, hs_test_rand_kb5(rng)};
        terms[a][1] = (hs_sc_term){1, {1, 0, 0, 0}, hs_test_rand_kb5(rng)};
        terms[a][2] = (hs_sc_term){2, {1, 2, 0, 0}, hs_test_rand_kb5(rng)};
        inst[a] = (hs_rsc_instance){ns[a], z[a], SC_T, ctabs[a], 3, terms[a]};
        hs_kb5 *eq = malloc(N * sizeof *eq);
        hs_mle_eq_table(eq, z[a], ns[a], hs_kb5_one(), 1);
        brute[a] = hs_kb5_zero();
        for (size_t x = 0; x < N; x++) brute[a] = hs_kb5_add(brute[a], hs_kb5_mul(eq[x], g_eval(terms[a], 3, ctabs[a], x)));
        total = hs_kb5_add(total, brute[a]);
        free(eq);
    }
    hs_transcript tp, tv;
    hs_transcript_init(&tp, "test/ragged");
    tv = tp;
    hs_writer w = {0};
    hs_kb5 claims[SC_K], rho[24], rho_v[24], fv[SC_K * SC_T], final;
    const char *why = NULL;
    CHECK(hs_rsc_prove(inst, k, nv, &tp, &w, threads, claims, rho, fv, &why));
    for (unsigned a = 0; a < k; a++) CHECK(hs_kb5_eq(claims[a], brute[a]));
    hs_reader r;
    hs_r_init(&r, w.data, w.len);
    unsigned d = hs_rsc_degree(inst, k);
    CHECK(d == 4);
    CHECK(hs_sc_verify(&tv, &r, nv, d, total, rho_v, &final));
    CHECK(hs_r_left(&r) == 0);
    hs_kb5 expect = hs_kb5_zero();
    for (unsigned a = 0; a < k; a++) {
        for (unsigned j = 0; j < SC_T; j++)
            CHECK(hs_kb5_eq(fv[a * SC_T + j], hs_mle_eval_base(tabs[a][j], ns[a], rho_v, 1)));
        expect = hs_kb5_add(expect, hs_kb5_mul(hs_rsc_selector(z[a], ns[a], rho_v, nv),
                                               hs_sc_terms_eval(terms[a], 3, fv + a * SC_T)));
    }
    for (unsigned i = 0; i < nv; i++) CHECK(hs_kb5_eq(rho[i], rho_v[i]));
    CHECK(hs_kb5_eq(expect, final));
    if (threads == 1) { /* two threads give the same bytes */
        hs_transcript t2;
        hs_transcript_init(&t2, "test/ragged");
        hs_writer w2 = {0};
        CHECK(hs_rsc_prove(inst, k, nv, &t2, &w2, 2, claims, rho, fv, &why));
        CHECK(w2.len == w.len && !memcmp(w2.data, w.data, w.len));
        hs_w_free(&w2);
    }
    hs_w_free(&w);
    for (unsigned a = 0; a < k; a++)
        for (unsigned j = 0; j < SC_T; j++) free(tabs[a][j]);
}

static void sumchecks(hs_rng *rng) {
    const unsigned a1[] = {2, 4, 3, 1}, a2[] = {5}, a3[] = {3, 3}, a4[] = {12, 4, 13}, a5[] = {12, 13, 12, 11};
    sumcheck_case(rng, a1, 4, 0, 1);
    sumcheck_case(rng, a1, 4, 1, 1);
    sumcheck_case(rng, a2, 1, 0, 1);
    sumcheck_case(rng, a3, 2, 1, 2);
    sumcheck_case(rng, a4, 3, 0, 1); /* big enough for the threaded passes and the AVX2 kernels */
    sumcheck_case(rng, a5, 4, 0, 1); /* at two threads no instance holds half the pairs: all side by side */
}

/* ---- region walks ---- */

typedef struct {
    unsigned A;
    unsigned widths[HS_RAGGED_MAX_REGIONS];
    hs_kb *in[HS_RAGGED_MAX_REGIONS], *out[HS_RAGGED_MAX_REGIONS];
} tables;

static void tables_make(hs_rng *rng, tables *T, const unsigned *widths, unsigned A) {
    T->A = A;
    for (unsigned a = 0; a < A; a++) {
        const size_t N = (size_t)1 << widths[a];
        T->widths[a] = widths[a];
        T->in[a] = malloc(N * 16 * sizeof(hs_kb));
        T->out[a] = malloc(N * 16 * sizeof(hs_kb));
        for (size_t i = 0; i < N * 16; i++) T->in[a][i] = hs_test_rand_kb(rng);
        memcpy(T->out[a], T->in[a], N * 16 * sizeof(hs_kb));
        hs_p2_permute_many(hs_p2_kb16(), T->out[a], N, 0, 1);
    }
}

static void tables_free(tables *T) {
    for (unsigned a = 0; a < T->A; a++) free(T->in[a]), free(T->out[a]);
}

/* MLE of lane j of a row-major table at z, through a column copy and hs_mle_eval_base. */
static hs_kb5 lane_mle(const hs_kb *rows, unsigned n, unsigned j, const hs_kb5 *z) {
    const size_t N = (size_t)1 << n;
    hs_kb *col = malloc(N * sizeof *col);
    for (size_t x = 0; x < N; x++) col[x] = rows[x * 16 + j];
    hs_kb5 v = hs_mle_eval_base(col, n, z, 1);
    free(col);
    return v;
}

static int prove_io(const tables *T, unsigned variant, int priv, unsigned threads, size_t corrupt, hs_writer *w,
                    hs_ragged_claims *cl) {
    hs_ragged_shape s;
    const char *why = NULL;
    if (!hs_ragged_shape_make(&s, variant, T->widths, T->A, hs_preset_by_id(HS_PRESET_COMPAT), &why) ||
        !hs_ragged_shape_set_private(&s, priv, &why))
        return 0;
    hs_kb *outs[HS_RAGGED_MAX_REGIONS];
    for (unsigned a = 0; a < T->A; a++) outs[a] = malloc(((size_t)16 << T->widths[a]) * sizeof(hs_kb));
    int ok = hs_ragged_prove(&s, (const hs_kb *const *)T->in, outs, threads, w, NULL, cl, corrupt, &why);
    for (unsigned a = 0; a < T->A && ok; a++)
        CHECK(!memcmp(outs[a], T->out[a], ((size_t)16 << T->widths[a]) * sizeof(hs_kb)));
    for (unsigned a = 0; a < T->A; a++) free(outs[a]);
    if (!ok) fprintf(stderr, "prove: %s\n", why);
    return ok;
}

static int prove(const tables *T, unsigned variant, unsigned threads, size_t corrupt, hs_writer *w, hs_ragged_claims *cl) {
    return prove_io(T, variant, 0, threads, corrupt, w, cl);
}

static size_t *rows_of(const tables *T) {
    static size_t rows[HS_RAGGED_MAX_REGIONS];
    for (unsigned a = 0; a < T->A; a++) rows[a] = (size_t)1 << T->widths[a];
    return rows;
}

static int verify(const tables *T, const hs_writer *w, hs_ragged_claims *cl, const char **why) {
    return hs_ragged_verify(w->data, w->len, (const hs_kb *const *)T->in, (const hs_kb *const *)T->out, rows_of(T), T->A,
                            1, NULL, cl, why);
}

static void walks(hs_rng *rng, const unsigned *widths, unsigned A, int tamper) {
    tables T;
    tables_make(rng, &T, widths, A);
    unsigned W = 0;
    for (unsigned a = 0; a < A; a++) W = widths[a] > W ? widths[a] : W;
    static hs_ragged_claims cp[3], cv;
    hs_writer w[3] = {{0}, {0}, {0}};
    for (unsigned v = 0; v < 3; v++) {
        CHECK(prove(&T, v, 1, 0, &w[v], &cp[v]));
        const char *why = NULL;
        int ok = verify(&T, &w[v], &cv, &why);
        if (!ok) fprintf(stderr, "verify %s: %s\n", hs_ragged_variant_name(v), why);
        CHECK(ok);
        CHECK(!memcmp(&cv, &cp[v], sizeof cv)); /* prover and verifier reach the same claims */
        hs_ragged_shape s;
        CHECK(hs_ragged_peek(w[v].data, w[v].len, &s, &why) && s.variant == v && s.n_regions == A && s.W == W);
        /* output claims: the true outputs' MLEs at the prefix of z_out */
        for (unsigned a = 0; a < A; a++)
            for (unsigned j = 0; j < 16; j++) {
                CHECK(hs_kb5_eq(cp[v].v_out[a][j], lane_mle(T.out[a], widths[a], j, cp[v].z_out)));
                /* terminals: the region's input MLE at its point (padded: the padded table's) */
                hs_kb5 x = lane_mle(T.in[a], widths[a], j, cp[v].rho_in[a]);
                x = hs_kb5_mul(x, hs_rsc_selector(cp[v].rho_in[a], 0, cp[v].rho_in[a] + widths[a],
                                                  cp[v].n_in[a] - widths[a]));
                CHECK(hs_kb5_eq(x, cp[v].x_claim[a][j]));
            }
        CHECK(cp[v].n_in[0] == (v == HS_RAGGED_PADDED ? W : widths[0]));
    }
    /* the three variants expose identical output claims */
    for (unsigned v = 1; v < 3; v++) {
        CHECK(!memcmp(cp[v].z_out, cp[0].z_out, sizeof cp[0].z_out));
        CHECK(!memcmp(cp[v].v_out, cp[0].v_out, sizeof cp[0].v_out));
    }
    /* ragged and padded proofs have the same length */
    CHECK(w[1].len == w[2].len);
    if (tamper) {
        /* two threads: the same bytes */
        hs_writer w2 = {0};
        CHECK(prove(&T, HS_RAGGED_RAGGED, 2, 0, &w2, NULL));
        CHECK(w2.len == w[2].len && !memcmp(w2.data, w[2].data, w2.len));
        hs_w_free(&w2);
        for (unsigned v = 0; v < 3; v++) {
            /* flipped bytes anywhere: rejected with a reason, never a crash */
            for (unsigned it = 0; it < 40 && !TOO_MANY_FAILURES(); it++) {
                size_t b = it < 20 ? hs_rng_below(rng, 20 + A) : hs_rng_below(rng, w[v].len);
                uint8_t *p = w[v].data;
                uint8_t old = p[b];
                p[b] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
                const char *why = NULL;
                int ok = verify(&T, &w[v], NULL, &why);
                CHECK(!ok && why);
                p[b] = old;
            }
            /* truncated and extended */
            const char *why = NULL;
            CHECK(!hs_ragged_verify(w[v].data, w[v].len - 1, (const hs_kb *const *)T.in, (const hs_kb *const *)T.out, rows_of(&T), A, 1,
                                    NULL, NULL, &why) && why);
            /* a wrong input or output word */
            unsigned a = (unsigned)hs_rng_below(rng, A);
            size_t i = hs_rng_below(rng, (size_t)16 << widths[a]);
            hs_kb *tabs[2] = {T.in[a], T.out[a]};
            for (int t = 0; t < 2; t++) {
                hs_kb old = tabs[t][i];
                tabs[t][i] = hs_kb_add(old, HS_KB_ONE);
                CHECK(!verify(&T, &w[v], NULL, &why) && why);
                tabs[t][i] = old;
            }
            CHECK(verify(&T, &w[v], NULL, &why));
            /* a corrupted witness cell: the 4 full-layer slots and the partial layers' lane 0 (84
             * columns) are what the walk reads; the basis columns after them are not used */
            hs_writer wc = {0};
            CHECK(prove(&T, v, 1, 1 + hs_rng_below(rng, ((size_t)1 << widths[0]) * 84), &wc, NULL));
            CHECK(!verify(&T, &wc, NULL, &why));
            hs_w_free(&wc);
        }
        /* the wrong number of regions */
        const char *why = NULL;
        CHECK(!hs_ragged_verify(w[2].data, w[2].len, (const hs_kb *const *)T.in, (const hs_kb *const *)T.out, rows_of(&T), A - 1, 1,
                                NULL, NULL, &why) && why);
    }
    for (unsigned v = 0; v < 3; v++) hs_w_free(&w[v]);
    tables_free(&T);
}

static void shapes(void) {
    hs_ragged_shape s;
    const char *why = NULL;
    const unsigned seed[] = {14, 15, 17, 16, 12, 15, 16, 12, 13}, bad[] = {3, 21};
    const hs_preset *p = hs_preset_by_id(HS_PRESET_COMPAT);
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, seed, 9, p, &why) && s.W == 17 && s.physical_rows == 360448);
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_PADDED, seed, 9, p, &why) && s.physical_rows == 1179648);
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_INDEPENDENT, seed, 9, p, &why) && s.physical_rows == 360448);
    CHECK(!hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, bad, 1, p, &why));
    CHECK(!hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, bad + 1, 1, p, &why));
    CHECK(!hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, seed, 0, p, &why));
    CHECK(!hs_ragged_shape_make(&s, 3, seed, 1, p, &why));
    CHECK(hs_ragged_variant_parse("ragged") == 2 && hs_ragged_variant_parse("padded") == 1 &&
          hs_ragged_variant_parse("independent") == 0 && hs_ragged_variant_parse("x") == -1);
    /* a plain gkr proof is not a ragged one */
    uint8_t junk[40] = "HSNKPRF1\1\0\0\0\2\1\1\1";
    CHECK(!hs_ragged_peek(junk, sizeof junk, &s, &why) && why);
}

/* ---- committed regions (private statements) ---- */

static int verify_private(const hs_writer *w, hs_ragged_claims *cl, const char **why) {
    return hs_ragged_verify(w->data, w->len, NULL, NULL, NULL, 0, 1, NULL, cl, why);
}

static void private_walks(hs_rng *rng, const unsigned *widths, unsigned A, int tamper) {
    tables T;
    tables_make(rng, &T, widths, A);
    static hs_ragged_claims cp[3], cv, cpub;
    hs_writer w[3] = {{0}, {0}, {0}};
    for (unsigned v = 0; v < 3; v++) {
        CHECK(prove_io(&T, v, 1, 1, 0, &w[v], &cp[v]));
        const char *why = NULL;
        int ok = verify_private(&w[v], &cv, &why);
        if (!ok) fprintf(stderr, "verify private %s: %s\n", hs_ragged_variant_name(v), why);
        CHECK(ok);
        CHECK(!memcmp(&cv, &cp[v], sizeof cv));
        hs_ragged_shape s;
        CHECK(hs_ragged_peek(w[v].data, w[v].len, &s, &why) && s.private_io && s.variant == v && s.n_regions == A);
        /* the claims are the true tables' (outputs at the prefix of z_out, inputs at the terminal) */
        for (unsigned a = 0; a < A; a++)
            for (unsigned j = 0; j < 16; j++) {
                CHECK(hs_kb5_eq(cp[v].v_out[a][j], lane_mle(T.out[a], widths[a], j, cp[v].z_out)));
                hs_kb5 x = lane_mle(T.in[a], widths[a], j, cp[v].rho_in[a]);
                x = hs_kb5_mul(x, hs_rsc_selector(cp[v].rho_in[a], 0, cp[v].rho_in[a] + widths[a],
                                                  cp[v].n_in[a] - widths[a]));
                CHECK(hs_kb5_eq(x, cp[v].x_claim[a][j]));
            }
        /* the tables are not what a private proof is verified against */
        size_t *rows = rows_of(&T);
        CHECK(!hs_ragged_verify(w[v].data, w[v].len, (const hs_kb *const *)T.in, (const hs_kb *const *)T.out, rows, A, 1,
                                NULL, NULL, &why) && why && strstr(why, "private"));
    }
    /* the three variants commit the same tables and expose the same output claims */
    for (unsigned v = 1; v < 3; v++) {
        CHECK(!memcmp(cp[v].z_out, cp[0].z_out, sizeof cp[0].z_out));
        CHECK(!memcmp(cp[v].v_out, cp[0].v_out, sizeof cp[0].v_out));
    }
    /* the public proof of the same tables: the same output claims' values (other points: the
     * transcript differs), and a private proof is larger by the commitment and its opening */
    hs_writer wp = {0};
    CHECK(prove(&T, HS_RAGGED_RAGGED, 1, 0, &wp, &cpub));
    CHECK(wp.len < w[2].len);
    hs_w_free(&wp);
    if (tamper) {
        hs_writer w2 = {0};
        for (unsigned v = 0; v < 3; v++) { /* two threads: the same bytes */
            CHECK(prove_io(&T, v, 1, 2, 0, &w2, NULL));
            CHECK(w2.len == w[v].len && !memcmp(w2.data, w[v].data, w2.len));
            hs_w_free(&w2);
        }
        for (unsigned v = 0; v < 3; v++) {
            for (unsigned it = 0; it < 40 && !TOO_MANY_FAILURES(); it++) {
                size_t b = it < 10 ? hs_rng_below(rng, 20 + A) : hs_rng_below(rng, w[v].len);
                uint8_t *p = w[v].data;
                uint8_t old = p[b];
                p[b] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
                const char *why = NULL;
                CHECK(!verify_private(&w[v], NULL, &why) && why);
                p[b] = old;
            }
            const char *why = NULL;
            CHECK(!hs_ragged_verify(w[v].data, w[v].len - 1, NULL, NULL, NULL, 0, 1, NULL, NULL, &why) && why);
            /* a byte more */
            hs_writer wx = {0};
            hs_w_bytes(&wx, w[v].data, w[v].len);
            hs_w_u8(&wx, 0);
            CHECK(!verify_private(&wx, NULL, &why) && why);
            hs_w_free(&wx);
            /* the private bit cleared: a public proof's parser, no table given */
            w[v].data[16] = 1;
            CHECK(!verify_private(&w[v], NULL, &why) && why);
            w[v].data[16] = 0;
            CHECK(verify_private(&w[v], NULL, &why));
            /* a corrupted witness cell */
            hs_writer wc = {0};
            CHECK(prove_io(&T, v, 1, 1, 1 + hs_rng_below(rng, ((size_t)1 << widths[0]) * 84), &wc, NULL));
            CHECK(!verify_private(&wc, NULL, &why));
            hs_w_free(&wc);
        }
    }
    for (unsigned v = 0; v < 3; v++) hs_w_free(&w[v]);
    tables_free(&T);
}

static void private_shapes(void) {
    hs_ragged_shape s;
    const char *why = NULL;
    const hs_preset *p = hs_preset_by_id(HS_PRESET_COMPAT);
    /* the stacked commitment: 32 columns of 2^ceil(log2 sum 2^w) rows */
    const unsigned post[] = {14, 15, 17, 16, 12, 15, 16, 12, 13}, one[] = {4}, three[] = {5, 4, 4}, big[] = {20, 20};
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, post, 9, p, &why) && hs_ragged_shape_set_private(&s, 1, &why));
    CHECK(s.private_io && s.commit_vars == 5 + 19); /* 360448 rows -> 2^19 */
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, one, 1, p, &why) && hs_ragged_shape_set_private(&s, 1, &why) &&
          s.commit_vars == 9);
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_PADDED, three, 3, p, &why) && hs_ragged_shape_set_private(&s, 1, &why) &&
          s.commit_vars == 5 + 6);
    CHECK(hs_ragged_shape_set_private(&s, 0, &why) && !s.private_io && !s.commit_vars);
    /* 2^21 rows: within WHIR's domain at the compat rate */
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, big, 2, p, &why) && hs_ragged_shape_set_private(&s, 1, &why));
    /* soundness: the report exists for both statements; private adds the WHIR terms */
    hs_sound_report rp, rq;
    CHECK(hs_ragged_shape_make(&s, HS_RAGGED_RAGGED, post, 9, hs_preset_by_id(HS_PRESET_PROVEN128), &why));
    CHECK(hs_soundness_ragged(&s, &rp) && rp.claimed_bits >= 128);
    CHECK(hs_ragged_shape_set_private(&s, 1, &why) && hs_soundness_ragged(&s, &rq));
    CHECK(rq.n_terms > rp.n_terms && rq.claimed_bits >= 128 && rq.claimed_bits <= rp.claimed_bits);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_ragged");
    shapes();
    sumchecks(&rng);
    const unsigned mixed[] = {4, 5, 7, 6, 4}, equal[] = {5, 5, 5}, one[] = {6};
    walks(&rng, mixed, 5, 1);
    walks(&rng, equal, 3, 0);
    walks(&rng, one, 1, 0);
    private_shapes();
    private_walks(&rng, mixed, 5, 1);
    private_walks(&rng, equal, 3, 0);
    private_walks(&rng, one, 1, 0);
    return hs_test_done("test_ragged");
}
