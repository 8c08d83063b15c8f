/* The Poseidon2 AIR: an honest trace satisfies every constraint (C = 0 for any alpha), any single
 * corrupted cell makes C nonzero, and the prover's base-field evaluator equals the verifier's
 * challenge-field evaluator on embedded rows. */
#include <string.h>

#include "air/poseidon2_air.h"
#include "testutil.h"
#include "util/mem.h"

static void run(hs_rng *rng, const hs_p2_params *pp, unsigned v, unsigned d) {
    hs_p2air a;
    CHECK(hs_p2air_init(&a, pp, v));
    const unsigned w = pp->width;
    size_t n = 4 * (size_t)v; /* 4 rows */
    hs_kb *in = malloc(n * w * sizeof *in), *out = malloc(n * w * sizeof *out);
    hs_kb *tr = malloc(n * a.rec * sizeof *tr), *pow = malloc(a.n_constraints * d * sizeof *pow);
    for (size_t i = 0; i < n * w; i++) in[i] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
    CHECK(hs_p2air_trace(&a, in, n, tr, out, 2));
    /* outputs are the permutation */
    hs_kb s[24];
    memcpy(s, in + w, w * sizeof *s);
    hs_p2_permute(pp, s);
    CHECK(!memcmp(s, out + w, w * sizeof *s));
    hs_kbe alpha = hs_kbe_zero();
    for (unsigned t = 0; t < d; t++) alpha.c[t] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
    hs_p2air_alpha_powers(&a, d, alpha, pow);
    hs_kbe *ext = malloc(a.width * sizeof *ext);
    for (size_t r = 0; r < 4; r++) {
        hs_kbe c;
        hs_p2air_eval_row(&a, d, tr + r * a.width, pow, &c);
        CHECK(hs_kbe_is_zero(c));
    }
    /* 8 rows at once (AVX2 where present) = one at a time */
    {
        void *scratch = hs_alloc_array(1, hs_p2air_rows8_scratch_bytes(&a));
        hs_kb *rows8 = malloc(8 * a.width * sizeof *rows8);
        for (size_t i = 0; i < 8 * a.width; i++) rows8[i] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
        memcpy(rows8, tr, a.width * sizeof *rows8); /* one honest row among random ones */
        hs_kbe c8[8], c1;
        hs_p2air_eval_rows8(&a, d, rows8, pow, scratch, c8);
        for (unsigned j = 0; j < 8; j++) {
            hs_p2air_eval_row(&a, d, rows8 + j * a.width, pow, &c1);
            CHECK(hs_kbe_eq(c1, c8[j]));
        }
        CHECK(hs_kbe_is_zero(c8[0]));
        hs_free(scratch);
        free(rows8);
    }
    /* corrupt random cells: the row's combination becomes nonzero and both evaluators agree */
    for (int it = 0; it < 40 && !TOO_MANY_FAILURES(); it++) {
        size_t r = hs_rng_below(rng, 4), col = hs_rng_below(rng, a.width);
        hs_kb *row = tr + r * a.width, old = row[col];
        row[col] = hs_kb_add(old, hs_kb_from_u32(1 + (uint32_t)hs_rng_below(rng, 1000)));
        hs_kbe cb, ce;
        hs_p2air_eval_row(&a, d, row, pow, &cb);
        for (size_t i = 0; i < a.width; i++) ext[i] = hs_kbe_from_base(row[i]);
        ce = hs_p2air_eval_ext(&a, d, ext, pow);
        CHECK(!hs_kbe_is_zero(cb));
        CHECK(hs_kbe_eq(cb, ce));
        row[col] = old;
    }
    /* challenge-field rows (as at the out-of-domain point): linear in alpha-combination sanity */
    for (size_t i = 0; i < a.width; i++)
        for (unsigned t = 0; t < d; t++) ext[i].c[t] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
    hs_kbe e1 = hs_p2air_eval_ext(&a, d, ext, pow);
    CHECK(!hs_kbe_is_zero(e1));
    free(in), free(out), free(tr), free(pow), free(ext);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_p2air");
    hs_p2air a;
    CHECK(!hs_p2air_init(&a, hs_p2_bb16(), 1)); /* x^7: not this AIR */
    CHECK(!hs_p2air_init(&a, hs_p2_kb16(), 0));
    CHECK(hs_p2air_init(&a, hs_p2_kb16(), 8) && a.width == 1312 && a.n_constraints == 1184);
    run(&rng, hs_p2_kb16(), 1, 4);
    run(&rng, hs_p2_kb16(), 8, 5);
    run(&rng, hs_p2_kb24(), 2, 8);
    return hs_test_done("test_p2air");
}
