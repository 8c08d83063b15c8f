/* The element operations for 16 rows in AVX-512 lanes (T = __m512i; `acc` is an hs_air_acc16 *).
 * Only from files compiled with the AVX-512 flags (air_eval_avx512.h). See air_ops_base.h. */
#define T __m512i
#define ADD(x, y) hs_kb16x_add(x, y)
#define SUB(x, y) hs_kb16x_sub(x, y)
#define MUL(x, y) hs_kb16x_mul(x, y)
#define DBL(x) hs_kb16x_add(x, x)
#define CUBE(x) hs_kb16x_cube(x)
#define CONST(c) hs_kb16x_set1(c)
#define MULC(x, c) hs_kb16x_mul(x, hs_kb16x_set1(c))
#define ADDC(x, c) hs_kb16x_add(x, hs_kb16x_set1(c))
#define EMIT(k, c) hs_air_acc16_emit((hs_air_acc16 *)acc, k, c)
