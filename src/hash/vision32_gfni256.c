/* Vision Mark-32 with GFNI on 256-bit registers: 32 states a batch (vision32_kern.inc). Compiled with
 * HS_GFNI256_FLAGS; reached through hs_vision32_kernel() after hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX2). */
#include <immintrin.h>

#define V __m256i
#define LANES 32
#define NAME(x) v32_gfni256_##x
#define KERNEL_NAME "gfni-256"
#define TABLE hs_v32_kernel_gfni256
#define LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define MUL(a, b) _mm256_gf2p8mul_epi8((a), (b))
#define AFF(x, m) _mm256_gf2p8affine_epi64_epi8((x), (m), 0)
#define MT __m256i
#define KMAT(k) SET8(k)
#define KMUL(x, k) MUL((x), (k))
#define MAT(a) _mm256_set1_epi64x((long long)(a))
#define INV8(x) _mm256_gf2p8affineinv_epi64_epi8((x), _mm256_set1_epi64x((long long)HS_GF8_IDENTITY), 0)
#define SET8(c) _mm256_set1_epi8((char)(c))
#define XOR(a, b) _mm256_xor_si256((a), (b))
#include "hash/vision32_kern.inc"
