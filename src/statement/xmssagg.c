/* XMSS aggregation by GKR + WHIR: layout, prover, verifier (xmssagg.h has the protocol). */
#include "statement/xmssagg.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash/blake3.h"
#include "poly/mle.h"
#include "proof/frame.h"
#include "sumcheck/sumcheck.h"
#include "util/bits.h"
#include "util/mem.h"
#include "util/timer.h"
#include "util/verify.h"

#define XA_VERSION 2u
#define XA_BACKEND 2u
#define XA_EXT 5u
#define XA_HEADER 35
#define XA_TAG "hashsnark/gkr/xmss-agg/v2"
#define LOG_COLS 6 /* committed columns: 32 for the lower half of the slots, 32 for the upper */
#define NCOLS (1u << LOG_COLS)
#define HCOLS 32u /* the columns of one half: */
#define COL_X 0u  /* 16 input lanes */
#define COL_Y 16u /* 12 output lanes (P(X), lanes 0..11) */
#define COL_A 28u /* the auxiliary column */
#define NY 12u
#define ZC_DEG 3
#define NONE UINT32_MAX
#define MAX_TRIES_WHY 200

typedef hs_kb5 K;

/* ---- shape and header ---- */

/* Bits and inverses the auxiliary column holds in padding slots (the limb decomposition). */
static unsigned digits_in_limb(const hs_xmss_scheme *sc, unsigned k) {
    const unsigned per = sc->limb_bits / sc->w_bits;
    return k * per >= sc->v ? 0 : (sc->v - k * per < per ? sc->v - k * per : per);
}
/* The digest limbs decomposed: those checked against p - 1 (they hold every digit). */
static unsigned n_limbs(const hs_xmss_scheme *sc) { return sc->limbs_checked; }
static unsigned high_bits(const hs_xmss_scheme *sc) { return 31u - sc->limb_bits; }
static unsigned aux_bits(const hs_xmss_scheme *sc) {
    unsigned b = 0;
    for (unsigned k = 0; k < n_limbs(sc); k++) b += sc->limb_bits - sc->w_bits * digits_in_limb(sc, k) + high_bits(sc);
    return b;
}

/* What the wiring assumes of a scheme (both leanVM KoalaBear forms hold it): the encoding, chain
 * and Merkle calls are compressions (feed-forward), the leaf's may be raw permutations; the
 * checked limbs hold every digit; results are read from lanes below NY. */
static int scheme_supported(const hs_xmss_scheme *sc, const char **why) {
    const unsigned per = sc->limb_bits / sc->w_bits;
    if (!sc->call[HS_XK_ENC0].feed_forward || !sc->call[HS_XK_ENC1].feed_forward ||
        !sc->call[HS_XK_CHAIN].feed_forward || !sc->call[HS_XK_MERKLE].feed_forward)
        return *why = "the aggregation statement needs compressions for the encoding, chain and Merkle calls", 0;
    if (sc->limbs_checked > 8 || sc->limbs_checked * per < sc->v || sc->limb_bits != 24 || sc->leaf_ends != 2 ||
        sc->digest != 4 || sc->v % 2 || sc->call[HS_XK_ENC1].out_lane != 0 || sc->call[HS_XK_CHAIN].out_lane ||
        sc->call[HS_XK_MERKLE].out_lane || sc->call[HS_XK_LEAF].out_lane + sc->digest > NY)
        return *why = "the aggregation statement does not support this scheme's encoding", 0;
    return 1;
}

int hs_xa_shape_make(hs_xa_shape *s, const hs_preset *p, const hs_xmss_scheme *sc, size_t n_sigs, const char **why) {
    memset(s, 0, sizeof *s);
    if (!p) return *why = "unknown preset", 0;
    if (!sc) return *why = "unknown scheme", 0;
    if (!scheme_supported(sc, why)) return 0;
    if (n_sigs < 1) return *why = "no signatures", 0;
    if (n_sigs > ((size_t)1 << HS_XA_MAX_LOG_SIGS)) return *why = "too many signatures (at most 2^14 in one proof)", 0;
    const size_t need = hs_xmss_slots(sc) + aux_bits(sc) + n_limbs(sc);
    s->preset = p, s->scheme = sc, s->n_sigs = n_sigs;
    for (size_t i = 0; i < hs_xmss_scheme_count(); i++)
        if (hs_xmss_scheme_at(i) == sc) s->scheme_index = (unsigned)i;
    s->nu = hs_ceil_log2(n_sigs), s->ls = hs_ceil_log2(need), s->n = s->nu + s->ls;
    if (s->n > HS_GKR_MAX_LOG) return *why = "too many signatures (the rows exceed 2^24)", 0;
    /* the walked tables: the used slots rounded up to 2^HS_XA_MIN_TABLE, as decreasing powers of
     * two of at most 2^(ls - 1) slots (half a committed column: no table straddles the halves) */
    const size_t unit = (size_t)1 << HS_XA_MIN_TABLE;
    size_t left = (hs_xmss_slots(sc) + unit - 1) / unit * unit, off = 0;
    for (unsigned k = s->ls - 1; left && k >= HS_XA_MIN_TABLE; k--)
        while (left >= ((size_t)1 << k)) {
            if (s->n_tab == HS_XA_MAX_TABLES || s->ls <= HS_XA_MIN_TABLE)
                return *why = "the aggregation statement does not support this scheme's slot count", 0;
            s->tab_k[s->n_tab] = k, s->tab_off[s->n_tab++] = (unsigned)off;
            off += (size_t)1 << k, left -= (size_t)1 << k;
        }
    if (left || !s->n_tab || s->tab_k[0] + 1 != s->ls) return *why = "the aggregation statement does not support this scheme's slot count", 0;
    hs_gkr_whir_config(p, &s->whir);
    return 1;
}

static void header_bytes(const hs_xa_shape *s, uint8_t out[XA_HEADER]) {
    hs_writer w = {0};
    const hs_frame fr = {XA_VERSION, XA_BACKEND, (uint8_t)s->preset->id, HS_GKR_P1_KB16, HS_XA_STATEMENT};
    hs_frame_write(&w, &fr);
    hs_w_u8(&w, (uint8_t)s->scheme_index);
    hs_w_u32(&w, (uint32_t)s->n_sigs);
    hs_w_u8(&w, (uint8_t)s->nu);
    hs_w_u8(&w, (uint8_t)s->ls);
    hs_w_u8(&w, XA_EXT);
    hs_w_u8(&w, HS_GKR_SKIP);
    hs_gkr_write_whir_config(&w, &s->whir);
    memset(out, 0, XA_HEADER);
    if (!w.err && w.len == XA_HEADER) memcpy(out, w.data, XA_HEADER);
    hs_w_free(&w);
}

static int parse_header(hs_reader *r, hs_xa_shape *s, const char **why) {
    const uint8_t *start = r->p;
    hs_frame fr;
    if (!hs_frame_read(r, &fr, why)) return 0;
    const unsigned scheme = hs_r_u8(r);
    const uint32_t n_sigs = hs_r_u32(r);
    uint8_t rest[XA_HEADER - 21];
    hs_r_bytes(r, rest, sizeof rest);
    if (r->err) return *why = "truncated header", 0;
    if (fr.version != XA_VERSION) return *why = "unsupported proof version", 0;
    if (fr.backend != XA_BACKEND) return *why = "not a gkr proof (backend byte)", 0;
    if (fr.statement != HS_XA_STATEMENT) return *why = "not an XMSS aggregation proof (statement byte)", 0;
    if (fr.hash != HS_GKR_P1_KB16) return *why = "unsupported permutation (XMSS aggregation proves poseidon1-kb16)", 0;
    const hs_xmss_scheme *sc = hs_xmss_scheme_at(scheme);
    if (!sc) return *why = "unknown XMSS scheme byte", 0;
    if (!hs_xa_shape_make(s, hs_preset_by_id(fr.preset), sc, n_sigs, why)) return 0;
    uint8_t expect[XA_HEADER];
    header_bytes(s, expect);
    if (memcmp(expect, start, XA_HEADER)) return *why = "parameters do not match the preset", 0;
    return 1;
}

HS_FRAME_PEEK_FN(hs_xa_peek, hs_xa_shape, parse_header)

/* The slots the walks prove (the tables' union, from slot 0). */
static size_t xa_walked(const hs_xa_shape *s) {
    return (size_t)s->tab_off[s->n_tab - 1] + ((size_t)1 << s->tab_k[s->n_tab - 1]);
}

/* ---- the slot table: where every input lane of every slot comes from ---- */

enum { L_FREE = 0, L_CONST, L_PARAM, L_PREV, L_SENT };
enum { R_FREE = 0, R_SENT, R_DER };

typedef struct {
    uint8_t kind;
    uint8_t arg;  /* L_PARAM: parameter lane; L_PREV: the source's result lane */
    hs_kb v;      /* L_CONST */
} lane_desc;

typedef struct {
    uint8_t kind; /* hs_xmss_kind; HS_XK_COUNT for a padding slot */
    uint16_t index, pos;
    uint32_t src; /* L_PREV lanes: the slot whose result they read */
    lane_desc x[HS_XMSS_WIDTH];
} slot_desc;

typedef struct {
    uint32_t m, s; /* multiplier slice (NONE: a linear term), slice (NONE: the constant 1) */
    K c;
} term;

typedef struct {
    const hs_xa_shape *sh;
    const hs_xmss_scheme *sc;
    size_t S, SL, SH;    /* slots used, slots per signature (2^ls), in one committed half (2^(ls - 1)) */
    size_t pad0;         /* first padding slot: the aux bits, then the inverses */
    unsigned nbits;
    slot_desc *sd;       /* SL entries */
    uint8_t *role;       /* NCOLS x SH (IX) */
    size_t n_sent, n_checked;
    term *t;
    size_t nt, cap;
} xa_ctx;

/* The index of slice (col, a) in the commitment's column-and-slot order: committed column
 * col + 32 h (h: the slot's half), slot a mod 2^(ls - 1). */
static inline uint32_t IX(const xa_ctx *c, unsigned col, size_t a) {
    return (uint32_t)((col + HCOLS * (a / c->SH)) * c->SH + a % c->SH);
}
static size_t chain_slot(const xa_ctx *c, unsigned i, unsigned s) {
    return hs_xmss_slot_first(c->sc, HS_XK_CHAIN) + (size_t)i * (hs_xmss_chain_len(c->sc) - 1) + s;
}
static size_t leaf_slot(const xa_ctx *c, unsigned k) { return hs_xmss_slot_first(c->sc, HS_XK_LEAF) + k; }

static hs_kb tweak0(const hs_xmss_scheme *s, unsigned type, unsigned sub, uint64_t index) {
    return hs_kb_from_u64(((uint64_t)type << s->tw_type_shift) + ((index >> s->tw_lo_bits) << s->tw_hi_shift) + sub);
}

/* The message elements (element form: little-endian u32 words; a byte message: its hash, which
 * the verifier computes natively). 0 when one is not canonical. */
static int msg_elems(const hs_xmss_scheme *sc, const uint8_t *msg, hs_kb *out) {
    if (sc->msg_limbs) {
        uint32_t e[HS_XMSS_MAX_MSG_LIMBS];
        hs_xmss_message_elems(sc, msg, e);
        for (unsigned i = 0; i < sc->msg_elems; i++) out[i] = hs_kb_from_u32(e[i]);
        return 1;
    }
    for (unsigned i = 0; i < sc->msg_elems; i++) {
        const uint32_t m = (uint32_t)msg[4 * i] | (uint32_t)msg[4 * i + 1] << 8 | (uint32_t)msg[4 * i + 2] << 16 |
                           (uint32_t)msg[4 * i + 3] << 24;
        if (m >= HS_KB_P) return 0;
        out[i] = hs_kb_from_u32(m);
    }
    return 1;
}

static void ctx_free(xa_ctx *c) {
    free(c->sd), free(c->role), free(c->t);
    memset(c, 0, sizeof *c);
}

static int add_term(xa_ctx *c, uint32_t m, uint32_t s, K k) {
    if (c->nt == c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 1024;
        term *t = realloc(c->t, nc * sizeof *t);
        if (!t) return 0;
        c->t = t, c->cap = nc;
    }
    c->t[c->nt++] = (term){m, s, k};
    return 1;
}

/* The aux slot of bit b of limb k's decomposition (spare bits then high bits, limb after limb). */
static size_t limb_bit_base(const xa_ctx *c, unsigned k) {
    size_t b = 0;
    for (unsigned j = 0; j < k; j++) b += c->sc->limb_bits - c->sc->w_bits * digits_in_limb(c->sc, j) + high_bits(c->sc);
    return c->pad0 + b;
}

/* Builds the slot table and the roles. */
static int ctx_init(xa_ctx *c, const hs_xa_shape *sh, uint32_t epoch, const hs_kb *msg) {
    memset(c, 0, sizeof *c);
    const hs_xmss_scheme *sc = sh->scheme;
    c->sh = sh, c->sc = sc, c->S = hs_xmss_slots(sc), c->SL = (size_t)1 << sh->ls, c->SH = c->SL / 2, c->pad0 = c->S;
    c->nbits = aux_bits(sc);
    c->sd = calloc(c->SL, sizeof *c->sd), c->role = calloc((size_t)NCOLS * c->SH, 1);
    if (!c->sd || !c->role) return 0;
    const unsigned steps = hs_xmss_chain_len(sc) - 1, d = sc->digest;
    for (size_t a = 0; a < c->SL; a++) c->sd[a].kind = HS_XK_COUNT;
    for (unsigned k = HS_XK_ENC0; k < HS_XK_COUNT; k++) {
        const size_t first = hs_xmss_slot_first(sc, (hs_xmss_kind)k);
        const size_t cnt = k == HS_XK_CHAIN ? (size_t)sc->v * steps : k == HS_XK_LEAF ? hs_xmss_leaf_steps(sc)
                           : k == HS_XK_MERKLE ? sc->height : 1;
        for (size_t j = 0; j < cnt; j++) {
            slot_desc *D = &c->sd[first + j];
            D->kind = (uint8_t)k;
            D->index = (uint16_t)(k == HS_XK_CHAIN ? j / steps : j), D->pos = (uint16_t)(k == HS_XK_CHAIN ? j % steps : 0);
            const hs_xmss_calldef *cd = &sc->call[k];
            unsigned sub = 0;
            uint64_t idx = epoch;
            if (k == HS_XK_CHAIN) sub = sc->chain_pos_stride * D->index + D->pos;
            if (k == HS_XK_MERKLE) sub = D->index + 1, idx = (uint64_t)epoch >> (D->index + 1);
            const int right = k == HS_XK_MERKLE && ((epoch >> D->index) & 1);
            D->src = k == HS_XK_ENC1 ? (uint32_t)hs_xmss_slot_first(sc, HS_XK_ENC0)
                     : k == HS_XK_LEAF ? (uint32_t)(j ? first + j - 1 : hs_xmss_slot_first(sc, HS_XK_LEAF0))
                     : k == HS_XK_MERKLE ? (uint32_t)(j ? first + j - 1 : leaf_slot(c, hs_xmss_leaf_steps(sc) - 1))
                                         : NONE;
            unsigned lane = 0;
            for (unsigned g = 0; g < HS_XMSS_MAX_SEGS && cd->seg[g].len; g++) {
                const hs_xmss_seg *sg = &cd->seg[g];
                for (unsigned q = 0; q < sg->len && lane < HS_XMSS_WIDTH; q++, lane++) {
                    lane_desc *L = &D->x[lane];
                    switch ((hs_xmss_src)sg->src) {
                    case HS_XS_ZERO: L->kind = L_CONST, L->v = hs_kb_zero(); break;
                    case HS_XS_CONST: L->kind = L_CONST, L->v = hs_kb_from_u32(sg->konst); break;
                    case HS_XS_TWEAK:
                        L->kind = L_CONST;
                        L->v = q == 0 ? tweak0(sc, cd->tweak_type, sub, idx)
                                      : hs_kb_from_u64(idx & ((1ull << sc->tw_lo_bits) - 1));
                        break;
                    case HS_XS_PARAM: L->kind = L_PARAM, L->arg = (uint8_t)q; break;
                    case HS_XS_MSG: L->kind = L_CONST, L->v = msg[q]; break;
                    case HS_XS_PREV: L->kind = L_PREV, L->arg = (uint8_t)q; break;
                    case HS_XS_LEFT:
                    case HS_XS_RIGHT: {
                        const int node = (sg->src == HS_XS_LEFT) != right; /* the wired child */
                        L->kind = node ? L_PREV : L_FREE;
                        L->arg = (uint8_t)(sc->call[j ? HS_XK_MERKLE : HS_XK_LEAF].out_lane + q);
                        break;
                    }
                    case HS_XS_VALUE:
                    case HS_XS_END_A:
                    case HS_XS_END_B: L->kind = L_SENT; break;
                    default: L->kind = L_FREE; break; /* randomness; a byte message's limbs (the message
                                                         hash's result is not read: its elements are public) */
                    }
                }
            }
            /* roles: X lanes */
            for (unsigned l = 0; l < HS_XMSS_WIDTH; l++) {
                const unsigned kd = D->x[l].kind;
                c->role[IX(c, COL_X + l, first + j)] = kd == L_FREE ? R_FREE : kd == L_SENT ? R_SENT : R_DER;
            }
            /* Y lanes read by a check: the limbs, chain values, Merkle nodes (the root derived) */
            const unsigned ol = cd->out_lane;
            if (k == HS_XK_ENC1)
                for (unsigned l = 0; l < n_limbs(sc); l++) c->role[IX(c, COL_Y + ol + l, first + j)] = R_SENT;
            if (k == HS_XK_CHAIN || k == HS_XK_MERKLE)
                for (unsigned l = ol; l < ol + d; l++)
                    c->role[IX(c, COL_Y + l, first + j)] = k == HS_XK_MERKLE && j + 1 == cnt ? R_DER : R_SENT;
            if (k == HS_XK_CHAIN) c->role[IX(c, COL_A, first + j)] = R_SENT; /* the mask */
        }
    }
    /* Y lanes another slot reads (copies) */
    for (size_t a = 0; a < c->S; a++)
        for (unsigned l = 0; l < HS_XMSS_WIDTH; l++)
            if (c->sd[a].x[l].kind == L_PREV && c->role[IX(c, COL_Y + c->sd[a].x[l].arg, c->sd[a].src)] == R_FREE)
                c->role[IX(c, COL_Y + c->sd[a].x[l].arg, c->sd[a].src)] = R_SENT;
    for (size_t b = 0; b < c->nbits + n_limbs(sc); b++) c->role[IX(c, COL_A, c->pad0 + b)] = R_SENT;
    for (size_t i = 0; i < (size_t)NCOLS * c->SH; i++) c->n_sent += c->role[i] == R_SENT, c->n_checked += c->role[i] != R_FREE;
    return 1;
}

/* The zerocheck's relations, each scaled by the next power of alpha (c->nt terms; *relations
 * may be NULL). */
static int ctx_terms(xa_ctx *c, K alpha, size_t *relations) {
    const hs_xmss_scheme *sc = c->sc;
    const unsigned steps = hs_xmss_chain_len(sc) - 1, d = sc->digest;
    size_t nrel = 0;
    c->nt = 0;
    K ap = hs_kb5_one();
#define NEXT() (ap = hs_kb5_mul(ap, alpha), nrel++)
#define T(m_, s_, k_) \
    if (!add_term(c, (m_), (s_), (k_))) return 0
    const unsigned ol = sc->call[HS_XK_CHAIN].out_lane;
    unsigned val_lane = 0, end_lane[2] = {0, 0};
    for (unsigned l = 0; l < HS_XMSS_WIDTH; l++)
        if (c->sd[chain_slot(c, 0, 0)].x[l].kind == L_SENT) {
            val_lane = l;
            break;
        }
    {
        const hs_xmss_calldef *lf = &sc->call[HS_XK_LEAF];
        unsigned lane = 0;
        for (unsigned g = 0; g < HS_XMSS_MAX_SEGS && lf->seg[g].len; g++) {
            if (lf->seg[g].src == HS_XS_END_A) end_lane[0] = lane;
            if (lf->seg[g].src == HS_XS_END_B) end_lane[1] = lane;
            lane += lf->seg[g].len;
        }
    }
    for (unsigned i = 0; i < sc->v; i++) {
        const size_t c0 = chain_slot(c, i, 0);
        /* X value(i, s) - tip - m(i, s-1) (out(i, s-1) - tip) = 0; the end likewise into the leaf */
        for (unsigned s = 1; s <= steps; s++) {
            const size_t prev = chain_slot(c, i, s - 1);
            const uint32_t m = IX(c, COL_A, prev);
            for (unsigned j = 0; j < d; j++) {
                const uint32_t tip = IX(c, COL_X + val_lane + j, c0);
                const uint32_t dst = s < steps ? IX(c, COL_X + val_lane + j, chain_slot(c, i, s))
                                               : IX(c, COL_X + end_lane[i % 2] + j, leaf_slot(c, i / 2));
                T(NONE, dst, ap);
                T(NONE, tip, hs_kb5_neg(ap));
                T(m, IX(c, COL_Y + ol + j, prev), hs_kb5_neg(ap));
                T(m, IX(c, COL_X + ol + j, prev), hs_kb5_neg(ap));
                T(m, tip, ap);
                NEXT();
            }
        }
        for (unsigned s = 0; s < steps; s++) {
            const uint32_t m = IX(c, COL_A, chain_slot(c, i, s));
            /* boolean: m - m m */
            T(NONE, m, ap);
            T(m, m, hs_kb5_neg(ap));
            NEXT();
            if (s + 1 < steps) { /* monotone: m(s) (1 - m(s+1)) */
                T(NONE, m, ap);
                T(m, IX(c, COL_A, chain_slot(c, i, s + 1)), hs_kb5_neg(ap));
                NEXT();
            }
        }
    }
    for (size_t b = 0; b < c->nbits; b++) {
        const uint32_t m = IX(c, COL_A, c->pad0 + b);
        T(NONE, m, ap);
        T(m, m, hs_kb5_neg(ap));
        NEXT();
    }
    const unsigned hb = high_bits(sc);
    for (unsigned k = 0; k < n_limbs(sc); k++) { /* (high_k - 127) inv_k - 1 = 0 */
        const size_t base = limb_bit_base(c, k) + sc->limb_bits - sc->w_bits * digits_in_limb(sc, k);
        const uint32_t inv = IX(c, COL_A, c->pad0 + c->nbits + k);
        for (unsigned t = 0; t < hb; t++) T(inv, IX(c, COL_A, base + t), hs_kb5_mul_base(ap, hs_kb_from_u32(1u << t)));
        T(inv, NONE, hs_kb5_neg(hs_kb5_mul_base(ap, hs_kb_from_u32((1u << hb) - 1))));
        T(NONE, NONE, hs_kb5_neg(ap));
        NEXT();
    }
#undef T
#undef NEXT
    if (relations) *relations = nrel;
    return 1;
}

/* ---- public evaluations ---- */

/* pp_j(r') and root_j(r'): the key list's MLE over the signature variables (keys >= N repeat key 0). */
static int keys_mle(const xa_ctx *c, const uint32_t *pk, const K *rp, K *ppv, K *rootv, unsigned threads) {
    const hs_xmss_scheme *sc = c->sc;
    const unsigned nu = c->sh->nu, pw = hs_xmss_pk_words(sc);
    const size_t P = (size_t)1 << nu;
    K *e = hs_mle_eq_new(rp, nu, threads);
    if (!e) return 0;
    for (unsigned j = 0; j < pw; j++) ppv[j] = hs_kb5_zero();
    for (size_t g = 0; g < P; g++) {
        const uint32_t *k = pk + (g < c->sh->n_sigs ? g : 0) * pw;
        for (unsigned j = 0; j < pw; j++) ppv[j] = hs_kb5_add(ppv[j], hs_kb5_mul_base(e[g], hs_kb_from_u32(k[j])));
    }
    hs_free(e);
    memcpy(rootv, ppv, sc->digest * sizeof *rootv);
    memmove(ppv, ppv + sc->digest, sc->param * sizeof *ppv);
    return 1;
}

/* Fills the derived values of V (the sent ones in place), slot by slot. */
static void derive(const xa_ctx *c, const K *ppv, const K *rootv, K *V) {
    const hs_xmss_scheme *sc = c->sc;
    for (size_t a = 0; a < c->S; a++) {
        const slot_desc *D = &c->sd[a];
        for (unsigned l = 0; l < HS_XMSS_WIDTH; l++) {
            const lane_desc *L = &D->x[l];
            K *v = &V[IX(c, COL_X + l, a)];
            if (L->kind == L_CONST) *v = hs_kb5_from_base(L->v);
            else if (L->kind == L_PARAM) *v = ppv[L->arg];
            else if (L->kind == L_PREV) { /* the source's result lane: P(x) + x (feed-forward) or P(x) */
                *v = V[IX(c, COL_Y + L->arg, D->src)];
                if (sc->call[c->sd[D->src].kind].feed_forward) *v = hs_kb5_add(*v, V[IX(c, COL_X + L->arg, D->src)]);
            }
        }
        if (D->kind == HS_XK_MERKLE && D->index + 1u == sc->height)
            for (unsigned j = 0; j < sc->digest; j++) {
                const unsigned l = sc->call[HS_XK_MERKLE].out_lane + j;
                V[IX(c, COL_Y + l, a)] = hs_kb5_sub(rootv[j], V[IX(c, COL_X + l, a)]);
            }
    }
}

/* The zerocheck's sum at the slice values V. */
static K zc_value(const xa_ctx *c, const K *V) {
    K acc = hs_kb5_zero();
    for (size_t i = 0; i < c->nt; i++) {
        const term *t = &c->t[i];
        K x = t->s == NONE ? t->c : hs_kb5_mul(t->c, V[t->s]);
        if (t->m != NONE) x = hs_kb5_mul(x, V[t->m]);
        acc = hs_kb5_add(acc, x);
    }
    return acc;
}

/* The linear checks at r': the target sum and every limb = its digits, spare bits and high bits. */
static int linear_checks(const xa_ctx *c, const K *V, const char **why) {
    const hs_xmss_scheme *sc = c->sc;
    const unsigned steps = hs_xmss_chain_len(sc) - 1;
    K sum = hs_kb5_zero();
    for (unsigned i = 0; i < sc->v; i++)
        for (unsigned s = 0; s < steps; s++) sum = hs_kb5_add(sum, V[IX(c, COL_A, chain_slot(c, i, s))]);
    if (!hs_kb5_eq(sum, hs_kb5_from_base(hs_kb_from_u32(steps * sc->v - sc->target_sum))))
        return *why = "target sum: the chains' masks do not add up to the steps a valid encoding makes", 0;
    const size_t e1 = hs_xmss_slot_first(sc, HS_XK_ENC1);
    const unsigned per = sc->limb_bits / sc->w_bits;
    for (unsigned k = 0; k < n_limbs(sc); k++) {
        const K limb = hs_kb5_add(V[IX(c, COL_X + k, e1)], V[IX(c, COL_Y + k, e1)]);
        K rhs = hs_kb5_zero();
        const unsigned nd = digits_in_limb(sc, k);
        for (unsigned j = 0; j < nd; j++) { /* digit = steps - sum_s m(i, s) */
            K dg = hs_kb5_from_base(hs_kb_from_u32(steps));
            for (unsigned s = 0; s < steps; s++) dg = hs_kb5_sub(dg, V[IX(c, COL_A, chain_slot(c, per * k + j, s))]);
            rhs = hs_kb5_add(rhs, hs_kb5_mul_base(dg, hs_kb_from_u32(1u << (sc->w_bits * j))));
        }
        const size_t base = limb_bit_base(c, k);
        const unsigned spare = sc->limb_bits - sc->w_bits * nd;
        for (unsigned t = 0; t < spare + high_bits(sc); t++)
            rhs = hs_kb5_add(rhs, hs_kb5_mul_base(V[IX(c, COL_A, base + t)], hs_kb_from_u32(1u << (sc->w_bits * nd + t))));
        if (!hs_kb5_eq(rhs, limb)) return *why = "encoding: a digest limb is not its digits, spare bits and high bits", 0;
    }
    return 1;
}

/* ---- transcript ---- */

static void transcript_start(hs_transcript *t, const uint8_t *hb, const xa_ctx *c, const uint32_t *pk, uint32_t epoch,
                             const hs_kb *msg, const uint8_t *msg_bytes) {
    hs_transcript_init(t, XA_TAG);
    hs_transcript_absorb(t, hb, XA_HEADER);
    hs_transcript_absorb_u64(t, epoch);
    hs_transcript_absorb_elems(t, &hs_field_kb, msg, c->sc->msg_elems);
    hs_transcript_absorb(t, msg_bytes, c->sc->msg_bytes);
    hs_blake3_hasher h;
    hs_blake3_init(&h);
    const unsigned pw = hs_xmss_pk_words(c->sc);
    for (size_t g = 0; g < c->sh->n_sigs; g++)
        for (unsigned j = 0; j < pw; j++) {
            const hs_kb v = hs_kb_from_u32(pk[g * pw + j]);
            hs_blake3_update_kb(&h, &v, 1);
        }
    hs_digest dg;
    hs_blake3_finalize(&h, dg.b);
    hs_transcript_absorb_digests(t, &dg, 1);
}

static void sample(hs_transcript *t, K *v, unsigned cnt) {
    for (unsigned i = 0; i < cnt; i++) v[i] = hs_gkr_sample(t);
}

static unsigned team(size_t h, unsigned threads) { return h < 1024 || threads < 1 ? 1 : threads; }

/* ---- the batch reduction: sum_(c,a) w(c,a) F(c,a) over the 5 + ls column and slot variables ---- */

static void batch_weights(const xa_ctx *c, K beta, K *w) {
    K b = hs_kb5_one();
    for (size_t i = 0; i < (size_t)NCOLS * c->SH; i++) {
        w[i] = hs_kb5_zero();
        if (c->role[i] != R_FREE) w[i] = b, b = hs_kb5_mul(b, beta);
    }
}

/* ---- prover ---- */

typedef struct {
    uint32_t m;
    size_t first, last; /* terms [first, last) share the multiplier */
} mgroup;

static int term_cmp(const void *x, const void *y) {
    const term *a = x, *b = y;
    return a->m < b->m ? -1 : a->m > b->m;
}

/* dst[x] += k * slice(x) (NONE: k) over P signatures. */
static void axpy(K *dst, K k, const hs_kb *slice, size_t P) {
    for (size_t x = 0; x < P; x++) dst[x] = hs_kb5_add(dst[x], slice ? hs_kb5_mul_base(k, slice[x]) : k);
}

/* The zerocheck's prover: nu rounds of degree 3 of sum_x E(x) (L(x) + sum_k M_k(x) G_k(x)). */
static int zc_prove(xa_ctx *c, const hs_kb *const *cols, const K *r, hs_transcript *tr, hs_writer *out,
                    unsigned threads, K *rp) {
    const unsigned nu = c->sh->nu;
    const size_t P = (size_t)1 << nu;
    qsort(c->t, c->nt, sizeof *c->t, term_cmp); /* linear terms (NONE) sort last */
    size_t ng = 0;
    mgroup *gr = malloc((c->nt + 1) * sizeof *gr);
    if (!gr) return 0;
    for (size_t i = 0; i < c->nt && c->t[i].m != NONE; i++) {
        if (!ng || gr[ng - 1].m != c->t[i].m) gr[ng++] = (mgroup){c->t[i].m, i, i};
        gr[ng - 1].last = i + 1;
    }
    size_t lin0 = ng ? gr[ng - 1].last : 0;
#define SLICE(ix) ((ix) == NONE ? NULL : cols[(ix) / c->SH] + ((ix) % c->SH) * P)
    K *E = hs_mle_eq_new(r, nu, threads), *L = hs_alloc_array(P, sizeof *L);
    K *M = hs_alloc_array(ng * P + 1, sizeof *M), *G = hs_alloc_array(ng * P + 1, sizeof *G);
    int ok = 0;
    if (!E || !L || !M || !G) goto done;
    for (size_t x = 0; x < P; x++) L[x] = hs_kb5_zero();
    for (size_t i = lin0; i < c->nt; i++) axpy(L, c->t[i].c, SLICE(c->t[i].s), P);
#pragma omp parallel for num_threads(team(ng * P, threads)) schedule(dynamic, 8)
    for (size_t k = 0; k < ng; k++) {
        K *g = G + k * P, *m = M + k * P;
        const hs_kb *ms = SLICE(gr[k].m);
        for (size_t x = 0; x < P; x++) g[x] = hs_kb5_zero(), m[x] = hs_kb5_from_base(ms[x]);
        for (size_t i = gr[k].first; i < gr[k].last; i++) axpy(g, c->t[i].c, SLICE(c->t[i].s), P);
    }
#undef SLICE
    for (unsigned rd = 0; rd < nu; rd++) {
        const size_t h = P >> (rd + 1);
        K p[ZC_DEG + 1];
        for (unsigned e = 0; e <= ZC_DEG; e++) p[e] = hs_kb5_zero();
#pragma omp parallel num_threads(team(h * ng, threads))
        {
            K loc[ZC_DEG + 1];
            for (unsigned e = 0; e <= ZC_DEG; e++) loc[e] = hs_kb5_zero();
#pragma omp for schedule(static)
            for (size_t x = 0; x < h; x++) {
                K in[ZC_DEG + 1];
                const K l0 = L[x], dl = hs_kb5_sub(L[x + h], l0);
                in[0] = l0;
                for (unsigned e = 1; e <= ZC_DEG; e++) in[e] = hs_kb5_add(in[e - 1], dl);
                for (size_t k = 0; k < ng; k++) {
                    const K *m = M + k * P, *g = G + k * P;
                    const K m0 = m[x], dm = hs_kb5_sub(m[x + h], m0), g0 = g[x], dg = hs_kb5_sub(g[x + h], g0);
                    K mv = m0, gv = g0;
                    in[0] = hs_kb5_add(in[0], hs_kb5_mul(mv, gv));
                    for (unsigned e = 1; e <= ZC_DEG; e++) {
                        mv = hs_kb5_add(mv, dm), gv = hs_kb5_add(gv, dg);
                        in[e] = hs_kb5_add(in[e], hs_kb5_mul(mv, gv));
                    }
                }
                const K e0 = E[x], de = hs_kb5_sub(E[x + h], e0);
                K ev = e0;
                for (unsigned e = 0; e <= ZC_DEG; e++) {
                    if (e) ev = hs_kb5_add(ev, de);
                    loc[e] = hs_kb5_add(loc[e], hs_kb5_mul(ev, in[e]));
                }
            }
#pragma omp critical(hs_xa_zc)
            for (unsigned e = 0; e <= ZC_DEG; e++) p[e] = hs_kb5_add(p[e], loc[e]);
        }
        const K ch = hs_sc_prove_round(tr, out, p, ZC_DEG);
        rp[rd] = ch;
#pragma omp parallel for num_threads(team(h * ng, threads)) schedule(static)
        for (size_t x = 0; x < h; x++) {
            E[x] = hs_kb5_add(E[x], hs_kb5_mul(ch, hs_kb5_sub(E[x + h], E[x])));
            L[x] = hs_kb5_add(L[x], hs_kb5_mul(ch, hs_kb5_sub(L[x + h], L[x])));
            for (size_t k = 0; k < ng; k++) {
                K *m = M + k * P, *g = G + k * P;
                m[x] = hs_kb5_add(m[x], hs_kb5_mul(ch, hs_kb5_sub(m[x + h], m[x])));
                g[x] = hs_kb5_add(g[x], hs_kb5_mul(ch, hs_kb5_sub(g[x + h], g[x])));
            }
        }
    }
    ok = 1;
done:
    free(gr);
    hs_free(E), hs_free(L), hs_free(M), hs_free(G);
    return ok;
}

/* F(c, a) = column c restricted to slot a, at the signature point r' (every column). */
static int slice_values(const xa_ctx *c, const hs_kb *const *cols, const K *rp, K *F, unsigned threads) {
    const size_t P = (size_t)1 << c->sh->nu, tot = (size_t)NCOLS * c->SH;
    K *e = hs_mle_eq_new(rp, c->sh->nu, threads);
    if (!e) return 0;
#pragma omp parallel for num_threads(team(tot * P / 64, threads)) schedule(static)
    for (size_t i = 0; i < tot; i++) {
        const hs_kb *s = cols[i / c->SH] + (i % c->SH) * P;
        K acc = hs_kb5_zero();
        for (size_t x = 0; x < P; x++) acc = hs_kb5_add(acc, hs_kb5_mul_base(e[x], s[x]));
        F[i] = acc;
    }
    hs_free(e);
    return 1;
}

/* The batch sumcheck (degree 2) over the column and slot variables; w and F are folded in place.
 * Prover: writes rounds and the final F value; fills pt. */
static K batch_prove(unsigned vars, K *w, K *F, hs_transcript *tr, hs_writer *out, K *pt) {
    for (unsigned rd = 0; rd < vars; rd++) {
        const size_t h = (size_t)1 << (vars - 1 - rd);
        K p[3] = {hs_kb5_zero(), hs_kb5_zero(), hs_kb5_zero()};
        for (size_t x = 0; x < h; x++) {
            const K dw = hs_kb5_sub(w[x + h], w[x]), df = hs_kb5_sub(F[x + h], F[x]);
            p[0] = hs_kb5_add(p[0], hs_kb5_mul(w[x], F[x]));
            p[1] = hs_kb5_add(p[1], hs_kb5_mul(w[x + h], F[x + h]));
            p[2] = hs_kb5_add(p[2], hs_kb5_mul(hs_kb5_add(w[x + h], dw), hs_kb5_add(F[x + h], df)));
        }
        const K ch = hs_sc_prove_round(tr, out, p, 2);
        pt[rd] = ch;
        for (size_t x = 0; x < h; x++) {
            w[x] = hs_kb5_add(w[x], hs_kb5_mul(ch, hs_kb5_sub(w[x + h], w[x])));
            F[x] = hs_kb5_add(F[x], hs_kb5_mul(ch, hs_kb5_sub(F[x + h], F[x])));
        }
    }
    return F[0];
}

typedef struct {
    hs_whir_statement st[2 * HS_XA_MAX_TABLES + 1];
    uint32_t sel[HS_XA_MAX_TABLES][HS_XMSS_WIDTH + NY];
    K fin;
} xa_open;

/* Points of one proof: per walked table z_out and x_pt (its k + nu variables) and its claims; r,
 * r' (nu each), the full point (LOG_COLS + ls - 1 + nu). */
typedef struct {
    K *z_out[HS_XA_MAX_TABLES], *x_pt[HS_XA_MAX_TABLES], *r, *rp, *full;
    K v_out[HS_XA_MAX_TABLES][HS_XMSS_WIDTH], x_claim[HS_XA_MAX_TABLES][HS_XMSS_WIDTH];
} xa_points;

static K *points_alloc(xa_points *p, const hs_xa_shape *sh) {
    size_t cnt = 2 * (size_t)sh->nu + LOG_COLS + sh->ls + sh->nu;
    for (unsigned t = 0; t < sh->n_tab; t++) cnt += 2 * ((size_t)sh->tab_k[t] + sh->nu);
    K *m = malloc(cnt * sizeof *m), *q = m;
    if (!m) return NULL;
    for (unsigned t = 0; t < sh->n_tab; t++) {
        p->z_out[t] = q, q += sh->tab_k[t] + sh->nu;
        p->x_pt[t] = q, q += sh->tab_k[t] + sh->nu;
    }
    p->r = q, p->rp = q + sh->nu, p->full = p->rp + sh->nu;
    return m;
}

/* The WHIR statements: per walked table Y lanes 0..11 at its z_out and X at its input point (the
 * table's slots are the top ls - 1 - k slot bits of its half in the commitment), then the full
 * point. */
static unsigned open_statements(xa_open *o, const hs_xa_shape *sh, const xa_points *pt) {
    const unsigned half = sh->ls - 1, sl = 1u << half;
    unsigned ns = 0;
    for (unsigned t = 0; t < sh->n_tab; t++) {
        const unsigned k = sh->tab_k[t], h = sh->tab_off[t] / sl, top = (sh->tab_off[t] % sl) >> k, sh_ = half - k;
        uint32_t *sel = o->sel[t];
        for (unsigned j = 0; j < NY; j++) sel[j] = ((HCOLS * h + COL_Y + j) << sh_) | top;
        for (unsigned j = 0; j < HS_XMSS_WIDTH; j++) sel[NY + j] = ((HCOLS * h + COL_X + j) << sh_) | top;
        o->st[ns++] = (hs_whir_statement){k + sh->nu, pt->z_out[t], NY, sel, pt->v_out[t]};
        o->st[ns++] = (hs_whir_statement){k + sh->nu, pt->x_pt[t], HS_XMSS_WIDTH, sel + NY, pt->x_claim[t]};
    }
    o->st[ns++] = (hs_whir_statement){LOG_COLS + half + sh->nu, pt->full, 1, NULL, &o->fin};
    return ns;
}

/* The rows of signature g (its trace t): X lanes into the row-major inputs, and the aux column. */
static void fill_rows(const xa_ctx *c, const hs_xmss_slot *t, const uint32_t *pk, const uint32_t *sig, size_t g,
                      hs_kb *X, hs_kb *aux) {
    const hs_xmss_scheme *sc = c->sc;
    const size_t P = (size_t)1 << c->sh->nu, walked = xa_walked(c->sh);
    const unsigned d = sc->digest;
    for (size_t a = 0; a < c->SL; a++) {
        hs_kb *x = X + (a * P + g) * HS_XMSS_WIDTH;
        aux[a * P + g] = hs_kb_zero();
        if (a >= c->S) {
            if (a < walked) memset(x, 0, HS_XMSS_WIDTH * sizeof *x);
            continue;
        }
        const slot_desc *D = &c->sd[a];
        if (t[a].active) {
            for (unsigned l = 0; l < HS_XMSS_WIDTH; l++) x[l] = hs_kb_from_u32(t[a].in[l]);
        } else { /* an inactive chain step: public lanes, the tip as value */
            const uint32_t *tip = sig + sc->rand + (size_t)D->index * d;
            unsigned vj = 0;
            for (unsigned l = 0; l < HS_XMSS_WIDTH; l++) {
                const lane_desc *L = &D->x[l];
                x[l] = L->kind == L_CONST ? L->v : L->kind == L_PARAM ? hs_kb_from_u32(pk[d + L->arg])
                       : L->kind == L_SENT ? hs_kb_from_u32(tip[vj++]) : hs_kb_zero();
            }
        }
        if (D->kind == HS_XK_CHAIN) aux[a * P + g] = t[a].active ? hs_kb_one() : hs_kb_zero();
    }
    /* the limbs' decomposition */
    const size_t e1 = hs_xmss_slot_first(sc, HS_XK_ENC1);
    for (unsigned k = 0; k < n_limbs(sc); k++) {
        const uint32_t D = t[e1].out[sc->call[HS_XK_ENC1].out_lane + k];
        const unsigned nd = digits_in_limb(sc, k), lo = sc->w_bits * nd, cnt = 31 - lo;
        const size_t base = limb_bit_base(c, k);
        for (unsigned b = 0; b < cnt; b++) aux[(base + b) * P + g] = ((D >> (lo + b)) & 1) ? hs_kb_one() : hs_kb_zero();
        const hs_kb high = hs_kb_from_u32(D >> sc->limb_bits), big = hs_kb_from_u32((1u << high_bits(sc)) - 1);
        aux[(c->pad0 + c->nbits + k) * P + g] = hs_kb_inv(hs_kb_sub(high, big));
    }
}

/* The full point: (column and slot challenges, r'). */
static void full_point(K *full, const K *pt, unsigned vars, const K *rp, unsigned nu) {
    memmove(full, pt, vars * sizeof *full);
    memcpy(full + vars, rp, nu * sizeof *full);
}

int hs_xa_prove(const hs_xa_shape *shape, const uint32_t *pk, uint32_t epoch, const uint8_t *msg, const uint32_t *sig,
                unsigned threads, hs_writer *out, hs_xa_timing *timing, size_t *bad_index, char *why_buf,
                size_t why_len, const char **why_out) {
    hs_xa_timing tdummy, *tm = timing ? timing : &tdummy;
    memset(tm, 0, sizeof *tm);
    const char *why = NULL;
    hs_xa_shape s;
    *bad_index = shape->n_sigs;
    if (why_len) why_buf[0] = 0;
    if (!hs_xa_shape_make(&s, shape->preset, shape->scheme, shape->n_sigs, &why)) {
        *why_out = why;
        return 0;
    }
    const hs_xmss_scheme *sc = s.scheme;
    const unsigned nu = s.nu, n = s.n, pw = hs_xmss_pk_words(sc), sw = hs_xmss_sig_words(sc);
    const unsigned bvars = LOG_COLS + s.ls - 1, nc = n - 1; /* the commitment: 64 columns of 2^nc rows */
    const size_t P = (size_t)1 << nu, N = s.n_sigs, R = xa_walked(&s) * P, tot = (size_t)NCOLS << (s.ls - 1);
    const size_t HR = (size_t)1 << nc;
    const int skip_native = (int)HS_TEST_HOOK((size_t)shape->skip_native);
    const size_t corrupt_mask = HS_TEST_HOOK(shape->corrupt_mask);
    double t0 = hs_now(), tstart = t0, tt;
    int ok = 0;
    xa_ctx c = {0};
    xa_points pt;
    hs_gkr_witness wit[HS_XA_MAX_TABLES] = {{0}};
    hs_whir_witness *ww = NULL;
    hs_whir_params wp;
    hs_kb msgk[HS_XMSS_MAX_MSG_LIMBS];
    hs_kb *X = NULL, *aux = NULL, *zero = NULL, *up = NULL;
    K *pts = NULL, *F = NULL, *W = NULL, *sent = NULL;
    hs_xmss_result *res = malloc(N * sizeof *res);
    char *whys = malloc(N * MAX_TRIES_WHY);
    uint32_t *eps = malloc(N * sizeof *eps);
    uint8_t *msgs = malloc(N * sc->msg_bytes);
    const char *fail = hs_why_nomem;
    if (!res || !whys || !eps || !msgs) goto done;
    fail = "a message element is not below p";
    if (!msg_elems(sc, msg, msgk)) goto done;
    /* the native check: the first signature that does not verify is refused */
    for (size_t g = 0; g < N; g++) eps[g] = epoch, memcpy(msgs + g * sc->msg_bytes, msg, sc->msg_bytes);
    fail = hs_why_nomem;
    if (!skip_native) {
        if (!hs_xmss_check_many(sc, N, pk, eps, msgs, sig, res, whys, MAX_TRIES_WHY, threads)) goto done;
        for (size_t g = 0; g < N; g++)
            if (res[g] != HS_XR_OK) {
                *bad_index = g;
                snprintf(why_buf, why_len, "%s", whys + g * MAX_TRIES_WHY);
                free(res), free(whys), free(eps), free(msgs);
                return 0;
            }
    }
    if (!ctx_init(&c, &s, epoch, msgk)) goto done;
    fail = "the preset's WHIR configuration does not fit this size";
    if (!hs_whir_params_derive(&wp, nc + LOG_COLS, &s.whir, NULL, &why)) goto done;
    tt = hs_now(), tm->native_s = tt - t0, t0 = tt;

    /* the rows: every signature's trace (padding signatures repeat signature 0) */
    fail = hs_why_nomem;
    X = hs_alloc_array(R, HS_XMSS_WIDTH * sizeof *X), aux = hs_alloc_array(2 * HR, sizeof *aux);
    zero = hs_calloc_array(HR, sizeof *zero);
    if (!X || !aux || !zero) goto done;
    const size_t S = hs_xmss_slots(sc);
    int bad = 0;
#pragma omp parallel num_threads(team(P * 64, threads))
    {
        hs_xmss_slot *tr = malloc(S * sizeof *tr);
        if (!tr) {
#pragma omp atomic write
            bad = 1;
        }
#pragma omp for schedule(dynamic, 4)
        for (size_t g = 0; g < P; g++) {
            if (!tr) continue;
            const size_t q = g < N ? g : 0;
            hs_xmss_check(sc, pk + q * pw, epoch, msg, sig + q * sw, tr, NULL, 0);
            fill_rows(&c, tr, pk + q * pw, sig + q * sw, g, X, aux);
        }
        free(tr);
    }
    if (bad) goto done;
    HS_VERIFY_SPOIL(corrupt_mask != 0 || skip_native);
    if (corrupt_mask && corrupt_mask - 1 < (size_t)sc->v * (hs_xmss_chain_len(sc) - 1)) {
        const size_t a = hs_xmss_slot_first(sc, HS_XK_CHAIN) + corrupt_mask - 1;
        aux[a * P] = hs_kb_sub(hs_kb_one(), aux[a * P]);
    }
    tt = hs_now(), tm->trace_s = tt - t0, t0 = tt;
    const hs_gkr_perm *Pm = hs_gkr_perm_get(HS_GKR_P1_KB16);
    for (unsigned t = 0; t < s.n_tab; t++)
        if (!hs_gkr_witness_build(&wit[t], Pm, X + (size_t)s.tab_off[t] * P * HS_XMSS_WIDTH, s.tab_k[t] + nu, threads,
                                  NULL, HS_GKR_WIT_IO))
            goto done;
    /* the committed X and Y columns: table 0 (the lower half) as the walk holds them, the others
     * copied into the upper half's columns (zero where no table is) */
    if (!(up = hs_calloc_array((size_t)(HS_XMSS_WIDTH + NY) * HR, sizeof *up))) goto done;
    for (unsigned t = 1; t < s.n_tab; t++) {
        const size_t rows = (size_t)1 << (s.tab_k[t] + nu), at = (s.tab_off[t] - ((size_t)1 << (s.ls - 1))) * P;
        for (unsigned l = 0; l < HS_XMSS_WIDTH + NY; l++)
            memcpy(up + l * HR + at, l < HS_XMSS_WIDTH ? wit[t].in + l * rows : wit[t].out + (l - HS_XMSS_WIDTH) * rows,
                   rows * sizeof *up);
    }
    tt = hs_now(), tm->witness_s = tt - t0, t0 = tt;

    uint8_t hb[XA_HEADER];
    header_bytes(&s, hb);
    hs_w_bytes(out, hb, XA_HEADER);
    hs_transcript tr;
    transcript_start(&tr, hb, &c, pk, epoch, msgk, msg);
    const hs_kb *cols[NCOLS];
    for (unsigned j = 0; j < HCOLS; j++) {
        cols[j] = j < COL_Y ? wit[0].in + (size_t)j * HR : j < COL_A ? wit[0].out + (size_t)(j - COL_Y) * HR
                  : j == COL_A ? aux : zero;
        cols[HCOLS + j] = j < COL_A ? up + (size_t)j * HR : j == COL_A ? aux + HR : zero;
    }
    if (!hs_whir_commit(&ww, &wp, NULL, cols, LOG_COLS, nc, &tr, out, NULL, threads, &why)) {
        fail = why;
        goto done;
    }
    tt = hs_now(), tm->commit_s = tt - t0, t0 = tt;

    fail = hs_why_nomem;
    if (!(pts = points_alloc(&pt, &s))) goto done;
    for (unsigned t = 0; t < s.n_tab; t++)
        if (!hs_gkr_walk_prove(Pm, &wit[t], X + (size_t)s.tab_off[t] * P * HS_XMSS_WIDTH, NULL, threads, &tr, out,
                               pt.z_out[t], pt.v_out[t], pt.x_pt[t], pt.x_claim[t], &why)) {
            fail = why;
            goto done;
        }
    hs_free(X), X = NULL;
    tt = hs_now(), tm->walk_s = tt - t0, t0 = tt;

    /* the zerocheck over the signatures */
    sample(&tr, pt.r, nu);
    if (!ctx_terms(&c, hs_gkr_sample(&tr), NULL)) goto done;
    if (!zc_prove(&c, cols, pt.r, &tr, out, threads, pt.rp)) goto done;
    /* the slices at r': the sent ones, then the batch reduction */
    F = malloc(tot * sizeof *F), W = malloc(tot * sizeof *W), sent = malloc((c.n_sent + 1) * sizeof *sent);
    if (!F || !W || !sent || !slice_values(&c, cols, pt.rp, F, threads)) goto done;
    size_t ns = 0;
    for (size_t i = 0; i < tot; i++)
        if (c.role[i] == R_SENT) sent[ns++] = F[i];
    hs_gkr_send_k(&tr, out, sent, ns);
    batch_weights(&c, hs_gkr_sample(&tr), W);
    xa_open op;
    op.fin = batch_prove(bvars, W, F, &tr, out, pt.full);
    hs_gkr_send_k(&tr, out, &op.fin, 1);
    full_point(pt.full, pt.full, bvars, pt.rp, nu);
    tt = hs_now(), tm->wiring_s = tt - t0, t0 = tt;
    const unsigned nst = open_statements(&op, &s, &pt);
    if (!hs_whir_open(&wp, ww, op.st, nst, &tr, out, threads, &why)) {
        fail = why;
        goto done;
    }
    tt = hs_now(), tm->open_s = tt - t0, tm->total_s = tt - tstart;
    ok = !out->err;
    fail = hs_why_nomem;
done:
    *why_out = ok ? NULL : fail;
    ctx_free(&c);
    for (unsigned t = 0; t < HS_XA_MAX_TABLES; t++) hs_gkr_witness_free(&wit[t]);
    hs_whir_witness_free(ww);
    hs_free(X), hs_free(aux), hs_free(zero), hs_free(up);
    free(pts), free(F), free(W), free(sent), free(res), free(whys), free(eps), free(msgs);
    return ok;
}

/* ---- verifier ---- */

int hs_xa_verify(const uint8_t *proof, size_t len, const char *scheme, size_t nk, const uint32_t *pk, uint32_t epoch,
                 const uint8_t *msg, unsigned threads, const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_xa_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    if (!scheme || strcmp(scheme, s.scheme->name)) return *why = "the proof is for another XMSS scheme", 0;
    if (s.n_sigs != nk) return *why = "the proof is for another number of signatures", 0;
    const hs_xmss_scheme *sc = s.scheme;
    const unsigned pw = hs_xmss_pk_words(sc), nu = s.nu, nc = s.n - 1, bvars = LOG_COLS + s.ls - 1;
    for (size_t i = 0; i < nk * pw; i++)
        if (pk[i] >= HS_KB_P) return *why = "a public key word is not below p", 0;
    if (sc->height < 32 && (epoch >> sc->height)) return *why = "epoch out of range for the scheme", 0;
    hs_kb msgk[HS_XMSS_MAX_MSG_LIMBS];
    if (!msg_elems(sc, msg, msgk)) return *why = "a message element is not below p", 0;
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, nc + LOG_COLS, &s.whir, NULL, why)) return 0;
    xa_ctx c;
    xa_points pt;
    K *pts = NULL, *V = NULL, *W = NULL, *eqt = NULL;
    int ok = 0;
    *why = hs_why_nomem;
    if (!ctx_init(&c, &s, epoch, msgk) || !(pts = points_alloc(&pt, &s))) goto done;
    hs_transcript tr;
    transcript_start(&tr, proof, &c, pk, epoch, msgk, msg);
    hs_whir_commitment comm;
    if (!hs_whir_verify_commitment(&wp, &tr, &r, &comm, why)) goto done;
    const size_t tot = (size_t)NCOLS << (s.ls - 1);
    size_t walks = 0;
    for (unsigned t = 0; t < s.n_tab; t++) walks += hs_gkr_walk_bytes(hs_gkr_perm_get(HS_GKR_P1_KB16), s.tab_k[t] + nu, 0);
    if (hs_r_left(&r) < walks + ((size_t)ZC_DEG * nu + c.n_sent + 2 * (size_t)bvars + 1) * 20) {
        *why = "truncated proof";
        goto done;
    }
    for (unsigned t = 0; t < s.n_tab; t++)
        if (!hs_gkr_walk_verify(hs_gkr_perm_get(HS_GKR_P1_KB16), s.tab_k[t] + nu, NULL, threads, &tr, &r, pt.z_out[t],
                                pt.v_out[t], pt.x_pt[t], pt.x_claim[t], why))
            goto done;
    sample(&tr, pt.r, nu);
    *why = hs_why_nomem;
    if (!ctx_terms(&c, hs_gkr_sample(&tr), NULL)) goto done;
    K claim = hs_kb5_zero();
    for (unsigned i = 0; i < nu; i++)
        if (!hs_sc_verify_round(&tr, &r, ZC_DEG, &claim, &pt.rp[i])) {
            *why = r.err ? r.err : "truncated proof";
            goto done;
        }
    *why = hs_why_nomem;
    V = malloc(tot * sizeof *V), W = malloc(tot * sizeof *W);
    K *sent = V ? malloc((c.n_sent + 1) * sizeof *sent) : NULL;
    if (!V || !W || !sent) {
        free(sent);
        goto done;
    }
    if (!hs_gkr_recv_k(&tr, &r, sent, c.n_sent)) {
        free(sent);
        *why = r.err;
        goto done;
    }
    for (size_t i = 0, k = 0; i < tot; i++) V[i] = c.role[i] == R_SENT ? sent[k++] : hs_kb5_zero();
    free(sent);
    K ppv[HS_XMSS_MAX_PK], rootv[HS_XMSS_MAX_PK];
    if (!keys_mle(&c, pk, pt.rp, ppv, rootv, threads)) goto done;
    derive(&c, ppv, rootv, V);
    const K eqv = nu ? hs_mle_eq(pt.r, pt.rp, nu) : hs_kb5_one();
    if (!hs_kb5_eq(hs_kb5_mul(eqv, zc_value(&c, V)), claim)) {
        *why = "zerocheck: final evaluation does not match (a chain, mask, leaf input or limb bit is wrong)";
        goto done;
    }
    if (!linear_checks(&c, V, why)) goto done;
    /* the batch reduction */
    batch_weights(&c, hs_gkr_sample(&tr), W);
    K bclaim = hs_kb5_zero();
    for (size_t i = 0; i < tot; i++) bclaim = hs_kb5_add(bclaim, hs_kb5_mul(W[i], V[i]));
    for (unsigned i = 0; i < bvars; i++)
        if (!hs_sc_verify_round(&tr, &r, 2, &bclaim, &pt.full[i])) {
            *why = r.err ? r.err : "truncated proof";
            goto done;
        }
    xa_open op;
    if (!hs_gkr_recv_k(&tr, &r, &op.fin, 1)) {
        *why = r.err;
        goto done;
    }
    *why = hs_why_nomem;
    if (!(eqt = hs_mle_eq_new(pt.full, bvars, 1))) goto done;
    K wv = hs_kb5_zero();
    for (size_t i = 0; i < tot; i++) wv = hs_kb5_add(wv, hs_kb5_mul(W[i], eqt[i]));
    if (!hs_kb5_eq(hs_kb5_mul(wv, op.fin), bclaim)) {
        *why = "wiring: the slice values do not reduce to the committed columns";
        goto done;
    }
    full_point(pt.full, pt.full, bvars, pt.rp, nu);
    const unsigned nst = open_statements(&op, &s, &pt);
    if (!hs_whir_verify(&wp, &comm, op.st, nst, &tr, &r, why)) goto done;
    if (hs_r_left(&r) != 0) {
        *why = "trailing bytes after the proof";
        goto done;
    }
    ok = 1;
    *why = NULL;
done:
    ctx_free(&c);
    free(pts), free(V), free(W), hs_free(eqt);
    return ok;
}

/* ---- soundness (docs/SOUNDNESS.md "XMSS aggregation") ---- */

int hs_soundness_xa(const hs_preset *p, const hs_xmss_scheme *sc, size_t n_sigs, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    hs_xa_shape s;
    const char *why = NULL;
    if (!hs_xa_shape_make(&s, p, sc, n_sigs, &why)) return 0;
    xa_ctx c;
    size_t rel = 0;
    hs_kb msg[HS_XMSS_MAX_MSG_LIMBS] = {0};
    const int built = ctx_init(&c, &s, 0, msg) && ctx_terms(&c, hs_kb5_one(), &rel);
    const size_t checked = c.n_checked;
    ctx_free(&c);
    if (!built) return 0;
    const double kb = hs_field_bits(&hs_field_kb5), nu = s.nu > 0 ? s.nu : 1, bvars = LOG_COLS + s.ls - 1;
    /* the walks over the tables, their ends included: each term is the union over the walks (the
     * sum of their errors) */
    {
        hs_sound_report wk[HS_XA_MAX_TABLES];
        for (unsigned t = 0; t < s.n_tab; t++) {
            memset(&wk[t], 0, sizeof wk[t]);
            hs_soundness_gkr_walk(&wk[t], hs_gkr_perm_get(HS_GKR_P1_KB16), s.tab_k[t] + s.nu);
        }
        for (size_t i = 0; i < wk[0].n_terms; i++) {
            double b[3];
            for (unsigned g = 0; g < 3; g++) {
                double e = 0;
                for (unsigned t = 0; t < s.n_tab; t++) e += exp2(-wk[t].terms[i].bits[g]);
                b[g] = -log2(e);
            }
            char name[64];
            snprintf(name, sizeof name, "%.40s (%u walks)", wk[0].terms[i].name, s.n_tab);
            hs_sound_add(out, name, b[0], b[1], b[2]);
        }
    }
#define ADD(name_, bits_)                                                                                              \
    do {                                                                                                               \
        const double b_ = (bits_);                                                                                     \
        hs_sound_add(out, name_, b_, b_, b_);                                                                          \
    } while (0)
    /* the relations combined with powers of alpha: a polynomial of degree rel - 1 in alpha */
    ADD("xmss.alpha", kb - log2((double)rel));
    /* a nonzero relation table has a nonzero MLE at r except with probability nu/|K| */
    ADD("xmss.zerocheck_point", kb - log2(nu));
    /* the zerocheck: nu rounds of degree 3 */
    ADD("xmss.zerocheck", kb - log2(3.0 * nu));
    /* the derived slices and the 9 linear checks (target sum, 8 limbs) are identities of
     * multilinear functions of the signature variables checked at r' (union bound) */
    ADD("xmss.identities_at_r'", kb - log2((double)(checked + 9) * nu));
    /* the checked slices combined with powers of beta, then the batch sumcheck (degree 2) */
    ADD("xmss.beta", kb - log2((double)checked));
    ADD("xmss.batch_sumcheck", kb - log2(2.0 * bvars));
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, s.n - 1 + LOG_COLS, &s.whir, out, &why)) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    /* WHIR statements: 12 + 16 claims a walk and the full point's, combined with powers of gamma */
    ADD("whir.statement_batching", kb - log2((double)(NY + HS_XMSS_WIDTH) * s.n_tab + 1.0));
    ADD("merkle.collision", hs_sound_merkle_bits((int)s.whir.hash));
    /* the key list enters the transcript through its BLAKE3 digest */
    ADD("keys.digest (BLAKE3)", 128.0);
#undef ADD
    /* the statement is about the signature scheme: its own security caps the headline (leanVM's
     * crates/xmss/xmss.md: about 124 bits classical in the ROM for 4-element digests) */
    hs_sound_add_assumption(out, "xmss.scheme (4-element digests, ROM)", 124.0);
    out->regime = s.whir.regime == HS_REGIME_CONJECTURED ? HS_REGIME_JOHNSON : s.whir.regime;
    hs_sound_finish(out);
    return 1;
}
