/* Generalized XMSS verification as an interpreter of the scheme table (xmss.h). One engine serves
 * the single verifier (with its call trace), the batch verifier and the generator: items advance
 * stage by stage (message hash, encoding, chain steps by position, leaf, Merkle levels), each
 * stage's calls of all items permuted together by the batch kernel. */
#include "sig/xmss.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field/kb.h"
#include "hash/poseidon1_kb.h"
#include "util/parallel.h"
#include "util/rng.h"

/* ---- the table ----
 * Sources: leanEthereum/leanMultisig 5cf504a5 crates/xmss/src/{lib.rs,wots.rs,xmss.rs} (2026-05-18)
 * and leanEthereum/leanVM crates/xmss/src/{lib.rs,wots.rs} at 05213d3e (the last KoalaBear form).
 * Both: v = 42 chains of length 8, target sum 184, height 32, 4-lane digests and parameter, 6-lane
 * randomness, tweak [(type << 26) + ((index >> 16) << 10) + sub, index & 0xFFFF] with types chain
 * 0, wots_pk 1, merkle 2, encoding 3; chain sub-position 8 i + s; digits the low 24 bits of the
 * digest limbs, 3 bits each, least significant first. */
#define SEG(src_, len_) {(uint8_t)(src_), (uint8_t)(len_), 0}
#define SEGC(k_, len_) {(uint8_t)HS_XS_CONST, (uint8_t)(len_), (k_)}

#define LEANVM_COMMON                                                                                                   \
    .v = 42, .w_bits = 3, .target_sum = 184, .height = 32, .digest = 4, .param = 4, .rand = 6, .msg_elems = 8,         \
    .msg_bytes = 32, .limb_bits = 24, .tw_type_shift = 26, .tw_hi_shift = 10, .tw_lo_bits = 16, .chain_pos_stride = 8, \
    .leaf_ends = 2

/* encoding: pre = H(msg(8) | rand(6) | tweak(3, 0, epoch)), D = H(pre(8) | param(4) | 0^4) */
#define LEANVM_ENC                                                                                                      \
    [HS_XK_ENC0] = {{SEG(HS_XS_MSG, 8), SEG(HS_XS_RAND, 6), SEG(HS_XS_TWEAK, 2)}, 1, 0, 3, 1},                         \
    [HS_XK_ENC1] = {{SEG(HS_XS_PREV, 8), SEG(HS_XS_PARAM, 4), SEG(HS_XS_ZERO, 4)}, 1, 0, 3, 1}
/* chain step: H(tweak(0, 8 i + s, epoch) | 0 0 | value(4) | param(4) | 0^4)[0..4] */
#define LEANVM_CHAIN                                                                                                    \
    [HS_XK_CHAIN] = {{SEG(HS_XS_TWEAK, 2), SEG(HS_XS_ZERO, 2), SEG(HS_XS_VALUE, 4), SEG(HS_XS_PARAM, 4),               \
                      SEG(HS_XS_ZERO, 4)},                                                                               \
                     1, 0, 0, 1}
/* Merkle level l: H(tweak(2, l + 1, epoch >> (l + 1)) | 0 0 | param(4) | left(4) | right(4))[0..4] */
#define LEANVM_MERKLE                                                                                                   \
    [HS_XK_MERKLE] = {{SEG(HS_XS_TWEAK, 2), SEG(HS_XS_ZERO, 2), SEG(HS_XS_PARAM, 4), SEG(HS_XS_LEFT, 4),               \
                       SEG(HS_XS_RIGHT, 4)},                                                                             \
                      1, 0, 2, 1}
/* leaf start [tweak(1, 0, epoch) | 0 0 | param(4) | 0^8]; each step lanes 0..7 of the previous
 * result and two chain ends */
#define LEANVM_LEAF(ff, out)                                                                                            \
    [HS_XK_LEAF0] = {{SEG(HS_XS_TWEAK, 2), SEG(HS_XS_ZERO, 2), SEG(HS_XS_PARAM, 4), SEG(HS_XS_ZERO, 8)}, ff, out, 1, 1}, \
    [HS_XK_LEAF] = {{SEG(HS_XS_PREV, 8), SEG(HS_XS_END_A, 4), SEG(HS_XS_END_B, 4)}, ff, out, 1, 1}

static const hs_xmss_scheme schemes[] = {
    {.name = "leanvm-kb-2605",
     .description = "leanVM KoalaBear XMSS as leanMultisig 5cf504a5: 166 compressions, 8-element message",
     .source = "leanEthereum/leanMultisig 5cf504a5 crates/xmss",
     LEANVM_COMMON,
     .msg_limbs = 0,
     .limbs_checked = 8,
     .call = {LEANVM_ENC, LEANVM_CHAIN, LEANVM_MERKLE, LEANVM_LEAF(1, 0)}},
    {.name = "leanvm-kb",
     .description = "leanVM's last KoalaBear XMSS: overwrite-sponge leaf, 32-byte message",
     .source = "leanEthereum/leanVM crates/xmss 05213d3e",
     LEANVM_COMMON,
     .msg_limbs = 9,
     .limbs_checked = 6,
     /* message: H(1004 | 9 base-p limbs | 0^6), 8 elements */
     .call = {[HS_XK_MSG] = {{SEGC(1004, 1), SEG(HS_XS_MSG_LIMBS, 9), SEG(HS_XS_ZERO, 6)}, 1, 0, 0, 1},
              LEANVM_ENC, LEANVM_CHAIN, LEANVM_MERKLE, LEANVM_LEAF(0, 8)}},
};

size_t hs_xmss_scheme_count(void) { return sizeof schemes / sizeof *schemes; }
const hs_xmss_scheme *hs_xmss_scheme_at(size_t i) { return i < hs_xmss_scheme_count() ? &schemes[i] : NULL; }
const hs_xmss_scheme *hs_xmss_scheme_find(const char *name) {
    for (size_t i = 0; name && i < hs_xmss_scheme_count(); i++)
        if (!strcmp(schemes[i].name, name)) return &schemes[i];
    return NULL;
}

static unsigned steps_max(const hs_xmss_scheme *s) { return hs_xmss_chain_len(s) - 1; }

void hs_xmss_counts(const hs_xmss_scheme *s, unsigned *compressions, unsigned *perms) {
    unsigned n[2] = {0, 0};
    const unsigned per[HS_XK_COUNT] = {[HS_XK_MSG] = 0, [HS_XK_ENC0] = 1, [HS_XK_ENC1] = 1,
                                      [HS_XK_CHAIN] = steps_max(s) * s->v - s->target_sum, [HS_XK_LEAF0] = 1,
                                      [HS_XK_LEAF] = hs_xmss_leaf_steps(s), [HS_XK_MERKLE] = s->height};
    for (unsigned k = 0; k < HS_XK_COUNT; k++) n[s->call[k].feed_forward ? 0 : 1] += per[k];
    *compressions = n[0], *perms = n[1];
}

/* ---- the grid ---- */

size_t hs_xmss_slot_first(const hs_xmss_scheme *s, hs_xmss_kind k) {
    const size_t n[HS_XK_COUNT] = {[HS_XK_MSG] = s->call[HS_XK_MSG].used, [HS_XK_ENC0] = 1, [HS_XK_ENC1] = 1,
                                   [HS_XK_CHAIN] = (size_t)s->v * steps_max(s), [HS_XK_LEAF0] = 1,
                                   [HS_XK_LEAF] = hs_xmss_leaf_steps(s), [HS_XK_MERKLE] = s->height};
    size_t first = 0;
    for (unsigned i = 0; i < (unsigned)k; i++) first += n[i];
    return first;
}
size_t hs_xmss_slots(const hs_xmss_scheme *s) { return hs_xmss_slot_first(s, HS_XK_MERKLE) + s->height; }

/* ---- the engine ---- */

typedef struct {
    hs_kb pk[HS_XMSS_MAX_PK], sig[HS_XMSS_MAX_SIG];
    hs_kb msg[HS_XMSS_MAX_MSG_LIMBS], limbs[HS_XMSS_MAX_MSG_LIMBS];
    hs_kb val[HS_XMSS_MAX_CHAINS][HS_XMSS_MAX_DIGEST]; /* chain values */
    hs_kb prev[HS_XMSS_WIDTH];                           /* the previous encoding or leaf result */
    hs_kb node[HS_XMSS_MAX_DIGEST];                      /* leaf, then Merkle nodes */
    uint8_t digit[HS_XMSS_MAX_CHAINS];
    uint8_t from[HS_XMSS_MAX_CHAINS], to[HS_XMSS_MAX_CHAINS]; /* chain i steps out of positions from..to-1 */
    uint32_t epoch;
    hs_xmss_result r;
    char *why;
    size_t why_len;
    hs_xmss_slot *trace;
} item;

typedef struct {
    item *it;
    uint16_t index, pos;
} job;

typedef struct {
    const hs_xmss_scheme *s;
    const hs_p1_params *pp;
    size_t cap;   /* jobs per stage at most */
    job *jobs;
    hs_kb *in, *st; /* cap x 16 */
} engine;

static void reject(item *it, hs_xmss_result r, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void reject(item *it, hs_xmss_result r, const char *fmt, ...) {
    it->r = r;
    if (!it->why || !it->why_len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->why, it->why_len, fmt, ap);
    va_end(ap);
}

static hs_kb tweak_lane0(const hs_xmss_scheme *s, unsigned type, unsigned sub, uint64_t index) {
    uint64_t w = ((uint64_t)type << s->tw_type_shift) + ((index >> s->tw_lo_bits) << s->tw_hi_shift) + sub;
    return hs_kb_from_u64(w);
}

/* The 16 input lanes of a call. */
static void build(const hs_xmss_scheme *s, hs_xmss_kind kind, const item *it, unsigned index, unsigned pos, hs_kb *x) {
    const hs_xmss_calldef *c = &s->call[kind];
    const unsigned d = s->digest, l = index;
    const hs_kb *sib = it->sig + s->rand + (size_t)(s->v + l) * d;
    const int right = kind == HS_XK_MERKLE && ((it->epoch >> l) & 1); /* bit 1: the node is the right child */
    unsigned sub = 0;
    uint64_t idx = it->epoch;
    if (kind == HS_XK_CHAIN) sub = s->chain_pos_stride * index + pos;
    if (kind == HS_XK_MERKLE) sub = l + 1, idx = (uint64_t)it->epoch >> (l + 1);
    unsigned lane = 0;
    for (unsigned g = 0; g < HS_XMSS_MAX_SEGS && c->seg[g].len; g++) {
        const hs_xmss_seg *sg = &c->seg[g];
        const hs_kb *from = NULL;
        switch ((hs_xmss_src)sg->src) {
        case HS_XS_ZERO: break;
        case HS_XS_CONST:
            for (unsigned j = 0; j < sg->len; j++) x[lane + j] = hs_kb_from_u32(sg->konst);
            lane += sg->len;
            continue;
        case HS_XS_TWEAK:
            x[lane] = tweak_lane0(s, c->tweak_type, sub, idx);
            x[lane + 1] = hs_kb_from_u64(idx & ((1ull << s->tw_lo_bits) - 1));
            lane += 2;
            continue;
        case HS_XS_PARAM: from = it->pk + d; break;
        case HS_XS_MSG: from = it->msg; break;
        case HS_XS_MSG_LIMBS: from = it->limbs; break;
        case HS_XS_RAND: from = it->sig; break;
        case HS_XS_PREV: from = it->prev; break;
        case HS_XS_VALUE: from = it->val[index]; break;
        case HS_XS_LEFT: from = right ? sib : it->node; break;
        case HS_XS_RIGHT: from = right ? it->node : sib; break;
        case HS_XS_END_A: from = it->val[s->leaf_ends * index]; break;
        case HS_XS_END_B: from = it->val[s->leaf_ends * index + 1]; break;
        }
        for (unsigned j = 0; j < sg->len; j++) x[lane + j] = from ? from[j] : 0;
        lane += sg->len;
    }
}

hs_xmss_result hs_xmss_decode(const hs_xmss_scheme *s, const uint32_t *limb, uint8_t *digit, char *why,
                              size_t why_len) {
    if (why && why_len) why[0] = 0;
    for (unsigned k = 0; k < s->limbs_checked; k++)
        if (limb[k] == HS_KB_P - 1) {
            if (why && why_len) snprintf(why, why_len, "encoding: digest limb %u is p - 1", k);
            return HS_XR_LIMB;
        }
    const unsigned per = s->limb_bits / s->w_bits, mask = hs_xmss_chain_len(s) - 1;
    unsigned sum = 0;
    for (unsigned i = 0; i < s->v; i++) {
        digit[i] = (uint8_t)((limb[i / per] >> (s->w_bits * (i % per))) & mask);
        sum += digit[i];
    }
    if (sum == s->target_sum) return HS_XR_OK;
    if (why && why_len) snprintf(why, why_len, "encoding: digit sum %u, not %u", sum, s->target_sum);
    return HS_XR_DIGIT_SUM;
}

static void decode(const hs_xmss_scheme *s, item *it, const hs_kb *res) {
    uint32_t limb[HS_XMSS_WIDTH];
    for (unsigned k = 0; k < HS_XMSS_WIDTH; k++) limb[k] = hs_kb_to_u32(res[k]);
    it->r = hs_xmss_decode(s, limb, it->digit, it->why, it->why_len);
}

/* After the call: store its result where the next calls read it. */
static void consume(const hs_xmss_scheme *s, hs_xmss_kind kind, item *it, unsigned index, const hs_kb *res) {
    const hs_xmss_calldef *c = &s->call[kind];
    const hs_kb *out = res + c->out_lane;
    switch (kind) {
    case HS_XK_MSG: memcpy(it->msg, out, s->msg_elems * sizeof *out); break;
    case HS_XK_ENC0:
    case HS_XK_LEAF0: memcpy(it->prev, res, sizeof it->prev); break;
    case HS_XK_ENC1: decode(s, it, out); break;
    case HS_XK_CHAIN: memcpy(it->val[index], out, s->digest * sizeof *out); break;
    case HS_XK_LEAF:
        memcpy(it->prev, res, sizeof it->prev);
        if (index + 1 == hs_xmss_leaf_steps(s)) memcpy(it->node, out, s->digest * sizeof *out);
        break;
    case HS_XK_MERKLE: memcpy(it->node, out, s->digest * sizeof *out); break;
    default: break;
    }
}

/* Runs the n calls of kind in e->jobs. */
static void run(engine *e, hs_xmss_kind kind, size_t n) {
    const hs_xmss_scheme *s = e->s;
    for (size_t j = 0; j < n; j++) build(s, kind, e->jobs[j].it, e->jobs[j].index, e->jobs[j].pos, e->in + j * 16);
    memcpy(e->st, e->in, n * 16 * sizeof *e->st);
    hs_p1_permute_many(e->pp, e->st, n, 0, 1);
    const int ff = s->call[kind].feed_forward;
    for (size_t j = 0; j < n; j++) {
        hs_kb *res = e->st + j * 16;
        if (ff)
            for (unsigned i = 0; i < 16; i++) res[i] = hs_kb_add(res[i], e->in[j * 16 + i]);
        item *it = e->jobs[j].it;
        if (it->trace) {
            size_t slot = hs_xmss_slot_first(s, kind) + e->jobs[j].index;
            if (kind == HS_XK_CHAIN) slot = hs_xmss_slot_first(s, kind) + e->jobs[j].index * steps_max(s) + e->jobs[j].pos;
            hs_xmss_slot *t = &it->trace[slot];
            t->active = 1;
            for (unsigned i = 0; i < 16; i++) t->in[i] = hs_kb_to_u32(e->in[j * 16 + i]), t->out[i] = hs_kb_to_u32(res[i]);
        }
        consume(s, kind, it, e->jobs[j].index, res);
    }
}

/* One call of kind for every live item. */
static void stage(engine *e, item *its, size_t n, hs_xmss_kind kind, unsigned index) {
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (its[k].r == HS_XR_OK) e->jobs[m++] = (job){&its[k], (uint16_t)index, 0};
    if (m) run(e, kind, m);
}

/* Chain steps out of positions it->from[i] .. it->to[i] - 1 for every live item. */
static void chains(engine *e, item *its, size_t n) {
    const hs_xmss_scheme *s = e->s;
    for (unsigned pos = 0; pos < steps_max(s); pos++) {
        size_t m = 0;
        for (size_t k = 0; k < n; k++)
            for (unsigned i = 0; its[k].r == HS_XR_OK && i < s->v; i++)
                if (its[k].from[i] <= pos && pos < its[k].to[i]) e->jobs[m++] = (job){&its[k], (uint16_t)i, (uint16_t)pos};
        if (m) run(e, HS_XK_CHAIN, m);
    }
}

static void encode(engine *e, item *its, size_t n) {
    if (e->s->call[HS_XK_MSG].used) stage(e, its, n, HS_XK_MSG, 0);
    stage(e, its, n, HS_XK_ENC0, 0);
    stage(e, its, n, HS_XK_ENC1, 0);
}

/* From the chain ends in val to the root in node. */
static void leaf_and_path(engine *e, item *its, size_t n) {
    stage(e, its, n, HS_XK_LEAF0, 0);
    for (unsigned k = 0; k < hs_xmss_leaf_steps(e->s); k++) stage(e, its, n, HS_XK_LEAF, k);
    for (unsigned l = 0; l < e->s->height; l++) stage(e, its, n, HS_XK_MERKLE, l);
}

static int engine_init(engine *e, const hs_xmss_scheme *s, size_t items) {
    e->s = s;
    e->pp = hs_p1_kb16();
    e->cap = items * s->v;
    e->jobs = malloc(e->cap * sizeof *e->jobs);
    e->in = malloc(e->cap * 16 * sizeof *e->in);
    e->st = malloc(e->cap * 16 * sizeof *e->st);
    return e->jobs && e->in && e->st;
}
static void engine_free(engine *e) { free(e->jobs), free(e->in), free(e->st); }

/* The message's base-p limbs (a little-endian integer of msg_bytes bytes), least significant first. */
static void msg_limbs(const hs_xmss_scheme *s, const uint8_t *msg, uint32_t *out) {
    uint32_t w[16] = {0};
    const unsigned nw = (s->msg_bytes + 3) / 4;
    for (unsigned b = 0; b < s->msg_bytes; b++) w[b / 4] |= (uint32_t)msg[b] << (8 * (b % 4));
    for (unsigned k = 0; k < s->msg_limbs; k++) { /* w = w / p, out[k] = w mod p */
        uint64_t rem = 0;
        for (unsigned i = nw; i-- > 0;) {
            uint64_t cur = (rem << 32) | w[i];
            w[i] = (uint32_t)(cur / HS_KB_P);
            rem = cur % HS_KB_P;
        }
        out[k] = (uint32_t)rem;
    }
}

/* 1 when w[0..n) are canonical; else rejects naming the word (per > 0: as unit k lane j). */
static int canon(item *it, const char *what, const uint32_t *w, unsigned n, unsigned per) {
    for (unsigned i = 0; i < n; i++)
        if (w[i] >= HS_KB_P) {
            if (per)
                reject(it, HS_XR_NONCANONICAL, "%s %u lane %u is %u, not below p = %u", what, i / per, i % per, w[i],
                       HS_KB_P);
            else
                reject(it, HS_XR_NONCANONICAL, "%s lane %u is %u, not below p = %u", what, i, w[i], HS_KB_P);
            return 0;
        }
    return 1;
}

/* Checks and loads one item's inputs (Montgomery form). */
static void load(const hs_xmss_scheme *s, item *it, const uint32_t *pk, uint32_t epoch, const uint8_t *msg,
                 const uint32_t *sig) {
    const unsigned d = s->digest;
    it->r = HS_XR_OK;
    it->epoch = epoch;
    uint32_t m[HS_XMSS_MAX_MSG_LIMBS] = {0};
    if (!s->msg_limbs)
        for (unsigned i = 0; i < s->msg_elems; i++)
            m[i] = (uint32_t)msg[4 * i] | (uint32_t)msg[4 * i + 1] << 8 | (uint32_t)msg[4 * i + 2] << 16 |
                   (uint32_t)msg[4 * i + 3] << 24;
    if (!canon(it, "public key root", pk, d, 0) || !canon(it, "public key parameter", pk + d, s->param, 0) ||
        !canon(it, "randomness", sig, s->rand, 0) || !canon(it, "chain tip", sig + s->rand, s->v * d, d) ||
        !canon(it, "path level", sig + s->rand + s->v * d, s->height * d, d) ||
        (!s->msg_limbs && !canon(it, "message element", m, s->msg_elems, 0)))
        return;
    if (s->height < 32 && (epoch >> s->height)) {
        reject(it, HS_XR_EPOCH, "epoch %u is not below 2^%u", epoch, s->height);
        return;
    }
    for (unsigned i = 0; i < hs_xmss_pk_words(s); i++) it->pk[i] = hs_kb_from_u32(pk[i]);
    for (unsigned i = 0; i < hs_xmss_sig_words(s); i++) it->sig[i] = hs_kb_from_u32(sig[i]);
    if (s->msg_limbs) {
        msg_limbs(s, msg, m);
        for (unsigned i = 0; i < s->msg_limbs; i++) it->limbs[i] = hs_kb_from_u32(m[i]);
    } else {
        for (unsigned i = 0; i < s->msg_elems; i++) it->msg[i] = hs_kb_from_u32(m[i]);
    }
}

/* Verification of loaded items: tips into val, then chains, leaf, path, root. */
static void verify_items(engine *e, item *its, size_t n) {
    const hs_xmss_scheme *s = e->s;
    encode(e, its, n);
    for (size_t k = 0; k < n; k++)
        for (unsigned i = 0; i < s->v; i++) {
            memcpy(its[k].val[i], its[k].sig + s->rand + i * s->digest, s->digest * sizeof(hs_kb));
            its[k].from[i] = its[k].digit[i], its[k].to[i] = (uint8_t)steps_max(s);
        }
    chains(e, its, n);
    leaf_and_path(e, its, n);
    for (size_t k = 0; k < n; k++)
        if (its[k].r == HS_XR_OK && memcmp(its[k].node, its[k].pk, s->digest * sizeof(hs_kb)))
            reject(&its[k], HS_XR_ROOT, "Merkle path: the root reached is not the public key's root");
}

static void trace_init(const hs_xmss_scheme *s, hs_xmss_slot *t) {
    memset(t, 0, hs_xmss_slots(s) * sizeof *t);
    for (unsigned k = 0; k < HS_XK_COUNT; k++) {
        size_t first = hs_xmss_slot_first(s, (hs_xmss_kind)k), next = k + 1 < HS_XK_COUNT ? hs_xmss_slot_first(s, (hs_xmss_kind)(k + 1)) : hs_xmss_slots(s);
        for (size_t j = first; j < next; j++) {
            t[j].kind = (uint8_t)k;
            size_t off = j - first;
            if (k == HS_XK_CHAIN) t[j].index = (uint16_t)(off / steps_max(s)), t[j].pos = (uint16_t)(off % steps_max(s));
            else t[j].index = (uint16_t)off;
        }
    }
}

hs_xmss_result hs_xmss_check(const hs_xmss_scheme *s, const uint32_t *pk, uint32_t epoch, const uint8_t *msg,
                              const uint32_t *sig, hs_xmss_slot *trace, char *why, size_t why_len) {
    if (why && why_len) why[0] = 0;
    item *it = calloc(1, sizeof *it);
    engine e = {0};
    if (!it || !engine_init(&e, s, 1)) { /* one item: a few KiB */
        free(it);
        engine_free(&e);
        if (why && why_len) snprintf(why, why_len, "out of memory");
        return HS_XR_NOMEM;
    }
    if (trace) trace_init(s, trace);
    it->why = why, it->why_len = why_len, it->trace = trace;
    load(s, it, pk, epoch, msg, sig);
    if (it->r == HS_XR_OK) verify_items(&e, it, 1);
    hs_xmss_result r = it->r;
    engine_free(&e);
    free(it);
    return r;
}

/* ---- batches ---- */

#define BATCH_ITEMS 256

typedef struct {
    const hs_xmss_scheme *s;
    const uint32_t *pk, *epochs, *sig;
    const uint8_t *msg;
    hs_xmss_result *res;
    char *why;
    size_t why_len;
    int failed;
} many_ctx;

static void many_batch(void *vctx, size_t lo, size_t cnt) {
    many_ctx *c = vctx;
    const hs_xmss_scheme *s = c->s;
    item *its = malloc(BATCH_ITEMS * sizeof *its);
    engine e = {0};
    if (!its || !engine_init(&e, s, BATCH_ITEMS)) {
        free(its);
        engine_free(&e);
        c->failed = 1; /* a plain store of the same value from any thread */
        return;
    }
    for (size_t b = lo; b < lo + cnt; b += BATCH_ITEMS) {
        size_t n = lo + cnt - b < BATCH_ITEMS ? lo + cnt - b : BATCH_ITEMS;
        for (size_t k = 0; k < n; k++) {
            size_t g = b + k;
            its[k].why = c->why ? c->why + g * c->why_len : NULL, its[k].why_len = c->why ? c->why_len : 0;
            if (its[k].why_len) its[k].why[0] = 0;
            its[k].trace = NULL;
            load(s, &its[k], c->pk + g * hs_xmss_pk_words(s), c->epochs[g], c->msg + g * s->msg_bytes,
                 c->sig + g * hs_xmss_sig_words(s));
        }
        verify_items(&e, its, n);
        for (size_t k = 0; k < n; k++) c->res[b + k] = its[k].r;
    }
    engine_free(&e);
    free(its);
}

int hs_xmss_check_many(const hs_xmss_scheme *s, size_t n, const uint32_t *pk, const uint32_t *epochs,
                        const uint8_t *msg, const uint32_t *sig, hs_xmss_result *res, char *why, size_t why_len,
                        unsigned threads) {
    many_ctx c = {s, pk, epochs, sig, msg, res, why, why_len, 0};
    /* one contiguous range a thread: each call sets up one engine */
    size_t per = threads > 1 ? (n + threads - 1) / threads : n;
    hs_parallel_batches(n, per < 16 ? 16 : per, threads, many_batch, &c);
    return !c.failed;
}

/* ---- the generator ---- */

void hs_xmss_message_elems(const hs_xmss_scheme *s, const uint8_t *msg, uint32_t *out) {
    engine e = {0};
    item *it = calloc(1, sizeof *it);
    if (it && engine_init(&e, s, 1)) {
        uint32_t m[HS_XMSS_MAX_MSG_LIMBS];
        msg_limbs(s, msg, m);
        for (unsigned i = 0; i < s->msg_limbs; i++) it->limbs[i] = hs_kb_from_u32(m[i]);
        stage(&e, it, 1, HS_XK_MSG, 0);
        for (unsigned i = 0; i < s->msg_elems; i++) out[i] = hs_kb_to_u32(it->msg[i]);
    } else {
        memset(out, 0, s->msg_elems * sizeof *out);
    }
    engine_free(&e);
    free(it);
}

static uint32_t rand_elem(hs_rng *r) { return (uint32_t)hs_rng_below(r, HS_KB_P); }

unsigned long hs_xmss_sign_random(const hs_xmss_scheme *s, uint64_t seed, uint32_t epoch, const uint8_t *msg, uint32_t *pk,
                           uint32_t *sig, unsigned long max_tries) {
    const unsigned d = s->digest, pkw = hs_xmss_pk_words(s), sigw = hs_xmss_sig_words(s);
    hs_rng rng;
    hs_rng_seed(&rng, seed);
    memset(pk, 0, pkw * sizeof *pk);
    for (unsigned i = 0; i < s->param; i++) pk[d + i] = rand_elem(&rng);
    for (unsigned i = 0; i < sigw; i++) sig[i] = rand_elem(&rng); /* randomness, chain starts, siblings */
    item *it = calloc(1, sizeof *it);
    engine e = {0};
    unsigned long tries = 0;
    if (!it || !engine_init(&e, s, 1)) goto done;
    load(s, it, pk, epoch, msg, sig);
    if (it->r != HS_XR_OK) goto done;
    /* grind the randomness until the encoding is valid */
    for (tries = 1;; tries++) {
        encode(&e, it, 1);
        if (it->r == HS_XR_OK) break;
        if (tries >= max_tries) {
            tries = 0;
            goto done;
        }
        it->r = HS_XR_OK;
        for (unsigned i = 0; i < s->rand; i++) sig[i] = rand_elem(&rng), it->sig[i] = hs_kb_from_u32(sig[i]);
    }
    /* the tips: chain i from its secret start through positions 0 .. x_i - 1 */
    for (unsigned i = 0; i < s->v; i++) {
        memcpy(it->val[i], it->sig + s->rand + i * d, d * sizeof(hs_kb));
        it->from[i] = 0, it->to[i] = it->digit[i];
    }
    chains(&e, it, 1);
    for (unsigned i = 0; i < s->v; i++)
        for (unsigned j = 0; j < d; j++) sig[s->rand + i * d + j] = hs_kb_to_u32(it->val[i][j]);
    /* the ends, the leaf and the root above the random siblings */
    for (unsigned i = 0; i < s->v; i++) it->from[i] = it->digit[i], it->to[i] = (uint8_t)steps_max(s);
    chains(&e, it, 1);
    leaf_and_path(&e, it, 1);
    for (unsigned j = 0; j < d; j++) pk[j] = hs_kb_to_u32(it->node[j]);
done:
    engine_free(&e);
    free(it);
    return tries;
}
