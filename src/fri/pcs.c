/* FRI polynomial commitment (pcs.h): commit, open, verify and the proof's byte layout
 * (docs/PROOF_FORMAT.md, section "PCS / FRI"). The arithmetic lives in deep.c (barycentric
 * evaluation, DEEP quotient) and fold.c (folding, shared by prover and verifier). */
#include "fri/pcs.h"

#include <stdlib.h>
#include <string.h>

#include "fri/fri_internal.h"
#include "util/mem.h"
#include "util/progress.h"

#define MAX_LAYERS HS_KB_TWO_ADICITY
/* Merkle levels kept only as rows: openings rehash 2^k rows per level-k sibling (7 rows per
 * query at 3), and every tree shrinks to 1/8 of its size. */
#define DROP_LEVELS 3

struct hs_pcs_matrix {
    unsigned log_h, log_blowup;
    size_t w;
    hs_merkle_hash hash;
    unsigned cap_height; /* as asked; the tree clamps it */
    int direct_deep;     /* test hook: DEEP quotient from all LDE rows */
    int cosets;          /* 1: lde holds one block of h rows (block `held`), not the whole LDE */
    int spent;           /* coset matrix whose block is gone (gather_rows' last, partial move) */
    size_t held;
    size_t side_w;       /* coset matrix: columns [0, side_w) of block side_q kept in side (h rows) */
    size_t side_q;
    int side_ok;
    hs_kb *side;
    hs_kb *lde;
    hs_merkle_tree *tree;
};

/* The shape of the FRI rounds for matrices of height 2^log_h. */
typedef struct {
    unsigned n_layers;                /* committed layers = folding rounds */
    unsigned log_n[MAX_LAYERS + 1];   /* layer r lives on a coset of size 2^log_n[r]; [n_layers]: final */
    unsigned arity[MAX_LAYERS];       /* log of round r's folding arity */
    unsigned folded[MAX_LAYERS + 1];  /* bits folded before layer r: its shift is g^(2^folded[r]) */
    unsigned cap[MAX_LAYERS];         /* cap height of layer r's tree (clamped) */
} geom;

static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

static void make_geom(const hs_fri_params *p, unsigned log_h, geom *g) {
    unsigned log_d = log_h, r = 0;
    memset(g, 0, sizeof *g); /* compared with memcmp */
    g->log_n[0] = log_h + p->log_blowup;
    g->folded[0] = 0;
    while (log_d > p->log_final_len) {
        unsigned a = umin(p->log_arity, log_d - p->log_final_len);
        g->arity[r] = a;
        g->cap[r] = umin(p->cap_height, g->log_n[r] - a);
        log_d -= a;
        g->log_n[r + 1] = g->log_n[r] - a;
        g->folded[r + 1] = g->folded[r] + a;
        r++;
    }
    g->n_layers = r;
}

static hs_kb kb_pow2k(hs_kb x, unsigned k) {
    while (k--) x = hs_kb_square(x);
    return x;
}
static hs_kb layer_shift(const geom *g, unsigned r) { return kb_pow2k(hs_kb_from_u32(HS_KB_GENERATOR), g->folded[r]); }

struct hs_pcs_proof {
    unsigned d, log_h, num_queries;
    geom g;
    size_t n_mats;
    size_t *widths;
    hs_digest *caps[MAX_LAYERS];
    uint64_t nonce[MAX_LAYERS];
    hs_kbe *final_poly; /* 2^log_final_len coefficients */
    size_t final_len;
    uint64_t query_nonce;
    uint32_t *queries; /* num_queries, in sampling order */
    /* derived from the queries */
    size_t n_uniq, *uniq;
    size_t ncos[MAX_LAYERS], *cos[MAX_LAYERS];
    /* openings */
    hs_kb **rows;        /* per matrix: n_uniq rows */
    hs_digest **msib;    /* per matrix: Merkle siblings */
    size_t *nmsib;
    hs_kb *cvals[MAX_LAYERS]; /* per layer: ncos cosets of 2^arity packed values */
    hs_digest *lsib[MAX_LAYERS];
    size_t nlsib[MAX_LAYERS];
};

/* ---- parameters ---- */

int hs_fri_params_check(const hs_fri_params *p, unsigned log_h, const char **why) {
    const char *bad = NULL;
    if (!p)
        bad = "fri: no parameters";
    else if (!hs_kbe_degree_ok(p->ext_degree))
        bad = "fri: extension degree must be 4, 5 or 8";
    else if (log_h > HS_NTT_MAX_LOG)
        bad = "fri: matrix height above 2^24";
    else if (p->log_blowup < 1 || log_h + p->log_blowup > HS_NTT_MAX_LOG)
        bad = "fri: log_blowup must be in 1..24-log_h";
    else if (p->log_arity < 1 || p->log_arity > 4)
        bad = "fri: log_arity must be in 1..4";
    else if (p->log_final_len > log_h)
        bad = "fri: final polynomial longer than the matrix height";
    else if (p->num_queries < 1 || p->num_queries > 1024)
        bad = "fri: num_queries must be in 1..1024";
    else if (p->commit_pow_bits > 40 || p->query_pow_bits > 40)
        bad = "fri: proof-of-work bits above 40";
    else if ((unsigned)p->hash > (unsigned)HS_MERKLE_BLAKE3)
        bad = "fri: unknown Merkle hash";
    else if (p->cap_height > 30)
        bad = "fri: cap height above 30";
    if (why) *why = bad;
    return bad == NULL;
}

/* z in g*K (|K| = 2^log_n)? Such points make the quotients undefined. */
static int in_domain(hs_kbe z, unsigned log_n) {
    for (unsigned i = 1; i < HS_KBE_MAX; i++)
        if (z.c[i]) return 0;
    hs_kb y = hs_kb_mul(z.c[0], hs_kb_inv(hs_kb_from_u32(HS_KB_GENERATOR)));
    return y != 0 && kb_pow2k(y, log_n) == HS_KB_ONE;
}

/* ---- commit ---- */

/* bits-bit reversal of i */
static size_t rev_bits(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++, i >>= 1) r = (r << 1) | (i & 1);
    return r;
}

/* The coset of block q of an LDE of height 2^log_h at blowup 2^B: g * w_N^bitrev_B(q), N = 2^(log_h + B). */
static hs_kb block_shift(unsigned log_h, unsigned B, size_t q) {
    return hs_kb_mul(hs_kb_from_u32(HS_KB_GENERATOR), hs_kb_exp(hs_kb_two_adic_root(log_h + B), rev_bits(q, B)));
}

/* The LDE's per-block callback: leaves are hashed while the finished rows are still in cache. */
typedef struct {
    hs_merkle_tree *tree;
    size_t w;
} leaf_sink;

static void leaf_rows(void *ctx, const hs_kb *rows, size_t first, size_t nrows, int thread) {
    (void)thread;
    const leaf_sink *ls = ctx;
    hs_merkle_set_leaves(ls->tree, rows, first, nrows, ls->w);
}

/* LDE of evals into lde (may be the same buffer) fused with the leaf hashing, then the tree. */
/* A matrix of h x w rows at p's blowup, hash and cap, owning lde (freed here when the matrix
 * cannot be allocated); NULL on out of memory. */
static hs_pcs_matrix *matrix_new(const hs_fri_params *p, unsigned log_h, size_t w, hs_kb *lde) {
    hs_pcs_matrix *m = calloc(1, sizeof *m);
    if (!m) {
        hs_free(lde);
        return NULL;
    }
    m->log_h = log_h;
    m->log_blowup = p->log_blowup;
    m->w = w;
    m->hash = p->hash;
    m->cap_height = p->cap_height;
    m->lde = lde;
    return m;
}

static hs_pcs_matrix *commit_into(const hs_fri_params *p, const hs_ntt_plan *plan, const hs_kb *evals, hs_kb *lde,
                                  unsigned log_h, size_t w, int in_bitrev, unsigned threads) {
    hs_pcs_matrix *m = matrix_new(p, log_h, w, lde);
    if (!m) return NULL;
    leaf_sink ls = {NULL, w};
    if (!hs_merkle_begin(&m->tree, p->hash, log_h + p->log_blowup, p->cap_height)) goto fail;
    ls.tree = m->tree;
    if (!hs_ntt_coset_lde_rows(plan, evals, lde, log_h, w, p->log_blowup, HS_KB_ONE, in_bitrev,
                               hs_kb_from_u32(HS_KB_GENERATOR), threads, leaf_rows, &ls))
        goto fail;
    hs_phase_progress(0.9); /* the LDE and its leaves; the tree's inner levels are left */
    hs_merkle_finish(m->tree, threads);
    hs_merkle_drop_levels(m->tree, DROP_LEVELS, lde, w);
    return m;
fail:
    hs_pcs_matrix_free(m);
    return NULL;
}

static int commit_args_ok(const hs_fri_params *p, const hs_ntt_plan *plan, const void *buf, unsigned log_h, size_t w,
                          size_t *words) {
    return p && plan && buf && w != 0 && hs_fri_params_check(p, log_h, NULL) && log_h <= plan->max_log_n &&
           hs_mul_overflow_ok((size_t)1 << (log_h + p->log_blowup), w, words);
}

/* The owned commits' arguments: 1 when they are valid, else 0 with buf freed; *out is NULL. */
static int owned_args_ok(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                         unsigned log_h, size_t w) {
    size_t words;
    if (out) *out = NULL;
    if (out && commit_args_ok(p, plan, buf, log_h, w, &words)) return 1;
    hs_free(buf);
    return 0;
}

int hs_pcs_commit(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, const hs_kb *evals,
                  unsigned log_h, size_t w, int in_bitrev, unsigned threads) {
    if (!out) return 0;
    *out = NULL;
    size_t words;
    if (!commit_args_ok(p, plan, evals, log_h, w, &words)) return 0;
    hs_kb *lde = hs_alloc_array(words, sizeof(hs_kb));
    if (!lde) return 0;
    *out = commit_into(p, plan, evals, lde, log_h, w, in_bitrev, threads);
    return *out != NULL;
}

int hs_pcs_commit_owned(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                        unsigned log_h, size_t w, int in_bitrev, unsigned threads) {
    if (!owned_args_ok(out, p, plan, buf, log_h, w)) return 0;
    *out = commit_into(p, plan, buf, buf, log_h, w, in_bitrev, threads);
    return *out != NULL;
}

int hs_pcs_commit_coeffs_owned(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                               unsigned log_h, size_t w, unsigned threads) {
    if (!owned_args_ok(out, p, plan, buf, log_h, w)) return 0;
    hs_pcs_matrix *m = matrix_new(p, log_h, w, buf);
    if (!m) return 0;
    /* block q of the LDE is the bit-reversed evaluation on g * w_N^bitrev_B(q) * H (pcs.h), which
     * is a coset DIF of the coefficients; block 0 last, as it holds them */
    const size_t hw = ((size_t)1 << log_h) * w;
    const unsigned B = p->log_blowup, log_n = log_h + B;
    for (size_t q = ((size_t)1 << B); q-- > 0;) {
        if (q) memcpy(buf + q * hw, buf, hw * sizeof(hs_kb));
        if (!hs_ntt_coset_dif(plan, buf + q * hw, log_h, w, block_shift(log_h, B, q), threads)) goto fail;
        hs_phase_progress(0.6 * (double)(((size_t)1 << B) - q) / (double)((size_t)1 << B));
    }
    if (!hs_merkle_build(&m->tree, p->hash, buf, log_n, w, p->cap_height, threads)) goto fail;
    hs_merkle_drop_levels(m->tree, DROP_LEVELS, buf, w);
    *out = m;
    return 1;
fail:
    hs_pcs_matrix_free(m);
    return 0;
}

/* ---- commit coset by coset ----
 * The buffer holds one block (h rows) at a time. Moving from the block on coset a*H to the one on
 * b*H is hs_ntt_coset_lde_rows at blowup 1 in place: an iDIT on a*H and a DIF on b*H with their
 * top passes fused, the rows handed to the leaf hasher as they are finished. Each move computes
 * exactly the values the whole LDE has in that block, so the tree, the proof and every opened
 * row are the same as hs_pcs_commit_owned's. */

typedef struct {
    hs_merkle_tree *tree;
    size_t w, first;
} block_sink;

static void block_leaf_rows(void *ctx, const hs_kb *rows, size_t first, size_t nrows, int thread) {
    (void)thread;
    const block_sink *bs = ctx;
    hs_merkle_set_leaves(bs->tree, rows, bs->first + first, nrows, bs->w);
}

/* m->lde: block m->held -> block q (in_shift and in_bitrev describe what it holds now). */
static int move_block(hs_pcs_matrix *m, const hs_ntt_plan *plan, hs_kb in_shift, int in_bitrev, size_t q,
                      hs_ntt_rows_fn fn, void *ctx, unsigned threads) {
    if (!hs_ntt_coset_lde_rows(plan, m->lde, m->lde, m->log_h, m->w, 0, in_shift, in_bitrev,
                               block_shift(m->log_h, m->log_blowup, q), threads, fn, ctx))
        return 0;
    m->held = q;
    return 1;
}

int hs_pcs_commit_cosets_owned(hs_pcs_matrix **out, const hs_fri_params *p, const hs_ntt_plan *plan, hs_kb *buf,
                               unsigned log_h, size_t w, int in_bitrev, size_t spare_bytes, unsigned threads) {
    if (!owned_args_ok(out, p, plan, buf, log_h, w)) return 0;
    hs_pcs_matrix *m = matrix_new(p, log_h, w, buf);
    if (!m) return 0;
    m->cosets = 1;
    m->side_w = spare_bytes / (((size_t)4) << log_h);
    if (m->side_w > w) m->side_w = w;
    if (!hs_merkle_begin(&m->tree, p->hash, log_h + p->log_blowup, p->cap_height)) goto fail;
    /* blocks 0, 1, ..., B - 1: the quotient then walks back down and the opening finds block 0 */
    hs_kb shift = HS_KB_ONE; /* the trace: evaluations on H */
    for (size_t q = 0; q < ((size_t)1 << p->log_blowup); q++) {
        block_sink bs = {m->tree, w, q << log_h};
        if (!move_block(m, plan, shift, q ? 1 : in_bitrev, q, block_leaf_rows, &bs, threads)) goto fail;
        shift = block_shift(log_h, p->log_blowup, q);
        hs_phase_progress(0.9 * (double)(q + 1) / (double)((size_t)1 << p->log_blowup));
    }
    /* every level kept: hs_merkle_drop_levels would rehash rows that are no longer here */
    hs_merkle_finish(m->tree, threads);
    *out = m;
    return 1;
fail:
    hs_pcs_matrix_free(m);
    return 0;
}

/* Before a coset matrix leaves block held != 0 after its commitment: its first side_w columns go
 * to the side copy, so that the queries need to recompute only the other columns of it. */
static int keep_side(hs_pcs_matrix *m, unsigned threads) {
    if (!m->side_w || m->held == 0) return 1;
    const size_t h = (size_t)1 << m->log_h, w = m->w, sw = m->side_w;
    if (!m->side && !(m->side = hs_alloc_array(h, sw * sizeof(hs_kb)))) return 1; /* no room: do without */
    const long nh = (long)h;
#pragma omp parallel for num_threads(threads > 1 ? (int)threads : 1) schedule(static) if (threads > 1 && h >= 1024)
    for (long r = 0; r < nh; r++) memcpy(m->side + (size_t)r * sw, m->lde + (size_t)r * w, sw * sizeof(hs_kb));
    m->side_q = m->held;
    m->side_ok = 1;
    return 1;
}

const hs_kb *hs_pcs_block(hs_pcs_matrix *m, const hs_ntt_plan *plan, size_t q, unsigned threads) {
    if (!m || q >> m->log_blowup || m->spent) return NULL;
    if (!m->cosets) return m->lde + (q << m->log_h) * m->w;
    if (q != m->held && !keep_side(m, threads)) return NULL;
    if (q != m->held &&
        (!plan || m->log_h > plan->max_log_n ||
         !move_block(m, plan, block_shift(m->log_h, m->log_blowup, m->held), 1, q, NULL, NULL, threads)))
        return NULL;
    return m->lde;
}

int hs_pcs_is_cosets(const hs_pcs_matrix *m) { return m->cosets; }

/* The rows at the sorted indices idx into out (n rows of w words): a coset matrix visits the
 * block it holds first, then every other block a query falls in. */
static int gather_rows(hs_pcs_matrix *m, const hs_ntt_plan *plan, const size_t *idx, size_t n, hs_kb *out,
                       unsigned threads) {
    const size_t w = m->w;
    if (!m->cosets) {
        for (size_t k = 0; k < n; k++) memcpy(out + k * w, m->lde + idx[k] * w, w * sizeof(hs_kb));
        return 1;
    }
    if (m->spent) return 0;
    const size_t nb = (size_t)1 << m->log_blowup, held = m->held;
    const int side = m->side_ok && m->side_q != held;
    const size_t keep_w = m->side_w;
    m->side_w = 0; /* the side copy stays as it is while the other blocks are visited */
    for (size_t pass = 0; pass <= nb; pass++) {
        const size_t q = pass ? pass - 1 : held;
        if (pass && (q == held || (side && q == m->side_q))) continue;
        size_t k0 = 0;
        while (k0 < n && idx[k0] >> m->log_h < q) k0++;
        if (k0 == n || idx[k0] >> m->log_h != q) continue;
        const hs_kb *blk = hs_pcs_block(m, plan, q, threads);
        if (!blk) return m->side_w = keep_w, 0;
        for (size_t k = k0; k < n && idx[k] >> m->log_h == q; k++)
            memcpy(out + k * w, blk + (idx[k] - (q << m->log_h)) * w, w * sizeof(hs_kb));
    }
    m->side_w = keep_w;
    if (!side) return 1;
    /* last, the block with a side copy: its first sw columns are there; the other wb columns are
     * moved alone, after packing them to the front of the buffer (whose block is no longer needed) */
    const size_t q = m->side_q, sw = m->side_w, wb = w - sw, h = (size_t)1 << m->log_h;
    size_t k0 = 0;
    while (k0 < n && idx[k0] >> m->log_h < q) k0++;
    if (k0 == n || idx[k0] >> m->log_h != q) return 1;
    if (wb) {
        for (size_t r = 0; r < h; r++) memmove(m->lde + r * wb, m->lde + r * w + sw, wb * sizeof(hs_kb));
        m->spent = 1;
        if (!hs_ntt_coset_lde_rows(plan, m->lde, m->lde, m->log_h, wb, 0, block_shift(m->log_h, m->log_blowup, m->held), 1,
                                   block_shift(m->log_h, m->log_blowup, q), threads, NULL, NULL))
            return 0;
    }
    for (size_t k = k0; k < n && idx[k] >> m->log_h == q; k++) {
        const size_t r = idx[k] - (q << m->log_h);
        memcpy(out + k * w, m->side + r * sw, sw * sizeof(hs_kb));
        if (wb) memcpy(out + k * w + sw, m->lde + r * wb, wb * sizeof(hs_kb));
    }
    return 1;
}

void hs_pcs_matrix_free(hs_pcs_matrix *m) {
    if (!m) return;
    if (m->tree) hs_merkle_free(m->tree);
    hs_free(m->lde);
    hs_free(m->side);
    free(m);
}

const hs_digest *hs_pcs_cap(const hs_pcs_matrix *m) { return hs_merkle_cap(m->tree); }
size_t hs_pcs_cap_len(const hs_pcs_matrix *m) { return (size_t)1 << hs_merkle_cap_height(m->tree); }
const hs_kb *hs_pcs_lde(const hs_pcs_matrix *m) { return m->lde; }

hs_kb *hs_pcs_test_lde_mut(hs_pcs_matrix *m) { return m->cosets ? NULL : m->lde; }
int hs_pcs_test_recommit(hs_pcs_matrix *m, int direct, unsigned threads) {
    if (m->cosets) return 0;
    m->direct_deep = direct;
    if (m->tree) hs_merkle_free(m->tree);
    m->tree = NULL;
    return hs_merkle_build(&m->tree, m->hash, m->lde, m->log_h + m->log_blowup, m->w, m->cap_height, threads);
}

/* ---- proof objects ---- */

void hs_pcs_proof_free(hs_pcs_proof *pr) {
    if (!pr) return;
    for (unsigned r = 0; r < MAX_LAYERS; r++) {
        free(pr->caps[r]);
        free(pr->cos[r]);
        hs_free(pr->cvals[r]);
        free(pr->lsib[r]);
    }
    for (size_t m = 0; m < pr->n_mats; m++) {
        if (pr->rows) hs_free(pr->rows[m]);
        if (pr->msib) free(pr->msib[m]);
    }
    free(pr->rows);
    free(pr->msib);
    free(pr->nmsib);
    free(pr->widths);
    free(pr->final_poly);
    free(pr->queries);
    free(pr->uniq);
    free(pr);
}

static hs_pcs_proof *proof_new(const hs_fri_params *p, unsigned log_h, const size_t *widths, size_t n_mats) {
    hs_pcs_proof *pr = calloc(1, sizeof *pr);
    if (!pr) return NULL;
    pr->d = p->ext_degree;
    pr->log_h = log_h;
    pr->num_queries = p->num_queries;
    make_geom(p, log_h, &pr->g);
    pr->n_mats = n_mats;
    pr->final_len = (size_t)1 << p->log_final_len;
    pr->widths = calloc(n_mats, sizeof *pr->widths);
    pr->rows = calloc(n_mats, sizeof *pr->rows);
    pr->msib = calloc(n_mats, sizeof *pr->msib);
    pr->nmsib = calloc(n_mats, sizeof *pr->nmsib);
    pr->queries = calloc(p->num_queries, sizeof *pr->queries);
    pr->final_poly = calloc(pr->final_len, sizeof *pr->final_poly);
    if (!pr->widths || !pr->rows || !pr->msib || !pr->nmsib || !pr->queries || !pr->final_poly) {
        hs_pcs_proof_free(pr);
        return NULL;
    }
    memcpy(pr->widths, widths, n_mats * sizeof *widths);
    return pr;
}

static int cmp_size(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Sorted distinct query indices and, per layer, the sorted distinct cosets they touch. */
static int derive_indices(hs_pcs_proof *pr) {
    const size_t q = pr->num_queries;
    pr->uniq = malloc(q * sizeof *pr->uniq);
    if (!pr->uniq) return 0;
    for (size_t k = 0; k < q; k++) pr->uniq[k] = pr->queries[k];
    qsort(pr->uniq, q, sizeof *pr->uniq, cmp_size);
    size_t n = 0;
    for (size_t k = 0; k < q; k++)
        if (n == 0 || pr->uniq[n - 1] != pr->uniq[k]) pr->uniq[n++] = pr->uniq[k];
    pr->n_uniq = n;
    for (unsigned r = 0; r < pr->g.n_layers; r++) {
        const unsigned sh = pr->g.folded[r] + pr->g.arity[r];
        pr->cos[r] = malloc(n * sizeof *pr->cos[r]);
        if (!pr->cos[r]) return 0;
        size_t c = 0;
        for (size_t k = 0; k < n; k++) {
            size_t j = pr->uniq[k] >> sh;
            if (c == 0 || pr->cos[r][c - 1] != j) pr->cos[r][c++] = j;
        }
        pr->ncos[r] = c;
    }
    return 1;
}

/* ---- open ---- */

int hs_pcs_open(const hs_fri_params *p, const hs_ntt_plan *plan, hs_transcript *t, hs_pcs_matrix *const *mats,
                hs_pcs_claim *claims, size_t n_mats, hs_pcs_proof **out, unsigned threads) {
    if (!out) return 0;
    *out = NULL;
    if (!p || !plan || !t || !mats || !claims || n_mats == 0 || !mats[0]) return 0;
    const unsigned log_h = mats[0]->log_h, d = p->ext_degree;
    if (!hs_fri_params_check(p, log_h, NULL) || log_h > plan->max_log_n) return 0;
    const unsigned log_n0 = log_h + p->log_blowup;
    for (size_t m = 0; m < n_mats; m++) {
        hs_pcs_matrix *mt = mats[m];
        const hs_pcs_claim *cl = &claims[m];
        if (!mt || mt->log_h != log_h || mt->log_blowup != p->log_blowup || mt->hash != p->hash ||
            mt->cap_height != p->cap_height || cl->width != mt->w || cl->n_points < 1 || cl->n_points > 2 ||
            !cl->values)
            return 0;
        for (unsigned i = 0; i < cl->n_points; i++)
            if (in_domain(cl->points[i], log_n0)) return 0;
        if (!hs_pcs_block(mt, plan, 0, threads)) return 0; /* the values and DEEP read block 0 = g*H */
    }

    int ok = 0;
    hs_fri_deep ds;
    memset(&ds, 0, sizeof ds);
    hs_kb *lay[MAX_LAYERS + 1] = {0};
    hs_merkle_tree *tr[MAX_LAYERS] = {0};
    hs_kb *fin = NULL;
    const hs_kb **ldes = malloc(n_mats * sizeof *ldes);
    size_t *widths = malloc(n_mats * sizeof *widths);
    hs_pcs_proof *pr = NULL;
    if (!ldes || !widths) goto done;
    int direct = 0;
    for (size_t m = 0; m < n_mats; m++) ldes[m] = mats[m]->lde, widths[m] = mats[m]->w, direct |= mats[m]->direct_deep;
    pr = proof_new(p, log_h, widths, n_mats);
    if (!pr) goto done;
    const geom *G = &pr->g;

    /* 1-2. values at the points, observed in (matrix, point, column) order; alpha */
    for (size_t m = 0; m < n_mats; m++)
        if (!hs_fri_bary_eval(NULL, d, mats[m]->lde, log_h, mats[m]->w, claims[m].points, claims[m].n_points,
                              claims[m].values, threads))
            goto done;
    for (size_t m = 0; m < n_mats; m++)
        hs_transcript_absorb_elems(t, hs_field_kbe(d), claims[m].values, (size_t)claims[m].n_points * claims[m].width);
    const hs_kbe alpha = hs_pcs_sample(t, d);
    hs_phase_progress(0.1);

    /* 3. DEEP quotient on g*K */
    lay[0] = hs_alloc_array((size_t)1 << log_n0, d * sizeof(hs_kb));
    if (!lay[0] || !hs_fri_deep_init(&ds, d, claims, n_mats, alpha) ||
        !hs_fri_deep_quotient(NULL, plan, &ds, claims, ldes, log_h, p->log_blowup, direct, lay[0], threads))
        goto done;
    hs_phase_progress(0.3);

    /* 4. commit, sample beta, fold */
    for (unsigned r = 0; r < G->n_layers; r++) {
        const unsigned a = G->arity[r], ln = G->log_n[r];
        if (!hs_merkle_build(&tr[r], p->hash, lay[r], ln - a, ((size_t)d) << a, p->cap_height, threads)) goto done;
        hs_merkle_drop_levels(tr[r], DROP_LEVELS, lay[r], ((size_t)d) << a);
        const size_t cl = (size_t)1 << G->cap[r];
        pr->caps[r] = malloc(cl * sizeof(hs_digest));
        if (!pr->caps[r]) goto done;
        memcpy(pr->caps[r], hs_merkle_cap(tr[r]), cl * sizeof(hs_digest));
        hs_transcript_absorb_digests(t, pr->caps[r], cl);
        if (p->commit_pow_bits) {
            pr->nonce[r] = hs_transcript_grind(t, p->commit_pow_bits, threads);
            if (!hs_transcript_check_pow(t, p->commit_pow_bits, pr->nonce[r])) goto done;
        }
        const hs_kbe beta = hs_pcs_sample(t, d);
        lay[r + 1] = hs_alloc_array((size_t)1 << (ln - a), d * sizeof(hs_kb));
        if (!lay[r + 1]) goto done;
        hs_fri_fold_layer(d, lay[r], lay[r + 1], ln, a, layer_shift(G, r), beta, threads);
        hs_phase_progress(0.3 + 0.5 * (double)(r + 1) / (double)G->n_layers);
    }

    /* 5. final polynomial: its values on s_R * H_D are the first D (bit-reversed) entries */
    {
        const unsigned R = G->n_layers, lf = p->log_final_len;
        const size_t D = pr->final_len;
        fin = hs_alloc_array(D, d * sizeof(hs_kb));
        if (!fin) goto done;
        memcpy(fin, lay[R], D * d * sizeof(hs_kb));
        if (lf > 0 && !hs_ntt_coset_idit(plan, fin, lf, d, layer_shift(G, R), threads)) goto done;
        for (size_t i = 0; i < D; i++) {
            pr->final_poly[i] = hs_kbe_zero();
            memcpy(pr->final_poly[i].c, fin + i * d, d * sizeof(hs_kb));
        }
        hs_transcript_absorb_elems(t, hs_field_kbe(d), pr->final_poly, D);
    }

    hs_phase_progress(0.8);

    /* 6-7. grinding, queries */
    if (p->query_pow_bits) {
        pr->query_nonce = hs_transcript_grind(t, p->query_pow_bits, threads);
        if (!hs_transcript_check_pow(t, p->query_pow_bits, pr->query_nonce)) goto done;
    }
    for (unsigned k = 0; k < p->num_queries; k++) pr->queries[k] = hs_transcript_sample_bits(t, log_n0);
    if (!derive_indices(pr)) goto done;

    /* 8. openings */
    for (size_t m = 0; m < n_mats; m++) {
        const size_t w = mats[m]->w, nu = pr->n_uniq;
        pr->rows[m] = hs_alloc_array(nu, w * sizeof(hs_kb));
        if (!pr->rows[m] || !gather_rows(mats[m], plan, pr->uniq, nu, pr->rows[m], threads)) goto done;
        size_t ns = hs_merkle_open_count(log_n0, hs_merkle_cap_height(mats[m]->tree), pr->uniq, nu);
        if (ns == (size_t)-1) goto done;
        pr->msib[m] = malloc((ns ? ns : 1) * sizeof(hs_digest));
        if (!pr->msib[m] || hs_merkle_open_mt(mats[m]->tree, pr->uniq, nu, pr->msib[m], threads) != ns) goto done;
        pr->nmsib[m] = ns;
    }
    for (unsigned r = 0; r < G->n_layers; r++) {
        const size_t leaf = (size_t)d << G->arity[r], nc = pr->ncos[r];
        pr->cvals[r] = hs_alloc_array(nc, leaf * sizeof(hs_kb));
        if (!pr->cvals[r]) goto done;
        for (size_t k = 0; k < nc; k++)
            memcpy(pr->cvals[r] + k * leaf, lay[r] + pr->cos[r][k] * leaf, leaf * sizeof(hs_kb));
        size_t ns = hs_merkle_open_count(G->log_n[r] - G->arity[r], G->cap[r], pr->cos[r], nc);
        if (ns == (size_t)-1) goto done;
        pr->lsib[r] = malloc((ns ? ns : 1) * sizeof(hs_digest));
        if (!pr->lsib[r] || hs_merkle_open_mt(tr[r], pr->cos[r], nc, pr->lsib[r], threads) != ns) goto done;
        pr->nlsib[r] = ns;
    }
    ok = 1;

done:
    for (unsigned r = 0; r <= MAX_LAYERS; r++) hs_free(lay[r]);
    for (unsigned r = 0; r < MAX_LAYERS; r++)
        if (tr[r]) hs_merkle_free(tr[r]);
    hs_free(fin);
    hs_fri_deep_free(&ds);
    free(ldes);
    free(widths);
    if (!ok) {
        hs_pcs_proof_free(pr);
        return 0;
    }
    *out = pr;
    return 1;
}

/* ---- serialization ---- */

void hs_pcs_proof_write(hs_writer *w, const hs_fri_params *p, const hs_pcs_proof *pr) {
    const geom *G = &pr->g;
    const unsigned d = pr->d;
    for (unsigned r = 0; r < G->n_layers; r++) {
        hs_w_digests(w, pr->caps[r], (size_t)1 << G->cap[r]);
        if (p->commit_pow_bits) hs_w_u64(w, pr->nonce[r]);
    }
    hs_w_elems(w, hs_field_kbe(d), pr->final_poly, pr->final_len);
    if (p->query_pow_bits) hs_w_u64(w, pr->query_nonce);
    for (unsigned k = 0; k < pr->num_queries; k++) hs_w_u32(w, pr->queries[k]);
    for (size_t m = 0; m < pr->n_mats; m++) {
        hs_w_elems(w, &hs_field_kb, pr->rows[m], pr->n_uniq * pr->widths[m]);
        hs_w_digests(w, pr->msib[m], pr->nmsib[m]);
    }
    for (unsigned r = 0; r < G->n_layers; r++) {
        hs_w_elems(w, &hs_field_kb, pr->cvals[r], (pr->ncos[r] * d) << G->arity[r]);
        hs_w_digests(w, pr->lsib[r], pr->nlsib[r]);
    }
}

size_t hs_pcs_proof_size(const hs_fri_params *p, const hs_pcs_proof *pr) {
    const geom *G = &pr->g;
    const size_t d = pr->d;
    size_t n = 0;
    for (unsigned r = 0; r < G->n_layers; r++) n += ((size_t)32 << G->cap[r]) + (p->commit_pow_bits ? 8 : 0);
    n += pr->final_len * d * 4 + (p->query_pow_bits ? 8 : 0) + (size_t)pr->num_queries * 4;
    for (size_t m = 0; m < pr->n_mats; m++) n += pr->n_uniq * pr->widths[m] * 4 + pr->nmsib[m] * 32;
    for (unsigned r = 0; r < G->n_layers; r++) n += ((pr->ncos[r] * d * 4) << G->arity[r]) + pr->nlsib[r] * 32;
    return n;
}

/* Claims usable with these parameters? Returns the common log_h through *log_h. */
static const char *check_claims(const hs_fri_params *p, const hs_pcs_claim *claims, size_t n_mats, unsigned *log_h) {
    const char *why = NULL;
    if (!claims || n_mats == 0) return "fri: no matrices";
    *log_h = claims[0].log_h;
    if (!hs_fri_params_check(p, *log_h, &why)) return why;
    for (size_t m = 0; m < n_mats; m++) {
        if (claims[m].log_h != *log_h) return "fri: matrices of different heights";
        if (claims[m].width == 0 || claims[m].width > ((size_t)1 << 28)) return "fri: matrix width out of range";
        if (claims[m].n_points < 1 || claims[m].n_points > 2) return "fri: 1 or 2 points per matrix";
    }
    return NULL;
}

/* Reads n items of size sz after checking they fit in what is left; NULL (reader failed) if not. */
static void *read_alloc(hs_reader *r, size_t n, size_t sz) {
    size_t bytes;
    if (r->err) return NULL;
    if (!hs_mul_overflow_ok(n, sz, &bytes) || bytes > hs_r_left(r)) {
        hs_r_fail(r, "truncated");
        return NULL;
    }
    void *v = hs_alloc_array(n ? n : 1, sz);
    if (!v) hs_r_fail(r, hs_why_nomem);
    return v;
}

hs_pcs_proof *hs_pcs_proof_read(hs_reader *r, const hs_fri_params *p, const hs_pcs_claim *claims, size_t n_mats) {
    unsigned log_h = 0;
    const char *why = check_claims(p, claims, n_mats, &log_h);
    if (why) {
        hs_r_fail(r, why);
        return NULL;
    }
    size_t *widths = malloc(n_mats * sizeof *widths);
    if (!widths) {
        hs_r_fail(r, hs_why_nomem);
        return NULL;
    }
    for (size_t m = 0; m < n_mats; m++) widths[m] = claims[m].width;
    hs_pcs_proof *pr = proof_new(p, log_h, widths, n_mats);
    free(widths);
    if (!pr) {
        hs_r_fail(r, hs_why_nomem);
        return NULL;
    }
    const geom *G = &pr->g;
    const unsigned d = pr->d;
    for (unsigned r2 = 0; r2 < G->n_layers && !r->err; r2++) {
        const size_t cl = (size_t)1 << G->cap[r2];
        if (!(pr->caps[r2] = read_alloc(r, cl, sizeof(hs_digest)))) break;
        hs_r_digests(r, pr->caps[r2], cl);
        if (p->commit_pow_bits) pr->nonce[r2] = hs_r_u64(r);
    }
    if (!r->err && (size_t)pr->final_len * d * 4 > hs_r_left(r)) hs_r_fail(r, "truncated");
    if (!r->err) hs_r_elems(r, hs_field_kbe(d), pr->final_poly, pr->final_len);
    if (p->query_pow_bits) pr->query_nonce = hs_r_u64(r);
    if (!r->err && (size_t)pr->num_queries * 4 > hs_r_left(r)) hs_r_fail(r, "truncated");
    for (unsigned k = 0; k < pr->num_queries && !r->err; k++) {
        pr->queries[k] = hs_r_u32(r);
        if (!r->err && pr->queries[k] >> G->log_n[0]) hs_r_fail(r, "fri: query index out of range");
    }
    if (r->err) goto fail;
    if (!derive_indices(pr)) {
        hs_r_fail(r, hs_why_nomem);
        goto fail;
    }
    for (size_t m = 0; m < n_mats; m++) {
        size_t words;
        if (!hs_mul_overflow_ok(pr->n_uniq, pr->widths[m], &words) ||
            !(pr->rows[m] = read_alloc(r, words, sizeof(hs_kb))))
            goto fail;
        hs_r_elems(r, &hs_field_kb, pr->rows[m], words);
        size_t ns = hs_merkle_open_count(G->log_n[0], umin(p->cap_height, G->log_n[0]), pr->uniq, pr->n_uniq);
        if (ns == (size_t)-1 || !(pr->msib[m] = read_alloc(r, ns, sizeof(hs_digest)))) goto fail;
        hs_r_digests(r, pr->msib[m], ns);
        pr->nmsib[m] = ns;
        if (r->err) goto fail;
    }
    for (unsigned r2 = 0; r2 < G->n_layers; r2++) {
        const size_t words = (pr->ncos[r2] * d) << G->arity[r2];
        if (!(pr->cvals[r2] = read_alloc(r, words, sizeof(hs_kb)))) goto fail;
        hs_r_elems(r, &hs_field_kb, pr->cvals[r2], words);
        size_t ns = hs_merkle_open_count(G->log_n[r2] - G->arity[r2], G->cap[r2], pr->cos[r2], pr->ncos[r2]);
        if (ns == (size_t)-1 || !(pr->lsib[r2] = read_alloc(r, ns, sizeof(hs_digest)))) goto fail;
        hs_r_digests(r, pr->lsib[r2], ns);
        pr->nlsib[r2] = ns;
        if (r->err) goto fail;
    }
    if (r->err) goto fail;
    return pr;
fail:
    if (!r->err) hs_r_fail(r, "fri: malformed opening");
    hs_pcs_proof_free(pr);
    return NULL;
}

/* ---- verify ---- */

static const char *layer_msg(const char *const *tab, unsigned r) { return tab[r < 8 ? r : 8]; }
static const char *const merkle_layer_msgs[9] = {
    "fri: merkle path of layer 0", "fri: merkle path of layer 1", "fri: merkle path of layer 2",
    "fri: merkle path of layer 3", "fri: merkle path of layer 4", "fri: merkle path of layer 5",
    "fri: merkle path of layer 6", "fri: merkle path of layer 7", "fri: merkle path of a layer >= 8"};
static const char *const fold_layer_msgs[9] = {
    "fri: deep quotient does not match layer 0", "fri: fold does not match layer 1",
    "fri: fold does not match layer 2",          "fri: fold does not match layer 3",
    "fri: fold does not match layer 4",          "fri: fold does not match layer 5",
    "fri: fold does not match layer 6",          "fri: fold does not match layer 7",
    "fri: fold does not match a layer >= 8"};
static const char *const pow_layer_msgs[9] = {
    "fri: commit proof of work (layer 0)", "fri: commit proof of work (layer 1)",
    "fri: commit proof of work (layer 2)", "fri: commit proof of work (layer 3)",
    "fri: commit proof of work (layer 4)", "fri: commit proof of work (layer 5)",
    "fri: commit proof of work (layer 6)", "fri: commit proof of work (layer 7)",
    "fri: commit proof of work (layer >= 8)"};

int hs_pcs_verify(const hs_fri_params *p, hs_transcript *t, const hs_pcs_claim *claims, size_t n_mats,
                  const hs_pcs_proof *pr, const char **why) {
    const char *dummy;
    if (!why) why = &dummy;
    *why = NULL;
    if (!p || !t || !pr) {
        *why = "fri: missing argument";
        return 0;
    }
    unsigned log_h = 0;
    if ((*why = check_claims(p, claims, n_mats, &log_h))) return 0;
    const unsigned d = p->ext_degree;
    geom G;
    make_geom(p, log_h, &G);
    /* the proof object must have the shape these parameters and claims give */
    if (pr->n_mats != n_mats || pr->d != d || pr->log_h != log_h || pr->num_queries != p->num_queries ||
        pr->final_len != ((size_t)1 << p->log_final_len) || memcmp(&pr->g, &G, sizeof G) != 0) {
        *why = "fri: proof shape does not match the claims";
        return 0;
    }
    const unsigned log_n0 = G.log_n[0];
    for (size_t m = 0; m < n_mats; m++) {
        if (pr->widths[m] != claims[m].width) {
            *why = "fri: proof shape does not match the claims";
            return 0;
        }
        if (!claims[m].values || !claims[m].cap) {
            *why = "fri: missing values or cap";
            return 0;
        }
        for (unsigned i = 0; i < claims[m].n_points; i++)
            if (in_domain(claims[m].points[i], log_n0)) {
                *why = "fri: opening point inside the evaluation domain";
                return 0;
            }
    }

    int ok = 0;
    hs_fri_deep ds;
    memset(&ds, 0, sizeof ds);
    hs_kbe beta[MAX_LAYERS];
    hs_digest *leaves = NULL;
    const hs_kb **rows = malloc(n_mats * sizeof *rows);
    if (!rows) {
        *why = "fri: out of memory";
        return 0;
    }

    /* transcript replay */
    for (size_t m = 0; m < n_mats; m++)
        hs_transcript_absorb_elems(t, hs_field_kbe(d), claims[m].values, (size_t)claims[m].n_points * claims[m].width);
    const hs_kbe alpha = hs_pcs_sample(t, d);
    for (unsigned r = 0; r < G.n_layers; r++) {
        hs_transcript_absorb_digests(t, pr->caps[r], (size_t)1 << G.cap[r]);
        if (p->commit_pow_bits && !hs_transcript_check_pow(t, p->commit_pow_bits, pr->nonce[r])) {
            *why = layer_msg(pow_layer_msgs, r);
            goto done;
        }
        beta[r] = hs_pcs_sample(t, d);
    }
    hs_transcript_absorb_elems(t, hs_field_kbe(d), pr->final_poly, pr->final_len);
    if (p->query_pow_bits && !hs_transcript_check_pow(t, p->query_pow_bits, pr->query_nonce)) {
        *why = "fri: query proof of work";
        goto done;
    }
    for (unsigned k = 0; k < p->num_queries; k++)
        if (hs_transcript_sample_bits(t, log_n0) != pr->queries[k]) {
            *why = "fri: query indices differ from the transcript's";
            goto done;
        }

    /* Merkle openings */
    size_t nleaves = pr->n_uniq;
    for (unsigned r = 0; r < G.n_layers; r++)
        if (pr->ncos[r] > nleaves) nleaves = pr->ncos[r];
    leaves = malloc((nleaves ? nleaves : 1) * sizeof *leaves);
    if (!leaves) {
        *why = "fri: out of memory";
        goto done;
    }
    for (size_t m = 0; m < n_mats; m++) {
        hs_merkle_hash_rows(p->hash, pr->rows[m], pr->n_uniq, claims[m].width, leaves, 1);
        if (!hs_merkle_verify(p->hash, log_n0, umin(p->cap_height, log_n0), claims[m].cap, pr->uniq, leaves,
                              pr->n_uniq, pr->msib[m], pr->nmsib[m])) {
            *why = "fri: merkle path of an opened matrix";
            goto done;
        }
    }
    for (unsigned r = 0; r < G.n_layers; r++) {
        hs_merkle_hash_rows(p->hash, pr->cvals[r], pr->ncos[r], (size_t)d << G.arity[r], leaves, 1);
        if (!hs_merkle_verify(p->hash, G.log_n[r] - G.arity[r], G.cap[r], pr->caps[r], pr->cos[r], leaves,
                              pr->ncos[r], pr->lsib[r], pr->nlsib[r])) {
            *why = layer_msg(merkle_layer_msgs, r);
            goto done;
        }
    }

    /* per distinct query: DEEP value, folds, final polynomial */
    if (!hs_fri_deep_init(&ds, d, claims, n_mats, alpha)) {
        *why = "fri: out of memory";
        goto done;
    }
    const hs_fri_kernels *kern = hs_fri_kernels_best();
    const hs_kb g = hs_kb_from_u32(HS_KB_GENERATOR);
    size_t pos[MAX_LAYERS] = {0};
    hs_kb shinv[MAX_LAYERS + 1], rinv[MAX_LAYERS];
    for (unsigned r = 0; r <= G.n_layers; r++) shinv[r] = hs_kb_inv(layer_shift(&G, r));
    for (unsigned r = 0; r < G.n_layers; r++) rinv[r] = hs_kb_inv(hs_kb_two_adic_root(G.log_n[r]));
    const unsigned R = G.n_layers;
    const hs_kb sR = layer_shift(&G, R), wR = hs_kb_two_adic_root(G.log_n[R]);
    for (size_t u = 0; u < pr->n_uniq; u++) {
        const size_t q = pr->uniq[u];
        for (size_t m = 0; m < n_mats; m++) rows[m] = pr->rows[m] + u * claims[m].width;
        hs_kbe f = hs_fri_deep_at(kern, &ds, claims, rows,
                                  hs_fri_brdom_point(g, hs_kb_two_adic_root(log_n0), log_n0, q));
        for (unsigned r = 0; r < R; r++) {
            const unsigned a = G.arity[r];
            const size_t qr = q >> G.folded[r], j = qr >> a, leaf = (size_t)d << a;
            while (pos[r] < pr->ncos[r] && pr->cos[r][pos[r]] < j) pos[r]++;
            if (pos[r] == pr->ncos[r] || pr->cos[r][pos[r]] != j) {
                *why = "fri: malformed opening";
                goto done;
            }
            const hs_kb *cv = pr->cvals[r] + pos[r] * leaf;
            if (memcmp(cv + (qr & (((size_t)1 << a) - 1)) * d, f.c, d * sizeof(hs_kb)) != 0) {
                *why = layer_msg(fold_layer_msgs, r);
                goto done;
            }
            hs_kb xinv = hs_fri_brdom_point(shinv[r], rinv[r], G.log_n[r] - a, j);
            f = hs_fri_fold_coset(d, cv, a, xinv, beta[r]);
        }
        /* final polynomial at the folded point */
        const hs_kb x = hs_fri_brdom_point(sR, wR, G.log_n[R], q >> G.folded[R]);
        hs_kbe v = hs_kbe_zero();
        for (size_t i = pr->final_len; i-- > 0;) v = hs_kbe_add(hs_kbe_mul_base(v, x), pr->final_poly[i]);
        if (!hs_kbe_eq(v, f)) {
            *why = "fri: final polynomial mismatch";
            goto done;
        }
    }
    ok = 1;

done:
    free(rows);
    free(leaves);
    hs_fri_deep_free(&ds);
    return ok;
}
