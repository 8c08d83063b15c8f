/* A LogUp lookup argument for the stark backend (Haböck, "Multivariate lookups based on
 * logarithmic derivatives", ePrint 2022/1530), usable by any AIR that declares lookups (air.h,
 * "Lookups"): every row's n_lookups tuples lie in fixed tables (range-b, xor-b).
 *
 * What the stark adds for an AIR with lookups (docs/PROOF_FORMAT.md):
 *   - after the trace, a multiplicity matrix of M base columns: table t (S_t entries) is laid over
 *     the trace domain H in max(1, S_t / h) columns, entry e of column j at the point w_h^i with
 *     e = (j h + i) mod S_t, and m(e) (how many lookups of the trace hit e) sits at e's first
 *     place; the verifier evaluates the table columns itself (barycentric, O(S_t)), they are never
 *     committed;
 *   - after its commitment, the challenges beta and gamma; a tuple (t0, t1, t2) of table tag
 *     (kind, bits) becomes the key k = t0 + beta t1 + beta^2 t2 + beta^3 tag and each lookup the
 *     fraction 1 / (gamma - k), each table column the fraction -m / (gamma - k);
 *   - the auxiliary matrix, challenge-field columns in natural row order: h_j, the sum of fractions
 *     2j and 2j + 1 of the row (F = n_lookups + M fractions, P = ceil(F / 2) columns), then the
 *     running sum s with s(w^0) = 0 and s(w^(i+1)) = s(w^i) + sum_j h_j(w^i);
 *   - its constraints, all on H, joining the quotient after the AIR's (and the public one):
 *     h_j d_a d_b - (n_a d_b + n_b d_a) = 0 for each pair (degree 3: the keys are linear in the
 *     row; a last single fraction gives h d_a - n_a), and s(w x) - s(x) - sum_j h_j(x) = 0 on all
 *     of H, cyclically: summed over H it says that the fractions' total is 0, which is the lookup
 *     (no boundary constraint is needed).
 * Soundness (params, "logup"): if some tuple is not in its table, the identity sum of fractions
 * = 0 fails as rational functions of (gamma, beta) (a pole no table term cancels, since no value
 * occurs p times: N < p); clearing its N = h n_lookups + sum_t S_t denominators (degree 3 each)
 * leaves a nonzero polynomial of degree < 3 N. The constraints force the identity wherever no
 * denominator vanishes, so a cheat passes only at a root of that polynomial times the product of
 * the denominators: probability below 6 N / |K|. Multiplicities are base-field counts. */
#ifndef HS_STARK_LOGUP_H
#define HS_STARK_LOGUP_H

#include <stddef.h>
#include <stdint.h>

#include "air/air.h"
#include "field/kbe.h"

typedef struct {
    size_t n_lookups;           /* L */
    unsigned n_tables;          /* distinct tables, in order of first use */
    hs_air_table table[HS_AIR_MAX_LOOKUP_RUNS];
    uint32_t size[HS_AIR_MAX_LOOKUP_RUNS]; /* S_t entries */
    unsigned cols[HS_AIR_MAX_LOOKUP_RUNS]; /* columns of h rows it takes */
    unsigned col0[HS_AIR_MAX_LOOKUP_RUNS]; /* its first multiplicity (and table) column */
    size_t off[HS_AIR_MAX_LOOKUP_RUNS];    /* its first entry in the concatenation of all tables */
    unsigned n_runs;            /* the AIR's runs: run r's lookups use table run_table[r] */
    unsigned run_table[HS_AIR_MAX_LOOKUP_RUNS];
    uint32_t run_count[HS_AIR_MAX_LOOKUP_RUNS];
    size_t n_entries;           /* sum_t S_t */
    unsigned n_mult;            /* M */
    size_t n_frac, n_pairs;     /* F = L + M, P */
    size_t aux_ext;             /* challenge-field aux columns: P + 1 */
    unsigned log_h;
    size_t n;                   /* h */
} hs_logup_shape;

/* The shape for AIR a at height 2^log_h (s->n_lookups = 0 when the AIR has no lookups). 0 with a
 * reason when the AIR's lookup declaration is malformed or N reaches p. */
int hs_logup_shape_init(hs_logup_shape *s, const hs_air *a, unsigned log_h, const char **why);

/* N = h L + sum_t S_t, the fractions the soundness term counts (0 without lookups). */
size_t hs_logup_fractions(const hs_logup_shape *s);

/* ---- prover ---- */

typedef struct hs_logup_witness hs_logup_witness;

/* Reads every row of the trace (h rows of stride `stride` words; storage row r is at the point
 * w_h^bitrev(r) when rows_bitrev, else w_h^r), finds each tuple in its table and counts the
 * multiplicities. A tuple outside its table is kept (the proof will then fail to verify). NULL on
 * out of memory. */
hs_logup_witness *hs_logup_collect(const hs_logup_shape *s, const hs_air *a, const hs_kb *trace, size_t stride,
                                   int rows_bitrev, unsigned threads);
void hs_logup_witness_free(hs_logup_witness *w);
/* Tuples found outside their tables (0 for a valid trace). */
size_t hs_logup_bad(const hs_logup_witness *w);
/* Test hook: adds 1 to the multiplicity of entry e of the first table. */
#ifdef HS_TESTING
void hs_logup_corrupt_mult(hs_logup_witness *w, uint32_t e);
#endif

/* The multiplicity matrix: h rows of M words in natural row order, at the start of buf. */
void hs_logup_mult_matrix(const hs_logup_shape *s, const hs_logup_witness *w, hs_kb *buf);
/* The aux matrix: h rows of aux_ext * d words (column c's coordinates at c d .. c d + d - 1) in
 * natural row order at the start of buf. 0 with a reason if a denominator vanishes (probability
 * below N / |K|) or on out of memory. */
int hs_logup_aux_matrix(const hs_logup_shape *s, const hs_logup_witness *w, unsigned d, hs_kbe beta, hs_kbe gamma,
                        hs_kb *buf, unsigned threads, const char **why);
/* The table columns' entries (3 M words a row, entry t of table column c at 3 c + t) on H in
 * natural row order: what the prover extends to the quotient domain. NULL on out of memory. */
hs_kb *hs_logup_table_matrix(const hs_logup_shape *s);

/* Internal to the prover (logup.c and its AVX2 twin): the entry of table column j of table t at
 * the point w^i, and its multiplicity there (cnt: the n_entries counts, table by table). */
static inline uint32_t hs_logup_entry_at(const hs_logup_shape *s, unsigned t, unsigned j, size_t i) {
    return (uint32_t)(((size_t)j * s->n + i) & (s->size[t] - 1));
}
static inline uint32_t hs_logup_mult_at(const hs_logup_shape *s, const uint32_t *cnt, unsigned t, unsigned j, size_t i) {
    if (s->size[t] <= s->n) return i < s->size[t] ? cnt[s->off[t] + i] : 0;
    return cnt[s->off[t] + (size_t)j * s->n + i];
}

/* ---- constraints ---- */

typedef struct {
    const hs_logup_shape *s;
    unsigned d;
    hs_kbe beta, beta2, gamma_tag[HS_AIR_MAX_LOOKUP_RUNS]; /* gamma - beta^3 tag, per table */
    const hs_kbe *pow;                                      /* aux_ext powers of alpha */
} hs_logup_eval;

/* pow: s->aux_ext challenge-field values (the powers of alpha the constraints take). */
void hs_logup_eval_init(hs_logup_eval *e, const hs_logup_shape *s, unsigned d, hs_kbe beta, hs_kbe gamma,
                        const hs_kbe *pow);
/* Scratch a thread needs for hs_logup_eval_point (bytes). */
size_t hs_logup_scratch_bytes(const hs_logup_shape *s);
/* Prover, one point of the quotient domain: the combination of the LogUp constraints. look: the
 * AIR's 3 L tuple entries there; mult: M; tab: 3 M (hs_logup_table_matrix extended); aux, aux_next:
 * aux_ext * d words at x and w_h x. */
hs_kbe hs_logup_eval_point(const hs_logup_eval *e, const hs_kb *look, const hs_kb *mult, const hs_kb *tab,
                           const hs_kb *aux, const hs_kb *aux_next, void *scratch);
/* The same at 8 points at once (AVX2 for d = 4 where the CPU has it, else hs_logup_eval_point 8
 * times); scratch: hs_logup_scratch8_bytes. */
size_t hs_logup_scratch8_bytes(const hs_logup_shape *s);
void hs_logup_eval_points8(const hs_logup_eval *e, const hs_kb *const look[8], const hs_kb *const mult[8],
                           const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                           void *scratch, hs_kbe out[8]);
/* The same with the 8 points' tuples packed (look8[8 k + j]: value k of point j, as the AIR's
 * lookup_rows8 writes them); scratch: hs_logup_scratch8_bytes. */
void hs_logup_eval_points8_packed(const hs_logup_eval *e, const hs_kb *look8, const hs_kb *const mult[8],
                                  const hs_kb *const tab[8], const hs_kb *const aux[8], const hs_kb *const aux_next[8],
                                  void *scratch, hs_kbe out[8]);
/* Verifier, at zeta: the same from challenge-field values (aux, aux_next: aux_ext * d opened
 * base-column values each). scratch: hs_logup_scratch_bytes. */
hs_kbe hs_logup_eval_ext(const hs_logup_eval *e, const hs_kbe *look, const hs_kbe *mult, const hs_kbe *tab,
                         const hs_kbe *aux, const hs_kbe *aux_next, void *scratch);
/* Verifier: the table columns at zeta (3 M values), by barycentric interpolation over H. 0 on
 * out of memory. */
int hs_logup_tables_at(const hs_logup_shape *s, unsigned d, hs_kbe zeta, hs_kbe *out);

#endif
