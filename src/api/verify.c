/* include/hashsnark.h: hs_proof_peek and hs_verify. The statement registry
 * (src/statement/registry.h) picks the parser and the verifier from the proof's header. */
#include <math.h>
#include <string.h>

#include "api/api_internal.h"
#include "statement/registry.h"
#include "util/mem.h"

/* The plan of the statement a proof's header claims; *stp and ss: its registry entry and header. */
static hs_status peek_plan(hs_api_plan *pl, const hs_stmt **stp, hs_stmt_shape *ss, const uint8_t *proof,
                           size_t len, char *reason, size_t rl) {
    memset(pl, 0, sizeof *pl);
    const char *why = NULL;
    const hs_provable_entry *e = NULL;
    hs_shape s;
    hs_shape_init(&s);
    const hs_stmt *st = *stp = hs_stmt_peek(proof, len, ss, &why);
    if (!st) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why);
    if (st->merkle)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "a Merkle statement's proof: it is verified against its root (verify --root)");
    if (st->id == HS_STMT_XMSS_AGG)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "an XMSS aggregate of %zu %s signatures: it holds only with its key list, epoch and message "
                           "(hs_xmss_aggregate_verify, hs_xmss_aggregate_peek; hashsnark verify --proof P --json FILE)",
                           ss->u.xa.n_sigs, ss->u.xa.scheme->name);
    if (st->id == HS_STMT_PCS)
        return hs_api_fail(reason, rl, HS_ERR_REJECTED,
                           "a commitment-only proof (statement pcs): hashsnark verify --proof checks it");
    int public_io = 0;
    switch (st->id) {
    case HS_STMT_REGIONS:
        e = hs_provable_entry_by_gkr(HS_GKR_P2_KB16); /* ragged regions prove it only */
        s.statement = HS_STATEMENT_REGIONS;
        s.variant = hs_ragged_variant_name(ss->u.ragged.variant);
        s.n_regions = ss->u.ragged.n_regions;
        memcpy(s.region_log, ss->u.ragged.widths, sizeof s.region_log);
        s.private_regions = ss->u.ragged.private_io;
        break;
    case HS_STMT_GKR_BATCH:
        e = hs_provable_entry_by_gkr(ss->u.gkr.perm_id);
        public_io = ss->u.gkr.public_io, s.log_perms = ss->u.gkr.log_perms;
        break;
    case HS_STMT_KGKR:
        e = hs_provable_entry_find("keccak-f1600");
        public_io = !ss->u.kgkr.priv, s.log_perms = ss->u.kgkr.log_n;
        break;
    case HS_STMT_P2BGKR:
        e = hs_provable_entry_find(ss->u.p2b.inst == HS_P2B_FROST ? "poseidon2b-frost" : "poseidon2b");
        public_io = ss->u.p2b.public_io, s.log_perms = ss->u.p2b.log_n;
        break;
    default: /* HS_STMT_STARK_BATCH */
        e = hs_provable_entry_by_air(ss->u.stark.air_id);
        public_io = ss->u.stark.public_io, s.log_perms = ss->u.stark.log_perms, s.log_blowup = ss->u.stark.fri.log_blowup;
        break;
    }
    if (!e) return hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof's hash is not provable by this build");
    s.backend = (hs_backend)st->backend;
    s.hash = e->name;
    s.preset = hs_stmt_preset(ss)->name;
    if (s.statement != HS_STATEMENT_REGIONS) s.statement = public_io ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
    hs_status r = hs_api_plan_make(pl, &s, reason, rl);
    return r == HS_OK ? HS_OK : hs_api_fail(reason, rl, HS_ERR_REJECTED, "the proof's statement is impossible");
}

static void fill_info(hs_proof_info *info, const hs_api_plan *pl) {
    memset(info, 0, sizeof *info);
    hs_api_plan_shape(pl, &info->shape);
    info->instances = pl->instances;
    if (hs_api_plan_tables(pl)) info->in_words = pl->in_words, info->out_words = pl->out_words;
    info->noun = pl->hash->noun;
    info->field = hs_api_plan_gkrb(pl) ? "gf2-128" : "koalabear";
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
    const hs_stmt *e;
    hs_stmt_shape ss;
    hs_status st = peek_plan(&pl, &e, &ss, proof, len, reason, rl);
    if (st == HS_OK) fill_info(info, &pl);
    return st;
}

/* The registry's verifier of the proof's statement on the caller's tables (canonical words). */
static hs_status verify_tables(const hs_ctx *ctx, const hs_api_plan *pl, const hs_stmt *st, const hs_stmt_shape *ss,
                               const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, char *reason,
                               size_t rl) {
    const char *why = NULL;
    const hs_stmt_public pub = {ctx->threads, in, out, in ? pl->instances : 0, NULL, 0, 0, NULL, NULL};
    switch (st->verify(proof, len, ss, &pub, &why)) {
    case HS_STMT_OK: return HS_OK;
    case HS_STMT_NOMEM: return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for the public table");
    default: return hs_api_fail(reason, rl, HS_ERR_REJECTED, "%s", why ? why : "invalid proof");
    }
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
    const hs_stmt *e;
    hs_stmt_shape ss;
    if ((st = peek_plan(&pl, &e, &ss, proof, len, reason, rl)) != HS_OK) return st;
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
    return verify_tables(ctx, &pl, e, &ss, proof, len, pub_in, pub_out, reason, rl);
}
