/* The gkr backend: header, the walk over a permutation's S-box layers (gkr_perm.h), public and
 * private statements (docs/PROOF_FORMAT_GKR.md). */
#include "gkr/gkr.h"

#include <stdlib.h>
#include <string.h>

#include "hash/blake3.h"
#include "poly/mle.h"
#include "proof/frame.h"
#include "sumcheck/comm.h"
#include "util/mem.h"
#include "util/verify.h"
#include "util/timer.h"

#define HS_PROOF_VERSION 1u
#define HS_BACKEND_GKR 2u
#define HS_STATEMENT_PRIVATE 0u
#define HS_STATEMENT_PUBLIC 1u
#define GKR_EXT_DEGREE 5u
#define GKR_COMMITTED_CUBES 0u
#define HEADER_BYTES 30

/* The univariate skip (k = 3, gkr.h) whenever a layer has the 3 variables it binds. */
static unsigned gkr_skip(unsigned n) { return n >= HS_GKR_SKIP ? HS_GKR_SKIP : 0; }

/* Everything the header fixes. */
typedef struct {
    hs_gkr_shape s;
    uint8_t bytes[HEADER_BYTES];
} header;

void hs_gkr_write_whir_config(hs_writer *w, const hs_whir_config *c) {
    hs_w_u8(w, (uint8_t)c->log_inv_rate);
    hs_w_u8(w, (uint8_t)c->fold_first);
    hs_w_u8(w, (uint8_t)c->fold);
    hs_w_u8(w, (uint8_t)c->first_reduction);
    hs_w_u8(w, (uint8_t)c->max_final_vars);
    hs_w_u8(w, (uint8_t)c->security_bits);
    hs_w_u8(w, (uint8_t)c->pow_bits);
    hs_w_u8(w, (uint8_t)c->regime);
    hs_w_u8(w, (uint8_t)c->hash);
    hs_w_u8(w, (uint8_t)c->cap_height);
}

static void header_bytes(const hs_gkr_shape *s, uint8_t *out) {
    hs_writer w = {0};
    const hs_frame fr = {HS_PROOF_VERSION, HS_BACKEND_GKR, (uint8_t)s->preset->id, (uint8_t)s->perm_id,
                         s->public_io ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE};
    hs_frame_write(&w, &fr);
    hs_w_u8(&w, (uint8_t)s->log_perms);
    hs_w_u8(&w, GKR_EXT_DEGREE);
    hs_w_u8(&w, GKR_COMMITTED_CUBES);
    hs_w_u8(&w, (uint8_t)gkr_skip(s->log_perms));
    hs_gkr_write_whir_config(&w, &s->whir);
    memset(out, 0, HEADER_BYTES);
    if (!w.err && w.len == HEADER_BYTES) memcpy(out, w.data, HEADER_BYTES);
    hs_w_free(&w);
}

static int make_shape(hs_gkr_shape *s, const hs_preset *p, unsigned perm_id, unsigned log_perms, int public_io,
                      const char **why) {
    memset(s, 0, sizeof *s);
    s->public_io = public_io;
    if (!p) return *why = "unknown preset", 0;
    if (!hs_gkr_perm_get(perm_id)) return *why = "unknown permutation (the gkr backend does not prove it)", 0;
    if (log_perms < 1 || log_perms > HS_GKR_MAX_LOG) return *why = "log_perms out of range (1..24)", 0;
    if (!public_io && log_perms < 2) return *why = "a private gkr proof needs log_perms >= 2", 0;
    s->preset = p;
    s->perm_id = perm_id;
    s->log_perms = log_perms;
    hs_gkr_whir_config(p, &s->whir);
    return 1;
}


/* X || Y as stacked columns: column j < w is input lane j, column w + j output lane j, zero
 * columns up to the next power of two (32 for width 16, 64 for width 24). */
unsigned hs_gkr_stack_log_cols(unsigned width) {
    unsigned k = 0;
    while ((1u << k) < 2 * width) k++;
    return k;
}
#define MAX_STACK (4 * HS_GKR_MAX_WIDTH)

static int whir_params(const hs_gkr_shape *s, hs_whir_params *wp, const char **why) {
    return hs_whir_params_derive(wp, s->log_perms + hs_gkr_stack_log_cols(hs_gkr_perm_get(s->perm_id)->width), &s->whir,
                                 NULL, why);
}

/* The two sparse statements: outputs at z_out, inputs at rho_in. */
static void io_statements(unsigned w, unsigned n, const hs_kb5 *z_out, const hs_kb5 *v_out, const hs_kb5 *rho_in,
                          const hs_kb5 *x_claim, uint32_t *sel, hs_whir_statement st[2]) {
    for (unsigned j = 0; j < w; j++) sel[j] = w + j, sel[w + j] = j;
    st[0] = (hs_whir_statement){n, z_out, w, sel, v_out};
    st[1] = (hs_whir_statement){n, rho_in, w, sel + w, x_claim};
}

static int parse_header(hs_reader *r, hs_gkr_shape *s, const char **why) {
    const uint8_t *start = r->p;
    hs_frame fr;
    if (!hs_frame_read(r, &fr, why)) return 0;
    const uint32_t version = fr.version;
    const unsigned backend = fr.backend, preset_id = fr.preset, perm_id = fr.hash, statement = fr.statement;
    unsigned log_perms = hs_r_u8(r);
    uint8_t rest[HEADER_BYTES - 17];
    hs_r_bytes(r, rest, sizeof rest);
    if (r->err) return *why = "truncated header", 0;
    if (version != HS_PROOF_VERSION) return *why = "unsupported proof version", 0;
    if (backend != HS_BACKEND_GKR) return *why = "not a gkr proof (backend byte)", 0;
    if (statement == 3 || statement == 4) /* docs/MERKLE_GKR.md */
        return *why = "a Merkle statement's proof: it is verified against its root (verify --root)", 0;
    if (statement != HS_STATEMENT_PRIVATE && statement != HS_STATEMENT_PUBLIC)
        return *why = "unknown statement kind", 0;
    if (!make_shape(s, hs_preset_by_id(preset_id), perm_id, log_perms, statement == HS_STATEMENT_PUBLIC, why))
        return 0;
    if (rest[2] != gkr_skip(log_perms)) return *why = "unsupported univariate skip", 0;
    uint8_t expect[HEADER_BYTES];
    header_bytes(s, expect);
    if (memcmp(expect, start, HEADER_BYTES)) return *why = "parameters do not match the preset", 0;
    return 1;
}

/* w[d] = eq(e, bits(d)), d = 0..7, d's most significant bit <-> e[0]. */
static void eq_bits3(const hs_kb5 *e, hs_kb5 w[HS_GKR_SKIP_D]) {
    w[0] = hs_kb5_one();
    for (unsigned t = 0; t < HS_GKR_SKIP; t++) {
        const hs_kb5 ome = hs_kb5_sub(hs_kb5_one(), e[t]);
        for (size_t b = (size_t)1 << t; b-- > 0;) w[2 * b + 1] = hs_kb5_mul(w[b], e[t]), w[2 * b] = hs_kb5_mul(w[b], ome);
    }
}

/* sum_d c[d] e[j * 8 + d] for each lane j < w. */
static void combine8(unsigned w, const hs_kb5 *c, const hs_kb5 *e, hs_kb5 *out) {
    for (unsigned j = 0; j < w; j++) {
        out[j] = hs_kb5_zero();
        for (unsigned d = 0; d < HS_GKR_SKIP_D; d++)
            out[j] = hs_kb5_add(out[j], hs_kb5_mul(c[d], e[j * HS_GKR_SKIP_D + d]));
    }
}

/* e[j * 8 + d] = the MLE of block d (rows d 2^(n-3) ..) of lane j < w at y (n - 3 values):
 * columns (cols, w of 2^n) or a row-major table (rows). 0 on allocation failure. */
static int block_evals(unsigned w, const hs_kb *cols, const hs_kb *rows, unsigned n, const hs_kb5 *y, hs_kb5 *e,
                       unsigned threads) {
    const unsigned nr = n - HS_GKR_SKIP;
    const size_t N = (size_t)1 << n, M = (size_t)1 << nr;
    for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) {
        hs_kb5 o[HS_GKR_MAX_WIDTH];
        if (rows) {
            if (!hs_gkr_eval_rows(rows + d * M * w, w, nr, y, o, threads)) return 0;
        } else {
            const hs_kb *c[HS_GKR_MAX_WIDTH];
            for (unsigned j = 0; j < w; j++) c[j] = cols + j * N + d * M;
            if (!hs_gkr_eval_cols(c, w, nr, y, o, threads)) return 0;
        }
        for (unsigned j = 0; j < w; j++) e[j * HS_GKR_SKIP_D + d] = o[j];
    }
    return 1;
}

/* The block values of one end: e[j |D| + d] is lane j's block d (docs/PROOF_FORMAT_GKR.md). */
#define BLOCK_VALUES(w) ((w) * HS_GKR_SKIP_D)
#define MAX_BLOCK_VALUES BLOCK_VALUES(HS_GKR_MAX_WIDTH)

static void sample_point(hs_transcript *t, hs_kb5 *z, unsigned n) {
    for (unsigned i = 0; i < n; i++) z[i] = hs_gkr_sample(t);
}

/* The walk's first claims from the output blocks: alpha sampled, v_j = sum_d L_d(alpha) e_{j,d}
 * at z = (alpha, z_out[3..]). */
static void skip_start(unsigned w, hs_transcript *t, const hs_kb5 *z_out, unsigned n, const hs_kb5 *eb, hs_kb5 *z,
                       hs_kb5 *v) {
    hs_kb5 L[HS_GKR_SKIP_D];
    sample_point(t, z, 1);
    hs_gkr_skip_basis(z[0], L);
    combine8(w, L, eb, v);
    memcpy(z + 1, z_out + HS_GKR_SKIP, (n - HS_GKR_SKIP) * sizeof *z);
}

/* T = sum_{j < width} beta^j w_j, beta = gamma^3. */
static hs_kb5 batch_claim(unsigned width, hs_kb5 gamma, const hs_kb5 *w) {
    hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma), c = hs_kb5_one(), acc = hs_kb5_zero();
    for (unsigned j = 0; j < width; j++) acc = hs_kb5_add(acc, hs_kb5_mul(c, w[j])), c = hs_kb5_mul(c, beta);
    return acc;
}

/* ---- the partial rounds (docs/PROOF_FORMAT_GKR.md "partial layers") ----
 * Walking down from partial round r = R - 1 to 0 (layers HALF + R - 1 .. HALF), the claim is one
 * combination T = a s_r^(z) + sum_k A_k basis_k^(z), s_r = t_r^3 the round's S-box output (t_r =
 * pre_(HALF+r),0, its cube lane) and basis_k the witness basis (gkr_perm.h: the block entry's lanes
 * 1..w-1, s_0 ..): every lane of a partial state is affine in it. The layer sumcheck proves it
 * with the cube lane and ONE K column lin = sum_k A_k basis_k and ends with 2 values,
 * lambda_P = t_r^(rho) and lambda_L = lin^(rho). Since t_r = l_r(basis) + c_r (the description's
 * lane0 map and its constant), a fresh mu merges the two into the next claim: A' = A + mu l_r,
 * T' = lambda_L + mu (lambda_P - c_r), whose s_(r-1) coefficient becomes a', so the prover updates
 * its column in place: lin += mu t_r - a' s_(r-1) - mu c_r. Below round 0 the prover sends the block
 * entry's lanes 1..w-1 at rho, checked against lambda_L; with lane 0 = lambda_P - rc_pre[0] they
 * are the w claims on the block entry E, pulled back through the entry layer (Poseidon1: u =
 * m_i^-1 E - cbar) into the claims the last initial full layer starts from. */
typedef struct {
    unsigned r;
    hs_kb5 a, T, A[HS_GKR_MAX_BASIS];
} pclaim;

/* Round R - 1's claim from the claims wv on its S-box output state (lane 0 = s_(R-1) + rc_post,
 * lanes 1..w-1 affine in the basis). */
static void pclaim_start(const hs_gkr_perm *p, pclaim *pc, hs_kb5 gamma, const hs_kb5 *wv) {
    const hs_kb *map = p->pmap[p->partial - 1];
    const hs_kb5 beta = hs_kb5_mul(hs_kb5_square(gamma), gamma);
    pc->r = p->partial - 1, pc->a = hs_kb5_one();
    for (unsigned k = 0; k < p->basis; k++) pc->A[k] = hs_kb5_zero();
    hs_kb5 c = hs_kb5_one();
    pc->T = hs_kb5_sub(wv[0], hs_kb5_from_base(p->rc_post[pc->r]));
    for (unsigned j = 1; j < p->width; j++) {
        const hs_kb *row = map + (j - 1) * HS_GKR_MAP_STRIDE;
        c = hs_kb5_mul(c, beta);
        pc->T = hs_kb5_add(pc->T, hs_kb5_mul(c, hs_kb5_sub(wv[j], hs_kb5_from_base(row[HS_GKR_MAP_CONST]))));
        for (unsigned k = 0; k < p->basis; k++) pc->A[k] = hs_kb5_add(pc->A[k], hs_kb5_mul_base(c, row[k]));
    }
}

/* Round r's 2 values and mu give round r - 1's claim; na = -a', cst = -mu c_r (the prover's column
 * update). 0 if the new cube coefficient is 0 (probability 1/|K|). */
static int pclaim_step(const hs_gkr_perm *p, pclaim *pc, hs_kb5 mu, const hs_kb5 lam[2], hs_kb5 *na, hs_kb5 *cst) {
    const unsigned r = pc->r, k0 = p->width - 1 + r - 1; /* s_(r-1)'s basis index */
    const hs_kb *l = p->lane0[r];
    const hs_kb5 c = hs_kb5_from_base(l[HS_GKR_MAP_CONST]);
    for (unsigned k = 0; k < p->basis; k++) pc->A[k] = hs_kb5_add(pc->A[k], hs_kb5_mul_base(mu, l[k]));
    pc->T = hs_kb5_add(lam[1], hs_kb5_mul(mu, hs_kb5_sub(lam[0], c)));
    pc->r = r - 1;
    pc->a = pc->A[k0];
    pc->A[k0] = hs_kb5_zero();
    *na = hs_kb5_neg(pc->a), *cst = hs_kb5_neg(hs_kb5_mul(mu, c));
    return !hs_kb5_is_zero(pc->a);
}

/* After round 0: the block entry's lanes 1..w-1 at rho (e) must give lambda_L; v = the w claims
 * on u_HALF (the entry layer pulled back). */
static int pclaim_end(const hs_gkr_perm *p, const pclaim *pc, const hs_kb5 lam[2], const hs_kb5 *e, hs_kb5 *v) {
    const unsigned w = p->width;
    hs_kb5 acc = hs_kb5_zero();
    for (unsigned k = 0; k + 1 < w; k++) acc = hs_kb5_add(acc, hs_kb5_mul(pc->A[k], e[k]));
    v[0] = hs_kb5_sub(lam[0], hs_kb5_from_base(p->rc_pre[0]));
    for (unsigned k = 0; k + 1 < w; k++) v[1 + k] = e[k];
    if (p->entry) {
        hs_gkr_apply_inv(p, p->entry_inv, v, v);
        for (unsigned j = 0; j < w; j++) v[j] = hs_kb5_sub(v[j], hs_kb5_from_base(p->entry_c[j]));
    }
    return hs_kb5_eq(acc, lam[1]);
}

/* The block entry's lanes 1..w-1 (basis 0..w-2) at the claim point z (skip form: (rho_0, rho')). */
static int entry_evals(const hs_gkr_witness *w, unsigned sk, const hs_kb5 *z, hs_kb5 *e, unsigned threads) {
    const unsigned k = w->perm->width - 1;
    const hs_kb *c[HS_GKR_MAX_WIDTH];
    if (!sk) {
        for (unsigned i = 0; i < k; i++) c[i] = hs_gkr_basis(w, i);
        return hs_gkr_eval_cols(c, k, w->n, z, e, threads);
    }
    const size_t M = (size_t)1 << (w->n - sk);
    hs_kb5 L[HS_GKR_SKIP_D], o[HS_GKR_MAX_WIDTH];
    hs_gkr_skip_basis(z[0], L);
    for (unsigned i = 0; i < k; i++) e[i] = hs_kb5_zero();
    for (unsigned d = 0; d < HS_GKR_SKIP_D; d++) {
        for (unsigned i = 0; i < k; i++) c[i] = hs_gkr_basis(w, i) + d * M;
        if (!hs_gkr_eval_cols(c, k, w->n - sk, z + 1, o, threads)) return 0;
        for (unsigned i = 0; i < k; i++) e[i] = hs_kb5_add(e[i], hs_kb5_mul(L[d], o[i]));
    }
    return 1;
}

/* v: claims on the S-box layer's input after `layer`'s constants were removed, i.e. on u_layer. */
static void strip_rc(const hs_gkr_perm *p, unsigned layer, const hs_kb5 *vals, hs_kb5 *v) {
    hs_kb rc[HS_GKR_MAX_WIDTH];
    hs_gkr_layer_rc(p, layer, rc);
    for (unsigned j = 0; j < p->width; j++) v[j] = hs_kb5_sub(vals[j], hs_kb5_from_base(rc[j]));
}

/* The skip's input end, both sides: epsilon drawn; the statement at (epsilon, rho') with the input
 * blocks' values sum_d eq(epsilon, bits(d)) e_(j,d). */
static void input_point(hs_transcript *tr, unsigned W, unsigned n, const hs_kb5 *eb, const hs_kb5 *z, hs_kb5 *x_pt,
                        hs_kb5 *x_claim) {
    hs_kb5 wb[HS_GKR_SKIP_D];
    sample_point(tr, x_pt, HS_GKR_SKIP);
    eq_bits3(x_pt, wb);
    combine8(W, wb, eb, x_claim);
    memcpy(x_pt + HS_GKR_SKIP, z + 1, (n - HS_GKR_SKIP) * sizeof *x_pt);
}

/* block_evals over this rank's rows, reduced over the ranks (comm: src/sumcheck/comm.h): the whole
 * table's block values at y (n - 3 values, n the whole table's variables; nl this rank's). */
static int block_evals_c(const hs_comm *comm, unsigned w, const hs_kb *cols, const hs_kb *rows, unsigned nl,
                         const hs_kb5 *y, hs_kb5 *e, unsigned threads, const char **why) {
    if (!block_evals(w, cols, rows, nl, y, e, threads)) return *why = hs_why_nomem, 0;
    if (!hs_comm_reduce_at(comm, y + (nl - HS_GKR_SKIP), e, BLOCK_VALUES(w))) return *why = "communicator failed", 0;
    return 1;
}

/* hs_gkr_walk_prove over the ranks of comm (NULL: alone): wit holds this rank's rows (2^(n - log2 R)
 * of 2^n), inputs and pub_out too (row-major); needs the skip on each rank's rows. */
static int walk_prove(const hs_gkr_perm *P, hs_gkr_witness *wit, const hs_kb *inputs, const hs_kb *pub_out,
                      const hs_comm *comm, unsigned threads, hs_transcript *tr, hs_writer *out, hs_kb5 *z_out,
                      hs_kb5 *v_out, hs_kb5 *x_pt, hs_kb5 *x_claim, const char **why) {
    const unsigned nl = wit->n, n = nl + hs_comm_log(comm), W = P->width;
    const unsigned LAST = HS_GKR_HALF + P->partial - 1; /* the last partial layer */
    const size_t N = (size_t)1 << nl;
    const int pub = pub_out != NULL;
    int ok = 0;
    hs_gkr_scratch scr = {0};
    hs_kb5 *pts = NULL;
    hs_kb *lin_col = NULL;
    if (n != nl && nl < HS_GKR_SKIP) return *why = "each rank needs at least 2^3 permutations", 0;
    *why = hs_why_nomem;
    if (!hs_gkr_scratch_init(&scr, nl, W)) goto done;
    scr.comm = comm;
    const size_t lin_cap = hs_gkr_plane_cap(N);
    lin_col = hs_alloc_array(lin_cap, 5 * sizeof *lin_col); /* the partial rounds' linear column */
    if (!lin_col) goto done;
    const unsigned sk = gkr_skip(n), PL = sk ? HS_GKR_SKIP_POINT(n) : n; /* a claim point's length */
    pts = malloc(2 * PL * sizeof *pts);
    if (!pts) goto done;
    hs_kb5 *z = pts, *rho = z + PL;
    hs_kb5 v[HS_GKR_MAX_WIDTH], wv[HS_GKR_MAX_WIDTH], vals[HS_GKR_MAX_WIDTH];
    hs_kb5 eb[MAX_BLOCK_VALUES], wb[HS_GKR_SKIP_D];
    sample_point(tr, z_out, n);
    if (sk) {
        /* the output blocks at (bits(d), z_out[3..]); private: sent, and their combination at
         * z_out[0..2] is the WHIR statement; then alpha */
        if (!block_evals_c(comm, W, pub ? NULL : wit->out, pub_out, nl, z_out + sk, eb, threads, why)) goto done;
        if (!pub) {
            hs_gkr_send_k(tr, out, eb, BLOCK_VALUES(W));
            eq_bits3(z_out, wb);
            combine8(W, wb, eb, v_out);
        }
        skip_start(W, tr, z_out, n, eb, z, v);
    } else if (pub) {
        if (!hs_gkr_eval_rows(pub_out, W, n, z_out, v_out, threads)) goto done;
    } else {
        const hs_kb *oc[HS_GKR_MAX_WIDTH];
        for (unsigned j = 0; j < W; j++) oc[j] = wit->out + j * N;
        if (!hs_gkr_eval_cols(oc, W, n, z_out, v_out, threads)) goto done;
    }
    if (!sk && !pub) hs_gkr_send_k(tr, out, v_out, W);
    if (!sk) {
        memcpy(v, v_out, W * sizeof *v);
        memcpy(z, z_out, n * sizeof *z);
    }
    pclaim pc;
    hs_kb5 lam[2];
    for (unsigned L = P->layers; L-- > 0;) {
        hs_phase_progress((double)(P->layers - 1 - L) / (double)P->layers);
        const int full = hs_gkr_layer_full(P, L);
        hs_gkr_layer ly;
        if (L == HS_GKR_HALF - 1 && !hs_gkr_witness_initial(wit, inputs, threads)) { /* into the final layers' slots */
            *why = hs_why_nomem;
            goto done;
        }
        hs_gkr_layer_of(wit, L, &ly);
        hs_kb5 gamma = hs_kb5_one(), claim;
        if (full || L == LAST) {
            hs_gkr_apply_inv(P, full ? P->full_inv : P->last_inv, v, wv);
            gamma = hs_gkr_sample(tr);
            claim = batch_claim(W, gamma, wv);
        }
        if (!full) {
            if (L == LAST) {
                *why = "degenerate batching challenge";
                if (hs_kb5_is_zero(gamma)) goto done;
                pclaim_start(P, &pc, gamma, wv);
                *why = hs_why_nomem;
                const hs_kb *basis[HS_GKR_MAX_BASIS];
                for (unsigned k = 0; k < P->basis; k++) basis[k] = hs_gkr_basis(wit, k);
                if (!hs_gkr_lin_combine(basis, P->basis, pc.A, lin_col, lin_cap, nl, threads)) goto done;
            } else {
                const unsigned r1 = pc.r; /* the round just proved */
                const hs_kb5 mu = hs_gkr_sample(tr);
                *why = "degenerate merging challenge";
                if (!pclaim_step(P, &pc, mu, lam, &ly.upd_na, &ly.upd_cst)) goto done;
                ly.upd_P = hs_gkr_col(wit, HS_GKR_HALF + r1, 0), ly.upd_s = hs_gkr_basis(wit, W - 1 + pc.r);
                ly.upd_mu = mu;
            }
            ly.lin_k = lin_col, ly.lin_cap = lin_cap, ly.cube_coef = pc.a, claim = pc.T;
        }
        if (sk ? !hs_gkr_layer_prove_skip(&ly, &scr, z, gamma, claim, tr, out, threads, rho, vals, why)
               : !hs_gkr_layer_prove(&ly, &scr, z, gamma, claim, tr, out, threads, rho, vals, why))
            goto done;
        memcpy(z, rho, PL * sizeof *z);
        if (full) {
            strip_rc(P, L, vals, v);
            continue;
        }
        lam[0] = vals[0], lam[1] = vals[1];
        if (L == HS_GKR_HALF) { /* the block entry's lanes 1..w-1 at rho */
            hs_kb5 e[HS_GKR_MAX_WIDTH];
            *why = hs_why_nomem;
            if (!entry_evals(wit, sk, z, e, threads)) goto done;
            if (!hs_comm_reduce_at(comm, z + 1 + (nl - sk), e, W - 1)) {
                *why = "communicator failed";
                goto done;
            }
            hs_gkr_send_k(tr, out, e, W - 1);
            pclaim_end(P, &pc, lam, e, v);
        }
    }
    hs_gkr_scratch_free(&scr);
    hs_free(lin_col), lin_col = NULL;
    hs_gkr_apply_inv(P, P->initial_inv, v, x_claim); /* u_0 = initial(x) */
    if (sk && !pub) { /* the input blocks at (bits(d), rho'); epsilon; the statement at (epsilon, rho') */
        *why = hs_why_nomem;
        if (!block_evals_c(comm, W, wit->in, NULL, nl, z + 1, eb, threads, why)) goto done;
        hs_gkr_send_k(tr, out, eb, BLOCK_VALUES(W));
        input_point(tr, W, n, eb, z, x_pt, x_claim);
    } else {
        memcpy(x_pt, z, PL * sizeof *x_pt);
    }
    ok = 1;
    *why = NULL;
done:
    hs_gkr_scratch_free(&scr);
    hs_free(lin_col);
    free(pts);
    return ok;
}

int hs_gkr_walk_prove(const hs_gkr_perm *P, hs_gkr_witness *wit, const hs_kb *inputs, const hs_kb *pub_out,
                      unsigned threads, hs_transcript *tr, hs_writer *out, hs_kb5 *z_out, hs_kb5 *v_out, hs_kb5 *x_pt,
                      hs_kb5 *x_claim, const char **why) {
    return walk_prove(P, wit, inputs, pub_out, NULL, threads, tr, out, z_out, v_out, x_pt, x_claim, why);
}

int hs_gkr_prove(const hs_gkr_shape *shape_in, const hs_kb *inputs, unsigned threads, hs_writer *out, hs_kb *outputs,
                 hs_gkr_timing *timing, const char **why) {
    return hs_gkr_prove_hooked(shape_in, inputs, threads, out, outputs, timing, NULL, why);
}

/* dst (rank 0: the whole table, R Nl rows of w words) = every rank's Nl rows src in the table's
 * order (row l R + r is rank r's row l), blk (rank 0: R Nl rows) the gathered blocks. 0 when the
 * communicator failed. */
static int gather_rows(const hs_comm *comm, const hs_kb *src, size_t Nl, unsigned w, hs_kb *blk, hs_kb *dst) {
    const size_t R = (size_t)hs_comm_size(comm);
    if (comm->gather(comm->user, src, blk, Nl * w * sizeof *src, 0)) return 0;
    for (size_t r = 0; hs_comm_rank(comm) == 0 && r < R; r++)
        for (size_t l = 0; l < Nl; l++) memcpy(dst + (l * R + r) * w, blk + (r * Nl + l) * w, w * sizeof *dst);
    return 1;
}

/* The public table's digest over the ranks: rank 0 gathers every rank's rows of both tables, hashes
 * them and sends the digest to all (rank 0 holds the whole table for it). */
static int table_digest(const hs_comm *comm, const hs_kb *in, const hs_kb *outs, unsigned W, size_t Nl,
                        hs_digest *dg, const char **why) {
    const size_t R = (size_t)hs_comm_size(comm), N = Nl * R;
    if (R == 1) {
        hs_blake3_kb_tables((const hs_kb *const[]){in, outs}, 2, N * W, dg->b);
        return 1;
    }
    const int root = hs_comm_rank(comm) == 0;
    hs_kb *blk = root ? hs_alloc_array(N, W * sizeof *blk) : NULL;
    hs_kb *full = root ? hs_alloc_array(2 * N, W * sizeof *full) : NULL;
    int ok = 0;
    *why = hs_why_nomem;
    if (root && (!blk || !full)) goto done; /* the others wait until this rank's failure ends the run */
    *why = "communicator failed";
    if (!gather_rows(comm, in, Nl, W, blk, full) || !gather_rows(comm, outs, Nl, W, blk, full + N * W)) goto done;
    if (root) hs_blake3_kb_tables((const hs_kb *const[]){full, full + N * W}, 2, N * W, dg->b);
    if (comm->bcast(comm->user, dg->b, sizeof dg->b, 0)) goto done;
    ok = 1;
done:
    hs_free(blk), hs_free(full);
    return ok;
}

int hs_gkr_prove_hooked(const hs_gkr_shape *shape_in, const hs_kb *inputs, unsigned threads, hs_writer *out,
                        hs_kb *outputs, hs_gkr_timing *timing, const hs_phase_hook *hook, const char **why) {
    return hs_gkr_prove_comm(shape_in, inputs, NULL, threads, out, outputs, timing, hook, why);
}

int hs_gkr_prove_comm(const hs_gkr_shape *shape_in, const hs_kb *inputs, const hs_comm *comm, unsigned threads,
                      hs_writer *out, hs_kb *outputs, hs_gkr_timing *timing, const hs_phase_hook *hook,
                      const char **why) {
    hs_gkr_timing tdummy;
    hs_gkr_timing *tm = timing ? timing : &tdummy;
    memset(tm, 0, sizeof *tm);
    hs_gkr_shape shape;
    if (!make_shape(&shape, shape_in->preset, shape_in->perm_id, shape_in->log_perms, shape_in->public_io, why))
        return 0;
    const hs_gkr_perm *P = hs_gkr_perm_get(shape.perm_id);
    const unsigned lr = hs_comm_log(comm), W = P->width;
    if (!hs_comm_valid(comm)) return *why = "malformed communicator", 0;
    if (lr && shape.log_perms < lr + HS_GKR_SKIP) return *why = "each rank needs at least 2^3 permutations", 0;
    const unsigned n = shape.log_perms - lr; /* this rank's rows: 2^n */
    const size_t N = (size_t)1 << n;
    double t0 = hs_now(), tstart = t0, t;
    int ok = 0;
    hs_gkr_witness wit = {0};
    hs_whir_witness *ww = NULL;
    hs_whir_params wp;
    hs_kb *outs = outputs, *zero = NULL;
    hs_kb5 *pts = NULL;
    const unsigned nt = shape.log_perms; /* the whole table's variables */
    if (!shape.public_io && !whir_params(&shape, &wp, why)) return 0;
    /* over R ranks the codeword's leaves are combined in groups of R from R ranks' (whir.h): 2^L >= R^2 */
    if (lr && !shape.public_io && wp.round[0].log_leaves < 2 * lr)
        return *why = "the private statement over these ranks needs more permutations (a WHIR codeword of at least "
                      "R^2 leaves; 2^4 permutations a rank always do)", 0;
    *why = hs_why_nomem;
    if (!outs && shape.public_io) outs = hs_alloc_array(N, W * sizeof *outs);
    if (shape.public_io && !outs) goto done;
    if (!hs_gkr_witness_build(&wit, P, inputs, n, threads, outs, shape.public_io ? 0 : HS_GKR_WIT_IO)) goto done;
    HS_VERIFY_SPOIL(HS_TEST_HOOK(shape_in->corrupt_cell) != 0);
    if (HS_TEST_HOOK(shape_in->corrupt_cell) && shape_in->corrupt_cell <= N * wit.n_cols)
        wit.pre[shape_in->corrupt_cell - 1] = hs_kb_add(wit.pre[shape_in->corrupt_cell - 1], HS_KB_ONE);
    t = hs_now(), tm->witness_s = t - t0, t0 = t;
    hs_phase_end(hook, "witness", 1, 4);
    hs_phase_begin(hook, "commit (WHIR)", 2, 4);

    uint8_t hb[HEADER_BYTES];
    header_bytes(&shape, hb);
    hs_w_bytes(out, hb, HEADER_BYTES);
    hs_transcript tr;
    hs_transcript_init(&tr, "hashsnark/gkr/v2");
    hs_transcript_absorb(&tr, hb, HEADER_BYTES);
    if (shape.public_io) {
        hs_digest dg;
        if (!table_digest(comm, inputs, outs, W, N, &dg, why)) goto done;
        hs_transcript_absorb_digests(&tr, &dg, 1);
    } else { /* over ranks each rank commits its rows: its share of the codeword (whir.h) */
        const unsigned lc = hs_gkr_stack_log_cols(W);
        const hs_kb *cols[MAX_STACK];
        *why = hs_why_nomem;
        if (2 * W < (1u << lc)) {
            if (!(zero = hs_alloc_array(N, sizeof *zero))) goto done;
            memset(zero, 0, N * sizeof *zero);
        }
        for (unsigned j = 0; j < (1u << lc); j++)
            cols[j] = j < W ? wit.in + j * N : j < 2 * W ? wit.out + (j - W) * N : zero;
        if (!(lr ? hs_whir_commit_ranks(&ww, &wp, cols, lc, n, comm, &tr, out, threads, why)
                 : hs_whir_commit(&ww, &wp, NULL, cols, lc, n, &tr, out, NULL, threads, why)))
            goto done;
    }
    t = hs_now(), tm->commit_s = t - t0, t0 = t;
    hs_phase_end(hook, "commit (WHIR)", 2, 4);
    hs_phase_begin(hook, "GKR walk", 3, 4);

    *why = hs_why_nomem;
    pts = malloc(2 * nt * sizeof *pts);
    if (!pts) goto done;
    hs_kb5 *z_out = pts, *pin = pts + nt;
    hs_kb5 v_out[HS_GKR_MAX_WIDTH], x_claim[HS_GKR_MAX_WIDTH];
    if (!walk_prove(P, &wit, inputs, shape.public_io ? outs : NULL, comm, threads, &tr, out, z_out, v_out, pin, x_claim,
                    why))
        goto done;
    t = hs_now(), tm->walk_s = t - t0, t0 = t;
    hs_phase_end(hook, "GKR walk", 3, 4);
    hs_phase_begin(hook, "open (WHIR)", 4, 4);
    if (!shape.public_io) {
        uint32_t sel[2 * HS_GKR_MAX_WIDTH];
        hs_whir_statement st[2];
        io_statements(W, nt, z_out, v_out, pin, x_claim, sel, st);
        if (!hs_whir_open(&wp, ww, st, 2, &tr, out, threads, why)) goto done;
    }
    t = hs_now(), tm->open_s = t - t0;
    tm->total_s = t - tstart;
    ok = !out->err;
    if (ok) hs_phase_end(hook, "open (WHIR)", 4, 4);
    *why = ok ? NULL : hs_why_nomem;
done:
    hs_phase_stop(); /* a failed proof leaves no running phase behind */
    if (outs != outputs) hs_free(outs);
    hs_whir_witness_free(ww);
    hs_gkr_witness_free(&wit);
    hs_free(zero);
    free(pts);
    return ok;
}

HS_FRAME_PEEK_FN(hs_gkr_peek, hs_gkr_shape, parse_header)

size_t hs_gkr_walk_bytes(const hs_gkr_perm *P, unsigned n, int public_io) {
    const unsigned W = P->width, sk = gkr_skip(n);
    const size_t ends = public_io ? 0 : sk ? 2 * BLOCK_VALUES(W) : W;
    const size_t rounds = sk ? HS_GKR_SKIP_DEG + 1 + 4 * (n - sk) : 4 * n;
    return ((size_t)P->layers * rounds + 2 * HS_GKR_HALF * W + 2 * P->partial + (W - 1) + ends) * 20;
}

int hs_gkr_walk_verify(const hs_gkr_perm *P, unsigned n, const hs_kb *pub_out, unsigned threads, hs_transcript *tr,
                       hs_reader *r, hs_kb5 *z_out, hs_kb5 *v_out, hs_kb5 *x_pt, hs_kb5 *x_claim, const char **why) {
    const unsigned W = P->width, LAST = HS_GKR_HALF + P->partial - 1;
    const int pub = pub_out != NULL;
    const unsigned sk = gkr_skip(n), PL = sk ? HS_GKR_SKIP_POINT(n) : n;
    hs_kb5 *pts = malloc(2 * PL * sizeof *pts);
    if (!pts) return *why = hs_why_nomem, 0;
    int ok = 0;
    hs_kb5 *z = pts, *rho = z + PL;
    hs_kb5 v[HS_GKR_MAX_WIDTH], wv[HS_GKR_MAX_WIDTH], vals[HS_GKR_MAX_WIDTH], lam[2];
    hs_kb5 eb[MAX_BLOCK_VALUES], Lb[HS_GKR_SKIP_D], wb[HS_GKR_SKIP_D];
    sample_point(tr, z_out, n);
    if (sk) {
        if (pub) {
            *why = hs_why_nomem;
            if (!block_evals(W, NULL, pub_out, n, z_out + sk, eb, threads)) goto done;
        } else {
            if (!hs_gkr_recv_k(tr, r, eb, BLOCK_VALUES(W))) {
                *why = r->err;
                goto done;
            }
            eq_bits3(z_out, wb);
            combine8(W, wb, eb, v_out);
        }
        skip_start(W, tr, z_out, n, eb, z, v);
    } else if (pub) {
        *why = hs_why_nomem;
        if (!hs_gkr_eval_rows(pub_out, W, n, z_out, v_out, threads)) goto done;
    } else if (!hs_gkr_recv_k(tr, r, v_out, W)) {
        *why = r->err;
        goto done;
    }
    if (!sk) {
        memcpy(v, v_out, W * sizeof *v);
        memcpy(z, z_out, n * sizeof *z);
    }
    pclaim pc;
    for (unsigned L = P->layers; L-- > 0;) {
        hs_phase_progress((double)(P->layers - 1 - L) / (double)P->layers);
        const int full = hs_gkr_layer_full(P, L);
        hs_kb5 gamma = hs_kb5_one(), claim;
        if (full || L == LAST) {
            hs_gkr_apply_inv(P, full ? P->full_inv : P->last_inv, v, wv);
            gamma = hs_gkr_sample(tr);
            claim = batch_claim(W, gamma, wv);
        }
        if (full) {
            if (sk ? !hs_gkr_layer_verify_skip(n, W, z, gamma, claim, tr, r, rho, vals, why)
                   : !hs_gkr_layer_verify(n, W, z, gamma, claim, tr, r, rho, vals, why))
                goto done;
            strip_rc(P, L, vals, v);
            memcpy(z, rho, PL * sizeof *z);
            continue;
        }
        if (L == LAST) {
            pclaim_start(P, &pc, gamma, wv);
        } else {
            hs_kb5 na, cst, mu = hs_gkr_sample(tr);
            if (!pclaim_step(P, &pc, mu, lam, &na, &cst)) {
                *why = "degenerate merging challenge";
                goto done;
            }
        }
        if (!hs_gkr_layer_verify_lin(n, sk != 0, pc.a, z, pc.T, tr, r, rho, lam, why)) goto done;
        memcpy(z, rho, PL * sizeof *z);
        if (L == HS_GKR_HALF) {
            hs_kb5 e[HS_GKR_MAX_WIDTH];
            if (!hs_gkr_recv_k(tr, r, e, W - 1)) {
                *why = r->err;
                goto done;
            }
            if (!pclaim_end(P, &pc, lam, e, v)) {
                *why = "block entry values do not match the last partial layer";
                goto done;
            }
        }
    }
    hs_gkr_apply_inv(P, P->initial_inv, v, x_claim); /* claims on the inputs: u_0 = initial(x) */
    if (sk && !pub) { /* the input blocks must give the claims at rho_0; the statement at (epsilon, rho') */
        hs_kb5 chk[HS_GKR_MAX_WIDTH];
        if (!hs_gkr_recv_k(tr, r, eb, BLOCK_VALUES(W))) {
            *why = r->err;
            goto done;
        }
        hs_gkr_skip_basis(z[0], Lb);
        combine8(W, Lb, eb, chk);
        for (unsigned j = 0; j < W; j++)
            if (!hs_kb5_eq(chk[j], x_claim[j])) {
                *why = "input block values do not match the input claims";
                goto done;
            }
        input_point(tr, W, n, eb, z, x_pt, x_claim);
    } else {
        memcpy(x_pt, z, PL * sizeof *x_pt);
    }
    ok = 1;
    *why = NULL;
done:
    free(pts);
    return ok;
}

int hs_gkr_verify(const uint8_t *proof, size_t len, const hs_kb *pub_in, const hs_kb *pub_out, size_t n_pub,
                  unsigned pub_width, unsigned threads, hs_gkr_shape *shape_out, const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_gkr_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    if (shape_out) *shape_out = s;
    const hs_gkr_perm *P = hs_gkr_perm_get(s.perm_id);
    const unsigned n = s.log_perms, W = P->width;
    const size_t N = (size_t)1 << n;
    if (s.public_io && (!pub_in || !pub_out || n_pub != N))
        return *why = "the public table does not have the proof's number of permutations", 0;
    if (s.public_io && pub_width != W) return *why = "the public table's width does not match the proof's permutation", 0;
    hs_whir_params wp;
    if (!s.public_io && !whir_params(&s, &wp, why)) return 0;

    hs_transcript tr;
    hs_transcript_init(&tr, "hashsnark/gkr/v2");
    hs_transcript_absorb(&tr, proof, HEADER_BYTES);
    hs_whir_commitment comm;
    if (s.public_io) {
        hs_digest dg;
        hs_blake3_kb_tables((const hs_kb *const[]){pub_in, pub_out}, 2, N * W, dg.b);
        hs_transcript_absorb_digests(&tr, &dg, 1);
    } else if (!hs_whir_verify_commitment(&wp, &tr, &r, &comm, why)) {
        return 0;
    }
    /* every layer sends n rounds of 4 values, 20 bytes each (with the skip: 22 values and n - 3
     * rounds), then w values (full layers) or 2 (partial), and the block entry's w - 1; a private
     * proof's ends send 2 x 8w block values (w without the skip) */
    const unsigned sk = gkr_skip(n);
    if (hs_r_left(&r) < hs_gkr_walk_bytes(P, n, s.public_io)) return *why = "truncated proof", 0;
    hs_kb5 *pts = malloc(2 * n * sizeof *pts);
    if (!pts) return *why = hs_why_nomem, 0;
    int ok = 0;
    hs_kb5 *z_out = pts, *pin = pts + n;
    hs_kb5 v_out[HS_GKR_MAX_WIDTH], x_claim[HS_GKR_MAX_WIDTH], eb[MAX_BLOCK_VALUES], Lb[HS_GKR_SKIP_D];
    if (!hs_gkr_walk_verify(P, n, s.public_io ? pub_out : NULL, threads, &tr, &r, z_out, v_out, pin, x_claim, why))
        goto done;
    if (s.public_io) {
        hs_kb5 *z = pin; /* the walk's last point (skip form) */
        if (hs_r_left(&r) != 0) {
            *why = "trailing bytes after the proof";
            goto done;
        }
        hs_kb5 x_pub[HS_GKR_MAX_WIDTH];
        *why = hs_why_nomem;
        if (sk) { /* the skip extension of the public inputs at (rho_0, rho') */
            if (!block_evals(W, NULL, pub_in, n, z + 1, eb, threads)) goto done;
            hs_gkr_skip_basis(z[0], Lb);
            combine8(W, Lb, eb, x_pub);
        } else if (!hs_gkr_eval_rows(pub_in, W, n, z, x_pub, threads)) {
            goto done;
        }
        for (unsigned j = 0; j < W; j++)
            if (!hs_kb5_eq(x_pub[j], x_claim[j])) {
                *why = "input claims do not match the public inputs";
                goto done;
            }
    } else {
        uint32_t sel[2 * HS_GKR_MAX_WIDTH];
        hs_whir_statement st[2];
        io_statements(W, n, z_out, v_out, pin, x_claim, sel, st);
        if (!hs_whir_verify(&wp, &comm, st, 2, &tr, &r, why)) goto done;
        if (hs_r_left(&r) != 0) {
            *why = "trailing bytes after the proof";
            goto done;
        }
    }
    ok = 1;
    *why = NULL;
done:
    free(pts);
    return ok;
}
