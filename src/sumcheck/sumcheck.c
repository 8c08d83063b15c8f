/* Sumcheck round transport and the verifier (sumcheck.h), through the generic sumcheck's KB5 instance. */
#include "sumcheck/sumcheck.h"

#include "sumcheck/scg.h"

/* The transport, interpolation and Gruen expansion are the generic sumcheck's over KB5 (scg.h):
 * the nodes are the integers, the message p(0), p(2..d), the same bytes and challenges. */
_Static_assert(HS_SC_MAX_DEGREE == HS_SCG_MAX_DEGREE, "one round-degree bound");

hs_kb5 hs_sc_prove_round(hs_transcript *t, hs_writer *w, const hs_kb5 *p, unsigned d) {
    return hs_scg_kb5_prove_round(t, w, p, d);
}

int hs_sc_verify_round(hs_transcript *t, hs_reader *r, unsigned d, hs_kb5 *claim, hs_kb5 *challenge) {
    return hs_scg_kb5_verify_round(t, r, d, claim, challenge);
}

hs_kb5 hs_sc_interpolate(const hs_kb5 *vals, unsigned d, hs_kb5 x) { return hs_scg_kb5_eval(vals, d, x); }

void hs_sc_eq_expand(hs_kb5 m, hs_kb5 z, const hs_kb5 *q_full, unsigned d, hs_kb5 *p_out) {
    if (d < 1 || d > HS_SC_MAX_DEGREE) return;
    hs_scg_kb5_eq_expand(m, z, q_full, d - 1, p_out);
}

int hs_sc_gruen_expand(hs_kb5 claim, hs_kb5 m, hs_kb5 z, const hs_kb5 *q_no1, unsigned d, hs_kb5 *p_out) {
    if (d < 1 || d > HS_SC_MAX_DEGREE || hs_kb5_is_zero(z) || hs_kb5_is_zero(m)) return 0;
    hs_kb5 q[HS_SC_MAX_DEGREE + 1];
    q[0] = q_no1[0];
    for (unsigned k = 2; k < d; k++) q[k] = q_no1[k - 1];
    q[1] = hs_scg_kb5_gruen_q1(claim, m, z, q[0]);
    hs_scg_kb5_eq_expand(m, z, q, d - 1, p_out);
    return 1;
}

hs_kb5 hs_sc_terms_eval(const hs_sc_term *terms, unsigned n_terms, const hs_kb5 *vals) {
    hs_kb5 acc = hs_kb5_zero();
    for (unsigned t = 0; t < n_terms; t++) {
        hs_kb5 v = terms[t].coeff;
        for (unsigned f = 0; f < terms[t].n_factors; f++) v = hs_kb5_mul(v, vals[terms[t].cols[f]]);
        acc = hs_kb5_add(acc, v);
    }
    return acc;
}

int hs_sc_verify(hs_transcript *t, hs_reader *r, unsigned n, unsigned d, hs_kb5 claim, hs_kb5 *rho,
                 hs_kb5 *final_claim) {
    return hs_scg_kb5_verify(t, r, n, d, claim, rho, final_claim);
}
