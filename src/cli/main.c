#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
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
            "  bench    benchmark (--native: permutation throughput of this machine; --smt: trees)\n"
            "  help     this text; 'hashsnark COMMAND --help' describes a command's options\n"
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

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return HS_EXIT_USAGE;
    }
    char reason[HS_REASON_LEN];
    hs_status simd = hs_simd_check_env(reason);
    if (simd == HS_ERR_ARGUMENT) {
        fprintf(stderr, "hashsnark: %s\n", reason);
        return HS_EXIT_USAGE;
    }
    if (simd != HS_OK) fprintf(stderr, "hashsnark: warning: %s\n", reason);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return HS_EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("hashsnark %s\nsimd: %s (best on this CPU: %s)\n", HS_VERSION_STRING, hs_simd_level(), hs_simd_best());
        printf("cpu features: %s\n", hs_simd_features(0));
        printf("cpu features in use: %s\n", hs_simd_features(1));
        return HS_EXIT_OK;
    }
    if (!strcmp(cmd, "perm")) return hs_cmd_perm(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench")) return hs_cmd_bench(argc - 1, argv + 1);
    if (!strcmp(cmd, "hash")) return hs_cmd_hash(argc - 1, argv + 1);
    if (!strcmp(cmd, "merkle")) return hs_cmd_merkle(argc - 1, argv + 1);
    if (!strcmp(cmd, "smt")) return hs_cmd_smt(argc - 1, argv + 1);
    if (!strcmp(cmd, "prove")) return hs_cmd_prove(argc - 1, argv + 1);
    if (!strcmp(cmd, "verify")) return hs_cmd_verify(argc - 1, argv + 1);
    if (!strcmp(cmd, "params")) return hs_cmd_params(argc - 1, argv + 1);
    fprintf(stderr, "hashsnark: unknown command '%s' (see 'hashsnark --help')\n", cmd);
    return HS_EXIT_USAGE;
}
