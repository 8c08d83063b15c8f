/* Poseidon2b with PCLMULQDQ, one state a vector (poseidon2b_kern.inc). Compiled with HS_CLMUL_FLAGS;
 * reached through hs_p2b_kernels_get() after hs_cpu_has(HS_CPU_PCLMUL). */
#include "field/gf2_128_vec_clmul.h"

#define P2B_NV 4
#define P2B_LOAD(p, v)                                                        \
    do {                                                                      \
        for (int j_ = 0; j_ < HS_P2B_WIDTH; j_++) (v)[j_] = GK_LOAD((p) + j_); \
    } while (0)
#define P2B_STORE(p, v)                                                        \
    do {                                                                       \
        for (int j_ = 0; j_ < HS_P2B_WIDTH; j_++) GK_STORE((p) + j_, (v)[j_]); \
    } while (0)
#define P2B_TABLE hs_p2b_kernels_clmul
#define P2B_NAME "pclmul"
#include "hash/poseidon2b_kern.inc"
