/* BabyBear packed arithmetic, 8 lanes (hs_bb8x): monty31_avx2.h with BabyBear's constants.
 * Include only from files compiled with -mavx2, reached after hs_cpu_has_avx2(). */
#ifndef HS_FIELD_BB_AVX2_H
#define HS_FIELD_BB_AVX2_H

#include "field/bb.h"
#include "field/monty31_avx2.h"

HS_MT8_DEFINE_FIELD(hs_bb8x, hs_bb, HS_BB_P, HS_BB_MU, 4, HS_BB_TWO_ADICITY)

#endif
