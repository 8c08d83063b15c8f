/* The gkr witness build (src/gkr/gkr_witness*.c): both row kernels against the known-answer
 * per-round trace, the AVX2 kernel against the portable one on random rows (any row range,
 * streaming and plain stores, any set of kept columns), and the whole build against the row
 * kernels for every flag set and thread count, hs_gkr_witness_initial included. */
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/gkr_witness.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "vecjson.h"

enum { W = HS_GKR_LANES, NCOLS = 8 * W + HS_GKR_PARTIAL + HS_GKR_BASIS + 2 * W };

typedef void (*rows_fn)(const hs_gkr_wit_job *job, size_t lo, size_t m);

static void fill(hs_rng *rng, hs_kb *v, size_t n) {
    for (size_t i = 0; i < n; i++) v[i] = hs_test_rand_kb(rng);
}

/* Every column of a job as column c of buf (N rows each), then rows at buf + NCOLS * N. */
static void job_all(hs_gkr_wit_job *job, const hs_kb *inputs, hs_kb *buf, size_t N, unsigned layers) {
    memset(job, 0, sizeof *job);
    job->inputs = inputs;
    job->layers = layers;
    size_t c = 0;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = 0; j < W; j++) job->full[i][j] = buf + c++ * N;
    for (unsigned q = 0; q < HS_GKR_PARTIAL; q++) job->part[q] = buf + c++ * N;
    for (unsigned k = 0; k < HS_GKR_BASIS; k++) job->basis[k] = buf + c++ * N;
    for (unsigned j = 0; j < W; j++) job->in[j] = buf + c++ * N;
    for (unsigned j = 0; j < W; j++) job->out[j] = buf + c++ * N;
    job->rows = buf + NCOLS * N;
}

static void load_state(const vj *arr, hs_kb *s) {
    uint32_t v[W];
    CHECK_EQ_U64(vj_u32s(arr, v, W), W);
    for (unsigned j = 0; j < W; j++) s[j] = hs_kb_from_u32(v[j]);
}

/* u_L (the state before S-box layer L, L = 0..28) of the known-answer case from its trace. */
static void kat_states(const vj *cs, hs_kb u[HS_GKR_LAYERS + 1][W]) {
    const vj *tr = vj_get(cs, "trace_derived");
    CHECK(tr != NULL);
    if (!tr) return;
    load_state(vj_get(tr, "after_initial_linear_layer"), u[0]);
    for (unsigned r = 0; r < 4; r++) load_state(vj_at(vj_get(tr, "after_initial_full_round"), r), u[1 + r]);
    for (unsigned q = 0; q < HS_GKR_PARTIAL; q++) load_state(vj_at(vj_get(tr, "after_partial_round"), q), u[5 + q]);
    for (unsigned r = 0; r < 4; r++) load_state(vj_at(vj_get(tr, "after_final_full_round"), r), u[25 + r]);
    hs_kb out[W];
    load_state(vj_get(cs, "output"), out);
    CHECK(!memcmp(out, u[28], sizeof out));
}

/* Row x of a job's columns against the trace u. */
static void check_row(const hs_gkr_wit_job *job, size_t x, const hs_kb *input, hs_kb u[HS_GKR_LAYERS + 1][W]) {
    for (unsigned L = 0; L < HS_GKR_LAYERS; L++) {
        hs_kb rc[W];
        hs_gkr_layer_rc(L, rc);
        if (hs_gkr_layer_full(L)) {
            for (unsigned j = 0; j < W; j++) CHECK(job->full[L < 4 ? L : L - 20][j][x] == hs_kb_add(u[L][j], rc[j]));
            continue;
        }
        const unsigned q = L - 4;
        const hs_kb pre = hs_kb_add(u[L][0], rc[0]);
        CHECK(job->part[q][x] == pre);
        if (q + 1 < HS_GKR_PARTIAL) CHECK(job->basis[15 + q][x] == hs_kb_cube(pre));
    }
    for (unsigned j = 1; j < W; j++) CHECK(job->basis[j - 1][x] == u[4][j]);
    for (unsigned j = 0; j < W; j++) {
        CHECK(job->in[j][x] == input[j]);
        CHECK(job->out[j][x] == u[28][j]);
        CHECK(job->rows[x * W + j] == u[28][j]);
    }
}

/* The known-answer input in rows 3, 21 (in 16-row blocks of the AVX2 kernel) and 35 (its tail). */
static void known_answer(hs_rng *rng) {
    vj *doc = vj_load("poseidon2_koalabear_w16.json");
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) > 0);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        static hs_kb u[HS_GKR_LAYERS + 1][W];
        kat_states(cs, u);
        hs_kb kin[W];
        load_state(vj_get(cs, "input"), kin);
        const size_t N = 37, rows[3] = {3, 21, 35};
        hs_kb *in = malloc(N * W * sizeof *in), *buf = hs_alloc_array(N, (NCOLS + W) * sizeof *buf);
        fill(rng, in, N * W);
        for (unsigned i = 0; i < 3; i++) memcpy(in + rows[i] * W, kin, sizeof kin);
        const rows_fn fns[2] = {hs_gkr_wit_rows_portable, hs_gkr_wit_rows_avx2};
        for (unsigned f = 0; f < (hs_cpu_has_avx2() ? 2u : 1u); f++) {
            hs_gkr_wit_job job;
            job_all(&job, in, buf, N, HS_GKR_LAYERS);
            fns[f](&job, 0, N);
            for (unsigned i = 0; i < 3; i++) check_row(&job, rows[i], kin, u);
        }
        free(in), hs_free(buf);

        /* the whole build (2^5 rows, all layers held): every lane through hs_gkr_lane */
        const unsigned n = 5;
        const size_t M = (size_t)1 << n, x = 19;
        in = malloc(M * W * sizeof *in);
        hs_kb *lane = malloc(M * sizeof *lane);
        fill(rng, in, M * W);
        memcpy(in + x * W, kin, sizeof kin);
        hs_gkr_witness w;
        CHECK(hs_gkr_witness_build(&w, in, n, 2, NULL, HS_GKR_WIT_IO | HS_GKR_WIT_ALL));
        for (unsigned L = 0; L < HS_GKR_LAYERS; L++) {
            hs_kb rc[W];
            hs_gkr_layer_rc(L, rc);
            for (unsigned j = 0; j < W; j++) {
                hs_gkr_lane(&w, L, j, lane);
                CHECK(lane[x] == hs_kb_add(u[L][j], rc[j]));
            }
        }
        for (unsigned j = 0; j < W; j++) CHECK(w.in[j * M + x] == kin[j] && w.out[j * M + x] == u[28][j]);
        hs_gkr_witness_free(&w);
        free(in), free(lane);
    }
    vj_free(doc);
}

/* The AVX2 kernel writes exactly the words the portable one writes, and no others. */
static void twins(hs_rng *rng) {
    if (!hs_cpu_has_avx2()) {
        fprintf(stderr, "no AVX2: kernel comparison skipped\n");
        return;
    }
    const size_t N = 96;
    const size_t words = N * (NCOLS + W);
    hs_kb *in = malloc(N * W * sizeof *in);
    hs_kb *a = hs_alloc_array(words, sizeof *a), *b = hs_alloc_array(words, sizeof *b);
    for (unsigned it = 0; it < 40 && !TOO_MANY_FAILURES(); it++) {
        fill(rng, in, N * W);
        fill(rng, a, words);
        memcpy(b, a, words * sizeof *a);
        const unsigned layers = it % 3 == 2 ? 4 : HS_GKR_LAYERS;
        hs_gkr_wit_job ja, jb;
        job_all(&ja, in, a, N, layers);
        job_all(&jb, in, b, N, layers);
        /* some kept-column sets: full layers dropped, no in/out, no rows */
        for (unsigned i = 0; i < 8; i++)
            if (hs_rng_below(rng, 3) == 0)
                for (unsigned j = 0; j < W; j++) ja.full[i][j] = jb.full[i][j] = NULL;
        if (hs_rng_below(rng, 2))
            for (unsigned j = 0; j < W; j++) ja.in[j] = jb.in[j] = ja.out[j] = jb.out[j] = NULL;
        if (hs_rng_below(rng, 2)) ja.rows = jb.rows = NULL;
        /* aligned row ranges (streaming stores) and odd ones (plain stores), with tails */
        size_t lo = it % 2 ? hs_rng_below(rng, 40) : 8 * hs_rng_below(rng, 5);
        size_t m = hs_rng_below(rng, N - lo + 1);
        hs_gkr_wit_rows_portable(&ja, lo, m);
        hs_gkr_wit_rows_avx2(&jb, lo, m);
        CHECK(!memcmp(a, b, words * sizeof *a));
    }
    free(in), hs_free(a), hs_free(b);
}

/* hs_gkr_witness_build for each flag set and thread count against the portable kernel's columns;
 * hs_gkr_witness_initial against the build with all layers. */
static void builds(hs_rng *rng) {
    const unsigned ns[3] = {2, 9, 12};
    for (unsigned ni = 0; ni < 3; ni++) {
        const unsigned n = ns[ni];
        const size_t N = (size_t)1 << n;
        hs_kb *in = malloc(N * W * sizeof *in), *ref = hs_alloc_array(N, (NCOLS + W) * sizeof *ref);
        hs_kb *rows = malloc(N * W * sizeof *rows);
        fill(rng, in, N * W);
        hs_gkr_wit_job job;
        job_all(&job, in, ref, N, HS_GKR_LAYERS);
        hs_gkr_wit_rows_portable(&job, 0, N);
        for (int flags = 0; flags < 4; flags++)
            for (unsigned threads = 1; threads <= 3; threads++) {
                hs_gkr_witness w;
                memset(rows, 0, N * W * sizeof *rows);
                CHECK(hs_gkr_witness_build(&w, in, n, threads, rows, flags));
                CHECK(!memcmp(rows, job.rows, N * W * sizeof *rows));
                CHECK((w.in != NULL) == ((flags & HS_GKR_WIT_IO) != 0));
                for (unsigned j = 0; w.in && j < W; j++) {
                    CHECK(!memcmp(w.in + j * N, job.in[j], N * sizeof *in));
                    CHECK(!memcmp(w.out + j * N, job.out[j], N * sizeof *in));
                }
                for (unsigned round = 0; round < 2; round++) {
                    for (unsigned L = 0; L < HS_GKR_LAYERS; L++) {
                        const hs_kb *c0 = hs_gkr_col(&w, L, 0);
                        if (!hs_gkr_layer_full(L)) {
                            CHECK(c0 && !memcmp(c0, job.part[L - 4], N * sizeof *c0));
                            continue;
                        }
                        const int held = flags & HS_GKR_WIT_ALL || (round == 0 ? L >= 24 : L < 4);
                        CHECK((c0 != NULL) == held);
                        for (unsigned j = 0; c0 && j < W; j++)
                            CHECK(!memcmp(hs_gkr_col(&w, L, j), job.full[L < 4 ? L : L - 20][j], N * sizeof *c0));
                    }
                    for (unsigned k = 0; k < HS_GKR_BASIS; k++)
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
    known_answer(&rng);
    twins(&rng);
    builds(&rng);
    return hs_test_done("gkr_witness");
}
