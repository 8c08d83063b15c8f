/* Fiat-Shamir transcript (transcript.h): a Keccak-f[1600] duplex sponge. The construction, exactly:
 *
 * State: the 200-byte Keccak state string; byte i is byte (i mod 8) of lane i/8, little-endian
 * (FIPS 202). RATE = 136 bytes (bytes 0..135); byte 199 (last capacity byte) marks direction changes.
 * f = hs_keccakf1600 (24 rounds).
 *
 * init(tag):   state = 0, pos = 0, absorbing; then absorb(u64 LE strlen(tag)) and absorb(tag bytes).
 *              A NULL tag counts as "".
 * absorb(m):   if squeezing: state[199] ^= 0x02, f, pos = 0, now absorbing (every absorb call does
 *              this, even an empty one). Then for each byte b of m: state[pos] ^= b, pos += 1; when
 *              pos reaches RATE: f, pos = 0. (So while absorbing, pos < RATE between calls.)
 * squeeze(n):  if absorbing: state[pos] ^= 0x01, state[RATE-1] ^= 0x80 (pad10*1), state[199] ^= 0x01,
 *              f, pos = 0, now squeezing (every squeeze call does this, even an empty one). Then for
 *              each output byte: if pos == RATE: f, pos = 0; output state[pos], pos += 1.
 * Consecutive absorbs concatenate (absorb(a); absorb(b) == absorb(a || b)) and so do consecutive
 * squeezes: callers absorb fixed-size or length-prefixed data.
 *
 * Typed absorbs: u64 = 8 bytes LE; digests = their 32 bytes; field elements = the bytes their
 *   descriptor writes (KoalaBear: each coefficient's canonical value as 4 bytes LE). Like every
 *   absorb, an empty one still switches direction.
 * sample(f):   switch to squeezing, then f->sample draws from squeeze (KoalaBear: per coefficient,
 *              repeat { x = squeeze 4 bytes as u32 LE, x &= 0x7fffffff } until x < p).
 * sample_bits: x = squeeze 4 bytes as u32 LE; return x mod 2^bits (bits clamped to 32; 4 bytes are
 *              consumed even for bits = 0).
 * check_pow(bits, nonce): absorb(u64 nonce); w = squeeze 8 bytes as u64 LE; holds iff bits <= 64
 *              and the low `bits` bits of w are zero (always for bits = 0).
 * grind(bits): the smallest nonce for which check_pow(copy of t, bits, nonce) holds. The prover then
 *              calls check_pow(t, bits, nonce) itself (it returns 1) so its transcript matches the
 *              verifier's. Parallel search: threads take chunks [c*CH, (c+1)*CH) in increasing c from
 *              a shared counter, scan each up to its first hit and record the smallest hit; a thread
 *              stops when its next chunk starts above the smallest hit so far. Chunks are handed out
 *              in order and all taken chunks finish before the result is read, so every nonce below
 *              the result was tried and failed: the same answer for any thread count and any CH. */
#include "transcript/transcript.h"

#include <omp.h>
#include <string.h>

#include "field/field_desc.h"
#include "hash/keccak.h"
#include "util/cpu.h"

#define RATE 136
#define DIR_BYTE 199
#define DIR_TO_SQUEEZE 0x01
#define DIR_TO_ABSORB 0x02

static inline void xor_byte(uint64_t st[25], unsigned k, uint8_t b) { st[k >> 3] ^= (uint64_t)b << (8 * (k & 7)); }
static inline uint8_t get_byte(const uint64_t st[25], unsigned k) { return (uint8_t)(st[k >> 3] >> (8 * (k & 7))); }

static inline uint64_t load64_le(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static void to_absorb(hs_transcript *t) {
    if (!t->squeezing) return;
    xor_byte(t->st, DIR_BYTE, DIR_TO_ABSORB);
    hs_keccakf1600(t->st);
    t->pos = 0;
    t->squeezing = 0;
}

static void to_squeeze(hs_transcript *t) {
    if (t->squeezing) return;
    xor_byte(t->st, t->pos, 0x01);
    xor_byte(t->st, RATE - 1, 0x80);
    xor_byte(t->st, DIR_BYTE, DIR_TO_SQUEEZE);
    hs_keccakf1600(t->st);
    t->pos = 0;
    t->squeezing = 1;
}

void hs_transcript_absorb(hs_transcript *t, const void *data, size_t len) {
    const uint8_t *in = data;
    to_absorb(t);
    while (len > 0) {
        if ((t->pos & 7) == 0 && len >= 8) { /* whole lanes where aligned */
            t->st[t->pos >> 3] ^= load64_le(in);
            t->pos += 8, in += 8, len -= 8;
        } else {
            xor_byte(t->st, t->pos++, *in++);
            len--;
        }
        if (t->pos == RATE) {
            hs_keccakf1600(t->st);
            t->pos = 0;
        }
    }
}

void hs_transcript_squeeze(hs_transcript *t, void *out, size_t len) {
    uint8_t *o = out;
    to_squeeze(t);
    for (size_t i = 0; i < len; i++) {
        if (t->pos == RATE) {
            hs_keccakf1600(t->st);
            t->pos = 0;
        }
        o[i] = get_byte(t->st, t->pos++);
    }
}

void hs_transcript_init(hs_transcript *t, const char *domain_tag) {
    memset(t, 0, sizeof *t);
    size_t len = domain_tag ? strlen(domain_tag) : 0;
    hs_transcript_absorb_u64(t, (uint64_t)len);
    hs_transcript_absorb(t, domain_tag ? domain_tag : "", len);
}

void hs_transcript_absorb_u64(hs_transcript *t, uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    hs_transcript_absorb(t, b, 8);
}

void hs_transcript_absorb_elems(hs_transcript *t, const hs_field_desc *f, const void *v, size_t n) {
    uint8_t buf[256];
    const size_t per = sizeof buf / f->elem_bytes;
    const uint8_t *e = v;
    to_absorb(t); /* an empty call still switches direction */
    for (size_t i = 0; i < n;) {
        size_t m = n - i < per ? n - i : per;
        f->write(buf, e + i * f->elem_size, m);
        hs_transcript_absorb(t, buf, m * f->elem_bytes);
        i += m;
    }
}

void hs_transcript_absorb_digests(hs_transcript *t, const hs_digest *v, size_t n) {
    to_absorb(t);
    for (size_t i = 0; i < n; i++) hs_transcript_absorb(t, v[i].b, sizeof v[i].b);
}

static uint32_t squeeze_u32(hs_transcript *t) {
    uint8_t b[4];
    hs_transcript_squeeze(t, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void squeeze_src(void *src, void *out, size_t len) { hs_transcript_squeeze(src, out, len); }

void hs_transcript_sample(hs_transcript *t, const hs_field_desc *f, void *out) {
    to_squeeze(t);
    f->sample(out, squeeze_src, t);
}

uint32_t hs_transcript_sample_bits(hs_transcript *t, unsigned bits) {
    uint32_t x = squeeze_u32(t);
    return bits >= 32 ? x : x & ((1u << bits) - 1);
}

/* ---- proof of work ---- */

static inline uint64_t pow_mask(unsigned bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }

int hs_transcript_check_pow(hs_transcript *t, unsigned bits, uint64_t nonce) {
    uint8_t b[8];
    hs_transcript_absorb_u64(t, nonce);
    hs_transcript_squeeze(t, b, 8);
    return bits <= 64 && (load64_le(b) & pow_mask(bits)) == 0;
}

typedef struct {
    const hs_transcript *t; /* generic path: clone, absorb, squeeze (2 permutations) */
    int fast;               /* the nonce and the padding fit in the current block: 1 permutation */
    unsigned p0;            /* byte position of the nonce */
    uint64_t base[25];      /* absorbing state with the padding and direction byte already applied */
    uint64_t mask;
} grind_ctx;

static void grind_setup(grind_ctx *g, const hs_transcript *t, unsigned bits) {
    hs_transcript c = *t;
    to_absorb(&c);
    g->t = t;
    g->mask = pow_mask(bits);
    g->p0 = c.pos;
    g->fast = c.pos + 8 < RATE;
    memcpy(g->base, c.st, sizeof g->base);
    if (g->fast) {
        xor_byte(g->base, c.pos + 8, 0x01);
        xor_byte(g->base, RATE - 1, 0x80);
        xor_byte(g->base, DIR_BYTE, DIR_TO_SQUEEZE);
    }
}

/* XORs the nonce's 8 LE bytes at byte p0 into lanes st[stride * lane]. */
static inline void xor_nonce(uint64_t *st, size_t stride, unsigned p0, uint64_t nonce) {
    unsigned a = p0 >> 3, s = 8 * (p0 & 7);
    st[stride * a] ^= nonce << s;
    if (s) st[stride * (a + 1)] ^= nonce >> (64 - s);
}

/* First valid nonce in [lo, lo + cnt), or UINT64_MAX. */
static uint64_t grind_scan(const grind_ctx *g, uint64_t lo, uint64_t cnt) {
    if (!g->fast) {
        for (uint64_t i = 0; i < cnt; i++) {
            hs_transcript c = *g->t;
            uint8_t b[8];
            hs_transcript_absorb_u64(&c, lo + i);
            hs_transcript_squeeze(&c, b, 8);
            if ((load64_le(b) & g->mask) == 0) return lo + i;
        }
        return UINT64_MAX;
    }
    uint64_t i = 0;
    if (hs_cpu_has_avx2()) { /* 8 nonces a call: hs_keccakf1600_x8 is AVX-512, else two AVX2 halves */
        uint64_t st8[25 * 8];
        for (; i + 8 <= cnt; i += 8) {
            for (int l = 0; l < 25; l++)
                for (unsigned j = 0; j < 8; j++) st8[8 * l + j] = g->base[l];
            for (unsigned j = 0; j < 8; j++) xor_nonce(st8 + j, 8, g->p0, lo + i + j);
            hs_keccakf1600_x8(st8);
            for (unsigned j = 0; j < 8; j++)
                if ((st8[j] & g->mask) == 0) return lo + i + j;
        }
    }
    for (; i < cnt; i++) {
        uint64_t st[25];
        memcpy(st, g->base, sizeof st);
        xor_nonce(st, 1, g->p0, lo + i);
        hs_keccakf1600(st);
        if ((st[0] & g->mask) == 0) return lo + i;
    }
    return UINT64_MAX;
}

uint64_t hs_transcript_grind(const hs_transcript *t, unsigned bits, unsigned threads) {
    if (bits == 0) return 0;
    if (bits > 40) return UINT64_MAX;
    grind_ctx g;
    grind_setup(&g, t, bits);
    /* per-thread range per round: about an eighth of the expected work, a multiple of 8 (the lanes) */
    uint64_t ch = ((uint64_t)1 << bits) >> 3;
    if (ch < 64) ch = 64;
    if (ch > 16384) ch = 16384;
    if (threads <= 1) {
        for (uint64_t base = 0; base < UINT64_MAX - ch; base += ch) {
            uint64_t f = grind_scan(&g, base, ch);
            if (f != UINT64_MAX) return f;
        }
        return UINT64_MAX;
    }
    (void)hs_cpu_has_avx512(), (void)hs_cpu_has_avx2(); /* resolve detection before the threads start */
    const uint64_t last = UINT64_MAX / ch - 1; /* chunks [c*ch, (c+1)*ch) for c < last */
    uint64_t next = 0, res = UINT64_MAX;
#pragma omp parallel num_threads(threads)
    for (;;) {
        uint64_t c, best;
#pragma omp atomic capture
        c = next++;
#pragma omp atomic read
        best = res;
        if (c >= last || c * ch >= best) break; /* every chunk below the best hit is taken */
        uint64_t f = grind_scan(&g, c * ch, ch);
        if (f != UINT64_MAX) {
#pragma omp critical(hs_grind_min)
            if (f < res) res = f;
        }
    }
    return res;
}
