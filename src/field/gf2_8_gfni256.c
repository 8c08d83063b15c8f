/* GF(2^8) kernels with GFNI on 256-bit registers, 32 bytes a vector (gf2_8_kern.inc). Compiled with
 * HS_GFNI256_FLAGS; reached through hs_gf8_kernels_get() after hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX2). */
#include <immintrin.h>

#define G8_V __m256i
#define G8_LANES 32
#define G8_NAME(x) gf8_gfni256_##x
#define G8_KERNEL_NAME "gfni-256"
#define G8_TABLE hs_gf8_kernels_gfni256
#define G8_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define G8_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define G8_MUL(a, b) _mm256_gf2p8mul_epi8((a), (b))
#define G8_AFFINE(x, m) _mm256_gf2p8affine_epi64_epi8((x), (m), 0)
#define G8_AFFINEINV(x, m) _mm256_gf2p8affineinv_epi64_epi8((x), (m), 0)
#define G8_SET64(a) _mm256_set1_epi64x((long long)(a))
#define G8_SET8(c) _mm256_set1_epi8((char)(c))
#define G8_XOR(a, b) _mm256_xor_si256((a), (b))
#include "field/gf2_8_kern.inc"
