/* The ragged walks' partial-lanes kernel (src/gkr/ragged_kern.h): the portable kernel against the
 * definition (M_I applied to its output gives u back), the AVX2 kernel against the portable one
 * on random rows and ranges, out of place and in place. */
#include <stdlib.h>
#include <string.h>

#include "field/kb_ext.h"
#include "gkr/ragged_kern.h"
#include "hash/poseidon2_monty31.h"
#include "testutil.h"
#include "util/cpu.h"

#define ROWS 200 /* rows: not a multiple of 8, so kernels see tails */
#define STRIDE (ROWS + 40) /* a padded destination stride (the ragged walk pads its lanes' columns) */

static void make_job(hs_rng *rng, hs_ragged_lanes_job *J, hs_kb *src, hs_kb *dst) {
    const hs_p2_params *pp = hs_p2_kb16();
    memset(J, 0, sizeof *J);
    J->kappa = HS_KB_ONE;
    for (unsigned j = 0; j < 16; j++) {
        J->iv[j] = hs_kb5_inv(hs_kb5_from_base(pp->diag[j])).c[0];
        J->kappa = hs_kb_add(J->kappa, J->iv[j]);
        J->rc[j] = hs_test_rand_kb(rng);
        J->src[j] = src + (size_t)j * ROWS;
    }
    J->kappa = hs_kb5_inv(hs_kb5_from_base(J->kappa)).c[0];
    for (size_t i = 0; i < 16 * ROWS; i++) src[i] = hs_test_rand_kb(rng);
    J->dst = dst;
    J->N = ROWS, J->stride = ROWS;
}

/* v = (v_0, dst row): M_I v = diag(V) v + sum(v) must be u = src - rc in every lane, with v_0
 * whatever makes lane 0 hold (the kernel does not write it). */
static void definition(hs_rng *rng) {
    const hs_p2_params *pp = hs_p2_kb16();
    hs_kb *src = malloc(16 * ROWS * sizeof *src), *dst = malloc(15 * STRIDE * sizeof *dst);
    hs_ragged_lanes_job J;
    make_job(rng, &J, src, dst);
    J.stride = STRIDE;
    hs_ragged_lanes_portable(&J, 0, ROWS);
    for (size_t x = 0; x < ROWS && !TOO_MANY_FAILURES(); x++) {
        hs_kb u[16], v[16];
        for (unsigned j = 0; j < 16; j++) u[j] = hs_kb_sub(src[j * ROWS + x], J.rc[j]);
        for (unsigned j = 1; j < 16; j++) v[j] = dst[(j - 1) * STRIDE + x];
        const hs_kb S = hs_kb_sub(u[1], hs_kb_mul(pp->diag[1], v[1])); /* sum(v) from lane 1 */
        v[0] = S;
        for (unsigned j = 1; j < 16; j++) v[0] = hs_kb_sub(v[0], v[j]);
        for (unsigned j = 0; j < 16; j++) CHECK(hs_kb_add(hs_kb_mul(pp->diag[j], v[j]), S) == u[j]);
    }
    free(src), free(dst);
}

static void twins(hs_rng *rng) {
    if (!hs_cpu_has_avx2()) {
        printf("test_ragged_kern: no AVX2, twin comparison skipped\n");
        return;
    }
    hs_kb *src = malloc(16 * ROWS * sizeof *src), *dst0 = malloc(15 * ROWS * sizeof *dst0), *dst1 = malloc(15 * ROWS * sizeof *dst1);
    hs_kb *ip0 = malloc(16 * ROWS * sizeof *ip0), *ip1 = malloc(16 * ROWS * sizeof *ip1);
    for (unsigned it = 0; it < 20 && !TOO_MANY_FAILURES(); it++) {
        hs_ragged_lanes_job J;
        make_job(rng, &J, src, dst0);
        const size_t lo = it ? hs_rng_below(rng, ROWS) : 0, hi = it ? lo + hs_rng_below(rng, ROWS - lo + 1) : ROWS;
        for (size_t i = 0; i < 15 * ROWS; i++) dst0[i] = dst1[i] = hs_test_rand_kb(rng);
        hs_ragged_lanes_portable(&J, lo, hi);
        J.dst = dst1;
        hs_ragged_lanes_avx2(&J, lo, hi);
        CHECK(!memcmp(dst0, dst1, 15 * ROWS * sizeof *dst0));
        /* in place: lanes 1..15 read from and written to the same columns */
        memcpy(ip0, src, 16 * ROWS * sizeof *src);
        memcpy(ip1, src, 16 * ROWS * sizeof *src);
        for (unsigned j = 0; j < 16; j++) J.src[j] = ip0 + (size_t)j * ROWS;
        J.dst = ip0 + ROWS;
        hs_ragged_lanes_portable(&J, lo, hi);
        for (unsigned j = 0; j < 16; j++) J.src[j] = ip1 + (size_t)j * ROWS;
        J.dst = ip1 + ROWS;
        hs_ragged_lanes_avx2(&J, lo, hi);
        CHECK(!memcmp(ip0, ip1, 16 * ROWS * sizeof *ip0));
        CHECK(!memcmp(ip0 + ROWS + lo, dst0 + lo, (hi - lo) * sizeof *dst0)); /* in place = out of place (lane 1) */
    }
    free(src), free(dst0), free(dst1), free(ip0), free(ip1);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_ragged_kern");
    definition(&rng);
    twins(&rng);
    return hs_test_done("test_ragged_kern");
}
