/* Vision Mark-32 on AVX-512 (F, BW, VL, DQ) without GFNI: 64 states a batch (vision32_shuf.inc
 * over vision32_kern.inc), for the x86 CPUs that have AVX-512 but not GFNI. Compiled with the
 * AVX-512 flags; reached through hs_vision32_kernel() after hs_cpu_has(HS_CPU_AVX512_ALL), when no
 * GFNI kernel is there. */
#include <immintrin.h>

#define SV __m512i
#define SV_NAME(x) v32z_##x
#define SV_TABLE16(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define SV_SHUF(t, i) _mm512_shuffle_epi8((t), (i))
#define SV_AND(a, b) _mm512_and_si512((a), (b))
#define SV_XOR(a, b) _mm512_xor_si512((a), (b))
#define SV_ADD8(a, b) _mm512_add_epi8((a), (b))
#define SV_SRLI16(a, n) _mm512_srli_epi16((a), (n))
#define SV_SET8(c) _mm512_set1_epi8((char)(c))
#define SV_TOPSEL(m, a) _mm512_maskz_mov_epi8(_mm512_movepi8_mask(m), (a))

#define LANES 64
#define NAME(x) v32_avx512_##x
#define KERNEL_NAME "avx512"
#define TABLE hs_v32_kernel_avx512
#define LOAD(p) _mm512_load_si512((const void *)(p))
#define STORE(p, v) _mm512_store_si512((void *)(p), (v))
#include "hash/vision32_shuf.inc"
