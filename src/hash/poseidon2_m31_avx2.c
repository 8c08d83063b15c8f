/* Poseidon2-Mersenne31 batch kernel: 8 independent states, one per AVX2 lane.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include <string.h>

#include "field/m31_avx2.h"
#include "hash/poseidon2_m31.h"

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

static inline void mat4x(hs_m31x8 *x) {
    hs_m31x8 t01 = hs_m31x8_add(x[0], x[1]);
    hs_m31x8 t23 = hs_m31x8_add(x[2], x[3]);
    hs_m31x8 t0123 = hs_m31x8_add(t01, t23);
    hs_m31x8 t01123 = hs_m31x8_add(t0123, x[1]);
    hs_m31x8 t01233 = hs_m31x8_add(t0123, x[3]);
    hs_m31x8 y3 = hs_m31x8_add(t01233, hs_m31x8_double(x[0]));
    hs_m31x8 y1 = hs_m31x8_add(t01123, hs_m31x8_double(x[2]));
    hs_m31x8 y0 = hs_m31x8_add(t01123, t01);
    hs_m31x8 y2 = hs_m31x8_add(t01233, t23);
    x[0] = y0;
    x[1] = y1;
    x[2] = y2;
    x[3] = y3;
}

static inline void external_linear(hs_m31x8 *s, unsigned w) {
    for (unsigned c = 0; c < w; c += 4) mat4x(s + c);
    hs_m31x8 sums[4];
    for (unsigned j = 0; j < 4; j++) {
        sums[j] = s[j];
        for (unsigned c = 4; c < w; c += 4) sums[j] = hs_m31x8_add(sums[j], s[c + j]);
    }
    for (unsigned i = 0; i < w; i++) s[i] = hs_m31x8_add(s[i], sums[i & 3]);
}

static inline void full_round(hs_m31x8 *s, const hs_m31 *rc, unsigned w) {
    for (unsigned i = 0; i < w; i++) s[i] = hs_m31x8_pow5(hs_m31x8_add(s[i], hs_m31x8_set1(rc[i])));
    external_linear(s, w);
}

/* sum + V*x, V given by its kind (see hs_p2m31_diag_kind). */
static inline hs_m31x8 diag_term(hs_m31x8 sum, hs_m31x8 x, int kind, int arg, hs_m31 v) {
    switch (kind) {
    case HS_P2M31_DIAG_POW2: return hs_m31x8_add(sum, hs_m31x8_mul_2exp(x, arg));
    case HS_P2M31_DIAG_NEG_POW2: return hs_m31x8_sub(sum, hs_m31x8_mul_2exp(x, arg));
    default: return hs_m31x8_add(sum, hs_m31x8_mul(x, hs_m31x8_set1(v)));
    }
}

static inline void partial_round(const hs_p2m31_params *pp, hs_m31x8 *s, hs_m31 rc, unsigned w) {
    /* The sum of lanes 1..w-1 does not wait for the S-box on lane 0: a pairwise tree over
     * them runs alongside it, and lane 0 joins with one last addition. */
    hs_m31x8 part[HS_P2M31_MAX_WIDTH / 2];
    unsigned m = 0;
    for (unsigned i = 1; i + 1 < w; i += 2) part[m++] = hs_m31x8_add(s[i], s[i + 1]);
    if (!(w & 1)) part[m++] = s[w - 1];
    while (m > 1) {
        unsigned h = m / 2;
        for (unsigned i = 0; i < h; i++) part[i] = hs_m31x8_add(part[i], part[m - 1 - i]);
        m -= h;
    }
    s[0] = hs_m31x8_pow5(hs_m31x8_add(s[0], hs_m31x8_set1(rc)));
    hs_m31x8 sum = hs_m31x8_add(part[0], s[0]);
    for (unsigned i = 0; i < w; i++) s[i] = diag_term(sum, s[i], pp->diag_kind[i], pp->diag_arg[i], pp->diag[i]);
}

/* Permute 8 states stored consecutively at st (8 * w words). */
static inline void permute8(const hs_p2m31_params *pp, uint32_t *st, const unsigned w) {
    hs_m31x8 s[HS_P2M31_MAX_WIDTH];
    for (unsigned b = 0; b < w; b += 8) {
        for (unsigned k = 0; k < 8; k++) s[b + k] = _mm256_loadu_si256((const __m256i *)(st + k * w + b));
        transpose8(s + b);
    }
    for (unsigned i = 0; i < w; i++) s[i] = hs_m31x8_reduce(s[i]); /* accept any 32-bit input */
    external_linear(s, w);
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++) full_round(s, pp->rc_init[r], w);
    for (unsigned r = 0; r < pp->partial; r++) partial_round(pp, s, pp->rc_int[r], w);
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++) full_round(s, pp->rc_final[r], w);
    for (unsigned b = 0; b < w; b += 8) {
        transpose8(s + b);
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(st + k * w + b), s[b + k]);
    }
}

/* Width as a compile-time constant so loops unroll fully. */
static void run16(const hs_p2m31_params *pp, uint32_t *st, size_t groups) {
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 16, 16);
}
static void run24(const hs_p2m31_params *pp, uint32_t *st, size_t groups) {
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 24, 24);
}

void hs_p2m31_permute_many_avx2(const hs_p2m31_params *pp, uint32_t *states, size_t n) {
    const unsigned w = pp->width;
    size_t groups = n / 8, rest = n % 8;
    if (w == 16)
        run16(pp, states, groups);
    else
        run24(pp, states, groups);
    if (rest) {
        uint32_t buf[8 * HS_P2M31_MAX_WIDTH] = {0};
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        if (w == 16)
            run16(pp, buf, 1);
        else
            run24(pp, buf, 1);
        memcpy(tail, buf, rest * w * sizeof *buf);
    }
}
