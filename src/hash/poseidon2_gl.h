/* Poseidon2 over Goldilocks (p = 2^64 - 2^32 + 1), S-box x^7, widths 8 and 12, 8 full + 22
 * partial rounds (eprint 2023/323, Plonky3's layout):
 *   state = M_E state; 4 full rounds; RP partial rounds; 4 full rounds (no final extra layer).
 * Full round: add constants to every lane, x^7 on every lane, M_E. Partial round: add a constant
 * to lane 0, x^7 on lane 0, M_I = ones + diag(V), i.e. out[i] = sum(state) + V[i] * in[i].
 * M_E: M4 on each chunk of 4 lanes, then y[i] = x'[i] + sum_j x'[4j + i mod 4]. M4 is Plonky3's
 * MDSMat4 [[2,3,1,1],[1,2,3,1],[1,1,2,3],[3,1,1,2]] for the defaults, or the Horizen Labs matrix
 * [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]] for the reference instances of the Poseidon2 authors
 * (older Plonky3 <= v0.4 "HL" permutations).
 *
 * States are arrays of canonical uint64 values in [0, p) (Goldilocks has no Montgomery form
 * here); outputs are canonical. The batch entry point uses an AVX-512 kernel (8 states per vector)
 * or an AVX2 one (4 states per vector), 64x64 products from 32x32 vpmuludq, when the CPU has it. */
#ifndef HS_HASH_POSEIDON2_GL_H
#define HS_HASH_POSEIDON2_GL_H

#include <stddef.h>
#include <stdint.h>

#include "field/gl.h"

#define HS_P2GL_MAX_WIDTH 12
#define HS_P2GL_HALF_FULL 4
#define HS_P2GL_MAX_PARTIAL 32

typedef enum {
    HS_P2GL_M4_PLONKY3 = 0, /* MDSMat4, Plonky3 >= v0.5 defaults */
    HS_P2GL_M4_HORIZEN = 1  /* HLMDSMat4, Horizen Labs reference constants */
} hs_p2gl_m4;

typedef struct {
    unsigned width;   /* 8 or 12 */
    unsigned partial; /* number of partial rounds */
    unsigned m4;      /* hs_p2gl_m4 */
    /* 0: generic diagonal (one multiplication per lane); 8 or 12: V is exactly Plonky3's
     * small-value diagonal of that width, applied with shifts and additions */
    unsigned diag_small;
    uint64_t rc_init[HS_P2GL_HALF_FULL][HS_P2GL_MAX_WIDTH];
    uint64_t rc_int[HS_P2GL_MAX_PARTIAL];
    uint64_t rc_final[HS_P2GL_HALF_FULL][HS_P2GL_MAX_WIDTH];
    uint64_t diag[HS_P2GL_MAX_WIDTH]; /* V, canonical */
} hs_p2gl_params;

/* Plonky3's default instances (constants of v0.5.0 and later, MDSMat4). */
const hs_p2gl_params *hs_p2gl_default8(void);
const hs_p2gl_params *hs_p2gl_default12(void);

/* Build an instance from canonical constants (each < p). Returns 0 on a bad width, round count,
 * matrix kind or value. rc_init/rc_final are 4 x width, row-major; diag is V (width values). */
int hs_p2gl_params_init(hs_p2gl_params *pp, unsigned width, unsigned partial, hs_p2gl_m4 m4,
                        const uint64_t *rc_init, const uint64_t *rc_int, const uint64_t *rc_final,
                        const uint64_t *diag);

/* Linear layers, exposed for trace generation and the AIR. */
void hs_p2gl_external_linear(const hs_p2gl_params *pp, uint64_t *state);
void hs_p2gl_internal_linear(const hs_p2gl_params *pp, uint64_t *state);

/* One state (width values). */
void hs_p2gl_permute(const hs_p2gl_params *pp, uint64_t *state);

/* One state, recording every intermediate state: rounds_out receives
 * (1 + 4 + partial + 4) * width values: after the initial linear layer, after each initial full
 * round, after each partial round, after each final full round (the last one is the output). */
void hs_p2gl_permute_trace(const hs_p2gl_params *pp, uint64_t *state, uint64_t *rounds_out);

/* n states stored one after another (n * width words). threads <= 1 runs on the caller's thread;
 * otherwise OpenMP with exactly that many threads over fixed chunks (same result for any count). */
void hs_p2gl_permute_many(const hs_p2gl_params *pp, uint64_t *states, size_t n, unsigned threads);
/* The two kernels behind it (single thread), exposed so tests can compare them: one state at a
 * time, and 4 states per AVX2 vector (call only if hs_cpu_has_avx2(); without HS_HAVE_AVX2 it is
 * the portable kernel). */
void hs_p2gl_permute_many_portable(const hs_p2gl_params *pp, uint64_t *states, size_t n);
void hs_p2gl_permute_many_avx2(const hs_p2gl_params *pp, uint64_t *states, size_t n);
/* 8 states per AVX-512 vector (call only if hs_cpu_has_avx512(); without HS_HAVE_AVX512 it is
 * the AVX2 kernel). */
void hs_p2gl_permute_many_avx512(const hs_p2gl_params *pp, uint64_t *states, size_t n);

/* Test hook (AVX2 builds only): the packed Goldilocks operations on n lanes, n a multiple of 4,
 * canonical results. op 0: a b; 1: a^2; 2: a + b (b canonical); 3: a + b 2^32 (a, b < 2^41);
 * 4: a mod p; 5, 6, 7: a / 2, a / 4, a / 8 (a canonical); 8: a^7. */
void hs_p2gl_avx2_ops(unsigned op, uint64_t *out, const uint64_t *a, const uint64_t *b, size_t n);
/* The same on 8-lane AVX-512 vectors (field/gl_avx512.h; AVX-512 builds only, n a multiple of 8). */
void hs_p2gl_avx512_ops(unsigned op, uint64_t *out, const uint64_t *a, const uint64_t *b, size_t n);

#endif
