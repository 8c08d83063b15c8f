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

/* The provers' test hooks (a corrupted witness cell, a wrong multiplicity: the tests' way to show
 * a verifier rejects what a cheating prover writes) exist only in a testing build, the one made
 * with the tests (CMake's HS_BUILD_TESTS or HS_FUZZ define HS_TESTING): HS_TEST_HOOK(v) is v there
 * and a constant 0 in the shipped library, so the code that spoils a witness is compiled out and
 * the hook fields are inert. */
#ifdef HS_TESTING
#define HS_TEST_HOOK(v) (v)
#else
#define HS_TEST_HOOK(v) ((void)(v), (size_t)0)
#endif

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
/* A prover's test hook that spoils its witness on purpose (a corrupted cell, to show the verifier
 * rejects the proof) sets this for its thread, and every prover entry with such a hook sets it
 * from its hook (0 when off): HS_VCHECK_HONEST, the checks that a prover's claims match its own
 * tables, stand down while it is set, since that proof is meant to be inconsistent. */
extern _Thread_local int hs_verify_spoiled;
#define HS_VERIFY_SPOIL(on) (hs_verify_spoiled = (on) ? 1 : 0)
#define HS_VCHECK_HONEST(cond, what) HS_VCHECK(hs_verify_spoiled || (cond), what)
#else
#define HS_VCHECK(cond, what) ((void)0)
#define HS_VERIFY_ON 0
#define HS_VERIFY_SPOIL(on) ((void)0)
#define HS_VCHECK_HONEST(cond, what) ((void)0)
#endif

#endif
