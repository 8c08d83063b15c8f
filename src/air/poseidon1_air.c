#include "air/poseidon1_air.h"

#include <pthread.h>
#include <string.h>

#include "air/air_eval.h"
#include "air/record_air.h"

/* ---- tables ---- */

/* The affine forms of the partial block (poseidon1_kb.h's unrolled block, on the committed
 * cubes): t_{j+1} = off_t[j] + <g[j], u_1..> + sum_{i < j} ab[j][i] sb_i + m00 sb_j, and output
 * lane i = off_w[i-1] + <Ahat_0 row i-1, u_1..> + sum_m b[m][i-1] sb_m. */
static void build(hs_p1air_tables *t, const hs_p1_params *pp) {
    const hs_p1_consts *c = &pp->mont;
    const unsigned w = pp->width, P = pp->partial, n = w - 1;
    memset(t, 0, sizeof *t);
    t->pp = pp;
    t->width = w;
    t->partial = P;
    for (unsigned j = 0; j < P; j++) {
        memcpy(t->coef[j], c->g[j], n * sizeof **t->coef);
        memcpy(t->coef[j] + n, c->ab[j], j * sizeof **t->coef);
        t->coef[j][n + j] = c->m00;
        t->seed[j] = hs_kb_mul(c->off_t[j], HS_KB_R2);
    }
    for (unsigned i = 1; i < w; i++) {
        hs_kb *f = t->coef[P - 1 + i];
        memcpy(f, c->m_i[i] + 1, n * sizeof *f);
        for (unsigned m = 0; m < P; m++) f[n + m] = c->b[m][i - 1];
        t->seed[P - 1 + i] = hs_kb_mul(c->off_w[i - 1], HS_KB_R2);
    }
}

static hs_p1air_tables tables16, tables24;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_tables(void) {
    build(&tables16, hs_p1_kb16());
    build(&tables24, hs_p1_kb24());
}

const hs_p1air_tables *hs_p1air_tables_of(const hs_p1_params *pp) {
    pthread_once(&tables_once, init_tables);
    return pp == tables16.pp ? &tables16 : pp == tables24.pp ? &tables24 : NULL;
}

/* ---- trace ---- */

static void record(const void *tb, uint32_t *states, size_t n, uint32_t *rec) {
    hs_p1_permute_many_record(((const hs_p1air_tables *)tb)->pp, states, n, rec, 1);
}

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    return hs_air_record_trace(a, record, inputs, n, tr, outputs, threads);
}

/* ---- base-field rows ---- */

/* REDC(seed + sum_i coef[i] x[i]): products below p^2 summed lazily below p 2^32 */
static hs_kb form_base(uint32_t seed, const hs_kb *coef, const hs_kb *x, unsigned n) {
    uint64_t acc = seed;
    for (unsigned i = 0; i < n; i++) {
        acc += (uint64_t)coef[i] * x[i];
        if (acc >= HS_AIR_ACC_M) acc -= HS_AIR_ACC_M;
    }
    return hs_kb_redc(acc);
}

#define CUBE_ADDC(x, c) hs_kb_cube(hs_kb_add(x, c))
#define MDS(t) hs_p1_mds(tb->pp, t)
#define SCALE(x) (x)
#define FORMS(f, v)                                                                                        \
    for (unsigned j_ = 0; j_ < P + W - 1; j_++) f[j_] = form_base(tb->seed[j_], tb->coef[j_], v, hs_p1air_form_terms(W, P, j_))
#define EMIT_FULL(k, c) EMIT(k, c)
#define FN eval_base
#include "air/air_ops_base.h"
#include "air/poseidon1_air_eval.inc"

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out) {
    (void)next, (void)periodic;
    const hs_p1air_tables *tb = a->params;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    eval_base(tb, a->v, a->slot_stride, local, &b, tb->width, tb->partial);
    *out = hs_air_acc_base_finish(&b);
}

/* ---- challenge-field values: the linear maps coordinate by coordinate ---- */

static void mds_ext(const hs_p1_params *pp, hs_kbe *x) {
    hs_kb col[HS_P1_MAX_WIDTH];
    for (unsigned t = 0; t < HS_KBE_MAX; t++) {
        for (unsigned i = 0; i < pp->width; i++) col[i] = x[i].c[t];
        hs_p1_mds(pp, col);
        for (unsigned i = 0; i < pp->width; i++) x[i].c[t] = col[i];
    }
}

static hs_kbe form_ext(const hs_p1air_tables *tb, unsigned j, const hs_kbe *x, unsigned n) {
    hs_kb col[HS_P1AIR_MAX_FORMS];
    hs_kbe r;
    for (unsigned t = 0; t < HS_KBE_MAX; t++) {
        for (unsigned i = 0; i < n; i++) col[i] = x[i].c[t];
        r.c[t] = form_base(t ? 0 : tb->seed[j], tb->coef[j], col, n);
    }
    return r;
}

#define CUBE_ADDC(x, c) CUBE(hs_kbe_add_base(x, c))
#define MDS(t) mds_ext(tb->pp, t)
#define SCALE(x) (x)
#define FORMS(f, v) \
    for (unsigned j_ = 0; j_ < P + W - 1; j_++) f[j_] = form_ext(tb, j_, v, hs_p1air_form_terms(W, P, j_))
#define EMIT_FULL(k, c) EMIT(k, c)
#define FN eval_ext_body
#include "air/air_ops_ext.h"
#include "air/poseidon1_air_eval.inc"

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *periodic,
                       const hs_kb *pow) {
    (void)next, (void)periodic;
    const hs_p1air_tables *tb = a->params;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    eval_ext_body(tb, a->v, a->slot_stride, local, &e, tb->width, tb->partial);
    return e.acc;
}

/* ---- 8 and 16 rows ---- */

HS_AIR_LOCAL_EVALUATORS(hs_p1air_eval)

static const hs_air_ops ops = {trace, eval_row, hs_air_rows8_local_scratch, eval_rows8, eval_ext, NULL, NULL, NULL};

int hs_p1air_init(hs_air *a, const hs_p1_params *pp, unsigned log_v) {
    memset(a, 0, sizeof *a);
    const hs_p1air_tables *tb = pp ? hs_p1air_tables_of(pp) : NULL;
    if (!tb) return 0;
    const unsigned w = pp->width;
    if (!hs_air_record_init(a, &ops, w == 16 ? "poseidon1-kb16" : "poseidon1-kb24", w == 16 ? 6 : 7, tb, w,
                            HS_P1_REC_WORDS(pp), 8 * w + pp->partial, log_v, HS_P1AIR_MAX_LOG_V))
        return 0;
    a->eval_rows16 = eval_rows16;
    return 1;
}

static int init16(hs_air *a, unsigned log_v) { return hs_p1air_init(a, hs_p1_kb16(), log_v); }
static int init24(hs_air *a, unsigned log_v) { return hs_p1air_init(a, hs_p1_kb24(), log_v); }

const hs_air_def hs_air_def_poseidon1_kb16 = {6, "poseidon1-kb16",
                                              "Poseidon1 over KoalaBear, width 16 (x^3, 4 + 20 + 4 rounds, circulant MDS)",
                                              HS_P1AIR_MAX_LOG_V, init16, "permutations"};
const hs_air_def hs_air_def_poseidon1_kb24 = {7, "poseidon1-kb24",
                                              "Poseidon1 over KoalaBear, width 24 (x^3, 4 + 23 + 4 rounds, circulant MDS)",
                                              HS_P1AIR_MAX_LOG_V, init24, "permutations"};
