/* GF(2^8) with the AES polynomial: GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) (0x11b), bit i of a byte the
 * coefficient of x^i: the field of AES (FIPS-197 section 4.2), of Binius' AESTowerField8b and of
 * FROST-GKR's Block8, and the field x86's GFNI instructions compute in.
 *
 * hs_gf8_mul is the product bit by bit (eight conditional adds, no table: constant time); the
 * tables (hs_gf8_tables: log and antilog to the generator 0x03) serve the portable batch kernels
 * and inversion. F2-linear and affine maps of a byte are 8x8 bit matrices in GFNI's layout (below),
 * so the same 64-bit constant drives the portable code and GF2P8AFFINEQB.
 *
 * The batch functions dispatch at run time (hs_cpu_has, src/util/cpu.h) to GFNI kernels with 32
 * bytes (AVX2) or 64 bytes (AVX-512) a vector where this build and CPU have them; every kernel gives
 * the portable bits. */
#ifndef HS_FIELD_GF2_8_H
#define HS_FIELD_GF2_8_H

#include <stddef.h>
#include <stdint.h>

#define HS_GF8_POLY 0x11bu

static inline uint8_t hs_gf8_mul(uint8_t a, uint8_t b) {
    unsigned r = 0, x = a;
    for (int i = 0; i < 8; i++) {
        r ^= x & (0u - ((b >> i) & 1u));
        x = (x << 1) ^ (HS_GF8_POLY & (0u - (x >> 7)));
    }
    return (uint8_t)r;
}

/* log[a] for a != 0 (log[0] unused) and exp[k] = 0x03^k for k in [0, 510) (two periods, so a sum of
 * two logs needs no reduction). Built on first use, thread-safe. */
typedef struct {
    uint8_t log[256];
    uint8_t exp[510];
} hs_gf8_tables_t;
const hs_gf8_tables_t *hs_gf8_tables(void);

/* The product by the tables (0 when either is 0). */
static inline uint8_t hs_gf8_mul_table(const hs_gf8_tables_t *t, uint8_t a, uint8_t b) {
    return a && b ? t->exp[t->log[a] + t->log[b]] : 0;
}
/* a^-1, 0 for 0. */
uint8_t hs_gf8_inv(uint8_t a);

/* ---- 8x8 bit matrices in GFNI's layout ----
 * A matrix is a u64 whose byte 7 - i is row i: output bit i is the parity of (row i AND input).
 * The affine map x -> A x + c is what GF2P8AFFINEQB computes with A and imm8 = c. */

/* The matrix of the F2-linear map sending bit j (x^j) to img[j], j = 0..7. */
uint64_t hs_gf8_matrix(const uint8_t img[8]);
/* The matrix of multiplication by the constant k. */
uint64_t hs_gf8_matrix_mul_by(uint8_t k);
/* A x + c. */
static inline uint8_t hs_gf8_affine(uint64_t a, uint8_t x, uint8_t c) {
    unsigned r = 0;
    for (int i = 0; i < 8; i++) r |= (unsigned)__builtin_parity((unsigned)(uint8_t)(a >> (8 * (7 - i))) & x) << i;
    return (uint8_t)(r ^ c);
}

/* ---- batch kernels ---- */

typedef enum { HS_GF8_PORTABLE = 0, HS_GF8_GFNI256 = 1, HS_GF8_GFNI512 = 2, HS_GF8_IMPL_COUNT = 3 } hs_gf8_impl;

typedef struct {
    const char *name; /* "portable", "gfni-256", "gfni-512" */
    unsigned lanes;   /* bytes a vector */
    /* out[i] = a[i] b[i]; out may be a or b */
    void (*mul)(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n);
    /* out[i] = A in[i] + c; out may be in */
    void (*affine)(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c);
    /* out[i] = A in[i]^-1 + c (0^-1 = 0: GF2P8AFFINEINVQB); out may be in */
    void (*inv_affine)(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c);
} hs_gf8_kernels;

/* The kernels of impl, or NULL when this build or CPU lacks them or the level in use (HS_SIMD)
 * excludes them. */
const hs_gf8_kernels *hs_gf8_kernels_get(hs_gf8_impl impl);
/* The fastest available. */
const hs_gf8_kernels *hs_gf8_kernels_best(void);

void hs_gf8_mul_many(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n);
void hs_gf8_affine_many(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c);
/* out[i] = in[i]^-1 (0 for 0). */
void hs_gf8_inv_many(uint8_t *out, const uint8_t *in, size_t n);

#define HS_GF8_IDENTITY 0x0102040810204080ull /* the identity matrix */

#endif
