/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thread-log.h - each OpenMP thread's own deliver and update time in every
 * cycle of the sim phase, and the set of CPUs it ran on (sampled once a
 * cycle). engine/cycle.c records into it; the result writer puts rank 0's
 * into thread_deliver.npy and thread_update.npy, every rank's CPU sets
 * into summary.json's provenance. thread-log.c. */
#ifndef NB_THREAD_LOG_H
#define NB_THREAD_LOG_H

#include <sched.h>
#include <stddef.h>

struct nb_thread_log {
	int threads;
	size_t cycles;
	double *deliver_s;              /* [threads][cycles] */
	double *update_s;               /* [threads][cycles] */
	cpu_set_t *ran_on;              /* [threads] */
};

/* 0, or -1 when out of memory (nothing left allocated). */
int nb_thread_log_init(struct nb_thread_log *l, int threads, size_t cycles);
void nb_thread_log_free(struct nb_thread_log *l);

/* Thread t's deliver and update times of cycle c; marks the CPU it is on. */
static inline void nb_thread_log_cycle(struct nb_thread_log *l, int t,
                                       size_t c, double deliver_s,
                                       double update_s)
{
	size_t i = (size_t)t * l->cycles + c;
	int cpu = sched_getcpu();

	l->deliver_s[i] = deliver_s;
	l->update_s[i] = update_s;
	if (cpu >= 0 && cpu < CPU_SETSIZE)
		CPU_SET(cpu, &l->ran_on[t]);
}

#endif
