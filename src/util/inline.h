/* Forced inlining and full unrolling in the SIMD kernels, and what the AddressSanitizer build uses
 * instead.
 *
 * The permutation kernels are written as many small always-inline steps inside fully unrolled
 * loops, so that each kernel compiles to one straight line of vector instructions: that is what
 * makes them fast. Under AddressSanitizer that straight line is instrumented access by access and
 * gcc spent minutes of CPU on each of the largest files (poseidon2_monty31_avx512.c: over five
 * minutes at -O1, most of the sanitizer stage of CI). In a sanitized build (HS_ASAN_BUILD) the
 * kernels are therefore compiled as ordinary inline functions in rolled loops: the same operations
 * on the same addresses, each still checked by ASan and UBSan, in a small fraction of the compile
 * time. Release builds keep the straight line, and their tests compare it with the portable code. */
#ifndef HS_UTIL_INLINE_H
#define HS_UTIL_INLINE_H

#if defined(__SANITIZE_ADDRESS__)
#define HS_ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HS_ASAN_BUILD 1
#endif
#endif
#ifndef HS_ASAN_BUILD
#define HS_ASAN_BUILD 0
#endif

#if HS_ASAN_BUILD
#define HS_FORCE_INLINE static inline
#define HS_UNROLL_FULL
#define HS_UNROLL_16
#elif defined(__clang__)
#define HS_FORCE_INLINE static inline __attribute__((always_inline))
#define HS_UNROLL_FULL _Pragma("clang loop unroll(full)")
#define HS_UNROLL_16 _Pragma("GCC unroll 16")
#else
#define HS_FORCE_INLINE static inline __attribute__((always_inline))
#define HS_UNROLL_FULL _Pragma("GCC unroll 24")
#define HS_UNROLL_16 _Pragma("GCC unroll 16")
#endif

#endif
