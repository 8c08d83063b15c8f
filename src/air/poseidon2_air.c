#include "air/poseidon2_air.h"

#include <stdlib.h>
#include <string.h>

#include "air/air_eval.h"
#include "air/record_air.h"
#include "util/cpu.h"

static void record(const void *pp, uint32_t *states, size_t n, uint32_t *rec) {
    hs_p2_permute_many_record(pp, states, n, rec, 1);
}

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    return hs_air_record_trace(a, record, inputs, n, tr, outputs, threads);
}

#define FN eval_base
#include "air/air_ops_base.h"
#include "air/poseidon2_air_eval.inc"

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *periodic,
                     const hs_kb *pow, hs_kbe *out) {
    (void)next, (void)periodic;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    eval_base(a->params, a->v, a->slot_stride, local, &b);
    *out = hs_air_acc_base_finish(&b);
}

#define FN eval_ext_body
#include "air/air_ops_ext.h"
#include "air/poseidon2_air_eval.inc"

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *periodic,
                       const hs_kb *pow) {
    (void)next, (void)periodic;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    eval_ext_body(a->params, a->v, a->slot_stride, local, &e);
    return e.acc;
}

HS_AIR_LOCAL_EVALUATORS(hs_p2air_eval)

static const hs_air_ops ops = {trace, eval_row, hs_air_rows8_local_scratch, eval_rows8, eval_ext, NULL, NULL, NULL};

int hs_p2air_init(hs_air *a, const hs_p2_params *pp, unsigned log_v) {
    memset(a, 0, sizeof *a);
    if (!pp || pp->field != &hs_mt_koalabear || pp->sbox != 3 || (pp->width != 16 && pp->width != 24)) return 0;
    const unsigned w = pp->width;
    if (!hs_air_record_init(a, &ops, w == 16 ? "poseidon2-kb16" : "poseidon2-kb24", w == 16 ? 1 : 2, pp, w,
                            HS_P2_REC_WORDS(pp), 8 * w + pp->partial, log_v, HS_P2AIR_MAX_LOG_V))
        return 0;
    a->eval_rows16 = eval_rows16;
    return 1;
}

static int init16(hs_air *a, unsigned log_v) { return hs_p2air_init(a, hs_p2_kb16(), log_v); }
static int init24(hs_air *a, unsigned log_v) { return hs_p2air_init(a, hs_p2_kb24(), log_v); }

const hs_air_def hs_air_def_poseidon2_kb16 = {1, "poseidon2-kb16", "Poseidon2 over KoalaBear, width 16 (x^3, 8 + 20 rounds)",
                                              HS_P2AIR_MAX_LOG_V, init16, "permutations"};
const hs_air_def hs_air_def_poseidon2_kb24 = {2, "poseidon2-kb24", "Poseidon2 over KoalaBear, width 24 (x^3, 8 + 23 rounds)",
                                              HS_P2AIR_MAX_LOG_V, init24, "permutations"};
