/* Fiat-Shamir transcript: a known answer built by hand on hs_keccakf1600, a plain byte-string model
 * of the documented duplex (transcript.c's header comment) run against the real one on random
 * operation sequences, prover/verifier replay, order and direction sensitivity, sampling ranges
 * and rough uniformity, and grinding (smallest nonce, same for 1/2/3 threads, every state position,
 * check_pow consistency). */
#include <string.h>

#include "field/field_desc.h"
#include "field/kb.h"
#include "field/kbe.h"
#include "hash/keccak.h"
#include "testutil.h"
#include "transcript/transcript.h"

static hs_rng rng;

static hs_kb sample_kb(hs_transcript *t) {
    hs_kb x;
    hs_transcript_sample(t, &hs_field_kb, &x);
    return x;
}
static hs_kbe sample_kbe(hs_transcript *t, unsigned d) {
    hs_kbe x;
    hs_transcript_sample(t, hs_field_kbe(d), &x);
    return x;
}

/* ---------------------------------------------------------------- model of the spec */

typedef struct {
    uint8_t s[200];
    unsigned pos;
    int sq;
} model;

static void model_f(model *m) {
    uint64_t st[25];
    for (int i = 0; i < 25; i++) {
        st[i] = 0;
        for (int k = 0; k < 8; k++) st[i] |= (uint64_t)m->s[8 * i + k] << (8 * k);
    }
    hs_keccakf1600(st);
    for (int i = 0; i < 25; i++)
        for (int k = 0; k < 8; k++) m->s[8 * i + k] = (uint8_t)(st[i] >> (8 * k));
}

static void model_absorb(model *m, const uint8_t *in, size_t len) {
    if (m->sq) {
        m->s[199] ^= 0x02;
        model_f(m);
        m->pos = 0;
        m->sq = 0;
    }
    for (size_t i = 0; i < len; i++) {
        m->s[m->pos++] ^= in[i];
        if (m->pos == 136) {
            model_f(m);
            m->pos = 0;
        }
    }
}

static void model_squeeze(model *m, uint8_t *out, size_t len) {
    if (!m->sq) {
        m->s[m->pos] ^= 0x01;
        m->s[135] ^= 0x80;
        m->s[199] ^= 0x01;
        model_f(m);
        m->pos = 0;
        m->sq = 1;
    }
    for (size_t i = 0; i < len; i++) {
        if (m->pos == 136) {
            model_f(m);
            m->pos = 0;
        }
        out[i] = m->s[m->pos++];
    }
}

static void model_init(model *m, const char *tag) {
    memset(m, 0, sizeof *m);
    uint8_t len[8] = {0};
    size_t n = strlen(tag);
    for (int i = 0; i < 8; i++) len[i] = (uint8_t)((uint64_t)n >> (8 * i));
    model_absorb(m, len, 8);
    model_absorb(m, (const uint8_t *)tag, n);
}

static uint32_t model_u32(model *m) {
    uint8_t b[4];
    model_squeeze(m, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* ---------------------------------------------------------------- tests */

/* init("T"); absorb "abc"; squeeze 32, written out directly on the permutation. */
static void test_known_answer(void) {
    uint64_t st[25] = {0};
    st[0] = 1;                          /* u64 LE length of the tag */
    st[1] = 'T' | 'a' << 8 | 'b' << 16 | (uint64_t)'c' << 24; /* tag, then "abc" */
    st[1] ^= (uint64_t)0x01 << 32;      /* pad at byte 12 */
    st[16] ^= (uint64_t)0x80 << 56;     /* last rate byte 135 */
    st[24] ^= (uint64_t)0x01 << 56;     /* direction byte 199: to squeeze */
    hs_keccakf1600(st);
    uint8_t want[32], got[32];
    for (int i = 0; i < 32; i++) want[i] = (uint8_t)(st[i / 8] >> (8 * (i % 8)));
    hs_transcript t;
    hs_transcript_init(&t, "T");
    hs_transcript_absorb(&t, "abc", 3);
    hs_transcript_squeeze(&t, got, 32);
    CHECK(!memcmp(got, want, 32));
    /* then absorb 8 bytes and squeeze 8: direction byte 0x02, permute, absorb at 0, pad, 0x01, permute */
    st[24] ^= (uint64_t)0x02 << 56;
    hs_keccakf1600(st);
    st[0] ^= 0x0706050403020100ull;
    st[1] ^= 0x01;
    st[16] ^= (uint64_t)0x80 << 56;
    st[24] ^= (uint64_t)0x01 << 56;
    hs_keccakf1600(st);
    hs_transcript_absorb_u64(&t, 0x0706050403020100ull);
    hs_transcript_squeeze(&t, got, 8);
    for (int i = 0; i < 8; i++) CHECK_EQ_U64(got[i], (uint8_t)(st[0] >> (8 * i)));
}

/* Random operation sequences (any lengths, across block boundaries) against the model. */
static void test_model(void) {
    unsigned long iters = hs_test_iters(200);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        char tag[40];
        size_t tl = (size_t)hs_rng_below(&rng, sizeof tag);
        for (size_t i = 0; i < tl; i++) tag[i] = (char)('a' + hs_rng_below(&rng, 26));
        tag[tl] = 0;
        hs_transcript t;
        model m;
        hs_transcript_init(&t, tag);
        model_init(&m, tag);
        for (int op = 0; op < 12; op++) {
            uint8_t buf[700], a[700];
            size_t len = (size_t)hs_rng_below(&rng, hs_rng_below(&rng, 2) ? 10 : 600);
            switch (hs_rng_below(&rng, 7)) {
            case 0:
                for (size_t i = 0; i < len; i++) buf[i] = (uint8_t)hs_rng_u64(&rng);
                hs_transcript_absorb(&t, buf, len);
                model_absorb(&m, buf, len);
                break;
            case 1:
                hs_transcript_squeeze(&t, a, len);
                model_squeeze(&m, buf, len);
                CHECK(!memcmp(a, buf, len));
                break;
            case 2: {
                hs_kb v[20];
                size_t n = (size_t)hs_rng_below(&rng, 20);
                for (size_t i = 0; i < n; i++) {
                    uint32_t x = (uint32_t)hs_rng_below(&rng, HS_KB_P);
                    v[i] = hs_kb_from_u32(x);
                    for (int b = 0; b < 4; b++) buf[4 * i + b] = (uint8_t)(x >> (8 * b));
                }
                hs_transcript_absorb_elems(&t, &hs_field_kb, v, n);
                model_absorb(&m, buf, 4 * n);
                break;
            }
            case 3: {
                static const unsigned ds[3] = {4, 5, 8};
                unsigned d = ds[hs_rng_below(&rng, 3)];
                hs_kbe v[5];
                size_t n = (size_t)hs_rng_below(&rng, 5), k = 0;
                for (size_t i = 0; i < n; i++) {
                    v[i] = hs_kbe_zero();
                    for (unsigned c = 0; c < d; c++) {
                        uint32_t x = (uint32_t)hs_rng_below(&rng, HS_KB_P);
                        v[i].c[c] = hs_kb_from_u32(x);
                        for (int b = 0; b < 4; b++) buf[k++] = (uint8_t)(x >> (8 * b));
                    }
                }
                hs_transcript_absorb_elems(&t, hs_field_kbe(d), v, n);
                model_absorb(&m, buf, k);
                break;
            }
            case 4: {
                hs_digest dg[4];
                size_t n = (size_t)hs_rng_below(&rng, 4);
                for (size_t i = 0; i < n; i++)
                    for (int b = 0; b < 32; b++) buf[32 * i + b] = dg[i].b[b] = (uint8_t)hs_rng_u64(&rng);
                hs_transcript_absorb_digests(&t, dg, n);
                model_absorb(&m, buf, 32 * n);
                break;
            }
            case 5: {
                uint32_t x;
                hs_kb got = sample_kb(&t);
                do x = model_u32(&m) & 0x7fffffffu;
                while (x >= HS_KB_P);
                CHECK_EQ_U64(hs_kb_to_u32(got), x);
                unsigned bits = (unsigned)hs_rng_below(&rng, 33);
                uint32_t sb = hs_transcript_sample_bits(&t, bits), mb = model_u32(&m);
                CHECK_EQ_U64(sb, bits == 32 ? mb : mb & ((1u << bits) - 1));
                break;
            }
            default: {
                uint64_t nonce = hs_rng_u64(&rng);
                unsigned bits = (unsigned)hs_rng_below(&rng, 4);
                int ok = hs_transcript_check_pow(&t, bits, nonce);
                uint8_t nb[8], w[8];
                for (int b = 0; b < 8; b++) nb[b] = (uint8_t)(nonce >> (8 * b));
                model_absorb(&m, nb, 8);
                model_squeeze(&m, w, 8);
                CHECK_EQ_U64(ok, (w[0] & ((1u << bits) - 1)) == 0);
            }
            }
            CHECK_EQ_U64(t.pos, m.pos);
            CHECK_EQ_U64(!!t.squeezing, m.sq);
        }
        uint8_t a[40], b[40];
        hs_transcript_squeeze(&t, a, 40);
        model_squeeze(&m, b, 40);
        CHECK(!memcmp(a, b, 40));
    }
}

static void squeeze32(hs_transcript *t, uint8_t out[32]) { hs_transcript_squeeze(t, out, 32); }

static void test_properties(void) {
    uint8_t a[32], b[32], c[32];
    hs_transcript p, v, x;
    /* prover / verifier replay */
    hs_transcript_init(&p, "hashsnark-test");
    hs_transcript_init(&v, "hashsnark-test");
    for (int r = 0; r < 10; r++) {
        uint8_t msg[100];
        for (int i = 0; i < 100; i++) msg[i] = (uint8_t)hs_rng_u64(&rng);
        hs_transcript_absorb(&p, msg, 37 + r);
        hs_transcript_absorb(&v, msg, 37 + r);
        hs_kb cp = sample_kb(&p), cv = sample_kb(&v);
        CHECK_EQ_U64(cp, cv);
        hs_kbe ep = sample_kbe(&p, 5), ev = sample_kbe(&v, 5);
        CHECK(hs_kbe_eq(ep, ev));
        CHECK_EQ_U64(hs_transcript_sample_bits(&p, 20), hs_transcript_sample_bits(&v, 20));
    }
    CHECK(!memcmp(&p, &v, sizeof p));
    /* domain tags */
    hs_transcript_init(&p, "a");
    hs_transcript_init(&v, "b");
    squeeze32(&p, a), squeeze32(&v, b);
    CHECK(memcmp(a, b, 32));
    hs_transcript_init(&p, "");
    hs_transcript_init(&v, NULL);
    squeeze32(&p, a), squeeze32(&v, b);
    CHECK(!memcmp(a, b, 32));
    /* order matters */
    hs_transcript_init(&p, "t");
    hs_transcript_init(&v, "t");
    hs_transcript_absorb_u64(&p, 1), hs_transcript_absorb_u64(&p, 2);
    hs_transcript_absorb_u64(&v, 2), hs_transcript_absorb_u64(&v, 1);
    squeeze32(&p, a), squeeze32(&v, b);
    CHECK(memcmp(a, b, 32));
    /* absorbs concatenate; a squeeze in between (even an empty one) changes everything after */
    hs_transcript_init(&p, "t");
    hs_transcript_init(&v, "t");
    hs_transcript_init(&x, "t");
    hs_transcript_absorb(&p, "abcdef", 6);
    hs_transcript_absorb(&v, "abc", 3), hs_transcript_absorb(&v, "def", 3);
    hs_transcript_absorb(&x, "abc", 3), hs_transcript_squeeze(&x, c, 0), hs_transcript_absorb(&x, "def", 3);
    squeeze32(&p, a), squeeze32(&v, b), squeeze32(&x, c);
    CHECK(!memcmp(a, b, 32));
    CHECK(memcmp(a, c, 32));
    /* squeezes concatenate; an absorb in between (even an empty one) changes what follows */
    hs_transcript_init(&p, "t");
    hs_transcript_init(&v, "t");
    hs_transcript_init(&x, "t");
    uint8_t big[300], part[300];
    hs_transcript_squeeze(&p, big, 300);
    hs_transcript_squeeze(&v, part, 100), hs_transcript_squeeze(&v, part + 100, 200);
    CHECK(!memcmp(big, part, 300));
    hs_transcript_squeeze(&x, part, 100), hs_transcript_absorb(&x, "", 0), hs_transcript_squeeze(&x, part + 100, 200);
    CHECK(!memcmp(big, part, 100));
    CHECK(memcmp(big + 100, part + 100, 200));
    /* absorb of a value vs its encoding */
    hs_transcript_init(&p, "t");
    hs_transcript_init(&v, "t");
    hs_kb one = HS_KB_ONE;
    hs_transcript_absorb_elems(&p, &hs_field_kb, &one, 1);
    hs_transcript_absorb(&v, "\x01\x00\x00\x00", 4);
    squeeze32(&p, a), squeeze32(&v, b);
    CHECK(!memcmp(a, b, 32));
}

static void test_sampling(void) {
    hs_transcript t;
    hs_transcript_init(&t, "sampling");
    const int N = 20000;
    double sum = 0;
    for (int i = 0; i < N; i++) {
        hs_kb x = sample_kb(&t);
        CHECK(x < HS_KB_P);
        uint32_t c = hs_kb_to_u32(x);
        CHECK(c < HS_KB_P);
        sum += c;
        if (TOO_MANY_FAILURES()) return;
    }
    double mean = sum / N / HS_KB_P; /* 0.5 +- 0.002 (one sigma) */
    CHECK(mean > 0.49 && mean < 0.51);
    for (unsigned d = 4; d <= 8; d += 1 + (d == 5) * 2) { /* 4, 5, 8 */
        hs_kbe e = sample_kbe(&t, d);
        for (unsigned c = 0; c < HS_KBE_MAX; c++) {
            if (c < d) CHECK(e.c[c] < HS_KB_P);
            else CHECK_EQ_U64(e.c[c], 0);
        }
    }
    /* an F_p^5 challenge = 5 base challenges, as hs_kbe or as hs_kb5 */
    hs_transcript a = t, b = t, q = t;
    hs_kbe e = sample_kbe(&a, 5);
    hs_kb5 e5;
    hs_transcript_sample(&q, &hs_field_kb5, &e5);
    for (unsigned c = 0; c < 5; c++) CHECK_EQ_U64(e.c[c], sample_kb(&b));
    for (unsigned c = 0; c < 5; c++) CHECK_EQ_U64(e5.c[c], e.c[c]);
    CHECK(!memcmp(&a, &q, sizeof a));
    for (unsigned bits = 0; bits <= 32; bits++) {
        uint32_t orv = 0;
        for (int i = 0; i < 200; i++) {
            uint32_t x = hs_transcript_sample_bits(&t, bits);
            if (bits < 32) CHECK(x < (1ull << bits));
            orv |= x;
        }
        CHECK_EQ_U64(orv, bits == 32 ? 0xffffffffu : (uint32_t)((1ull << bits) - 1)); /* every bit seen */
    }
    CHECK_EQ_U64(hs_transcript_sample_bits(&t, 40) >> 31 <= 1, 1);
}

/* The proof-of-work predicate computed by the model from a copy of t's state. */
static int model_pow(const hs_transcript *t, unsigned bits, uint64_t nonce) {
    model m;
    for (int i = 0; i < 200; i++) m.s[i] = (uint8_t)(t->st[i / 8] >> (8 * (i % 8)));
    m.pos = t->pos;
    m.sq = t->squeezing;
    uint8_t nb[8], w[8];
    for (int b = 0; b < 8; b++) nb[b] = (uint8_t)(nonce >> (8 * b));
    model_absorb(&m, nb, 8);
    model_squeeze(&m, w, 8);
    uint64_t x = 0;
    for (int b = 7; b >= 0; b--) x = x << 8 | w[b];
    return (x & ((1ull << bits) - 1)) == 0;
}

/* Plain search: the first nonce that check_pow accepts on a copy. */
static uint64_t naive_grind(const hs_transcript *t, unsigned bits) {
    for (uint64_t n = 0;; n++) {
        hs_transcript c = *t;
        if (hs_transcript_check_pow(&c, bits, n)) return n;
    }
}

static void test_grind(void) {
    hs_transcript t;
    hs_transcript_init(&t, "grind");
    CHECK_EQ_U64(hs_transcript_grind(&t, 0, 1), 0);
    /* every byte position of an absorbing state (fast and two-permutation paths), and squeezing states */
    for (unsigned pos = 0; pos < 136 + 10 && !TOO_MANY_FAILURES(); pos++) {
        hs_transcript_init(&t, "grind");
        uint8_t buf[300];
        for (int i = 0; i < 300; i++) buf[i] = (uint8_t)hs_rng_u64(&rng);
        if (pos < 136) {
            hs_transcript_absorb(&t, buf, 136 - 16 + pos); /* tag takes 13 bytes: pos (mod 136) after */
            hs_transcript_absorb(&t, buf, (pos + 136 - t.pos) % 136);
            CHECK_EQ_U64(t.pos, pos);
        } else {
            /* squeezing at various positions, including a full block (next read permutes) */
            hs_transcript_squeeze(&t, buf, pos < 136 + 8 ? (pos - 136) * 19 : 136 * (pos - 136 - 7));
        }
        unsigned bits = 8 + pos % 5;
        uint64_t want = naive_grind(&t, bits);
        hs_transcript before = t;
        for (unsigned th = 1; th <= 3; th++) CHECK_EQ_U64(hs_transcript_grind(&t, bits, th), want);
        CHECK(!memcmp(&t, &before, sizeof t)); /* grind leaves the transcript alone */
        hs_transcript p = t, v = t;
        CHECK(hs_transcript_check_pow(&p, bits, want) == 1);
        CHECK(hs_transcript_check_pow(&v, bits, want) == 1);
        CHECK(!memcmp(&p, &v, sizeof p));
        CHECK(model_pow(&t, bits, want) == 1);
        /* the neighbours, judged by the model: nonce + 1 only where it fails, nonce - 1 always fails */
        int next_ok = model_pow(&t, bits, want + 1);
        hs_transcript q = t;
        CHECK_EQ_U64(hs_transcript_check_pow(&q, bits, want + 1), next_ok);
        if (want > 0) {
            hs_transcript r = t;
            CHECK(model_pow(&t, bits, want - 1) == 0);
            CHECK(hs_transcript_check_pow(&r, bits, want - 1) == 0);
        }
    }
    /* 16 bits, once: threads agree */
    hs_transcript_init(&t, "grind16");
    uint64_t n1 = hs_transcript_grind(&t, 16, 1), n2 = hs_transcript_grind(&t, 16, 2);
    CHECK_EQ_U64(n1, n2);
    hs_transcript c = t;
    CHECK(hs_transcript_check_pow(&c, 16, n1) == 1);
    CHECK_EQ_U64(hs_transcript_grind(&t, 41, 1), UINT64_MAX);
}

int main(void) {
    hs_test_init(&rng, "test_transcript");
    test_known_answer();
    test_model();
    test_properties();
    test_sampling();
    test_grind();
    return hs_test_done("test_transcript");
}
