#include "air/record_air.h"

#include <string.h>

#include "field/kb.h"
#include "util/cpu.h"

int hs_air_record_trace(const hs_air *a, hs_air_record_fn *fn, const uint32_t *inputs, size_t n, hs_kb *tr,
                        uint32_t *outputs, unsigned threads) {
    enum { CHUNK = 256 };
    const size_t w = a->in_words, rw = a->slot_stride, items = (n + CHUNK - 1) / CHUNK;
    if (w > HS_AIR_RECORD_MAX_WIDTH) return 0;
    (void)hs_cpu_has_avx2(); /* resolve detection before the threads start */
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(static) if (threads > 1 && items > 1)
    for (size_t it = 0; it < items; it++) {
        hs_kb s[CHUNK * HS_AIR_RECORD_MAX_WIDTH];
        const size_t lo = it * CHUNK, cnt = n - lo < CHUNK ? n - lo : CHUNK;
        for (size_t i = 0; i < cnt * w; i++) s[i] = hs_kb_from_u32(inputs[lo * w + i]);
        fn(a->params, s, cnt, tr + lo * rw);
        if (outputs)
            for (size_t i = 0; i < cnt * w; i++) outputs[lo * w + i] = hs_kb_to_u32(s[i]);
    }
    return 1;
}

#define BINDS(w, rec)                                                                                      \
    {                                                                                                      \
        {.io = 0, .len = 32, .col_bits = 32, .count = w, .col = 0, .word_step = 1, .col_step = 1},         \
        {.io = 1, .len = 32, .col_bits = 32, .count = w, .col = (rec) - (w), .word_step = 1, .col_step = 1}, \
    }
/* 9w + P words: Poseidon2's and Poseidon1's records, P = 20 (width 16) or 23 (width 24) */
static const hs_air_bind binds[2][2] = {BINDS(16, 9 * 16 + 20), BINDS(24, 9 * 24 + 23)};

int hs_air_record_init(hs_air *a, const hs_air_ops *ops, const char *name, unsigned id, const void *params,
                       unsigned w, unsigned rec, size_t n_cons, unsigned log_v, unsigned max_log_v) {
    memset(a, 0, sizeof *a);
    const hs_air_bind *b = NULL;
    for (unsigned i = 0; i < 2; i++)
        if (binds[i][0].count == w && binds[i][1].col + w == rec) b = binds[i];
    if (log_v > max_log_v || !b) return 0;
    const unsigned v = 1u << log_v;
    a->ops = ops;
    a->name = name;
    a->id = id;
    a->params = params;
    a->v = v;
    a->slot_stride = rec;
    a->width = (size_t)v * rec;
    a->rows_per_inst = 1;
    a->inst_per_row = v;
    a->degree = 3;
    a->n_constraints = (size_t)v * n_cons;
    a->in_words = a->out_words = w;
    a->word_modulus = HS_KB_P;
    a->binds = b;
    a->n_binds = 2;
    return 1;
}
