/* The vector witness pieces (gkr_witness_vec.h) on AVX-512: 16 states a vector, a block 32
 * rows. Include only from files compiled with the AVX-512 flags. */
#ifndef HS_GKR_GKR_WITNESS_AVX512_H
#define HS_GKR_GKR_WITNESS_AVX512_H

#include "field/monty31_avx512.h"
#include "hash/poseidon2_monty31_avx512.h"
#include "util/vec_avx512.h"

#define V_STREAM(p, v) _mm512_stream_si512((void *)(p), (v))
#define MT(name) hs_mt16_##name
#define P2X(name) hs_p2x16_##name

#include "gkr/gkr_witness_vec.h"

#endif
