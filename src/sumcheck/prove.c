/* The generic eq-times-products prover (sumcheck.h, hs_sc_prove).
 *
 * Round i binds variable i. With E_i(x') = eq(z_{>i}, x') over the remaining variables and
 * m = prod_{j<i} eq(z_j, rho_j), the round polynomial is p(X) = m eq(z_i, X) q(X) with
 * q(X) = sum_{x'} E_i(x') g(f(X, x')), deg q = deg g (Gruen). Each term t of degree k keeps its own
 * sum S_t(X) = sum_{x'} E_i(x') prod_{f in t} f(X, x'), so the coefficient c_t is applied once per
 * round: a term of degree k < deg g is summed at X = 0..k and extrapolated; a term of full degree
 * at X = 0, 2, ..., deg g, with q(1) from the running claim (hs_sc_gruen_expand). Round 0 also sums
 * X = 1 since the prover computes the claim there; so does any round where z_i = 0 or m = 0.
 *
 * Round 0 reads the base-field tables: products in F, times E in K accumulated without reduction.
 * Its challenge folds them into K tables (one allocation, 2^(n-1) entries each), which later rounds
 * fold in place. E_{i+1}(x'') = E_i(0, x'') + E_i(1, x'') since eq sums to 1 over the bound variable,
 * so one eq table built at the start serves every round. Rows are split among threads; each thread
 * has its own accumulators, added at the end (exact arithmetic: the result does not depend on the
 * thread count). */
#include <omp.h>
#include <string.h>

#include "poly/mle.h"
#include "sumcheck/sumcheck.h"
#include "util/mem.h"

#define SC_PAR_MIN ((size_t)1 << 11) /* pairs per round below which one thread does the round */
#define SC_MAX_FACTORS 4

typedef struct {
    const hs_sc_term *terms;
    unsigned n_terms, n_tables, dq; /* dq = deg g (>= 1) */
    unsigned *npts, *off;           /* per term: points summed this round, offset in the accumulators */
    unsigned *at, *ax;              /* per accumulator: its term and its point X */
    unsigned n_acc;
    int gruen;                      /* this round skips X = 1 for full-degree terms */
    const unsigned *used;           /* tables some term reads */
    unsigned n_used;
    size_t half;                    /* pairs this round */
    const hs_kb5 *E;
    const hs_kb *const *tb;         /* round 0 */
    hs_kb5 *const *te;              /* later rounds */
} sc_round;

static void plan_round(sc_round *R, int gruen) {
    R->gruen = gruen;
    unsigned off = 0;
    for (unsigned t = 0; t < R->n_terms; t++) {
        unsigned k = R->terms[t].n_factors, full = gruen && k == R->dq;
        R->npts[t] = full ? R->dq : k + 1;
        R->off[t] = off;
        for (unsigned idx = 0; idx < R->npts[t]; idx++, off++) {
            R->at[off] = t;
            R->ax[off] = full && idx ? idx + 1 : idx; /* 0, 2, 3, .. or 0, 1, .., k */
        }
    }
    R->n_acc = off;
}

/* Round 0 over pairs [lo, hi): base-field values, lazy accumulators acc[5 * n_acc]. */
static void pass_base(const sc_round *R, size_t lo, size_t hi, uint64_t *acc, hs_kb *v) {
    const unsigned w = R->dq + 1;
    for (size_t j = lo; j < hi; j++) {
        const hs_kb5 e = R->E[j];
        for (unsigned u = 0; u < R->n_used; u++) {
            unsigned tab = R->used[u];
            hs_kb a = R->tb[tab][j], b = R->tb[tab][j + R->half], d = hs_kb_sub(b, a);
            hs_kb *p = v + (size_t)tab * w;
            p[0] = a, p[1] = b;
            for (unsigned x = 2; x < w; x++) p[x] = hs_kb_add(p[x - 1], d);
        }
        for (unsigned k = 0; k < R->n_acc; k++) {
            const hs_sc_term *T = &R->terms[R->at[k]];
            const hs_kb *vx = v + R->ax[k];
            hs_kb prod = HS_KB_ONE;
            if (T->n_factors) {
                prod = vx[(size_t)T->cols[0] * w];
                for (unsigned f = 1; f < T->n_factors; f++) prod = hs_kb_mul(prod, vx[(size_t)T->cols[f] * w]);
            }
            uint64_t *a = acc + 5 * (size_t)k;
            for (int c = 0; c < 5; c++) a[c] = hs_kbx_csub(a[c] + hs_kbx_prod(prod, e.c[c]));
        }
    }
}

/* The nine product coefficients of a b before the reduction mod X^5 + X^2 - 1, each below P32
 * (the first half of hs_kb5_mul), so that sums of them can wait for one reduction. */
static inline void kb5_mul_unreduced(hs_kb5 a, hs_kb5 b, uint64_t d[9]) {
    const hs_kb *x = a.c, *y = b.c;
    d[0] = hs_kbx_prod(x[0], y[0]);
    d[1] = hs_kbx_prod(x[0], y[1]) + hs_kbx_prod(x[1], y[0]);
    d[2] = hs_kbx_csub(hs_kbx_prod(x[0], y[2]) + hs_kbx_prod(x[1], y[1]) + hs_kbx_prod(x[2], y[0]));
    d[3] = hs_kbx_csub(hs_kbx_prod(x[0], y[3]) + hs_kbx_prod(x[1], y[2]) + hs_kbx_prod(x[2], y[1]) +
                       hs_kbx_prod(x[3], y[0]));
    d[4] = hs_kbx_csub(hs_kbx_prod(x[0], y[4]) + hs_kbx_prod(x[1], y[3]) + hs_kbx_prod(x[2], y[2]) +
                       hs_kbx_prod(x[3], y[1]));
    d[4] = hs_kbx_csub(d[4] + hs_kbx_prod(x[4], y[0]));
    d[5] = hs_kbx_csub(hs_kbx_prod(x[1], y[4]) + hs_kbx_prod(x[2], y[3]) + hs_kbx_prod(x[3], y[2]) +
                       hs_kbx_prod(x[4], y[1]));
    d[6] = hs_kbx_csub(hs_kbx_prod(x[2], y[4]) + hs_kbx_prod(x[3], y[3]) + hs_kbx_prod(x[4], y[2]));
    d[7] = hs_kbx_prod(x[3], y[4]) + hs_kbx_prod(x[4], y[3]);
    d[8] = hs_kbx_prod(x[4], y[4]);
}

/* Later rounds over pairs [lo, hi): K values, lazy accumulators acc[9 * n_acc] (unreduced product
 * coefficients, each kept below P32). */
static void pass_ext(const sc_round *R, size_t lo, size_t hi, uint64_t *acc, hs_kb5 *v) {
    const unsigned w = R->dq + 1;
    for (size_t j = lo; j < hi; j++) {
        const hs_kb5 e = R->E[j];
        for (unsigned u = 0; u < R->n_used; u++) {
            unsigned tab = R->used[u];
            hs_kb5 a = R->te[tab][j], b = R->te[tab][j + R->half], d = hs_kb5_sub(b, a);
            hs_kb5 *p = v + (size_t)tab * w;
            p[0] = a, p[1] = b;
            for (unsigned x = 2; x < w; x++) p[x] = hs_kb5_add(p[x - 1], d);
        }
        for (unsigned k = 0; k < R->n_acc; k++) {
            const hs_sc_term *T = &R->terms[R->at[k]];
            const hs_kb5 *vx = v + R->ax[k];
            const unsigned nf = T->n_factors;
            hs_kb5 prod = hs_kb5_one();
            unsigned f = 0;
            if (nf >= 2 && T->cols[1] == T->cols[0]) { /* a square is cheaper than a product */
                prod = hs_kb5_square(vx[(size_t)T->cols[0] * w]);
                f = 2;
                if (nf == 4 && T->cols[2] == T->cols[0] && T->cols[3] == T->cols[0]) prod = hs_kb5_square(prod), f = 4;
            } else if (nf) {
                prod = vx[(size_t)T->cols[0] * w];
                f = 1;
            }
            for (; f < nf; f++) prod = hs_kb5_mul(prod, vx[(size_t)T->cols[f] * w]);
            uint64_t d[9], *a = acc + 9 * (size_t)k;
            kb5_mul_unreduced(prod, e, d);
            for (int c = 0; c < 9; c++) a[c] = hs_kbx_ladd(a[c], d[c]);
        }
    }
}

/* Bytes of per-thread row values, rounded up so the accumulators after them are aligned. */
static size_t sc_vbytes(unsigned n_tables, unsigned dq) {
    size_t b = (size_t)n_tables * (dq + 1) * sizeof(hs_kb5);
    return (b + HS_ALIGN - 1) / HS_ALIGN * HS_ALIGN;
}

/* Runs one round's sums on `threads` threads into sums[n_acc]. scratch: per thread, the values
 * (n_tables * (dq + 1) K) then the accumulators (5 or 9 u64 each). */
static void round_sums(const sc_round *R, unsigned threads, void *scratch, size_t per_thread, hs_kb5 *sums) {
    const int base = R->tb != NULL;
    const size_t vbytes = sc_vbytes(R->n_tables, R->dq);
    unsigned th = R->half < SC_PAR_MIN ? 1 : threads;
    for (unsigned i = 0; i < th; i++) memset((char *)scratch + i * per_thread + vbytes, 0, per_thread - vbytes);
    if (th <= 1) {
        if (base) pass_base(R, 0, R->half, (uint64_t *)((char *)scratch + vbytes), scratch);
        else pass_ext(R, 0, R->half, (uint64_t *)((char *)scratch + vbytes), scratch);
    } else {
#pragma omp parallel num_threads(th)
        {
            size_t id = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
            size_t lo = R->half * id / nt, hi = R->half * (id + 1) / nt;
            char *s = (char *)scratch + id * per_thread;
            if (base) pass_base(R, lo, hi, (uint64_t *)(s + vbytes), (hs_kb *)s);
            else pass_ext(R, lo, hi, (uint64_t *)(s + vbytes), (hs_kb5 *)s);
        }
    }
    for (unsigned a = 0; a < R->n_acc; a++) sums[a] = hs_kb5_zero();
    for (unsigned i = 0; i < th; i++) {
        char *s = (char *)scratch + i * per_thread + vbytes;
        for (unsigned a = 0; a < R->n_acc; a++) {
            hs_kb5 v;
            if (base) {
                const uint64_t *l = (const uint64_t *)s + 5 * (size_t)a;
                for (int c = 0; c < 5; c++) v.c[c] = hs_kb_redc(l[c]);
            } else {
                v = hs_kbx_reduce5((const uint64_t *)s + 9 * (size_t)a);
            }
            sums[a] = hs_kb5_add(sums[a], v);
        }
    }
}

/* q(X) = sum_t c_t S_t(X) for X = 0..dq (q[1] only when the round summed it). */
static void assemble_q(const sc_round *R, const hs_kb5 *sums, hs_kb5 *q) {
    for (unsigned x = 0; x <= R->dq; x++) q[x] = hs_kb5_zero();
    for (unsigned t = 0; t < R->n_terms; t++) {
        const hs_kb5 *S = sums + R->off[t];
        unsigned k = R->terms[t].n_factors;
        for (unsigned x = 0; x <= R->dq; x++) {
            hs_kb5 s;
            if (R->gruen && k == R->dq) {
                if (x == 1) continue;
                s = S[x ? x - 1 : 0];
            } else if (x <= k) {
                s = S[x];
            } else {
                s = hs_sc_interpolate(S, k, hs_kb5_from_base(hs_kb_from_u32(x)));
            }
            q[x] = hs_kb5_add(q[x], hs_kb5_mul(R->terms[t].coeff, s));
        }
    }
}

/* eq(z, X) at X = x (one coordinate). */
static hs_kb5 eq1(hs_kb5 z, hs_kb5 x) { return hs_mle_eq(&z, &x, 1); }

/* E(x'') += E(x'' + half) for x'' < half: drops the top variable of the eq table. */
static void eq_drop_top(hs_kb5 *E, size_t half) {
    for (size_t i = 0; i < half; i++) E[i] = hs_kb5_add(E[i], E[i + half]);
}

int hs_sc_prove(const hs_sc_instance *inst, const hs_kb5 *z, hs_transcript *t, hs_writer *w, unsigned threads,
                hs_kb5 *claim_out, hs_kb5 *rho, hs_kb5 *final_vals, const char **why) {
    const unsigned n = inst->n, m = inst->n_tables;
    unsigned dq = 1;
    for (unsigned i = 0; i < inst->n_terms; i++) {
        const hs_sc_term *T = &inst->terms[i];
        if (T->n_factors > SC_MAX_FACTORS) {
            if (why) *why = "sumcheck term of degree above 4";
            return 0;
        }
        for (unsigned f = 0; f < T->n_factors; f++)
            if (T->cols[f] >= m) {
                if (why) *why = "sumcheck term names a missing table";
                return 0;
            }
        if (T->n_factors > dq) dq = T->n_factors;
    }
    const unsigned d = dq + 1;
    if (threads < 1) threads = 1;
    if (n == 0) {
        for (unsigned j = 0; j < m; j++) final_vals[j] = hs_kb5_from_base(inst->tables[j][0]);
        *claim_out = hs_sc_terms_eval(inst->terms, inst->n_terms, final_vals);
        return 1;
    }

    /* allocations: tables in K, eq table, per-term bookkeeping, per-thread scratch */
    const size_t half0 = (size_t)1 << (n - 1);
    const unsigned max_acc = inst->n_terms * (dq + 1);
    const size_t vbytes = sc_vbytes(m, dq);
    size_t per_thread = vbytes + (size_t)(max_acc ? max_acc : 1) * 9 * sizeof(uint64_t);
    per_thread = (per_thread + HS_ALIGN - 1) / HS_ALIGN * HS_ALIGN;
    size_t tab_len = 0;
    hs_kb5 *tabs = NULL, *E = NULL, **te = NULL, *sums = NULL;
    unsigned *ibuf = NULL;
    void *scratch = NULL;
    int ok = hs_mul_overflow_ok(half0, m ? m : 1, &tab_len);
    if (ok) {
        tabs = hs_alloc_array(tab_len, sizeof *tabs);
        E = hs_alloc_array(half0, sizeof *E);
        te = hs_alloc_array(m ? m : 1, sizeof *te);
        sums = hs_alloc_array(max_acc ? max_acc : 1, sizeof *sums);
        ibuf = hs_alloc_array(2 * (size_t)inst->n_terms + 2 * (size_t)max_acc + m + 1, sizeof *ibuf);
        scratch = hs_alloc_array(threads, per_thread);
    }
    if (!ok || !tabs || !E || !te || !sums || !ibuf || !scratch) {
        hs_free(tabs), hs_free(E), hs_free(te), hs_free(sums), hs_free(ibuf), hs_free(scratch);
        if (why) *why = "out of memory";
        return 0;
    }
    for (unsigned j = 0; j < m; j++) te[j] = tabs + (size_t)j * half0;

    sc_round R = {0};
    R.terms = inst->terms;
    R.n_terms = inst->n_terms;
    R.n_tables = m;
    R.dq = dq;
    R.npts = ibuf;
    R.off = ibuf + inst->n_terms;
    R.at = ibuf + 2 * (size_t)inst->n_terms;
    R.ax = R.at + max_acc;
    unsigned *used = R.ax + max_acc;
    for (unsigned j = 0; j < m; j++) {
        int u = 0;
        for (unsigned i = 0; i < inst->n_terms && !u; i++)
            for (unsigned f = 0; f < inst->terms[i].n_factors; f++) u |= inst->terms[i].cols[f] == j;
        if (u) used[R.n_used++] = j;
    }
    R.used = used;
    R.E = E;
    hs_mle_eq_table(E, z + 1, n - 1, hs_kb5_one(), threads);

    hs_kb5 claim = hs_kb5_zero(), mfac = hs_kb5_one();
    hs_kb5 q[HS_SC_MAX_DEGREE + 1], p[HS_SC_MAX_DEGREE + 1];
    for (unsigned i = 0; i < n; i++) {
        R.half = (size_t)1 << (n - 1 - i);
        R.tb = i == 0 ? inst->tables : NULL;
        R.te = te;
        int gruen = i > 0 && !hs_kb5_is_zero(z[i]) && !hs_kb5_is_zero(mfac);
        plan_round(&R, gruen);
        round_sums(&R, threads, scratch, per_thread, sums);
        assemble_q(&R, sums, q);
        if (i == 0) {
            /* claim = (1 - z_0) q(0) + z_0 q(1) */
            claim = hs_kb5_add(hs_kb5_mul(eq1(z[0], hs_kb5_zero()), q[0]), hs_kb5_mul(z[0], q[1]));
            *claim_out = claim;
        }
        if (gruen) {
            hs_kb5 qn[HS_SC_MAX_DEGREE];
            qn[0] = q[0];
            for (unsigned k = 2; k <= dq; k++) qn[k - 1] = q[k];
            hs_sc_gruen_expand(claim, mfac, z[i], qn, d, p);
        } else {
            hs_sc_eq_expand(mfac, z[i], q, d, p);
        }
        hs_kb5 r = hs_sc_prove_round(t, w, p, d);
        rho[i] = r;
        claim = hs_sc_interpolate(p, d, r);
        mfac = hs_kb5_mul(mfac, eq1(z[i], r));
        /* bind variable i */
        for (unsigned j = 0; j < m; j++) {
            if (i == 0) hs_mle_fold_base(te[j], inst->tables[j], R.half, r, threads);
            else hs_mle_fold_ext(te[j], te[j], R.half, r, threads);
        }
        if (i + 1 < n) eq_drop_top(E, R.half / 2);
    }
    for (unsigned j = 0; j < m; j++) final_vals[j] = te[j][0];
    hs_free(tabs), hs_free(E), hs_free(te), hs_free(sums), hs_free(ibuf), hs_free(scratch);
    return 1;
}
