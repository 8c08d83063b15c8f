/* Poseidon2b by GKR over GF(2^128) as a statement (statement/p2bstmt.h), both instances, public and
 * private (FRI-Binius commitment of the stacked columns): completeness at N = 2^0, 2^1, 2^3, 2^6,
 * 2^9 (2^6 at most in sanitizer builds) with the outputs of the native batch; the registry's
 * parser and verifier on the proofs; proofs of 2^10 (2^7 in sanitizer builds) identical for 1
 * and 2 threads, and of 2^6 at every SIMD level this CPU has; every byte of a proof of 2^1
 * permutations altered (1 in 8 in sanitizer builds; 1 in 4 of poseidon2b-frost's), truncation,
 * extension, another statement byte, wrong tables rejected with a reason; the lines' conversion
 * (FROST-GKR's tower values) both ways; the soundness report's terms. */
#include <math.h>
#include <string.h>

#include "field/gf2_tower.h"
#include "gkrb/p2bgkr.h"
#include "hash/poseidon2b.h"
#include "statement/p2bstmt.h"
#include "statement/registry.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static const char *inst_name(hs_p2b_inst inst) { return inst == HS_P2B_REF ? "poseidon2b" : "poseidon2b-frost"; }

static void rand_states(hs_rng *rng, hs_gf128 *st, size_t n) {
    for (size_t i = 0; i < HS_P2B_WIDTH * n; i++) st[i].lo = hs_rng_u64(rng), st[i].hi = hs_rng_u64(rng);
}

static hs_p2bstmt_shape shape(hs_p2b_inst inst, unsigned log_n, int pub, const char *preset) {
    const hs_p2bstmt_shape s = {hs_preset_find(preset), inst, log_n, pub};
    return s;
}

static int prove(const hs_p2bstmt_shape *s, const hs_gf128 *in, unsigned threads, hs_gf128 *out, hs_writer *w) {
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    const int ok = hs_p2bstmt_prove(s, in, threads, out, w, NULL, &why);
    if (!ok) printf("  prove failed: %s\n", why ? why : "?");
    return ok;
}

/* Through the registry, as hs_verify dispatches it. */
static int verify(const uint8_t *p, size_t len, const hs_gf128 *in, const hs_gf128 *out, const char **why) {
    hs_stmt_shape ss;
    *why = NULL;
    const hs_stmt *e = hs_stmt_peek(p, len, &ss, why);
    if (!e) return 0;
    if (e->id != HS_STMT_P2BGKR) return *why = "another statement", 0;
    return hs_p2bstmt_verify(p, len, &ss.u.p2b, in, out, 1, why);
}

static void test_complete(hs_rng *rng, hs_p2b_inst inst) {
    static const unsigned sizes[] = {0, 1, 3, 6, 9};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        const unsigned log_n = sizes[k];
        if (hs_test_sanitized() && log_n > 6) continue;
        const size_t n = (size_t)1 << log_n;
        hs_gf128 *in = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *in), *out = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *out);
        hs_gf128 *nat = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *nat);
        rand_states(rng, in, n);
        memcpy(nat, in, HS_P2B_WIDTH * n * sizeof *in);
        hs_p2b_permute_many(inst, nat, n, 1);
        for (int pub = 0; pub <= 1; pub++) {
            const hs_p2bstmt_shape s = shape(inst, log_n, pub, "fast100");
            hs_writer w;
            memset(out, 0, HS_P2B_WIDTH * n * sizeof *out);
            CHECK(prove(&s, in, 2, out, &w));
            CHECK(memcmp(out, nat, HS_P2B_WIDTH * n * sizeof *out) == 0);
            if (pub) CHECK_EQ_U64(w.len, hs_p2bstmt_proof_bytes(&s));
            else CHECK(w.len <= hs_p2bstmt_proof_bytes(&s));
            const char *why = NULL;
            const int ok = verify(w.data, w.len, pub ? in : NULL, pub ? out : NULL, &why);
            if (!ok) printf("  %s 2^%u %s: %s\n", inst_name(inst), log_n, pub ? "public" : "private", why);
            CHECK(ok);
            /* the tables decide which statement holds: none for a public proof, some for a private one */
            CHECK(!verify(w.data, w.len, pub ? NULL : in, pub ? NULL : out, &why) && why);
            hs_stmt_shape ss;
            CHECK(hs_stmt_peek(w.data, w.len, &ss, &why) && ss.id == HS_STMT_P2BGKR);
            CHECK(ss.u.p2b.inst == inst && ss.u.p2b.log_n == log_n && ss.u.p2b.public_io == pub);
            if (log_n == 9 || (hs_test_sanitized() && log_n == 6))
                printf("  %s 2^%u %s: %zu bytes\n", inst_name(inst), log_n, pub ? "public" : "private", w.len);
            hs_w_free(&w);
        }
        hs_free(in), hs_free(out), hs_free(nat);
    }
}

/* 1 and 2 threads: the same bytes, both statements. */
static void test_identical(hs_rng *rng, hs_p2b_inst inst) {
    const unsigned log_n = hs_test_sanitized() ? 7 : 10;
    const size_t n = (size_t)1 << log_n, par_min = hs_p2bg_test_par_min;
    hs_p2bg_test_par_min = 128;
    hs_gf128 *in = hs_alloc_array(HS_P2B_WIDTH * n, sizeof *in);
    rand_states(rng, in, n);
    for (int pub = 0; pub <= 1; pub++) {
        const hs_p2bstmt_shape s = shape(inst, log_n, pub, "compat");
        hs_writer a, b;
        CHECK(prove(&s, in, 1, NULL, &a));
        CHECK(prove(&s, in, 2, NULL, &b));
        CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        hs_w_free(&b);
        /* every SIMD level this CPU has, on the first 2^6 states: the bytes of the best level */
        const hs_p2bstmt_shape s6 = shape(inst, 6, pub, "compat");
        const hs_simd top = hs_cpu_simd_detected();
        hs_writer ref;
        CHECK(prove(&s6, in, 2, NULL, &ref));
        for (int lv = HS_SIMD_PORTABLE; lv < (int)top; lv++) {
            hs_cpu_simd_force((hs_simd)lv);
            CHECK(prove(&s6, in, 2, NULL, &b));
            CHECK(b.len == ref.len && memcmp(b.data, ref.data, b.len) == 0);
            hs_w_free(&b);
        }
        hs_cpu_simd_force(top);
        hs_w_free(&ref), hs_w_free(&a);
    }
    hs_p2bg_test_par_min = par_min;
    hs_free(in);
}

static void test_reject(hs_rng *rng, hs_p2b_inst inst, int pub) {
    const unsigned log_n = 1;
    const size_t n = 2;
    hs_gf128 in[4 * 2], out[4 * 2], bad[4 * 2];
    rand_states(rng, in, n);
    const hs_p2bstmt_shape s = shape(inst, log_n, pub, "compat");
    hs_writer w;
    CHECK(prove(&s, in, 1, out, &w));
    const hs_gf128 *vi = pub ? in : NULL, *vo = pub ? out : NULL;
    const char *why;
    CHECK(verify(w.data, w.len, vi, vo, &why));
    /* every byte (1 in 8 in sanitizer builds; of poseidon2b-frost's proofs, whose verifiers are
     * poseidon2b's, 1 in 4), each by a random nonzero delta */
    const size_t step = (hs_test_sanitized() ? 8 : 1) * (inst == HS_P2B_REF ? 1 : 4);
    size_t accepted = 0, unnamed = 0, tried = 0;
    for (size_t pos = hs_rng_below(rng, step); pos < w.len; pos += step, tried++) {
        const uint8_t delta = (uint8_t)(1 + hs_rng_below(rng, 255));
        w.data[pos] ^= delta;
        if (verify(w.data, w.len, vi, vo, &why)) {
            if (accepted++ < 4) printf("  accepted with byte %zu altered\n", pos);
        } else if (!why || !*why) {
            unnamed++;
        }
        w.data[pos] ^= delta;
    }
    CHECK_EQ_U64(accepted, 0);
    CHECK_EQ_U64(unnamed, 0);
    printf("  %s %s: %zu altered proofs of 2^%u (%zu bytes) rejected with a reason\n", inst_name(inst),
           pub ? "public" : "private", tried, log_n, w.len);
    CHECK(!verify(w.data, w.len - 1, vi, vo, &why));
    CHECK(!verify(w.data, 17, vi, vo, &why));
    CHECK(!verify(w.data, 0, vi, vo, &why));
    uint8_t *longer = hs_alloc_array(w.len + 1, 1);
    memcpy(longer, w.data, w.len);
    longer[w.len] = 0;
    CHECK(!verify(longer, w.len + 1, vi, vo, &why));
    /* the other statement byte, the other instance's hash byte, another log_n: each a valid header */
    longer[15] ^= 1;
    CHECK(!verify(longer, w.len, in, out, &why) && !verify(longer, w.len, NULL, NULL, &why));
    longer[15] ^= 1, longer[14] ^= HS_P2BSTMT_HASH_REF ^ HS_P2BSTMT_HASH_FROST;
    CHECK(!verify(longer, w.len, vi, vo, &why));
    longer[14] ^= HS_P2BSTMT_HASH_REF ^ HS_P2BSTMT_HASH_FROST, longer[16] = 2;
    CHECK(!verify(longer, w.len, vi, vo, &why));
    hs_free(longer);
    /* a valid proof of other inputs does not pass for these tables (public); a private proof
     * proves nothing about them, and two of them differ (other commitments) */
    hs_gf128 in2[4 * 2], out2[4 * 2];
    rand_states(rng, in2, n);
    hs_writer w2;
    CHECK(prove(&s, in2, 1, out2, &w2));
    if (pub) {
        CHECK(!verify(w2.data, w2.len, in, out, &why));
        /* wrong tables: one output bit, one input bit, the outputs of the other instance */
        memcpy(bad, out, sizeof bad);
        bad[hs_rng_below(rng, 8)].hi ^= 1ull << hs_rng_below(rng, 64);
        CHECK(!verify(w.data, w.len, in, bad, &why));
        memcpy(bad, in, sizeof bad);
        bad[hs_rng_below(rng, 8)].lo ^= 1ull << hs_rng_below(rng, 64);
        CHECK(!verify(w.data, w.len, bad, out, &why));
        memcpy(bad, in, sizeof bad);
        hs_p2b_permute_many(inst == HS_P2B_REF ? HS_P2B_FROST : HS_P2B_REF, bad, n, 1);
        CHECK(!verify(w.data, w.len, in, bad, &why));
    } else {
        CHECK(w2.len != w.len || memcmp(w2.data, w.data, w.len) != 0);
        CHECK(verify(w2.data, w2.len, NULL, NULL, &why));
    }
    hs_w_free(&w2);
    hs_w_free(&w);
}

/* The API's lines: 16 words a state, FROST-GKR's tower values for poseidon2b-frost. */
static void test_lines(hs_rng *rng) {
    hs_gf128 st[4 * 3], back[4 * 3];
    uint32_t words[16 * 3];
    rand_states(rng, st, 3);
    for (int i = 0; i < HS_P2B_INST_COUNT; i++) {
        hs_p2bstmt_words(words, st, 3, (hs_p2b_inst)i);
        hs_p2bstmt_states(back, words, 3, (hs_p2b_inst)i);
        CHECK(memcmp(back, st, sizeof st) == 0);
    }
    hs_p2bstmt_words(words, st, 3, HS_P2B_REF);
    CHECK(words[0] == (uint32_t)st[0].lo && words[1] == (uint32_t)(st[0].lo >> 32) && words[2] == (uint32_t)st[0].hi &&
          words[3] == (uint32_t)(st[0].hi >> 32));
    hs_p2bstmt_words(words, st, 3, HS_P2B_FROST);
    const hs_gf128 t = hs_gf128_linmap_apply(hs_gf2_flat_to_tower(HS_TOWER_FROST), st[5]);
    CHECK(words[20] == (uint32_t)t.lo && words[23] == (uint32_t)(t.hi >> 32));
}

static void test_soundness(void) {
    static const unsigned sizes[] = {0, 8, 16, 22, 23, 24};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        const unsigned log_n = sizes[k];
        hs_sound_report pub, priv;
        const hs_p2bstmt_shape sp = shape(HS_P2B_REF, log_n, 1, "fast100"), sv = shape(HS_P2B_REF, log_n, 0, "fast100");
        hs_p2bstmt_soundness(&sp, &pub);
        hs_p2bstmt_soundness(&sv, &priv);
        CHECK(fabs(pub.claimed_bits - (log_n ? 128 - log2(66.0 * 8 * log_n) : 128 - log2(67.0 * 3))) < 1e-9);
        CHECK(priv.n_terms > pub.n_terms && priv.claimed_bits <= pub.claimed_bits);
        int batch = 0;
        for (size_t i = 0; i < priv.n_terms; i++) batch += !strcmp(priv.terms[i].name, "p2bstmt.claims_batch");
        CHECK(batch == 1);
        /* fast100's private statement holds up to 2^22, where FRI-Binius' fold term over GF(2^128)
         * (one bit less a variable) reaches 100; proven128 is out of the walk's reach over GF(2^128) */
        CHECK((priv.protocol_bits + 1e-9 >= 100) == (log_n <= 22));
        CHECK(pub.protocol_bits >= 100);
        const hs_p2bstmt_shape s128 = shape(HS_P2B_REF, log_n, 1, "proven128");
        hs_sound_report r128;
        hs_p2bstmt_soundness(&s128, &r128);
        CHECK(r128.protocol_bits < 128);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_p2bstmt");
    test_lines(&rng);
    test_soundness();
    for (int i = 0; i < HS_P2B_INST_COUNT; i++) {
        const hs_p2b_inst inst = (hs_p2b_inst)i;
        test_complete(&rng, inst);
        test_identical(&rng, inst);
        test_reject(&rng, inst, 1);
        test_reject(&rng, inst, 0);
    }
    return hs_test_done("test_p2bstmt");
}
