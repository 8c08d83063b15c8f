/* BabyBear field p = 2^31 - 2^27 + 1 in 32-bit Montgomery form (R = 2^32): the monty31.h arithmetic
 * with BabyBear's constants folded in (see HS_MT_DEFINE_FIELD for the function list).
 *
 * An hs_bb holds x*R mod p in [0, p). Canonical integers enter through hs_bb_from_u32 and leave
 * through hs_bb_to_u32; nothing else should look at the raw representation. */
#ifndef HS_FIELD_BB_H
#define HS_FIELD_BB_H

#include "field/monty31.h"

#define HS_BB_P 0x78000001u  /* 2013265921 */
#define HS_BB_MU 0x88000001u /* p^-1 mod 2^32 */
#define HS_BB_R2 0x45dddde3u /* R^2 mod p, to enter Montgomery form */
#define HS_BB_ONE 0x0ffffffeu /* R mod p */
#define HS_BB_TWO_ADICITY 27
#define HS_BB_GENERATOR 31u /* multiplicative generator (canonical) */
#define HS_BB_FIELD (&hs_mt_babybear)

HS_MT_DEFINE_FIELD(hs_bb, HS_BB_P, HS_BB_MU, HS_BB_R2, HS_BB_ONE, HS_BB_FIELD)

#endif
