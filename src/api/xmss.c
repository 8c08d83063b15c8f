/* XMSS through the C interface (include/hashsnark.h): the schemes of src/sig/xmss.h. */
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "sig/xmss.h"
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
