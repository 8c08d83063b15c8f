/* The statement registry (registry.h): one entry per statement, dispatch by the header's frame. */
#include "statement/registry.h"

#include <string.h>

#include "air/merkle_air.h"
#include "util/mem.h"

/* ---- which frames each statement owns ---- */

static int owns_stark_batch(const hs_frame *f) { return f->backend == HS_FRAME_STARK && !hs_mbair_depth(f->hash); }
static int owns_merkle_stark(const hs_frame *f) { return f->backend == HS_FRAME_STARK && hs_mbair_depth(f->hash); }
/* A gkr batch (not regions nor a Merkle statement): over KoalaBear below hash byte
 * HS_FRAME_GKRB_FIRST, over GF(2) from it on. */
static int gkr_batch_frame(const hs_frame *f) {
    return f->backend == HS_FRAME_GKR && f->statement != HS_FRAME_REGIONS && f->statement != HS_MB_STATEMENT &&
           f->statement != HS_MR_STATEMENT && f->statement != HS_XA_STATEMENT;
}
static int owns_gkr_batch(const hs_frame *f) { return gkr_batch_frame(f) && f->hash < HS_FRAME_GKRB_FIRST; }
static int owns_kgkr(const hs_frame *f) {
    return gkr_batch_frame(f) && f->hash >= HS_FRAME_GKRB_FIRST && !hs_p2bstmt_is_hash(f->hash);
}
static int owns_p2bgkr(const hs_frame *f) { return gkr_batch_frame(f) && hs_p2bstmt_is_hash(f->hash); }
static int owns_regions(const hs_frame *f) {
    return f->backend == HS_FRAME_GKR && f->statement == HS_FRAME_REGIONS;
}
static int owns_merkle_branches(const hs_frame *f) {
    return f->backend == HS_FRAME_GKR && f->statement == HS_MB_STATEMENT;
}
static int owns_merkle_root(const hs_frame *f) { return f->backend == HS_FRAME_GKR && f->statement == HS_MR_STATEMENT; }
static int owns_pcs(const hs_frame *f) { return f->backend == HS_FRAME_PCS; }
static int owns_xmss_agg(const hs_frame *f) { return f->backend == HS_FRAME_GKR && f->statement == HS_XA_STATEMENT; }

/* ---- header parsers ---- */

/* Each statement's own parser into its member of the shape's union. */
#define PEEK(F, PARSER, MEMBER)                                                                                        \
    static int peek_##F(const uint8_t *p, size_t n, hs_stmt_shape *o, const char **why) {                              \
        return PARSER(p, n, &o->u.MEMBER, why);                                                                        \
    }
PEEK(stark_batch, hs_stark_peek, stark)
PEEK(merkle_stark, hs_smb_peek, smb)
PEEK(gkr_batch, hs_gkr_peek, gkr)
PEEK(regions, hs_ragged_peek, ragged)
PEEK(merkle_branches, hs_mb_peek, mb)
PEEK(merkle_root, hs_mr_peek, mr)
PEEK(pcs, hs_pcsstmt_peek, pcs)
PEEK(kgkr, hs_kgkrstmt_peek, kgkr)
PEEK(p2bgkr, hs_p2bstmt_peek, p2b)
PEEK(xmss_agg, hs_xa_peek, xa)
#undef PEEK

/* ---- soundness terms ---- */

static int sound_stark_batch(const hs_stmt_shape *s, hs_sound_report *rep) {
    const hs_stark_shape *t = &s->u.stark;
    return hs_soundness_stark(t->preset, t->air_id, t->log_perms, t->fri.log_blowup, t->public_io, rep);
}
static int sound_merkle_stark(const hs_stmt_shape *s, hs_sound_report *rep) {
    return hs_soundness_smb(s->u.smb.preset, s->u.smb.depth, s->u.smb.m, rep);
}
static int sound_gkr_batch(const hs_stmt_shape *s, hs_sound_report *rep) {
    const hs_gkr_shape *g = &s->u.gkr;
    return hs_soundness_gkr(g->preset, g->perm_id, g->log_perms, g->public_io, rep);
}
static int sound_regions(const hs_stmt_shape *s, hs_sound_report *rep) { return hs_soundness_ragged(&s->u.ragged, rep); }
static int sound_merkle_branches(const hs_stmt_shape *s, hs_sound_report *rep) {
    return hs_soundness_mb(s->u.mb.preset, s->u.mb.depth, s->u.mb.m, rep);
}
static int sound_merkle_root(const hs_stmt_shape *s, hs_sound_report *rep) {
    return hs_soundness_mr(s->u.mr.preset, s->u.mr.log_leaves, s->u.mr.public_leaves, rep);
}

static int sound_pcs(const hs_stmt_shape *s, hs_sound_report *rep) {
    hs_pcsstmt_soundness(&s->u.pcs, rep);
    return 1;
}

static int sound_kgkr(const hs_stmt_shape *s, hs_sound_report *rep) {
    hs_kgkrstmt_soundness(&s->u.kgkr, rep);
    return 1;
}

static int sound_p2bgkr(const hs_stmt_shape *s, hs_sound_report *rep) {
    hs_p2bstmt_soundness(&s->u.p2b, rep);
    return 1;
}

static int sound_xmss_agg(const hs_stmt_shape *s, hs_sound_report *rep) {
    return hs_soundness_xa(s->u.xa.preset, s->u.xa.scheme, s->u.xa.n_sigs, rep);
}

/* ---- verifiers ---- */

static hs_stmt_status status(int ok) { return ok ? HS_STMT_OK : HS_STMT_REJECTED; }

/* Montgomery-form copies of n canonical words: 1, or 0 out of memory (*m NULL when w is). */
static int monty(hs_kb **m, const uint32_t *w, size_t n) {
    *m = NULL;
    if (!w) return 1;
    if (!(*m = hs_alloc_array(n ? n : 1, sizeof **m))) return 0;
    for (size_t i = 0; i < n; i++) (*m)[i] = hs_kb_from_u32(w[i]);
    return 1;
}

static hs_stmt_status verify_stark_batch(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                         const char **why) {
    (void)s;
    return status(hs_stark_verify(p, n, pub->in, pub->out, pub->in ? pub->n_lines : 0, pub->threads, NULL, why));
}

static hs_stmt_status verify_merkle_stark(const uint8_t *p, size_t n, const hs_stmt_shape *s,
                                          const hs_stmt_public *pub, const char **why) {
    (void)s;
    return status(hs_smb_verify(p, n, pub->root, pub->depth, pub->m, pub->idx, pub->leaves, pub->threads, why));
}

static hs_stmt_status verify_gkr_batch(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                       const char **why) {
    const hs_gkr_perm *g = hs_gkr_perm_get(s->u.gkr.perm_id);
    const size_t words = pub->in ? pub->n_lines * g->width : 0;
    hs_kb *mi, *mo = NULL;
    if (!monty(&mi, pub->in, words) || !monty(&mo, pub->out, words)) {
        hs_free(mi);
        return HS_STMT_NOMEM;
    }
    const int ok = hs_gkr_verify(p, n, mi, mo, pub->in ? pub->n_lines : 0, g->width, pub->threads, NULL, why);
    hs_free(mi), hs_free(mo);
    return status(ok);
}

static hs_stmt_status verify_regions(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                     const char **why) {
    const hs_ragged_shape *rs = &s->u.ragged;
    if (!pub->in) return status(hs_ragged_verify(p, n, NULL, NULL, NULL, 0, pub->threads, NULL, NULL, why));
    const unsigned W = hs_gkr_perm_get(HS_GKR_P2_KB16)->width;
    size_t lines = 0;
    for (unsigned a = 0; a < rs->n_regions; a++) lines += (size_t)1 << rs->widths[a];
    if (lines != pub->n_lines) return *why = "the tables hold another number of lines than the regions", HS_STMT_REJECTED;
    hs_kb *mi, *mo = NULL;
    if (!monty(&mi, pub->in, lines * W) || !monty(&mo, pub->out, lines * W)) {
        hs_free(mi);
        return HS_STMT_NOMEM;
    }
    const hs_kb *in_r[HS_RAGGED_MAX_REGIONS], *out_r[HS_RAGGED_MAX_REGIONS];
    size_t rows[HS_RAGGED_MAX_REGIONS], at = 0;
    for (unsigned a = 0; a < rs->n_regions; at += rows[a], a++) {
        rows[a] = (size_t)1 << rs->widths[a];
        in_r[a] = mi + at * W, out_r[a] = mo + at * W;
    }
    const int ok = hs_ragged_verify(p, n, in_r, out_r, rows, rs->n_regions, pub->threads, NULL, NULL, why);
    hs_free(mi), hs_free(mo);
    return status(ok);
}

static hs_stmt_status verify_merkle_branches(const uint8_t *p, size_t n, const hs_stmt_shape *s,
                                             const hs_stmt_public *pub, const char **why) {
    (void)s;
    hs_kb mr[HS_MB_DIGEST], *ml;
    if (!monty(&ml, pub->leaves, pub->m * HS_MB_DIGEST)) return HS_STMT_NOMEM;
    for (unsigned l = 0; l < HS_MB_DIGEST; l++) mr[l] = hs_kb_from_u32(pub->root[l]);
    const int ok = hs_mb_verify(p, n, mr, pub->depth, pub->m, pub->idx, ml, pub->threads, why);
    hs_free(ml);
    return status(ok);
}

static hs_stmt_status verify_merkle_root(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                         const char **why) {
    hs_kb mr[HS_MB_DIGEST], *ml;
    if (!monty(&ml, pub->leaves, (size_t)HS_MB_DIGEST << s->u.mr.log_leaves)) return HS_STMT_NOMEM;
    for (unsigned l = 0; l < HS_MB_DIGEST; l++) mr[l] = hs_kb_from_u32(pub->root[l]);
    const int ok = hs_mr_verify(p, n, mr, ml, pub->threads, NULL, why);
    hs_free(ml);
    return status(ok);
}

/* The commitment-only statement: nothing public besides the proof. */
static hs_stmt_status verify_pcs(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                 const char **why) {
    (void)pub;
    if (hs_pcsstmt_verify(p, n, &s->u.pcs, why)) return HS_STMT_OK;
    return hs_why_is_nomem(*why) ? HS_STMT_NOMEM : HS_STMT_REJECTED;
}

/* Keccak-f[1600] over GF(2): the tables' lines (25 lanes of two words, low first) as states. */
static hs_stmt_status verify_kgkr(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                  const char **why) {
    const size_t states = (size_t)1 << s->u.kgkr.log_n;
    if (s->u.kgkr.priv) { /* committed states: the proof alone */
        if (pub->in || pub->out)
            return *why = "keccak-gkr: a private statement: no tables are read", HS_STMT_REJECTED;
        if (hs_kgkrstmt_verify(p, n, &s->u.kgkr, NULL, NULL, pub->threads, why)) return HS_STMT_OK;
        return hs_why_is_nomem(*why) ? HS_STMT_NOMEM : HS_STMT_REJECTED;
    }
    if (!pub->in || !pub->out)
        return *why = "keccak-gkr: a public statement: the input and output tables are needed", HS_STMT_REJECTED;
    if (pub->n_lines != states)
        return *why = "keccak-gkr: the tables hold another number of states than the proof", HS_STMT_REJECTED;
    uint64_t *in = hs_alloc_array(states * 25, sizeof *in), *out = hs_alloc_array(states * 25, sizeof *out);
    if (!in || !out) {
        hs_free(in), hs_free(out);
        return HS_STMT_NOMEM;
    }
    hs_kgkrstmt_lanes(in, pub->in, states * 25);
    hs_kgkrstmt_lanes(out, pub->out, states * 25);
    const int ok = hs_kgkrstmt_verify(p, n, &s->u.kgkr, in, out, pub->threads, why);
    hs_free(in), hs_free(out);
    if (ok) return HS_STMT_OK;
    return hs_why_is_nomem(*why) ? HS_STMT_NOMEM : HS_STMT_REJECTED;
}

/* Poseidon2b over GF(2^128): the tables' lines (4 elements of four words) as flat states; a private
 * statement takes none. */
static hs_stmt_status verify_p2bgkr(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                    const char **why) {
    const hs_p2bstmt_shape *ps = &s->u.p2b;
    const size_t states = (size_t)1 << ps->log_n;
    hs_gf128 *in = NULL, *out = NULL;
    if (ps->public_io) {
        if (!pub->in || !pub->out)
            return *why = "poseidon2b-gkr: a public statement: the input and output tables are needed", HS_STMT_REJECTED;
        if (pub->n_lines != states)
            return *why = "poseidon2b-gkr: the tables hold another number of states than the proof", HS_STMT_REJECTED;
        in = hs_alloc_array(states * HS_P2B_WIDTH, sizeof *in), out = hs_alloc_array(states * HS_P2B_WIDTH, sizeof *out);
        if (!in || !out) {
            hs_free(in), hs_free(out);
            return HS_STMT_NOMEM;
        }
        hs_p2bstmt_states(in, pub->in, states, ps->inst);
        hs_p2bstmt_states(out, pub->out, states, ps->inst);
    } else if (pub->in || pub->out) {
        return *why = "poseidon2b-gkr: a private statement takes no tables", HS_STMT_REJECTED;
    }
    const int ok = hs_p2bstmt_verify(p, n, ps, in, out, pub->threads, why);
    hs_free(in), hs_free(out);
    if (ok) return HS_STMT_OK;
    return hs_why_is_nomem(*why) ? HS_STMT_NOMEM : HS_STMT_REJECTED;
}

/* The XMSS aggregate holds only with its key list, epoch and message, which no table carries. */
static hs_stmt_status verify_xmss_agg(const uint8_t *p, size_t n, const hs_stmt_shape *s, const hs_stmt_public *pub,
                                      const char **why) {
    (void)p, (void)n, (void)s, (void)pub;
    *why = "an XMSS aggregate: verify it with its key list, epoch and message (hs_xmss_aggregate_verify, or "
           "hashsnark verify --proof P --json FILE)";
    return HS_STMT_REJECTED;
}

/* ---- the table ---- */

#define ENTRY(ID, NAME, BACKEND, MERKLE, F)                                                                             \
    {ID, NAME, BACKEND, MERKLE, owns_##F, peek_##F, sound_##F, verify_##F}

static const hs_stmt registry[HS_STMT_COUNT] = {
    ENTRY(HS_STMT_STARK_BATCH, "stark batch", HS_FRAME_STARK, 0, stark_batch),
    ENTRY(HS_STMT_MERKLE_STARK, "merkle-branches", HS_FRAME_STARK, 1, merkle_stark),
    ENTRY(HS_STMT_GKR_BATCH, "gkr batch", HS_FRAME_GKR, 0, gkr_batch),
    ENTRY(HS_STMT_REGIONS, "regions", HS_FRAME_GKR, 0, regions),
    ENTRY(HS_STMT_MERKLE_BRANCHES, "merkle-branches", HS_FRAME_GKR, 1, merkle_branches),
    ENTRY(HS_STMT_MERKLE_ROOT, "merkle", HS_FRAME_GKR, 1, merkle_root),
    ENTRY(HS_STMT_PCS, "pcs", HS_FRAME_PCS, 0, pcs),
    ENTRY(HS_STMT_KGKR, "keccak-gkr", HS_FRAME_GKR, 0, kgkr),
    ENTRY(HS_STMT_P2BGKR, "poseidon2b-gkr", HS_FRAME_GKR, 0, p2bgkr),
    ENTRY(HS_STMT_XMSS_AGG, "xmss", HS_FRAME_GKR, 0, xmss_agg),
};

const hs_stmt *hs_stmt_get(hs_stmt_id id) {
    return id >= 1 && id <= HS_STMT_COUNT ? &registry[id - 1] : NULL;
}

const hs_stmt *hs_stmt_peek(const uint8_t *proof, size_t len, hs_stmt_shape *out, const char **why) {
    hs_stmt_shape local;
    if (!out) out = &local;
    memset(out, 0, sizeof *out);
    hs_frame f;
    if (!proof || !len) return *why = "truncated header (an empty proof)", NULL;
    if (!hs_frame_peek(proof, len, &f, why)) return NULL;
    for (unsigned i = 0; i < HS_STMT_COUNT; i++) {
        const hs_stmt *e = &registry[i];
        if (!e->owns(&f)) continue;
        if (!e->peek(proof, len, out, why)) return NULL;
        out->id = e->id;
        return e;
    }
    return *why = "unsupported backend", NULL;
}

const hs_preset *hs_stmt_preset(const hs_stmt_shape *s) {
    switch (s->id) {
    case HS_STMT_STARK_BATCH: return s->u.stark.preset;
    case HS_STMT_MERKLE_STARK: return s->u.smb.preset;
    case HS_STMT_GKR_BATCH: return s->u.gkr.preset;
    case HS_STMT_REGIONS: return s->u.ragged.preset;
    case HS_STMT_MERKLE_BRANCHES: return s->u.mb.preset;
    case HS_STMT_MERKLE_ROOT: return s->u.mr.preset;
    case HS_STMT_PCS: return NULL;
    case HS_STMT_KGKR: return s->u.kgkr.preset;
    case HS_STMT_P2BGKR: return s->u.p2b.preset;
    case HS_STMT_XMSS_AGG: return s->u.xa.preset;
    }
    return NULL;
}
