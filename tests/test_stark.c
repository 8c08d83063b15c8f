/* The stark backend end to end: completeness for several sizes, both widths and every preset;
 * public statements bound to their table;
 * soundness checks that must reject (every byte of a small proof changed, truncations, a corrupted
 * trace cell forced through the prover); proof bytes independent of the thread count. */
#include <string.h>

#include "stark/stark.h"
#include "testutil.h"
#include "util/mem.h"

static hs_kb *inputs(hs_rng *rng, unsigned perm_id, unsigned log_perms) {
    size_t words = ((size_t)1 << log_perms) * hs_stark_perm(perm_id)->width;
    hs_kb *in = malloc(words * sizeof *in);
    for (size_t i = 0; i < words; i++) in[i] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
    return in;
}

static int prove_io(const char *preset, unsigned perm_id, unsigned log_perms, unsigned log_blowup, const hs_kb *in,
                    unsigned threads, size_t corrupt, int public_io, hs_kb *out, hs_writer *w) {
    hs_stark_shape s = {hs_preset_find(preset), perm_id, log_perms, 0, {0}, public_io, 0, corrupt};
    s.fri.log_blowup = log_blowup;
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    int ok = hs_stark_prove(&s, in, threads, w, out, NULL, &why);
    if (!ok) fprintf(stderr, "prove %s 2^%u: %s\n", preset, log_perms, why);
    return ok;
}

static int prove(const char *preset, unsigned perm_id, unsigned log_perms, unsigned log_blowup, const hs_kb *in,
                 unsigned threads, size_t corrupt, hs_writer *w) {
    return prove_io(preset, perm_id, log_perms, log_blowup, in, threads, corrupt, 0, NULL, w);
}

static int verify(const hs_writer *w, const char **why) {
    hs_stark_shape s;
    return hs_stark_verify(w->data, w->len, NULL, NULL, 0, 1, &s, why);
}

/* Public statements: accepted with the right table, rejected when any value differs. */
static void public_statements(hs_rng *rng) {
    const unsigned cases[][3] = {{1, 5, 0}, {1, 2, 0}, {2, 4, 0}}; /* perm, log_perms, preset index */
    for (size_t ci = 0; ci < 3; ci++) {
        unsigned perm = cases[ci][0], logp = cases[ci][1];
        size_t n = (size_t)1 << logp, w = hs_stark_perm(perm)->width;
        hs_kb *in = inputs(rng, perm, logp), *out = malloc(n * w * sizeof *out);
        hs_writer pr;
        const char *why = NULL;
        CHECK(prove_io(ci == 2 ? "proven128" : "fast100", perm, logp, 0, in, 2, 0, 1, out, &pr));
        /* outputs are the permutation */
        hs_kb s[24];
        memcpy(s, in + (n - 1) * w, w * sizeof *s);
        hs_p2_permute(hs_stark_perm(perm), s);
        CHECK(!memcmp(s, out + (n - 1) * w, w * sizeof *s));
        int ok = hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why);
        if (!ok) fprintf(stderr, "public case %zu rejected: %s\n", ci, why);
        CHECK(ok);
        CHECK(!hs_stark_verify(pr.data, pr.len, NULL, NULL, 0, 1, NULL, &why)); /* table required */
        CHECK(!hs_stark_verify(pr.data, pr.len, in, out, n / 2, 1, NULL, &why));
        for (int k = 0; k < 6; k++) { /* one value changed, in the inputs or the outputs */
            hs_kb *tab = k & 1 ? out : in;
            size_t pos = k < 2 ? 0 : k < 4 ? n * w - 1 : hs_rng_below(rng, n * w);
            hs_kb old = tab[pos];
            tab[pos] = hs_kb_add(old, HS_KB_ONE);
            CHECK(!hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why));
            tab[pos] = old;
        }
        /* two rows swapped: same values, different table */
        if (n > 1) {
            hs_kb tmp[24];
            memcpy(tmp, in, w * sizeof *tmp), memcpy(in, in + w, w * sizeof *tmp), memcpy(in + w, tmp, w * sizeof *tmp);
            memcpy(tmp, out, w * sizeof *tmp), memcpy(out, out + w, w * sizeof *tmp), memcpy(out + w, tmp, w * sizeof *tmp);
            CHECK(!hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why));
        }
        hs_w_free(&pr);
        free(in), free(out);
    }
}

static void completeness(hs_rng *rng) {
    struct {
        const char *preset;
        unsigned perm, logp, blow;
    } cases[] = {{"compat", 1, 0, 0}, {"compat", 1, 3, 0}, {"compat", 1, 6, 2}, {"fast100", 1, 7, 0},
                 {"proven128", 1, 5, 0}, {"compat", 2, 4, 0}, {"fast100", 2, 5, 3}, {"proven128", 2, 3, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        hs_kb *in = inputs(rng, cases[i].perm, cases[i].logp);
        hs_writer w;
        const char *why = NULL;
        CHECK(prove(cases[i].preset, cases[i].perm, cases[i].logp, cases[i].blow, in, 2, 0, &w));
        int ok = verify(&w, &why);
        if (!ok) fprintf(stderr, "case %zu (%s 2^%u): rejected: %s\n", i, cases[i].preset, cases[i].logp, why);
        CHECK(ok);
        hs_w_free(&w);
        free(in);
    }
}

static void soundness(hs_rng *rng) {
    const unsigned logp = 4;
    hs_kb *in = inputs(rng, 1, logp);
    hs_writer w, w1;
    const char *why;
    CHECK(prove("fast100", 1, logp, 0, in, 2, 0, &w));
    CHECK(prove("fast100", 1, logp, 0, in, 1, 0, &w1));
    CHECK(w.len == w1.len && !memcmp(w.data, w1.data, w.len)); /* thread count does not matter */
    CHECK(verify(&w, &why));
    hs_w_free(&w1);
    /* change bytes: every byte for the header and commitments, a sample elsewhere */
    size_t step = w.len > 20000 ? w.len / 4000 : 1, rejected = 0, tried = 0;
    for (size_t pos = 0; pos < w.len && !TOO_MANY_FAILURES(); pos += (pos < 400 ? 1 : step)) {
        uint8_t old = w.data[pos];
        w.data[pos] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
        int ok = verify(&w, &why);
        if (ok) fprintf(stderr, "accepted a proof with byte %zu changed\n", pos);
        CHECK(!ok);
        rejected += !ok;
        tried++;
        w.data[pos] = old;
    }
    printf("changed bytes: %zu of %zu proofs rejected (proof %zu bytes)\n", rejected, tried, w.len);
    /* truncations and an appended byte */
    for (size_t cut = 0; cut < w.len && !TOO_MANY_FAILURES(); cut += 1 + cut / 3) CHECK(!hs_stark_verify(w.data, cut, NULL, NULL, 0, 1, NULL, &why));
    uint8_t *longer = malloc(w.len + 1);
    memcpy(longer, w.data, w.len);
    longer[w.len] = 0;
    CHECK(!hs_stark_verify(longer, w.len + 1, NULL, NULL, 0, 1, NULL, &why));
    free(longer);
    hs_w_free(&w);
    /* one corrupted trace cell forced through the prover: never accepted */
    size_t cells = ((size_t)1 << logp) * HS_P2_REC_WORDS(hs_p2_kb16());
    for (int k = 0; k < 6; k++) {
        size_t cell = 1 + hs_rng_below(rng, cells);
        if (k == 0) cell = 1;        /* an input word */
        if (k == 1) cell = cells;    /* the last output word */
        CHECK(prove("fast100", 1, logp, 0, in, 2, cell, &w));
        int ok = verify(&w, &why);
        if (ok) fprintf(stderr, "accepted a proof of a trace with cell %zu corrupted\n", cell - 1);
        CHECK(!ok);
        hs_w_free(&w);
    }
    free(in);
    /* garbage and empty input */
    uint8_t junk[4096];
    for (size_t i = 0; i < sizeof junk; i++) junk[i] = (uint8_t)hs_rng_u64(rng);
    CHECK(!hs_stark_verify(junk, sizeof junk, NULL, NULL, 0, 1, NULL, &why));
    CHECK(!hs_stark_verify(junk, 0, NULL, NULL, 0, 1, NULL, &why));
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_stark");
    completeness(&rng);
    public_statements(&rng);
    soundness(&rng);
    return hs_test_done("test_stark");
}
