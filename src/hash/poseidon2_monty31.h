/* Poseidon2 over the Monty-31 fields (eprint 2023/323, Plonky3's layout): KoalaBear with S-box
 * x^3 (widths 16 and 24, 20 / 23 partial rounds) and BabyBear with x^7 (13 / 21 partial rounds):
 *   state = M_E state; 4 full rounds; RP partial rounds; 4 full rounds.
 * Full round: add constants to every lane, S-box on every lane, M_E. Partial round: add a
 * constant to lane 0, S-box on lane 0, M_I = ones + diag(V).
 *
 * States here are arrays of uint32_t in the field's Montgomery form (hs_kb / hs_bb) unless a
 * name says "canonical". */
#ifndef HS_HASH_POSEIDON2_MONTY31_H
#define HS_HASH_POSEIDON2_MONTY31_H

#include <stddef.h>
#include <stdint.h>

#include "field/monty31.h"

#define HS_P2_MAX_WIDTH 24
#define HS_P2_HALF_FULL 4
#define HS_P2_MAX_PARTIAL 23
/* words of a round record: 9 * width + partial (164 for KB16, 239 for KB24) */
#define HS_P2_REC_MAX (9 * HS_P2_MAX_WIDTH + HS_P2_MAX_PARTIAL)
#define HS_P2_REC_WORDS(pp) (9 * (pp)->width + (pp)->partial)

/* How the SIMD kernel applies one diagonal entry V[i] without a multiplication. */
typedef enum {
    HS_DIAG_GENERIC = 0, /* general Montgomery product */
    HS_DIAG_SMALL,       /* V = arg, arg in {-4..4} */
    HS_DIAG_INV_POW2,    /* V = 2^-arg */
    HS_DIAG_NEG_INV_POW2 /* V = -2^-arg */
} hs_diag_kind;

typedef struct {
    const hs_mt_field *field;
    unsigned sbox;    /* S-box degree: 3 or 7 */
    unsigned width;   /* 16 or 24 */
    unsigned partial; /* number of partial rounds */
    uint32_t rc_init[HS_P2_HALF_FULL][HS_P2_MAX_WIDTH]; /* Montgomery form */
    uint32_t rc_int[HS_P2_MAX_PARTIAL];
    uint32_t rc_final[HS_P2_HALF_FULL][HS_P2_MAX_WIDTH];
    uint32_t diag[HS_P2_MAX_WIDTH]; /* V */
    uint8_t diag_kind[HS_P2_MAX_WIDTH];
    int8_t diag_arg[HS_P2_MAX_WIDTH];
    /* the same constants as canonical integers, for the naive reference */
    uint32_t c_rc_init[HS_P2_HALF_FULL][HS_P2_MAX_WIDTH];
    uint32_t c_rc_int[HS_P2_MAX_PARTIAL];
    uint32_t c_rc_final[HS_P2_HALF_FULL][HS_P2_MAX_WIDTH];
    uint32_t c_diag[HS_P2_MAX_WIDTH];
} hs_p2_params;

/* Plonky3's default instances (constants of v0.5.0 and later). */
const hs_p2_params *hs_p2_kb16(void);
const hs_p2_params *hs_p2_kb24(void);
const hs_p2_params *hs_p2_bb16(void);
const hs_p2_params *hs_p2_bb24(void);

/* Build an instance from canonical constants (each < p). Returns 0 on a bad width, S-box,
 * round count or value. rc_init/rc_final are 4 x width, row-major. */
int hs_p2_params_init(hs_p2_params *pp, const hs_mt_field *field, unsigned sbox, unsigned width, unsigned partial,
                      const uint32_t *rc_init, const uint32_t *rc_int, const uint32_t *rc_final, const uint32_t *diag);

/* Linear layers, exposed for trace generation and the AIR. */
void hs_p2_external_linear(const hs_p2_params *pp, uint32_t *state);
void hs_p2_internal_linear(const hs_p2_params *pp, uint32_t *state);

/* One state, portable scalar code. */
void hs_p2_permute(const hs_p2_params *pp, uint32_t *state);

/* One state, recording every intermediate state: rounds_out receives
 * (1 + 4 + partial + 4) * width values: after the initial linear layer, after each initial full
 * round, after each partial round, after each final full round (the last one is the output). */
void hs_p2_permute_trace(const hs_p2_params *pp, uint32_t *state, uint32_t *rounds_out);

/* n states stored one after another (n * width words). canonical != 0: values are canonical
 * integers < p on input and output; else Montgomery form. threads <= 1 runs on the caller's
 * thread; otherwise OpenMP with exactly that many threads. Dispatches to AVX-512 (16 states a
 * vector) or AVX2 (8) as hs_cpu_simd_level() allows. */
void hs_p2_permute_many(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical, unsigned threads);
/* The kernels behind it (single thread), exposed so tests can compare them; the AVX2 one only
 * after hs_cpu_has_avx2(), the AVX-512 one only after hs_cpu_has_avx512() (without HS_HAVE_AVX512
 * it is the AVX2 one). */
void hs_p2_permute_many_portable(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical);
void hs_p2_permute_many_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical);
void hs_p2_permute_many_avx512(const hs_p2_params *pp, uint32_t *states, size_t n, int canonical);

/* Permute n Montgomery-form states and write each one's round record (what the Poseidon2 AIR
 * commits) to rec + k * HS_P2_REC_WORDS(pp): the input (width words), the state after each of
 * the 4 initial full rounds (4 * width), the S-box output of lane 0 in each partial round
 * (partial), the state after each of the 4 final full rounds (4 * width; the last is the output).
 * Threads and dispatch as hs_p2_permute_many; the two kernels exposed for tests. */
void hs_p2_permute_many_record(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec, unsigned threads);
void hs_p2_permute_many_record_portable(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec);
void hs_p2_permute_many_record_avx2(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec);
void hs_p2_permute_many_record_avx512(const hs_p2_params *pp, uint32_t *states, size_t n, uint32_t *rec);

/* The slow, obviously-right reference: canonical values, uint64 arithmetic reduced with % p
 * after every operation, the external matrix as an explicit matrix. Tests and benchmarks. */
void hs_p2_permute_naive(const hs_p2_params *pp, uint32_t *state_canonical);

/* Width-16 modes (digests are 8 elements), for any width-16 instance:
 * compression: out = first 8 of P(left || right);
 * padding-free sponge (Plonky3 PaddingFreeSponge<16, 8, 8>): state = 0; each chunk of up to 8
 * inputs overwrites the first lanes, then P; out = first 8 lanes. An empty input gives zeros.
 * canonical != 0: in and out are canonical integers (< p) instead of Montgomery form. */
void hs_p2_compress(const hs_p2_params *pp, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]);
void hs_p2_sponge(const hs_p2_params *pp, uint32_t out[8], const uint32_t *in, size_t n, int canonical);

#endif
