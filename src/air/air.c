#include "air/air.h"

#include <stdlib.h>
#include <string.h>

#include "air/merkle_air.h"
#include "util/cpu.h"

/* Each AIR's definition lives beside its constraints. */
extern const hs_air_def hs_air_def_poseidon2_kb16, hs_air_def_poseidon2_kb24, hs_air_def_keccak_f1600;
extern const hs_air_def hs_air_def_blake3, hs_air_def_blake2s;
extern const hs_air_def hs_air_def_poseidon1_kb16, hs_air_def_poseidon1_kb24;
extern const hs_air_def hs_air_def_blake3_limbs, hs_air_def_blake2s_limbs;

static const hs_air_def *const defs[] = {
    &hs_air_def_poseidon2_kb16,
    &hs_air_def_poseidon2_kb24,
    &hs_air_def_keccak_f1600,
    &hs_air_def_blake3_limbs, /* "blake3": 16-bit limbs and LogUp XOR lookups (blake_limb_air.h says why) */
    &hs_air_def_blake2s_limbs,
    &hs_air_def_poseidon1_kb16,
    &hs_air_def_poseidon1_kb24,
    &hs_air_def_blake3, /* "blake3-bits": the bit-level layout, kept for comparison */
    &hs_air_def_blake2s,
};

size_t hs_air_count(void) { return sizeof defs / sizeof defs[0]; }
const hs_air_def *hs_air_at(size_t i) { return i < hs_air_count() ? defs[i] : NULL; }

const hs_air_def *hs_air_find(const char *name) {
    for (size_t i = 0; name && i < hs_air_count(); i++)
        if (!strcmp(defs[i]->name, name)) return defs[i];
    return NULL;
}

static const hs_air_def *test_def;
void hs_air_set_test_def(const hs_air_def *def) { test_def = def; }

const hs_air_def *hs_air_by_id(unsigned id) {
    if (hs_mbair_depth(id)) return hs_mbair_def(id);
    if (test_def && test_def->id == id) return test_def;
    for (size_t i = 0; i < hs_air_count(); i++)
        if (defs[i]->id == id) return defs[i];
    return NULL;
}

const char *hs_air_noun(const hs_air_def *def) { return def && def->noun ? def->noun : "permutations"; }

static int log2_exact(unsigned x) {
    int l = 0;
    if (!x || (x & (x - 1))) return -1;
    while ((1u << l) < x) l++;
    return l;
}

int hs_air_log_rows(const hs_air *a, unsigned log_insts) {
    int lr = log2_exact(a->rows_per_inst), lv = log2_exact(a->inst_per_row);
    if (lr < 0 || lv < 0 || (lr > 0 && lv > 0) || (unsigned)lv > log_insts) return -1;
    if (a->min_log_rows && (lr || lv)) return -1;
    if (log_insts < a->min_log_rows) return (int)a->min_log_rows;
    return (int)log_insts + lr - lv;
}

void hs_air_alpha_powers(unsigned d, hs_kbe alpha, size_t count, hs_kb *pow) {
    hs_kbe x = hs_kbe_one();
    for (size_t k = 0; k < count; k++) {
        memcpy(pow + k * d, x.c, d * sizeof *pow);
        x = hs_kbe_mul(d, x, alpha);
    }
}

void hs_air_eval_rows8_scalar(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                              const hs_kb *periodic, const hs_kb *pow, hs_kbe out[8]) {
    hs_kb per[64];
    for (unsigned j = 0; j < 8; j++) {
        for (unsigned c = 0; c < a->n_periodic && c < 64; c++) per[c] = periodic[c * 8 + j];
        a->ops->eval_row(a, d, local[j], a->uses_next ? next[j] : NULL, per, pow, &out[j]);
    }
}

size_t hs_air_rows8_local_scratch(const hs_air *a) { return a->width * 64; }

void hs_air_lookup_rows8_local(hs_air_lookup8_local_fn *kernel, const hs_air *a, const hs_kb *const local[8],
                               void *scratch, hs_kb *vals8) {
    if (kernel && hs_cpu_has_avx2()) {
        kernel(a, local, scratch, vals8);
        return;
    }
    /* the scratch (hs_air_rows8_local_scratch: 16 words a column) holds one row's 3 n_lookups
     * tuple values for the AIRs that use this (the BLAKE limb AIRs: 3 n_lookups < 2 width) */
    hs_kb *row = scratch;
    const size_t nv = 3 * a->n_lookups;
    for (unsigned j = 0; j < 8; j++) {
        a->ops->lookup_row(a, local[j], row);
        for (size_t k = 0; k < nv; k++) vals8[8 * k + j] = row[k];
    }
}

void hs_air_eval_rows8_local(hs_air_rows8_local_fn *kernel, const hs_air *a, unsigned d, const hs_kb *const local[8],
                             const hs_kb *const next[8], const hs_kb *periodic, const hs_kb *pow, void *scratch,
                             hs_kbe out[8]) {
    if (kernel && hs_cpu_has_avx2()) kernel(a, d, local, pow, scratch, out);
    else hs_air_eval_rows8_scalar(a, d, local, next, periodic, pow, out);
}

/* 1 if every lookup of the row is in its table */
static int lookups_hold(const hs_air *a, const hs_kb *row, hs_kb *vals) {
    a->ops->lookup_row(a, row, vals);
    size_t l = 0;
    for (unsigned r = 0; r < a->n_lookup_runs; r++)
        for (uint32_t c = 0; c < a->lookup_runs[r].count; c++, l++) {
            uint32_t v[3] = {hs_kb_to_u32(vals[3 * l]), hs_kb_to_u32(vals[3 * l + 1]), hs_kb_to_u32(vals[3 * l + 2])};
            if (hs_air_table_index(&a->lookup_runs[r].table, v) < 0) return 0;
        }
    return 1;
}

/* Rows [8h, 8h + 8) of 16 through eval_rows8, their periodic values regrouped by 8. */
void hs_air_eval_rows16_halves(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                               const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[16]) {
    hs_kb per8[HS_AIR_MAX_PERIODIC * 8];
    for (unsigned h = 0; h < 2; h++) {
        for (unsigned c = 0; c < a->n_periodic && c < HS_AIR_MAX_PERIODIC; c++)
            for (unsigned j = 0; j < 8; j++) per8[c * 8 + j] = periodic[c * 16 + 8 * h + j];
        if (a->ops->eval_rows8)
            a->ops->eval_rows8(a, d, local + 8 * h, next + 8 * h, per8, pow, scratch, out + 8 * h);
        else
            hs_air_eval_rows8_scalar(a, d, local + 8 * h, next + 8 * h, per8, pow, out + 8 * h);
    }
}

void hs_air_eval_rows16(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                        const hs_kb *periodic, const hs_kb *pow, void *scratch, hs_kbe out[16]) {
    if (a->eval_rows16) a->eval_rows16(a, d, local, next, periodic, pow, scratch, out);
    else hs_air_eval_rows16_halves(a, d, local, next, periodic, pow, scratch, out);
}

void hs_air_eval_rows16_local(hs_air_rows16_local_fn *kernel, const hs_air *a, unsigned d,
                              const hs_kb *const local[16], const hs_kb *const next[16], const hs_kb *periodic,
                              const hs_kb *pow, void *scratch, hs_kbe out[16]) {
    if (kernel && hs_cpu_has_avx512()) kernel(a, d, local, pow, scratch, out);
    else hs_air_eval_rows16_halves(a, d, local, next, periodic, pow, scratch, out);
}

size_t hs_air_first_failing_row(const hs_air *a, const hs_kb *trace, size_t n_rows, hs_kbe alpha) {
    const unsigned d = 5;
    hs_kb *pow = malloc(a->n_constraints * d * sizeof *pow);
    hs_kb *vals = a->n_lookups ? malloc(3 * a->n_lookups * sizeof *vals) : NULL;
    hs_kb per[64] = {0};
    size_t bad = 0;
    if (!pow || a->n_periodic > 64 || (a->n_lookups && !vals)) {
        free(pow), free(vals);
        return 0; /* cannot check: report row 0 as failing */
    }
    hs_air_alpha_powers(d, alpha, a->n_constraints, pow);
    for (bad = 0; bad < n_rows; bad++) {
        const hs_kb *local = trace + bad * a->width, *next = trace + ((bad + 1) % n_rows) * a->width;
        for (unsigned c = 0; c < a->n_periodic; c++)
            per[c] = a->periodic_vals[(size_t)c * a->rows_per_inst + bad % a->rows_per_inst];
        hs_kbe v;
        a->ops->eval_row(a, d, local, a->uses_next ? next : NULL, per, pow, &v);
        if (!hs_kbe_is_zero(v) || (vals && !lookups_hold(a, local, vals))) break;
    }
    free(pow), free(vals);
    return bad;
}

uint32_t hs_air_table_size(const hs_air_table *t) {
    return t->kind == HS_AIR_TABLE_RANGE ? 1u << t->bits : 1u << (2 * t->bits);
}

int hs_air_table_ok(const hs_air_table *t) {
    return (t->kind == HS_AIR_TABLE_RANGE && t->bits >= 1 && t->bits <= 16) ||
           (t->kind == HS_AIR_TABLE_XOR && t->bits >= 1 && t->bits <= 9);
}

void hs_air_table_entry(const hs_air_table *t, uint32_t e, uint32_t v[3]) {
    if (t->kind == HS_AIR_TABLE_RANGE) {
        v[0] = e, v[1] = v[2] = 0;
        return;
    }
    const uint32_t m = (1u << t->bits) - 1, a = e & m, b = e >> t->bits;
    v[0] = a, v[1] = b, v[2] = a ^ b;
}

int64_t hs_air_table_index(const hs_air_table *t, const uint32_t v[3]) {
    const uint32_t lim = 1u << t->bits;
    if (t->kind == HS_AIR_TABLE_RANGE) return v[0] < lim ? (int64_t)v[0] : -1;
    if (v[0] >= lim || v[1] >= lim || v[2] != (v[0] ^ v[1])) return -1;
    return (int64_t)(v[0] | v[1] << t->bits);
}
