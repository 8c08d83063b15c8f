/* Keccak-f[1600] by GKR over GF(2), private statement (gkrb/kgkr.h, statement/kgkrstmt.h): the
 * committed table's layout against the columns' extensions (the claims the walk makes are the
 * table's evaluations); ring switching's several claims against one; completeness of the statement
 * at N = 2^0..2^10 (2^4 in sanitizer builds), each preset at a third of the sizes; proofs identical
 * for 1 and 2 threads and at every SIMD level; a commitment to wrong outputs or wrong inputs (the
 * honest prover on an altered witness) and another proof's commitment rejected; every byte of a
 * small proof altered (the walk's rounds after the first 1 in 8; 1 in 29 in sanitizer builds),
 * truncation, extension and every bit of the statement's header rejected. */
#include <string.h>

#include "commit/ringsw.h"
#include "gkrb/kgkr_internal.h"
#include "statement/kgkrstmt.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static void rand_states(hs_rng *rng, uint64_t *st, size_t n) {
    for (size_t i = 0; i < 25 * n; i++) st[i] = hs_rng_u64(rng);
}

static hs_gf128 rand_gf(hs_rng *rng) { return (hs_gf128){hs_rng_u64(rng), hs_rng_u64(rng)}; }

/* 2^log_n random states (returned, hs_free them) and their witness in *w. */
static uint64_t *random_witness(hs_rng *rng, unsigned log_n, hs_kgkr_witness *w) {
    const size_t n = (size_t)1 << log_n;
    uint64_t *st = hs_alloc_array(25 * n, 8);
    rand_states(rng, st, n);
    const char *why = NULL;
    CHECK(hs_kgkr_witness_build(w, st, log_n, 1, &why));
    return st;
}

/* t(z, r_bit, io) from the packed table = sum_q eq(r_bit, q) (In or Out)~_q(z) from the columns. */
static void test_layout(hs_rng *rng) {
    for (unsigned log_n = 0; log_n <= 9; log_n += 3) {
        hs_kgkr_witness w;
        uint64_t *st = random_witness(rng, log_n, &w);
        const unsigned l = hs_kgkr_private_packed_vars(log_n), m = hs_kgkr_private_inst_vars(log_n);
        hs_gf128 *packed = hs_alloc_array((size_t)1 << l, sizeof *packed), pt[40], z[24], rb[11], eq[2048],
                 ev[HS_KGKR_BITS];
        hs_kgkr_private_pack(packed, w.in, w.out, log_n);
        for (unsigned io = 0; io < 2; io++) {
            for (unsigned b = 0; b < log_n; b++) z[b] = rand_gf(rng);
            for (unsigned b = 0; b < 11; b++) rb[b] = rand_gf(rng);
            for (unsigned b = 0; b < m; b++) pt[b] = b < log_n ? z[b] : hs_gf128_zero();
            memcpy(pt + m, rb, sizeof rb);
            pt[m + 11] = io ? hs_gf128_one() : hs_gf128_zero();
            hs_gkrb_eq_table(eq, rb, 11);
            CHECK(hs_kgkr_eval_cols(ev, io ? w.out : w.in, log_n, z, 1));
            CHECK(hs_gf128_eq(hs_ringsw_eval(packed, l, pt), hs_gf128_inner(eq, ev, HS_KGKR_BITS)));
        }
        hs_free(packed);
        hs_kgkr_witness_free(&w);
        hs_free(st);
    }
}

/* Several claims in one opening: accepted when all hold, rejected when any value is off; one claim
 * is hs_ringsw_open's bytes. */
static void test_many(hs_rng *rng) {
    for (unsigned ext = 1; ext <= 2; ext++) {
        hs_binfri_params p;
        const char *why = NULL;
        CHECK(hs_binfri_params_init(&p, 6, 1, 2, 64, 8, HS_MERKLE_BLAKE3, 1, &why));
        CHECK(hs_binfri_params_set_challenge_ext(&p, ext, &why));
        hs_gf128 tab[64], pts[3][13], vals[3];
        for (unsigned i = 0; i < 64; i++) tab[i] = rand_gf(rng);
        for (unsigned j = 0; j < 3; j++) {
            for (unsigned b = 0; b < 13; b++) pts[j][b] = rand_gf(rng);
            vals[j] = hs_ringsw_eval(tab, 6, pts[j]);
        }
        const hs_gf128 *pp[3] = {pts[0], pts[1], pts[2]};
        for (unsigned k = 1; k <= 3; k++)
            for (unsigned bad = 0; bad <= k; bad++) { /* bad == k: all hold */
                hs_gf128 v[3];
                memcpy(v, vals, sizeof v);
                if (bad < k) v[bad].lo ^= 1;
                hs_transcript t;
                hs_writer w = {0};
                hs_binfri_witness *wit = NULL;
                hs_transcript_init(&t, "test");
                CHECK(hs_binfri_commit(&wit, &p, tab, &t, &w, NULL, 1, &why));
                CHECK(hs_ringsw_open_many(&p, wit, k, pp, v, &t, &w, 1, &why));
                hs_binfri_witness_free(wit);
                if (k == 1 && bad == k) { /* the single opening's bytes */
                    hs_writer w1 = {0};
                    hs_transcript_init(&t, "test");
                    CHECK(hs_binfri_commit(&wit, &p, tab, &t, &w1, NULL, 1, &why));
                    CHECK(hs_ringsw_open(&p, wit, pts[0], vals[0], &t, &w1, 1, &why));
                    hs_binfri_witness_free(wit);
                    CHECK(w1.len == w.len && !memcmp(w1.data, w.data, w.len));
                    hs_w_free(&w1);
                }
                hs_reader r;
                hs_r_init(&r, w.data, w.len);
                hs_binfri_commitment c;
                hs_transcript_init(&t, "test");
                CHECK(hs_binfri_verify_commitment(&p, &t, &r, &c, &why));
                const int ok = hs_ringsw_verify_many(&p, &c, k, pp, v, &t, &r, &why);
                CHECK(ok == (bad == k));
                hs_w_free(&w);
            }
    }
}

static int prove_s(const hs_kgkrstmt_shape *s, const uint64_t *in, unsigned threads, hs_writer *w) {
    const char *why = NULL;
    memset(w, 0, sizeof *w);
    const int ok = hs_kgkrstmt_prove(s, in, threads, NULL, w, NULL, &why);
    if (!ok) fprintf(stderr, "prove: %s\n", why);
    return ok;
}

static int verify_s(const uint8_t *p, size_t len, const char **why) {
    hs_kgkrstmt_shape s;
    if (!hs_kgkrstmt_peek(p, len, &s, why)) return 0;
    if (!s.priv) return *why = "not private", 0;
    return hs_kgkrstmt_verify(p, len, &s, NULL, NULL, 1, why);
}

static void test_complete(hs_rng *rng) {
    const unsigned top = hs_test_sanitized() ? 4 : 10;
    for (unsigned log_n = 0; log_n <= top; log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint64_t *in = hs_alloc_array(25 * n, 8);
        rand_states(rng, in, n);
        for (unsigned pid = 1; pid <= 3; pid++) {
            if (log_n % 3 != pid % 3 && log_n > 1) continue; /* each preset at a third of the sizes */
            const hs_kgkrstmt_shape s = {hs_preset_by_id(pid), log_n, 1};
            hs_writer w;
            CHECK(prove_s(&s, in, 1 + (log_n & 1), &w));
            const char *why = NULL;
            const int ok = verify_s(w.data, w.len, &why);
            if (!ok) fprintf(stderr, "log_n %u preset %u: %s\n", log_n, pid, why);
            CHECK(ok);
            CHECK(w.len <= hs_kgkrstmt_proof_bytes(&s));
            hs_w_free(&w);
        }
        hs_free(in);
    }
}

static void test_identical(hs_rng *rng) {
    const unsigned log_n = hs_test_sanitized() ? 7 : 9;
    const size_t n = (size_t)1 << log_n;
    uint64_t *in = hs_alloc_array(25 * n, 8);
    rand_states(rng, in, n);
    const hs_kgkrstmt_shape s = {hs_preset_find("fast100"), log_n, 1};
    hs_writer ref, w;
    const hs_simd top = hs_cpu_simd_detected();
    CHECK(prove_s(&s, in, 1, &ref));
    for (int lv = HS_SIMD_PORTABLE; lv <= (int)top; lv++) {
        hs_cpu_simd_force((hs_simd)lv);
        for (unsigned th = 1; th <= 2; th++) {
            CHECK(prove_s(&s, in, th, &w));
            CHECK(w.len == ref.len && memcmp(w.data, ref.data, w.len) == 0);
            hs_w_free(&w);
        }
    }
    hs_cpu_simd_force(top);
    hs_w_free(&ref);
    hs_free(in);
}

/* The honest prover on a witness whose committed outputs (or inputs) are not the permutation's. */
static void test_wrong_commitment(hs_rng *rng) {
    for (unsigned log_n = 0; log_n <= 7; log_n += 7)
        for (unsigned which = 0; which < 2; which++) {
            const size_t n = (size_t)1 << log_n;
            hs_kgkr_witness wit;
            uint64_t *in = random_witness(rng, log_n, &wit);
            const char *why = NULL;
            uint64_t *cols = which ? wit.out : wit.in;
            const size_t q = hs_rng_u64(rng) % HS_KGKR_BITS, i = hs_rng_u64(rng) % n;
            cols[q * wit.words + i / 64] ^= (uint64_t)1 << (i % 64);
            const hs_kgkrstmt_shape s = {hs_preset_find("fast100"), log_n, 1};
            hs_binfri_params fri;
            CHECK(hs_kgkrstmt_fri(&s, &fri, &why));
            /* the statement's header, then the body from the altered witness */
            hs_writer ok_w;
            CHECK(prove_s(&s, in, 1, &ok_w));
            hs_writer w = {0};
            hs_w_bytes(&w, ok_w.data, HS_KGKRSTMT_HEADER_BYTES);
            CHECK(kgkr_prove_private_wit(ok_w.data, HS_KGKRSTMT_HEADER_BYTES, &fri, &wit, 1, &w, NULL, &why));
            CHECK(!verify_s(w.data, w.len, &why));
            /* the honest proof passes; with the altered proof's commitment spliced in it fails */
            CHECK(verify_s(ok_w.data, ok_w.len, &why));
            const size_t cap_at = HS_KGKRSTMT_HEADER_BYTES + 5, cap_len = hs_binfri_commit_size(&fri);
            memcpy(ok_w.data + cap_at, w.data + cap_at, cap_len);
            CHECK(memcmp(ok_w.data, w.data, cap_at + cap_len) == 0);
            CHECK(!verify_s(ok_w.data, ok_w.len, &why));
            hs_w_free(&w), hs_w_free(&ok_w);
            hs_kgkr_witness_free(&wit);
            hs_free(in);
        }
}

/* Every byte of a small proof altered: the body by FRI-Binius parameters with 4 queries (the opening
 * a few KB, so that every byte's verification stays cheap), the header through the statement. */
static void test_reject(hs_rng *rng) {
    const unsigned log_n = 0;
    uint64_t in[25];
    rand_states(rng, in, 1);
    hs_binfri_params fri;
    const char *why = NULL;
    CHECK(hs_binfri_params_init(&fri, hs_kgkr_private_packed_vars(log_n), 1, 4, 100, 4, HS_MERKLE_BLAKE3, 1, &why));
    const uint8_t bind[3] = {1, 2, 3};
    hs_writer w = {0};
    CHECK(hs_kgkr_prove_private(bind, sizeof bind, &fri, in, log_n, 1, NULL, &w, NULL, &why));
    CHECK(hs_kgkr_verify_private(bind, sizeof bind, &fri, log_n, w.data, w.len, &why));
    const size_t step = hs_test_sanitized() ? 29 : 1;
    /* the walk's bytes after its first round (round 23's): 1 in 8 (test_kgkr alters the public
     * walk's, the same rounds, in full) */
    const size_t walk0 = 5 + hs_binfri_commit_size(&fri) + 16 + 48 * (log_n + 6) + 400,
                 walk1 = walk0 + 23 * (48 * (log_n + 6) + 400);
    size_t accepted = 0, tried = 0;
    uint8_t *p = hs_alloc_array(w.len + 1, 1);
    memcpy(p, w.data, w.len);
    for (size_t i = 0; i < w.len; i += step) {
        if (i >= walk0 && i < walk1 && i % 8) continue;
        const uint8_t d = (uint8_t)(1u << (i % 8));
        p[i] ^= d;
        why = NULL;
        if (hs_kgkr_verify_private(bind, sizeof bind, &fri, log_n, p, w.len, &why))
            accepted++, fprintf(stderr, "byte %zu accepted\n", i);
        CHECK(why != NULL);
        p[i] ^= d;
        tried++;
    }
    CHECK_EQ_U64(accepted, 0);
    CHECK(!hs_kgkr_verify_private(bind, sizeof bind, &fri, log_n, p, w.len - 1, &why));
    p[w.len] = 0;
    CHECK(!hs_kgkr_verify_private(bind, sizeof bind, &fri, log_n, p, w.len + 1, &why));
    const uint8_t bind2[3] = {1, 2, 4};
    CHECK(!hs_kgkr_verify_private(bind2, sizeof bind2, &fri, log_n, p, w.len, &why));
    hs_free(p);
    hs_w_free(&w);
    /* the statement's header bytes */
    const hs_kgkrstmt_shape s = {hs_preset_find("compat"), log_n, 1};
    CHECK(prove_s(&s, in, 1, &w));
    CHECK(verify_s(w.data, w.len, &why));
    for (size_t i = 0; i < HS_KGKRSTMT_HEADER_BYTES; i++)
        for (unsigned b = 0; b < 8; b++) {
            w.data[i] ^= (uint8_t)(1u << b);
            CHECK(!verify_s(w.data, w.len, &why));
            w.data[i] ^= (uint8_t)(1u << b);
        }
    fprintf(stderr, "test_kgkr_priv: %zu of %zu body bytes altered, all rejected; %u header bits\n", tried, w.len,
            8 * HS_KGKRSTMT_HEADER_BYTES);
    hs_w_free(&w);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kgkr_priv");
    test_layout(&rng);
    test_many(&rng);
    test_complete(&rng);
    test_identical(&rng);
    test_wrong_commitment(&rng);
    test_reject(&rng);
    return hs_test_done("test_kgkr_priv");
}
