/* The GKR walk of Keccak-f[1600] over GF(2), public statement (kgkr.h): the prover and the verifier,
 * which share the transcript's order: domain tag, the caller's bytes, log_n, the input and output
 * states, the point z (log_n challenges) and r_bit (11), then for round 23 down to 0 the chi
 * sumcheck's messages over the instance bits and over the 6 bit-in-lane variables, the 25 lane
 * values and the 5 challenges beta that fold them. */
#include <math.h>
#include <string.h>

#include "field/bitslice.h"
#include "field/field_desc.h"
#include "gkrb/kgkr_internal.h"
#include "hash/keccak.h"
#include "sumcheck/scg.h"
#include "util/mem.h"
#include "util/timer.h"

static const uint8_t kgkr_magic[4] = {'K', 'G', 'K', '2'};

size_t hs_kgkr_proof_bytes(unsigned log_n) {
    return 5 + (size_t)HS_KECCAK_ROUNDS * (48 * ((size_t)log_n + HS_KGKR_Z_VARS) + 16 * (size_t)HS_KGKR_LANES);
}

double hs_kgkr_soundness_bits(unsigned log_n) {
    const double terms = (double)(log_n + HS_KGKR_BIT_VARS) +
                         HS_KECCAK_ROUNDS * (3.0 * (log_n + HS_KGKR_Z_VARS) + HS_KGKR_LANE_VARS);
    return 128.0 - log2(terms);
}

/* The states as bytes (FIPS 202's state string: lane i little-endian at bytes 8i..8i+7). */
static void kgkr_absorb_states(hs_transcript *t, const uint64_t *st, size_t n) {
    uint8_t buf[200];
    for (size_t i = 0; i < n; i++) {
        for (unsigned l = 0; l < 25; l++)
            for (unsigned k = 0; k < 8; k++) buf[8 * l + k] = (uint8_t)(st[25 * i + l] >> (8 * k));
        hs_transcript_absorb(t, buf, sizeof buf);
    }
}

/* Binds the statement (and the caller's bytes bind[0..bind_len), when any) and draws z and the first
 * weights w = eq(r_bit, q). */
static void kgkr_start(hs_transcript *t, const uint8_t *bind, size_t bind_len, unsigned log_n, const uint64_t *in,
                       const uint64_t *out, hs_gf128 *z, hs_gf128 w[HS_KGKR_BITS]) {
    const size_t n = (size_t)1 << log_n;
    hs_transcript_init(t, "hashsnark keccak-f1600 gkr gf2 v2");
    if (bind_len) hs_transcript_absorb(t, bind, bind_len);
    hs_transcript_absorb_u64(t, log_n);
    kgkr_absorb_states(t, in, n);
    kgkr_absorb_states(t, out, n);
    hs_gf128 rb[HS_KGKR_BIT_VARS], eq[1u << HS_KGKR_BIT_VARS];
    for (unsigned b = 0; b < log_n; b++) hs_transcript_sample(t, &hs_field_gf2_128, &z[b]);
    for (unsigned b = 0; b < HS_KGKR_BIT_VARS; b++) hs_transcript_sample(t, &hs_field_gf2_128, &rb[b]);
    hs_gkrb_eq_table(eq, rb, HS_KGKR_BIT_VARS);
    memcpy(w, eq, HS_KGKR_BITS * sizeof *w);
}

/* sum_q w_q rc_q: iota's constant of round r under the weights (lane 0 is columns 0..63). */
static hs_gf128 kgkr_iota(unsigned r, const hs_gf128 *w) {
    hs_gf128 s = hs_gf128_zero();
    for (unsigned z = 0; z < 64; z++)
        if (hs_keccak_rc[r] >> z & 1) s = hs_gf128_add(s, w[z]);
    return s;
}

/* eqz[t] = eq(rho, t) for t < 64: the generic sumcheck binds the index's most significant bit
 * first, so rho[k] goes with bit 5 - k of t. */
static void kgkr_eqz(hs_gf128 eqz[64], const hs_gf128 rho[HS_KGKR_Z_VARS]) {
    hs_gf128 pt[HS_KGKR_Z_VARS];
    for (unsigned b = 0; b < HS_KGKR_Z_VARS; b++) pt[b] = rho[HS_KGKR_Z_VARS - 1 - b];
    hs_gkrb_eq_table(eqz, pt, HS_KGKR_Z_VARS);
}

/* The sumcheck over the bit-in-lane variables t after the instance rounds ended at r' (e =
 * eq(z, r')): sum_t sum_l W_l(t) (A_l(t) + (1 + A_{s1 l}(t)) A_{s2 l}(t)) with W_l(t) = e w_{64 l + t}
 * and A_l(t) = a_{64 l + t}, the generic sumcheck's rounds (scg.h: degree 3, nodes 0, 1, x and
 * infinity, the index's most significant bit bound first), on 50 tables of 64 values. */


/* Prover: the bit-in-lane sumcheck's messages to wr, its challenges rho, the lanes' values al[l] =
 * L~_l(r', rho). Each round splits every table into its low and high halves (lane after lane, h
 * values each) and sums with the batch kernels: the round polynomial at 0, 1 and x is
 * <W(X), A(X) + (1 + A_s1(X)) A_s2(X)>, its X^3 coefficient <dW, dA_s1 dA_s2> (d: high + low).
 * 0 when out of memory. */
int kgkr_lanes_prove(hs_transcript *t, hs_writer *wr, hs_gf128 e, const hs_gf128 *w, const hs_gf128 *a,
                     hs_gf128 rho[HS_KGKR_Z_VARS], hs_gf128 al[HS_KGKR_LANES]) {
    enum { L = HS_KGKR_LANES, N = HS_KGKR_LANES * 32 };
    hs_gf128 *buf = hs_alloc_array(11 * (size_t)N + 2 * HS_KGKR_BITS, sizeof *buf);
    if (!buf) return 0;
    hs_gf128 *W = buf, *A = W + HS_KGKR_BITS, *v[2][3], *d[2], *t1 = A + HS_KGKR_BITS + 8 * N, *t2 = t1 + N,
             *c = t2 + N;
    for (unsigned g = 0; g < 2; g++) {
        for (unsigned n = 0; n < 3; n++) v[g][n] = A + HS_KGKR_BITS + (4 * g + n) * N;
        d[g] = A + HS_KGKR_BITS + (4 * g + 3) * N;
    }
    memset(W, 0, HS_KGKR_BITS * sizeof *W);
    hs_gf128_scale_add(W, e, w, HS_KGKR_BITS);
    memcpy(A, a, HS_KGKR_BITS * sizeof *A);
    unsigned s1[L], s2[L];
    for (unsigned l = 0; l < L; l++) s1[l] = kgkr_s1(64 * l) / 64, s2[l] = kgkr_s2(64 * l) / 64;
    const hs_gf128 x = hs_scg_gf128_node(2), one = hs_gf128_one();
    for (unsigned k = 0; k < HS_KGKR_Z_VARS; k++) {
        const size_t h = 32u >> k, n = L * h; /* pairs (j, j + h) of each table's live 2h values */
        for (unsigned g = 0; g < 2; g++) { /* W, then A: halves, slope, value at x */
            const hs_gf128 *f = g ? A : W;
            for (unsigned l = 0; l < L; l++) {
                memcpy(v[g][0] + l * h, f + 64 * l, h * sizeof *f);
                memcpy(v[g][1] + l * h, f + 64 * l + h, h * sizeof *f);
            }
            for (size_t i = 0; i < n; i++) d[g][i] = hs_gf128_add(v[g][0][i], v[g][1][i]);
            memcpy(v[g][2], v[g][0], n * sizeof *f);
            hs_gf128_scale_add(v[g][2], x, d[g], n);
        }
        hs_gf128 p[4];
        for (unsigned m = 0; m < 4; m++) { /* nodes 0, 1, x, then the X^3 coefficient */
            const hs_gf128 *An = m < 3 ? v[1][m] : d[1];
            for (unsigned l = 0; l < L; l++)
                for (size_t j = 0; j < h; j++) {
                    t1[l * h + j] = m < 3 ? hs_gf128_add(one, An[s1[l] * h + j]) : An[s1[l] * h + j];
                    t2[l * h + j] = An[s2[l] * h + j];
                }
            hs_gf128_mul_many(c, t1, t2, n);
            if (m < 3)
                for (size_t i = 0; i < n; i++) c[i] = hs_gf128_add(c[i], An[i]);
            p[m] = hs_gf128_inner(m < 3 ? v[0][m] : d[0], c, n);
        }
        const hs_gf128 r = hs_scg_gf128_prove_round(t, wr, p, 3);
        rho[k] = r;
        for (unsigned g = 0; g < 2; g++) { /* fold: low + r (high - low), back into the tables */
            hs_gf128 *f = g ? A : W;
            hs_gf128_scale_add(v[g][0], r, d[g], n);
            for (unsigned l = 0; l < L; l++) memcpy(f + 64 * l, v[g][0] + l * h, h * sizeof *f);
        }
    }
    for (unsigned l = 0; l < L; l++) al[l] = A[64 * l];
    hs_free(buf);
    return 1;
}

/* After round r's lane values al at the bit point rho: draws beta (5 variables), folds the 25 claims
 * with alpha_l = eq(beta, l) (*claim, when non-NULL), sets the weights w_{64 l + t} = alpha_l eq(rho, t)
 * and moves them through theta, rho, pi and iota of round r - 1. */
static void kgkr_next(hs_transcript *t, unsigned r, const hs_gf128 *al, const hs_gf128 *rho,
                      hs_gf128 w[HS_KGKR_BITS], hs_gf128 *claim) {
    hs_gf128 beta[HS_KGKR_LANE_VARS], alpha[1u << HS_KGKR_LANE_VARS], eqz[64], wn[HS_KGKR_BITS];
    hs_transcript_absorb_elems(t, &hs_field_gf2_128, al, HS_KGKR_LANES);
    for (unsigned b = 0; b < HS_KGKR_LANE_VARS; b++) hs_transcript_sample(t, &hs_field_gf2_128, &beta[b]);
    hs_gkrb_eq_table(alpha, beta, HS_KGKR_LANE_VARS);
    kgkr_eqz(eqz, rho);
    memset(wn, 0, sizeof wn);
    for (unsigned l = 0; l < HS_KGKR_LANES; l++) hs_gf128_scale_add(wn + 64 * l, alpha[l], eqz, 64);
    hs_kgkr_linear_t(w, wn);
    if (claim) {
        *claim = hs_gf128_inner(alpha, al, HS_KGKR_LANES);
        if (r > 0) *claim = hs_gf128_add(*claim, kgkr_iota(r - 1, w));
    }
}

int kgkr_walk_prove(hs_transcript *t, const hs_kgkr_witness *wit, hs_gf128 *z, hs_gf128 wt[HS_KGKR_BITS],
                    hs_writer *w, unsigned threads, hs_kgkr_times *tm) {
    const unsigned log_n = wit->log_n;
    hs_gf128 rpt[HS_KGKR_MAX_LOG_N], a[HS_KGKR_BITS], rho[HS_KGKR_Z_VARS], al[HS_KGKR_LANES];
    for (unsigned r = HS_KECCAK_ROUNDS; r-- > 0;) {
        const uint64_t *L = wit->chi_in + (size_t)r * HS_KGKR_BITS * wit->words;
        if (!kgkr_chi_prove(L, log_n, z, wt, t, w, rpt, a, threads, tm)) return 0;
        double t2 = hs_now();
        if (!kgkr_lanes_prove(t, w, hs_gkrb_eq_eval(z, rpt, log_n), wt, a, rho, al)) return 0;
        hs_w_elems(w, &hs_field_gf2_128, al, HS_KGKR_LANES);
        kgkr_next(t, r, al, rho, wt, NULL);
        memcpy(z, rpt, log_n * sizeof *z);
        tm->finals += hs_now() - t2;
    }
    return 1;
}

int kgkr_walk_verify(hs_transcript *t, hs_reader *rd, unsigned log_n, hs_gf128 *z, hs_gf128 w[HS_KGKR_BITS],
                     hs_gf128 *claim, const char **why) {
    hs_gf128 rpt[HS_KGKR_MAX_LOG_N], rho[HS_KGKR_Z_VARS], al[HS_KGKR_LANES], eqz[64];
    for (unsigned r = HS_KECCAK_ROUNDS; r-- > 0;) {
        const unsigned cb = log_n >= 2 ? 2 : 1; /* the order of kgkr_chi.c: bits 0, 1, then log_n - 1 down to 2 */
        for (unsigned s = 0; s < log_n; s++)
            if (!hs_scg_gf128_verify_round(t, rd, 3, claim, &rpt[s < cb ? s : log_n - s + cb - 1])) break;
        hs_gf128 fin = hs_gf128_zero();
        if (!rd->err) (void)hs_scg_gf128_verify(t, rd, HS_KGKR_Z_VARS, 3, *claim, rho, &fin);
        hs_r_elems(rd, &hs_field_gf2_128, al, HS_KGKR_LANES);
        if (rd->err) return *why = rd->err, 0;
        /* g = sum_l W~_l(rho) (al_l + (1 + al_{s1 l}) al_{s2 l}), W~_l(rho) = sum_t w_{64 l + t} eq(rho, t) */
        kgkr_eqz(eqz, rho);
        hs_gf128 g = hs_gf128_zero();
        for (unsigned l = 0; l < HS_KGKR_LANES; l++) {
            const hs_gf128 c = hs_gf128_add(al[l], hs_gf128_mul(hs_gf128_add(hs_gf128_one(), al[kgkr_s1(64 * l) / 64]),
                                                                al[kgkr_s2(64 * l) / 64]));
            g = hs_gf128_add(g, hs_gf128_mul(hs_gf128_inner(w + 64 * l, eqz, 64), c));
        }
        if (!hs_gf128_eq(fin, hs_gf128_mul(hs_gkrb_eq_eval(z, rpt, log_n), g)))
            return *why = "keccak-gkr: a round's chi sumcheck ends off its claimed values", 0;
        kgkr_next(t, r, al, rho, w, claim);
        memcpy(z, rpt, log_n * sizeof *z);
    }
    return 1;
}

hs_gf128 kgkr_iota_claim(unsigned r, const hs_gf128 *w) { return kgkr_iota(r, w); }

void hs_kgkr_unbitslice(uint64_t *states, const uint64_t *cols, size_t n, size_t words) {
    uint64_t m[64];
    for (size_t b = 0; b < words; b++)
        for (unsigned l = 0; l < 25; l++) {
            for (unsigned z = 0; z < 64; z++) m[z] = cols[(size_t)(64 * l + z) * words + b];
            hs_bits_transpose64(m);
            for (size_t j = 0; j < 64 && 64 * b + j < n; j++) states[(64 * b + j) * 25 + l] = m[j];
        }
}

int hs_kgkr_prove(const uint64_t *in_states, unsigned log_n, unsigned threads, uint64_t *out_states, hs_writer *w,
                  hs_kgkr_times *times, const char **why) {
    return hs_kgkr_prove_bound(NULL, 0, in_states, log_n, threads, out_states, w, times, why);
}

int hs_kgkr_verify(const uint64_t *in_states, const uint64_t *out_states, unsigned log_n, const uint8_t *proof,
                   size_t len, unsigned threads, const char **why) {
    return hs_kgkr_verify_bound(NULL, 0, in_states, out_states, log_n, proof, len, threads, why);
}

int hs_kgkr_prove_bound(const uint8_t *bind, size_t bind_len, const uint64_t *in_states, unsigned log_n,
                        unsigned threads, uint64_t *out_states, hs_writer *w, hs_kgkr_times *times, const char **why) {
    hs_kgkr_times tm = {0};
    const size_t n = (size_t)1 << (log_n > HS_KGKR_MAX_LOG_N ? 0 : log_n);
    double t0 = hs_now();
    hs_kgkr_witness wit;
    if (!hs_kgkr_witness_build(&wit, in_states, log_n, threads, why)) return 0;
    uint64_t *outs = out_states ? out_states : hs_alloc_array(n * 25, sizeof *outs);
    if (!outs) {
        hs_kgkr_witness_free(&wit);
        *why = hs_why_nomem;
        return 0;
    }
    hs_kgkr_unbitslice(outs, wit.out, n, wit.words);
    double t1 = hs_now();
    tm.witness = t1 - t0;
    hs_transcript t;
    hs_gf128 z[HS_KGKR_MAX_LOG_N], wt[HS_KGKR_BITS];
    kgkr_start(&t, bind, bind_len, log_n, in_states, outs, z, wt);
    if (!out_states) hs_free(outs);
    hs_w_bytes(w, kgkr_magic, 4);
    hs_w_u8(w, (uint8_t)log_n);
    tm.bind = hs_now() - t1;
    const int ok = kgkr_walk_prove(&t, &wit, z, wt, w, threads, &tm);
    hs_kgkr_witness_free(&wit);
    if (!ok || w->err) {
        *why = hs_why_nomem;
        return 0;
    }
    if (times) *times = tm;
    return 1;
}

int hs_kgkr_verify_bound(const uint8_t *bind, size_t bind_len, const uint64_t *in_states,
                         const uint64_t *out_states, unsigned log_n, const uint8_t *proof, size_t len, unsigned threads,
                         const char **why) {
    if (log_n > HS_KGKR_MAX_LOG_N) {
        *why = "keccak-gkr: log_n above the maximum";
        return 0;
    }
    hs_reader rd;
    hs_r_init(&rd, proof, len);
    uint8_t magic[4];
    hs_r_bytes(&rd, magic, 4);
    const unsigned plog = hs_r_u8(&rd);
    if (rd.err || memcmp(magic, kgkr_magic, 4) != 0) {
        *why = "keccak-gkr: not a keccak-gkr proof (magic)";
        return 0;
    }
    if (plog != log_n) {
        *why = "keccak-gkr: the proof's log_n differs from the statement's";
        return 0;
    }
    if (len != hs_kgkr_proof_bytes(log_n)) {
        *why = "keccak-gkr: proof length differs from the format's";
        return 0;
    }
    const size_t n = (size_t)1 << log_n, words = hs_kgkr_words(log_n);
    uint64_t *cols = hs_alloc_array((size_t)HS_KGKR_BITS * words, sizeof *cols);
    if (!cols) {
        *why = hs_why_nomem;
        return 0;
    }
    hs_transcript t;
    hs_gf128 z[HS_KGKR_MAX_LOG_N], w[HS_KGKR_BITS], ev[HS_KGKR_BITS];
    kgkr_start(&t, bind, bind_len, log_n, in_states, out_states, z, w);
    hs_kgkr_bitslice(cols, out_states, n, words);
    if (!hs_kgkr_eval_cols(ev, cols, log_n, z, threads)) {
        hs_free(cols);
        *why = hs_why_nomem;
        return 0;
    }
    hs_gf128 claim = hs_gf128_add(hs_gf128_inner(w, ev, HS_KGKR_BITS), kgkr_iota(HS_KECCAK_ROUNDS - 1, w));
    if (!kgkr_walk_verify(&t, &rd, log_n, z, w, &claim, why)) {
        hs_free(cols);
        return 0;
    }
    hs_kgkr_bitslice(cols, in_states, n, words);
    int ok = hs_kgkr_eval_cols(ev, cols, log_n, z, threads);
    hs_free(cols);
    if (!ok) {
        *why = hs_why_nomem;
        return 0;
    }
    if (!hs_gf128_eq(claim, hs_gf128_inner(w, ev, HS_KGKR_BITS))) {
        *why = "keccak-gkr: the input table's extension differs from the last claim";
        return 0;
    }
    return 1;
}
