/* Merkle branches by the stark: the public table, the padded witness, and the stark's prover and
 * verifier on the Merkle branches AIR (stark_branches.h). */
#include "statement/merkle/stark_branches.h"

#include <stdlib.h>
#include <string.h>

#include "util/bits.h"
#include "util/mem.h"

#define W8 HS_MBAIR_DIGEST

int hs_smb_shape_make(hs_smb_shape *s, const hs_preset *p, unsigned depth, size_t m, const char **why) {
    memset(s, 0, sizeof *s);
    if (!p) return *why = "unknown preset", 0;
    if (depth < 1 || depth > HS_MBAIR_MAX_DEPTH) return *why = "tree depth out of range (1..64)", 0;
    if (m < 1) return *why = "no openings", 0;
    if (m > ((size_t)1 << 24)) return *why = "too many openings (at most 2^24 rows)", 0;
    const unsigned lm = hs_ceil_log2(m);
    if (lm + hs_ceil_log2(depth) > 24) return *why = "too many openings for this depth (the rows exceed 2^24)", 0;
    s->preset = p, s->depth = depth, s->m = m, s->log_m = lm;
    return hs_stark_make_shape(&s->stark, p, hs_mbair_id(depth), lm, 0, 1, why);
}

/* The N = 2^log_m input lines (openings p >= m repeat opening 0) and N output lines (the root). */
static int tables(const hs_smb_shape *s, const uint64_t *idx, const uint32_t *leaves, const uint32_t *root,
                  uint32_t **in, uint32_t **out) {
    const size_t N = (size_t)1 << s->log_m;
    *in = hs_alloc_array(N, HS_MBAIR_IN_WORDS * sizeof **in);
    *out = root ? hs_alloc_array(N, HS_MBAIR_OUT_WORDS * sizeof **out) : NULL;
    if (!*in || (root && !*out)) return hs_free(*in), hs_free(*out), *in = *out = NULL, 0;
    for (size_t p = 0; p < N; p++) {
        const size_t q = p < s->m ? p : 0;
        hs_mbair_line(*in + p * HS_MBAIR_IN_WORDS, leaves + q * W8, idx[q]);
        if (root) memcpy(*out + p * HS_MBAIR_OUT_WORDS, root, W8 * sizeof *root);
    }
    return 1;
}

int hs_smb_prove(const hs_smb_shape *s, const uint64_t *idx, const uint32_t *leaves, const hs_kb *siblings,
                 unsigned threads, hs_writer *out, uint32_t root_out[HS_MBAIR_DIGEST], hs_stark_timing *tm,
                 const char **why) {
    const size_t N = (size_t)1 << s->log_m, per = (size_t)s->depth * W8;
    for (size_t p = 0; p < s->m; p++)
        if (s->depth < 64 && idx[p] >> s->depth) return *why = "an index is not below 2^depth", 0;
    uint32_t *in = NULL, *outs = hs_alloc_array(N, HS_MBAIR_OUT_WORDS * sizeof *outs), *dummy = NULL;
    hs_kb *padded = NULL;
    const hs_kb *sib = siblings;
    int ok = 0;
    *why = hs_why_nomem;
    if (!outs || !tables(s, idx, leaves, NULL, &in, &dummy)) goto done;
    if (N > s->m) { /* the dummy openings' siblings: opening 0's */
        if (!(padded = hs_alloc_array(N, per * sizeof *padded))) goto done;
        memcpy(padded, siblings, s->m * per * sizeof *padded);
        for (size_t p = s->m; p < N; p++) memcpy(padded + p * per, siblings, per * sizeof *padded);
        sib = padded;
    }
    const hs_mbair_witness wit = {sib};
    hs_writer w = {0};
    if (!hs_stark_prove_witness(&s->stark, in, &wit, threads, &w, outs, tm, why)) {
        hs_w_free(&w);
        goto done;
    }
    for (size_t p = 1; p < s->m; p++)
        if (memcmp(outs + p * HS_MBAIR_OUT_WORDS, outs, W8 * sizeof *outs)) {
            hs_w_free(&w);
            *why = "the openings do not reach one root (the siblings of an opening are wrong)";
            goto done;
        }
    hs_w_bytes(out, w.data, w.len);
    hs_w_free(&w);
    if (root_out) memcpy(root_out, outs, W8 * sizeof *outs);
    ok = !out->err;
    *why = ok ? NULL : hs_why_nomem;
done:
    hs_free(in), hs_free(outs), hs_free(padded);
    return ok;
}

int hs_smb_peek(const uint8_t *proof, size_t len, hs_smb_shape *s, const char **why) {
    memset(s, 0, sizeof *s);
    hs_stark_shape st;
    if (!hs_stark_peek(proof, len, &st, why)) return 0;
    const unsigned d = hs_mbair_depth(st.air_id);
    if (!d) return *why = "not a Merkle branches proof (another AIR)", 0;
    if (!st.public_io) return *why = "a private statement binds no openings", 0;
    s->preset = st.preset, s->depth = d, s->log_m = st.log_perms, s->m = (size_t)1 << st.log_perms, s->stark = st;
    return 1;
}

int hs_smb_verify(const uint8_t *proof, size_t len, const uint32_t root[HS_MBAIR_DIGEST], unsigned depth, size_t m,
                  const uint64_t *idx, const uint32_t *leaves, unsigned threads, const char **why) {
    hs_smb_shape s;
    if (!hs_smb_peek(proof, len, &s, why)) return 0;
    if (s.depth != depth) return *why = "the proof is for another depth", 0;
    if (m < 1 || m > s.m || hs_ceil_log2(m) != s.log_m) return *why = "the proof is for another number of openings", 0;
    for (size_t p = 0; p < m; p++)
        if (depth < 64 && idx[p] >> depth) return *why = "an index is not below 2^depth", 0;
    s.m = m;
    uint32_t *in, *out;
    if (!tables(&s, idx, leaves, root, &in, &out)) return *why = hs_why_nomem, 0;
    const int ok = hs_stark_verify(proof, len, in, out, (size_t)1 << s.log_m, threads, NULL, why);
    hs_free(in), hs_free(out);
    return ok;
}

int hs_soundness_smb(const hs_preset *p, unsigned depth, size_t m, hs_sound_report *out) {
    hs_smb_shape s;
    const char *why;
    if (!hs_smb_shape_make(&s, p, depth, m, &why)) return memset(out, 0, sizeof *out), 0;
    if (!hs_soundness_stark(p, s.stark.air_id, s.log_m, 0, 1, out)) return 0;
    /* the statement assumes the compression collision-resistant (every Merkle tree does): its
     * 8-element digests cap the headline (docs/MERKLE_STARK.md) */
    hs_sound_add_assumption(out, "p2kb16.digest_collision", hs_sound_digest_bits(W8));
    hs_sound_finish(out); /* in the regime the protocol's terms chose */
    return 1;
}
