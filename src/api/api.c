/* include/hashsnark.h: version, contexts, status strings, permutations and hashes by name, and
 * the helpers the other files of src/api share. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "hash/poseidon2_monty31.h"
#include "hash/registry.h"
#include "util/cpu.h"
#include "sumcheck/comm.h"
#include "util/mem.h"

const char *hs_version(unsigned *number) {
    if (number) *number = HS_VERSION_NUMBER;
    return HS_VERSION_STRING;
}

void hs_release_memory(void) { hs_mem_release(); }

const char *hs_simd_level(void) { return hs_simd_level_name(hs_cpu_simd_level()); }
const char *hs_simd_best(void) { return hs_simd_level_name(hs_cpu_simd_detected()); }

const char *hs_simd_features(int in_use) {
    static char all[160], used[160];
    return in_use ? hs_cpu_features_str(hs_cpu_features(), used, sizeof used)
                  : hs_cpu_features_str(hs_cpu_features_detected(), all, sizeof all);
}

hs_status hs_simd_check_env(char *reason) {
    const char *bad = hs_cpu_simd_env_invalid();
    if (bad) {
        if (reason)
            snprintf(reason, HS_REASON_LEN, "HS_SIMD='%.64s' is not a level (portable, avx2 or avx512)", bad);
        return HS_ERR_ARGUMENT;
    }
    const char *e = getenv("HS_SIMD");
    hs_simd want;
    if (e && *e && hs_simd_level_parse(e, &want) == 0 && want > hs_cpu_simd_detected()) {
        if (reason)
            snprintf(reason, HS_REASON_LEN, "HS_SIMD=%s: this CPU or build supports at most %s, which is used", e,
                     hs_simd_level_name(hs_cpu_simd_detected()));
        return HS_ERR_UNSUPPORTED;
    }
    if (reason) reason[0] = 0;
    return HS_OK;
}

const char *hs_status_str(hs_status s) {
    switch (s) {
    case HS_OK: return "ok";
    case HS_ERR_ARGUMENT: return "invalid argument";
    case HS_ERR_UNKNOWN_HASH: return "unknown hash or permutation";
    case HS_ERR_RANGE: return "value is not a canonical field element";
    case HS_ERR_WORD_SIZE: return "wrong word size for this permutation";
    case HS_ERR_NOMEM: return "out of memory";
    case HS_ERR_IO: return "input/output error";
    case HS_ERR_PARSE: return "malformed input";
    case HS_ERR_UNSUPPORTED: return "not supported";
    case HS_ERR_UNKNOWN_PRESET: return "unknown preset";
    case HS_ERR_INSECURE: return "the preset's declared security does not hold at this shape";
    case HS_ERR_BUFFER: return "buffer too small";
    case HS_ERR_REJECTED: return "proof rejected";
    }
    return "unknown status";
}

hs_status hs_ctx_new(hs_ctx **out, unsigned threads) {
    *out = NULL;
    if (threads == 0) {
        const char *e = getenv("HS_THREADS");
        char *end;
        unsigned long t = e && *e ? strtoul(e, &end, 10) : 0;
        if (e && *e && (*end || t == 0 || t > 4096)) return HS_ERR_ARGUMENT;
        threads = t ? (unsigned)t : hs_cpu_count();
    }
    if (threads > 4096) return HS_ERR_ARGUMENT;
    hs_ctx *c = calloc(1, sizeof *c);
    if (!c) return HS_ERR_NOMEM;
    c->threads = threads;
    *out = c;
    return HS_OK;
}

void hs_ctx_free(hs_ctx *ctx) { free(ctx); }
unsigned hs_ctx_threads(const hs_ctx *ctx) { return ctx->threads; }

void hs_ctx_set_progress(hs_ctx *ctx, hs_progress_fn fn, void *user) {
    ctx->progress = fn;
    ctx->progress_user = fn ? user : NULL;
}

hs_status hs_ctx_set_comm(hs_ctx *ctx, const hs_comm *comm) {
    if (comm && !hs_comm_valid(comm)) return HS_ERR_ARGUMENT;
    if (comm) ctx->comm = *comm;
    else memset(&ctx->comm, 0, sizeof ctx->comm);
    return HS_OK;
}

void hs_api_progress(const hs_ctx *ctx, const char *phase, double fraction) {
    if (ctx->progress) ctx->progress(ctx->progress_user, phase, fraction);
}

hs_status hs_api_fail(char *reason, size_t reason_len, hs_status st, const char *fmt, ...) {
    if (reason && reason_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason, reason_len, fmt, ap);
        va_end(ap);
    }
    return st;
}

hs_status hs_api_check_words(const uint32_t *w, size_t n, unsigned line_words, uint32_t modulus, const char *what,
                             char *reason, size_t reason_len) {
    if (!modulus) return HS_OK;
    for (size_t i = 0; i < n; i++)
        if (w[i] >= modulus)
            return hs_api_fail(reason, reason_len, HS_ERR_RANGE,
                               "%s: word %zu (line %zu, word %zu) is %u, not below %u", what, i, i / line_words,
                               i % line_words, w[i], modulus);
    return HS_OK;
}

hs_status hs_api_check_min_bits(double min_bits, char *reason, size_t reason_len) {
    /* NaN compares false with everything, so it would pass any comparison; an infinite or negative
     * bound asks for nothing a proof can give */
    if (min_bits == HS_MIN_BITS_DECLARED || (isfinite(min_bits) && min_bits >= 0)) return HS_OK;
    return hs_api_fail(reason, reason_len, HS_ERR_ARGUMENT,
                       "min_bits %g is not a bound: give a finite number of bits >= 0, or HS_MIN_BITS_DECLARED (-1) "
                       "for the preset's declaration",
                       min_bits);
}

hs_kb *hs_api_to_monty(const uint32_t *w, size_t n) {
    hs_kb *m = hs_alloc_array(n ? n : 1, sizeof *m);
    if (m)
        for (size_t i = 0; i < n; i++) m[i] = hs_kb_from_u32(w[i]);
    return m;
}

hs_status hs_perm_find(const hs_perm **out, const char *name) {
    *out = hs_perm_lookup(name);
    return *out ? HS_OK : HS_ERR_UNKNOWN_HASH;
}

size_t hs_perm_count(void) { return hs_perm_table_len; }
const hs_perm *hs_perm_at(size_t i) { return i < hs_perm_table_len ? &hs_perm_table[i] : NULL; }
const char *hs_perm_name(const hs_perm *p) { return p->name; }
const char *hs_perm_description(const hs_perm *p) { return p->description; }
unsigned hs_perm_width(const hs_perm *p) { return p->width; }
unsigned hs_perm_word_bits(const hs_perm *p) { return p->word_bits; }
uint64_t hs_perm_modulus(const hs_perm *p) { return p->modulus; }
unsigned hs_perm_elem_bits(const hs_perm *p) { return p->elem_bits ? p->elem_bits : p->word_bits; }
unsigned hs_perm_hex_digits(const hs_perm *p) { return p->hex_digits; }

static int words_ok(size_t n_states, unsigned width, size_t *words) {
    if (n_states && width > SIZE_MAX / n_states) return 0;
    *words = n_states * width;
    return 1;
}

hs_status hs_perm_many_u32(const hs_ctx *ctx, const hs_perm *p, uint32_t *states, size_t n) {
    size_t words;
    if (p->word_bits != 32) return HS_ERR_WORD_SIZE;
    if (!words_ok(n, p->width, &words)) return HS_ERR_ARGUMENT;
    if (n && !states) return HS_ERR_ARGUMENT;
    if (p->modulus)
        for (size_t i = 0; i < words; i++)
            if (states[i] >= p->modulus) return HS_ERR_RANGE;
    p->many32(states, n, ctx->threads);
    return HS_OK;
}

hs_status hs_perm_many_u64(const hs_ctx *ctx, const hs_perm *p, uint64_t *states, size_t n) {
    size_t words;
    if (p->word_bits != 64) return HS_ERR_WORD_SIZE;
    if (!words_ok(n, p->width, &words)) return HS_ERR_ARGUMENT;
    if (n && !states) return HS_ERR_ARGUMENT;
    if (p->modulus)
        for (size_t i = 0; i < words; i++)
            if (states[i] >= p->modulus) return HS_ERR_RANGE;
    p->many64(states, n, ctx->threads);
    return HS_OK;
}

hs_status hs_perm_one_u32(const hs_perm *p, uint32_t *state) {
    if (p->word_bits != 32) return HS_ERR_WORD_SIZE;
    if (p->modulus)
        for (unsigned i = 0; i < p->width; i++)
            if (state[i] >= p->modulus) return HS_ERR_RANGE;
    p->one32(state);
    return HS_OK;
}

hs_status hs_perm_one_u64(const hs_perm *p, uint64_t *state) {
    if (p->word_bits != 64) return HS_ERR_WORD_SIZE;
    if (p->modulus)
        for (unsigned i = 0; i < p->width; i++)
            if (state[i] >= p->modulus) return HS_ERR_RANGE;
    p->one64(state);
    return HS_OK;
}

static int canonical8(const uint32_t *v, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (v[i] >= HS_KB_P) return 0;
    return 1;
}

hs_status hs_poseidon2_kb16_compress(uint32_t out[8], const uint32_t left[8], const uint32_t right[8]) {
    memset(out, 0, 8 * sizeof *out);
    if (!canonical8(left, 8) || !canonical8(right, 8)) return HS_ERR_RANGE;
    hs_kb l[8], r[8], o[8];
    for (int i = 0; i < 8; i++) l[i] = hs_kb_from_u32(left[i]), r[i] = hs_kb_from_u32(right[i]);
    hs_p2_compress(hs_p2_kb16(), o, l, r);
    for (int i = 0; i < 8; i++) out[i] = hs_kb_to_u32(o[i]);
    return HS_OK;
}

hs_status hs_poseidon2_kb16_sponge(uint32_t out[8], const uint32_t *in, size_t n) {
    memset(out, 0, 8 * sizeof *out);
    if (n && !in) return HS_ERR_ARGUMENT;
    if (!canonical8(in, n)) return HS_ERR_RANGE;
    hs_p2_sponge(hs_p2_kb16(), out, in, n, 1);
    return HS_OK;
}

/* ---- hash functions ---- */

hs_status hs_hash_find(const hs_hash **out, const char *name) {
    *out = hs_hash_lookup(name);
    return *out ? HS_OK : HS_ERR_UNKNOWN_HASH;
}

size_t hs_hash_count(void) { return hs_hash_table_len; }
const hs_hash *hs_hash_at(size_t i) { return i < hs_hash_table_len ? &hs_hash_table[i] : NULL; }
const char *hs_hash_name(const hs_hash *h) { return h->name; }
const char *hs_hash_description(const hs_hash *h) { return h->description; }
const char *hs_hash_perm(const hs_hash *h) { return h->perm; }
unsigned hs_hash_word_bits(const hs_hash *h) { return h->kind == HS_HASH_BYTES ? 8 : h->kind == HS_HASH_ELEMS32 ? 32 : 64; }
uint64_t hs_hash_modulus(const hs_hash *h) { return h->kind == HS_HASH_BYTES ? 0 : h->modulus; }
unsigned hs_hash_digest_len(const hs_hash *h) { return h->digest_len; }

/* The checks every hash call starts with, after zeroing the digest. */
static hs_status hash_args(const hs_hash *h, hs_hash_kind kind, size_t out_len, const void *in, size_t in_len) {
    if (h->kind != kind) return HS_ERR_WORD_SIZE;
    return out_len != h->digest_len || (in_len && !in) ? HS_ERR_ARGUMENT : HS_OK;
}

hs_status hs_hash_bytes(const hs_hash *h, uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    memset(out, 0, out_len);
    hs_status st = hash_args(h, HS_HASH_BYTES, out_len, in, in_len);
    if (st != HS_OK) return st;
    static const uint8_t none[1];
    h->bytes(out, in_len ? in : none, in_len);
    return HS_OK;
}

hs_status hs_hash_u32(const hs_hash *h, uint32_t *out, size_t out_len, const uint32_t *in, size_t in_len) {
    memset(out, 0, out_len * sizeof *out);
    hs_status st = hash_args(h, HS_HASH_ELEMS32, out_len, in, in_len);
    for (size_t i = 0; st == HS_OK && i < in_len; i++)
        if (in[i] >= h->modulus) st = HS_ERR_RANGE;
    static const uint32_t none[1];
    if (st == HS_OK) h->elems32(out, in_len ? in : none, in_len);
    return st;
}

hs_status hs_hash_u64(const hs_hash *h, uint64_t *out, size_t out_len, const uint64_t *in, size_t in_len) {
    memset(out, 0, out_len * sizeof *out);
    hs_status st = hash_args(h, HS_HASH_ELEMS64, out_len, in, in_len);
    for (size_t i = 0; st == HS_OK && i < in_len; i++)
        if (in[i] >= h->modulus) st = HS_ERR_RANGE;
    static const uint64_t none[1];
    if (st == HS_OK) h->elems64(out, in_len ? in : none, in_len);
    return st;
}
