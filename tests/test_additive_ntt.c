/* The additive NTT (poly/additive_ntt.h): the Gao-Mateer basis (beta_0 = 1, linearly independent,
 * W_i(beta_{i+r}) = beta_r); the forward transform against the polynomial evaluated directly at
 * every point of the subspace, with the novel basis built from its definition (W_i = the product of
 * (x + u) over u in span(beta_0..beta_{i-1}), divided by its value at beta_i), for 2^1..2^7 points;
 * inverse after forward is the identity; every kernel (portable, PCLMULQDQ, VPCLMULQDQ 2 and 4
 * lanes) and thread count gives the same bits, on several columns at once. */
#include <stdlib.h>
#include <string.h>

#include "field/gf2_128.h"
#include "poly/additive_ntt.h"
#include "testutil.h"

static hs_gf128 rnd(hs_rng *r) { return (hs_gf128){hs_rng_u64(r), hs_rng_u64(r)}; }

/* W_i(x) from the definition, normalized by W_i(beta_i) */
static hs_gf128 w_def(unsigned i, hs_gf128 x) {
    hs_gf128 num = hs_gf128_one(), den = hs_gf128_one(), bi = hs_antt_beta(i);
    for (uint64_t k = 0; k < (1ull << i); k++) {
        hs_gf128 u = hs_antt_point(k);
        num = hs_gf128_mul(num, hs_gf128_add(x, u));
        den = hs_gf128_mul(den, hs_gf128_add(bi, u));
    }
    return hs_gf128_mul(num, hs_gf128_inv(den));
}

static void basis(void) {
    CHECK(hs_gf128_eq(hs_antt_beta(0), hs_gf128_one()));
    CHECK(hs_gf128_eq(hs_antt_beta(127), ((hs_gf128){0, 1ull << 57})));
    /* rank 128: Gaussian elimination over GF(2) */
    hs_gf128 m[128];
    for (unsigned i = 0; i < 128; i++) m[i] = hs_antt_beta(i);
    unsigned rank = 0;
    for (unsigned bit = 0; bit < 128 && rank < 128; bit++) {
        unsigned piv = rank;
        while (piv < 128 && !((bit < 64 ? m[piv].lo >> bit : m[piv].hi >> (bit - 64)) & 1)) piv++;
        if (piv == 128) continue;
        hs_gf128 t = m[piv];
        m[piv] = m[rank], m[rank] = t;
        for (unsigned r = 0; r < 128; r++)
            if (r != rank && ((bit < 64 ? m[r].lo >> bit : m[r].hi >> (bit - 64)) & 1)) m[r] = hs_gf128_add(m[r], t);
        rank++;
    }
    CHECK_EQ_U64(rank, 128);
    /* W_i(beta_{i+r}) = beta_r, and W_i = (x^2 + x) composed i times, for small i */
    for (unsigned i = 0; i < 6; i++)
        for (unsigned r = 0; r < 4; r++) {
            hs_gf128 x = hs_antt_beta(i + r), q = x;
            for (unsigned k = 0; k < i; k++) q = hs_gf128_add(hs_gf128_square(q), q);
            CHECK(hs_gf128_eq(w_def(i, x), hs_antt_beta(r)));
            CHECK(hs_gf128_eq(q, hs_antt_beta(r)));
        }
}

/* sum c[j * stride] X_j(point k), j < 2^l */
static hs_gf128 direct_at(const hs_gf128 *c, size_t stride, unsigned l, uint64_t k) {
    hs_gf128 x = hs_antt_point(k), w[HS_ANTT_MAX_LOG], s = hs_gf128_zero();
    for (unsigned i = 0; i < l; i++) w[i] = w_def(i, x);
    for (uint64_t j = 0; j < (1ull << l); j++) {
        hs_gf128 xj = hs_gf128_one();
        for (unsigned i = 0; i < l; i++)
            if (j >> i & 1) xj = hs_gf128_mul(xj, w[i]);
        s = hs_gf128_add(s, hs_gf128_mul(c[j * stride], xj));
    }
    return s;
}

/* sum c_j X_j(point k) for every k < 2^l */
static void direct(const hs_gf128 *c, unsigned l, hs_gf128 *out) {
    for (uint64_t k = 0; k < (1ull << l); k++) out[k] = direct_at(c, 1, l, k);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_additive_ntt");
    basis();
    const hs_gf128_kernels *portable = hs_gf128_kernels_get(HS_GF128_PORTABLE);
    /* against direct evaluation, small sizes, one column and three */
    for (unsigned l = 1; l <= 7; l++) {
        size_t n = (size_t)1 << l;
        const size_t cols = 3;
        hs_gf128 *c = malloc(n * cols * sizeof *c), *col = malloc(n * sizeof *c), *want = malloc(n * sizeof *c);
        hs_gf128 *d = malloc(n * cols * sizeof *c);
        if (!c || !col || !want || !d) return 1;
        for (size_t i = 0; i < n * cols; i++) c[i] = rnd(&rng);
        for (int impl = 0; impl < HS_GF128_IMPL_COUNT; impl++) {
            const hs_gf128_kernels *k = hs_gf128_kernels_get((hs_gf128_impl)impl);
            if (!k) continue;
            memcpy(d, c, n * cols * sizeof *c);
            hs_antt_forward_with(k, d, l, cols, 1 + (unsigned)impl % 2);
            for (size_t cc = 0; cc < cols && (impl == 0 || cc == 0); cc++) {
                for (size_t i = 0; i < n; i++) col[i] = c[i * cols + cc];
                direct(col, l, want);
                for (size_t i = 0; i < n; i++) CHECK(hs_gf128_eq(d[i * cols + cc], want[i]));
            }
            hs_antt_inverse_with(k, d, l, cols, 2);
            CHECK(!memcmp(d, c, n * cols * sizeof *c));
        }
        free(c), free(col), free(want), free(d);
    }
    /* larger: every kernel and thread count the same as portable, 1 thread; inverse undoes it */
    const unsigned ls[] = {13, 14}; /* with 5 columns: 2 and 3 layers above the cached chunks */
    const size_t colss[] = {1, 5};
    for (size_t li = 0; li < 2; li++)
        for (size_t ci = 0; ci < 2; ci++) {
            unsigned l = ls[li];
            size_t cols = colss[ci], n = ((size_t)1 << l) * cols;
            hs_gf128 *c = malloc(n * sizeof *c), *ref = malloc(n * sizeof *c), *d = malloc(n * sizeof *c);
            if (!c || !ref || !d) return 1;
            for (size_t i = 0; i < n; i++) c[i] = rnd(&rng);
            memcpy(ref, c, n * sizeof *c);
            hs_antt_forward_with(portable, ref, l, cols, 1);
            /* a few values by direct evaluation (these sizes have the fused top layers) */
            for (int r = 0; r < 3; r++) {
                uint64_t k = hs_rng_u64(&rng) >> (64 - l);
                size_t cc = (size_t)r % cols;
                CHECK(hs_gf128_eq(ref[k * cols + cc], direct_at(c + cc, cols, l, k)));
            }
            for (int impl = 0; impl < HS_GF128_IMPL_COUNT; impl++) {
                const hs_gf128_kernels *k = hs_gf128_kernels_get((hs_gf128_impl)impl);
                if (!k) continue;
                for (unsigned t = 1; t <= 3; t += 2) {
                    memcpy(d, c, n * sizeof *c);
                    hs_antt_forward_with(k, d, l, cols, t);
                    CHECK(!memcmp(d, ref, n * sizeof *c));
                    hs_antt_inverse_with(k, d, l, cols, t);
                    CHECK(!memcmp(d, c, n * sizeof *c));
                }
            }
            memcpy(d, c, n * sizeof *c);
            hs_antt_forward(d, l, cols, 2);
            CHECK(!memcmp(d, ref, n * sizeof *c));
            free(c), free(ref), free(d);
        }
    return hs_test_done("test_additive_ntt");
}
