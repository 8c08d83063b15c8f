/* Vision Mark-32 on AVX2 without GFNI: 32 states a batch (vision32_shuf.inc over
 * vision32_kern.inc), for the x86 CPUs that have AVX2 but not GFNI. Compiled with -mavx2; reached
 * through hs_vision32_kernel() after hs_cpu_has(HS_CPU_AVX2), when no GFNI kernel is there. */
#include <immintrin.h>

#define SV __m256i
#define SV_NAME(x) v32x_##x
#define SV_TABLE16(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define SV_SHUF(t, i) _mm256_shuffle_epi8((t), (i))
#define SV_AND(a, b) _mm256_and_si256((a), (b))
#define SV_XOR(a, b) _mm256_xor_si256((a), (b))
#define SV_ADD8(a, b) _mm256_add_epi8((a), (b))
#define SV_SRLI16(a, n) _mm256_srli_epi16((a), (n))
#define SV_SET8(c) _mm256_set1_epi8((char)(c))
#define SV_TOPSEL(m, a) _mm256_blendv_epi8(_mm256_setzero_si256(), (a), (m))

#define LANES 32
#define NAME(x) v32_avx2_##x
#define KERNEL_NAME "avx2"
#define TABLE hs_v32_kernel_avx2
#define LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#include "hash/vision32_shuf.inc"
