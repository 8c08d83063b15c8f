/* Goldilocks field p = 2^64 - 2^32 + 1, scalar arithmetic on canonical uint64 values in [0, p).
 * Reduction uses 2^64 = 2^32 - 1 and 2^96 = -1 (mod p). */
#ifndef HS_FIELD_GL_H
#define HS_FIELD_GL_H

#include <stdint.h>

typedef uint64_t hs_gl;
__extension__ typedef unsigned __int128 hs_u128; /* gcc/clang extension, silenced for -Wpedantic */

#define HS_GL_P 0xffffffff00000001ull
#define HS_GL_EPS 0xffffffffull /* 2^64 mod p = 2^32 - 1 */

static inline hs_gl hs_gl_add(hs_gl a, hs_gl b) {
    uint64_t s = a + b;
    /* a + b overflowed 2^64 (add 2^64 mod p = EPS) or lands in [p, 2^64) */
    uint64_t carry = s < a;
    s += carry * HS_GL_EPS; /* cannot overflow again: s < 2^64 - EPS after a wrap */
    return s >= HS_GL_P ? s - HS_GL_P : s;
}
static inline hs_gl hs_gl_sub(hs_gl a, hs_gl b) {
    uint64_t d = a - b;
    return a < b ? d + HS_GL_P : d;
}
static inline hs_gl hs_gl_neg(hs_gl a) { return a ? HS_GL_P - a : 0; }

/* EPS if flag (0 or 1) else 0, without a branch (sbb): for carries that are unpredictable. */
static inline uint64_t hs_gl_eps_if(uint64_t flag) { return (uint64_t)(uint32_t)(0u - (uint32_t)flag); }

/* x = hi * 2^64 + lo  ->  x mod p, for any 128-bit x. */
static inline hs_gl hs_gl_reduce128(hs_u128 x) {
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    uint64_t hi_hi = hi >> 32, hi_lo = hi & HS_GL_EPS;
    /* x = lo + hi_lo * 2^64 + hi_hi * 2^96 = lo + hi_lo * EPS - hi_hi */
    uint64_t t = lo - hi_hi;
    t -= hs_gl_eps_if(lo < hi_hi);  /* borrow: subtracting 2^64 = EPS mod p */
    uint64_t u = hi_lo * HS_GL_EPS; /* < 2^64 */
    uint64_t r = t + u;
    r += hs_gl_eps_if(r < t);       /* carry: 2^64 = EPS (about half the time: no branch) */
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

#endif
