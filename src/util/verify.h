/* The VERIFY build's invariant checks (CMake -DHS_VERIFY=ON; the sanitizer build in CI has it).
 *
 * HS_VCHECK(cond, what) states something the code believes can never be false whatever its
 * input, such as "the sumcheck's final claim equals its tables at the challenge point" on the
 * prover side: in a VERIFY build a false one prints `what`, the file and the line and aborts; in
 * every other build it compiles to nothing (cond is not evaluated, so it may be costly). The
 * pattern is libsecp256k1's VERIFY_CHECK. Checks of untrusted input are never HS_VCHECKs: those
 * are rejections with a reason in every build. */
#ifndef HS_UTIL_VERIFY_H
#define HS_UTIL_VERIFY_H

#ifdef HS_VERIFY
#include <stdio.h>
#include <stdlib.h>
#define HS_VCHECK(cond, what)                                                                           \
    do {                                                                                                \
        if (!(cond)) {                                                                                  \
            fprintf(stderr, "hashsnark: VERIFY check failed at %s:%d: %s\n", __FILE__, __LINE__, what); \
            abort();                                                                                    \
        }                                                                                               \
    } while (0)
#define HS_VERIFY_ON 1
#else
#define HS_VCHECK(cond, what) ((void)0)
#define HS_VERIFY_ON 0
#endif

#endif
