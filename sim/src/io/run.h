/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.h - what a finished nbsim run hands to the writer of its result
 * directory (results.h): the run's facts and this rank's cycle log. */
#ifndef NB_RUN_H
#define NB_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "engine/observer.h"
#include "io/context.h"
#include "io/energy.h"
#include "io/probe.h"
#include "io/tasknuma.h"
#include "io/thread-log.h"

/* This rank's cycle timers for the sim phase (presimulation excluded). */
struct nb_cycle_log {
	size_t cycles;                  /* same on every rank */
	double *cycle_s;                /* [cycles] wall time of each cycle */
	double *phase_s[NB_PHASE_COUNT];/* [cycles] time in each phase */
	int64_t *spikes;                /* [cycles] spikes this rank emitted */
	struct nb_thread_log *threads;  /* each thread's own times, or NULL */
};

struct nb_placement_log;

struct nb_run {
	const char *model;
	double scale;
	uint64_t seed;
	json_t *params;                 /* model parameters; borrowed */
	int threads;
	uint64_t neurons, synapses;
	double dt_ms;
	int min_delay_steps;
	double t_presim_ms, t_sim_ms;
	double time_create_s, time_connect_s, time_presim_s, time_sim_s;
	size_t pops;                    /* populations */
	const char *const *pop_names;   /* [pops] */
	const double *pop_rates;        /* [pops] spikes/s over the sim phase, global */
	struct nb_node_probe start, end;/* this rank's node, around the sim phase */
	struct nb_task_numa own_start, own_end; /* this process's threads, same times */
	bool compressed_spikes;         /* NEST's use_compressed_spikes */
	const char *huge_pages;         /* --huge-pages */
	const struct nb_placement_log *placement;
	const struct nb_energy_facts *energy; /* this rank's reading, or NULL */
	struct nb_run_context context;  /* provenance, tags, disturbance */
};

#endif
