#include "hash/poseidon2_gl.h"
#include "util/inline.h"

#include <pthread.h>
#include <string.h>

#include "util/parallel.h"
#include "util/cpu.h"

extern const uint64_t hs_p2gl8_rc_ext_init[4][8], hs_p2gl8_rc_int[22], hs_p2gl8_rc_ext_final[4][8], hs_p2gl8_diag[8];
extern const uint64_t hs_p2gl12_rc_ext_init[4][12], hs_p2gl12_rc_int[22], hs_p2gl12_rc_ext_final[4][12],
    hs_p2gl12_diag[12];

#define P2GL_INLINE HS_FORCE_INLINE
/* full unrolling of the lane loops lets the compiler fold the per-lane constants */
#define P2GL_UNROLL HS_UNROLL_16

/* Plonky3's small-value diagonals as num / 2^shift (MATRIX_DIAG_8/12_GOLDILOCKS, v0.5.0+). */
typedef struct {
    int num;
    unsigned shift;
} small_v;
static const small_v small8[8] = {{-2, 0}, {1, 0}, {2, 0}, {1, 1}, {3, 0}, {-1, 1}, {-3, 0}, {-4, 0}};
static const small_v small12[12] = {{-2, 0}, {1, 0}, {2, 0},  {1, 1},  {3, 0},  {4, 0},
                                    {-1, 1}, {-3, 0}, {-4, 0}, {1, 2}, {-1, 2}, {1, 3}};

static int diag_is_small(const uint64_t *diag, const small_v *sv, unsigned w) {
    for (unsigned i = 0; i < w; i++) {
        hs_gl v = hs_gl_from_u64((uint64_t)(sv[i].num < 0 ? -sv[i].num : sv[i].num));
        if (sv[i].num < 0) v = hs_gl_neg(v);
        v = hs_gl_mul(v, hs_gl_inv(1ull << sv[i].shift));
        if (v != diag[i]) return 0;
    }
    return 1;
}

int hs_p2gl_params_init(hs_p2gl_params *pp, unsigned width, unsigned partial, hs_p2gl_m4 m4,
                        const uint64_t *rc_init, const uint64_t *rc_int, const uint64_t *rc_final,
                        const uint64_t *diag) {
    memset(pp, 0, sizeof *pp);
    if ((width != 8 && width != 12) || partial == 0 || partial > HS_P2GL_MAX_PARTIAL) return 0;
    if (m4 != HS_P2GL_M4_PLONKY3 && m4 != HS_P2GL_M4_HORIZEN) return 0;
    pp->width = width;
    pp->partial = partial;
    pp->m4 = (unsigned)m4;
    for (unsigned r = 0; r < HS_P2GL_HALF_FULL; r++)
        for (unsigned i = 0; i < width; i++) {
            uint64_t a = rc_init[r * width + i], b = rc_final[r * width + i];
            if (a >= HS_GL_P || b >= HS_GL_P) return 0;
            pp->rc_init[r][i] = a;
            pp->rc_final[r][i] = b;
        }
    for (unsigned r = 0; r < partial; r++) {
        if (rc_int[r] >= HS_GL_P) return 0;
        pp->rc_int[r] = rc_int[r];
    }
    for (unsigned i = 0; i < width; i++) {
        if (diag[i] >= HS_GL_P) return 0;
        pp->diag[i] = diag[i];
    }
    if (width == 8 && diag_is_small(diag, small8, 8)) pp->diag_small = 8;
    if (width == 12 && diag_is_small(diag, small12, 12)) pp->diag_small = 12;
    return 1;
}

static hs_p2gl_params default8, default12;
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void init_defaults(void) {
    hs_p2gl_params_init(&default8, 8, 22, HS_P2GL_M4_PLONKY3, &hs_p2gl8_rc_ext_init[0][0], hs_p2gl8_rc_int,
                        &hs_p2gl8_rc_ext_final[0][0], hs_p2gl8_diag);
    hs_p2gl_params_init(&default12, 12, 22, HS_P2GL_M4_PLONKY3, &hs_p2gl12_rc_ext_init[0][0], hs_p2gl12_rc_int,
                        &hs_p2gl12_rc_ext_final[0][0], hs_p2gl12_diag);
}

const hs_p2gl_params *hs_p2gl_default8(void) {
    pthread_once(&defaults_once, init_defaults);
    return &default8;
}
const hs_p2gl_params *hs_p2gl_default12(void) {
    pthread_once(&defaults_once, init_defaults);
    return &default12;
}

/* ---- arithmetic helpers ---- */

/* x / 2^k for canonical x, 1 <= k <= 32: (x + m p) / 2^k with m = -x mod 2^k, exact because
 * p = 1 mod 2^32; the result is canonical. */
P2GL_INLINE uint64_t div2k(uint64_t x, unsigned k) {
    uint64_t mask = (1ull << k) - 1;
    uint64_t m = (0 - x) & mask;
    return (x >> k) + m * ((HS_GL_P - 1) >> k) + ((x & mask) != 0);
}

/* ---- linear layers ---- */

/* M4 in place on 64-bit lanes holding 32-bit halves of canonical values (row sums are at most
 * 16, so nothing overflows). */
P2GL_INLINE void mat4_half(uint64_t *x, unsigned m4) {
    uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    if (m4 == HS_P2GL_M4_PLONKY3) {
        /* [[2,3,1,1],[1,2,3,1],[1,1,2,3],[3,1,1,2]] */
        uint64_t t01 = x0 + x1, t23 = x2 + x3, t0123 = t01 + t23;
        uint64_t t01123 = t0123 + x1, t01233 = t0123 + x3;
        x[0] = t01123 + t01;
        x[1] = t01123 + 2 * x2;
        x[2] = t01233 + t23;
        x[3] = t01233 + 2 * x0;
    } else {
        /* [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]] */
        uint64_t t0 = x0 + x1, t1 = x2 + x3;
        uint64_t t2 = 2 * x1 + t1, t3 = 2 * x3 + t0;
        uint64_t t4 = 4 * t1 + t3, t5 = 4 * t0 + t2;
        x[0] = t3 + t5;
        x[1] = t5;
        x[2] = t2 + t4;
        x[3] = t4;
    }
}

/* l + h 2^32 mod p for l, h < 2^40. */
P2GL_INLINE uint64_t combine_halves(uint64_t l, uint64_t h) {
    return hs_gl_reduce96((hs_u128)l + ((hs_u128)h << 32));
}

/* M_E on the 32-bit halves of every lane (plain 64-bit additions, no carries: every coefficient
 * sum is at most 16 (W/4 + 1) <= 64), then one reduction per output. */
P2GL_INLINE void ext_linear(uint64_t *s, const unsigned W, unsigned m4) {
    uint64_t l[HS_P2GL_MAX_WIDTH], h[HS_P2GL_MAX_WIDTH], sl[4], sh[4];
    P2GL_UNROLL
    for (unsigned i = 0; i < W; i++) l[i] = s[i] & HS_GL_EPS, h[i] = s[i] >> 32;
    P2GL_UNROLL
    for (unsigned c = 0; c < W; c += 4) mat4_half(l + c, m4), mat4_half(h + c, m4);
    P2GL_UNROLL
    for (unsigned j = 0; j < 4; j++) {
        sl[j] = l[j];
        sh[j] = h[j];
        P2GL_UNROLL
        for (unsigned c = 4; c < W; c += 4) sl[j] += l[c + j], sh[j] += h[c + j];
    }
    P2GL_UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = combine_halves(l[i] + sl[i & 3], h[i] + sh[i & 3]);
}

/* S + V x for V = num / 2^shift, S and x canonical. */
P2GL_INLINE uint64_t small_term(uint64_t S, uint64_t x, int num, unsigned shift) {
    if (shift) {
        uint64_t t = div2k(x, shift);
        return num > 0 ? hs_gl_add(S, t) : hs_gl_sub(S, t);
    }
    /* negative multiples use p - x (in (0, p]) so nothing is subtracted */
    uint64_t base = num > 0 ? x : HS_GL_P - x;
    uint64_t k = (uint64_t)(num > 0 ? num : -num);
    return hs_gl_reduce96((hs_u128)base * k + S);
}

/* sum of W canonical values mod p: 64-bit sum plus a carry count (add/adc) */
P2GL_INLINE uint64_t lane_sum(const uint64_t *s, const unsigned W) {
    uint64_t lo = 0, hi = 0;
    P2GL_UNROLL
    for (unsigned i = 0; i < W; i++) {
        lo += s[i];
        hi += lo < s[i];
    }
    return hs_gl_reduce96(((hs_u128)hi << 64) | lo);
}

P2GL_INLINE void int_linear(const hs_p2gl_params *pp, uint64_t *s, const unsigned W, const unsigned dsmall) {
    uint64_t S = lane_sum(s, W);
    if (dsmall == 8 || dsmall == 12) {
        /* spelled out so the constants are literals whatever the compiler unrolls */
        if (dsmall == 8) {
            s[0] = small_term(S, s[0], -2, 0);
            s[1] = small_term(S, s[1], 1, 0);
            s[2] = small_term(S, s[2], 2, 0);
            s[3] = small_term(S, s[3], 1, 1);
            s[4] = small_term(S, s[4], 3, 0);
            s[5] = small_term(S, s[5], -1, 1);
            s[6] = small_term(S, s[6], -3, 0);
            s[7] = small_term(S, s[7], -4, 0);
        } else {
            s[0] = small_term(S, s[0], -2, 0);
            s[1] = small_term(S, s[1], 1, 0);
            s[2] = small_term(S, s[2], 2, 0);
            s[3] = small_term(S, s[3], 1, 1);
            s[4] = small_term(S, s[4], 3, 0);
            s[5] = small_term(S, s[5], 4, 0);
            s[6] = small_term(S, s[6], -1, 1);
            s[7] = small_term(S, s[7], -3, 0);
            s[8] = small_term(S, s[8], -4, 0);
            s[9] = small_term(S, s[9], 1, 2);
            s[10] = small_term(S, s[10], -1, 2);
            s[11] = small_term(S, s[11], 1, 3);
        }
    } else {
        P2GL_UNROLL
        for (unsigned i = 0; i < W; i++) s[i] = hs_gl_reduce128((hs_u128)pp->diag[i] * s[i] + S);
    }
}

void hs_p2gl_external_linear(const hs_p2gl_params *pp, uint64_t *s) {
    if (pp->width == 8)
        ext_linear(s, 8, pp->m4);
    else
        ext_linear(s, 12, pp->m4);
}

void hs_p2gl_internal_linear(const hs_p2gl_params *pp, uint64_t *s) {
    if (pp->width == 8)
        int_linear(pp, s, 8, pp->diag_small);
    else
        int_linear(pp, s, 12, pp->diag_small);
}

/* ---- permutation ---- */

P2GL_INLINE void full_round(const uint64_t *rc, uint64_t *s, const unsigned W, unsigned m4) {
    P2GL_UNROLL
    for (unsigned i = 0; i < W; i++) s[i] = hs_gl_pow7(hs_gl_add(s[i], rc[i]));
    ext_linear(s, W, m4);
}

P2GL_INLINE void permute_impl(const hs_p2gl_params *pp, uint64_t *s, uint64_t *out, const unsigned W,
                              unsigned m4, const unsigned dsmall) {
    ext_linear(s, W, m4);
    if (out) memcpy(out, s, W * sizeof *s), out += W;
    for (unsigned r = 0; r < HS_P2GL_HALF_FULL; r++) {
        full_round(pp->rc_init[r], s, W, m4);
        if (out) memcpy(out, s, W * sizeof *s), out += W;
    }
    for (unsigned r = 0; r < pp->partial; r++) {
        s[0] = hs_gl_pow7(hs_gl_add(s[0], pp->rc_int[r]));
        int_linear(pp, s, W, dsmall);
        if (out) memcpy(out, s, W * sizeof *s), out += W;
    }
    for (unsigned r = 0; r < HS_P2GL_HALF_FULL; r++) {
        full_round(pp->rc_final[r], s, W, m4);
        if (out) memcpy(out, s, W * sizeof *s), out += W;
    }
}

typedef void (*permute_fn)(const hs_p2gl_params *, uint64_t *, uint64_t *);

/* Specialised copies: the defaults (MDSMat4, small diagonal) and a generic one per width. */
static void permute8_p3(const hs_p2gl_params *pp, uint64_t *s, uint64_t *out) {
    permute_impl(pp, s, out, 8, HS_P2GL_M4_PLONKY3, 8);
}
static void permute12_p3(const hs_p2gl_params *pp, uint64_t *s, uint64_t *out) {
    permute_impl(pp, s, out, 12, HS_P2GL_M4_PLONKY3, 12);
}
static void permute8_any(const hs_p2gl_params *pp, uint64_t *s, uint64_t *out) {
    permute_impl(pp, s, out, 8, pp->m4, pp->diag_small);
}
static void permute12_any(const hs_p2gl_params *pp, uint64_t *s, uint64_t *out) {
    permute_impl(pp, s, out, 12, pp->m4, pp->diag_small);
}

static permute_fn select_fn(const hs_p2gl_params *pp) {
    int p3 = pp->m4 == HS_P2GL_M4_PLONKY3 && pp->diag_small == pp->width;
    if (pp->width == 8) return p3 ? permute8_p3 : permute8_any;
    return p3 ? permute12_p3 : permute12_any;
}

void hs_p2gl_permute_trace(const hs_p2gl_params *pp, uint64_t *s, uint64_t *rounds_out) {
    select_fn(pp)(pp, s, rounds_out);
}

void hs_p2gl_permute(const hs_p2gl_params *pp, uint64_t *s) { select_fn(pp)(pp, s, NULL); }

void hs_p2gl_permute_many_portable(const hs_p2gl_params *pp, uint64_t *states, size_t n) {
    const permute_fn fn = select_fn(pp);
    for (size_t k = 0; k < n; k++) fn(pp, states + k * pp->width, NULL);
}

#ifndef HS_HAVE_AVX2
void hs_p2gl_permute_many_avx2(const hs_p2gl_params *pp, uint64_t *states, size_t n) {
    hs_p2gl_permute_many_portable(pp, states, n);
}
#endif
#ifndef HS_HAVE_AVX512
void hs_p2gl_permute_many_avx512(const hs_p2gl_params *pp, uint64_t *states, size_t n) {
    hs_p2gl_permute_many_avx2(pp, states, n);
}
#endif

static void permute_many_1t(const hs_p2gl_params *pp, uint64_t *states, size_t n) {
    if (hs_cpu_has_avx512())
        hs_p2gl_permute_many_avx512(pp, states, n);
    else if (hs_cpu_has_avx2())
        hs_p2gl_permute_many_avx2(pp, states, n);
    else
        hs_p2gl_permute_many_portable(pp, states, n);
}

typedef struct {
    const hs_p2gl_params *pp;
    uint64_t *states;
} many_ctx;

static void many_batch(void *ctx, size_t lo, size_t cnt) {
    many_ctx *m = ctx;
    permute_many_1t(m->pp, m->states + lo * m->pp->width, cnt);
}

void hs_p2gl_permute_many(const hs_p2gl_params *pp, uint64_t *states, size_t n, unsigned threads) {
    many_ctx m = {pp, states};
    hs_parallel_batches(n, 256, threads, many_batch, &m); /* a multiple of 8 states */
}
