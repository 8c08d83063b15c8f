/* KoalaBear field p = 2^31 - 2^24 + 1 in 32-bit Montgomery form (R = 2^32): the monty31.h arithmetic
 * with KoalaBear's constants folded in (see HS_MT_DEFINE_FIELD for the function list).
 *
 * An hs_kb holds x*R mod p in [0, p). Canonical integers enter through hs_kb_from_u32 and leave
 * through hs_kb_to_u32; nothing else should look at the raw representation. */
#ifndef HS_FIELD_KB_H
#define HS_FIELD_KB_H

#include "field/monty31.h"

#define HS_KB_P 0x7f000001u  /* 2130706433 */
#define HS_KB_MU 0x81000001u /* p^-1 mod 2^32 */
#define HS_KB_R2 0x17f7efe4u /* R^2 mod p, to enter Montgomery form */
#define HS_KB_ONE 0x01fffffeu /* R mod p */
#define HS_KB_TWO_ADICITY 24
#define HS_KB_GENERATOR 3u /* multiplicative generator (canonical) */
#define HS_KB_FIELD (&hs_mt_koalabear)

HS_MT_DEFINE_FIELD(hs_kb, HS_KB_P, HS_KB_MU, HS_KB_R2, HS_KB_ONE, HS_KB_FIELD)

#endif
