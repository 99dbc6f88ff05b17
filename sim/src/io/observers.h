/* SPDX-License-Identifier: GPL-2.0-or-later */
/* observers.h - what watches a run through the engine's hook
 * (engine/observer.h): the cycle timers and each thread's own times (into
 * an nb_cycle_log), page-placement sampling every N cycles, the spikes of
 * every cycle ("step gid" lines), rank 0's progress line and the energy
 * counters (read at most once a second); and, around the sim phase, the
 * placement sampler's origin and the first and last energy reading.
 * observers.c. */
#ifndef NB_OBSERVERS_H
#define NB_OBSERVERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/observer.h"
#include "io/buffers.h"
#include "io/energy.h"
#include "io/placement.h"
#include "io/results.h"

/* Each one is off when NULL (false). */
struct nb_observers {
	struct nb_cycle_log *log;            /* cycle timers */
	struct nb_placement_log *placement;  /* with sampled: what it samples */
	struct nb_sampled *sampled;
	FILE *spikes;                        /* each cycle's spikes */
	bool progress;                       /* nb_progress_update after each cycle */
	struct nb_energy *energy;            /* RAPL over the sim phase */
};

/* The hook that feeds them (o must outlive its use). */
struct nb_observer nb_observers_hook(struct nb_observers *o);
/* The sim phase begins and ends (every rank, outside parallel regions). */
void nb_observers_begin(struct nb_observers *o);
void nb_observers_end(struct nb_observers *o);

/* A cycle log for `cycles` cycles (its threads log not included): 0, or
 * -1 when out of memory. */
int nb_cycle_log_init(struct nb_cycle_log *log, size_t cycles);
void nb_cycle_log_free(struct nb_cycle_log *log);

#endif
