/* The message readers that parse on their own, as small standalone protocols both the corpus
 * generator (prover side) and the fuzz targets (verifier side) run (tests/fuzz/README.md):
 *
 *   fri       [cfg u8] trace cap, second cap, opened values, PCS opening proof (hs_pcs_proof_read,
 *             hs_pcs_verify) of two matrices committed by the prover, opened at points the
 *             transcript samples after the caps (the first matrix also at z w_h);
 *   whir      [cfg u8] WHIR commitment (hs_whir_verify_commitment), the claimed values of a
 *             statement whose point the transcript samples, the opening (hs_whir_verify);
 *   sumcheck  [cfg u8] the round messages (hs_sc_verify) of the generic sumcheck over fixed
 *             tables at a point the transcript samples; the verifier knows the tables, computes
 *             the claim and checks the final claim itself;
 *   binfri    [cfg u8] FRI-Binius commitment (commit/binfri.h through commit/mlc.h), the value at a
 *             point the transcript samples, the opening; cfg 3 through ring switching
 *             (commit/ringsw.h: GF(2) values packed 128 an element).
 *
 * The cfg byte picks one of a few parameter sets (a byte beyond them is refused: taken modulo
 * their count, 2 and 34 were one configuration, an input accepted under two encodings, which the
 * sumcheck target found in its first campaign: tests/fuzz/regress/). The verifiers return 1 when
 * they accept, 0 with a reason. */
#ifndef HS_FUZZ_MSGS_H
#define HS_FUZZ_MSGS_H

#include <stddef.h>
#include <stdint.h>

#include "proof/bytes.h"

#define HS_FUZZ_FRI_CONFIGS 3
#define HS_FUZZ_WHIR_CONFIGS 2
#define HS_FUZZ_SC_CONFIGS 4
#define HS_FUZZ_BINFRI_CONFIGS 4

int hs_fuzz_fri_prove(unsigned cfg, hs_writer *w, const char **why);
int hs_fuzz_fri_verify(const uint8_t *data, size_t size, const char **why);
int hs_fuzz_whir_prove(unsigned cfg, hs_writer *w, const char **why);
int hs_fuzz_whir_verify(const uint8_t *data, size_t size, const char **why);
int hs_fuzz_sc_prove(unsigned cfg, hs_writer *w, const char **why);
int hs_fuzz_sc_verify(const uint8_t *data, size_t size, const char **why);
int hs_fuzz_binfri_prove(unsigned cfg, hs_writer *w, const char **why);
int hs_fuzz_binfri_verify(const uint8_t *data, size_t size, const char **why);

#endif
