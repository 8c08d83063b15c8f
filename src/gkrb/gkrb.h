/* Pieces the GKR walks over GF(2^128) share (gkrb/kgkr.h: Keccak-f over GF(2); gkrb/p2bgkr.h:
 * Poseidon2b over GF(2^128)): eq in characteristic 2, its tables and products, and the multilinear
 * extension of row-major tables of GF(2^128) values. A point's coordinate b goes with bit b of the
 * index. */
#ifndef HS_GKRB_GKRB_H
#define HS_GKRB_GKRB_H

#include <stddef.h>

#include "field/gf2_128.h"

/* eq(z, r) = z r + (1 + z)(1 + r) = 1 + z + r in characteristic 2. */
static inline hs_gf128 hs_gkrb_eq1(hs_gf128 z, hs_gf128 r) { return hs_gf128_add(hs_gf128_one(), hs_gf128_add(z, r)); }

/* eq(z, r) over n coordinates: the product of hs_gkrb_eq1. */
hs_gf128 hs_gkrb_eq_eval(const hs_gf128 *z, const hs_gf128 *r, unsigned n);
/* out[x] = eq(pt, x) for x < 2^nv (bit b of x with pt[b]). */
void hs_gkrb_eq_table(hs_gf128 *out, const hs_gf128 *pt, unsigned nv);
/* acc[i] += acc[k width + i] for k = 1 .. nchunks - 1, i < width: the threads' partial sums into the
 * first chunk's (XOR: exact in any order). */
void hs_gkrb_sum_chunks(hs_gf128 *acc, size_t nchunks, size_t width);
/* The chunked eq-weighted sums of the walks' table extensions: eq = eq(pt, .) over log_n variables
 * in eq_len >= 2^log_n values (zero past 2^log_n), acc = width zeros a chunk; fn(ctx, lo, cnt) runs
 * (items and user in ctx) over [0, items) in chunks of `chunk` items (threads as in util/parallel.h), adds its sums to
 * acc + (lo / chunk) width, and out (width values) gets the chunks' total. 0 when out of memory. */
typedef struct hs_gkrb_sums hs_gkrb_sums;
typedef void (*hs_batch_fn_sums)(const hs_gkrb_sums *ctx, size_t lo, size_t cnt);
struct hs_gkrb_sums {
    const hs_gf128 *eq;
    hs_gf128 *acc;
    size_t items, chunk, width;
    const void *user;
};
int hs_gkrb_eq_sums(hs_gf128 *out, size_t width, const hs_gf128 *pt, unsigned log_n, size_t eq_len, size_t items,
                    size_t chunk, unsigned threads, hs_batch_fn_sums fn, const void *user);
/* out[c] = sum_i eq(pt, i) rows[width i + c] for c < width (<= 16), i < 2^log_n: the extension of
 * each column of a row-major table at pt; threads as in util/parallel.h. 0 when out of memory. */
int hs_gkrb_mle_rows(hs_gf128 *out, const hs_gf128 *rows, unsigned width, unsigned log_n, const hs_gf128 *pt,
                     unsigned threads);

#endif
