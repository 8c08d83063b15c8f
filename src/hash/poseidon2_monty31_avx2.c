/* Poseidon2 over the Monty-31 fields, batch kernel: 8 independent states, one per AVX2 lane.
 * Compiled with -mavx2; reached only through hs_cpu_has_avx2().
 *
 * What makes it fast (each measured; see the note at each place):
 * - S-box inputs are s + (rc - p), in [-p, p): one addition, and the signed Montgomery products
 *   of monty31_avx2.h need no correction between products; intermediate powers stay split in
 *   even/odd halves (one shift each), and 8 lanes' S-boxes are interleaved.
 * - Plonky3's default diagonals are compiled in (codes below), so every V[i] * x is shifts and
 *   adds with immediates; an instance whose V differs takes a Montgomery product per lane.
 * - In a partial round the sum of lanes 1..w-1 does not wait for lane 0's S-box, and with
 *   V[0] = -2 the new lane 0 is (sum of the others) - S(x0). Groups of 8 states go in pairs
 *   whose partial rounds are interleaved, so one lane-0 S-box chain hides the other's latency.
 * - One out-of-line copy of the full round per instance (smaller hot code measured faster
 *   than inlining it at its call sites); round constants broadcast once per call. */
#include <string.h>

#include "field/bb.h"
#include "field/kb.h"
#include "field/monty31_avx2.h"
#include "hash/poseidon2_monty31.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL

typedef struct {
    __m256i P, MU;
} fconst;

/* Broadcast once per call. */
typedef struct {
    __m256i rc_full[2 * HS_P2_HALF_FULL][HS_P2_MAX_WIDTH]; /* rc - p */
    __m256i rc_part[HS_P2_MAX_PARTIAL];                    /* rc - p */
    __m256i diag[HS_P2_MAX_WIDTH];                         /* V, for the generic internal layer */
} kconst;

#define ADD(a, b) hs_mt8_add(a, b, F->P)
#define SUB(a, b) hs_mt8_sub(a, b, F->P)
#define DBL(a) hs_mt8_add(a, a, F->P)

AI void external_linear(const fconst *F, __m256i *s, const unsigned w) { hs_p2x8_external_linear(s, w, F->P); }

/* The high words of the even-lane and odd-lane products packed with one shufps (instead of
 * shift + blend): lanes in swapped order, natural again after 4 and after 8 full rounds. */
#define PACK(e, o) (swap ? hs_p2x8_pack_swap12(e, o, 1) : hs_mt8_pack_hi(e, o))
_Static_assert(HS_P2_HALF_FULL % 2 == 0, "swapped lane order must be undone by the partial rounds");

/* S-boxes of n <= 8 lanes at once: v[i] + rc[i] in [-p, p) -> S(.) in [0, p) (lane order
 * swapped if swap). Written step by step across the lanes so that the independent product
 * chains are interleaved in the instruction stream: 8 at a time measured best, the spills
 * this costs are cheaper than idle multipliers. x^7 (BabyBear) takes 4 products, each with its
 * own REDC (inputs must be 32-bit), 43 vector ops per vector against 23 for x^3; measured no
 * better for it: groups of 4, x (x^3)^2, x^3 x^4 fused per vector, q = t mu by shifts. */
#define SBOX_GROUP 8
AI void sbox_n(const fconst *F, __m256i *v, const __m256i *rc, const unsigned n, const unsigned deg, const int swap) {
    const __m256i P = F->P, MU = F->MU;
    __m256i x[SBOX_GROUP], xo[SBOX_GROUP], ae[SBOX_GROUP], ao[SBOX_GROUP];
    __m256i be[SBOX_GROUP], bo[SBOX_GROUP], ce[SBOX_GROUP], co[SBOX_GROUP];
    UNROLL
    for (unsigned i = 0; i < n; i++) x[i] = _mm256_add_epi32(v[i], rc[i]), xo[i] = hs_mt8_odd(x[i]);
    UNROLL
    for (unsigned i = 0; i < n; i++) {
        ae[i] = hs_mt8_odd(hs_mt8_mulhi_s(x[i], x[i], P, MU)); /* x^2 */
        ao[i] = hs_mt8_odd(hs_mt8_mulhi_s(xo[i], xo[i], P, MU));
    }
    if (deg == 3) {
        UNROLL
        for (unsigned i = 0; i < n; i++)
            v[i] = hs_mt8_canon_s(PACK(hs_mt8_mulhi_s(ae[i], x[i], P, MU), hs_mt8_mulhi_s(ao[i], xo[i], P, MU)), P);
        return;
    }
    UNROLL
    for (unsigned i = 0; i < n; i++) {
        be[i] = hs_mt8_odd(hs_mt8_mulhi_s(ae[i], x[i], P, MU)); /* x^3 */
        bo[i] = hs_mt8_odd(hs_mt8_mulhi_s(ao[i], xo[i], P, MU));
        ce[i] = hs_mt8_odd(hs_mt8_mulhi_s(ae[i], ae[i], P, MU)); /* x^4 */
        co[i] = hs_mt8_odd(hs_mt8_mulhi_s(ao[i], ao[i], P, MU));
    }
    UNROLL
    for (unsigned i = 0; i < n; i++)
        v[i] = hs_mt8_canon_s(PACK(hs_mt8_mulhi_s(be[i], ce[i], P, MU), hs_mt8_mulhi_s(bo[i], co[i], P, MU)), P);
}

AI void full_round(const fconst *F, __m256i *s, const __m256i *rc, const unsigned w, const unsigned deg) {
    UNROLL
    for (unsigned i = 0; i < w; i += SBOX_GROUP) sbox_n(F, s + i, rc + i, SBOX_GROUP, deg, 1);
    external_linear(F, s, w);
}

/* The default diagonals as codes: c in -4..4 for V = c; 32 + k for V = 2^-k; -(32 + k) for
 * V = -2^-k. They are matched against the instance's classification at run time. */
#define IP(k) (32 + (k))
#define NIP(k) (-(32 + (k)))
static const int8_t kb16_codes[16] = {-2, 1, 2, IP(1), 3, 4, NIP(1), -3, -4, IP(8), IP(3), IP(24), NIP(8), NIP(3), NIP(4), NIP(24)};
static const int8_t kb24_codes[24] = {-2,     1,      2,      IP(1),  3,      4,      NIP(1), -3,
                                      -4,     IP(8),  IP(2),  IP(3),  IP(4),  IP(5),  IP(6),  IP(24),
                                      NIP(8), NIP(3), NIP(4), NIP(5), NIP(6), NIP(7), NIP(9), NIP(24)};
static const int8_t bb16_codes[16] = {-2, 1, 2, IP(1), 3, 4, NIP(1), -3, -4, IP(8), IP(2), IP(3), IP(27), NIP(8), NIP(4), NIP(27)};
static const int8_t bb24_codes[24] = {-2,     1,      2,      IP(1),  3,      4,      NIP(1), -3,
                                      -4,     IP(8),  IP(2),  IP(3),  IP(4),  IP(7),  IP(9),  IP(27),
                                      NIP(8), NIP(2), NIP(3), NIP(4), NIP(5), NIP(6), NIP(7), NIP(27)};

static int diag_matches(const hs_p2_params *pp, const int8_t *codes) {
    for (unsigned i = 0; i < pp->width; i++) {
        int code = pp->diag_arg[i];
        if (pp->diag_kind[i] == HS_DIAG_INV_POW2) code = IP(code);
        else if (pp->diag_kind[i] == HS_DIAG_NEG_INV_POW2) code = NIP(code);
        else if (pp->diag_kind[i] != HS_DIAG_SMALL) return 0;
        if (code != codes[i]) return 0;
    }
    return 1;
}

/* |V| * x in [0, p) for x in [0, p), V given by its code; m, sa: p = 1 + (2^m - 1) 2^sa. */
AI __m256i diag_abs(const fconst *F, __m256i x, int code, unsigned m, unsigned sa) {
    int a = code < 0 ? -code : code;
    if (a == 1) return x;
    if (a == 2) return DBL(x);
    if (a == 3) return ADD(DBL(x), x);
    if (a == 4) return DBL(DBL(x));
    if (a == IP(1)) return hs_mt8_halve(x, F->P);
    return hs_mt8_mul_2exp_neg_c(x, a - 32, m, sa, F->P);
}
AI __m256i diag_term(const fconst *F, __m256i sum, __m256i x, int code, unsigned m, unsigned sa) {
    __m256i t = diag_abs(F, x, code, m, sa);
    return code < 0 ? SUB(sum, t) : ADD(sum, t);
}

/* Partial round on G groups (G = 1 or 2). Each group's lanes 1..w-1 are summed (pairwise tree)
 * without waiting for lane 0's S-box; the groups' lane-0 S-boxes run interleaved, so one
 * chain's latency overlaps the other's. codes != NULL: the compiled-in diagonal; else K->diag
 * with a product per lane. rec[h] != NULL receives group h's S-box output. */
AI void partial_round(const fconst *F, const kconst *K, __m256i (*s)[HS_P2_MAX_WIDTH], __m256i rc, const unsigned w,
                      const unsigned deg, const int8_t *codes, unsigned m, unsigned sa, __m256i *const *rec,
                      const unsigned G) {
    __m256i part[2], y[2], r[2] = {rc, rc}, sum[2];
    UNROLL
    for (unsigned h = 0; h < G; h++) part[h] = hs_p2x8_sum_rest(s[h], w, F->P), y[h] = s[h][0];
    sbox_n(F, y, r, G, deg, 0);
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        if (rec[h]) *rec[h] = y[h];
        sum[h] = ADD(part[h], y[h]);
        if (codes) {
            s[h][0] = codes[0] == -2 ? SUB(part[h], y[h]) : diag_term(F, sum[h], y[h], codes[0], m, sa);
            UNROLL
            for (unsigned i = 1; i < w; i++) s[h][i] = diag_term(F, sum[h], s[h][i], codes[i], m, sa);
        } else {
            s[h][0] = ADD(sum[h], hs_mt8_canon_s(hs_mt8_mul_s(y[h], K->diag[0], F->P, F->MU), F->P));
            UNROLL
            for (unsigned i = 1; i < w; i++)
                s[h][i] = ADD(sum[h], hs_mt8_canon_s(hs_mt8_mul_s(s[h][i], K->diag[i], F->P, F->MU), F->P));
        }
    }
}

typedef void (*full_fn)(const fconst *F, __m256i *s, const __m256i *rc);

/* Transpose 8 lane vectors v[0..8) (one word per state) and store state k's 8 words to
 * dst + row[k] * stride. */
AI void store_rows(uint32_t *dst, size_t stride, const __m256i *v, const unsigned *row) {
    __m256i t[8];
    UNROLL
    for (unsigned i = 0; i < 8; i++) t[i] = v[i];
    hs_transpose8x32(t);
    UNROLL
    for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(dst + row[k] * stride), t[k]);
}

/* Permute G groups of 8 states (G = 1 or 2) stored consecutively at st (8 * w words per
 * group). full is the out-of-line full round (one copy of its code serves all calls). With two
 * groups their partial rounds run interleaved. rec != NULL also writes each state's round
 * record (see hs_p2_permute_many_record) to rec + k * rec_words for state k: the states are
 * transposed straight into it as the rounds go. */
AI void permute(const fconst *F, const kconst *K, const hs_p2_params *pp, uint32_t *st, int canonical,
                const unsigned w, const unsigned deg, const int8_t *codes, unsigned m, unsigned sa, full_fn full,
                uint32_t *rec, const unsigned G) {
    static const unsigned natural[8] = {0, 1, 2, 3, 4, 5, 6, 7}, swapped[8] = {0, 2, 1, 3, 4, 6, 5, 7};
    __m256i s[2][HS_P2_MAX_WIDTH];
    __m256i ys[2][HS_P2_MAX_PARTIAL + 8];
    const unsigned partial = pp->partial, rw = 9 * w + partial;
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        const uint32_t *in = st + h * 8 * w;
        if (rec)
            for (unsigned k = 0; k < 8; k++) memcpy(rec + ((size_t)h * 8 + k) * rw, in + k * w, w * sizeof *in);
        hs_p2x8_load(s[h], in, w);
        if (canonical) {
            const __m256i r2 = _mm256_set1_epi32((int)pp->field->r2);
            UNROLL
            for (unsigned i = 0; i < w; i++) s[h][i] = hs_mt8_mul(s[h][i], r2, F->P, F->MU); /* any 32-bit input */
        }
        external_linear(F, s[h], w);
    }
    for (unsigned r = 0; r < 2 * HS_P2_HALF_FULL; r++) {
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            full(F, s[h], K->rc_full[r]);
            if (rec) { /* after an odd number of full rounds the lanes are in swapped order */
                uint32_t *at = rec + (size_t)h * 8 * rw +
                               (r < HS_P2_HALF_FULL ? w * (1 + r) : 5 * w + partial + w * (r - HS_P2_HALF_FULL));
                UNROLL
                for (unsigned b = 0; b < w; b += 8) store_rows(at + b, rw, s[h] + b, r % 2 == 0 ? swapped : natural);
            }
        }
        if (r == HS_P2_HALF_FULL - 1) {
            for (unsigned q = 0; q < partial; q++) {
                __m256i *rp[2] = {rec ? &ys[0][q] : NULL, rec ? &ys[1][q] : NULL};
                partial_round(F, K, s, K->rc_part[q], w, deg, codes, m, sa, rp, G);
            }
            /* blocks of 8; the last one's extra words land in the final rounds' part of the
             * record, written after this */
            if (rec)
                UNROLL
                for (unsigned h = 0; h < G; h++) {
                    for (unsigned q = partial; q < partial + 8; q++) ys[h][q] = _mm256_setzero_si256();
                    for (unsigned c = 0; c < partial; c += 8)
                        store_rows(rec + (size_t)h * 8 * rw + 5 * w + c, rw, ys[h] + c, natural);
                }
        }
    }
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        uint32_t *out = st + h * 8 * w;
        if (canonical) {
            UNROLL
            for (unsigned i = 0; i < w; i++) s[h][i] = hs_mt8_redc32(s[h][i], F->P, F->MU);
        }
        hs_p2x8_store(out, s[h], w);
    }
}

typedef void (*runner)(const hs_p2_params *pp, const kconst *K, uint32_t *st, size_t groups, int canonical,
                       uint32_t *rec);

/* One runner per specialisation: field constants, width, degree and diagonal fixed. Groups go
 * in pairs, an odd one out alone; with and without records are separate copies, so the plain
 * round loop carries no record stores. */
#define RUNNER(name, W, D, P_, MU_, CODES, M, SA)                                                              \
    static __attribute__((noinline)) void name##_full(const fconst *F, __m256i *s, const __m256i *rc) {         \
        full_round(F, s, rc, W, D);                                                                            \
    }                                                                                                          \
    static void name(const hs_p2_params *pp, const kconst *K, uint32_t *st, size_t groups, int canonical,       \
                     uint32_t *rec) {                                                                           \
        const fconst F = {_mm256_set1_epi32((int)(P_)), _mm256_set1_epi32((int)(MU_))};                       \
        const size_t rw = 9 * (W) + pp->partial;                                                               \
        size_t g = 0;                                                                                          \
        if (rec) {                                                                                             \
            for (; g + 2 <= groups; g += 2)                                                                    \
                permute(&F, K, pp, st + g * 8 * (W), 0, W, D, CODES, M, SA, name##_full, rec + g * 8 * rw, 2); \
            if (g < groups)                                                                                    \
                permute(&F, K, pp, st + g * 8 * (W), 0, W, D, CODES, M, SA, name##_full, rec + g * 8 * rw, 1); \
            return;                                                                                            \
        }                                                                                                      \
        for (; g + 2 <= groups; g += 2)                                                                        \
            permute(&F, K, pp, st + g * 8 * (W), canonical, W, D, CODES, M, SA, name##_full, NULL, 2);         \
        if (g < groups) permute(&F, K, pp, st + g * 8 * (W), canonical, W, D, CODES, M, SA, name##_full, NULL, 1); \
    }
RUNNER(run_kb16, 16, 3, HS_KB_P, HS_KB_MU, kb16_codes, 7, HS_KB_TWO_ADICITY)
RUNNER(run_kb24, 24, 3, HS_KB_P, HS_KB_MU, kb24_codes, 7, HS_KB_TWO_ADICITY)
RUNNER(run_bb16, 16, 7, HS_BB_P, HS_BB_MU, bb16_codes, 4, HS_BB_TWO_ADICITY)
RUNNER(run_bb24, 24, 7, HS_BB_P, HS_BB_MU, bb24_codes, 4, HS_BB_TWO_ADICITY)
/* any field, any diagonal */
RUNNER(run_gen16_d3, 16, 3, pp->field->p, pp->field->mu, NULL, 0, 0)
RUNNER(run_gen24_d3, 24, 3, pp->field->p, pp->field->mu, NULL, 0, 0)
RUNNER(run_gen16_d7, 16, 7, pp->field->p, pp->field->mu, NULL, 0, 0)
RUNNER(run_gen24_d7, 24, 7, pp->field->p, pp->field->mu, NULL, 0, 0)

static runner pick(const hs_p2_params *pp) {
    const hs_mt_field *f = pp->field;
    const int kb = f->p == HS_KB_P && f->mu == HS_KB_MU, bb = f->p == HS_BB_P && f->mu == HS_BB_MU;
    if (kb && pp->sbox == 3 && pp->width == 16 && diag_matches(pp, kb16_codes)) return run_kb16;
    if (kb && pp->sbox == 3 && pp->width == 24 && diag_matches(pp, kb24_codes)) return run_kb24;
    if (bb && pp->sbox == 7 && pp->width == 16 && diag_matches(pp, bb16_codes)) return run_bb16;
    if (bb && pp->sbox == 7 && pp->width == 24 && diag_matches(pp, bb24_codes)) return run_bb24;
    if (pp->sbox == 3) return pp->width == 16 ? run_gen16_d3 : run_gen24_d3;
    return pp->width == 16 ? run_gen16_d7 : run_gen24_d7;
}

static void many_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical, uint32_t *rec) {
    if (n == 0) return;
    const unsigned w = pp->width;
    const size_t rw = 9 * w + pp->partial;
    const uint32_t p = pp->field->p;
    kconst K;
    for (unsigned r = 0; r < HS_P2_HALF_FULL; r++)
        for (unsigned i = 0; i < w; i++) {
            K.rc_full[r][i] = _mm256_set1_epi32((int)(pp->rc_init[r][i] - p));
            K.rc_full[HS_P2_HALF_FULL + r][i] = _mm256_set1_epi32((int)(pp->rc_final[r][i] - p));
        }
    for (unsigned r = 0; r < pp->partial; r++) K.rc_part[r] = _mm256_set1_epi32((int)(pp->rc_int[r] - p));
    for (unsigned i = 0; i < w; i++) K.diag[i] = _mm256_set1_epi32((int)pp->diag[i]);
    const runner run = pick(pp);
    size_t groups = n / 8, rest = n % 8;
    run(pp, &K, states, groups, canonical, rec);
    if (rest) {
        uint32_t buf[8 * HS_P2_MAX_WIDTH] = {0}, rbuf[8 * HS_P2_REC_MAX];
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        run(pp, &K, buf, 1, canonical, rec ? rbuf : NULL);
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
