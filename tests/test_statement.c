/* The proof frame (src/proof/frame.h) and the statement registry (src/statement/registry.h): the
 * frame's bytes round trip; every frame has at most one owner; a proof of each statement (made
 * through the C API) is found as that statement, its header parsed, its soundness terms those of
 * its own module, and its verifier accepts it and rejects an altered copy; every truncation of a
 * header and every other backend byte is rejected with a reason. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "hashsnark.h"

#include "statement/registry.h"
#include "testutil.h"
#include "util/mem.h"

static void test_frame(hs_rng *rng) {
    for (int it = 0; it < 100; it++) {
        hs_frame f = {(uint32_t)hs_rng_u64(rng), (uint8_t)hs_rng_u64(rng), (uint8_t)hs_rng_u64(rng),
                      (uint8_t)hs_rng_u64(rng), (uint8_t)hs_rng_u64(rng)}, g;
        uint8_t b[HS_FRAME_BYTES];
        hs_frame_bytes(&f, b);
        hs_writer w = {0};
        hs_frame_write(&w, &f);
        CHECK(!w.err && w.len == HS_FRAME_BYTES && !memcmp(w.data, b, HS_FRAME_BYTES));
        hs_w_free(&w);
        const char *why = NULL;
        CHECK(hs_frame_peek(b, sizeof b, &g, &why) && !memcmp(&f, &g, sizeof f));
        for (size_t n = 0; n < HS_FRAME_BYTES; n++)
            CHECK(!hs_frame_peek(b, n, &g, &why) && !strcmp(why, "truncated header"));
        b[hs_rng_below(rng, 8)] ^= (uint8_t)(1 + hs_rng_below(rng, 255));
        CHECK(!hs_frame_peek(b, sizeof b, &g, &why) && strstr(why, "bad magic"));
    }
}

/* At most one entry owns any frame; each entry owns the frames of its table row. */
static void test_owners(void) {
    for (unsigned backend = 0; backend < 4; backend++)
        for (unsigned statement = 0; statement < 8; statement++)
            for (unsigned hash = 0; hash < 130; hash++) {
                const hs_frame f = {1, (uint8_t)backend, 1, (uint8_t)hash, (uint8_t)statement};
                unsigned owners = 0;
                for (unsigned id = 1; id <= HS_STMT_COUNT; id++) owners += hs_stmt_get((hs_stmt_id)id)->owns(&f) != 0;
                CHECK(owners <= 1);
                CHECK((backend >= 1 && backend <= 3) == (owners == 1));
            }
    CHECK(hs_stmt_get((hs_stmt_id)0) == NULL && hs_stmt_get((hs_stmt_id)(HS_STMT_COUNT + 1)) == NULL);
    for (unsigned id = 1; id <= HS_STMT_COUNT; id++) CHECK(hs_stmt_get((hs_stmt_id)id)->id == (hs_stmt_id)id);
}

/* The proof is found as statement id; accepted with pub; rejected with one byte after the header
 * altered; each truncation of it rejected with a reason; another backend byte rejected. */
static void check_proof(uint8_t *proof, size_t len, hs_stmt_id id, const hs_stmt_public *pub, size_t header) {
    hs_stmt_shape ss;
    const char *why = NULL;
    const hs_stmt *e = hs_stmt_peek(proof, len, &ss, &why);
    CHECK(e && e->id == id && ss.id == id);
    if (!e) {
        fprintf(stderr, "statement %d: %s\n", (int)id, why);
        return;
    }
    CHECK(hs_stmt_preset(&ss) && !strcmp(hs_stmt_preset(&ss)->name, "compat"));
    hs_sound_report rep;
    CHECK(e->soundness(&ss, &rep) && rep.claimed_bits > 0 && !isnan(rep.claimed_bits));
    why = NULL;
    CHECK(e->verify(proof, len, &ss, pub, &why) == HS_STMT_OK);
    proof[header + 40] ^= 1;
    why = NULL;
    CHECK(e->verify(proof, len, &ss, pub, &why) == HS_STMT_REJECTED && why);
    proof[header + 40] ^= 1;
    for (size_t n = 0; n < header; n++) {
        why = NULL;
        CHECK(!hs_stmt_peek(proof, n, &ss, &why) && why);
    }
    const uint8_t b = proof[12];
    proof[12] = 7;
    why = NULL;
    CHECK(!hs_stmt_peek(proof, len, &ss, &why) && !strcmp(why, "unsupported backend"));
    proof[12] = b;
}

static uint32_t *words(const char *hash, size_t n, uint64_t seed) {
    uint32_t *w = hs_alloc_array(n, sizeof *w);
    if (w && hs_inputs_random(w, n, hash, seed) != HS_OK) hs_free(w), w = NULL;
    return w;
}

/* A proof of shape s over random inputs (checked as statement id with or without its tables). */
static void prove_and_check(hs_ctx *ctx, hs_shape *s, int tables, hs_stmt_id id, size_t header, uint64_t seed) {
    char why[HS_REASON_LEN];
    s->allow_insecure = 1;
    size_t inst, nin, nout;
    CHECK(hs_shape_size(&inst, &nin, &nout, why, sizeof why, s) == HS_OK);
    uint32_t *in = words("poseidon2-kb16", nin, seed), *out = hs_alloc_array(nout, sizeof *out);
    uint8_t *proof = NULL;
    size_t len = 0;
    CHECK(in && out && hs_prove(ctx, &proof, &len, out, nout, NULL, why, sizeof why, s, in, nin) == HS_OK);
    const hs_stmt_public p = {1, tables ? in : NULL, tables ? out : NULL, tables ? inst : 0, NULL, 0, 0, NULL, NULL};
    if (proof) check_proof(proof, len, id, &p, header);
    hs_proof_free(proof);
    hs_free(in), hs_free(out);
}

static void test_batches(hs_ctx *ctx) {
    for (int gkr = 0; gkr < 2; gkr++)
        for (int pub = 0; pub < 2; pub++) {
            hs_shape s;
            hs_shape_init(&s);
            s.backend = gkr ? HS_BACKEND_GKR : HS_BACKEND_STARK;
            s.statement = pub ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
            s.log_perms = 4;
            prove_and_check(ctx, &s, pub, gkr ? HS_STMT_GKR_BATCH : HS_STMT_STARK_BATCH, 30, 3);
        }
    for (int priv = 0; priv < 2; priv++) {
        hs_shape s;
        hs_shape_init(&s);
        s.backend = HS_BACKEND_GKR;
        s.statement = HS_STATEMENT_REGIONS;
        s.n_regions = 2, s.region_log[0] = 4, s.region_log[1] = 5, s.private_regions = priv;
        prove_and_check(ctx, &s, !priv, HS_STMT_REGIONS, 22, 4);
    }
    /* keccak-f1600 by the walk over GF(2): public (its tables' lines two words a lane) and private
     * (the states committed: no tables) */
    hs_shape s;
    hs_shape_init(&s);
    s.backend = HS_BACKEND_GKR;
    s.hash = "keccak-f1600";
    s.log_perms = 2;
    for (int pub = 0; pub < 2; pub++) {
        s.statement = pub ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
        prove_and_check(ctx, &s, pub, HS_STMT_KGKR, HS_KGKRSTMT_HEADER_BYTES, 5);
    }
    /* Poseidon2b over GF(2^128): public (poseidon2b) and private (poseidon2b-frost, committed) */
    for (int pub = 0; pub < 2; pub++) {
        s.hash = pub ? "poseidon2b" : "poseidon2b-frost";
        s.statement = pub ? HS_STATEMENT_PUBLIC : HS_STATEMENT_PRIVATE;
        prove_and_check(ctx, &s, pub, HS_STMT_P2BGKR, HS_P2BSTMT_HEADER_BYTES, 6);
    }
}

static void test_merkle(hs_ctx *ctx) {
    char why[HS_REASON_LEN];
    enum { D = 5, M = 3 };
    uint64_t idx[M];
    uint32_t leaves[M * 8], sib[M * D * 8], root[8];
    CHECK(hs_merkle_random_openings(idx, leaves, sib, root, D, M, 9) == HS_OK);
    for (int stark = 0; stark < 2; stark++) {
        uint8_t *proof = NULL;
        size_t len = 0;
        CHECK(hs_prove_merkle_branches(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, NULL,
                                       stark ? HS_BACKEND_STARK : HS_BACKEND_GKR, D, M, idx, leaves, sib, 1) == HS_OK);
        const hs_stmt_public p = {1, NULL, NULL, 0, root, D, M, idx, leaves};
        if (proof) check_proof(proof, len, stark ? HS_STMT_MERKLE_STARK : HS_STMT_MERKLE_BRANCHES, &p,
                                     stark ? 30 : 35);
        hs_proof_free(proof);
    }
    for (int pub = 0; pub < 2; pub++) {
        enum { K = 4 };
        uint32_t *lv = words("poseidon2-kb16", 8u << K, 5), mroot[8];
        uint8_t *proof = NULL;
        size_t len = 0;
        CHECK(lv && hs_prove_merkle_root(ctx, &proof, &len, mroot, NULL, why, sizeof why, NULL, NULL, K, lv, 8u << K,
                                         pub, 1) == HS_OK);
        const hs_stmt_public p = {1, NULL, NULL, 0, mroot, 0, 0, NULL, pub ? lv : NULL};
        if (proof) check_proof(proof, len, HS_STMT_MERKLE_ROOT, &p, 31);
        hs_proof_free(proof);
        hs_free(lv);
    }
}

/* Pages of address space in use (/proc/self/statm's first field); 0 when unknown. */
static size_t vm_pages(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long pages = 0;
    if (f) {
        if (fscanf(f, "%llu", &pages) != 1) pages = 0;
        fclose(f);
    }
    return (size_t)pages;
}

/* A prover that runs out of address space (RLIMIT_AS a little above what is in use) fails with
 * HS_ERR_NOMEM, told by hs_why_nomem's address: for each backend. Skipped in sanitizer builds (their
 * shadow memory needs the address space) and where the limit cannot be set. */
static void test_nomem(hs_ctx *ctx) {
    if (hs_test_sanitized()) return;
    static const struct {
        hs_backend b;
        unsigned log;
    } cases[] = {{HS_BACKEND_GKR, 18}, {HS_BACKEND_STARK, 16}};
    unsigned ran = 0;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        char why[HS_REASON_LEN];
        hs_shape s;
        hs_shape_init(&s);
        s.backend = cases[c].b;
        s.log_perms = cases[c].log;
        s.allow_insecure = 1;
        size_t inst, nin, nout;
        CHECK(hs_shape_size(&inst, &nin, &nout, why, sizeof why, &s) == HS_OK);
        uint32_t *in = words("poseidon2-kb16", nin, 6);
        hs_mem_release();
        struct rlimit old, lim;
        const size_t pages = vm_pages();
        if (!in || !pages || getrlimit(RLIMIT_AS, &old)) {
            hs_free(in);
            continue;
        }
        lim = old;
        lim.rlim_cur = (rlim_t)(pages * 4096 + ((size_t)16 << 20));
        if (setrlimit(RLIMIT_AS, &lim)) {
            hs_free(in);
            continue;
        }
        uint8_t *proof = NULL;
        size_t len = 0;
        const hs_status st = hs_prove(ctx, &proof, &len, NULL, 0, NULL, why, sizeof why, &s, in, nin);
        setrlimit(RLIMIT_AS, &old);
        ran++;
        CHECK(st == HS_ERR_NOMEM && !proof);
        if (st != HS_ERR_NOMEM) fprintf(stderr, "backend %d: status %d: %s\n", (int)cases[c].b, (int)st, why);
        hs_proof_free(proof);
        hs_free(in);
    }
    printf("statement: out of memory under RLIMIT_AS: %u of 2 backends tried\n", ran);
}

/* The commitment-only statement: found by the registry, its bits those of the commitment, accepted;
 * every header byte and a sample of the body altered, and every truncation, rejected with a
 * reason; the public API names it instead of reading it as a batch. For a shape s with
 * `queries` queries and a target of `bits`. */
static void pcs_case(hs_ctx *ctx, const hs_pcsstmt_shape *s, unsigned queries, double bits) {
    const char *why = NULL;
    hs_writer w = {0};
    CHECK(hs_pcsstmt_prove(s, 7, 1, &w, &why) && !w.err);
    hs_stmt_shape ss;
    const hs_stmt *e = hs_stmt_peek(w.data, w.len, &ss, &why);
    CHECK(e && e->id == HS_STMT_PCS && ss.u.pcs.log_bits == s->log_bits && ss.u.pcs.fri.queries == queries &&
          ss.u.pcs.preset == s->preset && ss.u.pcs.chal_ext == s->chal_ext);
    if (!e) {
        hs_w_free(&w);
        return;
    }
    CHECK(hs_stmt_preset(&ss) == NULL);
    hs_sound_report rep;
    CHECK(e->soundness(&ss, &rep) && rep.claimed_bits >= bits && rep.regime == HS_REGIME_UDR);
    const hs_stmt_public pub = {0};
    CHECK(e->verify(w.data, w.len, &ss, &pub, &why) == HS_STMT_OK);
    for (size_t i = 0; i < w.len; i += i < HS_PCSSTMT_HEADER_BYTES ? 1 : 1 + w.len / 64) {
        w.data[i] ^= 4;
        why = NULL;
        hs_stmt_shape s2;
        const hs_stmt *e2 = hs_stmt_peek(w.data, w.len, &s2, &why);
        CHECK(!e2 || e2->verify(w.data, w.len, &s2, &pub, &why) == HS_STMT_REJECTED);
        CHECK(why != NULL);
        w.data[i] ^= 4;
    }
    for (size_t n = 0; n < w.len; n += 1 + n / 4) {
        why = NULL;
        hs_stmt_shape s2;
        const hs_stmt *e2 = hs_stmt_peek(w.data, n, &s2, &why);
        CHECK(!e2 || e2->verify(w.data, n, &s2, &pub, &why) == HS_STMT_REJECTED);
        CHECK(why != NULL);
    }
    char reason[HS_REASON_LEN];
    CHECK(hs_verify(ctx, NULL, reason, sizeof reason, w.data, w.len, NULL, 0, NULL, 0, 0) == HS_ERR_REJECTED &&
          strstr(reason, "commitment-only"));
    hs_w_free(&w);
}

/* Preset 0 at a free shape (the proofs before presets), then fast100 and proven128 at their own
 * parameters: 148 and 189 queries at rate 1/4, the latter with challenges in GF(2^256) (every term
 * above 128 bits but the queries' and the hash's); fast100 refused where its fold term over
 * GF(2^128) falls below 100 bits, proven128 holding at the largest size. */
static void test_pcs(hs_ctx *ctx) {
    hs_pcsstmt_shape s;
    const char *why = NULL;
    CHECK(hs_pcsstmt_shape_init(&s, 10, 1, 2, 96, HS_MERKLE_KECCAK, 1, &why));
    pcs_case(ctx, &s, 232, 96);
    CHECK(hs_pcsstmt_shape_preset(&s, 10, HS_PCSSTMT_FAST100, 1, &why) && s.chal_ext == 1);
    pcs_case(ctx, &s, 148, 100);
    CHECK(hs_pcsstmt_shape_preset(&s, 11, HS_PCSSTMT_PROVEN128, 1, &why) && s.chal_ext == 2);
    pcs_case(ctx, &s, 189, 128);
    hs_sound_report rep;
    hs_pcsstmt_soundness(&s, &rep);
    for (size_t i = 0; i < rep.n_terms; i++)
        if (strcmp(rep.terms[i].name, "binfri.queries") && !rep.terms[i].assumption)
            CHECK(rep.terms[i].bits[HS_REGIME_UDR] > 200); /* Schwartz-Zippel and folds over GF(2^256) */
    CHECK(hs_pcsstmt_shape_preset(&s, 32, HS_PCSSTMT_FAST100, 1, &why));
    CHECK(!hs_pcsstmt_shape_preset(&s, 35, HS_PCSSTMT_FAST100, 1, &why) && why);
    CHECK(hs_pcsstmt_shape_preset(&s, 35, HS_PCSSTMT_PROVEN128, 1, &why));
    CHECK(!hs_pcsstmt_shape_preset(&s, 12, HS_PCSSTMT_PRESETS, 1, &why));
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "statement");
    test_frame(&rng);
    test_owners();
    hs_ctx *ctx = NULL;
    CHECK(hs_ctx_new(&ctx, 1) == HS_OK);
    if (ctx) {
        test_batches(ctx);
        test_merkle(ctx);
        test_nomem(ctx);
        test_pcs(ctx);
        hs_ctx_free(ctx);
    }
    return hs_test_done("statement");
}
