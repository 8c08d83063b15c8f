/* WHIR parameter derivation: the schedule, and queries, OOD samples and grinding
 * per oracle from the list-decoding regime, as leanMultisig's config.rs computes them (formulas
 * re-derived from reading that file, nothing copied; BCHKS25 = Ben-Sasson, Carmon, Haböck, Kopparty, Saraf,
 * eprint 2025/2055, Thm 1.5, for the Johnson
 * proximity-gaps error). Bits are -log2 of an error; |K| = p^5. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "whir/whir.h"

#include "field/field_desc.h"

/* log2 |K|, K = KoalaBear^5 (field/field_desc.h) */
static double field_bits(void) { return hs_field_bits(&hs_field_kb5); }

static double log_eta(hs_regime g, unsigned R, double log_c) {
    return g == HS_REGIME_JOHNSON ? -(0.5 * R + log_c) : -((double)R + log_c);
}

/* log2 of the list size at the regime's distance for RS codes of 2^nv coefficients, rate 2^-R. */
static double list_bits(hs_regime g, unsigned nv, unsigned R, double log_c) {
    if (g == HS_REGIME_UDR) return 0.0;
    double le = log_eta(g, R, log_c);
    if (g == HS_REGIME_JOHNSON) return 0.5 * R - (1.0 + le); /* (2 eta sqrt(rho))^-1 */
    return (double)(nv + R) - le;                             /* conjectured: d / (rho eta) */
}

/* Bits of the proximity-gaps error of one binary fold (two functions). */
static double prox_gaps_bits(hs_regime g, unsigned nv, unsigned R, double log_c) {
    double err;
    if (g == HS_REGIME_UDR) {
        err = (double)(nv + R); /* |L| / |K| */
    } else if (g == HS_REGIME_JOHNSON) {
        double eta = exp2(log_eta(g, R, log_c)), rho = exp2(-(double)R);
        err = hs_sound_line_log2_johnson_gap(rho, 1.0 - sqrt(rho) - eta, eta, (double)(nv + R)); /* the stark's formula */
    } else {
        err = (double)(nv + 2 * R) - log_eta(g, R, log_c);
    }
    return field_bits() - err;
}

/* Bits of one folding sumcheck round: the weaker of proximity gaps and the sumcheck itself. */
static double fold_bits(hs_regime g, unsigned nv, unsigned R, double log_c) {
    double sc = field_bits() - list_bits(g, nv, R, log_c) - 1.0;
    double pg = prox_gaps_bits(g, nv, R, log_c);
    return pg < sc ? pg : sc;
}

/* log2(1 - delta): UDR delta = (1-rho)/2, JB 1 - sqrt(rho) - eta, CB 1 - rho - eta. */
static double log_1_delta(hs_regime g, unsigned R, double log_c) {
    double rho = exp2(-(double)R), d;
    if (g == HS_REGIME_UDR)
        d = 0.5 * (1.0 - rho);
    else if (g == HS_REGIME_JOHNSON)
        d = 1.0 - sqrt(rho) - exp2(log_eta(g, R, log_c));
    else
        d = 1.0 - rho - exp2(log_eta(g, R, log_c));
    return log2(1.0 - d);
}

static unsigned queries_for(hs_regime g, double bits, unsigned R, double log_c) {
    return (unsigned)ceil(-bits / log_1_delta(g, R, log_c));
}

static double ood_bits(hs_regime g, unsigned nv, unsigned R, unsigned s, double log_c) {
    if (g == HS_REGIME_UDR) return INFINITY;
    return (double)s * field_bits() + 1.0 - 2.0 * list_bits(g, nv, R, log_c) - (double)nv * s;
}

static unsigned ood_for(hs_regime g, unsigned lambda, unsigned nv, unsigned R, double log_c) {
    if (g == HS_REGIME_UDR) return 0;
    for (unsigned s = 1; s < 64; s++)
        if (ood_bits(g, nv, R, s, log_c) >= (double)lambda) return s;
    return 64;
}

/* c = 2m, m in [3, 100]: the smallest m reaching the fewest queries while the fold PoW stays within
 * the budget; m = 3 if none does (the fold PoW grows with m). */
static double best_log_c(hs_regime g, const hs_whir_config *c, unsigned nv, unsigned R) {
    if (g == HS_REGIME_UDR) return 0.0;
    double qbits = (double)c->security_bits - (double)c->pow_bits;
    unsigned best_q = 0;
    double best = log2(6.0);
    for (unsigned m = 3; m <= 100; m++) {
        double lc = log2(2.0 * m);
        if ((double)c->security_bits - fold_bits(g, nv, R, lc) > (double)c->pow_bits) continue;
        unsigned q = queries_for(g, qbits, R, lc);
        if (best_q == 0 || q < best_q) best_q = q, best = lc;
    }
    return best;
}

static unsigned pow_for(double lambda, double bits) {
    double d = lambda - bits;
    return d > 0 ? (unsigned)ceil(d) : 0;
}

int hs_whir_params_derive(hs_whir_params *p, unsigned n_vars, const hs_whir_config *cfg, hs_sound_report *report,
                          const char **why) {
    const char *dummy;
    if (!why) why = &dummy;
    memset(p, 0, sizeof *p);
    p->cfg = *cfg;
    p->n_vars = n_vars;
    unsigned k0 = cfg->fold_first, k = cfg->fold, R = cfg->log_inv_rate;
    if (k0 == 0 || k == 0 || k0 > n_vars) return *why = "whir: folding factor 0 or above the variables", 0;
    if (cfg->first_reduction == 0 || cfg->first_reduction > k0) return *why = "whir: first reduction not in 1..k_0", 0;
    if (R == 0 || R > 16) return *why = "whir: log inverse rate not in 1..16", 0;
    if (cfg->cap_height > HS_WHIR_MAX_CAP) return *why = "whir: cap height above 4", 0;
    if (cfg->regime > HS_REGIME_CONJECTURED) return *why = "whir: unknown regime", 0;
    if (cfg->hash > HS_MERKLE_BLAKE3) return *why = "whir: unknown Merkle hash", 0;
    if ((double)cfg->security_bits >= field_bits() - 1.0 || cfg->pow_bits > cfg->security_bits)
        return *why = "whir: security target beyond the field", 0;
    hs_regime g = cfg->regime;
    unsigned rest = n_vars - k0, M = 0;
    if (rest > cfg->max_final_vars) M = (rest - cfg->max_final_vars + k - 1) / k;
    if (M > HS_WHIR_MAX_ROUNDS) return *why = "whir: too many rounds", 0;
    p->n_rounds = M;
    /* with s_max < k the ceiling can overshoot: the last round then folds what is left */
    unsigned short_last = M * k > rest ? M * k - rest : 0;
    p->final_vars = rest + short_last - M * k;
    double lambda = cfg->security_bits, qbits = lambda - cfg->pow_bits;

    unsigned nv = n_vars;
    for (unsigned i = 0; i <= M; i++) {
        hs_whir_round *o = &p->round[i];
        o->n_vars = nv;
        o->fold = i == 0 ? k0 : i == M ? k - short_last : k;
        o->log_inv_rate = R;
        if (nv - o->fold + R > HS_NTT_MAX_LOG) return *why = "whir: evaluation domain beyond 2^24", 0;
        o->log_leaves = nv - o->fold + R;
        o->log_c = best_log_c(g, cfg, nv, R);
        o->ood = ood_for(g, cfg->security_bits, nv, R, o->log_c);
        o->queries = queries_for(g, qbits, R, o->log_c);
        o->fold_pow = pow_for(lambda, fold_bits(g, nv, R, o->log_c));
        unsigned red = i == 0 ? cfg->first_reduction : 1;
        nv -= o->fold;
        R = R + o->fold - red;
    }
    for (unsigned i = 0; i <= M; i++) {
        hs_whir_round *o = &p->round[i];
        double qe = -(double)o->queries * log_1_delta(g, o->log_inv_rate, o->log_c), b = qe;
        if (i < M) {
            const hs_whir_round *nx = &p->round[i + 1];
            double comb = field_bits() - (log2((double)(nx->ood + o->queries)) +
                                          list_bits(g, nx->n_vars, nx->log_inv_rate, nx->log_c) + 1.0);
            if (comb < b) b = comb;
        }
        o->query_pow = pow_for(lambda, b);
        if (o->ood > HS_WHIR_MAX_OOD) return *why = "whir: too many OOD samples", 0;
        if (o->queries == 0 || o->queries > HS_WHIR_MAX_QUERIES) return *why = "whir: query count out of range", 0;
        if (o->query_pow > HS_WHIR_MAX_POW || o->fold_pow > HS_WHIR_MAX_POW)
            return *why = "whir: more than 40 bits of grinding needed", 0;
    }
    p->final_fold_pow = pow_for(lambda, field_bits() - 1.0);

    if (report) {
        char name[64];
        for (unsigned i = 0; i <= M; i++) {
            const hs_whir_round *o = &p->round[i];
            double fb[3], ob[3], qb[3];
            for (int gg = 0; gg < 3; gg++) {
                hs_regime r = (hs_regime)gg;
                double lc = r == g ? o->log_c : best_log_c(r, cfg, o->n_vars, o->log_inv_rate);
                fb[gg] = fold_bits(r, o->n_vars, o->log_inv_rate, lc) + o->fold_pow;
                ob[gg] = ood_bits(r, o->n_vars, o->log_inv_rate, o->ood, lc);
                if (ob[gg] < 0) ob[gg] = 0;
                double q = -(double)o->queries * log_1_delta(r, o->log_inv_rate, lc);
                if (i < M) {
                    const hs_whir_round *nx = &p->round[i + 1];
                    double lcn = r == g ? nx->log_c : best_log_c(r, cfg, nx->n_vars, nx->log_inv_rate);
                    double comb = field_bits() - (log2((double)(nx->ood + o->queries)) +
                                                  list_bits(r, nx->n_vars, nx->log_inv_rate, lcn) + 1.0);
                    if (comb < q) q = comb;
                }
                qb[gg] = q + o->query_pow;
            }
            snprintf(name, sizeof name, "whir.fold[%u]", i);
            hs_sound_add(report, name, fb[0], fb[1], fb[2]);
            snprintf(name, sizeof name, "whir.ood[%u]", i);
            hs_sound_add(report, name, ob[0], ob[1], ob[2]);
            snprintf(name, sizeof name, "whir.queries[%u]", i);
            hs_sound_add(report, name, qb[0], qb[1], qb[2]);
        }
        double fs = field_bits() - 1.0 + p->final_fold_pow;
        hs_sound_add(report, "whir.final_sumcheck", fs, fs, fs);
    }
    return 1;
}

static void preset(hs_whir_config *c, hs_regime g, unsigned log_inv_rate, hs_merkle_hash hash) {
    memset(c, 0, sizeof *c);
    c->log_inv_rate = log_inv_rate;
    c->fold_first = 7;
    c->fold = 4;
    c->first_reduction = 5;
    c->max_final_vars = 6;
    c->security_bits = 128;
    c->pow_bits = 16;
    c->regime = g;
    c->hash = hash;
    c->cap_height = 0;
}
void hs_whir_config_proven128(hs_whir_config *cfg, unsigned log_inv_rate, hs_merkle_hash hash) {
    preset(cfg, HS_REGIME_JOHNSON, log_inv_rate, hash);
}
void hs_whir_config_conj128(hs_whir_config *cfg, unsigned log_inv_rate, hs_merkle_hash hash) {
    preset(cfg, HS_REGIME_CONJECTURED, log_inv_rate, hash);
}

/* Sizes (docs/PROOF_FORMAT_WHIR.md): K values 20 bytes, digests 32, nonces 8 when grinding. */
static size_t cap_len(const hs_whir_params *p, unsigned i) {
    unsigned c = p->cfg.cap_height < p->round[i].log_leaves ? p->cfg.cap_height : p->round[i].log_leaves;
    return (size_t)1 << c;
}
size_t hs_whir_commit_size_bound(const hs_whir_params *p) {
    return cap_len(p, 0) * 32 + (size_t)p->round[0].ood * 20;
}
size_t hs_whir_open_size_bound(const hs_whir_params *p) {
    size_t s = 0;
    for (unsigned i = 0; i <= p->n_rounds; i++) {
        const hs_whir_round *o = &p->round[i];
        s += (size_t)o->fold * (40 + (o->fold_pow ? 8 : 0));
        if (i < p->n_rounds) s += cap_len(p, i + 1) * 32 + (size_t)p->round[i + 1].ood * 20;
        else s += ((size_t)20 << p->final_vars);
        s += o->query_pow ? 8 : 0;
        size_t leaf = ((size_t)(i == 0 ? 4 : 20)) << o->fold;
        unsigned ch = p->cfg.cap_height < o->log_leaves ? p->cfg.cap_height : o->log_leaves;
        size_t path = (size_t)32 * (o->log_leaves - ch);
        s += (size_t)o->queries * (leaf + path);
    }
    s += (size_t)p->final_vars * (40 + (p->final_fold_pow ? 8 : 0));
    return s;
}
