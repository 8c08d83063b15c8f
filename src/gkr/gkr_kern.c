/* Portable row kernels of the gkr layer sumcheck (gkr_kern.h). */
#include "gkr/gkr_kern.h"

#include "util/cpu.h"

static void round0(const hs_kb *const *cols, unsigned n_cube, size_t h, hs_mle_k5 eq, size_t lo, size_t hi,
                   hs_kb5 acc[][3]) {
    for (unsigned j = 0; j < n_cube; j++) {
        const hs_kb *c = cols[j];
        hs_kb5 a0 = acc[j][0], a1 = acc[j][1], a2 = acc[j][2];
        for (size_t x = lo; x < hi; x++) {
            const hs_kb5 e = hs_mle_k5_get(eq, x);
            hs_kb a = c[x], b = c[x + h], d = hs_kb_sub(b, a), v2 = hs_kb_add(b, d), v3 = hs_kb_add(v2, d);
            a0 = hs_kb5_add(a0, hs_kb5_mul_base(e, hs_kb_cube(a)));
            a1 = hs_kb5_add(a1, hs_kb5_mul_base(e, hs_kb_cube(v2)));
            a2 = hs_kb5_add(a2, hs_kb5_mul_base(e, hs_kb_cube(v3)));
        }
        acc[j][0] = a0, acc[j][1] = a1, acc[j][2] = a2;
    }
}

static void round1(const hs_kb *const *cols, unsigned n_cube, size_t q, hs_mle_k5 eq, size_t lo, size_t hi,
                   hs_kb5 acc[][3][4]) {
    for (unsigned j = 0; j < n_cube; j++) {
        const hs_kb *c = cols[j];
        for (size_t x = lo; x < hi; x++) {
            const hs_kb5 e = hs_mle_k5_get(eq, x);
            hs_kb a0 = c[x], a1 = c[x + q], a2 = c[x + 2 * q], a3 = c[x + 3 * q];
            hs_kb da = hs_kb_sub(a1, a0), db = hs_kb_sub(a3, a2), A = a0, B = a2;
            for (int t = 0; t < 3; t++) {
                if (t == 1) A = hs_kb_add(A, hs_kb_add(da, da)), B = hs_kb_add(B, hs_kb_add(db, db)); /* t = 2 */
                if (t == 2) A = hs_kb_add(A, da), B = hs_kb_add(B, db);                               /* t = 3 */
                hs_kb D = hs_kb_sub(B, A), A2 = hs_kb_square(A), D2 = hs_kb_square(D);
                acc[j][t][0] = hs_kb5_add(acc[j][t][0], hs_kb5_mul_base(e, hs_kb_mul(A2, A)));
                acc[j][t][1] = hs_kb5_add(acc[j][t][1], hs_kb5_mul_base(e, hs_kb_mul(A2, D)));
                acc[j][t][2] = hs_kb5_add(acc[j][t][2], hs_kb5_mul_base(e, hs_kb_mul(A, D2)));
                acc[j][t][3] = hs_kb5_add(acc[j][t][3], hs_kb5_mul_base(e, hs_kb_mul(D2, D)));
            }
        }
    }
}

static void fold01(const hs_kb *col, size_t q, const hs_kb5 *w, hs_mle_k5 out, size_t lo, size_t hi) {
    for (size_t x = lo; x < hi; x++) {
        hs_kb5 acc = hs_kb5_zero();
        for (int b = 0; b < 4; b++) acc = hs_kb5_add(acc, hs_kb5_mul_base(w[b], col[x + b * q]));
        hs_mle_k5_set(out, x, acc);
    }
}

static void lin(hs_mle_k5 l, size_t h, hs_mle_k5 eq, size_t lo, size_t hi, hs_kb5 *la, hs_kb5 *lb) {
    hs_kb5 A = *la, B = lb ? *lb : hs_kb5_zero();
    for (size_t x = lo; x < hi; x++) {
        const hs_kb5 e = hs_mle_k5_get(eq, x);
        A = hs_kb5_add(A, hs_kb5_mul(e, hs_mle_k5_get(l, x)));
        if (lb) B = hs_kb5_add(B, hs_kb5_mul(e, hs_mle_k5_get(l, x + h)));
    }
    *la = A;
    if (lb) *lb = B;
}

static void roundk(const hs_mle_k5 *fold, unsigned n_cube, size_t h, hs_mle_k5 eq, size_t lo, size_t hi,
                   hs_kb5 c[3]) {
    hs_kb5 c0 = c[0], c1 = c[1], c3 = c[2];
    for (size_t x = lo; x < hi; x++) {
        hs_kb5 s0 = hs_kb5_zero(), s1 = hs_kb5_zero(), s3 = hs_kb5_zero();
        for (unsigned j = 0; j < n_cube; j++) {
            hs_kb5 a = hs_mle_k5_get(fold[j], x), d = hs_kb5_sub(hs_mle_k5_get(fold[j], x + h), a);
            hs_kb5 a2 = hs_kb5_square(a), d2 = hs_kb5_square(d);
            s0 = hs_kb5_add(s0, hs_kb5_mul(a2, a));
            s1 = hs_kb5_add(s1, hs_kb5_mul(a2, d));
            s3 = hs_kb5_add(s3, hs_kb5_mul(d2, d));
        }
        const hs_kb5 e = hs_mle_k5_get(eq, x);
        c0 = hs_kb5_add(c0, hs_kb5_mul(e, s0));
        c1 = hs_kb5_add(c1, hs_kb5_mul(e, s1));
        c3 = hs_kb5_add(c3, hs_kb5_mul(e, s3));
    }
    c[0] = c0, c[1] = c1, c[2] = c3;
}

static void fold0(const hs_kb *col, size_t h, hs_kb5 s, hs_kb5 sr, hs_mle_k5 out, size_t lo, size_t hi) {
    for (size_t x = lo; x < hi; x++) {
        hs_kb a = col[x], b = col[x + h];
        hs_mle_k5_set(out, x, hs_kb5_add(hs_kb5_mul_base(s, a), hs_kb5_mul_base(sr, hs_kb_sub(b, a))));
    }
}

static void foldk(hs_mle_k5 f, size_t h, hs_kb5 r, size_t lo, size_t hi) {
    for (size_t x = lo; x < hi; x++) {
        hs_kb5 a = hs_mle_k5_get(f, x), b = hs_mle_k5_get(f, x + h);
        hs_mle_k5_set(f, x, hs_kb5_add(a, hs_kb5_mul(r, hs_kb5_sub(b, a))));
    }
}

static void lincol(const hs_kb *const *cols, unsigned k, const hs_kb5 *coef, hs_mle_k5 dst, size_t lo, size_t hi) {
    for (size_t x = lo; x < hi; x++) {
        hs_kb5 acc = hs_kb5_zero();
        for (unsigned j = 0; j < k; j++) acc = hs_kb5_add(acc, hs_kb5_mul_base(coef[j], cols[j][x]));
        hs_mle_k5_set(dst, x, acc);
    }
}

static void dot(const hs_kb *const *cols, unsigned k, hs_mle_k5 eq, size_t lo, size_t hi, hs_kb5 *out) {
    for (unsigned j = 0; j < k; j++) {
        hs_kb5 acc = out[j];
        for (size_t x = lo; x < hi; x++) acc = hs_kb5_add(acc, hs_kb5_mul_base(hs_mle_k5_get(eq, x), cols[j][x]));
        out[j] = acc;
    }
}

static void skip(const hs_kb *const *cols, unsigned n_cube, size_t M, hs_mle_k5 eq, size_t lo, size_t hi,
                 hs_kb5 acc[][HS_GKR_KERN_SKIP_PTS]) {
    enum { D = HS_GKR_KERN_SKIP_D };
    for (size_t y = lo; y < hi; y++) {
        const hs_kb5 e = hs_mle_k5_get(eq, y);
        for (unsigned j = 0; j < n_cube; j++) {
            hs_kb t[D], c[D];
            for (unsigned d = 0; d < D; d++) t[d] = cols[j][d * M + y];
            for (unsigned X = 0; X < D; X++) acc[j][X] = hs_kb5_add(acc[j][X], hs_kb5_mul_base(e, hs_kb_cube(t[X])));
            for (unsigned k = 0; k < D; k++) { /* c[k] = the k-th backward difference at node 7 */
                c[k] = t[D - 1];
                for (unsigned m = D - 1; m > k; m--) t[m] = hs_kb_sub(t[m], t[m - 1]);
            }
            for (unsigned X = D; X < HS_GKR_KERN_SKIP_PTS; X++) {
                for (unsigned i = D - 1; i-- > 0;) c[i] = hs_kb_add(c[i], c[i + 1]);
                acc[j][X] = hs_kb5_add(acc[j][X], hs_kb5_mul_base(e, hs_kb_cube(c[0])));
            }
        }
    }
}

static void skipf0(const hs_kb *col, size_t M, const hs_kb5 *w, hs_mle_k5 out, size_t lo, size_t hi) {
    for (size_t y = lo; y < hi; y++) {
        hs_kb5 a = hs_kb5_zero();
        for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++) a = hs_kb5_add(a, hs_kb5_mul_base(w[d], col[d * M + y]));
        hs_mle_k5_set(out, y, a);
    }
}

static void skipfk(hs_mle_k5 src, size_t M, const hs_kb5 *w, hs_mle_k5 dst, size_t lo, size_t hi) {
    for (size_t y = lo; y < hi; y++) {
        hs_kb5 a = hs_kb5_zero();
        for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++) a = hs_kb5_add(a, hs_kb5_mul(w[d], hs_mle_k5_get(src, d * M + y)));
        hs_mle_k5_set(dst, y, a);
    }
}

static void lupd(hs_mle_k5 L, size_t M, const hs_kb *P, const hs_kb *s, hs_kb5 mu, hs_kb5 na, hs_kb5 cst, hs_mle_k5 eq,
                 size_t lo, size_t hi, hs_kb5 lam[HS_GKR_KERN_SKIP_D]) {
    for (unsigned d = 0; d < HS_GKR_KERN_SKIP_D; d++)
        for (size_t y = lo; y < hi; y++) {
            const size_t x = d * M + y;
            hs_kb5 v = hs_mle_k5_get(L, x);
            if (P) {
                v = hs_kb5_add(hs_kb5_add(v, cst), hs_kb5_mul_base(mu, P[x]));
                if (s) v = hs_kb5_add(v, hs_kb5_mul_base(na, s[x]));
                hs_mle_k5_set(L, x, v);
            }
            if (eq.p[0]) lam[d] = hs_kb5_add(lam[d], hs_kb5_mul(hs_mle_k5_get(eq, y), v));
        }
}

const hs_gkr_kernels hs_gkr_kernels_portable = {round0, round1, fold01, lin, roundk, fold0, foldk, lincol, dot, skip, skipf0, skipfk, lupd};

#ifndef HS_HAVE_AVX2
const hs_gkr_kernels hs_gkr_kernels_avx2 = {round0, round1, fold01, lin, roundk, fold0, foldk, lincol, dot, skip, skipf0, skipfk, lupd};
#endif

const hs_gkr_kernels *hs_gkr_kernels_best(void) {
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) return &hs_gkr_kernels_avx512;
#endif
    return hs_cpu_has_avx2() ? &hs_gkr_kernels_avx2 : &hs_gkr_kernels_portable;
}
