/* The prover's LogUp constraints (logup.h) at 8 points of the quotient domain at once, one per
 * AVX2 lane, for the degree-4 challenge field (the compat preset): the same combination as
 * eval_point4 in logup.c (logup_point.inc), its portable twin, which test_logup compares it with.
 * Compiled with -mavx2; reached only after hs_cpu_has_avx2(). */
#include <immintrin.h>
#include <string.h>

#include "field/kb_avx2.h"
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
/* c_k = sum_{i+j=k} a_i b_j + 3 sum_{i+j=k+4} a_i b_j */
static inline e4x e4x_mul(e4x a, e4x b) {
    const __m256i t1 = triple(b.c[1]), t2 = triple(b.c[2]), t3 = triple(b.c[3]);
    const __m256i *x = a.c, *y = b.c;
    e4x r;
    r.c[0] = hs_kb8x_add(hs_kb8x_add(hs_kb8x_mul(x[0], y[0]), hs_kb8x_mul(x[1], t3)),
                         hs_kb8x_add(hs_kb8x_mul(x[2], t2), hs_kb8x_mul(x[3], t1)));
    r.c[1] = hs_kb8x_add(hs_kb8x_add(hs_kb8x_mul(x[0], y[1]), hs_kb8x_mul(x[1], y[0])),
                         hs_kb8x_add(hs_kb8x_mul(x[2], t3), hs_kb8x_mul(x[3], t2)));
    r.c[2] = hs_kb8x_add(hs_kb8x_add(hs_kb8x_mul(x[0], y[2]), hs_kb8x_mul(x[1], y[1])),
                         hs_kb8x_add(hs_kb8x_mul(x[2], y[0]), hs_kb8x_mul(x[3], t3)));
    r.c[3] = hs_kb8x_add(hs_kb8x_add(hs_kb8x_mul(x[0], y[3]), hs_kb8x_mul(x[1], y[2])),
                         hs_kb8x_add(hs_kb8x_mul(x[2], y[1]), hs_kb8x_mul(x[3], y[0])));
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

void hs_logup_eval_points8_avx2(const hs_logup_eval *e, const hs_kb *const look[8], const hs_kb *const mult[8],
                                const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                void *scratch, hs_kbe out[8]);
void hs_logup_eval_points8_avx2(const hs_logup_eval *e, const hs_kb *const look[8], const hs_kb *const mult[8],
                                const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                void *scratch, hs_kbe out[8]) {
    const hs_logup_shape *s = e->s;
    const size_t L = s->n_lookups, F = s->n_frac, P = s->n_pairs;
    e4x *den = scratch;
    const e4x beta = e4x_set1(e->beta), beta2 = e4x_set1(e->beta2);
    size_t l = 0;
    for (unsigned ru = 0; ru < s->n_runs; ru++) {
        const unsigned t = s->run_table[ru];
        const e4x g = e4x_set1(e->gamma_tag[t]);
        const int xr = s->table[t].kind == HS_AIR_TABLE_XOR;
        for (uint32_t c = 0; c < s->run_count[ru]; c++, l++) {
            e4x x = g;
            if (xr) x = e4x_sub(e4x_sub(x, e4x_mul_base(beta, gather8(look, 3 * l + 1))), e4x_mul_base(beta2, gather8(look, 3 * l + 2)));
            x.c[0] = hs_kb8x_sub(x.c[0], gather8(look, 3 * l));
            den[l] = x;
        }
    }
    unsigned t = 0;
    for (unsigned c = 0; c < s->n_mult; c++) {
        while (t + 1 < s->n_tables && c >= s->col0[t + 1]) t++;
        e4x x = e4x_sub(e4x_sub(e4x_set1(e->gamma_tag[t]), e4x_mul_base(beta, gather8(tab, 3 * (size_t)c + 1))),
                        e4x_mul_base(beta2, gather8(tab, 3 * (size_t)c + 2)));
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
        acc = e4x_add(acc, e4x_mul(e4x_set1(e->pow[p]), c));
        hsum = e4x_add(hsum, h);
    }
    const e4x run = e4x_sub(e4x_sub(gather_e4(aux_next, P * 4), gather_e4(aux, P * 4)), hsum);
    acc = e4x_add(acc, e4x_mul(e4x_set1(e->pow[P]), run));
    uint32_t v[4][8];
    for (int i = 0; i < 4; i++) _mm256_storeu_si256((__m256i *)v[i], acc.c[i]);
    for (int j = 0; j < 8; j++) {
        out[j] = hs_kbe_zero();
        for (int i = 0; i < 4; i++) out[j].c[i] = v[i][j];
    }
}
