/* The SIMD level (util/cpu.h): names parse both ways, HS_SIMD lowers the detected level and never
 * raises it, HS_NO_SIMD=1 means portable, a bad HS_SIMD is reported and ignored, and the
 * has_avx2 / has_avx512 tests follow the level in use. */
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

    /* forcing: never above the detected level */
    for (int l = HS_SIMD_PORTABLE; l <= HS_SIMD_AVX512; l++) {
        hs_cpu_simd_force((hs_simd)l);
        expect_level((hs_simd)l < best ? (hs_simd)l : best);
    }
    CHECK_EQ_U64(hs_cpu_has_avx512ifma() && !hs_cpu_has_avx512(), 0);
    return hs_test_done("test_cpu");
}
