/* hashsnark prove --statement merkle-branches|merkle, verify --root, params --statement
 * merkle-branches|merkle: the Merkle statements (branches by the gkr or the stark backend, the
 * dense root by the gkr backend) through the public API only (include/hashsnark.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "app/json.h"
#include "cli/merkle_cli.h"
#include "app/progress.h"
#include "cli/textio.h"
#include "hashsnark.h"

#define HASH "poseidon2-kb16"
#define MAX_OPENINGS ((size_t)1 << 22)
#define MAX_PROOF_BYTES (512u << 20)
#define FORMAT_LINE HS_CLI_BRANCHES_FORMAT

/* --backend: gkr (the default) or stark; 0 after printing the error. */
static int parse_backend(const char *cmd, const char *s, hs_backend *b) {
    if (!s || !strcmp(s, "gkr")) return *b = HS_BACKEND_GKR, 1;
    if (!strcmp(s, "stark")) return *b = HS_BACKEND_STARK, 1;
    hs_cli_error(cmd, "--backend: gkr or stark, not '%s'", s);
    return 0;
}

static const char *backend_name(hs_backend b) { return b == HS_BACKEND_STARK ? "stark" : "gkr"; }

static void prove_help(void) {
    printf("usage: hashsnark prove --statement merkle --hash poseidon2-kb16\n"
           "                       (--leaves FILE | --log-leaves N [--seed S]) [--public-leaves] --out PROOF\n"
           "                       [--preset P] [--threads T] [--insecure]\n"
           "       hashsnark prove --statement merkle-branches --hash poseidon2-kb16\n"
           "                       (--leaves FILE | --log-leaves N [--seed S] | --depth D [--seed S])\n"
           "                       (--open FILE | --random-openings M) --out PROOF\n"
           "                       [--backend gkr|stark] [--preset P] [--threads T] [--insecure]\n"
           "                       [--quiet] [--format text|json]\n"
           "\n"
           "Proves that each opened leaf sits at its index in the binary Merkle tree with the\n"
           "tree's root, without the siblings (the STARKed binary hash tree of Vitalik Buterin's\n"
           "\"Possible futures of the Ethereum protocol, part 4\"): with the gkr backend (the\n"
           "default) one gkr walk over all the paths' Poseidon2-KB16 compressions and one WHIR\n"
           "commitment (docs/MERKLE_GKR.md); with the stark backend an AIR of one compression a\n"
           "row, the levels chained by transitions, and FRI (docs/MERKLE_STARK.md). Writes the\n"
           "proof to PROOF and the public openings (index and leaf per line, the root and depth in\n"
           "the header) to PROOF.openings; nothing is written when proving fails.\n"
           "\n"
           "  --backend B         gkr (default) or stark (merkle-branches; the dense root is gkr only)\n"
           "  --hash H            the tree hash: poseidon2-kb16 (the first 8 lanes of P(left || right))\n"
           "  --leaves FILE       the tree's 2^N leaves, one digest per line (8 decimals, as\n"
           "                      'hashsnark merkle root' reads them); the depth is N\n"
           "  --log-leaves N      a tree of 2^N leaves drawn from --seed (the 'hashsnark merkle'\n"
           "                      tree of the same seed), N = 1..26\n"
           "  --depth D           a depth-D tree (1..64) of which only the opened paths are built:\n"
           "                      the leaves and every node off those paths are seeded values of\n"
           "                      their position (the benchmark's workload; needs --random-openings)\n"
           "  --seed S            seed of the leaves and of --random-openings (default 1)\n"
           "  --open FILE         the indices to open, one decimal per line ('#' comments)\n"
           "  --random-openings M M indices drawn uniformly below 2^depth from --seed (repeats allowed)\n"
           "  --out PROOF         where the proof goes; the openings go to PROOF.openings\n"
           "  --preset P          compat (default), fast100, proven128 ('hashsnark params')\n"
           "  --threads T         threads (default: HS_THREADS or every CPU)\n"
           "  --insecure          prove even where the preset's declared security does not hold\n"
           "  --quiet             no progress line, statement line or phase times on standard error\n"
           HS_CLI_FORMAT_HELP("          ")
           "\n"
           "--statement merkle proves the dense root instead: the tree of all 2^N leaves has the root it\n"
           "prints (one gkr walk over its 2^N - 1 compressions, the node array committed once). The\n"
           "leaves stay private (the proof shows knowledge of a tree with that root) unless\n"
           "--public-leaves, which binds them: the verifier then needs them, and they are written to\n"
           "PROOF.leaves (one digest per line).\n");
}

/* splitmix64: the indices of --random-openings. */
static uint64_t mix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A decimal below 2^64 at q (up to a blank or qe): its end, or NULL. */
static const char *parse_u64(const char *q, const char *qe, uint64_t *v) {
    const char *s = q;
    *v = 0;
    while (q < qe && *q >= '0' && *q <= '9') {
        const unsigned dgt = (unsigned)(*q - '0');
        if (*v > (UINT64_MAX - dgt) / 10) return NULL;
        *v = *v * 10 + dgt, q++;
    }
    return q == s || (q < qe && *q != ' ' && *q != '\t') ? NULL : q;
}

static int read_text(const char *cmd, const char *path, hs_sbuf *text) {
    char err[512];
    if (hs_read_all(path, text, 0, err, sizeof err) != 1) {
        hs_cli_error(cmd, "%s", err);
        hs_sbuf_free(text);
        return 0;
    }
    return 1;
}

/* --open FILE: indices below 2^depth. NULL after printing the error (file:line). */
static uint64_t *read_indices(const char *path, unsigned depth, size_t *m) {
    hs_sbuf text = {0};
    if (!read_text("prove", path, &text)) return NULL;
    hs_cli_lines L = {text.data, text.data + text.len, 0};
    const char *q, *qe;
    size_t n = 0, cap = 0;
    uint64_t *idx = NULL;
    int ok = 1;
    while (ok && hs_cli_next_line(&L, &q, &qe)) {
        uint64_t v;
        const char *e = parse_u64(q, qe, &v);
        if (!e || e != qe) {
            hs_cli_error("prove", "%s:%zu: '%.*s' is not one decimal index", path, L.lineno, (int)(qe - q > 40 ? 40 : qe - q), q);
            ok = 0;
        } else if (depth < 64 && v >> depth) {
            hs_cli_error("prove", "%s:%zu: index %llu is not below 2^%u (the tree's leaves)", path, L.lineno,
                         (unsigned long long)v, depth);
            ok = 0;
        } else if (n == MAX_OPENINGS) {
            hs_cli_error("prove", "%s:%zu: more than %zu openings", path, L.lineno, MAX_OPENINGS);
            ok = 0;
        } else {
            if (n == cap) {
                uint64_t *g = realloc(idx, (cap = cap ? 2 * cap : 256) * sizeof *idx);
                if (!g) {
                    hs_cli_error("prove", "%s: out of memory", path);
                    ok = 0;
                    break;
                }
                idx = g;
            }
            idx[n++] = v;
        }
    }
    hs_sbuf_free(&text);
    if (ok && !n) hs_cli_error("prove", "%s: no indices", path), ok = 0;
    if (!ok) return free(idx), NULL;
    *m = n;
    return idx;
}

/* The openings file: header lines, then "index leaf" per line. */
static void format_openings(hs_sbuf *b, unsigned depth, const uint32_t root[8], size_t m, const uint64_t *idx,
                            const uint32_t *leaves) {
    hs_sbuf_printf(b, "%s\n# hash %s\n# depth %u\n# root ", FORMAT_LINE, HASH, depth);
    hs_cli_merkle_digest_format(b, HASH, root);
    hs_sbuf_printf(b, "\n# openings %zu: index, then the leaf\n", m);
    for (size_t p = 0; p < m; p++) {
        hs_sbuf_u64(b, idx[p]);
        hs_sbuf_put(b, " ", 1);
        hs_cli_merkle_digest_format(b, HASH, leaves + 8 * p);
        hs_sbuf_put(b, "\n", 1);
    }
}

/* The leaves of --leaves FILE or --log-leaves N --seed S; NULL after printing why. */
static uint32_t *root_leaves(const char *leaves_s, const char *logn_s, const char *seed_s, unsigned *k) {
    if (!!leaves_s == !!logn_s) return hs_cli_error("prove", "give --leaves FILE or --log-leaves N"), NULL;
    if (leaves_s) return hs_cli_merkle_leaves(HASH, leaves_s, k);
    unsigned long n, seed = 1;
    if (!hs_cli_uint("prove", "log-leaves", logn_s, 1, 23, &n)) return NULL;
    if (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) return NULL;
    uint32_t *w = malloc(((size_t)8 << n) * sizeof *w);
    if (!w || hs_tree_leaves_random(w, (size_t)8 << n, HASH, (uint64_t)seed) != HS_OK)
        return free(w), hs_cli_error("prove", "no memory for 2^%lu leaves", n), NULL;
    *k = (unsigned)n;
    return w;
}

static int prove_root(const char *hash, const char *leaves_s, const char *logn_s, const char *seed_s, const char *out,
                      const char *preset, const char *threads_s, int insecure, int public_leaves) {
    if (strcmp(hash, HASH))
        return hs_cli_error("prove", "--hash: Merkle roots are proven for %s trees only, not '%s'", HASH, hash),
               HS_EXIT_USAGE;
    if (!out) return hs_cli_error("prove", "--out PROOF is required"), HS_EXIT_USAGE;
    if (seed_s && !logn_s) return hs_cli_error("prove", "--seed goes with --log-leaves"), HS_EXIT_USAGE;
    unsigned long threads = 0;
    if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    char err[512], reason[HS_REASON_LEN];
    hs_sbuf lpath = {0};
    hs_sbuf_printf(&lpath, "%s.leaves", out);
    if (!hs_out_check(out, err, sizeof err) || (public_leaves && !hs_out_check(lpath.data, err, sizeof err))) {
        hs_cli_error("prove", "--out: %s", err);
        hs_sbuf_free(&lpath);
        return HS_EXIT_USAGE;
    }
    unsigned k = 0;
    uint32_t *leaves = root_leaves(leaves_s, logn_s, seed_s, &k), root[8];
    hs_ctx *ctx = NULL;
    uint8_t *proof = NULL;
    size_t plen = 0;
    int rc = HS_EXIT_USAGE;
    if (!leaves) goto done;
    if (k < 1) {
        hs_cli_error("prove", "a tree of one leaf has no compression to prove");
        goto done;
    }
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error("prove", "bad HS_THREADS value");
        goto done;
    }
    if (!hs_cli_quiet())
        fprintf(stderr, "prove: the root of 2^%u leaves (%s tree, merkle statement, %s leaves), gkr backend, preset %s, "
                    "%u thread%s\n",
            k, HASH, public_leaves ? "public" : "private", preset, hs_ctx_threads(ctx), hs_ctx_threads(ctx) > 1 ? "s" : "");
    hs_prove_stats stats;
    if (hs_cli_progress_on()) hs_ctx_set_progress(ctx, hs_cli_on_progress, NULL), hs_cli_progress_live();
    hs_status st = hs_prove_merkle_root(ctx, &proof, &plen, root, &stats, reason, sizeof reason, HASH, preset, k, leaves,
                                        (size_t)8 << k, public_leaves, insecure);
    hs_cli_progress_end();
    if (st != HS_OK) {
        hs_cli_error("prove", "%s", reason);
        goto done;
    }
    if (!hs_cli_quiet()) hs_cli_print_phases("prove", &stats);
    int ok = 1;
    if (public_leaves) {
        hs_sbuf lb = {0};
        for (size_t t = 0; t < ((size_t)1 << k); t++) {
            hs_cli_merkle_digest_format(&lb, HASH, leaves + 8 * t);
            hs_sbuf_put(&lb, "\n", 1);
        }
        ok = !lb.failed && hs_write_all(lpath.data, lb.data, lb.len, err, sizeof err);
        hs_sbuf_free(&lb);
    }
    if (ok && !hs_write_all(out, (const char *)proof, plen, err, sizeof err)) {
        if (public_leaves) unlink(lpath.data);
        ok = 0;
    }
    if (!ok) {
        hs_cli_error("prove", "%s", err);
        goto done;
    }
    hs_sbuf rb = {0};
    hs_cli_merkle_digest_format(&rb, HASH, root);
    if (hs_cli_json()) {
        hs_json j;
        hs_cli_json_proof(&j, "gkr", HASH, "merkle", preset, stats.instances, "compressions", out, plen, &stats);
        hs_json_str(&j, "root", rb.data ? rb.data : "");
        hs_json_u64(&j, "log_leaves", k);
        hs_json_bool(&j, "public_leaves", public_leaves);
        if (public_leaves) hs_json_str(&j, "leaves", lpath.data);
        hs_json_end(&j);
    } else
        printf("proved the root %s of 2^%u leaves (%zu compressions) in %.3f s: %.0f compressions/s, proof %zu bytes, "
           "%.1f provable bits%s%s\n",
           rb.data ? rb.data : "?", k, stats.instances, stats.total_s,
           stats.total_s > 0 ? (double)stats.instances / stats.total_s : 0.0, plen, stats.claimed_bits,
           public_leaves ? "; leaves in " : "", public_leaves ? lpath.data : "");
    hs_sbuf_free(&rb);
    rc = HS_EXIT_OK;
done:
    free(leaves);
    hs_proof_free(proof);
    hs_ctx_free(ctx);
    hs_sbuf_free(&lpath);
    return rc;
}

int hs_cmd_prove_merkle(int argc, char **argv) {
    const char *statement = NULL, *hash = HASH, *leaves_s = NULL, *logn_s = NULL, *depth_s = NULL, *seed_s = NULL,
               *open_s = NULL, *rand_s = NULL, *out = NULL, *preset = "compat", *threads_s = NULL, *backend_s = NULL,
               *format_s = NULL;
    int insecure = 0, public_leaves = 0, quiet = 0;
    hs_opt opts[] = {{"statement", 1, &statement, NULL}, {"hash", 1, &hash, NULL},
                     {"backend", 1, &backend_s, NULL},
                     {"public-leaves", 0, NULL, &public_leaves},
                     {"leaves", 1, &leaves_s, NULL},     {"log-leaves", 1, &logn_s, NULL},
                     {"depth", 1, &depth_s, NULL},       {"seed", 1, &seed_s, NULL},
                     {"open", 1, &open_s, NULL},         {"random-openings", 1, &rand_s, NULL},
                     {"out", 1, &out, NULL},             {"preset", 1, &preset, NULL},
                     {"threads", 1, &threads_s, NULL},   {"insecure", 0, NULL, &insecure},
                     {"format", 1, &format_s, NULL},     {"quiet", 0, NULL, &quiet}};
    int r = hs_cli_parse("prove", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return prove_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("prove", format_s);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    hs_cli_progress_begin("prove", quiet);
    hs_backend backend;
    if (!parse_backend("prove", backend_s, &backend)) return HS_EXIT_USAGE;
    if (!strcmp(statement, "merkle") && backend != HS_BACKEND_GKR)
        return hs_cli_error("prove", "--statement merkle (the dense root) is proven by the gkr backend only"),
               HS_EXIT_USAGE;
    if (!strcmp(statement, "merkle")) {
        if (open_s || rand_s || depth_s)
            return hs_cli_error("prove", "--statement merkle proves a whole tree: --open, --random-openings and "
                                         "--depth go with merkle-branches"),
                   HS_EXIT_USAGE;
        return prove_root(hash, leaves_s, logn_s, seed_s, out, preset, threads_s, insecure, public_leaves);
    }
    if (public_leaves) return hs_cli_error("prove", "--public-leaves goes with --statement merkle"), HS_EXIT_USAGE;
    if (strcmp(statement, "merkle-branches"))
        return hs_cli_error("prove", "--statement: merkle-branches or merkle, not '%s'", statement), HS_EXIT_USAGE;
    if (strcmp(hash, HASH))
        return hs_cli_error("prove", "--hash: Merkle branches are proven for %s trees only, not '%s'", HASH, hash),
               HS_EXIT_USAGE;
    if ((leaves_s != NULL) + (logn_s != NULL) + (depth_s != NULL) != 1)
        return hs_cli_error("prove", "give one of --leaves FILE, --log-leaves N, --depth D"), HS_EXIT_USAGE;
    if (!!open_s == !!rand_s) return hs_cli_error("prove", "give --open FILE or --random-openings M"), HS_EXIT_USAGE;
    if (depth_s && !rand_s) return hs_cli_error("prove", "--depth goes with --random-openings"), HS_EXIT_USAGE;
    if (!out) return hs_cli_error("prove", "--out PROOF is required"), HS_EXIT_USAGE;
    unsigned long seed = 1, mrand = 0, depth = 0, threads = 0;
    if (seed_s && !hs_cli_uint("prove", "seed", seed_s, 0, ~0ul, &seed)) return HS_EXIT_USAGE;
    if (rand_s && !hs_cli_uint("prove", "random-openings", rand_s, 1, MAX_OPENINGS, &mrand)) return HS_EXIT_USAGE;
    if (depth_s && !hs_cli_uint("prove", "depth", depth_s, 1, HS_MERKLE_MAX_DEPTH, &depth)) return HS_EXIT_USAGE;
    if (threads_s && !hs_cli_uint("prove", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    char err[512], reason[HS_REASON_LEN];
    hs_sbuf opath = {0};
    hs_sbuf_printf(&opath, "%s.openings", out);
    if (!hs_out_check(out, err, sizeof err) || !hs_out_check(opath.data, err, sizeof err)) {
        hs_cli_error("prove", "--out: %s", err);
        hs_sbuf_free(&opath);
        return HS_EXIT_USAGE;
    }
    int rc = HS_EXIT_USAGE;
    hs_tree *tree = NULL;
    uint64_t *idx = NULL;
    uint32_t *leaves = NULL, *sib = NULL, *br = NULL, root[8];
    uint8_t *proof = NULL;
    size_t m = 0, plen = 0;
    hs_ctx *ctx = NULL;
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error("prove", "bad HS_THREADS value");
        goto done;
    }
    if (!depth_s) {
        if (logn_s && !seed_s) seed_s = "1";
        if (!(tree = hs_cli_merkle_tree(HASH, leaves_s, logn_s, seed_s, threads_s))) goto done;
        depth = hs_tree_log_leaves(tree);
        if (depth < 1) {
            hs_cli_error("prove", "a tree of one leaf has no branches to prove (depth 0)");
            goto done;
        }
    }
    if (open_s) {
        if (!(idx = read_indices(open_s, (unsigned)depth, &m))) goto done;
    } else {
        m = mrand;
        if (!(idx = malloc(m * sizeof *idx))) goto nomem;
        uint64_t s = (uint64_t)seed ^ 0x6f70656e696e6773ull; /* "openings" */
        for (size_t p = 0; p < m; p++) idx[p] = depth >= 64 ? mix(&s) : mix(&s) & (((uint64_t)1 << depth) - 1);
    }
    leaves = malloc(m * 8 * sizeof *leaves), sib = malloc(m * depth * 8 * sizeof *sib);
    if (!leaves || !sib) goto nomem;
    if (tree) {
        const size_t per = 8 + 8 * depth;
        if (!(br = malloc(m * per * sizeof *br))) goto nomem;
        if (hs_tree_open(tree, br, m * per, idx, m) != HS_OK) {
            hs_cli_error("prove", "cannot open the tree at those indices");
            goto done;
        }
        for (size_t p = 0; p < m; p++) {
            memcpy(leaves + 8 * p, br + p * per, 8 * sizeof *leaves);
            memcpy(sib + p * depth * 8, br + p * per + 8, depth * 8 * sizeof *sib);
        }
        hs_tree_root(tree, root);
    } else {
        hs_status st = hs_merkle_random_openings(idx, leaves, sib, root, (unsigned)depth, m, (uint64_t)seed);
        if (st != HS_OK) goto nomem;
        /* the same indices as --random-openings with a tree: this generator draws its own */
    }
    if (!hs_cli_quiet())
        fprintf(stderr, "prove: %zu openings of a depth-%lu %s tree (merkle-branches statement), %s backend, preset %s, "
                    "%u thread%s\n",
            m, depth, HASH, backend_name(backend), preset, hs_ctx_threads(ctx), hs_ctx_threads(ctx) > 1 ? "s" : "");
    hs_prove_stats stats;
    uint32_t proven_root[8];
    if (hs_cli_progress_on()) hs_ctx_set_progress(ctx, hs_cli_on_progress, NULL), hs_cli_progress_live();
    hs_status st = hs_prove_merkle_branches(ctx, &proof, &plen, proven_root, &stats, reason, sizeof reason, HASH, preset,
                                            backend, (unsigned)depth, m, idx, leaves, sib, insecure);
    hs_cli_progress_end();
    if (st != HS_OK) {
        hs_cli_error("prove", "%s", reason);
        goto done;
    }
    if (memcmp(proven_root, root, sizeof root)) {
        hs_cli_error("prove", "internal: the proven root differs from the tree's");
        goto done;
    }
    if (!hs_cli_quiet()) hs_cli_print_phases("prove", &stats);
    hs_sbuf ob = {0};
    format_openings(&ob, (unsigned)depth, root, m, idx, leaves);
    int ok = !ob.failed && hs_write_all(opath.data, ob.data, ob.len, err, sizeof err);
    hs_sbuf_free(&ob);
    if (ok && !hs_write_all(out, (const char *)proof, plen, err, sizeof err)) {
        unlink(opath.data);
        ok = 0;
    }
    if (!ok) {
        hs_cli_error("prove", "%s", err);
        goto done;
    }
    if (hs_cli_json()) {
        hs_json j;
        hs_sbuf rb = {0};
        hs_cli_merkle_digest_format(&rb, HASH, root);
        hs_cli_json_proof(&j, backend_name(backend), HASH, "merkle-branches", preset, stats.instances, "compressions",
                          out, plen, &stats);
        hs_json_str(&j, "root", rb.data ? rb.data : "");
        hs_json_u64(&j, "depth", depth);
        hs_json_u64(&j, "openings", m);
        hs_json_u64(&j, "physical_rows", stats.physical_rows);
        hs_json_str(&j, "openings_file", opath.data);
        hs_json_end(&j);
        hs_sbuf_free(&rb);
    } else
        printf("proved %zu openings (%zu compressions in 2^%.0f rows) of a depth-%lu tree in %.3f s: %.0f compressions/s, "
           "proof %zu bytes, %.1f provable bits; openings in %s\n",
           m, stats.instances, log2((double)stats.physical_rows), depth, stats.total_s,
           stats.total_s > 0 ? (double)stats.instances / stats.total_s : 0.0, plen, stats.claimed_bits, opath.data);
    rc = HS_EXIT_OK;
    goto done;
nomem:
    hs_cli_error("prove", "out of memory for %zu openings", m);
done:
    hs_tree_free(tree);
    hs_proof_free(proof);
    hs_ctx_free(ctx);
    free(idx), free(leaves), free(sib), free(br);
    hs_sbuf_free(&opath);
    return rc;
}

/* ---- verify ---- */

static void verify_help(void) {
    printf("usage: hashsnark verify --proof PROOF --root DIGEST --openings FILE [--backend gkr|stark]\n"
           "                        [--min-bits B] [--threads T]\n"
           "       hashsnark verify --proof PROOF --root DIGEST [--leaves FILE] [--min-bits B] [--threads T]\n"
           "\n"
           "Checks a Merkle branches proof ('hashsnark prove --statement merkle-branches'): every\n"
           "opening of FILE (index and leaf per line, as prove writes PROOF.openings) sits at its\n"
           "index in the tree with root DIGEST (8 decimals separated by spaces or commas, one\n"
           "argument, as 'hashsnark merkle root' prints it). Prints 'accepted: ...' (exit 0) or\n"
           "'rejected: reason' (exit 1), also for anything the proof says that does not match what\n"
           "it is given (another tree hash on the openings file's '# hash' line, --leaves for a\n"
           "proof of private leaves, none for one of public leaves, a branches proof without\n"
           "--openings, any Merkle proof without --root); a malformed openings file or option\n"
           "exits 2.\n"
           "\n"
           "  --proof PROOF    the proof\n"
           "  --root DIGEST    the root the openings must reach\n"
           "  --openings FILE  the public openings; the depth comes from its '# depth D' line (D a\n"
           "                   decimal 1..64, no sign or leading zero), and its '# hash H' line, when\n"
           "                   present, must name the proof's tree hash\n"
           "  --backend B      the backend the proof must be of (default: the one its header names)\n"
           "  --leaves FILE    a root proof ('prove --statement merkle'): the leaves it binds (with\n"
           "                   --public-leaves; PROOF.leaves); without: the proof's leaves are private\n"
           "  --min-bits B     reject proofs claiming fewer provable bits, the headline capped by the\n"
           "                   digest's collision resistance (about 124); default: the protocol's terms\n"
           "                   must reach the preset's declaration\n"
           "  --threads T      threads (default 1)\n"
           HS_CLI_FORMAT_HELP("       "));
}

/* The openings file's header: the first '# hash H' and '# depth D' lines, wherever they are
 * (other comment lines are skipped). D is a decimal 1..64 exactly as prove writes it: digits
 * only, no sign, blank or leading zero; H is kept with its line, for the check against the
 * proof's hash. */
typedef struct {
    unsigned depth;
    char hash[48]; /* "": no '# hash' line */
    size_t hash_line;
} openings_header;

/* The value of a '# KEY value' line p .. le (trailing blanks gone), or NULL for another line. */
static const char *header_value(const char *p, const char *le, const char *key) {
    const size_t n = strlen(key);
    if ((size_t)(le - p) < n || strncmp(p, key, n) || (p + n < le && p[n] != ' ' && p[n] != '\t')) return NULL;
    for (p += n; p < le && (*p == ' ' || *p == '\t');) p++;
    return p;
}

static int read_openings_header(const char *path, const hs_sbuf *text, openings_header *h) {
    memset(h, 0, sizeof *h);
    size_t lineno = 0;
    for (const char *p = text->data, *e = text->data + text->len; p && p < e;) {
        const char *eol = memchr(p, '\n', (size_t)(e - p)), *le = eol ? eol : e, *v;
        lineno++;
        while (le > p && (le[-1] == ' ' || le[-1] == '\t' || le[-1] == '\r')) le--;
        if (!h->hash_line && (v = header_value(p, le, "# hash"))) {
            const size_t n = (size_t)(le - v);
            snprintf(h->hash, sizeof h->hash, "%.*s%s", (int)(n < 40 ? n : 40), v, n > 40 ? "..." : "");
            h->hash_line = lineno;
        } else if (!h->depth && (v = header_value(p, le, "# depth"))) {
            uint64_t d = 0;
            const char *ve = v < le ? parse_u64(v, le, &d) : NULL;
            if (!ve || ve != le || *v == '0' || d > HS_MERKLE_MAX_DEPTH) {
                hs_cli_error("verify", "%s:%zu: '%.*s' is not a depth from 1 to %d (a decimal without sign or "
                             "leading zero)", path, lineno, (int)(le - v > 24 ? 24 : le - v), v, HS_MERKLE_MAX_DEPTH);
                return 0;
            }
            h->depth = (unsigned)d;
        }
        p = eol ? eol + 1 : e;
    }
    if (!h->depth) hs_cli_error("verify", "%s: no '# depth D' line (D = 1..64)", path);
    return h->depth != 0;
}

/* The openings file: its header and lines. 0 after printing the error (file:line). */
static int read_openings(const char *path, openings_header *hd, size_t *m, uint64_t **idx, uint32_t **leaves) {
    hs_sbuf text = {0};
    if (!read_text("verify", path, &text)) return 0;
    if (hs_cli_openings_kind(text.data, text.len, HS_CLI_OPEN_FORMAT)) {
        hs_cli_error("verify", "%s: openings written by 'hashsnark merkle open' (no proof): 'hashsnark merkle verify "
                               "--openings %s' reads them; --openings here wants the file 'hashsnark prove --statement "
                               "merkle-branches' writes next to its proof (PROOF.openings)",
                     path, path);
        hs_sbuf_free(&text);
        return 0;
    }
    if (!read_openings_header(path, &text, hd)) {
        hs_sbuf_free(&text);
        return 0;
    }
    hs_cli_lines L = {text.data, text.data + text.len, 0};
    const char *q, *qe;
    size_t n = 0, cap = 0;
    uint64_t *ix = NULL;
    uint32_t *lv = NULL;
    int ok = 1;
    char err[256];
    while (ok && hs_cli_next_line(&L, &q, &qe)) {
        uint64_t v;
        const char *e = parse_u64(q, qe, &v);
        if (!e || e == qe) {
            hs_cli_error("verify", "%s:%zu: expected an index, then the leaf's 8 values", path, L.lineno);
            ok = 0;
            break;
        }
        if (n == MAX_OPENINGS) {
            hs_cli_error("verify", "%s:%zu: more than %zu openings", path, L.lineno, MAX_OPENINGS);
            ok = 0;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            uint64_t *gi = realloc(ix, cap * sizeof *ix);
            if (gi) ix = gi;
            uint32_t *gl = gi ? realloc(lv, cap * 8 * sizeof *lv) : NULL;
            if (gl) lv = gl;
            if (!gi || !gl) {
                hs_cli_error("verify", "%s: out of memory", path);
                ok = 0;
                break;
            }
        }
        while (e < qe && (*e == ' ' || *e == '\t')) e++;
        if (!hs_cli_merkle_digest(HASH, e, (size_t)(qe - e), lv + 8 * n, err, sizeof err)) {
            hs_cli_error("verify", "%s:%zu: leaf: %s", path, L.lineno, err);
            ok = 0;
            break;
        }
        ix[n++] = v;
    }
    hs_sbuf_free(&text);
    if (ok && !n) hs_cli_error("verify", "%s: no openings", path), ok = 0;
    if (!ok) return free(ix), free(lv), 0;
    *m = n, *idx = ix, *leaves = lv;
    return 1;
}

int hs_cmd_verify_merkle(int argc, char **argv) {
    const char *proof_s = NULL, *root_s = NULL, *open_s = NULL, *threads_s = NULL, *min_bits_s = NULL,
               *leaves_s = NULL, *backend_s = NULL, *format_s = NULL;
    hs_opt opts[] = {{"proof", 1, &proof_s, NULL},
                     {"backend", 1, &backend_s, NULL},
                     {"root", 1, &root_s, NULL},
                     {"leaves", 1, &leaves_s, NULL},
                     {"openings", 1, &open_s, NULL},
                     {"min-bits", 1, &min_bits_s, NULL},
                     {"threads", 1, &threads_s, NULL},
                     {"format", 1, &format_s, NULL}};
    int r = hs_cli_parse("verify", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) return verify_help(), HS_EXIT_OK;
    if (r < 0) return HS_EXIT_USAGE;
    const int json = hs_cli_format("verify", format_s);
    if (json < 0) return HS_EXIT_USAGE;
    hs_cli_set_json(json);
    if (!proof_s)
        return hs_cli_error("verify", "a Merkle proof needs --proof and --root (and --openings for branches)"),
               HS_EXIT_USAGE;
    if (open_s && leaves_s)
        return hs_cli_error("verify", "--openings (branches) and --leaves (a root proof) exclude each other"),
               HS_EXIT_USAGE;
    unsigned long threads = 1, mb = 0;
    hs_backend want = HS_BACKEND_GKR;
    if (backend_s && !parse_backend("verify", backend_s, &want)) return HS_EXIT_USAGE;
    if (threads_s && !hs_cli_uint("verify", "threads", threads_s, 1, 1024, &threads)) return HS_EXIT_USAGE;
    if (min_bits_s && !hs_cli_uint("verify", "min-bits", min_bits_s, 0, 512, &mb)) return HS_EXIT_USAGE;
    uint32_t root[8] = {0};
    char err[256];
    if (root_s && !hs_cli_merkle_digest(HASH, root_s, strlen(root_s), root, err, sizeof err))
        return hs_cli_error("verify", "--root: %s", err), HS_EXIT_USAGE;
    unsigned depth = 0;
    size_t m = 0;
    uint64_t *idx = NULL;
    uint32_t *leaves = NULL;
    openings_header hd = {0};
    if (open_s && !read_openings(open_s, &hd, &m, &idx, &leaves)) return HS_EXIT_USAGE;
    if (open_s) depth = hd.depth;
    if (leaves_s && !(leaves = hs_cli_merkle_leaves(HASH, leaves_s, &depth))) return HS_EXIT_USAGE;
    hs_sbuf buf = {0};
    int rd = hs_read_all(proof_s, &buf, MAX_PROOF_BYTES, err, sizeof err), rc = HS_EXIT_USAGE;
    hs_ctx *ctx = NULL;
    if (rd < 0) {
        hs_cli_reject("verify", "oversized proof (more than %u bytes)", MAX_PROOF_BYTES);
        rc = HS_EXIT_REJECT;
    } else if (!rd) {
        hs_cli_error("verify", "%s", err);
    } else if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error("verify", "bad thread count");
    } else {
        char reason[HS_REASON_LEN];
        hs_merkle_proof_info info;
        const double need = min_bits_s ? (double)mb : HS_MIN_BITS_DECLARED;
        const uint8_t *pb = (const uint8_t *)buf.data;
        /* what the proof says against what is given: a rejection (the verifiers check the rest) */
        hs_status st = hs_merkle_proof_peek(&info, reason, sizeof reason, pb, buf.len);
        if (st == HS_OK && !root_s) { /* the proof decides what it needs: a rejection, never a usage error */
            snprintf(reason, sizeof reason, "%s is a %s proof, checked against its root: give --root DIGEST", proof_s,
                     info.statement);
            st = HS_ERR_REJECTED;
        } else if (st == HS_OK && backend_s && info.backend != want) {
            snprintf(reason, sizeof reason, "a %s proof, not a %s one (--backend)", backend_name(info.backend),
                     backend_name(want));
            st = HS_ERR_REJECTED;
        } else if (st == HS_OK && open_s && hd.hash_line && strcmp(hd.hash, info.hash)) {
            snprintf(reason, sizeof reason, "%s:%zu: the openings are for '%s' trees, the proof for %s trees", open_s,
                     hd.hash_line, hd.hash, info.hash);
            st = HS_ERR_REJECTED;
        } else if (st == HS_OK)
            st = open_s ? hs_verify_merkle_branches(ctx, &info, reason, sizeof reason, pb, buf.len, root, depth,
                                                          m, idx, leaves, need)
                              : hs_verify_merkle_root(ctx, &info, reason, sizeof reason, pb, buf.len, root, leaves,
                                                      leaves ? (size_t)8 << depth : 0, need);
        if (st == HS_OK && json) {
            hs_json j;
            hs_json_begin(&j, stdout);
            hs_json_str(&j, "command", "verify");
            hs_json_str(&j, "result", "accepted");
            hs_json_str(&j, "proof", proof_s);
            hs_json_str(&j, "statement", open_s ? "merkle-branches" : "merkle");
            hs_json_str(&j, "hash", HASH);
            hs_json_str(&j, "backend", backend_name(info.backend));
            hs_json_str(&j, "preset", info.preset);
            hs_json_str(&j, "root", root_s);
            if (open_s) {
                hs_json_u64(&j, "openings", m);
                hs_json_u64(&j, "depth", depth);
            } else {
                hs_json_u64(&j, "log_leaves", info.depth);
                hs_json_bool(&j, "public_leaves", info.public_leaves);
            }
            hs_json_num(&j, "claimed_bits", info.claimed_bits);
            hs_json_str(&j, "regime", hs_sec_regime_name(info.regime));
            hs_json_end(&j);
            rc = HS_EXIT_OK;
        } else if (st == HS_OK && open_s) {
            printf("accepted: %zu openings of a depth-%u %s tree with root %s, %s backend, preset %s, %.1f provable "
                   "bits (%s)\n",
                   m, depth, HASH, root_s, backend_name(info.backend), info.preset, info.claimed_bits,
                   hs_sec_regime_name(info.regime));
            rc = HS_EXIT_OK;
        } else if (st == HS_OK) {
            printf("accepted: root %s of 2^%u %s leaves (%s), gkr backend, preset %s, %.1f provable bits (%s)\n",
                   root_s, info.depth, HASH, info.public_leaves ? "public, as given" : "private", info.preset,
                   info.claimed_bits, hs_sec_regime_name(info.regime));
            rc = HS_EXIT_OK;
        } else if (st == HS_ERR_REJECTED) {
            hs_cli_reject("verify", "%s", reason);
            rc = HS_EXIT_REJECT;
        } else {
            hs_cli_error("verify", "%s", reason);
        }
    }
    hs_ctx_free(ctx);
    hs_sbuf_free(&buf);
    free(idx), free(leaves);
    return rc;
}

/* ---- params ---- */

int hs_cmd_params_merkle(int argc, char **argv) {
    const char *statement = NULL, *preset = "compat", *depth_s = NULL, *m_s = NULL, *hash = HASH, *logn_s = NULL,
               *backend_s = NULL;
    int pub = 0;
    hs_opt opts[] = {{"statement", 1, &statement, NULL},
                     {"backend", 1, &backend_s, NULL},
                     {"log-leaves", 1, &logn_s, NULL},
                     {"public-leaves", 0, NULL, &pub},
                     {"preset", 1, &preset, NULL},
                     {"depth", 1, &depth_s, NULL},
                     {"openings", 1, &m_s, NULL},
                     {"hash", 1, &hash, NULL}};
    int r = hs_cli_parse("params", argc, argv, opts, sizeof opts / sizeof *opts);
    if (r == 1) {
        printf("usage: hashsnark params --statement merkle-branches [--backend gkr|stark] [--preset P] [--depth D]\n"
               "                        [--openings M]\n"
               "       hashsnark params --statement merkle [--preset P] [--log-leaves N] [--public-leaves]\n\n"
               "Every soundness term of proving M openings (default 16384) of a depth-D tree (default 32)\n"
               "with the Merkle branches statement of the gkr backend (default) or the stark backend, or\n"
               "the root of 2^N leaves (default 20, gkr), in bits under each regime (docs/SOUNDNESS.md).\n");
        return HS_EXIT_OK;
    }
    if (r < 0) return HS_EXIT_USAGE;
    hs_backend backend;
    if (!parse_backend("params", backend_s, &backend)) return HS_EXIT_USAGE;
    const int root_st = !strcmp(statement, "merkle");
    if (root_st && backend != HS_BACKEND_GKR)
        return hs_cli_error("params", "--statement merkle (the dense root) is proven by the gkr backend only"),
               HS_EXIT_USAGE;
    if (!root_st && strcmp(statement, "merkle-branches"))
        return hs_cli_error("params", "--statement: merkle-branches or merkle, not '%s'", statement), HS_EXIT_USAGE;
    if (root_st ? depth_s || m_s : logn_s || pub)
        return hs_cli_error("params", root_st ? "--depth and --openings go with merkle-branches"
                                              : "--log-leaves and --public-leaves go with --statement merkle"),
               HS_EXIT_USAGE;
    unsigned long depth = 32, m = 16384, logn = 20;
    if (logn_s && !hs_cli_uint("params", "log-leaves", logn_s, 1, 23, &logn)) return HS_EXIT_USAGE;
    if (depth_s && !hs_cli_uint("params", "depth", depth_s, 1, HS_MERKLE_MAX_DEPTH, &depth)) return HS_EXIT_USAGE;
    if (m_s && !hs_cli_uint("params", "openings", m_s, 1, MAX_OPENINGS, &m)) return HS_EXIT_USAGE;
    hs_params_report *rep = malloc(sizeof *rep);
    if (!rep) return hs_cli_error("params", "out of memory"), HS_EXIT_USAGE;
    char reason[HS_REASON_LEN];
    hs_status st = root_st ? hs_params_merkle_root(rep, reason, sizeof reason, hash, preset, (unsigned)logn, pub)
                           : hs_params_merkle_branches(rep, reason, sizeof reason, hash, preset, backend, (unsigned)depth,
                                                       (size_t)m);
    if (st != HS_OK) {
        hs_cli_error("params", "%s", reason);
        free(rep);
        return HS_EXIT_USAGE;
    }
    if (backend == HS_BACKEND_STARK)
        printf("preset %s, stark backend: merkle-branches, %lu openings of a depth-%lu %s tree: 2^%u rows of one "
               "compression (the Merkle branches AIR, public openings and root), challenge field of degree %u; FRI "
               "at rate 1/%u, %u queries, %u + %u grinding bits, %s Merkle tree\n\n",
               preset, m, depth, HASH, rep->log_rows, rep->ext_degree, 1u << rep->log_blowup, rep->num_queries,
               rep->commit_pow_bits, rep->query_pow_bits, rep->merkle_hash ? rep->merkle_hash : "?");
    else if (root_st)
        printf("preset %s, gkr backend: merkle, the root of 2^%lu %s leaves (%s): 2^%u rows", preset, logn, HASH,
               pub ? "public" : "private", rep->log_rows);
    else
        printf("preset %s, gkr backend: merkle-branches, %lu openings of a depth-%lu %s tree: 2^%u rows", preset, m,
               depth, HASH, rep->log_rows);
    if (backend != HS_BACKEND_STARK)
        printf(" of %u S-box layers of width %u, challenge field of degree %u; WHIR over %s (%u columns) at rate 1/%u, "
           "folding %u then %u, %s regime\n\n",
           rep->gkr_layers, rep->gkr_width, rep->ext_degree, root_st ? "the node array" : "S || O", rep->whir_columns,
           1u << rep->whir_log_inv_rate, rep->whir_fold_first, rep->whir_fold, hs_sec_regime_name(rep->whir_regime));
    printf("%-28s %10s %10s %12s\n", "term", "udr", "johnson", "conjectured");
    for (size_t i = 0; i < rep->n_terms; i++)
        printf("%-28s %10.2f %10.2f %12.2f\n", rep->terms[i].name, rep->terms[i].bits[0], rep->terms[i].bits[1],
               rep->terms[i].bits[2]);
    printf("\nclaimed security: %.1f bits (%s), weakest term %s\n", rep->claimed_bits, hs_sec_regime_name(rep->regime),
           rep->terms[rep->weakest].name);
    printf("declared by %s: %.0f bits for the protocol's terms (%s): %s\n", preset, rep->declared_bits,
           hs_sec_regime_name(rep->regime), rep->supported ? "holds" : "does NOT hold");
    printf("(the claim is capped by p2kb16.digest_collision: the statement assumes the Poseidon2-KB16 compression\n"
           " collision-resistant, as every Merkle tree does, and 8-element digests give 8 log2(p) / 2 bits; %s)\n",
           backend == HS_BACKEND_STARK ? "docs/MERKLE_STARK.md" : "docs/MERKLE_GKR.md");
    free(rep);
    return HS_EXIT_OK;
}
