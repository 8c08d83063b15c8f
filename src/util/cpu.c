#include "util/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* -1 until decided; detection is idempotent, so two threads racing on first use store the same
 * value (the parallel layer resolves it before its threads start anyway). */
static int detected_cache = -1, level_cache = -1, ifma_cache = -1;

static const char *const level_names[] = {"portable", "avx2", "avx512"};

const char *hs_simd_level_name(hs_simd level) {
    return (unsigned)level < 3 ? level_names[level] : "unknown";
}

int hs_simd_level_parse(const char *s, hs_simd *out) {
    if (!s) return -1;
    for (int i = 0; i < 3; i++)
        if (!strcasecmp(s, level_names[i])) {
            *out = (hs_simd)i;
            return 0;
        }
    return -1;
}

hs_simd hs_cpu_simd_detected(void) {
    int c = __atomic_load_n(&detected_cache, __ATOMIC_RELAXED);
    if (c < 0) {
        c = HS_SIMD_PORTABLE;
#if defined(__x86_64__) || defined(__i386__)
        /* __builtin_cpu_supports also checks that the OS enabled the vector state (XGETBV) */
        __builtin_cpu_init();
#if defined(HS_HAVE_AVX2)
        if (__builtin_cpu_supports("avx2")) c = HS_SIMD_AVX2;
#endif
#if defined(HS_HAVE_AVX512)
        if (c == HS_SIMD_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
            __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
            c = HS_SIMD_AVX512;
#endif
#endif
        __atomic_store_n(&detected_cache, c, __ATOMIC_RELAXED);
    }
    return (hs_simd)c;
}

const char *hs_cpu_simd_env_invalid(void) {
    const char *e = getenv("HS_SIMD");
    hs_simd l;
    return e && *e && hs_simd_level_parse(e, &l) != 0 ? e : NULL;
}

static hs_simd env_limit(void) {
    hs_simd lim = HS_SIMD_AVX512, l;
    const char *e = getenv("HS_SIMD");
    if (e && *e && hs_simd_level_parse(e, &l) == 0) lim = l;
    const char *n = getenv("HS_NO_SIMD");
    if (n && *n && strcmp(n, "0") != 0) lim = HS_SIMD_PORTABLE;
    return lim;
}

hs_simd hs_cpu_simd_level(void) {
    int c = __atomic_load_n(&level_cache, __ATOMIC_RELAXED);
    if (c < 0) {
        hs_simd d = hs_cpu_simd_detected(), lim = env_limit();
        c = (int)(lim < d ? lim : d);
        __atomic_store_n(&level_cache, c, __ATOMIC_RELAXED);
    }
    return (hs_simd)c;
}

void hs_cpu_simd_force(hs_simd level) {
    hs_simd d = hs_cpu_simd_detected();
    __atomic_store_n(&level_cache, (int)(level < d ? level : d), __ATOMIC_RELAXED);
}

int hs_cpu_has_avx2(void) { return hs_cpu_simd_level() >= HS_SIMD_AVX2; }
int hs_cpu_has_avx512(void) { return hs_cpu_simd_level() >= HS_SIMD_AVX512; }

int hs_cpu_has_avx512ifma(void) {
    int c = __atomic_load_n(&ifma_cache, __ATOMIC_RELAXED);
    if (c < 0) {
        c = 0;
#if (defined(__x86_64__) || defined(__i386__)) && defined(HS_HAVE_AVX512)
        if (hs_cpu_simd_detected() == HS_SIMD_AVX512) c = __builtin_cpu_supports("avx512ifma") != 0;
#endif
        __atomic_store_n(&ifma_cache, c, __ATOMIC_RELAXED);
    }
    return c && hs_cpu_has_avx512();
}

unsigned hs_cpu_count(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1u;
}

const char *hs_cpu_model(void) {
    static char model[128];
    if (model[0]) return model;
    snprintf(model, sizeof model, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return model;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ' || *c == '\t') c++;
                c[strcspn(c, "\n")] = 0;
                snprintf(model, sizeof model, "%s", c);
            }
            break;
        }
    }
    fclose(f);
    return model;
}
