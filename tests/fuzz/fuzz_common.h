/* What every fuzz target shares: its seed corpus (tests/fuzz/corpus/<target>/, read once), the
 * acceptance rule, and findings. A verifier target calls hs_fuzz_accepted when its verifier
 * accepts: unless the input is byte-identical to one of the target's seeds (and any public table
 * is the one it was made for), that is a false acceptance and the target aborts, so libFuzzer
 * writes the input out and the run fails. */
#ifndef HS_FUZZ_COMMON_H
#define HS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The LLVMFuzzerInitialize of a target whose only setup is loading its seeds, less their first
 * skip bytes (0, or HS_FUZZ_TWEAK_BYTES for a public target's table tweak); at file scope, with a
 * semicolon after it (the redeclaration at the end takes it). */
#define HS_FUZZ_INIT_SEEDS(skip)                                                                                       \
    int LLVMFuzzerInitialize(int *argc, char ***argv) {                                                                \
        (void)argc, (void)argv;                                                                                        \
        hs_fuzz_load_seeds(skip);                                                                                      \
        return 0;                                                                                                      \
    }                                                                                                                  \
    int LLVMFuzzerInitialize(int *argc, char ***argv)
/* The LLVMFuzzerInitialize of a target with no seeds to load and nothing to set up. */
#define HS_FUZZ_INIT_NONE                                                                                              \
    int LLVMFuzzerInitialize(int *argc, char ***argv) {                                                                \
        (void)argc, (void)argv;                                                                                        \
        return 0;                                                                                                      \
    }                                                                                                                  \
    int LLVMFuzzerInitialize(int *argc, char ***argv)

/* The target's name: its corpus folder. Each target defines it. */
extern const char hs_fuzz_target[];

/* 1 for a verifier target: every seed must be accepted (the replay driver's --seeds check). */
extern const int hs_fuzz_seeds_verify;

/* Loads the seeds of corpus/<hs_fuzz_target> (the environment's HS_FUZZ_CORPUS, else
 * HS_FUZZ_CORPUS_DIR) once, less their first skip bytes (a public target's table tweak). */
void hs_fuzz_load_seeds(size_t skip);
extern size_t hs_fuzz_seed_skip; /* skip, once loaded */
/* 1 if data[0..size) is byte-identical to a seed (less its skipped bytes). */
int hs_fuzz_is_seed(const uint8_t *data, size_t size);
size_t hs_fuzz_seed_count(void);

/* The verifier accepted data (the proof, as the seeds are compared); tweaked: a public table differed from the one
 * the seeds were made for. Aborts unless the input is a seed and the table was not tweaked. */
void hs_fuzz_accepted(const uint8_t *data, size_t size, int tweaked, const char *what);
/* Any other broken invariant: prints and aborts. */
void hs_fuzz_finding(const char *what);

/* Inputs the last call accepted (the replay driver's seed check reads it). */
extern unsigned long hs_fuzz_accepts;

/* The table tweak (fuzz_tables.h) applied to n_parts arrays of words (inputs then outputs, region
 * after region): the word at position tw[0..4) % (total words) becomes (word + tw[4..8)) mod
 * modulus (0: 2^32), read and written in Montgomery form when montgomery. 1 if it changed. */
int hs_fuzz_tweak(uint32_t *const *parts, const size_t *words, size_t n_parts, const uint8_t *tw, uint64_t modulus,
                  int montgomery);

/* Fresh copies *in, *out of the tables in and out (words u32 words each, any value valid) with the
 * tweak tw applied (modulus 2^32); the return value says whether a word changed. Out of memory is
 * a finding. */
int hs_fuzz_tweaked_copies(const uint32_t *in, const uint32_t *out, size_t words, const uint8_t *tw, uint32_t **ci,
                           uint32_t **co);
/* The statement registry's verifier of the proof's entry when it is statement id (an hs_stmt_id;
 * another statement is refused, left to its own target), on one thread; running out of memory
 * on a proof of at most 2^24 states is a finding. */
int hs_fuzz_registry_verify(unsigned id, const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out,
                            size_t n_pub, const char **why);

/* A backend's verifier as a verifier target drives it. */
typedef struct {
    const char *what; /* in messages: "hs_stark_verify" */
    /* The statement a header claims (id: AIR or permutation); 0 if the header does not parse. */
    int (*peek)(const uint8_t *proof, size_t len, unsigned *id, unsigned *log_n, int *public_io);
    /* Fresh copies of the fixed tables of (id, 2^log_n), tweaked by tw (*tweaked: a word changed);
     * 0 if the target holds none for that shape. */
    int (*tables)(unsigned id, unsigned log_n, const uint8_t *tw, uint32_t **in, uint32_t **out, int *tweaked);
    int (*verify)(const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out, size_t n_pub,
                  const char **why);
} hs_fuzz_backend;

/* One input of a verifier target. Private (public_io = 0): the input is a proof, verified without
 * tables. Public: a tweak then a proof; a header of a private statement is left to the private
 * target, one of a public statement is verified against the tweaked fixed tables of its shape (no
 * tables when the target holds none). Acceptance and refusals as hs_fuzz_accepted says. */
int hs_fuzz_verify_input(const hs_fuzz_backend *b, int public_io, const uint8_t *data, size_t size);

/* Little-endian u32 at p. */
static inline uint32_t hs_fuzz_le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
