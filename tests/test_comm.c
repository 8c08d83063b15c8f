/* The gkr prover over a communicator (src/sumcheck/comm.h) without MPI: R ranks as threads of this
 * process, their collectives on shared memory and a barrier. Every rank proves with its rows
 * r, r + R, ... of the table; each rank's proof must be byte-identical to the one-process proof
 * (public and private statements, each permutation, R = 1, 2, 4, 8 down to 2^3 rows a rank) and
 * its outputs those rows' outputs; the same through hs_ctx_set_comm and hs_prove. Also: the rank
 * weights and the sum against a direct evaluation, malformed communicators and too-small shapes
 * refused. tests/mpi/cli_mpi.sh runs the same over
 * Open MPI when it is installed. */
#include <pthread.h>
#include <string.h>

#include "gkr/gkr.h"
#include "hashsnark.h"
#include "poly/mle.h"
#include "testutil.h"
#include "sumcheck/comm.h"
#include "whir/whir.h"

#define MAX_R 8

/* ---- a communicator of threads ---- */

typedef struct {
    pthread_barrier_t bar;
    int size;
    const void *send[MAX_R];
    void *recv[MAX_R];
} world;

typedef struct {
    world *w;
    int rank;
} member;

static int allgather(void *user, const void *send, void *recv, size_t bytes) {
    member *m = user;
    m->w->send[m->rank] = send;
    pthread_barrier_wait(&m->w->bar);
    for (int r = 0; r < m->w->size; r++) memcpy((char *)recv + (size_t)r * bytes, m->w->send[r], bytes);
    pthread_barrier_wait(&m->w->bar);
    return 0;
}

static int gather(void *user, const void *send, void *recv, size_t bytes, int root) {
    member *m = user;
    m->w->send[m->rank] = send;
    pthread_barrier_wait(&m->w->bar);
    if (m->rank == root)
        for (int r = 0; r < m->w->size; r++) memcpy((char *)recv + (size_t)r * bytes, m->w->send[r], bytes);
    pthread_barrier_wait(&m->w->bar);
    return 0;
}

static int bcast(void *user, void *buf, size_t bytes, int root) {
    member *m = user;
    if (m->rank == root) m->w->send[root] = buf;
    pthread_barrier_wait(&m->w->bar);
    if (m->rank != root) memcpy(buf, m->w->send[root], bytes);
    pthread_barrier_wait(&m->w->bar);
    return 0;
}

/* block `rank` of every rank's send (size blocks of bytes), in rank order */
static int alltoall(void *user, const void *send, void *recv, size_t bytes) {
    member *m = user;
    m->w->send[m->rank] = send;
    pthread_barrier_wait(&m->w->bar);
    for (int r = 0; r < m->w->size; r++)
        memcpy((char *)recv + (size_t)r * bytes, (const char *)m->w->send[r] + (size_t)m->rank * bytes, bytes);
    pthread_barrier_wait(&m->w->bar);
    return 0;
}

/* ---- one rank's proof ---- */

/* dst = rows r, r + R, ... of src (rows of `row` bytes; `rows` of them kept). */
static void slice(void *dst, const void *src, size_t rows, size_t R, size_t r, size_t row) {
    for (size_t l = 0; l < rows; l++) memcpy((char *)dst + l * row, (const char *)src + (l * R + r) * row, row);
}

typedef struct {
    member m;
    hs_comm comm;
    const hs_gkr_shape *shape;
    const hs_kb *table; /* the whole input table */
    unsigned width;
    hs_writer proof;
    hs_kb *out; /* this rank's outputs */
    int ok;
    const char *why;
} rank_job;

static void *run_rank(void *arg) {
    rank_job *j = arg;
    const size_t R = (size_t)j->comm.size, rows = ((size_t)1 << j->shape->log_perms) / R, w = j->width;
    hs_kb *mine = malloc(rows * w * sizeof *mine);
    j->out = malloc(rows * w * sizeof *j->out);
    if (!mine || !j->out) return NULL; /* j->ok stays 0; the others would wait: the test aborts below */
    slice(mine, j->table, rows, R, (size_t)j->comm.rank, w * sizeof *mine);
    j->ok = hs_gkr_prove_comm(j->shape, mine, R > 1 ? &j->comm : NULL, 1, &j->proof, j->out, NULL, NULL, &j->why);
    free(mine);
    return NULL;
}

/* Proves over R thread ranks; checks every rank's proof against ref and its outputs against outs. */
static void check_ranks(const hs_gkr_shape *shape, unsigned width, const hs_kb *table, const hs_writer *ref,
                        const hs_kb *outs, int R) {
    world wd = {.size = R};
    rank_job jobs[MAX_R];
    pthread_t th[MAX_R];
    pthread_barrier_init(&wd.bar, NULL, (unsigned)R);
    for (int r = 0; r < R; r++) {
        jobs[r] = (rank_job){.m = {&wd, r}, .shape = shape, .table = table, .width = width};
        /* 2 ranks: the all-to-all made of gathers (sumcheck/comm.c); more: the communicator's */
        jobs[r].comm = (hs_comm){r, R, &jobs[r].m, allgather, gather, bcast, R > 2 ? alltoall : NULL};
    }
    for (int r = 0; r < R; r++) CHECK(pthread_create(&th[r], NULL, run_rank, &jobs[r]) == 0);
    for (int r = 0; r < R; r++) pthread_join(th[r], NULL);
    pthread_barrier_destroy(&wd.bar);
    const size_t rows = ((size_t)1 << shape->log_perms) / (size_t)R;
    for (int r = 0; r < R; r++) {
        rank_job *j = &jobs[r];
        if (!j->ok) fprintf(stderr, "rank %d of %d: %s\n", r, R, j->why ? j->why : "no memory");
        CHECK(j->ok);
        CHECK(j->proof.len == ref->len && !memcmp(j->proof.data, ref->data, ref->len));
        int same = j->out != NULL;
        for (size_t l = 0; same && l < rows; l++)
            same = !memcmp(j->out + l * width, outs + (l * (size_t)R + (size_t)r) * width, width * sizeof *outs);
        CHECK(same);
        hs_w_free(&j->proof);
        free(j->out);
    }
}

static void test_identity(hs_rng *rng) {
    const unsigned perms[] = {HS_GKR_P2_KB16, HS_GKR_P2_KB24, HS_GKR_P1_KB16, HS_GKR_P1_KB24};
    const unsigned n = hs_test_sanitized() ? 5 : 6; /* 8 ranks of 2^3 rows at 2^6 */
    for (size_t k = 0; k < sizeof perms / sizeof *perms; k += hs_test_sanitized() ? 3 : 1) { /* sanitizers: 2 */
        const hs_gkr_perm *P = hs_gkr_perm_get(perms[k]);
        const size_t N = (size_t)1 << n, W = P->width;
        hs_kb *table = malloc(N * W * sizeof *table), *outs = malloc(N * W * sizeof *outs);
        CHECK(table && outs);
        if (!table || !outs) {
            free(table), free(outs);
            return;
        }
        for (size_t i = 0; i < N * W; i++) table[i] = hs_test_rand_kb(rng);
        for (int pub = 0; pub < 2; pub++) {
            hs_gkr_shape s = {.preset = hs_preset_find(pub ? "compat" : "proven128"), .perm_id = P->id, .log_perms = n,
                              .public_io = pub};
            hs_writer ref = {0};
            const char *why = NULL;
            CHECK(hs_gkr_prove(&s, table, 2, &ref, outs, NULL, &why));
            /* private: the commitment over the ranks wants 2^L >= R^2 leaves; 2^4 rows a rank give it */
            for (int R = 1; R <= MAX_R && (1 << (n - 3 - !pub)) >= R; R *= 2)
                check_ranks(&s, P->width, table, &ref, outs, R);
            hs_w_free(&ref);
        }
        free(table), free(outs);
    }
}

/* The rank weights sum to 1 over the ranks and give the MLE of a table of R values at the tail. */
static void test_weights(hs_rng *rng) {
    for (int R = 1; R <= MAX_R; R *= 2) {
        hs_kb5 tail[3], vals[MAX_R], sum = hs_kb5_zero(), wsum = hs_kb5_zero();
        unsigned lg = 0;
        while ((1 << lg) < R) lg++;
        for (unsigned i = 0; i < lg; i++) tail[i] = hs_test_rand_kb5(rng);
        for (int r = 0; r < R; r++) {
            const hs_comm c = {r, R, NULL, allgather, gather, bcast, NULL};
            const hs_kb5 w = hs_comm_rank_weight(&c, tail);
            vals[r] = hs_test_rand_kb5(rng);
            wsum = hs_kb5_add(wsum, w);
            sum = hs_kb5_add(sum, hs_kb5_mul(w, vals[r]));
        }
        CHECK(hs_kb5_eq(wsum, hs_kb5_one()));
        /* the MLE of vals (index bits most significant first) at tail: eq table over lg values */
        hs_kb5 eq[MAX_R], direct = hs_kb5_zero();
        hs_mle_eq_table(eq, tail, lg, hs_kb5_one(), 1);
        for (int r = 0; r < R; r++) direct = hs_kb5_add(direct, hs_kb5_mul(eq[r], vals[r]));
        CHECK(hs_kb5_eq(sum, direct));
    }
}

static void test_refusals(void) {
    const hs_comm bad[] = {{0, 3, NULL, allgather, gather, bcast, NULL},   /* not a power of two */
                           {2, 2, NULL, allgather, gather, bcast, NULL},   /* rank out of range */
                           {0, 2, NULL, NULL, gather, bcast, NULL},        /* a callback missing */
                           {0, 2048, NULL, allgather, gather, bcast, NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) CHECK(!hs_comm_valid(&bad[i]));
    CHECK(hs_comm_valid(NULL));
    /* 2^4 rows over 4 ranks: 2^2 rows a rank, refused before any collective */
    const hs_comm c = {0, 4, NULL, allgather, gather, bcast, NULL};
    hs_gkr_shape s = {.preset = hs_preset_find("compat"), .perm_id = HS_GKR_P2_KB16, .log_perms = 4, .public_io = 1};
    hs_kb in[4 * 16] = {0};
    hs_writer w = {0};
    const char *why = NULL;
    CHECK(!hs_gkr_prove_comm(&s, in, &c, 1, &w, NULL, NULL, NULL, &why));
    CHECK(why && strstr(why, "2^3"));
    hs_w_free(&w);
    /* the private statement of 2^6 Poseidon2-KB16 rows over 8 ranks: a WHIR codeword of 2^5 leaves
     * (proven128: rate 1/2), fewer than 8^2 */
    const hs_comm c8 = {0, 8, NULL, allgather, gather, bcast, NULL};
    hs_gkr_shape sp = {.preset = hs_preset_find("proven128"), .perm_id = HS_GKR_P2_KB16, .log_perms = 6};
    hs_kb in8[8 * 16] = {0};
    why = NULL;
    CHECK(!hs_gkr_prove_comm(&sp, in8, &c8, 1, &w, NULL, NULL, NULL, &why));
    CHECK(why && strstr(why, "R^2 leaves"));
    hs_w_free(&w);
}

/* ---- the same through the C interface (hs_ctx_set_comm, hs_prove with each rank's instances) ---- */

typedef struct {
    member m;
    hs_comm comm;
    const hs_shape *shape;
    const uint32_t *table;
    size_t n_words; /* the whole table's */
    uint8_t *proof;
    size_t len;
    hs_status st;
    char why[HS_REASON_LEN];
} api_job;

static void *api_rank(void *arg) {
    api_job *j = arg;
    const size_t R = (size_t)j->comm.size, w = 16, rows = j->n_words / w / R;
    uint32_t *mine = malloc(rows * w * sizeof *mine);
    hs_ctx *ctx = NULL;
    j->st = HS_ERR_NOMEM;
    if (!mine || hs_ctx_new(&ctx, 1) != HS_OK) return free(mine), NULL;
    slice(mine, j->table, rows, R, (size_t)j->comm.rank, w * sizeof *mine);
    j->st = hs_ctx_set_comm(ctx, &j->comm);
    if (j->st == HS_OK)
        j->st = hs_prove(ctx, &j->proof, &j->len, NULL, 0, NULL, j->why, sizeof j->why, j->shape, mine, rows * w);
    hs_ctx_free(ctx);
    free(mine);
    return NULL;
}

static void test_api(hs_rng *rng) {
    enum { N = 64, W = 16, R = 2 };
    uint32_t table[N * W];
    for (size_t i = 0; i < N * W; i++) table[i] = (uint32_t)hs_rng_below(rng, 2130706433u);
    hs_shape s;
    hs_shape_init(&s);
    s.backend = HS_BACKEND_GKR, s.hash = "poseidon2-kb16", s.statement = HS_STATEMENT_PUBLIC, s.log_perms = 6;
    s.allow_insecure = 1;
    hs_ctx *one = NULL;
    uint8_t *ref = NULL;
    size_t ref_len = 0;
    char why[HS_REASON_LEN];
    CHECK(hs_ctx_new(&one, 1) == HS_OK);
    if (!one) return;
    const hs_comm bad = {0, 3, NULL, allgather, gather, bcast, NULL};
    CHECK(hs_ctx_set_comm(one, &bad) == HS_ERR_ARGUMENT);
    CHECK(hs_prove(one, &ref, &ref_len, NULL, 0, NULL, why, sizeof why, &s, table, N * W) == HS_OK);
    for (int stark = 0; stark < 2; stark++) { /* gkr: the same proof; stark: refused on every rank */
        hs_shape sh = s;
        if (stark) sh.backend = HS_BACKEND_STARK;
        world wd = {.size = R};
        api_job jobs[R];
        pthread_t th[R];
        pthread_barrier_init(&wd.bar, NULL, R);
        for (int r = 0; r < R; r++) {
            jobs[r] = (api_job){.m = {&wd, r}, .shape = &sh, .table = table, .n_words = N * W};
            jobs[r].comm = (hs_comm){r, R, &jobs[r].m, allgather, gather, bcast, alltoall};
            CHECK(pthread_create(&th[r], NULL, api_rank, &jobs[r]) == 0);
        }
        for (int r = 0; r < R; r++) pthread_join(th[r], NULL);
        pthread_barrier_destroy(&wd.bar);
        for (int r = 0; r < R; r++) {
            if (stark) {
                CHECK(jobs[r].st == HS_ERR_ARGUMENT && strstr(jobs[r].why, "over 2 ranks"));
            } else {
                if (jobs[r].st != HS_OK) fprintf(stderr, "api rank %d: %s\n", r, jobs[r].why);
                CHECK(jobs[r].st == HS_OK && jobs[r].len == ref_len && !memcmp(jobs[r].proof, ref, ref_len));
            }
            hs_proof_free(jobs[r].proof);
        }
    }
    hs_proof_free(ref);
    hs_ctx_free(one);
}

/* ---- the WHIR commitment over the ranks directly ---- */

typedef struct {
    member m;
    hs_comm comm;
    const hs_whir_params *p;
    const hs_kb *f; /* the whole polynomial: 2^lc columns of 2^lrows values */
    unsigned lc, lrows;
    const hs_whir_statement *st;
    hs_writer w;
    int ok;
    const char *why;
} whir_job;

static void *whir_rank(void *arg) {
    whir_job *j = arg;
    const size_t R = (size_t)j->comm.size, r = (size_t)j->comm.rank, rows = ((size_t)1 << j->lrows) / R;
    const size_t C = (size_t)1 << j->lc;
    hs_kb *mine = malloc(C * rows * sizeof *mine);
    const hs_kb *cols[64];
    if (!mine) return NULL;
    for (size_t c = 0; c < C; c++) { /* rank r's rows of every column: r, r + R, ... */
        slice(mine + c * rows, j->f + (c << j->lrows), rows, R, r, sizeof *mine);
        cols[c] = mine + c * rows;
    }
    hs_transcript t;
    hs_transcript_init(&t, "test_comm/whir");
    hs_whir_witness *ww = NULL;
    unsigned lr = 0;
    while (((size_t)1 << lr) < R) lr++;
    j->ok = hs_whir_commit_ranks(&ww, j->p, cols, j->lc, j->lrows - lr, &j->comm, &t, &j->w, 1, &j->why) &&
            hs_whir_open(j->p, ww, j->st, 1, &t, &j->w, 1, &j->why);
    hs_whir_witness_free(ww);
    free(mine);
    return NULL;
}

/* hs_whir_commit_ranks and the opening over thread ranks against one process's commitment and
 * opening of the whole polynomial, byte for byte: caps of height 0 (the top levels above the
 * ranks' subtrees hashed by every rank, their siblings opened from them) and 3 (the subtrees'
 * caps gathered; at 8 ranks exactly the roots), columns stacked or not, 2 to 8 ranks. */
static void test_whir_ranks(hs_rng *rng) {
    const unsigned shapes[][3] = {{2, 10, 0}, {2, 10, 3}, {0, 12, 3}, {3, 11, 0}}; /* lc, lrows, cap */
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k += hs_test_sanitized() ? 2 : 1) { /* both caps */
        const unsigned lc = shapes[k][0], lrows = shapes[k][1], n = lc + lrows;
        hs_whir_config cfg;
        hs_whir_config_proven128(&cfg, 1, HS_MERKLE_POSEIDON2);
        cfg.cap_height = shapes[k][2];
        hs_whir_params p;
        const char *why = NULL;
        CHECK(hs_whir_params_derive(&p, n, &cfg, NULL, &why));
        hs_kb *f = malloc(((size_t)1 << n) * sizeof *f);
        hs_kb5 *pt = malloc(n * sizeof *pt), v;
        CHECK(f && pt);
        if (!f || !pt) {
            free(f), free(pt);
            return;
        }
        for (size_t i = 0; i < ((size_t)1 << n); i++) f[i] = hs_test_rand_kb(rng);
        for (unsigned i = 0; i < n; i++) pt[i] = hs_test_rand_kb5(rng);
        const hs_kb *cols[64];
        for (size_t c = 0; c < ((size_t)1 << lc); c++) cols[c] = f + (c << lrows);
        hs_whir_statement st = {n, pt, 1, NULL, &v};
        hs_transcript t;
        hs_transcript_init(&t, "test_comm/whir");
        hs_writer ref = {0};
        hs_whir_witness *ww = NULL;
        CHECK(hs_whir_commit(&ww, &p, NULL, cols, lc, lrows, &t, &ref, NULL, 1, &why));
        if (ww) hs_whir_eval_statement(ww, n, pt, NULL, 1, &v, 1);
        CHECK(ww && hs_whir_open(&p, ww, &st, 1, &t, &ref, 1, &why));
        hs_whir_witness_free(ww);
        for (int R = 2; R <= MAX_R; R *= 2) {
            world wd = {.size = R};
            whir_job jobs[MAX_R];
            pthread_t th[MAX_R];
            pthread_barrier_init(&wd.bar, NULL, (unsigned)R);
            for (int r = 0; r < R; r++) {
                jobs[r] = (whir_job){.m = {&wd, r}, .p = &p, .f = f, .lc = lc, .lrows = lrows, .st = &st};
                jobs[r].comm = (hs_comm){r, R, &jobs[r].m, allgather, gather, bcast, R == 4 ? NULL : alltoall};
            }
            for (int r = 0; r < R; r++) CHECK(pthread_create(&th[r], NULL, whir_rank, &jobs[r]) == 0);
            for (int r = 0; r < R; r++) pthread_join(th[r], NULL);
            pthread_barrier_destroy(&wd.bar);
            for (int r = 0; r < R; r++) {
                if (!jobs[r].ok) fprintf(stderr, "whir shape %zu, rank %d of %d: %s\n", k, r, R, jobs[r].why);
                CHECK(jobs[r].ok && jobs[r].w.len == ref.len && !memcmp(jobs[r].w.data, ref.data, ref.len));
                hs_w_free(&jobs[r].w);
            }
        }
        hs_w_free(&ref);
        free(f), free(pt);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "comm");
    for (unsigned id = 1; id <= HS_GKR_PERM_IDS; id++) (void)hs_gkr_perm_get(id); /* derived tables, before threads */
    test_weights(&rng);
    test_refusals();
    test_identity(&rng);
    test_api(&rng);
    test_whir_ranks(&rng);
    return hs_test_done("comm");
}
