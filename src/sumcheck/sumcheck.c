/* Sumcheck round transport and the generic verifier (sumcheck.h). */
#include "sumcheck/sumcheck.h"

#include <string.h>

#include "field/field_desc.h"

static hs_kb5 k_int(unsigned v) { return hs_kb5_from_base(hs_kb_from_u32(v)); }

/* Absorbs the d sent values (p(0), p(2..d)) as one message and samples the challenge. */
static hs_kb5 absorb_sample(hs_transcript *t, const hs_kb5 *sent, unsigned d) {
    hs_kb5 c;
    hs_transcript_absorb_elems(t, &hs_field_kb5, sent, d);
    hs_transcript_sample(t, &hs_field_kb5, &c);
    return c;
}

hs_kb5 hs_sc_prove_round(hs_transcript *t, hs_writer *w, const hs_kb5 *p, unsigned d) {
    hs_kb5 sent[HS_SC_MAX_DEGREE];
    sent[0] = p[0];
    for (unsigned k = 2; k <= d; k++) sent[k - 1] = p[k];
    if (w) hs_w_elems(w, &hs_field_kb5, sent, d);
    return absorb_sample(t, sent, d);
}

int hs_sc_verify_round(hs_transcript *t, hs_reader *r, unsigned d, hs_kb5 *claim, hs_kb5 *challenge) {
    hs_kb5 sent[HS_SC_MAX_DEGREE];
    if (d < 1 || d > HS_SC_MAX_DEGREE) {
        hs_r_fail(r, "sumcheck degree out of range");
        return 0;
    }
    hs_r_elems(r, &hs_field_kb5, sent, d);
    if (r->err) return 0;
    hs_kb5 p[HS_SC_MAX_DEGREE + 1];
    p[0] = sent[0];
    p[1] = hs_kb5_sub(*claim, p[0]);
    for (unsigned k = 2; k <= d; k++) p[k] = sent[k - 1];
    *challenge = absorb_sample(t, sent, d);
    *claim = hs_sc_interpolate(p, d, *challenge);
    return 1;
}

/* Lagrange on the nodes 0..d: vals[k] * prod_{j != k} (x - j) / (k - j), the numerators from
 * prefix and suffix products (exact at the nodes too), the denominators k! (d-k)! (-1)^(d-k)
 * inverted together. */
hs_kb5 hs_sc_interpolate(const hs_kb5 *vals, unsigned d, hs_kb5 x) {
    if (d > HS_SC_MAX_DEGREE) d = HS_SC_MAX_DEGREE;
    hs_kb5 diff[HS_SC_MAX_DEGREE + 1], pre[HS_SC_MAX_DEGREE + 2], suf[HS_SC_MAX_DEGREE + 2];
    for (unsigned j = 0; j <= d; j++) {
        diff[j] = x;
        diff[j].c[0] = hs_kb_sub(x.c[0], hs_kb_from_u32(j));
    }
    pre[0] = hs_kb5_one();
    for (unsigned j = 0; j <= d; j++) pre[j + 1] = hs_kb5_mul(pre[j], diff[j]);
    suf[d + 1] = hs_kb5_one();
    for (unsigned j = d + 1; j-- > 0;) suf[j] = hs_kb5_mul(suf[j + 1], diff[j]);
    hs_kb den[HS_SC_MAX_DEGREE + 1], inv[HS_SC_MAX_DEGREE + 1];
    for (unsigned k = 0; k <= d; k++) {
        uint64_t v = 1;
        for (unsigned j = 0; j <= d; j++)
            if (j != k) v *= k > j ? k - j : j - k;
        den[k] = hs_kb_from_u32((uint32_t)(v % HS_KB_P)); /* <= 8! * 8!: fits in 64 bits */
        if ((d - k) & 1) den[k] = hs_kb_neg(den[k]);
    }
    hs_kb_batch_inv(inv, den, d + 1);
    hs_kb5 acc = hs_kb5_zero();
    for (unsigned k = 0; k <= d; k++) {
        hs_kb5 l = hs_kb5_mul_base(hs_kb5_mul(pre[k], suf[k + 1]), inv[k]);
        acc = hs_kb5_add(acc, hs_kb5_mul(l, vals[k]));
    }
    return acc;
}

/* The small signed integer v as a field element. */
static hs_kb kb_int(long v) { return v >= 0 ? hs_kb_from_u32((uint32_t)v) : hs_kb_neg(hs_kb_from_u32((uint32_t)-v)); }

/* eq(z, k) = (1 - k) + z (2k - 1) for the integer k. */
static hs_kb5 eq_at_int(hs_kb5 z, unsigned k) {
    hs_kb5 r = hs_kb5_mul_base(z, kb_int(2 * (long)k - 1));
    r.c[0] = hs_kb_add(r.c[0], kb_int(1 - (long)k));
    return r;
}

void hs_sc_eq_expand(hs_kb5 m, hs_kb5 z, const hs_kb5 *q_full, unsigned d, hs_kb5 *p_out) {
    if (d < 1 || d > HS_SC_MAX_DEGREE) return;
    hs_kb5 q[HS_SC_MAX_DEGREE + 1];
    memcpy(q, q_full, sizeof *q * d);
    q[d] = hs_sc_interpolate(q, d - 1, k_int(d));
    for (unsigned k = 0; k <= d; k++) p_out[k] = hs_kb5_mul(hs_kb5_mul(m, eq_at_int(z, k)), q[k]);
}

int hs_sc_gruen_expand(hs_kb5 claim, hs_kb5 m, hs_kb5 z, const hs_kb5 *q_no1, unsigned d, hs_kb5 *p_out) {
    if (d < 1 || d > HS_SC_MAX_DEGREE || hs_kb5_is_zero(z) || hs_kb5_is_zero(m)) return 0;
    hs_kb5 q[HS_SC_MAX_DEGREE + 1];
    q[0] = q_no1[0];
    for (unsigned k = 2; k < d; k++) q[k] = q_no1[k - 1];
    /* claim = m ((1 - z) q(0) + z q(1)) */
    hs_kb5 inv = hs_kb5_inv(hs_kb5_mul(m, z)); /* 1 / (m z) */
    hs_kb5 t = hs_kb5_sub(claim, hs_kb5_mul(m, hs_kb5_mul(hs_kb5_sub(hs_kb5_one(), z), q[0])));
    q[1] = hs_kb5_mul(t, inv);
    hs_sc_eq_expand(m, z, q, d, p_out);
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
    for (unsigned i = 0; i < n; i++)
        if (!hs_sc_verify_round(t, r, d, &claim, &rho[i])) return 0;
    *final_claim = claim;
    return 1;
}
