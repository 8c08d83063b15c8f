#include "field/kbe.h"

#include <stdlib.h>

hs_kbe hs_kbe_inv(unsigned d, hs_kbe a) {
    hs_kbe r = hs_kbe_zero();
    if (d == 4) {
        hs_kb4 x;
        memcpy(x.c, a.c, sizeof x.c);
        x = hs_kb4_inv(x);
        memcpy(r.c, x.c, sizeof x.c);
    } else if (d == 5) {
        hs_kb5 x;
        memcpy(x.c, a.c, sizeof x.c);
        x = hs_kb5_inv(x);
        memcpy(r.c, x.c, sizeof x.c);
    } else {
        hs_kb8 x;
        memcpy(x.c, a.c, sizeof x.c);
        x = hs_kb8_inv(x);
        memcpy(r.c, x.c, sizeof x.c);
    }
    return r;
}

hs_kbe hs_kbe_exp(unsigned d, hs_kbe a, uint64_t e) {
    hs_kbe r = hs_kbe_one();
    while (e) {
        if (e & 1) r = hs_kbe_mul(d, r, a);
        a = hs_kbe_square(d, a);
        e >>= 1;
    }
    return r;
}

void hs_kbe_batch_inv(unsigned d, hs_kbe *restrict out, const hs_kbe *restrict in, size_t n) {
    if (n == 0) return;
    hs_kbe acc = hs_kbe_one();
    for (size_t i = 0; i < n; i++) {
        out[i] = acc;
        if (!hs_kbe_is_zero(in[i])) acc = hs_kbe_mul(d, acc, in[i]);
    }
    hs_kbe inv = hs_kbe_inv(d, acc);
    for (size_t i = n; i-- > 0;) {
        if (hs_kbe_is_zero(in[i])) {
            out[i] = hs_kbe_zero();
            continue;
        }
        hs_kbe r = hs_kbe_mul(d, inv, out[i]);
        inv = hs_kbe_mul(d, inv, in[i]);
        out[i] = r;
    }
}

int hs_kbe_from_u32s(unsigned d, hs_kbe *out, const uint32_t *c) {
    *out = hs_kbe_zero();
    for (unsigned i = 0; i < d; i++) {
        if (c[i] >= HS_KB_P) return 0;
        out->c[i] = hs_kb_from_u32(c[i]);
    }
    return 1;
}

void hs_kbe_to_u32s(unsigned d, uint32_t *out, hs_kbe a) {
    for (unsigned i = 0; i < d; i++) out[i] = hs_kb_to_u32(a.c[i]);
}

int hs_kbe_lagrange_at(unsigned d, hs_kbe z, unsigned log_n, hs_kbe *out) {
    const size_t n = (size_t)1 << log_n;
    hs_kbe *den = malloc(n * sizeof *den);
    if (!den) return 0;
    const hs_kb w = hs_kb_two_adic_root(log_n);
    hs_kb x = HS_KB_ONE;
    for (size_t i = 0; i < n; i++, x = hs_kb_mul(x, w)) den[i] = hs_kbe_sub(z, hs_kbe_from_base(x));
    hs_kbe_batch_inv(d, out, den, n);
    const hs_kbe zh = hs_kbe_mul_base(hs_kbe_sub(hs_kbe_exp(d, z, n), hs_kbe_one()), hs_kb_inv(hs_kb_from_u64(n)));
    x = HS_KB_ONE;
    for (size_t i = 0; i < n; i++, x = hs_kb_mul(x, w)) out[i] = hs_kbe_mul(d, zh, hs_kbe_mul_base(out[i], x));
    free(den);
    return 1;
}
