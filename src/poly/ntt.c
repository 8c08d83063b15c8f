#include "poly/ntt.h"

#include <omp.h>
#include <string.h>

#include "util/cpu.h"
#include "util/mem.h"

/* A tile (rows x columns worked on together) has at most 2^tile_log words; the default 2^16 words
 * = 256 KiB is half of a Zen3 L2, leaving room for twiddles and the next tile's prefetch. Strided
 * passes fetch at least 2^MIN_SEG_LOG words (two cache lines) per row, which bounds their layer
 * count to tile_log - MIN_SEG_LOG. */
#define DEFAULT_TILE_LOG 16
#define MIN_TILE_LOG 6
#define MAX_TILE_LOG 24
#define MIN_SEG_LOG 5
/* Below this many words per pass a team costs more than it saves: run on the caller's thread. */
#define PAR_MIN_WORDS ((size_t)1 << 14)

/* ---------------------------------------------------------------- portable row kernels */

/* (x - y) * t with x - y + p < 2p: the Montgomery product needs no reduced input. */
static inline hs_kb sub_mul(hs_kb x, hs_kb y, hs_kb t) { return hs_kb_redc((uint64_t)(x + HS_KB_P - y) * t); }

static void dif2_portable(hs_kb *restrict a, hs_kb *restrict b, size_t nseg, size_t len, const hs_kb *t) {
    for (size_t s = 0; s < nseg; s++, a += len, b += len) {
        const hs_kb ts = t[s];
        for (size_t c = 0; c < len; c++) {
            hs_kb x = a[c], y = b[c];
            a[c] = hs_kb_add(x, y);
            b[c] = sub_mul(x, y, ts);
        }
    }
}

/* x mod p for x < 2p: DIT kernels accept the SIMD sets' lazy outputs. */
static inline hs_kb reduce2p(hs_kb x) { return x >= HS_KB_P ? x - HS_KB_P : x; }

static void dit2_portable(hs_kb *restrict a, hs_kb *restrict b, size_t nseg, size_t len, const hs_kb *t) {
    for (size_t s = 0; s < nseg; s++, a += len, b += len) {
        const hs_kb ts = t[s];
        for (size_t c = 0; c < len; c++) {
            hs_kb x = reduce2p(a[c]), y = hs_kb_mul(b[c], ts);
            a[c] = hs_kb_add(x, y);
            b[c] = hs_kb_sub(x, y);
        }
    }
}

static void dif4_portable(hs_kb *restrict x0, hs_kb *restrict x1, hs_kb *restrict x2, hs_kb *restrict x3, size_t nseg,
                          size_t len, const hs_kb *ta, const hs_kb *tb, const hs_kb *tc) {
    for (size_t s = 0; s < nseg; s++, x0 += len, x1 += len, x2 += len, x3 += len) {
        const hs_kb as = ta[s], bs = tb[s], cs = tc[s];
        for (size_t c = 0; c < len; c++) {
            hs_kb a0 = x0[c], a1 = x1[c], a2 = x2[c], a3 = x3[c];
            hs_kb b0 = hs_kb_add(a0, a2), b2 = sub_mul(a0, a2, as);
            hs_kb b1 = hs_kb_add(a1, a3), b3 = sub_mul(a1, a3, bs);
            x0[c] = hs_kb_add(b0, b1);
            x1[c] = sub_mul(b0, b1, cs);
            x2[c] = hs_kb_add(b2, b3);
            x3[c] = sub_mul(b2, b3, cs);
        }
    }
}

static void dit4_portable(hs_kb *restrict x0, hs_kb *restrict x1, hs_kb *restrict x2, hs_kb *restrict x3, size_t nseg,
                          size_t len, const hs_kb *ta, const hs_kb *tb, const hs_kb *tc) {
    for (size_t s = 0; s < nseg; s++, x0 += len, x1 += len, x2 += len, x3 += len) {
        const hs_kb as = ta[s], bs = tb[s], cs = tc[s];
        for (size_t c = 0; c < len; c++) {
            hs_kb a0 = reduce2p(x0[c]), a1 = hs_kb_mul(x1[c], cs), a2 = reduce2p(x2[c]), a3 = hs_kb_mul(x3[c], cs);
            hs_kb b0 = hs_kb_add(a0, a1), b1 = hs_kb_sub(a0, a1);
            /* the second layer's twiddles folded into the first layer's outputs */
            hs_kb b2 = hs_kb_redc((uint64_t)(a2 + a3) * as), b3 = sub_mul(a2, a3, bs);
            x0[c] = hs_kb_add(b0, b2);
            x2[c] = hs_kb_sub(b0, b2);
            x1[c] = hs_kb_add(b1, b3);
            x3[c] = hs_kb_sub(b1, b3);
        }
    }
}

static void scale_portable(hs_kb *dst, const hs_kb *src, size_t nseg, size_t len, hs_kb f, hs_kb g) {
    for (size_t s = 0; s < nseg; s++, dst += len, src += len) {
        for (size_t c = 0; c < len; c++) dst[c] = hs_kb_mul(src[c], f);
        f = hs_kb_mul(f, g);
    }
}

const hs_ntt_kernels hs_ntt_kernels_portable = {
    "portable", dif2_portable, dit2_portable, dif4_portable, dit4_portable, scale_portable,
};

#ifndef HS_HAVE_AVX2
const hs_ntt_kernels hs_ntt_kernels_avx2 = {
    "portable", dif2_portable, dit2_portable, dif4_portable, dit4_portable, scale_portable,
};
#endif
#ifndef HS_HAVE_AVX512
const hs_ntt_kernels hs_ntt_kernels_avx512 = {
    "portable", dif2_portable, dit2_portable, dif4_portable, dit4_portable, scale_portable,
};
#endif

/* ---------------------------------------------------------------- plan */

int hs_ntt_plan_init(hs_ntt_plan *plan, unsigned max_log_n) {
    memset(plan, 0, sizeof *plan);
    if (max_log_n > HS_NTT_MAX_LOG) return 0;
    const size_t n = (size_t)1 << max_log_n;
    plan->tw = hs_alloc_array(n, sizeof(hs_kb));
    plan->itw = hs_alloc_array(n, sizeof(hs_kb));
    if (!plan->tw || !plan->itw) {
        hs_ntt_plan_free(plan);
        return 0;
    }
    hs_kb *tw = plan->tw, *itw = plan->itw;
    tw[0] = itw[0] = 0; /* unused */
    if (max_log_n > 0) {
        /* Largest layer by successive powers, w^-k = -w^(M-k), smaller layers by decimation. */
        const size_t M = n / 2;
        const hs_kb root = hs_kb_two_adic_root(max_log_n);
        hs_kb x = HS_KB_ONE;
        for (size_t k = 0; k < M; k++) {
            tw[M + k] = x;
            x = hs_kb_mul(x, root);
        }
        itw[M] = HS_KB_ONE;
        for (size_t k = 1; k < M; k++) itw[M + k] = hs_kb_neg(tw[M + M - k]);
        for (size_t m = M / 2; m >= 1; m /= 2)
            for (size_t k = 0; k < m; k++) {
                tw[m + k] = tw[2 * m + 2 * k];
                itw[m + k] = itw[2 * m + 2 * k];
            }
    }
    plan->max_log_n = max_log_n;
    plan->tile_log = DEFAULT_TILE_LOG;
    plan->kern = hs_cpu_has_avx512() ? &hs_ntt_kernels_avx512
                 : hs_cpu_has_avx2()   ? &hs_ntt_kernels_avx2
                                       : &hs_ntt_kernels_portable;
    return 1;
}

void hs_ntt_plan_free(hs_ntt_plan *plan) {
    hs_free(plan->tw);
    hs_free(plan->itw);
    memset(plan, 0, sizeof *plan);
}

/* ---------------------------------------------------------------- helpers */

static inline size_t bitrev(size_t i, unsigned bits) {
    if (bits == 0) return 0;
    uint32_t x = (uint32_t)i;
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = (x >> 16) | (x << 16);
    return (size_t)(x >> (32 - bits));
}

static unsigned floor_log2(size_t x) {
    unsigned l = 0;
    while (x > 1) x >>= 1, l++;
    return l;
}

static inline size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }
static inline int nthreads(unsigned threads) { return threads <= 1 ? 1 : (int)threads; }
/* Threads for a pass over `words` words cut into `tiles` tiles. */
static inline int pass_threads(unsigned threads, size_t words, size_t tiles) {
    return words < PAR_MIN_WORDS || tiles < 2 ? 1 : nthreads(threads);
}

/* ---------------------------------------------------------------- pass and tile geometry
 *
 * Layer l = 0..n-1 of the DIF network pairs rows at distance m = 2^(n-1-l) (the DIT network runs
 * the same layers in the opposite order). A pass runs layers [a, b). Its rows split as
 *     i = H * 2^(n-a) + t * 2^shift + r,   shift = n - b, t < 2^L (L = b - a), r < 2^shift,
 * and for fixed (H, r) the pass is an independent 2^L-point network on the rows t, whose layer m
 * twiddle for row i is tw[m + (i mod m)], i mod m = (t mod (m >> shift)) << shift | r.
 * A tile is one H, R consecutive residues r0..r0+R-1 ("segments") and one column stripe. */

typedef struct {
    unsigned n, npass, tile_log;
    size_t w, tile; /* tile = 2^tile_log words */
    unsigned cut[HS_NTT_MAX_LOG + 2]; /* pass p runs layers [cut[p], cut[p+1]) */
} net;

/* The last pass (DIF order) runs on contiguous row blocks that fit a tile; the layers above are
 * split evenly into strided passes of at most MAX_STRIDED_LAYERS. */
static void plan_passes(net *N, unsigned n, size_t w, unsigned tile_log) {
    N->n = n;
    N->w = w;
    N->tile_log = tile_log;
    N->tile = (size_t)1 << tile_log;
    N->npass = 0;
    if (n == 0) return;
    unsigned lb = w <= N->tile / 2 ? floor_log2(N->tile / w) : 1;
    if (lb > n) lb = n;
    const unsigned rem = n - lb, max_strided = tile_log - MIN_SEG_LOG;
    const unsigned np = (rem + max_strided - 1) / max_strided;
    unsigned a = 0;
    for (unsigned p = 0; p < np; p++) {
        N->cut[p] = a;
        a += rem / np + (p < rem % np);
    }
    N->cut[np] = rem;
    N->cut[np + 1] = n;
    N->npass = np + 1;
}

typedef struct {
    unsigned n, a, L, shift;
    size_t w, R, S, nstripes, ngroups, ntiles;
    int contiguous; /* each tile is 2^L whole consecutive rows */
} geom;

static void make_geom(geom *G, const net *N, unsigned p, unsigned threads) {
    G->n = N->n;
    G->w = N->w;
    G->a = N->cut[p];
    G->L = N->cut[p + 1] - N->cut[p];
    G->shift = N->n - N->cut[p + 1];
    const size_t nres = (size_t)1 << G->shift, w = N->w;
    const size_t cols = N->tile >> G->L; /* a power of two >= 32 (strided) or >= w (last pass) */
    if (w <= cols) {
        G->S = w;
        G->R = 1;
        while (G->R * 2 <= nres && G->R * 2 * w <= cols) G->R *= 2;
    } else {
        size_t k = (w + cols - 1) / cols;
        G->R = 1;
        G->S = ((w + k - 1) / k + 7) & ~(size_t)7;
    }
    for (;;) {
        G->nstripes = (w + G->S - 1) / G->S;
        G->ngroups = nres / G->R;
        G->ntiles = ((size_t)1 << G->a) * G->ngroups * G->nstripes;
        /* Enough tiles to keep every thread busy; any tiling gives the same result. */
        if (threads <= 1 || G->ntiles >= 4 * (size_t)threads) break;
        if (G->R > 1)
            G->R /= 2;
        else if (G->S > 8)
            G->S = ((G->S + 1) / 2 + 7) & ~(size_t)7;
        else
            break;
        if (G->S >= w) G->S = w;
    }
    G->contiguous = G->shift == 0 && G->nstripes == 1;
}

typedef struct {
    size_t i0;  /* matrix row of tile row 0, segment 0 */
    size_t r0;  /* its residue */
    size_t c0;  /* first column */
    size_t len; /* columns in this stripe */
} tpos;

static void tile_pos(const geom *G, size_t tile, tpos *P) {
    size_t st = tile % G->nstripes, rest = tile / G->nstripes;
    size_t g = rest % G->ngroups, H = rest / G->ngroups;
    P->r0 = g * G->R;
    P->i0 = (H << (G->n - G->a)) + P->r0;
    P->c0 = st * G->S;
    P->len = min_sz(G->S, G->w - P->c0);
}

typedef struct {
    hs_kb *base;
    size_t rstride, nseg, len, r0; /* segments of a row are contiguous: segment s at s * len */
    unsigned L, shift;
} tview;

/* Butterfly calls cover runs of consecutive segments with consecutive twiddles: the R segments
 * of a tile row, or, when tile rows are contiguous and the twiddle stride is 1 (shift == 0), the
 * q rows x0 = g0 .. g0 + q - 1 of a group. Narrow rows then still fill vectors. */
static int rows_run(const tview *v) { return v->shift == 0 && v->nseg == 1 && v->rstride == v->len; }

static void tile_dif(const hs_ntt_kernels *K, const hs_kb *tw, const tview *v) {
    const size_t rows = (size_t)1 << v->L, rs = v->rstride, len = v->len, nseg = v->nseg;
    const int run = rows_run(v);
    unsigned lm = v->L; /* log2 of the butterfly group size 2m (local) */
    for (; lm >= 2; lm -= 2) {
        const size_t m = (size_t)1 << (lm - 1), q = m >> 1;
        const size_t M = m << v->shift, Q = q << v->shift;
        for (size_t g0 = 0; g0 < rows; g0 += 2 * m) {
            hs_kb *x0 = v->base + g0 * rs;
            if (run) {
                K->dif4(x0, x0 + q * rs, x0 + m * rs, x0 + (m + q) * rs, q, len, tw + M, tw + M + Q, tw + Q);
                continue;
            }
            for (size_t j = 0; j < q; j++, x0 += rs) {
                const size_t k = (j << v->shift) + v->r0;
                K->dif4(x0, x0 + q * rs, x0 + m * rs, x0 + (m + q) * rs, nseg, len, tw + M + k, tw + M + Q + k, tw + Q + k);
            }
        }
    }
    if (lm == 1) {
        const hs_kb *t = tw + ((size_t)1 << v->shift) + v->r0;
        for (size_t g0 = 0; g0 < rows; g0 += 2) K->dif2(v->base + g0 * rs, v->base + (g0 + 1) * rs, nseg, len, t);
    }
}

static void tile_dit(const hs_ntt_kernels *K, const hs_kb *itw, const tview *v) {
    const size_t rows = (size_t)1 << v->L, rs = v->rstride, len = v->len, nseg = v->nseg;
    const int run = rows_run(v);
    unsigned lm = 0; /* log2 of the half-size of the next layer (local) */
    if (v->L & 1) {
        const hs_kb *t = itw + ((size_t)1 << v->shift) + v->r0;
        for (size_t g0 = 0; g0 < rows; g0 += 2) K->dit2(v->base + g0 * rs, v->base + (g0 + 1) * rs, nseg, len, t);
        lm = 1;
    }
    for (; lm + 2 <= v->L; lm += 2) {
        const size_t q = (size_t)1 << lm, m = 2 * q;
        const size_t Q = q << v->shift, M = m << v->shift;
        for (size_t g0 = 0; g0 < rows; g0 += 2 * m) {
            hs_kb *x0 = v->base + g0 * rs;
            if (run) {
                K->dit4(x0, x0 + q * rs, x0 + m * rs, x0 + (m + q) * rs, q, len, itw + M, itw + M + Q, itw + Q);
                continue;
            }
            for (size_t j = 0; j < q; j++, x0 += rs) {
                const size_t k = (j << v->shift) + v->r0;
                K->dit4(x0, x0 + q * rs, x0 + m * rs, x0 + (m + q) * rs, nseg, len, itw + M + k, itw + M + Q + k,
                        itw + Q + k);
            }
        }
    }
}

/* Row scaling: matrix row i is multiplied by f * c^i. */
typedef struct {
    hs_kb f, c;
} scl;

/* Factor of the tile's first row (t = 0, segment 0) and the step between tile rows. */
static void fac_start(const scl *sc, size_t i0, unsigned shift, hs_kb *f0, hs_kb *step) {
    *f0 = hs_kb_mul(sc->f, hs_kb_exp(sc->c, i0));
    *step = hs_kb_exp(sc->c, (uint64_t)1 << shift);
}

/* Copy a tile from the matrix into compact scratch (row t, segment s at (t*R + s)*len), reading
 * matrix row bitrev(i) for tile row i when src_bitrev, scaling when sc. */
static void gather(const hs_ntt_kernels *K, const geom *G, const tpos *P, const hs_kb *src, int src_bitrev,
                   hs_kb *tile, const scl *sc) {
    const size_t rows = (size_t)1 << G->L, R = G->R, len = P->len, w = G->w;
    hs_kb f = 0, step = 0;
    if (sc) fac_start(sc, P->i0, G->shift, &f, &step);
    for (size_t t = 0; t < rows; t++) {
        const size_t i = P->i0 + (t << G->shift);
        hs_kb *to = tile + t * R * len;
        if (!src_bitrev && len == w) { /* the R segments are R consecutive whole rows */
            if (sc)
                K->scale(to, src + i * w, R, w, f, sc->c);
            else
                memcpy(to, src + i * w, R * w * sizeof(hs_kb));
        } else {
            hs_kb fs = f;
            for (size_t s = 0; s < R; s++) {
                const size_t row = src_bitrev ? bitrev(i + s, G->n) : i + s;
                const hs_kb *from = src + row * w + P->c0;
                if (sc) {
                    K->scale(to + s * len, from, 1, len, fs, HS_KB_ONE);
                    fs = hs_kb_mul(fs, sc->c);
                } else {
                    memcpy(to + s * len, from, len * sizeof(hs_kb));
                }
            }
        }
        if (sc) f = hs_kb_mul(f, step);
    }
}

static void scatter(const hs_ntt_kernels *K, const geom *G, const tpos *P, const hs_kb *tile, hs_kb *dst,
                    const scl *sc) {
    const size_t rows = (size_t)1 << G->L, R = G->R, len = P->len, w = G->w;
    hs_kb f = 0, step = 0;
    if (sc) fac_start(sc, P->i0, G->shift, &f, &step);
    for (size_t t = 0; t < rows; t++) {
        const size_t i = P->i0 + (t << G->shift);
        const hs_kb *from = tile + t * R * len;
        if (len == w) {
            if (sc)
                K->scale(dst + i * w, from, R, w, f, sc->c);
            else
                memcpy(dst + i * w, from, R * w * sizeof(hs_kb));
        } else {
            hs_kb fs = f;
            for (size_t s = 0; s < R; s++) {
                hs_kb *to = dst + (i + s) * w + P->c0;
                if (sc) {
                    K->scale(to, from + s * len, 1, len, fs, HS_KB_ONE);
                    fs = hs_kb_mul(fs, sc->c);
                } else {
                    memcpy(to, from + s * len, len * sizeof(hs_kb));
                }
            }
        }
        if (sc) f = hs_kb_mul(f, step);
    }
}

/* Scale a compact tile into another one (same geometry). */
static void scale_tile(const hs_ntt_kernels *K, const geom *G, const tpos *P, const hs_kb *from, hs_kb *to,
                       const scl *sc) {
    const size_t rows = (size_t)1 << G->L, R = G->R, len = P->len;
    hs_kb f, step;
    fac_start(sc, P->i0, G->shift, &f, &step);
    for (size_t t = 0; t < rows; t++) {
        K->scale(to + t * R * len, from + t * R * len, R, len, f, sc->c);
        f = hs_kb_mul(f, step);
    }
}

static void compact_view(tview *v, const geom *G, const tpos *P, hs_kb *tile) {
    v->base = tile;
    v->rstride = G->R * P->len;
    v->nseg = G->R;
    v->len = P->len;
    v->r0 = P->r0;
    v->L = G->L;
    v->shift = G->shift;
}

/* In-place rows scaling of a contiguous tile. */
static void scale_rows_inplace(const hs_ntt_kernels *K, hs_kb *rows, size_t i0, size_t nrows, size_t w, const scl *sc) {
    K->scale(rows, rows, nrows, w, hs_kb_mul(sc->f, hs_kb_exp(sc->c, i0)), sc->c);
}

/* Where finished rows are reported: fn(ctx, rows, first + i, nrows, thread). */
typedef struct {
    hs_ntt_rows_fn fn;
    void *ctx;
    size_t first;
} sink;

/* One pass of layers over the whole matrix, src -> dst (src may equal dst). pre scales the rows
 * before the layers (by src-side position after the bit-reversal), post after them. With a sink,
 * an in-place pass reports each finished tile while it is still in cache and returns 1; other
 * passes return 0 (the caller then reports the rows itself). */
static int run_pass(const hs_ntt_plan *plan, const net *N, unsigned p, const hs_kb *src, int src_bitrev, hs_kb *dst,
                    int dit, const scl *pre, const scl *post, unsigned threads, hs_kb *scratch, size_t scratch_stride,
                    const sink *done) {
    const hs_ntt_kernels *K = plan->kern;
    const hs_kb *tw = dit ? plan->itw : plan->tw;
    geom G;
    make_geom(&G, N, p, threads);
    const int inplace = G.contiguous && src == dst && !src_bitrev;
    const long ntiles = (long)G.ntiles;
    const int nt = pass_threads(threads, G.w << G.n, G.ntiles);
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (long ti = 0; ti < ntiles; ti++) {
        tpos P;
        tile_pos(&G, (size_t)ti, &P);
        tview v;
        if (inplace) {
            const size_t rows = (size_t)1 << G.L;
            hs_kb *base = dst + P.i0 * G.w;
            if (pre) scale_rows_inplace(K, base, P.i0, rows, G.w, pre);
            v.base = base;
            v.rstride = v.len = G.w;
            v.nseg = 1;
            v.r0 = 0;
            v.L = G.L;
            v.shift = 0;
            if (dit)
                tile_dit(K, tw, &v);
            else
                tile_dif(K, tw, &v);
            if (post) scale_rows_inplace(K, base, P.i0, rows, G.w, post);
            if (done) done->fn(done->ctx, base, done->first + P.i0, rows, omp_get_thread_num());
        } else {
            hs_kb *tile = scratch + (size_t)omp_get_thread_num() * scratch_stride;
            gather(K, &G, &P, src, src_bitrev, tile, pre);
            compact_view(&v, &G, &P, tile);
            if (dit)
                tile_dit(K, tw, &v);
            else
                tile_dif(K, tw, &v);
            scatter(K, &G, &P, tile, dst, post);
        }
    }
    return inplace;
}

/* Report rows [0, nrows) of mat (output rows first..) in tile-sized chunks, in parallel. */
static void report_rows(const sink *done, const hs_kb *mat, size_t nrows, size_t w, size_t tile, unsigned threads) {
    size_t chunk = 1;
    while (chunk < nrows && 2 * chunk * w <= tile) chunk *= 2;
    const long nchunks = (long)((nrows + chunk - 1) / chunk);
    const int nt = pass_threads(threads, nrows * w, (size_t)nchunks);
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (long c = 0; c < nchunks; c++) {
        size_t i = (size_t)c * chunk;
        done->fn(done->ctx, mat + i * w, done->first + i, min_sz(chunk, nrows - i), omp_get_thread_num());
    }
}

static int args_ok(const hs_ntt_plan *plan, const void *mat, unsigned log_h, size_t w) {
    size_t words;
    return plan && plan->tw && plan->kern && mat && w > 0 && log_h <= plan->max_log_n &&
           plan->tile_log >= MIN_TILE_LOG && plan->tile_log <= MAX_TILE_LOG &&
           hs_mul_overflow_ok((size_t)1 << log_h, w, &words);
}

static hs_kb inv_pow2(unsigned log_h) { return hs_kb_inv(hs_kb_from_u32((uint32_t)1 << log_h)); }

/* The full network in place: DIF passes top-down or DIT passes bottom-up, with optional row
 * scaling before the first and after the last pass. */
static int transform(const hs_ntt_plan *plan, hs_kb *mat, unsigned n, size_t w, int dit, const scl *pre,
                     const scl *post, unsigned threads) {
    static const scl unit = {HS_KB_ONE, HS_KB_ONE};
    if (dit && !post) post = &unit; /* DIT outputs may be lazy (< 2p): a product reduces them */
    net N;
    plan_passes(&N, n, w, plan->tile_log);
    if (N.npass == 0) { /* one row: only the scalings (c^0 = 1) */
        if (pre) plan->kern->scale(mat, mat, 1, w, pre->f, HS_KB_ONE);
        if (post) plan->kern->scale(mat, mat, 1, w, post->f, HS_KB_ONE);
        return 1;
    }
    hs_kb *scratch = hs_alloc_array((size_t)nthreads(threads) * N.tile, sizeof(hs_kb));
    if (!scratch) return 0;
    for (unsigned k = 0; k < N.npass; k++) {
        unsigned p = dit ? N.npass - 1 - k : k;
        run_pass(plan, &N, p, mat, 0, mat, dit, k == 0 ? pre : NULL, k == N.npass - 1 ? post : NULL, threads, scratch,
                 N.tile, NULL);
    }
    hs_free(scratch);
    return 1;
}

/* ---------------------------------------------------------------- public transforms */

int hs_ntt_dif(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads) {
    if (!args_ok(plan, mat, log_h, w)) return 0;
    return transform(plan, mat, log_h, w, 0, NULL, NULL, threads);
}

int hs_ntt_idit(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads) {
    if (!args_ok(plan, mat, log_h, w)) return 0;
    const scl post = {inv_pow2(log_h), HS_KB_ONE};
    return transform(plan, mat, log_h, w, 1, NULL, &post, threads);
}

int hs_ntt_coset_dif(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift, unsigned threads) {
    if (!args_ok(plan, mat, log_h, w) || shift == 0) return 0;
    const scl pre = {HS_KB_ONE, shift};
    return transform(plan, mat, log_h, w, 0, &pre, NULL, threads);
}

int hs_ntt_coset_idit(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift, unsigned threads) {
    if (!args_ok(plan, mat, log_h, w) || shift == 0) return 0;
    const scl post = {inv_pow2(log_h), hs_kb_inv(shift)};
    return transform(plan, mat, log_h, w, 1, NULL, &post, threads);
}

int hs_ntt_forward(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads) {
    if (!hs_ntt_dif(plan, mat, log_h, w, threads)) return 0;
    hs_ntt_bitrev_rows(mat, log_h, w, threads);
    return 1;
}

int hs_ntt_inverse(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads) {
    if (!args_ok(plan, mat, log_h, w)) return 0;
    hs_ntt_bitrev_rows(mat, log_h, w, threads);
    return hs_ntt_idit(plan, mat, log_h, w, threads);
}

int hs_ntt_coset_forward(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift,
                         unsigned threads) {
    if (!hs_ntt_coset_dif(plan, mat, log_h, w, shift, threads)) return 0;
    hs_ntt_bitrev_rows(mat, log_h, w, threads);
    return 1;
}

int hs_ntt_coset_inverse(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift,
                         unsigned threads) {
    if (!args_ok(plan, mat, log_h, w) || shift == 0) return 0;
    hs_ntt_bitrev_rows(mat, log_h, w, threads);
    return hs_ntt_coset_idit(plan, mat, log_h, w, shift, threads);
}

void hs_ntt_bitrev_rows(hs_kb *mat, unsigned log_h, size_t w, unsigned threads) {
    if (!mat || w == 0 || log_h == 0 || log_h > 32) return;
    const long h = (long)((size_t)1 << log_h);
    const int nt = pass_threads(threads, (size_t)h * w, (size_t)h);
    /* Each pair is swapped by the owner of its smaller index: no two threads touch one row. */
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (long i = 0; i < h; i++) {
        size_t j = bitrev((size_t)i, log_h);
        if ((size_t)i < j) {
            hs_kb *a = mat + (size_t)i * w, *b = mat + j * w;
            for (size_t c = 0; c < w; c++) {
                hs_kb x = a[c];
                a[c] = b[c];
                b[c] = x;
            }
        }
    }
}

/* ---------------------------------------------------------------- LDE
 *
 * iDIT (bit-reversed evaluations -> h * coefficients, natural), then for every block q of the
 * output a DIF of the coefficients scaled by (s_q)^i / h, s_q = out_shift * w_N^bitrev_B(q) /
 * in_shift: block q is the bit-reversed evaluation on out_shift * w_N^bitrev_B(q) * H.
 * The top pass of the iDIT and the top pass of every block's DIF share their tile shape, so they
 * run fused: a tile is read once, finished as coefficients, then scaled, transformed and written
 * once per block without leaving L2. The other passes run per block. */

static void lde_top(const hs_ntt_plan *plan, const net *N, const hs_kb *src, int src_bitrev, hs_kb *out,
                    unsigned log_blowup, const scl *base, hs_kb wN, unsigned threads, hs_kb *scratch) {
    const hs_ntt_kernels *K = plan->kern;
    geom G;
    make_geom(&G, N, 0, threads);
    const size_t h = (size_t)1 << N->n, nblocks = (size_t)1 << log_blowup;
    const long ntiles = (long)G.ntiles;
    const int nt = pass_threads(threads, (G.w << G.n) << log_blowup, G.ntiles);
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (long ti = 0; ti < ntiles; ti++) {
        hs_kb *a = scratch + (size_t)omp_get_thread_num() * 2 * N->tile, *b = a + N->tile;
        tpos P;
        tile_pos(&G, (size_t)ti, &P);
        tview va, vb;
        gather(K, &G, &P, src, src_bitrev, a, NULL);
        compact_view(&va, &G, &P, a);
        compact_view(&vb, &G, &P, b);
        tile_dit(K, plan->itw, &va);
        for (size_t q = nblocks; q-- > 0;) {
            scl sq = {base->f, hs_kb_mul(base->c, hs_kb_exp(wN, bitrev(q, log_blowup)))};
            scale_tile(K, &G, &P, a, b, &sq);
            tile_dif(K, plan->tw, &vb);
            scatter(K, &G, &P, b, out + q * h * G.w, NULL);
        }
    }
}

int hs_ntt_coset_lde_rows(const hs_ntt_plan *plan, const hs_kb *in, hs_kb *out, unsigned log_h, size_t w,
                          unsigned log_blowup, hs_kb in_shift, int in_bitrev, hs_kb out_shift, unsigned threads,
                          hs_ntt_rows_fn fn, void *ctx) {
    size_t words;
    if (!args_ok(plan, in, log_h, w) || !out || in_shift == 0 || out_shift == 0 ||
        log_h + log_blowup > HS_NTT_MAX_LOG || !hs_mul_overflow_ok((size_t)1 << (log_h + log_blowup), w, &words))
        return 0;
    const size_t h = (size_t)1 << log_h, nrows = h << log_blowup;
    if (log_h == 0) { /* a constant */
        for (size_t i = 0; i < nrows; i++)
            if (out + i * w != in) memcpy(out + i * w, in, w * sizeof(hs_kb));
        if (fn) fn(ctx, out, 0, nrows, 0);
        return 1;
    }
    net N;
    plan_passes(&N, log_h, w, plan->tile_log);
    hs_kb *scratch = hs_alloc_array((size_t)nthreads(threads) * 2 * N.tile, sizeof(hs_kb));
    if (!scratch) return 0;

    const hs_kb *src = in;
    int src_bitrev = !in_bitrev; /* the iDIT wants bit-reversed rows: permute while gathering */
    if (src_bitrev && in == out) {
        hs_ntt_bitrev_rows(out, log_h, w, threads);
        src_bitrev = 0;
    }
    for (unsigned p = N.npass - 1; p >= 1; p--) {
        run_pass(plan, &N, p, src, src_bitrev, out, 1, NULL, NULL, threads, scratch, N.tile, NULL);
        src = out;
        src_bitrev = 0;
    }
    const scl base = {inv_pow2(log_h), hs_kb_mul(out_shift, hs_kb_inv(in_shift))};
    lde_top(plan, &N, src, src_bitrev, out, log_blowup, &base, hs_kb_two_adic_root(log_h + log_blowup), threads,
            scratch);
    for (size_t q = 0; q < ((size_t)1 << log_blowup); q++) {
        hs_kb *blk = out + q * h * w;
        const sink done = {fn, ctx, q * h};
        int reported = 0;
        for (unsigned p = 1; p < N.npass; p++)
            reported = run_pass(plan, &N, p, blk, 0, blk, 0, NULL, NULL, threads, scratch, N.tile,
                                fn && p == N.npass - 1 ? &done : NULL);
        if (fn && !reported) report_rows(&done, blk, h, w, N.tile, threads);
    }
    hs_free(scratch);
    return 1;
}

int hs_ntt_coset_lde(const hs_ntt_plan *plan, const hs_kb *in, hs_kb *out, unsigned log_h, size_t w,
                     unsigned log_blowup, hs_kb in_shift, int in_bitrev, hs_kb out_shift, unsigned threads) {
    return hs_ntt_coset_lde_rows(plan, in, out, log_h, w, log_blowup, in_shift, in_bitrev, out_shift, threads, NULL,
                                 NULL);
}

int hs_ntt_lde(const hs_ntt_plan *plan, const hs_kb *in, hs_kb *out, unsigned log_h, size_t w, unsigned log_blowup,
               int in_bitrev, unsigned threads) {
    return hs_ntt_coset_lde(plan, in, out, log_h, w, log_blowup, HS_KB_ONE, in_bitrev,
                            hs_kb_from_u32(HS_KB_GENERATOR), threads);
}
