/* SPDX-License-Identifier: GPL-2.0-or-later */
/* progress.c - rank 0's progress line: percent, model time, real-time
 * factor so far and ETA, at most twice a second; redrawn in place with '\r'
 * on a terminal, one plain line per update otherwise. */
#include "io/progress.h"

#include <stdio.h>
#include <unistd.h>

#include "util/clock.h"

#define NB_PROGRESS_PERIOD_S 0.5

static struct {
	bool on, tty;
	double total_ms;
	double t0, last;   /* monotonic seconds: start, last line printed */
	double done_ms;
} st;

/* "42.5 s", "12m05s" or "3h07m". */
static void duration(char *buf, size_t n, double s)
{
	long whole = (long)(s + 0.5);
	if (s < 60.0)
		snprintf(buf, n, "%.1f s", s);
	else if (whole < 3600)
		snprintf(buf, n, "%ldm%02lds", whole / 60, whole % 60);
	else
		snprintf(buf, n, "%ldh%02ldm", whole / 3600, whole % 3600 / 60);
}

static void print_line(double done_ms, double elapsed_s, bool final)
{
	double rtf = elapsed_s / (done_ms / 1000.0);
	char eta[32], line[128];
	duration(eta, sizeof eta, final ? elapsed_s
	                                : rtf * (st.total_ms - done_ms) / 1000.0);
	snprintf(line, sizeof line,
	         "nbsim: %5.1f %% | %.1f of %.1f ms model time | RTF %.2f | %s %s",
	         100.0 * done_ms / st.total_ms, done_ms, st.total_ms, rtf,
	         final ? "took" : "ETA", eta);
	if (st.tty)
		fprintf(stderr, "\r%-78s%s", line, final ? "\n" : "");
	else
		fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

void nb_progress_start(bool enabled, double model_ms_total)
{
	st.on = enabled && model_ms_total > 0.0;
	st.tty = isatty(STDERR_FILENO);
	st.total_ms = model_ms_total;
	st.t0 = st.last = nb_now_s();
	st.done_ms = 0.0;
}

void nb_progress_update(double model_ms_done)
{
	if (!st.on || model_ms_done <= 0.0)
		return;
	st.done_ms = model_ms_done;
	double t = nb_now_s();
	if (t - st.last < NB_PROGRESS_PERIOD_S)
		return;
	st.last = t;
	print_line(model_ms_done, t - st.t0, false);
}

void nb_progress_end(void)
{
	if (st.on && st.done_ms > 0.0)
		print_line(st.done_ms, nb_now_s() - st.t0, true);
	st.on = false;
}
