/* The stark backend end to end: completeness for several sizes, both widths and every preset;
 * public statements bound to their table;
 * soundness checks that must reject (every byte of a small proof changed, truncations, a corrupted
 * trace cell forced through the prover); proof bytes independent of the thread count. */
#include <string.h>

#include "stark/lde.h"
#include "stark/stark.h"
#include "testutil.h"
#include "util/mem.h"

static hs_air air_of(unsigned air_id) {
    hs_air a = {0};
    CHECK(hs_air_by_id(air_id) && hs_air_by_id(air_id)->init(&a, 0));
    return a;
}

static uint32_t *inputs(hs_rng *rng, unsigned air_id, unsigned log_perms) {
    hs_air a = air_of(air_id);
    size_t words = ((size_t)1 << log_perms) * a.in_words;
    uint32_t *in = malloc(words * sizeof *in);
    for (size_t i = 0; i < words; i++) in[i] = (uint32_t)hs_rng_below(rng, a.word_modulus ? a.word_modulus : (uint64_t)1 << 32);
    return in;
}

static int lde_mode = HS_STARK_LDE_AUTO;

static int prove_io(const char *preset, unsigned air_id, unsigned log_perms, unsigned log_blowup, const uint32_t *in,
                    unsigned threads, size_t corrupt, int public_io, uint32_t *out, hs_writer *w) {
    hs_stark_shape s = {hs_preset_find(preset), air_id, log_perms, 0, {0}, public_io, 0, corrupt, 0, lde_mode};
    s.fri.log_blowup = log_blowup;
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    int ok = hs_stark_prove(&s, in, threads, w, out, NULL, &why);
    if (!ok) fprintf(stderr, "prove %s %s 2^%u: %s\n", hs_stark_air_name(air_id), preset, log_perms, why);
    return ok;
}

static int prove(const char *preset, unsigned air_id, unsigned log_perms, unsigned log_blowup, const uint32_t *in,
                 unsigned threads, size_t corrupt, hs_writer *w) {
    return prove_io(preset, air_id, log_perms, log_blowup, in, threads, corrupt, 0, NULL, w);
}

static int verify(const hs_writer *w, const char **why) {
    hs_stark_shape s;
    return hs_stark_verify(w->data, w->len, NULL, NULL, 0, 1, &s, why);
}

/* Public statements of every AIR: accepted with the right table, rejected when any value differs
 * or two rows trade places. */
static void public_statements(hs_rng *rng) {
    for (size_t ai = 0; ai < hs_air_count(); ai++) {
        const unsigned air_id = hs_air_at(ai)->id;
        const hs_air a = air_of(air_id);
        for (unsigned logp = 1; logp <= (a.width > 2000 ? 1u : 4u); logp += 3) {
            size_t n = (size_t)1 << logp, wi = a.in_words, wo = a.out_words;
            uint32_t *in = inputs(rng, air_id, logp), *out = malloc(n * wo * sizeof *out);
            hs_writer pr;
            const char *why = NULL;
            CHECK(prove_io(logp == 4 ? "proven128" : "fast100", air_id, logp, 0, in, 2, 0, 1, out, &pr));
            int ok = hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why);
            if (!ok) fprintf(stderr, "public %s 2^%u rejected: %s\n", a.name, logp, why);
            CHECK(ok);
            CHECK(!hs_stark_verify(pr.data, pr.len, NULL, NULL, 0, 1, NULL, &why)); /* table required */
            CHECK(!hs_stark_verify(pr.data, pr.len, in, out, n / 2, 1, NULL, &why));
            for (int k = 0; k < 8 && !TOO_MANY_FAILURES(); k++) { /* one value changed, in the inputs or the outputs */
                uint32_t *tab = k & 1 ? out : in;
                const size_t words = n * (k & 1 ? wo : wi), m = a.word_modulus ? a.word_modulus : 0;
                size_t pos = k < 2 ? 0 : k < 4 ? words - 1 : hs_rng_below(rng, words);
                uint32_t old = tab[pos];
                tab[pos] = m ? (uint32_t)((old + 1) % m) : old ^ (1u << hs_rng_below(rng, 32));
                ok = hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why);
                if (ok) fprintf(stderr, "public %s 2^%u: accepted a table with word %zu changed\n", a.name, logp, pos);
                CHECK(!ok);
                tab[pos] = old;
            }
            /* a word replaced by one equal to it mod p (AIRs whose words are any u32) */
            if (!a.word_modulus) {
                size_t pos = hs_rng_below(rng, n * wi);
                uint32_t old = in[pos];
                in[pos] = old >= HS_KB_P ? old - HS_KB_P : old + HS_KB_P;
                CHECK(!hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why));
                in[pos] = old;
            }
            /* two rows swapped: same values, different table */
            uint32_t tmp[64];
            memcpy(tmp, in, wi * 4), memcpy(in, in + wi, wi * 4), memcpy(in + wi, tmp, wi * 4);
            memcpy(tmp, out, wo * 4), memcpy(out, out + wo, wo * 4), memcpy(out + wo, tmp, wo * 4);
            CHECK(!hs_stark_verify(pr.data, pr.len, in, out, n, 1, NULL, &why));
            hs_w_free(&pr);
            free(in), free(out);
        }
    }
}

static void completeness(hs_rng *rng) {
    struct {
        const char *preset;
        unsigned logp, blow;
    } cases[] = {{"compat", 0, 0}, {"compat", 3, 0}, {"compat", 6, 2}, {"fast100", 7, 0},
                 {"proven128", 5, 0}, {"compat", 4, 0}, {"fast100", 5, 3}, {"proven128", 3, 1}};
    for (size_t ai = 0; ai < hs_air_count(); ai++) {
        const unsigned air_id = hs_air_at(ai)->id;
        const hs_air a = air_of(air_id);
        const int wide = a.width > 2000; /* wide AIRs (Keccak, BLAKE): three small shapes keep the test fast */
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            if (wide && i != 0 && i != 4 && i != 6) continue;
            if (a.n_lookups && i == 6) continue; /* LogUp AIRs: test_logup covers the presets */
            unsigned logp = cases[i].logp;
            if (wide && logp > 2) logp = 2;
            uint32_t *in = inputs(rng, air_id, logp);
            hs_writer w;
            const char *why = NULL;
            CHECK(prove(cases[i].preset, air_id, logp, cases[i].blow, in, 2, 0, &w));
            int ok = verify(&w, &why);
            if (!ok) fprintf(stderr, "%s case %zu (%s 2^%u): rejected: %s\n", a.name, i, cases[i].preset, logp, why);
            CHECK(ok);
            hs_w_free(&w);
            free(in);
        }
    }
}

static void soundness(hs_rng *rng, unsigned air_id) {
    const unsigned logp = air_id == 1 ? 4 : 2;
    const hs_air a = air_of(air_id);
    uint32_t *in = inputs(rng, air_id, logp);
    hs_writer w, w1;
    const char *why;
    /* a sanitizer build samples a quarter as many bytes, forces fewer corrupted cells and leaves
     * the thread-count comparison to the Release builds (its proofs and verifications of the
     * wide AIRs dominated the CI run) */
    const int san = hs_test_sanitized();
    CHECK(prove("fast100", air_id, logp, 0, in, 2, 0, &w));
    if (!san) {
        CHECK(prove("fast100", air_id, logp, 0, in, 1, 0, &w1));
        CHECK(w.len == w1.len && !memcmp(w.data, w1.data, w.len)); /* thread count does not matter */
        hs_w_free(&w1);
    }
    CHECK(verify(&w, &why));
    /* change bytes: every byte of the header and caps, then a sample (fewer for the wide AIRs'
     * large proofs) */
    const int wide = a.width > 2000;
    size_t step = w.len > 20000 ? w.len / (a.n_lookups ? 60 : wide ? 150 : air_id == 1 ? 4000 : 600) * (san ? 4 : 1) : 1,
           rejected = 0, tried = 0;
    for (size_t pos = 0; pos < w.len && !TOO_MANY_FAILURES(); pos += (pos < (wide ? 160u : 400u) ? 1 : step)) {
        uint8_t old = w.data[pos];
        w.data[pos] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
        int ok = verify(&w, &why);
        if (ok) fprintf(stderr, "accepted a proof with byte %zu changed\n", pos);
        CHECK(!ok);
        rejected += !ok;
        tried++;
        w.data[pos] = old;
    }
    printf("%s: changed bytes: %zu of %zu proofs rejected (proof %zu bytes)\n", a.name, rejected, tried, w.len);
    /* truncations and an appended byte */
    for (size_t cut = 0; cut < w.len && !TOO_MANY_FAILURES(); cut += 1 + cut / (air_id == 1 ? 3 : 1)) CHECK(!hs_stark_verify(w.data, cut, NULL, NULL, 0, 1, NULL, &why));
    uint8_t *longer = malloc(w.len + 1);
    memcpy(longer, w.data, w.len);
    longer[w.len] = 0;
    CHECK(!hs_stark_verify(longer, w.len + 1, NULL, NULL, 0, 1, NULL, &why));
    free(longer);
    hs_w_free(&w);
    /* one corrupted trace cell forced through the prover: never accepted */
    size_t cells = ((size_t)1 << (hs_air_log_rows(&a, logp))) * a.width;
    for (int k = 0; k < (san ? 2 : wide ? 3 : 6); k++) {
        size_t cell = 1 + hs_rng_below(rng, cells);
        if (k == 0) cell = 1;        /* an input word */
        if (k == 1) cell = cells;    /* the last output word */
        CHECK(prove("fast100", air_id, logp, 0, in, 2, cell, &w));
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

/* The trace's LDE held whole or one coset at a time (stark/lde.h): identical proof bytes for
 * every AIR kind (transitions or not, natural or bit-reversed rows), both statements, rates 1/2
 * to 1/8 and both thread counts; and the budget rule. */
static void lde_modes(hs_rng *rng) {
    struct {
        const char *preset;
        const char *air;
        unsigned logp, blow, threads;
        int pub;
    } cases[] = {{"compat", "keccak-f1600", 1, 0, 2, 0}, {"compat", "keccak-f1600", 1, 2, 1, 1},
                 {"compat", "poseidon2-kb16", 5, 0, 2, 1}, {"fast100", "poseidon2-kb24", 4, 3, 1, 0},
                 {"proven128", "blake3-bits", 1, 0, 2, 1}, {"compat", "blake3", 1, 0, 2, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const hs_air_def *def = hs_air_find(cases[i].air);
        CHECK(def != NULL);
        if (!def) continue;
        const hs_air a = air_of(def->id);
        const size_t n = (size_t)1 << cases[i].logp;
        uint32_t *in = inputs(rng, def->id, cases[i].logp), *out = malloc(n * a.out_words * sizeof *out);
        hs_writer w[2];
        for (int m = 0; m < 2; m++) {
            lde_mode = m ? HS_STARK_LDE_COSETS : HS_STARK_LDE_WHOLE;
            CHECK(prove_io(cases[i].preset, def->id, cases[i].logp, cases[i].blow, in, cases[i].threads, 0, cases[i].pub,
                           out, &w[m]));
        }
        lde_mode = HS_STARK_LDE_AUTO;
        const int same = w[0].len == w[1].len && w[0].len && !memcmp(w[0].data, w[1].data, w[0].len);
        if (!same) fprintf(stderr, "lde modes: %s %s 2^%u: proofs differ\n", cases[i].air, cases[i].preset, cases[i].logp);
        CHECK(same);
        const char *why = NULL;
        CHECK(hs_stark_verify(w[1].data, w[1].len, in, out, n, 1, NULL, &why));
        hs_w_free(&w[0]), hs_w_free(&w[1]);
        free(in), free(out);
    }
    /* the rule: whole up to the budget, cosets beyond it; forced modes win */
    const size_t budget = hs_stark_lde_budget();
    CHECK(budget > 0);
    size_t rows_log = 0, w = 0;
    while (((size_t)8 << rows_log) <= budget / 2) rows_log++; /* 4 B x 2 (rate 1/2) x 2^rows_log <= budget */
    w = budget / ((size_t)8 << rows_log);                           /* the widest matrix that fits */
    CHECK(!hs_stark_lde_cosets(HS_STARK_LDE_AUTO, (unsigned)rows_log, w, 1));
    CHECK(hs_stark_lde_cosets(HS_STARK_LDE_AUTO, (unsigned)rows_log, w + 1, 1));
    CHECK(hs_stark_lde_cosets(HS_STARK_LDE_AUTO, (unsigned)rows_log + 1, w, 1));
    CHECK(!hs_stark_lde_cosets(HS_STARK_LDE_WHOLE, 24, (size_t)1 << 20, 4));
    CHECK(hs_stark_lde_cosets(HS_STARK_LDE_COSETS, 1, 1, 1));
    CHECK(hs_stark_lde_cosets(HS_STARK_LDE_AUTO, 60, SIZE_MAX / 2, 4)); /* sizes that overflow */
}

/* No argument: everything. One argument, 0..3: one part (tests/CMakeLists.txt runs them apart). */
int main(int argc, char **argv) {
    hs_rng rng;
    const int part = argc > 1 ? atoi(argv[1]) : -1;
    if (argc > 2 || part < -1 || part > 3) {
        fprintf(stderr, "usage: test_stark [PART 0..3]\n");
        return 2;
    }
    hs_test_init(&rng, "test_stark");
    if (part < 0 || part == 0) completeness(&rng), lde_modes(&rng);
    if (part < 0 || part == 1) public_statements(&rng);
    for (size_t ai = 0; ai < hs_air_count(); ai++)
        if (part < 0 || part == 2 + (int)(ai & 1)) soundness(&rng, hs_air_at(ai)->id);
    return hs_test_done("test_stark");
}
