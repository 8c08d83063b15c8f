/* Poseidon2b with VPCLMULQDQ on 512-bit registers, four states a vector (poseidon2b_kern.inc).
 * Compiled with HS_VPCLMUL512_FLAGS; reached through hs_p2b_kernels_get() after
 * hs_cpu_has(HS_CPU_VPCLMUL | AVX-512 F/BW/VL/DQ). */
#include "field/gf2_128_vec_vpclmul512.h"

#define P2B_NV 4
/* One load is one state (4 elements); the 4x4 transpose of 128-bit lanes (its own inverse) turns
 * four states into the four element vectors and back. */
#define P2B_T4(r, v)                                                                               \
    do {                                                                                           \
        __m512i t0_ = _mm512_shuffle_i64x2((r)[0], (r)[1], 0x44), t1_ = _mm512_shuffle_i64x2((r)[0], (r)[1], 0xee); \
        __m512i t2_ = _mm512_shuffle_i64x2((r)[2], (r)[3], 0x44), t3_ = _mm512_shuffle_i64x2((r)[2], (r)[3], 0xee); \
        (v)[0] = _mm512_shuffle_i64x2(t0_, t2_, 0x88);                                             \
        (v)[1] = _mm512_shuffle_i64x2(t0_, t2_, 0xdd);                                             \
        (v)[2] = _mm512_shuffle_i64x2(t1_, t3_, 0x88);                                             \
        (v)[3] = _mm512_shuffle_i64x2(t1_, t3_, 0xdd);                                             \
    } while (0)
#define P2B_LOAD(p, v)                                                                      \
    do {                                                                                    \
        __m512i r_[4] = {GK_LOAD(p), GK_LOAD((p) + 4), GK_LOAD((p) + 8), GK_LOAD((p) + 12)}; \
        P2B_T4(r_, v);                                                                      \
    } while (0)
#define P2B_STORE(p, v)                                                                       \
    do {                                                                                      \
        __m512i r_[4];                                                                        \
        P2B_T4(v, r_);                                                                        \
        for (int j_ = 0; j_ < 4; j_++) GK_STORE((p) + 4 * j_, r_[j_]);                        \
    } while (0)
#define P2B_TABLE hs_p2b_kernels_vpclmul4
#define P2B_NAME "vpclmul-4"
#include "hash/poseidon2b_kern.inc"
