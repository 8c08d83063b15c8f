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
 * Round 0 reads the base-field tables: products in F, times E in K accumulated without reduction
 * (portable kernels).
 * Its challenge folds them into K tables (blocked layout, sc_internal.h; one allocation, 2^(n-1)
 * entries each), which later rounds fold in place. E_{i+1}(x'') = E_i(0, x'') + E_i(1, x'') since eq
 * sums to 1 over the bound variable, so one eq table built at the start serves every round. Rows
 * are split among threads; each thread has its own accumulators, added at the end (exact
 * arithmetic: the result does not depend on the thread count or the kernel set). */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "poly/mle.h"
#include "sumcheck/sc_internal.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "util/parallel.h"
#include "util/verify.h"

#define SC_MAX_FACTORS 4

static size_t align64(size_t b) { return (b + HS_ALIGN - 1) / HS_ALIGN * HS_ALIGN; }

size_t hs_sc_work_bytes(unsigned n_tables, unsigned dq, unsigned n_acc) {
    /* row values at dq + 1 points per table, then one accumulator per point: 8 packed lanes of K
     * (160 bytes) covers the portable layouts too (20-byte values, 40-byte lazy sums) */
    return align64((size_t)n_tables * (dq + 1) * 160) + align64((size_t)(n_acc ? n_acc : 1) * 160);
}

/* ---- portable kernels ---- */

/* Round 0: base-field values, lazy accumulators (5 u64 per point). */
static void pass_base_portable(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums) {
    const unsigned w = R->dq + 1;
    hs_kb *v = work;
    uint64_t *acc = (uint64_t *)((char *)work + align64((size_t)R->n_tables * w * 160));
    memset(acc, 0, sizeof *acc * 5 * R->n_acc);
    for (size_t j = lo; j < hi; j++) {
        const hs_kb5 e = hs_sc_blk_get(R->E, j);
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
    for (unsigned k = 0; k < R->n_acc; k++)
        for (int c = 0; c < 5; c++) sums[k].c[c] = hs_kb_redc(acc[5 * (size_t)k + c]);
}

/* Later rounds: K values and K accumulators. */
static void pass_ext_portable(const hs_sc_round *R, size_t lo, size_t hi, void *work, hs_kb5 *sums) {
    const unsigned w = R->dq + 1;
    hs_kb5 *v = work, *acc = (hs_kb5 *)((char *)work + align64((size_t)R->n_tables * w * 160));
    for (unsigned k = 0; k < R->n_acc; k++) acc[k] = hs_kb5_zero();
    for (size_t j = lo; j < hi; j++) {
        const hs_kb5 e = hs_sc_blk_get(R->E, j);
        for (unsigned u = 0; u < R->n_used; u++) {
            unsigned tab = R->used[u];
            hs_kb5 a = hs_sc_blk_get(R->te[tab], j), b = hs_sc_blk_get(R->te[tab], j + R->half);
            hs_kb5 d = hs_kb5_sub(b, a), *p = v + (size_t)tab * w;
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
            acc[k] = hs_kb5_add(acc[k], hs_kb5_mul(prod, e));
        }
    }
    memcpy(sums, acc, sizeof *sums * R->n_acc);
}

static void fold_base_portable(hs_kb *out, const hs_kb *f, size_t half, size_t lo, size_t cnt, hs_kb5 r) {
    for (size_t i = lo; i < lo + cnt; i++) {
        hs_kb5 v = hs_kb5_mul_base(r, hs_kb_sub(f[i + half], f[i]));
        v.c[0] = hs_kb_add(v.c[0], f[i]);
        hs_sc_blk_set(out, i, v);
    }
}

static void fold_ext_portable(hs_kb *t, size_t half, size_t lo, size_t cnt, hs_kb5 r) {
    for (size_t i = lo; i < lo + cnt; i++) {
        hs_kb5 a = hs_sc_blk_get(t, i), b = hs_sc_blk_get(t, i + half);
        hs_sc_blk_set(t, i, hs_kb5_add(a, hs_kb5_mul(r, hs_kb5_sub(b, a))));
    }
}

static void eq_drop_portable(hs_kb *E, size_t half, size_t lo, size_t cnt) {
    for (size_t i = lo; i < lo + cnt; i++) hs_sc_blk_set(E, i, hs_kb5_add(hs_sc_blk_get(E, i), hs_sc_blk_get(E, i + half)));
}

const hs_sc_kernels hs_sc_kernels_portable = {pass_base_portable, pass_ext_portable, fold_base_portable,
                                              fold_ext_portable, eq_drop_portable};

const hs_sc_kernels *hs_sc_kernels_best(void) {
#ifdef HS_HAVE_AVX2
    if (hs_cpu_has_avx2()) return &hs_sc_kernels_avx2;
#endif
    return &hs_sc_kernels_portable;
}

/* ---- round driver (shared with ragged.c, sc_internal.h) ---- */

size_t hs_sc_state_size(hs_sc_state *S, unsigned n_terms, unsigned n_tables, unsigned dq) {
    memset(S, 0, sizeof *S);
    S->max_acc = n_terms * (dq + 1);
    S->work = hs_sc_work_bytes(n_tables, dq, S->max_acc);
    S->per_thread = S->work + align64(sizeof(hs_kb5) * (S->max_acc ? S->max_acc : 1));
    return 2 * (size_t)n_terms + 2 * (size_t)S->max_acc + n_tables + 1;
}

void hs_sc_state_init(hs_sc_state *S, const hs_sc_term *terms, unsigned n_terms, unsigned n_tables, unsigned dq,
                      unsigned *ibuf, hs_kb5 *sums, const hs_kb *E, hs_kb *const *te) {
    hs_sc_round *R = &S->R;
    R->terms = terms;
    R->n_terms = n_terms;
    R->n_tables = n_tables;
    R->dq = dq;
    S->npts = ibuf;
    S->off = ibuf + n_terms;
    S->at = ibuf + 2 * (size_t)n_terms;
    S->ax = S->at + S->max_acc;
    S->used = S->ax + S->max_acc;
    R->at = S->at, R->ax = S->ax, R->used = S->used;
    R->n_used = 0;
    for (unsigned j = 0; j < n_tables; j++) {
        int u = 0;
        for (unsigned i = 0; i < n_terms && !u; i++)
            for (unsigned f = 0; f < terms[i].n_factors; f++) u |= terms[i].cols[f] == j;
        if (u) S->used[R->n_used++] = j;
    }
    R->E = E;
    R->te = te;
    S->sums = sums;
    S->claim = hs_kb5_zero();
    S->mfac = hs_kb5_one();
}

static void plan_round(hs_sc_state *S, int gruen) {
    hs_sc_round *R = &S->R;
    S->gruen = gruen;
    unsigned off = 0;
    for (unsigned t = 0; t < R->n_terms; t++) {
        unsigned k = R->terms[t].n_factors, full = gruen && k == R->dq;
        S->npts[t] = full ? R->dq : k + 1;
        S->off[t] = off;
        for (unsigned idx = 0; idx < S->npts[t]; idx++, off++) {
            S->at[off] = t;
            S->ax[off] = full && idx ? idx + 1 : idx; /* 0, 2, 3, .. or 0, 1, .., k */
        }
    }
    R->n_acc = off;
}

/* One round's sums on `threads` threads into S->sums[n_acc]. Per thread: work bytes, then n_acc
 * partial sums. Thread ranges start at multiples of 8 (whole blocks for the AVX2 kernels). */
static void round_sums(const hs_sc_kernels *kern, hs_sc_state *S, unsigned threads, char *scratch) {
    const hs_sc_round *R = &S->R;
    const size_t work = S->work, per_thread = S->per_thread;
    const int base = R->tb != NULL;
    if (R->half % HS_SC_BLK) kern = &hs_sc_kernels_portable;
    unsigned th = R->half < HS_SC_PAR_MIN ? 1 : threads;
    for (unsigned i = 0; i < th; i++) memset(scratch + i * per_thread + work, 0, sizeof *S->sums * R->n_acc);
    if (th <= 1) {
        hs_kb5 *part = (hs_kb5 *)(scratch + work);
        (base ? kern->pass_base : kern->pass_ext)(R, 0, R->half, scratch, part);
    } else {
#pragma omp parallel num_threads(th)
        {
            size_t id = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
            size_t lo = (R->half * id / nt) & ~(size_t)(HS_SC_BLK - 1);
            size_t hi = id + 1 == nt ? R->half : (R->half * (id + 1) / nt) & ~(size_t)(HS_SC_BLK - 1);
            char *s = scratch + id * per_thread;
            (base ? kern->pass_base : kern->pass_ext)(R, lo, hi, s, (hs_kb5 *)(s + work));
        }
        /* a smaller team than asked for splits the same pairs; the unused slots stay zero */
    }
    for (unsigned a = 0; a < R->n_acc; a++) S->sums[a] = hs_kb5_zero();
    for (unsigned i = 0; i < th; i++) {
        const hs_kb5 *part = (const hs_kb5 *)(scratch + i * per_thread + work);
        for (unsigned a = 0; a < R->n_acc; a++) S->sums[a] = hs_kb5_add(S->sums[a], part[a]);
    }
}

/* q(X) = sum_t c_t S_t(X) for X = 0..dq (q[1] only when the round summed it). */
static void assemble_q(const hs_sc_state *S, hs_kb5 *q) {
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

/* eq(z, X) at X = x (one coordinate). */
static hs_kb5 eq1(hs_kb5 z, hs_kb5 x) { return hs_mle_eq(&z, &x, 1); }

void hs_sc_round_poly(const hs_sc_kernels *kern, hs_sc_state *S, unsigned i, hs_kb5 zi, unsigned d,
                      unsigned threads, char *scratch, hs_kb5 *p) {
    const hs_sc_round *R = &S->R;
    int gruen = i > 0 && R->dq + 1 == d && !hs_kb5_is_zero(zi) && !hs_kb5_is_zero(S->mfac);
    plan_round(S, gruen);
    round_sums(kern, S, threads, scratch);
    hs_kb5 q[HS_SC_MAX_DEGREE + 1];
    assemble_q(S, q);
    /* claim = (1 - z_0) q(0) + z_0 q(1) */
    if (i == 0) S->claim = hs_kb5_add(hs_kb5_mul(eq1(zi, hs_kb5_zero()), q[0]), hs_kb5_mul(zi, q[1]));
    if (gruen) {
        hs_kb5 qn[HS_SC_MAX_DEGREE];
        qn[0] = q[0];
        for (unsigned k = 2; k <= R->dq; k++) qn[k - 1] = q[k];
        hs_sc_gruen_expand(S->claim, S->mfac, zi, qn, d, p);
    } else {
        /* q is known at 0..dq; extend to 0..d-1 when the caller's degree is above this one's */
        hs_kb5 qf[HS_SC_MAX_DEGREE + 1];
        for (unsigned x = 0; x < d; x++)
            qf[x] = x <= R->dq ? q[x] : hs_sc_interpolate(q, R->dq, hs_kb5_from_base(hs_kb_from_u32(x)));
        hs_sc_eq_expand(S->mfac, zi, qf, d, p);
    }
}

/* ---- threaded folds ---- */

void hs_sc_fold_chunk(void *job, size_t lo, size_t cnt) {
    const hs_sc_fold_job *J = job;
    if (J->op == 0) J->kern->fold_base(J->out, J->f, J->half, lo, cnt, J->r);
    else if (J->op == 1) J->kern->fold_ext(J->out, J->half, lo, cnt, J->r);
    else J->kern->eq_drop(J->out, J->half, lo, cnt);
}

static void run_fold(const hs_sc_kernels *kern, int op, hs_kb *out, const hs_kb *f, size_t half, hs_kb5 r,
                     unsigned threads) {
    hs_sc_fold_job J = {half % HS_SC_BLK ? &hs_sc_kernels_portable : kern, out, f, half, r, op};
    hs_parallel_batches(half, HS_SC_FOLD_CHUNK, half < HS_SC_PAR_MIN ? 1 : threads, hs_sc_fold_chunk, &J);
}

/* The blocked layout is planes 8 apart repeated every 40 words: rows of one block each, eq over
 * the top nv - k variables times eq over the last k <= 3 (poly/mle.h). */
int hs_sc_eq_blocked(hs_kb *E, const hs_kb5 *z, unsigned nv, unsigned threads) {
    return hs_mle_eq_planes(hs_mle_k5_planes(E, HS_SC_BLK), 5 * HS_SC_BLK, z, nv, nv < 3 ? nv : 3, hs_kb5_one(),
                            threads);
}

int hs_sc_prove_with(const hs_sc_kernels *kern, const hs_sc_instance *inst, const hs_kb5 *z, hs_transcript *t,
                     hs_writer *w, unsigned threads, hs_kb5 *claim_out, hs_kb5 *rho, hs_kb5 *final_vals,
                     const char **why) {
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

    /* allocations: blocked K tables, blocked eq table, bookkeeping, per-thread scratch */
    const size_t half0 = (size_t)1 << (n - 1), words = hs_sc_blk_words(half0);
    hs_sc_state S;
    const size_t n_ibuf = hs_sc_state_size(&S, inst->n_terms, m, dq);
    size_t tab_words = 0;
    hs_kb *tabs = NULL, *E = NULL, **te = NULL;
    hs_kb5 *sums = NULL;
    unsigned *ibuf = NULL;
    char *scratch = NULL;
    int ok = hs_mul_overflow_ok(words, m ? m : 1, &tab_words);
    if (ok) {
        tabs = hs_alloc_array(tab_words, sizeof *tabs);
        E = hs_alloc_array(words, sizeof *E);
        te = hs_alloc_array(m ? m : 1, sizeof *te);
        sums = hs_alloc_array(S.max_acc ? S.max_acc : 1, sizeof *sums);
        ibuf = hs_alloc_array(n_ibuf, sizeof *ibuf);
        scratch = hs_alloc_array(threads, S.per_thread);
    }
    if (ok && tabs && E && te && sums && ibuf && scratch) ok = hs_sc_eq_blocked(E, z + 1, n - 1, threads);
    if (!ok || !tabs || !E || !te || !sums || !ibuf || !scratch) {
        hs_free(tabs), hs_free(E), hs_free(te), hs_free(sums), hs_free(ibuf), hs_free(scratch);
        if (why) *why = hs_why_nomem;
        return 0;
    }
    for (unsigned j = 0; j < m; j++) te[j] = tabs + (size_t)j * words;
    hs_sc_state_init(&S, inst->terms, inst->n_terms, m, dq, ibuf, sums, E, te);
    hs_sc_round *R = &S.R;

    hs_kb5 p[HS_SC_MAX_DEGREE + 1];
    for (unsigned i = 0; i < n; i++) {
        R->half = (size_t)1 << (n - 1 - i);
        R->tb = i == 0 ? inst->tables : NULL;
        hs_sc_round_poly(kern, &S, i, z[i], d, threads, scratch, p);
        if (i == 0) *claim_out = S.claim;
        hs_kb5 r = hs_sc_prove_round(t, w, p, d);
        rho[i] = r;
        S.claim = hs_sc_interpolate(p, d, r);
        S.mfac = hs_kb5_mul(S.mfac, eq1(z[i], r));
        /* bind variable i */
        for (unsigned j = 0; j < m; j++) {
            if (i == 0) run_fold(kern, 0, te[j], inst->tables[j], R->half, r, threads);
            else run_fold(kern, 1, te[j], NULL, R->half, r, threads);
        }
        if (i + 1 < n) run_fold(kern, 2, E, NULL, R->half / 2, r, threads);
    }
    for (unsigned j = 0; j < m; j++) final_vals[j] = hs_sc_blk_get(te[j], 0);
    HS_VCHECK(hs_kb5_eq(S.claim, hs_kb5_mul(S.mfac, hs_sc_terms_eval(inst->terms, inst->n_terms, final_vals))),
              "sumcheck: the final claim is not the tables' value at the challenge point");
    hs_free(tabs), hs_free(E), hs_free(te), hs_free(sums), hs_free(ibuf), hs_free(scratch);
    return 1;
}

int hs_sc_prove(const hs_sc_instance *inst, const hs_kb5 *z, hs_transcript *t, hs_writer *w, unsigned threads,
                hs_kb5 *claim_out, hs_kb5 *rho, hs_kb5 *final_vals, const char **why) {
    return hs_sc_prove_with(hs_sc_kernels_best(), inst, z, t, w, threads, claim_out, rho, final_vals, why);
}
