/* GF(2^8) with the AES polynomial (gf2_8.h): tables, matrices, the portable kernels and dispatch. */
#include "field/gf2_8.h"

#include <pthread.h>

#include "field/gf2_8_kern.h"
#include "util/cpu.h"

static hs_gf8_tables_t tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* 0x03 = x + 1 generates the multiplicative group (FIPS-197 uses it for the same tables). */
static void tables_init(void) {
    uint8_t v = 1;
    for (int k = 0; k < 255; k++) {
        tables.exp[k] = tables.exp[k + 255] = v;
        tables.log[v] = (uint8_t)k;
        v = hs_gf8_mul(v, 3);
    }
}

const hs_gf8_tables_t *hs_gf8_tables(void) {
    pthread_once(&tables_once, tables_init);
    return &tables;
}

uint8_t hs_gf8_inv(uint8_t a) {
    const hs_gf8_tables_t *t = hs_gf8_tables();
    return a ? t->exp[255 - t->log[a]] : 0;
}

uint64_t hs_gf8_matrix(const uint8_t img[8]) {
    uint64_t m = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) m |= (uint64_t)((img[j] >> i) & 1) << (8 * (7 - i) + j);
    return m;
}

uint64_t hs_gf8_matrix_mul_by(uint8_t k) {
    uint8_t img[8];
    for (int j = 0; j < 8; j++) img[j] = hs_gf8_mul(k, (uint8_t)(1u << j));
    return hs_gf8_matrix(img);
}

static void mul_portable(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) {
    const hs_gf8_tables_t *t = hs_gf8_tables();
    for (size_t i = 0; i < n; i++) out[i] = hs_gf8_mul_table(t, a[i], b[i]);
}

/* A x + c, or A x^-1 + c with inv; the map of each byte value tabulated once a call when the array
 * is long enough to pay for it. */
static void map_portable(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c, int inv) {
    if (n < 256) {
        for (size_t i = 0; i < n; i++) out[i] = hs_gf8_affine(a, inv ? hs_gf8_inv(in[i]) : in[i], c);
        return;
    }
    uint8_t tab[256];
    for (unsigned v = 0; v < 256; v++) tab[v] = hs_gf8_affine(a, inv ? hs_gf8_inv((uint8_t)v) : (uint8_t)v, c);
    for (size_t i = 0; i < n; i++) out[i] = tab[in[i]];
}
static void affine_portable(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c) {
    map_portable(out, in, n, a, c, 0);
}
static void inv_affine_portable(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c) {
    map_portable(out, in, n, a, c, 1);
}

static const hs_gf8_kernels kernels_portable = {"portable", 1, mul_portable, affine_portable, inv_affine_portable};

const hs_gf8_kernels *hs_gf8_kernels_get(hs_gf8_impl impl) {
    switch (impl) {
    case HS_GF8_PORTABLE: return &kernels_portable;
#ifdef HS_HAVE_GFNI
    case HS_GF8_GFNI256: return hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX2) ? &hs_gf8_kernels_gfni256 : NULL;
#endif
#ifdef HS_HAVE_GFNI512
    case HS_GF8_GFNI512: return hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX512_ALL) ? &hs_gf8_kernels_gfni512 : NULL;
#endif
    default: return NULL;
    }
}

const hs_gf8_kernels *hs_gf8_kernels_best(void) {
    const hs_gf8_kernels *best = &kernels_portable;
    for (int i = 1; i < HS_GF8_IMPL_COUNT; i++) {
        const hs_gf8_kernels *k = hs_gf8_kernels_get((hs_gf8_impl)i);
        if (k) best = k;
    }
    return best;
}

void hs_gf8_mul_many(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) { hs_gf8_kernels_best()->mul(out, a, b, n); }
void hs_gf8_affine_many(uint8_t *out, const uint8_t *in, size_t n, uint64_t a, uint8_t c) {
    hs_gf8_kernels_best()->affine(out, in, n, a, c);
}
void hs_gf8_inv_many(uint8_t *out, const uint8_t *in, size_t n) {
    hs_gf8_kernels_best()->inv_affine(out, in, n, HS_GF8_IDENTITY, 0);
}
