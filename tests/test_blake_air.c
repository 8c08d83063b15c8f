/* The BLAKE3 and BLAKE2s compression AIRs (blake_air.h): traces of random and known-answer inputs
 * satisfy every constraint and give the native compressions' outputs bit for bit (and the
 * official vectors, and the one-block BLAKE3 hash `hashsnark hash` computes); the bindings read
 * the statement lines back out of the trace; 1 and 2 threads write the same trace; the AVX2 8-row
 * evaluator and the verifier's challenge-field evaluator equal the base one on random rows; and a
 * change to one cell, sampled in every kind of column, makes the row's combination nonzero. */
#include <string.h>

#include "air/blake_air.h"
#include "hash/blake2s.h"
#include "hash/blake3.h"
#include "stark/stark.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "vecjson.h"

#define IN HS_BLAKE_AIR_IN_WORDS

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int is_blake3(const hs_air *a) { return a->id == 4 || a->id == 8; } /* bits or limbs */

/* The native compression of one statement line. */
static void native(const hs_air *a, const uint32_t *in, uint32_t *out) {
    const uint64_t t = (uint64_t)in[25] << 32 | in[24];
    if (is_blake3(a)) hs_blake3_compress_words(in, in + 8, t, in[26], in[27], out);
    else hs_blake2s_compress_words(in, in + 8, t, in[26], in[27], out);
}

/* Word `word` of a statement line read back from a trace row through the bindings; 0 unless
 * they cover all its 32 bits in binds of at most 16 bits (the words are any u32: see air.h). */
static int bound_word(const hs_air *a, const hs_kb *row, unsigned io, unsigned word, uint32_t *w) {
    uint64_t v = 0, covered = 0;
    for (size_t b = 0; b < a->n_binds; b++) {
        const hs_air_bind *bd = &a->binds[b];
        if (bd->io != io || word < bd->word || word >= bd->word + bd->count) continue;
        if (bd->len > 16) return 0;
        uint64_t piece = 0;
        for (unsigned j = 0; j < bd->len / bd->col_bits; j++)
            piece += (uint64_t)hs_kb_to_u32(row[bd->col + (word - bd->word) * bd->word_step + j * bd->col_step])
                     << (j * bd->col_bits);
        v |= piece << bd->shift;
        covered |= (((uint64_t)1 << bd->len) - 1) << bd->shift;
    }
    *w = (uint32_t)v;
    return covered == 0xffffffffu;
}

/* Column kinds, found by walking the layout of blake_air.h independently of the library. */
enum { K_CV, K_M, K_ROW3, K_A1, K_D1, K_C1, K_B1, K_A2, K_D2, K_C2, K_B2, K_FA, K_FD, K_FC, K_FB, K_OUT, K_N };
static const char *const kind_name[K_N] = {"input cv/h bit", "input m bit", "input row-3 bit", "a' limb", "d' bit",
                                           "c' limb", "b' bit", "a'' limb", "d'' bit", "c'' limb", "b'' bit",
                                           "final a'' bit", "final d'' bit", "final c'' bit", "final b'' bit",
                                           "output limb"};

static void put(unsigned char *kind, size_t width, size_t *c, int k, unsigned n) {
    for (unsigned i = 0; i < n; i++, (*c)++)
        if (*c < width) kind[*c] = (unsigned char)k;
}

static size_t layout(const hs_air *a, unsigned char *kind) {
    const unsigned rounds = is_blake3(a) ? 7 : 10;
    const size_t w = a->width;
    size_t c = 0;
    put(kind, w, &c, K_CV, 8 * 32);
    put(kind, w, &c, K_M, 16 * 32);
    put(kind, w, &c, K_ROW3, 4 * 32);
    for (unsigned r = 0; r < rounds; r++)
        for (unsigned g = 0; g < 8; g++) {
            put(kind, w, &c, K_A1, 2);
            put(kind, w, &c, K_D1, 32);
            put(kind, w, &c, K_C1, 2);
            put(kind, w, &c, K_B1, 32);
            if (r + 1 == rounds && g >= 4) { /* the final state's words */
                put(kind, w, &c, K_FA, 32);
                put(kind, w, &c, K_FD, 32);
                put(kind, w, &c, K_FC, 32);
                if (!is_blake3(a)) put(kind, w, &c, K_FB, 32);
            } else {
                put(kind, w, &c, K_A2, 2);
                put(kind, w, &c, K_D2, 32);
                put(kind, w, &c, K_C2, 2);
                put(kind, w, &c, K_B2, 32);
            }
        }
    put(kind, w, &c, K_OUT, 2 * a->out_words);
    return c;
}

static void rand_row(hs_rng *rng, hs_kb *row, size_t w) {
    for (size_t i = 0; i < w; i++) row[i] = hs_test_rand_kb(rng);
}

static hs_kbe rand_alpha(hs_rng *rng, unsigned d) {
    hs_kbe x = hs_kbe_zero();
    for (unsigned t = 0; t < d; t++) x.c[t] = hs_test_rand_kb(rng);
    return x;
}

static hs_kbe eval1(const hs_air *a, unsigned d, const hs_kb *row, const hs_kb *pow) {
    hs_kbe c;
    a->ops->eval_row(a, d, row, NULL, NULL, pow, &c);
    return c;
}

static hs_kbe eval_embedded(const hs_air *a, unsigned d, const hs_kb *row, const hs_kb *pow, hs_kbe *ext) {
    for (size_t i = 0; i < a->width; i++) ext[i] = hs_kbe_from_base(row[i]);
    return a->ops->eval_ext(a, d, ext, NULL, NULL, pow);
}

/* n instances: random lines, with a few real ones among them when the hash has them */
static void make_inputs(hs_rng *rng, const hs_air *a, uint32_t *in, size_t n) {
    for (size_t i = 0; i < n * IN; i++) in[i] = (uint32_t)hs_rng_u64(rng);
    if (n < 2) return;
    /* a one-block hash of 0..64 bytes (BLAKE3: IV, counter 0, flags; BLAKE2s: h0, t = len, f0 = ~0) */
    uint32_t *l = in + IN;
    const uint32_t len = (uint32_t)hs_rng_below(rng, 65);
    for (unsigned i = 0; i < 8; i++) l[i] = is_blake3(a) ? hs_blake3_iv[i] : hs_blake2s_iv[i];
    l[24] = is_blake3(a) ? 0 : len, l[25] = 0;
    l[26] = is_blake3(a) ? len : 0xffffffffu;
    l[27] = is_blake3(a) ? HS_BLAKE3_CHUNK_START | HS_BLAKE3_CHUNK_END | HS_BLAKE3_ROOT : 0;
    if (!is_blake3(a)) l[0] ^= 0x01010020u;
    for (unsigned i = (unsigned)len; i < 64; i++) l[8 + i / 4] &= ~(0xffu << (8 * (i % 4))); /* zero padding */
}

/* For a one-block line of make_inputs: its output's first 8 words are the digest of the message
 * (what `hashsnark hash --hash blake3` or `--hash blake2s` prints: hs_blake3, hs_blake2s). */
static int one_block_digest_ok(const hs_air *a, const uint32_t *line, const uint32_t *out) {
    const size_t len = is_blake3(a) ? line[26] : line[24];
    uint8_t msg[64], dig[32];
    for (unsigned i = 0; i < 64; i++) msg[i] = (uint8_t)(line[8 + i / 4] >> (8 * (i % 4)));
    if (is_blake3(a)) hs_blake3(dig, msg, len);
    else hs_blake2s(dig, 32, NULL, 0, msg, len);
    for (unsigned i = 0; i < 8; i++)
        if (out[i] != rd32(dig + 4 * i)) return 0;
    return 1;
}

/* n random lines (make_inputs) traced on 1 and 2 threads into tr and tr2 (n x width each): the
 * same trace; outputs equal to the native compression and read back by the bindings, inputs read
 * back too; line 1's output holds its one-block digest; every constraint (and lookup) vanishes. */
static void trace_checks(hs_rng *rng, const hs_air *a, size_t n, uint32_t *in, uint32_t *out, hs_kb *tr, hs_kb *tr2) {
    const size_t w = a->width;
    uint32_t ref[16];
    make_inputs(rng, a, in, n);
    CHECK(a->ops->trace(a, in, n, tr, out, 1));
    CHECK(a->ops->trace(a, in, n, tr2, NULL, 2));
    CHECK(!memcmp(tr, tr2, n * w * sizeof *tr)); /* threads do not change the trace */

    /* outputs: the native compression, and what the bindings read back */
    for (size_t i = 0; i < n && !TOO_MANY_FAILURES(); i++) {
        native(a, in + i * IN, ref);
        CHECK(!memcmp(ref, out + i * a->out_words, a->out_words * sizeof *ref));
        for (unsigned j = 0; j < IN; j++) {
            uint32_t x = 0;
            CHECK(bound_word(a, tr + i * w, 0, j, &x) && x == in[i * IN + j]);
        }
        for (unsigned j = 0; j < a->out_words; j++) {
            uint32_t x = 0;
            CHECK(bound_word(a, tr + i * w, 1, j, &x) && x == ref[j]);
        }
    }
    /* line 1 of make_inputs is a one-block hash: out[0..8] is the digest */
    CHECK(one_block_digest_ok(a, in + IN, out + a->out_words));

    /* every constraint vanishes on the honest trace */
    CHECK(hs_air_first_failing_row(a, tr, n, rand_alpha(rng, 5)) == n);
}

static void run(hs_rng *rng, const hs_air *a) {
    const size_t n = 8, w = a->width;
    printf("%s: %zu columns, %zu constraints, degree %u\n", a->name, w, a->n_constraints, a->degree);
    unsigned char *kind = malloc(w);
    CHECK(layout(a, kind) == w); /* the library's width is the layout of the header comment */
    CHECK(a->rows_per_inst == 1 && a->inst_per_row == 1 && !a->uses_next && a->n_periodic == 0);
    CHECK(a->in_words == IN && a->word_modulus == 0);

    uint32_t *in = malloc(n * IN * sizeof *in), *out = malloc(n * 16 * sizeof *out);
    hs_kb *tr = malloc(n * w * sizeof *tr), *tr2 = malloc(n * w * sizeof *tr2);
    trace_checks(rng, a, n, in, out, tr, tr2);


    hs_kbe *ext = malloc(w * sizeof *ext);
    hs_kb *pow = malloc(a->n_constraints * 8 * sizeof *pow), *rows8 = malloc(8 * w * sizeof *rows8);
    void *scratch = hs_alloc_array(1, a->ops->rows8_scratch_bytes(a));
    const unsigned degrees[3] = {4, 5, 8};
    for (unsigned di = 0; di < 3; di++) {
        const unsigned d = degrees[di];
        hs_air_alpha_powers(d, rand_alpha(rng, d), a->n_constraints, pow);
        /* 8 rows at once = one at a time: random rows, and honest rows among them */
        rand_row(rng, rows8, 8 * w);
        memcpy(rows8 + 3 * w, tr, w * sizeof *tr);
        const hs_kb *r8[8];
        hs_kbe c8[8];
        for (unsigned j = 0; j < 8; j++) r8[j] = rows8 + j * w;
        a->ops->eval_rows8(a, d, r8, r8, NULL, pow, scratch, c8);
        for (unsigned j = 0; j < 8; j++) CHECK(hs_kbe_eq(c8[j], eval1(a, d, r8[j], pow)));
        CHECK(hs_kbe_is_zero(c8[3]) && !hs_kbe_is_zero(c8[0]));
        /* the verifier's evaluator on embedded base rows = the prover's */
        CHECK(hs_kbe_eq(eval_embedded(a, d, rows8, pow, ext), c8[0]));
        CHECK(hs_kbe_is_zero(eval_embedded(a, d, tr + 2 * w, pow, ext)));
    }

    /* one changed cell: sampled in every kind of column (the first, the last and random ones),
     * by a random nonzero amount and, for bits, by flipping them (which keeps them boolean) */
    hs_air_alpha_powers(4, rand_alpha(rng, 4), a->n_constraints, pow);
    size_t *cols = malloc(w * sizeof *cols);
    for (unsigned kd = 0; kd < K_N; kd++) {
        size_t count = 0;
        for (size_t c = 0; c < w; c++)
            if (kind[c] == kd) cols[count++] = c;
        if (!count) continue;
        const int bit = kd != K_A1 && kd != K_C1 && kd != K_A2 && kd != K_C2 && kd != K_OUT;
        unsigned tried = 0, caught = 0;
        for (unsigned s = 0; s < 24; s++) {
            const size_t c = cols[s == 0 ? 0 : s == 1 ? count - 1 : hs_rng_below(rng, count)];
            hs_kb *row = tr + hs_rng_below(rng, n) * w, old = row[c];
            for (int how = 0; how < 1 + bit; how++) {
                row[c] = how ? hs_kb_sub(HS_KB_ONE, old)
                             : hs_kb_add(old, hs_kb_from_u32(1 + (uint32_t)hs_rng_below(rng, HS_KB_P - 1)));
                hs_kbe cb = eval1(a, 4, row, pow);
                tried++, caught += !hs_kbe_is_zero(cb);
                if (s < 2) CHECK(hs_kbe_eq(cb, eval_embedded(a, 4, row, pow, ext)));
            }
            row[c] = old;
        }
        printf("  %-16s %5zu columns: %u of %u changes caught\n", kind_name[kd], count, caught, tried);
        CHECK(caught == tried);
    }
    free(cols);
    CHECK(hs_air_first_failing_row(a, tr, n, rand_alpha(rng, 4)) == n); /* restored */

    hs_free(scratch);
    free(kind), free(in), free(out), free(tr), free(tr2), free(ext), free(pow), free(rows8);
}

/* The official vectors of one-block messages: BLAKE3's 64-byte XOF block is the whole 16-word
 * compression output; a BLAKE2s digest is h' (keyed: two compressions, the key block first). */
static void vectors(const hs_air *b3, const hs_air *b2s) {
    vj *v = vj_load("blake3.json");
    const vj *cases = vj_get(v, "cases");
    unsigned done = 0;
    for (size_t i = 0; i < vj_len(cases); i++) {
        const vj *c = vj_at(cases, i);
        uint8_t msg[64] = {0}, xof[131];
        const size_t len = vj_u64(vj_get(c, "input_len"));
        if (len > 64) continue;
        CHECK(vj_hex(vj_get(c, "input_hex"), msg, sizeof msg) == len);
        CHECK(vj_hex(vj_get(c, "hash_xof_hex"), xof, sizeof xof) == sizeof xof);
        uint32_t line[IN], out[16];
        for (unsigned j = 0; j < 8; j++) line[j] = hs_blake3_iv[j];
        for (unsigned j = 0; j < 16; j++) line[8 + j] = rd32(msg + 4 * j);
        line[24] = line[25] = 0, line[26] = (uint32_t)len;
        line[27] = HS_BLAKE3_CHUNK_START | HS_BLAKE3_CHUNK_END | HS_BLAKE3_ROOT;
        hs_kb *row = malloc(b3->width * sizeof *row);
        CHECK(b3->ops->trace(b3, line, 1, row, out, 1));
        CHECK(hs_air_first_failing_row(b3, row, 1, hs_kbe_one()) == 1);
        for (unsigned j = 0; j < 16; j++) CHECK(out[j] == rd32(xof + 4 * j));
        free(row);
        done++;
    }
    vj_free(v);
    printf("blake3: %u one-block vectors\n", done);
    v = vj_load("blake2s.json");
    cases = vj_get(v, "cases");
    done = 0;
    for (size_t i = 0; i < vj_len(cases); i++) {
        const vj *c = vj_at(cases, i);
        uint8_t msg[256] = {0}, key[64] = {0}, dig[32];
        const size_t len = vj_hex(vj_get(c, "input_hex"), msg, sizeof msg);
        const size_t klen = vj_hex(vj_get(c, "key_hex"), key, sizeof key);
        if (len > 64) continue; /* one message block (after the key block, if any) */
        CHECK(vj_hex(vj_get(c, "digest_hex"), dig, sizeof dig) == 32);
        /* two lines when keyed: the second's h is the first's h' */
        uint32_t lines[2 * IN], out[16];
        hs_kb *rows = malloc(2 * b2s->width * sizeof *rows);
        unsigned nl = 0;
        uint32_t h[8];
        for (unsigned j = 0; j < 8; j++) h[j] = hs_blake2s_iv[j];
        h[0] ^= 0x01010020u ^ (uint32_t)klen << 8;
        /* blocks: the key block (if keyed), then the message block (unless keyed and empty) */
        const int nb = klen && len ? 2 : 1;
        for (int blk = 0; blk < nb; blk++, nl++) {
            uint32_t *l = lines + nl * IN;
            const int is_key = klen && blk == 0, last = blk + 1 == nb;
            const uint8_t *b = is_key ? key : msg;
            memcpy(l, h, sizeof h);
            for (unsigned j = 0; j < 16; j++) l[8 + j] = rd32(b + 4 * j);
            l[24] = (uint32_t)(is_key ? 64 : (klen ? 64 : 0) + len), l[25] = 0;
            l[26] = last ? 0xffffffffu : 0, l[27] = 0;
            CHECK(b2s->ops->trace(b2s, l, 1, rows + nl * b2s->width, out, 1));
            memcpy(h, out, sizeof h);
        }
        CHECK(hs_air_first_failing_row(b2s, rows, nl, hs_kbe_one()) == nl);
        for (unsigned j = 0; j < 8; j++) CHECK(h[j] == rd32(dig + 4 * j));
        free(rows);
        done++;
    }
    vj_free(v);
    printf("blake2s: %u vectors of one message block (keyed ones after the key block)\n", done);
}

/* Public statements proved end to end, with words above p, and rejected with tables that agree
 * with the proven lines mod p only (W + p read as W). The honest prover digests the table it
 * traced, so the digest alone rejects these; against a prover that digests one table and traces
 * the other, the bindings' pieces do (bound_word checks their size). */
static void public_aliases(hs_rng *rng, const hs_air *a) {
    const size_t n = 4, wi = a->in_words, wo = a->out_words;
    uint32_t *in = malloc(n * wi * sizeof *in), *out = malloc(n * wo * sizeof *out);
    make_inputs(rng, a, in, n);
    in[8] = (uint32_t)hs_rng_below(rng, (1ull << 32) - HS_KB_P) + HS_KB_P; /* m[0] of line 0, >= p */
    hs_stark_shape s;
    const char *why = NULL;
    CHECK(hs_stark_make_shape(&s, hs_preset_find("compat"), a->id, 2, 0, 1, &why));
    hs_writer w = {0};
    CHECK(hs_stark_prove(&s, in, 2, &w, out, NULL, &why));
    CHECK(hs_stark_verify(w.data, w.len, in, out, n, 1, NULL, &why));
    CHECK(one_block_digest_ok(a, in + IN, out + wo)); /* and the verified table holds the digest */
    in[8] -= HS_KB_P;
    CHECK(!hs_stark_verify(w.data, w.len, in, out, n, 1, NULL, &why));
    in[8] += HS_KB_P;
    unsigned aliased = 0;
    for (size_t i = 0; i < n * wo; i++) {
        const uint32_t o = out[i];
        out[i] = o >= HS_KB_P ? o - HS_KB_P : o < (uint32_t)(0u - HS_KB_P) ? o + HS_KB_P : o;
        if (out[i] == o) continue;
        CHECK(!hs_stark_verify(w.data, w.len, in, out, n, 1, NULL, &why));
        out[i] = o;
        if (++aliased == 3) break;
    }
    CHECK(aliased > 0);
    printf("%s: public 2^2 proof (%zu bytes) accepted; tables equal to it mod p rejected\n", a->name, w.len);
    hs_w_free(&w);
    free(in), free(out);
}

/* End to end at 2^6: a private proof verifies; a proof of a trace with one cell changed, one cell
 * of each column kind (the prover's test hook), does not. */
static void end_to_end(hs_rng *rng, const hs_air *a) {
    const unsigned logp = 6;
    const size_t n = (size_t)1 << logp, w = a->width;
    uint32_t *in = malloc(n * IN * sizeof *in);
    make_inputs(rng, a, in, n);
    unsigned char *kind = malloc(w);
    layout(a, kind);
    hs_stark_shape s;
    const char *why = NULL;
    CHECK(hs_stark_make_shape(&s, hs_preset_find("compat"), a->id, logp, 0, 0, &why));
    hs_writer pw = {0};
    CHECK(hs_stark_prove(&s, in, 2, &pw, NULL, NULL, &why));
    CHECK(hs_stark_verify(pw.data, pw.len, NULL, NULL, 0, 2, NULL, &why));
    const size_t size = pw.len;
    hs_w_free(&pw);
    unsigned tried = 0, rejected = 0;
    for (unsigned kd = 0; kd < K_N; kd++) {
        size_t c = 0, seen = 0;
        for (size_t i = 0; i < w; i++) /* a random column of this kind */
            if (kind[i] == kd && hs_rng_below(rng, ++seen) == 0) c = i;
        if (!seen) continue;
        s.corrupt_cell = 1 + hs_rng_below(rng, n) * w + c;
        CHECK(hs_stark_prove(&s, in, 2, &pw, NULL, NULL, &why));
        const int ok = hs_stark_verify(pw.data, pw.len, NULL, NULL, 0, 2, NULL, &why);
        if (ok) fprintf(stderr, "%s: accepted a proof with a %s cell changed\n", a->name, kind_name[kd]);
        tried++, rejected += !ok;
        hs_w_free(&pw);
    }
    CHECK(tried == rejected);
    printf("%s: private 2^%u proof (%zu bytes) accepted; %u of %u proofs of a trace with one changed cell rejected\n",
           a->name, logp, size, rejected, tried);
    free(in), free(kind);
}

/* The limb layout (blake_limb_air.h): the same outputs as the native compression, bit for bit,
 * and the one-block digest; bindings read the lines back; threads do not change the trace; every
 * constraint and lookup holds on honest rows; the verifier's evaluators (constraints and lookup
 * tuples) equal the prover's on embedded rows. Its single-cell changes are test_air's. */
static void limbs(hs_rng *rng, const hs_air *a) {
    const size_t n = 8, w = a->width;
    printf("%s: %zu columns, %zu constraints, %zu lookups, degree %u\n", a->name, w, a->n_constraints, a->n_lookups,
           a->degree);
    CHECK(a->rows_per_inst == 1 && a->inst_per_row == 1 && !a->uses_next && a->n_lookups > 0);
    uint32_t *in = malloc(n * IN * sizeof *in), *out = malloc(n * 16 * sizeof *out);
    hs_kb *tr = malloc(n * w * sizeof *tr), *tr2 = malloc(n * w * sizeof *tr2);
    trace_checks(rng, a, n, in, out, tr, tr2);
    const unsigned d = 5;
    hs_kbe *ext = malloc(w * sizeof *ext), *le = malloc(3 * a->n_lookups * sizeof *le);
    hs_kb *pow = malloc(a->n_constraints * d * sizeof *pow), *lb = malloc(3 * a->n_lookups * sizeof *lb);
    hs_kb *row = malloc(w * sizeof *row);
    hs_air_alpha_powers(d, rand_alpha(rng, d), a->n_constraints, pow);
    for (int k = 0; k < 2; k++) { /* an honest row, then a random one */
        if (k) rand_row(rng, row, w);
        else memcpy(row, tr + w, w * sizeof *row);
        const hs_kbe c = eval1(a, d, row, pow);
        CHECK(hs_kbe_eq(eval_embedded(a, d, row, pow, ext), c));
        CHECK(k ? !hs_kbe_is_zero(c) : hs_kbe_is_zero(c));
        a->ops->lookup_row(a, row, lb);
        a->ops->lookup_ext(a, d, ext, le);
        for (size_t i = 0; i < 3 * a->n_lookups; i++) CHECK(hs_kbe_eq(le[i], hs_kbe_from_base(lb[i])));
    }
    /* the packed tuples of 8 rows (the prover's quotient) at every SIMD level = lookup_row on each */
    CHECK(a->lookup_rows8 != NULL);
    if (a->lookup_rows8) {
        hs_kb *rows = malloc(8 * w * sizeof *rows), *v8 = hs_alloc_array(8 * 3 * a->n_lookups, sizeof *v8);
        void *scr = hs_alloc_array(1, a->ops->rows8_scratch_bytes(a));
        const hs_kb *rp[8];
        for (unsigned j = 0; j < 8; j++) {
            if (j < 2) memcpy(rows + j * w, tr + j * w, w * sizeof *rows); /* honest rows, then random ones */
            else rand_row(rng, rows + j * w, w);
            rp[j] = rows + j * w;
        }
        const hs_simd top = hs_cpu_simd_detected();
        for (unsigned lv = 0; lv <= (unsigned)top; lv++) {
            hs_cpu_simd_force((hs_simd)lv);
            memset(v8, 0xff, 8 * 3 * a->n_lookups * sizeof *v8);
            a->lookup_rows8(a, rp, scr, v8);
            size_t bad = 0;
            for (unsigned j = 0; j < 8; j++) {
                a->ops->lookup_row(a, rp[j], lb);
                for (size_t k = 0; k < 3 * a->n_lookups; k++) bad += v8[8 * k + j] != lb[k];
            }
            CHECK_EQ_U64(bad, 0);
        }
        hs_cpu_simd_force(top);
        free(rows), hs_free(v8), hs_free(scr);
    }
    free(in), free(out), free(tr), free(tr2), free(ext), free(le), free(pow), free(lb), free(row);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_blake_air");
    hs_air b3, b2s;
    const hs_air_def *d3 = hs_air_find("blake3-bits"), *d2 = hs_air_find("blake2s-bits");
    CHECK(d3 && d3->id == 4 && hs_air_by_id(4) == d3 && d3->init(&b3, 0));
    CHECK(d2 && d2->id == 5 && hs_air_by_id(5) == d2 && d2->init(&b2s, 3));
    if (hs_test_failures) return hs_test_done("test_blake_air");
    CHECK(b3.width == 8656 && b3.n_constraints == 9112 && b3.out_words == 16);
    CHECK(b2s.width == 12032 && b2s.n_constraints == 12688 && b2s.out_words == 8);
    vectors(&b3, &b2s);
    run(&rng, &b3);
    run(&rng, &b2s);
    public_aliases(&rng, &b3);
    public_aliases(&rng, &b2s);
    end_to_end(&rng, &b3);
    end_to_end(&rng, &b2s);
    for (unsigned id = 8; id <= 9; id++) { /* the limb layouts */
        hs_air l;
        CHECK(hs_air_by_id(id) && hs_air_by_id(id)->init(&l, 0));
        if (hs_test_failures) break;
        limbs(&rng, &l);
        public_aliases(&rng, &l);
    }
    return hs_test_done("test_blake_air");
}
