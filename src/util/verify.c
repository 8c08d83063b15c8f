/* The VERIFY build's per-thread state (verify.h). */
#include "util/verify.h"

#ifdef HS_VERIFY
_Thread_local int hs_verify_spoiled;
#else
typedef int hs_verify_unused; /* ISO C wants a declaration in every translation unit */
#endif
