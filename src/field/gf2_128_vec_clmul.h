/* The vector vocabulary of the GF(2^128) kernels (gf2_128_vec.inc): PCLMULQDQ on 128-bit registers, one element a
 * vector. Include it only from files compiled with HS_CLMUL_FLAGS (CMakeLists.txt) and call them
 * only after the CPU check (hs_cpu_has). */
#ifndef HS_FIELD_GF2_128_VEC_CLMUL_H
#define HS_FIELD_GF2_128_VEC_CLMUL_H

#include <immintrin.h>

#define GK_V __m128i
#define GK_LANES 1
#define GK_NAME(x) gf128_clmul_##x
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
#define GK_AND(a, b) _mm_and_si128((a), (b))
#define GK_SLLI64(v, k) _mm_slli_epi64((v), (k))
#define GK_SRLI64(v, k) _mm_srli_epi64((v), (k))
#define GK_SET2(lo, hi) _mm_set_epi64x((long long)(hi), (long long)(lo))

#endif
