#include "field/monty31.h"

const hs_mt_field hs_mt_koalabear = {"KoalaBear", 0x7f000001u, 0x81000001u, 0x17f7efe4u, 0x01fffffeu, 24, 7, 3};
const hs_mt_field hs_mt_babybear = {"BabyBear", 0x78000001u, 0x88000001u, 0x45dddde3u, 0x0ffffffeu, 27, 4, 31};

uint32_t hs_mt_exp(const hs_mt_field *f, uint32_t a, uint64_t e) {
    uint32_t r = f->one;
    while (e) {
        if (e & 1) r = hs_mt_mul(r, a, f->p, f->mu);
        a = hs_mt_mul(a, a, f->p, f->mu);
        e >>= 1;
    }
    return r;
}

uint32_t hs_mt_inv(const hs_mt_field *f, uint32_t a) { return hs_mt_exp(f, a, f->p - 2); }

uint32_t hs_mt_two_adic_root(const hs_mt_field *f, unsigned log_n) {
    if (log_n > f->two_adicity) return 0;
    /* g^((p-1)/2^s) has order exactly 2^s because g generates the whole group. */
    uint32_t g = hs_mt_mul(f->generator, f->r2, f->p, f->mu);
    uint32_t w = hs_mt_exp(f, g, (f->p - 1) >> f->two_adicity);
    for (unsigned i = log_n; i < f->two_adicity; i++) w = hs_mt_mul(w, w, f->p, f->mu);
    return w;
}

void hs_mt_batch_inv(const hs_mt_field *f, uint32_t *restrict out, const uint32_t *restrict in, size_t n) {
    if (n == 0) return;
    const uint32_t p = f->p, mu = f->mu;
    /* out[i] = product of the nonzero in[j], j < i; one inversion; then walk back. */
    uint32_t acc = f->one;
    for (size_t i = 0; i < n; i++) {
        out[i] = acc;
        if (in[i]) acc = hs_mt_mul(acc, in[i], p, mu);
    }
    uint32_t inv = hs_mt_inv(f, acc);
    for (size_t i = n; i-- > 0;) {
        uint32_t x = in[i];
        if (x) {
            uint32_t r = hs_mt_mul(inv, out[i], p, mu);
            inv = hs_mt_mul(inv, x, p, mu);
            out[i] = r;
        } else {
            out[i] = 0;
        }
    }
}
