/* eq tables and extensions of GF(2^128) tables, shared by the binary GKR walks (gkrb.h). */
#include <string.h>

#include "gkrb/gkrb.h"
#include "util/mem.h"
#include "util/parallel.h"

hs_gf128 hs_gkrb_eq_eval(const hs_gf128 *z, const hs_gf128 *r, unsigned n) {
    hs_gf128 e = hs_gf128_one();
    for (unsigned b = 0; b < n; b++) e = hs_gf128_mul(e, hs_gkrb_eq1(z[b], r[b]));
    return e;
}

void hs_gkrb_eq_table(hs_gf128 *out, const hs_gf128 *pt, unsigned nv) {
    out[0] = hs_gf128_one();
    for (unsigned b = 0; b < nv; b++) {
        const size_t h = (size_t)1 << b;
        memset(out + h, 0, h * sizeof *out);
        hs_gf128_scale_add(out + h, pt[b], out, h); /* x with bit b set: times pt[b] */
        for (size_t x = 0; x < h; x++) out[x] = hs_gf128_add(out[x], out[x + h]); /* unset: times 1 + pt[b] */
    }
}

void hs_gkrb_sum_chunks(hs_gf128 *acc, size_t nchunks, size_t width) {
    for (size_t k = 1; k < nchunks; k++)
        for (size_t i = 0; i < width; i++) acc[i] = hs_gf128_add(acc[i], acc[k * width + i]);
}

#define GKRB_MLE_MAX_WIDTH 16
#define GKRB_MLE_BLOCK 256

typedef struct {
    hs_batch_fn_sums fn;
    const hs_gkrb_sums *s;
} gkrb_sums_tramp;

static void gkrb_sums_batch(void *vctx, size_t lo, size_t cnt) {
    const gkrb_sums_tramp *t = vctx;
    t->fn(t->s, lo, cnt);
}

int hs_gkrb_eq_sums(hs_gf128 *out, size_t width, const hs_gf128 *pt, unsigned log_n, size_t eq_len, size_t items,
                    size_t chunk, unsigned threads, hs_batch_fn_sums fn, const void *user) {
    const size_t nchunks = items ? (items + chunk - 1) / chunk : 1;
    hs_gf128 *eq = hs_calloc_array(eq_len, sizeof *eq), *acc = hs_calloc_array(nchunks * width, sizeof *acc);
    if (!eq || !acc) {
        hs_free(eq), hs_free(acc);
        return 0;
    }
    hs_gkrb_eq_table(eq, pt, log_n);
    const hs_gkrb_sums s = {eq, acc, items, chunk, width, user};
    gkrb_sums_tramp t = {fn, &s};
    hs_parallel_batches(items, chunk, threads ? threads : 1, gkrb_sums_batch, &t);
    hs_gkrb_sum_chunks(acc, nchunks, width);
    memcpy(out, acc, width * sizeof *out);
    hs_free(eq), hs_free(acc);
    return 1;
}

static void gkrb_mle_batch(const hs_gkrb_sums *c, size_t lo, size_t cnt) {
    const hs_gf128 *rows = c->user;
    hs_gf128 *acc = c->acc + (lo / c->chunk) * c->width, col[GKRB_MLE_BLOCK];
    for (size_t i0 = lo; i0 < lo + cnt; i0 += GKRB_MLE_BLOCK) {
        const size_t m = lo + cnt - i0 < GKRB_MLE_BLOCK ? lo + cnt - i0 : GKRB_MLE_BLOCK;
        for (size_t k = 0; k < c->width; k++) {
            for (size_t i = 0; i < m; i++) col[i] = rows[(i0 + i) * c->width + k];
            acc[k] = hs_gf128_add(acc[k], hs_gf128_inner(c->eq + i0, col, m));
        }
    }
}

int hs_gkrb_mle_rows(hs_gf128 *out, const hs_gf128 *rows, unsigned width, unsigned log_n, const hs_gf128 *pt,
                     unsigned threads) {
    if (width == 0 || width > GKRB_MLE_MAX_WIDTH) return 0;
    const size_t n = (size_t)1 << log_n;
    const unsigned th = threads ? threads : 1;
    size_t chunk = (n + th - 1) / th;
    chunk = (chunk + GKRB_MLE_BLOCK - 1) / GKRB_MLE_BLOCK * GKRB_MLE_BLOCK;
    return hs_gkrb_eq_sums(out, width, pt, log_n, n, n, chunk, th, gkrb_mle_batch, rows);
}
