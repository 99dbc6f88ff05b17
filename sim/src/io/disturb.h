/* SPDX-License-Identifier: GPL-2.0-or-later */
/* disturb.h - what tells a disturbed run, per rank: involuntary and
 * voluntary context switches (getrusage), the time the rank's threads were
 * runnable but waiting for a CPU (schedstat), the node's iowait and steal
 * time (/proc/stat), CPU pressure (/proc/pressure/cpu) and load average,
 * each read at the start and the end of the sim phase; and the cycles
 * whose update phase took more than NB_SLOW_UPDATE_FACTOR times the
 * rank's median. summary.json's "disturbance" (docs/design.md).
 * disturb.c. */
#ifndef NB_DISTURB_H
#define NB_DISTURB_H

#include <stddef.h>
#include <jansson.h>

#define NB_SLOW_UPDATE_FACTOR 5.0

/* One reading; -1 where the kernel file was unreadable. */
struct nb_disturb_snap {
	double nivcsw, nvcsw;           /* all threads of the process */
	double run_delay_s;             /* summed over the team's threads */
	double iowait_s, steal_s;       /* all CPUs of the node */
	double pressure_s;              /* some task waited for a CPU */
	double loadavg;                 /* one-minute */
};

/* One rank's, gathered to rank 0 as plain bytes. */
struct nb_disturb_facts {
	struct nb_disturb_snap start, end;
	int cpus;                       /* online CPUs of the node */
	double slow_cycles;             /* update phases > factor x median */
	double slow_s;                  /* their time beyond the median */
	double update_median_s;
};

/* Reads everything at once, from a parallel region of `threads` threads
 * for the run delay (call it where the sim phase's team would run). */
void nb_disturb_snap(struct nb_disturb_snap *s, int threads);

/* The facts of the sim phase between start and end, with update_s the
 * rank's update phase of each of its `cycles` cycles. */
void nb_disturb_collect(struct nb_disturb_facts *f,
                        const struct nb_disturb_snap *start,
                        const struct nb_disturb_snap *end,
                        const double *update_s, size_t cycles);

/* Says on stderr when the team's threads waited for a CPU more than
 * NB_WAIT_WARN of their time over wall_s: the run's times are not this
 * machine's (nbsim-report flags such runs too). */
#define NB_WAIT_WARN 0.05
void nb_disturb_warn(const struct nb_disturb_snap *start,
                     const struct nb_disturb_snap *end, int threads,
                     double wall_s);

/* A rank's entry of "disturbance.ranks" / its host's of "disturbance.hosts". */
json_t *nb_disturb_rank_json(const struct nb_disturb_facts *f);
json_t *nb_disturb_host_json(const struct nb_disturb_facts *f);

#endif
