/* GF(2^128) and GF(2^256) (gf2_128.h): the bitwise reference, powers, inversion, the trace, linear
 * maps by tables, the portable batch kernels and the run-time dispatch to the carry-less ones
 * (gf2_128_clmul.c, gf2_128_vpclmul256.c, gf2_128_vpclmul512.c over gf2_128_kern.inc). */
#include "field/gf2_128.h"

#include <string.h>

#include "field/gf2_128_kern.h"
#include "util/cpu.h"

hs_gf128 hs_gf128_mul_bitwise(hs_gf128 a, hs_gf128 b) {
    hs_gf128 r = {0, 0};
    for (int i = 0; i < 128; i++) {
        uint64_t bit = i < 64 ? b.lo >> i : b.hi >> (i - 64);
        if (bit & 1) r = hs_gf128_add(r, a);
        /* a *= X: shift, and X^128 = X^7 + X^2 + X + 1 where a bit falls off the top */
        uint64_t top = a.hi >> 63;
        a.hi = a.hi << 1 | a.lo >> 63;
        a.lo = a.lo << 1 ^ (top ? 0x87 : 0);
    }
    return r;
}

hs_gf128 hs_gf128_pow(hs_gf128 a, uint64_t e_lo, uint64_t e_hi) {
    hs_gf128 r = hs_gf128_one();
    for (int i = 127; i >= 0; i--) {
        r = hs_gf128_square(r);
        if (((i < 64 ? e_lo >> i : e_hi >> (i - 64)) & 1)) r = hs_gf128_mul(r, a);
    }
    return r;
}

/* a^(2^k) */
static hs_gf128 square_times(hs_gf128 a, unsigned k) {
    while (k--) a = hs_gf128_square(a);
    return a;
}

hs_gf128 hs_gf128_inv(hs_gf128 a) {
    /* e(n) = a^(2^n - 1); e(m + n) = e(m)^(2^n) * e(n); the chain 1 2 3 6 7 14 15 30 31 62 63 126 127 */
    hs_gf128 e1 = a, e = a;
    unsigned n = 1;
    static const unsigned steps[] = {1, 1, 3, 1, 7, 1, 15, 1, 31, 1, 63, 1};
    for (size_t s = 0; s < sizeof steps / sizeof *steps; s++) {
        if (steps[s] == 1) e = hs_gf128_mul(square_times(e, 1), e1); /* e(n + 1) */
        else e = hs_gf128_mul(square_times(e, n), e);                 /* e(2n) */
        n += steps[s];
    }
    return hs_gf128_square(e); /* n = 127: a^(2^128 - 2) */
}

void hs_gf128_batch_inv(hs_gf128 *restrict out, const hs_gf128 *restrict in, size_t n) {
    hs_gf128 acc = hs_gf128_one();
    for (size_t i = 0; i < n; i++) { /* out[i] = the product of the nonzero in[0..i] */
        if (!hs_gf128_is_zero(in[i])) acc = hs_gf128_mul(acc, in[i]);
        out[i] = acc;
    }
    hs_gf128 inv = hs_gf128_inv(acc); /* the inverse of the product of every nonzero in[j] */
    for (size_t i = n; i-- > 0;) {
        if (hs_gf128_is_zero(in[i])) {
            out[i] = in[i];
            continue;
        }
        hs_gf128 before = i ? out[i - 1] : hs_gf128_one();
        out[i] = hs_gf128_mul(inv, before);
        inv = hs_gf128_mul(inv, in[i]);
    }
}

hs_gf128 hs_gf128_trace(hs_gf128 a) {
    hs_gf128 t = a;
    for (int i = 1; i < 128; i++) {
        a = hs_gf128_square(a);
        t = hs_gf128_add(t, a);
    }
    return t;
}

void hs_gf128_linmap_init(hs_gf128_linmap *m, const hs_gf128 img[128]) {
    for (int j = 0; j < 16; j++) {
        m->t[j][0] = hs_gf128_zero();
        for (unsigned v = 1; v < 256; v++) {
            unsigned low = (unsigned)__builtin_ctz(v);
            m->t[j][v] = hs_gf128_add(m->t[j][v & (v - 1)], img[8 * j + (int)low]);
        }
    }
}

void hs_gf128_linmap_frobenius(hs_gf128_linmap *m, unsigned k) {
    hs_gf128 img[128];
    for (int i = 0; i < 128; i++) {
        hs_gf128 x = i < 64 ? (hs_gf128){1ull << i, 0} : (hs_gf128){0, 1ull << (i - 64)};
        img[i] = square_times(x, k % 128);
    }
    hs_gf128_linmap_init(m, img);
}

hs_gf256 hs_gf256_inv(hs_gf256 a) {
    /* conj(a) = (a0 + a1) + a1 Y; a conj(a) = a0 (a0 + a1) + c a1^2 lies in GF(2^128) */
    hs_gf128 s = hs_gf128_add(a.c[0], a.c[1]);
    hs_gf128_wide nw = hs_gf128_mul_wide(a.c[0], s);
    hs_gf128_wide_acc(&nw, hs_gf128_mul_wide(HS_GF256_C, hs_gf128_square(a.c[1])));
    hs_gf128 ninv = hs_gf128_inv(hs_gf128_reduce(nw));
    return (hs_gf256){{hs_gf128_mul(s, ninv), hs_gf128_mul(a.c[1], ninv)}};
}

/* ---- the portable kernels ---- */

static void mul_portable(hs_gf128 *out, const hs_gf128 *a, const hs_gf128 *b, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = hs_gf128_mul(a[i], b[i]);
}

static hs_gf128 inner_portable(const hs_gf128 *a, const hs_gf128 *b, size_t n) {
    hs_gf128_wide acc = {{0, 0, 0, 0}};
    for (size_t i = 0; i < n; i++) hs_gf128_wide_acc(&acc, hs_gf128_mul_wide(a[i], b[i]));
    return hs_gf128_reduce(acc);
}

static void scale_add_portable(hs_gf128 *y, hs_gf128 s, const hs_gf128 *x, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = hs_gf128_add(y[i], hs_gf128_mul(s, x[i]));
}

static void mul256_portable(hs_gf256 *out, const hs_gf256 *a, const hs_gf256 *b, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = hs_gf256_mul(a[i], b[i]);
}

static void butterfly_fwd_portable(hs_gf128 *u, hs_gf128 *v, hs_gf128 t, size_t n) {
    for (size_t i = 0; i < n; i++) {
        u[i] = hs_gf128_add(u[i], hs_gf128_mul(t, v[i]));
        v[i] = hs_gf128_add(v[i], u[i]);
    }
}

static void butterfly_inv_portable(hs_gf128 *u, hs_gf128 *v, hs_gf128 t, size_t n) {
    for (size_t i = 0; i < n; i++) {
        v[i] = hs_gf128_add(v[i], u[i]);
        u[i] = hs_gf128_add(u[i], hs_gf128_mul(t, v[i]));
    }
}

static void ntt_blocks_portable(hs_gf128 *u0, size_t half, size_t stride, size_t len, size_t nb, hs_gf128 t,
                                const hs_gf128 *dsum, size_t b0, int inverse) {
    for (size_t j = 0; j < nb; j++) {
        if (j) t = hs_gf128_add(t, dsum[__builtin_ctzll(b0 + j)]);
        (inverse ? butterfly_inv_portable : butterfly_fwd_portable)(u0 + j * stride, u0 + j * stride + half, t, len);
    }
}

static void ntt_fly2_portable(hs_gf128 *q0, size_t q, size_t len, hs_gf128 t1, hs_gf128 t2, hs_gf128 t3, int inverse) {
    hs_gf128 *q1 = q0 + q, *q2 = q1 + q, *q3 = q2 + q;
    if (inverse) butterfly_inv_portable(q0, q1, t2, len), butterfly_inv_portable(q2, q3, t3, len);
    (inverse ? butterfly_inv_portable : butterfly_fwd_portable)(q0, q2, t1, len);
    (inverse ? butterfly_inv_portable : butterfly_fwd_portable)(q1, q3, t1, len);
    if (!inverse) butterfly_fwd_portable(q0, q1, t2, len), butterfly_fwd_portable(q2, q3, t3, len);
}

static const hs_gf128_kernels kernels_portable = {"portable",         1, mul_portable, inner_portable, scale_add_portable,
                                                  mul256_portable,    butterfly_fwd_portable, butterfly_inv_portable,
                                                  ntt_blocks_portable, ntt_fly2_portable};

const hs_gf128_kernels *hs_gf128_kernels_get(hs_gf128_impl impl) {
    switch (impl) {
    case HS_GF128_PORTABLE: return &kernels_portable;
#ifdef HS_HAVE_PCLMUL
    case HS_GF128_CLMUL: return hs_cpu_has(HS_CPU_PCLMUL) ? &hs_gf128_kernels_clmul : NULL;
#endif
#ifdef HS_HAVE_VPCLMUL
    case HS_GF128_VPCLMUL2:
        return hs_cpu_has(HS_CPU_PCLMUL | HS_CPU_VPCLMUL | HS_CPU_AVX2) ? &hs_gf128_kernels_vpclmul2 : NULL;
#endif
#ifdef HS_HAVE_VPCLMUL512
    case HS_GF128_VPCLMUL4:
        return hs_cpu_has(HS_CPU_PCLMUL | HS_CPU_VPCLMUL | HS_CPU_AVX512_ALL) ? &hs_gf128_kernels_vpclmul4 : NULL;
#endif
    default: return NULL;
    }
}

const hs_gf128_kernels *hs_gf128_kernels_best(void) {
    const hs_gf128_kernels *best = &kernels_portable;
    for (int i = 1; i < HS_GF128_IMPL_COUNT; i++) {
        const hs_gf128_kernels *k = hs_gf128_kernels_get((hs_gf128_impl)i);
        if (k) best = k;
    }
    return best;
}

void hs_gf128_mul_many(hs_gf128 *out, const hs_gf128 *a, const hs_gf128 *b, size_t n) {
    hs_gf128_kernels_best()->mul(out, a, b, n);
}
hs_gf128 hs_gf128_inner(const hs_gf128 *a, const hs_gf128 *b, size_t n) { return hs_gf128_kernels_best()->inner(a, b, n); }
void hs_gf128_scale_add(hs_gf128 *y, hs_gf128 s, const hs_gf128 *x, size_t n) {
    hs_gf128_kernels_best()->scale_add(y, s, x, n);
}
void hs_gf256_mul_many(hs_gf256 *out, const hs_gf256 *a, const hs_gf256 *b, size_t n) {
    hs_gf128_kernels_best()->mul256(out, a, b, n);
}
