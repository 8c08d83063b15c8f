/* Keccak-256 Merkle leaf hashing, the way the stark's compat trees hash their rows: rows of w
 * 32-bit words one after another, hs_keccak256_strided over n rows (8 at a time with AVX-512, 4
 * with AVX2). Against the same rows through the previous absorb (the rows interleaved word by word
 * in scalar code before each Keccak-f x8 / x4 permutation,
 * hs_keccak_hash256_xn_interleaved), in the same run: rounds alternate, 15 of each, and
 * each side keeps its fastest (this thread's CPU time, so a core taken by another process does not count; a shared machine still loads caches and memory for both alike, so the ratio is the figure).
 * Digests of both are compared. Not a test: built with the tests, run by hand:
 *   ./build/tests/bench_keccak_leaves [w ...]   (default: 1312 8 16 34 100) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hash/keccak.h"
#include "util/cpu.h"

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* the previous leaf path, n a multiple of 8: groups of G rows, each absorbed word by word */
static void old_leaves(uint8_t (*out)[32], const uint8_t *base, size_t len, size_t n) {
    const unsigned G = hs_cpu_has_avx512() ? 8 : 4;
    void (*permute)(uint64_t *) = G == 8 ? hs_keccakf1600_x8 : hs_keccakf1600_x4;
    const uint8_t *in[8];
    for (size_t i0 = 0; i0 < n; i0 += G) {
        for (unsigned j = 0; j < G; j++) in[j] = base + (i0 + j) * len;
        hs_keccak_hash256_xn_interleaved(out + i0, in, len, HS_KECCAK_SUFFIX_KECCAK, G, permute);
    }
}

int main(int argc, char **argv) {
    size_t def[] = {1312, 8, 16, 34, 100}, ws[16];
    size_t nw = 0;
    for (int a = 1; a < argc && nw < 16; a++) ws[nw++] = (size_t)strtoul(argv[a], NULL, 10);
    if (nw == 0) memcpy(ws, def, sizeof def), nw = sizeof def / sizeof *def;
    printf("level %s; leaves 8 at a time with AVX-512, 4 with AVX2; best of 15 alternating rounds each\n",
           hs_simd_level_name(hs_cpu_simd_level()));
    printf("%8s %8s %8s %14s %14s %8s\n", "words", "bytes", "rows", "old hashes/s", "new hashes/s", "new/old");
    for (size_t k = 0; k < nw; k++) {
        const size_t w = ws[k], len = 4 * w;
        size_t n = ((size_t)64 << 20) / (len + 32); /* about 64 MiB of rows */
        if (n > ((size_t)1 << 16)) n = (size_t)1 << 16;
        n &= ~(size_t)7;
        uint8_t *rows = malloc(n * len + 1), (*d0)[32] = malloc(n * 32), (*d1)[32] = malloc(n * 32);
        if (!rows || !d0 || !d1) return 1;
        for (size_t i = 0; i < n * len; i++) rows[i] = (uint8_t)(i * 2654435761u >> 13);
        double best[2] = {1e30, 1e30};
        for (int round = 0; round < 30; round++) {
            const int side = round & 1;
            const double t0 = now_s();
            if (side == 0)
                old_leaves(d0, rows, len, n);
            else
                hs_keccak256_strided(d1, rows, len, len, n);
            const double t = now_s() - t0;
            if (t < best[side]) best[side] = t;
        }
        if (memcmp(d0, d1, n * 32)) {
            printf("digests differ at w = %zu\n", w);
            return 1;
        }
        printf("%8zu %8zu %8zu %14.0f %14.0f %7.2fx\n", w, len, n, (double)n / best[0], (double)n / best[1],
               best[0] / best[1]);
        free(rows), free(d0), free(d1);
    }
    return 0;
}
