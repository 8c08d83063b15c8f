/* Batch products in the KoalaBear quintic extension (kb_ext.h's hs_kb5) over coordinate planes:
 * value i is (p[0][i], ..., p[4][i]), Montgomery form. Portable, AVX2 (8 lanes) and AVX-512 (16
 * lanes) kernels, the vector ones built from kb5_avx2.h / kb5_avx512.h; dispatched by the SIMD level
 * in use. Mainly for the field comparison of `hashsnark bench --native --field`. */
#ifndef HS_FIELD_KB5_BATCH_H
#define HS_FIELD_KB5_BATCH_H

#include <stddef.h>

#include "field/kb.h"

/* out[c][i] = coordinate c of a_i * b_i, i < n; out may be a or b. */
typedef void (*hs_kb5_mul_planes_fn)(hs_kb *const out[5], hs_kb *const a[5], hs_kb *const b[5], size_t n);

/* level 0 portable, 1 AVX2, 2 AVX-512 (hs_simd); NULL when that level is above the one in use. */
hs_kb5_mul_planes_fn hs_kb5_mul_planes_kernel(int level);
void hs_kb5_mul_planes_portable(hs_kb *const out[5], hs_kb *const a[5], hs_kb *const b[5], size_t n);
void hs_kb5_mul_planes_avx2(hs_kb *const out[5], hs_kb *const a[5], hs_kb *const b[5], size_t n);
void hs_kb5_mul_planes_avx512(hs_kb *const out[5], hs_kb *const a[5], hs_kb *const b[5], size_t n);

#endif
