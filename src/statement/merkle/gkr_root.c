/* A dense Merkle root by GKR + WHIR (gkr_root.h has the protocol). */
#include "statement/merkle/gkr_root.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hash/blake3.h"
#include "hash/poseidon2_monty31.h"
#include "poly/mle.h"
#include "proof/frame.h"
#include "util/mem.h"
#include "util/timer.h"
#include "util/verify.h"

#define MR_VERSION 1u
#define MR_BACKEND 2u /* gkr */
#define MR_HEADER 31
#define MR_TAG "hashsnark/gkr/merkle-root/v1"
#define MR_EXT 5u

int hs_mr_shape_make(hs_mr_shape *s, const hs_preset *p, unsigned log_leaves, int public_leaves, const char **why) {
    memset(s, 0, sizeof *s);
    if (!p) return *why = "unknown preset", 0;
    if (log_leaves < 1 || log_leaves > HS_MR_MAX_LOG) return *why = "log_leaves out of range (1..23)", 0;
    s->preset = p, s->log_leaves = log_leaves, s->public_leaves = public_leaves != 0;
    s->log_cols = log_leaves >= 3 ? 4 : 7 - log_leaves; /* WHIR folds 7 variables first */
    hs_gkr_whir_config(p, &s->whir);
    return 1;
}

static void header_bytes(const hs_mr_shape *s, uint8_t out[MR_HEADER]) {
    hs_writer w = {0};
    const hs_frame fr = {MR_VERSION, MR_BACKEND, (uint8_t)s->preset->id, HS_GKR_P2_KB16, HS_MR_STATEMENT};
    hs_frame_write(&w, &fr);
    hs_w_u8(&w, (uint8_t)s->log_leaves);
    hs_w_u8(&w, (uint8_t)s->public_leaves);
    hs_w_u8(&w, MR_EXT);
    hs_w_u8(&w, s->log_leaves >= HS_GKR_SKIP ? HS_GKR_SKIP : 0);
    hs_w_u8(&w, (uint8_t)s->log_cols);
    hs_gkr_write_whir_config(&w, &s->whir);
    memset(out, 0, MR_HEADER);
    if (!w.err && w.len == MR_HEADER) memcpy(out, w.data, MR_HEADER);
    hs_w_free(&w);
}

static int parse_header(hs_reader *r, hs_mr_shape *s, const char **why) {
    const uint8_t *start = r->p;
    hs_frame fr;
    if (!hs_frame_read(r, &fr, why)) return 0;
    uint8_t h[MR_HEADER];
    hs_frame_bytes(&fr, h);
    hs_r_bytes(r, h + HS_FRAME_BYTES, MR_HEADER - HS_FRAME_BYTES);
    if (r->err) return *why = "truncated header", 0;
    if (h[12] != MR_BACKEND) return *why = "not a gkr proof (backend byte)", 0;
    if (h[15] != HS_MR_STATEMENT) return *why = "not a Merkle root proof (statement byte)", 0;
    if (h[14] != HS_GKR_P2_KB16) return *why = "unsupported tree hash (Merkle roots are proven for poseidon2-kb16)", 0;
    if (h[17] > 1) return *why = "bad public-leaves byte", 0;
    if (!hs_mr_shape_make(s, hs_preset_by_id(h[13]), h[16], h[17], why)) return 0;
    uint8_t expect[MR_HEADER];
    header_bytes(s, expect);
    if (memcmp(expect, start, MR_HEADER)) return *why = "parameters do not match the preset (or another version)", 0;
    return 1;
}

HS_FRAME_PEEK_FN(hs_mr_peek, hs_mr_shape, parse_header)

static void transcript_start(hs_transcript *t, const uint8_t *hb, const hs_kb *root, const hs_kb *leaves, unsigned k) {
    hs_transcript_init(t, MR_TAG);
    hs_transcript_absorb(t, hb, MR_HEADER);
    hs_transcript_absorb_elems(t, &hs_field_kb, root, 8);
    if (leaves) {
        hs_digest dg;
        hs_blake3_kb_tables((const hs_kb *const[]){leaves}, 1, (size_t)8 << k, dg.b);
        hs_transcript_absorb_digests(t, &dg, 1);
    }
}

static void sample(hs_transcript *t, hs_kb5 *v, unsigned cnt) {
    for (unsigned i = 0; i < cnt; i++) v[i] = hs_gkr_sample(t);
}

/* c = trunc8(P(0^8 || R)): row 0's output. */
static void dummy_output(const hs_kb root[8], hs_kb c[8]) {
    uint32_t st[16] = {0};
    memcpy(st + 8, root, 8 * sizeof *st);
    hs_p2_permute(hs_p2_kb16(), st);
    memcpy(c, st, 8 * sizeof *c);
}

/* The claims the WHIR opening proves, and their points. */
typedef struct {
    hs_kb5 y[HS_MR_MAX_LOG], zero[HS_MR_MAX_LOG], leaf_pt[HS_MR_MAX_LOG];
    hs_kb5 ab[16], rv[8], lv[16];
    uint32_t sel[16];
    hs_whir_statement st[4];
} mr_claims;

/* y = (0, z_1 .. z_(k-1)); the root point 0^k. */
static void fixed_points(mr_claims *c, const hs_kb5 *z, unsigned k) {
    c->y[0] = hs_kb5_zero();
    for (unsigned i = 1; i < k; i++) c->y[i] = z[i - 1];
    for (unsigned i = 0; i < k; i++) c->zero[i] = hs_kb5_zero();
    for (unsigned l = 0; l < 16; l++) c->sel[l] = l;
}

static size_t statements(mr_claims *c, unsigned k, const hs_kb5 *rho, const hs_kb5 *x_claim, int pub) {
    size_t n = 0;
    c->st[n++] = (hs_whir_statement){k, c->y, 16, c->sel, c->ab};
    c->st[n++] = (hs_whir_statement){k, rho, 16, c->sel, x_claim};
    c->st[n++] = (hs_whir_statement){k, c->zero, 8, c->sel + 8, c->rv};
    if (pub) c->st[n++] = (hs_whir_statement){k, c->leaf_pt, 16, c->sel, c->lv};
    return n;
}

/* The leaf claims: s drawn, point (1, s), values the leaf pairs' MLEs at s (leaves viewed as
 * 2^(k-1) rows of 16 words: leaf 2t' in lanes 0..7, leaf 2t' + 1 in lanes 8..15). */
static int leaf_claims(mr_claims *c, hs_transcript *t, const hs_kb *leaves, unsigned k, unsigned threads) {
    c->leaf_pt[0] = hs_kb5_one();
    sample(t, c->leaf_pt + 1, k - 1);
    return hs_gkr_eval_rows(leaves, 16, k - 1, c->leaf_pt + 1, c->lv, threads);
}

int hs_mr_prove(const hs_mr_shape *shape_in, const hs_kb *leaves, unsigned threads, hs_writer *out, hs_kb root_out[8],
                hs_mr_timing *timing, const char **why) {
    hs_mr_timing td, *tm = timing ? timing : &td;
    memset(tm, 0, sizeof *tm);
    hs_mr_shape s;
    if (!hs_mr_shape_make(&s, shape_in->preset, shape_in->log_leaves, shape_in->public_leaves, why)) return 0;
    const unsigned k = s.log_leaves;
    const size_t N = (size_t)1 << k;
    const hs_gkr_perm *Pm = hs_gkr_perm_get(HS_GKR_P2_KB16);
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, k + s.log_cols, &s.whir, NULL, why)) return 0;
    double t0 = hs_now(), tstart = t0, tt;
    int ok = 0;
    hs_gkr_witness wit = {0};
    hs_whir_witness *ww = NULL;
    hs_kb *X = hs_alloc_array(N, 16 * sizeof *X), *st = hs_alloc_array(N / 2 ? N / 2 : 1, 16 * sizeof *st), *zero = NULL;
    hs_kb5 *pts = NULL;
    *why = hs_why_nomem;
    if (!X || !st) goto done;
    /* D in heap order, level by level: nodes [2^l, 2^(l+1)) are the outputs of rows [2^l, 2^(l+1)) */
    memset(X, 0, 8 * sizeof *X);
    memcpy(X + 8 * N, leaves, 8 * N * sizeof *X);
    const size_t corrupt_node = HS_TEST_HOOK(shape_in->corrupt_node);
    HS_VERIFY_SPOIL(corrupt_node != 0);
    for (unsigned l = k; l-- > 0;) {
        const size_t lo = (size_t)1 << l;
        memcpy(st, X + 16 * lo, 16 * lo * sizeof *X);
        hs_p2_permute_many(hs_p2_kb16(), st, lo, 0, threads);
        for (size_t i = 0; i < lo; i++) memcpy(X + 8 * (lo + i), st + 16 * i, 8 * sizeof *X);
        if (corrupt_node > lo && corrupt_node <= 2 * lo)
            X[8 * (corrupt_node - 1)] = hs_kb_add(X[8 * (corrupt_node - 1)], HS_KB_ONE);
    }
    hs_kb root[8];
    memcpy(root, X + 8, sizeof root);
    if (root_out) memcpy(root_out, root, sizeof root);
    if (!hs_gkr_witness_build(&wit, Pm, X, k, threads, NULL, HS_GKR_WIT_IO)) goto done;
    tt = hs_now(), tm->witness_s = tt - t0, t0 = tt;

    uint8_t hb[MR_HEADER];
    header_bytes(&s, hb);
    hs_w_bytes(out, hb, MR_HEADER);
    hs_transcript tr;
    transcript_start(&tr, hb, root, s.public_leaves ? leaves : NULL, k);
    const hs_kb *cols[1u << 6];
    if (s.log_cols > 4) {
        if (!(zero = hs_alloc_array(N, sizeof *zero))) goto done;
        memset(zero, 0, N * sizeof *zero);
    }
    for (unsigned j = 0; j < (1u << s.log_cols); j++) cols[j] = j < 16 ? wit.in + j * N : zero;
    if (!hs_whir_commit(&ww, &wp, NULL, cols, s.log_cols, k, &tr, out, NULL, threads, why)) goto done;
    tt = hs_now(), tm->commit_s = tt - t0, t0 = tt;

    *why = hs_why_nomem;
    if (!(pts = malloc(2 * (size_t)k * sizeof *pts))) goto done;
    hs_kb5 *z_out = pts, *rho = pts + k, v_out[16], x_claim[16];
    if (!hs_gkr_walk_prove(Pm, &wit, X, NULL, threads, &tr, out, z_out, v_out, rho, x_claim, why)) goto done;
    tt = hs_now(), tm->walk_s = tt - t0, t0 = tt;
    mr_claims c;
    fixed_points(&c, z_out, k);
    const hs_kb *xc[16];
    for (unsigned j = 0; j < 16; j++) xc[j] = wit.in + j * N;
    *why = hs_why_nomem;
    if (!hs_gkr_eval_cols(xc, 16, k, c.y, c.ab, threads)) goto done;
    hs_gkr_send_k(&tr, out, c.ab, 16);
    for (unsigned l = 0; l < 8; l++) c.rv[l] = hs_kb5_from_base(root[l]);
    if (s.public_leaves && !leaf_claims(&c, &tr, leaves, k, threads)) goto done;
    if (!hs_whir_open(&wp, ww, c.st, statements(&c, k, rho, x_claim, s.public_leaves), &tr, out, threads, why))
        goto done;
    tt = hs_now(), tm->open_s = tt - t0, tm->total_s = tt - tstart;
    ok = !out->err;
    *why = ok ? NULL : hs_why_nomem;
done:
    hs_whir_witness_free(ww);
    hs_gkr_witness_free(&wit);
    hs_free(X), hs_free(st), hs_free(zero);
    free(pts);
    return ok;
}

int hs_mr_verify(const uint8_t *proof, size_t len, const hs_kb root[8], const hs_kb *leaves, unsigned threads,
                 hs_mr_shape *shape_out, const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_mr_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    if (shape_out) *shape_out = s;
    if (s.public_leaves && !leaves) return *why = "the proof binds public leaves: the verifier needs them", 0;
    if (!s.public_leaves && leaves) return *why = "the proof is about private leaves (it binds no leaf table)", 0;
    for (unsigned l = 0; l < 8; l++)
        if (root[l] >= HS_KB_P) return *why = "root word out of range", 0;
    const unsigned k = s.log_leaves;
    const hs_gkr_perm *Pm = hs_gkr_perm_get(HS_GKR_P2_KB16);
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, k + s.log_cols, &s.whir, NULL, why)) return 0;
    hs_transcript tr;
    transcript_start(&tr, proof, root, leaves, k);
    hs_whir_commitment comm;
    if (!hs_whir_verify_commitment(&wp, &tr, &r, &comm, why)) return 0;
    if (hs_r_left(&r) < hs_gkr_walk_bytes(Pm, k, 0) + 16 * 20) return *why = "truncated proof", 0;
    hs_kb5 *pts = malloc(2 * (size_t)k * sizeof *pts);
    if (!pts) return *why = hs_why_nomem, 0;
    int ok = 0;
    hs_kb5 *z_out = pts, *rho = pts + k, v_out[16], x_claim[16];
    if (!hs_gkr_walk_verify(Pm, k, NULL, threads, &tr, &r, z_out, v_out, rho, x_claim, why)) goto done;
    mr_claims c;
    fixed_points(&c, z_out, k);
    if (!hs_gkr_recv_k(&tr, &r, c.ab, 16)) {
        *why = r.err;
        goto done;
    }
    /* T(z) = D((0, z)) + eq(z, 0) c, D((0, z), l) = (1 - z_k) X_l(y) + z_k X_(8+l)(y) */
    hs_kb cd[8];
    dummy_output(root, cd);
    hs_kb5 e0 = hs_kb5_one();
    for (unsigned i = 0; i < k; i++) e0 = hs_kb5_mul(e0, hs_kb5_sub(hs_kb5_one(), z_out[i]));
    const hs_kb5 zk = z_out[k - 1], omzk = hs_kb5_sub(hs_kb5_one(), zk);
    for (unsigned l = 0; l < 8; l++) {
        const hs_kb5 t = hs_kb5_add(hs_kb5_add(hs_kb5_mul(omzk, c.ab[l]), hs_kb5_mul(zk, c.ab[8 + l])),
                                    hs_kb5_mul_base(e0, cd[l]));
        if (!hs_kb5_eq(t, v_out[l])) {
            *why = "output claims do not match the node array (a node is not the compression of its children)";
            goto done;
        }
    }
    for (unsigned l = 0; l < 8; l++) c.rv[l] = hs_kb5_from_base(root[l]);
    *why = hs_why_nomem;
    if (s.public_leaves && !leaf_claims(&c, &tr, leaves, k, threads)) goto done;
    if (!hs_whir_verify(&wp, &comm, c.st, statements(&c, k, rho, x_claim, s.public_leaves), &tr, &r, why)) goto done;
    if (hs_r_left(&r) != 0) {
        *why = "trailing bytes after the proof";
        goto done;
    }
    ok = 1;
    *why = NULL;
done:
    free(pts);
    return ok;
}

int hs_soundness_mr(const hs_preset *p, unsigned log_leaves, int public_leaves, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    hs_mr_shape s;
    const char *why = NULL;
    if (!hs_mr_shape_make(&s, p, log_leaves, public_leaves, &why)) return 0;
    const double kb = hs_field_bits(&hs_field_kb5);
    hs_soundness_gkr_walk(out, hs_gkr_perm_get(HS_GKR_P2_KB16), log_leaves);
    /* the output relation and the root claim (a point of the cube) are exact; public leaves: a
     * wrong leaf table differs from the committed one in its MLE over k - 1 variables at s */
    if (public_leaves) {
        const double lb = kb - log2(log_leaves > 1 ? (double)(log_leaves - 1) : 1.0);
        hs_sound_add(out, "leaves.point", lb, lb, lb);
    }
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, log_leaves + s.log_cols, &s.whir, out, &why)) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    const double claims = 16 + 16 + 8 + (public_leaves ? 16 : 0), sb = kb - log2(claims - 1);
    hs_sound_add(out, "whir.statement_batching", sb, sb, sb);
    const double mb = hs_sound_merkle_bits((int)s.whir.hash);
    hs_sound_add(out, "merkle.collision", mb, mb, mb);
    /* the statement assumes the compression collision-resistant (every Merkle tree does): its
     * 8-element digests cap the headline (docs/MERKLE_GKR.md) */
    hs_sound_add_assumption(out, "p2kb16.digest_collision", hs_sound_digest_bits(8));
    out->regime = s.whir.regime == HS_REGIME_CONJECTURED ? HS_REGIME_JOHNSON : s.whir.regime;
    hs_sound_finish(out);
    return 1;
}
