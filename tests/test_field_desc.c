/* Field descriptors (field/field_desc.h) and the proof writer and reader through them: each
 * KoalaBear instance writes its coefficients as canonical u32 LE (checked against bytes built by
 * hand), reads back what it wrote, rejects a word >= p at every coefficient position, zeroes the
 * coefficients above d; hs_r_elems reports truncation and non-canonical input with their reasons
 * and zeroes the output; hs_field_kb5 and hs_field_kbe(5) agree; log2 |K| is d log2 p. The binary
 * fields GF(2^128) and GF(2^256): bytes built by hand (bit i of an element = bit i % 8 of byte
 * i / 8), every byte string read back and rewritten unchanged, the writer and reader, truncation,
 * and a challenge is exactly the squeezed bytes read as an element. */
#include <math.h>
#include <string.h>

#include "field/field_desc.h"
#include "field/gf2_128.h"
#include "field/kbe.h"
#include "proof/bytes.h"
#include "testutil.h"

static void put32(uint8_t *b, uint32_t x) {
    for (int i = 0; i < 4; i++) b[i] = (uint8_t)(x >> (8 * i));
}

/* Random elements of f (coefficients below d random, the rest zero) and their expected bytes. */
static void rand_elems(hs_rng *rng, const hs_field_desc *f, void *v, uint8_t *bytes, size_t n) {
    memset(v, 0, n * f->elem_size);
    for (size_t i = 0; i < n; i++) {
        hs_kb *c = (hs_kb *)((uint8_t *)v + i * f->elem_size);
        for (unsigned k = 0; k < f->degree; k++) {
            uint32_t x = (uint32_t)hs_rng_below(rng, HS_KB_P);
            c[k] = hs_kb_from_u32(x);
            put32(bytes + i * f->elem_bytes + 4 * k, x);
        }
    }
}

static void test_instance(hs_rng *rng, const hs_field_desc *f) {
    enum { N = 7 };
    hs_kbe v[N], back[N]; /* large enough for every instance */
    uint8_t want[N * 32], got[N * 32];
    CHECK_EQ_U64(f->elem_bytes, 4 * f->degree);
    CHECK(f->elem_size <= sizeof(hs_kbe));
    CHECK_EQ_U64(f->char2, 0);
    CHECK(fabs(hs_field_bits(f) - f->degree * log2(2130706433.0)) < 1e-12);
    for (int it = 0; it < 50 && !TOO_MANY_FAILURES(); it++) {
        rand_elems(rng, f, v, want, N);
        f->write(got, v, N);
        CHECK(!memcmp(got, want, N * f->elem_bytes));
        memset(back, 0xa5, sizeof back);
        CHECK(f->read(back, got, N));
        CHECK(!memcmp(back, v, N * f->elem_size)); /* coefficients above d read as zero too */
        /* the writer and reader */
        hs_writer w = {0};
        hs_w_u8(&w, 0x5a);
        hs_w_elems(&w, f, v, N);
        CHECK(!w.err && w.len == 1 + N * f->elem_bytes && !memcmp(w.data + 1, want, N * f->elem_bytes));
        hs_reader r;
        hs_r_init(&r, w.data, w.len);
        CHECK_EQ_U64(hs_r_u8(&r), 0x5a);
        hs_r_elems(&r, f, back, N);
        CHECK(!r.err && hs_r_left(&r) == 0 && !memcmp(back, v, N * f->elem_size));
        /* a word >= p anywhere: rejected with its reason, everything zeroed */
        size_t at = (size_t)hs_rng_below(rng, N * f->degree);
        uint32_t bad = it % 3 == 0 ? HS_KB_P : it % 3 == 1 ? 0xffffffffu
                                                            : HS_KB_P + (uint32_t)hs_rng_below(rng, 0xffffffffu - HS_KB_P + 1ull);
        put32(w.data + 1 + 4 * at, bad);
        CHECK(!f->read(back, w.data + 1, N));
        hs_r_init(&r, w.data + 1, w.len - 1);
        hs_r_elems(&r, f, back, N);
        CHECK(r.err && !strcmp(r.err, "non-canonical field element"));
        for (size_t i = 0; i < N * f->elem_size; i++) CHECK_EQ_U64(((uint8_t *)back)[i], 0);
        /* one byte short: truncated, zeroed */
        put32(w.data + 1 + 4 * at, 0);
        memset(back, 0xa5, sizeof back);
        hs_r_init(&r, w.data + 1, w.len - 2);
        hs_r_elems(&r, f, back, N);
        CHECK(r.err && !strcmp(r.err, "truncated"));
        for (size_t i = 0; i < N * f->elem_size; i++) CHECK_EQ_U64(((uint8_t *)back)[i], 0);
        /* a reader already failed stays with its first reason */
        hs_r_init(&r, w.data + 1, w.len - 1);
        hs_r_fail(&r, "earlier");
        hs_r_elems(&r, f, back, N);
        CHECK(!strcmp(r.err, "earlier"));
        hs_w_free(&w);
    }
}

/* A byte source counting up from *(uint8_t *)src. */
static void count_squeeze(void *src, void *out, size_t len) {
    uint8_t *c = src, *o = out;
    for (size_t i = 0; i < len; i++) o[i] = (*c)++;
}

/* GF(2^128) (words = 2) or GF(2^256) (words = 4): elements as arrays of u64, coefficient bits low first. */
static void test_binary(hs_rng *rng, const hs_field_desc *f, unsigned words) {
    enum { N = 5 };
    uint64_t v[N * 4], back[N * 4];
    uint8_t want[N * 32], got[N * 32];
    CHECK_EQ_U64(f->char2, 1);
    CHECK_EQ_U64(f->degree, 64 * words);
    CHECK_EQ_U64(f->elem_bytes, 8 * words);
    CHECK_EQ_U64(f->elem_size, 8 * words);
    CHECK(hs_field_bits(f) == 64.0 * words);
    for (int it = 0; it < 50 && !TOO_MANY_FAILURES(); it++) {
        for (size_t i = 0; i < N * words; i++) v[i] = hs_rng_u64(rng);
        memset(want, 0, sizeof want);
        for (size_t b = 0; b < N * words * 64; b++)
            if (v[b / 64] >> (b % 64) & 1) want[b / 8] |= (uint8_t)(1u << (b % 8));
        f->write(got, v, N);
        CHECK(!memcmp(got, want, N * f->elem_bytes));
        memset(back, 0xa5, sizeof back);
        CHECK(f->read(back, got, N));
        CHECK(!memcmp(back, v, N * f->elem_size));
        /* every byte string is an element: random bytes read and written back unchanged */
        for (size_t i = 0; i < N * f->elem_bytes; i++) want[i] = (uint8_t)hs_rng_u64(rng);
        CHECK(f->read(back, want, N));
        f->write(got, back, N);
        CHECK(!memcmp(got, want, N * f->elem_bytes));
        hs_writer w = {0};
        hs_w_elems(&w, f, v, N);
        CHECK(!w.err && w.len == N * f->elem_bytes);
        hs_reader r;
        hs_r_init(&r, w.data, w.len);
        hs_r_elems(&r, f, back, N);
        CHECK(!r.err && hs_r_left(&r) == 0 && !memcmp(back, v, N * f->elem_size));
        hs_r_init(&r, w.data, w.len - 1);
        hs_r_elems(&r, f, back, N);
        CHECK(r.err && !strcmp(r.err, "truncated"));
        hs_w_free(&w);
    }
    /* a challenge: the next elem_bytes squeezed bytes, little-endian */
    uint8_t ctr = 7;
    memset(v, 0, sizeof v);
    f->sample(v, count_squeeze, &ctr);
    CHECK_EQ_U64(ctr, 7 + f->elem_bytes);
    for (unsigned i = 0; i < f->elem_bytes; i++) CHECK_EQ_U64((v[i / 8] >> (8 * (i % 8))) & 0xff, 7 + i);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_field_desc");
    CHECK(hs_field_kbe(0) == NULL && hs_field_kbe(3) == NULL && hs_field_kbe(6) == NULL && hs_field_kbe(9) == NULL);
    const hs_field_desc *all[5] = {&hs_field_kb, hs_field_kbe(4), hs_field_kbe(5), hs_field_kbe(8), &hs_field_kb5};
    const unsigned deg[5] = {1, 4, 5, 8, 5};
    for (int k = 0; k < 5; k++) {
        CHECK(all[k] != NULL);
        if (!all[k]) continue;
        CHECK_EQ_U64(all[k]->degree, deg[k]);
        CHECK_EQ_U64(all[k]->id, deg[k]);
        test_instance(&rng, all[k]);
    }
    CHECK_EQ_U64(hs_field_kb.elem_size, sizeof(hs_kb));
    CHECK_EQ_U64(hs_field_kb5.elem_size, sizeof(hs_kb5));
    CHECK_EQ_U64(hs_field_kbe(4)->elem_size, sizeof(hs_kbe));
    /* the quintic as hs_kb5 and as hs_kbe: the same bytes, the same bits */
    hs_kb5 a[3];
    hs_kbe b[3];
    for (int i = 0; i < 3; i++) {
        a[i] = hs_test_rand_kb5(&rng);
        b[i] = hs_kbe_zero();
        memcpy(b[i].c, a[i].c, sizeof a[i].c);
    }
    uint8_t x[60], y[60];
    hs_field_kb5.write(x, a, 3);
    hs_field_kbe(5)->write(y, b, 3);
    CHECK(!memcmp(x, y, 60));
    CHECK(hs_field_bits(&hs_field_kb5) == hs_field_bits(hs_field_kbe(5)));
    CHECK(hs_field_bits(&hs_field_kb5) == 5.0 * log2(2130706433.0)); /* the value the soundness files used */
    CHECK(sizeof(hs_gf128) == 16 && sizeof(hs_gf256) == 32);
    CHECK_EQ_U64(hs_field_gf2_128.id, HS_FIELD_GF2_128);
    CHECK_EQ_U64(hs_field_gf2_256.id, HS_FIELD_GF2_256);
    CHECK(!strcmp(hs_field_gf2_128.name, "gf2-128") && !strcmp(hs_field_gf2_256.name, "gf2-256"));
    test_binary(&rng, &hs_field_gf2_128, 2);
    test_binary(&rng, &hs_field_gf2_256, 4);
    /* GF(2^8): every byte is an element, written as itself; a challenge is the next squeezed byte */
    CHECK_EQ_U64(hs_field_gf2_8.id, HS_FIELD_GF2_8);
    CHECK(!strcmp(hs_field_gf2_8.name, "gf2-8") && hs_field_gf2_8.char2 && hs_field_bits(&hs_field_gf2_8) == 8.0);
    CHECK(hs_field_gf2_8.elem_bytes == 1 && hs_field_gf2_8.elem_size == 1);
    uint8_t all8[256], out8[256], back8[256];
    for (unsigned i = 0; i < 256; i++) all8[i] = (uint8_t)(255 - i);
    hs_field_gf2_8.write(out8, all8, 256);
    CHECK(!memcmp(out8, all8, 256));
    CHECK(hs_field_gf2_8.read(back8, out8, 256) && !memcmp(back8, all8, 256));
    uint8_t ctr8 = 41, e8 = 0;
    hs_field_gf2_8.sample(&e8, count_squeeze, &ctr8);
    CHECK(ctr8 == 42 && e8 == 41);
    return hs_test_done("test_field_desc");
}
