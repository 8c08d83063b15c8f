#include "hash/poseidon2_m31.h"

#include <pthread.h>
#include <string.h>

#include "util/parallel.h"
#include "util/cpu.h"

extern const uint32_t hs_p2m31_16_rc_ext_init[4][16], hs_p2m31_16_rc_int[14], hs_p2m31_16_rc_ext_final[4][16],
    hs_p2m31_16_diag[16];
extern const uint32_t hs_p2m31_24_rc_ext_init[4][24], hs_p2m31_24_rc_int[22], hs_p2m31_24_rc_ext_final[4][24],
    hs_p2m31_24_diag[24];

/* Recognise V entries the SIMD kernel can apply with a rotation instead of a product. */
static void classify_diag(hs_p2m31_params *pp) {
    for (unsigned i = 0; i < pp->width; i++) {
        hs_m31 v = pp->diag[i];
        pp->diag_kind[i] = HS_P2M31_DIAG_GENERIC;
        pp->diag_arg[i] = 0;
        for (unsigned k = 0; k < HS_M31_BITS; k++) {
            hs_m31 c = (hs_m31)1 << k;
            if (c == v) {
                pp->diag_kind[i] = HS_P2M31_DIAG_POW2;
                pp->diag_arg[i] = (uint8_t)k;
                break;
            }
            if (hs_m31_neg(c) == v) {
                pp->diag_kind[i] = HS_P2M31_DIAG_NEG_POW2;
                pp->diag_arg[i] = (uint8_t)k;
                break;
            }
        }
    }
}

int hs_p2m31_params_init(hs_p2m31_params *pp, unsigned width, unsigned partial, const uint32_t *rc_init,
                         const uint32_t *rc_int, const uint32_t *rc_final, const uint32_t *diag) {
    memset(pp, 0, sizeof *pp);
    if ((width != 16 && width != 24) || partial == 0 || partial > HS_P2M31_MAX_PARTIAL) return 0;
    pp->width = width;
    pp->partial = partial;
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++)
        for (unsigned i = 0; i < width; i++) {
            uint32_t a = rc_init[r * width + i], b = rc_final[r * width + i];
            if (a >= HS_M31_P || b >= HS_M31_P) return 0;
            pp->rc_init[r][i] = a;
            pp->rc_final[r][i] = b;
        }
    for (unsigned r = 0; r < partial; r++) {
        if (rc_int[r] >= HS_M31_P) return 0;
        pp->rc_int[r] = rc_int[r];
    }
    for (unsigned i = 0; i < width; i++) {
        if (diag[i] >= HS_M31_P) return 0;
        pp->diag[i] = diag[i];
    }
    classify_diag(pp);
    return 1;
}

static hs_p2m31_params default16, default24;
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void init_defaults(void) {
    hs_p2m31_params_init(&default16, 16, 14, &hs_p2m31_16_rc_ext_init[0][0], hs_p2m31_16_rc_int,
                         &hs_p2m31_16_rc_ext_final[0][0], hs_p2m31_16_diag);
    hs_p2m31_params_init(&default24, 24, 22, &hs_p2m31_24_rc_ext_init[0][0], hs_p2m31_24_rc_int,
                         &hs_p2m31_24_rc_ext_final[0][0], hs_p2m31_24_diag);
}

const hs_p2m31_params *hs_p2m31_default16(void) {
    pthread_once(&defaults_once, init_defaults);
    return &default16;
}
const hs_p2m31_params *hs_p2m31_default24(void) {
    pthread_once(&defaults_once, init_defaults);
    return &default24;
}

/* M4 = [[2,3,1,1],[1,2,3,1],[1,1,2,3],[3,1,1,2]] with 8 additions. */
static inline void mat4(hs_m31 *x) {
    hs_m31 t01 = hs_m31_add(x[0], x[1]);
    hs_m31 t23 = hs_m31_add(x[2], x[3]);
    hs_m31 t0123 = hs_m31_add(t01, t23);
    hs_m31 t01123 = hs_m31_add(t0123, x[1]);
    hs_m31 t01233 = hs_m31_add(t0123, x[3]);
    hs_m31 y3 = hs_m31_add(t01233, hs_m31_double(x[0]));
    hs_m31 y1 = hs_m31_add(t01123, hs_m31_double(x[2]));
    hs_m31 y0 = hs_m31_add(t01123, t01);
    hs_m31 y2 = hs_m31_add(t01233, t23);
    x[0] = y0;
    x[1] = y1;
    x[2] = y2;
    x[3] = y3;
}

void hs_p2m31_external_linear(hs_m31 *s, unsigned width) {
    for (unsigned c = 0; c < width; c += 4) mat4(s + c);
    hs_m31 sums[4];
    for (unsigned j = 0; j < 4; j++) {
        sums[j] = s[j];
        for (unsigned c = 4; c < width; c += 4) sums[j] = hs_m31_add(sums[j], s[c + j]);
    }
    for (unsigned i = 0; i < width; i++) s[i] = hs_m31_add(s[i], sums[i & 3]);
}

/* Plain products here (not the rotations of the SIMD kernel), so the two paths check each other. */
void hs_p2m31_internal_linear(const hs_p2m31_params *pp, hs_m31 *s) {
    hs_m31 sum = s[0];
    for (unsigned i = 1; i < pp->width; i++) sum = hs_m31_add(sum, s[i]);
    for (unsigned i = 0; i < pp->width; i++) s[i] = hs_m31_add(sum, hs_m31_mul(pp->diag[i], s[i]));
}

static void full_round(const hs_m31 *rc, hs_m31 *s, unsigned width) {
    for (unsigned i = 0; i < width; i++) s[i] = hs_m31_pow5(hs_m31_add(s[i], rc[i]));
    hs_p2m31_external_linear(s, width);
}

static void partial_round(const hs_p2m31_params *pp, hs_m31 rc, hs_m31 *s) {
    s[0] = hs_m31_pow5(hs_m31_add(s[0], rc));
    hs_p2m31_internal_linear(pp, s);
}

void hs_p2m31_permute_trace(const hs_p2m31_params *pp, hs_m31 *s, hs_m31 *out) {
    const unsigned w = pp->width;
    hs_p2m31_external_linear(s, w);
    if (out) memcpy(out, s, w * sizeof *s), out += w;
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++) {
        full_round(pp->rc_init[r], s, w);
        if (out) memcpy(out, s, w * sizeof *s), out += w;
    }
    for (unsigned r = 0; r < pp->partial; r++) {
        partial_round(pp, pp->rc_int[r], s);
        if (out) memcpy(out, s, w * sizeof *s), out += w;
    }
    for (unsigned r = 0; r < HS_P2M31_HALF_FULL; r++) {
        full_round(pp->rc_final[r], s, w);
        if (out) memcpy(out, s, w * sizeof *s), out += w;
    }
}

void hs_p2m31_permute(const hs_p2m31_params *pp, hs_m31 *s) { hs_p2m31_permute_trace(pp, s, NULL); }

void hs_p2m31_permute_many_portable(const hs_p2m31_params *pp, uint32_t *states, size_t n) {
    const unsigned w = pp->width;
    for (size_t k = 0; k < n; k++) {
        uint32_t *s = states + k * w;
        for (unsigned i = 0; i < w; i++) s[i] = hs_m31_from_u32(s[i]);
        hs_p2m31_permute(pp, s);
    }
}

#ifndef HS_HAVE_AVX2
void hs_p2m31_permute_many_avx2(const hs_p2m31_params *pp, uint32_t *states, size_t n) {
    hs_p2m31_permute_many_portable(pp, states, n);
}
#endif

static void permute_many_1t(const hs_p2m31_params *pp, uint32_t *states, size_t n) {
    if (hs_cpu_has_avx2())
        hs_p2m31_permute_many_avx2(pp, states, n);
    else
        hs_p2m31_permute_many_portable(pp, states, n);
}

typedef struct {
    const hs_p2m31_params *pp;
    uint32_t *states;
} many_ctx;

static void many_batch(void *ctx, size_t lo, size_t cnt) {
    many_ctx *m = ctx;
    permute_many_1t(m->pp, m->states + lo * m->pp->width, cnt);
}

void hs_p2m31_permute_many(const hs_p2m31_params *pp, uint32_t *states, size_t n, unsigned threads) {
    many_ctx m = {pp, states};
    hs_parallel_batches(n, 512, threads, many_batch, &m); /* a multiple of 8, a few L1-sized blocks */
}

/* ---- naive reference: uint64 integers, % p after every operation ---- */

static uint64_t nv_add(uint64_t a, uint64_t b) { return (a + b) % HS_M31_P; }
static uint64_t nv_mul(uint64_t a, uint64_t b) { return (a * b) % HS_M31_P; }
static uint64_t nv_pow5(uint64_t x) { return nv_mul(nv_mul(nv_mul(nv_mul(x, x), x), x), x); }

/* t = M_E s, M_E written out: 2*M4 on the diagonal blocks, M4 elsewhere. */
static void nv_external(uint64_t *s, unsigned w) {
    static const uint64_t M4[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    uint64_t t[HS_P2M31_MAX_WIDTH];
    for (unsigned i = 0; i < w; i++) {
        uint64_t acc = 0;
        for (unsigned j = 0; j < w; j++) {
            uint64_t m = M4[i & 3][j & 3] * ((i >> 2) == (j >> 2) ? 2 : 1);
            acc = nv_add(acc, nv_mul(m, s[j]));
        }
        t[i] = acc;
    }
    for (unsigned i = 0; i < w; i++) s[i] = t[i];
}

void hs_p2m31_permute_naive(const hs_p2m31_params *pp, uint32_t *st) {
    const unsigned w = pp->width;
    uint64_t s[HS_P2M31_MAX_WIDTH];
    for (unsigned i = 0; i < w; i++) s[i] = st[i] % HS_M31_P;
    nv_external(s, w);
    for (unsigned r = 0; r < 2 * HS_P2M31_HALF_FULL + pp->partial; r++) {
        int full = r < HS_P2M31_HALF_FULL || r >= HS_P2M31_HALF_FULL + pp->partial;
        if (full) {
            const hs_m31 *rc =
                r < HS_P2M31_HALF_FULL ? pp->rc_init[r] : pp->rc_final[r - HS_P2M31_HALF_FULL - pp->partial];
            for (unsigned i = 0; i < w; i++) s[i] = nv_pow5(nv_add(s[i], rc[i]));
            nv_external(s, w);
        } else {
            s[0] = nv_pow5(nv_add(s[0], pp->rc_int[r - HS_P2M31_HALF_FULL]));
            uint64_t sum = 0;
            for (unsigned j = 0; j < w; j++) sum = nv_add(sum, s[j]);
            for (unsigned i = 0; i < w; i++) s[i] = nv_add(sum, nv_mul(pp->diag[i], s[i]));
        }
    }
    for (unsigned i = 0; i < w; i++) st[i] = (uint32_t)s[i];
}

void hs_p2m31_16_compress(hs_m31 out[8], const hs_m31 left[8], const hs_m31 right[8]) {
    hs_m31 s[16];
    memcpy(s, left, 8 * sizeof *s);
    memcpy(s + 8, right, 8 * sizeof *s);
    hs_p2m31_permute(hs_p2m31_default16(), s);
    memcpy(out, s, 8 * sizeof *s);
}

void hs_p2m31_16_sponge(hs_m31 out[8], const hs_m31 *in, size_t n) {
    hs_m31 s[16] = {0};
    const hs_p2m31_params *pp = hs_p2m31_default16();
    for (size_t off = 0; off < n; off += 8) {
        size_t m = n - off < 8 ? n - off : 8;
        memcpy(s, in + off, m * sizeof *s);
        hs_p2m31_permute(pp, s);
    }
    memcpy(out, s, 8 * sizeof *s);
}
