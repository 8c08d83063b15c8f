/* One S-box layer of the gkr walk: the sumcheck of claim = sum_x eq(z, x) g(cols(x)) in Gruen's
 * form, p(X) = m eq(z_i, X) q(X), q of degree 3 sent through the shared round transport
 * (src/sumcheck). Round 0 reads the base-field columns; it then folds them into K, scaled by
 * gamma^j so that a cube lane needs no coefficient (beta^j t^3 = (gamma^j t)^3); later rounds work
 * on those K columns. Partial layers carry their linear part as one K column the walk keeps (lin_k). */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/gkr_kern.h"
#include "poly/mle.h"
#include "sumcheck/sumcheck.h"
#include "sumcheck/comm.h"
#include "util/mem.h"
#include "util/verify.h"

int hs_gkr_scratch_init(hs_gkr_scratch *s, unsigned n, unsigned width) {
    size_t N = (size_t)1 << n, h = N > 1 ? N / 2 : 1, q = N > 3 ? N / 4 : 1;
    memset(s, 0, sizeof *s);
    if (width < 1 || width > HS_GKR_MAX_WIDTH) return 0;
    s->n = n, s->width = width;
    s->eq = hs_alloc_array(hs_gkr_plane_cap(N), 5 * sizeof(hs_kb));
    s->fold = hs_alloc_array(hs_gkr_plane_cap(h) + (width - 1) * hs_gkr_plane_cap(q), 5 * sizeof(hs_kb));
    s->lin = hs_alloc_array(hs_gkr_plane_cap(N), 5 * sizeof(hs_kb));
    s->kern = hs_gkr_kernels_best();
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

hs_kb5 hs_gkr_layer_g(unsigned width, unsigned n_cube, hs_kb5 gamma, const hs_kb5 *t) {
    hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma), c = hs_kb5_one(), acc = hs_kb5_zero();
    for (unsigned j = 0; j < width; j++) {
        hs_kb5 v = j < n_cube ? hs_kb5_mul(hs_kb5_square(t[j]), t[j]) : t[j];
        acc = hs_kb5_add(acc, hs_kb5_mul(c, v));
        c = hs_kb5_mul(c, beta);
    }
    return acc;
}

static inline hs_kb5 kb5_cube(hs_kb5 a) { return hs_kb5_mul(hs_kb5_square(a), a); }

/* Threads for a loop over h items: one below a few thousand (not worth waking the team). */
static unsigned team(size_t h, unsigned threads) { return h < 4096 || threads < 1 ? 1 : threads; }


/* This thread's part of [0, h) inside a parallel region. */
static void my_range(size_t h, size_t *lo, size_t *hi) {
    const size_t nt = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
    *lo = h * id / nt, *hi = h * (id + 1) / nt;
}

/* Suffix eq tables: E_i (over z[i+1..n-1], 2^(n-1-i) entries) at offset 2^(n-1-i) - 1 of each plane. */
static hs_mle_k5 suffix_eq(const hs_gkr_scratch *s, unsigned n, unsigned i) {
    return hs_mle_k5_at(hs_mle_k5_planes(s->eq, hs_gkr_plane_cap((size_t)1 << s->n)), ((size_t)1 << (n - 1 - i)) - 1);
}

static unsigned split_bits(unsigned n);

/* E_{n-1} .. E_split (the rounds before split use block weights on E_split). */
static void build_suffix_eq(const hs_gkr_scratch *s, const hs_kb5 *z, unsigned n, unsigned threads) {
    hs_mle_suffix_eq_planes(hs_mle_k5_planes(s->eq, hs_gkr_plane_cap((size_t)1 << s->n)), z, n, split_bits(n), threads);
}

/* eq(z, .) over all n variables into the planes t (2^n entries); needs no allocation. */
static void build_eq(hs_mle_k5 t, const hs_kb5 *z, unsigned n, unsigned threads) {
    (void)hs_mle_eq_planes(t, (size_t)1 << hs_mle_eq_low_bits(n), z, n, hs_mle_eq_low_bits(n), hs_kb5_one(), threads);
}

/* eq tables are split: the top SPLIT variables of a table become 2^SPLIT block weights
 * (w[b] = eq(z_top, b)), the rest one shared table; saves building the largest tables. */
#define SPLIT 4

static unsigned split_bits(unsigned n) { return n - 1 < SPLIT ? n - 1 : SPLIT; }

/* One block's sums over the rows [off, off + lo..hi) of each half: loc[0..2] the cube lanes' part
 * (rounds 0 and 1: q at 0, 2, 3; later rounds: the coefficient sums of the roundk kernel), loc[3],
 * loc[4] the linear column at X = 0 and 1. */
static void round_block(const hs_gkr_layer *ly, unsigned round, int kmode, const hs_gkr_kernels *k, const hs_kb5 *coef,
                        const hs_mle_k5 *fold, const hs_mle_k5 *lin, const hs_kb5 *r0, hs_mle_k5 eq, size_t h,
                        size_t off, size_t lo, size_t hi, hs_kb5 loc[5]) {
    for (int t = 0; t < 5; t++) loc[t] = hs_kb5_zero();
    const hs_kb *sc[HS_GKR_MAX_WIDTH];
    for (unsigned j = 0; j < ly->n_cube; j++) sc[j] = ly->cols[j] + off;
    if (round == 0 && !kmode) {
        hs_kb5 acc[HS_GKR_MAX_WIDTH][3];
        memset(acc, 0, sizeof acc);
        k->round0(sc, ly->n_cube, h, eq, lo, hi, acc);
        for (int t = 0; t < 3; t++)
            for (unsigned j = 0; j < ly->n_cube; j++) loc[t] = hs_kb5_add(loc[t], hs_kb5_mul(coef[j], acc[j][t]));
    } else if (round == 1 && r0 && !kmode) {
        /* (A + r0 D)^3 = A^3 + 3 r0 A^2 D + 3 r0^2 A D^2 + r0^3 D^3 */
        hs_kb5 acc[HS_GKR_MAX_WIDTH][3][4], three = hs_kb5_from_base(hs_kb_from_u32(3));
        hs_kb5 r2 = hs_kb5_square(*r0), pw[4] = {hs_kb5_one(), hs_kb5_mul(three, *r0), hs_kb5_mul(three, r2),
                                                  hs_kb5_mul(r2, *r0)};
        memset(acc, 0, sizeof acc);
        k->round1(sc, ly->n_cube, h, eq, lo, hi, acc);
        for (int t = 0; t < 3; t++)
            for (int kk = 0; kk < 4; kk++) {
                hs_kb5 tk = hs_kb5_zero();
                for (unsigned j = 0; j < ly->n_cube; j++) tk = hs_kb5_add(tk, hs_kb5_mul(coef[j], acc[j][t][kk]));
                loc[t] = hs_kb5_add(loc[t], hs_kb5_mul(pw[kk], tk));
            }
    } else {
        hs_mle_k5 sf[HS_GKR_MAX_WIDTH];
        for (unsigned j = 0; j < ly->n_cube; j++) sf[j] = hs_mle_k5_at(fold[j], off);
        k->roundk(sf, ly->n_cube, h, eq, lo, hi, loc);
        if (ly->lin_k) /* the folded cube lane is unscaled: its coefficient applies here */
            for (int t = 0; t < 3; t++) loc[t] = hs_kb5_mul(ly->cube_coef, loc[t]);
    }
    /* after round 0 the linear part's own running claim gives B (round_q) */
    if (lin) k->lin(hs_mle_k5_at(*lin, off), h, eq, lo, hi, &loc[3], round == 0 ? &loc[4] : NULL);
}

static inline hs_kb5 kb5_small(hs_kb5 a, uint32_t c) { return hs_kb5_mul_base(a, hs_kb_from_u32(c)); }

/* q(0), q(2), q(3) of round `round` (1; 0 on a degenerate point, -1 when the communicator
 * failed). The eq factor over z[round+1..] is split into block weights over its first variables
 * (up to SPLIT) times the suffix table E_split. Field sums are exact, so the per-thread partial
 * sums give the same q for any thread count, and (s->comm) the ranks' weighted sums added give
 * the whole table's. */
static int round_q(const hs_gkr_layer *ly, unsigned round, int kmode, const hs_gkr_scratch *s, const hs_kb5 *z,
                   const hs_kb5 *coef, const hs_mle_k5 *fold, const hs_mle_k5 *lin, const hs_kb5 *r0, hs_kb5 claim,
                   hs_kb5 m, hs_kb5 c_lin, unsigned threads, hs_kb5 q[3], hs_kb5 lin_ab[2]) {
    const hs_gkr_kernels *k = s->kern;
    const unsigned n = ly->n, sp = split_bits(n), sb = round < sp ? sp - round : 0;
    const hs_mle_k5 eq = suffix_eq(s, n, round + sb);
    hs_kb5 w[1u << SPLIT];
    hs_mle_eq_table(w, z + round + 1, sb, hs_kb5_one(), 1); /* block weights */
    hs_kb5 acc[5];
    for (int t = 0; t < 5; t++) acc[t] = hs_kb5_zero();
    const size_t h = (size_t)1 << (n - 1 - round), blk = h >> sb;
#pragma omp parallel num_threads(team(h, threads))
    {
        size_t lo, hi;
        my_range(blk, &lo, &hi);
        hs_kb5 loc[5], lb[5];
        for (int t = 0; t < 5; t++) loc[t] = hs_kb5_zero();
        for (size_t b = 0; b < ((size_t)1 << sb); b++) {
            round_block(ly, round, kmode, k, coef, fold, lin, r0, eq, h, b * blk, lo, hi, lb);
            for (int t = 0; t < 5; t++) loc[t] = hs_kb5_add(loc[t], hs_kb5_mul(w[b], lb[t]));
        }
#pragma omp critical(hs_gkr_round_q)
        for (int t = 0; t < 5; t++) acc[t] = hs_kb5_add(acc[t], loc[t]);
    }
    if (hs_comm_size(s->comm) > 1) { /* the other ranks' rows: every rank then has the whole sums */
        for (int t = 0; t < 5; t++) acc[t] = hs_kb5_mul(acc[t], s->rank_w);
        if (!hs_comm_sum_k5(s->comm, acc, 5)) return -1;
    }
    /* claim = m ((1 - z) q(0) + z q(1)) for the whole round and for the linear part alone (c_lin) */
    const hs_kb5 zi = z[round], mz = hs_kb5_mul(m, zi), m1z = hs_kb5_mul(m, hs_kb5_sub(hs_kb5_one(), zi));
    const int direct = !kmode && (round == 0 || (round == 1 && r0));
    if ((round > 0 || !direct) && hs_kb5_is_zero(mz)) return 0;
    const hs_kb5 mz_inv = round > 0 || !direct ? hs_kb5_inv(mz) : hs_kb5_zero();
    /* the linear column: values A, B at 0, 1 give 2B - A and 3B - 2A */
    const hs_kb5 A = acc[3];
    const hs_kb5 B = round == 0 || !lin ? acc[4] : hs_kb5_mul(hs_kb5_sub(c_lin, hs_kb5_mul(m1z, A)), mz_inv);
    const hs_kb5 d = hs_kb5_sub(B, A), l2 = hs_kb5_add(B, d), l3 = hs_kb5_add(l2, d);
    lin_ab[0] = A, lin_ab[1] = B;
    if (direct) {
        q[0] = hs_kb5_add(acc[0], A), q[1] = hs_kb5_add(acc[1], l2), q[2] = hs_kb5_add(acc[2], l3);
        return 1;
    }
    /* q(1) from the claim fixes the cube part's X^2 coefficient */
    const hs_kb5 C0 = acc[0], C1 = acc[1], C3 = acc[2];
    q[0] = hs_kb5_add(C0, A);
    hs_kb5 q1 = hs_kb5_mul(hs_kb5_sub(claim, hs_kb5_mul(m1z, q[0])), mz_inv);
    hs_kb5 C2x3 = hs_kb5_sub(hs_kb5_sub(hs_kb5_sub(hs_kb5_sub(q1, B), C0), kb5_small(C1, 3)), C3);
    q[1] = hs_kb5_add(hs_kb5_add(hs_kb5_add(C0, kb5_small(C1, 6)), kb5_small(C2x3, 4)), hs_kb5_add(kb5_small(C3, 8), l2));
    q[2] = hs_kb5_add(hs_kb5_add(hs_kb5_add(C0, kb5_small(C1, 9)), kb5_small(C2x3, 9)), hs_kb5_add(kb5_small(C3, 27), l3));
    return 1;
}

/* Binds variable `round` to r: round 0 reads the base columns (scaled by scale[j]), later rounds
 * fold in place; the linear column folds in place. */
static void fold_round(const hs_gkr_layer *ly, unsigned round, int kmode, const hs_gkr_scratch *s, const hs_kb5 *scale,
                       const hs_mle_k5 *fold, const hs_mle_k5 *lin, hs_kb5 r, unsigned threads) {
    const hs_gkr_kernels *k = s->kern;
    hs_kb5 sr[HS_GKR_MAX_WIDTH];
    for (unsigned j = 0; j < ly->n_cube; j++) sr[j] = hs_kb5_mul(scale[j], r);
    const size_t h_ = (size_t)1 << (ly->n - 1 - round);
#pragma omp parallel num_threads(team(h_, threads))
    {
        size_t lo, hi;
        my_range(h_, &lo, &hi);
        for (unsigned j = 0; j < ly->n_cube; j++) {
            if (round == 0 && !kmode)
                k->fold0(ly->cols[j], h_, scale[j], sr[j], fold[j], lo, hi);
            else
                k->foldk(fold[j], h_, r, lo, hi);
        }
        if (lin) k->foldk(*lin, h_, r, lo, hi);
    }
}

/* Binds variables 0 and 1 of the base columns to (r0, r1) at once, scaled. */
static void fold_two(const hs_gkr_layer *ly, const hs_gkr_scratch *s, const hs_kb5 *scale, const hs_mle_k5 *fold,
                     hs_kb5 r0, hs_kb5 r1, unsigned threads) {
    const hs_gkr_kernels *k = s->kern;
    const size_t q = (size_t)1 << (ly->n - 2);
    const hs_kb5 one = hs_kb5_one(), o0 = hs_kb5_sub(one, r0), o1 = hs_kb5_sub(one, r1);
    const hs_kb5 w[4] = {hs_kb5_mul(o0, o1), hs_kb5_mul(o0, r1), hs_kb5_mul(r0, o1), hs_kb5_mul(r0, r1)};
    hs_kb5 ws[HS_GKR_MAX_WIDTH][4];
    for (unsigned j = 0; j < ly->n_cube; j++)
        for (int b = 0; b < 4; b++) ws[j][b] = hs_kb5_mul(scale[j], w[b]);
#pragma omp parallel num_threads(team(q, threads))
    {
        size_t lo, hi;
        my_range(q, &lo, &hi);
        for (unsigned j = 0; j < ly->n_cube; j++) k->fold01(ly->cols[j], q, ws[j], fold[j], lo, hi);
    }
}

/* out[j] = cols[j]^(z) for j < kc: eq over the last n - sb variables into t (planes of at least
 * 2^(n - sb) entries), block weights over the first sb. */
static void eval_with_table(const hs_kb *const *cols, unsigned kc, unsigned n, const hs_kb5 *z, hs_mle_k5 t,
                            const hs_gkr_kernels *k, hs_kb5 *out, unsigned threads) {
    const unsigned sb = n < SPLIT ? n : SPLIT;
    hs_kb5 w[1u << SPLIT];
    hs_mle_eq_table(w, z, sb, hs_kb5_one(), 1); /* block weights */
    build_eq(t, z + sb, n - sb, threads);
    for (unsigned j = 0; j < kc; j++) out[j] = hs_kb5_zero();
    const size_t blk = (size_t)1 << (n - sb);
#pragma omp parallel num_threads(team((size_t)1 << n, threads))
    {
        size_t lo, hi;
        my_range(blk, &lo, &hi);
        hs_kb5 loc[HS_GKR_KERN_MAX_COLS], lb[HS_GKR_KERN_MAX_COLS];
        const hs_kb *sc[HS_GKR_KERN_MAX_COLS];
        for (unsigned j = 0; j < kc; j++) loc[j] = hs_kb5_zero();
        for (size_t b = 0; b < ((size_t)1 << sb); b++) {
            for (unsigned j = 0; j < kc; j++) lb[j] = hs_kb5_zero(), sc[j] = cols[j] + b * blk;
            k->dot(sc, kc, t, lo, hi, lb);
            for (unsigned j = 0; j < kc; j++) loc[j] = hs_kb5_add(loc[j], hs_kb5_mul(w[b], lb[j]));
        }
#pragma omp critical(hs_gkr_eval)
        for (unsigned j = 0; j < kc; j++) out[j] = hs_kb5_add(out[j], loc[j]);
    }
}

/* The cube lanes' values at rho: the folded (gamma^j-scaled) lanes unscaled. */
static void cube_vals(unsigned n_cube, hs_kb5 gamma, const hs_mle_k5 *fold, hs_kb5 *vals) {
    hs_kb5 g_inv = hs_kb5_inv(gamma), u = hs_kb5_one();
    for (unsigned j = 0; j < n_cube; j++) vals[j] = hs_kb5_mul(hs_mle_k5_get(fold[j], 0), u), u = hs_kb5_mul(u, g_inv);
}

/* An empty message leaves the transcript alone. */
void hs_gkr_send_k(hs_transcript *t, hs_writer *w, const hs_kb5 *v, size_t cnt) {
    if (!cnt) return;
    if (w) hs_w_elems(w, &hs_field_kb5, v, cnt);
    hs_transcript_absorb_elems(t, &hs_field_kb5, v, cnt);
}

int hs_gkr_recv_k(hs_transcript *t, hs_reader *r, hs_kb5 *v, size_t cnt) {
    if (!cnt) return 1;
    hs_r_elems(r, &hs_field_kb5, v, cnt);
    if (r->err) return 0;
    hs_transcript_absorb_elems(t, &hs_field_kb5, v, cnt);
    return 1;
}

/* The layer's values at rho, sent: a partial layer's cube lane (folded unscaled) and linear column,
 * or a full layer's w lanes (unscaled). */
static void layer_end(const hs_gkr_layer *ly, hs_kb5 gamma, const hs_mle_k5 *fold, hs_mle_k5 linp, hs_transcript *t,
                      hs_writer *w, hs_kb5 *vals) {
    if (ly->lin_k) {
        vals[0] = hs_mle_k5_get(fold[0], 0), vals[1] = hs_mle_k5_get(linp, 0);
        hs_gkr_send_k(t, w, vals, 2);
        return;
    }
    cube_vals(ly->n_cube, gamma, fold, vals);
    hs_gkr_send_k(t, w, vals, ly->n_cube);
}

/* One ordinary round in Gruen's form: q from round_q, p sent, r drawn; m (the eq factors already
 * bound) and c_lin (the linear part's running claim, m eq(z_i, r) (A + r (B - A))) move on. 1; 0 on
 * a degenerate claim point, -1 when the communicator failed. */
static int ord_round(const hs_gkr_layer *ly, unsigned i, int kmode, const hs_gkr_scratch *s, const hs_kb5 *z,
                     const hs_kb5 *coef, const hs_mle_k5 *fold, const hs_mle_k5 *lin, const hs_kb5 *r0, hs_kb5 *claim,
                     hs_kb5 *m, hs_kb5 *c_lin, unsigned threads, hs_transcript *t, hs_writer *w, hs_kb5 *r) {
    hs_kb5 q[3], p[5], ab[2];
    const int rq = round_q(ly, i, kmode, s, z, coef, fold, lin, r0, *claim, *m, *c_lin, threads, q, ab);
    if (rq != 1) return rq;
    if (!hs_sc_gruen_expand(*claim, *m, z[i], q, 4, p)) return 0;
    *r = hs_sc_prove_round(t, w, p, 4);
    *claim = hs_sc_interpolate(p, 4, *r);
    const hs_kb5 omz = hs_kb5_sub(hs_kb5_one(), z[i]), omr = hs_kb5_sub(hs_kb5_one(), *r);
    *m = hs_kb5_mul(*m, hs_kb5_add(hs_kb5_mul(z[i], *r), hs_kb5_mul(omz, omr)));
    *c_lin = hs_kb5_mul(*m, hs_kb5_add(ab[0], hs_kb5_mul(*r, hs_kb5_sub(ab[1], ab[0]))));
    return 1;
}

/* scale[j] = gamma^j, coef[j] = beta^j = scale[j]^3; the folded lanes' and the linear column's
 * planes in the scratch (lane 0 may be folded from N rows (partial layers); the other lanes only
 * after two rounds, or the skip's N/8). */
static void layer_tables(const hs_gkr_scratch *s, hs_kb5 gamma, hs_kb5 *scale, hs_kb5 *coef, hs_mle_k5 *fold,
                         hs_mle_k5 *linp) {
    const size_t N = (size_t)1 << s->n, H = N > 1 ? N / 2 : 1, Q = N > 3 ? N / 4 : 1;
    scale[0] = hs_kb5_one();
    for (unsigned j = 1; j < s->width; j++) scale[j] = hs_kb5_mul(scale[j - 1], gamma);
    for (unsigned j = 0; j < s->width; j++) coef[j] = kb5_cube(scale[j]);
    const size_t HC = hs_gkr_plane_cap(H), QC = hs_gkr_plane_cap(Q);
    *linp = hs_mle_k5_planes(s->lin, hs_gkr_plane_cap(N));
    fold[0] = hs_mle_k5_planes(s->fold, HC);
    for (unsigned j = 1; j < s->width; j++) fold[j] = hs_mle_k5_planes(s->fold + 5 * HC + (size_t)(j - 1) * 5 * QC, QC);
}

/* dst = sum_{j < kc} coef[j] cols[j] over 2^n rows, on the team. */
static void lin_combine(const hs_gkr_kernels *k, const hs_kb *const *cols, unsigned kc, const hs_kb5 *coef,
                        hs_mle_k5 dst, unsigned n, unsigned threads) {
#pragma omp parallel num_threads(team((size_t)1 << n, threads))
    {
        size_t lo, hi;
        my_range((size_t)1 << n, &lo, &hi);
        k->lincol(cols, kc, coef, dst, lo, hi);
    }
}

int hs_gkr_lin_combine(const hs_kb *const *cols, unsigned kc, const hs_kb5 *coef, hs_kb *dst, size_t cap, unsigned n,
                       unsigned threads) {
    if (kc > HS_GKR_KERN_MAX_COLS || cap < ((size_t)1 << n)) return 0;
    lin_combine(hs_gkr_kernels_best(), cols, kc, coef, hs_mle_k5_planes(dst, cap), n, threads);
    return 1;
}

/* A layer prover's start: gamma checked, layer_tables, the partial layers' linear column. NULL or
 * why it failed. */
static const char *layer_setup(const hs_gkr_layer *ly, const hs_gkr_scratch *s, hs_kb5 gamma, hs_kb5 *scale,
                               hs_kb5 *coef, hs_mle_k5 *fold, hs_mle_k5 *linp) {
    if (hs_kb5_is_zero(gamma)) return "degenerate batching challenge";
    if (ly->n_cube < 1 || ly->n_cube > s->width) return "layer wider than the scratch";
    layer_tables(s, gamma, scale, coef, fold, linp);
    if (!ly->lin_k) return NULL;
    if (ly->n_cube != 1 || ly->lin_cap < ((size_t)1 << ly->n)) return "bad linear column";
    coef[0] = ly->cube_coef;
    return NULL;
}

int hs_gkr_layer_prove(const hs_gkr_layer *ly, hs_gkr_scratch *s, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                       hs_transcript *t, hs_writer *w, unsigned threads, hs_kb5 *rho, hs_kb5 *vals,
                       const char **why) {
    const unsigned n = ly->n;
    if (n < 1 || n > s->n) return *why = "layer size does not fit the scratch", 0;
    if (hs_comm_size(s->comm) > 1) return *why = "a layer without the skip is proven by one process", 0;
    hs_kb5 scale[HS_GKR_MAX_WIDTH], coef[HS_GKR_MAX_WIDTH];
    hs_mle_k5 fold[HS_GKR_MAX_WIDTH], linp;
    if ((*why = layer_setup(ly, s, gamma, scale, coef, fold, &linp))) return 0;
    const int has_lin = ly->lin_k != NULL;
    const hs_mle_k5 *lin = has_lin ? &linp : NULL;
    if (has_lin) { /* small layers only (the walk skips from n = 3): the update, then a copy to fold */
        const hs_mle_k5 src = hs_mle_k5_planes(ly->lin_k, ly->lin_cap);
        for (size_t x = 0; x < ((size_t)1 << n); x++) {
            hs_kb5 v = hs_mle_k5_get(src, x);
            if (ly->upd_P) {
                v = hs_kb5_add(hs_kb5_add(v, ly->upd_cst), hs_kb5_mul_base(ly->upd_mu, ly->upd_P[x]));
                if (ly->upd_s) v = hs_kb5_add(v, hs_kb5_mul_base(ly->upd_na, ly->upd_s[x]));
                hs_mle_k5_set(src, x, v);
            }
            hs_mle_k5_set(linp, x, v);
        }
    }
    build_suffix_eq(s, z, n, threads);
    /* full layers: round 1 also reads the base columns (the cube of A + rho_0 D expanded in rho_0),
     * and the first fold binds two variables at once */
    const int base1 = !has_lin && n >= 2;
    hs_kb5 m = hs_kb5_one(), c_lin = hs_kb5_zero();
    for (unsigned i = 0; i < n; i++) {
        if (ord_round(ly, i, 0, s, z, coef, fold, lin, base1 && i == 1 ? &rho[0] : NULL, &claim, &m, &c_lin, threads, t,
                      w, &rho[i]) != 1)
            return *why = "degenerate claim point", 0;
        if (base1 && i == 0) continue;
        if (base1 && i == 1)
            fold_two(ly, s, scale, fold, rho[0], rho[1], threads);
        else
            fold_round(ly, i, 0, s, scale, fold, lin, rho[i], threads);
    }
    layer_end(ly, gamma, fold, linp, t, w, vals);
    HS_VCHECK_HONEST(has_lin || hs_kb5_eq(hs_kb5_mul(m, hs_gkr_layer_g(ly->n_cube, ly->n_cube, gamma, vals)), claim),
              "gkr layer: the final claim is not the layer's composition at the challenge point");
    return 1;
}


int hs_gkr_eval_cols(const hs_kb *const *cols, unsigned k, unsigned n, const hs_kb5 *z, hs_kb5 *out,
                     unsigned threads) {
    if (k > HS_GKR_KERN_MAX_COLS) return 0;
    const size_t N = (size_t)1 << n;
    hs_kb *eq = hs_alloc_array(hs_gkr_plane_cap(N), 5 * sizeof *eq);
    if (!eq) return 0;
    eval_with_table(cols, k, n, z, hs_mle_k5_planes(eq, hs_gkr_plane_cap(N)), hs_gkr_kernels_best(), out, threads);
    hs_free(eq);
    return 1;
}

int hs_gkr_eval_rows(const hs_kb *rows, unsigned width, unsigned n, const hs_kb5 *z, hs_kb5 *out, unsigned threads) {
    if (width > HS_GKR_MAX_WIDTH) return 0;
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
        hs_kb5 loc[HS_GKR_MAX_WIDTH];
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

/* ---- univariate skip ---- */

#define SKIP_PTS (HS_GKR_SKIP_DEG + 1)
_Static_assert(SKIP_PTS == HS_GKR_KERN_SKIP_PTS && HS_GKR_SKIP_D == HS_GKR_KERN_SKIP_D, "skip sizes");

/* (-1)^(d-k) k! (d-k)! for k = 0..d: the Lagrange denominators of the nodes 0..d. */
static void node_denominators(unsigned d, hs_kb *den) {
    hs_kb fact[SKIP_PTS];
    fact[0] = HS_KB_ONE;
    for (unsigned i = 1; i <= d; i++) fact[i] = hs_kb_mul(fact[i - 1], hs_kb_from_u32(i));
    for (unsigned k = 0; k <= d; k++) {
        den[k] = hs_kb_mul(fact[k], fact[d - k]);
        if ((d - k) & 1) den[k] = hs_kb_neg(den[k]);
    }
}

/* l[k] = prod_{j != k} (x - j) / (k - j) over the nodes 0..d (prefix and suffix products: exact at
 * the nodes). */
static void node_basis(hs_kb5 x, unsigned d, hs_kb5 *l) {
    hs_kb5 diff[SKIP_PTS], pre[SKIP_PTS + 1], suf[SKIP_PTS + 1];
    hs_kb den[SKIP_PTS], inv[SKIP_PTS];
    for (unsigned j = 0; j <= d; j++) diff[j] = x, diff[j].c[0] = hs_kb_sub(x.c[0], hs_kb_from_u32(j));
    pre[0] = hs_kb5_one();
    for (unsigned j = 0; j <= d; j++) pre[j + 1] = hs_kb5_mul(pre[j], diff[j]);
    suf[d + 1] = hs_kb5_one();
    for (unsigned j = d + 1; j-- > 0;) suf[j] = hs_kb5_mul(suf[j + 1], diff[j]);
    node_denominators(d, den);
    hs_kb_batch_inv(inv, den, d + 1);
    for (unsigned k = 0; k <= d; k++) l[k] = hs_kb5_mul_base(hs_kb5_mul(pre[k], suf[k + 1]), inv[k]);
}

void hs_gkr_skip_basis(hs_kb5 x, hs_kb5 L[HS_GKR_SKIP_D]) { node_basis(x, HS_GKR_SKIP_D - 1, L); }

hs_kb5 hs_gkr_skip_interp(const hs_kb5 *vals, unsigned d, hs_kb5 x) {
    if (d > HS_GKR_SKIP_DEG) d = HS_GKR_SKIP_DEG;
    hs_kb5 l[SKIP_PTS], acc = hs_kb5_zero();
    node_basis(x, d, l);
    for (unsigned k = 0; k <= d; k++) acc = hs_kb5_add(acc, hs_kb5_mul(l[k], vals[k]));
    return acc;
}

/* The rank's variables, last: every rank's folded values (one per cube lane, and the linear
 * column's) gathered into tables of R rows in rank order, then log2(R) ordinary rounds over them
 * on every rank alike (zt, rt: the points' last log2(R) values) and the layer's end. */
static int rank_rounds(const hs_gkr_layer *ly, const hs_gkr_scratch *s, hs_kb5 gamma, const hs_kb5 *zt,
                       const hs_mle_k5 *fold, const hs_mle_k5 *lin, hs_kb5 claim, hs_kb5 m, hs_kb5 c_lin,
                       hs_transcript *t, hs_writer *w, hs_kb5 *rt, hs_kb5 *vals, const char **why) {
    const unsigned lr = hs_comm_log(s->comm), R = 1u << lr, k = ly->n_cube + (lin != NULL);
    hs_kb5 mine[HS_GKR_MAX_WIDTH + 1];
    for (unsigned j = 0; j < ly->n_cube; j++) mine[j] = hs_mle_k5_get(fold[j], 0);
    if (lin) mine[ly->n_cube] = hs_mle_k5_get(*lin, 0);
    hs_kb5 *all = malloc((size_t)R * k * sizeof *all);
    hs_gkr_scratch ts;
    if (!all || !hs_gkr_scratch_init(&ts, lr + 2, s->width)) { /* lane planes of at least R rows */
        free(all);
        return *why = hs_why_nomem, 0;
    }
    int ok = 0;
    *why = "communicator failed";
    if (s->comm->allgather(s->comm->user, mine, all, k * sizeof *mine)) goto done;
    ts.kern = s->kern;
    hs_kb5 scale[HS_GKR_MAX_WIDTH], coef[HS_GKR_MAX_WIDTH];
    hs_mle_k5 tf[HS_GKR_MAX_WIDTH], tl;
    if ((*why = layer_setup(ly, &ts, gamma, scale, coef, tf, &tl))) goto done;
    for (unsigned r = 0; r < R; r++) {
        for (unsigned j = 0; j < ly->n_cube; j++) hs_mle_k5_set(tf[j], r, all[(size_t)r * k + j]);
        if (lin) hs_mle_k5_set(tl, r, all[(size_t)r * k + ly->n_cube]);
    }
    hs_gkr_layer sub = *ly;
    sub.n = lr;
    build_suffix_eq(&ts, zt, lr, 1);
    for (unsigned i = 0; i < lr; i++) {
        const hs_mle_k5 *tlp = lin ? &tl : NULL;
        if (ord_round(&sub, i, 1, &ts, zt, coef, tf, tlp, NULL, &claim, &m, &c_lin, 1, t, w, &rt[i]) != 1) {
            *why = "degenerate claim point";
            goto done;
        }
        fold_round(&sub, i, 1, &ts, scale, tf, tlp, rt[i], 1);
    }
    layer_end(ly, gamma, tf, tl, t, w, vals);
    ok = 1;
    *why = NULL;
done:
    hs_gkr_scratch_free(&ts);
    free(all);
    return ok;
}

int hs_gkr_layer_prove_skip(const hs_gkr_layer *ly, hs_gkr_scratch *s, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                            hs_transcript *t, hs_writer *w, unsigned threads, hs_kb5 *rho, hs_kb5 *vals,
                            const char **why) {
    const unsigned n = ly->n;
    const hs_gkr_kernels *k = s->kern;
    if (n < HS_GKR_SKIP || n > s->n) return *why = "layer size does not fit the scratch", 0;
    const unsigned nr = n - HS_GKR_SKIP; /* ordinary rounds */
    const size_t N = (size_t)1 << s->n, M = (size_t)1 << nr;
    hs_kb5 scale[HS_GKR_MAX_WIDTH], coef[HS_GKR_MAX_WIDTH];
    hs_mle_k5 fold[HS_GKR_MAX_WIDTH], linp;
    if ((*why = layer_setup(ly, s, gamma, scale, coef, fold, &linp))) return 0;
    const int has_lin = ly->lin_k != NULL;
    const hs_mle_k5 *lin = has_lin ? &linp : NULL;
    /* the skip round: eq(y', .) over the M rows of a block (after the suffix tables' room) */
    const hs_mle_k5 eqf = hs_mle_k5_at(hs_mle_k5_planes(s->eq, hs_gkr_plane_cap(N)), M);
    build_eq(eqf, z + 1, nr, threads);
    hs_kb5 qv[SKIP_PTS], lam[HS_GKR_SKIP_D];
    for (unsigned X = 0; X < SKIP_PTS; X++) qv[X] = hs_kb5_zero();
    for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) lam[d] = hs_kb5_zero();
#pragma omp parallel num_threads(team(N, threads))
    {
        size_t lo, hi;
        my_range(M, &lo, &hi);
        hs_kb5 acc[HS_GKR_MAX_WIDTH][SKIP_PTS], loc[SKIP_PTS], ll[HS_GKR_SKIP_D];
        memset(acc, 0, sizeof acc);
        k->skip(ly->cols, ly->n_cube, M, eqf, lo, hi, acc);
        for (unsigned X = 0; X < SKIP_PTS; X++) {
            loc[X] = hs_kb5_zero();
            for (unsigned j = 0; j < ly->n_cube; j++) loc[X] = hs_kb5_add(loc[X], hs_kb5_mul(coef[j], acc[j][X]));
        }
        for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) ll[d] = hs_kb5_zero();
        if (has_lin) /* the caller's column: its update and the linear sums in one pass */
            k->lupd(hs_mle_k5_planes(ly->lin_k, ly->lin_cap), M, ly->upd_P, ly->upd_s, ly->upd_mu, ly->upd_na, ly->upd_cst, eqf,
                    lo, hi, ll);
#pragma omp critical(hs_gkr_skip_q)
        {
            for (unsigned X = 0; X < SKIP_PTS; X++) qv[X] = hs_kb5_add(qv[X], loc[X]);
            for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) lam[d] = hs_kb5_add(lam[d], ll[d]);
        }
    }
    const unsigned lr = hs_comm_log(s->comm);
    if (lr) { /* this rank's rows weighted by eq over the rank's variables, summed over the ranks */
        s->rank_w = hs_comm_rank_weight(s->comm, z + 1 + nr);
        hs_kb5 all[SKIP_PTS + HS_GKR_SKIP_D];
        memcpy(all, qv, sizeof qv), memcpy(all + SKIP_PTS, lam, sizeof lam);
        if (!hs_comm_reduce_at(s->comm, z + 1 + nr, all, SKIP_PTS + (has_lin ? HS_GKR_SKIP_D : 0)))
            return *why = "communicator failed", 0;
        memcpy(qv, all, sizeof qv), memcpy(lam, all + SKIP_PTS, sizeof lam);
    }
    if (has_lin) /* the linear part has degree |D| - 1: its values at D extended */
        for (unsigned X = 0; X < SKIP_PTS; X++)
            qv[X] = hs_kb5_add(qv[X], hs_gkr_skip_interp(lam, HS_GKR_SKIP_D - 1, hs_kb5_from_base(hs_kb_from_u32(X))));
    hs_gkr_send_k(t, w, qv, SKIP_PTS);
    rho[0] = hs_gkr_sample(t);
    claim = hs_gkr_skip_interp(qv, HS_GKR_SKIP_DEG, rho[0]);
    /* bind d to rho_0: the cube lanes into K (scaled by gamma^j), the caller's linear column into the
     * scratch (it stays as it is for the next layer's update) */
    hs_kb5 L[HS_GKR_SKIP_D], wl[HS_GKR_MAX_WIDTH][HS_GKR_SKIP_D];
    hs_gkr_skip_basis(rho[0], L);
    for (unsigned j = 0; j < ly->n_cube; j++)
        for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) wl[j][d] = hs_kb5_mul(scale[j], L[d]);
#pragma omp parallel num_threads(team(N, threads))
    {
        size_t lo, hi;
        my_range(M, &lo, &hi);
        for (unsigned j = 0; j < ly->n_cube; j++) k->skipf0(ly->cols[j], M, wl[j], fold[j], lo, hi);
        if (has_lin) k->skipfk(hs_mle_k5_planes(ly->lin_k, ly->lin_cap), M, L, linp, lo, hi);
    }
    /* the n - k ordinary rounds on the K columns */
    hs_gkr_layer sub = *ly;
    sub.n = nr;
    const hs_kb5 *zr = z + 1;
    hs_kb5 *rr = rho + 1;
    if (nr > 0) build_suffix_eq(s, zr, nr, threads);
    hs_kb5 m = hs_kb5_one(), c_lin = hs_kb5_zero();
    for (unsigned i = 0; i < nr; i++) {
        const int rc = ord_round(&sub, i, 1, s, zr, coef, fold, lin, NULL, &claim, &m, &c_lin, threads, t, w, &rr[i]);
        if (rc != 1) return *why = rc < 0 ? "communicator failed" : "degenerate claim point", 0;
        fold_round(&sub, i, 1, s, scale, fold, lin, rr[i], threads);
    }
    if (lr) return rank_rounds(ly, s, gamma, zr + nr, fold, lin, claim, m, c_lin, t, w, rr + nr, vals, why);
    layer_end(ly, gamma, fold, linp, t, w, vals);
    return 1;
}


/* The verifier's rounds of a layer (skip: the skip round first, whose values at D must give the
 * claim): fills rho, leaves the final claim in *claim and eq(z, rho) (skip: eq(y', rho')) in *eqv. */
static int verify_rounds(unsigned n, int skip, const hs_kb5 *z, hs_kb5 *claim, hs_transcript *t, hs_reader *r,
                         hs_kb5 *rho, hs_kb5 *eqv, const char **why) {
    unsigned off = 0;
    if (skip) {
        if (n < HS_GKR_SKIP) return *why = "skip layer needs n >= 3", 0;
        hs_kb5 qv[SKIP_PTS], L[HS_GKR_SKIP_D], sum = hs_kb5_zero();
        if (!hs_gkr_recv_k(t, r, qv, SKIP_PTS)) return *why = r->err, 0;
        hs_gkr_skip_basis(z[0], L);
        for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) sum = hs_kb5_add(sum, hs_kb5_mul(L[d], qv[d]));
        if (!hs_kb5_eq(sum, *claim)) return *why = "layer sumcheck: skip round does not match the claim", 0;
        rho[0] = hs_gkr_sample(t);
        *claim = hs_gkr_skip_interp(qv, HS_GKR_SKIP_DEG, rho[0]);
        off = 1, n -= HS_GKR_SKIP;
    }
    for (unsigned i = 0; i < n; i++)
        if (!hs_sc_verify_round(t, r, 4, claim, &rho[off + i])) return *why = r->err ? r->err : "truncated sumcheck", 0;
    *eqv = n ? hs_mle_eq(z + off, rho + off, n) : hs_kb5_one();
    return 1;
}

static int final_check(hs_kb5 eqv, hs_kb5 g, hs_kb5 claim, const char **why) {
    if (!hs_kb5_eq(hs_kb5_mul(eqv, g), claim)) return *why = "layer sumcheck: final evaluation does not match", 0;
    return 1;
}

static int verify_layer(unsigned n, int skip, unsigned n_cube, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                        hs_transcript *t, hs_reader *r, hs_kb5 *rho, hs_kb5 *vals, const char **why) {
    hs_kb5 eqv;
    if (!verify_rounds(n, skip, z, &claim, t, r, rho, &eqv, why)) return 0;
    if (n_cube < 1 || n_cube > HS_GKR_MAX_WIDTH) return *why = "layer wider than the verifier's tables", 0;
    if (!hs_gkr_recv_k(t, r, vals, n_cube)) return *why = r->err, 0;
    return final_check(eqv, hs_gkr_layer_g(n_cube, n_cube, gamma, vals), claim, why);
}

int hs_gkr_layer_verify(unsigned n, unsigned n_cube, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                        hs_transcript *t, hs_reader *r, hs_kb5 *rho, hs_kb5 *vals, const char **why) {
    return verify_layer(n, 0, n_cube, z, gamma, claim, t, r, rho, vals, why);
}

int hs_gkr_layer_verify_skip(unsigned n, unsigned n_cube, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                             hs_transcript *t, hs_reader *r, hs_kb5 *rho, hs_kb5 *vals, const char **why) {
    return verify_layer(n, 1, n_cube, z, gamma, claim, t, r, rho, vals, why);
}

int hs_gkr_layer_verify_lin(unsigned n, int skip, hs_kb5 cube_coef, const hs_kb5 *z, hs_kb5 claim, hs_transcript *t,
                            hs_reader *r, hs_kb5 *rho, hs_kb5 vals[2], const char **why) {
    hs_kb5 eqv;
    if (!verify_rounds(n, skip, z, &claim, t, r, rho, &eqv, why)) return 0;
    if (!hs_gkr_recv_k(t, r, vals, 2)) return *why = r->err, 0;
    const hs_kb5 g = hs_kb5_add(hs_kb5_mul(cube_coef, kb5_cube(vals[0])), vals[1]);
    return final_check(eqv, g, claim, why);
}
