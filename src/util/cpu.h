/* CPU feature detection, done once and cached. HS_NO_SIMD=1 in the environment forces the
 * portable kernels everywhere (for comparing backends end to end). */
#ifndef HS_UTIL_CPU_H
#define HS_UTIL_CPU_H

int hs_cpu_has_avx2(void);
int hs_cpu_has_avx512(void);
/* Number of online processors (at least 1). */
unsigned hs_cpu_count(void);
/* "AMD EPYC ..." from /proc/cpuinfo, or "unknown"; static storage. */
const char *hs_cpu_model(void);

#endif
