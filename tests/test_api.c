/* The library as its users see it: include/hashsnark.h only, linked against the shared library.
 * Every provable hash is proven and verified at small sizes with every backend and statement the
 * provable table lists; then tampering, range and argument errors, insecure shapes and min_bits,
 * peek, params, both proof-buffer ownerships, progress and thread-count byte identity.
 * HS_TEST_SEED=<n> replays a run (the seed is printed). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, access */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hashsnark.h"

static int failures;

/* bindings/rust/src/sys.rs mirrors these structs by hand, and its tests assert the same sizes and
 * offsets: a change here must change both. */
#if UINTPTR_MAX == 0xffffffffffffffffu
_Static_assert(sizeof(hs_shape) == 192, "hs_shape changed: update bindings/rust/src/sys.rs");
_Static_assert(sizeof(hs_provable) == 64, "hs_provable changed: update bindings/rust/src/sys.rs");
_Static_assert(sizeof(hs_preset_info) == 40, "hs_preset_info changed: update bindings/rust/src/sys.rs");
_Static_assert(sizeof(hs_sec_term) == 88, "hs_sec_term changed: update bindings/rust/src/sys.rs");
_Static_assert(sizeof(hs_params_report) == 8576 && offsetof(hs_params_report, terms) == 120,
               "hs_params_report changed: update bindings/rust/src/sys.rs");
_Static_assert(sizeof(hs_prove_stats) == 192 && offsetof(hs_prove_stats, supported) == 184,
               "hs_prove_stats changed: update bindings/rust/src/sys.rs");
_Static_assert(sizeof(hs_proof_info) == 280 && offsetof(hs_proof_info, supported) == 264,
               "hs_proof_info changed: update bindings/rust/src/sys.rs");
#endif

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

/* status == want, printing the reason otherwise */
#define CHECK_ST(call, want, reason)                                                                           \
    do {                                                                                                       \
        hs_status st_ = (call);                                                                                \
        if (st_ != (want)) {                                                                                   \
            fprintf(stderr, "%s:%d: %s gave %s (%s), expected %s\n", __FILE__, __LINE__, #call, hs_status_str(st_), \
                    (reason), hs_status_str(want));                                                            \
            failures++;                                                                                        \
        }                                                                                                      \
    } while (0)

static uint64_t seed;
static hs_ctx *ctx1, *ctx2;

static uint32_t *random_words(const char *hash, size_t n, uint64_t s) {
    uint32_t *w = malloc((n ? n : 1) * sizeof *w);
    if (!w) abort();
    if (hs_inputs_random(w, n, hash, s) != HS_OK) abort();
    return w;
}

static void test_version(void) {
    unsigned num = 0;
    CHECK(!strcmp(hs_version(&num), HS_VERSION_STRING));
    CHECK(num == HS_VERSION_NUMBER);
    CHECK(hs_version(NULL) != NULL);
    CHECK(strcmp(hs_status_str(HS_ERR_REJECTED), hs_status_str(HS_ERR_INSECURE)) != 0);
    /* the SIMD level: a name, never above the best one */
    const char *names[] = {"portable", "avx2", "avx512"};
    int in_use = -1, best = -1;
    for (int i = 0; i < 3; i++) {
        if (!strcmp(hs_simd_level(), names[i])) in_use = i;
        if (!strcmp(hs_simd_best(), names[i])) best = i;
    }
    CHECK(in_use >= 0 && best >= in_use);
    hs_status st = hs_simd_check_env(NULL);
    CHECK(st == HS_OK || st == HS_ERR_ARGUMENT || st == HS_ERR_UNSUPPORTED);
}

static void test_tables(void) {
    size_t n = hs_provable_count();
    hs_provable h;
    CHECK(n >= 2);
    int kb16 = 0;
    for (size_t i = 0; i < n; i++) {
        CHECK(hs_provable_at(&h, i) == HS_OK);
        CHECK(h.name && h.description && h.noun && h.in_words && h.out_words && h.backends);
        CHECK(h.value_bits == 32 || h.value_bits == 64 || h.value_bits == 128);
        CHECK(!(h.backends & HS_BACKEND_BIT(HS_BACKEND_STARK)) == !h.stark_statements);
        CHECK(!(h.backends & HS_BACKEND_BIT(HS_BACKEND_GKR)) == !h.gkr_statements);
        CHECK(hs_provable_statements(&h, HS_BACKEND_STARK) == h.stark_statements); /* the query, the fields */
        CHECK(hs_provable_statements(&h, HS_BACKEND_GKR) == h.gkr_statements);
        CHECK(hs_provable_statements(&h, (hs_backend)3) == 0);
        hs_provable again;
        CHECK(hs_provable_find(&again, h.name) == HS_OK && !strcmp(again.name, h.name));
        if (h.perm) { /* the native permutation of the same name has the same lines */
            const hs_perm *p;
            CHECK(hs_perm_find(&p, h.perm) == HS_OK);
            if (hs_perm_word_bits(p) == 32) CHECK(hs_perm_width(p) == h.in_words);
        }
        if (!strcmp(h.name, "poseidon2-kb16")) {
            kb16 = 1;
            CHECK(h.backends == (HS_BACKEND_BIT(HS_BACKEND_STARK) | HS_BACKEND_BIT(HS_BACKEND_GKR)));
            CHECK(h.gkr_statements & HS_STATEMENT_BIT(HS_STATEMENT_REGIONS));
            CHECK(h.in_words == 16 && h.word_modulus == 2130706433u);
        }
    }
    CHECK(kb16);
    CHECK(hs_provable_at(&h, n) == HS_ERR_ARGUMENT && h.name == NULL);
    CHECK(hs_provable_find(&h, "no-such-hash") == HS_ERR_UNKNOWN_HASH);

    hs_preset_info pi;
    CHECK(hs_preset_info_count() == 3);
    CHECK(hs_preset_info_find(&pi, "proven128") == HS_OK && pi.declared_bits == 128);
    CHECK(hs_preset_info_find(&pi, "fast") == HS_ERR_UNKNOWN_PRESET);
    CHECK(hs_preset_info_at(&pi, 0) == HS_OK && !strcmp(pi.name, "compat"));
    CHECK(hs_preset_info_at(&pi, 3) == HS_ERR_ARGUMENT);
    for (size_t i = 0; i < 3; i++) { /* the commitment query against the preset's fields */
        hs_commit_info ci;
        CHECK(hs_preset_info_at(&pi, i) == HS_OK);
        CHECK(hs_preset_commitment(&ci, pi.name, HS_BACKEND_GKR) == HS_OK && !strcmp(ci.scheme, "whir") &&
              ci.log_inv_rate == pi.gkr_whir_log_inv_rate && ci.regime == pi.gkr_whir_regime);
        CHECK(hs_preset_commitment(&ci, pi.name, HS_BACKEND_STARK) == HS_OK && !strcmp(ci.scheme, "fri") &&
              ci.log_inv_rate == pi.stark_log_blowup && ci.regime == pi.declared_regime);
        CHECK(hs_preset_commitment(&ci, pi.name, (hs_backend)3) == HS_ERR_ARGUMENT && !ci.scheme);
    }
    {
        hs_commit_info ci;
        CHECK(hs_preset_commitment(&ci, "fast", HS_BACKEND_GKR) == HS_ERR_UNKNOWN_PRESET);
        h.name = "no-such-hash";
        CHECK(hs_provable_statements(&h, HS_BACKEND_STARK) == 0);
    }
    CHECK(!strcmp(hs_sec_regime_name(HS_SEC_JOHNSON), "johnson"));

    const hs_hash *hh;
    uint8_t d[32];
    static const uint8_t blake3_empty[4] = {0xaf, 0x13, 0x49, 0xb9};
    CHECK(hs_hash_find(&hh, "blake3") == HS_OK && hs_hash_word_bits(hh) == 8 && hs_hash_digest_len(hh) == 32);
    CHECK(hs_hash_bytes(hh, d, 32, NULL, 0) == HS_OK && !memcmp(d, blake3_empty, 4));
    CHECK(hs_hash_bytes(hh, d, 31, NULL, 0) == HS_ERR_ARGUMENT);
    uint32_t m[11], a[8], b[8];
    for (unsigned i = 0; i < 11; i++) m[i] = i * 1000003u;
    CHECK(hs_hash_find(&hh, "poseidon2-kb16") == HS_OK && hs_hash_word_bits(hh) == 32);
    CHECK(hs_hash_u32(hh, a, 8, m, 11) == HS_OK && hs_poseidon2_kb16_sponge(b, m, 11) == HS_OK && !memcmp(a, b, 32));
    m[3] = 2130706433u;
    CHECK(hs_hash_u32(hh, a, 8, m, 11) == HS_ERR_RANGE);
    uint64_t a64[4];
    CHECK(hs_hash_u64(hh, a64, 4, NULL, 0) == HS_ERR_WORD_SIZE);
    CHECK(hs_hash_count() > 5 && hs_hash_at(hs_hash_count()) == NULL);
}

typedef struct {
    int calls, ordered, started, done, named; /* named: distinct phases in a row */
    double last;
    char names[24][48]; /* the phases reported, in order, each once (a phase's calls within it and its end) */
} progress_log;

/* The 128-bit permutations cross the interface as two 64-bit words an element, low half first:
 * the Sage reference's known answer for poseidon2b on [0, 1, 2, 3]
 * (github.com/Poseidon-Hash/Poseidon2b sage-ref/Poseidon2b.ipynb), one state and a batch. */
static void test_perm128(void) {
    const hs_perm *p;
    CHECK(hs_perm_find(&p, "poseidon2b") == HS_OK);
    CHECK(hs_perm_elem_bits(p) == 128 && hs_perm_width(p) == 8 && hs_perm_word_bits(p) == 64 && !hs_perm_modulus(p));
    static const uint64_t want[8] = {0xe248218d828e976eull, 0x8f7655abdb748e34ull, 0x012a2babed7a22a4ull,
                                     0x03d8a962b3ef9fdbull, 0xc01304ec452eb78cull, 0xebef045a528b84d0ull,
                                     0x8530654b62a40a39ull, 0x1c59b5817ed799d5ull};
    uint64_t s[3 * 8] = {0, 0, 1, 0, 2, 0, 3, 0};
    for (int k = 1; k < 3; k++) memcpy(s + 8 * k, s, 8 * sizeof *s);
    CHECK(hs_perm_one_u64(p, s) == HS_OK && !memcmp(s, want, sizeof want));
    CHECK(hs_perm_many_u64(ctx2, p, s + 8, 2) == HS_OK && !memcmp(s + 8, want, sizeof want) && !memcmp(s + 16, want, sizeof want));
    uint32_t w32[8] = {0};
    CHECK(hs_perm_one_u32(p, w32) == HS_ERR_WORD_SIZE);
    CHECK(hs_perm_hex_digits(p) == 32); /* perm's text: 32 hex digits per element */
    CHECK(hs_perm_find(&p, "poseidon2b-frost") == HS_OK && hs_perm_elem_bits(p) == 128 && hs_perm_hex_digits(p) == 32);
    CHECK(hs_perm_find(&p, "poseidon2-kb16") == HS_OK && hs_perm_elem_bits(p) == 32 && !hs_perm_hex_digits(p));
    CHECK(hs_perm_find(&p, "vision32") == HS_OK && hs_perm_elem_bits(p) == 32 && hs_perm_hex_digits(p) == 8);
}

static void on_progress(void *user, const char *phase, double fraction) {
    progress_log *l = user;
    if (l->calls == 0) l->started = !strcmp(phase, "start") && fraction == 0.0;
    if (fraction < l->last || fraction > 1.0) l->ordered = 0;
    l->done = !strcmp(phase, "done") && fraction == 1.0;
    l->last = fraction;
    if (!l->named || strcmp(l->names[l->named < 24 ? l->named - 1 : 23], phase)) {
        if (l->named < 24) snprintf(l->names[l->named], sizeof l->names[0], "%s", phase);
        l->named++;
    }
    l->calls++;
}

/* A proof's bytes with one flipped bit (in the middle of the proof, after the header). */
static void check_tampered(const hs_shape *s, const uint8_t *proof, size_t len, const uint32_t *in, size_t n_in,
                           const uint32_t *out, size_t n_out) {
    char why[HS_REASON_LEN];
    uint8_t *t = malloc(len);
    if (!t) abort();
    memcpy(t, proof, len);
    t[len / 2] ^= 0x10;
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, t, len, in, n_in, out, n_out, 0), HS_ERR_REJECTED, why);
    CHECK(why[0] != 0);
    /* a truncated proof */
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len - 1, in, n_in, out, n_out, 0), HS_ERR_REJECTED, why);
    /* another preset byte: the header no longer matches */
    memcpy(t, proof, len);
    t[13] = t[13] == 1 ? 2 : 1;
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, t, len, in, n_in, out, n_out, 0), HS_ERR_REJECTED, why);
    free(t);
    (void)s;
}

/* Proves and verifies one shape; returns 0 if it could not prove. */
static int prove_verify(const hs_shape *s, const char *label) {
    char why[HS_REASON_LEN];
    size_t inst, nin, nout;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, s), HS_OK, why);
    if (!inst) return 0;
    uint32_t *in = random_words(s->hash, nin, seed), *out = malloc(nout * sizeof *out);
    uint8_t *proof = NULL;
    size_t len = 0;
    hs_prove_stats st;
    progress_log pl = {0, 1, 0, 0, 0, 0.0, {{0}}};
    hs_ctx_set_progress(ctx1, on_progress, &pl);
    hs_status r = hs_prove(ctx1, &proof, &len, out, nout, &st, why, sizeof why, s, in, nin);
    hs_ctx_set_progress(ctx1, NULL, NULL);
    fprintf(stderr, "  %-44s %s, %zu bytes, %.3f s\n", label, r == HS_OK ? "proved" : why, len, st.total_s);
    CHECK_ST(r, HS_OK, why);
    if (r != HS_OK) {
        free(in), free(out);
        return 0;
    }
    CHECK(st.instances == inst && st.n_phases >= 2 && st.threads == 1);
    CHECK(pl.named == (int)st.n_phases + 2 && pl.started && pl.done && pl.ordered);
    /* the stark and gkr provers report within their phases too (quotient blocks, FRI rounds, the
     * walk's layers, WHIR's rounds): more calls than phases; the regions prover and the walks over
     * GF(2) and GF(2^128) (keccak-f1600, poseidon2b) only at their end */
    if (s->statement == HS_STATEMENT_REGIONS ||
        (s->backend == HS_BACKEND_GKR && (!strcmp(s->hash, "keccak-f1600") || !strncmp(s->hash, "poseidon2b", 10))))
        CHECK(pl.calls == pl.named);
    else
        CHECK(pl.calls > pl.named);
    /* every phase once, in the order and with the names of the phase times */
    for (size_t i = 0; i < st.n_phases && i + 1 < 24; i++) CHECK(!strcmp(pl.names[i + 1], st.phases[i].name));

    /* the outputs are the native permutation's */
    hs_provable h;
    const hs_perm *p;
    CHECK(hs_provable_find(&h, s->hash) == HS_OK);
    if (h.perm && hs_perm_find(&p, h.perm) == HS_OK && hs_perm_word_bits(p) == 32 && h.in_words == h.out_words) {
        uint32_t *native = malloc(nin * sizeof *native);
        memcpy(native, in, nin * sizeof *native);
        CHECK(hs_perm_many_u32(ctx1, p, native, inst) == HS_OK);
        CHECK(!memcmp(native, out, nout * sizeof *out));
        free(native);
    } else if (h.perm && hs_perm_find(&p, h.perm) == HS_OK && hs_perm_word_bits(p) == 64 && h.value_bits >= 64 &&
               h.in_words == 2 * hs_perm_width(p) && h.out_words == h.in_words) {
        /* 64-bit values are two words, low first (a 128-bit value two 64-bit halves, low first) */
        uint64_t *native = malloc(nin / 2 * sizeof *native);
        for (size_t i = 0; i < nin / 2; i++) native[i] = in[2 * i] | (uint64_t)in[2 * i + 1] << 32;
        CHECK(hs_perm_many_u64(ctx1, p, native, inst) == HS_OK);
        for (size_t i = 0; i < nout / 2; i++)
            CHECK(out[2 * i] == (uint32_t)native[i] && out[2 * i + 1] == (uint32_t)(native[i] >> 32));
        free(native);
    }

    /* the same statement again after the kept memory went back: the same bytes */
    hs_release_memory();
    uint8_t *again = NULL;
    size_t len2 = 0;
    CHECK_ST(hs_prove(ctx1, &again, &len2, out, nout, NULL, why, sizeof why, s, in, nin), HS_OK, why);
    CHECK(len2 == len && again && !memcmp(again, proof, len));
    hs_proof_free(again);

    /* peek */
    hs_proof_info info;
    CHECK_ST(hs_proof_peek(&info, why, sizeof why, proof, len), HS_OK, why);
    CHECK(info.shape.backend == s->backend && info.shape.statement == s->statement);
    CHECK(!strcmp(info.shape.hash, s->hash) && !strcmp(info.shape.preset, s->preset ? s->preset : "compat"));
    CHECK(info.shape.log_perms == s->log_perms && info.instances == inst);
    CHECK(info.shape.n_regions == s->n_regions);
    for (unsigned a = 0; a < s->n_regions; a++) CHECK(info.shape.region_log[a] == s->region_log[a]);
    if (s->statement == HS_STATEMENT_REGIONS) CHECK(info.physical_rows > 0 && info.shape.private_regions == s->private_regions);
    CHECK(info.claimed_bits == st.claimed_bits && info.supported && !isnan(st.claimed_bits));

    const int pub = s->statement == HS_STATEMENT_PUBLIC || (s->statement == HS_STATEMENT_REGIONS && !s->private_regions);
    const uint32_t *vin = pub ? in : NULL, *vout = pub ? out : NULL;
    const size_t vnin = pub ? nin : 0, vnout = pub ? nout : 0;
    CHECK(info.in_words == vnin && info.out_words == vnout);
    CHECK_ST(hs_verify(ctx1, &info, why, sizeof why, proof, len, vin, vnin, vout, vnout, HS_MIN_BITS_DECLARED), HS_OK,
             why);
    CHECK_ST(hs_verify(ctx2, NULL, why, sizeof why, proof, len, vin, vnin, vout, vnout, 0), HS_OK, why);
    check_tampered(s, proof, len, vin, vnin, vout, vnout);
    if (pub) {
        /* another table: one output word changed (still canonical), then one non-canonical word */
        uint32_t keep = out[nout - 1];
        out[nout - 1] = keep ? keep - 1 : 1;
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, in, nin, out, nout, 0), HS_ERR_REJECTED, why);
        /* a word outside the field of the proof's hash: the table is not this proof's (what the
         * proof says decides it, so a rejection, not an error of the caller's) */
        if (h.word_modulus) {
            out[nout - 1] = h.word_modulus;
            CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, in, nin, out, nout, 0), HS_ERR_REJECTED, why);
            CHECK(strstr(why, "pub_out") != NULL && strstr(why, h.name) != NULL);
        }
        out[nout - 1] = keep;
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, in, nin - 1, out, nout, 0), HS_ERR_REJECTED, why);
        /* a public proof without its tables: rejected, with the reason */
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, 0), HS_ERR_REJECTED, why);
        CHECK(strstr(why, "public statement") != NULL && strstr(why, "none were given") != NULL);
        /* the caller's own inconsistencies stay errors of the caller's, whatever the proof */
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, in, nin, NULL, 0, 0), HS_ERR_ARGUMENT, why);
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, nin, out, nout, 0), HS_ERR_ARGUMENT, why);
    } else {
        /* a private proof given tables: rejected, with the reason */
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, in, nin, out, nout, 0), HS_ERR_REJECTED, why);
        CHECK(strstr(why, "private statement") != NULL);
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 3, 0), HS_ERR_ARGUMENT, why);
    }
    hs_proof_free(proof);
    free(in), free(out);
    return 1;
}

/* Every provable hash with every backend and statement its table entry lists. */
static void test_every_provable(void) {
    hs_provable h;
    for (size_t i = 0; hs_provable_at(&h, i) == HS_OK; i++) {
        for (int b = HS_BACKEND_STARK; b <= HS_BACKEND_GKR; b++) {
            unsigned sts = b == HS_BACKEND_STARK ? h.stark_statements : h.gkr_statements;
            for (int t = HS_STATEMENT_PRIVATE; t <= HS_STATEMENT_REGIONS; t++) {
                if (!(sts & HS_STATEMENT_BIT(t))) continue;
                hs_shape s;
                hs_shape_init(&s);
                s.backend = (hs_backend)b;
                s.hash = h.name;
                s.statement = (hs_statement)t;
                if (t == HS_STATEMENT_REGIONS) {
                    static const char *const variants[] = {"ragged", "padded", "independent"};
                    for (int v = 0; v < 6; v++) { /* public, then committed (private) regions */
                        s.variant = variants[v % 3];
                        s.private_regions = v >= 3;
                        s.n_regions = 2;
                        s.region_log[0] = 4, s.region_log[1] = 5;
                        char label[96];
                        snprintf(label, sizeof label, "%s %s %s regions 4,5 %s", b == HS_BACKEND_STARK ? "stark" : "gkr",
                                 h.name, v >= 3 ? "private" : "public", variants[v % 3]);
                        prove_verify(&s, label);
                    }
                    s.private_regions = 0;
                    continue;
                }
                s.log_perms = b == HS_BACKEND_GKR ? 3 : 2;
                char label[96];
                snprintf(label, sizeof label, "%s %s %s 2^%u", b == HS_BACKEND_STARK ? "stark" : "gkr", h.name,
                         t == HS_STATEMENT_PUBLIC ? "public" : "private", s.log_perms);
                prove_verify(&s, label);
            }
        }
    }
}

static void test_errors(void) {
    char why[HS_REASON_LEN];
    hs_shape s;
    hs_shape_init(&s);
    s.log_perms = 2;
    size_t inst, nin, nout;
    CHECK(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s) == HS_OK && inst == 4 && nin == 64 && nout == 64);
    uint32_t *in = random_words("poseidon2-kb16", nin, seed), out[64];
    uint8_t *proof = (uint8_t *)&s;
    size_t len = 7;
    memset(out, 0xff, sizeof out);

    /* a non-canonical input: nothing is proven, every output zero, the reason names the word */
    in[37] = 2130706433u;
    CHECK_ST(hs_prove(ctx1, &proof, &len, out, 64, NULL, why, sizeof why, &s, in, nin), HS_ERR_RANGE, why);
    CHECK(proof == NULL && len == 0 && out[0] == 0 && out[63] == 0);
    CHECK(strstr(why, "word 37") && strstr(why, "line 2, word 5"));
    in[37] = 5;
    /* wrong sizes */
    CHECK_ST(hs_prove(ctx1, &proof, &len, NULL, 0, NULL, why, sizeof why, &s, in, nin - 1), HS_ERR_ARGUMENT, why);
    CHECK_ST(hs_prove(ctx1, &proof, &len, out, 63, NULL, why, sizeof why, &s, in, nin), HS_ERR_ARGUMENT, why);
    CHECK_ST(hs_prove(ctx1, &proof, &len, NULL, 0, NULL, why, sizeof why, &s, NULL, nin), HS_ERR_ARGUMENT, why);
    /* names */
    s.hash = "sha256";
    CHECK_ST(hs_prove(ctx1, &proof, &len, NULL, 0, NULL, why, sizeof why, &s, in, nin), HS_ERR_UNKNOWN_HASH, why);
    s.hash = "poseidon2-kb16", s.preset = "proven64";
    CHECK_ST(hs_prove(ctx1, &proof, &len, NULL, 0, NULL, why, sizeof why, &s, in, nin), HS_ERR_UNKNOWN_PRESET, why);
    CHECK(strstr(why, "proven128") != NULL);
    s.preset = NULL;
    /* shapes the backends do not prove */
    s.statement = HS_STATEMENT_REGIONS;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_UNSUPPORTED, why);
    CHECK(inst == 0 && nin == 0);
    s.statement = HS_STATEMENT_PRIVATE;
    s.backend = HS_BACKEND_GKR;
    s.log_blowup = 2;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.log_blowup = 0, s.log_perms = 1;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.log_perms = 25, s.backend = HS_BACKEND_STARK;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.log_perms = 2, s.backend = (hs_backend)7;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.backend = HS_BACKEND_STARK, s.n_regions = 1;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.n_regions = 0;
    hs_provable h;
    for (size_t i = 0; hs_provable_at(&h, i) == HS_OK; i++)
        if (!(h.backends & HS_BACKEND_BIT(HS_BACKEND_GKR))) {
            s.backend = HS_BACKEND_GKR, s.hash = h.name;
            CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_UNSUPPORTED, why);
            s.backend = HS_BACKEND_STARK, s.hash = "poseidon2-kb16";
        }
    /* regions: bad widths, counts, variants */
    s.backend = HS_BACKEND_GKR, s.statement = HS_STATEMENT_REGIONS, s.log_perms = 0;
    s.n_regions = 2, s.region_log[0] = 4, s.region_log[1] = 3;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.region_log[1] = 4, s.variant = "lumpy";
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.variant = NULL, s.n_regions = HS_MAX_REGIONS + 1;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    s.n_regions = 2;
    CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_OK, why);
    CHECK(inst == 32 && nin == 32 * 16);

    /* peek and verify of things that are not proofs */
    hs_proof_info info;
    static const uint8_t junk[40] = "HSNKPRF1 definitely not a proof";
    CHECK_ST(hs_proof_peek(&info, why, sizeof why, junk, sizeof junk), HS_ERR_REJECTED, why);
    CHECK(why[0] && info.shape.hash == NULL);
    CHECK_ST(hs_proof_peek(&info, why, sizeof why, NULL, 0), HS_ERR_REJECTED, why);
    CHECK_ST(hs_verify(ctx1, &info, why, sizeof why, junk, 3, NULL, 0, NULL, 0, 0), HS_ERR_REJECTED, why);
    CHECK_ST(hs_verify(ctx1, NULL, NULL, 0, NULL, 0, NULL, 0, NULL, 0, 0), HS_ERR_REJECTED, "");
    free(in);
}

static void test_params(void) {
    char why[HS_REASON_LEN];
    hs_shape s;
    hs_shape_init(&s);
    s.log_perms = 20;
    hs_params_report *r = malloc(sizeof *r);
    for (int b = HS_BACKEND_STARK; b <= HS_BACKEND_GKR; b++)
        for (int pub = 0; pub < 2; pub++) {
            s.backend = (hs_backend)b;
            s.statement = pub ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
            CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why);
            CHECK(r->n_terms >= 2 && r->weakest < r->n_terms);
            CHECK(r->supported && r->claimed_bits >= r->declared_bits && r->declared_bits == 91);
            CHECK(fabs(r->terms[r->weakest].bits[r->regime] - r->claimed_bits) < 1e-9);
            for (size_t i = 0; i < r->n_terms; i++) CHECK(r->terms[i].bits[r->regime] + 1e-9 >= r->claimed_bits);
            CHECK(r->ext_degree == (b == HS_BACKEND_STARK ? 4u : 5u));
            if (b == HS_BACKEND_STARK) CHECK(r->num_queries == 256 && r->log_blowup == 1 && r->log_rows == 17);
            if (b == HS_BACKEND_GKR) CHECK(r->gkr_layers == 28 && r->gkr_width == 16);
            if (b == HS_BACKEND_GKR && !pub) CHECK(r->whir_log_inv_rate == 1 && r->merkle_hash && r->whir_columns == 32);
        }
    s.backend = HS_BACKEND_STARK, s.statement = HS_STATEMENT_PRIVATE, s.preset = "proven128";
    CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why);
    CHECK(r->supported && r->claimed_bits >= 128 && r->ext_degree == 8 && !strcmp(r->merkle_hash, "BLAKE3"));
    s.backend = HS_BACKEND_GKR, s.statement = HS_STATEMENT_REGIONS, s.log_perms = 0;
    s.n_regions = 1, s.region_log[0] = 8;
    CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why); /* public regions: the walk and the digest */
    CHECK(r->supported && r->n_terms == 3 && r->gkr_layers == 28 && r->whir_columns == 0);
    const size_t public_terms = r->n_terms;
    s.private_regions = 1; /* committed: the stacked WHIR commitment's terms too */
    CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why);
    CHECK(r->supported && r->n_terms > public_terms && r->whir_columns == 32 && r->merkle_hash);
    s.statement = HS_STATEMENT_PRIVATE, s.n_regions = 0, s.log_perms = 8; /* the flag belongs to regions */
    CHECK_ST(hs_params(r, why, sizeof why, &s), HS_ERR_ARGUMENT, why);
    free(r);
}

/* A shape below its preset's declaration: refused, proven with allow_insecure, then rejected by
 * a verifier asking for the declared bits and accepted by one asking for fewer. */
static void test_insecure(void) {
    char why[HS_REASON_LEN];
    hs_shape s;
    hs_shape_init(&s);
    s.log_perms = 12, s.log_blowup = 3; /* compat keeps 256 / log_blowup queries: 88.6 bits, below its 91 */
    hs_params_report *r = malloc(sizeof *r);
    CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why);
    CHECK(!r->supported && r->claimed_bits < r->declared_bits);
    size_t inst, nin, nout;
    CHECK(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s) == HS_OK);
    uint32_t *in = random_words(s.hash, nin, seed + 1);
    uint8_t *proof = NULL;
    size_t len = 0;
    hs_prove_stats st;
    CHECK_ST(hs_prove(ctx1, &proof, &len, NULL, 0, &st, why, sizeof why, &s, in, nin), HS_ERR_INSECURE, why);
    CHECK(proof == NULL && strstr(why, "compat") != NULL);
    s.allow_insecure = 1;
    CHECK_ST(hs_prove(ctx1, &proof, &len, NULL, 0, &st, why, sizeof why, &s, in, nin), HS_OK, why);
    CHECK(!st.supported && st.claimed_bits == r->claimed_bits);
    hs_proof_info info;
    CHECK_ST(hs_verify(ctx1, &info, why, sizeof why, proof, len, NULL, 0, NULL, 0, HS_MIN_BITS_DECLARED),
             HS_ERR_REJECTED, why);
    CHECK(strstr(why, "below") != NULL && !info.supported && info.shape.log_blowup == 3);
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, 0), HS_OK, why);
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, r->claimed_bits - 1), HS_OK, why);
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, r->claimed_bits + 1),
             HS_ERR_REJECTED, why);
    /* a bound that is no bound: NaN passes no comparison, so it once accepted this proof below its
     * declaration; infinities and negatives other than HS_MIN_BITS_DECLARED are refused alike,
     * before the proof is read */
    const double bad_bounds[] = {NAN, -NAN, INFINITY, -INFINITY, -2.0, -0.5, -1e-300};
    for (size_t k = 0; k < sizeof bad_bounds / sizeof *bad_bounds; k++) {
        CHECK_ST(hs_verify(ctx1, &info, why, sizeof why, proof, len, NULL, 0, NULL, 0, bad_bounds[k]),
                 HS_ERR_ARGUMENT, why);
        CHECK(strstr(why, "min_bits") != NULL);
        CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, NULL, 0, NULL, 0, NULL, 0, bad_bounds[k]), HS_ERR_ARGUMENT,
                 why);
    }
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, -0.0), HS_OK, why);
    hs_proof_free(proof);
    free(in), free(r);
}

/* Library-allocated and caller-owned proofs are the same bytes, whatever the thread count. */
static void test_buffers_and_threads(void) {
    char why[HS_REASON_LEN];
    for (int b = HS_BACKEND_STARK; b <= HS_BACKEND_GKR; b++) {
        hs_shape s;
        hs_shape_init(&s);
        s.backend = (hs_backend)b;
        s.log_perms = 6;
        size_t inst, nin, nout;
        CHECK(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s) == HS_OK);
        uint32_t *in = random_words(s.hash, nin, seed + 2), *o1 = malloc(nout * 4), *o2 = malloc(nout * 4);
        uint8_t *p1 = NULL;
        size_t l1 = 0, l2 = 0;
        CHECK_ST(hs_prove(ctx1, &p1, &l1, o1, nout, NULL, why, sizeof why, &s, in, nin), HS_OK, why);
        if (!p1) {
            free(in), free(o1), free(o2);
            continue;
        }
        /* too small: the size needed, nothing written */
        uint8_t *buf = malloc(l1 + 1);
        memset(buf, 0xaa, l1 + 1);
        memset(o2, 0xaa, nout * 4);
        CHECK_ST(hs_prove_into(ctx2, buf, l1 - 1, &l2, o2, nout, NULL, why, sizeof why, &s, in, nin), HS_ERR_BUFFER,
                 why);
        CHECK(l2 == l1 && buf[0] == 0 && buf[l1 - 2] == 0 && o2[0] == 0 && o2[nout - 1] == 0);
        /* room enough: the same bytes with two threads */
        hs_prove_stats st;
        CHECK_ST(hs_prove_into(ctx2, buf, l1 + 1, &l2, o2, nout, &st, why, sizeof why, &s, in, nin), HS_OK, why);
        CHECK(l2 == l1 && !memcmp(buf, p1, l1) && !memcmp(o1, o2, nout * 4) && st.threads == 2);
        CHECK_ST(hs_verify(ctx2, NULL, why, sizeof why, buf, l2, NULL, 0, NULL, 0, HS_MIN_BITS_DECLARED), HS_OK, why);
        hs_proof_free(p1);
        hs_proof_free(NULL);
        free(buf), free(in), free(o1), free(o2);
    }
}

static void test_random_inputs(void) {
    uint32_t a[64], b[64];
    CHECK(hs_inputs_random(a, 64, "poseidon2-kb16", 7) == HS_OK && hs_inputs_random(b, 64, "poseidon2-kb16", 7) == HS_OK);
    CHECK(!memcmp(a, b, sizeof a));
    CHECK(hs_inputs_random(b, 64, "poseidon2-kb16", 8) == HS_OK && memcmp(a, b, sizeof a) != 0);
    for (int i = 0; i < 64; i++) CHECK(a[i] < 2130706433u);
    CHECK(hs_inputs_random(a, 64, "nope", 7) == HS_ERR_UNKNOWN_HASH && a[0] == 0);
    /* one rank's rows of the same draw (rows of 16 words; 4 ranks): row l of rank r is row 4 l + r */
    uint32_t all[16 * 16], mine[4 * 16];
    CHECK(hs_inputs_random(all, 16 * 16, "poseidon2-kb16", 9) == HS_OK);
    for (size_t r = 0; r < 4; r++) {
        CHECK(hs_inputs_random_rows(mine, 4, 16, r, 4, "poseidon2-kb16", 9) == HS_OK);
        for (size_t l = 0; l < 4; l++) CHECK(!memcmp(mine + 16 * l, all + 16 * (4 * l + r), 16 * sizeof *mine));
    }
    CHECK(hs_inputs_random_rows(mine, 4, 16, 0, 1, "poseidon2-kb16", 9) == HS_OK && !memcmp(mine, all, sizeof mine));
    CHECK(hs_inputs_random_rows(mine, 4, 16, 4, 4, "poseidon2-kb16", 9) == HS_ERR_ARGUMENT);
    CHECK(hs_inputs_random_rows(mine, 4, 16, 0, 0, "poseidon2-kb16", 9) == HS_ERR_ARGUMENT);
    CHECK(hs_inputs_random_rows(mine, 4, 16, 0, 4, "nope", 9) == HS_ERR_UNKNOWN_HASH);
}

/* The sparse Merkle tree through the public interface: miden-crypto's test_batch_insert root
 * (v0.25+), mutation sets, get, openings accepted and rejected, argument errors. */
static void test_smt(void) {
    CHECK(hs_smt_hash_count() == 3);
    unsigned elems;
    uint64_t mod;
    CHECK(hs_smt_hash_info("poseidon2-kb16", &elems, &mod) == HS_OK && elems == 8 && mod == 2130706433u);
    CHECK(hs_smt_hash_info("nope", &elems, &mod) == HS_ERR_UNKNOWN_HASH);
    hs_smt *t;
    char reason[HS_REASON_LEN];
    CHECK(hs_smt_new(&t, ctx2, "poseidon2-gl12", NULL, 0, reason, sizeof reason) == HS_OK);
    const uint64_t pairs[24] = {0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1};
    const uint64_t want[4] = {5427929042044360539ull, 6118532261391705453ull, 5681692130190572868ull,
                              8495277686282924792ull};
    hs_smt_mutations *m;
    uint64_t oldr[4], newr[4], root[4], v[4];
    CHECK(hs_smt_mutations_new(&m, t, pairs, 24, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_mutations_roots(m, oldr, newr, 4) == HS_OK && !memcmp(newr, want, sizeof want));
    CHECK(hs_smt_root(t, root, 4) == HS_OK && !memcmp(root, oldr, sizeof root));
    CHECK(hs_smt_apply(t, m, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_apply(t, m, reason, sizeof reason) == HS_ERR_ARGUMENT); /* the root moved on */
    hs_smt_mutations_free(m);
    CHECK(hs_smt_root(t, root, 4) == HS_OK && !memcmp(root, want, sizeof want));
    uint64_t leaves, entries;
    hs_smt_counts(t, &leaves, &entries);
    CHECK(leaves == 2 && entries == 3);
    CHECK(hs_smt_get(t, v, 4, pairs + 8, 4, reason, sizeof reason) == HS_OK && v[0] == 1 && v[3] == 1);
    uint8_t *op;
    size_t len;
    const uint64_t absent[4] = {5, 0, 0, 1}, zero[4] = {0};
    CHECK(hs_smt_open_key(t, &op, &len, pairs + 8, 4, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_verify("poseidon2-gl12", root, pairs + 8, pairs + 12, 4, op, len, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_verify("poseidon2-gl12", root, pairs + 8, zero, 4, op, len, reason, sizeof reason) ==
          HS_ERR_REJECTED);
    CHECK(hs_smt_verify("rpo256", root, pairs + 8, pairs + 12, 4, op, len, reason, sizeof reason) ==
          HS_ERR_REJECTED);
    CHECK(hs_smt_verify("poseidon2-gl12", root, pairs + 8, pairs + 12, 4, op, len - 32, reason, sizeof reason) ==
          HS_ERR_REJECTED);
    hs_smt_opening_free(op);
    CHECK(hs_smt_open_key(t, &op, &len, absent, 4, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_verify("poseidon2-gl12", root, absent, zero, 4, op, len, reason, sizeof reason) == HS_OK);
    hs_smt_opening_free(op);
    /* errors: a repeated key, a non-canonical element, a bad length, a non-empty build */
    uint64_t dup[16] = {0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 2};
    CHECK(hs_smt_insert(t, dup, 16, reason, sizeof reason) == HS_ERR_ARGUMENT);
    dup[0] = 0xffffffff00000001ull;
    CHECK(hs_smt_insert(t, dup, 16, reason, sizeof reason) == HS_ERR_RANGE);
    CHECK(hs_smt_insert(t, dup, 15, reason, sizeof reason) == HS_ERR_ARGUMENT);
    CHECK(hs_smt_build(t, pairs, 8, reason, sizeof reason) == HS_ERR_ARGUMENT);
    CHECK(hs_smt_remove(t, pairs, 12, reason, sizeof reason) == HS_OK); /* keys 1..3 of the pairs' words */
    CHECK(hs_smt_get(t, v, 4, pairs, 4, reason, sizeof reason) == HS_OK && !memcmp(v, zero, sizeof v));
    /* update: every key present, else nothing changes */
    CHECK(hs_smt_update(t, pairs, 8, reason, sizeof reason) == HS_ERR_ARGUMENT && strstr(reason, "not in the tree"));
    CHECK(hs_smt_insert(t, pairs, 8, reason, sizeof reason) == HS_OK);
    uint64_t upd[8] = {0, 0, 0, 0, 7, 7, 7, 7};
    CHECK(hs_smt_update(t, upd, 8, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_get(t, v, 4, upd, 4, reason, sizeof reason) == HS_OK && v[0] == 7);
    CHECK(!strcmp(hs_smt_hash_of(t), "poseidon2-gl12"));
    hs_smt_free(t);
    /* no hash, or read-only, needs a stored tree */
    CHECK(hs_smt_new(&t, ctx1, NULL, NULL, 0, reason, sizeof reason) == HS_ERR_ARGUMENT && !t);
    CHECK(hs_smt_new(&t, ctx1, "rpo256", NULL, HS_SMT_READONLY, reason, sizeof reason) == HS_ERR_ARGUMENT && !t);
    if (!hs_smt_disk_supported()) {
        CHECK(hs_smt_new(&t, ctx1, "rpo256", "/tmp/x", 0, reason, sizeof reason) == HS_ERR_UNSUPPORTED);
        return;
    }
    /* on disk: read-only and hash-less opens never create, take the stored hash, refuse changes */
    char dir[] = "/tmp/hs_api_smt_XXXXXX", sub[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(sub, sizeof sub, "%s/tree", dir);
    CHECK(hs_smt_new(&t, ctx1, "rpo256", sub, HS_SMT_READONLY, reason, sizeof reason) == HS_ERR_IO &&
          strstr(reason, "no stored tree there"));
    CHECK(hs_smt_new(&t, ctx1, NULL, sub, 0, reason, sizeof reason) == HS_ERR_IO);
    CHECK(access(sub, F_OK) != 0); /* not created */
    CHECK(hs_smt_new(&t, ctx1, "rpo256", sub, HS_SMT_NOSYNC, reason, sizeof reason) == HS_OK);
    hs_smt_free(t);
    CHECK(hs_smt_new(&t, ctx1, NULL, sub, 0, reason, sizeof reason) == HS_ERR_ARGUMENT); /* created, no tree yet */
    CHECK(hs_smt_new(&t, ctx1, "rpo256", sub, 0, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_insert(t, pairs, 24, reason, sizeof reason) == HS_OK);
    CHECK(hs_smt_root(t, root, 4) == HS_OK);
    hs_smt_free(t);
    CHECK(hs_smt_new(&t, ctx1, NULL, sub, HS_SMT_READONLY, reason, sizeof reason) == HS_OK);
    CHECK(!strcmp(hs_smt_hash_of(t), "rpo256"));
    CHECK(hs_smt_root(t, v, 4) == HS_OK && !memcmp(v, root, sizeof v));
    CHECK(hs_smt_get(t, v, 4, pairs + 8, 4, reason, sizeof reason) == HS_OK && v[0] == 1);
    CHECK(hs_smt_insert(t, upd, 8, reason, sizeof reason) == HS_ERR_IO && strstr(reason, "read-only"));
    hs_smt_free(t);
    CHECK(hs_smt_new(&t, ctx1, "poseidon2-gl12", sub, HS_SMT_READONLY, reason, sizeof reason) == HS_ERR_ARGUMENT);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
}

/* hs_prove_inputs (a handed-over table, used in place) proves what hs_prove proves from the same
 * words; a refused table is consumed all the same (the sanitizer build sees a leak otherwise). */
static void test_handover(void) {
    static const struct {
        hs_backend b;
        hs_statement st;
        const char *hash;
        unsigned logp;
    } cases[] = {{HS_BACKEND_STARK, HS_STATEMENT_PRIVATE, "poseidon2-kb16", 5},
                 {HS_BACKEND_STARK, HS_STATEMENT_PUBLIC, "keccak-f1600", 3},
                 {HS_BACKEND_GKR, HS_STATEMENT_PRIVATE, "poseidon2-kb16", 4},
                 {HS_BACKEND_GKR, HS_STATEMENT_PUBLIC, "poseidon2-kb24", 3},
                 {HS_BACKEND_GKR, HS_STATEMENT_REGIONS, "poseidon2-kb16", 0}};
    char why[HS_REASON_LEN];
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        hs_shape s;
        hs_shape_init(&s);
        s.backend = cases[c].b, s.statement = cases[c].st, s.hash = cases[c].hash, s.log_perms = cases[c].logp;
        s.preset = "fast100";
        if (s.statement == HS_STATEMENT_REGIONS) s.n_regions = 2, s.region_log[0] = 4, s.region_log[1] = 5;
        size_t inst, nin, nout;
        CHECK_ST(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s), HS_OK, why);
        uint32_t *in = random_words(s.hash, nin, seed + c), *o1 = calloc(nout, 4), *o2 = calloc(nout, 4), *w = NULL;
        uint8_t *p1 = NULL, *p2 = NULL;
        size_t l1 = 0, l2 = 0;
        hs_inputs *t = NULL;
        CHECK_ST(hs_prove(ctx2, &p1, &l1, o1, nout, NULL, why, sizeof why, &s, in, nin), HS_OK, why);
        CHECK(hs_inputs_new(&t, &w, nin) == HS_OK && w && w[0] == 0 && w[nin - 1] == 0);
        if (!t) abort();
        memcpy(w, in, nin * sizeof *w);
        hs_prove_stats st;
        CHECK_ST(hs_prove_inputs(ctx1, &p2, &l2, o2, nout, &st, why, sizeof why, &s, t), HS_OK, why);
        CHECK(p1 && p2 && l1 == l2 && !memcmp(p1, p2, l1) && !memcmp(o1, o2, nout * sizeof *o1));
        CHECK(st.instances == inst && st.n_phases >= 2);
        fprintf(stderr, "  hand-over %-28s %s\n", s.hash, p2 && l1 == l2 && !memcmp(p1, p2, l1) ? "same proof" : "DIFFERS");
        hs_proof_free(p1), hs_proof_free(p2);
        /* refused tables are consumed: a wrong size, a value out of range */
        CHECK(hs_inputs_new(&t, &w, nin - 1) == HS_OK);
        p2 = (uint8_t *)1;
        CHECK_ST(hs_prove_inputs(ctx1, &p2, &l2, NULL, 0, NULL, why, sizeof why, &s, t), HS_ERR_ARGUMENT, why);
        CHECK(p2 == NULL && l2 == 0);
        hs_provable h;
        CHECK(hs_provable_find(&h, s.hash) == HS_OK);
        if (h.word_modulus) {
            CHECK(hs_inputs_new(&t, &w, nin) == HS_OK);
            memcpy(w, in, nin * sizeof *w);
            w[nin / 2] = h.word_modulus;
            CHECK_ST(hs_prove_inputs(ctx1, &p2, &l2, o2, nout, NULL, why, sizeof why, &s, t), HS_ERR_RANGE, why);
            CHECK(p2 == NULL && o2[0] == 0 && strstr(why, "inputs") != NULL);
        }
        free(in), free(o1), free(o2);
    }
    hs_inputs *t = (hs_inputs *)1;
    uint32_t *w = (uint32_t *)1;
    CHECK(hs_inputs_new(&t, &w, 0) == HS_ERR_ARGUMENT && !t && !w);
    CHECK(hs_inputs_new(&t, &w, SIZE_MAX / 2) == HS_ERR_NOMEM && !t && !w);
    hs_inputs_free(NULL);
    CHECK(hs_inputs_new(&t, &w, 16) == HS_OK);
    hs_inputs_free(t); /* not handed over */
}

/* The protocol a preset sets is the one hs_params reports at a shape. */
static void test_preset_protocol(void) {
    char why[HS_REASON_LEN];
    hs_params_report *r = malloc(sizeof *r);
    if (!r) abort();
    for (size_t i = 0; i < hs_preset_info_count(); i++) {
        hs_preset_info p;
        CHECK(hs_preset_info_at(&p, i) == HS_OK);
        hs_shape s;
        hs_shape_init(&s);
        s.preset = p.name, s.log_perms = 10;
        CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why);
        CHECK(p.stark_log_blowup >= 1 && r->log_blowup == p.stark_log_blowup);
        s.backend = HS_BACKEND_GKR;
        CHECK_ST(hs_params(r, why, sizeof why, &s), HS_OK, why);
        CHECK(p.gkr_whir_log_inv_rate >= 1 && r->whir_log_inv_rate == p.gkr_whir_log_inv_rate);
        CHECK(r->whir_regime == p.gkr_whir_regime);
    }
    free(r);
}

/* The commitment-only statement through the C interface: proves, peeks, verifies; thread count
 * independent; an altered byte, a truncation, NaN bounds, another field and an out-of-range size
 * refused with their statuses. */
static void test_pcs(void) {
    char why[HS_REASON_LEN];
    uint8_t *p1 = NULL, *p2 = NULL;
    size_t n1 = 0, n2 = 0;
    hs_pcs_info info;
    CHECK_ST(hs_prove_pcs(ctx1, &p1, &n1, &info, why, sizeof why, "gf2-128", 12, seed), HS_OK, why);
    CHECK_ST(hs_prove_pcs(ctx2, &p2, &n2, NULL, why, sizeof why, "gf2-128", 12, seed), HS_OK, why);
    CHECK(p1 && p2 && n1 == n2 && !memcmp(p1, p2, n1));
    CHECK(info.log_bits == 12 && info.inv_rate == 2 && info.queries > 0 && info.regime == HS_SEC_UDR &&
          info.claimed_bits >= info.declared_bits && info.declared_bits == 96.0);
    hs_pcs_info got;
    CHECK_ST(hs_pcs_peek(&got, why, sizeof why, p1, n1), HS_OK, why);
    CHECK(got.log_bits == 12 && got.queries == info.queries);
    CHECK_ST(hs_verify_pcs(ctx1, &got, why, sizeof why, p1, n1, HS_MIN_BITS_DECLARED), HS_OK, why);
    CHECK_ST(hs_verify_pcs(ctx1, NULL, why, sizeof why, p1, n1, 200.0), HS_ERR_REJECTED, why);
    CHECK_ST(hs_verify_pcs(ctx1, NULL, why, sizeof why, p1, n1, NAN), HS_ERR_ARGUMENT, why);
    CHECK_ST(hs_verify_pcs(ctx1, NULL, why, sizeof why, p1, n1 - 1, HS_MIN_BITS_DECLARED), HS_ERR_REJECTED, why);
    for (size_t i = 0; i < n1; i += n1 / 16 + 1) {
        p2[i] ^= 0x04;
        CHECK_ST(hs_verify_pcs(ctx1, NULL, why, sizeof why, p2, n2, HS_MIN_BITS_DECLARED), HS_ERR_REJECTED, why);
        p2[i] ^= 0x04;
    }
    /* a batch proof is no commitment-only proof, and hs_verify refuses this one */
    CHECK_ST(hs_verify(ctx1, NULL, why, sizeof why, p1, n1, NULL, 0, NULL, 0, HS_MIN_BITS_DECLARED), HS_ERR_REJECTED,
             why);
    hs_proof_free(p1), hs_proof_free(p2);
    CHECK(hs_prove_pcs(ctx1, &p1, &n1, NULL, why, sizeof why, "gf2-256", 12, seed) == HS_ERR_ARGUMENT && !p1);
    CHECK(hs_prove_pcs(ctx1, &p1, &n1, NULL, why, sizeof why, "gf2-128", HS_PCS_MAX_LOG_BITS + 1, seed) ==
              HS_ERR_ARGUMENT &&
          !p1);
    CHECK(hs_prove_pcs(ctx1, &p1, &n1, NULL, why, sizeof why, "gf2-128", HS_PCS_MIN_LOG_BITS - 1, seed) ==
          HS_ERR_ARGUMENT);
    /* the presets: compat is hs_prove_pcs byte for byte; fast100 and proven128 prove, peek (their
     * names, 148 and 189 queries, challenges of 128 and 256 bits) and verify, at 1 and 2 threads
     * alike; an altered byte is refused; their terms come from hs_params_pcs */
    static const struct {
        const char *name;
        unsigned queries, chal, bits;
    } pr[] = {{"compat", 232, 128, 96}, {"fast100", 148, 128, 100}, {"proven128", 189, 256, 128}};
    for (size_t k = 0; k < sizeof pr / sizeof pr[0]; k++) {
        CHECK_ST(hs_prove_pcs_preset(ctx1, &p1, &n1, &info, why, sizeof why, "gf2-128", pr[k].name, 11, seed), HS_OK,
                 why);
        CHECK_ST(hs_prove_pcs_preset(ctx2, &p2, &n2, NULL, why, sizeof why, "gf2-128", pr[k].name, 11, seed), HS_OK,
                 why);
        CHECK(p1 && p2 && n1 == n2 && !memcmp(p1, p2, n1));
        CHECK(info.preset && !strcmp(info.preset, pr[k].name) && info.queries == pr[k].queries &&
              info.challenge_bits == pr[k].chal && info.declared_bits == pr[k].bits &&
              info.claimed_bits >= pr[k].bits);
        CHECK_ST(hs_pcs_peek(&got, why, sizeof why, p1, n1), HS_OK, why);
        CHECK(got.preset && !strcmp(got.preset, pr[k].name) && got.challenge_bits == pr[k].chal);
        CHECK_ST(hs_verify_pcs(ctx1, NULL, why, sizeof why, p1, n1, HS_MIN_BITS_DECLARED), HS_OK, why);
        if (k == 0) { /* compat = the proofs before presets */
            uint8_t *p0 = NULL;
            size_t n0 = 0;
            CHECK_ST(hs_prove_pcs(ctx1, &p0, &n0, NULL, why, sizeof why, "gf2-128", 11, seed), HS_OK, why);
            CHECK(p0 && n0 == n1 && !memcmp(p0, p1, n1));
            hs_proof_free(p0);
        }
        p2[n2 / 2] ^= 0x10;
        CHECK_ST(hs_verify_pcs(ctx1, NULL, why, sizeof why, p2, n2, HS_MIN_BITS_DECLARED), HS_ERR_REJECTED, why);
        hs_proof_free(p1), hs_proof_free(p2);
        p1 = p2 = NULL;
        hs_params_report *rep = malloc(sizeof *rep);
        CHECK(rep != NULL);
        if (!rep) continue;
        CHECK_ST(hs_params_pcs(rep, why, sizeof why, "gf2-128", pr[k].name, 20), HS_OK, why);
        CHECK(rep->supported && rep->num_queries == pr[k].queries && rep->n_terms >= 5 &&
              rep->claimed_bits >= pr[k].bits && rep->declared_bits == pr[k].bits);
        free(rep);
    }
    CHECK(hs_prove_pcs_preset(ctx1, &p1, &n1, NULL, why, sizeof why, "gf2-128", "proven256", 11, seed) ==
              HS_ERR_ARGUMENT &&
          !p1);
    CHECK(hs_prove_pcs_preset(ctx1, &p1, &n1, NULL, why, sizeof why, "gf2-128", "fast100", HS_PCS_MAX_LOG_BITS, seed) ==
              HS_ERR_ARGUMENT &&
          !p1 && strstr(why, "do not reach"));
}

/* XMSS: sizes, make then verify (one and many, 1 and 2 threads), an altered signature rejected
 * with its reason, the trace's grid and counts, argument errors. */
static void test_xmss(void) {
    CHECK(hs_xmss_count() == 2 && hs_xmss_name_at(2) == NULL);
    char why[HS_REASON_LEN];
    for (size_t k = 0; k < hs_xmss_count(); k++) {
        const char *name = hs_xmss_name_at(k);
        hs_xmss_info in;
        CHECK_ST(hs_xmss_info_get(&in, name), HS_OK, name);
        CHECK(in.pk_words == 8 && in.sig_words == 6 + 42 * 4 + 32 * 4 && in.msg_bytes == 32);
        CHECK(in.compressions + in.permutations == 166 && in.trace_slots == (in.msg_elements ? 350u : 351u));
        enum { N = 3 };
        uint32_t pk[N][8], sig[N][302], ep[N];
        uint8_t msg[N][32];
        for (int i = 0; i < N; i++) {
            for (int b = 0; b < 32; b++) msg[i][b] = (uint8_t)(seed >> (b % 8) ^ (uint64_t)(i * 31 + b));
            if (in.msg_elements) for (int b = 3; b < 32; b += 4) msg[i][b] &= 0x3f;
            ep[i] = (uint32_t)(seed * 2654435761u) + (uint32_t)i;
            CHECK_ST(hs_xmss_make(name, seed + (uint64_t)i, ep[i], msg[i], pk[i], sig[i], why, sizeof why), HS_OK, why);
            CHECK_ST(hs_xmss_verify(name, pk[i], ep[i], msg[i], sig[i], why, sizeof why), HS_OK, why);
        }
        sig[1][6 + 4 * 10] ^= 1; /* chain tip 10 */
        hs_status res[N];
        char reasons[N][HS_REASON_LEN];
        for (int t = 0; t < 2; t++) {
            CHECK_ST(hs_xmss_verify_many(t ? ctx2 : ctx1, name, N, &pk[0][0], ep, &msg[0][0], &sig[0][0], res,
                                         &reasons[0][0], HS_REASON_LEN),
                     HS_OK, name);
            CHECK(res[0] == HS_OK && res[1] == HS_ERR_REJECTED && res[2] == HS_OK && strstr(reasons[1], "root"));
        }
        CHECK_ST(hs_xmss_verify(name, pk[1], ep[1], msg[1], sig[1], why, sizeof why), HS_ERR_REJECTED, why);
        hs_xmss_call *calls = calloc(in.trace_slots, sizeof *calls);
        if (!calls) abort();
        CHECK_ST(hs_xmss_trace(name, pk[0], ep[0], msg[0], sig[0], calls, in.trace_slots, why, sizeof why), HS_OK, why);
        unsigned active = 0, chain = 0, ff = 0;
        for (unsigned j = 0; j < in.trace_slots; j++) {
            active += (unsigned)calls[j].active;
            if (calls[j].active && !strcmp(calls[j].kind, "chain")) chain++;
            if (calls[j].active && strcmp(calls[j].kind, "message")) ff += (unsigned)calls[j].feed_forward;
        }
        CHECK(active == 166 + (in.msg_elements ? 0u : 1u) && chain == 42 * 7 - 184 && ff == in.compressions);
        CHECK(!strcmp(calls[in.trace_slots - 1].kind, "merkle") && calls[in.trace_slots - 1].index == 31);
        CHECK_ST(hs_xmss_trace(name, pk[0], ep[0], msg[0], sig[0], calls, in.trace_slots - 1, why, sizeof why),
                 HS_ERR_BUFFER, why);
        free(calls);
    }
    hs_xmss_info in;
    uint32_t w[302] = {0};
    uint8_t m[32] = {0};
    CHECK(hs_xmss_info_get(&in, "leanvm-x") == HS_ERR_ARGUMENT);
    CHECK_ST(hs_xmss_verify("leanvm-x", w, 0, m, w, why, sizeof why), HS_ERR_ARGUMENT, why);
    memset(m, 0xff, sizeof m); /* elements of 2^32 - 1: not canonical */
    CHECK_ST(hs_xmss_make("leanvm-kb-2605", 1, 0, m, w, w, why, sizeof why), HS_ERR_RANGE, why);
    CHECK_ST(hs_xmss_verify("leanvm-kb-2605", w, 0, m, w, why, sizeof why), HS_ERR_REJECTED, why);
    CHECK(strstr(why, "not below p") != NULL);
}

int main(void) {
    const char *e = getenv("HS_TEST_SEED");
    seed = e && *e ? strtoull(e, NULL, 10) : (uint64_t)time(NULL);
    fprintf(stderr, "test_api: HS_TEST_SEED=%llu (hashsnark %s)\n", (unsigned long long)seed, hs_version(NULL));
    if (hs_ctx_new(&ctx1, 1) != HS_OK || hs_ctx_new(&ctx2, 2) != HS_OK) return 1;
    test_version();
    test_tables();
    test_perm128();
    test_random_inputs();
    test_errors();
    test_params();
    test_every_provable();
    test_insecure();
    test_buffers_and_threads();
    test_smt();
    test_handover();
    test_preset_protocol();
    test_pcs();
    test_xmss();
    hs_ctx_free(ctx1);
    hs_ctx_free(ctx2);
    if (failures) fprintf(stderr, "test_api: %d failure(s) (HS_TEST_SEED=%llu)\n", failures, (unsigned long long)seed);
    else fprintf(stderr, "test_api: all passed\n");
    return failures ? 1 : 0;
}
