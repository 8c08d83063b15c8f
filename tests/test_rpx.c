/* RPX256 (miden-crypto): every case of rpx256_miden.json (both sponge layouts), the compiled
 * constants against the file, the cubic extension F_p[phi]/(phi^3 - phi - 1) against polynomial
 * arithmetic, every round type and the permutation kernels (portable, AVX2 hybrid, batches with
 * 1 and 2 threads) against a naive reference built from the file's parameters, and the sponge. */
#include <string.h>

#include "field/gl_ext3.h"
#include "hash/rpo.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

#define W HS_RESCUE_WIDTH
#define R HS_RESCUE_ROUNDS

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
    CHECK(!strcmp(vj_str(vj_path(perm, "cubic_extension.modulus_polynomial")), "x^3 - x - 1 (phi^3 = phi + 1)"));
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
    CHECK_EQ_U64(pp->inv_alpha, HS_GL_INV7);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) CHECK_EQ_U64(pp->mds[i][j], hs_rescue_mds_row[(j - i + W) % W]);
    CHECK(!memcmp(pp->ark1, hs_rescue_ark1, sizeof pp->ark1));
    CHECK(!memcmp(pp->ark2, hs_rescue_ark2, sizeof pp->ark2));
}

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

static void naive_mds(const params *pp, uint64_t s[W]) {
    uint64_t t[W];
    for (int i = 0; i < W; i++) {
        t[i] = 0;
        for (int j = 0; j < W; j++) t[i] = hs_gl_add(t[i], hs_gl_mul(pp->mds[i][j], s[j]));
    }
    memcpy(s, t, sizeof t);
}
static void naive_fb(const params *pp, uint64_t s[W], int r) {
    naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark1[r][i]), 7);
    naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_exp(hs_gl_add(s[i], pp->ark2[r][i]), pp->inv_alpha);
}
static void naive_ext(const params *pp, uint64_t s[W], int r) {
    for (int i = 0; i < W; i++) s[i] = hs_gl_add(s[i], pp->ark1[r][i]);
    for (int k = 0; k < 4; k++) naive_ext_pow7(s + 3 * k);
}
static void naive_final(const params *pp, uint64_t s[W], int r) {
    naive_mds(pp, s);
    for (int i = 0; i < W; i++) s[i] = hs_gl_add(s[i], pp->ark1[r][i]);
}
static void naive_permute(const params *pp, uint64_t s[W]) {
    for (int i = 0; i < W; i++) s[i] = hs_gl_from_u64(s[i]);
    naive_fb(pp, s, 0);
    naive_ext(pp, s, 1);
    naive_fb(pp, s, 2);
    naive_ext(pp, s, 3);
    naive_fb(pp, s, 4);
    naive_ext(pp, s, 5);
    naive_final(pp, s, 6);
}

static void naive_hash(const params *pp, uint64_t out[4], const uint64_t *in, size_t n, hs_rescue_layout layout) {
    uint64_t s[W] = {0};
    int rate = layout == HS_RESCUE_LAYOUT_V0_21 ? 0 : 4, cap = layout == HS_RESCUE_LAYOUT_V0_21 ? 8 : 0;
    s[cap] = n % 8;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        for (int k = 0; k < 8; k++) s[rate + k] = in[i + k];
        naive_permute(pp, s);
    }
    if (i < n) {
        int k = 0;
        for (; i < n; i++) s[rate + k++] = in[i];
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

/* ---- the known-answer file ---- */

static void vector_file(params *pp) {
    vj *doc = vj_load("rpx256_miden.json");
    load_params(doc, pp);
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
            check_words(got, want, W, "hs_rpx_permute", name);
            memcpy(got, in, sizeof got);
            hs_rpx_permute_portable(got);
            check_words(got, want, W, "portable", name);
            if (hs_cpu_has_avx2()) {
                memcpy(got, in, sizeof got);
                hs_rpx_permute_avx2(got);
                check_words(got, want, W, "avx2", name);
            }
            memcpy(got, in, sizeof got);
            hs_rpx_permute_many(got, 1, 2);
            check_words(got, want, W, "many", name);
            memcpy(got, in, sizeof got);
            naive_permute(pp, got);
            check_words(got, want, W, "naive", name);
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
            check_words(got, want, 4, "hash_elements_layout", name);
            hs_rescue_hash_elements_layout(got, in, n, hs_rpx_permute_portable, layout);
            check_words(got, want, 4, "hash_elements_layout portable", name);
            naive_hash(pp, got, in, n, layout);
            check_words(got, want, 4, "naive sponge", name);
            if (layout == HS_RESCUE_LAYOUT_V0_21) {
                hs_rpx256_hash_elements(got, in, n);
                check_words(got, want, 4, "hs_rpx256_hash_elements", name);
                if (n == 8) {
                    hs_rpx256_merge(got, in);
                    check_words(got, want, 4, "hs_rpx256_merge", name);
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
            a.c[i] = it % 3 == 0 ? rand_u64(rng) : rand_elem(rng); /* lazy inputs may be >= p */
            b.c[i] = it % 3 == 1 ? rand_u64(rng) : rand_elem(rng);
            na[i] = a.c[i], nb[i] = b.c[i];
        }
        hs_gl3phi c = hs_gl3phi_mul(a, b);
        naive_ext_mul(nc, na, nb);
        check_words(c.c, nc, 3, "ext mul", "vs polynomial product");
        c = hs_gl3phi_canonical(hs_gl3phi_square_lazy(a));
        naive_ext_mul(nc, na, na);
        check_words(c.c, nc, 3, "ext square", "vs polynomial product");
        c = hs_gl3phi_pow7(a);
        memcpy(nc, na, sizeof nc);
        naive_ext_pow7(nc);
        check_words(c.c, nc, 3, "ext pow7", "vs 7 products");
    }
    /* phi^3 = phi + 1 */
    hs_gl3phi phi = {{0, 1, 0}}, p3 = hs_gl3phi_mul(hs_gl3phi_mul(phi, phi), phi);
    CHECK_EQ_U64(p3.c[0], 1);
    CHECK_EQ_U64(p3.c[1], 1);
    CHECK_EQ_U64(p3.c[2], 0);
}

static void check_rounds_and_perm(hs_rng *rng, const params *pp) {
    unsigned long iters = hs_test_iters(100);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t a[W], b[W], c[W];
        for (int i = 0; i < W; i++) a[i] = it & 1 ? rand_u64(rng) : rand_elem(rng);
        int r = (int)(it % R);
        for (int kind = 0; kind < 3; kind++) {
            memcpy(b, a, sizeof b);
            for (int i = 0; i < W; i++) b[i] = hs_gl_from_u64(b[i]);
            memcpy(c, a, sizeof c);
            if (kind == 0) naive_fb(pp, b, r), hs_rpx_fb_round(c, (unsigned)r);
            if (kind == 1) naive_ext(pp, b, r), hs_rpx_ext_round(c, (unsigned)r);
            if (kind == 2) naive_final(pp, b, r), hs_rpx_final_round(c, (unsigned)r);
            check_words(c, b, W, "round", kind == 0 ? "FB" : kind == 1 ? "E" : "M");
        }
        memcpy(b, a, sizeof b);
        memcpy(c, a, sizeof c);
        naive_permute(pp, b);
        hs_rpx_permute_portable(c);
        check_words(c, b, W, "permutation", "portable vs naive");
        if (hs_cpu_has_avx2()) {
            memcpy(c, a, sizeof c);
            hs_rpx_permute_avx2(c);
            check_words(c, b, W, "permutation", "avx2 vs naive");
        }
    }
}

static void check_batches(hs_rng *rng) {
    const size_t sizes[] = {0, 1, 2, 3, 8, 9, 17, 26, 130, 301};
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
        for (size_t k = 0; k < n; k++) hs_rpx_permute_portable(ref + k * W);
        hs_rpx_permute_many(a, n, 1);
        hs_rpx_permute_many(b, n, 2);
        hs_rpx_permute_many_portable(c, n);
        if (hs_cpu_has_avx2())
            hs_rpx_permute_many_avx2(d, n);
        else
            memcpy(d, ref, n * W * 8);
        CHECK(!memcmp(a, ref, n * W * 8));
        CHECK(!memcmp(b, ref, n * W * 8));
        CHECK(!memcmp(c, ref, n * W * 8));
        CHECK(!memcmp(d, ref, n * W * 8));
        if (hs_cpu_has_avx512()) { /* the AVX-512 kernel (groups of 9, 8, AVX2 tail) against portable */
            memcpy(d, e0, n * W * 8);
            hs_rpx_permute_many_avx512(d, n);
            CHECK(!memcmp(d, ref, n * W * 8));
        }
        free(ref), free(a), free(b), free(c), free(d), free(e0);
    }
}

static void check_sponge(hs_rng *rng, const params *pp) {
    uint64_t in[41], got[4], want[4];
    for (size_t n = 0; n <= 40 && !TOO_MANY_FAILURES(); n++) {
        for (size_t i = 0; i < n; i++) in[i] = rand_elem(rng);
        hs_rpx256_hash_elements(got, in, n);
        naive_hash(pp, want, in, n, HS_RESCUE_LAYOUT_V0_21);
        check_words(got, want, 4, "hs_rpx256_hash_elements", "random");
        hs_rescue_hash_elements_layout(got, in, n, hs_rpx_permute, HS_RESCUE_LAYOUT_V0_11);
        naive_hash(pp, want, in, n, HS_RESCUE_LAYOUT_V0_11);
        check_words(got, want, 4, "sponge v0.11", "random");
    }
    for (int it = 0; it < 20; it++) {
        for (int i = 0; i < 8; i++) in[i] = rand_elem(rng);
        hs_rpx256_merge(got, in);
        hs_rpx256_hash_elements(want, in, 8);
        check_words(got, want, 4, "merge", "vs hash_elements of 8");
        uint64_t s[W] = {0};
        memcpy(s, in, 8 * sizeof *s);
        naive_permute(pp, s);
        check_words(got, s, 4, "merge", "vs permutation of (a, b, 0)");
    }
    for (int i = 0; i < 8; i++) in[i] = rand_elem(rng);
    hs_rpx256_merge(want, in);
    in[5] = in[5] < HS_GL_EPS ? in[5] + HS_GL_P : in[5];
    hs_rpx256_merge(got, in);
    check_words(got, want, 4, "merge", "non-canonical input");
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
    params pp;
    vector_file(&pp);
    check_ext(&rng);
    check_rounds_and_perm(&rng, &pp);
    check_batches(&rng);
    check_sponge(&rng, &pp);
    return hs_test_done("test_rpx");
}
