/* Poseidon2-KoalaBear batch kernel: 8 independent states, one per AVX2 lane.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include <string.h>

#include "field/kb_avx2.h"
#include "hash/poseidon2_kb.h"

/* 8x8 transpose of 32-bit words: r[i] lane j  ->  r[j] lane i. */
static inline void transpose8(__m256i r[8]) {
    __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    __m256i t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    __m256i t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    __m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    __m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
    r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

static inline void mat4x(hs_kb8x *x) {
    hs_kb8x t01 = hs_kb8x_add(x[0], x[1]);
    hs_kb8x t23 = hs_kb8x_add(x[2], x[3]);
    hs_kb8x t0123 = hs_kb8x_add(t01, t23);
    hs_kb8x t01123 = hs_kb8x_add(t0123, x[1]);
    hs_kb8x t01233 = hs_kb8x_add(t0123, x[3]);
    hs_kb8x y3 = hs_kb8x_add(t01233, hs_kb8x_double(x[0]));
    hs_kb8x y1 = hs_kb8x_add(t01123, hs_kb8x_double(x[2]));
    hs_kb8x y0 = hs_kb8x_add(t01123, t01);
    hs_kb8x y2 = hs_kb8x_add(t01233, t23);
    x[0] = y0;
    x[1] = y1;
    x[2] = y2;
    x[3] = y3;
}

static inline void external_linear(hs_kb8x *s, unsigned w) {
    for (unsigned c = 0; c < w; c += 4) mat4x(s + c);
    hs_kb8x sums[4];
    for (unsigned j = 0; j < 4; j++) {
        sums[j] = s[j];
        for (unsigned c = 4; c < w; c += 4) sums[j] = hs_kb8x_add(sums[j], s[c + j]);
    }
    for (unsigned i = 0; i < w; i++) s[i] = hs_kb8x_add(s[i], sums[i & 3]);
}

static inline void full_round(hs_kb8x *s, const hs_kb *rc, unsigned w) {
    for (unsigned i = 0; i < w; i++) s[i] = hs_kb8x_cube(hs_kb8x_add(s[i], hs_kb8x_set1(rc[i])));
    external_linear(s, w);
}

/* sum + V*x, V given by its kind (see hs_diag_kind). */
static inline hs_kb8x diag_term(hs_kb8x sum, hs_kb8x x, int kind, int arg, hs_kb v) {
    switch (kind) {
    case HS_DIAG_SMALL: {
        int m = arg < 0 ? -arg : arg;
        hs_kb8x t = x;
        if (m == 0) return sum;
        if (m == 2) t = hs_kb8x_double(x);
        if (m == 3) t = hs_kb8x_add(hs_kb8x_double(x), x);
        if (m == 4) t = hs_kb8x_double(hs_kb8x_double(x));
        return arg < 0 ? hs_kb8x_sub(sum, t) : hs_kb8x_add(sum, t);
    }
    case HS_DIAG_INV_POW2: return hs_kb8x_add(sum, hs_kb8x_mul_2exp_neg(x, arg));
    case HS_DIAG_NEG_INV_POW2: return hs_kb8x_sub(sum, hs_kb8x_mul_2exp_neg(x, arg));
    default: return hs_kb8x_add(sum, hs_kb8x_mul(x, hs_kb8x_set1(v)));
    }
}

static inline void partial_round(const hs_p2kb_params *pp, hs_kb8x *s, hs_kb rc, unsigned w) {
    s[0] = hs_kb8x_cube(hs_kb8x_add(s[0], hs_kb8x_set1(rc)));
    /* pairwise tree for the sum: shorter dependency chains */
    hs_kb8x part[12];
    for (unsigned i = 0; i < w / 2; i++) part[i] = hs_kb8x_add(s[2 * i], s[2 * i + 1]);
    for (unsigned m = w / 2; m > 1;) {
        unsigned h = m / 2;
        for (unsigned i = 0; i < h; i++) part[i] = hs_kb8x_add(part[i], part[m - 1 - i]);
        m -= h;
    }
    hs_kb8x sum = part[0];
    for (unsigned i = 0; i < w; i++) s[i] = diag_term(sum, s[i], pp->diag_kind[i], pp->diag_arg[i], pp->diag[i]);
}

/* Permute 8 states stored consecutively at st (8 * w words). */
static inline void permute8(const hs_p2kb_params *pp, uint32_t *st, int canonical, const unsigned w) {
    hs_kb8x s[HS_P2KB_MAX_WIDTH];
    for (unsigned b = 0; b < w; b += 8) {
        for (unsigned k = 0; k < 8; k++) s[b + k] = _mm256_loadu_si256((const __m256i *)(st + k * w + b));
        transpose8(s + b);
    }
    if (canonical) {
        const hs_kb8x r2 = hs_kb8x_set1(HS_KB_R2);
        for (unsigned i = 0; i < w; i++) s[i] = hs_kb8x_mul(s[i], r2);
    }
    external_linear(s, w);
    for (unsigned r = 0; r < HS_P2KB_HALF_FULL; r++) full_round(s, pp->rc_init[r], w);
    for (unsigned r = 0; r < pp->partial; r++) partial_round(pp, s, pp->rc_int[r], w);
    for (unsigned r = 0; r < HS_P2KB_HALF_FULL; r++) full_round(s, pp->rc_final[r], w);
    if (canonical) {
        const hs_kb8x one_raw = hs_kb8x_set1(1); /* REDC(x * 1) leaves Montgomery form */
        for (unsigned i = 0; i < w; i++) s[i] = hs_kb8x_mul(s[i], one_raw);
    }
    for (unsigned b = 0; b < w; b += 8) {
        transpose8(s + b);
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(st + k * w + b), s[b + k]);
    }
}

/* Width as a compile-time constant so loops unroll fully. */
static void run16(const hs_p2kb_params *pp, uint32_t *st, size_t groups, int canonical) {
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 16, canonical, 16);
}
static void run24(const hs_p2kb_params *pp, uint32_t *st, size_t groups, int canonical) {
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 24, canonical, 24);
}

void hs_p2kb_permute_many_avx2(const hs_p2kb_params *pp, uint32_t *states, size_t n, int canonical) {
    const unsigned w = pp->width;
    size_t groups = n / 8, rest = n % 8;
    if (w == 16)
        run16(pp, states, groups, canonical);
    else
        run24(pp, states, groups, canonical);
    if (rest) {
        uint32_t buf[8 * HS_P2KB_MAX_WIDTH] = {0};
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        if (w == 16)
            run16(pp, buf, 1, canonical);
        else
            run24(pp, buf, 1, canonical);
        memcpy(tail, buf, rest * w * sizeof *buf);
    }
}
