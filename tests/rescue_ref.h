/* What tests/test_rpo.c and tests/test_rpx.c share: RPO256 and RPX256 (miden-crypto) are Rescue
 * permutations of the same width over Goldilocks with the same MDS matrix, round constants and
 * sponge; only their rounds differ. Here: the parameters read from a known-answer file (checked
 * against the compiled-in tables), the naive MDS product and sponge on canonical hs_gl
 * arithmetic, random elements, and the batch kernels against one permutation at a time. */
#ifndef HS_TESTS_RESCUE_REF_H
#define HS_TESTS_RESCUE_REF_H

#include <stdlib.h>
#include <string.h>

#include "field/gl_ext3.h"
#include "hash/rpo.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

typedef struct {
    uint64_t mds[HS_RESCUE_WIDTH][HS_RESCUE_WIDTH], ark1[HS_RESCUE_ROUNDS][HS_RESCUE_WIDTH],
        ark2[HS_RESCUE_ROUNDS][HS_RESCUE_WIDTH], inv_alpha;
} rescue_params;

/* The file's permutation parameters into pp; the compiled-in tables must equal them. */
static inline void rescue_load_params(const vj *doc, rescue_params *pp) {
    enum { W = HS_RESCUE_WIDTH, R = HS_RESCUE_ROUNDS };
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
    CHECK_EQ_U64(pp->inv_alpha, HS_GL_INV7);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) CHECK_EQ_U64(pp->mds[i][j], hs_rescue_mds_row[(j - i + W) % W]);
    CHECK(!memcmp(pp->ark1, hs_rescue_ark1, sizeof pp->ark1));
    CHECK(!memcmp(pp->ark2, hs_rescue_ark2, sizeof pp->ark2));
}

/* s = MDS s, the file's matrix by plain products (canonical s). */
static inline void rescue_naive_mds(const rescue_params *pp, uint64_t s[HS_RESCUE_WIDTH]) {
    uint64_t t[HS_RESCUE_WIDTH];
    for (int i = 0; i < HS_RESCUE_WIDTH; i++) {
        t[i] = 0;
        for (int j = 0; j < HS_RESCUE_WIDTH; j++) t[i] = hs_gl_add(t[i], hs_gl_mul(pp->mds[i][j], s[j]));
    }
    memcpy(s, t, sizeof t);
}

/* The sponge exactly as the files word it, over a naive permutation. */
static inline void rescue_naive_hash(const rescue_params *pp, void (*permute)(const rescue_params *, uint64_t *),
                                     uint64_t out[4], const uint64_t *in, size_t n, hs_rescue_layout layout) {
    uint64_t s[HS_RESCUE_WIDTH] = {0};
    int rate = layout == HS_RESCUE_LAYOUT_V0_21 ? 0 : 4, cap = layout == HS_RESCUE_LAYOUT_V0_21 ? 8 : 0;
    if (layout == HS_RESCUE_LAYOUT_V0_10)
        s[cap] = n % 8 != 0;
    else
        s[cap] = n % 8;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        for (int k = 0; k < 8; k++) s[rate + k] = in[i + k];
        permute(pp, s);
    }
    if (i < n) {
        int k = 0;
        for (; i < n; i++) s[rate + k++] = in[i];
        if (layout == HS_RESCUE_LAYOUT_V0_10) s[rate + k++] = 1;
        for (; k < 8; k++) s[rate + k] = 0;
        permute(pp, s);
    }
    memcpy(out, s + rate, 4 * sizeof *out);
}

/* A field element, edge values one time in 16. */
static inline uint64_t rescue_rand_elem(hs_rng *rng) {
    static const uint64_t edge[] = {0, 1, 2, HS_GL_P - 1, HS_GL_P - 2, HS_GL_EPS, HS_GL_EPS + 1, 1ull << 32, 1ull << 63};
    uint64_t r = hs_rng_u64(rng);
    if ((r & 15) == 0) return edge[(r >> 8) % (sizeof edge / sizeof *edge)];
    return hs_rng_below(rng, HS_GL_P);
}
/* Any uint64, including the non-canonical [p, 2^64). */
static inline uint64_t rescue_rand_u64(hs_rng *rng) {
    uint64_t r = hs_rng_u64(rng);
    if ((r & 7) == 0) return ~0ull - (r >> 60);
    if ((r & 7) == 1) return HS_GL_P + (r >> 40);
    return hs_rng_u64(rng);
}

static inline void rescue_check_words(const uint64_t *got, const uint64_t *want, size_t n, const char *what,
                                      const char *name) {
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "%s %s: word %zu = %llu, expected %llu\n", what, name, i, (unsigned long long)got[i],
                    (unsigned long long)want[i]);
            hs_test_failures++;
            return;
        }
}

/* A permutation's kernels, one state at a time and in batches. */
typedef struct {
    void (*portable)(uint64_t *s);
    void (*many)(uint64_t *states, size_t n, unsigned threads);
    void (*many_portable)(uint64_t *states, size_t n);
    void (*many_avx2)(uint64_t *states, size_t n);
    void (*many_avx512)(uint64_t *states, size_t n);
} rescue_kernels;

/* Every batch (1 and 2 threads, portable, AVX2, AVX-512 where the CPU has it) against the portable
 * permutation one state at a time, at the given batch sizes. */
static inline void rescue_check_batches(hs_rng *rng, const rescue_kernels *k, const size_t *sizes, size_t n_sizes) {
    enum { W = HS_RESCUE_WIDTH };
    for (size_t si = 0; si < n_sizes && !TOO_MANY_FAILURES(); si++) {
        size_t n = sizes[si], bytes = (n + 1) * W * sizeof(uint64_t);
        uint64_t *ref = malloc(bytes), *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *d = malloc(bytes);
        uint64_t *e0 = malloc(bytes);
        for (size_t i = 0; i < n * W; i++) ref[i] = i % 5 == 0 ? rescue_rand_u64(rng) : rescue_rand_elem(rng);
        memcpy(e0, ref, n * W * 8);
        memcpy(a, ref, n * W * 8);
        memcpy(b, ref, n * W * 8);
        memcpy(c, ref, n * W * 8);
        memcpy(d, ref, n * W * 8);
        for (size_t j = 0; j < n; j++) k->portable(ref + j * W);
        k->many(a, n, 1);
        k->many(b, n, 2);
        k->many_portable(c, n);
        if (hs_cpu_has_avx2())
            k->many_avx2(d, n);
        else
            memcpy(d, ref, n * W * 8);
        CHECK(!memcmp(a, ref, n * W * 8));
        CHECK(!memcmp(b, ref, n * W * 8));
        CHECK(!memcmp(c, ref, n * W * 8));
        CHECK(!memcmp(d, ref, n * W * 8));
        if (hs_cpu_has_avx512()) { /* the AVX-512 kernel (groups of 9, 8, AVX2 tail) against portable */
            memcpy(d, e0, n * W * 8);
            k->many_avx512(d, n);
            CHECK(!memcmp(d, ref, n * W * 8));
        }
        free(ref), free(a), free(b), free(c), free(d), free(e0);
    }
}

#endif
