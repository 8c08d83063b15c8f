/* The SIMD level (util/cpu.h): names parse both ways, HS_SIMD lowers the detected level and never
 * raises it, HS_NO_SIMD=1 means portable, a bad HS_SIMD is reported and ignored, and the
 * has_avx2 / has_avx512 tests follow the level in use. The feature bitmask: the level is derived
 * from it, the level caps it (portable: nothing, not even PCLMULQDQ; avx2: no AVX-512 feature),
 * the names and the public string agree with it, and where the CPU reports a feature to the
 * kernel (/proc/cpuinfo) it is detected (when the build has its kernels). */
#include <stdlib.h>
#include <string.h>

#include "hashsnark.h"
#include "testutil.h"
#include "util/cpu.h"

static void expect_level(hs_simd want) {
    CHECK_EQ_U64(hs_cpu_simd_level(), want);
    CHECK_EQ_U64(hs_cpu_has_avx2(), want >= HS_SIMD_AVX2);
    CHECK_EQ_U64(hs_cpu_has_avx512(), want >= HS_SIMD_AVX512);
    CHECK(!strcmp(hs_simd_level(), hs_simd_level_name(want)));
    /* the features in use under this level */
    const unsigned det = hs_cpu_features_detected(), use = hs_cpu_features();
    CHECK_EQ_U64(use & ~det, 0);
    if (want == HS_SIMD_PORTABLE) CHECK_EQ_U64(use, 0);
    if (want == HS_SIMD_AVX2) CHECK_EQ_U64(use, det & ~(unsigned)(HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA));
    if (want == HS_SIMD_AVX512) CHECK_EQ_U64(use, det);
    CHECK_EQ_U64(hs_cpu_has(HS_CPU_PCLMUL), want > HS_SIMD_PORTABLE && (det & HS_CPU_PCLMUL));
    CHECK_EQ_U64(hs_cpu_has(HS_CPU_VPCLMUL | HS_CPU_AVX512F), want == HS_SIMD_AVX512 && (det & HS_CPU_VPCLMUL));
    CHECK_EQ_U64(hs_cpu_has(HS_CPU_VPCLMUL | HS_CPU_AVX2), want >= HS_SIMD_AVX2 && (det & HS_CPU_VPCLMUL));
    CHECK_EQ_U64(hs_cpu_has(0), 1);
    char buf[160];
    CHECK(!strcmp(hs_simd_features(1), hs_cpu_features_str(use, buf, sizeof buf)));
}

/* 1 when the "flags" line of /proc/cpuinfo lists word; -1 when there is no such line. */
static int cpuinfo_flag(const char *word) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return -1;
    static char line[8192];
    int r = -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "flags", 5)) {
            r = 0;
            for (char *t = strtok(strchr(line, ':') ? strchr(line, ':') + 1 : line, " \t\n"); t; t = strtok(NULL, " \t\n"))
                if (!strcmp(t, word)) r = 1;
            break;
        }
    fclose(f);
    return r;
}

static void check_features(void) {
    const unsigned det = hs_cpu_features_detected();
    char buf[160], small[8];
    /* the ladder comes from the mask */
    hs_simd from_mask = (det & HS_CPU_AVX2) ? HS_SIMD_AVX2 : HS_SIMD_PORTABLE;
    if ((det & HS_CPU_AVX2) && (det & HS_CPU_AVX512_ALL) == HS_CPU_AVX512_ALL) from_mask = HS_SIMD_AVX512;
    CHECK_EQ_U64(hs_cpu_simd_detected(), from_mask);
    /* dependent features only inside their vector state */
    if (det & HS_CPU_VPCLMUL) CHECK(det & HS_CPU_AVX2);
    if (det & HS_CPU_AVX512IFMA) CHECK(det & HS_CPU_AVX512F);
    CHECK_EQ_U64(det >> HS_CPU_FEATURE_COUNT, 0);
    /* names */
    CHECK(!strcmp(hs_cpu_feature_name(HS_CPU_PCLMUL), "pclmulqdq"));
    CHECK(!strcmp(hs_cpu_feature_name(HS_CPU_GFNI), "gfni"));
    CHECK(!strcmp(hs_cpu_feature_name(HS_CPU_AVX2 | HS_CPU_GFNI), "unknown"));
    CHECK(!strcmp(hs_cpu_features_str(0, buf, sizeof buf), "none"));
    CHECK(!strcmp(hs_cpu_features_str(HS_CPU_AVX2 | HS_CPU_VPCLMUL, buf, sizeof buf), "avx2 vpclmulqdq"));
    CHECK(strlen(hs_cpu_features_str(HS_CPU_AVX2 | HS_CPU_VPCLMUL, small, sizeof small)) < sizeof small);
    CHECK(!strcmp(hs_simd_features(0), hs_cpu_features_str(det, buf, sizeof buf)));
    printf("test_cpu: features: %s\n", buf);
    /* what the kernel reports, the detection finds (where this build has the kernels for it) */
    struct {
        unsigned bit;
        const char *flag;
    } known[] = {
#ifdef HS_HAVE_AVX2
        {HS_CPU_AVX2, "avx2"},
#endif
#ifdef HS_HAVE_AVX512
        {HS_CPU_AVX512F, "avx512f"}, {HS_CPU_AVX512BW, "avx512bw"}, {HS_CPU_AVX512VL, "avx512vl"},
        {HS_CPU_AVX512DQ, "avx512dq"}, {HS_CPU_AVX512IFMA, "avx512ifma"},
#endif
#ifdef HS_HAVE_PCLMUL
        {HS_CPU_PCLMUL, "pclmulqdq"},
#endif
#ifdef HS_HAVE_VPCLMUL
        {HS_CPU_VPCLMUL, "vpclmulqdq"},
#endif
        {HS_CPU_GFNI, "gfni"},
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        int f = cpuinfo_flag(known[i].flag);
        if (f < 0) break; /* no /proc/cpuinfo: nothing to compare */
        if (!(det & known[i].bit)) continue;
        CHECK_EQ_U64(f, 1); /* detected: the kernel lists it */
    }
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        int f = cpuinfo_flag(known[i].flag);
        if (f != 1) continue;
        /* listed: detected, unless its vector state is missing */
        int needs_avx2 = known[i].bit == HS_CPU_VPCLMUL;
        int needs_512 = (known[i].bit & (HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA)) != 0;
        if ((needs_avx2 && !(det & HS_CPU_AVX2)) || (needs_512 && !(det & HS_CPU_AVX512F))) continue;
        if (!(det & known[i].bit)) fprintf(stderr, "test_cpu: /proc/cpuinfo lists %s, not detected\n", known[i].flag);
        CHECK(det & known[i].bit);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_cpu");
    for (int l = HS_SIMD_PORTABLE; l <= HS_SIMD_AVX512; l++) {
        hs_simd got;
        CHECK(hs_simd_level_parse(hs_simd_level_name((hs_simd)l), &got) == 0 && got == (hs_simd)l);
    }
    hs_simd got = HS_SIMD_AVX2;
    CHECK(hs_simd_level_parse("AVX512", &got) == 0 && got == HS_SIMD_AVX512);
    CHECK(hs_simd_level_parse("avx", &got) != 0 && got == HS_SIMD_AVX512);
    CHECK(hs_simd_level_parse("", &got) != 0);
    CHECK(hs_simd_level_parse(NULL, &got) != 0);

    /* the environment is read once, on first use: ask for avx2 */
    unsetenv("HS_NO_SIMD");
    setenv("HS_SIMD", "avx2", 1);
    const hs_simd best = hs_cpu_simd_detected();
    printf("test_cpu: this CPU and build: %s (%s)\n", hs_simd_level_name(best), hs_cpu_model());
    CHECK(!strcmp(hs_simd_best(), hs_simd_level_name(best)));
    expect_level(best < HS_SIMD_AVX2 ? best : HS_SIMD_AVX2);
    char reason[HS_REASON_LEN];
    CHECK(hs_simd_check_env(reason) == (best >= HS_SIMD_AVX2 ? HS_OK : HS_ERR_UNSUPPORTED));
    /* a level above the CPU falls back to the best it has, and says so */
    setenv("HS_SIMD", "avx512", 1);
    CHECK(hs_simd_check_env(reason) == (best == HS_SIMD_AVX512 ? HS_OK : HS_ERR_UNSUPPORTED));
    if (best < HS_SIMD_AVX512) CHECK(strstr(reason, "at most") != NULL);
    setenv("HS_SIMD", "sse9", 1);
    CHECK(hs_simd_check_env(reason) == HS_ERR_ARGUMENT && strstr(reason, "sse9") != NULL);
    CHECK(hs_cpu_simd_env_invalid() != NULL);
    unsetenv("HS_SIMD");
    CHECK(hs_simd_check_env(reason) == HS_OK && reason[0] == 0);

    check_features();
    /* forcing: never above the detected level */
    for (int l = HS_SIMD_PORTABLE; l <= HS_SIMD_AVX512; l++) {
        hs_cpu_simd_force((hs_simd)l);
        expect_level((hs_simd)l < best ? (hs_simd)l : best);
    }
    CHECK_EQ_U64(hs_cpu_has_avx512ifma() && !hs_cpu_has_avx512(), 0);
    return hs_test_done("test_cpu");
}
