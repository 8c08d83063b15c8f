/* The element operations for the verifier's challenge-field values (T = hs_kbe; `acc` is an
 * hs_air_acc_ext *, which also carries the field degree). See air_ops_base.h. */
#define T hs_kbe
#define ADD(x, y) hs_kbe_add(x, y)
#define SUB(x, y) hs_kbe_sub(x, y)
#define MUL(x, y) hs_kbe_mul(((hs_air_acc_ext *)acc)->d, x, y)
#define DBL(x) hs_kbe_add(x, x)
#define CUBE(x) hs_air_acc_ext_cube((hs_air_acc_ext *)acc, x)
#define CONST(c) hs_kbe_from_base(c)
#define MULC(x, c) hs_kbe_mul_base(x, c)
#define ADDC(x, c) hs_kbe_add_base(x, c)
#define EMIT(k, c) hs_air_acc_ext_emit((hs_air_acc_ext *)acc, k, c)
