/* Poseidon2 over the Monty-31 fields, batch kernel: 8 independent states, one per AVX2 lane.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2(). */
#include <string.h>

#include "field/monty31_avx2.h"
#include "hash/poseidon2_monty31.h"

typedef struct {
    __m256i P, MU;
    unsigned m, s; /* p = 1 + (2^m - 1) 2^s */
} fconst;

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

#define ADD(a, b) hs_mt8_add(a, b, F->P)
#define SUB(a, b) hs_mt8_sub(a, b, F->P)
#define MUL(a, b) hs_mt8_mul(a, b, F->P, F->MU)

static inline void mat4x(const fconst *F, __m256i *x) {
    __m256i t01 = ADD(x[0], x[1]);
    __m256i t23 = ADD(x[2], x[3]);
    __m256i t0123 = ADD(t01, t23);
    __m256i t01123 = ADD(t0123, x[1]);
    __m256i t01233 = ADD(t0123, x[3]);
    __m256i y3 = ADD(t01233, ADD(x[0], x[0]));
    __m256i y1 = ADD(t01123, ADD(x[2], x[2]));
    __m256i y0 = ADD(t01123, t01);
    __m256i y2 = ADD(t01233, t23);
    x[0] = y0;
    x[1] = y1;
    x[2] = y2;
    x[3] = y3;
}

static inline void external_linear(const fconst *F, __m256i *s, unsigned w) {
    for (unsigned c = 0; c < w; c += 4) mat4x(F, s + c);
    __m256i sums[4];
    for (unsigned j = 0; j < 4; j++) {
        sums[j] = s[j];
        for (unsigned c = 4; c < w; c += 4) sums[j] = ADD(sums[j], s[c + j]);
    }
    for (unsigned i = 0; i < w; i++) s[i] = ADD(s[i], sums[i & 3]);
}

static inline __m256i sbox(const fconst *F, __m256i x, unsigned deg) {
    __m256i x2 = MUL(x, x), x3 = MUL(x2, x);
    if (deg == 3) return x3;
    return MUL(MUL(x2, x2), x3); /* x^7 */
}

static inline void full_round(const fconst *F, __m256i *s, const uint32_t *rc, unsigned w, unsigned deg) {
    for (unsigned i = 0; i < w; i++) s[i] = sbox(F, ADD(s[i], _mm256_set1_epi32((int)rc[i])), deg);
    external_linear(F, s, w);
}

/* sum + V*x, V given by its kind (see hs_diag_kind). */
static inline __m256i diag_term(const fconst *F, __m256i sum, __m256i x, int kind, int arg, uint32_t v) {
    switch (kind) {
    case HS_DIAG_SMALL: {
        int m = arg < 0 ? -arg : arg;
        __m256i t = x;
        if (m == 0) return sum;
        if (m == 2) t = ADD(x, x);
        if (m == 3) t = ADD(ADD(x, x), x);
        if (m == 4) t = ADD(x, x), t = ADD(t, t);
        return arg < 0 ? SUB(sum, t) : ADD(sum, t);
    }
    case HS_DIAG_INV_POW2: return ADD(sum, hs_mt8_mul_2exp_neg(x, arg, F->m, F->s, F->P));
    case HS_DIAG_NEG_INV_POW2: return SUB(sum, hs_mt8_mul_2exp_neg(x, arg, F->m, F->s, F->P));
    default: return ADD(sum, MUL(x, _mm256_set1_epi32((int)v)));
    }
}

static inline void partial_round(const fconst *F, const hs_p2_params *pp, __m256i *s, uint32_t rc, unsigned w,
                                 unsigned deg, __m256i *rec) {
    s[0] = sbox(F, ADD(s[0], _mm256_set1_epi32((int)rc)), deg);
    if (rec) *rec = s[0];
    /* pairwise tree for the sum: shorter dependency chains */
    __m256i part[12];
    for (unsigned i = 0; i < w / 2; i++) part[i] = ADD(s[2 * i], s[2 * i + 1]);
    for (unsigned m = w / 2; m > 1;) {
        unsigned h = m / 2;
        for (unsigned i = 0; i < h; i++) part[i] = ADD(part[i], part[m - 1 - i]);
        m -= h;
    }
    __m256i sum = part[0];
    for (unsigned i = 0; i < w; i++) s[i] = diag_term(F, sum, s[i], pp->diag_kind[i], pp->diag_arg[i], pp->diag[i]);
}

/* Permute 8 states stored consecutively at st (8 * w words). w and deg are constants at each
 * call site so the loops unroll and the S-box branch folds. rec != NULL also writes each state's
 * round record (see hs_p2_permute_many_record) to rec + k * rec_words for state k. */
static inline void permute8(const fconst *F, const hs_p2_params *pp, uint32_t *st, int canonical, const unsigned w,
                            const unsigned deg, uint32_t *rec) {
    __m256i s[HS_P2_MAX_WIDTH];
    __m256i rv[HS_P2_REC_MAX + 8];
    const unsigned rw = 9 * w + pp->partial;
    for (unsigned b = 0; b < w; b += 8) {
        for (unsigned k = 0; k < 8; k++) s[b + k] = _mm256_loadu_si256((const __m256i *)(st + k * w + b));
        transpose8(s + b);
    }
    if (canonical) {
        const __m256i r2 = _mm256_set1_epi32((int)pp->field->r2);
        for (unsigned i = 0; i < w; i++) s[i] = MUL(s[i], r2);
    }
    if (rec) memcpy(rv, s, w * sizeof *s);
    external_linear(F, s, w);
    for (unsigned r = 0; r < HS_P2_HALF_FULL; r++) {
        full_round(F, s, pp->rc_init[r], w, deg);
        if (rec) memcpy(rv + w * (1 + r), s, w * sizeof *s);
    }
    for (unsigned r = 0; r < pp->partial; r++) partial_round(F, pp, s, pp->rc_int[r], w, deg, rec ? rv + 5 * w + r : NULL);
    for (unsigned r = 0; r < HS_P2_HALF_FULL; r++) {
        full_round(F, s, pp->rc_final[r], w, deg);
        if (rec) memcpy(rv + 5 * w + pp->partial + w * r, s, w * sizeof *s);
    }
    if (canonical) {
        const __m256i one_raw = _mm256_set1_epi32(1); /* REDC(x * 1) leaves Montgomery form */
        for (unsigned i = 0; i < w; i++) s[i] = MUL(s[i], one_raw);
    }
    for (unsigned b = 0; b < w; b += 8) {
        transpose8(s + b);
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(st + k * w + b), s[b + k]);
    }
    if (rec) {
        for (unsigned c = 0; c < rw; c += 8) {
            transpose8(rv + c);
            for (unsigned k = 0; k < 8; k++) {
                if (c + 8 <= rw) {
                    _mm256_storeu_si256((__m256i *)(rec + (size_t)k * rw + c), rv[c + k]);
                } else {
                    uint32_t tmp[8];
                    _mm256_storeu_si256((__m256i *)tmp, rv[c + k]);
                    memcpy(rec + (size_t)k * rw + c, tmp, (rw - c) * sizeof *tmp);
                }
            }
        }
    }
}

#define RUNNER(name, W, D)                                                                            \
    static void name(const fconst *F, const hs_p2_params *pp, uint32_t *st, size_t groups, int canonical,      \
                     uint32_t *rec) {                                                                          \
        const size_t rw = 9 * (W) + pp->partial;                                                              \
        if (rec)                                                                                              \
            for (size_t g = 0; g < groups; g++)                                                               \
                permute8(F, pp, st + g * 8 * (W), canonical, W, D, rec + g * 8 * rw);                         \
        else                                                                                                  \
            for (size_t g = 0; g < groups; g++) permute8(F, pp, st + g * 8 * (W), canonical, W, D, NULL);    \
    }
RUNNER(run16_d3, 16, 3)
RUNNER(run24_d3, 24, 3)
RUNNER(run16_d7, 16, 7)
RUNNER(run24_d7, 24, 7)

static void run(const fconst *F, const hs_p2_params *pp, uint32_t *st, size_t groups, int canonical, uint32_t *rec) {
    if (pp->sbox == 3)
        (pp->width == 16 ? run16_d3 : run24_d3)(F, pp, st, groups, canonical, rec);
    else
        (pp->width == 16 ? run16_d7 : run24_d7)(F, pp, st, groups, canonical, rec);
}

static void many_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical, uint32_t *rec) {
    const unsigned w = pp->width;
    const size_t rw = 9 * w + pp->partial;
    const fconst F = {_mm256_set1_epi32((int)pp->field->p), _mm256_set1_epi32((int)pp->field->mu), pp->field->m,
                      pp->field->two_adicity};
    size_t groups = n / 8, rest = n % 8;
    run(&F, pp, states, groups, canonical, rec);
    if (rest) {
        uint32_t buf[8 * HS_P2_MAX_WIDTH] = {0}, rbuf[8 * HS_P2_REC_MAX];
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        run(&F, pp, buf, 1, canonical, rec ? rbuf : NULL);
        memcpy(tail, buf, rest * w * sizeof *buf);
        if (rec) memcpy(rec + groups * 8 * rw, rbuf, rest * rw * sizeof *rbuf);
    }
}

void hs_p2_permute_many_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical) {
    many_avx2(pp, states, n, canonical, NULL);
}

void hs_p2_permute_many_record_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    many_avx2(pp, states, n, 0, rec);
}
