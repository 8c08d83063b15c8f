/* The width-generic vocabulary of the *_packed.inc kernel bodies on AVX-512 (F, BW, VL, DQ): V is
 * 16 lanes of 32 bits; the same names as vec_avx2.h, the conditional corrections and the tail
 * loads by mask registers. Include from one *_avx512.c file, before its body. */
#ifndef HS_UTIL_VEC_H
#define HS_UTIL_VEC_H

#include <immintrin.h>
#include <stdint.h>

typedef __m512i V;
#define LANES 16
#define VI(op) _mm512_##op
#define V_ZERO() _mm512_setzero_si512()
#define V_SET32(x) _mm512_set1_epi32(x)
#define V_SET64(x) _mm512_set1_epi64(x)
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))

static inline V v_sub_if_neg64(V t, V x) { return _mm512_mask_sub_epi64(t, _mm512_movepi64_mask(t), t, x); }
static inline V v_sub_if_gt32(V a, V b, V x) { return _mm512_mask_sub_epi32(a, _mm512_cmpgt_epi32_mask(a, b), a, x); }
static inline V v_load_first(const void *p, size_t r) { return _mm512_maskz_loadu_epi32((__mmask16)((1u << r) - 1), p); }
static inline void v_store_first(void *p, size_t r, V v) { _mm512_mask_storeu_epi32(p, (__mmask16)((1u << r) - 1), v); }
/* one masked movehdup instead of a shift and a blend */
static inline V v_pack_hi(V e, V o) {
    return _mm512_castps_si512(_mm512_mask_movehdup_ps(_mm512_castsi512_ps(o), (__mmask16)0x5555, _mm512_castsi512_ps(e)));
}

#endif
