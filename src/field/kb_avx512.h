/* KoalaBear packed arithmetic, 16 lanes (hs_kb16x): monty31_avx512.h with KoalaBear's constants.
 * Include only from files compiled with the AVX-512 flags, reached after hs_cpu_has_avx512(). */
#ifndef HS_FIELD_KB_AVX512_H
#define HS_FIELD_KB_AVX512_H

#include "field/kb.h"
#include "field/monty31_avx512.h"

HS_MT16_DEFINE_FIELD(hs_kb16x, hs_kb, HS_KB_P, HS_KB_MU, 7, HS_KB_TWO_ADICITY)

#endif
