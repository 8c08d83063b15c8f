#include "air/poseidon2_air.h"

#include <stdlib.h>
#include <string.h>

#include "air/air_eval.h"
#include "util/cpu.h"

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    /* Chunks of states copied to a small per-chunk buffer: no n-state scratch, and each chunk's
     * records are written once, in order. */
    enum { CHUNK = 256 };
    const hs_p2_params *pp = a->params;
    const size_t w = pp->width, rw = HS_P2_REC_WORDS(pp), items = (n + CHUNK - 1) / CHUNK;
    (void)hs_cpu_has_avx2(); /* resolve detection before the threads start */
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(static) if (threads > 1 && items > 1)
    for (size_t it = 0; it < items; it++) {
        hs_kb s[CHUNK * HS_P2_MAX_WIDTH];
        const size_t lo = it * CHUNK, cnt = n - lo < CHUNK ? n - lo : CHUNK;
        for (size_t i = 0; i < cnt * w; i++) s[i] = hs_kb_from_u32(inputs[lo * w + i]);
        hs_p2_permute_many_record(pp, s, cnt, tr + lo * rw, 1);
        if (outputs)
            for (size_t i = 0; i < cnt * w; i++) outputs[lo * w + i] = hs_kb_to_u32(s[i]);
    }
    return 1;
}

#define T hs_kb
#define ADD(x, y) hs_kb_add(x, y)
#define SUB(x, y) hs_kb_sub(x, y)
#define CUBE(x) hs_kb_cube(x)
#define MULC(x, c) hs_kb_mul(x, c)
#define ADDC(x, c) hs_kb_add(x, c)
#define EMIT(k, c) hs_air_acc_base_emit((hs_air_acc_base *)acc, k, c)
#define FN eval_base
#include "air/poseidon2_air_eval.inc"
#undef T
#undef ADD
#undef SUB
#undef CUBE
#undef MULC
#undef ADDC
#undef EMIT
#undef FN

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out) {
    (void)next, (void)periodic;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    eval_base(a->params, a->v, a->slot_stride, local, &b);
    *out = hs_air_acc_base_finish(&b);
}

static inline hs_kbe cube_ext(hs_kbe x, unsigned d) { return hs_kbe_mul(d, hs_kbe_square(d, x), x); }
#define T hs_kbe
#define ADD(x, y) hs_kbe_add(x, y)
#define SUB(x, y) hs_kbe_sub(x, y)
#define CUBE(x) cube_ext(x, ((hs_air_acc_ext *)acc)->d)
#define MULC(x, c) hs_kbe_mul_base(x, c)
#define ADDC(x, c) hs_kbe_add_base(x, c)
#define EMIT(k, c) hs_air_acc_ext_emit((hs_air_acc_ext *)acc, k, c)
#define FN eval_ext_body
#include "air/poseidon2_air_eval.inc"
#undef T
#undef ADD
#undef SUB
#undef CUBE
#undef MULC
#undef ADDC
#undef EMIT
#undef FN

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *periodic,
                       const hs_kb *pow) {
    (void)next, (void)periodic;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    eval_ext_body(a->params, a->v, a->slot_stride, local, &e);
    return e.acc;
}

#ifdef HS_HAVE_AVX2
hs_air_rows8_local_fn hs_p2air_eval_rows8_avx2;
#define P2_ROWS8 hs_p2air_eval_rows8_avx2
#else
#define P2_ROWS8 NULL
#endif

static void eval_rows8(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                       const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[8]) {
    hs_air_eval_rows8_local(P2_ROWS8, a, d, local, next, periodic, pow, scratch, out);
}

static const hs_air_ops ops = {trace, eval_row, hs_air_rows8_local_scratch, eval_rows8, eval_ext};

/* slot 0's bindings: input word j at column j, output word j at column rec - w + j */
#define P2_BINDS(w, rec)                                                                                   \
    {                                                                                                      \
        {.io = 0, .len = 32, .col_bits = 32, .count = w, .col = 0, .word_step = 1, .col_step = 1},         \
        {.io = 1, .len = 32, .col_bits = 32, .count = w, .col = rec - w, .word_step = 1, .col_step = 1},   \
    }
static const hs_air_bind binds16[2] = P2_BINDS(16, 9 * 16 + 20), binds24[2] = P2_BINDS(24, 9 * 24 + 23);

int hs_p2air_init(hs_air *a, const hs_p2_params *pp, unsigned log_v) {
    memset(a, 0, sizeof *a);
    if (!pp || pp->field != &hs_mt_koalabear || pp->sbox != 3 || log_v > HS_P2AIR_MAX_LOG_V) return 0;
    const unsigned w = pp->width, rec = HS_P2_REC_WORDS(pp), v = 1u << log_v;
    const hs_air_bind *b = w == 16 ? binds16 : w == 24 ? binds24 : NULL;
    if (!b || rec != b[1].col + w) return 0;
    a->ops = &ops;
    a->name = w == 16 ? "poseidon2-kb16" : "poseidon2-kb24";
    a->id = w == 16 ? 1 : 2;
    a->params = pp;
    a->v = v;
    a->slot_stride = rec;
    a->width = (size_t)v * rec;
    a->rows_per_inst = 1;
    a->inst_per_row = v;
    a->degree = 3;
    a->n_constraints = (size_t)v * (8 * w + pp->partial);
    a->in_words = a->out_words = w;
    a->word_modulus = HS_KB_P;
    a->binds = b;
    a->n_binds = 2;
    return 1;
}

static int init16(hs_air *a, unsigned log_v) { return hs_p2air_init(a, hs_p2_kb16(), log_v); }
static int init24(hs_air *a, unsigned log_v) { return hs_p2air_init(a, hs_p2_kb24(), log_v); }

const hs_air_def hs_air_def_poseidon2_kb16 = {1, "poseidon2-kb16", "Poseidon2 over KoalaBear, width 16 (x^3, 8 + 20 rounds)",
                                              HS_P2AIR_MAX_LOG_V, init16, "permutations"};
const hs_air_def hs_air_def_poseidon2_kb24 = {2, "poseidon2-kb24", "Poseidon2 over KoalaBear, width 24 (x^3, 8 + 23 rounds)",
                                              HS_P2AIR_MAX_LOG_V, init24, "permutations"};
