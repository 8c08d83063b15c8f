/* include/hashsnark.h: the Merkle statements: branches by either backend (src/statement/merkle/gkr_branches.h,
 * src/statement/merkle/stark_branches.h), the dense root by the gkr backend (src/statement/merkle/gkr_root.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "statement/merkle/gkr_branches.h"
#include "statement/merkle/gkr_root.h"
#include "statement/merkle/stark_branches.h"
#include "statement/registry.h"
#include "util/bits.h"
#include "util/mem.h"
#include "util/timer.h"

#define HASH_NAME "poseidon2-kb16"

static hs_status resolve(const char *hash, const char *preset, const hs_preset **p, char *reason, size_t rl) {
    if (hash && strcmp(hash, HASH_NAME))
        return hs_api_fail(reason, rl, HS_ERR_UNSUPPORTED, "Merkle branches are proven for %s trees only, not %s",
                           HASH_NAME, hash);
    *p = hs_preset_find(preset ? preset : "compat");
    if (!*p) return hs_api_fail(reason, rl, HS_ERR_UNKNOWN_PRESET, "no preset named %s", preset);
    return HS_OK;
}

/* The report from a soundness report and the walk's layout. */
static void fill_report(hs_params_report *out, const hs_sound_report *rep, const hs_preset *p, unsigned log_rows,
                        unsigned columns, const hs_whir_config *wc) {
    hs_api_report_terms(out, rep, p, rep->protocol_bits + 1e-9 >= p->claim_bits);
    const hs_gkr_perm *g = hs_gkr_perm_get(HS_GKR_P2_KB16);
    out->log_rows = log_rows;
    out->ext_degree = 5;
    out->gkr_layers = g->layers;
    out->gkr_width = g->width;
    out->whir_columns = columns;
    out->whir_log_inv_rate = wc->log_inv_rate;
    out->whir_fold_first = wc->fold_first;
    out->whir_fold = wc->fold;
    out->whir_regime = (hs_sec_regime)wc->regime;
    out->merkle_hash = hs_api_merkle_name((int)wc->hash);
}

/* The stark design's report: its stark shape's protocol fields. */
static hs_status stark_report(hs_params_report *out, const hs_preset *p, unsigned depth, size_t m, char *reason,
                              size_t rl) {
    memset(out, 0, sizeof *out);
    hs_smb_shape s;
    const char *why = NULL;
    if (!hs_smb_shape_make(&s, p, depth, m, &why)) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    hs_sound_report rep;
    if (!hs_soundness_smb(p, depth, m, &rep))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "preset %s cannot prove %zu openings of depth %u", p->name, m,
                           depth);
    hs_api_report_terms(out, &rep, p, rep.protocol_bits + 1e-9 >= p->claim_bits);
    hs_air air;
    const hs_fri_params *f = &s.stark.fri;
    out->log_rows = hs_stark_air(&s.stark, &air) ? (unsigned)hs_air_log_rows(&air, s.log_m) : 0;
    out->log_blowup = f->log_blowup;
    out->ext_degree = f->ext_degree;
    out->num_queries = f->num_queries;
    out->query_pow_bits = f->query_pow_bits;
    out->commit_pow_bits = f->commit_pow_bits;
    out->merkle_hash = hs_api_merkle_name((int)f->hash);
    return HS_OK;
}

/* backend 0: the gkr backend (the default). */
static hs_status check_backend(hs_backend b, char *reason, size_t rl) {
    return b == 0 || b == HS_BACKEND_GKR || b == HS_BACKEND_STARK
               ? HS_OK
               : hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "unknown backend %d", (int)b);
}

static hs_status report(hs_params_report *out, const hs_preset *p, hs_backend backend, unsigned depth, size_t m,
                        char *reason, size_t rl) {
    if (backend == HS_BACKEND_STARK) return stark_report(out, p, depth, m, reason, rl);
    memset(out, 0, sizeof *out);
    hs_mb_shape s;
    const char *why = NULL;
    if (!hs_mb_shape_make(&s, p, depth, m, &why)) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    hs_sound_report rep;
    if (!hs_soundness_mb(p, depth, m, &rep))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "preset %s cannot prove %zu openings of depth %u", p->name, m,
                           depth);
    fill_report(out, &rep, p, s.n, 16, &s.whir); /* S || O */
    return HS_OK;
}

static hs_status root_report(hs_params_report *out, const hs_preset *p, unsigned k, int pub, char *reason, size_t rl) {
    memset(out, 0, sizeof *out);
    hs_mr_shape s;
    const char *why = NULL;
    if (!hs_mr_shape_make(&s, p, k, pub, &why)) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    hs_sound_report rep;
    if (!hs_soundness_mr(p, k, pub, &rep))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "preset %s cannot prove a tree of 2^%u leaves", p->name, k);
    fill_report(out, &rep, p, k, 1u << s.log_cols, &s.whir); /* the node array's 16 columns (zero ones below k = 3) */
    return HS_OK;
}

hs_status hs_params_merkle_root(hs_params_report *out, char *reason, size_t rl, const char *hash, const char *preset,
                                unsigned log_leaves, int public_leaves) {
    memset(out, 0, sizeof *out);
    if (reason && rl) reason[0] = 0;
    const hs_preset *p;
    hs_status st = resolve(hash, preset, &p, reason, rl);
    return st != HS_OK ? st : root_report(out, p, log_leaves, public_leaves, reason, rl);
}

hs_status hs_params_merkle_branches(hs_params_report *out, char *reason, size_t rl, const char *hash,
                                    const char *preset, hs_backend backend, unsigned depth, size_t m) {
    memset(out, 0, sizeof *out);
    if (reason && rl) reason[0] = 0;
    const hs_preset *p;
    hs_status st = check_backend(backend, reason, rl);
    if (st == HS_OK) st = resolve(hash, preset, &p, reason, rl);
    return st != HS_OK ? st : report(out, p, backend, depth, m, reason, rl);
}

/* Indices below 2^depth; words canonical. */
static hs_status check_openings(unsigned depth, size_t m, const uint64_t *idx, const uint32_t *leaves, char *reason,
                                size_t rl) {
    for (size_t p = 0; p < m; p++)
        if (depth < 64 && idx[p] >> depth)
            return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "opening %zu: index %llu is not below 2^%u", p,
                               (unsigned long long)idx[p], depth);
    return hs_api_check_words(leaves, m * HS_MB_DIGEST, HS_MB_DIGEST, HS_KB_P, "leaves", reason, rl);
}

/* The shape's report against the preset's declaration (HS_ERR_INSECURE unless allowed); the
 * stats' security fields. */
static hs_status security_check(hs_prove_stats *local, const hs_preset *p, hs_backend backend, int root_statement,
                                unsigned depth, size_t m, int pub, int allow_insecure, char *reason, size_t rl) {
    memset(local, 0, sizeof *local);
    hs_params_report *rep = hs_alloc_array(1, sizeof *rep);
    if (!rep) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory");
    hs_status st = root_statement ? root_report(rep, p, depth, pub, reason, rl)
                                  : report(rep, p, backend, depth, m, reason, rl);
    local->claimed_bits = rep->claimed_bits, local->declared_bits = rep->declared_bits, local->supported = rep->supported;
    if (st == HS_OK && !rep->supported && !allow_insecure)
        st = hs_api_fail(reason, rl, HS_ERR_INSECURE,
                         "preset %s declares %.0f provable bits, but this shape gives %.1f (weakest term %s); "
                         "allow_insecure proves it anyway",
                         p->name, rep->declared_bits, rep->claimed_bits, rep->terms[rep->weakest].name);
    hs_free(rep);
    return st;
}

/* A prover's end: its failure as a status, or the proof, the root (canonical) and the stats. */
static hs_status finish(const hs_ctx *ctx, int ok, const char *why, hs_writer *w, hs_prove_stats *local,
                        const hs_phase_time *ph, size_t nph, const hs_kb *mr, uint32_t *root, hs_prove_stats *stats,
                        uint8_t **proof, size_t *proof_len, char *reason, size_t rl) {
    if (ok && w->err) ok = 0, why = hs_why_nomem;
    if (!ok) {
        hs_w_free(w);
        return hs_api_fail(reason, rl, hs_why_is_nomem(why) ? HS_ERR_NOMEM : HS_ERR_ARGUMENT, "%s",
                           why ? why : "the prover failed");
    }
    local->threads = ctx->threads;
    for (size_t i = 0; i < nph && local->n_phases < HS_MAX_PHASES; i++) local->phases[local->n_phases++] = ph[i];
    hs_api_progress(ctx, "done", 1.0);
    if (root)
        for (unsigned l = 0; l < HS_MB_DIGEST; l++) root[l] = hs_kb_to_u32(mr[l]);
    if (stats) *stats = *local;
    *proof = w->data, *proof_len = w->len;
    return HS_OK;
}

/* The stark design: the same checks, then src/statement/merkle/stark_branches.h. */
static hs_status prove_branches_stark(const hs_ctx *ctx, const hs_preset *p, hs_prove_stats *local, uint8_t **proof,
                                      size_t *proof_len, uint32_t *root, hs_prove_stats *stats, char *reason,
                                      size_t rl, unsigned depth, size_t m, const uint64_t *indices,
                                      const uint32_t *leaves, const hs_kb *ms) {
    hs_smb_shape s;
    const char *why = NULL;
    hs_writer w = {0};
    hs_stark_timing tm;
    memset(&tm, 0, sizeof tm);
    uint32_t r[HS_MB_DIGEST];
    hs_kb mr[HS_MB_DIGEST];
    hs_api_progress(ctx, "start", 0.0);
    int ok = hs_smb_shape_make(&s, p, depth, m, &why) &&
             hs_smb_prove(&s, indices, leaves, ms, ctx->threads, &w, r, &tm, &why);
    for (unsigned l = 0; l < HS_MB_DIGEST; l++) mr[l] = hs_kb_from_u32(ok ? r[l] : 0);
    const hs_phase_time ph[] = {{"trace", tm.trace_s},
                                {"commit (LDE + Merkle)", tm.commit_s},
                                {"quotient", tm.quotient_s},
                                {"quotient commit", tm.quotient_commit_s},
                                {"open (DEEP + FRI + queries)", tm.open_s}};
    local->total_s = tm.total_s, local->instances = m * depth;
    unsigned lr = 0;
    while ((1u << lr) < depth) lr++;
    local->physical_rows = (size_t)1 << (s.log_m + lr);
    return finish(ctx, ok, why, &w, local, ph, sizeof ph / sizeof *ph, mr, root, stats, proof, proof_len, reason, rl);
}

hs_status hs_prove_merkle_branches(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, uint32_t *root,
                                   hs_prove_stats *stats, char *reason, size_t rl, const char *hash, const char *preset,
                                   hs_backend backend, unsigned depth, size_t m, const uint64_t *indices,
                                   const uint32_t *leaves, const uint32_t *siblings, int allow_insecure) {
    *proof = NULL, *proof_len = 0;
    if (root) memset(root, 0, HS_MB_DIGEST * sizeof *root);
    if (stats) memset(stats, 0, sizeof *stats);
    if (reason && rl) reason[0] = 0;
    const hs_preset *p;
    hs_status st = check_backend(backend, reason, rl);
    if (st == HS_OK) st = resolve(hash, preset, &p, reason, rl);
    if (st != HS_OK) return st;
    hs_prove_stats local;
    st = security_check(&local, p, backend, 0, depth, m, 0, allow_insecure, reason, rl);
    if (st != HS_OK) return st;
    st = check_openings(depth, m, indices, leaves, reason, rl);
    if (st == HS_OK) st = hs_api_check_words(siblings, m * depth * HS_MB_DIGEST, HS_MB_DIGEST, HS_KB_P, "siblings",
                                             reason, rl);
    if (st != HS_OK) return st;
    if (backend == HS_BACKEND_STARK) {
        hs_kb *ms = hs_api_to_monty(siblings, m * depth * HS_MB_DIGEST);
        if (!ms) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %zu openings", m);
        st = prove_branches_stark(ctx, p, &local, proof, proof_len, root, stats, reason, rl, depth, m, indices, leaves,
                                  ms);
        hs_free(ms);
        return st;
    }
    hs_kb *ml = hs_api_to_monty(leaves, m * HS_MB_DIGEST), *ms = hs_api_to_monty(siblings, m * depth * HS_MB_DIGEST);
    if (!ml || !ms) {
        hs_free(ml), hs_free(ms);
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %zu openings", m);
    }
    hs_mb_shape s;
    const char *why = NULL;
    hs_writer w = {0};
    hs_mb_timing tm;
    hs_kb mr[HS_MB_DIGEST];
    hs_api_progress(ctx, "start", 0.0);
    int ok = hs_mb_shape_make(&s, p, depth, m, &why) && hs_mb_prove(&s, indices, ml, ms, ctx->threads, &w, mr, &tm, &why);
    hs_free(ml), hs_free(ms);
    const hs_phase_time ph[] = {{"witness", tm.witness_s},     {"commit (WHIR)", tm.commit_s},
                                {"GKR walk", tm.walk_s},       {"mux and shift", tm.mux_s},
                                {"open (WHIR)", tm.open_s}};
    local.total_s = tm.total_s, local.instances = m * depth, local.physical_rows = (size_t)1 << s.n;
    return finish(ctx, ok, why, &w, &local, ph, sizeof ph / sizeof *ph, mr, root, stats, proof, proof_len, reason, rl);
}

/* The header's claims; ok: whether the soundness report exists (rep). */
static void fill_info(hs_merkle_proof_info *info, const char *statement, const hs_preset *p, unsigned depth,
                      size_t openings, int public_leaves, unsigned log_rows, int ok, const hs_sound_report *rep) {
    memset(info, 0, sizeof *info);
    info->statement = statement;
    info->hash = HASH_NAME;
    info->preset = p->name;
    info->depth = depth;
    info->openings = openings;
    info->public_leaves = public_leaves;
    info->rows = (size_t)1 << log_rows;
    info->claimed_bits = ok ? rep->claimed_bits : NAN;
    info->regime = ok ? (hs_sec_regime)rep->regime : HS_SEC_UDR;
    info->declared_bits = p->claim_bits;
    info->supported = ok && rep->protocol_bits + 1e-9 >= p->claim_bits; /* the protocol's terms */
}

/* The statement registry picks the parser; e and ss (may be NULL): the entry and its header. */
static hs_status merkle_peek(hs_merkle_proof_info *info, const hs_stmt **e_out, hs_stmt_shape *ss, char *reason,
                             size_t rl, const uint8_t *proof, size_t proof_len) {
    memset(info, 0, sizeof *info);
    if (reason && rl) reason[0] = 0;
    const char *why = NULL;
    hs_sound_report rep;
    hs_stmt_shape local;
    if (!ss) ss = &local;
    if (!proof || !proof_len) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "empty proof");
    const hs_stmt *e = hs_stmt_peek(proof, proof_len, ss, &why);
    if (!e) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
    if (!e->merkle)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "not a Merkle proof (a proof of a batch of hashes: it is verified without a root)");
    if (e_out) *e_out = e;
    const int ok = e->soundness(ss, &rep);
    if (e->id == HS_STMT_MERKLE_STARK) {
        const hs_smb_shape *s = &ss->u.smb;
        fill_info(info, e->name, s->preset, s->depth, s->m, 0, s->log_m + hs_ceil_log2(s->depth), ok, &rep);
    } else if (e->id == HS_STMT_MERKLE_ROOT) {
        const hs_mr_shape *s = &ss->u.mr;
        fill_info(info, e->name, s->preset, s->log_leaves, 0, s->public_leaves, s->log_leaves, ok, &rep);
    } else {
        const hs_mb_shape *s = &ss->u.mb;
        fill_info(info, e->name, s->preset, s->depth, s->m, 0, s->n, ok, &rep);
    }
    info->backend = (hs_backend)e->backend;
    return HS_OK;
}

hs_status hs_merkle_proof_peek(hs_merkle_proof_info *info, char *reason, size_t rl, const uint8_t *proof,
                               size_t proof_len) {
    return merkle_peek(info, NULL, NULL, reason, rl, proof, proof_len);
}

/* The registry's verifier on the caller's statement. */
static hs_status merkle_verify(const hs_ctx *ctx, const hs_stmt *e, const hs_stmt_shape *ss, const uint8_t *proof,
                               size_t proof_len, const hs_stmt_public *pub, const char *what, char *reason, size_t rl) {
    hs_stmt_public p = *pub;
    p.threads = ctx->threads;
    const char *why = NULL;
    switch (e->verify(proof, proof_len, ss, &p, &why)) {
    case HS_STMT_OK: return HS_OK;
    case HS_STMT_NOMEM: return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %s", what);
    default: return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s (not a proof of %s)", why ? why : "rejected", what);
    }
}

/* The claim against min_bits (as hs_verify; min_bits checked by hs_api_check_min_bits first). The
 * preset's declaration sizes the protocol's terms (info->supported); an explicit min_bits is held
 * against the headline, which the digest's collision resistance caps. */
static hs_status bits_check(const hs_merkle_proof_info *info, double min_bits, char *reason, size_t rl) {
    if (min_bits < 0 && (isnan(info->claimed_bits) || !info->supported))
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "the proof's protocol terms are below the %.1f provable bits its preset declares",
                           info->declared_bits);
    if (min_bits >= 0 && (isnan(info->claimed_bits) || info->claimed_bits + 1e-9 < min_bits))
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof claims %.1f provable bits, below the %.1f asked for",
                           info->claimed_bits, min_bits);
    return HS_OK;
}

hs_status hs_verify_merkle_branches(const hs_ctx *ctx, hs_merkle_proof_info *info, char *reason, size_t rl,
                                    const uint8_t *proof, size_t proof_len, const uint32_t *root, unsigned depth,
                                    size_t m, const uint64_t *indices, const uint32_t *leaves, double min_bits) {
    hs_merkle_proof_info local;
    if (!info) info = &local;
    memset(info, 0, sizeof *info);
    const hs_stmt *e = NULL;
    hs_stmt_shape ss;
    hs_status st = hs_api_check_min_bits(min_bits, reason, rl);
    if (st == HS_OK) st = merkle_peek(info, &e, &ss, reason, rl, proof, proof_len);
    if (st != HS_OK) return st;
    if (e->id == HS_STMT_MERKLE_ROOT)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "a Merkle root proof, not a branches proof");
    if (info->depth != depth)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof is for a depth-%u tree, the openings for depth %u",
                           info->depth, depth);
    char bad[HS_REASON_LEN];
    st = hs_api_check_words(root, HS_MB_DIGEST, HS_MB_DIGEST, HS_KB_P, "root", reason, rl);
    if (st != HS_OK) return st;
    st = check_openings(depth, m, indices, leaves, bad, sizeof bad);
    if (st != HS_OK) /* an index beyond the depth: a false statement; a leaf word out of range: bad input */
        return hs_api_fail(reason, rl, st == HS_ERR_ARGUMENT ? HS_ERR_REJECTED : st, "%s", bad);
    if ((st = bits_check(info, min_bits, reason, rl)) != HS_OK) return st;
    const hs_stmt_public pub = {0, NULL, NULL, 0, root, depth, m, indices, leaves};
    return merkle_verify(ctx, e, &ss, proof, proof_len, &pub, "these openings under this root", reason, rl);
}

hs_status hs_merkle_random_openings(uint64_t *indices, uint32_t *leaves, uint32_t *siblings, uint32_t *root,
                                    unsigned depth, size_t m, uint64_t seed) {
    if (depth < 1 || depth > HS_MB_MAX_DEPTH || m < 1) return HS_ERR_ARGUMENT;
    const char *why = NULL;
    hs_kb r[HS_MB_DIGEST];
    if (!hs_mb_random_openings(depth, m, seed, indices, leaves, siblings, r, &why)) return HS_ERR_NOMEM;
    for (size_t k = 0; k < m * HS_MB_DIGEST; k++) leaves[k] = hs_kb_to_u32(leaves[k]);
    for (size_t k = 0; k < m * depth * HS_MB_DIGEST; k++) siblings[k] = hs_kb_to_u32(siblings[k]);
    for (unsigned l = 0; l < HS_MB_DIGEST; l++) root[l] = hs_kb_to_u32(r[l]);
    return HS_OK;
}

hs_status hs_prove_merkle_root(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, uint32_t *root,
                               hs_prove_stats *stats, char *reason, size_t rl, const char *hash, const char *preset,
                               unsigned log_leaves, const uint32_t *leaves, size_t n_words, int public_leaves,
                               int allow_insecure) {
    *proof = NULL, *proof_len = 0;
    if (root) memset(root, 0, HS_MB_DIGEST * sizeof *root);
    if (stats) memset(stats, 0, sizeof *stats);
    if (reason && rl) reason[0] = 0;
    const hs_preset *p;
    hs_status st = resolve(hash, preset, &p, reason, rl);
    if (st != HS_OK) return st;
    hs_prove_stats local;
    if ((st = security_check(&local, p, HS_BACKEND_GKR, 1, log_leaves, 0, public_leaves, allow_insecure, reason, rl)) != HS_OK) return st;
    const size_t need = (size_t)HS_MB_DIGEST << log_leaves;
    if (n_words != need)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "leaves: %zu words given; 2^%u leaves need %zu", n_words,
                           log_leaves, need);
    if ((st = hs_api_check_words(leaves, n_words, HS_MB_DIGEST, HS_KB_P, "leaves", reason, rl)) != HS_OK) return st;
    hs_kb *ml = hs_api_to_monty(leaves, n_words);
    if (!ml) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for 2^%u leaves", log_leaves);
    hs_mr_shape s;
    const char *why = NULL;
    hs_writer w = {0};
    hs_mr_timing tm;
    hs_kb mr[HS_MB_DIGEST];
    hs_api_progress(ctx, "start", 0.0);
    int ok = hs_mr_shape_make(&s, p, log_leaves, public_leaves, &why) && hs_mr_prove(&s, ml, ctx->threads, &w, mr, &tm, &why);
    hs_free(ml);
    const hs_phase_time ph[] = {{"witness", tm.witness_s}, {"commit (WHIR)", tm.commit_s}, {"GKR walk", tm.walk_s},
                                {"open (WHIR)", tm.open_s}};
    local.total_s = tm.total_s, local.instances = ((size_t)1 << log_leaves) - 1;
    local.physical_rows = (size_t)1 << log_leaves;
    return finish(ctx, ok, why, &w, &local, ph, sizeof ph / sizeof *ph, mr, root, stats, proof, proof_len, reason, rl);
}

hs_status hs_verify_merkle_root(const hs_ctx *ctx, hs_merkle_proof_info *info, char *reason, size_t rl,
                                const uint8_t *proof, size_t proof_len, const uint32_t *root, const uint32_t *leaves,
                                size_t n_words, double min_bits) {
    hs_merkle_proof_info local;
    if (!info) info = &local;
    memset(info, 0, sizeof *info);
    const hs_stmt *e = NULL;
    hs_stmt_shape ss;
    hs_status st = hs_api_check_min_bits(min_bits, reason, rl);
    if (st == HS_OK) st = merkle_peek(info, &e, &ss, reason, rl, proof, proof_len);
    if (st != HS_OK) return st;
    if (e->id != HS_STMT_MERKLE_ROOT)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "a Merkle branches proof, not a root proof");
    if ((st = hs_api_check_words(root, HS_MB_DIGEST, HS_MB_DIGEST, HS_KB_P, "root", reason, rl)) != HS_OK) return st;
    if (!leaves && n_words)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "leaves is NULL with %zu words", n_words);
    /* what the proof says against what is given: a rejection, never the caller's error */
    if (info->public_leaves && !leaves)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "the proof binds public leaves (2^%u of them): it holds only with them, and none were given",
                           info->depth);
    if (!info->public_leaves && leaves)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "the proof is about private leaves (it binds none), and leaves were given");
    const size_t need = (size_t)HS_MB_DIGEST << info->depth;
    if (leaves && n_words != need)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof is for 2^%u leaves (%zu words), not %zu words",
                           info->depth, need, n_words);
    if (leaves && (st = hs_api_check_words(leaves, n_words, HS_MB_DIGEST, HS_KB_P, "leaves", reason, rl)) != HS_OK)
        return st;
    if ((st = bits_check(info, min_bits, reason, rl)) != HS_OK) return st;
    const hs_stmt_public pub = {0, NULL, NULL, 0, root, 0, 0, NULL, leaves};
    return merkle_verify(ctx, e, &ss, proof, proof_len, &pub,
                         leaves ? "this root and these leaves" : "this root", reason, rl);
}
