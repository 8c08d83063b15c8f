/* libFuzzer target: the C API's hs_proof_peek and hs_verify (src/api/verify.c) on untrusted proof
 * bytes, every backend and statement through one entry, as a caller of include/hashsnark.h sees
 * them. The input is a table tweak (fuzz_tables.h) then a proof. The header picks the statement:
 * a private one (committed regions too) is verified without tables, a public one (public regions
 * too) against the fixed tables of its hash and size (fuzz_tables.h, canonical words here),
 * tweaked as asked; a shape the target holds no table for is verified without tables (a
 * rejection: the proof says it is public). Three bits of the tweak's
 * position pick the call's variations: bit 31 the minimum bits (the preset's declaration, else 0:
 * every proof reaches its verifier), bit 30 a private proof given a table (it must be rejected
 * with its reason, never verified nor called an argument error), bit 29 one more call with
 * min_bits NaN first (an argument error). What must hold: no crash; a reason for every refusal; the
 * peek and the verification agree on the statement; and an accepted input that is not one of the
 * target's seeds, or accepted with a tweaked table, is a finding. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/provable.h"
#include "fuzz_common.h"
#include "fuzz_tables.h"
#include "gkr/gkr.h"
#include "hashsnark.h"

const char hs_fuzz_target[] = "api";

const int hs_fuzz_seeds_verify = 1;

static hs_ctx *ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(HS_FUZZ_TWEAK_BYTES);
    if (hs_ctx_new(&ctx, 1) != HS_OK) hs_fuzz_finding("hs_ctx_new failed");
    return 0;
}

/* Canonical copies of the fixed tables of a statement: in then out, words of the API's lines. */
typedef struct {
    uint32_t *in, *out;
    size_t n_in, n_out;
} tables;

static void tables_free(tables *t) {
    free(t->in), free(t->out);
    memset(t, 0, sizeof *t);
}

static int grow(tables *t, size_t add_in, size_t add_out) {
    uint32_t *a = realloc(t->in, (t->n_in + add_in) * sizeof *a);
    if (a) t->in = a;
    uint32_t *b = realloc(t->out, (t->n_out + add_out) * sizeof *b);
    if (b) t->out = b;
    return a && b;
}

static void append_kb(uint32_t *dst, const hs_kb *src, size_t n) {
    for (size_t i = 0; i < n; i++) dst[i] = hs_kb_to_u32(src[i]);
}

/* 1 with the tables of the peeked statement; 0 when the target holds none for it. */
static int tables_of(const hs_proof_info *info, tables *t) {
    memset(t, 0, sizeof *t);
    const hs_shape *s = &info->shape;
    const hs_provable_entry *e = hs_provable_entry_find(s->hash);
    if (!e) hs_fuzz_finding("hs_proof_peek named a hash the library does not know");
    if (s->statement == HS_STATEMENT_REGIONS) {
        if (s->n_regions > HS_FUZZ_RAGGED_MAX_REGIONS) return 0;
        for (unsigned a = 0; a < s->n_regions; a++) {
            hs_kb *in, *out;
            const unsigned w = s->region_log[a];
            if (w > HS_FUZZ_RAGGED_MAX_W) return tables_free(t), 0;
            if (!hs_fuzz_ragged_table(a, w, &in, &out)) hs_fuzz_finding("no fixed ragged table");
            const size_t words = (size_t)16 << w;
            if (!grow(t, words, words)) hs_fuzz_finding("out of memory in the harness");
            append_kb(t->in + t->n_in, in, words), append_kb(t->out + t->n_out, out, words);
            t->n_in += words, t->n_out += words;
            free(in), free(out);
        }
        return 1;
    }
    if (s->backend == HS_BACKEND_STARK) {
        if (!e->air || s->log_perms > HS_FUZZ_STARK_MAX_LOG) return 0;
        if (!hs_fuzz_stark_table(e->air->id, s->log_perms, &t->in, &t->out, &t->n_in, &t->n_out))
            hs_fuzz_finding("no fixed table for a provable AIR");
        return 1;
    }
    if (!e->gkr_perm || s->log_perms > HS_FUZZ_GKR_MAX_LOG) return 0;
    hs_kb *in, *out;
    unsigned width;
    if (!hs_fuzz_gkr_table(e->gkr_perm, s->log_perms, &in, &out, &width)) hs_fuzz_finding("no fixed gkr table");
    const size_t words = (size_t)width << s->log_perms;
    if (!grow(t, words, words)) hs_fuzz_finding("out of memory in the harness");
    append_kb(t->in, in, words), append_kb(t->out, out, words);
    t->n_in = t->n_out = words;
    free(in), free(out);
    return 1;
}

static int same_shape(const hs_shape *a, const hs_shape *b) {
    return a->backend == b->backend && a->statement == b->statement && a->log_perms == b->log_perms &&
           a->n_regions == b->n_regions && !strcmp(a->hash, b->hash) && !strcmp(a->preset, b->preset) &&
           !memcmp(a->region_log, b->region_log, sizeof a->region_log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HS_FUZZ_TWEAK_BYTES) return 0;
    const uint8_t *proof = data + HS_FUZZ_TWEAK_BYTES;
    const size_t len = size - HS_FUZZ_TWEAK_BYTES;
    const double min_bits = data[3] & 0x80 ? HS_MIN_BITS_DECLARED : 0;
    char reason[HS_REASON_LEN];
    hs_proof_info peek, info;
    hs_status ps = hs_proof_peek(&peek, reason, sizeof reason, proof, len);
    if (ps != HS_OK && ps != HS_ERR_REJECTED) hs_fuzz_finding("hs_proof_peek: a status other than ok or rejected");
    if (ps != HS_OK && !reason[0]) hs_fuzz_finding("hs_proof_peek refused without a reason");
    tables t = {0};
    int tweaked = 0, have = 0;
    if (ps == HS_OK) {
        const hs_shape *s = &peek.shape;
        if (!s->hash || !s->preset || (s->statement == HS_STATEMENT_REGIONS) != (s->n_regions > 0))
            hs_fuzz_finding("hs_proof_peek: an incomplete statement");
        const int has_tables =
            s->statement == HS_STATEMENT_PUBLIC || (s->statement == HS_STATEMENT_REGIONS && !s->private_regions);
        if (!has_tables) {
            if (peek.in_words || peek.out_words) hs_fuzz_finding("hs_proof_peek: a private statement with tables");
            if (data[3] & 0x40) { /* a table for a private proof: a rejection (the proof decides it), never
                                     a verification nor an error of the caller's */
                uint32_t dummy[1] = {0};
                hs_status vs = hs_verify(ctx, &info, reason, sizeof reason, proof, len, dummy, 1, dummy, 1, min_bits);
                if (vs != HS_ERR_REJECTED || !reason[0])
                    hs_fuzz_finding("hs_verify took a table for a private statement");
                return 0;
            }
        } else if ((have = tables_of(&peek, &t))) {
            uint32_t *parts[2] = {t.in, t.out};
            const size_t words[2] = {t.n_in, t.n_out};
            const hs_provable_entry *e = hs_provable_entry_find(peek.shape.hash);
            tweaked = hs_fuzz_tweak(parts, words, 2, data, e->word_modulus, 0);
            if (t.n_in != peek.in_words || t.n_out != peek.out_words)
                hs_fuzz_finding("hs_proof_peek's table words differ from the statement's");
        }
    }
    if (data[3] & 0x20) { /* a bound that is no bound (NaN passed every comparison): refused first */
        hs_status vs = hs_verify(ctx, &info, reason, sizeof reason, proof, len, t.in, t.n_in, t.out, t.n_out, NAN);
        if (vs != HS_ERR_ARGUMENT || !reason[0]) hs_fuzz_finding("hs_verify took min_bits = NaN");
    }
    hs_status vs = hs_verify(ctx, &info, reason, sizeof reason, proof, len, t.in, t.n_in, t.out, t.n_out, min_bits);
    tables_free(&t);
    if (vs != HS_OK && !reason[0]) hs_fuzz_finding("hs_verify refused without a reason");
    if (ps != HS_OK && vs == HS_OK) hs_fuzz_finding("hs_verify accepted a proof whose header hs_proof_peek refuses");
    if (ps == HS_OK && !same_shape(&peek.shape, &info.shape))
        hs_fuzz_finding("hs_verify and hs_proof_peek read different statements");
    if (vs == HS_OK) {
        if ((peek.in_words || peek.out_words) && !have)
            hs_fuzz_finding("hs_verify accepted a public statement without its tables");
        if (min_bits < 0 && !isnan(info.claimed_bits) && info.claimed_bits + 1e-9 < info.declared_bits)
            hs_fuzz_finding("hs_verify accepted a proof below its preset's declaration");
        hs_fuzz_accepted(proof, len, tweaked, "hs_verify");
    }
    return 0;
}
