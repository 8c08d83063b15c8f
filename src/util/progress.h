/* A prover's phase hook: the provers that report progress call fn on the proving thread as each of
 * their n phases ends (k = 1..n, in order, within = 1), with the phase's name, the same name the C
 * interface's phase times use (hs_prove_stats). Between hs_phase_begin and hs_phase_end of phase
 * k, code below the prover (the LDE and Merkle commitments, the FRI rounds and queries, the GKR
 * walk's layers, WHIR's rounds) reports the share of the phase's steps done with
 * hs_phase_progress(within), 0 <= within < 1, without the hook in its signature: the running phase
 * is kept per thread, so calls from worker threads, or with no phase running, report nothing.
 * Shares within one phase never decrease and are thinned to steps of at least 1/64. A zeroed hook
 * (fn NULL) reports nothing. */
#ifndef HS_UTIL_PROGRESS_H
#define HS_UTIL_PROGRESS_H

typedef struct hs_phase_hook {
    void (*fn)(void *user, const char *phase, unsigned k, unsigned n, double within);
    void *user;
} hs_phase_hook;

/* Phase k of n, named phase, starts on this thread. */
void hs_phase_begin(const hs_phase_hook *h, const char *phase, unsigned k, unsigned n);
/* It ends: fn(..., 1.0), and hs_phase_progress reports nothing until the next begin. */
void hs_phase_end(const hs_phase_hook *h, const char *phase, unsigned k, unsigned n);
/* No phase runs on this thread any more (a prover's exit path, failed or not). */
void hs_phase_stop(void);
/* The running phase (on this thread) has done the share within of its steps. */
void hs_phase_progress(double within);

#endif
