/* The soundness report of the Poseidon2b GKR walk over GF(2^128) (p2bgkr.h), public statement: its
 * Schwartz-Zippel terms over the challenge field, which hold in every regime (soundness/soundness.h),
 * computed from the degrees, the rounds and the field's size. */
#include <math.h>

#include "field/field_desc.h"
#include "gkrb/p2bgkr.h"
#include "soundness/soundness.h"

/* The terms' numerators (errors times |F|): the output point, the lane batchings, the sumchecks. */
static double p2bg_out_num(unsigned log_n) { return log_n; }
static double p2bg_gamma_num(void) { return (HS_P2B_ROUNDS + 1.0) * (HS_P2B_WIDTH - 1); }
static double p2bg_sc_num(unsigned log_n) { return HS_P2B_ROUNDS * (HS_P2BG_SBOX_DEGREE + 1.0) * log_n; }

double hs_p2bg_soundness_bits(unsigned log_n) {
    const double fb = hs_field_bits(&hs_field_gf2_128);
    return fb - log2(p2bg_out_num(log_n) + p2bg_gamma_num() + p2bg_sc_num(log_n));
}

void hs_p2bg_soundness(hs_sound_report *out, unsigned log_n) {
    const double fb = hs_field_bits(&hs_field_gf2_128);
    /* The output point: a wrong output table differs from the true one in its extension at z, a
     * multilinear polynomial in log_n variables, except with log_n/|F|. */
    if (log_n > 0) {
        const double o = fb - log2(p2bg_out_num(log_n));
        hs_sound_add(out, "p2bgkr.output_point", o, o, o);
    }
    /* 67 lane batchings (66 layers and the input): four claims, one of them wrong, give a nonzero
     * polynomial of degree 3 in gamma, 3/|F| each. The linear layers and round constants are exact. */
    const double g = fb - log2(p2bg_gamma_num());
    hs_sound_add(out, "p2bgkr.lanes[67]", g, g, g);
    /* 66 sumchecks of log_n rounds of degree 8 (x^7 times eq), 8 log_n/|F| each. */
    if (log_n > 0) {
        const double s = fb - log2(p2bg_sc_num(log_n));
        hs_sound_add(out, "p2bgkr.sumcheck[66]", s, s, s);
    }
    hs_sound_finish_best(out);
}
