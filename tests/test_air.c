/* Every registered AIR (src/air/air.c) through the interface alone: an honest trace of random
 * inputs satisfies every constraint of every row; changing any single cell (a spread of columns
 * covering every column kind, in several rows) breaks some constraint; the 8-row evaluator equals
 * the one-row evaluator on random rows; the verifier's challenge-field evaluator equals the
 * prover's on embedded base rows; traces do not depend on the thread count; and where a native
 * permutation of the same name exists, the AIR's outputs are that permutation. */
#include <string.h>

#include "air/air.h"
#include "hash/registry.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static hs_kb rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }

static hs_kbe rand_kbe(hs_rng *rng, unsigned d) {
    hs_kbe x = hs_kbe_zero();
    for (unsigned t = 0; t < d; t++) x.c[t] = rand_kb(rng);
    return x;
}

static uint32_t *rand_inputs(hs_rng *rng, const hs_air *a, size_t n) {
    uint32_t *in = malloc(n * a->in_words * sizeof *in);
    for (size_t i = 0; i < n * a->in_words; i++)
        in[i] = (uint32_t)hs_rng_below(rng, a->word_modulus ? a->word_modulus : (uint64_t)1 << 32);
    return in;
}

/* The outputs against the native permutation of the same name, where there is one. */
static void check_native(const hs_air *a, const uint32_t *in, const uint32_t *out, size_t n) {
    const struct hs_perm *p = hs_perm_lookup(a->name);
    if (!p) return;
    if (p->word_bits == 32) {
        CHECK(p->width == a->in_words && p->width == a->out_words);
        uint32_t *s = malloc(n * p->width * sizeof *s);
        memcpy(s, in, n * p->width * sizeof *s);
        p->many32(s, n, 1);
        CHECK(!memcmp(s, out, n * p->width * sizeof *s));
        free(s);
    } else {
        CHECK(2 * p->width == a->in_words && 2 * p->width == a->out_words);
        uint64_t *s = malloc(n * p->width * sizeof *s);
        for (size_t i = 0; i < n * p->width; i++) s[i] = in[2 * i] | (uint64_t)in[2 * i + 1] << 32;
        p->many64(s, n, 1);
        for (size_t i = 0; i < n * p->width; i++) CHECK(s[i] == (out[2 * i] | (uint64_t)out[2 * i + 1] << 32));
        free(s);
    }
}

static void periodic_at(const hs_air *a, size_t row, hs_kb *per) {
    for (unsigned c = 0; c < a->n_periodic; c++)
        per[c] = a->periodic_vals[(size_t)c * a->rows_per_inst + row % a->rows_per_inst];
}

static void run(hs_rng *rng, const hs_air_def *def, unsigned log_v) {
    hs_air a;
    CHECK(def->init(&a, log_v));
    CHECK(!strcmp(a.name, def->name) && a.id == def->id && a.width > 0 && a.n_constraints > 0);
    CHECK(a.degree >= 1 && a.degree <= 5 && a.n_periodic <= HS_AIR_MAX_PERIODIC);
    CHECK(a.rows_per_inst == 1 || a.inst_per_row == 1);
    const unsigned d = 5;
    const size_t n_inst = 4 * (size_t)a.inst_per_row, rows = n_inst * a.rows_per_inst / a.inst_per_row;
    const size_t W = a.width;
    uint32_t *in = rand_inputs(rng, &a, n_inst);
    uint32_t *out = malloc(n_inst * a.out_words * sizeof *out), *out1 = malloc(n_inst * a.out_words * sizeof *out1);
    hs_kb *tr = malloc(rows * W * sizeof *tr), *tr1 = malloc(rows * W * sizeof *tr1);
    CHECK(a.ops->trace(&a, in, n_inst, tr, out, 2));
    CHECK(a.ops->trace(&a, in, n_inst, tr1, out1, 1));
    CHECK(!memcmp(tr, tr1, rows * W * sizeof *tr) && !memcmp(out, out1, n_inst * a.out_words * sizeof *out));
    check_native(&a, in, out, n_inst);
    if (a.ops->trace_bitrev) { /* the same rows, row k at bitrev(k), with 1 and 2 threads */
        unsigned bits = 0;
        while (((size_t)1 << bits) < rows) bits++;
        for (unsigned t = 1; t <= 2; t++) {
            CHECK(a.ops->trace_bitrev(&a, in, n_inst, tr1, out1, t));
            CHECK(!memcmp(out, out1, n_inst * a.out_words * sizeof *out));
            for (size_t k = 0; k < rows; k++) {
                size_t r = 0;
                for (unsigned b = 0; b < bits; b++) r |= ((k >> b) & 1) << (bits - 1 - b);
                CHECK(!memcmp(tr + k * W, tr1 + r * W, W * sizeof *tr));
            }
        }
        CHECK(!a.ops->trace_bitrev(&a, in, 3, tr1, NULL, 1)); /* not a power of two */
    }
    hs_kbe alpha = rand_kbe(rng, d);
    CHECK(hs_air_first_failing_row(&a, tr, rows, alpha) == rows);

    /* single-cell changes: columns spread over the row (every column when narrow), each in a
     * random row; some row's combination must become nonzero */
    const size_t step = W <= 400 ? 1 : W / 400;
    size_t tried = 0, missed = 0;
    for (size_t col = 0; col < W && !TOO_MANY_FAILURES(); col += step + (step > 1 ? hs_rng_below(rng, 2) : 0)) {
        size_t r = hs_rng_below(rng, rows);
        hs_kb old = tr[r * W + col];
        tr[r * W + col] = hs_kb_add(old, hs_kb_from_u32(1 + (uint32_t)hs_rng_below(rng, 1000)));
        size_t bad = hs_air_first_failing_row(&a, tr, rows, alpha);
        if (bad == rows) fprintf(stderr, "%s: cell (row %zu, column %zu) changed, every constraint holds\n", a.name, r, col), missed++;
        tried++;
        tr[r * W + col] = old;
    }
    CHECK(missed == 0);
    printf("%s: %zu columns, %zu constraints, degree %u, %u rows/instance: %zu single-cell changes all caught\n",
           a.name, W, a.n_constraints, a.degree, a.rows_per_inst, tried);

    /* 8 rows at once = one at a time; ext on embedded rows = base */
    hs_kb *pow = malloc(a.n_constraints * d * sizeof *pow);
    hs_air_alpha_powers(d, alpha, a.n_constraints, pow);
    hs_kb *rnd = malloc(16 * W * sizeof *rnd);
    for (size_t i = 0; i < 16 * W; i++) rnd[i] = rand_kb(rng);
    memcpy(rnd, tr, W * sizeof *rnd); /* an honest row with its honest next row */
    if (rows > 1) memcpy(rnd + 8 * W, tr + W, W * sizeof *rnd);
    const hs_kb *loc[8], *nxt[8];
    hs_kb per8[HS_AIR_MAX_PERIODIC * 8], per[HS_AIR_MAX_PERIODIC];
    for (unsigned j = 0; j < 8; j++) loc[j] = rnd + j * W, nxt[j] = rnd + (8 + j) * W;
    for (unsigned c = 0; c < a.n_periodic; c++)
        for (unsigned j = 0; j < 8; j++) per8[c * 8 + j] = j == 0 ? a.periodic_vals[(size_t)c * a.rows_per_inst] : rand_kb(rng);
    size_t sb = a.ops->rows8_scratch_bytes ? a.ops->rows8_scratch_bytes(&a) : 0;
    void *scratch = sb ? hs_alloc_array(1, sb) : NULL;
    hs_kbe c8[8];
    if (a.ops->eval_rows8) a.ops->eval_rows8(&a, d, loc, nxt, per8, pow, scratch, c8);
    else hs_air_eval_rows8_scalar(&a, d, loc, nxt, per8, pow, c8);
    hs_kbe *lx = malloc(W * sizeof *lx), *nx = malloc(W * sizeof *nx), pe[HS_AIR_MAX_PERIODIC];
    for (unsigned j = 0; j < 8; j++) {
        hs_kbe c1;
        for (unsigned c = 0; c < a.n_periodic; c++) per[c] = per8[c * 8 + j], pe[c] = hs_kbe_from_base(per[c]);
        a.ops->eval_row(&a, d, loc[j], a.uses_next ? nxt[j] : NULL, per, pow, &c1);
        CHECK(hs_kbe_eq(c1, c8[j]));
        for (size_t i = 0; i < W; i++) lx[i] = hs_kbe_from_base(loc[j][i]), nx[i] = hs_kbe_from_base(nxt[j][i]);
        CHECK(hs_kbe_eq(c1, a.ops->eval_ext(&a, d, lx, a.uses_next ? nx : NULL, pe, pow)));
    }
    CHECK(hs_kbe_is_zero(c8[0]) || (a.uses_next && rows < 2));
    /* 16 rows at once (the AIR's AVX-512 evaluator where it has one, else two 8-row calls) = one
     * at a time; row 3 an honest row */
    {
        hs_kb *r16 = malloc(32 * W * sizeof *r16), per16[HS_AIR_MAX_PERIODIC * 16];
        for (size_t i = 0; i < 32 * W; i++) r16[i] = rand_kb(rng);
        memcpy(r16 + 3 * W, tr, W * sizeof *r16);
        if (rows > 1) memcpy(r16 + 19 * W, tr + W, W * sizeof *r16);
        const hs_kb *l16[16], *n16[16];
        for (unsigned j = 0; j < 16; j++) l16[j] = r16 + j * W, n16[j] = r16 + (16 + j) * W;
        for (unsigned c = 0; c < a.n_periodic; c++)
            for (unsigned j = 0; j < 16; j++)
                per16[c * 16 + j] = j == 3 ? a.periodic_vals[(size_t)c * a.rows_per_inst] : rand_kb(rng);
        hs_kbe c16[16];
        hs_air_eval_rows16(&a, d, l16, n16, per16, pow, scratch, c16);
        for (unsigned j = 0; j < 16; j++) {
            hs_kbe c1;
            for (unsigned c = 0; c < a.n_periodic; c++) per[c] = per16[c * 16 + j];
            a.ops->eval_row(&a, d, l16[j], a.uses_next ? n16[j] : NULL, per, pow, &c1);
            if (!hs_kbe_eq(c1, c16[j])) {
                fprintf(stderr, "%s: 16-row evaluation differs from eval_row at row %u\n", a.name, j);
                hs_test_failures++;
            }
        }
        CHECK(hs_kbe_is_zero(c16[3]) || (a.uses_next && rows < 2));
        free(r16);
    }
    /* challenge-field rows (as at the out-of-domain point) give a nonzero combination */
    for (size_t i = 0; i < W; i++) lx[i] = rand_kbe(rng, d), nx[i] = rand_kbe(rng, d);
    periodic_at(&a, 0, per);
    for (unsigned c = 0; c < a.n_periodic; c++) pe[c] = rand_kbe(rng, d);
    CHECK(!hs_kbe_is_zero(a.ops->eval_ext(&a, d, lx, a.uses_next ? nx : NULL, pe, pow)));
    hs_free(scratch);
    free(lx), free(nx), free(rnd), free(pow);
    free(in), free(out), free(out1), free(tr), free(tr1);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_air");
    CHECK(hs_air_count() >= 2);
    if (!hs_cpu_has_avx512())
        printf("test_air: no AVX-512 on this CPU or build (or HS_SIMD below it): 16-row evaluations run as two "
               "8-row halves, the AVX-512 evaluators are not compared\n");
    for (size_t i = 0; i < hs_air_count(); i++) {
        const hs_air_def *def = hs_air_at(i);
        CHECK(hs_air_find(def->name) == def && hs_air_by_id(def->id) == def);
        for (size_t j = 0; j < i; j++) CHECK(hs_air_at(j)->id != def->id);
        run(&rng, def, 0);
        if (def->max_log_v >= 3) run(&rng, def, 3);
    }
    hs_air a;
    CHECK(!hs_air_find("poseidon2-bb16") && !hs_air_by_id(0));
    CHECK(!hs_air_find("poseidon2-kb16")->init(&a, HS_AIR_MAX_PERIODIC)); /* packing out of range */
    return hs_test_done("test_air");
}
