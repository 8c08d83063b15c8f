/* Vision Mark-32 by a zerocheck on the binary commitment (gkrb/visionzc.h): the embedding of
 * GF(2^32) (AES tower) into GF(2^128) (a ring homomorphism of rank 32); the witness against the
 * native permutation (x y = 1 or x = y = 0, x_0 = s + K_0, x_{h+1} = L(y_h) + K_{h+1}, the
 * outputs) on random states; the zerocheck's own prover byte for byte against scg.h's generic one
 * (2^0..2^3, 2^0..2^1 in sanitizer builds); completeness at N = 2^0..2^10 (2^0..2^6 in sanitizer
 * builds); proofs of 2^8 (2^7) permutations identical for 1 and 2 threads and at every SIMD level
 * this CPU has; every byte of a proof of one permutation altered (1 in 16 in sanitizer builds),
 * truncation and extension rejected with a reason; cheating provers (one wrong S-box output, one
 * wrong S-box input, y = 0 for a nonzero x, a consistent S-box pair that breaks the linear layer;
 * a padding word's x = y = 1 accepted as harmless) and statements the honest rows do not meet (one
 * output or input bit) rejected; wrong public inputs and outputs and another log_n rejected; the
 * soundness terms. */
#include <string.h>

#include "field/gf2_tower.h"
#include "gkrb/visionzc.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

#define W HS_VISION32_WIDTH

static void rand_states(hs_rng *rng, uint32_t *s, size_t n) {
    for (size_t i = 0; i < W * n; i++) s[i] = (uint32_t)hs_rng_u64(rng);
}

static void test_embedding(hs_rng *rng) {
    CHECK(hs_gf128_eq(hs_vzc_embed(1), hs_gf128_one()));
    CHECK(hs_gf128_is_zero(hs_vzc_embed(0)));
    size_t bad = 0;
    for (int i = 0; i < 2000; i++) {
        const uint32_t a = (uint32_t)hs_rng_u64(rng), b = (uint32_t)hs_rng_u64(rng);
        bad += !hs_gf128_eq(hs_vzc_embed(hs_gf2_aes32_mul(a, b)), hs_gf128_mul(hs_vzc_embed(a), hs_vzc_embed(b)));
        bad += !hs_gf128_eq(hs_vzc_embed(a ^ b), hs_gf128_add(hs_vzc_embed(a), hs_vzc_embed(b)));
        if (a) bad += !hs_gf128_eq(hs_gf128_mul(hs_vzc_embed(a), hs_vzc_embed(hs_gf2_aes32_inv(a))), hs_gf128_one());
    }
    CHECK_EQ_U64(bad, 0);
    /* rank 32: eliminate the unit images */
    hs_gf128 m[32];
    for (int k = 0; k < 32; k++) m[k] = hs_vzc_embed(1u << k);
    int rank = 0;
    for (int bit = 0; bit < 128 && rank < 32; bit++) {
        const int word = bit >> 6;
        const uint64_t mask = 1ull << (bit & 63);
        int piv = -1;
        for (int i = rank; i < 32; i++)
            if ((word ? m[i].hi : m[i].lo) & mask) piv = i;
        if (piv < 0) continue;
        hs_gf128 t = m[piv];
        m[piv] = m[rank], m[rank] = t;
        for (int i = 0; i < 32; i++)
            if (i != rank && ((word ? m[i].hi : m[i].lo) & mask)) m[i] = hs_gf128_add(m[i], m[rank]);
        rank++;
    }
    CHECK_EQ_U64(rank, 32);
}

static void test_witness(hs_rng *rng) {
    const size_t n = 100;
    uint32_t *in = hs_alloc_array(W * n, sizeof *in), *out = hs_alloc_array(W * n, sizeof *out),
             *nat = hs_alloc_array(W * n, sizeof *nat);
    uint64_t *rows = hs_alloc_array(512 * n, sizeof *rows);
    rand_states(rng, in, n);
    memcpy(nat, in, W * n * sizeof *in);
    hs_vision32_permute_many(nat, n, 1);
    CHECK(hs_vzc_witness(rows, out, in, n, 2));
    CHECK(memcmp(out, nat, W * n * sizeof *out) == 0);
    uint32_t k0[W], x[W], y[W];
    hs_vzc_k0(k0);
    size_t bad = 0;
    for (size_t p = 0; p < n; p++) {
        const uint64_t *r = rows + 512 * p;
        for (int w = 0; w < W; w++) bad += (uint32_t)r[w] != (hs_gf2_fanpaar_to_aes32(in[W * p + w]) ^ k0[w]);
        for (unsigned h = 0; h < 16; h++) {
            for (int w = 0; w < 32; w++) {
                const uint32_t xv = (uint32_t)r[32 * h + w], yv = (uint32_t)(r[32 * h + w] >> 32);
                if (w >= W) {
                    bad += r[32 * h + w] != 0;
                    continue;
                }
                bad += xv ? hs_gf2_aes32_mul(xv, yv) != 1 : yv != 0;
                y[w] = yv;
            }
            hs_vzc_next(h, y, x);
            for (int w = 0; w < W; w++)
                bad += x[w] != (h < 15 ? (uint32_t)r[32 * (h + 1) + w] : hs_gf2_fanpaar_to_aes32(nat[W * p + w]));
        }
    }
    CHECK_EQ_U64(bad, 0);
    hs_free(in), hs_free(out), hs_free(nat), hs_free(rows);
}

static int prove(const hs_vzc_config *c, const uint32_t *in, unsigned log_n, unsigned threads, uint32_t *out,
                 hs_writer *w) {
    memset(w, 0, sizeof *w);
    const char *why = NULL;
    if (hs_vzc_prove(c, in, log_n, threads, out, w, NULL, &why)) return 1;
    fprintf(stderr, "prove 2^%u: %s\n", log_n, why);
    return 0;
}

static void test_completeness(hs_rng *rng) {
    hs_vzc_config c;
    hs_vzc_config_default(&c);
    const unsigned hi = hs_test_sanitized() ? 6 : 10;
    for (unsigned log_n = 0; log_n <= hi; log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint32_t *in = hs_alloc_array(W * n, sizeof *in), *out = hs_alloc_array(W * n, sizeof *out),
                 *nat = hs_alloc_array(W * n, sizeof *nat);
        rand_states(rng, in, n);
        memcpy(nat, in, W * n * sizeof *in);
        hs_vision32_permute_many(nat, n, 1);
        hs_writer w;
        CHECK(prove(&c, in, log_n, 2, out, &w));
        CHECK(memcmp(out, nat, W * n * sizeof *out) == 0);
        const char *why = NULL;
        const int ok = hs_vzc_verify(&c, in, out, log_n, w.data, w.len, 2, &why);
        if (!ok) fprintf(stderr, "verify 2^%u: %s\n", log_n, why);
        CHECK(ok);
        /* a wrong output word, a wrong input word */
        out[W * (n - 1) + 5] ^= 1;
        CHECK(!hs_vzc_verify(&c, in, out, log_n, w.data, w.len, 2, &why));
        out[W * (n - 1) + 5] ^= 1;
        in[3] ^= 0x100;
        CHECK(!hs_vzc_verify(&c, in, out, log_n, w.data, w.len, 2, &why));
        in[3] ^= 0x100;
        /* another log_n */
        if (log_n) CHECK(!hs_vzc_verify(&c, in, out, log_n - 1, w.data, w.len, 2, &why));
        printf("  2^%-2u permutations: %zu proof bytes\n", log_n, w.len);
        hs_w_free(&w);
        hs_free(in), hs_free(out), hs_free(nat);
    }
}

/* The fast zerocheck prover against scg.h's generic one: the same bytes. */
static void test_generic(hs_rng *rng) {
    hs_vzc_config c;
    hs_vzc_config_default(&c);
    for (unsigned log_n = 0; log_n <= (hs_test_sanitized() ? 1u : 3u); log_n++) {
        const size_t n = (size_t)1 << log_n;
        uint32_t *in = hs_alloc_array(W * n, sizeof *in);
        rand_states(rng, in, n);
        hs_writer a, b;
        CHECK(prove(&c, in, log_n, 2, NULL, &a));
        hs_vzc_test_generic = 1;
        CHECK(prove(&c, in, log_n, 1, NULL, &b));
        hs_vzc_test_generic = 0;
        CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        hs_w_free(&a), hs_w_free(&b);
        hs_free(in);
    }
}

/* 1 and 2 threads, every SIMD level this CPU has: the same bytes (2^8 permutations, 2^7 in sanitizer
 * builds: the zerocheck's first rounds and the column folds on the thread team). */
static void test_threads(hs_rng *rng) {
    hs_vzc_config c;
    hs_vzc_config_default(&c);
    const unsigned log_n = hs_test_sanitized() ? 7 : 8;
    const size_t n = (size_t)1 << log_n;
    uint32_t *in = hs_alloc_array(W * n, sizeof *in);
    rand_states(rng, in, n);
    hs_writer ref, w;
    CHECK(prove(&c, in, log_n, 1, NULL, &ref));
    const hs_simd top = hs_cpu_simd_detected();
    for (int lv = HS_SIMD_PORTABLE; lv <= (int)top; lv++) {
        hs_cpu_simd_force((hs_simd)lv);
        for (unsigned th = 1; th <= 2; th++) {
            if (lv == (int)top && th == 1) continue;
            CHECK(prove(&c, in, log_n, th, NULL, &w));
            CHECK(w.len == ref.len && memcmp(w.data, ref.data, w.len) == 0);
            hs_w_free(&w);
        }
    }
    hs_cpu_simd_force(top);
    hs_w_free(&ref);
    hs_free(in);
}

/* A small configuration (2 queries) so that every byte can be tried. */
static void test_tamper(hs_rng *rng) {
    hs_vzc_config c = {1, 4, 100, 2};
    uint32_t in[W], out[W];
    rand_states(rng, in, 1);
    hs_writer w;
    CHECK(prove(&c, in, 0, 1, out, &w));
    const char *why = NULL;
    CHECK(hs_vzc_verify(&c, in, out, 0, w.data, w.len, 1, &why));
    uint8_t *buf = hs_alloc_array(w.len + 1, 1);
    memcpy(buf, w.data, w.len);
    const size_t step = hs_test_sanitized() ? 16 : 1;
    size_t accepted = 0, unnamed = 0;
    for (size_t i = 0; i < w.len; i += step) {
        const uint8_t d = (uint8_t)(1 + hs_rng_below(rng, 255));
        buf[i] ^= d;
        why = NULL;
        if (hs_vzc_verify(&c, in, out, 0, buf, w.len, 1, &why)) accepted++;
        else if (!why) unnamed++;
        buf[i] ^= d;
    }
    CHECK_EQ_U64(accepted, 0);
    CHECK_EQ_U64(unnamed, 0);
    for (size_t cut = 0; cut < w.len; cut += 1 + w.len / 37) CHECK(!hs_vzc_verify(&c, in, out, 0, buf, cut, 1, &why));
    buf[w.len] = 0;
    CHECK(!hs_vzc_verify(&c, in, out, 0, buf, w.len + 1, 1, &why));
    printf("  every byte of a %zu-byte proof altered: rejected\n", w.len);
    hs_free(buf);
    hs_w_free(&w);
}

/* Cheating provers: rows altered in one place, or a statement that the honest rows do not meet. */
static void test_cheat(hs_rng *rng) {
    hs_vzc_config c;
    hs_vzc_config_default(&c);
    const unsigned log_n = 3;
    const size_t n = (size_t)1 << log_n;
    uint32_t *in = hs_alloc_array(W * n, sizeof *in), *out = hs_alloc_array(W * n, sizeof *out);
    uint64_t *rows = hs_alloc_array(512 * n, sizeof *rows);
    rand_states(rng, in, n);
    CHECK(hs_vzc_witness(rows, out, in, n, 1));
    for (int kind = 0; kind < 7; kind++) {
        const size_t p = hs_rng_below(rng, n), h = hs_rng_below(rng, 16), wd = hs_rng_below(rng, W);
        const size_t i = 512 * p + 32 * h + wd;
        const uint64_t keep = rows[i];
        /* 0: one wrong S-box output (y bit); 1: one wrong S-box input (x bit); 2: a padding word's x = y = 1
         * is harmless (x y = 1) and must verify; 3: y = 0 for a nonzero x */
        if (kind == 0) rows[i] ^= 1ull << (32 + hs_rng_below(rng, 32));
        else if (kind == 1) rows[i] ^= 1ull << hs_rng_below(rng, 32);
        else if (kind == 2) rows[512 * p + 32 * h + 30] = 1 | 1ull << 32;
        else if (kind == 3) rows[i] &= 0xffffffffull;
        else if (kind == 4) { /* a consistent S-box pair (x', x'^-1) that breaks the linear relations */
            const uint32_t x = (uint32_t)rows[i] ^ (uint32_t)(1 + hs_rng_below(rng, 0xfffffffe));
            rows[i] = x | (uint64_t)hs_gf2_aes32_inv(x) << 32;
        }
        const size_t ow = W * p + wd;
        if (kind == 5) out[ow] ^= 1u << hs_rng_below(rng, 32); /* the statement's output, honest rows */
        if (kind == 6) in[ow] ^= 1u << hs_rng_below(rng, 32);  /* the statement's input, honest rows */
        hs_writer w;
        memset(&w, 0, sizeof w);
        const char *why = NULL;
        CHECK(hs_vzc_prove_rows(&c, in, out, rows, log_n, 1, &w, NULL, &why));
        why = NULL;
        const int ok = hs_vzc_verify(&c, in, out, log_n, w.data, w.len, 1, &why);
        CHECK(kind == 2 ? ok : !ok);
        if (!ok) printf("  cheat %d rejected: %s\n", kind, why ? why : "(no reason)");
        CHECK(ok || why);
        hs_w_free(&w);
        rows[i] = keep;
        if (kind == 5) CHECK(hs_vzc_witness(rows, out, in, n, 1));
        if (kind == 6) {
            rand_states(rng, in, n);
            CHECK(hs_vzc_witness(rows, out, in, n, 1));
        }
        rows[512 * p + 32 * h + 30] = 0;
    }
    hs_free(in), hs_free(out), hs_free(rows);
}

static void test_soundness(void) {
    hs_vzc_config c;
    hs_vzc_config_default(&c);
    for (unsigned log_n = 10; log_n <= 18; log_n += 4) {
        hs_sound_report r;
        const char *why = NULL;
        CHECK(hs_vzc_soundness(&c, log_n, &r, &why));
        printf("  soundness at 2^%u: %.1f bits (weakest %s)\n", log_n, r.protocol_bits, r.terms[r.weakest].name);
        for (size_t k = 0; k < r.n_terms; k++) printf("    %-32s %.1f\n", r.terms[k].name, r.terms[k].bits[HS_REGIME_UDR]);
        CHECK(r.protocol_bits > 90 && r.protocol_bits <= 128);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_visionzc");
    test_embedding(&rng);
    test_witness(&rng);
    test_cheat(&rng);
    test_tamper(&rng);
    test_generic(&rng);
    test_threads(&rng);
    test_completeness(&rng);
    test_soundness();
    return hs_test_done("test_visionzc");
}
