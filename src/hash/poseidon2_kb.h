/* Poseidon2 over KoalaBear, S-box x^3, widths 16 and 24 (eprint 2023/323, Plonky3's layout):
 *   state = M_E state; 4 full rounds; RP partial rounds; 4 full rounds.
 * Full round: add constants to every lane, cube every lane, M_E. Partial round: add a constant
 * to lane 0, cube lane 0, M_I = ones + diag(V).
 *
 * States here are arrays of hs_kb (Montgomery form) unless a name says "canonical". */
#ifndef HS_HASH_POSEIDON2_KB_H
#define HS_HASH_POSEIDON2_KB_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"

#define HS_P2KB_MAX_WIDTH 24
#define HS_P2KB_HALF_FULL 4
#define HS_P2KB_MAX_PARTIAL 23

/* How the AVX2 kernel applies one diagonal entry V[i] without a multiplication. */
typedef enum {
    HS_DIAG_GENERIC = 0, /* general Montgomery product */
    HS_DIAG_SMALL,       /* V = arg, arg in {-4..4} */
    HS_DIAG_INV_POW2,    /* V = 2^-arg */
    HS_DIAG_NEG_INV_POW2 /* V = -2^-arg */
} hs_diag_kind;

typedef struct {
    unsigned width;   /* 16 or 24 */
    unsigned partial; /* number of partial rounds */
    hs_kb rc_init[HS_P2KB_HALF_FULL][HS_P2KB_MAX_WIDTH];
    hs_kb rc_int[HS_P2KB_MAX_PARTIAL];
    hs_kb rc_final[HS_P2KB_HALF_FULL][HS_P2KB_MAX_WIDTH];
    hs_kb diag[HS_P2KB_MAX_WIDTH]; /* V, Montgomery form */
    uint8_t diag_kind[HS_P2KB_MAX_WIDTH];
    int8_t diag_arg[HS_P2KB_MAX_WIDTH];
    /* the same constants as canonical integers, for the naive reference */
    uint32_t c_rc_init[HS_P2KB_HALF_FULL][HS_P2KB_MAX_WIDTH];
    uint32_t c_rc_int[HS_P2KB_MAX_PARTIAL];
    uint32_t c_rc_final[HS_P2KB_HALF_FULL][HS_P2KB_MAX_WIDTH];
    uint32_t c_diag[HS_P2KB_MAX_WIDTH];
} hs_p2kb_params;

/* Plonky3's default instances (constants of v0.5.0 and later). */
const hs_p2kb_params *hs_p2kb_default16(void);
const hs_p2kb_params *hs_p2kb_default24(void);

/* Build an instance from canonical constants (each < p). Returns 0 on a bad width, round count
 * or value. rc_init/rc_final are 4 x width, row-major. */
int hs_p2kb_params_init(hs_p2kb_params *pp, unsigned width, unsigned partial, const uint32_t *rc_init,
                        const uint32_t *rc_int, const uint32_t *rc_final, const uint32_t *diag);

/* Linear layers, exposed for trace generation and the AIR. */
void hs_p2kb_external_linear(hs_kb *state, unsigned width);
void hs_p2kb_internal_linear(const hs_p2kb_params *pp, hs_kb *state);

/* One state, portable scalar code. */
void hs_p2kb_permute(const hs_p2kb_params *pp, hs_kb *state);

/* One state, recording every intermediate state: rounds_out receives
 * (1 + 4 + partial + 4) * width values: after the initial linear layer, after each initial full
 * round, after each partial round, after each final full round (the last one is the output). */
void hs_p2kb_permute_trace(const hs_p2kb_params *pp, hs_kb *state, hs_kb *rounds_out);

/* n states stored one after another (n * width words). canonical != 0: values are canonical
 * integers < p on input and output; else Montgomery form. threads <= 1 runs on the caller's
 * thread; otherwise OpenMP with exactly that many threads. Dispatches to AVX2 when present. */
void hs_p2kb_permute_many(const hs_p2kb_params *pp, uint32_t *states, size_t n, int canonical, unsigned threads);
/* The two kernels behind it (single thread), exposed so tests can compare them. */
void hs_p2kb_permute_many_portable(const hs_p2kb_params *pp, uint32_t *states, size_t n, int canonical);
void hs_p2kb_permute_many_avx2(const hs_p2kb_params *pp, uint32_t *states, size_t n, int canonical);

/* The slow, obviously-right reference: canonical values, uint64 arithmetic reduced with % p
 * after every operation. Tests and benchmarks. */
void hs_p2kb_permute_naive(const hs_p2kb_params *pp, uint32_t *state_canonical);

/* Width-16 modes over Montgomery-form elements (digests are 8 elements):
 * compression: out = first 8 of P(left || right);
 * padding-free sponge (Plonky3 PaddingFreeSponge<16, 8, 8>): state = 0; each chunk of up to 8
 * inputs overwrites the first lanes, then P; out = first 8 lanes. An empty input gives zeros.
 * canonical != 0: in and out are canonical integers (< p) instead of Montgomery form. */
void hs_p2kb16_compress(hs_kb out[8], const hs_kb left[8], const hs_kb right[8]);
void hs_p2kb16_sponge(uint32_t out[8], const uint32_t *in, size_t n, int canonical);

#endif
