/* WHIR prover and verifier (whir.h; layout in docs/PROOF_FORMAT_WHIR.md).
 *
 * First sumcheck without a weight table. The first k_0 rounds bind the block index a (top k_0
 * variables) of f(a, y). Every constraint point splits into top (k_0 coordinates) and bottom
 * (n - k_0); constraints with the same bottom form a group g with c_g[a] = sum gamma^j eq(top_j, a)
 * and E_g = eq(bottom_g, .), so W(a, y) = sum_g c_g[a] E_g[y] and
 *     sum_{a,y} f(a, y) W(a, y) = sum_g sum_a c_g[a] F_g[a],   F_g[a] = <f_a, E_g> = f(a, bottom_g).
 * The k_0 rounds are a sumcheck over those 2^k_0-entry tables; then f(r, .) and W(r, .) are built
 * in one pass each. A sparse statement (one inner point, claims on many columns) is one group, and
 * the OOD groups reuse F from the commitment, so f (2^n base values) is read once per statement
 * group plus once for the fold, and no 2^n weight table exists. Later rounds (n_i <= n - k_0
 * variables) keep g_i and W_i as K tables. Field arithmetic is exact, so every result is
 * independent of the thread count. */
#include "whir/whir.h"
#include "whir/whir_internal.h"

#include <stdlib.h>
#include <string.h>

#include "field/field_desc.h"
#include "poly/mle.h"
#include "sumcheck/comm.h"
#include "sumcheck/sumcheck.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "util/progress.h"

#ifdef _OPENMP
#include <omp.h>
#endif

typedef hs_kb5 K;

#define PAR_MIN ((size_t)1 << 13)

/* ---- small helpers ---- */

static K k_sample(hs_transcript *t) {
    K c;
    hs_transcript_sample(t, &hs_field_kb5, &c);
    return c;
}
/* An empty message absorbs nothing and leaves the transcript's direction alone (as WHIR always did). */
static void k_absorb(hs_transcript *t, const K *v, size_t n) {
    if (n) hs_transcript_absorb_elems(t, &hs_field_kb5, v, n);
}
static void k_write(hs_writer *w, const K *v, size_t n) { hs_w_elems(w, &hs_field_kb5, v, n); }
static void k_read(hs_reader *r, K *v, size_t n) { hs_r_elems(r, &hs_field_kb5, v, n); }
static K k_muladd(K acc, K a, K b) { return hs_kb5_add(acc, hs_kb5_mul(a, b)); }

/* pow_n(z) = (z^(2^(n-1)), ..., z^2, z) */
static void pow_point(K *out, K z, unsigned n) {
    if (!n) return;
    out[n - 1] = z;
    for (unsigned i = n - 1; i-- > 0;) out[i] = hs_kb5_square(out[i + 1]);
}

static size_t bitrev(size_t q, unsigned bits) {
    size_t r = 0;
    for (unsigned i = 0; i < bits; i++) r |= ((q >> i) & 1) << (bits - 1 - i);
    return r;
}

/* The evaluation point of leaf q of a tree of height l: w^bitrev(q), w of order 2^l. */
static hs_kb leaf_point(size_t q, unsigned l) { return hs_kb_exp(hs_kb_two_adic_root(l), bitrev(q, l)); }

/* Value at z of the multilinear polynomial with coefficients c (2^n entries, mle.h order);
 * destroys c. */
static K coeffs_eval(K *c, unsigned n, const K *z) {
    size_t h = (size_t)1 << n;
    for (unsigned i = 0; i < n; i++) {
        h >>= 1;
        for (size_t j = 0; j < h; j++) c[j] = k_muladd(c[j], z[i], c[j + h]);
    }
    return c[0];
}

/* Univariate form at x: sum_j c_j x^j (Horner). */
static K coeffs_horner(const K *c, size_t len, hs_kb x) {
    K acc = hs_kb5_zero();
    for (size_t j = len; j-- > 0;) acc = hs_kb5_add(hs_kb5_mul_base(acc, x), c[j]);
    return acc;
}

/* ---- Mobius transform: evaluations on the cube -> multilinear coefficients ----
 * On a matrix of 2^log_rows rows of w words: for each row-index bit, row[j | bit] -= row[j]
 * (word-wise, so a row of K values is transformed coordinate-wise). Memory passes of at most
 * 2^tile_log words: the first pass takes contiguous tiles (filled by the caller's fill first, so
 * a transposing copy costs no pass of its own) and runs the low bits; each later pass gathers
 * the 2^nb rows that differ in its next nb bits (in runs of consecutive rows) into per-thread
 * scratch, runs those bits and scatters them back. At 2^18 rows of 128 words: two passes instead
 * of one per bit. */
void hs_whir_rows_sub_portable(hs_kb *hi, const hs_kb *lo, size_t w) {
    for (size_t i = 0; i < w; i++) hi[i] = hs_kb_sub(hi[i], lo[i]);
}

typedef void (*rows_fn)(hs_kb *, const hs_kb *, size_t);
/* fill(ctx, rows, first, n): writes rows [first, first + n) (contiguous, w words each) */
typedef void (*fill_fn)(const void *ctx, hs_kb *rows, size_t first, size_t n);

#define MOBIUS_TILE_LOG 16 /* words per tile: 256 KiB, L2-resident */

/* All nb bits on 2^nb contiguous rows of w words: rows j with bit b set, taken as runs. */
static void mobius_tile(hs_kb *t, unsigned nb, size_t w, rows_fn sub) {
    size_t n = (size_t)1 << nb;
    for (unsigned b = 0; b < nb; b++) {
        size_t s = (size_t)1 << b;
        for (size_t j0 = 0; j0 < n; j0 += 2 * s) sub(t + (j0 + s) * w, t + j0 * w, s * w);
    }
}

static int mobius_tiled(hs_kb *mat, unsigned log_rows, size_t w, unsigned tile_log, unsigned threads, fill_fn fill,
                        const void *ctx) {
    rows_fn sub = hs_whir_kernels_best()->rows_sub;
    size_t budget = (size_t)1 << tile_log;
    unsigned tl = 0;
    while (tl < log_rows && (w << (tl + 1)) <= budget) tl++;
    size_t trows = (size_t)1 << tl, ntiles = (size_t)1 << (log_rows - tl);
    int nt = threads > 1 && ((size_t)w << log_rows) >= PAR_MIN ? (int)threads : 1;
    size_t per = 2 * w > budget ? 2 * w : budget; /* scratch per thread: a pass takes at least 2 rows */
    hs_kb *scr = NULL;
    if (tl < log_rows) {
        scr = hs_alloc_array((size_t)nt * per, sizeof(hs_kb));
        if (!scr) return 0;
    }
#pragma omp parallel num_threads(nt)
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
#pragma omp for schedule(static)
        for (size_t tile = 0; tile < ntiles; tile++) {
            hs_kb *base = mat + tile * trows * w;
            if (fill) fill(ctx, base, tile * trows, trows);
            mobius_tile(base, tl, w, sub);
        }
        unsigned nb;
        for (unsigned b0 = tl; b0 < log_rows; b0 += nb) {
            nb = 1;
            while (b0 + nb < log_rows && (w << (nb + 1)) <= budget) nb++;
            size_t run = 1; /* consecutive rows gathered together */
            while (run < ((size_t)1 << b0) && ((2 * run * w) << nb) <= budget) run *= 2;
            size_t nlo = ((size_t)1 << b0) / run, ngroups = ((size_t)1 << (log_rows - nb)) / run, rw = run * w;
            hs_kb *t = scr + (size_t)me * per;
#pragma omp for schedule(static)
            for (size_t g = 0; g < ngroups; g++) {
                size_t first = ((g / nlo) << (b0 + nb)) | ((g % nlo) * run);
                for (size_t m = 0; m < ((size_t)1 << nb); m++)
                    memcpy(t + m * rw, mat + (first + (m << b0)) * w, rw * sizeof(hs_kb));
                mobius_tile(t, nb, rw, sub);
                for (size_t m = 0; m < ((size_t)1 << nb); m++)
                    memcpy(mat + (first + (m << b0)) * w, t + m * rw, rw * sizeof(hs_kb));
            }
        }
    }
    hs_free(scr);
    return 1;
}

static int mobius_rows(hs_kb *mat, unsigned log_rows, size_t w, unsigned threads) {
    return mobius_tiled(mat, log_rows, w, MOBIUS_TILE_LOG, threads, NULL, NULL);
}

/* ---- base-by-K kernels (whir_internal.h) ---- */

void hs_whir_dot5_portable(const hs_kb *f, const hs_kb *e, size_t stride, size_t len, hs_kb out[5]) {
    for (int c = 0; c < 5; c++) {
        uint64_t s = 0;
        for (size_t y = 0; y < len; y++) s = hs_kbx_csub(s + hs_kbx_prod(f[y], e[c * stride + y]));
        out[c] = hs_kb_redc(s);
    }
}
/* Position of entry y in the lazy accumulators of fold4: even entries of each group of 8 first
 * (the order of AVX2's 64-bit products). */
static size_t lazy_pos(size_t y) { return (y & ~(size_t)7) | ((y & 1) << 2) | ((y & 7) >> 1); }

void hs_whir_fold4_portable(uint64_t *lo, uint64_t *hi, size_t stride, const hs_kb *const *f, size_t nf,
                            const hs_kb5 *wv, size_t len) {
    for (int c = 0; c < 5; c++)
        for (size_t y = 0; y < len; y++) {
            uint64_t t = 0;
            for (size_t i = 0; i < nf; i++) t += (uint64_t)f[i][y] * wv[i].c[c];
            size_t at = c * stride + lazy_pos(y);
            lo[at] += t & 0xffffffffu, hi[at] += t >> 32;
        }
}

typedef void (*dot5_fn)(const hs_kb *, const hs_kb *, size_t, size_t, hs_kb *);
typedef void (*fold4_fn)(uint64_t *, uint64_t *, size_t, const hs_kb *const *, size_t, const hs_kb5 *, size_t);
static dot5_fn pick_dot5(void) { return hs_whir_kernels_best()->dot5; }
static fold4_fn pick_fold4(void) { return hs_whir_kernels_best()->fold4; }

/* W[y] += the K value with coordinate c at soa[c * len + y] */
static void add_soa(K *W, const hs_kb *soa, size_t len, unsigned threads) {
    int nt = threads > 1 && len >= PAR_MIN ? (int)threads : 1;
#pragma omp parallel for num_threads(nt) schedule(static)
    for (size_t y = 0; y < len; y++)
        for (int c = 0; c < 5; c++) W[y].c[c] = hs_kb_add(W[y].c[c], soa[c * len + y]);
}

/* scale * eq(z, .) over {0,1}^n as 5 rows of 2^n base values (planes 2^n apart; poly/mle.h).
 * 0 on OOM. */
static int eq_soa(hs_kb *out, const K *z, unsigned n, K scale, unsigned threads) {
    const unsigned nl = hs_mle_eq_low_bits(n);
    return hs_mle_eq_planes(hs_mle_k5_planes(out, (size_t)1 << n), (size_t)1 << nl, z, n, nl, scale, threads);
}

/* ---- witness ---- */

struct hs_whir_witness {
    hs_whir_params p;
    unsigned k0, m0;        /* m0 = n - k0 */
    unsigned mb;            /* the blocks' values held here: 2^mb (m0 alone; over ranks m0 - log2 R) */
    const hs_kb **blk;      /* 2^k0 blocks of 2^mb values: f_a (over ranks this rank's: see below) */
    hs_kb *own;             /* contiguous copy when the columns are narrower than the blocks */
    hs_kb *mat0;            /* oracle 0 matrix: 2^log_leaves rows of 2^k0 words */
    hs_merkle_tree *tree0;
    hs_ntt_plan own_plan;
    const hs_ntt_plan *plan;
    K *ood_F;               /* ood x 2^k0: f(a, bottom(pow(zeta))) */
    K ood_pts[HS_WHIR_MAX_OOD], ood_vals[HS_WHIR_MAX_OOD];
    int opened;
    hs_comm comm;           /* over ranks (size > 1; hs_whir_commit_ranks): oracle 0 spread, see there */
    unsigned top_k;         /* over ranks: the level of top[0] (the ranks' subtree caps, gathered) */
    hs_digest *top;         /* ... and the levels above it up to the cap, one after the other */
};

void hs_whir_witness_free(hs_whir_witness *wit) {
    if (!wit) return;
    hs_free(wit->blk);
    hs_free(wit->own);
    hs_free(wit->mat0);
    hs_merkle_free(wit->tree0);
    if (wit->own_plan.tw || wit->own_plan.itw) hs_ntt_plan_free(&wit->own_plan);
    hs_free(wit->ood_F);
    free(wit->top);
    free(wit);
}

#define CHUNK ((size_t)1 << 11)

/* F[g * 2^k0 + a] = <f_a, E_g> for G tables E_g (5 rows of 2^m0 base values each, to_soa): one
 * pass over f, chunk by chunk, every block a against the chunk of every E_g while it is in cache.
 * Threads take ranges of chunks; their partial sums are added at the end (exact). 0 on OOM. */
static int partial_evals(const hs_whir_witness *wit, size_t G, const hs_kb *const *Es, K *F, unsigned threads) {
    size_t A = (size_t)1 << wit->k0, B = (size_t)1 << wit->mb;
    size_t nch = (B + CHUNK - 1) / CHUNK;
    int nt = threads > 1 && (A << wit->mb) >= PAR_MIN ? (int)threads : 1;
    if ((size_t)nt > nch) nt = (int)nch;
    hs_kb *acc = hs_calloc_array((size_t)nt * G * A * 5, sizeof(hs_kb));
    if (!acc) return 0;
    dot5_fn dot = pick_dot5();
#pragma omp parallel num_threads(nt)
    {
        int me = 0, cnt = 1;
#ifdef _OPENMP
        me = omp_get_thread_num(), cnt = omp_get_num_threads();
#endif
        size_t c0 = nch * (size_t)me / (size_t)cnt, c1 = nch * (size_t)(me + 1) / (size_t)cnt;
        hs_kb *my = acc + (size_t)me * G * A * 5, part[5];
        for (size_t ch = c0; ch < c1; ch++) {
            size_t y0 = ch * CHUNK, len = B - y0 < CHUNK ? B - y0 : CHUNK;
            for (size_t a = 0; a < A; a++)
                for (size_t g = 0; g < G; g++) {
                    dot(wit->blk[a] + y0, Es[g] + y0, B, len, part);
                    hs_kb *d = my + (g * A + a) * 5;
                    for (int c = 0; c < 5; c++) d[c] = hs_kb_add(d[c], part[c]);
                }
        }
    }
    for (size_t i = 0; i < G * A; i++) {
        K v = hs_kb5_zero();
        for (int t = 0; t < nt; t++) {
            const hs_kb *d = acc + ((size_t)t * G * A + i) * 5;
            for (int c = 0; c < 5; c++) v.c[c] = hs_kb_add(v.c[c], d[c]);
        }
        F[i] = v;
    }
    hs_free(acc);
    return 1;
}

/* F[g * 2^k0 + a] = f(a, bottom_g) for G bottom points (m0 coordinates each), 8 at a time. Over
 * ranks each rank evaluates its rows at the bottoms' first mb coordinates, weights them by its eq
 * factor at the last log2 R and the ranks' values are added (src/sumcheck/comm.h). */
static int evals_at_bottoms(const hs_whir_witness *wit, size_t G, const K *bottoms, K *F, unsigned threads) {
    size_t A = (size_t)1 << wit->k0, B = (size_t)1 << wit->mb, m0 = wit->m0;
    hs_kb *soa = hs_alloc_array((G < 8 ? G : 8) * 5 * B + 1, sizeof(hs_kb));
    const hs_kb *Es[8];
    int ok = soa != NULL;
    for (size_t g0 = 0; ok && g0 < G; g0 += 8) {
        size_t cnt = G - g0 < 8 ? G - g0 : 8;
        for (size_t g = 0; ok && g < cnt; g++) {
            ok = eq_soa(soa + g * 5 * B, bottoms + (g0 + g) * m0, wit->mb, hs_kb5_one(), threads);
            Es[g] = soa + g * 5 * B;
        }
        ok = ok && partial_evals(wit, cnt, Es, F + g0 * A, threads);
    }
    hs_free(soa);
    if (!ok || wit->comm.size == 1) return ok;
    for (size_t g = 0; g < G; g++) {
        const K rw = hs_comm_rank_weight(&wit->comm, bottoms + g * m0 + wit->mb);
        for (size_t a = 0; a < A; a++) F[g * A + a] = hs_kb5_mul(F[g * A + a], rw);
    }
    return hs_comm_sum_k5_all(&wit->comm, F, G * A);
}

/* out[y] = sum_a w[a] f_a[y] (the fold of f at the first k0 challenges, w = eq(r, .)), chunk by
 * chunk: four blocks' products summed unreduced (< 4p^2 < 2^64), their low and high words
 * accumulated apart over all blocks, then one reduction per output: T = H 2^32 + L gives
 * T 2^-32 = H + REDC(L) mod p (the sum of the Montgomery products). */
#define FOLD_CHUNK ((size_t)1 << 9)
static int fold_blocks(const hs_whir_witness *wit, const K *wts, K *out, unsigned threads) {
    size_t A = (size_t)1 << wit->k0, B = (size_t)1 << wit->mb;
    size_t nch = (B + FOLD_CHUNK - 1) / FOLD_CHUNK;
    int nt = threads > 1 && (A << wit->mb) >= PAR_MIN ? (int)threads : 1;
    uint64_t *buf = hs_alloc_array((size_t)nt * 10 * FOLD_CHUNK, sizeof(uint64_t));
    if (!buf) return 0;
    fold4_fn fold4 = pick_fold4();
#pragma omp parallel for num_threads(nt) schedule(static)
    for (size_t ch = 0; ch < nch; ch++) {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        uint64_t *lo = buf + (size_t)me * 10 * FOLD_CHUNK, *hi = lo + 5 * FOLD_CHUNK;
        size_t y0 = ch * FOLD_CHUNK, len = B - y0 < FOLD_CHUNK ? B - y0 : FOLD_CHUNK;
        memset(lo, 0, 10 * FOLD_CHUNK * sizeof(uint64_t));
        for (size_t a = 0; a < A; a += 4) {
            const hs_kb *f[4];
            size_t nf = A - a < 4 ? A - a : 4;
            for (size_t i = 0; i < nf; i++) f[i] = wit->blk[a + i] + y0;
            fold4(lo, hi, FOLD_CHUNK, f, nf, wts + a, len);
        }
        for (size_t y = 0; y < len; y++)
            for (int c = 0; c < 5; c++) {
                size_t at = c * FOLD_CHUNK + lazy_pos(y);
                out[y0 + y].c[c] = hs_kb_add((hs_kb)(hi[at] % HS_KB_P), hs_kb_redc(lo[at] % HS_KBX_P32));
            }
    }
    hs_free(buf);
    return 1;
}

/* Rows [0, 2^m) of mat hold coefficients (w columns); fills all 2^l rows with the evaluations of
 * hs_ntt_dif over the zero-padded columns, without the zeros: block q of 2^m rows is the coset
 * w_l^bitrev(q) * <w_{2^m}> in hs_ntt_coset_dif order (bitrev over l bits = bitrev over the low m
 * bits, then the block's bits). */
static int lde_blocks(const hs_ntt_plan *plan, hs_kb *mat, unsigned m, unsigned l, size_t w, unsigned threads) {
    size_t B = (size_t)1 << m, nb = (size_t)1 << (l - m);
    hs_kb om = hs_kb_two_adic_root(l);
    if (threads <= 1 || nb % threads) { /* one block at a time, the threads inside its transform */
        for (size_t q = nb; q-- > 0;) {
            hs_kb *blk = mat + q * B * w;
            if (q) memcpy(blk, mat, B * w * sizeof(hs_kb));
            int ok = q ? hs_ntt_coset_dif(plan, blk, m, w, hs_kb_exp(om, bitrev(q, l - m)), threads)
                       : hs_ntt_dif(plan, blk, m, w, threads);
            if (!ok) return 0;
        }
        return 1;
    }
    /* whole blocks per thread (no synchronisation inside the transforms): first the copies of
     * block 0, split evenly, then the transforms */
    size_t words = B * w, piece = (size_t)1 << 16, npieces = (words + piece - 1) / piece;
    int ok = 1;
#pragma omp parallel num_threads((int)threads) reduction(&& : ok)
    {
#pragma omp for schedule(static)
        for (size_t i = 0; i < (nb - 1) * npieces; i++) {
            size_t q = 1 + i / npieces, o = (i % npieces) * piece, len = words - o < piece ? words - o : piece;
            memcpy(mat + q * words + o, mat + o, len * sizeof(hs_kb));
        }
#pragma omp for schedule(static)
        for (size_t q = 0; q < nb; q++) {
            hs_kb *blk = mat + q * words;
            ok = ok && (q ? hs_ntt_coset_dif(plan, blk, m, w, hs_kb_exp(om, bitrev(q, l - m)), 1)
                          : hs_ntt_dif(plan, blk, m, w, 1));
        }
    }
    return ok;
}

/* ---- the committed matrices ---- */

/* Row j of a K-oracle's matrix: (g_a's entry j)_a, 5 words each, g_a = g[a * B ..]. */
typedef struct {
    const K *g;
    size_t A, B;
} fill_ext_ctx;
static void fill_ext(const void *vc, hs_kb *rows, size_t first, size_t n) {
    const fill_ext_ctx *c = vc;
    size_t w = 5 * c->A;
    for (size_t a = 0; a < c->A; a++)
        for (size_t j = 0; j < n; j++) memcpy(rows + j * w + 5 * a, c->g[a * c->B + first + j].c, 5 * sizeof(hs_kb));
}

/* Row j of oracle 0's matrix: (f_a[j])_a; 16 columns (one cache line of output) at a time. */
typedef struct {
    const hs_kb *const *blk;
    size_t A;
} fill0_ctx;
static void fill0(const void *vc, hs_kb *rows, size_t first, size_t n) {
    const fill0_ctx *c = vc;
    size_t A = c->A;
    for (size_t a0 = 0; a0 < A; a0 += 16) {
        size_t a1 = a0 + 16 < A ? a0 + 16 : A;
        for (size_t j = 0; j < n; j++)
            for (size_t a = a0; a < a1; a++) rows[j * A + a] = c->blk[a][first + j];
    }
}

/* Encodes the K table g (2^nv entries) as oracle o: rows 2^log_leaves of 5 * 2^fold words, in dst
 * (or in a new array if dst is NULL). */
static hs_kb *encode_ext(const hs_ntt_plan *plan, const K *g, const hs_whir_round *o, hs_kb *dst, unsigned threads) {
    unsigned m = o->n_vars - o->fold;
    size_t A = (size_t)1 << o->fold, B = (size_t)1 << m, w = 5 * A;
    hs_kb *mat = dst ? dst : hs_alloc_array((size_t)w << o->log_leaves, sizeof(hs_kb));
    if (!mat) return NULL;
    fill_ext_ctx fc = {g, A, B};
    if (!mobius_tiled(mat, m, w, MOBIUS_TILE_LOG, threads, fill_ext, &fc) ||
        !lde_blocks(plan, mat, m, o->log_leaves, w, threads)) {
        if (!dst) hs_free(mat);
        return NULL;
    }
    return mat;
}

/* The value of a leaf folded at r: multilinear interpolation over the block index. */
static K fold_leaf_base(const hs_kb *row, unsigned k, const K *r) { return hs_mle_eval_base(row, k, r, 1); }
static K fold_leaf_ext(const hs_kb *row, unsigned k, const K *r, K *scratch) {
    size_t A = (size_t)1 << k;
    for (size_t a = 0; a < A; a++) memcpy(scratch[a].c, row + 5 * a, 5 * sizeof(hs_kb));
    return hs_mle_eval_ext(scratch, k, r, 1);
}

static size_t cap_count(const hs_whir_params *p, unsigned i) {
    unsigned l = p->round[i].log_leaves, c = p->cfg.cap_height < l ? p->cfg.cap_height : l;
    return (size_t)1 << c;
}

/* The commitment's OOD answers: f(pow_n(zeta)) = sum_a eq(top, a) F[a], written and absorbed; 0
 * on OOM (or a failed communicator). */
static int commit_ood(hs_whir_witness *wit, hs_transcript *t, hs_writer *w, unsigned threads) {
    const unsigned n = wit->p.n_vars, k0 = wit->k0, m0 = wit->m0, s = wit->p.round[0].ood;
    const size_t A = (size_t)1 << k0;
    if (s) {
        wit->ood_F = hs_alloc_array((size_t)s << k0, sizeof(K));
        K *bot = hs_alloc_array((size_t)s * (m0 + 1), sizeof(K)), *eqa = hs_alloc_array(A, sizeof(K)),
          *P = hs_alloc_array(n, sizeof(K));
        int ok = wit->ood_F && bot && eqa && P;
        for (unsigned j = 0; ok && j < s; j++) {
            wit->ood_pts[j] = k_sample(t);
            pow_point(P, wit->ood_pts[j], n);
            memcpy(bot + (size_t)j * m0, P + k0, m0 * sizeof(K));
        }
        ok = ok && evals_at_bottoms(wit, s, bot, wit->ood_F, threads);
        for (unsigned j = 0; ok && j < s; j++) {
            pow_point(P, wit->ood_pts[j], n);
            hs_mle_eq_table(eqa, P, k0, hs_kb5_one(), 1);
            K v = hs_kb5_zero();
            for (size_t a = 0; a < A; a++) v = k_muladd(v, eqa[a], wit->ood_F[((size_t)j << k0) + a]);
            wit->ood_vals[j] = v;
        }
        hs_free(bot), hs_free(eqa), hs_free(P);
        if (!ok) return 0;
        k_write(w, wit->ood_vals, s);
        k_absorb(t, wit->ood_vals, s);
    }
    return !w->err;
}

/* ---- commit ---- */

int hs_whir_commit(hs_whir_witness **out, const hs_whir_params *p, const hs_ntt_plan *plan, const hs_kb *const *cols,
                   unsigned log_cols, unsigned log_rows, hs_transcript *t, hs_writer *w, hs_whir_commitment *comm,
                   unsigned threads, const char **why) {
    const char *dummy;
    if (!why) why = &dummy;
    *out = NULL;
    if (log_cols + log_rows != p->n_vars || !cols) return *why = "whir: columns do not match the parameters", 0;
    hs_whir_witness *wit = calloc(1, sizeof *wit);
    if (!wit) return *why = "whir: out of memory", 0;
    wit->p = *p;
    unsigned n = p->n_vars, k0 = p->round[0].fold, m0 = n - k0;
    wit->k0 = k0, wit->m0 = m0, wit->mb = m0, wit->comm = (hs_comm){0, 1, NULL, NULL, NULL, NULL, NULL};
    size_t A = (size_t)1 << k0, B = (size_t)1 << m0, W = A;
    unsigned maxl = 0;
    for (unsigned i = 0; i <= p->n_rounds; i++)
        if (p->round[i].log_leaves > maxl) maxl = p->round[i].log_leaves;
    if (plan && plan->max_log_n < maxl) plan = NULL;
    if (!plan) {
        if (!hs_ntt_plan_init(&wit->own_plan, maxl)) goto oom;
        plan = &wit->own_plan;
    }
    wit->plan = plan;
    wit->blk = hs_alloc_array(A, sizeof *wit->blk);
    if (!wit->blk) goto oom;
    if (k0 >= log_cols) {
        size_t per = (size_t)1 << (k0 - log_cols);
        for (size_t a = 0; a < A; a++) wit->blk[a] = cols[a / per] + (a % per) * B;
    } else {
        size_t rows = (size_t)1 << log_rows;
        wit->own = hs_alloc_array((size_t)1 << n, sizeof(hs_kb));
        if (!wit->own) goto oom;
        for (size_t s = 0; s < ((size_t)1 << log_cols); s++) memcpy(wit->own + s * rows, cols[s], rows * sizeof(hs_kb));
        for (size_t a = 0; a < A; a++) wit->blk[a] = wit->own + a * B;
    }

    /* oracle 0: rows j < B hold (f_a's coefficient j)_a, then the LDE fills the other blocks */
    const hs_whir_round *o = &p->round[0];
    wit->mat0 = hs_alloc_array(W << o->log_leaves, sizeof(hs_kb));
    if (!wit->mat0) goto oom;
    {
        fill0_ctx fc = {(const hs_kb *const *)wit->blk, A};
        if (!mobius_tiled(wit->mat0, m0, W, MOBIUS_TILE_LOG, threads, fill0, &fc)) goto oom;
    }
    hs_phase_progress(0.2); /* the running proof's phase, if any (util/progress.h): coefficients */
    if (!lde_blocks(plan, wit->mat0, m0, o->log_leaves, W, threads)) goto oom;
    hs_phase_progress(0.5); /* the LDE; the Merkle tree is left */
    if (!hs_merkle_build(&wit->tree0, p->cfg.hash, wit->mat0, o->log_leaves, W, p->cfg.cap_height, threads)) goto oom;
    size_t ncap = cap_count(p, 0);
    const hs_digest *cap = hs_merkle_cap(wit->tree0);
    hs_w_digests(w, cap, ncap);
    hs_transcript_absorb_digests(t, cap, ncap);

    if (!commit_ood(wit, t, w, threads)) goto oom;
    if (comm) {
        memset(comm, 0, sizeof *comm);
        comm->n_cap = ncap;
        memcpy(comm->cap, cap, ncap * sizeof *cap);
        comm->n_ood = o->ood;
        memcpy(comm->ood_points, wit->ood_pts, o->ood * sizeof(K));
        memcpy(comm->ood_values, wit->ood_vals, o->ood * sizeof(K));
    }
    *out = wit;
    return 1;
oom:
    hs_whir_witness_free(wit);
    return *why = "whir: out of memory", 0;
}

/* ---- oracle 0 over ranks ----
 * Rank u of R = 2^lr holds the rows of f whose last lr variables are u (its blocks f_a^(u), 2^mb
 * values each, mb = m0 - lr). With F_a's coefficients c_j split as j = j' R + s, the Mobius
 * transform over the last lr variables is over the ranks: the coefficients of rank t's rows alone
 * (h_t, a local transform) give c_{j'R+s} = sum_{t subset of s} (-1)^|s-t| h_{j',t}, so
 * F_a(y) = sum_s y^s F_s(y^R) with F_s = that combination of the H_t. Leaf q = q' R + q_lo of the
 * codeword is y = w^bitrev_L(q) = x0 * w_R^bitrev(q_lo), x0 = w_L^bitrev_{L-lr}(q'), and y^R is
 * leaf q' of the local codewords (rate unchanged, 2^(L-lr) leaves). So: each rank encodes its rows
 * (local Mobius and LDE), an all-to-all hands rank u the local leaves q' in its 2^(L-lr)/R range
 * from every rank, and per q' a Mobius over the R values and an R-point coset NTT at x0 give the
 * leaves q' R .. q' R + R - 1: rank u holds the contiguous leaves [u 2^(L-lr), (u+1) 2^(L-lr)) of
 * the codeword, byte-identical to one process's, and hashes them into its subtree. The subtrees'
 * caps are gathered by every rank (the top levels up to the commitment's cap computed alike);
 * OOD answers, the first sumcheck's group sums and the fold are linear in the rows and reduced
 * over the ranks; the queried leaves and their siblings come from the ranks that hold them. The
 * later oracles (2^k0 / 5 times smaller) are computed by every rank alike. */

/* mat: the local codeword (2^ll rows of A words) -> this rank's leaves of the whole codeword, in
 * place (recv: scratch of the same size). After the all-to-all recv holds R blocks (rank t's) of
 * the Q groups' rows; the Mobius over the ranks, the coset shifts x0^s and the R-point NTT run on
 * those blocks as R rows of Q A words each (one transform for every group), then the rows go to
 * their leaves. */
static int spread_codeword(const hs_whir_witness *wit, hs_kb *mat, hs_kb *recv, unsigned ll, size_t A,
                           unsigned threads) {
    const hs_comm *c = &wit->comm;
    const unsigned lr = hs_comm_log(c), L = ll + lr;
    const size_t R = (size_t)c->size, Q = ((size_t)1 << ll) / R, u = (size_t)c->rank, blk = Q * A;
    /* the receiving pages touched first: faulted in by the transport (Open MPI's single copy
     * over shared memory) they cost 20x more (a 64 MiB exchange: 1.35 s against 0.06 s) */
    memset(recv, 0, R * blk * sizeof(hs_kb));
    if (!hs_comm_alltoall(c, mat, recv, blk * sizeof(hs_kb))) return 0;
    const hs_kb om = hs_kb_two_adic_root(L);
    rows_fn sub = hs_whir_kernels_best()->rows_sub;
    const int nt = threads > 1 ? (int)threads : 1;
    const long nq = (long)Q;
#pragma omp parallel num_threads(nt)
    {
#pragma omp for schedule(static)
        for (long i = 0; i < nq; i++) { /* group i's R rows: Mobius over the ranks, then row s times x0^s */
            hs_kb *g0 = recv + (size_t)i * A;
            for (size_t bit = 1; bit < R; bit *= 2)
                for (size_t j = 0; j < R; j++)
                    if (j & bit) sub(g0 + j * blk, g0 + (j ^ bit) * blk, A);
            const hs_kb x0 = hs_kb_exp(om, bitrev(u * Q + (size_t)i, ll));
            hs_kb p = x0;
            for (size_t s = 1; s < R; s++, p = hs_kb_mul(p, x0))
                for (size_t a = 0; a < A; a++) g0[s * blk + a] = hs_kb_mul(g0[s * blk + a], p);
        }
    }
    if (!hs_ntt_dif(wit->plan, recv, lr, blk, threads)) return 0; /* row k: the points x0 w_R^bitrev(k) */
#pragma omp parallel for num_threads(nt) schedule(static)
    for (long i = 0; i < nq; i++)
        for (size_t k = 0; k < R; k++)
            memcpy(mat + ((size_t)i * R + k) * A, recv + k * blk + (size_t)i * A, A * sizeof(hs_kb));
    return 1;
}

/* The tree's cap over ranks: every rank's subtree cap gathered (top[0..]), the levels above
 * computed up to the commitment's cap (2^ch digests, the last level of top). */
static int top_levels(hs_whir_witness *wit, unsigned L, unsigned ch) {
    const hs_comm *c = &wit->comm;
    const unsigned lr = hs_comm_log(c), cs = ch > lr ? ch - lr : 0, ls = L - lr;
    const size_t n0 = (size_t)c->size << cs;
    wit->top_k = ls - cs;
    wit->top = malloc(2 * n0 * sizeof *wit->top);
    if (!wit->top || c->allgather(c->user, hs_merkle_cap(wit->tree0), wit->top, ((size_t)1 << cs) * sizeof(hs_digest)))
        return 0;
    hs_digest *lv = wit->top;
    for (size_t m = n0; m > ((size_t)1 << ch); lv += m, m /= 2)
        for (size_t v = 0; v < m / 2; v++) hs_merkle_compress(wit->p.cfg.hash, lv + m + v, lv + 2 * v, lv + 2 * v + 1);
    return 1;
}

int hs_whir_commit_ranks(hs_whir_witness **out, const hs_whir_params *p, const hs_kb *const *cols, unsigned log_cols,
                         unsigned log_rows, const hs_comm *comm, hs_transcript *t, hs_writer *w, unsigned threads,
                         const char **why) {
    *out = NULL;
    const unsigned lr = hs_comm_log(comm), n = p->n_vars, k0 = p->round[0].fold, m0 = n - k0, L = p->round[0].log_leaves;
    if (log_cols + log_rows + lr != n || !cols || k0 < log_cols || m0 < lr || L < 2 * lr)
        return *why = "whir: columns do not match the parameters over these ranks", 0;
    hs_whir_witness *wit = calloc(1, sizeof *wit);
    if (!wit) return *why = "whir: out of memory", 0;
    wit->p = *p, wit->k0 = k0, wit->m0 = m0, wit->mb = m0 - lr, wit->comm = *comm;
    const size_t A = (size_t)1 << k0, per = (size_t)1 << (k0 - log_cols), B = (size_t)1 << wit->mb;
    const unsigned ll = L - lr, ch = p->cfg.cap_height < L ? p->cfg.cap_height : L;
    unsigned maxl = 0;
    for (unsigned i = 0; i <= p->n_rounds; i++)
        if (p->round[i].log_leaves > maxl) maxl = p->round[i].log_leaves;
    hs_kb *recv = NULL;
    *why = "whir: out of memory";
    if (!hs_ntt_plan_init(&wit->own_plan, maxl)) goto fail;
    wit->plan = &wit->own_plan;
    wit->blk = hs_alloc_array(A, sizeof *wit->blk);
    wit->mat0 = hs_alloc_array(A << ll, sizeof(hs_kb));
    recv = hs_alloc_array(A << ll, sizeof(hs_kb));
    if (!wit->blk || !wit->mat0 || !recv) goto fail;
    for (size_t a = 0; a < A; a++) wit->blk[a] = cols[a / per] + (a % per) * B;
    fill0_ctx fc = {(const hs_kb *const *)wit->blk, A};
    if (!mobius_tiled(wit->mat0, wit->mb, A, MOBIUS_TILE_LOG, threads, fill0, &fc) ||
        !lde_blocks(wit->plan, wit->mat0, wit->mb, ll, A, threads))
        goto fail;
    hs_phase_progress(0.3);
    *why = "whir: out of memory or a failed transfer between the ranks";
    if (!spread_codeword(wit, wit->mat0, recv, ll, A, threads)) goto fail;
    hs_free(recv), recv = NULL;
    hs_phase_progress(0.5);
    if (!hs_merkle_build(&wit->tree0, p->cfg.hash, wit->mat0, ll, A, ch > lr ? ch - lr : 0, threads) ||
        !top_levels(wit, L, ch))
        goto fail;
    const size_t ncap = (size_t)1 << ch, nall = (size_t)comm->size << (ch > lr ? ch - lr : 0);
    const hs_digest *cap = wit->top;
    for (size_t m = nall; m > ncap; m /= 2) cap += m;
    hs_w_digests(w, cap, ncap);
    hs_transcript_absorb_digests(t, cap, ncap);
    if (!commit_ood(wit, t, w, threads)) goto fail;
    *out = wit;
    return 1;
fail:
    hs_free(recv);
    hs_whir_witness_free(wit);
    return 0;
}

/* Over ranks, the fold of oracle 0 at wts: every rank's g (its rows) gathered and put in the
 * table's order (g[l R + u] = rank u's l), in out (2^m0 values; tmp: as many). */
static int fold_ranks(const hs_whir_witness *wit, const K *wts, K *out, K *tmp, unsigned threads) {
    const hs_comm *c = &wit->comm;
    const size_t R = (size_t)c->size, B = (size_t)1 << wit->mb;
    if (!fold_blocks(wit, wts, tmp, threads) || c->allgather(c->user, tmp, out, B * sizeof(K))) return 0;
    memcpy(tmp, out, R * B * sizeof(K));
    for (size_t u = 0; u < R; u++)
        for (size_t l = 0; l < B; l++) out[l * R + u] = tmp[u * B + l];
    return 1;
}

/* Siblings of the top levels (from top_k up to the cap), as hs_merkle_open orders them. */
static size_t top_sibs(const hs_whir_witness *wit, unsigned L, unsigned ch, const size_t *idx, size_t n,
                       hs_digest *out) {
    size_t cnt = 0;
    const hs_digest *lv = wit->top;
    for (unsigned k = wit->top_k; k < L - ch; lv += (size_t)1 << (L - k), k++)
        for (size_t j = 0; j < n;) {
            size_t v = idx[j] >> k, j2 = j + 1;
            while (j2 < n && idx[j2] >> k == v) j2++;
            if (!(v & 1) && j2 < n && idx[j2] >> k == v + 1) { /* both children known */
                for (j = j2 + 1; j < n && idx[j] >> k == v + 1;) j++;
                continue;
            }
            out[cnt++] = lv[v ^ 1];
            j = j2;
        }
    return cnt;
}

/* Over ranks, the answers to oracle 0's queries idx (n, increasing): the rows (rows: n of A words,
 * from the ranks that hold them) and the siblings (*sib, *nsib: level by level, every rank's
 * subtree's in rank order within a level, then the top levels). 0 on OOM or a failed transfer. */
static int open0_ranks(const hs_whir_witness *wit, const size_t *idx, size_t n, hs_kb *rows, hs_digest **sib,
                       size_t *nsib, unsigned threads) {
    const hs_comm *c = &wit->comm;
    const unsigned L = wit->p.round[0].log_leaves, lr = hs_comm_log(c), ls = L - lr;
    const unsigned ch = wit->p.cfg.cap_height < L ? wit->p.cfg.cap_height : L, kt = wit->top_k;
    const size_t R = (size_t)c->size, A = (size_t)1 << wit->k0, lo = (size_t)c->rank << ls;
    size_t *mine = malloc((n + 1) * sizeof *mine), nm = 0;
    uint64_t *cnt = calloc((size_t)kt * (R + 1) + 1, sizeof *cnt);
    hs_kb *all = hs_alloc_array(R * n * A + 1, sizeof(hs_kb)), *my = hs_calloc_array(n * A + 1, sizeof(hs_kb));
    hs_digest *part = NULL, *gath = NULL;
    int ok = 0;
    *sib = NULL;
    if (!mine || !cnt || !all || !my) goto done;
    for (size_t q = 0; q < n; q++)
        if (idx[q] >> ls == (size_t)c->rank) {
            memcpy(my + q * A, wit->mat0 + (idx[q] - lo) * A, A * sizeof(hs_kb));
            mine[nm++] = idx[q] - lo;
        }
    if (c->allgather(c->user, my, all, n * A * sizeof(hs_kb))) goto done;
    for (size_t q = 0; q < n; q++) memcpy(rows + q * A, all + ((idx[q] >> ls) * n + q) * A, A * sizeof(hs_kb));
    /* this rank's siblings per level (counts from the cap-height differences), then everyone's */
    uint64_t *mc = cnt + (size_t)kt * R, tot = 0, most = 0;
    for (unsigned k = 0; k < kt; k++)
        mc[k] = hs_merkle_open_count(ls, ls - k - 1, mine, nm) - hs_merkle_open_count(ls, ls - k, mine, nm);
    part = malloc((hs_merkle_open_count(ls, ls - kt, mine, nm) + 1) * sizeof *part);
    if (!part || hs_merkle_open_mt(wit->tree0, mine, nm, part, threads) == (size_t)-1) goto done;
    if (c->allgather(c->user, mc, cnt, kt * sizeof *cnt)) goto done;
    for (size_t u = 0; u < R; u++) {
        uint64_t s = 0;
        for (unsigned k = 0; k < kt; k++) s += cnt[u * kt + k];
        tot += s, most = s > most ? s : most;
    }
    const size_t ntop = (size_t)1 << (L - kt); /* bounds the top levels' siblings */
    gath = malloc((R * most + 1) * sizeof *gath);
    hs_digest *pad = realloc(part, (most + 1) * sizeof *part);
    if (!gath || !pad) goto done;
    part = pad;
    if (c->allgather(c->user, part, gath, most * sizeof *part)) goto done;
    if (!(*sib = malloc((tot + ntop + 1) * sizeof **sib))) goto done;
    size_t at = 0;
    for (unsigned k = 0; k < kt; k++)
        for (size_t u = 0; u < R; u++) {
            size_t off = 0;
            for (unsigned j = 0; j < k; j++) off += cnt[u * kt + j];
            memcpy(*sib + at, gath + u * most + off, cnt[u * kt + k] * sizeof **sib);
            at += cnt[u * kt + k];
        }
    *nsib = at + top_sibs(wit, L, ch, idx, n, *sib + at);
    ok = 1;
done:
    if (!ok) free(*sib), *sib = NULL;
    free(mine), free(cnt), hs_free(all), hs_free(my), free(part), free(gath);
    return ok;
}

/* ---- statements ---- */

/* sel == NULL: every claim on selector 0 */
static uint32_t sel_of(const hs_whir_statement *s, size_t j) { return s->sel ? s->sel[j] : 0; }

static int statements_ok(unsigned n, const hs_whir_statement *st, size_t n_st) {
    for (size_t i = 0; i < n_st; i++) {
        if (st[i].n_inner > n || (st[i].n_claims && !st[i].values) || (st[i].n_inner && !st[i].point))
            return 0;
        unsigned sb = n - st[i].n_inner;
        for (size_t j = 0; j < st[i].n_claims; j++)
            if (sb < 32 && (sel_of(&st[i], j) >> sb)) return 0;
    }
    return 1;
}

/* The full point of claim j: (bits(sel), point). */
static void full_point(K *P, unsigned n, const hs_whir_statement *s, size_t j) {
    unsigned sb = n - s->n_inner;
    for (unsigned i = 0; i < sb; i++)
        P[i] = ((sel_of(s, j) >> (sb - 1 - i)) & 1) ? hs_kb5_one() : hs_kb5_zero();
    memcpy(P + sb, s->point, s->n_inner * sizeof(K));
}

static void absorb_statements(hs_transcript *t, const hs_whir_statement *st, size_t n_st) {
    hs_transcript_absorb_u64(t, n_st);
    for (size_t i = 0; i < n_st; i++) {
        hs_transcript_absorb_u64(t, st[i].n_inner);
        hs_transcript_absorb_u64(t, st[i].n_claims);
        k_absorb(t, st[i].point, st[i].n_inner);
        for (size_t j = 0; j < st[i].n_claims; j++) {
            hs_transcript_absorb_u64(t, sel_of(&st[i], j));
            k_absorb(t, &st[i].values[j], 1);
        }
    }
}

/* Constraint groups of the first sumcheck (see the top of the file). */
typedef struct {
    size_t n, cap;
    K *bottom; /* n x m0 */
    K *c, *F;  /* n x 2^k0 each */
    int *has_F;
} groups;

static void groups_free(groups *g) {
    free(g->bottom), free(g->c), free(g->F), free(g->has_F);
    memset(g, 0, sizeof *g);
}

/* Adds gamma_pow * eq(P, .) (P of n = k0 + m0 coordinates); returns the group index or -1 (OOM). */
static long groups_add(groups *g, const K *P, unsigned k0, unsigned m0, K scale, K *tmp) {
    size_t A = (size_t)1 << k0;
    if (!(g->n && !memcmp(g->bottom + (g->n - 1) * m0, P + k0, m0 * sizeof(K)))) {
        if (g->n == g->cap) {
            size_t nc = g->cap ? 2 * g->cap : 8;
            K *b = realloc(g->bottom, nc * (m0 ? m0 : 1) * sizeof(K));
            if (b) g->bottom = b;
            K *c = realloc(g->c, nc * A * sizeof(K));
            if (c) g->c = c;
            K *F = realloc(g->F, nc * A * sizeof(K));
            if (F) g->F = F;
            int *h = realloc(g->has_F, nc * sizeof(int));
            if (h) g->has_F = h;
            if (!b || !c || !F || !h) return -1;
            g->cap = nc;
        }
        memcpy(g->bottom + g->n * m0, P + k0, m0 * sizeof(K));
        memset(g->c + g->n * A, 0, A * sizeof(K));
        g->has_F[g->n] = 0;
        g->n++;
    }
    size_t gi = g->n - 1;
    hs_mle_eq_table(tmp, P, k0, scale, 1);
    for (size_t a = 0; a < A; a++) g->c[gi * A + a] = hs_kb5_add(g->c[gi * A + a], tmp[a]);
    return (long)gi;
}

/* The groups of the first sumcheck and the combined claim: OOD answers first, then the claims,
 * weights gamma^0, gamma^1, ... */
static int build_groups(const hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st, K gamma, groups *gr,
                        K *claim_out, unsigned threads) {
    unsigned n = wit->p.n_vars, k0 = wit->k0, m0 = wit->m0;
    size_t A = (size_t)1 << k0;
    K *P = malloc((n + 1) * sizeof(K)), *tmpA = malloc(A * sizeof(K));
    K gp = hs_kb5_one(), claim = hs_kb5_zero();
    int ok = 0;
    if (!P || !tmpA) goto done;
    for (unsigned j = 0; j < wit->p.round[0].ood; j++) {
        pow_point(P, wit->ood_pts[j], n);
        long gi = groups_add(gr, P, k0, m0, gp, tmpA);
        if (gi < 0) goto done;
        memcpy(gr->F + (size_t)gi * A, wit->ood_F + ((size_t)j << k0), A * sizeof(K));
        gr->has_F[gi] = 1;
        claim = k_muladd(claim, gp, wit->ood_vals[j]);
        gp = hs_kb5_mul(gp, gamma);
    }
    for (size_t i = 0; i < n_st; i++)
        for (size_t j = 0; j < st[i].n_claims; j++) {
            full_point(P, n, &st[i], j);
            long gi = groups_add(gr, P, k0, m0, gp, tmpA);
            if (gi < 0) goto done;
            claim = k_muladd(claim, gp, st[i].values[j]);
            gp = hs_kb5_mul(gp, gamma);
        }
    /* F of the statement groups (the OOD groups come first and have theirs) */
    size_t first = 0;
    while (first < gr->n && gr->has_F[first]) first++;
    for (size_t gi = first; gi < gr->n; gi++)
        if (gr->has_F[gi]) goto done; /* cannot happen: OOD groups are added first */
    if (!evals_at_bottoms(wit, gr->n - first, gr->bottom + first * m0, gr->F + first * A, threads)) goto done;
    *claim_out = claim;
    ok = 1;
done:
    free(P), free(tmpA);
    return ok;
}

#ifdef HS_TESTING
hs_kb5 hs_whir_debug_group_sum(const hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st, hs_kb5 gamma,
                               hs_kb5 *claim, unsigned threads) {
    groups gr = {0};
    K s = hs_kb5_zero();
    size_t A = (size_t)1 << wit->k0;
    if (build_groups(wit, st, n_st, gamma, &gr, claim, threads))
        for (size_t gi = 0; gi < gr.n; gi++)
            for (size_t a = 0; a < A; a++) s = k_muladd(s, gr.c[gi * A + a], gr.F[gi * A + a]);
    groups_free(&gr);
    return s;
}

const hs_kb *hs_whir_debug_leaves(const hs_whir_witness *wit, size_t *width, unsigned *log_leaves) {
    *width = (size_t)1 << wit->k0;
    *log_leaves = wit->p.round[0].log_leaves;
    return wit->mat0;
}

void hs_whir_debug_ood(const hs_whir_witness *wit, hs_kb5 *pts, hs_kb5 *vals) {
    memcpy(pts, wit->ood_pts, wit->p.round[0].ood * sizeof(K));
    memcpy(vals, wit->ood_vals, wit->p.round[0].ood * sizeof(K));
}

void hs_whir_debug_mobius(hs_kb *mat, unsigned log_rows, size_t w, unsigned tile_log, unsigned threads) {
    mobius_tiled(mat, log_rows, w, tile_log, threads, NULL, NULL);
}
#endif

void hs_whir_eval_statement(const hs_whir_witness *wit, unsigned n_inner, const hs_kb5 *point, const uint32_t *sel,
                            size_t n_claims, hs_kb5 *values, unsigned threads) {
    unsigned n = wit->p.n_vars, k0 = wit->k0, m0 = wit->m0;
    size_t A = (size_t)1 << k0;
    hs_whir_statement s = {n_inner, point, n_claims, sel, values};
    K *P = malloc((n + 1) * sizeof(K)), *F = malloc(A * sizeof(K)), *eqa = malloc(A * sizeof(K));
    K *lastb = malloc((m0 + 1) * sizeof(K));
    int have = 0;
    for (size_t j = 0; P && F && eqa && lastb && j < n_claims; j++) {
        full_point(P, n, &s, j);
        if (!have || memcmp(lastb, P + k0, m0 * sizeof(K))) {
            memcpy(lastb, P + k0, m0 * sizeof(K));
            if (!evals_at_bottoms(wit, 1, lastb, F, threads)) break;
            have = 1;
        }
        hs_mle_eq_table(eqa, P, k0, hs_kb5_one(), 1);
        K v = hs_kb5_zero();
        for (size_t a = 0; a < A; a++) v = k_muladd(v, eqa[a], F[a]);
        values[j] = v;
    }
    free(P), free(F), free(eqa), free(lastb);
}

/* ---- sumcheck rounds over sums of products of K-table pairs ---- */

typedef struct {
    K *a, *b;
} sc_pair;

/* p(0) and p(2) of X -> sum_g sum_i A_g(X, i) B_g(X, i), tables of 2 * half entries. */
static void pairs_poly(const sc_pair *pr, size_t G, size_t half, K *p0, K *p2, unsigned threads) {
    K s0 = hs_kb5_zero(), s2 = hs_kb5_zero();
    int nt = threads > 1 && half * G >= PAR_MIN ? (int)threads : 1;
    for (size_t g = 0; g < G; g++) {
        const K *A = pr[g].a, *Bt = pr[g].b;
#pragma omp parallel num_threads(nt)
        {
            K l0 = hs_kb5_zero(), l2 = hs_kb5_zero();
#pragma omp for schedule(static) nowait
            for (size_t i = 0; i < half; i++) {
                K a0 = A[i], a1 = A[i + half], b0 = Bt[i], b1 = Bt[i + half];
                l0 = k_muladd(l0, a0, b0);
                K a2 = hs_kb5_sub(hs_kb5_add(a1, a1), a0), b2 = hs_kb5_sub(hs_kb5_add(b1, b1), b0);
                l2 = k_muladd(l2, a2, b2);
            }
#pragma omp critical(hs_whir_pairs)
            {
                s0 = hs_kb5_add(s0, l0);
                s2 = hs_kb5_add(s2, l2);
            }
        }
    }
    *p0 = s0, *p2 = s2;
}

/* One prover round: message, optional grinding, challenge, fold. */
static int sc_prove_round(hs_transcript *t, hs_writer *w, sc_pair *pr, size_t G, size_t *half, K *claim, unsigned pow,
                          K *chal, unsigned threads) {
    K p[3];
    pairs_poly(pr, G, *half, &p[0], &p[2], threads);
    p[1] = hs_kb5_sub(*claim, p[0]);
    K c = hs_sc_prove_round(t, w, p, 2);
    if (pow) {
        uint64_t nonce = hs_transcript_grind(t, pow, threads);
        hs_w_u64(w, nonce);
        if (!hs_transcript_check_pow(t, pow, nonce)) return 0;
        c = k_sample(t);
    }
    *claim = hs_sc_interpolate(p, 2, c);
    *chal = c;
    size_t h = *half;
    for (size_t g = 0; g < G; g++) {
        hs_mle_fold_ext(pr[g].a, pr[g].a, h, c, h >= PAR_MIN ? threads : 1);
        hs_mle_fold_ext(pr[g].b, pr[g].b, h, c, h >= PAR_MIN ? threads : 1);
    }
    *half = h / 2;
    return 1;
}

/* One verifier round (the message is read by the shared sumcheck transport; with grinding the
 * challenge is resampled after the nonce, so the message is re-read for the interpolation). */
static int sc_verify_round(hs_transcript *t, hs_reader *r, K *claim, unsigned pow, K *chal, const char **why) {
    K before = *claim;
    hs_reader save = *r;
    if (!hs_sc_verify_round(t, r, 2, claim, chal)) return *why = "whir: truncated or malformed sumcheck", 0;
    if (!pow) return 1;
    K v[2];
    k_read(&save, v, 2);
    uint64_t nonce = hs_r_u64(r);
    if (r->err || save.err) return *why = "whir: truncated sumcheck grinding", 0;
    if (!hs_transcript_check_pow(t, pow, nonce)) return *why = "whir: fold proof of work", 0;
    K p[3] = {v[0], hs_kb5_sub(before, v[0]), v[1]};
    *chal = k_sample(t);
    *claim = hs_sc_interpolate(p, 2, *chal);
    return 1;
}

/* ---- queries ---- */

static int cmp_size(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* Samples t indices below 2^l, sorted and deduplicated into idx; returns the count. */
static size_t sample_queries(hs_transcript *t, unsigned l, unsigned count, size_t *idx) {
    for (unsigned i = 0; i < count; i++) idx[i] = hs_transcript_sample_bits(t, l);
    qsort(idx, count, sizeof *idx, cmp_size);
    size_t u = 0;
    for (unsigned i = 0; i < count; i++)
        if (!u || idx[u - 1] != idx[i]) idx[u++] = idx[i];
    return u;
}

/* ---- open ---- */

/* W[x] += sum_q coef[q] eq(pow(w_q), x) over {0,1}^nv, w_q the point of leaf idx[q] of a tree of
 * height l = nv + R, as a tree of partial sums instead of one 2^nv eq table per query.
 * Coordinate d of pow(w_q) is w_q^(2^(nv-1-d)), which depends only on bitrev(idx_q) mod 2^(R+d+1),
 * i.e. on the top R + d + 1 bits of idx_q. So sorted queries sharing their top R + d bits share
 * coordinates 0..d-1, and splitting them on the next bit gives two runs whose coordinate d is z
 * and -z (the exponents differ by 2^(l-1)). A node (run at depth d) has the table
 * T(y_d..) = sum_q coef_q eq(pow(w_q)[d..], y_d..), built from its children's tables A (z) and
 * B (-z) as T(1, .) = z (A - B), T(0, .) = (A + B) - T(1, .): one base-by-K product per pair of
 * entries, so all queries cost about (#levels with fewer nodes than queries) x 2^nv instead of
 * queries x 2^nv. A node's children are built in its own two halves and combined in place, so a
 * root needs no memory beyond its table. Runs of the top R bits (no shared coordinate) are the
 * roots; threads take them round-robin and add each finished table to W one at a time. */
void hs_whir_eq_split_portable(hs_kb *out, const hs_kb *ta, const hs_kb *tb, size_t n, hs_kb z, int acc) {
    for (size_t i = 0; i < n; i++) {
        hs_kb a = ta[i], b = tb ? tb[i] : 0;
        hs_kb hi = hs_kb_mul(z, hs_kb_sub(a, b)), lo = hs_kb_sub(hs_kb_add(a, b), hi);
        if (acc) lo = hs_kb_add(out[i], lo), hi = hs_kb_add(out[n + i], hi);
        out[i] = lo, out[n + i] = hi;
    }
}

typedef void (*eq_split_fn)(hs_kb *, const hs_kb *, const hs_kb *, size_t, hs_kb, int);

typedef struct {
    const size_t *idx;
    const K *coef;
    unsigned l, nv;
    hs_kb root; /* of order 2^l */
    eq_split_fn split;
} qw_ctx;

/* Coordinate d of pow(w_q): w_q^(2^(nv-1-d)). */
static hs_kb qw_coord(const qw_ctx *c, size_t q, unsigned d) {
    size_t e = (bitrev(q, c->l) << (c->nv - 1 - d)) & (((size_t)1 << c->l) - 1);
    return hs_kb_exp(c->root, e);
}

/* Queries [lo, hi) share the top l - nv + d bits: writes their table over (y_d, .., y_{nv-1})
 * (2^(nv-d) K values as words) to out. */
static void qw_node(const qw_ctx *c, size_t lo, size_t hi, unsigned d, hs_kb *out) {
    if (d == c->nv) { /* every bit is shared: one query */
        memcpy(out, c->coef[lo].c, 5 * sizeof(hs_kb));
        return;
    }
    size_t n = (size_t)5 << (c->nv - d - 1); /* words of a child's table */
    unsigned bit = c->nv - 1 - d;            /* the next bit below the shared ones */
    size_t m = lo;
    while (m < hi && !((c->idx[m] >> bit) & 1)) m++;
    if (m == lo || m == hi) { /* one child, built in the low half */
        qw_node(c, lo, hi, d + 1, out);
        c->split(out, out, NULL, n, qw_coord(c, c->idx[lo], d), 0);
        return;
    }
    qw_node(c, lo, m, d + 1, out);
    qw_node(c, m, hi, d + 1, out + n);
    hs_kb za = qw_coord(c, c->idx[lo], d), zb = qw_coord(c, c->idx[m], d);
    if (hs_kb_add(za, zb) == 0) {
        c->split(out, out, out + n, n, za, 0);
    } else { /* not reached for subgroup points; kept general */
        for (size_t i = 0; i < n; i++) {
            hs_kb a = out[i], b = out[n + i], ha = hs_kb_mul(za, a), hb = hs_kb_mul(zb, b);
            out[i] = hs_kb_add(hs_kb_sub(a, ha), hs_kb_sub(b, hb));
            out[n + i] = hs_kb_add(ha, hb);
        }
    }
}

void hs_whir_rows_add_portable(hs_kb *dst, const hs_kb *src, size_t w) {
    for (size_t i = 0; i < w; i++) dst[i] = hs_kb_add(dst[i], src[i]);
}

#define PORTABLE_SET                                                                                      \
    {"portable", hs_whir_dot5_portable, hs_whir_fold4_portable, hs_whir_rows_sub_portable,                   \
     hs_whir_rows_add_portable, hs_whir_eq_split_portable}
const hs_whir_kernels hs_whir_kernels_portable = PORTABLE_SET;
#ifndef HS_HAVE_AVX2
const hs_whir_kernels hs_whir_kernels_avx2 = PORTABLE_SET;
#endif
#ifndef HS_HAVE_AVX512
const hs_whir_kernels hs_whir_kernels_avx512 = PORTABLE_SET;
#endif

const hs_whir_kernels *hs_whir_kernels_best(void) {
    return hs_cpu_has_avx512() ? &hs_whir_kernels_avx512
           : hs_cpu_has_avx2() ? &hs_whir_kernels_avx2
                               : &hs_whir_kernels_portable;
}

/* work: threads tables of 2^nv K values (allocated here if work_words is short). */
static int add_query_weights(K *W, unsigned nv, const size_t *idx, size_t nq, unsigned l, const K *coef,
                             unsigned threads, hs_kb *work, size_t work_words) {
    if (!nq) return 1;
    size_t len = (size_t)1 << nv, words = 5 * len;
    qw_ctx c = {idx, coef, l, nv, hs_kb_two_adic_root(l), hs_whir_kernels_best()->eq_split};
    void (*rows_add)(hs_kb *, const hs_kb *, size_t) = hs_whir_kernels_best()->rows_add;
    size_t *roots = malloc((nq + 1) * sizeof *roots), nr = 0; /* runs of equal top l - nv bits */
    if (!roots) return 0;
    for (size_t q = 0; q < nq; q++)
        if (!q || (idx[q] >> nv) != (idx[q - 1] >> nv)) roots[nr++] = q;
    roots[nr] = nq;
    int nt = threads > 1 && len * nq >= PAR_MIN ? (int)threads : 1;
    if ((size_t)nt > nr) nt = (int)nr;
    hs_kb *own = NULL;
    if (work_words < (size_t)nt * words) {
        work = own = hs_alloc_array((size_t)nt * words, sizeof(hs_kb));
        if (!own) return free(roots), 0;
    }
    hs_kb *Ww = (hs_kb *)W;
#pragma omp parallel num_threads(nt)
    {
        int me = 0, cnt = 1;
#ifdef _OPENMP
        me = omp_get_thread_num(), cnt = omp_get_num_threads();
#endif
        hs_kb *mine = work + (size_t)me * words;
        for (size_t g = (size_t)me; g < nr; g += (size_t)cnt) {
            qw_node(&c, roots[g], roots[g + 1], 0, mine);
#pragma omp critical(hs_whir_qw)
            rows_add(Ww, mine, words);
        }
    }
    free(roots);
    hs_free(own);
    return 1;
}

/* cheat != 0 (tests only): the final polynomial g' = g + e_0 - (W[0]/W[1]) e_1 keeps the sum
 * sum g' W, so only the query check against the last oracle can catch it. */
static int open_impl(const hs_whir_params *p, hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st,
                     hs_transcript *t, hs_writer *w, unsigned threads, const char **why, int cheat) {
    const char *dummy;
    if (!why) why = &dummy;
    *why = NULL;
    unsigned n = p->n_vars, k0 = wit->k0, m0 = wit->m0, M = p->n_rounds;
    if (wit->opened) return *why = "whir: witness already opened", 0;
    if (memcmp(p, &wit->p, sizeof *p)) return *why = "whir: parameters differ from the commitment's", 0;
    if (!statements_ok(n, st, n_st)) return *why = "whir: malformed statement", 0;
    wit->opened = 1;
    size_t A = (size_t)1 << k0, B = (size_t)1 << m0;
    int ok = 0;
    groups gr = {0};
    K *P = malloc((n + 1) * sizeof(K)), *tmpA = malloc(A * sizeof(K)), *E = NULL;
    K *g = NULL, *Wt = NULL, *scratch = NULL, *qcoef = NULL, *arena = NULL;
    hs_kb *mat = NULL;
    hs_merkle_tree *tree = NULL;
    size_t *idx = NULL;
    hs_digest *sib = NULL;
    hs_kb *qrows = NULL; /* over ranks: oracle 0's queried rows */
    const hs_kb *prev_mat = wit->mat0;
    hs_kb *spare = NULL;       /* oracle 0's matrix once answered */
    size_t spare_words = 0;
    int mat_own = 0, prev_own = 0; /* whether mat / prev_mat are arrays of their own (else in spare) */
    const hs_merkle_tree *prev_tree = wit->tree0;
    K *r = malloc(n * sizeof(K) + 1);
    if (!P || !tmpA || !r) goto done;

    /* statements, gamma, groups, claim */
    absorb_statements(t, st, n_st);
    K gamma = k_sample(t), claim;
    if (!build_groups(wit, st, n_st, gamma, &gr, &claim, threads)) goto done;
    /* g, W and the tables of eq_soa and add_query_weights: one (huge-page) allocation */
    size_t nwork = threads > 1 ? threads : 1;
    arena = hs_alloc_array((2 + nwork) * B, sizeof(K));
    if (!arena) goto done;
    g = arena, Wt = arena + B, E = arena + 2 * B;

    /* first k0 rounds on the small tables */
    {
        sc_pair *pr = malloc((gr.n ? gr.n : 1) * sizeof *pr);
        if (!pr) goto done;
        for (size_t gi = 0; gi < gr.n; gi++) pr[gi].a = gr.c + gi * A, pr[gi].b = gr.F + gi * A;
        size_t half = A / 2;
        int rok = 1;
        for (unsigned j = 0; j < k0 && rok; j++)
            rok = sc_prove_round(t, w, pr, gr.n, &half, &claim, p->round[0].fold_pow, &r[j], threads);
        free(pr);
        if (!rok) goto done;
    }
    /* g_1 = f(r, .), W_1 = sum_g c_g(r) eq(bottom_g, .) */
    hs_mle_eq_table(tmpA, r, k0, hs_kb5_one(), 1);
    if (!(wit->comm.size > 1 ? fold_ranks(wit, tmpA, g, Wt, threads) : fold_blocks(wit, tmpA, g, threads))) goto done;
    memset(Wt, 0, B * sizeof(K));
    for (size_t gi = 0; gi < gr.n; gi++) {
        /* c_g folded to one entry */
        if (!eq_soa((hs_kb *)E, gr.bottom + gi * m0, m0, gr.c[gi * A], threads)) goto done;
        add_soa(Wt, (const hs_kb *)E, B, threads);
    }

    /* rounds 1..M, then the final polynomial */
    unsigned maxq = 0;
    for (unsigned i = 0; i <= M; i++)
        if (p->round[i].queries > maxq) maxq = p->round[i].queries;
    idx = malloc(maxq * sizeof *idx);
    qcoef = malloc(maxq * sizeof(K));
    scratch = malloc((((size_t)1 << p->cfg.fold) > A ? ((size_t)1 << p->cfg.fold) : A) * sizeof(K));
    if (!idx || !qcoef || !scratch) goto done;
    for (unsigned i = 1; i <= M + 1; i++) {
        hs_phase_progress((double)i / (double)(M + 2)); /* the running proof's phase, if any (util/progress.h) */
        const hs_whir_round *po = &p->round[i - 1];
        unsigned nv = po->n_vars - po->fold; /* variables of g_i */
        size_t len = (size_t)1 << nv;
        K gam = hs_kb5_zero();
        K oodv[HS_WHIR_MAX_OOD];
        K oodp[HS_WHIR_MAX_OOD];
        const hs_whir_round *o = i <= M ? &p->round[i] : NULL;
        if (o) {
            /* once oracle 0 is answered its matrix holds the later ones (fresh pages are slow), in
             * two halves: oracle i's and oracle i-1's are alive together */
            size_t need = ((size_t)5 << o->fold) << o->log_leaves;
            hs_kb *dst = need <= spare_words / 2 ? spare + (i & 1) * (spare_words / 2) : NULL;
            mat = encode_ext(wit->plan, g, o, dst, threads);
            mat_own = !dst;
            if (!mat) goto done;
            size_t wd = (size_t)5 << o->fold;
            if (!hs_merkle_build(&tree, p->cfg.hash, mat, o->log_leaves, wd, p->cfg.cap_height, threads)) goto done;
            size_t ncap = cap_count(p, i);
            hs_w_digests(w, hs_merkle_cap(tree), ncap);
            hs_transcript_absorb_digests(t, hs_merkle_cap(tree), ncap);
            for (unsigned j = 0; j < o->ood; j++) {
                oodp[j] = k_sample(t);
                pow_point(P, oodp[j], nv);
                oodv[j] = hs_mle_eval_ext(g, nv, P, threads);
            }
            k_write(w, oodv, o->ood);
            k_absorb(t, oodv, o->ood);
        } else {
            /* final polynomial: coefficients of g */
            if (cheat && len >= 2 && !hs_kb5_is_zero(Wt[1])) {
                g[0] = hs_kb5_add(g[0], hs_kb5_one());
                g[1] = hs_kb5_sub(g[1], hs_kb5_mul(Wt[0], hs_kb5_inv(Wt[1])));
            }
            K *cf = hs_alloc_array(len, sizeof(K));
            if (!cf) goto done;
            memcpy(cf, g, len * sizeof(K));
            if (!mobius_rows((hs_kb *)cf, nv, 5, 1)) {
                hs_free(cf);
                goto done;
            }
            k_write(w, cf, len);
            k_absorb(t, cf, len);
            hs_free(cf);
        }
        /* queries to the previous oracle */
        if (po->query_pow) {
            uint64_t nonce = hs_transcript_grind(t, po->query_pow, threads);
            hs_w_u64(w, nonce);
            hs_transcript_check_pow(t, po->query_pow, nonce);
        }
        size_t nq = sample_queries(t, po->log_leaves, po->queries, idx);
        size_t pw = i == 1 ? A : (size_t)5 << po->fold, nsib;
        if (i == 1 && wit->comm.size > 1) { /* over ranks: from the ranks that hold them */
            if (!(qrows = hs_alloc_array(nq * A + 1, sizeof(hs_kb))) ||
                !open0_ranks(wit, idx, nq, qrows, &sib, &nsib, threads))
                goto done;
        } else {
            nsib = hs_merkle_open_count(po->log_leaves, hs_merkle_cap_height(prev_tree), idx, nq);
            sib = malloc((nsib ? nsib : 1) * sizeof *sib);
            if (!sib || hs_merkle_open_mt(prev_tree, idx, nq, sib, threads) != nsib) goto done;
        }
        for (size_t q = 0; q < nq; q++) hs_w_elems(w, &hs_field_kb, qrows ? qrows + q * pw : prev_mat + idx[q] * pw, pw);
        hs_w_digests(w, sib, nsib);
        free(sib), sib = NULL;
        if (o) {
            /* new constraints: OOD answers, then the folded query leaves */
            gam = k_sample(t);
            K gpw = gam;
            for (unsigned j = 0; j < o->ood; j++) {
                pow_point(P, oodp[j], nv);
                if (!eq_soa((hs_kb *)E, P, nv, gpw, threads)) goto done;
                add_soa(Wt, (const hs_kb *)E, len, threads);
                claim = k_muladd(claim, gpw, oodv[j]);
                gpw = hs_kb5_mul(gpw, gam);
            }
            const K *rr = r + (n - po->n_vars);
            for (size_t q = 0; q < nq; q++) {
                const hs_kb *row = qrows ? qrows + q * pw : prev_mat + idx[q] * pw;
                K v = i == 1 ? fold_leaf_base(row, po->fold, rr) : fold_leaf_ext(row, po->fold, rr, scratch);
                qcoef[q] = gpw;
                claim = k_muladd(claim, gpw, v);
                gpw = hs_kb5_mul(gpw, gam);
            }
            if (!add_query_weights(Wt, nv, idx, nq, po->log_leaves, qcoef, threads, (hs_kb *)E,
                                   5 * nwork * B)) goto done;
            if (i > 1) {
                if (prev_own) hs_free((void *)prev_mat);
                hs_merkle_free((hs_merkle_tree *)prev_tree);
            } else { /* oracle 0 is answered: its tree goes, its matrix is reused (the witness opens once) */
                spare = wit->mat0, spare_words = A << (po->log_leaves - hs_comm_log(&wit->comm)), wit->mat0 = NULL;
                hs_merkle_free(wit->tree0), wit->tree0 = NULL;
            }
            prev_mat = mat, prev_tree = tree, prev_own = mat_own;
            mat = NULL, tree = NULL;
        }
        hs_free(qrows), qrows = NULL;
        /* sumcheck: k_i rounds, or the final n_f rounds */
        unsigned rounds = o ? o->fold : p->final_vars, pow = o ? o->fold_pow : p->final_fold_pow;
        sc_pair pr = {g, Wt};
        size_t half = len / 2;
        unsigned base = n - nv;
        for (unsigned j = 0; j < rounds; j++)
            if (!sc_prove_round(t, w, &pr, 1, &half, &claim, pow, &r[base + j], threads)) goto done;
    }
    ok = !w->err;
done:
    if (!ok && !*why) *why = "whir: out of memory";
    if (prev_tree && prev_tree != wit->tree0) {
        if (prev_own) hs_free((void *)prev_mat);
        hs_merkle_free((hs_merkle_tree *)prev_tree);
    }
    groups_free(&gr);
    free(P), free(tmpA), hs_free(arena), free(scratch);
    if (mat_own) hs_free(mat);
    hs_free(spare), hs_merkle_free(tree), free(idx), free(sib), free(r), free(qcoef), hs_free(qrows);
    return ok;
}

int hs_whir_open(const hs_whir_params *p, hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st,
                 hs_transcript *t, hs_writer *w, unsigned threads, const char **why) {
    return open_impl(p, wit, st, n_st, t, w, threads, why, 0);
}
#ifdef HS_TESTING
int hs_whir_debug_open_cheat(const hs_whir_params *p, hs_whir_witness *wit, const hs_whir_statement *st, size_t n_st,
                             hs_transcript *t, hs_writer *w, unsigned threads) {
    return open_impl(p, wit, st, n_st, t, w, threads, NULL, 1);
}
#endif

/* ---- verifier ---- */

int hs_whir_verify_commitment(const hs_whir_params *p, hs_transcript *t, hs_reader *r, hs_whir_commitment *comm,
                              const char **why) {
    const char *dummy;
    if (!why) why = &dummy;
    memset(comm, 0, sizeof *comm);
    comm->n_cap = cap_count(p, 0);
    hs_r_digests(r, comm->cap, comm->n_cap);
    if (r->err) return *why = "whir: truncated commitment", 0;
    hs_transcript_absorb_digests(t, comm->cap, comm->n_cap);
    comm->n_ood = p->round[0].ood;
    for (unsigned j = 0; j < comm->n_ood; j++) comm->ood_points[j] = k_sample(t);
    k_read(r, comm->ood_values, comm->n_ood);
    if (r->err) return *why = "whir: truncated or non-canonical commitment OOD answers", 0;
    k_absorb(t, comm->ood_values, comm->n_ood);
    return 1;
}

/* eq(pow_n(z), x) */
static K eq_pow(K z, const K *x, unsigned n, K *scratch) {
    pow_point(scratch, z, n);
    return hs_mle_eq(scratch, x, n);
}

/* sum_j gamma^j eq(P_j, rho) over the OOD points of the commitment and the statements' claims. */
hs_kb5 hs_whir_weight0(unsigned n, const hs_whir_commitment *comm, const hs_whir_statement *st, size_t n_st,
                       hs_kb5 gamma, const hs_kb5 *rho) {
    K Wv = hs_kb5_zero(), g0 = hs_kb5_one();
    K *P = malloc((n + 1) * sizeof(K));
    if (!P) return Wv;
    for (unsigned j = 0; j < comm->n_ood; j++) {
        Wv = k_muladd(Wv, g0, eq_pow(comm->ood_points[j], rho, n, P));
        g0 = hs_kb5_mul(g0, gamma);
    }
    for (size_t i = 0; i < n_st; i++)
        for (size_t j = 0; j < st[i].n_claims; j++) {
            full_point(P, n, &st[i], j);
            Wv = k_muladd(Wv, g0, hs_mle_eq(P, rho, n));
            g0 = hs_kb5_mul(g0, gamma);
        }
    free(P);
    return Wv;
}

int hs_whir_verify(const hs_whir_params *p, const hs_whir_commitment *comm, const hs_whir_statement *st, size_t n_st,
                   hs_transcript *t, hs_reader *r, const char **why) {
    const char *dummy;
    if (!why) why = &dummy;
    *why = NULL;
    unsigned n = p->n_vars, M = p->n_rounds, k0 = p->round[0].fold;
    if (!statements_ok(n, st, n_st)) return *why = "whir: malformed statement", 0;
    if (comm->n_ood != p->round[0].ood || comm->n_cap != cap_count(p, 0))
        return *why = "whir: commitment does not match the parameters", 0;
    unsigned maxq = 0, maxw = 0;
    for (unsigned i = 0; i <= M; i++) {
        unsigned pw = i == 0 ? 1u << k0 : 5u << p->round[i].fold;
        if (p->round[i].queries > maxq) maxq = p->round[i].queries;
        if (pw > maxw) maxw = pw;
    }
    int ok = 0;
    K *rho = malloc((n + 1) * sizeof(K)), *P = malloc((n + 1) * sizeof(K)), *scratch = malloc(maxw * sizeof(K));
    K *fin = hs_alloc_array((size_t)1 << p->final_vars, sizeof(K));
    size_t *idx = malloc(maxq * sizeof *idx);
    hs_kb *leaves = malloc((size_t)maxq * maxw * sizeof(hs_kb));
    hs_digest *ld = malloc(maxq * sizeof *ld), *sib = NULL;
    hs_kb *qx = malloc((size_t)(M + 1) * maxq * sizeof(hs_kb)); /* query points per round */
    size_t *nqs = calloc(M + 2, sizeof *nqs);
    K *vals = malloc(maxq * sizeof(K));
    K oodp[HS_WHIR_MAX_ROUNDS + 1][HS_WHIR_MAX_OOD], gams[HS_WHIR_MAX_ROUNDS + 1];
    hs_digest caps[2][1u << HS_WHIR_MAX_CAP];
    if (!rho || !P || !scratch || !fin || !idx || !leaves || !ld || !qx || !nqs || !vals) goto done;

    absorb_statements(t, st, n_st);
    K gamma = k_sample(t), gp = hs_kb5_one(), claim = hs_kb5_zero();
    for (unsigned j = 0; j < comm->n_ood; j++) claim = k_muladd(claim, gp, comm->ood_values[j]), gp = hs_kb5_mul(gp, gamma);
    for (size_t i = 0; i < n_st; i++)
        for (size_t j = 0; j < st[i].n_claims; j++)
            claim = k_muladd(claim, gp, st[i].values[j]), gp = hs_kb5_mul(gp, gamma);
    for (unsigned j = 0; j < k0; j++)
        if (!sc_verify_round(t, r, &claim, p->round[0].fold_pow, &rho[j], why)) goto done;

    memcpy(caps[0], comm->cap, comm->n_cap * sizeof(hs_digest));
    for (unsigned i = 1; i <= M + 1; i++) {
        const hs_whir_round *po = &p->round[i - 1], *o = i <= M ? &p->round[i] : NULL;
        unsigned nv = po->n_vars - po->fold;
        size_t ncap = o ? cap_count(p, i) : 0;
        hs_digest *cap_now = caps[i & 1];
        const hs_digest *cap_prev = caps[(i - 1) & 1];
        size_t prev_ncap = cap_count(p, i - 1);
        K oodv[HS_WHIR_MAX_OOD];
        if (o) {
            hs_r_digests(r, cap_now, ncap);
            if (r->err) goto trunc;
            hs_transcript_absorb_digests(t, cap_now, ncap);
            for (unsigned j = 0; j < o->ood; j++) oodp[i][j] = k_sample(t);
            k_read(r, oodv, o->ood);
            if (r->err) goto trunc;
            k_absorb(t, oodv, o->ood);
        } else {
            k_read(r, fin, (size_t)1 << nv);
            if (r->err) goto trunc;
            k_absorb(t, fin, (size_t)1 << nv);
        }
        if (po->query_pow) {
            uint64_t nonce = hs_r_u64(r);
            if (r->err) goto trunc;
            if (!hs_transcript_check_pow(t, po->query_pow, nonce)) {
                *why = "whir: query proof of work";
                goto done;
            }
        }
        size_t nq = sample_queries(t, po->log_leaves, po->queries, idx);
        size_t pw = i == 1 ? (size_t)1 << po->fold : (size_t)5 << po->fold;
        hs_r_elems(r, &hs_field_kb, leaves, nq * pw);
        if (r->err) goto trunc;
        unsigned caph = 0;
        while (((size_t)1 << caph) < prev_ncap) caph++;
        size_t nsib = hs_merkle_open_count(po->log_leaves, caph, idx, nq);
        if (nsib == (size_t)-1 || nsib > hs_r_left(r) / 32) goto trunc;
        free(sib);
        sib = malloc((nsib ? nsib : 1) * sizeof *sib);
        if (!sib) goto done;
        hs_r_digests(r, sib, nsib);
        if (r->err) goto trunc;
        hs_merkle_hash_rows(p->cfg.hash, leaves, nq, pw, ld, 1);
        if (!hs_merkle_verify(p->cfg.hash, po->log_leaves, caph, cap_prev, idx, ld, nq, sib, nsib)) {
            *why = i == 1 ? "whir: merkle path of oracle 0" : "whir: merkle path of a folded oracle";
            goto done;
        }
        const K *rr = rho + (n - po->n_vars);
        for (size_t q = 0; q < nq; q++) {
            const hs_kb *row = leaves + q * pw;
            vals[q] = i == 1 ? fold_leaf_base(row, po->fold, rr) : fold_leaf_ext(row, po->fold, rr, scratch);
            qx[(size_t)(i - 1) * maxq + q] = leaf_point(idx[q], po->log_leaves);
        }
        nqs[i - 1] = nq;
        if (o) {
            K gam = k_sample(t), gpw = gam;
            gams[i] = gam;
            for (unsigned j = 0; j < o->ood; j++) claim = k_muladd(claim, gpw, oodv[j]), gpw = hs_kb5_mul(gpw, gam);
            for (size_t q = 0; q < nq; q++) claim = k_muladd(claim, gpw, vals[q]), gpw = hs_kb5_mul(gpw, gam);
        } else {
            for (size_t q = 0; q < nq; q++)
                if (!hs_kb5_eq(vals[q], coeffs_horner(fin, (size_t)1 << nv, qx[(size_t)(i - 1) * maxq + q]))) {
                    *why = "whir: query does not match the final polynomial";
                    goto done;
                }
        }
        unsigned rounds = o ? o->fold : p->final_vars, pow = o ? o->fold_pow : p->final_fold_pow;
        for (unsigned j = 0; j < rounds; j++)
            if (!sc_verify_round(t, r, &claim, pow, &rho[n - nv + j], why)) goto done;
    }

    /* W(rho): every constraint's eq over the variables still live when it was added */
    {
        K Wv = hs_whir_weight0(n, comm, st, n_st, gamma, rho);
        for (unsigned i = 1; i <= M; i++) {
            unsigned ni = p->round[i].n_vars;
            const K *suf = rho + (n - ni);
            K gpw = gams[i];
            for (unsigned j = 0; j < p->round[i].ood; j++) {
                Wv = k_muladd(Wv, gpw, eq_pow(oodp[i][j], suf, ni, P));
                gpw = hs_kb5_mul(gpw, gams[i]);
            }
            for (size_t q = 0; q < nqs[i - 1]; q++) {
                Wv = k_muladd(Wv, gpw, eq_pow(hs_kb5_from_base(qx[(size_t)(i - 1) * maxq + q]), suf, ni, P));
                gpw = hs_kb5_mul(gpw, gams[i]);
            }
        }
        K fv = coeffs_eval(fin, p->final_vars, rho + (n - p->final_vars));
        if (!hs_kb5_eq(claim, hs_kb5_mul(Wv, fv))) {
            *why = "whir: final check";
            goto done;
        }
    }
    ok = 1;
    goto done;
trunc:
    *why = r->err && strstr(r->err, "canonical") ? "whir: non-canonical field element" : "whir: truncated proof";
done:
    if (!ok && !*why) *why = "whir: out of memory";
    free(rho), free(P), free(scratch), hs_free(fin), free(idx), free(leaves), free(ld), free(sib), free(qx);
    free(nqs), free(vals);
    return ok;
}
