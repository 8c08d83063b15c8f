#include "app/progress.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"

static struct {
    int on, quiet;
    const char *cmd;
    double t0;       /* when the work began */
    double last;     /* when the line was last written; < 0: no line shown */
    double fraction; /* the last fraction shown */
    char phase[160]; /* the last phase shown */
    /* the ticker (hs_cli_progress_live): a thread that redraws the line while one long call runs */
    int ticking, stop;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} P = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

void hs_cli_progress_begin(const char *cmd, int quiet) {
    P.on = !quiet && isatty(STDERR_FILENO);
    P.quiet = quiet;
    P.cmd = cmd;
    P.t0 = hs_cli_now();
    P.last = -1;
    P.phase[0] = 0;
}

int hs_cli_progress_on(void) { return P.on; }
int hs_cli_quiet(void) { return P.quiet; }

/* "1.2 s", "3 min 05 s" */
static void span(char *b, size_t n, double s) {
    if (s < 60) {
        snprintf(b, n, "%.1f s", s);
    } else {
        const long m = (long)(s / 60);
        snprintf(b, n, "%ld min %02ld s", m, (long)(s - 60.0 * (double)m));
    }
}

static void draw(double now) {
    char e[32], left[32], line[320];
    span(e, sizeof e, now - P.t0);
    const double f = P.fraction > 1 ? 1 : P.fraction;
    if (f < 0)
        snprintf(line, sizeof line, "%s: %s (%s)", P.cmd, P.phase, e);
    else if (f > 0.01 && now - P.t0 > 0.5) { /* an estimate once there is something to go by */
        span(left, sizeof left, (now - P.t0) * (1 - f) / f);
        snprintf(line, sizeof line, "%s: %s: %.0f%% (%s, about %s left)", P.cmd, P.phase, 100 * f, e, left);
    } else
        snprintf(line, sizeof line, "%s: %s: %.0f%% (%s)", P.cmd, P.phase, 100 * f, e);
    fprintf(stderr, "\r\033[K%s", line);
    fflush(stderr);
    P.last = now;
}

void hs_cli_progress_show(double fraction, const char *fmt, ...) {
    if (!P.on) return;
    pthread_mutex_lock(&P.mu);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(P.phase, sizeof P.phase, fmt, ap);
    va_end(ap);
    P.fraction = fraction;
    draw(hs_cli_now());
    pthread_mutex_unlock(&P.mu);
}

void hs_cli_progress_tick(void) {
    if (!P.on) return;
    pthread_mutex_lock(&P.mu);
    const double now = hs_cli_now();
    if (P.last >= 0 && now - P.last >= 0.25) draw(now);
    pthread_mutex_unlock(&P.mu);
}

void hs_cli_progress_clear(void) {
    if (!P.on) return;
    pthread_mutex_lock(&P.mu);
    if (P.last >= 0) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        P.last = -1;
    }
    pthread_mutex_unlock(&P.mu);
}

static void *ticker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&P.mu);
    while (!P.stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 500000000L;
        if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        if (pthread_cond_timedwait(&P.cv, &P.mu, &ts) == ETIMEDOUT && !P.stop && P.last >= 0) draw(hs_cli_now());
    }
    pthread_mutex_unlock(&P.mu);
    return NULL;
}

void hs_cli_progress_live(void) {
    if (!P.on || P.ticking) return;
    P.stop = 0;
    P.ticking = pthread_create(&P.thread, NULL, ticker, NULL) == 0; /* without it, the line moves at each phase */
}

void hs_cli_progress_end(void) {
    if (P.ticking) {
        pthread_mutex_lock(&P.mu);
        P.stop = 1;
        pthread_cond_signal(&P.cv);
        pthread_mutex_unlock(&P.mu);
        pthread_join(P.thread, NULL);
        P.ticking = 0;
    }
    hs_cli_progress_clear();
}

void hs_cli_on_progress(void *user, const char *phase, double fraction) {
    (void)user;
    if (!strcmp(phase, "done")) hs_cli_progress_clear();
    else if (!strcmp(phase, "start")) hs_cli_progress_show(-1, "proving");
    else hs_cli_progress_show(fraction, "%s", phase); /* the phase running, or the one just ended */
}
