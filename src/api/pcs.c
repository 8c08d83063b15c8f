/* The commitment-only statement through the C interface (include/hashsnark.h): the prover and
 * verifier of src/statement/pcsstmt.h with the parameters `hashsnark prove --statement pcs` uses. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "statement/pcsstmt.h"
#include "util/mem.h"

/* The statement's FRI-Binius parameters are its presets' (statement/pcsstmt.h): compat is
 * Binius64's (96 bits by unique decoding at rate 1/2: 232 queries), fast100 and proven128 the
 * 100- and 128-bit ones; all fold 4 rounds between Merkle oracles, BLAKE3 trees with caps of 4
 * digests. */

_Static_assert(HS_PCS_MIN_LOG_BITS == HS_PCSSTMT_MIN_LOG_BITS, "public and internal log_bits bounds");
_Static_assert(HS_PCS_MAX_LOG_BITS == HS_PCSSTMT_MAX_LOG_BITS, "public and internal log_bits bounds");

static void fill_info(hs_pcs_info *info, const hs_pcsstmt_shape *s) {
    hs_sound_report rep;
    hs_pcsstmt_soundness(s, &rep);
    info->field = "gf2-128";
    info->preset = hs_pcsstmt_preset_name(s->preset);
    info->challenge_bits = 128 * s->chal_ext;
    info->log_bits = s->log_bits;
    info->inv_rate = 1u << s->log_inv_rate;
    info->queries = s->fri.queries;
    info->declared_bits = (double)s->security_bits;
    info->claimed_bits = rep.claimed_bits;
    info->regime = (hs_sec_regime)rep.regime;
}

/* The field, the preset (NULL: compat) and log_bits checked; the shape (check: the preset's terms
 * must reach its target) into s. */
static hs_status pcs_shape(hs_pcsstmt_shape *s, const char *field, const char *preset, unsigned log_bits, int check,
                           char *reason, size_t rl) {
    if (!field || strcmp(field, "gf2-128"))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "the commitment's field is gf2-128, not '%s'",
                           field ? field : "(null)");
    hs_pcsstmt_preset id;
    if (!hs_pcsstmt_preset_find(preset ? preset : "compat", &id))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "unknown preset '%s' (compat, fast100, proven128)", preset);
    if (log_bits < HS_PCS_MIN_LOG_BITS || log_bits > HS_PCS_MAX_LOG_BITS)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "log_bits %u is not from %u to %u", log_bits,
                           HS_PCS_MIN_LOG_BITS, HS_PCS_MAX_LOG_BITS);
    const char *why = NULL;
    if (!hs_pcsstmt_shape_preset(s, log_bits, id, check, &why))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "preset %s, log_bits %u: %s", hs_pcsstmt_preset_name(id),
                           log_bits, why);
    return HS_OK;
}

hs_status hs_prove_pcs(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, hs_pcs_info *info, char *reason,
                       size_t rl, const char *field, unsigned log_bits, uint64_t seed) {
    return hs_prove_pcs_preset(ctx, proof, proof_len, info, reason, rl, field, "compat", log_bits, seed);
}

hs_status hs_prove_pcs_preset(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, hs_pcs_info *info, char *reason,
                              size_t rl, const char *field, const char *preset, unsigned log_bits, uint64_t seed) {
    *proof = NULL, *proof_len = 0;
    if (info) memset(info, 0, sizeof *info);
    hs_pcsstmt_shape s;
    const hs_status st0 = pcs_shape(&s, field, preset, log_bits, 1, reason, rl);
    if (st0 != HS_OK) return st0;
    const char *why = NULL;
    hs_writer w = {0};
    if (!hs_pcsstmt_prove(&s, seed, ctx->threads, &w, &why) || w.err) {
        hs_w_free(&w);
        if (!why || hs_why_is_nomem(why) || w.err) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory");
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    }
    if (info) fill_info(info, &s);
    *proof = w.data, *proof_len = w.len;
    return HS_OK;
}

/* The header into s and info: HS_ERR_REJECTED with the parser's reason when it is no such proof. */
static hs_status peek_shape(hs_pcsstmt_shape *s, hs_pcs_info *info, char *reason, size_t rl, const uint8_t *proof,
                            size_t proof_len) {
    memset(info, 0, sizeof *info);
    const char *why = NULL;
    if (!proof || !hs_pcsstmt_peek(proof, proof_len, s, &why))
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why ? why : "no proof");
    fill_info(info, s);
    return HS_OK;
}

hs_status hs_pcs_peek(hs_pcs_info *info, char *reason, size_t rl, const uint8_t *proof, size_t proof_len) {
    hs_pcsstmt_shape s;
    return peek_shape(&s, info, reason, rl, proof, proof_len);
}

hs_status hs_verify_pcs(const hs_ctx *ctx, hs_pcs_info *info, char *reason, size_t rl, const uint8_t *proof,
                        size_t proof_len, double min_bits) {
    (void)ctx; /* the verifier runs on the calling thread */
    hs_pcs_info local;
    if (!info) info = &local;
    hs_status st = hs_api_check_min_bits(min_bits, reason, rl);
    if (st != HS_OK) return memset(info, 0, sizeof *info), st;
    hs_pcsstmt_shape s;
    if ((st = peek_shape(&s, info, reason, rl, proof, proof_len)) != HS_OK) return st;
    const char *why = NULL;
    if (!hs_pcsstmt_verify(proof, proof_len, &s, &why))
        return hs_why_is_nomem(why) ? hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory")
                                    : hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why ? why : "rejected");
    const double need = min_bits < 0 ? info->declared_bits : min_bits;
    if (isnan(info->claimed_bits) || info->claimed_bits + 1e-9 < need)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof holds but gives %.1f provable bits (%s), below the %.1f %s",
                           info->claimed_bits, hs_sec_regime_name(info->regime), need,
                           min_bits < 0 ? "its queries were derived for" : "required");
    return HS_OK;
}

hs_status hs_params_pcs(hs_params_report *out, char *reason, size_t rl, const char *field, const char *preset,
                        unsigned log_bits) {
    memset(out, 0, sizeof *out);
    if (reason && rl) reason[0] = 0;
    hs_pcsstmt_shape s;
    const hs_status st = pcs_shape(&s, field, preset, log_bits, 0, reason, rl);
    if (st != HS_OK) return st;
    hs_sound_report rep;
    hs_pcsstmt_soundness(&s, &rep);
    out->claimed_bits = rep.claimed_bits;
    out->regime = (hs_sec_regime)rep.regime;
    out->weakest = rep.weakest;
    out->declared_bits = s.security_bits;
    out->declared_regime = HS_SEC_UDR;
    out->supported = rep.protocol_bits + 1e-9 >= s.security_bits;
    out->log_blowup = s.log_inv_rate;
    out->num_queries = s.fri.queries;
    out->merkle_hash = "BLAKE3";
    out->n_terms = rep.n_terms < HS_MAX_TERMS ? rep.n_terms : HS_MAX_TERMS;
    for (size_t i = 0; i < out->n_terms; i++) {
        snprintf(out->terms[i].name, sizeof out->terms[i].name, "%s", rep.terms[i].name);
        for (int g = 0; g < 3; g++) out->terms[i].bits[g] = rep.terms[i].bits[g];
    }
    return HS_OK;
}
