/* The GKR walk of Poseidon2b over GF(2^128), public statement (p2bgkr.h): the layer sumcheck's
 * prover, the prover and the verifier, which share the transcript's order: domain tag, the
 * instance, log_n, the BLAKE3 digest of the input and output states, the point z (log_n challenges), then for round 65
 * down to 0 gamma, the sumcheck's messages and the 4 values a_l; the verifier's last gamma. */
#include <string.h>

#include "field/field_desc.h"
#include "gkrb/gkrb.h"
#include "gkrb/p2bgkr.h"
#include "gkrb/p2bgkr_internal.h"
#include "hash/blake3.h"
#include "sumcheck/scg.h"
#include "util/mem.h"
#include "util/parallel.h"
#include "util/timer.h"

_Static_assert(HS_P2BG_BLOCKS * HS_P2BG_BLOCK == HS_P2B_ROUNDS, "the witness blocks cover the rounds");
_Static_assert(HS_P2BG_SBOX_DEGREE + 1 <= HS_SCG_MAX_DEGREE, "the round polynomials fit the transport");

static const uint8_t p2bg_magic[4] = {'P', '2', 'G', '1'};

#define P2BG_PAIRS 256      /* pairs a sub-block of the round kernel */
#ifdef HS_TESTING
size_t hs_p2bg_test_par_min = HS_P2BG_PAR_MIN;
#endif
#define P2BG_COEFS (HS_P2BG_SBOX_DEGREE + 1)
#define P2BG_ACC (HS_P2B_WIDTH * P2BG_COEFS) /* a chunk's sums: 8 coefficients a lane */

size_t hs_p2bg_proof_bytes(unsigned log_n) {
    return 6 + (size_t)HS_P2B_ROUNDS * (16 * (HS_P2BG_SBOX_DEGREE + 1) * (size_t)log_n + 16 * HS_P2B_WIDTH);
}

/* S_{r,l}: x^7 where round r has an S-box on lane l, else x. */
static inline int p2bg_sbox_lane(unsigned r, unsigned l) { return l == 0 || hs_p2b_full_round(r); }

static hs_gf128 p2bg_pow7(hs_gf128 x) {
    const hs_gf128 x2 = hs_gf128_square(x);
    return hs_gf128_mul(hs_gf128_mul(x2, x), hs_gf128_square(x2));
}

/* The instance's M_P and M_F (mats[0], mats[1]). */
typedef hs_gf128 p2bg_mats[2][HS_P2B_WIDTH][HS_P2B_WIDTH];

static void p2bg_mats_init(hs_p2b_inst inst, p2bg_mats mats) {
    hs_p2bg_matrix(inst, 0, mats[0]);
    hs_p2bg_matrix(inst, 1, mats[1]);
}

/* c = M^T (1, gamma, gamma^2, gamma^3) and the batched claim sum_i gamma^i v_i (when v is non-NULL). */
static hs_gf128 p2bg_batch(hs_gf128 (*m)[HS_P2B_WIDTH], hs_gf128 gamma, const hs_gf128 *v, hs_gf128 c[HS_P2B_WIDTH]) {
    hs_gf128 g[HS_P2B_WIDTH], claim = hs_gf128_zero();
    g[0] = hs_gf128_one();
    for (unsigned i = 1; i < HS_P2B_WIDTH; i++) g[i] = hs_gf128_mul(g[i - 1], gamma);
    for (unsigned j = 0; j < HS_P2B_WIDTH; j++) {
        c[j] = hs_gf128_zero();
        for (unsigned i = 0; i < HS_P2B_WIDTH; i++) c[j] = hs_gf128_add(c[j], hs_gf128_mul(g[i], m[i][j]));
        if (v) claim = hs_gf128_add(claim, hs_gf128_mul(g[j], v[j]));
    }
    return claim;
}

#define P2BG_DIGEST_ELEMS 1024 /* 16 KiB a BLAKE3 update: 16 chunks, one batch of its widest kernel */

/* BLAKE3 of the states, the inputs then the outputs, each element as the field descriptor writes
 * it (16 bytes: lo then hi, little-endian). */
static void p2bg_states_digest(uint8_t dg[HS_BLAKE3_OUT_LEN], const hs_gf128 *in, const hs_gf128 *out, size_t elems) {
    hs_blake3_hasher h;
    uint8_t buf[16 * P2BG_DIGEST_ELEMS];
    const hs_gf128 *src[2] = {in, out};
    hs_blake3_init(&h);
    for (unsigned k = 0; k < 2; k++)
        for (size_t i0 = 0; i0 < elems; i0 += P2BG_DIGEST_ELEMS) {
            const size_t m = elems - i0 < P2BG_DIGEST_ELEMS ? elems - i0 : P2BG_DIGEST_ELEMS;
            for (size_t i = 0; i < m; i++)
                for (unsigned b = 0; b < 8; b++) {
                    buf[16 * i + b] = (uint8_t)(src[k][i0 + i].lo >> (8 * b));
                    buf[16 * i + 8 + b] = (uint8_t)(src[k][i0 + i].hi >> (8 * b));
                }
            hs_blake3_update(&h, buf, 16 * m);
        }
    hs_blake3_finalize(&h, dg);
}

/* Binds the statement (the instance, log_n, the caller's context bytes when there are any, the
 * states' BLAKE3 digest) and draws z. */
static void p2bg_start(hs_transcript *t, hs_p2b_inst inst, unsigned log_n, const uint8_t *ctx, size_t ctx_len,
                       const hs_gf128 *in, const hs_gf128 *out, hs_gf128 *z) {
    const size_t n = (size_t)1 << log_n;
    uint8_t dg[HS_BLAKE3_OUT_LEN];
    hs_transcript_init(t, "hashsnark poseidon2b gkr gf2-128 v1");
    if (ctx_len) hs_transcript_absorb(t, ctx, ctx_len);
    hs_transcript_absorb_u64(t, (uint64_t)inst);
    hs_transcript_absorb_u64(t, log_n);
    p2bg_states_digest(dg, in, out, HS_P2B_WIDTH * n);
    hs_transcript_absorb(t, dg, sizeof dg);
    for (unsigned b = 0; b < log_n; b++) hs_transcript_sample(t, &hs_field_gf2_128, &z[b]);
}

/* ---- the layer sumcheck's prover ---- */

typedef struct {
    const hs_gf128 *cur; /* this round's tables: lane l at cur + l cstride, pairs (j, j + h) */
    size_t cstride;
    const hs_gf128 *fsrc; /* NULL, or the previous round's tables (lane l at fsrc + l fstride), folded */
    size_t fstride;       /* at r into T (positions j and j + h) before the sums; cur is T then */
    hs_gf128 *T;
    hs_gf128 r;
    hs_gf128 *E; /* eq over row bits 0 .. log_n - s - 2 (h values); efold: first E[j] += E[j + h] */
    int efold;
    size_t h, chunk;
    unsigned nsb; /* lanes with an S-box: 4 (full) or 1 (lane 0) */
    hs_gf128 *acc;
} p2bg_round_ctx;

static void p2bg_round_batch(void *vctx, size_t lo, size_t cnt) {
    const p2bg_round_ctx *c = vctx;
    const size_t h = c->h;
    hs_gf128 *acc = c->acc + (lo / c->chunk) * P2BG_ACC;
    const hs_gf128_kernels *K = hs_gf128_kernels_best(); /* dispatched once a batch */
    hs_gf128 d[P2BG_PAIRS], a2[P2BG_PAIRS], d2[P2BG_PAIRS], a4[P2BG_PAIRS], d4[P2BG_PAIRS], pk[4][P2BG_PAIRS];
    for (size_t j0 = lo; j0 < lo + cnt; j0 += P2BG_PAIRS) {
        const size_t m = lo + cnt - j0 < P2BG_PAIRS ? lo + cnt - j0 : P2BG_PAIRS;
        hs_gf128 *E = c->E + j0;
        if (c->efold)
            for (size_t i = 0; i < m; i++) E[i] = hs_gf128_add(E[i], E[i + h]);
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++) {
            const hs_gf128 *cur = c->cur + l * c->cstride;
            if (c->fsrc) { /* T[p] = F[p] + r (F[p + 2h] + F[p]) at p = j and j + h */
                const hs_gf128 *F = c->fsrc + l * c->fstride;
                hs_gf128 *dst = c->T + l * c->cstride;
                for (size_t k = 0; k < 2; k++) {
                    const size_t p0 = j0 + k * h;
                    for (size_t i = 0; i < m; i++) d[i] = hs_gf128_add(F[p0 + i], F[p0 + 2 * h + i]);
                    if (F != dst) memcpy(dst + p0, F + p0, m * sizeof *dst);
                    K->scale_add(dst + p0, c->r, d, m);
                }
            }
            const hs_gf128 *a = cur + j0, *b = cur + j0 + h;
            hs_gf128 *s = acc + l * P2BG_COEFS;
            for (size_t i = 0; i < m; i++) d[i] = hs_gf128_add(a[i], b[i]);
            if (l >= c->nsb) { /* a + X d */
                s[0] = hs_gf128_add(s[0], K->inner(E, a, m));
                s[1] = hs_gf128_add(s[1], K->inner(E, d, m));
                continue;
            }
            /* (a + X d)^7 = (a^4 + X^4 d^4)(a^3 + X a^2 d + X^2 a d^2 + X^3 d^3) */
            K->mul(a2, a, a, m);
            K->mul(d2, d, d, m);
            K->mul(a4, a2, a2, m);
            K->mul(d4, d2, d2, m);
            K->mul(pk[0], a2, a, m);
            K->mul(pk[1], a2, d, m);
            K->mul(pk[2], a, d2, m);
            K->mul(pk[3], d2, d, m);
            K->mul(a4, a4, E, m);
            K->mul(d4, d4, E, m);
            for (unsigned k = 0; k < 4; k++) {
                s[k] = hs_gf128_add(s[k], K->inner(a4, pk[k], m));
                s[4 + k] = hs_gf128_add(s[4 + k], K->inner(d4, pk[k], m));
            }
        }
    }
}

void hs_p2bg_layer_begin(hs_p2bg_layer *L, const hs_gf128 *src, unsigned log_n, const hs_gf128 *z, hs_gf128 *T,
                         hs_gf128 *E, hs_gf128 *acc) {
    *L = (hs_p2bg_layer){src, log_n, T, E, acc, src, (size_t)1 << log_n, 0};
    if (log_n) hs_gkrb_eq_table(E, z, log_n - 1);
}

void hs_p2bg_layer_coefs(hs_p2bg_layer *L, hs_gf128 r, unsigned nsb, const hs_gf128 c[HS_P2B_WIDTH], unsigned threads,
                         hs_gf128 C[HS_P2BG_SBOX_DEGREE + 1]) {
    const size_t N = (size_t)1 << L->log_n, h = N >> (L->s + 1);
    const unsigned th = threads ? threads : 1, tr = h >= hs_p2bg_par_min() ? th : 1;
    size_t chunk = (h + tr - 1) / tr;
    chunk = (chunk + P2BG_PAIRS - 1) / P2BG_PAIRS * P2BG_PAIRS;
    const size_t nch = (h + chunk - 1) / chunk;
    hs_gf128 *acc = L->acc;
    memset(acc, 0, nch * P2BG_ACC * sizeof *acc);
    p2bg_round_ctx rc = {L->T, N / 2, L->s ? L->cur : NULL, L->cstride, L->T, r, L->E, L->s > 0, h, chunk, nsb, acc};
    if (!L->s) rc.cur = L->src, rc.cstride = N;
    hs_parallel_batches(h, chunk, tr, p2bg_round_batch, &rc);
    L->cur = rc.cur, L->cstride = rc.cstride;
    L->s++;
    /* q's coefficients: sum_l c_l (the lane's sums) */
    hs_gkrb_sum_chunks(acc, nch, P2BG_ACC);
    for (unsigned k = 0; k < P2BG_COEFS; k++) {
        C[k] = hs_gf128_zero();
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++) C[k] = hs_gf128_add(C[k], hs_gf128_mul(c[l], acc[l * P2BG_COEFS + k]));
    }
}

void hs_p2bg_round_values(const hs_gf128 C[HS_P2BG_SBOX_DEGREE + 1], hs_gf128 q[HS_P2BG_SBOX_DEGREE + 1]) {
    for (unsigned k = 0; k < HS_P2BG_SBOX_DEGREE; k++) {
        const hs_gf128 x = hs_scg_gf128_node(k);
        hs_gf128 v = C[P2BG_COEFS - 1];
        for (unsigned i = P2BG_COEFS - 1; i-- > 0;) v = hs_gf128_add(hs_gf128_mul(v, x), C[i]);
        q[k] = v;
    }
    q[HS_P2BG_SBOX_DEGREE] = C[HS_P2BG_SBOX_DEGREE];
}

void hs_p2bg_layer_finals(const hs_p2bg_layer *L, hs_gf128 r, hs_gf128 a[HS_P2B_WIDTH]) {
    for (unsigned l = 0; l < HS_P2B_WIDTH; l++) {
        const hs_gf128 *tl = L->cur + l * L->cstride;
        a[l] = L->log_n ? hs_gf128_add(tl[0], hs_gf128_mul(r, hs_gf128_add(tl[0], tl[1]))) : tl[0];
    }
}

/* The sumcheck of one layer over the tables src (u_r: lane l at src + l N; not modified): writes
 * log_n messages, fills rpt (coordinate b with row bit b) and a_l = u~_{r,l}(rpt). T: 4 N / 2
 * scratch, E: N / 2, acc: threads P2BG_ACC. */
static void p2bg_layer_prove(const hs_gf128 *src, unsigned log_n, unsigned nsb, const hs_gf128 c[HS_P2B_WIDTH],
                             const hs_gf128 *z, hs_transcript *t, hs_writer *wr, hs_gf128 *rpt, hs_gf128 a[HS_P2B_WIDTH],
                             hs_gf128 *T, hs_gf128 *E, hs_gf128 *acc, unsigned threads) {
    hs_p2bg_layer L;
    hs_p2bg_layer_begin(&L, src, log_n, z, T, E, acc);
    hs_gf128 m = hs_gf128_one(), r = hs_gf128_zero();
    for (unsigned s = 0; s < log_n; s++) {
        const unsigned bit = log_n - 1 - s;
        hs_gf128 C[P2BG_COEFS], q[P2BG_COEFS], p[P2BG_COEFS + 1];
        hs_p2bg_layer_coefs(&L, r, nsb, c, threads, C);
        hs_p2bg_round_values(C, q); /* q at the nodes 0..6 and infinity */
        hs_scg_gf128_eq_expand(m, z[bit], q, HS_P2BG_SBOX_DEGREE, p);
        r = hs_scg_gf128_prove_round(t, wr, p, HS_P2BG_SBOX_DEGREE + 1);
        m = hs_gf128_mul(m, hs_gkrb_eq1(z[bit], r));
        rpt[bit] = r;
    }
    hs_p2bg_layer_finals(&L, r, a); /* the last challenge on the last pair */
}

/* ---- prover and verifier ---- */

static void p2bg_cols_to_rows(hs_gf128 *rows, const hs_gf128 *cols, size_t n) {
    for (size_t i = 0; i < n; i++)
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++) rows[HS_P2B_WIDTH * i + l] = cols[l * n + i];
}

int hs_p2bg_walk_prove(hs_p2bg_witness *wit, hs_transcript *t, hs_writer *w, hs_gf128 *z, double *witness_s,
                       const char **why) {
    const size_t n = wit->n, half = n > 1 ? n / 2 : 1;
    const unsigned th = wit->threads ? wit->threads : 1, log_n = wit->log_n;
    hs_gf128 *T = hs_alloc_array(HS_P2B_WIDTH * half, sizeof *T), *E = hs_alloc_array(half, sizeof *E);
    hs_gf128 *acc = hs_alloc_array((size_t)th * P2BG_ACC, sizeof *acc);
    if (!T || !E || !acc) {
        hs_free(T), hs_free(E), hs_free(acc);
        *why = hs_why_nomem;
        return 0;
    }
    hs_gf128 rpt[HS_P2BG_MAX_LOG_N], c[HS_P2B_WIDTH], a[HS_P2B_WIDTH], gamma;
    p2bg_mats mats;
    p2bg_mats_init(wit->inst, mats);
    for (unsigned r = HS_P2B_ROUNDS; r-- > 0;) {
        hs_transcript_sample(t, &hs_field_gf2_128, &gamma);
        p2bg_batch(mats[hs_p2b_full_round(r)], gamma, NULL, c);
        double tb = hs_now();
        const hs_gf128 *src = hs_p2bg_witness_round(wit, r);
        if (witness_s) *witness_s += hs_now() - tb;
        p2bg_layer_prove(src, log_n, hs_p2b_full_round(r) ? HS_P2B_WIDTH : 1, c, z, t, w, rpt, a, T, E, acc, th);
        hs_w_elems(w, &hs_field_gf2_128, a, HS_P2B_WIDTH);
        hs_transcript_absorb_elems(t, &hs_field_gf2_128, a, HS_P2B_WIDTH);
        memcpy(z, rpt, log_n * sizeof *z);
    }
    hs_free(T), hs_free(E), hs_free(acc);
    return 1;
}

int hs_p2bg_prove_bound(const uint8_t *ctx, size_t ctx_len, hs_p2b_inst inst, const hs_gf128 *in_states,
                        unsigned log_n, unsigned threads, hs_gf128 *out_states, hs_writer *w, hs_p2bg_times *times,
                        const char **why) {
    hs_p2bg_times tm = {0, 0, 0};
    double t0 = hs_now();
    hs_p2bg_witness wit;
    if (!hs_p2bg_witness_build(&wit, inst, in_states, log_n, threads, why)) return 0;
    const size_t n = wit.n;
    hs_gf128 *outs = out_states ? out_states : hs_alloc_array(HS_P2B_WIDTH * n, sizeof *outs);
    if (!outs) {
        hs_p2bg_witness_free(&wit);
        *why = hs_why_nomem;
        return 0;
    }
    p2bg_cols_to_rows(outs, wit.out, n);
    double t1 = hs_now();
    tm.witness = t1 - t0;
    hs_transcript t;
    hs_gf128 z[HS_P2BG_MAX_LOG_N];
    p2bg_start(&t, inst, log_n, ctx, ctx_len, in_states, outs, z);
    if (!out_states) hs_free(outs);
    hs_w_bytes(w, p2bg_magic, 4);
    hs_w_u8(w, (uint8_t)inst);
    hs_w_u8(w, (uint8_t)log_n);
    double t2 = hs_now();
    tm.bind = t2 - t1;
    const int ok = hs_p2bg_walk_prove(&wit, &t, w, z, &tm.witness, why);
    tm.layers = hs_now() - t2 - (tm.witness - (t1 - t0));
    hs_p2bg_witness_free(&wit);
    if (!ok) return 0;
    if (w->err) {
        *why = hs_why_nomem;
        return 0;
    }
    if (times) *times = tm;
    return 1;
}

int hs_p2bg_prove(hs_p2b_inst inst, const hs_gf128 *in_states, unsigned log_n, unsigned threads,
                  hs_gf128 *out_states, hs_writer *w, hs_p2bg_times *times, const char **why) {
    return hs_p2bg_prove_bound(NULL, 0, inst, in_states, log_n, threads, out_states, w, times, why);
}

static int p2bg_fail(const char **why, const char *msg) {
    *why = msg;
    return 0;
}

int hs_p2bg_walk_verify(hs_p2b_inst inst, unsigned log_n, hs_transcript *t, hs_reader *rd, hs_gf128 *z,
                        hs_gf128 v[HS_P2B_WIDTH], const char **why) {
    const hs_gf128(*rc)[HS_P2B_WIDTH] = inst == HS_P2B_REF ? hs_p2b_ref_rc : hs_p2b_frost_rc;
    hs_gf128 rpt[HS_P2BG_MAX_LOG_N], c[HS_P2B_WIDTH], a[HS_P2B_WIDTH], gamma;
    p2bg_mats mats;
    p2bg_mats_init(inst, mats);
    for (unsigned r = HS_P2B_ROUNDS; r-- > 0;) {
        hs_transcript_sample(t, &hs_field_gf2_128, &gamma);
        hs_gf128 claim = p2bg_batch(mats[hs_p2b_full_round(r)], gamma, v, c);
        for (unsigned s = 0; s < log_n; s++)
            if (!hs_scg_gf128_verify_round(t, rd, HS_P2BG_SBOX_DEGREE + 1, &claim, &rpt[log_n - 1 - s])) break;
        hs_r_elems(rd, &hs_field_gf2_128, a, HS_P2B_WIDTH);
        if (rd->err) return p2bg_fail(why, rd->err);
        hs_gf128 g = hs_gf128_zero();
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++)
            g = hs_gf128_add(g, hs_gf128_mul(c[l], p2bg_sbox_lane(r, l) ? p2bg_pow7(a[l]) : a[l]));
        if (!hs_gf128_eq(claim, hs_gf128_mul(hs_gkrb_eq_eval(z, rpt, log_n), g)))
            return p2bg_fail(why, "poseidon2b-gkr: a round's sumcheck ends off its claimed values");
        hs_transcript_absorb_elems(t, &hs_field_gf2_128, a, HS_P2B_WIDTH);
        /* the native round adds RC[r][l] where it has an S-box (lanes 1..3 of a partial round: none) */
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++) v[l] = p2bg_sbox_lane(r, l) ? hs_gf128_add(a[l], rc[r][l]) : a[l];
        memcpy(z, rpt, log_n * sizeof *z);
    }
    return 1;
}

int hs_p2bg_verify_bound(const uint8_t *ctx, size_t ctx_len, hs_p2b_inst inst, const hs_gf128 *in_states,
                         const hs_gf128 *out_states, unsigned log_n, const uint8_t *proof, size_t len, unsigned threads,
                         const char **why) {
    if (log_n > HS_P2BG_MAX_LOG_N) return p2bg_fail(why, "poseidon2b-gkr: log_n above the maximum");
    if ((unsigned)inst >= HS_P2B_INST_COUNT) return p2bg_fail(why, "poseidon2b-gkr: unknown instance");
    hs_reader rd;
    hs_r_init(&rd, proof, len);
    uint8_t magic[4];
    hs_r_bytes(&rd, magic, 4);
    const unsigned pinst = hs_r_u8(&rd), plog = hs_r_u8(&rd);
    if (rd.err || memcmp(magic, p2bg_magic, 4) != 0)
        return p2bg_fail(why, "poseidon2b-gkr: not a poseidon2b-gkr proof (magic)");
    if (pinst != (unsigned)inst) return p2bg_fail(why, "poseidon2b-gkr: the proof's instance differs from the statement's");
    if (plog != log_n) return p2bg_fail(why, "poseidon2b-gkr: the proof's log_n differs from the statement's");
    if (len != hs_p2bg_proof_bytes(log_n)) return p2bg_fail(why, "poseidon2b-gkr: proof length differs from the format's");
    hs_transcript t;
    hs_gf128 z[HS_P2BG_MAX_LOG_N], c[HS_P2B_WIDTH], v[HS_P2B_WIDTH], gamma;
    p2bg_start(&t, inst, log_n, ctx, ctx_len, in_states, out_states, z);
    if (!hs_gkrb_mle_rows(v, out_states, HS_P2B_WIDTH, log_n, z, threads)) return p2bg_fail(why, hs_why_nomem);
    if (!hs_p2bg_walk_verify(inst, log_n, &t, &rd, z, v, why)) return 0;
    if (hs_r_left(&rd) != 0) return p2bg_fail(why, "poseidon2b-gkr: trailing bytes");
    /* s_0 = M_F x: the last claims through M_F^T against the input table */
    hs_transcript_sample(&t, &hs_field_gf2_128, &gamma);
    hs_gf128 mf[HS_P2B_WIDTH][HS_P2B_WIDTH];
    hs_p2bg_matrix(inst, 1, mf);
    const hs_gf128 claim = p2bg_batch(mf, gamma, v, c);
    hs_gf128 x[HS_P2B_WIDTH];
    if (!hs_gkrb_mle_rows(x, in_states, HS_P2B_WIDTH, log_n, z, threads)) return p2bg_fail(why, hs_why_nomem);
    hs_gf128 g = hs_gf128_zero();
    for (unsigned l = 0; l < HS_P2B_WIDTH; l++) g = hs_gf128_add(g, hs_gf128_mul(c[l], x[l]));
    if (!hs_gf128_eq(claim, g)) return p2bg_fail(why, "poseidon2b-gkr: the input table's extension differs from the last claim");
    return 1;
}

int hs_p2bg_verify(hs_p2b_inst inst, const hs_gf128 *in_states, const hs_gf128 *out_states, unsigned log_n,
                   const uint8_t *proof, size_t len, unsigned threads, const char **why) {
    return hs_p2bg_verify_bound(NULL, 0, inst, in_states, out_states, log_n, proof, len, threads, why);
}
