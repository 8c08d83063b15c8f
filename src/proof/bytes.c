#include "proof/bytes.h"

#include <stdlib.h>
#include <string.h>

#include "field/field_desc.h"

void hs_w_free(hs_writer *w) {
    free(w->data);
    w->data = NULL;
    w->len = w->cap = 0;
}

/* Room for n more bytes at w->data + w->len, or NULL (w->err set). */
static uint8_t *w_room(hs_writer *w, size_t n) {
    if (w->err) return NULL;
    if (n > SIZE_MAX / 2 - w->len) {
        w->err = 1;
        return NULL;
    }
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + n) cap *= 2;
        uint8_t *d = realloc(w->data, cap);
        if (!d) {
            w->err = 1;
            return NULL;
        }
        w->data = d;
        w->cap = cap;
    }
    return w->data + w->len;
}

void hs_w_bytes(hs_writer *w, const void *p, size_t n) {
    if (n == 0) return;
    uint8_t *o = w_room(w, n);
    if (!o) return;
    memcpy(o, p, n);
    w->len += n;
}

void hs_w_u8(hs_writer *w, uint8_t v) { hs_w_bytes(w, &v, 1); }
void hs_w_u32(hs_writer *w, uint32_t v) {
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    hs_w_bytes(w, b, 4);
}
void hs_w_u64(hs_writer *w, uint64_t v) {
    hs_w_u32(w, (uint32_t)v);
    hs_w_u32(w, (uint32_t)(v >> 32));
}
void hs_w_elems(hs_writer *w, const hs_field_desc *f, const void *v, size_t n) {
    if (n == 0) return;
    uint8_t *o = n <= SIZE_MAX / f->elem_bytes ? w_room(w, n * f->elem_bytes) : NULL;
    if (!o) {
        w->err = 1;
        return;
    }
    f->write(o, v, n);
    w->len += n * f->elem_bytes;
}
void hs_w_digests(hs_writer *w, const hs_digest *v, size_t n) { hs_w_bytes(w, v, n * sizeof *v); }

void hs_r_init(hs_reader *r, const void *data, size_t len) {
    r->p = data;
    r->end = r->p + len;
    r->err = NULL;
}
void hs_r_fail(hs_reader *r, const char *why) {
    if (!r->err) r->err = why;
    r->p = r->end;
}
size_t hs_r_left(const hs_reader *r) { return (size_t)(r->end - r->p); }

void hs_r_bytes(hs_reader *r, void *out, size_t n) {
    if (r->err || hs_r_left(r) < n) {
        hs_r_fail(r, "truncated");
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p, n);
    r->p += n;
}
uint8_t hs_r_u8(hs_reader *r) {
    uint8_t v;
    hs_r_bytes(r, &v, 1);
    return v;
}
uint32_t hs_r_u32(hs_reader *r) {
    uint8_t b[4];
    hs_r_bytes(r, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
uint64_t hs_r_u64(hs_reader *r) {
    uint64_t lo = hs_r_u32(r);
    return lo | (uint64_t)hs_r_u32(r) << 32;
}
void hs_r_elems(hs_reader *r, const hs_field_desc *f, void *out, size_t n) {
    /* the whole elements present are read (and checked) first, so a non-canonical one before the
     * end of the input is reported as such, as a word-by-word reader would */
    const size_t have = hs_r_left(r) / f->elem_bytes, k = r->err ? 0 : n < have ? n : have;
    if (k > 0 && !f->read(out, r->p, k)) hs_r_fail(r, "non-canonical field element");
    else r->p += k * f->elem_bytes;
    if (k < n) hs_r_fail(r, "truncated");
    if (r->err) memset(out, 0, n * f->elem_size);
}
void hs_r_digests(hs_reader *r, hs_digest *out, size_t n) {
    if (n > hs_r_left(r) / sizeof *out) {
        hs_r_fail(r, "truncated");
        memset(out, 0, n * sizeof *out);
        return;
    }
    hs_r_bytes(r, out, n * sizeof *out);
}
