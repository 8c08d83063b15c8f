/* Ring switching (ringsw.h). */
#include "commit/ringsw.h"

#include <stdlib.h>
#include <string.h>

#include "field/bitslice.h"
#include "field/field_desc.h"
#include "util/mem.h"

#define PACK 128u
#define LOGP HS_RINGSW_LOG_PACK

static const hs_field_desc *const K = &hs_field_gf2_128;

static hs_gf128 mul_x(hs_gf128 a) { /* a X mod X^128 + X^7 + X^2 + X + 1 */
    const uint64_t c = a.hi >> 63;
    return (hs_gf128){a.lo << 1 ^ (0x87 & (0 - c)), a.hi << 1 | a.lo >> 63};
}


static void add_rows(hs_gf128 s[PACK], const hs_gf128 *packed, const hs_gf128 *E, size_t v0, size_t v1) {
    for (size_t v = v0; v < v1; v++) {
        const hs_gf128 e = E[v];
        for (uint64_t m = packed[v].lo; m; m &= m - 1) {
            hs_gf128 *d = &s[__builtin_ctzll(m)];
            d->lo ^= e.lo, d->hi ^= e.hi;
        }
        for (uint64_t m = packed[v].hi; m; m &= m - 1) {
            hs_gf128 *d = &s[64 + __builtin_ctzll(m)];
            d->lo ^= e.lo, d->hi ^= e.hi;
        }
    }
}

/* s[u] = sum_v E[v] bit_u(packed[v]), u < 128: per-thread sums XORed together (exact in any order) */
static void partial_evals(hs_gf128 s[PACK], const hs_gf128 *packed, const hs_gf128 *E, size_t n, unsigned threads) {
    memset(s, 0, PACK * sizeof *s);
    const long blocks = (long)((n + 4095) / 4096);
#pragma omp parallel num_threads(threads ? threads : 1) if (threads > 1 && blocks >= 4)
    {
        hs_gf128 mine[PACK] = {{0, 0}};
#pragma omp for schedule(static)
        for (long b = 0; b < blocks; b++)
            add_rows(mine, packed, E, (size_t)b * 4096, (size_t)(b + 1) * 4096 < n ? (size_t)(b + 1) * 4096 : n);
#pragma omp critical(hs_ringsw_partial)
        for (unsigned u = 0; u < PACK; u++) s[u] = hs_gf128_add(s[u], mine[u]);
    }
}

hs_gf128 hs_ringsw_eval(const hs_gf128 *packed, unsigned l, const hs_gf128 *point) {
    const size_t n = (size_t)1 << l;
    hs_gf128 *E = hs_alloc_array(n, sizeof *E), s[PACK], eq_lo[PACK];
    if (!E) return hs_gf128_zero();
    hs_binfri_eq_table(E, point + LOGP, l);
    partial_evals(s, packed, E, n, 1);
    hs_free(E);
    hs_binfri_eq_table(eq_lo, point, LOGP);
    return hs_gf128_inner(eq_lo, s, PACK);
}

/* sum_w eq(r', w) s^row_w with s^row the bit transpose of s (s^row in K, eq(r', .) in L) */
static hs_gf256 row_claim(const hs_gf128 s[PACK], const hs_gf256 eq_r[PACK]) {
    hs_gf128 rows[PACK], e0[PACK], e1[PACK];
    memcpy(rows, s, sizeof rows);
    hs_bits_transpose128((uint64_t *)rows); /* {lo, hi} pairs: row i = words 2i, 2i + 1 */
    for (unsigned w = 0; w < PACK; w++) e0[w] = eq_r[w].c[0], e1[w] = eq_r[w].c[1];
    return (hs_gf256){{hs_gf128_inner(e0, rows, PACK), hs_gf128_inner(e1, rows, PACK)}};
}

/* Absorbs the point and value, handles the partial evaluations (written by the prover: s given;
 * read by the verifier), samples r' in the challenge field and returns its eq table in eq_r and
 * the row claim (both in L; K's embedded when the challenges are in K). */
static int head(const hs_binfri_params *p, const hs_gf128 *point, hs_gf128 value, hs_gf128 s[PACK], hs_transcript *t,
                hs_writer *w, hs_reader *r, hs_gf256 eq_r[PACK], hs_gf256 *claim, const char **why) {
    hs_transcript_absorb_elems(t, K, point, p->n_vars + LOGP);
    hs_transcript_absorb_elems(t, K, &value, 1);
    if (w) hs_w_elems(w, K, s, PACK);
    else {
        hs_r_elems(r, K, s, PACK);
        if (r->err) return *why = "ringsw: truncated partial evaluations", 0;
        hs_gf128 eq_lo[PACK];
        hs_binfri_eq_table(eq_lo, point, LOGP);
        if (!hs_gf128_eq(hs_gf128_inner(eq_lo, s, PACK), value))
            return *why = "ringsw: partial evaluations against the value", 0;
    }
    hs_transcript_absorb_elems(t, K, s, PACK);
    hs_gf256 rp[LOGP];
    for (unsigned i = 0; i < LOGP; i++) rp[i] = hs_binfri_sample_challenge(p, t);
    hs_binfri_eq_table256(eq_r, rp, LOGP);
    *claim = row_claim(s, eq_r);
    return 1;
}

int hs_ringsw_open(const hs_binfri_params *p, hs_binfri_witness *wit, const hs_gf128 *point, hs_gf128 value,
                   hs_transcript *t, hs_writer *w, unsigned threads, const char **why) {
    return hs_ringsw_open_many(p, wit, 1, &point, &value, t, w, threads, why);
}

int hs_ringsw_open_many(const hs_binfri_params *p, hs_binfri_witness *wit, unsigned k, const hs_gf128 *const *points,
                        const hs_gf128 *values, hs_transcript *t, hs_writer *w, unsigned threads, const char **why) {
    const size_t n = (size_t)1 << p->n_vars;
    const int ext = p->chal_ext == 2;
    const hs_gf128 *packed = hs_binfri_witness_evals(wit);
    if (!packed) return *why = "binfri: the witness was opened already", 0;
    if (k < 1 || k > HS_RINGSW_MAX_CLAIMS) return *why = "ringsw: claim count out of range", 0;
    hs_gf128 *E = hs_alloc_array(n, sizeof *E), s[PACK], img[PACK];
    hs_gf256 eq_r[HS_RINGSW_MAX_CLAIMS][PACK], claims[HS_RINGSW_MAX_CLAIMS],
        *A = hs_alloc_array(n, ext ? sizeof(hs_gf256) : sizeof(hs_gf128));
    hs_gf128 *A1 = (hs_gf128 *)A;
    hs_gf128_linmap *map = malloc(2 * sizeof *map);
    if (!E || !map || !A) return hs_free(E), hs_free(A), free(map), *why = "ringsw: out of memory", 0;
    for (unsigned j = 0; j < k; j++) { /* every claim's partial evaluations and row challenges first */
        hs_binfri_eq_table(E, points[j] + LOGP, p->n_vars);
        partial_evals(s, packed, E, n, threads);
        head(p, points[j], values[j], s, t, w, NULL, eq_r[j], &claims[j], why);
    }
    /* the claims batched by powers of gamma (no challenge for one claim) */
    const hs_gf256 gamma = k > 1 ? hs_binfri_sample_challenge(p, t) : hs_gf256_one();
    hs_gf256 g = hs_gf256_one(), claim = hs_gf256_zero();
    for (unsigned j = 0; j < k; j++) {
        if (k > 1) hs_binfri_eq_table(E, points[j] + LOGP, p->n_vars); /* E holds the last point's */
        /* claim j's weight A_j(v) = sum_w eq(r'_j, w) bit_w(eq(r_hi, v)): a GF(2)-linear map of E[v],
         * one per coordinate of L over K; A += g A_j */
        for (unsigned c = 0; c < 2; c++) {
            for (unsigned i = 0; i < PACK; i++) img[i] = eq_r[j][i].c[c];
            hs_gf128_linmap_init(&map[c], img);
        }
        const int first = j == 0;
        if (ext) {
#pragma omp parallel for schedule(static) num_threads(threads ? threads : 1) if (threads > 1 && n >= 16384)
            for (size_t v = 0; v < n; v++) {
                const hs_gf256 a = {{hs_gf128_linmap_apply(&map[0], E[v]), hs_gf128_linmap_apply(&map[1], E[v])}};
                A[v] = first ? a : hs_gf256_add(A[v], hs_gf256_mul(g, a));
            }
        } else {
#pragma omp parallel for schedule(static) num_threads(threads ? threads : 1) if (threads > 1 && n >= 16384)
            for (size_t v = 0; v < n; v++) {
                const hs_gf128 a = hs_gf128_linmap_apply(&map[0], E[v]);
                A1[v] = first ? a : hs_gf128_add(A1[v], hs_gf128_mul(g.c[0], a));
            }
        }
        claim = hs_gf256_add(claim, hs_gf256_mul(g, claims[j]));
        g = hs_gf256_mul(g, gamma);
    }
    free(map);
    hs_free(E);
    const int ok = ext ? hs_binfri_open_weighted256(p, wit, A, claim, t, w, NULL, threads, why)
                       : hs_binfri_open_weighted(p, wit, A1, claim.c[0], t, w, NULL, threads, why);
    hs_free(A);
    return ok;
}

/* ---- the verifier's weight: an element of the tensor algebra K (x) L over GF(2), held as the
 * 128 coefficients c_w (in L) of sum_w X^w (x) c_w ---- */

/* e *= (1 + a) (x) (1 + b) + a (x) b, a in K, b in L. With M_a the GF(2)-linear map on the
 * coefficients of multiplying the K side by a (M_{1+a} = 1 + M_a), the product is
 * (1 + b) (e + M_a e) + b M_a e = e + M_a e + b e: one M_a and 128 products. */
static void tensor_step(hs_gf256 e[PACK], hs_gf128 a, hs_gf256 b) {
    hs_gf256 m[PACK];
    memset(m, 0, sizeof m);
    hs_gf128 xw = a; /* a X^w */
    for (unsigned w = 0; w < PACK; w++, xw = mul_x(xw)) {
        for (uint64_t s = xw.lo; s; s &= s - 1) m[__builtin_ctzll(s)] = hs_gf256_add(m[__builtin_ctzll(s)], e[w]);
        for (uint64_t s = xw.hi; s; s &= s - 1)
            m[64 + __builtin_ctzll(s)] = hs_gf256_add(m[64 + __builtin_ctzll(s)], e[w]);
    }
    for (unsigned i = 0; i < PACK; i++) e[i] = hs_gf256_add(hs_gf256_add(e[i], m[i]), hs_gf256_mul(b, e[i]));
}

typedef struct {
    const hs_gf128 *r_hi;
    const hs_gf256 *eq_r;
    unsigned l;
} weight_ctx;

static hs_gf256 weight_at(void *ctx, const hs_gf256 *c) {
    const weight_ctx *x = ctx;
    hs_gf256 e[PACK];
    memset(e, 0, sizeof e);
    e[0] = hs_gf256_one();
    for (unsigned k = 0; k < x->l; k++) tensor_step(e, x->r_hi[k], c[k]);
    hs_gf256 v = hs_gf256_zero();
    for (unsigned w = 0; w < PACK; w++) v = hs_gf256_add(v, hs_gf256_mul(x->eq_r[w], e[w]));
    return v;
}

int hs_ringsw_verify(const hs_binfri_params *p, const hs_binfri_commitment *comm, const hs_gf128 *point,
                     hs_gf128 value, hs_transcript *t, hs_reader *r, const char **why) {
    return hs_ringsw_verify_many(p, comm, 1, &point, &value, t, r, why);
}

typedef struct {
    unsigned k;
    hs_gf256 gamma;
    weight_ctx c[HS_RINGSW_MAX_CLAIMS];
} weights_ctx;

/* sum_j gamma^j A_j(c): the batched claims' weight */
static hs_gf256 weights_at(void *ctx, const hs_gf256 *c) {
    weights_ctx *x = ctx;
    hs_gf256 v = hs_gf256_zero(), g = hs_gf256_one();
    for (unsigned j = 0; j < x->k; j++, g = hs_gf256_mul(g, x->gamma))
        v = hs_gf256_add(v, hs_gf256_mul(g, weight_at(&x->c[j], c)));
    return v;
}

int hs_ringsw_verify_many(const hs_binfri_params *p, const hs_binfri_commitment *comm, unsigned k,
                          const hs_gf128 *const *points, const hs_gf128 *values, hs_transcript *t, hs_reader *r,
                          const char **why) {
    if (k < 1 || k > HS_RINGSW_MAX_CLAIMS) return *why = "ringsw: claim count out of range", 0;
    hs_gf128 s[PACK];
    hs_gf256 eq_r[HS_RINGSW_MAX_CLAIMS][PACK], claims[HS_RINGSW_MAX_CLAIMS];
    for (unsigned j = 0; j < k; j++)
        if (!head(p, points[j], values[j], s, t, NULL, r, eq_r[j], &claims[j], why)) return 0;
    weights_ctx x;
    x.k = k;
    x.gamma = k > 1 ? hs_binfri_sample_challenge(p, t) : hs_gf256_one();
    hs_gf256 g = hs_gf256_one(), claim = hs_gf256_zero();
    for (unsigned j = 0; j < k; j++, g = hs_gf256_mul(g, x.gamma)) {
        x.c[j] = (weight_ctx){points[j] + LOGP, eq_r[j], p->n_vars};
        claim = hs_gf256_add(claim, hs_gf256_mul(g, claims[j]));
    }
    return hs_binfri_verify_weighted256(p, comm, claim, weights_at, &x, t, r, why);
}

/* The commitment interface (hs_ringsw_mlc) is binfri.c's, with these open and verify. */
