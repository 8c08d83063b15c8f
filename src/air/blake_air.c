#include "air/blake_air.h"

#include <string.h>

#include "air/air_eval.h"
#include "hash/blake2s.h"
#include "hash/blake3.h"

/* Column counts of the layout (blake_air.h): a G commits 136 columns; a final diagonal G commits
 * a'' and c'' as bits (+60) and, when final_b_expr, no b'' (-32). */
#define BL_IN_COLS (32 * HS_BLAKE_AIR_IN_WORDS)
#define BL_OUT_COL(rounds, b_expr) (BL_IN_COLS + (8 * (rounds) - 4) * 136 + 4 * (196 - ((b_expr) ? 32 : 0)))
#define BL_G_CONSTRAINTS 144

/* BLAKE3: out[i] = v[i] ^ v[i + 8], out[i + 8] = v[i + 8] ^ cv[i]; BLAKE2s: h'[i] = h[i] ^ v[i] ^ v[i + 8] */
static const hs_blake_air_params blake3 = {
    .name = "blake3-bits",
    .id = 4,
    .rounds = 7,
    .sigma = hs_blake3_schedule,
    .iv = hs_blake3_iv,
    .mask = NULL,
    .out_words = 16,
    .out_n = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
    .out_src = {{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15},
                {8, 16}, {9, 17}, {10, 18}, {11, 19}, {12, 20}, {13, 21}, {14, 22}, {15, 23}},
    .final_b_expr = 1,
};
static const hs_blake_air_params blake2s = {
    .name = "blake2s-bits",
    .id = 5,
    .rounds = 10,
    .sigma = hs_blake2s_sigma,
    .iv = hs_blake2s_iv,
    .mask = hs_blake2s_iv + 4, /* v[12..16] = IV[4..8] ^ (t0, t1, f0, f1) */
    .out_words = 8,
    .out_n = {3, 3, 3, 3, 3, 3, 3, 3},
    .out_src = {{16, 0, 8}, {17, 1, 9}, {18, 2, 10}, {19, 3, 11}, {20, 4, 12}, {21, 5, 13}, {22, 6, 14}, {23, 7, 15}},
    .final_b_expr = 0,
};

const hs_blake_air_params *hs_blake_air_blake3(void) { return &blake3; }
const hs_blake_air_params *hs_blake_air_blake2s(void) { return &blake2s; }

/* ---------------------------------------------------------------- trace */

static const uint8_t g_words[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                                      {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};

static inline uint32_t rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/* Bit j of w as 0 or 1 in Montgomery form, branch-free so the loop vectorises. */
static inline hs_kb *put_bits(hs_kb *dst, uint32_t w) {
    for (unsigned j = 0; j < 32; j++) dst[j] = (0u - (w >> j & 1u)) & HS_KB_ONE;
    return dst + 32;
}
static inline hs_kb *put_limbs(hs_kb *dst, uint32_t w) {
    dst[0] = hs_kb_from_u32(w & 0xffff);
    dst[1] = hs_kb_from_u32(w >> 16);
    return dst + 2;
}

/* One compression into one row, walking G exactly as the evaluator reads the columns. */
static void trace_row(const hs_blake_air_params *bp, const uint32_t *in, hs_kb *row, uint32_t *out) {
    uint32_t v[16], o[16];
    const uint32_t *m = in + 8;
    hs_kb *p = row;
    for (unsigned w = 0; w < HS_BLAKE_AIR_IN_WORDS; w++) p = put_bits(p, in[w]);
    for (unsigned i = 0; i < 8; i++) v[i] = in[i];
    for (unsigned i = 0; i < 4; i++) v[8 + i] = bp->iv[i], v[12 + i] = in[24 + i] ^ (bp->mask ? bp->mask[i] : 0);
    for (unsigned r = 0; r < bp->rounds; r++) {
        const uint8_t *s = bp->sigma[r];
        for (unsigned g = 0; g < 8; g++) {
            const unsigned ia = g_words[g][0], ib = g_words[g][1], ic = g_words[g][2], id = g_words[g][3];
            const int fin = r + 1 == bp->rounds && g >= 4;
            uint32_t a = v[ia] + v[ib] + m[s[2 * g]];
            p = put_limbs(p, a);
            uint32_t d = rotr32(v[id] ^ a, 16);
            p = put_bits(p, d);
            uint32_t c = v[ic] + d;
            p = put_limbs(p, c);
            uint32_t b = rotr32(v[ib] ^ c, 12);
            p = put_bits(p, b);
            a += b + m[s[2 * g + 1]];
            p = fin ? put_bits(p, a) : put_limbs(p, a);
            d = rotr32(d ^ a, 8);
            p = put_bits(p, d);
            c += d;
            p = fin ? put_bits(p, c) : put_limbs(p, c);
            b = rotr32(b ^ c, 7);
            if (!(fin && bp->final_b_expr)) p = put_bits(p, b);
            v[ia] = a, v[ib] = b, v[ic] = c, v[id] = d;
        }
    }
    for (unsigned j = 0; j < bp->out_words; j++) {
        o[j] = 0;
        for (unsigned t = 0; t < bp->out_n[j]; t++) {
            const unsigned src = bp->out_src[j][t];
            o[j] ^= src < 16 ? v[src] : in[src - 16];
        }
        p = put_limbs(p, o[j]);
    }
    if (out) memcpy(out, o, bp->out_words * sizeof *o);
}

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    const hs_blake_air_params *bp = a->params;
    const size_t w = a->width;
    /* rows are independent and each is ~35-48 KB of writes: static chunks, one per thread */
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(static) if (threads > 1 && n > 1)
    for (size_t i = 0; i < n; i++)
        trace_row(bp, inputs + i * HS_BLAKE_AIR_IN_WORDS, tr + i * w, outputs ? outputs + i * bp->out_words : NULL);
    return 1;
}

/* ---------------------------------------------------------------- constraints */

#define FN eval_base
#include "air/air_ops_base.h"
#include "air/blake_air_eval.inc"

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out) {
    (void)next, (void)periodic;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    eval_base(a->params, local, &b);
    *out = hs_air_acc_base_finish(&b);
}

#define FN eval_ext_body
#include "air/air_ops_ext.h"
#include "air/blake_air_eval.inc"

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *periodic,
                       const hs_kb *pow) {
    (void)next, (void)periodic;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    eval_ext_body(a->params, local, &e);
    return e.acc;
}

HS_AIR_LOCAL_EVALUATORS(hs_blake_air_eval)

static const hs_air_ops ops = {trace, eval_row, hs_air_rows8_local_scratch, eval_rows8, eval_ext, NULL, NULL, NULL};

/* Every input word to its bit columns and every output word to its two limbs, in binds of 16
 * bits: the words are any u32, and a bind of more than 30 bits could let W + p stand for a table
 * word W (the stark refuses those, air.h). */
#define BL_BINDS(out_col, out_words)                                                                             \
    {                                                                                                            \
        {.io = 0, .shift = 0, .len = 16, .col_bits = 1, .count = HS_BLAKE_AIR_IN_WORDS, .col = 0,                 \
         .word_step = 32, .col_step = 1},                                                                        \
        {.io = 0, .shift = 16, .len = 16, .col_bits = 1, .count = HS_BLAKE_AIR_IN_WORDS, .col = 16,               \
         .word_step = 32, .col_step = 1},                                                                        \
        {.io = 1, .shift = 0, .len = 16, .col_bits = 16, .count = out_words, .col = out_col, .word_step = 2,      \
         .col_step = 1},                                                                                         \
        {.io = 1, .shift = 16, .len = 16, .col_bits = 16, .count = out_words, .col = (out_col) + 1,              \
         .word_step = 2, .col_step = 1},                                                                         \
    }
static const hs_air_bind binds_blake3[4] = BL_BINDS(BL_OUT_COL(7, 1), 16),
                         binds_blake2s[4] = BL_BINDS(BL_OUT_COL(10, 0), 8);

int hs_blake_air_init(hs_air *a, const hs_blake_air_params *bp, unsigned log_v) {
    (void)log_v; /* one compression per row: a row is already 35-48 KB wide */
    memset(a, 0, sizeof *a);
    const hs_air_bind *b = bp == &blake3 ? binds_blake3 : bp == &blake2s ? binds_blake2s : NULL;
    if (!b) return 0;
    const size_t fin_cols = 196 - (bp->final_b_expr ? 32 : 0), fin_cons = 208 - (bp->final_b_expr ? 34 : 0);
    a->ops = &ops;
    a->eval_rows16 = eval_rows16;
    a->name = bp->name;
    a->id = bp->id;
    a->params = bp;
    a->v = 1;
    a->width = BL_IN_COLS + (8 * bp->rounds - 4) * 136 + 4 * fin_cols + 2 * bp->out_words;
    a->slot_stride = a->width;
    a->rows_per_inst = a->inst_per_row = 1;
    a->degree = 3;
    a->n_constraints = BL_IN_COLS + (8 * bp->rounds - 4) * BL_G_CONSTRAINTS + 4 * fin_cons + 2 * bp->out_words;
    a->in_words = HS_BLAKE_AIR_IN_WORDS;
    a->out_words = bp->out_words;
    a->word_modulus = 0;
    a->binds = b;
    a->n_binds = 4;
    return 1;
}

static int init_blake3(hs_air *a, unsigned log_v) { return hs_blake_air_init(a, &blake3, log_v); }
static int init_blake2s(hs_air *a, unsigned log_v) { return hs_blake_air_init(a, &blake2s, log_v); }

const hs_air_def hs_air_def_blake3 = {4, "blake3-bits", "BLAKE3 compression (7 rounds; 16-word output), bit-level AIR", 0,
                                      init_blake3, "compressions"};
const hs_air_def hs_air_def_blake2s = {5, "blake2s-bits", "BLAKE2s compression (10 rounds; h' = 8 words), bit-level AIR",
                                       0, init_blake2s, "compressions"};
