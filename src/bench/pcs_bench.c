/* hashsnark bench --pcs binary (pcs_bench.h). For each size 2^N and thread count (1, then T when
 * T > 1): a random table of 2^N GF(2^128) values (with --log-bits, of 2^N GF(2) values packed 128
 * an element, opened by ring switching), committed (encode + Merkle tree), opened at a
 * random point (the value computed first, outside the timers), and the opening verified. Each
 * row runs twice and prints each phase's faster run: the first run of a process maps its big
 * buffers fresh from the kernel (page faults: seconds at 2^24), later ones reuse the pages
 * util/mem.h keeps, so the first row alone would pay them. On a shared machine rerun and compare. */
#include "bench/pcs_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "commit/binfri.h"
#include "commit/ringsw.h"
#include "statement/pcsstmt.h"
#include "whir/whir.h"
#include "util/rng.h"
#include "util/timer.h"

typedef struct {
    double commit_s, open_s, verify_s;
    size_t bytes;
    double bits;
} row;

static int run(const hs_binfri_params *p, int ring, unsigned threads, row *out, const char **why) {
    const hs_mlc s = ring ? hs_ringsw_mlc(p) : hs_binfri_mlc(p);
    hs_gf128 *t = malloc(sizeof *t * s.table_elems), pt[HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK];
    if (!t) return *why = "out of memory", 0;
    hs_rng rng;
    hs_rng_seed(&rng, 1);
    for (size_t i = 0; i < s.table_elems; i++) t[i] = (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)};
    for (unsigned i = 0; i < s.n_vars; i++) pt[i] = (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)};
    const hs_gf128 v = ring ? hs_ringsw_eval(t, p->n_vars, pt) : hs_binfri_eval(t, s.n_vars, pt);
    hs_writer w = {0};
    hs_transcript tr;
    hs_transcript_init(&tr, "hashsnark bench pcs");
    s.ops->absorb_params(&s, &tr);
    void *wit = NULL;
    double t0 = hs_now();
    int ok = s.ops->commit(&s, &wit, t, &tr, &w, NULL, threads, why);
    out->commit_s = hs_now() - t0;
    free(t);
    t0 = hs_now();
    ok = ok && s.ops->open(&s, wit, pt, &v, &tr, &w, threads, why);
    out->open_s = hs_now() - t0;
    s.ops->free_witness(wit);
    if (ok && w.err) ok = 0, *why = "out of memory";
    if (ok) {
        hs_transcript_init(&tr, "hashsnark bench pcs");
        s.ops->absorb_params(&s, &tr);
        hs_reader r;
        hs_r_init(&r, w.data, w.len);
        hs_mlc_commitment c;
        t0 = hs_now();
        ok = s.ops->read_commitment(&s, &tr, &r, &c, why) && s.ops->verify(&s, &c, pt, &v, &tr, &r, why);
        out->verify_s = hs_now() - t0;
        if (ok && hs_r_left(&r)) ok = 0, *why = "trailing bytes";
        out->bytes = w.len;
        hs_sound_report rep = {0};
        rep.regime = HS_REGIME_UDR;
        s.ops->soundness(&s, &rep);
        hs_sound_finish(&rep);
        out->bits = rep.claimed_bits;
    }
    hs_w_free(&w);
    return ok;
}

/* WHIR over KoalaBear committing the same bytes as 2^log_bits GF(2) values: 2^(log_bits - 5)
 * KoalaBear elements (one 32-bit word each, values below p) as one column, at WHIR's proven128
 * configuration (Johnson bound, rate 1/4, BLAKE3, grinding), opened at a random point of the
 * quintic extension (the value computed outside the timers) and verified. */
static int run_whir(unsigned log_bits, unsigned threads, row *out, const char **why) {
    const unsigned n = log_bits - 5;
    hs_whir_config cfg;
    hs_whir_config_proven128(&cfg, 2, HS_MERKLE_BLAKE3);
    hs_whir_params p;
    hs_sound_report rep;
    memset(&rep, 0, sizeof rep);
    if (!hs_whir_params_derive(&p, n, &cfg, &rep, why)) return 0;
    rep.regime = cfg.regime;
    hs_sound_finish(&rep);
    hs_kb *col = malloc(sizeof *col << n);
    hs_kb5 pt[32], v;
    if (!col) return *why = "out of memory", 0;
    hs_rng rng;
    hs_rng_seed(&rng, 1);
    for (size_t i = 0; i < ((size_t)1 << n); i++) col[i] = hs_kb_from_u32((uint32_t)(hs_rng_u64(&rng) % HS_KB_P));
    for (unsigned i = 0; i < n; i++)
        for (int c = 0; c < 5; c++) pt[i].c[c] = hs_kb_from_u32((uint32_t)(hs_rng_u64(&rng) % HS_KB_P));
    const hs_kb *cols[1] = {col};
    hs_writer w = {0};
    hs_transcript tr;
    hs_transcript_init(&tr, "hashsnark bench pcs whir");
    hs_whir_witness *wit = NULL;
    double t0 = hs_now();
    int ok = hs_whir_commit(&wit, &p, NULL, cols, 0, n, &tr, &w, NULL, threads, why);
    out->commit_s = hs_now() - t0;
    if (ok) {
        hs_whir_eval_statement(wit, n, pt, NULL, 1, &v, threads);
        const hs_whir_statement st = {n, pt, 1, NULL, &v};
        t0 = hs_now();
        ok = hs_whir_open(&p, wit, &st, 1, &tr, &w, threads, why);
        out->open_s = hs_now() - t0;
        hs_whir_witness_free(wit);
        if (ok && w.err) ok = 0, *why = "out of memory";
        if (ok) {
            hs_transcript_init(&tr, "hashsnark bench pcs whir");
            hs_reader r;
            hs_r_init(&r, w.data, w.len);
            hs_whir_commitment c;
            t0 = hs_now();
            ok = hs_whir_verify_commitment(&p, &tr, &r, &c, why) && hs_whir_verify(&p, &c, &st, 1, &tr, &r, why);
            out->verify_s = hs_now() - t0;
            out->bytes = w.len;
            out->bits = rep.claimed_bits;
        }
    }
    free(col);
    hs_w_free(&w);
    return ok;
}

/* Runs twice and keeps each phase's faster run (the first maps fresh memory). */
static int best_of_two(const hs_binfri_params *p, int ring, int whir, unsigned log_bits, unsigned threads, row *x,
                       const char **why) {
    row y;
    if (whir ? !run_whir(log_bits, threads, x, why) || !run_whir(log_bits, threads, &y, why)
             : !run(p, ring, threads, x, why) || !run(p, ring, threads, &y, why))
        return 0;
    if (y.commit_s < x->commit_s) x->commit_s = y.commit_s;
    if (y.open_s < x->open_s) x->open_s = y.open_s;
    if (y.verify_s < x->verify_s) x->verify_s = y.verify_s;
    return 1;
}

static void help(void) {
    printf("usage: hashsnark bench --pcs binary [--vars A..B|N | --log-bits A..B|N] [--threads T]\n"
           "                       [--log-inv-rate R] [--arity A] [--bits B] [--hash keccak|blake3]\n"
           "                       [--preset compat|fast100|proven128] [--compare whir]\n"
           "\n"
           "Commits to a random multilinear of 2^N values of GF(2^128) with FRI-Binius (Diamond and\n"
           "Posen, eprint 2024/504: Reed-Solomon by the additive NTT, folding interleaved with the\n"
           "evaluation sumcheck), opens it at a random point and verifies the opening, on 1 thread\n"
           "and on T, each twice (the faster run is printed: the first maps fresh memory).\n"
           "--log-bits N commits 2^N values of GF(2) instead, packed 128 to an element of GF(2^128),\n"
           "and opens them at a point of GF(2^128) by ring switching (same paper, Construction 3.1;\n"
           "N from 8 to 35). Prints the seconds of each phase, the proof's bytes (commitment +\n"
           "opening) and the provable bits (unique decoding: queries = ceil(B / -log2((1 + rate) / 2))).\n"
           "Defaults: --vars 20, rate 1/2 (--log-inv-rate 1), --arity 4 (folds between two Merkle\n"
           "oracles), --bits 96 (232 queries at rate 1/2, as Binius64), --hash blake3.\n"
           "--preset P (with --log-bits) takes the parameters of 'prove --statement pcs --preset P'\n"
           "instead (proven128: challenges in GF(2^256)). --compare whir (with --log-bits) adds a row\n"
           "per size and thread count: WHIR over KoalaBear committing the same bytes, 2^(N-5) elements\n"
           "of 32 bits as one column, at its proven128 configuration (Johnson bound, rate 1/4), opened\n"
           "at a point of the quintic extension. Machines shared with other work: compare the rows of\n"
           "one run.\n");
}

int hs_bench_pcs(int argc, char **argv) {
    const char *pcs = NULL, *vars_s = NULL, *bits_log_s = NULL, *threads_s = NULL, *rate_s = "1", *arity_s = "4", *bits_s = "96";
    const char *hash_s = "blake3", *preset_s = NULL, *compare_s = NULL;
    const hs_opt opts[] = {{"pcs", 1, &pcs, NULL},           {"vars", 1, &vars_s, NULL},
                           {"threads", 1, &threads_s, NULL}, {"log-inv-rate", 1, &rate_s, NULL},
                           {"arity", 1, &arity_s, NULL},     {"bits", 1, &bits_s, NULL},
                           {"hash", 1, &hash_s, NULL},
                           {"log-bits", 1, &bits_log_s, NULL},
                           {"preset", 1, &preset_s, NULL},   {"compare", 1, &compare_s, NULL}};
    const int r = hs_cli_parse("bench", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    if (strcmp(pcs, "binary")) {
        hs_cli_error("bench", "--pcs: '%s' is not a commitment this benchmark knows (binary)", pcs);
        return HS_EXIT_USAGE;
    }
    if (vars_s && bits_log_s) {
        hs_cli_error("bench", "--vars (GF(2^128) values) and --log-bits (GF(2) values) are two modes: give one");
        return HS_EXIT_USAGE;
    }
    const int ring = bits_log_s != NULL;
    hs_pcsstmt_preset preset = HS_PCSSTMT_COMPAT;
    if ((preset_s || compare_s) && !ring) {
        hs_cli_error("bench", "--preset and --compare go with --log-bits (GF(2) values, ring switching)");
        return HS_EXIT_USAGE;
    }
    if (preset_s && !hs_pcsstmt_preset_find(preset_s, &preset)) {
        hs_cli_error("bench", "--preset: '%s' is not compat, fast100 or proven128", preset_s);
        return HS_EXIT_USAGE;
    }
    if (compare_s && strcmp(compare_s, "whir")) {
        hs_cli_error("bench", "--compare: '%s' is not whir", compare_s);
        return HS_EXIT_USAGE;
    }
    const char *size_s = ring ? bits_log_s : vars_s ? vars_s : "20", *opt = ring ? "log-bits" : "vars";
    const unsigned long min = ring ? HS_RINGSW_LOG_PACK + 1 : 1, max = HS_BINFRI_MAX_VARS + (ring ? HS_RINGSW_LOG_PACK : 0);
    unsigned long lo, hi, threads = 1, rate, arity, bits;
    const char *dots = strstr(size_s, "..");
    char a[32];
    if (dots && (size_t)(dots - size_s) < sizeof a) {
        memcpy(a, size_s, (size_t)(dots - size_s)), a[dots - size_s] = 0;
        if (!hs_cli_uint("bench", opt, a, min, max, &lo) || !hs_cli_uint("bench", opt, dots + 2, lo, max, &hi))
            return HS_EXIT_USAGE;
    } else if (!hs_cli_uint("bench", opt, size_s, min, max, &lo))
        return HS_EXIT_USAGE;
    else
        hi = lo;
    if ((threads_s && !hs_cli_uint("bench", "threads", threads_s, 1, 1024, &threads)) ||
        !hs_cli_uint("bench", "log-inv-rate", rate_s, 1, HS_BINFRI_MAX_RATE, &rate) ||
        !hs_cli_uint("bench", "arity", arity_s, 1, HS_BINFRI_MAX_ARITY, &arity) ||
        !hs_cli_uint("bench", "bits", bits_s, 1, 256, &bits))
        return HS_EXIT_USAGE;
    hs_merkle_hash h;
    if (!strcmp(hash_s, "blake3")) h = HS_MERKLE_BLAKE3;
    else if (!strcmp(hash_s, "keccak")) h = HS_MERKLE_KECCAK;
    else {
        hs_cli_error("bench", "--hash: '%s' is not keccak or blake3 (the binary commitment's Merkle hashes)", hash_s);
        return HS_EXIT_USAGE;
    }
    printf("| pcs | %s | rate | queries | threads | commit_s | open_s | verify_ms | proof_bytes | bits (udr) |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
           ring ? "log_bits" : "vars");
    for (unsigned long n = lo; n <= hi; n++) {
        hs_binfri_params p;
        const char *why = NULL;
        const unsigned l = (unsigned)n - (ring ? HS_RINGSW_LOG_PACK : 0);
        hs_pcsstmt_shape sh;
        const char *name = ring ? "ringsw" : "binfri";
        if (preset_s) {
            if (!hs_pcsstmt_shape_preset(&sh, (unsigned)n, preset, 1, &why)) {
                hs_cli_error("bench", "--preset %s at 2^%lu bits: %s", preset_s, n, why);
                return HS_EXIT_USAGE;
            }
            p = sh.fri, rate = sh.log_inv_rate, hash_s = "blake3", name = preset_s;
        } else if (!hs_binfri_params_init(&p, l, (unsigned)rate, (unsigned)arity, (unsigned)bits, 0, h, 2, &why)) {
            hs_cli_error("bench", "%s", why);
            return HS_EXIT_USAGE;
        }
        for (unsigned k = 0; k < (threads > 1 ? 2u : 1u); k++) {
            const unsigned th = k ? (unsigned)threads : 1;
            for (int whir = 0; whir < (compare_s ? 2 : 1); whir++) {
                row x;
                if (!best_of_two(&p, ring, whir, (unsigned)n, th, &x, &why)) {
                    hs_cli_error("bench", "2^%lu values, %u threads%s: %s", n, th, whir ? ", whir" : "", why);
                    return HS_EXIT_REJECT;
                }
                if (whir)
                    printf("| whir-kb5-proven128 | %lu | 1/4 | - | %u | %.3f | %.3f | %.2f | %zu | %.1f (johnson) |\n", n,
                           th, x.commit_s, x.open_s, 1e3 * x.verify_s, x.bytes, x.bits);
                else
                    printf("| %s-%s | %lu | 1/%u | %u | %u | %.3f | %.3f | %.2f | %zu | %.1f |\n", name, hash_s, n,
                           1u << rate, p.queries, th, x.commit_s, x.open_s, 1e3 * x.verify_s, x.bytes, x.bits);
                fflush(stdout);
            }
        }
    }
    return HS_EXIT_OK;
}
