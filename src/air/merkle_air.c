/* The Merkle branches AIR (merkle_air.h): per-depth tables, the trace, the base-field and
 * challenge-field instantiations of merkle_air_eval.inc, and the 64 registry entries. */
#include "air/merkle_air.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "air/air_eval.h"
#include "hash/poseidon2_monty31.h"
#include "util/bits.h"
#include "util/cpu.h"

typedef struct {
    const hs_p2_params *pp;
    unsigned depth, log_r;
} mb_params;

/* Filled once, for every depth: the parameters, the bindings (leaf, d bits, root) and the
 * selector column (period R). */
static mb_params params[HS_MBAIR_MAX_DEPTH];
static hs_air_bind binds[HS_MBAIR_MAX_DEPTH][HS_MBAIR_MAX_DEPTH + 2];
static hs_kb sel[HS_MBAIR_MAX_DEPTH][HS_MBAIR_MAX_DEPTH];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_tables(void) {
    const hs_p2_params *pp = hs_p2_kb16();
    for (unsigned d = 1; d <= HS_MBAIR_MAX_DEPTH; d++) {
        const unsigned lr = hs_ceil_log2(d), R = 1u << lr;
        params[d - 1] = (mb_params){pp, d, lr};
        hs_air_bind *b = binds[d - 1];
        size_t k = 0;
        b[k++] = (hs_air_bind){.io = 0, .len = 32, .col_bits = 32, .phase = 0, .word = 0, .count = HS_MBAIR_DIGEST,
                               .col = HS_MBAIR_CUR, .word_step = 1, .col_step = 1};
        for (unsigned i = 0; i < d; i++)
            b[k++] = (hs_air_bind){.io = 0, .shift = (uint8_t)(i % 16), .len = 1, .col_bits = 1, .phase = (uint16_t)i,
                                   .word = (uint16_t)(HS_MBAIR_DIGEST + i / 16), .count = 1, .col = HS_MBAIR_B,
                                   .word_step = 1, .col_step = 1};
        b[k++] = (hs_air_bind){.io = 1, .len = 32, .col_bits = 32, .phase = (uint16_t)(d - 1), .word = 0,
                               .count = HS_MBAIR_DIGEST, .col = HS_MBAIR_OUT, .word_step = 1, .col_step = 1};
        for (unsigned i = 0; i < R; i++) sel[d - 1][i] = i + 1 < d ? HS_KB_ONE : 0;
    }
}

unsigned hs_mbair_id(unsigned depth) {
    return depth >= 1 && depth <= HS_MBAIR_MAX_DEPTH ? HS_MBAIR_ID0 + depth - 1 : 0;
}

unsigned hs_mbair_depth(unsigned air_id) {
    return air_id >= HS_MBAIR_ID0 && air_id < HS_MBAIR_ID0 + HS_MBAIR_MAX_DEPTH ? air_id - HS_MBAIR_ID0 + 1 : 0;
}

void hs_mbair_line(uint32_t line[HS_MBAIR_IN_WORDS], const uint32_t leaf[HS_MBAIR_DIGEST], uint64_t idx) {
    memcpy(line, leaf, HS_MBAIR_DIGEST * sizeof *line);
    for (unsigned q = 0; q < 4; q++) line[HS_MBAIR_DIGEST + q] = (uint32_t)(idx >> (16 * q)) & 0xffffu;
}

/* ---- trace ---- */

static size_t bitrev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
}

/* The openings in blocks of BLOCK, level by level: each level's BLOCK compressions go through the
 * batch (SIMD) record kernel at once; the blocks are independent. Row (p R + i) of the natural
 * order is stored at index bitrev(p R + i) when rev. */
static int trace_any(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads,
                     int rev) {
    enum { BLOCK = 16 };
    const mb_params *mp = a->params;
    const hs_mbair_witness *wit = a->witness;
    if (!mp || !wit || !wit->siblings) return 0;
    const unsigned d = mp->depth, lr = mp->log_r, R = 1u << lr;
    const size_t W = a->width, blocks = (n + BLOCK - 1) / BLOCK;
    unsigned log_h = 0;
    while (((size_t)1 << log_h) < (n << lr)) log_h++;
    if (rev && (n << lr) != ((size_t)1 << log_h)) return 0;
    const hs_kb *sib = wit->siblings;
    (void)hs_cpu_has_avx2(); /* resolve detection before the threads start */
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(static) if (threads > 1 && blocks > 1)
    for (size_t blk = 0; blk < blocks; blk++) {
        uint32_t st[BLOCK * 16], rec[BLOCK * HS_MBAIR_REC];
        hs_kb cur[BLOCK][HS_MBAIR_DIGEST];
        uint64_t idx[BLOCK];
        const size_t p0 = blk * BLOCK, cnt = n - p0 < BLOCK ? n - p0 : BLOCK;
        for (size_t j = 0; j < cnt; j++) {
            const uint32_t *line = inputs + (p0 + j) * HS_MBAIR_IN_WORDS;
            for (unsigned l = 0; l < HS_MBAIR_DIGEST; l++) cur[j][l] = hs_kb_from_u32(line[l]);
            idx[j] = 0;
            for (unsigned q = 0; q < 4; q++) idx[j] |= (uint64_t)(line[HS_MBAIR_DIGEST + q] & 0xffffu) << (16 * q);
        }
        for (unsigned i = 0; i < R; i++) {
            for (size_t j = 0; j < cnt; j++) {
                const unsigned bit = i < d ? (unsigned)(idx[j] >> i) & 1 : 0;
                const hs_kb *s = i < d ? sib + ((p0 + j) * d + i) * HS_MBAIR_DIGEST : NULL;
                uint32_t *x = st + j * 16, *c = x + (bit ? HS_MBAIR_DIGEST : 0), *o = x + (bit ? 0 : HS_MBAIR_DIGEST);
                for (unsigned l = 0; l < HS_MBAIR_DIGEST; l++) c[l] = cur[j][l], o[l] = s ? s[l] : 0;
            }
            hs_p2_permute_many_record(mp->pp, st, cnt, rec, 1);
            for (size_t j = 0; j < cnt; j++) {
                const size_t r = (p0 + j) * R + i;
                hs_kb *row = tr + (rev ? bitrev(r, log_h) : r) * W;
                const unsigned bit = i < d ? (unsigned)(idx[j] >> i) & 1 : 0;
                memcpy(row, rec + j * HS_MBAIR_REC, HS_MBAIR_REC * sizeof *row);
                memcpy(row + HS_MBAIR_CUR, cur[j], sizeof cur[j]);
                row[HS_MBAIR_B] = bit ? HS_KB_ONE : 0;
                memcpy(cur[j], st + j * 16, sizeof cur[j]);
                if (i == d - 1 && outputs)
                    for (unsigned l = 0; l < HS_MBAIR_DIGEST; l++)
                        outputs[(p0 + j) * HS_MBAIR_OUT_WORDS + l] = hs_kb_to_u32(cur[j][l]);
            }
        }
    }
    return 1;
}

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    return trace_any(a, inputs, n, tr, outputs, threads, 0);
}

static int trace_bitrev(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs,
                        unsigned threads) {
    return trace_any(a, inputs, n, tr, outputs, threads, 1);
}

/* ---- constraints ---- */

#define FN p2_base
#include "air/air_ops_base.h"
#include "air/poseidon2_air_eval.inc"
#define FN mb_base
#define P2FN p2_base
#include "air/air_ops_base.h"
#include "air/merkle_air_eval.inc"

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out) {
    const mb_params *mp = a->params;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    mb_base(mp->pp, local, a->uses_next && next ? next + HS_MBAIR_CUR : NULL, periodic, &b);
    *out = hs_air_acc_base_finish(&b);
}

#define FN p2_ext
#include "air/air_ops_ext.h"
#include "air/poseidon2_air_eval.inc"
#define FN mb_ext
#define P2FN p2_ext
#include "air/air_ops_ext.h"
#include "air/merkle_air_eval.inc"

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *periodic,
                       const hs_kb *pow) {
    const mb_params *mp = a->params;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    mb_ext(mp->pp, local, a->uses_next && next ? next + HS_MBAIR_CUR : NULL, periodic, &e);
    return e.acc;
}

#ifdef HS_HAVE_AVX2
void hs_mbair_eval_rows8_avx2(const hs_p2_params *pp, unsigned d, const hs_kb *const local[8],
                              const hs_kb *const next[8], const hs_kb *periodic, const hs_kb *pow, void *scratch,
                              hs_kbe out[8]);
#endif
#ifdef HS_HAVE_AVX512
void hs_mbair_eval_rows16_avx512(const hs_p2_params *pp, unsigned d, const hs_kb *const local[16],
                                 const hs_kb *const next[16], const hs_kb *periodic, const hs_kb *pow, void *scratch,
                                 hs_kbe out[16]);
#endif

/* the vector evaluators' columns: the local row and the next row's cur columns, up to 16 lanes each */
static size_t rows8_scratch(const hs_air *a) { return (a->width + HS_MBAIR_DIGEST) * 64; }

static void eval_rows8(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                       const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[8]) {
#ifdef HS_HAVE_AVX2
    if (hs_cpu_has_avx2()) {
        const mb_params *mp = a->params;
        hs_mbair_eval_rows8_avx2(mp->pp, d, local, a->uses_next ? next : NULL, periodic, pow, scratch, out);
        return;
    }
#endif
    (void)scratch;
    hs_air_eval_rows8_scalar(a, d, local, next, periodic, pow, out);
}

static void eval_rows16(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                        const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[16]) {
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) {
        const mb_params *mp = a->params;
        hs_mbair_eval_rows16_avx512(mp->pp, d, local, a->uses_next ? next : NULL, periodic, pow, scratch, out);
        return;
    }
#endif
    hs_air_eval_rows16_halves(a, d, local, next, periodic, pow, scratch, out);
}

static const hs_air_ops ops = {.trace = trace,
                               .eval_row = eval_row,
                               .rows8_scratch_bytes = rows8_scratch,
                               .eval_rows8 = eval_rows8,
                               .eval_ext = eval_ext,
                               .trace_bitrev = trace_bitrev};

int hs_mbair_init(hs_air *a, unsigned depth) {
    memset(a, 0, sizeof *a);
    if (depth < 1 || depth > HS_MBAIR_MAX_DEPTH) return 0;
    pthread_once(&tables_once, init_tables);
    const mb_params *mp = &params[depth - 1];
    a->ops = &ops;
    a->eval_rows16 = eval_rows16;
    a->name = "merkle-branches/poseidon2-kb16";
    a->id = hs_mbair_id(depth);
    a->width = HS_MBAIR_WIDTH;
    a->rows_per_inst = 1u << mp->log_r;
    a->inst_per_row = 1;
    a->degree = 3;
    a->n_constraints = HS_MBAIR_CONSTRAINTS(depth);
    a->uses_next = depth > 1;
    a->n_periodic = depth > 1 ? 1 : 0;
    a->periodic_vals = sel[depth - 1];
    a->in_words = HS_MBAIR_IN_WORDS;
    a->out_words = HS_MBAIR_OUT_WORDS;
    a->word_modulus = HS_KB_P;
    a->value_bits = 32;
    a->binds = binds[depth - 1];
    a->n_binds = depth + 2;
    a->slot_stride = HS_MBAIR_WIDTH;
    a->params = mp;
    a->v = 1;
    return 1;
}

/* ---- the registry: one entry a depth ---- */

#define DEPTHS(X)                                                                                               \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19)  \
    X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) X(33) X(34) X(35) X(36)     \
    X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47) X(48) X(49) X(50) X(51) X(52) X(53)     \
    X(54) X(55) X(56) X(57) X(58) X(59) X(60) X(61) X(62) X(63) X(64)

#define INIT_FN(d)                                                                                              \
    static int init_##d(hs_air *a, unsigned log_v) {                                                            \
        (void)log_v;                                                                                            \
        return hs_mbair_init(a, d);                                                                             \
    }
DEPTHS(INIT_FN)
#undef INIT_FN

#define DEF(d) {HS_MBAIR_ID0 + (d) - 1, "merkle-branches/poseidon2-kb16",                                      \
                "Merkle branches of a depth-" #d " Poseidon2-KB16 tree (one compression a row)", 0, init_##d,    \
                "compressions"},
static const hs_air_def defs[HS_MBAIR_MAX_DEPTH] = {DEPTHS(DEF)};
#undef DEF

const hs_air_def *hs_mbair_def(unsigned air_id) {
    const unsigned d = hs_mbair_depth(air_id);
    return d ? &defs[d - 1] : NULL;
}
