/* Poseidon2b with VPCLMULQDQ on 256-bit registers, two states a vector (poseidon2b_kern.inc).
 * Compiled with HS_VPCLMUL256_FLAGS; reached through hs_p2b_kernels_get() after
 * hs_cpu_has(HS_CPU_VPCLMUL | HS_CPU_AVX2). */
#include "field/gf2_128_vec_vpclmul256.h"

#define P2B_NV 4
/* states a (elements a0..a3) and b at p: the loads are [a0 a1], [a2 a3], [b0 b1], [b2 b3]; lane j
 * gathers [aj bj] by taking 128-bit halves of two of them (and back) */
#define P2B_LOAD(p, v)                                                                                   \
    do {                                                                                                 \
        __m256i r0_ = GK_LOAD(p), r1_ = GK_LOAD((p) + 2), r2_ = GK_LOAD((p) + 4), r3_ = GK_LOAD((p) + 6); \
        (v)[0] = _mm256_permute2x128_si256(r0_, r2_, 0x20);                                              \
        (v)[1] = _mm256_permute2x128_si256(r0_, r2_, 0x31);                                              \
        (v)[2] = _mm256_permute2x128_si256(r1_, r3_, 0x20);                                              \
        (v)[3] = _mm256_permute2x128_si256(r1_, r3_, 0x31);                                              \
    } while (0)
#define P2B_STORE(p, v)                                                                  \
    do {                                                                                 \
        GK_STORE(p, _mm256_permute2x128_si256((v)[0], (v)[1], 0x20));                    \
        GK_STORE((p) + 2, _mm256_permute2x128_si256((v)[2], (v)[3], 0x20));              \
        GK_STORE((p) + 4, _mm256_permute2x128_si256((v)[0], (v)[1], 0x31));              \
        GK_STORE((p) + 6, _mm256_permute2x128_si256((v)[2], (v)[3], 0x31));              \
    } while (0)
#define P2B_TABLE hs_p2b_kernels_vpclmul2
#define P2B_NAME "vpclmul-2"
#include "hash/poseidon2b_kern.inc"
