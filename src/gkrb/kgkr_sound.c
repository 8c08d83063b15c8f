/* The soundness report of the Keccak-f[1600] GKR walk over GF(2) (kgkr.h), public statement: its
 * Schwartz-Zippel terms over the challenge field GF(2^128), which hold in every regime
 * (soundness/soundness.h). */
#include <math.h>

#include "field/field_desc.h"
#include "gkrb/kgkr.h"
#include "hash/keccak.h"
#include "soundness/soundness.h"

void hs_kgkr_soundness(hs_sound_report *out, unsigned log_n) {
    const double fb = hs_field_bits(&hs_field_gf2_128), n = log_n, rounds = HS_KECCAK_ROUNDS;
    /* The output point: a wrong output table differs from chi's true output in its extension at
     * (z, r_bit), a multilinear polynomial in log_n + 11 variables, except with (log_n + 11)/|F|. */
    const double out_pt = fb - log2(n + HS_KGKR_BIT_VARS);
    hs_sound_add(out, "kgkr.output_point", out_pt, out_pt, out_pt);
    /* Each round's chi sumcheck: log_n rounds over the instance bits and 6 over the bit in the lane,
     * each of degree 3 (chi's degree 2 times eq, or times the weights' extension), 3 (log_n + 6)/|F|;
     * the 24 rounds add up. */
    const double chi = fb - log2(rounds * 3.0 * (n + HS_KGKR_Z_VARS));
    hs_sound_add(out, "kgkr.chi[24]", chi, chi, chi);
    /* The fold of the 25 lane values into one claim with eq(beta, l): a nonzero difference gives a
     * multilinear polynomial in the 5 variables of beta, 5/|F| a round, 24 rounds. theta, rho, pi
     * and iota are exact. */
    const double fold = fb - log2(rounds * HS_KGKR_LANE_VARS);
    hs_sound_add(out, "kgkr.fold[24]", fold, fold, fold);
    hs_sound_finish_best(out);
}
