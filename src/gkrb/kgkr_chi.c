/* The prover's chi sumcheck of one Keccak round (kgkr.h, kgkr_internal.h):
 *   claim = sum_i eq(z, i) sum_p w_p (L_p(i) + (1 + L_{s1p}(i)) L_{s2p}(i)),
 * i over the 2^log_n instances, L the round's bit-sliced chi input.
 *
 * Round 1 binds instance bit 0 on the packed bits: with Gruen's factoring (scg.h) the round's
 * polynomial is eq(z_0, X) q(X), q(X) = sum_j E(j) sum_p w_p chi_p(X, j) over the pairs j = (2j, 2j + 1),
 * E = eq over z_1..z_{log_n - 1}. At X = 0 and 1 chi_p is the chi output bit of instance 2j or 2j + 1;
 * its X^2 coefficient (the node at infinity) is dy dz, the product of the pair's differences of the
 * two AND inputs. So q's three values are, for every p, E-weighted sums of bits, taken 8 pairs at a
 * time from 256-entry tables of subset sums of E (the four Russians' method), then one inner product
 * with w per value. Round 2 binds instance bit 1 on the bits as well (kgkr_r2bits_batch: the values
 * after round 1 are u + r1 v with bits u, v, so chi's values expand into bit vectors times 1, r1,
 * r1^2). Binding bits 0 and 1 to r1, r2 turns each group of 4 bits into one of 16 subset sums of
 * eq((r1, r2), .): the 1600 GF(2^128) tables of N/4 values start there (N/2 when log_n = 1).
 *
 * The later rounds bind instance bits log_n - 1 down to 2, the most significant index bit of the
 * tables, so a round's pairs are the two halves of each table: per p, F = E (.) L_{s2p}(0) and
 * dF = E (.) (L_{s2p}(1) - L_{s2p}(0)) (the batch products of gf2_128.h), sum F gives the linear
 * terms, <L_{s1p}(0), F> the product at X = 0 and <dL_{s1p}, dF> the X^2 coefficient; q(1) comes from
 * the claim (Gruen: claim = m ((1 + z) q(0) + z q(1))), or, if m or z is 0, from F + dF. The work is
 * shared out by chi's rows (y, z), whose five tables no other row reads, so each thread binds its
 * rows' tables to the previous round's challenge right before summing them (one pass, one team a
 * round); the fold is T + r (T' + T) per table (scale_add). The bit rounds share out the words.
 * Every sum is a XOR of exact values, so the proof does not depend on the thread count or the
 * kernel. */
#include <string.h>

#include "gkrb/kgkr_internal.h"
#include "sumcheck/scg.h"
#include "util/mem.h"
#include "util/parallel.h"
#include "util/timer.h"

/* Table rounds with fewer pairs run on the caller's thread. */
#define KGKR_PAR_MIN_PAIRS 64
/* chi's rows (y, z): 5 * 64, the unit the table rounds are shared out in. */
#define KGKR_ROWS 320

/* The even bits of v (bits 0, 2, ..., 62) packed into bits 0..31. */
static inline uint64_t kgkr_even_bits(uint64_t v) {
    v &= 0x5555555555555555ull;
    v = (v | v >> 1) & 0x3333333333333333ull;
    v = (v | v >> 2) & 0x0f0f0f0f0f0f0f0full;
    v = (v | v >> 4) & 0x00ff00ff00ff00ffull;
    v = (v | v >> 8) & 0x0000ffff0000ffffull;
    return (v | v >> 16) & 0xffffffffull;
}

static inline hs_gf128 kgkr_look4(hs_gf128 (*t)[256], uint64_t v) {
    hs_gf128 s = hs_gf128_add(t[0][v & 0xff], t[1][(v >> 8) & 0xff]);
    return hs_gf128_add(s, hs_gf128_add(t[2][(v >> 16) & 0xff], t[3][(v >> 24) & 0xff]));
}

typedef struct {
    const uint64_t *L;
    const hs_gf128 *E; /* 32 * words values, zero past N / 2 */
    size_t words, chunk;
    hs_gf128 *acc; /* a chunk: 3 * 1600 sums (node 0, node 1, node infinity) */
} kgkr_r1_ctx;

static void kgkr_r1_batch(void *vctx, size_t lo, size_t cnt) {
    const kgkr_r1_ctx *c = vctx;
    hs_gf128 *acc = c->acc + (lo / c->chunk) * 3 * HS_KGKR_BITS;
    hs_gf128 t[4][256];
    const size_t W = c->words;
    for (size_t b = lo; b < lo + cnt; b++) {
        for (unsigned g = 0; g < 4; g++) kgkr_subset_sums(t[g], c->E + 32 * b + 8 * g);
        for (unsigned p = 0; p < HS_KGKR_BITS; p++) {
            const uint64_t x = c->L[(size_t)p * W + b], y = c->L[(size_t)kgkr_s1(p) * W + b],
                           z = c->L[(size_t)kgkr_s2(p) * W + b];
            const uint64_t chi = x ^ (~y & z), d = (y ^ y >> 1) & (z ^ z >> 1);
            acc[p] = hs_gf128_add(acc[p], kgkr_look4(t, kgkr_even_bits(chi)));
            acc[HS_KGKR_BITS + p] = hs_gf128_add(acc[HS_KGKR_BITS + p], kgkr_look4(t, kgkr_even_bits(chi >> 1)));
            acc[2 * HS_KGKR_BITS + p] = hs_gf128_add(acc[2 * HS_KGKR_BITS + p], kgkr_look4(t, kgkr_even_bits(d)));
        }
    }
}

/* Round 2 on the bits: after round 1 a column's value on the pair (4j + 2t, 4j + 2t + 1) is u + r1 v
 * with the bits u = L(4j + 2t) and v = L(4j + 2t) + L(4j + 2t + 1), so chi at X = t is c0 + r1 c1 + r1^2 c2
 * with bit vectors c0 = chi of the u's, c1 = xv + zv + yu zv + yv zu and c2 = yv zv; its X^2 coefficient
 * is the same expansion of the differences dy dz over t. Nine E-weighted bit sums a position. */
static inline uint64_t kgkr_bits4(uint64_t v) { return kgkr_even_bits(kgkr_even_bits(v)); }

static inline hs_gf128 kgkr_look2(hs_gf128 (*t)[256], uint64_t v) {
    return hs_gf128_add(t[0][v & 0xff], t[1][(v >> 8) & 0xff]);
}

static void kgkr_r2bits_batch(void *vctx, size_t lo, size_t cnt) {
    const kgkr_r1_ctx *c = vctx;
    hs_gf128 *acc = c->acc + (lo / c->chunk) * 9 * HS_KGKR_BITS;
    hs_gf128 t[2][256];
    const size_t W = c->words;
    for (size_t b = lo; b < lo + cnt; b++) {
        for (unsigned g = 0; g < 2; g++) kgkr_subset_sums(t[g], c->E + 16 * b + 8 * g);
        for (unsigned p = 0; p < HS_KGKR_BITS; p++) {
            const uint64_t x = c->L[(size_t)p * W + b], y = c->L[(size_t)kgkr_s1(p) * W + b],
                           z = c->L[(size_t)kgkr_s2(p) * W + b];
            const uint64_t xd = x ^ x >> 1, yd = y ^ y >> 1, zd = z ^ z >> 1;
            uint64_t yu[2], yv[2], zu[2], zv[2], vec[9];
            for (unsigned k = 0; k < 2; k++) {
                const uint64_t xu = kgkr_bits4(x >> 2 * k), xv = kgkr_bits4(xd >> 2 * k);
                yu[k] = kgkr_bits4(y >> 2 * k), yv[k] = kgkr_bits4(yd >> 2 * k);
                zu[k] = kgkr_bits4(z >> 2 * k), zv[k] = kgkr_bits4(zd >> 2 * k);
                vec[3 * k] = xu ^ (~yu[k] & zu[k]);
                vec[3 * k + 1] = xv ^ zv[k] ^ (yu[k] & zv[k]) ^ (yv[k] & zu[k]);
                vec[3 * k + 2] = yv[k] & zv[k];
            }
            const uint64_t dyu = yu[0] ^ yu[1], dyv = yv[0] ^ yv[1], dzu = zu[0] ^ zu[1], dzv = zv[0] ^ zv[1];
            vec[6] = dyu & dzu;
            vec[7] = (dyu & dzv) ^ (dyv & dzu);
            vec[8] = dyv & dzv;
            for (unsigned k = 0; k < 9; k++)
                acc[k * HS_KGKR_BITS + p] = hs_gf128_add(acc[k * HS_KGKR_BITS + p], kgkr_look2(t, vec[k]));
        }
    }
}

/* The tables after the bit rounds: T_q[j] = sum_l e[l] L_q(2^c j + l) over the 2^c instances of j. */
typedef struct {
    const uint64_t *L;
    hs_gf128 *T;
    size_t words, stride, count; /* count: values a column (N / 2^c) */
    unsigned c;
    hs_gf128 v[16];
} kgkr_mat_ctx;

static void kgkr_mat_batch(void *vctx, size_t lo, size_t cnt) {
    const kgkr_mat_ctx *c = vctx;
    const unsigned g = 1u << c->c, per = 64 / g;
    const uint64_t mask = (1ull << g) - 1;
    for (size_t q = lo; q < lo + cnt; q++) {
        hs_gf128 *dst = c->T + q * c->stride;
        const uint64_t *src = c->L + q * c->words;
        for (size_t j = 0; j < c->count; j++) dst[j] = c->v[(src[j / per] >> (g * (j % per))) & mask];
    }
}

typedef struct {
    hs_gf128 *T;
    const hs_gf128 *E;
    size_t stride, half, chunk;
    hs_gf128 *scratch; /* a chunk: 4 * half */
    hs_gf128 *cs;      /* 2 * 1600: sum F over the pairs at X = 0 and 1, by column */
    hs_gf128 *V;       /* 3 * 1600: the products' sums by p */
    int need1;         /* compute X = 1 too (else q(1) comes from the claim) */
    int fold;          /* first bind the previous round's variable to rprev (fhalf pairs a table) */
    hs_gf128 rprev;
    size_t fhalf;
} kgkr_r2_ctx;

/* t[j] + r (t[j + half] + t[j]) for j < half: one table bound to r. */
static void kgkr_fold_col(hs_gf128 *t, size_t half, hs_gf128 r) {
    for (size_t j = 0; j < half; j++) t[half + j] = hs_gf128_add(t[half + j], t[j]);
    hs_gf128_scale_add(t, r, t + half, half);
}

static hs_gf128 kgkr_xor_sum(const hs_gf128 *a, size_t n) {
    hs_gf128 s = hs_gf128_zero();
    for (size_t i = 0; i < n; i++) s = hs_gf128_add(s, a[i]);
    return s;
}

/* Rows (y, z) lo..lo + cnt: chi reads only its own row's five columns, so a thread folds its rows'
 * tables (the previous round's challenge) and sums them in one pass, no barrier between. */
static void kgkr_r2_batch(void *vctx, size_t lo, size_t cnt) {
    const kgkr_r2_ctx *c = vctx;
    const size_t h = c->half;
    hs_gf128 *F0 = c->scratch + (lo / c->chunk) * 4 * h, *Db = F0 + h, *Da = Db + h, *DF = Da + h;
    for (size_t row = lo; row < lo + cnt; row++) {
        const unsigned y = (unsigned)row / 64, zc = (unsigned)row % 64;
        if (c->fold)
            for (unsigned x = 0; x < 5; x++) kgkr_fold_col(c->T + (size_t)hs_kgkr_col(x, y, zc) * c->stride, c->fhalf, c->rprev);
        for (unsigned x = 0; x < 5; x++) {
            const unsigned p = hs_kgkr_col(x, y, zc), q2 = kgkr_s2(p);
            const hs_gf128 *a = c->T + (size_t)kgkr_s1(p) * c->stride, *b = c->T + (size_t)q2 * c->stride;
            for (size_t j = 0; j < h; j++) {
                Da[j] = hs_gf128_add(a[j], a[j + h]);
                Db[j] = hs_gf128_add(b[j], b[j + h]);
            }
            hs_gf128_mul_many(F0, c->E, b, h);  /* E (.) b at X = 0 */
            hs_gf128_mul_many(DF, c->E, Db, h); /* E (.) (b(1) - b(0)) */
            const hs_gf128 cs0 = kgkr_xor_sum(F0, h);
            c->cs[q2] = cs0;
            c->V[p] = hs_gf128_inner(a, F0, h);
            c->V[2 * HS_KGKR_BITS + p] = hs_gf128_inner(Da, DF, h);
            if (c->need1) { /* X = 1 as well (when the claim does not give it): E (.) b(1) = F0 + DF */
                c->cs[HS_KGKR_BITS + q2] = hs_gf128_add(cs0, kgkr_xor_sum(DF, h));
                c->V[HS_KGKR_BITS + p] = hs_gf128_add(hs_gf128_inner(a + h, F0, h), hs_gf128_inner(a + h, DF, h));
            }
        }
    }
}

/* The round's message from q's values at 0, 1 and infinity; returns the challenge, *m times eq,
 * *claim = p(r). */
static hs_gf128 kgkr_send(hs_transcript *t, hs_writer *wr, hs_gf128 *m, hs_gf128 *claim, hs_gf128 zb,
                          const hs_gf128 q[3]) {
    hs_gf128 p[4];
    hs_scg_gf128_eq_expand(*m, zb, q, 2, p);
    const hs_gf128 r = hs_scg_gf128_prove_round(t, wr, p, 3);
    *m = hs_gf128_mul(*m, hs_gkrb_eq1(zb, r));
    *claim = hs_scg_gf128_eval(p, 3, r);
    return r;
}

int kgkr_chi_prove(const uint64_t *L, unsigned log_n, const hs_gf128 *z, const hs_gf128 *w, hs_transcript *t,
                   hs_writer *wr, hs_gf128 *rpt, hs_gf128 a[HS_KGKR_BITS], unsigned threads, hs_kgkr_times *tm) {
    const size_t words = hs_kgkr_words(log_n);
    const unsigned th = threads ? threads : 1;
    if (log_n == 0) {
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) a[q] = (hs_gf128){L[q] & 1, 0};
        return 1;
    }
    double t0 = hs_now();
    const size_t half = (size_t)1 << (log_n - 1);
    /* ---- round 1 on the bits ---- */
    const size_t chunk = (words + th - 1) / th, nchunks = (words + chunk - 1) / chunk;
    hs_gf128 *E = hs_calloc_array(words * 32, sizeof *E);
    hs_gf128 *acc = hs_calloc_array(nchunks * 9 * HS_KGKR_BITS, sizeof *acc);
    hs_gf128 *T = hs_alloc_array((size_t)HS_KGKR_BITS * (half > 1 ? half / 2 : 1), sizeof *T);
    hs_gf128 *V = hs_alloc_array(5 * HS_KGKR_BITS, sizeof *V);
    if (!E || !acc || !T || !V) {
        hs_free(E), hs_free(acc), hs_free(T), hs_free(V);
        return 0;
    }
    hs_gkrb_eq_table(E, z + 1, log_n - 1);
    kgkr_r1_ctx c1 = {L, E, words, chunk, acc};
    hs_parallel_batches(words, chunk, th, kgkr_r1_batch, &c1);
    hs_gkrb_sum_chunks(acc, nchunks, 3 * HS_KGKR_BITS);
    hs_gf128 q[3], m = hs_gf128_one(), claim;
    for (unsigned k = 0; k < 3; k++) q[k] = hs_gf128_inner(w, acc + k * HS_KGKR_BITS, HS_KGKR_BITS);
    const hs_gf128 r1 = kgkr_send(t, wr, &m, &claim, z[0], q);
    rpt[0] = r1;
    const hs_gf128 one = hs_gf128_one(), r1c = hs_gf128_add(one, r1);
    const unsigned cb = log_n >= 2 ? 2 : 1; /* rounds on the bits */
    const size_t stride = (size_t)1 << (log_n - cb);
    kgkr_mat_ctx cm = {L, T, words, stride, stride, cb, {{0, 0}}};
    if (cb == 1) {
        cm.v[1] = r1c, cm.v[2] = r1, cm.v[3] = one;
    } else {
        /* ---- round 2 on the bits ---- */
        memset(acc, 0, nchunks * 9 * HS_KGKR_BITS * sizeof *acc);
        hs_gkrb_eq_table(E, z + 2, log_n - 2);
        memset(E + stride, 0, (words * 32 - stride) * sizeof *E);
        hs_parallel_batches(words, chunk, th, kgkr_r2bits_batch, &c1);
        hs_gkrb_sum_chunks(acc, nchunks, 9 * HS_KGKR_BITS);
        const hs_gf128 r1s = hs_gf128_mul(r1, r1);
        for (unsigned k = 0; k < 3; k++) {
            const hs_gf128 *s0 = acc + 3 * k * HS_KGKR_BITS;
            q[k] = hs_gf128_add(hs_gf128_inner(w, s0, HS_KGKR_BITS),
                                hs_gf128_add(hs_gf128_mul(r1, hs_gf128_inner(w, s0 + HS_KGKR_BITS, HS_KGKR_BITS)),
                                             hs_gf128_mul(r1s, hs_gf128_inner(w, s0 + 2 * HS_KGKR_BITS, HS_KGKR_BITS))));
        }
        const hs_gf128 r2 = kgkr_send(t, wr, &m, &claim, z[1], q), r2c = hs_gf128_add(one, r2);
        rpt[1] = r2;
        const hs_gf128 e[4] = {hs_gf128_mul(r1c, r2c), hs_gf128_mul(r1, r2c), hs_gf128_mul(r1c, r2), hs_gf128_mul(r1, r2)};
        for (unsigned v = 1; v < 16; v++) cm.v[v] = hs_gf128_add(cm.v[v & (v - 1)], e[__builtin_ctz(v)]);
    }
    hs_parallel_batches(HS_KGKR_BITS, 16, th, kgkr_mat_batch, &cm);
    hs_free(acc);
    double t1 = hs_now();
    if (tm) tm->chi_first += t1 - t0;
    /* ---- rounds cb + 1..log_n on the tables ---- */
    hs_gf128 *scratch = log_n > cb ? hs_alloc_array((size_t)th * 4 * (stride / 2), sizeof *scratch) : NULL;
    if (log_n > cb && !scratch) {
        hs_free(E), hs_free(T), hs_free(V);
        return 0;
    }
    int pend = 0; /* a challenge not yet folded into the tables (the fold runs with the next sums) */
    hs_gf128 rp = hs_gf128_zero();
    size_t ph = 0;
    for (unsigned s = cb; s < log_n; s++) {
        const size_t h = (size_t)1 << (log_n - s - 1); /* pairs this round */
        const unsigned bit = log_n - s + cb - 1;        /* the instance bit bound */
        hs_gkrb_eq_table(E, z + cb, log_n - s - 1);
        /* the last rounds are a few microseconds of work: a thread team there only waits (a
         * descheduled thread holds every barrier on a loaded machine) */
        const unsigned tr = h >= KGKR_PAR_MIN_PAIRS ? th : 1;
        const size_t rchunk = (KGKR_ROWS + tr - 1) / tr;
        /* q(1) from the claim, m ((1 + z) q(0) + z q(1)) (Gruen), unless m or z is 0 */
        const int need1 = hs_gf128_is_zero(m) || hs_gf128_is_zero(z[bit]);
        kgkr_r2_ctx c2 = {T, E, stride, h, rchunk, scratch, V + 3 * HS_KGKR_BITS, V, need1, pend, rp, ph};
        hs_parallel_batches(KGKR_ROWS, rchunk, tr, kgkr_r2_batch, &c2);
        for (unsigned p = 0; p < HS_KGKR_BITS; p++)
            for (unsigned k = 0; k < 1u + (unsigned)need1; k++) {
                const hs_gf128 *cs = c2.cs + k * HS_KGKR_BITS;
                V[k * HS_KGKR_BITS + p] = hs_gf128_add(V[k * HS_KGKR_BITS + p], hs_gf128_add(cs[p], cs[kgkr_s2(p)]));
            }
        for (unsigned k = 0; k < 3; k++)
            if (k != 1 || need1) q[k] = hs_gf128_inner(w, V + k * HS_KGKR_BITS, HS_KGKR_BITS);
        if (!need1) q[1] = hs_scg_gf128_gruen_q1(claim, m, z[bit], q[0]);
        const hs_gf128 r = kgkr_send(t, wr, &m, &claim, z[bit], q);
        rpt[bit] = r;
        pend = 1, rp = r, ph = h;
    }
    /* the last challenge (one pair left: h = 1) on each table's first value */
    for (unsigned p = 0; p < HS_KGKR_BITS; p++) {
        const hs_gf128 *tp = T + (size_t)p * stride;
        a[p] = pend ? hs_gf128_add(tp[0], hs_gf128_mul(rp, hs_gf128_add(tp[0], tp[ph]))) : tp[0];
    }
    if (tm) tm->chi_rest += hs_now() - t1;
    hs_free(scratch), hs_free(E), hs_free(T), hs_free(V);
    return 1;
}
