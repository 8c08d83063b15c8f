/* Vision Mark-32 with GFNI on 512-bit registers: 64 states a batch (vision32_kern.inc). Compiled with
 * HS_GFNI512_FLAGS; reached through hs_vision32_kernel() after hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX512_ALL). */
#include <immintrin.h>

#define V __m512i
#define LANES 64
#define NAME(x) v32_gfni512_##x
#define KERNEL_NAME "gfni-512"
#define TABLE hs_v32_kernel_gfni512
#define LOAD(p) _mm512_load_si512((const void *)(p))
#define STORE(p, v) _mm512_store_si512((void *)(p), (v))
#define MUL(a, b) _mm512_gf2p8mul_epi8((a), (b))
#define AFF(x, m) _mm512_gf2p8affine_epi64_epi8((x), (m), 0)
#define MT __m512i
#define KMAT(k) SET8(k)
#define KMUL(x, k) MUL((x), (k))
#define MAT(a) _mm512_set1_epi64((long long)(a))
#define INV8(x) _mm512_gf2p8affineinv_epi64_epi8((x), _mm512_set1_epi64((long long)HS_GF8_IDENTITY), 0)
#define SET8(c) _mm512_set1_epi8((char)(c))
#define XOR(a, b) _mm512_xor_si512((a), (b))
#include "hash/vision32_kern.inc"
