/* The GKR walk of Keccak-f[1600] over GF(2), private statement (kgkr.h, docs/KECCAK_GKR.md): the
 * input and output states committed by ring switching (commit/ringsw.h), the walk's first and last
 * claims opened on that commitment.
 *
 * Transcript order: domain tag, the caller's bytes, log_n, FRI-Binius's parameters, the commitment's
 * cap; z (log_n challenges) and r_bit (11); v_out; the walk (kgkr_walk_prove); the input reduction's
 * 11 rounds; v_in; the two claims' ring-switching opening (hs_ringsw_open_many). */
#include <string.h>

#include "field/field_desc.h"
#include "gkrb/kgkr_internal.h"
#include "hash/keccak.h"
#include "sumcheck/scg.h"
#include "util/mem.h"
#include "util/timer.h"

static const uint8_t kgkr_priv_magic[4] = {'K', 'G', 'P', '1'};
static const hs_field_desc *const K = &hs_field_gf2_128;

#define QPAD (1u << HS_KGKR_BIT_VARS) /* bit positions padded to 2048 */

unsigned hs_kgkr_private_inst_vars(unsigned log_n) { return log_n > HS_RINGSW_LOG_PACK ? log_n : HS_RINGSW_LOG_PACK; }

unsigned hs_kgkr_private_packed_vars(unsigned log_n) {
    return hs_kgkr_private_inst_vars(log_n) - HS_RINGSW_LOG_PACK + HS_KGKR_BIT_VARS + 1;
}

void hs_kgkr_private_pack(hs_gf128 *packed, const uint64_t *in_cols, const uint64_t *out_cols, unsigned log_n) {
    const size_t words = hs_kgkr_words(log_n), n = (size_t)1 << log_n;
    const size_t H = (size_t)1 << (hs_kgkr_private_inst_vars(log_n) - HS_RINGSW_LOG_PACK);
    const uint64_t mask = n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    memset(packed, 0, 2 * QPAD * H * sizeof *packed);
    for (unsigned io = 0; io < 2; io++) {
        const uint64_t *cols = io ? out_cols : in_cols;
        for (size_t q = 0; q < HS_KGKR_BITS; q++) {
            const uint64_t *c = cols + q * words;
            hs_gf128 *d = packed + (io * QPAD + q) * H;
            if (words == 1) d[0] = (hs_gf128){c[0] & mask, 0};
            else
                for (size_t h = 0; h < H; h++) d[h] = (hs_gf128){c[2 * h], c[2 * h + 1]};
        }
    }
}

/* The commitment's point of a claim: instance coordinates (zeros above log_n), bit position (pb[b]
 * with bit b of q), then the in/out variable. */
static void claim_point(hs_gf128 *pt, unsigned log_n, const hs_gf128 *z, const hs_gf128 *pb, unsigned io) {
    const unsigned m = hs_kgkr_private_inst_vars(log_n);
    for (unsigned b = 0; b < m; b++) pt[b] = b < log_n ? z[b] : hs_gf128_zero();
    memcpy(pt + m, pb, HS_KGKR_BIT_VARS * sizeof *pt);
    pt[m + HS_KGKR_BIT_VARS] = io ? hs_gf128_one() : hs_gf128_zero();
}

static void priv_start(hs_transcript *t, const uint8_t *bind, size_t bind_len, unsigned log_n,
                       const hs_binfri_params *fri) {
    hs_transcript_init(t, "hashsnark keccak-f1600 gkr gf2 private v1");
    if (bind_len) hs_transcript_absorb(t, bind, bind_len);
    hs_transcript_absorb_u64(t, log_n);
    hs_binfri_absorb_params(fri, t);
}

/* z and r_bit after the commitment; w = eq(r_bit, q) over the 1600 positions. */
static void priv_point(hs_transcript *t, unsigned log_n, hs_gf128 *z, hs_gf128 rb[HS_KGKR_BIT_VARS],
                       hs_gf128 w[HS_KGKR_BITS]) {
    hs_gf128 eq[QPAD];
    for (unsigned b = 0; b < log_n; b++) hs_transcript_sample(t, K, &z[b]);
    for (unsigned b = 0; b < HS_KGKR_BIT_VARS; b++) hs_transcript_sample(t, K, &rb[b]);
    hs_gkrb_eq_table(eq, rb, HS_KGKR_BIT_VARS);
    memcpy(w, eq, HS_KGKR_BITS * sizeof *w);
}

/* The input reduction's point on the bit positions: the generic sumcheck binds q's bit 10 first. */
static void reduction_point(hs_gf128 pb[HS_KGKR_BIT_VARS], const hs_gf128 rho[HS_KGKR_BIT_VARS]) {
    for (unsigned b = 0; b < HS_KGKR_BIT_VARS; b++) pb[b] = rho[HS_KGKR_BIT_VARS - 1 - b];
}

int hs_kgkr_params_check(const hs_binfri_params *fri, unsigned log_n, const char **why) {
    if (log_n > HS_KGKR_PRIVATE_MAX_LOG_N) return *why = "keccak-gkr: private statement: log_n above 23", 0;
    if (fri->n_vars != hs_kgkr_private_packed_vars(log_n))
        return *why = "keccak-gkr: the commitment's variable count differs from the statement's", 0;
    return 1;
}

int hs_kgkr_prove_private(const uint8_t *bind, size_t bind_len, const hs_binfri_params *fri, const uint64_t *in_states,
                          unsigned log_n, unsigned threads, uint64_t *out_states, hs_writer *w, hs_kgkr_times *times,
                          const char **why) {
    if (!hs_kgkr_params_check(fri, log_n, why)) return 0;
    double t0 = hs_now();
    hs_kgkr_witness wit;
    if (!hs_kgkr_witness_build(&wit, in_states, log_n, threads, why)) return 0;
    if (out_states) hs_kgkr_unbitslice(out_states, wit.out, (size_t)1 << log_n, wit.words);
    const double tw = hs_now() - t0;
    const int ok = kgkr_prove_private_wit(bind, bind_len, fri, &wit, threads, w, times, why);
    hs_kgkr_witness_free(&wit);
    if (ok && times) times->witness = tw;
    return ok;
}

int kgkr_prove_private_wit(const uint8_t *bind, size_t bind_len, const hs_binfri_params *fri,
                           const hs_kgkr_witness *wit_, unsigned threads, hs_writer *w, hs_kgkr_times *times,
                           const char **why) {
    const hs_kgkr_witness wit = *wit_;
    const unsigned log_n = wit.log_n;
    if (!hs_kgkr_params_check(fri, log_n, why)) return 0;
    hs_kgkr_times tm = {0};
    double t1 = hs_now();
    hs_transcript t;
    priv_start(&t, bind, bind_len, log_n, fri);
    hs_w_bytes(w, kgkr_priv_magic, 4);
    hs_w_u8(w, (uint8_t)log_n);
    hs_gf128 *packed = hs_alloc_array((size_t)1 << fri->n_vars, sizeof *packed);
    hs_binfri_witness *bw = NULL;
    int ok = packed != NULL;
    if (ok) {
        hs_kgkr_private_pack(packed, wit.in, wit.out, log_n);
        ok = hs_binfri_commit(&bw, fri, packed, &t, w, NULL, threads, why);
        hs_free(packed);
    } else
        *why = hs_why_nomem;
    double t2 = hs_now();
    tm.commit = t2 - t1;
    hs_gf128 z[HS_KGKR_MAX_LOG_N], z_out[HS_KGKR_MAX_LOG_N], rb[HS_KGKR_BIT_VARS], wt[HS_KGKR_BITS], ev[HS_KGKR_BITS];
    hs_gf128 v[2];
    if (ok) {
        priv_point(&t, log_n, z, rb, wt);
        memcpy(z_out, z, log_n * sizeof *z);
        ok = hs_kgkr_eval_cols(ev, wit.out, log_n, z, threads);
        if (!ok) *why = hs_why_nomem;
    }
    if (ok) {
        v[1] = hs_gf128_inner(wt, ev, HS_KGKR_BITS);
        hs_w_elems(w, K, &v[1], 1);
        hs_transcript_absorb_elems(&t, K, &v[1], 1);
        tm.bind = hs_now() - t2;
        ok = kgkr_walk_prove(&t, &wit, z, wt, w, threads, &tm);
        if (!ok) *why = hs_why_nomem;
    }
    double t3 = hs_now();
    hs_gf128 rho[HS_KGKR_BIT_VARS], pb[HS_KGKR_BIT_VARS];
    if (ok) { /* the input reduction: sum_q w_q In~_q(z') by a sumcheck over q's 11 bits */
        hs_gf128 *W = hs_alloc_array(2 * QPAD, sizeof *W), *A = W ? W + QPAD : NULL, claim, fin[2];
        ok = W && hs_kgkr_eval_cols(ev, wit.in, log_n, z, threads);
        if (ok) {
            memset(W, 0, 2 * QPAD * sizeof *W);
            memcpy(W, wt, sizeof wt), memcpy(A, ev, sizeof ev);
            const hs_gf128 *tables[2] = {W, A}, one = hs_gf128_one();
            const hs_scg_term term = {2, {0, 1}};
            const hs_scg_gf128_instance in = {HS_KGKR_BIT_VARS, 2, 1, tables, &term, &one, NULL};
            ok = hs_scg_gf128_prove(&in, &t, w, &claim, rho, fin, why);
            v[0] = fin[1];
            hs_w_elems(w, K, &v[0], 1);
            hs_transcript_absorb_elems(&t, K, &v[0], 1);
        } else
            *why = hs_why_nomem;
        hs_free(W);
    }
    double t4 = hs_now();
    tm.reduce = t4 - t3;
    if (ok) {
        hs_gf128 p_in[HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK], p_out[HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK];
        reduction_point(pb, rho);
        claim_point(p_in, log_n, z, pb, 0);
        claim_point(p_out, log_n, z_out, rb, 1);
        const hs_gf128 *pts[2] = {p_in, p_out};
        ok = hs_ringsw_open_many(fri, bw, 2, pts, v, &t, w, threads, why);
    }
    hs_binfri_witness_free(bw);
    tm.open = hs_now() - t4;
    if (ok && w->err) ok = 0, *why = hs_why_nomem;
    if (ok && times) *times = tm;
    return ok;
}

int hs_kgkr_verify_private(const uint8_t *bind, size_t bind_len, const hs_binfri_params *fri, unsigned log_n,
                           const uint8_t *proof, size_t len, const char **why) {
    if (!hs_kgkr_params_check(fri, log_n, why)) return 0;
    hs_reader rd;
    hs_r_init(&rd, proof, len);
    uint8_t magic[4];
    hs_r_bytes(&rd, magic, 4);
    const unsigned plog = hs_r_u8(&rd);
    if (rd.err || memcmp(magic, kgkr_priv_magic, 4) != 0)
        return *why = "keccak-gkr: not a private keccak-gkr proof (magic)", 0;
    if (plog != log_n) return *why = "keccak-gkr: the proof's log_n differs from the statement's", 0;
    hs_transcript t;
    priv_start(&t, bind, bind_len, log_n, fri);
    hs_binfri_commitment comm;
    if (!hs_binfri_verify_commitment(fri, &t, &rd, &comm, why)) return 0;
    hs_gf128 z[HS_KGKR_MAX_LOG_N], z_out[HS_KGKR_MAX_LOG_N], rb[HS_KGKR_BIT_VARS], wt[HS_KGKR_BITS], v[2];
    priv_point(&t, log_n, z, rb, wt);
    memcpy(z_out, z, log_n * sizeof *z);
    hs_r_elems(&rd, K, &v[1], 1);
    if (rd.err) return *why = rd.err, 0;
    hs_transcript_absorb_elems(&t, K, &v[1], 1);
    hs_gf128 claim = hs_gf128_add(v[1], kgkr_iota_claim(HS_KECCAK_ROUNDS - 1, wt));
    if (!kgkr_walk_verify(&t, &rd, log_n, z, wt, &claim, why)) return 0;
    hs_gf128 rho[HS_KGKR_BIT_VARS], pb[HS_KGKR_BIT_VARS], fin, eq[QPAD];
    if (!hs_scg_gf128_verify(&t, &rd, HS_KGKR_BIT_VARS, 2, claim, rho, &fin)) return *why = rd.err, 0;
    hs_r_elems(&rd, K, &v[0], 1);
    if (rd.err) return *why = rd.err, 0;
    hs_transcript_absorb_elems(&t, K, &v[0], 1);
    reduction_point(pb, rho);
    hs_gkrb_eq_table(eq, pb, HS_KGKR_BIT_VARS);
    if (!hs_gf128_eq(fin, hs_gf128_mul(hs_gf128_inner(wt, eq, HS_KGKR_BITS), v[0])))
        return *why = "keccak-gkr: the input reduction ends off the committed inputs' claimed value", 0;
    hs_gf128 p_in[HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK], p_out[HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK];
    claim_point(p_in, log_n, z, pb, 0);
    claim_point(p_out, log_n, z_out, rb, 1);
    const hs_gf128 *pts[2] = {p_in, p_out};
    if (!hs_ringsw_verify_many(fri, &comm, 2, pts, v, &t, &rd, why)) return 0;
    if (rd.err) return *why = rd.err, 0;
    if (hs_r_left(&rd)) return *why = "keccak-gkr: bytes after the opening", 0;
    return 1;
}
