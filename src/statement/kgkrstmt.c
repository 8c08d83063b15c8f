/* Keccak-f[1600] by GKR over GF(2), public and private statements (kgkrstmt.h): the header around
 * the walk. */
#include "statement/kgkrstmt.h"

#include <string.h>

#include "proof/frame.h"
#include "util/mem.h"

static void header_bytes(const hs_kgkrstmt_shape *s, uint8_t h[HS_KGKRSTMT_HEADER_BYTES]) {
    const hs_frame f = {HS_KGKRSTMT_VERSION, HS_FRAME_GKR, (uint8_t)s->preset->id, HS_KGKRSTMT_HASH,
                        s->priv ? HS_FRAME_PRIVATE : HS_FRAME_PUBLIC};
    hs_frame_bytes(&f, h);
    h[16] = (uint8_t)s->log_n, h[17] = 0;
}

int hs_kgkrstmt_peek(const uint8_t *proof, size_t len, hs_kgkrstmt_shape *out, const char **why) {
    hs_frame f;
    if (!hs_frame_peek(proof, len, &f, why)) return 0;
    if (f.backend != HS_FRAME_GKR || f.hash != HS_KGKRSTMT_HASH)
        return *why = "keccak-gkr: not a keccak-f1600 gkr proof over GF(2) (bytes 12 and 14)", 0;
    if (f.version != HS_KGKRSTMT_VERSION) return *why = "keccak-gkr: unsupported version", 0;
    const hs_preset *p = hs_preset_by_id(f.preset);
    if (!p) return *why = "keccak-gkr: unknown preset (byte 13)", 0;
    if (f.statement != HS_FRAME_PUBLIC && f.statement != HS_FRAME_PRIVATE)
        return *why = "keccak-gkr: statement byte 15 is neither 0 (private) nor 1 (public)", 0;
    if (len < HS_KGKRSTMT_HEADER_BYTES) return *why = "truncated header", 0;
    if (proof[16] > HS_KGKRSTMT_MAX_LOG_N) return *why = "keccak-gkr: log_n (byte 16) above 24", 0;
    if (f.statement == HS_FRAME_PRIVATE && proof[16] > HS_KGKR_PRIVATE_MAX_LOG_N)
        return *why = "keccak-gkr: log_n (byte 16) above 23 in a private statement", 0;
    if (proof[17] != 0) return *why = "keccak-gkr: unknown challenge field (byte 17)", 0;
    if (out) out->preset = p, out->log_n = proof[16], out->priv = f.statement == HS_FRAME_PRIVATE;
    return 1;
}

static const struct {
    unsigned log_inv_rate, bits, chal_ext;
} fri_presets[] = {{1, 96, 1}, {2, 100, 1}, {2, 128, 2}}; /* compat, fast100, proven128 */
#define FRI_ARITY 4
#define FRI_CAP 2

int hs_kgkrstmt_fri(const hs_kgkrstmt_shape *s, hs_binfri_params *fri, const char **why) {
    const unsigned i = (unsigned)s->preset->id - 1;
    if (i >= sizeof fri_presets / sizeof fri_presets[0]) return *why = "keccak-gkr: unknown preset", 0;
    if (s->log_n > HS_KGKR_PRIVATE_MAX_LOG_N) return *why = "keccak-gkr: private statement: log_n above 23", 0;
    return hs_binfri_params_init(fri, hs_kgkr_private_packed_vars(s->log_n), fri_presets[i].log_inv_rate, FRI_ARITY,
                                 fri_presets[i].bits, 0, HS_MERKLE_BLAKE3, FRI_CAP, why) &&
           hs_binfri_params_set_challenge_ext(fri, fri_presets[i].chal_ext, why);
}

size_t hs_kgkrstmt_proof_bytes(const hs_kgkrstmt_shape *s) {
    if (!s->priv) return HS_KGKRSTMT_HEADER_BYTES + hs_kgkr_proof_bytes(s->log_n);
    hs_binfri_params fri;
    const char *why;
    if (!hs_kgkrstmt_fri(s, &fri, &why)) return 0;
    const hs_mlc m = hs_ringsw_mlc(&fri);
    /* header, magic and log_n, cap, v_out, the walk's rounds, 11 rounds of 2 elements, v_in, the
     * second claim's partial evaluations and the opening */
    return HS_KGKRSTMT_HEADER_BYTES + 5 + m.ops->commit_size(&m) + 16 + hs_kgkr_proof_bytes(s->log_n) - 5 +
           32 * HS_KGKR_BIT_VARS + 16 + ((size_t)16 << HS_RINGSW_LOG_PACK) + m.ops->open_size_bound(&m);
}

void hs_kgkrstmt_soundness(const hs_kgkrstmt_shape *s, hs_sound_report *rep) {
    memset(rep, 0, sizeof *rep);
    hs_binfri_params fri;
    const char *why;
    if (s->priv && hs_kgkrstmt_fri(s, &fri, &why)) hs_kgkr_private_soundness(rep, s->log_n, &fri);
    else hs_kgkr_soundness(rep, s->log_n);
}

int hs_kgkrstmt_prove(const hs_kgkrstmt_shape *s, const uint64_t *in_states, unsigned threads, uint64_t *out_states,
                      hs_writer *w, hs_kgkr_times *times, const char **why) {
    if (s->log_n > HS_KGKRSTMT_MAX_LOG_N) return *why = "keccak-gkr: log_n above 24", 0;
    uint8_t h[HS_KGKRSTMT_HEADER_BYTES];
    header_bytes(s, h);
    hs_w_bytes(w, h, sizeof h);
    if (s->priv) {
        hs_binfri_params fri;
        return hs_kgkrstmt_fri(s, &fri, why) &&
               hs_kgkr_prove_private(h, sizeof h, &fri, in_states, s->log_n, threads, out_states, w, times, why);
    }
    return hs_kgkr_prove_bound(h, sizeof h, in_states, s->log_n, threads, out_states, w, times, why);
}

int hs_kgkrstmt_verify(const uint8_t *proof, size_t len, const hs_kgkrstmt_shape *s, const uint64_t *in_states,
                       const uint64_t *out_states, unsigned threads, const char **why) {
    uint8_t h[HS_KGKRSTMT_HEADER_BYTES];
    header_bytes(s, h);
    if (len < sizeof h || memcmp(proof, h, sizeof h)) return *why = "keccak-gkr: header differs from its parse", 0;
    if (s->priv) {
        hs_binfri_params fri;
        if (len > hs_kgkrstmt_proof_bytes(s)) return *why = "keccak-gkr: proof longer than the format's bound", 0;
        return hs_kgkrstmt_fri(s, &fri, why) &&
               hs_kgkr_verify_private(h, sizeof h, &fri, s->log_n, proof + sizeof h, len - sizeof h, why);
    }
    if (len != hs_kgkrstmt_proof_bytes(s)) return *why = "keccak-gkr: proof length differs from the format's", 0;
    return hs_kgkr_verify_bound(h, sizeof h, in_states, out_states, s->log_n, proof + sizeof h, len - sizeof h,
                                threads, why);
}
