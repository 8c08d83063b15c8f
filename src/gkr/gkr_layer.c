/* One S-box layer of the gkr walk: the sumcheck of claim = sum_x eq(z, x) g(cols(x)) in Gruen's
 * form, p(X) = m eq(z_i, X) q(X), q of degree 3 sent through the shared round transport
 * (src/sumcheck). Round 0 reads the base-field columns; it then folds them into K, scaled by
 * gamma^j so that a cube lane needs no coefficient (beta^j t^3 = (gamma^j t)^3); later rounds work
 * on those K columns. Partial layers carry their 15 linear lanes as one K column. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "poly/mle.h"
#include "sumcheck/sumcheck.h"
#include "util/mem.h"

int hs_gkr_scratch_init(hs_gkr_scratch *s, unsigned n) {
    size_t N = (size_t)1 << n, h = N > 1 ? N / 2 : 1;
    s->n = n;
    s->eq = hs_alloc_array(N, sizeof(hs_kb5));
    s->fold = hs_alloc_array(h, HS_GKR_LANES * sizeof(hs_kb5));
    s->lin = hs_alloc_array(N, sizeof(hs_kb5));
    if (!s->eq || !s->fold || !s->lin) {
        hs_gkr_scratch_free(s);
        return 0;
    }
    return 1;
}

void hs_gkr_scratch_free(hs_gkr_scratch *s) {
    hs_free(s->eq), hs_free(s->fold), hs_free(s->lin);
    memset(s, 0, sizeof *s);
}

hs_kb5 hs_gkr_layer_g(unsigned n_cube, hs_kb5 gamma, const hs_kb5 *t) {
    hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma), c = hs_kb5_one(), acc = hs_kb5_zero();
    for (unsigned j = 0; j < HS_GKR_LANES; j++) {
        hs_kb5 v = j < n_cube ? hs_kb5_mul(hs_kb5_square(t[j]), t[j]) : t[j];
        acc = hs_kb5_add(acc, hs_kb5_mul(c, v));
        c = hs_kb5_mul(c, beta);
    }
    return acc;
}

static inline hs_kb5 kb5_cube(hs_kb5 a) { return hs_kb5_mul(hs_kb5_square(a), a); }

/* Threads for a loop over h items: one below a few thousand (not worth waking the team). */
static unsigned team(size_t h, unsigned threads) { return h < 4096 || threads < 1 ? 1 : threads; }

/* Suffix eq tables: E_i (over z[i+1..n-1], 2^(n-1-i) entries) at offset 2^(n-1-i) - 1. */
static hs_kb5 *suffix_eq(hs_kb5 *buf, unsigned n, unsigned i) { return buf + (((size_t)1 << (n - 1 - i)) - 1); }

static void build_suffix_eq(hs_kb5 *buf, const hs_kb5 *z, unsigned n, unsigned threads) {
    buf[0] = hs_kb5_one(); /* E_{n-1} */
    for (unsigned i = n - 1; i-- > 0;) {
        const hs_kb5 *src = suffix_eq(buf, n, i + 1);
        hs_kb5 *dst = suffix_eq(buf, n, i);
        const size_t h = (size_t)1 << (n - 2 - i);
        const hs_kb5 zi = z[i + 1], omz = hs_kb5_sub(hs_kb5_one(), zi);
#pragma omp parallel for num_threads(team(h, threads)) schedule(static)
        for (size_t x = 0; x < h; x++) {
            hs_kb5 v = src[x];
            dst[x] = hs_kb5_mul(omz, v);
            dst[h + x] = hs_kb5_mul(zi, v);
        }
    }
}

/* q at X = 0, 2, 3 (q[0..2]) for round 0 over the base columns, rows [lo, hi) of the first half.
 * coef[j] = beta^j. */
static void round0_range(const hs_gkr_layer *ly, const hs_kb5 *eq, const hs_kb5 *coef, const hs_kb5 *lin,
                         size_t lo, size_t hi, hs_kb5 q[3]) {
    const size_t h = (size_t)1 << (ly->n - 1);
    hs_kb5 acc[HS_GKR_LANES][3], la = hs_kb5_zero(), lb = hs_kb5_zero();
    memset(acc, 0, sizeof acc);
    for (size_t x = lo; x < hi; x++) {
        const hs_kb5 e = eq[x];
        for (unsigned j = 0; j < ly->n_cube; j++) {
            hs_kb a = ly->cols[j][x], b = ly->cols[j][x + h], d = hs_kb_sub(b, a);
            hs_kb v2 = hs_kb_add(b, d), v3 = hs_kb_add(v2, d);
            acc[j][0] = hs_kb5_add(acc[j][0], hs_kb5_mul_base(e, hs_kb_cube(a)));
            acc[j][1] = hs_kb5_add(acc[j][1], hs_kb5_mul_base(e, hs_kb_cube(v2)));
            acc[j][2] = hs_kb5_add(acc[j][2], hs_kb5_mul_base(e, hs_kb_cube(v3)));
        }
        if (lin) {
            la = hs_kb5_add(la, hs_kb5_mul(e, lin[x]));
            lb = hs_kb5_add(lb, hs_kb5_mul(e, lin[x + h]));
        }
    }
    for (int t = 0; t < 3; t++) {
        hs_kb5 s = hs_kb5_zero();
        for (unsigned j = 0; j < ly->n_cube; j++) s = hs_kb5_add(s, hs_kb5_mul(coef[j], acc[j][t]));
        q[t] = s;
    }
    if (lin) { /* linear in X: values A, B at 0, 1 give 2B - A and 3B - 2A */
        hs_kb5 d = hs_kb5_sub(lb, la), l2 = hs_kb5_add(lb, d), l3 = hs_kb5_add(l2, d);
        q[0] = hs_kb5_add(q[0], la), q[1] = hs_kb5_add(q[1], l2), q[2] = hs_kb5_add(q[2], l3);
    }
}

/* The same for a later round on the folded (scaled) K columns of 2h rows. */
static void roundk_range(unsigned n_cube, const hs_kb5 *fold, size_t stride, size_t h, const hs_kb5 *eq,
                         const hs_kb5 *lin, size_t lo, size_t hi, hs_kb5 q[3]) {
    hs_kb5 q0 = hs_kb5_zero(), q2 = hs_kb5_zero(), q3 = hs_kb5_zero(), la = hs_kb5_zero(), lb = hs_kb5_zero();
    for (size_t x = lo; x < hi; x++) {
        hs_kb5 s0 = hs_kb5_zero(), s2 = hs_kb5_zero(), s3 = hs_kb5_zero();
        for (unsigned j = 0; j < n_cube; j++) {
            const hs_kb5 *f = fold + j * stride;
            hs_kb5 a = f[x], b = f[x + h], d = hs_kb5_sub(b, a), v2 = hs_kb5_add(b, d), v3 = hs_kb5_add(v2, d);
            s0 = hs_kb5_add(s0, kb5_cube(a));
            s2 = hs_kb5_add(s2, kb5_cube(v2));
            s3 = hs_kb5_add(s3, kb5_cube(v3));
        }
        const hs_kb5 e = eq[x];
        q0 = hs_kb5_add(q0, hs_kb5_mul(e, s0));
        q2 = hs_kb5_add(q2, hs_kb5_mul(e, s2));
        q3 = hs_kb5_add(q3, hs_kb5_mul(e, s3));
        if (lin) {
            la = hs_kb5_add(la, hs_kb5_mul(e, lin[x]));
            lb = hs_kb5_add(lb, hs_kb5_mul(e, lin[x + h]));
        }
    }
    if (lin) {
        hs_kb5 d = hs_kb5_sub(lb, la), l2 = hs_kb5_add(lb, d), l3 = hs_kb5_add(l2, d);
        q0 = hs_kb5_add(q0, la), q2 = hs_kb5_add(q2, l2), q3 = hs_kb5_add(q3, l3);
    }
    q[0] = q0, q[1] = q2, q[2] = q3;
}

/* Field sums are exact, so the per-thread partial sums give the same q for any thread count. */
static void round_q(const hs_gkr_layer *ly, unsigned round, const hs_gkr_scratch *s, const hs_kb5 *coef,
                    const hs_kb5 *lin, unsigned threads, hs_kb5 q[3]) {
    const unsigned n = ly->n;
    const size_t h = (size_t)1 << (n - 1 - round), stride = (size_t)1 << (n - 1);
    const hs_kb5 *eq = suffix_eq(s->eq, n, round);
    q[0] = q[1] = q[2] = hs_kb5_zero();
    const unsigned T = team(h, threads);
#pragma omp parallel num_threads(T)
    {
        const size_t nt = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
        const size_t lo = h * id / nt, hi = h * (id + 1) / nt;
        hs_kb5 loc[3];
        if (round == 0)
            round0_range(ly, eq, coef, lin, lo, hi, loc);
        else
            roundk_range(ly->n_cube, s->fold, stride, h, eq, lin, lo, hi, loc);
#pragma omp critical(hs_gkr_round_q)
        for (int t = 0; t < 3; t++) q[t] = hs_kb5_add(q[t], loc[t]);
    }
}

/* Binds variable `round` to r: round 0 reads the base columns (scaled by scale[j]), later rounds
 * fold in place; the linear column folds in place. */
static void fold_round(const hs_gkr_layer *ly, unsigned round, hs_gkr_scratch *s, const hs_kb5 *scale,
                       hs_kb5 *lin, hs_kb5 r, unsigned threads) {
    const unsigned n = ly->n;
    const size_t h = (size_t)1 << (n - 1 - round), stride = (size_t)1 << (n - 1);
    hs_kb5 sr[HS_GKR_LANES];
    for (unsigned j = 0; j < ly->n_cube; j++) sr[j] = hs_kb5_mul(scale[j], r);
#pragma omp parallel for num_threads(team(h, threads)) schedule(static)
    for (size_t x = 0; x < h; x++) {
        for (unsigned j = 0; j < ly->n_cube; j++) {
            hs_kb5 *f = s->fold + j * stride;
            if (round == 0) {
                hs_kb a = ly->cols[j][x], b = ly->cols[j][x + h];
                f[x] = hs_kb5_add(hs_kb5_mul_base(scale[j], a), hs_kb5_mul_base(sr[j], hs_kb_sub(b, a)));
            } else {
                f[x] = hs_kb5_add(f[x], hs_kb5_mul(r, hs_kb5_sub(f[x + h], f[x])));
            }
        }
        if (lin) lin[x] = hs_kb5_add(lin[x], hs_kb5_mul(r, hs_kb5_sub(lin[x + h], lin[x])));
    }
}

/* dst[x] = sum_{j >= from} coef[j] cols_j[x]. */
static void linear_column(const hs_gkr_layer *ly, const hs_kb5 *coef, hs_kb5 *dst, unsigned threads) {
    const size_t N = (size_t)1 << ly->n;
#pragma omp parallel for num_threads(team(N, threads)) schedule(static)
    for (size_t x = 0; x < N; x++) {
        hs_kb5 acc = hs_kb5_zero();
        for (unsigned j = ly->n_cube; j < HS_GKR_LANES; j++)
            acc = hs_kb5_add(acc, hs_kb5_mul_base(coef[j], ly->cols[j][x]));
        dst[x] = acc;
    }
}

/* out[j] = cols[j]^(z) for j in [lo, 16) using eq (2^n entries, overwritten). */
static void eval_with_table(const hs_kb *const *cols, unsigned lo, unsigned n, const hs_kb5 *z, hs_kb5 *eq,
                            hs_kb5 *out, unsigned threads) {
    const size_t N = (size_t)1 << n;
    hs_mle_eq_table(eq, z, n, hs_kb5_one(), threads);
    for (unsigned j = lo; j < HS_GKR_LANES; j++) out[j] = hs_kb5_zero();
    const unsigned T = team(N, threads);
#pragma omp parallel num_threads(T)
    {
        const size_t nt = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
        const size_t a = N * id / nt, b = N * (id + 1) / nt;
        hs_kb5 loc[HS_GKR_LANES];
        for (unsigned j = lo; j < HS_GKR_LANES; j++) {
            hs_kb5 acc = hs_kb5_zero();
            for (size_t x = a; x < b; x++) acc = hs_kb5_add(acc, hs_kb5_mul_base(eq[x], cols[j][x]));
            loc[j] = acc;
        }
#pragma omp critical(hs_gkr_eval)
        for (unsigned j = lo; j < HS_GKR_LANES; j++) out[j] = hs_kb5_add(out[j], loc[j]);
    }
}

int hs_gkr_layer_prove(const hs_gkr_layer *ly, hs_gkr_scratch *s, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                       hs_transcript *t, hs_writer *w, unsigned threads, hs_kb5 *rho, hs_kb5 *vals,
                       const char **why) {
    const unsigned n = ly->n;
    if (n < 1 || n > s->n) return *why = "layer size does not fit the scratch", 0;
    if (hs_kb5_is_zero(gamma)) return *why = "degenerate batching challenge", 0;
    hs_kb5 scale[HS_GKR_LANES], coef[HS_GKR_LANES];
    scale[0] = hs_kb5_one();
    for (unsigned j = 1; j < HS_GKR_LANES; j++) scale[j] = hs_kb5_mul(scale[j - 1], gamma);
    for (unsigned j = 0; j < HS_GKR_LANES; j++) coef[j] = kb5_cube(scale[j]);
    const int has_lin = ly->n_cube < HS_GKR_LANES;
    hs_kb5 *lin = has_lin ? s->lin : NULL;
    if (has_lin) linear_column(ly, coef, lin, threads);
    build_suffix_eq(s->eq, z, n, threads);
    hs_kb5 m = hs_kb5_one();
    for (unsigned i = 0; i < n; i++) {
        hs_kb5 q[3], p[5];
        round_q(ly, i, s, coef, lin, threads, q);
        if (!hs_sc_gruen_expand(claim, m, z[i], q, 4, p)) return *why = "degenerate claim point", 0;
        rho[i] = hs_sc_prove_round(t, w, p, 4);
        claim = hs_sc_interpolate(p, 4, rho[i]);
        hs_kb5 omz = hs_kb5_sub(hs_kb5_one(), z[i]), omr = hs_kb5_sub(hs_kb5_one(), rho[i]);
        m = hs_kb5_mul(m, hs_kb5_add(hs_kb5_mul(z[i], rho[i]), hs_kb5_mul(omz, omr)));
        fold_round(ly, i, s, scale, lin, rho[i], threads);
    }
    const size_t stride = (size_t)1 << (n - 1);
    hs_kb5 g_inv = hs_kb5_inv(gamma), u = hs_kb5_one();
    for (unsigned j = 0; j < ly->n_cube; j++) vals[j] = hs_kb5_mul(s->fold[j * stride], u), u = hs_kb5_mul(u, g_inv);
    if (has_lin) eval_with_table(ly->cols, ly->n_cube, n, rho, s->eq, vals, threads);
    hs_kbe e[HS_GKR_LANES];
    for (unsigned j = 0; j < HS_GKR_LANES; j++) e[j] = hs_gkr_kbe(vals[j]);
    if (w) hs_w_kbe(w, 5, e, HS_GKR_LANES);
    hs_transcript_absorb_kbe(t, 5, e, HS_GKR_LANES);
    return 1;
}

int hs_gkr_layer_verify(unsigned n, unsigned n_cube, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                        hs_transcript *t, hs_reader *r, hs_kb5 *rho, hs_kb5 *vals, const char **why) {
    for (unsigned i = 0; i < n; i++)
        if (!hs_sc_verify_round(t, r, 4, &claim, &rho[i]))
            return *why = r->err ? r->err : "truncated sumcheck", 0;
    hs_kbe e[HS_GKR_LANES];
    hs_r_kbe(r, 5, e, HS_GKR_LANES);
    if (r->err) return *why = r->err, 0;
    hs_transcript_absorb_kbe(t, 5, e, HS_GKR_LANES);
    for (unsigned j = 0; j < HS_GKR_LANES; j++) vals[j] = hs_gkr_kb5(e[j]);
    hs_kb5 expect = hs_kb5_mul(hs_mle_eq(z, rho, n), hs_gkr_layer_g(n_cube, gamma, vals));
    if (!hs_kb5_eq(expect, claim)) return *why = "layer sumcheck: final evaluation does not match", 0;
    return 1;
}

int hs_gkr_eval_cols(const hs_kb *const *cols, unsigned k, unsigned n, const hs_kb5 *z, hs_kb5 *out,
                     unsigned threads) {
    if (k > HS_GKR_LANES) return 0;
    hs_kb5 *eq = hs_alloc_array((size_t)1 << n, sizeof *eq);
    if (!eq) return 0;
    const hs_kb *c16[HS_GKR_LANES] = {0};
    hs_kb5 o16[HS_GKR_LANES];
    for (unsigned j = 0; j < k; j++) c16[HS_GKR_LANES - k + j] = cols[j];
    eval_with_table(c16, HS_GKR_LANES - k, n, z, eq, o16, threads);
    for (unsigned j = 0; j < k; j++) out[j] = o16[HS_GKR_LANES - k + j];
    hs_free(eq);
    return 1;
}

int hs_gkr_eval_rows(const hs_kb *rows, unsigned width, unsigned n, const hs_kb5 *z, hs_kb5 *out, unsigned threads) {
    if (width > HS_GKR_LANES) return 0;
    const size_t N = (size_t)1 << n;
    hs_kb5 *eq = hs_alloc_array(N, sizeof *eq);
    if (!eq) return 0;
    hs_mle_eq_table(eq, z, n, hs_kb5_one(), threads);
    for (unsigned j = 0; j < width; j++) out[j] = hs_kb5_zero();
    const unsigned T = team(N, threads);
#pragma omp parallel num_threads(T)
    {
        const size_t nt = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
        const size_t a = N * id / nt, b = N * (id + 1) / nt;
        hs_kb5 loc[HS_GKR_LANES];
        for (unsigned j = 0; j < width; j++) loc[j] = hs_kb5_zero();
        for (size_t x = a; x < b; x++)
            for (unsigned j = 0; j < width; j++)
                loc[j] = hs_kb5_add(loc[j], hs_kb5_mul_base(eq[x], rows[x * width + j]));
#pragma omp critical(hs_gkr_eval)
        for (unsigned j = 0; j < width; j++) out[j] = hs_kb5_add(out[j], loc[j]);
    }
    hs_free(eq);
    return 1;
}
