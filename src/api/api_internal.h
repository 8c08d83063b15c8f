/* What the files of src/api share: the context, a resolved shape (plan), reasons, word checks. */
#ifndef HS_API_API_INTERNAL_H
#define HS_API_API_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "api/provable.h"
#include "field/kb.h"
#include "hashsnark.h"
#include "soundness/soundness.h"
#include "stark/stark.h"

struct hs_ctx {
    unsigned threads;
    hs_progress_fn progress;
    void *progress_user;
    hs_comm comm; /* hs_ctx_set_comm; size 0: none (this process alone) */
};

/* The context's communicator, NULL when it proves alone. */
static inline const hs_comm *hs_api_comm(const hs_ctx *ctx) { return ctx->comm.size > 1 ? &ctx->comm : NULL; }

/* An hs_shape checked and resolved against the provable table and the presets. */
typedef struct {
    const hs_provable_entry *hash;
    const hs_preset *preset;
    hs_backend backend;
    hs_statement statement;
    unsigned log_perms;
    unsigned log_blowup; /* stark: as given (0: the preset's) */
    unsigned variant;    /* regions: hs_ragged_variant */
    unsigned n_regions;
    unsigned widths[HS_MAX_REGIONS];
    int private_regions; /* regions: committed (a private statement) */
    size_t instances, in_words, out_words;
} hs_api_plan;

hs_status hs_api_plan_make(hs_api_plan *pl, const hs_shape *s, char *reason, size_t reason_len);
/* The public shape of a plan (names from the static tables). */
void hs_api_plan_shape(const hs_api_plan *pl, hs_shape *s);
/* The soundness report of a plan. */
hs_status hs_api_report(hs_params_report *out, const hs_api_plan *pl, char *reason, size_t reason_len);

/* The report's claim and terms from a soundness report (supported: the preset's claim holds). */
void hs_api_report_terms(hs_params_report *out, const hs_sound_report *rep, const hs_preset *p, int supported);
/* "Poseidon2-KB16", "Keccak-256", "BLAKE3": a Merkle hash id's name. */
const char *hs_api_merkle_name(int hash);

/* Writes the reason (reason may be NULL) and returns st. */
hs_status hs_api_fail(char *reason, size_t reason_len, hs_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* HS_ERR_RANGE naming the first word of w[0..n) not below modulus (0: none), as word k of line i
 * of the table `what`; HS_OK otherwise. */
hs_status hs_api_check_words(const uint32_t *w, size_t n, unsigned line_words, uint32_t modulus, const char *what,
                             char *reason, size_t reason_len);
/* HS_OK for a min_bits bound of hs_verify and the Merkle verifiers (HS_MIN_BITS_DECLARED, or a
 * finite number >= 0); HS_ERR_ARGUMENT with the reason for NaN, an infinity or another negative. */
hs_status hs_api_check_min_bits(double min_bits, char *reason, size_t reason_len);
/* A Montgomery-form copy of n canonical words (hs_alloc_array; NULL when out of memory). */
hs_kb *hs_api_to_monty(const uint32_t *w, size_t n);

/* 1 when the plan's statement is verified against tables (public, public regions). */
static inline int hs_api_plan_tables(const hs_api_plan *pl) {
    return pl->statement == HS_STATEMENT_PUBLIC || (pl->statement == HS_STATEMENT_REGIONS && !pl->private_regions);
}
/* 1 when the plan is a gkr walk over a binary field (src/gkrb): keccak-f1600 over GF(2)
 * (statement/kgkrstmt.h) or Poseidon2b over GF(2^128) (statement/p2bstmt.h). */
static inline int hs_api_plan_gkrb(const hs_api_plan *pl) {
    return pl->backend == HS_BACKEND_GKR && pl->hash->gkrb_hash != 0;
}
/* 1 when the plan is Poseidon2b's walk over GF(2^128) (statement/p2bstmt.h). */
int hs_api_plan_p2b(const hs_api_plan *pl);
/* The ragged shape of a regions plan. */
int hs_api_plan_ragged(const hs_api_plan *pl, void *ragged_shape, const char **why);

void hs_api_progress(const hs_ctx *ctx, const char *phase, double fraction);

#endif
