/* Small integer helpers shared by the layers. */
#ifndef HS_UTIL_BITS_H
#define HS_UTIL_BITS_H

#include <stddef.h>

/* The least k with 2^k >= v (0 for v <= 1; at most 63). */
static inline unsigned hs_ceil_log2(size_t v) {
    unsigned k = 0;
    while (k < 63 && ((size_t)1 << k) < v) k++;
    return k;
}

#endif
