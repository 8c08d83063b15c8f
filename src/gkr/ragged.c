/* Ragged regions: header, the three provers (independent, padded, ragged) on one walk routine,
 * and the verifier (ragged.h, docs/PROOF_FORMAT_RAGGED.md). */
#include "gkr/ragged.h"

#include <stdlib.h>
#include <string.h>

#include "gkr/gkr.h"
#include "gkr/ragged_kern.h"
#include "hash/blake3.h"
#include "proof/frame.h"
#include "sumcheck/ragged.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "util/timer.h"
#include "util/verify.h"

#define HS_PROOF_VERSION 1u
#define HS_BACKEND_GKR 2u
#define HS_STATEMENT_REGIONS 2u
#define RAGGED_IO_PRIVATE 0u
#define RAGGED_IO_PUBLIC 1u
#define RAGGED_EXT_DEGREE 5u
#define RAGGED_FIXED_BYTES 20
#define RAGGED_HEADER_MAX (RAGGED_FIXED_BYTES + HS_RAGGED_MAX_REGIONS)
#define RAGGED_DEGREE 4u /* eq times cubes */
#define E_BYTES 20u
#define LANES HS_RAGGED_LANES
#define STACK_LOG_COLS 5 /* the stacked commitment's 32 columns: input lanes, then output lanes */

static const hs_gkr_perm *p2kb16(void) { return hs_gkr_perm_get(HS_GKR_P2_KB16); }

static const char *const variant_names[3] = {"independent", "padded", "ragged"};

int hs_ragged_variant_parse(const char *name) {
    for (int v = 0; v < 3; v++)
        if (name && !strcmp(name, variant_names[v])) return v;
    return -1;
}

const char *hs_ragged_variant_name(unsigned variant) { return variant < 3 ? variant_names[variant] : NULL; }

int hs_ragged_shape_make(hs_ragged_shape *s, unsigned variant, const unsigned *widths, unsigned n_regions,
                         const hs_preset *preset, const char **why) {
    memset(s, 0, sizeof *s);
    if (!preset) return *why = "unknown preset", 0;
    if (variant > HS_RAGGED_RAGGED) return *why = "unknown ragged variant", 0;
    if (n_regions < 1 || n_regions > HS_RAGGED_MAX_REGIONS) return *why = "region count out of range (1..32)", 0;
    s->preset = preset;
    s->variant = variant;
    s->n_regions = n_regions;
    for (unsigned a = 0; a < n_regions; a++) {
        if (widths[a] < HS_RAGGED_MIN_W || widths[a] > HS_RAGGED_MAX_W)
            return *why = "region width out of range (4..20)", 0;
        s->widths[a] = widths[a];
        if (widths[a] > s->W) s->W = widths[a];
    }
    for (unsigned a = 0; a < n_regions; a++)
        s->physical_rows += (size_t)1 << (variant == HS_RAGGED_PADDED ? s->W : s->widths[a]);
    return 1;
}

/* The stacked commitment's rows (docs/PROOF_FORMAT_RAGGED.md): regions by width, widest first
 * (ties in region order), each at its native height, so region a's first row off[a] is a
 * multiple of 2^{w_a}; *m = ceil log2 of the rows they fill. */
static void stack_layout(const hs_ragged_shape *s, size_t *off, unsigned *m) {
    size_t at = 0;
    for (unsigned w = HS_RAGGED_MAX_W + 1; w-- > HS_RAGGED_MIN_W;)
        for (unsigned a = 0; a < s->n_regions; a++)
            if (s->widths[a] == w) off[a] = at, at += (size_t)1 << w;
    unsigned k = 0;
    while (((size_t)1 << k) < at) k++;
    *m = k;
}

static int whir_params(const hs_ragged_shape *s, hs_whir_params *wp, const char **why) {
    hs_whir_config cfg;
    hs_gkr_whir_config(s->preset, &cfg);
    return hs_whir_params_derive(wp, s->commit_vars, &cfg, NULL, why);
}

int hs_ragged_shape_set_private(hs_ragged_shape *s, int private_io, const char **why) {
    s->private_io = 0, s->commit_vars = 0;
    if (!private_io) return 1;
    size_t off[HS_RAGGED_MAX_REGIONS];
    unsigned m;
    stack_layout(s, off, &m);
    s->private_io = 1, s->commit_vars = STACK_LOG_COLS + m;
    hs_whir_params wp;
    if (!whir_params(s, &wp, why)) {
        s->private_io = 0, s->commit_vars = 0;
        return *why = "the regions are too large for one stacked commitment (beyond WHIR's 2^24-point evaluation domain at the preset's rate)", 0;
    }
    return 1;
}

static size_t header_bytes(const hs_ragged_shape *s, uint8_t *out) {
    const hs_frame fr = {HS_PROOF_VERSION, HS_BACKEND_GKR, (uint8_t)s->preset->id, HS_GKR_P2_KB16,
                         HS_STATEMENT_REGIONS};
    hs_frame_bytes(&fr, out);
    out[16] = s->private_io ? RAGGED_IO_PRIVATE : RAGGED_IO_PUBLIC;
    out[17] = RAGGED_EXT_DEGREE;
    out[18] = (uint8_t)s->variant;
    out[19] = (uint8_t)s->n_regions;
    for (unsigned a = 0; a < s->n_regions; a++) out[RAGGED_FIXED_BYTES + a] = (uint8_t)s->widths[a];
    return RAGGED_FIXED_BYTES + s->n_regions;
}

static int parse_header(hs_reader *r, hs_ragged_shape *s, const char **why) {
    hs_frame fr;
    if (!hs_frame_read(r, &fr, why)) return 0;
    uint8_t h[RAGGED_FIXED_BYTES];
    hs_frame_bytes(&fr, h);
    hs_r_bytes(r, h + HS_FRAME_BYTES, RAGGED_FIXED_BYTES - HS_FRAME_BYTES);
    if (r->err) return *why = "truncated header", 0;
    if (fr.version != HS_PROOF_VERSION) return *why = "unsupported proof version", 0;
    if (fr.backend != HS_BACKEND_GKR) return *why = "not a gkr proof (backend byte)", 0;
    if (fr.statement != HS_STATEMENT_REGIONS) return *why = "not a ragged-regions proof (statement byte)", 0;
    if (fr.hash != HS_GKR_P2_KB16) return *why = "the gkr backend proves poseidon2-kb16 only", 0;
    if (h[16] != RAGGED_IO_PUBLIC && h[16] != RAGGED_IO_PRIVATE) return *why = "unknown statement kind (io byte)", 0;
    if (h[17] != RAGGED_EXT_DEGREE) return *why = "unsupported challenge-field degree", 0;
    unsigned n = h[19];
    if (n < 1 || n > HS_RAGGED_MAX_REGIONS) return *why = "region count out of range (1..32)", 0;
    unsigned widths[HS_RAGGED_MAX_REGIONS];
    uint8_t wb[HS_RAGGED_MAX_REGIONS];
    hs_r_bytes(r, wb, n);
    if (r->err) return *why = "truncated header", 0;
    for (unsigned a = 0; a < n; a++) widths[a] = wb[a];
    return hs_ragged_shape_make(s, h[18], widths, n, hs_preset_by_id(h[13]), why) &&
           hs_ragged_shape_set_private(s, h[16] == RAGGED_IO_PRIVATE, why);
}

HS_FRAME_PEEK_FN(hs_ragged_peek, hs_ragged_shape, parse_header)

/* BLAKE3 of every region's inputs, then every region's outputs (canonical u32 LE, row-major). */
static void table_digest(const hs_ragged_shape *s, const hs_kb *const *in, const hs_kb *const *out, hs_digest *dg) {
    hs_blake3_hasher h;
    hs_blake3_init(&h);
    for (int part = 0; part < 2; part++)
        for (unsigned a = 0; a < s->n_regions; a++)
            hs_blake3_update_kb(&h, part ? out[a] : in[a], ((size_t)1 << s->widths[a]) * LANES);
    hs_blake3_finalize(&h, dg->b);
}

/* The statement (header without the variant byte; public: the table digest, private: the
 * commitment) fixes z_out, so the three variants expose the same output claims; the variant is
 * absorbed after them (transcript_variant). */
static void transcript_header(hs_transcript *tr, const uint8_t *hb, size_t hlen) {
    uint8_t h[RAGGED_HEADER_MAX];
    memcpy(h, hb, hlen);
    h[18] = 0xff;
    hs_transcript_init(tr, "hashsnark/gkr-ragged/v1");
    hs_transcript_absorb(tr, h, hlen);
}

static void transcript_digest(hs_transcript *tr, const hs_ragged_shape *s, const hs_kb *const *in,
                              const hs_kb *const *out) {
    hs_digest dg;
    table_digest(s, in, out, &dg);
    hs_transcript_absorb_digests(tr, &dg, 1);
}

static void sample_z(hs_transcript *tr, unsigned W, hs_kb5 *z_out) {
    for (unsigned i = 0; i < W; i++) z_out[i] = hs_gkr_sample(tr);
}

static void transcript_variant(hs_transcript *tr, const uint8_t *hb) { hs_transcript_absorb(tr, hb + 18, 1); }

/* The 2A WHIR statements of a private proof: region a's outputs at z_out[0..w_a) (columns 16..31)
 * and its inputs at x_pt[a] (columns 0..15), the column and the region's row offset as the
 * selector bits (column c, rows off .. : sel = c 2^{m - w_a} + off / 2^{w_a}). */
static void region_statements(const hs_ragged_shape *s, const hs_kb5 *z_out, hs_kb5 (*v_out)[LANES],
                              hs_kb5 (*x_pt)[HS_RAGGED_MAX_W], hs_kb5 (*x_val)[LANES],
                              uint32_t (*sel)[2 * LANES], hs_whir_statement *st) {
    size_t off[HS_RAGGED_MAX_REGIONS];
    unsigned m;
    stack_layout(s, off, &m);
    for (unsigned a = 0; a < s->n_regions; a++) {
        const unsigned w = s->widths[a];
        const uint32_t base = (uint32_t)(off[a] >> w), col = 1u << (m - w);
        for (unsigned j = 0; j < LANES; j++) sel[a][j] = (LANES + j) * col + base, sel[a][LANES + j] = j * col + base;
        st[2 * a] = (hs_whir_statement){w, z_out, LANES, sel[a], v_out[a]};
        st[2 * a + 1] = (hs_whir_statement){w, x_pt[a], LANES, sel[a] + LANES, x_val[a]};
    }
}

/* A private proof opens the native tables: the padded variant's terminal claims are on the padded
 * table, whose input MLE is the native one times sel = prod_{j >= w}(1 - rho_j) (its padding
 * inputs are zero), so the native claims are x / sel. 0 if sel = 0 (probability (W - w)/|K|). */
static int native_claims(unsigned variant, unsigned w, unsigned n, const hs_kb5 *rho, const hs_kb5 *x, hs_kb5 *out) {
    memcpy(out, x, LANES * sizeof *x);
    if (variant != HS_RAGGED_PADDED || n == w) return 1;
    hs_kb5 sel = hs_rsc_selector(rho, 0, rho + w, n - w);
    if (hs_kb5_is_zero(sel)) return 0;
    hs_kb5 inv = hs_kb5_inv(sel);
    for (unsigned j = 0; j < LANES; j++) out[j] = hs_kb5_mul(x[j], inv);
    return 1;
}

/* The stacked columns of a private statement (32 columns of 2^m rows, stack_layout). */
static hs_kb *stack_build(const hs_ragged_shape *s, const hs_kb *const *in, const hs_kb *const *out, unsigned threads) {
    size_t off[HS_RAGGED_MAX_REGIONS];
    unsigned m;
    stack_layout(s, off, &m);
    const size_t M = (size_t)1 << m;
    hs_kb *st = hs_alloc_array(M, 2 * LANES * sizeof(hs_kb));
    if (!st) return NULL;
    size_t used = 0;
    for (unsigned a = 0; a < s->n_regions; a++) used += (size_t)1 << s->widths[a];
    for (unsigned c = 0; c < 2 * LANES; c++) memset(st + c * M + used, 0, (M - used) * sizeof(hs_kb));
    for (unsigned a = 0; a < s->n_regions; a++) {
        const long long N = 1ll << s->widths[a];
        const hs_kb *ia = in[a], *oa = out[a];
        hs_kb *dst = st + off[a];
#pragma omp parallel for num_threads(threads > 1 && N >= 4096 ? threads : 1) schedule(static)
        for (long long u = 0; u < N; u++)
            for (unsigned j = 0; j < LANES; j++) {
                dst[j * M + (size_t)u] = ia[(size_t)u * LANES + j];
                dst[(LANES + j) * M + (size_t)u] = oa[(size_t)u * LANES + j];
            }
    }
    return st;
}

static void strip_rc(unsigned layer, const hs_kb5 *vals, hs_kb5 *v) {
    hs_kb rc[LANES];
    hs_gkr_layer_rc(p2kb16(), layer, rc);
    for (unsigned j = 0; j < LANES; j++) v[j] = hs_kb5_sub(vals[j], hs_kb5_from_base(rc[j]));
}

static hs_kb5 sample_beta(hs_transcript *tr) {
    hs_kb5 g = hs_gkr_sample(tr);
    return hs_kb5_mul(hs_kb5_square(g), g);
}

/* What a private proof opens (heap: 2A statements of 16 claims). */
typedef struct {
    hs_kb5 v_out[HS_RAGGED_MAX_REGIONS][LANES];
    hs_kb5 x_pt[HS_RAGGED_MAX_REGIONS][HS_RAGGED_MAX_W];
    hs_kb5 x_val[HS_RAGGED_MAX_REGIONS][LANES];
    uint32_t sel[HS_RAGGED_MAX_REGIONS][2 * LANES];
    hs_whir_statement st[2 * HS_RAGGED_MAX_REGIONS];
} openings;

/* ---- prover ---- */

typedef struct {
    unsigned n;          /* variables of this region's table (padded: W) */
    hs_gkr_witness wit;
    hs_kb *rows;         /* the table's input rows (witness_initial reads them); owned if padded */
    int own_rows;
    hs_kb *lanes;        /* lanes 1..15 of the current partial layer, column j - 1 of 2^n */
    hs_kb5 z[HS_RAGGED_MAX_W];
    hs_kb5 v[LANES];
} region;

static void region_free(region *g) {
    hs_gkr_witness_free(&g->wit);
    hs_free(g->lanes);
    if (g->own_rows) hs_free(g->rows);
    g->lanes = NULL, g->rows = NULL, g->own_rows = 0;
}

/* Lanes 1..15 of the partial pre-states, one layer at a time walking down (one layer held):
 * u_{L+1} = M_I (s_L, pre_L[1..15]), so pre_L[1..15] = (M_I^{-1} u_{L+1})[1..15] with
 * u_{L+1} = pre_{L+1} - rc_{L+1} (layer 24: its held columns; below: lane 0 held, lanes 1..15 the
 * previous step's). M_I = diag(V) + ones, so M_I^{-1} u = t - kappa (sum t) V^{-1}, t = V^{-1} u,
 * kappa = 1 / (1 + sum V^{-1}): 32 products a row instead of a 16 x 16 matrix. */
#define LANE_CHUNK 1024

#ifndef HS_HAVE_AVX2
void hs_ragged_lanes_avx2(const hs_ragged_lanes_job *J, size_t lo, size_t hi) { hs_ragged_lanes_portable(J, lo, hi); }
#endif

/* One row at a time (the twin of the AVX2 kernel). */
void hs_ragged_lanes_portable(const hs_ragged_lanes_job *J, size_t lo, size_t hi) {
    for (size_t x = lo; x < hi; x++) {
        hs_kb t[LANES], sum = 0;
        for (unsigned j = 0; j < LANES; j++) { /* every read before the first write: dst may be src */
            t[j] = hs_kb_mul(hs_kb_sub(J->src[j][x], J->rc[j]), J->iv[j]);
            sum = hs_kb_add(sum, t[j]);
        }
        const hs_kb cf = hs_kb_mul(sum, J->kappa);
        for (unsigned j = 1; j < LANES; j++) J->dst[(size_t)(j - 1) * J->stride + x] = hs_kb_sub(t[j], hs_kb_mul(cf, J->iv[j]));
    }
}

/* The lanes' column stride: padded (hs_gkr_plane_cap), so the 15 columns the lanes step writes and
 * the layer sumcheck reads row by row do not share one cache set. */
static size_t lanes_stride(const region *g) { return hs_gkr_plane_cap((size_t)1 << g->n); }

static int lanes_prepare(region *g, unsigned L, const hs_ragged_lanes_job *consts, hs_ragged_lanes_job *J) {
    const size_t N = (size_t)1 << g->n;
    const size_t S = lanes_stride(g);
    if (!g->lanes) g->lanes = hs_alloc_array(S, 15 * sizeof(hs_kb));
    if (!g->lanes) return 0;
    /* in place: a row's new lanes depend on that row's previous ones only, and layer L + 1's
     * sumcheck has read them (its first fold copies them) before this step runs */
    *J = *consts;
    J->dst = g->lanes;
    J->N = N, J->stride = S;
    for (unsigned j = 0; j < LANES; j++)
        J->src[j] = L + 1 == 24 || j == 0 ? hs_gkr_col(&g->wit, L + 1, j) : g->lanes + (size_t)(j - 1) * S;
    return 1;
}

/* Every region's step of layer L in one team: chunks of all regions in one loop, so small
 * regions do not each start (and wait on) a team of their own. */
static int lanes_step(region *g, unsigned k, unsigned L, unsigned threads) {
    hs_ragged_lanes_job J[HS_RAGGED_MAX_REGIONS], consts;
    const hs_p2_params *pp = hs_p2_kb16();
    consts.kappa = HS_KB_ONE;
    for (unsigned j = 0; j < LANES; j++) {
        consts.iv[j] = hs_kb5_inv(hs_kb5_from_base(pp->diag[j])).c[0];
        consts.kappa = hs_kb_add(consts.kappa, consts.iv[j]);
    }
    consts.kappa = hs_kb5_inv(hs_kb5_from_base(consts.kappa)).c[0];
    hs_gkr_layer_rc(p2kb16(), L + 1, consts.rc);
    size_t first[HS_RAGGED_MAX_REGIONS + 1];
    first[0] = 0;
    for (unsigned a = 0; a < k; a++) {
        if (!lanes_prepare(&g[a], L, &consts, &J[a])) return 0;
        first[a + 1] = first[a] + (J[a].N + LANE_CHUNK - 1) / LANE_CHUNK;
    }
    const int avx2 = hs_cpu_has_avx2(); /* resolved before the team starts */
    const long long nch = (long long)first[k];
#pragma omp parallel for num_threads(threads > 1 && nch > 1 ? threads : 1) schedule(static)
    for (long long c = 0; c < nch; c++) {
        unsigned a = 0;
        while (first[a + 1] <= (size_t)c) a++;
        const size_t lo = ((size_t)c - first[a]) * LANE_CHUNK, N = J[a].N;
        const size_t hi = N - lo < LANE_CHUNK ? N : lo + LANE_CHUNK;
        if (avx2)
            hs_ragged_lanes_avx2(&J[a], lo, hi);
        else
            hs_ragged_lanes_portable(&J[a], lo, hi);
    }
    return 1;
}

/* Witness, outputs (outs: 2^n rows, may be NULL) and partial lanes of one region table. */
static int region_build(region *g, unsigned threads, hs_kb *outs, size_t corrupt) {
    if (!hs_gkr_witness_build(&g->wit, p2kb16(), g->rows, g->n, threads, outs, 0)) return 0;
    if (corrupt && corrupt <= g->wit.N * g->wit.n_cols)
        g->wit.pre[corrupt - 1] = hs_kb_add(g->wit.pre[corrupt - 1], HS_KB_ONE);
    return 1;
}

/* One walk over k regions sharing one sumcheck of nv variables per layer. */
static int walk_prove(region *g, unsigned k, unsigned nv, hs_transcript *tr, hs_writer *out, unsigned threads,
                      const char **why) {
    hs_rsc_instance inst[HS_RAGGED_MAX_REGIONS];
    const hs_kb *tabs[HS_RAGGED_MAX_REGIONS][LANES];
    hs_sc_term terms[HS_RAGGED_MAX_REGIONS][LANES];
    hs_kb5 claims[HS_RAGGED_MAX_REGIONS], rho[HS_RAGGED_MAX_W];
    hs_kb5 *fv = malloc((size_t)k * LANES * sizeof *fv);
    hs_rsc_ws *ws = hs_rsc_ws_new();
    if (!fv || !ws) {
        free(fv), hs_rsc_ws_free(ws);
        return *why = hs_why_nomem, 0;
    }
    int ok = 0;
    for (unsigned L = p2kb16()->layers; L-- > 0;) {
        const int full = hs_gkr_layer_full(p2kb16(), L);
        if (L == 3)
            for (unsigned a = 0; a < k; a++) hs_gkr_witness_initial(&g[a].wit, g[a].rows, threads);
        if (!full && !lanes_step(g, k, L, threads)) {
            *why = hs_why_nomem;
            goto done;
        }
        hs_kb5 beta = sample_beta(tr), c = hs_kb5_one();
        for (unsigned a = 0; a < k; a++) {
            for (unsigned j = 0; j < LANES; j++) {
                const int cube = full || j == 0;
                tabs[a][j] = cube ? hs_gkr_col(&g[a].wit, L, j) : g[a].lanes + (size_t)(j - 1) * lanes_stride(&g[a]);
                terms[a][j] = (hs_sc_term){cube ? 3u : 1u, {j, j, j, 0}, c};
                c = hs_kb5_mul(c, beta);
            }
            inst[a] = (hs_rsc_instance){g[a].n, g[a].z, LANES, tabs[a], LANES, terms[a]};
        }
        if (!hs_rsc_prove_ws(ws, inst, k, nv, tr, out, threads, claims, rho, fv, why)) goto done;
        for (unsigned a = 0; a < k; a++) {
            hs_gkr_send_k(tr, out, fv + a * LANES, LANES);
            strip_rc(L, fv + a * LANES, g[a].v);
            memcpy(g[a].z, rho, g[a].n * sizeof *rho);
        }
    }
    ok = 1;
done:
    free(fv);
    hs_rsc_ws_free(ws);
    return ok;
}

static void put_terminal(hs_ragged_claims *cl, unsigned a, unsigned n, const hs_kb5 *z, const hs_kb5 *v) {
    if (!cl) return;
    cl->n_in[a] = n;
    memcpy(cl->rho_in[a], z, n * sizeof *z);
    hs_gkr_apply_inv(p2kb16(), p2kb16()->initial_inv, v, cl->x_claim[a]); /* u_0 = M_E x */
}

int hs_ragged_prove(const hs_ragged_shape *shape_in, const hs_kb *const *inputs, hs_kb *const *outputs,
                    unsigned threads, hs_writer *out, hs_ragged_timing *timing, hs_ragged_claims *claims,
                    size_t corrupt, const char **why) {
    hs_ragged_timing tdummy;
    hs_ragged_timing *tm = timing ? timing : &tdummy;
    memset(tm, 0, sizeof *tm);
    corrupt = HS_TEST_HOOK(corrupt);
    HS_VERIFY_SPOIL(corrupt != 0);
    hs_ragged_shape s;
    if (!hs_ragged_shape_make(&s, shape_in->variant, shape_in->widths, shape_in->n_regions, shape_in->preset, why) ||
        !hs_ragged_shape_set_private(&s, shape_in->private_io, why))
        return 0;
    if (threads < 1) threads = 1;
    const unsigned A = s.n_regions, W = s.W;
    const double t0 = hs_now();
    double tw = 0;
    int ok = 0;
    openings *op = NULL;
    hs_whir_params wp;
    hs_whir_witness *ww = NULL;
    hs_kb *stack = NULL;
    region *g = calloc(A, sizeof *g);
    hs_kb **outs = calloc(A, sizeof *outs);
    hs_ragged_claims *cl = claims;
    if (cl) memset(cl, 0, sizeof *cl);
    *why = hs_why_nomem;
    if (!g || !outs) goto done;

    /* outputs (the digest binds them before anything is sampled) and, unless independent, witnesses */
    for (unsigned a = 0; a < A; a++) {
        const size_t N = (size_t)1 << s.widths[a];
        outs[a] = outputs ? outputs[a] : hs_alloc_array(N, LANES * sizeof(hs_kb));
        if (!outs[a]) goto done;
        region *ga = &g[a];
        if (s.variant == HS_RAGGED_INDEPENDENT) {
            memcpy(outs[a], inputs[a], N * LANES * sizeof(hs_kb));
            hs_p2_permute_many(hs_p2_kb16(), outs[a], N, 0, threads);
            continue;
        }
        if (s.variant == HS_RAGGED_RAGGED) {
            ga->n = s.widths[a];
            ga->rows = (hs_kb *)inputs[a];
            if (!region_build(ga, threads, outs[a], a == 0 ? corrupt : 0)) goto done;
        } else { /* padded: row u at u 2^{W - w}, zero states elsewhere */
            const unsigned sh = W - s.widths[a];
            const size_t NW = (size_t)1 << W;
            ga->n = W;
            ga->rows = hs_alloc_array(NW, LANES * sizeof(hs_kb));
            ga->own_rows = 1;
            hs_kb *pout = hs_alloc_array(NW, LANES * sizeof(hs_kb));
            if (!ga->rows || !pout) {
                hs_free(pout);
                goto done;
            }
            memset(ga->rows, 0, NW * LANES * sizeof(hs_kb));
            for (size_t u = 0; u < N; u++) memcpy(ga->rows + (u << sh) * LANES, inputs[a] + u * LANES, LANES * sizeof(hs_kb));
            int built = region_build(ga, threads, pout, a == 0 ? corrupt : 0);
            for (size_t u = 0; built && u < N; u++) memcpy(outs[a] + u * LANES, pout + (u << sh) * LANES, LANES * sizeof(hs_kb));
            hs_free(pout);
            if (!built) goto done;
        }
    }
    tw = hs_now() - t0;

    uint8_t hb[RAGGED_HEADER_MAX];
    const size_t hlen = header_bytes(&s, hb);
    hs_w_bytes(out, hb, hlen);
    hs_transcript tr;
    hs_kb5 z_out[HS_RAGGED_MAX_W];
    transcript_header(&tr, hb, hlen);
    if (s.private_io) { /* one stacked commitment of every region's X || Y */
        const double tc = hs_now();
        *why = hs_why_nomem;
        if (!(op = calloc(1, sizeof *op)) || !whir_params(&s, &wp, why)) goto done;
        *why = hs_why_nomem;
        if (!(stack = stack_build(&s, inputs, (const hs_kb *const *)outs, threads))) goto done;
        const hs_kb *cols[2 * LANES];
        const size_t M = (size_t)1 << (s.commit_vars - STACK_LOG_COLS);
        for (unsigned c = 0; c < 2 * LANES; c++) cols[c] = stack + c * M;
        if (!hs_whir_commit(&ww, &wp, NULL, cols, STACK_LOG_COLS, s.commit_vars - STACK_LOG_COLS, &tr, out, NULL,
                            threads, why))
            goto done;
        tm->commit_s = hs_now() - tc;
    } else {
        transcript_digest(&tr, &s, inputs, (const hs_kb *const *)outs);
    }
    sample_z(&tr, W, z_out);
    if (cl) memcpy(cl->z_out, z_out, W * sizeof *z_out);
    *why = hs_why_nomem;
    for (unsigned a = 0; a < A; a++) {
        if (!hs_gkr_eval_rows(outs[a], LANES, s.widths[a], z_out, g[a].v, threads)) goto done;
        if (cl) memcpy(cl->v_out[a], g[a].v, sizeof g[a].v);
        if (op) memcpy(op->v_out[a], g[a].v, sizeof g[a].v);
        memset(g[a].z, 0, sizeof g[a].z); /* padded: (z_{<w}, 0, .., 0) */
        memcpy(g[a].z, z_out, s.widths[a] * sizeof *z_out);
    }
    if (op) /* private: the output claims are sent */
        for (unsigned a = 0; a < A; a++) hs_gkr_send_k(&tr, out, op->v_out[a], LANES);
    transcript_variant(&tr, hb);

    if (s.variant == HS_RAGGED_INDEPENDENT) {
        for (unsigned a = 0; a < A; a++) {
            region *ga = &g[a];
            double tb = hs_now();
            ga->n = s.widths[a];
            ga->rows = (hs_kb *)inputs[a];
            if (!region_build(ga, threads, NULL, a == 0 ? corrupt : 0)) goto done;
            tw += hs_now() - tb;
            if (!walk_prove(ga, 1, ga->n, &tr, out, threads, why)) goto done;
            region_free(ga);
        }
    } else if (!walk_prove(g, A, W, &tr, out, threads, why)) {
        goto done;
    }
    for (unsigned a = 0; a < A; a++) put_terminal(cl, a, g[a].n, g[a].z, g[a].v);
    if (op) { /* every region's output and input claims in one opening */
        const double to = hs_now();
        for (unsigned a = 0; a < A; a++) {
            hs_kb5 x[LANES];
            hs_gkr_apply_inv(p2kb16(), p2kb16()->initial_inv, g[a].v, x);
            memcpy(op->x_pt[a], g[a].z, s.widths[a] * sizeof *g[a].z);
            *why = "degenerate challenge (padding selector 0)";
            if (!native_claims(s.variant, s.widths[a], g[a].n, g[a].z, x, op->x_val[a])) goto done;
        }
        region_statements(&s, z_out, op->v_out, op->x_pt, op->x_val, op->sel, op->st);
        if (!hs_whir_open(&wp, ww, op->st, 2 * (size_t)A, &tr, out, threads, why)) goto done;
        tm->open_s = hs_now() - to;
    }
    ok = !out->err;
    *why = ok ? NULL : hs_why_nomem;
done:
    if (g)
        for (unsigned a = 0; a < A; a++) region_free(&g[a]);
    if (outs && !outputs)
        for (unsigned a = 0; a < A; a++) hs_free(outs[a]);
    free(g);
    free(outs);
    free(op);
    hs_whir_witness_free(ww);
    hs_free(stack);
    tm->witness_s = tw;
    tm->total_s = hs_now() - t0;
    tm->walk_s = tm->total_s - tw - tm->commit_s - tm->open_s;
    return ok;
}

/* ---- verifier ---- */

typedef struct {
    unsigned n;
    hs_kb5 z[HS_RAGGED_MAX_W];
    hs_kb5 v[LANES];
} vregion;

static int walk_verify(vregion *g, unsigned k, unsigned nv, hs_transcript *tr, hs_reader *r, const char **why) {
    hs_kb5 rho[HS_RAGGED_MAX_W], omega[HS_RAGGED_MAX_REGIONS][LANES];
    for (unsigned L = p2kb16()->layers; L-- > 0;) {
        const int full = hs_gkr_layer_full(p2kb16(), L);
        hs_kb5 beta = sample_beta(tr), c = hs_kb5_one(), claim = hs_kb5_zero(), final;
        for (unsigned a = 0; a < k; a++) {
            hs_kb5 wv[LANES];
            hs_gkr_apply_inv(p2kb16(), full ? p2kb16()->full_inv : p2kb16()->last_inv, g[a].v, wv);
            for (unsigned j = 0; j < LANES; j++) {
                omega[a][j] = c;
                claim = hs_kb5_add(claim, hs_kb5_mul(c, wv[j]));
                c = hs_kb5_mul(c, beta);
            }
        }
        if (!hs_sc_verify(tr, r, nv, RAGGED_DEGREE, claim, rho, &final)) return *why = r->err ? r->err : "truncated proof", 0;
        hs_kb5 expect = hs_kb5_zero();
        for (unsigned a = 0; a < k; a++) {
            hs_kb5 vals[LANES], ga = hs_kb5_zero();
            if (!hs_gkr_recv_k(tr, r, vals, LANES)) return *why = r->err, 0;
            for (unsigned j = 0; j < LANES; j++) {
                hs_kb5 t = vals[j];
                if (full || j == 0) t = hs_kb5_mul(hs_kb5_square(t), t);
                ga = hs_kb5_add(ga, hs_kb5_mul(omega[a][j], t));
            }
            expect = hs_kb5_add(expect, hs_kb5_mul(hs_rsc_selector(g[a].z, g[a].n, rho, nv), ga));
            strip_rc(L, vals, g[a].v);
        }
        if (!hs_kb5_eq(expect, final)) return *why = "a layer's final sumcheck identity does not hold", 0;
        for (unsigned a = 0; a < k; a++) memcpy(g[a].z, rho, g[a].n * sizeof *rho);
    }
    return 1;
}

static size_t walk_bytes(unsigned k, unsigned nv) {
    return (size_t)p2kb16()->layers * ((size_t)nv * RAGGED_DEGREE + (size_t)k * LANES) * E_BYTES;
}

int hs_ragged_verify(const uint8_t *proof, size_t len, const hs_kb *const *pub_in, const hs_kb *const *pub_out,
                     const size_t *rows, unsigned n_regions, unsigned threads, hs_ragged_shape *shape_out, hs_ragged_claims *claims,
                     const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_ragged_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    if (shape_out) *shape_out = s;
    if (threads < 1) threads = 1;
    const unsigned A = s.n_regions, W = s.W;
    if (s.private_io && (pub_in || pub_out || rows || n_regions))
        return *why = "the proof is for a private statement: it takes no tables", 0;
    if (!s.private_io) {
        if (!pub_in || !pub_out || !rows || n_regions != A) return *why = "the public tables do not match the proof's regions", 0;
        for (unsigned a = 0; a < A; a++)
            if (rows[a] != (size_t)1 << s.widths[a]) return *why = "the public tables do not match the proof's regions", 0;
    }
    hs_whir_params wp;
    if (s.private_io && !whir_params(&s, &wp, why)) return 0;
    size_t body = 0;
    if (s.variant == HS_RAGGED_INDEPENDENT)
        for (unsigned a = 0; a < A; a++) body += walk_bytes(1, s.widths[a]);
    else
        body = walk_bytes(A, W);
    if (s.private_io) body += (size_t)A * LANES * E_BYTES; /* the output claims; the WHIR parts are read bounded */
    if (hs_r_left(&r) < body) return *why = "truncated proof", 0;
    if (!s.private_io && hs_r_left(&r) > body) return *why = "trailing bytes after the proof", 0;

    hs_ragged_claims *cl = claims;
    if (cl) memset(cl, 0, sizeof *cl);
    vregion *g = calloc(A, sizeof *g);
    openings *op = s.private_io ? calloc(1, sizeof *op) : NULL;
    if (!g || (s.private_io && !op)) {
        free(g), free(op);
        return *why = hs_why_nomem, 0;
    }
    int ok = 0;
    hs_transcript tr;
    hs_whir_commitment comm;
    hs_kb5 z_out[HS_RAGGED_MAX_W];
    transcript_header(&tr, proof, RAGGED_FIXED_BYTES + A);
    if (s.private_io) {
        if (!hs_whir_verify_commitment(&wp, &tr, &r, &comm, why)) goto done;
    } else {
        transcript_digest(&tr, &s, pub_in, pub_out);
    }
    sample_z(&tr, W, z_out);
    if (cl) memcpy(cl->z_out, z_out, W * sizeof *z_out);
    *why = hs_why_nomem;
    for (unsigned a = 0; a < A; a++) {
        if (s.private_io) {
            if (!hs_gkr_recv_k(&tr, &r, g[a].v, LANES)) {
                *why = r.err ? r.err : "truncated proof";
                goto done;
            }
            memcpy(op->v_out[a], g[a].v, sizeof g[a].v);
        } else if (!hs_gkr_eval_rows(pub_out[a], LANES, s.widths[a], z_out, g[a].v, threads)) {
            goto done;
        }
        if (cl) memcpy(cl->v_out[a], g[a].v, sizeof g[a].v);
        g[a].n = s.variant == HS_RAGGED_PADDED ? W : s.widths[a];
        memcpy(g[a].z, z_out, s.widths[a] * sizeof *z_out); /* padded: zero beyond w_a (calloc) */
    }
    transcript_variant(&tr, proof);
    if (s.variant == HS_RAGGED_INDEPENDENT) {
        for (unsigned a = 0; a < A; a++)
            if (!walk_verify(&g[a], 1, g[a].n, &tr, &r, why)) goto done;
    } else if (!walk_verify(g, A, W, &tr, &r, why)) {
        goto done;
    }
    for (unsigned a = 0; a < A; a++) {
        hs_kb5 x_claim[LANES], x_pub[LANES];
        put_terminal(cl, a, g[a].n, g[a].z, g[a].v);
        hs_gkr_apply_inv(p2kb16(), p2kb16()->initial_inv, g[a].v, x_claim);
        if (s.private_io) {
            memcpy(op->x_pt[a], g[a].z, s.widths[a] * sizeof *g[a].z);
            if (!native_claims(s.variant, s.widths[a], g[a].n, g[a].z, x_claim, op->x_val[a])) {
                *why = "degenerate challenge (padding selector 0)";
                goto done;
            }
            continue;
        }
        *why = hs_why_nomem;
        if (!hs_gkr_eval_rows(pub_in[a], LANES, s.widths[a], g[a].z, x_pub, threads)) goto done;
        /* padded: real rows sit where the low W - w_a index bits are zero; the padding inputs are 0 */
        hs_kb5 sel = hs_rsc_selector(g[a].z, 0, g[a].z + s.widths[a], g[a].n - s.widths[a]);
        for (unsigned j = 0; j < LANES; j++)
            if (!hs_kb5_eq(hs_kb5_mul(sel, x_pub[j]), x_claim[j])) {
                *why = "input claims do not match the public inputs";
                goto done;
            }
    }
    if (s.private_io) {
        region_statements(&s, z_out, op->v_out, op->x_pt, op->x_val, op->sel, op->st);
        if (!hs_whir_verify(&wp, &comm, op->st, 2 * (size_t)A, &tr, &r, why)) goto done;
        if (hs_r_left(&r) != 0) {
            *why = "trailing bytes after the proof";
            goto done;
        }
    }
    ok = 1;
    *why = NULL;
done:
    free(g);
    free(op);
    return ok;
}
