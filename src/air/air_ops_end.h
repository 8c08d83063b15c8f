/* Ends an instantiation (air_ops_base.h): every standard operation and FN undefined. */
#undef T
#undef ADD
#undef SUB
#undef MUL
#undef DBL
#undef CUBE
#undef CONST
#undef MULC
#undef ADDC
#undef EMIT
#undef FN
