/* Poseidon2b by GKR over GF(2^128) (gkrb/p2bgkr.h), both instances: the column witness against the
 * native trace round by round at 2^0, 2^5, 2^10 (2 threads; 2^5 at most in sanitizer builds),
 * blocks recomputed in any order; the dense matrices against the
 * native linear layers; the row tables' extensions against their definition; completeness at
 * N = 2^0..2^10 (2^6 in sanitizer builds) with the outputs of the native batch and the proof
 * length of the format; proofs of 2^11 (2^8 in sanitizer builds) identical for 1 and 2 threads
 * (the rounds of 256 pairs or more on the team) and at every SIMD level this CPU has;
 * every byte of a proof of 2^1 permutations altered (1 in 16 in sanitizer builds), truncation,
 * extension, the other instance, wrong outputs and inputs rejected with a reason; the soundness
 * report against the formula. */
#include <math.h>
#include <string.h>

#include "gkrb/gkrb.h"
#include "gkrb/p2bgkr.h"
#include "hash/poseidon2b.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static hs_gf128 rand_gf(hs_rng *rng) { return (hs_gf128){hs_rng_u64(rng), hs_rng_u64(rng)}; }

static void rand_states(hs_rng *rng, hs_gf128 *st, size_t n) {
    for (size_t i = 0; i < HS_P2B_WIDTH * n; i++) st[i] = rand_gf(rng);
}

static const char *inst_name(hs_p2b_inst inst) { return inst == HS_P2B_REF ? "poseidon2b" : "poseidon2b-frost"; }

static void test_witness(hs_rng *rng, hs_p2b_inst inst) {
    const hs_gf128(*rc)[HS_P2B_WIDTH] = inst == HS_P2B_REF ? hs_p2b_ref_rc : hs_p2b_frost_rc;
    for (unsigned log_n = 0; log_n <= (hs_test_sanitized() ? 5u : 10u); log_n += 5) {
        const size_t n = (size_t)1 << log_n;
        hs_gf128 *st = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *st), *nat = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *nat);
        hs_gf128(*tr)[HS_P2B_ROUNDS + 1][HS_P2B_WIDTH] = hs_alloc_array(n, sizeof *tr);
        rand_states(rng, st, n);
        memcpy(nat, st, HS_P2B_WIDTH * n * sizeof *st);
        hs_p2b_permute_many(inst, nat, n, 1);
        for (size_t i = 0; i < n; i++) hs_p2b_trace(inst, st + HS_P2B_WIDTH * i, tr[i]);
        hs_p2bg_witness w;
        const char *why = NULL;
        const size_t par_min = hs_p2bg_test_par_min;
        hs_p2bg_test_par_min = 64; /* 2^10 rows on the thread team */
        CHECK(hs_p2bg_witness_build(&w, inst, st, log_n, 1 + (log_n == 10), &why));
        size_t bad = 0;
        for (size_t i = 0; i < n; i++)
            for (unsigned l = 0; l < HS_P2B_WIDTH; l++) {
                bad += !hs_gf128_eq(w.out[l * n + i], nat[HS_P2B_WIDTH * i + l]);
                bad += !hs_gf128_eq(w.out[l * n + i], tr[i][HS_P2B_ROUNDS][l]);
            }
        /* the rounds from the top (the walk's order), then at random (blocks recomputed) */
        for (unsigned k = 0; k < 2 * HS_P2B_ROUNDS; k++) {
            const unsigned r = k < HS_P2B_ROUNDS ? HS_P2B_ROUNDS - 1 - k : (unsigned)hs_rng_below(rng, HS_P2B_ROUNDS);
            const hs_gf128 *u = hs_p2bg_witness_round(&w, r);
            for (size_t i = 0; i < n; i++)
                for (unsigned l = 0; l < HS_P2B_WIDTH; l++)
                    bad += !hs_gf128_eq(u[l * n + i], hs_gf128_add(tr[i][r][l], rc[r][l]));
        }
        hs_p2bg_test_par_min = par_min;
        CHECK_EQ_U64(bad, 0);
        hs_p2bg_witness_free(&w);
        hs_free(st), hs_free(nat), hs_free(tr);
    }
}

/* M x against the native layers on random states. */
static void test_matrix(hs_rng *rng, hs_p2b_inst inst) {
    for (int full = 0; full < 2; full++) {
        hs_gf128 m[HS_P2B_WIDTH][HS_P2B_WIDTH], x[HS_P2B_WIDTH], y[HS_P2B_WIDTH];
        hs_p2bg_matrix(inst, full, m);
        unsigned bad = 0;
        for (int it = 0; it < 8; it++) {
            rand_states(rng, x, 1);
            memcpy(y, x, sizeof y);
            if (full) hs_p2b_mf(inst, y);
            else hs_p2b_mp(inst, y);
            for (unsigned i = 0; i < HS_P2B_WIDTH; i++) {
                hs_gf128 s = hs_gf128_zero();
                for (unsigned j = 0; j < HS_P2B_WIDTH; j++) s = hs_gf128_add(s, hs_gf128_mul(m[i][j], x[j]));
                bad += !hs_gf128_eq(s, y[i]);
            }
        }
        CHECK_EQ_U64(bad, 0);
    }
}

/* hs_gkrb_mle_rows against sum_i eq(pt, i) rows[i][c], eq spelled out. */
static void test_mle(hs_rng *rng) {
    for (unsigned log_n = 0; log_n <= 10; log_n += 5) {
        const size_t n = (size_t)1 << log_n;
        hs_gf128 *rows = hs_alloc_array(3 * n, sizeof *rows), pt[10], got[3];
        for (size_t i = 0; i < 3 * n; i++) rows[i] = rand_gf(rng);
        for (unsigned b = 0; b < log_n; b++) pt[b] = rand_gf(rng);
        CHECK(hs_gkrb_mle_rows(got, rows, 3, log_n, pt, 2));
        unsigned bad = 0;
        for (unsigned c = 0; c < 3; c++) {
            hs_gf128 s = hs_gf128_zero();
            for (size_t i = 0; i < n; i++) {
                hs_gf128 e = hs_gf128_one();
                for (unsigned b = 0; b < log_n; b++)
                    e = hs_gf128_mul(e, i >> b & 1 ? pt[b] : hs_gf128_add(hs_gf128_one(), pt[b]));
                s = hs_gf128_add(s, hs_gf128_mul(e, rows[3 * i + c]));
            }
            bad += !hs_gf128_eq(s, got[c]);
        }
        CHECK_EQ_U64(bad, 0);
        hs_free(rows);
    }
}

static int prove(hs_p2b_inst inst, const hs_gf128 *in, unsigned log_n, unsigned threads, hs_gf128 *out, hs_writer *w) {
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    int ok = hs_p2bg_prove(inst, in, log_n, threads, out, w, NULL, &why);
    if (!ok) fprintf(stderr, "prove %s 2^%u: %s\n", inst_name(inst), log_n, why);
    return ok;
}

static int verify(hs_p2b_inst inst, const hs_gf128 *in, const hs_gf128 *out, unsigned log_n, const uint8_t *p,
                  size_t len, const char **why) {
    *why = NULL;
    return hs_p2bg_verify(inst, in, out, log_n, p, len, 1, why);
}

static void test_complete(hs_rng *rng, hs_p2b_inst inst) {
    const unsigned top = hs_test_sanitized() ? 6 : 10;
    for (unsigned log_n = 0; log_n <= top; log_n++) {
        const size_t n = (size_t)1 << log_n;
        hs_gf128 *in = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *in), *out = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *out),
                 *nat = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *nat);
        rand_states(rng, in, n);
        memcpy(nat, in, HS_P2B_WIDTH * n * sizeof *in);
        hs_p2b_permute_many(inst, nat, n, 1);
        hs_writer w;
        CHECK(prove(inst, in, log_n, 1 + log_n % 2, out, &w));
        CHECK(memcmp(out, nat, HS_P2B_WIDTH * n * sizeof *out) == 0);
        CHECK_EQ_U64(w.len, hs_p2bg_proof_bytes(log_n));
        const char *why;
        int ok = verify(inst, in, out, log_n, w.data, w.len, &why);
        if (!ok) fprintf(stderr, "verify %s 2^%u: %s\n", inst_name(inst), log_n, why);
        CHECK(ok);
        hs_w_free(&w);
        hs_free(in), hs_free(out), hs_free(nat);
    }
}

static void test_soundness(void) {
    /* (log_n + 67 * 3 + 66 * 8 log_n) / 2^128 */
    for (unsigned log_n = 0; log_n <= 24; log_n += 8) {
        const double want = 128.0 - log2(log_n + 67.0 * 3 + 66.0 * 8 * log_n);
        CHECK(fabs(hs_p2bg_soundness_bits(log_n) - want) < 1e-9);
        hs_sound_report rep;
        memset(&rep, 0, sizeof rep);
        hs_p2bg_soundness(&rep, log_n);
        CHECK_EQ_U64(rep.n_terms, log_n ? 3 : 1);
        CHECK(rep.claimed_bits >= hs_p2bg_soundness_bits(log_n));
        CHECK(strcmp(rep.terms[rep.weakest].name, log_n ? "p2bgkr.sumcheck[66]" : "p2bgkr.lanes[67]") == 0);
    }
    CHECK(hs_p2bg_soundness_bits(16) > 114.9 && hs_p2bg_soundness_bits(16) < 115.0);
}

/* 1 and 2 threads, every SIMD level this CPU has: the same bytes. */
static void test_identical(hs_rng *rng, hs_p2b_inst inst) {
    const unsigned log_n = hs_test_sanitized() ? 8 : 11;
    const size_t par_min = hs_p2bg_test_par_min;
    hs_p2bg_test_par_min = 256; /* the rounds of 256 pairs or more on the thread team */
    const size_t n = (size_t)1 << log_n;
    hs_gf128 *in = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *in);
    rand_states(rng, in, n);
    hs_writer ref, w;
    const hs_simd top = hs_cpu_simd_detected();
    CHECK(prove(inst, in, log_n, 1, NULL, &ref));
    for (int lv = HS_SIMD_PORTABLE; lv <= (int)top; lv++) {
        hs_cpu_simd_force((hs_simd)lv);
        for (unsigned th = 1; th <= 2; th++) {
            CHECK(prove(inst, in, log_n, th, NULL, &w));
            CHECK(w.len == ref.len && memcmp(w.data, ref.data, w.len) == 0);
            hs_w_free(&w);
        }
    }
    hs_cpu_simd_force(top);
    hs_p2bg_test_par_min = par_min;
    hs_w_free(&ref);
    hs_free(in);
}

static void test_reject(hs_rng *rng, hs_p2b_inst inst) {
    const unsigned log_n = 1;
    const size_t n = 2;
    hs_gf128 in[4 * 2], out[4 * 2], bad[4 * 2];
    rand_states(rng, in, n);
    hs_writer w;
    CHECK(prove(inst, in, log_n, 1, out, &w));
    const char *why;
    CHECK(verify(inst, in, out, log_n, w.data, w.len, &why));
    /* every byte (1 in 16 in sanitizer builds), each by a random nonzero delta */
    const size_t step = hs_test_sanitized() ? 16 : 1;
    size_t accepted = 0, unnamed = 0, tried = 0;
    for (size_t pos = hs_rng_below(rng, step); pos < w.len; pos += step, tried++) {
        const uint8_t delta = (uint8_t)(1 + hs_rng_below(rng, 255));
        w.data[pos] ^= delta;
        if (verify(inst, in, out, log_n, w.data, w.len, &why)) accepted++;
        else if (!why || !*why) unnamed++;
        w.data[pos] ^= delta;
    }
    CHECK_EQ_U64(accepted, 0);
    CHECK_EQ_U64(unnamed, 0);
    printf("  %s: %zu altered proofs of 2^%u (%zu bytes) rejected with a reason\n", inst_name(inst), tried, log_n,
           w.len);
    CHECK(!verify(inst, in, out, log_n, w.data, w.len - 1, &why));
    CHECK(!verify(inst, in, out, log_n, w.data, 3, &why));
    CHECK(!verify(inst, in, out, log_n, w.data, 0, &why));
    CHECK(!verify(inst, in, out, log_n + 1, w.data, w.len, &why));
    CHECK(!verify(inst == HS_P2B_REF ? HS_P2B_FROST : HS_P2B_REF, in, out, log_n, w.data, w.len, &why));
    CHECK(!verify((hs_p2b_inst)7, in, out, log_n, w.data, w.len, &why));
    uint8_t *longer = hs_alloc_array(w.len + 1, 1);
    memcpy(longer, w.data, w.len);
    longer[w.len] = 0;
    CHECK(!verify(inst, in, out, log_n, longer, w.len + 1, &why));
    hs_free(longer);
    /* wrong tables: one output bit, one input bit, two states swapped, the outputs of the other instance */
    memcpy(bad, out, sizeof bad);
    bad[HS_P2B_WIDTH * hs_rng_below(rng, n) + hs_rng_below(rng, HS_P2B_WIDTH)].hi ^= 1ull << hs_rng_below(rng, 64);
    CHECK(!verify(inst, in, bad, log_n, w.data, w.len, &why));
    memcpy(bad, in, sizeof bad);
    bad[HS_P2B_WIDTH * hs_rng_below(rng, n) + hs_rng_below(rng, HS_P2B_WIDTH)].lo ^= 1ull << hs_rng_below(rng, 64);
    CHECK(!verify(inst, bad, out, log_n, w.data, w.len, &why));
    memcpy(bad, out, sizeof bad);
    memcpy(bad, out + HS_P2B_WIDTH, HS_P2B_WIDTH * sizeof *bad);
    memcpy(bad + HS_P2B_WIDTH, out, HS_P2B_WIDTH * sizeof *bad);
    CHECK(!verify(inst, in, bad, log_n, w.data, w.len, &why));
    memcpy(bad, in, sizeof bad);
    hs_p2b_permute_many(inst == HS_P2B_REF ? HS_P2B_FROST : HS_P2B_REF, bad, n, 1);
    CHECK(!verify(inst, in, bad, log_n, w.data, w.len, &why));
    /* a valid proof of other inputs does not pass for these */
    hs_gf128 in2[4 * 2], out2[4 * 2];
    rand_states(rng, in2, n);
    hs_writer w2;
    CHECK(prove(inst, in2, log_n, 1, out2, &w2));
    CHECK(!verify(inst, in, out, log_n, w2.data, w2.len, &why));
    hs_w_free(&w2);
    hs_w_free(&w);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_p2bgkr");
    test_mle(&rng);
    test_soundness();
    for (int i = 0; i < HS_P2B_INST_COUNT; i++) {
        const hs_p2b_inst inst = (hs_p2b_inst)i;
        test_matrix(&rng, inst);
        test_witness(&rng, inst);
        test_complete(&rng, inst);
        test_identical(&rng, inst);
        test_reject(&rng, inst);
    }
    return hs_test_done("test_p2bgkr");
}
