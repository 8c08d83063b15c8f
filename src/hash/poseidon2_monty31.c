#include "hash/poseidon2_monty31.h"

#include <pthread.h>
#include <string.h>

#include "util/parallel.h"
#include "util/cpu.h"

extern const uint32_t hs_p2kb16_rc_ext_init[4][16], hs_p2kb16_rc_int[20], hs_p2kb16_rc_ext_final[4][16],
    hs_p2kb16_diag[16];
extern const uint32_t hs_p2kb24_rc_ext_init[4][24], hs_p2kb24_rc_int[23], hs_p2kb24_rc_ext_final[4][24],
    hs_p2kb24_diag[24];
extern const uint32_t hs_p2bb16_rc_ext_init[4][16], hs_p2bb16_rc_int[13], hs_p2bb16_rc_ext_final[4][16],
    hs_p2bb16_diag[16];
extern const uint32_t hs_p2bb24_rc_ext_init[4][24], hs_p2bb24_rc_int[21], hs_p2bb24_rc_ext_final[4][24],
    hs_p2bb24_diag[24];

static uint32_t to_mont(const hs_mt_field *f, uint32_t x) { return hs_mt_mul(x, f->r2, f->p, f->mu); }

/* Recognise V entries the SIMD kernel can apply with shifts and adds. */
static void classify_diag(hs_p2_params *pp) {
    const hs_mt_field *f = pp->field;
    for (unsigned i = 0; i < pp->width; i++) {
        uint32_t v = pp->diag[i];
        pp->diag_kind[i] = HS_DIAG_GENERIC;
        pp->diag_arg[i] = 0;
        for (int s = -4; s <= 4; s++) {
            uint32_t c = to_mont(f, (uint32_t)(s >= 0 ? s : -s));
            if (s < 0) c = hs_mt_neg(c, f->p);
            if (c == v) {
                pp->diag_kind[i] = HS_DIAG_SMALL;
                pp->diag_arg[i] = (int8_t)s;
            }
        }
        if (pp->diag_kind[i] != HS_DIAG_GENERIC) continue;
        uint32_t c = f->one;
        for (unsigned k = 1; k <= f->two_adicity; k++) {
            c = hs_mt_halve(c, f->p);
            if (c == v || hs_mt_neg(c, f->p) == v) {
                pp->diag_kind[i] = c == v ? HS_DIAG_INV_POW2 : HS_DIAG_NEG_INV_POW2;
                pp->diag_arg[i] = (int8_t)k;
                break;
            }
        }
    }
}

int hs_p2_params_init(hs_p2_params *pp, const hs_mt_field *f, unsigned sbox, unsigned width, unsigned partial,
                      const uint32_t *rc_init, const uint32_t *rc_int, const uint32_t *rc_final, const uint32_t *diag) {
    memset(pp, 0, sizeof *pp);
    if ((width != 16 && width != 24) || (sbox != 3 && sbox != 7) || partial == 0 || partial > HS_P2_MAX_PARTIAL)
        return 0;
    pp->field = f;
    pp->sbox = sbox;
    pp->width = width;
    pp->partial = partial;
    for (unsigned r = 0; r < HS_P2_HALF_FULL; r++)
        for (unsigned i = 0; i < width; i++) {
            uint32_t a = rc_init[r * width + i], b = rc_final[r * width + i];
            if (a >= f->p || b >= f->p) return 0;
            pp->rc_init[r][i] = to_mont(f, a);
            pp->rc_final[r][i] = to_mont(f, b);
            pp->c_rc_init[r][i] = a;
            pp->c_rc_final[r][i] = b;
        }
    for (unsigned r = 0; r < partial; r++) {
        if (rc_int[r] >= f->p) return 0;
        pp->rc_int[r] = to_mont(f, rc_int[r]);
        pp->c_rc_int[r] = rc_int[r];
    }
    for (unsigned i = 0; i < width; i++) {
        if (diag[i] >= f->p) return 0;
        pp->diag[i] = to_mont(f, diag[i]);
        pp->c_diag[i] = diag[i];
    }
    classify_diag(pp);
    return 1;
}

static hs_p2_params kb16, kb24, bb16, bb24;
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void init_defaults(void) {
    hs_p2_params_init(&kb16, &hs_mt_koalabear, 3, 16, 20, &hs_p2kb16_rc_ext_init[0][0], hs_p2kb16_rc_int,
                      &hs_p2kb16_rc_ext_final[0][0], hs_p2kb16_diag);
    hs_p2_params_init(&kb24, &hs_mt_koalabear, 3, 24, 23, &hs_p2kb24_rc_ext_init[0][0], hs_p2kb24_rc_int,
                      &hs_p2kb24_rc_ext_final[0][0], hs_p2kb24_diag);
    hs_p2_params_init(&bb16, &hs_mt_babybear, 7, 16, 13, &hs_p2bb16_rc_ext_init[0][0], hs_p2bb16_rc_int,
                      &hs_p2bb16_rc_ext_final[0][0], hs_p2bb16_diag);
    hs_p2_params_init(&bb24, &hs_mt_babybear, 7, 24, 21, &hs_p2bb24_rc_ext_init[0][0], hs_p2bb24_rc_int,
                      &hs_p2bb24_rc_ext_final[0][0], hs_p2bb24_diag);
}

#define DEFAULT_INSTANCE(fn, var)                     \
    const hs_p2_params *fn(void) {                    \
        pthread_once(&defaults_once, init_defaults);  \
        return &var;                                  \
    }
DEFAULT_INSTANCE(hs_p2_kb16, kb16)
DEFAULT_INSTANCE(hs_p2_kb24, kb24)
DEFAULT_INSTANCE(hs_p2_bb16, bb16)
DEFAULT_INSTANCE(hs_p2_bb24, bb24)

/* M4 = [[2,3,1,1],[1,2,3,1],[1,1,2,3],[3,1,1,2]] with 8 additions. */
static inline void mat4(uint32_t *x, uint32_t p) {
    uint32_t t01 = hs_mt_add(x[0], x[1], p);
    uint32_t t23 = hs_mt_add(x[2], x[3], p);
    uint32_t t0123 = hs_mt_add(t01, t23, p);
    uint32_t t01123 = hs_mt_add(t0123, x[1], p);
    uint32_t t01233 = hs_mt_add(t0123, x[3], p);
    uint32_t y3 = hs_mt_add(t01233, hs_mt_add(x[0], x[0], p), p);
    uint32_t y1 = hs_mt_add(t01123, hs_mt_add(x[2], x[2], p), p);
    uint32_t y0 = hs_mt_add(t01123, t01, p);
    uint32_t y2 = hs_mt_add(t01233, t23, p);
    x[0] = y0;
    x[1] = y1;
    x[2] = y2;
    x[3] = y3;
}

void hs_p2_external_linear(const hs_p2_params *pp, uint32_t *s) {
    const uint32_t p = pp->field->p;
    const unsigned width = pp->width;
    for (unsigned c = 0; c < width; c += 4) mat4(s + c, p);
    uint32_t sums[4];
    for (unsigned j = 0; j < 4; j++) {
        sums[j] = s[j];
        for (unsigned c = 4; c < width; c += 4) sums[j] = hs_mt_add(sums[j], s[c + j], p);
    }
    for (unsigned i = 0; i < width; i++) s[i] = hs_mt_add(s[i], sums[i & 3], p);
}

void hs_p2_internal_linear(const hs_p2_params *pp, uint32_t *s) {
    const uint32_t p = pp->field->p, mu = pp->field->mu;
    uint32_t sum = s[0];
    for (unsigned i = 1; i < pp->width; i++) sum = hs_mt_add(sum, s[i], p);
    for (unsigned i = 0; i < pp->width; i++) s[i] = hs_mt_add(sum, hs_mt_mul(pp->diag[i], s[i], p, mu), p);
}

static inline uint32_t sbox(const hs_p2_params *pp, uint32_t x) {
    const uint32_t p = pp->field->p, mu = pp->field->mu;
    uint32_t x2 = hs_mt_mul(x, x, p, mu), x3 = hs_mt_mul(x2, x, p, mu);
    if (pp->sbox == 3) return x3;
    return hs_mt_mul(hs_mt_mul(x2, x2, p, mu), x3, p, mu); /* x^7 */
}

static void full_round(const hs_p2_params *pp, const uint32_t *rc, uint32_t *s) {
    for (unsigned i = 0; i < pp->width; i++) s[i] = sbox(pp, hs_mt_add(s[i], rc[i], pp->field->p));
    hs_p2_external_linear(pp, s);
}

static void partial_round(const hs_p2_params *pp, uint32_t rc, uint32_t *s) {
    s[0] = sbox(pp, hs_mt_add(s[0], rc, pp->field->p));
    hs_p2_internal_linear(pp, s);
}

void hs_p2_permute_trace(const hs_p2_params *pp, uint32_t *s, uint32_t *out) {
    const unsigned w = pp->width;
    hs_p2_external_linear(pp, s);
    if (out) memcpy(out, s, w * sizeof *s), out += w;
    for (unsigned r = 0; r < HS_P2_HALF_FULL; r++) {
        full_round(pp, pp->rc_init[r], s);
        if (out) memcpy(out, s, w * sizeof *s), out += w;
    }
    for (unsigned r = 0; r < pp->partial; r++) {
        partial_round(pp, pp->rc_int[r], s);
        if (out) memcpy(out, s, w * sizeof *s), out += w;
    }
    for (unsigned r = 0; r < HS_P2_HALF_FULL; r++) {
        full_round(pp, pp->rc_final[r], s);
        if (out) memcpy(out, s, w * sizeof *s), out += w;
    }
}

void hs_p2_permute(const hs_p2_params *pp, uint32_t *s) { hs_p2_permute_trace(pp, s, NULL); }

void hs_p2_permute_many_portable(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical) {
    const unsigned w = pp->width;
    const hs_mt_field *f = pp->field;
    for (size_t k = 0; k < n; k++) {
        uint32_t *s = states + k * w;
        if (canonical)
            for (unsigned i = 0; i < w; i++) s[i] = to_mont(f, s[i]);
        hs_p2_permute(pp, s);
        if (canonical)
            for (unsigned i = 0; i < w; i++) s[i] = hs_mt_redc(s[i], f->p, f->mu);
    }
}

void hs_p2_permute_many_record_portable(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    const unsigned w = pp->width, rw = HS_P2_REC_WORDS(pp);
    uint32_t rounds[(1 + 2 * HS_P2_HALF_FULL + HS_P2_MAX_PARTIAL) * HS_P2_MAX_WIDTH];
    for (size_t k = 0; k < n; k++) {
        uint32_t *s = states + k * w, *r = rec + k * rw;
        memcpy(r, s, w * sizeof *s);
        hs_p2_permute_trace(pp, s, rounds);
        /* rounds: after the initial linear layer, 4 full, partial, 4 full; the S-box output of a
         * partial round is not a state, so recompute it from the state before that round */
        memcpy(r + w, rounds + w, 4 * w * sizeof *r);
        for (unsigned j = 0; j < pp->partial; j++) {
            uint32_t x = hs_mt_add(rounds[(4 + j) * w], pp->rc_int[j], pp->field->p);
            r[5 * w + j] = sbox(pp, x);
        }
        memcpy(r + 5 * w + pp->partial, rounds + (5 + pp->partial) * w, 4 * w * sizeof *r);
    }
}

#ifndef HS_HAVE_AVX2
void hs_p2_permute_many_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical) {
    hs_p2_permute_many_portable(pp, states, n, canonical);
}
void hs_p2_permute_many_record_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    hs_p2_permute_many_record_portable(pp, states, n, rec);
}
#endif
#ifndef HS_HAVE_AVX512
void hs_p2_permute_many_avx512(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical) {
    hs_p2_permute_many_avx2(pp, states, n, canonical);
}
void hs_p2_permute_many_record_avx512(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    hs_p2_permute_many_record_avx2(pp, states, n, rec);
}
#endif

typedef struct {
    const hs_p2_params *pp;
    uint32_t *states, *rec;
    int canonical;
} many_ctx;

/* Chunks of 512 states: a multiple of 16, a few L1-sized blocks. */
static void many_batch(void *ctx, size_t lo, size_t cnt) {
    const many_ctx *m = ctx;
    uint32_t *s = m->states + lo * m->pp->width;
    if (m->rec) {
        uint32_t *r = m->rec + lo * HS_P2_REC_WORDS(m->pp);
        if (hs_cpu_has_avx512())
            hs_p2_permute_many_record_avx512(m->pp, s, cnt, r);
        else if (hs_cpu_has_avx2())
            hs_p2_permute_many_record_avx2(m->pp, s, cnt, r);
        else
            hs_p2_permute_many_record_portable(m->pp, s, cnt, r);
    } else if (hs_cpu_has_avx512()) {
        hs_p2_permute_many_avx512(m->pp, s, cnt, m->canonical);
    } else if (hs_cpu_has_avx2()) {
        hs_p2_permute_many_avx2(m->pp, s, cnt, m->canonical);
    } else {
        hs_p2_permute_many_portable(m->pp, s, cnt, m->canonical);
    }
}

void hs_p2_permute_many_record(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec, unsigned threads) {
    many_ctx m = {pp, states, rec, 0};
    hs_parallel_batches(n, 512, threads, many_batch, &m);
}

void hs_p2_permute_many(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical, unsigned threads) {
    many_ctx m = {pp, states, NULL, canonical};
    hs_parallel_batches(n, 512, threads, many_batch, &m);
}

/* ---- naive reference: canonical integers, % p after every operation ---- */

void hs_p2_permute_naive(const hs_p2_params *pp, uint32_t *st) {
    const unsigned w = pp->width;
    const uint64_t p = pp->field->p;
    uint64_t s[HS_P2_MAX_WIDTH], t[HS_P2_MAX_WIDTH];
    for (unsigned i = 0; i < w; i++) s[i] = st[i] % p;
    /* external matrix as an explicit matrix: 2*M4 on diagonal blocks, M4 elsewhere */
    static const uint64_t M4[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    for (unsigned r = 0; r < 1 + 2 * HS_P2_HALF_FULL + pp->partial; r++) {
        int full = r >= 1 && (r <= HS_P2_HALF_FULL || r > HS_P2_HALF_FULL + pp->partial);
        int partial = r > HS_P2_HALF_FULL && r <= HS_P2_HALF_FULL + pp->partial;
        if (full) {
            const uint32_t *rc = r <= HS_P2_HALF_FULL ? pp->c_rc_init[r - 1]
                                                      : pp->c_rc_final[r - 1 - HS_P2_HALF_FULL - pp->partial];
            for (unsigned i = 0; i < w; i++) {
                uint64_t x = (s[i] + rc[i]) % p, y = 1;
                for (unsigned e = 0; e < pp->sbox; e++) y = (y * x) % p;
                s[i] = y;
            }
        }
        if (r == 0 || full) {
            for (unsigned i = 0; i < w; i++) {
                uint64_t acc = 0;
                for (unsigned j = 0; j < w; j++) {
                    uint64_t m = M4[i & 3][j & 3] * ((i >> 2) == (j >> 2) ? 2 : 1);
                    acc = (acc + (m * s[j]) % p) % p;
                }
                t[i] = acc;
            }
            for (unsigned i = 0; i < w; i++) s[i] = t[i];
        }
        if (partial) {
            uint64_t x = (s[0] + pp->c_rc_int[r - 1 - HS_P2_HALF_FULL]) % p, y = 1;
            for (unsigned e = 0; e < pp->sbox; e++) y = (y * x) % p;
            s[0] = y;
            uint64_t sum = 0;
            for (unsigned j = 0; j < w; j++) sum = (sum + s[j]) % p;
            for (unsigned i = 0; i < w; i++) s[i] = (sum + (pp->c_diag[i] * s[i]) % p) % p;
        }
    }
    for (unsigned i = 0; i < w; i++) st[i] = (uint32_t)s[i];
}

void hs_p2_compress(const hs_p2_params *pp, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]) {
    uint32_t s[HS_P2_MAX_WIDTH] = {0};
    memcpy(s, left, 8 * sizeof *s);
    memcpy(s + 8, right, 8 * sizeof *s);
    hs_p2_permute(pp, s);
    memcpy(out, s, 8 * sizeof *s);
}

void hs_p2_sponge(const hs_p2_params *pp, uint32_t out[8], const uint32_t *in, size_t n, int canonical) {
    uint32_t s[HS_P2_MAX_WIDTH] = {0};
    const hs_mt_field *f = pp->field;
    for (size_t off = 0; off < n; off += 8) {
        size_t m = n - off < 8 ? n - off : 8;
        for (size_t i = 0; i < m; i++) s[i] = canonical ? to_mont(f, in[off + i]) : in[off + i];
        hs_p2_permute(pp, s);
    }
    for (int i = 0; i < 8; i++) out[i] = canonical ? hs_mt_redc(s[i], f->p, f->mu) : s[i];
}
