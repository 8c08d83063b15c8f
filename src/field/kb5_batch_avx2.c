/* hs_kb5_mul_planes_avx2 (kb5_batch.h): 8 lanes, kb5_avx2.h. */
#include "field/kb5_avx2.h"
#include "field/kb5_batch.h"

#define KB5B_NAME hs_kb5_mul_planes_avx2
#define KB5B_LANES 8
#define KB5B_LOAD_PLANES hs_kb5x_load_planes
#define KB5B_STORE_PLANES hs_kb5x_store_planes
#define KB5B_MUL hs_kb5x_mul
#include "field/kb5_batch.inc"
