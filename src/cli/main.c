#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "cli/cli.h"
#include "cli/comm.h"
#include "hashsnark.h"

static void usage(FILE *f) {
    fprintf(f,
            "hashsnark %s: prove, verify and benchmark batches of hash-permutation evaluations\n"
            "\n"
            "usage: hashsnark COMMAND [OPTIONS]\n"
            "\n"
            "commands:\n"
            "  prove    prove 2^N hash evaluations: the stark backend (FRI) or the gkr backend (WHIR)\n"
            "  verify   check a proof of either backend\n"
            "  params   the soundness of a preset, term by term (bits under each regime)\n"
            "  perm     evaluate a permutation on states read one per line\n"
            "  hash     hash messages read one per line (hex bytes or field elements)\n"
            "  merkle   binary Merkle trees: root, open (branches) and verify\n"
            "  smt      sparse Merkle trees as miden-crypto defines them, in memory or on disk (LMDB)\n"
            "  xmss     hash-based signatures (leanVM's KoalaBear XMSS): verify, make test signatures\n"
            "  bench    benchmark (--native: permutation throughput of this machine; --smt: trees)\n"
            "  help     this text; 'hashsnark help COMMAND' (or 'hashsnark COMMAND --help') describes a\n"
            "           command's options\n"
            "\n"
            "permutations:\n",
            HS_VERSION_STRING);
    for (size_t i = 0; i < hs_perm_count(); i++)
        fprintf(f, "  %-16s %s\n", hs_perm_name(hs_perm_at(i)), hs_perm_description(hs_perm_at(i)));
    fprintf(f,
            "\n"
            "proven (prove, verify, params, bench --log-perms):\n"
            "  stark backend  %s\n"
            "  gkr backend    %s\n"
            "  Merkle trees   prove --statement merkle-branches (openings of a poseidon2-kb16 tree,\n"
            "                 siblings private) or --statement merkle (a tree's root), gkr backend\n"
            "\n"
            "environment: HS_THREADS sets the default thread count (otherwise every CPU);\n"
            "HS_SIMD=portable|avx2|avx512 caps the vector instructions the kernels use (default: the\n"
            "best this CPU has, here %s; HS_NO_SIMD=1 is HS_SIMD=portable); outputs and proofs are\n"
            "the same at every level.\n"
            "exit status: 0 success, 1 a negative answer (e.g. a rejected proof), 2 usage or input error.\n",
            hs_cli_stark_names(), hs_cli_gkr_names(), hs_simd_best());
}

typedef int (*command_fn)(int argc, char **argv);

static const struct {
    const char *name;
    command_fn run;
} commands[] = {{"perm", hs_cmd_perm},     {"bench", hs_cmd_bench},   {"hash", hs_cmd_hash},
                {"merkle", hs_cmd_merkle}, {"smt", hs_cmd_smt},       {"prove", hs_cmd_prove},
                {"verify", hs_cmd_verify}, {"params", hs_cmd_params},
                {"xmss", hs_cmd_xmss}};

static command_fn find_command(const char *name) {
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(commands[i].name, name)) return commands[i].run;
    return NULL;
}

static int run_main(int argc, char **argv);

/* hashsnark-mpi (src/cli/comm.h) runs under mpirun: every rank runs the command; over several
 * ranks only prove, which splits the instances among them. */
int main(int argc, char **argv) {
    if (!hs_cli_comm_begin(&argc, &argv)) return HS_EXIT_USAGE;
    if (hs_cli_comm() && (argc < 2 || strcmp(argv[1], "prove"))) {
        if (hs_cli_comm()->rank == 0)
            fprintf(stderr, "hashsnark-mpi: over %d ranks only 'prove' runs (the gkr backend); "
                            "run the other commands with one rank or with hashsnark\n",
                    hs_cli_comm()->size);
        return hs_cli_comm_end(HS_EXIT_USAGE);
    }
    return hs_cli_comm_end(run_main(argc, argv));
}

static int run_main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return HS_EXIT_USAGE;
    }
    char reason[HS_REASON_LEN];
    hs_status simd = hs_simd_check_env(reason);
    if (simd == HS_ERR_ARGUMENT) {
        fprintf(stderr, "hashsnark: %s: unset it or name a level\n", reason);
        return HS_EXIT_USAGE;
    }
    if (simd != HS_OK) fprintf(stderr, "hashsnark: warning: %s\n", reason);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "help") && argc >= 3) { /* hashsnark help COMMAND: COMMAND --help */
        command_fn run = find_command(argv[2]);
        if (!run) {
            fprintf(stderr, "hashsnark help: unknown command '%s' (see 'hashsnark --help')\n", argv[2]);
            return HS_EXIT_USAGE;
        }
        if (argc > 3) {
            fprintf(stderr, "hashsnark help: give one command ('hashsnark help %s')\n", argv[2]);
            return HS_EXIT_USAGE;
        }
        char help_opt[] = "--help";
        char *sub[] = {argv[2], help_opt, NULL};
        return run(2, sub);
    }
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return HS_EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        /* the first line names the build's commit (git describe); tools/test-all.sh reads the second */
        const char *commit = hs_bench_commit();
        printf("hashsnark %s%s%s%s\nsimd: %s (best on this CPU: %s)\n", HS_VERSION_STRING, *commit ? " (" : "", commit,
               *commit ? ")" : "", hs_simd_level(), hs_simd_best());
        printf("cpu features: %s\n", hs_simd_features(0));
        printf("cpu features in use: %s\n", hs_simd_features(1));
        return HS_EXIT_OK;
    }
    command_fn run = find_command(cmd);
    if (run) return run(argc - 1, argv + 1);
    fprintf(stderr, "hashsnark: unknown command '%s' (see 'hashsnark --help')\n", cmd);
    return HS_EXIT_USAGE;
}
