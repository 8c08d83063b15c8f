#include "field/kb.h"

hs_kb hs_kb_exp(hs_kb a, uint64_t e) {
    hs_kb r = HS_KB_ONE;
    while (e) {
        if (e & 1) r = hs_kb_mul(r, a);
        a = hs_kb_square(a);
        e >>= 1;
    }
    return r;
}

hs_kb hs_kb_inv(hs_kb a) { return hs_kb_exp(a, HS_KB_P - 2); }

hs_kb hs_kb_two_adic_root(unsigned log_n) {
    if (log_n > HS_KB_TWO_ADICITY) return 0;
    /* g^((p-1)/2^24) has order exactly 2^24 because g generates the whole group. */
    hs_kb w = hs_kb_exp(hs_kb_from_u32(HS_KB_GENERATOR), (HS_KB_P - 1) >> HS_KB_TWO_ADICITY);
    for (unsigned i = log_n; i < HS_KB_TWO_ADICITY; i++) w = hs_kb_square(w);
    return w;
}

void hs_kb_batch_inv(hs_kb *restrict out, const hs_kb *restrict in, size_t n) {
    if (n == 0) return;
    /* Prefix products in out (skipping zeros), one inversion, then walk back. */
    hs_kb acc = HS_KB_ONE;
    for (size_t i = 0; i < n; i++) {
        hs_kb x = in[i];
        out[i] = acc; /* product of all earlier nonzero inputs */
        if (x) acc = hs_kb_mul(acc, x);
    }
    hs_kb inv = hs_kb_inv(acc);
    for (size_t i = n; i-- > 0;) {
        hs_kb x = in[i];
        if (x) {
            hs_kb r = hs_kb_mul(inv, out[i]);
            inv = hs_kb_mul(inv, x);
            out[i] = r;
        } else {
            out[i] = 0;
        }
    }
}
