/* The vector vocabulary of the GF(2^128) kernels (gf2_128_vec.inc): VPCLMULQDQ on 256-bit registers, two elements a
 * vector. Include it only from files compiled with HS_VPCLMUL256_FLAGS (CMakeLists.txt) and call them
 * only after the CPU check (hs_cpu_has). */
#ifndef HS_FIELD_GF2_128_VEC_VPCLMUL256_H
#define HS_FIELD_GF2_128_VEC_VPCLMUL256_H

#include <immintrin.h>

#define GK_V __m256i
#define GK_LANES 2
#define GK_NAME(x) gf128_vpclmul2_##x
#define GK_ZERO() _mm256_setzero_si256()
#define GK_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define GK_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define GK_BCAST(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define GK_POLY() _mm256_set_epi64x(0, 0x87, 0, 0x87)
#define GK_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define GK_XOR(a, b) _mm256_xor_si256((a), (b))
#define GK_SWAP64(v) _mm256_shuffle_epi32((v), 0x4e)
#define GK_SLLI8(v) _mm256_bslli_epi128((v), 8)
#define GK_SRLI8(v) _mm256_bsrli_epi128((v), 8)
#define GK_SWAP128(v) _mm256_permute4x64_epi64((v), 0x4e)
#define GK_BLEND_ODD(x, y) _mm256_blend_epi32((x), (y), 0xf0)
#define GK_DUP_EVEN(v) _mm256_permute4x64_epi64((v), 0x44)
#define GK_AND(a, b) _mm256_and_si256((a), (b))
#define GK_SLLI64(v, k) _mm256_slli_epi64((v), (k))
#define GK_SRLI64(v, k) _mm256_srli_epi64((v), (k))
#define GK_SET2(lo, hi) _mm256_broadcastsi128_si256(_mm_set_epi64x((long long)(hi), (long long)(lo)))

#endif
