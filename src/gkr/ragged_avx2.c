/* AVX2 kernel of the ragged walks' partial lanes (ragged_kern.h): 8 rows a vector, one vector per
 * lane, so every load and store is 8 consecutive rows of one column. */
#include <immintrin.h>

#include "field/kb_avx2.h"
#include "gkr/ragged_kern.h"

void hs_ragged_lanes_avx2(const hs_ragged_lanes_job *J, size_t lo, size_t hi) {
    hs_kb8x rc[16], iv[16];
    for (unsigned j = 0; j < 16; j++) rc[j] = hs_kb8x_set1(J->rc[j]), iv[j] = hs_kb8x_set1(J->iv[j]);
    const hs_kb8x kappa = hs_kb8x_set1(J->kappa);
    size_t x = lo;
    for (; x + 8 <= hi; x += 8) {
        hs_kb8x t[16], sum;
        /* every load before the first store: dst may be src[1..15] */
        for (unsigned j = 0; j < 16; j++) t[j] = hs_kb8x_mul(hs_kb8x_sub(hs_kb8x_load(J->src[j] + x), rc[j]), iv[j]);
        sum = t[0];
        for (unsigned j = 1; j < 16; j++) sum = hs_kb8x_add(sum, t[j]);
        const hs_kb8x cf = hs_kb8x_mul(sum, kappa);
        for (unsigned j = 1; j < 16; j++) hs_kb8x_store(J->dst + (j - 1) * J->stride + x, hs_kb8x_sub(t[j], hs_kb8x_mul(cf, iv[j])));
    }
    if (x < hi) hs_ragged_lanes_portable(J, x, hi);
}
