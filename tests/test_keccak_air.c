/* The Keccak-f[1600] AIR (air/keccak_air.h) through the AIR interface: honest traces satisfy every
 * constraint; the trace's outputs, every row's output state and the statement bindings agree with
 * the native permutation (hash/keccak.c) and the XKCP vectors; the three evaluators (one row, 8
 * rows in AVX2 lanes, challenge-field values) agree on random rows; a change to any single cell of
 * any column kind is caught; the trace does not depend on the thread count; and the stark proves
 * 2^2 .. 2^6 permutations, private and public, and rejects altered proofs and tables. */
#include <stdlib.h>
#include <string.h>

#include "air/air.h"
#include "air/keccak_air.h"
#include "hash/keccak.h"
#include "stark/stark.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "vecjson.h"

static hs_air air;

static hs_kbe rand_kbe(hs_rng *rng, unsigned d) {
    hs_kbe x = hs_kbe_zero();
    for (unsigned t = 0; t < d; t++) x.c[t] = hs_test_rand_kb(rng);
    return x;
}

static void lanes_to_words(const uint64_t st[25], uint32_t w[50]) {
    for (unsigned L = 0; L < 25; L++) {
        w[2 * L] = (uint32_t)st[L];
        w[2 * L + 1] = (uint32_t)(st[L] >> 32);
    }
}

/* The lanes a row's 100 limbs (at col) encode; 0 if some limb is not a 16-bit value. */
static int limbs_to_lanes(const hs_kb *limbs, uint64_t st[25]) {
    for (unsigned L = 0; L < 25; L++) {
        st[L] = 0;
        for (unsigned q = 0; q < 4; q++) {
            uint32_t v = hs_kb_to_u32(limbs[4 * L + q]);
            if (v >> 16) return 0;
            st[L] |= (uint64_t)v << (16 * q);
        }
    }
    return 1;
}

/* Every binding of slot 0, read the way air.h defines it, against the statement lines. */
static void check_binds(const hs_kb *tr, size_t n, const uint32_t *in, const uint32_t *out) {
    for (size_t b = 0; b < air.n_binds; b++) {
        const hs_air_bind *bd = &air.binds[b];
        const uint32_t *lines = bd->io ? out : in;
        const unsigned words = bd->io ? air.out_words : air.in_words;
        for (size_t k = 0; k < n; k++) {
            const hs_kb *row = tr + (k * air.rows_per_inst + bd->phase) * air.width;
            for (unsigned i = 0; i < bd->count; i++) {
                uint64_t want = (lines[k * words + bd->word + i] >> bd->shift) & ((1ull << bd->len) - 1), got = 0;
                for (unsigned j = 0; j < bd->len / bd->col_bits; j++)
                    got |= (uint64_t)hs_kb_to_u32(row[bd->col + i * bd->word_step + j * bd->col_step])
                           << (j * bd->col_bits);
                CHECK_EQ_U64(got, want);
            }
        }
    }
}

static hs_kb *make_trace(const uint64_t *states, size_t n, unsigned threads, uint32_t *outw) {
    uint32_t *inw = malloc(n * 50 * sizeof *inw);
    hs_kb *tr = hs_alloc_array(n * air.rows_per_inst, air.width * sizeof *tr);
    for (size_t k = 0; k < n; k++) lanes_to_words(states + 25 * k, inw + 50 * k);
    CHECK(tr && air.ops->trace(&air, inw, n, tr, outw, threads));
    free(inw);
    return tr;
}

/* Honest traces of random states: outputs, per-row states, bindings, thread independence, and
 * every constraint vanishing. */
static void honest(hs_rng *rng, size_t n) {
    uint64_t *st = malloc(n * 25 * sizeof *st), ref[25], got[25];
    uint32_t *inw = malloc(n * 50 * sizeof *inw), *out1 = malloc(n * 50 * sizeof *out1), *out2 = malloc(n * 50 * sizeof *out2);
    for (size_t i = 0; i < n * 25; i++) st[i] = hs_rng_u64(rng);
    for (size_t k = 0; k < n; k++) lanes_to_words(st + 25 * k, inw + 50 * k);
    hs_kb *t1 = make_trace(st, n, 1, out1), *t2 = make_trace(st, n, 2, out2);
    const size_t rows = n * air.rows_per_inst;
    CHECK(!memcmp(t1, t2, rows * air.width * sizeof *t1));
    CHECK(!memcmp(out1, out2, n * 50 * sizeof *out1));
    for (size_t k = 0; k < n; k++) {
        memcpy(ref, st + 25 * k, sizeof ref);
        for (unsigned p = 0; p < air.rows_per_inst; p++) {
            const hs_kb *row = t1 + (k * air.rows_per_inst + p) * air.width;
            CHECK(limbs_to_lanes(row + HS_KAIR_A, got) && !memcmp(got, ref, sizeof ref));
            hs_keccakf1600_rounds(ref, 3 * p, 3);
            CHECK(limbs_to_lanes(row + HS_KAIR_OUT, got) && !memcmp(got, ref, sizeof ref));
        }
        memcpy(ref, st + 25 * k, sizeof ref);
        hs_keccakf1600(ref);
        uint32_t w[50];
        lanes_to_words(ref, w);
        CHECK(!memcmp(w, out1 + 50 * k, sizeof w));
    }
    check_binds(t1, n, inw, out1);
    hs_kbe alpha = rand_kbe(rng, 5);
    CHECK_EQ_U64(hs_air_first_failing_row(&air, t1, rows, alpha), rows);
    free(st), free(inw), free(out1), free(out2);
    hs_free(t1), hs_free(t2);
}

/* XKCP's all-zero case: the output and the state after every round (each row's out holds the
 * state after its third round). */
static void vectors(hs_rng *rng) {
    vj *doc = vj_load("keccak_f1600.json");
    const vj *cases = vj_get(doc, "cases"), *rho = vj_path(doc, "rho_offsets.rho_offsets");
    for (unsigned y = 0; y < 5; y++)
        for (unsigned x = 0; x < 5; x++) CHECK_EQ_U64(vj_u64(vj_at(vj_at(rho, y), x)), hs_kair_rho[x + 5 * y]);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *cs = vj_at(cases, c), *after = vj_get(cs, "after_each_round_lanes_hex");
        uint64_t in[25], want[25], got[25];
        for (unsigned L = 0; L < 25; L++) {
            in[L] = strtoull(vj_str(vj_at(vj_get(cs, "input_lanes_hex"), L)), NULL, 16);
            want[L] = strtoull(vj_str(vj_at(vj_get(cs, "output_lanes_hex"), L)), NULL, 16);
        }
        uint32_t outw[50], ww[50];
        hs_kb *tr = make_trace(in, 1, 1, outw);
        lanes_to_words(want, ww);
        CHECK(!memcmp(outw, ww, sizeof ww));
        for (unsigned p = 0; after && p < air.rows_per_inst; p++) {
            CHECK(limbs_to_lanes(tr + (size_t)p * air.width + HS_KAIR_OUT, got));
            for (unsigned L = 0; L < 25; L++)
                CHECK_EQ_U64(got[L], strtoull(vj_str(vj_at(vj_at(after, 3 * p + 2), L)), NULL, 16));
        }
        CHECK_EQ_U64(hs_air_first_failing_row(&air, tr, air.rows_per_inst, rand_kbe(rng, 5)),
                     air.rows_per_inst);
        hs_free(tr);
    }
    vj_free(doc);
}

/* eval_rows8, the 16-row evaluation (AVX-512 where the CPU has it) and eval_ext against eval_row,
 * on random rows (random next rows and periodic values too) and on honest rows with their true
 * periodic values. */
static void evaluators(hs_rng *rng, unsigned d) {
    const size_t w = air.width, np = air.n_periodic;
    hs_kb *pow = malloc(air.n_constraints * d * sizeof *pow);
    hs_kb *rows = malloc(32 * w * sizeof *rows), per8[HS_AIR_MAX_PERIODIC * 8], per[HS_AIR_MAX_PERIODIC];
    hs_kb per16[HS_AIR_MAX_PERIODIC * 16];
    hs_kbe *le = malloc(w * sizeof *le), *ne = malloc(w * sizeof *ne), pe[HS_AIR_MAX_PERIODIC];
    void *scratch = hs_alloc_array(1, air.ops->rows8_scratch_bytes(&air));
    hs_air_alpha_powers(d, rand_kbe(rng, d), air.n_constraints, pow);
    uint64_t st[25];
    for (unsigned i = 0; i < 25; i++) st[i] = hs_rng_u64(rng);
    hs_kb *honest_tr = make_trace(st, 1, 1, NULL);
    for (int round = 0; round < 3; round++) {
        const hs_kb *loc[8], *nxt[8], *loc16[16], *nxt16[16];
        for (size_t i = 0; i < 32 * w; i++) rows[i] = hs_test_rand_kb(rng);
        for (size_t i = 0; i < np * 16; i++) per16[i] = hs_test_rand_kb(rng);
        for (unsigned j = 0; j < 16; j++) {
            const unsigned ph = (j + (unsigned)round) % 8;
            loc16[j] = round ? honest_tr + ph * w : rows + j * w;
            nxt16[j] = round ? honest_tr + ((ph + 1) % 8) * w : rows + (16 + j) * w;
            for (size_t c = 0; round && c < np; c++) per16[c * 16 + j] = air.periodic_vals[c * 8 + ph];
        }
        for (size_t i = 0; i < np * 8; i++) per8[i] = hs_test_rand_kb(rng);
        for (unsigned j = 0; j < 8; j++) loc[j] = rows + j * w, nxt[j] = rows + (8 + j) * w;
        if (round > 0) /* honest rows (the next one too) at their phases */
            for (unsigned j = 0; j < 8; j++) {
                unsigned ph = (j + (unsigned)round) % 8;
                loc[j] = honest_tr + ph * w;
                nxt[j] = honest_tr + ((ph + 1) % 8) * w;
                for (size_t c = 0; c < np; c++) per8[c * 8 + j] = air.periodic_vals[c * 8 + ph];
            }
        hs_kbe c8[8], c1;
        air.ops->eval_rows8(&air, d, loc, nxt, per8, pow, scratch, c8);
        for (unsigned j = 0; j < 8; j++) {
            for (size_t c = 0; c < np; c++) per[c] = per8[c * 8 + j], pe[c] = hs_kbe_from_base(per[c]);
            air.ops->eval_row(&air, d, loc[j], nxt[j], per, pow, &c1);
            CHECK(hs_kbe_eq(c1, c8[j]));
            for (size_t i = 0; i < w; i++) le[i] = hs_kbe_from_base(loc[j][i]), ne[i] = hs_kbe_from_base(nxt[j][i]);
            CHECK(hs_kbe_eq(c1, air.ops->eval_ext(&air, d, le, ne, pe, pow)));
            CHECK(round == 0 ? !hs_kbe_is_zero(c1) : hs_kbe_is_zero(c1));
        }
        hs_kbe c16[16];
        hs_air_eval_rows16(&air, d, loc16, nxt16, per16, pow, scratch, c16);
        for (unsigned j = 0; j < 16; j++) {
            for (size_t c = 0; c < np; c++) per[c] = per16[c * 16 + j];
            air.ops->eval_row(&air, d, loc16[j], nxt16[j], per, pow, &c1);
            CHECK(hs_kbe_eq(c1, c16[j]));
            CHECK(round == 0 ? !hs_kbe_is_zero(c1) : hs_kbe_is_zero(c1));
        }
    }
    /* challenge-field values that are no embedded row: nonzero */
    for (size_t i = 0; i < w; i++) le[i] = rand_kbe(rng, d), ne[i] = rand_kbe(rng, d);
    for (size_t c = 0; c < np; c++) pe[c] = rand_kbe(rng, d);
    CHECK(!hs_kbe_is_zero(air.ops->eval_ext(&air, d, le, ne, pe, pow)));
    hs_free(honest_tr), hs_free(scratch);
    free(pow), free(rows), free(le), free(ne);
}

/* One changed cell anywhere makes some row fail: a sample of cells of every column kind, in
 * every phase, changed by a random amount and (bit cells) flipped to the other bit. */
static void tamper(hs_rng *rng) {
    enum { N = 2 };
    uint64_t st[25 * N];
    for (unsigned i = 0; i < 25 * N; i++) st[i] = hs_rng_u64(rng);
    hs_kb *tr = make_trace(st, N, 1, NULL);
    const size_t rows = N * air.rows_per_inst;
    struct {
        const char *name;
        size_t col, count;
    } kinds[] = {
        {"a", HS_KAIR_A, 100},     {"c", HS_KAIR_C, 320}, {"c'", HS_KAIR_CP, 320}, {"a'", HS_KAIR_AP, 1600},
        {"iota", HS_KAIR_IOTA, 7}, {"out", HS_KAIR_OUT, 100},
    };
    hs_kbe alpha = rand_kbe(rng, 5);
    const unsigned per_kind = (unsigned)hs_test_iters(6);
    for (size_t kd = 0; kd < sizeof kinds / sizeof kinds[0]; kd++) {
        const int slotted = kinds[kd].col != HS_KAIR_A && kinds[kd].col != HS_KAIR_OUT;
        for (unsigned it = 0; it < per_kind * air.rows_per_inst && !TOO_MANY_FAILURES(); it++) {
            size_t r = (it % air.rows_per_inst) + air.rows_per_inst * hs_rng_below(rng, N);
            size_t col = kinds[kd].col + hs_rng_below(rng, kinds[kd].count);
            if (slotted) col += HS_KAIR_ROUND(hs_rng_below(rng, 3));
            hs_kb *cell = tr + r * air.width + col, old = *cell;
            for (int how = 0; how < 2; how++) {
                if (how == 0)
                    *cell = hs_kb_add(old, hs_kb_from_u32(1 + (uint32_t)hs_rng_below(rng, HS_KB_P - 1)));
                else if (slotted)
                    *cell = old ? 0 : HS_KB_ONE;
                else /* a limb off by one, still 16 bits */
                    *cell = hs_kb_to_u32(old) ? hs_kb_sub(old, HS_KB_ONE) : HS_KB_ONE;
                size_t bad = hs_air_first_failing_row(&air, tr, rows, alpha);
                if (bad >= rows) fprintf(stderr, "tamper %s row %zu col %zu (how %d) not caught\n", kinds[kd].name, r, col, how);
                CHECK(bad < rows);
                *cell = old;
            }
        }
    }
    CHECK_EQ_U64(hs_air_first_failing_row(&air, tr, rows, alpha), rows);
    hs_free(tr);
}

/* The stark end to end at 2^2 .. 2^6 permutations (to 2^4 in a sanitizer build): private and
 * public proofs verify, with the outputs the native permutation gives; a changed byte (a sample
 * of positions), a changed output word or a missing table is rejected. */
static void stark(hs_rng *rng) {
    const unsigned lp_max = hs_test_sanitized() ? 4 : 6; /* 2^5 and 2^6 dominated the ASan run */
    for (unsigned lp = 2; lp <= lp_max; lp++)
        for (int pub = 0; pub < 2; pub++) {
            const size_t n = (size_t)1 << lp;
            uint32_t *in = malloc(n * 50 * sizeof *in), *out = malloc(n * 50 * sizeof *out);
            for (size_t i = 0; i < n * 50; i++) in[i] = (uint32_t)hs_rng_u64(rng);
            hs_stark_shape s = {hs_preset_find("fast100"), air.id, lp, 0, {0}, pub, 0, 0, 0, 0};
            hs_writer w = {0};
            const char *why = NULL;
            int ok = hs_stark_prove(&s, in, 2, &w, out, NULL, &why);
            if (!ok) fprintf(stderr, "keccak stark 2^%u %s: %s\n", lp, pub ? "public" : "private", why);
            CHECK(ok);
            for (size_t k = 0; ok && k < n; k++) {
                uint64_t st[25];
                uint32_t wd[50];
                for (unsigned L = 0; L < 25; L++) st[L] = in[50 * k + 2 * L] | (uint64_t)in[50 * k + 2 * L + 1] << 32;
                hs_keccakf1600(st);
                lanes_to_words(st, wd);
                CHECK(!memcmp(wd, out + 50 * k, sizeof wd));
            }
            ok = ok && hs_stark_verify(w.data, w.len, pub ? in : NULL, pub ? out : NULL, pub ? n : 0, 2, NULL, &why);
            if (!ok) fprintf(stderr, "keccak stark 2^%u %s rejected: %s\n", lp, pub ? "public" : "private", why);
            CHECK(ok);
            for (int it = 0; it < 12 && w.len; it++) {
                size_t pos = it < 4 ? (size_t)it * 7 : hs_rng_below(rng, w.len);
                uint8_t old = w.data[pos];
                w.data[pos] ^= (uint8_t)(1u << hs_rng_below(rng, 8));
                CHECK(!hs_stark_verify(w.data, w.len, pub ? in : NULL, pub ? out : NULL, pub ? n : 0, 2, NULL, &why));
                w.data[pos] = old;
            }
            if (pub) {
                size_t pos = hs_rng_below(rng, n * 50);
                out[pos] ^= 1u << hs_rng_below(rng, 32);
                CHECK(!hs_stark_verify(w.data, w.len, in, out, n, 2, NULL, &why));
                CHECK(!hs_stark_verify(w.data, w.len, NULL, NULL, 0, 2, NULL, &why));
            }
            hs_w_free(&w);
            free(in), free(out);
        }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_keccak_air");
    if (!hs_cpu_has_avx512())
        printf("test_keccak_air: no AVX-512 on this CPU or build (or HS_SIMD below it): 16-row evaluations run as two 8-row halves, the AVX-512 evaluator is not compared\n");
    const hs_air_def *def = hs_air_find("keccak-f1600");
    CHECK(def && def == hs_air_by_id(3));
    if (!def || !def->init(&air, 0)) return hs_test_done("test_keccak_air");
    CHECK_EQ_U64(air.width, HS_KAIR_WIDTH);
    CHECK_EQ_U64(air.width, 6941);
    CHECK_EQ_U64(air.n_constraints, 8001);
    CHECK_EQ_U64(air.rows_per_inst, 8);
    CHECK_EQ_U64(air.inst_per_row, 1);
    CHECK_EQ_U64(air.degree, 3);
    CHECK(air.uses_next && air.n_periodic == 22 && air.in_words == 50 && air.out_words == 50);
    CHECK_EQ_U64(hs_air_log_rows(&air, 5), 8);
    /* periodic columns: round-constant bits of RC[3p + j] and the selector */
    for (unsigned p = 0; p < 8; p++) {
        for (unsigned j = 0; j < 3; j++) {
            uint64_t bits = 0;
            for (unsigned i = 0; i < HS_KAIR_N_IOTA; i++)
                bits |= (uint64_t)(air.periodic_vals[(7 * j + i) * 8 + p] == HS_KB_ONE) << hs_kair_rc_pos[i];
            CHECK_EQ_U64(bits, hs_keccak_rc[3 * p + j]);
        }
        CHECK_EQ_U64(air.periodic_vals[HS_KAIR_SEL * 8 + p], p < 7 ? HS_KB_ONE : 0);
    }
    vectors(&rng);
    honest(&rng, 1);
    honest(&rng, 5);
    evaluators(&rng, 4);
    evaluators(&rng, 5);
    tamper(&rng);
    stark(&rng);
    return hs_test_done("test_keccak_air");
}
