/* How many 32-bit lanes (positions; vpmuludq makes one product per two) a core pushes through
 * per nanosecond for one vector instruction at 256 bits (AVX2) and at 512 bits (AVX-512), and
 * their ratio: the ceiling that AVX-512 can give a kernel made mostly of that instruction.
 * Twelve independent chains of one instruction (no dependency between them, so throughput and
 * not latency is measured), this thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID), best of 5 rounds. A core that runs 512-bit instructions at full
 * width on as many ports as 256-bit ones shows 2x; Intel Xeons of the Sapphire Rapids class
 * (two 512-bit ALU ports against three 256-bit ones) show about 1.33x for additions and
 * minima and about 2x for vpmuludq; AMD Zen 4 (512-bit instructions as two 256-bit halves)
 * about 1x. docs/BENCHMARKS.md uses it to bound the Poseidon2 batch kernels. Not a test: built
 * with the tests on x86-64, run by hand: ./build/tests/bench_ports */
#include <stdio.h>
#include <time.h>

#include "util/cpu.h"

static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { ITERS = 20000000, CHAINS = 12, ROUNDS = 5 };

/* One instruction on 12 registers (0..11) with register 12 as the other operand; R is the
 * register prefix (ymm or zmm). */
#define ONE(I, R, k) I " %%" R "12, %%" R #k ", %%" R #k "\n\t"
#define TWELVE(I, R)                                                                                          \
    ONE(I, R, 0) ONE(I, R, 1) ONE(I, R, 2) ONE(I, R, 3) ONE(I, R, 4) ONE(I, R, 5) ONE(I, R, 6) ONE(I, R, 7) \
    ONE(I, R, 8) ONE(I, R, 9) ONE(I, R, 10) ONE(I, R, 11)
#define CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11"
#define LOOP(name, attr, I, R)                                                                                \
    attr static double name(void) {                                                                           \
        double t = cpu_s();                                                                                   \
        for (long i = 0; i < ITERS; i++) __asm__ volatile(TWELVE(I, R) ::: CLOBBERS);                         \
        return cpu_s() - t;                                                                                   \
    }

#define AVX2 __attribute__((target("avx2")))
#define AVX512 __attribute__((target("avx512f")))
LOOP(add_y, AVX2, "vpaddd", "ymm")
LOOP(add_z, AVX512, "vpaddd", "zmm")
LOOP(min_y, AVX2, "vpminud", "ymm")
LOOP(min_z, AVX512, "vpminud", "zmm")
LOOP(mul_y, AVX2, "vpmuludq", "ymm")
LOOP(mul_z, AVX512, "vpmuludq", "zmm")

typedef double (*loop_fn)(void);
static double best(loop_fn f) {
    double b = 1e30;
    for (int r = 0; r < ROUNDS; r++) {
        double t = f();
        if (t < b) b = t;
    }
    return b;
}

int main(void) {
    if (!hs_cpu_has_avx2()) {
        printf("bench_ports: this CPU has no AVX2; nothing to compare\n");
        return 0;
    }
    const int z = hs_cpu_has_avx512();
    if (!z) printf("bench_ports: this CPU has no AVX-512: AVX2 figures only\n");
    static const struct {
        const char *name;
        loop_fn y, z;
    } rows[] = {{"vpaddd", add_y, add_z}, {"vpminud", min_y, min_z}, {"vpmuludq", mul_y, mul_z}};
    const double n = (double)ITERS * CHAINS;
    printf("| instruction | 256-bit (lanes/ns) | 512-bit (lanes/ns) | 512 / 256 |\n|---|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const double ly = 8 * n / (best(rows[i].y) * 1e9);
        if (!z) {
            printf("| %s | %.1f | | |\n", rows[i].name, ly);
            continue;
        }
        const double lz = 16 * n / (best(rows[i].z) * 1e9);
        printf("| %s | %.1f | %.1f | %.2fx |\n", rows[i].name, ly, lz, lz / ly);
    }
    return 0;
}
