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
    hs_sc_state sc;
    hs_kb *tabs, *E, **te;
    unsigned *ibuf;
    hs_kb5 *sums;
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

static int state_init(inst_state *S, const hs_rsc_instance *in, rsc_slot *sl, unsigned threads) {
    memset(S, 0, sizeof *S);
    S->in = in;
    S->borrowed = sl != NULL;
    const unsigned n = in->n, m = in->n_tables, dq = inst_dq(in);
    const size_t half0 = (size_t)1 << (n - 1), words = hs_sc_blk_words(half0);
    const size_t n_ibuf = hs_sc_state_size(&S->sc, in->n_terms, m, dq);
    const unsigned max_acc = S->sc.max_acc;
    size_t tw = 0;
    if (!hs_mul_overflow_ok(words, m ? m : 1, &tw)) return 0;
    S->tabs = slot_get(sl, 0, tw, sizeof *S->tabs);
    S->E = slot_get(sl, 1, words, sizeof *S->E);
    S->te = slot_get(sl, 2, m ? m : 1, sizeof *S->te);
    S->sums = slot_get(sl, 3, max_acc ? max_acc : 1, sizeof *S->sums);
    S->ibuf = slot_get(sl, 4, n_ibuf, sizeof *S->ibuf);
    if (!S->tabs || !S->E || !S->te || !S->sums || !S->ibuf || !hs_sc_eq_blocked(S->E, in->z + 1, n - 1, threads)) {
        state_free(S);
        return 0;
    }
    for (unsigned j = 0; j < m; j++) S->te[j] = S->tabs + (size_t)j * words;
    hs_sc_state_init(&S->sc, in->terms, in->n_terms, m, dq, S->ibuf, S->sums, S->E, S->te);
    return 1;
}

/* Instance round polynomial p(0..d) of an active round i. */
static void active_round(const hs_sc_kernels *kern, inst_state *S, unsigned i, unsigned d, unsigned threads,
                         char *scratch, hs_kb5 *p) {
    const hs_rsc_instance *in = S->in;
    S->sc.R.half = (size_t)1 << (in->n - 1 - i);
    S->sc.R.tb = i == 0 ? in->tables : NULL;
    hs_sc_round_poly(kern, &S->sc, i, in->z[i], d, threads, scratch, p); /* every instance reports d + 1 values */
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
    if (!S) return *why = hs_why_nomem, 0;
    int ok = 0;
    char *scratch = NULL;
    /* instances largest first: the side-by-side loops below hand them out in that order (LPT) */
    unsigned order[HS_RSC_MAX_INSTANCES];
    for (unsigned a = 0; a < k; a++) {
        unsigned u = a;
        for (; u > 0 && inst[order[u - 1]].n < inst[a].n; u--) order[u] = order[u - 1];
        order[u] = a;
    }
    /* eq tables side by side, one thread per instance: one team instead of one per instance */
    int init_ok = 1;
#pragma omp parallel for num_threads(k > 1 && threads > 1 ? threads : 1) schedule(dynamic, 1) reduction(& : init_ok)
    for (unsigned u = 0; u < k; u++) {
        const unsigned a = order[u];
        init_ok &= state_init(&S[a], &inst[a], ws ? &ws->slot[a] : NULL, k > 1 ? 1 : threads);
    }
    if (!init_ok) goto oom;
    for (unsigned a = 0; a < k; a++) {
        size_t b = 0;
        if (!hs_mul_overflow_ok(threads, S[a].sc.per_thread, &b)) goto oom;
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
        if (S[a].sc.per_thread > max_pt) max_pt = S[a].sc.per_thread;
        n_jobs_max += inst[a].n_tables + 1;
    }
    hs_kb5 *pall = malloc((size_t)k * (d + 1) * sizeof *pall);
    hs_sc_fold_job *jobs = malloc(n_jobs_max * sizeof *jobs);
    unsigned *small = malloc(k * sizeof *small);
    size_t *first = malloc((n_jobs_max + 1) * sizeof *first);
    if (!pall || !jobs || !small || !first) {
        free(pall), free(jobs), free(small), free(first);
        goto oom;
    }
    for (unsigned i = 0; i < nv; i++) {
        /* instance contributions, kept apart to update each running claim. An instance holding
         * more than a thread's share of the round's pairs uses every thread on its own rows; the
         * others run side by side in one team, one thread each, largest first. */
        unsigned n_small = 0;
        size_t active = 0; /* pairs this round over all active instances */
        for (unsigned a = 0; a < k; a++)
            if (i < inst[a].n) active += (size_t)1 << (inst[a].n - 1 - i);
        for (unsigned u = 0; u < k; u++) {
            const unsigned a = order[u];
            hs_kb5 *pq = pall + (size_t)a * (d + 1);
            const size_t half = i < inst[a].n ? (size_t)1 << (inst[a].n - 1 - i) : 0;
            if (i >= inst[a].n) { /* (1 - X) K_a */
                for (unsigned x = 0; x <= d; x++)
                    pq[x] = hs_kb5_mul(S[a].sc.claim, hs_kb5_sub(hs_kb5_one(), hs_kb5_from_base(hs_kb_from_u32(x))));
            } else if (half >= HS_SC_PAR_MIN && threads > 1 && half * threads > active) {
                /* more than a thread's share of the round: split it over every thread */
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
            if (i == 0) claims[a] = S[a].sc.claim;
        }
        hs_kb5 r = hs_sc_prove_round(t, w, p, d);
        rho[i] = r;
        /* every instance's folds in one parallel pass */
        unsigned nj = 0;
        for (unsigned a = 0; a < k; a++) {
            inst_state *st = &S[a];
            const unsigned n = inst[a].n;
            memcpy(pa, pall + (size_t)a * (d + 1), (d + 1) * sizeof *pa);
            st->sc.claim = hs_sc_interpolate(pa, d, r);
            if (i >= n) continue;
            st->sc.mfac = hs_kb5_mul(st->sc.mfac, eq1(inst[a].z[i], r));
            const size_t half = (size_t)1 << (n - 1 - i);
            const hs_sc_kernels *kk = half % HS_SC_BLK ? &hs_sc_kernels_portable : kern;
            for (unsigned j = 0; j < inst[a].n_tables; j++)
                jobs[nj++] = (hs_sc_fold_job){kk, st->te[j], i == 0 ? inst[a].tables[j] : NULL, half, r, i == 0 ? 0 : 1};
            if (i + 1 < n) jobs[nj++] = (hs_sc_fold_job){half / 2 % HS_SC_BLK ? &hs_sc_kernels_portable : kern, st->E, NULL, half / 2, r, 2};
        }
        first[0] = 0;
        for (unsigned j = 0; j < nj; j++) first[j + 1] = first[j] + (jobs[j].half + HS_SC_FOLD_CHUNK - 1) / HS_SC_FOLD_CHUNK;
        const long long nch = (long long)first[nj];
        size_t elems = 0;
        for (unsigned j = 0; j < nj; j++) elems += jobs[j].half;
        hs_cpu_has_avx2(); /* resolve detection before the team starts */
#pragma omp parallel for num_threads(elems >= HS_SC_PAR_MIN && threads > 1 ? threads : 1) schedule(static)
        for (long long c = 0; c < nch; c++) {
            unsigned j = 0;
            while (first[j + 1] <= (size_t)c) j++;
            const size_t lo = ((size_t)c - first[j]) * HS_SC_FOLD_CHUNK;
            const size_t cnt = jobs[j].half - lo < HS_SC_FOLD_CHUNK ? jobs[j].half - lo : HS_SC_FOLD_CHUNK;
            hs_sc_fold_chunk(&jobs[j], lo, cnt);
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
    *why = hs_why_nomem;
done:
    for (unsigned a = 0; a < k; a++) state_free(&S[a]);
    free(S);
    if (!ws) hs_free(scratch);
    return ok;
}
