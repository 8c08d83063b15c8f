/* Goldilocks (p = 2^64 - 2^32 + 1) on 8 lanes of AVX-512 (F, DQ): the packed operations of
 * field/gl.h's AVX2 section on twice the lanes. Only in files compiled with the AVX-512 flags.
 *
 * AVX-512 has unsigned 64-bit compares into mask registers and masked adds, so a carry or borrow
 * costs a compare and a masked add of EPS = 2^64 mod p (AVX2: sign flips, a signed compare, a
 * shift and an add). The 64 x 64 -> 128 product is still built from 32 x 32 vpmuludq (four for a
 * product, three for a square): with IFMA (vpmadd52luq/huq, limbs of 52 and 12 bits) a product
 * takes seven multiply-adds plus shifts to rebuild the 128-bit value from three radix-2^52 limbs
 * (16 instructions before the reduction against 15; a square 13 against 10), and on the Zen 4
 * this was measured on the RPO256 batch ran at 0.29M/s with IFMA products and squares against
 * 0.35M/s with these (docs/BENCHMARKS.md, "The RPO256 batch permutation").
 * "_nc" results are < 2^64 and congruent mod p but not canonical; every operation accepts such
 * inputs unless it says otherwise. */
#ifndef HS_FIELD_GL_AVX512_H
#define HS_FIELD_GL_AVX512_H

#if defined(__AVX512F__) && defined(__AVX512DQ__)
#include <immintrin.h>

#include "field/gl.h"
#include "util/inline.h"

typedef __m512i hs_gl8;

#define HS_GL8_INLINE HS_FORCE_INLINE

HS_GL8_INLINE hs_gl8 hs_gl8_set1(uint64_t x) { return _mm512_set1_epi64((long long)x); }
/* x < 2^64 -> [0, p): x - p wraps to x + EPS > x exactly when x < p */
HS_GL8_INLINE hs_gl8 hs_gl8_canon(hs_gl8 x) { return _mm512_min_epu64(x, _mm512_sub_epi64(x, hs_gl8_set1(HS_GL_P))); }
/* x + c for any x and canonical c: after a carry x + c - 2^64 < c < p, so one EPS fits */
HS_GL8_INLINE hs_gl8 hs_gl8_add_c_nc(hs_gl8 x, hs_gl8 c) {
    hs_gl8 t = _mm512_add_epi64(x, c);
    return _mm512_mask_add_epi64(t, _mm512_cmplt_epu64_mask(t, c), t, hs_gl8_set1(HS_GL_EPS));
}
/* hi 2^64 + lo -> lo - hi_hi + hi_lo EPS (2^96 = -1, 2^64 = EPS) */
HS_GL8_INLINE hs_gl8 hs_gl8_reduce128_nc(hs_gl8 hi, hs_gl8 lo) {
    const hs_gl8 eps = hs_gl8_set1(HS_GL_EPS);
    hs_gl8 hh = _mm512_srli_epi64(hi, 32);
    hs_gl8 t = _mm512_sub_epi64(lo, hh);
    /* a borrow leaves t = 2^64 + lo - hh > 2^64 - 2^32: subtracting EPS cannot wrap again */
    t = _mm512_mask_sub_epi64(t, _mm512_cmplt_epu64_mask(lo, hh), t, eps);
    hs_gl8 u = _mm512_mul_epu32(hi, eps); /* (hi mod 2^32) EPS <= 2^64 - 2^33 + 1 */
    hs_gl8 r = _mm512_add_epi64(t, u);
    /* a carry leaves r < u, so adding EPS cannot wrap again */
    return _mm512_mask_add_epi64(r, _mm512_cmplt_epu64_mask(r, u), r, eps);
}
/* the 128-bit product from its four 32 x 32 pieces (no partial sum overflows 64 bits), reduced */
HS_GL8_INLINE hs_gl8 hs_gl8_mul_parts_nc(hs_gl8 ll, hs_gl8 lh, hs_gl8 hl, hs_gl8 hh) {
    hs_gl8 t = _mm512_add_epi64(hl, _mm512_srli_epi64(ll, 32));
    hs_gl8 u = _mm512_add_epi64(lh, _mm512_and_si512(t, hs_gl8_set1(HS_GL_EPS)));
    hs_gl8 lo = _mm512_mask_shuffle_epi32(ll, 0xAAAA, u, _MM_PERM_CCAA); /* (u << 32) | ll_lo */
    hs_gl8 hi = _mm512_add_epi64(hh, _mm512_add_epi64(_mm512_srli_epi64(t, 32), _mm512_srli_epi64(u, 32)));
    return hs_gl8_reduce128_nc(hi, lo);
}
HS_GL8_INLINE hs_gl8 hs_gl8_mul_nc(hs_gl8 a, hs_gl8 b) {
    hs_gl8 ah = _mm512_shuffle_epi32(a, _MM_PERM_DDBB), bh = _mm512_shuffle_epi32(b, _MM_PERM_DDBB);
    return hs_gl8_mul_parts_nc(_mm512_mul_epu32(a, b), _mm512_mul_epu32(a, bh), _mm512_mul_epu32(ah, b),
                               _mm512_mul_epu32(ah, bh));
}
/* a^2 = ll + lh 2^33 + hh 2^64 (a = ah 2^32 + al, ll = al^2, lh = al ah, hh = ah^2): the middle
 * term splits into (lh << 33) mod 2^64 for the low word and lh >> 31 for the high one, plus the
 * carry of the low word's sum (the high word cannot overflow: it is the square's top half) */
HS_GL8_INLINE hs_gl8 hs_gl8_square_nc(hs_gl8 a) {
    hs_gl8 ah = _mm512_shuffle_epi32(a, _MM_PERM_DDBB);
    hs_gl8 ll = _mm512_mul_epu32(a, a), lh = _mm512_mul_epu32(a, ah), hh = _mm512_mul_epu32(ah, ah);
    hs_gl8 lo = _mm512_add_epi64(ll, _mm512_slli_epi64(lh, 33));
    hs_gl8 hi = _mm512_add_epi64(hh, _mm512_srli_epi64(lh, 31));
    hi = _mm512_mask_add_epi64(hi, _mm512_cmplt_epu64_mask(lo, ll), hi, hs_gl8_set1(1));
    return hs_gl8_reduce128_nc(hi, lo);
}
/* l + h 2^32 for l, h < 2^41 (delayed sums of 32-bit halves): with h = h1 2^32 + h0 this is
 * a + h0 2^32, a = l + h1 EPS < 2^42; a carry out of that sum gets one EPS */
HS_GL8_INLINE hs_gl8 hs_gl8_combine_nc(hs_gl8 l, hs_gl8 h) {
    hs_gl8 h1 = _mm512_srli_epi64(h, 32);
    hs_gl8 a = _mm512_add_epi64(l, _mm512_sub_epi64(_mm512_slli_epi64(h1, 32), h1));
    hs_gl8 r = _mm512_add_epi64(_mm512_slli_epi64(h, 32), a);
    return _mm512_mask_add_epi64(r, _mm512_cmplt_epu64_mask(r, a), r, hs_gl8_set1(HS_GL_EPS));
}

#endif /* __AVX512F__ && __AVX512DQ__ */

#endif
