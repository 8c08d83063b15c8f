/* Binary towers and their conversions to the flat GHASH basis (gf2_tower.h). */
#include "field/gf2_tower.h"

#include <pthread.h>

#include "field/gf2_8.h"

#include "field/gf2_tower_tables.inc"

static hs_gf2_u128 to_u(hs_gf128 a) { return (hs_gf2_u128)a.hi << 64 | a.lo; }
static hs_gf128 from_u(hs_gf2_u128 a) { return (hs_gf128){(uint64_t)a, (uint64_t)(a >> 64)}; }

/* (a0 + a1 X)(b0 + b1 X) with X^2 = alpha X + 1: lo = z0 + z2, hi = z1 + z0 + z2 + alpha z2 (Karatsuba,
 * z1 = (a0 + a1)(b0 + b1)); alpha = X(k-1), the top generator of the half, 1 below 2 bits. */
static hs_gf2_u128 fp_mul(hs_gf2_u128 a, hs_gf2_u128 b, unsigned bits) {
    if (bits == 1) return a & b;
    unsigned h = bits / 2;
    hs_gf2_u128 m = ((hs_gf2_u128)1 << h) - 1;
    hs_gf2_u128 a0 = a & m, a1 = a >> h, b0 = b & m, b1 = b >> h;
    hs_gf2_u128 z0 = fp_mul(a0, b0, h), z2 = fp_mul(a1, b1, h), z1 = fp_mul(a0 ^ a1, b0 ^ b1, h);
    hs_gf2_u128 az2 = h == 1 ? z2 : fp_mul(z2, (hs_gf2_u128)1 << (h / 2), h);
    return (z0 ^ z2) | (z1 ^ z0 ^ z2 ^ az2) << h;
}

/* X^2 = X + tau: lo = v0 + tau v1, hi = v0 + (a0 + a1)(b0 + b1). */
static hs_gf2_u128 frost_mul(hs_gf2_u128 a, hs_gf2_u128 b, unsigned bits) {
    if (bits == 8) return hs_gf8_mul((uint8_t)a, (uint8_t)b);
    unsigned h = bits / 2;
    hs_gf2_u128 m = ((hs_gf2_u128)1 << h) - 1;
    hs_gf2_u128 a0 = a & m, a1 = a >> h, b0 = b & m, b1 = b >> h;
    hs_gf2_u128 v0 = frost_mul(a0, b0, h), v1 = frost_mul(a1, b1, h), vs = frost_mul(a0 ^ a1, b0 ^ b1, h);
    return (v0 ^ frost_mul(v1, (hs_gf2_u128)0x20 << (h - 8), h)) | (v0 ^ vs) << h;
}

hs_gf128 hs_gf2_fanpaar_mul(hs_gf128 a, hs_gf128 b, unsigned bits) { return from_u(fp_mul(to_u(a), to_u(b), bits)); }
hs_gf128 hs_gf2_frost_mul(hs_gf128 a, hs_gf128 b, unsigned bits) { return from_u(frost_mul(to_u(a), to_u(b), bits)); }

int hs_gf2_matrix_invert(hs_gf128 inv[128], const hs_gf128 img[128]) {
    hs_gf2_u128 row[128], aug[128]; /* row i: the image of e_i; aug: e_i, then the same row operations */
    for (int i = 0; i < 128; i++) row[i] = to_u(img[i]), aug[i] = (hs_gf2_u128)1 << i;
    for (int j = 0; j < 128; j++) {
        int p = j;
        while (p < 128 && !(row[p] >> j & 1)) p++;
        if (p == 128) return 0;
        hs_gf2_u128 t = row[p], u = aug[p];
        row[p] = row[j], aug[p] = aug[j], row[j] = t, aug[j] = u;
        for (int k = 0; k < 128; k++)
            if (k != j && (row[k] >> j & 1)) row[k] ^= row[j], aug[k] ^= aug[j];
    }
    for (int j = 0; j < 128; j++) inv[j] = from_u(aug[j]); /* row j is now X^j: aug[j] its preimage */
    return 1;
}

/* ---- the conversion tables, built once ---- */

static hs_gf128_linmap maps[HS_TOWER_COUNT][2], aes32_flat;
static pthread_once_t maps_once = PTHREAD_ONCE_INIT;

static void maps_init(void) {
    const uint64_t(*src[HS_TOWER_COUNT])[2] = {fanpaar_to_flat, frost_to_flat};
    hs_gf128 img[128], inv[128];
    for (int t = 0; t < HS_TOWER_COUNT; t++) {
        for (int i = 0; i < 128; i++) img[i] = (hs_gf128){src[t][i][0], src[t][i][1]};
        hs_gf128_linmap_init(&maps[t][0], img);
        int ok = hs_gf2_matrix_invert(inv, img);
        (void)ok; /* the tables are bijections: test_gf2_tower and the generating tool check it */
        hs_gf128_linmap_init(&maps[t][1], inv);
    }
    for (int i = 0; i < 128; i++) {
        uint32_t fp = i < 32 ? hs_gf2_aes32_to_fanpaar(1u << i) : 0;
        img[i] = hs_gf128_linmap_apply(&maps[HS_TOWER_FANPAAR][0], (hs_gf128){fp, 0});
    }
    hs_gf128_linmap_init(&aes32_flat, img);
}

const hs_gf128_linmap *hs_gf2_tower_to_flat(hs_gf2_tower t) {
    pthread_once(&maps_once, maps_init);
    return &maps[t][0];
}
const hs_gf128_linmap *hs_gf2_flat_to_tower(hs_gf2_tower t) {
    pthread_once(&maps_once, maps_init);
    return &maps[t][1];
}
const hs_gf128_linmap *hs_gf2_aes32_to_flat(void) {
    pthread_once(&maps_once, maps_init);
    return &aes32_flat;
}

/* ---- Vision Mark-32's AES tower ---- */

/* X3^2 = 0xd3 X3 + 1 over AES8 */
static uint32_t aes16_mul(uint32_t a, uint32_t b) {
    uint8_t a0 = (uint8_t)a, a1 = (uint8_t)(a >> 8), b0 = (uint8_t)b, b1 = (uint8_t)(b >> 8);
    uint8_t z0 = hs_gf8_mul(a0, b0), z2 = hs_gf8_mul(a1, b1), z1 = hs_gf8_mul(a0 ^ a1, b0 ^ b1);
    return (uint32_t)(z0 ^ z2) | (uint32_t)(z1 ^ z0 ^ z2 ^ hs_gf8_mul(0xd3, z2)) << 8;
}

/* X4^2 = X3 X4 + 1 over AES16, X3 = 0x0100 */
uint32_t hs_gf2_aes32_mul(uint32_t a, uint32_t b) {
    uint32_t a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
    uint32_t z0 = aes16_mul(a0, b0), z2 = aes16_mul(a1, b1), z1 = aes16_mul(a0 ^ a1, b0 ^ b1);
    return (z0 ^ z2) | (z1 ^ z0 ^ z2 ^ aes16_mul(0x0100, z2)) << 16;
}

uint32_t hs_gf2_aes32_inv(uint32_t a) {
    /* a^(2^32 - 2) = (a^(2^31 - 1))^2: square and multiply over the 31 one bits */
    uint32_t r = a;
    for (int i = 1; i < 31; i++) r = hs_gf2_aes32_mul(hs_gf2_aes32_mul(r, r), a);
    return hs_gf2_aes32_mul(r, r);
}

/* Binius' basis images (IrreducibleOSS/binius crates/field/src/aes_field.rs): entry j = the other
 * field's byte for bit j. */
static const uint8_t binary8_to_aes8[8] = {0x01, 0xbc, 0xb0, 0xec, 0xd3, 0x8d, 0x2e, 0x58};
static const uint8_t aes8_to_binary8[8] = {0x01, 0x3c, 0x8c, 0x8a, 0x59, 0x7a, 0x53, 0x27};

uint64_t hs_gf2_fanpaar8_to_aes8_matrix(void) { return hs_gf8_matrix(binary8_to_aes8); }
uint64_t hs_gf2_aes8_to_fanpaar8_matrix(void) { return hs_gf8_matrix(aes8_to_binary8); }

static uint32_t bytewise(uint64_t m, uint32_t a) {
    uint32_t r = 0;
    for (int j = 0; j < 4; j++) r |= (uint32_t)hs_gf8_affine(m, (uint8_t)(a >> (8 * j)), 0) << (8 * j);
    return r;
}
uint32_t hs_gf2_aes32_to_fanpaar(uint32_t a) { return bytewise(hs_gf2_aes8_to_fanpaar8_matrix(), a); }
uint32_t hs_gf2_fanpaar_to_aes32(uint32_t a) { return bytewise(hs_gf2_fanpaar8_to_aes8_matrix(), a); }

/* the same map on every byte, so the words' byte order does not matter */
void hs_gf2_aes32_to_fanpaar_many(uint32_t *out, const uint32_t *in, size_t n) {
    hs_gf8_affine_many((uint8_t *)out, (const uint8_t *)in, 4 * n, hs_gf2_aes8_to_fanpaar8_matrix(), 0);
}
void hs_gf2_fanpaar_to_aes32_many(uint32_t *out, const uint32_t *in, size_t n) {
    hs_gf8_affine_many((uint8_t *)out, (const uint8_t *)in, 4 * n, hs_gf2_fanpaar8_to_aes8_matrix(), 0);
}
