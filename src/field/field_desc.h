/* Runtime field descriptors: what the glue of a protocol (transcript challenges, proof bytes,
 * soundness terms) needs to know about a field, without its arithmetic. Hot loops never go
 * through a descriptor; they use the field's own inline header (kb.h, kb_ext.h, kbe.h).
 *
 * A descriptor names a field and one in-memory type for its elements:
 *   hs_field_kb       KoalaBear F_p, p = 2^31 - 2^24 + 1, elements hs_kb (kb.h)
 *   hs_field_kbe(d)   F_p^d for d = 4, 5, 8 (kb_ext.h), elements hs_kbe (kbe.h: 8 coefficients,
 *                     those at and above d zero)
 *   hs_field_kb5      F_p^5, elements hs_kb5 (kb_ext.h): the same field, bytes and challenges as
 *                     hs_field_kbe(5), over the 20-byte type that sumcheck, gkr and WHIR use
 * Every KoalaBear element is written as its coefficients c[0..d) in increasing degree, each the
 * canonical integer in [0, p) as 4 bytes little-endian; reading rejects a word >= p. A challenge
 * is d independent base elements, coefficient 0 first, each by rejection sampling: squeeze 4
 * bytes as a u32 little-endian, clear bit 31, retry while >= p (uniform on [0, p)).
 *
 * The binary fields (gf2_128.h) are two more instances, char2 = 1, prime = 2:
 *   hs_field_gf2_128  GF(2^128) in the flat GHASH basis, "gf2-128", elements hs_gf128: 16 bytes,
 *                     the 128 coefficient bits little-endian (byte j holds X^(8j)..X^(8j+7), so
 *                     lo's 8 bytes come first); every 16-byte string is canonical. A challenge is
 *                     16 squeezed bytes read the same way (uniform on the field).
 *   hs_field_gf2_256  GF(2^256) = GF(2^128)[Y]/(Y^2 + Y + X^121), "gf2-256", elements hs_gf256:
 *                     a0 then a1 as above, 32 bytes, all canonical; a challenge is 32 squeezed bytes.
 *   hs_field_gf2_8    GF(2^8) with the AES polynomial (gf2_8.h), "gf2-8", elements uint8_t: one
 *                     byte, all canonical; a challenge is one squeezed byte. A toy field for the
 *                     exhaustive tests of the generic protocol core (no proof kind uses it). */
#ifndef HS_FIELD_FIELD_DESC_H
#define HS_FIELD_FIELD_DESC_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    HS_FIELD_KB = 1,
    HS_FIELD_KB4 = 4,
    HS_FIELD_KB5 = 5,
    HS_FIELD_KB8 = 8,
    HS_FIELD_GF2_128 = 128,
    HS_FIELD_GF2_256 = 129,
    HS_FIELD_GF2_8 = 130
} hs_field_id;

/* A byte source for sampling: writes len uniformly random bytes to out (the transcript's squeeze). */
typedef void hs_field_squeeze_fn(void *src, void *out, size_t len);

typedef struct hs_field_desc {
    hs_field_id id;
    const char *name;
    unsigned char2;      /* 1 in characteristic 2 */
    unsigned degree;     /* over the prime field: |K| = prime^degree */
    double prime;        /* the characteristic */
    unsigned elem_bytes; /* an element's size in proofs and transcripts */
    size_t elem_size;    /* sizeof the in-memory element type */
    /* n elements to n * elem_bytes canonical bytes. */
    void (*write)(uint8_t *out, const void *v, size_t n);
    /* n * elem_bytes bytes to n elements; 0 if any is non-canonical (the values are then unspecified). */
    int (*read)(void *v, const uint8_t *in, size_t n);
    /* One uniform element from the byte source. */
    void (*sample)(void *e, hs_field_squeeze_fn *squeeze, void *src);
} hs_field_desc;

extern const hs_field_desc hs_field_kb, hs_field_kb5, hs_field_gf2_128, hs_field_gf2_256, hs_field_gf2_8;
/* d = 4, 5 or 8; NULL otherwise. */
const hs_field_desc *hs_field_kbe(unsigned d);

/* log2 |K| = degree * log2(prime): the one source of every soundness term that counts field
 * elements (Schwartz-Zippel, batching, out-of-domain samples). */
double hs_field_bits(const hs_field_desc *f);

#endif
