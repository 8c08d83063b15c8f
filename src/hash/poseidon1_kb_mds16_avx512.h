/* Poseidon1-KB16's MDS layer on 16 states, one per AVX-512 lane: poseidon1_kb_mds16.inc at 16
 * lanes (hs_p1x16_*), for the Poseidon1 AIR's evaluator (air/poseidon1_air_avx512.c); how the
 * layer works is in poseidon1_kb_mds16_avx2.h. Include only from files compiled with the AVX-512
 * flags. */
#ifndef HS_HASH_POSEIDON1_KB_MDS16_AVX512_H
#define HS_HASH_POSEIDON1_KB_MDS16_AVX512_H

#include "field/kb.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31_avx512.h"

#define K1(name) hs_p1x16_##name
#define K1_V __m512i
#define K1_I(op) _mm512_##op
#define K1_AND _mm512_and_si512
#define K1_CANON hs_mt16_canon_s
#include "hash/poseidon1_kb_mds16.inc"

#endif
