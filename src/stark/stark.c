#include "stark/stark.h"

#include <stdlib.h>
#include <string.h>

#include "hash/blake3.h"
#include "proof/frame.h"
#include "stark/lde.h"
#include "stark/logup.h"
#include "util/bits.h"
#include "util/mem.h"
#include "util/timer.h"
#include "util/verify.h"

#define HS_PROOF_VERSION 3u
#define HS_BACKEND_STARK 1u
#define HS_STATEMENT_PRIVATE 0u
#define HS_STATEMENT_PUBLIC 1u
#define HEADER_BYTES 30
#define TRANSCRIPT_LABEL "hashsnark/stark/v2"

int hs_stark_air(const hs_stark_shape *s, hs_air *out) {
    const hs_air_def *def = hs_air_by_id(s->air_id);
    return def && def->init(out, s->log_v);
}

const char *hs_stark_air_name(unsigned air_id) {
    const hs_air_def *def = hs_air_by_id(air_id);
    return def ? def->name : "unknown";
}

/* The header is also the first thing the transcript absorbs: preset, parameters and shape bind
 * every challenge. */
static void write_header(hs_writer *w, const hs_stark_shape *s) {
    const hs_frame fr = {HS_PROOF_VERSION, HS_BACKEND_STARK, (uint8_t)s->preset->id, (uint8_t)s->air_id,
                         s->public_io ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE};
    hs_frame_write(w, &fr);
    hs_w_u8(w, (uint8_t)s->log_perms);
    hs_w_u8(w, (uint8_t)s->log_v);
    const hs_fri_params *f = &s->fri;
    hs_w_u8(w, (uint8_t)f->ext_degree);
    hs_w_u8(w, (uint8_t)f->log_blowup);
    hs_w_u8(w, (uint8_t)f->log_arity);
    hs_w_u8(w, (uint8_t)f->log_final_len);
    hs_w_u32(w, f->num_queries);
    hs_w_u8(w, (uint8_t)f->commit_pow_bits);
    hs_w_u8(w, (uint8_t)f->query_pow_bits);
    hs_w_u8(w, (uint8_t)f->hash);
    hs_w_u8(w, (uint8_t)f->cap_height);
}

/* ---- the shape ---- */

/* Everything both sides derive from the shape. */
typedef struct {
    hs_air air;
    unsigned log_h, d;
    size_t n;          /* rows */
    int natural;       /* row k at w_h^k (else at w_h^bitrev(k)) */
    unsigned degree;   /* of the whole identity, the public constraint included */
    unsigned chunks;   /* quotient chunks, degree - 1 */
    unsigned log_l;    /* the quotient domain has 2^log_l h points */
    unsigned n_per;    /* periodic polynomials: the AIR's, then (public, R > 1) R phase selectors */
    unsigned log_r;    /* the period R = 2^log_r */
    hs_kb per_coef[HS_AIR_MAX_PERIODIC + 64][64]; /* per_coef[c][i]: g_c(y) = sum_i c_i y^i, y = x^(h/R) */
    hs_kb g_n;         /* g^h */
    hs_logup_shape lu; /* the AIR's lookups (lu.n_lookups 0: none) */
    unsigned n_mats;   /* committed matrices: trace, [multiplicities, LogUp aux], quotient */
} ctx;

/* The periodic polynomial through vals[phase] at w_R^phase: coefficients by the inverse DFT of
 * size R (R <= 64, done once per proof). */
static void periodic_coeffs(const hs_kb *vals, unsigned log_r, hs_kb *coef) {
    const unsigned R = 1u << log_r;
    const hs_kb w_inv = hs_kb_inv(hs_kb_two_adic_root(log_r)), r_inv = hs_kb_inv(hs_kb_from_u32(R));
    hs_kb wi = HS_KB_ONE; /* w^-i */
    for (unsigned i = 0; i < R; i++, wi = hs_kb_mul(wi, w_inv)) {
        hs_kb acc = 0, x = HS_KB_ONE;
        for (unsigned ph = 0; ph < R; ph++, x = hs_kb_mul(x, wi)) acc = hs_kb_add(acc, hs_kb_mul(vals[ph], x));
        coef[i] = hs_kb_mul(acc, r_inv);
    }
}

static int setup(ctx *c, const hs_stark_shape *s, const char **why) {
    memset(c, 0, sizeof *c);
    if (!hs_stark_air(s, &c->air)) return *why = "unknown AIR or packing", 0;
    const hs_air *a = &c->air;
    int lr = hs_air_log_rows(a, s->log_perms);
    if (lr < 0 || lr > 24) return *why = "the trace height is out of range", 0;
    c->log_h = (unsigned)lr;
    c->n = (size_t)1 << c->log_h;
    c->d = s->fri.ext_degree;
    c->log_r = hs_ceil_log2(a->rows_per_inst);
    c->natural = a->uses_next || a->rows_per_inst > 1;
    const unsigned pub_deg = s->public_io ? (a->rows_per_inst > 1 ? 2 : 1) : 0;
    c->degree = a->degree > pub_deg ? a->degree : pub_deg;
    if (a->n_lookups && c->degree < 3) c->degree = 3; /* the LogUp pair constraints */
    if (c->degree < 2) c->degree = 2;
    c->chunks = c->degree - 1;
    c->log_l = hs_ceil_log2(c->chunks);
    if (c->log_l > s->fri.log_blowup) return *why = "the AIR's constraint degree needs a lower rate (raise log_blowup)", 0;
    if (a->n_periodic > HS_AIR_MAX_PERIODIC || c->log_r > 6) return *why = "bad AIR shape", 0;
    /* a bound piece is compared with the table mod p: a piece of 31 bits or more could stand for
     * two table values (w and w + p) unless the words themselves stay below p */
    for (size_t b = 0; b < a->n_binds; b++) {
        const hs_air_bind *bd = &a->binds[b];
        if (!bd->col_bits || bd->len % bd->col_bits || bd->shift + bd->len > 32 || bd->phase >= a->rows_per_inst ||
            (bd->col_bits > 30 && (!a->word_modulus || a->word_modulus > HS_KB_P)))
            return *why = "bad AIR binding", 0;
    }
    c->n_per = a->n_periodic + (s->public_io && a->rows_per_inst > 1 ? a->rows_per_inst : 0);
    for (unsigned p = 0; p < a->n_periodic; p++)
        periodic_coeffs(a->periodic_vals + (size_t)p * a->rows_per_inst, c->log_r, c->per_coef[p]);
    for (unsigned p = a->n_periodic; p < c->n_per; p++) {
        hs_kb sel[64] = {0};
        sel[p - a->n_periodic] = HS_KB_ONE;
        periodic_coeffs(sel, c->log_r, c->per_coef[p]);
    }
    c->g_n = hs_kb_exp(hs_kb_from_u32(HS_KB_GENERATOR), c->n);
    if (!hs_logup_shape_init(&c->lu, a, c->log_h, why)) return 0;
    c->n_mats = c->lu.n_lookups ? 4 : 2;
    return 1;
}

int hs_stark_make_shape(hs_stark_shape *s, const hs_preset *p, unsigned air_id, unsigned log_perms,
                        unsigned log_blowup, int public_io, const char **why) {
    memset(s, 0, sizeof *s);
    s->public_io = public_io;
    const hs_air_def *def = hs_air_by_id(air_id);
    if (!p) return *why = "unknown preset", 0;
    if (!def) return *why = "unknown AIR", 0;
    if (log_perms > 24) return *why = "log_perms out of range (at most 24)", 0;
    s->preset = p;
    s->air_id = air_id;
    s->log_perms = log_perms;
    unsigned lv = hs_preset_log_v(p) < def->max_log_v ? hs_preset_log_v(p) : def->max_log_v;
    s->log_v = lv < log_perms ? lv : log_perms;
    s->fri = hs_preset_fri(p, log_blowup);
    hs_air air;
    if (!def->init(&air, s->log_v)) return *why = "bad AIR shape", 0;
    int lr = hs_air_log_rows(&air, log_perms);
    if (lr < 0 || lr > 24) return *why = "the trace height is out of range (at most 2^24 rows)", 0;
    if (s->fri.log_final_len > (unsigned)lr) s->fri.log_final_len = (unsigned)lr;
    if (s->fri.log_blowup < 1) return *why = "the quotient needs log_blowup >= 1", 0;
    if (!hs_fri_params_check(&s->fri, (unsigned)lr, why)) return 0;
    ctx *c = malloc(sizeof *c);
    if (!c) return *why = hs_why_nomem, 0;
    int ok = setup(c, s, why);
    free(c);
    return ok;
}

static size_t bitrev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
}

static hs_kb eval_poly_base(const hs_kb *coef, unsigned len, hs_kb y) {
    hs_kb acc = 0;
    for (unsigned i = len; i-- > 0;) acc = hs_kb_add(hs_kb_mul(acc, y), coef[i]);
    return acc;
}

static hs_kbe eval_poly_ext(unsigned d, const hs_kb *coef, unsigned len, hs_kbe y) {
    hs_kbe acc = hs_kbe_zero();
    for (unsigned i = len; i-- > 0;) acc = hs_kbe_add_base(hs_kbe_mul(d, acc, y), coef[i]);
    return acc;
}

/* The periodic values on the quotient domain: they repeat with period L R in the natural index
 * j of g*K_{L h}, where y = x^(h/R) = g^(h/R) w_{L R}^j. tab[(j mod L R) * n_per + c]. */
static hs_kb *periodic_table(const ctx *c) {
    const unsigned R = 1u << c->log_r, LR = R << c->log_l;
    if (!c->n_per) return NULL;
    hs_kb *tab = malloc((size_t)LR * c->n_per * sizeof *tab);
    if (!tab) return NULL;
    const hs_kb base = hs_kb_exp(hs_kb_from_u32(HS_KB_GENERATOR), c->n >> c->log_r), w = hs_kb_two_adic_root(c->log_r + c->log_l);
    hs_kb y = base;
    for (unsigned j = 0; j < LR; j++, y = hs_kb_mul(y, w))
        for (unsigned p = 0; p < c->n_per; p++) tab[(size_t)j * c->n_per + p] = eval_poly_base(c->per_coef[p], R, y);
    return tab;
}

/* ---- public statements ---- */

/* One bound piece: trace column col (slot included) = bits [shift, shift + bits) of a table word,
 * with its own power of gamma in the combination. Each piece is compared on its own: a piece of
 * at most 30 bits (a bit, a 16-bit limb) is below p, so it cannot alias another value mod p; a
 * whole-word piece is allowed only for words below p (setup checks). */
typedef struct {
    size_t col;
    unsigned phase, io, word, shift, bits;
    unsigned slot;
    hs_kbe coef;
} bind_term;

static size_t count_terms(const hs_air *a) {
    size_t t = 0;
    for (size_t b = 0; b < a->n_binds; b++) t += (size_t)a->binds[b].count * (a->binds[b].len / a->binds[b].col_bits);
    return t * a->inst_per_row;
}

static bind_term *make_terms(const ctx *c, hs_kbe gamma, size_t *n_out) {
    const hs_air *a = &c->air;
    const size_t n = count_terms(a);
    bind_term *t = malloc((n ? n : 1) * sizeof *t);
    if (!t) return NULL;
    size_t k = 0;
    hs_kbe g = hs_kbe_one();
    for (unsigned v = 0; v < a->inst_per_row; v++)
        for (size_t b = 0; b < a->n_binds; b++) {
            const hs_air_bind *bd = &a->binds[b];
            for (unsigned i = 0; i < bd->count; i++)
                for (unsigned j = 0; j < (unsigned)(bd->len / bd->col_bits); j++, g = hs_kbe_mul(c->d, g, gamma))
                    t[k++] = (bind_term){.col = v * a->slot_stride + bd->col + (size_t)i * bd->word_step + (size_t)j * bd->col_step,
                                         .phase = bd->phase,
                                         .io = bd->io,
                                         .word = bd->word + i,
                                         .shift = bd->shift + j * bd->col_bits,
                                         .bits = bd->col_bits,
                                         .slot = v,
                                         .coef = g};
        }
    *n_out = k;
    return t;
}

/* The table's combination for row k (its phase's terms only). */
static hs_kbe table_row(const ctx *c, const bind_term *t, size_t nt, const uint32_t *in, const uint32_t *out, size_t k) {
    const hs_air *a = &c->air;
    const unsigned R = a->rows_per_inst, phase = (unsigned)(k % R);
    const size_t inst0 = (k / R) * a->inst_per_row;
    hs_kbe acc = hs_kbe_zero();
    for (size_t i = 0; i < nt; i++) {
        if (t[i].phase != phase) continue;
        const uint32_t *line = t[i].io ? out + (inst0 + t[i].slot) * a->out_words : in + (inst0 + t[i].slot) * a->in_words;
        uint64_t wv = line[t[i].word] >> t[i].shift;
        if (t[i].bits < 32) wv &= ((uint64_t)1 << t[i].bits) - 1;
        acc = hs_kbe_add(acc, hs_kbe_mul_base(t[i].coef, hs_kb_from_u32((uint32_t)(wv % HS_KB_P))));
    }
    return acc;
}

/* The trace side for one base row: sum over phases of sel_phase * (its terms); sel is NULL when
 * R = 1 (every term counts). Computed as sum_i coef_i (sel_phase(i) row[col_i]): one base product
 * a term, then its d coordinates summed lazily in 64 bits (each sum kept below p 2^32, one REDC a
 * coordinate at the end): the same field value as multiplying out each phase's sum, for a tenth
 * of the reduced products where an AIR binds many pieces over many phases (the quotient evaluates
 * this at every point of its domain). */
static hs_kbe trace_row(const ctx *c, const bind_term *t, size_t nt, const hs_kb *row, const hs_kb *sel) {
    const unsigned d = c->d;
    const uint64_t M = (uint64_t)HS_KB_P << 32;
    uint64_t acc[HS_KBE_MAX] = {0};
    for (size_t i = 0; i < nt; i++) {
        const hs_kb v = sel ? hs_kb_mul(sel[t[i].phase], row[t[i].col]) : row[t[i].col];
        for (unsigned u = 0; u < d; u++) {
            const uint64_t x = acc[u] + (uint64_t)t[i].coef.c[u] * v;
            acc[u] = x >= M ? x - M : x;
        }
    }
    hs_kbe r = hs_kbe_zero();
    for (unsigned u = 0; u < d; u++) r.c[u] = hs_kb_redc(acc[u]);
    return r;
}

static hs_kbe trace_row_ext(const ctx *c, const bind_term *t, size_t nt, const hs_kbe *row, const hs_kbe *sel) {
    const unsigned d = c->d, R = c->air.rows_per_inst;
    hs_kbe ph[64], acc = hs_kbe_zero();
    for (unsigned p = 0; p < R; p++) ph[p] = hs_kbe_zero();
    for (size_t i = 0; i < nt; i++) ph[t[i].phase] = hs_kbe_add(ph[t[i].phase], hs_kbe_mul(d, t[i].coef, row[t[i].col]));
    for (unsigned p = 0; p < R; p++) acc = hs_kbe_add(acc, sel ? hs_kbe_mul(d, ph[p], sel[p]) : ph[p]);
    return acc;
}

/* P(zeta) for the table interpolated over H (row k at w_h^k, or w_h^bitrev(k)):
 * P(zeta) = (zeta^h - 1)/h * sum_k P_k x_k / (zeta - x_k). 0 on out of memory. */
static int table_at(const ctx *c, const bind_term *t, size_t nt, const uint32_t *in, const uint32_t *out, hs_kbe zeta,
                    hs_kbe *res) {
    const size_t n = c->n;
    const unsigned d = c->d;
    hs_kbe *lw = malloc(n * sizeof *lw); /* L_k(zeta), k the power of w_h at row r */
    if (!lw || !hs_kbe_lagrange_at(d, zeta, c->log_h, lw)) {
        free(lw);
        return 0;
    }
    hs_kbe acc = hs_kbe_zero();
    for (size_t r = 0; r < n; r++)
        acc = hs_kbe_add(acc, hs_kbe_mul(d, table_row(c, t, nt, in, out, r), lw[c->natural ? r : bitrev(r, c->log_h)]));
    *res = acc;
    free(lw);
    return 1;
}

/* BLAKE3 of the public tables (inputs then outputs, each word 4 little-endian bytes). */
static void table_digest(const uint32_t *in, size_t n_in, const uint32_t *out, size_t n_out, hs_digest *dg) {
    hs_blake3_hasher h;
    uint8_t buf[1024];
    hs_blake3_init(&h);
    for (int t = 0; t < 2; t++) {
        const uint32_t *v = t ? out : in;
        size_t m = t ? n_out : n_in;
        for (size_t i = 0; i < m;) {
            size_t k = 0;
            for (; k < sizeof buf / 4 && i < m; k++, i++)
                buf[4 * k] = (uint8_t)v[i], buf[4 * k + 1] = (uint8_t)(v[i] >> 8), buf[4 * k + 2] = (uint8_t)(v[i] >> 16),
                buf[4 * k + 3] = (uint8_t)(v[i] >> 24);
            hs_blake3_update(&h, buf, 4 * k);
        }
    }
    hs_blake3_finalize(&h, dg->b);
}

/* Q(zeta) from the quotient matrix's opened values: chunk t's d coordinates are columns
 * t d .. t d + d - 1; Q(zeta) = sum_t zeta^(t h) q_t(zeta). */
static hs_kbe quotient_at(const ctx *c, const hs_kbe *v, hs_kbe zeta) {
    const unsigned d = c->d;
    const hs_kbe zn = hs_kbe_exp(d, zeta, c->n);
    hs_kbe acc = hs_kbe_zero(), zt = hs_kbe_one();
    for (unsigned t = 0; t < c->chunks; t++, zt = hs_kbe_mul(d, zt, zn)) {
        hs_kbe q = hs_kbe_zero();
        for (unsigned u = 0; u < d; u++) {
            hs_kbe xu = hs_kbe_zero();
            xu.c[u] = HS_KB_ONE;
            q = hs_kbe_add(q, hs_kbe_mul(d, xu, v[t * d + u]));
        }
        acc = hs_kbe_add(acc, hs_kbe_mul(d, zt, q));
    }
    return acc;
}

/* Verifier, a trace taller than the table's N instances (air.h min_log_rows): the table padded
 * with the zero line and its output, which one row of the AIR's trace computes. Sets nothing
 * (and returns 1) when the trace holds exactly N instances; 0 on out of memory. */
static int pad_table(const ctx *c, size_t N, const uint32_t *in, const uint32_t *out, uint32_t **pin, uint32_t **pout) {
    const hs_air *a = &c->air;
    const size_t NP = c->n * a->inst_per_row / a->rows_per_inst, wi = a->in_words, wo = a->out_words;
    *pin = *pout = NULL;
    if (NP <= N) return 1;
    *pin = hs_alloc_array(NP, wi * sizeof **pin);
    *pout = hs_alloc_array(NP, wo * sizeof **pout);
    hs_kb *row = hs_alloc_array(a->width, sizeof *row);
    int ok = *pin && *pout && row;
    if (ok) {
        memset(*pin, 0, NP * wi * sizeof **pin);
        memcpy(*pin, in, N * wi * sizeof **pin);
        memcpy(*pout, out, N * wo * sizeof **pout);
        ok = a->ops->trace(a, *pin + N * wi, 1, row, *pout + N * wo, 1);
        for (size_t k = N + 1; ok && k < NP; k++) memcpy(*pout + k * wo, *pout + N * wo, wo * sizeof **pout);
    }
    hs_free(row);
    return ok;
}

/* ---- the LogUp phase (src/stark/logup.h): a second trace phase for AIRs with lookups ---- */

/* Prover, after the trace commitment: commits the multiplicities as mats[1], samples beta and
 * gamma, commits the aux matrix as mats[2]; the witness is freed. */
static int logup_prove_commit(const ctx *c, const hs_fri_params *fp, const hs_ntt_plan *plan, hs_logup_witness *lw,
                              hs_transcript *tr, hs_writer *out, hs_pcs_matrix **mats, hs_kbe *beta, hs_kbe *gamma,
                              unsigned threads, const char **why) {
    const hs_logup_shape *lu = &c->lu;
    const size_t rows = c->n << fp->log_blowup, M = lu->n_mult, AW = lu->aux_ext * c->d;
    *why = hs_why_nomem;
    hs_kb *buf = hs_alloc_array(rows, M * sizeof *buf);
    if (!buf) return 0;
    hs_logup_mult_matrix(lu, lw, buf);
    if (!hs_pcs_commit_owned(&mats[1], fp, plan, buf, c->log_h, M, 0, threads)) return 0;
    hs_transcript_absorb_digests(tr, hs_pcs_cap(mats[1]), hs_pcs_cap_len(mats[1]));
    hs_w_digests(out, hs_pcs_cap(mats[1]), hs_pcs_cap_len(mats[1]));
    *beta = hs_pcs_sample(tr, c->d);
    *gamma = hs_pcs_sample(tr, c->d);
    if (!(buf = hs_alloc_array(rows, AW * sizeof *buf))) return 0;
    if (!hs_logup_aux_matrix(lu, lw, c->d, *beta, *gamma, buf, threads, why)) return hs_free(buf), 0;
    *why = hs_why_nomem;
    if (!hs_pcs_commit_owned(&mats[2], fp, plan, buf, c->log_h, AW, 0, threads)) return 0;
    hs_transcript_absorb_digests(tr, hs_pcs_cap(mats[2]), hs_pcs_cap_len(mats[2]));
    hs_w_digests(out, hs_pcs_cap(mats[2]), hs_pcs_cap_len(mats[2]));
    *why = NULL;
    return 1;
}

/* alpha^first .. alpha^(first + count - 1): the powers the LogUp constraints take. */
static void logup_powers(unsigned d, hs_kbe alpha, size_t first, size_t count, hs_kbe *pow) {
    hs_kbe x = hs_kbe_exp(d, alpha, first);
    for (size_t k = 0; k < count; k++, x = hs_kbe_mul(d, x, alpha)) pow[k] = x;
}

/* Verifier: the LogUp constraints' combination at zeta. vals: the trace's opened values at zeta;
 * mult: the multiplicities' at zeta; aux: the aux matrix's at zeta, then at zeta w_h. 0 on out of
 * memory. */
static int logup_verify_at(const ctx *c, hs_kbe beta, hs_kbe gamma, hs_kbe alpha, size_t first, hs_kbe zeta,
                           const hs_kbe *vals, const hs_kbe *mult, const hs_kbe *aux, hs_kbe *res) {
    const hs_logup_shape *lu = &c->lu;
    const unsigned d = c->d;
    const size_t AW = lu->aux_ext * d;
    hs_kbe *look = malloc(3 * lu->n_lookups * sizeof *look), *tab = malloc(3 * (size_t)lu->n_mult * sizeof *tab);
    hs_kbe *pow = malloc(lu->aux_ext * sizeof *pow);
    void *scr = malloc(hs_logup_scratch_bytes(lu));
    int ok = look && tab && pow && scr && hs_logup_tables_at(lu, d, zeta, tab);
    if (ok) {
        hs_logup_eval e;
        logup_powers(d, alpha, first, lu->aux_ext, pow);
        hs_logup_eval_init(&e, lu, d, beta, gamma, pow);
        c->air.ops->lookup_ext(&c->air, d, vals, look);
        *res = hs_logup_eval_ext(&e, look, mult, tab, aux, aux + AW, scr);
    }
    free(look), free(tab), free(pow), free(scr);
    return ok;
}

/* ---- the quotient, one block of the trace's LDE at a time ---- */

typedef struct {
    const ctx *c;
    unsigned log_q;
    size_t nq;
    const hs_kb *pow, *ptab, *pl; /* alpha powers; periodic table; the public table's P on the domain */
    const bind_term *terms;
    size_t nt;
    hs_kbe alpha_k;
    hs_kb zh_inv[8];
    hs_kb *qm; /* nq values of d words */
    unsigned threads;
    const hs_logup_eval *le;          /* NULL: the AIR has no lookups */
    const hs_kb *mlde, *alde, *ltab; /* the multiplicities' and aux matrix's LDEs, the tables on the domain */
} quot_job;

/* Q on the quotient domain's rows [row0, row0 + nrows), which blk holds (row i at
 * blk + (i - row0) W): a whole block of h rows, so that every row's next row (x -> w_h x) is
 * there too, or the whole domain. 0 on out of memory. */
static int quotient_rows(const quot_job *J, const hs_kb *blk, size_t row0, size_t nrows) {
    const ctx *c = J->c;
    const hs_air *air = &c->air;
    const unsigned d = c->d, log_q = J->log_q;
    const size_t nq = J->nq, W = air->width;
    const size_t groups = (nrows + 15) / 16; /* a last short group repeats row row0 in its unused lanes */
    const unsigned LR = (1u << c->log_r) << c->log_l, n_air_per = air->n_periodic, L = 1u << c->log_l;
    const hs_logup_shape *lu = &c->lu;
    const int has_lu = J->le != NULL;
    const size_t LM = lu->n_mult, LAW = lu->aux_ext * d;
    int scratch_ok = 1;
#pragma omp parallel num_threads(J->threads > 1 ? J->threads : 1)
    {
        size_t sb = air->ops->rows8_scratch_bytes ? air->ops->rows8_scratch_bytes(air) : 0;
        void *scratch = sb ? hs_alloc_array(1, sb) : NULL;
        hs_kb *lvals = has_lu ? hs_alloc_array(8 * 3 * lu->n_lookups, sizeof *lvals) : NULL;
        void *lscr = has_lu ? hs_alloc_array(1, hs_logup_scratch8_bytes(lu)) : NULL;
        const int thread_ok = !(sb && !scratch) && !(has_lu && (!lvals || !lscr));
        const int look8 = has_lu && air->lookup_rows8 && scratch; /* it reads the rows through scratch */
        if (!thread_ok) {
#pragma omp atomic write
            scratch_ok = 0;
        }
#pragma omp for schedule(static)
        for (size_t g = 0; g < groups; g++) {
            hs_kbe cv[16];
            const hs_kb *loc[16], *nxt[16];
            hs_kb per16[HS_AIR_MAX_PERIODIC * 16];
            size_t jn[16], ix[16];
            if (!thread_ok) continue;
            for (unsigned j = 0; j < 16; j++) {
                size_t i = g * 16 + j < nrows ? row0 + g * 16 + j : row0;
                ix[j] = i;
                jn[j] = bitrev(i, log_q);
                loc[j] = blk + (i - row0) * W;
                nxt[j] = air->uses_next ? blk + (bitrev((jn[j] + L) & (nq - 1), log_q) - row0) * W : NULL;
                for (unsigned p = 0; p < n_air_per; p++) per16[p * 16 + j] = J->ptab[(jn[j] % LR) * c->n_per + p];
            }
            hs_air_eval_rows16(air, d, loc, nxt, per16, J->pow, scratch, cv);
            for (unsigned h = 0; has_lu && h < 2; h++) { /* the LogUp constraints at x and w_h x, 8 points at a time */
                const hs_kb *lk[8], *mu[8], *tb[8], *ax[8], *an[8];
                hs_kbe lv[8];
                for (unsigned j = 0; j < 8; j++) {
                    const unsigned jj = 8 * h + j;
                    const size_t i = ix[jj], in = bitrev((jn[jj] + L) & (nq - 1), log_q);
                    if (!look8) air->ops->lookup_row(air, loc[jj], lvals + j * 3 * lu->n_lookups);
                    lk[j] = lvals + j * 3 * lu->n_lookups;
                    mu[j] = J->mlde + i * LM, tb[j] = J->ltab + i * 3 * LM, ax[j] = J->alde + i * LAW,
                    an[j] = J->alde + in * LAW;
                }
                if (look8) { /* the tuples of the 8 rows packed, as the evaluator reads them */
                    air->lookup_rows8(air, loc + 8 * h, scratch, lvals);
                    hs_logup_eval_points8_packed(J->le, lvals, mu, tb, ax, an, lscr, lv);
                } else {
                    hs_logup_eval_points8(J->le, lk, mu, tb, ax, an, lscr, lv);
                }
                for (unsigned j = 0; j < 8; j++) cv[8 * h + j] = hs_kbe_add(cv[8 * h + j], lv[j]);
            }
            for (unsigned j = 0; j < 16 && g * 16 + j < nrows; j++) {
                size_t i = row0 + g * 16 + j;
                if (J->pl) { /* public: alpha^K (T(x) - P(x)) */
                    hs_kbe p = hs_kbe_zero();
                    memcpy(p.c, J->pl + i * d, d * sizeof *J->pl);
                    const hs_kb *sel = c->n_per > n_air_per ? J->ptab + (jn[j] % LR) * c->n_per + n_air_per : NULL;
                    hs_kbe tp = hs_kbe_sub(trace_row(c, J->terms, J->nt, loc[j], sel), p);
                    cv[j] = hs_kbe_add(cv[j], hs_kbe_mul(d, J->alpha_k, tp));
                }
                hs_kbe q = hs_kbe_mul_base(cv[j], J->zh_inv[jn[j] & (L - 1)]);
                memcpy(J->qm + i * d, q.c, d * sizeof *J->qm);
            }
        }
        hs_free(scratch);
        hs_free(lvals), hs_free(lscr);
    }
    return scratch_ok;
}

/* ---- the prover ---- */

static int prove_impl(const hs_stark_shape *shape_in, const uint32_t *inputs, const void *witness, unsigned threads,
                      hs_writer *out, uint32_t *outputs, hs_stark_timing *tm, const hs_phase_hook *hook,
                      const char **why);

int hs_stark_prove(const hs_stark_shape *shape_in, const uint32_t *inputs, unsigned threads, hs_writer *out,
                   uint32_t *outputs, hs_stark_timing *tm, const char **why) {
    return prove_impl(shape_in, inputs, NULL, threads, out, outputs, tm, NULL, why);
}

int hs_stark_prove_hooked(const hs_stark_shape *shape_in, const uint32_t *inputs, unsigned threads, hs_writer *out,
                          uint32_t *outputs, hs_stark_timing *tm, const hs_phase_hook *hook, const char **why) {
    return prove_impl(shape_in, inputs, NULL, threads, out, outputs, tm, hook, why);
}

int hs_stark_prove_witness(const hs_stark_shape *shape_in, const uint32_t *inputs, const void *witness,
                           unsigned threads, hs_writer *out, uint32_t *outputs, hs_stark_timing *tm,
                           const char **why) {
    return prove_impl(shape_in, inputs, witness, threads, out, outputs, tm, NULL, why);
}

/* The phases as the hook names them (the order of hs_stark_timing; lookups only with LogUp, ending
 * with their second part, after the trace's commitment). */
static int prove_impl(const hs_stark_shape *shape_in, const uint32_t *inputs, const void *witness, unsigned threads,
                      hs_writer *out, uint32_t *outputs, hs_stark_timing *tm, const hs_phase_hook *hook,
                      const char **why) {
    uint32_t *owned_inputs = shape_in->release_inputs ? (uint32_t *)(uintptr_t)inputs : NULL;
    hs_stark_shape shape;
    hs_stark_timing tdummy;
    if (!tm) tm = &tdummy;
    memset(tm, 0, sizeof *tm);
    double t0 = hs_now(), t;
    if (!hs_stark_make_shape(&shape, shape_in->preset, shape_in->air_id, shape_in->log_perms, shape_in->fri.log_blowup,
                             shape_in->public_io, why))
        return hs_free(owned_inputs), 0;
    ctx *cp = malloc(sizeof *cp);
    if (!cp) return *why = hs_why_nomem, hs_free(owned_inputs), 0;
    if (!setup(cp, &shape, why)) return free(cp), hs_free(owned_inputs), 0;
    cp->air.witness = witness; /* what a statement's trace reads besides its lines */
    const ctx *c = cp;
    const hs_air *air = &c->air;
    const hs_fri_params *fp = &shape.fri;
    const unsigned d = c->d, log_h = c->log_h, log_q = log_h + c->log_l;
    const size_t n = c->n, W = air->width, N = (size_t)1 << shape.log_perms, nq = (size_t)1 << log_q;
    int ok = 0;
    hs_ntt_plan plan = {0};
    hs_kb *trace = NULL, *pow = NULL, *qm = NULL, *q2 = NULL, *pm = NULL, *pl = NULL, *ptab = NULL;
    uint32_t *outs = NULL;
    bind_term *terms = NULL;
    size_t nt = 0;
    hs_pcs_matrix *mats[4] = {NULL, NULL, NULL, NULL};
    hs_pcs_proof *pcs = NULL;
    hs_kbe *vals = NULL;
    /* LogUp (AIRs with lookups) */
    const hs_logup_shape *lu = &c->lu;
    const int has_lu = lu->n_lookups != 0;
    const unsigned n_phases = has_lu ? 6 : 5;
    unsigned phase = 0;
    const unsigned qmat = c->n_mats - 1;
    hs_logup_witness *lw = NULL;
    hs_kb *ltab = NULL;
    hs_kbe *lpow = NULL, lbeta = hs_kbe_zero(), lgamma = hs_kbe_zero();
    *why = hs_why_nomem;
    if (!hs_ntt_plan_init(&plan, log_h + fp->log_blowup)) goto done;
    t = hs_now(), tm->setup_s = t - t0, t0 = t;

    hs_transcript tr;
    hs_writer hdr = {0};
    write_header(&hdr, &shape);
    if (hdr.err) goto done;
    hs_transcript_init(&tr, TRANSCRIPT_LABEL);
    hs_transcript_absorb(&tr, hdr.data, hdr.len);
    hs_w_bytes(out, hdr.data, hdr.len);
    hs_w_free(&hdr);

    /* trace, generated straight into the buffer its LDE will fill (no copy, no second matrix),
     * and in the row order the LDE reads (bit-reversed) where the AIR can write it so: a trace in
     * natural order costs a bit-reversal pass over the whole matrix before the LDE */
    const int rev_trace = c->natural && air->ops->trace_bitrev;
    const int cosets = hs_stark_lde_cosets(shape_in->lde_mode, log_h, W, fp->log_blowup);
    trace = hs_alloc_array(cosets ? n : n << fp->log_blowup, W * sizeof *trace);
    /* a trace taller than N instances (air.h min_log_rows) holds padding instances of the zero line */
    const size_t NP = n * air->inst_per_row / air->rows_per_inst;
    if (NP > N) {
        uint32_t *pin = hs_alloc_array(NP, air->in_words * sizeof *pin);
        if (!pin) goto done;
        memset(pin, 0, NP * air->in_words * sizeof *pin);
        memcpy(pin, inputs, N * air->in_words * sizeof *pin);
        hs_free(owned_inputs);
        inputs = owned_inputs = pin;
    }
    /* outputs only where someone reads them: the caller, or the public table */
    const uint32_t *outs_c = outputs;
    if ((!outputs && shape.public_io) || NP > N) outs_c = outs = hs_alloc_array(NP, air->out_words * sizeof *outs);
    if (!trace || ((shape.public_io || NP > N) && !outs_c) ||
        !(rev_trace ? air->ops->trace_bitrev : air->ops->trace)(air, inputs, NP, trace, outs ? outs : outputs, threads))
        goto done;
    if (outputs && outs) memcpy(outputs, outs, N * air->out_words * sizeof *outputs);
    if (shape.public_io) {
        hs_digest dg;
        table_digest(inputs, N * air->in_words, outs_c, N * air->out_words, &dg);
        hs_transcript_absorb_digests(&tr, &dg, 1);
    }
    if (!shape.public_io && owned_inputs) hs_free(owned_inputs), owned_inputs = NULL, inputs = NULL;
    if (HS_TEST_HOOK(shape_in->corrupt_cell) && shape_in->corrupt_cell <= n * W) { /* cell index in natural row order */
        const size_t row = (shape_in->corrupt_cell - 1) / W, col = (shape_in->corrupt_cell - 1) % W;
        hs_kb *cell = trace + (rev_trace ? bitrev(row, log_h) : row) * W + col;
        *cell = hs_kb_add(*cell, HS_KB_ONE);
    }
    t = hs_now(), tm->trace_s = t - t0, t0 = t;
    hs_phase_end(hook, "trace", ++phase, n_phases);
    hs_phase_begin(hook, "commit (LDE + Merkle)", phase + 1, n_phases);

    /* the lookups' table entries and multiplicities, read before the LDE overwrites the trace */
    if (has_lu) {
        if (!(lw = hs_logup_collect(lu, air, trace, W, !c->natural || rev_trace, threads))) goto done;
#ifdef HS_TESTING
        if (shape_in->corrupt_mult) hs_logup_corrupt_mult(lw, (uint32_t)(shape_in->corrupt_mult - 1));
#endif
        t = hs_now(), tm->lookup_s = t - t0, t0 = t;
    }

    /* commit: the matrix takes the buffer and extends it in place */
    {
        hs_kb *buf = trace;
        trace = NULL;
        const int in_bitrev = !c->natural || rev_trace;
        if (!(cosets ? hs_pcs_commit_cosets_owned(&mats[0], fp, &plan, buf, log_h, W, in_bitrev,
                                                     hs_stark_lde_spare(log_h, W), threads)
                  : hs_pcs_commit_owned(&mats[0], fp, &plan, buf, log_h, W, in_bitrev, threads)))
            goto done;
    }
    hs_transcript_absorb_digests(&tr, hs_pcs_cap(mats[0]), hs_pcs_cap_len(mats[0]));
    hs_w_digests(out, hs_pcs_cap(mats[0]), hs_pcs_cap_len(mats[0]));
    t = hs_now(), tm->commit_s = t - t0, t0 = t;
    hs_phase_end(hook, "commit (LDE + Merkle)", ++phase, n_phases);
    hs_phase_begin(hook, has_lu ? "lookups (LogUp)" : "quotient", phase + 1, n_phases);

    if (has_lu) {
        int lok = logup_prove_commit(c, fp, &plan, lw, &tr, out, mats, &lbeta, &lgamma, threads, why);
        hs_logup_witness_free(lw), lw = NULL;
        if (!lok) goto done;
        /* the table columns on the quotient domain */
        hs_kb *tn = hs_logup_table_matrix(lu);
        ltab = tn ? hs_alloc_array(nq, 3 * (size_t)lu->n_mult * sizeof *ltab) : NULL;
        int tok = ltab && hs_ntt_lde(&plan, tn, ltab, log_h, 3 * (size_t)lu->n_mult, c->log_l, 0, threads);
        hs_free(tn);
        *why = hs_why_nomem;
        if (!tok) goto done;
        t = hs_now(), tm->lookup_s += t - t0, t0 = t;
        hs_phase_end(hook, "lookups (LogUp)", ++phase, n_phases);
        hs_phase_begin(hook, "quotient", phase + 1, n_phases);
    }

    /* quotient on g*K_{L h} = the first L h extended rows */
    hs_kbe alpha = hs_pcs_sample(&tr, d);
    pow = hs_alloc_array(air->n_constraints, d * sizeof *pow);
    qm = hs_alloc_array(nq, d * sizeof *qm);
    if (!pow || !qm) goto done;
    hs_air_alpha_powers(d, alpha, air->n_constraints, pow);
    if (c->n_per && !(ptab = periodic_table(c))) goto done;
    if (shape.public_io) {
        /* the table's combination P on H (the trace's row order), extended to g*K_{L h} */
        hs_kbe gamma = hs_pcs_sample(&tr, d);
        pm = hs_alloc_array(n, d * sizeof *pm);
        pl = hs_alloc_array(nq, d * sizeof *pl);
        if (!pm || !pl || !(terms = make_terms(c, gamma, &nt))) goto done;
        for (size_t r = 0; r < n; r++) {
            hs_kbe p = table_row(c, terms, nt, inputs, outs_c, r);
            memcpy(pm + r * d, p.c, d * sizeof *pm);
        }
        if (!hs_ntt_lde(&plan, pm, pl, log_h, d, c->log_l, !c->natural, threads)) goto done;
        hs_free(pm), pm = NULL;
        hs_free(outs), outs = NULL;
        if (owned_inputs) hs_free(owned_inputs), owned_inputs = NULL, inputs = NULL;
    }
    const hs_kbe alpha_k = hs_kbe_exp(d, alpha, air->n_constraints);
    hs_logup_eval le;
    if (has_lu) {
        if (!(lpow = hs_alloc_array(lu->aux_ext, sizeof *lpow))) goto done;
        logup_powers(d, alpha, air->n_constraints + (shape.public_io ? 1 : 0), lu->aux_ext, lpow);
        hs_logup_eval_init(&le, lu, d, lbeta, lgamma, lpow);
    }
    const size_t LM = lu->n_mult, LAW = lu->aux_ext * d;
    quot_job J = {c, log_q, nq, pow, ptab, pl, terms, nt, alpha_k, {0}, qm, threads, has_lu ? &le : NULL,
                  has_lu ? hs_pcs_lde(mats[1]) : NULL, has_lu ? hs_pcs_lde(mats[2]) : NULL, ltab};
    {
        const hs_kb wl = hs_kb_two_adic_root(c->log_l);
        hs_kb x = c->g_n;
        for (unsigned j = 0; j < (1u << c->log_l); j++, x = hs_kb_mul(x, wl)) J.zh_inv[j] = hs_kb_inv(hs_kb_sub(x, HS_KB_ONE));
    }
    /* block by block, the last first: a coset matrix then ends holding block 0, which the
     * opening reads (for a whole LDE the blocks are simply its row ranges) */
    for (size_t q = (size_t)1 << c->log_l; q-- > 0;) {
        const hs_kb *blk = hs_pcs_block(mats[0], &plan, q, threads);
        if (!blk || !quotient_rows(&J, blk, q * n, n)) goto done;
        hs_phase_progress(1.0 - (double)q / (double)((size_t)1 << c->log_l));
    }
    hs_free(ltab), ltab = NULL;
    hs_free(pow), pow = NULL;
    hs_free(pl), pl = NULL;
    t = hs_now(), tm->quotient_s = t - t0, t0 = t;
    hs_phase_end(hook, "quotient", ++phase, n_phases);
    hs_phase_begin(hook, "quotient commit", phase + 1, n_phases);

    /* coefficients of Q, cut into chunks of h coefficients: a matrix of coefficients, committed as such */
    if (!hs_ntt_coset_idit(&plan, qm, log_q, d, hs_kb_from_u32(HS_KB_GENERATOR), threads)) goto done;
    const size_t qw = (size_t)c->chunks * d;
    q2 = hs_alloc_array(n << fp->log_blowup, qw * sizeof *q2); /* room for its LDE */
    if (!q2) goto done;
    for (size_t j = 0; j < n; j++)
        for (unsigned ch = 0; ch < c->chunks; ch++) memcpy(q2 + j * qw + ch * d, qm + (ch * n + j) * d, d * sizeof *q2);
    hs_free(qm), qm = NULL;
    {
        hs_kb *buf = q2;
        q2 = NULL;
        if (!hs_pcs_commit_coeffs_owned(&mats[qmat], fp, &plan, buf, log_h, qw, threads)) goto done;
    }
    hs_transcript_absorb_digests(&tr, hs_pcs_cap(mats[qmat]), hs_pcs_cap_len(mats[qmat]));
    hs_w_digests(out, hs_pcs_cap(mats[qmat]), hs_pcs_cap_len(mats[qmat]));
    t = hs_now(), tm->quotient_commit_s = t - t0, t0 = t;
    hs_phase_end(hook, "quotient commit", ++phase, n_phases);
    hs_phase_begin(hook, "open (DEEP + FRI + queries)", phase + 1, n_phases);

    /* open: the trace at zeta (and zeta w_h), [the multiplicities at zeta, the LogUp aux matrix
     * at zeta and zeta w_h,] the quotient at zeta */
    hs_kbe zeta = hs_pcs_sample(&tr, d);
    const unsigned tp = air->uses_next ? 2 : 1;
    const size_t nv = tp * W + (has_lu ? LM + 2 * LAW : 0) + qw;
    vals = hs_alloc_array(nv, sizeof *vals);
    if (!vals) goto done;
    hs_kbe zw = hs_kbe_mul_base(zeta, hs_kb_two_adic_root(log_h));
    hs_pcs_claim cl[4] = {{log_h, W, NULL, tp, {zeta, air->uses_next ? zw : hs_kbe_zero()}, vals},
                          {log_h, LM, NULL, 1, {zeta, hs_kbe_zero()}, vals + tp * W},
                          {log_h, LAW, NULL, 2, {zeta, zw}, vals + tp * W + LM},
                          {log_h, qw, NULL, 1, {zeta, hs_kbe_zero()}, vals + nv - qw}};
    if (!has_lu) cl[1] = cl[3];
    if (!hs_pcs_open(fp, &plan, &tr, mats, cl, c->n_mats, &pcs, threads)) goto done;
    hs_w_elems(out, hs_field_kbe(d), vals, nv);
    hs_pcs_proof_write(out, fp, pcs);
    t = hs_now(), tm->open_s = t - t0;
    tm->total_s = tm->trace_s + tm->commit_s + tm->lookup_s + tm->quotient_s + tm->quotient_commit_s + tm->open_s;
    ok = !out->err;
    if (ok) hs_phase_end(hook, "open (DEEP + FRI + queries)", ++phase, n_phases);
    *why = ok ? NULL : hs_why_nomem;
done:
    hs_phase_stop(); /* a failed proof leaves no running phase behind */
    hs_free(owned_inputs);
    hs_pcs_proof_free(pcs);
    for (unsigned m = 0; m < 4; m++) hs_pcs_matrix_free(mats[m]);
    hs_logup_witness_free(lw);
    hs_free(ltab), hs_free(lpow);
    hs_free(trace), hs_free(pow), hs_free(qm), hs_free(q2), hs_free(vals), hs_free(outs), hs_free(pm), hs_free(pl);
    free(ptab), free(terms);
    hs_ntt_plan_free(&plan);
    free(cp);
    return ok;
}

/* ---- the verifier ---- */

static int parse_header(hs_reader *r, hs_stark_shape *s, const char **why) {
    hs_frame fr;
    if (!hs_frame_read(r, &fr, why)) return 0;
    const uint32_t version = fr.version;
    const unsigned backend = fr.backend, preset_id = fr.preset, air_id = fr.hash, statement = fr.statement;
    unsigned log_perms = hs_r_u8(r), log_v = hs_r_u8(r);
    hs_fri_params f;
    f.ext_degree = hs_r_u8(r);
    f.log_blowup = hs_r_u8(r);
    f.log_arity = hs_r_u8(r);
    f.log_final_len = hs_r_u8(r);
    f.num_queries = hs_r_u32(r);
    f.commit_pow_bits = hs_r_u8(r);
    f.query_pow_bits = hs_r_u8(r);
    f.hash = (hs_merkle_hash)hs_r_u8(r);
    f.cap_height = hs_r_u8(r);
    if (r->err) return *why = "truncated header", 0;
    if (backend != HS_BACKEND_STARK) return *why = "unsupported backend", 0;
    if (version != HS_PROOF_VERSION) return *why = "unsupported proof version", 0;
    if (statement != HS_STATEMENT_PRIVATE && statement != HS_STATEMENT_PUBLIC)
        return *why = "unknown statement kind", 0;
    if (!hs_air_by_id(air_id)) return *why = "unknown AIR", 0;
    if (!hs_stark_make_shape(s, hs_preset_by_id(preset_id), air_id, log_perms, f.log_blowup,
                             statement == HS_STATEMENT_PUBLIC, why))
        return 0;
    if (s->log_v != log_v || memcmp(&s->fri, &f, sizeof f) != 0) return *why = "parameters do not match the preset", 0;
    return 1;
}

HS_FRAME_PEEK_FN(hs_stark_peek, hs_stark_shape, parse_header)

int hs_stark_verify(const uint8_t *proof, size_t len, const uint32_t *pub_in, const uint32_t *pub_out, size_t n_pub,
                    unsigned threads, hs_stark_shape *shape_out, const char **why) {
    (void)threads;
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_stark_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    const hs_fri_params f = s.fri;
    if (shape_out) *shape_out = s;
    ctx *c = malloc(sizeof *c);
    if (!c) return *why = hs_why_nomem, 0;
    if (!setup(c, &s, why)) return free(c), 0;
    const hs_air *air = &c->air;
    const unsigned d = c->d, log_h = c->log_h, tp = air->uses_next ? 2 : 1;
    const size_t W = air->width, qw = (size_t)c->chunks * d, N = (size_t)1 << s.log_perms;
    if (s.public_io && (!pub_in || !pub_out || n_pub != N)) {
        free(c);
        return *why = "the public table does not have the proof's number of permutations", 0;
    }

    hs_transcript tr;
    hs_transcript_init(&tr, TRANSCRIPT_LABEL);
    hs_transcript_absorb(&tr, proof, HEADER_BYTES);
    if (s.public_io) {
        hs_digest dg;
        table_digest(pub_in, N * air->in_words, pub_out, N * air->out_words, &dg);
        hs_transcript_absorb_digests(&tr, &dg, 1);
    }

    size_t cap_len = (size_t)1 << (f.cap_height < log_h + f.log_blowup ? f.cap_height : log_h + f.log_blowup);
    const hs_logup_shape *lu = &c->lu;
    const int has_lu = lu->n_lookups != 0;
    const unsigned nm = c->n_mats;
    const size_t LM = lu->n_mult, LAW = lu->aux_ext * d, nv = tp * W + (has_lu ? LM + 2 * LAW : 0) + qw;
    hs_kbe lbeta = hs_kbe_zero(), lgamma = hs_kbe_zero();
    hs_digest *caps = malloc(nm * cap_len * sizeof *caps);
    hs_kbe *vals = NULL;
    hs_kb *pow = NULL;
    bind_term *terms = NULL;
    size_t nt = 0;
    hs_pcs_proof *pcs = NULL;
    uint32_t *pad_in = NULL, *pad_out = NULL;
    int ok = 0;
    *why = hs_why_nomem;
    if (!caps) goto done;
    hs_r_digests(&r, caps, cap_len);
    hs_transcript_absorb_digests(&tr, caps, cap_len);
    if (has_lu) { /* the multiplicities, beta and gamma, the aux matrix */
        hs_r_digests(&r, caps + cap_len, cap_len);
        hs_transcript_absorb_digests(&tr, caps + cap_len, cap_len);
        lbeta = hs_pcs_sample(&tr, d);
        lgamma = hs_pcs_sample(&tr, d);
        hs_r_digests(&r, caps + 2 * cap_len, cap_len);
        hs_transcript_absorb_digests(&tr, caps + 2 * cap_len, cap_len);
    }
    hs_kbe alpha = hs_pcs_sample(&tr, d);
    hs_kbe gamma = s.public_io ? hs_pcs_sample(&tr, d) : hs_kbe_zero();
    hs_digest *qcap = caps + (nm - 1) * cap_len;
    hs_r_digests(&r, qcap, cap_len);
    hs_transcript_absorb_digests(&tr, qcap, cap_len);
    hs_kbe zeta = hs_pcs_sample(&tr, d);
    if (r.err) {
        *why = "truncated commitments";
        goto done;
    }
    if (hs_r_left(&r) / (4 * d) < nv) {
        *why = "truncated opened values";
        goto done;
    }
    vals = malloc(nv * sizeof *vals);
    pow = malloc(air->n_constraints * d * sizeof *pow);
    if (!vals || !pow) goto done;
    hs_r_elems(&r, hs_field_kbe(d), vals, nv);
    if (r.err) {
        *why = r.err;
        goto done;
    }
    hs_kbe zw = hs_kbe_mul_base(zeta, hs_kb_two_adic_root(log_h));
    hs_pcs_claim cl[4] = {{log_h, W, caps, tp, {zeta, air->uses_next ? zw : hs_kbe_zero()}, vals},
                          {log_h, LM, caps + cap_len, 1, {zeta, hs_kbe_zero()}, vals + tp * W},
                          {log_h, LAW, caps + 2 * cap_len, 2, {zeta, zw}, vals + tp * W + LM},
                          {log_h, qw, qcap, 1, {zeta, hs_kbe_zero()}, vals + nv - qw}};
    if (!has_lu) cl[1] = cl[3];
    pcs = hs_pcs_proof_read(&r, &f, cl, nm);
    if (!pcs || r.err) {
        *why = r.err ? r.err : "malformed opening proof";
        goto done;
    }
    if (hs_r_left(&r) != 0) {
        *why = "trailing bytes after the proof";
        goto done;
    }
    /* the periodic polynomials at zeta: g_c(zeta^(h/R)) */
    hs_kbe per[HS_AIR_MAX_PERIODIC + 64];
    const hs_kbe y = hs_kbe_exp(d, zeta, c->n >> c->log_r);
    for (unsigned p = 0; p < c->n_per; p++) per[p] = eval_poly_ext(d, c->per_coef[p], 1u << c->log_r, y);
    /* the constraint identity at zeta */
    hs_air_alpha_powers(d, alpha, air->n_constraints, pow);
    hs_kbe cz = air->ops->eval_ext(air, d, vals, air->uses_next ? vals + W : NULL, per, pow);
    if (s.public_io) {
        hs_kbe pz;
        if (!(terms = make_terms(c, gamma, &nt))) goto done;
        if (!pad_table(c, N, pub_in, pub_out, &pad_in, &pad_out)) goto done;
        if (!table_at(c, terms, nt, pad_in ? pad_in : pub_in, pad_out ? pad_out : pub_out, zeta, &pz)) goto done;
        const hs_kbe *sel = c->n_per > air->n_periodic ? per + air->n_periodic : NULL;
        hs_kbe tz = hs_kbe_sub(trace_row_ext(c, terms, nt, vals, sel), pz);
        cz = hs_kbe_add(cz, hs_kbe_mul(d, hs_kbe_exp(d, alpha, air->n_constraints), tz));
    }
    if (has_lu) {
        hs_kbe lz;
        if (!logup_verify_at(c, lbeta, lgamma, alpha, air->n_constraints + (s.public_io ? 1 : 0), zeta, vals,
                             vals + tp * W, vals + tp * W + LM, &lz))
            goto done;
        cz = hs_kbe_add(cz, lz);
    }
    hs_kbe zh = hs_kbe_sub(hs_kbe_exp(d, zeta, c->n), hs_kbe_one());
    hs_kbe qz = quotient_at(c, vals + nv - qw, zeta);
    if (!hs_kbe_eq(cz, hs_kbe_mul(d, zh, qz))) {
        *why = "constraints do not hold at the out-of-domain point";
        goto done;
    }
    if (!hs_pcs_verify(&f, &tr, cl, nm, pcs, why)) goto done;
    ok = 1;
    *why = NULL;
done:
    hs_pcs_proof_free(pcs);
    free(caps), free(vals), free(pow), free(terms), free(c);
    hs_free(pad_in), hs_free(pad_out);
    return ok;
}

size_t hs_stark_public_words(const hs_air *a) { return count_terms(a); }

unsigned hs_stark_quotient_chunks(const hs_stark_shape *s) {
    ctx *c = malloc(sizeof *c);
    const char *why;
    unsigned r = c && setup(c, s, &why) ? c->chunks : 0;
    free(c);
    return r;
}
