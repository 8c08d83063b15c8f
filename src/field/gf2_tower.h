/* Binary tower fields and their conversions to the flat GHASH basis (gf2_128.h).
 *
 * A tower value is an integer whose low half is the lower level's "lo" and high half its "hi"
 * (lo + hi X); subfields are bit prefixes. Three towers are here:
 *
 *  - Binius' canonical Fan-Paar tower (Diamond-Posen 2023, eprint 2023/1784, section 2.3):
 *    T0 = GF(2), T(k+1) = T(k)[Xk]/(Xk^2 + X(k-1) Xk + 1) with X(-1) = 1, levels of 1..128 bits.
 *    Its conversion to flat is derived by tools/gen_tower_conv.py (the images of X0..X6 as roots of
 *    their quadratics in the flat field, each the root Binius' published conversion takes: its
 *    BINARY_TO_POLYVAL then POLYVAL_TO_GHASH matrices, tests/vectors/binius_ghash.json), so it is
 *    Binius' isomorphism bit for bit (tests/test_gf2_tower.c checks all 128 basis images).
 *  - FROST-GKR's AES-based tower (github.com/ignotusnemo/frost-gkr crates/core/src/tower): Block8 =
 *    GF(2^8) with the AES polynomial, then X^2 = X + tau at each doubling, tau = 0x20 placed in the
 *    high byte of the lower level (0x20, 0x2000, 0x20000000, 0x2000000000000000), levels 8..128.
 *    Its conversion is FROST-GKR's own TOWER_TO_FLAT matrix (crates/core/src/hardware.rs).
 *  - Binius' AES tower of Vision Mark-32 (AESTowerField32b, crates/field/src/aes_field.rs):
 *    AES8 = GF(2^8) AES, AES16 = AES8[X3]/(X3^2 + 0xD3 X3 + 1), AES32 = AES16[X4]/(X4^2 + X3 X4 + 1)
 *    with X3 = 0x0100. It converts to the Fan-Paar BinaryField32b byte by byte (one 8x8 bit matrix
 *    on every byte, Binius' published basis images), and from there to flat.
 *
 * Conversions to and from flat are 128x128 bit matrices applied by 16 byte-indexed tables
 * (hs_gf128_linmap), built on first use (thread-safe); the flat-to-tower matrices are the inverses,
 * computed by elimination. Tower products here are portable references (recursive Karatsuba), not
 * hot-path arithmetic: compute in flat and convert at the edges. */
#ifndef HS_FIELD_GF2_TOWER_H
#define HS_FIELD_GF2_TOWER_H

#include <stddef.h>
#include <stdint.h>

#include "field/gf2_128.h"

typedef enum { HS_TOWER_FANPAAR = 0, HS_TOWER_FROST = 1, HS_TOWER_COUNT = 2 } hs_gf2_tower;

/* Products at the level of `bits` bits (Fan-Paar: 1, 2, 4, ..., 128; FROST: 8, 16, ..., 128); the
 * operands must lie in that level (bits above it zero). */
hs_gf128 hs_gf2_fanpaar_mul(hs_gf128 a, hs_gf128 b, unsigned bits);
hs_gf128 hs_gf2_frost_mul(hs_gf128 a, hs_gf128 b, unsigned bits);

/* Tower (128-bit level) to flat and back, as table-driven linear maps. */
const hs_gf128_linmap *hs_gf2_tower_to_flat(hs_gf2_tower t);
const hs_gf128_linmap *hs_gf2_flat_to_tower(hs_gf2_tower t);

/* ---- Vision Mark-32's AES tower, GF(2^32) ---- */

uint32_t hs_gf2_aes32_mul(uint32_t a, uint32_t b);
/* a^-1 (a^(2^32 - 2)), 0 for 0. */
uint32_t hs_gf2_aes32_inv(uint32_t a);
/* The 8x8 matrices (gf2_8.h layout) of Binius' byte maps BinaryField8b -> AESTowerField8b and back. */
uint64_t hs_gf2_fanpaar8_to_aes8_matrix(void);
uint64_t hs_gf2_aes8_to_fanpaar8_matrix(void);
/* AESTowerField32b <-> BinaryField32b, each byte through its matrix. */
uint32_t hs_gf2_aes32_to_fanpaar(uint32_t a);
uint32_t hs_gf2_fanpaar_to_aes32(uint32_t a);
/* The same on n words at once (GFNI's GF2P8AFFINEQB where present, gf2_8.h); out may be in. */
void hs_gf2_aes32_to_fanpaar_many(uint32_t *out, const uint32_t *in, size_t n);
void hs_gf2_fanpaar_to_aes32_many(uint32_t *out, const uint32_t *in, size_t n);
/* The flat image of an AES32 element: a 32x128 matrix (4 byte tables used). */
const hs_gf128_linmap *hs_gf2_aes32_to_flat(void);

/* For the tests and tools: m_inv = the inverse of the linear map with images img[0..128) (the
 * image of bit i); 0 if it is singular. */
int hs_gf2_matrix_invert(hs_gf128 inv[128], const hs_gf128 img[128]);

#endif
