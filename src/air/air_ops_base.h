/* The element operations of an AIR constraint source (air_eval.h) for the prover's base-field rows:
 * T = hs_kb, constraint values accounted in `acc` (an hs_air_acc_base *). Include right before the
 * .inc (after defining FN); the .inc ends with air_ops_end.h. No include guard: included once per
 * instantiation. */
#define T hs_kb
#define ADD(x, y) hs_kb_add(x, y)
#define SUB(x, y) hs_kb_sub(x, y)
#define MUL(x, y) hs_kb_mul(x, y)
#define DBL(x) hs_kb_double(x)
#define CUBE(x) hs_kb_cube(x)
#define CONST(c) (c)
#define MULC(x, c) hs_kb_mul(x, c)
#define ADDC(x, c) hs_kb_add(x, c)
#define EMIT(k, c) hs_air_acc_base_emit((hs_air_acc_base *)acc, k, c)
