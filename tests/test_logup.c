/* The LogUp argument of the stark backend (src/stark/logup.h), on a small AIR of this test that
 * declares lookups into three tables (xor-4, range-8, range-4), one of them through a linear
 * expression of two columns:
 *   - the constraint level: on H, the LogUp constraints of an honest trace vanish on every row
 *     and one multiplicity more breaks them; the prover's and the verifier's evaluators agree;
 *   - end to end: proofs of random inputs accepted at heights below, at and above the tables'
 *     sizes, every preset, with 1 and 2 threads giving the same bytes; a tuple outside its table
 *     (a wrong lookup) and a wrong multiplicity, forced through the prover, rejected; changed
 *     bytes and truncations rejected;
 *   - the soundness report names the logup term. */
#include <math.h>
#include <string.h>

#include "stark/logup.h"
#include "stark/stark.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

/* ---- the test AIR ----
 * input line (x, a, b): x < 2^8, a, b < 2^4 (larger values make lookups fail);
 * columns: x, xh = x >> 4, a, b, c = a ^ b, y = x^2;
 * lookups: xor-4 (a, b, c); range-8 (x); range-4 (xh) and (x - 16 xh);
 * constraint: y - x^2 (so that the AIR has one of its own). */
enum { C_X, C_XH, C_A, C_B, C_C, C_Y, WIDTH };
#define TEST_AIR_ID 200

static const hs_air_lookup_run runs[3] = {
    {{HS_AIR_TABLE_XOR, 4}, 1}, {{HS_AIR_TABLE_RANGE, 8}, 1}, {{HS_AIR_TABLE_RANGE, 4}, 2}};

static int t_trace(const hs_air *a, const uint32_t *in, size_t n, hs_kb *tr, uint32_t *out, unsigned threads) {
    (void)a, (void)threads;
    for (size_t i = 0; i < n; i++) {
        const uint32_t x = in[3 * i], av = in[3 * i + 1], bv = in[3 * i + 2];
        hs_kb *r = tr + i * WIDTH;
        r[C_X] = hs_kb_from_u32(x);
        r[C_XH] = hs_kb_from_u32(x >> 4);
        r[C_A] = hs_kb_from_u32(av);
        r[C_B] = hs_kb_from_u32(bv);
        r[C_C] = hs_kb_from_u32(av ^ bv);
        r[C_Y] = hs_kb_mul(r[C_X], r[C_X]);
        if (out) out[i] = hs_kb_to_u32(r[C_Y]);
    }
    return 1;
}

static void t_eval_row(const hs_air *a, unsigned d, const hs_kb *l, const hs_kb *next, const hs_kb *per,
                       const hs_kb *pow, hs_kbe *out) {
    (void)a, (void)next, (void)per;
    hs_kbe x = hs_kbe_zero();
    memcpy(x.c, pow, d * sizeof *pow);
    *out = hs_kbe_mul_base(x, hs_kb_sub(l[C_Y], hs_kb_mul(l[C_X], l[C_X])));
}

static hs_kbe t_eval_ext(const hs_air *a, unsigned d, const hs_kbe *l, const hs_kbe *next, const hs_kbe *per,
                         const hs_kb *pow) {
    (void)a, (void)next, (void)per;
    hs_kbe x = hs_kbe_zero();
    memcpy(x.c, pow, d * sizeof *pow);
    return hs_kbe_mul(d, x, hs_kbe_sub(l[C_Y], hs_kbe_mul(d, l[C_X], l[C_X])));
}

static const hs_kb K16 = (hs_kb)(((uint64_t)16 << 32) % HS_KB_P); /* 16 in Montgomery form */

static void t_lookup_row(const hs_air *a, const hs_kb *l, hs_kb *v) {
    (void)a;
    memset(v, 0, 12 * sizeof *v);
    v[0] = l[C_A], v[1] = l[C_B], v[2] = l[C_C];
    v[3] = l[C_X];
    v[6] = l[C_XH];
    v[9] = hs_kb_sub(l[C_X], hs_kb_mul(l[C_XH], K16));
}

static void t_lookup_ext(const hs_air *a, unsigned d, const hs_kbe *l, hs_kbe *v) {
    (void)a, (void)d;
    for (int i = 0; i < 12; i++) v[i] = hs_kbe_zero();
    v[0] = l[C_A], v[1] = l[C_B], v[2] = l[C_C];
    v[3] = l[C_X];
    v[6] = l[C_XH];
    v[9] = hs_kbe_sub(l[C_X], hs_kbe_mul_base(l[C_XH], K16));
}

static const hs_air_ops t_ops = {t_trace, t_eval_row, NULL, NULL, t_eval_ext, NULL, t_lookup_row, t_lookup_ext};

static int t_init(hs_air *a, unsigned log_v) {
    (void)log_v;
    memset(a, 0, sizeof *a);
    a->ops = &t_ops;
    a->name = "logup-test";
    a->id = TEST_AIR_ID;
    a->width = a->slot_stride = WIDTH;
    a->rows_per_inst = a->inst_per_row = 1;
    a->degree = 2;
    a->n_constraints = 1;
    a->in_words = 3;
    a->out_words = 1;
    a->n_lookups = 4;
    a->lookup_runs = runs;
    a->n_lookup_runs = 3;
    a->v = 1;
    return 1;
}

static const hs_air_def t_def = {TEST_AIR_ID, "logup-test", "the LogUp test AIR", 0, t_init, NULL};

static uint32_t *rand_inputs(hs_rng *rng, size_t n) {
    uint32_t *in = malloc(3 * n * sizeof *in);
    for (size_t i = 0; i < n; i++) {
        in[3 * i] = (uint32_t)hs_rng_below(rng, 256);
        in[3 * i + 1] = (uint32_t)hs_rng_below(rng, 16);
        in[3 * i + 2] = (uint32_t)hs_rng_below(rng, 16);
    }
    return in;
}

static hs_kbe rand_kbe(hs_rng *rng, unsigned d) {
    hs_kbe x = hs_kbe_zero();
    for (unsigned u = 0; u < d; u++) x.c[u] = hs_test_rand_kb(rng);
    return x;
}

/* ---- the constraint level, on H ---- */

/* The LogUp constraints at every row of H of the trace of `in`; returns the number of rows where
 * they do not vanish. extra: a multiplicity to add (0: none). */
static size_t failing_rows(hs_rng *rng, const uint32_t *in, unsigned log_h, uint32_t extra, unsigned d) {
    hs_air a;
    t_init(&a, 0);
    hs_logup_shape s;
    const char *why = NULL;
    CHECK(hs_logup_shape_init(&s, &a, log_h, &why));
    const size_t n = s.n, M = s.n_mult, AW = s.aux_ext * d;
    hs_kb *tr = malloc(n * WIDTH * sizeof *tr), *mult = malloc(n * M * sizeof *mult), *aux = malloc(n * AW * sizeof *aux);
    t_trace(&a, in, n, tr, NULL, 1);
    hs_logup_witness *w = hs_logup_collect(&s, &a, tr, WIDTH, 0, 2);
    CHECK(w != NULL);
    CHECK_EQ_U64(hs_logup_bad(w), 0);
    if (extra) hs_logup_corrupt_mult(w, extra - 1);
    hs_logup_mult_matrix(&s, w, mult);
    const hs_kbe beta = rand_kbe(rng, d), gamma = rand_kbe(rng, d);
    CHECK(hs_logup_aux_matrix(&s, w, d, beta, gamma, aux, 2, &why));
    { /* the same matrix at every SIMD level (d = 4: AVX2 builds it 8 rows at a time) and thread count */
        hs_kb *aux2 = malloc(n * AW * sizeof *aux2);
        const hs_simd top = hs_cpu_simd_detected();
        for (unsigned lv = 0; lv <= (unsigned)top; lv++)
            for (unsigned th = 1; th <= 2; th++) {
                hs_cpu_simd_force((hs_simd)lv);
                memset(aux2, 0xff, n * AW * sizeof *aux2);
                CHECK(hs_logup_aux_matrix(&s, w, d, beta, gamma, aux2, th, &why));
                CHECK(!memcmp(aux2, aux, n * AW * sizeof *aux));
            }
        hs_cpu_simd_force(top);
        free(aux2);
    }
    hs_kb *tab = hs_logup_table_matrix(&s);
    hs_kbe *pow = malloc(s.aux_ext * sizeof *pow);
    for (size_t k = 0; k < s.aux_ext; k++) pow[k] = rand_kbe(rng, d);
    hs_logup_eval e;
    hs_logup_eval_init(&e, &s, d, beta, gamma, pow);
    void *scr = malloc(hs_logup_scratch_bytes(&s)), *scr2 = malloc(hs_logup_scratch_bytes(&s));
    hs_kb look[12];
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        t_lookup_row(&a, tr + i * WIDTH, look);
        const hs_kb *an = aux + ((i + 1) & (n - 1)) * AW;
        hs_kbe v = hs_logup_eval_point(&e, look, mult + i * M, tab + i * 3 * M, aux + i * AW, an, scr);
        bad += !hs_kbe_is_zero(v);
        if (i < 4) { /* the verifier's evaluator on the same values agrees */
            hs_kbe lx[12], *mx = malloc(M * sizeof *mx), *tx = malloc(3 * M * sizeof *tx), *ax = malloc(2 * AW * sizeof *ax);
            hs_kbe row[WIDTH];
            for (int c = 0; c < WIDTH; c++) row[c] = hs_kbe_from_base(tr[i * WIDTH + c]);
            t_lookup_ext(&a, d, row, lx);
            for (size_t c = 0; c < M; c++) mx[c] = hs_kbe_from_base(mult[i * M + c]);
            for (size_t c = 0; c < 3 * M; c++) tx[c] = hs_kbe_from_base(tab[i * 3 * M + c]);
            for (size_t c = 0; c < AW; c++) ax[c] = hs_kbe_from_base(aux[i * AW + c]), ax[AW + c] = hs_kbe_from_base(an[c]);
            CHECK(hs_kbe_eq(hs_logup_eval_ext(&e, lx, mx, tx, ax, ax + AW, scr2), v));
            free(mx), free(tx), free(ax);
        }
    }
    /* 8 points at once (AVX2 where d = 4 and the CPU has it) = one at a time, on random values
     * and on every word p - 1 (the largest products its delayed reduction sums) */
    for (unsigned fill = 0; fill < 2; fill++) {
        void *s8 = hs_alloc_array(1, hs_logup_scratch8_bytes(&s));
        hs_kb *rnd = malloc(8 * (12 + M + 3 * M + 2 * AW) * sizeof *rnd);
        for (size_t k = 0; k < 8 * (12 + M + 3 * M + 2 * AW); k++) rnd[k] = fill ? HS_KB_P - 1 : hs_test_rand_kb(rng);
        const hs_kb *lk[8], *mu[8], *tb[8], *ax[8], *an[8];
        for (unsigned j = 0; j < 8; j++) {
            const hs_kb *b = rnd + j * (12 + M + 3 * M + 2 * AW);
            lk[j] = b, mu[j] = b + 12, tb[j] = b + 12 + M, ax[j] = b + 12 + 4 * M, an[j] = ax[j] + AW;
        }
        hs_kbe o8[8];
        hs_logup_eval_points8(&e, lk, mu, tb, ax, an, s8, o8);
        for (unsigned j = 0; j < 8; j++) CHECK(hs_kbe_eq(o8[j], hs_logup_eval_point(&e, lk[j], mu[j], tb[j], ax[j], an[j], scr)));
        /* the tuples packed (an AIR's lookup_rows8), at every SIMD level: the same values */
        hs_kb *pk = hs_alloc_array(8 * 12, sizeof *pk);
        for (unsigned j = 0; j < 8; j++)
            for (unsigned k = 0; k < 12; k++) pk[8 * k + j] = lk[j][k];
        const hs_simd top = hs_cpu_simd_detected();
        for (unsigned lv = 0; lv <= (unsigned)top; lv++) {
            hs_kbe p8[8];
            hs_cpu_simd_force((hs_simd)lv);
            hs_logup_eval_points8_packed(&e, pk, mu, tb, ax, an, s8, p8);
            for (unsigned j = 0; j < 8; j++) CHECK(hs_kbe_eq(p8[j], o8[j]));
        }
        hs_cpu_simd_force(top);
        hs_free(pk);
        hs_free(s8), free(rnd);
    }
    hs_logup_witness_free(w);
    free(tr), free(mult), free(aux), hs_free(tab), free(pow), free(scr), free(scr2);
    return bad;
}

static void constraint_level(hs_rng *rng) {
    for (unsigned log_h = 3; log_h <= 10; log_h += 7) { /* tables larger than H, and smaller */
        const size_t n = (size_t)1 << log_h;
        uint32_t *in = rand_inputs(rng, n);
        for (unsigned d = 4; d <= 8; d += d == 4 ? 1 : 3) { /* every challenge-field degree */
            CHECK_EQ_U64(failing_rows(rng, in, log_h, 0, d), 0);
            /* one multiplicity too many (xor-4 entry 17): the running sum no longer closes */
            CHECK(failing_rows(rng, in, log_h, 18, d) > 0);
        }
        free(in);
    }
    /* the table layout: columns of h rows, entries repeated when the table is shorter */
    hs_air a;
    t_init(&a, 0);
    hs_logup_shape s;
    const char *why;
    CHECK(hs_logup_shape_init(&s, &a, 4, &why));
    CHECK_EQ_U64(s.n_tables, 3);
    CHECK_EQ_U64(s.n_mult, 256 / 16 + 256 / 16 + 1);
    CHECK_EQ_U64(s.n_frac, 4 + s.n_mult);
    CHECK_EQ_U64(hs_logup_fractions(&s), 16 * 4 + 256 + 256 + 16);
    /* the verifier's table columns at a point (its 64-bit sums are reduced every 2^12 rows: 2^13
     * rows cross that twice) = the Lagrange sum in field arithmetic */
    for (unsigned log_h = 4; log_h <= 13; log_h += 9) {
        CHECK(hs_logup_shape_init(&s, &a, log_h, &why));
        const size_t n = s.n;
        const unsigned d = 4;
        const hs_kbe z = rand_kbe(rng, d);
        hs_kbe *w = malloc(n * sizeof *w), *got = malloc(3 * s.n_mult * sizeof *got);
        hs_kb *tab = hs_logup_table_matrix(&s);
        CHECK(hs_kbe_lagrange_at(d, z, log_h, w) && hs_logup_tables_at(&s, d, z, got));
        size_t bad = 0;
        for (size_t c = 0; c < 3 * (size_t)s.n_mult; c++) {
            hs_kbe acc = hs_kbe_zero();
            for (size_t i = 0; i < n; i++) acc = hs_kbe_add(acc, hs_kbe_mul_base(w[i], tab[i * 3 * s.n_mult + c]));
            bad += !hs_kbe_eq(acc, got[c]);
        }
        CHECK_EQ_U64(bad, 0);
        free(w), free(got), hs_free(tab);
    }
}

/* ---- end to end ---- */

static int prove(const char *preset, unsigned log_perms, const uint32_t *in, unsigned threads, size_t cell, size_t mult,
                 hs_writer *w) {
    hs_stark_shape s = {hs_preset_find(preset), TEST_AIR_ID, log_perms, 0, {0}, 0, 0, cell, mult, 0};
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    int ok = hs_stark_prove(&s, in, threads, w, NULL, NULL, &why);
    if (!ok) fprintf(stderr, "prove logup-test %s 2^%u: %s\n", preset, log_perms, why);
    return ok;
}

static int verify(const hs_writer *w, const char **why) {
    int ok = hs_stark_verify(w->data, w->len, NULL, NULL, 0, 1, NULL, why);
    if (getenv("HS_TEST_VERBOSE")) printf("verify: %s\n", ok ? "accepted" : *why);
    return ok;
}

static void end_to_end(hs_rng *rng) {
    const char *presets[] = {"fast100", "compat", "proven128"};
    const char *why = NULL;
    for (unsigned lp = 2; lp <= 10; lp += 4)
        for (int p = 0; p < 3; p++) {
            uint32_t *in = rand_inputs(rng, (size_t)1 << lp);
            hs_writer w1, w2;
            CHECK(prove(presets[p], lp, in, 1, 0, 0, &w1));
            CHECK(prove(presets[p], lp, in, 2, 0, 0, &w2));
            CHECK(w1.len == w2.len && !memcmp(w1.data, w2.data, w1.len));
            int ok = verify(&w1, &why);
            if (!ok) fprintf(stderr, "logup-test %s 2^%u rejected: %s\n", presets[p], lp, why);
            CHECK(ok);
            hs_w_free(&w1), hs_w_free(&w2);
            free(in);
        }
    const unsigned lp = 5;
    const size_t n = (size_t)1 << lp;
    uint32_t *in = rand_inputs(rng, n);
    hs_writer w;
    /* a wrong lookup: xh one more on some row (x - 16 xh leaves range-4; no AIR constraint sees it) */
    for (int k = 0; k < 3; k++) {
        size_t row = hs_rng_below(rng, n);
        CHECK(prove("fast100", lp, in, 2, 1 + row * WIDTH + C_XH, 0, &w));
        CHECK(!verify(&w, &why));
        hs_w_free(&w);
        CHECK(prove("fast100", lp, in, 2, 1 + row * WIDTH + C_C, 0, &w)); /* a ^ b wrong */
        CHECK(!verify(&w, &why));
        hs_w_free(&w);
    }
    /* a value outside its table in the input itself (x = 256: range-8 fails; x - 16 xh = 0 fine) */
    in[3 * 7] = 256;
    CHECK(prove("fast100", lp, in, 2, 0, 0, &w));
    CHECK(!verify(&w, &why));
    hs_w_free(&w);
    in[3 * 7] = 255;
    /* a wrong multiplicity */
    for (uint32_t e = 0; e < 256; e += 85) {
        CHECK(prove("fast100", lp, in, 2, 0, 1 + e, &w));
        CHECK(!verify(&w, &why));
        hs_w_free(&w);
    }
    /* changed bytes (a sample over the whole proof, the LogUp commitments and values included)
     * and truncations */
    CHECK(prove("fast100", lp, in, 2, 0, 0, &w));
    CHECK(verify(&w, &why));
    size_t rejected = 0, tried = 0;
    for (size_t pos = 0; pos < w.len && !TOO_MANY_FAILURES(); pos += 1 + hs_rng_below(rng, 97)) {
        const uint8_t old = w.data[pos];
        w.data[pos] ^= (uint8_t)(1 + hs_rng_below(rng, 255));
        int ok = verify(&w, &why);
        CHECK(!ok);
        rejected += !ok, tried++;
        w.data[pos] = old;
    }
    printf("logup-test: changed bytes: %zu of %zu proofs rejected (proof %zu bytes)\n", rejected, tried, w.len);
    for (size_t cut = 0; cut < w.len; cut += 1 + cut / 2) CHECK(!hs_stark_verify(w.data, cut, NULL, NULL, 0, 1, NULL, &why));
    hs_w_free(&w);
    free(in);
}

static void soundness_report(void) {
    hs_sound_report r;
    CHECK(hs_soundness_stark(hs_preset_find("fast100"), TEST_AIR_ID, 10, 0, 0, &r));
    int found = 0;
    for (size_t i = 0; i < r.n_terms; i++)
        if (!strcmp(r.terms[i].name, "logup")) {
            found = 1;
            /* 6 N / |K|, N = 2^10 * 4 + 256 + 256 + 16 */
            const double want = 5 * log2((double)HS_KB_P) - log2(6.0 * (4096 + 528));
            CHECK(fabs(r.terms[i].bits[HS_REGIME_UDR] - want) < 1e-9);
        }
    CHECK(found);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_logup");
    hs_air_set_test_def(&t_def);
    constraint_level(&rng);
    end_to_end(&rng);
    soundness_report();
    hs_air_set_test_def(NULL);
    return hs_test_done("test_logup");
}
