/* The piece sets and the layout of the BLAKE limb AIR (blake_limb_air.h), shared by its trace
 * (blake_limb_air.c) and its constraint source (blake_limb_air_eval.inc). Internal to src/air. */
#ifndef HS_AIR_BLAKE_LIMB_LAYOUT_H
#define HS_AIR_BLAKE_LIMB_LAYOUT_H

#include <stdint.h>

#include "air/air.h"
#include "air/blake_air.h"

/* Piece sets: the first bit and the width of each piece of a 32-bit word, in order. */
typedef struct {
    uint8_t n;
    uint8_t start[6], width[6];
} bl_set;

enum { BS_BYTES, BS_12, BS_7, BS_12OUT, BS_7OUT, BS_N };

static const bl_set bl_sets[BS_N] = {
    {4, {0, 8, 16, 24}, {8, 8, 8, 8}},
    {6, {0, 8, 12, 16, 24, 28}, {8, 4, 4, 8, 4, 4}},
    {4, {0, 7, 16, 23}, {7, 9, 7, 9}},
    {6, {0, 4, 12, 16, 20, 28}, {4, 8, 4, 4, 8, 4}}, /* B_12 rotated right by 12 */
    {4, {0, 9, 16, 25}, {9, 7, 9, 7}},               /* B_7 rotated right by 7 */
};

/* The set an XOR-rotate by r cuts its inputs into, and the set its output is then held in. */
static inline int bl_in_set(unsigned r) { return r == 12 ? BS_12 : r == 7 ? BS_7 : BS_BYTES; }
static inline int bl_out_set(unsigned r) { return r == 12 ? BS_12OUT : r == 7 ? BS_7OUT : BS_BYTES; }
/* The output piece that input piece q (of bl_in_set(r)) becomes. */
static inline unsigned bl_out_piece(unsigned r, unsigned q) {
    const bl_set *in = &bl_sets[bl_in_set(r)], *out = &bl_sets[bl_out_set(r)];
    const unsigned s = (in->start[q] + 32 - r) & 31;
    unsigned k = 0;
    while (out->start[k] != s) k++;
    return k;
}

/* Lookup tables, in the order of their runs. */
enum { BT_XOR8, BT_XOR4, BT_XOR7, BT_XOR9, BT_RANGE16, BT_N };
static inline unsigned bl_xor_table(unsigned width) {
    return width == 8 ? BT_XOR8 : width == 4 ? BT_XOR4 : width == 7 ? BT_XOR7 : BT_XOR9;
}

/* What one walk of the layout finds (hs_blake_limb_air_init). */
typedef struct {
    const hs_blake_air_params *bp;
    size_t width, n_constraints;
    uint32_t count[BT_N], start[BT_N]; /* lookups per table; table t's first lookup */
    uint32_t out_col[16];              /* output word j's 4 bytes at out_col[j] .. + 3 */
    hs_air_lookup_run runs[BT_N];
    unsigned n_runs;
    hs_air_bind binds[4 + 32];
    unsigned n_binds;
} bl_layout;

#endif
