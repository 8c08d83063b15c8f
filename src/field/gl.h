/* Goldilocks field p = 2^64 - 2^32 + 1, scalar arithmetic on canonical uint64 values in [0, p).
 * Reduction uses 2^64 = 2^32 - 1 and 2^96 = -1 (mod p). */
#ifndef HS_FIELD_GL_H
#define HS_FIELD_GL_H

#include <stdint.h>

typedef uint64_t hs_gl;
__extension__ typedef unsigned __int128 hs_u128; /* gcc/clang extension, silenced for -Wpedantic */

#define HS_GL_P 0xffffffff00000001ull
#define HS_GL_EPS 0xffffffffull /* 2^64 mod p = 2^32 - 1 */

/* All-ones if flag (0 or 1) else 0, without a branch: for carries that are unpredictable. For
 * clang an empty asm hides that the mask comes from a compare, or its cmov-to-branch pass turns it
 * back into a (mispredicted) branch; gcc emits sbb and does better without the barrier. */
static inline uint64_t hs_gl_mask_if(uint64_t flag) {
    uint64_t m = 0 - flag;
#if defined(__clang__)
    __asm__("" : "+r"(m));
#endif
    return m;
}
/* EPS = 2^64 mod p if flag else 0 */
static inline uint64_t hs_gl_eps_if(uint64_t flag) { return hs_gl_mask_if(flag) >> 32; }

static inline hs_gl hs_gl_add(hs_gl a, hs_gl b) {
    uint64_t s = a + b;
    /* a + b overflowed 2^64 (add 2^64 mod p = EPS) or lands in [p, 2^64) */
    s += hs_gl_eps_if(s < a); /* cannot overflow again: s < 2^64 - EPS after a wrap */
    return s >= HS_GL_P ? s - HS_GL_P : s;
}
static inline hs_gl hs_gl_sub(hs_gl a, hs_gl b) {
    return (a - b) + (hs_gl_mask_if(a < b) & HS_GL_P);
}
static inline hs_gl hs_gl_neg(hs_gl a) { return a ? HS_GL_P - a : 0; }

/* x = hi * 2^64 + lo  ->  a value < 2^64 congruent to x mod p, for any 128-bit x: the reduction
 * without its final conditional subtraction, good enough as the input of another multiplication. */
static inline uint64_t hs_gl_reduce128_nc(hs_u128 x) {
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    uint64_t hi_hi = hi >> 32, hi_lo = hi & HS_GL_EPS;
    /* x = lo + hi_lo * 2^64 + hi_hi * 2^96 = lo + hi_lo * EPS - hi_hi */
    uint64_t t = lo - hi_hi;
    t -= hs_gl_eps_if(lo < hi_hi);  /* borrow: subtracting 2^64 = EPS mod p */
    uint64_t u = hi_lo * HS_GL_EPS; /* < 2^64 */
    uint64_t r = t + u;
    r += hs_gl_eps_if(r < t);       /* carry: 2^64 = EPS (about half the time: no branch) */
    return r;
}
/* x mod p, canonical, for any 128-bit x. */
static inline hs_gl hs_gl_reduce128(hs_u128 x) {
    uint64_t r = hs_gl_reduce128_nc(x);
    return r >= HS_GL_P ? r - HS_GL_P : r;
}
/* x < 2^96 (hi word < 2^32) -> x mod p: cheaper than hs_gl_reduce128 for delayed-reduction sums
 * of canonical values times small constants. */
static inline hs_gl hs_gl_reduce96(hs_u128 x) {
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    uint64_t r = lo + hi * HS_GL_EPS; /* hi * EPS < 2^64 */
    if (r < lo) r += HS_GL_EPS;       /* carry: 2^64 = EPS; r < hi * EPS here, so no new carry */
    return r >= HS_GL_P ? r - HS_GL_P : r;
}
static inline hs_gl hs_gl_mul(hs_gl a, hs_gl b) { return hs_gl_reduce128((hs_u128)a * b); }
static inline hs_gl hs_gl_square(hs_gl a) { return hs_gl_mul(a, a); }
/* x^7 (the Poseidon/Poseidon2 S-box) with 4 multiplications; any x < 2^64, result canonical. */
static inline hs_gl hs_gl_pow7(uint64_t x) {
    uint64_t x2 = hs_gl_reduce128_nc((hs_u128)x * x);
    uint64_t x3 = hs_gl_reduce128_nc((hs_u128)x2 * x);
    uint64_t x4 = hs_gl_reduce128_nc((hs_u128)x2 * x2);
    return hs_gl_reduce128((hs_u128)x3 * x4);
}
/* Any uint64 to canonical form. */
static inline hs_gl hs_gl_from_u64(uint64_t x) { return x >= HS_GL_P ? x - HS_GL_P : x; }

static inline hs_gl hs_gl_exp(hs_gl a, uint64_t e) {
    hs_gl r = 1;
    while (e) {
        if (e & 1) r = hs_gl_mul(r, a);
        a = hs_gl_square(a);
        e >>= 1;
    }
    return r;
}
static inline hs_gl hs_gl_inv(hs_gl a) { return hs_gl_exp(a, HS_GL_P - 2); }


/* ---- Packed: 4 lanes per AVX2 vector, only in files compiled with -mavx2 ----
 * AVX2 has no 64x64 multiply: products are built from four 32x32 vpmuludq. vpcmpgt is signed, so
 * unsigned compares flip the sign bit first ("shifted" x_s); where the outcome is decided by the
 * high 32-bit words the cheaper 32-bit compare is used, and srli(mask, 32) turns the high word's
 * mask into EPS = 2^64 mod p or 0. "_nc" results are < 2^64 and congruent mod p but not canonical;
 * every operation accepts such inputs unless it says otherwise. */
#if defined(__AVX2__)
#include <immintrin.h>

typedef __m256i hs_gl4;

static inline hs_gl4 hs_gl4_set1(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
static inline hs_gl4 hs_gl4_shift_sign(hs_gl4 x) { return _mm256_xor_si256(x, hs_gl4_set1(1ull << 63)); }
static inline hs_gl4 hs_gl4_eps_if(hs_gl4 mask) { return _mm256_srli_epi64(mask, 32); }
/* all-ones where a < b (unsigned) */
static inline hs_gl4 hs_gl4_ltu(hs_gl4 a, hs_gl4 b) {
    return _mm256_cmpgt_epi64(hs_gl4_shift_sign(b), hs_gl4_shift_sign(a));
}
/* x < 2^64 -> [0, p): x >= p exactly when x_s > (p - 1)_s; subtracting p adds EPS mod 2^64 */
static inline hs_gl4 hs_gl4_canon(hs_gl4 x) {
    hs_gl4 ge = _mm256_cmpgt_epi64(hs_gl4_shift_sign(x), hs_gl4_set1((HS_GL_P - 1) ^ (1ull << 63)));
    return _mm256_add_epi64(x, hs_gl4_eps_if(ge));
}
/* x_s - y for y < 2^32, minus EPS on a borrow (a borrow means x < 2^32: the high words decide) */
static inline hs_gl4 hs_gl4_sub_small_s(hs_gl4 x_s, hs_gl4 y) {
    hs_gl4 t = _mm256_sub_epi64(x_s, y);
    return _mm256_sub_epi64(t, hs_gl4_eps_if(_mm256_cmpgt_epi32(t, x_s)));
}
/* x_s + y for y <= 2^64 - 2^32, plus EPS on a carry (a carry lowers the high word by >= 1) */
static inline hs_gl4 hs_gl4_add_small_s(hs_gl4 x_s, hs_gl4 y) {
    hs_gl4 t = _mm256_add_epi64(x_s, y);
    return _mm256_add_epi64(t, hs_gl4_eps_if(_mm256_cmpgt_epi32(x_s, t)));
}
/* x + c for any x and canonical c: x + c - 2^64 < p, so one EPS fixes a carry; result _nc */
static inline hs_gl4 hs_gl4_add_c_nc(hs_gl4 x, hs_gl4 c) {
    return hs_gl4_shift_sign(hs_gl4_add_small_s(hs_gl4_shift_sign(x), c));
}
/* hi 2^64 + lo -> lo - hi_hi + hi_lo EPS (2^96 = -1, 2^64 = EPS); result _nc */
static inline hs_gl4 hs_gl4_reduce128_nc(hs_gl4 hi, hs_gl4 lo) {
    hs_gl4 t_s = hs_gl4_sub_small_s(hs_gl4_shift_sign(lo), _mm256_srli_epi64(hi, 32));
    hs_gl4 u = _mm256_mul_epu32(hi, hs_gl4_set1(HS_GL_EPS)); /* (hi mod 2^32) EPS <= 2^64 - 2^33 + 1 */
    return hs_gl4_shift_sign(hs_gl4_add_small_s(t_s, u));
}
/* full 128-bit products from 32x32 pieces: t, u < 2^64 by construction */
static inline hs_gl4 hs_gl4_mul_parts_nc(hs_gl4 ll, hs_gl4 lh, hs_gl4 hl, hs_gl4 hh) {
    const hs_gl4 lo32 = hs_gl4_set1(HS_GL_EPS);
    hs_gl4 t = _mm256_add_epi64(hl, _mm256_srli_epi64(ll, 32));
    hs_gl4 u = _mm256_add_epi64(lh, _mm256_and_si256(t, lo32));
    hs_gl4 lo = _mm256_blend_epi32(ll, _mm256_shuffle_epi32(u, 0xA0), 0xAA); /* (u << 32) | ll_lo */
    hs_gl4 hi = _mm256_add_epi64(hh, _mm256_add_epi64(_mm256_srli_epi64(t, 32), _mm256_srli_epi64(u, 32)));
    return hs_gl4_reduce128_nc(hi, lo);
}
static inline hs_gl4 hs_gl4_mul_nc(hs_gl4 a, hs_gl4 b) {
    hs_gl4 ah = _mm256_shuffle_epi32(a, 0xF5), bh = _mm256_shuffle_epi32(b, 0xF5);
    return hs_gl4_mul_parts_nc(_mm256_mul_epu32(a, b), _mm256_mul_epu32(a, bh), _mm256_mul_epu32(ah, b),
                               _mm256_mul_epu32(ah, bh));
}
static inline hs_gl4 hs_gl4_square_nc(hs_gl4 a) {
    hs_gl4 ah = _mm256_shuffle_epi32(a, 0xF5), lh = _mm256_mul_epu32(a, ah);
    return hs_gl4_mul_parts_nc(_mm256_mul_epu32(a, a), lh, lh, _mm256_mul_epu32(ah, ah));
}
/* l + h 2^32 for l, h < 2^41 (delayed sums of 32-bit halves): with h = h1 2^32 + h0 this is
 * a + h0 2^32, a = l + h1 EPS < 2^42; a carry out of that sum lowers the high word; result _nc */
static inline hs_gl4 hs_gl4_combine_nc(hs_gl4 l, hs_gl4 h) {
    hs_gl4 h1 = _mm256_srli_epi64(h, 32);
    hs_gl4 a = _mm256_add_epi64(l, _mm256_sub_epi64(_mm256_slli_epi64(h1, 32), h1));
    hs_gl4 r = _mm256_add_epi64(_mm256_slli_epi64(h, 32), a);
    return _mm256_add_epi64(r, hs_gl4_eps_if(hs_gl4_ltu(r, a)));
}
#endif /* __AVX2__ */

#endif
