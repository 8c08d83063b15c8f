/* The vector vocabulary of the GF(2^128) kernels (gf2_128_vec.inc): VPCLMULQDQ on 512-bit registers, four elements a
 * vector. Include it only from files compiled with HS_VPCLMUL512_FLAGS (CMakeLists.txt) and call them
 * only after the CPU check (hs_cpu_has). */
#ifndef HS_FIELD_GF2_128_VEC_VPCLMUL512_H
#define HS_FIELD_GF2_128_VEC_VPCLMUL512_H

#include <immintrin.h>

#define GK_V __m512i
#define GK_LANES 4
#define GK_NAME(x) gf128_vpclmul4_##x
#define GK_ZERO() _mm512_setzero_si512()
#define GK_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define GK_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define GK_BCAST(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define GK_POLY() _mm512_set_epi64(0, 0x87, 0, 0x87, 0, 0x87, 0, 0x87)
#define GK_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define GK_XOR(a, b) _mm512_xor_si512((a), (b))
#define GK_SWAP64(v) _mm512_shuffle_epi32((v), (_MM_PERM_ENUM)0x4e)
#define GK_SLLI8(v) _mm512_bslli_epi128((v), 8)
#define GK_SRLI8(v) _mm512_bsrli_epi128((v), 8)
#define GK_SWAP128(v) _mm512_shuffle_i64x2((v), (v), 0xb1)
#define GK_BLEND_ODD(x, y) _mm512_mask_blend_epi64(0xcc, (x), (y))
#define GK_DUP_EVEN(v) _mm512_shuffle_i64x2((v), (v), 0xa0)
#define GK_AND(a, b) _mm512_and_si512((a), (b))
#define GK_SLLI64(v, k) _mm512_slli_epi64((v), (k))
#define GK_SRLI64(v, k) _mm512_srli_epi64((v), (k))
#define GK_SET2(lo, hi) _mm512_broadcast_i32x4(_mm_set_epi64x((long long)(hi), (long long)(lo)))

#endif
