/* include/hashsnark.h: hs_proof_peek and hs_verify. The proof header's backend byte (offset 12)
 * and, for the gkr backend, its statement byte (offset 15) pick the parser
 * (docs/PROOF_FORMAT.md). */
#include <math.h>
#include <string.h>

#include "api/api_internal.h"
#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "util/mem.h"

#define MAGIC "HSNKPRF1"

/* The plan of the statement a proof's header claims. */
static hs_status peek_plan(hs_api_plan *pl, const uint8_t *proof, size_t len, char *reason, size_t rl) {
    memset(pl, 0, sizeof *pl);
    const char *why = NULL;
    const hs_provable_entry *e = NULL;
    const hs_preset *preset = NULL;
    int public_io = 0;
    hs_shape s;
    hs_shape_init(&s);
    if (!proof || !len) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "truncated header (an empty proof)");
    const int gkr = len >= 13 && !memcmp(proof, MAGIC, 8) && proof[12] == HS_BACKEND_GKR;
    if (gkr && len >= 16 && proof[15] == HS_STATEMENT_REGIONS) {
        hs_ragged_shape rs;
        if (!hs_ragged_peek(proof, len, &rs, &why)) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
        e = hs_provable_entry_by_gkr(HS_GKR_P2_KB16); /* ragged regions prove it only */
        preset = rs.preset;
        s.statement = HS_STATEMENT_REGIONS;
        s.variant = hs_ragged_variant_name(rs.variant);
        s.n_regions = rs.n_regions;
        memcpy(s.region_log, rs.widths, sizeof s.region_log);
        s.private_regions = rs.private_io;
    } else if (gkr) {
        hs_gkr_shape gs;
        if (!hs_gkr_peek(proof, len, &gs, &why)) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
        e = hs_provable_entry_by_gkr(gs.perm_id);
        preset = gs.preset, public_io = gs.public_io, s.log_perms = gs.log_perms;
    } else { /* the stark parser rejects anything else with its reason */
        hs_stark_shape ss;
        if (!hs_stark_peek(proof, len, &ss, &why)) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
        e = hs_provable_entry_by_air(ss.air_id);
        preset = ss.preset, public_io = ss.public_io, s.log_perms = ss.log_perms, s.log_blowup = ss.fri.log_blowup;
    }
    if (!e) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof's hash is not provable by this build");
    s.backend = gkr ? HS_BACKEND_GKR : HS_BACKEND_STARK;
    s.hash = e->name;
    s.preset = preset->name;
    if (s.statement != HS_STATEMENT_REGIONS) s.statement = public_io ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
    hs_status st = hs_api_plan_make(pl, &s, reason, rl);
    return st == HS_OK ? HS_OK : hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof's statement is impossible");
}

static void fill_info(hs_proof_info *info, const hs_api_plan *pl) {
    memset(info, 0, sizeof *info);
    hs_api_plan_shape(pl, &info->shape);
    info->instances = pl->instances;
    if (hs_api_plan_tables(pl)) info->in_words = pl->in_words, info->out_words = pl->out_words;
    info->noun = pl->hash->noun;
    info->claimed_bits = NAN;
    info->declared_bits = pl->preset->claim_bits;
    if (pl->statement == HS_STATEMENT_REGIONS) {
        hs_ragged_shape rs;
        const char *why = NULL;
        if (hs_api_plan_ragged(pl, &rs, &why)) info->physical_rows = rs.physical_rows;
    }
    hs_params_report *rep = hs_alloc_array(1, sizeof *rep);
    if (rep && hs_api_report(rep, pl, NULL, 0) == HS_OK) {
        info->claimed_bits = rep->claimed_bits;
        info->regime = rep->regime;
        info->supported = rep->supported;
        info->num_queries = rep->num_queries;
        info->whir_log_inv_rate = rep->whir_log_inv_rate;
    }
    hs_free(rep);
}

hs_status hs_proof_peek(hs_proof_info *info, char *reason, size_t rl, const uint8_t *proof, size_t len) {
    memset(info, 0, sizeof *info);
    if (reason && rl) reason[0] = 0;
    hs_api_plan pl;
    hs_status st = peek_plan(&pl, proof, len, reason, rl);
    if (st == HS_OK) fill_info(info, &pl);
    return st;
}

static const char *rejected(const char *why) { return why ? why : "invalid proof"; }

static hs_status verify_batch(const hs_ctx *ctx, const hs_api_plan *pl, const uint8_t *proof, size_t len,
                              const uint32_t *in, const uint32_t *out, char *reason, size_t rl) {
    const char *why = NULL;
    const size_t n = in ? pl->instances : 0;
    int ok;
    if (pl->backend == HS_BACKEND_STARK) {
        ok = hs_stark_verify(proof, len, in, out, n, ctx->threads, NULL, &why);
    } else {
        hs_kb *mi = in ? hs_api_to_monty(in, pl->in_words) : NULL, *mo = out ? hs_api_to_monty(out, pl->out_words) : NULL;
        if ((in && !mi) || (out && !mo)) {
            hs_free(mi), hs_free(mo);
            return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for the public table");
        }
        ok = hs_gkr_verify(proof, len, mi, mo, n, pl->hash->in_words, ctx->threads, NULL, &why);
        hs_free(mi), hs_free(mo);
    }
    return ok ? HS_OK : hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", rejected(why));
}

static hs_status verify_regions(const hs_ctx *ctx, const hs_api_plan *pl, const uint8_t *proof, size_t len,
                                const uint32_t *in, const uint32_t *out, char *reason, size_t rl) {
    const char *why = NULL;
    if (pl->private_regions) {
        int ok = hs_ragged_verify(proof, len, NULL, NULL, NULL, 0, ctx->threads, NULL, NULL, &why);
        return ok ? HS_OK : hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", rejected(why));
    }
    hs_kb *mi = hs_api_to_monty(in, pl->in_words), *mo = hs_api_to_monty(out, pl->out_words);
    if (!mi || !mo) {
        hs_free(mi), hs_free(mo);
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for the public table");
    }
    const hs_kb *in_r[HS_MAX_REGIONS], *out_r[HS_MAX_REGIONS];
    size_t rows[HS_MAX_REGIONS];
    for (unsigned a = 0, at = 0; a < pl->n_regions; at += 1u << pl->widths[a], a++) {
        in_r[a] = mi + (size_t)at * pl->hash->in_words, out_r[a] = mo + (size_t)at * pl->hash->out_words;
        rows[a] = (size_t)1 << pl->widths[a];
    }
    int ok = hs_ragged_verify(proof, len, in_r, out_r, rows, pl->n_regions, ctx->threads, NULL, NULL, &why);
    hs_free(mi), hs_free(mo);
    return ok ? HS_OK : hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", rejected(why));
}

/* What the caller gives against what the proof says. The caller's own inconsistency (a count
 * without its table, one table without the other) is HS_ERR_ARGUMENT; anything the proof says
 * that the tables do not match (a table for a private proof, none for a public one, another
 * size, a word outside the field of the proof's hash) is a rejection with its reason: a proof's
 * bytes never make a call a usage error. */
static hs_status check_tables(const hs_api_plan *pl, const uint32_t *pub_in, size_t n_in, const uint32_t *pub_out,
                              size_t n_out, char *reason, size_t rl) {
    if ((!pub_in && n_in) || (!pub_out && n_out))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s is NULL with %zu words", pub_in ? "pub_out" : "pub_in",
                           pub_in ? n_out : n_in);
    if (!pub_in != !pub_out)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "give both tables (pub_in and pub_out) or neither");
    if (!hs_api_plan_tables(pl))
        return pub_in ? hs_api_fail(reason, rl, HS_ERR_REJECTED,
                                    "the proof is for a private statement (it proves no table), and tables were given")
                      : HS_OK;
    if (!pub_in)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "the proof is for a public statement of %zu %s: it holds only with their input and output "
                           "tables, and none were given",
                           pl->instances, pl->hash->noun);
    if (n_in != pl->in_words || n_out != pl->out_words)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "the proof is about %zu %s (%zu input and %zu output words); the tables have %zu and %zu "
                           "words",
                           pl->instances, pl->hash->noun, pl->in_words, pl->out_words, n_in, n_out);
    char bad[HS_REASON_LEN];
    hs_status st = hs_api_check_words(pub_in, n_in, pl->hash->in_words, pl->hash->word_modulus, "pub_in", bad, sizeof bad);
    if (st == HS_OK)
        st = hs_api_check_words(pub_out, n_out, pl->hash->out_words, pl->hash->word_modulus, "pub_out", bad, sizeof bad);
    return st == HS_OK ? HS_OK
                       : hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s (the field of the proof's hash %s)", bad,
                                     pl->hash->name);
}

hs_status hs_verify(const hs_ctx *ctx, hs_proof_info *info, char *reason, size_t rl, const uint8_t *proof, size_t len,
                    const uint32_t *pub_in, size_t n_in, const uint32_t *pub_out, size_t n_out, double min_bits) {
    hs_proof_info local;
    if (!info) info = &local;
    memset(info, 0, sizeof *info);
    if (reason && rl) reason[0] = 0;
    hs_status st = hs_api_check_min_bits(min_bits, reason, rl);
    if (st != HS_OK) return st;
    hs_api_plan pl;
    if ((st = peek_plan(&pl, proof, len, reason, rl)) != HS_OK) return st;
    fill_info(info, &pl);
    if ((st = check_tables(&pl, pub_in, n_in, pub_out, n_out, reason, rl)) != HS_OK) return st;
    const double need = min_bits < 0 ? info->declared_bits : min_bits;
    if (isnan(info->claimed_bits)) {
        if (min_bits > 0)
            return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                               "no soundness report for this statement, and %.1f bits were asked for", min_bits);
    } else if (info->claimed_bits + 1e-9 < need) {
        return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof claims %.1f provable bits, below the %.1f %s",
                           info->claimed_bits, need, min_bits < 0 ? "its preset declares" : "asked for");
    }
    if (pl.statement == HS_STATEMENT_REGIONS) return verify_regions(ctx, &pl, proof, len, pub_in, pub_out, reason, rl);
    return verify_batch(ctx, &pl, proof, len, pub_in, pub_out, reason, rl);
}
