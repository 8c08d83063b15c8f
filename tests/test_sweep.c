/* The proving sweep's units (against figures of the bench-hash-in-snark table), its range parser, and one
 * tiny sweep with a killed child. src/bench belongs to the hashsnark program, not the library, so
 * the test compiles sweep.c in (and links the program's toolkit, src/app, for the live line it draws). */
#include "bench/sweep.c"
#include "bench/child.c"

#include <string.h>

#include "testutil.h"

/* The program's build commit (src/bench/bench.c, from a header generated at build time) is not
 * compiled in here: this string stands in, and the comparison's CSV must carry it. */
const char *hs_bench_commit(void) { return "test-commit"; }

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

/* The comparison's order (by size, then fastest first, failed rows last in the order asked) and its
 * CSV (one header, a row per entry, each with its own hash, backend and preset, and the commit). */
static void compare_table(void) {
    hs_sweep_config a = {0}, b = {0};
    a.backend = HS_SWEEP_STARK, a.hash = "keccak-f1600", a.preset = hs_preset_find("proven128");
    b.backend = HS_SWEEP_GKR, b.hash = "poseidon2-kb16", b.preset = hs_preset_find("compat");
    a.threads = b.threads = 1, a.samples = b.samples = 1;
    hs_sweep_row r[5];
    memset(r, 0, sizeof r);
    /* size 2^3: a at 8 / 0.5 s = 16/s, b at 8 / 0.1 s = 80/s; size 2^2: a failed, b ok; size 2^3 again: a fails */
    const unsigned lp[5] = {3, 3, 2, 2, 3};
    const double t[5] = {0.5, 0.1, 0, 0.2, 0};
    const int ok[5] = {1, 1, 0, 1, 0};
    hs_sweep_entry e[5];
    for (size_t i = 0; i < 5; i++) {
        r[i].log_perms = lp[i], r[i].ok = ok[i], r[i].prove_s = t[i], r[i].bits = NAN, r[i].setup_s = NAN;
        r[i].proof_bytes = 100 + i, r[i].peak_rss_bytes = 1000, r[i].verify_s = 0.01;
        if (!ok[i]) snprintf(r[i].why, sizeof r[i].why, "killed");
        e[i] = (hs_sweep_entry){i % 2 ? &b : &a, &r[i], i};
    }
    hs_sweep_sort_entries(e, 5);
    const size_t want[5] = {3, 2, 1, 0, 4}; /* 2^2: b ok, a failed; 2^3: b 80/s, a 16/s, a failed */
    for (size_t i = 0; i < 5; i++) CHECK(e[i].order == want[i]);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(f != NULL);
    if (!f) return;
    hs_sweep_write_compare(f, HS_BENCH_CSV, e, 5, 128);
    fclose(f);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++) lines += buf[i] == '\n';
    CHECK(lines == 6);
    CHECK(!strncmp(buf, "hash,backend,preset,", 20));
    const char *second = strchr(buf, '\n') + 1;
    CHECK(!strncmp(second, "poseidon2-kb16,gkr,compat,", 26));
    CHECK(strstr(buf, "keccak-f1600,stark,proven128,") != NULL && strstr(buf, ",test-commit,") != NULL);
    CHECK(strstr(buf, "failed: killed") != NULL);
    free(buf);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_sweep");
    units();
    ranges();
    tiny_sweep();
    compare_table();
    return hs_test_done("test_sweep");
}
