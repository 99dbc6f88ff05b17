/* SPDX-License-Identifier: GPL-2.0-or-later */
/* disturb.c - reads and reduces the disturbance probes (disturb.h). */
#include "io/disturb.h"
#include "io/procstat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* The team's summed run delay, or -1 when any thread's is unreadable. */
static double team_run_delay(int threads)
{
	double sum = 0.0;
	int unreadable = 0;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads) reduction(+:sum, unreadable)
#endif
	{
		double v = nb_read_run_delay_s(NB_PROC_THREAD_SCHEDSTAT);
		if (v < 0)
			unreadable++;
		else
			sum += v;
	}
	(void)threads;
	return unreadable ? -1.0 : sum;
}

void nb_disturb_snap(struct nb_disturb_snap *s, int threads)
{
	struct rusage ru;
	double tck = (double)sysconf(_SC_CLK_TCK);

	s->nivcsw = s->nvcsw = -1.0;
	if (getrusage(RUSAGE_SELF, &ru) == 0) {
		s->nivcsw = (double)ru.ru_nivcsw;
		s->nvcsw = (double)ru.ru_nvcsw;
	}
	s->run_delay_s = team_run_delay(threads);
	if (tck > 0 && nb_read_stat_ticks(NB_PROC_STAT, &s->iowait_s,
	                                  &s->steal_s) == 0) {
		s->iowait_s /= tck;
		s->steal_s /= tck;
	} else {
		s->iowait_s = s->steal_s = -1.0;
	}
	s->pressure_s = nb_read_pressure_some_s(NB_PROC_PRESSURE_CPU);
	s->loadavg = nb_read_loadavg(NB_PROC_LOADAVG);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median of the update phases, and the count and excess time of those
 * over NB_SLOW_UPDATE_FACTOR x the median. */
static void slow_updates(struct nb_disturb_facts *f, const double *u,
                         size_t cycles)
{
	double *sorted = cycles ? malloc(cycles * sizeof *sorted) : NULL;

	f->slow_cycles = f->slow_s = f->update_median_s = 0.0;
	if (!sorted)
		return;
	memcpy(sorted, u, cycles * sizeof *sorted);
	qsort(sorted, cycles, sizeof *sorted, by_value);
	f->update_median_s = cycles % 2 ? sorted[cycles / 2]
	    : (sorted[cycles / 2 - 1] + sorted[cycles / 2]) / 2.0;
	free(sorted);
	for (size_t c = 0; c < cycles; c++) {
		if (u[c] > NB_SLOW_UPDATE_FACTOR * f->update_median_s) {
			f->slow_cycles += 1.0;
			f->slow_s += u[c] - f->update_median_s;
		}
	}
}

void nb_disturb_collect(struct nb_disturb_facts *f,
                        const struct nb_disturb_snap *start,
                        const struct nb_disturb_snap *end,
                        const double *update_s, size_t cycles)
{
	f->start = *start;
	f->end = *end;
	f->cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	slow_updates(f, update_s, cycles);
}

void nb_disturb_warn(const struct nb_disturb_snap *start,
                     const struct nb_disturb_snap *end, int threads,
                     double wall_s)
{
	double wait = end->run_delay_s - start->run_delay_s;

	if (start->run_delay_s < 0 || end->run_delay_s < 0 || threads < 1 ||
	    !(wall_s > 0) || wait <= NB_WAIT_WARN * threads * wall_s)
		return;
	fprintf(stderr, "nbsim: warning: the threads waited %.0f %% of the sim "
	        "phase for a CPU (other processes on these cores, load average "
	        "%.2f): these times are not this machine's\n",
	        100.0 * wait / (threads * wall_s), end->loadavg);
}

/* end - start, or null when either is unreadable. */
static json_t *grown(double start, double end)
{
	if (start < 0 || end < 0)
		return json_null();
	return json_real(end > start ? end - start : 0.0);
}

static json_t *count(double start, double end)
{
	return json_integer(start < 0 || end < start ? 0 : (json_int_t)(end - start));
}

static json_t *reading(double v)
{
	return v < 0 || !isfinite(v) ? json_null() : json_real(v);
}

json_t *nb_disturb_rank_json(const struct nb_disturb_facts *f)
{
	const struct nb_disturb_snap *s = &f->start, *e = &f->end;
	return json_pack("{s:o,s:o,s:o,s:I,s:f,s:f}",
	    "involuntary_switches", count(s->nivcsw, e->nivcsw),
	    "voluntary_switches", count(s->nvcsw, e->nvcsw),
	    "run_delay_s", grown(s->run_delay_s, e->run_delay_s),
	    "slow_update_cycles", (json_int_t)f->slow_cycles,
	    "slow_update_s", f->slow_s,
	    "update_median_s", f->update_median_s);
}

json_t *nb_disturb_host_json(const struct nb_disturb_facts *f)
{
	const struct nb_disturb_snap *s = &f->start, *e = &f->end;
	return json_pack("{s:i,s:o,s:o,s:o,s:o,s:o}",
	    "cpus", f->cpus,
	    "steal_s", grown(s->steal_s, e->steal_s),
	    "iowait_s", grown(s->iowait_s, e->iowait_s),
	    "loadavg_start", reading(s->loadavg),
	    "loadavg_end", reading(e->loadavg),
	    "cpu_pressure_s", grown(s->pressure_s, e->pressure_s));
}
