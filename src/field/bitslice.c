/* Bit-matrix transposes (bitslice.h): the portable kernel, dispatch, the 128x128 case. */
#include "field/bitslice.h"

#include "field/bitslice_kern.h"
#include "util/cpu.h"

/* Round w: for each row i with bit w of i clear, the high w bits of every 2w-bit group of row i
 * swap with the low w bits of row i + w. Entry (r, c) with bit w of r and c different moves to
 * (r ^ w, c ^ w); after all six rounds (r, c) is at (c, r). */
static void transpose64_portable(uint64_t *m, size_t nblocks) {
    static const uint64_t mask[6] = {HS_BITS_MASK32, HS_BITS_MASK16, HS_BITS_MASK8,
                                     HS_BITS_MASK4,  HS_BITS_MASK2,  HS_BITS_MASK1};
    for (size_t b = 0; b < nblocks; b++, m += 64) {
        for (unsigned r = 0, w = 32; r < 6; r++, w /= 2) {
            for (unsigned i = 0; i < 64; i++) {
                if (i & w) continue;
                uint64_t t = ((m[i] >> w) ^ m[i + w]) & mask[r];
                m[i] ^= t << w;
                m[i + w] ^= t;
            }
        }
    }
}

static const hs_bits_kernels kernels_portable = {"portable", transpose64_portable};

const hs_bits_kernels *hs_bits_kernels_get(hs_bits_impl impl) {
    switch (impl) {
    case HS_BITS_PORTABLE: return &kernels_portable;
#ifdef HS_HAVE_AVX2
    case HS_BITS_AVX2: return hs_cpu_has(HS_CPU_AVX2) ? &hs_bits_kernels_avx2 : NULL;
#endif
#ifdef HS_HAVE_AVX512
    case HS_BITS_AVX512: return hs_cpu_has(HS_CPU_AVX512_ALL) ? &hs_bits_kernels_avx512 : NULL;
#endif
    default: return NULL;
    }
}

const hs_bits_kernels *hs_bits_kernels_best(void) {
    const hs_bits_kernels *best = &kernels_portable;
    for (int i = 1; i < HS_BITS_IMPL_COUNT; i++) {
        const hs_bits_kernels *k = hs_bits_kernels_get((hs_bits_impl)i);
        if (k) best = k;
    }
    return best;
}

void hs_bits_transpose64(uint64_t m[64]) { hs_bits_kernels_best()->transpose64(m, 1); }
void hs_bits_transpose64_many(uint64_t *m, size_t nblocks) { hs_bits_kernels_best()->transpose64(m, nblocks); }

/* Four 64x64 blocks: rows 0..63 / 64..127 times columns 0..63 / 64..127. The transpose transposes
 * each block and swaps the two off the diagonal. */
void hs_bits_transpose128_with(const hs_bits_kernels *k, uint64_t m[256]) {
    uint64_t blk[4][64]; /* A = rows < 64 cols < 64, B = rows < 64 cols >= 64, C, D below */
    for (int i = 0; i < 64; i++) {
        blk[0][i] = m[2 * i], blk[1][i] = m[2 * i + 1];
        blk[2][i] = m[128 + 2 * i], blk[3][i] = m[128 + 2 * i + 1];
    }
    (k ? k : hs_bits_kernels_best())->transpose64(&blk[0][0], 4);
    for (int i = 0; i < 64; i++) {
        m[2 * i] = blk[0][i], m[2 * i + 1] = blk[2][i];
        m[128 + 2 * i] = blk[1][i], m[128 + 2 * i + 1] = blk[3][i];
    }
}
void hs_bits_transpose128(uint64_t m[256]) { hs_bits_transpose128_with(NULL, m); }
