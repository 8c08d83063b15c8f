/* Multilinear tables (mle.h). Field arithmetic is exact, so every function returns the same values
 * for any thread count; the threads only split the tables into blocks. */
#include "poly/mle.h"

#include <string.h>

#include "util/cpu.h"
#include "util/mem.h"
#include "util/parallel.h"

/* Tables below this many entries are walked on the caller's thread. */
#define MLE_PAR_MIN (1u << 14)
#define MLE_CHUNK ((size_t)1 << 12)

hs_kb5 hs_mle_eq(const hs_kb5 *a, const hs_kb5 *b, unsigned n) {
    hs_kb5 acc = hs_kb5_one();
    for (unsigned i = 0; i < n; i++) {
        /* a b + (1 - a)(1 - b) = 1 - a - b + 2ab */
        hs_kb5 ab = hs_kb5_mul(a[i], b[i]);
        hs_kb5 t = hs_kb5_sub(hs_kb5_add(ab, ab), hs_kb5_add(a[i], b[i]));
        t.c[0] = hs_kb_add(t.c[0], HS_KB_ONE);
        acc = hs_kb5_mul(acc, t);
    }
    return acc;
}

/* ---- eq tables: mle_eq.inc for K ---- */

static inline hs_kb5 mle_k5_one(void) { return hs_kb5_one(); }
#define MLE_K hs_kb5
#define MLE_ONE mle_k5_one
#define MLE_SUB hs_kb5_sub
#define MLE_MUL hs_kb5_mul
#define MLE_P hs_mle_k5
#define MLE_P_AT hs_mle_k5_at
#define MLE_P_GET hs_mle_k5_get
#define MLE_P_SET hs_mle_k5_set
#define MLE_KERNELS hs_mle_kernels
#define MLE_BEST hs_mle_kernels_best
#define MLE_FN(name) hs_mle_##name
#include "poly/mle_eq.inc"

const hs_mle_kernels hs_mle_kernels_portable = {"portable", hs_mle_eq_rows_portable, hs_mle_eq_step_portable};
#ifndef HS_HAVE_AVX2
const hs_mle_kernels hs_mle_kernels_avx2 = {"portable", hs_mle_eq_rows_portable, hs_mle_eq_step_portable};
#endif
#ifndef HS_HAVE_AVX512
const hs_mle_kernels hs_mle_kernels_avx512 = {"portable", hs_mle_eq_rows_portable, hs_mle_eq_step_portable};
#endif

const hs_mle_kernels *hs_mle_kernels_best(void) {
    return hs_cpu_has_avx512() ? &hs_mle_kernels_avx512
           : hs_cpu_has_avx2() ? &hs_mle_kernels_avx2
                               : &hs_mle_kernels_portable;
}

hs_kb5 *hs_mle_eq_new(const hs_kb5 *z, unsigned n, unsigned threads) {
    hs_kb5 *e = hs_alloc_array((size_t)1 << n, sizeof *e);
    if (e) hs_mle_eq_table(e, z, n, hs_kb5_one(), threads);
    return e;
}

/* ---- evaluation: f^(z) = sum_hi eq(z_hi, hi) * sum_lo eq(z_lo, lo) f[hi, lo] ----
 * The low half of the variables gets an eq table (2^lo entries); each block of 2^lo entries is a dot
 * product with it, and the 2^hi block sums are combined with the high eq table. Base tables cost
 * one base-by-K product per entry, accumulated without reduction. */

static hs_kb5 dot_base(const hs_kb *f, const hs_kb5 *e, size_t len) {
    uint64_t acc[5] = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < len; i++)
        for (int c = 0; c < 5; c++) acc[c] = hs_kbx_csub(acc[c] + hs_kbx_prod(f[i], e[i].c[c]));
    hs_kb5 r;
    for (int c = 0; c < 5; c++) r.c[c] = hs_kb_redc(acc[c]);
    return r;
}

static hs_kb5 dot_ext(const hs_kb5 *f, const hs_kb5 *e, size_t len) {
    hs_kb5 acc = hs_kb5_zero();
    for (size_t i = 0; i < len; i++) acc = hs_kb5_add(acc, hs_kb5_mul(f[i], e[i]));
    return acc;
}

typedef struct {
    const hs_kb *fb;
    const hs_kb5 *fe, *elo;
    hs_kb5 *sums;
    unsigned lo;
} eval_ctx;

static void eval_blocks(void *vctx, size_t first, size_t cnt) {
    const eval_ctx *c = vctx;
    size_t len = (size_t)1 << c->lo;
    for (size_t b = first; b < first + cnt; b++)
        c->sums[b] = c->fb ? dot_base(c->fb + b * len, c->elo, len) : dot_ext(c->fe + b * len, c->elo, len);
}

static hs_kb5 eval_any(const hs_kb *fb, const hs_kb5 *fe, unsigned n, const hs_kb5 *z, unsigned threads) {
    unsigned hi = n / 2, lo = n - hi;
    hs_kb5 *buf = hs_alloc_array(((size_t)1 << lo) + ((size_t)2 << hi), sizeof *buf);
    if (!buf) {
        /* Out of memory: the slow way, one eq value per entry, no allocation. */
        hs_kb5 acc = hs_kb5_zero();
        for (size_t x = 0; x < ((size_t)1 << n); x++) {
            hs_kb5 e = hs_kb5_one();
            for (unsigned i = 0; i < n; i++) {
                hs_kb5 zi = z[i];
                if (!((x >> (n - 1 - i)) & 1)) { /* 1 - z_i */
                    zi = hs_kb5_neg(zi);
                    zi.c[0] = hs_kb_add(zi.c[0], HS_KB_ONE);
                }
                e = hs_kb5_mul(e, zi);
            }
            acc = hs_kb5_add(acc, fb ? hs_kb5_mul_base(e, fb[x]) : hs_kb5_mul(e, fe[x]));
        }
        return acc;
    }
    hs_kb5 *elo = buf, *ehi = buf + ((size_t)1 << lo), *sums = ehi + ((size_t)1 << hi);
    unsigned th = ((size_t)1 << n) < MLE_PAR_MIN ? 1 : threads;
    hs_mle_eq_table(elo, z + hi, lo, hs_kb5_one(), 1);
    hs_mle_eq_table(ehi, z, hi, hs_kb5_one(), 1);
    eval_ctx c = {fb, fe, elo, sums, lo};
    hs_parallel_batches((size_t)1 << hi, 1, th, eval_blocks, &c);
    hs_kb5 r = dot_ext(sums, ehi, (size_t)1 << hi);
    hs_free(buf);
    return r;
}

hs_kb5 hs_mle_eval_base(const hs_kb *f, unsigned n, const hs_kb5 *z, unsigned threads) {
    return eval_any(f, NULL, n, z, threads);
}
hs_kb5 hs_mle_eval_ext(const hs_kb5 *f, unsigned n, const hs_kb5 *z, unsigned threads) {
    return eval_any(NULL, f, n, z, threads);
}

/* ---- folding ---- */

typedef struct {
    hs_kb5 *out;
    const hs_kb *fb;
    const hs_kb5 *fe;
    size_t half;
    hs_kb5 r;
} fold_ctx;

static void fold_base_chunk(void *vctx, size_t lo, size_t cnt) {
    const fold_ctx *c = vctx;
    hs_mle_fold_base_portable(c->out + lo, c->fb + lo, c->fb + c->half + lo, cnt, c->r);
}

static void fold_ext_chunk(void *vctx, size_t lo, size_t cnt) {
    const fold_ctx *c = vctx;
    const hs_kb5 *a = c->fe + lo, *b = c->fe + c->half + lo;
    hs_kb5 *o = c->out + lo;
    for (size_t i = 0; i < cnt; i++) o[i] = hs_kb5_add(a[i], hs_kb5_mul(c->r, hs_kb5_sub(b[i], a[i])));
}

void hs_mle_fold_base_portable(hs_kb5 *out, const hs_kb *lo, const hs_kb *hi, size_t cnt, hs_kb5 r) {
    for (size_t i = 0; i < cnt; i++) {
        hs_kb5 v = hs_kb5_mul_base(r, hs_kb_sub(hi[i], lo[i]));
        v.c[0] = hs_kb_add(v.c[0], lo[i]);
        out[i] = v;
    }
}

void hs_mle_fold_base(hs_kb5 *out, const hs_kb *f, size_t half, hs_kb5 r, unsigned threads) {
    fold_ctx c = {out, f, NULL, half, r};
    hs_parallel_batches(half, MLE_CHUNK, half < MLE_PAR_MIN ? 1 : threads, fold_base_chunk, &c);
}

void hs_mle_fold_ext(hs_kb5 *out, const hs_kb5 *f, size_t half, hs_kb5 r, unsigned threads) {
    fold_ctx c = {out, NULL, f, half, r};
    hs_parallel_batches(half, MLE_CHUNK, half < MLE_PAR_MIN ? 1 : threads, fold_ext_chunk, &c);
}
