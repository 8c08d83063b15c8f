/* Writes the fuzz targets' seed corpus (tools/fuzz-corpus.sh runs it): real proofs of tiny
 * shapes of every kind, made on the fixed tables of fuzz_tables.h, into OUT/<target>/<name>.
 * Proofs are deterministic, so running it again on an unchanged format writes the same bytes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "air/air.h"
#include "fuzz_msgs.h"
#include "fuzz_openings.h"
#include "fuzz_tables.h"
#include "gkr/gkr.h"
#include "statement/merkle/gkr_branches.h"
#include "statement/merkle/gkr_root.h"
#include "statement/merkle/stark_branches.h"
#include "sig/xmss.h"
#include "statement/kgkrstmt.h"
#include "statement/p2bstmt.h"
#include "statement/pcsstmt.h"
#include "statement/xmssagg.h"
#include "fuzz_xmssagg.h"
#include "gkr/ragged.h"
#include "hashsnark.h"
#include "stark/stark.h"

static const char *out_root;
static int failures;
static size_t total_bytes, total_files;

static void put(const char *target, const char *name, const uint8_t *pre, size_t pre_len, const hs_writer *w) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", out_root, target);
    if (mkdir(path, 0777) && errno != EEXIST) {
        perror(path);
        failures++;
        return;
    }
    snprintf(path, sizeof path, "%s/%s/%s", out_root, target, name);
    FILE *f = fopen(path, "wb");
    if (!f || (pre_len && fwrite(pre, 1, pre_len, f) != pre_len) || fwrite(w->data, 1, w->len, f) != w->len ||
        fclose(f)) {
        perror(path);
        failures++;
        return;
    }
    total_bytes += pre_len + w->len, total_files++;
    printf("%-14s %-40s %8zu bytes\n", target, name, pre_len + w->len);
}

static const uint8_t no_tweak[HS_FUZZ_TWEAK_BYTES];

/* The peek target's seed of a backend: the first 64 bytes of its first proof. */
static void put_header(const char *name, const hs_writer *w) {
    hs_writer h = *w;
    if (h.len > 64) h.len = 64;
    put("peek", name, NULL, 0, &h);
}

static void fail(const char *what, const char *why) {
    fprintf(stderr, "gen_corpus: %s: %s\n", what, why ? why : "failed");
    failures++;
}

/* The Merkle statements (fuzz_merkle.c): branches of the fixed openings, roots of the fixed leaves. */
static void merkle_branches(const char *preset, unsigned d, size_t m) {
    char name[128];
    snprintf(name, sizeof name, "branches-%s-d%u-m%zu", preset, d, m);
    uint64_t *idx = NULL;
    hs_kb *leaves = NULL, root[8], *sib = malloc(m * d * 8 * sizeof *sib);
    hs_mb_shape s;
    hs_writer w = {0};
    const char *why = NULL;
    if (!sib || !hs_fuzz_merkle_openings(d, m, &idx, &leaves, root) ||
        !hs_mb_random_openings(d, m, 1, idx, leaves, sib, root, &why) ||
        !hs_mb_shape_make(&s, hs_preset_find(preset), d, m, &why) || !hs_mb_prove(&s, idx, leaves, sib, 1, &w, NULL, NULL, &why))
        fail(name, why);
    else
        put("merkle", name, NULL, 0, &w);
    hs_w_free(&w), free(idx), free(leaves), free(sib);
}

/* The XMSS aggregate of the first n fixed signatures (fuzz_xmssagg.h). */
static void xmss_agg(const char *preset, size_t n) {
    char name[128];
    snprintf(name, sizeof name, "xmssagg-%s-n%zu", preset, n);
    static uint32_t pk[HS_FUZZ_XA_MAX_N * HS_XMSS_MAX_PK], sig[HS_FUZZ_XA_MAX_N * HS_XMSS_MAX_SIG];
    uint8_t msg[32], wb[200];
    hs_xa_shape s;
    hs_writer w = {0};
    const char *why = NULL;
    size_t bad = 0;
    if (!hs_fuzz_xa_batch(n, pk, sig, msg) ||
        !hs_xa_shape_make(&s, hs_preset_find(preset), hs_xmss_scheme_find("leanvm-kb-2605"), n, &why) ||
        !hs_xa_prove(&s, pk, HS_FUZZ_XA_EPOCH, msg, sig, 1, &w, NULL, &bad, (char *)wb, sizeof wb, &why))
        fail(name, why);
    else
        put("xmssagg", name, NULL, 0, &w);
    hs_w_free(&w);
}

/* The stark design of the branches statement on the same fixed openings (m a power of two: the
 * target verifies against the N openings its header names). */
static void merkle_branches_stark(const char *preset, unsigned d, size_t m) {
    char name[128];
    snprintf(name, sizeof name, "branches-stark-%s-d%u-m%zu", preset, d, m);
    uint64_t *idx = NULL;
    hs_kb *leaves = NULL, root[8], *sib = malloc(m * d * 8 * sizeof *sib);
    uint32_t *lc = malloc(m * 8 * sizeof *lc);
    hs_smb_shape s;
    hs_writer w = {0};
    const char *why = NULL;
    int ok = sib && lc && hs_fuzz_merkle_openings(d, m, &idx, &leaves, root) &&
             hs_mb_random_openings(d, m, 1, idx, leaves, sib, root, &why);
    for (size_t k = 0; ok && k < m * 8; k++) lc[k] = hs_kb_to_u32(leaves[k]);
    if (!ok || !hs_smb_shape_make(&s, hs_preset_find(preset), d, m, &why) ||
        !hs_smb_prove(&s, idx, lc, sib, 1, &w, NULL, NULL, &why))
        fail(name, why);
    else
        put("merkle", name, NULL, 0, &w);
    hs_w_free(&w), free(idx), free(leaves), free(sib), free(lc);
}

static void merkle_root(const char *preset, unsigned k, int pub) {
    char name[128];
    snprintf(name, sizeof name, "root-%s-k%u-%s", preset, k, pub ? "public" : "private");
    hs_kb *leaves = NULL, root[8];
    hs_mr_shape s;
    hs_writer w = {0};
    const char *why = NULL;
    if (!hs_fuzz_merkle_leaves(k, &leaves, root) || !hs_mr_shape_make(&s, hs_preset_find(preset), k, pub, &why) ||
        !hs_mr_prove(&s, leaves, 1, &w, NULL, NULL, &why))
        fail(name, why);
    else
        put("merkle", name, NULL, 0, &w);
    hs_w_free(&w), free(leaves);
}

static void stark(unsigned air_id, const char *preset, unsigned log_perms, int public_io, unsigned log_blowup) {
    hs_stark_shape s;
    const char *why = NULL;
    char name[128];
    snprintf(name, sizeof name, "%s-%s-n%u-b%u", hs_stark_air_name(air_id), preset, log_perms, log_blowup);
    if (!hs_stark_make_shape(&s, hs_preset_find(preset), air_id, log_perms, log_blowup, public_io, &why)) {
        fail(name, why);
        return;
    }
    uint32_t *in, *out;
    size_t iw, ow;
    if (!hs_fuzz_stark_table(air_id, log_perms, &in, &out, &iw, &ow)) {
        fail(name, "table");
        return;
    }
    hs_writer w = {0};
    if (!hs_stark_prove(&s, in, 1, &w, NULL, NULL, &why))
        fail(name, why);
    else
        put(public_io ? "stark_public" : "stark_private", name, no_tweak, public_io ? sizeof no_tweak : 0, &w);
    hs_w_free(&w), free(in), free(out);
}

static void gkr(unsigned perm_id, const char *preset, unsigned log_perms, int public_io) {
    const hs_gkr_perm *p = hs_gkr_perm_get(perm_id);
    char name[128];
    snprintf(name, sizeof name, "%s-%s-n%u", p->name, preset, log_perms);
    hs_kb *in, *out;
    unsigned width;
    if (!hs_fuzz_gkr_table(perm_id, log_perms, &in, &out, &width)) {
        fail(name, "table");
        return;
    }
    hs_gkr_shape s = {.preset = hs_preset_find(preset), .perm_id = perm_id, .log_perms = log_perms,
                      .public_io = public_io};
    const char *why = NULL;
    hs_writer w = {0};
    if (!hs_gkr_prove(&s, in, 1, &w, NULL, NULL, &why))
        fail(name, why);
    else {
        put(public_io ? "gkr_public" : "gkr_private", name, no_tweak, public_io ? sizeof no_tweak : 0, &w);
        static int header[2];
        if (!header[public_io]++) put_header(public_io ? "gkr-public-header" : "gkr-private-header", &w);
    }
    hs_w_free(&w), free(in), free(out);
}

static void ragged(unsigned variant, const unsigned *widths, unsigned A, int priv) {
    char name[128];
    int k = snprintf(name, sizeof name, "%s%s", priv ? "private-" : "", hs_ragged_variant_name(variant));
    for (unsigned a = 0; a < A; a++) k += snprintf(name + k, sizeof name - (size_t)k, "-%u", widths[a]);
    hs_ragged_shape s;
    const char *why = NULL;
    if (!hs_ragged_shape_make(&s, variant, widths, A, hs_preset_by_id(HS_PRESET_COMPAT), &why) ||
        !hs_ragged_shape_set_private(&s, priv, &why)) {
        fail(name, why);
        return;
    }
    hs_kb *in[HS_RAGGED_MAX_REGIONS], *out[HS_RAGGED_MAX_REGIONS];
    for (unsigned a = 0; a < A; a++)
        if (!hs_fuzz_ragged_table(a, widths[a], &in[a], &out[a])) {
            fail(name, "table");
            return;
        }
    hs_writer w = {0};
    if (!hs_ragged_prove(&s, (const hs_kb *const *)in, NULL, 1, &w, NULL, NULL, 0, &why))
        fail(name, why);
    else {
        put("ragged", name, no_tweak, sizeof no_tweak, &w);
        static int header[2];
        if (!header[priv]++) put_header(priv ? "ragged-private-header" : "ragged-header", &w);
    }
    hs_w_free(&w);
    for (unsigned a = 0; a < A; a++) free(in[a]), free(out[a]);
}

static void msg(const char *target, unsigned cfg, int (*prove)(unsigned, hs_writer *, const char **)) {
    char name[64];
    snprintf(name, sizeof name, "cfg%u", cfg);
    hs_writer w = {0};
    const char *why = NULL;
    if (!prove(cfg, &w, &why))
        fail(target, why);
    else
        put(target, name, NULL, 0, &w);
    hs_w_free(&w);
}

static void text(const char *name, unsigned mode, const char *s) {
    hs_writer w = {0};
    hs_w_u8(&w, (uint8_t)mode);
    hs_w_bytes(&w, s, strlen(s));
    put("textio", name, NULL, 0, &w);
    hs_w_free(&w);
}

/* xmss seeds (fuzz_xmss.c): JSON texts, and one valid signature item of each scheme */
static void xmss_seeds(void) {
    static const char *const texts[] = {
        "[{\"public_key\": {\"root\": [1, 2, 3, 4], \"parameter\": [5, 6, 7, 8]},\n \"epoch\": 7,\n"
        " \"message\": \"00ff\", \"signature\": {\"randomness\": [0, 2130706432], \"chain_tips\": [[1], []],"
        " \"path\": []}}]\n",
        "{\"a\": [true, false, null, -1.5e+3, \"x\\u00e9\\n\"], \"b\": {}}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        hs_writer w = {0};
        char name[32];
        hs_w_u8(&w, 0);
        hs_w_bytes(&w, texts[i], strlen(texts[i]));
        snprintf(name, sizeof name, "json%zu", i);
        put("xmss", name, NULL, 0, &w);
        hs_w_free(&w);
    }
    for (size_t k = 0; k < hs_xmss_scheme_count(); k++) {
        const hs_xmss_scheme *s = hs_xmss_scheme_at(k);
        uint32_t pk[HS_XMSS_MAX_PK], sig[HS_XMSS_MAX_SIG], epoch = 0x5eed0000u + (uint32_t)k;
        uint8_t msg[32];
        for (int b = 0; b < 32; b++) msg[b] = (uint8_t)(b % 4 == 3 ? b : b * 7 + 1); /* elements below p */
        if (!hs_xmss_sign_random(s, 100 + k, epoch, msg, pk, sig, 10000000ul)) {
            fail("xmss", "no signature");
            continue;
        }
        hs_writer w = {0};
        hs_w_u8(&w, (uint8_t)(1 | (k << 1)));
        hs_w_u32(&w, epoch);
        hs_w_bytes(&w, msg, 32);
        for (unsigned i = 0; i < hs_xmss_pk_words(s); i++) hs_w_u32(&w, pk[i]);
        for (unsigned i = 0; i < hs_xmss_sig_words(s); i++) hs_w_u32(&w, sig[i]);
        put("xmss", s->name, NULL, 0, &w);
        hs_w_free(&w);
    }
}

/* peek seeds: the first bytes of a proof of each backend (the header and a little more) */
static void peek_stark(void) {
    const char *why = NULL;
    hs_stark_shape s;
    hs_writer w = {0};
    uint32_t *in, *out;
    size_t iw, ow;
    if (hs_stark_make_shape(&s, hs_preset_find("fast100"), 1, 1, 0, 1, &why) &&
        hs_fuzz_stark_table(1, 1, &in, &out, &iw, &ow)) {
        if (hs_stark_prove(&s, in, 1, &w, NULL, NULL, &why)) put_header("stark-public-header", &w);
        free(in), free(out);
    }
    hs_w_free(&w);
}

/* keccak-f1600 by GKR over GF(2) (fuzz_kgkr.c): public statements on the stark target's fixed
 * Keccak-f tables (2 words a lane), at 2^0 (compat) and 2^3 (fast100); the private statement (the
 * states committed) at 2^0 (compat) */
static void kgkr_seeds(void) {
    static const struct {
        unsigned log_n;
        const char *preset;
        int priv;
    } cfg[] = {{0, "compat", 0}, {3, "fast100", 0}, {0, "compat", 1}};
    const hs_air_def *def = hs_air_find("keccak-f1600");
    for (size_t i = 0; i < sizeof cfg / sizeof *cfg; i++) {
        char name[64];
        snprintf(name, sizeof name, "keccak-f1600-%s%s-n%u", cfg[i].priv ? "private-" : "", cfg[i].preset,
                 cfg[i].log_n);
        uint32_t *in, *out;
        size_t iw = 0, ow = 0;
        if (!def || !hs_fuzz_stark_table(def->id, cfg[i].log_n, &in, &out, &iw, &ow)) {
            fail(name, "table");
            continue;
        }
        const size_t lanes = iw / 2;
        uint64_t *st = malloc(lanes * sizeof *st);
        const hs_kgkrstmt_shape s = {hs_preset_find(cfg[i].preset), cfg[i].log_n, cfg[i].priv};
        const char *why = "out of memory";
        hs_writer w = {0};
        if (st) hs_kgkrstmt_lanes(st, in, lanes);
        if (!st || !hs_kgkrstmt_prove(&s, st, 1, NULL, &w, NULL, &why))
            fail(name, why);
        else
            put("kgkr", name, no_tweak, sizeof no_tweak, &w);
        hs_w_free(&w), free(st), free(in), free(out);
    }
}

/* Poseidon2b by GKR over GF(2^128) (fuzz_p2bgkr.c), both instances: public statements on the fixed
 * tables (fuzz_tables.h) at 2^0 (compat) and 2^3 (fast100), private ones at 2^0 and 2^2. */
static void p2bgkr_seeds(void) {
    static const struct {
        unsigned log_n;
        const char *preset;
        int pub;
    } cfg[] = {{0, "compat", 1}, {3, "fast100", 1}, {0, "compat", 0}, {2, "fast100", 0}};
    for (unsigned inst = 0; inst < HS_P2B_INST_COUNT; inst++)
        for (size_t i = 0; i < sizeof cfg / sizeof *cfg; i++) {
            char name[64];
            snprintf(name, sizeof name, "%s-%s-n%u", inst ? "poseidon2b-frost" : "poseidon2b", cfg[i].preset,
                     cfg[i].log_n);
            uint32_t *in, *out;
            size_t words = 0;
            if (!hs_fuzz_p2b_table(inst, cfg[i].log_n, &in, &out, &words)) {
                fail(name, "table");
                continue;
            }
            const size_t n = (size_t)1 << cfg[i].log_n;
            hs_gf128 *st = malloc(n * HS_P2B_WIDTH * sizeof *st);
            const hs_p2bstmt_shape s = {hs_preset_find(cfg[i].preset), (hs_p2b_inst)inst, cfg[i].log_n, cfg[i].pub};
            const char *why = "out of memory";
            hs_writer w = {0};
            if (st) hs_p2bstmt_states(st, in, n, (hs_p2b_inst)inst);
            if (!st || !hs_p2bstmt_prove(&s, st, 1, NULL, &w, NULL, &why))
                fail(name, why);
            else if (cfg[i].pub)
                put("p2bgkr_public", name, no_tweak, sizeof no_tweak, &w);
            else
                put("p2bgkr_private", name, NULL, 0, &w);
            hs_w_free(&w), free(st), free(in), free(out);
        }
}

/* The commitment-only statement (fuzz_pcs.c): each Merkle hash, rates 1/2 and 1/4, arities 1 and
 * 4, caps 0 and 2; the first one's header is also a peek seed; then the presets fast100 and
 * proven128. */
static void pcs_seeds(void) {
    static const struct {
        unsigned log_bits, rate, arity, cap;
        hs_merkle_hash hash;
        const char *name;
    } cfg[] = {{8, 1, 4, 2, HS_MERKLE_BLAKE3, "pcs-n8-blake3"}, {10, 2, 1, 0, HS_MERKLE_KECCAK, "pcs-n10-keccak"}};
    for (size_t i = 0; i < sizeof cfg / sizeof *cfg; i++) {
        hs_pcsstmt_shape s;
        hs_writer w = {0};
        const char *why = NULL;
        if (!hs_pcsstmt_shape_init(&s, cfg[i].log_bits, cfg[i].rate, cfg[i].arity, 96, cfg[i].hash, cfg[i].cap, &why) ||
            !hs_pcsstmt_prove(&s, 1 + i, 1, &w, &why))
            fail(cfg[i].name, why);
        else {
            put("pcs", cfg[i].name, NULL, 0, &w);
            if (!i) put_header("pcs-header", &w);
        }
        hs_w_free(&w);
    }
    /* the presets fast100 and proven128 (challenges in GF(2^256)) at the smallest size */
    static const struct {
        hs_pcsstmt_preset preset;
        const char *name;
    } pre[] = {{HS_PCSSTMT_FAST100, "pcs-n8-fast100"}, {HS_PCSSTMT_PROVEN128, "pcs-n8-proven128"}};
    for (size_t i = 0; i < sizeof pre / sizeof *pre; i++) {
        hs_pcsstmt_shape s;
        hs_writer w = {0};
        const char *why = NULL;
        if (!hs_pcsstmt_shape_preset(&s, HS_PCSSTMT_MIN_LOG_BITS, pre[i].preset, 1, &why) ||
            !hs_pcsstmt_prove(&s, 3 + i, 1, &w, &why))
            fail(pre[i].name, why);
        else
            put("pcs", pre[i].name, NULL, 0, &w);
        hs_w_free(&w);
    }
}

/* The api target's seeds: proofs made through the C API (hs_prove) on the fixed tables, in
 * canonical words, one of every backend and statement. */
static uint32_t *canonical(hs_kb *m, size_t n) {
    uint32_t *w = malloc(n * sizeof *w);
    for (size_t i = 0; w && i < n; i++) w[i] = hs_kb_to_u32(m[i]);
    free(m);
    return w;
}

static void api(const char *name, hs_shape *s, unsigned id) {
    uint32_t *in = NULL, *out = NULL;
    size_t n_in = 0;
    if (s->statement == HS_STATEMENT_REGIONS) {
        for (unsigned a = 0; a < s->n_regions; a++) n_in += (size_t)16 << s->region_log[a];
        in = malloc(n_in * sizeof *in);
        for (unsigned a = 0, at = 0; in && a < s->n_regions; at += 16u << s->region_log[a], a++) {
            hs_kb *ri, *ro;
            if (!hs_fuzz_ragged_table(a, s->region_log[a], &ri, &ro)) {
                free(in), in = NULL;
                break;
            }
            for (size_t i = 0; i < (size_t)16 << s->region_log[a]; i++) in[at + i] = hs_kb_to_u32(ri[i]);
            free(ri), free(ro);
        }
    } else if (s->backend == HS_BACKEND_STARK) {
        size_t ow;
        if (!hs_fuzz_stark_table(id, s->log_perms, &in, &out, &n_in, &ow)) in = NULL;
    } else {
        hs_kb *mi, *mo;
        unsigned width;
        if (hs_fuzz_gkr_table(id, s->log_perms, &mi, &mo, &width)) {
            n_in = (size_t)width << s->log_perms;
            in = canonical(mi, n_in);
            free(mo);
        }
    }
    free(out);
    hs_ctx *ctx = NULL;
    uint8_t *proof = NULL;
    size_t len = 0;
    char reason[HS_REASON_LEN] = "";
    if (!in || hs_ctx_new(&ctx, 1) != HS_OK ||
        hs_prove(ctx, &proof, &len, NULL, 0, NULL, reason, sizeof reason, s, in, n_in) != HS_OK)
        fail(name, in ? reason : "table");
    else
        put("api", name, no_tweak, sizeof no_tweak, &(hs_writer){.data = proof, .len = len});
    hs_proof_free(proof);
    hs_ctx_free(ctx);
    free(in);
}

static void api_seeds(void) {
    hs_shape s;
    hs_shape_init(&s);
    s.preset = "fast100", s.log_perms = 1;
    api("stark-private-poseidon2-kb16-fast100-n1", &s, 1);
    hs_shape_init(&s);
    s.statement = HS_STATEMENT_PUBLIC, s.log_perms = 2;
    api("stark-public-poseidon2-kb16-compat-n2", &s, 1);
    hs_shape_init(&s);
    s.backend = HS_BACKEND_GKR, s.log_perms = 2;
    api("gkr-private-poseidon2-kb16-compat-n2", &s, HS_GKR_P2_KB16);
    s.preset = "fast100", s.log_perms = 3;
    api("gkr-private-poseidon2-kb16-fast100-n3", &s, HS_GKR_P2_KB16);
    hs_shape_init(&s);
    s.backend = HS_BACKEND_GKR, s.hash = "poseidon1-kb24", s.statement = HS_STATEMENT_PUBLIC, s.log_perms = 1;
    api("gkr-public-poseidon1-kb24-compat-n1", &s, HS_GKR_P1_KB24);
    static const char *const variants[] = {"independent", "padded", "ragged"};
    for (unsigned v = 0; v < 3; v++) {
        hs_shape_init(&s);
        s.backend = HS_BACKEND_GKR, s.statement = HS_STATEMENT_REGIONS, s.variant = variants[v];
        s.n_regions = v ? 2 : 1, s.region_log[0] = v ? 5 : 4, s.region_log[1] = 4;
        char name[64];
        snprintf(name, sizeof name, "regions-public-%s", variants[v]);
        api(name, &s, 0);
    }
    s.private_regions = 1, s.variant = "ragged";
    api("regions-private-ragged", &s, 0);
}

/* The opening targets (fuzz_smt.c, fuzz_tree.c): a zero tweak, the selector bytes, then the real
 * opening of every key of each fixed sparse tree, and the branch of every leaf of each fixed
 * binary tree (so any other accepted input is a finding). */
static void put_bytes(const char *target, const char *name, const uint8_t *pre, size_t pre_len, const uint8_t *p,
                      size_t len) {
    hs_writer w;
    memset(&w, 0, sizeof w);
    w.data = (uint8_t *)p, w.len = len;
    put(target, name, pre, pre_len, &w);
}

static void smt_seeds(void) {
    for (size_t i = 0; i < hs_smt_hash_count(); i++) {
        hs_fuzz_smt t;
        if (!hs_fuzz_smt_fixed(i, &t)) {
            fail("smt", "the fixed tree");
            continue;
        }
        for (unsigned k = 0; k < HS_FUZZ_SMT_KEYS; k++) {
            char reason[HS_REASON_LEN], name[96];
            uint8_t *op, pre[HS_FUZZ_TWEAK_BYTES + 2] = {0};
            size_t len;
            if (hs_smt_open_key(t.tree, &op, &len, t.key[k], t.elems, reason, sizeof reason) != HS_OK) {
                fail("smt open", reason);
                continue;
            }
            pre[HS_FUZZ_TWEAK_BYTES] = (uint8_t)i, pre[HS_FUZZ_TWEAK_BYTES + 1] = (uint8_t)k;
            snprintf(name, sizeof name, "%s-%s-%u", t.hash, k < HS_FUZZ_SMT_PAIRS ? "member" : "absent", k);
            put_bytes("smt", name, pre, sizeof pre, op, len);
            hs_smt_opening_free(op);
        }
        hs_fuzz_smt_free(&t);
    }
}

static void tree_seeds(void) {
    for (size_t i = 0; i < hs_tree_hash_count(); i++)
        for (unsigned d = 0; d <= HS_FUZZ_TREE_MAX_LOG; d++) {
            hs_tree *t;
            if (!hs_fuzz_tree_fixed(i, d, &t)) {
                fail("tree", "the fixed tree");
                continue;
            }
            const size_t words = 8 + 8 * (size_t)d;
            uint32_t b[8 + 8 * HS_FUZZ_TREE_MAX_LOG];
            uint8_t pre[HS_FUZZ_TWEAK_BYTES + 10] = {0}, bytes[4 * sizeof b];
            for (uint64_t x = 0; x < (uint64_t)1 << d; x++) {
                if (hs_tree_open(t, b, words, &x, 1) != HS_OK) {
                    fail("tree open", hs_tree_hash_at(i));
                    continue;
                }
                pre[HS_FUZZ_TWEAK_BYTES] = (uint8_t)i, pre[HS_FUZZ_TWEAK_BYTES + 1] = (uint8_t)d;
                pre[HS_FUZZ_TWEAK_BYTES + 2] = (uint8_t)x;
                for (size_t w = 0; w < words; w++)
                    for (int j = 0; j < 4; j++) bytes[4 * w + (size_t)j] = (uint8_t)(b[w] >> (8 * j));
                char name[96];
                snprintf(name, sizeof name, "%s-d%u-leaf%llu", hs_tree_hash_at(i), d, (unsigned long long)x);
                put_bytes("tree", name, pre, sizeof pre, bytes, 4 * words);
            }
            hs_tree_free(t);
        }
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s OUT_DIR [kgkr]\n", argv[0]);
        return 2;
    }
    out_root = argv[1];
    if (argc == 3 && !strcmp(argv[2], "kgkr")) { /* one target's seeds only */
        if (mkdir(out_root, 0777) && errno != EEXIST) return perror(out_root), 1;
        kgkr_seeds();
        return 0;
    }
    if (mkdir(out_root, 0777) && errno != EEXIST) return perror(out_root), 1;

    /* stark: every AIR at its smallest proof (2 instances, rate 1/2: a Keccak-f proof is still
     * 1.2 MB, so each wide AIR appears once, as a public statement (whose verification includes
     * everything a private one does) or as a private one); Poseidon2 under every preset */
    stark(1, "compat", 0, 0, 0);
    stark(1, "fast100", 1, 0, 2);
    stark(1, "proven128", 2, 0, 0);
    stark(2, "fast100", 1, 0, 0);
    stark(4, "fast100", 1, 0, 1);
    stark(1, "fast100", 1, 1, 0);
    stark(1, "compat", 2, 1, 0);
    stark(2, "proven128", 2, 1, 0);
    stark(3, "fast100", 1, 1, 1);
    stark(5, "fast100", 1, 1, 1);
    /* AIRs added since; the BLAKE limb AIRs (their LogUp tables pad the trace, so their smallest
     * proofs are 2.8 and 3.7 MB, at rate 1/16) once each: BLAKE3 public, BLAKE2s private; they are
     * the only seeds that reach the LogUp verifier */
    for (size_t i = 0; i < hs_air_count(); i++)
        if (hs_air_at(i)->id > 5 && hs_air_at(i)->id != 8 && hs_air_at(i)->id != 9)
            stark(hs_air_at(i)->id, "fast100", 1, 1, 1);
    stark(8, "fast100", 1, 1, 4);
    stark(9, "fast100", 1, 0, 4);
    /* gkr: every permutation; the univariate skip from 2^3 */
    for (unsigned id = 1; id <= HS_GKR_PERM_IDS; id++) {
        gkr(id, "compat", 2, 0);
        gkr(id, "compat", 1, 1);
    }
    gkr(HS_GKR_P2_KB16, "fast100", 3, 0);
    gkr(HS_GKR_P2_KB16, "proven128", 3, 1);
    gkr(HS_GKR_P1_KB24, "fast100", 3, 1);
    /* ragged: each variant */
    const unsigned w1[] = {4}, w2[] = {5, 4}, w3[] = {4, 4, 5};
    ragged(HS_RAGGED_INDEPENDENT, w2, 2, 0);
    ragged(HS_RAGGED_PADDED, w2, 2, 0);
    ragged(HS_RAGGED_RAGGED, w1, 1, 0);
    ragged(HS_RAGGED_RAGGED, w3, 3, 0);
    /* committed regions (private statements), each variant */
    ragged(HS_RAGGED_INDEPENDENT, w1, 1, 1);
    ragged(HS_RAGGED_PADDED, w2, 2, 1);
    ragged(HS_RAGGED_RAGGED, w2, 2, 1);
    /* the Merkle statements */
    merkle_branches("compat", 1, 1);
    merkle_branches("fast100", 3, 2);
    merkle_branches("compat", 5, 3);
    merkle_branches_stark("compat", 3, 2);
    merkle_branches_stark("fast100", 5, 1);
    merkle_root("compat", 1, 0);
    merkle_root("fast100", 3, 1);
    merkle_root("compat", 4, 0);
    /* the XMSS aggregate */
    xmss_agg("compat", 1);
    xmss_agg("proven128", 2);
    /* the standalone message readers */
    for (unsigned c = 0; c < HS_FUZZ_FRI_CONFIGS; c++) msg("fri", c, hs_fuzz_fri_prove);
    for (unsigned c = 0; c < HS_FUZZ_WHIR_CONFIGS; c++) msg("whir", c, hs_fuzz_whir_prove);
    for (unsigned c = 0; c < HS_FUZZ_SC_CONFIGS; c++) msg("sumcheck", c, hs_fuzz_sc_prove);
    for (unsigned c = 0; c < HS_FUZZ_BINFRI_CONFIGS; c++) msg("binfri", c, hs_fuzz_binfri_prove);
    peek_stark();
    pcs_seeds();
    kgkr_seeds();
    p2bgkr_seeds();
    api_seeds();
    smt_seeds();
    tree_seeds();
    xmss_seeds();
    /* text tables, one per reader setting (fuzz_textio.c) */
    text("kb16", 0, "# states\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n2130706432, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14\n");
    text("kb24-cap", 1, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\r\n\n");
    text("keccak", 2, "18446744073709551615 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n");
    text("messages", 3, "1 2 3\n-\n\t4294967295\n# end\n");
    text("goldilocks", 4, "18446744069414584320\n0\n");
    text("digests", 5, "1,2,3,4,5,6,7,8\n");
    text("bits", 6, "0 1 1 0\n1\n");
    text("m31", 7, "2147483646 0\n");
    text("hex128_rows", 0x80, "# two rows\n0x1 0x2 0x3 0xffffffffffffffffffffffffffffffff\n0x0, 0x1, 0x2, 0x3\n");
    text("hex8_words", 0x0b, "# messages of hex words\n0x1 ABCDEF01, 0Xff\n00000000 ffffffff 7\n-\n");

    printf("%zu files, %zu bytes\n", total_files, total_bytes);
    return failures ? 1 : 0;
}
