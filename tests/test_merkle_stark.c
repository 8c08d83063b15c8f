/* Merkle branches by the stark (src/air/merkle_air.h, src/statement/merkle/stark_branches.h): the AIR's
 * honest trace satisfies every constraint and each kind of wrong cell breaks one; the AVX2
 * evaluator against the scalar one; completeness for m = 1, 3, 100 and d = 1, 5, 32; every leaf,
 * index bit, root, depth and list change rejected; a wrong trace cell forced through the prover
 * rejected; a private statement of the AIR rejected; altered and truncated proof bytes rejected;
 * proof bytes independent of the thread count; the soundness report. */
#include <math.h>
#include <string.h>

#include "hashsnark.h"

#include "air/merkle_air.h"
#include "hash/poseidon2_monty31.h"
#include "statement/merkle/stark_branches.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

enum { W = HS_MBAIR_DIGEST };

typedef struct {
    unsigned d;
    size_t m;
    uint64_t *idx;
    uint32_t *leaves, *sib, root[W];
    hs_kb *msib;
} openings;

static void open_random(openings *o, unsigned d, size_t m, uint64_t seed) {
    o->d = d, o->m = m;
    o->idx = malloc(m * sizeof *o->idx);
    o->leaves = malloc(m * W * sizeof *o->leaves);
    o->sib = malloc(m * d * W * sizeof *o->sib);
    o->msib = malloc(m * d * W * sizeof *o->msib);
    CHECK(hs_merkle_random_openings(o->idx, o->leaves, o->sib, o->root, d, m, seed) == HS_OK);
    for (size_t k = 0; k < m * d * W; k++) o->msib[k] = hs_kb_from_u32(o->sib[k]);
}

static hs_kbe rand_kbe(hs_rng *rng) {
    hs_kbe e = hs_kbe_zero();
    for (unsigned t = 0; t < 5; t++) e.c[t] = hs_test_rand_kb(rng);
    return e;
}

static void open_free(openings *o) { free(o->idx), free(o->leaves), free(o->sib), free(o->msib); }

/* ---- the AIR ---- */

/* The trace of o's openings (m a power of two here), natural order. */
static hs_kb *air_trace(const hs_air *a, const openings *o, uint32_t *outs) {
    uint32_t *in = malloc(o->m * HS_MBAIR_IN_WORDS * sizeof *in);
    for (size_t p = 0; p < o->m; p++) hs_mbair_line(in + p * HS_MBAIR_IN_WORDS, o->leaves + p * W, o->idx[p]);
    const size_t rows = o->m * a->rows_per_inst;
    hs_kb *tr = malloc(rows * a->width * sizeof *tr);
    CHECK(a->ops->trace(a, in, o->m, tr, outs, 2));
    free(in);
    return tr;
}

/* Writes a valid row: the compression of (cur, sib) on the side b names, its record, cur and b. */
static void forge_row(hs_kb *row, const hs_kb *cur, const hs_kb *sib, unsigned b) {
    uint32_t st[16], rec[HS_MBAIR_REC];
    for (unsigned l = 0; l < W; l++) st[(b ? W : 0) + l] = cur[l], st[(b ? 0 : W) + l] = sib[l];
    hs_p2_permute_many_record(hs_p2_kb16(), st, 1, rec, 1);
    memcpy(row, rec, sizeof rec);
    memcpy(row + HS_MBAIR_CUR, cur, W * sizeof *cur);
    row[HS_MBAIR_B] = b ? HS_KB_ONE : 0;
}

static void test_air(hs_rng *rng) {
    const unsigned depths[] = {1, 3, 5, 8, 32};
    for (unsigned t = 0; t < sizeof depths / sizeof *depths; t++) {
        const unsigned d = depths[t];
        openings o;
        open_random(&o, d, 4, 7 + d);
        hs_air a;
        CHECK(hs_mbair_init(&a, d));
        CHECK(a.id == hs_mbair_id(d) && hs_mbair_depth(a.id) == d && hs_air_by_id(a.id) != NULL);
        CHECK(a.n_constraints == HS_MBAIR_CONSTRAINTS(d) && a.width == HS_MBAIR_WIDTH && a.degree == 3);
        const hs_mbair_witness wit = {o.msib};
        CHECK(!a.ops->trace(&a, NULL, 0, NULL, NULL, 1)); /* no witness: no trace */
        a.witness = &wit;
        uint32_t outs[4 * W];
        hs_kb *tr = air_trace(&a, &o, outs);
        const size_t rows = o.m * a.rows_per_inst, Wd = a.width;
        for (size_t p = 0; p < o.m; p++) CHECK(memcmp(outs + p * W, o.root, sizeof o.root) == 0);
        const hs_kbe alpha = rand_kbe(rng);
        CHECK(hs_air_first_failing_row(&a, tr, rows, alpha) == rows);
        /* the trace in bit-reversed order holds the same rows */
        hs_kb *tb = malloc(rows * Wd * sizeof *tb);
        uint32_t *in = malloc(o.m * HS_MBAIR_IN_WORDS * sizeof *in);
        for (size_t p = 0; p < o.m; p++) hs_mbair_line(in + p * HS_MBAIR_IN_WORDS, o.leaves + p * W, o.idx[p]);
        CHECK(a.ops->trace_bitrev(&a, in, o.m, tb, NULL, 1));
        unsigned lh = 0;
        while (((size_t)1 << lh) < rows) lh++;
        for (size_t r = 0; r < rows; r++) {
            size_t br = 0;
            for (unsigned b = 0; b < lh; b++) br |= ((r >> b) & 1) << (lh - 1 - b);
            CHECK(memcmp(tb + br * Wd, tr + r * Wd, Wd * sizeof *tr) == 0);
        }
        free(tb), free(in);
        /* one wrong cell of each kind, on a level that is read: the record, cur, b, the input */
        const size_t R = a.rows_per_inst, row = R + (d > 2 ? 2 : 0); /* opening 1 */
        const size_t cells[] = {HS_MBAIR_OUT + 3, HS_MBAIR_REC - 1, 20, HS_MBAIR_CUR + 5, HS_MBAIR_B, 2, 11};
        for (unsigned c = 0; c < sizeof cells / sizeof *cells; c++) {
            hs_kb *cell = tr + row * Wd + cells[c], old = *cell;
            *cell = hs_kb_add(old, HS_KB_ONE);
            const size_t bad = hs_air_first_failing_row(&a, tr, rows, alpha);
            /* an output lane is read by the next level's cur (or, at the root, by the binding only) */
            CHECK(bad < rows || (cells[c] == HS_MBAIR_OUT + 3 && row % R == d - 1));
            *cell = old;
        }
        /* valid rows that do not chain: only the transitions catch them */
        for (unsigned lv = 0; lv < d; lv++) {
            hs_kb *r = tr + (R + lv) * Wd, saved[HS_MBAIR_WIDTH], c[W], sb[W];
            const unsigned b = r[HS_MBAIR_B] != 0;
            memcpy(saved, r, sizeof saved);
            for (unsigned l = 0; l < W; l++) c[l] = r[HS_MBAIR_CUR + l], sb[l] = r[(b ? 0 : W) + l];
            /* b flipped, cur moved to the other side: a true compression of another pair */
            forge_row(r, c, sb, !b);
            CHECK(hs_air_first_failing_row(&a, tr, rows, alpha) == (lv + 1 < d ? R + lv : rows));
            /* another node in place of this level's (the sibling kept) */
            if (lv > 0) {
                c[1] = hs_kb_add(c[1], HS_KB_ONE);
                forge_row(r, c, sb, b);
                CHECK(hs_air_first_failing_row(&a, tr, rows, alpha) == R + lv - 1);
            }
            memcpy(r, saved, sizeof saved);
        }
        CHECK(hs_air_first_failing_row(&a, tr, rows, alpha) == rows);
        /* the AVX2 evaluator (where the CPU has it) against the scalar one, on random rows */
        const unsigned dg = 5;
        hs_kb *pow = malloc(a.n_constraints * dg * sizeof *pow), *rnd = malloc(32 * Wd * sizeof *rnd);
        hs_air_alpha_powers(dg, alpha, a.n_constraints, pow);
        for (size_t k = 0; k < 32 * Wd; k++) rnd[k] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
        const hs_kb *loc[8], *nxt[8];
        hs_kb per8[8];
        for (unsigned j = 0; j < 8; j++) {
            loc[j] = rnd + j * Wd, nxt[j] = rnd + (8 + j) * Wd;
            per8[j] = j & 1 ? HS_KB_ONE : hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
        }
        void *scratch = hs_alloc_array(1, a.ops->rows8_scratch_bytes(&a));
        hs_kbe c8[8];
        a.ops->eval_rows8(&a, dg, loc, nxt, per8, pow, scratch, c8);
        for (unsigned j = 0; j < 8; j++) {
            hs_kbe c1;
            a.ops->eval_row(&a, dg, loc[j], nxt[j], per8 + j, pow, &c1);
            CHECK(hs_kbe_eq(c1, c8[j]) && !hs_kbe_is_zero(c1));
            /* the verifier's instantiation at the same (base-field) values */
            hs_kbe le[HS_MBAIR_WIDTH], ne[HS_MBAIR_WIDTH], pe = hs_kbe_from_base(per8[j]);
            for (size_t c = 0; c < Wd; c++) le[c] = hs_kbe_from_base(loc[j][c]), ne[c] = hs_kbe_from_base(nxt[j][c]);
            CHECK(hs_kbe_eq(a.ops->eval_ext(&a, dg, le, ne, &pe, pow), c1));
        }
        /* 16 rows (the AVX-512 evaluator where the CPU has it, else two 8-row halves) */
        const hs_kb *l16[16], *n16[16];
        hs_kb per16[16];
        hs_kbe c16[16];
        for (unsigned j = 0; j < 16; j++) {
            l16[j] = rnd + j * Wd, n16[j] = rnd + (16 + j) * Wd;
            per16[j] = j % 3 ? HS_KB_ONE : hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P));
        }
        hs_air_eval_rows16(&a, dg, l16, n16, per16, pow, scratch, c16);
        for (unsigned j = 0; j < 16; j++) {
            hs_kbe c1;
            a.ops->eval_row(&a, dg, l16[j], a.uses_next ? n16[j] : NULL, per16 + j, pow, &c1);
            CHECK(hs_kbe_eq(c1, c16[j]));
        }
        hs_free(scratch);
        free(pow), free(rnd), free(tr);
        open_free(&o);
    }
}

/* ---- the statement ---- */

static int verify(hs_ctx *ctx, const uint8_t *proof, size_t len, const openings *o, const uint32_t *root, unsigned d,
                  size_t m, char *why) {
    return hs_verify_merkle_branches(ctx, NULL, why, HS_REASON_LEN, proof, len, root, d, m, o->idx, o->leaves,
                                     HS_MIN_BITS_DECLARED) == HS_OK;
}

static void test_completeness(hs_ctx *ctx) {
    const unsigned depths[] = {1, 5, 32};
    const size_t ms[] = {1, 3, 100};
    char why[HS_REASON_LEN];
    for (unsigned a = 0; a < 3; a++)
        for (unsigned b = 0; b < 3; b++) {
            openings o;
            open_random(&o, depths[a], ms[b], 100 * a + b);
            uint8_t *proof;
            size_t len;
            uint32_t root[W];
            hs_prove_stats st;
            CHECK(hs_prove_merkle_branches(ctx, &proof, &len, root, &st, why, sizeof why, NULL, "compat",
                                           HS_BACKEND_STARK, o.d, o.m, o.idx, o.leaves, o.sib, 0) == HS_OK);
            CHECK(memcmp(root, o.root, sizeof root) == 0 && st.instances == o.m * o.d);
            hs_merkle_proof_info info;
            CHECK(hs_verify_merkle_branches(ctx, &info, why, sizeof why, proof, len, o.root, o.d, o.m, o.idx, o.leaves,
                                            HS_MIN_BITS_DECLARED) == HS_OK);
            CHECK(info.backend == HS_BACKEND_STARK && info.depth == o.d && info.openings >= o.m &&
                  info.openings < 2 * o.m + 1 && !strcmp(info.statement, "merkle-branches"));
            hs_proof_free(proof);
            open_free(&o);
        }
}

/* m = 3 openings of a depth-5 tree: every change of the statement rejected. */
static void test_rejections(hs_ctx *ctx, hs_rng *rng) {
    openings o;
    open_random(&o, 5, 3, 42);
    const unsigned d = o.d;
    const size_t m = o.m;
    char why[HS_REASON_LEN];
    uint8_t *proof, *p2;
    size_t len, l2;
    CHECK(hs_prove_merkle_branches(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, "proven128", HS_BACKEND_STARK,
                                   d, m, o.idx, o.leaves, o.sib, 0) == HS_OK);
    CHECK(verify(ctx, proof, len, &o, o.root, d, m, why));
    /* every leaf lane of every opening */
    for (size_t k = 0; k < m * W; k++) {
        const uint32_t old = o.leaves[k];
        o.leaves[k] = (old + 1) % HS_KB_P;
        CHECK(!verify(ctx, proof, len, &o, o.root, d, m, why));
        o.leaves[k] = old;
    }
    /* every root lane */
    for (unsigned l = 0; l < W; l++) {
        uint32_t r[W];
        memcpy(r, o.root, sizeof r);
        r[l] = (r[l] + 1 + (uint32_t)hs_rng_below(rng, 1000)) % HS_KB_P;
        CHECK(!verify(ctx, proof, len, &o, r, d, m, why));
    }
    /* every index bit of every opening, and an index beyond the depth */
    for (size_t p = 0; p < m; p++)
        for (unsigned i = 0; i <= d; i++) {
            o.idx[p] ^= 1ull << i;
            CHECK(!verify(ctx, proof, len, &o, o.root, d, m, why));
            o.idx[p] ^= 1ull << i;
        }
    /* two openings swapped (leaves only), another depth, another list */
    uint32_t tmp[W];
    memcpy(tmp, o.leaves, sizeof tmp);
    memcpy(o.leaves, o.leaves + W, sizeof tmp);
    memcpy(o.leaves + W, tmp, sizeof tmp);
    CHECK(!verify(ctx, proof, len, &o, o.root, d, m, why));
    memcpy(o.leaves + W, o.leaves, sizeof tmp);
    memcpy(o.leaves, tmp, sizeof tmp);
    CHECK(verify(ctx, proof, len, &o, o.root, d, m, why));
    CHECK(!verify(ctx, proof, len, &o, o.root, d + 1, m, why) && strstr(why, "depth"));
    CHECK(!verify(ctx, proof, len, &o, o.root, d, m - 1, why));
    /* the padded table repeats opening 0: a list padded the same way states the same facts */
    openings o4 = o;
    uint64_t idx4[4] = {o.idx[0], o.idx[1], o.idx[2], o.idx[0]};
    uint32_t leaves4[4 * W];
    memcpy(leaves4, o.leaves, 3 * W * sizeof *leaves4);
    memcpy(leaves4 + 3 * W, o.leaves, W * sizeof *leaves4);
    o4.idx = idx4, o4.leaves = leaves4;
    CHECK(verify(ctx, proof, len, &o4, o.root, d, 4, why));
    idx4[3] = o.idx[1], memcpy(leaves4 + 3 * W, o.leaves + W, W * sizeof *leaves4);
    CHECK(!verify(ctx, proof, len, &o4, o.root, d, 4, why)); /* a fourth opening it never proved */
    /* proof bytes: every 97th byte and the last ones, flipped; truncations */
    uint8_t *bad = malloc(len);
    size_t flipped = 0;
    for (size_t at = 0; at < len; at += (at < 64 ? 1 : 97)) {
        memcpy(bad, proof, len);
        bad[at] ^= (uint8_t)(1u << (at % 8));
        CHECK(!verify(ctx, bad, len, &o, o.root, d, m, why));
        flipped++;
    }
    for (size_t at = len - 8; at < len; at++) {
        memcpy(bad, proof, len);
        bad[at] ^= 0x80;
        CHECK(!verify(ctx, bad, len, &o, o.root, d, m, why));
    }
    const size_t cuts[] = {0, 1, 12, 29, 30, 100, len / 2, len - 1};
    for (unsigned c = 0; c < sizeof cuts / sizeof *cuts; c++) CHECK(!verify(ctx, proof, cuts[c], &o, o.root, d, m, why));
    CHECK(flipped > 64);
    free(bad);
    /* the generic verifier does not take it, nor the root statement's */
    CHECK(hs_proof_peek(&(hs_proof_info){0}, why, sizeof why, proof, len) == HS_ERR_REJECTED);
    CHECK(hs_verify_merkle_root(ctx, NULL, why, sizeof why, proof, len, o.root, NULL, 0, HS_MIN_BITS_DECLARED) ==
          HS_ERR_REJECTED);
    /* thread count: the same bytes */
    hs_ctx *one;
    CHECK(hs_ctx_new(&one, 1) == HS_OK);
    CHECK(hs_prove_merkle_branches(one, &p2, &l2, NULL, NULL, why, sizeof why, NULL, "proven128", HS_BACKEND_STARK, d,
                                   m, o.idx, o.leaves, o.sib, 0) == HS_OK);
    CHECK(l2 == len && memcmp(p2, proof, len) == 0);
    hs_proof_free(p2);
    hs_ctx_free(one);
    hs_proof_free(proof);
    /* a wrong sibling: the openings reach two roots, and the prover says so */
    o.sib[W * d + 3] = (o.sib[W * d + 3] + 1) % HS_KB_P;
    CHECK(hs_prove_merkle_branches(ctx, &proof, &len, NULL, NULL, why, sizeof why, NULL, "compat", HS_BACKEND_STARK, d,
                                   m, o.idx, o.leaves, o.sib, 0) == HS_ERR_ARGUMENT &&
          strstr(why, "root"));
    o.sib[W * d + 3] = (o.sib[W * d + 3] + HS_KB_P - 1) % HS_KB_P;
    open_free(&o);
}

/* Below the API: a wrong trace cell forced through the prover, and a private statement of the AIR. */
static void test_forced(void) {
    openings o;
    open_random(&o, 5, 4, 5);
    const char *why = NULL;
    hs_smb_shape s;
    CHECK(hs_smb_shape_make(&s, hs_preset_find("compat"), o.d, o.m, &why));
    const size_t Wd = HS_MBAIR_WIDTH, R = 8;
    /* opening 2, level 3: an output lane, cur, b, a sibling lane (input), a record cell */
    const size_t row = 2 * R + 3, cells[] = {HS_MBAIR_OUT, HS_MBAIR_CUR + 7, HS_MBAIR_B, 12, 70};
    for (unsigned c = 0; c < sizeof cells / sizeof *cells; c++) {
        hs_smb_shape t = s;
        t.stark.corrupt_cell = row * Wd + cells[c] + 1;
        hs_writer w = {0};
        uint32_t root[W];
        CHECK(hs_smb_prove(&t, o.idx, o.leaves, o.msib, 2, &w, root, NULL, &why));
        CHECK(!hs_smb_verify(w.data, w.len, o.root, o.d, o.m, o.idx, o.leaves, 1, &why));
        hs_w_free(&w);
    }
    /* the honest one passes the same path */
    hs_writer w = {0};
    CHECK(hs_smb_prove(&s, o.idx, o.leaves, o.msib, 2, &w, NULL, NULL, &why));
    CHECK(hs_smb_verify(w.data, w.len, o.root, o.d, o.m, o.idx, o.leaves, 1, &why));
    hs_w_free(&w);
    /* the same AIR as a private statement proves nothing about openings: refused */
    hs_stark_shape ps;
    CHECK(hs_stark_make_shape(&ps, hs_preset_find("compat"), hs_mbair_id(o.d), 2, 0, 0, &why));
    uint32_t in[4 * HS_MBAIR_IN_WORDS];
    for (size_t p = 0; p < 4; p++) hs_mbair_line(in + p * HS_MBAIR_IN_WORDS, o.leaves + p * W, o.idx[p]);
    const hs_mbair_witness wit = {o.msib};
    hs_writer pw = {0};
    CHECK(hs_stark_prove_witness(&ps, in, &wit, 1, &pw, NULL, NULL, &why));
    CHECK(!hs_smb_verify(pw.data, pw.len, o.root, o.d, o.m, o.idx, o.leaves, 1, &why) && strstr(why, "private"));
    hs_w_free(&pw);
    /* no witness: the stark refuses instead of proving garbage */
    CHECK(!hs_stark_prove(&ps, in, 1, &pw, NULL, NULL, &why));
    hs_w_free(&pw);
    open_free(&o);
}

static void test_params(void) {
    char why[HS_REASON_LEN];
    hs_params_report rep;
    CHECK(hs_params_merkle_branches(&rep, why, sizeof why, NULL, "proven128", HS_BACKEND_STARK, 32, 1u << 14) == HS_OK);
    CHECK(rep.n_terms > 4 && rep.supported && rep.log_rows == 19 && rep.num_queries > 0);
    double weakest = 1e9;
    for (size_t i = 0; i < rep.n_terms; i++) weakest = fmin(weakest, rep.terms[i].bits[rep.regime]);
    CHECK(fabs(weakest - rep.claimed_bits) < 1e-9);
    /* the headline: the 8-element digest's collision resistance caps the protocol's 128 bits */
    CHECK(!strcmp(rep.terms[rep.weakest].name, "p2kb16.digest_collision") &&
          fabs(weakest - 4 * log2((double)HS_KB_P)) < 1e-9);
    CHECK(hs_params_merkle_branches(&rep, why, sizeof why, NULL, NULL, HS_BACKEND_STARK, 65, 3) == HS_ERR_ARGUMENT);
    CHECK(hs_params_merkle_branches(&rep, why, sizeof why, NULL, NULL, (hs_backend)7, 5, 3) == HS_ERR_ARGUMENT);
    CHECK(hs_params_merkle_branches(&rep, why, sizeof why, NULL, NULL, HS_BACKEND_STARK, 64, (size_t)1 << 20) ==
          HS_ERR_ARGUMENT); /* 2^26 rows */
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_merkle_stark");
    if (!hs_cpu_has_avx512())
        printf("test_merkle_stark: no AVX-512 on this CPU or build (or HS_SIMD below it): 16-row evaluations run as two 8-row halves, the AVX-512 evaluator is not compared\n");
    hs_ctx *ctx;
    CHECK(hs_ctx_new(&ctx, 2) == HS_OK);
    test_air(&rng);
    test_completeness(ctx);
    test_rejections(ctx, &rng);
    test_forced();
    test_params();
    hs_ctx_free(ctx);
    return hs_test_done("test_merkle_stark");
}
