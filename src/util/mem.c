#define _DEFAULT_SOURCE 1 /* madvise, MADV_HUGEPAGE */
#include "util/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int hs_mul_overflow_ok(size_t a, size_t b, size_t *out) {
    if (b && a > SIZE_MAX / b) return 0;
    *out = a * b;
    return 1;
}

void *hs_alloc_array(size_t n, size_t size) {
    size_t bytes;
    if (!hs_mul_overflow_ok(n, size, &bytes)) return NULL;
    if (bytes == 0) bytes = HS_ALIGN;
    /* aligned_alloc wants a multiple of the alignment */
    /* Buffers of 2 MiB and more (traces, LDEs, tables, trees) are 2 MiB aligned and asked to use
     * transparent huge pages: first touch then faults 512 times less often (a 4 KiB fault costs
     * ~20 us on the VMs we measure on; the rounding wastes at most one huge page each). */
    const size_t huge = (size_t)2 << 20;
    size_t align = bytes >= huge ? huge : HS_ALIGN;
    size_t rounded = (bytes + align - 1) & ~(align - 1);
    if (rounded < bytes) return NULL;
    void *p = aligned_alloc(align, rounded);
#ifdef MADV_HUGEPAGE
    if (p && align == huge) madvise(p, rounded, MADV_HUGEPAGE);
#endif
    return p;
}

void *hs_calloc_array(size_t n, size_t size) {
    void *p = hs_alloc_array(n, size);
    if (p) memset(p, 0, n * size);
    return p;
}

void hs_free(void *p) { free(p); }
