/* GF(2^8) kernels with GFNI on 512-bit registers, 64 bytes a vector (gf2_8_kern.inc). Compiled with
 * HS_GFNI512_FLAGS; reached through hs_gf8_kernels_get() after
 * hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX512_ALL). */
#include <immintrin.h>

#define G8_V __m512i
#define G8_LANES 64
#define G8_NAME(x) gf8_gfni512_##x
#define G8_KERNEL_NAME "gfni-512"
#define G8_TABLE hs_gf8_kernels_gfni512
#define G8_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define G8_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define G8_MUL(a, b) _mm512_gf2p8mul_epi8((a), (b))
#define G8_AFFINE(x, m) _mm512_gf2p8affine_epi64_epi8((x), (m), 0)
#define G8_AFFINEINV(x, m) _mm512_gf2p8affineinv_epi64_epi8((x), (m), 0)
#define G8_SET64(a) _mm512_set1_epi64((long long)(a))
#define G8_SET8(c) _mm512_set1_epi8((char)(c))
#define G8_XOR(a, b) _mm512_xor_si512((a), (b))
#include "field/gf2_8_kern.inc"
