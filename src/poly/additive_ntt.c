/* The additive NTT (additive_ntt.h). */
#include "poly/additive_ntt.h"

#include <pthread.h>

static hs_gf128 beta[128];
/* dsum[c] = beta_1 + ... + beta_{c+1}: twiddle(b) + twiddle(b - 1) for b with c trailing zeros */
static hs_gf128 dsum[127];
/* dsum2[c] = beta_2 + ... + beta_{c+2}: the same for twiddle(2b), the even block below */
static hs_gf128 dsum2[126];
static pthread_once_t beta_once = PTHREAD_ONCE_INIT;

static void beta_init(void) {
    beta[127] = (hs_gf128){0, 1ull << 57}; /* X^121 */
    for (int i = 126; i >= 0; i--) beta[i] = hs_gf128_add(hs_gf128_square(beta[i + 1]), beta[i + 1]);
    hs_gf128 s = hs_gf128_zero();
    for (int c = 0; c < 127; c++) dsum[c] = s = hs_gf128_add(s, beta[c + 1]);
    s = hs_gf128_zero();
    for (int c = 0; c < 126; c++) dsum2[c] = s = hs_gf128_add(s, beta[c + 2]);
}

hs_gf128 hs_antt_beta(unsigned i) {
    pthread_once(&beta_once, beta_init);
    return beta[i & 127];
}

/* sum of b[i] over the bits i of k */
static hs_gf128 span_point(const hs_gf128 *b, uint64_t k) {
    hs_gf128 r = hs_gf128_zero();
    for (unsigned i = 0; k; i++, k >>= 1)
        if (k & 1) r = hs_gf128_add(r, b[i]);
    return r;
}

hs_gf128 hs_antt_point(uint64_t k) {
    pthread_once(&beta_once, beta_init);
    return span_point(beta, k);
}

/* One layer: the blocks of 2 * run elements (run = 2^d cols), the twiddle of block b being
 * sum beta_{i+1} over the bits of b. Tasks are groups of consecutive blocks (the twiddle then
 * updated by one addition a block), or, when there are fewer blocks than threads, pieces of a block. */
static void layer(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, unsigned d, size_t cols, unsigned threads,
                  int inverse) {
    const size_t blocks = (size_t)1 << (log_n - 1 - d), run = ((size_t)1 << d) * cols;
    size_t group = 1, pieces = 1;
    if (blocks >= threads) {
        while (blocks / group > 64 * (size_t)threads) group *= 2; /* both powers of two */
    } else {
        pieces = (threads + blocks - 1) / blocks;
    }
    const size_t piece = ((run + pieces - 1) / pieces + 3) & ~(size_t)3, tasks = blocks / group * pieces;
    const int par = threads > 1 && blocks * run >= 4096;
#pragma omp parallel for num_threads(threads) schedule(static) if (par)
    for (size_t task = 0; task < tasks; task++) {
        const size_t b0 = task / pieces * group, lo = task % pieces * piece;
        if (lo >= run) continue;
        k->ntt_blocks(data + b0 * 2 * run + lo, run, 2 * run, run - lo < piece ? run - lo : piece, group,
                      span_point(beta + 1, b0), dsum, b0, inverse);
    }
}

/* Layers d and d - 1 in one pass (the top layers, which stream the whole table): block b of layer d
 * has quarters of 2^(d-1) cols elements, its own twiddle t(b) and those of blocks 2b and 2b + 1 of
 * layer d - 1. */
static void layer2(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, unsigned d, size_t cols, unsigned threads,
                   int inverse) {
    const size_t blocks = (size_t)1 << (log_n - 1 - d), q = ((size_t)1 << (d - 1)) * cols;
    const size_t pieces = blocks >= threads ? 1 : (threads + blocks - 1) / blocks;
    const size_t piece = ((q + pieces - 1) / pieces + 3) & ~(size_t)3, tasks = blocks * pieces;
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
    for (size_t task = 0; task < tasks; task++) {
        const size_t b = task / pieces, lo = task % pieces * piece;
        if (lo >= q) continue;
        hs_gf128 t2 = span_point(beta + 1, 2 * b);
        k->ntt_fly2(data + b * 4 * q + lo, q, q - lo < piece ? q - lo : piece, span_point(beta + 1, b), t2,
                    hs_gf128_add(t2, beta[1]), inverse);
    }
}

/* Layers below `c` touch 2^c rows at a time: each chunk of 2^c rows (at most 256 KiB) goes through
 * all of them while it is in cache, chunks spread over the threads. */
/* Layers d and d - 1 of the nb blocks (of layer d) from b0 on, at base: one pass each. */
static void pair_blocks(const hs_gf128_kernels *k, hs_gf128 *base, unsigned d, size_t cols, size_t nb, size_t b0,
                        int inverse) {
    const size_t q = ((size_t)1 << (d - 1)) * cols;
    hs_gf128 t1 = span_point(beta + 1, b0), t2 = span_point(beta + 2, b0);
    for (size_t j = 0; j < nb; j++) {
        if (j) {
            t1 = hs_gf128_add(t1, dsum[__builtin_ctzll(b0 + j)]);
            t2 = hs_gf128_add(t2, dsum2[__builtin_ctzll(b0 + j)]);
        }
        k->ntt_fly2(base + j * 4 * q, q, q, t1, t2, hs_gf128_add(t2, beta[1]), inverse);
    }
}

/* Layers below `c` touch 2^c rows at a time: each chunk of 2^c rows (at most 256 KiB) goes through
 * all of them while it is in cache, chunks spread over the threads; two layers a pass down to
 * layer 2 (runs of at least 4 elements), then one at a time. */
static void low_layers(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, unsigned c, size_t cols,
                       unsigned threads, int inverse) {
    const size_t chunks = (size_t)1 << (log_n - c), rows = ((size_t)1 << c) * cols;
    unsigned steps[HS_ANTT_MAX_LOG], nsteps = 0; /* in forward order: d (pairs d, d - 1) or d + 64 (d alone) */
    for (int d = (int)c - 1; d >= 0;) {
        if (d >= 3) steps[nsteps++] = (unsigned)d, d -= 2;
        else steps[nsteps++] = (unsigned)d + 64, d -= 1;
    }
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && chunks > 1)
    for (size_t ch = 0; ch < chunks; ch++)
        for (unsigned s = 0; s < nsteps; s++) {
            const unsigned st = steps[inverse ? nsteps - 1 - s : s], d = st & 63;
            const size_t nb = (size_t)1 << (c - 1 - d), b0 = ch * nb;
            if (st < 64) {
                pair_blocks(k, data + ch * rows, d, cols, nb, b0, inverse);
            } else {
                const size_t run = ((size_t)1 << d) * cols;
                k->ntt_blocks(data + ch * rows, run, 2 * run, run, nb, span_point(beta + 1, b0), dsum, b0, inverse);
            }
        }
}

static void transform(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads,
                      int inverse) {
    pthread_once(&beta_once, beta_init);
    if (!log_n || !cols) return;
    threads = threads ? threads : 1;
    unsigned c = log_n;
    while (c > 1 && ((size_t)1 << c) * cols > 16384) c--;
    /* the top layers log_n - 1 .. c, two at a time (the odd one out alone, nearest to c) */
    const unsigned top = log_n - c;
    if (!inverse) {
        for (unsigned d = log_n - 1; d + 1 >= c + 2 && d >= c + 1 + top % 2; d -= 2) layer2(k, data, log_n, d, cols, threads, 0);
        if (top % 2) layer(k, data, log_n, c, cols, threads, 0);
    }
    low_layers(k, data, log_n, c, cols, threads, inverse);
    if (inverse) {
        if (top % 2) layer(k, data, log_n, c, cols, threads, 1);
        for (unsigned d = c + 1 + top % 2; d < log_n; d += 2) layer2(k, data, log_n, d, cols, threads, 1);
    }
}

void hs_antt_forward_with(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads) {
    transform(k, data, log_n, cols, threads, 0);
}

void hs_antt_inverse_with(const hs_gf128_kernels *k, hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads) {
    transform(k, data, log_n, cols, threads, 1);
}

void hs_antt_forward(hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads) {
    hs_antt_forward_with(hs_gf128_kernels_best(), data, log_n, cols, threads);
}

void hs_antt_inverse(hs_gf128 *data, unsigned log_n, size_t cols, unsigned threads) {
    hs_antt_inverse_with(hs_gf128_kernels_best(), data, log_n, cols, threads);
}
