/* XMSS through the C interface (include/hashsnark.h): the schemes of src/sig/xmss.h. */
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "preset/preset.h"
#include "sig/xmss.h"
#include "statement/xmssagg.h"
#include "util/mem.h"

_Static_assert(HS_XMSS_WIDTH == 16, "hs_xmss_call holds 16 lanes");

static const hs_xmss_scheme *find(const char *name, char *reason, size_t rl, hs_status *st) {
    const hs_xmss_scheme *s = hs_xmss_scheme_find(name);
    *st = s ? HS_OK : hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "no XMSS scheme '%s'", name ? name : "(null)");
    return s;
}

size_t hs_xmss_count(void) { return hs_xmss_scheme_count(); }
const char *hs_xmss_name_at(size_t i) {
    const hs_xmss_scheme *s = hs_xmss_scheme_at(i);
    return s ? s->name : NULL;
}

hs_status hs_xmss_info_get(hs_xmss_info *out, const char *scheme) {
    memset(out, 0, sizeof *out);
    hs_status st;
    const hs_xmss_scheme *s = find(scheme, NULL, 0, &st);
    if (!s) return st;
    out->name = s->name, out->description = s->description, out->source = s->source;
    out->chains = s->v, out->chain_length = hs_xmss_chain_len(s), out->target_sum = s->target_sum;
    out->height = s->height, out->digest_words = s->digest, out->param_words = s->param, out->rand_words = s->rand;
    out->pk_words = hs_xmss_pk_words(s), out->sig_words = hs_xmss_sig_words(s);
    out->msg_bytes = s->msg_bytes, out->msg_elements = s->msg_limbs ? 0 : s->msg_elems;
    out->limbs_checked = s->limbs_checked;
    hs_xmss_counts(s, &out->compressions, &out->permutations);
    out->trace_slots = (unsigned)hs_xmss_slots(s);
    return HS_OK;
}

static hs_status result(hs_xmss_result r, char *reason, size_t rl, const char *why) {
    if (r == HS_XR_OK) return HS_OK;
    if (r == HS_XR_NOMEM) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory");
    return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
}

hs_status hs_xmss_verify(const char *scheme, const uint32_t *pk, uint32_t epoch, const uint8_t *msg,
                         const uint32_t *sig, char *reason, size_t rl) {
    hs_status st;
    const hs_xmss_scheme *s = find(scheme, reason, rl, &st);
    if (!s) return st;
    char why[HS_REASON_LEN];
    return result(hs_xmss_check(s, pk, epoch, msg, sig, NULL, why, sizeof why), reason, rl, why);
}

hs_status hs_xmss_verify_many(const hs_ctx *ctx, const char *scheme, size_t n, const uint32_t *pks,
                              const uint32_t *epochs, const uint8_t *msgs, const uint32_t *sigs, hs_status *results,
                              char *reasons, size_t rl) {
    hs_status st;
    const hs_xmss_scheme *s = find(scheme, NULL, 0, &st);
    if (!s) return st;
    if (reasons && !rl) return HS_ERR_ARGUMENT;
    hs_xmss_result *r = malloc((n ? n : 1) * sizeof *r);
    if (!r) return HS_ERR_NOMEM;
    int ok = hs_xmss_check_many(s, n, pks, epochs, msgs, sigs, r, reasons, reasons ? rl : 0, ctx->threads);
    for (size_t k = 0; ok && k < n; k++) {
        if (r[k] == HS_XR_NOMEM) ok = 0;
        results[k] = r[k] == HS_XR_OK ? HS_OK : HS_ERR_REJECTED;
    }
    free(r);
    return ok ? HS_OK : HS_ERR_NOMEM;
}

hs_status hs_xmss_make(const char *scheme, uint64_t seed, uint32_t epoch, const uint8_t *msg, uint32_t *pk,
                       uint32_t *sig, char *reason, size_t rl) {
    hs_status st;
    const hs_xmss_scheme *s = find(scheme, reason, rl, &st);
    if (!s) return st;
    if (!s->msg_limbs)
        for (unsigned i = 0; i < s->msg_elems; i++) {
            uint32_t e = (uint32_t)msg[4 * i] | (uint32_t)msg[4 * i + 1] << 8 | (uint32_t)msg[4 * i + 2] << 16 |
                         (uint32_t)msg[4 * i + 3] << 24;
            if (e >= HS_KB_P)
                return hs_api_fail(reason, rl, HS_ERR_RANGE, "message element %u is %u, not below p = %u", i, e, HS_KB_P);
        }
    /* a draw is valid with probability about 1/800 for these schemes */
    if (!hs_xmss_sign_random(s, seed, epoch, msg, pk, sig, 10000000ul))
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "no valid encoding found (out of memory or tries)");
    return HS_OK;
}

static const char *kind_name(unsigned k) {
    static const char *const names[HS_XK_COUNT] = {"message", "encoding", "encoding", "chain", "leaf", "leaf", "merkle"};
    return k < HS_XK_COUNT ? names[k] : "?";
}

hs_status hs_xmss_trace(const char *scheme, const uint32_t *pk, uint32_t epoch, const uint8_t *msg,
                        const uint32_t *sig, hs_xmss_call *calls, size_t n_calls, char *reason, size_t rl) {
    hs_status st;
    const hs_xmss_scheme *s = find(scheme, reason, rl, &st);
    if (!s) return st;
    const size_t n = hs_xmss_slots(s);
    if (n_calls < n)
        return hs_api_fail(reason, rl, HS_ERR_BUFFER, "the trace has %zu calls, room for %zu given", n, n_calls);
    hs_xmss_slot *t = malloc(n * sizeof *t);
    if (!t) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory");
    char why[HS_REASON_LEN];
    hs_xmss_result r = hs_xmss_check(s, pk, epoch, msg, sig, t, why, sizeof why);
    for (size_t j = 0; j < n; j++) {
        hs_xmss_call *c = &calls[j];
        memset(c, 0, sizeof *c);
        c->kind = kind_name(t[j].kind);
        c->active = t[j].active;
        const unsigned k = t[j].kind < HS_XK_COUNT ? t[j].kind : HS_XK_MSG;
        c->feed_forward = s->call[k].feed_forward;
        if (t[j].kind == HS_XK_ENC1) c->step = 1;
        else if (t[j].kind == HS_XK_LEAF) c->step = t[j].index + 1u;
        else if (t[j].kind == HS_XK_CHAIN || t[j].kind == HS_XK_MERKLE) c->index = t[j].index;
        c->pos = t[j].pos;
        memcpy(c->in, t[j].in, sizeof c->in);
        memcpy(c->out, t[j].out, sizeof c->out);
    }
    free(t);
    return result(r, reason, rl, why);
}

/* ---- aggregation (src/statement/xmssagg.h) ---- */

static hs_status agg_resolve(const char *scheme, const char *preset, const hs_xmss_scheme **s, const hs_preset **p,
                             char *reason, size_t rl) {
    hs_status st;
    if (!(*s = find(scheme, reason, rl, &st))) return st;
    *p = hs_preset_find(preset ? preset : "proven128");
    if (!*p) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "no preset '%s'", preset);
    return HS_OK;
}

static hs_status agg_report(hs_params_report *out, const hs_preset *p, const hs_xmss_scheme *s, size_t n,
                            char *reason, size_t rl) {
    memset(out, 0, sizeof *out);
    hs_xa_shape sh;
    const char *why = NULL;
    if (!hs_xa_shape_make(&sh, p, s, n, &why)) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    hs_sound_report rep;
    if (!hs_soundness_xa(p, s, n, &rep))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "preset %s cannot prove %zu signatures", p->name, n);
    hs_api_report_terms(out, &rep, p, rep.protocol_bits + 1e-9 >= p->claim_bits);
    const hs_gkr_perm *g = hs_gkr_perm_get(HS_GKR_P1_KB16);
    out->log_rows = sh.n - 1, out->ext_degree = 5, out->gkr_layers = g->layers, out->gkr_width = g->width;
    out->whir_columns = 64, out->whir_log_inv_rate = sh.whir.log_inv_rate;
    out->whir_fold_first = sh.whir.fold_first, out->whir_fold = sh.whir.fold;
    out->whir_regime = (hs_sec_regime)sh.whir.regime, out->merkle_hash = hs_api_merkle_name((int)sh.whir.hash);
    return HS_OK;
}

hs_status hs_params_xmss(hs_params_report *out, char *reason, size_t rl, const char *scheme, const char *preset,
                         size_t n) {
    memset(out, 0, sizeof *out);
    if (reason && rl) reason[0] = 0;
    const hs_xmss_scheme *s;
    const hs_preset *p;
    hs_status st = agg_resolve(scheme, preset, &s, &p, reason, rl);
    return st != HS_OK ? st : agg_report(out, p, s, n, reason, rl);
}

hs_status hs_xmss_aggregate(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, hs_prove_stats *stats,
                            size_t *bad_index, char *reason, size_t rl, const char *scheme, const char *preset, size_t n,
                            const uint32_t *pks, uint32_t epoch, const uint8_t *msg, const uint32_t *sigs) {
    *proof = NULL, *proof_len = 0;
    if (stats) memset(stats, 0, sizeof *stats);
    if (bad_index) *bad_index = n;
    if (reason && rl) reason[0] = 0;
    const hs_xmss_scheme *s;
    const hs_preset *p;
    hs_status st = agg_resolve(scheme, preset, &s, &p, reason, rl);
    if (st != HS_OK) return st;
    hs_params_report *rep = hs_alloc_array(1, sizeof *rep);
    if (!rep) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory");
    st = agg_report(rep, p, s, n, reason, rl);
    hs_prove_stats local;
    memset(&local, 0, sizeof local);
    local.claimed_bits = rep->claimed_bits, local.declared_bits = rep->declared_bits, local.supported = rep->supported;
    hs_free(rep);
    if (st != HS_OK) return st;
    hs_xa_shape sh;
    const char *why = NULL;
    if (!hs_xa_shape_make(&sh, p, s, n, &why)) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    hs_writer w = {0};
    hs_xa_timing tm;
    size_t bad = n;
    char wb[HS_REASON_LEN];
    hs_api_progress(ctx, "start", 0.0);
    const int ok = hs_xa_prove(&sh, pks, epoch, msg, sigs, ctx->threads, &w, &tm, &bad, wb, sizeof wb, &why);
    if (!ok || w.err) {
        hs_w_free(&w);
        if (bad_index) *bad_index = bad;
        if (bad < n) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "signature %zu: %s", bad, wb);
        if (ok) why = hs_why_nomem;
        return hs_api_fail(reason, rl, hs_why_is_nomem(why) ? HS_ERR_NOMEM : HS_ERR_ARGUMENT, "%s", why);
    }
    const hs_phase_time ph[] = {{"native check", tm.native_s}, {"trace", tm.trace_s}, {"witness", tm.witness_s}, {"commit (WHIR)", tm.commit_s},
                                {"GKR walk", tm.walk_s},       {"wiring", tm.wiring_s},   {"open (WHIR)", tm.open_s}};
    local.total_s = tm.total_s, local.instances = n * hs_xmss_slots(s), local.physical_rows = 0;
    for (unsigned t = 0; t < sh.n_tab; t++) local.physical_rows += (size_t)1 << (sh.tab_k[t] + sh.nu);
    local.threads = ctx->threads;
    for (size_t i = 0; i < sizeof ph / sizeof *ph; i++) local.phases[local.n_phases++] = ph[i];
    hs_api_progress(ctx, "done", 1.0);
    if (stats) *stats = local;
    *proof = w.data, *proof_len = w.len;
    return HS_OK;
}

hs_status hs_xmss_aggregate_verify(const hs_ctx *ctx, char *reason, size_t rl, const char *scheme,
                                   const uint8_t *proof, size_t proof_len, size_t n, const uint32_t *pks,
                                   uint32_t epoch, const uint8_t *msg) {
    if (reason && rl) reason[0] = 0;
    const char *why = NULL;
    if (!hs_xa_verify(proof, proof_len, scheme, n, pks, epoch, msg, ctx->threads, &why))
        return hs_api_fail(reason, rl, hs_why_is_nomem(why) ? HS_ERR_NOMEM : HS_ERR_REJECTED, "%s", why);
    return HS_OK;
}

hs_status hs_xmss_aggregate_peek(const char **scheme, size_t *n, const char **preset, char *reason, size_t rl,
                                 const uint8_t *proof, size_t proof_len) {
    hs_xa_shape sh;
    const char *why = NULL;
    *scheme = NULL, *n = 0, *preset = NULL;
    if (!hs_xa_peek(proof, proof_len, &sh, &why)) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
    *scheme = sh.scheme->name, *n = sh.n_sigs, *preset = sh.preset->name;
    return HS_OK;
}
