/* A prover's phase hook: the provers that report progress call fn on the proving thread as each of
 * their n phases ends (k = 1..n, in order), with the phase's name, the same name the C interface's
 * phase times use (hs_prove_stats). A zeroed hook (fn NULL) reports nothing. */
#ifndef HS_UTIL_PROGRESS_H
#define HS_UTIL_PROGRESS_H

typedef struct hs_phase_hook {
    void (*fn)(void *user, const char *phase, unsigned k, unsigned n);
    void *user;
} hs_phase_hook;

static inline void hs_phase_end(const hs_phase_hook *h, const char *phase, unsigned k, unsigned n) {
    if (h && h->fn) h->fn(h->user, phase, k, n);
}

#endif
