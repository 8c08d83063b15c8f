/* Witness of the gkr walk: every pre-S-box state of Poseidon2-KB16, column-major. One fused pass
 * (gkr_witness.h: row kernels) runs the permutation and writes each column from the running state. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/gkr_witness.h"
#include "util/mem.h"
#include "util/cpu.h"
#include "util/parallel.h"

void hs_gkr_layer_rc(unsigned layer, hs_kb rc[HS_GKR_LANES]) {
    const hs_p2_params *pp = hs_p2_kb16();
    memset(rc, 0, HS_GKR_LANES * sizeof *rc);
    if (layer < 4)
        memcpy(rc, pp->rc_init[layer], HS_GKR_LANES * sizeof *rc);
    else if (layer < 24)
        rc[0] = pp->rc_int[layer - 4];
    else
        memcpy(rc, pp->rc_final[layer - 24], HS_GKR_LANES * sizeof *rc);
}

/* ---- linear layers and their inverses ---- */

static hs_kb minv_e[HS_GKR_LANES * HS_GKR_LANES], minv_i[HS_GKR_LANES * HS_GKR_LANES];
static pthread_once_t minv_once = PTHREAD_ONCE_INIT;

/* Gauss-Jordan on [M | I]; both matrices are invertible mod p (det M_E = 937890625,
 * det M_I = 1032385032, GKR.md (a)), so a pivot always exists. */
static void invert16(const hs_kb *m, hs_kb *inv) {
    enum { W = HS_GKR_LANES };
    hs_kb a[W][2 * W];
    for (unsigned i = 0; i < W; i++)
        for (unsigned k = 0; k < W; k++) a[i][k] = m[i * W + k], a[i][W + k] = i == k ? HS_KB_ONE : 0;
    for (unsigned c = 0; c < W; c++) {
        unsigned piv = c;
        while (piv < W && a[piv][c] == 0) piv++;
        if (piv == W) return; /* singular: cannot happen for the Poseidon2 matrices */
        if (piv != c)
            for (unsigned k = 0; k < 2 * W; k++) {
                hs_kb tmp = a[c][k];
                a[c][k] = a[piv][k], a[piv][k] = tmp;
            }
        hs_kb iv = hs_kb_inv(a[c][c]);
        for (unsigned k = 0; k < 2 * W; k++) a[c][k] = hs_kb_mul(a[c][k], iv);
        for (unsigned i = 0; i < W; i++) {
            if (i == c || a[i][c] == 0) continue;
            hs_kb f = a[i][c];
            for (unsigned k = 0; k < 2 * W; k++) a[i][k] = hs_kb_sub(a[i][k], hs_kb_mul(f, a[c][k]));
        }
    }
    for (unsigned i = 0; i < W; i++)
        for (unsigned k = 0; k < W; k++) inv[i * W + k] = a[i][W + k];
}

/* Column k of M is M applied to the unit vector e_k. */
static void matrix_of(int full, hs_kb *m) {
    const hs_p2_params *pp = hs_p2_kb16();
    for (unsigned k = 0; k < HS_GKR_LANES; k++) {
        uint32_t e[HS_GKR_LANES] = {0};
        e[k] = HS_KB_ONE;
        if (full)
            hs_p2_external_linear(pp, e);
        else
            hs_p2_internal_linear(pp, e);
        for (unsigned i = 0; i < HS_GKR_LANES; i++) m[i * HS_GKR_LANES + k] = e[i];
    }
}

static void init_minv(void) {
    hs_kb m[HS_GKR_LANES * HS_GKR_LANES];
    matrix_of(1, m);
    invert16(m, minv_e);
    matrix_of(0, m);
    invert16(m, minv_i);
}

const hs_kb *hs_gkr_minv(int full) {
    pthread_once(&minv_once, init_minv);
    return full ? minv_e : minv_i;
}

void hs_gkr_apply_minv(int full, const hs_kb5 *v, hs_kb5 *out) {
    const hs_kb *mi = hs_gkr_minv(full);
    for (unsigned i = 0; i < HS_GKR_LANES; i++) {
        hs_kb5 acc = hs_kb5_zero();
        for (unsigned k = 0; k < HS_GKR_LANES; k++)
            acc = hs_kb5_add(acc, hs_kb5_mul_base(v[k], mi[i * HS_GKR_LANES + k]));
        out[i] = acc;
    }
}

/* ---- partial lanes as combinations of the basis ---- */

static hs_kb pmap[HS_GKR_PARTIAL][15 * HS_GKR_BASIS];
static pthread_once_t pmap_once = PTHREAD_ONCE_INIT;

/* Symbolic replay of the partial rounds: each lane is a coefficient vector over the basis. Lane 0
 * of u_4 never matters (the first partial round replaces it by s_0 before M_I mixes it in). */
static void init_pmap(void) {
    const hs_p2_params *pp = hs_p2_kb16();
    static hs_kb st[HS_GKR_LANES][HS_GKR_BASIS];
    memset(st, 0, sizeof st);
    for (unsigned j = 1; j < HS_GKR_LANES; j++) st[j][j - 1] = HS_KB_ONE;
    for (unsigned r = 0; r < HS_GKR_PARTIAL; r++) {
        for (unsigned j = 1; j < HS_GKR_LANES; j++) memcpy(pmap[r] + (j - 1) * HS_GKR_BASIS, st[j], sizeof st[j]);
        if (r + 1 == HS_GKR_PARTIAL) break; /* s_19 feeds no partial layer */
        memset(st[0], 0, sizeof st[0]);
        st[0][15 + r] = HS_KB_ONE;
        for (unsigned b = 0; b < HS_GKR_BASIS; b++) {
            uint32_t v[HS_GKR_LANES];
            for (unsigned j = 0; j < HS_GKR_LANES; j++) v[j] = st[j][b];
            hs_p2_internal_linear(pp, v);
            for (unsigned j = 0; j < HS_GKR_LANES; j++) st[j][b] = v[j];
        }
    }
}

const hs_kb *hs_gkr_partial_map(unsigned r) {
    pthread_once(&pmap_once, init_pmap);
    return r < HS_GKR_PARTIAL ? pmap[r] : NULL;
}

/* ---- witness ---- */

#define COL_PART0(w) ((size_t)(w)->n_slots * HS_GKR_LANES)
#define COL_BASIS(w) (COL_PART0(w) + HS_GKR_PARTIAL)

const hs_kb *hs_gkr_col(const hs_gkr_witness *w, unsigned layer, unsigned lane) {
    if (layer >= HS_GKR_LAYERS || lane >= HS_GKR_LANES) return NULL;
    if (!hs_gkr_layer_full(layer)) return lane ? NULL : w->pre + (COL_PART0(w) + layer - 4) * w->N;
    if (w->slot[layer] < 0) return NULL;
    return w->pre + ((size_t)w->slot[layer] * HS_GKR_LANES + lane) * w->N;
}

static hs_kb *col_mut(hs_gkr_witness *w, unsigned layer, unsigned lane) {
    return (hs_kb *)hs_gkr_col(w, layer, lane);
}

const hs_kb *hs_gkr_basis(const hs_gkr_witness *w, unsigned k) {
    return k < HS_GKR_BASIS ? w->pre + (COL_BASIS(w) + k) * w->N : NULL;
}

void hs_gkr_lane(const hs_gkr_witness *w, unsigned layer, unsigned lane, hs_kb *out) {
    const hs_kb *c = hs_gkr_col(w, layer, lane);
    if (c) {
        memcpy(out, c, w->N * sizeof *out);
        return;
    }
    const hs_kb *map = hs_gkr_partial_map(layer - 4) + (lane - 1) * HS_GKR_BASIS;
    for (size_t x = 0; x < w->N; x++) {
        hs_kb acc = 0;
        for (unsigned k = 0; k < HS_GKR_BASIS; k++) acc = hs_kb_add(acc, hs_kb_mul(map[k], hs_gkr_basis(w, k)[x]));
        out[x] = acc;
    }
}

void hs_gkr_layer_of(const hs_gkr_witness *w, unsigned layer, hs_gkr_layer *ly) {
    memset(ly, 0, sizeof *ly);
    ly->n = w->n;
    if (hs_gkr_layer_full(layer)) {
        ly->n_cube = HS_GKR_LANES;
        for (unsigned j = 0; j < HS_GKR_LANES; j++) ly->cols[j] = hs_gkr_col(w, layer, j);
        return;
    }
    ly->n_cube = 1;
    ly->cols[0] = hs_gkr_col(w, layer, 0);
}

#ifndef HS_HAVE_AVX2
void hs_gkr_wit_rows_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { hs_gkr_wit_rows_portable(job, lo, m); }
#endif

/* One row at a time, the permutation written out layer by layer (the obviously-right twin of the
 * AVX2 kernel). */
void hs_gkr_wit_rows_portable(const hs_gkr_wit_job *job, size_t lo, size_t m) {
    const hs_p2_params *pp = hs_p2_kb16();
    enum { W = HS_GKR_LANES, P = HS_GKR_PARTIAL };
    for (size_t x = lo; x < lo + m; x++) {
        hs_kb s[W];
        memcpy(s, job->inputs + x * W, sizeof s);
        for (unsigned j = 0; j < W; j++)
            if (job->in[j]) job->in[j][x] = s[j];
        hs_p2_external_linear(pp, s);
        for (unsigned L = 0; L < job->layers; L++) {
            if (hs_gkr_layer_full(L)) {
                const uint32_t *rc = L < 4 ? pp->rc_init[L] : pp->rc_final[L - 24];
                hs_kb *const *d = job->full[L < 4 ? L : L - 20];
                for (unsigned j = 0; j < W; j++) {
                    s[j] = hs_kb_add(s[j], rc[j]);
                    if (d[j]) d[j][x] = s[j];
                }
                if (L + 1 == job->layers && L < 4) break; /* hs_gkr_witness_initial: pre_3 is the last */
                for (unsigned j = 0; j < W; j++) s[j] = hs_kb_cube(s[j]);
                hs_p2_external_linear(pp, s);
                continue;
            }
            const unsigned q = L - 4;
            if (q == 0)
                for (unsigned j = 1; j < W; j++) job->basis[j - 1][x] = s[j];
            s[0] = hs_kb_add(s[0], pp->rc_int[q]);
            job->part[q][x] = s[0];
            s[0] = hs_kb_cube(s[0]);
            if (q + 1 < P) job->basis[15 + q][x] = s[0];
            hs_p2_internal_linear(pp, s);
        }
        if (job->layers < HS_GKR_LAYERS) continue;
        for (unsigned j = 0; j < W; j++)
            if (job->out[j]) job->out[j][x] = s[j];
        if (job->rows) memcpy(job->rows + x * W, s, sizeof s);
    }
}

static void wit_batch(void *job, size_t lo, size_t cnt) {
    if (hs_cpu_has_avx2())
        hs_gkr_wit_rows_avx2(job, lo, cnt);
    else
        hs_gkr_wit_rows_portable(job, lo, cnt);
}

static void run_job(hs_gkr_wit_job *job, size_t N, unsigned threads) {
    size_t chunk = threads > 1 ? N / (4 * (size_t)threads) : N;
    hs_parallel_batches(N, chunk < 1024 ? 1024 : chunk, threads, wit_batch, job);
}

/* Full layers 0..3 (or 24..27) into their slots, if held. */
static void job_full(hs_gkr_wit_job *job, hs_gkr_witness *w, unsigned L0) {
    for (unsigned L = L0; L < L0 + 4; L++)
        for (unsigned j = 0; w->slot[L] >= 0 && j < HS_GKR_LANES; j++) job->full[L < 4 ? L : L - 20][j] = col_mut(w, L, j);
}

int hs_gkr_witness_build(hs_gkr_witness *w, const hs_kb *inputs, unsigned n, unsigned threads, hs_kb *rows_out,
                         int flags) {
    const int io_cols = flags & HS_GKR_WIT_IO;
    memset(w, 0, sizeof *w);
    w->n = n;
    w->N = (size_t)1 << n;
    w->n_slots = flags & HS_GKR_WIT_ALL ? 8 : 4;
    for (unsigned L = 0; L < HS_GKR_LAYERS; L++) w->slot[L] = -1;
    for (unsigned L = 24; L < 28; L++) w->slot[L] = (int)(L - 24);
    if (w->n_slots == 8)
        for (unsigned L = 0; L < 4; L++) w->slot[L] = (int)(4 + L);
    w->n_cols = (size_t)w->n_slots * HS_GKR_LANES + HS_GKR_PARTIAL + HS_GKR_BASIS;
    w->pre = hs_alloc_array(w->N, w->n_cols * sizeof(hs_kb));
    if (io_cols) {
        w->in = hs_alloc_array(w->N, HS_GKR_LANES * sizeof(hs_kb));
        w->out = hs_alloc_array(w->N, HS_GKR_LANES * sizeof(hs_kb));
    }
    if (!w->pre || (io_cols && (!w->in || !w->out))) {
        hs_gkr_witness_free(w);
        return 0;
    }
    hs_gkr_wit_job job = {.inputs = inputs, .rows = rows_out, .layers = HS_GKR_LAYERS};
    job_full(&job, w, 0);
    job_full(&job, w, 24);
    for (unsigned q = 0; q < HS_GKR_PARTIAL; q++) job.part[q] = col_mut(w, 4 + q, 0);
    for (unsigned k = 0; k < HS_GKR_BASIS; k++) job.basis[k] = w->pre + (COL_BASIS(w) + k) * w->N;
    for (unsigned j = 0; io_cols && j < HS_GKR_LANES; j++) job.in[j] = w->in + j * w->N, job.out[j] = w->out + j * w->N;
    run_job(&job, w->N, threads);
    return 1;
}

/* Only the first 3 rounds run again, straight into the slots of layers 24..27. */
int hs_gkr_witness_initial(hs_gkr_witness *w, const hs_kb *inputs, unsigned threads) {
    if (w->slot[0] >= 0) return 1;
    for (unsigned L = 0; L < 4; L++) w->slot[L] = w->slot[24 + L], w->slot[24 + L] = -1;
    hs_gkr_wit_job job = {.inputs = inputs, .layers = 4};
    job_full(&job, w, 0);
    run_job(&job, w->N, threads);
    return 1;
}

void hs_gkr_witness_free(hs_gkr_witness *w) {
    hs_free(w->pre), hs_free(w->in), hs_free(w->out);
    memset(w, 0, sizeof *w);
}
