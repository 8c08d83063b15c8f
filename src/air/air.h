/* The AIR interface: what the stark backend (src/stark) needs to know of an algebraic intermediate
 * representation, and nothing more. Every provable hash is one instance of it (Poseidon2,
 * Keccak-f[1600], BLAKE3, BLAKE2s, Poseidon1); src/stark never names one.
 *
 * Shape. An AIR proves n instances (permutations, compressions) of one function. Its trace has
 * `width` committed KoalaBear columns and n * R / V rows, where R = rows_per_inst rows hold one
 * instance (Keccak: several rounds a row) or one row holds V = inst_per_row instances side by side
 * (Poseidon2); R and V are powers of two and at most one of them exceeds 1. Row k (its natural
 * index) holds phase k mod R of instance (k / R) * V + slot, slot < V; slot v's columns are those
 * of slot 0 shifted by v * slot_stride.
 *
 * Constraints. n_constraints polynomials per row, each over the row ("local"), the next row
 * ("next": row k + 1, row 0 after the last; read only when uses_next) and the periodic columns
 * (n_periodic columns with period R, never committed: periodic_vals[c * R + phase], Montgomery
 * form; the stark evaluates them everywhere itself, and so does the verifier). A constraint that
 * must hold on some phases only is multiplied by a periodic selector. `degree` is the largest
 * total degree of a constraint, a periodic value counting 1 (its polynomial has degree < n).
 * The stark combines them as C = sum_k alpha^k c_k and proves C / Z_H is a polynomial of degree
 * below (degree - 1) n: degree 3 fits the quotient domain of rate 1/2, degree 5 needs rate 1/4.
 *
 * One constraint source per AIR serves three instantiations (see air_eval.h): the prover's
 * base-field rows (one at a time, and 8 or 16 at a time in AVX2 or AVX-512 lanes for the quotient:
 * <air>_air_vec.inc, one body for both widths through air_vec8.h / air_vec16.h) and the
 * verifier's challenge-field values at the out-of-domain point.
 *
 * Statements. An instance's input and output are lines of in_words and out_words u32 words (the
 * `hashsnark perm` line format of that hash: canonical field elements, or 64-bit lanes as two
 * words, low first; each AIR's header says). `word_modulus` is the bound a word must stay below (0:
 * any u32). A public statement binds the table to the trace through n_binds bindings of slot 0,
 * each stating that on rows of phase `phase`, for i < count, bits [shift, shift + len) of word
 * `word + i` equal sum_j 2^(j * col_bits) trace[col + i * word_step + j * col_step] for
 * j < len / col_bits (one field column per element or limb, or one column per bit). The stark
 * compares every piece on its own (one power of gamma each), so pieces of at most 30 bits cannot
 * alias mod p; whole-word pieces (col_bits > 30) need word_modulus <= p. */
#ifndef HS_AIR_AIR_H
#define HS_AIR_AIR_H

#include <stddef.h>
#include <stdint.h>

#include "field/kbe.h"

/* At most this many periodic columns. */
#define HS_AIR_MAX_PERIODIC 64

typedef struct hs_air hs_air;

typedef struct {
    uint8_t io;        /* 0: input line, 1: output line */
    uint8_t shift;     /* first bit of each word taken */
    uint8_t len;       /* bits taken (1..32) */
    uint8_t col_bits;  /* bits per column: 1 (bit columns), 16 (limbs) or len (one column) */
    uint16_t phase;    /* rows of this phase (< R) */
    uint16_t word;     /* first word of the line */
    uint16_t count;    /* consecutive words word .. word + count - 1 */
    uint32_t col;      /* first column (slot 0) of the first word */
    uint32_t word_step; /* distance between the first columns of consecutive words */
    uint32_t col_step; /* distance between the columns of one word's consecutive pieces */
} hs_air_bind;

/* A fixed lookup table (air.h, "Lookups"). */
typedef enum { HS_AIR_TABLE_RANGE = 1, HS_AIR_TABLE_XOR = 2 } hs_air_table_kind;
typedef struct {
    uint8_t kind; /* hs_air_table_kind */
    uint8_t bits; /* range: 1..16; xor: 1..9 (2^(2 bits) entries) */
} hs_air_table;

/* count consecutive lookups into one table */
typedef struct {
    hs_air_table table;
    uint32_t count;
} hs_air_lookup_run;

/* Table contents: S entries; entry e's three canonical values (a range entry is (e, 0, 0); an
 * xor entry (a, b, a ^ b) with e = a + 2^bits b); the entry holding canonical tuple v (a range
 * lookup's v[1], v[2] ignored), or -1 if v is not in the table. */
uint32_t hs_air_table_size(const hs_air_table *t);
void hs_air_table_entry(const hs_air_table *t, uint32_t e, uint32_t v[3]);
int64_t hs_air_table_index(const hs_air_table *t, const uint32_t v[3]);
/* 1 if the table is one this build knows (range 1..16 bits, xor 1..9 bits). */
int hs_air_table_ok(const hs_air_table *t);

/* At most this many runs (distinct table stretches) of lookups. */
#define HS_AIR_MAX_LOOKUP_RUNS 16

typedef struct hs_air_ops {
    /* The trace of n instances in natural row order: (n * R / V) rows of `width` words
     * (Montgomery form). inputs: n lines of in_words (canonical, below word_modulus: the caller
     * checked); outputs (may be NULL): n lines of out_words. 0 when out of memory. */
    int (*trace)(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *trace, uint32_t *outputs,
                 unsigned threads);
    /* Prover, one row: C = sum_k pow[k] c_k with pow[k * d + t] the base coordinates of alpha^k.
     * periodic: n_periodic values at this row (Montgomery). next is NULL when !uses_next. */
    void (*eval_row)(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out);
    /* Prover, 8 rows at once (AVX2 where present; may be NULL: the stark then calls eval_row 8
     * times): periodic holds n_periodic x 8 values, periodic[c * 8 + j] for row j. scratch:
     * rows8_scratch_bytes, 64-byte aligned, one per thread. */
    size_t (*rows8_scratch_bytes)(const hs_air *a);
    void (*eval_rows8)(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                       const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[8]);
    /* Verifier: C at challenge-field column values (local, next: width values each). */
    hs_kbe (*eval_ext)(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next,
                       const hs_kbe *periodic, const hs_kb *pow);
    /* Optional (NULL: not offered): trace, but natural row k stored at index bitrev(k) of the
     * log2(n * R / V)-bit height, the order in which the LDE reads its rows, so that an AIR whose
     * rows sit in natural order (transitions, R > 1) needs no bit-reversal pass over its trace.
     * n must be a power of two (0 otherwise). Same contents, same outputs as trace. */
    int (*trace_bitrev)(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *trace, uint32_t *outputs,
                        unsigned threads);
    /* Lookups (NULL when n_lookups is 0): the tuples of one row, vals[3 l + t] entry t of lookup l
     * (Montgomery form; base-field rows of the trace or its extension), and the same at
     * challenge-field values. */
    void (*lookup_row)(const hs_air *a, const hs_kb *local, hs_kb *vals);
    void (*lookup_ext)(const hs_air *a, unsigned d, const hs_kbe *local, hs_kbe *vals);
} hs_air_ops;

/* The lookup tuples of 8 rows at once, packed: vals8[8 k + j] is value k (= 3 l + t) of row j, as
 * lookup_row writes it; vals8 64-byte aligned. scratch: rows8_scratch_bytes, 64-byte aligned. An
 * AIR's init sets hs_air.lookup_rows8 to one (or leaves it NULL: the stark then calls lookup_row
 * on each row). */
typedef void hs_air_lookup_rows8_fn(const hs_air *a, const hs_kb *const local[8], void *scratch, hs_kb *vals8);

/* Prover, 16 rows at once (AVX-512 where present), as eval_rows8 with periodic[c * 16 + j] for row
 * j and the same scratch; an AIR's init sets hs_air.eval_rows16 to one, or leaves it NULL
 * (hs_air_eval_rows16 then makes two eval_rows8 calls). */
typedef void hs_air_rows16_fn(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                              const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[16]);

struct hs_air {
    const hs_air_ops *ops;
    const char *name; /* the hash's name, e.g. "poseidon2-kb16" */
    unsigned id;      /* the byte that names the AIR in a proof header (hs_air_by_id) */
    size_t width;
    unsigned rows_per_inst, inst_per_row;
    unsigned degree;
    size_t n_constraints;
    int uses_next;
    unsigned n_periodic;
    const hs_kb *periodic_vals;
    hs_air_rows16_fn *eval_rows16; /* NULL: none (see hs_air_rows16_fn) */
    hs_air_lookup_rows8_fn *lookup_rows8; /* NULL: none (see hs_air_lookup_rows8_fn) */
    unsigned in_words, out_words;
    uint32_t word_modulus;
    unsigned value_bits; /* of a text line's values: 32 (0 means 32), or 64: a value is a lane, two words */
    const hs_air_bind *binds;
    size_t n_binds;
    size_t slot_stride;
    /* lookups (air.h, "Lookups"): n_lookups = the sum of the runs' counts */
    size_t n_lookups;
    const hs_air_lookup_run *lookup_runs;
    unsigned n_lookup_runs;
    /* 0, or (R = V = 1 only) the trace has at least 2^min_log_rows rows: fewer instances are
     * padded with instances of the all-zero input line (an AIR with large lookup tables sets it,
     * so that a short trace does not spread a table over thousands of columns) */
    unsigned min_log_rows;
    /* the AIR's own parameters */
    const void *params;
    unsigned v;
    /* prover only: what a statement keeps private besides its lines, for AIRs whose trace needs
     * it (the Merkle branches AIR's siblings, merkle_air.h); NULL for the hashes */
    const void *witness;
};

/* The AIRs this build knows. init fills *a for 2^log_v instances per row (AIRs with R > 1, or that
 * do not pack instances, ignore log_v and report inst_per_row = 1); 0 if the AIR cannot take it. */
typedef struct {
    unsigned id;
    const char *name;
    const char *description;
    unsigned max_log_v; /* 0: one instance per row (or R > 1) */
    int (*init)(hs_air *a, unsigned log_v);
    const char *noun; /* what an instance is called in messages (NULL: "permutations") */
} hs_air_def;

/* def->noun or "permutations". */
const char *hs_air_noun(const hs_air_def *def);

/* hs_air_find, hs_air_count and hs_air_at know the hashes only; hs_air_by_id also finds the AIRs
 * of statements, which proofs name by id (ids 64..127: the Merkle branches AIR at depth 1..64,
 * merkle_air.h). */
const hs_air_def *hs_air_find(const char *name);
/* Tests only: one extra definition that hs_air_by_id also finds (not listed by hs_air_at, so
 * neither the CLI nor the API offers it); NULL removes it. Not thread-safe: set before proving. */
void hs_air_set_test_def(const hs_air_def *def);
const hs_air_def *hs_air_by_id(unsigned id);
size_t hs_air_count(void);
const hs_air_def *hs_air_at(size_t i);

/* Instances of log_perms -> log2 of the trace height (at least min_log_rows); -1 if the shape is
 * impossible. */
int hs_air_log_rows(const hs_air *a, unsigned log_insts);

/* alpha^k for k < count, d base coordinates each: pow[k * d + t]. */
void hs_air_alpha_powers(unsigned d, hs_kbe alpha, size_t count, hs_kb *pow);

/* Generic eval_rows8 for AIRs without a vector evaluator: eval_row on each of the 8 rows. */
void hs_air_eval_rows8_scalar(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                              const hs_kb *periodic, const hs_kb *pow, hs_kbe out[8]);

/* An AVX2 evaluator of 8 rows (an AVX-512 one of 16) that reads their local values only (no next
 * row, no periodic column), from columns loaded into scratch (width * 32 bytes for 8 rows, 64 for
 * 16: hs_air_rows8_local_scratch gives the latter). */
typedef void hs_air_rows8_local_fn(const hs_air *a, unsigned d, const hs_kb *const rows[8], const hs_kb *pow,
                                   void *scratch, hs_kbe out[8]);
typedef void hs_air_rows16_local_fn(const hs_air *a, unsigned d, const hs_kb *const rows[16], const hs_kb *pow,
                                    void *scratch, hs_kbe out[16]);
size_t hs_air_rows8_local_scratch(const hs_air *a);
/* eval_rows8 through such an evaluator where the CPU has AVX2 (kernel may be NULL: none built),
 * else hs_air_eval_rows8_scalar. */
void hs_air_eval_rows8_local(hs_air_rows8_local_fn *kernel, const hs_air *a, unsigned d, const hs_kb *const local[8],
                             const hs_kb *const next[8], const hs_kb *periodic, const hs_kb *pow, void *scratch,
                             hs_kbe out[8]);
/* A vector kernel of hs_air.lookup_rows8 that reads the 8 rows' columns from scratch (as
 * hs_air_rows8_local_fn), and the dispatch to it where the CPU has AVX2 (kernel may be NULL),
 * else lookup_row on each row, interleaved: its portable twin. */
typedef void hs_air_lookup8_local_fn(const hs_air *a, const hs_kb *const rows[8], void *scratch, hs_kb *vals8);
void hs_air_lookup_rows8_local(hs_air_lookup8_local_fn *kernel, const hs_air *a, const hs_kb *const local[8],
                               void *scratch, hs_kb *vals8);
/* 16 rows (the prover's quotient loop): a->eval_rows16 where the AIR has one, else two
 * eval_rows8 calls (hs_air_eval_rows8_scalar where that is NULL too). */
void hs_air_eval_rows16(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                        const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[16]);
/* eval_rows16 through a 16-row local evaluator where the CPU has AVX-512 (kernel may be NULL:
 * none built), else as two 8-row halves through the AIR's eval_rows8. */
void hs_air_eval_rows16_local(hs_air_rows16_local_fn *kernel, const hs_air *a, unsigned d,
                              const hs_kb *const local[16], const hs_kb *const next[16], const hs_kb *periodic,
                              const hs_kb *pow, void *scratch, hs_kbe out[16]);

/* For an AIR whose packed evaluators read local rows only, named base##_rows8_avx2 and
 * base##_rows16_avx512 (the kernels of one <air>_air_vec.inc at both widths): declares them and
 * defines the AIR's static eval_rows8 (the ops' entry) and eval_rows16 (for hs_air.eval_rows16)
 * through them, each falling back where its kernel is not built or the CPU lacks it
 * (HS_AIR_LOCAL_ROWS16 alone: eval_rows16 only). */
#ifdef HS_HAVE_AVX2
#define HS_AIR_KERNEL8(base) base##_rows8_avx2
#else
#define HS_AIR_KERNEL8(base) NULL
#endif
#ifdef HS_HAVE_AVX512
#define HS_AIR_KERNEL16(base) base##_rows16_avx512
#else
#define HS_AIR_KERNEL16(base) NULL
#endif
#define HS_AIR_LOCAL_EVALUATORS(base)                                                                          \
    hs_air_rows8_local_fn base##_rows8_avx2;                                                                   \
    static void eval_rows8(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8], \
                           const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[8]) {            \
        hs_air_eval_rows8_local(HS_AIR_KERNEL8(base), a, d, local, next, periodic, pow, scratch, out);          \
    }                                                                                                          \
    HS_AIR_LOCAL_ROWS16(base)
#define HS_AIR_LOCAL_ROWS16(base)                                                                              \
    hs_air_rows16_local_fn base##_rows16_avx512;                                                               \
    static void eval_rows16(const hs_air *a, unsigned d, const hs_kb *const local[16],                         \
                            const hs_kb *const next[16], const hs_kb *periodic, const hs_kb *pow, void *scratch,   \
                            hs_kbe out[16]) {                                                                  \
        hs_air_eval_rows16_local(HS_AIR_KERNEL16(base), a, d, local, next, periodic, pow, scratch, out);        \
    }

/* eval_rows16 as two 8-row halves through the AIR's eval_rows8 (hs_air_eval_rows8_scalar where
 * that is NULL): for an AIR's own eval_rows16 where its AVX-512 kernel is not in use. */
void hs_air_eval_rows16_halves(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                               const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[16]);

/* Every constraint of every row of a natural-order trace (n_rows rows), with random-looking alpha:
 * returns the index of the first row whose combination is nonzero or one of whose lookups (if
 * the AIR has any) is not in its table, or n_rows if all hold. Used by tests and by the prover's
 * debug checks; scalar and slow. */
size_t hs_air_first_failing_row(const hs_air *a, const hs_kb *trace, size_t n_rows, hs_kbe alpha);

#endif
