#include "util/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
    size_t rounded = (bytes + HS_ALIGN - 1) & ~(size_t)(HS_ALIGN - 1);
    if (rounded < bytes) return NULL;
    return aligned_alloc(HS_ALIGN, rounded);
}

void *hs_calloc_array(size_t n, size_t size) {
    void *p = hs_alloc_array(n, size);
    if (p) memset(p, 0, n * size);
    return p;
}

void hs_free(void *p) { free(p); }
