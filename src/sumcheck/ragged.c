/* The ragged sumcheck prover (ragged.h). Each instance runs the generic prover's round
 * structure (prove.c: Gruen factoring, base-field round 0, blocked K tables and eq table, the
 * hs_sc_kernels passes and folds) on its own tables; the round messages are summed and sent once.
 * Each instance tracks its own running claim, so Gruen's q(1) comes from that claim even though
 * the instances' points differ (zero-padded points: no shortcut in rounds where z_j = 0). */
#include "sumcheck/ragged.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "poly/mle.h"
#include "sumcheck/sc_internal.h"
#include "util/mem.h"
#include "util/cpu.h"

#define RSC_PAR_MIN ((size_t)1 << 11)
#define RSC_FOLD_CHUNK ((size_t)1 << 12)

static size_t align64(size_t b) { return (b + HS_ALIGN - 1) / HS_ALIGN * HS_ALIGN; }

static hs_kb5 eq1(hs_kb5 z, hs_kb5 x) { return hs_mle_eq(&z, &x, 1); }

hs_kb5 hs_rsc_selector(const hs_kb5 *z, unsigned n, const hs_kb5 *rho, unsigned nv) {
    hs_kb5 s = hs_mle_eq(z, rho, n);
    for (unsigned j = n; j < nv; j++) s = hs_kb5_mul(s, hs_kb5_sub(hs_kb5_one(), rho[j]));
    return s;
}

static unsigned inst_dq(const hs_rsc_instance *a) {
    unsigned dq = 1;
    for (unsigned i = 0; i < a->n_terms; i++)
        if (a->terms[i].n_factors > dq) dq = a->terms[i].n_factors;
    return dq;
}

unsigned hs_rsc_degree(const hs_rsc_instance *inst, unsigned k) {
    unsigned dq = 1;
    for (unsigned a = 0; a < k; a++) {
        unsigned d = inst_dq(&inst[a]);
        if (d > dq) dq = d;
    }
    return dq + 1;
}

/* One instance's prover state. */
typedef struct {
    const hs_rsc_instance *in;
    hs_sc_round R;
    hs_kb *tabs, *E, **te;
    unsigned *npts, *off, *at, *ax, *used, *ibuf;
    hs_kb5 *sums;
    size_t work, per_thread;
    unsigned max_acc;
    int gruen;
    hs_kb5 claim, mfac;
    int borrowed; /* the buffers belong to a workspace */
} inst_state;

/* Buffers kept across calls (one slot per instance index): a walk proves 28 layers of the same
 * shapes, and fresh large allocations would page-fault on every layer. */
typedef struct {
    void *p[5];
    size_t cap[5];
} rsc_slot;

struct hs_rsc_ws {
    rsc_slot slot[HS_RSC_MAX_INSTANCES];
    char *scratch;
    size_t cap_scratch;
};

hs_rsc_ws *hs_rsc_ws_new(void) { return calloc(1, sizeof(hs_rsc_ws)); }

void hs_rsc_ws_free(hs_rsc_ws *ws) {
    if (!ws) return;
    for (unsigned a = 0; a < HS_RSC_MAX_INSTANCES; a++)
        for (int i = 0; i < 5; i++) hs_free(ws->slot[a].p[i]);
    hs_free(ws->scratch);
    free(ws);
}

static void *slot_get(rsc_slot *sl, int i, size_t n, size_t size) {
    if (!sl) return hs_alloc_array(n, size);
    size_t bytes;
    if (!hs_mul_overflow_ok(n, size, &bytes)) return NULL;
    if (sl->cap[i] < bytes) {
        hs_free(sl->p[i]);
        sl->p[i] = hs_alloc_array(bytes, 1);
        sl->cap[i] = sl->p[i] ? bytes : 0;
    }
    return sl->p[i];
}

static void state_free(inst_state *S) {
    if (!S->borrowed) hs_free(S->tabs), hs_free(S->E), hs_free(S->te), hs_free(S->sums), hs_free(S->ibuf);
    S->tabs = S->E = NULL, S->te = NULL, S->sums = NULL, S->ibuf = NULL;
}

/* Blocked eq table of z (nv variables), built as a top table times a last block of <= 3. */
static int eq_blocked(hs_kb *E, const hs_kb5 *z, unsigned nv, unsigned threads) {
    unsigned k = nv < 3 ? nv : 3, top = nv - k;
    hs_kb5 lo[8], *hi = hs_alloc_array((size_t)1 << top, sizeof *hi);
    if (!hi) return 0;
    hs_mle_eq_table(hi, z, top, hs_kb5_one(), threads);
    hs_mle_eq_table(lo, z + top, k, hs_kb5_one(), 1);
    const long long nb = (long long)1 << top;
#pragma omp parallel for num_threads(nb >= 4096 && threads > 1 ? threads : 1) schedule(static)
    for (long long b = 0; b < nb; b++)
        for (size_t l = 0; l < ((size_t)1 << k); l++) hs_sc_blk_set(E, ((size_t)b << k) + l, hs_kb5_mul(hi[b], lo[l]));
    hs_free(hi);
    return 1;
}

static int state_init(inst_state *S, const hs_rsc_instance *in, rsc_slot *sl, unsigned threads) {
    memset(S, 0, sizeof *S);
    S->in = in;
    S->borrowed = sl != NULL;
    const unsigned n = in->n, m = in->n_tables, dq = inst_dq(in);
    const size_t half0 = (size_t)1 << (n - 1), words = hs_sc_blk_words(half0);
    S->max_acc = in->n_terms * (dq + 1);
    S->work = hs_sc_work_bytes(m, dq, S->max_acc);
    S->per_thread = S->work + align64(sizeof(hs_kb5) * (S->max_acc ? S->max_acc : 1));
    size_t tw = 0;
    if (!hs_mul_overflow_ok(words, m ? m : 1, &tw)) return 0;
    S->tabs = slot_get(sl, 0, tw, sizeof *S->tabs);
    S->E = slot_get(sl, 1, words, sizeof *S->E);
    S->te = slot_get(sl, 2, m ? m : 1, sizeof *S->te);
    S->sums = slot_get(sl, 3, S->max_acc ? S->max_acc : 1, sizeof *S->sums);
    S->ibuf = slot_get(sl, 4, 2 * (size_t)in->n_terms + 2 * (size_t)S->max_acc + m + 1, sizeof *S->ibuf);
    if (!S->tabs || !S->E || !S->te || !S->sums || !S->ibuf || !eq_blocked(S->E, in->z + 1, n - 1, threads)) {
        state_free(S);
        return 0;
    }
    for (unsigned j = 0; j < m; j++) S->te[j] = S->tabs + (size_t)j * words;
    hs_sc_round *R = &S->R;
    R->terms = in->terms;
    R->n_terms = in->n_terms;
    R->n_tables = m;
    R->dq = dq;
    S->npts = S->ibuf;
    S->off = S->ibuf + in->n_terms;
    S->at = S->ibuf + 2 * (size_t)in->n_terms;
    S->ax = S->at + S->max_acc;
    S->used = S->ax + S->max_acc;
    R->at = S->at, R->ax = S->ax, R->used = S->used;
    for (unsigned j = 0; j < m; j++) {
        int u = 0;
        for (unsigned i = 0; i < in->n_terms && !u; i++)
            for (unsigned f = 0; f < in->terms[i].n_factors; f++) u |= in->terms[i].cols[f] == j;
        if (u) S->used[R->n_used++] = j;
    }
    R->E = S->E;
    R->te = S->te;
    S->mfac = hs_kb5_one();
    S->claim = hs_kb5_zero();
    return 1;
}

/* Accumulators of the round: terms of full degree at X = 0, 2, .., dq under Gruen, others 0..k. */
static void plan(inst_state *S, int gruen) {
    hs_sc_round *R = &S->R;
    S->gruen = gruen;
    unsigned off = 0;
    for (unsigned t = 0; t < R->n_terms; t++) {
        unsigned k = R->terms[t].n_factors, full = gruen && k == R->dq;
        S->npts[t] = full ? R->dq : k + 1;
        S->off[t] = off;
        for (unsigned i = 0; i < S->npts[t]; i++, off++) S->at[off] = t, S->ax[off] = full && i ? i + 1 : i;
    }
    R->n_acc = off;
}

static void sums_pass(const hs_sc_kernels *kern, inst_state *S, unsigned threads, char *scratch) {
    const hs_sc_round *R = &S->R;
    const int base = R->tb != NULL;
    if (R->half % HS_SC_BLK) kern = &hs_sc_kernels_portable;
    unsigned th = R->half < RSC_PAR_MIN ? 1 : threads;
    const size_t work = S->work, pt = S->per_thread;
    for (unsigned i = 0; i < th; i++) memset(scratch + i * pt + work, 0, sizeof(hs_kb5) * R->n_acc);
    if (th <= 1) {
        (base ? kern->pass_base : kern->pass_ext)(R, 0, R->half, scratch, (hs_kb5 *)(scratch + work));
    } else {
#pragma omp parallel num_threads(th)
        {
            size_t id = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
            size_t lo = (R->half * id / nt) & ~(size_t)(HS_SC_BLK - 1);
            size_t hi = id + 1 == nt ? R->half : (R->half * (id + 1) / nt) & ~(size_t)(HS_SC_BLK - 1);
            char *s = scratch + id * pt;
            (base ? kern->pass_base : kern->pass_ext)(R, lo, hi, s, (hs_kb5 *)(s + work));
        }
    }
    for (unsigned a = 0; a < R->n_acc; a++) S->sums[a] = hs_kb5_zero();
    for (unsigned i = 0; i < th; i++) {
        const hs_kb5 *part = (const hs_kb5 *)(scratch + i * pt + work);
        for (unsigned a = 0; a < R->n_acc; a++) S->sums[a] = hs_kb5_add(S->sums[a], part[a]);
    }
}

/* q(X) = sum_t c_t S_t(X), X = 0..dq (q[1] skipped under Gruen). */
static void q_of(const inst_state *S, hs_kb5 *q) {
    const hs_sc_round *R = &S->R;
    for (unsigned x = 0; x <= R->dq; x++) q[x] = hs_kb5_zero();
    for (unsigned t = 0; t < R->n_terms; t++) {
        const hs_kb5 *St = S->sums + S->off[t];
        unsigned k = R->terms[t].n_factors;
        for (unsigned x = 0; x <= R->dq; x++) {
            hs_kb5 s;
            if (S->gruen && k == R->dq) {
                if (x == 1) continue;
                s = St[x ? x - 1 : 0];
            } else if (x <= k) {
                s = St[x];
            } else {
                s = hs_sc_interpolate(St, k, hs_kb5_from_base(hs_kb_from_u32(x)));
            }
            q[x] = hs_kb5_add(q[x], hs_kb5_mul(R->terms[t].coeff, s));
        }
    }
}

typedef struct {
    const hs_sc_kernels *kern;
    hs_kb *out;
    const hs_kb *f;
    size_t half;
    hs_kb5 r;
    int op;
} fold_job;

static void fold_chunk(void *vctx, size_t lo, size_t cnt) {
    const fold_job *J = vctx;
    if (J->op == 0) J->kern->fold_base(J->out, J->f, J->half, lo, cnt, J->r);
    else if (J->op == 1) J->kern->fold_ext(J->out, J->half, lo, cnt, J->r);
    else J->kern->eq_drop(J->out, J->half, lo, cnt);
}


/* Instance round polynomial p(0..d) of an active round i (sums, Gruen or eq expansion). */
static void active_round(const hs_sc_kernels *kern, inst_state *S, unsigned i, unsigned D, unsigned threads,
                         char *scratch, hs_kb5 *p) {
    const hs_rsc_instance *in = S->in;
    hs_sc_round *R = &S->R;
    const unsigned d = D; /* every instance reports D + 1 values */
    R->half = (size_t)1 << (in->n - 1 - i);
    R->tb = i == 0 ? in->tables : NULL;
    int gruen = i > 0 && R->dq + 1 == d && !hs_kb5_is_zero(in->z[i]) && !hs_kb5_is_zero(S->mfac);
    plan(S, gruen);
    sums_pass(kern, S, threads, scratch);
    hs_kb5 q[HS_SC_MAX_DEGREE + 1];
    q_of(S, q);
    if (i == 0) S->claim = hs_kb5_add(hs_kb5_mul(eq1(in->z[0], hs_kb5_zero()), q[0]), hs_kb5_mul(in->z[0], q[1]));
    if (gruen) {
        hs_kb5 qn[HS_SC_MAX_DEGREE];
        qn[0] = q[0];
        for (unsigned k = 2; k <= R->dq; k++) qn[k - 1] = q[k];
        hs_sc_gruen_expand(S->claim, S->mfac, in->z[i], qn, d, p);
    } else {
        /* q is known at 0..dq; extend to 0..d-1 if this instance's degree is below the round's */
        hs_kb5 qf[HS_SC_MAX_DEGREE + 1];
        for (unsigned x = 0; x < d; x++)
            qf[x] = x <= R->dq ? q[x] : hs_sc_interpolate(q, R->dq, hs_kb5_from_base(hs_kb_from_u32(x)));
        hs_sc_eq_expand(S->mfac, in->z[i], qf, d, p);
    }
}

int hs_rsc_prove(const hs_rsc_instance *inst, unsigned k, unsigned nv, hs_transcript *t, hs_writer *w,
                 unsigned threads, hs_kb5 *claims, hs_kb5 *rho, hs_kb5 *final_vals, const char **why) {
    return hs_rsc_prove_ws(NULL, inst, k, nv, t, w, threads, claims, rho, final_vals, why);
}

int hs_rsc_prove_ws(hs_rsc_ws *ws, const hs_rsc_instance *inst, unsigned k, unsigned nv, hs_transcript *t,
                    hs_writer *w, unsigned threads, hs_kb5 *claims, hs_kb5 *rho, hs_kb5 *final_vals,
                    const char **why) {
    if (k < 1 || k > HS_RSC_MAX_INSTANCES) return *why = "ragged sumcheck: instance count out of range", 0;
    if (threads < 1) threads = 1;
    size_t scratch_bytes = 0, fv_off[HS_RSC_MAX_INSTANCES];
    size_t fv = 0;
    for (unsigned a = 0; a < k; a++) {
        const hs_rsc_instance *in = &inst[a];
        if (in->n < 1 || in->n > nv) return *why = "ragged sumcheck: instance wider than the sumcheck", 0;
        for (unsigned i = 0; i < in->n_terms; i++) {
            if (in->terms[i].n_factors > 4) return *why = "sumcheck term of degree above 4", 0;
            for (unsigned f = 0; f < in->terms[i].n_factors; f++)
                if (in->terms[i].cols[f] >= in->n_tables) return *why = "sumcheck term names a missing table", 0;
        }
        fv_off[a] = fv;
        fv += in->n_tables;
    }
    const unsigned d = hs_rsc_degree(inst, k);
    const hs_sc_kernels *kern = hs_sc_kernels_best();
    inst_state *S = calloc(k, sizeof *S);
    if (!S) return *why = "out of memory", 0;
    int ok = 0;
    char *scratch = NULL;
    for (unsigned a = 0; a < k; a++) {
        if (!state_init(&S[a], &inst[a], ws ? &ws->slot[a] : NULL, threads)) goto oom;
        size_t b = 0;
        if (!hs_mul_overflow_ok(threads, S[a].per_thread, &b)) goto oom;
        if (b > scratch_bytes) scratch_bytes = b;
    }
    if (ws) {
        if (ws->cap_scratch < scratch_bytes) {
            hs_free(ws->scratch);
            ws->scratch = hs_alloc_array(scratch_bytes, 1);
            ws->cap_scratch = ws->scratch ? scratch_bytes : 0;
        }
        scratch = ws->scratch;
    } else {
        scratch = hs_alloc_array(scratch_bytes, 1);
    }
    if (!scratch) goto oom;

    hs_kb5 p[HS_SC_MAX_DEGREE + 1], pa[HS_SC_MAX_DEGREE + 1];
    size_t max_pt = 0, n_jobs_max = 0;
    for (unsigned a = 0; a < k; a++) {
        if (S[a].per_thread > max_pt) max_pt = S[a].per_thread;
        n_jobs_max += inst[a].n_tables + 1;
    }
    hs_kb5 *pall = malloc((size_t)k * (d + 1) * sizeof *pall);
    fold_job *jobs = malloc(n_jobs_max * sizeof *jobs);
    unsigned *small = malloc(k * sizeof *small);
    size_t *first = malloc((n_jobs_max + 1) * sizeof *first);
    if (!pall || !jobs || !small || !first) {
        free(pall), free(jobs), free(small), free(first);
        goto oom;
    }
    for (unsigned i = 0; i < nv; i++) {
        /* instance contributions, kept apart to update each running claim. Large instances use
         * every thread on their own rows; small ones run side by side, one thread each. */
        unsigned n_small = 0;
        for (unsigned a = 0; a < k; a++) {
            hs_kb5 *pq = pall + (size_t)a * (d + 1);
            if (i >= inst[a].n) { /* (1 - X) K_a */
                for (unsigned x = 0; x <= d; x++)
                    pq[x] = hs_kb5_mul(S[a].claim, hs_kb5_sub(hs_kb5_one(), hs_kb5_from_base(hs_kb_from_u32(x))));
            } else if (((size_t)1 << (inst[a].n - 1 - i)) >= RSC_PAR_MIN && threads > 1) {
                active_round(kern, &S[a], i, d, threads, scratch, pq);
            } else {
                small[n_small++] = a;
            }
        }
#pragma omp parallel for num_threads(n_small > 1 && threads > 1 ? threads : 1) schedule(dynamic, 1)
        for (unsigned u = 0; u < n_small; u++) {
            const unsigned a = small[u];
            active_round(kern, &S[a], i, d, 1, scratch + (size_t)omp_get_thread_num() * max_pt, pall + (size_t)a * (d + 1));
        }
        for (unsigned x = 0; x <= d; x++) p[x] = hs_kb5_zero();
        for (unsigned a = 0; a < k; a++) {
            for (unsigned x = 0; x <= d; x++) p[x] = hs_kb5_add(p[x], pall[(size_t)a * (d + 1) + x]);
            if (i == 0) claims[a] = S[a].claim;
        }
        hs_kb5 r = hs_sc_prove_round(t, w, p, d);
        rho[i] = r;
        /* every instance's folds in one parallel pass */
        unsigned nj = 0;
        for (unsigned a = 0; a < k; a++) {
            inst_state *st = &S[a];
            const unsigned n = inst[a].n;
            memcpy(pa, pall + (size_t)a * (d + 1), (d + 1) * sizeof *pa);
            st->claim = hs_sc_interpolate(pa, d, r);
            if (i >= n) continue;
            st->mfac = hs_kb5_mul(st->mfac, eq1(inst[a].z[i], r));
            const size_t half = (size_t)1 << (n - 1 - i);
            const hs_sc_kernels *kk = half % HS_SC_BLK ? &hs_sc_kernels_portable : kern;
            for (unsigned j = 0; j < inst[a].n_tables; j++)
                jobs[nj++] = (fold_job){kk, st->te[j], i == 0 ? inst[a].tables[j] : NULL, half, r, i == 0 ? 0 : 1};
            if (i + 1 < n) jobs[nj++] = (fold_job){half / 2 % HS_SC_BLK ? &hs_sc_kernels_portable : kern, st->E, NULL, half / 2, r, 2};
        }
        first[0] = 0;
        for (unsigned j = 0; j < nj; j++) first[j + 1] = first[j] + (jobs[j].half + RSC_FOLD_CHUNK - 1) / RSC_FOLD_CHUNK;
        const long long nch = (long long)first[nj];
        size_t elems = 0;
        for (unsigned j = 0; j < nj; j++) elems += jobs[j].half;
        hs_cpu_has_avx2(); /* resolve detection before the team starts */
#pragma omp parallel for num_threads(elems >= RSC_PAR_MIN && threads > 1 ? threads : 1) schedule(static)
        for (long long c = 0; c < nch; c++) {
            unsigned j = 0;
            while (first[j + 1] <= (size_t)c) j++;
            const size_t lo = ((size_t)c - first[j]) * RSC_FOLD_CHUNK;
            const size_t cnt = jobs[j].half - lo < RSC_FOLD_CHUNK ? jobs[j].half - lo : RSC_FOLD_CHUNK;
            fold_chunk(&jobs[j], lo, cnt);
        }
        for (unsigned a = 0; a < k; a++)
            if (i + 1 == inst[a].n) { /* native variables exhausted: keep the values, drop the tables */
                for (unsigned j = 0; j < inst[a].n_tables; j++) final_vals[fv_off[a] + j] = hs_sc_blk_get(S[a].te[j], 0);
                state_free(&S[a]);
            }
    }
    free(pall), free(jobs), free(small), free(first);
    ok = 1;
    goto done;
oom:
    *why = "out of memory";
done:
    for (unsigned a = 0; a < k; a++) state_free(&S[a]);
    free(S);
    if (!ws) hs_free(scratch);
    return ok;
}
