/* RPO256 (miden-crypto): every case of the three rpo256_miden_*.json files (one per sponge
 * layout), the compiled constants against the files, the fast MDS and x^(1/7) against plain
 * arithmetic, the permutation kernels (portable, AVX2 hybrid, batches with 1 and 2 threads)
 * against a naive reference built from the file's parameters, and the sponge against a direct
 * transcription of the file's rules. */
#include <string.h>

#include "field/gl_ext3.h"
#include "hash/rpo.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

#define W HS_RESCUE_WIDTH
#define R HS_RESCUE_ROUNDS

/* ---- the naive reference: parameters read from the file, canonical hs_gl arithmetic ---- */

typedef struct {
    uint64_t mds[W][W], ark1[R][W], ark2[R][W], inv_alpha;
} params;

static void load_params(const vj *doc, params *pp) {
    const vj *perm = vj_get(doc, "permutation");
    CHECK(perm != NULL);
    CHECK_EQ_U64(vj_u64(vj_get(perm, "state_width")), W);
    CHECK_EQ_U64(vj_u64(vj_get(perm, "num_rounds")), R);
    CHECK_EQ_U64(vj_u64(vj_get(perm, "alpha")), 7);
    CHECK_EQ_U64(vj_u64(vj_path(perm, "field.modulus")), HS_GL_P);
    pp->inv_alpha = vj_u64(vj_get(perm, "inv_alpha"));
    const vj *m = vj_path(perm, "mds.matrix"), *a1 = vj_get(perm, "ark1"), *a2 = vj_get(perm, "ark2");
    CHECK_EQ_U64(vj_len(m), W);
    CHECK_EQ_U64(vj_len(a1), R);
    CHECK_EQ_U64(vj_len(a2), R);
    for (size_t i = 0; i < W; i++) CHECK_EQ_U64(vj_u64s(vj_at(m, i), pp->mds[i], W), W);
    for (size_t r = 0; r < R; r++) {
        CHECK_EQ_U64(vj_u64s(vj_at(a1, r), pp->ark1[r], W), W);
        CHECK_EQ_U64(vj_u64s(vj_at(a2, r), pp->ark2[r], W), W);
    }
}

/* The compiled-in tables must equal the file's. */
static void check_constants(const params *pp) {
    CHECK_EQ_U64(pp->inv_alpha, HS_GL_INV7);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) CHECK_EQ_U64(pp->mds[i][j], hs_rescue_mds_row[(j - i + W) % W]);
    CHECK(!memcmp(pp->ark1, hs_rescue_ark1, sizeof pp->ark1));
    CHECK(!memcmp(pp->ark2, hs_rescue_ark2, sizeof pp->ark2));
}

static void naive_mds(const params *pp, uint64_t s[W]) {
    uint64_t t[W];
    for (int i = 0; i < W; i++) {
        t[i] = 0;
        for (int j = 0; j < W; j++) t[i] = hs_gl_add(t[i], hs_gl_mul(pp->mds[i][j], s[j]));
    }
    memcpy(s, t, sizeof t);
}
static void naive_round(const params *pp, uint64_t s[W], int r) {
    naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark1[r][i]), 7);
    naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark2[r][i]), pp->inv_alpha);
}
static void naive_permute(const params *pp, uint64_t s[W]) {
    for (int i = 0; i < W; i++) s[i] = hs_gl_from_u64(s[i]);
    for (int r = 0; r < R; r++) naive_round(pp, s, r);
}

/* The sponge exactly as the files word it. */
static void naive_hash(const params *pp, uint64_t out[4], const uint64_t *in, size_t n, hs_rescue_layout layout) {
    uint64_t s[W] = {0};
    int rate = layout == HS_RESCUE_LAYOUT_V0_21 ? 0 : 4, cap = layout == HS_RESCUE_LAYOUT_V0_21 ? 8 : 0;
    if (layout == HS_RESCUE_LAYOUT_V0_10)
        s[cap] = n % 8 != 0;
    else
        s[cap] = n % 8;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        for (int k = 0; k < 8; k++) s[rate + k] = in[i + k];
        naive_permute(pp, s);
    }
    if (i < n) {
        int k = 0;
        for (; i < n; i++) s[rate + k++] = in[i];
        if (layout == HS_RESCUE_LAYOUT_V0_10) s[rate + k++] = 1;
        for (; k < 8; k++) s[rate + k] = 0;
        naive_permute(pp, s);
    }
    memcpy(out, s + rate, 4 * sizeof *out);
}

/* ---- helpers ---- */

static uint64_t rand_elem(hs_rng *rng) {
    static const uint64_t edge[] = {0, 1, 2, HS_GL_P - 1, HS_GL_P - 2, HS_GL_EPS, HS_GL_EPS + 1, 1ull << 32, 1ull << 63};
    uint64_t r = hs_rng_u64(rng);
    if ((r & 15) == 0) return edge[(r >> 8) % (sizeof edge / sizeof *edge)];
    return hs_rng_below(rng, HS_GL_P);
}
/* Any uint64, including the non-canonical [p, 2^64). */
static uint64_t rand_u64(hs_rng *rng) {
    uint64_t r = hs_rng_u64(rng);
    if ((r & 7) == 0) return ~0ull - (r >> 60);
    if ((r & 7) == 1) return HS_GL_P + (r >> 40);
    return hs_rng_u64(rng);
}

static void check_words(const uint64_t *got, const uint64_t *want, size_t n, const char *what, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "%s %s: word %zu = %llu, expected %llu\n", what, name, i, (unsigned long long)got[i],
                    (unsigned long long)want[i]);
            hs_test_failures++;
            return;
        }
}

/* ---- the known-answer files ---- */

static void vector_file(const char *file, hs_rescue_layout layout, params *pp) {
    vj *doc = vj_load(file);
    load_params(doc, pp);
    check_constants(pp);
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
                check_words(got, want, W, fn_names[f], name);
            }
            memcpy(got, in, sizeof got);
            naive_permute(pp, got);
            check_words(got, want, W, "naive", name);
            memcpy(got, in, sizeof got);
            hs_rpo_permute_many(got, 1, 2);
            check_words(got, want, W, "many", name);
        } else if (!strcmp(kind, "hash_elements")) {
            n_hash++;
            CHECK_EQ_U64(m, 4);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpo_permute, layout);
            check_words(got, want, 4, "hash_elements_layout", name);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpo_permute_portable, layout);
            check_words(got, want, 4, "hash_elements_layout portable", name);
            naive_hash(pp, got, in, n, layout);
            check_words(got, want, 4, "naive sponge", name);
            if (layout == HS_RESCUE_LAYOUT_V0_21) {
                hs_rpo256_hash_elements(got, in, n);
                check_words(got, want, 4, "hs_rpo256_hash_elements", name);
                if (n == 8) {
                    hs_rpo256_merge(got, in);
                    check_words(got, want, 4, "hs_rpo256_merge", name);
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

static void check_mds(hs_rng *rng, const params *pp) {
    unsigned long iters = hs_test_iters(2000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a[W], b[W], c[W];
        for (int i = 0; i < W; i++) {
            a[i] = it == 0 ? ~0ull : it == 1 ? HS_GL_P - 1 : it == 2 ? 0xffffffffull : it < 200 ? rand_elem(rng) : rand_u64(rng);
            c[i] = hs_gl_from_u64(a[i]);
        }
        memcpy(b, a, sizeof b);
        hs_rescue_mds(a);
        hs_rescue_mds_naive(b);
        naive_mds(pp, c);
        check_words(a, c, W, "mds", "fast vs file matrix");
        check_words(b, c, W, "mds", "naive vs file matrix");
    }
}

static void check_inv_sbox(hs_rng *rng) {
    unsigned long iters = hs_test_iters(2000);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t x = it < 4 ? (uint64_t[]){0, 1, HS_GL_P - 1, HS_GL_EPS}[it] : rand_elem(rng);
        uint64_t r = hs_gl_pow_inv7(x);
        CHECK_EQ_U64(hs_gl_exp(r, 7), x);
        CHECK_EQ_U64(hs_gl_pow_inv7(hs_gl_exp(x, 7)), x);
        if (it < 200) CHECK_EQ_U64(r, hs_gl_exp(x, HS_GL_INV7));
        /* lazy forms accept non-canonical inputs */
        uint64_t y = rand_u64(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_pow_inv7_lazy(y)), hs_gl_pow_inv7(hs_gl_from_u64(y)));
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_pow7_lazy(y)), hs_gl_exp(hs_gl_from_u64(y), 7));
        uint64_t z = rand_u64(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_mul_lazy(y, z)), hs_gl_mul(hs_gl_from_u64(y), hs_gl_from_u64(z)));
        hs_u128 big = ((hs_u128)rand_u64(rng) << 64) | rand_u64(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_reduce128_lazy(big)), hs_gl_reduce128(big));
        uint64_t c = rand_elem(rng);
        CHECK_EQ_U64(hs_gl_from_u64(hs_gl_add_lazy(y, c)), hs_gl_add(hs_gl_from_u64(y), c));
    }
}

static void check_rounds_and_perm(hs_rng *rng, const params *pp) {
    unsigned long iters = hs_test_iters(100);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a[W], b[W], c[W], d[W];
        for (int i = 0; i < W; i++) a[i] = it & 1 ? rand_u64(rng) : rand_elem(rng);
        int r = (int)(it % R);
        memcpy(b, a, sizeof b);
        for (int i = 0; i < W; i++) b[i] = hs_gl_from_u64(b[i]);
        memcpy(c, a, sizeof c);
        hs_rpo_round(c, (unsigned)r);
        naive_round(pp, b, r);
        check_words(c, b, W, "round", "hs_rpo_round vs naive");
        memcpy(b, a, sizeof b);
        memcpy(c, a, sizeof c);
        memcpy(d, a, sizeof d);
        naive_permute(pp, b);
        hs_rpo_permute_portable(c);
        check_words(c, b, W, "permutation", "portable vs naive");
        if (hs_cpu_has_avx2()) {
            hs_rpo_permute_avx2(d);
            check_words(d, b, W, "permutation", "avx2 vs naive");
        }
    }
}

static void check_batches(hs_rng *rng) {
    /* every group shape of the AVX2 and AVX-512 batches */
    const size_t sizes[] = {0, 1, 2, 3, 4, 5, 8, 9, 14, 17, 26, 130, 301};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && !TOO_MANY_FAILURES(); si++) {
        size_t n = sizes[si], bytes = (n + 1) * W * sizeof(uint64_t);
        uint64_t *ref = malloc(bytes), *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *d = malloc(bytes);
        uint64_t *e0 = malloc(bytes);
        for (size_t i = 0; i < n * W; i++) ref[i] = i % 5 == 0 ? rand_u64(rng) : rand_elem(rng);
        memcpy(e0, ref, n * W * 8);
        memcpy(a, ref, n * W * 8);
        memcpy(b, ref, n * W * 8);
        memcpy(c, ref, n * W * 8);
        memcpy(d, ref, n * W * 8);
        for (size_t k = 0; k < n; k++) hs_rpo_permute_portable(ref + k * W);
        hs_rpo_permute_many(a, n, 1);
        hs_rpo_permute_many(b, n, 2);
        hs_rpo_permute_many_portable(c, n);
        if (hs_cpu_has_avx2())
            hs_rpo_permute_many_avx2(d, n);
        else
            memcpy(d, ref, n * W * 8);
        CHECK(!memcmp(a, ref, n * W * 8));
        CHECK(!memcmp(b, ref, n * W * 8));
        CHECK(!memcmp(c, ref, n * W * 8));
        CHECK(!memcmp(d, ref, n * W * 8));
        if (hs_cpu_has_avx512()) { /* the AVX-512 kernel (groups of 9, 8, AVX2 tail) against portable */
            memcpy(d, e0, n * W * 8);
            hs_rpo_permute_many_avx512(d, n);
            CHECK(!memcmp(d, ref, n * W * 8));
        }
        free(ref), free(a), free(b), free(c), free(d), free(e0);
    }
}

static void check_sponge(hs_rng *rng, const params *pp) {
    uint64_t in[41], got[4], want[4];
    for (size_t n = 0; n <= 40 && !TOO_MANY_FAILURES(); n++) {
        for (size_t i = 0; i < n; i++) in[i] = rand_elem(rng);
        for (int l = 0; l < 3; l++) {
            naive_hash(pp, want, in, n, (hs_rescue_layout)l);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpo_permute, (hs_rescue_layout)l);
            check_words(got, want, 4, "sponge", l == 0 ? "v0.21" : l == 1 ? "v0.11" : "v0.10");
        }
        hs_rpo256_hash_elements(got, in, n);
        naive_hash(pp, want, in, n, HS_RESCUE_LAYOUT_V0_21);
        check_words(got, want, 4, "hs_rpo256_hash_elements", "random");
    }
    for (int it = 0; it < 20; it++) {
        for (int i = 0; i < 8; i++) in[i] = rand_elem(rng);
        hs_rpo256_merge(got, in);
        hs_rpo256_hash_elements(want, in, 8);
        check_words(got, want, 4, "merge", "vs hash_elements of 8");
        uint64_t s[W] = {0};
        memcpy(s, in, 8 * sizeof *s);
        naive_permute(pp, s);
        check_words(got, s, 4, "merge", "vs permutation of (a, b, 0)");
    }
    /* inputs >= p are taken mod p */
    for (int i = 0; i < 8; i++) in[i] = rand_elem(rng);
    hs_rpo256_merge(want, in);
    in[3] = in[3] < HS_GL_EPS ? in[3] + HS_GL_P : in[3];
    hs_rpo256_merge(got, in);
    check_words(got, want, 4, "merge", "non-canonical input");
    hs_rpo256_hash_elements(got, in, 8);
    check_words(got, want, 4, "hash_elements", "non-canonical input");
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
    params pp;
    vector_file("rpo256_miden_v0.10_and_earlier.json", HS_RESCUE_LAYOUT_V0_10, &pp);
    vector_file("rpo256_miden_v0.11_to_v0.20.json", HS_RESCUE_LAYOUT_V0_11, &pp);
    vector_file("rpo256_miden_v0.21plus.json", HS_RESCUE_LAYOUT_V0_21, &pp);
    check_mds(&rng, &pp);
    check_inv_sbox(&rng);
    check_rounds_and_perm(&rng, &pp);
    check_batches(&rng);
    check_sponge(&rng, &pp);
    return hs_test_done("test_rpo");
}
