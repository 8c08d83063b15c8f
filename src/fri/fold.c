/* FRI folding (fri_internal.h): one coset at a time as log_arity binary folds, shared by the
 * prover (whole layers, OpenMP over cosets) and the verifier (one coset per query and layer). */
#include <pthread.h>
#include <string.h>

#include "fri/fri_internal.h"

/* fac[k][u] = w_{2^k}^-bitrev_{k-1}(u): with xinv = 1/x it gives 1/y for the pair (y, -y) at
 * positions (2u, 2u+1) of a coset of 2^k values. */
static hs_kb fac[5][8];
static pthread_once_t fac_once = PTHREAD_ONCE_INIT;

static void fac_init(void) {
    for (unsigned k = 1; k <= 4; k++) {
        hs_kb wi = hs_kb_inv(hs_kb_two_adic_root(k));
        for (size_t u = 0; u < ((size_t)1 << (k - 1)); u++) fac[k][u] = hs_kb_exp(wi, hs_fri_bitrev(u, k - 1));
    }
}

hs_kbe hs_fri_fold_coset(unsigned d, const hs_kb *v, unsigned log_arity, hs_kb xinv, hs_kbe beta) {
    pthread_once(&fac_once, fac_init);
    hs_kbe t[16];
    const size_t n = (size_t)1 << log_arity;
    for (size_t i = 0; i < n; i++) {
        t[i] = hs_kbe_zero();
        memcpy(t[i].c, v + i * d, d * sizeof(hs_kb));
    }
    for (unsigned k = log_arity; k >= 1; k--) {
        /* pairs (y, -y): (f(y) + f(-y))/2 + beta (f(y) - f(-y)) / (2y) */
        for (size_t u = 0; u < ((size_t)1 << (k - 1)); u++) {
            hs_kbe lo = t[2 * u], hi = t[2 * u + 1];
            hs_kb yinv = hs_kb_mul(xinv, fac[k][u]);
            hs_kbe r = hs_kbe_add(hs_kbe_add(lo, hi), hs_kbe_mul(d, beta, hs_kbe_mul_base(hs_kbe_sub(lo, hi), yinv)));
            for (unsigned j = 0; j < d; j++) r.c[j] = hs_kb_halve(r.c[j]);
            t[u] = r;
        }
        xinv = hs_kb_square(xinv);
        beta = hs_kbe_square(d, beta);
    }
    return t[0];
}

void hs_fri_fold_layer(unsigned d, const hs_kb *in, hs_kb *out, unsigned log_n, unsigned log_arity, hs_kb shift,
                       hs_kbe beta, unsigned threads) {
    const unsigned m = log_n - log_arity;
    hs_fri_brdom dom; /* 1/x_j = shift^-1 * w_n^-bitrev_m(j) */
    hs_fri_brdom_init(&dom, m, hs_kb_inv(shift), hs_kb_inv(hs_kb_two_adic_root(log_n)));
    const size_t bs = (size_t)1 << dom.s;
    const long nblk = (long)((size_t)1 << (m - dom.s));
    const int nt = threads > 1 ? (int)threads : 1;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1 && nblk > 1)
    for (long b = 0; b < nblk; b++) {
        hs_kb xi[1u << HS_FRI_BLK_LOG];
        hs_fri_brdom_block(&dom, (size_t)b, xi);
        for (size_t t = 0; t < bs; t++) {
            size_t j = (size_t)b * bs + t;
            hs_kbe r = hs_fri_fold_coset(d, in + (j << log_arity) * d, log_arity, xi[t], beta);
            memcpy(out + j * d, r.c, d * sizeof(hs_kb));
        }
    }
}
