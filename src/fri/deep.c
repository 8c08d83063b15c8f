/* The opening's arithmetic (fri_internal.h): portable lazy dot-product kernels, barycentric
 * evaluation over g*H and the DEEP quotient over g*K. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "fri/fri_internal.h"
#include "util/cpu.h"
#include "util/mem.h"

/* ---- portable kernels ---- */

static void colmac_portable(const hs_kb *mat, size_t w, size_t c0, size_t nc, size_t nr, const hs_kb *const *wts,
                            unsigned nw, hs_kb *out) {
    uint64_t lo[HS_FRI_COLMAC_MAX_NW * HS_FRI_COLMAC_MAX_NC], hi[HS_FRI_COLMAC_MAX_NW * HS_FRI_COLMAC_MAX_NC];
    memset(lo, 0, nw * nc * sizeof *lo);
    memset(hi, 0, nw * nc * sizeof *hi);
    size_t i = 0;
    for (; i + 4 <= nr; i += 4) {
        const hs_kb *r0 = mat + i * w + c0, *r1 = r0 + w, *r2 = r1 + w, *r3 = r2 + w;
        for (unsigned k = 0; k < nw; k++) {
            const uint64_t a0 = wts[k][i], a1 = wts[k][i + 1], a2 = wts[k][i + 2], a3 = wts[k][i + 3];
            uint64_t *L = lo + k * nc, *H = hi + k * nc;
            for (size_t c = 0; c < nc; c++) {
                uint64_t s = a0 * r0[c] + a1 * r1[c] + a2 * r2[c] + a3 * r3[c]; /* 4 * p^2 < 2^64 */
                L[c] += (uint32_t)s;
                H[c] += s >> 32;
            }
        }
    }
    for (; i < nr; i++) {
        const hs_kb *r0 = mat + i * w + c0;
        for (unsigned k = 0; k < nw; k++) {
            const uint64_t a0 = wts[k][i];
            uint64_t *L = lo + k * nc, *H = hi + k * nc;
            for (size_t c = 0; c < nc; c++) {
                uint64_t s = a0 * r0[c];
                L[c] += (uint32_t)s;
                H[c] += s >> 32;
            }
        }
    }
    for (size_t k = 0; k < nw * nc; k++) out[k] = hs_fri_lazy_finish(lo[k], hi[k]);
}

static void rowdot_portable(const hs_kb *row, size_t n, const hs_kb *const *a, unsigned nw, hs_kb *out) {
    for (unsigned k = 0; k < nw; k++) {
        const hs_kb *ak = a[k];
        uint64_t lo = 0, hi = 0;
        size_t c = 0;
        for (; c + 4 <= n; c += 4) {
            uint64_t s = (uint64_t)ak[c] * row[c] + (uint64_t)ak[c + 1] * row[c + 1] +
                         (uint64_t)ak[c + 2] * row[c + 2] + (uint64_t)ak[c + 3] * row[c + 3];
            lo += (uint32_t)s;
            hi += s >> 32;
        }
        for (; c < n; c++) {
            uint64_t s = (uint64_t)ak[c] * row[c];
            lo += (uint32_t)s;
            hi += s >> 32;
        }
        out[k] = hs_fri_lazy_finish(lo, hi);
    }
}

const hs_fri_kernels hs_fri_kernels_portable = {"portable", colmac_portable, rowdot_portable};
#ifndef HS_HAVE_AVX2
const hs_fri_kernels hs_fri_kernels_avx2 = {"portable", colmac_portable, rowdot_portable};
#endif

const hs_fri_kernels *hs_fri_kernels_best(void) {
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) return &hs_fri_kernels_avx512;
#endif
    return hs_cpu_has_avx2() ? &hs_fri_kernels_avx2 : &hs_fri_kernels_portable;
}

static int nthreads(unsigned threads) { return threads > 1 ? (int)threads : 1; }

/* den[t] = x[t] - z, inverted in one batch. */
static void inv_x_minus_z(unsigned d, const hs_kb *x, size_t n, hs_kbe z, hs_kbe *den, hs_kbe *inv) {
    hs_kbe nz = hs_kbe_neg(z);
    for (size_t t = 0; t < n; t++) den[t] = hs_kbe_add_base(nz, x[t]);
    hs_kbe_batch_inv(d, inv, den, n);
}

/* ---- barycentric evaluation ----
 * On g*H (x_i^h = g^h): p(z) = (z^h - g^h) / (h g^h) * sum_i x_i / (z - x_i) * p(x_i). */

int hs_fri_bary_eval(const hs_fri_kernels *kern, unsigned d, const hs_kb *mat, unsigned log_h, size_t w,
                     const hs_kbe *z, unsigned n_points, hs_kbe *out, unsigned threads) {
    if (!kern) kern = hs_fri_kernels_best();
    if (!hs_kbe_degree_ok(d) || !mat || w == 0 || !z || !out || n_points < 1 || n_points > 2 ||
        log_h > HS_KB_TWO_ADICITY)
        return 0;
    const size_t h = (size_t)1 << log_h;
    const unsigned nw = n_points * d;
    hs_kb *wts = hs_alloc_array(h, (size_t)nw * sizeof(hs_kb));
    if (!wts) return 0;
    const hs_kb g = hs_kb_from_u32(HS_KB_GENERATOR);
    const int nt = nthreads(threads);

    hs_fri_brdom dom;
    hs_fri_brdom_init(&dom, log_h, g, hs_kb_two_adic_root(log_h));
    const size_t bs = (size_t)1 << dom.s;
    const long nblk = (long)(h >> dom.s);
    for (unsigned p = 0; p < n_points; p++) {
        hs_kb *wp = wts + (size_t)p * d * h;
        hs_kbe zp = z[p];
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1 && nblk > 1)
        for (long b = 0; b < nblk; b++) {
            hs_kb x[1u << HS_FRI_BLK_LOG];
            hs_kbe den[1u << HS_FRI_BLK_LOG], inv[1u << HS_FRI_BLK_LOG];
            hs_fri_brdom_block(&dom, (size_t)b, x);
            /* x/(z - x) = -x * 1/(x - z) */
            inv_x_minus_z(d, x, bs, zp, den, inv);
            for (size_t t = 0; t < bs; t++) {
                hs_kbe wv = hs_kbe_mul_base(inv[t], hs_kb_neg(x[t]));
                size_t i = (size_t)b * bs + t;
                for (unsigned j = 0; j < d; j++) wp[(size_t)j * h + i] = wv.c[j];
            }
        }
    }
    const hs_kb *ptrs[HS_FRI_COLMAC_MAX_NW];
    for (unsigned k = 0; k < nw; k++) ptrs[k] = wts + (size_t)k * h;

    /* column stripes (multiples of 8 words), at least two per thread when the width allows */
    size_t nstripe = (w + HS_FRI_COLMAC_MAX_NC - 1) / HS_FRI_COLMAC_MAX_NC;
    if (nstripe < 2 * (size_t)nt) nstripe = 2 * (size_t)nt;
    size_t sw = (w + nstripe - 1) / nstripe;
    sw = (sw + 7) & ~(size_t)7;
    if (sw > HS_FRI_COLMAC_MAX_NC) sw = HS_FRI_COLMAC_MAX_NC;
    nstripe = (w + sw - 1) / sw;
    for (unsigned p = 0; p < n_points; p++) {
        /* out[p*w + c] = scale * sum_i W_i f_i(x_i) */
        for (size_t c = 0; c < w; c++) out[(size_t)p * w + c] = hs_kbe_zero();
    }
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) if (nt > 1 && nstripe > 1)
    for (long s = 0; s < (long)nstripe; s++) {
        hs_kb acc[HS_FRI_COLMAC_MAX_NW * HS_FRI_COLMAC_MAX_NC];
        size_t c0 = (size_t)s * sw, nc = w - c0 < sw ? w - c0 : sw;
        kern->colmac(mat, w, c0, nc, h, ptrs, nw, acc);
        for (unsigned p = 0; p < n_points; p++)
            for (unsigned j = 0; j < d; j++)
                for (size_t c = 0; c < nc; c++) out[(size_t)p * w + c0 + c].c[j] = acc[(p * d + j) * nc + c];
    }
    hs_free(wts);

    const hs_kb gh = hs_kb_exp(g, h);
    const hs_kb dinv = hs_kb_inv(hs_kb_mul(hs_kb_from_u32((uint32_t)h), gh));
    for (unsigned p = 0; p < n_points; p++) {
        hs_kbe scale = hs_kbe_mul_base(hs_kbe_add_base(hs_kbe_exp(d, z[p], h), hs_kb_neg(gh)), dinv);
        for (size_t c = 0; c < w; c++) out[(size_t)p * w + c] = hs_kbe_mul(d, out[(size_t)p * w + c], scale);
    }
    return 1;
}

/* ---- DEEP ---- */

void hs_fri_deep_free(hs_fri_deep *s) {
    hs_free(s->apow);
    free(s->coef);
    free(s->zi);
    free(s->z);
    free(s->cz);
    memset(s, 0, sizeof *s);
}

int hs_fri_deep_init(hs_fri_deep *s, unsigned d, const hs_pcs_claim *claims, size_t n_mats, hs_kbe alpha) {
    memset(s, 0, sizeof *s);
    s->d = d;
    s->n_mats = n_mats;
    for (size_t m = 0; m < n_mats; m++)
        if (claims[m].width > s->wmax) s->wmax = claims[m].width;
    s->apow = hs_alloc_array(s->wmax, d * sizeof(hs_kb));
    s->coef = calloc(n_mats * 2, sizeof *s->coef);
    s->zi = calloc(n_mats * 2, sizeof *s->zi);
    s->z = calloc(n_mats * 2, sizeof *s->z);
    s->cz = calloc(n_mats * 2, sizeof *s->cz);
    if (!s->apow || !s->coef || !s->zi || !s->z || !s->cz) return 0;
    for (unsigned j = 0; j < d; j++) s->aptr[j] = s->apow + (size_t)j * s->wmax;
    hs_kbe a = hs_kbe_one();
    for (size_t c = 0; c < s->wmax; c++) {
        for (unsigned j = 0; j < d; j++) s->apow[(size_t)j * s->wmax + c] = a.c[j];
        a = hs_kbe_mul(d, a, alpha);
    }
    /* alpha^w_m for stepping the offsets */
    hs_kbe off = hs_kbe_one();
    for (size_t m = 0; m < n_mats; m++) {
        const hs_pcs_claim *cl = &claims[m];
        hs_kbe aw = hs_kbe_exp(d, alpha, cl->width);
        for (unsigned p = 0; p < cl->n_points; p++) {
            unsigned k = 0;
            while (k < s->nz && !hs_kbe_eq(s->z[k], cl->points[p])) k++;
            if (k == s->nz) s->z[s->nz++] = cl->points[p];
            s->zi[2 * m + p] = k;
            s->coef[2 * m + p] = off;
            /* M at z: sum_c alpha^c v_c, Horner from the top */
            const hs_kbe *v = cl->values + (size_t)p * cl->width;
            hs_kbe mv = hs_kbe_zero();
            for (size_t c = cl->width; c-- > 0;) mv = hs_kbe_add(hs_kbe_mul(d, mv, alpha), v[c]);
            s->cz[k] = hs_kbe_add(s->cz[k], hs_kbe_mul(d, off, mv));
            off = hs_kbe_mul(d, off, aw);
        }
    }
    return 1;
}

/* A_z(x) for one row set: acc[k] for k < nz. */
static void deep_accumulate(const hs_fri_kernels *kern, const hs_fri_deep *s, const hs_pcs_claim *claims,
                            const hs_kb *const *rows, hs_kbe *acc) {
    const unsigned d = s->d;
    for (unsigned k = 0; k < s->nz; k++) acc[k] = hs_kbe_zero();
    for (size_t m = 0; m < s->n_mats; m++) {
        hs_kb mo[HS_KBE_MAX];
        kern->rowdot(rows[m], claims[m].width, s->aptr, d, mo);
        hs_kbe M = hs_kbe_zero();
        memcpy(M.c, mo, d * sizeof(hs_kb));
        for (unsigned p = 0; p < claims[m].n_points; p++) {
            unsigned k = s->zi[2 * m + p];
            acc[k] = hs_kbe_add(acc[k], hs_kbe_mul(d, s->coef[2 * m + p], M));
        }
    }
}

hs_kbe hs_fri_deep_at(const hs_fri_kernels *kern, const hs_fri_deep *s, const hs_pcs_claim *claims,
                      const hs_kb *const *rows, hs_kb x) {
    hs_kbe acc[16], F = hs_kbe_zero();
    hs_kbe *A = s->nz <= 16 ? acc : malloc(s->nz * sizeof *A);
    if (!A) return hs_kbe_zero(); /* out of memory: a value that fails the check */
    deep_accumulate(kern, s, claims, rows, A);
    for (unsigned k = 0; k < s->nz; k++) {
        hs_kbe den = hs_kbe_add_base(hs_kbe_neg(s->z[k]), x);
        F = hs_kbe_add(F, hs_kbe_mul(s->d, hs_kbe_sub(A[k], s->cz[k]), hs_kbe_inv(s->d, den)));
    }
    if (A != acc) free(A);
    return F;
}

int hs_fri_deep_quotient(const hs_fri_kernels *kern, const hs_ntt_plan *plan, const hs_fri_deep *s,
                         const hs_pcs_claim *claims, const hs_kb *const *lde, unsigned log_h, unsigned log_blowup,
                         int direct, hs_kb *F, unsigned threads) {
    if (!kern) kern = hs_fri_kernels_best();
    const unsigned d = s->d, nz = s->nz;
    const unsigned log_n = log_h + log_blowup;
    const size_t h = (size_t)1 << log_h, n = (size_t)1 << log_n, cols = (size_t)nz * d;
    const int nt = nthreads(threads);
    hs_kb *A = hs_alloc_array(n, cols * sizeof(hs_kb));
    const hs_kb **rows = malloc(s->n_mats * sizeof *rows * (size_t)nt);
    hs_kbe *acc = malloc((size_t)nz * sizeof *acc * (size_t)nt);
    if (!A || !rows || !acc) {
        hs_free(A);
        free(rows);
        free(acc);
        return 0;
    }
    /* A_z on g*H (the first h rows, bit-reversed), or on all of g*K */
    const size_t nrows = direct ? n : h;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        const int me = omp_get_thread_num();
        const hs_kb **rw = rows + (size_t)me * s->n_mats;
        hs_kbe *ac = acc + (size_t)me * nz;
#pragma omp for schedule(static)
        for (long i = 0; i < (long)nrows; i++) {
            for (size_t m = 0; m < s->n_mats; m++) rw[m] = lde[m] + (size_t)i * claims[m].width;
            deep_accumulate(kern, s, claims, rw, ac);
            for (unsigned k = 0; k < nz; k++) memcpy(A + (size_t)i * cols + (size_t)k * d, ac[k].c, d * sizeof(hs_kb));
        }
    }
    free(rows);
    free(acc);
    const hs_kb g = hs_kb_from_u32(HS_KB_GENERATOR);
    if (!direct && !hs_ntt_coset_lde(plan, A, A, log_h, cols, log_blowup, g, 1, g, threads)) {
        hs_free(A);
        return 0;
    }
    hs_fri_brdom dom;
    hs_fri_brdom_init(&dom, log_n, g, hs_kb_two_adic_root(log_n));
    const size_t bs = (size_t)1 << dom.s;
    const long nblk = (long)(n >> dom.s);
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1 && nblk > 1)
    for (long b = 0; b < nblk; b++) {
        hs_kb x[1u << HS_FRI_BLK_LOG];
        hs_kbe den[1u << HS_FRI_BLK_LOG], inv[1u << HS_FRI_BLK_LOG], f[1u << HS_FRI_BLK_LOG];
        hs_fri_brdom_block(&dom, (size_t)b, x);
        const size_t i0 = (size_t)b * bs;
        for (size_t t = 0; t < bs; t++) f[t] = hs_kbe_zero();
        for (unsigned k = 0; k < nz; k++) {
            inv_x_minus_z(d, x, bs, s->z[k], den, inv);
            for (size_t t = 0; t < bs; t++) {
                hs_kbe a = hs_kbe_zero();
                memcpy(a.c, A + (i0 + t) * cols + (size_t)k * d, d * sizeof(hs_kb));
                f[t] = hs_kbe_add(f[t], hs_kbe_mul(d, hs_kbe_sub(a, s->cz[k]), inv[t]));
            }
        }
        for (size_t t = 0; t < bs; t++) memcpy(F + (i0 + t) * d, f[t].c, d * sizeof(hs_kb));
    }
    hs_free(A);
    return 1;
}
