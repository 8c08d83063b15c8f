/* AVX-512 kernels of the gkr witness for Poseidon2-KB16 and -KB24: gkr_witness_p2.inc on 16
 * states a vector (a block of 32 rows). Reached through hs_gkr_perm.rows_avx512 after
 * hs_cpu_has_avx512(). */
#include "field/kb_avx512.h"
#include "gkr/gkr_witness_avx512.h"

#define WIT_ROWS_KB16 hs_gkr_wit_rows_p2kb16_avx512
#define WIT_ROWS_KB24 hs_gkr_wit_rows_p2kb24_avx512

#include "gkr/gkr_witness_p2.inc"
