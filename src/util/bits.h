/* Small integer helpers shared by the layers. */
#ifndef HS_UTIL_BITS_H
#define HS_UTIL_BITS_H

#include <stddef.h>
#include <stdint.h>

/* The least k with 2^k >= v (0 for v <= 1; at most 63). */
static inline unsigned hs_ceil_log2(size_t v) {
    unsigned k = 0;
    while (k < 63 && ((size_t)1 << k) < v) k++;
    return k;
}

/* Bits set in x: the instruction where the build targets it, else the SWAR count (the x86-64
 * baseline has no popcnt, and libgcc's __popcountdi2 is a call per word). */
static inline unsigned hs_popcount64(uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return (unsigned)__builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

#endif
