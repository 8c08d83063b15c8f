/* Keccak-f[1600] by GKR over GF(2) (gkrb/kgkr.h): the bit-sliced witness against the native
 * permutation round by round; the linear map's transpose against <M a, w> = <a, M^T w>; the columns'
 * extensions against their definition; one chi sumcheck checked round by round (random z, and z with a
 * zero coordinate); the bit-in-lane rounds against the generic sumcheck's prover; completeness at N = 2^0..2^11 (2^8 in sanitizer
 * builds) with the proof length of the format; proofs identical for 1 and 2 threads and at every
 * SIMD level this CPU has; altered proofs (the header, every byte of the sumcheck messages of three
 * rounds and 1 in 8 of the others, the first, last and 4 random bytes (HS_TEST_ITERS) of each round's
 * 25 lane values, truncation, extension) and wrong tables rejected. The lane values are 400 bytes a
 * round, every one of which changes the round's final check; altering each is left to the fuzzing. */
#include <string.h>

#include "gkrb/kgkr_internal.h"
#include "sumcheck/scg.h"
#include "hash/keccak.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static void rand_states(hs_rng *rng, uint64_t *st, size_t n) {
    for (size_t i = 0; i < 25 * n; i++) st[i] = hs_rng_u64(rng);
}

static hs_gf128 rand_gf(hs_rng *rng) { return (hs_gf128){hs_rng_u64(rng), hs_rng_u64(rng)}; }

static void test_witness(hs_rng *rng) {
    for (unsigned log_n = 0; log_n <= 7; log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint64_t *st = hs_alloc_array(25 * n, 8), *nat = hs_alloc_array(25 * n, 8), *back = hs_alloc_array(25 * n, 8);
        rand_states(rng, st, n);
        memcpy(nat, st, 25 * n * 8);
        hs_kgkr_witness w;
        const char *why = NULL;
        CHECK(hs_kgkr_witness_build(&w, st, log_n, log_n & 1 ? 2 : 1, &why));
        const size_t words = w.words, cw = HS_KGKR_BITS * words;
        uint64_t *cols = hs_alloc_array(cw, 8), *lin = hs_alloc_array(cw, 8);
        /* round by round: the chi input is the linear layer of the native state after r rounds, and
         * chi + iota of it is the native state after r + 1 rounds */
        for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r++) {
            hs_kgkr_bitslice(cols, nat, n, words);
            hs_kgkr_linear(lin, cols, words);
            const uint64_t *L = w.chi_in + (size_t)r * cw;
            size_t bad = 0;
            for (size_t q = 0; q < HS_KGKR_BITS; q++) /* compare the instances' bits only */
                bad += ((lin[q * words] ^ L[q * words]) & (n >= 64 ? ~0ull : (1ull << n) - 1)) != 0 ||
                       (words > 1 && memcmp(lin + q * words, L + q * words, words * 8) != 0);
            CHECK_EQ_U64(bad, 0);
            for (size_t i = 0; i < n; i++) hs_keccakf1600_rounds(nat + 25 * i, r, 1);
        }
        /* the output columns, read back both ways */
        hs_kgkr_unbitslice(back, w.out, n, words);
        CHECK(memcmp(back, nat, 25 * n * 8) == 0);
        for (size_t i = 0; i < n; i += 1 + n / 5) {
            uint64_t one[25];
            hs_kgkr_unslice(one, w.out, words, i);
            CHECK(memcmp(one, nat + 25 * i, 200) == 0);
        }
        /* and against the permutation in one call */
        for (size_t i = 0; i < n; i++) hs_keccakf1600(st + 25 * i);
        CHECK(memcmp(st, nat, 25 * n * 8) == 0);
        hs_kgkr_witness_free(&w);
        hs_free(cols), hs_free(lin), hs_free(st), hs_free(nat), hs_free(back);
    }
}

/* <M a, w> = <a, M^T w> for bit vectors a (64 at once, one a bit of the word) and weights w. */
static void test_transpose(hs_rng *rng) {
    uint64_t a[HS_KGKR_BITS], ma[HS_KGKR_BITS];
    hs_gf128 w[HS_KGKR_BITS], wt[HS_KGKR_BITS];
    for (int it = 0; it < 4; it++) {
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) a[q] = hs_rng_u64(rng), w[q] = rand_gf(rng);
        hs_kgkr_linear(ma, a, 1);
        hs_kgkr_linear_t(wt, w);
        unsigned bad = 0;
        for (unsigned bit = 0; bit < 64; bit++) {
            hs_gf128 l = hs_gf128_zero(), r = hs_gf128_zero();
            for (unsigned q = 0; q < HS_KGKR_BITS; q++) {
                if (ma[q] >> bit & 1) l = hs_gf128_add(l, w[q]);
                if (a[q] >> bit & 1) r = hs_gf128_add(r, wt[q]);
            }
            bad += !hs_gf128_eq(l, r);
        }
        CHECK_EQ_U64(bad, 0);
    }
}

/* hs_kgkr_eval_cols against sum_i eq(pt, i) bit_q(i), eq spelled out. */
static void test_eval(hs_rng *rng) {
    for (unsigned log_n = 0; log_n <= 8; log_n += 2) {
        const size_t n = (size_t)1 << log_n, words = hs_kgkr_words(log_n);
        uint64_t *cols = hs_alloc_array(HS_KGKR_BITS * words, 8);
        for (size_t i = 0; i < HS_KGKR_BITS * words; i++) cols[i] = hs_rng_u64(rng);
        hs_gf128 pt[8], got[HS_KGKR_BITS];
        for (unsigned b = 0; b < log_n; b++) pt[b] = rand_gf(rng);
        CHECK(hs_kgkr_eval_cols(got, cols, log_n, pt, 2));
        unsigned bad = 0;
        for (unsigned q = 0; q < HS_KGKR_BITS; q += 37) {
            hs_gf128 s = hs_gf128_zero();
            for (size_t i = 0; i < n; i++) {
                if (!(cols[q * words + i / 64] >> (i % 64) & 1)) continue;
                hs_gf128 e = hs_gf128_one();
                for (unsigned b = 0; b < log_n; b++)
                    e = hs_gf128_mul(e, i >> b & 1 ? pt[b] : hs_gf128_add(hs_gf128_one(), pt[b]));
                s = hs_gf128_add(s, e);
            }
            bad += !hs_gf128_eq(s, got[q]);
        }
        CHECK_EQ_U64(bad, 0);
        hs_free(cols);
    }
}

/* One chi sumcheck by itself (kgkr_chi_prove) on random columns, checked round by round as the
 * verifier does, its values a_q against the columns' extensions at the challenge point; with z of
 * random coordinates, and with a zero coordinate where the table rounds start (q(1) then from the
 * tables instead of the claim). */
static void test_chi_sumcheck(hs_rng *rng) {
    for (unsigned log_n = 1; log_n <= 7; log_n++)
        for (int zero = 0; zero < 2; zero++) {
            const size_t words = hs_kgkr_words(log_n);
            uint64_t *L = hs_alloc_array(HS_KGKR_BITS * words, 8), *B = hs_alloc_array(HS_KGKR_BITS * words, 8);
            for (size_t i = 0; i < HS_KGKR_BITS * words; i++) L[i] = hs_rng_u64(rng);
            hs_kgkr_chi_iota(B, L, words, 0);
            for (size_t b = 0; b < words; b++) B[b] ^= ~0ull; /* RC[0] = 1: undo iota */
            hs_gf128 z[8], w[HS_KGKR_BITS], rpt[8], a[HS_KGKR_BITS], ev[HS_KGKR_BITS], u[HS_KGKR_BITS];
            for (unsigned b = 0; b < log_n; b++) z[b] = rand_gf(rng);
            if (zero) z[log_n - 1] = hs_gf128_zero();
            for (unsigned q = 0; q < HS_KGKR_BITS; q++) w[q] = rand_gf(rng);
            hs_transcript tp, tv;
            hs_transcript_init(&tp, "test_kgkr chi");
            hs_transcript_init(&tv, "test_kgkr chi");
            hs_writer wr;
            memset(&wr, 0, sizeof wr);
            CHECK(kgkr_chi_prove(L, log_n, z, w, &tp, &wr, rpt, a, 1 + zero, NULL));
            CHECK(hs_kgkr_eval_cols(ev, B, log_n, z, 1));
            hs_gf128 claim = hs_gf128_inner(w, ev, HS_KGKR_BITS), r[8];
            hs_reader rd;
            hs_r_init(&rd, wr.data, wr.len);
            const unsigned cb = log_n >= 2 ? 2 : 1;
            for (unsigned s = 0; s < log_n; s++) CHECK(hs_scg_gf128_verify_round(&tv, &rd, 3, &claim, &r[s < cb ? s : log_n - s + cb - 1]));
            CHECK(rd.err == NULL && hs_r_left(&rd) == 0);
            unsigned same = 0;
            for (unsigned b = 0; b < log_n; b++) same += hs_gf128_eq(r[b], rpt[b]);
            CHECK_EQ_U64(same, log_n);
            const hs_gf128 e = hs_gkrb_eq_eval(z, r, log_n);
            for (unsigned p = 0; p < HS_KGKR_BITS; p++)
                u[p] = hs_gf128_add(a[p], hs_gf128_mul(hs_gf128_add(hs_gf128_one(), a[kgkr_s1(p)]), a[kgkr_s2(p)]));
            CHECK(hs_gf128_eq(claim, hs_gf128_mul(e, hs_gf128_inner(w, u, HS_KGKR_BITS))));
            CHECK(hs_kgkr_eval_cols(ev, L, log_n, r, 1));
            CHECK(memcmp(ev, a, sizeof a) == 0);
            hs_w_free(&wr);
            hs_free(L), hs_free(B);
        }
}

/* The bit-in-lane rounds (kgkr_lanes_prove, on the batch kernels) against the generic sumcheck's
 * prover (hs_scg_gf128_prove) on the same statement: tables W_l = e w_{64 l + .}, A_l = a_{64 l + .},
 * terms W_l A_l + W_l A_{s2 l} + W_l A_{s1 l} A_{s2 l}: the same messages byte for byte, the same
 * challenges, and the lane values the generic prover's finals; random tables and e, and e = 0. */
static void test_lanes(hs_rng *rng) {
    enum { L = HS_KGKR_LANES };
    for (int it = 0; it < 4; it++) {
        hs_gf128 w[HS_KGKR_BITS], a[HS_KGKR_BITS], ws[HS_KGKR_BITS], rho[HS_KGKR_Z_VARS], al[L];
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) w[q] = rand_gf(rng), a[q] = rand_gf(rng);
        const hs_gf128 e = it == 3 ? hs_gf128_zero() : rand_gf(rng);
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) ws[q] = hs_gf128_mul(e, w[q]);
        const hs_gf128 *tabs[2 * L];
        hs_scg_term terms[3 * L];
        hs_gf128 coeffs[3 * L], claim, rho2[HS_KGKR_Z_VARS], fin[2 * L];
        for (unsigned l = 0; l < L; l++) {
            const unsigned s1 = kgkr_s1(64 * l) / 64, s2 = kgkr_s2(64 * l) / 64;
            tabs[l] = ws + 64 * l, tabs[L + l] = a + 64 * l;
            terms[3 * l] = (hs_scg_term){2, {l, L + l}};
            terms[3 * l + 1] = (hs_scg_term){2, {l, L + s2}};
            terms[3 * l + 2] = (hs_scg_term){3, {l, L + s1, L + s2}};
            for (unsigned j = 0; j < 3; j++) coeffs[3 * l + j] = hs_gf128_one();
        }
        const hs_scg_gf128_instance in = {HS_KGKR_Z_VARS, 2 * L, 3 * L, tabs, terms, coeffs, NULL};
        hs_transcript t1, t2;
        hs_transcript_init(&t1, "test_kgkr lanes");
        hs_transcript_init(&t2, "test_kgkr lanes");
        hs_writer w1, w2;
        memset(&w1, 0, sizeof w1), memset(&w2, 0, sizeof w2);
        const char *why = NULL;
        CHECK(kgkr_lanes_prove(&t1, &w1, e, w, a, rho, al));
        CHECK(hs_scg_gf128_prove(&in, &t2, &w2, &claim, rho2, fin, &why));
        CHECK(w1.len == w2.len && w1.len == 48 * HS_KGKR_Z_VARS && memcmp(w1.data, w2.data, w1.len) == 0);
        CHECK(memcmp(rho, rho2, sizeof rho) == 0 && memcmp(al, fin + L, sizeof al) == 0);
        hs_w_free(&w1), hs_w_free(&w2);
    }
}

static int prove(const uint64_t *in, unsigned log_n, unsigned threads, uint64_t *out, hs_writer *w) {
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    int ok = hs_kgkr_prove(in, log_n, threads, out, w, NULL, &why);
    if (!ok) fprintf(stderr, "prove 2^%u: %s\n", log_n, why);
    return ok;
}

static int verify(const uint64_t *in, const uint64_t *out, unsigned log_n, const uint8_t *p, size_t len,
                  const char **why) {
    *why = NULL;
    return hs_kgkr_verify(in, out, log_n, p, len, 1, why);
}

static void test_complete(hs_rng *rng) {
    const unsigned top = hs_test_sanitized() ? 8 : 11; /* 2^9 and 2^10 cost most of the ASan run */
    for (unsigned log_n = 0; log_n <= top; log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint64_t *in = hs_alloc_array(25 * n, 8), *out = hs_alloc_array(25 * n, 8), *nat = hs_alloc_array(25 * n, 8);
        rand_states(rng, in, n);
        memcpy(nat, in, 25 * n * 8);
        hs_keccakf1600_many(nat, n, 1);
        hs_writer w;
        CHECK(prove(in, log_n, 1 + log_n % 2, out, &w));
        CHECK(memcmp(out, nat, 25 * n * 8) == 0);
        CHECK_EQ_U64(w.len, hs_kgkr_proof_bytes(log_n));
        const char *why;
        int ok = verify(in, out, log_n, w.data, w.len, &why);
        if (!ok) fprintf(stderr, "verify 2^%u: %s\n", log_n, why);
        CHECK(ok);
        hs_w_free(&w);
        hs_free(in), hs_free(out), hs_free(nat);
    }
    CHECK(hs_kgkr_soundness_bits(16) > 117.0 && hs_kgkr_soundness_bits(16) < 118.0);
    /* the calculator's terms: each at least the sum's bits, the weakest the 24 chi sumchecks */
    for (unsigned log_n = 1; log_n <= 20; log_n += 19) {
        hs_sound_report rep;
        memset(&rep, 0, sizeof rep);
        hs_kgkr_soundness(&rep, log_n);
        CHECK_EQ_U64(rep.n_terms, 3);
        CHECK(rep.claimed_bits >= hs_kgkr_soundness_bits(log_n));
        CHECK(strcmp(rep.terms[rep.weakest].name, "kgkr.chi[24]") == 0);
    }
}

/* 1 and 2 threads, every SIMD level this CPU has: the same bytes. */
static void test_identical(hs_rng *rng) {
    const unsigned log_n = 9; /* the first table round has 64 pairs: it runs on the thread team */
    const size_t n = (size_t)1 << log_n;
    uint64_t *in = hs_alloc_array(25 * n, 8);
    rand_states(rng, in, n);
    hs_writer ref, w;
    const hs_simd top = hs_cpu_simd_detected();
    CHECK(prove(in, log_n, 1, NULL, &ref));
    for (int lv = HS_SIMD_PORTABLE; lv <= (int)top; lv++) {
        hs_cpu_simd_force((hs_simd)lv);
        for (unsigned th = 1; th <= 2; th++) {
            CHECK(prove(in, log_n, th, NULL, &w));
            CHECK(w.len == ref.len && memcmp(w.data, ref.data, w.len) == 0);
            hs_w_free(&w);
        }
    }
    hs_cpu_simd_force(top);
    hs_w_free(&ref);
    hs_free(in);
}

static void test_reject(hs_rng *rng) {
    const unsigned log_n = 2;
    const size_t n = 4, msgs = 48 * (log_n + HS_KGKR_Z_VARS), per_round = msgs + 16 * HS_KGKR_LANES;
    uint64_t in[25 * 4], out[25 * 4], bad[25 * 4];
    rand_states(rng, in, n);
    hs_writer w;
    CHECK(prove(in, log_n, 1, out, &w));
    const char *why;
    CHECK(verify(in, out, log_n, w.data, w.len, &why));
    /* positions: the header, every byte of each round's sumcheck messages (instance and bit-in-lane
     * rounds), the first and last byte of each round's 25 lane values and 4 random bytes among them */
    /* HS_TEST_ITERS = random bytes a round among the values (default 4; 400 for a dense run by hand) */
    unsigned long per_values = hs_test_iters(4);
    if (per_values > 16 * HS_KGKR_LANES) per_values = 16 * HS_KGKR_LANES;
    const size_t cap = 5 + HS_KECCAK_ROUNDS * (msgs + 2 + per_values);
    size_t npos = 0, *pos = hs_alloc_array(cap, sizeof *pos);
    for (size_t i = 0; i < 5; i++) pos[npos++] = i;
    for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r++) {
        const size_t base = 5 + r * per_round;
        /* every message byte of the first two and the last round (sanitizer builds: of the first
         * round), 1 in 8 of the others */
        const int all = hs_test_sanitized() ? r == 0 : r < 2 || r + 1 == HS_KECCAK_ROUNDS;
        for (size_t i = 0; i < msgs; i++)
            if (all || hs_rng_below(rng, 8) == 0) pos[npos++] = base + i;
        pos[npos++] = base + msgs;
        pos[npos++] = base + per_round - 1;
        for (unsigned long k = 0; k < per_values; k++) pos[npos++] = base + msgs + hs_rng_below(rng, 16 * HS_KGKR_LANES);
    }
    size_t accepted = 0, unnamed = 0;
    for (size_t k = 0; k < npos; k++) {
        const uint8_t delta = (uint8_t)(1 + hs_rng_below(rng, 255));
        w.data[pos[k]] ^= delta;
        if (verify(in, out, log_n, w.data, w.len, &why)) accepted++;
        else if (!why || !*why) unnamed++;
        w.data[pos[k]] ^= delta;
    }
    CHECK_EQ_U64(accepted, 0);
    CHECK_EQ_U64(unnamed, 0);
    printf("  %zu altered proofs of 2^%u rejected with a reason\n", npos, log_n);
    CHECK(!verify(in, out, log_n, w.data, w.len - 1, &why));
    CHECK(!verify(in, out, log_n, w.data, 3, &why));
    CHECK(!verify(in, out, log_n + 1, w.data, w.len, &why));
    uint8_t *longer = hs_alloc_array(w.len + 1, 1);
    memcpy(longer, w.data, w.len);
    longer[w.len] = 0;
    CHECK(!verify(in, out, log_n, longer, w.len + 1, &why));
    hs_free(longer);
    /* wrong tables: one output bit, one input bit, two instances swapped */
    memcpy(bad, out, sizeof bad);
    bad[25 * hs_rng_below(rng, n) + hs_rng_below(rng, 25)] ^= 1ull << hs_rng_below(rng, 64);
    CHECK(!verify(in, bad, log_n, w.data, w.len, &why));
    memcpy(bad, in, sizeof bad);
    bad[25 * hs_rng_below(rng, n) + hs_rng_below(rng, 25)] ^= 1ull << hs_rng_below(rng, 64);
    CHECK(!verify(bad, out, log_n, w.data, w.len, &why));
    memcpy(bad, out, sizeof bad);
    memcpy(bad, out + 25, 200);
    memcpy(bad + 25, out, 200);
    CHECK(!verify(in, bad, log_n, w.data, w.len, &why));
    /* a valid proof of other inputs does not pass for these */
    uint64_t in2[25 * 4], out2[25 * 4];
    rand_states(rng, in2, n);
    hs_writer w2;
    CHECK(prove(in2, log_n, 1, out2, &w2));
    CHECK(!verify(in, out, log_n, w2.data, w2.len, &why));
    hs_w_free(&w2);
    hs_w_free(&w);
    hs_free(pos);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kgkr");
    test_witness(&rng);
    test_transpose(&rng);
    test_eval(&rng);
    test_chi_sumcheck(&rng);
    test_lanes(&rng);
    test_identical(&rng);
    test_complete(&rng);
    test_reject(&rng);
    return hs_test_done("test_kgkr");
}
