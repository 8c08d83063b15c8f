/* Bit-sliced GF(2) columns: 64 or 128 instances a word.
 *
 * A hash witness over GF(2) is bits of many instances; bit-slicing stores the same bit position of
 * 64 (or 128) instances in one word, so XOR and AND are the field operations on all of them at once
 * (as Hashcaster and Expander pack their GF(2) columns). Moving between "a word per instance" and
 * "a word per bit position" is the transpose of a square bit matrix:
 *
 *   hs_bits_transpose64(m):  m[0..64) is a 64x64 bit matrix, row i = m[i], column j = bit j; after
 *                            the call bit j of m[i] is what bit i of m[j] was.
 *   hs_bits_transpose128(m): the same for 128x128, row i = the 128 bits m[2i] (columns 0..63) and
 *                            m[2i + 1] (columns 64..127).
 *
 * Both transpose in place by log2(n) rounds of block swaps (round w exchanges the w x w blocks off
 * the diagonal of each 2w x 2w block). The batch functions dispatch at run time (hs_cpu_has,
 * src/util/cpu.h) to AVX2 (4 rows a vector) or AVX-512 (8 rows) kernels with the portable bits. */
#ifndef HS_FIELD_BITSLICE_H
#define HS_FIELD_BITSLICE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { HS_BITS_PORTABLE = 0, HS_BITS_AVX2 = 1, HS_BITS_AVX512 = 2, HS_BITS_IMPL_COUNT = 3 } hs_bits_impl;

typedef struct {
    const char *name; /* "portable", "avx2", "avx512" */
    /* nblocks consecutive 64x64 matrices (64 words each), each transposed in place */
    void (*transpose64)(uint64_t *m, size_t nblocks);
} hs_bits_kernels;

/* The kernels of impl, or NULL when this build or CPU lacks them or HS_SIMD excludes them. */
const hs_bits_kernels *hs_bits_kernels_get(hs_bits_impl impl);
const hs_bits_kernels *hs_bits_kernels_best(void);

void hs_bits_transpose64(uint64_t m[64]);
void hs_bits_transpose64_many(uint64_t *m, size_t nblocks);
/* 128x128 with the given kernels (NULL: the best). */
void hs_bits_transpose128_with(const hs_bits_kernels *k, uint64_t m[256]);
void hs_bits_transpose128(uint64_t m[256]);

/* The masks of the rounds: round w (32, 16, ..., 1) keeps the low w bits of each 2w-bit group. */
#define HS_BITS_MASK32 0x00000000ffffffffull
#define HS_BITS_MASK16 0x0000ffff0000ffffull
#define HS_BITS_MASK8 0x00ff00ff00ff00ffull
#define HS_BITS_MASK4 0x0f0f0f0f0f0f0f0full
#define HS_BITS_MASK2 0x3333333333333333ull
#define HS_BITS_MASK1 0x5555555555555555ull

#endif
