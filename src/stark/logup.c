/* The LogUp argument of the stark backend (logup.h has the protocol and the layout). */
#include "stark/logup.h"

#include <stdlib.h>
#include <string.h>

#include "field/kb_ext.h"
#include "util/cpu.h"
#include "util/mem.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define BAD_FLAG 0x80000000u
#define COLLECT_PREFETCH 32

static unsigned table_tag(const hs_air_table *t) { return (unsigned)t->kind << 8 | t->bits; }

static int same_table(const hs_air_table *a, const hs_air_table *b) { return a->kind == b->kind && a->bits == b->bits; }

#define entry_vals hs_air_table_entry

int hs_logup_shape_init(hs_logup_shape *s, const hs_air *a, unsigned log_h, const char **why) {
    memset(s, 0, sizeof *s);
    s->log_h = log_h;
    s->n = (size_t)1 << log_h;
    if (!a->n_lookups) return 1;
    if (!a->ops->lookup_row || !a->ops->lookup_ext || !a->lookup_runs || !a->n_lookup_runs ||
        a->n_lookup_runs > HS_AIR_MAX_LOOKUP_RUNS)
        return *why = "bad AIR lookup declaration", 0;
    size_t total = 0;
    for (unsigned r = 0; r < a->n_lookup_runs; r++) {
        const hs_air_table *t = &a->lookup_runs[r].table;
        if (!hs_air_table_ok(t)) return *why = "bad AIR lookup table", 0;
        unsigned k = 0;
        while (k < s->n_tables && !same_table(&s->table[k], t)) k++;
        if (k == s->n_tables) {
            s->table[k] = *t;
            s->size[k] = hs_air_table_size(t);
            s->n_tables++;
        }
        s->run_table[r] = k;
        s->run_count[r] = a->lookup_runs[r].count;
        total += a->lookup_runs[r].count;
    }
    s->n_runs = a->n_lookup_runs;
    if (total != a->n_lookups) return *why = "bad AIR lookup declaration", 0;
    s->n_lookups = total;
    for (unsigned k = 0; k < s->n_tables; k++) {
        s->cols[k] = s->size[k] > s->n ? (unsigned)(s->size[k] >> log_h) : 1;
        s->col0[k] = s->n_mult;
        s->off[k] = s->n_entries;
        s->n_mult += s->cols[k];
        s->n_entries += s->size[k];
    }
    s->n_frac = s->n_lookups + s->n_mult;
    s->n_pairs = (s->n_frac + 1) / 2;
    s->aux_ext = s->n_pairs + 1;
    /* multiplicities and the fraction count stay below p (a count is a base-field element) */
    if ((double)s->n * (double)s->n_lookups + (double)s->n_entries >= (double)HS_KB_P)
        return *why = "too many lookups for the field (h * lookups must stay below p)", 0;
    return 1;
}

size_t hs_logup_fractions(const hs_logup_shape *s) { return s->n_lookups ? s->n * s->n_lookups + s->n_entries : 0; }

/* ---- prover ---- */

struct hs_logup_witness {
    const hs_logup_shape *s;
    uint32_t *idx;   /* h * L: lookup l on the row at w^i, at i * L + l: its entry in the concatenation of
                      * the tables, or n_entries + k for bad[k] */
    uint32_t *cnt;   /* n_entries multiplicities, table by table */
    hs_kb *bad;      /* 4 words per tuple found outside its table: its 3 values, then its table's index */
    size_t n_bad, cap_bad;
};

static size_t bitrev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
}

void hs_logup_witness_free(hs_logup_witness *w) {
    if (!w) return;
    hs_free(w->idx), hs_free(w->cnt);
    free(w->bad);
    free(w);
}

size_t hs_logup_bad(const hs_logup_witness *w) { return w->n_bad; }

#ifdef HS_TESTING
void hs_logup_corrupt_mult(hs_logup_witness *w, uint32_t e) {
    if (w->s->n_tables && e < w->s->size[0]) w->cnt[e]++;
}
#endif

/* One row's indices (out) and counts from its tuples: value k at vals[k * step]. 0 when a tuple
 * outside its table could not be kept (out of memory). */
static int index_row(const hs_logup_shape *s, hs_logup_witness *w, const hs_kb *vals, size_t step, uint32_t *out,
                     uint32_t *cnt) {
    const size_t L = s->n_lookups;
    int ok = 1;
    size_t l = 0;
    for (unsigned ru = 0; ru < s->n_runs; ru++) {
        const unsigned t = s->run_table[ru];
        const unsigned bits = s->table[t].bits;
        const int xr = s->table[t].kind == HS_AIR_TABLE_XOR;
        for (uint32_t c = 0; c < s->run_count[ru]; c++, l++) {
            const hs_kb *vl = vals + 3 * l * step;
            uint32_t v[3] = {hs_kb_to_u32(vl[0]), 0, 0};
            int64_t e = -1;
            if (xr) {
                v[1] = hs_kb_to_u32(vl[step]), v[2] = hs_kb_to_u32(vl[2 * step]);
                if (!((v[0] | v[1]) >> bits) && v[2] == (v[0] ^ v[1])) e = (int64_t)(v[0] | v[1] << bits);
            } else if (!(v[0] >> bits)) {
                e = v[0];
            }
            if (e >= 0) {
                out[l] = (uint32_t)(s->off[t] + (size_t)e);
                continue;
            }
            /* not in the table: kept for the (failing) proof */
#pragma omp critical(hs_logup_bad)
            {
                if (w->n_bad == w->cap_bad) {
                    size_t cap = w->cap_bad ? 2 * w->cap_bad : 64;
                    hs_kb *nb = realloc(w->bad, 4 * cap * sizeof *nb);
                    if (nb) w->bad = nb, w->cap_bad = cap;
                }
                if (w->n_bad < w->cap_bad && w->n_bad < BAD_FLAG) {
                    hs_kb *b = w->bad + 4 * w->n_bad;
                    for (unsigned q = 0; q < 3; q++) b[q] = vl[q * step];
                    if (!xr) b[1] = b[2] = 0;
                    b[3] = t;
                    out[l] = (uint32_t)(s->n_entries + w->n_bad++);
                } else {
                    ok = 0;
                }
            }
        }
    }
    /* the counts, in a second pass over the row's indices: the increments land at random in
     * n_entries counters (1.6 MB for the BLAKE limb AIRs), so they are prefetched */
    for (l = 0; l < L; l++) {
        if (l + COLLECT_PREFETCH < L && out[l + COLLECT_PREFETCH] < s->n_entries)
            __builtin_prefetch(&cnt[out[l + COLLECT_PREFETCH]], 1);
        if (out[l] < s->n_entries) cnt[out[l]]++;
    }
    return ok;
}

hs_logup_witness *hs_logup_collect(const hs_logup_shape *s, const hs_air *a, const hs_kb *trace, size_t stride,
                                   int rows_bitrev, unsigned threads) {
    hs_logup_witness *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->s = s;
    const size_t L = s->n_lookups, n = s->n;
    const unsigned nt = threads > 1 ? threads : 1;
    w->idx = hs_alloc_array(n, L * sizeof *w->idx);
    w->cnt = hs_alloc_array(s->n_entries, sizeof *w->cnt);
    uint32_t *tc = hs_alloc_array(nt, s->n_entries * sizeof *tc); /* one count array per thread */
    if (!w->idx || !w->cnt || !tc) {
        hs_free(tc);
        hs_logup_witness_free(w);
        return NULL;
    }
    memset(tc, 0, nt * s->n_entries * sizeof *tc);
    /* 8 rows at a time where the AIR packs their tuples (hs_air.lookup_rows8), else row by row */
    const int by8 = a->lookup_rows8 && a->ops->rows8_scratch_bytes && n % 8 == 0;
    const size_t sb = by8 ? a->ops->rows8_scratch_bytes(a) : 0;
    int ok = 1;
#pragma omp parallel num_threads(nt)
    {
        hs_kb *vals = hs_alloc_array(by8 ? 8 : 1, 3 * L * sizeof *vals);
        void *scr = by8 ? hs_alloc_array(1, sb) : NULL;
#ifdef _OPENMP
        uint32_t *cnt = tc + (size_t)omp_get_thread_num() * s->n_entries;
#else
        uint32_t *cnt = tc;
#endif
        const int tok = vals && (!by8 || scr);
        if (!tok) {
#pragma omp atomic write
            ok = 0;
        }
#pragma omp for schedule(static)
        for (size_t g = 0; g < (by8 ? n / 8 : n); g++) {
            if (!tok) continue;
            int rok = 1;
            if (by8) {
                const hs_kb *rows[8];
                for (unsigned j = 0; j < 8; j++) rows[j] = trace + (8 * g + j) * stride;
                a->lookup_rows8(a, rows, scr, vals);
                for (unsigned j = 0; j < 8; j++) {
                    const size_t r = 8 * g + j, i = rows_bitrev ? bitrev(r, s->log_h) : r;
                    rok &= index_row(s, w, vals + j, 8, w->idx + i * L, cnt);
                }
            } else {
                const size_t i = rows_bitrev ? bitrev(g, s->log_h) : g;
                a->ops->lookup_row(a, trace + g * stride, vals);
                rok = index_row(s, w, vals, 1, w->idx + i * L, cnt);
            }
            if (!rok) {
#pragma omp atomic write
                ok = 0;
            }
        }
        hs_free(vals), hs_free(scr);
    }
    for (size_t e = 0; e < s->n_entries; e++) {
        uint32_t m = 0;
        for (unsigned t = 0; t < nt; t++) m += tc[t * s->n_entries + e];
        w->cnt[e] = m;
    }
    hs_free(tc);
    if (!ok) {
        hs_logup_witness_free(w);
        return NULL;
    }
    return w;
}

static uint32_t mult_at(const hs_logup_shape *s, const hs_logup_witness *w, unsigned t, unsigned j, size_t i) {
    return hs_logup_mult_at(s, w->cnt, t, j, i);
}
#define entry_at hs_logup_entry_at

void hs_logup_mult_matrix(const hs_logup_shape *s, const hs_logup_witness *w, hs_kb *buf) {
    const unsigned M = s->n_mult;
    for (size_t i = 0; i < s->n; i++)
        for (unsigned t = 0; t < s->n_tables; t++)
            for (unsigned j = 0; j < s->cols[t]; j++) buf[i * M + s->col0[t] + j] = hs_kb_from_u32(mult_at(s, w, t, j, i));
}

hs_kb *hs_logup_table_matrix(const hs_logup_shape *s) {
    const size_t tw = 3 * (size_t)s->n_mult;
    hs_kb *tab = hs_alloc_array(s->n, tw * sizeof *tab);
    if (!tab) return NULL;
    for (size_t i = 0; i < s->n; i++)
        for (unsigned t = 0; t < s->n_tables; t++)
            for (unsigned j = 0; j < s->cols[t]; j++) {
                uint32_t v[3];
                entry_vals(&s->table[t], entry_at(s, t, j, i), v);
                for (unsigned k = 0; k < 3; k++) tab[i * tw + 3 * (s->col0[t] + j) + k] = hs_kb_from_u32(v[k]);
            }
    return tab;
}

static unsigned table_of_col(const hs_logup_shape *s, unsigned c) {
    unsigned t = 0;
    while (t + 1 < s->n_tables && c >= s->col0[t + 1]) t++;
    return t;
}

#define LU_CAT2(a, b) a##_##b
#define LU_CAT(a, b) LU_CAT2(a, b)

#define LU_D 4
#define LU_T hs_kb4
#define LU_ADD hs_kb4_add
#define LU_SUB hs_kb4_sub
#define LU_MUL hs_kb4_mul
#define LU_MULB hs_kb4_mul_base
#define LU_FN eval_point4
#include "stark/logup_aux.inc"
#include "stark/logup_point.inc"

#define LU_D 5
#define LU_T hs_kb5
#define LU_ADD hs_kb5_add
#define LU_SUB hs_kb5_sub
#define LU_MUL hs_kb5_mul
#define LU_MULB hs_kb5_mul_base
#define LU_FN eval_point5
#include "stark/logup_aux.inc"
#include "stark/logup_point.inc"

#define LU_D 8
#define LU_T hs_kb8
#define LU_ADD hs_kb8_add
#define LU_SUB hs_kb8_sub
#define LU_MUL hs_kb8_mul
#define LU_MULB hs_kb8_mul_base
#define LU_FN eval_point8
#include "stark/logup_aux.inc"
#include "stark/logup_point.inc"

#ifdef HS_HAVE_AVX2
size_t hs_logup_aux8_scratch_bytes_avx2(const hs_logup_shape *s);
int hs_logup_aux_rows8_avx2(const hs_logup_shape *s, const uint32_t *idx, const uint32_t *cnt, const hs_kbe *gt,
                            hs_kbe beta_e, size_t i0, hs_kb *buf, void *scratch, hs_kbe rs[8]);

/* d = 4 with AVX2, every tuple in its table: 8 rows at a time in lanes (logup_avx2.c) */
static int aux_matrix_avx2(const hs_logup_shape *s, const hs_logup_witness *w, const hs_kbe *gt, hs_kbe beta,
                           hs_kb *buf, unsigned threads, const char **why) {
    const size_t n = s->n, AW = s->aux_ext * 4, P = s->n_pairs;
    hs_kbe *rs = hs_alloc_array(n, sizeof *rs);
    int ok = rs != NULL, zero = 0;
    *why = hs_why_nomem;
#pragma omp parallel num_threads(threads > 1 ? threads : 1) if (ok)
    {
        void *scr = hs_alloc_array(1, hs_logup_aux8_scratch_bytes_avx2(s));
        if (!scr) {
#pragma omp atomic write
            ok = 0;
        }
#pragma omp for schedule(static)
        for (size_t g = 0; g < n / 8; g++) {
            if (scr && !hs_logup_aux_rows8_avx2(s, w->idx, w->cnt, gt, beta, 8 * g, buf, scr, rs + 8 * g)) {
#pragma omp atomic write
                zero = 1;
            }
        }
        hs_free(scr);
    }
    if (ok && zero) ok = 0, *why = "a LogUp denominator vanished (a challenge hit a table key: probability below N / |K|)";
    if (ok) { /* the running sum: s(w^0) = 0, s(w^(i+1)) = s(w^i) + rs[i] */
        hs_kbe acc = hs_kbe_zero();
        for (size_t i = 0; i < n; i++) {
            memcpy(buf + i * AW + P * 4, acc.c, 4 * sizeof *buf);
            acc = hs_kbe_add(acc, rs[i]);
        }
        *why = NULL;
    }
    hs_free(rs);
    return ok;
}
#endif

int hs_logup_aux_matrix(const hs_logup_shape *s, const hs_logup_witness *w, unsigned d, hs_kbe beta, hs_kbe gamma,
                        hs_kb *buf, unsigned threads, const char **why) {
    const hs_kbe beta3 = hs_kbe_mul(d, hs_kbe_mul(d, beta, beta), beta);
    hs_kbe gt[HS_AIR_MAX_LOOKUP_RUNS];
    for (unsigned t = 0; t < s->n_tables; t++)
        gt[t] = hs_kbe_sub(gamma, hs_kbe_mul_base(beta3, hs_kb_from_u32(table_tag(&s->table[t]))));
#ifdef HS_HAVE_AVX2
    if (d == 4 && hs_cpu_has_avx2() && !w->n_bad && s->n % 8 == 0) return aux_matrix_avx2(s, w, gt, beta, buf, threads, why);
#endif
    return d == 4   ? eval_point4_aux(s, w, gt, beta, buf, threads, why)
           : d == 5 ? eval_point5_aux(s, w, gt, beta, buf, threads, why)
                    : eval_point8_aux(s, w, gt, beta, buf, threads, why);
}

/* ---- constraints ---- */

void hs_logup_eval_init(hs_logup_eval *e, const hs_logup_shape *s, unsigned d, hs_kbe beta, hs_kbe gamma,
                        const hs_kbe *pow) {
    memset(e, 0, sizeof *e);
    e->s = s;
    e->d = d;
    e->beta = beta;
    e->beta2 = hs_kbe_mul(d, beta, beta);
    const hs_kbe beta3 = hs_kbe_mul(d, e->beta2, beta);
    for (unsigned t = 0; t < s->n_tables; t++)
        e->gamma_tag[t] = hs_kbe_sub(gamma, hs_kbe_mul_base(beta3, hs_kb_from_u32(table_tag(&s->table[t]))));
    e->pow = pow;
}

size_t hs_logup_scratch_bytes(const hs_logup_shape *s) { return (s->n_frac + 1 + s->aux_ext + s->n_mult) * sizeof(hs_kbe); }

/* The combination from the denominators (den[F]; the first L numerators are 1, the table
 * columns' are num[c]), the pair columns h[P] and the running sum at x and w x. */
static hs_kbe combine(const hs_logup_eval *e, const hs_kbe *den, const hs_kbe *num, const hs_kbe *h, hs_kbe s0,
                      hs_kbe s1) {
    const hs_logup_shape *s = e->s;
    const unsigned d = e->d;
    const size_t L = s->n_lookups, F = s->n_frac;
    hs_kbe acc = hs_kbe_zero(), hsum = hs_kbe_zero();
    for (size_t p = 0; p < s->n_pairs; p++) {
        const size_t a = 2 * p, b = a + 1;
        hs_kbe c;
        if (b < F) {
            /* h d_a d_b - (n_a d_b + n_b d_a) */
            c = hs_kbe_mul(d, hs_kbe_mul(d, h[p], den[a]), den[b]);
            c = hs_kbe_sub(c, a < L ? den[b] : hs_kbe_mul(d, num[a - L], den[b]));
            c = hs_kbe_sub(c, b < L ? den[a] : hs_kbe_mul(d, num[b - L], den[a]));
        } else {
            c = hs_kbe_sub(hs_kbe_mul(d, h[p], den[a]), a < L ? hs_kbe_one() : num[a - L]);
        }
        acc = hs_kbe_add(acc, hs_kbe_mul(d, e->pow[p], c));
        hsum = hs_kbe_add(hsum, h[p]);
    }
    const hs_kbe run = hs_kbe_sub(hs_kbe_sub(s1, s0), hsum);
    return hs_kbe_add(acc, hs_kbe_mul(d, e->pow[s->n_pairs], run));
}


hs_kbe hs_logup_eval_point(const hs_logup_eval *e, const hs_kb *look, const hs_kb *mult, const hs_kb *tab,
                           const hs_kb *aux, const hs_kb *aux_next, void *scratch) {
    return e->d == 4   ? eval_point4(e, look, mult, tab, aux, aux_next, scratch)
           : e->d == 5 ? eval_point5(e, look, mult, tab, aux, aux_next, scratch)
                       : eval_point8(e, look, mult, tab, aux, aux_next, scratch);
}

#ifdef HS_HAVE_AVX2
size_t hs_logup_scratch8_bytes_avx2(const hs_logup_shape *s);
void hs_logup_eval_points8_avx2(const hs_logup_eval *e, const hs_kb *look8, const hs_kb *const mult[8],
                                const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                void *scratch, hs_kbe out[8]);
#endif

/* the packed tuples at the end of the scratch (hs_logup_eval_points8's packing) */
static size_t scratch8_eval_bytes(const hs_logup_shape *s) {
    size_t b = hs_logup_scratch_bytes(s);
#ifdef HS_HAVE_AVX2
    size_t v = hs_logup_scratch8_bytes_avx2(s);
    if (v > b) b = v;
#endif
    return (b + 63) & ~(size_t)63;
}

size_t hs_logup_scratch8_bytes(const hs_logup_shape *s) {
    return scratch8_eval_bytes(s) + 8 * 3 * s->n_lookups * sizeof(hs_kb);
}

void hs_logup_eval_points8_packed(const hs_logup_eval *e, const hs_kb *look8, const hs_kb *const mult[8],
                                  const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                  void *scratch, hs_kbe out[8]) {
#ifdef HS_HAVE_AVX2
    if (e->d == 4 && hs_cpu_has_avx2()) {
        hs_logup_eval_points8_avx2(e, look8, mult, tab, aux, aux_next, scratch, out);
        return;
    }
#endif
    /* portable: one point at a time, its tuples gathered from the packing */
    const size_t nv = 3 * e->s->n_lookups;
    hs_kb *row = (hs_kb *)((uint8_t *)scratch + scratch8_eval_bytes(e->s));
    for (unsigned j = 0; j < 8; j++) {
        for (size_t k = 0; k < nv; k++) row[k] = look8[8 * k + j];
        out[j] = hs_logup_eval_point(e, row, mult[j], tab[j], aux[j], aux_next[j], scratch);
    }
}

void hs_logup_eval_points8(const hs_logup_eval *e, const hs_kb *const look[8], const hs_kb *const mult[8],
                           const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                           void *scratch, hs_kbe out[8]) {
#ifdef HS_HAVE_AVX2
    if (e->d == 4 && hs_cpu_has_avx2()) {
        const size_t nv = 3 * e->s->n_lookups;
        hs_kb *look8 = (hs_kb *)((uint8_t *)scratch + scratch8_eval_bytes(e->s));
        for (size_t k = 0; k < nv; k++)
            for (unsigned j = 0; j < 8; j++) look8[8 * k + j] = look[j][k];
        hs_logup_eval_points8_avx2(e, look8, mult, tab, aux, aux_next, scratch, out);
        return;
    }
#endif
    for (unsigned j = 0; j < 8; j++) out[j] = hs_logup_eval_point(e, look[j], mult[j], tab[j], aux[j], aux_next[j], scratch);
}

/* An extension value from its d opened coordinate columns: sum_u X^u v[u]. */
static hs_kbe from_coords(unsigned d, const hs_kbe *v) {
    hs_kbe acc = hs_kbe_zero();
    for (unsigned u = 0; u < d; u++) {
        hs_kbe xu = hs_kbe_zero();
        xu.c[u] = HS_KB_ONE;
        acc = hs_kbe_add(acc, hs_kbe_mul(d, xu, v[u]));
    }
    return acc;
}

hs_kbe hs_logup_eval_ext(const hs_logup_eval *e, const hs_kbe *look, const hs_kbe *mult, const hs_kbe *tab,
                         const hs_kbe *aux, const hs_kbe *aux_next, void *scratch) {
    const hs_logup_shape *s = e->s;
    const unsigned d = e->d;
    const size_t L = s->n_lookups, P = s->n_pairs;
    hs_kbe *den = scratch, *h = den + s->n_frac + 1, *num = h + s->aux_ext;
    size_t l = 0;
    for (unsigned ru = 0; ru < s->n_runs; ru++) {
        const unsigned t = s->run_table[ru];
        const int xr = s->table[t].kind == HS_AIR_TABLE_XOR;
        for (uint32_t c = 0; c < s->run_count[ru]; c++, l++) {
            const hs_kbe *v = look + 3 * l;
            hs_kbe k = v[0];
            if (xr) k = hs_kbe_add(k, hs_kbe_add(hs_kbe_mul(d, e->beta, v[1]), hs_kbe_mul(d, e->beta2, v[2])));
            den[l] = hs_kbe_sub(e->gamma_tag[t], k);
        }
    }
    for (unsigned c = 0; c < s->n_mult; c++) {
        const hs_kbe *v = tab + 3 * c;
        const unsigned t = table_of_col(s, c);
        hs_kbe k = hs_kbe_add(v[0], hs_kbe_add(hs_kbe_mul(d, e->beta, v[1]), hs_kbe_mul(d, e->beta2, v[2])));
        den[L + c] = hs_kbe_sub(e->gamma_tag[t], k);
        num[c] = hs_kbe_neg(mult[c]);
    }
    for (size_t p = 0; p < P; p++) h[p] = from_coords(d, aux + p * d);
    return combine(e, den, num, h, from_coords(d, aux + P * d), from_coords(d, aux_next + P * d));
}

int hs_logup_tables_at(const hs_logup_shape *s, unsigned d, hs_kbe zeta, hs_kbe *out) {
    const size_t n = s->n;
    hs_kbe *inv = malloc(n * sizeof *inv); /* the Lagrange weights at zeta */
    if (!inv || !hs_kbe_lagrange_at(d, zeta, s->log_h, inv)) return free(inv), 0;
    /* sum_i w_i v(e_i) with the entries' values v as plain integers (below 2^16): a Montgomery
     * weight times a plain integer is the Montgomery form of the product, so the sums run in 64
     * bits (each term below 2^47) and are reduced mod p every 2^12 terms and at the end */
    for (unsigned t = 0; t < s->n_tables; t++)
        for (unsigned j = 0; j < s->cols[t]; j++) {
            uint64_t acc[3][HS_KBE_MAX];
            memset(acc, 0, sizeof acc);
            for (size_t i = 0; i < n; i++) {
                uint32_t v[3];
                entry_vals(&s->table[t], entry_at(s, t, j, i), v);
                for (unsigned k = 0; k < 3; k++)
                    for (unsigned u = 0; u < d; u++) acc[k][u] += (uint64_t)inv[i].c[u] * v[k];
                if ((i & 4095) == 4095)
                    for (unsigned k = 0; k < 3; k++)
                        for (unsigned u = 0; u < d; u++) acc[k][u] %= HS_KB_P;
            }
            for (unsigned k = 0; k < 3; k++) {
                hs_kbe r = hs_kbe_zero();
                for (unsigned u = 0; u < d; u++) r.c[u] = (hs_kb)(acc[k][u] % HS_KB_P);
                out[3 * (s->col0[t] + j) + k] = r;
            }
        }
    free(inv);
    return 1;
}
