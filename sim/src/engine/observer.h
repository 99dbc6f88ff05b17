/* SPDX-License-Identifier: GPL-2.0-or-later */
/* observer.h - the one hook through which the simulation loop (cycle.c)
 * tells whoever watches it what each cycle did, without knowing who that
 * is: the cycle timers, page-placement sampling, spike recording and the
 * progress line implement it (io/observers.c). */
#ifndef NB_OBSERVER_H
#define NB_OBSERVER_H

#include <stddef.h>
#include <stdint.h>

struct nb_sim;

/* The phases of a cycle, in the order they run (NEST's timers). */
enum nb_phase {
	NB_PHASE_DELIVER,
	NB_PHASE_UPDATE,
	NB_PHASE_COLLOCATE,
	NB_PHASE_SYNC,
	NB_PHASE_COMMUNICATE,
	NB_PHASE_COUNT
};

/* One cycle, as the master thread measured it. */
struct nb_cycle_report {
	size_t cycle;                  /* from 0 in each nb_cycle_run */
	int64_t start;                 /* its first step */
	double cycle_s;                /* wall time, deliver start to communicate end */
	double phase_s[NB_PHASE_COUNT];
	uint64_t spikes;               /* this rank emitted in it */
};

struct nb_observer {
	void *ctx;
	/* Each thread after its update (or NULL): its own deliver and update
	 * times of the cycle. */
	void (*thread_cycle)(void *ctx, int thread, size_t cycle,
	                     double deliver_s, double update_s);
	/* The master thread after the exchange, while the others wait: the
	 * cycle, and the state it left (with net.keep_spikes its spikes are in
	 * each thread's net.t[].rec). */
	void (*cycle)(void *ctx, const struct nb_sim *s,
	              const struct nb_cycle_report *r);
};

#endif
