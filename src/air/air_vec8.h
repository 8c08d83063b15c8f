/* The vector width of an AIR's packed evaluator, 8 rows in AVX2 lanes: the names that a
 * width-generic evaluator body (<air>_air_vec.inc) uses, so that one body serves this file's
 * width and air_vec16.h's: those of util/vec_avx2.h (V, LANES: one row a lane; VI(op), V_SET64,
 * V_ZERO, ...) and the AIR layer's own. Include only from files compiled with -mavx2, reached
 * after hs_cpu_has_avx2(), and at most one of air_vec8.h, air_vec16.h per file.
 *   AV_OPS               the element operations' header (air_ops_vec.h), to include before a .inc
 *   AV_ACC, AV_ACC_INIT, AV_ACC_EMIT, AV_ACC_FINISH, AV_ACC_FOLD   the lazy accumulator
 *                        (air_eval_avx2.h)
 *   AV_LOAD_COLS(buf, rows, w), AV_LOAD_PERIODIC(buf, per, n)   rows and periodic values -> lanes
 *   AV_SET1(x)           a broadcast hs_kb
 *   AV_MT(name)          an hs_mt8_* operation (field/monty31_avx2.h)
 *   AV_NAME(base)        base##_rows8_avx2, the kernel's name;  AV_LOCAL_FN  its type when it reads
 *                        local rows only (hs_air_rows8_local_fn) */
#ifndef HS_AIR_AIR_VEC8_H
#define HS_AIR_AIR_VEC8_H

#include "air/air_eval_avx2.h"
#include "util/vec_avx2.h"

#define AV_OPS "air/air_ops_vec.h"
#define AV_ACC hs_air_acc8
#define AV_ACC_INIT hs_air_acc8_init
#define AV_ACC_FINISH hs_air_acc8_finish
#define AV_ACC_FOLD hs_air_acc8_fold
#define AV_ACC_EMIT hs_air_acc8_emit
#define AV_LOAD_COLS hs_air_load_cols8
#define AV_LOAD_PERIODIC hs_air_load_periodic8
#define AV_SET1 hs_kb8x_set1
#define AV_MT(name) hs_mt8_##name
#define AV_NAME(base) base##_rows8_avx2
#define AV_LOCAL_FN hs_air_rows8_local_fn

#endif
