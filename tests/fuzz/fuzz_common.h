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

/* The target's name: its corpus folder. Each target defines it. */
extern const char hs_fuzz_target[];

/* 1 for a verifier target: every seed must be accepted (the replay driver's --seeds check). */
extern const int hs_fuzz_seeds_verify;

/* Loads the seeds of corpus/<hs_fuzz_target> (the environment's HS_FUZZ_CORPUS, else
 * HS_FUZZ_CORPUS_DIR) once, less their first skip bytes (a public target's table tweak). */
void hs_fuzz_load_seeds(size_t skip);
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

/* Little-endian u32 at p. */
static inline uint32_t hs_fuzz_le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
