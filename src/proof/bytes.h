/* Little-endian byte writer and bounded reader for the proof format (docs/PROOF_FORMAT.md).
 * The writer grows as needed; the reader never reads past its end: any short read sets a sticky
 * error and yields zeros, so a parser checks `r->err` once per section and rejects with a reason. */
#ifndef HS_PROOF_BYTES_H
#define HS_PROOF_BYTES_H

#include <stddef.h>
#include <stdint.h>

#include "hash/digest.h"

struct hs_field_desc;

typedef struct {
    uint8_t *data;
    size_t len, cap;
    int err; /* allocation failed */
} hs_writer;

void hs_w_free(hs_writer *w);
void hs_w_bytes(hs_writer *w, const void *p, size_t n);
void hs_w_u8(hs_writer *w, uint8_t v);
void hs_w_u32(hs_writer *w, uint32_t v);
void hs_w_u64(hs_writer *w, uint64_t v);
/* n elements of field f (v: f's in-memory type) as f writes them (field/field_desc.h). */
void hs_w_elems(hs_writer *w, const struct hs_field_desc *f, const void *v, size_t n);
void hs_w_digests(hs_writer *w, const hs_digest *v, size_t n);

typedef struct {
    const uint8_t *p, *end;
    const char *err; /* first failure, e.g. "truncated", "non-canonical field element"; NULL if none */
} hs_reader;

void hs_r_init(hs_reader *r, const void *data, size_t len);
void hs_r_fail(hs_reader *r, const char *why); /* keeps the first reason */
void hs_r_bytes(hs_reader *r, void *out, size_t n);
uint8_t hs_r_u8(hs_reader *r);
uint32_t hs_r_u32(hs_reader *r);
uint64_t hs_r_u64(hs_reader *r);
/* n elements of field f; rejects bytes f does not accept ("non-canonical field element", e.g. a
 * KoalaBear word >= p). On any failure all n are zero. */
void hs_r_elems(hs_reader *r, const struct hs_field_desc *f, void *out, size_t n);
void hs_r_digests(hs_reader *r, hs_digest *out, size_t n);
/* Bytes left; a parser bounds every count with it before allocating. */
size_t hs_r_left(const hs_reader *r);

#endif
