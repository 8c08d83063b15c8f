/* Poseidon2-Goldilocks: bit-exact with Plonky3's vectors (every case, every round of the trace),
 * the Horizen Labs instances through the same code, the linear layers and whole permutation against
 * a naive % p reference (explicit matrices, uint128 arithmetic), and the batch entry point against
 * single calls for 1 and 2 threads. */
#include <string.h>

#include "hash/poseidon2_gl.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

#define P HS_GL_P

/* ---- naive reference: its own copy of the constants, % p after every operation ---- */

typedef struct {
    unsigned w, rp;
    int hl; /* Horizen Labs M4 */
    uint64_t ei[4][12], ii[HS_P2GL_MAX_PARTIAL], ef[4][12], v[12];
} ref_params;

static uint64_t nadd(uint64_t a, uint64_t b) { return (uint64_t)(((hs_u128)a + b) % P); }
static uint64_t nmul(uint64_t a, uint64_t b) { return (uint64_t)(((hs_u128)a * b) % P); }
static uint64_t npow7(uint64_t x) {
    uint64_t r = 1;
    for (int i = 0; i < 7; i++) r = nmul(r, x);
    return r;
}

/* 2*M4 on the diagonal blocks, M4 elsewhere, as an explicit w x w matrix */
static void naive_ext(const ref_params *rp, uint64_t *s) {
    static const uint64_t m4p[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    static const uint64_t m4h[4][4] = {{5, 7, 1, 3}, {4, 6, 1, 1}, {1, 3, 5, 7}, {1, 1, 4, 6}};
    uint64_t t[12];
    for (unsigned i = 0; i < rp->w; i++) {
        uint64_t acc = 0;
        for (unsigned j = 0; j < rp->w; j++) {
            uint64_t m = (rp->hl ? m4h : m4p)[i & 3][j & 3] * ((i >> 2) == (j >> 2) ? 2 : 1);
            acc = nadd(acc, nmul(m, s[j]));
        }
        t[i] = acc;
    }
    memcpy(s, t, rp->w * sizeof *s);
}

/* ones + diag(V) as an explicit matrix */
static void naive_int(const ref_params *rp, uint64_t *s) {
    uint64_t t[12];
    for (unsigned i = 0; i < rp->w; i++) {
        uint64_t acc = 0;
        for (unsigned j = 0; j < rp->w; j++) acc = nadd(acc, nmul(i == j ? nadd(1, rp->v[i]) : 1, s[j]));
        t[i] = acc;
    }
    memcpy(s, t, rp->w * sizeof *s);
}

static void naive_permute(const ref_params *rp, uint64_t *s) {
    naive_ext(rp, s);
    for (unsigned r = 0; r < 4; r++) {
        for (unsigned i = 0; i < rp->w; i++) s[i] = npow7(nadd(s[i], rp->ei[r][i]));
        naive_ext(rp, s);
    }
    for (unsigned r = 0; r < rp->rp; r++) {
        s[0] = npow7(nadd(s[0], rp->ii[r]));
        naive_int(rp, s);
    }
    for (unsigned r = 0; r < 4; r++) {
        for (unsigned i = 0; i < rp->w; i++) s[i] = npow7(nadd(s[i], rp->ef[r][i]));
        naive_ext(rp, s);
    }
}

static int init_from_ref(hs_p2gl_params *pp, const ref_params *rp) {
    uint64_t ei[4 * 12], ef[4 * 12]; /* packed rows of width w */
    for (unsigned r = 0; r < 4; r++)
        for (unsigned i = 0; i < rp->w; i++) ei[r * rp->w + i] = rp->ei[r][i], ef[r * rp->w + i] = rp->ef[r][i];
    return hs_p2gl_params_init(pp, rp->w, rp->rp, rp->hl ? HS_P2GL_M4_HORIZEN : HS_P2GL_M4_PLONKY3, ei, rp->ii, ef,
                               rp->v);
}

static void load_params(const vj *doc, ref_params *rp) {
    memset(rp, 0, sizeof *rp);
    rp->w = (unsigned)vj_u64(vj_get(doc, "width"));
    rp->rp = (unsigned)vj_u64(vj_path(doc, "rounds.partial_rounds"));
    CHECK(rp->w == 8 || rp->w == 12);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "sbox.degree")), 7);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "field.modulus")), P);
    const vj *m4 = vj_path(doc, "external_linear_layer.M4");
    rp->hl = vj_u64(vj_at(vj_at(m4, 0), 0)) == 5; /* [[5,7,1,3],...] vs [[2,3,1,1],...] */
    uint64_t row[4];
    static const uint64_t m4p[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    static const uint64_t m4h[4][4] = {{5, 7, 1, 3}, {4, 6, 1, 1}, {1, 3, 5, 7}, {1, 1, 4, 6}};
    for (size_t r = 0; r < 4; r++) {
        CHECK_EQ_U64(vj_u64s(vj_at(m4, r), row, 4), 4);
        CHECK(!memcmp(row, (rp->hl ? m4h : m4p)[r], sizeof row));
    }
    const vj *ei = vj_path(doc, "round_constants.external_initial");
    const vj *ef = vj_path(doc, "round_constants.external_final");
    CHECK_EQ_U64(vj_len(ei), 4);
    CHECK_EQ_U64(vj_len(ef), 4);
    for (size_t r = 0; r < 4; r++) {
        CHECK_EQ_U64(vj_u64s(vj_at(ei, r), rp->ei[r], 12), rp->w);
        CHECK_EQ_U64(vj_u64s(vj_at(ef, r), rp->ef[r], 12), rp->w);
    }
    CHECK_EQ_U64(vj_u64s(vj_path(doc, "round_constants.internal"), rp->ii, HS_P2GL_MAX_PARTIAL), rp->rp);
    CHECK_EQ_U64(vj_u64s(vj_path(doc, "internal_linear_layer.V"), rp->v, 12), rp->w);
}

/* The compiled-in defaults must equal the file's constants. */
static void check_defaults(const hs_p2gl_params *file, const hs_p2gl_params *builtin) {
    CHECK(file->width == builtin->width && file->partial == builtin->partial && file->m4 == builtin->m4);
    CHECK(!memcmp(file->rc_init, builtin->rc_init, sizeof file->rc_init));
    CHECK(!memcmp(file->rc_int, builtin->rc_int, sizeof file->rc_int));
    CHECK(!memcmp(file->rc_final, builtin->rc_final, sizeof file->rc_final));
    CHECK(!memcmp(file->diag, builtin->diag, sizeof file->diag));
    CHECK(builtin->diag_small == builtin->width); /* the shift/add internal layer is the one in use */
}

static void check_state(const uint64_t *got, const uint64_t *want, unsigned w, const char *what, size_t idx) {
    for (unsigned i = 0; i < w; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "%s[%zu] lane %u: got %llu want %llu\n", what, idx, i, (unsigned long long)got[i],
                    (unsigned long long)want[i]);
            hs_test_failures++;
            return;
        }
}

static void vector_cases(const char *file, const hs_p2gl_params *builtin) {
    vj *doc = vj_load(file);
    ref_params rp;
    load_params(doc, &rp);
    hs_p2gl_params pp;
    CHECK(init_from_ref(&pp, &rp));
    if (builtin) check_defaults(&pp, builtin);
    const hs_p2gl_params *use = builtin ? builtin : &pp;
    const unsigned w = rp.w;
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 1);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        uint64_t in[12], out[12], s[12];
        CHECK_EQ_U64(vj_u64s(vj_get(cs, "input"), in, 12), w);
        CHECK_EQ_U64(vj_u64s(vj_get(cs, "output"), out, 12), w);
        memcpy(s, in, sizeof s);
        hs_p2gl_permute(use, s);
        check_state(s, out, w, file, c);
        memcpy(s, in, sizeof s);
        naive_permute(&rp, s);
        check_state(s, out, w, "naive", c);
        memcpy(s, in, sizeof s);
        hs_p2gl_permute_many(use, s, 1, 2);
        check_state(s, out, w, "many", c);

        const vj *tr = vj_get(cs, "trace_derived");
        uint64_t rounds[(1 + 8 + HS_P2GL_MAX_PARTIAL) * 12];
        memcpy(s, in, sizeof s);
        hs_p2gl_permute_trace(use, s, rounds);
        check_state(s, out, w, "trace output", c);
        check_state(rounds + (size_t)w * (8 + rp.rp), out, w, "trace last round", c);
        if (!tr) continue;
        uint64_t want[12];
        size_t at = 0;
        CHECK_EQ_U64(vj_u64s(vj_get(tr, "after_initial_linear_layer"), want, 12), w);
        check_state(rounds + w * at++, want, w, "after_initial_linear_layer", 0);
        const char *groups[3] = {"after_initial_full_round", "after_partial_round", "after_final_full_round"};
        size_t counts[3] = {4, rp.rp, 4};
        for (int g = 0; g < 3; g++) {
            const vj *arr = vj_get(tr, groups[g]);
            CHECK_EQ_U64(vj_len(arr), counts[g]);
            for (size_t r = 0; r < vj_len(arr) && r < counts[g]; r++) {
                CHECK_EQ_U64(vj_u64s(vj_at(arr, r), want, 12), w);
                check_state(rounds + w * at++, want, w, groups[g], r);
            }
        }
    }
    vj_free(doc);
}

static uint64_t rand_elem(hs_rng *rng) {
    /* mostly uniform, sometimes values near 0 and p - 1 where carries happen */
    uint64_t k = hs_rng_below(rng, 8);
    if (k == 0) return hs_rng_below(rng, 4);
    if (k == 1) return P - 1 - hs_rng_below(rng, 4);
    return hs_rng_below(rng, P);
}

static void rand_state(hs_rng *rng, uint64_t *s, size_t n) {
    for (size_t i = 0; i < n; i++) s[i] = rand_elem(rng);
}

/* Linear layers and the whole permutation against the naive reference on random data, for the
 * defaults (shift/add diagonal), the Horizen Labs instances and random constants (generic path). */
static void random_instances(hs_rng *rng) {
    for (int k = 0; k < 8 && !TOO_MANY_FAILURES(); k++) {
        ref_params rp;
        memset(&rp, 0, sizeof rp);
        rp.w = k & 1 ? 12 : 8;
        rp.hl = (k >> 1) & 1;
        rp.rp = k < 4 ? 22 : 1 + (unsigned)hs_rng_below(rng, HS_P2GL_MAX_PARTIAL);
        rand_state(rng, &rp.ei[0][0], 4 * 12);
        rand_state(rng, &rp.ef[0][0], 4 * 12);
        rand_state(rng, rp.ii, HS_P2GL_MAX_PARTIAL);
        if (k < 4) {
            /* Plonky3's diagonal with random round constants: the small-diagonal code under another M4 */
            const hs_p2gl_params *d = rp.w == 8 ? hs_p2gl_default8() : hs_p2gl_default12();
            memcpy(rp.v, d->diag, sizeof rp.v);
        } else {
            rand_state(rng, rp.v, 12);
        }
        hs_p2gl_params pp;
        CHECK(init_from_ref(&pp, &rp));
        CHECK(pp.diag_small == (k < 4 ? rp.w : 0));
        for (int t = 0; t < 20; t++) {
            uint64_t a[12], b[12];
            rand_state(rng, a, 12);
            memcpy(b, a, sizeof a);
            hs_p2gl_external_linear(&pp, a);
            naive_ext(&rp, b);
            check_state(a, b, rp.w, "external_linear", (size_t)k);
            rand_state(rng, a, 12);
            memcpy(b, a, sizeof a);
            hs_p2gl_internal_linear(&pp, a);
            naive_int(&rp, b);
            check_state(a, b, rp.w, "internal_linear", (size_t)k);
            rand_state(rng, a, 12);
            memcpy(b, a, sizeof a);
            hs_p2gl_permute(&pp, a);
            naive_permute(&rp, b);
            check_state(a, b, rp.w, "permute", (size_t)k);
        }
    }
    /* the defaults against the naive reference on random states */
    for (int k = 0; k < 2; k++) {
        const hs_p2gl_params *d = k ? hs_p2gl_default12() : hs_p2gl_default8();
        ref_params rp;
        memset(&rp, 0, sizeof rp);
        rp.w = d->width;
        rp.rp = d->partial;
        memcpy(rp.ei, d->rc_init, sizeof rp.ei);
        memcpy(rp.ef, d->rc_final, sizeof rp.ef);
        memcpy(rp.ii, d->rc_int, sizeof rp.ii);
        memcpy(rp.v, d->diag, sizeof rp.v);
        for (int t = 0; t < 50; t++) {
            uint64_t a[12], b[12];
            rand_state(rng, a, 12);
            memcpy(b, a, sizeof a);
            hs_p2gl_permute(d, a);
            naive_permute(&rp, b);
            check_state(a, b, rp.w, "default permute", (size_t)t);
        }
    }
    /* rejected parameters */
    hs_p2gl_params pp;
    const hs_p2gl_params *d = hs_p2gl_default8();
    uint64_t diag[12];
    memcpy(diag, d->diag, sizeof diag);
    /* rc rows are HS_P2GL_MAX_WIDTH apart in the struct; the init arguments are packed */
    uint64_t ei[32], ef[32];
    for (int r = 0; r < 4; r++)
        for (int i = 0; i < 8; i++) ei[r * 8 + i] = d->rc_init[r][i], ef[r * 8 + i] = d->rc_final[r][i];
    CHECK(hs_p2gl_params_init(&pp, 8, 22, HS_P2GL_M4_PLONKY3, ei, d->rc_int, ef, diag) == 1);
    CHECK(!memcmp(&pp, d, sizeof pp));
    diag[3] = P;
    CHECK(!hs_p2gl_params_init(&pp, 8, 22, HS_P2GL_M4_PLONKY3, ei, d->rc_int, ef, diag));
    diag[3] = d->diag[3];
    CHECK(!hs_p2gl_params_init(&pp, 16, 22, HS_P2GL_M4_PLONKY3, ei, d->rc_int, ef, diag));
    CHECK(!hs_p2gl_params_init(&pp, 8, 0, HS_P2GL_M4_PLONKY3, ei, d->rc_int, ef, diag));
    CHECK(!hs_p2gl_params_init(&pp, 8, HS_P2GL_MAX_PARTIAL + 1, HS_P2GL_M4_PLONKY3, ei, d->rc_int, ef, diag));
    CHECK(!hs_p2gl_params_init(&pp, 8, 22, (hs_p2gl_m4)2, ei, d->rc_int, ef, diag));
}

/* permute_many with 1 and 2 threads (and 3) against single calls, for batch sizes below and
 * above the threading threshold. */
static void batches(hs_rng *rng, const hs_p2gl_params *pp) {
    const unsigned w = pp->width;
    size_t sizes[] = {0, 1, 2, 5, 511, 512, 1337};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && !TOO_MANY_FAILURES(); si++) {
        size_t n = sizes[si], bytes = (n + 1) * w * sizeof(uint64_t);
        uint64_t *ref = malloc(bytes), *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
        rand_state(rng, ref, n * w);
        memcpy(a, ref, n * w * 8);
        memcpy(b, ref, n * w * 8);
        memcpy(c, ref, n * w * 8);
        for (size_t k = 0; k < n; k++) hs_p2gl_permute(pp, ref + k * w);
        hs_p2gl_permute_many(pp, a, n, 1);
        hs_p2gl_permute_many(pp, b, n, 2);
        hs_p2gl_permute_many(pp, c, n, 3);
        CHECK(!memcmp(ref, a, n * w * 8));
        CHECK(!memcmp(ref, b, n * w * 8));
        CHECK(!memcmp(ref, c, n * w * 8));
        free(ref), free(a), free(b), free(c);
    }
}

/* The AVX2 kernel (4 states per vector) and the AVX-512 one (8) against the portable one, for the defaults, the Horizen
 * Labs matrix and generic diagonals, on random states with many values near 0 and p - 1. */
static void avx2_vs_portable(hs_rng *rng) {
    if (!hs_cpu_has_avx2()) {
        printf("AVX2 unavailable: AVX2 kernel comparison skipped\n");
        return;
    }
    if (!hs_cpu_has_avx512())
        printf("AVX-512 unavailable (CPU, build or HS_SIMD): AVX-512 kernel comparison skipped\n");
    for (int k = 0; k < 10 && !TOO_MANY_FAILURES(); k++) {
        hs_p2gl_params own;
        const hs_p2gl_params *pp;
        if (k < 2) {
            pp = k ? hs_p2gl_default12() : hs_p2gl_default8();
        } else {
            unsigned w = k & 1 ? 12 : 8;
            uint64_t ei[48], ii[HS_P2GL_MAX_PARTIAL], ef[48], dg[12];
            rand_state(rng, ei, 48);
            rand_state(rng, ef, 48);
            rand_state(rng, ii, HS_P2GL_MAX_PARTIAL);
            const hs_p2gl_params *d = w == 8 ? hs_p2gl_default8() : hs_p2gl_default12();
            if (k < 6)
                memcpy(dg, d->diag, sizeof dg); /* small diagonal, random constants */
            else
                rand_state(rng, dg, 12);
            hs_p2gl_m4 m4 = (k >> 1) & 1 ? HS_P2GL_M4_HORIZEN : HS_P2GL_M4_PLONKY3;
            CHECK(hs_p2gl_params_init(&own, w, k < 8 ? 22 : 7, m4, ei, ii, ef, dg));
            pp = &own;
        }
        const unsigned w = pp->width;
        const size_t n = 39; /* 9 groups of 4 and a scalar tail of 3 */
        uint64_t a[39 * 12], b[39 * 12], c[39 * 12];
        rand_state(rng, a, n * w);
        for (unsigned i = 0; i < w; i++) a[i] = P - 1, a[w + i] = 0, a[2 * w + i] = i & 1 ? P - 1 : 0;
        memcpy(b, a, n * w * sizeof *a);
        memcpy(c, a, n * w * sizeof *a);
        hs_p2gl_permute_many_portable(pp, a, n);
        hs_p2gl_permute_many_avx2(pp, b, n);
        for (size_t j = 0; j < n; j++) check_state(b + j * w, a + j * w, w, "avx2 vs portable", j);
        if (hs_cpu_has_avx512()) { /* 4 groups of 8 and a tail of 7 (AVX2: 4 + 3 scalar) */
            hs_p2gl_permute_many_avx512(pp, c, n);
            for (size_t j = 0; j < n; j++) check_state(c + j * w, a + j * w, w, "avx512 vs portable", j);
        }
    }
}

typedef void (*ops_fn)(unsigned, uint64_t *, const uint64_t *, const uint64_t *, size_t);

/* The packed operations of field/gl.h (AVX2) or field/gl_avx512.h against uint128 % p, with
 * inputs chosen to hit the rare carry and borrow paths (products whose high word is tiny or
 * 2^64 - 1, sums that wrap). */
static void packed_ops(hs_rng *rng, ops_fn ops, const char *name) {
    enum { N = 4096 };
    static uint64_t a[N], b[N], out[N];
    static const uint64_t edge[] = {0, 1, 2, HS_GL_EPS, HS_GL_EPS + 1, 1ull << 32, 1ull << 63, P - 2, P - 1, P, P + 1,
                                    ~0ull - 1, ~0ull};
    const size_t ne = sizeof edge / sizeof *edge;
    for (unsigned op = 0; op <= 8 && !TOO_MANY_FAILURES(); op++) {
        for (size_t i = 0; i < N; i++) {
            uint64_t k = hs_rng_below(rng, 6);
            a[i] = i < ne * ne ? edge[i % ne] : k == 0 ? edge[hs_rng_below(rng, ne)] : hs_rng_u64(rng);
            b[i] = i < ne * ne ? edge[i / ne] : k == 1 ? edge[hs_rng_below(rng, ne)] : hs_rng_u64(rng);
            if (k == 2) b[i] = a[i]; /* squares through the general product */
            if (k == 3) a[i] = ~0ull - hs_rng_below(rng, 1ull << 33); /* near 2^64 */
            if (op == 2 || op >= 5) b[i] %= P;
            if (op >= 5 && op <= 7) a[i] %= P;
            if (op == 3) {
                const uint64_t lim = 1ull << 41;
                a[i] %= lim;
                b[i] %= lim;
                /* h 2^32 + a close to a multiple of 2^64: the carry path */
                if (k == 4) b[i] = (lim - 1) - hs_rng_below(rng, 1u << 12), a[i] = lim - 1 - hs_rng_below(rng, 1ull << 40);
                if (k == 5) b[i] = (hs_rng_below(rng, 512) << 32) | (HS_GL_EPS - hs_rng_below(rng, 1u << 11));
            }
        }
        ops(op, out, a, b, N);
        for (size_t i = 0; i < N && !TOO_MANY_FAILURES(); i++) {
            hs_u128 x = a[i], y = b[i], want;
            switch (op) {
            case 0: want = x * y % P; break;
            case 1: want = x * x % P; break;
            case 2: want = (x + y) % P; break;
            case 3: want = (x + (y << 32)) % P; break;
            case 4: want = x % P; break;
            case 8: {
                hs_u128 x2 = x * x % P, x4 = x2 * x2 % P;
                want = x4 * x2 % P * x % P;
                break;
            }
            default: {
                /* a / 2^k: the w in [0, p) with w 2^k = a */
                unsigned k = op - 4;
                want = (hs_u128)hs_gl_mul(a[i], hs_gl_inv(1ull << k));
                CHECK_EQ_U64((uint64_t)((hs_u128)out[i] * (1u << k) % P), a[i]);
                break;
            }
            }
            if (out[i] != (uint64_t)want) {
                fprintf(stderr, "%s op %u (%llu, %llu): got %llu want %llu\n", name, op, (unsigned long long)a[i],
                        (unsigned long long)b[i], (unsigned long long)out[i], (unsigned long long)want);
                hs_test_failures++;
            }
        }
    }
}

static void avx_ops(hs_rng *rng) {
#ifdef HS_HAVE_AVX2
    if (hs_cpu_has_avx2()) packed_ops(rng, hs_p2gl_avx2_ops, "avx2");
#endif
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) packed_ops(rng, hs_p2gl_avx512_ops, "avx512");
#endif
    (void)rng;
}

/* The delayed-reduction helper this module added to field/gl.h. */
static void reduce96(hs_rng *rng) {
    for (int it = 0; it < 100000; it++) {
        hs_u128 x = ((hs_u128)(hs_rng_u64(rng) >> (it & 31)) << 64) | hs_rng_u64(rng);
        if (it < 4) x = ((hs_u128)(0xffffffffull >> it) << 64) | ~0ull;
        if (it == 4) x = 0;
        if (it == 5) x = P;
        if (it == 6) x = ((hs_u128)HS_GL_EPS << 64) | (P - 1);
        x &= ((hs_u128)1 << 96) - 1;
        CHECK_EQ_U64(hs_gl_reduce96(x), (uint64_t)(x % P));
        if (TOO_MANY_FAILURES()) break;
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_poseidon2_gl");
    printf("AVX2 kernel %s\n", hs_cpu_has_avx2() ? "active" : "unavailable (portable fallback)");
    reduce96(&rng);
    vector_cases("poseidon2_goldilocks_w8.json", hs_p2gl_default8());
    vector_cases("poseidon2_goldilocks_w12.json", hs_p2gl_default12());
    vector_cases("poseidon2_goldilocks_w8_horizenlabs.json", NULL);
    vector_cases("poseidon2_goldilocks_w12_horizenlabs.json", NULL);
    random_instances(&rng);
    avx_ops(&rng);
    avx2_vs_portable(&rng);
    batches(&rng, hs_p2gl_default8());
    batches(&rng, hs_p2gl_default12());
    return hs_test_done("test_poseidon2_gl");
}
