#include "air/poseidon2_air.h"

#include <stdlib.h>
#include <string.h>

#include "util/cpu.h"

int hs_p2air_init(hs_p2air *a, const hs_p2_params *pp, unsigned v) {
    memset(a, 0, sizeof *a);
    if (!pp || pp->field != &hs_mt_koalabear || pp->sbox != 3 || v == 0 || v > 64) return 0;
    a->pp = pp;
    a->v = v;
    a->rec = HS_P2_REC_WORDS(pp);
    a->width = (size_t)v * a->rec;
    a->n_constraints = (size_t)v * (8 * pp->width + pp->partial);
    return 1;
}

int hs_p2air_trace(const hs_p2air *a, const hs_kb *inputs, size_t n, hs_kb *trace, hs_kb *outputs,
                   unsigned threads) {
    /* Chunks of states copied to a small per-chunk buffer (or straight into outputs): no
     * n-state scratch, and each chunk's records are written once, in order. */
    enum { CHUNK = 256 };
    const size_t w = a->pp->width, rw = a->rec, items = (n + CHUNK - 1) / CHUNK;
    (void)hs_cpu_has_avx2(); /* resolve detection before the threads start */
#pragma omp parallel for num_threads(threads > 1 ? threads : 1) schedule(static) if (threads > 1 && items > 1)
    for (size_t it = 0; it < items; it++) {
        hs_kb buf[CHUNK * HS_P2_MAX_WIDTH];
        const size_t lo = it * CHUNK, cnt = n - lo < CHUNK ? n - lo : CHUNK;
        hs_kb *s = outputs ? outputs + lo * w : buf;
        memcpy(s, inputs + lo * w, cnt * w * sizeof *s);
        hs_p2_permute_many_record(a->pp, s, cnt, trace + lo * rw, 1);
    }
    return 1;
}

void hs_p2air_alpha_powers(const hs_p2air *a, unsigned d, hs_kbe alpha, hs_kb *pow) {
    hs_kbe x = hs_kbe_one();
    for (size_t k = 0; k < a->n_constraints; k++) {
        memcpy(pow + k * d, x.c, d * sizeof *pow);
        x = hs_kbe_mul(d, x, alpha);
    }
}

/* ---- prover: base-field rows; accumulate d coordinates lazily in 64 bits ---- */

typedef struct {
    unsigned d;
    const hs_kb *pow;
    uint64_t acc[HS_KBE_MAX];
} base_acc;

/* Keep each accumulator below M = p * 2^32, the bound REDC needs; a product is < p^2 < 2^62. */
#define HS_AIR_M ((uint64_t)HS_KB_P << 32)
static inline void emit_base(base_acc *b, size_t k, hs_kb c) {
    const hs_kb *a = b->pow + k * b->d;
    for (unsigned t = 0; t < b->d; t++) {
        uint64_t x = b->acc[t] + (uint64_t)a[t] * c;
        b->acc[t] = x >= HS_AIR_M ? x - HS_AIR_M : x;
    }
}

#define T hs_kb
#define ADD(x, y) hs_kb_add(x, y)
#define SUB(x, y) hs_kb_sub(x, y)
#define CUBE(x) hs_kb_cube(x)
#define MULC(x, c) hs_kb_mul(x, c)
#define ADDC(x, c) hs_kb_add(x, c)
#define EMIT(k, c) emit_base((base_acc *)acc, k, c)
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

void hs_p2air_eval_row(const hs_p2air *a, unsigned d, const hs_kb *row, const hs_kb *pow, hs_kbe *out) {
    base_acc b = {d, pow, {0}};
    eval_base(a, row, &b);
    *out = hs_kbe_zero();
    for (unsigned t = 0; t < d; t++) out->c[t] = hs_kb_redc(b.acc[t]);
}

/* ---- verifier: challenge-field values ---- */

typedef struct {
    unsigned d;
    const hs_kb *pow;
    hs_kbe acc;
} ext_acc;

static inline void emit_ext(ext_acc *e, size_t k, hs_kbe c) {
    hs_kbe a = hs_kbe_zero();
    memcpy(a.c, e->pow + k * e->d, e->d * sizeof *a.c);
    e->acc = hs_kbe_add(e->acc, hs_kbe_mul(e->d, a, c));
}

#define T hs_kbe
#define ADD(x, y) hs_kbe_add(x, y)
#define SUB(x, y) hs_kbe_sub(x, y)
#define CUBE(x) cube_ext(x, ((ext_acc *)acc)->d)
#define MULC(x, c) hs_kbe_mul_base(x, c)
#define ADDC(x, c) hs_kbe_add_base(x, c)
#define EMIT(k, c) emit_ext((ext_acc *)acc, k, c)
#define FN eval_ext
static inline hs_kbe cube_ext(hs_kbe x, unsigned d) { return hs_kbe_mul(d, hs_kbe_square(d, x), x); }
#include "air/poseidon2_air_eval.inc"
#undef T
#undef ADD
#undef SUB
#undef CUBE
#undef MULC
#undef ADDC
#undef EMIT
#undef FN

hs_kbe hs_p2air_eval_ext(const hs_p2air *a, unsigned d, const hs_kbe *row, const hs_kb *pow) {
    ext_acc e = {d, pow, hs_kbe_zero()};
    eval_ext(a, row, &e);
    return e.acc;
}

#ifdef HS_HAVE_AVX2
#include <immintrin.h>
void hs_p2air_eval_rows8_avx2(const hs_p2air *a, unsigned d, const hs_kb *rows, const hs_kb *pow, __m256i *buf,
                              hs_kbe out[8]);
#endif

size_t hs_p2air_rows8_scratch_bytes(const hs_p2air *a) { return a->width * 32; }

void hs_p2air_eval_rows8(const hs_p2air *a, unsigned d, const hs_kb *rows, const hs_kb *pow, void *scratch,
                         hs_kbe out[8]) {
#ifdef HS_HAVE_AVX2
    if (hs_cpu_has_avx2()) {
        hs_p2air_eval_rows8_avx2(a, d, rows, pow, scratch, out);
        return;
    }
#endif
    (void)scratch;
    for (unsigned j = 0; j < 8; j++) hs_p2air_eval_row(a, d, rows + j * a->width, pow, &out[j]);
}
