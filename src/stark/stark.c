#include "stark/stark.h"

#include <stdlib.h>
#include <string.h>

#include "hash/blake3.h"
#include "util/mem.h"
#include "util/timer.h"

#define HS_PROOF_MAGIC "HSNKPRF1"
#define HS_PROOF_VERSION 1u
#define HS_BACKEND_STARK 1u
#define HS_STATEMENT_PRIVATE 0u
#define HS_STATEMENT_PUBLIC 1u
#define HEADER_BYTES 30

const hs_p2_params *hs_stark_perm(unsigned perm_id) {
    return perm_id == 1 ? hs_p2_kb16() : perm_id == 2 ? hs_p2_kb24() : NULL;
}
const char *hs_stark_perm_name(unsigned perm_id) {
    return perm_id == 1 ? "poseidon2-kb16" : perm_id == 2 ? "poseidon2-kb24" : "unknown";
}

/* The header is also the first thing the transcript absorbs: preset, parameters and shape bind
 * every challenge. */
static void write_header(hs_writer *w, const hs_stark_shape *s) {
    hs_w_bytes(w, HS_PROOF_MAGIC, 8);
    hs_w_u32(w, HS_PROOF_VERSION);
    hs_w_u8(w, HS_BACKEND_STARK);
    hs_w_u8(w, (uint8_t)s->preset->id);
    hs_w_u8(w, (uint8_t)s->perm_id);
    hs_w_u8(w, s->public_io ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE);
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

/* The shape a preset gives n = 2^log_perms permutations (the verifier recomputes it and requires
 * the proof's header to match byte for byte). */
static int make_shape(hs_stark_shape *s, const hs_preset *p, unsigned perm_id, unsigned log_perms,
                      unsigned log_blowup, int public_io, const char **why) {
    memset(s, 0, sizeof *s);
    s->public_io = public_io;
    if (!p) return *why = "unknown preset", 0;
    if (!hs_stark_perm(perm_id)) return *why = "unknown permutation", 0;
    if (log_perms > 24) return *why = "log_perms out of range (at most 24)", 0;
    s->preset = p;
    s->perm_id = perm_id;
    s->log_perms = log_perms;
    s->log_v = p->log_v < log_perms ? p->log_v : log_perms;
    s->fri = hs_preset_fri(p, log_blowup);
    unsigned log_h = log_perms - s->log_v;
    if (s->fri.log_final_len > log_h) s->fri.log_final_len = log_h;
    if (s->fri.log_blowup < 1) return *why = "the quotient needs log_blowup >= 1", 0;
    if (!hs_fri_params_check(&s->fri, log_h, why)) return 0;
    return 1;
}

typedef struct {
    hs_p2air air;
    unsigned log_h, d;
    size_t n; /* rows */
    hs_kb g_n; /* g^n */
} ctx;

static int setup(ctx *c, const hs_stark_shape *s, const char **why) {
    if (!hs_p2air_init(&c->air, hs_stark_perm(s->perm_id), 1u << s->log_v)) return *why = "bad AIR shape", 0;
    c->log_h = s->log_perms - s->log_v;
    c->n = (size_t)1 << c->log_h;
    c->d = s->fri.ext_degree;
    c->g_n = hs_kb_exp(hs_kb_from_u32(HS_KB_GENERATOR), c->n);
    return 1;
}

/* Q(zeta) from the quotient matrix's opened values: columns t < d are q0's coordinates, d <= t < 2d
 * q1's; q_j(zeta^2) = sum_t X^t v_t. */
static hs_kbe quotient_at(unsigned d, const hs_kbe *v, hs_kbe zeta) {
    hs_kbe q0 = hs_kbe_zero(), q1 = hs_kbe_zero();
    for (unsigned t = 0; t < d; t++) {
        hs_kbe xt = hs_kbe_zero();
        xt.c[t] = HS_KB_ONE;
        q0 = hs_kbe_add(q0, hs_kbe_mul(d, xt, v[t]));
        q1 = hs_kbe_add(q1, hs_kbe_mul(d, xt, v[d + t]));
    }
    return hs_kbe_add(q0, hs_kbe_mul(d, zeta, q1));
}

/* ---- public statements ---- */

/* gamma^j for j < 2 V w: the coefficient of input word (v, j) is gp[2(v w + j)], of output word
 * (v, j) gp[2(v w + j) + 1]. */
static void gamma_powers(const ctx *c, hs_kbe gamma, hs_kbe *gp) {
    const size_t m = 2 * (size_t)c->air.v * c->air.pp->width;
    hs_kbe x = hs_kbe_one();
    for (size_t j = 0; j < m; j++) gp[j] = x, x = hs_kbe_mul(c->d, x, gamma);
}

/* The combination for table row r (V permutations). */
static hs_kbe table_row(const ctx *c, const hs_kbe *gp, const hs_kb *in, const hs_kb *out, size_t r) {
    const unsigned w = c->air.pp->width;
    hs_kbe acc = hs_kbe_zero();
    for (unsigned v = 0; v < c->air.v; v++) {
        const hs_kb *x = in + (r * c->air.v + v) * w, *y = out + (r * c->air.v + v) * w;
        for (unsigned j = 0; j < w; j++) {
            acc = hs_kbe_add(acc, hs_kbe_mul_base(gp[2 * (v * w + j)], x[j]));
            acc = hs_kbe_add(acc, hs_kbe_mul_base(gp[2 * (v * w + j) + 1], y[j]));
        }
    }
    return acc;
}

/* The same combination of a trace row's input and output columns (base values). */
static hs_kbe trace_row(const ctx *c, const hs_kbe *gp, const hs_kb *row) {
    const unsigned w = c->air.pp->width, rec = c->air.rec;
    hs_kbe acc = hs_kbe_zero();
    for (unsigned v = 0; v < c->air.v; v++)
        for (unsigned j = 0; j < w; j++) {
            acc = hs_kbe_add(acc, hs_kbe_mul_base(gp[2 * (v * w + j)], row[v * rec + j]));
            acc = hs_kbe_add(acc, hs_kbe_mul_base(gp[2 * (v * w + j) + 1], row[v * rec + rec - w + j]));
        }
    return acc;
}

/* ... of challenge-field values (the trace opened at zeta). */
static hs_kbe trace_row_ext(const ctx *c, const hs_kbe *gp, const hs_kbe *row) {
    const unsigned w = c->air.pp->width, rec = c->air.rec, d = c->d;
    hs_kbe acc = hs_kbe_zero();
    for (unsigned v = 0; v < c->air.v; v++)
        for (unsigned j = 0; j < w; j++) {
            acc = hs_kbe_add(acc, hs_kbe_mul(d, gp[2 * (v * w + j)], row[v * rec + j]));
            acc = hs_kbe_add(acc, hs_kbe_mul(d, gp[2 * (v * w + j) + 1], row[v * rec + rec - w + j]));
        }
    return acc;
}

static size_t bitrev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
}

/* P(zeta) for the table interpolated over H with row r at w_n^bitrev(r):
 * P(zeta) = (zeta^n - 1)/n * sum_r P_r x_r / (zeta - x_r). 0 on out of memory. */
static int table_at(const ctx *c, const hs_kbe *gp, const hs_kb *in, const hs_kb *out, hs_kbe zeta, hs_kbe *res) {
    const size_t n = c->n;
    const unsigned d = c->d;
    hs_kbe *den = malloc(n * sizeof *den), *inv = malloc(n * sizeof *inv);
    hs_kb *xs = malloc(n * sizeof *xs);
    if (!den || !inv || !xs) {
        free(den), free(inv), free(xs);
        return 0;
    }
    hs_kb w = hs_kb_two_adic_root(c->log_h), x = HS_KB_ONE;
    for (size_t k = 0; k < n; k++, x = hs_kb_mul(x, w)) {
        size_t r = bitrev(k, c->log_h);
        xs[r] = x;
        den[r] = hs_kbe_sub(zeta, hs_kbe_from_base(x));
    }
    hs_kbe_batch_inv(d, inv, den, n);
    hs_kbe acc = hs_kbe_zero();
    for (size_t r = 0; r < n; r++)
        acc = hs_kbe_add(acc, hs_kbe_mul(d, table_row(c, gp, in, out, r), hs_kbe_mul_base(inv[r], xs[r])));
    hs_kbe zh = hs_kbe_sub(hs_kbe_exp(d, zeta, n), hs_kbe_one());
    *res = hs_kbe_mul(d, hs_kbe_mul_base(zh, hs_kb_inv(hs_kb_from_u64(n))), acc);
    free(den), free(inv), free(xs);
    return 1;
}

int hs_stark_prove(const hs_stark_shape *shape_in, const hs_kb *inputs, unsigned threads, hs_writer *out,
                   hs_kb *outputs, hs_stark_timing *tm, const char **why) {
    hs_kb *owned_inputs = shape_in->release_inputs ? (hs_kb *)(uintptr_t)inputs : NULL;
    hs_stark_shape shape;
    hs_stark_timing tdummy;
    if (!tm) tm = &tdummy;
    memset(tm, 0, sizeof *tm);
    if (!make_shape(&shape, shape_in->preset, shape_in->perm_id, shape_in->log_perms, shape_in->fri.log_blowup,
                    shape_in->public_io, why))
        return hs_free(owned_inputs), 0;
    ctx c;
    if (!setup(&c, &shape, why)) return hs_free(owned_inputs), 0;
    const hs_fri_params *fp = &shape.fri;
    const unsigned d = c.d, log_h = c.log_h;
    const size_t n = c.n, W = c.air.width, N = (size_t)1 << shape.log_perms;
    int ok = 0;
    double t0 = hs_now(), t;
    hs_ntt_plan plan = {0};
    hs_kb *trace = NULL, *pow = NULL, *qm = NULL, *q2 = NULL, *outs = NULL, *pm = NULL, *pl = NULL;
    hs_kbe *gp = NULL;
    hs_pcs_matrix *mats[2] = {NULL, NULL};
    hs_pcs_proof *pcs = NULL;
    hs_kbe *vals = NULL;
    *why = "out of memory";
    if (!hs_ntt_plan_init(&plan, log_h + fp->log_blowup)) goto done;

    hs_transcript tr;
    hs_writer hdr = {0};
    write_header(&hdr, &shape);
    if (hdr.err) goto done;
    hs_transcript_init(&tr, "hashsnark/stark/v1");
    hs_transcript_absorb(&tr, hdr.data, hdr.len);
    hs_w_bytes(out, hdr.data, hdr.len);
    hs_w_free(&hdr);

    /* trace, generated straight into the buffer its LDE will fill (no copy, no second matrix) */
    trace = hs_alloc_array(n << fp->log_blowup, W * sizeof *trace);
    /* outputs only where someone reads them: the caller, or the public table */
    const hs_kb *outs_c = outputs;
    if (!outputs && shape.public_io) outs_c = outs = hs_alloc_array(N, c.air.pp->width * sizeof *outs);
    if (!trace || (shape.public_io && !outs_c) ||
        !hs_p2air_trace(&c.air, inputs, N, trace, outputs ? outputs : outs, threads))
        goto done;
    if (shape.public_io) {
        hs_digest dg;
        hs_blake3_kb_tables((const hs_kb *const[]){inputs, outs_c}, 2, N * c.air.pp->width, dg.b);
        hs_transcript_absorb_digests(&tr, &dg, 1);
    }
    if (!shape.public_io && owned_inputs) hs_free(owned_inputs), owned_inputs = NULL, inputs = NULL;
    if (shape_in->corrupt_cell && shape_in->corrupt_cell <= N * c.air.rec)
        trace[shape_in->corrupt_cell - 1] = hs_kb_add(trace[shape_in->corrupt_cell - 1], HS_KB_ONE);
    t = hs_now(), tm->trace_s = t - t0, t0 = t;

    /* commit: rows of the trace are the evaluations on H in bit-reversed order; the matrix takes
     * the buffer and extends it in place */
    {
        hs_kb *buf = trace;
        trace = NULL;
        if (!hs_pcs_commit_owned(&mats[0], fp, &plan, buf, log_h, W, 1, threads)) goto done;
    }
    hs_transcript_absorb_digests(&tr, hs_pcs_cap(mats[0]), hs_pcs_cap_len(mats[0]));
    hs_w_digests(out, hs_pcs_cap(mats[0]), hs_pcs_cap_len(mats[0]));
    t = hs_now(), tm->commit_s = t - t0, t0 = t;

    /* quotient on g*K2 = the first 2n extended rows */
    hs_kbe alpha = hs_transcript_sample_kbe(&tr, d);
    pow = hs_alloc_array(c.air.n_constraints, d * sizeof *pow);
    qm = hs_alloc_array(2 * n, d * sizeof *qm);
    if (!pow || !qm) goto done;
    hs_p2air_alpha_powers(&c.air, d, alpha, pow);
    if (shape.public_io) {
        /* the table's combination P on H (bit-reversed rows, as the trace), extended to g*K2 */
        hs_kbe gamma = hs_transcript_sample_kbe(&tr, d);
        gp = malloc(2 * (size_t)c.air.v * c.air.pp->width * sizeof *gp);
        pm = hs_alloc_array(n, d * sizeof *pm);
        pl = hs_alloc_array(2 * n, d * sizeof *pl);
        if (!gp || !pm || !pl) goto done;
        gamma_powers(&c, gamma, gp);
        for (size_t r = 0; r < n; r++) {
            hs_kbe p = table_row(&c, gp, inputs, outs_c, r);
            memcpy(pm + r * d, p.c, d * sizeof *pm);
        }
        if (!hs_ntt_lde(&plan, pm, pl, log_h, d, 1, 1, threads)) goto done;
        hs_free(pm), pm = NULL;
        hs_free(outs), outs = NULL;
        if (owned_inputs) hs_free(owned_inputs), owned_inputs = NULL, inputs = NULL;
    }
    const hs_kbe alpha_k = hs_kbe_exp(d, alpha, c.air.n_constraints);
    const hs_kb zh_inv[2] = {hs_kb_inv(hs_kb_sub(c.g_n, HS_KB_ONE)),
                             hs_kb_inv(hs_kb_sub(hs_kb_neg(c.g_n), HS_KB_ONE))};
    const hs_kb *lde = hs_pcs_lde(mats[0]);
    const size_t groups = 2 * n / 8, tail = 2 * n % 8; /* 2n >= 8 unless n < 4 */
    int scratch_ok = 1;
#pragma omp parallel num_threads(threads > 1 ? threads : 1)
    {
        void *scratch = hs_alloc_array(1, hs_p2air_rows8_scratch_bytes(&c.air));
        if (!scratch) {
#pragma omp atomic write
            scratch_ok = 0;
        }
#pragma omp for schedule(static)
        for (size_t g = 0; g < groups; g++) {
            hs_kbe cv[8];
            if (!scratch) continue;
            hs_p2air_eval_rows8(&c.air, d, lde + g * 8 * W, pow, scratch, cv);
            for (unsigned j = 0; j < 8; j++) {
                size_t i = g * 8 + j;
                if (pl) { /* public: alpha^K (T(x) - P(x)) */
                    hs_kbe p = hs_kbe_zero();
                    memcpy(p.c, pl + i * d, d * sizeof *pl);
                    hs_kbe tp = hs_kbe_sub(trace_row(&c, gp, lde + i * W), p);
                    cv[j] = hs_kbe_add(cv[j], hs_kbe_mul(d, alpha_k, tp));
                }
                hs_kbe q = hs_kbe_mul_base(cv[j], zh_inv[i >= n]);
                memcpy(qm + i * d, q.c, d * sizeof *qm);
            }
        }
        hs_free(scratch);
    }
    if (!scratch_ok) goto done;
    for (size_t i = groups * 8; i < groups * 8 + tail; i++) {
        hs_kbe cv;
        hs_p2air_eval_row(&c.air, d, lde + i * W, pow, &cv);
        if (pl) {
            hs_kbe p = hs_kbe_zero();
            memcpy(p.c, pl + i * d, d * sizeof *pl);
            cv = hs_kbe_add(cv, hs_kbe_mul(d, alpha_k, hs_kbe_sub(trace_row(&c, gp, lde + i * W), p)));
        }
        cv = hs_kbe_mul_base(cv, zh_inv[i >= n]);
        memcpy(qm + i * d, cv.c, d * sizeof *qm);
    }
    hs_free(pow), pow = NULL;
    hs_free(pl), pl = NULL;
    t = hs_now(), tm->quotient_s = t - t0, t0 = t;

    /* coefficients of Q, split by parity into q0, q1: a matrix of coefficients, committed as such */
    if (!hs_ntt_coset_idit(&plan, qm, log_h + 1, d, hs_kb_from_u32(HS_KB_GENERATOR), threads)) goto done;
    q2 = hs_alloc_array(n << fp->log_blowup, 2 * d * sizeof *q2); /* room for its LDE */
    if (!q2) goto done;
    for (size_t j = 0; j < n; j++) {
        memcpy(q2 + j * 2 * d, qm + 2 * j * d, d * sizeof *q2);
        memcpy(q2 + j * 2 * d + d, qm + (2 * j + 1) * d, d * sizeof *q2);
    }
    hs_free(qm), qm = NULL;
    {
        hs_kb *buf = q2;
        q2 = NULL;
        if (!hs_pcs_commit_coeffs_owned(&mats[1], fp, &plan, buf, log_h, 2 * d, threads)) goto done;
    }
    hs_transcript_absorb_digests(&tr, hs_pcs_cap(mats[1]), hs_pcs_cap_len(mats[1]));
    hs_w_digests(out, hs_pcs_cap(mats[1]), hs_pcs_cap_len(mats[1]));
    t = hs_now(), tm->quotient_commit_s = t - t0, t0 = t;

    /* open: trace at zeta, quotient at zeta^2 */
    hs_kbe zeta = hs_transcript_sample_kbe(&tr, d);
    vals = hs_alloc_array(W + 2 * d, sizeof *vals);
    if (!vals) goto done;
    hs_pcs_claim cl[2] = {{log_h, W, NULL, 1, {zeta, hs_kbe_zero()}, vals},
                          {log_h, 2 * d, NULL, 1, {hs_kbe_square(d, zeta), hs_kbe_zero()}, vals + W}};
    if (!hs_pcs_open(fp, &plan, &tr, mats, cl, 2, &pcs, threads)) goto done;
    hs_w_kbe(out, d, vals, W + 2 * d);
    hs_pcs_proof_write(out, fp, pcs);
    t = hs_now(), tm->open_s = t - t0;
    tm->total_s = tm->trace_s + tm->commit_s + tm->quotient_s + tm->quotient_commit_s + tm->open_s;
    ok = !out->err;
    *why = ok ? NULL : "out of memory";
done:
    hs_free(owned_inputs);
    hs_pcs_proof_free(pcs);
    hs_pcs_matrix_free(mats[0]);
    hs_pcs_matrix_free(mats[1]);
    hs_free(trace), hs_free(pow), hs_free(qm), hs_free(q2), hs_free(vals), hs_free(outs), hs_free(pm), hs_free(pl);
    free(gp);
    hs_ntt_plan_free(&plan);
    return ok;
}

static int parse_header(hs_reader *r, hs_stark_shape *s, const char **why) {
    uint8_t magic[8];
    hs_r_bytes(r, magic, 8);
    if (r->err) return *why = "truncated header", 0;
    if (memcmp(magic, HS_PROOF_MAGIC, 8)) return *why = "not a hashsnark proof (bad magic)", 0;
    uint32_t version = hs_r_u32(r);
    unsigned backend = hs_r_u8(r), preset_id = hs_r_u8(r), perm_id = hs_r_u8(r), statement = hs_r_u8(r);
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
    if (version != HS_PROOF_VERSION) return *why = "unsupported proof version", 0;
    if (backend != HS_BACKEND_STARK) return *why = "unsupported backend", 0;
    if (statement != HS_STATEMENT_PRIVATE && statement != HS_STATEMENT_PUBLIC)
        return *why = "unknown statement kind", 0;
    if (!make_shape(s, hs_preset_by_id(preset_id), perm_id, log_perms, f.log_blowup,
                    statement == HS_STATEMENT_PUBLIC, why))
        return 0;
    if (s->log_v != log_v || memcmp(&s->fri, &f, sizeof f) != 0) return *why = "parameters do not match the preset", 0;
    return 1;
}

int hs_stark_peek(const uint8_t *proof, size_t len, hs_stark_shape *shape_out, const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    return parse_header(&r, shape_out, why);
}

int hs_stark_verify(const uint8_t *proof, size_t len, const hs_kb *pub_in, const hs_kb *pub_out, size_t n_pub,
                    unsigned threads, hs_stark_shape *shape_out, const char **why) {
    (void)threads;
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_stark_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    const hs_fri_params f = s.fri;
    if (shape_out) *shape_out = s;
    ctx c;
    if (!setup(&c, &s, why)) return 0;
    const unsigned d = c.d, log_h = c.log_h;
    const size_t W = c.air.width;
    if (s.public_io && (!pub_in || !pub_out || n_pub != ((size_t)1 << s.log_perms)))
        return *why = "the public table does not have the proof's number of permutations", 0;

    hs_transcript tr;
    hs_transcript_init(&tr, "hashsnark/stark/v1");
    hs_transcript_absorb(&tr, proof, HEADER_BYTES);
    if (s.public_io) {
        hs_digest dg;
        hs_blake3_kb_tables((const hs_kb *const[]){pub_in, pub_out}, 2, n_pub * c.air.pp->width, dg.b);
        hs_transcript_absorb_digests(&tr, &dg, 1);
    }

    size_t cap_len = (size_t)1 << (f.cap_height < log_h + f.log_blowup ? f.cap_height : log_h + f.log_blowup);
    hs_digest *caps = malloc(2 * cap_len * sizeof *caps);
    hs_kbe *vals = NULL, *gp = NULL;
    hs_kb *pow = NULL;
    hs_pcs_proof *pcs = NULL;
    int ok = 0;
    *why = "out of memory";
    if (!caps) goto done;
    hs_r_digests(&r, caps, cap_len);
    hs_transcript_absorb_digests(&tr, caps, cap_len);
    hs_kbe alpha = hs_transcript_sample_kbe(&tr, d);
    hs_kbe gamma = s.public_io ? hs_transcript_sample_kbe(&tr, d) : hs_kbe_zero();
    hs_r_digests(&r, caps + cap_len, cap_len);
    hs_transcript_absorb_digests(&tr, caps + cap_len, cap_len);
    hs_kbe zeta = hs_transcript_sample_kbe(&tr, d);
    if (r.err) {
        *why = "truncated commitments";
        goto done;
    }
    if (hs_r_left(&r) / (4 * d) < W + 2 * d) {
        *why = "truncated opened values";
        goto done;
    }
    vals = malloc((W + 2 * d) * sizeof *vals);
    pow = malloc(c.air.n_constraints * d * sizeof *pow);
    if (!vals || !pow) goto done;
    hs_r_kbe(&r, d, vals, W + 2 * d);
    if (r.err) {
        *why = r.err;
        goto done;
    }
    hs_pcs_claim cl[2] = {{log_h, W, caps, 1, {zeta, hs_kbe_zero()}, vals},
                          {log_h, 2 * d, caps + cap_len, 1, {hs_kbe_square(d, zeta), hs_kbe_zero()}, vals + W}};
    pcs = hs_pcs_proof_read(&r, &f, cl, 2);
    if (!pcs || r.err) {
        *why = r.err ? r.err : "malformed opening proof";
        goto done;
    }
    if (hs_r_left(&r) != 0) {
        *why = "trailing bytes after the proof";
        goto done;
    }
    /* the constraint identity at zeta */
    hs_p2air_alpha_powers(&c.air, d, alpha, pow);
    hs_kbe cz = hs_p2air_eval_ext(&c.air, d, vals, pow);
    if (s.public_io) {
        gp = malloc(2 * (size_t)c.air.v * c.air.pp->width * sizeof *gp);
        hs_kbe pz;
        if (!gp) goto done;
        gamma_powers(&c, gamma, gp);
        if (!table_at(&c, gp, pub_in, pub_out, zeta, &pz)) goto done;
        hs_kbe tz = hs_kbe_sub(trace_row_ext(&c, gp, vals), pz);
        cz = hs_kbe_add(cz, hs_kbe_mul(d, hs_kbe_exp(d, alpha, c.air.n_constraints), tz));
    }
    hs_kbe zh = hs_kbe_sub(hs_kbe_exp(d, zeta, c.n), hs_kbe_one());
    hs_kbe qz = quotient_at(d, vals + W, zeta);
    if (!hs_kbe_eq(cz, hs_kbe_mul(d, zh, qz))) {
        *why = "constraints do not hold at the out-of-domain point";
        goto done;
    }
    if (!hs_pcs_verify(&f, &tr, cl, 2, pcs, why)) goto done;
    ok = 1;
    *why = NULL;
done:
    hs_pcs_proof_free(pcs);
    free(caps), free(vals), free(pow), free(gp);
    return ok;
}
