#define _DEFAULT_SOURCE 1 /* madvise, MADV_HUGEPAGE, MAP_ANONYMOUS */
#include "util/mem.h"
#include "util/inline.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int hs_mul_overflow_ok(size_t a, size_t b, size_t *out) {
    if (b && a > SIZE_MAX / b) return 0;
    *out = a * b;
    return 1;
}

/* Big buffers (2 MiB and more: traces, LDEs, tables, trees, sumcheck scratch) are mapped here, 2 MiB
 * aligned, and kept after hs_free for the next request instead of going back to the kernel.
 *
 * Why: a prover's system time is the first touch of fresh pages, and what a fresh page costs
 * depends on what the machine did before. On the KVM guests we measure on (free page reporting
 * hands free guest memory back to the host), a 2 MiB transparent huge page that was free for a
 * few seconds costs 10 to 20 times what a recently freed one costs (the host faults it in again
 * while the guest zeroes it), while normal 4 KiB pages cost about the same either way: a 2^20
 * proof spent 1.6 to 3.7 s in the kernel with huge pages and 0.6 to 1.1 s with normal ones, for
 * 5 to 10% more user time (docs/BENCHMARKS.md, "Fresh memory"). So big buffers get normal pages
 * unless HS_HUGEPAGES=1. Keeping the pages one phase freed for the next phase, and one proof's for
 * the next proof in the same process, pays the first touch once per page instead of once per
 * buffer. hs_mem_release() (hs_release_memory() in the API) returns the kept pages;
 * HS_MEM_CACHE=0 turns keeping off, HS_HUGEPAGES=1 asks for transparent huge pages,
 * HS_MEM_POISON=1 (tests) fills every big buffer with 0xa5 bytes so that no code can lean on fresh
 * pages being zero.
 *
 * A block is a 2 MiB-aligned range of whole 2 MiB units; a live block is one hs_alloc_array
 * returned, a free one is kept for reuse. Free blocks that touch are merged; a request takes the
 * smallest free block that fits and splits off the rest, so a small request does not hold a big
 * block. The table is small and fixed: when it is full, allocation falls back to aligned_alloc
 * (hs_free tells the two apart by looking the pointer up). */
#define UNIT ((size_t)2 << 20)

/* Under AddressSanitizer big buffers stay with malloc, so that it still sees their bounds, their
 * use after free and their leaks. */
#define SANITIZED HS_ASAN_BUILD

int hs_mem_keeps(void) { return !SANITIZED; }
#define MAX_BLOCKS 512

typedef struct {
    uintptr_t at;
    size_t len; /* 0: unused slot */
    int live;
    int fresh; /* never handed out since it was mapped: still zero */
} block;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static block blocks[MAX_BLOCKS];
static hs_mem_stats stats;
static int cfg_read, cfg_cache = 1, cfg_huge = 0, cfg_poison;

static void read_config(void) {
    if (cfg_read) return;
    const char *c = getenv("HS_MEM_CACHE"), *h = getenv("HS_HUGEPAGES");
    cfg_cache = !(c && strcmp(c, "0") == 0);
    cfg_huge = h && strcmp(h, "1") == 0;
    const char *z = getenv("HS_MEM_POISON"); /* tests: big buffers start as 0xa5 bytes, not zero */
    cfg_poison = z && strcmp(z, "1") == 0;
    cfg_read = 1;
}

static block *slot_free(void) {
    for (unsigned i = 0; i < MAX_BLOCKS; i++)
        if (!blocks[i].len) return &blocks[i];
    return NULL;
}

/* A fresh 2 MiB-aligned mapping of len bytes (a multiple of UNIT), or 0. */
static uintptr_t map_fresh(size_t len) {
    if (len > SIZE_MAX - UNIT) return 0;
    void *raw = mmap(NULL, len + UNIT, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return 0;
    uintptr_t r = (uintptr_t)raw, at = (r + UNIT - 1) & ~(uintptr_t)(UNIT - 1);
    if (at > r) munmap(raw, at - r);
    if (r + len + UNIT > at + len) munmap((void *)(at + len), r + len + UNIT - (at + len));
#ifdef MADV_HUGEPAGE
    madvise((void *)at, len, cfg_huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#endif
    stats.mapped_bytes += len;
    stats.fresh_bytes_total += len;
    return at;
}

static void unmap(block *b) {
    munmap((void *)b->at, b->len);
    stats.mapped_bytes -= b->len;
    stats.kept_bytes -= b->live ? 0 : b->len;
    b->len = 0;
}

/* The smallest free block of at least len bytes, split to len; NULL when none fits or no slot is
 * left for the split-off rest. */
static block *take_kept(size_t len) {
    block *best = NULL;
    for (unsigned i = 0; i < MAX_BLOCKS; i++) {
        block *b = &blocks[i];
        if (b->len >= len && !b->live && (!best || b->len < best->len)) best = b;
    }
    if (!best) return NULL;
    if (best->len > len) {
        block *rest = slot_free();
        if (!rest) return NULL;
        *rest = (block){best->at + len, best->len - len, 0, best->fresh};
        best->len = len;
    }
    best->live = 1;
    stats.kept_bytes -= len;
    stats.reused_bytes_total += best->fresh ? 0 : len;
    return best;
}

/* Merges free block b with free neighbours (they are adjacent address ranges, so one munmap or one
 * reuse covers both). */
static void merge(block *b) {
    for (int again = 1; again;) {
        again = 0;
        for (unsigned i = 0; i < MAX_BLOCKS; i++) {
            block *o = &blocks[i];
            if (o == b || !o->len || o->live) continue;
            if (o->at + o->len == b->at || b->at + b->len == o->at) {
                b->at = o->at < b->at ? o->at : b->at;
                b->len += o->len;
                b->fresh = b->fresh && o->fresh;
                o->len = 0;
                again = 1;
            }
        }
    }
}

static void *big_alloc(size_t bytes, int *fresh) {
    const size_t len = (bytes + UNIT - 1) & ~(UNIT - 1);
    if (len < bytes) return NULL;
    pthread_mutex_lock(&lock);
    read_config();
    block *b = cfg_cache ? take_kept(len) : NULL;
    if (!b) {
        block *s = slot_free();
        uintptr_t at = s ? map_fresh(len) : 0;
        if (at) *s = (block){at, len, 1, 1}, b = s;
    }
    void *p = NULL;
    if (b) {
        *fresh = b->fresh;
        b->fresh = 0;
        p = (void *)b->at;
        if (cfg_poison) memset(p, 0xa5, len), *fresh = 0;
        stats.live_bytes += len;
        if (stats.live_bytes > stats.peak_live_bytes) stats.peak_live_bytes = stats.live_bytes;
    }
    pthread_mutex_unlock(&lock);
    return p;
}

/* 1 if p was a big block (now freed), 0 if it is not one of ours. */
static int big_free(void *p) {
    if ((uintptr_t)p & (UNIT - 1)) return 0; /* big blocks start on a 2 MiB boundary */
    int found = 0;
    pthread_mutex_lock(&lock);
    for (unsigned i = 0; i < MAX_BLOCKS; i++) {
        block *b = &blocks[i];
        if (!b->len || !b->live || b->at != (uintptr_t)p) continue;
        found = 1;
        stats.live_bytes -= b->len;
        b->live = 0;
        stats.kept_bytes += b->len;
        if (cfg_cache)
            merge(b);
        else
            unmap(b);
        break;
    }
    pthread_mutex_unlock(&lock);
    return found;
}

void hs_mem_release(void) {
    pthread_mutex_lock(&lock);
    for (unsigned i = 0; i < MAX_BLOCKS; i++)
        if (blocks[i].len && !blocks[i].live) unmap(&blocks[i]);
    pthread_mutex_unlock(&lock);
}

hs_mem_stats hs_mem_stats_get(void) {
    pthread_mutex_lock(&lock);
    hs_mem_stats s = stats;
    pthread_mutex_unlock(&lock);
    return s;
}

static void *alloc(size_t n, size_t size, int *fresh) {
    size_t bytes;
    *fresh = 0;
    if (!hs_mul_overflow_ok(n, size, &bytes)) return NULL;
    if (bytes == 0) bytes = HS_ALIGN;
    if (bytes >= UNIT && !SANITIZED) {
        void *p = big_alloc(bytes, fresh);
        if (p) return p;
    }
    /* aligned_alloc wants a multiple of the alignment */
    size_t rounded = (bytes + HS_ALIGN - 1) & ~(size_t)(HS_ALIGN - 1);
    if (rounded < bytes) return NULL;
    return aligned_alloc(HS_ALIGN, rounded);
}

void *hs_alloc_array(size_t n, size_t size) {
    int fresh;
    return alloc(n, size, &fresh);
}

void *hs_calloc_array(size_t n, size_t size) {
    int fresh;
    void *p = alloc(n, size, &fresh);
    /* a fresh mapping is zero already: leaving it untouched lets the caller's (parallel) loops
     * take its first-touch faults instead of one thread here */
    if (p && !fresh) memset(p, 0, n * size);
    return p;
}

void hs_free(void *p) {
    if (p && !big_free(p)) free(p);
}

const char hs_why_nomem[] = "out of memory";
