/* AVX2 kernels of the gkr witness for Poseidon2-KB16 and -KB24: gkr_witness_p2.inc on 8 states
 * a vector. */
#include "field/kb_avx2.h"
#include "gkr/gkr_witness_avx2.h"

#define WIT_ROWS_KB16 hs_gkr_wit_rows_p2kb16_avx2
#define WIT_ROWS_KB24 hs_gkr_wit_rows_p2kb24_avx2

#include "gkr/gkr_witness_p2.inc"
