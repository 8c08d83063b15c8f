/* Poseidon2-Mersenne31 batch kernel: 8 independent states, one per AVX2 lane.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2().
 *
 * The same shape as the Monty-31 kernel (poseidon2_monty31_avx2.c):
 * - S-box inputs are s + (rc - p), in [-p, p): one addition. x^2 and x^4 are signed squares
 *   folded without correction (m31_avx2.h), split in even/odd halves, and 8 lanes' S-boxes are
 *   interleaved; only x^4 * x is corrected, once for all 8 lanes.
 * - Plonky3's default diagonals are compiled in: every V[i] * x is a rotation by an immediate.
 * - In a partial round the sum of lanes 1..w-1 does not wait for lane 0's S-box, and with
 *   V[0] = -2 the new lane 0 is (sum of the others) - S(x0). Groups of 8 states go in pairs
 *   whose partial rounds are interleaved, so one lane-0 S-box chain hides the other's latency.
 * - One out-of-line copy of the full round per width; round constants broadcast once per call. */
#include <string.h>

#include "field/m31_avx2.h"
#include "hash/poseidon2_m31.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL

#define W_MAX HS_P2M31_MAX_WIDTH
#define HALF HS_P2M31_HALF_FULL

/* Broadcast once per call. */
typedef struct {
    __m256i rc_full[2 * HALF][W_MAX];    /* rc - p */
    __m256i rc_part[HS_P2M31_MAX_PARTIAL]; /* rc - p */
    __m256i diag[W_MAX];                 /* V, for a diagonal that is not the default */
} kconst;

#define P_VEC _mm256_set1_epi32((int)HS_M31_P)
#define ADD hs_m31x8_add
#define SUB hs_m31x8_sub

/* The S-box results' low words packed with one shufps (hs_p2x8_pack_swap12): lanes in swapped
 * order, natural again after 4 full rounds; a partial round puts them back at once. */
_Static_assert(HALF % 2 == 0, "swapped lane order must be undone after the initial full rounds");

/* x^5 of n <= 8 vectors at once: v[i] + rc[i] in [-p, p) -> [0, p), lane order swapped unless
 * natural. Step by step across the vectors so that the independent product chains interleave. */
#define SBOX_GROUP 8
AI void sbox_n(__m256i *v, const __m256i *rc, const unsigned n, const int natural) {
    const __m256i P = _mm256_set1_epi32((int)HS_M31_P);
    __m256i x[SBOX_GROUP], xo[SBOX_GROUP], ae[SBOX_GROUP], ao[SBOX_GROUP];
    UNROLL
    for (unsigned i = 0; i < n; i++) x[i] = _mm256_add_epi32(v[i], rc[i]), xo[i] = hs_m31x8_odd(x[i]);
    UNROLL
    for (unsigned i = 0; i < n; i++) ae[i] = hs_m31x8_sqr_s(x[i], P), ao[i] = hs_m31x8_sqr_s(xo[i], P); /* x^2 */
    UNROLL
    for (unsigned i = 0; i < n; i++) ae[i] = hs_m31x8_sqr_s(ae[i], P), ao[i] = hs_m31x8_sqr_s(ao[i], P); /* x^4 */
    UNROLL
    for (unsigned i = 0; i < n; i++) {
        __m256i te = _mm256_mul_epi32(ae[i], x[i]), to = _mm256_mul_epi32(ao[i], xo[i]);
        __m256i lo = hs_p2x8_pack_swap12(te, to, 0);
        __m256i hi = hs_p2x8_pack_swap12(_mm256_srli_epi64(te, 31), _mm256_srli_epi64(to, 31), 0);
        v[i] = hs_m31x8_fold_s(lo, hi, P);
        if (natural) v[i] = hs_p2x8_unswap12(v[i]);
    }
}

AI void full_round(__m256i *s, const __m256i *rc, const unsigned w) {
    UNROLL
    for (unsigned i = 0; i < w; i += SBOX_GROUP) sbox_n(s + i, rc + i, SBOX_GROUP, 0);
    hs_p2x8_external_linear(s, w, P_VEC);
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

/* Partial round on G groups (G = 1 or 2). Each group's lanes 1..w-1 are summed (pairwise tree)
 * without waiting for lane 0's S-box; the groups' lane-0 S-boxes run interleaved.
 * shifts != NULL: the default diagonal (V[0] = -2); else K->diag with a product per lane. */
AI void partial_round(const kconst *K, __m256i (*s)[W_MAX], __m256i rc, const unsigned w, const uint8_t *shifts,
                      const unsigned G) {
    __m256i part[2], y[2], r[2] = {rc, rc}, sum[2];
    UNROLL
    for (unsigned h = 0; h < G; h++) part[h] = hs_p2x8_sum_rest(s[h], w, P_VEC), y[h] = s[h][0];
    sbox_n(y, r, G, 1);
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        sum[h] = ADD(part[h], y[h]);
        if (shifts) {
            s[h][0] = SUB(part[h], y[h]); /* sum - 2 y */
            UNROLL
            for (unsigned i = 1; i < w; i++) s[h][i] = ADD(sum[h], hs_m31x8_mul_2exp(s[h][i], shifts[i]));
        } else {
            UNROLL
            for (unsigned i = 0; i < w; i++) s[h][i] = ADD(sum[h], hs_m31x8_mul(i ? s[h][i] : y[h], K->diag[i]));
        }
    }
}

typedef void (*full_fn)(__m256i *s, const __m256i *rc);

/* Permute G groups of 8 states (G = 1 or 2) stored consecutively at st (8 * w words per group);
 * with two groups their partial rounds run interleaved. full is the out-of-line full round. */
AI void permute(const hs_p2m31_params *pp, const kconst *K, uint32_t *st, const unsigned w, const uint8_t *shifts,
                full_fn full, const unsigned G) {
    __m256i s[2][W_MAX];
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        hs_p2x8_load(s[h], st + h * 8 * w, w);
        UNROLL
        for (unsigned i = 0; i < w; i++) s[h][i] = hs_m31x8_reduce(s[h][i]); /* accept any 32-bit input */
        hs_p2x8_external_linear(s[h], w, P_VEC);
    }
    for (unsigned r = 0; r < HALF; r++)
        UNROLL
        for (unsigned h = 0; h < G; h++) full(s[h], K->rc_full[r]);
    for (unsigned q = 0; q < pp->partial; q++) partial_round(K, s, K->rc_part[q], w, shifts, G);
    for (unsigned r = HALF; r < 2 * HALF; r++)
        UNROLL
        for (unsigned h = 0; h < G; h++) full(s[h], K->rc_full[r]);
    UNROLL
    for (unsigned h = 0; h < G; h++) hs_p2x8_store(st + h * 8 * w, s[h], w);
}

typedef void (*runner)(const hs_p2m31_params *pp, const kconst *K, uint32_t *st, size_t groups);

/* One runner per width and diagonal, groups in pairs (an odd one out alone). */
#define RUNNER(name, W, SHIFTS)                                                                                 \
    static __attribute__((noinline)) void name##_full(__m256i *s, const __m256i *rc) { full_round(s, rc, W); } \
    static void name(const hs_p2m31_params *pp, const kconst *K, uint32_t *st, size_t groups) {               \
        size_t g = 0;                                                                                          \
        for (; g + 2 <= groups; g += 2) permute(pp, K, st + g * 8 * (W), W, SHIFTS, name##_full, 2);            \
        if (g < groups) permute(pp, K, st + g * 8 * (W), W, SHIFTS, name##_full, 1);                           \
    }
RUNNER(run16_default, 16, default_shifts16)
RUNNER(run24_default, 24, default_shifts24)
RUNNER(run16_generic, 16, NULL)
RUNNER(run24_generic, 24, NULL)

void hs_p2m31_permute_many_avx2(const hs_p2m31_params *pp, uint32_t *states, size_t n) {
    if (n == 0) return;
    const unsigned w = pp->width;
    kconst K;
    for (unsigned r = 0; r < HALF; r++)
        for (unsigned i = 0; i < w; i++) {
            K.rc_full[r][i] = _mm256_set1_epi32((int)(pp->rc_init[r][i] - HS_M31_P));
            K.rc_full[HALF + r][i] = _mm256_set1_epi32((int)(pp->rc_final[r][i] - HS_M31_P));
        }
    for (unsigned r = 0; r < pp->partial; r++) K.rc_part[r] = _mm256_set1_epi32((int)(pp->rc_int[r] - HS_M31_P));
    for (unsigned i = 0; i < w; i++) K.diag[i] = hs_m31x8_set1(pp->diag[i]);
    runner run;
    if (is_default_diag(pp))
        run = w == 16 ? run16_default : run24_default;
    else
        run = w == 16 ? run16_generic : run24_generic;
    size_t groups = n / 8, rest = n % 8;
    run(pp, &K, states, groups);
    if (rest) {
        uint32_t buf[8 * W_MAX] = {0};
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        run(pp, &K, buf, 1);
        memcpy(tail, buf, rest * w * sizeof *buf);
    }
}
