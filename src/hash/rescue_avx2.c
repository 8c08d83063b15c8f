/* RPO256 / RPX256 permutations with AVX2 (see rpo.h). Compiled with -mavx2; reached only
 * through hs_cpu_has_avx2().
 *
 * Vector and scalar 64-bit multiplications run on different execution units, so the kernels
 * issue both in one instruction stream:
 *  - one state ("hybrid"): during the S-box layers lanes 0..3 are one AVX2 vector and lanes
 *    4..11 scalar; the linear layers are scalar (rescue_impl.h);
 *  - batches: pairs of states, one held in three vectors (vector MDS and extension S-box too),
 *    the other scalar, every layer issued for both.
 *  - RPO and RPX batches: four states transposed (vector i = element i of four states), twelve
 *    independent vectors per S-box step, and a fifth state scalar beside them (the body shared
 *    with the AVX-512 kernel: rescue_kern.inc).
 * On the AMD EPYC this was tuned on, the hybrid is about 20% faster than scalar code for one
 * state and the pairs about 25% faster per state than scalar batches; four-lane vectors holding
 * one state are no faster than scalar code (their multiplication chain is long); the transposed
 * groups of five are about 15% faster per state than the pairs (1.35x scalar batches), which is
 * what 4-lane 64-bit multiplications built from 32-bit products allow; for RPX the groups of five
 * are about 1.18x the pairs (its extension S-box works on component vectors, no gathering).
 * Values are lazy (any uint64 congruent mod p) inside and canonical on output. */
#include <immintrin.h>
#include <string.h>

#include "hash/rescue_impl.h"
#include "hash/rpo.h"

typedef __m256i v4;

#define W HS_RESCUE_WIDTH
#define V_SIGN _mm256_set1_epi64x((long long)0x8000000000000000ull)
#define V_EPS _mm256_set1_epi64x(0xffffffffll)

/* (hi * 2^64 + lo) mod p, lazy. The unsigned comparisons are signed ones on values with the
 * top bit flipped ("shifted"), the only 64-bit compare AVX2 has. */
static inline v4 v_reduce(v4 hi, v4 lo) {
    const v4 sign = V_SIGN;
    v4 lo_s = _mm256_xor_si256(lo, sign);
    v4 t_s = _mm256_sub_epi64(lo_s, _mm256_srli_epi64(hi, 32)); /* lo - hi_hi */
    v4 borrow = _mm256_cmpgt_epi64(t_s, lo_s);                   /* wrapped: subtract 2^64 = EPS */
    t_s = _mm256_sub_epi64(t_s, _mm256_srli_epi64(borrow, 32));
    v4 r_s = _mm256_add_epi64(t_s, _mm256_mul_epu32(hi, V_EPS)); /* + hi_lo * EPS */
    v4 carry = _mm256_cmpgt_epi64(t_s, r_s);                     /* wrapped: add 2^64 = EPS */
    r_s = _mm256_add_epi64(r_s, _mm256_srli_epi64(carry, 32));
    return _mm256_xor_si256(r_s, sign);
}

/* 64 x 64 -> 128 from four 32 x 32 products; no partial sum can overflow 64 bits. */
static inline v4 v_mul(v4 a, v4 b) {
    v4 a_hi = _mm256_srli_epi64(a, 32), b_hi = _mm256_srli_epi64(b, 32);
    v4 ll = _mm256_mul_epu32(a, b), lh = _mm256_mul_epu32(a, b_hi);
    v4 hl = _mm256_mul_epu32(a_hi, b), hh = _mm256_mul_epu32(a_hi, b_hi);
    v4 t0 = _mm256_add_epi64(hl, _mm256_srli_epi64(ll, 32));
    v4 t1 = _mm256_add_epi64(lh, _mm256_and_si256(t0, V_EPS));
    v4 hi = _mm256_add_epi64(_mm256_add_epi64(hh, _mm256_srli_epi64(t0, 32)), _mm256_srli_epi64(t1, 32));
    v4 lo = _mm256_blend_epi32(ll, _mm256_slli_epi64(t1, 32), 0xAA);
    return v_reduce(hi, lo);
}
static inline v4 v_sqr(v4 a) {
    v4 a_hi = _mm256_srli_epi64(a, 32);
    v4 ll = _mm256_mul_epu32(a, a), lh = _mm256_mul_epu32(a, a_hi), hh = _mm256_mul_epu32(a_hi, a_hi);
    v4 t0 = _mm256_add_epi64(lh, _mm256_srli_epi64(ll, 32));
    v4 t1 = _mm256_add_epi64(lh, _mm256_and_si256(t0, V_EPS));
    v4 hi = _mm256_add_epi64(_mm256_add_epi64(hh, _mm256_srli_epi64(t0, 32)), _mm256_srli_epi64(t1, 32));
    v4 lo = _mm256_blend_epi32(ll, _mm256_slli_epi64(t1, 32), 0xAA);
    return v_reduce(hi, lo);
}
/* x + c for lazy x and canonical c. */
static inline v4 v_add_c(v4 x, v4 c) {
    const v4 sign = V_SIGN;
    v4 t = _mm256_add_epi64(x, c);
    v4 carry = _mm256_cmpgt_epi64(_mm256_xor_si256(c, sign), _mm256_xor_si256(t, sign));
    return _mm256_add_epi64(t, _mm256_srli_epi64(carry, 32));
}
static inline v4 v_canonical(v4 x) {
    const v4 sign = V_SIGN;
    v4 ge = _mm256_cmpgt_epi64(_mm256_xor_si256(x, sign), _mm256_set1_epi64x((long long)((HS_GL_P - 1) ^ (1ull << 63))));
    return _mm256_sub_epi64(x, _mm256_and_si256(ge, _mm256_set1_epi64x((long long)HS_GL_P)));
}
/* Sum of n <= 5 lazy values, exact in 128 bits (carries counted in hi), then reduced. */
static inline v4 v_sum(const v4 *t, int n) {
    const v4 sign = V_SIGN;
    v4 s_s = _mm256_xor_si256(t[0], sign), hi = _mm256_setzero_si256();
    for (int i = 1; i < n; i++) {
        v4 u = _mm256_add_epi64(s_s, t[i]);
        hi = _mm256_sub_epi64(hi, _mm256_cmpgt_epi64(s_s, u)); /* carry: hi += 1 */
        s_s = u;
    }
    return v_reduce(hi, _mm256_xor_si256(s_s, sign));
}

/* ---- four states transposed: vector i holds element i of states 0..3 ---- */

static inline void t_load(v4 *v, const uint64_t *st) {
    for (int i = 0; i < W; i++)
        v[i] = _mm256_set_epi64x((long long)st[3 * W + i], (long long)st[2 * W + i], (long long)st[W + i],
                                 (long long)st[i]);
}
static inline void t_store(uint64_t *st, const v4 *v) {
    for (int i = 0; i < W; i++) {
        uint64_t x[4];
        _mm256_storeu_si256((v4 *)x, v_canonical(v[i]));
        for (int k = 0; k < 4; k++) st[k * W + i] = x[k];
    }
}
#define R_V v4
#define R_LANES 4
#define R_MUL v_mul
#define R_SQR v_sqr
#define R_ADD_C v_add_c
#define R_CANON v_canonical
#define R_SET1(x) _mm256_set1_epi64x((long long)(x))
#define R_COMBINE hs_gl4_combine_nc
#define R_SUM v_sum
#define R_LOAD_T t_load
#define R_STORE_T t_store
#include "hash/rescue_kern.inc"

/* ---- layers on NV vectors (3 per state) ---- */

HS_RESCUE_INLINE void v_add_rc(v4 *s, int nv, const uint64_t rc[W]) {
    for (int i = 0; i < nv; i++) s[i] = v_add_c(s[i], _mm256_loadu_si256((const v4 *)(rc + 4 * (i % 3))));
}
/* Circulant MDS on one state (a, b, c) = s[0..3], s[4..7], s[8..11]:
 * out[i] = sum_k row[k] * s[(i + k) mod 12]. The rotations by k = 1, 2, 3 come from lane
 * permutes and blends; k + 4 and k + 8 reuse them with the blocks renamed. Products use the low
 * and high 32-bit halves separately (each half-sum < 2^41), joined and reduced at the end. */
static inline v4 rot_blend(v4 x, v4 y, int k) {
    /* lanes k..3 of x followed by lanes 0..k-1 of y */
    v4 px, py;
    switch (k) {
    case 1:
        px = _mm256_permute4x64_epi64(x, 0x39), py = _mm256_permute4x64_epi64(y, 0x39);
        return _mm256_blend_epi32(px, py, 0xC0);
    case 2:
        px = _mm256_permute4x64_epi64(x, 0x4E), py = _mm256_permute4x64_epi64(y, 0x4E);
        return _mm256_blend_epi32(px, py, 0xF0);
    default:
        px = _mm256_permute4x64_epi64(x, 0x93), py = _mm256_permute4x64_epi64(y, 0x93);
        return _mm256_blend_epi32(px, py, 0xFC);
    }
}
static inline void v_mds(v4 *s) {
    static const uint32_t row[W] = {7, 23, 8, 26, 13, 10, 9, 7, 6, 22, 21, 8};
    v4 blk[4][3]; /* blk[k][j] = s[4j + k .. 4j + k + 3] (indices mod 12), k = 0..3 */
    for (int j = 0; j < 3; j++) blk[0][j] = s[j];
    for (int k = 1; k < 4; k++)
        for (int j = 0; j < 3; j++) blk[k][j] = rot_blend(s[j], s[(j + 1) % 3], k);
    for (int j = 0; j < 3; j++) {
        v4 lo[W], hi[W];
        for (int k = 0; k < W; k++) {
            v4 x = blk[k & 3][(j + (k >> 2)) % 3], c = _mm256_set1_epi64x(row[k]);
            lo[k] = _mm256_mul_epu32(x, c);
            hi[k] = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), c);
        }
        for (int w = 1; w < W; w *= 2) /* pairwise tree: shorter dependency chain */
            for (int k = 0; k + w < W; k += 2 * w) {
                lo[k] = _mm256_add_epi64(lo[k], lo[k + w]);
                hi[k] = _mm256_add_epi64(hi[k], hi[k + w]);
            }
        /* value = lo + hi * 2^32 < 2^74: 128-bit (h, l) */
        v4 hs = _mm256_slli_epi64(hi[0], 32);
        v4 l = _mm256_add_epi64(lo[0], hs);
        v4 carry = _mm256_cmpgt_epi64(_mm256_xor_si256(hs, V_SIGN), _mm256_xor_si256(l, V_SIGN));
        v4 h = _mm256_sub_epi64(_mm256_srli_epi64(hi[0], 32), carry);
        s[j] = v_reduce(h, l);
    }
}

/* Lanes of one state: elements k = 0..3 are (s[3k], s[3k+1], s[3k+2]); gather component j of all
 * four into one vector, raise to the 7th power, scatter back. */
static inline void v_ext_sbox(v4 *s) {
    _Alignas(32) uint64_t a[W];
    for (int j = 0; j < 3; j++) _mm256_store_si256((v4 *)(a + 4 * j), s[j]);
    r_v3 x;
    for (int j = 0; j < 3; j++)
        x.c[j] = _mm256_set_epi64x((long long)a[9 + j], (long long)a[6 + j], (long long)a[3 + j], (long long)a[j]);
    x = v3_pow7(x);
    _Alignas(32) uint64_t c[3][4];
    for (int j = 0; j < 3; j++) _mm256_store_si256((v4 *)c[j], x.c[j]);
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < 3; j++) a[3 * k + j] = c[j][k];
    for (int j = 0; j < 3; j++) s[j] = _mm256_load_si256((const v4 *)(a + 4 * j));
}

/* ---- kernels ---- */

static inline void v_load(v4 *v, const uint64_t *st, int nv) {
    for (int i = 0; i < nv; i++) v[i] = _mm256_loadu_si256((const v4 *)(st + 4 * i));
}
static inline void v_store(uint64_t *st, const v4 *v, int nv) {
    for (int i = 0; i < nv; i++) _mm256_storeu_si256((v4 *)(st + 4 * i), v_canonical(v[i]));
}

/* Single state, hybrid: lanes 0..3 in a vector during the S-boxes, 4..11 scalar; the linear
 * layers are scalar. */
static inline void h_rpo_round(uint64_t s[W], unsigned r) {
    v4 v;
    hs_rescue_mds_lazy(s);
    hs_rescue_add_rc_lazy(s, hs_rescue_ark1[r], W);
    v = _mm256_loadu_si256((const v4 *)s);
    m_sbox(&v, 1, s + 4, 8);
    _mm256_storeu_si256((v4 *)s, v);
    hs_rescue_mds_lazy(s);
    hs_rescue_add_rc_lazy(s, hs_rescue_ark2[r], W);
    v = _mm256_loadu_si256((const v4 *)s);
    m_inv_sbox(&v, 1, s + 4, 8);
    _mm256_storeu_si256((v4 *)s, v);
}
static inline void h_rpo_permute(uint64_t s[W]) {
    for (unsigned r = 0; r < HS_RESCUE_ROUNDS; r++) h_rpo_round(s, r);
    hs_rescue_canonical(s, W);
}
static inline void h_rpx_permute(uint64_t s[W]) {
    for (unsigned r = 0; r < HS_RESCUE_ROUNDS - 1; r += 2) {
        h_rpo_round(s, r);
        hs_rescue_add_rc_lazy(s, hs_rescue_ark1[r + 1], W);
        hs_rescue_ext_sbox_lazy(s);
    }
    hs_rescue_mds_lazy(s);
    hs_rescue_add_rc_lazy(s, hs_rescue_ark1[HS_RESCUE_ROUNDS - 1], W);
    hs_rescue_canonical(s, W);
}

/* Two states: a entirely in three vectors, b entirely scalar, every layer issued for both. */
static inline void p_rpo_round(v4 *a, uint64_t *b, unsigned r) {
    v_mds(a);
    hs_rescue_mds_lazy(b);
    v_add_rc(a, 3, hs_rescue_ark1[r]);
    hs_rescue_add_rc_lazy(b, hs_rescue_ark1[r], W);
    m_sbox(a, 3, b, W);
    v_mds(a);
    hs_rescue_mds_lazy(b);
    v_add_rc(a, 3, hs_rescue_ark2[r]);
    hs_rescue_add_rc_lazy(b, hs_rescue_ark2[r], W);
    m_inv_sbox(a, 3, b, W);
}
static inline void p_rpo_permute(uint64_t *sa, uint64_t *sb) {
    v4 a[3];
    v_load(a, sa, 3);
    for (unsigned r = 0; r < HS_RESCUE_ROUNDS; r++) p_rpo_round(a, sb, r);
    v_store(sa, a, 3);
    hs_rescue_canonical(sb, W);
}
static inline void p_rpx_permute(uint64_t *sa, uint64_t *sb) {
    v4 a[3];
    v_load(a, sa, 3);
    for (unsigned r = 0; r < HS_RESCUE_ROUNDS - 1; r += 2) {
        p_rpo_round(a, sb, r);
        v_add_rc(a, 3, hs_rescue_ark1[r + 1]);
        hs_rescue_add_rc_lazy(sb, hs_rescue_ark1[r + 1], W);
        v_ext_sbox(a);
        hs_rescue_ext_sbox_lazy(sb);
    }
    v_mds(a);
    hs_rescue_mds_lazy(sb);
    v_add_rc(a, 3, hs_rescue_ark1[HS_RESCUE_ROUNDS - 1]);
    hs_rescue_add_rc_lazy(sb, hs_rescue_ark1[HS_RESCUE_ROUNDS - 1], W);
    v_store(sa, a, 3);
    hs_rescue_canonical(sb, W);
}


void hs_rpo_permute_avx2(uint64_t s[W]) { h_rpo_permute(s); }
void hs_rpx_permute_avx2(uint64_t s[W]) { h_rpx_permute(s); }

/* Batches. RPO: groups of five (four transposed vectors and one scalar state), then four, then
 * pairs (one vector state, one scalar state), a last odd state hybrid. RPX: groups of five, then
 * pairs, a last odd state hybrid. */
void hs_rpo_permute_many_avx2(uint64_t *states, size_t n) {
    size_t k = 0;
    for (; k + 5 <= n; k += 5) t_rpo_permute(states + k * W, 1);
    if (k + 4 <= n) t_rpo_permute(states + k * W, 0), k += 4;
    for (; k + 2 <= n; k += 2) p_rpo_permute(states + k * W, states + (k + 1) * W);
    if (k < n) h_rpo_permute(states + k * W);
}
void hs_rpx_permute_many_avx2(uint64_t *states, size_t n) {
    size_t k = 0;
    for (; k + 5 <= n; k += 5) t_rpx_permute(states + k * W, 1);
    for (; k + 2 <= n; k += 2) p_rpx_permute(states + k * W, states + (k + 1) * W);
    if (k < n) h_rpx_permute(states + k * W);
}
