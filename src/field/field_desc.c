/* The field descriptors (field_desc.h): KoalaBear and its extensions, GF(2^128), GF(2^256), GF(2^8). */
#include "field/field_desc.h"

#include <math.h>
#include <string.h>

#include "field/gf2_128.h"
#include "field/kb_ext.h"
#include "field/kbe.h"
#include "util/verify.h"

static void put_coeffs(uint8_t *out, const hs_kb *c, unsigned d) {
    for (unsigned i = 0; i < d; i++, out += 4) {
        HS_VCHECK(c[i] < HS_KB_P, "a KoalaBear value outside [0, p) reached a proof");
        uint32_t x = hs_kb_to_u32(c[i]);
        out[0] = (uint8_t)x, out[1] = (uint8_t)(x >> 8), out[2] = (uint8_t)(x >> 16), out[3] = (uint8_t)(x >> 24);
    }
}

/* 1 if every word is canonical. */
static int get_coeffs(hs_kb *c, const uint8_t *in, unsigned d) {
    uint32_t bad = 0;
    for (unsigned i = 0; i < d; i++, in += 4) {
        uint32_t x = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 | (uint32_t)in[3] << 24;
        bad |= x >= HS_KB_P;
        c[i] = hs_kb_from_u32(x < HS_KB_P ? x : 0);
    }
    return !bad;
}

static void sample_coeffs(hs_kb *c, unsigned d, hs_field_squeeze_fn *squeeze, void *src) {
    for (unsigned i = 0; i < d; i++) {
        for (;;) {
            uint8_t b[4];
            squeeze(src, b, 4);
            uint32_t x = ((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24) & 0x7fffffffu;
            if (x < HS_KB_P) {
                c[i] = hs_kb_from_u32(x);
                break;
            }
        }
    }
}

/* ---- the base field: hs_kb ---- */

static void kb_write(uint8_t *out, const void *v, size_t n) { put_coeffs(out, v, (unsigned)n); }
static int kb_read(void *v, const uint8_t *in, size_t n) {
    int ok = 1;
    hs_kb *o = v;
    for (size_t i = 0; i < n; i++) ok &= get_coeffs(o + i, in + 4 * i, 1);
    return ok;
}
static void kb_sample(void *e, hs_field_squeeze_fn *squeeze, void *src) { sample_coeffs(e, 1, squeeze, src); }

const hs_field_desc hs_field_kb = {HS_FIELD_KB, "KoalaBear", 0, 1, (double)HS_KB_P, 4, sizeof(hs_kb),
                                   kb_write, kb_read, kb_sample};

/* ---- F_p^5 as hs_kb5 ---- */

static void kb5_write(uint8_t *out, const void *v, size_t n) {
    const hs_kb5 *e = v;
    for (size_t i = 0; i < n; i++) put_coeffs(out + 20 * i, e[i].c, 5);
}
static int kb5_read(void *v, const uint8_t *in, size_t n) {
    int ok = 1;
    hs_kb5 *e = v;
    for (size_t i = 0; i < n; i++) ok &= get_coeffs(e[i].c, in + 20 * i, 5);
    return ok;
}
static void kb5_sample(void *e, hs_field_squeeze_fn *squeeze, void *src) { sample_coeffs(((hs_kb5 *)e)->c, 5, squeeze, src); }

const hs_field_desc hs_field_kb5 = {HS_FIELD_KB5, "KoalaBear^5", 0, 5, (double)HS_KB_P, 20, sizeof(hs_kb5),
                                    kb5_write, kb5_read, kb5_sample};

/* ---- F_p^d as hs_kbe, d = 4, 5, 8 ---- */

#define KBE_DESC(D)                                                                                         \
    static void kbe##D##_write(uint8_t *out, const void *v, size_t n) {                                     \
        const hs_kbe *e = v;                                                                                \
        for (size_t i = 0; i < n; i++) put_coeffs(out + 4 * D * i, e[i].c, D);                              \
    }                                                                                                       \
    static int kbe##D##_read(void *v, const uint8_t *in, size_t n) {                                        \
        int ok = 1;                                                                                         \
        hs_kbe *e = v;                                                                                      \
        for (size_t i = 0; i < n; i++) {                                                                    \
            e[i] = hs_kbe_zero();                                                                           \
            ok &= get_coeffs(e[i].c, in + 4 * D * i, D);                                                    \
        }                                                                                                   \
        return ok;                                                                                          \
    }                                                                                                       \
    static void kbe##D##_sample(void *e, hs_field_squeeze_fn *squeeze, void *src) {                         \
        hs_kbe *x = e;                                                                                      \
        *x = hs_kbe_zero();                                                                                 \
        sample_coeffs(x->c, D, squeeze, src);                                                               \
    }                                                                                                       \
    static const hs_field_desc kbe##D = {HS_FIELD_KB##D, "KoalaBear^" #D, 0, D, (double)HS_KB_P, 4 * D,       \
                                         sizeof(hs_kbe), kbe##D##_write, kbe##D##_read, kbe##D##_sample};
KBE_DESC(4)
KBE_DESC(5)
KBE_DESC(8)

const hs_field_desc *hs_field_kbe(unsigned d) { return d == 4 ? &kbe4 : d == 5 ? &kbe5 : d == 8 ? &kbe8 : NULL; }

/* ---- GF(2^128) and GF(2^256): n 128-bit words as 16 bytes little-endian each ---- */

static void gf2_put(uint8_t *out, const hs_gf128 *w, size_t n) {
    for (size_t i = 0; i < n; i++, out += 16)
        for (int j = 0; j < 8; j++) out[j] = (uint8_t)(w[i].lo >> (8 * j)), out[8 + j] = (uint8_t)(w[i].hi >> (8 * j));
}
static void gf2_get(hs_gf128 *w, const uint8_t *in, size_t n) {
    for (size_t i = 0; i < n; i++, in += 16) {
        w[i] = hs_gf128_zero();
        for (int j = 0; j < 8; j++) w[i].lo |= (uint64_t)in[j] << (8 * j), w[i].hi |= (uint64_t)in[8 + j] << (8 * j);
    }
}
/* hs_gf128 is two u64 and hs_gf256 two hs_gf128, no padding: n elements are n or 2n words */
_Static_assert(sizeof(hs_gf128) == 16 && sizeof(hs_gf256) == 32, "no padding");
static void gf128_write(uint8_t *out, const void *v, size_t n) { gf2_put(out, v, n); }
static int gf128_read(void *v, const uint8_t *in, size_t n) { return gf2_get(v, in, n), 1; }
static void gf128_sample(void *e, hs_field_squeeze_fn *squeeze, void *src) {
    uint8_t b[16];
    squeeze(src, b, 16);
    gf2_get(e, b, 1);
}
static void gf256_write(uint8_t *out, const void *v, size_t n) {
    const hs_gf256 *e = v;
    for (size_t i = 0; i < n; i++) gf2_put(out + 32 * i, e[i].c, 2);
}
static int gf256_read(void *v, const uint8_t *in, size_t n) {
    hs_gf256 *e = v;
    for (size_t i = 0; i < n; i++) gf2_get(e[i].c, in + 32 * i, 2);
    return 1;
}
static void gf256_sample(void *e, hs_field_squeeze_fn *squeeze, void *src) {
    uint8_t b[32];
    squeeze(src, b, 32);
    gf2_get(((hs_gf256 *)e)->c, b, 2);
}

const hs_field_desc hs_field_gf2_128 = {HS_FIELD_GF2_128, "gf2-128", 1, 128, 2.0, 16, sizeof(hs_gf128),
                                        gf128_write, gf128_read, gf128_sample};
const hs_field_desc hs_field_gf2_256 = {HS_FIELD_GF2_256, "gf2-256", 1, 256, 2.0, 32, sizeof(hs_gf256),
                                        gf256_write, gf256_read, gf256_sample};

/* ---- GF(2^8): one byte an element ---- */

static void gf8_write(uint8_t *out, const void *v, size_t n) { memcpy(out, v, n); }
static int gf8_read(void *v, const uint8_t *in, size_t n) {
    memcpy(v, in, n);
    return 1; /* every byte is an element */
}
static void gf8_sample(void *e, hs_field_squeeze_fn *squeeze, void *src) { squeeze(src, e, 1); }

const hs_field_desc hs_field_gf2_8 = {HS_FIELD_GF2_8, "gf2-8", 1, 8, 2.0, 1, 1, gf8_write, gf8_read, gf8_sample};

double hs_field_bits(const hs_field_desc *f) { return (double)f->degree * log2(f->prime); }
