/* Poseidon1-KoalaBear batch kernel: 8 independent states, one per AVX2 lane (the body is
 * poseidon1_kb_kern.inc, shared with the AVX-512 kernel). Compiled with -mavx2; reached only
 * through hs_cpu_has_avx2(). Tested against the portable code.
 *
 * Where the time goes and what is done about it:
 * - Full rounds, width 16: the circulant MDS has entries below 128 (row sum 371). Each lane is
 *   split into 16-bit halves and each half multiplied by M exactly, in 32-bit integer lanes, as
 *   a cyclic convolution through the CRT split z^16 - 1 = (z-1)(z+1)(z^2+1)(z^4+1)(z^8+1): 86
 *   products instead of 256, with the kernels pre-scaled so that the recombination needs no
 *   halving and yields 16 (M x) (< 2^29 for a 16-bit half, so exact modulo 2^32). The two
 *   halves then combine into one field element with a multiplication by 2^-16 (shifts), so the
 *   layer computes 2^-12 M x. That factor is absorbed by running the whole permutation on
 *   states scaled by lambda = 2^6: the S-box makes lambda^3 = 2^18, the layer's 2^-12 brings it
 *   back to 2^6. Constants are scaled at setup; inputs and outputs convert once.
 * - Full rounds, width 24 (large MDS entries): a dense product with 64-bit lazy sums (below).
 * - Partial rounds: the unrolled block of poseidon1_kb.h. Every t_{r+1} and every final lane is
 *   a sum of products of a field constant with a lane value or a cube, accumulated in 64 bits
 *   (even and odd lanes apart, _mm256_mul_epu32), folded below 2^57 every 4 products and reduced
 *   once: 1086 products (width 16) and no per-round update of lanes 1..w-1. Only the diagonal
 *   product m00 t_r^3, one REDC and the next cube are on the round-to-round critical path.
 *   In the scaled domain the cube is at lambda^3 and is multiplied by 2^-12 (shifts) first.
 *   Without records the last initial full round's linear layer is folded into the block's
 *   entry forms (gm, am). Two groups of 8 states go together and share each broadcast constant.
 * docs/BENCHMARKS.md has the figures and what was tried and dropped. */
#include <string.h>

#include "field/kb.h"
#include "field/monty31_avx2.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon1_kb_mds16_avx2.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL

/* Transpose v[0..nw) (nw a multiple of 8; one word of 8 states per vector) and store state k's
 * words at dst + k * stride. */
AI void store_strided(uint32_t *dst, size_t stride, const __m256i *v, const unsigned nw) {
    UNROLL
    for (unsigned b = 0; b < nw; b += 8) {
        __m256i t[8];
        UNROLL
        for (unsigned i = 0; i < 8; i++) t[i] = v[b + i];
        hs_transpose8x32(t);
        UNROLL
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(dst + k * stride + b), t[k]);
    }
}

#define K_V __m256i
#define K_N 8
#define K_I(op) _mm256_##op
#define K_SET1_64 _mm256_set1_epi64x
#define K_ZERO _mm256_setzero_si256
#define K_MT(name) hs_mt8_##name
#define K_P1(name) hs_p1x8_##name
#define K_LOAD hs_p2x8_load
#define K_STORE hs_p2x8_store
#define K_STORE_STRIDED store_strided
#define K_ASM(v) "+x"(v)
#define K_FN_MANY hs_p1_permute_many_avx2
#define K_FN_RECORD hs_p1_permute_many_record_avx2
#include "hash/poseidon1_kb_kern.inc"
