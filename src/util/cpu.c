#include "util/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* -1 until decided; detection is idempotent, so two threads racing on first use store the same
 * value (the parallel layer resolves it before its threads start anyway). */
static int features_cache = -1, level_cache = -1;

static const char *const level_names[] = {"portable", "avx2", "avx512"};
static const char *const feature_names[HS_CPU_FEATURE_COUNT] = {
    "avx2", "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512ifma", "pclmulqdq", "vpclmulqdq", "gfni"};

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

const char *hs_cpu_feature_name(unsigned bit) {
    for (unsigned i = 0; i < HS_CPU_FEATURE_COUNT; i++)
        if (bit == 1u << i) return feature_names[i];
    return "unknown";
}

char *hs_cpu_features_str(unsigned mask, char *buf, unsigned long len) {
    if (!len) return buf;
    size_t at = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < HS_CPU_FEATURE_COUNT; i++)
        if (mask & (1u << i)) {
            int w = snprintf(buf + at, len - at, "%s%s", at ? " " : "", feature_names[i]);
            if (w < 0 || (size_t)w >= len - at) return buf;
            at += (size_t)w;
        }
    if (!at) snprintf(buf, len, "none");
    return buf;
}

/* Each feature on its own (__builtin_cpu_supports also checks, for AVX2 and AVX-512, that the
 * operating system enabled the vector state: XGETBV); then the ones that only run inside a vector
 * state are dropped where that state is missing. */
static unsigned detect(void) {
    unsigned f = 0;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
#if defined(HS_HAVE_AVX2)
    if (__builtin_cpu_supports("avx2")) f |= HS_CPU_AVX2;
#endif
#if defined(HS_HAVE_AVX512)
    if (__builtin_cpu_supports("avx512f")) f |= HS_CPU_AVX512F;
    if (__builtin_cpu_supports("avx512bw")) f |= HS_CPU_AVX512BW;
    if (__builtin_cpu_supports("avx512vl")) f |= HS_CPU_AVX512VL;
    if (__builtin_cpu_supports("avx512dq")) f |= HS_CPU_AVX512DQ;
    if (__builtin_cpu_supports("avx512ifma")) f |= HS_CPU_AVX512IFMA;
#endif
#if defined(HS_HAVE_PCLMUL)
    if (__builtin_cpu_supports("pclmul")) f |= HS_CPU_PCLMUL;
#endif
#if defined(HS_HAVE_VPCLMUL)
    if (__builtin_cpu_supports("vpclmulqdq")) f |= HS_CPU_VPCLMUL;
#endif
    if (__builtin_cpu_supports("gfni")) f |= HS_CPU_GFNI;
#endif
    if (!(f & HS_CPU_AVX512F)) f &= ~(unsigned)(HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA);
    if (!(f & HS_CPU_AVX2)) f &= ~(unsigned)(HS_CPU_VPCLMUL | HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA);
    return f;
}

unsigned hs_cpu_features_detected(void) {
    int c = __atomic_load_n(&features_cache, __ATOMIC_RELAXED);
    if (c < 0) {
        c = (int)detect();
        __atomic_store_n(&features_cache, c, __ATOMIC_RELAXED);
    }
    return (unsigned)c;
}

/* The ladder: avx512 = AVX2 and all four AVX-512 subsets, avx2 = AVX2. */
static hs_simd level_of(unsigned f) {
    if ((f & HS_CPU_AVX2) && (f & HS_CPU_AVX512_ALL) == HS_CPU_AVX512_ALL) return HS_SIMD_AVX512;
    return (f & HS_CPU_AVX2) ? HS_SIMD_AVX2 : HS_SIMD_PORTABLE;
}

hs_simd hs_cpu_simd_detected(void) { return level_of(hs_cpu_features_detected()); }

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

/* The detected features a level allows: none below AVX2 (the portable level runs no vector or
 * carry-less instruction), none of the AVX-512 ones below avx512. */
static unsigned cap(unsigned f, hs_simd level) {
    if (level == HS_SIMD_PORTABLE) return 0;
    if (level == HS_SIMD_AVX2) f &= ~(unsigned)(HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA);
    if (level == HS_SIMD_AVX512 && (f & HS_CPU_AVX512_ALL) != HS_CPU_AVX512_ALL)
        f &= ~(unsigned)(HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA);
    return f;
}

unsigned hs_cpu_features(void) { return cap(hs_cpu_features_detected(), hs_cpu_simd_level()); }
int hs_cpu_has(unsigned mask) { return (hs_cpu_features() & mask) == mask; }

int hs_cpu_has_avx2(void) { return hs_cpu_simd_level() >= HS_SIMD_AVX2; }
int hs_cpu_has_avx512(void) { return hs_cpu_simd_level() >= HS_SIMD_AVX512; }
int hs_cpu_has_avx512ifma(void) { return hs_cpu_has(HS_CPU_AVX512_ALL | HS_CPU_AVX512IFMA); }

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
