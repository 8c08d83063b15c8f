/* The vector width of an AIR's packed evaluator, 16 rows in AVX-512 lanes: the names of
 * air_vec8.h (see there) at this width, with util/vec_avx512.h's vocabulary. Include only from
 * files compiled with the AVX-512 flags, reached after hs_cpu_has_avx512(). */
#ifndef HS_AIR_AIR_VEC16_H
#define HS_AIR_AIR_VEC16_H

#include "air/air_eval_avx512.h"
#include "util/vec_avx512.h"

#define AV_OPS "air/air_ops_vec512.h"
#define AV_ACC hs_air_acc16
#define AV_ACC_INIT hs_air_acc16_init
#define AV_ACC_FINISH hs_air_acc16_finish
#define AV_ACC_FOLD hs_air_acc16_fold
#define AV_ACC_EMIT hs_air_acc16_emit
#define AV_LOAD_COLS hs_air_load_cols16
#define AV_LOAD_PERIODIC hs_air_load_periodic16
#define AV_SET1 hs_kb16x_set1
#define AV_MT(name) hs_mt16_##name
#define AV_NAME(base) base##_rows16_avx512
#define AV_LOCAL_FN hs_air_rows16_local_fn

#endif
