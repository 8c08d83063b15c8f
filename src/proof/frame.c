/* The proof header's common frame (frame.h). */
#include "proof/frame.h"

#include <string.h>

void hs_frame_write(hs_writer *w, const hs_frame *f) {
    hs_w_bytes(w, HS_FRAME_MAGIC, 8);
    hs_w_u32(w, f->version);
    hs_w_u8(w, f->backend);
    hs_w_u8(w, f->preset);
    hs_w_u8(w, f->hash);
    hs_w_u8(w, f->statement);
}

void hs_frame_bytes(const hs_frame *f, uint8_t out[HS_FRAME_BYTES]) {
    memcpy(out, HS_FRAME_MAGIC, 8);
    for (unsigned i = 0; i < 4; i++) out[8 + i] = (uint8_t)(f->version >> (8 * i));
    out[12] = f->backend, out[13] = f->preset, out[14] = f->hash, out[15] = f->statement;
}

int hs_frame_read(hs_reader *r, hs_frame *f, const char **why) {
    memset(f, 0, sizeof *f);
    uint8_t magic[8];
    hs_r_bytes(r, magic, 8);
    if (r->err) return *why = "truncated header", 0;
    if (memcmp(magic, HS_FRAME_MAGIC, 8)) return *why = "not a hashsnark proof (bad magic)", 0;
    f->version = hs_r_u32(r);
    f->backend = hs_r_u8(r), f->preset = hs_r_u8(r), f->hash = hs_r_u8(r), f->statement = hs_r_u8(r);
    if (r->err) return *why = "truncated header", 0;
    return 1;
}

int hs_frame_peek(const uint8_t *proof, size_t len, hs_frame *f, const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    return hs_frame_read(&r, f, why);
}
