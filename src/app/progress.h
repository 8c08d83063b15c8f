/* The live progress line of the commands (prove, bench, smt, merkle): one line on standard error,
 * rewritten in place ("\r\033[K") as the work goes, naming the command, the phase, the percent
 * done, the time so far and an estimate of the time left ("bench: poseidon2-kb16 stark 2^16 (2 of
 * 4): 20% (3.2 s, about 12.8 s left)"), and cleared before other output and at the end. Only on
 * a terminal: redirected, or with --quiet, the line is off and every call does nothing. One line
 * per process (a command runs one at a time). */
#ifndef HS_APP_PROGRESS_H
#define HS_APP_PROGRESS_H

/* Starts the clock; the line is on when quiet is 0 and standard error is a terminal. */
void hs_cli_progress_begin(const char *cmd, int quiet);
int hs_cli_progress_on(void);
/* 1 after hs_cli_progress_begin(.., quiet = 1): the command's --quiet (no progress or phase lines). */
int hs_cli_quiet(void);
/* Shows PHASE (printf-style) with the fraction done (< 0: unknown, no percent or estimate). */
void hs_cli_progress_show(double fraction, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Rewrites the line with the time so far (a long phase shows it is alive; at most 4 times a
 * second; nothing before the first show). */
void hs_cli_progress_tick(void);
/* Clears the line (before other output on standard error, and at the end). */
void hs_cli_progress_clear(void);
/* Redraws the line twice a second from a thread of its own, so the time moves while one long
 * library call runs (not in a process that forks: bench ticks from its wait instead). Stopped,
 * and the line cleared, by hs_cli_progress_end. */
void hs_cli_progress_live(void);
void hs_cli_progress_end(void);

/* A context's progress callback (hs_ctx_set_progress) that shows the phases of a proof on this
 * line: "prove: quotient: 50% (0.3 s)" (the phase running or just ended, the share of the proof
 * done), cleared at "done". */
void hs_cli_on_progress(void *user, const char *phase, double fraction);

#endif
