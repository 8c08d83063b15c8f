/* BLAKE3: bit-exact with the official vectors (hash, keyed_hash, derive_key; 131-byte XOF
 * outputs and the 32-byte hash), whole and in random pieces; long inputs against a plain
 * recursive reference written from the spec (its own compression with the message permutation);
 * the AVX2 batch kernel against the portable one; batch APIs against the one-shot hash. */
#include <string.h>

#include "hash/blake3.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

#define XOF_LEN 131

/* ---------------------------------------------------------------- reference (spec text) */

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void ref_g(uint32_t *v, int a, int b, int c, int d, uint32_t x, uint32_t y) {
    v[a] += v[b] + x;
    v[d] = ror(v[d] ^ v[a], 16);
    v[c] += v[d];
    v[b] = ror(v[b] ^ v[c], 12);
    v[a] += v[b] + y;
    v[d] = ror(v[d] ^ v[a], 8);
    v[c] += v[d];
    v[b] = ror(v[b] ^ v[c], 7);
}

/* out: the 16 output words. The message is permuted between rounds, as the spec writes it. */
static void ref_compress(const uint32_t cv[8], const uint8_t block[64], uint32_t blen, uint64_t ctr, uint32_t flags,
                         uint32_t out[16]) {
    static const int perm[16] = {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8};
    uint32_t m[16], v[16], t[16];
    for (int i = 0; i < 16; i++) m[i] = rd32(block + 4 * i);
    for (int i = 0; i < 8; i++) v[i] = cv[i];
    for (int i = 0; i < 4; i++) v[8 + i] = hs_blake3_iv[i];
    v[12] = (uint32_t)ctr;
    v[13] = (uint32_t)(ctr >> 32);
    v[14] = blen;
    v[15] = flags;
    for (int r = 0; r < 7; r++) {
        ref_g(v, 0, 4, 8, 12, m[0], m[1]);
        ref_g(v, 1, 5, 9, 13, m[2], m[3]);
        ref_g(v, 2, 6, 10, 14, m[4], m[5]);
        ref_g(v, 3, 7, 11, 15, m[6], m[7]);
        ref_g(v, 0, 5, 10, 15, m[8], m[9]);
        ref_g(v, 1, 6, 11, 12, m[10], m[11]);
        ref_g(v, 2, 7, 8, 13, m[12], m[13]);
        ref_g(v, 3, 4, 9, 14, m[14], m[15]);
        for (int i = 0; i < 16; i++) t[i] = m[perm[i]];
        memcpy(m, t, sizeof m);
    }
    for (int i = 0; i < 8; i++) {
        out[i] = v[i] ^ v[i + 8];
        out[i + 8] = v[i + 8] ^ cv[i];
    }
}

/* A node before its final compression: the root is compressed again with ROOT. */
typedef struct {
    uint32_t cv[8];
    uint8_t block[64];
    uint32_t blen;
    uint64_t ctr;
    uint32_t flags;
} ref_node;

static void ref_node_cv(const ref_node *n, uint32_t cv[8]) {
    uint32_t o[16];
    ref_compress(n->cv, n->block, n->blen, n->ctr, n->flags, o);
    memcpy(cv, o, 32);
}

static void ref_tree(const uint32_t key[8], uint32_t mode, const uint8_t *in, size_t len, uint64_t chunk,
                     ref_node *n) {
    if (len <= 1024) {
        memcpy(n->cv, key, 32);
        size_t nb = len ? (len + 63) / 64 : 1;
        for (size_t b = 0; b < nb; b++) {
            size_t bl = len - 64 * b < 64 ? len - 64 * b : 64;
            memset(n->block, 0, 64);
            memcpy(n->block, in + 64 * b, bl);
            n->blen = (uint32_t)bl;
            n->ctr = chunk;
            n->flags = mode | (b == 0 ? 1u : 0u) | (b + 1 == nb ? 2u : 0u);
            if (b + 1 < nb) ref_node_cv(n, n->cv);
        }
        return;
    }
    size_t left = 1024;
    while (2 * left < len) left *= 2;
    ref_node l, r;
    ref_tree(key, mode, in, left, chunk, &l);
    ref_tree(key, mode, in + left, len - left, chunk + left / 1024, &r);
    uint32_t lc[8], rc[8];
    ref_node_cv(&l, lc);
    ref_node_cv(&r, rc);
    memcpy(n->cv, key, 32);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 4; j++) {
            n->block[4 * i + j] = (uint8_t)(lc[i] >> (8 * j));
            n->block[32 + 4 * i + j] = (uint8_t)(rc[i] >> (8 * j));
        }
    }
    n->blen = 64;
    n->ctr = 0;
    n->flags = mode | 4u;
}

static void ref_hash(const uint32_t key[8], uint32_t mode, const uint8_t *in, size_t len, uint8_t *out,
                     size_t out_len) {
    ref_node n;
    ref_tree(key, mode, in, len, 0, &n);
    for (uint64_t t = 0; out_len; t++) {
        uint32_t o[16];
        ref_compress(n.cv, n.block, n.blen, t, n.flags | 8u, o);
        for (size_t i = 0; i < 64 && out_len; i++, out_len--) *out++ = (uint8_t)(o[i / 4] >> (8 * (i % 4)));
    }
}

/* ---------------------------------------------------------------- helpers */

static void fill_input(uint8_t *p, size_t len) {
    for (size_t i = 0; i < len; i++) p[i] = (uint8_t)(i % 251);
}

static void fill_random(hs_rng *rng, uint8_t *p, size_t len) {
    for (size_t i = 0; i < len; i++) p[i] = (uint8_t)hs_rng_u64(rng);
}

/* Feed in in random pieces: mostly small, sometimes several chunks at once. */
static void update_pieces(hs_rng *rng, hs_blake3_hasher *h, const uint8_t *in, size_t len) {
    while (len) {
        size_t k;
        switch (hs_rng_below(rng, 4)) {
        case 0: k = (size_t)hs_rng_below(rng, 8); break;
        case 1: k = (size_t)hs_rng_below(rng, 130); break;
        case 2: k = (size_t)hs_rng_below(rng, 2100); break;
        default: k = (size_t)hs_rng_below(rng, 40000); break;
        }
        if (k > len) k = len;
        hs_blake3_update(h, in, k);
        in += k;
        len -= k;
    }
}

typedef enum { MODE_HASH, MODE_KEYED, MODE_DERIVE } mode_t3;

static void init_mode(hs_blake3_hasher *h, mode_t3 mode, const uint8_t *key, const char *ctx) {
    if (mode == MODE_HASH)
        hs_blake3_init(h);
    else if (mode == MODE_KEYED)
        hs_blake3_init_keyed(h, key);
    else
        hs_blake3_init_derive_key(h, ctx);
}

static int check_bytes(const uint8_t *got, const uint8_t *want, size_t n, const char *what, const char *name) {
    if (memcmp(got, want, n) == 0) return 1;
    fprintf(stderr, "%s: %s mismatch\n", name, what);
    hs_test_failures++;
    return 0;
}

/* ---------------------------------------------------------------- known answers */

static void vector_cases(hs_rng *rng) {
    vj *doc = vj_load("blake3.json");
    const char *ctx = vj_str(vj_get(doc, "context_string"));
    uint8_t key[32];
    CHECK_EQ_U64(vj_hex(vj_get(doc, "key_hex"), key, 32), 32);
    CHECK(strlen(vj_str(vj_get(doc, "key"))) == 32 && memcmp(vj_str(vj_get(doc, "key")), key, 32) == 0);
    CHECK_EQ_U64(vj_u64(vj_get(doc, "xof_output_bytes")), XOF_LEN);
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 10);
    static const char *fields[3] = {"hash_xof_hex", "keyed_hash_xof_hex", "derive_key_xof_hex"};
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        const char *name = vj_str(vj_get(cs, "name"));
        size_t len = (size_t)vj_u64(vj_get(cs, "input_len"));
        uint8_t *in = malloc(len + 1), *given = malloc(len + 1);
        fill_input(in, len);
        const vj *ih = vj_get(cs, "input_hex");
        if (ih) {
            CHECK_EQ_U64(vj_hex(ih, given, len + 1), len);
            check_bytes(given, in, len, "input rule", name);
        }
        for (int mode = 0; mode < 3; mode++) {
            uint8_t want[XOF_LEN], got[XOF_LEN + 64];
            CHECK_EQ_U64(vj_hex(vj_get(cs, fields[mode]), want, XOF_LEN), XOF_LEN);
            hs_blake3_hasher h;
            init_mode(&h, (mode_t3)mode, key, ctx);
            hs_blake3_update(&h, in, len);
            hs_blake3_finalize_xof(&h, got, XOF_LEN);
            check_bytes(got, want, XOF_LEN, fields[mode], name);
            /* every shorter output is a prefix */
            for (size_t k = 1; k <= XOF_LEN; k += 13) {
                memset(got, 0xA5, sizeof got);
                hs_blake3_finalize_xof(&h, got, k);
                check_bytes(got, want, k, "XOF prefix", name);
                CHECK(got[k] == 0xA5);
            }
            hs_blake3_finalize(&h, got);
            check_bytes(got, want, 32, "finalize", name);
            /* the same input in random pieces */
            init_mode(&h, (mode_t3)mode, key, ctx);
            update_pieces(rng, &h, in, len);
            hs_blake3_finalize_xof(&h, got, XOF_LEN);
            check_bytes(got, want, XOF_LEN, "random pieces", name);
            /* and through the reference */
            uint32_t kw[8];
            uint32_t mflag = mode == MODE_HASH ? 0 : mode == MODE_KEYED ? HS_BLAKE3_KEYED_HASH : HS_BLAKE3_DERIVE_KEY_MATERIAL;
            if (mode == MODE_HASH) memcpy(kw, hs_blake3_iv, 32);
            if (mode == MODE_KEYED)
                for (int i = 0; i < 8; i++) kw[i] = rd32(key + 4 * i);
            if (mode == MODE_DERIVE) {
                uint8_t ck[32];
                ref_hash(hs_blake3_iv, HS_BLAKE3_DERIVE_KEY_CONTEXT, (const uint8_t *)ctx, strlen(ctx), ck, 32);
                for (int i = 0; i < 8; i++) kw[i] = rd32(ck + 4 * i);
            }
            ref_hash(kw, mflag, in, len, got, XOF_LEN);
            check_bytes(got, want, XOF_LEN, "reference", name);
        }
        uint8_t want32[32], got32[32];
        CHECK_EQ_U64(vj_hex(vj_get(cs, "hash_32_hex"), want32, 32), 32);
        hs_blake3(got32, in, len);
        check_bytes(got32, want32, 32, "hs_blake3", name);
        /* derive_key through the raw-context entry point */
        hs_blake3_hasher h;
        hs_blake3_init_derive_key_raw(&h, ctx, strlen(ctx));
        hs_blake3_update(&h, in, len);
        uint8_t dk[XOF_LEN], dkw[XOF_LEN];
        hs_blake3_finalize_xof(&h, dk, XOF_LEN);
        vj_hex(vj_get(cs, "derive_key_xof_hex"), dkw, XOF_LEN);
        check_bytes(dk, dkw, XOF_LEN, "derive_key_raw", name);
        /* batch of copies */
        const uint8_t *ptrs[11];
        uint8_t outs[11][32];
        for (int i = 0; i < 11; i++) ptrs[i] = in;
        hs_blake3_many(outs, ptrs, len, 11);
        for (int i = 0; i < 11; i++)
            if (!check_bytes(outs[i], want32, 32, "hs_blake3_many", name)) break;
        free(in);
        free(given);
    }
    vj_free(doc);
}

/* ---------------------------------------------------------------- long inputs */

static void long_inputs(hs_rng *rng) {
    /* up to 2 MiB: subtrees of every size the hasher batches (2..1024 chunks) and stacks above them */
    const size_t maxlen = 2048 * 1024 + 77;
    uint8_t *in = malloc(maxlen);
    fill_random(rng, in, maxlen);
    size_t lens[] = {1023, 1024, 1025, 2047, 2048, 2049, 3072, 3073, 4096, 8 * 1024, 8 * 1024 + 1, 31 * 1024 + 5,
                     64 * 1024, 64 * 1024 + 1, 65 * 1024, 128 * 1024 - 1, 129 * 1024, 300 * 1024 + 77,
                     512 * 1024, 1024 * 1024, 1024 * 1024 + 1, 1536 * 1024 + 3, 2048 * 1024 + 77, 0, 0, 0};
    size_t nl = sizeof lens / sizeof *lens;
    lens[nl - 3] = (size_t)hs_rng_below(rng, maxlen + 1);
    lens[nl - 2] = (size_t)hs_rng_below(rng, 20 * 1024);
    lens[nl - 1] = (size_t)hs_rng_below(rng, 3 * 1024);
    uint8_t key[32];
    fill_random(rng, key, 32);
    uint32_t kw[8];
    for (int i = 0; i < 8; i++) kw[i] = rd32(key + 4 * i);
    for (size_t li = 0; li < nl && !TOO_MANY_FAILURES(); li++) {
        size_t len = lens[li];
        char name[64];
        snprintf(name, sizeof name, "len %zu", len);
        uint8_t want[200], got[200];
        size_t olen = 1 + (size_t)hs_rng_below(rng, sizeof want);
        ref_hash(hs_blake3_iv, 0, in, len, want, olen);
        hs_blake3_hasher h;
        hs_blake3_init(&h);
        hs_blake3_update(&h, in, len);
        hs_blake3_finalize_xof(&h, got, olen);
        check_bytes(got, want, olen, "hash", name);
        hs_blake3(got, in, len);
        check_bytes(got, want, olen < 32 ? olen : 32, "one-shot", name);
        hs_blake3_init(&h);
        update_pieces(rng, &h, in, len);
        hs_blake3_finalize_xof(&h, got, olen);
        check_bytes(got, want, olen, "pieces", name);
        /* keyed mode goes through the same batch path with the key's words and flag */
        ref_hash(kw, HS_BLAKE3_KEYED_HASH, in, len, want, olen);
        hs_blake3_init_keyed(&h, key);
        update_pieces(rng, &h, in, len);
        hs_blake3_finalize_xof(&h, got, olen);
        check_bytes(got, want, olen, "keyed pieces", name);
    }
    /* empty input given as NULL */
    {
        uint8_t w[32], g[32];
        ref_hash(hs_blake3_iv, 0, in, 0, w, 32);
        hs_blake3(g, NULL, 0);
        check_bytes(g, w, 32, "NULL, 0", "empty");
        hs_blake3_hasher h;
        hs_blake3_init(&h);
        hs_blake3_update(&h, NULL, 0);
        hs_blake3_update(&h, in, 5);
        hs_blake3_update(&h, NULL, 0);
        hs_blake3_finalize(&h, g);
        ref_hash(hs_blake3_iv, 0, in, 5, w, 32);
        check_bytes(g, w, 32, "NULL updates", "empty");
    }
    /* finalize leaves the hasher usable: hash a prefix, finalize, continue */
    {
        size_t a = 5000 + (size_t)hs_rng_below(rng, 5000), b = 70000;
        uint8_t w1[32], w2[32], g1[32], g2[32];
        ref_hash(hs_blake3_iv, 0, in, a, w1, 32);
        ref_hash(hs_blake3_iv, 0, in, a + b, w2, 32);
        hs_blake3_hasher h;
        hs_blake3_init(&h);
        hs_blake3_update(&h, in, a);
        hs_blake3_finalize(&h, g1);
        hs_blake3_update(&h, in + a, b);
        hs_blake3_finalize(&h, g2);
        check_bytes(g1, w1, 32, "finalize then continue (1)", "prefix");
        check_bytes(g2, w2, 32, "finalize then continue (2)", "prefix");
    }
    free(in);
}

/* ---------------------------------------------------------------- kernels and batches */

static void kernels(hs_rng *rng) {
    const size_t maxn = 41; /* up to two groups of 16 and a rest on either side of 8 */
    uint8_t *buf = malloc(maxn * 1024), *a = malloc(maxn * 32), *b = malloc(maxn * 32);
    const uint8_t *ptrs[41];
    unsigned long iters = hs_test_iters(300);
    int avx2 = hs_cpu_has_avx2(), avx512 = hs_cpu_has_avx512();
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        size_t n = 1 + (size_t)hs_rng_below(rng, maxn);
        size_t len = hs_rng_below(rng, 3) ? (size_t)hs_rng_below(rng, 1025) : (hs_rng_below(rng, 2) ? 1024 : 64);
        fill_random(rng, buf, maxn * 1024);
        /* inputs anywhere in the buffer, possibly unaligned or shared */
        for (size_t i = 0; i < n; i++) ptrs[i] = buf + hs_rng_below(rng, maxn * 1024 - len + 1);
        uint32_t key[8];
        for (int i = 0; i < 8; i++) key[i] = (uint32_t)hs_rng_u64(rng);
        uint64_t ctr = hs_rng_below(rng, 2) ? hs_rng_u64(rng) : 0xFFFFFFF8u + hs_rng_below(rng, 8);
        int inc = (int)hs_rng_below(rng, 2);
        uint8_t fl = (uint8_t)hs_rng_u64(rng), fs = (uint8_t)hs_rng_u64(rng), fe = (uint8_t)hs_rng_u64(rng);
        hs_blake3_hash_many_portable(ptrs, n, len, key, ctr, inc, fl, fs, fe, a);
        /* the portable kernel against the reference, first and last input */
        for (size_t j = 0; j < n; j += (n - 1 ? n - 1 : 1)) {
            ref_node nd;
            uint64_t c = ctr + (inc ? j : 0);
            memcpy(nd.cv, key, 32);
            size_t nb = len ? (len + 63) / 64 : 1;
            for (size_t bi = 0; bi < nb; bi++) {
                size_t bl = len - 64 * bi < 64 ? len - 64 * bi : 64;
                memset(nd.block, 0, 64);
                memcpy(nd.block, ptrs[j] + 64 * bi, bl);
                uint32_t f = fl | (bi == 0 ? fs : 0) | (bi + 1 == nb ? fe : 0);
                uint32_t o[16];
                ref_compress(nd.cv, nd.block, (uint32_t)bl, c, f, o);
                memcpy(nd.cv, o, 32);
            }
            uint8_t want[32];
            for (int i = 0; i < 32; i++) want[i] = (uint8_t)(nd.cv[i / 4] >> (8 * (i % 4)));
            check_bytes(a + 32 * j, want, 32, "portable kernel vs reference", "hash_many");
            if (n == 1) break;
        }
        if (avx2) {
            memset(b, 0, maxn * 32);
            hs_blake3_hash_many_avx2(ptrs, n, len, key, ctr, inc, fl, fs, fe, b);
            if (!check_bytes(b, a, 32 * n, "avx2 vs portable", "hash_many"))
                fprintf(stderr, "  n=%zu len=%zu ctr=%llu inc=%d\n", n, len, (unsigned long long)ctr, inc);
        }
        if (avx512) {
            memset(b, 0, maxn * 32);
            hs_blake3_hash_many_avx512(ptrs, n, len, key, ctr, inc, fl, fs, fe, b);
            if (!check_bytes(b, a, 32 * n, "avx512 vs portable", "hash_many"))
                fprintf(stderr, "  n=%zu len=%zu ctr=%llu inc=%d\n", n, len, (unsigned long long)ctr, inc);
        }
    }
    if (!avx2) printf("AVX2 unavailable: kernel comparison skipped\n");
    if (!avx512) printf("AVX-512 unavailable (or HS_SIMD below avx512): its kernel comparison skipped\n");
    free(buf);
    free(a);
    free(b);
}

static void batches(hs_rng *rng) {
    enum { MAXN = 19 };
    const uint8_t *ptrs[MAXN];
    uint8_t outs[MAXN][32], want[32];
    unsigned long iters = hs_test_iters(60);
    size_t maxlen = 20 * 1024;
    uint8_t *buf = malloc(MAXN * maxlen);
    fill_random(rng, buf, MAXN * maxlen);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        size_t n = (size_t)hs_rng_below(rng, MAXN + 1);
        size_t len;
        switch (hs_rng_below(rng, 4)) {
        case 0: len = (size_t)hs_rng_below(rng, 129); break;
        case 1: len = (size_t)hs_rng_below(rng, 1100); break;
        case 2: len = 1024 * (1 + (size_t)hs_rng_below(rng, 12)); break;
        default: len = (size_t)hs_rng_below(rng, maxlen + 1); break;
        }
        for (size_t i = 0; i < n; i++) ptrs[i] = buf + i * maxlen + hs_rng_below(rng, maxlen - len + 1);
        hs_blake3_many(outs, ptrs, len, n);
        for (size_t i = 0; i < n; i++) {
            hs_blake3(want, ptrs[i], len);
            if (!check_bytes(outs[i], want, 32, "hs_blake3_many vs hs_blake3", "batch")) {
                fprintf(stderr, "  n=%zu i=%zu len=%zu\n", n, i, len);
                break;
            }
        }
    }
    /* merges */
    enum { NM = 37 };
    uint8_t lv[2 * NM][32], mo[NM][32], cat[64], w[32];
    fill_random(rng, &lv[0][0], sizeof lv);
    for (size_t i = 0; i < NM; i++) {
        hs_blake3_merge(mo[i], lv[2 * i], lv[2 * i + 1]);
        memcpy(cat, lv[2 * i], 32);
        memcpy(cat + 32, lv[2 * i + 1], 32);
        hs_blake3(w, cat, 64);
        check_bytes(mo[i], w, 32, "merge vs hash of 64 bytes", "merge");
    }
    uint8_t mm[NM][32];
    hs_blake3_merge_many(mm, (const uint8_t (*)[32])lv, NM);
    check_bytes(&mm[0][0], &mo[0][0], sizeof mo, "merge_many", "merge");
    hs_blake3_merge_many(lv, (const uint8_t (*)[32])lv, NM); /* in place */
    check_bytes(&lv[0][0], &mo[0][0], sizeof mo, "merge_many in place", "merge");
    free(buf);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_blake3");
    printf("AVX2 kernel %s\n", hs_cpu_has_avx2() ? "active" : "unavailable");
    vector_cases(&rng);
    long_inputs(&rng);
    kernels(&rng);
    batches(&rng);
    return hs_test_done("test_blake3");
}
