/* CPU feature detection and the SIMD level, decided once and cached.
 *
 * Every kernel family (a hash, the NTT, a prover kernel) has a portable version and may have
 * AVX2 and AVX-512 twins; each picks the highest level it has that is at most hs_cpu_simd_level().
 * That level is the best the CPU and this build support (AVX-512 = F, BW, VL and DQ, with the
 * operating system saving the vector state), lowered by the environment:
 *   HS_SIMD=portable|avx2|avx512   forces that level (a level the CPU lacks falls back to the best
 *                                  it has: forcing never runs an unsupported instruction);
 *   HS_NO_SIMD=1                   the same as HS_SIMD=portable (kept for older scripts).
 * An HS_SIMD value that is none of these is ignored by the library (hs_cpu_simd_env_invalid() tells;
 * the command line rejects it). */
#ifndef HS_UTIL_CPU_H
#define HS_UTIL_CPU_H

typedef enum { HS_SIMD_PORTABLE = 0, HS_SIMD_AVX2 = 1, HS_SIMD_AVX512 = 2 } hs_simd;

/* The level the kernels use (detected, lowered by HS_SIMD / HS_NO_SIMD). */
hs_simd hs_cpu_simd_level(void);
/* The best level of the CPU and this build, whatever the environment says. */
hs_simd hs_cpu_simd_detected(void);
/* "portable", "avx2", "avx512". */
const char *hs_simd_level_name(hs_simd level);
/* 0 and *out set for "portable", "avx2", "avx512" (any case); -1 for anything else. */
int hs_simd_level_parse(const char *s, hs_simd *out);
/* The HS_SIMD value when it is set and not a level name, else NULL. */
const char *hs_cpu_simd_env_invalid(void);
/* Tests and benchmarks only, before any thread starts: use min(level, detected) from now on. */
void hs_cpu_simd_force(hs_simd level);

/* hs_cpu_simd_level() >= AVX2 / >= AVX512: what the dispatch points test. */
int hs_cpu_has_avx2(void);
int hs_cpu_has_avx512(void);
/* AVX-512 IFMA (52-bit multiply-add) on top of hs_cpu_has_avx512(). */
int hs_cpu_has_avx512ifma(void);
/* Number of online processors (at least 1). */
unsigned hs_cpu_count(void);
/* "AMD EPYC ..." from /proc/cpuinfo, or "unknown"; static storage. */
const char *hs_cpu_model(void);

#endif
