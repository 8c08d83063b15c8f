/* Witness of the gkr walk: every pre-S-box state of a permutation (gkr_perm.h), column-major. One
 * fused pass (gkr_witness.h: row kernels) runs the permutation and writes each column from the
 * running state. */
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/gkr_witness.h"
#include "util/mem.h"
#include "util/cpu.h"
#include "util/parallel.h"

/* ---- witness ---- */

#define COL_PART0(w) ((size_t)(w)->n_slots * (w)->perm->width)
#define COL_BASIS(w) (COL_PART0(w) + (w)->perm->partial)

const hs_kb *hs_gkr_col(const hs_gkr_witness *w, unsigned layer, unsigned lane) {
    const hs_gkr_perm *p = w->perm;
    if (layer >= p->layers || lane >= p->width) return NULL;
    if (!hs_gkr_layer_full(p, layer)) return lane ? NULL : w->pre + (COL_PART0(w) + layer - HS_GKR_HALF) * w->N;
    if (w->slot[layer] < 0) return NULL;
    return w->pre + ((size_t)w->slot[layer] * p->width + lane) * w->N;
}

static hs_kb *col_mut(hs_gkr_witness *w, unsigned layer, unsigned lane) {
    return (hs_kb *)hs_gkr_col(w, layer, lane);
}

const hs_kb *hs_gkr_basis(const hs_gkr_witness *w, unsigned k) {
    return k < w->perm->basis ? w->pre + (COL_BASIS(w) + k) * w->N : NULL;
}

void hs_gkr_lane(const hs_gkr_witness *w, unsigned layer, unsigned lane, hs_kb *out) {
    const hs_kb *c = hs_gkr_col(w, layer, lane);
    if (c) {
        memcpy(out, c, w->N * sizeof *out);
        return;
    }
    const hs_gkr_perm *p = w->perm;
    const hs_kb *map = p->pmap[layer - HS_GKR_HALF] + (lane - 1) * HS_GKR_MAP_STRIDE;
    for (size_t x = 0; x < w->N; x++) {
        hs_kb acc = map[HS_GKR_MAP_CONST];
        for (unsigned k = 0; k < p->basis; k++) acc = hs_kb_add(acc, hs_kb_mul(map[k], hs_gkr_basis(w, k)[x]));
        out[x] = acc;
    }
}

void hs_gkr_layer_of(const hs_gkr_witness *w, unsigned layer, hs_gkr_layer *ly) {
    memset(ly, 0, sizeof *ly);
    ly->n = w->n;
    if (hs_gkr_layer_full(w->perm, layer)) {
        ly->n_cube = w->perm->width;
        for (unsigned j = 0; j < ly->n_cube; j++) ly->cols[j] = hs_gkr_col(w, layer, j);
        return;
    }
    ly->n_cube = 1;
    ly->cols[0] = hs_gkr_col(w, layer, 0);
}

#ifndef HS_HAVE_AVX2
void hs_gkr_wit_rows_p2kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { hs_gkr_wit_rows_portable(job, lo, m); }
void hs_gkr_wit_rows_p2kb24_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { hs_gkr_wit_rows_portable(job, lo, m); }
void hs_gkr_wit_rows_p1kb16_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { hs_gkr_wit_rows_portable(job, lo, m); }
void hs_gkr_wit_rows_p1kb24_avx2(const hs_gkr_wit_job *job, size_t lo, size_t m) { hs_gkr_wit_rows_portable(job, lo, m); }
#endif

/* One row at a time, the permutation written out layer by layer from its description (the
 * obviously-right twin of the AVX2 kernels). */
void hs_gkr_wit_rows_portable(const hs_gkr_wit_job *job, size_t lo, size_t m) {
    const hs_gkr_perm *p = job->perm;
    const unsigned W = p->width, R = p->partial;
    for (size_t x = lo; x < lo + m; x++) {
        hs_kb s[HS_GKR_MAX_WIDTH];
        memcpy(s, job->inputs + x * W, W * sizeof *s);
        for (unsigned j = 0; j < W; j++)
            if (job->in[j]) job->in[j][x] = s[j];
        if (p->initial) p->initial(p->ctx, 0, s);
        for (unsigned L = 0; L < job->layers; L++) {
            if (hs_gkr_layer_full(p, L)) {
                const unsigned f = L < HS_GKR_HALF ? L : L - R;
                hs_kb *const *d = job->full[f];
                for (unsigned j = 0; j < W; j++) {
                    s[j] = hs_kb_add(s[j], p->rc_full[f][j]);
                    if (d[j]) d[j][x] = s[j];
                }
                if (L + 1 == job->layers && L < HS_GKR_HALF) break; /* hs_gkr_witness_initial: the last it needs */
                for (unsigned j = 0; j < W; j++) s[j] = hs_kb_cube(s[j]);
                p->full(p->ctx, 0, s);
                continue;
            }
            const unsigned q = L - HS_GKR_HALF;
            if (q == 0) {
                if (p->entry) {
                    for (unsigned j = 0; j < W; j++) s[j] = hs_kb_add(s[j], p->entry_c[j]);
                    p->entry(p->ctx, 0, s);
                }
                for (unsigned j = 1; j < W; j++) job->basis[j - 1][x] = s[j];
            }
            s[0] = hs_kb_add(s[0], p->rc_pre[q]);
            job->part[q][x] = s[0];
            s[0] = hs_kb_cube(s[0]);
            if (q + 1 < R) job->basis[W - 1 + q][x] = s[0];
            s[0] = hs_kb_add(s[0], p->rc_post[q]);
            p->part(p->ctx, q, s);
        }
        if (job->layers < p->layers) continue;
        for (unsigned j = 0; j < W; j++)
            if (job->out[j]) job->out[j][x] = s[j];
        if (job->rows) memcpy(job->rows + x * W, s, W * sizeof *s);
    }
}

static void wit_batch(void *vj, size_t lo, size_t cnt) {
    const hs_gkr_wit_job *job = vj;
    if (job->perm->rows_avx512 && hs_cpu_has_avx512())
        job->perm->rows_avx512(job, lo, cnt);
    else if (job->perm->rows_avx2 && hs_cpu_has_avx2())
        job->perm->rows_avx2(job, lo, cnt);
    else
        hs_gkr_wit_rows_portable(job, lo, cnt);
}

static void run_job(hs_gkr_wit_job *job, size_t N, unsigned threads) {
    size_t chunk = threads > 1 ? N / (4 * (size_t)threads) : N;
    hs_parallel_batches(N, chunk < 1024 ? 1024 : chunk, threads, wit_batch, job);
}

/* The initial (or final: L0 = HALF + partial) full layers into their slots, if held. */
static void job_full(hs_gkr_wit_job *job, hs_gkr_witness *w, unsigned L0) {
    const hs_gkr_perm *p = w->perm;
    for (unsigned L = L0; L < L0 + HS_GKR_HALF; L++)
        for (unsigned j = 0; w->slot[L] >= 0 && j < p->width; j++)
            job->full[L < HS_GKR_HALF ? L : L - p->partial][j] = col_mut(w, L, j);
}

int hs_gkr_witness_build(hs_gkr_witness *w, const hs_gkr_perm *p, const hs_kb *inputs, unsigned n, unsigned threads,
                         hs_kb *rows_out, int flags) {
    const int io_cols = flags & HS_GKR_WIT_IO;
    const unsigned F = HS_GKR_HALF + p->partial; /* the first final full layer */
    memset(w, 0, sizeof *w);
    w->perm = p;
    w->n = n;
    w->N = (size_t)1 << n;
    w->n_slots = flags & HS_GKR_WIT_ALL ? 2 * HS_GKR_HALF : HS_GKR_HALF;
    for (unsigned L = 0; L < HS_GKR_MAX_LAYERS; L++) w->slot[L] = -1;
    for (unsigned L = F; L < F + HS_GKR_HALF; L++) w->slot[L] = (int)(L - F);
    if (w->n_slots == 2 * HS_GKR_HALF)
        for (unsigned L = 0; L < HS_GKR_HALF; L++) w->slot[L] = (int)(HS_GKR_HALF + L);
    w->n_cols = hs_gkr_witness_cols(p, w->n_slots);
    w->pre = hs_alloc_array(w->N, w->n_cols * sizeof(hs_kb));
    if (io_cols) {
        w->in = hs_alloc_array(w->N, p->width * sizeof(hs_kb));
        w->out = hs_alloc_array(w->N, p->width * sizeof(hs_kb));
    }
    if (!w->pre || (io_cols && (!w->in || !w->out))) {
        hs_gkr_witness_free(w);
        return 0;
    }
    hs_gkr_wit_job job = {.perm = p, .inputs = inputs, .rows = rows_out, .layers = p->layers};
    job_full(&job, w, 0);
    job_full(&job, w, F);
    for (unsigned q = 0; q < p->partial; q++) job.part[q] = col_mut(w, HS_GKR_HALF + q, 0);
    for (unsigned k = 0; k < p->basis; k++) job.basis[k] = w->pre + (COL_BASIS(w) + k) * w->N;
    for (unsigned j = 0; io_cols && j < p->width; j++) job.in[j] = w->in + j * w->N, job.out[j] = w->out + j * w->N;
    run_job(&job, w->N, threads);
    return 1;
}

/* Only the initial full rounds run again, straight into the slots of the final ones. */
int hs_gkr_witness_initial(hs_gkr_witness *w, const hs_kb *inputs, unsigned threads) {
    if (w->slot[0] >= 0) return 1;
    const unsigned F = HS_GKR_HALF + w->perm->partial;
    for (unsigned L = 0; L < HS_GKR_HALF; L++) w->slot[L] = w->slot[F + L], w->slot[F + L] = -1;
    hs_gkr_wit_job job = {.perm = w->perm, .inputs = inputs, .layers = HS_GKR_HALF};
    job_full(&job, w, 0);
    run_job(&job, w->N, threads);
    return 1;
}

void hs_gkr_witness_free(hs_gkr_witness *w) {
    hs_free(w->pre), hs_free(w->in), hs_free(w->out);
    memset(w, 0, sizeof *w);
}
