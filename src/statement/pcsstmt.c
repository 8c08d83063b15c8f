/* The commitment-only statement (pcs.h). */
#include "statement/pcsstmt.h"

#include <string.h>

#include "field/field_desc.h"
#include "proof/frame.h"
#include "util/mem.h"
#include "util/rng.h"

#define TAG "hashsnark pcs statement v1"

int hs_pcsstmt_shape_init(hs_pcsstmt_shape *s, unsigned log_bits, unsigned log_inv_rate, unsigned log_arity,
                      unsigned security_bits, hs_merkle_hash hash, unsigned cap_height, const char **why) {
    memset(s, 0, sizeof *s);
    if (log_bits < HS_PCSSTMT_MIN_LOG_BITS || log_bits > HS_PCSSTMT_MAX_LOG_BITS)
        return *why = "pcs: log_bits out of range", 0;
    if (security_bits < 1 || security_bits > 256) return *why = "pcs: security bits out of range (1..256)", 0;
    if (hash != HS_MERKLE_KECCAK && hash != HS_MERKLE_BLAKE3) return *why = "pcs: unknown Merkle hash", 0;
    s->log_bits = log_bits, s->log_inv_rate = log_inv_rate, s->log_arity = log_arity;
    s->security_bits = security_bits, s->hash = hash, s->cap_height = cap_height, s->chal_ext = 1;
    return hs_binfri_params_init(&s->fri, log_bits - HS_RINGSW_LOG_PACK, log_inv_rate, log_arity, security_bits, 0,
                                 hash, cap_height, why);
}

static const struct {
    const char *name;
    unsigned log_inv_rate, bits, chal_ext;
} presets[HS_PCSSTMT_PRESETS] = {{"compat", 1, 96, 1}, {"fast100", 2, 100, 1}, {"proven128", 2, 128, 2}};
#define PRESET_ARITY 4
#define PRESET_CAP 2

const char *hs_pcsstmt_preset_name(hs_pcsstmt_preset p) {
    return (unsigned)p < HS_PCSSTMT_PRESETS ? presets[p].name : NULL;
}

int hs_pcsstmt_preset_find(const char *name, hs_pcsstmt_preset *out) {
    for (unsigned i = 0; name && i < HS_PCSSTMT_PRESETS; i++)
        if (!strcmp(name, presets[i].name)) return *out = (hs_pcsstmt_preset)i, 1;
    return 0;
}

int hs_pcsstmt_shape_preset(hs_pcsstmt_shape *s, unsigned log_bits, hs_pcsstmt_preset preset, int check,
                            const char **why) {
    if ((unsigned)preset >= HS_PCSSTMT_PRESETS) return *why = "pcs: unknown preset", 0;
    if (!hs_pcsstmt_shape_init(s, log_bits, presets[preset].log_inv_rate, PRESET_ARITY, presets[preset].bits,
                               HS_MERKLE_BLAKE3, PRESET_CAP, why))
        return 0;
    s->preset = preset, s->chal_ext = presets[preset].chal_ext;
    if (!hs_binfri_params_set_challenge_ext(&s->fri, s->chal_ext, why)) return 0;
    if (!check) return 1;
    hs_sound_report rep;
    hs_pcsstmt_soundness(s, &rep);
    if (!(rep.protocol_bits + 1e-9 >= presets[preset].bits))
        return *why = "pcs: the preset's soundness terms do not reach its target at this log_bits "
                      "(see hashsnark params --statement pcs)",
               0;
    return 1;
}

static void header_bytes(const hs_pcsstmt_shape *s, uint8_t h[HS_PCSSTMT_HEADER_BYTES]) {
    const hs_frame f = {HS_PCSSTMT_VERSION, HS_FRAME_PCS, (uint8_t)s->preset, HS_PCSSTMT_FIELD_GF2_128, 0};
    hs_frame_bytes(&f, h);
    h[16] = (uint8_t)s->log_bits, h[17] = (uint8_t)s->log_inv_rate, h[18] = (uint8_t)s->log_arity;
    h[19] = s->hash == HS_MERKLE_KECCAK ? 1 : 2, h[20] = (uint8_t)s->cap_height, h[21] = (uint8_t)(s->chal_ext - 1);
    h[22] = (uint8_t)s->security_bits, h[23] = (uint8_t)(s->security_bits >> 8);
}

int hs_pcsstmt_peek(const uint8_t *proof, size_t len, hs_pcsstmt_shape *out, const char **why) {
    hs_frame f;
    if (!hs_frame_peek(proof, len, &f, why)) return 0;
    if (f.backend != HS_FRAME_PCS) return *why = "pcs: not a commitment-only proof", 0;
    if (f.version != HS_PCSSTMT_VERSION) return *why = "pcs: unsupported version", 0;
    if (f.preset >= HS_PCSSTMT_PRESETS) return *why = "pcs: unknown preset (byte 13)", 0;
    if (f.hash != HS_PCSSTMT_FIELD_GF2_128) return *why = "pcs: unknown field (byte 14)", 0;
    if (f.statement != 0) return *why = "pcs: statement byte is not 0", 0;
    if (len < HS_PCSSTMT_HEADER_BYTES) return *why = "truncated header", 0;
    const uint8_t *h = proof;
    if (h[19] != 1 && h[19] != 2) return *why = "pcs: unknown Merkle hash (byte 19)", 0;
    if (h[20] > HS_BINFRI_MAX_CAP) return *why = "pcs: cap height out of range (byte 20)", 0;
    hs_pcsstmt_shape s;
    if (f.preset != HS_PCSSTMT_COMPAT) { /* a preset's proof: exactly its parameters */
        uint8_t want[HS_PCSSTMT_HEADER_BYTES];
        if (!hs_pcsstmt_shape_preset(&s, h[16], (hs_pcsstmt_preset)f.preset, 1, why)) return 0;
        header_bytes(&s, want);
        if (memcmp(h + 16, want + 16, HS_PCSSTMT_HEADER_BYTES - 16))
            return *why = "pcs: header bytes 16..23 differ from the preset's parameters", 0;
        if (out) *out = s;
        return 1;
    }
    if (h[21] != 0) return *why = "pcs: challenge field byte 21 is not 0 (GF(2^128)) with preset 0", 0;
    if (!hs_pcsstmt_shape_init(&s, h[16], h[17], h[18], h[22] | (unsigned)h[23] << 8,
                           h[19] == 1 ? HS_MERKLE_KECCAK : HS_MERKLE_BLAKE3, h[20], why))
        return 0;
    if (out) *out = s;
    return 1;
}

void hs_pcsstmt_soundness(const hs_pcsstmt_shape *s, hs_sound_report *rep) {
    memset(rep, 0, sizeof *rep);
    rep->regime = HS_REGIME_UDR;
    const hs_mlc m = hs_ringsw_mlc(&s->fri);
    m.ops->soundness(&m, rep);
    hs_sound_finish(rep);
}

/* The transcript both sides start from: the tag, the header bytes, the commitment's parameters. */
static void start(const hs_pcsstmt_shape *s, hs_transcript *t, uint8_t h[HS_PCSSTMT_HEADER_BYTES]) {
    header_bytes(s, h);
    hs_transcript_init(t, TAG);
    hs_transcript_absorb(t, h, HS_PCSSTMT_HEADER_BYTES);
    hs_binfri_absorb_params(&s->fri, t);
}

static void sample_point(const hs_pcsstmt_shape *s, hs_transcript *t, hs_gf128 *pt) {
    for (unsigned i = 0; i < s->log_bits; i++) hs_transcript_sample(t, &hs_field_gf2_128, &pt[i]); /* in K */
}

int hs_pcsstmt_prove(const hs_pcsstmt_shape *s, uint64_t seed, unsigned threads, hs_writer *w, const char **why) {
    const size_t n = (size_t)1 << s->fri.n_vars;
    hs_gf128 *packed = hs_alloc_array(n, sizeof *packed), pt[HS_PCSSTMT_MAX_LOG_BITS];
    if (!packed) return *why = hs_why_nomem, 0;
    hs_rng rng;
    hs_rng_seed(&rng, seed);
    for (size_t i = 0; i < n; i++) packed[i].lo = hs_rng_u64(&rng), packed[i].hi = hs_rng_u64(&rng);
    uint8_t h[HS_PCSSTMT_HEADER_BYTES];
    hs_transcript t;
    start(s, &t, h);
    hs_w_bytes(w, h, sizeof h);
    hs_binfri_witness *wit = NULL;
    int ok = hs_binfri_commit(&wit, &s->fri, packed, &t, w, NULL, threads, why);
    if (ok) {
        sample_point(s, &t, pt);
        const hs_gf128 v = hs_ringsw_eval(packed, s->fri.n_vars, pt);
        hs_w_elems(w, &hs_field_gf2_128, &v, 1);
        ok = hs_ringsw_open(&s->fri, wit, pt, v, &t, w, threads, why);
    }
    hs_binfri_witness_free(wit);
    hs_free(packed);
    if (ok && w->err) ok = 0, *why = hs_why_nomem;
    return ok;
}

int hs_pcsstmt_verify(const uint8_t *proof, size_t len, const hs_pcsstmt_shape *s, const char **why) {
    uint8_t h[HS_PCSSTMT_HEADER_BYTES];
    hs_transcript t;
    start(s, &t, h);
    if (len < sizeof h || memcmp(proof, h, sizeof h)) return *why = "pcs: header differs from its parse", 0;
    hs_reader r;
    hs_r_init(&r, proof + sizeof h, len - sizeof h);
    hs_binfri_commitment c;
    if (!hs_binfri_verify_commitment(&s->fri, &t, &r, &c, why)) return 0;
    hs_gf128 pt[HS_PCSSTMT_MAX_LOG_BITS], v;
    sample_point(s, &t, pt);
    hs_r_elems(&r, &hs_field_gf2_128, &v, 1);
    if (r.err) return *why = "pcs: truncated value", 0;
    if (!hs_ringsw_verify(&s->fri, &c, pt, v, &t, &r, why)) return 0;
    if (hs_r_left(&r)) return *why = "pcs: trailing bytes after the opening", 0;
    return 1;
}
