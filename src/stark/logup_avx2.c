/* The prover's LogUp constraints (logup.h) at 8 points of the quotient domain at once, one per
 * AVX2 lane, for the degree-4 challenge field (the compat preset): the same combination as
 * eval_point4 in logup.c (logup_point.inc), its portable twin, which test_logup compares it with.
 * Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include <immintrin.h>
#include <string.h>

#include "field/kb_avx2.h"
#include "field/kbe.h"
#include "util/avx2.h"
#include "stark/logup.h"

typedef struct {
    __m256i c[4];
} e4x; /* 8 values of F_p[X]/(X^4 - 3), coordinate-major */

static inline e4x e4x_add(e4x a, e4x b) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb8x_add(a.c[i], b.c[i]);
    return a;
}
static inline e4x e4x_sub(e4x a, e4x b) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb8x_sub(a.c[i], b.c[i]);
    return a;
}
static inline e4x e4x_mul_base(e4x a, __m256i s) {
    for (int i = 0; i < 4; i++) a.c[i] = hs_kb8x_mul(a.c[i], s);
    return a;
}
static inline __m256i triple(__m256i x) { return hs_kb8x_add(hs_kb8x_add(x, x), x); }
/* c_k = sum_{i+j=k} a_i b_j + 3 sum_{i+j=k+4} a_i b_j, each coefficient's four products summed
 * as 64-bit values in the even and the odd lanes and reduced once (as hs_kb4_mul does: four
 * products stay below 2 P32, P32 = p 2^32, so one conditional subtraction of P32 puts the sum
 * where REDC is exact): 48 multiplies instead of 96, and the same canonical result. */
static inline __m256i lazy_csub(__m256i s) {
    const __m256i p32 = _mm256_set1_epi64x((long long)((uint64_t)HS_KB_P << 32));
    const __m256i sign = _mm256_set1_epi64x((long long)0x8000000000000000ull);
    /* s >= P32 as unsigned: (s ^ 2^63) > ((P32 - 1) ^ 2^63) as signed */
    const __m256i ge = _mm256_cmpgt_epi64(_mm256_xor_si256(s, sign),
                                          _mm256_xor_si256(_mm256_sub_epi64(p32, _mm256_set1_epi64x(1)), sign));
    return _mm256_sub_epi64(s, _mm256_and_si256(ge, p32));
}
static inline __m256i dot4(const __m256i xe[4], const __m256i xo[4], __m256i y0e, __m256i y0o, __m256i y1e,
                           __m256i y1o, __m256i y2e, __m256i y2o, __m256i y3e, __m256i y3o) {
    __m256i se = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(xe[0], y0e), _mm256_mul_epu32(xe[1], y1e)),
                                  _mm256_add_epi64(_mm256_mul_epu32(xe[2], y2e), _mm256_mul_epu32(xe[3], y3e)));
    __m256i so = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(xo[0], y0o), _mm256_mul_epu32(xo[1], y1o)),
                                  _mm256_add_epi64(_mm256_mul_epu32(xo[2], y2o), _mm256_mul_epu32(xo[3], y3o)));
    return hs_mt8_redc_pairs(lazy_csub(se), lazy_csub(so), _mm256_set1_epi32((int)HS_KB_P),
                             _mm256_set1_epi32((int)HS_KB_MU));
}
/* a times b given b's coefficients y[0..3] and their triples t[1..3] (t[0] unused), each in its
 * even (e) and odd (o) lanes */
static inline e4x e4x_mul_parts(e4x a, const __m256i ye[4], const __m256i yo[4], const __m256i te[4],
                                const __m256i to[4]) {
    __m256i xe[4], xo[4];
    for (int i = 0; i < 4; i++) xe[i] = a.c[i], xo[i] = _mm256_srli_epi64(a.c[i], 32);
    e4x r;
    r.c[0] = dot4(xe, xo, ye[0], yo[0], te[3], to[3], te[2], to[2], te[1], to[1]);
    r.c[1] = dot4(xe, xo, ye[1], yo[1], ye[0], yo[0], te[3], to[3], te[2], to[2]);
    r.c[2] = dot4(xe, xo, ye[2], yo[2], ye[1], yo[1], ye[0], yo[0], te[3], to[3]);
    r.c[3] = dot4(xe, xo, ye[3], yo[3], ye[2], yo[2], ye[1], yo[1], ye[0], yo[0]);
    return r;
}
static inline e4x e4x_mul(e4x a, e4x b) {
    __m256i yo[4], te[4], to[4];
    te[0] = to[0] = _mm256_setzero_si256();
    for (int i = 0; i < 4; i++) yo[i] = _mm256_srli_epi64(b.c[i], 32);
    for (int i = 1; i < 4; i++) te[i] = triple(b.c[i]), to[i] = _mm256_srli_epi64(te[i], 32);
    return e4x_mul_parts(a, b.c, yo, te, to);
}
/* a times a broadcast constant k (its triples taken once, in scalar code; a broadcast value's odd
 * lanes are its even ones, so it needs no shifts) */
static inline e4x e4x_mul_k(e4x a, hs_kbe k) {
    __m256i y[4], t[4];
    t[0] = _mm256_setzero_si256();
    for (int i = 0; i < 4; i++) y[i] = _mm256_set1_epi32((int)k.c[i]);
    for (int i = 1; i < 4; i++) t[i] = _mm256_set1_epi32((int)hs_kbx_triple(k.c[i]));
    return e4x_mul_parts(a, y, y, t, t);
}
/* b v1 + b2 v2 for broadcast constants b, b2 and 8 base values v1, v2: two products a coordinate
 * (below 2 p^2 < P32), one reduction */
static inline e4x e4x_key2(hs_kbe b, hs_kbe b2, __m256i v1, __m256i v2) {
    const __m256i v1o = _mm256_srli_epi64(v1, 32), v2o = _mm256_srli_epi64(v2, 32);
    const __m256i P = _mm256_set1_epi32((int)HS_KB_P), MU = _mm256_set1_epi32((int)HS_KB_MU);
    e4x r;
    for (int u = 0; u < 4; u++) {
        const __m256i x = _mm256_set1_epi32((int)b.c[u]), y = _mm256_set1_epi32((int)b2.c[u]);
        const __m256i se = _mm256_add_epi64(_mm256_mul_epu32(x, v1), _mm256_mul_epu32(y, v2));
        const __m256i so = _mm256_add_epi64(_mm256_mul_epu32(x, v1o), _mm256_mul_epu32(y, v2o));
        r.c[u] = hs_mt8_redc_pairs(se, so, P, MU);
    }
    return r;
}
static inline e4x e4x_set1(hs_kbe v) {
    e4x r;
    for (int i = 0; i < 4; i++) r.c[i] = _mm256_set1_epi32((int)v.c[i]);
    return r;
}
/* column k of 8 rows */
static inline __m256i gather8(const hs_kb *const p[8], size_t k) {
    return _mm256_setr_epi32((int)p[0][k], (int)p[1][k], (int)p[2][k], (int)p[3][k], (int)p[4][k], (int)p[5][k],
                             (int)p[6][k], (int)p[7][k]);
}
static inline e4x gather_e4(const hs_kb *const p[8], size_t k) {
    e4x r;
    for (int i = 0; i < 4; i++) r.c[i] = gather8(p, k + (size_t)i);
    return r;
}

size_t hs_logup_scratch8_bytes_avx2(const hs_logup_shape *s);
size_t hs_logup_scratch8_bytes_avx2(const hs_logup_shape *s) { return (s->n_frac + 1) * sizeof(e4x); }

/* look8: the 8 points' tuples packed, value k of point j at look8[8 k + j] */
void hs_logup_eval_points8_avx2(const hs_logup_eval *e, const hs_kb *look8, const hs_kb *const mult[8],
                                const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                void *scratch, hs_kbe out[8]);
void hs_logup_eval_points8_avx2(const hs_logup_eval *e, const hs_kb *look8, const hs_kb *const mult[8],
                                const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                void *scratch, hs_kbe out[8]) {
    const hs_logup_shape *s = e->s;
    const size_t L = s->n_lookups, F = s->n_frac, P = s->n_pairs;
    e4x *den = scratch;
#define LOOK8(k) _mm256_loadu_si256((const __m256i *)(const void *)(look8 + 8 * (k)))
    size_t l = 0;
    for (unsigned ru = 0; ru < s->n_runs; ru++) {
        const unsigned t = s->run_table[ru];
        const e4x g = e4x_set1(e->gamma_tag[t]);
        const int xr = s->table[t].kind == HS_AIR_TABLE_XOR;
        for (uint32_t c = 0; c < s->run_count[ru]; c++, l++) {
            e4x x = g;
            if (xr) x = e4x_sub(x, e4x_key2(e->beta, e->beta2, LOOK8(3 * l + 1), LOOK8(3 * l + 2)));
            x.c[0] = hs_kb8x_sub(x.c[0], LOOK8(3 * l));
            den[l] = x;
        }
    }
#undef LOOK8
    unsigned t = 0;
    for (unsigned c = 0; c < s->n_mult; c++) {
        while (t + 1 < s->n_tables && c >= s->col0[t + 1]) t++;
        e4x x = e4x_sub(e4x_set1(e->gamma_tag[t]),
                        e4x_key2(e->beta, e->beta2, gather8(tab, 3 * (size_t)c + 1), gather8(tab, 3 * (size_t)c + 2)));
        x.c[0] = hs_kb8x_sub(x.c[0], gather8(tab, 3 * (size_t)c));
        den[L + c] = x;
    }
    e4x acc, hsum;
    memset(&acc, 0, sizeof acc), memset(&hsum, 0, sizeof hsum);
    const __m256i one = _mm256_set1_epi32((int)HS_KB_ONE);
    for (size_t p = 0; p < P; p++) {
        const size_t a = 2 * p, b = a + 1;
        const e4x h = gather_e4(aux, p * 4);
        e4x c;
        if (b < F) {
            c = e4x_mul(e4x_mul(h, den[a]), den[b]);
            c = a < L ? e4x_sub(c, den[b]) : e4x_add(c, e4x_mul_base(den[b], gather8(mult, a - L)));
            c = b < L ? e4x_sub(c, den[a]) : e4x_add(c, e4x_mul_base(den[a], gather8(mult, b - L)));
        } else {
            c = e4x_mul(h, den[a]);
            c.c[0] = a < L ? hs_kb8x_sub(c.c[0], one) : hs_kb8x_add(c.c[0], gather8(mult, a - L));
        }
        acc = e4x_add(acc, e4x_mul_k(c, e->pow[p]));
        hsum = e4x_add(hsum, h);
    }
    const e4x run = e4x_sub(e4x_sub(gather_e4(aux_next, P * 4), gather_e4(aux, P * 4)), hsum);
    acc = e4x_add(acc, e4x_mul_k(run, e->pow[P]));
    uint32_t v[4][8];
    for (int i = 0; i < 4; i++) _mm256_storeu_si256((__m256i *)v[i], acc.c[i]);
    for (int j = 0; j < 8; j++) {
        out[j] = hs_kbe_zero();
        for (int i = 0; i < 4; i++) out[j].c[i] = v[i][j];
    }
}

/* ---- the aux matrix, 8 rows at a time (hs_logup_aux_matrix for d = 4) ----
 * Each lane is one row: its F denominators gamma_t - key from the tuple indices (no table of
 * inverses read at random), one batch inversion along the row (prefix products, one inversion a
 * lane), then the pair sums, transposed back to the 8 rows. The same values as eval_point4_aux
 * in logup.c (logup_aux.inc), its portable twin; test_logup compares the two. */

size_t hs_logup_aux8_scratch_bytes_avx2(const hs_logup_shape *s);
size_t hs_logup_aux8_scratch_bytes_avx2(const hs_logup_shape *s) {
    return (2 * s->n_frac + 2 * (s->n_pairs + 1)) * sizeof(e4x);
}

static inline e4x e4x_from_kbe(hs_kbe v) { return e4x_set1(v); }

/* the Montgomery form of 8 small integers (< p): v R = REDC(v R^2) */
static inline __m256i to_mont8(__m256i v) { return hs_kb8x_mul(v, _mm256_set1_epi32((int)HS_KB_R2)); }

int hs_logup_aux_rows8_avx2(const hs_logup_shape *s, const uint32_t *idx, const uint32_t *cnt, const hs_kbe *gt,
                            hs_kbe beta_e, size_t i0, hs_kb *buf, void *scratch, hs_kbe rs[8]);
int hs_logup_aux_rows8_avx2(const hs_logup_shape *s, const uint32_t *idx, const uint32_t *cnt, const hs_kbe *gt,
                            hs_kbe beta_e, size_t i0, hs_kb *buf, void *scratch, hs_kbe rs[8]) {
    const size_t L = s->n_lookups, F = s->n_frac, P = s->n_pairs, AW = s->aux_ext * 4;
    e4x *den = scratch, *pre = den + F, *hb = pre + F;
    /* beta and beta^2 times R: their Montgomery product with a plain integer v is beta v */
    hs_kbe b1 = beta_e, b2 = hs_kbe_mul(4, beta_e, beta_e);
    const hs_kb R2 = HS_KB_R2;
    for (unsigned u = 0; u < 4; u++) b1.c[u] = hs_kb_mul(b1.c[u], R2), b2.c[u] = hs_kb_mul(b2.c[u], R2);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i rowoff = _mm256_mullo_epi32(lane, _mm256_set1_epi32((int)L));
    const uint32_t *ix = idx + i0 * L;
    /* the denominators: the lookups', then the table columns' */
    size_t l = 0;
    for (unsigned ru = 0; ru < s->n_runs; ru++) {
        const unsigned t = s->run_table[ru];
        const e4x g = e4x_from_kbe(gt[t]);
        const int xr = s->table[t].kind == HS_AIR_TABLE_XOR;
        const unsigned bits = s->table[t].bits;
        const __m256i off = _mm256_set1_epi32((int)s->off[t]), mask = _mm256_set1_epi32((int)((1u << bits) - 1));
        const __m128i sh = _mm_cvtsi32_si128((int)bits);
        for (uint32_t c = 0; c < s->run_count[ru]; c++, l++) {
            const __m256i e = _mm256_sub_epi32(_mm256_i32gather_epi32((const int *)(ix + l), rowoff, 4), off);
            e4x x = g;
            if (xr) {
                const __m256i a = _mm256_and_si256(e, mask), b = _mm256_srl_epi32(e, sh);
                const __m256i z = _mm256_xor_si256(a, b);
                x = e4x_sub(x, e4x_key2(b1, b2, b, z));
                x.c[0] = hs_kb8x_sub(x.c[0], to_mont8(a));
            } else {
                x.c[0] = hs_kb8x_sub(x.c[0], to_mont8(e));
            }
            den[l] = x;
        }
    }
    for (unsigned t = 0, c = 0; t < s->n_tables; t++) {
        const e4x g = e4x_from_kbe(gt[t]);
        const int xr = s->table[t].kind == HS_AIR_TABLE_XOR;
        const unsigned bits = s->table[t].bits;
        const __m256i mask = _mm256_set1_epi32((int)((1u << bits) - 1));
        const __m128i sh = _mm_cvtsi32_si128((int)bits);
        for (unsigned j = 0; j < s->cols[t]; j++, c++) {
            /* the 8 rows' entries are consecutive (mod the table's size) */
            const __m256i e = _mm256_and_si256(_mm256_add_epi32(_mm256_set1_epi32((int)hs_logup_entry_at(s, t, j, i0)), lane),
                                               _mm256_set1_epi32((int)(s->size[t] - 1)));
            e4x x = g;
            if (xr) {
                const __m256i a = _mm256_and_si256(e, mask), b = _mm256_srl_epi32(e, sh);
                x = e4x_sub(x, e4x_key2(b1, b2, b, _mm256_xor_si256(a, b)));
                x.c[0] = hs_kb8x_sub(x.c[0], to_mont8(a));
            } else {
                x.c[0] = hs_kb8x_sub(x.c[0], to_mont8(e));
            }
            den[L + c] = x;
        }
    }
    /* prefix products, one inversion a lane */
    e4x acc = den[0];
    pre[0] = acc;
    for (size_t f = 1; f < F; f++) pre[f] = acc = e4x_mul(acc, den[f]);
    uint32_t v[4][8];
    for (int u = 0; u < 4; u++) _mm256_storeu_si256((__m256i *)v[u], acc.c[u]);
    e4x inv;
    {
        uint32_t iv[4][8];
        for (int j = 0; j < 8; j++) {
            hs_kbe x = hs_kbe_zero();
            for (int u = 0; u < 4; u++) x.c[u] = v[u][j];
            if (hs_kbe_is_zero(x)) return 0; /* a denominator vanished */
            x = hs_kbe_inv(4, x);
            for (int u = 0; u < 4; u++) iv[u][j] = x.c[u];
        }
        for (int u = 0; u < 4; u++) inv.c[u] = _mm256_loadu_si256((const __m256i *)iv[u]);
    }
    /* backwards: fraction f = num_f / den_f, paired into h_p */
    e4x sum;
    memset(&sum, 0, sizeof sum);
    for (size_t p = P; p-- > 0;) {
        e4x h;
        memset(&h, 0, sizeof h);
        for (size_t f = 2 * p + 1; f + 1 > 2 * p; f--) {
            if (f >= F) continue;
            e4x x = f ? e4x_mul(inv, pre[f - 1]) : inv;
            if (f) inv = e4x_mul(inv, den[f]);
            if (f >= L) { /* a table column: -m / den */
                const unsigned c = (unsigned)(f - L);
                unsigned t = 0;
                while (t + 1 < s->n_tables && c >= s->col0[t + 1]) t++;
                const unsigned j = c - s->col0[t];
                uint32_t m[8];
                for (unsigned q = 0; q < 8; q++) m[q] = hs_logup_mult_at(s, cnt, t, j, i0 + q);
                const __m256i mm = to_mont8(_mm256_loadu_si256((const __m256i *)m));
                x = e4x_mul_base(x, mm);
                for (int u = 0; u < 4; u++) x.c[u] = hs_kb8x_sub(_mm256_setzero_si256(), x.c[u]);
            }
            h = e4x_add(h, x);
        }
        hb[p] = h;
        sum = e4x_add(sum, h);
    }
    /* the pair columns back to the 8 rows: two pairs (8 words) of each row at a time */
    size_t p = 0;
    for (; p + 2 <= P; p += 2) {
        __m256i r[8];
        for (int u = 0; u < 4; u++) r[u] = hb[p].c[u], r[4 + u] = hb[p + 1].c[u];
        hs_transpose8x32(r); /* r[j]: row j's coordinates of pair p, then of pair p + 1 */
        for (int j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(void *)(buf + (i0 + (size_t)j) * AW + p * 4), r[j]);
    }
    for (; p < P; p++) {
        uint32_t hv[4][8];
        for (int u = 0; u < 4; u++) _mm256_storeu_si256((__m256i *)hv[u], hb[p].c[u]);
        for (int j = 0; j < 8; j++)
            for (int u = 0; u < 4; u++) buf[(i0 + (size_t)j) * AW + p * 4 + (size_t)u] = hv[u][j];
    }
    for (int u = 0; u < 4; u++) _mm256_storeu_si256((__m256i *)v[u], sum.c[u]);
    for (int j = 0; j < 8; j++) {
        rs[j] = hs_kbe_zero();
        for (int u = 0; u < 4; u++) rs[j].c[u] = v[u][j];
    }
    return 1;
}
