/* RPX256 (miden-crypto): every case of rpx256_miden.json (both sponge layouts), the compiled
 * constants against the file, the cubic extension F_p[phi]/(phi^3 - phi - 1) against polynomial
 * arithmetic, every round type and the permutation kernels (portable, AVX2 hybrid, batches with
 * 1 and 2 threads) against a naive reference built from the file's parameters, and the sponge. */
#include <string.h>

#include "rescue_ref.h"

#define W HS_RESCUE_WIDTH
#define R HS_RESCUE_ROUNDS

/* ---- naive reference ---- */

/* (a0 + a1 x + a2 x^2)(b0 + b1 x + b2 x^2) as a degree-4 polynomial, then x^4 = x^2 + x and
 * x^3 = x + 1 folded down from the top. */
static void naive_ext_mul(uint64_t c[3], const uint64_t a[3], const uint64_t b[3]) {
    uint64_t t[5] = {0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) t[i + j] = hs_gl_add(t[i + j], hs_gl_mul(hs_gl_from_u64(a[i]), hs_gl_from_u64(b[j])));
    for (int d = 4; d >= 3; d--) { /* x^d = x^(d-2) + x^(d-3) */
        t[d - 2] = hs_gl_add(t[d - 2], t[d]);
        t[d - 3] = hs_gl_add(t[d - 3], t[d]);
        t[d] = 0;
    }
    memcpy(c, t, 3 * sizeof *c);
}
static void naive_ext_pow7(uint64_t x[3]) {
    uint64_t r[3] = {1, 0, 0};
    for (int i = 0; i < 7; i++) naive_ext_mul(r, r, x);
    memcpy(x, r, sizeof r);
}

static void naive_fb(const rescue_params *pp, uint64_t s[W], int r) {
    rescue_naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark1[r][i]), 7);
    rescue_naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark2[r][i]), pp->inv_alpha);
}
static void naive_ext(const rescue_params *pp, uint64_t s[W], int r) {
    for (int i = 0; i < W; i++) s[i] = hs_gl_add(s[i], pp->ark1[r][i]);
    for (int k = 0; k < 4; k++) naive_ext_pow7(s + 3 * k);
}
static void naive_final(const rescue_params *pp, uint64_t s[W], int r) {
    rescue_naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_add(s[i], pp->ark1[r][i]);
}
static void naive_permute(const rescue_params *pp, uint64_t s[W]) {
    for (int i = 0; i < W; i++) s[i] = hs_gl_from_u64(s[i]);
    naive_fb(pp, s, 0);
    naive_ext(pp, s, 1);
    naive_fb(pp, s, 2);
    naive_ext(pp, s, 3);
    naive_fb(pp, s, 4);
    naive_ext(pp, s, 5);
    naive_final(pp, s, 6);
}

/* ---- the known-answer file ---- */

static void vector_file(rescue_params *pp) {
    vj *doc = vj_load("rpx256_miden.json");
    rescue_load_params(doc, pp);
    CHECK(!strcmp(vj_str(vj_path(vj_get(doc, "permutation"), "cubic_extension.modulus_polynomial")),
                  "x^3 - x - 1 (phi^3 = phi + 1)"));
    const vj *cases = vj_get(doc, "cases");
    size_t n_perm = 0, n_hash[2] = {0, 0};
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        const char *name = vj_str(vj_get(cs, "name")), *kind = vj_str(vj_get(cs, "kind"));
        uint64_t in[64], want[W], got[W];
        size_t n = vj_u64s(vj_get(cs, "input"), in, 64);
        size_t m = vj_u64s(vj_get(cs, "output"), want, W);
        if (!strcmp(kind, "permutation")) {
            n_perm++;
            CHECK_EQ_U64(n, W);
            CHECK_EQ_U64(m, W);
            memcpy(got, in, sizeof got);
            hs_rpx_permute(got);
            rescue_check_words(got, want, W, "hs_rpx_permute", name);
            memcpy(got, in, sizeof got);
            hs_rpx_permute_portable(got);
            rescue_check_words(got, want, W, "portable", name);
            if (hs_cpu_has_avx2()) {
                memcpy(got, in, sizeof got);
                hs_rpx_permute_avx2(got);
                rescue_check_words(got, want, W, "avx2", name);
            }
            memcpy(got, in, sizeof got);
            hs_rpx_permute_many(got, 1, 2);
            rescue_check_words(got, want, W, "many", name);
            memcpy(got, in, sizeof got);
            naive_permute(pp, got);
            rescue_check_words(got, want, W, "naive", name);
        } else if (!strcmp(kind, "hash_elements")) {
            hs_rescue_layout layout;
            if (strstr(name, "_layout_v0.21plus"))
                layout = HS_RESCUE_LAYOUT_V0_21;
            else if (strstr(name, "_layout_v0.11_to_v0.20"))
                layout = HS_RESCUE_LAYOUT_V0_11;
            else {
                fprintf(stderr, "%s: unknown layout\n", name);
                hs_test_failures++;
                continue;
            }
            n_hash[layout]++;
            CHECK_EQ_U64(m, 4);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpx_permute, layout);
            rescue_check_words(got, want, 4, "hash_elements_layout", name);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpx_permute_portable, layout);
            rescue_check_words(got, want, 4, "hash_elements_layout portable", name);
            rescue_naive_hash(pp, naive_permute, got, in, n, layout);
            rescue_check_words(got, want, 4, "naive sponge", name);
            if (layout == HS_RESCUE_LAYOUT_V0_21) {
                hs_rpx256_hash_elements(got, in, n);
                rescue_check_words(got, want, 4, "hs_rpx256_hash_elements", name);
                if (n == 8) {
                    hs_rpx256_merge(got, in);
                    rescue_check_words(got, want, 4, "hs_rpx256_merge", name);
                }
            }
        } else {
            fprintf(stderr, "%s: unknown case kind %s\n", name, kind);
            hs_test_failures++;
        }
    }
    CHECK(n_perm >= 2);
    CHECK(n_hash[HS_RESCUE_LAYOUT_V0_21] >= 10);
    CHECK(n_hash[HS_RESCUE_LAYOUT_V0_11] >= 10);
    printf("rpx256_miden.json: %zu permutation, %zu + %zu hash_elements cases\n", n_perm, n_hash[0], n_hash[1]);
    vj_free(doc);
}

/* ---- building blocks ---- */

static void check_ext(hs_rng *rng) {
    unsigned long iters = hs_test_iters(3000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        hs_gl3phi a, b;
        uint64_t na[3], nb[3], nc[3];
        for (int i = 0; i < 3; i++) {
            a.c[i] = it % 3 == 0 ? rescue_rand_u64(rng) : rescue_rand_elem(rng); /* lazy inputs may be >= p */
            b.c[i] = it % 3 == 1 ? rescue_rand_u64(rng) : rescue_rand_elem(rng);
            na[i] = a.c[i], nb[i] = b.c[i];
        }
        hs_gl3phi c = hs_gl3phi_mul(a, b);
        naive_ext_mul(nc, na, nb);
        rescue_check_words(c.c, nc, 3, "ext mul", "vs polynomial product");
        c = hs_gl3phi_canonical(hs_gl3phi_square_lazy(a));
        naive_ext_mul(nc, na, na);
        rescue_check_words(c.c, nc, 3, "ext square", "vs polynomial product");
        c = hs_gl3phi_pow7(a);
        memcpy(nc, na, sizeof nc);
        naive_ext_pow7(nc);
        rescue_check_words(c.c, nc, 3, "ext pow7", "vs 7 products");
    }
    /* phi^3 = phi + 1 */
    hs_gl3phi phi = {{0, 1, 0}}, p3 = hs_gl3phi_mul(hs_gl3phi_mul(phi, phi), phi);
    CHECK_EQ_U64(p3.c[0], 1);
    CHECK_EQ_U64(p3.c[1], 1);
    CHECK_EQ_U64(p3.c[2], 0);
}

static void check_rounds_and_perm(hs_rng *rng, const rescue_params *pp) {
    unsigned long iters = hs_test_iters(100);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a[W], b[W], c[W];
        for (int i = 0; i < W; i++) a[i] = it & 1 ? rescue_rand_u64(rng) : rescue_rand_elem(rng);
        int r = (int)(it % R);
        for (int kind = 0; kind < 3; kind++) {
            memcpy(b, a, sizeof b);
            for (int i = 0; i < W; i++) b[i] = hs_gl_from_u64(b[i]);
            memcpy(c, a, sizeof c);
            if (kind == 0) naive_fb(pp, b, r), hs_rpx_fb_round(c, (unsigned)r);
            if (kind == 1) naive_ext(pp, b, r), hs_rpx_ext_round(c, (unsigned)r);
            if (kind == 2) naive_final(pp, b, r), hs_rpx_final_round(c, (unsigned)r);
            rescue_check_words(c, b, W, "round", kind == 0 ? "FB" : kind == 1 ? "E" : "M");
        }
        memcpy(b, a, sizeof b);
        memcpy(c, a, sizeof c);
        naive_permute(pp, b);
        hs_rpx_permute_portable(c);
        rescue_check_words(c, b, W, "permutation", "portable vs naive");
        if (hs_cpu_has_avx2()) {
            memcpy(c, a, sizeof c);
            hs_rpx_permute_avx2(c);
            rescue_check_words(c, b, W, "permutation", "avx2 vs naive");
        }
    }
}

static void check_sponge(hs_rng *rng, const rescue_params *pp) {
    uint64_t in[41], got[4], want[4];
    for (size_t n = 0; n <= 40 && !TOO_MANY_FAILURES(); n++) {
        for (size_t i = 0; i < n; i++) in[i] = rescue_rand_elem(rng);
        hs_rpx256_hash_elements(got, in, n);
        rescue_naive_hash(pp, naive_permute, want, in, n, HS_RESCUE_LAYOUT_V0_21);
        rescue_check_words(got, want, 4, "hs_rpx256_hash_elements", "random");
        hs_rescue_hash_elements_layout(got, in, n, hs_rpx_permute, HS_RESCUE_LAYOUT_V0_11);
        rescue_naive_hash(pp, naive_permute, want, in, n, HS_RESCUE_LAYOUT_V0_11);
        rescue_check_words(got, want, 4, "sponge v0.11", "random");
    }
    for (int it = 0; it < 20; it++) {
        for (int i = 0; i < 8; i++) in[i] = rescue_rand_elem(rng);
        hs_rpx256_merge(got, in);
        hs_rpx256_hash_elements(want, in, 8);
        rescue_check_words(got, want, 4, "merge", "vs hash_elements of 8");
        uint64_t s[W] = {0};
        memcpy(s, in, 8 * sizeof *s);
        naive_permute(pp, s);
        rescue_check_words(got, s, 4, "merge", "vs permutation of (a, b, 0)");
    }
    for (int i = 0; i < 8; i++) in[i] = rescue_rand_elem(rng);
    hs_rpx256_merge(want, in);
    in[5] = in[5] < HS_GL_EPS ? in[5] + HS_GL_P : in[5];
    hs_rpx256_merge(got, in);
    rescue_check_words(got, want, 4, "merge", "non-canonical input");
    memset(got, 0xff, sizeof got);
    hs_rpx256_hash_elements(got, in, 0);
    for (int i = 0; i < 4; i++) CHECK_EQ_U64(got[i], 0);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_rpx");
    printf("AVX2 kernels %s\n", hs_cpu_has_avx2() ? "active" : "unavailable (portable paths only)");
    printf("AVX-512 batch kernels %s\n", hs_cpu_has_avx512()
                                              ? "tested against the portable ones"
                                              : "skipped (no AVX-512 in this CPU or build, or HS_SIMD lowers it)");
    rescue_params pp;
    vector_file(&pp);
    check_ext(&rng);
    check_rounds_and_perm(&rng, &pp);
    const size_t sizes[] = {0, 1, 2, 3, 8, 9, 17, 26, 130, 301};
    const rescue_kernels k = {hs_rpx_permute_portable, hs_rpx_permute_many, hs_rpx_permute_many_portable,
                              hs_rpx_permute_many_avx2, hs_rpx_permute_many_avx512};
    rescue_check_batches(&rng, &k, sizes, sizeof sizes / sizeof *sizes);
    check_sponge(&rng, &pp);
    return hs_test_done("test_rpx");
}
