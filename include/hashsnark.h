/* hashsnark: prove, verify and benchmark large batches of hash-permutation evaluations.
 *
 * Conventions: every function returns an hs_status (HS_OK = 0) unless it cannot fail; output
 * parameters come first after the context and are zeroed before anything can fail; every length
 * follows its array; field elements cross this interface as canonical integers in [0, p). */
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

typedef enum hs_status {
    HS_OK = 0,
    HS_ERR_ARGUMENT,     /* a NULL pointer, a size out of range, a bad option */
    HS_ERR_UNKNOWN_HASH, /* no permutation or hash of that name */
    HS_ERR_RANGE,        /* a value is not a canonical element of the field */
    HS_ERR_WORD_SIZE,    /* u32 call on a 64-bit permutation or the reverse */
    HS_ERR_NOMEM,        /* allocation failed or its size overflowed */
    HS_ERR_IO,           /* a file could not be read or written */
    HS_ERR_PARSE,        /* malformed text input */
    HS_ERR_UNSUPPORTED   /* not available in this build or on this CPU */
} hs_status;

/* A short English description of a status ("value out of field range", ...). */
HS_API const char *hs_status_str(hs_status s);

/* ---- context: everything a call may need besides its arguments (thread count) ---- */

typedef struct hs_ctx hs_ctx;

/* threads = 0: the HS_THREADS environment variable if set, else every online CPU. */
HS_API HS_WARN_UNUSED hs_status hs_ctx_new(hs_ctx **out, unsigned threads) HS_NONNULL(1);
HS_API void hs_ctx_free(hs_ctx *ctx);
HS_API unsigned hs_ctx_threads(const hs_ctx *ctx) HS_NONNULL(1);

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

/* ---- Poseidon2-KoalaBear width 16 modes (8-element digests, canonical values) ---- */

/* out = first 8 elements of P(left || right). */
HS_API HS_WARN_UNUSED hs_status hs_poseidon2_kb16_compress(uint32_t out[8], const uint32_t left[8],
                                                           const uint32_t right[8]) HS_NONNULL(1, 2, 3);
/* Padding-free sponge, rate 8, capacity 8, overwrite mode (Plonky3 PaddingFreeSponge). */
HS_API HS_WARN_UNUSED hs_status hs_poseidon2_kb16_sponge(uint32_t out[8], const uint32_t *in, size_t n)
    HS_NONNULL(1);

#ifdef __cplusplus
}
#endif
#endif
