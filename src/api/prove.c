/* include/hashsnark.h: hs_prove and hs_prove_into for every backend and statement. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "gkr/gkr.h"
#include "gkr/ragged.h"
#include "soundness/soundness.h"
#include "sumcheck/comm.h"
#include "statement/kgkrstmt.h"
#include "statement/p2bstmt.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/timer.h"

static void add_phase(hs_prove_stats *st, const char *name, double seconds) {
    if (st->n_phases < HS_MAX_PHASES) st->phases[st->n_phases++] = (hs_phase_time){name, seconds};
}

static hs_status backend_failed(char *reason, size_t rl, const char *why) {
    const int nomem = hs_why_is_nomem(why);
    return hs_api_fail(reason, rl, nomem ? HS_ERR_NOMEM : HS_ERR_ARGUMENT, "%s", why ? why : "the prover failed");
}

/* The inputs of one prove call: the caller's const table, or a handed-over one (owned: the same
 * words, which the backend may convert in place and must free, whatever happens). */
typedef struct {
    const uint32_t *words;
    uint32_t *owned;
} prove_inputs;

static void release(prove_inputs *in) {
    hs_free(in->owned);
    in->owned = NULL;
}

/* Montgomery-form words for the gkr backend: the handed-over table converted in place (it is
 * then no longer in->owned: the caller of this frees the result), else a copy. */
static hs_kb *monty_inputs(prove_inputs *in, size_t n) {
    if (!in->owned) return hs_api_to_monty(in->words, n);
    hs_kb *m = in->owned;
    for (size_t i = 0; i < n; i++) m[i] = hs_kb_from_u32(m[i]);
    in->owned = NULL;
    return m;
}

/* The backends' phase hook (src/util/progress.h) on the context's progress callback: each phase as
 * it ends, with the fraction of the backend's phases done. */
typedef struct {
    const hs_ctx *ctx;
    unsigned fired; /* phases reported while proving (0: report them after, from the times) */
} live_progress;

static void on_phase(void *user, const char *phase, unsigned k, unsigned n, double within) {
    live_progress *lp = user;
    lp->fired++;
    hs_api_progress(lp->ctx, phase, n && k ? ((double)(k - 1) + within) / (double)n : 1.0);
}

static hs_status prove_stark(const hs_ctx *ctx, const hs_api_plan *pl, prove_inputs *in, uint32_t *out,
                             hs_writer *w, hs_prove_stats *st, char *reason, size_t rl, live_progress *lp) {
    hs_stark_shape s = {pl->preset, pl->hash->air->id, pl->log_perms, 0, hs_preset_fri(pl->preset, pl->log_blowup),
                        pl->statement == HS_STATEMENT_PUBLIC, in->owned != NULL, 0, 0, 0}; /* the prover frees owned words */
    const uint32_t *words = in->words;
    in->owned = NULL;
    hs_stark_timing tm;
    const char *why = NULL;
    hs_phase_hook hook = {on_phase, lp};
    if (!hs_stark_prove_hooked(&s, words, ctx->threads, w, out, &tm, &hook, &why)) return backend_failed(reason, rl, why);
    add_phase(st, "trace", tm.trace_s);
    add_phase(st, "commit (LDE + Merkle)", tm.commit_s);
    if (tm.lookup_s > 0) add_phase(st, "lookups (LogUp)", tm.lookup_s);
    add_phase(st, "quotient", tm.quotient_s);
    add_phase(st, "quotient commit", tm.quotient_commit_s);
    add_phase(st, "open (DEEP + FRI + queries)", tm.open_s);
    return HS_OK;
}

/* Canonical output lines from Montgomery-form states. */
static void from_monty(uint32_t *out, const hs_kb *m, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = hs_kb_to_u32(m[i]);
}

static hs_status prove_gkr(const hs_ctx *ctx, const hs_api_plan *pl, prove_inputs *in, uint32_t *out, hs_writer *w,
                           hs_prove_stats *st, char *reason, size_t rl, live_progress *lp) {
    hs_gkr_shape s;
    memset(&s, 0, sizeof s);
    s.preset = pl->preset;
    s.perm_id = pl->hash->gkr_perm;
    s.log_perms = pl->log_perms;
    s.public_io = pl->statement == HS_STATEMENT_PUBLIC;
    hs_gkr_whir_config(pl->preset, &s.whir);
    const size_t R = (size_t)hs_comm_size(hs_api_comm(ctx)), n_in = pl->in_words / R, n_out = pl->out_words / R;
    hs_kb *m = monty_inputs(in, n_in), *mo = out ? hs_alloc_array(n_out, sizeof *mo) : NULL;
    if (!m || (out && !mo)) {
        hs_free(m), hs_free(mo);
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %zu inputs", pl->instances / R);
    }
    hs_gkr_timing tm;
    const char *why = NULL;
    hs_phase_hook hook = {on_phase, lp};
    int ok = hs_gkr_prove_comm(&s, m, hs_api_comm(ctx), ctx->threads, w, mo, &tm, &hook, &why);
    hs_free(m);
    if (ok && out) from_monty(out, mo, n_out);
    hs_free(mo);
    if (!ok) return backend_failed(reason, rl, why);
    add_phase(st, "witness", tm.witness_s);
    add_phase(st, "commit (WHIR)", tm.commit_s);
    add_phase(st, "GKR walk", tm.walk_s);
    add_phase(st, "open (WHIR)", tm.open_s);
    return HS_OK;
}

/* keccak-f1600 by the gkr backend's walk over GF(2) (statement/kgkrstmt.h): lines of 25 lanes, two
 * words each (low first), as states; the outputs back to lines. */
static hs_status prove_kgkr(const hs_ctx *ctx, const hs_api_plan *pl, prove_inputs *in, uint32_t *out, hs_writer *w,
                            hs_prove_stats *st, char *reason, size_t rl) {
    const size_t lanes = pl->in_words / 2;
    uint64_t *si = hs_alloc_array(lanes, sizeof *si), *so = out ? hs_alloc_array(lanes, sizeof *so) : NULL;
    if (!si || (out && !so)) {
        hs_free(si), hs_free(so);
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %zu inputs", pl->instances);
    }
    hs_kgkrstmt_lanes(si, in->words, lanes);
    release(in);
    const hs_kgkrstmt_shape ks = {pl->preset, pl->log_perms, pl->statement == HS_STATEMENT_PRIVATE};
    hs_kgkr_times tm;
    const char *why = NULL;
    const int ok = hs_kgkrstmt_prove(&ks, si, ctx->threads, so, w, &tm, &why);
    hs_free(si);
    if (ok && out) hs_kgkrstmt_words(out, so, lanes);
    hs_free(so);
    if (!ok) return backend_failed(reason, rl, why);
    add_phase(st, "witness", tm.witness);
    if (ks.priv) add_phase(st, "commit (ring switching)", tm.commit);
    add_phase(st, "bind", tm.bind);
    add_phase(st, "chi bit rounds", tm.chi_first);
    add_phase(st, "chi table rounds", tm.chi_rest);
    add_phase(st, "bit-in-lane rounds, folds", tm.finals);
    if (ks.priv) add_phase(st, "input reduction", tm.reduce), add_phase(st, "open (ring switching)", tm.open);
    return HS_OK;
}

/* Poseidon2b by the gkr backend's walk over GF(2^128) (statement/p2bstmt.h): lines of 4 elements,
 * four words each, as flat states (FROST-GKR's tower values converted); the outputs back to lines. */
static hs_status prove_p2b(const hs_ctx *ctx, const hs_api_plan *pl, prove_inputs *in, uint32_t *out, hs_writer *w,
                           hs_prove_stats *st, char *reason, size_t rl) {
    const size_t n = pl->instances;
    const hs_p2bstmt_shape ps = {pl->preset, pl->hash->gkrb_hash == HS_P2BSTMT_HASH_FROST ? HS_P2B_FROST : HS_P2B_REF,
                                 pl->log_perms, pl->statement == HS_STATEMENT_PUBLIC};
    hs_gf128 *si = hs_alloc_array(n * HS_P2B_WIDTH, sizeof *si), *so = out ? hs_alloc_array(n * HS_P2B_WIDTH, sizeof *so) : NULL;
    if (!si || (out && !so)) {
        hs_free(si), hs_free(so);
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %zu inputs", n);
    }
    hs_p2bstmt_states(si, in->words, n, ps.inst);
    release(in);
    hs_p2bstmt_times tm;
    const char *why = NULL;
    const int ok = hs_p2bstmt_prove(&ps, si, ctx->threads, so, w, &tm, &why);
    hs_free(si);
    if (ok && out) hs_p2bstmt_words(out, so, n, ps.inst);
    hs_free(so);
    if (!ok) return backend_failed(reason, rl, why);
    add_phase(st, "witness", tm.witness);
    add_phase(st, ps.public_io ? "bind" : "commit (FRI-Binius)", tm.bind);
    add_phase(st, "GKR walk", tm.layers);
    if (!ps.public_io) add_phase(st, "open (FRI-Binius)", tm.open);
    return HS_OK;
}

static hs_status prove_regions(const hs_ctx *ctx, const hs_api_plan *pl, prove_inputs *in, uint32_t *out,
                               hs_writer *w, hs_prove_stats *st, char *reason, size_t rl) {
    hs_ragged_shape s;
    const char *why = NULL;
    if (!hs_api_plan_ragged(pl, &s, &why)) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "%s", why);
    hs_kb *m = monty_inputs(in, pl->in_words), *mo = hs_alloc_array(pl->out_words, sizeof *mo);
    if (!m || !mo) {
        hs_free(m), hs_free(mo);
        return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for %zu inputs", pl->instances);
    }
    const hs_kb *in_r[HS_MAX_REGIONS];
    hs_kb *out_r[HS_MAX_REGIONS];
    for (unsigned a = 0, at = 0; a < pl->n_regions; at += 1u << pl->widths[a], a++)
        in_r[a] = m + (size_t)at * pl->hash->in_words, out_r[a] = mo + (size_t)at * pl->hash->out_words;
    hs_ragged_timing tm;
    int ok = hs_ragged_prove(&s, in_r, out_r, ctx->threads, w, &tm, NULL, 0, &why);
    hs_free(m);
    if (ok && out) from_monty(out, mo, pl->out_words);
    hs_free(mo);
    if (!ok) return backend_failed(reason, rl, why);
    st->physical_rows = s.physical_rows;
    add_phase(st, "witness", tm.witness_s);
    if (s.private_io) add_phase(st, "commit (WHIR)", tm.commit_s);
    add_phase(st, "GKR walk", tm.walk_s);
    if (s.private_io) add_phase(st, "open (WHIR)", tm.open_s);
    return HS_OK;
}

/* Everything but the proof buffer: on success w holds the proof. Frees in->owned, whatever it returns. */
static hs_status prove_checked(const hs_ctx *ctx, hs_writer *w, uint32_t *outputs, size_t n_outputs,
                               hs_prove_stats *st, char *reason, size_t rl, const hs_shape *shape, prove_inputs *in,
                               size_t n_inputs);

static hs_status prove(const hs_ctx *ctx, hs_writer *w, uint32_t *outputs, size_t n_outputs, hs_prove_stats *st,
                       char *reason, size_t rl, const hs_shape *shape, prove_inputs *in, size_t n_inputs) {
    hs_status s = prove_checked(ctx, w, outputs, n_outputs, st, reason, rl, shape, in, n_inputs);
    release(in);
    return s;
}

static hs_status prove_checked(const hs_ctx *ctx, hs_writer *w, uint32_t *outputs, size_t n_outputs,
                               hs_prove_stats *st, char *reason, size_t rl, const hs_shape *shape, prove_inputs *in,
                               size_t n_inputs) {
    const uint32_t *inputs = in->words;
    hs_api_plan pl;
    hs_status s = hs_api_plan_make(&pl, shape, reason, rl);
    if (s != HS_OK) return s;
    const size_t R = (size_t)hs_comm_size(hs_api_comm(ctx)); /* a rank's share: 1 / R of the instances */
    if (R > 1 && (pl.backend != HS_BACKEND_GKR || pl.statement == HS_STATEMENT_REGIONS || hs_api_plan_gkrb(&pl) ||
                  pl.instances % R))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT,
                           "over %zu ranks: only the gkr backend's public and private statements over KoalaBear are "
                           "proven (this shape is proven by one process)", R);
    if (n_inputs != pl.in_words / R || (n_inputs && !inputs))
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "inputs: %zu words given; %zu %s of %s need %zu%s", n_inputs,
                           pl.instances / R, pl.hash->noun, pl.hash->name, pl.in_words / R,
                           R > 1 ? " on each rank" : "");
    if (outputs && n_outputs != pl.out_words / R)
        return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "outputs: room for %zu words given; the outputs are %zu",
                           n_outputs, pl.out_words / R);
    s = hs_api_check_words(inputs, n_inputs, pl.hash->in_words, pl.hash->word_modulus, "inputs", reason, rl);
    if (s != HS_OK) return s;
    st->instances = pl.instances;
    st->threads = ctx->threads;
    st->claimed_bits = NAN;
    st->supported = 1;
    {
        hs_params_report *rep = hs_alloc_array(1, sizeof *rep);
        if (!rep) return hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory");
        s = hs_api_report(rep, &pl, reason, rl);
        if (s == HS_OK && !rep->supported && !shape->allow_insecure)
            s = hs_api_fail(reason, rl, HS_ERR_INSECURE,
                            "preset %s declares %.0f provable bits, but this shape gives %.1f (%s, weakest term %s); "
                            "allow_insecure proves it anyway",
                            pl.preset->name, rep->declared_bits, rep->claimed_bits, hs_sec_regime_name(rep->regime),
                            rep->terms[rep->weakest].name);
        st->claimed_bits = rep->claimed_bits;
        st->declared_bits = rep->declared_bits;
        st->supported = rep->supported;
        hs_free(rep);
        if (s != HS_OK) return s;
    }
    hs_api_progress(ctx, "start", 0.0);
    double t0 = hs_now();
    live_progress lp = {ctx, 0};
    if (pl.statement == HS_STATEMENT_REGIONS)
        s = prove_regions(ctx, &pl, in, outputs, w, st, reason, rl);
    else if (hs_api_plan_p2b(&pl))
        s = prove_p2b(ctx, &pl, in, outputs, w, st, reason, rl);
    else if (hs_api_plan_gkrb(&pl))
        s = prove_kgkr(ctx, &pl, in, outputs, w, st, reason, rl);
    else if (pl.backend == HS_BACKEND_GKR)
        s = prove_gkr(ctx, &pl, in, outputs, w, st, reason, rl, &lp);
    else
        s = prove_stark(ctx, &pl, in, outputs, w, st, reason, rl, &lp);
    st->total_s = hs_now() - t0;
    if (s == HS_OK && w->err) s = hs_api_fail(reason, rl, HS_ERR_NOMEM, "out of memory for the proof");
    if (s != HS_OK) return s;
    if (!lp.fired) { /* a prover without the hook (regions): its phases now, by their times */
        double sum = 0, done = 0;
        for (size_t i = 0; i < st->n_phases; i++) sum += st->phases[i].seconds;
        for (size_t i = 0; i < st->n_phases; i++) {
            done += st->phases[i].seconds;
            hs_api_progress(ctx, st->phases[i].name, sum > 0 ? done / sum : (double)(i + 1) / (double)st->n_phases);
        }
    }
    hs_api_progress(ctx, "done", 1.0);
    return HS_OK;
}

/* Zeroes every output of a prove call. */
static void clear(uint32_t *outputs, size_t n_outputs, hs_prove_stats *stats, hs_prove_stats *local, char *reason,
                  size_t rl) {
    if (outputs) memset(outputs, 0, n_outputs * sizeof *outputs);
    if (stats) memset(stats, 0, sizeof *stats);
    memset(local, 0, sizeof *local);
    if (reason && rl) reason[0] = 0;
}

struct hs_inputs {
    uint32_t *words; /* hs_alloc_array */
    size_t n_words;
};

/* hs_prove into a library-allocated buffer; frees in->owned. */
static hs_status prove_alloc(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, uint32_t *outputs,
                             size_t n_outputs, hs_prove_stats *stats, char *reason, size_t rl, const hs_shape *shape,
                             prove_inputs *in, size_t n_inputs) {
    hs_prove_stats local;
    clear(outputs, n_outputs, stats, &local, reason, rl);
    hs_writer w = {0};
    hs_status s = prove(ctx, &w, outputs, n_outputs, &local, reason, rl, shape, in, n_inputs);
    if (s != HS_OK) {
        hs_w_free(&w);
        clear(outputs, n_outputs, stats, &local, NULL, 0);
        return s;
    }
    *proof = w.data;
    *proof_len = w.len;
    if (stats) *stats = local;
    return HS_OK;
}

hs_status hs_prove(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, uint32_t *outputs, size_t n_outputs,
                   hs_prove_stats *stats, char *reason, size_t rl, const hs_shape *shape, const uint32_t *inputs,
                   size_t n_inputs) {
    *proof = NULL;
    *proof_len = 0;
    prove_inputs in = {inputs, NULL};
    return prove_alloc(ctx, proof, proof_len, outputs, n_outputs, stats, reason, rl, shape, &in, n_inputs);
}

hs_status hs_prove_inputs(const hs_ctx *ctx, uint8_t **proof, size_t *proof_len, uint32_t *outputs, size_t n_outputs,
                          hs_prove_stats *stats, char *reason, size_t rl, const hs_shape *shape, hs_inputs *inputs) {
    *proof = NULL;
    *proof_len = 0;
    prove_inputs in = {inputs->words, inputs->words};
    const size_t n = inputs->n_words;
    free(inputs); /* the words are in's now */
    return prove_alloc(ctx, proof, proof_len, outputs, n_outputs, stats, reason, rl, shape, &in, n);
}

hs_status hs_inputs_new(hs_inputs **out, uint32_t **words, size_t n_words) {
    *out = NULL;
    *words = NULL;
    if (!n_words) return HS_ERR_ARGUMENT;
    hs_inputs *t = malloc(sizeof *t);
    uint32_t *w = hs_alloc_array(n_words, sizeof *w);
    if (!t || !w) {
        free(t), hs_free(w);
        return HS_ERR_NOMEM;
    }
    memset(w, 0, n_words * sizeof *w);
    t->words = w, t->n_words = n_words;
    *out = t;
    *words = w;
    return HS_OK;
}

void hs_inputs_free(hs_inputs *inputs) {
    if (!inputs) return;
    hs_free(inputs->words);
    free(inputs);
}

hs_status hs_prove_into(const hs_ctx *ctx, uint8_t *buf, size_t buf_len, size_t *proof_len, uint32_t *outputs,
                        size_t n_outputs, hs_prove_stats *stats, char *reason, size_t rl, const hs_shape *shape,
                        const uint32_t *inputs, size_t n_inputs) {
    hs_prove_stats local;
    *proof_len = 0;
    if (buf) memset(buf, 0, buf_len);
    clear(outputs, n_outputs, stats, &local, reason, rl);
    if (!buf && buf_len) return hs_api_fail(reason, rl, HS_ERR_ARGUMENT, "buf is NULL but buf_len is %zu", buf_len);
    hs_writer w = {0};
    prove_inputs in = {inputs, NULL};
    hs_status s = prove(ctx, &w, outputs, n_outputs, &local, reason, rl, shape, &in, n_inputs);
    if (s == HS_OK && w.len > buf_len) {
        *proof_len = w.len;
        s = hs_api_fail(reason, rl, HS_ERR_BUFFER, "the proof has %zu bytes; the buffer holds %zu", w.len, buf_len);
        hs_w_free(&w);
        clear(outputs, n_outputs, stats, &local, NULL, 0);
        return s;
    }
    if (s != HS_OK) {
        hs_w_free(&w);
        clear(outputs, n_outputs, stats, &local, NULL, 0);
        return s;
    }
    memcpy(buf, w.data, w.len);
    *proof_len = w.len;
    hs_w_free(&w);
    if (stats) *stats = local;
    return HS_OK;
}

void hs_proof_free(uint8_t *proof) { free(proof); }

hs_status hs_inputs_random(uint32_t *words, size_t n_words, const char *hash, uint64_t seed) {
    if (words) memset(words, 0, n_words * sizeof *words);
    const hs_provable_entry *h = hs_provable_entry_find(hash);
    if (!h) return HS_ERR_UNKNOWN_HASH;
    if (n_words && !words) return HS_ERR_ARGUMENT;
    hs_rng rng;
    hs_rng_seed(&rng, seed);
    const uint64_t bound = h->word_modulus ? h->word_modulus : (uint64_t)1 << 32;
    for (size_t i = 0; i < n_words; i++) words[i] = (uint32_t)hs_rng_below(&rng, bound);
    return HS_OK;
}

hs_status hs_inputs_random_rows(uint32_t *words, size_t n_rows, size_t row_words, size_t first, size_t stride,
                                const char *hash, uint64_t seed) {
    const hs_provable_entry *h = hs_provable_entry_find(hash);
    if (!h) return HS_ERR_UNKNOWN_HASH;
    if (stride == 0 || first >= stride || (n_rows && row_words && !words)) return HS_ERR_ARGUMENT;
    if (!n_rows || !row_words) return HS_OK;
    hs_rng rng;
    hs_rng_seed(&rng, seed);
    const uint64_t bound = h->word_modulus ? h->word_modulus : (uint64_t)1 << 32;
    for (size_t k = 0, row = 0; k < n_rows; row++) /* row: the table's; k: the rows kept */
        for (size_t j = 0; j < row_words; j++) {
            const uint32_t v = (uint32_t)hs_rng_below(&rng, bound);
            if (row % stride == first) words[k * row_words + j] = v;
            if (row % stride == first && j + 1 == row_words) k++;
        }
    return HS_OK;
}
