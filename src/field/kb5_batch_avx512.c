/* hs_kb5_mul_planes_avx512 (kb5_batch.h): 16 lanes, kb5_avx512.h. */
#include "field/kb5_avx512.h"
#include "field/kb5_batch.h"

#define KB5B_NAME hs_kb5_mul_planes_avx512
#define KB5B_LANES 16
#define KB5B_LOAD_PLANES hs_kb5x16_load_planes
#define KB5B_STORE_PLANES hs_kb5x16_store_planes
#define KB5B_MUL hs_kb5x16_mul
#include "field/kb5_batch.inc"
