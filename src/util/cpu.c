#include "util/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int simd_disabled(void) {
    const char *e = getenv("HS_NO_SIMD");
    return e && *e && strcmp(e, "0") != 0;
}

int hs_cpu_has_avx2(void) {
    /* Detection is idempotent, so a benign race on first use is harmless. */
    static int cached = -1;
    if (cached < 0) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_cpu_init();
        cached = !simd_disabled() && __builtin_cpu_supports("avx2");
#else
        cached = 0;
#endif
    }
    return cached;
}

int hs_cpu_has_avx512(void) {
    static int cached = -1;
    if (cached < 0) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_cpu_init();
        cached = !simd_disabled() && __builtin_cpu_supports("avx512f");
#else
        cached = 0;
#endif
    }
    return cached;
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
