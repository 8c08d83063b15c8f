/* CPU feature detection and the SIMD level, decided once and cached.
 *
 * The CPU's features are detected one by one into a bitmask (HS_CPU_*; the vector ones counted only
 * where this build compiled their kernels and the operating system saves their register state);
 * the SIMD level ladder below is derived from that mask. Every kernel family (a hash, the NTT, a prover kernel) has a portable version and may have
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

/* The features, one bit each. AVX-512 needs F, BW, VL and DQ together for the avx512 level; IFMA,
 * VPCLMULQDQ and GFNI are counted only on top of the vector state they run in (VPCLMULQDQ and GFNI
 * on AVX2, IFMA on AVX-512). */
enum {
    HS_CPU_AVX2 = 1u << 0,
    HS_CPU_AVX512F = 1u << 1,
    HS_CPU_AVX512BW = 1u << 2,
    HS_CPU_AVX512VL = 1u << 3,
    HS_CPU_AVX512DQ = 1u << 4,
    HS_CPU_AVX512IFMA = 1u << 5,
    HS_CPU_PCLMUL = 1u << 6,  /* PCLMULQDQ: one 64x64 carry-less product (128-bit registers) */
    HS_CPU_VPCLMUL = 1u << 7, /* VPCLMULQDQ: one per 128-bit lane of a 256-bit (or, with AVX-512, 512-bit) register */
    HS_CPU_GFNI = 1u << 8,
    HS_CPU_FEATURE_COUNT = 9
};
/* The AVX-512 level needs these four. */
#define HS_CPU_AVX512_ALL (HS_CPU_AVX512F | HS_CPU_AVX512BW | HS_CPU_AVX512VL | HS_CPU_AVX512DQ)

/* Every feature of the CPU and this build, whatever the environment says. */
unsigned hs_cpu_features_detected(void);
/* The features the kernels may use: the detected ones capped by the level in use
 * (hs_cpu_simd_level()): portable uses none (no PCLMULQDQ, VPCLMULQDQ or GFNI either), avx2 none
 * of the AVX-512 ones (so no 512-bit VPCLMULQDQ: a 512-bit kernel asks for VPCLMUL | AVX512F). */
unsigned hs_cpu_features(void);
/* 1 when every bit of mask is in hs_cpu_features(). */
int hs_cpu_has(unsigned mask);
/* "avx2", "avx512f", ..., "pclmulqdq", "vpclmulqdq", "gfni" for one bit; "unknown" otherwise. */
const char *hs_cpu_feature_name(unsigned bit);
/* The names of mask's bits, space-separated ("none" when empty), into buf (cut to len - 1 bytes);
 * returns buf. */
char *hs_cpu_features_str(unsigned mask, char *buf, unsigned long len);

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
