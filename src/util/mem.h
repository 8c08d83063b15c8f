/* 64-byte aligned allocation with overflow-checked sizes. */
#ifndef HS_UTIL_MEM_H
#define HS_UTIL_MEM_H

#include <stddef.h>

#define HS_ALIGN 64

/* n * size bytes, 64-byte aligned, or NULL on overflow / out of memory. Free with hs_free.
 * Buffers of 2 MiB and more are 2 MiB aligned and their pages are kept for reuse after hs_free
 * (mem.c says why); their contents are undefined, as with malloc. */
void *hs_alloc_array(size_t n, size_t size);
void *hs_calloc_array(size_t n, size_t size);
void hs_free(void *p);
/* The reason ("out of memory") every prover and verifier gives when an allocation fails: one object,
 * so a caller tells a failure for lack of memory by its address (hs_why_is_nomem), never by
 * comparing messages (the lint_nomem test keeps the text from being spelled out again). */
extern const char hs_why_nomem[];
static inline int hs_why_is_nomem(const char *why) { return why == hs_why_nomem; }
/* 1 when big buffers are mapped and kept as above, 0 in sanitizer builds (malloc then). */
int hs_mem_keeps(void);
/* Returns the kept pages of freed big buffers to the operating system. */
void hs_mem_release(void);

typedef struct {
    size_t live_bytes, peak_live_bytes; /* big buffers handed out and not freed */
    size_t kept_bytes;                  /* freed, kept for reuse */
    size_t mapped_bytes;                /* live + kept */
    size_t fresh_bytes_total;           /* ever mapped fresh from the kernel */
    size_t reused_bytes_total;          /* handed out again from kept pages */
} hs_mem_stats;
hs_mem_stats hs_mem_stats_get(void);

/* *out = a * b; returns 0 on overflow. */
int hs_mul_overflow_ok(size_t a, size_t b, size_t *out);

#endif
