/* The GKR walk of Keccak-f[1600] over GF(2), public statement (kgkr.h): the prover and the verifier,
 * which share the transcript's order: domain tag, log_n, the input and output states, the point z
 * (log_n challenges) and r_bit (11), then for round 23 down to 0 the chi sumcheck's messages, the
 * 1600 values a_q and the 11 challenges beta that fold them. */
#include <math.h>
#include <string.h>

#include "field/bitslice.h"
#include "field/field_desc.h"
#include "gkrb/kgkr_internal.h"
#include "hash/keccak.h"
#include "sumcheck/scg.h"
#include "util/mem.h"
#include "util/timer.h"

static const uint8_t kgkr_magic[4] = {'K', 'G', 'K', '1'};

size_t hs_kgkr_proof_bytes(unsigned log_n) {
    return 5 + (size_t)HS_KECCAK_ROUNDS * (48 * (size_t)log_n + 16 * (size_t)HS_KGKR_BITS);
}

double hs_kgkr_soundness_bits(unsigned log_n) {
    const double terms = (double)(log_n + HS_KGKR_BIT_VARS) + HS_KECCAK_ROUNDS * (3.0 * log_n + HS_KGKR_BIT_VARS);
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
    hs_transcript_init(t, "hashsnark keccak-f1600 gkr gf2 v1");
    if (bind_len) hs_transcript_absorb(t, bind, bind_len);
    hs_transcript_absorb_u64(t, log_n);
    kgkr_absorb_states(t, in, n);
    kgkr_absorb_states(t, out, n);
    hs_gf128 rb[HS_KGKR_BIT_VARS], eq[1u << HS_KGKR_BIT_VARS];
    for (unsigned b = 0; b < log_n; b++) hs_transcript_sample(t, &hs_field_gf2_128, &z[b]);
    for (unsigned b = 0; b < HS_KGKR_BIT_VARS; b++) hs_transcript_sample(t, &hs_field_gf2_128, &rb[b]);
    hs_kgkr_eq_table(eq, rb, HS_KGKR_BIT_VARS);
    memcpy(w, eq, HS_KGKR_BITS * sizeof *w);
}

/* sum_q w_q rc_q: iota's constant of round r under the weights (lane 0 is columns 0..63). */
static hs_gf128 kgkr_iota(unsigned r, const hs_gf128 *w) {
    hs_gf128 s = hs_gf128_zero();
    for (unsigned z = 0; z < 64; z++)
        if (hs_keccak_rc[r] >> z & 1) s = hs_gf128_add(s, w[z]);
    return s;
}

/* After round r's values a: draws beta, folds the claims (*claim, when non-NULL) and moves the weights
 * through theta, rho, pi and iota of round r - 1. */
static void kgkr_next(hs_transcript *t, unsigned r, const hs_gf128 *a, hs_gf128 w[HS_KGKR_BITS], hs_gf128 *claim) {
    hs_gf128 beta[HS_KGKR_BIT_VARS], eq[1u << HS_KGKR_BIT_VARS];
    hs_transcript_absorb_elems(t, &hs_field_gf2_128, a, HS_KGKR_BITS);
    for (unsigned b = 0; b < HS_KGKR_BIT_VARS; b++) hs_transcript_sample(t, &hs_field_gf2_128, &beta[b]);
    hs_kgkr_eq_table(eq, beta, HS_KGKR_BIT_VARS);
    hs_kgkr_linear_t(w, eq);
    if (claim) {
        *claim = hs_gf128_inner(eq, a, HS_KGKR_BITS);
        if (r > 0) *claim = hs_gf128_add(*claim, kgkr_iota(r - 1, w));
    }
}

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
    hs_gf128 z[HS_KGKR_MAX_LOG_N], rpt[HS_KGKR_MAX_LOG_N], wt[HS_KGKR_BITS], a[HS_KGKR_BITS];
    kgkr_start(&t, bind, bind_len, log_n, in_states, outs, z, wt);
    if (!out_states) hs_free(outs);
    hs_w_bytes(w, kgkr_magic, 4);
    hs_w_u8(w, (uint8_t)log_n);
    tm.bind = hs_now() - t1;
    int ok = 1;
    for (unsigned r = HS_KECCAK_ROUNDS; r-- > 0 && ok;) {
        const uint64_t *L = wit.chi_in + (size_t)r * HS_KGKR_BITS * wit.words;
        ok = kgkr_chi_prove(L, log_n, z, wt, &t, w, rpt, a, threads, &tm);
        if (!ok) break;
        double t2 = hs_now();
        hs_w_elems(w, &hs_field_gf2_128, a, HS_KGKR_BITS);
        kgkr_next(&t, r, a, wt, NULL);
        memcpy(z, rpt, log_n * sizeof *z);
        tm.finals += hs_now() - t2;
    }
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
    hs_gf128 z[HS_KGKR_MAX_LOG_N], rpt[HS_KGKR_MAX_LOG_N], w[HS_KGKR_BITS], a[HS_KGKR_BITS], ev[HS_KGKR_BITS];
    hs_gf128 u1[HS_KGKR_BITS], u2[HS_KGKR_BITS];
    kgkr_start(&t, bind, bind_len, log_n, in_states, out_states, z, w);
    hs_kgkr_bitslice(cols, out_states, n, words);
    if (!hs_kgkr_eval_cols(ev, cols, log_n, z, threads)) {
        hs_free(cols);
        *why = hs_why_nomem;
        return 0;
    }
    hs_gf128 claim = hs_gf128_add(hs_gf128_inner(w, ev, HS_KGKR_BITS), kgkr_iota(HS_KECCAK_ROUNDS - 1, w));
    for (unsigned r = HS_KECCAK_ROUNDS; r-- > 0;) {
        const unsigned cb = log_n >= 2 ? 2 : 1; /* the order of kgkr_chi.c: bits 0, 1, then log_n - 1 down to 2 */
        for (unsigned s = 0; s < log_n; s++)
            if (!hs_scg_gf128_verify_round(&t, &rd, 3, &claim, &rpt[s < cb ? s : log_n - s + cb - 1])) break;
        hs_r_elems(&rd, &hs_field_gf2_128, a, HS_KGKR_BITS);
        if (rd.err) {
            hs_free(cols);
            *why = rd.err;
            return 0;
        }
        /* g = sum_p w_p (a_p + (1 + a_{s1p}) a_{s2p}), the products by the batch kernels */
        hs_gf128 e = hs_gf128_one();
        for (unsigned p = 0; p < HS_KGKR_BITS; p++) {
            u1[p] = hs_gf128_add(hs_gf128_one(), a[kgkr_s1(p)]);
            u2[p] = a[kgkr_s2(p)];
        }
        hs_gf128_mul_many(u1, u1, u2, HS_KGKR_BITS);
        for (unsigned p = 0; p < HS_KGKR_BITS; p++) u1[p] = hs_gf128_add(u1[p], a[p]);
        const hs_gf128 g = hs_gf128_inner(w, u1, HS_KGKR_BITS);
        for (unsigned b = 0; b < log_n; b++) e = hs_gf128_mul(e, kgkr_eq1(z[b], rpt[b]));
        if (!hs_gf128_eq(claim, hs_gf128_mul(e, g))) {
            hs_free(cols);
            *why = "keccak-gkr: a round's chi sumcheck ends off its claimed values";
            return 0;
        }
        kgkr_next(&t, r, a, w, &claim);
        memcpy(z, rpt, log_n * sizeof *z);
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
