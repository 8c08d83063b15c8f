/* Vision Mark-32 (vision32.h): the shared tables, the portable permutation, dispatch, the sponge. */
#include "hash/vision32.h"

#include <pthread.h>
#include <string.h>

#include "field/gf2_8.h"
#include "field/gf2_tower.h"
#include "hash/vision32_kern.h"
#include "util/cpu.h"
#include "util/parallel.h"

#include "hash/vision32_constants.inc"

/* ---- tables ---- */

static hs_v32_tables tab;
/* the portable twin's: the affine maps by byte ([map][byte j][value]), products by each NTT
 * twiddle and mix constant, and GF(2^8) squares */
static uint32_t lin_word[2][4][256];
static uint8_t mul_tw[6][3][4][256], mul_mix[3][256], sq8[256], d3[256], inv8[256], mul8[256][256];
static uint8_t c2a8[256], a2c8[256];
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

static void fold_keys(void);

static void tab_init(void) {
    for (int r = 0; r < 2 * HS_VISION32_ROUNDS + 1; r++)
        for (int w = 0; w < HS_VISION32_WIDTH; w++) {
            uint32_t k = hs_gf2_fanpaar_to_aes32(v32_round_keys_canonical[r][w]);
            for (int b = 0; b < 4; b++) tab.rk[r][w][b] = (uint8_t)(k >> (8 * b));
        }
    const uint32_t *img[2] = {v32_affine_inv, v32_affine_fwd};
    for (int m = 0; m < 2; m++) {
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                uint8_t col[8];
                for (int k = 0; k < 8; k++) col[k] = (uint8_t)(img[m][8 * j + k] >> (8 * i));
                tab.lin[m][i][j] = hs_gf8_matrix(col);
            }
        for (int j = 0; j < 4; j++)
            for (unsigned v = 0; v < 256; v++) {
                uint32_t r = 0;
                for (int k = 0; k < 8; k++)
                    if (v >> k & 1) r ^= img[m][8 * j + k];
                lin_word[m][j][v] = r;
            }
    }
    uint8_t sqimg[8], d3sqimg[8];
    for (int k = 0; k < 8; k++) {
        uint8_t e = (uint8_t)(1u << k);
        sqimg[k] = hs_gf8_mul(e, e);
        d3sqimg[k] = hs_gf8_mul(0xd3, sqimg[k]);
    }
    tab.sq = hs_gf8_matrix(sqimg);
    tab.d3sq = hs_gf8_matrix(d3sqimg);
    tab.d3 = hs_gf8_matrix_mul_by(0xd3);
    tab.c2a = hs_gf2_fanpaar8_to_aes8_matrix();
    tab.a2c = hs_gf2_aes8_to_fanpaar8_matrix();
    memcpy(tab.tw, v32_twiddles, sizeof tab.tw);
    memcpy(tab.mix, v32_mix, sizeof tab.mix);
    for (unsigned v = 0; v < 256; v++) {
        sq8[v] = hs_gf8_mul((uint8_t)v, (uint8_t)v);
        d3[v] = hs_gf8_mul(0xd3, (uint8_t)v);
        inv8[v] = hs_gf8_inv((uint8_t)v);
        c2a8[v] = hs_gf8_affine(tab.c2a, (uint8_t)v, 0);
        a2c8[v] = hs_gf8_affine(tab.a2c, (uint8_t)v, 0);
        for (unsigned u = 0; u < 256; u++) mul8[v][u] = hs_gf8_mul((uint8_t)v, (uint8_t)u);
        for (int c = 0; c < 6; c++)
            for (int r = 0; r < 3; r++)
                for (int j = 0; j < 4; j++) mul_tw[c][r][j][v] = hs_gf8_mul(v32_twiddles[c][r][j], (uint8_t)v);
        for (int k = 0; k < 3; k++) mul_mix[k][v] = hs_gf8_mul(v32_mix[k], (uint8_t)v);
    }
    fold_keys();
}

static void mds(uint32_t s[24]);

/* rk_folded (vision32_kern.h), after the other tables */
static void fold_keys(void) {
    for (int r = 0; r < 2 * HS_VISION32_ROUNDS + 1; r++) {
        uint32_t c[24];
        const uint32_t k = r == 0 ? 0 : (r - 1) % 2 ? v32_affine_fwd_const : v32_affine_inv_const;
        for (int w = 0; w < 24; w++) c[w] = k;
        if (r) mds(c);
        for (int w = 0; w < 24; w++)
            for (int b = 0; b < 4; b++) tab.rk_folded[r][w][b] = (uint8_t)(tab.rk[r][w][b] ^ c[w] >> (8 * b));
    }
}

const hs_v32_tables *hs_v32_tables_get(void) {
    pthread_once(&tab_once, tab_init);
    return &tab;
}

/* ---- the portable permutation, one state, AES-tower words ---- */

/* AES16 = AES8[X3]/(X3^2 + 0xd3 X3 + 1) on (lo, hi) bytes of a 16-bit value: Karatsuba. */
static inline unsigned mul16(unsigned a, unsigned b) {
    unsigned a0 = a & 255, a1 = a >> 8, b0 = b & 255, b1 = b >> 8;
    unsigned z0 = mul8[a0][b0], z2 = mul8[a1][b1], z1 = mul8[a0 ^ a1][b0 ^ b1];
    return (z0 ^ z2) | (z1 ^ z0 ^ z2 ^ d3[z2]) << 8;
}
/* c X3 = c1 + (c0 + 0xd3 c1) X3 */
static inline unsigned mul16_x3(unsigned c) { return c >> 8 | ((c & 255) ^ d3[c >> 8]) << 8; }
/* c^2 = (c0^2 + c1^2) + 0xd3 c1^2 X3 */
static inline unsigned sq16(unsigned c) { return sq8[(c ^ c >> 8) & 255] | (unsigned)d3[sq8[c >> 8]] << 8; }

/* The inverse in AES32 = AES16[X4]/(X4^2 + X3 X4 + 1) through the norms: for X^2 = alpha X + 1 over
 * a subfield, a = a0 + a1 X has norm N = a0^2 + alpha a0 a1 + a1^2 = (a0 + a1)^2 + alpha a0 a1 and
 * a^-1 = ((a0 + alpha a1) + a1 X) N^-1. Down to one inverse in GF(2^8); 0 -> 0. */
static uint32_t inv32(uint32_t a) {
    unsigned a0 = a & 0xffff, a1 = a >> 16;
    unsigned n = sq16(a0 ^ a1) ^ mul16_x3(mul16(a0, a1));
    unsigned n0 = n & 255, n1 = n >> 8;
    unsigned ni = inv8[sq8[n0 ^ n1] ^ d3[mul8[n0][n1]]];
    unsigned ninv = mul8[n0 ^ d3[n1]][ni] | (unsigned)mul8[n1][ni] << 8;
    return mul16(a0 ^ mul16_x3(a1), ninv) | (uint32_t)mul16(a1, ninv) << 16;
}

static uint32_t sbox(uint32_t x, int fwd) {
    uint32_t y = inv32(x);
    return lin_word[fwd][0][y & 255] ^ lin_word[fwd][1][y >> 8 & 255] ^ lin_word[fwd][2][y >> 16 & 255] ^
           lin_word[fwd][3][y >> 24] ^ (fwd ? v32_affine_fwd_const : v32_affine_inv_const);
}

/* each byte of w through the table m: a product by a constant, a change of basis */
static inline uint32_t bytemap(const uint8_t m[256], uint32_t w) {
    return (uint32_t)m[w & 255] | (uint32_t)m[w >> 8 & 255] << 8 | (uint32_t)m[w >> 16 & 255] << 16 |
           (uint32_t)m[w >> 24] << 24;
}

/* The additive NTTs of size 8 on the 4 byte positions of the words at once. */
static void ntt_inverse(uint32_t v[8], int coset) {
    for (int r = 0; r < 3; r++) {
        int d = 1 << r;
        for (int s = 0; s < 8; s += 2 * d) {
            int j = s / (2 * d);
            for (int k = s; k < s + d; k++) {
                v[k + d] ^= v[k];
                if (v32_twiddles[coset][r][j]) v[k] ^= bytemap(mul_tw[coset][r][j], v[k + d]);
            }
        }
    }
}
static void ntt_forward(uint32_t v[8], int coset) {
    for (int r = 2; r >= 0; r--) {
        int d = 1 << r;
        for (int s = 0; s < 8; s += 2 * d) {
            int j = s / (2 * d);
            for (int k = s; k < s + d; k++) {
                if (v32_twiddles[coset][r][j]) v[k] ^= bytemap(mul_tw[coset][r][j], v[k + d]);
                v[k + d] ^= v[k];
            }
        }
    }
}

static void mds(uint32_t s[24]) {
    for (int c = 0; c < 3; c++) ntt_inverse(s + 8 * c, c);
    for (int i = 0; i < 8; i++) {
        uint32_t d0 = s[i], d1 = s[8 + i] ^ d0, d2 = s[16 + i];
        uint32_t x = bytemap(mul_mix[0], d1);
        d2 ^= x ^ d0;
        uint32_t n1 = d0 ^ bytemap(mul_mix[1], d1) ^ bytemap(mul_mix[2], d2);
        s[i] = d0 ^ x ^ d1 ^ d2;
        s[8 + i] = n1;
        s[16 + i] = n1 ^ d1;
    }
    for (int c = 0; c < 3; c++) ntt_forward(s + 8 * c, 3 + c);
}

static void add_key(uint32_t s[24], int r) {
    for (int w = 0; w < 24; w++) {
        const uint8_t *k = tab.rk[r][w];
        s[w] ^= (uint32_t)k[0] | (uint32_t)k[1] << 8 | (uint32_t)k[2] << 16 | (uint32_t)k[3] << 24;
    }
}

uint32_t hs_vision32_sbox_aes(uint32_t x, int fwd) {
    pthread_once(&tab_once, tab_init);
    return sbox(x, fwd != 0);
}

void hs_vision32_mds_aes(uint32_t s[HS_VISION32_WIDTH]) {
    pthread_once(&tab_once, tab_init);
    mds(s);
}

void hs_vision32_permute_aes(uint32_t s[HS_VISION32_WIDTH], uint32_t *trace) {
    pthread_once(&tab_once, tab_init);
    add_key(s, 0);
    if (trace) memcpy(trace, s, 24 * sizeof *s);
    for (int h = 0; h < 2 * HS_VISION32_ROUNDS; h++) {
        for (int w = 0; w < 24; w++) s[w] = sbox(s[w], h & 1);
        mds(s);
        add_key(s, h + 1);
        if (trace) memcpy(trace + 24 * (h + 1), s, 24 * sizeof *s);
    }
}

void hs_vision32_permute(uint32_t s[HS_VISION32_WIDTH]) {
    pthread_once(&tab_once, tab_init);
    for (int w = 0; w < 24; w++) s[w] = bytemap(c2a8, s[w]);
    hs_vision32_permute_aes(s, NULL);
    for (int w = 0; w < 24; w++) s[w] = bytemap(a2c8, s[w]);
}

static void many_portable(uint32_t *states, size_t n) {
    for (size_t i = 0; i < n; i++) hs_vision32_permute(states + 24 * i);
}

/* ---- dispatch ---- */

static const hs_v32_kernel kernel_portable = {"portable", 1, many_portable};

const hs_v32_kernel *hs_vision32_kernel(hs_v32_impl impl) {
    switch (impl) {
    case HS_V32_PORTABLE: return &kernel_portable;
#ifdef HS_HAVE_AVX2
    case HS_V32_AVX2: return hs_cpu_has(HS_CPU_AVX2) ? &hs_v32_kernel_avx2 : NULL;
#endif
#ifdef HS_HAVE_AVX512
    case HS_V32_AVX512: return hs_cpu_has(HS_CPU_AVX512_ALL) ? &hs_v32_kernel_avx512 : NULL;
#endif
#ifdef HS_HAVE_GFNI
    case HS_V32_GFNI256: return hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX2) ? &hs_v32_kernel_gfni256 : NULL;
#endif
#ifdef HS_HAVE_GFNI512
    case HS_V32_GFNI512: return hs_cpu_has(HS_CPU_GFNI | HS_CPU_AVX512_ALL) ? &hs_v32_kernel_gfni512 : NULL;
#endif
    default: return NULL;
    }
}

const hs_v32_kernel *hs_vision32_kernel_best(void) {
    const hs_v32_kernel *best = &kernel_portable;
    for (int i = 1; i < HS_V32_IMPL_COUNT; i++) {
        const hs_v32_kernel *k = hs_vision32_kernel((hs_v32_impl)i);
        if (k) best = k;
    }
    return best;
}

typedef struct {
    uint32_t *states;
    const hs_v32_kernel *k;
} many_ctx;

static void many_batch(void *ctx, size_t lo, size_t cnt) {
    many_ctx *m = ctx;
    m->k->permute_many(m->states + 24 * lo, cnt);
}

void hs_vision32_permute_many(uint32_t *states, size_t n, unsigned threads) {
    many_ctx m = {states, hs_vision32_kernel_best()};
    hs_parallel_batches(n, 512, threads, many_batch, &m);
}

/* ---- the sponge ---- */

static void absorb(uint32_t s[24], const uint8_t block[64]) {
    for (int i = 0; i < 16; i++)
        s[i] = bytemap(c2a8, (uint32_t)block[4 * i] | (uint32_t)block[4 * i + 1] << 8 |
                                 (uint32_t)block[4 * i + 2] << 16 | (uint32_t)block[4 * i + 3] << 24);
    hs_vision32_permute_aes(s, NULL);
}

void hs_vision32_hash(uint8_t out[HS_VISION32_DIGEST_BYTES], const uint8_t *in, size_t len) {
    uint32_t s[24] = {0};
    uint8_t last[64] = {0};
    pthread_once(&tab_once, tab_init);
    for (; len >= 64; in += 64, len -= 64) absorb(s, in);
    if (len) memcpy(last, in, len);
    last[len] |= 0x80;
    last[63] |= 0x01;
    absorb(s, last);
    for (int i = 0; i < 8; i++) {
        uint32_t w = bytemap(a2c8, s[i]);
        for (int b = 0; b < 4; b++) out[4 * i + b] = (uint8_t)(w >> (8 * b));
    }
}
