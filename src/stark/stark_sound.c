/* The stark backend's soundness report: its shape's parameters handed to the formulas of
 * src/soundness (hs_soundness_stark_params). */
#include "soundness/soundness.h"
#include "stark/logup.h"
#include "stark/stark.h"

#include <string.h>

int hs_stark_sound_params_of(const hs_stark_shape *s, hs_stark_sound_params *out) {
    hs_air air;
    const unsigned chunks = hs_stark_quotient_chunks(s);
    if (!chunks || !hs_stark_air(s, &air)) return 0;
    const hs_fri_params *f = &s->fri;
    const unsigned log_perms = s->log_perms;
    const int public_io = s->public_io;
    hs_logup_shape lu;
    const char *why;
    if (!hs_logup_shape_init(&lu, &air, (unsigned)hs_air_log_rows(&air, log_perms), &why)) return 0;
    const int has_lu = lu.n_lookups != 0;
    *out = (hs_stark_sound_params){
        .ext_degree = f->ext_degree,
        .log_rows = (unsigned)hs_air_log_rows(&air, log_perms),
        .log_blowup = f->log_blowup,
        .log_arity = f->log_arity,
        .log_final_len = f->log_final_len,
        .num_queries = f->num_queries,
        .commit_pow_bits = f->commit_pow_bits,
        .query_pow_bits = f->query_pow_bits,
        .merkle_hash = (int)f->hash,
        /* the trace at one or two points, [the LogUp multiplicities at one point and its aux
         * columns (d base columns each) at two,] then the quotient chunks (d base columns each) */
        .columns = (air.uses_next ? 2 : 1) * air.width + (size_t)chunks * f->ext_degree +
                   (has_lu ? lu.n_mult + 2 * lu.aux_ext * f->ext_degree : 0),
        .constraints = air.n_constraints + (public_io ? 1 : 0) + (has_lu ? lu.aux_ext : 0),
        .constraint_degree = chunks + 1,
        .quotient_chunks = chunks,
        .open_points = air.uses_next || has_lu ? 2 : 1,
        .public_coeffs = public_io ? hs_stark_public_words(&air) : 0,
        .logup_fractions = hs_logup_fractions(&lu),
    };
    return 1;
}

int hs_soundness_stark(const hs_preset *p, unsigned air_id, unsigned log_perms, unsigned log_blowup, int public_io,
                       hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    hs_stark_shape s;
    hs_stark_sound_params sp;
    const char *why;
    if (!hs_stark_make_shape(&s, p, air_id, log_perms, log_blowup, public_io, &why) || !hs_stark_sound_params_of(&s, &sp))
        return 0;
    return hs_soundness_stark_params(&sp, out);
}

int hs_soundness_stark_check(const hs_preset *p, unsigned air_id, unsigned log_perms, unsigned log_blowup,
                             int public_io, hs_sound_report *out) {
    if (!hs_soundness_stark(p, air_id, log_perms, log_blowup, public_io, out)) return -1;
    return out->claimed_bits >= p->claim_bits;
}
