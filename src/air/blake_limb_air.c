#include "air/blake_limb_air.h"

#include <pthread.h>
#include <string.h>

#include "air/air_eval.h"
#include "air/blake_limb_layout.h"

/* ---------------------------------------------------------------- trace
 * One walk of the layout over u32 words, writing each column where the evaluator reads it
 * (blake_limb_air_eval.inc walks the same steps). With count != NULL it also counts the lookups
 * per table and records where the output bytes sit (the layout, computed once). */

typedef struct {
    uint32_t v;
    int set; /* the piece set it is held in, -1: limbs only */
    int cst;
} gword;

typedef struct {
    hs_kb *row, *p;
    uint32_t *count; /* BT_N, or NULL */
} gwalk;

static inline uint32_t rotr32(uint32_t x, unsigned n) { return n ? (x >> n) | (x << (32 - n)) : x; }

static inline gword g_limbs(gwalk *w, uint32_t v) {
    w->p[0] = hs_kb_from_u32(v & 0xffff);
    w->p[1] = hs_kb_from_u32(v >> 16);
    w->p += 2;
    return (gword){v, -1, 0};
}

static inline void g_cut(gwalk *w, gword *x, int s) {
    const bl_set *b = &bl_sets[s];
    if (x->set == s) return;
    x->set = s;
    if (x->cst) return;
    for (unsigned q = 0; q < b->n; q++)
        if (b->start[q] != 0 && b->start[q] != 16) *w->p++ = hs_kb_from_u32((x->v >> b->start[q]) & ((1u << b->width[q]) - 1));
}

static inline gword g_xor_rot(gwalk *w, gword *x, gword *y, unsigned r) {
    const bl_set *bi = &bl_sets[bl_in_set(r)];
    g_cut(w, x, bl_in_set(r));
    g_cut(w, y, bl_in_set(r));
    const uint32_t z = x->v ^ y->v;
    for (unsigned q = 0; q < bi->n; q++) {
        *w->p++ = hs_kb_from_u32((z >> bi->start[q]) & ((1u << bi->width[q]) - 1));
        if (w->count) w->count[bl_xor_table(bi->width[q])]++;
    }
    return (gword){rotr32(z, r), bl_out_set(r), 0};
}

static const uint8_t g_words[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                                      {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};

/* One compression into one row; out: its output words (may be NULL); out_col (may be NULL): where
 * each output word's bytes start. Returns the columns written. */
static size_t trace_row(const hs_blake_air_params *bp, const uint32_t *inw, hs_kb *row, uint32_t *out,
                        uint32_t *count, uint32_t *out_col) {
    gwalk w = {row, row, count};
    gword in[HS_BLAKE_AIR_IN_WORDS], v[16];
    for (unsigned i = 0; i < HS_BLAKE_AIR_IN_WORDS; i++) in[i] = g_limbs(&w, inw[i]);
    if (count) count[BT_RANGE16] += 32;
    for (unsigned i = 0; i < 8; i++) v[i] = in[i];
    for (unsigned i = 0; i < 4; i++) {
        v[8 + i] = (gword){bp->iv[i], -1, 1};
        if (bp->mask) {
            gword m = {bp->mask[i], -1, 1};
            v[12 + i] = g_xor_rot(&w, &in[24 + i], &m, 0);
        } else {
            v[12 + i] = in[24 + i];
        }
    }
    const uint32_t *msg = inw + 8;
    for (unsigned r = 0; r < bp->rounds; r++)
        for (unsigned g = 0; g < 8; g++) {
            gword *a = &v[g_words[g][0]], *b = &v[g_words[g][1]], *c = &v[g_words[g][2]], *d = &v[g_words[g][3]];
            const uint32_t x = msg[bp->sigma[r][2 * g]], y = msg[bp->sigma[r][2 * g + 1]];
            gword a1 = g_limbs(&w, a->v + b->v + x);
            gword d1 = g_xor_rot(&w, d, &a1, 16);
            gword c1 = g_limbs(&w, c->v + d1.v);
            gword b1 = g_xor_rot(&w, b, &c1, 12);
            gword a2 = g_limbs(&w, a1.v + b1.v + y);
            gword d2 = g_xor_rot(&w, &d1, &a2, 8);
            gword c2 = g_limbs(&w, c1.v + d2.v);
            gword b2 = g_xor_rot(&w, &b1, &c2, 7);
            *a = a2, *b = b2, *c = c2, *d = d2;
        }
    for (unsigned j = 0; j < bp->out_words; j++) {
        gword *s0 = bp->out_src[j][0] < 16 ? &v[bp->out_src[j][0]] : &in[bp->out_src[j][0] - 16];
        gword t = *s0, *cur = s0;
        for (unsigned q = 1; q < bp->out_n[j]; q++) {
            const unsigned s = bp->out_src[j][q];
            gword *src = s < 16 ? &v[s] : &in[s - 16];
            t = g_xor_rot(&w, cur, src, 0);
            cur = &t;
        }
        if (out_col) out_col[j] = (uint32_t)(w.p - row - 4);
        if (out) out[j] = t.v;
    }
    return (size_t)(w.p - row);
}

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    const bl_layout *L = a->params;
    const size_t wd = a->width;
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(static) if (threads > 1 && n > 1)
    for (size_t i = 0; i < n; i++)
        trace_row(L->bp, inputs + i * HS_BLAKE_AIR_IN_WORDS, tr + i * wd, outputs ? outputs + i * L->bp->out_words : NULL,
                  NULL, NULL);
    return 1;
}

/* ---------------------------------------------------------------- constraints and lookups */

#define FN eval_base
#define BL_LOOK 0
#include "air/air_ops_base.h"
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

#define FN eval_ext_body
#define BL_LOOK 0
#include "air/air_ops_ext.h"
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

#define FN look_base
#define BL_LOOK 1
#include "air/air_ops_base.h"
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

#define FN look_ext_body
#define BL_LOOK 1
#include "air/air_ops_ext.h"
#include "air/blake_limb_air_eval.inc"
#undef BL_LOOK

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out) {
    (void)next, (void)periodic;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    eval_base(a->params, local, &b, NULL);
    *out = hs_air_acc_base_finish(&b);
}

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *periodic,
                       const hs_kb *pow) {
    (void)next, (void)periodic;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    eval_ext_body(a->params, local, &e, NULL);
    return e.acc;
}

static void lookup_row(const hs_air *a, const hs_kb *local, hs_kb *vals) { look_base(a->params, local, NULL, vals); }

static void lookup_ext(const hs_air *a, unsigned d, const hs_kbe *local, hs_kbe *vals) {
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, NULL);
    look_ext_body(a->params, local, &e, vals);
}

/* 16 rows: blake_limb_air_avx512.c */
HS_AIR_LOCAL_ROWS16(hs_blake_limb_air_eval)

#ifdef HS_HAVE_AVX2
hs_air_rows8_local_fn hs_blake_limb_air_eval_rows8_avx2;
#define BL_ROWS8 hs_blake_limb_air_eval_rows8_avx2
#else
#define BL_ROWS8 NULL
#endif

static void eval_rows8(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                       const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[8]) {
    hs_air_eval_rows8_local(BL_ROWS8, a, d, local, next, periodic, pow, scratch, out);
}

#ifdef HS_HAVE_AVX2
hs_air_lookup8_local_fn hs_blake_limb_air_lookup_rows8_avx2;
#define BL_LOOK8 hs_blake_limb_air_lookup_rows8_avx2
#else
#define BL_LOOK8 NULL
#endif

static void lookup_rows8(const hs_air *a, const hs_kb *const local[8], void *scratch, hs_kb *vals8) {
    hs_air_lookup_rows8_local(BL_LOOK8, a, local, scratch, vals8);
}

static const hs_air_ops ops = {trace,      eval_row,   hs_air_rows8_local_scratch, eval_rows8, eval_ext, NULL,
                               lookup_row, lookup_ext};

/* ---------------------------------------------------------------- the layout, walked once */

static bl_layout layouts[2];
static pthread_once_t layouts_once = PTHREAD_ONCE_INIT;

static void build_layout(bl_layout *L, const hs_blake_air_params *bp) {
    static hs_kb row[8192];
    uint32_t in[HS_BLAKE_AIR_IN_WORDS] = {0};
    memset(L, 0, sizeof *L);
    L->bp = bp;
    L->width = trace_row(bp, in, row, NULL, L->count, L->out_col);
    L->n_constraints = (size_t)8 * 8 * bp->rounds;
    static const hs_air_table tabs[BT_N] = {
        {HS_AIR_TABLE_XOR, 8}, {HS_AIR_TABLE_XOR, 4}, {HS_AIR_TABLE_XOR, 7}, {HS_AIR_TABLE_XOR, 9}, {HS_AIR_TABLE_RANGE, 16}};
    uint32_t s = 0;
    for (unsigned t = 0; t < BT_N; t++) {
        L->start[t] = s;
        s += L->count[t];
        if (L->count[t]) L->runs[L->n_runs++] = (hs_air_lookup_run){tabs[t], L->count[t]};
    }
    /* inputs: limbs; outputs: their bytes */
    L->binds[0] = (hs_air_bind){.io = 0, .shift = 0, .len = 16, .col_bits = 16, .count = HS_BLAKE_AIR_IN_WORDS, .col = 0,
                                .word_step = 2, .col_step = 1};
    L->binds[1] = (hs_air_bind){.io = 0, .shift = 16, .len = 16, .col_bits = 16, .count = HS_BLAKE_AIR_IN_WORDS, .col = 1,
                                .word_step = 2, .col_step = 1};
    L->n_binds = 2;
    for (unsigned j = 0; j < bp->out_words; j++)
        for (unsigned h = 0; h < 2; h++)
            L->binds[L->n_binds++] = (hs_air_bind){.io = 1, .shift = (uint8_t)(16 * h), .len = 16, .col_bits = 8,
                                                   .word = (uint16_t)j, .count = 1, .col = L->out_col[j] + 2 * h,
                                                   .word_step = 0, .col_step = 1};
}

static void build_layouts(void) {
    build_layout(&layouts[0], hs_blake_air_blake3());
    build_layout(&layouts[1], hs_blake_air_blake2s());
}

int hs_blake_limb_air_init(hs_air *a, const hs_blake_air_params *bp, unsigned log_v) {
    (void)log_v;
    pthread_once(&layouts_once, build_layouts);
    const bl_layout *L = bp == hs_blake_air_blake3() ? &layouts[0] : bp == hs_blake_air_blake2s() ? &layouts[1] : NULL;
    if (!L) return 0;
    memset(a, 0, sizeof *a);
    a->ops = &ops;
    a->eval_rows16 = eval_rows16;
    a->name = bp == hs_blake_air_blake3() ? "blake3" : "blake2s";
    a->id = bp == hs_blake_air_blake3() ? 8 : 9;
    a->params = L;
    a->v = 1;
    a->width = a->slot_stride = L->width;
    a->rows_per_inst = a->inst_per_row = 1;
    a->degree = 3;
    a->n_constraints = L->n_constraints;
    a->in_words = HS_BLAKE_AIR_IN_WORDS;
    a->out_words = bp->out_words;
    a->word_modulus = 0;
    a->binds = L->binds;
    a->n_binds = L->n_binds;
    a->min_log_rows = 10; /* xor9 (2^18 entries) in at most 256 columns */
    a->lookup_rows8 = lookup_rows8;
    a->lookup_runs = L->runs;
    a->n_lookup_runs = L->n_runs;
    for (unsigned r = 0; r < L->n_runs; r++) a->n_lookups += L->runs[r].count;
    return 1;
}

static int init_blake3(hs_air *a, unsigned log_v) { return hs_blake_limb_air_init(a, hs_blake_air_blake3(), log_v); }
static int init_blake2s(hs_air *a, unsigned log_v) { return hs_blake_limb_air_init(a, hs_blake_air_blake2s(), log_v); }

const hs_air_def hs_air_def_blake3_limbs = {8, "blake3",
                                            "BLAKE3 compression (7 rounds; 16-word output), 16-bit limbs with XOR lookups (LogUp)",
                                            0, init_blake3, "compressions"};
const hs_air_def hs_air_def_blake2s_limbs = {9, "blake2s",
                                             "BLAKE2s compression (10 rounds; h' = 8 words), 16-bit limbs with XOR lookups (LogUp)",
                                             0, init_blake2s, "compressions"};
