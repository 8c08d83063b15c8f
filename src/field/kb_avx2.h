/* KoalaBear packed arithmetic, 8 lanes (hs_kb8x): monty31_avx2.h with KoalaBear's constants.
 * Include only from files compiled with -mavx2, reached after hs_cpu_has_avx2(). */
#ifndef HS_FIELD_KB_AVX2_H
#define HS_FIELD_KB_AVX2_H

#include "field/kb.h"
#include "field/monty31_avx2.h"

HS_MT8_DEFINE_FIELD(hs_kb8x, hs_kb, HS_KB_P, HS_KB_MU, 7, HS_KB_TWO_ADICITY)

#endif
