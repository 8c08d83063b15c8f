/* The proving sweep's units (against figures of the bench-hash-in-snark table), its range parser, and one
 * tiny sweep with a killed child. src/bench belongs to the hashsnark program, not the library, so
 * the test compiles sweep.c in. */
#include "bench/sweep.c"
#include "bench/child.c"

#include <string.h>

#include "testutil.h"

static void check_str(const char *got, const char *want, const char *what) {
    if (strcmp(got, want)) {
        fprintf(stderr, "%s: got '%s', expected '%s'\n", what, got, want);
        hs_test_failures++;
    }
}

static void units(void) {
    char b[64];
    /* time: ns, µs, ms, s with thresholds at 1000 (seed: 982.55 ms, 2.06 s, 113.15 s) */
    hs_sweep_human_time(b, sizeof b, 0.98255), check_str(b, "982.55 ms", "time");
    hs_sweep_human_time(b, sizeof b, 2.0612), check_str(b, "2.06 s", "time");
    hs_sweep_human_time(b, sizeof b, 113.15), check_str(b, "113.15 s", "time");
    hs_sweep_human_time(b, sizeof b, 0.00361), check_str(b, "3.61 ms", "time");
    hs_sweep_human_time(b, sizeof b, 759.5e-6), check_str(b, "759.50 µs", "time");
    hs_sweep_human_time(b, sizeof b, 512e-9), check_str(b, "512 ns", "time");
    /* throughput = perms / time, powers of 1000 (seed: 2^10 in 59.02 ms is 17.35 K/s) */
    hs_sweep_human_throughput(b, sizeof b, 1024 / 0.05902), check_str(b, "17.35 K/s", "throughput");
    hs_sweep_human_throughput(b, sizeof b, 756.10), check_str(b, "756.10 /s", "throughput");
    hs_sweep_human_throughput(b, sizeof b, 1048576 / 0.5), check_str(b, "2.10 M/s", "throughput");
    /* proof size: KiB below 1000 KiB, then MiB (seed: 950.17 KB then 0.98 MB) */
    hs_sweep_human_size(b, sizeof b, 950.17 * 1024), check_str(b, "950.17 KB", "size");
    hs_sweep_human_size(b, sizeof b, 1001.0 * 1024), check_str(b, "0.98 MB", "size");
    hs_sweep_human_size(b, sizeof b, 2.87 * 1048576), check_str(b, "2.87 MB", "size");
    hs_sweep_human_size(b, sizeof b, 999), check_str(b, "999.00 B", "size");
    /* peak memory: /usr/bin/time's KiB divided by 1024 while above 1024 (seed: 1018.40 MB, 1.16 GB) */
    hs_sweep_human_mem(b, sizeof b, 1018.40 * 1048576), check_str(b, "1018.40 MB", "mem");
    hs_sweep_human_mem(b, sizeof b, 1.16 * 1073741824), check_str(b, "1.16 GB", "mem");
    hs_sweep_human_mem(b, sizeof b, 44.39 * 1048576), check_str(b, "44.39 MB", "mem");
    hs_sweep_human_mem(b, sizeof b, 900.0 * 1024), check_str(b, "900.00 KB", "mem");
    hs_sweep_pow2(b, sizeof b, 16), check_str(b, "2¹⁶", "pow2");
    hs_sweep_pow2(b, sizeof b, 20), check_str(b, "2²⁰", "pow2");
    hs_sweep_pow2(b, sizeof b, 7), check_str(b, "2⁷", "pow2");
}

static void ranges(void) {
    unsigned lo = 99, hi = 99;
    CHECK(hs_sweep_parse_range("10..16", 0, 24, &lo, &hi) && lo == 10 && hi == 16);
    CHECK(hs_sweep_parse_range("12", 0, 24, &lo, &hi) && lo == 12 && hi == 12);
    CHECK(hs_sweep_parse_range("0..24", 0, 24, &lo, &hi) && lo == 0 && hi == 24);
    const char *bad[] = {"8..6", "x..y", "1..40", "25", "6..", "..8", "-1..3", "6...8", "6..8x", "", " 6..8", "+6..8"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (hs_sweep_parse_range(bad[i], 0, 24, &lo, &hi)) {
            fprintf(stderr, "range '%s' accepted\n", bad[i]);
            hs_test_failures++;
        }
}

/* 2^4 and 2^5, one proof each; the 2^5 child is killed through the test hook. */
static void tiny_sweep(void) {
    hs_sweep_config c;
    memset(&c, 0, sizeof c);
    c.backend = HS_SWEEP_STARK;
    c.hash = "poseidon2-kb16";
    c.hash_id = 1;
    c.preset = hs_preset_find("compat");
    c.log_blowup = 1;
    c.threads = 1;
    c.samples = 3;
    c.log_lo = 4, c.log_hi = 5;
    hs_sweep_row rows[2];
    setenv("HS_SWEEP_TEST_KILL", "5", 1);
    CHECK_EQ_U64(hs_sweep_run(&c, rows), 1);
    unsetenv("HS_SWEEP_TEST_KILL");
    CHECK(rows[0].ok && rows[0].log_perms == 4);
    CHECK(rows[0].proof_bytes > 1000 && rows[0].peak_rss_bytes > 100000);
    CHECK(rows[0].prove_best_s > 0 && rows[0].prove_best_s <= rows[0].prove_s && rows[0].verify_s > 0);
    CHECK(!rows[1].ok && rows[1].log_perms == 5 && strstr(rows[1].why, "SIGKILL"));
    const char *why;
    CHECK(hs_sweep_backend_ready(HS_SWEEP_STARK, &why));
    CHECK(hs_sweep_backend_ready(HS_SWEEP_GKR, &why));
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_sweep");
    units();
    ranges();
    tiny_sweep();
    return hs_test_done("test_sweep");
}
