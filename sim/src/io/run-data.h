/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run-data.h - what rank 0 holds after nb_results_write has gathered every
 * rank's facts and cycle timers; read by the summary.json and timers.txt
 * writers (summary.c, timers.c). Internal to the result writer. */
#ifndef NB_RUN_DATA_H
#define NB_RUN_DATA_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "io/disturb.h"
#include "io/placement_out.h"
#include "io/probe.h"
#include "io/provenance.h"
#include "io/run.h"
#include "io/tasknuma.h"

#define NB_HOST_MAX 256
#define NB_BINDING_MAX 4096
#define NB_MEMPOLICY_MAX 64

/* Phase names as in the .npy file names and summary.json's "phases". */
extern const char *const nb_phase_names[NB_PHASE_COUNT];

/* One rank's facts, gathered to rank 0 as plain bytes. */
struct nb_rank_facts {
	char host[NB_HOST_MAX];
	char binding[NB_BINDING_MAX];
	char mempolicy[NB_MEMPOLICY_MAX];   /* the master thread's, at the end */
	uint64_t peak_rss;
	int numa_nodes;
	struct nb_node_probe start, end;
	struct nb_task_numa own_start, own_end;
	double phase_total[NB_PHASE_COUNT]; /* seconds over the sim phase */
	int64_t spikes;                     /* over the sim phase */
	int64_t anon_huge;                  /* AnonHugePages at the end, bytes; -1 unknown */
	struct nb_disturb_facts disturb;
	struct nb_prov_facts prov;
	struct nb_energy_facts energy;      /* NB_ENERGY_NOT_READER (0) when not read */
};

struct nb_run_data {
	const struct nb_run *run;           /* rank 0's */
	int ranks;
	const struct nb_rank_facts *rank;   /* [ranks] */
	size_t cycles;
	const double *cycle_s;              /* [ranks][cycles] */
	double time_create_s, time_connect_s, time_presim_s, time_sim_s;
	                                    /* max over ranks */
	double rtf, rtf_second_half;        /* NaN when undefined */
	const struct nb_placement_all *placement; /* every rank's samples */
};

/* The slowest rank's total of phase p, as NEST reports its timers. */
static inline double nb_phase_max(const struct nb_run_data *d, int p)
{
	double max = 0.0;

	for (int r = 0; r < d->ranks; r++)
		if (d->rank[r].phase_total[p] > max)
			max = d->rank[r].phase_total[p];
	return max;
}

/* The summary.json object (docs/design.md), or NULL when out of memory. */
json_t *nb_summary_build(const struct nb_run_data *d);
/* Adds "disturbance", "provenance" and "tags" to summary (summary-probes.c). */
void nb_summary_probes(const struct nb_run_data *d, json_t *summary);
/* summary.json's "energy" (summary-energy.c). */
json_t *nb_energy_json(const struct nb_run_data *d);
/* Writes the beNNch-style "key value" timer log. 0, or -1 with a message. */
int nb_timers_write(const char *path, const struct nb_run_data *d);

#endif
