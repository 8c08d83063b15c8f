/* Poseidon1-KB16's MDS layer (circulant, entries below 128) on 8 states, one per AVX2 lane, shared
 * by the batch kernel (poseidon1_kb_avx2.c) and the Poseidon1 AIR's evaluator
 * (air/poseidon1_air_vec.inc). Include only from files compiled with -mavx2.
 *
 * Each lane is split into 16-bit halves and each half multiplied by M exactly, in 32-bit integer
 * lanes, as a cyclic convolution through the CRT split z^16 - 1 = (z-1)(z+1)(z^2+1)(z^4+1)(z^8+1):
 * 86 products instead of 256, the kernels pre-scaled so that the recombination needs no halving
 * and yields 16 (M x) (< 2^29 for a 16-bit half, so exact modulo 2^32). The two halves then
 * combine into one field element with a multiplication by 2^-16 (shifts), so the layer computes
 * 2^-12 M x; the caller absorbs the factor. */
#ifndef HS_HASH_POSEIDON1_KB_MDS16_AVX2_H
#define HS_HASH_POSEIDON1_KB_MDS16_AVX2_H

#include "field/kb.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31_avx2.h"

#define K1(name) hs_p1x8_##name
#define K1_V __m256i
#define K1_I(op) _mm256_##op
#define K1_AND _mm256_and_si256
#define K1_CANON hs_mt8_canon_s
#include "hash/poseidon1_kb_mds16.inc"

#endif
