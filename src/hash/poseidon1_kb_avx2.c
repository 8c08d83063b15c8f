/* Poseidon1-KoalaBear batch kernel: 8 independent states, one per AVX2 lane. Compiled with
 * -mavx2; reached only through hs_cpu_has_avx2(). Tested against the portable code.
 *
 * Where the time goes and what is done about it:
 * - Full rounds, width 16: the circulant MDS has entries below 128 (row sum 371). Each lane is
 *   split into 16-bit halves and each half multiplied by M exactly, in 32-bit integer lanes, as
 *   a cyclic convolution through the CRT split z^16 - 1 = (z-1)(z+1)(z^2+1)(z^4+1)(z^8+1): 86
 *   products instead of 256, with the kernels pre-scaled so that the recombination needs no
 *   halving and yields 16 (M x) (< 2^29 for a 16-bit half, so exact modulo 2^32). The two
 *   halves then combine into one field element with a multiplication by 2^-16 (shifts), so the
 *   layer computes 2^-12 M x. That factor is absorbed by running the whole permutation on
 *   states scaled by lambda = 2^6: the S-box makes lambda^3 = 2^18, the layer's 2^-12 brings it
 *   back to 2^6. Constants are scaled at setup; inputs and outputs convert once.
 * - Full rounds, width 24 (large MDS entries): a dense product with 64-bit lazy sums (below).
 * - Partial rounds: the unrolled block of poseidon1_kb.h. Every t_{r+1} and every final lane is
 *   a sum of products of a field constant with a lane value or a cube, accumulated in 64 bits
 *   (even and odd lanes apart, _mm256_mul_epu32), folded below 2^57 every 4 products and reduced
 *   once: 1086 products (width 16) and no per-round update of lanes 1..w-1. Only the diagonal
 *   product m00 t_r^3, one REDC and the next cube are on the round-to-round critical path.
 *   In the scaled domain the cube is at lambda^3 and is multiplied by 2^-12 (shifts) first.
 *   Without records the last initial full round's linear layer is folded into the block's
 *   entry forms (gm, am). Two groups of 8 states go together and share each broadcast constant.
 * docs/BENCHMARKS.md has the figures and what was tried and dropped. */
#include <string.h>

#include "field/kb.h"
#include "field/monty31_avx2.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon1_kb_mds16_avx2.h"
#include "hash/poseidon2_monty31_avx2.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL
#define MAXW HS_P1_MAX_WIDTH
#define MAXP HS_P1_MAX_PARTIAL
#define HF HS_P1_HALF_FULL

#define PV _mm256_set1_epi32((int)HS_KB_P)
#define MUV _mm256_set1_epi32((int)HS_KB_MU)
/* log2 lambda for the width-16 small-MDS kernel (see above) */
#define LOG_LAMBDA 6

/* Broadcast or computed once per call. */
typedef struct {
    __m256i rc[2 * HF][MAXW]; /* lambda rc - p: S-box inputs s + rc fall in [-p, p) */
    uint32_t seed_t[MAXP], seed_w[MAXW - 1]; /* accumulator starts carrying off_t, off_w */
    uint32_t cbar0;                          /* lambda cbar_0 */
    uint32_t seed_c0;                        /* the same as an accumulator start */
    uint32_t ab[MAXP][MAXP + 1];             /* c->ab, rows padded with zeros to 4k entries */
    uint32_t in_mul[2], out_mul[2];          /* [canonical]: into and out of the scaled domain */
    hs_p1x8_mds16_kernels mds16; /* the width-16 small-MDS layer's kernels */
    const hs_p1_consts *c; /* Montgomery constants */
} kconst;

static uint32_t mulmod(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)a * b % HS_KB_P); }

static void setup(const hs_p1_params *pp, kconst *K, unsigned log_lambda) {
    const unsigned w = pp->width, np = pp->partial;
    const hs_p1_consts *c = &pp->mont;
    const uint32_t lam = 1u << log_lambda, lam_inv = hs_kb_to_u32(hs_kb_inv(hs_kb_from_u32(lam)));
    K->c = c;
    for (unsigned r = 0; r < HF; r++)
        for (unsigned i = 0; i < w; i++) {
            K->rc[r][i] = _mm256_set1_epi32((int)(mulmod(c->rc[r][i], lam) - HS_KB_P));
            K->rc[HF + r][i] = _mm256_set1_epi32((int)(mulmod(c->rc[HF + np + r][i], lam) - HS_KB_P));
        }
    /* a sum acc REDCs to acc R^-1: a constant v (Montgomery, scaled by lambda) enters as v R */
    for (unsigned r = 0; r < np; r++) K->seed_t[r] = mulmod(mulmod(c->off_t[r], lam), HS_KB_ONE);
    for (unsigned j = 0; j + 1 < w; j++) K->seed_w[j] = mulmod(mulmod(c->off_w[j], lam), HS_KB_ONE);
    K->cbar0 = mulmod(c->cbar[0], lam);
    K->seed_c0 = mulmod(K->cbar0, HS_KB_ONE);
    memset(K->ab, 0, sizeof K->ab);
    for (unsigned r = 0; r < np; r++) memcpy(K->ab[r], c->ab[r], r * sizeof **K->ab);
    K->in_mul[1] = mulmod(HS_KB_R2, lam);  /* x R^2 lambda R^-1 */
    K->in_mul[0] = mulmod(HS_KB_ONE, lam); /* x R lambda R^-1 */
    K->out_mul[1] = lam_inv;
    K->out_mul[0] = mulmod(HS_KB_ONE, lam_inv);
    if (log_lambda) hs_p1x8_mds16_init(&K->mds16, pp); /* only the small-MDS layer uses them */
}

/* ---- 64-bit lazy sums of products (even and odd lanes apart) ---- */

typedef struct {
    __m256i e, o;
} acc64;

AI acc64 acc_seed(uint32_t v) {
    acc64 a = {_mm256_set1_epi64x((long long)v), _mm256_set1_epi64x((long long)v)};
    return a;
}
/* a += x c; x in [0, p) with xo = x >> 32 (its odd lanes), c < p: each product < 2^62. */
AI void mac(acc64 *a, __m256i x, __m256i xo, uint32_t c) {
    const __m256i cv = _mm256_set1_epi32((int)c);
    a->e = _mm256_add_epi64(a->e, _mm256_mul_epu32(x, cv));
    a->o = _mm256_add_epi64(a->o, _mm256_mul_epu32(xo, cv));
    __asm__("" : "+x"(a->e), "+x"(a->o)); /* see mac_g */
}
/* hi 2^32 + lo -> lo + hi (2^32 mod p) = acc - hi (2^32 - (2^32 mod p)), below 2^57: room for 4
 * more products (each below p^2 < 2^62 - 2^56) under 2^64. (With shifts instead of the product
 * it measured slower.) */
AI void fold(acc64 *a) {
    const __m256i c = _mm256_set1_epi64x((long long)((1ull << 32) - ((1ull << 32) % HS_KB_P)));
    a->e = _mm256_sub_epi64(a->e, _mm256_mul_epu32(_mm256_srli_epi64(a->e, 32), c));
    a->o = _mm256_sub_epi64(a->o, _mm256_mul_epu32(_mm256_srli_epi64(a->o, 32), c));
}
/* acc < (2^32 - p) 2^32 -> acc 2^-32 mod p in [0, p): d = hi(acc) - hi(q p) lies in
 * (-p, 2^32 - p), where its 32 bits are unambiguous; one correction each way. A folded sum plus
 * up to 2 products is in range (below 2^57 + 2 (p - 1)^2 < 2^63 + 2^50). */
AI __m256i redc(acc64 a) {
    __m256i qe = _mm256_mul_epu32(a.e, MUV), qo = _mm256_mul_epu32(a.o, MUV);
    __m256i de = _mm256_sub_epi64(a.e, _mm256_mul_epu32(qe, PV)), dd = _mm256_sub_epi64(a.o, _mm256_mul_epu32(qo, PV));
    __m256i d = hs_mt8_canon_s(hs_mt8_pack_hi(de, dd), PV); /* [0, 2^32 - p) */
    return _mm256_min_epu32(d, _mm256_sub_epi32(d, PV));
}

/* a += sum_{k < n} x[k] c[k * stride], folded after every 4 products and at the end (so a must
 * come in folded, and goes out folded). */
AI void dot_more(acc64 *a, const __m256i *x, const __m256i *xo, const uint32_t *c, const size_t stride,
                 const unsigned n) {
    UNROLL
    for (unsigned k = 0; k < n; k++) {
        mac(a, x[k], xo[k], c[k * stride]);
        if (k % 4 == 3 || k + 1 == n) fold(a);
    }
}

/* ---- any width: the dense MDS with lazy sums (unscaled domain) ---- */

AI void mds_dense(const kconst *K, __m256i *s, const unsigned w) {
    __m256i so[MAXW], out[MAXW];
    UNROLL
    for (unsigned j = 0; j < w; j++) so[j] = _mm256_srli_epi64(s[j], 32);
    for (unsigned i = 0; i < w; i++) {
        acc64 a = acc_seed(0);
        dot_more(&a, s, so, K->c->mds[i], 1, w);
        out[i] = redc(a);
    }
    UNROLL
    for (unsigned i = 0; i < w; i++) s[i] = out[i];
}

AI void sbox_layer(__m256i *s, const __m256i *rc, const unsigned w) {
    UNROLL
    for (unsigned i = 0; i < w; i++) s[i] = hs_mt8_cube_s(_mm256_add_epi32(s[i], rc[i]), PV, MUV);
}

AI void full_round(const kconst *K, __m256i *s, const __m256i *rc, const unsigned w, const int small) {
    sbox_layer(s, rc, w);
    if (small)
        hs_p1x8_mds16(&K->mds16, s);
    else
        mds_dense(K, s, w);
}

/* ---- the partial block, unrolled (poseidon1_kb.h) ---- */

/* The same product for G groups (G = 1 or 2; group h's operand at x[h * gstride]), the
 * constant broadcast once. */
AI void mac_g(acc64 *a, const __m256i *x, const __m256i *xo, const size_t gstride, uint32_t c, const unsigned G) {
    const __m256i cv = _mm256_set1_epi32((int)c);
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        a[h].e = _mm256_add_epi64(a[h].e, _mm256_mul_epu32(x[h * gstride], cv));
        a[h].o = _mm256_add_epi64(a[h].o, _mm256_mul_epu32(xo[h * gstride], cv));
        /* keep the sum a chain: reassociated into trees, the products of several groups and
         * halves stay live at once and spill (measured 196 -> 184 ns/perm without that) */
        __asm__("" : "+x"(a[h].e), "+x"(a[h].o));
    }
}
/* dot_more for G groups */
AI void dot_g(acc64 *a, const __m256i *x, const __m256i *xo, const size_t gstride, const uint32_t *c,
              const size_t cstride, const unsigned n, const unsigned G) {
    UNROLL
    for (unsigned k = 0; k < n; k++) {
        mac_g(a, x + k, xo + k, gstride, c[k * cstride], G);
        if (k % 4 == 3 || k + 1 == n)
            UNROLL
            for (unsigned h = 0; h < G; h++) fold(&a[h]);
    }
}

/* s[h]: group h's state after the initial full rounds -> after the partial rounds (G groups).
 * fused: s[h] holds instead the S-box outputs v of the last initial full round, whose MDS is
 * folded into the block's entry forms (gm, am, row 0 of M): a full linear layer saved for 51
 * more products. cubes != NULL receives t_r^3 (in the kernel's scaled domain). Each sum is built
 * in registers when it is needed, from the stored cubes: the part of t_{r+1} over the earlier
 * cubes does not wait for the cube of round r, so only m00 t_r^3, one REDC and the next cube
 * are serial; two groups' chains run interleaved and share every broadcast constant. */
AI void partial_block(const kconst *K, __m256i (*s)[MAXW], const unsigned w, const unsigned np, const int small,
                      const int fused, __m256i (*cubes)[MAXP + 8], const unsigned G) {
    const hs_p1_consts *c = K->c;
    const unsigned n = w - 1, lo = fused ? 0 : 1, nin = w - lo; /* the entry forms' inputs */
    enum { CQ = MAXP + 1 };
    __m256i so[2][MAXW], cq[2][CQ], cqo[2][CQ], t[2];
    acc64 at[MAXP][2];
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        if (fused && small) /* v is at lambda^3, the layer it replaces brings 2^-12 */
            UNROLL
            for (unsigned k = 0; k < w; k++) s[h][k] = hs_mt8_mul_2exp_neg_c(s[h][k], 2 * LOG_LAMBDA, 7, HS_KB_TWO_ADICITY, PV);
        UNROLL
        for (unsigned k = lo; k < w; k++) so[h][k] = _mm256_srli_epi64(s[h][k], 32);
        for (unsigned r = 0; r < CQ; r++) cq[h][r] = cqo[h][r] = _mm256_setzero_si256();
        if (!fused) t[h] = hs_mt8_add(s[h][0], _mm256_set1_epi32((int)K->cbar0), PV);
    }
    if (fused) {
        acc64 a[2];
        UNROLL
        for (unsigned h = 0; h < G; h++) a[h] = acc_seed(K->seed_c0);
        dot_g(a, &s[0][0], &so[0][0], MAXW, c->mds[0], 1, w, G);
        UNROLL
        for (unsigned h = 0; h < G; h++) t[h] = redc(a[h]);
    }
    for (unsigned r = 0; r < np; r++) {
        UNROLL
        for (unsigned h = 0; h < G; h++) at[r][h] = acc_seed(K->seed_t[r]);
        dot_g(at[r], &s[0][lo], &so[0][lo], MAXW, fused ? c->gm[r] : c->g[r], 1, nin, G);
    }
    for (unsigned r = 0; r < np; r++) { /* not unrolled: the straight-line code measured slower */
        __m256i q[2];
        acc64 a[2];
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            q[h] = hs_mt8_cube_s(t[h], PV, MUV);
            if (small) q[h] = hs_mt8_mul_2exp_neg_c(q[h], 2 * LOG_LAMBDA, 7, HS_KB_TWO_ADICITY, PV); /* lambda^3 -> lambda */
            a[h] = at[r][h];
        }
        /* sum_{i<r} ab[r][i] t_i^3 in chunks of 4 (a fold each) over the zero-padded row, read
         * before cube r is stored: the padding multiplies zeros, no chunk waits for this round,
         * and there is no branch per product */
        for (unsigned i = 0; i < r; i += 4) {
            UNROLL
            for (unsigned k = i; k < i + 4; k++) mac_g(a, &cq[0][k], &cqo[0][k], CQ, K->ab[r][k], G);
            UNROLL
            for (unsigned h = 0; h < G; h++) fold(&a[h]);
        }
        UNROLL
        for (unsigned h = 0; h < G; h++) cq[h][r] = q[h], cqo[h][r] = _mm256_srli_epi64(q[h], 32);
        mac_g(a, &cq[0][r], &cqo[0][r], CQ, c->m00, G);
        UNROLL
        for (unsigned h = 0; h < G; h++) t[h] = redc(a[h]);
    }
    __m256i out[2][MAXW];
    for (unsigned j = 0; j < n; j++) {
        acc64 a[2];
        UNROLL
        for (unsigned h = 0; h < G; h++) a[h] = acc_seed(K->seed_w[j]);
        dot_g(a, &s[0][lo], &so[0][lo], MAXW, fused ? c->am[j] : c->m_i[j + 1] + 1, 1, nin, G);
        dot_g(a, &cq[0][0], &cqo[0][0], CQ, &c->b[0][j], MAXW - 1, np, G);
        UNROLL
        for (unsigned h = 0; h < G; h++) out[h][j] = redc(a[h]);
    }
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        s[h][0] = t[h];
        for (unsigned j = 0; j < n; j++) s[h][j + 1] = out[h][j];
        if (cubes)
            for (unsigned r = 0; r < np; r++) cubes[h][r] = cq[h][r];
    }
}

/* ---- one group of 8 states ---- */

/* Transpose v[0..nw) (nw a multiple of 8; one word of 8 states per vector) and store state k's
 * words at dst + k * stride. */
AI void store_strided(uint32_t *dst, size_t stride, const __m256i *v, const unsigned nw) {
    UNROLL
    for (unsigned b = 0; b < nw; b += 8) {
        __m256i t[8];
        UNROLL
        for (unsigned i = 0; i < 8; i++) t[i] = v[b + i];
        hs_transpose8x32(t);
        UNROLL
        for (unsigned k = 0; k < 8; k++) _mm256_storeu_si256((__m256i *)(dst + k * stride + b), t[k]);
    }
}

/* v (scaled domain) -> Montgomery form, stored as record rows */
AI void record_words(uint32_t *dst, size_t stride, const __m256i *v, const unsigned nw, const int small) {
    __m256i m[MAXW];
    UNROLL
    for (unsigned i = 0; i < nw; i++) m[i] = small ? hs_mt8_mul_2exp_neg_c(v[i], LOG_LAMBDA, 7, HS_KB_TWO_ADICITY, PV) : v[i];
    store_strided(dst, stride, m, nw);
}

typedef void (*full_fn)(const kconst *K, __m256i *s, const __m256i *rc);

/* Permute G groups of 8 states at st (G = 1 or 2, 8 * w words each); rec != NULL also writes
 * their round records (Montgomery in and out then). full is the out-of-line full round of this
 * specialisation. With two groups each round alternates between them: one group's S-boxes
 * (products) overlap the other's linear layer (additions). */
AI void permute(const kconst *K, uint32_t *st, int canonical, uint32_t *rec, const unsigned w, const unsigned np,
                const int small, full_fn full, full_fn sbox, const unsigned G) {
    const size_t rw = 9 * w + np;
    __m256i s[2][MAXW], cubes[2][MAXP + 8];
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        const uint32_t *in = st + h * 8 * w;
        if (rec)
            for (unsigned k = 0; k < 8; k++) memcpy(rec + (h * 8 + k) * rw, in + k * w, w * sizeof *st);
        hs_p2x8_load(s[h], in, w);
        const __m256i m = _mm256_set1_epi32((int)K->in_mul[canonical != 0]);
        UNROLL
        for (unsigned i = 0; i < w; i++) s[h][i] = hs_mt8_mul(s[h][i], m, PV, MUV);
    }
    /* without records the last initial round's linear layer is folded into the partial block */
    for (unsigned r = 0; r < HF; r++)
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            if (!rec && r == HF - 1) {
                sbox(K, s[h], K->rc[r]);
                continue;
            }
            full(K, s[h], K->rc[r]);
            if (rec) record_words(rec + h * 8 * rw + w * (1 + r), rw, s[h], w, small);
        }
    partial_block(K, s, w, np, small, !rec, rec ? cubes : NULL, G);
    if (rec) /* written before the final rounds' part, which overwrites the padding */
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            for (unsigned r = np; r < MAXP + 8; r++) cubes[h][r] = _mm256_setzero_si256();
            record_words(rec + h * 8 * rw + 5 * w, rw, cubes[h], (np + 7) / 8 * 8, small);
        }
    for (unsigned r = 0; r < HF; r++)
        UNROLL
        for (unsigned h = 0; h < G; h++) {
            full(K, s[h], K->rc[HF + r]);
            if (rec) record_words(rec + h * 8 * rw + 5 * w + np + w * r, rw, s[h], w, small);
        }
    UNROLL
    for (unsigned h = 0; h < G; h++) {
        const __m256i m = _mm256_set1_epi32((int)K->out_mul[canonical != 0]);
        UNROLL
        for (unsigned i = 0; i < w; i++) s[h][i] = hs_mt8_mul(s[h][i], m, PV, MUV);
        hs_p2x8_store(st + h * 8 * w, s[h], w);
    }
}

typedef void (*runner)(const kconst *K, uint32_t *st, size_t groups, int canonical, uint32_t *rec);

/* One runner per specialisation (width, partial rounds, MDS kind); with and without records
 * separate copies, so the plain loop carries no record stores. */
#define RUNNER(name, W, NP, SMALL)                                                                        \
    static __attribute__((noinline)) void name##_full(const kconst *K, __m256i *s, const __m256i *rc) { \
        full_round(K, s, rc, W, SMALL);                                                                 \
    }                                                                                                   \
    static __attribute__((noinline)) void name##_sbox(const kconst *K, __m256i *s, const __m256i *rc) { \
        (void)K;                                                                                        \
        sbox_layer(s, rc, W);                                                                           \
    }                                                                                                   \
    static void name(const kconst *K, uint32_t *st, size_t groups, int canonical, uint32_t *rec) {      \
        const size_t rw = 9 * (W) + (NP);                                                               \
        size_t g = 0;                                                                                   \
        if (rec) {                                                                                      \
            for (; g < groups; g++) permute(K, st + g * 8 * (W), 0, rec + g * 8 * rw, W, NP, SMALL, name##_full, name##_sbox, 1); \
            return;                                                                                     \
        }                                                                                               \
        for (; g + 2 <= groups; g += 2) permute(K, st + g * 8 * (W), canonical, NULL, W, NP, SMALL, name##_full, name##_sbox, 2); \
        if (g < groups) permute(K, st + g * 8 * (W), canonical, NULL, W, NP, SMALL, name##_full, name##_sbox, 1);   \
    }
RUNNER(run_16_small, 16, 20, 1)
RUNNER(run_16, 16, 20, 0)
RUNNER(run_24, 24, 23, 0)

static void many_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical, uint32_t *rec) {
    if (n == 0) return;
    const unsigned w = pp->width;
    const size_t rw = HS_P1_REC_WORDS(pp);
    const int small = hs_p1x8_mds16_ok(pp);
    kconst K;
    setup(pp, &K, small ? LOG_LAMBDA : 0);
    runner run = NULL;
    if (w == 16) run = small && pp->partial == 20 ? run_16_small : pp->partial == 20 ? run_16 : NULL;
    if (w == 24 && pp->partial == 23) run = run_24;
    if (!run) {
        /* an instance outside the compiled shapes: the portable kernel */
        if (rec)
            hs_p1_permute_many_record_portable(pp, states, n, rec);
        else
            hs_p1_permute_many_portable(pp, states, n, canonical);
        return;
    }
    size_t groups = n / 8, rest = n % 8;
    run(&K, states, groups, canonical, rec);
    if (rest) {
        uint32_t buf[8 * MAXW] = {0}, rbuf[8 * HS_P1_REC_MAX];
        uint32_t *tail = states + groups * 8 * w;
        memcpy(buf, tail, rest * w * sizeof *buf);
        run(&K, buf, 1, canonical, rec ? rbuf : NULL);
        memcpy(tail, buf, rest * w * sizeof *buf);
        if (rec) memcpy(rec + groups * 8 * rw, rbuf, rest * rw * sizeof *rbuf);
    }
}

void hs_p1_permute_many_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical) {
    many_avx2(pp, states, n, canonical, NULL);
}

void hs_p1_permute_many_record_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    many_avx2(pp, states, n, 0, rec);
}
