/* 64-byte aligned allocation with overflow-checked sizes. */
#ifndef HS_UTIL_MEM_H
#define HS_UTIL_MEM_H

#include <stddef.h>

#define HS_ALIGN 64

/* n * size bytes, 64-byte aligned, or NULL on overflow / out of memory. Free with hs_free. */
void *hs_alloc_array(size_t n, size_t size);
void *hs_calloc_array(size_t n, size_t size);
void hs_free(void *p);
/* *out = a * b; returns 0 on overflow. */
int hs_mul_overflow_ok(size_t a, size_t b, size_t *out);

#endif
