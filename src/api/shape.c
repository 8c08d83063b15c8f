/* include/hashsnark.h: provable hashes, presets, shapes and their soundness reports. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api/api_internal.h"
#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "soundness/soundness.h"
#include "hash/keccak.h"
#include "statement/kgkrstmt.h"
#include "statement/p2bstmt.h"

#define BIT(x) (1u << (unsigned)(x))

static unsigned stark_statements(const hs_provable_entry *e) {
    return e->air ? BIT(HS_STATEMENT_PRIVATE) | BIT(HS_STATEMENT_PUBLIC) : 0;
}

static const char *backend_name(hs_backend b) { return b == HS_BACKEND_GKR ? "gkr" : "stark"; }

static const char *statement_name(hs_statement s) {
    return s == HS_STATEMENT_PUBLIC ? "public" : s == HS_STATEMENT_REGIONS ? "regions" : "private";
}

/* ---- provable hashes ---- */

static void provable_out(hs_provable *out, const hs_provable_entry *e) {
    out->name = e->name;
    out->description = e->description;
    out->perm = e->perm;
    out->noun = e->noun;
    out->in_words = e->in_words;
    out->out_words = e->out_words;
    out->value_bits = e->value_bits;
    out->word_modulus = e->word_modulus;
    out->stark_statements = stark_statements(e);
    out->gkr_statements = e->gkr_statements;
    out->backends = (out->stark_statements ? HS_BACKEND_BIT(HS_BACKEND_STARK) : 0) |
                    (out->gkr_statements ? HS_BACKEND_BIT(HS_BACKEND_GKR) : 0);
}

unsigned hs_provable_statements(const hs_provable *hash, hs_backend backend) {
    const hs_provable_entry *e = hash->name ? hs_provable_entry_find(hash->name) : NULL;
    if (!e) return 0;
    switch (backend) {
    case HS_BACKEND_STARK: return stark_statements(e);
    case HS_BACKEND_GKR: return e->gkr_statements;
    }
    return 0;
}

size_t hs_provable_count(void) { return hs_provable_entry_count(); }

hs_status hs_provable_at(hs_provable *out, size_t i) {
    memset(out, 0, sizeof *out);
    const hs_provable_entry *e = hs_provable_entry_at(i);
    if (!e) return HS_ERR_ARGUMENT;
    provable_out(out, e);
    return HS_OK;
}

hs_status hs_provable_find(hs_provable *out, const char *name) {
    memset(out, 0, sizeof *out);
    const hs_provable_entry *e = hs_provable_entry_find(name);
    if (!e) return HS_ERR_UNKNOWN_HASH;
    provable_out(out, e);
    return HS_OK;
}

/* ---- presets ---- */

const char *hs_sec_regime_name(hs_sec_regime r) {
    switch (r) {
    case HS_SEC_UDR: return "udr";
    case HS_SEC_JOHNSON: return "johnson";
    case HS_SEC_CONJECTURED: return "conjectured";
    }
    return "unknown";
}

static void preset_out(hs_preset_info *out, const hs_preset *p) {
    out->name = p->name;
    out->description = p->description;
    out->declared_bits = p->claim_bits;
    out->declared_regime = (hs_sec_regime)p->claim_regime;
    out->stark_log_blowup = hs_preset_fri(p, 0).log_blowup;
    hs_whir_config wc;
    hs_gkr_whir_config(p, &wc);
    out->gkr_whir_log_inv_rate = wc.log_inv_rate;
    out->gkr_whir_regime = (hs_sec_regime)wc.regime;
}

hs_status hs_preset_commitment(hs_commit_info *out, const char *preset, hs_backend backend) {
    memset(out, 0, sizeof *out);
    const hs_preset *p = hs_preset_find(preset ? preset : "compat");
    if (!p) return HS_ERR_UNKNOWN_PRESET;
    if (backend == HS_BACKEND_STARK) {
        out->scheme = "fri";
        out->log_inv_rate = hs_preset_fri(p, 0).log_blowup;
        out->regime = (hs_sec_regime)p->claim_regime;
        return HS_OK;
    }
    if (backend != HS_BACKEND_GKR) return HS_ERR_ARGUMENT;
    hs_whir_config wc;
    hs_gkr_whir_config(p, &wc);
    out->scheme = "whir";
    out->log_inv_rate = wc.log_inv_rate;
    out->regime = (hs_sec_regime)wc.regime;
    return HS_OK;
}

size_t hs_preset_info_count(void) { return hs_preset_count(); }

hs_status hs_preset_info_at(hs_preset_info *out, size_t i) {
    memset(out, 0, sizeof *out);
    const hs_preset *p = hs_preset_at(i);
    if (!p) return HS_ERR_ARGUMENT;
    preset_out(out, p);
    return HS_OK;
}

hs_status hs_preset_info_find(hs_preset_info *out, const char *name) {
    memset(out, 0, sizeof *out);
    const hs_preset *p = hs_preset_find(name);
    if (!p) return HS_ERR_UNKNOWN_PRESET;
    preset_out(out, p);
    return HS_OK;
}

/* ---- shapes ---- */

void hs_shape_init(hs_shape *s) {
    memset(s, 0, sizeof *s);
    s->backend = HS_BACKEND_STARK;
    s->hash = "poseidon2-kb16";
    s->preset = "compat";
    s->statement = HS_STATEMENT_PRIVATE;
}

static hs_status unknown_preset(char *reason, size_t rl, const char *name) {
    char names[128] = "";
    for (size_t i = 0, at = 0; i < hs_preset_count() && at < sizeof names; i++)
        at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "", hs_preset_at(i)->name);
    return hs_api_fail(reason, rl, HS_ERR_UNKNOWN_PRESET, "unknown preset '%s' (%s)", name, names);
}

static hs_status plan_regions(hs_api_plan *pl, const hs_shape *s, char *reason, size_t rl) {
    if (s->log_perms || s->log_blowup)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT,
                           "a regions statement takes its sizes from region_log (log_perms and log_blowup must be 0)");
    int variant = hs_ragged_variant_parse(s->variant ? s->variant : "ragged");
    if (variant < 0)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "variant must be ragged, padded or independent, not '%s'",
                           s->variant);
    if (s->n_regions < 1 || s->n_regions > HS_MAX_REGIONS)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "n_regions %u out of range (1..%u)", s->n_regions,
                           HS_MAX_REGIONS);
    hs_ragged_shape rs;
    const char *why = NULL;
    if (!hs_ragged_shape_make(&rs, (unsigned)variant, s->region_log, s->n_regions, pl->preset, &why) ||
        !hs_ragged_shape_set_private(&rs, s->private_regions != 0, &why))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    pl->variant = (unsigned)variant;
    pl->private_regions = s->private_regions != 0;
    pl->n_regions = s->n_regions;
    for (unsigned a = 0; a < s->n_regions; a++) {
        pl->widths[a] = s->region_log[a];
        pl->instances += (size_t)1 << s->region_log[a];
    }
    return HS_OK;
}

static hs_status plan_batch(hs_api_plan *pl, const hs_shape *s, char *reason, size_t rl) {
    if (s->n_regions || s->variant || s->private_regions)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT,
                           "n_regions, variant and private_regions apply to regions statements only");
    if (s->log_perms > 24)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "log_perms %u out of range (0..24)", s->log_perms);
    const int pub = s->statement == HS_STATEMENT_PUBLIC;
    if (s->backend == HS_BACKEND_GKR) {
        if (s->log_blowup)
            return hs_api_fail(reason, rl, HS_ERR_ARGUMENT,
                               "log_blowup applies to the stark backend (the gkr backend's WHIR rate is the preset's)");
        /* the gkr backend's bounds (src/gkr/gkr.c make_shape; the walk over GF(2) takes any size) */
        const unsigned least = pl->hash->gkrb_hash ? 0 : pub ? 1 : 2;
        if (pl->hash->gkrb_hash && !pub && s->log_perms > HS_KGKR_PRIVATE_MAX_LOG_N)
            return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "log_perms %u out of range for a private statement (0..%u)",
                               s->log_perms, HS_KGKR_PRIVATE_MAX_LOG_N);
        if (s->log_perms < least)
            return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "the gkr backend needs log_perms >= %u for a %s statement",
                               least, statement_name(s->statement));
    } else {
        hs_stark_shape ss;
        const char *why = NULL;
        if (!hs_stark_make_shape(&ss, pl->preset, pl->hash->air->id, s->log_perms, s->log_blowup, pub, &why))
            return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why ? why : "impossible shape");
    }
    pl->log_perms = s->log_perms;
    pl->log_blowup = s->log_blowup;
    pl->instances = (size_t)1 << s->log_perms;
    return HS_OK;
}

hs_status hs_api_plan_make(hs_api_plan *pl, const hs_shape *s, char *reason, size_t rl) {
    memset(pl, 0, sizeof *pl);
    if (s->backend != HS_BACKEND_STARK && s->backend != HS_BACKEND_GKR)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "unknown backend %d (HS_BACKEND_STARK or HS_BACKEND_GKR)",
                           (int)s->backend);
    const hs_provable_entry *h = hs_provable_entry_find(s->hash);
    if (!h) return hs_api_fail(reason, rl, HS_ERR_UNKNOWN_HASH, "no backend proves '%s'", s->hash ? s->hash : "(null)");
    const char *pname = s->preset ? s->preset : "compat";
    const hs_preset *p = hs_preset_find(pname);
    if (!p) return unknown_preset(reason, rl, pname);
    const unsigned sts = s->backend == HS_BACKEND_STARK ? stark_statements(h) : h->gkr_statements;
    if (!sts)
        return hs_api_fail(reason, rl, HS_ERR_UNSUPPORTED, "the %s backend does not prove %s",
                           backend_name(s->backend), h->name);
    if ((unsigned)s->statement > HS_STATEMENT_REGIONS || !(sts & BIT(s->statement)))
        return hs_api_fail(reason, rl, HS_ERR_UNSUPPORTED, "the %s backend proves no %s statement about %s",
                           backend_name(s->backend),
                           (unsigned)s->statement > HS_STATEMENT_REGIONS ? "such" : statement_name(s->statement),
                           h->name);
    pl->hash = h;
    pl->preset = p;
    pl->backend = s->backend;
    pl->statement = s->statement;
    hs_status st = s->statement == HS_STATEMENT_REGIONS ? plan_regions(pl, s, reason, rl) : plan_batch(pl, s, reason, rl);
    if (st != HS_OK) {
        memset(pl, 0, sizeof *pl);
        return st;
    }
    pl->in_words = pl->instances * h->in_words; /* at most 32 * 2^20 instances: no overflow */
    pl->out_words = pl->instances * h->out_words;
    return HS_OK;
}

void hs_api_plan_shape(const hs_api_plan *pl, hs_shape *s) {
    memset(s, 0, sizeof *s);
    s->backend = pl->backend;
    s->hash = pl->hash->name;
    s->preset = pl->preset->name;
    s->statement = pl->statement;
    s->log_perms = pl->log_perms;
    s->log_blowup = pl->log_blowup;
    if (pl->statement == HS_STATEMENT_REGIONS) {
        s->variant = hs_ragged_variant_name(pl->variant);
        s->n_regions = pl->n_regions;
        memcpy(s->region_log, pl->widths, sizeof s->region_log);
        s->private_regions = pl->private_regions;
    }
}

int hs_api_plan_ragged(const hs_api_plan *pl, void *ragged_shape, const char **why) {
    hs_ragged_shape *rs = ragged_shape;
    return hs_ragged_shape_make(rs, pl->variant, pl->widths, pl->n_regions, pl->preset, why) &&
           hs_ragged_shape_set_private(rs, pl->private_regions, why);
}

hs_status hs_shape_size(size_t *instances, size_t *in_words, size_t *out_words, char *reason, size_t rl,
                        const hs_shape *shape) {
    *instances = *in_words = *out_words = 0;
    hs_api_plan pl;
    hs_status st = hs_api_plan_make(&pl, shape, reason, rl);
    if (st != HS_OK) return st;
    *instances = pl.instances;
    *in_words = pl.in_words;
    *out_words = pl.out_words;
    return HS_OK;
}

/* ---- soundness ---- */

const char *hs_api_merkle_name(int hash) {
    switch ((hs_merkle_hash)hash) {
    case HS_MERKLE_POSEIDON2: return "Poseidon2-KB16";
    case HS_MERKLE_KECCAK: return "Keccak-256";
    case HS_MERKLE_BLAKE3: return "BLAKE3";
    }
    return "unknown";
}

int hs_api_plan_p2b(const hs_api_plan *pl) {
    return hs_api_plan_gkrb(pl) && hs_p2bstmt_is_hash(pl->hash->gkrb_hash);
}

hs_status hs_api_report(hs_params_report *out, const hs_api_plan *pl, char *reason, size_t rl) {
    memset(out, 0, sizeof *out);
    const int pub = pl->statement == HS_STATEMENT_PUBLIC;
    const hs_preset *p = pl->preset;
    hs_sound_report rep;
    int holds;
    if (pl->statement == HS_STATEMENT_REGIONS) {
        hs_ragged_shape rs;
        const char *why = NULL;
        memset(&rs, 0, sizeof rs);
        holds = -1;
        if (hs_api_plan_ragged(pl, &rs, &why) && hs_soundness_ragged(&rs, &rep))
            holds = rep.claimed_bits + 1e-9 >= p->claim_bits;
        const hs_gkr_perm *g = hs_gkr_perm_get(HS_GKR_P2_KB16);
        out->log_rows = rs.W;
        out->ext_degree = 5;
        out->gkr_layers = g->layers;
        out->gkr_width = g->width;
        if (rs.private_io) {
            hs_whir_config wc;
            hs_gkr_whir_config(p, &wc);
            out->whir_columns = 32; /* every region's X || Y, stacked (docs/PROOF_FORMAT_RAGGED.md) */
            out->whir_log_inv_rate = wc.log_inv_rate;
            out->whir_fold_first = wc.fold_first;
            out->whir_fold = wc.fold;
            out->whir_regime = (hs_sec_regime)wc.regime;
            out->merkle_hash = hs_api_merkle_name((int)wc.hash);
        }
    } else if (hs_api_plan_p2b(pl)) { /* the walk's terms; private: FRI-Binius' and the claims' batching */
        const hs_p2bstmt_shape ps = {p, pl->hash->gkrb_hash == HS_P2BSTMT_HASH_FROST ? HS_P2B_FROST : HS_P2B_REF,
                                     pl->log_perms, pub};
        hs_p2bstmt_soundness(&ps, &rep);
        holds = rep.protocol_bits + 1e-9 >= p->claim_bits;
        out->log_rows = pl->log_perms;
        out->gkr_layers = HS_P2B_ROUNDS; /* one sumcheck a round */
        out->gkr_width = HS_P2B_WIDTH;
        if (!pub) {
            hs_binfri_params bp;
            const char *why = NULL;
            if (hs_p2bstmt_commit_params(&ps, &bp, &why)) {
                out->whir_columns = HS_P2BSTMT_COLS; /* the stacked columns, committed with FRI-Binius */
                out->whir_log_inv_rate = bp.log_inv_rate;
                out->num_queries = bp.queries;
                out->merkle_hash = hs_api_merkle_name((int)bp.hash);
            }
        }
    } else if (hs_api_plan_gkrb(pl)) { /* the walk's terms (private: and the commitment's) */
        const hs_kgkrstmt_shape ks = {p, pl->log_perms, pl->statement == HS_STATEMENT_PRIVATE};
        hs_kgkrstmt_soundness(&ks, &rep);
        holds = rep.protocol_bits + 1e-9 >= p->claim_bits;
        out->log_rows = pl->log_perms;
        out->gkr_layers = HS_KECCAK_ROUNDS; /* chi, the one sumcheck a round */
        out->gkr_width = 25;                /* lanes */
    } else if (pl->backend == HS_BACKEND_STARK) {
        hs_stark_shape ss;
        hs_air air;
        const char *why = NULL;
        holds = hs_soundness_stark_check(p, pl->hash->air->id, pl->log_perms, pl->log_blowup, pub, &rep);
        if (holds >= 0 && hs_stark_make_shape(&ss, p, pl->hash->air->id, pl->log_perms, pl->log_blowup, pub, &why) &&
            hs_stark_air(&ss, &air)) {
            int lr = hs_air_log_rows(&air, pl->log_perms);
            out->log_rows = lr > 0 ? (unsigned)lr : 0;
            out->log_blowup = ss.fri.log_blowup;
            out->ext_degree = ss.fri.ext_degree;
            out->num_queries = ss.fri.num_queries;
            out->query_pow_bits = ss.fri.query_pow_bits;
            out->commit_pow_bits = ss.fri.commit_pow_bits;
            out->merkle_hash = hs_api_merkle_name((int)ss.fri.hash);
        } else {
            holds = -1;
        }
    } else {
        hs_whir_config wc;
        holds = hs_soundness_gkr_check(p, pl->hash->gkr_perm, pl->log_perms, pub, &rep);
        hs_gkr_whir_config(p, &wc);
        const hs_gkr_perm *g = hs_gkr_perm_get(pl->hash->gkr_perm);
        out->log_rows = pl->log_perms;
        out->ext_degree = 5; /* the walk's challenge field K = F_p^5 (src/gkr/gkr.h) */
        out->gkr_layers = g ? g->layers : 0;
        out->gkr_width = g ? g->width : 0;
        if (!pub) {
            out->whir_columns = g ? 1u << hs_gkr_stack_log_cols(g->width) : 0;
            out->whir_log_inv_rate = wc.log_inv_rate;
            out->whir_fold_first = wc.fold_first;
            out->whir_fold = wc.fold;
            out->whir_regime = (hs_sec_regime)wc.regime;
            out->merkle_hash = hs_api_merkle_name((int)wc.hash);
        }
    }
    if (holds < 0) {
        memset(out, 0, sizeof *out);
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "the %s backend cannot prove 2^%u %s of %s with preset %s",
                           backend_name(pl->backend), pl->log_perms, pl->hash->noun, pl->hash->name, p->name);
    }
    hs_api_report_terms(out, &rep, p, holds == 1);
    out->field = hs_api_plan_gkrb(pl) ? "gf2-128" : "koalabear";
    return HS_OK;
}

void hs_api_report_terms(hs_params_report *out, const hs_sound_report *rep, const hs_preset *p, int supported) {
    out->claimed_bits = rep->claimed_bits;
    out->regime = (hs_sec_regime)rep->regime;
    out->weakest = rep->weakest;
    out->johnson_eta = rep->johnson_eta;
    out->declared_bits = p->claim_bits;
    out->declared_regime = (hs_sec_regime)p->claim_regime;
    out->supported = supported;
    out->n_terms = rep->n_terms < HS_MAX_TERMS ? rep->n_terms : HS_MAX_TERMS;
    for (size_t i = 0; i < out->n_terms; i++) {
        snprintf(out->terms[i].name, sizeof out->terms[i].name, "%s", rep->terms[i].name);
        for (int g = 0; g < 3; g++) out->terms[i].bits[g] = rep->terms[i].bits[g];
    }
}

hs_status hs_params(hs_params_report *out, char *reason, size_t rl, const hs_shape *shape) {
    memset(out, 0, sizeof *out);
    if (reason && rl) reason[0] = 0;
    hs_api_plan pl;
    hs_status st = hs_api_plan_make(&pl, shape, reason, rl);
    return st != HS_OK ? st : hs_api_report(out, &pl, reason, rl);
}
