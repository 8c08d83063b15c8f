/* hashsnark: prove, verify and benchmark large batches of hash-permutation evaluations.
 *
 * Conventions: every function returns an hs_status (HS_OK = 0) unless it cannot fail; output
 * parameters come first after the context and are zeroed before anything can fail; every length
 * follows its array; field elements cross this interface as canonical integers in [0, p).
 * Nothing in the library prints or exits: a failure is a status, and where a function takes a
 * `reason` buffer, an English sentence saying why (HS_REASON_LEN bytes are always enough). */
#ifndef HASHSNARK_H
#define HASHSNARK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define HS_API __attribute__((visibility("default")))
#define HS_WARN_UNUSED __attribute__((warn_unused_result))
#define HS_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#else
#define HS_API
#define HS_WARN_UNUSED
#define HS_NONNULL(...)
#endif

/* ---- version ---- */

/* The version of this header; hs_version() gives the library's (they differ when a program runs
 * against another build of the shared library than it was compiled with). */
#define HS_VERSION_MAJOR 0
#define HS_VERSION_MINOR 1
#define HS_VERSION_PATCH 0
#define HS_VERSION_STRING "0.1.0"
#define HS_VERSION_NUMBER (HS_VERSION_MAJOR * 10000 + HS_VERSION_MINOR * 100 + HS_VERSION_PATCH)

/* "MAJOR.MINOR.PATCH" of the library; *number (may be NULL) receives its HS_VERSION_NUMBER. */
HS_API const char *hs_version(unsigned *number);

typedef enum hs_status {
    HS_OK = 0,
    HS_ERR_ARGUMENT,     /* a NULL pointer, a size out of range, a bad option */
    HS_ERR_UNKNOWN_HASH, /* no permutation or hash of that name */
    HS_ERR_RANGE,        /* a value is not a canonical element of the field */
    HS_ERR_WORD_SIZE,    /* u32 call on a 64-bit permutation or the reverse */
    HS_ERR_NOMEM,        /* allocation failed or its size overflowed */
    HS_ERR_IO,           /* a file could not be read or written */
    HS_ERR_PARSE,        /* malformed text input */
    HS_ERR_UNSUPPORTED,  /* not available in this build or on this CPU, or not proven by that backend */
    HS_ERR_UNKNOWN_PRESET, /* no preset of that name */
    HS_ERR_INSECURE,     /* the preset's declared security does not hold at this shape */
    HS_ERR_BUFFER,       /* a caller-owned buffer is too small (the size needed is reported) */
    HS_ERR_REJECTED      /* verification: the proof is not accepted (the reason says why) */
} hs_status;

/* A short English description of a status ("value out of field range", ...). */
HS_API const char *hs_status_str(hs_status s);

/* Room for any reason sentence, its terminating zero included. */
#define HS_REASON_LEN 256

/* ---- context: everything a call may need besides its arguments ---- */

typedef struct hs_ctx hs_ctx;

/* threads = 0: the HS_THREADS environment variable if set, else every online CPU. */
HS_API HS_WARN_UNUSED hs_status hs_ctx_new(hs_ctx **out, unsigned threads) HS_NONNULL(1);
HS_API void hs_ctx_free(hs_ctx *ctx);
HS_API unsigned hs_ctx_threads(const hs_ctx *ctx) HS_NONNULL(1);

/* Progress of a proof, called on the proving thread: ("start", 0) once the inputs are checked,
 * then once per phase of the backend with the phase's name and the fraction of the proving time
 * done when it ended, then ("done", 1); fractions never decrease. The backends run as one call
 * today, so their phases are reported when it returns. fn = NULL turns it off. */
typedef void (*hs_progress_fn)(void *user, const char *phase, double fraction);
HS_API void hs_ctx_set_progress(hs_ctx *ctx, hs_progress_fn fn, void *user) HS_NONNULL(1);

/* ---- permutations ---- */

typedef struct hs_perm hs_perm;

/* By name, e.g. "poseidon2-kb16", "poseidon2-kb24". */
HS_API HS_WARN_UNUSED hs_status hs_perm_find(const hs_perm **out, const char *name) HS_NONNULL(1, 2);
/* All permutations, in a fixed order: i < hs_perm_count(). */
HS_API size_t hs_perm_count(void);
HS_API const hs_perm *hs_perm_at(size_t i);
HS_API const char *hs_perm_name(const hs_perm *perm) HS_NONNULL(1);
HS_API const char *hs_perm_description(const hs_perm *perm) HS_NONNULL(1);
/* Elements per state. */
HS_API unsigned hs_perm_width(const hs_perm *perm) HS_NONNULL(1);
/* 32 or 64: the word type of hs_perm_many_u32 / _u64. */
HS_API unsigned hs_perm_word_bits(const hs_perm *perm) HS_NONNULL(1);
/* Field modulus; 0 when every word value is valid (bit permutations such as Keccak-f). */
HS_API uint64_t hs_perm_modulus(const hs_perm *perm) HS_NONNULL(1);

/* Permute n_states states stored one after another (n_states * width words), in place, with
 * the context's threads. Every value is checked first: on HS_ERR_RANGE nothing is changed. */
HS_API HS_WARN_UNUSED hs_status hs_perm_many_u32(const hs_ctx *ctx, const hs_perm *perm, uint32_t *states,
                                                 size_t n_states) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_perm_many_u64(const hs_ctx *ctx, const hs_perm *perm, uint64_t *states,
                                                 size_t n_states) HS_NONNULL(1, 2);
/* One state on the caller's thread with the portable scalar code (no batching, no SIMD). */
HS_API HS_WARN_UNUSED hs_status hs_perm_one_u32(const hs_perm *perm, uint32_t *state) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_perm_one_u64(const hs_perm *perm, uint64_t *state) HS_NONNULL(1, 2);

/* ---- hash functions (what `hashsnark hash` computes) ---- */

typedef struct hs_hash_info hs_hash;

/* By name, e.g. "blake3", "sha3-256", "rpo256", "poseidon2-kb16" (its sponge). */
HS_API HS_WARN_UNUSED hs_status hs_hash_find(const hs_hash **out, const char *name) HS_NONNULL(1, 2);
HS_API size_t hs_hash_count(void);
HS_API const hs_hash *hs_hash_at(size_t i);
HS_API const char *hs_hash_name(const hs_hash *h) HS_NONNULL(1);
HS_API const char *hs_hash_description(const hs_hash *h) HS_NONNULL(1);
/* The permutation underneath (an hs_perm_find name), or NULL. */
HS_API const char *hs_hash_perm(const hs_hash *h) HS_NONNULL(1);
/* 8: a byte hash (hs_hash_bytes); 32 or 64: a hash of field elements (hs_hash_u32 / _u64). */
HS_API unsigned hs_hash_word_bits(const hs_hash *h) HS_NONNULL(1);
/* Element hashes: the field modulus (0 for byte hashes). */
HS_API uint64_t hs_hash_modulus(const hs_hash *h) HS_NONNULL(1);
/* Digest length in bytes (byte hashes) or elements. */
HS_API unsigned hs_hash_digest_len(const hs_hash *h) HS_NONNULL(1);

/* out_len must be the digest length. Element hashes check every value first (HS_ERR_RANGE). */
HS_API HS_WARN_UNUSED hs_status hs_hash_bytes(const hs_hash *h, uint8_t *out, size_t out_len, const uint8_t *in,
                                              size_t in_len) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_hash_u32(const hs_hash *h, uint32_t *out, size_t out_len, const uint32_t *in,
                                            size_t in_len) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_hash_u64(const hs_hash *h, uint64_t *out, size_t out_len, const uint64_t *in,
                                            size_t in_len) HS_NONNULL(1, 2);

/* ---- Poseidon2-KoalaBear width 16 modes (8-element digests, canonical values) ---- */

/* out = first 8 elements of P(left || right). */
HS_API HS_WARN_UNUSED hs_status hs_poseidon2_kb16_compress(uint32_t out[8], const uint32_t left[8],
                                                           const uint32_t right[8]) HS_NONNULL(1, 2, 3);
/* Padding-free sponge, rate 8, capacity 8, overwrite mode (Plonky3 PaddingFreeSponge). */
HS_API HS_WARN_UNUSED hs_status hs_poseidon2_kb16_sponge(uint32_t out[8], const uint32_t *in, size_t n)
    HS_NONNULL(1);

/* ---- proofs: what can be proven ----
 *
 * A proof shows that N instances of a hash (permutations, compressions) were evaluated correctly.
 * Its statement is one of:
 *   private  the prover alone knows the inputs; the proof shows it evaluated N instances;
 *   public   the verifier holds the table of N input lines and their N output lines, and the
 *            proof binds exactly that table;
 *   regions  (gkr backend) 1..HS_MAX_REGIONS regions of 2^w_a instances each, proven in one GKR
 *            walk (the FROST-GKR ragged-regions construction): public (the verifier holds every
 *            region's table), or with hs_shape.private_regions the regions committed (one stacked
 *            WHIR commitment of every region's inputs and outputs at its native size): a private
 *            statement, whose verifier takes no table.
 * An instance's input and output are lines of in_words and out_words u32 words (the
 * `hashsnark perm` line of that hash: canonical field elements, or a 64-bit value as two words,
 * low word first). Tables are lines one after another; regions' tables region after region. */

typedef enum hs_backend {
    HS_BACKEND_STARK = 1, /* AIR + DEEP-ALI + FRI: any provable hash */
    HS_BACKEND_GKR = 2    /* a GKR walk over the S-box layers + WHIR */
} hs_backend;

typedef enum hs_statement {
    HS_STATEMENT_PRIVATE = 0,
    HS_STATEMENT_PUBLIC = 1,
    HS_STATEMENT_REGIONS = 2
} hs_statement;

/* Bit masks of backends and statements (hs_provable). */
#define HS_BACKEND_BIT(b) (1u << (unsigned)(b))
#define HS_STATEMENT_BIT(s) (1u << (unsigned)(s))

/* A hash the library proves. */
typedef struct hs_provable {
    const char *name;        /* e.g. "poseidon2-kb16" */
    const char *description;
    const char *perm;        /* the native permutation of the same name (hs_perm_find), or NULL */
    const char *noun;        /* what an instance is: "permutations", "compressions" */
    unsigned in_words, out_words; /* u32 words per input line and per output line */
    unsigned value_bits;     /* 32, or 64 when a line's values are 64-bit (two words each) */
    uint32_t word_modulus;   /* every word must be below it; 0: any u32 */
    unsigned backends;       /* HS_BACKEND_BIT of each backend that proves it */
    unsigned stark_statements, gkr_statements; /* HS_STATEMENT_BIT of what each backend proves */
} hs_provable;

/* Provable hashes in a fixed order: i < hs_provable_count(). */
HS_API size_t hs_provable_count(void);
HS_API HS_WARN_UNUSED hs_status hs_provable_at(hs_provable *out, size_t i) HS_NONNULL(1);
HS_API HS_WARN_UNUSED hs_status hs_provable_find(hs_provable *out, const char *name) HS_NONNULL(1, 2);

/* A preset: the protocol parameters of both backends and the security it declares. */
typedef enum hs_sec_regime {
    HS_SEC_UDR = 0,        /* unique decoding: proven */
    HS_SEC_JOHNSON = 1,    /* the Johnson bound: proven */
    HS_SEC_CONJECTURED = 2 /* up-to-capacity proximity gaps: disproved in general, never a claim */
} hs_sec_regime;
/* "udr", "johnson", "conjectured". */
HS_API const char *hs_sec_regime_name(hs_sec_regime r);

typedef struct hs_preset_info {
    const char *name;        /* "compat", "fast100", "proven128" */
    const char *description;
    double declared_bits;    /* every soundness term has at least this many bits ... */
    hs_sec_regime declared_regime; /* ... in this regime, wherever the preset accepts the shape */
} hs_preset_info;

HS_API size_t hs_preset_info_count(void);
HS_API HS_WARN_UNUSED hs_status hs_preset_info_at(hs_preset_info *out, size_t i) HS_NONNULL(1);
HS_API HS_WARN_UNUSED hs_status hs_preset_info_find(hs_preset_info *out, const char *name) HS_NONNULL(1, 2);

#define HS_MAX_REGIONS 32

/* What to prove (and, from hs_proof_peek, what a proof claims). */
typedef struct hs_shape {
    hs_backend backend;
    const char *hash;         /* a provable hash */
    const char *preset;       /* a preset name; NULL: "compat" */
    hs_statement statement;
    unsigned log_perms;       /* private and public: 2^log_perms instances (0..24) */
    unsigned log_blowup;      /* stark: FRI rate 2^-log_blowup (1..4), 0: the preset's; gkr: 0 (WHIR's
                                 rate is the preset's). A peeked shape holds the proof's rate. */
    const char *variant;      /* regions: "ragged" (NULL too), "padded" or "independent" */
    unsigned n_regions;       /* regions: 1..HS_MAX_REGIONS */
    unsigned region_log[HS_MAX_REGIONS]; /* regions: region a holds 2^region_log[a] instances (4..20) */
    int allow_insecure;       /* prove: 1 proves even where the preset's declared security fails */
    int private_regions;      /* regions: 1 commits the regions (a private statement: no tables to
                                 verify; at most 2^24 instances in all); 0 public */
} hs_shape;

/* The defaults: stark, poseidon2-kb16, compat, private, 2^0 instances. */
HS_API void hs_shape_init(hs_shape *shape) HS_NONNULL(1);

/* The instances of a shape and the words of its input and output tables (instances times the
 * line's words). HS_ERR_ARGUMENT (with a reason) when the shape is impossible. */
HS_API HS_WARN_UNUSED hs_status hs_shape_size(size_t *instances, size_t *in_words, size_t *out_words, char *reason,
                                              size_t reason_len, const hs_shape *shape) HS_NONNULL(1, 2, 3, 6);

/* ---- proofs: soundness (what `hashsnark params` prints) ---- */

#define HS_MAX_TERMS 96

typedef struct hs_sec_term {
    char name[64];     /* e.g. "fri.fold[3]", "deep_ali", "queries+grinding", "gkr.layers[28]" */
    double bits[3];    /* -log2 of its error, indexed by hs_sec_regime; INFINITY where it does not apply */
} hs_sec_term;

typedef struct hs_params_report {
    double claimed_bits;        /* the weakest term in the better proven regime */
    hs_sec_regime regime;
    size_t weakest;             /* its index in terms */
    double johnson_eta;         /* the Johnson slack used (0 if none) */
    double declared_bits;       /* the preset's declaration */
    hs_sec_regime declared_regime;
    int supported;              /* 1: claimed_bits reaches declared_bits (the prover accepts the shape) */
    /* the protocol at this shape; stark: */
    unsigned log_rows;          /* trace height 2^log_rows */
    unsigned log_blowup;        /* FRI rate 2^-log_blowup */
    unsigned ext_degree;        /* challenge field degree over KoalaBear (gkr: 5) */
    unsigned num_queries, query_pow_bits, commit_pow_bits;
    const char *merkle_hash;    /* "Poseidon2-KB16", "Keccak-256", "BLAKE3" (gkr private: WHIR's tree) */
    /* gkr: the walk */
    unsigned gkr_layers;        /* S-box layers */
    unsigned gkr_width;         /* lanes of a state */
    /* gkr, private statements: WHIR over the inputs and outputs */
    unsigned whir_columns;      /* X || Y stacked, zero columns up to a power of two */
    unsigned whir_log_inv_rate, whir_fold_first, whir_fold;
    hs_sec_regime whir_regime;
    size_t n_terms;
    hs_sec_term terms[HS_MAX_TERMS];
} hs_params_report;

/* Every soundness term of proving that shape (docs/SOUNDNESS.md). */
HS_API HS_WARN_UNUSED hs_status hs_params(hs_params_report *out, char *reason, size_t reason_len,
                                          const hs_shape *shape) HS_NONNULL(1, 4);

/* ---- proofs: prove ---- */

#define HS_MAX_PHASES 8

typedef struct hs_phase_time {
    const char *name; /* e.g. "trace", "commit (LDE + Merkle)", "GKR walk" */
    double seconds;
} hs_phase_time;

typedef struct hs_prove_stats {
    double total_s;             /* wall time of the backend */
    size_t n_phases;
    hs_phase_time phases[HS_MAX_PHASES];
    size_t instances;
    size_t physical_rows;       /* regions: rows the witness held (padded: regions x 2^max) */
    unsigned threads;
    double claimed_bits;        /* the shape's provable bits */
    double declared_bits;
    int supported;              /* 0: proven with allow_insecure below the preset's declaration */
} hs_prove_stats;

/* Proves the shape's statement about the instances whose input lines are inputs (n_inputs words:
 * hs_shape_size's in_words). Every word is checked first (HS_ERR_RANGE, with the first bad
 * word's position in the reason: nothing is proven). A shape below its preset's declared
 * security is refused (HS_ERR_INSECURE) unless shape->allow_insecure.
 *   *proof receives the proof (*proof_len bytes), freed with hs_proof_free;
 *   outputs (may be NULL; else n_outputs must be hs_shape_size's out_words) receives the output
 *   lines, which a public statement's verifier needs;
 *   stats (may be NULL) receives the phases' times.
 * The proof depends only on the shape and the inputs, never on the thread count. */
HS_API HS_WARN_UNUSED hs_status hs_prove(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, uint32_t *outputs,
                                         size_t n_outputs, hs_prove_stats *stats, char *reason, size_t reason_len,
                                         const hs_shape *shape, const uint32_t *inputs, size_t n_inputs)
    HS_NONNULL(1, 2, 3, 9);
/* The same into a caller-owned buffer of buf_len bytes: *proof_len receives the proof's length;
 * HS_ERR_BUFFER when it does not fit (*proof_len then holds the size needed; buf and outputs stay
 * zero; a proof's size depends on its shape only, so the call can be repeated). */
HS_API HS_WARN_UNUSED hs_status hs_prove_into(const hs_ctx *ctx, uint8_t *buf, size_t buf_len, size_t *proof_len,
                                              uint32_t *outputs, size_t n_outputs, hs_prove_stats *stats,
                                              char *reason, size_t reason_len, const hs_shape *shape,
                                              const uint32_t *inputs, size_t n_inputs) HS_NONNULL(1, 4, 10);
/* Frees a proof from hs_prove (NULL is fine). */
HS_API void hs_proof_free(uint8_t *proof);

/* The inputs `hashsnark prove --seed S` proves: n_words words drawn uniformly below the hash's
 * word modulus from a deterministic, non-cryptographic generator seeded with seed. */
HS_API HS_WARN_UNUSED hs_status hs_inputs_random(uint32_t *words, size_t n_words, const char *hash, uint64_t seed)
    HS_NONNULL(3);

/* ---- proofs: read and verify ---- */

typedef struct hs_proof_info {
    hs_shape shape;             /* the statement the proof claims (allow_insecure 0) */
    size_t instances;
    size_t in_words, out_words; /* the public tables' words (instances x line words); 0: private
                                   (private regions included) */
    const char *noun;           /* "permutations", ... */
    unsigned num_queries;       /* stark: FRI queries */
    unsigned whir_log_inv_rate; /* gkr private: WHIR's rate 2^-x */
    size_t physical_rows;       /* regions */
    double claimed_bits;        /* the soundness report's claim at this shape */
    hs_sec_regime regime;
    double declared_bits;       /* the preset's declaration */
    int supported;              /* claimed_bits reaches declared_bits */
} hs_proof_info;

/* Reads a proof's header (no cryptography): what it claims. HS_ERR_REJECTED with a reason when
 * the header is malformed. */
HS_API HS_WARN_UNUSED hs_status hs_proof_peek(hs_proof_info *info, char *reason, size_t reason_len,
                                              const uint8_t *proof, size_t proof_len) HS_NONNULL(1);

/* min_bits for hs_verify: the preset's declaration (the default a verifier should use). */
#define HS_MIN_BITS_DECLARED (-1.0)

/* Verifies a proof. A public or (public) regions statement needs its tables (pub_in: n_in words, pub_out:
 * n_out words; HS_ERR_ARGUMENT without them, or with them for a private proof; HS_ERR_RANGE for a
 * non-canonical word). HS_OK when accepted; HS_ERR_REJECTED with a reason for any proof it does
 * not accept: malformed, altered, of another table, or claiming fewer bits than min_bits
 * (HS_MIN_BITS_DECLARED: the preset's declaration, so that an allow_insecure proof is rejected;
 * 0: any; statements without a soundness report pass only min_bits <= 0 or the default). info
 * (may be NULL) receives what the proof claims whenever its header parses. Never reads outside
 * proof[0..proof_len). */
HS_API HS_WARN_UNUSED hs_status hs_verify(const hs_ctx *ctx, hs_proof_info *info, char *reason, size_t reason_len,
                                          const uint8_t *proof, size_t proof_len, const uint32_t *pub_in, size_t n_in,
                                          const uint32_t *pub_out, size_t n_out, double min_bits) HS_NONNULL(1);

#ifdef __cplusplus
}
#endif
#endif
