/* Poseidon2b by GKR over GF(2^128), public and private statements (p2bstmt.h): the header around
 * the walk, and for the private statement the FRI-Binius commitment of the stacked columns and the
 * batched opening of the walk's first and last claims. */
#include "statement/p2bstmt.h"

#include <math.h>
#include <string.h>

#include "field/field_desc.h"
#include "field/gf2_tower.h"
#include "gkrb/gkrb.h"
#include "proof/frame.h"
#include "util/mem.h"
#include "util/timer.h"

#define TAG_PRIVATE "hashsnark poseidon2b gkr gf2-128 private v1"
#define W HS_P2B_WIDTH

/* ---- lines and states ---- */

void hs_p2bstmt_states(hs_gf128 *states, const uint32_t *words, size_t n, hs_p2b_inst inst) {
    const hs_gf128_linmap *m = inst == HS_P2B_FROST ? hs_gf2_tower_to_flat(HS_TOWER_FROST) : NULL;
    for (size_t i = 0; i < n * W; i++) {
        const uint32_t *x = words + 4 * i;
        hs_gf128 e = {x[0] | (uint64_t)x[1] << 32, x[2] | (uint64_t)x[3] << 32};
        states[i] = m ? hs_gf128_linmap_apply(m, e) : e;
    }
}

void hs_p2bstmt_words(uint32_t *words, const hs_gf128 *states, size_t n, hs_p2b_inst inst) {
    const hs_gf128_linmap *m = inst == HS_P2B_FROST ? hs_gf2_flat_to_tower(HS_TOWER_FROST) : NULL;
    for (size_t i = 0; i < n * W; i++) {
        const hs_gf128 e = m ? hs_gf128_linmap_apply(m, states[i]) : states[i];
        uint32_t *x = words + 4 * i;
        x[0] = (uint32_t)e.lo, x[1] = (uint32_t)(e.lo >> 32), x[2] = (uint32_t)e.hi, x[3] = (uint32_t)(e.hi >> 32);
    }
}

/* ---- header, parameters, soundness ---- */

static void header_bytes(const hs_p2bstmt_shape *s, uint8_t h[HS_P2BSTMT_HEADER_BYTES]) {
    const hs_frame f = {HS_P2BSTMT_VERSION, HS_FRAME_GKR, (uint8_t)s->preset->id, (uint8_t)hs_p2bstmt_hash(s->inst),
                        s->public_io ? HS_FRAME_PUBLIC : HS_FRAME_PRIVATE};
    hs_frame_bytes(&f, h);
    h[16] = (uint8_t)s->log_n, h[17] = 0;
}

int hs_p2bstmt_peek(const uint8_t *proof, size_t len, hs_p2bstmt_shape *out, const char **why) {
    hs_frame f;
    if (!hs_frame_peek(proof, len, &f, why)) return 0;
    if (f.backend != HS_FRAME_GKR || !hs_p2bstmt_is_hash(f.hash))
        return *why = "poseidon2b-gkr: not a poseidon2b gkr proof over GF(2^128) (bytes 12 and 14)", 0;
    if (f.version != HS_P2BSTMT_VERSION) return *why = "poseidon2b-gkr: unsupported version", 0;
    const hs_preset *p = hs_preset_by_id(f.preset);
    if (!p) return *why = "poseidon2b-gkr: unknown preset (byte 13)", 0;
    if (f.statement != HS_FRAME_PUBLIC && f.statement != HS_FRAME_PRIVATE)
        return *why = "poseidon2b-gkr: statement byte 15 is neither 0 (private) nor 1 (public)", 0;
    if (len < HS_P2BSTMT_HEADER_BYTES) return *why = "truncated header", 0;
    if (proof[16] > HS_P2BSTMT_MAX_LOG_N) return *why = "poseidon2b-gkr: log_n (byte 16) above 24", 0;
    if (proof[17] != 0) return *why = "poseidon2b-gkr: unknown challenge field (byte 17)", 0;
    if (out) {
        out->preset = p, out->log_n = proof[16], out->public_io = f.statement == HS_FRAME_PUBLIC;
        out->inst = f.hash == HS_P2BSTMT_HASH_FROST ? HS_P2B_FROST : HS_P2B_REF;
    }
    return 1;
}

/* The commitment under each preset: compat at rate 1/2, the others at 1/4; the queries for the
 * preset's declared bits under unique decoding. */
int hs_p2bstmt_commit_params(const hs_p2bstmt_shape *s, hs_binfri_params *p, const char **why) {
    const unsigned rate = s->preset->id == HS_PRESET_COMPAT ? 1 : 2, bits = (unsigned)s->preset->claim_bits;
    return hs_binfri_params_init(p, s->log_n + HS_P2BSTMT_LOG_COLS, rate, 4, bits, 0, HS_MERKLE_BLAKE3, 2, why);
}

/* The private statement's batching of its eight claims by powers of alpha: degree 7. */
static double batch_bits(void) { return hs_field_bits(&hs_field_gf2_128) - log2(HS_P2BSTMT_COLS - 1.0); }

void hs_p2bstmt_soundness(const hs_p2bstmt_shape *s, hs_sound_report *rep) {
    memset(rep, 0, sizeof *rep);
    hs_p2bg_soundness(rep, s->log_n);
    if (s->public_io) return;
    hs_binfri_params p;
    const char *why = NULL;
    if (!hs_p2bstmt_commit_params(s, &p, &why)) return;
    const double b = batch_bits();
    hs_sound_add(rep, "p2bstmt.claims_batch", b, b, b);
    hs_binfri_soundness(&p, rep);
    hs_sound_finish_best(rep);
}

size_t hs_p2bstmt_proof_bytes(const hs_p2bstmt_shape *s) {
    if (s->public_io) return HS_P2BSTMT_HEADER_BYTES + hs_p2bg_proof_bytes(s->log_n);
    hs_binfri_params p;
    const char *why = NULL;
    if (!hs_p2bstmt_commit_params(s, &p, &why)) return 0;
    return HS_P2BSTMT_HEADER_BYTES + hs_binfri_commit_size(&p) + 2 * 16 * W + hs_p2bg_proof_bytes(s->log_n) - 6 +
           hs_binfri_open_size_bound(&p);
}

/* ---- the private statement ---- */

/* The transcript both sides start from: the tag, the header, the commitment's parameters. */
static void start_private(const hs_p2bstmt_shape *s, const hs_binfri_params *p, hs_transcript *t,
                          uint8_t h[HS_P2BSTMT_HEADER_BYTES]) {
    header_bytes(s, h);
    hs_transcript_init(t, TAG_PRIVATE);
    hs_transcript_absorb(t, h, HS_P2BSTMT_HEADER_BYTES);
    hs_binfri_absorb_params(p, t);
}

static void sample_point(hs_transcript *t, hs_gf128 *z, unsigned n) {
    for (unsigned b = 0; b < n; b++) hs_transcript_sample(t, &hs_field_gf2_128, &z[b]);
}

/* The four claims t~(c, z) = <eq(z, .), column c> of the columns c0 .. c0 + 3 of the stacked table ev
 * (E = eq(z, .), n values), written and absorbed. */
static void send_claims(const hs_gf128 *E, const hs_gf128 *ev, size_t n, unsigned c0, hs_transcript *t, hs_writer *w) {
    const hs_gf128_kernels *K = hs_gf128_kernels_best();
    hs_gf128 v[W];
    for (unsigned l = 0; l < W; l++) v[l] = K->inner(E, ev + (c0 + l) * n, n);
    hs_w_elems(w, &hs_field_gf2_128, v, W);
    hs_transcript_absorb_elems(t, &hs_field_gf2_128, v, W);
}

static hs_gf128 alpha_pow(hs_gf128 alpha, unsigned c) {
    hs_gf128 a = hs_gf128_one();
    while (c--) a = hs_gf128_mul(a, alpha);
    return a;
}

/* The claimed sum sum_c alpha^c vals[c] of the eight claims (inputs, then outputs). */
static hs_gf128 batch_claim(hs_gf128 alpha, const hs_gf128 vals[HS_P2BSTMT_COLS]) {
    hs_gf128 s = hs_gf128_zero();
    for (unsigned c = HS_P2BSTMT_COLS; c-- > 0;) s = hs_gf128_add(hs_gf128_mul(s, alpha), vals[c]);
    return s;
}

static int prove_private(const hs_p2bstmt_shape *s, const hs_gf128 *in_states, unsigned threads, hs_gf128 *out_states,
                         hs_writer *w, hs_p2bstmt_times *tm, const char **why) {
    hs_binfri_params p;
    if (!hs_p2bstmt_commit_params(s, &p, why)) return 0;
    double t0 = hs_now();
    hs_p2bg_witness wit;
    if (!hs_p2bg_witness_build(&wit, s->inst, in_states, s->log_n, threads, why)) return 0;
    const size_t n = wit.n;
    hs_gf128 *ev = hs_alloc_array(HS_P2BSTMT_COLS * n, sizeof *ev), *Wt = NULL;
    if (!ev) {
        hs_p2bg_witness_free(&wit);
        return *why = hs_why_nomem, 0;
    }
    for (size_t i = 0; i < n; i++)
        for (unsigned l = 0; l < W; l++) ev[l * n + i] = in_states[W * i + l];
    memcpy(ev + W * n, wit.out, W * n * sizeof *ev);
    if (out_states)
        for (size_t i = 0; i < n; i++)
            for (unsigned l = 0; l < W; l++) out_states[W * i + l] = wit.out[l * n + i];
    double t1 = hs_now();
    tm->witness = t1 - t0;
    uint8_t h[HS_P2BSTMT_HEADER_BYTES];
    hs_transcript t;
    start_private(s, &p, &t, h);
    hs_w_bytes(w, h, sizeof h);
    hs_binfri_witness *bw = NULL;
    int ok = hs_binfri_commit(&bw, &p, ev, &t, w, NULL, threads, why);
    hs_free(ev); /* copied by the commitment */
    if (ok && !(Wt = hs_alloc_array(HS_P2BSTMT_COLS * n, sizeof *Wt))) ok = 0, *why = hs_why_nomem;
    double t2 = hs_now();
    tm->bind = t2 - t1;
    hs_gf128 z[HS_P2BSTMT_MAX_LOG_N];
    const hs_gf128 *cv = ok ? hs_binfri_witness_evals(bw) : NULL; /* the committed columns */
    if (ok) { /* the output claims at z (eq(z, .) kept in column 4's place of the weight) */
        sample_point(&t, z, s->log_n);
        hs_gkrb_eq_table(Wt + W * n, z, s->log_n);
        send_claims(Wt + W * n, cv, n, W, &t, w);
        ok = hs_p2bg_walk_prove(&wit, &t, w, z, &tm->witness, why);
    }
    hs_p2bg_witness_free(&wit);
    double t3 = hs_now();
    tm->layers = t3 - t2;
    if (ok) { /* the input claims at the walk's last point, then the batched opening */
        hs_gkrb_eq_table(Wt, z, s->log_n);
        send_claims(Wt, cv, n, 0, &t, w);
        hs_gf128 alpha, vals[HS_P2BSTMT_COLS];
        const hs_gf128_kernels *K = hs_gf128_kernels_best();
        for (unsigned c = 0; c < HS_P2BSTMT_COLS; c++) vals[c] = K->inner(Wt + (c < W ? 0 : W * n), cv + c * n, n);
        hs_transcript_sample(&t, &hs_field_gf2_128, &alpha);
        for (unsigned c = HS_P2BSTMT_COLS; c-- > 0;) { /* W(i + n c) = alpha^c eq(z_c, i), from the two eq tables */
            const hs_gf128 ac = alpha_pow(alpha, c);
            hs_gf128 *dst = Wt + c * n;
            const hs_gf128 *E = Wt + (c < W ? 0 : W * n);
            for (size_t i = 0; i < n; i++) dst[i] = hs_gf128_mul(ac, E[i]);
        }
        ok = hs_binfri_open_weighted(&p, bw, Wt, batch_claim(alpha, vals), &t, w, NULL, threads, why);
    }
    tm->open = hs_now() - t3;
    hs_binfri_witness_free(bw);
    hs_free(Wt);
    return ok;
}

/* The verifier's weight at the opening's challenges r (row bits r[0 .. log_n), column bits after):
 * sum_c alpha^c eq(z_c, r_rows) eq(c, r_cols). */
typedef struct {
    hs_gf128 alpha;
    const hs_gf128 *zi, *zo;
    unsigned log_n;
} weight_ctx;

static hs_gf128 weight_at(void *vctx, const hs_gf128 *r) {
    const weight_ctx *c = vctx;
    const hs_gf128 ei = hs_gkrb_eq_eval(c->zi, r, c->log_n), eo = hs_gkrb_eq_eval(c->zo, r, c->log_n);
    const hs_gf128 *rc = r + c->log_n;
    hs_gf128 sum = hs_gf128_zero();
    for (unsigned k = HS_P2BSTMT_COLS; k-- > 0;) {
        hs_gf128 e = k < W ? ei : eo;
        for (unsigned b = 0; b < HS_P2BSTMT_LOG_COLS; b++)
            e = hs_gf128_mul(e, (k >> b) & 1 ? rc[b] : hs_gf128_add(hs_gf128_one(), rc[b]));
        sum = hs_gf128_add(hs_gf128_mul(sum, c->alpha), e);
    }
    return sum;
}

static int verify_private(const uint8_t *proof, size_t len, const hs_p2bstmt_shape *s, const char **why) {
    hs_binfri_params p;
    if (!hs_p2bstmt_commit_params(s, &p, why)) return 0;
    uint8_t h[HS_P2BSTMT_HEADER_BYTES];
    hs_transcript t;
    start_private(s, &p, &t, h);
    hs_reader rd;
    hs_r_init(&rd, proof + sizeof h, len - sizeof h);
    hs_binfri_commitment comm;
    if (!hs_binfri_verify_commitment(&p, &t, &rd, &comm, why)) return 0;
    hs_gf128 z[HS_P2BSTMT_MAX_LOG_N], zo[HS_P2BSTMT_MAX_LOG_N], vals[HS_P2BSTMT_COLS], v[W];
    sample_point(&t, z, s->log_n);
    memcpy(zo, z, sizeof z);
    hs_r_elems(&rd, &hs_field_gf2_128, vals + W, W);
    if (rd.err) return *why = "poseidon2b-gkr: truncated output claims", 0;
    hs_transcript_absorb_elems(&t, &hs_field_gf2_128, vals + W, W);
    memcpy(v, vals + W, sizeof v);
    if (!hs_p2bg_walk_verify(s->inst, s->log_n, &t, &rd, z, v, why)) return 0;
    hs_r_elems(&rd, &hs_field_gf2_128, vals, W);
    if (rd.err) return *why = "poseidon2b-gkr: truncated input claims", 0;
    hs_transcript_absorb_elems(&t, &hs_field_gf2_128, vals, W);
    /* s_0 = M_F x row by row, so its extension is M_F applied to the inputs' extensions */
    hs_gf128 mf[W][W];
    hs_p2bg_matrix(s->inst, 1, mf);
    for (unsigned i = 0; i < W; i++) {
        hs_gf128 e = hs_gf128_zero();
        for (unsigned j = 0; j < W; j++) e = hs_gf128_add(e, hs_gf128_mul(mf[i][j], vals[j]));
        if (!hs_gf128_eq(e, v[i]))
            return *why = "poseidon2b-gkr: the committed inputs' claims differ from the walk's last claims", 0;
    }
    weight_ctx wc;
    hs_transcript_sample(&t, &hs_field_gf2_128, &wc.alpha);
    wc.zi = z, wc.zo = zo, wc.log_n = s->log_n;
    if (!hs_binfri_verify_weighted(&p, &comm, batch_claim(wc.alpha, vals), weight_at, &wc, &t, &rd, why)) return 0;
    if (hs_r_left(&rd)) return *why = "poseidon2b-gkr: trailing bytes after the opening", 0;
    return 1;
}

/* ---- both ---- */

int hs_p2bstmt_prove(const hs_p2bstmt_shape *s, const hs_gf128 *in_states, unsigned threads, hs_gf128 *out_states,
                     hs_writer *w, hs_p2bstmt_times *times, const char **why) {
    if (s->log_n > HS_P2BSTMT_MAX_LOG_N) return *why = "poseidon2b-gkr: log_n above 24", 0;
    hs_p2bstmt_times tm = {0, 0, 0, 0};
    int ok;
    if (s->public_io) {
        uint8_t h[HS_P2BSTMT_HEADER_BYTES];
        header_bytes(s, h);
        hs_w_bytes(w, h, sizeof h);
        hs_p2bg_times pt;
        ok = hs_p2bg_prove_bound(h, sizeof h, s->inst, in_states, s->log_n, threads, out_states, w, &pt, why);
        tm.witness = pt.witness, tm.bind = pt.bind, tm.layers = pt.layers;
    } else {
        ok = prove_private(s, in_states, threads, out_states, w, &tm, why);
    }
    if (ok && w->err) ok = 0, *why = hs_why_nomem;
    if (ok && times) *times = tm;
    return ok;
}

int hs_p2bstmt_verify(const uint8_t *proof, size_t len, const hs_p2bstmt_shape *s, const hs_gf128 *in_states,
                      const hs_gf128 *out_states, unsigned threads, const char **why) {
    uint8_t h[HS_P2BSTMT_HEADER_BYTES];
    header_bytes(s, h);
    if (len < sizeof h || memcmp(proof, h, sizeof h)) return *why = "poseidon2b-gkr: header differs from its parse", 0;
    if (!s->public_io) {
        if (in_states || out_states) return *why = "poseidon2b-gkr: a private statement takes no tables", 0;
        return verify_private(proof, len, s, why);
    }
    if (!in_states || !out_states) return *why = "poseidon2b-gkr: a public statement: the tables are needed", 0;
    if (len != hs_p2bstmt_proof_bytes(s)) return *why = "poseidon2b-gkr: proof length differs from the format's", 0;
    return hs_p2bg_verify_bound(h, sizeof h, s->inst, in_states, out_states, s->log_n, proof + sizeof h,
                                len - sizeof h, threads, why);
}
