/* The element operations for 8 rows in AVX2 lanes (T = __m256i; `acc` is an hs_air_acc8 *). Only
 * from files compiled with -mavx2 (air_eval_avx2.h). See air_ops_base.h. */
#define T __m256i
#define ADD(x, y) hs_kb8x_add(x, y)
#define SUB(x, y) hs_kb8x_sub(x, y)
#define MUL(x, y) hs_kb8x_mul(x, y)
#define DBL(x) hs_kb8x_add(x, x)
#define CUBE(x) hs_kb8x_cube(x)
#define CONST(c) hs_kb8x_set1(c)
#define MULC(x, c) hs_kb8x_mul(x, hs_kb8x_set1(c))
#define ADDC(x, c) hs_kb8x_add(x, hs_kb8x_set1(c))
#define EMIT(k, c) hs_air_acc8_emit((hs_air_acc8 *)acc, k, c)
