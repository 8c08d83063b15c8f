/* BLAKE2s: every case of the known-answer file (unkeyed and keyed), whole and in random pieces;
 * shorter digests and keys; rejection of bad lengths. */
#include <string.h>

#include "hash/blake2s.h"
#include "testutil.h"
#include "vecjson.h"

static void update_pieces(hs_rng *rng, hs_blake2s_state *s, const uint8_t *in, size_t len) {
    while (len) {
        size_t k = (size_t)hs_rng_below(rng, hs_rng_below(rng, 2) ? 8 : 200);
        if (k > len) k = len;
        hs_blake2s_update(s, in, k);
        in += k;
        len -= k;
    }
}

static void check_hex(const uint8_t *got, size_t n, const char *hex, const char *what) {
    uint8_t want[32];
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        want[i] = (uint8_t)v;
    }
    if (memcmp(got, want, n)) {
        fprintf(stderr, "%s: mismatch\n", what);
        hs_test_failures++;
    }
}

static void vector_cases(hs_rng *rng) {
    vj *doc = vj_load("blake2s.json");
    CHECK_EQ_U64(vj_u64(vj_path(doc, "parameters.digest_bytes")), 32);
    const vj *cases = vj_get(doc, "cases");
    size_t nkeyed = 0, nunkeyed = 0;
    CHECK(vj_len(cases) >= 50);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        const char *name = vj_str(vj_get(cs, "name"));
        const char *mode = vj_str(vj_get(cs, "mode"));
        uint8_t in[512], key[64], want[32], got[40];
        size_t len = vj_hex(vj_get(cs, "input_hex"), in, sizeof in);
        size_t klen = vj_hex(vj_get(cs, "key_hex"), key, sizeof key);
        CHECK_EQ_U64(vj_hex(vj_get(cs, "digest_hex"), want, 32), 32);
        if (strcmp(mode, "keyed") == 0) {
            nkeyed++;
            CHECK_EQ_U64(klen, 32);
        } else {
            CHECK(strcmp(mode, "unkeyed") == 0);
            nunkeyed++;
            CHECK_EQ_U64(klen, 0);
        }
        memset(got, 0xA5, sizeof got);
        CHECK(hs_blake2s(got, 32, klen ? key : NULL, klen, in, len) == 1);
        if (memcmp(got, want, 32)) {
            fprintf(stderr, "%s: one-shot mismatch\n", name);
            hs_test_failures++;
        }
        CHECK(got[32] == 0xA5);
        for (int rep = 0; rep < 3; rep++) {
            hs_blake2s_state s;
            CHECK(hs_blake2s_init(&s, 32, key, klen) == 1);
            update_pieces(rng, &s, in, len);
            hs_blake2s_final(&s, got);
            if (memcmp(got, want, 32)) {
                fprintf(stderr, "%s: random pieces mismatch\n", name);
                hs_test_failures++;
            }
        }
    }
    CHECK(nkeyed >= 20 && nunkeyed >= 20);
    vj_free(doc);
}

/* Digest and key lengths other than 32 enter the parameter block; these values are from Python's
 * hashlib.blake2s (digest_size, key) on input bytes 00 01 02 ... and key bytes 00 01 02 .... */
static void other_lengths(void) {
    uint8_t in[200], key[32], got[32];
    for (int i = 0; i < 200; i++) in[i] = (uint8_t)i;
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)i;
    CHECK(hs_blake2s(got, 16, key, 16, in, 100) == 1);
    check_hex(got, 16, "56301549e674c3b72a0e1dafb7a2c620", "outlen 16, key 16, input 100");
    CHECK(hs_blake2s(got, 1, NULL, 0, (const uint8_t *)"abc", 3) == 1);
    check_hex(got, 1, "0d", "outlen 1, abc");
    CHECK(hs_blake2s(got, 20, key, 1, in, 200) == 1);
    check_hex(got, 20, "06590596091fb9b1d96f016660e7ff4094844de6", "outlen 20, key 1, input 200");
}

static void bad_lengths(void) {
    uint8_t out[40], key[40] = {0}, in[4] = {1, 2, 3, 4};
    hs_blake2s_state s;
    memset(out, 0x5A, sizeof out);
    CHECK(hs_blake2s(out, 0, NULL, 0, in, 4) == 0);
    CHECK(hs_blake2s(out, 33, NULL, 0, in, 4) == 0);
    CHECK(hs_blake2s(out, 32, key, 33, in, 4) == 0);
    CHECK(hs_blake2s(out, 32, NULL, 5, in, 4) == 0); /* key length without a key */
    for (size_t i = 0; i < sizeof out; i++) CHECK(out[i] == 0x5A);
    CHECK(hs_blake2s_init(&s, 0, NULL, 0) == 0);
    CHECK(hs_blake2s_init(&s, 33, NULL, 0) == 0);
    CHECK(hs_blake2s_init(&s, 16, key, 64) == 0);
    CHECK(hs_blake2s_init(&s, 32, key, 32) == 1);
    CHECK(hs_blake2s(out, 32, key, 32, in, 4) == 1);
    CHECK(hs_blake2s(out, 32, NULL, 0, NULL, 0) == 1); /* empty input may be NULL */
}

/* Incremental = one-shot for longer random inputs, any digest and key length. */
static void random_splits(hs_rng *rng) {
    uint8_t in[3000], key[32], a[32], b[32];
    unsigned long iters = hs_test_iters(200);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        size_t len = (size_t)hs_rng_below(rng, sizeof in + 1), outlen = 1 + (size_t)hs_rng_below(rng, 32);
        size_t klen = (size_t)hs_rng_below(rng, 33);
        for (size_t i = 0; i < len; i++) in[i] = (uint8_t)hs_rng_u64(rng);
        for (size_t i = 0; i < klen; i++) key[i] = (uint8_t)hs_rng_u64(rng);
        CHECK(hs_blake2s(a, outlen, key, klen, in, len) == 1);
        hs_blake2s_state s;
        CHECK(hs_blake2s_init(&s, outlen, key, klen) == 1);
        update_pieces(rng, &s, in, len);
        hs_blake2s_final(&s, b);
        CHECK(memcmp(a, b, outlen) == 0);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_blake2s");
    vector_cases(&rng);
    other_lengths();
    bad_lengths();
    random_splits(&rng);
    return hs_test_done("test_blake2s");
}
