/* RPO256 (miden-crypto): every case of the three rpo256_miden_*.json files (one per sponge
 * layout), the compiled constants against the files, the fast MDS and x^(1/7) against plain
 * arithmetic, the permutation kernels (portable, AVX2 hybrid, batches with 1 and 2 threads)
 * against a naive reference built from the file's parameters, and the sponge against a direct
 * transcription of the file's rules. */
#include <string.h>

#include "rescue_ref.h"

#define W HS_RESCUE_WIDTH
#define R HS_RESCUE_ROUNDS

/* ---- the naive reference: the file's parameters, canonical hs_gl arithmetic ---- */

static void naive_round(const rescue_params *pp, uint64_t s[W], int r) {
    rescue_naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark1[r][i]), 7);
    rescue_naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark2[r][i]), pp->inv_alpha);
}
static void naive_permute(const rescue_params *pp, uint64_t s[W]) {
    for (int i = 0; i < W; i++) s[i] = hs_gl_from_u64(s[i]);
    for (int r = 0; r < R; r++) naive_round(pp, s, r);
}

/* ---- the known-answer files ---- */

static void vector_file(const char *file, hs_rescue_layout layout, rescue_params *pp) {
    vj *doc = vj_load(file);
    rescue_load_params(doc, pp);
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 10);
    size_t n_perm = 0, n_hash = 0;
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
            void (*fns[4])(uint64_t *) = {hs_rpo_permute, hs_rpo_permute_portable, hs_rpo_permute_avx2, NULL};
            const char *fn_names[3] = {"hs_rpo_permute", "portable", "avx2"};
            for (int f = 0; fns[f]; f++) {
                if (f == 2 && !hs_cpu_has_avx2()) continue;
                memcpy(got, in, sizeof got);
                fns[f](got);
                rescue_check_words(got, want, W, fn_names[f], name);
            }
            memcpy(got, in, sizeof got);
            naive_permute(pp, got);
            rescue_check_words(got, want, W, "naive", name);
            memcpy(got, in, sizeof got);
            hs_rpo_permute_many(got, 1, 2);
            rescue_check_words(got, want, W, "many", name);
        } else if (!strcmp(kind, "hash_elements")) {
            n_hash++;
            CHECK_EQ_U64(m, 4);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpo_permute, layout);
            rescue_check_words(got, want, 4, "hash_elements_layout", name);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpo_permute_portable, layout);
            rescue_check_words(got, want, 4, "hash_elements_layout portable", name);
            rescue_naive_hash(pp, naive_permute, got, in, n, layout);
            rescue_check_words(got, want, 4, "naive sponge", name);
            if (layout == HS_RESCUE_LAYOUT_V0_21) {
                hs_rpo256_hash_elements(got, in, n);
                rescue_check_words(got, want, 4, "hs_rpo256_hash_elements", name);
                if (n == 8) {
                    hs_rpo256_merge(got, in);
                    rescue_check_words(got, want, 4, "hs_rpo256_merge", name);
                }
            }
        } else {
            fprintf(stderr, "%s: unknown case kind %s\n", name, kind);
            hs_test_failures++;
        }
    }
    /* every file holds upstream sponge vectors; the v0.21 file also the derived permutations */
    CHECK(n_hash >= 10);
    if (layout == HS_RESCUE_LAYOUT_V0_21) CHECK(n_perm >= 2);
    printf("%s: %zu permutation, %zu hash_elements cases\n", file, n_perm, n_hash);
    vj_free(doc);
}

/* ---- building blocks ---- */

static void check_mds(hs_rng *rng, const rescue_params *pp) {
    unsigned long iters = hs_test_iters(2000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a[W], b[W], c[W];
        for (int i = 0; i < W; i++) {
            a[i] = it == 0 ? ~0ull : it == 1 ? HS_GL_P - 1 : it == 2 ? 0xffffffffull : it < 200 ? rescue_rand_elem(rng) : rescue_rand_u64(rng);
            c[i] = hs_gl_from_u64(a[i]);
        }
        memcpy(b, a, sizeof b);
        hs_rescue_mds(a);
        hs_rescue_mds_naive(b);
        rescue_naive_mds(pp, c);
        rescue_check_words(a, c, W, "mds", "fast vs file matrix");
        rescue_check_words(b, c, W, "mds", "naive vs file matrix");
    }
}

static void check_inv_sbox(hs_rng *rng) {
    unsigned long iters = hs_test_iters(2000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t x = it < 4 ? (uint64_t[]){0, 1, HS_GL_P - 1, HS_GL_EPS}[it] : rescue_rand_elem(rng);
        uint64_t r = hs_gl_pow_inv7(x);
        CHECK_EQ_U64(hs_gl_exp(r, 7), x);
        CHECK_EQ_U64(hs_gl_pow_inv7(hs_gl_exp(x, 7)), x);
        if (it < 200) CHECK_EQ_U64(r, hs_gl_exp(x, HS_GL_INV7));
        /* lazy forms accept non-canonical inputs */
        uint64_t y = rescue_rand_u64(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_pow_inv7_lazy(y)), hs_gl_pow_inv7(hs_gl_from_u64(y)));
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_pow7_lazy(y)), hs_gl_exp(hs_gl_from_u64(y), 7));
        uint64_t z = rescue_rand_u64(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_mul_lazy(y, z)), hs_gl_mul(hs_gl_from_u64(y), hs_gl_from_u64(z)));
        hs_u128 big = ((hs_u128)rescue_rand_u64(rng) << 64) | rescue_rand_u64(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_reduce128_lazy(big)), hs_gl_reduce128(big));
        uint64_t c = rescue_rand_elem(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_add_lazy(y, c)), hs_gl_add(hs_gl_from_u64(y), c));
    }
}

static void check_rounds_and_perm(hs_rng *rng, const rescue_params *pp) {
    unsigned long iters = hs_test_iters(100);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a[W], b[W], c[W], d[W];
        for (int i = 0; i < W; i++) a[i] = it & 1 ? rescue_rand_u64(rng) : rescue_rand_elem(rng);
        int r = (int)(it % R);
        memcpy(b, a, sizeof b);
        for (int i = 0; i < W; i++) b[i] = hs_gl_from_u64(b[i]);
        memcpy(c, a, sizeof c);
        hs_rpo_round(c, (unsigned)r);
        naive_round(pp, b, r);
        rescue_check_words(c, b, W, "round", "hs_rpo_round vs naive");
        memcpy(b, a, sizeof b);
        memcpy(c, a, sizeof c);
        memcpy(d, a, sizeof d);
        naive_permute(pp, b);
        hs_rpo_permute_portable(c);
        rescue_check_words(c, b, W, "permutation", "portable vs naive");
        if (hs_cpu_has_avx2()) {
            hs_rpo_permute_avx2(d);
            rescue_check_words(d, b, W, "permutation", "avx2 vs naive");
        }
    }
}

static void check_sponge(hs_rng *rng, const rescue_params *pp) {
    uint64_t in[41], got[4], want[4];
    for (size_t n = 0; n <= 40 && !TOO_MANY_FAILURES(); n++) {
        for (size_t i = 0; i < n; i++) in[i] = rescue_rand_elem(rng);
        for (int l = 0; l < 3; l++) {
            rescue_naive_hash(pp, naive_permute, want, in, n, (hs_rescue_layout)l);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpo_permute, (hs_rescue_layout)l);
            rescue_check_words(got, want, 4, "sponge", l == 0 ? "v0.21" : l == 1 ? "v0.11" : "v0.10");
        }
        hs_rpo256_hash_elements(got, in, n);
        rescue_naive_hash(pp, naive_permute, want, in, n, HS_RESCUE_LAYOUT_V0_21);
        rescue_check_words(got, want, 4, "hs_rpo256_hash_elements", "random");
    }
    for (int it = 0; it < 20; it++) {
        for (int i = 0; i < 8; i++) in[i] = rescue_rand_elem(rng);
        hs_rpo256_merge(got, in);
        hs_rpo256_hash_elements(want, in, 8);
        rescue_check_words(got, want, 4, "merge", "vs hash_elements of 8");
        uint64_t s[W] = {0};
        memcpy(s, in, 8 * sizeof *s);
        naive_permute(pp, s);
        rescue_check_words(got, s, 4, "merge", "vs permutation of (a, b, 0)");
    }
    /* inputs >= p are taken mod p */
    for (int i = 0; i < 8; i++) in[i] = rescue_rand_elem(rng);
    hs_rpo256_merge(want, in);
    in[3] = in[3] < HS_GL_EPS ? in[3] + HS_GL_P : in[3];
    hs_rpo256_merge(got, in);
    rescue_check_words(got, want, 4, "merge", "non-canonical input");
    hs_rpo256_hash_elements(got, in, 8);
    rescue_check_words(got, want, 4, "hash_elements", "non-canonical input");
    /* the empty input is the zero digest */
    memset(got, 0xff, sizeof got);
    hs_rpo256_hash_elements(got, in, 0);
    for (int i = 0; i < 4; i++) CHECK_EQ_U64(got[i], 0);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_rpo");
    printf("AVX2 kernels %s\n", hs_cpu_has_avx2() ? "active" : "unavailable (portable paths only)");
    printf("AVX-512 batch kernels %s\n", hs_cpu_has_avx512()
                                              ? "tested against the portable ones"
                                              : "skipped (no AVX-512 in this CPU or build, or HS_SIMD lowers it)");
    rescue_params pp;
    vector_file("rpo256_miden_v0.10_and_earlier.json", HS_RESCUE_LAYOUT_V0_10, &pp);
    vector_file("rpo256_miden_v0.11_to_v0.20.json", HS_RESCUE_LAYOUT_V0_11, &pp);
    vector_file("rpo256_miden_v0.21plus.json", HS_RESCUE_LAYOUT_V0_21, &pp);
    check_mds(&rng, &pp);
    check_inv_sbox(&rng);
    check_rounds_and_perm(&rng, &pp);
    /* every group shape of the AVX2 and AVX-512 batches */
    const size_t sizes[] = {0, 1, 2, 3, 4, 5, 8, 9, 14, 17, 26, 130, 301};
    const rescue_kernels k = {hs_rpo_permute_portable, hs_rpo_permute_many, hs_rpo_permute_many_portable,
                              hs_rpo_permute_many_avx2, hs_rpo_permute_many_avx512};
    rescue_check_batches(&rng, &k, sizes, sizeof sizes / sizeof *sizes);
    check_sponge(&rng, &pp);
    return hs_test_done("test_rpo");
}
