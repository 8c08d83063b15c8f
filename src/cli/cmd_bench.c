/* hashsnark bench: benchmark tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/merkle.h"
#include "bench/pcs_bench.h"
#include "bench/smt_bench.h"
#include "cli/cli.h"
#include "app/progress.h"
#include "hashsnark.h"

static void help(void) {
    printf("usage: hashsnark bench --hash H --log-perms A..B [--backend stark|gkr] [--preset P]\n"
           "                       [--log-blowup B] [--samples K] [--threads T] [--timeout S]\n"
           "                       [--format md|md-ticks|csv|json] [--plot FILE.png|FILE.svg]\n"
           "       hashsnark bench --hash H1,H2,...|all --backend stark,gkr --log-perms A..B [--bits N]\n"
           "                       [the options above]       (the comparison: one table of every pair)\n"
           "       hashsnark bench --native [--hash NAME|all] [--threads T] [--format md|csv|json]\n"
           "                       [--seconds S]\n"
           "       hashsnark bench --native --field gf2-128|gf2-256|kb5|all [--format md|csv|json] [--seconds S]\n"
           "       hashsnark bench --native --merkle --hash H --log-leaves A..B [--threads T]\n"
           "                       [--format md|csv|json] [--seconds S]\n"
           "       hashsnark bench --smt --hash rpo256|poseidon2-gl12|poseidon2-kb16 [--size N] [--batch B]\n"
           "                       [--storage memory|disk|both] [--dir DIR] [--keep] [--threads T]\n"
           "                       [--format md|csv|json]\n"
           "       hashsnark bench --xmss [--scheme S] [--count N] [--threads T]   (see 'hashsnark bench --xmss --help')\n"
           "       hashsnark bench --pcs binary [--vars A..B|--log-bits N] [--preset P] [--compare whir] [--threads T]\n"
           "                       (see 'hashsnark bench --pcs binary --help')\n"
           "       hashsnark bench --backend gkr --regions W1,W2,... --compare [--private] [--preset P] [--samples K]\n"
           "                       [--threads T] [--timeout S] [--format md|csv]\n"
           "\n"
           "--log-perms A..B (or N) measures the proving table of the bench-hash-in-snark benchmark\n"
           "over the sizes 2^A..2^B: for each size a fresh child process proves K times (random private\n"
           "statements, as 'hashsnark prove' draws them; the timer covers the prover only) and verifies\n"
           "the last proof; the parent takes the child's peak resident set from wait4. Markdown prints\n"
           "that benchmark's columns hash | perm | time | throughput | proof_size | peak_mem in its\n"
           "units (KB/MB/GB: powers of 1024; K/s, M/s: powers of 1000), then setup (shape-only work\n"
           "before proving: constants, twiddles, AIR or layer tables), verify (one verification) and\n"
           "bits (provable soundness at that size and rate, as 'hashsnark params' computes it; shapes\n"
           "below the preset's declared bits are measured all the same). md-ticks quotes every cell in\n"
           "backticks as the published tables do. time is the median of the K proofs (CSV/JSON also\n"
           "give the best and the mean); throughput = evaluations / time; a multi-thread row whose\n"
           "proofs spread by more than 25%% is marked '*' (another process took a core). A size whose\n"
           "child dies (out of memory, a signal, --timeout) prints '-' in every column and the sweep\n"
           "goes on. Progress goes to standard error.\n"
           "\n");
    printf("The comparison ('which hash, at what proving cost?'): several hashes (--hash a,b or all:\n"
           "every hash the backends prove), several backends (--backend stark,gkr), or --bits N. Every\n"
           "pair of a hash and a backend that proves it is swept as above (a fresh process per size),\n"
           "all checked before any is proven, and printed as one table: hash | backend | preset | perm |\n"
           "time | throughput | proof_size | peak_mem | verify | bits, by size, then fastest first\n"
           "(CSV and JSON: the columns below, one document). --bits N sets one security level for every\n"
           "row: each pair gets the cheapest preset whose provable bits ('hashsnark params') reach N at\n"
           "every size asked; pairs no preset brings there are named under the table and left out.\n"
           "Without --bits every pair uses --preset (default compat). --plot draws every pair as one\n"
           "line in one figure (throughput and proof size, log axes).\n"
           "\n");
    printf("CSV (raw numbers: seconds, bytes, evaluations/s; one row per size) header:\n"
           "  hash,backend,preset,log_blowup,threads,log_perms,perms,prove_s,perms_per_s,proof_bytes,\n"
           "  peak_rss_bytes,verify_s,bits,prove_best_s,prove_mean_s,samples,queries,status,cpu,commit,\n"
           "  setup_s\n"
           "\n"
           "  --hash H[,H2..]  stark backend: %s (default poseidon2-kb16);\n"
           "                   gkr backend: %s; all: every one\n"
           "  --log-perms A..B sizes 2^A..2^B, 0 <= A <= B <= 24\n"
           "  --backend B[,B2] stark (default) or gkr (WHIR rate from the preset; poseidon2b and\n"
           "                   poseidon2b-frost: a walk over GF(2^128), FRI-Binius), or both: stark,gkr\n"
           "  --preset P       compat (default), fast100 or proven128 (see 'hashsnark prove --help')\n"
           "  --bits N         the comparison at N provable bits (each pair's preset chosen; not with\n"
           "                   --preset)\n"
           "  --log-blowup B   rate 2^-B instead of the preset's (1..4)\n"
           "  --samples K      proofs per size, 1..1000 (default 10, as the published benchmark)\n"
           "  --peers          add the published rows of other provers beside ours, marked with their\n"
           "                   machine and threads: Plonky3's Poseidon2-KB16 proofs in the\n"
           "                   bench-hash-in-snark benchmark (i9-13900K, 4 threads; compat, rates 1/2\n"
           "                   and 1/4, 2^10..2^20), time, throughput and proof size only; the table\n"
           "                   is then the comparison's (with --bits, peer rows below it are left out)\n"
           "  --warmup W       untimed proofs before them in each size's process, 0..10 (default: up\n"
           "                   to 3, fewer once they took a second): a fresh process's first proofs\n"
           "                   are slower (2-4x the first, from first-touch page faults, lazily built\n"
           "                   tables and the allocator's growth); CSV/JSON: warmup and cold_prove_s,\n"
           "                   the first proof's time\n"
           "  --timeout S      seconds allowed to each size's child (inputs, K proofs, verification);\n"
           "                   default none\n"
           "  --plot FILE      also draw throughput (log scale) and proof size against the number of\n"
           "                   evaluations into FILE.png or FILE.svg (gnuplot, else python3-matplotlib;\n"
           "                   HS_PLOT=gnuplot|matplotlib picks one), with Plonky3's rows of the\n"
           "                   bench-hash-in-snark benchmark (i9-13900K, 4 threads) as labelled\n"
           "                   reference points for a poseidon2-kb16 sweep at rates 1/2 and 1/4; exit 1 when\n"
           "                   the picture is not written\n"
           "\n", hs_cli_stark_names(), hs_cli_gkr_names());
    printf("--regions W1,W2,... --compare (gkr backend; the FROST-GKR ragged-regions comparison):\n"
           "regions of 2^Wa Poseidon2-KB16 permutations each (4 <= Wa <= 20, 1..32 regions) proven\n"
           "three ways, each in a fresh child process (K proofs and K verifications, medians; peak\n"
           "resident set from wait4): independent walks per region, one walk after padding every region\n"
           "to the widest, and one ragged walk (selectors, work proportional to the sum of the\n"
           "regions). --private compares committed regions (private statements: one stacked WHIR\n"
           "commitment of every region's inputs and outputs, verified without tables). CSV header\n"
           "  variant,physical_rows,prove_s,verify_s,proof_bytes,peak_rss_bytes\n"
           "(--samples defaults to 3 here).\n"
           "\n");
    printf("--smt runs miden-crypto's sparse Merkle tree benchmark (its `miden-crypto` binary): construction\n"
           "of a tree from N random pairs (values [1, 1, 1, i]; default N = 1000000), a batched insertion of\n"
           "B new pairs (default 1000; values [1, 1, 1, N + i]) and a batched update of B keys drawn from the\n"
           "tree (each removed with probability 0.2, else a random value); a batch is timed as compute (the\n"
           "mutation set) plus apply, as miden does. Then 100 openings, each verified. The scenarios run in\n"
           "that order on one tree, with 1 thread (sequential) and with T (concurrent), in memory and in an\n"
           "LMDB directory under --dir (default /tmp; removed afterwards unless --keep, which leaves each\n"
           "on-disk tree and names it on standard error, for 'hashsnark smt' to reopen). 1M-pair\n"
           "construction takes minutes per row. CSV header:\n"
           "  hash,scenario,storage,threads,size,batch,compute_s,apply_s,total_s,cpu_s,root0\n"
           "\n");
    printf("--native measures on this machine, without proving:\n"
           "  --merkle --log-leaves A..B --hash H (a tree hash of 'hashsnark merkle --help', default\n"
           "    poseidon2-kb16; 0 <= A <= B <= 30): building the binary Merkle tree of 2^A .. 2^B random\n"
           "    leaves (the 2^N - 1 compressions, level by level), in compressions per second for 1\n"
           "    and T threads, beside the batch API's rate of the permutation underneath (on as many\n"
           "    states as the tree has compressions, at most 2^20; the same threads) and their ratio;\n"
           "    tree and permutation rounds alternate\n"
           "    (at least two each) and each keeps its fastest. The last column is the same ratio in\n"
           "    process CPU time, which a core taken by another process does not inflate.\n"
           "    CSV header: hash,log_leaves,threads,compressions,build_s,hashes_per_s,perm,perms_per_s,ratio,cpu_ratio\n"
           "  --hash PERMUTATION (a name from 'hashsnark --help'): permutations per second with the\n"
           "    batch API (states in SIMD lanes, threaded) and with the scalar single-state API, for 1\n"
           "    thread and for T threads; markdown and JSON also show the naive reference (uint64\n"
           "    arithmetic reduced with %% p after every operation) for Poseidon2 on KoalaBear/BabyBear\n"
           "    and Poseidon1 on KoalaBear.\n"
           "    CSV header: hash,api,threads,perms_per_s (api is batch or scalar).\n"
           "  --hash HASH (a name from 'hashsnark hash --help' that is not also a permutation's name;\n"
           "    for rpo256, poseidon2-kb16 and the others that are both, --hash all) or all:\n"
           "    miden-crypto's benchmark table: scenario 1, 2-to-1 hashing of two digests; scenario 2,\n"
           "    sequential hashing of 100 field elements (400 bytes for byte hashes), 1 thread; plus\n"
           "    batch permutations per second of the permutation underneath for 1 and T threads; for\n"
           "    byte hashes also one 1 MiB message, 1 thread (MiB/s; 0 for element hashes).\n"
           "    CSV header: hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt,mib_per_s.\n"
           "  --field F (gf2-128, gf2-256, kb5 or all): field products per second on one core (1 thread)\n"
           "    for every kernel this CPU and SIMD level have, on arrays of 512 elements (independent\n"
           "    products, in L1): GF(2^128) in the GHASH basis (X^128 + X^7 + X^2 + X + 1) portable,\n"
           "    PCLMULQDQ one element at a time, VPCLMULQDQ 2 and 4 elements a vector; ops mul, inner\n"
           "    (sum of products reduced once) and scale_add (y += s x); GF(2^256) = GF(2^128)[Y]/\n"
           "    (Y^2 + Y + X^121) mul; and always KoalaBear quintic extension (kb5) products, portable,\n"
           "    AVX2 (8 lanes) and AVX-512 (16 lanes), for comparison.\n"
           "    CSV header: field,kernel,lanes,op,products_per_s,ns_per_product\n"
           "Each figure is the fastest of repeated rounds of at least 1 ms (machines are shared).\n"
           "Progress goes to standard error.\n"
           "\n"
           "  --native         native throughput (no proving)\n"
           "  --hash NAME      a permutation, a hash, or 'all' (default poseidon2-kb16)\n"
           "  --seconds S      minimum measuring time per row, 0.05..60 (default 1)\n"
           "\n"
           "Both modes:\n"
           "  --threads T      threads (the prover's; native: the multi-thread rows); default\n"
           "                   HS_THREADS or every CPU\n"
           "  --format F       md (default), csv or json\n"
           "  --quiet          no progress on standard error: on a terminal a live line shows the step,\n"
           "                   the percent done, the time so far and an estimate of the time left\n"
           "                   (redirected, none); the sweep's line a size is left out too\n");
}

/* Threads from --threads, else HS_THREADS, else every CPU; 0 after printing why. */
static unsigned bench_threads(const char *threads_s) {
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("bench", "threads", threads_s, 1, 1024, &threads)) return 0;
    hs_ctx *ctx = hs_cli_ctx("bench", threads);
    if (!ctx) return 0;
    unsigned t = hs_ctx_threads(ctx);
    hs_ctx_free(ctx);
    return t;
}

typedef struct {
    const char *hash, *logp, *backend, *preset, *blowup, *samples, *timeout, *plot, *threads, *warmup;
    int fmt; /* 0 md, 1 csv, 2 json */
} sweep_opts;

/* The sweep's numeric options into a (hash and backend left to the caller); the exit status. */
static int bench_sweep_args(const sweep_opts *o, hs_bench_sweep_args *a) {
    memset(a, 0, sizeof *a);
    a->preset = o->preset ? o->preset : "compat";
    a->log_perms = o->logp;
    a->plot = o->plot;
    a->format = (hs_bench_format)o->fmt;
    unsigned long blow = 0, samples = 10, warmup = 0;
    if (o->warmup && !hs_cli_uint("bench", "warmup", o->warmup, 0, 10, &warmup)) return HS_EXIT_USAGE;
    a->warmup = (unsigned)warmup;
    a->warmup_given = o->warmup != NULL;
    if (o->blowup && !hs_cli_uint("bench", "log-blowup", o->blowup, 1, 4, &blow)) return HS_EXIT_USAGE;
    if (o->samples && !hs_cli_uint("bench", "samples", o->samples, 1, 1000, &samples)) return HS_EXIT_USAGE;
    a->log_blowup = (unsigned)blow;
    a->samples = (unsigned)samples;
    if (o->timeout) {
        char *end;
        a->timeout_s = strtod(o->timeout, &end);
        if (*end || !(a->timeout_s > 0 && a->timeout_s <= 1e6)) {
            hs_cli_error("bench", "--timeout: '%s' is not a number of seconds in (0, 1e6]", o->timeout);
            return HS_EXIT_USAGE;
        }
    }
    if (!(a->threads = bench_threads(o->threads))) return HS_EXIT_USAGE;
    return HS_EXIT_OK;
}

/* Splits a comma-separated list (in place) into at most max names; 0 after printing why. */
static size_t split_list(const char *opt, char *list, const char **names, size_t max) {
    size_t k = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (k == max) return hs_cli_error("bench", "--%s: at most %zu names", opt, max), 0;
        names[k++] = tok;
    }
    if (!k) hs_cli_error("bench", "--%s: no name given", opt);
    return k;
}

/* bench --log-perms A..B --hash H1,H2,.. --backend B1,B2 [--bits N]: one hash on one backend is the
 * bench-hash-in-snark table; several hashes or backends, 'all' or --bits make the comparison (every
 * pair validated before any is proven; src/bench/bench.h). */
static int bench_sweep(const sweep_opts *o, const char *bits_s, int peers) {
    char hlist[512], blist[64];
    if (strlen(o->hash) >= sizeof hlist) return hs_cli_error("bench", "--hash: list too long"), HS_EXIT_USAGE;
    const char *backend = o->backend ? o->backend : "stark";
    if (strlen(backend) >= sizeof blist) return hs_cli_error("bench", "--backend: list too long"), HS_EXIT_USAGE;
    strcpy(hlist, o->hash), strcpy(blist, backend);
    const char *names[16], *backends[4];
    size_t k = split_list("hash", hlist, names, 16), nb = split_list("backend", blist, backends, 4);
    if (!k || !nb) return HS_EXIT_USAGE;
    int all = 0;
    for (size_t i = 0; i < k; i++) all |= !strcmp(names[i], "all");
    if (all && k > 1) return hs_cli_error("bench", "--hash all stands alone"), HS_EXIT_USAGE;
    unsigned long bits = 0;
    if (bits_s && !hs_cli_uint("bench", "bits", bits_s, 1, 512, &bits)) return HS_EXIT_USAGE;
    if (bits_s && o->preset)
        return hs_cli_error("bench", "--bits picks each backend's preset: give --bits or --preset, not both"), HS_EXIT_USAGE;
    hs_bench_compare_args c;
    memset(&c, 0, sizeof c);
    if (bench_sweep_args(o, &c.sweep) != HS_EXIT_OK) return HS_EXIT_USAGE;
    if (k * nb > 1 || all || bits_s || peers) {
        c.hashes = names, c.n_hashes = k, c.backends = backends, c.n_backends = nb, c.bits = (double)bits;
        c.peers = peers;
        return hs_bench_compare(&c);
    }
    c.sweep.hash = names[0], c.sweep.backend = backends[0];
    char err[256];
    if (!hs_bench_sweep_check(&c.sweep, err, sizeof err)) {
        hs_cli_error("bench", "%s", err);
        return HS_EXIT_USAGE;
    }
    return hs_bench_sweep(&c.sweep, 1);
}

/* bench --backend gkr --regions W1,.. --compare: the FROST-GKR post's three ways (src/bench/ragged_compare.h). */
static int bench_regions(const char *regions, int compare, int priv, int other_mode, const sweep_opts *o,
                         const char *threads_s, int csv, int json) {
    if (!regions || !compare) {
        hs_cli_error("bench", "--regions and --compare go together (the ragged-regions comparison)");
        return HS_EXIT_USAGE;
    }
    if (other_mode) {
        hs_cli_error("bench", "--regions --compare excludes --native, --log-perms, --log-blowup, --plot, --seconds, --bits, "
                              "--warmup and --peers");
        return HS_EXIT_USAGE;
    }
    if (!o->backend || strcmp(o->backend, "gkr")) {
        hs_cli_error("bench", "--regions needs --backend gkr");
        return HS_EXIT_USAGE;
    }
    if (json) {
        hs_cli_error("bench", "--regions --compare prints md or csv");
        return HS_EXIT_USAGE;
    }
    hs_bench_regions_args a;
    memset(&a, 0, sizeof a);
    if (!hs_cli_widths(regions, a.widths, &a.n_regions)) {
        hs_cli_error("bench", "--regions: '%s' is not a list of 1..32 widths, each 4..20 (e.g. 14,15,17)", regions);
        return HS_EXIT_USAGE;
    }
    hs_preset_info pi;
    if (hs_preset_info_find(&pi, o->preset ? o->preset : "compat") != HS_OK) {
        hs_cli_error("bench", "unknown preset '%s' (compat, fast100, proven128)", o->preset);
        return HS_EXIT_USAGE;
    }
    a.preset = pi.name;
    unsigned long samples = 3;
    if (o->samples && !hs_cli_uint("bench", "samples", o->samples, 1, 1000, &samples)) return HS_EXIT_USAGE;
    a.samples = (unsigned)samples;
    if (o->timeout) {
        char *end;
        a.timeout_s = strtod(o->timeout, &end);
        if (*end || !(a.timeout_s > 0 && a.timeout_s <= 1e6)) {
            hs_cli_error("bench", "--timeout: '%s' is not a number of seconds in (0, 1e6]", o->timeout);
            return HS_EXIT_USAGE;
        }
    }
    if (!(a.threads = bench_threads(threads_s))) return HS_EXIT_USAGE;
    a.seed = 1;
    a.private_regions = priv;
    return hs_bench_regions(&a, csv);
}

/* bench --native --merkle --hash H --log-leaves A..B (src/bench/merkle.h). */
static int bench_merkle(const char *hash, const char *range, unsigned threads, double seconds, int fmt) {
    hs_merkle_bench_config cfg = {hash, 0, 0, threads, seconds, fmt};
    size_t i = 0;
    while (i < hs_tree_hash_count() && strcmp(hs_tree_hash_at(i), hash)) i++;
    if (i == hs_tree_hash_count()) {
        hs_cli_error("bench", "--merkle: '%s' is not a tree hash (see 'hashsnark merkle --help')", hash);
        return HS_EXIT_USAGE;
    }
    if (!hs_bench_parse_range(range, 0, 30, &cfg.log_lo, &cfg.log_hi)) {
        hs_cli_error("bench", "--log-leaves: '%s' is not a range A..B (or N) with 0 <= A <= B <= 30", range);
        return HS_EXIT_USAGE;
    }
    return hs_bench_merkle(&cfg, stdout) ? HS_EXIT_OK : HS_EXIT_REJECT;
}

static int bench_smt(const char *hash, const char *size_s, const char *batch_s, const char *storage, const char *dir,
                     int keep, const char *threads_s, int format, int conflict) {
    if (conflict) {
        hs_cli_error("bench", "--smt takes --hash, --size, --batch, --storage, --dir, --threads and --format md|csv|json");
        return HS_EXIT_USAGE;
    }
    unsigned long size = 1000000, batch = 1000;
    if (size_s && !hs_cli_uint("bench", "size", size_s, 1, 1ul << 28, &size)) return HS_EXIT_USAGE;
    if (batch_s && !hs_cli_uint("bench", "batch", batch_s, 1, size, &batch)) return HS_EXIT_USAGE;
    hs_smt_bench_cfg c = {0};
    c.hash = hash;
    c.size = size, c.batch = batch, c.format = format, c.seed = 1, c.dir = dir ? dir : "/tmp", c.keep = keep;
    c.memory = !storage || !strcmp(storage, "memory") || !strcmp(storage, "both");
    c.disk = !storage || !strcmp(storage, "disk") || !strcmp(storage, "both");
    if (!c.memory && !c.disk) {
        hs_cli_error("bench", "--storage must be memory, disk or both, not '%s'", storage);
        return HS_EXIT_USAGE;
    }
    if (!storage && !hs_smt_disk_supported()) c.disk = 0; /* the default: what this build has */
    unsigned t = bench_threads(threads_s);
    if (!t) return HS_EXIT_USAGE;
    c.threads[0] = 1, c.threads[1] = t;
    return hs_smt_bench(&c, stdout);
}

int hs_cmd_bench(int argc, char **argv) {
    for (int i = 1; i < argc; i++) /* the commitment benchmark parses its own options */
        if (!strcmp(argv[i], "--pcs") || !strncmp(argv[i], "--pcs=", 6)) return hs_bench_pcs(argc, argv);
    for (int i = 1; i < argc; i++) /* and so does the signature verification rate (cmd_xmss.c) */
        if (!strcmp(argv[i], "--xmss")) return hs_cmd_bench_xmss(argc, argv);
    static const char hash_default[] = "poseidon2-kb16";
    const char *hash = hash_default, *threads_s = NULL, *format = "md", *seconds_s = NULL, *field = NULL;
    sweep_opts so = {0};
    int native = 0, compare = 0, smt = 0, keep = 0, merkle = 0, priv = 0, quiet = 0, peers = 0;
    const char *regions = NULL, *size_s = NULL, *batch_s = NULL, *storage = NULL, *dir = NULL;
    const char *log_leaves = NULL, *bits_s = NULL;
    /* the first 10 apply to --native (checked below) */
    hs_opt opts[] = {{"quiet", 0, NULL, &quiet},
                     {"merkle", 0, NULL, &merkle},        {"log-leaves", 1, &log_leaves, NULL},
                     {"field", 1, &field, NULL},
                     {"native", 0, NULL, &native},        {"hash", 1, &hash, NULL},
                     {"threads", 1, &threads_s, NULL},     {"format", 1, &format, NULL},
                     {"seconds", 1, &seconds_s, NULL},     {"log-perms", 1, &so.logp, NULL},
                     {"backend", 1, &so.backend, NULL},    {"preset", 1, &so.preset, NULL},
                     {"log-blowup", 1, &so.blowup, NULL},  {"samples", 1, &so.samples, NULL},
                     {"timeout", 1, &so.timeout, NULL},    {"plot", 1, &so.plot, NULL},
                     {"regions", 1, &regions, NULL},       {"compare", 0, NULL, &compare},
                     {"smt", 0, NULL, &smt},               {"size", 1, &size_s, NULL},
                     {"batch", 1, &batch_s, NULL},         {"storage", 1, &storage, NULL},
                     {"dir", 1, &dir, NULL},               {"keep", 0, NULL, &keep},
                     {"private", 0, NULL, &priv},          {"bits", 1, &bits_s, NULL},
                     {"warmup", 1, &so.warmup, NULL},      {"peers", 0, NULL, &peers}};
    int r = hs_cli_parse("bench", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        help();
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    hs_cli_progress_begin("bench", quiet);
    int fmt_md = !strcmp(format, "md"), fmt_csv = !strcmp(format, "csv"), fmt_json = !strcmp(format, "json");
    int fmt_ticks = !strcmp(format, "md-ticks");
    if (!fmt_md && !fmt_csv && !fmt_json && !(fmt_ticks && so.logp)) {
        hs_cli_error("bench", "--format must be md, csv or json (md-ticks for --log-perms), not '%s'", format);
        return HS_EXIT_USAGE;
    }
    if (smt) return bench_smt(hash, size_s, batch_s, storage, dir, keep, threads_s, fmt_csv ? 1 : fmt_json ? 2 : 0,
                              native || so.logp || regions || compare || seconds_s || bits_s || peers);
    if (size_s || batch_s || storage || dir || keep) {
        hs_cli_error("bench", "--size, --batch, --storage, --dir and --keep apply to --smt only");
        return HS_EXIT_USAGE;
    }
    if (regions || compare || priv)
        return bench_regions(regions, compare, priv,
                             native || so.logp || so.blowup || so.plot || seconds_s || bits_s || so.warmup || peers, &so,
                             threads_s, fmt_csv, fmt_json);
    if (peers && !so.logp) {
        hs_cli_error("bench", "--peers adds published rows to a --log-perms sweep");
        return HS_EXIT_USAGE;
    }
    if (native && so.logp) {
        hs_cli_error("bench", "--native and --log-perms are two different modes: give one");
        return HS_EXIT_USAGE;
    }
    if (so.logp) {
        if (seconds_s) {
            hs_cli_error("bench", "--seconds applies to --native only");
            return HS_EXIT_USAGE;
        }
        so.hash = hash, so.threads = threads_s, so.fmt = fmt_csv ? 1 : fmt_json ? 2 : fmt_ticks ? 3 : 0;
        return bench_sweep(&so, bits_s, peers);
    }
    if (!native) {
        hs_cli_error("bench", "give --log-perms A..B (proving sweep) or --native (see 'hashsnark bench --help')");
        return HS_EXIT_USAGE;
    }
    for (size_t i = 10; i < sizeof opts / sizeof *opts; i++)
        if (opts[i].value && *opts[i].value) {
            hs_cli_error("bench", "--%s applies to the --log-perms sweep only", opts[i].name);
            return HS_EXIT_USAGE;
        }
    if (!merkle != !log_leaves) {
        hs_cli_error("bench", "--merkle and --log-leaves A..B go together (the native tree build)");
        return HS_EXIT_USAGE;
    }
    double seconds = 1.0;
    if (seconds_s) {
        char *end;
        seconds = strtod(seconds_s, &end);
        if (*end || !(seconds >= 0.05 && seconds <= 60)) {
            hs_cli_error("bench", "--seconds: '%s' is not a number in [0.05, 60]", seconds_s);
            return HS_EXIT_USAGE;
        }
    }
    unsigned long threads = bench_threads(threads_s);
    if (!threads) return HS_EXIT_USAGE;

    if (field) {
        if (merkle || hash != hash_default) {
            hs_cli_error("bench", "--field measures field products: it takes no --hash or --merkle");
            return HS_EXIT_USAGE;
        }
        if (!hs_bench_field_known(field)) {
            hs_cli_error("bench", "--field: '%s' is not gf2-128, gf2-256, kb5 or all", field);
            return HS_EXIT_USAGE;
        }
        return hs_bench_native_fields(field, seconds, fmt_csv ? HS_BENCH_CSV : fmt_json ? HS_BENCH_JSON : HS_BENCH_MD);
    }
    if (merkle) return bench_merkle(hash, log_leaves, (unsigned)threads, seconds, fmt_csv ? 1 : fmt_json ? 2 : 0);

    const hs_perm *perm;
    const hs_hash *hh;
    if (hs_perm_find(&perm, hash) == HS_OK)
        return hs_bench_native_perm_table(perm, (unsigned)threads, seconds, fmt_csv ? HS_BENCH_CSV : fmt_json ? HS_BENCH_JSON : HS_BENCH_MD);
    if (!strcmp(hash, "all") || hs_hash_find(&hh, hash) == HS_OK)
        return hs_bench_native_hashes(hash, (unsigned)threads, seconds, fmt_csv ? HS_BENCH_CSV : fmt_json ? HS_BENCH_JSON : HS_BENCH_MD);
    hs_cli_error("bench", "unknown hash '%s' (see 'hashsnark --help' and 'hashsnark hash --help')", hash);
    return HS_EXIT_USAGE;
}
