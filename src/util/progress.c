#include "util/progress.h"

#include <stddef.h>

/* The phase running on this thread: one proof at a time per thread, nothing shared. */
static _Thread_local struct {
    const hs_phase_hook *h;
    const char *phase;
    unsigned k, n;
    double last; /* the last share reported (thinning and monotonicity) */
} cur;

void hs_phase_begin(const hs_phase_hook *h, const char *phase, unsigned k, unsigned n) {
    cur.h = h && h->fn ? h : NULL;
    cur.phase = phase, cur.k = k, cur.n = n, cur.last = 0.0;
}

void hs_phase_end(const hs_phase_hook *h, const char *phase, unsigned k, unsigned n) {
    cur.h = NULL;
    if (h && h->fn) h->fn(h->user, phase, k, n, 1.0);
}

void hs_phase_stop(void) { cur.h = NULL; }

void hs_phase_progress(double within) {
    if (!cur.h || !(within >= cur.last + 1.0 / 64) || !(within < 1.0)) return; /* NaN fails too */
    cur.last = within;
    cur.h->fn(cur.h->user, cur.phase, cur.k, cur.n, within);
}
