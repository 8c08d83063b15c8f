/* Poseidon1-KoalaBear batch kernel: 16 independent states, one per AVX-512 lane (the body is
 * poseidon1_kb_kern.inc, shared with the AVX2 kernel, whose notes say where the time goes; the
 * width-16 MDS layer is poseidon1_kb_mds16.inc at 16 lanes). Compiled with the AVX-512 flags;
 * reached only through hs_cpu_has_avx512(). Tested against the portable code. */
#include <string.h>

#include "field/kb.h"
#include "field/monty31_avx512.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31_avx512.h"

#define AI HS_P2X8_AI
#define UNROLL HS_P2X8_UNROLL

#define K1(name) hs_p1x16_##name
#define K1_V __m512i
#define K1_I(op) _mm512_##op
#define K1_AND _mm512_and_si512
#define K1_CANON hs_mt16_canon_s
#include "hash/poseidon1_kb_mds16.inc"

/* nw vectors (nw a multiple of 8; one word of 16 states per vector) -> state k's words at
 * dst + k * stride. */
AI void store_strided(uint32_t *dst, size_t stride, const __m512i *v, const unsigned nw) {
    static const unsigned rows[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    UNROLL
    for (unsigned b = 0; b < nw; b += 8) hs_p2x16_store_rows(dst + b, stride, v + b, rows);
}

#define K_V __m512i
#define K_N 16
#define K_I(op) _mm512_##op
#define K_SET1_64 _mm512_set1_epi64
#define K_ZERO _mm512_setzero_si512
#define K_MT(name) hs_mt16_##name
#define K_P1(name) hs_p1x16_##name
#define K_LOAD hs_p2x16_load
#define K_STORE hs_p2x16_store
#define K_STORE_STRIDED store_strided
#define K_ASM(v) "+v"(v)
#define K_FN_MANY hs_p1_permute_many_avx512
#define K_FN_RECORD hs_p1_permute_many_record_avx512
#include "hash/poseidon1_kb_kern.inc"
