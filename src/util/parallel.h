/* The one chunked parallel loop the batch APIs share. */
#ifndef HS_UTIL_PARALLEL_H
#define HS_UTIL_PARALLEL_H

#include <stddef.h>

typedef void (*hs_batch_fn)(void *ctx, size_t lo, size_t cnt);

/* Calls fn(ctx, lo, cnt) for consecutive chunks covering [0, n), `chunk` items each (the last may
 * be shorter), on an OpenMP team of exactly `threads` threads with a static schedule. With
 * threads <= 1 or n < 2 * chunk it makes a single call fn(ctx, 0, n) on the caller's thread.
 * Resolves CPU detection before the team starts. */
void hs_parallel_batches(size_t n, size_t chunk, unsigned threads, hs_batch_fn fn, void *ctx);

#endif
