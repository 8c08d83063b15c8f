/* Poseidon2-Mersenne31 batch kernel: 8 independent states, one per AVX2 lane.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include "util/avx2.h"
#include <string.h>

#include "field/m31_avx2.h"
#include "hash/poseidon2_m31.h"

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

static inline void external_linear(hs_m31x8 *s, const unsigned w) {
#pragma GCC unroll 6
    for (unsigned c = 0; c < w; c += 4) mat4x(s + c);
    hs_m31x8 sums[4];
#pragma GCC unroll 4
    for (unsigned j = 0; j < 4; j++) {
        sums[j] = s[j];
#pragma GCC unroll 6
        for (unsigned c = 4; c < w; c += 4) sums[j] = hs_m31x8_add(sums[j], s[c + j]);
    }
#pragma GCC unroll 24
    for (unsigned i = 0; i < w; i++) s[i] = hs_m31x8_add(s[i], sums[i & 3]);
}

static inline void full_round(hs_m31x8 *s, const hs_m31 *rc, const unsigned w) {
#pragma GCC unroll 24
    for (unsigned i = 0; i < w; i++) s[i] = hs_m31x8_pow5(hs_m31x8_add(s[i], hs_m31x8_set1(rc[i])));
    external_linear(s, w);
}

/* The internal diagonal. Plonky3's defaults, V = [-2, 2^sh[1], 2^sh[2], ...], are compiled in
 * so every term is a rotation by an immediate (V[1] = 1 costs nothing); any other V takes a
 * product per lane. */
static const uint8_t default_shifts16[16] = {1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 15, 16};
static const uint8_t default_shifts24[24] = {1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22};

static int is_default_diag(const hs_p2m31_params *pp) {
    const uint8_t *sh = pp->width == 16 ? default_shifts16 : default_shifts24;
    if (pp->diag_kind[0] != HS_P2M31_DIAG_NEG_POW2 || pp->diag_arg[0] != sh[0]) return 0;
    for (unsigned i = 1; i < pp->width; i++)
        if (pp->diag_kind[i] != HS_P2M31_DIAG_POW2 || pp->diag_arg[i] != sh[i]) return 0;
    return 1;
}

/* shifts != NULL: the default diagonal (a compile-time table); else vdiag holds V broadcast. */
static inline void partial_round(hs_m31x8 *s, hs_m31 rc, const unsigned w, const uint8_t *shifts,
                                 const hs_m31x8 *vdiag) {
    /* The sum of lanes 1..w-1 does not wait for the S-box on lane 0: a pairwise tree over
     * them runs alongside it, and lane 0 joins with one last addition. */
    hs_m31x8 part[HS_P2M31_MAX_WIDTH / 2];
    unsigned m = 0;
#pragma GCC unroll 12
    for (unsigned i = 1; i + 1 < w; i += 2) part[m++] = hs_m31x8_add(s[i], s[i + 1]);
    part[m++] = s[w - 1]; /* w is even */
    while (m > 1) {
        unsigned h = m / 2;
        for (unsigned i = 0; i < h; i++) part[i] = hs_m31x8_add(part[i], part[m - 1 - i]);
        m -= h;
    }
    hs_m31x8 x0 = hs_m31x8_pow5(hs_m31x8_add(s[0], hs_m31x8_set1(rc)));
    hs_m31x8 sum = hs_m31x8_add(part[0], x0);
    if (shifts) {
        s[0] = hs_m31x8_sub(sum, hs_m31x8_mul_2exp(x0, shifts[0]));
#pragma GCC unroll 24
        for (unsigned i = 1; i < w; i++) s[i] = hs_m31x8_add(sum, hs_m31x8_mul_2exp(s[i], shifts[i]));
    } else {
        s[0] = hs_m31x8_add(sum, hs_m31x8_mul(x0, vdiag[0]));
#pragma GCC unroll 24
        for (unsigned i = 1; i < w; i++) s[i] = hs_m31x8_add(sum, hs_m31x8_mul(s[i], vdiag[i]));
    }
}

/* Permute 8 states stored consecutively at st (8 * w words). Always inlined so that each run*
 * below gets its own copy with w and the diagonal table known. */
__attribute__((always_inline)) static inline void permute8(const hs_p2m31_params *pp, uint32_t *st, const unsigned w, const uint8_t *shifts,
                            const hs_m31x8 *vdiag) {
    hs_m31x8 s[HS_P2M31_MAX_WIDTH];
    for (unsigned b = 0; b < w; b += 8) {
        for (unsigned k = 0; k < 8; k++) s[b + k] = _mm256_loadu_si256((const __m256i *)(st + k * w + b));
        hs_transpose8x32(s + b);
    }
#pragma GCC unroll 24
    for (unsigned i = 0; i < w; i++) s[i] = hs_m31x8_reduce(s[i]); /* accept any 32-bit input */
    external_linear(s, w);
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++) full_round(s, pp->rc_init[r], w);
    for (unsigned r = 0; r < pp->partial; r++) partial_round(s, pp->rc_int[r], w, shifts, vdiag);
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++) full_round(s, pp->rc_final[r], w);
    for (unsigned b = 0; b < w; b += 8) {
        hs_transpose8x32(s + b);
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(st + k * w + b), s[b + k]);
    }
}

/* Width and diagonal as compile-time constants so loops unroll and shifts take immediates. */
static void run16_default(const hs_p2m31_params *pp, uint32_t *st, size_t groups, const hs_m31x8 *vdiag) {
    (void)vdiag;
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 16, 16, default_shifts16, NULL);
}
static void run24_default(const hs_p2m31_params *pp, uint32_t *st, size_t groups, const hs_m31x8 *vdiag) {
    (void)vdiag;
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 24, 24, default_shifts24, NULL);
}
static void run16_generic(const hs_p2m31_params *pp, uint32_t *st, size_t groups, const hs_m31x8 *vdiag) {
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 16, 16, NULL, vdiag);
}
static void run24_generic(const hs_p2m31_params *pp, uint32_t *st, size_t groups, const hs_m31x8 *vdiag) {
    for (size_t g = 0; g < groups; g++) permute8(pp, st + g * 8 * 24, 24, NULL, vdiag);
}

void hs_p2m31_permute_many_avx2(const hs_p2m31_params *pp, uint32_t *states, size_t n) {
    const unsigned w = pp->width;
    hs_m31x8 vdiag[HS_P2M31_MAX_WIDTH];
    for (unsigned i = 0; i < w; i++) vdiag[i] = hs_m31x8_set1(pp->diag[i]);
    void (*run)(const hs_p2m31_params *, uint32_t *, size_t, const hs_m31x8 *);
    if (is_default_diag(pp))
        run = w == 16 ? run16_default : run24_default;
    else
        run = w == 16 ? run16_generic : run24_generic;
    size_t groups = n / 8, rest = n % 8;
    run(pp, states, groups, vdiag);
    if (rest) {
        uint32_t buf[8 * HS_P2M31_MAX_WIDTH] = {0};
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        run(pp, buf, 1, vdiag);
        memcpy(tail, buf, rest * w * sizeof *buf);
    }
}
