/* Keccak-f[1600], the sponge, SHA3-256 and Keccak-256: every case of the XKCP / tiny-keccak
 * vectors (with the state after every round), the incremental sponge on random splits, and the
 * batch kernels (portable x4, AVX2 x4, many with threads, keccak256_x4) against scalar code. */
#include <stdlib.h>
#include <string.h>

#include "hash/keccak.h"
#include "testutil.h"
#include "util/cpu.h"
#include "vecjson.h"

static int avx2;

static uint64_t lane_hex(const vj *s) { return strtoull(vj_str(s), NULL, 16); }

static void lanes_from_arr(const vj *arr, uint64_t out[25]) {
    CHECK_EQ_U64(vj_len(arr), 25);
    for (size_t i = 0; i < 25 && i < vj_len(arr); i++) out[i] = lane_hex(vj_at(arr, i));
}

static void lanes_from_bytes(const uint8_t b[200], uint64_t out[25]) {
    for (int i = 0; i < 25; i++) {
        out[i] = 0;
        for (int k = 0; k < 8; k++) out[i] |= (uint64_t)b[8 * i + k] << (8 * k);
    }
}

static void check_lanes(const uint64_t *got, const uint64_t *want, const char *what, size_t idx) {
    for (int i = 0; i < 25; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "%s[%zu] lane %d: got %016llx want %016llx\n", what, idx, i, (unsigned long long)got[i],
                    (unsigned long long)want[i]);
            hs_test_failures++;
            return;
        }
}

static void rand_lanes(hs_rng *rng, uint64_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = hs_rng_u64(rng);
}

/* Run the four x4 entry points on 4 states (state j in column j) and compare each with scalar. */
static void check_x4(const uint64_t states[4][25], const char *what) {
    uint64_t ref[4][25], il[100], got[25];
    memcpy(ref, states, sizeof ref);
    for (int j = 0; j < 4; j++) hs_keccakf1600(ref[j]);
    void (*fns[3])(uint64_t *) = {hs_keccakf1600_x4_portable, hs_keccakf1600_x4_avx2, hs_keccakf1600_x4};
    const char *names[3] = {"x4_portable", "x4_avx2", "x4"};
    for (int f = 0; f < 3; f++) {
        if (f == 1 && !avx2) continue;
        for (int i = 0; i < 25; i++)
            for (int j = 0; j < 4; j++) il[4 * i + j] = states[j][i];
        fns[f](il);
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 25; i++) got[i] = il[4 * i + j];
            check_lanes(got, ref[j], names[f], (size_t)j);
        }
    }
    (void)what;
}

static void permutation_vectors(hs_rng *rng) {
    vj *doc = vj_load("keccak_f1600.json");
    CHECK_EQ_U64(vj_u64(vj_get(doc, "rounds")), 24);
    const vj *rcs = vj_get(doc, "round_constants_hex");
    CHECK_EQ_U64(vj_len(rcs), 24);
    for (size_t r = 0; r < 24 && r < vj_len(rcs); r++) CHECK_EQ_U64(lane_hex(vj_at(rcs, r)), hs_keccak_rc[r]);

    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 1);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c);
        uint8_t bytes[200];
        uint64_t in[25], want[25], st[25], tmp[25];
        /* byte string and lane list must agree (little-endian lanes) */
        CHECK_EQ_U64(vj_hex(vj_get(cs, "input_state_hex"), bytes, 200), 200);
        lanes_from_bytes(bytes, in);
        lanes_from_arr(vj_get(cs, "input_lanes_hex"), tmp);
        check_lanes(in, tmp, "input lanes vs bytes", c);
        CHECK_EQ_U64(vj_hex(vj_get(cs, "output_state_hex"), bytes, 200), 200);
        lanes_from_bytes(bytes, want);
        lanes_from_arr(vj_get(cs, "output_lanes_hex"), tmp);
        check_lanes(want, tmp, "output lanes vs bytes", c);

        memcpy(st, in, sizeof st);
        hs_keccakf1600(st);
        check_lanes(st, want, "keccakf1600", c);
        memcpy(st, in, sizeof st);
        hs_keccakf1600_rounds(st, 0, 24);
        check_lanes(st, want, "rounds(0,24)", c);
        /* odd splits go through the single-round tail */
        unsigned splits[][3] = {{7, 17, 0}, {1, 22, 1}, {5, 5, 14}};
        for (int sp = 0; sp < 3; sp++) {
            memcpy(st, in, sizeof st);
            unsigned at = 0;
            for (int k = 0; k < 3; k++) {
                hs_keccakf1600_rounds(st, at, splits[sp][k]);
                at += splits[sp][k];
            }
            check_lanes(st, want, "rounds split", (size_t)sp);
        }
        /* out-of-range requests leave the state alone */
        memcpy(st, in, sizeof st);
        hs_keccakf1600_rounds(st, 20, 5);
        hs_keccakf1600_rounds(st, 25, 0);
        check_lanes(st, in, "rounds out of range", c);

        const vj *trace = vj_get(cs, "after_each_round_lanes_hex");
        if (trace) {
            CHECK_EQ_U64(vj_len(trace), 24);
            memcpy(st, in, sizeof st);
            for (unsigned r = 0; r < 24 && r < vj_len(trace); r++) {
                hs_keccakf1600_rounds(st, r, 1);
                lanes_from_arr(vj_at(trace, r), tmp);
                check_lanes(st, tmp, "after round", r);
            }
        }

        /* the vector in every column of the x4 kernels, with random neighbours */
        for (int j = 0; j < 4; j++) {
            uint64_t four[4][25];
            rand_lanes(rng, &four[0][0], 100);
            memcpy(four[j], in, sizeof in);
            check_x4((const uint64_t(*)[25])four, "vector column");
        }
        uint64_t batch[3 * 25];
        for (int k = 0; k < 3; k++) memcpy(batch + 25 * k, in, sizeof in);
        hs_keccakf1600_many(batch, 3, 1);
        for (int k = 0; k < 3; k++) check_lanes(batch + 25 * k, want, "many(3)", (size_t)k);
    }
    vj_free(doc);
}

/* One byte hash file: one-shot, incremental on random splits, x4 with random neighbours. */
static void byte_hash_vectors(hs_rng *rng, const char *file, uint8_t suffix, void (*oneshot)(uint8_t *, const uint8_t *, size_t),
                              void (*x4)(uint8_t[4][32], const uint8_t *const[4], size_t)) {
    vj *doc = vj_load(file);
    CHECK_EQ_U64(vj_u64(vj_path(doc, "parameters.rate_bytes")), HS_KECCAK256_RATE);
    CHECK_EQ_U64(strtoul(vj_str(vj_path(doc, "parameters.domain_suffix_byte")), NULL, 16), suffix);
    const vj *cases = vj_get(doc, "cases");
    CHECK(vj_len(cases) >= 2);
    int saw_empty = 0, saw_multiblock = 0;
    for (size_t c = 0; c < vj_len(cases) && !TOO_MANY_FAILURES(); c++) {
        const vj *cs = vj_at(cases, c);
        size_t len = (size_t)vj_u64(vj_get(cs, "message_len_bytes"));
        uint8_t *msg = malloc(len + 1), want[32], got[32];
        CHECK_EQ_U64(vj_hex(vj_get(cs, "message_hex"), msg, len), len);
        CHECK_EQ_U64(vj_hex(vj_get(cs, "digest_hex"), want, 32), 32);
        saw_empty |= len == 0;
        saw_multiblock |= len >= HS_KECCAK256_RATE;

        oneshot(got, len ? msg : NULL, len);
        if (memcmp(got, want, 32)) {
            fprintf(stderr, "%s case %s: one-shot digest differs\n", file, vj_str(vj_get(cs, "name")));
            hs_test_failures++;
        }

        /* random pieces (zero-sized ones too), then the digest squeezed in two pieces */
        for (int trial = 0; trial < 8; trial++) {
            hs_keccak_sponge s;
            CHECK(hs_keccak_sponge_init(&s, HS_KECCAK256_RATE, suffix));
            size_t off = 0;
            while (off < len) {
                size_t piece = (size_t)hs_rng_below(rng, trial < 4 ? 9 : 2 * HS_KECCAK256_RATE + 2);
                if (piece > len - off) piece = len - off;
                hs_keccak_sponge_absorb(&s, msg + off, piece);
                off += piece;
            }
            size_t cut = (size_t)hs_rng_below(rng, 33);
            hs_keccak_sponge_squeeze(&s, got, cut);
            hs_keccak_sponge_squeeze(&s, got + cut, 32 - cut);
            if (memcmp(got, want, 32)) {
                fprintf(stderr, "%s case %s: incremental digest differs (trial %d)\n", file, vj_str(vj_get(cs, "name")),
                        trial);
                hs_test_failures++;
            }
        }

        /* the message in lane j of the x4 hash, random messages of the same length elsewhere */
        uint8_t *others = malloc(4 * len + 1), out4[4][32];
        for (size_t i = 0; i < 4 * len; i++) others[i] = (uint8_t)hs_rng_u64(rng);
        for (int j = 0; j < 4; j++) {
            const uint8_t *in[4];
            for (int k = 0; k < 4; k++) in[k] = others + k * len;
            in[j] = msg;
            x4(out4, in, len);
            CHECK(!memcmp(out4[j], want, 32));
            for (int k = 0; k < 4; k++) {
                oneshot(got, in[k], len);
                CHECK(!memcmp(out4[k], got, 32));
            }
        }
        free(others);
        free(msg);
    }
    CHECK(saw_empty && saw_multiblock);
    vj_free(doc);
}

/* Sponge edge cases: argument checks, squeezing across block boundaries, SHAKE. */
static void sponge_edges(hs_rng *rng) {
    hs_keccak_sponge s;
    CHECK(!hs_keccak_sponge_init(&s, 0, 0x06));
    CHECK(!hs_keccak_sponge_init(&s, 137, 0x06));
    CHECK(!hs_keccak_sponge_init(&s, 200, 0x06));
    CHECK(!hs_keccak_sponge_init(&s, 136, 0x00));
    CHECK(!hs_keccak_sponge_init(&s, 136, 0x80));
    CHECK(hs_keccak_sponge_init(&s, 8, 0x7f));
    CHECK(hs_keccak_sponge_init(&s, 192, 0x01));

    /* SHAKE128("") and SHAKE256(""), first 32 bytes: the FIPS 202 example values (the same as
     * OpenSSL's / Python hashlib's shake_*). */
    static const uint8_t shake128_empty[32] = {0x7f, 0x9c, 0x2b, 0xa4, 0xe8, 0x8f, 0x82, 0x7d, 0x61, 0x60, 0x45,
                                               0x50, 0x76, 0x05, 0x85, 0x3e, 0xd7, 0x3b, 0x80, 0x93, 0xf6, 0xef,
                                               0xbc, 0x88, 0xeb, 0x1a, 0x6e, 0xac, 0xfa, 0x66, 0xef, 0x26};
    static const uint8_t shake256_empty[32] = {0x46, 0xb9, 0xdd, 0x2b, 0x0b, 0xa8, 0x8d, 0x13, 0x23, 0x3b, 0x3f,
                                               0xeb, 0x74, 0x3e, 0xeb, 0x24, 0x3f, 0xcd, 0x52, 0xea, 0x62, 0xb8,
                                               0x1b, 0x82, 0xb5, 0x0c, 0x27, 0x64, 0x6e, 0xd5, 0x76, 0x2f};
    uint8_t out[600], out2[600];
    CHECK(hs_keccak_sponge_init(&s, 168, HS_KECCAK_SUFFIX_SHAKE));
    hs_keccak_sponge_squeeze(&s, out, 32);
    CHECK(!memcmp(out, shake128_empty, 32));
    CHECK(hs_keccak_sponge_init(&s, 136, HS_KECCAK_SUFFIX_SHAKE));
    hs_keccak_sponge_squeeze(&s, out, 32);
    CHECK(!memcmp(out, shake256_empty, 32));

    /* long output: block k of the output is the rate part of the state after k+1 permutations
     * of the padded state; pieces of any size give the same bytes */
    uint8_t msg[300];
    for (int i = 0; i < 300; i++) msg[i] = (uint8_t)hs_rng_u64(rng);
    const unsigned rates[] = {72, 136, 168, 8, 192};
    for (int ri = 0; ri < 5; ri++) {
        unsigned rate = rates[ri];
        CHECK(hs_keccak_sponge_init(&s, rate, HS_KECCAK_SUFFIX_SHAKE));
        hs_keccak_sponge_absorb(&s, msg, 300);
        hs_keccak_sponge st0 = s; /* before padding */
        hs_keccak_sponge_squeeze(&s, out, sizeof out);
        /* reference: pad by hand */
        uint64_t ref[25];
        memcpy(ref, st0.st, sizeof ref);
        ref[st0.pos / 8] ^= (uint64_t)HS_KECCAK_SUFFIX_SHAKE << (8 * (st0.pos % 8));
        ref[(rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((rate - 1) % 8));
        CHECK_EQ_U64(st0.pos, 300 % rate);
        size_t done = 0;
        while (done < sizeof out) {
            hs_keccakf1600(ref);
            for (unsigned k = 0; k < rate && done < sizeof out; k++, done++)
                if (out[done] != (uint8_t)(ref[k / 8] >> (8 * (k % 8)))) {
                    fprintf(stderr, "rate %u: output byte %zu differs\n", rate, done);
                    hs_test_failures++;
                    done = sizeof out;
                    break;
                }
        }
        s = st0;
        size_t off = 0;
        while (off < sizeof out2) {
            size_t piece = (size_t)hs_rng_below(rng, 2 * rate + 3);
            if (piece > sizeof out2 - off) piece = sizeof out2 - off;
            hs_keccak_sponge_squeeze(&s, out2 + off, piece);
            off += piece;
        }
        CHECK(!memcmp(out, out2, sizeof out));
    }

    /* SHA3 and Keccak differ only in the suffix */
    uint8_t a[32], b[32];
    hs_sha3_256(a, msg, 10);
    hs_keccak256(b, msg, 10);
    CHECK(memcmp(a, b, 32) != 0);
}

static void random_x4(hs_rng *rng) {
    unsigned long iters = hs_test_iters(200);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t four[4][25];
        rand_lanes(rng, &four[0][0], 100);
        if (it % 8 == 1) memset(four, 0, sizeof four);
        if (it % 8 == 2) memset(four, 0xff, sizeof four);
        check_x4((const uint64_t(*)[25])four, "random");
    }
}

static void batches(hs_rng *rng) {
    const size_t sizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 33, 513, 1031};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && !TOO_MANY_FAILURES(); si++) {
        size_t n = sizes[si], words = 25 * n + 25; /* one guard state after the batch */
        uint64_t *ref = malloc(words * 8), *a = malloc(words * 8), *b = malloc(words * 8), *c = malloc(words * 8),
                 *d = malloc(words * 8), *e = malloc(words * 8), *f = malloc(words * 8);
        rand_lanes(rng, ref, words);
        memcpy(f, ref, words * 8);
        memcpy(a, ref, words * 8);
        memcpy(b, ref, words * 8);
        memcpy(c, ref, words * 8);
        memcpy(d, ref, words * 8);
        memcpy(e, ref, words * 8);
        for (size_t k = 0; k < n; k++) hs_keccakf1600(ref + 25 * k);
        hs_keccakf1600_many_portable(a, n);
        if (avx2)
            hs_keccakf1600_many_avx2(b, n);
        else
            memcpy(b, ref, words * 8); /* skipped without AVX2: compare as equal */
        hs_keccakf1600_many(c, n, 1);
        hs_keccakf1600_many(d, n, 2);
        hs_keccakf1600_many(e, n, 3);
        /* the AVX-512 kernel (8 states a vector, masked tails), where the CPU has it */
        if (hs_cpu_has_avx512())
            hs_keccakf1600_many_avx512(f, n);
        else
            memcpy(f, ref, words * 8);
        const uint64_t *got[6] = {a, b, c, d, e, f};
        const char *names[6] = {"many_portable", "many_avx2", "many 1 thread", "many 2 threads", "many 3 threads",
                                "many_avx512"};
        for (int k = 0; k < 6; k++)
            if (memcmp(ref, got[k], words * 8)) {
                fprintf(stderr, "%s differs from scalar at n=%zu\n", names[k], n);
                hs_test_failures++;
            }
        free(ref), free(a), free(b), free(c), free(d), free(e), free(f);
    }
}

/* The 8-way interleaved permutation: the AVX-512 kernel (where the CPU has it), the portable
 * twin and the dispatcher against eight scalar permutations, on random, all-zero and all-one
 * states; and the 8-message hashes against the one-message ones. */
static void random_x8(hs_rng *rng) {
    const unsigned long iters = hs_test_iters(100);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint64_t eight[8][25], st[3][25 * 8];
        rand_lanes(rng, &eight[0][0], 200);
        if (it % 8 == 1) memset(eight, 0, sizeof eight);
        if (it % 8 == 2) memset(eight, 0xff, sizeof eight);
        for (unsigned i = 0; i < 25; i++)
            for (unsigned j = 0; j < 8; j++) st[0][8 * i + j] = st[1][8 * i + j] = st[2][8 * i + j] = eight[j][i];
        for (unsigned j = 0; j < 8; j++) hs_keccakf1600(eight[j]);
        hs_keccakf1600_x8_portable(st[0]);
        hs_keccakf1600_x8(st[1]);
        if (hs_cpu_has_avx512())
            hs_keccakf1600_x8_avx512(st[2]);
        else
            hs_keccakf1600_x8_portable(st[2]);
        for (int k = 0; k < 3; k++)
            for (unsigned i = 0; i < 25; i++)
                for (unsigned j = 0; j < 8; j++) CHECK_EQ_U64(st[k][8 * i + j], eight[j][i]);
    }
    const size_t lens[] = {0, 1, 64, 135, 136, 137, 272, 1000};
    uint8_t *buf = malloc(8 * 1000);
    for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
        const size_t len = lens[li];
        for (size_t i = 0; i < 8 * len; i++) buf[i] = (uint8_t)hs_rng_u64(rng);
        const uint8_t *in[8];
        for (int j = 0; j < 8; j++) in[j] = buf + j * len;
        uint8_t out8[8][32], one[32];
        hs_keccak256_x8(out8, in, len);
        for (int j = 0; j < 8; j++) {
            hs_keccak256(one, in[j], len);
            CHECK(!memcmp(out8[j], one, 32));
        }
        hs_sha3_256_x8(out8, in, len);
        for (int j = 0; j < 8; j++) {
            hs_sha3_256(one, in[j], len);
            CHECK(!memcmp(out8[j], one, 32));
        }
    }
    free(buf);
}

static void hash_x4_random(hs_rng *rng) {
    const size_t lens[] = {0, 1, 7, 8, 31, 32, 64, 135, 136, 137, 271, 272, 273, 1000};
    uint8_t *buf = malloc(4 * 1000);
    for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
        size_t len = lens[li];
        for (size_t i = 0; i < 4 * len; i++) buf[i] = (uint8_t)hs_rng_u64(rng);
        const uint8_t *in[4] = {buf, buf + len, buf + 2 * len, buf + 3 * len};
        uint8_t out4[4][32], one[32];
        hs_keccak256_x4(out4, in, len);
        for (int j = 0; j < 4; j++) {
            hs_keccak256(one, in[j], len);
            CHECK(!memcmp(out4[j], one, 32));
        }
        hs_sha3_256_x4(out4, in, len);
        for (int j = 0; j < 4; j++) {
            hs_sha3_256(one, in[j], len);
            CHECK(!memcmp(out4[j], one, 32));
        }
    }
    free(buf);
}

/* The leaf kernels (x4 portable/AVX2, x8 portable/AVX-512) and the strided API against the scalar
 * sponge: random rows at odd, unrelated offsets, lengths around the 136-byte rate and the lane
 * and 64-byte load boundaries, both paddings. */
static void leaf_kernels(hs_rng *rng) {
    const size_t lens[] = {0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 135, 136, 137, 143, 144, 200, 271, 272,
                           273, 407, 408, 409, 544, 1000, 1361};
    enum { MAXLEN = 1361, SLOT = MAXLEN + 64 };
    uint8_t *buf = malloc(8 * SLOT);
    const uint8_t suffixes[2] = {HS_KECCAK_SUFFIX_KECCAK, HS_KECCAK_SUFFIX_SHA3};
    const int reps = hs_test_sanitized() ? 1 : 4;
    for (size_t li = 0; li < sizeof lens / sizeof *lens; li++)
        for (int rep = 0; rep < reps; rep++) {
            const size_t len = lens[li];
            const uint8_t *in[8];
            uint8_t *own[8];
            for (int j = 0; j < 8; j++) { /* each row at an offset of 0..63 bytes, ending where its allocation ends */
                const size_t skip = hs_rng_u64(rng) % 64;
                own[j] = malloc(skip + len ? skip + len : 1);
                for (size_t i = 0; i < skip + len; i++) own[j][i] = (uint8_t)hs_rng_u64(rng);
                in[j] = own[j] + skip;
            }
            for (int si = 0; si < 2; si++) {
                const uint8_t sfx = suffixes[si];
                uint8_t want[8][32], got[8][32];
                for (int j = 0; j < 8; j++) (sfx == HS_KECCAK_SUFFIX_SHA3 ? hs_sha3_256 : hs_keccak256)(want[j], in[j], len);
                hs_keccak_hash256_x8_portable(got, in, len, sfx);
                CHECK(!memcmp(got, want, sizeof got));
                hs_keccak_hash256_x4_portable(got, in, len, sfx);
                hs_keccak_hash256_x4_portable(got + 4, in + 4, len, sfx);
                CHECK(!memcmp(got, want, sizeof got));
                if (hs_cpu_has_avx512()) {
                    memset(got, 0, sizeof got);
                    hs_keccak_hash256_x8_avx512(got, in, len, sfx);
                    CHECK(!memcmp(got, want, sizeof got));
                }
                if (avx2) {
                    memset(got, 0, sizeof got);
                    hs_keccak_hash256_x4_avx2(got, in, len, sfx);
                    hs_keccak_hash256_x4_avx2(got + 4, in + 4, len, sfx);
                    CHECK(!memcmp(got, want, sizeof got));
                }
            }
            for (int j = 0; j < 8; j++) free(own[j]);
        }
    /* strided, n not a multiple of 4 or 8 (a short last group repeats its last row) */
    const size_t slens[] = {0, 64, 135, 136, 137, 408, 1000};
    for (size_t li = 0; li < sizeof slens / sizeof *slens; li++)
        for (size_t n = 1; n <= 11; n += 2) {
            const size_t len = slens[li], stride = len + 3;
            if (n * stride > 8 * SLOT) continue;
            for (size_t i = 0; i < n * stride; i++) buf[i] = (uint8_t)hs_rng_u64(rng);
            uint8_t got[11][32], one[32];
            hs_keccak256_strided(got, buf + 1, stride, len, n);
            for (size_t i = 0; i < n; i++) {
                hs_keccak256(one, buf + 1 + i * stride, len);
                CHECK(!memcmp(got[i], one, 32));
            }
            hs_sha3_256_strided(got, buf + 1, stride, len, n);
            for (size_t i = 0; i < n; i++) {
                hs_sha3_256(one, buf + 1 + i * stride, len);
                CHECK(!memcmp(got[i], one, 32));
            }
        }
    free(buf);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_keccak");
    avx2 = hs_cpu_has_avx2();
    printf("AVX2 kernel %s\n", avx2 ? "active" : "unavailable (AVX2 comparisons skipped)");
    permutation_vectors(&rng);
    byte_hash_vectors(&rng, "sha3_256.json", HS_KECCAK_SUFFIX_SHA3, hs_sha3_256, hs_sha3_256_x4);
    byte_hash_vectors(&rng, "keccak256.json", HS_KECCAK_SUFFIX_KECCAK, hs_keccak256, hs_keccak256_x4);
    sponge_edges(&rng);
    random_x4(&rng);
    batches(&rng);
    hash_x4_random(&rng);
    printf("AVX-512 kernel %s\n", hs_cpu_has_avx512() ? "active" : "unavailable (AVX-512 comparisons skipped)");
    random_x8(&rng);
    leaf_kernels(&rng);
    return hs_test_done("test_keccak");
}
