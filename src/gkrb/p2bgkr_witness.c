/* The Poseidon2b witness of the GKR walk (p2bgkr.h): the permutation on columns (lane l of B rows
 * a column), its S-boxes and linear layers by the batch kernels of gf2_128.h, with the states
 * checkpointed every HS_P2BG_BLOCK rounds and one block's u_r kept. */
#include <string.h>

#include "gkrb/p2bgkr.h"
#include "util/mem.h"
#include "util/parallel.h"

#define P2BG_ROWS 256 /* rows a column buffer */

void hs_p2bg_matrix(hs_p2b_inst inst, int full, hs_gf128 m[HS_P2B_WIDTH][HS_P2B_WIDTH]) {
    for (unsigned j = 0; j < HS_P2B_WIDTH; j++) {
        hs_gf128 e[HS_P2B_WIDTH] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
        e[j] = hs_gf128_one();
        if (full) hs_p2b_mf(inst, e);
        else hs_p2b_mp(inst, e);
        for (unsigned i = 0; i < HS_P2B_WIDTH; i++) m[i][j] = e[i];
    }
}

/* The constants of the linear layers as hash/poseidon2b.c evaluates them (M_F as Poseidon2's
 * ladder with its "2" and "4"; M_P as y_i = (d_i + 1) x_i + sum_j x_j), read off the matrices:
 * "2" = M_F[2][1] + M_F[3][1] (3 + 1), "4" = M_F[1][0], d_i + 1 = M_P[i][i] + 1. */
typedef struct {
    hs_gf128 two, four, diag1[HS_P2B_WIDTH];
    const hs_gf128 (*rc)[HS_P2B_WIDTH];
} p2bg_consts;

static void p2bg_consts_init(hs_p2b_inst inst, p2bg_consts *c) {
    hs_gf128 mf[HS_P2B_WIDTH][HS_P2B_WIDTH], mp[HS_P2B_WIDTH][HS_P2B_WIDTH];
    hs_p2bg_matrix(inst, 1, mf);
    hs_p2bg_matrix(inst, 0, mp);
    c->two = hs_gf128_add(mf[2][1], mf[3][1]);
    c->four = mf[1][0];
    for (unsigned i = 0; i < HS_P2B_WIDTH; i++) c->diag1[i] = hs_gf128_add(mp[i][i], hs_gf128_one());
    c->rc = inst == HS_P2B_REF ? hs_p2b_ref_rc : hs_p2b_frost_rc;
}

static void xor_to(hs_gf128 *out, const hs_gf128 *a, const hs_gf128 *b, size_t m) {
    for (size_t i = 0; i < m; i++) out[i] = hs_gf128_add(a[i], b[i]);
}

/* x^7 = x^3 x^4 on m values in place; t: 2 m scratch. */
static void pow7_cols(const hs_gf128_kernels *K, hs_gf128 *x, hs_gf128 *t, size_t m) {
    hs_gf128 *x2 = t, *x4 = t + m;
    K->mul(x2, x, x, m);
    K->mul(x4, x2, x2, m);
    K->mul(x, x2, x, m);
    K->mul(x, x, x4, m);
}

/* M_F on columns s[l] (m values, P2BG_ROWS apart) in place; t: 6 P2BG_ROWS scratch.
 * t0 = x0 + x1, t1 = x2 + x3, t2 = 2 x1 + t1, t3 = 2 x3 + t0, t4 = 4 t1 + t3, t5 = 4 t0 + t2;
 * y = (t3 + t5, t5, t2 + t4, t4). */
static void mf_cols(const hs_gf128_kernels *K, const p2bg_consts *c, hs_gf128 *s, hs_gf128 *t, size_t m) {
    hs_gf128 *x0 = s, *x1 = s + P2BG_ROWS, *x2 = s + 2 * P2BG_ROWS, *x3 = s + 3 * P2BG_ROWS;
    hs_gf128 *t0 = t, *t1 = t + P2BG_ROWS, *t2 = t + 2 * P2BG_ROWS, *t3 = t + 3 * P2BG_ROWS, *t4 = t + 4 * P2BG_ROWS,
             *t5 = t + 5 * P2BG_ROWS;
    xor_to(t0, x0, x1, m);
    xor_to(t1, x2, x3, m);
    memcpy(t2, t1, m * sizeof *t2);
    memcpy(t3, t0, m * sizeof *t3);
    K->scale_add(t2, c->two, x1, m);
    K->scale_add(t3, c->two, x3, m);
    memcpy(t4, t3, m * sizeof *t4);
    memcpy(t5, t2, m * sizeof *t5);
    K->scale_add(t4, c->four, t1, m);
    K->scale_add(t5, c->four, t0, m);
    xor_to(x0, t3, t5, m);
    memcpy(x1, t5, m * sizeof *x1);
    xor_to(x2, t2, t4, m);
    memcpy(x3, t4, m * sizeof *x3);
}

/* M_P on columns in place: y_i = (d_i + 1) x_i + sum_j x_j. */
static void mp_cols(const hs_gf128_kernels *K, const p2bg_consts *c, hs_gf128 *s, hs_gf128 *t, size_t m) {
    hs_gf128 *sum = t, *y = t + P2BG_ROWS;
    xor_to(sum, s, s + P2BG_ROWS, m);
    xor_to(sum, sum, s + 2 * P2BG_ROWS, m);
    xor_to(sum, sum, s + 3 * P2BG_ROWS, m);
    for (unsigned l = 0; l < HS_P2B_WIDTH; l++) {
        memcpy(y, sum, m * sizeof *y);
        K->scale_add(y, c->diag1[l], s + l * P2BG_ROWS, m);
        memcpy(s + l * P2BG_ROWS, y, m * sizeof *y);
    }
}

typedef struct {
    hs_p2bg_witness *w;
    const hs_gf128 *in; /* the input states (the build), or NULL (a block from its checkpoint) */
    unsigned block;     /* the block whose u_r are kept */
    p2bg_consts c;
} p2bg_wit_ctx;

static void p2bg_wit_batch(void *vctx, size_t lo, size_t cnt) {
    const p2bg_wit_ctx *c = vctx;
    hs_p2bg_witness *w = c->w;
    const size_t n = w->n;
    hs_gf128 s[HS_P2B_WIDTH * P2BG_ROWS], t[6 * P2BG_ROWS];
    const hs_gf128_kernels *K = hs_gf128_kernels_best(); /* dispatched once a batch */
    for (size_t i0 = lo; i0 < lo + cnt; i0 += P2BG_ROWS) {
        const size_t m = lo + cnt - i0 < P2BG_ROWS ? lo + cnt - i0 : P2BG_ROWS;
        unsigned r0, r1;
        if (c->in) {
            for (size_t i = 0; i < m; i++)
                for (unsigned l = 0; l < HS_P2B_WIDTH; l++) s[l * P2BG_ROWS + i] = c->in[HS_P2B_WIDTH * (i0 + i) + l];
            mf_cols(K, &c->c, s, t, m);
            r0 = 0, r1 = HS_P2B_ROUNDS;
        } else {
            for (unsigned l = 0; l < HS_P2B_WIDTH; l++)
                memcpy(s + l * P2BG_ROWS, w->ckpt + (HS_P2B_WIDTH * (size_t)c->block + l) * n + i0, m * sizeof *s);
            r0 = HS_P2BG_BLOCK * c->block, r1 = r0 + HS_P2BG_BLOCK;
        }
        for (unsigned r = r0; r < r1; r++) {
            const unsigned b = r / HS_P2BG_BLOCK, full = hs_p2b_full_round(r);
            if (c->in && r % HS_P2BG_BLOCK == 0)
                for (unsigned l = 0; l < HS_P2B_WIDTH; l++)
                    memcpy(w->ckpt + (HS_P2B_WIDTH * (size_t)b + l) * n + i0, s + l * P2BG_ROWS, m * sizeof *s);
            for (unsigned l = 0; l < (full ? HS_P2B_WIDTH : 1u); l++)
                for (size_t i = 0; i < m; i++) s[l * P2BG_ROWS + i] = hs_gf128_add(s[l * P2BG_ROWS + i], c->c.rc[r][l]);
            if (b == c->block)
                for (unsigned l = 0; l < HS_P2B_WIDTH; l++)
                    memcpy(w->blk + (HS_P2B_WIDTH * (size_t)(r % HS_P2BG_BLOCK) + l) * n + i0, s + l * P2BG_ROWS,
                           m * sizeof *s);
            for (unsigned l = 0; l < (full ? HS_P2B_WIDTH : 1u); l++) pow7_cols(K, s + l * P2BG_ROWS, t, m);
            if (full) mf_cols(K, &c->c, s, t, m);
            else mp_cols(K, &c->c, s, t, m);
        }
        if (c->in)
            for (unsigned l = 0; l < HS_P2B_WIDTH; l++) memcpy(w->out + l * n + i0, s + l * P2BG_ROWS, m * sizeof *s);
    }
}

static void p2bg_wit_run(hs_p2bg_witness *w, const hs_gf128 *in, unsigned block) {
    p2bg_wit_ctx c = {w, in, block, {{0, 0}, {0, 0}, {{0, 0}}, NULL}};
    p2bg_consts_init(w->inst, &c.c);
    const unsigned th = w->threads && w->n >= hs_p2bg_par_min() ? w->threads : 1;
    size_t chunk = (w->n + th - 1) / th;
    chunk = (chunk + P2BG_ROWS - 1) / P2BG_ROWS * P2BG_ROWS;
    hs_parallel_batches(w->n, chunk, th, p2bg_wit_batch, &c);
    w->blk_id = (int)block;
}

int hs_p2bg_witness_build(hs_p2bg_witness *w, hs_p2b_inst inst, const hs_gf128 *states, unsigned log_n,
                          unsigned threads, const char **why) {
    memset(w, 0, sizeof *w);
    if (log_n > HS_P2BG_MAX_LOG_N || (unsigned)inst >= HS_P2B_INST_COUNT) {
        *why = log_n > HS_P2BG_MAX_LOG_N ? "poseidon2b-gkr: log_n above the maximum" : "poseidon2b-gkr: unknown instance";
        return 0;
    }
    w->inst = inst, w->log_n = log_n, w->n = (size_t)1 << log_n, w->threads = threads;
    const size_t cells = HS_P2B_WIDTH * w->n;
    w->ckpt = hs_alloc_array(cells * HS_P2BG_BLOCKS, sizeof *w->ckpt);
    w->out = hs_alloc_array(cells, sizeof *w->out);
    w->blk = hs_alloc_array(cells * HS_P2BG_BLOCK, sizeof *w->blk);
    if (!w->ckpt || !w->out || !w->blk) {
        hs_p2bg_witness_free(w);
        *why = hs_why_nomem;
        return 0;
    }
    p2bg_wit_run(w, states, HS_P2BG_BLOCKS - 1);
    return 1;
}

const hs_gf128 *hs_p2bg_witness_round(hs_p2bg_witness *w, unsigned r) {
    const unsigned b = r / HS_P2BG_BLOCK;
    if ((int)b != w->blk_id) p2bg_wit_run(w, NULL, b);
    return w->blk + HS_P2B_WIDTH * (size_t)(r % HS_P2BG_BLOCK) * w->n;
}

void hs_p2bg_witness_free(hs_p2bg_witness *w) {
    hs_free(w->ckpt), hs_free(w->out), hs_free(w->blk);
    memset(w, 0, sizeof *w);
}
