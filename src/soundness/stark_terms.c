/* The stark backend's soundness terms (docs/SOUNDNESS.md, "Terms"): what src/stark/stark.c and
 * src/fri/pcs.c do, term by term, under unique decoding, the Johnson bound and the conjectured
 * (random words) bound. Pure functions of the parameters. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "field/field_desc.h"
#include "soundness/soundness.h"

#define MAX_ROUNDS 32
#define MAX_TERMS (7 + MAX_ROUNDS)
/* Johnson slack grid: eta = sqrt(rho_c) 2^-(1 + j/8), j < ETA_STEPS (down to sqrt(rho_c) 2^-17) */
#define ETA_STEPS 128

typedef struct {
    size_t n;
    char name[MAX_TERMS][32];
    double bits[MAX_TERMS];
} term_list;

static void put(term_list *t, const char *name, double bits) {
    snprintf(t->name[t->n], sizeof t->name[t->n], "%s", name);
    t->bits[t->n++] = bits > 0 ? bits : 0; /* an error bound above 1 says nothing */
}

/* Every term under regime g (eta: the Johnson slack, unused otherwise). */
static void terms(const hs_stark_sound_params *s, hs_regime g, double eta, term_list *t) {
    const double fb = hs_field_bits(hs_field_kbe(s->ext_degree));
    const double k = ldexp(1.0, (int)s->log_rows), log2_n0 = s->log_rows + s->log_blowup, n = exp2(log2_n0);
    /* FRI tests degree < k (rate rho); the DEEP check pins each column to a polynomial of degree
     * <= kc = k + c - 1, a code of distance n - kc: relative distance 1 - rho_c */
    const double rho = k / n, kc = k + s->open_points - 1, rho_c = kc / n;
    double log2_list = 0, delta, qbits;
    int johnson = g == HS_REGIME_JOHNSON;
    if (johnson) {
        delta = 1 - sqrt(rho_c) - eta;
        log2_list = log2(hs_sound_list_johnson(rho_c, eta));
        qbits = hs_sound_query_bits_johnson(rho_c, eta);
    } else {
        /* unique decoding of the columns needs agreement a > (n + kc)/2; a word agreeing on fewer
         * points passes a query with probability <= floor((n + kc)/2) / n ((1 + rho)/2 when c = 1) */
        const double pass = floor((n + kc) / 2) / n;
        delta = 1 - pass;
        qbits = g == HS_REGIME_UDR ? -log2(pass) : hs_sound_query_bits_conjectured(rho_c, fb);
    }
    const int dead = johnson && !(delta > 0); /* no Johnson radius to speak of: no bits */
#define LINE(log2_n) (johnson ? hs_sound_line_log2_johnson(rho, delta, (log2_n)) : hs_sound_line_log2_udr(log2_n))
    t->n = 0;
    /* ALI: a trace in the list that breaks some constraint survives the alpha-combination with
     * probability <= C / |K| (a nonzero polynomial of degree < C in alpha) */
    put(t, "ali", dead ? 0 : fb - log2_list - log2((double)s->constraints));
    /* public statement: a row that differs from the table survives the gamma-combination of its
     * 2 V w words with probability <= (2 V w - 1) / |K| */
    if (s->public_coeffs >= 2) put(t, "public.gamma", dead ? 0 : fb - log2_list - log2((double)s->public_coeffs - 1));
    /* LogUp: a committed trace with a tuple outside its table passes at (beta, gamma) only if a
     * denominator vanishes there or the fractions still sum to zero: a root of a nonzero
     * polynomial of degree < 6 N (N denominators of degree 3 in (gamma, beta), times the cleared
     * sum; src/stark/logup.h), for each element of the list */
    if (s->logup_fractions) put(t, "logup", dead ? 0 : fb - log2_list - log2(6.0 * (double)s->logup_fractions));
    /* DEEP: for a fixed list element, C(p(X), p(w X)) - Z_H(X) sum_j X^(j k) q_j(X) is a nonzero
     * polynomial of degree <= max(D kc, s k + kc), kc = k + c - 1 the degree the DEEP check allows
     * (the s chunks q_j have degree <= kc) */
    {
        const double sc = s->quotient_chunks, deg = fmax(s->constraint_degree * kc, sc * k + kc);
        put(t, "deep.ood", dead ? 0 : fb - log2_list - log2(deg));
    }
    /* FRI batching: the DEEP quotient combines `columns` functions with powers of alpha, a curve of
     * degree columns - 1 */
    if (s->columns >= 2) put(t, "fri.batch", dead ? 0 : fb - log2((double)s->columns - 1) - LINE(log2_n0));
    /* FRI rounds (src/fri/pcs.c make_geom): folding by 2^a combines 2^a functions with powers of
     * beta; counted on the domain being folded (the larger one), plus the round's grinding */
    {
        unsigned log_d = s->log_rows, fin = s->log_final_len < s->log_rows ? s->log_final_len : s->log_rows;
        double log2_n = log2_n0;
        for (unsigned r = 0; log_d > fin && r < MAX_ROUNDS; r++) {
            unsigned a = s->log_arity < log_d - fin ? s->log_arity : log_d - fin;
            char name[32];
            snprintf(name, sizeof name, "fri.fold[%u]", r);
            put(t, name, dead ? 0 : fb - log2(ldexp(1.0, (int)a) - 1) - LINE(log2_n) + s->commit_pow_bits);
            log_d -= a, log2_n -= a;
        }
    }
#undef LINE
    /* queries: a word delta-far from the code passes one query with probability <= 1 - delta */
    put(t, "fri.query", dead ? 0 : s->num_queries * qbits + s->query_pow_bits);
    put(t, "merkle.collision", hs_sound_merkle_bits(s->merkle_hash));
}

/* The weakest term the slack acts on (the Merkle term, last, does not depend on it). */
static double weakest_algebraic(const term_list *t) {
    double m = INFINITY;
    for (size_t i = 0; i + 1 < t->n; i++) m = fmin(m, t->bits[i]);
    return m;
}

int hs_soundness_stark_params(const hs_stark_sound_params *s, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    if (!s || !hs_field_kbe(s->ext_degree) || s->log_blowup < 1 || s->log_blowup > 30 || s->log_rows > 40 || s->log_arity < 1 ||
        !s->num_queries || !s->constraints || !s->constraint_degree || !s->quotient_chunks || !s->open_points)
        return 0;
    term_list u, j, c, jt;
    terms(s, HS_REGIME_UDR, 0, &u);
    terms(s, HS_REGIME_CONJECTURED, 0, &c);
    /* the Johnson slack: the grid point whose weakest (algebraic) Johnson term is strongest */
    const double sr = sqrt((ldexp(1.0, (int)s->log_rows) + s->open_points - 1) / ldexp(1.0, (int)(s->log_rows + s->log_blowup)));
    double best = -1, best_eta = sr / 2;
    for (unsigned i = 0; i < ETA_STEPS; i++) {
        double eta = sr * exp2(-(1 + i / 8.0));
        terms(s, HS_REGIME_JOHNSON, eta, &jt);
        double w = weakest_algebraic(&jt);
        if (w > best) best = w, best_eta = eta;
    }
    terms(s, HS_REGIME_JOHNSON, best_eta, &j);
    for (size_t i = 0; i < u.n; i++) hs_sound_add(out, u.name[i], u.bits[i], j.bits[i], c.bits[i]);
    out->johnson_eta = best_eta;
    hs_sound_finish_best(out);
    return 1;
}
