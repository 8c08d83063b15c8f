/* The vector witness pieces (gkr_witness_vec.h) on AVX2: 8 states a vector, a block 16 rows.
 * Include only from files compiled with -mavx2. */
#ifndef HS_GKR_GKR_WITNESS_AVX2_H
#define HS_GKR_GKR_WITNESS_AVX2_H

#include "field/monty31_avx2.h"
#include "hash/poseidon2_monty31_avx2.h"
#include "util/vec_avx2.h"

#define V_STREAM(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
#define MT(name) hs_mt8_##name
#define P2X(name) hs_p2x8_##name

#include "gkr/gkr_witness_vec.h"

#endif
