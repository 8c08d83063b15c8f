/* Poseidon2 over Mersenne31, S-box x^5, widths 16 and 24 (eprint 2023/323, Plonky3's layout):
 *   state = M_E state; 4 full rounds; RP partial rounds (14 for width 16, 22 for width 24);
 *   4 full rounds.
 * Full round: add constants to every lane, x^5 on every lane, M_E. Partial round: add a
 * constant to lane 0, x^5 on lane 0, M_I = ones + diag(V).
 *
 * States are arrays of canonical values in [0, p) (hs_m31 is canonical; there is no Montgomery
 * form for this field). */
#ifndef HS_HASH_POSEIDON2_M31_H
#define HS_HASH_POSEIDON2_M31_H

#include <stddef.h>
#include <stdint.h>

#include "field/m31.h"

#define HS_P2M31_MAX_WIDTH 24
#define HS_P2M31_HALF_FULL 4
#define HS_P2M31_MAX_PARTIAL 22

/* What one diagonal entry V[i] is. Plonky3's defaults are all signed powers of two: V[0] = -2,
 * every other V[i] = 2^k, and multiplying by 2^k is a 31-bit rotation. The AVX2 kernel has
 * the default diagonals compiled in (rotations by immediates) and takes a product per lane
 * for any other diagonal. */
typedef enum {
    HS_P2M31_DIAG_GENERIC = 0, /* general product */
    HS_P2M31_DIAG_POW2,        /* V = 2^arg, 0 <= arg <= 30 */
    HS_P2M31_DIAG_NEG_POW2     /* V = -2^arg */
} hs_p2m31_diag_kind;

typedef struct {
    unsigned width;   /* 16 or 24 */
    unsigned partial; /* number of partial rounds, 1..HS_P2M31_MAX_PARTIAL */
    hs_m31 rc_init[HS_P2M31_HALF_FULL][HS_P2M31_MAX_WIDTH];
    hs_m31 rc_int[HS_P2M31_MAX_PARTIAL];
    hs_m31 rc_final[HS_P2M31_HALF_FULL][HS_P2M31_MAX_WIDTH];
    hs_m31 diag[HS_P2M31_MAX_WIDTH]; /* V */
    uint8_t diag_kind[HS_P2M31_MAX_WIDTH];
    uint8_t diag_arg[HS_P2M31_MAX_WIDTH];
} hs_p2m31_params;

/* Plonky3's default instances (constants of v0.5.0 and later). */
const hs_p2m31_params *hs_p2m31_default16(void);
const hs_p2m31_params *hs_p2m31_default24(void);

/* Build an instance from canonical constants (each < p). Returns 0 on a bad width, round count
 * or value. rc_init/rc_final are 4 x width, row-major. */
int hs_p2m31_params_init(hs_p2m31_params *pp, unsigned width, unsigned partial, const uint32_t *rc_init,
                         const uint32_t *rc_int, const uint32_t *rc_final, const uint32_t *diag);

/* Linear layers, exposed for trace generation and the AIR. */
void hs_p2m31_external_linear(hs_m31 *state, unsigned width);
void hs_p2m31_internal_linear(const hs_p2m31_params *pp, hs_m31 *state);

/* One state, portable scalar code. */
void hs_p2m31_permute(const hs_p2m31_params *pp, hs_m31 *state);

/* One state, recording every intermediate state: rounds_out receives
 * (1 + 4 + partial + 4) * width values: after the initial linear layer, after each initial full
 * round, after each partial round, after each final full round (the last one is the output). */
void hs_p2m31_permute_trace(const hs_p2m31_params *pp, hs_m31 *state, hs_m31 *rounds_out);

/* n states stored one after another (n * width words), permuted in place. Values should be
 * canonical (< p); any other 32-bit value is first reduced mod p, the same way on every path.
 * threads <= 1 runs on the caller's thread; otherwise OpenMP with exactly that many threads.
 * Dispatches to AVX2 when present. */
void hs_p2m31_permute_many(const hs_p2m31_params *pp, uint32_t *states, size_t n, unsigned threads);
/* The two kernels behind it (single thread), exposed so tests can compare them. */
void hs_p2m31_permute_many_portable(const hs_p2m31_params *pp, uint32_t *states, size_t n);
void hs_p2m31_permute_many_avx2(const hs_p2m31_params *pp, uint32_t *states, size_t n);

/* The slow, obviously-right reference: uint64 arithmetic reduced with % p after every
 * operation, explicit matrices. Tests and benchmarks. */
void hs_p2m31_permute_naive(const hs_p2m31_params *pp, uint32_t *state);

/* Width-16 modes (digests are 8 elements):
 * compression: out = first 8 of P(left || right);
 * padding-free sponge (Plonky3 PaddingFreeSponge<16, 8, 8>): state = 0; each chunk of up to 8
 * inputs overwrites the first lanes, then P; out = first 8 lanes. An empty input gives zeros. */
void hs_p2m31_16_compress(hs_m31 out[8], const hs_m31 left[8], const hs_m31 right[8]);
void hs_p2m31_16_sponge(hs_m31 out[8], const hs_m31 *in, size_t n);

#endif
