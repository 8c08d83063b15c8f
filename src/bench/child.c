#define _DEFAULT_SOURCE 1 /* wait4 */
#include "bench/child.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/progress.h"

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double hs_bench_median(double *v, unsigned k) {
    qsort(v, k, sizeof *v, cmp_double);
    return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

void hs_bench_msg_times(hs_bench_msg *m, double *t, unsigned k) {
    double sum = 0;
    for (unsigned i = 0; i < k; i++) sum += t[i];
    m->prove_mean_s = sum / k;
    m->prove_median_s = hs_bench_median(t, k); /* sorts */
    m->prove_min_s = t[0], m->prove_max_s = t[k - 1];
}

int hs_bench_child(void (*fn)(void *ctx, void *msg), void *ctx, void *msg, size_t msg_len, double timeout_s,
                   uint64_t *peak_rss, char *why, size_t whylen) {
    *peak_rss = 0;
    int p[2];
    if (pipe(p) != 0) return snprintf(why, whylen, "pipe: %s", strerror(errno)), 0;
    fflush(stdout), fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, whylen, "fork: %s", strerror(errno));
        close(p[0]), close(p[1]);
        return 0;
    }
    if (pid == 0) {
        close(p[0]);
        signal(SIGALRM, SIG_DFL);
        if (timeout_s > 0) { /* the whole child: inputs, proofs, verifications */
            struct itimerval it = {{0, 0}, {(time_t)timeout_s, (suseconds_t)(fmod(timeout_s, 1.0) * 1e6)}};
            if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0) it.it_value.tv_usec = 1;
            setitimer(ITIMER_REAL, &it, NULL);
        }
        memset(msg, 0, msg_len);
        fn(ctx, msg);
        ssize_t w;
        do w = write(p[1], msg, msg_len);
        while (w < 0 && errno == EINTR);
        _exit(w == (ssize_t)msg_len ? 0 : 3);
    }
    close(p[1]);
    size_t got = 0;
    while (got < msg_len) {
        struct pollfd pf = {p[0], POLLIN, 0};
        if (poll(&pf, 1, 250) == 0) { /* the child still works: the progress line's clock goes on */
            hs_cli_progress_tick();
            continue;
        }
        ssize_t r = read(p[0], (char *)msg + got, msg_len - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(p[0]);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {
    }
    *peak_rss = (uint64_t)ru.ru_maxrss * 1024; /* Linux reports KiB */
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGALRM) snprintf(why, whylen, "timed out after %g s", timeout_s);
        else if (sig == SIGKILL) snprintf(why, whylen, "killed by SIGKILL (out of memory?)");
        else snprintf(why, whylen, "killed by signal %d (%s)", sig, strsignal(sig));
        return 0;
    }
    if (got != msg_len || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return snprintf(why, whylen, "child exited with status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1), 0;
    return 1;
}

int hs_bench_measure(void (*fn)(void *ctx, void *msg), void *ctx, hs_bench_msg *m, double timeout_s,
                     uint64_t *peak_rss, char *why, size_t whylen) {
    if (!hs_bench_child(fn, ctx, m, sizeof *m, timeout_s, peak_rss, why, whylen)) return 0;
    if (m->ok) return 1;
    m->why[sizeof m->why - 1] = 0;
    snprintf(why, whylen, "%s", m->why);
    return 0;
}
