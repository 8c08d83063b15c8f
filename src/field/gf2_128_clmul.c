/* GF(2^128) / GF(2^256) kernels with PCLMULQDQ, one element at a time (gf2_128_kern.inc). Compiled
 * with HS_CLMUL_FLAGS; reached through hs_gf128_kernels_get() after hs_cpu_has(HS_CPU_PCLMUL). */
#include <immintrin.h>

#define GK_V __m128i
#define GK_LANES 1
#define GK_NAME(x) gf128_clmul_##x
#define GK_KERNEL_NAME "pclmul"
#define GK_TABLE hs_gf128_kernels_clmul
#define GK_ZERO() _mm_setzero_si128()
#define GK_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define GK_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define GK_BCAST(p) GK_LOAD(p)
#define GK_POLY() _mm_set_epi64x(0, 0x87)
#define GK_CLMUL(a, b, imm) _mm_clmulepi64_si128((a), (b), (imm))
#define GK_XOR(a, b) _mm_xor_si128((a), (b))
#define GK_SWAP64(v) _mm_shuffle_epi32((v), 0x4e)
#define GK_SLLI8(v) _mm_slli_si128((v), 8)
#define GK_SRLI8(v) _mm_srli_si128((v), 8)
#include "field/gf2_128_kern.inc"
