#include "hash/blake3.h"

#include <string.h>

#include "hash/blake_g.h"
#include "util/bits.h"
#include "util/cpu.h"

const uint32_t hs_blake3_iv[8] = {0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
                                  0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u};

/* Message word order for round r: the spec's permutation applied r times. */
const uint8_t hs_blake3_schedule[7][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8},
    {3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1},
    {10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6},
    {12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4},
    {9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7},
    {11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13},
};

/* ---------------------------------------------------------------- compression (portable) */

static inline void store32(uint8_t *p, uint32_t w) {
    p[0] = (uint8_t)w;
    p[1] = (uint8_t)(w >> 8);
    p[2] = (uint8_t)(w >> 16);
    p[3] = (uint8_t)(w >> 24);
}

#define B3_M(r, i) m[hs_blake3_schedule[r][i]]
#define B3_ROUND(r) HS_BLAKE_ROUND(v, B3_M, r)

/* The 7 rounds on v[16] = cv || IV[0..3] || counter lo, hi || block_len || flags. */
static inline void compress_rounds(uint32_t v[16], const uint32_t cv[8], const uint32_t m[16], uint32_t block_len,
                                   uint64_t counter, uint32_t flags) {
    for (int i = 0; i < 8; i++) v[i] = cv[i];
    v[8] = hs_blake3_iv[0];
    v[9] = hs_blake3_iv[1];
    v[10] = hs_blake3_iv[2];
    v[11] = hs_blake3_iv[3];
    v[12] = (uint32_t)counter;
    v[13] = (uint32_t)(counter >> 32);
    v[14] = block_len;
    v[15] = flags;
    B3_ROUND(0);
    B3_ROUND(1);
    B3_ROUND(2);
    B3_ROUND(3);
    B3_ROUND(4);
    B3_ROUND(5);
    B3_ROUND(6);
}

static inline void load_block(uint32_t m[16], const uint8_t block[64]) {
    for (int i = 0; i < 16; i++) m[i] = hs_blake_load32(block + 4 * i);
}

void hs_blake3_compress_in_place(uint32_t cv[8], const uint8_t block[HS_BLAKE3_BLOCK_LEN], uint8_t block_len,
                                 uint64_t counter, uint8_t flags) {
    uint32_t m[16], v[16];
    load_block(m, block);
    compress_rounds(v, cv, m, block_len, counter, flags);
    for (int i = 0; i < 8; i++) cv[i] = v[i] ^ v[i + 8];
}

void hs_blake3_compress_words(const uint32_t cv[8], const uint32_t m[16], uint64_t counter, uint32_t block_len,
                              uint32_t flags, uint32_t out[16]) {
    uint32_t v[16];
    compress_rounds(v, cv, m, block_len, counter, flags);
    for (int i = 0; i < 8; i++) {
        out[i + 8] = v[i + 8] ^ cv[i]; /* before out[i]: out may alias cv */
        out[i] = v[i] ^ v[i + 8];
    }
}

/* All 64 output bytes (the XOF block): first half is the CV, second half v[8..15] ^ cv. */
static void compress_xof(const uint32_t cv[8], const uint8_t block[64], uint8_t block_len, uint64_t counter,
                         uint8_t flags, uint8_t out[64]) {
    uint32_t m[16], v[16];
    load_block(m, block);
    compress_rounds(v, cv, m, block_len, counter, flags);
    for (int i = 0; i < 8; i++) {
        store32(out + 4 * i, v[i] ^ v[i + 8]);
        store32(out + 32 + 4 * i, v[i + 8] ^ cv[i]);
    }
}

static void words_to_bytes(uint8_t out[32], const uint32_t w[8]) {
    for (int i = 0; i < 8; i++) store32(out + 4 * i, w[i]);
}

static void bytes_to_words(uint32_t w[8], const uint8_t in[32]) {
    for (int i = 0; i < 8; i++) w[i] = hs_blake_load32(in + 4 * i);
}

/* ---------------------------------------------------------------- batch kernel */

/* One chunk-like node of len <= 1024 bytes (see hs_blake3_hash_many). */
static void hash_one(const uint8_t *in, size_t len, const uint32_t key[8], uint64_t counter, uint8_t flags,
                     uint8_t flags_start, uint8_t flags_end, uint8_t out[32]) {
    uint32_t cv[8];
    memcpy(cv, key, sizeof cv);
    uint8_t f = (uint8_t)(flags | flags_start);
    while (len > HS_BLAKE3_BLOCK_LEN) {
        hs_blake3_compress_in_place(cv, in, HS_BLAKE3_BLOCK_LEN, counter, f);
        in += HS_BLAKE3_BLOCK_LEN;
        len -= HS_BLAKE3_BLOCK_LEN;
        f = flags;
    }
    uint8_t last[HS_BLAKE3_BLOCK_LEN] = {0};
    if (len) memcpy(last, in, len);
    hs_blake3_compress_in_place(cv, last, (uint8_t)len, counter, (uint8_t)(f | flags_end));
    words_to_bytes(out, cv);
}

void hs_blake3_hash_many_portable(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                                  uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                                  uint8_t flags_end, uint8_t *out) {
    for (size_t i = 0; i < n; i++)
        hash_one(inputs[i], len, key, counter + (increment_counter ? i : 0), flags, flags_start, flags_end,
                 out + 32 * i);
}

#ifndef HS_HAVE_AVX2
void hs_blake3_hash_many_avx2(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                              uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                              uint8_t flags_end, uint8_t *out) {
    hs_blake3_hash_many_portable(inputs, n, len, key, counter, increment_counter, flags, flags_start, flags_end,
                                 out);
}
#endif
#ifndef HS_HAVE_AVX512
void hs_blake3_hash_many_avx512(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                                uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                                uint8_t flags_end, uint8_t *out) {
    hs_blake3_hash_many_avx2(inputs, n, len, key, counter, increment_counter, flags, flags_start, flags_end, out);
}
#endif

void hs_blake3_hash_many(const uint8_t *const *inputs, size_t n, size_t len, const uint32_t key[8],
                         uint64_t counter, int increment_counter, uint8_t flags, uint8_t flags_start,
                         uint8_t flags_end, uint8_t *out) {
    /* A single input is cheaper in scalar code than in one of eight lanes; up to 8 fill the AVX2
     * kernel's lanes better than half of AVX-512's. */
    if (n > 8 && hs_cpu_has_avx512())
        hs_blake3_hash_many_avx512(inputs, n, len, key, counter, increment_counter, flags, flags_start, flags_end,
                                   out);
    else if (n >= 2 && hs_cpu_has_avx2())
        hs_blake3_hash_many_avx2(inputs, n, len, key, counter, increment_counter, flags, flags_start, flags_end,
                                 out);
    else
        hs_blake3_hash_many_portable(inputs, n, len, key, counter, increment_counter, flags, flags_start,
                                     flags_end, out);
}

/* ---------------------------------------------------------------- incremental hasher */

/* Largest subtree (in chunks) hashed as one batch: its chunk CVs and parents stay on the stack.
 * 1024 chunks (1 MiB) keep every parent level down to 16 nodes in full 16-lane batches and leave
 * no scalar merges for inputs up to 1 MiB (128 gave 1% less at 1 MiB at both SIMD levels). */
#define SUBTREE_MAX 1024
/* Nodes per hash_many call inside a subtree (bounds the pointer array). */
#define SUBTREE_STEP 128

static void hasher_init(hs_blake3_hasher *h, const uint32_t key[8], uint8_t flags) {
    memcpy(h->key, key, sizeof h->key);
    memcpy(h->cv, key, sizeof h->cv);
    h->chunk_counter = 0;
    h->buf_len = 0;
    h->blocks_done = 0;
    h->flags = flags;
    h->stack_len = 0;
}

void hs_blake3_init(hs_blake3_hasher *h) { hasher_init(h, hs_blake3_iv, 0); }

void hs_blake3_init_keyed(hs_blake3_hasher *h, const uint8_t key[HS_BLAKE3_KEY_LEN]) {
    uint32_t k[8];
    bytes_to_words(k, key);
    hasher_init(h, k, HS_BLAKE3_KEYED_HASH);
}

void hs_blake3_init_derive_key_raw(hs_blake3_hasher *h, const void *context, size_t context_len) {
    /* context key = hash of the context string in DERIVE_KEY_CONTEXT mode */
    hasher_init(h, hs_blake3_iv, HS_BLAKE3_DERIVE_KEY_CONTEXT);
    hs_blake3_update(h, context, context_len);
    uint8_t ck[32];
    hs_blake3_finalize(h, ck);
    uint32_t k[8];
    bytes_to_words(k, ck);
    hasher_init(h, k, HS_BLAKE3_DERIVE_KEY_MATERIAL);
}

void hs_blake3_init_derive_key(hs_blake3_hasher *h, const char *context) {
    hs_blake3_init_derive_key_raw(h, context, strlen(context));
}

static size_t chunk_len(const hs_blake3_hasher *h) {
    return (size_t)h->blocks_done * HS_BLAKE3_BLOCK_LEN + h->buf_len;
}

static uint8_t chunk_start_flag(const hs_blake3_hasher *h) { return h->blocks_done == 0 ? HS_BLAKE3_CHUNK_START : 0; }

static void chunk_reset(hs_blake3_hasher *h, uint64_t counter) {
    memcpy(h->cv, h->key, sizeof h->cv);
    h->chunk_counter = counter;
    h->buf_len = 0;
    h->blocks_done = 0;
}

static void chunk_compress(hs_blake3_hasher *h, const uint8_t block[64]) {
    hs_blake3_compress_in_place(h->cv, block, HS_BLAKE3_BLOCK_LEN, h->chunk_counter,
                                (uint8_t)(h->flags | chunk_start_flag(h)));
    h->blocks_done++;
}

/* Feed len <= 1024 - chunk_len bytes. A block is compressed only once a byte after it is seen:
 * the chunk's last block needs CHUNK_END (and maybe ROOT). */
static void chunk_update(hs_blake3_hasher *h, const uint8_t *in, size_t len) {
    if (h->buf_len) {
        size_t take = HS_BLAKE3_BLOCK_LEN - h->buf_len;
        if (take > len) take = len;
        memcpy(h->buf + h->buf_len, in, take);
        h->buf_len = (uint8_t)(h->buf_len + take);
        in += take;
        len -= take;
        if (!len) return;
        chunk_compress(h, h->buf);
        h->buf_len = 0;
    }
    while (len > HS_BLAKE3_BLOCK_LEN) {
        chunk_compress(h, in);
        in += HS_BLAKE3_BLOCK_LEN;
        len -= HS_BLAKE3_BLOCK_LEN;
    }
    memcpy(h->buf, in, len);
    h->buf_len = (uint8_t)len;
}

static void parent_cv(const hs_blake3_hasher *h, const uint8_t left[32], const uint8_t right[32], uint8_t out[32]) {
    uint8_t block[64];
    uint32_t cv[8];
    memcpy(block, left, 32);
    memcpy(block + 32, right, 32);
    memcpy(cv, h->key, sizeof cv);
    hs_blake3_compress_in_place(cv, block, 64, 0, (uint8_t)(h->flags | HS_BLAKE3_PARENT));
    words_to_bytes(out, cv);
}

/* Merge stacked CVs down to one per set bit of `chunks` (the chunks before the input that is
 * known to follow). Merging is lazy, done only once more input is seen, because the last two
 * CVs of a batch may be the root's children. */
static void merge_stack(hs_blake3_hasher *h, uint64_t chunks) {
    unsigned keep = hs_popcount64(chunks);
    while (h->stack_len > keep) {
        parent_cv(h, h->stack[h->stack_len - 2], h->stack[h->stack_len - 1], h->stack[h->stack_len - 2]);
        h->stack_len--;
    }
}

/* Push the CV of an aligned subtree that starts at chunk index `first`. */
static void push_cv(hs_blake3_hasher *h, const uint8_t cv[32], uint64_t first) {
    merge_stack(h, first);
    memcpy(h->stack[h->stack_len++], cv, 32);
}

/* The two child CVs of the subtree of s whole chunks (s a power of two, 2 <= s <= SUBTREE_MAX)
 * starting at chunk h->chunk_counter: chunk CVs in lanes, then each parent level in lanes, stopping
 * at two (the subtree may be the whole input, whose root is compressed differently). */
static void subtree_cvs(const hs_blake3_hasher *h, const uint8_t *in, size_t s, uint8_t out[64]) {
    /* cv holds one level's CVs; each parent level is written back over the front of it, a step
     * at a time through tmp: step g's output [32 g, 32 (g + k)) lies below the inputs still to
     * be read (from 64 (g + k) on) */
    uint8_t cv[SUBTREE_MAX * 32], tmp[SUBTREE_STEP * 32];
    const uint8_t *ptr[SUBTREE_STEP] = {0}; /* (gcc 12 warns maybe-uninitialized otherwise) */
    for (size_t g = 0; g < s; g += SUBTREE_STEP) {
        size_t k = s - g < SUBTREE_STEP ? s - g : SUBTREE_STEP;
        for (size_t i = 0; i < k; i++) ptr[i] = in + (g + i) * HS_BLAKE3_CHUNK_LEN;
        hs_blake3_hash_many(ptr, k, HS_BLAKE3_CHUNK_LEN, h->key, h->chunk_counter + g, 1, h->flags,
                            HS_BLAKE3_CHUNK_START, HS_BLAKE3_CHUNK_END, cv + 32 * g);
    }
    while (s > 2) {
        s /= 2;
        for (size_t g = 0; g < s; g += SUBTREE_STEP) {
            size_t k = s - g < SUBTREE_STEP ? s - g : SUBTREE_STEP;
            for (size_t i = 0; i < k; i++) ptr[i] = cv + 64 * (g + i);
            hs_blake3_hash_many(ptr, k, 64, h->key, 0, 0, (uint8_t)(h->flags | HS_BLAKE3_PARENT), 0, 0, tmp);
            memcpy(cv + 32 * g, tmp, 32 * k);
        }
    }
    memcpy(out, cv, 64);
}

/* CV of the chunk in progress, which must not be the root. */
static void chunk_cv(const hs_blake3_hasher *h, uint8_t out[32]) {
    uint32_t cv[8];
    uint8_t block[64] = {0};
    memcpy(cv, h->cv, sizeof cv);
    memcpy(block, h->buf, h->buf_len);
    hs_blake3_compress_in_place(cv, block, h->buf_len, h->chunk_counter,
                                (uint8_t)(h->flags | chunk_start_flag(h) | HS_BLAKE3_CHUNK_END));
    words_to_bytes(out, cv);
}

void hs_blake3_update(hs_blake3_hasher *h, const void *input, size_t len) {
    const uint8_t *in = (const uint8_t *)input;
    if (!len) return; /* input may then be NULL */
    if (chunk_len(h)) {
        size_t take = HS_BLAKE3_CHUNK_LEN - chunk_len(h);
        if (take > len) take = len;
        chunk_update(h, in, take);
        in += take;
        len -= take;
        if (!len) return;
        /* the chunk is full and more input follows, so it is not the root */
        uint8_t cv[32];
        chunk_cv(h, cv);
        push_cv(h, cv, h->chunk_counter);
        chunk_reset(h, h->chunk_counter + 1);
    }
    /* Whole aligned subtrees straight from the input while more than a chunk remains; the one
     * that ends the input (if any) leaves its two children on the stack. */
    while (len > HS_BLAKE3_CHUNK_LEN) {
        uint64_t s = SUBTREE_MAX; /* chunks */
        while (s * HS_BLAKE3_CHUNK_LEN > len) s >>= 1;
        while (h->chunk_counter & (s - 1)) s >>= 1;
        uint8_t cvs[64];
        if (s == 1) {
            /* not the root: at least one more byte follows */
            hash_one(in, HS_BLAKE3_CHUNK_LEN, h->key, h->chunk_counter, h->flags, HS_BLAKE3_CHUNK_START,
                     HS_BLAKE3_CHUNK_END, cvs);
            push_cv(h, cvs, h->chunk_counter);
        } else {
            subtree_cvs(h, in, (size_t)s, cvs);
            push_cv(h, cvs, h->chunk_counter);
            push_cv(h, cvs + 32, h->chunk_counter + s / 2);
        }
        chunk_reset(h, h->chunk_counter + s);
        in += s * HS_BLAKE3_CHUNK_LEN;
        len -= (size_t)s * HS_BLAKE3_CHUNK_LEN;
    }
    if (len) {
        chunk_update(h, in, len);
        /* input follows the stacked subtrees, so finish their merges (finalize relies on it) */
        merge_stack(h, h->chunk_counter);
    }
}

void hs_blake3_finalize_xof(const hs_blake3_hasher *h, uint8_t *out, size_t out_len) {
    /* The root node's inputs: the chunk in progress, or (when a batch ended the input) the parent
     * of the top two stacked CVs; then climb the rest of the stack. */
    uint32_t cv[8];
    uint8_t block[64] = {0};
    uint8_t block_len;
    uint64_t counter;
    uint8_t flags;
    size_t i = h->stack_len;
    if (chunk_len(h) || !h->stack_len) {
        memcpy(cv, h->cv, sizeof cv);
        memcpy(block, h->buf, h->buf_len);
        block_len = h->buf_len;
        counter = h->chunk_counter;
        flags = (uint8_t)(h->flags | chunk_start_flag(h) | HS_BLAKE3_CHUNK_END);
    } else {
        i -= 2;
        memcpy(cv, h->key, sizeof cv);
        memcpy(block, h->stack[i], 32);
        memcpy(block + 32, h->stack[i + 1], 32);
        block_len = 64;
        counter = 0;
        flags = (uint8_t)(h->flags | HS_BLAKE3_PARENT);
    }
    while (i-- > 0) {
        hs_blake3_compress_in_place(cv, block, block_len, counter, flags);
        memcpy(block, h->stack[i], 32);
        words_to_bytes(block + 32, cv);
        memcpy(cv, h->key, sizeof cv);
        block_len = 64;
        counter = 0;
        flags = (uint8_t)(h->flags | HS_BLAKE3_PARENT);
    }
    flags |= HS_BLAKE3_ROOT;
    uint8_t tmp[64];
    for (uint64_t t = 0; out_len; t++) {
        size_t k = out_len < 64 ? out_len : 64;
        if (k == 64) {
            compress_xof(cv, block, block_len, t, flags, out);
        } else {
            compress_xof(cv, block, block_len, t, flags, tmp);
            memcpy(out, tmp, k);
        }
        out += k;
        out_len -= k;
    }
}

void hs_blake3_finalize(const hs_blake3_hasher *h, uint8_t out[HS_BLAKE3_OUT_LEN]) {
    hs_blake3_finalize_xof(h, out, HS_BLAKE3_OUT_LEN);
}

/* ---------------------------------------------------------------- one-shot and batches */

void hs_blake3(uint8_t out[HS_BLAKE3_OUT_LEN], const uint8_t *in, size_t len) {
    if (len <= HS_BLAKE3_CHUNK_LEN) {
        hash_one(in, len, hs_blake3_iv, 0, 0, HS_BLAKE3_CHUNK_START, HS_BLAKE3_CHUNK_END | HS_BLAKE3_ROOT, out);
        return;
    }
    hs_blake3_hasher h;
    hs_blake3_init(&h);
    hs_blake3_update(&h, in, len);
    hs_blake3_finalize(&h, out);
}

void hs_blake3_merge(uint8_t out[HS_BLAKE3_OUT_LEN], const uint8_t left[HS_BLAKE3_OUT_LEN],
                     const uint8_t right[HS_BLAKE3_OUT_LEN]) {
    uint32_t m[16], v[16];
    for (int i = 0; i < 8; i++) {
        m[i] = hs_blake_load32(left + 4 * i);
        m[i + 8] = hs_blake_load32(right + 4 * i);
    }
    compress_rounds(v, hs_blake3_iv, m, 64, 0, HS_BLAKE3_CHUNK_START | HS_BLAKE3_CHUNK_END | HS_BLAKE3_ROOT);
    for (int i = 0; i < 8; i++) store32(out + 4 * i, v[i] ^ v[i + 8]);
}

void hs_blake3_merge_many(uint8_t (*out)[HS_BLAKE3_OUT_LEN], const uint8_t (*in)[HS_BLAKE3_OUT_LEN], size_t n) {
    enum { GROUP = 64 };
    const uint8_t *ptr[GROUP];
    uint8_t tmp[GROUP * 32]; /* out may alias in */
    for (size_t g = 0; g < n; g += GROUP) {
        size_t k = n - g < GROUP ? n - g : GROUP;
        for (size_t i = 0; i < k; i++) ptr[i] = in[2 * (g + i)];
        hs_blake3_hash_many(ptr, k, 64, hs_blake3_iv, 0, 0, 0, HS_BLAKE3_CHUNK_START,
                            HS_BLAKE3_CHUNK_END | HS_BLAKE3_ROOT, tmp);
        memcpy(out[g], tmp, k * 32);
    }
}

/* m <= 8 equal-length messages (in[i] + off, len bytes, starting at chunk ctr) hashed together:
 * every tree node at the same position is one hash_many call over the lanes. */
static void tree_lanes(const uint8_t *const *in, size_t m, size_t off, size_t len, uint64_t ctr, int root,
                       uint8_t *out) {
    const uint8_t *p[8];
    uint8_t endf = root ? HS_BLAKE3_ROOT : 0;
    if (len <= HS_BLAKE3_CHUNK_LEN) {
        for (size_t i = 0; i < m; i++) p[i] = in[i] + off;
        hs_blake3_hash_many(p, m, len, hs_blake3_iv, ctr, 0, 0, HS_BLAKE3_CHUNK_START,
                            (uint8_t)(HS_BLAKE3_CHUNK_END | endf), out);
        return;
    }
    /* left subtree: the largest power of two chunks that leaves the right side non-empty */
    uint64_t chunks = (len + HS_BLAKE3_CHUNK_LEN - 1) / HS_BLAKE3_CHUNK_LEN, left = 1;
    while (2 * left < chunks) left *= 2;
    size_t left_len = (size_t)left * HS_BLAKE3_CHUNK_LEN;
    uint8_t lcv[8 * 32], rcv[8 * 32], blocks[8][64];
    tree_lanes(in, m, off, left_len, ctr, 0, lcv);
    tree_lanes(in, m, off + left_len, len - left_len, ctr + left, 0, rcv);
    for (size_t i = 0; i < m; i++) {
        memcpy(blocks[i], lcv + 32 * i, 32);
        memcpy(blocks[i] + 32, rcv + 32 * i, 32);
        p[i] = blocks[i];
    }
    hs_blake3_hash_many(p, m, 64, hs_blake3_iv, 0, 0, HS_BLAKE3_PARENT, 0, endf, out);
}

void hs_blake3_many(uint8_t (*out)[HS_BLAKE3_OUT_LEN], const uint8_t *const *in, size_t len, size_t n) {
    if (len <= HS_BLAKE3_CHUNK_LEN) {
        hs_blake3_hash_many(in, n, len, hs_blake3_iv, 0, 0, 0, HS_BLAKE3_CHUNK_START,
                            HS_BLAKE3_CHUNK_END | HS_BLAKE3_ROOT, (uint8_t *)out);
        return;
    }
    for (size_t g = 0; g < n; g += 8) {
        size_t m = n - g < 8 ? n - g : 8;
        if (m < 8 && len >= 8 * HS_BLAKE3_CHUNK_LEN) {
            /* a short last group: each message alone already fills the lanes with its chunks */
            for (size_t i = 0; i < m; i++) hs_blake3(out[g + i], in[g + i], len);
        } else {
            tree_lanes(in + g, m, 0, len, 0, 1, (uint8_t *)(out + g));
        }
    }
}

void hs_blake3_update_kb(hs_blake3_hasher *h, const hs_kb *v, size_t n) {
    uint8_t buf[4096];
    for (size_t i = 0; i < n;) {
        size_t m = 0;
        for (; m + 4 <= sizeof buf && i < n; i++, m += 4) {
            uint32_t x = hs_kb_to_u32(v[i]);
            buf[m] = (uint8_t)x, buf[m + 1] = (uint8_t)(x >> 8), buf[m + 2] = (uint8_t)(x >> 16),
            buf[m + 3] = (uint8_t)(x >> 24);
        }
        hs_blake3_update(h, buf, m);
    }
}

void hs_blake3_kb_tables(const hs_kb *const *tables, unsigned n_tables, size_t words, uint8_t out[HS_BLAKE3_OUT_LEN]) {
    hs_blake3_hasher h;
    hs_blake3_init(&h);
    for (unsigned t = 0; t < n_tables; t++) hs_blake3_update_kb(&h, tables[t], words);
    hs_blake3_finalize(&h, out);
}
