/* The rule of lde.h: whole LDE within the budget, coset by coset beyond it. */
#include "stark/lde.h"

#include <stdint.h>
#include <stdlib.h>

#include "util/mem.h"

#define DEFAULT_BUDGET_MIB ((size_t)1434) /* 1.4 GiB */
#define MARGIN ((size_t)128 << 20)

size_t hs_stark_lde_budget(void) {
    size_t mib = DEFAULT_BUDGET_MIB;
    const char *e = getenv("HS_LDE_BUDGET_MIB");
    if (e && *e) {
        char *end;
        unsigned long long v = strtoull(e, &end, 10);
        if (*end == '\0' && v <= (unsigned long long)(SIZE_MAX >> 20)) mib = (size_t)v;
    }
    return mib << 20;
}

int hs_stark_lde_cosets(int mode, unsigned log_h, size_t w, unsigned log_blowup) {
    if (mode == HS_STARK_LDE_WHOLE) return 0;
    if (mode == HS_STARK_LDE_COSETS) return 1;
    size_t bytes;
    if (log_h + log_blowup >= 8 * sizeof(size_t) - 2 ||
        !hs_mul_overflow_ok(((size_t)4) << (log_h + log_blowup), w, &bytes))
        return 1;
    return bytes > hs_stark_lde_budget();
}

size_t hs_stark_lde_spare(unsigned log_h, size_t w) {
    size_t block;
    const size_t budget = hs_stark_lde_budget();
    if (log_h >= 8 * sizeof(size_t) - 2 || !hs_mul_overflow_ok(((size_t)4) << log_h, w, &block)) return 0;
    return budget > block + MARGIN && block + MARGIN > block ? budget - block - MARGIN : 0;
}
