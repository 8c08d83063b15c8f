/** @file
 * hashsnark: prove, verify and benchmark large batches of hash-permutation evaluations.
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

/** The version of this header; hs_version() gives the library's (they differ when a program runs
 * against another build of the shared library than it was compiled with). */
#define HS_VERSION_MAJOR 0
#define HS_VERSION_MINOR 1
#define HS_VERSION_PATCH 0
#define HS_VERSION_STRING "0.1.0"
#define HS_VERSION_NUMBER (HS_VERSION_MAJOR * 10000 + HS_VERSION_MINOR * 100 + HS_VERSION_PATCH)

/** "MAJOR.MINOR.PATCH" of the library; *number (may be NULL) receives its HS_VERSION_NUMBER. */
HS_API const char *hs_version(unsigned *number);

typedef enum hs_status {
    HS_OK = 0,
    HS_ERR_ARGUMENT,     /**< a NULL pointer, a size out of range, a bad option */
    HS_ERR_UNKNOWN_HASH, /**< no permutation or hash of that name */
    HS_ERR_RANGE,        /**< a value is not a canonical element of the field */
    HS_ERR_WORD_SIZE,    /**< u32 call on a 64-bit permutation or the reverse */
    HS_ERR_NOMEM,        /**< allocation failed or its size overflowed */
    HS_ERR_IO,           /**< a file could not be read or written */
    HS_ERR_PARSE,        /**< malformed text input */
    HS_ERR_UNSUPPORTED,  /**< not available in this build or on this CPU, or not proven by that backend */
    HS_ERR_UNKNOWN_PRESET, /**< no preset of that name */
    HS_ERR_INSECURE,     /**< the preset's declared security does not hold at this shape */
    HS_ERR_BUFFER,       /**< a caller-owned buffer is too small (the size needed is reported) */
    HS_ERR_REJECTED      /**< verification: the proof is not accepted (the reason says why) */
} hs_status;

/** A short English description of a status ("value out of field range", ...). */
HS_API const char *hs_status_str(hs_status s);

/** Room for any reason sentence, its terminating zero included. */
#define HS_REASON_LEN 256

/* ---- vector instructions ---- */

/** The vector level the kernels use: "avx512", "avx2" or "portable". It is the best the CPU and
 * this build support (AVX-512 means F, BW, VL and DQ), lowered by the environment variable
 * HS_SIMD=portable|avx2|avx512 (HS_NO_SIMD=1 is the same as HS_SIMD=portable); decided on first
 * use and fixed for the process. Proofs and outputs are the same at every level. */
HS_API const char *hs_simd_level(void);
/** The best level of this CPU and build, whatever the environment says. */
HS_API const char *hs_simd_best(void);
/** The instruction-set features this CPU and build offer, detected one by one, space-separated
 * (names from "avx2 avx512f avx512bw avx512vl avx512dq avx512ifma pclmulqdq vpclmulqdq gfni";
 * "none" when there is none): with in_use = 0 all of them, with in_use = 1 those the kernels use at
 * the level in use (portable uses none, avx2 none of the AVX-512 ones). Static storage. */
HS_API const char *hs_simd_features(int in_use);
/** HS_OK when HS_SIMD is unset or names a level the CPU has; HS_ERR_ARGUMENT when it names no
 * level; HS_ERR_UNSUPPORTED when the CPU or build lacks the level asked for (the best one below it
 * is used). reason (may be NULL, HS_REASON_LEN bytes) says which. The library itself never fails
 * on HS_SIMD: a value that names no level is treated as unset (the best level), so a program that
 * wants the value checked calls this first and refuses HS_ERR_ARGUMENT, as `hashsnark` does (exit
 * status 2, naming the value). */
HS_API hs_status hs_simd_check_env(char *reason);

/* ---- memory ---- */

/** Big buffers (2 MiB and more) that a proof frees are kept by the library and handed to the next
 * big allocation instead of going back to the operating system: their pages are then already
 * mapped, which is what a prover's system time and its variance between runs come from
 * (docs/BENCHMARKS.md, "Fresh memory"). So after a proof the process holds up to the proof's
 * peak; hs_release_memory returns every kept page (no buffer in use is touched; thread-safe).
 * The environment variable HS_MEM_CACHE=0 turns keeping off; HS_HUGEPAGES=1 maps big buffers
 * with transparent huge pages instead of normal ones (faster on a machine whose free memory is
 * recently used, several times slower to fault in where the host took it back; the same figures).
 * Both are read on first use. */
HS_API void hs_release_memory(void);

/* ---- context: everything a call may need besides its arguments ---- */

typedef struct hs_ctx hs_ctx;

/** threads = 0: the HS_THREADS environment variable if set, else every online CPU. */
HS_API HS_WARN_UNUSED hs_status hs_ctx_new(hs_ctx **out, unsigned threads) HS_NONNULL(1);
HS_API void hs_ctx_free(hs_ctx *ctx);
HS_API unsigned hs_ctx_threads(const hs_ctx *ctx) HS_NONNULL(1);

/** Progress of a proof, called on the proving thread: ("start", 0) once the inputs are checked,
 * then once per phase of the backend as the phase ends, with its name (the names of
 * hs_prove_stats.phases) and the fraction of the backend's phases done, then ("done", 1);
 * fractions never decrease. The stark and gkr provers report each phase while proving (a long
 * proof shows where it is), and also within their long phases (the LDE and Merkle commitments,
 * the quotient's blocks, the FRI rounds and queries, the GKR walk's layers, WHIR's rounds) with
 * the running phase's name and the fraction so far, counting phase k of n as (k - 1 + s) / n
 * where s is the share of its steps done (steps, not time); a phase's last call is its end, at
 * k / n. The ragged-regions prover and keccak-f1600's gkr walk over GF(2) report their phases
 * when they return, with the fraction of the proving time done, and the Merkle statements only
 * start and done. fn = NULL turns it off. */
typedef void (*hs_progress_fn)(void *user, const char *phase, double fraction);
HS_API void hs_ctx_set_progress(hs_ctx *ctx, hs_progress_fn fn, void *user) HS_NONNULL(1);

/** A communicator for data-parallel proving across processes (ranks), e.g. under MPI: the
 * library calls these collectives and links no message-passing library itself (the command
 * line's hashsnark-mpi supplies an Open MPI adapter). Every rank makes the same calls in the same
 * order; each returns 0 on success, nonzero when the transfer failed (the proof then fails with
 * "communicator failed").
 *   allgather: recv (size * bytes) = every rank's bytes at send, in rank order;
 *   gather: the same into recv on rank root only (recv unused elsewhere);
 *   bcast: buf (bytes) on every rank = buf on rank root;
 *   alltoall (optional, NULL: the library makes it of size gathers): send holds size blocks of
 *     bytes, recv (size * bytes) = block `rank` of every rank's send, in rank order (the private
 *     statement's commitment transposes its codeword with it).
 * size must be a power of two, 1 <= size <= 1024, 0 <= rank < size. */
typedef struct hs_comm {
    int rank, size;
    void *user;
    int (*allgather)(void *user, const void *send, void *recv, size_t bytes);
    int (*gather)(void *user, const void *send, void *recv, size_t bytes, int root);
    int (*bcast)(void *user, void *buf, size_t bytes, int root);
    int (*alltoall)(void *user, const void *send, void *recv, size_t bytes);
} hs_comm;
/** Proves over the ranks of comm (copied; NULL: this process alone). A proof under a
 * communicator of size R > 1 is byte-identical to the one-process proof of the whole table:
 * rank r passes hs_prove the instances r, r + R, r + 2R, ... of the table (in_words / R words)
 * and gets back its outputs (out_words / R words, the same instances) and the whole proof (every
 * rank gets it). Distributed now: the gkr backend's public and private statements, 2^N
 * instances with N - log2(R) >= 3 (a private statement's WHIR codeword of at least R^2 leaves:
 * N - log2(R) >= 4 always gives it; each rank encodes and hashes its share); other shapes are
 * refused (HS_ERR_ARGUMENT). HS_ERR_ARGUMENT for a malformed communicator. */
HS_API HS_WARN_UNUSED hs_status hs_ctx_set_comm(hs_ctx *ctx, const hs_comm *comm) HS_NONNULL(1);

/* ---- permutations ---- */

typedef struct hs_perm hs_perm;

/** By name, e.g. "poseidon2-kb16", "poseidon2-kb24". */
HS_API HS_WARN_UNUSED hs_status hs_perm_find(const hs_perm **out, const char *name) HS_NONNULL(1, 2);
/** All permutations, in a fixed order: i < hs_perm_count(). */
HS_API size_t hs_perm_count(void);
HS_API const hs_perm *hs_perm_at(size_t i);
HS_API const char *hs_perm_name(const hs_perm *perm) HS_NONNULL(1);
HS_API const char *hs_perm_description(const hs_perm *perm) HS_NONNULL(1);
/** Words per state (the elements per state, but for 128-bit elements: see hs_perm_elem_bits). */
HS_API unsigned hs_perm_width(const hs_perm *perm) HS_NONNULL(1);
/** 32 or 64: the word type of hs_perm_many_u32 / _u64. */
HS_API unsigned hs_perm_word_bits(const hs_perm *perm) HS_NONNULL(1);
/** Field modulus; 0 when every word value is valid (bit permutations such as Keccak-f). */
HS_API uint64_t hs_perm_modulus(const hs_perm *perm) HS_NONNULL(1);
/** Bits of one state element: the word size, or 128 for the GF(2^128) permutations ("poseidon2b",
 * "poseidon2b-frost"), whose elements cross this interface as two 64-bit words each, the low 64
 * bits first: a state of 4 elements is 8 uint64 words (hs_perm_width), every value valid.
 * poseidon2b's words are the flat GHASH basis (bit i = coefficient of X^i, modulus
 * X^128 + X^7 + X^2 + X + 1); poseidon2b-frost's are FROST-GKR's AES-based tower values. */
HS_API unsigned hs_perm_elem_bits(const hs_perm *perm) HS_NONNULL(1);
/** How `hashsnark perm` writes the state: 0, in decimal words (field elements, Keccak-f's lanes);
 * else as this many hex digits per element (binary fields): vision32, 8 a word in its tower basis;
 * poseidon2b and poseidon2b-frost, 32 an element, 0x-prefixed (an element spans
 * hs_perm_elem_bits / hs_perm_word_bits words, the low one first). */
HS_API unsigned hs_perm_hex_digits(const hs_perm *perm) HS_NONNULL(1);

/** Permute n_states states stored one after another (n_states * width words), in place, with
 * the context's threads. Every value is checked first: on HS_ERR_RANGE nothing is changed. */
HS_API HS_WARN_UNUSED hs_status hs_perm_many_u32(const hs_ctx *ctx, const hs_perm *perm, uint32_t *states,
                                                 size_t n_states) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_perm_many_u64(const hs_ctx *ctx, const hs_perm *perm, uint64_t *states,
                                                 size_t n_states) HS_NONNULL(1, 2);
/** One state on the caller's thread with the portable scalar code (no batching, no SIMD). */
HS_API HS_WARN_UNUSED hs_status hs_perm_one_u32(const hs_perm *perm, uint32_t *state) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_perm_one_u64(const hs_perm *perm, uint64_t *state) HS_NONNULL(1, 2);

/* ---- hash functions (what `hashsnark hash` computes) ---- */

typedef struct hs_hash_info hs_hash;

/** By name, e.g. "blake3", "sha3-256", "rpo256", "poseidon2-kb16" (its sponge). */
HS_API HS_WARN_UNUSED hs_status hs_hash_find(const hs_hash **out, const char *name) HS_NONNULL(1, 2);
HS_API size_t hs_hash_count(void);
HS_API const hs_hash *hs_hash_at(size_t i);
HS_API const char *hs_hash_name(const hs_hash *h) HS_NONNULL(1);
HS_API const char *hs_hash_description(const hs_hash *h) HS_NONNULL(1);
/** The permutation underneath (an hs_perm_find name), or NULL. */
HS_API const char *hs_hash_perm(const hs_hash *h) HS_NONNULL(1);
/** 8: a byte hash (hs_hash_bytes); 32 or 64: a hash of field elements (hs_hash_u32 / _u64). */
HS_API unsigned hs_hash_word_bits(const hs_hash *h) HS_NONNULL(1);
/** Element hashes: the field modulus (0 for byte hashes). */
HS_API uint64_t hs_hash_modulus(const hs_hash *h) HS_NONNULL(1);
/** Digest length in bytes (byte hashes) or elements. */
HS_API unsigned hs_hash_digest_len(const hs_hash *h) HS_NONNULL(1);

/** out_len must be the digest length. Element hashes check every value first (HS_ERR_RANGE). */
HS_API HS_WARN_UNUSED hs_status hs_hash_bytes(const hs_hash *h, uint8_t *out, size_t out_len, const uint8_t *in,
                                              size_t in_len) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_hash_u32(const hs_hash *h, uint32_t *out, size_t out_len, const uint32_t *in,
                                            size_t in_len) HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_hash_u64(const hs_hash *h, uint64_t *out, size_t out_len, const uint64_t *in,
                                            size_t in_len) HS_NONNULL(1, 2);

/* ---- Poseidon2-KoalaBear width 16 modes (8-element digests, canonical values) ---- */

/** out = first 8 elements of P(left || right). */
HS_API HS_WARN_UNUSED hs_status hs_poseidon2_kb16_compress(uint32_t out[8], const uint32_t left[8],
                                                           const uint32_t right[8]) HS_NONNULL(1, 2, 3);
/** Padding-free sponge, rate 8, capacity 8, overwrite mode (Plonky3 PaddingFreeSponge). */
HS_API HS_WARN_UNUSED hs_status hs_poseidon2_kb16_sponge(uint32_t out[8], const uint32_t *in, size_t n)
    HS_NONNULL(1);

/* ---- binary Merkle trees (what `hashsnark merkle` computes) ----
 *
 * A tree over 2^log_leaves leaf digests (log_leaves 0..30; 64 bytes of memory per leaf) with one of
 * the 2-to-1 hashes hs_tree_hash_at lists; node = C(left child, right child), where C is
 *   poseidon2-kb16, poseidon1-kb16  the first 8 lanes of P(left || right) (Plonky3's
 *                                   TruncatedPermutation);
 *   rpo256, rpx256                  miden-crypto's merge, hash_elements(left || right);
 *   blake3, keccak-256, sha3-256    the hash of the 64 bytes left || right.
 * Every digest crosses this interface as 8 uint32 words:
 *   KoalaBear hashes   8 canonical elements (< p);
 *   rpo256, rpx256     4 canonical Goldilocks elements, each as two words, low word first;
 *   byte hashes        the 32 bytes as 8 little-endian words (byte 4i is the low byte of word i).
 * (`hashsnark merkle` prints them in `hashsnark hash`'s notation: 8 decimals, 4 decimals or 64 hex
 * digits.) Nodes are numbered in heap order: node 1 is the root, node i's children are 2i and
 * 2i+1, leaf t is node 2^log_leaves + t. The branch of leaf t is 8 + 8 * log_leaves words: the leaf,
 * then its log_leaves siblings bottom-up (the sibling of node (2^log_leaves + t) >> j at step j):
 * at step j the path node is the right child when bit j of t is 1. */

typedef struct hs_tree hs_tree;

/** The tree hashes, in a fixed order: i < hs_tree_hash_count() (NULL past the end). */
HS_API size_t hs_tree_hash_count(void);
HS_API const char *hs_tree_hash_at(size_t i);
HS_API const char *hs_tree_hash_description(size_t i);

/** The leaves `hashsnark merkle --log-leaves N --seed S` (and the gkr Merkle statements) use:
 * n_words / 8 digests (n_words a multiple of 8) drawn uniformly from a deterministic,
 * non-cryptographic generator seeded with seed: every element below the field's modulus, every
 * byte-hash word any value. For the KoalaBear hashes it is hs_inputs_random's draw. */
HS_API HS_WARN_UNUSED hs_status hs_tree_leaves_random(uint32_t *words, size_t n_words, const char *hash,
                                                      uint64_t seed) HS_NONNULL(3);

/** Builds the tree of `hash` over the 2^log_leaves digests in leaves (n_words = 8 * 2^log_leaves),
 * level by level with the context's threads (the tree never depends on the thread count). Every
 * word is checked first: HS_ERR_RANGE names the first non-canonical one in the reason. */
HS_API HS_WARN_UNUSED hs_status hs_tree_new(const hs_ctx *ctx, hs_tree **out, char *reason, size_t reason_len,
                                            const char *hash, unsigned log_leaves, const uint32_t *leaves,
                                            size_t n_words) HS_NONNULL(1, 2, 5);
/** NULL is fine. */
HS_API void hs_tree_free(hs_tree *t);
HS_API unsigned hs_tree_log_leaves(const hs_tree *t) HS_NONNULL(1);
/** Its hash's name (an hs_tree_hash_at string). */
HS_API const char *hs_tree_hash(const hs_tree *t) HS_NONNULL(1);
HS_API void hs_tree_root(const hs_tree *t, uint32_t root[8]) HS_NONNULL(1, 2);
/** Node 1 .. 2^(log_leaves+1) - 1 (heap order); HS_ERR_ARGUMENT for any other number. */
HS_API HS_WARN_UNUSED hs_status hs_tree_node(const hs_tree *t, uint32_t out[8], uint64_t node) HS_NONNULL(1, 2);
/** The branches of leaves indices[0 .. n_indices) (any order, repeats allowed), one after another:
 * n_words must be n_indices * (8 + 8 * log_leaves). HS_ERR_ARGUMENT (branches zeroed) for an
 * index >= 2^log_leaves or a wrong n_words. */
HS_API HS_WARN_UNUSED hs_status hs_tree_open(const hs_tree *t, uint32_t *branches, size_t n_words,
                                             const uint64_t *indices, size_t n_indices) HS_NONNULL(1);
/** Checks that branch (n_words words: the leaf, then the siblings bottom-up) puts its leaf at
 * `index` of the depth-log_leaves tree of `hash` with this root. HS_OK when it does; HS_ERR_REJECTED
 * with the reason when it does not: an index out of range, a branch of the wrong length, a
 * non-canonical word, or a path to another root. HS_ERR_UNKNOWN_HASH, HS_ERR_ARGUMENT (log_leaves
 * > 30, branch NULL) and HS_ERR_RANGE (a non-canonical root) are errors of the caller's. Never
 * reads outside branch[0 .. n_words). */
HS_API HS_WARN_UNUSED hs_status hs_tree_verify(char *reason, size_t reason_len, const char *hash, unsigned log_leaves,
                                               const uint32_t root[8], uint64_t index, const uint32_t *branch,
                                               size_t n_words) HS_NONNULL(3, 5);

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
 * The gkr backend proves keccak-f1600 by a GKR walk over GF(2) with challenges in GF(2^128) (chi
 * the one sumcheck a round, theta/rho/pi moved through the claims, iota a constant): hs_prove,
 * hs_verify and hs_params take it as any other shape (backend HS_BACKEND_GKR, hash
 * "keccak-f1600"). Statement HS_STATEMENT_PUBLIC (log_perms 0..24): no commitment, the verifier
 * evaluates both tables' extensions; proofs of 18 + 5 + 24 (48 (log_perms + 6) + 400) bytes (35 KB
 * at 2^16). HS_STATEMENT_PRIVATE (log_perms 0..23): the states committed bit by bit with
 * FRI-Binius and ring switching, the verifier takes no table (277 KB at 2^16 with fast100).
 * The gkr backend proves poseidon2b and poseidon2b-frost by a GKR walk over GF(2^128) (one layer a
 * round, x^7 a degree-8 sumcheck, the linear layers through the claims): public (no commitment:
 * 18 + 6 + 66 (128 log_perms + 64) bytes, 139 KB at 2^16) and private (inputs and outputs
 * committed with FRI-Binius, the walk's first and last claims opened there); lines of 4 elements,
 * each four words, low first (poseidon2b: the flat GHASH basis; poseidon2b-frost: FROST-GKR's tower
 * values, as `hashsnark perm` writes them). The walk's challenges in GF(2^128) give about 114
 * provable bits: compat and fast100 hold, proven128 does not.
 * An instance's input and output are lines of in_words and out_words u32 words (the
 * `hashsnark perm` line of that hash: canonical field elements, or a 64-bit value as two words,
 * low word first). Tables are lines one after another; regions' tables region after region. */

typedef enum hs_backend {
    HS_BACKEND_STARK = 1, /**< AIR + DEEP-ALI + FRI: any provable hash */
    HS_BACKEND_GKR = 2    /**< a GKR walk over the S-box layers + WHIR; keccak-f1600: a walk over GF(2)
                               with GF(2^128) challenges, public statement only, no commitment;
                               poseidon2b(-frost): a walk over GF(2^128), FRI-Binius when private */
} hs_backend;

typedef enum hs_statement {
    HS_STATEMENT_PRIVATE = 0,
    HS_STATEMENT_PUBLIC = 1,
    HS_STATEMENT_REGIONS = 2
} hs_statement;

/** Bit masks of backends and statements (hs_provable). */
#define HS_BACKEND_BIT(b) (1u << (unsigned)(b))
#define HS_STATEMENT_BIT(s) (1u << (unsigned)(s))

/** A hash the library proves. */
typedef struct hs_provable {
    const char *name;        /**< e.g. "poseidon2-kb16" */
    const char *description;
    const char *perm;        /**< the native permutation of the same name (hs_perm_find), or NULL */
    const char *noun;        /**< what an instance is: "permutations", "compressions" */
    unsigned in_words, out_words; /**< u32 words per input line and per output line */
    unsigned value_bits;     /**< 32, or 64 when a line's values are 64-bit (two words each), or 128 for
                                  GF(2^128) elements (four words each, low first: poseidon2b,
                                  poseidon2b-frost) */
    uint32_t word_modulus;   /**< every word must be below it; 0: any u32 */
    unsigned backends;       /**< HS_BACKEND_BIT of each backend that proves it */
    unsigned stark_statements, gkr_statements; /**< HS_STATEMENT_BIT of what each backend proves (the
                                 two backends of this version; hs_provable_statements() asks for any) */
} hs_provable;

/** HS_STATEMENT_BIT of the statements `backend` proves for the hash named hash->name: what the fields
 * stark_statements and gkr_statements hold for those two backends, and the way to ask about any
 * backend (a later one gets no field of its own). 0 for an unknown hash or backend. */
HS_API unsigned hs_provable_statements(const hs_provable *hash, hs_backend backend) HS_NONNULL(1);

/** Provable hashes in a fixed order: i < hs_provable_count(). */
HS_API size_t hs_provable_count(void);
HS_API HS_WARN_UNUSED hs_status hs_provable_at(hs_provable *out, size_t i) HS_NONNULL(1);
HS_API HS_WARN_UNUSED hs_status hs_provable_find(hs_provable *out, const char *name) HS_NONNULL(1, 2);

/** A preset: the protocol parameters of both backends and the security it declares. */
typedef enum hs_sec_regime {
    HS_SEC_UDR = 0,        /**< unique decoding: proven */
    HS_SEC_JOHNSON = 1,    /**< the Johnson bound: proven */
    HS_SEC_CONJECTURED = 2 /**< up-to-capacity proximity gaps: disproved in general, never a claim */
} hs_sec_regime;
/** "udr", "johnson", "conjectured". */
HS_API const char *hs_sec_regime_name(hs_sec_regime r);

typedef struct hs_preset_info {
    const char *name;        /**< "compat", "fast100", "proven128" */
    const char *description;
    double declared_bits;    /**< every soundness term has at least this many bits ... */
    hs_sec_regime declared_regime; /**< ... in this regime, wherever the preset accepts the shape */
    /* the protocol it sets (hs_params gives the rest at a shape): */
    unsigned stark_log_blowup;     /**< stark: FRI rate 2^-stark_log_blowup unless hs_shape.log_blowup is set */
    unsigned gkr_whir_log_inv_rate; /**< gkr: WHIR's rate 2^-x (private statements commit with it);
                                       hs_preset_commitment() asks for any backend */
    hs_sec_regime gkr_whir_regime; /**< gkr: the regime WHIR is sized for */
} hs_preset_info;

/** The commitment a backend uses under a preset. */
typedef struct hs_commit_info {
    const char *scheme;      /**< "fri" (stark), "whir" (gkr) */
    unsigned log_inv_rate;   /**< its rate 2^-log_inv_rate (the stark's unless hs_shape.log_blowup is set) */
    hs_sec_regime regime;    /**< the regime it is sized for */
} hs_commit_info;

/** The commitment of `backend` under the preset named `preset` (NULL: "compat"): for the gkr backend
 * what gkr_whir_log_inv_rate and gkr_whir_regime hold, for the stark its FRI rate and the preset's
 * declared regime. HS_ERR_UNKNOWN_PRESET, or HS_ERR_ARGUMENT for an unknown backend (out zeroed). */
HS_API HS_WARN_UNUSED hs_status hs_preset_commitment(hs_commit_info *out, const char *preset, hs_backend backend)
    HS_NONNULL(1);

HS_API size_t hs_preset_info_count(void);
HS_API HS_WARN_UNUSED hs_status hs_preset_info_at(hs_preset_info *out, size_t i) HS_NONNULL(1);
HS_API HS_WARN_UNUSED hs_status hs_preset_info_find(hs_preset_info *out, const char *name) HS_NONNULL(1, 2);

#define HS_MAX_REGIONS 32

/** What to prove (and, from hs_proof_peek, what a proof claims). */
typedef struct hs_shape {
    hs_backend backend;
    const char *hash;         /**< a provable hash */
    const char *preset;       /**< a preset name; NULL: "compat" */
    hs_statement statement;
    unsigned log_perms;       /**< private and public: 2^log_perms instances (0..24) */
    unsigned log_blowup;      /**< stark: FRI rate 2^-log_blowup (1..4), 0: the preset's; gkr: 0 (WHIR's
                                 rate is the preset's). A peeked shape holds the proof's rate. */
    const char *variant;      /**< regions: "ragged" (NULL too), "padded" or "independent" */
    unsigned n_regions;       /**< regions: 1..HS_MAX_REGIONS */
    unsigned region_log[HS_MAX_REGIONS]; /**< regions: region a holds 2^region_log[a] instances (4..20) */
    int allow_insecure;       /**< prove: 1 proves even where the preset's declared security fails */
    int private_regions;      /**< regions: 1 commits the regions (a private statement: no tables to
                                 verify; at most 2^24 instances in all); 0 public */
} hs_shape;

/** The defaults: stark, poseidon2-kb16, compat, private, 2^0 instances. */
HS_API void hs_shape_init(hs_shape *shape) HS_NONNULL(1);

/** The instances of a shape and the words of its input and output tables (instances times the
 * line's words). HS_ERR_ARGUMENT (with a reason) when the shape is impossible. */
HS_API HS_WARN_UNUSED hs_status hs_shape_size(size_t *instances, size_t *in_words, size_t *out_words, char *reason,
                                              size_t reason_len, const hs_shape *shape) HS_NONNULL(1, 2, 3, 6);

/* ---- proofs: soundness (what `hashsnark params` prints) ---- */

#define HS_MAX_TERMS 96

typedef struct hs_sec_term {
    char name[64];     /**< e.g. "fri.fold[3]", "deep_ali", "queries+grinding", "gkr.layers[28]" */
    double bits[3];    /**< -log2 of its error, indexed by hs_sec_regime; INFINITY where it does not apply */
} hs_sec_term;

typedef struct hs_params_report {
    double claimed_bits;        /**< the weakest term in the better proven regime (the Merkle statements
                                   also list what they assume, p2kb16.digest_collision, which caps it) */
    hs_sec_regime regime;
    size_t weakest;             /**< its index in terms */
    double johnson_eta;         /**< the Johnson slack used (0 if none) */
    double declared_bits;       /**< the preset's declaration */
    hs_sec_regime declared_regime;
    int supported;              /**< 1: the protocol's terms reach declared_bits (the prover accepts the shape) */
    /* the protocol at this shape; stark: */
    unsigned log_rows;          /**< trace height 2^log_rows */
    unsigned log_blowup;        /**< FRI rate 2^-log_blowup */
    unsigned ext_degree;        /**< challenge field degree over KoalaBear (gkr: 5; 0 when field is "gf2-128") */
    unsigned num_queries, query_pow_bits, commit_pow_bits;
    const char *merkle_hash;    /**< "Poseidon2-KB16", "Keccak-256", "BLAKE3" (gkr private: WHIR's tree) */
    /* gkr: the walk */
    unsigned gkr_layers;        /**< S-box layers */
    unsigned gkr_width;         /**< lanes of a state */
    /* gkr, private statements: WHIR over the inputs and outputs */
    unsigned whir_columns;      /**< X || Y stacked, zero columns up to a power of two */
    unsigned whir_log_inv_rate, whir_fold_first, whir_fold;
    hs_sec_regime whir_regime;
    size_t n_terms;
    hs_sec_term terms[HS_MAX_TERMS];
    const char *field;          /**< what the protocol runs over: "koalabear", or "gf2-128" (GF(2) data,
                                   challenges in GF(2^128): keccak-f1600 by the gkr backend, a public
                                   statement without commitment); NULL from hs_params_pcs and the Merkle
                                   statements (added after 0.1.0) */
} hs_params_report;

/** Every soundness term of proving that shape (docs/SOUNDNESS.md). */
HS_API HS_WARN_UNUSED hs_status hs_params(hs_params_report *out, char *reason, size_t reason_len,
                                          const hs_shape *shape) HS_NONNULL(1, 4);

/* ---- proofs: prove ---- */

#define HS_MAX_PHASES 8

typedef struct hs_phase_time {
    const char *name; /**< e.g. "trace", "commit (LDE + Merkle)", "GKR walk" */
    double seconds;
} hs_phase_time;

typedef struct hs_prove_stats {
    double total_s;             /**< wall time of the backend */
    size_t n_phases;
    hs_phase_time phases[HS_MAX_PHASES];
    size_t instances;
    size_t physical_rows;       /**< regions: rows the witness held (padded: regions x 2^max) */
    unsigned threads;
    double claimed_bits;        /**< the shape's provable bits */
    double declared_bits;
    int supported;              /**< 0: proven with allow_insecure below the preset's declaration */
} hs_prove_stats;

/** Proves the shape's statement about the instances whose input lines are inputs (n_inputs words:
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
/** The same into a caller-owned buffer of buf_len bytes: *proof_len receives the proof's length;
 * HS_ERR_BUFFER when it does not fit (*proof_len then holds the size needed; buf and outputs stay
 * zero; a proof's size depends on its shape only, so the call can be repeated). */
HS_API HS_WARN_UNUSED hs_status hs_prove_into(const hs_ctx *ctx, uint8_t *buf, size_t buf_len, size_t *proof_len,
                                              uint32_t *outputs, size_t n_outputs, hs_prove_stats *stats,
                                              char *reason, size_t reason_len, const hs_shape *shape,
                                              const uint32_t *inputs, size_t n_inputs) HS_NONNULL(1, 4, 10);
/** Frees a proof from hs_prove (NULL is fine). */
HS_API void hs_proof_free(uint8_t *proof);

/** Inputs handed over to the prover, for large batches: hs_prove keeps the caller's const table
 * for the whole proof (and the gkr backend converts a copy of it), while hs_prove_inputs takes an
 * hs_inputs table and uses its memory in place: converted where it lies, released as soon as
 * the prover has read it. At 2^24 Poseidon2-KB16 permutations the table is 1 GiB.
 *   hs_inputs_new allocates n_words words (zero) and gives their address in *words for the
 *   caller to fill with canonical input lines (e.g. with hs_inputs_random);
 *   hs_inputs_free frees a table that is not handed over (NULL is fine). */
typedef struct hs_inputs hs_inputs;
HS_API HS_WARN_UNUSED hs_status hs_inputs_new(hs_inputs **out, uint32_t **words, size_t n_words) HS_NONNULL(1, 2);
HS_API void hs_inputs_free(hs_inputs *inputs);
/** hs_prove with a handed-over table: the same checks, the same proof and outputs, and inputs is
 * consumed by the call whatever it returns (the caller must not use or free it afterwards). */
HS_API HS_WARN_UNUSED hs_status hs_prove_inputs(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len,
                                                uint32_t *outputs, size_t n_outputs, hs_prove_stats *stats,
                                                char *reason, size_t reason_len, const hs_shape *shape,
                                                hs_inputs *inputs) HS_NONNULL(1, 2, 3, 9, 10);

/** The inputs `hashsnark prove --seed S` proves: n_words words drawn uniformly below the hash's
 * word modulus from a deterministic, non-cryptographic generator seeded with seed. */
HS_API HS_WARN_UNUSED hs_status hs_inputs_random(uint32_t *words, size_t n_words, const char *hash, uint64_t seed)
    HS_NONNULL(3);
/** Rows first, first + stride, first + 2 stride, ... (n_rows of them, row_words words each) of the
 * table hs_inputs_random draws with the same hash and seed: one rank's share of a seeded table
 * (rank r of R: first r, stride R) without the whole table in memory (the draw still passes over
 * the rows before the last one kept). HS_ERR_ARGUMENT for stride 0 or first >= stride. (Added
 * after 0.1.0.) */
HS_API HS_WARN_UNUSED hs_status hs_inputs_random_rows(uint32_t *words, size_t n_rows, size_t row_words, size_t first,
                                                      size_t stride, const char *hash, uint64_t seed) HS_NONNULL(6);

/* ---- proofs: read and verify ---- */

typedef struct hs_proof_info {
    hs_shape shape;             /**< the statement the proof claims (allow_insecure 0) */
    size_t instances;
    size_t in_words, out_words; /**< the public tables' words (instances x line words); 0: private
                                   (private regions included) */
    const char *noun;           /**< "permutations", ... */
    unsigned num_queries;       /**< stark: FRI queries */
    unsigned whir_log_inv_rate; /**< gkr private: WHIR's rate 2^-x */
    size_t physical_rows;       /**< regions */
    double claimed_bits;        /**< the soundness report's claim at this shape */
    hs_sec_regime regime;
    double declared_bits;       /**< the preset's declaration */
    int supported;              /**< claimed_bits reaches declared_bits */
    const char *field;          /**< "koalabear", or "gf2-128" (keccak-f1600 by the gkr backend: a walk over
                                   GF(2) with GF(2^128) challenges, no commitment) (added after 0.1.0) */
} hs_proof_info;

/** Reads a proof's header (no cryptography): what it claims. HS_ERR_REJECTED with a reason when
 * the header is malformed. */
HS_API HS_WARN_UNUSED hs_status hs_proof_peek(hs_proof_info *info, char *reason, size_t reason_len,
                                              const uint8_t *proof, size_t proof_len) HS_NONNULL(1);

/** min_bits for hs_verify: the preset's declaration (the default a verifier should use). */
#define HS_MIN_BITS_DECLARED (-1.0)

/** Verifies a proof. A public or (public) regions statement is verified against its tables
 * (pub_in: n_in words, pub_out: n_out words); a private one takes none (NULL and 0). HS_OK when
 * accepted; HS_ERR_REJECTED with a reason for any proof it does not accept: malformed, altered,
 * of another table, claiming fewer bits than min_bits, or not matching what is given (a public
 * proof without tables, a private one with them, tables of another size or with a word outside
 * the field of the proof's hash): what a proof says never makes the call an error of the
 * caller's. min_bits: HS_MIN_BITS_DECLARED (the preset's declaration, so that an allow_insecure
 * proof is rejected) or a finite number of bits >= 0 (0: any; statements without a soundness
 * report pass only 0 or the default). HS_ERR_ARGUMENT, before the proof is read, for any other
 * min_bits (NaN, an infinity, another negative), a count without its table or one table without
 * the other. info (may be NULL) receives what the proof claims whenever its header parses. Never
 * reads outside proof[0..proof_len). */
HS_API HS_WARN_UNUSED hs_status hs_verify(const hs_ctx *ctx, hs_proof_info *info, char *reason, size_t reason_len,
                                          const uint8_t *proof, size_t proof_len, const uint32_t *pub_in, size_t n_in,
                                          const uint32_t *pub_out, size_t n_out, double min_bits) HS_NONNULL(1);

/* ---- sparse Merkle trees (miden-crypto's SMT) ----
 *
 * A depth-64 sparse Merkle tree exactly as miden-crypto defines it (merkle/smt): keys and values
 * are words, a leaf holds up to 1024 pairs of one leaf index, a value of the empty word (all
 * zero) removes its key. Hashes, by name:
 *   "poseidon2-gl12"  Poseidon2-Goldilocks-12, leaves domain-separated (miden-crypto v0.25+)
 *   "rpo256"          RPO256 (miden-crypto v0.21)
 *   "poseidon2-kb16"  Poseidon2-KoalaBear-16, 8-element words (hashsnark's own layout)
 * Words cross this interface as arrays of word_elems canonical integers (4 for the Goldilocks
 * hashes, 8 for KoalaBear); a pair is its key's elements then its value's; every word array's
 * length is given in elements. A tree lives in memory or on disk (LMDB: a directory; each batch
 * is one transaction, all or nothing, on disk when the call returns unless HS_SMT_NOSYNC). One
 * tree must not be used from two threads at once; its batch work uses the context's threads,
 * and roots never depend on their count. */
typedef struct hs_smt hs_smt;
typedef struct hs_smt_mutations hs_smt_mutations;

#define HS_SMT_MAX_WORD 8
/** hs_smt_new flags: commit without fsync (a crash may lose the last batches, never atomicity) */
#define HS_SMT_NOSYNC 1u
/** open the stored tree read-only (LMDB's MDB_RDONLY): it must exist, reads work on read-only
 * storage, and any change is HS_ERR_IO ("opened read-only") */
#define HS_SMT_READONLY 2u

HS_API size_t hs_smt_hash_count(void);
/** name of hash i (NULL past the end) */
HS_API const char *hs_smt_hash_name(size_t i);
/** HS_ERR_UNKNOWN_HASH when no tree hash has that name. */
HS_API HS_WARN_UNUSED hs_status hs_smt_hash_info(const char *hash, unsigned *word_elems, uint64_t *modulus)
    HS_NONNULL(1, 2, 3);
/** 1 when this build stores trees on disk (LMDB). */
HS_API int hs_smt_disk_supported(void);

/** dir = NULL: an empty tree in memory. Else the tree stored in dir (created when missing or
 * empty, unless HS_SMT_READONLY or hash is NULL); HS_ERR_UNSUPPORTED without LMDB, HS_ERR_IO when
 * it cannot be opened (a missing directory named), HS_ERR_ARGUMENT when it holds a tree of another
 * hash. hash NULL (dir needed): the stored tree's hash (hs_smt_hash_of), HS_ERR_ARGUMENT when dir
 * holds no tree yet. Several processes may open one dir at once: each batch waits for the
 * others' (LMDB's writer lock) and applies to the newest tree; reads see a committed state, and
 * hs_smt_root follows the state the last read or write saw. */
HS_API HS_WARN_UNUSED hs_status hs_smt_new(hs_smt **out, const hs_ctx *ctx, const char *hash, const char *dir,
                                           unsigned flags, char *reason, size_t reason_len) HS_NONNULL(1, 2);
/** the tree's hash name (as hs_smt_hash_name gives it) */
HS_API const char *hs_smt_hash_of(const hs_smt *tree) HS_NONNULL(1);
HS_API void hs_smt_free(hs_smt *tree);
HS_API unsigned hs_smt_word_elems(const hs_smt *tree) HS_NONNULL(1);
HS_API HS_WARN_UNUSED hs_status hs_smt_root(const hs_smt *tree, uint64_t *root, size_t root_len) HS_NONNULL(1, 2);
/** non-empty leaves and stored pairs */
HS_API void hs_smt_counts(const hs_smt *tree, uint64_t *leaves, uint64_t *entries) HS_NONNULL(1, 2, 3);
/** the value of key (the empty word when absent) */
HS_API HS_WARN_UNUSED hs_status hs_smt_get(hs_smt *tree, uint64_t *value, size_t value_len, const uint64_t *key,
                                           size_t key_len, char *reason, size_t reason_len) HS_NONNULL(1, 2, 4);

/** Construction of an empty tree from pairs (HS_ERR_ARGUMENT when the tree has pairs or a key
 * repeats, HS_ERR_RANGE for a non-canonical element). One transaction on disk. */
HS_API HS_WARN_UNUSED hs_status hs_smt_build(hs_smt *tree, const uint64_t *pairs, size_t pairs_len, char *reason,
                                             size_t reason_len) HS_NONNULL(1);
/** Insert, update or (empty value) remove pairs as one batch: hs_smt_mutations then hs_smt_apply. */
HS_API HS_WARN_UNUSED hs_status hs_smt_insert(hs_smt *tree, const uint64_t *pairs, size_t pairs_len, char *reason,
                                              size_t reason_len) HS_NONNULL(1);
/** hs_smt_insert of keys that must all be in the tree (HS_ERR_ARGUMENT naming the first pair whose
 * key is not, and nothing changed), checked in the batch's own transaction. */
HS_API HS_WARN_UNUSED hs_status hs_smt_update(hs_smt *tree, const uint64_t *pairs, size_t pairs_len, char *reason,
                                              size_t reason_len) HS_NONNULL(1);
/** Remove keys (key_len elements each) as one batch; absent keys are no change. */
HS_API HS_WARN_UNUSED hs_status hs_smt_remove(hs_smt *tree, const uint64_t *keys, size_t keys_len, char *reason,
                                              size_t reason_len) HS_NONNULL(1);
/** The mutation set of a batch, computed without changing the tree: its old and new root. A key
 * twice in one batch or a leaf beyond 1024 pairs is HS_ERR_ARGUMENT. */
HS_API HS_WARN_UNUSED hs_status hs_smt_mutations_new(hs_smt_mutations **out, hs_smt *tree, const uint64_t *pairs,
                                                     size_t pairs_len, char *reason, size_t reason_len)
    HS_NONNULL(1, 2);
HS_API HS_WARN_UNUSED hs_status hs_smt_mutations_roots(const hs_smt_mutations *m, uint64_t *old_root,
                                                       uint64_t *new_root, size_t root_len) HS_NONNULL(1, 2, 3);
/** Applies a mutation set computed on this tree at its present root (HS_ERR_ARGUMENT otherwise,
 * also when another process changed the stored tree since the set was computed). */
HS_API HS_WARN_UNUSED hs_status hs_smt_apply(hs_smt *tree, const hs_smt_mutations *m, char *reason,
                                             size_t reason_len) HS_NONNULL(1, 2);
HS_API void hs_smt_mutations_free(hs_smt_mutations *m);

/** The opening of key: membership when present, else non-membership. Bytes: pair count n (u32
 * little-endian), the leaf's n pairs (32-byte key, 32-byte value), the 64 siblings from depth 64
 * up (32 bytes each; words as little-endian elements). *opening is freed with hs_smt_opening_free. */
HS_API HS_WARN_UNUSED hs_status hs_smt_open_key(hs_smt *tree, uint8_t **opening, size_t *opening_len,
                                                const uint64_t *key, size_t key_len, char *reason, size_t reason_len)
    HS_NONNULL(1, 2, 3, 4);
HS_API void hs_smt_opening_free(uint8_t *opening);
/** HS_OK when the opening shows key -> value under root (value the empty word: key absent);
 * HS_ERR_REJECTED with a reason for any opening it does not accept. Never reads outside
 * opening[0..opening_len). */
HS_API HS_WARN_UNUSED hs_status hs_smt_verify(const char *hash, const uint64_t *root, const uint64_t *key,
                                              const uint64_t *value, size_t word_len, const uint8_t *opening,
                                              size_t opening_len, char *reason, size_t reason_len)
    HS_NONNULL(1, 2, 3, 4);

/* ---- Merkle branches (gkr or stark backend) ----
 * The statement of the STARKed binary hash tree (Vitalik Buterin, "Possible futures of the
 * Ethereum protocol, part 4"): each of m openings (index idx_p < 2^depth, leaf_p: 8 words) sits at
 * its index in a binary Merkle tree of the given depth with the public root (8 words); the
 * siblings stay private. The tree's node is the Poseidon2-KB16 compression of its children (the
 * first 8 lanes of P(left || right)); bit i of the index says whether the level-i node is the
 * right child (1) or the left (0). The gkr backend (the default) proves all m x depth
 * compressions in one gkr walk (docs/MERKLE_GKR.md); the stark backend proves them with an AIR of
 * one compression a row, the levels chained by transitions (docs/MERKLE_STARK.md). Words are
 * canonical KoalaBear elements. */

#define HS_MERKLE_DIGEST_WORDS 8
#define HS_MERKLE_MAX_DEPTH 64

/** Proves the openings. siblings: m x depth x 8 words, opening p's level-i sibling (the other child
 * of its level-i node's parent) at (p depth + i) 8. root (may be NULL) receives the root they
 * reach; every opening must reach the same one (HS_ERR_ARGUMENT otherwise). hash:
 * "poseidon2-kb16" (NULL too); preset NULL: "compat"; backend HS_BACKEND_GKR (0 too) or
 * HS_BACKEND_STARK. HS_ERR_INSECURE below the preset's declared security unless allow_insecure.
 * The proof depends only on the inputs, never on the thread count. Free it with hs_proof_free. */
HS_API HS_WARN_UNUSED hs_status hs_prove_merkle_branches(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len,
                                                         uint32_t *root, hs_prove_stats *stats, char *reason,
                                                         size_t reason_len, const char *hash, const char *preset,
                                                         hs_backend backend, unsigned depth, size_t m,
                                                         const uint64_t *indices, const uint32_t *leaves,
                                                         const uint32_t *siblings, int allow_insecure)
    HS_NONNULL(1, 2, 3, 13, 14, 15);

/** What a Merkle proof claims (its header): a branches proof or a dense root proof (below). */
typedef struct hs_merkle_proof_info {
    const char *statement;      /**< "merkle-branches" or "merkle" (the dense root) */
    const char *hash, *preset;
    hs_backend backend;         /**< HS_BACKEND_GKR, or HS_BACKEND_STARK (branches only) */
    unsigned depth;             /**< the root statement: log2 of the leaves */
    size_t openings;            /**< branches; 0 for the root statement. A stark proof records
                                   2^ceil(log2 m), the openings padded with copies of the first */
    int public_leaves;          /**< the root statement: 1 when the proof binds the leaves */
    size_t rows;                /**< compressions proven: 2^ceil(log2 m) x 2^ceil(log2 depth) (gkr: at
                                   least 2^4 rows, and depth 1 takes 2 rows an opening) */
    double claimed_bits;        /**< the soundness report at this shape: the headline, at most the
                                   digest's collision resistance (about 124 bits) */
    hs_sec_regime regime;
    double declared_bits;
    int supported;              /**< the protocol's terms reach declared_bits */
} hs_merkle_proof_info;

/** Reads a branches or root proof's header. HS_ERR_REJECTED with a reason when it is neither. */
HS_API HS_WARN_UNUSED hs_status hs_merkle_proof_peek(hs_merkle_proof_info *info, char *reason, size_t reason_len,
                                                     const uint8_t *proof, size_t proof_len) HS_NONNULL(1);

/** Verifies a branches proof of either backend (the proof's header says which) against the root
 * and the openings (m indices, m x 8 leaf words).
 * HS_OK when accepted; HS_ERR_REJECTED with a reason for a proof of another root, depth or opening
 * list, a malformed or altered proof, or one claiming fewer bits than min_bits (as hs_verify;
 * HS_ERR_ARGUMENT for a min_bits that is NaN, infinite or negative other than
 * HS_MIN_BITS_DECLARED); HS_ERR_RANGE for a non-canonical word. info (may be NULL) receives the
 * header's claims. */
HS_API HS_WARN_UNUSED hs_status hs_verify_merkle_branches(const hs_ctx *ctx, hs_merkle_proof_info *info, char *reason,
                                                          size_t reason_len, const uint8_t *proof, size_t proof_len,
                                                          const uint32_t *root, unsigned depth, size_t m,
                                                          const uint64_t *indices, const uint32_t *leaves,
                                                          double min_bits) HS_NONNULL(1, 7, 10, 11);

/** The soundness report of proving m openings of a depth-depth tree with that backend (0: gkr)
 * (`hashsnark params --statement merkle-branches [--backend stark]`). */
HS_API HS_WARN_UNUSED hs_status hs_params_merkle_branches(hs_params_report *out, char *reason, size_t reason_len,
                                                          const char *hash, const char *preset, hs_backend backend,
                                                          unsigned depth, size_t m) HS_NONNULL(1);

/** The dense root (docs/MERKLE_GKR.md "Dense root"): the 2^log_leaves leaves (8 words each) of a
 * Poseidon2-KB16 tree have the public root. public_leaves 0: the leaves stay private (committed;
 * the proof shows knowledge of a tree with that root); 1: the proof binds them and the verifier
 * needs them. log_leaves 1..23. root (may be NULL) receives the root. */
HS_API HS_WARN_UNUSED hs_status hs_prove_merkle_root(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len,
                                                     uint32_t *root, hs_prove_stats *stats, char *reason,
                                                     size_t reason_len, const char *hash, const char *preset,
                                                     unsigned log_leaves, const uint32_t *leaves, size_t n_words,
                                                     int public_leaves, int allow_insecure)
    HS_NONNULL(1, 2, 3, 11);
/** Verifies a root proof against the root (and the leaves, n_words = 8 x 2^log_leaves, of a
 * public-leaves proof; NULL and 0 for a private one). Leaves for a private-leaves proof, none for
 * a public-leaves one, or another number of them: HS_ERR_REJECTED with the reason. As
 * hs_verify_merkle_branches otherwise. */
HS_API HS_WARN_UNUSED hs_status hs_verify_merkle_root(const hs_ctx *ctx, hs_merkle_proof_info *info, char *reason,
                                                      size_t reason_len, const uint8_t *proof, size_t proof_len,
                                                      const uint32_t *root, const uint32_t *leaves, size_t n_words,
                                                      double min_bits) HS_NONNULL(1, 7);
HS_API HS_WARN_UNUSED hs_status hs_params_merkle_root(hs_params_report *out, char *reason, size_t reason_len,
                                                      const char *hash, const char *preset, unsigned log_leaves,
                                                      int public_leaves) HS_NONNULL(1);

/* ---- the commitment-only statement (docs/PROOF_FORMAT_PCS.md) ---- */

/** The binary commitment end to end: 2^log_bits random GF(2) values, packed 128 to an element of
 * GF(2^128), committed with FRI-Binius and opened by ring switching at a Fiat-Shamir point
 * (`hashsnark prove --statement pcs`). log_bits from HS_PCS_MIN_LOG_BITS to HS_PCS_MAX_LOG_BITS. */
#define HS_PCS_MIN_LOG_BITS 8
#define HS_PCS_MAX_LOG_BITS 35

/** What a commitment-only proof says and what its parameters give. */
typedef struct hs_pcs_info {
    const char *field;     /**< "gf2-128" */
    unsigned log_bits;     /**< 2^log_bits committed GF(2) values */
    unsigned inv_rate;     /**< FRI-Binius rate 1/inv_rate */
    unsigned queries;      /**< FRI-Binius queries */
    double declared_bits;  /**< the security the query count was derived for */
    double claimed_bits;   /**< the soundness terms' minimum under regime */
    hs_sec_regime regime;  /**< unique decoding */
    const char *preset;    /**< "compat", "fast100" or "proven128" (added after 0.1.0) */
    unsigned challenge_bits; /**< 128: challenges in GF(2^128); 256: in GF(2^256) (proven128) */
} hs_pcs_info;

/** Proves the statement for 2^log_bits values drawn from seed, field "gf2-128" (the only one):
 * rate 1/2, 232 queries (96 bits by unique decoding, as Binius64), 4 folds between Merkle oracles,
 * BLAKE3. The proof (free with hs_proof_free) does not depend on the context's thread count.
 * HS_ERR_ARGUMENT for another field or a log_bits out of range, HS_ERR_NOMEM. info may be NULL. */
HS_API HS_WARN_UNUSED hs_status hs_prove_pcs(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, hs_pcs_info *info,
                                             char *reason, size_t reason_len, const char *field, unsigned log_bits,
                                             uint64_t seed) HS_NONNULL(1, 2, 3);
/** The same with a preset: "compat" (NULL: the parameters above), "fast100" (rate 1/4, 148 queries,
 * 100 bits by unique decoding, challenges in GF(2^128)) or "proven128" (rate 1/4, 189 queries, 128
 * bits, challenges, round messages and folded oracles in GF(2^256)). Each term is computed
 * (hs_params_pcs); HS_ERR_ARGUMENT with the reason when the preset's terms do not reach its target
 * at log_bits (fast100 above 2^32 bits). */
HS_API HS_WARN_UNUSED hs_status hs_prove_pcs_preset(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len,
                                                    hs_pcs_info *info, char *reason, size_t reason_len,
                                                    const char *field, const char *preset, unsigned log_bits,
                                                    uint64_t seed) HS_NONNULL(1, 2, 3);
/** Every soundness term of the statement at that preset and log_bits (unique decoding): claim,
 * declaration (declared_bits), supported, log_blowup (the rate's), num_queries, merkle_hash and the
 * terms. HS_ERR_ARGUMENT for another field, an unknown preset or log_bits out of range. */
HS_API HS_WARN_UNUSED hs_status hs_params_pcs(hs_params_report *out, char *reason, size_t reason_len,
                                              const char *field, const char *preset, unsigned log_bits)
    HS_NONNULL(1);
/** Reads a commitment-only proof's header: HS_ERR_REJECTED with the reason when it is none. */
HS_API HS_WARN_UNUSED hs_status hs_pcs_peek(hs_pcs_info *info, char *reason, size_t reason_len, const uint8_t *proof,
                                            size_t proof_len) HS_NONNULL(1);
/** Verifies a commitment-only proof: HS_OK; HS_ERR_REJECTED with a reason for a malformed or
 * altered proof or one below min_bits (HS_MIN_BITS_DECLARED: the bits its queries were derived
 * for; NaN, infinite or other negative values: HS_ERR_ARGUMENT); HS_ERR_NOMEM. info may be NULL. */
HS_API HS_WARN_UNUSED hs_status hs_verify_pcs(const hs_ctx *ctx, hs_pcs_info *info, char *reason, size_t reason_len,
                                              const uint8_t *proof, size_t proof_len, double min_bits) HS_NONNULL(1);

/** m openings of a seeded random depth-depth tree (the benchmark's workload; any depth up to 64,
 * since only the opened paths are built): indices uniform below 2^depth (repeats allowed), the
 * leaf at every position and every node off the opened paths a seeded value of its position,
 * the paths hashed. indices: m; leaves: m x 8; siblings: m x depth x 8; root: 8 words. */
HS_API HS_WARN_UNUSED hs_status hs_merkle_random_openings(uint64_t *indices, uint32_t *leaves, uint32_t *siblings,
                                                          uint32_t *root, unsigned depth, size_t m, uint64_t seed)
    HS_NONNULL(1, 2, 3, 4);

/* ---- hash-based signatures: XMSS verified natively (docs/XMSS.md) ----
 * Generalized XMSS with a target-sum Winternitz encoding (eprint 2025/055) as leanVM defines it
 * over KoalaBear with Poseidon1-KB16, in two forms: "leanvm-kb-2605" (leanMultisig 5cf504a5,
 * 2026-05-18: 166 compressions a verification, the message 8 elements) and "leanvm-kb" (leanVM's
 * last KoalaBear code, crates/xmss at 05213d3e: the leaf by an overwrite sponge on the raw
 * permutation, 144 compressions and 22 permutations, a 32-byte message hashed to 8 elements
 * first). Words are canonical KoalaBear integers: a public key is root | parameter (pk_words), a
 * signature randomness | chain tips (chains x digest) | Merkle path (height x digest, the leaf's
 * sibling first): sig_words. A message is msg_bytes bytes; where msg_elements is not 0 they are
 * msg_elements little-endian u32 field elements (each must be canonical). */

/** A scheme's sizes and costs. */
typedef struct hs_xmss_info {
    const char *name, *description, *source;
    unsigned chains, chain_length, target_sum, height;
    unsigned digest_words, param_words, rand_words;
    unsigned pk_words, sig_words;
    unsigned msg_bytes;     /**< bytes of a message */
    unsigned msg_elements;  /**< 8: the bytes are 8 LE u32 elements; 0: raw bytes, hashed to elements */
    unsigned limbs_checked; /**< encoding digest limbs rejected when equal to p - 1 */
    unsigned compressions;  /**< a valid verification: compressions with feed-forward (after the message hash) */
    unsigned permutations;  /**< ... and raw permutations */
    unsigned trace_slots;   /**< entries of hs_xmss_trace's call grid */
} hs_xmss_info;

/** The schemes: i < hs_xmss_count(); NULL beyond. */
HS_API size_t hs_xmss_count(void);
HS_API const char *hs_xmss_name_at(size_t i);
/** HS_ERR_ARGUMENT for an unknown scheme name. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_info_get(hs_xmss_info *out, const char *scheme) HS_NONNULL(1);

/** Verifies one signature on the calling thread: HS_OK when valid; HS_ERR_REJECTED with the reason
 * (a word not canonical, a digest limb equal to p - 1, the digit sum, the Merkle root) otherwise;
 * HS_ERR_ARGUMENT for an unknown scheme; HS_ERR_NOMEM. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_verify(const char *scheme, const uint32_t *pk, uint32_t epoch,
                                               const uint8_t *msg, const uint32_t *sig, char *reason,
                                               size_t reason_len) HS_NONNULL(1, 2, 4, 5);
/** n signatures with the context's threads, batched through the permutation's vector kernels:
 * item k is pks + k pk_words, epochs[k], msgs + k msg_bytes, sigs + k sig_words. results[k] gets
 * what hs_xmss_verify returns for it (HS_OK or HS_ERR_REJECTED); reasons (may be NULL) n x
 * reason_len bytes, item k's at k reason_len. Returns HS_OK when every item was decided (whatever
 * the results), HS_ERR_ARGUMENT, HS_ERR_NOMEM. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_verify_many(const hs_ctx *ctx, const char *scheme, size_t n,
                                                    const uint32_t *pks, const uint32_t *epochs, const uint8_t *msgs,
                                                    const uint32_t *sigs, hs_status *results, char *reasons,
                                                    size_t reason_len) HS_NONNULL(1, 2, 4, 5, 6, 7, 8);

/** A valid test signature of msg at epoch under a key drawn from seed (parameter and secret chain
 * starts from seed; the randomness drawn until the encoding is valid, as the schemes' signers do;
 * the Merkle path random siblings with the root computed upward, so no tree is built). Not a
 * secure signer. Deterministic in (scheme, seed, epoch, msg). pk: pk_words, sig: sig_words.
 * HS_ERR_RANGE for a message element that is not canonical. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_make(const char *scheme, uint64_t seed, uint32_t epoch, const uint8_t *msg,
                                             uint32_t *pk, uint32_t *sig, char *reason, size_t reason_len)
    HS_NONNULL(1, 4, 5, 6);

/** One call of a verification (hs_xmss_trace). */
typedef struct hs_xmss_call {
    const char *kind;  /**< "message", "encoding", "chain", "leaf", "merkle" */
    unsigned step;     /**< encoding: 0 or 1; leaf: 0 the start, k + 1 the step absorbing ends 2k, 2k + 1 */
    unsigned index;    /**< chain i; Merkle level l */
    unsigned pos;      /**< chain position s (the step out of position s) */
    int active;        /**< the verifier made this call (a chain step at or above the digit, or the
                            verification got this far) */
    int feed_forward;  /**< out = P(in) + in; else out = P(in) */
    uint32_t in[16], out[16]; /**< canonical lanes; zeros when inactive */
} hs_xmss_call;

/** The calls of one verification on a fixed grid of info.trace_slots entries: message (byte
 * messages) | encoding[2] | chain[chains][chain_length - 1] | leaf[1 + chains / 2] |
 * merkle[height]; chain slot (i, s) at its first + i (chain_length - 1) + s. What an aggregation
 * statement proves: every active call's lanes and the copies between them. Returns what
 * hs_xmss_verify returns; HS_ERR_BUFFER when n_calls < trace_slots. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_trace(const char *scheme, const uint32_t *pk, uint32_t epoch,
                                              const uint8_t *msg, const uint32_t *sig, hs_xmss_call *calls,
                                              size_t n_calls, char *reason, size_t reason_len)
    HS_NONNULL(1, 2, 4, 5, 6);

/* ---- XMSS aggregation (docs/XMSS_AGG.md) ----
 * One gkr proof that n signatures of one message at one epoch verify under n public keys (the
 * keys, epoch and message public; the signatures private): every call of every signature proven
 * in one Poseidon1-KB16 walk over a fixed grid of slots, the copies between calls and the
 * encoding's digits by a zerocheck over the signatures, the public lanes (tweaks, message, the
 * keys' parameters and roots) evaluated by the verifier. Both schemes ("leanvm-kb-2605",
 * "leanvm-kb"). */

/** Proves the aggregate (pks: n x pk_words, sigs: n x sig_words canonical words; msg: msg_bytes).
 * preset NULL: "proven128". A signature that does not verify: HS_ERR_REJECTED, *bad_index (may be
 * NULL) its index and the reason "signature K: ..."; nothing is proven. The proof (free with
 * hs_proof_free) does not depend on the thread count. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_aggregate(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len,
                                                  hs_prove_stats *stats, size_t *bad_index, char *reason,
                                                  size_t reason_len, const char *scheme, const char *preset, size_t n,
                                                  const uint32_t *pks, uint32_t epoch, const uint8_t *msg,
                                                  const uint32_t *sigs) HS_NONNULL(1, 2, 3, 8, 11, 13, 14);
/** Verifies an aggregate against the keys (n x pk_words words), epoch and message: HS_OK when
 * accepted, HS_ERR_REJECTED with a reason otherwise (another key list, epoch, message, count or
 * scheme, a malformed or altered proof). */
HS_API HS_WARN_UNUSED hs_status hs_xmss_aggregate_verify(const hs_ctx *ctx, char *reason, size_t reason_len,
                                                         const char *scheme, const uint8_t *proof, size_t proof_len,
                                                         size_t n, const uint32_t *pks, uint32_t epoch,
                                                         const uint8_t *msg) HS_NONNULL(1, 4, 5, 8, 10);
/** Reads an aggregate's header: its scheme (static name), signature count and preset. */
HS_API HS_WARN_UNUSED hs_status hs_xmss_aggregate_peek(const char **scheme, size_t *n, const char **preset,
                                                       char *reason, size_t reason_len, const uint8_t *proof,
                                                       size_t proof_len) HS_NONNULL(1, 2, 3, 6);
/** Every soundness term of aggregating n signatures (`hashsnark params --statement xmss`). */
HS_API HS_WARN_UNUSED hs_status hs_params_xmss(hs_params_report *out, char *reason, size_t reason_len,
                                               const char *scheme, const char *preset, size_t n) HS_NONNULL(1, 4);

#ifdef __cplusplus
}
#endif
#endif
