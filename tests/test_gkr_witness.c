/* The gkr witness build (src/gkr/gkr_witness*.c) for every permutation the gkr backend proves:
 * the row kernels against the known-answer per-round trace, each AVX2 kernel against the portable
 * one on random rows (any row range, streaming and plain stores, any set of kept columns), and the
 * whole build against the portable kernel for every flag set and thread count,
 * hs_gkr_witness_initial included. */
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/gkr_witness.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "vecjson.h"

enum { MW = HS_GKR_MAX_WIDTH };

typedef void (*rows_fn)(const hs_gkr_wit_job *job, size_t lo, size_t m);

/* Every column a job can write, and then the output rows. */
static size_t job_cols(const hs_gkr_perm *p) { return 2 * HS_GKR_HALF * p->width + p->partial + p->basis + 2 * p->width; }

static void fill(hs_rng *rng, hs_kb *v, size_t n) {
    for (size_t i = 0; i < n; i++) v[i] = hs_test_rand_kb(rng);
}

/* Every column of a job as column c of buf (N rows each), then rows at buf + job_cols * N. */
static void job_all(hs_gkr_wit_job *job, const hs_gkr_perm *p, const hs_kb *inputs, hs_kb *buf, size_t N,
                    unsigned layers) {
    memset(job, 0, sizeof *job);
    job->perm = p;
    job->inputs = inputs;
    job->layers = layers;
    const unsigned W = p->width;
    size_t c = 0;
    for (unsigned i = 0; i < 2 * HS_GKR_HALF; i++)
        for (unsigned j = 0; j < W; j++) job->full[i][j] = buf + c++ * N;
    for (unsigned q = 0; q < p->partial; q++) job->part[q] = buf + c++ * N;
    for (unsigned k = 0; k < p->basis; k++) job->basis[k] = buf + c++ * N;
    for (unsigned j = 0; j < W; j++) job->in[j] = buf + c++ * N;
    for (unsigned j = 0; j < W; j++) job->out[j] = buf + c++ * N;
    job->rows = buf + job_cols(p) * N;
}

static void load_state(const vj *arr, unsigned W, hs_kb *s) {
    uint32_t v[MW];
    CHECK_EQ_U64(vj_u32s(arr, v, W), W);
    for (unsigned j = 0; j < W; j++) s[j] = hs_kb_from_u32(v[j]);
}

/* u_L (the state entering round L, L = 0..layers) of a known-answer case from its trace: the
 * textbook states (Poseidon1's partial states are not the witness's sparse ones). A case without
 * a trace gives only its output (u[layers]); returns whether it had one. */
static int kat_states(const hs_gkr_perm *p, const vj *cs, hs_kb u[][MW]) {
    const unsigned W = p->width;
    const vj *tr = vj_get(cs, "trace_derived");
    if (!tr) {
        load_state(vj_get(cs, "output"), W, u[p->layers]);
        return 0;
    }
    const vj *init = vj_get(tr, "after_initial_linear_layer");
    load_state(init ? init : vj_get(cs, "input"), W, u[0]);
    for (unsigned r = 0; r < HS_GKR_HALF; r++) load_state(vj_at(vj_get(tr, "after_initial_full_round"), r), W, u[1 + r]);
    for (unsigned q = 0; q < p->partial; q++)
        load_state(vj_at(vj_get(tr, "after_partial_round"), q), W, u[HS_GKR_HALF + 1 + q]);
    for (unsigned r = 0; r < HS_GKR_HALF; r++)
        load_state(vj_at(vj_get(tr, "after_final_full_round"), r), W, u[HS_GKR_HALF + p->partial + 1 + r]);
    hs_kb out[MW];
    load_state(vj_get(cs, "output"), W, out);
    CHECK(!memcmp(out, u[p->layers], W * sizeof *out));
    return 1;
}

/* The textbook S-box input of lane 0 in partial round q: Poseidon2 adds its constant to lane 0,
 * Poseidon1 a whole vector (the case file's round_constants row). */
static hs_kb lane0_in(const hs_gkr_perm *p, const hs_kb *rc_text, unsigned q, hs_kb u[][MW]) {
    return hs_kb_add(u[HS_GKR_HALF + q][0], rc_text ? rc_text[q] : p->rc_pre[q]);
}

/* Row x of a job's columns against the trace u. Full layers and every lane 0 are compared with the
 * textbook states; the block entry's lanes only without an entry layer (Poseidon2). */
static void check_row(const hs_gkr_wit_job *job, size_t x, const hs_kb *input, hs_kb u[][MW],
                      const hs_kb *rc_text, int traced) {
    const hs_gkr_perm *p = job->perm;
    const unsigned W = p->width;
    for (unsigned L = 0; traced && L < p->layers; L++) {
        hs_kb rc[MW];
        hs_gkr_layer_rc(p, L, rc);
        if (hs_gkr_layer_full(p, L)) {
            for (unsigned j = 0; j < W; j++)
                CHECK(job->full[L < HS_GKR_HALF ? L : L - p->partial][j][x] == hs_kb_add(u[L][j], rc[j]));
            continue;
        }
        const unsigned q = L - HS_GKR_HALF;
        const hs_kb pre = lane0_in(p, rc_text, q, u);
        CHECK(job->part[q][x] == pre);
        if (q + 1 < p->partial) CHECK(job->basis[W - 1 + q][x] == hs_kb_cube(pre));
    }
    for (unsigned j = 1; traced && !p->entry && j < W; j++) CHECK(job->basis[j - 1][x] == u[HS_GKR_HALF][j]);
    for (unsigned j = 0; j < W; j++) {
        CHECK(job->in[j][x] == input[j]);
        CHECK(job->out[j][x] == u[p->layers][j]);
        CHECK(job->rows[x * W + j] == u[p->layers][j]);
    }
}

/* The portable kernel, then the AVX2 and AVX-512 ones where the permutation, build, CPU and
 * HS_SIMD allow. */
static const rows_fn *kernel_list(const hs_gkr_perm *p, unsigned *n) {
    static rows_fn fns[3];
    *n = 0;
    fns[(*n)++] = hs_gkr_wit_rows_portable;
    if (p->rows_avx2 && hs_cpu_has_avx2()) fns[(*n)++] = p->rows_avx2;
    if (p->rows_avx512 && hs_cpu_has_avx512()) fns[(*n)++] = p->rows_avx512;
    return fns;
}

/* The known-answer input in rows 3, 21 (in the blocks of the vector kernels: 16 rows AVX2, 32
 * AVX-512) and 35 (a tail). */
static void known_answer(hs_rng *rng, const hs_gkr_perm *p, const char *file) {
    const unsigned W = p->width;
    vj *doc = vj_load(file);
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) > 0 && vj_get(vj_at(cases, 0), "trace_derived"));
    /* Poseidon1's case files give the textbook constants: lane 0 of each partial round's row */
    hs_kb rc_text[HS_GKR_MAX_PARTIAL], *rct = NULL;
    const vj *rcs = vj_get(doc, "round_constants");
    if (p->entry && rcs) {
        for (unsigned q = 0; q < p->partial; q++) {
            hs_kb row[MW];
            load_state(vj_at(rcs, HS_GKR_HALF + q), W, row);
            rc_text[q] = row[0];
        }
        rct = rc_text;
    }
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        static hs_kb u[HS_GKR_MAX_LAYERS + 1][MW];
        const int traced = kat_states(p, cs, u);
        hs_kb kin[MW];
        load_state(vj_get(cs, "input"), W, kin);
        const size_t N = 37, rows[3] = {3, 21, 35};
        hs_kb *in = malloc(N * W * sizeof *in), *buf = hs_alloc_array(N, (job_cols(p) + W) * sizeof *buf);
        fill(rng, in, N * W);
        for (unsigned i = 0; i < 3; i++) memcpy(in + rows[i] * W, kin, W * sizeof *kin);
        unsigned nf;
        const rows_fn *fns = kernel_list(p, &nf);
        for (unsigned f = 0; f < nf; f++) {
            hs_gkr_wit_job job;
            job_all(&job, p, in, buf, N, p->layers);
            fns[f](&job, 0, N);
            for (unsigned i = 0; i < 3; i++) check_row(&job, rows[i], kin, u, rct, traced);
        }
        free(in), hs_free(buf);

        /* the whole build (2^5 rows, all layers held): every held lane, and the materialised
         * partial lanes (Poseidon2: its textbook states) */
        const unsigned n = 5;
        const size_t M = (size_t)1 << n, x = 19;
        in = malloc(M * W * sizeof *in);
        hs_kb *lane = malloc(M * sizeof *lane);
        fill(rng, in, M * W);
        memcpy(in + x * W, kin, W * sizeof *kin);
        hs_gkr_witness w;
        CHECK(hs_gkr_witness_build(&w, p, in, n, 2, NULL, HS_GKR_WIT_IO | HS_GKR_WIT_ALL));
        for (unsigned L = 0; traced && L < p->layers; L++) {
            hs_kb rc[MW];
            hs_gkr_layer_rc(p, L, rc);
            const int textbook = hs_gkr_layer_full(p, L) || !p->entry;
            for (unsigned j = 0; j < (textbook ? W : 1); j++) {
                hs_gkr_lane(&w, L, j, lane);
                CHECK(lane[x] == (textbook ? hs_kb_add(u[L][j], rc[j]) : lane0_in(p, rct, L - HS_GKR_HALF, u)));
            }
        }
        for (unsigned j = 0; j < W; j++) CHECK(w.in[j * M + x] == kin[j] && w.out[j * M + x] == u[p->layers][j]);
        hs_gkr_witness_free(&w);
        free(in), free(lane);
    }
    vj_free(doc);
}

/* The AVX2 and AVX-512 kernels write exactly the words the portable one writes, and no others. */
static void twins(hs_rng *rng, const hs_gkr_perm *p) {
    unsigned nf;
    const rows_fn *fns = kernel_list(p, &nf);
    if (nf < 2) return;
    const unsigned W = p->width;
    const size_t N = 96;
    const size_t words = N * (job_cols(p) + W);
    hs_kb *in = malloc(N * W * sizeof *in);
    hs_kb *a = hs_alloc_array(words, sizeof *a), *b = hs_alloc_array(words, sizeof *b);
    hs_kb *c = hs_alloc_array(words, sizeof *c);
    for (unsigned it = 0; it < 40 && !TOO_MANY_FAILURES(); it++) {
        fill(rng, in, N * W);
        if (it % 4 == 3) /* extreme rows: every word 0 or p - 1 (raw), or mixed */
            for (size_t x = 0; x < N; x += 3)
                for (unsigned j = 0; j < W; j++) in[x * W + j] = x % 2 ? HS_KB_P - 1 : (x % 9 ? 0 : (j & 1) * (HS_KB_P - 1));
        fill(rng, a, words);
        memcpy(b, a, words * sizeof *a);
        const unsigned layers = it % 3 == 2 ? HS_GKR_HALF : p->layers;
        hs_gkr_wit_job ja, jb;
        job_all(&ja, p, in, a, N, layers);
        job_all(&jb, p, in, b, N, layers);
        /* some kept-column sets: full layers dropped, no in/out, no rows */
        for (unsigned i = 0; i < 2 * HS_GKR_HALF; i++)
            if (hs_rng_below(rng, 3) == 0)
                for (unsigned j = 0; j < W; j++) ja.full[i][j] = jb.full[i][j] = NULL;
        if (hs_rng_below(rng, 2))
            for (unsigned j = 0; j < W; j++) ja.in[j] = jb.in[j] = ja.out[j] = jb.out[j] = NULL;
        if (hs_rng_below(rng, 2)) ja.rows = jb.rows = NULL;
        /* aligned row ranges (streaming stores) and odd ones (plain stores), with tails */
        size_t lo = it % 2 ? hs_rng_below(rng, 40) : 8 * hs_rng_below(rng, 5);
        size_t m = hs_rng_below(rng, N - lo + 1);
        memcpy(c, b, words * sizeof *b);
        fns[0](&ja, lo, m);
        for (unsigned f = 1; f < nf; f++) {
            memcpy(b, c, words * sizeof *b);
            fns[f](&jb, lo, m);
            CHECK(!memcmp(a, b, words * sizeof *a));
        }
    }
    free(in), hs_free(a), hs_free(b), hs_free(c);
}

/* hs_gkr_witness_build for each flag set and thread count against the portable kernel's columns;
 * hs_gkr_witness_initial against the build with all layers. */
static void builds(hs_rng *rng, const hs_gkr_perm *p) {
    const unsigned W = p->width, F = HS_GKR_HALF + p->partial, ns[3] = {2, 9, 12};
    for (unsigned ni = 0; ni < 3; ni++) {
        const unsigned n = ns[ni];
        const size_t N = (size_t)1 << n;
        hs_kb *in = malloc(N * W * sizeof *in), *ref = hs_alloc_array(N, (job_cols(p) + W) * sizeof *ref);
        hs_kb *rows = malloc(N * W * sizeof *rows);
        fill(rng, in, N * W);
        hs_gkr_wit_job job;
        job_all(&job, p, in, ref, N, p->layers);
        hs_gkr_wit_rows_portable(&job, 0, N);
        for (int flags = 0; flags < 4; flags++)
            for (unsigned threads = 1; threads <= 3; threads++) {
                hs_gkr_witness w;
                memset(rows, 0, N * W * sizeof *rows);
                CHECK(hs_gkr_witness_build(&w, p, in, n, threads, rows, flags));
                CHECK(w.n_cols == hs_gkr_witness_cols(p, flags & HS_GKR_WIT_ALL ? 2 * HS_GKR_HALF : HS_GKR_HALF));
                CHECK(!memcmp(rows, job.rows, N * W * sizeof *rows));
                CHECK((w.in != NULL) == ((flags & HS_GKR_WIT_IO) != 0));
                for (unsigned j = 0; w.in && j < W; j++) {
                    CHECK(!memcmp(w.in + j * N, job.in[j], N * sizeof *in));
                    CHECK(!memcmp(w.out + j * N, job.out[j], N * sizeof *in));
                }
                for (unsigned round = 0; round < 2; round++) {
                    for (unsigned L = 0; L < p->layers; L++) {
                        const hs_kb *c0 = hs_gkr_col(&w, L, 0);
                        if (!hs_gkr_layer_full(p, L)) {
                            CHECK(c0 && !memcmp(c0, job.part[L - HS_GKR_HALF], N * sizeof *c0));
                            continue;
                        }
                        const int held = flags & HS_GKR_WIT_ALL || (round == 0 ? L >= F : L < HS_GKR_HALF);
                        CHECK((c0 != NULL) == held);
                        for (unsigned j = 0; c0 && j < W; j++)
                            CHECK(!memcmp(hs_gkr_col(&w, L, j), job.full[L < HS_GKR_HALF ? L : L - p->partial][j],
                                          N * sizeof *c0));
                    }
                    for (unsigned k = 0; k < p->basis; k++)
                        CHECK(!memcmp(hs_gkr_basis(&w, k), job.basis[k], N * sizeof *in));
                    CHECK(hs_gkr_witness_initial(&w, in, threads));
                }
                hs_gkr_witness_free(&w);
            }
        free(in), free(rows), hs_free(ref);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "gkr_witness");
    static const struct {
        unsigned id;
        const char *file;
    } perms[] = {{HS_GKR_P2_KB16, "poseidon2_koalabear_w16.json"}, {HS_GKR_P2_KB24, "poseidon2_koalabear_w24.json"},
                 {HS_GKR_P1_KB16, "poseidon1_koalabear_w16.json"}, {HS_GKR_P1_KB24, "poseidon1_koalabear_w24.json"}};
    for (size_t i = 0; i < sizeof perms / sizeof *perms; i++) {
        const hs_gkr_perm *p = hs_gkr_perm_get(perms[i].id);
        CHECK(p != NULL);
        if (!p) continue;
        CHECK(hs_gkr_perm_find(p->name) == p);
        CHECK(p->rows_avx2 != NULL);
        known_answer(&rng, p, perms[i].file);
        twins(&rng, p);
        builds(&rng, p);
    }
    return hs_test_done("gkr_witness");
}
