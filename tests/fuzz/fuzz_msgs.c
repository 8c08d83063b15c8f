#include "fuzz_msgs.h"

#include <stdlib.h>
#include <string.h>

#include "commit/binfri.h"
#include "commit/ringsw.h"
#include "fri/pcs.h"
#include "fuzz_tables.h"
#include "gkr/gkr.h"
#include "poly/mle.h"
#include "sumcheck/sumcheck.h"
#include "util/mem.h"
#include "whir/whir.h"

/* ---- FRI PCS ---- */

typedef struct {
    hs_fri_params p;
    unsigned log_h;
    size_t width[2];
} fri_cfg;

static const fri_cfg fri_cfgs[HS_FUZZ_FRI_CONFIGS] = {
    {{4, 1, 1, 0, 6, 0, 2, HS_MERKLE_POSEIDON2, 1}, 3, {3, 2}},
    {{5, 2, 2, 1, 4, 1, 0, HS_MERKLE_KECCAK, 0}, 4, {2, 5}},
    {{8, 3, 3, 0, 3, 0, 0, HS_MERKLE_BLAKE3, 2}, 2, {1, 1}},
};

static size_t fri_cap_len(const fri_cfg *c) {
    unsigned l = c->log_h + c->p.log_blowup;
    return (size_t)1 << (c->p.cap_height < l ? c->p.cap_height : l);
}

/* The claims' shapes and points: matrix 0 at z and z w_h, matrix 1 at z. */
static void fri_claims(const fri_cfg *c, hs_transcript *t, hs_pcs_claim cl[2], hs_kbe *vals, hs_digest *caps) {
    const unsigned d = c->p.ext_degree;
    const size_t cap = fri_cap_len(c);
    hs_transcript_absorb_digests(t, caps, 2 * cap);
    hs_kbe z = hs_pcs_sample(t, d);
    hs_pcs_claim c0 = {c->log_h, c->width[0], caps, 2, {z, hs_kbe_mul_base(z, hs_kb_two_adic_root(c->log_h))}, vals};
    hs_pcs_claim c1 = {c->log_h, c->width[1], caps + cap, 1, {z, hs_kbe_zero()}, vals + 2 * c->width[0]};
    cl[0] = c0, cl[1] = c1;
}

static void fri_transcript(hs_transcript *t, unsigned cfg) {
    const uint8_t b = (uint8_t)cfg;
    hs_transcript_init(t, "hashsnark fuzz fri");
    hs_transcript_absorb(t, &b, 1);
}

int hs_fuzz_fri_prove(unsigned cfg, hs_writer *w, const char **why) {
    const fri_cfg *c = &fri_cfgs[cfg % HS_FUZZ_FRI_CONFIGS];
    const size_t h = (size_t)1 << c->log_h, cap = fri_cap_len(c);
    hs_ntt_plan plan;
    hs_pcs_matrix *m[2] = {NULL, NULL};
    hs_pcs_proof *pr = NULL;
    hs_kb *ev = NULL;
    hs_digest caps[2 << HS_WHIR_MAX_CAP];
    hs_kbe vals[16];
    int ok = 0;
    *why = "fri prover failed";
    if (!hs_fri_params_check(&c->p, c->log_h, why) || !hs_ntt_plan_init(&plan, c->log_h + c->p.log_blowup)) return 0;
    for (unsigned k = 0; k < 2; k++) {
        ev = malloc(h * c->width[k] * sizeof *ev);
        if (!ev) goto done;
        for (size_t i = 0; i < h * c->width[k]; i++) ev[i] = hs_kb_from_u32(hs_fuzz_word(4, cfg * 2 + k, i, HS_KB_P));
        int okc = hs_pcs_commit(&m[k], &c->p, &plan, ev, c->log_h, c->width[k], 1, 1);
        free(ev), ev = NULL;
        if (!okc) goto done;
        memcpy(caps + k * cap, hs_pcs_cap(m[k]), cap * sizeof *caps);
    }
    hs_transcript t;
    fri_transcript(&t, cfg % HS_FUZZ_FRI_CONFIGS);
    hs_pcs_claim cl[2];
    fri_claims(c, &t, cl, vals, caps);
    hs_w_u8(w, (uint8_t)(cfg % HS_FUZZ_FRI_CONFIGS));
    hs_w_digests(w, caps, 2 * cap);
    if (!hs_pcs_open(&c->p, &plan, &t, m, cl, 2, &pr, 1)) goto done;
    hs_w_elems(w, hs_field_kbe(c->p.ext_degree), vals, 2 * c->width[0] + c->width[1]);
    hs_pcs_proof_write(w, &c->p, pr);
    ok = !w->err;
done:
    hs_pcs_proof_free(pr);
    hs_pcs_matrix_free(m[0]), hs_pcs_matrix_free(m[1]);
    hs_ntt_plan_free(&plan);
    if (ok) *why = NULL;
    return ok;
}

int hs_fuzz_fri_verify(const uint8_t *data, size_t size, const char **why) {
    if (size < 1) return *why = "empty", 0;
    if (data[0] >= HS_FUZZ_FRI_CONFIGS) return *why = "unknown configuration", 0; /* one encoding each */
    const unsigned cfg = data[0];
    const fri_cfg *c = &fri_cfgs[cfg];
    const size_t cap = fri_cap_len(c), nv = 2 * c->width[0] + c->width[1];
    hs_reader r;
    hs_r_init(&r, data + 1, size - 1);
    hs_digest caps[2 << HS_WHIR_MAX_CAP];
    hs_kbe vals[16];
    hs_r_digests(&r, caps, 2 * cap);
    hs_transcript t;
    fri_transcript(&t, cfg);
    hs_pcs_claim cl[2];
    fri_claims(c, &t, cl, vals, caps);
    hs_r_elems(&r, hs_field_kbe(c->p.ext_degree), vals, nv);
    if (r.err) return *why = r.err, 0;
    hs_pcs_proof *pr = hs_pcs_proof_read(&r, &c->p, cl, 2);
    int ok = 0;
    if (!pr || r.err)
        *why = r.err ? r.err : "malformed opening proof";
    else if (hs_r_left(&r))
        *why = "trailing bytes";
    else
        ok = hs_pcs_verify(&c->p, &t, cl, 2, pr, why);
    hs_pcs_proof_free(pr);
    return ok;
}

/* ---- WHIR ---- */

typedef struct {
    hs_whir_config cfg;
    unsigned n, log_cols, n_inner, n_claims;
    uint32_t sel[2];
} whir_cfg;

static void whir_cfg_of(unsigned k, whir_cfg *c) {
    memset(c, 0, sizeof *c);
    if (k == 0) {
        hs_whir_config_proven128(&c->cfg, 2, HS_MERKLE_POSEIDON2);
        c->n = 8, c->log_cols = 2, c->n_inner = 8, c->n_claims = 1;
    } else {
        hs_whir_config *g = &c->cfg;
        g->log_inv_rate = 2, g->fold_first = 3, g->fold = 2, g->first_reduction = 1, g->max_final_vars = 2;
        g->security_bits = 60, g->pow_bits = 4, g->regime = HS_REGIME_CONJECTURED, g->hash = HS_MERKLE_KECCAK;
        g->cap_height = 1;
        c->n = 9, c->log_cols = 3, c->n_inner = 7, c->n_claims = 2, c->sel[0] = 1, c->sel[1] = 3;
    }
}

static void whir_transcript(hs_transcript *t, unsigned cfg) {
    const uint8_t b = (uint8_t)cfg;
    hs_transcript_init(t, "hashsnark fuzz whir");
    hs_transcript_absorb(t, &b, 1);
}

static void whir_point(hs_transcript *t, const whir_cfg *c, hs_kb5 *pt) {
    for (unsigned i = 0; i < c->n_inner; i++) pt[i] = hs_gkr_sample(t);
}

int hs_fuzz_whir_prove(unsigned cfg, hs_writer *w, const char **why) {
    whir_cfg c;
    cfg %= HS_FUZZ_WHIR_CONFIGS;
    whir_cfg_of(cfg, &c);
    hs_whir_params p;
    if (!hs_whir_params_derive(&p, c.n, &c.cfg, NULL, why)) return 0;
    const size_t N = (size_t)1 << c.n;
    hs_kb *f = hs_alloc_array(N, sizeof *f);
    const hs_kb *cols[16];
    if (!f) return *why = "out of memory", 0;
    for (size_t i = 0; i < N; i++) f[i] = hs_kb_from_u32(hs_fuzz_word(5, cfg, i, HS_KB_P));
    for (size_t s = 0; s < ((size_t)1 << c.log_cols); s++) cols[s] = f + (s << (c.n - c.log_cols));
    hs_transcript t;
    whir_transcript(&t, cfg);
    hs_w_u8(w, (uint8_t)cfg);
    hs_whir_witness *wit = NULL;
    int ok = 0;
    if (hs_whir_commit(&wit, &p, NULL, cols, c.log_cols, c.n - c.log_cols, &t, w, NULL, 1, why)) {
        hs_kb5 pt[32], v[2];
        whir_point(&t, &c, pt);
        hs_whir_eval_statement(wit, c.n_inner, pt, c.n_inner < c.n ? c.sel : NULL, c.n_claims, v, 1);
        hs_gkr_send_k(&t, w, v, c.n_claims);
        hs_whir_statement st = {c.n_inner, pt, c.n_claims, c.n_inner < c.n ? c.sel : NULL, v};
        ok = hs_whir_open(&p, wit, &st, 1, &t, w, 1, why) && !w->err;
    }
    hs_whir_witness_free(wit);
    hs_free(f);
    return ok;
}

int hs_fuzz_whir_verify(const uint8_t *data, size_t size, const char **why) {
    if (size < 1) return *why = "empty", 0;
    if (data[0] >= HS_FUZZ_WHIR_CONFIGS) return *why = "unknown configuration", 0; /* one encoding each */
    const unsigned cfg = data[0];
    whir_cfg c;
    whir_cfg_of(cfg, &c);
    hs_whir_params p;
    if (!hs_whir_params_derive(&p, c.n, &c.cfg, NULL, why)) return 0;
    hs_reader r;
    hs_r_init(&r, data + 1, size - 1);
    hs_transcript t;
    whir_transcript(&t, cfg);
    hs_whir_commitment comm;
    if (!hs_whir_verify_commitment(&p, &t, &r, &comm, why)) return 0;
    hs_kb5 pt[32], v[2];
    whir_point(&t, &c, pt);
    if (!hs_gkr_recv_k(&t, &r, v, c.n_claims)) return *why = r.err, 0;
    hs_whir_statement st = {c.n_inner, pt, c.n_claims, c.n_inner < c.n ? c.sel : NULL, v};
    if (!hs_whir_verify(&p, &comm, &st, 1, &t, &r, why)) return 0;
    if (hs_r_left(&r)) return *why = "trailing bytes", 0;
    return 1;
}

/* ---- sumcheck ---- */

typedef struct {
    unsigned n, m, n_terms;
    hs_sc_term terms[3];
} sc_cfg;

static void sc_cfg_of(unsigned k, sc_cfg *c) {
    memset(c, 0, sizeof *c);
    const hs_kb5 c1 = hs_kb5_one(), c3 = {{hs_kb_from_u32(3), hs_kb_from_u32(1), 0, 0, hs_kb_from_u32(7)}};
    switch (k) {
    case 0: /* degree 2 */
        c->n = 3, c->m = 2, c->n_terms = 2;
        c->terms[0] = (hs_sc_term){2, {0, 1, 0, 0}, c3};
        c->terms[1] = (hs_sc_term){1, {0, 0, 0, 0}, c1};
        break;
    case 1: /* a cube, as the gkr layers */
        c->n = 5, c->m = 3, c->n_terms = 2;
        c->terms[0] = (hs_sc_term){3, {0, 0, 0, 0}, c1};
        c->terms[1] = (hs_sc_term){2, {1, 2, 0, 0}, c3};
        break;
    case 2: /* degree 4 */
        c->n = 6, c->m = 4, c->n_terms = 3;
        c->terms[0] = (hs_sc_term){4, {0, 1, 2, 3}, c3};
        c->terms[1] = (hs_sc_term){2, {3, 3, 0, 0}, c1};
        c->terms[2] = (hs_sc_term){1, {2, 0, 0, 0}, c3};
        break;
    default: /* one variable */
        c->n = 1, c->m = 1, c->n_terms = 1;
        c->terms[0] = (hs_sc_term){1, {0, 0, 0, 0}, c1};
        break;
    }
}

static unsigned sc_degree(const sc_cfg *c) {
    unsigned d = 0;
    for (unsigned t = 0; t < c->n_terms; t++)
        if (c->terms[t].n_factors > d) d = c->terms[t].n_factors;
    return d + 1; /* the eq factor */
}

/* The fixed tables (m x 2^n) and the point z, sampled after the cfg byte. */
static void sc_setup(unsigned cfg, const sc_cfg *c, hs_kb *tabs, hs_transcript *t, hs_kb5 *z) {
    const size_t N = (size_t)1 << c->n;
    for (size_t i = 0; i < c->m * N; i++) tabs[i] = hs_kb_from_u32(hs_fuzz_word(6, cfg, i, HS_KB_P));
    const uint8_t b = (uint8_t)cfg;
    hs_transcript_init(t, "hashsnark fuzz sumcheck");
    hs_transcript_absorb(t, &b, 1);
    for (unsigned i = 0; i < c->n; i++) z[i] = hs_gkr_sample(t);
}

int hs_fuzz_sc_prove(unsigned cfg, hs_writer *w, const char **why) {
    sc_cfg c;
    cfg %= HS_FUZZ_SC_CONFIGS;
    sc_cfg_of(cfg, &c);
    hs_kb tabs[4 << 6];
    hs_kb5 z[8], claim, rho[8], fin[4];
    hs_transcript t;
    sc_setup(cfg, &c, tabs, &t, z);
    const hs_kb *tp[4];
    for (unsigned j = 0; j < c.m; j++) tp[j] = tabs + ((size_t)j << c.n);
    hs_sc_instance inst = {c.n, c.m, tp, c.n_terms, c.terms};
    hs_w_u8(w, (uint8_t)cfg);
    return hs_sc_prove(&inst, z, &t, w, 1, &claim, rho, fin, why) && !w->err;
}

int hs_fuzz_sc_verify(const uint8_t *data, size_t size, const char **why) {
    if (size < 1) return *why = "empty", 0;
    if (data[0] >= HS_FUZZ_SC_CONFIGS) return *why = "unknown configuration", 0; /* one encoding each */
    const unsigned cfg = data[0];
    sc_cfg c;
    sc_cfg_of(cfg, &c);
    hs_kb tabs[4 << 6];
    hs_kb5 z[8], rho[8], eq[1 << 6], vals[4], fin;
    hs_transcript t;
    sc_setup(cfg, &c, tabs, &t, z);
    /* the claim, from the tables the verifier holds */
    const size_t N = (size_t)1 << c.n;
    hs_mle_eq_table(eq, z, c.n, hs_kb5_one(), 1);
    hs_kb5 claim = hs_kb5_zero();
    for (size_t x = 0; x < N; x++) {
        for (unsigned j = 0; j < c.m; j++) vals[j] = (hs_kb5){{tabs[j * N + x], 0, 0, 0, 0}};
        claim = hs_kb5_add(claim, hs_kb5_mul(eq[x], hs_sc_terms_eval(c.terms, c.n_terms, vals)));
    }
    hs_reader r;
    hs_r_init(&r, data + 1, size - 1);
    if (!hs_sc_verify(&t, &r, c.n, sc_degree(&c), claim, rho, &fin)) return *why = r.err ? r.err : "sumcheck", 0;
    if (hs_r_left(&r)) return *why = "trailing bytes", 0;
    for (unsigned j = 0; j < c.m; j++) vals[j] = hs_mle_eval_base(tabs + j * N, c.n, rho, 1);
    if (!hs_kb5_eq(fin, hs_kb5_mul(hs_mle_eq(z, rho, c.n), hs_sc_terms_eval(c.terms, c.n_terms, vals))))
        return *why = "sumcheck: final claim", 0;
    return 1;
}

/* ---- FRI-Binius (commit/binfri.h, through the commitment interface commit/mlc.h) ---- */

/* n_vars, log_inv_rate, log_arity, queries, hash, cap height, ring switching (GF(2) values packed) */
static const unsigned binfri_cfgs[HS_FUZZ_BINFRI_CONFIGS][7] = {
    {3, 1, 1, 4, HS_MERKLE_KECCAK, 0, 0},
    {6, 2, 2, 6, HS_MERKLE_BLAKE3, 1, 0},
    {7, 1, 3, 5, HS_MERKLE_KECCAK, 2, 0},
    {4, 1, 2, 5, HS_MERKLE_BLAKE3, 1, 1},
};

static int binfri_setup(unsigned cfg, hs_binfri_params *p, hs_mlc *s, hs_transcript *t, const char **why) {
    const unsigned *c = binfri_cfgs[cfg];
    if (!hs_binfri_params_init(p, c[0], c[1], c[2], 96, c[3], (hs_merkle_hash)c[4], c[5], why)) return 0;
    *s = c[6] ? hs_ringsw_mlc(p) : hs_binfri_mlc(p);
    const uint8_t b = (uint8_t)cfg;
    hs_transcript_init(t, "hashsnark fuzz binfri");
    hs_transcript_absorb(t, &b, 1);
    s->ops->absorb_params(s, t);
    return 1;
}

int hs_fuzz_binfri_prove(unsigned cfg, hs_writer *w, const char **why) {
    hs_binfri_params p;
    hs_mlc s;
    hs_transcript t;
    cfg %= HS_FUZZ_BINFRI_CONFIGS;
    if (!binfri_setup(cfg, &p, &s, &t, why)) return 0;
    hs_gf128 f[1u << 7], pt[7 + HS_RINGSW_LOG_PACK], v;
    for (size_t i = 0; i < s.table_elems; i++)
        f[i] = (hs_gf128){(uint64_t)hs_fuzz_word(6, cfg, 4 * i, 0) << 32 | hs_fuzz_word(6, cfg, 4 * i + 1, 0),
                          (uint64_t)hs_fuzz_word(6, cfg, 4 * i + 2, 0) << 32 | hs_fuzz_word(6, cfg, 4 * i + 3, 0)};
    hs_w_u8(w, (uint8_t)cfg);
    void *wit = NULL;
    int ok = s.ops->commit(&s, &wit, f, &t, w, NULL, 1, why);
    if (ok) {
        for (unsigned i = 0; i < s.n_vars; i++) hs_transcript_sample(&t, s.field, &pt[i]);
        v = binfri_cfgs[cfg][6] ? hs_ringsw_eval(f, p.n_vars, pt) : hs_binfri_eval(f, s.n_vars, pt);
        hs_w_elems(w, s.field, &v, 1);
        ok = s.ops->open(&s, wit, pt, &v, &t, w, 1, why) && !w->err;
    }
    s.ops->free_witness(wit);
    return ok;
}

int hs_fuzz_binfri_verify(const uint8_t *data, size_t size, const char **why) {
    if (size < 1) return *why = "empty", 0;
    if (data[0] >= HS_FUZZ_BINFRI_CONFIGS) return *why = "unknown configuration", 0; /* one encoding each */
    hs_binfri_params p;
    hs_mlc s;
    hs_transcript t;
    if (!binfri_setup(data[0], &p, &s, &t, why)) return 0;
    hs_reader r;
    hs_r_init(&r, data + 1, size - 1);
    hs_mlc_commitment comm;
    if (!s.ops->read_commitment(&s, &t, &r, &comm, why)) return 0;
    hs_gf128 pt[7 + HS_RINGSW_LOG_PACK], v;
    for (unsigned i = 0; i < s.n_vars; i++) hs_transcript_sample(&t, s.field, &pt[i]);
    hs_r_elems(&r, s.field, &v, 1);
    if (r.err) return *why = "binfri: truncated value", 0;
    if (!s.ops->verify(&s, &comm, pt, &v, &t, &r, why)) return 0;
    if (hs_r_left(&r)) return *why = "trailing bytes", 0;
    return 1;
}
