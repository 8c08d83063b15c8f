/* The soundness report of the Keccak-f[1600] GKR walk over GF(2) (kgkr.h), public statement: its
 * Schwartz-Zippel terms over the challenge field GF(2^128), which hold in every regime
 * (soundness/soundness.h). */
#include <math.h>

#include "field/field_desc.h"
#include "gkrb/kgkr.h"
#include "hash/keccak.h"
#include "soundness/soundness.h"

static void walk_terms(hs_sound_report *out, unsigned log_n) {
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
}

void hs_kgkr_soundness(hs_sound_report *out, unsigned log_n) {
    walk_terms(out, log_n);
    hs_sound_finish_best(out);
}

/* Private statement: the output point's term stands as above (the committed output table against
 * chi's true output, both fixed by the commitment before z and r_bit are drawn; the commitment's
 * binding is FRI-Binius's terms). Then the input reduction (11 rounds of degree 2 over GF(2^128):
 * 22/|K|), the two claims' ring-switching row batches (7/|F| each, F the opening's challenge
 * field), the batch of the two claims by gamma (1/|F|) and FRI-Binius's opening. */
void hs_kgkr_private_soundness(hs_sound_report *out, unsigned log_n, const hs_binfri_params *fri) {
    walk_terms(out, log_n);
    const double fb = hs_field_bits(&hs_field_gf2_128), cb = hs_field_bits(hs_binfri_challenge_field(fri));
    const double red = fb - log2(2.0 * HS_KGKR_BIT_VARS);
    hs_sound_add(out, "kgkr.input_reduction", red, red, red);
    const double rows = cb - log2(2.0 * HS_RINGSW_LOG_PACK);
    hs_sound_add(out, "ringsw.batch[2]", rows, rows, rows);
    hs_sound_add(out, "kgkr.open_batch", cb, cb, cb);
    hs_binfri_soundness(fri, out);
    hs_sound_finish_best(out);
}
