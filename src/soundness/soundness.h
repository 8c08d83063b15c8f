/* Soundness formulas (docs/SOUNDNESS.md): every term of a protocol's soundness error, in bits
 * (-log2 of the error), under three regimes, and the claim = the weakest term of the proven
 * regime. Pure functions of numbers, at the bottom of the layers: each backend lists its own terms
 * through them (src/stark/stark_sound.c: FRI commit/fold rounds, DEEP/ALI batching, queries with
 * grinding, Merkle collisions; src/gkr/gkr_sound.c: the GKR walk, with WHIR's terms from
 * src/whir/params.c). */
#ifndef HS_SOUNDNESS_SOUNDNESS_H
#define HS_SOUNDNESS_SOUNDNESS_H

#include <stddef.h>

#define HS_SOUND_MAX_TERMS 96

typedef enum { HS_REGIME_UDR = 0, HS_REGIME_JOHNSON = 1, HS_REGIME_CONJECTURED = 2 } hs_regime;

typedef struct {
    char name[64];      /* e.g. "fri.fold[3]", "deep_ali", "queries+grinding", "merkle.collision" */
    double bits[3];     /* indexed by hs_regime; INFINITY where the term does not apply */
    int assumption;     /* 1: what the statement assumes (a hash's collision resistance), not a protocol term */
} hs_sound_term;

typedef struct {
    hs_sound_term terms[HS_SOUND_MAX_TERMS];
    size_t n_terms;
    hs_regime regime;   /* the regime the preset claims under (never CONJECTURED for a proven claim) */
    double claimed_bits;/* min over terms of bits[regime]: the headline, assumptions included */
    double protocol_bits;/* the same over the protocol's terms only (what a preset's declaration sizes) */
    size_t weakest;     /* index of that term */
    double johnson_eta; /* Johnson-bound slack parameter used (0 if none) */
} hs_sound_report;

/* Appends a term (silently ignored beyond HS_SOUND_MAX_TERMS). */
void hs_sound_add(hs_sound_report *r, const char *name, double udr, double johnson, double conjectured);
/* Appends what the statement assumes (the same bits in every regime): it caps the headline
 * (claimed_bits) but not protocol_bits. */
void hs_sound_add_assumption(hs_sound_report *r, const char *name, double bits);
/* Sets claimed_bits, weakest and protocol_bits from the terms under r->regime. */
void hs_sound_finish(hs_sound_report *r);
const char *hs_regime_name(hs_regime g); /* "udr", "johnson", "conjectured" */
/* Sets r->regime to the proven regime (UDR or Johnson) whose weakest term is strongest, then
 * hs_sound_finish. Either regime is a valid bound, so the better one is the claim. */
void hs_sound_finish_best(hs_sound_report *r);

/* ---- formulas (docs/SOUNDNESS.md), pure functions; bits = -log2(error) ---- */

/* Bits of one FRI query at relative distance delta, i.e. -log2(1 - delta), at the radius each
 * regime allows for a code of relative distance 1 - rho: unique decoding 1 - delta = (1 + rho)/2;
 * Johnson 1 - delta = sqrt(rho) + eta (eta > 0 the slack below the Johnson radius 1 - sqrt(rho));
 * conjectured (random words, 2025/2010 section 1.5) 1 - delta = rho + eta_c with
 * eta_c = rho log2(e / rho) / field_bits. */
double hs_sound_query_bits_udr(double rho);
double hs_sound_query_bits_johnson(double rho, double eta);
double hs_sound_query_bits_conjectured(double rho, double field_bits);
/* log2 of the number of exceptional challenges of a line (u0 + z u1) for a Reed-Solomon code of
 * length 2^log2_n and rate rho at distance delta (error = that / |K|; a curve of degree l, i.e.
 * l + 1 functions batched with powers of z, multiplies it by l):
 * unique decoding (BCIKS20 Theorem 1.4): n. Johnson (BCHKS25 Theorem 1.5), with
 * m = max(ceil(sqrt(rho) / (1 - sqrt(rho) - delta)), 3) and m' = m + 1/2:
 * (2 m'^5 + 3 m' delta rho) n / (3 rho^(3/2)) + m' / sqrt(rho). NAN when delta is not below the
 * Johnson radius 1 - sqrt(rho). */
double hs_sound_line_log2_udr(double log2_n);
double hs_sound_line_log2_johnson(double rho, double delta, double log2_n);
/* The same with the Johnson slack gap = 1 - sqrt(rho) - delta given exactly (callers that choose
 * eta first avoid the rounding of 1 - sqrt(rho) - delta). */
double hs_sound_line_log2_johnson_gap(double rho, double delta, double gap, double log2_n);
/* Johnson bound on the list size at radius 1 - sqrt(rho) - eta, for a code of relative distance
 * at least 1 - rho: 1 / (2 eta sqrt(rho)). */
double hs_sound_list_johnson(double rho, double eta);
/* Collision resistance of a Merkle hash in bits (half its output: 128 for Keccak-256 and BLAKE3,
 * 8 log2(p) / 2 = 124 for the 8-element Poseidon2-KB16 digest). */
double hs_sound_merkle_bits(int merkle_hash);
/* Generic (birthday) collision resistance of a digest of `words` KoalaBear elements:
 * words log2(p) / 2 bits (about 124 for the 8-element Poseidon2-KB16 digest). */
double hs_sound_digest_bits(unsigned words);

/* ---- the stark backend (src/stark, docs/SOUNDNESS.md section "Terms") ---- */

/* Everything the stark protocol's soundness depends on. */
typedef struct {
    unsigned ext_degree;        /* challenge field K = F_p^d, p = 2^31 - 2^24 + 1 */
    unsigned log_rows;          /* trace height k = 2^log_rows (the degree bound FRI tests) */
    unsigned log_blowup;        /* n = k 2^log_blowup */
    unsigned log_arity, log_final_len, num_queries, commit_pow_bits, query_pow_bits;
    int merkle_hash;            /* an hs_merkle_hash */
    size_t columns;             /* base-field columns batched with powers of alpha in the DEEP quotient */
    size_t constraints;         /* constraints combined with powers of alpha (ALI) */
    unsigned constraint_degree; /* the largest */
    unsigned quotient_chunks;   /* Q = sum_j X^(j k) q_j(X), s chunks of degree < k, opened at zeta */
    unsigned open_points;       /* out-of-domain points per column, c: the DEEP check pins the columns to
                                   polynomials of degree < k + c, a code of distance n - k - c + 1 */
    size_t public_coeffs;       /* 0, or the words of a row combined with powers of gamma (public statement) */
    size_t logup_fractions;     /* 0, or N of the LogUp argument (src/stark/logup.h): h lookups + table entries */
} hs_stark_sound_params;

/* Fills out (cleared first) with every term and finishes it with hs_sound_finish_best; the
 * Johnson slack eta is chosen to maximise the Johnson regime's weakest term that depends on it
 * (out->johnson_eta). 0 on unusable parameters. */
int hs_soundness_stark_params(const hs_stark_sound_params *s, hs_sound_report *out);

#endif
