/* Vision Mark-32 on AVX2 without GFNI: 32 states a batch (vision32_kern.inc), for the x86 CPUs that
 * have AVX2 but not GFNI. A product by a constant or any 8x8 bit matrix is two VPSHUFB lookups (the
 * images of the low and the high nibble); a product of two variable vectors is the bitwise
 * shift-and-add of GF(2^8) (eight steps, VPBLENDVB selecting by each bit of the multiplier); the
 * GF(2^8) inverse is x^254 by an addition chain (4 products, 7 squarings). Compiled with -mavx2;
 * reached through hs_vision32_kernel() after hs_cpu_has(HS_CPU_AVX2), when no GFNI kernel is there. */
#include <immintrin.h>

#include "field/gf2_8.h"

typedef struct {
    __m256i lo, hi; /* VPSHUFB tables (the same 16 bytes in both lanes): M n and M (n << 4), n < 16 */
} v32x_mat;

static inline v32x_mat v32x_mat_of(uint64_t m) {
    uint8_t lo[16], hi[16];
    for (unsigned n = 0; n < 16; n++) lo[n] = hs_gf8_affine(m, (uint8_t)n, 0), hi[n] = hs_gf8_affine(m, (uint8_t)(n << 4), 0);
    return (v32x_mat){_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)lo)),
                      _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)hi))};
}

static inline __m256i v32x_aff(__m256i x, const v32x_mat m) {
    const __m256i nib = _mm256_set1_epi8(0x0f);
    return _mm256_xor_si256(_mm256_shuffle_epi8(m.lo, _mm256_and_si256(x, nib)),
                            _mm256_shuffle_epi8(m.hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)));
}

/* a b: Horner over the bits of b from the top: r = x r + (bit ? a : 0) */
static inline __m256i v32x_mul(__m256i a, __m256i b) {
    const __m256i zero = _mm256_setzero_si256(), poly = _mm256_set1_epi8(0x1b);
    __m256i r = _mm256_blendv_epi8(zero, a, b);
    for (int i = 1; i < 8; i++) {
        r = _mm256_xor_si256(_mm256_add_epi8(r, r), _mm256_blendv_epi8(zero, poly, r));
        b = _mm256_add_epi8(b, b);
        r = _mm256_xor_si256(r, _mm256_blendv_epi8(zero, a, b));
    }
    return r;
}

/* x^254 = x^-1 (0 for 0): x^3, x^15 = x^12 x^3, x^252 = x^240 x^12, x^254 = x^252 x^2; sq is the
 * squaring matrix */
static inline __m256i v32x_inv(__m256i x, const v32x_mat sq) {
    const __m256i x2 = v32x_aff(x, sq), x3 = v32x_mul(x2, x);
    const __m256i x12 = v32x_aff(v32x_aff(x3, sq), sq), x15 = v32x_mul(x12, x3);
    const __m256i x240 = v32x_aff(v32x_aff(v32x_aff(v32x_aff(x15, sq), sq), sq), sq);
    return v32x_mul(v32x_mul(x240, x12), x2);
}

#define V __m256i
#define LANES 32
#define NAME(x) v32_avx2_##x
#define KERNEL_NAME "avx2"
#define TABLE hs_v32_kernel_avx2
#define LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define MUL(a, b) v32x_mul((a), (b))
#define MT v32x_mat
#define MAT(a) v32x_mat_of(a)
#define AFF(x, m) v32x_aff((x), (m))
#define KMAT(k) v32x_mat_of(hs_gf8_matrix_mul_by(k))
#define KMUL(x, k) v32x_aff((x), (k))
#define INV8(x) v32x_inv((x), c->sq) /* c: the kernel's constants, in scope where INV8 is used */
#define SET8(c) _mm256_set1_epi8((char)(c))
#define XOR(a, b) _mm256_xor_si256((a), (b))
#include "hash/vision32_kern.inc"
